/* isle-dialog-keeper.h — keeps a window's dialogs alive until the frame
 * after they leave it (libadwaita ≥ 1.5). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Every dialog presented in WINDOW from now on is held until an idle after
 * its host lets it go. A no-op before libadwaita 1.5 (dialogs are windows
 * of their own there). */
void isle_dialog_keeper_watch (AdwApplicationWindow *window);

G_END_DECLS
