/* isle-board-tile.h — one tile of the Island Map as a widget of its own, so
 * that screen readers and keyboard focus can reach it. It draws only its
 * focus ring; IsleBoardView draws the map beneath and allocates each tile
 * over the square it shows. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ISLE_TYPE_BOARD_TILE (isle_board_tile_get_type ())
G_DECLARE_FINAL_TYPE (IsleBoardTile, isle_board_tile, ISLE, BOARD_TILE, GtkWidget)

GtkWidget  *isle_board_tile_new          (int            cell);
int         isle_board_tile_get_cell     (IsleBoardTile *self);
/* The accessible name, e.g. "c3, Red's Wolf, can be played". */
const char *isle_board_tile_get_label    (IsleBoardTile *self);
void        isle_board_tile_set_label    (IsleBoardTile *self,
                                          const char    *label);
/* Whether the tile may be activated now; when not, it is announced as
 * disabled (it stays focusable so the map can still be read). */
gboolean    isle_board_tile_get_playable (IsleBoardTile *self);
void        isle_board_tile_set_playable (IsleBoardTile *self,
                                          gboolean       playable);
/* The accessible description, e.g. "Last move"; NULL (or "") for none. */
const char *isle_board_tile_get_description (IsleBoardTile *self);
void        isle_board_tile_set_description (IsleBoardTile *self,
                                             const char    *description);

G_END_DECLS
