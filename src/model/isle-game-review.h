/* isle-game-review.h — a game's decisions judged by the search, on worker
 * threads, for the app and the command line (issue 29).
 *
 * A review takes a copy of the game's decisions up to where the game
 * stands (it never changes the game) and judges each one with
 * isle_review_move() (src/search/isle-review.h) on a pool of threads, one
 * a core. Results arrive in the main context the review was started in,
 * as each decision finishes, in any order: "move-reviewed" with its index,
 * then "n-reviewed" notified, and "finished" once every decision is
 * judged. Cancelling (or dropping the last reference) stops the searches
 * within a few milliseconds.
 *
 * The review is kept with the game (isle_game_get_analysis()): a
 * decision the game's analysis has judged at the same depth and seed is
 * not searched again. Those are handed on inside
 * isle_game_review_start(), before it returns: "move-reviewed" for each,
 * by increasing index, "n-reviewed" once, and "finished" when that was
 * every decision (isle_game_review_get_n_stored() counts them); only the
 * others are searched. Each decision searched is given back to the game's
 * analysis in the main context, as it arrives (so the next save writes
 * it), while the game's history still holds it: the review changes the
 * game's analysis and nothing else, and holds the game only weakly. A
 * review at another depth or seed replaces the game's analysis with its
 * own from its first result.
 *
 * An outside engine may judge the decisions instead of the built-in
 * search (isle_game_review_set_engine()): one at a time, each asked with
 * `analyse` (doc/engine-protocol.md). Its judgements are its own: the
 * game's analysis is neither read nor given them (a decision the engine
 * did not try the chosen action of is judged by the built-in search, and
 * that one is given back). An engine that cannot analyse, or fails, is
 * given up for the rest of the review, which the built-in search goes on
 * with; "fallback" then holds a sentence that says so, once.
 */
#pragma once

#include <glib-object.h>

#include "isle-ai-player.h"
#include "isle-game-analysis.h"
#include "isle-game.h"
#include "isle-review.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAME_REVIEW (isle_game_review_get_type ())
G_DECLARE_FINAL_TYPE (IsleGameReview, isle_game_review, ISLE, GAME_REVIEW, GObject)

/* A review of GAME's decisions before its position, searched at DEPTH,
 * chance drawn from SEED (the same seed, the same judgements). */
IsleGameReview  *isle_game_review_new          (IsleGame        *game,
                                                IsleReviewDepth  depth,
                                                guint64          seed);
/* The seed a review of GAME draws its chance from unless told another:
 * from the game's own seed, so that the same game is judged the same way
 * each time, by the app and the command line alike (and a stored
 * analysis matches it). Below 2^53, exact in JSON. */
guint64          isle_game_review_seed         (IsleGame        *game);
/* Starts the searches; results come in the thread-default main context
 * of the caller. Does nothing when started already. */
void             isle_game_review_start        (IsleGameReview  *self);
/* Before start: ENGINE (an IsleEnginePlayer, or NULL for the built-in
 * search) judges the decisions, MS_PER_DECISION milliseconds each. The
 * engine is used on the review's worker thread until the review is
 * cancelled or disposed (which waits for it): use it for nothing else
 * meanwhile. */
void             isle_game_review_set_engine   (IsleGameReview  *self,
                                                IsleAiPlayer    *engine,
                                                guint            ms_per_decision);
/* The sentence that says the engine was given up and the built-in search
 * reviews the game, or NULL ("fallback" is notified when it is set). */
const char      *isle_game_review_get_fallback (IsleGameReview  *self);
/* Stops the searches: no result comes after it, "finished" stays FALSE. */
void             isle_game_review_cancel       (IsleGameReview  *self);

IsleReviewDepth  isle_game_review_get_depth    (IsleGameReview  *self);
/* The decisions reviewed: the game's position when the review was made. */
guint            isle_game_review_get_n_moves  (IsleGameReview  *self);
/* Of those, how many the game's analysis had judged (never searched). */
guint            isle_game_review_get_n_stored (IsleGameReview  *self);
guint            isle_game_review_get_n_reviewed (IsleGameReview *self);
gboolean         isle_game_review_get_finished (IsleGameReview  *self);
gboolean         isle_game_review_get_cancelled (IsleGameReview *self);
/* The state in which decision I was made (0 ≤ I < n_moves). */
const IsleState *isle_game_review_get_state    (IsleGameReview  *self,
                                                guint            i);
/* Decision I's judgement into MOVE; FALSE while it is not yet judged (or
 * when its search could not run). */
gboolean         isle_game_review_get_move     (IsleGameReview  *self,
                                                guint            i,
                                                IsleReviewMove  *move);
/* SEAT's summary over the decisions judged so far. */
void             isle_game_review_summarize    (IsleGameReview  *self,
                                                int              seat,
                                                IsleReviewSummary *summary);

G_END_DECLS
