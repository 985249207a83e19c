/* test-review.c — a game's decisions judged by the search (isle-review.h,
 * issue 29). Positions are R3 text. */
#include "config.h"

#include <glib.h>

#include "isle-review.h"
#include "isle-test-util.h"

/* Near the end of round 1 (R4.7): Red holds two Wolves, four tiles are
 * free. A Wolf at d6 finishes Red's line of four with its Pig (R5: 10
 * points), by far the best placement. */
static void
near_end_position (IsleState *s)
{
  isle_test_state (s, ISLE_VARIANT_BASIC, isle_test_near_end_board, "WW", "WW",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
}

/* R5: the placement that makes the line is the best; one that leaves it
 * to the next turn, where Blue may block it, gives away some of Red's
 * chance: at least an inaccuracy, the worst a mistake. Each is measured
 * by a search of its own (the search of the position hardly tries them). */
static void
test_review_labels_the_missed_line (void)
{
  IsleState s;
  IsleActionList legal;
  IsleReviewMove best, move;
  char text[32];
  int mistakes = 0;

  near_end_position (&s);
  g_assert_true (isle_review_move (&s, isle_test_action (&s, "place rW d6"), ISLE_REVIEW_NORMAL, 1, NULL, &best));
  g_assert_cmpint (best.seat, ==, ISLE_SIDE_RED);
  g_assert_cmpint (best.round, ==, 1);
  g_assert_cmpint (best.label, ==, ISLE_REVIEW_BEST);
  g_assert_cmpuint (best.best, ==, best.action);
  g_assert_cmpfloat (best.before, ==, best.after);
  g_assert_cmpfloat (best.before, >, 0.5);
  isle_state_legal_actions (&s, &legal);
  for (int i = 0; i < legal.n; i++)
    {
      if (legal.actions[i] == best.action)
        continue;
      g_assert_true (isle_review_move (&s, legal.actions[i], ISLE_REVIEW_NORMAL, 1, NULL, &move));
      g_test_message ("%s: %.3f -> %.3f, label %d, %u visits",
                      isle_action_format (&s, legal.actions[i], text), move.before, move.after,
                      move.label, move.visits);
      g_assert_cmpstr (isle_action_format (&s, move.best, text), ==, "place rW d6");
      g_assert_cmpuint (move.visits, >=, 100);
      g_assert_cmpfloat (move.after, <, move.before);
      g_assert_cmpint (move.label, >=, ISLE_REVIEW_INACCURACY);
      mistakes += move.label >= ISLE_REVIEW_MISTAKE;
    }
  g_assert_cmpint (mistakes, >=, 1);
}

/* A loss near the line between an inaccuracy and a mistake (a point
 * given away, a chance of 0.07) is measured again with seven times the
 * simulations (doc/ai.md, "Game review"): every decision measured once
 * is clear of it, and each spent either the first search and one pair of
 * measurements or that and a second pair. */
/* Round 1 of the Basic game half played (R4): Red to place a Rat or a
 * Bear, most placements giving away a point or two (R7.1). */
static const char middle_board[] =
  ".  .  rW .  .  .\n"
  ".  .  rW bW .  .\n"
  ".  bW rP rP bW .\n"
  ".  rW bP bW rW .\n"
  "bB .  rW bW .  .\n"
  ".  .  .  rB bW .\n";

static void
test_review_measures_near_the_line_again (void)
{
  IsleState s;
  IsleActionList legal;
  IsleReviewMove move;
  uint32_t n = isle_review_simulations (ISLE_REVIEW_FAST), once = n + n, again = once + 7 * n;
  int measured_again = 0;

  isle_test_state (&s, ISLE_VARIANT_BASIC, middle_board, "RBR", "WRB", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  isle_state_legal_actions (&s, &legal);
  for (int i = 0; i < legal.n; i++)
    {
      char text[32];
      g_assert_true (isle_review_move (&s, legal.actions[i], ISLE_REVIEW_FAST, 3, NULL, &move));
      g_test_message ("%s: %.3f -> %.3f, %.2f points, %u simulations",
                      isle_action_format (&s, legal.actions[i], text), move.before, move.after, move.points,
                      move.iterations);
      if (move.best == move.action)
        {
          g_assert_cmpuint (move.iterations, <=, n);
          continue;
        }
      g_assert_true (move.iterations <= once || (move.iterations > once && move.iterations <= again));
      if (move.iterations > once)
        {
          measured_again++;
          continue;
        }
      g_assert_true (move.points <= 0.0 || move.points >= 2.3);
      g_assert_true (move.before - move.after <= 0.04 || move.before - move.after >= 0.10);
    }
  g_test_message ("%d of %d decisions measured again", measured_again, legal.n);
  g_assert_cmpint (measured_again, >=, 1);
}

/* The same decision and seed give the same judgement; a decision with
 * one legal action is not judged; an illegal action is refused. */
static void
test_review_is_repeatable (void)
{
  IsleState s;
  IsleReviewMove a, b;

  near_end_position (&s);
  g_assert_true (isle_review_move (&s, isle_test_action (&s, "place rW e6"), ISLE_REVIEW_FAST, 7, NULL, &a));
  g_assert_true (isle_review_move (&s, isle_test_action (&s, "place rW e6"), ISLE_REVIEW_FAST, 7, NULL, &b));
  g_assert_cmpfloat (a.before, ==, b.before);
  g_assert_cmpfloat (a.after, ==, b.after);
  g_assert_cmpint (a.label, ==, b.label);
  g_assert_false (isle_review_move (&s, 0, ISLE_REVIEW_FAST, 7, NULL, &a));
}

/* The thresholds (doc/ai.md, "Game review"), and the only action. */
static void
test_review_label_thresholds (void)
{
  g_assert_cmpint (isle_review_label (0.30, 1, FALSE), ==, ISLE_REVIEW_ONLY);
  g_assert_cmpint (isle_review_label (0.00, 5, TRUE), ==, ISLE_REVIEW_BEST);
  g_assert_cmpint (isle_review_label (0.005, 5, FALSE), ==, ISLE_REVIEW_BEST);
  g_assert_cmpint (isle_review_label (0.034, 5, FALSE), ==, ISLE_REVIEW_BEST);
  g_assert_cmpint (isle_review_label (0.035, 5, FALSE), ==, ISLE_REVIEW_GOOD);
  g_assert_cmpint (isle_review_label (0.049, 5, FALSE), ==, ISLE_REVIEW_GOOD);
  g_assert_cmpint (isle_review_label (0.05, 5, FALSE), ==, ISLE_REVIEW_INACCURACY);
  g_assert_cmpint (isle_review_label (0.069, 5, FALSE), ==, ISLE_REVIEW_INACCURACY);
  g_assert_cmpint (isle_review_label (0.07, 5, FALSE), ==, ISLE_REVIEW_MISTAKE);
  g_assert_cmpint (isle_review_label (0.119, 5, FALSE), ==, ISLE_REVIEW_MISTAKE);
  g_assert_cmpint (isle_review_label (0.12, 5, FALSE), ==, ISLE_REVIEW_BLUNDER);
  g_assert_cmpint (isle_review_label (0.40, 5, FALSE), ==, ISLE_REVIEW_BLUNDER);
}

/* Points given away count beside the chance from 0.8 on (doc/ai.md,
 * "Game review"): about a point is a mistake however little the chance
 * moves, as in a game all but decided, 6 (more than a line of four,
 * R7.1) a blunder; less counts nothing; the chance lost counts
 * when it is the more. */
static void
test_review_points_count (void)
{
  g_assert_cmpfloat (isle_review_lost (0.98, 0.97, 0.0), ==, 0.98 - 0.97);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.98, 0.97, 0.8), 5, FALSE), ==, ISLE_REVIEW_MISTAKE);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.98, 0.97, 5.9), 5, FALSE), ==, ISLE_REVIEW_MISTAKE);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.02, 0.02, 6.0), 5, FALSE), ==, ISLE_REVIEW_BLUNDER);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.50, 0.49, 0.7), 5, FALSE), ==, ISLE_REVIEW_BEST);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.50, 0.46, 0.7), 5, FALSE), ==, ISLE_REVIEW_GOOD);
  g_assert_cmpint (isle_review_label (isle_review_lost (0.50, 0.30, 1.0), 5, FALSE), ==, ISLE_REVIEW_BLUNDER);
  /* Points the chosen action measured ahead of the best lose nothing. */
  g_assert_cmpint (isle_review_label (isle_review_lost (0.50, 0.50, -4.0), 5, FALSE), ==, ISLE_REVIEW_BEST);
  g_assert_cmpfloat (isle_review_accuracy (isle_review_lost (0.9, 0.9, 6.0)), <,
                     isle_review_accuracy (isle_review_lost (0.9, 0.9, 3.0)));
}

/* The search's value as a chance to win (doc/ai.md, "Game review"): in
 * every variant it rises with the value and stays strictly between 0 and
 * 1; the team game's, not measured, is the value itself. */
static void
test_review_chance (void)
{
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    {
      double last = 0.0;

      for (double value = 0.0; value <= 1.0; value += 0.05)
        {
          double chance = isle_review_chance ((IsleVariant) v, value);

          g_assert_cmpfloat (chance, >, 0.0);
          g_assert_cmpfloat (chance, <, 1.0);
          g_assert_cmpfloat (chance, >=, last);
          last = chance;
        }
      g_assert_cmpfloat (isle_review_chance ((IsleVariant) v, 0.9), >, isle_review_chance ((IsleVariant) v, 0.1));
    }
  for (double value = 0.1; value < 0.95; value += 0.2)
    g_assert_cmpfloat_with_epsilon (isle_review_chance (ISLE_VARIANT_TEAM, value), value, 1e-9);
}

/* Accuracy: 100 for nothing lost, falling with the loss, never below 0;
 * a seat's summary counts its own decisions only, and one blunder pulls
 * its accuracy well below the mean. */
static void
test_review_accuracy (void)
{
  IsleReviewMove moves[6] = { 0 };
  IsleReviewSummary summary;

  g_assert_cmpfloat (isle_review_accuracy (isle_review_lost (0.6, 0.6, 0.0)), >, 99.9);
  g_assert_cmpfloat (isle_review_accuracy (isle_review_lost (0.6, 0.7, 0.0)), >, 99.9);
  g_assert_cmpfloat (isle_review_accuracy (isle_review_lost (0.6, 0.5, 0.0)), <,
                     isle_review_accuracy (isle_review_lost (0.6, 0.55, 0.0)));
  g_assert_cmpfloat (isle_review_accuracy (isle_review_lost (1.0, 0.0, 0.0)), ==, 0.0);
  for (int i = 0; i < 6; i++)
    {
      moves[i].seat = i % 2;
      moves[i].before = moves[i].after = 0.5;
      moves[i].label = ISLE_REVIEW_BEST;
    }
  moves[2].after = 0.1;
  moves[2].label = ISLE_REVIEW_BLUNDER;
  moves[4].label = ISLE_REVIEW_ONLY;
  isle_review_summarize (moves, 6, 0, &summary);
  g_assert_cmpint (summary.counts[ISLE_REVIEW_BEST], ==, 1);
  g_assert_cmpint (summary.counts[ISLE_REVIEW_BLUNDER], ==, 1);
  g_assert_cmpint (summary.counts[ISLE_REVIEW_ONLY], ==, 1);
  g_assert_cmpint (summary.judged, ==, 2);
  g_assert_cmpfloat (summary.accuracy, <, (100.0 + isle_review_accuracy (0.4)) / 2.0);
  isle_review_summarize (moves, 6, 1, &summary);
  g_assert_cmpint (summary.counts[ISLE_REVIEW_BEST], ==, 3);
  g_assert_cmpfloat (summary.accuracy, >, 99.9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/r5-labels-the-missed-line", test_review_labels_the_missed_line);
  g_test_add_func ("/review/is-repeatable", test_review_is_repeatable);
  g_test_add_func ("/review/label-thresholds", test_review_label_thresholds);
  g_test_add_func ("/review/points-count", test_review_points_count);
  g_test_add_func ("/review/measures-near-the-line-again", test_review_measures_near_the_line_again);
  g_test_add_func ("/review/accuracy", test_review_accuracy);
  g_test_add_func ("/review/chance", test_review_chance);
  return g_test_run ();
}
