/* isle-cli-solve.c — `critter-isle-cli solve FILE.isle`: looks for a line of
 * play that meets a scenario's goal whatever the other seats do.
 *
 * An AND-OR search over the true state (doc/scenario-format.md "Solving"):
 * the user's decisions are OR nodes (one good choice is enough), every other
 * seat's decisions are AND nodes (every reply must still lose the fight for
 * the goal). Chance is no node: the engine draws it from the state's seeded
 * RNG, so the same seed gives the same chance. Deepened by doubling the
 * plies, with a transposition table; a clock ends it. The search is the
 * solver of src/search/isle-solver.h; the scenario's goal is judged here.
 * Three answers: proven (the line printed is the proven strategy played
 * against the scenario's own computer opponent), refuted, or undecided
 * when the clock ends first (then, and after a refutation, the closest
 * line found by playing games out).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-scenario.h"
#include "isle-solver.h"

/* Deepest iteration: a round has fewer decisions than this. */
#define MAX_DEPTH 400
/* Games played out when no proof is found. */
#define MAX_PLAYOUTS 200

/* The scenario's goal for the solver (src/search/isle-solver.h). */
typedef struct
{
  IsleScenario *scenario;
  IsleScenarioGoal goal;
  int player;
  int start_round;
  gint64 deadline;
} Goal;

/* Decided without scoring the map for a round goal still in play. */
static IsleSolveResult
judge (const IsleState *s, void *data)
{
  const Goal *g = data;
  gboolean over = isle_state_is_terminal (s);
  gboolean scored = s->round > g->start_round || over;

  if (g->goal.type == ISLE_GOAL_WIN_GAME || g->goal.type == ISLE_GOAL_NONE)
    {
      if (!over)
        return ISLE_SOLVE_UNKNOWN;
    }
  else if (!scored)
    return ISLE_SOLVE_UNKNOWN;
  return isle_scenario_goal_status (g->scenario, s, NULL) == ISLE_GOAL_MET
         ? ISLE_SOLVE_WIN : ISLE_SOLVE_LOSS;
}

static gboolean
decided (Goal *g, const IsleState *s)
{
  return judge (s, g) != ISLE_SOLVE_UNKNOWN;
}

static bool
past_deadline (void *data)
{
  const Goal *g = data;

  return g_get_monotonic_time () > g->deadline;
}

/* The proven strategy against the scenario's opponent: the user's proven
 * choices, the opponent's own. */
static GPtrArray *
proven_line (IsleSolver *solver, Goal *goal, const IsleState *start,
             IsleCliPlayer *opponent, IsleState *end)
{
  GPtrArray *line = g_ptr_array_new_with_free_func (g_free);
  IsleState s = *start;

  while (!decided (goal, &s) && !isle_state_is_terminal (&s))
    {
      IsleAction chosen = 0;
      char text[32];

      if (isle_state_to_move (&s) == goal->player)
        {
          chosen = isle_solver_winning_action (solver, &s, MAX_DEPTH);
          if (chosen == 0)
            break;
        }
      else
        chosen = isle_cli_player_choose (opponent, &s, NULL, NULL);
      g_ptr_array_add (line, g_strdup (isle_action_format (&s, chosen, text)));
      isle_state_apply (&s, chosen);
    }
  *end = s;
  return line;
}

/* Without a proof: games played out, the user's seat by a few players in
 * turn and the others by the scenario's opponent; the first line that meets
 * the goal, else the one that comes closest. */
static GPtrArray *
simulated_line (Goal *goal, const IsleState *start, const char *opponent_spec,
                guint64 seed, gint64 deadline, IsleState *end)
{
  static const char *const tries[] = { "easy", "medium", "beginner" };
  GPtrArray *best = NULL;
  int best_margin = G_MININT;

  for (int game = 0; game < MAX_PLAYOUTS && (game == 0 || g_get_monotonic_time () < deadline); game++)
    {
      IsleCliPlayer me, them;
      GPtrArray *line = g_ptr_array_new_with_free_func (g_free);
      IsleState s = *start;
      int side = isle_seat_side (goal->player), margin;
      int32_t now[ISLE_N_SIDES];

      isle_cli_player_parse (tries[game % G_N_ELEMENTS (tries)], &me, seed + (guint64) game * 2, NULL);
      isle_cli_player_parse (opponent_spec, &them, seed + (guint64) game * 2 + 1, NULL);
      while (!decided (goal, &s) && !isle_state_is_terminal (&s))
        {
          IsleCliPlayer *p = isle_state_to_move (&s) == goal->player ? &me : &them;
          IsleAction a = isle_cli_player_choose (p, &s, NULL, NULL);
          char text[32];

          g_ptr_array_add (line, g_strdup (isle_action_format (&s, a, text)));
          isle_state_apply (&s, a);
        }
      isle_cli_player_clear (&me);
      isle_cli_player_clear (&them);
      if (judge (&s, goal) == ISLE_SOLVE_WIN)
        margin = G_MAXINT;
      else
        {
          int r = MIN (goal->start_round, s.round) - 1;

          now[0] = s.round_score[r][0];
          now[1] = s.round_score[r][1];
          margin = now[side] - now[1 - side];
        }
      if (margin > best_margin)
        {
          if (best != NULL)
            g_ptr_array_unref (best);
          best = line;
          best_margin = margin;
          *end = s;
        }
      else
        g_ptr_array_unref (line);
      if (margin == G_MAXINT)
        break;
    }
  return best;
}

int
isle_cli_solve (int argc, char **argv)
{
  double seconds = 30.0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "time", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, N_("Search for at most S seconds (default 30)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("FILE.isle — find a line of play that meets a scenario's goal"));
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (GPtrArray) line = NULL;
  g_autofree char *sentence = NULL;
  IsleCliPlayer opponent;
  IsleState start, end;
  Goal goal = { 0 };
  IsleSolverGoal solver_goal = { 0, judge, &goal };
  IsleSolverLimits limits = { 0, past_deadline, &goal };
  IsleSolver *solver;
  gint64 began;
  IsleSolveResult result;
  int depth = 0;
  guint64 nodes;
  const char *name;
  IsleGoalStatus status;
  double took, solved;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("The user's decisions are OR nodes and every other seat's AND nodes: a proof holds "
      "against every reply. The answer is “yes” when a proof is found, “no” when the goal "
      "is proven impossible to force, and undecided when the clock ends first."));
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (argc != 2)
    {
      g_printerr ("%s\n", _("critter-isle-cli solve: expected one .isle file"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!(seconds > 0.0 && seconds <= 86400.0))
    {
      g_printerr ("%s\n", _("critter-isle-cli solve: --time: expected seconds from 0 to 86400"));
      return ISLE_CLI_CANNOT_RUN;
    }
  name = isle_cli_input_name (argv[1]);
  if ((scenario = isle_cli_load_scenario (argv[1], &error)) == NULL
      || !isle_scenario_build_start (scenario, 0, &start, &error))
    {
      g_printerr ("%s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  goal.scenario = scenario;
  isle_scenario_get_goal (scenario, &goal.goal);
  if (goal.goal.type == ISLE_GOAL_NONE)
    {
      g_printerr (_("%s: goal: the scenario has no goal to solve for\n"), name);
      return ISLE_CLI_CANNOT_RUN;
    }
  goal.player = isle_scenario_get_player (scenario);
  goal.start_round = isle_scenario_get_start (scenario) ? isle_scenario_get_start (scenario)->round : 1;
  solver_goal.player = goal.player;
  if ((solver = isle_solver_new (&solver_goal, 0)) == NULL)
    {
      g_printerr ("%s\n", _("critter-isle-cli solve: out of memory"));
      return ISLE_CLI_CANNOT_RUN;
    }
  began = g_get_monotonic_time ();
  goal.deadline = began + (gint64) (seconds * G_USEC_PER_SEC);
  isle_solver_set_limits (solver, &limits);
  result = isle_solver_solve (solver, &start, MAX_DEPTH, &depth);
  solved = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;

  if (!isle_cli_player_parse (isle_scenario_get_opponent (scenario), &opponent,
                              isle_scenario_get_seed (scenario) ^ UINT64_C (0x5eed), &error))
    {
      g_printerr ("%s: opponent: %s\n", name, error->message);
      isle_solver_free (solver);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (result == ISLE_SOLVE_WIN)
    {
      isle_solver_set_limits (solver, NULL);
      line = proven_line (solver, &goal, &start, &opponent, &end);
    }
  else
    /* The closest line found by playing games out: for a quarter of a
     * second after a refutation, which is the answer; longer when
     * undecided. */
    line = simulated_line (&goal, &start, isle_scenario_get_opponent (scenario),
                           isle_scenario_get_seed (scenario),
                           g_get_monotonic_time ()
                           + (gint64) (MIN (seconds, result == ISLE_SOLVE_LOSS ? 0.25 : 10.0) * G_USEC_PER_SEC),
                           &end);
  took = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  status = isle_scenario_goal_status (scenario, &end, &sentence);
  isle_cli_player_clear (&opponent);
  nodes = isle_solver_nodes (solver);
  isle_solver_free (solver);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autofree char *goal_text = isle_scenario_describe_goal (scenario);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "goal");
      json_builder_add_string_value (b, goal_text);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, result == ISLE_SOLVE_WIN ? "proven" : result == ISLE_SOLVE_LOSS ? "impossible" : "undecided");
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, took);
      json_builder_set_member_name (b, "search_seconds");
      json_builder_add_double_value (b, solved);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) nodes);
      json_builder_set_member_name (b, "depth");
      json_builder_add_int_value (b, depth);
      json_builder_set_member_name (b, "line");
      json_builder_begin_array (b);
      for (guint i = 0; line != NULL && i < line->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (line, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "goal_met");
      json_builder_add_boolean_value (b, status == ISLE_GOAL_MET);
      json_builder_set_member_name (b, "outcome");
      json_builder_add_string_value (b, sentence);
      json_builder_end_object (b);
      isle_cli_print_json (b, TRUE);
    }
  else
    {
      if (result == ISLE_SOLVE_WIN)
        printf (_("%s: proven in %.2f s (%llu positions): the goal is met against every "
                  "reply.\n"), name, solved, (unsigned long long) nodes);
      else if (result == ISLE_SOLVE_LOSS)
        printf (_("%s: refuted in %.2f s (%llu positions): no line of play meets the goal "
                  "against every reply. The closest line found by playing games out:\n"),
                name, solved, (unsigned long long) nodes);
      else
        printf (_("%s: undecided: neither proven nor refuted within %.0f s (%llu positions); "
                  "the best line found by playing games out:\n"), name, seconds, (unsigned long long) nodes);
      if (result == ISLE_SOLVE_WIN)
        printf ("%s\n", _("Against the scenario's opponent:"));
      for (guint i = 0; line != NULL && i < line->len; i++)
        printf ("  %s\n", (char *) g_ptr_array_index (line, i));
      printf ("%s\n", sentence);
    }
  return result == ISLE_SOLVE_WIN ? ISLE_CLI_OK : result == ISLE_SOLVE_LOSS ? ISLE_CLI_NO : ISLE_CLI_UNDECIDED;
}
