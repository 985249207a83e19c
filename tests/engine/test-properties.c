/* test-properties.c — properties over thousands of seeded random games of
 * every variant: Basic (R4), Weather (R6), Mercenary (R9), Quick (R10) and
 * Team (R11), with both values of every option. */
#include <string.h>

#include "isle-test-util.h"

#define N_GAMES 1500
/* A round makes at most 1 weather + 4 × 12 hiring + 20 picks + 36 × 4
 * placement steps (settle, hop, place, ability, replace) + 3 lifts
 * decisions; a game at most 16 rounds. */
#define MAX_DECISIONS 4000

typedef struct
{
  IsleVariant variant;
  IsleOpeningHand opening;
  IsleFogLift fog_lift;
} Config;

static const Config configs[] = {
  { ISLE_VARIANT_BASIC, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_BASIC, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_MERCENARY, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_MERCENARY, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_QUICK, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_TEAM, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_TEAM, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_FILLER },
};

static void
start (IsleState *s, const Config *c, uint64_t seed)
{
  IsleRules rules;

  isle_test_standard_rules (&rules);
  rules.opening_hand = c->opening;
  rules.fog_lift = c->fog_lift;
  /* R10: every weather kind in turn for the Quick game. */
  rules.quick_weather = (int32_t) (seed % ISLE_N_WEATHER);
  g_assert_true (isle_state_init (s, &rules, c->variant, (int) (seed & 1), seed));
}

/* Plays a game with a seeded random player, checking every step; returns
 * the final state and the actions taken. */
static int
play (const Config *c, uint64_t seed, IsleState *final, IsleAction *actions)
{
  IsleState s;
  IsleRng rng;
  IsleActionList list;
  int n = 0;

  start (&s, c, seed);
  isle_rng_seed (&rng, seed * 7919 + 1);
  while (!isle_state_is_terminal (&s))
    {
      int seat = isle_state_to_move (&s);
      IsleAction a;
      char text[32];
      IsleAction parsed;

      g_assert_cmpint (seat, >=, 0);
      g_assert_cmpint (n, <, MAX_DECISIONS);                 /* every game ends */
      isle_test_assert_conserved (&s);                       /* R1, R4.4 */
      g_assert_cmpint (s.coins[0], >=, 0);                   /* R9.3 */
      g_assert_cmpint (s.coins[1], >=, 0);
      g_assert_cmpint (isle_state_legal_actions (&s, &list), >, 0);
      a = list.actions[isle_rng_below (&rng, (uint32_t) list.n)];
      /* Every legal action is legal by itself and has a text form that
       * parses back to it. */
      g_assert_true (isle_state_is_legal (&s, a));
      isle_action_format (&s, a, text);
      g_assert_true (isle_action_parse (&s, text, &parsed));
      g_assert_cmpuint (parsed, ==, a);
      /* R6.6: nothing is placed on fog. */
      if (isle_action_type (a) == ISLE_ACTION_PLACE)
        g_assert_false (s.board.fog & (UINT64_C (1) << isle_action_cell (a)));
      actions[n++] = a;
      g_assert_true (isle_state_apply (&s, a));
    }
  g_assert_cmpint (isle_state_to_move (&s), ==, -1);
  g_assert_cmpint (s.round, ==, s.n_rounds);
  g_assert_cmpint (s.n_rounds, <=, s.rules.rounds[c->variant] + s.rules.max_extra_rounds);
  isle_test_assert_conserved (&s);
  *final = s;
  return n;
}

/* Every game ends; tokens are conserved; hands never exceed 5; the winner
 * has the higher total (R4.7); a round's score is its scored map's score. */
static void
test_properties_random_games (void)
{
  IsleAction actions[MAX_DECISIONS];

  for (gsize c = 0; c < G_N_ELEMENTS (configs); c++)
    for (uint64_t seed = 0; seed < N_GAMES / G_N_ELEMENTS (configs) + 1; seed++)
      {
        IsleState final;
        int32_t totals[ISLE_N_SIDES];
        double returns[ISLE_MAX_SEATS];

        int32_t sum[ISLE_N_SIDES] = { 0, 0 }, spent[ISLE_N_SIDES] = { 0, 0 };
        int32_t deciding[ISLE_N_SIDES];

        play (&configs[c], seed, &final, actions);
        isle_board_score (&final.scored_board, final.rules.line_score, totals, NULL);
        g_assert_cmpint (totals[0], ==, final.round_score[final.round - 1][0]);
        g_assert_cmpint (totals[1], ==, final.round_score[final.round - 1][1]);
        for (int r = 0; r < final.round; r++)
          for (int side = 0; side < ISLE_N_SIDES; side++)
            sum[side] += final.round_score[r][side];
        g_assert_cmpint (final.total[0], ==, sum[0]);
        g_assert_cmpint (final.total[1], ==, sum[1]);
        /* R4.6: the scored map is full and fog-free, but for at most a tile
         * per Hippo: the one a settled Hippo left, or the two tiles a Hippo
         * still in hand needed next to each other (R8.9). */
        g_assert_cmpint (ISLE_N_CELLS - isle_popcount (final.scored_board.occupied), <=,
                         final.hired[0][ISLE_KIND_HIPPO] + final.hired[1][ISLE_KIND_HIPPO]);
        g_assert_cmpuint (final.scored_board.fog, ==, 0);
        /* R9.2, R9.3: coins are the round scores less what hiring cost
         * (R10: less the unspent starting coins too). */
        for (int side = 0; side < ISLE_N_SIDES; side++)
          for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
            spent[side] += final.hired[side][k] * final.rules.hire_cost[k];
        if (final.variant >= ISLE_VARIANT_MERCENARY && final.variant != ISLE_VARIANT_QUICK)
          for (int side = 0; side < ISLE_N_SIDES; side++)
            g_assert_cmpint (final.coins[side], ==, sum[side] - spent[side]);
        for (int side = 0; side < ISLE_N_SIDES; side++)
          deciding[side] = final.variant >= ISLE_VARIANT_MERCENARY ? final.coins[side] : final.total[side];
        isle_state_returns (&final, returns);
        if (deciding[0] > deciding[1])
          g_assert_cmpfloat (returns[0], ==, 1.0);
        else if (deciding[0] < deciding[1])
          g_assert_cmpfloat (returns[1], ==, 1.0);
        else if (final.variant < ISLE_VARIANT_MERCENARY || spent[0] == spent[1])
          g_assert_cmpfloat (returns[0], ==, 0.0);                 /* R9.4 */
        else
          g_assert_cmpfloat (returns[spent[0] > spent[1] ? 0 : 1], ==, 1.0);
        g_assert_cmpfloat (returns[0], ==, -returns[1]);
      }
}

/* The same seed and actions give the same game, byte for byte. */
static void
test_properties_replay_reproduces (void)
{
  IsleAction actions[MAX_DECISIONS];

  for (gsize c = 0; c < G_N_ELEMENTS (configs); c++)
    for (uint64_t seed = 1000; seed < 1100; seed++)
      {
        IsleState final, again;
        int n = play (&configs[c], seed, &final, actions);

        start (&again, &configs[c], seed);
        for (int i = 0; i < n; i++)
          g_assert_true (isle_state_apply (&again, actions[i]));
        g_assert_cmpmem (&final, sizeof final, &again, sizeof again);
      }
}

/* R12 at every step of random games: an observation leaks nothing (a state
 * with the other seat's hidden tokens redistributed looks the same), and
 * every determinization agrees with the observation and conserves tokens. */
static void
test_properties_observations (void)
{
  IsleRng rng;

  isle_rng_seed (&rng, 4242);
  for (gsize c = 0; c < G_N_ELEMENTS (configs); c++)
    for (uint64_t seed = 0; seed < 60; seed++)
      {
        IsleState s;
        IsleActionList list;

        start (&s, &configs[c], seed);
        while (!isle_state_is_terminal (&s))
          {
            for (int seat = 0; seat < s.n_seats; seat++)
              {
                IsleObservation obs, again;
                IsleState d, other;

                isle_state_observe (&s, seat, &obs);
                isle_obs_determinize (&obs, &rng, &d);
                isle_test_assert_conserved (&d);
                isle_state_observe (&d, seat, &again);
                g_assert_cmpmem (&obs, sizeof obs, &again, sizeof again);

                /* A second sample, seen from the seat, is a state whose
                 * hidden facts differ from the true ones: the observation
                 * must still be the same. */
                isle_obs_determinize (&obs, &rng, &other);
                isle_state_observe (&other, seat, &again);
                g_assert_cmpmem (&obs, sizeof obs, &again, sizeof again);
                /* Its own hand never changes in a determinization. */
                g_assert_cmpmem (d.hand[seat], sizeof d.hand[seat], s.hand[seat], sizeof s.hand[seat]);
                /* The legal actions of the seat to move are the same. */
                if (seat == s.to_move)
                  {
                    IsleActionList mine;
                    isle_state_legal_actions (&s, &list);
                    isle_state_legal_actions (&d, &mine);
                    g_assert_cmpint (list.n, ==, mine.n);
                    g_assert_cmpmem (list.actions, sizeof (IsleAction) * (gsize) list.n,
                                     mine.actions, sizeof (IsleAction) * (gsize) mine.n);
                  }
              }
            isle_state_legal_actions (&s, &list);
            g_assert_true (isle_state_apply (&s, list.actions[isle_rng_below (&rng, (uint32_t) list.n)]));
          }
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/properties/random_games_end_and_conserve", test_properties_random_games);
  g_test_add_func ("/properties/replay_reproduces", test_properties_replay_reproduces);
  g_test_add_func ("/properties/r12_observations_leak_nothing", test_properties_observations);
  return g_test_run ();
}
