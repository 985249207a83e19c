/* isle-game-log.h — the game page's log: the newest decisions and rounds
 * of a match's history (a list of IsleHistoryItem) in a list box, newest
 * first; a round's row opens the results (win.results). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Once, when the page is built: rows are not selected, and a round's row
 * activated opens the results. */
void isle_game_log_setup (GtkListBox *log);
/* Shows HISTORY's newest rows in LOG; undo and redo remove and restore
 * them by construction. */
void isle_game_log_bind  (GtkListBox *log,
                          GListModel *history);

G_END_DECLS
