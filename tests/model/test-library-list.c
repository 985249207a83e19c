/* test-library-list.c — IsleLibraryList, the games library as a lazy
 * GListModel (issue 30): its length is the library's count, its games
 * come newest first, a page at a time (one read for the first page, one
 * more past its boundary, none again for a page read), and it says it
 * changed, and reads anew, after a game is kept, deleted or brought
 * back, and when its filter changes. */
#include <glib/gstdio.h>

#include "isle-library-list.h"
#include "isle-model-test-util.h"

#define N_GAMES (ISLE_LIBRARY_LIST_PAGE + 13)

typedef struct
{
  char *dir;
  IsleLibrary *library;
  IsleGame *game;
} Fixture;

static IsleKeptGame *
kept (IsleGame *game, const char *uid, gint64 ended)
{
  g_autoptr (GError) error = NULL;
  IsleKeptGame *k = isle_kept_game_new_from_game (game, uid, ended - 600, ended, FALSE, &error);

  g_assert_no_error (error);
  return k;
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

/* A library of N_GAMES games, the i-th ended at 1000 + 10 i under uid
 * "g<i>" (so the newest is the last kept). */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;

  (void) data;
  f->dir = isle_test_make_dir ("test-library-list");
  path = g_build_filename (f->dir, "games.sqlite", NULL);
  f->library = isle_library_new (path);
  while (isle_library_get_state (f->library) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (isle_library_get_state (f->library), ==, ISLE_LIBRARY_READY);
  f->game = isle_test_played_game (100000, 7);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (f->game)));
  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autofree char *uid = g_strdup_printf ("g%u", i);
      g_autoptr (IsleKeptGame) k = kept (f->game, uid, 1000 + 10 * (gint64) i);

      isle_library_keep (f->library, k);
    }
  flushed (f->library);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  g_clear_object (&f->game);
  g_clear_object (&f->library);
  isle_test_remove_dir (f->dir);
  g_free (f->dir);
}

/* The uid of the list's game at POSITION. */
static char *
uid_at (GListModel *list, guint position)
{
  g_autoptr (IsleKeptGame) game = g_list_model_get_item (list, position);

  g_assert_nonnull (game);
  g_assert_null (isle_kept_game_get_record (game));
  return g_strdup (isle_kept_game_get_uid (game));
}

typedef struct
{
  guint calls;
  guint position, removed, added;
} Changes;

static void
on_items_changed (GListModel *list, guint position, guint removed, guint added, Changes *c)
{
  (void) list;
  c->calls++;
  c->position = position;
  c->removed = removed;
  c->added = added;
}

/* Its length, its order newest first, and its pages. */
static void
test_pages (Fixture *f, gconstpointer data)
{
  g_autoptr (IsleLibraryList) games = isle_library_list_new (f->library, NULL);
  GListModel *list = G_LIST_MODEL (games);
  g_autofree char *first = NULL, *last_of_page = NULL, *first_of_next = NULL, *last = NULL;

  (void) data;
  g_assert_true (g_list_model_get_item_type (list) == ISLE_TYPE_KEPT_GAME);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES);
  /* Nothing is read before it is asked for. */
  g_assert_cmpuint (isle_library_list_get_reads (games), ==, 0);
  first = uid_at (list, 0);
  g_assert_cmpstr (first, ==, "g62");
  last_of_page = uid_at (list, ISLE_LIBRARY_LIST_PAGE - 1);
  g_assert_cmpstr (last_of_page, ==, "g13");
  g_assert_cmpuint (isle_library_list_get_reads (games), ==, 1);
  first_of_next = uid_at (list, ISLE_LIBRARY_LIST_PAGE);
  g_assert_cmpstr (first_of_next, ==, "g12");
  g_assert_cmpuint (isle_library_list_get_reads (games), ==, 2);
  last = uid_at (list, N_GAMES - 1);
  g_assert_cmpstr (last, ==, "g0");
  g_assert_cmpuint (isle_library_list_get_reads (games), ==, 2);
  /* Every item, in order: each ended before the one above it. */
  for (guint i = 1; i < N_GAMES; i++)
    {
      g_autoptr (IsleKeptGame) above = g_list_model_get_item (list, i - 1);
      g_autoptr (IsleKeptGame) below = g_list_model_get_item (list, i);

      g_assert_cmpint (isle_kept_game_get_ended (above), >, isle_kept_game_get_ended (below));
    }
  g_assert_cmpuint (isle_library_list_get_reads (games), ==, 2);
  g_assert_null (g_list_model_get_item (list, N_GAMES));
  g_assert_null (isle_library_list_get_error (games));
}

/* A game kept (newer than all) comes first, a deleted one goes and
 * comes back with Undo; each time the list says it changed. */
static void
test_refresh (Fixture *f, gconstpointer data)
{
  g_autoptr (IsleLibraryList) games = isle_library_list_new (f->library, NULL);
  GListModel *list = G_LIST_MODEL (games);
  g_autoptr (IsleKeptGame) newest = kept (f->game, "new", 99999);
  g_autoptr (IsleKeptGame) second = NULL;
  g_autofree char *top = NULL, *after_delete = NULL, *after_undo = NULL, *old_second = NULL;
  Changes c = { 0 };

  (void) data;
  old_second = uid_at (list, 1);
  g_signal_connect (list, "items-changed", G_CALLBACK (on_items_changed), &c);
  isle_library_keep (f->library, newest);
  flushed (f->library);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.position, ==, 0);
  g_assert_cmpuint (c.removed, ==, N_GAMES);
  g_assert_cmpuint (c.added, ==, N_GAMES + 1);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES + 1);
  top = uid_at (list, 0);
  g_assert_cmpstr (top, ==, "new");

  /* The second of the list deleted: the third moves up. */
  second = g_list_model_get_item (list, 1);
  isle_library_set_deleted (f->library, isle_kept_game_get_id (second), TRUE);
  flushed (f->library);
  g_assert_cmpuint (c.calls, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES);
  after_delete = uid_at (list, 1);
  g_assert_cmpstr (after_delete, ==, "g61");
  g_assert_cmpstr (old_second, ==, "g61");

  /* Undo: it is back where it was. */
  isle_library_set_deleted (f->library, isle_kept_game_get_id (second), FALSE);
  flushed (f->library);
  g_assert_cmpuint (c.calls, ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES + 1);
  after_undo = uid_at (list, 1);
  g_assert_cmpstr (after_undo, ==, isle_kept_game_get_uid (second));
}

/* A filter takes its games only, and changing it reads the list anew. */
static void
test_filter (Fixture *f, gconstpointer data)
{
  g_autoptr (IsleKeptGame) one = kept (f->game, "x", 5);
  IsleKeptResult result = isle_kept_game_get_result (one);
  IsleLibraryFilter taking = ISLE_LIBRARY_FILTER_ALL, other = ISLE_LIBRARY_FILTER_ALL;
  g_autoptr (IsleLibraryList) games = NULL;
  Changes c = { 0 };

  (void) data;
  taking.result = result;
  other.result = result == ISLE_KEPT_LOST ? ISLE_KEPT_WON : ISLE_KEPT_LOST;
  games = isle_library_list_new (f->library, &other);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, 0);
  g_assert_cmpint (isle_library_list_get_filter (games)->result, ==, other.result);
  g_signal_connect (games, "items-changed", G_CALLBACK (on_items_changed), &c);
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.removed, ==, 0);
  g_assert_cmpuint (c.added, ==, N_GAMES);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, N_GAMES);
  /* The same filter again changes nothing. */
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (c.calls, ==, 1);
  /* By variant: the game's, and another. */
  taking.variant = isle_kept_game_get_variant (one);
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, N_GAMES);
  taking.variant = taking.variant == ISLE_VARIANT_TEAM ? ISLE_VARIANT_BASIC : ISLE_VARIANT_TEAM;
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, 0);
  /* By opponent. */
  taking = ISLE_LIBRARY_FILTER_ALL;
  taking.opponent = isle_kept_game_get_opponent (one);
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, N_GAMES);
  g_assert_true (isle_library_list_get_filter (games)->opponent != taking.opponent);
  taking.opponent = "plugin:nobody";
  isle_library_list_set_filter (games, &taking);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, 0);
  isle_library_list_set_filter (games, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, N_GAMES);
}

/* A library still opening has no games; once open, the list has them. */
static void
test_opening (Fixture *f, gconstpointer data)
{
  g_autoptr (IsleLibrary) again = isle_library_new (isle_library_get_path (f->library));
  g_autoptr (IsleLibraryList) games = isle_library_list_new (again, NULL);
  Changes c = { 0 };

  (void) data;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, 0);
  g_signal_connect (games, "items-changed", G_CALLBACK (on_items_changed), &c);
  while (isle_library_get_state (again) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (games)), ==, N_GAMES);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/library-list/pages", Fixture, NULL, fixture_set_up, test_pages, fixture_tear_down);
  g_test_add ("/library-list/refresh", Fixture, NULL, fixture_set_up, test_refresh, fixture_tear_down);
  g_test_add ("/library-list/filter", Fixture, NULL, fixture_set_up, test_filter, fixture_tear_down);
  g_test_add ("/library-list/opening", Fixture, NULL, fixture_set_up, test_opening, fixture_tear_down);
  return g_test_run ();
}
