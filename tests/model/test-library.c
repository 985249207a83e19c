/* test-library.c — IsleLibrary, the games library (issue 30): games kept
 * and read back whole (their records replay), kept again under one name,
 * deleted and brought back, a schema migrated; and the faults: a damaged
 * file moved aside and a new library begun, a newer schema and a folder
 * that cannot be written read only, a full disk failing a write and
 * nothing more, a process killed while writing losing no game written
 * before. The statistics of kept games (isle-games-stats.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "isle-games-stats.h"
#include "isle-library.h"
#include "isle-model-test-util.h"
#include "isle-saved-game.h"

/* The child of /library/killed-while-writing keeps games here until it is
 * killed. */
#define CHILD_ENV "ISLE_TEST_LIBRARY_CHILD"

/* A Basic game played to its end (seeded random decisions). */
static IsleGame *
finished_game (guint32 seed)
{
  IsleGame *game = isle_test_played_game (100000, seed);

  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  return game;
}

static IsleKeptGame *
kept (IsleGame *game, const char *uid, gint64 ended, gboolean abandoned)
{
  g_autoptr (GError) error = NULL;
  IsleKeptGame *k = isle_kept_game_new_from_game (game, uid, ended - 600, ended, abandoned, &error);

  g_assert_no_error (error);
  return k;
}

/* The library at PATH, opened (its state told in this thread's context). */
static IsleLibrary *
opened (const char *path)
{
  IsleLibrary *library = isle_library_new (path);

  /* Nothing is known before the writer has opened the file. */
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_OPENING);
  while (isle_library_get_state (library) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  return library;
}

static void
flushed (IsleLibrary *library)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_library_flush (library, &error));
  g_assert_no_error (error);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static guint
count_all (IsleLibrary *library)
{
  g_autoptr (GError) error = NULL;
  guint n = isle_library_count (library, NULL, &error);

  g_assert_no_error (error);
  return n;
}

static void
count_signal (gpointer instance, gpointer data)
{
  (void) instance;
  (*(guint *) data)++;
}

static void
save_message (gpointer instance, const char *message, gpointer data)
{
  (void) instance;
  g_free (*(char **) data);
  *(char **) data = g_strdup (message);
}

/* A game kept is read back with every field, and its record replays to
 * the same end; listing leaves the record out, newest first. */
static void
test_keep_and_read (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = opened (path);
  g_autoptr (IsleGame) game = finished_game (3);
  g_autoptr (IsleGame) other = finished_game (4);
  g_autoptr (IsleKeptGame) first = kept (game, "a", 1000, FALSE);
  g_autoptr (IsleKeptGame) second = kept (other, "b", 2000, FALSE);
  g_autoptr (IsleKeptGame) back = NULL;
  g_autoptr (IsleGame) replayed = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  guint changed = 0;

  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
  g_assert_null (isle_library_get_notice (library));
  g_signal_connect (library, "changed", G_CALLBACK (count_signal), &changed);
  isle_library_keep (library, first);
  isle_library_keep (library, second);
  flushed (library);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (count_all (library), ==, 2);

  list = isle_library_list (library, NULL, TRUE, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpstr (isle_kept_game_get_uid (g_ptr_array_index (list, 0)), ==, "b");
  g_assert_null (isle_kept_game_get_record (g_ptr_array_index (list, 0)));

  back = isle_library_get (library, isle_kept_game_get_id (g_ptr_array_index (list, 1)), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (isle_kept_game_get_uid (back), ==, "a");
  g_assert_cmpint (isle_kept_game_get_started (back), ==, 400);
  g_assert_cmpint (isle_kept_game_get_ended (back), ==, 1000);
  g_assert_cmpint (isle_kept_game_get_variant (back), ==, ISLE_VARIANT_BASIC);
  /* R4.7: the totals are the game's own. */
  g_assert_cmpint (isle_kept_game_get_points (back, 0), ==, isle_game_get_state (game)->total[0]);
  g_assert_cmpint (isle_kept_game_get_points (back, 1), ==, isle_game_get_state (game)->total[1]);
  g_assert_cmpint (isle_kept_game_get_coins (back, 0), ==, -1);
  g_assert_cmpuint (isle_kept_game_get_n_rounds (back), ==, isle_kept_game_get_n_rounds (first));
  g_assert_cmpuint (isle_kept_game_get_n_rounds (back), >, 0);
  g_assert_cmpint (isle_kept_game_get_round (back, 0)->points[0], ==, isle_kept_game_get_round (first, 0)->points[0]);
  g_assert_cmpuint (isle_kept_game_get_decisions (back), ==, isle_game_get_n_actions (game));
  g_assert_cmpstrv (isle_kept_game_get_players (back), ((const char *const[]) { "human", "medium", NULL }));
  g_assert_cmpint (isle_kept_game_get_person_side (back), ==, 0);
  g_assert_cmpstr (isle_kept_game_get_opponent (back), ==, "medium");
  g_assert_cmpint (isle_kept_game_get_result (back), ==, isle_kept_game_get_result (first));
  g_assert_cmpstr (isle_kept_game_get_record (back), ==, isle_kept_game_get_record (first));

  replayed = isle_saved_game_load_data (isle_kept_game_get_record (back), -1, "kept", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_n_actions (replayed), ==, isle_game_get_n_actions (game));
  g_assert_true (isle_state_is_terminal (isle_game_get_state (replayed)));

  g_assert_null (isle_library_get (library, 999, &error));
  g_assert_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND);
  g_clear_object (&library);
  isle_test_remove_dir (dir);
}

/* A game kept again under its name replaces its row (finished again after
 * an undo, reviewed); filters take variant, opponent and result. */
static void
test_keep_again_and_filter (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = opened (path);
  g_autoptr (IsleGame) game = finished_game (5);
  g_autoptr (IsleGame) unfinished = isle_test_played_game (10, 5);
  g_autoptr (IsleKeptGame) abandoned = kept (unfinished, "same", 100, TRUE);
  g_autoptr (IsleKeptGame) finished = kept (game, "same", 200, FALSE);
  g_autoptr (IsleKeptGame) another = kept (unfinished, "other", 300, TRUE);
  g_autoptr (IsleKeptGame) back = NULL;
  g_autoptr (GPtrArray) list = NULL;
  IsleLibraryFilter filter = ISLE_LIBRARY_FILTER_ALL;

  g_assert_cmpint (isle_kept_game_get_result (abandoned), ==, ISLE_KEPT_ABANDONED);
  isle_library_keep (library, abandoned);
  isle_library_keep (library, finished);
  isle_library_keep (library, another);
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 2);
  list = isle_library_list (library, NULL, FALSE, 0, 10, NULL);
  back = g_object_ref (g_ptr_array_index (list, 0));
  g_assert_cmpstr (isle_kept_game_get_uid (back), ==, "same");
  g_assert_cmpint (isle_kept_game_get_ended (back), ==, 200);
  g_assert_cmpint (isle_kept_game_get_result (back), !=, ISLE_KEPT_ABANDONED);
  g_assert_cmpint (isle_kept_game_get_started (back), ==, 100 - 600);   /* as first kept */

  filter.result = ISLE_KEPT_ABANDONED;
  g_assert_cmpuint (isle_library_count (library, &filter, NULL), ==, 1);
  filter = ISLE_LIBRARY_FILTER_ALL;
  filter.variant = ISLE_VARIANT_WEATHER;
  g_assert_cmpuint (isle_library_count (library, &filter, NULL), ==, 0);
  filter = ISLE_LIBRARY_FILTER_ALL;
  filter.opponent = "medium";
  g_assert_cmpuint (isle_library_count (library, &filter, NULL), ==, 2);
  filter.opponent = "expert";
  g_assert_cmpuint (isle_library_count (library, &filter, NULL), ==, 0);
  g_clear_object (&library);
  isle_test_remove_dir (dir);
}

/* Deleted games leave every listing, come back with Undo, and are gone
 * for good when the library is next opened. */
static void
test_delete (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = opened (path);
  g_autoptr (IsleGame) game = finished_game (6);
  g_autoptr (IsleKeptGame) a = kept (game, "a", 100, FALSE);
  g_autoptr (IsleKeptGame) b = kept (game, "b", 200, FALSE);
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id;

  isle_library_keep (library, a);
  isle_library_keep (library, b);
  flushed (library);
  list = isle_library_list (library, NULL, TRUE, 0, 1, NULL);
  id = isle_kept_game_get_id (g_ptr_array_index (list, 0));
  isle_library_set_deleted (library, id, TRUE);
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 1);
  g_assert_null (isle_library_get (library, id, &error));
  g_clear_error (&error);
  isle_library_set_deleted (library, id, FALSE);
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 2);
  isle_library_set_deleted (library, id, TRUE);
  flushed (library);
  g_clear_object (&library);

  library = opened (path);
  g_assert_cmpuint (count_all (library), ==, 1);
  isle_library_set_deleted (library, id, FALSE);   /* too late: purged */
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 1);
  g_clear_object (&library);
  isle_test_remove_dir (dir);
}

/* An empty database (schema 0) is migrated to ISLE_LIBRARY_SCHEMA; a
 * library of it reads for the command line; a database of something else
 * is not a library. */
static void
test_schema (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autofree char *other = g_build_filename (dir, "other.sqlite", NULL);
  g_autoptr (IsleLibrary) library = NULL;
  g_autoptr (IsleLibrary) reading = NULL;
  g_autoptr (GError) error = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 0", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  library = opened (path);
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
  g_clear_object (&library);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, ISLE_LIBRARY_SCHEMA);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  reading = isle_library_open_read_only (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_all (reading), ==, 0);
  g_clear_object (&reading);

  g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (isle_library_open_read_only (other, &error));
  g_assert_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_DAMAGED);
  g_clear_error (&error);
  g_assert_null (isle_library_open_read_only ("/nonexistent/games.sqlite", &error));
  g_assert_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND);
  isle_test_remove_dir (dir);
}

/* A library of schema 1 (before the ratings), as that version wrote it:
 * opened for reading it has no ratings; opened by the app it is migrated
 * to schema 2, every game kept, and keeps ratings from then on. */
static void
test_migrate_v1 (void)
{
  static const char v1[] =
    "CREATE TABLE games ("
    " id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, started INTEGER NOT NULL,"
    " ended INTEGER NOT NULL, variant TEXT NOT NULL, rules TEXT NOT NULL, players TEXT NOT NULL,"
    " person_side INTEGER, opponent TEXT NOT NULL, result TEXT NOT NULL,"
    " red_points INTEGER NOT NULL, blue_points INTEGER NOT NULL, red_coins INTEGER,"
    " blue_coins INTEGER, rounds TEXT NOT NULL, decisions INTEGER NOT NULL,"
    " rated INTEGER NOT NULL DEFAULT 0, reviewed INTEGER NOT NULL DEFAULT 0,"
    " record TEXT NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX games_by_end ON games (ended, id);"
    "INSERT INTO games (uid, started, ended, variant, rules, players, person_side, opponent, result,"
    " red_points, blue_points, rounds, decisions, record) VALUES"
    " ('old-1', 1000, 1600, 'basic', '{}', '[\"human\",\"easy\"]', 0, 'easy', 'won', 30, 20,"
    " '[{\"points\":[30,20],\"coins\":[-1,-1]}]', 40, ''),"
    " ('old-2', 2000, 2600, 'weather', '{}', '[\"human\",\"hard\"]', 0, 'hard', 'lost', 10, 25,"
    " '[]', 50, '');"
    "PRAGMA user_version = 1;";
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = NULL;
  g_autoptr (IsleLibrary) reading = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GArray) ratings = NULL;
  g_autoptr (IsleGame) game = finished_game (3);
  g_autoptr (IsleKeptGame) k = NULL;
  g_autoptr (GError) error = NULL;
  IsleKeptRating rating = { 1200, 1180.5, 0.0, 1413 };
  double now = 0, best = 0;
  guint n = 0;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, v1, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  /* Read only, as the command line reads it: schema 1, no ratings. */
  reading = isle_library_open_read_only (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_all (reading), ==, 2);
  g_assert_false (isle_library_get_rating (reading, ISLE_VARIANT_BASIC, &now, &n, &best, &error));
  g_assert_no_error (error);
  ratings = isle_library_list_ratings (reading, ISLE_VARIANT_BASIC, 50, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ratings->len, ==, 0);
  g_clear_pointer (&ratings, g_array_unref);
  g_clear_object (&reading);

  library = opened (path);
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
  g_assert_null (isle_library_get_notice (library));
  g_assert_cmpuint (count_all (library), ==, 2);
  games = isle_library_list (library, NULL, FALSE, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (isle_kept_game_get_uid (g_ptr_array_index (games, 0)), ==, "old-1");
  g_assert_cmpint (isle_kept_game_get_result (g_ptr_array_index (games, 0)), ==, ISLE_KEPT_WON);
  g_assert_cmpstr (isle_kept_game_get_uid (g_ptr_array_index (games, 1)), ==, "old-2");
  g_assert_false (isle_library_get_rating (library, ISLE_VARIANT_BASIC, &now, &n, &best, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 0);

  /* A rated game kept now: its rating is in the new table. */
  k = kept (game, "rated-1", 5000, FALSE);
  isle_kept_game_set_rating (k, &rating);
  isle_library_keep (library, k);
  isle_library_keep (library, k);               /* kept again: one rating */
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 3);
  g_assert_true (isle_library_get_rating (library, ISLE_VARIANT_BASIC, &now, &n, &best, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (now, ==, 1180.5);
  g_assert_cmpfloat (best, ==, 1180.5);
  ratings = isle_library_list_ratings (library, ISLE_VARIANT_BASIC, 50, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ratings->len, ==, 1);
  g_assert_cmpint (g_array_index (ratings, IsleRatedGame, 0).rating.opponent_elo, ==, 1413);
  g_assert_cmpint (g_array_index (ratings, IsleRatedGame, 0).game_id, >, 0);
  g_assert_cmpint (g_array_index (ratings, IsleRatedGame, 0).ended, ==, 5000);
  g_clear_object (&library);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 2);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  isle_test_remove_dir (dir);
}

/* A file that is no database is moved aside, whole, with the date in its
 * name, said once; a new library begins and keeps games. */
static void
test_damaged (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = NULL;
  g_autoptr (IsleGame) game = finished_game (7);
  g_autoptr (IsleKeptGame) k = kept (game, "a", 100, FALSE);
  g_autoptr (GDir) listing = NULL;
  static const char garbage[] = "This is not a database, but a person's data all the same.\n";
  const char *name;
  guint asides = 0;

  g_assert_true (g_file_set_contents (path, garbage, -1, NULL));
  library = opened (path);
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
  g_assert_nonnull (isle_library_get_notice (library));
  g_assert_nonnull (strstr (isle_library_get_notice (library), "damaged"));
  g_assert_nonnull (strstr (isle_library_get_notice (library), "games-damaged-"));
  isle_library_keep (library, k);
  flushed (library);
  g_assert_cmpuint (count_all (library), ==, 1);
  g_clear_object (&library);

  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "games-damaged-") && g_str_has_suffix (name, ".sqlite"))
      {
        g_autofree char *aside = g_build_filename (dir, name, NULL);
        g_autofree char *text = isle_test_read_file (aside);

        g_assert_cmpstr (text, ==, garbage);
        asides++;
      }
  g_assert_cmpuint (asides, ==, 1);

  /* Opened again, the new library is sound: nothing more to say. */
  library = opened (path);
  g_assert_null (isle_library_get_notice (library));
  g_assert_cmpuint (count_all (library), ==, 1);
  g_clear_object (&library);
  isle_test_remove_dir (dir);
}

/* A library of a newer schema is read, never written: the games it has
 * are listed, a game kept fails, and the file is unchanged. */
static void
test_newer (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleLibrary) library = opened (path);
  g_autoptr (IsleGame) game = finished_game (8);
  g_autoptr (IsleKeptGame) a = kept (game, "a", 100, FALSE);
  g_autoptr (IsleKeptGame) b = kept (game, "b", 200, FALSE);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  sqlite3 *db = NULL;

  isle_library_keep (library, a);
  flushed (library);
  g_clear_object (&library);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99; ALTER TABLE games ADD COLUMN later TEXT", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  before = isle_test_read_file (path);

  library = opened (path);
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READ_ONLY);
  g_assert_nonnull (strstr (isle_library_get_notice (library), "newer"));
  g_assert_cmpuint (count_all (library), ==, 1);
  isle_library_keep (library, b);
  g_assert_false (isle_library_flush (library, &error));
  g_assert_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_READ_ONLY);
  g_clear_object (&library);
  after = isle_test_read_file (path);
  g_assert_true (strlen (after) == strlen (before) && memcmp (before, after, strlen (before)) == 0);
  isle_test_remove_dir (dir);
}

/* The calling thread gets a mount namespace of its own (as root, or as
 * root of a user namespace of its own), so that it can mount a small
 * file system or make a folder read only for itself alone; threads it
 * starts afterwards share it. */
static void
private_mounts (void)
{
  uid_t uid = getuid ();
  gid_t gid = getgid ();

  if (unshare (CLONE_NEWNS) != 0)
    {
      g_autofree char *uid_map = g_strdup_printf ("0 %u 1\n", (unsigned) uid);
      g_autofree char *gid_map = g_strdup_printf ("0 %u 1\n", (unsigned) gid);

      g_assert_cmpint (unshare (CLONE_NEWUSER | CLONE_NEWNS), ==, 0);
      g_assert_true (g_file_set_contents ("/proc/self/setgroups", "deny", -1, NULL));
      g_assert_true (g_file_set_contents ("/proc/self/uid_map", uid_map, -1, NULL));
      g_assert_true (g_file_set_contents ("/proc/self/gid_map", gid_map, -1, NULL));
    }
  if (mount ("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    {
      /* In a chroot whose root is no mount point (build-aux/dev's Debian
       * 13 stage, whose namespace made its mounts private already), the
       * mounts it sees are made private one by one. */
      g_autofree char *info = NULL;
      g_auto (GStrv) lines = NULL;

      g_assert_cmpint (errno, ==, EINVAL);
      g_assert_true (g_file_get_contents ("/proc/self/mountinfo", &info, NULL, NULL));
      lines = g_strsplit (info, "\n", -1);
      for (int i = 0; lines[i] != NULL; i++)
        {
          g_auto (GStrv) fields = g_strsplit (lines[i], " ", 6);

          if (g_strv_length (fields) >= 5)
            g_assert_cmpint (mount ("none", fields[4], NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
        }
    }
}

/* In a folder that cannot be written (a read-only mount: root writes
 * through any permission), the library is read only: its games listed,
 * said once, nothing written. */
static void
test_read_only (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = isle_test_make_dir ("test-library");
      g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
      g_autoptr (IsleLibrary) library = NULL;
      g_autoptr (IsleGame) game = finished_game (9);
      g_autoptr (IsleKeptGame) a = kept (game, "a", 100, FALSE);
      g_autoptr (IsleKeptGame) b = kept (game, "b", 200, FALSE);
      g_autoptr (GError) error = NULL;

      /* First, before any thread starts: a namespace is a thread's, and
       * the library's writer thread is one GLib may keep and reuse. */
      private_mounts ();
      library = opened (path);
      isle_library_keep (library, a);
      flushed (library);
      g_clear_object (&library);

      g_assert_cmpint (mount (dir, dir, NULL, MS_BIND, NULL), ==, 0);
      g_assert_cmpint (mount (NULL, dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), ==, 0);
      g_assert_cmpint (g_file_set_contents (path, "x", -1, NULL), ==, FALSE);

      library = opened (path);
      g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READ_ONLY);
      g_assert_nonnull (strstr (isle_library_get_notice (library), "cannot be written"));
      g_assert_cmpuint (count_all (library), ==, 1);
      isle_library_keep (library, b);
      g_assert_false (isle_library_flush (library, &error));
      g_clear_object (&library);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Fills the file system of DIR: a file as large as it takes. */
static char *
fill (const char *dir)
{
  char *filler = g_build_filename (dir, "filler", NULL);
  static char block[4096];
  int fd = g_open (filler, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) > 0)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);
  return filler;
}

/* On a full disk a game kept fails, once said; the games kept before are
 * all there, and once there is room again games are kept again. */
static void
test_full_disk (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = isle_test_make_dir ("test-library");
      g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
      g_autofree char *filler = NULL;
      g_autoptr (IsleLibrary) library = NULL;
      g_autoptr (IsleGame) game = finished_game (10);
      g_autoptr (IsleKeptGame) a = kept (game, "a", 100, FALSE);
      g_autoptr (IsleKeptGame) b = kept (game, "b", 200, FALSE);
      g_autoptr (GError) error = NULL;
      g_autofree char *failure = NULL;

      private_mounts ();
      g_assert_cmpint (mount ("tmpfs", dir, "tmpfs", 0, "size=512k"), ==, 0);
      library = opened (path);
      g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
      g_signal_connect (library, "write-failed", G_CALLBACK (save_message), &failure);
      isle_library_keep (library, a);
      flushed (library);
      filler = fill (dir);

      isle_library_keep (library, b);
      g_assert_false (isle_library_flush (library, &error));
      g_assert_nonnull (error);
      while (failure == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_assert_nonnull (strstr (failure, "could not be kept"));
      g_assert_cmpuint (count_all (library), ==, 1);

      g_assert_cmpint (g_remove (filler), ==, 0);
      isle_library_keep (library, b);
      flushed (library);
      g_assert_cmpuint (count_all (library), ==, 2);
      g_clear_object (&library);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* The child: keeps games at PATH one after another, saying "kept N" once
 * the Nth has landed, until it is killed. */
static int
child_keeps (const char *path)
{
  g_autoptr (IsleLibrary) library = opened (path);
  g_autoptr (IsleGame) game = finished_game (11);

  for (guint n = 1;; n++)
    {
      g_autofree char *uid = g_strdup_printf ("child-%u", n);
      g_autoptr (IsleKeptGame) k = kept (game, uid, n, FALSE);

      isle_library_keep (library, k);
      flushed (library);
      printf ("kept %u\n", n);
      fflush (stdout);
    }
  return 0;
}

/* The app killed (SIGKILL) while it writes: every game it had written is
 * there when the library is opened again, which has nothing to say. */
static void
test_killed_while_writing (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  g_assert_nonnull (self);
  for (int round = 0; round < 3; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (IsleLibrary) library = NULL;
      g_autoptr (GIOChannel) out = NULL;
      g_auto (GStrv) env = g_environ_setenv (g_get_environ (), CHILD_ENV, path, TRUE);
      const char *argv[] = { self, NULL };
      guint written = 0, before = 0;
      GPid pid;
      int out_fd, status;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                               NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      out = g_io_channel_unix_new (out_fd);
      g_io_channel_set_close_on_unref (out, TRUE);
      /* Killed after a few games, a little later each time. */
      while (written < (guint) (3 + 2 * round))
        {
          g_autofree char *line = NULL;

          g_assert_cmpint (g_io_channel_read_line (out, &line, NULL, NULL, NULL), ==, G_IO_STATUS_NORMAL);
          g_assert_true (sscanf (line, "kept %u", &written) == 1);
        }
      g_usleep (round * 3000);
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));
      g_spawn_close_pid (pid);

      library = opened (path);
      g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
      g_assert_null (isle_library_get_notice (library));
      before = count_all (library);
      g_assert_cmpuint (before, >=, written);
      g_clear_object (&library);
    }
  isle_test_remove_dir (dir);
}

static IsleKeptGame *
result_game (IsleVariant variant, const char *opponent, IsleKeptResult result, int best)
{
  IsleKeptGameData d = { 0 };
  IsleKeptRound round = { { best, 1 }, { -1, -1 } };

  d.variant = variant;
  d.person_side = 0;
  d.opponent = g_strdup (opponent);
  d.result = result;
  d.rounds = g_array_new (FALSE, TRUE, sizeof (IsleKeptRound));
  g_array_append_val (d.rounds, round);
  return isle_kept_game_new_take (&d);
}

/* Statistics: counts, the share won, the best round and the longest run
 * of wins, for all games, by variant, by opponent (most games first);
 * games of no one person left out. */
static void
test_stats (void)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) rows = NULL;
  const IsleGamesStats *all, *weather, *medium, *expert;
  IsleKeptGameData hot_seat = { 0 };

  g_ptr_array_add (games, result_game (ISLE_VARIANT_BASIC, "medium", ISLE_KEPT_WON, 10));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_BASIC, "medium", ISLE_KEPT_WON, 12));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_WEATHER, "medium", ISLE_KEPT_LOST, 30));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_WEATHER, "expert", ISLE_KEPT_WON, 8));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_WEATHER, "medium", ISLE_KEPT_WON, 9));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_WEATHER, "expert", ISLE_KEPT_ABANDONED, 50));
  g_ptr_array_add (games, result_game (ISLE_VARIANT_WEATHER, "medium", ISLE_KEPT_DRAWN, 7));
  hot_seat.person_side = -1;
  hot_seat.result = ISLE_KEPT_RED_WON;
  g_ptr_array_add (games, isle_kept_game_new_take (&hot_seat));

  rows = isle_games_stats_compute (games);
  g_assert_cmpuint (rows->len, ==, 1 + 2 + 2);
  all = g_ptr_array_index (rows, 0);
  g_assert_cmpint (all->group, ==, ISLE_GAMES_STATS_ALL);
  g_assert_cmpuint (all->played, ==, 6);
  g_assert_cmpuint (all->won, ==, 4);
  g_assert_cmpuint (all->lost, ==, 1);
  g_assert_cmpuint (all->drawn, ==, 1);
  g_assert_cmpuint (all->abandoned, ==, 1);
  g_assert_cmpfloat_with_epsilon (all->win_share, 4.0 / 6.0, 1e-9);
  g_assert_cmpint (all->best_round, ==, 30);   /* an abandoned game's rounds do not count */
  g_assert_cmpuint (all->longest_streak, ==, 2);
  weather = g_ptr_array_index (rows, 2);
  g_assert_cmpint (weather->group, ==, ISLE_GAMES_STATS_VARIANT);
  g_assert_cmpint (weather->variant, ==, ISLE_VARIANT_WEATHER);
  g_assert_cmpuint (weather->played, ==, 4);
  g_assert_cmpuint (weather->longest_streak, ==, 2);   /* expert, medium */
  medium = g_ptr_array_index (rows, 3);
  expert = g_ptr_array_index (rows, 4);
  g_assert_cmpstr (medium->opponent, ==, "medium");
  g_assert_cmpuint (medium->played, ==, 5);
  g_assert_cmpuint (medium->longest_streak, ==, 2);
  g_assert_cmpstr (expert->opponent, ==, "expert");
  g_assert_cmpuint (expert->played, ==, 1);
  g_assert_cmpuint (expert->abandoned, ==, 1);
  g_assert_cmpfloat_with_epsilon (expert->win_share, 1.0, 1e-9);
}

/* The library let go with writes still to land (the app quitting as a
 * game ends): every write lands, and the writer tells no one, never
 * taking a weak reference to the library being finalized (GLib 2.84
 * made that a critical, which failed the Debian 13 window tests). */
static void
test_finalized_while_writing (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-library");
  g_autofree char *path = g_build_filename (dir, "games.sqlite", NULL);
  g_autoptr (IsleGame) game = finished_game (3);
  IsleLibrary *library = opened (path);
  g_autoptr (IsleLibrary) again = NULL;

  for (int i = 0; i < 40; i++)
    {
      g_autofree char *uid = g_strdup_printf ("g%d", i);
      g_autoptr (IsleKeptGame) k = kept (game, uid, 1000 + i, FALSE);

      isle_library_keep (library, k);
    }
  g_object_unref (library);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  again = opened (path);
  g_assert_cmpuint (count_all (again), ==, 40);
}

int
main (int argc, char **argv)
{
  const char *child = g_getenv (CHILD_ENV);

  if (child != NULL)
    return child_keeps (child);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/library/keep-and-read", test_keep_and_read);
  g_test_add_func ("/library/keep-again-and-filter", test_keep_again_and_filter);
  g_test_add_func ("/library/delete", test_delete);
  g_test_add_func ("/library/schema", test_schema);
  g_test_add_func ("/library/migrate-v1", test_migrate_v1);
  g_test_add_func ("/library/damaged", test_damaged);
  g_test_add_func ("/library/newer", test_newer);
  g_test_add_func ("/library/read-only", test_read_only);
  g_test_add_func ("/library/full-disk", test_full_disk);
  g_test_add_func ("/library/killed-while-writing", test_killed_while_writing);
  g_test_add_func ("/library/stats", test_stats);
  g_test_add_func ("/library/finalized-while-writing", test_finalized_while_writing);
  return g_test_run ();
}
