/* isle-window.c — the main window: a start page, the puzzle list, the
 * game, and a "pass to the other player" page between humans sharing the
 * screen. From libadwaita 1.4 the pages are pushed on a navigation view
 * (isle-window-navigation.ui: back buttons, Escape, Alt+Left) and a
 * breakpoint stacks the game page in a narrow window; before, one header
 * bar sits over a stack of pages (isle-window.ui) and the window watches
 * its own width.
 *
 * The window shows an IsleMatch (isle-match.h), which plays the game: the
 * computers' turns after their pause, hints, undo and redo between
 * decisions of people, hot-seat passing and a scenario's goal. The window
 * shows the game as the match's viewer may see it (R12) and sends the
 * person's decisions to the match: tiles of the map for placements and
 * targets, the hand for which token, and buttons for the rest. It redraws
 * on the match's signals. After every decision the session
 * (isle-session.h) saves the game, so it can be continued after the app
 * is closed; the session also keeps the puzzles and the player's
 * progress, which the window shows. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "isle-accessible.h"
#include "isle-ai.h"
#include "isle-alert.h"
#include "isle-announcer.h"
#include "isle-dialog-keeper.h"
#include "isle-game.h"
#include "isle-game-page.h"
#include "isle-games-page.h"
#include "isle-history.h"
#include "isle-match.h"
#include "isle-narrow.h"
#include "isle-puzzle-page.h"
#include "isle-paths.h"
#include "isle-saved-game.h"
#include "isle-session.h"
#include "isle-settings.h"
#include "isle-square-bin.h"
#include "isle-window-private.h"

/* The thinking indicator shows only once thinking takes longer than this:
 * an instant answer does not flash a spinner. */
#define SPINNER_DELAY_MS 250
#define NARROW_WIDTH 760


G_DEFINE_FINAL_TYPE (IsleWindow, isle_window, ADW_TYPE_APPLICATION_WINDOW)



/* ---- seats ------------------------------------------------------------- */

/* "Red", or "Red 1" in the team game (R11: seats R1 B1 R2 B2). */
static char *
seat_name (IsleWindow *self, int seat)
{
  return isle_history_seat_name (&self->setup, seat);
}

/* ---- the computer ------------------------------------------------------ */

static gboolean
show_spinner (gpointer user_data)
{
  IsleWindow *self = user_data;

  self->spinner_delay = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  return G_SOURCE_REMOVE;
}

/* The spinner in the header bar: shown SPINNER_DELAY_MS after thinking
 * starts, hidden at once when it ends. */
static void
thinking_shown (IsleWindow *self, gboolean shown)
{
  g_clear_handle_id (&self->spinner_delay, g_source_remove);
  if (shown)
    self->spinner_delay = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  else
    {
      gtk_spinner_stop (self->spinner);
      /* Hidden, it leaves its room to the title in a narrow window. */
      gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
    }
}

/* The toast's Details: what went wrong, whole (an engine's fault can be
 * longer than a toast shows). */
static void
on_player_fault_details (AdwToast *toast, IsleWindow *self)
{
  const char *heading = _("A Computer Player Failed");
  const char *body = g_object_get_data (G_OBJECT (toast), "isle-fault");

  isle_alert_present (GTK_WIDGET (self), heading, body, (const char *const[]) { "close", _("_Close"), NULL },
                      "close", NULL, NULL, NULL, NULL);
}

/* A computer player failed: a built-in one took over; the player is told
 * in a toast short enough to read whole, with the fault under Details. */
static void
on_player_replaced (IsleMatch *match, int seat, const GError *error, IsleWindow *self)
{
  const char *text = _("A computer player failed; the Easy computer player takes over");
  AdwToast *toast = adw_toast_new (text);

  (void) match;
  (void) seat;
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "isle-fault", g_strdup (error->message), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_player_fault_details), self, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
on_thinking_changed (IsleMatch *match, GParamSpec *pspec, IsleWindow *self)
{
  (void) pspec;
  thinking_shown (self, isle_match_get_thinking (match));
}


/* ---- the human's moves ------------------------------------------------- */

/* A human may decide now (on the game page, not reviewing). */
gboolean
isle_window_human_to_move (IsleWindow *self)
{
  return self->match != NULL && isle_match_get_human_turn (self->match)
         && self->game_page != NULL && !isle_game_page_get_reviewing (self->game_page);
}

/* ---- showing the game -------------------------------------------------- */

#if ADW_CHECK_VERSION (1, 4, 0)
/* The navigation view's page tagged TAG: "start", "puzzles", "games" or
 * "game". */
static AdwNavigationPage *
nav_page (IsleWindow *self, const char *tag)
{
  return adw_navigation_view_find_page (self->navigation, tag);
}
#endif

/* From libadwaita 1.4 the navigation view shows the start page, the
 * puzzle list or the game's page, and PAGES, the game page's content,
 * the game or the page between hot-seat players; before, PAGES holds all
 * four. As soon as the navigation view leaves the game (its back button,
 * Escape), the page it goes back to is the one named, while the game
 * still slides away. */
const char *
isle_window_get_page_name (IsleWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwNavigationPage *visible;
#endif

  g_return_val_if_fail (ISLE_IS_WINDOW (self), NULL);
#if ADW_CHECK_VERSION (1, 4, 0)
  visible = adw_navigation_view_get_visible_page (self->navigation);
  if (visible != nav_page (self, "game"))
    return visible != NULL ? adw_navigation_page_get_tag (visible) : NULL;
#endif
  return gtk_stack_get_visible_child_name (self->pages);
}

/* A rated game in progress says so in the title (issue 30). */
static void
update_title (IsleWindow *self)
{
  gboolean rated = self->match != NULL && isle_match_get_rated (self->match) && !isle_match_get_over (self->match);

  if (self->test_play)
    return;
  adw_window_title_set_title (self->title, rated ? _("Rated Game") : _("Critter Isle"));
}

void
isle_window_update_actions (IsleWindow *self)
{
  const char *page = isle_window_get_page_name (self);
  /* The game's own actions mean something only with its board on screen:
   * not on the start page, the puzzle list, nor the page that hides the
   * board while the screen passes between people. */
  gboolean shown = g_strcmp0 (page, "game") == 0 && self->match != NULL;
  gboolean mine = shown && isle_window_human_to_move (self);
  gboolean over = self->match == NULL || isle_match_get_over (self->match);
  GPtrArray *puzzles = isle_session_get_puzzles (self->session);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", shown && isle_match_get_can_undo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", shown && isle_match_get_can_redo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", mine && isle_match_get_can_hint (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", shown && !self->test_play);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-position",
                                 shown && !over && !isle_match_get_rated (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.results", shown);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review", shown && isle_match_get_can_review (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-puzzle",
                                 shown && puzzles != NULL && self->puzzle > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-puzzle",
                                 shown && puzzles != NULL && self->puzzle >= 0
                                 && (guint) self->puzzle + 1 < puzzles->len);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clue", shown && isle_match_get_more_clues (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-puzzle",
                                 shown && isle_game_get_scenario (self->game) != NULL);
  update_title (self);
}

static void show_start_offer (IsleWindow *self);

/* The start page offers Continue while the game shown last waits, not
 * over (a test play has no autosave to continue). Before any game is
 * shown, the autosave read at start-up decided. */
static void
offer_continue (IsleWindow *self)
{
  if (!self->game_started)
    return;
  gtk_widget_set_visible (self->continue_button, self->match != NULL && !self->test_play
                                                 && !isle_match_get_over (self->match));
  show_start_offer (self);
}

/* Another page shown (the start page, the puzzle list, the game, the pass
 * page): the actions follow it. */
static void
on_page_shown (IsleWindow *self)
{
  if (g_strcmp0 (isle_window_get_page_name (self), "start") == 0)
    offer_continue (self);
  isle_window_update_actions (self);
}

/* The human seat whose turn it is, when humans share the screen and it is
 * not the one shown: the pass page hides hands and hiring between them. */
static gboolean
needs_pass (IsleWindow *self)
{
  return self->match != NULL && isle_match_get_hot_seat_pass (self->match);
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* ---- pages on the navigation view (libadwaita 1.4) --------------------- */

/* Start → game, start → puzzles → a puzzle's game; the puzzle list from a
 * game started elsewhere gets the start page under it. Going back slides;
 * the game shows at once, as on the older window (whose tests and people
 * click where the board is as soon as it is named). */
static void
navigate_to (IsleWindow *self, const char *name)
{
  AdwNavigationPage *visible = adw_navigation_view_get_visible_page (self->navigation);
  AdwNavigationPage *start = nav_page (self, "start");
  AdwNavigationPage *puzzles = nav_page (self, "puzzles");
  AdwNavigationPage *game = nav_page (self, "game");

  if (g_strcmp0 (name, "start") == 0)
    {
      if (visible != start)
        adw_navigation_view_pop_to_page (self->navigation, start);
    }
  else if (g_strcmp0 (name, "puzzles") == 0 || g_strcmp0 (name, "games") == 0)
    {
      /* Your Games is reached as the puzzle list is, from anywhere. */
      AdwNavigationPage *list = g_strcmp0 (name, "puzzles") == 0 ? puzzles : nav_page (self, "games");

      if (visible == list)
        return;
      if (visible == start)
        adw_navigation_view_push (self->navigation, list);
      else if (adw_navigation_view_get_previous_page (self->navigation, visible) == list)
        adw_navigation_view_pop_to_page (self->navigation, list);
      else
        adw_navigation_view_replace (self->navigation,
                                     (AdwNavigationPage *[]) { start, list }, 2);
    }
  else if (visible != game)
    {
      /* A test play goes back by its Back to Editor button only. */
      adw_navigation_page_set_can_pop (game, !self->test_play);
      adw_navigation_view_set_animate_transitions (self->navigation, FALSE);
      adw_navigation_view_push (self->navigation, game);
      adw_navigation_view_set_animate_transitions (self->navigation, TRUE);
    }
}

/* The navigation view moved (a back button, Escape, Alt+Left, a swipe, or
 * isle_window_show_page()). Leaving the game holds its computers, as the
 * puzzle list does; back on the puzzle list from a puzzle, the list marks
 * what was solved, as win.puzzles does. */
static void
on_navigated (IsleWindow *self)
{
  on_page_shown (self);
}

/* The game's page starts to go (for the start page or the puzzle list). */
static void
on_game_hiding (IsleWindow *self)
{
  if (self->match != NULL)
    isle_match_hold (self->match);
}

/* The puzzle list comes back other than by isle_window_show_page(): from
 * a puzzle's game, by its back button. */
static void
on_puzzles_showing (IsleWindow *self)
{
  if (!self->showing_page)
    isle_window_refresh_puzzles (self);
}
#endif

/* NAME: "start", "puzzles", "games", "game" (or, between hot-seat players, "pass":
 * the game's page either way). The actions call it; the navigation view's
 * own back button, Escape and Alt+Left go back without it. */
void
isle_window_show_page (IsleWindow *self, const char *name)
{
  gboolean game = g_strcmp0 (name, "game") == 0 || g_strcmp0 (name, "pass") == 0;

  g_return_if_fail (ISLE_IS_WINDOW (self));
  g_return_if_fail (game || g_strcmp0 (name, "start") == 0 || g_strcmp0 (name, "puzzles") == 0
                    || g_strcmp0 (name, "games") == 0);
  if (game)
    {
      isle_window_ensure_game_page (self);
      name = needs_pass (self) ? "pass" : "game";
    }
#if ADW_CHECK_VERSION (1, 4, 0)
  if (game)
    gtk_stack_set_visible_child_name (self->pages, name);
  self->showing_page = TRUE;
  navigate_to (self, name);
  self->showing_page = FALSE;
#else
  /* One header bar for every page: its back button and subtitle follow. */
  gtk_stack_set_visible_child_name (self->pages, name);
  gtk_widget_set_visible (self->back_button, g_strcmp0 (name, "puzzles") == 0 || g_strcmp0 (name, "games") == 0);
  if (!game)
    adw_window_title_set_subtitle (self->title, g_strcmp0 (name, "puzzles") == 0 ? _("Puzzles")
                                                : g_strcmp0 (name, "games") == 0 ? _("Your Games") : NULL);
#endif
}

/* The pass page's button is read as it shows, without its mnemonic's
 * underline (LABEL, "_Play as …"). */
static void
name_pass_button (IsleWindow *self, const char *label)
{
  g_autoptr (GString) plain = g_string_new (NULL);

  for (const char *c = label; *c != '\0'; c++)
    if (*c != '_' || c[1] == '_')
      g_string_append_c (plain, *c == '_' ? *++c : *c);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pass_button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain->str, -1);
}

void
isle_window_refresh (IsleWindow *self)
{
  int seat = isle_match_get_to_move (self->match);

  isle_window_ensure_game_page (self);
  if (needs_pass (self))
    {
      g_autofree char *name = seat_name (self, seat);
      g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
      g_autofree char *button = g_strdup_printf (_("_Play as %s"), name);
      gboolean appearing = g_strcmp0 (isle_window_get_page_name (self), "pass") != 0;

      adw_status_page_set_title (self->pass_page, title);
      adw_status_page_set_description (self->pass_page,
                                       _("Hands and hiring stay hidden until the next player is ready."));
      /* Set again only when it changes: GTK 4.8 names the button by its
       * label, underline and all, and a screen reader would hear both
       * names each time. */
      if (g_strcmp0 (gtk_button_get_label (self->pass_button), button) != 0)
        {
          gtk_button_set_label (self->pass_button, button);
          name_pass_button (self, button);
        }
      isle_window_show_page (self, "pass");
      adw_window_title_set_subtitle (self->title, title);
      /* The page takes the keyboard (the board and hand it hides had it):
       * its button has the focus, and a screen reader hears whom the
       * screen is passed to. */
      if (appearing)
        {
          gtk_widget_grab_focus (GTK_WIDGET (self->pass_button));
          isle_announce (GTK_WIDGET (self), title);
        }
    }
  else
    {
      GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

      /* The pass page's button lets the focus go with it: the game page
       * puts it where the next person decides once it is laid out (the
       * button stays on screen while the pages cross-fade). */
      if (focus != NULL && (focus == GTK_WIDGET (self->pass_page) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->pass_page))))
        gtk_window_set_focus (GTK_WINDOW (self), NULL);
      isle_window_show_page (self, "game");
      adw_window_title_set_subtitle (self->title, isle_game_page_get_status (self->game_page));
    }
  isle_window_update_actions (self);
}

/* ---- the session: the autosave, puzzles ---------------------------------- */

static void
on_save_failed (IsleSession *session, const char *message, IsleWindow *self)
{
  (void) session;
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (message));
}

/* After every decision the session saves the game off the main thread
 * (not a test play's, nor the computers' among themselves). */
static void
autosave (IsleWindow *self)
{
  if (self->game == NULL || self->test_play)
    return;
  isle_session_save (self->session, self->game);
}

static gboolean
autosave_analysis (gpointer data)
{
  IsleWindow *self = data;

  self->analysis_save = 0;
  autosave (self);
  return G_SOURCE_REMOVE;
}

/* A review's judgements are kept with the game (its analysis): saved a
 * second after the last of a burst arrives, not once each. */
static void
on_analysis_changed (IsleWindow *self)
{
  if (self->analysis_save == 0)
    self->analysis_save = g_timeout_add_seconds (1, autosave_analysis, self);
}

/* Any move of the game: a decision, undo, redo. Undo and redo leave a
 * review behind them. */
static void
on_position_changed (IsleMatch *match, guint old, guint position, IsleWindow *self)
{
  (void) match;
  (void) old;
  (void) position;
  autosave (self);
  isle_window_refresh (self);
}

void
isle_window_refresh_puzzles (IsleWindow *self)
{
  isle_puzzle_page_refresh (self->puzzle_page, self->session);
}

/* The puzzle played, or NULL. */
static IslePuzzle *
puzzle_played (IsleWindow *self)
{
  GPtrArray *puzzles = isle_session_get_puzzles (self->session);

  return puzzles != NULL && self->puzzle >= 0 && (guint) self->puzzle < puzzles->len
         ? g_ptr_array_index (puzzles, self->puzzle) : NULL;
}

/* A scenario's goal met or failed: said once, and a puzzle marked solved,
 * or helped when a move hint showed the way. */
static void
on_goal_changed (IsleMatch *match, GParamSpec *pspec, IsleWindow *self)
{
  IslePuzzle *puzzle = puzzle_played (self);
  IsleGoalStatus status = isle_match_get_goal_status (match, NULL);

  (void) pspec;
  if (status == ISLE_GOAL_MET)
    {
      gboolean helped = isle_match_get_hints_used (match);

      if (puzzle != NULL)
        isle_session_record_puzzle (self->session, puzzle->id, helped);
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (helped ? _("Puzzle solved with a hint")
                                                                       : _("Puzzle solved!")));
    }
}

/* Whatever the match says may be done now. */
static void
on_match_notify (IsleMatch *match, GParamSpec *pspec, IsleWindow *self)
{
  (void) match;
  (void) pspec;
  if (self->game_page != NULL)
    isle_window_refresh (self);
}

static void
on_page_status (IsleGamePage *page, GParamSpec *pspec, IsleWindow *self)
{
  (void) pspec;
  if (g_strcmp0 (isle_window_get_page_name (self), "game") == 0)
    adw_window_title_set_subtitle (self->title, isle_game_page_get_status (page));
}

static void
on_page_message (IsleGamePage *page, const char *text, IsleWindow *self)
{
  (void) page;
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

/* ---- actions ----------------------------------------------------------- */

/* The game in progress's players (plugins and engines too) are kept by
 * the session: a saved game names only built-in players. */
static void
remember_players (IsleWindow *self)
{
  if (!self->test_play)
    isle_session_remember_players (self->session, &self->setup);
}

static void
restore_players (IsleWindow *self)
{
  if (!isle_session_restore_players (self->session, &self->setup))
    return;
  for (int seat = 0; seat < isle_game_setup_n_seats (&self->setup); seat++)
    isle_match_set_player (self->match, seat, &self->setup.players[seat]);
  remember_players (self);
}

/* Shows a match over GAME (a reference is taken) in place of the one
 * before, which is dropped with whatever it had pending. HELD: its
 * computers wait (a game behind the start page). */
static void
set_match (IsleWindow *self, IsleGame *game, gboolean held)
{
  if (self->match != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->match, self);
      g_clear_object (&self->match);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_signal_connect_swapped (self->game, "notify::analysis", G_CALLBACK (on_analysis_changed), self);
  self->setup = *isle_game_get_setup (game);
  /* A record's seats are the computers who played it; a rematch is the
   * person's own game against the default opponent. */
  if (isle_game_get_recorded (game))
    for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
      self->setup.players[seat] = isle_player_spec_for (seat == 0 ? "human" : "medium");
  self->match = isle_match_new (game);
  if (held)
    isle_match_hold (self->match);
  isle_match_set_pause_ms (self->match, isle_settings_get_move_pause_ms (isle_settings_get ()));
  /* The page redraws first, then the window follows it. */
  if (self->game_page != NULL)
    isle_game_page_set_match (self->game_page, self->match);
  g_signal_connect (self->match, "position-changed", G_CALLBACK (on_position_changed), self);
  g_signal_connect (self->match, "player-replaced", G_CALLBACK (on_player_replaced), self);
  g_signal_connect (self->match, "notify::thinking", G_CALLBACK (on_thinking_changed), self);
  g_signal_connect (self->match, "notify::goal-status", G_CALLBACK (on_goal_changed), self);
  g_signal_connect (self->match, "notify::can-undo", G_CALLBACK (on_match_notify), self);
  g_signal_connect (self->match, "notify::can-redo", G_CALLBACK (on_match_notify), self);
  g_signal_connect (self->match, "notify::can-hint", G_CALLBACK (on_match_notify), self);
  g_signal_connect (self->match, "notify::can-review", G_CALLBACK (on_match_notify), self);
  g_signal_connect (self->match, "notify::hot-seat-pass", G_CALLBACK (on_match_notify), self);
  g_signal_connect (self->match, "notify::viewer", G_CALLBACK (on_match_notify), self);
  thinking_shown (self, FALSE);
}

void
isle_window_start_game (IsleWindow *self, IsleGame *game)
{
  isle_window_ensure_game_page (self);
  set_match (self, game, FALSE);
  self->game_started = TRUE;
  remember_players (self);
  autosave (self);
  isle_window_refresh (self);
}

void
isle_window_new_game_from_setup (IsleWindow *self, const IsleGameSetup *setup)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = isle_game_new_from_setup (setup, (guint64) g_get_real_time (), &error);

  if (game == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  self->puzzle = -1;
  isle_window_start_game (self, game);
}

/* ---- scenarios and puzzles --------------------------------------------- */

/* Plays SCENARIO from its start (chance from SEED when it has no seed of
 * its own). */
gboolean
isle_window_play_scenario (IsleWindow *self, IsleScenario *scenario, guint64 seed, GError **error)
{
  g_autoptr (IsleGame) game = isle_game_new_from_scenario (scenario, seed, error);

  if (game == NULL)
    return FALSE;
  isle_window_start_game (self, game);
  return TRUE;
}

void
isle_window_play_puzzle (IsleWindow *self, int index)
{
  GPtrArray *puzzles = isle_session_get_puzzles (self->session);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = NULL;

  if (puzzles == NULL || index < 0 || (guint) index >= puzzles->len)
    return;
  scenario = isle_puzzle_load (g_ptr_array_index (puzzles, index), &error);
  if (scenario != NULL)
    {
      self->puzzle = index;
      if (isle_window_play_scenario (self, scenario, (guint64) g_get_real_time (), &error))
        return;
    }
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

/* Shows GAME, read from a file or the autosave (NULL: ERROR says why, in
 * a toast). */
static gboolean
show_loaded_game (IsleWindow *self, IsleGame *game, const GError *error)
{
  if (game == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return FALSE;
    }
  self->puzzle = -1;
  isle_window_start_game (self, game);
  return TRUE;
}

gboolean
isle_window_load_game (IsleWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (IsleGame) game = isle_saved_game_load_with_warning (path, &warning, &error);

  if (!show_loaded_game (self, game, error))
    return FALSE;
  /* What was left out to open it (a stored review that cannot be read). */
  if (warning != NULL)
    {
      g_autofree char *told = g_strdup_printf (_("The game opened without its saved review, which could not be read: %s"),
                                               warning);
      AdwToast *toast = adw_toast_new (told);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toasts, toast);
    }
  return TRUE;
}

gboolean
isle_window_continue (IsleWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = isle_session_resume (self->session, &error);

  if (!show_loaded_game (self, game, error))
    return FALSE;
  restore_players (self);
  return TRUE;
}

/* ---- files ------------------------------------------------------------- */

/* ---- keys, size and screenshots ---------------------------------------- */

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                IsleWindow *self)
{
  (void) keys;
  (void) keycode;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_5)
    keyval = GDK_KEY_1 + (keyval - GDK_KEY_KP_1);
  if (keyval < GDK_KEY_1 || keyval > GDK_KEY_5)
    return FALSE;
  return self->game_page != NULL && gtk_widget_get_mapped (GTK_WIDGET (self->game_page))
         && isle_game_page_pick_hand (self->game_page, (int) (keyval - GDK_KEY_1));
}

/* Narrow windows put the panel under the board (down to 360 px wide), and
 * wide ones beside it again: the page follows the window both ways. Below
 * NARROW_WIDTH the side-by-side page would not fit (its least width is
 * about 630 px), and stacked the window may go down to 360 px. */
#if !ADW_CHECK_VERSION (1, 4, 0)
static GtkOrientation
orientation_for (int width)
{
  return width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
}

/* Libadwaita before 1.4 has no breakpoints: the window watches its own
 * width as it is laid out. */
static void
on_width_changed (IsleWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  isle_games_page_set_narrow (self->games_page, orientation_for (width) == GTK_ORIENTATION_VERTICAL);
  if (self->game_page == NULL)
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->game_page), orientation_for (width));
  /* As the breakpoint of libadwaita 1.4 does: a stacked page says the
   * status itself, and without the title the header bar fits 360 px,
   * the window's frame included. */
  gtk_widget_set_visible (GTK_WIDGET (self->title), orientation_for (width) == GTK_ORIENTATION_HORIZONTAL);
}

static gboolean
apply_width (gpointer user_data)
{
  IsleWindow *self = user_data;

  self->layout_idle = 0;
  on_width_changed (self);
  return G_SOURCE_REMOVE;
}

/* The page's orientation is changed just after this layout, not within
 * it (a change queues another layout), before the next frame is drawn. */
static void
isle_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  gboolean narrow = orientation_for (width) == GTK_ORIENTATION_VERTICAL;

  GTK_WIDGET_CLASS (isle_window_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->layout_idle == 0
      && ((self->game_page != NULL
           && gtk_orientable_get_orientation (GTK_ORIENTABLE (self->game_page)) != orientation_for (width))
          || narrow != isle_games_page_is_narrow (self->games_page)))
    self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_width, self, NULL);
}
#else
/* The window's breakpoint, made with the window: the header bar drops
 * its title there (the page says the status itself, and the game's back
 * button, undo, redo, hint and menu then fit 360 px even beside
 * minimize, maximize and close), Your Games' filters go two above two,
 * and the game page, once built, is stacked. */
static void
on_width_changed (IsleWindow *self)
{
  GValue hidden = G_VALUE_INIT;

  if (self->narrow == NULL)
    {
      self->narrow = isle_narrow_breakpoint (GTK_WIDGET (self), NULL, NARROW_WIDTH);
      g_value_init (&hidden, G_TYPE_BOOLEAN);
      g_value_set_boolean (&hidden, FALSE);
      adw_breakpoint_add_setter (self->narrow, G_OBJECT (self->title), "visible", &hidden);
      g_value_unset (&hidden);
      isle_games_page_narrow_at (self->games_page, self->narrow);
    }
  if (self->game_page != NULL && !self->game_page_narrowed)
    {
      self->game_page_narrowed = TRUE;
      isle_narrow_stack (self->narrow, GTK_ORIENTABLE (self->game_page));
    }
}
#endif

/* ---- from a game to the editor ----------------------------------------- */

/* ---- sharing: drops and pastes ----------------------------------------- */

static gboolean
on_file_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleWindow *self)
{
  GFile *file = g_value_get_object (value);

  (void) target;
  (void) x;
  (void) y;
  if (file == NULL)
    return FALSE;
  isle_window_choose_file (self, file);
  return TRUE;
}

static gboolean
isle_window_close_request (GtkWindow *window)
{
  IsleWindow *self = ISLE_WINDOW (window);

  /* The computer stops thinking at once: closing never waits for it. */
  if (self->match != NULL)
    isle_match_hold (self->match);
  return GTK_WINDOW_CLASS (isle_window_parent_class)->close_request (window);
}

static void
isle_window_dispose (GObject *object)
{
  IsleWindow *self = ISLE_WINDOW (object);

  if (self->pages != NULL)
    g_signal_handlers_disconnect_by_func (self->pages, on_page_shown, self);
#if ADW_CHECK_VERSION (1, 4, 0)
  if (self->navigation != NULL)
    g_signal_handlers_disconnect_by_data (self->navigation, self);
#endif
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_handle_id (&self->spinner_delay, g_source_remove);
  /* A review's judgements waiting to be saved are saved now. */
  if (self->analysis_save != 0)
    {
      g_clear_handle_id (&self->analysis_save, g_source_remove);
      autosave (self);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_clear_handle_id (&self->layout_idle, g_source_remove);
#endif
  g_clear_pointer (&self->testing, isle_window_testing_free);
  if (self->editor != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->editor), (gpointer *) &self->editor);
  self->editor = NULL;
  if (self->session != NULL)
    {
      g_autoptr (GError) error = NULL;

      g_signal_handlers_disconnect_by_data (self->session, self);
      /* The last decision reaches the disk before the window goes. */
      if (!isle_session_flush (self->session, &error))
        g_warning ("The game could not be saved: %s", error->message);
      g_clear_object (&self->session);
    }
  G_OBJECT_CLASS (isle_window_parent_class)->dispose (object);
}

static void
isle_window_class_init (IsleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = isle_window_dispose;
  window_class->close_request = isle_window_close_request;
#if !ADW_CHECK_VERSION (1, 4, 0)
  widget_class->size_allocate = isle_window_size_allocate;
#endif
  g_type_ensure (ISLE_TYPE_PUZZLE_PAGE);
  g_type_ensure (ISLE_TYPE_GAMES_PAGE);
  /* The game page's template holds the map in one (built later). */
  g_type_ensure (ISLE_TYPE_SQUARE_BIN);
#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-window-navigation.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, navigation);
  gtk_widget_class_bind_template_callback (widget_class, on_game_hiding);
  gtk_widget_class_bind_template_callback (widget_class, on_puzzles_showing);
  /* Reached by gtk_widget_get_template_child() in isle_window_init(). */
  gtk_widget_class_bind_template_child_full (widget_class, "start_menu_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "puzzles_menu_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "games_menu_button", FALSE, 0);
#else
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-window.ui");
#endif
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, tour_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, puzzle_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, games_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, editor_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, tour_offer);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pass_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pass_button);

  isle_window_install_actions (widget_class);
  isle_window_install_games_actions (widget_class);
}

/* Preferences apply at once. */
/* The start page's main button: Continue when a game waits; else, until
 * the walkthrough has been seen, How to Play with a word for newcomers;
 * else New Game. */
static void
show_start_offer (IsleWindow *self)
{
  gboolean waiting = gtk_widget_get_visible (self->continue_button);
  gboolean newcomer = !waiting && !g_settings_get_boolean (isle_settings_get (), "tour-taken");

  gtk_widget_set_visible (self->tour_offer, newcomer);
  if (newcomer)
    gtk_widget_add_css_class (self->tour_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->tour_button, "suggested-action");
  if (!waiting && !newcomer)
    gtk_widget_add_css_class (self->new_game_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->new_game_button, "suggested-action");
}

static void
on_setting_changed (GSettings *settings, const char *key, IsleWindow *self)
{
  if (g_strcmp0 (key, "tour-taken") == 0)
    show_start_offer (self);
  else if (g_strcmp0 (key, "animations") == 0 && self->game_page != NULL)
    isle_board_view_set_animate (isle_game_page_get_board (self->game_page), g_settings_get_boolean (settings, key));
  else if (g_strcmp0 (key, "show-coordinates") == 0 && self->game_page != NULL)
    isle_board_view_set_show_coordinates (isle_game_page_get_board (self->game_page),
                                          g_settings_get_boolean (settings, key));
  /* The computer's pace follows the preference at once. */
  else if (g_strcmp0 (key, "computer-speed") == 0 && self->match != NULL)
    isle_match_set_pause_ms (self->match, isle_settings_get_move_pause_ms (settings));
}

/* The primary menu and its popover are built when a menu button is first
 * opened, not with the window. (From libadwaita 1.4 each page's header
 * bar has a menu button, each with its copy of the menu.) */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  g_autoptr (GtkBuilder) builder
    = gtk_builder_new_from_resource ("/io/github/critterisle/CritterIsle/isle-window-menu.ui");

  (void) user_data;
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")));
  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
  isle_accessible_tidy (GTK_WIDGET (button));
}

/* Names the stack's page NAME for screen readers (GTK would say
 * "GtkStackPage"); a page this window does not have is skipped. */
static void
label_page (GtkStack *pages, const char *name, const char *label)
{
  GtkWidget *child = gtk_stack_get_child_by_name (pages, name);

  if (child != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (pages, child)),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* The game page, built the first time it is needed: the start page shows
 * sooner without it. Every function that reaches into the page calls this
 * first (or runs only once a game is shown). */
void
isle_window_ensure_game_page (IsleWindow *self)
{
  /* Built, or the window is gone. */
  if (self->game_page != NULL || self->pages == NULL)
    return;
  self->game_page = ISLE_GAME_PAGE (isle_game_page_new ());
  gtk_stack_add_named (self->pages, GTK_WIDGET (self->game_page), "game");
  label_page (self->pages, "game", _("Game"));
  isle_game_page_set_test_play (self->game_page, self->test_play);
  g_signal_connect (self->game_page, "notify::status", G_CALLBACK (on_page_status), self);
  g_signal_connect_swapped (self->game_page, "notify::reviewing", G_CALLBACK (isle_window_refresh), self);
  g_signal_connect (self->game_page, "message", G_CALLBACK (on_page_message), self);
  on_setting_changed (isle_settings_get (), "animations", self);
  on_setting_changed (isle_settings_get (), "show-coordinates", self);
  on_width_changed (self);
  if (self->match != NULL)
    isle_game_page_set_match (self->game_page, self->match);
}

static gboolean
build_game_page (gpointer self)
{
  isle_window_ensure_game_page (self);
  return G_SOURCE_REMOVE;
}

/* Once the start page is on screen, the game page is built while the
 * player reads it. */
static void
on_first_paint (GdkFrameClock *clock, IsleWindow *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_paint, self);
  g_idle_add_full (G_PRIORITY_LOW, G_SOURCE_FUNC (build_game_page), g_object_ref (self),
                   g_object_unref);
}

static void
on_first_map (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_handlers_disconnect_by_func (widget, on_first_map, NULL);
  if (clock != NULL)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_first_paint), widget, 0);
  else
    isle_window_ensure_game_page (ISLE_WINDOW (widget));
}

static void
isle_window_init (IsleWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  isle_dialog_keeper_watch (ADW_APPLICATION_WINDOW (self));
  isle_accessible_tidy (GTK_WIDGET (self));
  /* Translators: the start page's name for screen readers */
  label_page (self->pages, "start", _("Start"));
  label_page (self->pages, "puzzles", _("Puzzles"));
  label_page (self->pages, "games", _("Your Games"));
  label_page (self->pages, "pass", _("Your Turn"));
  g_signal_connect_swapped (self->puzzle_page, "puzzle-activated", G_CALLBACK (isle_window_choose_puzzle), self);
  g_signal_connect_swapped (self->pages, "notify::visible-child-name", G_CALLBACK (on_page_shown), self);
#if ADW_CHECK_VERSION (1, 4, 0)
  g_signal_connect_swapped (self->navigation, "notify::visible-page", G_CALLBACK (on_navigated), self);
  /* The other pages' menu buttons. */
  for (const char *const *name = (const char *const[]) { "start_menu_button", "puzzles_menu_button",
                                                             "games_menu_button", NULL };
       *name != NULL; name++)
    {
      GObject *button = gtk_widget_get_template_child (GTK_WIDGET (self), ISLE_TYPE_WINDOW, *name);

      gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (button), create_primary_menu, self, NULL);
    }
#endif
  /* The app icon as a PNG twice the page's icon size: rendering the SVG
   * would hold up the first frame. */
  {
    g_autoptr (GdkTexture) icon
      = gdk_texture_new_from_resource ("/io/github/critterisle/CritterIsle/start-icon.png");

    adw_status_page_set_paintable (self->start_page, GDK_PAINTABLE (icon));
  }
  self->puzzle = -1;
  {
    GtkDropTarget *files = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

    /* A `.isle` file dropped anywhere on the window is played. */
    g_signal_connect (files, "drop", G_CALLBACK (on_file_dropped), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (files));
  }
  g_signal_connect (self, "map", G_CALLBACK (on_first_map), NULL);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);
  g_signal_connect_object (isle_settings_get (), "changed", G_CALLBACK (on_setting_changed), self, 0);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  isle_settings_track_window (isle_settings_get (), GTK_WINDOW (self));
  on_width_changed (self);

  self->testing = isle_window_testing_new (self);
}

/* The session has read the autosave: Continue is offered when it holds a
 * game not over, and what could not be read is said. */
static void
on_session_loaded (IsleWindow *self)
{
  const char *notice = isle_session_get_load_notice (self->session);
  gboolean waiting = isle_session_get_waiting_game (self->session) != NULL;

  if (!isle_session_get_loaded (self->session))
    return;
  g_signal_handlers_disconnect_by_func (self->session, on_session_loaded, self);
  if (notice != NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (notice));
      g_printerr ("critter-isle: %s\n", notice);
    }
  if (!self->game_started)
    {
      gtk_widget_set_visible (self->continue_button, waiting);
      show_start_offer (self);
    }
}

/* The window holds SESSION (a reference is taken) and shows a game: the
 * remembered setup's behind the start page, which offers Continue once
 * the session has read the autosave. */
static void
hold_session (IsleWindow *self, IsleSession *session)
{
  IsleGameSetup setup;
  g_autoptr (IsleGame) game = NULL;

  self->session = g_object_ref (session);
  g_signal_connect (session, "save-failed", G_CALLBACK (on_save_failed), self);
  isle_window_show_library (self);
  /* A game behind the start page, so the window always has one; it is
   * shown (and saved) only once the player starts or continues. */
  isle_settings_load_setup (isle_settings_get (), &setup);
  game = isle_game_new_from_setup (&setup, (guint64) g_get_real_time (), NULL);
  if (game == NULL)
    g_error ("the standard rules cannot start a game");
  set_match (self, game, TRUE);
  isle_window_show_page (self, "start");
  on_page_shown (self);
  gtk_widget_set_visible (self->continue_button, FALSE);
  show_start_offer (self);
  g_signal_connect_swapped (session, "notify::loaded", G_CALLBACK (on_session_loaded), self);
  isle_session_load (session);
  on_session_loaded (self);
}

IsleWindow *
isle_window_new (GtkApplication *app)
{
  IsleWindow *self = g_object_new (ISLE_TYPE_WINDOW, "application", app, NULL);
  g_autoptr (IsleSession) session = NULL;

  /* The app's session (IsleApplication:session); a window of no
   * application (tests) has its own. */
  if (app != NULL && g_object_class_find_property (G_OBJECT_GET_CLASS (app), "session") != NULL)
    g_object_get (app, "session", &session, NULL);
  if (session == NULL)
    {
      g_autofree char *autosave = isle_paths_autosave ();
      g_autofree char *library = isle_paths_library ();

      session = isle_session_new (isle_settings_get (), autosave);
      isle_session_open_library (session, library);
    }
  hold_session (self, session);
  return self;
}

/* Opens the game or scenario in FILE (from the command line, the file
 * manager or a drop): a scenario starts from its start, a saved game
 * where it was. A shared file never starts a program or a plugin. */
void
isle_window_open_file (IsleWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  g_return_if_fail (ISLE_IS_WINDOW (self));
  if (path != NULL)
    isle_window_load_game (self, path);
}

IsleGame *
isle_window_get_game (IsleWindow *self)
{
  g_return_val_if_fail (ISLE_IS_WINDOW (self), NULL);

  return self->game;
}

IsleMatch *
isle_window_get_match (IsleWindow *self)
{
  g_return_val_if_fail (ISLE_IS_WINDOW (self), NULL);

  return self->match;
}

gboolean
isle_window_is_test_play (IsleWindow *self)
{
  g_return_val_if_fail (ISLE_IS_WINDOW (self), FALSE);

  return self->test_play;
}

gboolean
isle_window_test_play (GtkApplication *app, IsleScenario *scenario, GtkWindow *editor, GError **error)
{
  IsleWindow *self;

  g_return_val_if_fail (ISLE_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  self = isle_window_new (app);
  self->test_play = TRUE;
  self->editor = editor;
  if (editor != NULL)
    g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &self->editor);
  if (!isle_window_play_scenario (self, scenario, (guint64) g_get_real_time (), error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return FALSE;
    }
  gtk_window_set_title (GTK_WINDOW (self), _("Test Play"));
  adw_window_title_set_title (self->title, _("Test Play"));
  gtk_widget_set_visible (self->editor_button, TRUE);
  gtk_window_present (GTK_WINDOW (self));
  return TRUE;
}
