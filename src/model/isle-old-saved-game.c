/* isle-old-saved-game.c — read a saved game of the older format
 * (doc/saved-game-format.md).
 *
 * A saved game is the game's setup and its history, never a memory dump of
 * IsleState: reading starts the game from the setup and replays every
 * recorded action through the engine, checking that each one parses and is
 * legal where it stands. The engine being deterministic (same rules, seed
 * and actions give the same state, byte for byte), a game begun from what
 * was read is the saved one, redo tail included; and a file that was
 * edited by hand or damaged is refused instead of giving a game the rules
 * could not reach.
 *
 * Validation is as strict as the rules loader's (isle-rules-json.c): every
 * field is required except "saved", unknown fields are refused, and each
 * error names the file and the field path ("actions[12]"). The rules object
 * is read by isle-rules-json.c itself.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "isle-json.h"
#include "isle-old-saved-game.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"

/* The format saved games are written in now: ISLE_SCENARIO_FORMAT
 * (isle-scenario.h, doc/scenario-format.md), which this file is below. */
#define NEW_FORMAT "critter-isle"

G_DEFINE_QUARK (isle-old-saved-game-error-quark, isle_old_saved_game_error)

static const char *const top_level_fields[] = {
  "format", "version", "variant", "seed", "first_seat", "players", "rules",
  "actions", "position", "saved",
};

/* ---- Problems --------------------------------------------------------- */

/* Fields are read by the one reader of JSON fields (isle-json.h), so a
 * message names its field as a scenario's and a rules file's do. */
static gboolean G_GNUC_PRINTF (4, 5)
fail_field (IsleJsonReader *r,
            int             code,
            const char     *path,
            const char     *format,
            ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  isle_json_reader_problem (r, path, code, NULL, -1, -1, "%s", detail);
  return FALSE;
}

static gboolean
fail_missing (IsleJsonReader *r,
              const char     *path)
{
  return isle_json_reader_missing (r, path);
}

static gboolean
fail_type (IsleJsonReader *r,
           const char     *path,
           const char     *expected,
           JsonNode       *got_node)
{
  return isle_json_reader_expected (r, path, expected, got_node);
}

/* The member KEY of OBJECT, or NULL (with ERROR set) if it is missing. */
static JsonNode *
get_node (JsonObject  *object,
          const char  *key,
          IsleJsonReader *r)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    fail_missing (r, key);
  return node;
}

/* The member KEY of OBJECT as an integer in MIN..MAX. */
static gboolean
get_integer (JsonObject  *object,
             const char  *key,
             gint64       min,
             gint64       max,
             gint64      *out,
             IsleJsonReader *r)
{
  JsonNode *node = get_node (object, key, r);

  if (node == NULL)
    return FALSE;
  return isle_json_reader_integer (r, node, key, min, max, out);
}

/* The member KEY of OBJECT as a string; EXPECTED describes it. */
static const char *
get_string (JsonObject  *object,
            const char  *key,
            const char  *expected,
            IsleJsonReader *r)
{
  JsonNode *node = get_node (object, key, r);

  if (node == NULL)
    return NULL;
  if (!isle_json_holds_string (node))
    {
      fail_type (r, key, expected, node);
      return NULL;
    }
  return json_node_get_string (node);
}

/* The member KEY of OBJECT as an array; EXPECTED describes it. */
static JsonArray *
get_array (JsonObject  *object,
           const char  *key,
           const char  *expected,
           IsleJsonReader *r)
{
  JsonNode *node = get_node (object, key, r);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      fail_type (r, key, expected, node);
      return NULL;
    }
  return json_node_get_array (node);
}

/* ---- The sections of a saved game ------------------------------------- */

/* The "format" and "version" fields: is this a saved game we can read? */
static gboolean
read_header (JsonObject  *root,
             IsleJsonReader *r)
{
  JsonNode *node;
  gint64 version;

  node = get_node (root, "format", r);
  if (node == NULL)
    return FALSE;
  if (!isle_json_holds_string (node)
      || strcmp (json_node_get_string (node), ISLE_OLD_SAVED_GAME_FORMAT) != 0)
    {
      g_autofree char *got = isle_json_describe (node);
      return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FORMAT, "format",
                         _("expected “%s” (a saved game) or “%s”, got %s"),
                         NEW_FORMAT, ISLE_OLD_SAVED_GAME_FORMAT, got);
    }

  node = get_node (root, "version", r);
  if (node == NULL)
    return FALSE;
  if (!isle_json_holds_integer (node))
    {
      g_autofree char *expected = g_strdup_printf (_("the integer %d"),
                                                   ISLE_OLD_SAVED_GAME_VERSION);
      return fail_type (r, "version", expected, node);
    }
  version = json_node_get_int (node);
  if (version > ISLE_OLD_SAVED_GAME_VERSION)
    return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FORMAT, "version",
                       _("made by a newer Critter Isle (saved game version %"
                       PRId64 ", this one reads version %d)"),
                       version, ISLE_OLD_SAVED_GAME_VERSION);
  if (version < ISLE_OLD_SAVED_GAME_VERSION)
    return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FIELD, "version",
                       _("expected the integer %d, got %" PRId64),
                       ISLE_OLD_SAVED_GAME_VERSION, version);
  return TRUE;
}

static gboolean
read_variant (JsonObject   *root,
              IsleVariant  *variant,
              IsleJsonReader *r)
{
  g_autoptr (GString) ids = g_string_new (NULL);
  g_autofree char *expected = NULL;
  const char *id;

  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    g_string_append_printf (ids, "%s%s", v > 0 ? ", " : "",
                            isle_variant_id ((IsleVariant) v));
  expected = g_strdup_printf (_("one of %s"), ids->str);

  id = get_string (root, "variant", expected, r);
  if (id == NULL)
    return FALSE;
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    if (strcmp (isle_variant_id ((IsleVariant) v), id) == 0)
      {
        *variant = (IsleVariant) v;
        return TRUE;
      }
  return fail_type (r, "variant", expected,
                    json_object_get_member (root, "variant"));
}

/* The seed is a string: JSON numbers are doubles to many readers, and a
 * seed above 2^53 must survive them. */
static gboolean
read_seed (JsonObject  *root,
           guint64     *seed,
           IsleJsonReader *r)
{
  g_autofree char *expected =
    g_strdup_printf (_("a whole number from 0 to %" PRIu64
                       " written as a string"), G_MAXUINT64);
  const char *text = get_string (root, "seed", expected, r);

  if (text == NULL)
    return FALSE;
  /* Digits only: g_ascii_string_to_unsigned() would also take a sign. */
  if (text[0] < '0' || text[0] > '9'
      || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    return fail_type (r, "seed", expected,
                      json_object_get_member (root, "seed"));
  return TRUE;
}

static gboolean
read_players (JsonObject     *root,
              IsleGameSetup  *setup,
              IsleJsonReader *r)
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
                       r);
  if (players == NULL)
    return FALSE;
  if (json_array_get_length (players) != (guint) n_seats)
    return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FIELD, "players",
                       _("expected %d players for the %s game, got %u"),
                       n_seats, isle_variant_id (setup->variant),
                       json_array_get_length (players));

  for (int seat = 0; seat < n_seats; seat++)
    {
      JsonNode *node = json_array_get_element (players, (guint) seat);
      g_autofree char *path = g_strdup_printf ("players[%d]", seat);
      const char *spec;

      if (!isle_json_holds_string (node))
        return fail_type (r, path, expected, node);
      spec = json_node_get_string (node);
      if (strlen (spec) >= ISLE_PLAYER_SPEC_MAX)
        return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FIELD, path,
                           _("expected a player of at most %d bytes"),
                           ISLE_PLAYER_SPEC_MAX - 1);
      /* As the file names it: a file never starts a program or loads a
       * plugin, so whoever starts a game from it puts a built-in stand-in
       * in place of such a seat (doc/scenario-format.md). */
      if (!isle_player_spec_parse (spec, &setup->players[seat], NULL))
        return fail_type (r, path, expected, node);
    }
  return TRUE;
}

static gboolean
read_rules (JsonObject  *root,
            IsleRules   *rules,
            IsleJsonReader *r)
{
  JsonNode *node = get_node (root, "rules", r);
  int code = r->field_code;
  gboolean ok;

  if (node == NULL)
    return FALSE;
  /* The rules reader reads on below "rules": "rules.line_score.4: …". */
  r->field_code = ISLE_OLD_SAVED_GAME_ERROR_RULES;
  isle_json_reader_enter (r, "rules");
  ok = isle_rules_read (r, node, rules);
  isle_json_reader_leave (r);
  r->field_code = code;
  return ok;
}

/* "saved" is for people and file managers; only its shape is checked. */
static gboolean
read_saved (JsonObject  *root,
            IsleJsonReader *r)
{
  const char *expected = _("a date and time in ISO 8601 form");
  JsonNode *node = json_object_get_member (root, "saved");
  g_autoptr (GDateTime) when = NULL;

  if (node == NULL)
    return TRUE;
  if (isle_json_holds_string (node))
    when = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);
  if (when == NULL)
    return fail_type (r, "saved", expected, node);
  return TRUE;
}


/* Applies the action of ACTIONS[I] to STATE, checking that it parses and
 * is legal where the game stands; *ACTION gets it. */
static gboolean
replay_action (IsleState   *state,
               JsonArray   *actions,
               guint        i,
               IsleAction  *action,
               IsleJsonReader *r)
{
  JsonNode *node = json_array_get_element (actions, i);
  g_autofree char *path = g_strdup_printf ("actions[%u]", i);
  g_autofree char *legal = NULL;
  g_autofree char *got = NULL;
  IsleState next;

  if (!isle_json_holds_string (node))
    return fail_type (r, path,
                      _("an action in text form, such as “place rW c3”"),
                      node);

  if (isle_state_is_terminal (state))   /* R4.7, R9.4 */
    {
      got = isle_json_describe (node);
      return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_ACTION, path,
                         _("the game is already over; expected no more "
                         "actions, got %s"), got);
    }

  next = *state;
  if (isle_action_parse (state, json_node_get_string (node), action)
      && isle_state_is_legal (state, *action)
      && isle_state_apply (&next, *action))
    {
      *state = next;
      return TRUE;
    }

  got = isle_json_describe (node);
  legal = isle_json_legal_actions (state);
  if (!isle_action_parse (state, json_node_get_string (node), action))
    return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_ACTION, path,
                       _("%s does not read as a move of the seat to move; "
                       "expected one of %s"), got, legal);
  return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_ACTION, path,
                     _("%s is not a legal move here; expected one of %s"),
                     got, legal);
}

/* ---- Public API -------------------------------------------------------- */

gboolean
isle_old_saved_game_read_with (IsleJsonReader    *r,
                               JsonNode          *root,
                               IsleOldSavedGame  *game)
{
  g_auto (IsleOldSavedGame) read = { 0 };
  g_autoptr (GStrvBuilder) texts = g_strv_builder_new ();
  JsonObject *object;
  JsonArray *actions;
  IsleState state;
  gint64 first_seat, position;

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  memset (game, 0, sizeof *game);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_autofree char *got = root != NULL ? isle_json_describe (root)
                                          : g_strdup (_("nothing"));

      return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_PARSE, NULL,
                         _("expected a saved game (a JSON object with "
                         "“format”: “%s”), got %s"),
                         ISLE_OLD_SAVED_GAME_FORMAT, got);
    }
  object = json_node_get_object (root);

  /* The header first, so that a newer file is named as such rather than
   * refused for a field this version does not know. */
  if (!read_header (object, r)
      || !isle_json_reader_known_members (r, object, NULL, top_level_fields,
                                          G_N_ELEMENTS (top_level_fields), TRUE))
    return FALSE;

  if (!read_variant (object, &read.setup.variant, r)
      || !read_seed (object, &read.seed, r)
      /* R4.3: the seat that starts round 1. */
      || !get_integer (object, "first_seat", 0,
                       isle_game_setup_n_seats (&read.setup) - 1, &first_seat,
                       r)
      || !read_players (object, &read.setup, r)
      || !read_rules (object, &read.setup.rules, r))
    return FALSE;
  read.setup.first_seat = (int) first_seat;

  actions = get_array (object, "actions",
                       _("an array of actions in text form"), r);
  if (actions == NULL)
    return FALSE;
  read.n_actions = json_array_get_length (actions);
  if (!get_integer (object, "position", 0, read.n_actions, &position, r)
      || !read_saved (object, r))
    return FALSE;
  read.position = (guint) position;
  if (json_object_has_member (object, "saved"))
    read.saved = g_strdup (json_object_get_string_member (object, "saved"));

  /* What isle_game_new_from_setup() checks beyond the fields read. */
  if (!isle_state_init (&state, &read.setup.rules, read.setup.variant,
                        read.setup.first_seat, read.seed))
    return fail_field (r, ISLE_OLD_SAVED_GAME_ERROR_FIELD, "rules",
                       _("cannot start a game: %s"),
                       _("These rules cannot start a game of this variant"));

  /* Every action, the redo tail included, must be legal in turn. */
  read.actions = g_new0 (IsleAction, MAX (read.n_actions, 1));
  for (guint i = 0; i < read.n_actions; i++)
    {
      IsleState before = state;
      char text[32];

      if (!replay_action (&state, actions, i, &read.actions[i], r))
        return FALSE;
      g_strv_builder_add (texts, isle_action_format (&before, read.actions[i], text));
    }
  read.texts = g_strv_builder_end (texts);

  *game = read;
  memset (&read, 0, sizeof read);
  return TRUE;
}

gboolean
isle_old_saved_game_read (JsonNode          *root,
                          const char        *name,
                          IsleOldSavedGame  *game,
                          GError           **error)
{
  IsleJsonReader r;
  gboolean ok;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  isle_json_reader_init (&r, ISLE_OLD_SAVED_GAME_ERROR_FIELD);
  ok = isle_old_saved_game_read_with (&r, root, game);
  if (!ok)
    isle_json_reader_set_error (&r, error, ISLE_OLD_SAVED_GAME_ERROR, name);
  isle_json_reader_clear (&r);
  return ok;
}

void
isle_old_saved_game_clear (IsleOldSavedGame *game)
{
  g_return_if_fail (game != NULL);
  g_free (game->actions);
  g_strfreev (game->texts);
  g_free (game->saved);
  memset (game, 0, sizeof *game);
}
