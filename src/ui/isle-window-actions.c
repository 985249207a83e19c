/* isle-window-actions.c — the window's actions (win.*): new games,
 * rematches, puzzles, files, the person's decisions, hints, undo and redo,
 * the editor. Each asks the match or the window; none draws. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-alert.h"
#include "isle-meeting.h"
#include "isle-file-chooser.h"
#include "isle-new-game-dialog.h"
#include "isle-player-spec.h"
#include "isle-puzzles.h"
#include "isle-rules-json.h"
#include "isle-results-dialog.h"
#include "isle-review-window.h"
#include "isle-saved-game.h"
#include "isle-settings.h"
#include "isle-shortcuts.h"
#include "isle-window-private.h"

/* ---- replacing a game in progress ------------------------------------- */

/* A game in progress the person would lose: one shown in this window (not
 * a test play), with a decision made, neither over nor decided by its
 * goal. */
static gboolean
game_in_progress (IsleWindow *self)
{
  return self->game_started && !self->test_play && self->match != NULL
         && !isle_match_get_over (self->match)
         && isle_match_get_goal_status (self->match, NULL) == ISLE_GOAL_IN_PROGRESS
         && isle_game_get_position (self->game) > 0;
}

typedef struct
{
  IsleWindow *window;
  IsleWindowThen then;
  gpointer data;
  GDestroyNotify free_data;
} Replacing;

static void
replacing_free (Replacing *replacing)
{
  if (replacing->free_data != NULL)
    replacing->free_data (replacing->data);
  g_object_unref (replacing->window);
  g_free (replacing);
}

static void
on_discard_response (GObject *dialog, const char *response, gpointer data)
{
  Replacing *replacing = data;

  (void) dialog;
  if (g_strcmp0 (response, "discard") == 0)
    {
      /* The games library keeps the game left as abandoned. */
      if (replacing->window->game != NULL)
        isle_session_abandon (replacing->window->session, replacing->window->game);
      replacing->then (replacing->window, replacing->data);
    }
  replacing_free (replacing);
}

/* Item 8 of issue 27: THEN (SELF, DATA) replaces the game shown; when it
 * is a game in progress, the person is asked first, as gnome-chess asks,
 * and Cancel (the default, and Escape) keeps it. */
void
isle_window_replace_game (IsleWindow *self, IsleWindowThen then, gpointer data, GDestroyNotify free_data)
{
  const char *heading = _("Discard This Game?");
  const char *body = _("The game in progress is not over. If another one starts, it cannot be continued.");
  Replacing *replacing;

  /* Issue 30: a rated game left counts as lost, and the person is told. */
  if (self->match != NULL && isle_match_get_rated (self->match))
    body = _("The rated game in progress is not over. If another one starts, it counts as a loss and lowers your rating.");

  if (!game_in_progress (self))
    {
      then (self, data);
      if (free_data != NULL)
        free_data (data);
      return;
    }
  replacing = g_new0 (Replacing, 1);
  *replacing = (Replacing) { g_object_ref (self), then, data, free_data };
  isle_alert_present (GTK_WIDGET (self), heading, body,
                      (const char *const[]) { "cancel", _("_Cancel"), "discard", _("_Discard"), NULL },
                      "cancel", "discard", NULL, on_discard_response, replacing);
}

static void
start_setup (IsleWindow *self, gpointer setup)
{
  isle_window_new_game_from_setup (self, setup);
}

static void
start_puzzle (IsleWindow *self, gpointer index)
{
  isle_window_play_puzzle (self, GPOINTER_TO_INT (index));
}

static void
start_game (IsleWindow *self, gpointer game)
{
  self->puzzle = -1;
  isle_window_start_game (self, game);
}

static void
open_path (IsleWindow *self, gpointer path)
{
  isle_window_load_game (self, path);
}

/* Puzzle INDEX of the session's, in place of the game shown. */
void
isle_window_choose_puzzle (IsleWindow *self, int index)
{
  isle_window_replace_game (self, start_puzzle, GINT_TO_POINTER (index), NULL);
}

/* The game or scenario in FILE, in place of the game shown. */
void
isle_window_choose_file (IsleWindow *self, GFile *file)
{
  char *path = g_file_get_path (file);

  if (path != NULL)
    isle_window_replace_game (self, open_path, path, g_free);
}

/* ---- pages, puzzles ----------------------------------------------------- */

static void
puzzles_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->match != NULL)
    isle_match_hold (self->match);
  isle_window_refresh_puzzles (self);
  isle_window_show_page (self, "puzzles");
}

static void
back_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_window_show_page (self, "start");
}

static void
previous_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_window_choose_puzzle (self, self->puzzle - 1);
}

static void
next_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_window_choose_puzzle (self, self->puzzle + 1);
}

/* The scenario again from its start, with the same chance. */
static void
reset_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  IsleScenario *scenario = isle_game_get_scenario (self->game);
  g_autoptr (IsleScenario) again = NULL;
  g_autoptr (GError) error = NULL;

  (void) name;
  (void) parameter;
  if (scenario == NULL)
    return;
  /* Only its start: a saved game's moves are not played again. */
  again = isle_scenario_copy (scenario);
  isle_scenario_set_history (again, NULL, 0);
  if (!isle_window_play_scenario (self, again, isle_game_get_seed (self->game), &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

/* The scenario's next clue, shown on the page ("Clue 2 of 3: …"). FALSE
 * when every clue is out already. */
static gboolean
show_next_clue (IsleWindow *self)
{
  if (self->match == NULL || !isle_match_show_clue (self->match))
    return FALSE;
  isle_window_ensure_game_page (self);
  isle_game_page_set_clues (self->game_page, (int) isle_match_get_clues (self->match));
  isle_window_refresh (self);
  return TRUE;
}

static void
clue_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  show_next_clue (ISLE_WINDOW (widget));
}

/* Test play: the moves from the start to here become the scenario's
 * solution in the editor. */
static void
keep_solution_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_auto (GStrv) solution = NULL;

  (void) name;
  (void) parameter;
  if (self->editor == NULL)
    return;
  solution = isle_match_get_moves (self->match);
  gtk_widget_activate_action (GTK_WIDGET (self->editor), "editor.keep-solution", "^as", solution);
}

static void
back_to_editor_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->editor != NULL)
    gtk_window_present (self->editor);
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_new_game_chosen (const IsleGameSetup *setup, gpointer user_data)
{
  isle_window_replace_game (ISLE_WINDOW (user_data), start_setup, g_memdup2 (setup, sizeof *setup), g_free);
}

static void
new_game_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_new_game_dialog_present (GTK_WINDOW (self), isle_settings_get (), self->session, on_new_game_chosen, self);
}

/* The first game a newcomer plays (the walkthrough's last button): the
 * Basic game, the person first, against the gentlest computer player
 * (isle-player-spec.h), with the standard rules. The choices remembered
 * for the New Game dialog stay as they were. */
static void
first_game_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  IsleGameSetup setup = { 0 };

  (void) name;
  (void) parameter;
  if (!isle_rules_load_standard (&setup.rules, &error))
    g_error ("the standard rules cannot be read: %s", error->message);
  setup.variant = ISLE_VARIANT_BASIC;
  setup.first_seat = 0;
  setup.players[0] = isle_player_spec_for ("human");
  for (int seat = 1; seat < ISLE_MAX_SEATS; seat++)
    setup.players[seat] = isle_player_spec_for ("beginner");
  isle_window_replace_game (self, start_setup, g_memdup2 (&setup, sizeof setup), g_free);
}

static void
rematch_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  IsleGameSetup setup = self->setup;

  (void) name;
  (void) parameter;
  /* The other side starts the rematch. */
  setup.first_seat = (setup.first_seat + 1) % isle_game_setup_n_seats (&setup);
  /* A rated game's rematch is rated afresh: the opponent nearest the
   * rating it left, the colour drawn again. */
  if (setup.rated && !(isle_session_can_rate (self->session)
                       && isle_session_make_rated (self->session, &setup, setup.rating)))
    {
      setup.rated = FALSE;
      setup.rating = 0;
    }
  isle_window_new_game_from_setup (self, &setup);
}

/* The results table, at any time of a game (R7, R9); spoken to the one
 * person playing the computer, if that is who plays. */
static void
results_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->match == NULL)
    return;
  isle_results_dialog_present (widget, isle_match_get_game (self->match),
                               isle_match_get_person_side (self->match));
}

/* The game's review, for the person who played it (the seat last seen
 * from): a window of its own, over this one; the game stays as it is. */
static void
review_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->match == NULL)
    return;
  isle_review_window_present (GTK_WINDOW (self), isle_match_get_game (self->match),
                              isle_match_get_viewer (self->match));
}

static void
continue_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_window_continue (self);
}

static void
take_turn_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_match_take_turn (self->match);
  isle_window_refresh (self);
}

/* win.play("place rW c3"): the human to move makes a decision by its text
 * form (tests, and the keyboard's Enter on a button). */
static void
play_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  const char *text = g_variant_get_string (parameter, NULL);
  g_autoptr (GError) error = NULL;

  (void) name;
  if (!isle_window_human_to_move (self))
    return;
  if (!isle_match_play_text (self->match, text, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

static void
hint_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (!isle_window_human_to_move (self))
    return;
  /* A puzzle teaches with its own clues first, one a press; only once
   * they are all out does the hint suggest (and so give away) a move. */
  if (show_next_clue (self))
    return;
  isle_match_request_hint (self->match);
}

/* Undo takes back the computers' answers too, to a person's last
 * decision; the match cancels any thinking or hint first, so undo and
 * hint never wait on each other. */
static void
undo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_match_undo (self->match);
}

static void
redo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  isle_match_redo (self->match);
}

static void
on_open_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleWindow *self = ISLE_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = isle_file_chooser_open_finish (result, &error);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  (void) data;
  if (file == NULL && !isle_file_chooser_dismissed (error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  if (path != NULL)
    isle_window_replace_game (self, open_path, g_steal_pointer (&path), g_free);
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  isle_file_chooser_open (GTK_WINDOW (widget), _("Open a Game"), NULL, NULL, on_open_chosen, NULL);
}

static void
on_save_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleWindow *self = ISLE_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = isle_file_chooser_save_finish (result, &error);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  (void) data;
  if (file == NULL && !isle_file_chooser_dismissed (error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  else if (path != NULL && !isle_saved_game_save (self->game, path, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  else if (path != NULL)
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Game saved")));
}

static void
save_as_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  isle_file_chooser_save (GTK_WINDOW (widget), _("Save the Game"), NULL, _("Critter Isle game.isle"),
                          NULL, on_save_chosen, NULL);
}

/* The position on the board, opened in a new editor window as the start of
 * a scenario: a puzzle can be made from any game. */
static void
edit_position_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = isle_match_scenario_here (self->match, &error);

  (void) name;
  (void) parameter;
  if (scenario == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  isle_meeting_edit (gtk_window_get_application (GTK_WINDOW (self)), scenario, NULL);
}

static void
on_pasted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_autoptr (IsleGame) game = NULL;

  if (text == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("The clipboard holds no text")));
      return;
    }
  game = isle_saved_game_load_data (text, -1, _("the pasted text"), &error);
  if (game == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  isle_window_replace_game (self, start_game, g_steal_pointer (&game), g_object_unref);
}

/* A scenario or saved game pasted as text is played. */
static void
paste_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_pasted, g_object_ref (widget));
}

void
isle_window_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.first-game", NULL, first_game_action);
  gtk_widget_class_install_action (widget_class, "win.puzzles", NULL, puzzles_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, isle_show_shortcuts);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.edit-position", NULL, edit_position_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "win.previous-puzzle", NULL, previous_puzzle_action);
  gtk_widget_class_install_action (widget_class, "win.next-puzzle", NULL, next_puzzle_action);
  gtk_widget_class_install_action (widget_class, "win.reset-puzzle", NULL, reset_puzzle_action);
  gtk_widget_class_install_action (widget_class, "win.clue", NULL, clue_action);
  gtk_widget_class_install_action (widget_class, "win.keep-solution", NULL, keep_solution_action);
  gtk_widget_class_install_action (widget_class, "win.back-to-editor", NULL, back_to_editor_action);
  gtk_widget_class_install_action (widget_class, "win.rematch", NULL, rematch_action);
  gtk_widget_class_install_action (widget_class, "win.results", NULL, results_action);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.continue", NULL, continue_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.take-turn", NULL, take_turn_action);
  gtk_widget_class_install_action (widget_class, "win.play", "s", play_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
}
