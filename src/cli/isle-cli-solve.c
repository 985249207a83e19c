/* isle-cli-solve.c — `critter-isle-cli solve FILE.isle`: looks for a line of
 * play that meets a scenario's goal whatever the other seats do.
 *
 * An AND-OR search over the true state (doc/scenario-format.md "Solving"):
 * the user's decisions are OR nodes (one good choice is enough), every other
 * seat's decisions are AND nodes (every reply must still lose the fight for
 * the goal). Chance is no node: the engine draws it from the state's seeded
 * RNG, so the same seed gives the same chance. Iterative deepening by plies
 * with a transposition table; a clock ends it. With a proof, the line printed
 * is the proven strategy played against the scenario's own computer
 * opponent; without one, the best line found by playing games out.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-scenario.h"

/* Deepest iteration: a round has fewer decisions than this. */
#define MAX_DEPTH 400
/* Entries kept in the transposition table before it is cleared. */
#define MAX_ENTRIES (4u * 1024 * 1024)
/* Games played out when no proof is found. */
#define MAX_PLAYOUTS 200

enum
{
  UNKNOWN = 0,
  WIN = 1,
  LOSS = 2,
};

/* isle_state_key() of a position. */
typedef struct
{
  uint64_t h[2];
} Key;

typedef struct
{
  IsleScenario *scenario;
  IsleScenarioGoal goal;
  int player;
  int start_round;
  gint64 deadline;
  guint64 nodes;
  gboolean timed_out;
  GHashTable *table;      /* Key → result | depth << 2 */
} Solver;

static guint
key_hash (gconstpointer p)
{
  const Key *k = p;

  return (guint) (k->h[0] ^ (k->h[0] >> 32));
}

static gboolean
key_equal (gconstpointer p, gconstpointer q)
{
  const Key *a = p, *b = q;

  return a->h[0] == b->h[0] && a->h[1] == b->h[1];
}

/* Decided without scoring the map for a round goal still in play. */
static int
leaf (Solver *solver, const IsleState *s)
{
  gboolean over = isle_state_is_terminal (s);
  gboolean scored = s->round > solver->start_round || over;

  if (solver->goal.type == ISLE_GOAL_WIN_GAME || solver->goal.type == ISLE_GOAL_NONE)
    {
      if (!over)
        return UNKNOWN;
    }
  else if (!scored)
    return UNKNOWN;
  return isle_scenario_goal_status (solver->scenario, s, NULL) == ISLE_GOAL_MET ? WIN : LOSS;
}

static gboolean
decided (Solver *solver, const IsleState *s)
{
  return leaf (solver, s) != UNKNOWN;
}

static int
search (Solver *solver, const IsleState *s, int depth)
{
  IsleActionList list;
  gboolean or_node;
  gboolean unknown = FALSE;
  int result, r = leaf (solver, s);
  Key key, *stored;
  gpointer found;

  if (r != UNKNOWN)
    return r;
  if (depth <= 0 || solver->timed_out)
    return UNKNOWN;
  if ((++solver->nodes & 1023) == 0 && g_get_monotonic_time () > solver->deadline)
    {
      solver->timed_out = TRUE;
      return UNKNOWN;
    }
  isle_state_key (s, key.h);
  if (g_hash_table_lookup_extended (solver->table, &key, NULL, &found))
    {
      guint v = GPOINTER_TO_UINT (found);

      if ((v & 3) != UNKNOWN || (int) (v >> 2) >= depth)
        return (int) (v & 3);
    }

  or_node = isle_state_to_move (s) == solver->player;
  result = or_node ? LOSS : WIN;
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleState child = *s;

      isle_state_apply (&child, list.actions[i]);
      r = search (solver, &child, depth - 1);
      if (or_node && r == WIN)
        {
          result = WIN;
          break;
        }
      if (!or_node && r == LOSS)
        {
          result = LOSS;
          break;
        }
      if (r == UNKNOWN)
        unknown = TRUE;
      if (solver->timed_out)
        break;
    }
  /* OR: one win wins, all losses lose; AND: one loss loses, all wins
   * win; anything else is not known yet. */
  if (unknown && result == (or_node ? LOSS : WIN))
    result = UNKNOWN;
  if (solver->timed_out && result == UNKNOWN)
    return UNKNOWN;

  if (g_hash_table_size (solver->table) >= MAX_ENTRIES)
    g_hash_table_remove_all (solver->table);
  stored = g_new (Key, 1);
  *stored = key;
  g_hash_table_replace (solver->table, stored,
                        GUINT_TO_POINTER ((guint) result | ((guint) depth << 2)));
  return result;
}

/* The proven strategy against the scenario's opponent: the user's proven
 * choices, the opponent's own. */
static GPtrArray *
proven_line (Solver *solver, const IsleState *start, IsleCliPlayer *opponent,
             IsleState *end)
{
  GPtrArray *line = g_ptr_array_new_with_free_func (g_free);
  IsleState s = *start;

  while (!decided (solver, &s) && !isle_state_is_terminal (&s))
    {
      IsleAction chosen = 0;
      char text[32];

      if (isle_state_to_move (&s) == solver->player)
        {
          IsleActionList list;

          isle_state_legal_actions (&s, &list);
          for (int i = 0; i < list.n && chosen == 0; i++)
            {
              IsleState child = s;

              isle_state_apply (&child, list.actions[i]);
              if (search (solver, &child, MAX_DEPTH) == WIN)
                chosen = list.actions[i];
            }
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
simulated_line (Solver *solver, const IsleState *start, const char *opponent_spec,
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
      int side = isle_seat_side (solver->player), margin;
      int32_t now[ISLE_N_SIDES];

      isle_cli_player_parse (tries[game % G_N_ELEMENTS (tries)], &me, seed + (guint64) game * 2, NULL);
      isle_cli_player_parse (opponent_spec, &them, seed + (guint64) game * 2 + 1, NULL);
      while (!decided (solver, &s) && !isle_state_is_terminal (&s))
        {
          IsleCliPlayer *p = isle_state_to_move (&s) == solver->player ? &me : &them;
          IsleAction a = isle_cli_player_choose (p, &s, NULL, NULL);
          char text[32];

          g_ptr_array_add (line, g_strdup (isle_action_format (&s, a, text)));
          isle_state_apply (&s, a);
        }
      isle_cli_player_clear (&me);
      isle_cli_player_clear (&them);
      if (leaf (solver, &s) == WIN)
        margin = G_MAXINT;
      else
        {
          int r = MIN (solver->start_round, s.round) - 1;

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
  Solver solver = { 0 };
  gint64 began;
  int result = UNKNOWN, depth = 0;
  const char *name;
  IsleGoalStatus status;
  double took;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("The user's decisions are OR nodes and every other seat's AND nodes: a proof holds "
      "against every reply. The answer is “yes” when a proof is found, “no” when the goal "
      "cannot be forced or no proof was found in time."));
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
  solver.scenario = scenario;
  isle_scenario_get_goal (scenario, &solver.goal);
  if (solver.goal.type == ISLE_GOAL_NONE)
    {
      g_printerr (_("%s: goal: the scenario has no goal to solve for\n"), name);
      return ISLE_CLI_CANNOT_RUN;
    }
  solver.player = isle_scenario_get_player (scenario);
  solver.start_round = isle_scenario_get_start (scenario) ? isle_scenario_get_start (scenario)->round : 1;
  solver.table = g_hash_table_new_full (key_hash, key_equal, g_free, NULL);
  began = g_get_monotonic_time ();
  solver.deadline = began + (gint64) (seconds * G_USEC_PER_SEC);

  for (depth = 1; depth <= MAX_DEPTH && result == UNKNOWN && !solver.timed_out; depth++)
    result = search (&solver, &start, depth);
  depth--;

  if (!isle_cli_player_parse (isle_scenario_get_opponent (scenario), &opponent,
                              isle_scenario_get_seed (scenario) ^ UINT64_C (0x5eed), &error))
    {
      g_printerr ("%s: opponent: %s\n", name, error->message);
      g_hash_table_unref (solver.table);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (result == WIN)
    {
      solver.timed_out = FALSE;
      solver.deadline = G_MAXINT64;
      line = proven_line (&solver, &start, &opponent, &end);
    }
  else
    line = simulated_line (&solver, &start, isle_scenario_get_opponent (scenario),
                           isle_scenario_get_seed (scenario),
                           g_get_monotonic_time () + (gint64) (MIN (seconds, 10.0) * G_USEC_PER_SEC),
                           &end);
  took = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  status = isle_scenario_goal_status (scenario, &end, &sentence);
  isle_cli_player_clear (&opponent);
  g_hash_table_unref (solver.table);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autofree char *goal = isle_scenario_describe_goal (scenario);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "goal");
      json_builder_add_string_value (b, goal);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, result == WIN ? "proven" : result == LOSS ? "impossible" : "unknown");
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, took);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) solver.nodes);
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
      if (result == WIN)
        printf (_("%s: proven in %.2f s (%llu positions, %d plies): the goal is met "
                  "against every reply.\n"), name, took, (unsigned long long) solver.nodes, depth);
      else if (result == LOSS)
        printf (_("%s: no line of play meets the goal against every reply (%.2f s, %llu "
                  "positions).\n"), name, took, (unsigned long long) solver.nodes);
      else
        printf (_("%s: not proven within %.0f s (%llu positions); the best line "
                  "found by playing games out:\n"), name, seconds, (unsigned long long) solver.nodes);
      if (result == WIN)
        printf ("%s\n", _("Against the scenario's opponent:"));
      for (guint i = 0; line != NULL && i < line->len; i++)
        printf ("  %s\n", (char *) g_ptr_array_index (line, i));
      printf ("%s\n", sentence);
    }
  return result == WIN ? ISLE_CLI_OK : ISLE_CLI_NO;
}
