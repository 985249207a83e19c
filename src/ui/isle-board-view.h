/* isle-board-view.h — the Island Map widget: draws a board as one seat may
 * see it, highlights the tiles a move may use, and reports activated tiles
 * (click, or arrows and Enter). It never changes the game itself.
 *
 * Each tile is a child widget (IsleBoardTile) named for screen readers
 * ("c3, Red's Wolf, can be played"); only the cursor tile is in the Tab
 * chain, and the arrows move it. */
#pragma once

#include <gtk/gtk.h>

#include "isle-board.h"

G_BEGIN_DECLS

#define ISLE_TYPE_BOARD_VIEW (isle_board_view_get_type ())
G_DECLARE_FINAL_TYPE (IsleBoardView, isle_board_view, ISLE, BOARD_VIEW, GtkWidget)

GtkWidget *isle_board_view_new           (void);
/* Shows BOARD as seen by OBSERVER (tokens of kind ISLE_KIND_UNKNOWN are
 * drawn face down, as their backs). Tiles that differ from the board shown
 * before animate briefly (see isle_board_view_set_animate()). */
void       isle_board_view_set_board     (IsleBoardView    *self,
                                          const IsleBoard  *board,
                                          int               observer);
/* The board last shown (with isle_board_view_set_board(); an empty map
 * before), and the seat it was shown to. */
const IsleBoard *isle_board_view_get_board (IsleBoardView *self);
int        isle_board_view_get_observer  (IsleBoardView    *self);
/* The tiles that may be activated now (a bit per cell), highlighted. */
void       isle_board_view_set_targets   (IsleBoardView    *self,
                                          uint64_t          cells);
/* An editor's island: every tile may be activated, and the pointer shows
 * the preview on any tile, with no tile marked as a target. */
void       isle_board_view_set_editable  (IsleBoardView    *self,
                                          gboolean          editable);
/* The tile widget of CELL (0..35), an IsleBoardTile: for tests and for
 * the accessibility tree. */
GtkWidget *isle_board_view_get_tile      (IsleBoardView    *self,
                                          int               cell);
/* The token a placement would put down, drawn translucent on the target
 * tile under the pointer (or the focused one). ISLE_KIND_NONE: none.
 * COLOUR_SIDE is the IsleSide that would own it. */
void       isle_board_view_set_preview   (IsleBoardView    *self,
                                          IsleKind          kind,
                                          int               colour_side);
/* The app's preference: FALSE never animates. Animations also stop when
 * the desktop turns them off (GtkSettings:gtk-enable-animations). The
 * "animate" property, TRUE by default. */
void       isle_board_view_set_animate   (IsleBoardView    *self,
                                          gboolean          animate);
gboolean   isle_board_view_get_animate   (IsleBoardView    *self);
/* Outlines CELLS in SIDE's colour (an IsleSide, or -1 for a neutral one),
 * e.g. a scored line in the round-end breakdown; CELLS = 0 clears it. */
void       isle_board_view_set_highlight (IsleBoardView    *self,
                                          uint64_t          cells,
                                          int               side);
/* Marks CELL (dashed, pulsing a little when it appears) as the hint; -1:
 * no hint. */
void       isle_board_view_set_hint      (IsleBoardView    *self,
                                          int               cell);

/* The tiles lit by isle_board_view_set_highlight() (a bit per cell), and
 * in SIDE (may be NULL) the side whose colour lights them, or -1. */
uint64_t   isle_board_view_get_highlight (IsleBoardView    *self,
                                          int              *side);

G_END_DECLS
