/* isle-scenario-writer.c — a scenario into a `.isle` file's text
 * (isle_scenario_to_data(), isle_scenario_save()): a JSON tree in a fixed
 * order, printed by isle_json_print() so that short lists stay on one line
 * and save → load → save gives the same bytes. A scenario writes only the
 * rules that differ from the standard rules; a saved game writes them
 * whole.
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "isle-goal.h"
#include "isle-notation.h"
#include "isle-puzzle-themes.h"
#include "isle-rules-json.h"
#include "isle-saver.h"
#include "isle-scenario-private.h"

static void
add_strv (JsonBuilder *b, const char *key, char **v)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; v != NULL && v[i] != NULL; i++)
    json_builder_add_string_value (b, v[i]);
  json_builder_end_array (b);
}

static void
add_kinds (JsonBuilder *b, bool random, const uint8_t *kinds, int n)
{
  if (random)
    {
      json_builder_add_string_value (b, "random");
      return;
    }
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    {
      char code[2] = { isle_kind_info ((IsleKind) kinds[i])->code, '\0' };

      json_builder_add_string_value (b, code);
    }
  json_builder_end_array (b);
}

static void
add_sides (JsonBuilder *b, const int32_t v[ISLE_N_SIDES])
{
  json_builder_begin_object (b);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      json_builder_set_member_name (b, isle_scenario_side_ids[side]);
      json_builder_add_int_value (b, v[side]);
    }
  json_builder_end_object (b);
}

/* Only what differs from the standard rules, member by member. */
static JsonNode *
rules_overrides (const IsleRules *rules)
{
  g_autoptr (JsonNode) standard_node = NULL;
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);
  JsonObject *standard, *mine, *out = json_object_new ();
  JsonNode *result;
  IsleRules standard_rules;

  isle_scenario_standard_rules (&standard_rules);
  standard_node = isle_rules_to_json (&standard_rules);
  standard = json_node_get_object (standard_node);
  mine = json_node_get_object (node);
  for (gsize i = 0; i < G_N_ELEMENTS (isle_scenario_rules_fields); i++)
    {
      const char *key = isle_scenario_rules_fields[i];
      JsonNode *a = json_object_get_member (mine, key);
      JsonNode *s = json_object_get_member (standard, key);

      if (json_node_equal (a, s))
        continue;
      if (JSON_NODE_HOLDS_OBJECT (a) && JSON_NODE_HOLDS_OBJECT (s))
        {
          JsonObject *diff = json_object_new ();
          g_autoptr (GList) subs = json_object_get_members (json_node_get_object (a));

          for (GList *l = subs; l != NULL; l = l->next)
            {
              JsonNode *av = json_object_get_member (json_node_get_object (a), l->data);
              JsonNode *sv = json_object_get_member (json_node_get_object (s), l->data);

              if (sv == NULL || !json_node_equal (av, sv))
                json_object_set_member (diff, l->data, json_node_copy (av));
            }
          json_object_set_object_member (out, key, diff);
        }
      else
        json_object_set_member (out, key, json_node_copy (a));
    }
  result = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (result, out);
  return result;
}

static void
add_start (JsonBuilder *b, IsleScenario *sc)
{
  const IslePosition *p = sc->start;
  int n_seats = isle_scenario_get_n_seats (sc);
  char text[512];
  g_auto (GStrv) rows = NULL;
  gboolean any_hired = FALSE;

  json_builder_set_member_name (b, "start");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, p->round);
  json_builder_set_member_name (b, "first_seat");
  json_builder_add_int_value (b, p->first_seat);
  json_builder_set_member_name (b, "to_move");
  json_builder_add_int_value (b, p->to_move);
  json_builder_set_member_name (b, "weather");
  json_builder_add_string_value (b, isle_weather_id ((IsleWeather) p->weather));
  if (p->has_deck)
    {
      json_builder_set_member_name (b, "deck");
      json_builder_begin_array (b);
      for (int i = 0; i < p->deck_len; i++)
        json_builder_add_string_value (b, isle_weather_id ((IsleWeather) p->deck[i]));
      json_builder_end_array (b);
    }

  /* R3: six rows, cells padded to one width. */
  {
    IsleBoard board = p->board;

    isle_board_sync (&board);
    isle_board_format (&board, text, sizeof text);
  }
  rows = g_strsplit (text, "\n", -1);
  json_builder_set_member_name (b, "board");
  json_builder_begin_array (b);
  for (int row = 0; row < ISLE_BOARD_SIZE && rows[row] != NULL; row++)
    json_builder_add_string_value (b, rows[row]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "hands");
  json_builder_begin_array (b);
  for (int seat = 0; seat < n_seats; seat++)
    add_kinds (b, p->random_hand[seat], p->hand[seat], p->hand_len[seat]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "piles");
  json_builder_begin_array (b);
  for (int seat = 0; seat < n_seats; seat++)
    add_kinds (b, p->random_pile[seat], p->pile[seat], p->pile_len[seat]);
  json_builder_end_array (b);

  if (isle_scenario_has_mercenaries (sc->variant) || p->coins[0] != 0 || p->coins[1] != 0)
    {
      json_builder_set_member_name (b, "coins");
      add_sides (b, p->coins);
    }
  if (p->round > 1)
    {
      json_builder_set_member_name (b, "scores");
      json_builder_begin_array (b);
      for (int r = 0; r + 1 < p->round; r++)
        add_sides (b, p->scores[r]);
      json_builder_end_array (b);
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      any_hired |= p->hired[side][k] > 0;
  if (any_hired)
    {
      json_builder_set_member_name (b, "hired");
      json_builder_begin_object (b);
      for (int side = 0; side < ISLE_N_SIDES; side++)
        {
          json_builder_set_member_name (b, isle_scenario_side_ids[side]);
          json_builder_begin_array (b);
          for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
            for (int i = 0; i < p->hired[side][k]; i++)
              {
                char code[2] = { isle_kind_info ((IsleKind) k)->code, '\0' };
                json_builder_add_string_value (b, code);
              }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static JsonNode *
to_json (IsleScenario *sc)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, ISLE_SCENARIO_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, ISLE_SCENARIO_VERSION);
#define ADD_STRING(key, value) \
  if ((value) != NULL) \
    { \
      json_builder_set_member_name (b, key); \
      json_builder_add_string_value (b, value); \
    }
  ADD_STRING ("title", sc->title);
  ADD_STRING ("author", sc->author);
  ADD_STRING ("description", sc->description);
  if (sc->difficulty != ISLE_DIFFICULTY_NONE)
    {
      ADD_STRING ("difficulty", isle_scenario_difficulty_ids[sc->difficulty]);
    }
  if (sc->hints != NULL)
    add_strv (b, "hints", sc->hints);
  if (sc->themes != 0)
    {
      g_auto (GStrv) themes = isle_puzzle_themes_to_ids (sc->themes);

      add_strv (b, "themes", themes);
    }
  if (sc->has_measure)
    {
      json_builder_set_member_name (b, "measured");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tries");
      json_builder_add_int_value (b, sc->measure.tries);
      json_builder_set_member_name (b, "failed");
      json_builder_begin_object (b);
      for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
        {
          json_builder_set_member_name (b, isle_scenario_measured_ids[l]);
          json_builder_add_int_value (b, sc->measure.failed[l]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  ADD_STRING ("variant", isle_variant_id (sc->variant));

  if (sc->full_rules)
    {
      json_builder_set_member_name (b, "rules");
      json_builder_add_value (b, isle_rules_to_json (&sc->rules));
    }
  else
    {
      JsonNode *overrides = rules_overrides (&sc->rules);

      if (json_object_get_size (json_node_get_object (overrides)) > 0)
        {
          json_builder_set_member_name (b, "rules");
          json_builder_add_value (b, overrides);
        }
      else
        json_node_unref (overrides);
    }
  if (sc->has_seed)
    {
      char seed[32];

      g_snprintf (seed, sizeof seed, "%" PRIu64, sc->seed);
      ADD_STRING ("seed", seed);
    }
  if (sc->start == NULL)
    {
      json_builder_set_member_name (b, "first_seat");
      json_builder_add_int_value (b, sc->first_seat);
    }
  else
    add_start (b, sc);
  if (sc->has_player)
    {
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, sc->player);
      ADD_STRING ("opponent", sc->opponent);
    }
  if (sc->goal.type != ISLE_GOAL_NONE)
    {
      json_builder_set_member_name (b, "goal");
      json_builder_begin_object (b);
      ADD_STRING ("type", isle_goal_ids[sc->goal.type]);
      if (isle_goal_value_keys[sc->goal.type] != NULL)
        {
          json_builder_set_member_name (b, isle_goal_value_keys[sc->goal.type]);
          json_builder_add_int_value (b, sc->goal.value);
        }
      json_builder_end_object (b);
    }
  if (sc->solution != NULL)
    add_strv (b, "solution", sc->solution);
  if (sc->players != NULL)
    add_strv (b, "players", sc->players);
  if (sc->actions != NULL)
    {
      add_strv (b, "actions", sc->actions);
      json_builder_set_member_name (b, "position");
      json_builder_add_int_value (b, sc->position);
    }
  if (sc->rated)
    {
      json_builder_set_member_name (b, "rated");
      json_builder_add_boolean_value (b, TRUE);
      json_builder_set_member_name (b, "rating");
      json_builder_add_int_value (b, sc->rating);
    }
  ADD_STRING ("saved", sc->saved);
#undef ADD_STRING
  if (sc->analysis != NULL)
    {
      json_builder_set_member_name (b, "analysis");
      json_builder_add_value (b, json_node_copy (sc->analysis));
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
isle_scenario_to_data (IsleScenario *self, gsize *length, GError **error)
{
  g_autoptr (GPtrArray) out = NULL;
  g_autoptr (JsonNode) root = NULL;
  GString *text;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A file that would not load back is worse than no file. */
  out = isle_scenario_validate (self);
  if (out->len > 0)
    {
      isle_scenario_set_error (error, out, NULL);
      return NULL;
    }
  root = to_json (self);
  text = g_string_new (NULL);
  isle_json_print (text, root);
  g_string_append_c (text, '\n');
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}

gboolean
isle_scenario_save (IsleScenario *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = isle_scenario_to_data (self, &length, error);
  if (data == NULL)
    return FALSE;
  return isle_write_file_atomic (path, data, length, error);
}

