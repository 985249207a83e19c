/* isle-window.h — the main window: the map, the hand, the game's state,
 * and the moves of the computer. */
#pragma once

#include <adwaita.h>

#include "isle-application.h"

G_BEGIN_DECLS

#define ISLE_TYPE_WINDOW (isle_window_get_type ())
G_DECLARE_FINAL_TYPE (IsleWindow, isle_window, ISLE, WINDOW, AdwApplicationWindow)

IsleWindow *isle_window_new (IsleApplication *app);

G_END_DECLS
