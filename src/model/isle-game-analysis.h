/* isle-game-analysis.h — IsleGameAnalysis: the review of a game kept with
 * the game (issue 29), so that reopening it does not search again.
 *
 * An analysis is an immutable, reference-counted record: the depth and
 * seed of the review that made it, and per judged decision its index in
 * the game's history, the action decided and the judgement
 * (IsleReviewMove). "Adding" a judgement makes a new analysis. IsleGame
 * carries one ("analysis", isle_game_get_analysis()) and keeps in it only
 * judgements of its own history; IsleGameReview reuses it and fills it.
 *
 * It is written in a `.isle` file as the member "analysis"
 * (doc/scenario-format.md, "analysis"; isle-game-analysis-file.h). An
 * analysis of a newer version is not understood but not lost either: it is
 * kept whole, its JSON as the file had it (isle_game_analysis_get_json()),
 * and written back unchanged.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "isle-review.h"

G_BEGIN_DECLS

/* The "version" of the "analysis" member this code writes and reads. */
#define ISLE_GAME_ANALYSIS_VERSION 1

typedef struct _IsleGameAnalysis IsleGameAnalysis;

#define ISLE_TYPE_GAME_ANALYSIS (isle_game_analysis_get_type ())
GType             isle_game_analysis_get_type   (void) G_GNUC_CONST;

/* An analysis at DEPTH with SEED that has judged nothing yet. */
IsleGameAnalysis *isle_game_analysis_new        (IsleReviewDepth          depth,
                                                 guint64                  seed);
/* The same, its judgements made by the judge JUDGE (ISLE_REVIEW_JUDGE
 * of the build that made them; isle_game_analysis_new() takes this
 * build's). */
IsleGameAnalysis *isle_game_analysis_new_judged (IsleReviewDepth        depth,
                                                 guint64                seed,
                                                 int                    judge);
/* An analysis of a newer VERSION (above ISLE_GAME_ANALYSIS_VERSION), not
 * understood: JSON kept whole (a copy), to be written back unchanged. */
IsleGameAnalysis *isle_game_analysis_new_newer  (gint64                   version,
                                                 JsonNode                *json);
IsleGameAnalysis *isle_game_analysis_ref        (IsleGameAnalysis        *self);
void              isle_game_analysis_unref      (IsleGameAnalysis        *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IsleGameAnalysis, isle_game_analysis_unref)

/* ISLE_GAME_ANALYSIS_VERSION, or the newer version of one kept whole. */
gint64            isle_game_analysis_get_version (const IsleGameAnalysis *self);
/* TRUE when this code understands it (its version is not newer): only
 * then has it a depth, a seed and judgements. */
gboolean          isle_game_analysis_is_understood (const IsleGameAnalysis *self);
IsleReviewDepth   isle_game_analysis_get_depth  (const IsleGameAnalysis *self);
guint64           isle_game_analysis_get_seed   (const IsleGameAnalysis *self);
/* The judge that made the judgements (ISLE_REVIEW_JUDGE of its build): a
 * review by another judge does not take them. */
int               isle_game_analysis_get_judge  (const IsleGameAnalysis *self);
/* A newer version's "analysis" member as the file had it, or NULL. */
JsonNode         *isle_game_analysis_get_json   (const IsleGameAnalysis *self);

/* The judgements, by increasing index: the K-th one's decision INDEX and
 * its judgement MOVE (MOVE->action is the action decided). */
guint             isle_game_analysis_get_n_moves (const IsleGameAnalysis *self);
void              isle_game_analysis_get_nth    (const IsleGameAnalysis *self,
                                                 guint                    k,
                                                 guint                   *index,
                                                 IsleReviewMove          *move);
/* The judgement of decision INDEX into MOVE, when there is one and its
 * action is ACTION; else FALSE. */
gboolean          isle_game_analysis_lookup     (const IsleGameAnalysis *self,
                                                 guint                    index,
                                                 IsleAction               action,
                                                 IsleReviewMove          *move);

/* SELF with the N judgements MOVES of the decisions INDICES added (one
 * already there replaced): a new analysis of SELF's depth and seed. */
IsleGameAnalysis *isle_game_analysis_add        (const IsleGameAnalysis *self,
                                                 guint                    n,
                                                 const guint             *indices,
                                                 const IsleReviewMove    *moves);
/* SELF less the judgements that do not belong to the history of
 * N_ACTIONS ACTIONS (their index past it, or another action there): a
 * new reference to SELF when none goes. Newer versions are kept whole. */
IsleGameAnalysis *isle_game_analysis_keep_history (IsleGameAnalysis     *self,
                                                   guint                 n_actions,
                                                   const IsleAction     *actions);

/* Ids as files and the command line spell them. */
const char       *isle_game_analysis_depth_id   (IsleReviewDepth          depth);
const char       *isle_game_analysis_label_id   (IsleReviewLabel          label);
/* The depth an id names, or -1. */
int               isle_game_analysis_depth_from_id (const char           *id);

G_END_DECLS
