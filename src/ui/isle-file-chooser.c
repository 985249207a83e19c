/* isle-file-chooser.c — the `.isle` filter (and, to open, one of
 * command-line game records), starting folder and the one
 * asynchronous open and save of the file choosers (isle-file-chooser.h):
 * GtkFileDialog from GTK 4.10, GtkFileChooserNative (deprecated there)
 * before it. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-file-chooser.h"

GtkFileFilter *
isle_file_chooser_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Critter Isle games and scenarios"));
  gtk_file_filter_add_mime_type (filter, "application/x-critter-isle");
  gtk_file_filter_add_suffix (filter, "isle");
  return filter;
}

/* Opening only: the records `critter-isle-cli play --json` writes, which
 * open as their game, to review. */
static GtkFileFilter *
record_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game records of the command line"));
  gtk_file_filter_add_suffix (filter, "json");
  return filter;
}

static gboolean
sandboxed (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* A file opened through the document portal lives in a folder of its own
 * (/run/user/UID/doc/ID/): nothing a person would look for files in. */
static gboolean
in_document_portal (const char *path)
{
  g_autofree char *docs = g_build_filename (g_get_user_runtime_dir (), "doc", NULL);
  size_t n = strlen (docs);

  return strncmp (path, docs, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

GFile *
isle_file_chooser_start_folder (const char *near)
{
  const char *dir = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (near != NULL && !in_document_portal (near))
    {
      g_autoptr (GFile) file = g_file_new_for_path (near);
      GFile *folder = g_file_get_parent (file);

      if (folder != NULL)
        return folder;
    }
  if (dir != NULL && (sandboxed () || g_file_test (dir, G_FILE_TEST_IS_DIR)))
    return g_file_new_for_path (dir);
  return g_file_new_for_path (g_get_home_dir ());
}

gboolean
isle_file_chooser_dismissed (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

#if GTK_CHECK_VERSION (4, 10, 0)

static void
on_dialog_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;
  GFile *file;

  if (g_task_get_source_tag (task) == isle_file_chooser_save)
    file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  else if (g_task_get_source_tag (task) == isle_file_chooser_open_multiple)
    file = (GFile *) gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (source), result, &error);
  else
    file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, &error);
  if (file != NULL)
    g_task_return_pointer (task, file, g_object_unref);
  else if (g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
           || g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", error->message);
      g_error_free (error);
    }
  else
    g_task_return_error (task, error);
}

static void
ask (GtkWindow *parent, const char *title, const char *near, const char *name,
     GCancellable *cancellable, GTask *task)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr (GtkFileFilter) filter = isle_file_chooser_filter ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GFile) folder = isle_file_chooser_start_folder (near);

  g_list_store_append (filters, filter);
  if (name == NULL)
    {
      g_autoptr (GtkFileFilter) records = record_filter ();

      g_list_store_append (filters, records);
    }
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, filter);
  gtk_file_dialog_set_initial_folder (dialog, folder);
  if (name != NULL)
    {
      gtk_file_dialog_set_initial_name (dialog, name);
      gtk_file_dialog_save (dialog, parent, cancellable, on_dialog_done, task);
    }
  else if (g_task_get_source_tag (task) == isle_file_chooser_open_multiple)
    gtk_file_dialog_open_multiple (dialog, parent, cancellable, on_dialog_done, task);
  else
    gtk_file_dialog_open (dialog, parent, cancellable, on_dialog_done, task);
}

#else /* GtkFileChooserNative: GTK 4.8 */

typedef struct
{
  GtkFileChooserNative *dialog;
  GCancellable *cancellable;
  gulong cancelled_id;
} Asking;

static void
asking_free (gpointer data)
{
  Asking *asking = data;

  if (asking->cancelled_id != 0)
    g_cancellable_disconnect (asking->cancellable, asking->cancelled_id);
  g_clear_object (&asking->dialog);
  g_clear_object (&asking->cancellable);
  g_free (asking);
}

static void
on_native_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  g_autoptr (GTask) task = data;
  Asking *asking = g_task_get_task_data (task);
  GFile *file = NULL;

  if (asking->cancellable != NULL)
    g_cancellable_disconnect (asking->cancellable, asking->cancelled_id);
  asking->cancelled_id = 0;
  g_signal_handlers_disconnect_by_data (dialog, data);
  if (response == GTK_RESPONSE_ACCEPT && g_task_get_source_tag (task) == isle_file_chooser_open_multiple)
    file = (GFile *) gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
  else if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    g_task_return_pointer (task, file, g_object_unref);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The file chooser was dismissed");
}

/* Hiding a native dialog ends it without a "response". */
static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  GTask *task = data;
  Asking *asking = g_task_get_task_data (task);

  (void) cancellable;
  asking->cancelled_id = 0;   /* no disconnecting from inside the handler */
  g_signal_handlers_disconnect_by_data (asking->dialog, task);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (asking->dialog));
  g_task_return_error_if_cancelled (task);
  g_object_unref (task);   /* the response's */
}

static void
ask (GtkWindow *parent, const char *title, const char *near, const char *name,
     GCancellable *cancellable, GTask *task)
{
  Asking *asking = g_new0 (Asking, 1);
  g_autoptr (GtkFileFilter) filter = isle_file_chooser_filter ();
  g_autoptr (GFile) folder = isle_file_chooser_start_folder (near);

  if (g_task_return_error_if_cancelled (task))
    {
      g_free (asking);
      g_object_unref (task);
      return;
    }
  asking->dialog = gtk_file_chooser_native_new (title, parent,
                                                name != NULL ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                name != NULL ? _("_Save") : _("_Open"), _("_Cancel"));
  asking->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  g_task_set_task_data (task, asking, asking_free);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (asking->dialog), filter);
  if (name == NULL)
    {
      g_autoptr (GtkFileFilter) records = record_filter ();

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (asking->dialog), records);
    }
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (asking->dialog), folder, NULL);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (asking->dialog),
                                        g_task_get_source_tag (task) == isle_file_chooser_open_multiple);
  if (name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (asking->dialog), name);
  g_signal_connect (asking->dialog, "response", G_CALLBACK (on_native_response), task);
  if (cancellable != NULL)
    asking->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), task, NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (asking->dialog));
}

#endif

void
isle_file_chooser_open (GtkWindow *parent, const char *title, const char *near,
                        GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_task_set_source_tag (task, isle_file_chooser_open);
  ask (parent, title, near, NULL, cancellable, task);
}

void
isle_file_chooser_open_multiple (GtkWindow *parent, const char *title, const char *near,
                                 GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_task_set_source_tag (task, isle_file_chooser_open_multiple);
  ask (parent, title, near, NULL, cancellable, task);
}

GListModel *
isle_file_chooser_open_multiple_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isle_file_chooser_save (GtkWindow *parent, const char *title, const char *near, const char *name,
                        GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (name != NULL);
  g_task_set_source_tag (task, isle_file_chooser_save);
  ask (parent, title, near, name, cancellable, task);
}

GFile *
isle_file_chooser_open_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

GFile *
isle_file_chooser_save_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
