/* isle-game-analysis.c — a game's review kept with the game
 * (isle-game-analysis.h): the judgements an array sorted by decision
 * index, never changed once made. */
#include "config.h"

#include <string.h>

#include "isle-game-analysis.h"

typedef struct
{
  guint index;
  IsleReviewMove move;
} Entry;

struct _IsleGameAnalysis
{
  gint ref_count;
  gint64 version;
  IsleReviewDepth depth;
  guint64 seed;
  int judge;                 /* ISLE_REVIEW_JUDGE of the judgements' judge */
  GArray *entries;           /* Entry, by increasing index */
  JsonNode *json;            /* a newer version, kept whole; or NULL */
};

G_DEFINE_BOXED_TYPE (IsleGameAnalysis, isle_game_analysis, isle_game_analysis_ref, isle_game_analysis_unref)

static const char *const depth_ids[ISLE_REVIEW_N_DEPTHS] = { "fast", "normal", "deep" };
static const char *const label_ids[ISLE_REVIEW_N_LABELS] = {
  "only", "best", "good", "inaccuracy", "mistake", "blunder"
};

static IsleGameAnalysis *
analysis_alloc (IsleReviewDepth depth, guint64 seed)
{
  IsleGameAnalysis *self = g_new0 (IsleGameAnalysis, 1);

  self->ref_count = 1;
  self->version = ISLE_GAME_ANALYSIS_VERSION;
  self->depth = depth;
  self->seed = seed;
  self->judge = ISLE_REVIEW_JUDGE;
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  return self;
}

IsleGameAnalysis *
isle_game_analysis_new (IsleReviewDepth depth, guint64 seed)
{
  g_return_val_if_fail ((unsigned) depth < ISLE_REVIEW_N_DEPTHS, NULL);
  return analysis_alloc (depth, seed);
}

IsleGameAnalysis *
isle_game_analysis_new_judged (IsleReviewDepth depth, guint64 seed, int judge)
{
  IsleGameAnalysis *self;

  g_return_val_if_fail ((unsigned) depth < ISLE_REVIEW_N_DEPTHS && judge >= 1, NULL);
  self = analysis_alloc (depth, seed);
  self->judge = judge;
  return self;
}

IsleGameAnalysis *
isle_game_analysis_new_newer (gint64 version, JsonNode *json)
{
  IsleGameAnalysis *self;

  g_return_val_if_fail (version > ISLE_GAME_ANALYSIS_VERSION, NULL);
  g_return_val_if_fail (json != NULL, NULL);
  self = analysis_alloc (ISLE_REVIEW_NORMAL, 0);
  self->version = version;
  self->json = json_node_copy (json);
  return self;
}

IsleGameAnalysis *
isle_game_analysis_ref (IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
isle_game_analysis_unref (IsleGameAnalysis *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_array_unref (self->entries);
  g_clear_pointer (&self->json, json_node_unref);
  g_free (self);
}

gint64
isle_game_analysis_get_version (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->version;
}

gboolean
isle_game_analysis_is_understood (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->json == NULL;
}

IsleReviewDepth
isle_game_analysis_get_depth (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, ISLE_REVIEW_NORMAL);
  return self->depth;
}

guint64
isle_game_analysis_get_seed (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seed;
}

int
isle_game_analysis_get_judge (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->judge;
}

JsonNode *
isle_game_analysis_get_json (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->json;
}

guint
isle_game_analysis_get_n_moves (const IsleGameAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

void
isle_game_analysis_get_nth (const IsleGameAnalysis *self, guint k, guint *index, IsleReviewMove *move)
{
  const Entry *e;

  g_return_if_fail (self != NULL && k < self->entries->len);
  e = &g_array_index (self->entries, Entry, k);
  if (index != NULL)
    *index = e->index;
  if (move != NULL)
    *move = e->move;
}

/* The position of INDEX's entry, or where it would go (*FOUND FALSE). */
static guint
find (const IsleGameAnalysis *self, guint index, gboolean *found)
{
  guint lo = 0, hi = self->entries->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->entries, Entry, mid).index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  *found = lo < self->entries->len && g_array_index (self->entries, Entry, lo).index == index;
  return lo;
}

gboolean
isle_game_analysis_lookup (const IsleGameAnalysis *self, guint index, IsleAction action,
                           IsleReviewMove *move)
{
  gboolean found;
  guint k;

  g_return_val_if_fail (self != NULL, FALSE);
  k = find (self, index, &found);
  if (!found || g_array_index (self->entries, Entry, k).move.action != action)
    return FALSE;
  if (move != NULL)
    *move = g_array_index (self->entries, Entry, k).move;
  return TRUE;
}

static IsleGameAnalysis *
copy (const IsleGameAnalysis *self)
{
  IsleGameAnalysis *out = analysis_alloc (self->depth, self->seed);

  out->judge = self->judge;

  out->version = self->version;
  if (self->json != NULL)
    out->json = json_node_copy (self->json);
  g_array_append_vals (out->entries, self->entries->data, self->entries->len);
  return out;
}

IsleGameAnalysis *
isle_game_analysis_add (const IsleGameAnalysis *self, guint n, const guint *indices,
                        const IsleReviewMove *moves)
{
  IsleGameAnalysis *out;

  g_return_val_if_fail (self != NULL && self->json == NULL, NULL);
  g_return_val_if_fail (n == 0 || (indices != NULL && moves != NULL), NULL);
  out = copy (self);
  for (guint i = 0; i < n; i++)
    {
      Entry e = { indices[i], moves[i] };
      gboolean found;
      guint k = find (out, e.index, &found);

      if (found)
        g_array_index (out->entries, Entry, k) = e;
      else
        g_array_insert_val (out->entries, k, e);
    }
  return out;
}

static gboolean
belongs (const Entry *e, guint n_actions, const IsleAction *actions)
{
  return e->index < n_actions && actions[e->index] == e->move.action;
}

IsleGameAnalysis *
isle_game_analysis_keep_history (IsleGameAnalysis *self, guint n_actions, const IsleAction *actions)
{
  IsleGameAnalysis *out;
  guint kept = 0;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_actions == 0 || actions != NULL, NULL);
  for (guint k = 0; k < self->entries->len; k++)
    kept += belongs (&g_array_index (self->entries, Entry, k), n_actions, actions);
  if (kept == self->entries->len)
    return isle_game_analysis_ref (self);
  out = analysis_alloc (self->depth, self->seed);
  out->judge = self->judge;
  for (guint k = 0; k < self->entries->len; k++)
    if (belongs (&g_array_index (self->entries, Entry, k), n_actions, actions))
      g_array_append_val (out->entries, g_array_index (self->entries, Entry, k));
  return out;
}

/* ---- Ids ----------------------------------------------------------------- */

const char *
isle_game_analysis_depth_id (IsleReviewDepth depth)
{
  g_return_val_if_fail ((unsigned) depth < ISLE_REVIEW_N_DEPTHS, NULL);
  return depth_ids[depth];
}

const char *
isle_game_analysis_label_id (IsleReviewLabel label)
{
  g_return_val_if_fail ((unsigned) label < ISLE_REVIEW_N_LABELS, NULL);
  return label_ids[label];
}

int
isle_game_analysis_depth_from_id (const char *id)
{
  for (int d = 0; id != NULL && d < ISLE_REVIEW_N_DEPTHS; d++)
    if (strcmp (id, depth_ids[d]) == 0)
      return d;
  return -1;
}

