/* isle-file-chooser.h — what the game window and the editor share when they
 * ask for a `.isle` file: the filter and the folder to start in. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* `.isle` files (application/x-critter-isle): games and scenarios. */
GtkFileFilter *isle_file_chooser_filter       (void);

/* Starts CHOOSER in the folder of NEAR (a file path) when given, else in
 * Documents, else home. Inside the Flatpak sandbox the portal's dialog
 * shows that folder too. */
void           isle_file_chooser_start_folder (GtkFileChooser *chooser,
                                               const char     *near);

G_END_DECLS
