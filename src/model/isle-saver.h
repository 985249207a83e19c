/* isle-saver.h — IsleSaver: writes one file (the autosave) off the main
 * thread, atomically, newest data first.
 *
 * A game is saved after every decision. Writing and syncing a file can take
 * tens of milliseconds on a busy disk, which the main loop must never wait
 * for, so the data is made on the caller's thread (fast) and written in a
 * worker thread. Saves of one IsleSaver are written one at a time and in
 * order; data that a newer save replaces before its turn is never written,
 * so the file never goes back to an older game. isle_saver_flush() waits
 * for what is still to be written (before the app quits).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ISLE_TYPE_SAVER (isle_saver_get_type ())
G_DECLARE_FINAL_TYPE (IsleSaver, isle_saver, ISLE, SAVER, GObject)

IsleSaver  *isle_saver_new          (const char           *path);
const char *isle_saver_get_path     (IsleSaver            *self);

/* Writes DATA to the path in a worker thread. CALLBACK, if not NULL, is
 * called in the thread-default main context of the caller; a save whose
 * data a newer save replaced finishes with TRUE. */
void        isle_saver_save_async   (IsleSaver            *self,
                                     GBytes               *data,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data);
gboolean    isle_saver_save_finish  (IsleSaver            *self,
                                     GAsyncResult         *result,
                                     GError              **error);

/* Writes what is still waiting, in the calling thread, and returns once
 * the newest data given is on disk (or could not be written). */
gboolean    isle_saver_flush        (IsleSaver            *self,
                                     GError              **error);

/* The file at the path could not be read (a damaged autosave): the next
 * save moves it aside to PATH.damaged instead of keeping it as the backup
 * of a good game. */
void        isle_saver_set_damaged  (IsleSaver            *self);

/* Writes LENGTH bytes of DATA to PATH atomically: a temporary file in PATH's
 * directory (created if missing), synced, then renamed over PATH, so PATH
 * holds the old file or the new one whatever happens. The file PATH held
 * before is kept as its backup, isle_backup_path() (PATH~), until the next
 * save. Errors name the file. */
gboolean    isle_write_file_atomic  (const char           *path,
                                     const char           *data,
                                     gsize                 length,
                                     GError              **error);
/* The first MAX + 1 bytes of PATH at most, NUL-terminated (g_free), their
 * number in LENGTH: a huge file or an endless one (a FIFO, /dev/zero) is
 * never read whole. More than MAX bytes means the file is too long. Errors
 * are GFileErrors naming the file, as g_file_get_contents() gives. */
char       *isle_read_file_bounded  (const char           *path,
                                     gsize                 max,
                                     gsize                *length,
                                     GError              **error);
/* Where the file at PATH keeps its backup: PATH~ (newly allocated). */
char       *isle_backup_path        (const char           *path);

G_END_DECLS
