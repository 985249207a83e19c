/* isle-board-view.h — the Island Map widget: draws a board as one seat may
 * see it, highlights the tiles a move may use, and reports activated tiles
 * (click, or arrows and Enter). It never changes the game itself. */
#pragma once

#include <gtk/gtk.h>

#include "isle-board.h"

G_BEGIN_DECLS

#define ISLE_TYPE_BOARD_VIEW (isle_board_view_get_type ())
G_DECLARE_FINAL_TYPE (IsleBoardView, isle_board_view, ISLE, BOARD_VIEW, GtkWidget)

GtkWidget *isle_board_view_new         (void);
/* Shows BOARD as seen by OBSERVER (tokens of kind ISLE_KIND_UNKNOWN are
 * drawn face down, as their backs). */
void       isle_board_view_set_board   (IsleBoardView    *self,
                                        const IsleBoard  *board,
                                        int               observer);
/* The tiles that may be activated now (a bit per cell), highlighted. */
void       isle_board_view_set_targets (IsleBoardView    *self,
                                        uint64_t          cells);

G_END_DECLS
