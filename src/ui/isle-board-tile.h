/* isle-board-tile.h — one tile of the Island Map as a widget of its own, so
 * that screen readers and keyboard focus can reach it: a button (GTK gives
 * a GtkButton the accessible "click" action, on GTK 4.8 by its type, not
 * its role), so a screen reader or switch device activates it. It draws
 * only its focus ring and takes no pointer input; IsleBoardView draws the
 * map beneath, takes the clicks and allocates each tile over its square. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ISLE_TYPE_BOARD_TILE (isle_board_tile_get_type ())
G_DECLARE_FINAL_TYPE (IsleBoardTile, isle_board_tile, ISLE, BOARD_TILE, GtkButton)

GtkWidget  *isle_board_tile_new          (int            cell);
int         isle_board_tile_get_cell     (IsleBoardTile *self);
/* The accessible name, e.g. "c3, Red's Wolf, can be played". */
const char *isle_board_tile_get_label    (IsleBoardTile *self);
void        isle_board_tile_set_label    (IsleBoardTile *self,
                                          const char    *label);
/* Whether the tile may be activated now. Its name says so; it is never
 * disabled, so a screen reader never reads it "grayed". */
gboolean    isle_board_tile_get_playable (IsleBoardTile *self);
void        isle_board_tile_set_playable (IsleBoardTile *self,
                                          gboolean       playable);

G_END_DECLS
