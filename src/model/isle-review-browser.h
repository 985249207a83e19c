/* isle-review-browser.h — a game review as a person goes through it
 * (issue 29): the review's judgements (IsleGameReview), the seat whose
 * decisions are judged and the decision shown, with what a view draws
 * for it — the map after it as that seat saw it (R12), the tiles it
 * touched, the better move and the words.
 *
 * The browser copies the game's decisions and states when it is made: the
 * review never changes the game, and the game may go on meanwhile. Its
 * "position" is the decision shown, -1 for the start of the game; it
 * moves only when asked. Views redraw on notify::position and on
 * "decision-judged" (a decision's judgement arrived, in any order), and
 * follow notify::n-judged and notify::running for the progress. */
#pragma once

#include <glib-object.h>

#include "isle-game.h"
#include "isle-game-review.h"

G_BEGIN_DECLS

#define ISLE_TYPE_REVIEW_BROWSER (isle_review_browser_get_type ())
G_DECLARE_FINAL_TYPE (IsleReviewBrowser, isle_review_browser, ISLE, REVIEW_BROWSER, GObject)

/* Where a step goes (isle_review_browser_step()). */
typedef enum
{
  ISLE_REVIEW_STEP_FIRST,          /* the start of the game */
  ISLE_REVIEW_STEP_PREVIOUS,
  ISLE_REVIEW_STEP_NEXT,
  ISLE_REVIEW_STEP_LAST,
  ISLE_REVIEW_STEP_PREVIOUS_MISTAKE,   /* the reviewed seat's mistake or blunder */
  ISLE_REVIEW_STEP_NEXT_MISTAKE,
} IsleReviewStep;

/* One decision as the views show it. */
typedef struct
{
  int seat;                  /* who decided */
  int side;                  /* that seat's side (R11) */
  int round;                 /* R4, 1-based */
  gboolean judged;           /* MOVE holds the judgement */
  gboolean reviewed;         /* a decision of the reviewed seat */
  IsleReviewMove move;
  /* The reviewed seat's side's chance to win after the decision (0 to
   * 1), or -1 while it is not judged; after the only move, the chance
   * the last decision measured left (-1 if none). */
  double chance;
} IsleReviewDecision;

/* A review of GAME's decisions up to its position, judged for SEAT's
 * player, searched at DEPTH (the seed comes from the game's, so the same
 * game is judged the same way each time). Not started. */
IsleReviewBrowser *isle_review_browser_new      (IsleGame          *game,
                                                 int                seat,
                                                 IsleReviewDepth    depth);
/* Starts the searches (the worker threads); results come in the
 * caller's thread-default main context. */
void               isle_review_browser_start    (IsleReviewBrowser *self);
/* Before start: an outside engine (an IsleEnginePlayer) judges the
 * decisions, MS milliseconds each (isle_game_review_set_engine()); NULL:
 * the game's own search. */
void               isle_review_browser_set_engine (IsleReviewBrowser *self,
                                                   IsleAiPlayer      *engine,
                                                   guint              ms);
/* "fallback": the sentence that says the engine was given up and the
 * game's own search reviews the game, or NULL; for the view to show. */
const char        *isle_review_browser_get_fallback (IsleReviewBrowser *self);
/* Stops them: "running" turns FALSE, what was judged stays. */
void               isle_review_browser_cancel   (IsleReviewBrowser *self);
IsleGameReview    *isle_review_browser_get_review (IsleReviewBrowser *self);

guint              isle_review_browser_get_n_decisions (IsleReviewBrowser *self);
guint              isle_review_browser_get_n_judged    (IsleReviewBrowser *self);
/* "running": searches go on (not finished, not cancelled). */
gboolean           isle_review_browser_get_running     (IsleReviewBrowser *self);
int                isle_review_browser_get_n_seats     (IsleReviewBrowser *self);

/* "seat": whose decisions are labelled, the chart's side. */
int                isle_review_browser_get_seat  (IsleReviewBrowser *self);
void               isle_review_browser_set_seat  (IsleReviewBrowser *self,
                                                  int                seat);
/* "position": the decision shown, -1 (the start) to n_decisions - 1. */
int                isle_review_browser_get_position (IsleReviewBrowser *self);
void               isle_review_browser_set_position (IsleReviewBrowser *self,
                                                     int                position);
/* Moves the position; FALSE (and nothing changes) when there is nowhere
 * to go that way. */
gboolean           isle_review_browser_step      (IsleReviewBrowser *self,
                                                  IsleReviewStep     step);
gboolean           isle_review_browser_can_step  (IsleReviewBrowser *self,
                                                  IsleReviewStep     step);

void               isle_review_browser_get_decision (IsleReviewBrowser  *self,
                                                     guint               i,
                                                     IsleReviewDecision *decision);
/* The map after decision POSITION (or at the start, -1) as the reviewed
 * seat saw it (R12); in LAST_MOVE the tiles the decision touched, and in
 * BETTER the tile of the better choice when the decision is labelled
 * inaccuracy or worse, else -1. */
void               isle_review_browser_get_board (IsleReviewBrowser *self,
                                                  int                position,
                                                  IsleBoard         *board,
                                                  guint64           *last_move,
                                                  int               *better);
/* Decision I in the log's words: "You placed a Wolf on c3." */
char              *isle_review_browser_dup_text    (IsleReviewBrowser *self,
                                                    guint              i);
/* Its judgement in a sentence: "It was a mistake.", "Not judged yet." */
const char        *isle_review_browser_label_text  (IsleReviewBrowser *self,
                                                    guint              i);
/* Why it cost what it did (isle_review_words_reason()), or NULL. */
char              *isle_review_browser_dup_reason  (IsleReviewBrowser *self,
                                                    guint              i);
/* All of it in sentences, for a tooltip or a screen reader: "Decision 12
 * of 40: You placed a Wolf on c3. It was a mistake. Red's chance to win
 * fell from 59% to 39%." POSITION -1: the start. */
char              *isle_review_browser_dup_description (IsleReviewBrowser *self,
                                                        int                position);
/* The name of SEAT in the game's words ("Red", "Blue 2"). */
char              *isle_review_browser_dup_seat_name (IsleReviewBrowser *self,
                                                      int                seat);
void               isle_review_browser_summarize (IsleReviewBrowser *self,
                                                  int                seat,
                                                  IsleReviewSummary *summary);

G_END_DECLS
