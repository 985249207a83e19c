/* isle-narrow.h — a window's layout when it is narrow: from libadwaita
 * 1.4, a breakpoint that turns a box of map and panel vertical, the panel
 * under the map (the game window and the review window). Before 1.4 each
 * window follows its own width. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#if ADW_CHECK_VERSION (1, 4, 0)
/* Adds to WINDOW (an AdwWindow or AdwApplicationWindow) a breakpoint
 * below WIDTH pixels that turns BOX vertical (unless BOX is NULL), and
 * returns it (owned by WINDOW) for the caller's other setters. */
AdwBreakpoint *isle_narrow_breakpoint (GtkWidget     *window,
                                       GtkOrientable *box,
                                       int            width);
/* Makes BREAKPOINT turn BOX vertical too, at once if it applies now (a
 * page built after the window). */
void           isle_narrow_stack      (AdwBreakpoint *breakpoint,
                                       GtkOrientable *box);
#endif

G_END_DECLS
