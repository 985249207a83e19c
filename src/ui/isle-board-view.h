/* isle-board-view.h — the Island Map widget: draws a board as one seat may
 * see it, highlights the tiles a move may use, and reports activated tiles
 * (click, or arrows and Enter). It never changes the game itself.
 *
 * Each tile is a child button (IsleBoardTile) named for screen readers
 * ("c3, Red's Wolf, can be played") in a grid; only the cursor tile is in
 * the Tab chain, and the arrows move it. A screen reader's "click" on a
 * tile activates it as a click or Return does. */
#pragma once

#include <gtk/gtk.h>

#include "isle-board.h"

G_BEGIN_DECLS

/* How a tile is animating now (isle_board_view_get_animation()). */
typedef enum
{
  ISLE_BOARD_ANIMATION_NONE,
  ISLE_BOARD_ANIMATION_CHANGE,   /* a short fade: taken, recoloured, fog */
  ISLE_BOARD_ANIMATION_PLACE,    /* a token put down: drops in and pulses */
  ISLE_BOARD_ANIMATION_FLIP      /* a face-down token turned up */
} IsleBoardAnimation;

#define ISLE_TYPE_BOARD_VIEW (isle_board_view_get_type ())
G_DECLARE_FINAL_TYPE (IsleBoardView, isle_board_view, ISLE, BOARD_VIEW, GtkWidget)

GtkWidget *isle_board_view_new           (void);
/* Shows BOARD as seen by OBSERVER (tokens of kind ISLE_KIND_UNKNOWN are
 * drawn face down, as their backs). Tiles that differ from the board shown
 * before animate (see isle_board_view_set_animate()): a token turned face
 * up flips over, a placed one drops in with a pulse, anything else fades
 * briefly. */
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
/* The tiles' spoken names, NAMES[CELL] for each of the 36 (a NULL-ended
 * array, copied), as the model words them; NULL: the view's own, from
 * what each tile shows, the targets and the last move. */
void       isle_board_view_set_tile_names (IsleBoardView     *self,
                                           const char *const *names);
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

/* Whether CELL is animating now, and how: the animation a change of
 * isle_board_view_set_board() started, until it ends. */
IsleBoardAnimation isle_board_view_get_animation (IsleBoardView *self,
                                                  int            cell);
/* Letters a–f and numbers 1–6 on the island's frame, as R1/R3 name the
 * tiles (a1 top left). The "show-coordinates" property, TRUE by default. */
void       isle_board_view_set_show_coordinates (IsleBoardView *self,
                                                 gboolean       show);
gboolean   isle_board_view_get_show_coordinates (IsleBoardView *self);
/* Marks CELLS (a bit per cell) as touched by the last move, until changed;
 * 0 clears. Their tiles tell screen readers so too. */
void       isle_board_view_set_last_move (IsleBoardView    *self,
                                          uint64_t          cells);
uint64_t   isle_board_view_get_last_move (IsleBoardView    *self);
/* Draws a stroke in its colour through each of the N_LINES scored LINES
 * (R7.5), over the tokens. When N_LINES grows, each new line is drawn in
 * from its first cell to its last, one after another (once the tiles have
 * finished animating); N_LINES = 0 clears them. LINES is copied. */
void       isle_board_view_set_lines     (IsleBoardView       *self,
                                          const IsleLineScore *lines,
                                          int                  n_lines);
/* How many of the lines are drawn whole by now (all of them when nothing
 * animates). */
int        isle_board_view_get_n_lines_drawn (IsleBoardView *self);
/* The tiles lit by isle_board_view_set_highlight() (a bit per cell), and
 * in SIDE (may be NULL) the side whose colour lights them, or -1. */
uint64_t   isle_board_view_get_highlight (IsleBoardView    *self,
                                          int              *side);

G_END_DECLS
