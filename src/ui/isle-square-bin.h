/* isle-square-bin.h — IsleSquareBin: holds one widget (the island map) and
 * asks to be as tall as it is wide, so that a stacked game page gives the
 * map the window's width and leaves the height below it to the panel. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ISLE_TYPE_SQUARE_BIN (isle_square_bin_get_type ())
G_DECLARE_FINAL_TYPE (IsleSquareBin, isle_square_bin, ISLE, SQUARE_BIN, GtkWidget)

GtkWidget *isle_square_bin_new       (void);
void       isle_square_bin_set_child (IsleSquareBin *self,
                                      GtkWidget     *child);
GtkWidget *isle_square_bin_get_child (IsleSquareBin *self);

G_END_DECLS
