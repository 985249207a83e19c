/* isle-ui-play.c — critter-isle-play: the real app (IsleApplication, its
 * window and everything in it) with a player at the keyboard that the
 * tests, the valgrind run, build-aux/ui-bench and build-aux/screenshots
 * drive from outside, so that the product itself needs no switch to skip
 * its New Game dialog, play by itself, print results or quit.
 *
 * The player does what a person does: waits for the start page, clicks
 * New Game (the setup asked for is the one the dialog remembers, as after
 * a person's last game) and presses Return in the dialog, or clicks
 * Continue; then, whenever one of the people's seats is to decide, picks a
 * legal decision at random and makes it through the window's own action
 * (win.play), takes the turn on the page between hot-seat players, and
 * goes on from a round's review once its lines are all shown. The outcome
 * is read from the window's match and printed:
 *
 *   resumed at position N         after Continue
 *   undo-redo: same|different     --undo-at: undo and redo at decision N
 *   hint-asked: yes|no, hint-undo: position N
 *                                 --hint-undo-at: a hint asked and undone
 *   takeover: seat N (FAULT)      a computer player failed and was replaced
 *   told: TEXT                    the toast that says so, as shown
 *   quit at position N            --quit-after
 *   result: WINNER, Red N, Blue N --quit-at-end
 *
 * and the window is closed, which ends the app. What the app itself still
 * reads (screenshots, the benchmark's stall timer) is isle-testing.h.
 *
 * usage: critter-isle-play [--variant ID] [--players A,B,…] [--pause MS]
 *          [--continue] [--undo-at N] [--hint-undo-at N] [--quit-after N]
 *          [--quit-at-end] [--stop-at review|hire]
 * Exits 1, saying why, when the window never lets it do what a person
 * would. Needs an X display with XTest. */
#include "config.h"

#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <adwaita.h>

#include "isle-application.h"
#include "isle-game-page.h"
#include "isle-new-game-dialog.h"
#include "isle-player-spec.h"
#include "isle-round-review.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"
#include "isle-words.h"

typedef struct
{
  /* What was asked. */
  char *variant;
  char *players;
  int pause_ms;
  gboolean resume;
  int undo_at;
  int hint_undo_at;
  int quit_after;
  gboolean quit_at_end;
  char *stop_at;

  /* The window played, while it lasts, and its match. */
  IsleWindow *window;
  IsleMatch *match;
  /* Its game page and round review, once built (they last as long). */
  IsleGamePage *page;
  IsleRoundReview *review;
  gboolean replaced;           /* a computer player was, not yet told */
  int status;
} Player;

static Player player = { .pause_ms = 1 };

/* The longest a person waits for the window to answer: long, for the
 * valgrind run; the waits end as soon as it answers. */
#define WAIT_MS 300000

static G_GNUC_PRINTF (1, 2) void
fail (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("critter-isle-play: %s\n", text);
  player.status = 1;
}

/* ---- waiting as a person does ----------------------------------------- */

static gboolean
window_gone (void)
{
  return player.window == NULL;
}

/* Lets the app run until DONE () or the window is gone, at most MS. */
static gboolean
wait_for (gboolean (*done) (void), int ms)
{
  for (int waited = 0; waited < ms && !window_gone (); waited += 20)
    {
      if (done ())
        return TRUE;
      isle_ui_test_wait_ms (20);
    }
  return !window_gone () && done ();
}

static gboolean
on_start_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (player.window)), "start") == 0;
}

static gboolean
on_game_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (player.window)), "game") == 0
         || g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (player.window)), "pass") == 0;
}

static gboolean
new_game_dialog_shown (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG) != NULL;
}

static gboolean
activates (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* Clicks the shown button of the window that activates ACTION. */
static gboolean
click_button (const char *action)
{
  GtkWidget *button = isle_ui_test_find (GTK_WIDGET (player.window), activates, action);

  if (button == NULL || !isle_ui_input_click (button, 0.5, 0.5))
    {
      fail ("no button for %s on the %s page", action, isle_ui_test_page_shown (GTK_WIDGET (player.window)));
      return FALSE;
    }
  return TRUE;
}

/* ---- starting ---------------------------------------------------------- */

/* The setup asked for, remembered as a person's last choice, so that the
 * New Game dialog shows it. */
static gboolean
remember_setup (void)
{
  GSettings *settings = isle_settings_get ();
  IsleGameSetup setup;
  g_autoptr (GError) error = NULL;

  isle_settings_load_setup (settings, &setup);
  if (player.variant != NULL)
    {
      setup.variant = isle_variant_from_id (player.variant);
      if (setup.variant == ISLE_N_VARIANTS)
        {
          fail ("no variant “%s”", player.variant);
          return FALSE;
        }
    }
  if (player.players != NULL)
    {
      g_auto (GStrv) specs = g_strsplit (player.players, ",", ISLE_MAX_SEATS);

      for (int seat = 0; specs[seat] != NULL; seat++)
        if (!isle_player_spec_parse (specs[seat], &setup.players[seat], &error))
          {
            fail ("%s", error->message);
            return FALSE;
          }
    }
  setup.first_seat = 0;
  isle_settings_save_setup (settings, &setup);
  return TRUE;
}

/* Whether SETUP has the players asked for; else says which seat differs
 * when LOUD. */
static gboolean
has_players (const IsleGameSetup *setup, gboolean loud)
{
  g_auto (GStrv) specs = g_strsplit (player.players != NULL ? player.players : "", ",", ISLE_MAX_SEATS);

  for (int seat = 0; player.players != NULL && specs[seat] != NULL; seat++)
    if (!isle_player_spec_text_equal (isle_player_spec_to_text (&setup->players[seat]), specs[seat]))
      {
        if (loud)
          fail ("seat %d plays “%s”, not “%s”", seat, isle_player_spec_to_text (&setup->players[seat]), specs[seat]);
        return FALSE;
      }
  return TRUE;
}

/* The dialog shows the players remembered (a plugin's once the plugins
 * are probed). */
static gboolean
dialog_ready (void)
{
  GtkWidget *dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  IsleGameSetup setup;

  if (dialog == NULL)
    return FALSE;
  isle_new_game_dialog_get_setup (ISLE_NEW_GAME_DIALOG (dialog), &setup);
  return has_players (&setup, FALSE);
}

/* New Game, then Return in its dialog; the game page is then shown with
 * the players asked for. */
static gboolean
start_new_game (void)
{
  GtkWidget *dialog;

  if (!remember_setup () || !click_button ("win.new-game"))
    return FALSE;
  if (!wait_for (new_game_dialog_shown, WAIT_MS))
    {
      fail ("the New Game dialog did not open");
      return FALSE;
    }
  wait_for (dialog_ready, WAIT_MS);
  dialog = isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
  isle_ui_test_wait_ms (100);
  if (!isle_ui_input_focus (isle_ui_test_window_of (dialog)) || !isle_ui_input_key (GDK_KEY_Return, 0)
      || !wait_for (on_game_page, WAIT_MS))
    {
      fail ("Return in the New Game dialog did not start a game");
      return FALSE;
    }
  return has_players (isle_game_get_setup (isle_window_get_game (player.window)), TRUE);
}

static gboolean
resume (void)
{
  if (!click_button ("win.continue") || !wait_for (on_game_page, WAIT_MS))
    {
      fail ("Continue did not show the game");
      return FALSE;
    }
  g_print ("resumed at position %u\n", isle_game_get_position (isle_window_get_game (player.window)));
  return TRUE;
}

/* ---- playing ------------------------------------------------------------ */

static void
on_player_replaced (IsleMatch *match, int seat, const GError *error, gpointer data)
{
  (void) match;
  (void) data;
  g_print ("takeover: seat %d (%s)\n", seat, error->message);
  player.replaced = TRUE;
}

static gboolean
is_told (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), "A computer player failed");
}

/* The toast a person reads once a computer player was replaced. */
static void
look_for_toast (void)
{
  GtkWidget *told = isle_ui_test_find (GTK_WIDGET (player.window), is_told, NULL);

  if (told != NULL)
    {
      g_print ("told: %s\n", gtk_label_get_text (GTK_LABEL (told)));
      player.replaced = FALSE;
    }
}

/* The match shown now: a new game's, or the one before. Its computers
 * keep the pace asked for. */
static void
follow_match (void)
{
  IsleMatch *match = isle_window_get_match (player.window);

  if (player.page == NULL)
    {
      g_set_weak_pointer (&player.page,
                          ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (player.window), ISLE_TYPE_GAME_PAGE)));
      if (player.page != NULL)
        isle_game_page_set_line_step (player.page, MAX (1, player.pause_ms));
    }
  if (player.page != NULL && player.review == NULL)
    g_set_weak_pointer (&player.review,
                        ISLE_ROUND_REVIEW (isle_ui_test_find_type (GTK_WIDGET (player.page), ISLE_TYPE_ROUND_REVIEW)));
  if (match == player.match)
    return;
  if (player.match != NULL)
    g_signal_handlers_disconnect_by_func (player.match, on_player_replaced, NULL);
  g_set_object (&player.match, match);
  isle_match_set_pause_ms (match, MAX (1, player.pause_ms));
  g_signal_connect (match, "player-replaced", G_CALLBACK (on_player_replaced), NULL);
}

/* Undo then redo, at a person's decision: the same state comes back. */
static void
undo_and_redo (void)
{
  IsleGame *game = isle_window_get_game (player.window);
  IsleState here = *isle_game_get_state (game);

  gtk_widget_activate_action (GTK_WIDGET (player.window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (player.window), "win.redo", NULL);
  g_print ("undo-redo: %s\n", memcmp (&here, isle_game_get_state (game), sizeof here) == 0 ? "same" : "different");
}

/* A hint asked, and undone while it is thought over. */
static void
hint_and_undo (void)
{
  gtk_widget_activate_action (GTK_WIDGET (player.window), "win.hint", NULL);
  g_print ("hint-asked: %s\n", isle_match_get_thinking (player.match) ? "yes" : "no");
  gtk_widget_activate_action (GTK_WIDGET (player.window), "win.undo", NULL);
  g_print ("hint-undo: position %u\n", isle_game_get_position (isle_window_get_game (player.window)));
}

/* A person's decision at random, through the window's action. */
static void
decide (const IsleState *s)
{
  IsleActionList list;
  char text[64];

  isle_state_legal_actions (s, &list);
  isle_action_format (s, list.actions[g_random_int_range (0, list.n)], text);
  gtk_widget_activate_action (GTK_WIDGET (player.window), "win.play", "s", text);
}

/* One look at the window, and what a person would do there. FALSE once
 * the player is done. */
static gboolean
step (void)
{
  IsleGame *game;
  const IsleState *s;
  IsleRoundReview *review;
  guint position;

  follow_match ();
  if (player.replaced)
    look_for_toast ();
  game = isle_window_get_game (player.window);
  s = isle_game_get_state (game);
  position = isle_game_get_position (game);
  if (player.quit_after > 0 && position >= (guint) player.quit_after)
    {
      g_print ("quit at position %u\n", position);
      return FALSE;
    }
  if (isle_state_is_terminal (s) || isle_match_get_goal_status (player.match, NULL) != ISLE_GOAL_IN_PROGRESS)
    {
      if (!player.quit_at_end)
        return TRUE;   /* the window stays (a screenshot closes it) */
      g_print ("result: %s, Red %d, Blue %d\n",
               isle_state_is_terminal (s) ? (s->winner == ISLE_N_SIDES ? "a draw" : isle_words_side (s->winner))
                                          : "goal decided",
               s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
      return FALSE;
    }
  if (isle_match_get_hot_seat_pass (player.match))
    {
      gtk_widget_activate_action (GTK_WIDGET (player.window), "win.take-turn", NULL);
      return TRUE;
    }
  review = player.review;
  if (review != NULL && isle_round_review_get_reviewing (review))
    {
      /* Next Round once every line is shown, unless the picture is of it. */
      if (!isle_round_review_get_stepping (review) && g_strcmp0 (player.stop_at, "review") != 0)
        gtk_widget_activate_action (GTK_WIDGET (review), "review.next-round", NULL);
      return TRUE;
    }
  if (!isle_match_is_human (player.match, isle_state_to_move (s)) || isle_match_get_thinking (player.match)
      || !on_game_page ())
    return TRUE;
  if (g_strcmp0 (player.stop_at, "hire") == 0 && s->phase == ISLE_PHASE_HIRE)
    return TRUE;
  if (player.undo_at > 0 && position >= (guint) player.undo_at)
    {
      player.undo_at = 0;
      undo_and_redo ();
      return TRUE;
    }
  if (player.hint_undo_at > 0 && position >= (guint) player.hint_undo_at && isle_game_get_can_undo (game))
    {
      player.hint_undo_at = 0;
      hint_and_undo ();
      return TRUE;
    }
  decide (s);
  return TRUE;
}

static void
play (IsleWindow *window)
{
  g_set_weak_pointer (&player.window, window);
  if (!wait_for (on_start_page, WAIT_MS))
    fail ("the start page was never shown");
  else if (!isle_ui_input_focus (GTK_WINDOW (window)))
    fail ("the window was never mapped");
  else if (player.resume ? resume () : start_new_game ())
    while (!window_gone () && step ())
      isle_ui_test_wait_ms (player.pause_ms);
  if (player.match != NULL)
    g_signal_handlers_disconnect_by_func (player.match, on_player_replaced, NULL);
  g_clear_object (&player.match);
  g_clear_weak_pointer (&player.page);
  g_clear_weak_pointer (&player.review);
  if (!window_gone ())
    gtk_window_destroy (GTK_WINDOW (player.window));
  g_clear_weak_pointer (&player.window);
}

static void
on_window_added (GtkApplication *app, GtkWindow *window)
{
  (void) app;
  if (ISLE_IS_WINDOW (window) && player.window == NULL)
    g_idle_add_once ((GSourceOnceFunc) play, window);
}

int
main (int argc, char **argv)
{
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &player.variant, "The game's variant", "ID" },
    { "players", 0, 0, G_OPTION_ARG_STRING, &player.players, "Each seat's player", "A,B,…" },
    { "pause", 0, 0, G_OPTION_ARG_INT, &player.pause_ms, "Pause before each decision (1)", "MS" },
    { "continue", 0, 0, G_OPTION_ARG_NONE, &player.resume, "Continue the autosaved game", NULL },
    { "undo-at", 0, 0, G_OPTION_ARG_INT, &player.undo_at, "Undo and redo at decision N", "N" },
    { "hint-undo-at", 0, 0, G_OPTION_ARG_INT, &player.hint_undo_at, "Ask a hint and undo at N", "N" },
    { "quit-after", 0, 0, G_OPTION_ARG_INT, &player.quit_after, "Quit at decision N", "N" },
    { "quit-at-end", 0, 0, G_OPTION_ARG_NONE, &player.quit_at_end, "Quit at the end, with the result", NULL },
    { "stop-at", 0, 0, G_OPTION_ARG_STRING, &player.stop_at, "Stay at the review or the hiring", "WHERE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— play the app as a person would");
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleApplication) app = NULL;
  char *app_argv[] = { argv[0], NULL };
  int status;

#ifdef __GLIBC__
  /* As the app's own main() sets them (the memory it keeps is measured). */
  mallopt (M_MMAP_THRESHOLD, 1024 * 1024);
  mallopt (M_ARENA_MAX, 1);
#endif
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("critter-isle-play: %s\n", error->message);
      return 2;
    }
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  if (!isle_ui_input_available ())
    {
      g_printerr ("critter-isle-play: the display has no XTest: real input cannot be sent\n");
      return 2;
    }
  /* Still, fast: the pace of the game is the player's pause. */
  g_settings_set_boolean (isle_settings_get (), "animations", FALSE);
  app = isle_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  status = g_application_run (G_APPLICATION (app), 1, app_argv);
  g_free (player.variant);
  g_free (player.players);
  g_free (player.stop_at);
  return status != 0 ? status : player.status;
}
