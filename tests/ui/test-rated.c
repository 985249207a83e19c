/* test-rated.c — a rated game (issue 30) through real keys and clicks
 * (isle-ui-input.h): the New Game dialog opened by its button, the Rated
 * Game row clicked on shows the opponent it will draw and the starting
 * rating (the first rated game), and hides the players; Start clicked
 * starts the game, rated, titled so, with Undo, Hint and Review insensitive
 * because the match refuses them; New Game then warns that the game left
 * counts as lost, and Escape keeps it, the rating unmoved; Discard
 * loses it, and Your Games' Ratings view, its tab clicked, shows the
 * rating, the chart and the game, which a click opens. Then three rated
 * games are played to their end (the person's decisions through the
 * window's own action, Next Round and Rematch clicked), each moving the
 * rating as Elo says, and the Ratings view, a game reopened and stepped
 * through, and one deleted and restored are looked at.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-game-page.h"
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

static void
screenshot (const char *name)
{
  isle_ui_test_window_shot (GTK_WIDGET (the_window), name);
}

/* WINDOW shown at 860 × 700 with the keyboard, on its start page, its
 * library open (on its writer thread). */
static void
show_window (IsleWindow *window)
{
  gtk_window_set_default_size (GTK_WINDOW (window), 860, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  the_window = window;
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_test_wait_until (on_start_page, 3000));
  g_assert_true (isle_ui_test_wait_until (library_ready, 5000));
}

/* Your Games from the window's action, its Ratings view's tab clicked. */
static IsleRatingsView *
show_ratings (IsleWindow *window)
{
  GtkWidget *tab;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  isle_ui_test_wait_ms (500);
  tab = isle_ui_test_find (GTK_WIDGET (window), is_mapped_label_starting, "Ratings");
  g_assert_nonnull (tab);
  g_assert_true (isle_ui_input_click (tab, 0.5, 0.5));
  isle_ui_test_wait_ms (500);
  return isle_games_page_get_ratings (window->games_page);
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
  GtkWidget *lost;
  IsleRatingsView *ratings;

  show_window (window);
  session = window->session;

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
  isle_ui_test_window_shot (GTK_WIDGET (isle_ui_test_window_of (dialog)), "rated-dialog");
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
  ratings = show_ratings (window);
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

/* ---- three rated games to their end --------------------------------- */

/* How long a game may take on a loaded machine (a limit, never a
 * measure). */
#define GAME_PATIENCE_MS 240000

static gboolean
game_over (void)
{
  return isle_match_get_over (isle_window_get_match (the_window));
}

static gboolean
is_mapped_button_of (GtkWidget *widget, gconstpointer action)
{
  return activates (widget, action) && gtk_widget_is_sensitive (widget) && isle_ui_test_in_sight (widget);
}

/* The game shown played to its end as a person would: the person's
 * decisions at random through the window's own action (win.play, what
 * the map's click sends), Next Round clicked once a round's lines are all
 * shown, the computer's replies waited for. */
static void
play_to_the_end (GRand *rand)
{
  gint64 until = g_get_monotonic_time () + GAME_PATIENCE_MS * (gint64) 1000;
  IsleMatch *match = isle_window_get_match (the_window);
  IsleGamePage *page = ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (the_window), ISLE_TYPE_GAME_PAGE));

  g_assert_nonnull (page);
  isle_match_set_pause_ms (match, 1);
  isle_game_page_set_line_step (page, 1);
  while (!game_over ())
    {
      const IsleState *s = isle_game_get_state (isle_window_get_game (the_window));
      GtkWidget *next = isle_ui_test_find (GTK_WIDGET (the_window), is_mapped_button_of, "review.next-round");

      g_assert_cmpint (g_get_monotonic_time (), <, until);
      if (next != NULL)
        {
          g_assert_true (isle_ui_input_click (next, 0.5, 0.5));
          isle_ui_test_wait_ms (150);
        }
      else if (isle_match_get_human_turn (match) && !isle_match_get_thinking (match) && on_game_page ())
        {
          IsleActionList legal;
          char text[64];

          isle_state_legal_actions (s, &legal);
          g_assert_cmpint (legal.n, >, 0);
          isle_action_format (s, legal.actions[g_rand_int_range (rand, 0, legal.n)], text);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (the_window), "win.play", "s", text));
          isle_ui_test_wait_ms (5);
        }
      else
        isle_ui_test_wait_ms (20);
    }
  isle_ui_test_wait_ms (300);
}

static IsleGame *game_over_before;

/* The game shown is not the one that was over. */
static gboolean
the_game_is_new (void)
{
  return isle_window_get_game (the_window) != game_over_before;
}

/* A row of the Ratings view's table: "Won against …", "Drawn against …"
 * or "Lost against …". */
static gboolean
is_mapped_label_ending_rated (GtkWidget *widget, gconstpointer data)
{
  const char *text;

  (void) data;
  if (!GTK_IS_LABEL (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  text = gtk_label_get_text (GTK_LABEL (widget));
  return g_str_has_prefix (text, "Won against ") || g_str_has_prefix (text, "Drawn against ")
         || g_str_has_prefix (text, "Lost against ");
}

static guint
count_rated_rows (GtkWidget *root)
{
  guint n = is_mapped_label_ending_rated (root, NULL) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rated_rows (child);
  return n;
}

static gboolean
rematch_offered (void)
{
  return isle_ui_test_find (GTK_WIDGET (the_window), is_mapped_button_of, "win.rematch") != NULL;
}

static double
score_of (const IsleGameSetup *setup, const IsleState *s)
{
  int person = isle_game_setup_person_seat (setup);

  if (s->winner == ISLE_N_SIDES)
    return 0.5;
  /* R1: in a two-seat game the seat is the side. */
  return (int) s->winner == person ? 1 : 0;
}

/* Three rated games played to their end, the first started from the New
 * Game dialog, the next two by the Rematch button: each counted once,
 * the rating moved as Elo says against the opponent drawn; Your Games'
 * Ratings view, its tab clicked, shows the three with the chart; a game
 * reopened from its row is stepped back and forth by the header's Undo
 * and Redo; the Games view lists them, and one deleted with the
 * Delete key comes back by the toast's Undo. */
static void
test_three_rated_games (void)
{
  IsleWindow *window = isle_window_new (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (30);
  IsleSession *session;
  GtkWidget *dialog, *tab, *row, *undo;
  IsleRatingsView *ratings;
  IsleVariant variant = ISLE_N_VARIANTS;
  guint before = 0, games = 0, listed;
  double rating = ISLE_RATING_DEFAULT, best = 0;
  IsleGame *game;
  guint end;

  show_window (window);
  session = window->session;

  dialog = open_new_game ();
  if (!isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)))
    {
      g_assert_true (isle_ui_input_click (GTK_WIDGET (isle_ui_test_find_label (dialog, "Rated Game")), 0.5, 0.5));
      isle_ui_test_wait_ms (400);
    }
  g_assert_true (isle_new_game_dialog_get_rated (ISLE_NEW_GAME_DIALOG (dialog)));
  g_assert_true (isle_ui_input_click (button_for (dialog, "new-game.start"), 0.5, 0.5));
  for (int i = 0; i < 3; i++)
    {
      IsleGameSetup setup;
      const IsleRatedStrength *opponent;
      double expected;

      g_assert_true (isle_ui_test_wait_until (on_game_page, 5000));
      isle_ui_test_wait_ms (400);
      setup = *isle_game_get_setup (isle_window_get_game (window));
      g_assert_true (setup.rated);
      if (i == 0)
        {
          variant = setup.variant;
          if (!isle_session_get_rating (session, variant, &rating, &before, NULL))
            rating = setup.rating;
        }
      g_assert_cmpint (setup.variant, ==, variant);
      /* The opponent is the strength nearest the rating the game began
       * with. */
      g_assert_cmpfloat (fabs (setup.rating - rating), <=, 1);
      opponent = isle_rating_opponent (setup.rating);
      g_assert_cmpstr (isle_player_spec_to_text (&setup.players[1 - isle_game_setup_person_seat (&setup)]), ==,
                       opponent->spec);
      play_to_the_end (rand);
      g_assert_true (isle_library_flush (isle_session_get_library (session), NULL));
      isle_ui_test_wait_ms (200);
      expected = isle_rating_after (rating, opponent->elo,
                                    score_of (&setup, isle_game_get_state (isle_window_get_game (window))),
                                    before + games);
      g_assert_true (isle_session_get_rating (session, variant, &rating, &games, &best));
      g_assert_cmpuint (games, ==, before + i + 1);
      g_assert_cmpfloat_with_epsilon (rating, expected, 1e-6);
      games = i + 1;
      /* Undo is the person's again once the rated game is over. */
      g_assert_true (isle_match_get_can_undo (isle_window_get_match (window)));
      if (i == 0)
        screenshot ("rated-over");
      if (i < 2)
        {
          game_over_before = isle_window_get_game (window);
          /* In sight above the lines, however many the round made. */
          g_assert_true (isle_ui_test_wait_until (rematch_offered, 20000));
          g_assert_true (isle_ui_input_click (isle_ui_test_find (GTK_WIDGET (window), is_mapped_button_of,
                                                                 "win.rematch"),
                                              0.5, 0.5));
          /* A new game, not the one over. */
          g_assert_true (isle_ui_test_wait_until (the_game_is_new, 5000));
        }
    }

  /* The Ratings view: the three games, the chart, the rating. */
  ratings = show_ratings (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (ratings)));
  g_assert_cmpuint (isle_ratings_view_get_n_shown (ratings), >=, 1);
  {
    g_autofree char *said = g_strdup_printf ("Your rating is %d, your best %d, after %u rated games.",
                                             (int) lround (rating), (int) lround (best), before + 3);

    g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (ratings), is_mapped_label_starting, said));
  }
  /* The variant's table of its last rated games (the first test's game
   * may be of another variant). */
  g_assert_cmpuint (count_rated_rows (GTK_WIDGET (ratings)), >=, 3);
  screenshot ("rated-three-ratings");

  /* The newest game reopened from its row, stepped back and forth. */
  row = isle_ui_test_find (GTK_WIDGET (ratings), is_mapped_label_ending_rated, NULL);
  g_assert_nonnull (row);
  g_assert_true (isle_ui_input_click (row, 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (on_game_page, 5000));
  isle_ui_test_wait_ms (400);
  game = isle_window_get_game (window);
  g_assert_true (isle_game_get_setup (game)->rated);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  end = isle_game_get_position (game);
  g_assert_cmpuint (end, ==, isle_game_get_n_actions (game));
  g_assert_true (isle_match_get_can_undo (isle_window_get_match (window)));
  screenshot ("rated-reopened");
  /* (This window has no application, so no Ctrl+Z: the header's
   * buttons.) */
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (window), "win.undo"), 0.5, 0.5));
      isle_ui_test_wait_ms (250);
    }
  g_assert_cmpuint (isle_game_get_position (game), <, end);
  screenshot ("rated-stepped-back");
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (isle_ui_input_click (button_for (GTK_WIDGET (window), "win.redo"), 0.5, 0.5));
      isle_ui_test_wait_ms (250);
    }
  g_assert_cmpuint (isle_game_get_position (game), ==, end);
  /* Stepping through counted nothing again. */
  g_assert_true (isle_session_get_rating (session, variant, NULL, &games, NULL));
  g_assert_cmpuint (games, ==, before + 3);

  /* The Games view: one deleted by the Delete key, back by Undo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.games", NULL));
  g_assert_true (isle_ui_test_wait_until (on_games_page, 3000));
  isle_ui_test_wait_ms (500);
  tab = isle_ui_test_find (GTK_WIDGET (window), is_mapped_label_starting, "Games");
  g_assert_nonnull (tab);
  g_assert_true (isle_ui_input_click (tab, 0.5, 0.5));
  isle_ui_test_wait_ms (500);
  listed = g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (window->games_page)));
  g_assert_cmpuint (listed, >=, 3);
  screenshot ("rated-three-games");
  row = gtk_widget_get_first_child (isle_games_page_get_view (window->games_page));
  g_assert_nonnull (row);
  g_assert_true (isle_ui_input_click (row, 0.3, 0.5));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_key (GDK_KEY_Delete, 0));
  for (int waited = 0; waited < 3000
       && g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (window->games_page))) == listed;
       waited += 50)
    isle_ui_test_wait_ms (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (window->games_page))), ==,
                    listed - 1);
  isle_ui_test_wait_ms (800);
  undo = isle_ui_test_find (GTK_WIDGET (window), isle_ui_test_is_button_labelled, "_Undo");
  g_assert_nonnull (undo);
  g_assert_true (isle_ui_input_click (undo, 0.5, 0.5));
  for (int waited = 0; waited < 3000
       && g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (window->games_page))) != listed;
       waited += 50)
    isle_ui_test_wait_ms (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (isle_games_page_get_list (window->games_page))), ==,
                    listed);
  g_assert_true (isle_session_get_rating (session, variant, NULL, &games, NULL));
  g_assert_cmpuint (games, ==, before + 3);

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
  g_test_add_func ("/rated/three-games", test_three_rated_games);
  return g_test_run ();
}
