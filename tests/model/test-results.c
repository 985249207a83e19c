/* test-results.c — IsleResults: the per-round table (R7 points, R9.2
 * coins, R9.3 hires) read from a game's history, and the verdict that
 * names what decided the game (R4.7, R9.4), held against the engine's own
 * `winner` over many random games of every variant. */
#include "config.h"

#include <string.h>

#include "isle-results.h"
#include "isle-rules-json.h"

#define MAX_GAME_ACTIONS 8192

static IsleGame *
new_game (IsleVariant variant, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  IsleGameSetup setup;
  IsleGame *game;

  memset (&setup, 0, sizeof setup);
  g_assert_true (isle_rules_load_standard (&setup.rules, &error));
  setup.variant = variant;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    setup.players[seat] = isle_player_spec_for ("beginner");
  game = isle_game_new_from_setup (&setup, seed, &error);
  g_assert_no_error (error);
  return game;
}

/* Plays GAME to its end with random legal actions (a playout's, replayed
 * through IsleGame so that its history holds them). */
static void
play_out (IsleGame *game, guint64 seed, unsigned flags)
{
  static IsleAction actions[MAX_GAME_ACTIONS];
  IsleState copy = *isle_game_get_state (game);
  IsleRng rng;
  int n;

  isle_rng_seed (&rng, seed);
  n = isle_state_playout_log (&copy, &rng, flags, actions, MAX_GAME_ACTIONS);
  for (int i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!isle_game_apply (game, actions[i], &error))
        g_error ("seed %" G_GUINT64_FORMAT ": action %d: %s", seed, i, error->message);
    }
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
}

/* R4.7, R9.2–R9.4: the table and verdict of one finished game agree with
 * its final state. */
static void
check_game (IsleGame *game, guint64 seed)
{
  const IsleState *s = isle_game_get_state (game);
  IsleResults results;
  int32_t sum[ISLE_N_SIDES] = { 0 }, spent[ISLE_N_SIDES] = { 0 };
  g_autofree char *verdict = NULL;
  g_autofree char *verdict_short = NULL;

  isle_results_compute (game, &results);
  if (results.winner != s->winner)
    g_error ("seed %" G_GUINT64_FORMAT ", variant %d: verdict's winner %d, engine's %d",
             seed, s->variant, results.winner, s->winner);
  g_assert_cmpint (results.n_rounds, ==, s->n_rounds);
  g_assert_cmpint (results.extra_rounds, ==, s->extra_rounds);
  for (int r = 0; r < results.n_rounds; r++)
    {
      const IsleResultsRound *row = &results.rounds[r];

      g_assert_cmpint (row->round, ==, r + 1);
      g_assert_cmpint (row->extra, ==, r + 1 > s->n_rounds - s->extra_rounds);
      if (s->variant == ISLE_VARIANT_BASIC)
        g_assert_cmpint (row->weather, ==, -1);
      else
        g_assert_cmpint (row->weather, ==, s->weather_kept[r]);
      for (int side = 0; side < ISLE_N_SIDES; side++)
        {
          sum[side] += row->points[side];
          spent[side] += row->hire_cost[side];
          if (!results.coins)
            {
              g_assert_cmpint (row->coins[side], ==, -1);
              g_assert_cmpint (row->hire_cost[side], ==, 0);
              continue;
            }
          /* R9.2, R9.3: coins after a round are those after the last, less
           * the hires before it, plus its points (R10: the Quick game's
           * starting coins left after hiring go back to the bank). */
          if (r == 0)
            g_assert_cmpint (row->coins[side], ==, row->points[side]);
          else
            g_assert_cmpint (row->coins[side], ==,
                             results.rounds[r - 1].coins[side] - row->hire_cost[side] + row->points[side]);
          if (row->hire_cost[side] > 0)
            {
              g_autofree char *hires = isle_results_hires_text (row, side);
              g_assert_nonnull (hires);
            }
        }
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_assert_cmpint (sum[side], ==, s->total[side]);
      if (results.coins)
        {
          g_assert_cmpint (spent[side], ==, isle_state_hired_cost (s, side));
          g_assert_cmpint (results.rounds[results.n_rounds - 1].coins[side], ==, s->coins[side]);
        }
    }
  verdict = isle_results_verdict (&results, -1);
  verdict_short = isle_results_verdict_short (&results, ISLE_SIDE_RED);
  g_assert_nonnull (verdict);
  g_assert_nonnull (verdict_short);
  /* R9.4: a game with coins is decided on coins, or says why not. */
  if (results.coins)
    g_assert_true (strstr (verdict, "coins") != NULL || strstr (verdict, "extra round") != NULL);
  else
    g_assert_nonnull (strstr (verdict, "points"));
}

/* R4.7, R9.4: over many random games of every variant, the verdict's
 * winner is the engine's, and the table adds up to the final state. */
static void
test_r9_4_verdict_agrees_with_engine (void)
{
  int n_decided[ISLE_RESULTS_DRAW + 1] = { 0 };

  for (int variant = ISLE_VARIANT_BASIC; variant <= ISLE_VARIANT_TEAM; variant++)
    for (guint64 seed = 1; seed <= 60; seed++)
      {
        g_autoptr (IsleGame) game = new_game ((IsleVariant) variant, seed);
        IsleResults results;

        /* Half the games hire nobody, so that ties on coins happen too. */
        play_out (game, seed * 7919, seed % 2 ? ISLE_PLAYOUT_NO_HIRING : 0);
        check_game (game, seed);
        isle_results_compute (game, &results);
        n_decided[results.decider]++;
      }
  g_test_message ("decided on points %d, points drawn %d, coins %d, hire cost %d, drawn %d",
                  n_decided[ISLE_RESULTS_POINTS], n_decided[ISLE_RESULTS_POINTS_DRAW],
                  n_decided[ISLE_RESULTS_COINS], n_decided[ISLE_RESULTS_HIRE_COST],
                  n_decided[ISLE_RESULTS_DRAW]);
  g_assert_cmpint (n_decided[ISLE_RESULTS_POINTS], >, 0);
  g_assert_cmpint (n_decided[ISLE_RESULTS_COINS], >, 0);
}

/* Only the rounds up to the game's position count: undo takes a round
 * back out of the table, and the verdict waits for the end. */
static void
test_results_follow_position (void)
{
  g_autoptr (IsleGame) game = new_game (ISLE_VARIANT_WEATHER, 5);
  IsleResults results;
  guint end;

  play_out (game, 11, 0);
  isle_results_compute (game, &results);
  g_assert_cmpint (results.n_rounds, ==, 2);
  end = isle_game_get_position (game);
  g_assert_true (isle_game_go_to (game, end - 1));
  isle_results_compute (game, &results);
  g_assert_cmpint (results.n_rounds, ==, 1);
  g_assert_cmpint (results.decider, ==, ISLE_RESULTS_GOING_ON);
  g_assert_null (isle_results_verdict (&results, -1));
  g_assert_true (isle_game_go_to (game, 0));
  isle_results_compute (game, &results);
  g_assert_cmpint (results.n_rounds, ==, 0);
}

/* R9.3: a hire shows in the row of the round it came before, with its
 * cost. */
static void
test_r9_3_hires_in_their_round (void)
{
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (IsleGame) game = new_game (ISLE_VARIANT_MERCENARY, seed);
      IsleResults results;

      play_out (game, seed, 0);
      isle_results_compute (game, &results);
      /* R9.3: nobody hires before round 1 of the Mercenary game. */
      g_assert_cmpint (results.rounds[0].hire_cost[0] + results.rounds[0].hire_cost[1], ==, 0);
      for (int r = 1; r < results.n_rounds; r++)
        for (int side = 0; side < ISLE_N_SIDES; side++)
          if (results.rounds[r].hire_cost[side] > 0)
            {
              g_autofree char *text = isle_results_hires_text (&results.rounds[r], side);
              g_autofree char *cost = g_strdup_printf ("(%d)", results.rounds[r].hire_cost[side]);

              g_assert_true (g_str_has_suffix (text, cost));
              return;
            }
    }
  g_assert_not_reached ();
}

static IsleResults
made_up (IsleResultsDecider decider, int winner)
{
  IsleResults r;

  memset (&r, 0, sizeof r);
  r.decider = decider;
  r.winner = winner;
  r.coins = decider >= ISLE_RESULTS_COINS;
  r.total[ISLE_SIDE_RED] = 55;
  r.total[ISLE_SIDE_BLUE] = 31;
  r.final_coins[ISLE_SIDE_RED] = 37;
  r.final_coins[ISLE_SIDE_BLUE] = 72;
  r.hired_cost[ISLE_SIDE_RED] = 45;
  r.hired_cost[ISLE_SIDE_BLUE] = 30;
  return r;
}

static void
assert_verdict (IsleResults r, int viewer, const char *expected)
{
  g_autofree char *text = isle_results_verdict (&r, viewer);

  g_assert_cmpstr (text, ==, expected);
}

/* R4.7, R9.4: each verdict names what decided it, for the sides or for
 * the one person playing the computer. */
static void
test_r9_4_verdict_sentences (void)
{
  IsleResults r;
  g_autofree char *s1 = NULL, *s2 = NULL;

  assert_verdict (made_up (ISLE_RESULTS_POINTS, ISLE_SIDE_RED), -1, "Red wins on points, 55 to 31.");
  assert_verdict (made_up (ISLE_RESULTS_POINTS, ISLE_SIDE_RED), ISLE_SIDE_RED, "You win on points, 55 to 31.");
  assert_verdict (made_up (ISLE_RESULTS_POINTS, ISLE_SIDE_RED), ISLE_SIDE_BLUE,
                  "The computer wins on points, 55 to 31.");
  r = made_up (ISLE_RESULTS_POINTS_DRAW, ISLE_N_SIDES);
  r.total[ISLE_SIDE_RED] = r.total[ISLE_SIDE_BLUE] = 40;
  assert_verdict (r, -1, "A draw on points, 40 each.");
  assert_verdict (made_up (ISLE_RESULTS_COINS, ISLE_SIDE_BLUE), -1, "Blue wins on coins, 72 to 37.");
  assert_verdict (made_up (ISLE_RESULTS_COINS, ISLE_SIDE_BLUE), ISLE_SIDE_BLUE, "You win on coins, 72 to 37.");
  assert_verdict (made_up (ISLE_RESULTS_COINS, ISLE_SIDE_BLUE), ISLE_SIDE_RED,
                  "The computer wins on coins, 72 to 37.");
  assert_verdict (made_up (ISLE_RESULTS_HIRE_COST, ISLE_SIDE_RED), -1,
                  "Tied on coins — Red wins on the cost of hired mercenaries, 45 to 30.");
  r = made_up (ISLE_RESULTS_DRAW, ISLE_N_SIDES);
  r.extra_rounds = 3;
  assert_verdict (r, -1, "A draw after 3 extra rounds.");
  r.extra_rounds = 1;
  assert_verdict (r, ISLE_SIDE_RED, "A draw after 1 extra round.");
  s1 = isle_results_verdict_short (&(IsleResults) { .decider = ISLE_RESULTS_COINS, .winner = ISLE_SIDE_RED },
                                   ISLE_SIDE_RED);
  g_assert_cmpstr (s1, ==, "You win on coins");
  s2 = isle_results_verdict_short (&(IsleResults) { .decider = ISLE_RESULTS_POINTS, .winner = ISLE_SIDE_BLUE },
                                   -1);
  g_assert_cmpstr (s2, ==, "Blue wins on points");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/results/r9_4_verdict_agrees_with_engine", test_r9_4_verdict_agrees_with_engine);
  g_test_add_func ("/results/follow_position", test_results_follow_position);
  g_test_add_func ("/results/r9_3_hires_in_their_round", test_r9_3_hires_in_their_round);
  g_test_add_func ("/results/r9_4_verdict_sentences", test_r9_4_verdict_sentences);
  return g_test_run ();
}
