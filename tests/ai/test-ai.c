/* test-ai.c — the built-in computer players: legal moves in every variant,
 * observation-only input (R12), limits and cancellation. */
#include <string.h>

#include "isle-ai.h"
#include "isle-test-util.h"

static const IsleVariant variants[] = {
  ISLE_VARIANT_BASIC, ISLE_VARIANT_WEATHER, ISLE_VARIANT_MERCENARY,
  ISLE_VARIANT_QUICK, ISLE_VARIANT_TEAM,
};

/* Plays a whole game of VARIANT with LEVEL in every seat; every choice must
 * be legal. Searches are held to a few simulations to keep the test fast. */
static void
play_with (const IsleAiLevel *level, IsleVariant variant, uint64_t seed)
{
  IsleRules rules;
  IsleState s;
  IsleAiLimits limits = { 40, NULL, NULL };
  int decisions = 0;

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (&s, &rules, variant, (int) (seed & 1), seed));
  while (!isle_state_is_terminal (&s))
    {
      IsleObservation obs;
      IsleAiStats stats;
      IsleAction a;
      char text[32];

      isle_state_observe (&s, isle_state_to_move (&s), &obs);
      a = level->choose (level, &obs, &limits, seed * 1000 + (uint64_t) decisions, &stats);
      if (!isle_state_is_legal (&s, a))
        g_error ("%s chose an illegal action “%s” in the %s game", level->id,
                 isle_action_format (&s, a, text), isle_variant_id (variant));
      g_assert_true (isle_state_apply (&s, a));
      g_assert_cmpuint (stats.iterations, <=, 40);
      g_assert_cmpint (++decisions, <, 4000);
    }
}

static void
test_ai_every_level_plays_every_variant (void)
{
  int n;
  const IsleAiLevel *levels = isle_ai_levels (&n);

  g_assert_cmpint (n, >=, 5);
  for (int i = 0; i < n; i++)
    for (gsize v = 0; v < G_N_ELEMENTS (variants); v++)
      for (uint64_t seed = 1; seed <= 2; seed++)
        play_with (&levels[i], variants[v], seed);
}

/* SIDE's points less the other side's on BOARD (R7). */
static int32_t
margin_on (const IsleState *s, const IsleBoard *board, IsleSide side)
{
  int32_t points[ISLE_N_SIDES];

  isle_board_score (board, s->rules.line_score, points, NULL);
  return points[side] - points[1 - side];
}

/* What placing A changes on the map for the placer: the points it makes
 * at once less those it hands the other side (R5, R7), on the map as it is
 * (the round not scored yet). */
static int32_t
placement_gain (const IsleState *s, IsleAction a)
{
  IsleState after = *s;
  IsleSide side = isle_seat_side (s->to_move);

  g_assert_true (isle_state_apply (&after, a));
  if (after.round != s->round || isle_state_is_terminal (&after))
    return margin_on (s, &after.scored_board, side) - margin_on (s, &s->board, side);
  return margin_on (s, &after.board, side) - margin_on (s, &s->board, side);
}

/* R5, R7: the Beginner plays like a person new to the game, not like a
 * random generator: over 20 games against Easy it loses nearly all, and it
 * never makes a placement a beginner would call absurd — one that hands
 * the other side a line or breaks its own (3 points or more lost at once)
 * when the same token could have gone where it loses nothing, on a map it
 * can see. (Every token of a pile is placed in the round, R4.6, so playing
 * a spy now rather than later is a matter of timing, not absurd.) */
static void
test_ai_beginner_plausible (void)
{
  const IsleAiLevel *beginner = isle_ai_find ("beginner"), *easy = isle_ai_find ("easy");
  IsleRules rules;
  int beginner_wins = 0, placements = 0, absurd = 0;

  isle_test_standard_rules (&rules);
  for (uint64_t game = 0; game < 20; game++)
    {
      IsleState s;
      int beginner_seat = (int) (game & 1);

      g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, 0, 77 + game));
      for (uint64_t step = 0; !isle_state_is_terminal (&s); step++)
        {
          int seat = isle_state_to_move (&s);
          const IsleAiLevel *level = seat == beginner_seat ? beginner : easy;
          IsleObservation obs;
          IsleAction a;

          isle_state_observe (&s, seat, &obs);
          a = level->choose (level, &obs, NULL, game * 100000 + step, NULL);
          /* In Foggy weather the tokens lie face down (R6.4): what a
           * placement hands over is not there to be seen. */
          if (level == beginner && s.phase == ISLE_PHASE_PLACE && s.weather != ISLE_WEATHER_FOGGY)
            {
              IsleActionList list;
              int32_t best = INT32_MIN, chosen = placement_gain (&s, a);
              char text[32];

              isle_state_legal_actions (&s, &list);
              for (int i = 0; i < list.n; i++)
                if (isle_action_kind (list.actions[i]) == isle_action_kind (a))
                  best = MAX (best, placement_gain (&s, list.actions[i]));
              placements++;
              if (chosen <= -3 && best >= 0)
                {
                  absurd++;
                  g_test_message ("game %d: %s loses %d points at once, when the token could gain %d",
                                  (int) game, isle_action_format (&s, a, text), -chosen, best);
                }
            }
          g_assert_true (isle_state_apply (&s, a));
        }
      beginner_wins += s.winner == isle_seat_side (beginner_seat);
    }
  g_test_message ("beginner: %d wins in 20 games, %d absurd placements in %d", beginner_wins,
                  absurd, placements);
  g_assert_cmpint (absurd, ==, 0);
  g_assert_cmpint (beginner_wins, <=, 2);
}

static void
test_ai_registry (void)
{
  const char *ids[] = { "beginner", "easy", "medium", "hard", "expert" };
  int n, last = -1;
  const IsleAiLevel *levels = isle_ai_levels (&n);

  g_assert_cmpint (n, ==, G_N_ELEMENTS (ids));
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const IsleAiLevel *level = isle_ai_find (ids[i]);
      g_assert_true (level == &levels[i]);
      g_assert_cmpstr (level->id, ==, ids[i]);
      g_assert_nonnull (level->old_id);
      g_assert_nonnull (level->name);
      g_assert_nonnull (level->description);
    }
  g_assert_null (isle_ai_find ("deep-blue"));
  g_assert_null (isle_ai_find (NULL));
  /* Gentlest first. */
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (levels[i].strength, >, last);
      last = levels[i].strength;
    }
  /* The strongest level thinks for at most a second (issue target). */
  g_assert_cmpfloat (isle_ai_find ("expert")->seconds, <=, 1.0);
}

/* The old ids are aliases of the level each always was, forever: old
 * "ismcts:easy" is Medium, not the new "easy". */
static void
test_ai_old_ids_find_their_level (void)
{
  static const struct { const char *old_id, *id, *name; } aliases[] = {
    { "random", "beginner", "Beginner" },
    { "greedy", "easy", "Easy" },
    { "ismcts:easy", "medium", "Medium" },
    { "ismcts:medium", "hard", "Hard" },
    { "ismcts:hard", "expert", "Expert" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (aliases); i++)
    {
      const IsleAiLevel *level = isle_ai_find (aliases[i].old_id);

      g_assert_nonnull (level);
      g_assert_true (level == isle_ai_find (aliases[i].id));
      g_assert_cmpstr (level->id, ==, aliases[i].id);
      g_assert_cmpstr (level->old_id, ==, aliases[i].old_id);
      g_assert_cmpstr (level->name, ==, aliases[i].name);
    }
  /* Each old id names the level a player chose, played as that level
   * plays now (issue 22's ladder): instinct below, search above. */
  g_assert_true (isle_ai_find ("random")->choose == isle_ai_instinct);
  g_assert_true (isle_ai_find ("greedy")->choose == isle_ai_instinct);
  g_assert_true (isle_ai_find ("ismcts:easy")->choose == isle_ai_ismcts);
  g_assert_cmpuint (isle_ai_find ("ismcts:easy")->iterations, <, isle_ai_find ("ismcts:medium")->iterations);
  g_assert_cmpuint (isle_ai_find ("ismcts:hard")->iterations, ==, 0);
  g_assert_null (isle_ai_find ("ismcts:expert"));
  g_assert_null (isle_ai_find ("Easy"));
}

/* R12: a player's only input is an observation. Two states that differ in
 * what the observer may not see give the same observation, and so the same
 * choice from the same seed. */
static void
test_ai_r12_sees_only_the_observation (void)
{
  IsleState s, t;
  IsleObservation a, b;
  const char *ids[] = { "beginner", "easy", "medium" };
  IsleAiLimits limits = { 200, NULL, NULL };

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_face_down_nw_board,
                   "WWRRB", "WWPPB", ISLE_SIDE_RED, ISLE_WEATHER_FOGGY);
  t = s;
  /* Blue's hidden facts change: its face-down Rat is a Pig, a Pig of its
   * hand is a Rat, and its pile is reshuffled. */
  t.board.cells[isle_cell_from_name ("b1")].kind = ISLE_KIND_PIG;
  isle_board_set_colour (&t.board, isle_cell_from_name ("b1"), ISLE_COLOUR_BLUE);
  t.hand[1][2] = ISLE_KIND_RAT;
  isle_rng_shuffle (&t.rng, t.pile[1], t.pile_len[1]);
  isle_state_observe (&s, ISLE_SIDE_RED, &a);
  isle_state_observe (&t, ISLE_SIDE_RED, &b);
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const IsleAiLevel *level = isle_ai_find (ids[i]);
      IsleAction x = level->choose (level, &a, &limits, 77, NULL);
      IsleAction y = level->choose (level, &b, &limits, 77, NULL);
      g_assert_cmpuint (x, ==, y);
      g_assert_true (isle_state_is_legal (&s, x));
    }
}

static int stop_calls;

static bool
stop_at_once (void *data)
{
  (void) data;
  stop_calls++;
  return true;
}

/* A search ends as soon as its caller says so (cancellation, deadline). */
static void
test_ai_ismcts_stops_when_told (void)
{
  IsleRules rules;
  IsleState s;
  IsleObservation obs;
  IsleAiStats stats;
  const IsleAiLevel *expert = isle_ai_find ("expert");
  IsleAiLimits limits = { 0, stop_at_once, NULL };
  IsleAction a;

  isle_test_standard_rules (&rules);
  rules.opening_hand = ISLE_OPENING_DEAL;
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 5));
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
  isle_state_observe (&s, s.to_move, &obs);
  stop_calls = 0;
  a = expert->choose (expert, &obs, &limits, 1, &stats);
  g_assert_cmpint (stop_calls, ==, 1);
  g_assert_cmpuint (stats.iterations, ==, 0);
  g_assert_true (isle_state_is_legal (&s, a));
}

/* A search runs exactly the simulations it is allowed. */
static void
test_ai_ismcts_iteration_limit (void)
{
  IsleRules rules;
  IsleState s;
  IsleObservation obs;
  IsleAiStats stats;
  const IsleAiLevel *hard = isle_ai_find ("hard");
  IsleAiLimits limits = { 123, NULL, NULL };

  isle_test_standard_rules (&rules);
  rules.opening_hand = ISLE_OPENING_DEAL;
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 5));
  isle_state_observe (&s, s.to_move, &obs);
  hard->choose (hard, &obs, &limits, 1, &stats);
  g_assert_cmpuint (stats.iterations, ==, 123);
  g_assert_cmpuint (stats.nodes, <=, 124);
  g_assert_cmpuint (stats.nodes, >, 1);
}

/* One-ply greed: a line of 4 with a Pig beats a scattered placement. */
static void
test_ai_greedy_takes_the_points (void)
{
  IsleState s;
  IsleObservation obs;
  const IsleAiLevel *easy = isle_ai_find ("easy");
  char text[32];

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "rW rP rW .  bW bW\n"
                   "bW .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n",
                   "WWWRB", "WWWPR", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  /* d1 makes a1–d1 (5 × 2 = 10) and blocks Blue's row. */
  g_assert_cmpstr (isle_action_format (&s, easy->choose (easy, &obs, NULL, 3, NULL), text),
                   ==, "place rW d1");
}

/* The evaluation of the searching levels (isle_ai_evaluate()), near the
 * end of round 1: Red holds two Wolves, Blue two, four tiles are free. A
 * Wolf at d6 finishes Red's a6–d6 line of four with its Pig (10 points),
 * by far the best placement. */
static void
near_end_position (IsleState *s)
{
  isle_test_state (s, ISLE_VARIANT_BASIC, isle_test_near_end_board, "WW", "WW",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
}

/* Every searching level evaluates; the instinct levels say they do not. */
static void
test_ai_evaluate_levels (void)
{
  int n;
  const IsleAiLevel *levels = isle_ai_levels (&n);
  IsleState s;
  IsleObservation obs;
  IsleAiEvaluation eval;
  IsleAiLimits limits = { 50, NULL, NULL, NULL };

  near_end_position (&s);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  for (int i = 0; i < n; i++)
    {
      bool searches = levels[i].choose == isle_ai_ismcts;

      g_assert_true ((levels[i].evaluate != NULL) == searches);
      g_assert_true (isle_ai_evaluate (&levels[i], &obs, &limits, 1, &eval) == searches);
    }
  g_assert_false (isle_ai_evaluate (NULL, &obs, &limits, 1, &eval));
}

/* The obviously winning placement ranks first, with the highest value;
 * every legal action is listed once; visits add up to the simulations;
 * values lie in 0..1 (or -1 unvisited) and the root's between them. */
static void
test_ai_evaluate_ranks_the_winning_move (void)
{
  IsleState s;
  IsleObservation obs;
  IsleAiEvaluation eval;
  IsleActionList legal;
  IsleAiLimits limits = { 1500, NULL, NULL, NULL };
  const IsleAiLevel *hard = isle_ai_find ("hard");
  uint32_t visits = 0;
  double lo = 2, hi = -1;
  char text[32];

  near_end_position (&s);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  g_assert_true (isle_ai_evaluate (hard, &obs, &limits, 3, &eval));
  isle_state_legal_actions (&s, &legal);
  g_assert_cmpint (eval.n_actions, ==, legal.n);
  g_assert_cmpstr (isle_action_format (&s, eval.actions[0].action, text), ==, "place rW d6");
  for (int i = 0; i < eval.n_actions; i++)
    {
      const IsleAiActionValue *v = &eval.actions[i];

      g_assert_true (isle_state_is_legal (&s, v->action));
      for (int j = 0; j < i; j++)
        g_assert_cmpuint (eval.actions[j].action, !=, v->action);
      if (i > 1)
        g_assert_cmpuint (eval.actions[i - 1].visits, >=, v->visits);
      visits += v->visits;
      if (v->visits == 0)
        {
          g_assert_cmpfloat (v->value, ==, -1.0);
          continue;
        }
      g_assert_cmpfloat (v->value, >=, 0.0);
      g_assert_cmpfloat (v->value, <=, 1.0);
      lo = MIN (lo, v->value);
      hi = MAX (hi, v->value);
      if (i > 0)
        g_assert_cmpfloat (v->value, <, eval.actions[0].value);
    }
  /* The search may stop early once its choice is settled. */
  g_assert_cmpuint (eval.stats.iterations, >, 0);
  g_assert_cmpuint (eval.stats.iterations, <=, 1500);
  g_assert_cmpuint (visits, ==, eval.stats.iterations);
  g_assert_cmpfloat (eval.value, >=, lo);
  g_assert_cmpfloat (eval.value, <=, hi);
}

/* A review's search (IsleAiLimits.measure and .only): restricted to one
 * poor move, every simulation begins with it and none with the best;
 * measuring, the search runs all its simulations even once its choice is
 * plain. */
static void
test_ai_evaluate_measures_one_move (void)
{
  IsleState s;
  IsleObservation obs;
  IsleAiEvaluation eval;
  IsleAction poor = 0, best = 0;
  IsleAiLimits limits = { .max_iterations = 1000, .measure = true };
  const IsleAiLevel *hard = isle_ai_find ("hard");

  near_end_position (&s);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  g_assert_true (isle_action_parse (&s, "place rW e6", &poor));
  g_assert_true (isle_action_parse (&s, "place rW d6", &best));
  g_assert_true (isle_ai_evaluate (hard, &obs, &limits, 5, &eval));
  g_assert_cmpuint (eval.stats.iterations, ==, 1000);
  g_assert_cmpuint (eval.actions[0].action, ==, best);
  limits.only = &poor;
  limits.n_only = 1;
  g_assert_true (isle_ai_evaluate (hard, &obs, &limits, 5, &eval));
  g_assert_cmpuint (eval.stats.iterations, ==, 1000);
  g_assert_cmpuint (eval.actions[0].action, ==, poor);
  g_assert_cmpuint (eval.actions[0].visits, ==, 1000);
  for (int i = 1; i < eval.n_actions; i++)
    g_assert_cmpuint (eval.actions[i].visits, ==, 0);
}

/* The evaluation searches as choose() does: the same action for the same
 * seed, first in the list and first in the principal line, a few plies
 * into a Weather game. Near the end of round 1, where nothing is hidden
 * (the piles are empty, so each hand is what its side has not placed),
 * the line replays from the true state: each move legal, made by the seat
 * to move, visits never growing along it. */
static void
test_ai_evaluate_chooses_and_lines (void)
{
  static const char *const ids[] = { "medium", "hard", "expert" };
  IsleRules rules;
  IsleAiLimits limits = { 600, NULL, NULL, NULL };
  int replayed = 0;

  isle_test_standard_rules (&rules);
  for (gsize l = 0; l < G_N_ELEMENTS (ids); l++)
    for (uint64_t seed = 1; seed <= 3; seed++)
      {
        const IsleAiLevel *level = isle_ai_find (ids[l]);
        IsleState s, replay;
        IsleObservation obs;
        IsleAiEvaluation eval;
        IsleRng rng;

        g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, 0, seed));
        isle_rng_seed (&rng, seed);
        for (int i = 0; i < 12 && !isle_state_is_terminal (&s); i++)
          isle_state_apply (&s, isle_state_sample_action (&s, &rng));
        isle_state_observe (&s, s.to_move, &obs);
        g_assert_true (isle_ai_evaluate (level, &obs, &limits, seed, &eval));
        g_assert_cmpint (eval.n_actions, >, 1);
        g_assert_cmpuint (eval.actions[0].action, ==,
                          level->choose (level, &obs, &limits, seed, NULL));
        g_assert_cmpint (eval.line_len, >=, 1);
        g_assert_cmpuint (eval.line[0], ==, eval.actions[0].action);
        g_assert_cmpuint (eval.line_visits[0], ==, eval.actions[0].visits);

        near_end_position (&s);
        isle_state_observe (&s, ISLE_SIDE_RED, &obs);
        g_assert_true (isle_ai_evaluate (level, &obs, &limits, seed, &eval));
        replay = s;
        for (int i = 0; i < eval.line_len && replay.round == 1; i++)
          {
            g_assert_cmpuint (eval.line_visits[i], >, 0);
            if (i > 0)
              g_assert_cmpuint (eval.line_visits[i], <=, eval.line_visits[i - 1]);
            g_assert_cmpint (eval.line_seat[i], ==, isle_state_to_move (&replay));
            g_assert_true (isle_state_is_legal (&replay, eval.line[i]));
            isle_state_apply (&replay, eval.line[i]);
            replayed++;
          }
      }
  /* More than the first move of each line was checked. */
  g_assert_cmpint (replayed, >, 9 * 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/registry", test_ai_registry);
  g_test_add_func ("/ai/old-ids-find-their-level", test_ai_old_ids_find_their_level);
  g_test_add_func ("/ai/every_level_plays_every_variant", test_ai_every_level_plays_every_variant);
  g_test_add_func ("/ai/r12_sees_only_the_observation", test_ai_r12_sees_only_the_observation);
  g_test_add_func ("/ai/ismcts_stops_when_told", test_ai_ismcts_stops_when_told);
  g_test_add_func ("/ai/ismcts_iteration_limit", test_ai_ismcts_iteration_limit);
  g_test_add_func ("/ai/greedy_takes_the_points", test_ai_greedy_takes_the_points);
  g_test_add_func ("/ai/beginner_plausible", test_ai_beginner_plausible);
  g_test_add_func ("/ai/evaluate_measures_one_move", test_ai_evaluate_measures_one_move);
  g_test_add_func ("/ai/evaluate_levels", test_ai_evaluate_levels);
  g_test_add_func ("/ai/evaluate_ranks_the_winning_move", test_ai_evaluate_ranks_the_winning_move);
  g_test_add_func ("/ai/evaluate_chooses_and_lines", test_ai_evaluate_chooses_and_lines);
  return g_test_run ();
}
