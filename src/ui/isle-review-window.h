/* isle-review-window.h — IsleReviewWindow: a game's review (issue 29),
 * shown from the game's window: the chart of the chance to win, the map
 * after each decision with the better move marked, the decision's label
 * and why, and every decision in a list, all in step. It shows an
 * IsleReviewBrowser (the model) and never changes the game. */
#pragma once

#include <adwaita.h>

#include "isle-game.h"
#include "isle-review-browser.h"

G_BEGIN_DECLS

#define ISLE_TYPE_REVIEW_WINDOW (isle_review_window_get_type ())
G_DECLARE_FINAL_TYPE (IsleReviewWindow, isle_review_window, ISLE, REVIEW_WINDOW, AdwWindow)

/* Opens a review of GAME for SEAT's player over PARENT and starts it, at
 * the depth the preferences say. */
IsleReviewWindow  *isle_review_window_present     (GtkWindow        *parent,
                                                   IsleGame         *game,
                                                   int               seat);
IsleReviewBrowser *isle_review_window_get_browser (IsleReviewWindow *self);

G_END_DECLS
