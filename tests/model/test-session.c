/* test-session.c — IsleSession: the autosave read in a worker thread and
 * written off the main thread, a damaged or newer autosave kept aside and
 * explained, the puzzles and the player's progress (solved, helped, the
 * settings of before helped puzzles). */
#include <glib/gstdio.h>
#include <string.h>

#include "isle-game-analysis.h"
#include "isle-model-test-util.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-session.h"

/* A Basic game with N decisions made (the first legal one each time). */
static IsleGame *
game_after (int n)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  IsleGame *game;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_BASIC, 0, 7, &error);
  g_assert_no_error (error);
  for (int i = 0; i < n; i++)
    {
      IsleActionList list;

      g_assert_cmpint (isle_state_legal_actions (isle_game_get_state (game), &list), >, 0);
      g_assert_true (isle_game_apply (game, list.actions[0], &error));
    }
  return game;
}

/* A game played to its end. */
static IsleGame *
game_over (void)
{
  g_autoptr (IsleGame) game = game_after (0);
  IsleActionList list;

  while (isle_state_legal_actions (isle_game_get_state (game), &list) > 0
         && !isle_state_is_terminal (isle_game_get_state (game)))
    g_assert_true (isle_game_apply (game, list.actions[0], NULL));
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  return g_steal_pointer (&game);
}

static void
save_to (IsleGame *game, const char *path)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_saved_game_save (game, path, &error));
  g_assert_no_error (error);
}

static void
write_text (const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
}

/* Loads SESSION's autosave, and checks it is read off the main thread:
 * nothing is known until the main loop has run. */
static void
load (IsleSession *session)
{
  isle_session_load (session);
  g_assert_false (isle_session_get_loaded (session));
  g_assert_null (isle_session_get_waiting_game (session));
  while (!isle_session_get_loaded (session))
    g_main_context_iteration (NULL, TRUE);
}

static void
count_notify (GObject *object, GParamSpec *pspec, int *count)
{
  (void) object;
  (void) pspec;
  (*count)++;
}

/* An unfinished game in the autosave is read in a worker thread; "loaded"
 * is said once, with the game already there. */
static void
test_load_async (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autoptr (IsleGame) game = game_after (5);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, path);
  int notified = 0;

  save_to (game, path);
  g_signal_connect (session, "notify::loaded", G_CALLBACK (count_notify), &notified);
  load (session);
  g_assert_cmpint (notified, ==, 1);
  g_assert_nonnull (isle_session_get_waiting_game (session));
  g_assert_cmpuint (isle_game_get_position (isle_session_get_waiting_game (session)), ==, 5);
  g_assert_null (isle_session_get_load_notice (session));
  /* Loading again does nothing. */
  isle_session_load (session);
  g_assert_cmpint (notified, ==, 1);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* No autosave, or one whose game is over: nothing waits, nothing to say. */
static void
test_load_nothing_waits (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) none = isle_session_new (settings, path);
  g_autoptr (IsleSession) over = NULL;
  g_autoptr (IsleGame) finished = game_over ();

  load (none);
  g_assert_null (isle_session_get_waiting_game (none));
  g_assert_null (isle_session_get_load_notice (none));
  save_to (finished, path);
  over = isle_session_new (settings, path);
  load (over);
  g_assert_null (isle_session_get_waiting_game (over));
  g_assert_null (isle_session_get_load_notice (over));
  g_clear_object (&none);
  g_clear_object (&over);
  isle_test_remove_dir (dir);
}

/* A torn autosave: the backup's game waits (one decision earlier), the
 * player is told, and the next save moves the torn file aside instead of
 * deleting it. */
static void
test_load_damaged (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *aside = g_strconcat (path, ".damaged", NULL);
  g_autoptr (IsleGame) before = game_after (3);
  g_autoptr (IsleGame) game = game_after (4);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, path);
  g_autofree char *kept = NULL;
  const char *torn = "{\"format\": \"critter-isle\", \"version\": 1, \"actions\": [";

  save_to (before, path);
  save_to (game, path);          /* the first is the backup now */
  write_text (path, torn);
  load (session);
  g_assert_nonnull (isle_session_get_waiting_game (session));
  g_assert_cmpuint (isle_game_get_position (isle_session_get_waiting_game (session)), ==, 3);
  g_assert_nonnull (isle_session_get_load_notice (session));
  g_assert_nonnull (strstr (isle_session_get_load_notice (session), "could not be read"));
  isle_session_save (session, game);
  g_assert_true (isle_session_flush (session, NULL));
  g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, torn);
  {
    g_autoptr (IsleGame) resumed = isle_session_resume (session, NULL);

    g_assert_nonnull (resumed);
    g_assert_cmpuint (isle_game_get_position (resumed), ==, 4);
  }
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* An autosave a newer Critter Isle wrote: nothing waits, the player is
 * told why, and the file is kept aside, never overwritten. */
static void
test_load_newer (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *aside = g_strconcat (path, ".damaged", NULL);
  g_autoptr (IsleGame) game = game_after (2);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, path);
  g_autofree char *kept = NULL;
  const char *newer = "{\"format\": \"critter-isle\", \"version\": 999, \"actions\": []}\n";

  write_text (path, newer);
  load (session);
  g_assert_null (isle_session_get_waiting_game (session));
  g_assert_nonnull (isle_session_get_load_notice (session));
  g_assert_nonnull (strstr (isle_session_get_load_notice (session), "newer"));
  isle_session_save (session, game);
  g_assert_true (isle_session_flush (session, NULL));
  g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, newer);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* Saves go to the disk in order; Continue reads the newest; a save that
 * cannot be written is said by "save-failed", in a sentence. */
static void
on_save_failed (IsleSession *session, const char *message, char **out)
{
  (void) session;
  g_free (*out);
  *out = g_strdup (message);
}

static void
test_save_and_resume (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *blocked = g_build_filename (dir, "file", "autosave.isle", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, path);
  g_autoptr (IsleSession) failing = isle_session_new (settings, blocked);
  g_autoptr (IsleGame) resumed = NULL;
  g_autofree char *failure = NULL;

  for (int n = 1; n <= 6; n++)
    {
      g_autoptr (IsleGame) game = game_after (n);

      isle_session_save (session, game);
    }
  resumed = isle_session_resume (session, NULL);
  g_assert_nonnull (resumed);
  g_assert_cmpuint (isle_game_get_position (resumed), ==, 6);

  /* A file where the autosave's folder should be. */
  write_text (file, "");
  g_signal_connect (failing, "save-failed", G_CALLBACK (on_save_failed), &failure);
  isle_session_save (failing, resumed);
  while (failure == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_str_has_prefix (failure, "The game could not be saved: "));
  g_clear_object (&session);
  g_clear_object (&failing);
  g_assert_cmpint (g_remove (file), ==, 0);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_remove (backup);
  }
  isle_test_remove_dir (dir);
}

/* The players of the game in progress are remembered, an engine too, and
 * put back when the file names their stand-ins, and only then. */
static void
test_players (void)
{
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, "/nonexistent/autosave.isle");
  g_autoptr (IsleGame) game = game_after (0);
  IsleGameSetup setup = *isle_game_get_setup (game);
  IsleGameSetup filed;

  setup.players[1] = isle_player_spec_for ("engine:my-engine --fast");
  isle_session_remember_players (session, &setup);
  /* Another game, with a level where the engine's stand-in would be. */
  filed = *isle_game_get_setup (game);
  filed.players[1] = isle_player_spec_for ("hard");
  g_assert_false (isle_session_restore_players (session, &filed));
  g_assert_cmpstr (isle_player_spec_to_text (&filed.players[1]), ==, "hard");
  /* The file of this game: the engine's stand-in. */
  filed.players[1] = isle_player_spec_for ("expert");
  g_assert_true (isle_session_restore_players (session, &filed));
  g_assert_cmpstr (isle_player_spec_to_text (&filed.players[1]), ==, "engine:my-engine --fast");
  g_assert_cmpstr (isle_player_spec_to_text (&filed.players[0]), ==, "human");
  g_clear_object (&session);
}

/* Solved or helped: a move hint makes a solve helped; an unaided solve
 * is never lowered; an old list of solved puzzles still reads as solved. */
static void
test_progress (void)
{
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, "/nonexistent/autosave.isle");
  const char *old[] = { "builtin:01-first.isle", NULL };

  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_UNSOLVED);
  isle_session_record_puzzle (session, "builtin:a.isle", TRUE);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_HELPED);
  isle_session_record_puzzle (session, "builtin:a.isle", FALSE);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_SOLVED);
  isle_session_record_puzzle (session, "builtin:a.isle", TRUE);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_SOLVED);
  {
    g_auto (GStrv) helped = g_settings_get_strv (settings, "helped-puzzles");

    g_assert_cmpuint (g_strv_length (helped), ==, 0);
  }
  isle_session_record_puzzle (session, "file:/x/b.isle", TRUE);
  g_assert_cmpint (isle_session_get_progress (session, "file:/x/b.isle"), ==, ISLE_PUZZLE_HELPED);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_SOLVED);

  /* Settings from before helped puzzles: the list of solved ones. */
  g_settings_set_strv (settings, "solved-puzzles", old);
  g_settings_set_strv (settings, "helped-puzzles", NULL);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:01-first.isle"), ==, ISLE_PUZZLE_SOLVED);
  g_assert_cmpint (isle_session_get_progress (session, "builtin:a.isle"), ==, ISLE_PUZZLE_UNSOLVED);
  g_clear_object (&session);
}

/* The collection: every built-in puzzle, each with its key and title, and
 * each loads. */
static void
test_puzzles (void)
{
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = isle_session_new (settings, "/nonexistent/autosave.isle");
  GPtrArray *puzzles;
  guint builtin = 0;

  g_assert_null (isle_session_get_puzzles (session));
  puzzles = isle_session_list_puzzles (session);
  g_assert_true (isle_session_get_puzzles (session) == puzzles);
  for (guint i = 0; i < puzzles->len; i++)
    {
      IslePuzzle *puzzle = g_ptr_array_index (puzzles, i);
      g_autoptr (IsleScenario) scenario = NULL;

      if (!puzzle->builtin)
        continue;
      builtin++;
      g_assert_true (g_str_has_prefix (puzzle->id, "builtin:"));
      g_assert_nonnull (puzzle->title);
      g_assert_null (puzzle->error);
      scenario = isle_puzzle_load (puzzle, NULL);
      g_assert_nonnull (scenario);
    }
  g_assert_cmpuint (builtin, ==, 15);
  g_clear_object (&session);
}

/* ---- the games library ------------------------------------------------- */

/* A session of its own autosave and library in DIR, the library open. */
static IsleSession *
library_session (const char *dir, GSettings *settings)
{
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *library = g_build_filename (dir, "games.sqlite", NULL);
  IsleSession *session = isle_session_new (settings, path);

  isle_session_open_library (session, library);
  while (isle_library_get_state (isle_session_get_library (session)) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  return session;
}

/* The games SESSION's library keeps, oldest first, once every save and
 * write has landed. */
static GPtrArray *
kept_games (IsleSession *session)
{
  g_autoptr (GError) error = NULL;
  IsleLibrary *library = isle_session_get_library (session);
  GPtrArray *games;

  g_assert_true (isle_session_flush (session, NULL));
  g_assert_true (isle_library_flush (library, &error));
  g_assert_no_error (error);
  games = isle_library_list (library, NULL, FALSE, 0, 100, &error);
  g_assert_no_error (error);
  return games;
}

/* Plays GAME on to its end, saving after every decision as the window
 * does. */
static void
play_out (IsleSession *session, IsleGame *game)
{
  IsleActionList list;

  while (!isle_state_is_terminal (isle_game_get_state (game))
         && isle_state_legal_actions (isle_game_get_state (game), &list) > 0)
    {
      g_assert_true (isle_game_apply (game, list.actions[0], NULL));
      isle_session_save (session, game);
    }
}

/* A game is kept when a decision ends it, once, with its record and
 * result; finished again after an undo, its row is made anew, not a
 * second one. */
static void
test_library_kept_when_over (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleGame) game = game_after (0);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (IsleKeptGame) whole = NULL;
  g_autoptr (IsleGame) replayed = NULL;
  IsleKeptGame *k;

  isle_session_save (session, game);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 0);         /* not over: the autosave's */
  play_out (session, game);
  isle_session_save (session, game);            /* saved again: still one */
  g_clear_pointer (&games, g_ptr_array_unref);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 1);
  k = g_ptr_array_index (games, 0);
  g_assert_cmpint (isle_kept_game_get_result (k), !=, ISLE_KEPT_ABANDONED);
  g_assert_cmpuint (isle_kept_game_get_decisions (k), ==, isle_game_get_n_actions (game));
  whole = isle_library_get (isle_session_get_library (session), isle_kept_game_get_id (k), NULL);
  replayed = isle_saved_game_load_data (isle_kept_game_get_record (whole), -1, "kept", NULL);
  g_assert_nonnull (replayed);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (replayed)));

  g_assert_true (isle_game_undo (game));
  isle_session_save (session, game);
  play_out (session, game);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 1);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* A finished game opened (a file, a record) is not kept for being
 * opened; a game left for another is kept as abandoned, but not one not
 * begun, nor one finished once and taken back; puzzles are not kept. */
static void
test_library_opened_and_abandoned (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleGame) opened = game_over ();
  g_autoptr (IsleGame) left = game_after (6);
  g_autoptr (IsleGame) fresh = game_after (0);
  g_autoptr (IsleGame) taken_back = game_after (0);
  g_autoptr (GPtrArray) games = NULL;

  isle_session_save (session, opened);
  isle_session_save (session, opened);
  isle_session_save (session, left);
  isle_session_abandon (session, left);
  isle_session_save (session, fresh);
  isle_session_abandon (session, fresh);
  isle_session_save (session, taken_back);
  play_out (session, taken_back);
  g_assert_true (isle_game_undo (taken_back));
  isle_session_save (session, taken_back);
  isle_session_abandon (session, taken_back);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpint (isle_kept_game_get_result (g_ptr_array_index (games, 0)), ==, ISLE_KEPT_ABANDONED);
  g_assert_cmpuint (isle_kept_game_get_decisions (g_ptr_array_index (games, 0)), ==, 6);
  g_assert_cmpint (isle_kept_game_get_result (g_ptr_array_index (games, 1)), !=, ISLE_KEPT_ABANDONED);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* Continue: the game in progress, read back from the autosave by a new
 * session, is kept under the name it had, begun when it was begun. */
static void
test_library_continue (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) first = library_session (dir, settings);
  g_autoptr (IsleSession) second = NULL;
  g_autoptr (IsleGame) game = game_after (5);
  g_autoptr (IsleGame) resumed = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *uid = NULL;
  gint64 started = 0;

  isle_session_save (first, game);
  g_assert_true (isle_session_flush (first, NULL));
  g_settings_get (settings, "autosave-game", "(sx)", &uid, &started);
  g_assert_cmpuint (strlen (uid), ==, 32);
  g_assert_cmpint (started, >, 0);
  g_clear_object (&first);

  second = library_session (dir, settings);
  resumed = isle_session_resume (second, NULL);
  g_assert_nonnull (resumed);
  isle_session_save (second, resumed);
  play_out (second, resumed);
  games = kept_games (second);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpstr (isle_kept_game_get_uid (g_ptr_array_index (games, 0)), ==, uid);
  g_assert_cmpint (isle_kept_game_get_started (g_ptr_array_index (games, 0)), ==, started);
  g_clear_object (&second);
  isle_test_remove_dir (dir);
}

/* A kept game opened from the library and reviewed is kept again with
 * its review, under its name, at the time it ended: one row still. */
static void
test_library_open_kept (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleGame) game = game_after (0);
  g_autoptr (IsleGame) opened = NULL;
  g_autoptr (IsleKeptGame) whole = NULL;
  g_autoptr (IsleGameAnalysis) none = isle_game_analysis_new (ISLE_REVIEW_FAST, 1);
  g_autoptr (IsleGameAnalysis) analysis = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  IsleReviewMove move;
  guint index = 0;
  gint64 ended;

  isle_session_save (session, game);
  play_out (session, game);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_false (isle_kept_game_get_reviewed (g_ptr_array_index (games, 0)));
  ended = isle_kept_game_get_ended (g_ptr_array_index (games, 0));
  whole = isle_library_get (isle_session_get_library (session), isle_kept_game_get_id (g_ptr_array_index (games, 0)), NULL);

  g_usleep (1100 * 1000);   /* a second later than it ended */
  opened = isle_session_open_kept (session, whole, &error);
  g_assert_no_error (error);
  isle_session_save (session, opened);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_false (isle_kept_game_get_reviewed (g_ptr_array_index (games, 0)));

  memset (&move, 0, sizeof move);
  move.action = isle_game_get_action (opened, 0);
  move.label = ISLE_REVIEW_BEST;
  analysis = isle_game_analysis_add (none, 1, &index, &move);
  isle_game_set_analysis (opened, analysis);
  isle_session_save (session, opened);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (isle_kept_game_get_reviewed (g_ptr_array_index (games, 0)));
  g_assert_cmpint (isle_kept_game_get_ended (g_ptr_array_index (games, 0)), ==, ended);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* Import: a finished game opened from a file is kept under a new name,
 * as played now, each time; an unfinished one and a puzzle are refused
 * with a sentence that says why. */
static void
test_library_import (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleGame) over = game_over ();
  g_autoptr (IsleGame) unfinished = game_after (3);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;

  g_assert_true (isle_session_import (session, over, &error));
  g_assert_no_error (error);
  g_assert_true (isle_session_import (session, over, &error));
  g_assert_false (isle_session_import (session, unfinished, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "not finished"));
  g_clear_error (&error);
  games = kept_games (session);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (isle_kept_game_get_uid (g_ptr_array_index (games, 0)), !=,
                   isle_kept_game_get_uid (g_ptr_array_index (games, 1)));
  g_assert_cmpint (isle_kept_game_get_ended (g_ptr_array_index (games, 0)), >=, before);
  g_assert_cmpint (isle_kept_game_get_result (g_ptr_array_index (games, 0)), !=, ISLE_KEPT_ABANDONED);
  g_assert_cmpuint (isle_kept_game_get_decisions (g_ptr_array_index (games, 0)), ==, isle_game_get_n_actions (over));
  /* The notice: none here, and none to take. */
  g_assert_null (isle_session_take_library_notice (session));
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* A library that cannot be used is said once ("library-notice"), and the
 * game in progress is saved as always. */
static void
test_library_damaged (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-session");
  g_autofree char *library = g_build_filename (dir, "games.sqlite", NULL);
  g_autofree char *autosave = g_build_filename (dir, "autosave.isle", NULL);
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = NULL;
  g_autoptr (IsleGame) game = game_after (4);
  g_autoptr (IsleGame) resumed = NULL;
  int notices = 0;

  write_text (library, "not a library");
  session = isle_session_new (settings, autosave);
  g_signal_connect (session, "notify::library-notice", G_CALLBACK (count_notify), &notices);
  isle_session_open_library (session, library);
  g_assert_null (isle_session_get_library_notice (session));
  while (isle_library_get_state (isle_session_get_library (session)) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (notices, ==, 1);
  g_assert_nonnull (strstr (isle_session_get_library_notice (session), "damaged"));
  /* Taken once (the first window says it), then not again. */
  g_assert_cmpstr (isle_session_take_library_notice (session), ==, isle_session_get_library_notice (session));
  g_assert_null (isle_session_take_library_notice (session));
  isle_session_save (session, game);
  resumed = isle_session_resume (session, NULL);
  g_assert_cmpuint (isle_game_get_position (resumed), ==, 4);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *data = g_dir_make_tmp ("test-session-data-XXXXXX", NULL);

  /* The player's own puzzles are looked for in a folder of this test. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/autosave/load-async", test_load_async);
  g_test_add_func ("/session/autosave/nothing-waits", test_load_nothing_waits);
  g_test_add_func ("/session/autosave/damaged", test_load_damaged);
  g_test_add_func ("/session/autosave/newer", test_load_newer);
  g_test_add_func ("/session/autosave/save-and-resume", test_save_and_resume);
  g_test_add_func ("/session/autosave/players", test_players);
  g_test_add_func ("/session/library/kept-when-over", test_library_kept_when_over);
  g_test_add_func ("/session/library/opened-and-abandoned", test_library_opened_and_abandoned);
  g_test_add_func ("/session/library/continue", test_library_continue);
  g_test_add_func ("/session/library/open-kept", test_library_open_kept);
  g_test_add_func ("/session/library/damaged", test_library_damaged);
  g_test_add_func ("/session/library/import", test_library_import);
  g_test_add_func ("/session/puzzles/progress", test_progress);
  g_test_add_func ("/session/puzzles/collection", test_puzzles);
  return g_test_run ();
}
