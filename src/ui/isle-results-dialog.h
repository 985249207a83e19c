/* isle-results-dialog.h — the results view: the game's verdict and a
 * table of its rounds (round, weather, points, coins, hires; R7, R9),
 * opened by win.results from the menu, the round review and the log. */
#pragma once

#include <gtk/gtk.h>

#include "isle-game.h"

G_BEGIN_DECLS

/* Shows the results of GAME (up to its position) over PARENT, spoken to
 * the person at VIEWER_SIDE when one person plays the computer, else -1
 * (isle_results_verdict()). Escape closes it. Returns the dialog (an
 * AdwWindow, or an AdwDialog with libadwaita 1.5), owned by GTK. */
GtkWidget *isle_results_dialog_present (GtkWidget *parent,
                                        IsleGame  *game,
                                        int        viewer_side);

G_END_DECLS
