/* isle-round-review.h — IsleRoundReview: a scored round explained (R7.5):
 * the round's score, then its lines one row at a time, each lit on the map
 * in turn (isle_round_review_get_highlight(); a line pointed at or clicked
 * is lit instead, and "step" tells each change), with Next Round while a
 * game goes on ("reviewing", until the player goes on) and, at its end,
 * the verdict, Results and Rematch. */
#pragma once

#include <gtk/gtk.h>

#include "isle-turn.h"

G_BEGIN_DECLS

#define ISLE_TYPE_ROUND_REVIEW (isle_round_review_get_type ())
G_DECLARE_FINAL_TYPE (IsleRoundReview, isle_round_review, ISLE, ROUND_REVIEW, GtkBox)

GtkWidget *isle_round_review_new           (void);
/* Reviews the round SCORED (the turn model's: the position's), a line
 * per step; "reviewing" until Next Round, unless the game or its goal is
 * decided (then the last round is shown under the verdict). */
void       isle_round_review_start         (IsleRoundReview      *self,
                                            const IsleTurnScored *scored);
/* Ends the review at once (an undo went back past it). */
void       isle_round_review_stop          (IsleRoundReview *self);
/* Shows the review of the position's SCORED round while it is reviewed
 * or the game is decided (then from its last line), or hides itself. */
void       isle_round_review_show          (IsleRoundReview      *self,
                                            const IsleTurnScored *scored);
gboolean   isle_round_review_get_reviewing (IsleRoundReview *self);
/* Whether lines are still appearing one after another. */
gboolean   isle_round_review_get_stepping  (IsleRoundReview *self);
/* The line lit now: its CELLS and SIDE (an IsleSide); FALSE when none. */
gboolean   isle_round_review_get_highlight (IsleRoundReview *self,
                                            uint64_t        *cells,
                                            int             *side);
/* The lines told so far (LINES gets them all, the count says how many
 * are told), to be drawn on the map; 0 when no review is shown. */
int        isle_round_review_get_lines     (IsleRoundReview      *self,
                                            const IsleLineScore **lines);
/* R4.7, R9.4: the verdict shown above a finished game's last round. */
void       isle_round_review_set_verdict   (IsleRoundReview *self,
                                            const char      *verdict);
/* The pause between lines (tests and screenshots shorten it). */
void       isle_round_review_set_step      (IsleRoundReview *self,
                                            guint            ms);

G_END_DECLS
