/* test-solver.c — the puzzle solver (src/search/isle-solver.h): a won
 * position proven, a lost one refuted, against a plain minimax written
 * here; the proven first move; the node budget, should_stop() and a small
 * table. Positions are R3 text. */
#include <glib.h>

#include "isle-solver.h"
#include "isle-test-util.h"

/* An empty map, five tokens in each hand: far from any end. */
static void
opening_state (IsleState *s)
{
  isle_test_state (s, ISLE_VARIANT_BASIC, isle_test_empty_board, "WWPRB", "WWPRB",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
}

/* A goal: Red's lead when round 1 is scored is at least *DATA. */
static IsleSolveResult
lead_at_least (const IsleState *s, void *data)
{
  if (s->round > 1 || isle_state_is_terminal (s))
    return s->round_score[0][0] - s->round_score[0][1] >= *(const int *) data
           ? ISLE_SOLVE_WIN : ISLE_SOLVE_LOSS;
  return ISLE_SOLVE_UNKNOWN;
}

/* Red's lead with both sides at their best: plain minimax, no table. */
static int
minimax (const IsleState *s)
{
  IsleActionList list;
  int best = isle_state_to_move (s) == 0 ? G_MININT : G_MAXINT;

  if (s->round > 1 || isle_state_is_terminal (s))
    return s->round_score[0][0] - s->round_score[0][1];
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleState child = *s;
      int v;

      isle_state_apply (&child, list.actions[i]);
      v = minimax (&child);
      best = isle_state_to_move (s) == 0 ? MAX (best, v) : MIN (best, v);
    }
  return best;
}

/* Round 1 near its end (isle_test_near_end_board): Red holds two Wolves,
 * Blue two. */
static void
near_end_state (IsleState *s)
{
  isle_test_state (s, ISLE_VARIANT_BASIC, isle_test_near_end_board, "WW", "WW",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
}

/* Red's best lead is proven, one point more refuted, at every table
 * size: from 2 entries (emptied again and again) to the default. */
static void
test_solver_proves_and_refutes (void)
{
  static const size_t sizes[] = { 2, 64, 0 };
  IsleState s;
  int best, threshold;
  IsleSolverGoal goal = { 0, lead_at_least, &threshold };

  near_end_state (&s);
  best = minimax (&s);
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      IsleSolver *solver = isle_solver_new (&goal, sizes[i]);
      int depth = -1;

      g_assert_nonnull (solver);
      threshold = best;
      /* Four placements end the round: three plies prove nothing, and
       * what the table keeps of them does not stop a deeper search. The
       * solve's first ply decides nothing either, so it searches to the
       * deepest at once. */
      g_assert_cmpint (isle_solver_search (solver, &s, 3), ==, ISLE_SOLVE_UNKNOWN);
      g_assert_cmpint (isle_solver_solve (solver, &s, 400, &depth), ==, ISLE_SOLVE_WIN);
      g_assert_cmpint (depth, ==, 400);
      /* A proof holds at any depth. */
      g_assert_cmpint (isle_solver_search (solver, &s, 1), ==, ISLE_SOLVE_WIN);
      g_assert_false (isle_solver_stopped (solver));
      isle_solver_clear (solver);
      threshold = best + 1;
      g_assert_cmpint (isle_solver_solve (solver, &s, 400, &depth), ==, ISLE_SOLVE_LOSS);
      g_assert_cmpuint (isle_solver_nodes (solver), >, 0);
      isle_solver_free (solver);
    }
}

/* The proven first move keeps the best lead; a move that does not is
 * never the answer, and no move proves a goal out of reach. */
static void
test_solver_winning_action (void)
{
  IsleState s, child;
  IsleActionList list;
  int best, threshold, worse = 0;
  IsleSolverGoal goal = { 0, lead_at_least, &threshold };
  IsleSolver *solver = isle_solver_new (&goal, 0);
  IsleAction a;

  near_end_state (&s);
  best = threshold = minimax (&s);
  a = isle_solver_winning_action (solver, &s, 400);
  g_assert_cmpuint (a, !=, 0);
  child = s;
  isle_state_apply (&child, a);
  g_assert_cmpint (minimax (&child), ==, best);
  /* The position is a puzzle: some first move falls short. */
  isle_state_legal_actions (&s, &list);
  for (int i = 0; i < list.n; i++)
    {
      child = s;
      isle_state_apply (&child, list.actions[i]);
      worse += minimax (&child) < best;
    }
  g_assert_cmpint (worse, >, 0);
  /* Blue is not the goal's player: it has no winning action. */
  g_assert_cmpuint (isle_solver_winning_action (solver, &child, 400), ==, 0);
  isle_solver_clear (solver);
  threshold = best + 1;
  g_assert_cmpuint (isle_solver_winning_action (solver, &s, 400), ==, 0);
  isle_solver_free (solver);
}

/* An opening far from any end: a budget of 5 positions searches 5, and
 * the search says it does not know. */
static void
test_solver_node_budget (void)
{
  IsleState s;
  int threshold = 0;
  IsleSolverGoal goal = { 0, lead_at_least, &threshold };
  IsleSolverLimits limits = { 5, NULL, NULL };
  IsleSolver *solver = isle_solver_new (&goal, 0);

  opening_state (&s);
  isle_solver_set_limits (solver, &limits);
  g_assert_cmpint (isle_solver_solve (solver, &s, 400, NULL), ==, ISLE_SOLVE_UNKNOWN);
  g_assert_true (isle_solver_stopped (solver));
  g_assert_cmpuint (isle_solver_nodes (solver), ==, 5);
  /* New limits start a new search; the budget counts over the solver's
   * life, so 5 more are 10. */
  limits.max_nodes = 10;
  isle_solver_set_limits (solver, &limits);
  g_assert_false (isle_solver_stopped (solver));
  g_assert_cmpint (isle_solver_search (solver, &s, 400), ==, ISLE_SOLVE_UNKNOWN);
  g_assert_cmpuint (isle_solver_nodes (solver), ==, 10);
  isle_solver_free (solver);
}

/* Round 1 eight placements from its end (R4.6: the round ends when the
 * map is full), four tokens in each hand. */
static const char eight_to_go_board[] =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB .  .  rB bB\n"
  "rW bR .  .  .  bW\n"
  "rW rP bR .  .  .\n";

/* Deepening (R4.6: the goal is decided when the round is scored, eight
 * plies away): the solve proves the best lead and refutes one more in
 * about the positions a single search to the round's end takes, where
 * deepening a ply at a time took many times more. */
static void
test_solver_deepening (void)
{
  IsleState s;
  int best, threshold;
  IsleSolverGoal goal = { 0, lead_at_least, &threshold };

  isle_test_state (&s, ISLE_VARIANT_BASIC, eight_to_go_board, "WWRW", "WWWW", ISLE_SIDE_RED,
                   ISLE_WEATHER_SUNNY);
  best = minimax (&s);
  for (int more = 0; more < 2; more++)
    {
      IsleSolver *once = isle_solver_new (&goal, 0), *deepened = isle_solver_new (&goal, 0);
      IsleSolveResult expected = more == 0 ? ISLE_SOLVE_WIN : ISLE_SOLVE_LOSS;
      int depth = -1;

      threshold = best + more;
      g_assert_cmpint (isle_solver_search (once, &s, 8), ==, expected);
      g_assert_cmpint (isle_solver_solve (deepened, &s, 400, &depth), ==, expected);
      g_assert_cmpint (depth, >=, 8);
      g_test_message ("lead %d: one search %" G_GUINT64_FORMAT " positions, deepened %" G_GUINT64_FORMAT,
                      threshold, isle_solver_nodes (once), isle_solver_nodes (deepened));
      g_assert_cmpuint (isle_solver_nodes (deepened), <=, isle_solver_nodes (once) + 8);
      isle_solver_free (once);
      isle_solver_free (deepened);
    }
}

static bool
stop_at_once (void *data)
{
  (*(int *) data)++;
  return true;
}

/* should_stop() is asked every 1,024 positions, and true ends it there. */
static void
test_solver_should_stop (void)
{
  IsleState s;
  int threshold = 0, asked = 0;
  IsleSolverGoal goal = { 0, lead_at_least, &threshold };
  IsleSolverLimits limits = { 0, stop_at_once, &asked };
  IsleSolver *solver = isle_solver_new (&goal, 0);

  opening_state (&s);
  isle_solver_set_limits (solver, &limits);
  g_assert_cmpint (isle_solver_solve (solver, &s, 400, NULL), ==, ISLE_SOLVE_UNKNOWN);
  g_assert_true (isle_solver_stopped (solver));
  g_assert_cmpint (asked, ==, 1);
  g_assert_cmpuint (isle_solver_nodes (solver), ==, 1024);
  isle_solver_free (solver);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/proves-and-refutes", test_solver_proves_and_refutes);
  g_test_add_func ("/solver/winning-action", test_solver_winning_action);
  g_test_add_func ("/solver/node-budget", test_solver_node_budget);
  g_test_add_func ("/solver/deepening", test_solver_deepening);
  g_test_add_func ("/solver/should-stop", test_solver_should_stop);
  return g_test_run ();
}
