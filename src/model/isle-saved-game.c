/* isle-saved-game.c — saved games: write a game to a `.isle` file and read
 * it back (doc/saved-game-format.md).
 *
 * A saved game is the game's setup and its history, never a memory dump of
 * IsleState: loading starts a new game from the setup and replays every
 * recorded action through the engine, checking that each one parses and is
 * legal where it stands. The engine being deterministic (same rules, seed
 * and actions give the same state, byte for byte), the loaded game is the
 * saved one, redo tail included; and a file that was edited by hand or
 * damaged is refused instead of giving a game the rules could not reach.
 *
 * Validation is as strict as the rules loader's (isle-rules-json.c): every
 * field is required except "saved", unknown fields are refused, and each
 * error names the file and the field path ("actions[12]"). The rules object
 * is read and written by isle-rules-json.c itself.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "isle-json.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-saver.h"
#include "isle-scenario.h"



G_DEFINE_QUARK (isle-saved-game-error-quark, isle_saved_game_error)

static const char *const top_level_fields[] = {
  "format", "version", "variant", "seed", "first_seat", "players", "rules",
  "actions", "position", "saved",
};

/* ---- Error helpers ---------------------------------------------------- */

static gboolean G_GNUC_PRINTF (5, 6)
fail_field (GError     **error,
            int          code,
            const char  *name,
            const char  *path,
            const char  *format,
            ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ISLE_SAVED_GAME_ERROR, code,
               /* Translators: “NAME: field “PATH”: WHAT IS WRONG” */
               _("%s: field “%s”: %s"), name, path, detail);
  return FALSE;
}

static gboolean
fail_missing (GError     **error,
              const char  *name,
              const char  *path)
{
  g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_FIELD,
               _("%s: missing field “%s”"), name, path);
  return FALSE;
}


static gboolean
fail_type (GError     **error,
           const char  *name,
           const char  *path,
           const char  *expected,
           JsonNode    *got_node)
{
  g_autofree char *got = isle_json_describe (got_node);

  return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, path,
                     _("expected %s, got %s"), expected, got);
}



/* The member KEY of OBJECT, or NULL (with ERROR set) if it is missing. */
static JsonNode *
get_node (JsonObject  *object,
          const char  *key,
          const char  *name,
          GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    fail_missing (error, name, key);
  return node;
}

/* The member KEY of OBJECT as an integer in MIN..MAX. */
static gboolean
get_integer (JsonObject  *object,
             const char  *key,
             gint64       min,
             gint64       max,
             gint64      *out,
             const char  *name,
             GError     **error)
{
  JsonNode *node = get_node (object, key, name, error);
  gint64 value;

  if (node == NULL)
    return FALSE;
  if (!isle_json_holds_integer (node))
    {
      g_autofree char *expected =
        g_strdup_printf (_("an integer from %" PRId64
                           " to %" PRId64), min, max);
      return fail_type (error, name, key, expected, node);
    }
  value = json_node_get_int (node);
  if (value < min || value > max)
    return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, key,
                       _("expected an integer from %" PRId64
                         " to %" PRId64 ", got %" PRId64),
                       min, max, value);
  *out = value;
  return TRUE;
}

/* The member KEY of OBJECT as a string; EXPECTED describes it. */
static const char *
get_string (JsonObject  *object,
            const char  *key,
            const char  *expected,
            const char  *name,
            GError     **error)
{
  JsonNode *node = get_node (object, key, name, error);

  if (node == NULL)
    return NULL;
  if (!isle_json_holds_string (node))
    {
      fail_type (error, name, key, expected, node);
      return NULL;
    }
  return json_node_get_string (node);
}

/* The member KEY of OBJECT as an array; EXPECTED describes it. */
static JsonArray *
get_array (JsonObject  *object,
           const char  *key,
           const char  *expected,
           const char  *name,
           GError     **error)
{
  JsonNode *node = get_node (object, key, name, error);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      fail_type (error, name, key, expected, node);
      return NULL;
    }
  return json_node_get_array (node);
}

static gboolean
check_no_unknown_members (JsonObject  *object,
                          const char  *name,
                          GError     **error)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      gboolean known = FALSE;

      for (gsize i = 0; i < G_N_ELEMENTS (top_level_fields) && !known; i++)
        known = strcmp (top_level_fields[i], member) == 0;
      if (!known)
        {
          g_autoptr (GString) fields = g_string_new (NULL);

          for (gsize i = 0; i < G_N_ELEMENTS (top_level_fields); i++)
            g_string_append_printf (fields, "%s%s", i > 0 ? ", " : "",
                                    top_level_fields[i]);
          return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, member,
                             _("unknown field; expected only %s"), fields->str);
        }
    }
  return TRUE;
}

/* ---- The sections of a saved game ------------------------------------- */

/* The "format" and "version" fields: is this a saved game we can read? */
static gboolean
read_header (JsonObject  *root,
             const char  *name,
             GError     **error)
{
  JsonNode *node;
  gint64 version;

  node = get_node (root, "format", name, error);
  if (node == NULL)
    return FALSE;
  if (!isle_json_holds_string (node)
      || strcmp (json_node_get_string (node), ISLE_SAVED_GAME_FORMAT) != 0)
    {
      g_autofree char *got = isle_json_describe (node);
      return fail_field (error, ISLE_SAVED_GAME_ERROR_FORMAT, name, "format",
                         _("expected “%s” (a saved game) or “%s”, got %s"),
                         ISLE_SCENARIO_FORMAT, ISLE_SAVED_GAME_FORMAT, got);
    }

  node = get_node (root, "version", name, error);
  if (node == NULL)
    return FALSE;
  if (!isle_json_holds_integer (node))
    {
      g_autofree char *expected = g_strdup_printf (_("the integer %d"),
                                                   ISLE_SAVED_GAME_VERSION);
      return fail_type (error, name, "version", expected, node);
    }
  version = json_node_get_int (node);
  if (version > ISLE_SAVED_GAME_VERSION)
    return fail_field (error, ISLE_SAVED_GAME_ERROR_FORMAT, name, "version",
                       _("made by a newer Critter Isle (saved game version %"
                         PRId64 ", this one reads version %d)"),
                       version, ISLE_SAVED_GAME_VERSION);
  if (version < ISLE_SAVED_GAME_VERSION)
    return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, "version",
                       _("expected the integer %d, got %" PRId64),
                       ISLE_SAVED_GAME_VERSION, version);
  return TRUE;
}

static gboolean
read_variant (JsonObject   *root,
              IsleVariant  *variant,
              const char   *name,
              GError      **error)
{
  g_autoptr (GString) ids = g_string_new (NULL);
  g_autofree char *expected = NULL;
  const char *id;

  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    g_string_append_printf (ids, "%s%s", v > 0 ? ", " : "",
                            isle_variant_id ((IsleVariant) v));
  expected = g_strdup_printf (_("one of %s"), ids->str);

  id = get_string (root, "variant", expected, name, error);
  if (id == NULL)
    return FALSE;
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    if (strcmp (isle_variant_id ((IsleVariant) v), id) == 0)
      {
        *variant = (IsleVariant) v;
        return TRUE;
      }
  return fail_type (error, name, "variant", expected,
                    json_object_get_member (root, "variant"));
}

/* The seed is a string: JSON numbers are doubles to many readers, and a
 * seed above 2^53 must survive them. */
static gboolean
read_seed (JsonObject  *root,
           guint64     *seed,
           const char  *name,
           GError     **error)
{
  g_autofree char *expected =
    g_strdup_printf (_("a whole number from 0 to %" PRIu64
                       " written as a string"), G_MAXUINT64);
  const char *text = get_string (root, "seed", expected, name, error);

  if (text == NULL)
    return FALSE;
  /* Digits only: g_ascii_string_to_unsigned() would also take a sign. */
  if (text[0] < '0' || text[0] > '9'
      || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    return fail_type (error, name, "seed", expected,
                      json_object_get_member (root, "seed"));
  return TRUE;
}

static gboolean
read_players (JsonObject     *root,
              IsleGameSetup  *setup,
              const char     *name,
              GError        **error)
{
  g_autofree char *levels = isle_player_spec_level_ids ();
  g_autofree char *expected = NULL;
  int n_seats = isle_game_setup_n_seats (setup);
  JsonArray *players;

  /* Translators: %s is a list of ids, “beginner, easy, medium, hard, expert” */
  expected = g_strdup_printf (_("a player: one of human, %s, plugin:ID or "
                                "engine:COMMAND"), levels);

  players = get_array (root, "players",
                       /* R11: four seats in the team game, else two. */
                       n_seats == 2 ? _("an array of 2 players")
                                    : _("an array of 4 players"),
                       name, error);
  if (players == NULL)
    return FALSE;
  if (json_array_get_length (players) != (guint) n_seats)
    return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, "players",
                       _("expected %d players for the %s game, got %u"),
                       n_seats, isle_variant_id (setup->variant),
                       json_array_get_length (players));

  for (int seat = 0; seat < n_seats; seat++)
    {
      JsonNode *node = json_array_get_element (players, (guint) seat);
      g_autofree char *path = g_strdup_printf ("players[%d]", seat);
      const char *spec;

      if (!isle_json_holds_string (node))
        return fail_type (error, name, path, expected, node);
      spec = json_node_get_string (node);
      if (strlen (spec) >= ISLE_PLAYER_SPEC_MAX)
        return fail_field (error, ISLE_SAVED_GAME_ERROR_FIELD, name, path,
                           _("expected a player of at most %d bytes"),
                           ISLE_PLAYER_SPEC_MAX - 1);
      if (!isle_player_spec_is_valid (spec))
        return fail_type (error, name, path, expected, node);
      /* A file never starts a program or loads a plugin: such seats of an
       * old file come back as a built-in stand-in (doc/scenario-format.md);
       * a level's old id comes back as its id. */
      g_strlcpy (setup->players[seat], isle_player_spec_stand_in (spec),
                 sizeof setup->players[seat]);
    }
  return TRUE;
}

static gboolean
read_rules (JsonObject  *root,
            IsleRules   *rules,
            const char  *name,
            GError     **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *rules_name = NULL;
  JsonNode *node = get_node (root, "rules", name, error);

  if (node == NULL)
    return FALSE;
  /* Translators: how a rules error names the rules in a saved game:
   * “game.isle: rules: field “line_score.4”: …” */
  rules_name = g_strdup_printf (_("%s: rules"), name);
  if (!isle_rules_load_node (rules, node, rules_name, &local_error))
    {
      g_set_error_literal (error, ISLE_SAVED_GAME_ERROR,
                           ISLE_SAVED_GAME_ERROR_RULES, local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* "saved" is for people and file managers; only its shape is checked. */
static gboolean
read_saved (JsonObject  *root,
            const char  *name,
            GError     **error)
{
  const char *expected = _("a date and time in ISO 8601 form");
  JsonNode *node = json_object_get_member (root, "saved");
  g_autoptr (GDateTime) when = NULL;

  if (node == NULL)
    return TRUE;
  if (isle_json_holds_string (node))
    when = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);
  if (when == NULL)
    return fail_type (error, name, "saved", expected, node);
  return TRUE;
}


/* Applies the action of ACTIONS[I] to GAME, checking that it parses and is
 * legal where the game stands. */
static gboolean
replay_action (IsleGame    *game,
               JsonArray   *actions,
               guint        i,
               const char  *name,
               GError     **error)
{
  const IsleState *state = isle_game_get_state (game);
  JsonNode *node = json_array_get_element (actions, i);
  g_autofree char *path = g_strdup_printf ("actions[%u]", i);
  g_autofree char *legal = NULL;
  g_autofree char *got = NULL;
  IsleAction action;

  if (!isle_json_holds_string (node))
    return fail_type (error, name, path,
                      _("an action in text form, such as “place rW c3”"),
                      node);

  if (isle_state_is_terminal (state))   /* R4.7, R9.4 */
    {
      got = isle_json_describe (node);
      return fail_field (error, ISLE_SAVED_GAME_ERROR_ACTION, name, path,
                         _("the game is already over; expected no more "
                           "actions, got %s"), got);
    }

  if (isle_action_parse (state, json_node_get_string (node), &action)
      && isle_state_is_legal (state, action)
      && isle_game_apply (game, action, NULL))
    return TRUE;

  got = isle_json_describe (node);
  legal = isle_json_legal_actions (state);
  if (!isle_action_parse (state, json_node_get_string (node), &action))
    return fail_field (error, ISLE_SAVED_GAME_ERROR_ACTION, name, path,
                       _("%s does not read as a move of the seat to move; "
                         "expected one of %s"), got, legal);
  return fail_field (error, ISLE_SAVED_GAME_ERROR_ACTION, name, path,
                     _("%s is not a legal move here; expected one of %s"),
                     got, legal);
}

static IsleGame *
load_root (JsonNode    *root,
           const char  *name,
           GError     **error)
{
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (GError) local_error = NULL;
  IsleGameSetup setup;
  JsonObject *object;
  JsonArray *actions;
  guint64 seed;
  gint64 first_seat, position;
  guint n_actions;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_autofree char *got = root != NULL ? isle_json_describe (root)
                                          : g_strdup (_("nothing"));

      g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_PARSE,
                   _("%s: expected a saved game (a JSON object with "
                     "“format”: “%s”), got %s"),
                   name, ISLE_SAVED_GAME_FORMAT, got);
      return NULL;
    }
  object = json_node_get_object (root);

  /* The header first, so that a newer file is named as such rather than
   * refused for a field this version does not know. */
  if (!read_header (object, name, error)
      || !check_no_unknown_members (object, name, error))
    return NULL;

  memset (&setup, 0, sizeof setup);
  if (!read_variant (object, &setup.variant, name, error)
      || !read_seed (object, &seed, name, error)
      /* R4.3: the seat that starts round 1. */
      || !get_integer (object, "first_seat", 0,
                       isle_game_setup_n_seats (&setup) - 1, &first_seat,
                       name, error)
      || !read_players (object, &setup, name, error)
      || !read_rules (object, &setup.rules, name, error))
    return NULL;
  setup.first_seat = (int) first_seat;

  actions = get_array (object, "actions",
                       _("an array of actions in text form"), name, error);
  if (actions == NULL)
    return NULL;
  n_actions = json_array_get_length (actions);
  if (!get_integer (object, "position", 0, n_actions, &position, name, error)
      || !read_saved (object, name, error))
    return NULL;

  game = isle_game_new_from_setup (&setup, seed, &local_error);
  if (game == NULL)
    {
      g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_FIELD,
                   _("%s: field “rules”: cannot start a game: %s"),
                   name, local_error->message);
      return NULL;
    }

  /* Every action, the redo tail included, must be legal in turn. */
  for (guint i = 0; i < n_actions; i++)
    if (!replay_action (game, actions, i, name, error))
      return NULL;

  isle_game_go_to (game, (guint) position);
  return g_steal_pointer (&game);
}

/* A file of the current format (doc/scenario-format.md): the scenario,
 * then its history played again. */
static int
saved_game_code (const GError *error)
{
  switch (error->code)
    {
    case ISLE_SCENARIO_ERROR_PARSE:
    case ISLE_SCENARIO_ERROR_TOO_LARGE:
      return ISLE_SAVED_GAME_ERROR_PARSE;
    case ISLE_SCENARIO_ERROR_FORMAT:
      return ISLE_SAVED_GAME_ERROR_FORMAT;
    case ISLE_SCENARIO_ERROR_RULES:
      return ISLE_SAVED_GAME_ERROR_RULES;
    case ISLE_SCENARIO_ERROR_ACTION:
      return ISLE_SAVED_GAME_ERROR_ACTION;
    default:
      return ISLE_SAVED_GAME_ERROR_FIELD;
    }
}

/* A saved game of an ordinary game: nothing of a scenario but the setup. */
static gboolean
is_plain_game (IsleScenario *scenario)
{
  IsleScenarioGoal goal;

  isle_scenario_get_goal (scenario, &goal);
  return isle_scenario_get_start (scenario) == NULL && goal.type == ISLE_GOAL_NONE
         && isle_scenario_get_title (scenario) == NULL
         && isle_scenario_get_description (scenario) == NULL
         && isle_scenario_get_solution (scenario) == NULL;
}

static IsleGame *
load_scenario (const char  *data,
               gssize       length,
               const char  *name,
               GError     **error)
{
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *const *actions;

  scenario = isle_scenario_load_data (data, length, name, &local_error);
  if (scenario != NULL && is_plain_game (scenario))
    {
      /* A game begun from its normal start, no scenario of its own. */
      const char *const *players = isle_scenario_get_players (scenario);
      IsleGameSetup setup;

      memset (&setup, 0, sizeof setup);
      setup.variant = isle_scenario_get_variant (scenario);
      setup.first_seat = isle_scenario_get_first_seat (scenario);
      setup.rules = *isle_scenario_get_rules (scenario);
      for (int seat = 0; seat < isle_game_setup_n_seats (&setup); seat++)
        g_strlcpy (setup.players[seat],
                   players != NULL ? players[seat]
                   : seat == isle_scenario_get_player (scenario) ? "human"
                   : isle_scenario_get_opponent (scenario),
                   sizeof setup.players[seat]);
      game = isle_game_new_from_setup (&setup, isle_scenario_get_seed (scenario), &local_error);
    }
  else if (scenario != NULL)
    game = isle_game_new_from_scenario (scenario, 0, &local_error);
  if (game == NULL)
    {
      g_set_error_literal (error, ISLE_SAVED_GAME_ERROR, saved_game_code (local_error),
                           local_error->message);
      return NULL;
    }
  /* Loading checked that every action is legal in turn. */
  actions = isle_scenario_get_actions (scenario);
  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    {
      IsleAction action;

      if (!isle_action_parse (isle_game_get_state (game), actions[i], &action)
          || !isle_game_apply (game, action, &local_error))
        {
          g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_ACTION,
                       _("%s: field “actions[%u]”: “%s” is not a legal move here"),
                       name, i, actions[i]);
          return NULL;
        }
    }
  isle_game_go_to (game, isle_scenario_get_position (scenario));
  return g_steal_pointer (&game);
}

/* ---- Public API -------------------------------------------------------- */

char *
isle_saved_game_to_data (IsleGame  *game,
                         gsize     *length,
                         GError   **error)
{
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (GError) local_error = NULL;
  char *data;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The scenario format with a history (doc/scenario-format.md); it
   * replays every action before writing, and refuses to write a file that
   * would not load. */
  scenario = isle_scenario_new_from_game (game);
  data = isle_scenario_to_data (scenario, length, &local_error);
  if (data == NULL)
    g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_ACTION,
                 _("Cannot save the game: %s"), local_error->message);
  return data;
}

gboolean
isle_saved_game_save (IsleGame    *game,
                      const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (ISLE_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = isle_saved_game_to_data (game, &length, error);
  if (data == NULL)
    return FALSE;
  return isle_write_file_atomic (path, data, length, error);
}

IsleGame *
isle_saved_game_load_data (const char  *data,
                           gssize       length,
                           const char  *name,
                           GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (name == NULL)
    name = _("saved game");
  if ((length < 0 ? (data != NULL ? strlen (data) : 0) : (gsize) length) > ISLE_SCENARIO_MAX_BYTES)
    {
      g_set_error (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_TOO_LARGE,
                   _("%s: larger than %d bytes; a scenario or saved game is far smaller"),
                   name, ISLE_SCENARIO_MAX_BYTES);
      return NULL;
    }

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", length,
                                   &local_error))
    {
      /* The name where json-glib says <data>, like a compiler would. */
      gboolean placed;
      g_autofree char *message = isle_json_parse_message (local_error, &placed);

      g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_PARSE,
                   placed ? "%s:%s" : "%s: %s", name, message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  {
    /* The format decides the loader; "format" may be anything at all. */
    JsonNode *format = root != NULL && JSON_NODE_HOLDS_OBJECT (root)
                       ? json_object_get_member (json_node_get_object (root), "format") : NULL;

    if (format != NULL && JSON_NODE_HOLDS_VALUE (format)
        && json_node_get_value_type (format) == G_TYPE_STRING
        && g_strcmp0 (json_node_get_string (format), ISLE_SCENARIO_FORMAT) == 0)
      return load_scenario (data, length, name, error);
  }
  return load_root (root, name, error);
}

IsleGame *
isle_saved_game_load (const char  *path,
                      GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* GFileError messages already name the file; a huge file is not read
   * whole (more than the limit is refused by the parser). */
  contents = isle_read_file_bounded (path, ISLE_SCENARIO_MAX_BYTES, &length, error);
  if (contents == NULL)
    return NULL;

  name = g_filename_display_name (path);
  return isle_saved_game_load_data (contents, (gssize) length, name, error);
}

IsleGame *
isle_saved_game_load_or_backup (const char  *path,
                                char       **damage,
                                GError     **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *backup = NULL;
  IsleGame *game;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (damage != NULL)
    *damage = NULL;
  game = isle_saved_game_load (path, &local_error);
  if (game != NULL)
    return game;
  backup = isle_backup_path (path);
  /* A file that is not there has nothing to fall back from. */
  if (!g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
      && g_file_test (backup, G_FILE_TEST_IS_REGULAR))
    {
      game = isle_saved_game_load (backup, NULL);
      if (game != NULL)
        {
          if (damage != NULL)
            *damage = g_strdup (local_error->message);
          return game;
        }
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

char *
isle_saved_game_autosave_path (void)
{
  const char *override = g_getenv (ISLE_SAVED_GAME_AUTOSAVE_ENV);

  if (override != NULL && override[0] != '\0')
    return g_strdup (override);
  return g_build_filename (g_get_user_data_dir (), "critter-isle",
                           "autosave.isle", NULL);
}
