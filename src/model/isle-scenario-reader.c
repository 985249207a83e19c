/* isle-scenario-reader.c — a `.isle` file's text into a scenario
 * (isle_scenario_load*(), isle_scenario_read_data()).
 *
 * Reading collects every problem instead of stopping at the first: each
 * field is read on its own, and a field that cannot be read only skips the
 * checks that need it (ISLE_SCENARIO_BROKEN_*; isle-scenario-check.c does
 * the checks). Files of the older saved game format are read by
 * isle-old-saved-game.c and turned into a scenario here.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "isle-goal.h"
#include "isle-notation.h"
#include "isle-old-saved-game.h"
#include "isle-player-spec.h"
#include "isle-rating.h"
#include "isle-rules-json.h"
#include "isle-saver.h"
#include "isle-puzzle-themes.h"
#include "isle-scenario-private.h"

/* Generated from data/critter-isle.gresource.xml (isle-rules-json.c). */
GResource *isle_get_resource (void);

typedef struct
{
  IsleScenario *sc;
  IsleJsonReader json;          /* where it stands, what it found */
  guint broken;
} Reader;

static const char *const top_fields[] = {
  "format", "version", "title", "author", "description", "difficulty", "hints", "themes", "measured",
  "variant", "rules", "seed", "first_seat", "start", "player", "opponent",
  "goal", "solution", "players", "actions", "position", "saved", "analysis",
  "rated", "rating",
};

static const char *const start_fields[] = {
  "round", "first_seat", "to_move", "weather", "deck", "board", "hands",
  "piles", "coins", "scores", "hired",
};

/* A string of at most ISLE_SCENARIO_MAX_STRING bytes of UTF-8, or NULL. */
static const char *
read_string (Reader *r, JsonNode *node, const char *path, const char *what)
{
  const char *s;

  if (!isle_json_holds_string (node))
    {
      isle_json_reader_expected (&r->json, path, what, node);
      return NULL;
    }
  s = json_node_get_string (node);
  if (strlen (s) > ISLE_SCENARIO_MAX_STRING)
    {
      isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_TOO_LARGE, NULL, -1, -1,
                                _("longer than %d bytes; expected %s"), ISLE_SCENARIO_MAX_STRING, what);
      return NULL;
    }
  if (!g_utf8_validate (s, -1, NULL))
    {
      isle_json_reader_expected (&r->json, path, what, node);
      return NULL;
    }
  return s;
}

/* An array of strings, at most MAX of them; NULL on a problem. */
static GStrv
read_strings (Reader *r, JsonNode *node, const char *path, guint max, const char *what)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;
  guint n;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *list = g_strdup_printf (_("an array of %s"), what);
      isle_json_reader_expected (&r->json, path, list, node);
      return NULL;
    }
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > max)
    {
      isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_TOO_LARGE, NULL, -1, -1,
                                _("%u entries; expected at most %u"), n, max);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      const char *s = read_string (r, json_array_get_element (array, i), item, what);

      if (s == NULL)
        ok = FALSE;
      else
        g_strv_builder_add (builder, s);
    }
  return ok ? g_strv_builder_end (builder) : NULL;
}

/* One of IDS (N of them; empty ids are skipped), or -1. */
static int
read_choice (Reader *r, JsonNode *node, const char *path, const char *const *ids, gsize n)
{
  /* A string too long or not UTF-8 is said so first. */
  if (isle_json_holds_string (node) && read_string (r, node, path, _("a string")) == NULL)
    return -1;
  return isle_json_reader_choice (&r->json, node, path, ids, n);
}

static gboolean
read_seed_text (const char *text, guint64 *seed)
{
  /* Digits only: g_ascii_string_to_unsigned() would also take a sign. */
  return text != NULL && text[0] >= '0' && text[0] <= '9'
         && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL);
}

/* R3: one token's kind code in a hand, a pile or a hire ("W"). */
static IsleKind
read_code (Reader *r, JsonNode *node, const char *path, gboolean mercenary_only)
{
  const char *what = mercenary_only
    ? _("a mercenary's code: F, T, C, M, S, G, L, K, O, D or H")
    : _("a token's kind code: W, P, R, B, F, T, C, M, S, G, L, K, O, D or H");
  IsleKind kind = ISLE_KIND_NONE;

  if (isle_json_holds_string (node) && strlen (json_node_get_string (node)) == 1)
    kind = isle_kind_from_code (json_node_get_string (node)[0]);
  if (kind == ISLE_KIND_NONE || (mercenary_only && !isle_kind_is_mercenary (kind)))
    {
      isle_json_reader_expected (&r->json, path, what, node);
      return ISLE_KIND_NONE;
    }
  return kind;
}

/* A hand or pile: "random" or a list of at most MAX kind codes. */
static gboolean
read_tokens (Reader *r, JsonNode *node, const char *path, int max,
             bool *random, uint8_t *len, uint8_t *kinds)
{
  JsonArray *array;
  guint n;
  gboolean ok = TRUE;

  if (isle_json_holds_string (node) && strcmp (json_node_get_string (node), "random") == 0)
    {
      *random = true;
      *len = 0;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      isle_json_reader_expected (&r->json, path, _("“random” or an array of kind codes"), node);
      return FALSE;
    }
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > (guint) max)
    {
      isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_POSITION, NULL, -1, -1,
                                _("%u tokens; expected at most %d"), n, max);
      return FALSE;
    }
  *random = false;
  *len = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      IsleKind kind = read_code (r, json_array_get_element (array, i), item, FALSE);

      if (kind == ISLE_KIND_NONE)
        ok = FALSE;
      else
        kinds[(*len)++] = (uint8_t) kind;
    }
  return ok;
}

/* R3: a row of the map, "rW . # bK* …", into row ROW of BOARD. */
static gboolean
read_row (Reader *r, JsonNode *node, const char *path, int row, IsleBoard *board)
{
  g_auto (GStrv) cells = NULL;
  const char *text = read_string (r, node, path, _("a row of 6 cells in R3 notation"));
  int column = 0;
  gboolean ok = TRUE;

  if (text == NULL)
    return FALSE;
  cells = g_strsplit_set (text, " \t", -1);
  for (int i = 0; cells[i] != NULL; i++)
    {
      const char *t = cells[i];
      int cell;
      char name[3];
      IsleNotationError err;

      if (t[0] == '\0')
        continue;
      if (column >= ISLE_BOARD_SIZE)
        {
          isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_POSITION, "R3", -1, -1,
                                    _("A row has more than %d cells; write %d cells separated by spaces."),
                                    ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
          return FALSE;
        }
      cell = isle_cell (column++, row);
      isle_cell_name (cell, name);
      if (strcmp (t, ".") == 0)
        continue;
      if (strcmp (t, "#") == 0)
        {
          board->fog |= UINT64_C (1) << cell;
          continue;
        }
      if (!isle_token_parse (t, strlen (t), &board->cells[cell], &err))
        {
          /* Translators: a tile's name, then the notation's message */
          isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_POSITION, "R3", -1, cell,
                                    _("%s: %s"), name, err.message);
          memset (&board->cells[cell], 0, sizeof board->cells[cell]);
          ok = FALSE;
        }
    }
  if (column < ISLE_BOARD_SIZE)
    {
      isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_POSITION, "R3", -1, -1,
                                _("A row has only %d of its %d cells; write them separated by spaces."),
                                column, ISLE_BOARD_SIZE);
      return FALSE;
    }
  return ok;
}

/* {"red": N, "blue": N} with each N in MIN..MAX. */
static gboolean
read_sides (Reader *r, JsonNode *node, const char *path, gint64 min, gint64 max,
            int32_t out[ISLE_N_SIDES])
{
  JsonObject *object;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      isle_json_reader_expected (&r->json, path, _("an object with members red and blue"), node);
      return FALSE;
    }
  object = json_node_get_object (node);
  ok = isle_json_reader_known_members (&r->json, object, path, isle_scenario_side_ids, ISLE_N_SIDES, FALSE);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      JsonNode *m = json_object_get_member (object, isle_scenario_side_ids[side]);
      g_autofree char *p = g_strdup_printf ("%s.%s", path, isle_scenario_side_ids[side]);
      gint64 v;

      if (m == NULL)
        {
          out[side] = 0;
          continue;
        }
      if (isle_json_reader_integer (&r->json, m, p, min, max, &v))
        out[side] = (int32_t) v;
      else
        ok = FALSE;
    }
  return ok;
}

static gboolean
read_start (Reader *r, JsonNode *node, IslePosition *pos)
{
  int n_seats = isle_scenario_get_n_seats (r->sc);
  JsonObject *o;
  JsonNode *m;
  gint64 v;
  gboolean ok = TRUE;

  isle_position_init (pos);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      isle_json_reader_expected (&r->json, "start", _("an object describing a position"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  ok &= isle_json_reader_known_members (&r->json, o, "start", start_fields, G_N_ELEMENTS (start_fields), FALSE);

  if ((m = json_object_get_member (o, "round")) != NULL)
    {
      if (isle_json_reader_integer (&r->json, m, "start.round", 1, ISLE_MAX_ROUNDS, &v))
        pos->round = (uint8_t) v;
      else
        ok = FALSE;
    }
  if ((m = json_object_get_member (o, "first_seat")) != NULL)
    {
      if (isle_json_reader_integer (&r->json, m, "start.first_seat", 0, n_seats - 1, &v))
        pos->first_seat = (uint8_t) v;
      else
        ok = FALSE;
    }
  if ((m = json_object_get_member (o, "to_move")) == NULL)
    {
      isle_json_reader_problem (&r->json, "start.to_move", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                _("missing; expected the seat whose turn begins, 0 to %d"), n_seats - 1);
      ok = FALSE;
    }
  else if (isle_json_reader_integer (&r->json, m, "start.to_move", 0, n_seats - 1, &v))
    pos->to_move = (uint8_t) v;
  else
    ok = FALSE;

  /* R4, R11: Sunny; R10: the quick game's weather; R6: it must be said. */
  if ((m = json_object_get_member (o, "weather")) != NULL)
    {
      int w = read_choice (r, m, "start.weather", isle_json_weather_ids (), ISLE_N_WEATHER);

      if (w < 0)
        ok = FALSE;
      else
        pos->weather = (uint8_t) w;
    }
  else if (r->sc->variant == ISLE_VARIANT_QUICK)
    pos->weather = (uint8_t) r->sc->rules.quick_weather;
  else if (r->sc->variant == ISLE_VARIANT_WEATHER || r->sc->variant == ISLE_VARIANT_MERCENARY)
    {
      g_autofree char *list = isle_json_join_ids (isle_json_weather_ids (), ISLE_N_WEATHER);

      isle_json_reader_problem (&r->json, "start.weather", ISLE_SCENARIO_ERROR_FIELD, "R6.1", -1, -1,
                                _("The weather in play is missing; give one of %s."), list);
      ok = FALSE;
    }

  if ((m = json_object_get_member (o, "deck")) != NULL)
    {
      JsonArray *deck;

      if (!JSON_NODE_HOLDS_ARRAY (m))
        {
          isle_json_reader_expected (&r->json, "start.deck", _("an array of weather cards, top first"), m);
          ok = FALSE;
        }
      else if (json_array_get_length ((deck = json_node_get_array (m))) > ISLE_MAX_WEATHER_CARDS)
        {
          isle_json_reader_problem (&r->json, "start.deck", ISLE_SCENARIO_ERROR_POSITION, NULL, -1, -1,
                                    _("%u cards; expected at most %d"), json_array_get_length (deck),
                                    ISLE_MAX_WEATHER_CARDS);
          ok = FALSE;
        }
      else
        {
          pos->has_deck = true;
          for (guint i = 0; i < json_array_get_length (deck); i++)
            {
              g_autofree char *p = g_strdup_printf ("start.deck[%u]", i);
              int w = read_choice (r, json_array_get_element (deck, i), p, isle_json_weather_ids (), ISLE_N_WEATHER);

              if (w < 0)
                ok = FALSE;
              else
                pos->deck[pos->deck_len++] = (uint8_t) w;
            }
        }
    }

  if ((m = json_object_get_member (o, "board")) == NULL)
    {
      isle_json_reader_problem (&r->json, "start.board", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                _("missing; expected the map as 6 rows of R3 notation"));
      ok = FALSE;
    }
  else if (!JSON_NODE_HOLDS_ARRAY (m))
    {
      isle_json_reader_expected (&r->json, "start.board", _("an array of 6 rows of R3 notation, row 1 first"), m);
      ok = FALSE;
    }
  else if (json_array_get_length (json_node_get_array (m)) != ISLE_BOARD_SIZE)
    {
      isle_json_reader_problem (&r->json, "start.board", ISLE_SCENARIO_ERROR_POSITION, "R1, R3", -1, -1,
                                _("The map must have %d rows of %d cells, row 1 first; this one has %u."),
                                ISLE_BOARD_SIZE, ISLE_BOARD_SIZE, json_array_get_length (json_node_get_array (m)));
      ok = FALSE;
    }
  else
    for (int row = 0; row < ISLE_BOARD_SIZE; row++)
      {
        g_autofree char *p = g_strdup_printf ("start.board[%d]", row);

        ok &= read_row (r, json_array_get_element (json_node_get_array (m), (guint) row),
                        p, row, &pos->board);
      }
  isle_board_sync (&pos->board);

  for (int which = 0; which < 2; which++)
    {
      const char *key = which == 0 ? "hands" : "piles";
      JsonArray *array;

      if ((m = json_object_get_member (o, key)) == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (m)
          || json_array_get_length ((array = json_node_get_array (m))) != (guint) n_seats)
        {
          g_autofree char *p = g_strdup_printf ("start.%s", key);
          g_autofree char *what = g_strdup_printf (_("an array of %d entries, one per seat"), n_seats);

          isle_json_reader_expected (&r->json, p, what, m);
          ok = FALSE;
          continue;
        }
      for (int seat = 0; seat < n_seats; seat++)
        {
          g_autofree char *p = g_strdup_printf ("start.%s[%d]", key, seat);
          JsonNode *e = json_array_get_element (array, (guint) seat);

          if (which == 0)
            ok &= read_tokens (r, e, p, ISLE_HAND_MAX, &pos->random_hand[seat],
                               &pos->hand_len[seat], pos->hand[seat]);
          else
            ok &= read_tokens (r, e, p, ISLE_PILE_MAX, &pos->random_pile[seat],
                               &pos->pile_len[seat], pos->pile[seat]);
        }
    }

  if ((m = json_object_get_member (o, "coins")) != NULL)
    ok &= read_sides (r, m, "start.coins", -ISLE_SCENARIO_MAX_POINTS, ISLE_SCENARIO_MAX_POINTS, pos->coins);

  if ((m = json_object_get_member (o, "scores")) != NULL)
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (m)
          || json_array_get_length ((array = json_node_get_array (m))) > ISLE_MAX_ROUNDS)
        {
          isle_json_reader_expected (&r->json, "start.scores", _("an array of the earlier rounds' points, {\"red\": N, \"blue\": N} each"), m);
          ok = FALSE;
        }
      else
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            g_autofree char *p = g_strdup_printf ("start.scores[%u]", i);

            ok &= read_sides (r, json_array_get_element (array, i), p,
                              -ISLE_SCENARIO_MAX_POINTS, ISLE_SCENARIO_MAX_POINTS, pos->scores[i]);
          }
    }

  if ((m = json_object_get_member (o, "hired")) != NULL)
    {
      JsonObject *h;

      if (!JSON_NODE_HOLDS_OBJECT (m))
        {
          isle_json_reader_expected (&r->json, "start.hired", _("an object with members red and blue, each a list of mercenary codes"), m);
          ok = FALSE;
        }
      else
        {
          h = json_node_get_object (m);
          ok &= isle_json_reader_known_members (&r->json, h, "start.hired", isle_scenario_side_ids, ISLE_N_SIDES, FALSE);
          for (int side = 0; side < ISLE_N_SIDES; side++)
            {
              JsonNode *list = json_object_get_member (h, isle_scenario_side_ids[side]);
              g_autofree char *p = g_strdup_printf ("start.hired.%s", isle_scenario_side_ids[side]);
              JsonArray *array;

              if (list == NULL)
                continue;
              if (!JSON_NODE_HOLDS_ARRAY (list)
                  || json_array_get_length ((array = json_node_get_array (list))) > 2 * ISLE_N_KINDS)
                {
                  isle_json_reader_expected (&r->json, p, _("a list of mercenary codes"), list);
                  ok = FALSE;
                  continue;
                }
              for (guint i = 0; i < json_array_get_length (array); i++)
                {
                  g_autofree char *item = g_strdup_printf ("%s[%u]", p, i);
                  IsleKind k = read_code (r, json_array_get_element (array, i), item, TRUE);

                  if (k == ISLE_KIND_NONE)
                    ok = FALSE;
                  else
                    pos->hired[side][k]++;
                }
            }
        }
    }
  return ok;
}

/* The rules: a whole rules object (with "format"), or overrides of the
 * standard rules. */
static gboolean
read_rules (Reader *r, JsonNode *node)
{
  g_autoptr (JsonNode) merged = NULL;
  gboolean ok;
  IsleRules standard, rules;
  JsonObject *o, *m;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      isle_json_reader_expected (&r->json, "rules", _("an object of rules fields"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  if (json_object_has_member (o, "format") || json_object_has_member (o, "version"))
    {
      r->sc->full_rules = TRUE;
      merged = json_node_copy (node);
    }
  else
    {
      g_autoptr (GList) members = NULL;

      if (!isle_json_reader_known_members (&r->json, o, "rules", isle_scenario_rules_fields, G_N_ELEMENTS (isle_scenario_rules_fields), FALSE))
        return FALSE;
      isle_scenario_standard_rules (&standard);
      merged = isle_rules_to_json (&standard);
      m = json_node_get_object (merged);
      members = json_object_get_members (o);
      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *key = l->data;
          JsonNode *over = json_object_get_member (o, key);
          JsonNode *base = json_object_get_member (m, key);

          if (JSON_NODE_HOLDS_OBJECT (over) && base != NULL && JSON_NODE_HOLDS_OBJECT (base))
            {
              JsonObject *bo = json_node_get_object (base);
              g_autoptr (GList) subs = json_object_get_members (json_node_get_object (over));

              for (GList *s = subs; s != NULL; s = s->next)
                json_object_set_member (bo, s->data,
                                        json_node_copy (json_object_get_member (json_node_get_object (over), s->data)));
            }
          else
            json_object_set_member (m, key, json_node_copy (over));
        }
    }
  /* The rules reader reads on below "rules", its problems the scenario's. */
  r->json.field_code = ISLE_SCENARIO_ERROR_RULES;
  isle_json_reader_enter (&r->json, "rules");
  ok = isle_rules_read (&r->json, merged, &rules);
  isle_json_reader_leave (&r->json);
  r->json.field_code = ISLE_SCENARIO_ERROR_FIELD;
  if (ok)
    r->sc->rules = rules;
  return ok;
}

static gboolean
read_goal (Reader *r, JsonNode *node)
{
  JsonObject *o;
  JsonNode *m;
  int type;
  const char *known[2] = { "type", NULL };
  gint64 v;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      isle_json_reader_expected (&r->json, "goal", _("an object with a “type”"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  if ((m = json_object_get_member (o, "type")) == NULL)
    {
      g_autofree char *list = isle_json_join_ids (isle_goal_ids, G_N_ELEMENTS (isle_goal_ids));

      isle_json_reader_problem (&r->json, "goal.type", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                _("missing; expected one of %s"), list);
      return FALSE;
    }
  type = read_choice (r, m, "goal.type", isle_goal_ids, G_N_ELEMENTS (isle_goal_ids));
  if (type < 0)
    return FALSE;
  known[1] = isle_goal_value_keys[type];
  if (!isle_json_reader_known_members (&r->json, o, "goal", known, known[1] ? 2 : 1, FALSE))
    return FALSE;
  r->sc->goal.type = (IsleGoalType) type;
  r->sc->goal.value = 0;
  if (known[1] == NULL)
    return TRUE;
  {
    g_autofree char *path = g_strdup_printf ("goal.%s", known[1]);

    if ((m = json_object_get_member (o, known[1])) == NULL)
      {
        isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                  _("missing; the goal “%s” needs it"), isle_goal_ids[type]);
        return FALSE;
      }
    if (!isle_json_reader_integer (&r->json, m, path, -ISLE_SCENARIO_MAX_POINTS, ISLE_SCENARIO_MAX_POINTS, &v))
      return FALSE;
    r->sc->goal.value = (int) v;
  }
  return TRUE;
}

/* "themes": an array of theme ids (isle-puzzle-themes.h), each once. */
static void
read_themes (Reader *r, JsonNode *node)
{
  JsonArray *array;
  guint themes = 0;

  if (!JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length ((array = json_node_get_array (node))) > ISLE_N_THEMES)
    {
      g_autofree char *what = g_strdup_printf (_("an array of at most %d themes"), ISLE_N_THEMES);

      isle_json_reader_expected (&r->json, "themes", what, node);
      return;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = g_strdup_printf ("themes[%u]", i);
      int theme = read_choice (r, json_array_get_element (array, i), path, isle_puzzle_theme_ids, ISLE_N_THEMES);

      if (theme < 0)
        continue;
      if (themes & ISLE_PUZZLE_THEME_BIT (theme))
        isle_json_reader_problem (&r->json, path, ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                  _("“%s” is named twice; expected each theme once"), isle_puzzle_theme_ids[theme]);
      themes |= ISLE_PUZZLE_THEME_BIT (theme);
    }
  r->sc->themes = themes;
}

/* "measured": {"tries": N, "failed": {"beginner": F, …}}, every level's
 * failures from 0 to N. */
static void
read_measure (Reader *r, JsonNode *node)
{
  static const char *const known[] = { "tries", "failed" };
  IsleScenarioMeasure measure = { 0 };
  JsonObject *o, *failed;
  JsonNode *m;
  gint64 v;
  gboolean ok;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      isle_json_reader_expected (&r->json, "measured", _("an object with members tries and failed"), node);
      return;
    }
  o = json_node_get_object (node);
  ok = isle_json_reader_known_members (&r->json, o, "measured", known, G_N_ELEMENTS (known), FALSE);
  if ((m = json_object_get_member (o, "tries")) == NULL)
    ok = isle_json_reader_missing (&r->json, "measured.tries");
  else if (isle_json_reader_integer (&r->json, m, "measured.tries", 1, ISLE_SCENARIO_MAX_TRIES, &v))
    measure.tries = (int) v;
  else
    ok = FALSE;
  if ((m = json_object_get_member (o, "failed")) == NULL)
    ok = isle_json_reader_missing (&r->json, "measured.failed");
  else if (!JSON_NODE_HOLDS_OBJECT (m))
    ok = isle_json_reader_expected (&r->json, "measured.failed", _("an object with members beginner, easy, medium and hard"), m);
  else
    {
      failed = json_node_get_object (m);
      ok &= isle_json_reader_known_members (&r->json, failed, "measured.failed", isle_scenario_measured_ids,
                                            ISLE_SCENARIO_MEASURED_LEVELS, FALSE);
      for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
        {
          g_autofree char *path = g_strdup_printf ("measured.failed.%s", isle_scenario_measured_ids[l]);
          JsonNode *count = json_object_get_member (failed, isle_scenario_measured_ids[l]);

          if (count == NULL)
            ok = isle_json_reader_missing (&r->json, path);
          else if (isle_json_reader_integer (&r->json, count, path, 0, MAX (measure.tries, 1), &v))
            measure.failed[l] = (int) v;
          else
            ok = FALSE;
        }
    }
  if (ok && measure.tries > 0)
    {
      r->sc->has_measure = TRUE;
      r->sc->measure = measure;
    }
}

/* The members of a file of the current format into R->sc. */
static void
read_members (Reader *r, JsonObject *root)
{
  IsleScenario *sc = r->sc;
  JsonNode *m;
  gint64 v;
  const char *s;

  isle_json_reader_known_members (&r->json, root, NULL, top_fields, G_N_ELEMENTS (top_fields), FALSE);

  if ((m = json_object_get_member (root, "title")) != NULL
      && (s = read_string (r, m, "title", _("a string"))) != NULL)
    sc->title = g_strdup (s);
  if ((m = json_object_get_member (root, "author")) != NULL
      && (s = read_string (r, m, "author", _("a string"))) != NULL)
    sc->author = g_strdup (s);
  if ((m = json_object_get_member (root, "description")) != NULL
      && (s = read_string (r, m, "description", _("a string"))) != NULL)
    sc->description = g_strdup (s);
  if ((m = json_object_get_member (root, "difficulty")) != NULL)
    {
      int d = read_choice (r, m, "difficulty", isle_scenario_difficulty_ids, G_N_ELEMENTS (isle_scenario_difficulty_ids));
      if (d > 0)
        sc->difficulty = (IsleDifficulty) d;
    }
  if ((m = json_object_get_member (root, "hints")) != NULL)
    sc->hints = read_strings (r, m, "hints", ISLE_SCENARIO_MAX_HINTS, _("strings"));
  if ((m = json_object_get_member (root, "themes")) != NULL)
    read_themes (r, m);
  if ((m = json_object_get_member (root, "measured")) != NULL)
    read_measure (r, m);

  if ((m = json_object_get_member (root, "variant")) == NULL)
    {
      g_autofree char *list = isle_json_join_ids (isle_json_variant_ids (), ISLE_N_VARIANTS);

      isle_json_reader_problem (&r->json, "variant", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                _("missing; expected one of %s"), list);
      r->broken |= ISLE_SCENARIO_BROKEN_VARIANT;
    }
  else
    {
      int variant = read_choice (r, m, "variant", isle_json_variant_ids (), ISLE_N_VARIANTS);
      if (variant < 0)
        r->broken |= ISLE_SCENARIO_BROKEN_VARIANT;
      else
        sc->variant = (IsleVariant) variant;
    }

  if ((m = json_object_get_member (root, "rules")) != NULL && !read_rules (r, m))
    r->broken |= ISLE_SCENARIO_BROKEN_RULES;

  if ((m = json_object_get_member (root, "seed")) != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("a whole number from 0 to %" PRIu64
                                                 " written as a string"), G_MAXUINT64);

      s = isle_json_holds_string (m) ? json_node_get_string (m) : NULL;
      if (s != NULL && read_seed_text (s, &sc->seed))
        sc->has_seed = TRUE;
      else
        {
          isle_json_reader_expected (&r->json, "seed", what, m);
          r->broken |= ISLE_SCENARIO_BROKEN_SEED;
        }
    }
  if ((m = json_object_get_member (root, "first_seat")) != NULL)
    {
      if (isle_json_reader_integer (&r->json, m, "first_seat", 0, isle_scenario_get_n_seats (sc) - 1, &v))
        sc->first_seat = (int) v;
      else
        r->broken |= ISLE_SCENARIO_BROKEN_START;
    }
  if ((m = json_object_get_member (root, "start")) != NULL)
    {
      IslePosition pos;

      /* The seats of hands and piles depend on the variant. */
      if (r->broken & ISLE_SCENARIO_BROKEN_VARIANT)
        {
          isle_position_init (&pos);
          r->broken |= ISLE_SCENARIO_BROKEN_START;
        }
      else if (!read_start (r, m, &pos) || (r->broken & ISLE_SCENARIO_BROKEN_RULES))
        r->broken |= ISLE_SCENARIO_BROKEN_START;
      sc->start = g_memdup2 (&pos, sizeof pos);
      if (json_object_has_member (root, "first_seat"))
        {
          isle_json_reader_problem (&r->json, "first_seat", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                    _("not with a start position: its “first_seat” says who began the round"));
        }
    }

  if ((m = json_object_get_member (root, "player")) != NULL)
    {
      sc->has_player = TRUE;
      if (isle_json_reader_integer (&r->json, m, "player", 0, isle_scenario_get_n_seats (sc) - 1, &v))
        sc->player = (int) v;
      else
        r->broken |= ISLE_SCENARIO_BROKEN_PLAYERS;
    }
  if ((m = json_object_get_member (root, "opponent")) != NULL)
    {
      g_autofree char *levels = isle_player_spec_level_ids ();
      g_autofree char *what = g_strdup_printf (_("a built-in computer player: one of %s"), levels);

      sc->has_player = TRUE;
      if ((s = read_string (r, m, "opponent", what)) != NULL)
        {
          g_free (sc->opponent);
          sc->opponent = isle_scenario_player_dup (s);
        }
      else
        r->broken |= ISLE_SCENARIO_BROKEN_PLAYERS;
    }
  if ((m = json_object_get_member (root, "goal")) != NULL && !read_goal (r, m))
    r->broken |= ISLE_SCENARIO_BROKEN_GOAL;
  if ((m = json_object_get_member (root, "solution")) != NULL
      && (sc->solution = read_strings (r, m, "solution", ISLE_SCENARIO_MAX_ACTIONS,
                                       _("actions in text form, such as “place rW c3”"))) == NULL)
    r->broken |= ISLE_SCENARIO_BROKEN_SOLUTION;
  if ((m = json_object_get_member (root, "players")) != NULL)
    {
      g_auto (GStrv) players = read_strings (r, m, "players", ISLE_MAX_SEATS + 1, _("players"));

      if (players == NULL)
        r->broken |= ISLE_SCENARIO_BROKEN_PLAYERS;
      else
        sc->players = isle_scenario_players_dup ((const char *const *) players);
    }
  if ((m = json_object_get_member (root, "actions")) != NULL)
    {
      sc->actions = read_strings (r, m, "actions", ISLE_SCENARIO_MAX_ACTIONS,
                                  _("actions in text form, such as “place rW c3”"));
      if (sc->actions == NULL)
        r->broken |= ISLE_SCENARIO_BROKEN_ACTIONS;
      sc->position = sc->actions ? g_strv_length (sc->actions) : 0;
    }
  if ((m = json_object_get_member (root, "position")) != NULL)
    {
      if (isle_json_reader_integer (&r->json, m, "position", 0, ISLE_SCENARIO_MAX_ACTIONS, &v))
        sc->position = (guint) v;
      else
        r->broken |= ISLE_SCENARIO_BROKEN_ACTIONS;
      if (!json_object_has_member (root, "actions"))
        isle_json_reader_problem (&r->json, "position", ISLE_SCENARIO_ERROR_FIELD, NULL, -1, -1,
                                  _("a position in the history, but there is no “actions”"));
    }
  if ((m = json_object_get_member (root, "rated")) != NULL)
    {
      if (JSON_NODE_HOLDS_VALUE (m) && json_node_get_value_type (m) == G_TYPE_BOOLEAN)
        sc->rated = json_node_get_boolean (m);
      else
        isle_json_reader_expected (&r->json, "rated", _("true or false"), m);
    }
  if ((m = json_object_get_member (root, "rating")) != NULL)
    {
      if (isle_json_reader_integer (&r->json, m, "rating", ISLE_RATING_MIN, ISLE_RATING_MAX, &v))
        sc->rating = (int) v;
    }
  if (sc->rated && sc->rating == 0)
    sc->rating = ISLE_RATING_DEFAULT;
  if ((m = json_object_get_member (root, "saved")) != NULL)
    {
      g_autoptr (GDateTime) when = NULL;
      const char *what = _("a date and time in ISO 8601 form");

      if ((s = read_string (r, m, "saved", what)) != NULL
          && (when = g_date_time_new_from_iso8601 (s, NULL)) != NULL)
        sc->saved = g_strdup (s);
      else if (s != NULL)
        isle_json_reader_expected (&r->json, "saved", what, m);
    }
  /* Kept as it is: a game reads it (isle_game_analysis_from_json()), and
   * a problem of it never refuses the file. */
  if ((m = json_object_get_member (root, "analysis")) != NULL)
    sc->analysis = json_node_copy (m);
}

/* ---- Loading ------------------------------------------------------------- */

static IsleScenarioError
old_code (int code)
{
  switch ((IsleOldSavedGameError) code)
    {
    case ISLE_OLD_SAVED_GAME_ERROR_ACTION:
      return ISLE_SCENARIO_ERROR_ACTION;
    case ISLE_OLD_SAVED_GAME_ERROR_RULES:
      return ISLE_SCENARIO_ERROR_RULES;
    case ISLE_OLD_SAVED_GAME_ERROR_PARSE:
    case ISLE_OLD_SAVED_GAME_ERROR_FORMAT:
    case ISLE_OLD_SAVED_GAME_ERROR_FIELD:
    default:
      return ISLE_SCENARIO_ERROR_FIELD;
    }
}

/* An old saved game (doc/saved-game-format.md) as a scenario. */
static IsleScenario *
read_old (JsonNode *root, GPtrArray *out)
{
  g_auto (IsleOldSavedGame) old = { 0 };
  IsleJsonReader r;
  IsleScenario *sc = NULL;

  isle_json_reader_init (&r, ISLE_OLD_SAVED_GAME_ERROR_FIELD);
  if (isle_old_saved_game_read_with (&r, root, &old))
    {
      sc = isle_scenario_new ();
      sc->variant = old.setup.variant;
      sc->first_seat = old.setup.first_seat;
      isle_scenario_set_game (sc, &old.setup, old.seed, (const char *const *) old.texts,
                              old.position, old.saved);
    }
  isle_scenario_take_problems (&r, old_code, out);
  isle_json_reader_clear (&r);
  return sc;
}

/* Reads DATA; OUT gets every problem. NULL when it is no Critter Isle
 * file at all. */
static IsleScenario *
read_all (const char *data, gssize length, GPtrArray *out)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = NULL;
  JsonNode *root, *m;
  JsonObject *o;
  gsize len = length < 0 ? (data ? strlen (data) : 0) : (gsize) length;
  Reader r;

  if (len > ISLE_SCENARIO_MAX_BYTES)
    {
      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_TOO_LARGE, "", -1, -1,
                                 _("larger than %d bytes; a scenario or saved game is far smaller"),
                                 ISLE_SCENARIO_MAX_BYTES);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data ? data : "", (gssize) len, &error))
    {
      gboolean placed;
      g_autofree char *message = isle_json_parse_message (error, &placed);

      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_PARSE, "", -1, -1, "%s", message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_autofree char *got = root ? isle_json_describe (root) : g_strdup (_("nothing"));

      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_PARSE, "", -1, -1,
                                 _("expected a Critter Isle file (a JSON object with “format”: “%s”), got %s"),
                                 ISLE_SCENARIO_FORMAT, got);
      return NULL;
    }
  o = json_node_get_object (root);

  m = json_object_get_member (o, "format");
  if (m != NULL && isle_json_holds_string (m) && strcmp (json_node_get_string (m), ISLE_OLD_SAVED_GAME_FORMAT) == 0)
    return read_old (root, out);
  if (m == NULL || !isle_json_holds_string (m) || strcmp (json_node_get_string (m), ISLE_SCENARIO_FORMAT) != 0)
    {
      g_autofree char *got = m ? isle_json_describe (m) : g_strdup (_("nothing"));

      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FORMAT, "format", -1, -1,
                                 _("expected “%s” (or “%s”, a saved game of an older Critter Isle), got %s"),
                                 ISLE_SCENARIO_FORMAT, ISLE_OLD_SAVED_GAME_FORMAT, got);
      return NULL;
    }
  m = json_object_get_member (o, "version");
  if (m == NULL || !isle_json_holds_integer (m) || json_node_get_int (m) < 1)
    {
      g_autofree char *got = m ? isle_json_describe (m) : g_strdup (_("nothing"));

      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, "version", -1, -1,
                                 _("expected the integer %d, got %s"), ISLE_SCENARIO_VERSION, got);
      return NULL;
    }
  /* Before anything else: a newer file has fields this one does not know. */
  if (json_node_get_int (m) > ISLE_SCENARIO_VERSION)
    {
      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FORMAT, "version", -1, -1,
                                 _("made with a newer Critter Isle (file version %" PRId64
                                 ", this one reads %d)"), json_node_get_int (m), ISLE_SCENARIO_VERSION);
      return NULL;
    }

  sc = isle_scenario_new ();
  r.sc = sc;
  r.broken = 0;
  isle_json_reader_init (&r.json, ISLE_SCENARIO_ERROR_FIELD);
  read_members (&r, o);
  isle_scenario_take_problems (&r.json, NULL, out);
  isle_json_reader_clear (&r.json);
  isle_scenario_validate_into (sc, out, r.broken);
  return g_steal_pointer (&sc);
}

IsleScenario *
isle_scenario_read_data (const char *data, gssize length, GPtrArray **problems)
{
  g_autoptr (GPtrArray) out = isle_scenario_problems_new ();
  IsleScenario *sc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  sc = read_all (data, length, out);
  if (problems != NULL)
    *problems = g_steal_pointer (&out);
  return sc;
}

IsleScenario *
isle_scenario_load_data (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr (GPtrArray) out = isle_scenario_problems_new ();
  g_autoptr (IsleScenario) sc = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (name == NULL)
    name = _("scenario");
  sc = read_all (data, length, out);
  if (out->len > 0)
    {
      isle_scenario_set_error (error, out, name);
      return NULL;
    }
  return g_steal_pointer (&sc);
}

IsleScenario *
isle_scenario_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_name (path);
  /* Never read a huge file whole (more than the limit is refused). */
  contents = isle_read_file_bounded (path, ISLE_SCENARIO_MAX_BYTES, &length, error);
  if (contents == NULL)
    return NULL;
  return isle_scenario_load_data (contents, (gssize) length, name, error);
}

IsleScenario *
isle_scenario_load_resource (const char *resource_path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  gconstpointer data;
  gsize length;

  g_return_val_if_fail (resource_path != NULL, NULL);
  (void) isle_get_resource ();
  bytes = g_resources_lookup_data (resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  name = g_path_get_basename (resource_path);
  data = g_bytes_get_data (bytes, &length);
  return isle_scenario_load_data (data, (gssize) length, name, error);
}

