/* isle-saver.c — IsleSaver: atomic file writes off the main thread, newest
 * data first (see isle-saver.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "isle-saver.h"

struct _IsleSaver
{
  GObject parent_instance;

  char *path;
  /* Guarded by LOCK: the newest data not yet taken by a writer (NULL when
   * none), and whether a writer is busy with the file. */
  GMutex lock;
  GCond done;
  GBytes *pending;
  gboolean writing;
  /* The file at PATH could not be read: it is moved aside, not backed up. */
  gboolean damaged;
};

G_DEFINE_FINAL_TYPE (IsleSaver, isle_saver, G_TYPE_OBJECT)

char *
isle_read_file_bounded (const char  *path,
                        gsize        max,
                        gsize       *length,
                        GError     **error)
{
  g_autofree char *buf = NULL;
  g_autofree char *name = NULL;
  gsize got;
  FILE *file;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_name (path);
  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Failed to open file “%s”: %s"), name, g_strerror (saved));
      return NULL;
    }
  buf = g_malloc (max + 2);
  got = fread (buf, 1, max + 1, file);
  if (ferror (file))
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Failed to read from file “%s”: %s"), name, g_strerror (saved));
      fclose (file);
      return NULL;
    }
  fclose (file);
  buf[got] = '\0';
  *length = got;
  return g_steal_pointer (&buf);
}

char *
isle_backup_path (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_strconcat (path, "~", NULL);
}

/* Keeps the file at PATH as TO, whole, whatever happens: a hard link made
 * beside it and renamed over TO (a copy where links cannot be made). */
static gboolean
keep_as (const char *path, const char *to, GError **error)
{
  g_autofree char *link_path = g_strconcat (to, ".new", NULL);
  g_autoptr (GFile) from = NULL;
  g_autoptr (GFile) dest = NULL;

  g_unlink (link_path);
  if (link (path, link_path) == 0)
    {
      if (g_rename (link_path, to) == 0)
        return TRUE;
      g_unlink (link_path);
    }
  from = g_file_new_for_path (path);
  dest = g_file_new_for_path (to);
  return g_file_copy (from, dest, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                      NULL, NULL, NULL, error);
}

gboolean
isle_write_file_atomic (const char  *path,
                        const char  *data,
                        gsize        length,
                        GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *backup = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Cannot create the folder %s: %s"), display,
                   g_strerror (saved_errno));
      return FALSE;
    }
  /* The file written before is kept as PATH~ until the next save. Only an
   * extra safety: where it cannot be made (a folder that cannot be
   * written), the save itself says what is wrong. */
  backup = isle_backup_path (path);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr (GError) backup_error = NULL;

      if (!keep_as (path, backup, &backup_error))
        g_debug ("no backup of %s: %s", path, backup_error->message);
    }
  /* GFileError messages already name the file. */
  return g_file_set_contents_full (path, data != NULL ? data : "", (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT
                                   | G_FILE_SET_CONTENTS_DURABLE,
                                   0666, error);
}

/* Takes the pending data, if any, once no other writer is busy, and writes
 * it. TRUE when there was nothing left to write. */
static gboolean
write_pending (IsleSaver *self, GError **error)
{
  g_autoptr (GBytes) data = NULL;
  gboolean ok = TRUE;
  gboolean damaged;
  gconstpointer bytes;
  gsize length;

  g_mutex_lock (&self->lock);
  while (self->writing)
    g_cond_wait (&self->done, &self->lock);
  data = g_steal_pointer (&self->pending);
  self->writing = data != NULL;
  damaged = data != NULL && self->damaged;
  if (damaged)
    self->damaged = FALSE;
  g_mutex_unlock (&self->lock);
  if (data == NULL)
    return TRUE;

  bytes = g_bytes_get_data (data, &length);
  if (damaged)
    {
      /* A file that could not be read never becomes the backup of a good
       * one: it is kept aside for its owner. */
      g_autofree char *aside = g_strconcat (self->path, ".damaged", NULL);

      if (g_file_test (self->path, G_FILE_TEST_EXISTS) && g_rename (self->path, aside) != 0)
        {
          int saved_errno = errno;
          g_autofree char *display = g_filename_display_name (self->path);

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Cannot move the damaged file %s aside: %s"), display, g_strerror (saved_errno));
          ok = FALSE;
          isle_saver_set_damaged (self);
        }
    }
  if (ok)
    ok = isle_write_file_atomic (self->path, bytes, length, error);

  g_mutex_lock (&self->lock);
  self->writing = FALSE;
  g_cond_broadcast (&self->done);
  g_mutex_unlock (&self->lock);
  return ok;
}

static void
save_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  (void) task_data;
  (void) cancellable;
  if (write_pending (ISLE_SAVER (source), &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
isle_saver_save_async (IsleSaver           *self,
                       GBytes              *data,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (ISLE_IS_SAVER (self));
  g_return_if_fail (data != NULL);

  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->pending, g_bytes_unref);
  self->pending = g_bytes_ref (data);
  g_mutex_unlock (&self->lock);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isle_saver_save_async);
  g_task_run_in_thread (task, save_in_thread);
}

gboolean
isle_saver_save_finish (IsleSaver     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
isle_saver_flush (IsleSaver  *self,
                  GError    **error)
{
  g_return_val_if_fail (ISLE_IS_SAVER (self), FALSE);

  /* Writes what is pending, or waits for the writer that took it. */
  if (!write_pending (self, error))
    return FALSE;
  g_mutex_lock (&self->lock);
  while (self->writing)
    g_cond_wait (&self->done, &self->lock);
  g_mutex_unlock (&self->lock);
  return TRUE;
}

void
isle_saver_set_damaged (IsleSaver *self)
{
  g_return_if_fail (ISLE_IS_SAVER (self));

  g_mutex_lock (&self->lock);
  self->damaged = TRUE;
  g_mutex_unlock (&self->lock);
}

const char *
isle_saver_get_path (IsleSaver *self)
{
  g_return_val_if_fail (ISLE_IS_SAVER (self), NULL);

  return self->path;
}

IsleSaver *
isle_saver_new (const char *path)
{
  IsleSaver *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (ISLE_TYPE_SAVER, NULL);
  self->path = g_strdup (path);
  return self;
}

static void
isle_saver_finalize (GObject *object)
{
  IsleSaver *self = ISLE_SAVER (object);

  /* Every task holds a reference: none is running now. */
  g_clear_pointer (&self->pending, g_bytes_unref);
  g_free (self->path);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done);
  G_OBJECT_CLASS (isle_saver_parent_class)->finalize (object);
}

static void
isle_saver_class_init (IsleSaverClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = isle_saver_finalize;
}

static void
isle_saver_init (IsleSaver *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->done);
}
