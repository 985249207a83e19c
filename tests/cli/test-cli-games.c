/* test-cli-games.c — `critter-isle-cli games list|show|stats|export`
 * (issue 30) on a library the model writes here, as the app would: what
 * each prints, in text and JSON, the exported game replaying, the exit
 * statuses of README's table, and the library never written — not a byte,
 * even while a library of the app's kind has it open. */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>

#include "isle-library.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"

typedef struct
{
  char *dir;
  char *db;
  IsleLibrary *library;      /* open for writing all along, as the app's */
  gint64 first_id;
} Fixture;

static Fixture fx;

/* XDG_DATA_HOME of the commands run, when set. */
static const char *data_home;

/* Runs the command line with ARGS (NULL-terminated, after the program),
 * returns its exit status and what it printed. */
static int
run (char **out, char **err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  va_list ap;
  const char *arg;
  int status = -1;

  g_ptr_array_add (argv, (char *) CLI_PATH);
  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  if (data_home != NULL)
    env = g_environ_setenv (env, "XDG_DATA_HOME", data_home, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static IsleGame *
played (guint n, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  IsleGame *game;
  GRand *rand = g_rand_new_with_seed (seed);

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_WEATHER, 0, seed, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n && !isle_state_is_terminal (isle_game_get_state (game)); i++)
    {
      IsleActionList list;
      int count = isle_state_legal_actions (isle_game_get_state (game), &list);

      g_assert_true (isle_game_apply (game, list.actions[g_rand_int_range (rand, 0, count)], NULL));
    }
  g_rand_free (rand);
  return game;
}

static void
keep (IsleGame *game, const char *uid, gint64 ended, gboolean abandoned)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleKeptGame) kept = isle_kept_game_new_from_game (game, uid, ended - 900, ended, abandoned, &error);

  g_assert_no_error (error);
  isle_library_keep (fx.library, kept);
}

static char *
file_bytes (const char *path, gsize *length)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, NULL));
  return text;
}

/* list: newest first, a line a game; --json; the filters; a bad filter. */
static void
test_list (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *games;

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", fx.db, NULL), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "Weather Game"));
  g_assert_nonnull (strstr (out, "abandoned"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", fx.db, "--json", NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  games = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "games");
  g_assert_cmpuint (json_array_get_length (games), ==, 3);
  /* Newest first: the abandoned game ended last. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (games, 0), "result"), ==, "abandoned");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (games, 2), "variant"), ==, "weather");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (games, 2), "opponent"), ==, "medium");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", fx.db, "--result", "abandoned", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\"abandoned\""));
  g_assert_null (strstr (out, "\"won\""));
  g_assert_null (strstr (out, "\"lost\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", fx.db, "--opponent", "ismcts:easy", "--limit", "1", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\"medium\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", fx.db, "--variant", "chess", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--variant “chess”: expected basic, weather, mercenary, quick or team"));
}

/* show: the seats, result and rounds of one game; export: its saved game,
 * which loads and replays to the game kept. */
static void
test_show_and_export (void)
{
  g_autofree char *id = g_strdup_printf ("%ld", (long) fx.first_id);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *saved = g_build_filename (fx.dir, "exported.isle", NULL);
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (run (&out, &err, "games", "show", id, "--db", fx.db, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Weather Game"));
  g_assert_nonnull (strstr (out, "Seat 1 (Red): Human"));
  g_assert_nonnull (strstr (out, "Seat 2 (Blue): Medium"));
  g_assert_nonnull (strstr (out, "Round 1: Red "));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "show", id, "--db", fx.db, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\"rounds\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "export", id, "--db", fx.db, "--out", saved, NULL), ==, 0);
  game = isle_saved_game_load (saved, &error);
  g_assert_no_error (error);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "export", id, "--db", fx.db, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "{"));
  g_assert_nonnull (strstr (out, "\"critter-isle\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "show", "999", "--db", fx.db, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "There is no game 999 in the games library."));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (&out, &err, "games", "show", "two", "--db", fx.db, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "“two” is not a game's number"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (&out, &err, "games", "show", "--db", fx.db, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "expected the number of a game"));
}

/* stats: all games, each variant, each opponent; abandoned apart. */
static void
test_stats (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  JsonObject *all;

  g_assert_cmpint (run (&out, &err, "games", "stats", "--db", fx.db, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "All games"));
  g_assert_nonnull (strstr (out, "Against Medium"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "stats", "--db", fx.db, "--json", NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  rows = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "stats");
  all = json_array_get_object_element (rows, 0);
  g_assert_cmpstr (json_object_get_string_member (all, "group"), ==, "all");
  g_assert_cmpint (json_object_get_int_member (all, "played"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (all, "abandoned"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (all, "won") + json_object_get_int_member (all, "lost")
                   + json_object_get_int_member (all, "drawn"), ==, 2);
}

/* No library: the app's default path without one lists nothing (exit 0);
 * a file named that does not exist, is no library or is damaged cannot
 * be read (exit 2, the file named); a newer one is read, said on
 * standard error. */
static void
test_faults (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *empty = g_build_filename (fx.dir, "empty-home", NULL);
  g_autofree char *missing = g_build_filename (fx.dir, "missing.sqlite", NULL);
  g_autofree char *garbage = g_build_filename (fx.dir, "garbage.sqlite", NULL);
  g_autofree char *newer = g_build_filename (fx.dir, "newer.sqlite", NULL);
  char *vacuum;
  sqlite3 *db;

  data_home = empty;
  g_assert_cmpint (run (&out, &err, "games", "list", NULL), ==, 0);
  data_home = NULL;
  g_assert_cmpstr (out, ==, "No games are kept yet.\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_false (g_file_test (empty, G_FILE_TEST_EXISTS));   /* nothing made */

  g_assert_cmpint (run (&out, &err, "games", "list", "--db", missing, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "There is no games library at"));
  g_assert_nonnull (strstr (err, "missing.sqlite"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (garbage, "no database here\n", -1, NULL));
  g_assert_cmpint (run (&out, &err, "games", "list", "--db", garbage, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "garbage.sqlite"));
  g_assert_nonnull (strstr (err, "not a games library"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A copy of the library, of a later schema. */
  g_assert_cmpint (sqlite3_open_v2 (fx.db, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  vacuum = sqlite3_mprintf ("VACUUM INTO %Q", newer);
  g_assert_cmpint (sqlite3_exec (db, vacuum, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_free (vacuum);
  sqlite3_close (db);
  g_assert_cmpint (sqlite3_open (newer, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 7", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_cmpint (run (&out, &err, "games", "list", "--db", newer, NULL), ==, 0);
  {
    g_autofree char *said = g_strdup_printf ("newer version of Critter Isle (schema 7; this one writes %d)",
                                             ISLE_LIBRARY_SCHEMA);

    g_assert_nonnull (strstr (err, said));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (&out, &err, "games", "remove", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "expected list, show ID, stats or export ID"));
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) won_or_lost = NULL;
  g_autoptr (IsleGame) other = NULL;
  g_autoptr (IsleGame) left = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *main_before = NULL;
  g_autofree char *main_after = NULL;
  gsize before_length, after_length, main_before_length, main_after_length;
  int status;

  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);

  fx.dir = g_dir_make_tmp ("test-cli-games-XXXXXX", &error);
  g_assert_no_error (error);
  fx.db = g_build_filename (fx.dir, "games.sqlite", NULL);
  fx.library = isle_library_new (fx.db);
  while (isle_library_get_state (fx.library) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  won_or_lost = played (100000, 21);
  other = played (100000, 22);
  left = played (9, 23);
  keep (won_or_lost, "one", 1000000, FALSE);
  keep (other, "two", 2000000, FALSE);
  keep (left, "three", 3000000, TRUE);
  g_assert_true (isle_library_flush (fx.library, &error));
  list = isle_library_list (fx.library, NULL, FALSE, 0, 1, &error);
  fx.first_id = isle_kept_game_get_id (g_ptr_array_index (list, 0));

  /* The bytes of the library and its log, before the command runs. */
  wal = g_strconcat (fx.db, "-wal", NULL);
  before = file_bytes (wal, &before_length);
  main_before = file_bytes (fx.db, &main_before_length);

  g_test_add_func ("/cli-games/list", test_list);
  g_test_add_func ("/cli-games/show-and-export", test_show_and_export);
  g_test_add_func ("/cli-games/stats", test_stats);
  g_test_add_func ("/cli-games/faults", test_faults);
  status = g_test_run ();

  /* Nothing the command did wrote to the library. */
  after = file_bytes (wal, &after_length);
  g_assert_cmpuint (after_length, ==, before_length);
  g_assert_true (memcmp (before, after, before_length) == 0);
  main_after = file_bytes (fx.db, &main_after_length);
  g_assert_cmpuint (main_after_length, ==, main_before_length);
  g_assert_true (memcmp (main_before, main_after, main_before_length) == 0);
  g_clear_object (&fx.library);
  return status;
}
