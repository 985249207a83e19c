/* isle-file-chooser.h — what the game window and the editor share when they
 * ask for a `.isle` file: one asynchronous open and save, the filter and
 * the folder to start in. GtkFileDialog where GTK has it (4.10), else
 * GtkFileChooserNative; inside the Flatpak sandbox both go through the
 * file chooser portal. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* `.isle` files (application/x-critter-isle): games and scenarios. */
GtkFileFilter *isle_file_chooser_filter       (void);

/* The folder a chooser starts in: the folder of NEAR (a file path) when
 * given and not one the document portal made up, else Documents, else
 * home. Inside the sandbox Documents is given even when the sandbox does
 * not see it: the portal's dialog runs outside and does. */
GFile         *isle_file_chooser_start_folder (const char *near);

/* Asks for a `.isle` file to open, over PARENT, titled TITLE, starting
 * near NEAR (see isle_file_chooser_start_folder()). CALLBACK gets the
 * result for isle_file_chooser_open_finish(). Cancelling CANCELLABLE
 * closes the dialog. */
void           isle_file_chooser_open         (GtkWindow           *parent,
                                               const char          *title,
                                               const char          *near,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);

/* The file chosen, or NULL with ERROR set: G_IO_ERROR_CANCELLED when the
 * person dismissed the dialog or CANCELLABLE was cancelled. */
GFile         *isle_file_chooser_open_finish  (GAsyncResult        *result,
                                               GError             **error);

/* The same for one or more files (the games page's Import): a list of
 * GFile. */
void           isle_file_chooser_open_multiple (GtkWindow           *parent,
                                                const char          *title,
                                                const char          *near,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
GListModel    *isle_file_chooser_open_multiple_finish (GAsyncResult *result,
                                                       GError      **error);

/* Asks where to save a `.isle` file, the name NAME offered, in the
 * folder near NEAR; as isle_file_chooser_open() otherwise. */
void           isle_file_chooser_save         (GtkWindow           *parent,
                                               const char          *title,
                                               const char          *near,
                                               const char          *name,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);

GFile         *isle_file_chooser_save_finish  (GAsyncResult        *result,
                                               GError             **error);

/* Whether ERROR only says the person dismissed the dialog (nothing to tell
 * them). */
gboolean       isle_file_chooser_dismissed    (const GError        *error);

G_END_DECLS
