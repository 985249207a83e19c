/* test-saver.c — IsleSaver: autosaves written off the main thread, one at a
 * time, the newest data last; flush waits for them; a failure is reported
 * and leaves the old file whole. */
#include <glib/gstdio.h>

#include "isle-model-test-util.h"
#include "isle-saver.h"

typedef struct
{
  int finished;
  int failed;
  GError *error;
} Results;

static void
on_saved (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Results *results = user_data;
  GError *error = NULL;

  results->finished++;
  if (!isle_saver_save_finish (ISLE_SAVER (source), result, &error))
    {
      results->failed++;
      g_clear_error (&results->error);
      results->error = error;
    }
}

static void
save_text (IsleSaver *saver, const char *text, Results *results)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));

  isle_saver_save_async (saver, bytes, NULL, on_saved, results);
}

/* Many saves in a row: the file ends with the last one, every save
 * finishes, and no temporary file is left. */
static void
test_newest_last (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *path = g_build_filename (dir, "sub", "autosave.isle", NULL);
  g_autoptr (IsleSaver) saver = isle_saver_new (path);
  g_autofree char *contents = NULL;
  Results results = { 0 };
  g_autoptr (GError) error = NULL;

  for (int i = 0; i < 200; i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"move\": %d}\n", i);

      save_text (saver, text, &results);
    }
  while (results.finished < 200)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (results.failed, ==, 0);
  g_assert_true (isle_saver_flush (saver, &error));
  g_assert_no_error (error);
  contents = isle_test_read_file (path);
  g_assert_cmpstr (contents, ==, "{\"move\": 199}\n");
  {
    /* The file and its backup, no temporary file. */
    g_autofree char *sub = g_path_get_dirname (path);
    g_autofree char *backup = isle_backup_path (path);
    g_autoptr (GDir) d = g_dir_open (sub, 0, NULL);
    const char *name;
    int n = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_assert_true (g_str_equal (name, "autosave.isle") || g_str_equal (name, "autosave.isle~"));
        n++;
      }
    g_assert_cmpint (n, >=, 1);
    g_assert_cmpint (g_remove (path), ==, 0);
    g_remove (backup);
    g_assert_cmpint (g_rmdir (sub), ==, 0);
  }
  isle_test_remove_dir (dir);
}

/* Flush returns only once the newest data is on disk, even with writes
 * still queued in worker threads (the window closing mid-game). */
static void
test_flush_writes_newest (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  Results results = { 0 };

  for (int round = 0; round < 20; round++)
    {
      g_autoptr (IsleSaver) saver = isle_saver_new (path);
      g_autofree char *last = NULL;
      g_autofree char *contents = NULL;

      for (int i = 0; i < 10; i++)
        {
          g_free (last);
          last = g_strdup_printf ("round %d save %d\n", round, i);
          save_text (saver, last, &results);
        }
      g_assert_true (isle_saver_flush (saver, NULL));
      contents = isle_test_read_file (path);
      g_assert_cmpstr (contents, ==, last);
    }
  while (results.finished < 200)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (results.failed, ==, 0);
  isle_test_remove_dir (dir);
}

/* A file where the folder should be: the save fails with a message naming
 * the folder, reported to the callback and by flush. */
static void
test_failure_is_reported (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *blocker = g_build_filename (dir, "games", NULL);
  g_autofree char *path = g_build_filename (blocker, "autosave.isle", NULL);
  g_autoptr (IsleSaver) saver = isle_saver_new (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  Results results = { 0 };

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  save_text (saver, "{}\n", &results);
  while (results.finished < 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (results.failed, ==, 1);
  g_assert_nonnull (results.error);
  g_assert_nonnull (strstr (results.error->message, "games"));
  g_clear_error (&results.error);

  save_text (saver, "{}\n", &results);
  /* Flush either writes it itself or waits for the writer that took it. */
  if (!isle_saver_flush (saver, &error))
    g_assert_nonnull (strstr (error->message, "games"));
  while (results.finished < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (results.failed + (error != NULL), >=, 2);
  g_clear_error (&results.error);
  contents = isle_test_read_file (blocker);
  g_assert_cmpstr (contents, ==, "not a folder");
  isle_test_remove_dir (dir);
}

/* Atomic writes replace the file whole and leave nothing beside it. */
static void
test_write_file_atomic (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;

  g_assert_true (isle_write_file_atomic (path, "old\n", 4, &error));
  g_assert_true (isle_write_file_atomic (path, "new\n", 4, &error));
  g_assert_no_error (error);
  contents = isle_test_read_file (path);
  g_assert_cmpstr (contents, ==, "new\n");
  isle_test_remove_dir (dir);
}

/* Each save keeps the file it replaces as PATH~; the first has nothing to
 * keep. */
static void
test_backup_kept (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *backup = isle_backup_path (path);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_str_has_suffix (backup, "autosave.isle~"));
  g_assert_true (isle_write_file_atomic (path, "one\n", 4, &error));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_true (isle_write_file_atomic (path, "two\n", 4, &error));
  g_assert_no_error (error);
  first = isle_test_read_file (backup);
  g_assert_cmpstr (first, ==, "one\n");
  g_assert_true (isle_write_file_atomic (path, "three\n", 6, &error));
  second = isle_test_read_file (backup);
  g_assert_cmpstr (second, ==, "two\n");
  isle_test_remove_dir (dir);
}

/* A file that could not be read is moved aside by the next save, not made
 * the backup: the good backup and the damaged file both stay. */
static void
test_damaged_moved_aside (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-saver");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *backup = isle_backup_path (path);
  g_autofree char *aside = g_strconcat (path, ".damaged", NULL);
  g_autoptr (IsleSaver) saver = isle_saver_new (path);
  g_autofree char *kept = NULL, *damaged = NULL, *now = NULL;
  Results results = { 0 };

  g_assert_true (g_file_set_contents (backup, "good\n", -1, NULL));
  g_assert_true (g_file_set_contents (path, "{\"truncated", -1, NULL));
  isle_saver_set_damaged (saver);
  save_text (saver, "new\n", &results);
  g_assert_true (isle_saver_flush (saver, NULL));
  while (results.finished < 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (results.failed, ==, 0);
  kept = isle_test_read_file (backup);
  damaged = isle_test_read_file (aside);
  now = isle_test_read_file (path);
  g_assert_cmpstr (kept, ==, "good\n");
  g_assert_cmpstr (damaged, ==, "{\"truncated");
  g_assert_cmpstr (now, ==, "new\n");
  isle_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/saver/newest_last", test_newest_last);
  g_test_add_func ("/saver/flush_writes_newest", test_flush_writes_newest);
  g_test_add_func ("/saver/failure_is_reported", test_failure_is_reported);
  g_test_add_func ("/saver/write_file_atomic", test_write_file_atomic);
  g_test_add_func ("/saver/backup_kept", test_backup_kept);
  g_test_add_func ("/saver/damaged_moved_aside", test_damaged_moved_aside);
  return g_test_run ();
}
