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
#include "isle-puzzle-proof.h"
#include "isle-scenario.h"

/* Games played out when no proof is found. */
#define MAX_PLAYOUTS 200
/* The most a proven move is searched for, once the goal is proven. */
#define MOVE_SECONDS 30.0

/* The scenario's goal, as the model's proof judges it
 * (isle-puzzle-proof.h). */
typedef struct
{
  IsleScenarioGoal goal;
  int player;
  int start_round;
} Goal;

static gboolean
decided (const Goal *g, const IsleState *s, gboolean *met)
{
  return isle_proof_decided (&g->goal, g->player, g->start_round, s, met);
}

/* The proven strategy against the scenario's opponent: the user's proven
 * choices, the opponent's own. */
static GPtrArray *
proven_line (Goal *goal, const IsleState *start, IsleCliPlayer *opponent, IsleState *end)
{
  GPtrArray *line = g_ptr_array_new_with_free_func (g_free);
  IsleState s = *start;

  while (!decided (goal, &s, NULL) && !isle_state_is_terminal (&s))
    {
      IsleAction chosen = 0;
      char text[32];

      if (isle_state_to_move (&s) == goal->player)
        {
          chosen = isle_proof_winning_move (&goal->goal, goal->player, goal->start_round, &s, MOVE_SECONDS);
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
      gboolean met = FALSE;
      int32_t now[ISLE_N_SIDES];

      isle_cli_player_parse (tries[game % G_N_ELEMENTS (tries)], &me, seed + (guint64) game * 2, NULL);
      isle_cli_player_parse (opponent_spec, &them, seed + (guint64) game * 2 + 1, NULL);
      while (!decided (goal, &s, NULL) && !isle_state_is_terminal (&s))
        {
          IsleCliPlayer *p = isle_state_to_move (&s) == goal->player ? &me : &them;
          IsleAction a = isle_cli_player_choose (p, &s, NULL, NULL);
          char text[32];

          g_ptr_array_add (line, g_strdup (isle_action_format (&s, a, text)));
          isle_state_apply (&s, a);
        }
      isle_cli_player_clear (&me);
      isle_cli_player_clear (&them);
      if (decided (goal, &s, &met) && met)
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

/* IsleProofAnswer as JSON spells it. */
static const char *const answer_ids[] = { "undecided", "proven", "impossible" };

/* The best the user can force, as a sentence, or NULL when not known. */
static char *
describe_best (const Goal *goal, const IsleProof *proof)
{
  IsleScenarioGoal best = goal->goal;
  g_autofree char *text = NULL;
  int least, most;

  if (!proof->has_best)
    return NULL;
  isle_proof_value_range (goal->goal.type, &least, &most);
  if (proof->best < least)
    return g_strdup (_("No value of the goal can be met against every reply."));
  best.value = proof->best;
  text = isle_goal_describe (&best);
  if (proof->best_exact)
    /* Translators: %s is a goal: "Win this round by at least 42 points." */
    return g_strdup_printf (_("The best the player can force: %s"), text);
  /* Translators: %s is a goal; the clock ended the search for a better one. */
  return g_strdup_printf (_("The player can force at least this (the clock ended the search for more): %s"), text);
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
  g_autoptr (IsleProof) proof = NULL;
  g_autoptr (GArray) working = NULL;
  IsleCliPlayer opponent;
  IsleState start, end;
  Goal goal = { 0 };
  gint64 began;
  IsleProofAnswer result;
  const char *name;
  IsleGoalStatus status;
  double took;

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
  isle_scenario_get_goal (scenario, &goal.goal);
  if (goal.goal.type == ISLE_GOAL_NONE)
    {
      g_printerr (_("%s: goal: the scenario has no goal to solve for\n"), name);
      return ISLE_CLI_CANNOT_RUN;
    }
  goal.player = isle_scenario_get_player (scenario);
  goal.start_round = isle_scenario_get_start (scenario) ? isle_scenario_get_start (scenario)->round : 1;
  if (!isle_cli_player_parse (isle_scenario_get_opponent (scenario), &opponent,
                              isle_scenario_get_seed (scenario) ^ UINT64_C (0x5eed), &error))
    {
      g_printerr ("%s: opponent: %s\n", name, error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  began = g_get_monotonic_time ();
  /* On every processor; the best result looked for within the same
   * clock. */
  proof = isle_proof_run (&goal.goal, goal.player, goal.start_round, &start, TRUE, seconds, 0, NULL);
  result = proof->answer;
  working = isle_proof_working (proof);
  if (result == ISLE_PROOF_PROVEN)
    line = proven_line (&goal, &start, &opponent, &end);
  else
    /* The closest line found by playing games out: for a quarter of a
     * second after a refutation, which is the answer; longer when
     * undecided. */
    line = simulated_line (&goal, &start, isle_scenario_get_opponent (scenario),
                           isle_scenario_get_seed (scenario),
                           g_get_monotonic_time ()
                           + (gint64) (MIN (seconds, result == ISLE_PROOF_REFUTED ? 0.25 : 10.0) * G_USEC_PER_SEC),
                           &end);
  took = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  status = isle_scenario_goal_status (scenario, &end, &sentence);
  isle_cli_player_clear (&opponent);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autofree char *goal_text = isle_scenario_describe_goal (scenario);
      g_autofree char *best_text = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "goal");
      json_builder_add_string_value (b, goal_text);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, answer_ids[result]);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, took);
      json_builder_set_member_name (b, "search_seconds");
      json_builder_add_double_value (b, proof->seconds);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) proof->nodes);
      /* The user's first decisions, each proven, impossible or
       * undecided. */
      json_builder_set_member_name (b, "first_moves");
      json_builder_begin_array (b);
      for (guint i = 0; i < proof->first->len; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "move");
          json_builder_add_string_value (b, g_ptr_array_index (proof->first_texts, i));
          json_builder_set_member_name (b, "result");
          json_builder_add_string_value (b, answer_ids[g_array_index (proof->first_answers, IsleProofAnswer, i)]);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "best");
      if (proof->has_best)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "value");
          json_builder_add_int_value (b, proof->best);
          json_builder_set_member_name (b, "exact");
          json_builder_add_boolean_value (b, proof->best_exact);
          IsleScenarioGoal best = goal.goal;
          int least, most;

          /* No goal in words when no value can be met. */
          isle_proof_value_range (goal.goal.type, &least, &most);
          best.value = proof->best;
          best_text = proof->best >= least ? isle_goal_describe (&best) : NULL;
          json_builder_set_member_name (b, "goal");
          if (best_text != NULL)
            json_builder_add_string_value (b, best_text);
          else
            json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
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
      g_autofree char *best_text = describe_best (&goal, proof);

      if (result == ISLE_PROOF_PROVEN)
        printf (_("%s: proven in %.2f s (%llu positions): the goal is met against every "
                  "reply.\n"), name, proof->seconds, (unsigned long long) proof->nodes);
      else if (result == ISLE_PROOF_REFUTED)
        printf (_("%s: refuted in %.2f s (%llu positions): no line of play meets the goal "
                  "against every reply.\n"), name, proof->seconds, (unsigned long long) proof->nodes);
      else
        printf (_("%s: undecided: neither proven nor refuted within %g s (%llu positions).\n"),
                name, seconds, (unsigned long long) proof->nodes);
      if (proof->first->len > 0 && result != ISLE_PROOF_UNDECIDED)
        {
          g_autofree char *moves = isle_proof_working_text (proof, NULL);

          if (working->len == 0)
            printf (ngettext ("None of the %u first move works.\n", "None of the %u first moves works.\n",
                              proof->first->len), proof->first->len);
          else
            /* Translators: the first moves that keep the goal reachable,
             * of how many there are: "place rR f5 (1 of 3)". */
            printf (ngettext ("First moves that work: %s (%u of %u).\n",
                              "First moves that work: %s (%u of %u).\n", proof->first->len),
                    moves, working->len, proof->first->len);
        }
      if (best_text != NULL)
        printf ("%s\n", best_text);
      if (result == ISLE_PROOF_PROVEN)
        printf ("%s\n", _("Against the scenario's opponent:"));
      else if (result == ISLE_PROOF_REFUTED)
        printf ("%s\n", _("The closest line found by playing games out:"));
      else
        printf ("%s\n", _("The best line found by playing games out:"));
      for (guint i = 0; line != NULL && i < line->len; i++)
        printf ("  %s\n", (char *) g_ptr_array_index (line, i));
      printf ("%s\n", sentence);
    }
  return result == ISLE_PROOF_PROVEN ? ISLE_CLI_OK : result == ISLE_PROOF_REFUTED ? ISLE_CLI_NO : ISLE_CLI_UNDECIDED;
}
