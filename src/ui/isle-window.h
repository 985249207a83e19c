/* isle-window.h — the main window: a start page, the game (map, hand,
 * panel, the computer's moves) and the page between hot-seat players. */
#pragma once

#include <adwaita.h>

#include "isle-application.h"

G_BEGIN_DECLS

#define ISLE_TYPE_WINDOW (isle_window_get_type ())
G_DECLARE_FINAL_TYPE (IsleWindow, isle_window, ISLE, WINDOW, AdwApplicationWindow)

IsleWindow *isle_window_new       (IsleApplication *app);
/* Opens the saved game in FILE (command line, file manager). */
void        isle_window_open_file (IsleWindow      *self,
                                   GFile           *file);

G_END_DECLS
