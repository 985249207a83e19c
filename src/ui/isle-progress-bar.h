/* isle-progress-bar.h — a progress bar whose changes are only drawn: it
 * looks as the toolkit's does (it is drawn by two of them, an empty one
 * and a full one shown up to the fraction), but a new fraction does not
 * lay its window out again, as a GtkProgressBar's does (on X11 a new
 * layout of a window costs the toolkit round trips to the server). For a
 * fraction that changes many times a second, as a game review's.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ISLE_TYPE_PROGRESS_BAR (isle_progress_bar_get_type ())
G_DECLARE_FINAL_TYPE (IsleProgressBar, isle_progress_bar, ISLE, PROGRESS_BAR, GtkWidget)

GtkWidget *isle_progress_bar_new          (void);
/* Property "fraction" (double, 0 .. 1, default 0): how much is done;
 * clamped. Screen readers read it as the bar's value. */
void       isle_progress_bar_set_fraction (IsleProgressBar *self,
                                           double           fraction);
double     isle_progress_bar_get_fraction (IsleProgressBar *self);

G_END_DECLS
