/* isle-game-record.c — a `play --json` record, read (isle-game-record.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-game-record.h"
#include "isle-json.h"
#include "isle-rules-json.h"

G_DEFINE_QUARK (isle-game-record-error-quark, isle_game_record_error)

void
isle_game_record_clear (IsleGameRecord *record)
{
  g_clear_object (&record->parser);
  record->root = NULL;
  record->actions = NULL;
}

gboolean
isle_game_record_parse_first (const char *text, int *first, GError **error)
{
  if (g_strcmp0 (text, "red") == 0)
    *first = 0;
  else if (g_strcmp0 (text, "blue") == 0)
    *first = 1;
  else
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FIELD,
                   _("first player “%s”: expected red or blue"), text ? text : "");
      return FALSE;
    }
  return TRUE;
}

gboolean
isle_game_record_read (IsleGameRecord *record, const char *text, gssize length, const char *name, GError **error)
{
  g_autoptr (GError) local = NULL;
  JsonNode *node;
  JsonObject *root;

  g_return_val_if_fail (record != NULL && (text != NULL || length == 0), FALSE);
  memset (record, 0, sizeof *record);
  record->parser = json_parser_new ();
  if (!json_parser_load_from_data (record->parser, text != NULL ? text : "", length, &local))
    {
      /* The name where json-glib says <data>, as the model's readers do. */
      gboolean placed;
      g_autofree char *message = isle_json_parse_message (local, &placed);

      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_PARSE,
                   placed ? "%s:%s" : "%s: %s", name, message);
      return FALSE;
    }
  node = json_parser_get_root (record->parser);
  root = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (root == NULL
      || g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""), ISLE_GAME_RECORD_FORMAT) != 0)
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FORMAT,
                   _("%s: field “format”: expected “%s”"), name, ISLE_GAME_RECORD_FORMAT);
      return FALSE;
    }
  if (json_object_get_int_member_with_default (root, "version", 0) != ISLE_GAME_RECORD_VERSION)
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FORMAT,
                   _("%s: field “version”: expected %d"), name, ISLE_GAME_RECORD_VERSION);
      return FALSE;
    }
  record->root = root;
  record->variant = isle_variant_from_id (json_object_get_string_member_with_default (root, "variant", ""));
  record->seed = (guint64) json_object_get_int_member_with_default (root, "seed", 0);
  if ((int) record->variant < 0 || record->variant >= ISLE_N_VARIANTS)
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FIELD,
                   _("%s: field “variant”: expected basic, weather, mercenary, quick or team"), name);
      return FALSE;
    }
  if (!json_object_has_member (root, "rules"))
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FIELD, "%s: %s", name,
                   _("missing field “rules”"));
      return FALSE;
    }
  if (!isle_rules_load_node (&record->rules, json_object_get_member (root, "rules"), name, &local))
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_RULES, "%s: %s", name, local->message);
      return FALSE;
    }
  if (!isle_game_record_parse_first (json_object_get_string_member_with_default (root, "first", ""), &record->first, &local))
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FIELD, "%s: %s", name, local->message);
      return FALSE;
    }
  if (!json_object_has_member (root, "actions") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "actions")))
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FIELD,
                   _("%s: field “actions”: expected a list of actions"), name);
      return FALSE;
    }
  record->actions = json_object_get_array_member (root, "actions");
  return TRUE;
}

gboolean
isle_game_record_action (const IsleGameRecord *record, guint i, const IsleState *s, const char *name,
                         IsleAction *a, GError **error)
{
  JsonNode *node = json_array_get_element (record->actions, i);
  const char *t = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
                  ? json_node_get_string (node) : NULL;

  if (t == NULL || !isle_action_parse (s, t, a) || !isle_state_is_legal (s, *a))
    {
      g_set_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_ACTION,
                   _("%s: field “actions[%u]”: “%s” is not a legal action here"), name, i, t ? t : "?");
      return FALSE;
    }
  return TRUE;
}

/* Who played each seat of RECORD's game, into SETUP: the record names
 * them as `play --players` took them, one for every seat or one a seat
 * ("medium", "medium,beginner"). A built-in level where it names one;
 * anything else, a program or a plugin too, stands as the default
 * opponent ("medium"): a file never runs code (doc/scenario-format.md,
 * "players"). Never the person: they did not play it. */
static void
record_players (const IsleGameRecord *record, IsleGameSetup *setup)
{
  g_auto (GStrv) names = g_strsplit (json_object_get_string_member_with_default (record->root, "players", ""), ",", -1);
  guint n = g_strv_length (names);

  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      const char *name = n == 0 ? "" : names[n == 1 ? 0 : MIN ((guint) seat, n - 1)];
      IslePlayerSpec spec;

      if (!isle_player_spec_parse (g_strstrip ((char *) name), &spec, NULL) || spec.kind != ISLE_PLAYER_BUILTIN)
        spec = isle_player_spec_for ("medium");
      setup->players[seat] = spec;
    }
}

IsleGame *
isle_game_record_load (const char *text, gssize length, const char *name, GError **error)
{
  g_auto (IsleGameRecord) record = { 0 };
  g_autoptr (IsleGame) game = NULL;
  IsleGameSetup setup = { 0 };
  int n_seats;

  if (!isle_game_record_read (&record, text, length, name, error))
    return NULL;
  /* The variant, first seat and rules were checked as they were read. */
  setup.variant = record.variant;
  setup.rules = record.rules;
  n_seats = isle_game_setup_n_seats (&setup);
  setup.first_seat = ((record.first % n_seats) + n_seats) % n_seats;
  record_players (&record, &setup);
  game = isle_game_new_from_setup (&setup, record.seed, error);
  if (game == NULL)
    return NULL;
  isle_game_set_recorded (game);
  for (guint i = 0; i < json_array_get_length (record.actions); i++)
    {
      IsleAction a;

      if (!isle_game_record_action (&record, i, isle_game_get_state (game), name, &a, error)
          || !isle_game_apply (game, a, error))
        return NULL;
    }
  return g_steal_pointer (&game);
}
