/* isle-game-analysis-file.c — a game's analysis as the "analysis" member
 * of its `.isle` file (isle-game-analysis-file.h).
 *
 * Reading checks every field through an IsleJsonReader, as the rest of
 * the file is read, but a problem never refuses the game: the analysis is
 * dropped and the problems are handed back as a warning
 * (doc/scenario-format.md, "analysis"). */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "isle-game-analysis-file.h"
#include "isle-game.h"
#include "isle-json.h"
#include "isle-scenario.h"

static const char *const analysis_fields[] = { "version", "depth", "seed", "judge", "decisions" };
static const char *const decision_fields[] = {
  "index", "action", "seat", "round", "label", "legal", "before", "after", "points", "best",
  "reply", "reply_seat", "best_reply", "best_reply_seat", "visits", "iterations",
};

/* Chances are written to four decimals and points to two: far finer than
 * a search measures. */
#define CHANCE_SCALE 10000.0
#define POINTS_SCALE 100.0

/* ---- Writing ------------------------------------------------------------- */

/* STATE as the seat SEAT sees its own move written: the text form of an
 * action names the seat to move's tokens. */
static const char *
format_for (const IsleState *state, int seat, IsleAction action, char *buf)
{
  IsleState s = *state;

  s.to_move = (uint8_t) seat;
  return isle_action_format (&s, action, buf);
}

static void
add_int (JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

static void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_string_value (b, value);
}

static void
add_chance (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_double_value (b, round (value * CHANCE_SCALE) / CHANCE_SCALE);
}

static void
add_move (JsonBuilder *b, guint index, const IsleState *s, const IsleReviewMove *m)
{
  char text[32];

  json_builder_begin_object (b);
  add_int (b, "index", index);
  add_string (b, "action", format_for (s, m->seat, m->action, text));
  add_int (b, "seat", m->seat);
  add_int (b, "round", m->round);
  add_string (b, "label", isle_game_analysis_label_id (m->label));
  add_int (b, "legal", m->n_legal);
  if (m->label != ISLE_REVIEW_ONLY)
    {
      add_chance (b, "before", m->before);
      add_chance (b, "after", m->after);
      if (m->points != 0.0)
        {
          json_builder_set_member_name (b, "points");
          json_builder_add_double_value (b, round (m->points * POINTS_SCALE) / POINTS_SCALE);
        }
      add_string (b, "best", format_for (s, m->seat, m->best, text));
      if (m->reply_seat >= 0 && m->reply_seat < s->n_seats)
        {
          add_string (b, "reply", format_for (s, m->reply_seat, m->reply, text));
          add_int (b, "reply_seat", m->reply_seat);
        }
      if (m->best_reply_seat >= 0 && m->best_reply_seat < s->n_seats)
        {
          add_string (b, "best_reply", format_for (s, m->best_reply_seat, m->best_reply, text));
          add_int (b, "best_reply_seat", m->best_reply_seat);
        }
      add_int (b, "visits", m->visits);
      add_int (b, "iterations", m->iterations);
    }
  json_builder_end_object (b);
}

JsonNode *
isle_game_analysis_to_json (const IsleGameAnalysis *self, IsleGame *game)
{
  g_autoptr (JsonBuilder) b = NULL;
  char seed[32];
  guint n_actions;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  if (!isle_game_analysis_is_understood (self))
    return json_node_copy (isle_game_analysis_get_json (self));
  b = json_builder_new ();
  n_actions = isle_game_get_n_actions (game);
  g_snprintf (seed, sizeof seed, "%" PRIu64, isle_game_analysis_get_seed (self));
  json_builder_begin_object (b);
  add_int (b, "version", ISLE_GAME_ANALYSIS_VERSION);
  add_string (b, "depth", isle_game_analysis_depth_id (isle_game_analysis_get_depth (self)));
  add_string (b, "seed", seed);
  add_int (b, "judge", isle_game_analysis_get_judge (self));
  json_builder_set_member_name (b, "decisions");
  json_builder_begin_array (b);
  for (guint k = 0; k < isle_game_analysis_get_n_moves (self); k++)
    {
      IsleReviewMove m;
      guint index;

      isle_game_analysis_get_nth (self, k, &index, &m);
      /* Only what belongs to the game's history. */
      if (index < n_actions && isle_game_get_action (game, index) == m.action)
        add_move (b, index, isle_game_get_state_at (game, index), &m);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- Reading ------------------------------------------------------------- */

typedef struct
{
  IsleJsonReader json;
  IsleGame *game;
  JsonObject *object;        /* the decision being read */
  const char *depths[ISLE_REVIEW_N_DEPTHS];
  const char *labels[ISLE_REVIEW_N_LABELS];
  GArray *indices;           /* guint: the decisions read, by increasing index */
  GArray *moves;             /* IsleReviewMove: their judgements */
  GHashTable *seen;          /* every index read */
} Reader;

static JsonNode *
member (Reader *r, const char *key, gboolean required)
{
  JsonNode *m = json_object_get_member (r->object, key);

  if (m == NULL && required)
    isle_json_reader_missing (&r->json, key);
  return m;
}

/* An integer member KEY from MIN to MAX; FALSE when absent (REQUIRED says
 * whether that is a problem) or wrong. */
static gboolean
read_int (Reader *r, const char *key, gboolean required, gint64 min, gint64 max, gint64 *out)
{
  JsonNode *m = member (r, key, required);

  return m != NULL && isle_json_reader_integer (&r->json, m, key, min, max, out);
}

/* A chance, 0 to 1. */
static gboolean
read_chance (Reader *r, const char *key, double *out)
{
  JsonNode *m = member (r, key, TRUE);

  if (m == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (m)
      && (json_node_get_value_type (m) == G_TYPE_DOUBLE || json_node_get_value_type (m) == G_TYPE_INT64))
    {
      double d = json_node_get_double (m);

      if (d >= 0.0 && d <= 1.0)
        {
          *out = d;
          return TRUE;
        }
    }
  return isle_json_reader_expected (&r->json, key, _("a number from 0 to 1"), m);
}

/* Points given away, any number; 0 when absent (an analysis by a judge
 * that did not count them, or a decision that gave none). */
static gboolean
read_points (Reader *r, double *out)
{
  JsonNode *m = member (r, "points", FALSE);

  *out = 0.0;
  if (m == NULL)
    return TRUE;
  if (JSON_NODE_HOLDS_VALUE (m)
      && (json_node_get_value_type (m) == G_TYPE_DOUBLE || json_node_get_value_type (m) == G_TYPE_INT64)
      && isfinite (json_node_get_double (m)) && fabs (json_node_get_double (m)) <= 10000.0)
    {
      *out = json_node_get_double (m);
      return TRUE;
    }
  return isle_json_reader_expected (&r->json, "points", _("a number of points from −10000 to 10000"), m);
}

/* An action of seat SEAT in text form, where decision INDEX was made. */
static gboolean
read_action (Reader *r, const char *key, guint index, int seat, IsleAction *out)
{
  JsonNode *m = member (r, key, TRUE);
  IsleState s;

  if (m == NULL)
    return FALSE;
  s = *isle_game_get_state_at (r->game, index);
  s.to_move = (uint8_t) seat;
  if (isle_json_holds_string (m) && isle_action_parse (&s, json_node_get_string (m), out))
    return TRUE;
  return isle_json_reader_expected (&r->json, key, _("actions in text form, such as “place rW c3”"), m);
}

/* A reply and its seat ("reply", "reply_seat"): both or neither. */
static gboolean
read_reply (Reader *r, const char *key, const char *seat_key, guint index, int n_seats,
            IsleAction *action, int *seat)
{
  gint64 v;

  *action = 0;
  *seat = -1;
  if (member (r, key, FALSE) == NULL && member (r, seat_key, FALSE) == NULL)
    return TRUE;
  if (!read_int (r, seat_key, TRUE, 0, n_seats - 1, &v))
    return FALSE;
  *seat = (int) v;
  return read_action (r, key, index, *seat, action);
}

/* One judged decision, NODE; *KEEP says whether it belongs to the game's
 * history. FALSE on a problem. */
static gboolean
read_decision (Reader *r, JsonNode *node, guint *index, IsleReviewMove *m, gboolean *keep)
{
  guint n_actions = isle_game_get_n_actions (r->game);
  const IsleState *s;
  const char *text;
  IsleAction action;
  JsonNode *node_m;
  gint64 v;
  int label;
  gboolean ok = TRUE;

  *keep = FALSE;
  memset (m, 0, sizeof *m);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return isle_json_reader_expected (&r->json, NULL, _("an object: one decision judged"), node);
  r->object = json_node_get_object (node);
  if (!isle_json_reader_known_members (&r->json, r->object, NULL, decision_fields,
                                       G_N_ELEMENTS (decision_fields), FALSE))
    return FALSE;
  if (!read_int (r, "index", TRUE, 0, ISLE_SCENARIO_MAX_ACTIONS - 1, &v))
    return FALSE;
  *index = (guint) v;
  if ((node_m = member (r, "action", TRUE)) == NULL)
    return FALSE;
  if (!isle_json_holds_string (node_m))
    return isle_json_reader_expected (&r->json, "action", _("actions in text form, such as “place rW c3”"), node_m);
  text = json_node_get_string (node_m);
  if ((node_m = member (r, "label", TRUE)) == NULL
      || (label = isle_json_reader_choice (&r->json, node_m, "label", r->labels, ISLE_REVIEW_N_LABELS)) < 0)
    return FALSE;
  ok &= read_int (r, "seat", TRUE, 0, ISLE_MAX_SEATS - 1, &v);
  m->seat = (int) v;
  ok &= read_int (r, "round", TRUE, 1, ISLE_MAX_ROUNDS, &v);
  m->round = (int) v;
  ok &= read_int (r, "legal", TRUE, 1, G_MAXINT32, &v);
  m->n_legal = (int) v;
  m->label = (IsleReviewLabel) label;
  if (!ok)
    return FALSE;
  /* A decision of another history: not this game's, left out. */
  if (*index >= n_actions)
    return TRUE;
  s = isle_game_get_state_at (r->game, *index);
  if (m->seat != isle_state_to_move (s) || !isle_action_parse (s, text, &action)
      || action != isle_game_get_action (r->game, *index))
    return TRUE;
  m->action = action;
  m->best = action;
  m->reply_seat = m->best_reply_seat = -1;
  if (m->label == ISLE_REVIEW_ONLY)
    m->before = m->after = -1.0;
  else
    {
      ok &= read_chance (r, "before", &m->before);
      ok &= read_chance (r, "after", &m->after);
      ok &= read_points (r, &m->points);
      ok &= read_action (r, "best", *index, m->seat, &m->best);
      ok &= read_reply (r, "reply", "reply_seat", *index, s->n_seats, &m->reply, &m->reply_seat);
      ok &= read_reply (r, "best_reply", "best_reply_seat", *index, s->n_seats, &m->best_reply,
                        &m->best_reply_seat);
      ok &= read_int (r, "visits", TRUE, 0, G_MAXUINT32, &v);
      m->visits = (uint32_t) v;
      ok &= read_int (r, "iterations", TRUE, 0, G_MAXUINT32, &v);
      m->iterations = (uint32_t) v;
    }
  *keep = ok;
  return ok;
}

/* A version 1 analysis, object O: its depth, seed and judge (1 when the
 * member is absent: the judge before there were others), and the judged
 * decisions into R->indices and R->moves. */
static gboolean
read_v1 (Reader *r, JsonObject *o, IsleReviewDepth *depth_out, guint64 *seed, int *judge)
{
  JsonNode *m;
  JsonArray *decisions;
  gboolean ok = TRUE;
  int depth;
  guint n;

  ok &= isle_json_reader_known_members (&r->json, o, NULL, analysis_fields, G_N_ELEMENTS (analysis_fields), FALSE);
  if ((m = json_object_get_member (o, "depth")) == NULL)
    ok = isle_json_reader_missing (&r->json, "depth");
  else if ((depth = isle_json_reader_choice (&r->json, m, "depth", r->depths, ISLE_REVIEW_N_DEPTHS)) < 0)
    ok = FALSE;
  else
    *depth_out = (IsleReviewDepth) depth;
  if ((m = json_object_get_member (o, "seed")) == NULL)
    ok = isle_json_reader_missing (&r->json, "seed");
  else if (!isle_json_holds_string (m) || !g_ascii_isdigit (json_node_get_string (m)[0])
           || !g_ascii_string_to_unsigned (json_node_get_string (m), 10, 0, G_MAXUINT64, seed, NULL))
    {
      g_autofree char *what = g_strdup_printf (_("a whole number from 0 to %" PRIu64
                                                 " written as a string"), G_MAXUINT64);

      ok = isle_json_reader_expected (&r->json, "seed", what, m);
    }
  *judge = 1;
  if ((m = json_object_get_member (o, "judge")) != NULL)
    {
      gint64 j;

      if (isle_json_reader_integer (&r->json, m, "judge", 1, G_MAXINT32, &j))
        *judge = (int) j;
      else
        ok = FALSE;
    }
  if ((m = json_object_get_member (o, "decisions")) == NULL)
    return isle_json_reader_missing (&r->json, "decisions");
  if (!JSON_NODE_HOLDS_ARRAY (m))
    return isle_json_reader_expected (&r->json, "decisions", _("an array of the decisions judged"), m);
  decisions = json_node_get_array (m);
  n = json_array_get_length (decisions);
  if (n > ISLE_SCENARIO_MAX_ACTIONS)
    return isle_json_reader_expected (&r->json, "decisions", _("an array of the decisions judged"), m);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *field = g_strdup_printf ("decisions[%u]", i);
      IsleReviewMove move;
      guint index = 0;
      gboolean keep;

      isle_json_reader_enter (&r->json, field);
      if (read_decision (r, json_array_get_element (decisions, i), &index, &move, &keep))
        {
          if (!g_hash_table_add (r->seen, GUINT_TO_POINTER (index)))
            {
              isle_json_reader_problem (&r->json, "index", r->json.field_code, NULL, -1, -1,
                                        _("decision index %u appears twice; each decision is judged once"), index);
              ok = FALSE;
            }
          else if (keep)
            {
              g_array_append_val (r->indices, index);
              g_array_append_val (r->moves, move);
            }
        }
      else
        ok = FALSE;
      isle_json_reader_leave (&r->json);
    }
  return ok;
}

IsleGameAnalysis *
isle_game_analysis_from_json (JsonNode *node, IsleGame *game, const char *name, char **warning)
{
  g_autoptr (IsleGameAnalysis) out = NULL;
  JsonNode *version;
  Reader r = { 0 };
  gint64 v = 0;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  if (warning != NULL)
    *warning = NULL;
  r.game = game;
  for (int d = 0; d < ISLE_REVIEW_N_DEPTHS; d++)
    r.depths[d] = isle_game_analysis_depth_id ((IsleReviewDepth) d);
  for (int l = 0; l < ISLE_REVIEW_N_LABELS; l++)
    r.labels[l] = isle_game_analysis_label_id ((IsleReviewLabel) l);
  r.indices = g_array_new (FALSE, FALSE, sizeof (guint));
  r.moves = g_array_new (FALSE, FALSE, sizeof (IsleReviewMove));
  r.seen = g_hash_table_new (NULL, NULL);
  isle_json_reader_init (&r.json, 0);
  isle_json_reader_enter (&r.json, "analysis");
  if (!JSON_NODE_HOLDS_OBJECT (node))
    isle_json_reader_expected (&r.json, NULL, _("an object with a “version”"), node);
  else if ((version = json_object_get_member (json_node_get_object (node), "version")) == NULL)
    isle_json_reader_missing (&r.json, "version");
  else if (isle_json_reader_integer (&r.json, version, "version", 1, G_MAXINT64, &v))
    {
      IsleReviewDepth depth = ISLE_REVIEW_NORMAL;
      guint64 seed = 0;
      int judge = ISLE_REVIEW_JUDGE;

      /* Not understood, not lost: written back as it is. */
      if (v > ISLE_GAME_ANALYSIS_VERSION)
        out = isle_game_analysis_new_newer (v, node);
      else if (read_v1 (&r, json_node_get_object (node), &depth, &seed, &judge))
        {
          g_autoptr (IsleGameAnalysis) empty = isle_game_analysis_new_judged (depth, seed, judge);

          out = isle_game_analysis_add (empty, r.indices->len, (const guint *) (void *) r.indices->data,
                                        (const IsleReviewMove *) (void *) r.moves->data);
        }
    }
  if (out == NULL && warning != NULL)
    *warning = isle_json_reader_to_string (&r.json, name);
  isle_json_reader_clear (&r.json);
  g_array_unref (r.indices);
  g_array_unref (r.moves);
  g_hash_table_unref (r.seen);
  return g_steal_pointer (&out);
}
