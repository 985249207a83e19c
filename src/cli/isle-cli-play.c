/* isle-cli-play.c — `critter-isle-cli play`: a whole game between computer
 * players, printed decision by decision with the round scores; `--json`
 * writes a record that `play --replay FILE` plays back and checks. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-game-record.h"
#include "isle-json.h"
#include "isle-notation.h"
#include "isle-scenario.h"

#define RECORD_FORMAT ISLE_GAME_RECORD_FORMAT
#define RECORD_VERSION ISLE_GAME_RECORD_VERSION

static const char *
seat_name (const IsleState *s, int seat)
{
  static const char *const two[] = { "red", "blue" };
  static const char *const four[] = { "red1", "blue1", "red2", "blue2" };

  return s->n_seats > 2 ? four[seat] : two[seat];
}

static const char *
winner_id (const IsleState *s)
{
  if (s->winner == ISLE_SIDE_RED)
    return "red";
  if (s->winner == ISLE_SIDE_BLUE)
    return "blue";
  return "draw";
}

/* Parses SPEC, one player or one per seat separated by commas (outside
 * quotes, as in tournament's --players); CANONICAL
 * gets the same list in canonical ids ("ismcts:hard" → "expert"). */
static gboolean
parse_players (const char *spec, IsleCliPlayer players[ISLE_MAX_SEATS], int n_seats,
               uint64_t seed, char **canonical, GError **error)
{
  g_auto (GStrv) names = isle_cli_split_players (spec);
  guint n = g_strv_length (names);
  g_autoptr (GString) list = g_string_new (NULL);

  if (n != 1 && n != (guint) n_seats)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--players “%s”: expected %d player names separated by commas"),
                   spec, n_seats);
      return FALSE;
    }
  for (int seat = 0; seat < n_seats; seat++)
    {
      /* Each seat's own stream, derived from the game's seed. */
      if (!isle_cli_player_parse (names[n == 1 ? 0 : seat], &players[seat],
                                  seed ^ (UINT64_C (0x2545f4914f6cdd1d) * (uint64_t) (seat + 1)),
                                  error))
        {
          for (int s = 0; s < seat; s++)
            isle_cli_player_clear (&players[s]);
          return FALSE;
        }
      if (seat < (int) n)
        g_string_append_printf (list, "%s%s", seat > 0 ? "," : "",
                                isle_player_spec_to_text (&players[seat].spec));
    }
  *canonical = g_string_free (g_steal_pointer (&list), FALSE);
  return TRUE;
}

static void
print_fog (const IsleState *s)
{
  g_autoptr (GString) open = g_string_new (NULL);

  printf ("  %s %s", _("weather:"), isle_weather_id ((IsleWeather) s->weather));
  if (s->board.fog == 0)
    {
      printf ("\n");
      return;
    }
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    if (!(s->board.fog & isle_quadrant_mask (q)))
      g_string_append_printf (open, " %s", isle_quadrant_id (q));
  printf (", %s%s\n", _("open:"), open->str);
}

static void
print_round_end (const IsleState *s, int round)
{
  char board[512];

  isle_board_format (&s->scored_board, board, sizeof board);
  printf (_("Round %d ends:\n"), round);
  printf ("%s", board);
  printf (_("Round %d score: Red %d, Blue %d\n"), round,
          s->round_score[round - 1][ISLE_SIDE_RED],
          s->round_score[round - 1][ISLE_SIDE_BLUE]);
  if (s->variant >= ISLE_VARIANT_MERCENARY)
    printf (_("Coins: Red %d, Blue %d\n"), s->coins[ISLE_SIDE_RED], s->coins[ISLE_SIDE_BLUE]);
}

/* R9.3: the hiring is revealed: who hired what. */
static void
print_hires (const IsleState *before, const IsleState *after)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_autoptr (GString) names = g_string_new (NULL);

      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        for (int n = before->hired[side][k]; n < after->hired[side][k]; n++)
          g_string_append_printf (names, " %s", isle_kind_info ((IsleKind) k)->name);
      printf ("  %s %s\n", side == ISLE_SIDE_RED ? _("Red hires:") : _("Blue hires:"),
              names->len ? names->str + 1 : _("nobody"));
    }
}

/* What the action did that no decision shows (R4.5, R8). */
static void
print_notes (const IsleState *s)
{
  if (s->note_no_target != ISLE_KIND_NONE)
    printf (_("  (the %s finds no target and does nothing)\n"),
            isle_kind_info ((IsleKind) s->note_no_target)->name);
  for (int seat = 0; seat < s->n_seats; seat++)
    if (s->note_skipped & (1u << seat))
      printf (_("  (%s has nothing to place and is skipped)\n"), seat_name (s, seat));
}

static void
print_result (const IsleState *s)
{
  if (s->variant >= ISLE_VARIANT_MERCENARY)
    printf (_("Coins: Red %d, Blue %d (hired for %d and %d) — "), s->coins[ISLE_SIDE_RED],
            s->coins[ISLE_SIDE_BLUE], isle_state_hired_cost (s, ISLE_SIDE_RED), isle_state_hired_cost (s, ISLE_SIDE_BLUE));
  else
    printf (_("Total: Red %d, Blue %d — "), s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
  if (s->winner == ISLE_SIDE_RED)
    printf ("%s\n", _("Red wins"));
  else if (s->winner == ISLE_SIDE_BLUE)
    printf ("%s\n", _("Blue wins"));
  else
    printf ("%s\n", _("a draw"));
}

static void
print_round_start (const IsleState *s)
{
  printf (_("Round %d\n"), s->round);
  /* The weather is already known when nobody chooses it (R6.1). */
  if (s->variant != ISLE_VARIANT_BASIC && s->phase != ISLE_PHASE_WEATHER
      && s->phase != ISLE_PHASE_HIRE)
    print_fog (s);
}

/* Applies ACTION and prints it (unless QUIET), with the round's weather and
 * end as they come. */
static void
step (IsleState *s, IsleAction action, gboolean quiet)
{
  char text[32];
  int seat = s->to_move;
  int round = s->round;
  IsleState before;

  isle_action_format (s, action, text);
  if (!quiet && s->n_actions == 0)
    print_round_start (s);
  memcpy (&before, s, sizeof before);
  isle_state_apply (s, action);
  if (quiet)
    return;
  /* R12: a hire stays secret until both sides are done. */
  if (isle_action_type (action) == ISLE_ACTION_HIRE)
    printf ("  %-6s %s\n", seat_name (s, seat), _("hires in secret"));
  else
    printf ("  %-6s %s\n", seat_name (s, seat), text);
  if (before.phase == ISLE_PHASE_HIRE && s->phase != ISLE_PHASE_HIRE)
    print_hires (&before, s);
  print_notes (s);
  if (isle_action_type (action) == ISLE_ACTION_KEEP
      || (before.phase == ISLE_PHASE_HIRE && s->phase != ISLE_PHASE_HIRE
          && s->phase != ISLE_PHASE_WEATHER))
    print_fog (s);
  if (s->round != round || isle_state_is_terminal (s))
    {
      print_round_end (s, round);
      if (isle_state_is_terminal (s))
        print_result (s);
      else
        print_round_start (s);
    }
}

static JsonNode *
record_to_json (const IsleState *final, const IsleRules *rules, IsleVariant variant,
                int first, uint64_t seed, const char *players, GPtrArray *actions)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, RECORD_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, RECORD_VERSION);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, isle_variant_id (variant));
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) seed);
  json_builder_set_member_name (b, "first");
  json_builder_add_string_value (b, first == 0 ? "red" : "blue");
  json_builder_set_member_name (b, "players");
  json_builder_add_string_value (b, players);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, isle_rules_to_json (rules));
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint i = 0; i < actions->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (actions, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (int r = 0; r < final->round; r++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "red");
      json_builder_add_int_value (b, final->round_score[r][ISLE_SIDE_RED]);
      json_builder_set_member_name (b, "blue");
      json_builder_add_int_value (b, final->round_score[r][ISLE_SIDE_BLUE]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "total");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "red");
  json_builder_add_int_value (b, final->total[ISLE_SIDE_RED]);
  json_builder_set_member_name (b, "blue");
  json_builder_add_int_value (b, final->total[ISLE_SIDE_BLUE]);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "coins");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "red");
  json_builder_add_int_value (b, final->coins[ISLE_SIDE_RED]);
  json_builder_set_member_name (b, "blue");
  json_builder_add_int_value (b, final->coins[ISLE_SIDE_BLUE]);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "winner");
  json_builder_add_string_value (b, winner_id (final));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Plays back a record: every action must be legal where it stands, and the
 * scores must come out as recorded. */
static int
replay (const char *path, gboolean quiet)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto (IsleGameRecord) record = { 0 };
  JsonObject *root;
  IsleState s;
  gsize length;
  const char *name = isle_cli_input_name (path);

  if (!isle_cli_read_input (path, &text, &length, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!isle_game_record_read (&record, text, (gssize) length, name, &error))
    {
      if (g_error_matches (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_PARSE))
        isle_cli_expect_format (error, text, length, RECORD_FORMAT);
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  root = record.root;
  if (!isle_state_init (&s, &record.rules, record.variant, record.first, record.seed))
    {
      g_printerr (_("critter-isle-cli: %s: field “variant”: expected basic, weather, mercenary, quick or team\n"), name);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!json_object_has_member (root, "total")
      || !JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "total")))
    {
      g_printerr (_("critter-isle-cli: %s: field “total”: expected an object with “red” and “blue”\n"), name);
      return ISLE_CLI_CANNOT_RUN;
    }
  for (guint i = 0; i < json_array_get_length (record.actions); i++)
    {
      IsleAction a;

      if (!isle_game_record_action (&record, i, &s, name, &a, &error))
        {
          g_printerr ("critter-isle-cli: %s\n", error->message);
          return ISLE_CLI_NO;
        }
      step (&s, a, quiet);
    }
  if (!isle_state_is_terminal (&s)
      || g_strcmp0 (json_object_get_string_member_with_default (root, "winner", ""), winner_id (&s)) != 0
      || json_object_get_int_member_with_default (json_object_get_object_member (root, "total"), "red", -1) != s.total[ISLE_SIDE_RED]
      || json_object_get_int_member_with_default (json_object_get_object_member (root, "total"), "blue", -1) != s.total[ISLE_SIDE_BLUE])
    {
      g_printerr (_("critter-isle-cli: %s: the replay does not reach the recorded result\n"), name);
      return ISLE_CLI_NO;
    }
  printf (_("Replay of %s: %u actions, the recorded result (Red %d, Blue %d) is reproduced\n"),
          name, json_array_get_length (record.actions), s.total[ISLE_SIDE_RED], s.total[ISLE_SIDE_BLUE]);
  return ISLE_CLI_OK;
}

/* `play --scenario FILE`: the scenario's start, the user's seat played by
 * PLAYERS (one spec, or one per seat), every other seat by the scenario's
 * opponent; to the end of the start round for a round goal, else to the
 * end of the game. Says whether the goal was met. */
static int
play_scenario (const char *path, const char *players_spec, gint64 seed, gboolean json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *sentence = NULL;
  g_auto (GStrv) specs = NULL;
  IsleCliPlayer players[ISLE_MAX_SEATS];
  IsleGoalStatus status;
  IsleState s;
  const char *name = isle_cli_input_name (path);
  int n_seats, user;

  if ((scenario = isle_cli_load_scenario (path, &error)) == NULL
      || !isle_scenario_build_start (scenario, seed < 0 ? 0 : (guint64) seed, &s, &error))
    {
      g_printerr ("%s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  n_seats = isle_scenario_get_n_seats (scenario);
  user = isle_scenario_get_player (scenario);
  specs = isle_cli_split_players (players_spec ? players_spec : "easy");
  if (g_strv_length (specs) != 1 && g_strv_length (specs) != (guint) n_seats)
    {
      g_printerr (_("critter-isle-cli play: --players “%s”: expected the user's player, or %d players separated by commas\n"),
                  players_spec, n_seats);
      return ISLE_CLI_CANNOT_RUN;
    }
  for (int seat = 0; seat < n_seats; seat++)
    {
      const char *spec = g_strv_length (specs) == 1
                         ? (seat == user ? specs[0] : isle_scenario_get_opponent (scenario))
                         : specs[seat];

      if (!isle_cli_player_parse (spec, &players[seat],
                                  (guint64) seed ^ (UINT64_C (0x2545f4914f6cdd1d) * (uint64_t) (seat + 1)),
                                  &error))
        {
          g_printerr ("critter-isle-cli: %s\n", error->message);
          for (int t = 0; t < seat; t++)
            isle_cli_player_clear (&players[t]);
          return ISLE_CLI_CANNOT_RUN;
        }
    }

  if (!json)
    {
      g_autofree char *goal = isle_scenario_describe_goal (scenario);

      printf (_("%s — %s game, you are %s. %s\n"),
              isle_scenario_get_title (scenario) ? isle_scenario_get_title (scenario) : name,
              isle_variant_id (isle_scenario_get_variant (scenario)),
              seat_name (&s, user), goal);
    }
  while ((status = isle_scenario_goal_status (scenario, &s, NULL)) == ISLE_GOAL_IN_PROGRESS
         && !isle_state_is_terminal (&s))
    {
      IsleAction a = isle_cli_player_choose (&players[s.to_move], &s, NULL, NULL);
      char t[32];

      g_ptr_array_add (actions, g_strdup (isle_action_format (&s, a, t)));
      step (&s, a, json);
    }
  status = isle_scenario_goal_status (scenario, &s, &sentence);
  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "actions");
      json_builder_begin_array (b);
      for (guint i = 0; i < actions->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (actions, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "goal_met");
      json_builder_add_boolean_value (b, status == ISLE_GOAL_MET);
      json_builder_set_member_name (b, "outcome");
      json_builder_add_string_value (b, sentence);
      json_builder_end_object (b);
      isle_cli_print_json (b, TRUE);
    }
  else
    printf ("%s: %s\n", status == ISLE_GOAL_MET ? _("Goal met") : _("Goal not met"), sentence);
  for (int seat = 0; seat < n_seats; seat++)
    isle_cli_player_clear (&players[seat]);
  return status == ISLE_GOAL_MET ? ISLE_CLI_OK : ISLE_CLI_NO;
}

int
isle_cli_play (int argc, char **argv)
{
  g_autofree char *variant_id = NULL;
  g_autofree char *players_spec = NULL;
  g_autofree char *first_id = NULL;
  g_autofree char *rules_path = NULL;
  g_autofree char *replay_path = NULL;
  g_autofree char *scenario_path = NULL;
  g_autofree char *opening = NULL;
  g_autofree char *fog_lift = NULL;
  gint64 seed = -1;
  gboolean json = FALSE, quiet = FALSE;
  GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_id, N_("basic, weather, mercenary, quick or team (default weather)"), N_("VARIANT") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed for chance and the players (default: random)"), N_("N") },
    { "players", 0, 0, G_OPTION_ARG_STRING, &players_spec, N_("Players, one per seat, or one for all (default beginner)"), N_("A,B") },
    { "first", 0, 0, G_OPTION_ARG_STRING, &first_id, N_("Who starts round 1: red or blue (default red)"), N_("SIDE") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { "opening-hand", 0, 0, G_OPTION_ARG_STRING, &opening, N_("Option opening_hand: choose or deal"), N_("MODE") },
    { "fog-lift", 0, 0, G_OPTION_ARG_STRING, &fog_lift, N_("Option fog_lift: filler or next"), N_("MODE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print a JSON record that --replay plays back"), NULL },
    { "replay", 0, 0, G_OPTION_ARG_FILENAME, &replay_path, N_("Play back a JSON record and check its result"), N_("FILE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("With --replay, print only the verdict"), NULL },
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME, &scenario_path, N_("Play a .isle scenario out: --players is the user's seat (default easy), the other seats the scenario's opponent"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— play a whole game between computer players"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *players_canonical = NULL;
  IsleCliPlayer players[ISLE_MAX_SEATS];
  IsleRules rules;
  IsleVariant variant;
  IsleState s;
  int first = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("play", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  if (replay_path != NULL)
    return replay (replay_path, quiet);
  if (scenario_path != NULL)
    return play_scenario (scenario_path, players_spec, seed, json);

  variant = isle_variant_from_id (variant_id ? variant_id : "weather");
  if (variant == ISLE_N_VARIANTS)
    {
      g_printerr (_("critter-isle-cli play: --variant “%s”: expected basic, weather, mercenary, quick or team\n"), variant_id);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (seed < 0)
    seed = g_random_int_range (0, G_MAXINT32);
  if (!isle_cli_load_rules (rules_path, &rules, &error)
      || (first_id && !isle_game_record_parse_first (first_id, &first, &error)))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (opening != NULL)
    {
      if (g_strcmp0 (opening, "choose") == 0)
        rules.opening_hand = ISLE_OPENING_CHOOSE;
      else if (g_strcmp0 (opening, "deal") == 0)
        rules.opening_hand = ISLE_OPENING_DEAL;
      else
        {
          g_printerr (_("critter-isle-cli play: --opening-hand “%s”: expected choose or deal\n"), opening);
          return ISLE_CLI_CANNOT_RUN;
        }
    }
  if (fog_lift != NULL)
    {
      if (g_strcmp0 (fog_lift, "filler") == 0)
        rules.fog_lift = ISLE_FOG_LIFT_FILLER;
      else if (g_strcmp0 (fog_lift, "next") == 0)
        rules.fog_lift = ISLE_FOG_LIFT_NEXT;
      else
        {
          g_printerr (_("critter-isle-cli play: --fog-lift “%s”: expected filler or next\n"), fog_lift);
          return ISLE_CLI_CANNOT_RUN;
        }
    }
  if (!isle_state_init (&s, &rules, variant, first, (uint64_t) seed))
    {
      g_printerr ("%s\n", _("critter-isle-cli play: these rules cannot start a game"));
      return ISLE_CLI_CANNOT_RUN;
    }
  /* Last: from here on the players are cleared at the end. */
  if (!parse_players (players_spec ? players_spec : "beginner", players, s.n_seats,
                      (uint64_t) seed, &players_canonical, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }

  if (!json)
    printf (_("Critter Isle, %s game, seed %" PRId64 "\n"), isle_variant_id (variant), seed);
  while (!isle_state_is_terminal (&s))
    {
      IsleAction a = isle_cli_player_choose (&players[s.to_move], &s, NULL, NULL);
      char text[32];

      g_ptr_array_add (actions, g_strdup (isle_action_format (&s, a, text)));
      step (&s, a, json);
    }

  if (json)
    {
      g_autoptr (JsonNode) node = record_to_json (&s, &rules, variant, first, (uint64_t) seed,
                                                  players_canonical, actions);
      g_autofree char *out = json_to_string (node, TRUE);
      printf ("%s\n", out);
    }
  for (int seat = 0; seat < s.n_seats; seat++)
    isle_cli_player_clear (&players[seat]);
  return ISLE_CLI_OK;
}
