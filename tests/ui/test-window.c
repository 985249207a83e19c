/* test-window.c — the game window as a newcomer meets it, driven through
 * real keys and clicks (isle-ui-input.h): the walkthrough's last button
 * starts the gentlest game, Return in the New Game dialog starts a game,
 * the game's actions are off where they mean nothing, a puzzle's hint
 * button gives the puzzle's clues before any move, the way back from a
 * puzzle to the list and from the list to the start page (Escape,
 * Alt+Left and the back buttons), Continue after leaving a game, and the
 * game page is playable from 360 × 640 to a wide window, following the
 * window both ways, and a computer player that fails is told in a toast
 * whose Details show the fault whole; F1 and the main menu's Help open the
 * help viewer with help:critter-isle, or the walkthrough where there is
 * none, and the shortcuts list F1. From libadwaita 1.4 the pages are a navigation view
 * and a breakpoint stacks the game page; the same tests hold before.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "isle-accessible.h"
#include "isle-application.h"
#include "isle-board-view.h"
#include "isle-choice-panel.h"
#include "isle-game-page.h"
#include "isle-hand-view.h"
#include "isle-how-to-play.h"
#include "isle-match.h"
#include "isle-new-game-dialog.h"
#include "isle-notation.h"
#include "isle-preferences-window.h"
#include "isle-settings.h"
#include "isle-shortcuts.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"
#include "isle-window-private.h"

/* ---- finding what a person sees --------------------------------------- */

static gboolean
activates (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The button that activates ACTION. */
static GtkWidget *
button_for (GtkWidget *root, const char *action)
{
  return isle_ui_test_find (root, activates, action);
}

/* The page a person sees: "start", "puzzles", "game" or "pass"; "" while
 * a page still slides in or out (libadwaita 1.4's navigation view), as it
 * is not yet where a person clicks. */
static const char *
page_shown (IsleWindow *window)
{
  return isle_ui_test_page_shown (GTK_WIDGET (window));
}

static gboolean
is_labelled (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* The shown label whose text starts with PREFIX, or NULL. */
static GtkLabel *
label_starting (GtkWidget *root, const char *prefix)
{
  return GTK_LABEL (isle_ui_test_find (root, is_labelled, prefix));
}

/* Waits up to MS for CHECK (WINDOW) to hold. */
static gboolean
wait_for (gboolean (*check) (IsleWindow *window), IsleWindow *window, int ms)
{
  for (int waited = 0; waited < ms; waited += 20)
    {
      if (check (window))
        return TRUE;
      isle_ui_test_wait_ms (20);
    }
  return check (window);
}

static gboolean
on_game_page (IsleWindow *window)
{
  return g_strcmp0 (page_shown (window), "game") == 0;
}

/* Whether win.ACTION is on, as its header-bar button shows it (GTK 4.8
 * has no gtk_widget_get_action_group()). */
static gboolean
enabled (IsleWindow *window, const char *action)
{
  g_autofree char *name = g_strconcat ("win.", action, NULL);
  GtkWidget *button = button_for (GTK_WIDGET (window), name);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* A new window on the start page, shown and focused as a window manager
 * would. */
static IsleWindow *
new_window (int width, int height)
{
  IsleWindow *window = isle_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (200);
  return window;
}

/* A window playing the built-in puzzle NAME. */
static IsleWindow *
window_with_puzzle (const char *name, int width, int height)
{
  IsleWindow *window = new_window (width, height);
  g_autofree char *puzzle = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "puzzles", name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (puzzle);

  isle_window_open_file (window, file);
  /* The file is read asynchronously: give a loaded machine time. */
  for (int waited = 0; waited < 20000 && !on_game_page (window); waited += 50)
    isle_ui_test_wait_ms (50);
  /* From libadwaita 1.4 the game slides in: clicks wait for it. */
  isle_ui_test_wait_ms (500);
  g_assert_true (on_game_page (window));
  return window;
}

/* ---- a first game that teaches ---------------------------------------- */

/* Makes the first legal decision and waits for the computer's answer. */
static void
play_first_decision (IsleWindow *window)
{
  IsleGame *game = isle_window_get_game (window);
  IsleActionList list;
  char text[32];

  g_assert_cmpint (isle_state_legal_actions (isle_game_get_state (game), &list), >, 0);
  isle_action_format (isle_game_get_state (game), list.actions[0], text);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", "s", text));
  isle_ui_test_wait_ms (1500);
  g_assert_cmpuint (isle_game_get_position (game), >, 0);
}


/* The walkthrough says "start with the Basic game against the gentlest
 * computer player": its button does just that (it opened Weather against
 * Medium). */
static void
test_walkthrough_starts_basic_against_beginner (void)
{
  IsleWindow *window = new_window (860, 700);
  IsleHowToPlay *tour = isle_how_to_play_present (GTK_WINDOW (window));
  GtkWidget *start;
  const IsleGameSetup *setup;

  /* A window of its own, or a dialog in the game's (libadwaita ≥ 1.5). */
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (GTK_WIDGET (tour))));
  /* To the last page, by the keyboard, as the walkthrough says. */
  for (guint i = 0; i < isle_how_to_play_get_n_pages (tour); i++)
    {
      g_assert_true (isle_ui_input_key (GDK_KEY_Page_Down, 0));
      isle_ui_test_wait_ms (120);
    }
  isle_ui_test_wait_ms (500);
  g_assert_cmpuint (isle_how_to_play_get_page (tour), ==, isle_how_to_play_get_n_pages (tour) - 1);
  start = gtk_widget_get_ancestor (GTK_WIDGET (isle_ui_test_find_label (GTK_WIDGET (tour), "Start a New Game")),
                                   GTK_TYPE_BUTTON);
  g_assert_nonnull (start);
  g_assert_true (isle_ui_input_click (start, 0.5, 0.5));
  g_assert_true (wait_for (on_game_page, window, 2000));
  setup = isle_game_get_setup (isle_window_get_game (window));
  g_assert_cmpint (setup->variant, ==, ISLE_VARIANT_BASIC);
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[0]), ==, "human");
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[1]), ==, "beginner");
  g_assert_true (isle_match_is_human (isle_window_get_match (window), 0));
  g_assert_cmpstr (isle_player_spec_to_text (isle_match_get_player (isle_window_get_match (window), 1)), ==, "beginner");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Opens the New Game dialog by its button and presses Return in it; the
 * game page is then shown. */
static void
start_by_return (IsleWindow *window)
{
  GtkWidget *dialog;

  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (window), "win.new-game"), 0.5, 0.5));
  isle_ui_test_wait_ms (200);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  /* Each choice is read with its value, not only its title. */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
    gtk_test_accessible_assert_property (isle_ui_test_find_type (dialog, ADW_TYPE_COMBO_ROW),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "Game: Basic Game");
  /* A window of its own, or a dialog in the game's (libadwaita ≥ 1.5). */
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
  g_assert_true (wait_for (on_game_page, window, 2000));
}

/* The New Game dialog opened with Cancel focused, so Return cancelled:
 * Return starts the game. */
static void
new_game_return_starts (int width, int height)
{
  IsleWindow *window = new_window (width, height);

  g_assert_cmpstr (page_shown (window), ==, "start");
  start_by_return (window);
  isle_ui_test_wait_ms (400);
  g_assert_null (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG));
  /* A first start: the Basic game against the gentlest (the schema's
   * first choice), not Weather against Medium. */
  g_assert_cmpint (isle_game_get_setup (isle_window_get_game (window))->variant, ==, ISLE_VARIANT_BASIC);
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (isle_window_get_game (window))->players[1]), ==, "beginner");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At the default size, and at the narrowest, where from libadwaita 1.5 the
 * dialog is a bottom sheet. */
static void
test_new_game_return_starts (void)
{
  new_game_return_starts (860, 700);
  new_game_return_starts (360, 640);
}

/* Undo and Hint stayed on over the puzzle list: the game's actions are off
 * on every page but the game's, and come back with it. */
static void
test_game_actions_only_on_the_game (void)
{
  IsleWindow *window = new_window (860, 700);
  IsleGame *game;
  guint position;

  /* The start page. */
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "hint"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  game = isle_window_get_game (window);
  g_assert_true (enabled (window, "hint"));
  play_first_decision (window);
  g_assert_true (enabled (window, "undo"));

  /* The puzzle list: nothing to undo or hint at there. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzles", NULL));
  isle_ui_test_wait_ms (100);
  g_assert_cmpstr (page_shown (window), ==, "puzzles");
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "redo"));
  g_assert_false (enabled (window, "hint"));
  position = isle_game_get_position (game);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  isle_ui_test_wait_ms (50);
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  g_assert_cmpint (isle_match_get_hint (isle_window_get_match (window)), ==, 0);

  /* Back to the start page: still off. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  isle_ui_test_wait_ms (50);
  g_assert_cmpstr (page_shown (window), ==, "start");
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "hint"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_primary_menu (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget))
         && gtk_widget_get_mapped (widget);
}

/* The icon buttons read their tooltips' words to a screen reader (GTK
 * read "GtkImage"), the main menu "Main Menu" (not "GtkMenuButton"), and
 * the map is a grid of tiles named for what is on them. */
static void
test_controls_are_named (void)
{
  IsleWindow *window = new_window (860, 700);
  static const char *const named[][2] = {
    { "win.undo", "Undo" }, { "win.redo", "Redo" }, { "win.hint", "Hint" },
  };
  GtkWidget *menu, *board;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      GtkWidget *button = button_for (GTK_WIDGET (window), named[i][0]);

      g_assert_nonnull (button);
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, _(named[i][1]));
    }
  menu = isle_ui_test_find (GTK_WIDGET (window), is_primary_menu, NULL);
  g_assert_nonnull (menu);
  gtk_test_accessible_assert_property (menu, GTK_ACCESSIBLE_PROPERTY_LABEL, _("Main Menu"));
  board = isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_BOARD_VIEW);
  g_assert_nonnull (board);
  gtk_test_accessible_assert_role (board, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_list_item (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkListItemWidget") == 0 && gtk_widget_has_focus (widget);
}

static gboolean
is_open_popover (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_POPOVER (widget) && gtk_widget_get_mapped (widget);
}

/* A drop-down ROW opened by the keyboard: each item it arrows to is read
 * by its words (GTK 4.8 gave its items no name). */
static void
assert_drop_down_speaks (GtkWidget *row)
{
  GtkWidget *popover, *item;
  GtkLabel *words;
  char *name;

  /* Opened by a click: a dialog of libadwaita 1.7 may still be opening,
   * and a key would go to the button focused before. */
  g_object_ref (row);
  g_assert_true (isle_ui_input_click (row, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  popover = isle_ui_test_find (row, is_open_popover, NULL);
  g_object_unref (row);
  g_assert_nonnull (popover);
  isle_ui_test_assert_no_class_names ("an open drop-down");
  for (int i = 0; i < 2; i++)
    {
      item = isle_ui_test_find (popover, is_list_item, NULL);
      g_assert_nonnull (item);
      words = GTK_LABEL (isle_ui_test_find_type (item, GTK_TYPE_LABEL));
      g_assert_nonnull (words);
      name = isle_ui_test_accessible_label (GTK_ACCESSIBLE (item));
      /* Its title, then what it says below (a game's rounds). */
      g_assert_nonnull (name);
      g_assert_true (g_str_has_prefix (name, gtk_label_get_text (words)));
      g_clear_pointer (&name, g_free);
      g_assert_true (isle_ui_input_key (GDK_KEY_Down, 0));
      isle_ui_test_wait_ms (100);
    }
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  isle_ui_test_wait_ms (200);
}

/* No accessible name in the app is a toolkit class name ("GtkStackPage",
 * "AdwGizmo", "GtkImage"): the start page, the New Game dialog and its
 * open drop-down, the game page, the results, the shortcuts, the
 * preferences, How to Play, the puzzle list and a puzzle. The app tidies
 * every window as it is shown (isle_accessible_watch_windows(), done here
 * as the application's startup does). */
static void
test_no_class_names (void)
{
  IsleWindow *window = new_window (860, 700);
  GtkWidget *dialog, *shortcuts, *variant;
  IslePreferencesWindow *preferences;
  IsleGame *game;
  IsleRng rng;
  IsleHowToPlay *tour;

  isle_accessible_watch_windows ();
  isle_ui_test_assert_no_class_names ("the start page");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  isle_ui_test_wait_ms (300);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  isle_ui_test_assert_no_class_names ("the New Game dialog");
  variant = isle_ui_test_find_type (dialog, ADW_TYPE_COMBO_ROW);
  assert_drop_down_speaks (variant);
  /* Every game's rows (each variant shows its own). */
  for (guint i = 0; i < g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (variant))); i++)
    {
      adw_combo_row_set_selected (ADW_COMBO_ROW (variant), i);
      isle_ui_test_assert_no_class_names ("the New Game dialog, each game");
    }
  isle_ui_test_close (dialog);
  isle_ui_test_wait_ms (200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_assert_no_class_names ("the game page");
  /* Round 1 played out at once by random decisions for both seats: its
   * review on the game page. */
  isle_rng_seed (&rng, 3);
  game = isle_window_get_game (window);
  while (!isle_state_is_terminal (isle_game_get_state (game)) && isle_game_get_state (game)->round == 1)
    {
      IsleState copy = *isle_game_get_state (game);

      g_assert_true (isle_game_apply (game, isle_state_sample_action (&copy, &rng), NULL));
    }
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_game_page_get_reviewing (ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (window),
                                                                                      ISLE_TYPE_GAME_PAGE))));
  isle_ui_test_assert_no_class_names ("a round's end");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.results", NULL));
  isle_ui_test_assert_no_class_names ("the results");
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  isle_ui_test_wait_ms (200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  isle_ui_test_wait_ms (50);
  shortcuts = isle_shortcuts_get_shown (GTK_WIDGET (window));
  g_assert_nonnull (shortcuts);
  isle_ui_test_assert_no_class_names ("the keyboard shortcuts");
  isle_ui_test_close (shortcuts);

  preferences = isle_preferences_window_present (GTK_WINDOW (window), isle_settings_get ());
  isle_ui_test_assert_no_class_names ("the preferences");
  isle_ui_test_close (GTK_WIDGET (preferences));

  tour = isle_how_to_play_present (GTK_WINDOW (window));
  isle_ui_test_assert_no_class_names ("How to Play");
  isle_ui_test_close (GTK_WIDGET (tour));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzles", NULL));
  isle_ui_test_assert_no_class_names ("the puzzle list");
  gtk_window_destroy (GTK_WINDOW (window));

  window = window_with_puzzle ("01-white-wall.isle", 860, 700);
  isle_ui_test_assert_no_class_names ("a puzzle");
  /* Open… shows GTK's own file chooser here (no portal under the test
   * display, as on a desktop without one); it fills itself in as it
   * reads the folder. Not in the sanitizer build: GTK 4.8's chooser,
   * opened and closed so, leaves 16 KiB of its own unreachable (one
   * g_malloc, no frame of ours; the same walk without the chooser is
   * clean, and isle-file-chooser.c drops the native dialog it made). */
#ifndef __SANITIZE_ADDRESS__
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  isle_ui_test_wait_ms (1500);
  isle_ui_test_assert_no_class_names ("the file chooser");
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    /* Escape closes it, as a person would. */
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr (GtkWidget) chooser = g_list_model_get_item (toplevels, i);

        if (chooser != GTK_WIDGET (window) && gtk_widget_get_visible (chooser))
          {
            g_assert_true (isle_ui_input_focus (GTK_WINDOW (chooser)));
            g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
            isle_ui_test_wait_ms (200);
            g_assert_false (gtk_widget_get_visible (chooser));
            break;
          }
      }
  }
#endif
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
hint_given (IsleWindow *window)
{
  return isle_match_get_hint (isle_window_get_match (window)) != 0;
}

/* The hint button played the puzzle's solution at once: it shows the
 * puzzle's clues one a press, and only after the last asks for a move. */
static void
test_puzzle_hint_gives_clues_first (void)
{
  IsleWindow *window = window_with_puzzle ("01-white-wall.isle", 860, 700);
  GtkWidget *hint = button_for (GTK_WIDGET (window), "win.hint");
  IsleGame *game = isle_window_get_game (window);
  const char *const *clues = isle_scenario_get_hints (isle_game_get_scenario (game));
  guint n = g_strv_length ((char **) clues);
  guint position = isle_game_get_position (game);

  g_assert_cmpuint (n, >=, 2);
  g_assert_null (label_starting (GTK_WIDGET (window), "Clue "));
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *said = g_strdup_printf ("Clue %u of %u", i, n);
      GtkLabel *label;

      g_assert_true (isle_ui_input_click (hint, 0.5, 0.5));
      isle_ui_test_wait_ms (100);
      label = label_starting (GTK_WIDGET (window), said);
      g_assert_nonnull (label);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
      g_assert_false (hint_given (window));
    }
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  /* The clues are out: now the adviser suggests a move. */
  g_assert_true (isle_ui_input_click (hint, 0.5, 0.5));
  g_assert_true (wait_for (hint_given, window, 5000));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the way back ------------------------------------------------------ */

static gboolean
on_puzzle_list (IsleWindow *window)
{
  return g_strcmp0 (page_shown (window), "puzzles") == 0;
}

static gboolean
on_start_page (IsleWindow *window)
{
  return g_strcmp0 (page_shown (window), "start") == 0;
}

static gboolean
is_first_puzzle_row (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget)
         && gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (widget));
}

/* The shown back button of the page on top. */
static gboolean
is_shown_back_button (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && (g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.back") == 0
             || g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "navigation.pop") == 0);
}

static GtkWidget *
back_button (IsleWindow *window)
{
  return isle_ui_test_find (GTK_WIDGET (window), is_shown_back_button, NULL);
}

/* The start page's Puzzles button, then the first puzzle's row: clicked. */
static void
click_to_first_puzzle (IsleWindow *window)
{
  GtkWidget *row;

  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (window), "win.puzzles"), 0.5, 0.5));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  isle_ui_test_wait_ms (400);
  row = isle_ui_test_find (GTK_WIDGET (window), is_first_puzzle_row, NULL);
  g_assert_nonnull (row);
  g_assert_true (isle_ui_input_click (row, 0.5, 0.5));
  g_assert_true (wait_for (on_game_page, window, 3000));
  isle_ui_test_wait_ms (400);
}

/* A puzzle goes back to the puzzle list, and the list to the start page:
 * by Escape and Alt+Left where pages are pushed (libadwaita 1.4), by the
 * back buttons everywhere. The game's actions are off once it is left. */
static void
test_back_from_a_puzzle_to_the_list_and_start (void)
{
  IsleWindow *window = new_window (860, 700);

  click_to_first_puzzle (window);
  g_assert_true (enabled (window, "hint"));
#if ADW_CHECK_VERSION (1, 4, 0)
  /* The puzzle → its list, by Escape; the computers wait there. */
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  g_assert_false (enabled (window, "hint"));
  g_assert_false (enabled (window, "undo"));
  isle_ui_test_wait_ms (500);
  g_assert_true (on_puzzle_list (window));
  /* Back into a puzzle, and out by the header bar's back button. */
  {
    GtkWidget *row = isle_ui_test_find (GTK_WIDGET (window), is_first_puzzle_row, NULL);

    g_assert_nonnull (row);
    g_assert_true (isle_ui_input_click (row, 0.5, 0.5));
    g_assert_true (wait_for (on_game_page, window, 3000));
    isle_ui_test_wait_ms (400);
    g_assert_nonnull (back_button (window));
    g_assert_true (isle_ui_input_click (back_button (window), 0.5, 0.5));
    g_assert_true (wait_for (on_puzzle_list, window, 2000));
    isle_ui_test_wait_ms (500);
  }
  /* The list → the start page, by Alt+Left. */
  g_assert_true (isle_ui_input_key (GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_true (wait_for (on_start_page, window, 2000));
  g_assert_false (enabled (window, "hint"));
  isle_ui_test_wait_ms (500);
  g_assert_true (on_start_page (window));
  /* And the list again, left by its back button. */
  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (window), "win.puzzles"), 0.5, 0.5));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  isle_ui_test_wait_ms (400);
#else
  /* Before libadwaita 1.4 a game has no way back; the list has. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzles", NULL));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  isle_ui_test_wait_ms (400);
#endif
  g_assert_nonnull (back_button (window));
  g_assert_true (isle_ui_input_click (back_button (window), 0.5, 0.5));
  g_assert_true (wait_for (on_start_page, window, 2000));
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "hint"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The main menu's button on screen (from libadwaita 1.4 each page's
 * header bar has one). */
static gboolean
is_shown_main_menu (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0;
}

/* Puzzles from the main menu of a game not started from the list: the
 * list shows, its game waits, and the list's back button goes to the
 * start page (where pages are pushed, the start page is put under the
 * list), which offers to continue the game. */
static void
test_puzzles_from_a_game_and_back_to_start (void)
{
  IsleWindow *window = new_window (860, 700);
  GtkWidget *menu;
  GtkLabel *item;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  g_assert_false (isle_match_get_held (isle_window_get_match (window)));
  menu = isle_ui_test_find (GTK_WIDGET (window), is_shown_main_menu, NULL);
  g_assert_nonnull (menu);
  g_assert_true (isle_ui_input_click (menu, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  item = isle_ui_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "Puzzles");
  g_assert_nonnull (item);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (item), 0.5, 0.5));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  isle_ui_test_wait_ms (400);
  g_assert_true (on_puzzle_list (window));
  g_assert_true (isle_match_get_held (isle_window_get_match (window)));
  g_assert_false (enabled (window, "undo"));
  g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (window), is_first_puzzle_row, NULL));
  g_assert_nonnull (back_button (window));
  g_assert_true (isle_ui_input_click (back_button (window), 0.5, 0.5));
  g_assert_true (wait_for (on_start_page, window, 2000));
  isle_ui_test_wait_ms (400);
  g_assert_true (on_start_page (window));
  g_assert_true (gtk_widget_get_mapped (button_for (GTK_WIDGET (window), "win.continue")));
  gtk_window_destroy (GTK_WINDOW (window));
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* A game left by its back button waits behind the start page: Continue
 * is offered and shows it where it was. */
static void
test_continue_after_leaving_a_game (void)
{
  IsleWindow *window = new_window (860, 700);
  GtkWidget *again;
  guint position;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  play_first_decision (window);
  position = isle_game_get_position (isle_window_get_game (window));
  g_assert_true (isle_ui_input_click (back_button (window), 0.5, 0.5));
  g_assert_true (wait_for (on_start_page, window, 2000));
  isle_ui_test_wait_ms (500);
  g_assert_false (enabled (window, "undo"));
  again = button_for (GTK_WIDGET (window), "win.continue");
  g_assert_true (gtk_widget_get_mapped (again));
  g_assert_true (isle_ui_input_click (again, 0.5, 0.5));
  g_assert_true (wait_for (on_game_page, window, 3000));
  isle_ui_test_wait_ms (400);
  g_assert_cmpuint (isle_game_get_position (isle_window_get_game (window)), >=, position);
  g_assert_true (enabled (window, "undo"));
  gtk_window_destroy (GTK_WINDOW (window));
}
#endif

/* ---- every size -------------------------------------------------------- */

static void
print_widths (GtkWidget *widget, int depth)
{
  int min = 0, nat = 0;

  if (depth > 9 || !gtk_widget_get_visible (widget))
    return;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (min > 330)
    g_printerr ("%*s%s min %d nat %d\n", depth, "", G_OBJECT_TYPE_NAME (widget), min, nat);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    print_widths (child, depth + 1);
}

/* CRITTER_ISLE_SCREENSHOT_DIR=DIR: the screen as a person sees it, cut to
 * WINDOW, into DIR/NAME.png (ImageMagick's import), to look at. */
static void
screenshot (IsleWindow *window, const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  g_autofree char *file = NULL;
  g_autofree char *crop = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (300);
  file = g_strdup_printf ("%s/%s.png", dir, name);
  crop = g_strdup_printf ("%dx%d+0+0", gtk_widget_get_width (GTK_WIDGET (window)),
                          gtk_widget_get_height (GTK_WIDGET (window)));
  if (!g_spawn_sync (NULL, (char *[]) { "import", "-window", "root", "-crop", crop, file, NULL }, NULL,
                     G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, &error))
    g_printerr ("no screenshot: %s\n", error->message);
}

/* ---- a computer player that fails -------------------------------------- */

static gboolean
details_shown (IsleWindow *window)
{
  return isle_ui_test_find_label (GTK_WIDGET (window), "Details") != NULL;
}

/* The New Game dialog offers a Basic game for PLAYERS, FIRST_SEAT first,
 * as after a person's last game; forget_setup() forgets it again. */
static void
remember_setup (const char *const *players, int first_seat)
{
  GSettings *settings = isle_settings_get ();

  g_settings_set_string (settings, "variant", "basic");
  g_settings_set_strv (settings, "players", players);
  g_settings_set_int (settings, "first-seat", first_seat);
}

static void
forget_setup (void)
{
  GSettings *settings = isle_settings_get ();

  g_settings_reset (settings, "variant");
  g_settings_reset (settings, "players");
  g_settings_reset (settings, "first-seat");
}

/* An engine that answers garbage: the Easy player takes its seat, and the
 * toast that says so is a sentence short enough to read whole; its
 * Details button shows the engine's fault in full (it was cut off in the
 * toast). */
static void
test_failed_player_shows_details (void)
{
  g_autofree char *engine = g_test_build_filename (G_TEST_DIST, "..", "data", "engines", "garbage.sh", NULL);
  g_autofree char *spec = g_strdup_printf ("engine:sh %s", engine);
  const char *players[] = { "human", spec, NULL };
  IsleWindow *window;
  GtkWidget *dialog;
  GtkLabel *fault;

  /* The computer moves first, so it is asked at once. */
  remember_setup (players, 1);
  window = new_window (860, 700);
  start_by_return (window);
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (isle_window_get_game (window))->players[1]), ==, spec);

  g_assert_true (wait_for (details_shown, window, 10000));
  isle_ui_test_wait_ms (600);   /* the toast slides in */
  screenshot (window, "window-player-failed-toast");
  g_assert_nonnull (label_starting (GTK_WIDGET (window), "A computer player failed; the Easy computer player takes over"));
  g_assert_true (isle_ui_input_click (gtk_widget_get_ancestor (GTK_WIDGET (isle_ui_test_find_label (GTK_WIDGET (window), "Details")),
                                                               GTK_TYPE_BUTTON),
                                      0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (isle_ui_test_alert_shown, 2000));
  dialog = isle_ui_test_find_dialog (isle_ui_test_alert_type ());
  fault = label_starting (dialog, "engine “garbage”");
  g_assert_nonnull (fault);
  g_test_message ("the fault: %s", gtk_label_get_text (fault));
  g_assert_nonnull (strstr (gtk_label_get_text (fault), "the answer is 42"));
  screenshot (window, "window-player-failed-details");
  isle_ui_test_close (dialog);

  forget_setup ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- a game in progress is not thrown away ----------------------------- */

/* The alert that asks before a game in progress is discarded, or NULL. */
static GtkWidget *
discard_alert (void)
{
  return isle_ui_test_find_dialog (isle_ui_test_alert_type ());
}

static gboolean
alert_gone (void)
{
  return !isle_ui_test_alert_shown ();
}

static GtkWidget *awaited;

static gboolean
awaited_is_laid_out (void)
{
  return gtk_widget_get_mapped (awaited) && gtk_widget_get_width (awaited) > 0;
}

/* New Game from the main menu, and Return in its dialog. */
static void
new_game_from_menu (IsleWindow *window)
{
  GtkWidget *menu = isle_ui_test_find (GTK_WIDGET (window), is_shown_main_menu, NULL);
  GtkWidget *dialog;
  GtkLabel *item;

  g_assert_nonnull (menu);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  /* The menu is laid out when it is shown: a loaded machine takes more
   * than a moment; a click that came while the window was still being
   * placed opened nothing, and a person clicks again. */
  for (int tries = 0;; tries++)
    {
      g_assert_cmpint (tries, <, 3);
      g_assert_true (isle_ui_input_click (menu, 0.5, 0.5));
      isle_ui_test_wait_ms (300);
      item = isle_ui_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "New Game…");
      g_assert_nonnull (item);
      awaited = GTK_WIDGET (item);
      if (isle_ui_test_wait_until (awaited_is_laid_out, 5000))
        break;
    }
  g_assert_true (isle_ui_input_click (GTK_WIDGET (item), 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
}

/* The same, for a game in progress: the alert that asks whether to discard
 * it. */
static GtkWidget *
new_game_asks (IsleWindow *window)
{
  new_game_from_menu (window);
  g_assert_true (isle_ui_test_wait_until (isle_ui_test_alert_shown, 2000));
  isle_ui_test_wait_ms (300);
  return discard_alert ();
}

/* Item 8 of issue 27: New Game threw away an unfinished game without
 * asking. Now an alert asks: Escape (its Cancel) keeps the game, where it
 * was; its Discard button starts the new one. A game with no decision yet
 * is replaced without a word. */
static void
test_new_game_asks_before_discarding (void)
{
  IsleWindow *window = new_window (860, 700);
  IsleGame *game;
  GtkWidget *alert;
  GtkLabel *discard;
  guint position;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  play_first_decision (window);
  game = isle_window_get_game (window);
  position = isle_game_get_position (game);

  /* Cancelled: the same game, where it was. */
  alert = new_game_asks (window);
  g_assert_nonnull (alert);
  g_assert_nonnull (isle_ui_test_find_label (alert, "Discard This Game?"));
  screenshot (window, "discard-alert");
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (alert)));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  g_assert_true (isle_ui_test_wait_until (alert_gone, 2000));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_window_get_game (window) == game);
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  g_assert_true (on_game_page (window));

  /* Discarded: a new game from its start. */
  alert = new_game_asks (window);
  discard = isle_ui_test_find_label (alert, "Discard");
  g_assert_nonnull (discard);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (discard), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (alert_gone, 2000));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_window_get_game (window) != game);
  game = isle_window_get_game (window);
  g_assert_cmpint (isle_game_get_setup (game)->variant, ==, ISLE_VARIANT_BASIC);

  /* Nothing decided yet in the new game (the person moves first): no alert. */
  g_assert_cmpuint (isle_game_get_position (game), ==, 0);
  new_game_from_menu (window);
  isle_ui_test_wait_ms (600);
  g_assert_null (discard_alert ());
  g_assert_true (isle_window_get_game (window) != game);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The monkey (seed 4, GNOME 50) crashed when a narrow window, where the
 * New Game dialog is a bottom sheet, was widened while the dialog closed:
 * libadwaita 1.7 swaps a closing dialog's sheet as its breakpoint
 * changes. Here the dialog is closed both ways (Escape, and Start with the
 * alert that asks to discard the game) and the window widened and
 * narrowed again at once and after a moment. */
static void
test_new_game_dialog_closes_while_resized (void)
{
  IsleWindow *window = new_window (400, 560);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  play_first_decision (window);
  for (int delay = 0; delay <= 300; delay += 60)
    for (int start = 0; start < 2; start++)
      {
        GtkWidget *dialog;

        isle_ui_input_resize (GTK_WINDOW (window), 400, 560);
        isle_ui_test_wait_ms (200);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
        isle_ui_test_wait_ms (400);
        dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
        g_assert_nonnull (dialog);
        g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
        g_assert_true (isle_ui_input_key (start ? GDK_KEY_Return : GDK_KEY_Escape, 0));
        isle_ui_test_wait_ms (delay);
        isle_ui_input_resize (GTK_WINDOW (window), 560, 900);
        isle_ui_test_wait_ms (100);
        isle_ui_input_resize (GTK_WINDOW (window), 400, 560);
        isle_ui_test_wait_ms (400);
        if (start)
          {
            /* The game goes on: Cancel in the alert. */
            g_assert_true (isle_ui_test_wait_until (isle_ui_test_alert_shown, 2000));
            g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (discard_alert ())));
            g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
            g_assert_true (isle_ui_test_wait_until (alert_gone, 2000));
          }
        g_assert_null (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG));
        g_assert_true (on_game_page (window));
      }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The monkey (seed 4, GNOME 50) crashed freeing the alert's answer twice.
 * AdwAlertDialog emits "response" for a button activated while it is
 * still closing from a first answer (Escape, or another button), and the
 * keyboard focus can stay on its buttons then. Here a button of the
 * closing alert is activated: the second answer goes unheard, the first
 * stands, and nothing is freed twice. */
static void
test_alert_answers_once (void)
{
  IsleWindow *window = new_window (860, 700);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  for (int discarded = 0; discarded < 2; discarded++)
    {
      IsleGame *game;
      GtkWidget *alert, *discard, *cancel, *second;

      play_first_decision (window);
      game = isle_window_get_game (window);
      alert = new_game_asks (window);
      g_assert_nonnull (alert);
      discard = gtk_widget_get_ancestor (GTK_WIDGET (isle_ui_test_find_label (alert, "Discard")), GTK_TYPE_BUTTON);
      cancel = gtk_widget_get_ancestor (GTK_WIDGET (isle_ui_test_find_label (alert, "Cancel")), GTK_TYPE_BUTTON);
      g_assert_nonnull (discard);
      g_assert_nonnull (cancel);
      second = g_object_ref (discarded ? cancel : discard);
      g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (alert)));
      if (discarded)
        g_assert_true (isle_ui_input_click (discard, 0.5, 0.5));
      else
        g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
#if ADW_CHECK_VERSION (1, 5, 0)
      /* Closing: the other button activated, as Space on it does (at
       * once, not through the display: a key sent there may come after
       * the alert has gone, and press whatever then has the focus).
       * (libadwaita 1.2's AdwMessageDialog is a window of its own, hidden
       * at once.) */
      if (gtk_widget_get_mapped (second))
        g_assert_true (gtk_widget_activate (second));
      else
        g_test_message ("the alert was gone before its second button could be activated");
#endif
      g_object_unref (second);
      g_assert_true (isle_ui_test_wait_until (alert_gone, 2000));
      isle_ui_test_wait_ms (300);
      if (discarded)
        g_assert_true (isle_window_get_game (window) != game);
      else
        g_assert_true (isle_window_get_game (window) == game);
      g_assert_true (on_game_page (window));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- a puzzle solved with a hint ---------------------------------------- */

static gboolean
goal_decided (IsleWindow *window)
{
  return isle_match_get_goal_status (isle_window_get_match (window), NULL) != ISLE_GOAL_IN_PROGRESS;
}

/* The Puzzles page's row titled TITLE. */
static gboolean
is_row_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The mark of a row: the accessible label of its suffix image, or NULL. */
static gboolean
is_mark (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_IMAGE (widget) && gtk_widget_get_tooltip_text (widget) != NULL;
}

static const char *
row_mark (IsleWindow *window, const char *title)
{
  GtkWidget *row = isle_ui_test_find (GTK_WIDGET (window), is_row_titled, title);
  GtkWidget *mark;

  g_assert_nonnull (row);
  mark = isle_ui_test_find (row, is_mark, NULL);
  return mark != NULL ? gtk_widget_get_tooltip_text (mark) : NULL;
}

/* Item 4 of issue 27: Ctrl+H four times solved "Silver Lining" and it
 * got the same check mark as a real solve. The first puzzle, chosen on
 * the Puzzles page and played to its goal by the hint button (its clues,
 * then the adviser's moves), is marked "Solved with a hint" there, not
 * "Solved" as a puzzle solved unaided is. */
static void
test_puzzle_solved_with_hints_is_helped (void)
{
  IsleWindow *window;
  GtkWidget *hint;
  g_autofree char *name = NULL;
  const char *solved[] = { "builtin:02-rabbit-fences.isle", NULL };

  /* Rabbit Fences was solved unaided before (the settings say so). */
  g_settings_set_strv (isle_settings_get (), "solved-puzzles", solved);
  g_settings_set_strv (isle_settings_get (), "helped-puzzles", NULL);
  window = new_window (860, 700);
  click_to_first_puzzle (window);
  hint = button_for (GTK_WIDGET (window), "win.hint");
  name = g_strdup (isle_scenario_get_title (isle_game_get_scenario (isle_window_get_game (window))));

  for (int presses = 0; presses < 40 && !goal_decided (window); presses++)
    {
      IsleMatch *match = isle_window_get_match (window);

      if (isle_match_get_hint (match) != 0)
        {
          char text[32];

          isle_action_format (isle_game_get_state (isle_window_get_game (window)), isle_match_get_hint (match), text);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", "s", text));
          isle_ui_test_wait_ms (800);
          continue;
        }
      if (isle_match_get_human_turn (match))
        g_assert_true (isle_ui_input_click (hint, 0.5, 0.5));
      isle_ui_test_wait_ms (800);
    }
  g_assert_cmpint (isle_match_get_goal_status (isle_window_get_match (window), NULL), ==, ISLE_GOAL_MET);
  g_assert_true (isle_match_get_hints_used (isle_window_get_match (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzles", NULL));
  g_assert_true (wait_for (on_puzzle_list, window, 2000));
  isle_ui_test_wait_ms (500);
  g_assert_cmpstr (row_mark (window, name), ==, "Solved with a hint");
  g_assert_cmpstr (row_mark (window, "Rabbit Fences"), ==, "Solved");
  screenshot (window, "puzzles-helped");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkOrientation
page_orientation (IsleWindow *window)
{
  GtkWidget *page = isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_GAME_PAGE);

  g_assert_nonnull (page);
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (page));
}

static int
content_width (IsleWindow *window)
{
  return gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)));
}

/* Where WIDGET is in WINDOW's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *widget, IsleWindow *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds));
  return bounds;
}

/* Whether WIDGET is wholly inside the window and inside the scrolled
 * window that holds it, if one does: on screen without scrolling. */
static gboolean
visible_in (GtkWidget *widget, IsleWindow *window)
{
  graphene_rect_t bounds = bounds_in (widget, window);
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  if (bounds.origin.x < 0 || bounds.origin.y < 0
      || bounds.origin.x + bounds.size.width > gtk_widget_get_width (GTK_WIDGET (window)) + 0.5
      || bounds.origin.y + bounds.size.height > gtk_widget_get_height (GTK_WIDGET (window)) + 0.5)
    return FALSE;
  if (scroller != NULL)
    {
      graphene_rect_t view = bounds_in (scroller, window);

      return graphene_rect_contains_rect (&view, &bounds);
    }
  return TRUE;
}

/* At 360 × 640 (GNOME's least) the game is playable: the map takes the
 * width, and the hand is on screen below it without scrolling; the panel
 * was clipped and the window would not go below 618 px. */
static void
test_narrow_window_shows_the_hand (void)
{
  IsleWindow *window = new_window (360, 640);
  IsleBoardView *board;
  GtkWidget *hand;
  graphene_rect_t map;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (300);
  g_assert_cmpint (page_orientation (window), ==, GTK_ORIENTATION_VERTICAL);
  /* The window's content (its frame aside) is no wider than asked, and
   * the window, frame and all, could be narrower still. */
  if (content_width (window) > 360)
    print_widths (GTK_WIDGET (window), 0);
  g_assert_cmpint (content_width (window), <=, 360);
  {
    int least;

    gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
    g_test_message ("at 360 × 640 the window is %d px wide at least", least);
    g_assert_cmpint (least, <=, 360);
  }
  board = ISLE_BOARD_VIEW (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_BOARD_VIEW));
  map = bounds_in (GTK_WIDGET (board), window);
  g_assert_cmpfloat (map.size.width, >=, 300);
  g_assert_cmpfloat (map.size.height, >=, 300);
  g_assert_true (visible_in (GTK_WIDGET (board), window));
  hand = isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_HAND_VIEW);
  g_assert_true (gtk_widget_get_mapped (hand));
  g_assert_true (visible_in (hand, window));
  screenshot (window, "window-360x640");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_vertical (IsleWindow *window)
{
  return page_orientation (window) == GTK_ORIENTATION_VERTICAL;
}

static gboolean
is_horizontal (IsleWindow *window)
{
  return page_orientation (window) == GTK_ORIENTATION_HORIZONTAL;
}

/* Narrowed, the page stacked; widened again it stayed stacked. It follows
 * the window both ways, as a person drags its edge (1280 → 360 → 1280). */
static void
test_layout_follows_the_window_both_ways (void)
{
  IsleWindow *window = new_window (1280, 1000);
  GtkWidget *hand;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (200);
  g_assert_true (is_horizontal (window));
  screenshot (window, "window-1280x1000");
  hand = isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_HAND_VIEW);
  g_assert_true (visible_in (hand, window));

  isle_ui_input_resize (GTK_WINDOW (window), 360, 640);
  g_assert_true (wait_for (is_vertical, window, 1000));
  isle_ui_test_wait_ms (200);
  if (content_width (window) > 360)
    print_widths (GTK_WIDGET (window), 0);
  g_assert_cmpint (content_width (window), <=, 360);
  g_assert_true (visible_in (hand, window));
  screenshot (window, "window-narrowed-360x640");
  isle_ui_input_resize (GTK_WINDOW (window), 600, 800);
  g_assert_true (wait_for (is_vertical, window, 1000));
  g_assert_true (visible_in (hand, window));
  screenshot (window, "window-600x800");

  isle_ui_input_resize (GTK_WINDOW (window), 1280, 1000);
  g_assert_true (wait_for (is_horizontal, window, 1000));
  isle_ui_test_wait_ms (100);
  g_assert_true (visible_in (hand, window));
  /* The map beside the panel, not above it. */
  {
    graphene_rect_t map = bounds_in (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_BOARD_VIEW), window);
    graphene_rect_t held = bounds_in (hand, window);

    g_assert_cmpfloat (held.origin.x, >=, map.origin.x + map.size.width);
  }
  screenshot (window, "window-widened-1280x1000");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- focus stays where the player is ------------------------------------ */

static gboolean
person_to_move (IsleWindow *window)
{
  return isle_window_human_to_move (window);
}

/* Where the keyboard focus is: "hand", "map", "choices" (the piles of the
 * opening hand and other choices), or "elsewhere" (nowhere, or lost on a
 * row of the panel). */
static const char *
focus_place (IsleWindow *window)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));

  if (focus == NULL || !gtk_widget_get_mapped (focus))
    return "elsewhere";
  if (gtk_widget_get_ancestor (focus, ISLE_TYPE_HAND_VIEW) != NULL)
    return "hand";
  if (gtk_widget_get_ancestor (focus, ISLE_TYPE_BOARD_VIEW) != NULL)
    return "map";
  if (gtk_widget_get_ancestor (focus, ISLE_TYPE_CHOICE_PANEL) != NULL)
    return "choices";
  return "elsewhere";
}

/* Item 4 of issue 28: after Start the focus is where the opening hand is
 * picked; picking it by the keyboard alone (Space on the focused pile,
 * R4.2) never loses the focus; once the hand is complete it is on the
 * map or the hand (it went to the Round row), and after each of the
 * computer's replies on the hand, where the next token is chosen. */
static void
test_focus_stays_where_the_player_is (void)
{
  IsleWindow *window = new_window (860, 700);
  IsleGame *game;

  start_by_return (window);
  isle_ui_test_wait_ms (400);
  game = isle_window_get_game (window);
  g_assert_true (wait_for (person_to_move, window, 5000));
  g_assert_cmpint (isle_game_get_state (game)->phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpstr (focus_place (window), ==, "choices");
  /* The opening hand by the keyboard: Space on the focused pile. */
  while (isle_game_get_state (game)->phase == ISLE_PHASE_HAND && isle_game_get_state (game)->to_move == 0)
    {
      guint position = isle_game_get_position (game);

      g_assert_cmpstr (focus_place (window), ==, "choices");
      g_assert_true (isle_ui_input_key (GDK_KEY_space, 0));
      for (int waited = 0; waited < 2000 && isle_game_get_position (game) == position; waited += 20)
        isle_ui_test_wait_ms (20);
      g_assert_cmpuint (isle_game_get_position (game), ==, position + 1);
      isle_ui_test_wait_ms (100);
    }
  /* The person's hand is complete: while the computer picks its own, the
   * focus waits on the map (the hand's tokens take no focus then), not on
   * the Round row. */
  g_assert_true (g_str_equal (focus_place (window), "hand") || g_str_equal (focus_place (window), "map"));
  /* After each of the computer's replies it is there: on the same token,
   * the same button (the hand is refreshed in place, not rebuilt: a
   * screen reader keeps the object it follows, and on GTK 4.8 hears
   * what is said as that object's description). */
  for (int move = 0; move < 3; move++)
    {
      GtkWidget *token;

      g_assert_true (wait_for (person_to_move, window, 10000));
      isle_ui_test_wait_ms (100);
      g_assert_cmpint (isle_game_get_state (game)->phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpstr (focus_place (window), ==, "hand");
      token = gtk_window_get_focus (GTK_WINDOW (window));
      play_first_decision (window);
      g_assert_cmpstr (focus_place (window), !=, "elsewhere");
      g_assert_true (wait_for (person_to_move, window, 10000));
      isle_ui_test_wait_ms (100);
      g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == token);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
on_pass_page (IsleWindow *window)
{
  return g_strcmp0 (page_shown (window), "pass") == 0;
}

/* Two people at one screen: when the screen passes to the other, the
 * page between them has the keyboard (its button the focus, as the board
 * it hides had it) and a screen reader is told whom it passes to; Space
 * on it takes the turn, and the focus is where that person decides. */
static void
test_pass_page_takes_the_focus (void)
{
  const char *players[] = { "human", "human", NULL };
  IsleWindow *window;
  IsleGame *game;
  GtkWidget *button;

  remember_setup (players, 0);
  window = new_window (860, 700);
  start_by_return (window);
  isle_ui_test_wait_ms (400);
  game = isle_window_get_game (window);
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (game)->players[1]), ==, "human");
  /* Red's opening hand by the keyboard (R4.2), then Blue's turn. */
  g_assert_cmpstr (focus_place (window), ==, "choices");
  while (isle_game_get_state (game)->phase == ISLE_PHASE_HAND && isle_game_get_state (game)->to_move == 0)
    {
      guint position = isle_game_get_position (game);

      g_assert_true (isle_ui_input_key (GDK_KEY_space, 0));
      for (int waited = 0; waited < 2000 && isle_game_get_position (game) == position; waited += 20)
        isle_ui_test_wait_ms (20);
      g_assert_cmpuint (isle_game_get_position (game), ==, position + 1);
      isle_ui_test_wait_ms (100);
    }
  g_assert_true (wait_for (on_pass_page, window, 2000));
  isle_ui_test_wait_ms (100);
  button = button_for (GTK_WIDGET (window), "win.take-turn");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == button);
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
    {
      /* Read as it shows, without the mnemonic's underline. */
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, "Play as Blue");
#if !GTK_CHECK_VERSION (4, 14, 0)
      /* GTK 4.8 says it as the focused object's description. */
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Pass to Blue");
#endif
    }
  screenshot (window, "window-pass-page");

  g_assert_true (isle_ui_input_key (GDK_KEY_space, 0));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (200);
  g_assert_cmpstr (focus_place (window), ==, "choices");

  forget_setup ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- help: F1 and the main menu's Help --------------------------------- */

/* The test's own XDG folders, made in main() before GLib reads them: a
 * user configuration whose mimeapps.list removes every application the
 * system registers for help: URIs, so that F1 meets no help viewer
 * whatever is installed; or, in the process of the viewer case
 * (TEST_WINDOW_HELP_VIEWER set), one that makes a fake viewer of this
 * test the default, a script that writes the URI it is given to
 * HELP_HOME/viewer.uri. */
static char *help_home;

#define HELP_SCHEME_TYPE "x-scheme-handler/help"
#define FAKE_VIEWER_ID "critter-isle-test-help-viewer.desktop"

/* The desktop ids an applications folder DIR registers for help: URIs
 * (its mimeinfo.cache and its mimeapps.list), added to IDS. */
static void
help_handlers_in (const char *dir, GPtrArray *ids)
{
  static const char *const where[][2] = {
    { "mimeinfo.cache", "MIME Cache" },
    { "mimeapps.list", "Added Associations" },
    { "mimeapps.list", "Default Applications" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (where); i++)
    {
      g_autofree char *path = g_build_filename (dir, where[i][0], NULL);
      g_autoptr (GKeyFile) file = g_key_file_new ();
      g_auto (GStrv) found = NULL;

      if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
        continue;
      found = g_key_file_get_string_list (file, where[i][1], HELP_SCHEME_TYPE, NULL, NULL);
      for (guint j = 0; found != NULL && found[j] != NULL; j++)
        if (found[j][0] != '\0' && !g_ptr_array_find_with_equal_func (ids, found[j], g_str_equal, NULL))
          g_ptr_array_add (ids, g_strdup (found[j]));
    }
}

static void
write_file (const char *dir, const char *name, const char *text, int mode)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  if (!g_file_set_contents (path, text, -1, &error))
    g_error ("%s", error->message);
  g_chmod (path, mode);
}

/* Sets XDG_CONFIG_HOME, XDG_CONFIG_DIRS and XDG_DATA_HOME to folders of a
 * new HELP_HOME, with a fake help viewer as the default (VIEWER) or every
 * registered one removed. */
static void
set_up_help_viewers (gboolean viewer)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *config = NULL, *config_dirs = NULL, *data = NULL, *applications = NULL;
  g_autoptr (GString) list = g_string_new (NULL);

  help_home = g_dir_make_tmp ("test-window-help-XXXXXX", &error);
  if (help_home == NULL)
    g_error ("%s", error->message);
  config = g_build_filename (help_home, "config", NULL);
  config_dirs = g_build_filename (help_home, "config-dirs", NULL);
  data = g_build_filename (help_home, "data", NULL);
  applications = g_build_filename (data, "applications", NULL);
  g_mkdir_with_parents (config, 0700);
  g_mkdir_with_parents (config_dirs, 0700);
  g_mkdir_with_parents (applications, 0700);
  if (viewer)
    {
      g_autofree char *script = g_build_filename (help_home, "viewer", NULL);
      g_autofree char *quoted = g_shell_quote (script);
      g_autofree char *entry = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Test Help Viewer\n"
                                                "Exec=%s %%u\nNoDisplay=true\nMimeType=" HELP_SCHEME_TYPE ";\n",
                                                quoted);

      /* Written whole, then renamed: the test never reads half of it. */
      write_file (help_home, "viewer",
                  "#!/bin/sh\nprintf '%s\\n' \"$*\" > \"$0.uri.part\" && mv \"$0.uri.part\" \"$0.uri\"\n", 0755);
      write_file (applications, FAKE_VIEWER_ID, entry, 0644);
      g_string_append (list, "[Default Applications]\n" HELP_SCHEME_TYPE "=" FAKE_VIEWER_ID "\n"
                             "[Added Associations]\n" HELP_SCHEME_TYPE "=" FAKE_VIEWER_ID ";\n");
    }
  else
    {
      const char *const *dirs = g_get_system_data_dirs ();
      g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; dirs[i] != NULL; i++)
        {
          g_autofree char *dir = g_build_filename (dirs[i], "applications", NULL);

          help_handlers_in (dir, ids);
        }
      if (ids->len > 0)
        {
          g_string_append (list, "[Removed Associations]\n" HELP_SCHEME_TYPE "=");
          for (guint i = 0; i < ids->len; i++)
            g_string_append_printf (list, "%s;", (const char *) g_ptr_array_index (ids, i));
          g_string_append_c (list, '\n');
        }
    }
  write_file (config, "mimeapps.list", list->str, 0644);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_CONFIG_DIRS", config_dirs, TRUE);
  /* The fake viewer's folder first among the system's: the user data
   * folder is the test's own (isle_ui_test_init_windows()). */
  {
    const char *system = g_getenv ("XDG_DATA_DIRS");
    g_autofree char *dirs = g_strconcat (data, ":", system != NULL && system[0] != '\0' ? system : "/usr/local/share:/usr/share", NULL);

    g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  }
  /* No desktop's own list of default applications (gnome-mimeapps.list). */
  g_unsetenv ("XDG_CURRENT_DESKTOP");
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

/* The application as the desktop starts it, for its actions and their
 * accelerators (F1 is app.help), registered but not run (the test runs
 * the main loop); non-unique, so that the viewer case's process registers
 * its own beside it. */
static GtkApplication *
help_app (void)
{
  static GApplication *app = NULL;

  if (app == NULL)
    {
      g_autoptr (GError) error = NULL;

      app = G_APPLICATION (isle_application_new ());
      g_application_set_flags (app, G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      if (!g_application_register (app, NULL, &error))
        g_error ("the application does not register: %s", error->message);
    }
  return GTK_APPLICATION (app);
}

/* A game window of the application, shown and focused. */
static IsleWindow *
help_window (void)
{
  IsleWindow *window = isle_window_new (help_app ());

  gtk_window_set_default_size (GTK_WINDOW (window), 860, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (200);
  return window;
}

static gboolean
walkthrough_shown (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_HOW_TO_PLAY) != NULL;
}

static gboolean
walkthrough_gone (void)
{
  return !walkthrough_shown ();
}

/* The walkthrough is shown (within 3 s): closed by Escape, as a person
 * would, and WINDOW focused again. */
static void
assert_walkthrough_then_close (IsleWindow *window)
{
  GtkWidget *tour;

  g_assert_true (isle_ui_test_wait_until (walkthrough_shown, 3000));
  tour = isle_ui_test_find_dialog (ISLE_TYPE_HOW_TO_PLAY);
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (tour)));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  g_assert_true (isle_ui_test_wait_until (walkthrough_gone, 3000));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (200);
}

/* The texts of the shown labels under ROOT, depth first, added to TEXTS. */
static void
shown_labels (GtkWidget *root, GPtrArray *texts)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w))
        g_ptr_array_add (texts, (gpointer) gtk_label_get_text (GTK_LABEL (w)));
      shown_labels (w, texts);
    }
}

/* Where TEXT is in TEXTS; -1 when it is not. */
static int
rank_of (GPtrArray *texts, const char *text)
{
  guint at;

  return g_ptr_array_find_with_equal_func (texts, text, g_str_equal, &at) ? (int) at : -1;
}

/* F1, with no help viewer on the system (the test's XDG folders hide
 * any), opens the walkthrough instead of nothing; so does Help in the
 * main menu, opened by F10 and clicked. The menu ends as GNOME's
 * guidelines order it: Keyboard Shortcuts, Help, About. */
static void
test_help_without_viewer_opens_walkthrough (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_auto (GStrv) accels = NULL;
  g_autoptr (GPtrArray) texts = g_ptr_array_new ();
  IsleWindow *window;
  GtkWidget *menu, *popover, *item;
  int shortcuts, help, about;

  if (viewer != NULL)
    g_error ("%s is the default application for help: URIs here, from a system folder the test "
             "cannot hide: the case without a help viewer cannot be tested", g_app_info_get_id (viewer));
  window = help_window ();
  accels = gtk_application_get_accels_for_action (help_app (), "app.help");
  g_assert_cmpstrv (accels, ((const char *const[]) { "F1", NULL }));

  /* F1 on the start page. */
  g_assert_false (walkthrough_shown ());
  g_assert_true (isle_ui_input_key (GDK_KEY_F1, 0));
  assert_walkthrough_then_close (window);

  /* F1 in a game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.first-game", NULL));
  g_assert_true (wait_for (on_game_page, window, 2000));
  isle_ui_test_wait_ms (400);
  g_assert_true (isle_ui_input_key (GDK_KEY_F1, 0));
  assert_walkthrough_then_close (window);

  /* The main menu's Help. */
  menu = isle_ui_test_find (GTK_WIDGET (window), is_primary_menu, NULL);
  g_assert_nonnull (menu);
  g_assert_true (isle_ui_input_key (GDK_KEY_F10, 0));
  isle_ui_test_wait_ms (400);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (popover));
  shown_labels (popover, texts);
  shortcuts = rank_of (texts, "Keyboard Shortcuts");
  help = rank_of (texts, "Help");
  about = rank_of (texts, "About Critter Isle");
  g_assert_cmpint (shortcuts, >=, 0);
  g_assert_cmpint (help, >, shortcuts);
  g_assert_cmpint (about, >, help);
  g_assert_cmpint (rank_of (texts, "How to Play"), <, shortcuts);
  item = GTK_WIDGET (label_starting (popover, "Help"));
  g_assert_nonnull (item);
  g_assert_true (isle_ui_input_click (item, 0.5, 0.5));
  assert_walkthrough_then_close (window);
  gtk_window_destroy (GTK_WINDOW (window));
  isle_ui_test_wait_ms (200);
}

/* The keyboard shortcuts, opened by their own keys, list Help on F1. */
static void
test_shortcuts_list_help_on_f1 (void)
{
  IsleWindow *window = help_window ();
  GtkWidget *shortcuts = NULL;

  g_assert_true (isle_ui_input_key (GDK_KEY_question, GDK_CONTROL_MASK));
  for (int waited = 0; waited < 3000 && shortcuts == NULL; waited += 50)
    {
      isle_ui_test_wait_ms (50);
      shortcuts = isle_shortcuts_get_shown (GTK_WIDGET (window));
    }
  g_assert_nonnull (shortcuts);
  isle_ui_test_wait_ms (300);
  g_assert_nonnull (isle_ui_test_find_label (shortcuts, "Help"));
  g_assert_nonnull (isle_ui_test_find_label (shortcuts, "F1"));
  isle_ui_test_close (shortcuts);
  isle_ui_test_wait_ms (300);
  gtk_window_destroy (GTK_WINDOW (window));
  isle_ui_test_wait_ms (200);
}

static gboolean
viewer_called (void)
{
  g_autofree char *uri = g_build_filename (help_home, "viewer.uri", NULL);

  return g_file_test (uri, G_FILE_TEST_EXISTS);
}

/* With a help viewer, F1 opens help:critter-isle in it, and no
 * walkthrough: in a process of its own (TEST_WINDOW_HELP_VIEWER), whose
 * XDG folders make a fake viewer the default application for help:
 * URIs (set_up_help_viewers()). */
static void
test_help_opens_the_viewer (void)
{
  if (g_test_subprocess ())
    {
      IsleWindow *window = help_window ();
      g_autofree char *path = g_build_filename (help_home, "viewer.uri", NULL);
      g_autofree char *uri = NULL;
      g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

      g_assert_nonnull (viewer);
      g_assert_cmpstr (g_app_info_get_id (viewer), ==, FAKE_VIEWER_ID);
      g_assert_true (isle_ui_input_key (GDK_KEY_F1, 0));
      /* A program started: give a loaded machine time. */
      g_assert_true (isle_ui_test_wait_until (viewer_called, 20000));
      g_assert_true (g_file_get_contents (path, &uri, NULL, NULL));
      g_assert_cmpstr (uri, ==, HELP_URI "\n");
      isle_ui_test_wait_ms (500);
      g_assert_false (walkthrough_shown ());
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_setenv ("TEST_WINDOW_HELP_VIEWER", "1", TRUE);
  g_test_trap_subprocess (NULL, 90 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("TEST_WINDOW_HELP_VIEWER");
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  int status;

  isle_ui_test_init_display (argc, argv);
  /* Names, roles and states are asserted: GTK's test backend keeps them
   * (no AT-SPI bus needed). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  /* Before GLib reads the XDG folders: no help viewer, or the fake one. */
  set_up_help_viewers (g_getenv ("TEST_WINDOW_HELP_VIEWER") != NULL);
  isle_ui_test_init_windows (&argc, &argv, "test-window");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest: real input cannot be sent");

  g_test_add_func ("/window/walkthrough-starts-basic-against-beginner",
                   test_walkthrough_starts_basic_against_beginner);
  g_test_add_func ("/window/new-game-return-starts", test_new_game_return_starts);
  g_test_add_func ("/window/game-actions-only-on-the-game", test_game_actions_only_on_the_game);
  g_test_add_func ("/window/controls-are-named", test_controls_are_named);
  g_test_add_func ("/window/no-class-names", test_no_class_names);
  g_test_add_func ("/window/puzzle-hint-gives-clues-first", test_puzzle_hint_gives_clues_first);
  g_test_add_func ("/window/back-from-a-puzzle-to-the-list-and-start",
                   test_back_from_a_puzzle_to_the_list_and_start);
  g_test_add_func ("/window/puzzles-from-a-game-and-back-to-start", test_puzzles_from_a_game_and_back_to_start);
#if ADW_CHECK_VERSION (1, 4, 0)
  g_test_add_func ("/window/continue-after-leaving-a-game", test_continue_after_leaving_a_game);
#endif
  g_test_add_func ("/window/failed-player-shows-details", test_failed_player_shows_details);
  g_test_add_func ("/window/new-game-asks-before-discarding", test_new_game_asks_before_discarding);
  g_test_add_func ("/window/new-game-dialog-closes-while-resized", test_new_game_dialog_closes_while_resized);
  g_test_add_func ("/window/alert-answers-once", test_alert_answers_once);
  g_test_add_func ("/window/puzzle-solved-with-hints-is-helped", test_puzzle_solved_with_hints_is_helped);
  g_test_add_func ("/window/narrow-window-shows-the-hand", test_narrow_window_shows_the_hand);
  g_test_add_func ("/window/layout-follows-the-window-both-ways", test_layout_follows_the_window_both_ways);
  g_test_add_func ("/window/focus-stays-where-the-player-is", test_focus_stays_where_the_player_is);
  g_test_add_func ("/window/pass-page-takes-the-focus", test_pass_page_takes_the_focus);
  g_test_add_func ("/window/help/without-viewer-opens-walkthrough", test_help_without_viewer_opens_walkthrough);
  g_test_add_func ("/window/help/shortcuts-list-help-on-f1", test_shortcuts_list_help_on_f1);
  g_test_add_func ("/window/help/opens-the-viewer", test_help_opens_the_viewer);
  status = g_test_run ();
  remove_tree (help_home);
  return status;
}
