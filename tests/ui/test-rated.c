/* test-rated.c — a rated game (issue 30) through real keys and clicks
 * (isle-ui-input.h): the New Game dialog opened by its button, the Rated
 * Game row clicked on shows the opponent it will draw and the starting
 * rating (the first rated game), and hides the players; Start clicked
 * starts the game, rated, titled so, with Undo, Hint and Review insensitive
 * because the match refuses them; New Game then warns that the game left
 * counts as lost, and Escape keeps it, the rating unmoved; Discard
 * loses it, and Your Games' Ratings view, its tab clicked, shows the
 * rating, the chart and the game, which a click opens.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-games-page.h"
#include "isle-match.h"
#include "isle-ratings-view.h"
#include "isle-new-game-dialog.h"
#include "isle-rating.h"
#include "isle-session.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"
#include "isle-window-private.h"

static IsleWindow *the_window;

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
is_mapped_label_starting (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

static gboolean
on_game_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "game") == 0;
}

static gboolean
on_games_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "games") == 0;
}

static gboolean
on_start_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (the_window)), "start") == 0;
}

static gboolean
library_ready (void)
{
  return isle_session_can_rate (the_window->session);
}

static gboolean
is_spin_button (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_SPIN_BUTTON (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
dialog_shown (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG) != NULL;
}

static gboolean
alert_shown (void)
{
  return isle_ui_test_alert_shown ();
}

static gboolean
new_game_shown (void)
{
  return button_for (GTK_WIDGET (the_window), "win.new-game") != NULL;
}

/* The window drawn by its own renderer into
 * $CRITTER_ISLE_SCREENSHOT_DIR/NAME.png, when it is set. */
static void
screenshot (const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  GtkWidget *w = GTK_WIDGET (the_window);
  g_autofree char *file = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (400);
  file = g_strdup_printf ("%s/%s.png", dir, name);
  paintable = gtk_widget_paintable_new (w);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (w), gtk_widget_get_height (w));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (w)), node, NULL);
  gdk_texture_save_to_png (texture, file);
}

static GtkWidget *
open_new_game (void)
{
  GtkWidget *dialog;

  g_assert_true (isle_ui_test_wait_until (new_game_shown, 5000));
  isle_ui_test_wait_ms (300);

  g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (the_window), "win.new-game"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (dialog_shown, 3000));
  isle_ui_test_wait_ms (300);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
  return dialog;
}

/* The Rated Game row clicked on in the dialog, the game started by
 * a click on Start: a rated game, titled so, Undo, Hint and Review off. */
static void
test_rated_game (void)
{
  IsleWindow *window = isle_window_new (NULL);
  GtkWidget *dialog;
  GtkLabel *row_title;
  GtkWidget *opponent, *spin;
  const IsleGameSetup *setup;
  IsleSession *session;
  guint games = 99;
  double rating = 0;
  IsleVariant variant;
  IsleGame *uid_game = NULL;
  GtkLabel *discard;
  GtkWidget *tab, *lost;
  IsleRatingsView *ratings;

  gtk_window_set_default_size (GTK_WINDOW (window), 860, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  the_window = window;
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_test_wait_until (on_start_page, 3000));
  session = window->session;
  /* The library opens on its writer thread. */
  g_assert_true (isle_ui_test_wait_until (library_ready, 5000));

  dialog = open_new_game ();
  g_assert_false (isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)));
  g_assert_null (isle_ui_test_find (dialog, is_mapped_label_starting, "Opponent: "));
  row_title = isle_ui_test_find_label (dialog, "Rated Game");
  g_assert_nonnull (row_title);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (row_title), 0.5, 0.5));
  isle_ui_test_wait_ms (400);
  g_assert_true (isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)));
  /* The opponent drawn for the default rating, and the starting rating
   * offered before the first rated game. */
  opponent = isle_ui_test_find (dialog, is_mapped_label_starting, "Opponent: ");
  g_assert_nonnull (opponent);
  {
    g_autofree char *rated = g_strdup_printf ("rated %d", isle_rating_opponent (ISLE_RATING_DEFAULT)->elo);

    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (opponent)), rated));
  }
  g_assert_nonnull (isle_ui_test_find (dialog, is_mapped_label_starting, "Starting Rating"));
  if (g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *file = g_strdup_printf ("%s/rated-dialog.png", g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR"));
      GtkWidget *w = GTK_WIDGET (isle_ui_test_window_of (dialog));
      g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (w);
      g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;

      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (w), gtk_widget_get_height (w));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node != NULL)
        {
          g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (w)), node, NULL);

          gdk_texture_save_to_png (texture, file);
        }
    }
  /* The players are drawn: not offered. */
  g_assert_null (isle_ui_test_find (dialog, is_mapped_label_starting, "Who Starts"));

  /* The starting rating raised a step by keyboard, in its field. */
  spin = isle_ui_test_find (dialog, is_spin_button, NULL);
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, ISLE_RATING_DEFAULT);
  g_assert_true (isle_ui_input_click (spin, 0.15, 0.5));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_key (GDK_KEY_Up, 0));
  isle_ui_test_wait_ms (200);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, ISLE_RATING_DEFAULT + 50);

  /* Start clicked (Return would toggle the row the click focused). */
  g_assert_true (isle_ui_input_click (button_for (dialog, "new-game.start"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_game_page, 3000));
  isle_ui_test_wait_ms (600);
  setup = isle_game_get_setup (isle_window_get_game (window));
  g_assert_true (setup->rated);
  g_assert_cmpint (setup->rating, ==, ISLE_RATING_DEFAULT + 50);
  /* Kept for the next New Game window, until a rating is counted. */
  g_assert_cmpint (g_settings_get_int (isle_settings_get (), "starting-rating"), ==, ISLE_RATING_DEFAULT + 50);
  g_assert_cmpint (isle_game_setup_person_seat (setup), >=, 0);
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[1 - isle_game_setup_person_seat (setup)]), ==,
                   isle_rating_opponent (ISLE_RATING_DEFAULT + 50)->spec);
  g_assert_cmpstr (adw_window_title_get_title (window->title), ==, "Rated Game");
  screenshot ("rated-game");
  /* Off because the match says so. */
  g_assert_false (isle_match_get_can_undo (isle_window_get_match (window)));
  g_assert_false (isle_match_get_can_hint (isle_window_get_match (window)));
  g_assert_false (isle_match_get_can_review (isle_window_get_match (window)));
  g_assert_nonnull (button_for (GTK_WIDGET (window), "win.undo"));
  g_assert_false (gtk_widget_is_sensitive (button_for (GTK_WIDGET (window), "win.undo")));
  if (button_for (GTK_WIDGET (window), "win.hint") != NULL)
    g_assert_false (gtk_widget_is_sensitive (button_for (GTK_WIDGET (window), "win.hint")));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL)
                  && isle_match_get_hint (isle_window_get_match (window)) != 0);

  /* A decision taken (the computer's, or the person's first legal one),
   * then New Game: the warning says the game counts as lost. */
  if (isle_match_get_human_turn (isle_window_get_match (window)))
    {
      IsleActionList legal;

      isle_state_legal_actions (isle_game_get_state (isle_window_get_game (window)), &legal);
      g_assert_true (isle_match_play (isle_window_get_match (window), legal.actions[0], NULL));
    }
  else
    while (isle_game_get_position (isle_window_get_game (window)) == 0)
      isle_ui_test_wait_ms (100);
  isle_ui_test_wait_ms (300);
  /* (The game page has New Game in its main menu.) Start in the dialog
   * asks first. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (isle_ui_test_wait_until (dialog_shown, 3000));
  isle_ui_test_wait_ms (300);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
  g_assert_true (isle_ui_test_wait_until (alert_shown, 3000));
  isle_ui_test_wait_ms (300);
  g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (isle_ui_test_find_dialog (isle_ui_test_alert_type ())),
                                       is_mapped_label_starting, "The rated game in progress is not over."));
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (isle_ui_test_find_dialog (isle_ui_test_alert_type ()))));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  isle_ui_test_wait_ms (300);
  /* Cancelled: the rated game goes on, the rating unmoved. */
  g_assert_false (isle_ui_test_alert_shown ());
  g_assert_true (isle_game_get_setup (isle_window_get_game (window))->rated);
  g_assert_false (isle_session_get_rating (session, setup->variant, &rating, &games, NULL));
  g_assert_cmpuint (games, ==, 0);

  /* Again, and Discard clicked: the rated game is lost, the rating down. */
  variant = setup->variant;
  uid_game = g_object_ref (isle_window_get_game (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (isle_ui_test_wait_until (dialog_shown, 3000));
  isle_ui_test_wait_ms (300);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (dialog)));
  /* The switch as the last game left it: on; clicked off, the next game
   * is the person's own (Red, first), which nobody has begun. */
  g_assert_true (isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)));
  g_assert_true (isle_ui_input_click (GTK_WIDGET (isle_ui_test_find_label (dialog, "Rated Game")), 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  g_assert_false (isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)));
  g_assert_true (isle_ui_input_click (button_for (dialog, "new-game.start"), 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (alert_shown, 3000));
  isle_ui_test_wait_ms (300);
  discard = isle_ui_test_find_label (isle_ui_test_find_dialog (isle_ui_test_alert_type ()), "Discard");
  g_assert_nonnull (discard);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (discard), 0.5, 0.5));
  isle_ui_test_wait_ms (600);
  g_assert_true (isle_window_get_game (window) != uid_game);
  g_assert_true (isle_session_get_rating (session, variant, &rating, &games, NULL));
  g_assert_cmpuint (games, ==, 1);
  /* Abandoned: lost, from the starting rating said. */
  g_assert_cmpfloat (rating, <, ISLE_RATING_DEFAULT + 50);
  g_assert_true (isle_library_flush (isle_session_get_library (session), NULL));
  isle_ui_test_wait_ms (300);

  /* Your Games, its Ratings view clicked: the variant's rating, the
   * chart and the game lost; its row opens it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  isle_ui_test_wait_ms (500);
  tab = isle_ui_test_find (GTK_WIDGET (window), is_mapped_label_starting, "Ratings");
  g_assert_nonnull (tab);
  g_assert_true (isle_ui_input_click (tab, 0.5, 0.5));
  isle_ui_test_wait_ms (500);
  ratings = isle_games_page_get_ratings (window->games_page);
  g_assert_cmpuint (isle_ratings_view_get_n_shown (ratings), ==, 1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (ratings)));
  g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (ratings), is_mapped_label_starting, "Your rating is "));
  screenshot ("rated-ratings");
  lost = isle_ui_test_find (GTK_WIDGET (ratings), is_mapped_label_starting, "Lost against ");
  g_assert_nonnull (lost);
  g_assert_true (isle_ui_input_click (lost, 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_game_page, 5000));
  isle_ui_test_wait_ms (400);
  /* The game left, reopened: rated, its undo still refused (it was not
   * finished), and not counted again. */
  g_assert_true (isle_game_get_setup (isle_window_get_game (window))->rated);
  g_assert_cmpuint (isle_game_get_n_actions (isle_window_get_game (window)), ==,
                    isle_game_get_n_actions (uid_game));
  g_assert_true (isle_session_get_rating (session, variant, NULL, &games, NULL));
  g_assert_cmpuint (games, ==, 1);
  g_clear_object (&uid_game);

  gtk_window_destroy (GTK_WINDOW (window));
  the_window = NULL;
  isle_ui_test_wait_ms (100);
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  isle_ui_test_init_windows (&argc, &argv, "test-rated");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest: real input cannot be sent");
  g_test_add_func ("/rated/new-game-dialog", test_rated_game);
  return g_test_run ();
}
