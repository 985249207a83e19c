/* isle-review-list.h — the game review's list of decisions (issue 29): the
 * start of the game, then a row per decision with its label's mark (?!, ?,
 * ??) and its words, the first decision of each round under the round's
 * heading. A list view: only the rows in sight are made and laid out,
 * however long the game. A click, Enter, or Up and Down (Home and End,
 * Page Up and Page Down) on the rows moves "position"; the window sets it
 * as the review moves, and the row shown is brought into sight.
 */
#pragma once

#include <gtk/gtk.h>

#include "isle-review-browser.h"

G_BEGIN_DECLS

#define ISLE_TYPE_REVIEW_LIST (isle_review_list_get_type ())
G_DECLARE_FINAL_TYPE (IsleReviewList, isle_review_list, ISLE, REVIEW_LIST, GtkWidget)

GtkWidget *isle_review_list_new          (void);
/* Fills the list with BROWSER's decisions: their words and rounds. Their
 * marks and sentences come with isle_review_list_update(). */
void       isle_review_list_set_browser  (IsleReviewList     *self,
                                          IsleReviewBrowser  *browser);
/* Decision I's row shows what the browser now knows of it (its mark),
 * DESCRIPTION its whole sentence: its tooltip, and what a screen reader
 * reads for it. */
void       isle_review_list_update       (IsleReviewList     *self,
                                          guint               i,
                                          const char         *description);
/* Property "position" (int, -1 .. n-1, default -1): the decision whose
 * row is selected; -1 the start. Settable (clamped; its row is brought
 * into sight); notified when a person picks a row. */
int        isle_review_list_get_position (IsleReviewList     *self);
void       isle_review_list_set_position (IsleReviewList     *self,
                                          int                 position);

/* Gives WIDGET the CSS class of decision D's label, as its mark in the
 * list has it (review-inaccuracy, review-mistake, review-blunder), or
 * none when D is NULL or not judged as one of them. */
void       isle_review_style_label       (GtkWidget                *widget,
                                          const IsleReviewDecision *d);

G_END_DECLS
