/* test-games.c — Your Games (issue 30) through real keys and clicks
 * (isle-ui-input.h): games put in the test's own library are listed,
 * newest first, on the page reached from the main menu by keyboard (F10,
 * then the item's mnemonic) and by mouse (the menu, the start
 * page's button); filtered by result; a game opened from its row shows
 * the game page at its end, over, not kept again; one deleted by the
 * Delete key comes back by the toast's Undo; the statistics are the
 * model's; and a damaged library file is said once, in a toast, while the
 * window starts on an empty library ("No Games Yet"). From libadwaita 1.4
 * the page is pushed on the navigation view; before, it is a page of the
 * window's stack.
 *
 * Screenshots (populated list, statistics, empty state) are written to
 * $CRITTER_ISLE_SCREENSHOT_DIR when it is set.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "isle-games-page.h"
#include "isle-games-stats.h"
#include "isle-library.h"
#include "isle-match.h"
#include "isle-paths.h"
#include "isle-rules-json.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"
#include "isle-window-private.h"

#define N_KEPT 7

/* How many of the games kept were won (by the person, Red). */
static guint n_won;

/* ---- the library ---------------------------------------------------------- */

/* A Basic game of a person (Red) against Medium, played to its end by
 * random decisions from SEED. */
static IsleGame *
played_game (guint32 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  IsleGameSetup setup = { 0 };
  IsleGame *game;

  g_assert_true (isle_rules_load_standard (&setup.rules, &error));
  setup.variant = ISLE_VARIANT_BASIC;
  setup.players[0] = isle_player_spec_for ("human");
  for (int seat = 1; seat < ISLE_MAX_SEATS; seat++)
    setup.players[seat] = isle_player_spec_for ("medium");
  game = isle_game_new_from_setup (&setup, seed, &error);
  g_assert_no_error (error);
  while (!isle_state_is_terminal (isle_game_get_state (game)))
    {
      IsleActionList legal;

      isle_state_legal_actions (isle_game_get_state (game), &legal);
      g_assert_true (isle_game_apply (game, legal.actions[g_rand_int_range (rand, 0, legal.n)], &error));
    }
  return game;
}

static IsleLibrary *
open_library (void)
{
  g_autofree char *path = isle_paths_library ();
  IsleLibrary *library = isle_library_new (path);

  while (isle_library_get_state (library) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (isle_library_get_state (library), ==, ISLE_LIBRARY_READY);
  return library;
}

/* N_KEPT games in the test's library, the first kept the newest; n_won
 * counts the won. */
static void
fill_library (void)
{
  g_autoptr (IsleLibrary) library = open_library ();
  g_autoptr (GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  n_won = 0;
  for (guint i = 0; i < N_KEPT; i++)
    {
      g_autoptr (IsleGame) game = played_game (11 + i);
      g_autofree char *uid = g_strdup_printf ("test-%u", i);
      /* An hour apart, then days: "Yesterday", a weekday, a date. */
      gint64 ended = now - (i < 3 ? 3600 * (gint64) i : 86400 * (gint64) (i * 2));
      g_autoptr (IsleKeptGame) kept = isle_kept_game_new_from_game (game, uid, ended - 900, ended, FALSE, &error);

      g_assert_no_error (error);
      g_assert_cmpint (isle_kept_game_get_person_side (kept), ==, 0);
      if (isle_kept_game_get_result (kept) == ISLE_KEPT_WON)
        n_won++;
      isle_library_keep (library, kept);
    }
  g_assert_true (isle_library_flush (library, &error));
  g_assert_no_error (error);
  /* Some won, some not: the filter has something to tell apart. */
  g_assert_cmpuint (n_won, >, 0);
  g_assert_cmpuint (n_won, <, N_KEPT);
}

/* ---- finding what a person sees ------------------------------------------ */

static gboolean
activates (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
button_for (GtkWidget *root, const char *action)
{
  return isle_ui_test_find (root, activates, action);
}

static gboolean
is_shown_main_menu (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0;
}

static IsleWindow *the_window;

static gboolean
on_games_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "games") == 0;
}

static gboolean
on_game_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "game") == 0;
}

static gboolean
on_start_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "start") == 0;
}

static gboolean
is_mapped_label_starting (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* How many rows of the list show a result starting with PREFIX. */
static guint
rows_starting (const char *prefix)
{
  GtkWidget *view = isle_games_page_get_view (the_window->games_page);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (isle_ui_test_find (row, is_mapped_label_starting, prefix) != NULL)
      n++;
  return n;
}

static guint
rows_shown (void)
{
  return rows_starting ("Won ") + rows_starting ("Lost ") + rows_starting ("Drawn ");
}

static gboolean
all_rows_shown (void)
{
  /* Shown and laid out, where a person clicks. */
  return rows_shown () == N_KEPT && gtk_widget_get_width (isle_games_page_get_view (the_window->games_page)) > 0;
}

static guint
listed (void)
{
  return g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (the_window->games_page)));
}

static void
screenshot (const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  g_autofree char *file = NULL, *crop = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (400);
  file = g_strdup_printf ("%s/%s.png", dir, name);
  crop = g_strdup_printf ("%dx%d+0+0", gtk_widget_get_width (GTK_WIDGET (the_window)),
                          gtk_widget_get_height (GTK_WIDGET (the_window)));
  if (g_find_program_in_path ("import") == NULL)
    {
      /* Without ImageMagick (the Debian 13 chroot): the window drawn by
       * its own renderer (toasts and popovers, being natives of their
       * own, are left out). */
      GtkWidget *w = GTK_WIDGET (the_window);
      g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (w);
      g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;
      g_autoptr (GdkTexture) texture = NULL;

      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (w), gtk_widget_get_height (w));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node == NULL)
        return;
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (w)), node, NULL);
      gdk_texture_save_to_png (texture, file);
      return;
    }
  if (!g_spawn_sync (NULL, (char *[]) { "import", "-window", "root", "-crop", crop, file, NULL }, NULL,
                     G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, &error))
    g_printerr ("no screenshot: %s\n", error->message);
}

static IsleWindow *
new_window (void)
{
  IsleWindow *window = isle_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 860, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  the_window = window;
  isle_ui_test_wait_ms (300);
  /* The library is open (its writer thread said so). */
  g_assert_true (isle_ui_test_wait_until (on_start_page, 3000));
  return window;
}

static void
close_window (void)
{
  gtk_window_destroy (GTK_WINDOW (the_window));
  the_window = NULL;
  isle_ui_test_wait_ms (100);
}

/* ---- the tests ------------------------------------------------------------ */

/* F10 opens the main menu, the item's mnemonic (Y) shows Your Games with
 * every game, newest first. (Ctrl+Y is the application's accelerator;
 * these windows have none.) */
static void
test_from_the_menu_by_keyboard (void)
{
  new_window ();
  g_assert_true (isle_ui_input_key (GDK_KEY_F10, 0));
  isle_ui_test_wait_ms (400);
  g_assert_true (isle_ui_input_key (GDK_KEY_y, 0));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  g_assert_cmpuint (listed (), ==, N_KEPT);
  /* Newest first, as the library lists them. */
  {
    g_autoptr (IsleKeptGame) first = g_list_model_get_item (G_LIST_MODEL (isle_games_page_get_list (the_window->games_page)), 0);
    g_autoptr (IsleKeptGame) last = g_list_model_get_item (G_LIST_MODEL (isle_games_page_get_list (the_window->games_page)), N_KEPT - 1);

    g_assert_cmpstr (isle_kept_game_get_uid (first), ==, "test-0");
    g_assert_cmpstr (isle_kept_game_get_uid (last), ==, "test-6");
  }
  screenshot ("games-list");
  close_window ();
}

/* The main menu clicked, its item clicked; and the start page's button. */
static void
test_from_the_menu_by_mouse (void)
{
  GtkWidget *menu;
  GtkLabel *item;

  new_window ();
  menu = isle_ui_test_find (GTK_WIDGET (the_window), is_shown_main_menu, NULL);
  g_assert_nonnull (menu);
  g_assert_true (isle_ui_input_click (menu, 0.5, 0.5));
  isle_ui_test_wait_ms (400);
  item = isle_ui_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "Your Games");
  g_assert_nonnull (item);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (item), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (the_window), "win.back"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_start_page, 3000));
  isle_ui_test_wait_ms (400);
  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (the_window), "win.games"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  close_window ();
}

static gboolean
is_view_switcher (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return ADW_IS_VIEW_SWITCHER (widget);
}

static AdwViewSwitcher *
switcher (void)
{
  GtkWidget *found = isle_ui_test_find (GTK_WIDGET (the_window->games_page), is_view_switcher, NULL);

  g_assert_nonnull (found);
  return ADW_VIEW_SWITCHER (found);
}

/* A narrow window (390 px, dragged there) shows each view of Your Games
 * within its width: side by side, the filters would ask for over 540 px
 * (libadwaita from 1.4 warns of it, and the page is cut off); there they
 * go two above two, and the switcher keeps its labels beside its icons. */
static void
test_narrow_window (void)
{
  static const char *const views[] = { "games", "statistics", "ratings" };
  int width;

  new_window ();
  isle_ui_input_resize (GTK_WINDOW (the_window), 390, 700);
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (the_window), "win.games"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  isle_ui_test_wait_ms (300);
  width = gtk_widget_get_width (GTK_WIDGET (the_window->games_page));
  g_assert_cmpint (width, <=, 390);
  for (gsize i = 0; i < G_N_ELEMENTS (views); i++)
    {
      int least;

      isle_games_page_show (the_window->games_page, views[i]);
      isle_ui_test_wait_ms (200);
      gtk_widget_measure (GTK_WIDGET (the_window->games_page), GTK_ORIENTATION_HORIZONTAL, -1, &least,
                          NULL, NULL, NULL);
      g_test_message ("%s: at least %d px, %d px given", views[i], least, width);
      g_assert_cmpint (least, <=, width);
      {
        g_autofree char *name = g_strdup_printf ("games-narrow-%s", views[i]);

        screenshot (name);
      }
    }
  g_assert_cmpint (adw_view_switcher_get_policy (switcher ()), ==, ADW_VIEW_SWITCHER_POLICY_WIDE);
  isle_ui_input_resize (GTK_WINDOW (the_window), 860, 700);
  isle_ui_test_wait_ms (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (the_window->games_page)), >, 390);
  close_window ();
}

static gboolean
won_only (void)
{
  return rows_starting ("Won ") == n_won && rows_shown () == n_won;
}

/* The result filter, opened by a click, "Won" clicked: only the games
 * won are listed; "Any result" again lists them all. */
static void
test_filter_by_result (void)
{
  GtkDropDown *filter;
  GtkLabel *choice;

  new_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  filter = isle_games_page_get_result_filter (the_window->games_page);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (filter), 0.5, 0.5));
  isle_ui_test_wait_ms (500);
  choice = GTK_LABEL (isle_ui_test_find (GTK_WIDGET (filter), is_mapped_label_starting, "Won"));
  g_assert_nonnull (choice);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (choice), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (won_only, 3000));
  g_assert_cmpuint (listed (), ==, n_won);
  g_assert_cmpuint (gtk_drop_down_get_selected (filter), ==, 1);
  /* Any result again: every game. */
  gtk_drop_down_set_selected (filter, 0);
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  g_assert_cmpuint (listed (), ==, N_KEPT);
  close_window ();
}

/* The first row's result, as the list shows it. */
static GtkWidget *
first_row (void)
{
  GtkWidget *view = isle_games_page_get_view (the_window->games_page);

  return gtk_widget_get_first_child (view);
}

static guint
library_count (void)
{
  IsleLibrary *library = isle_session_get_library (the_window->session);
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_library_flush (library, &error));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return isle_library_count (library, NULL, NULL);
}

/* The newest game's row clicked and Return pressed: the game page shows
 * that game at its end, over; opening it kept nothing new. */
static void
test_open_a_game (void)
{
  g_autoptr (IsleKeptGame) newest = NULL;
  IsleGame *game;

  new_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  newest = g_list_model_get_item (G_LIST_MODEL (isle_games_page_get_list (the_window->games_page)), 0);
  g_assert_cmpstr (isle_kept_game_get_uid (newest), ==, "test-0");
  g_assert_true (isle_ui_input_click (first_row (), 0.3, 0.5));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
  g_assert_true (isle_ui_test_wait_until (on_game_page, 3000));
  isle_ui_test_wait_ms (400);
  game = isle_window_get_game (the_window);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  g_assert_true (isle_match_get_over (isle_window_get_match (the_window)));
  g_assert_cmpuint (isle_game_get_position (game), ==, isle_game_get_n_actions (game));
  g_assert_cmpint (isle_game_get_state (game)->total[0], ==, isle_kept_game_get_points (newest, 0));
  screenshot ("games-opened");
  g_assert_cmpuint (library_count (), ==, N_KEPT);
  close_window ();
}

static gboolean
one_less (void)
{
  return listed () == N_KEPT - 1;
}

static gboolean
all_listed (void)
{
  return listed () == N_KEPT;
}

/* The first row selected by a click, Delete pressed: the game goes, a
 * toast says so; its Undo clicked brings it back. */
static void
test_delete_and_undo (void)
{
  GtkWidget *undo;

  new_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_input_click (first_row (), 0.3, 0.5));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_key (GDK_KEY_Delete, 0));
  g_assert_true (isle_ui_test_wait_until (one_less, 3000));
  g_assert_cmpuint (library_count (), ==, N_KEPT - 1);
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (the_window), "Game deleted"));
  /* The toast has slid in (libadwaita 1.7 animates it), where a person
   * clicks. */
  isle_ui_test_wait_ms (800);
  undo = isle_ui_test_find (GTK_WIDGET (the_window), isle_ui_test_is_button_labelled, "_Undo");
  g_assert_nonnull (undo);
  g_assert_true (gtk_widget_get_mapped (undo));
  g_assert_true (isle_ui_input_click (undo, 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (all_listed, 3000));
  g_assert_cmpuint (library_count (), ==, N_KEPT);
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  close_window ();
}

/* The statistics view: the model's rows, the chart described in words. */
static void
test_statistics (void)
{
  GPtrArray *stats;
  const IsleGamesStats *all;

  new_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_true (isle_ui_test_wait_until (all_rows_shown, 3000));
  isle_ui_test_wait_ms (300);
  stats = isle_games_page_get_stats (the_window->games_page);
  g_assert_nonnull (stats);
  all = g_ptr_array_index (stats, 0);
  g_assert_cmpint (all->group, ==, ISLE_GAMES_STATS_ALL);
  g_assert_cmpuint (all->played, ==, N_KEPT);
  g_assert_cmpuint (all->won, ==, n_won);
  /* Clicked to, as a person switches the view. */
  {
    GtkWidget *tab = isle_ui_test_find (GTK_WIDGET (the_window->games_page), is_mapped_label_starting, "Statistics");

    g_assert_nonnull (tab);
    g_assert_true (isle_ui_input_click (tab, 0.5, 0.5));
    isle_ui_test_wait_ms (400);
  }
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (the_window), "All your games"));
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (the_window), "Against Medium"));
  screenshot ("games-statistics");
  close_window ();
}

static const char *told;

static gboolean
notice_shown (void)
{
  return told != NULL && isle_ui_test_find_label (GTK_WIDGET (the_window), told) != NULL;
}

static guint
labels_showing (GtkWidget *root, const char *text)
{
  guint n = GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += labels_showing (child, text);
  return n;
}

/* A library file that is no database: the window starts, a toast says
 * once what happened (the file moved aside), and the page is empty. */
static void
test_damaged_library_said_once (void)
{
  g_autofree char *path = isle_paths_library ();
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr (GError) error = NULL;
  const char *notice;

  g_remove (wal);
  g_remove (shm);
  g_assert_true (g_file_set_contents (path, "This is not a games library at all, only text.\n", -1, &error));
  g_assert_no_error (error);
  new_window ();
  notice = isle_session_get_library_notice (the_window->session);
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "damaged"));
  told = "Your games library could not be used as it was";
  g_assert_true (isle_ui_test_wait_until (notice_shown, 3000));
  isle_ui_test_wait_ms (500);
  g_assert_cmpuint (labels_showing (GTK_WIDGET (the_window), told), ==, 1);
  /* Said: not again. */
  g_assert_null (isle_session_take_library_notice (the_window->session));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  g_assert_cmpuint (listed (), ==, 0);
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (the_window), "No Games Yet"));
  screenshot ("games-empty");
  g_assert_cmpuint (labels_showing (GTK_WIDGET (the_window), told), ==, 1);
  /* Its Details: the model's sentences whole. */
  {
    GtkWidget *details = isle_ui_test_find (GTK_WIDGET (the_window), isle_ui_test_is_button_labelled, "_Details");
    GtkWidget *alert;

    g_assert_nonnull (details);
    g_assert_true (isle_ui_input_click (details, 0.5, 0.5));
    g_assert_true (isle_ui_test_wait_until (isle_ui_test_alert_shown, 3000));
    alert = isle_ui_test_find_dialog (isle_ui_test_alert_type ());
    g_assert_nonnull (isle_ui_test_find_label (alert, notice));
    isle_ui_test_close (alert);
    isle_ui_test_wait_ms (300);
  }
  told = NULL;
  close_window ();
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  isle_ui_test_init_windows (&argc, &argv, "test-games");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest: real input cannot be sent");
  fill_library ();

  g_test_add_func ("/games/from-the-menu-by-keyboard", test_from_the_menu_by_keyboard);
  g_test_add_func ("/games/from-the-menu-by-mouse", test_from_the_menu_by_mouse);
  g_test_add_func ("/games/filter-by-result", test_filter_by_result);
  g_test_add_func ("/games/open-a-game", test_open_a_game);
  g_test_add_func ("/games/delete-and-undo", test_delete_and_undo);
  g_test_add_func ("/games/statistics", test_statistics);
  g_test_add_func ("/games/narrow-window", test_narrow_window);
  /* Last: it damages the library the others read. */
  g_test_add_func ("/games/damaged-library-said-once", test_damaged_library_said_once);
  return g_test_run ();
}
