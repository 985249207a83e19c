/* isle-window.c — the main window: a start page, the game, and a "pass to
 * the other player" page between humans sharing the screen.
 *
 * Each seat is a human or a computer player (IsleAiPlayer). The window shows
 * the game as one human seat may see it (R12), the "viewer"; every decision
 * point has its control: tiles of the map for placements and targets, the
 * hand for which token, and buttons for the rest. The computer thinks on a
 * worker thread after a short pause, so its move can be followed; the main
 * loop never waits for it. After every decision the game is saved, so it
 * can be continued after the app is closed. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "isle-ai.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-builtin-player.h"
#include "isle-engine-player.h"
#include "isle-file-chooser.h"
#include "isle-game.h"
#include "isle-how-to-play.h"
#include "isle-editor-window.h"
#include "isle-new-game-dialog.h"
#include "isle-puzzles.h"
#include "isle-plugin-player.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-saver.h"
#include "isle-settings.h"
#include "isle-shortcuts.h"
#include "isle-token-art.h"
#include "isle-window.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define COMPUTER_PAUSE_MS 450
/* The thinking indicator shows only once thinking takes longer than this:
 * an instant answer does not flash a spinner. */
#define SPINNER_DELAY_MS 250
#define LINE_STEP_MS 700
#define NARROW_WIDTH 760

struct _IsleWindow
{
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *title;
  GtkMenuButton *menu_button;
  GMenuModel *primary_menu;    /* set on MENU_BUTTON when first opened */
  GtkSpinner *spinner;
  AdwToastOverlay *toasts;
  GtkStack *pages;
  GtkWidget *continue_button;
  GtkWidget *new_game_button;
  GtkWidget *tour_button;
  GtkWidget *tour_offer;
  AdwStatusPage *start_page;
  AdwStatusPage *pass_page;
  GtkButton *pass_button;
  /* The game page (isle-game-page.ui), built by ensure_game_page(): NULL
   * until then. */
  GtkBox *game_box;
  IsleBoardView *board;
  GtkLabel *status;
  GtkLabel *explain;
  AdwActionRow *round_row;
  AdwActionRow *score_row;
  AdwActionRow *coins_row;
  AdwActionRow *piles_row;
  AdwActionRow *hired_row;
  GtkWidget *hand_title;
  GtkBox *hand;
  GtkBox *choices;
  GtkWidget *round_end;
  GtkLabel *round_end_title;
  GtkListBox *lines;
  GtkWidget *rematch_button;
  GtkWidget *next_round_button;
  GtkLabel *log;
  GtkWidget *back_button;
  GtkWidget *editor_button;
  GtkWidget *puzzle_box;
  GtkLabel *puzzle_title;
  GtkLabel *puzzle_goal;
  GtkLabel *puzzle_description;
  GtkLabel *puzzle_hint;
  GtkWidget *next_puzzle_button;
  GtkWidget *keep_solution_button;
  GtkBox *puzzle_lists;

  /* A scenario being played (a puzzle, a shared file, a test play): its
   * goal decides the game (isle_game_get_scenario()). */
  GPtrArray *puzzles;          /* IslePuzzle: the list shown, or NULL */
  int puzzle;                  /* the one played, an index in PUZZLES, or -1 */
  int clues;                   /* the scenario's hints shown so far */
  IsleGoalStatus goal;         /* where its goal stands */
  gboolean test_play;          /* played from the editor: no autosave */
  GtkWindow *editor;           /* the editor of a test play (weak) */

  GSettings *settings;
  IsleGame *game;
  IsleGameSetup setup;
  IsleAiPlayer *players[ISLE_MAX_SEATS];   /* NULL for a human seat */
  IsleAiPlayer *adviser;                   /* for hints */
  int viewer;                  /* the human seat whose view is shown */
  GCancellable *thinking;      /* the computer's move or a hint */
  guint pause;                 /* source of the pause before a computer move */
  int selected;                /* index of the selected hand token */
  int first_cell;              /* a Hippo's first tile, or -1 */
  gboolean face_down;          /* place the selected token face down */
  IsleAction hint;
  GString *history;
  char *autosave;              /* path of the autosave file */
  IsleSaver *saver;            /* writes it */

  /* The round-end review: the scored board, its lines lit one by one. */
  gboolean reviewing;
  IsleScore review;
  int review_line;
  guint review_timer;
  int lines_shown;             /* rows of the review's list filled; -1: a
                                * new review, the list starts afresh */
  guint spinner_delay;         /* source that shows the thinking indicator */
  guint panel_tick;            /* tick callback that refreshes the side panel */
  gint64 panel_frame;          /* the frame that paints the board first */

  /* CRITTER_ISLE_AUTOPLAY=MS (tests, screenshots): the computer plays
   * every seat, pausing MS between moves. CRITTER_ISLE_TEST_HUMAN=random:
   * the human seats' moves are chosen at random and made through the
   * window's own actions (tests). */
  gboolean autoplay;
  gboolean test_human;
  guint pause_ms;
  guint test_undo_at;
  guint test_hint_undo_at;     /* CRITTER_ISLE_TEST_HINT_UNDO=N */          /* CRITTER_ISLE_TEST_UNDO_AT=N: undo/redo once there */
  guint quit_after;            /* CRITTER_ISLE_QUIT_AFTER=N actions (tests) */
  /* CRITTER_ISLE_BENCH (build-aux/ui-bench): the longest wait of the main
   * loop between ticks of a 5 ms timer while a computer player thinks,
   * printed at the end. (The first
   * frame is timed from outside, by build-aux/first-frame.c.) */
  gboolean bench;
  gint64 last_tick;
  gint64 max_stall;
  guint bench_timer;
  gboolean quitting;
  guint screenshot_timer;
};

G_DEFINE_FINAL_TYPE (IsleWindow, isle_window, ADW_TYPE_APPLICATION_WINDOW)

static void ensure_game_page (IsleWindow *self);

static void refresh (IsleWindow *self);
static void start_game (IsleWindow *self, IsleGame *game);

/* ---- seats ------------------------------------------------------------- */

static gboolean
is_human (IsleWindow *self, int seat)
{
  return seat >= 0 && isle_game_setup_is_human (&self->setup, seat);
}

static int
n_humans (IsleWindow *self)
{
  int n = 0;

  for (int seat = 0; seat < isle_game_setup_n_seats (&self->setup); seat++)
    n += is_human (self, seat);
  return n;
}

/* "Red", or "Red 1" in the team game (R11: seats R1 B1 R2 B2). */
static char *
seat_name (IsleWindow *self, int seat)
{
  const char *side = isle_words_side (isle_seat_side (seat));

  if (isle_game_setup_n_seats (&self->setup) > 2)
    return g_strdup_printf ("%s %d", side, seat / 2 + 1);
  return g_strdup (side);
}

/* Who did something, for the log: "You" when one human plays. */
static char *
who (IsleWindow *self, int seat)
{
  if (is_human (self, seat) && n_humans (self) == 1)
    return g_strdup (_("You"));
  return seat_name (self, seat);
}

/* The computer player of a seat from its spec; an unknown or broken spec
 * gets the gentlest built-in level so the game can go on. External engines
 * are started by the caller's thread (their handshake blocks). */
static IsleAiPlayer *
make_player (const char *spec, const IsleRules *rules, guint64 seed, GError **error)
{
  if (g_str_has_prefix (spec, "plugin:"))
    return isle_plugin_player_new_for_id (spec, error);
  if (g_str_has_prefix (spec, "engine:"))
    {
      g_auto (GStrv) argv = NULL;
      g_autofree char *program = NULL;

      if (!g_shell_parse_argv (spec + strlen ("engine:"), NULL, &argv, error))
        return NULL;
      program = g_find_program_in_path (argv[0]);
      if (program == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("The engine program “%s” was not found"), argv[0]);
          return NULL;
        }
      return isle_engine_player_new (program, (const char *const *) argv + 1, rules, error);
    }
  return isle_builtin_player_new (spec, seed);
}

/* A computer player that cannot play (a plugin that is refused, an engine
 * that does not start, stalls, dies or cheats) is replaced by a built-in
 * one; the game is untouched and the player is told. */
static void
take_over (IsleWindow *self, int seat, const GError *error)
{
  g_autofree char *text = g_strdup_printf (_("%s — the Easy computer player takes over"), error->message);

  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
  if (self->test_human || self->autoplay)
    g_print ("takeover: %s\n", text);
  g_clear_object (&self->players[seat]);
  self->players[seat] = isle_builtin_player_new ("easy", (guint64) g_get_real_time ());
}

static void
player_made (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  int seat = GPOINTER_TO_INT (g_task_get_task_data (G_TASK (result)));
  IsleAiPlayer *player = g_task_propagate_pointer (G_TASK (result), &error);

  (void) source;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->thinking);
  if (player == NULL)
    take_over (self, seat, error);
  else
    {
      g_set_object (&self->players[seat], player);
      g_object_unref (player);
    }
  refresh (self);
}

static void
make_player_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  IsleWindow *self = source;
  int seat = GPOINTER_TO_INT (task_data);
  GError *error = NULL;
  IsleAiPlayer *player;

  (void) cancellable;
  player = make_player (self->setup.players[seat], &self->setup.rules,
                        (guint64) g_get_real_time () + (guint64) seat, &error);
  if (player == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, player, g_object_unref);
}

/* ---- the computer ------------------------------------------------------ */

static gboolean
show_spinner (gpointer user_data)
{
  IsleWindow *self = user_data;

  self->spinner_delay = 0;
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
    gtk_spinner_stop (self->spinner);
}

static void
stop_thinking (IsleWindow *self)
{
  g_clear_handle_id (&self->pause, g_source_remove);
  if (self->thinking != NULL)
    {
      g_cancellable_cancel (self->thinking);
      g_clear_object (&self->thinking);
    }
  self->hint = 0;
  thinking_shown (self, FALSE);
  if (self->board != NULL)
    isle_board_view_set_hint (self->board, -1);
}

static void
computer_chose (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  IsleAction action;
  const IsleState *s;
  int seat;

  if (!isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->thinking);
      thinking_shown (self, FALSE);
      /* A player that fails (an engine that stalls, dies or cheats) is
       * replaced by a built-in one; the game is untouched. */
      s = isle_game_get_state (self->game);
      seat = isle_state_to_move (s);
      if (seat >= 0)
        take_over (self, seat, error);
      refresh (self);
      return;
    }
  g_clear_object (&self->thinking);
  thinking_shown (self, FALSE);
  if (!isle_game_apply (self->game, action, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

static gboolean
computer_moves (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleState *s = isle_game_get_state (self->game);
  int seat = isle_state_to_move (s);
  IsleObservation obs;

  self->pause = 0;
  if (seat < 0)
    return G_SOURCE_REMOVE;
  self->thinking = g_cancellable_new ();
  thinking_shown (self, TRUE);
  if (self->players[seat] == NULL)
    {
      /* Started off the main loop: an engine's handshake may take seconds. */
      g_autoptr (GTask) task = g_task_new (self, self->thinking, player_made, g_object_ref (self));

      g_task_set_task_data (task, GINT_TO_POINTER (seat), NULL);
      g_task_run_in_thread (task, make_player_thread);
      return G_SOURCE_REMOVE;
    }
  /* R12: the computer sees what its seat may see, nothing more. */
  isle_state_observe (s, seat, &obs);
  isle_ai_player_choose_async (self->players[seat], &obs, 0, self->thinking, computer_chose,
                               g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
hint_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  IsleAction action;

  if (!isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, &error))
    return;   /* cancelled by a move or an undo: nothing to show */
  g_clear_object (&self->thinking);
  thinking_shown (self, FALSE);
  self->hint = action;
  if (isle_action_type (action) == ISLE_ACTION_PLACE)
    {
      /* The hinted token is picked from the hand, with its face. */
      const IsleState *s = isle_game_get_state (self->game);
      int seat = isle_state_to_move (s);

      for (int i = 0; seat >= 0 && i < s->hand_len[seat]; i++)
        if (s->hand[seat][i] == isle_action_kind (action))
          {
            self->selected = i;
            break;
          }
      self->face_down = isle_action_face_down (action);
    }
  refresh (self);
}

/* ---- the human's moves ------------------------------------------------- */

static void
play (IsleWindow *self, IsleAction action)
{
  g_autoptr (GError) error = NULL;

  stop_thinking (self);
  self->first_cell = -1;
  if (!isle_game_apply (self->game, action, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

/* A human may decide now (on the game page, not reviewing). */
static gboolean
human_to_move (IsleWindow *self)
{
  if (self->goal != ISLE_GOAL_IN_PROGRESS)
    return FALSE;
  const IsleState *s = isle_game_get_state (self->game);
  int seat = isle_state_to_move (s);

  return seat >= 0 && is_human (self, seat) && seat == self->viewer && !self->reviewing
         && !self->autoplay;
}

static IsleKind
selected_kind (IsleWindow *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  if (seat < 0 || s->phase != ISLE_PHASE_PLACE || self->selected >= s->hand_len[seat])
    return ISLE_KIND_NONE;
  return (IsleKind) s->hand[seat][self->selected];
}

/* Whether an action is made on the map (not by a button). */
static gboolean
on_map (IsleAction a)
{
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
    case ISLE_ACTION_SETTLE:
    case ISLE_ACTION_HOP:
    case ISLE_ACTION_TARGET:
      return TRUE;
    case ISLE_ACTION_SWAP:
      return isle_action_cell2 (a) == ISLE_NO_CELL;
    default:
      return FALSE;
    }
}

/* The legal action that uses CELL at this decision (with the selected hand
 * token and face when placing; a Hippo's second tile after its first), or 0.
 * BOTH_FACES, when not NULL, tells whether face up and face down are both
 * legal for the selected token. */
static IsleAction
action_for_cell (IsleWindow *self, int cell, gboolean *both_faces)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleActionList list;
  IsleKind kind = selected_kind (self, s);
  IsleAction found = 0;
  gboolean up = FALSE, down = FALSE;

  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];

      if (!on_map (a))
        continue;
      if (isle_action_type (a) == ISLE_ACTION_PLACE)
        {
          if (isle_action_kind (a) != kind)
            continue;
          if (isle_action_face_down (a))
            down = TRUE;
          else
            up = TRUE;
          if (isle_action_cell2 (a) != ISLE_NO_CELL)
            {
              /* R8.9: a Hippo takes two tiles, chosen one after the other;
               * before the first, its tile stands for the move. */
              if (self->first_cell < 0)
                {
                  if (isle_action_cell (a) != cell)
                    continue;
                  a = isle_action_hippo (cell, ISLE_NO_CELL);
                }
              else if (isle_action_cell (a) != self->first_cell || isle_action_cell2 (a) != cell)
                continue;
            }
          else if (isle_action_cell (a) != cell || self->first_cell >= 0)
            continue;
        }
      else if (isle_action_cell (a) != cell)
        continue;
      /* R6.4: the face chosen in the panel, when both are legal. */
      if (found == 0 || isle_action_face_down (a) == self->face_down)
        found = a;
    }
  if (both_faces != NULL)
    *both_faces = up && down;
  return found;
}

static uint64_t
target_cells (IsleWindow *self)
{
  uint64_t cells = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (action_for_cell (self, cell, NULL) != 0)
      cells |= BIT (cell);
  return cells;
}

static void
on_cell_activated (IsleWindow *self, int cell)
{
  IsleAction a;

  if (!human_to_move (self))
    return;
  a = action_for_cell (self, cell, NULL);
  if (a == 0)
    return;
  if (isle_action_type (a) == ISLE_ACTION_PLACE && isle_action_kind (a) == ISLE_KIND_HIPPO
      && isle_action_cell2 (a) == ISLE_NO_CELL && !isle_action_face_down (a)
      && !isle_state_is_legal (isle_game_get_state (self->game), a))
    {
      /* The Hippo's first tile: now its second. */
      self->first_cell = cell;
      refresh (self);
      return;
    }
  play (self, a);
}

/* FALSE for the frame in which the side panel still shows the position
 * before the last change (see defer_panel()): its buttons wait. */
static gboolean
panel_is_current (IsleWindow *self)
{
  return self->panel_tick == 0;
}

static void
on_hand_toggled (GtkToggleButton *button, IsleWindow *self)
{
  if (!gtk_toggle_button_get_active (button) || !panel_is_current (self))
    return;
  self->selected = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));
  self->first_cell = -1;
  refresh (self);
}

/* A hand token dropped on a tile: select it and place it there. */
static gboolean
on_token_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleWindow *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->board), x, y, GTK_PICK_DEFAULT);

  (void) target;
  while (picked != NULL && !ISLE_IS_BOARD_TILE (picked))
    picked = gtk_widget_get_parent (picked);
  if (picked == NULL || !human_to_move (self))
    return FALSE;
  self->selected = g_value_get_int (value);
  self->first_cell = -1;
  on_cell_activated (self, isle_board_tile_get_cell (ISLE_BOARD_TILE (picked)));
  return TRUE;
}

static void
on_face_down_toggled (GtkCheckButton *button, IsleWindow *self)
{
  self->face_down = gtk_check_button_get_active (button);
  refresh (self);
}

static void
on_choice_clicked (GtkButton *button, IsleWindow *self)
{
  if (human_to_move (self) && panel_is_current (self))
    play (self, (IsleAction) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "action")));
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    if (GTK_IS_FLOW_BOX (box))
      gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
    else if (GTK_IS_LIST_BOX (box))
      gtk_list_box_remove (GTK_LIST_BOX (box), child);
    else
      gtk_box_remove (GTK_BOX (box), child);
}

/* The hand token buttons, in hand order. */
static GtkWidget *
hand_button (IsleWindow *self, int index)
{
  GtkWidget *child = self->hand != NULL ? gtk_widget_get_first_child (GTK_WIDGET (self->hand)) : NULL;

  while (child != NULL && index-- > 0)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/* A button for a decision, its label wrapped so the panel keeps its width. */
static GtkWidget *
choice_button (IsleWindow *self, const char *text, IsleAction a)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_button_set_child (GTK_BUTTON (button), label);
  if (a == self->hint)
    gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (a));
  g_signal_connect (button, "clicked", G_CALLBACK (on_choice_clicked), self);
  return button;
}

/* ---- words for decisions ----------------------------------------------- */

/* A button label for a choice that is not made on the map. */
static char *
choice_label (const IsleState *s, IsleAction a)
{
  char c1[3], c2[3];

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("Keep the %s card"), isle_words_weather (isle_action_arg (a)));
    case ISLE_ACTION_PICK:
      return g_strdup_printf (_("Take a %s"), isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("Lift the fog in the %s"), isle_words_quadrant (isle_action_arg (a)));
    case ISLE_ACTION_HIRE:
      /* R2: what the mercenary replaces, R9.3: its cost. */
      /* Translators: "Fox · 15 coins · replaces a Wolf" */
      return g_strdup_printf (_("%s · %d coins · replaces a %s"),
                              isle_words_kind (isle_action_kind (a)),
                              s->rules.hire_cost[isle_action_kind (a)],
                              isle_words_kind (isle_kind_info (isle_action_kind (a))->replaces));
    case ISLE_ACTION_DONE:
      return g_strdup (_("Done hiring"));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("Replace it with a %s"), isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_PASS:
      return g_strdup (s->phase == ISLE_PHASE_HOP ? _("Leave the Frog where it is")
                                                   : _("Swap nothing"));
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (_("Swap %s and %s"), isle_cell_name (isle_action_cell (a), c1),
                                isle_cell_name (isle_action_cell2 (a), c2));
      return NULL;
    default:
      return NULL;   /* chosen on the map */
    }
}

/* R8: one line on what the ability resolving now does. */
static const char *
ability_text (const IsleState *s)
{
  IsleKind kind = s->ability_cell < ISLE_N_CELLS ? (IsleKind) s->board.cells[s->ability_cell].kind
                                                 : ISLE_KIND_NONE;

  switch (s->phase)
    {
    case ISLE_PHASE_ABILITY:
      switch (kind)
        {
        case ISLE_KIND_FOX:
          return _("Fox: pick an adjacent opponent's token. Its owner must replace it from their hand.");
        case ISLE_KIND_SNAKE:
          return _("Snake: pick any opponent's token. Its owner must replace it from their hand.");
        case ISLE_KIND_MOUSES:
          return _("Mouses: pick the adjacent opponent's token to swap places with.");
        case ISLE_KIND_MOLE:
          return _("Mole: pick the adjacent opponent's token to swap places with.");
        case ISLE_KIND_PRAIRIE_DOG:
          return _("Prairie Dog: you may swap two coloured tokens next to it.");
        default:
          return _("Choose the target of your mercenary.");
        }
    case ISLE_PHASE_REPLACE:
      return _("Your token was chosen: put a token from your hand in its place, with the same face.");
    case ISLE_PHASE_HOP:
      return _("Frog: before placing, it may hop to an adjacent free open tile.");
    case ISLE_PHASE_SETTLE:
      return _("Hippo: pick which of its two tiles it keeps; the other becomes free.");
    case ISLE_PHASE_HIRE:
      return _("Pay coins and return the basic token a mercenary replaces. Your choices stay secret until both sides are done.");
    case ISLE_PHASE_WEATHER:
      return _("The card you keep decides this round's weather; the other goes under the deck.");
    case ISLE_PHASE_FOG_LIFT:
      return _("Pick the fog board to lift. Tokens under it stay hidden until scoring.");
    default:
      return NULL;
    }
}

/* A sentence for the game log: what a seat did. */
static char *
describe (IsleWindow *self, const IsleState *before, IsleAction a)
{
  char cell[3];
  int seat = before->to_move;
  g_autofree char *name = who (self, seat);
  gboolean hidden_from_viewer = isle_seat_side (seat) != isle_seat_side (self->viewer);

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      if (isle_action_face_down (a) && hidden_from_viewer)
        return g_strdup_printf (_("%s placed a token face down on %s."), name,
                                isle_cell_name (isle_action_cell (a), cell));
      return g_strdup_printf (_("%s placed a %s on %s."), name, isle_words_kind (isle_action_kind (a)),
                              isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("%s kept the %s card."), name, isle_words_weather (isle_action_arg (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("%s lifted the fog in the %s."), name,
                              isle_words_quadrant (isle_action_arg (a)));
    case ISLE_ACTION_TARGET:
      return g_strdup_printf (_("%s chose the token on %s."), name,
                              isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_SWAP:
      return g_strdup_printf (_("%s swapped tokens."), name);
    case ISLE_ACTION_HOP:
      return g_strdup_printf (_("%s moved the Frog to %s."), name,
                              isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_SETTLE:
      return g_strdup_printf (_("%s settled the Hippo on %s."), name,
                              isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("%s replaced the chosen token."), name);
    case ISLE_ACTION_DONE:
      return g_strdup_printf (_("%s finished hiring."), name);
    default:
      return NULL;
    }
}

/* ---- showing the game -------------------------------------------------- */

/* A token's picture above a line or two of text, for a button. */
static GtkWidget *
token_card (GtkWidget *icon, const char *text, const char *detail)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_halign (icon, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
  gtk_widget_add_css_class (label, "token-name");
  /* Keys in one row below names of one line or two: the name takes what
   * height the card has to spare, the card asks for none. */
  gtk_widget_set_vexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_set_vexpand (box, FALSE);
  /* A name too long for its place (Chameleon, in a hand of five) breaks,
   * hyphenated, over two lines rather than being cut. (Not wrapped and
   * ellipsized both: GTK 4.8 then measures a name narrower than "…", such
   * as an empty place's, wrongly, and warns.) */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  if (detail != NULL)
    {
      GtkWidget *small = gtk_label_new (detail);

      gtk_widget_add_css_class (small, "caption");
      gtk_widget_add_css_class (small, "dim-label");
      gtk_box_append (GTK_BOX (box), small);
    }
  return box;
}

/* R4.4: the viewer's hand, each token a toggle with its picture and key;
 * while the opening hand is chosen (R4.2), its empty places too. */
static void
show_hand (IsleWindow *self, const IsleState *view, gboolean placing)
{
  GtkToggleButton *group = NULL;
  int seat = self->viewer;
  IsleSide side = isle_seat_side (seat);
  int places = view->phase == ISLE_PHASE_HAND && view->to_move == seat ? ISLE_HAND_MAX
                                                                        : view->hand_len[seat];

  clear_box (GTK_WIDGET (self->hand));
  if (self->selected >= view->hand_len[seat])
    self->selected = 0;
  for (int i = 0; i < places; i++)
    {
      IsleKind kind = i < view->hand_len[seat] ? (IsleKind) view->hand[seat][i] : ISLE_KIND_NONE;
      g_autofree char *label = NULL;
      g_autofree char *tip = NULL;
      GtkWidget *button;

      if (kind == ISLE_KIND_NONE)
        {
          GtkWidget *empty = token_card (isle_token_icon_new_empty (40), " ", NULL);

          gtk_widget_add_css_class (empty, "hand-token");
          gtk_accessible_update_property (GTK_ACCESSIBLE (empty), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Empty place in your hand"), -1);
          gtk_box_append (self->hand, empty);
          continue;
        }
      /* The key that picks it (1–5), under its name. */
      label = g_strdup_printf ("%d", i + 1);
      if (!placing)
        {
          /* Shown, not chosen from: full colour, no button. */
          GtkWidget *card = token_card (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), NULL);

          gtk_widget_add_css_class (card, "hand-token");
          gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          isle_words_kind (kind), -1);
          gtk_box_append (self->hand, card);
          continue;
        }
      tip = g_strdup_printf (_("Select the %s (key %d)"), isle_words_kind (kind), i + 1);
      button = gtk_toggle_button_new ();
      gtk_button_set_child (GTK_BUTTON (button),
                            token_card (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), label));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "hand-token");
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tip, -1);
      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
      gtk_widget_set_tooltip_text (button, tip);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), i == self->selected);
      g_signal_connect (button, "toggled", G_CALLBACK (on_hand_toggled), self);
      {
        /* Drag the token onto the map. */
        GtkDragSource *drag = gtk_drag_source_new ();
        GdkContentProvider *content = gdk_content_provider_new_typed (G_TYPE_INT, i);

        gtk_drag_source_set_content (drag, content);
        g_object_unref (content);
        gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
        gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (drag));
      }
      gtk_box_append (self->hand, button);
    }
  /* Five places wide, however many tokens are left: the tokens keep
   * their size. */
  for (int i = places; i < ISLE_HAND_MAX && places > 0; i++)
    gtk_box_append (self->hand, gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
}

/* A grid for choices shown as pictures. */
static GtkFlowBox *
choice_grid (int per_line)
{
  GtkWidget *grid = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (grid), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (grid), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (grid), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (grid), (guint) per_line);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (grid), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (grid), 6);
  return GTK_FLOW_BOX (grid);
}

/* A choice shown as a picture (a token or a weather card) and its name;
 * TIP says in full what it does. */
static GtkWidget *
picture_choice (IsleWindow *self, GtkWidget *icon, const char *text, const char *detail,
                const char *tip, IsleAction a)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), token_card (icon, text, detail));
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  if (a == self->hint)
    gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (a));
  g_signal_connect (button, "clicked", G_CALLBACK (on_choice_clicked), self);
  return button;
}

static void
on_hire_row_activated (AdwActionRow *row, IsleWindow *self)
{
  if (human_to_move (self))
    play (self, (IsleAction) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "action")));
}

/* R9.3: the whole market, one row per mercenary not yet hired: its picture,
 * cost, what it replaces and what it does; what cannot be hired now is
 * greyed out, what was hired this time is marked. */
static GtkWidget *
hiring_market (IsleWindow *self, const IsleState *s)
{
  GtkWidget *list = gtk_list_box_new ();
  int side = isle_seat_side (isle_state_to_move (s));

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    {
      IsleAction a = isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) kind);
      g_autofree char *title = NULL, *subtitle = NULL;
      GtkWidget *row;

      if (!isle_kind_is_mercenary ((IsleKind) kind) || s->hired[side][kind])
        continue;
      /* Translators: "Fox · 15 coins" */
      title = g_strdup_printf (_("%s · %d coins"), isle_words_kind ((IsleKind) kind),
                               s->rules.hire_cost[kind]);
      /* Translators: "Replaces a Wolf. Sends an adjacent enemy token back…" */
      subtitle = g_strdup_printf (_("Replaces a %s. %s."),
                                  isle_words_kind (isle_kind_info ((IsleKind) kind)->replaces),
                                  isle_words_ability ((IsleKind) kind));
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new ((IsleKind) kind, side, 36));
      if (s->pending[side][kind])
        {
          GtkWidget *mark = gtk_label_new (_("Hired"));

          gtk_widget_add_css_class (mark, "success");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
        }
      else if (isle_state_is_legal (s, a))
        {
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          g_object_set_data (G_OBJECT (row), "action", GUINT_TO_POINTER (a));
          g_signal_connect (row, "activated", G_CALLBACK (on_hire_row_activated), self);
          if (a == self->hint)
            adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                       gtk_image_new_from_icon_name ("dialog-information-symbolic"));
        }
      else
        gtk_widget_set_sensitive (row, FALSE);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  return list;
}

/* How many tokens of KIND are in SEAT's pile (the seat's own, R12). */
static int
pile_count (const IsleState *s, int seat, IsleKind kind)
{
  int n = 0;

  for (int i = 0; i < s->pile_len[seat]; i++)
    n += s->pile[seat][i] == kind;
  return n;
}

static void
show_choices (IsleWindow *self, const IsleState *s)
{
  IsleActionList list;
  gboolean both_faces = FALSE;

  clear_box (GTK_WIDGET (self->choices));
  if (!human_to_move (self))
    return;
  /* R6.4: a mercenary in fog may go face up or face down. */
  if (s->phase == ISLE_PHASE_PLACE)
    {
      for (int cell = 0; cell < ISLE_N_CELLS && !both_faces; cell++)
        action_for_cell (self, cell, &both_faces);
      if (both_faces)
        {
          GtkWidget *check = gtk_check_button_new_with_mnemonic (_("Place it _face down"));

          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), self->face_down);
          g_signal_connect (check, "toggled", G_CALLBACK (on_face_down_toggled), self);
          gtk_box_append (self->choices, check);
        }
      if (self->first_cell >= 0)
        {
          GtkWidget *label = gtk_label_new (_("Now pick the Hippo's second tile, next to the first."));

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_box_append (self->choices, label);
        }
    }
  isle_state_legal_actions (s, &list);
  if (s->phase == ISLE_PHASE_HIRE)
    gtk_box_append (self->choices, hiring_market (self, s));
  if (s->phase == ISLE_PHASE_HAND || s->phase == ISLE_PHASE_WEATHER || s->phase == ISLE_PHASE_REPLACE)
    {
      /* R4.2 a kind from the pile, R6.1 a weather card, R8.1 a token from
       * the hand: each as its picture. */
      GtkFlowBox *grid = choice_grid (s->phase == ISLE_PHASE_WEATHER ? 2 : 4);
      int seat = isle_state_to_move (s);
      IsleSide side = isle_seat_side (seat);

      for (int i = 0; i < list.n; i++)
        {
          IsleAction a = list.actions[i];
          IsleKind kind = isle_action_kind (a);
          g_autofree char *tip = choice_label (s, a);
          g_autofree char *left = NULL;
          GtkWidget *icon;
          const char *name;

          if (isle_action_type (a) == ISLE_ACTION_KEEP)
            {
              icon = isle_token_icon_new_weather ((IsleWeather) isle_action_arg (a), 96);
              name = isle_words_weather (isle_action_arg (a));
            }
          else
            {
              icon = isle_token_icon_new (kind, side, 44);
              name = isle_words_kind (kind);
              if (isle_action_type (a) == ISLE_ACTION_PICK)
                /* Translators: how many of a kind are left in the pile */
                left = g_strdup_printf (_("%d left"), pile_count (s, seat, kind));
            }
          gtk_flow_box_append (grid, picture_choice (self, icon, name, left, tip, a));
        }
      gtk_box_append (self->choices, GTK_WIDGET (grid));
      return;
    }
  for (int i = 0; i < list.n; i++)
    {
      g_autofree char *label = NULL;
      GtkWidget *button;

      if (s->phase == ISLE_PHASE_HIRE && isle_action_type (list.actions[i]) == ISLE_ACTION_HIRE)
        continue;   /* in the market above */
      label = choice_label (s, list.actions[i]);
      if (label == NULL)
        continue;
      button = choice_button (self, label, list.actions[i]);
      if (isle_action_type (list.actions[i]) == ISLE_ACTION_DONE)
        gtk_widget_add_css_class (button, "suggested-action");
      gtk_box_append (self->choices, button);
    }
}

static char *
status_text (IsleWindow *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  if (isle_state_is_terminal (s))
    {
      if (s->winner == ISLE_N_SIDES)
        return g_strdup (_("A draw!"));
      if (n_humans (self) == 1)
        {
          for (int i = 0; i < isle_game_setup_n_seats (&self->setup); i++)
            if (is_human (self, i))
              return g_strdup (s->winner == isle_seat_side (i) ? _("You win!") : _("The computer wins."));
        }
      return g_strdup_printf (_("%s wins!"), isle_words_side (s->winner));
    }
  if (self->reviewing)
    return g_strdup_printf (_("Round %d is over"), s->round - 1);
  if (!is_human (self, seat) || self->autoplay)
    {
      g_autofree char *name = seat_name (self, seat);
      return g_strdup_printf (_("%s is thinking…"), name);
    }
  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER: return g_strdup (_("Keep one of two weather cards"));
    case ISLE_PHASE_HIRE: return g_strdup (_("Hire mercenaries, in secret"));
    case ISLE_PHASE_HAND:
      return g_strdup_printf (_("Choose your opening hand: %d of %d"), s->hand_len[seat] + 1,
                              ISLE_HAND_MAX);
    case ISLE_PHASE_SETTLE: return g_strdup (_("Choose the tile your Hippo keeps"));
    case ISLE_PHASE_HOP: return g_strdup (_("Your Frog may hop to a free tile"));
    case ISLE_PHASE_PLACE: return g_strdup (_("Your move: place a token on a free tile"));
    case ISLE_PHASE_ABILITY: return g_strdup (_("Choose the target of your mercenary"));
    case ISLE_PHASE_REPLACE: return g_strdup (_("Replace your token with one from your hand"));
    case ISLE_PHASE_FOG_LIFT: return g_strdup (_("Lift a fog board"));
    case ISLE_PHASE_OVER:
    case ISLE_N_PHASES:
    default:
      return g_strdup ("");
    }
}

static void
set_row (AdwActionRow *row, const char *subtitle)
{
  gtk_widget_set_visible (GTK_WIDGET (row), subtitle != NULL);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (row, subtitle);
}

static void
show_facts (IsleWindow *self, const IsleState *view)
{
  int mine = isle_seat_side (self->viewer), theirs = 1 - mine;
  gboolean mercenary = view->variant >= ISLE_VARIANT_MERCENARY;
  g_autofree char *round = NULL, *score = NULL, *coins = NULL, *piles = NULL;
  g_autoptr (GString) hired = g_string_new (NULL);
  int opponent = -1;

  if (view->variant == ISLE_VARIANT_BASIC)
    round = g_strdup_printf (_("%d of %d"), view->round, view->n_rounds);
  else
    round = g_strdup_printf (_("%d of %d · %s"), view->round, view->n_rounds,
                             isle_words_weather (view->weather));
  score = g_strdup_printf (_("%s %d · %s %d"), isle_words_side (mine), view->total[mine],
                           isle_words_side (theirs), view->total[theirs]);
  if (mercenary)
    coins = g_strdup_printf (_("%s %d · %s %d"), isle_words_side (mine), view->coins[mine],
                             isle_words_side (theirs), view->coins[theirs]);
  for (int seat = 0; seat < view->n_seats; seat++)
    if ((int) isle_seat_side (seat) != mine)
      {
        opponent = seat;
        break;
      }
  if (opponent >= 0)
    piles = g_strdup_printf (_("Your pile %d · their hand %d, pile %d"), view->pile_len[self->viewer],
                             view->hand_len[opponent], view->pile_len[opponent]);
  if (mercenary)
    for (int side = 0; side < ISLE_N_SIDES; side++)
      for (int kind = 0; kind < ISLE_N_KINDS; kind++)
        if (view->hired[side][kind])
          g_string_append_printf (hired, "%s%s: %s", hired->len ? ", " : "", isle_words_side (side),
                                  isle_words_kind ((IsleKind) kind));
  set_row (self->round_row, round);
  set_row (self->score_row, score);
  set_row (self->coins_row, coins);
  set_row (self->piles_row, piles);
  set_row (self->hired_row, hired->len ? hired->str : mercenary ? _("Nobody yet") : NULL);
}

/* R7.5: a line of the round-end breakdown in words. */
static char *
line_text (const IsleState *s, const IsleLineScore *line)
{
  char a[3], b[3];
  const char *colour = line->colour == ISLE_COLOUR_RED ? isle_words_side (ISLE_SIDE_RED)
                                                       : isle_words_side (ISLE_SIDE_BLUE);
  g_autofree char *crow = NULL;

  (void) s;
  isle_cell_name (line->cells[0], a);
  isle_cell_name (line->cells[line->length - 1], b);
  if (line->crow_side >= 0 && line->crow_share > 0)
    crow = g_strdup_printf (_(", Crow gives %s %d"), isle_words_side (line->crow_side), line->crow_share);
  /* Translators: "Red: 4 in a line, c1–c4: 6 × 2 = 12" */
  return g_strdup_printf (_("%s: %d in a line, %s–%s: %d × %d = %d%s"), colour, line->length, a, b,
                          line->base, line->multiplier, line->value, crow ? crow : "");
}

static void
show_round_end (IsleWindow *self, const IsleState *s)
{
  gboolean over = isle_state_is_terminal (s);

  gtk_widget_set_visible (self->round_end, self->reviewing || over);
  gtk_widget_set_visible (self->rematch_button, over);
  gtk_widget_set_visible (self->next_round_button, self->reviewing);
  if (!self->reviewing && !over)
    return;
  {
    int r = over ? s->round : s->round - 1;
    g_autofree char *title = g_strdup_printf (_("Round %d: %s %d, %s %d"), r,
                                              isle_words_side (ISLE_SIDE_RED), s->round_score[r - 1][ISLE_SIDE_RED],
                                              isle_words_side (ISLE_SIDE_BLUE), s->round_score[r - 1][ISLE_SIDE_BLUE]);
    gtk_label_set_text (self->round_end_title, title);
  }
}

/* The review's lines, one row added per step: rows already shown stay. */
static void
fill_lines (IsleWindow *self, const IsleState *s)
{
  int shown = MIN (self->review_line + 1, self->review.n_lines);

  ensure_game_page (self);
  if (self->lines_shown < 0 || shown < self->lines_shown)
    {
      clear_box (GTK_WIDGET (self->lines));
      self->lines_shown = 0;
      if (self->review.n_lines == 0)
        gtk_list_box_append (self->lines, gtk_label_new (_("No lines this round.")));
    }
  for (int i = self->lines_shown; i < shown; i++)
    {
      g_autofree char *text = line_text (s, &self->review.lines[i]);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_list_box_append (self->lines, label);
    }
  self->lines_shown = shown;
}

static void
update_actions (IsleWindow *self, const IsleState *s)
{
  gboolean mine = human_to_move (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", isle_game_get_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", isle_game_get_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", mine && !isle_state_is_terminal (s));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", !self->test_play);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-position", !isle_state_is_terminal (s));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-puzzle",
                                 self->puzzles != NULL && self->puzzle > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-puzzle",
                                 self->puzzles != NULL && self->puzzle >= 0
                                 && (guint) self->puzzle + 1 < self->puzzles->len);
  {
    IsleScenario *scenario = isle_game_get_scenario (self->game);
    const char *const *hints = scenario != NULL ? isle_scenario_get_hints (scenario) : NULL;

    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clue",
                                   hints != NULL && (guint) self->clues < g_strv_length ((char **) hints));
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-puzzle", scenario != NULL);
  }
}

/* The human seat whose turn it is, when humans share the screen and it is
 * not the one shown: the pass page hides hands and hiring between them. */
static gboolean
needs_pass (IsleWindow *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  return seat >= 0 && is_human (self, seat) && n_humans (self) > 1 && seat != self->viewer
         && !self->autoplay;
}

static void
test_human_moves (IsleWindow *self);

/* Tests and benchmarks: close the window once, when the main loop is idle. */
static void
quit_soon (IsleWindow *self)
{
  if (self->quitting)
    return;
  self->quitting = TRUE;
  stop_thinking (self);
  g_idle_add_once ((GSourceOnceFunc) gtk_window_destroy, self);
}

/* A scenario's goal (a puzzle, a shared file, a test play): what it asks,
 * where it stands, the puzzle's clues, and once it is met, the puzzle
 * marked solved. */
static void
show_goal (IsleWindow *self, const IsleState *s)
{
  IsleScenario *scenario = isle_game_get_scenario (self->game);
  IsleScenarioGoal goal = { ISLE_GOAL_NONE, 0 };
  g_autofree char *wanted = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *text = NULL;
  const char *title;
  const char *const *hints;
  IslePuzzle *puzzle = self->puzzles != NULL && self->puzzle >= 0 ? g_ptr_array_index (self->puzzles, self->puzzle) : NULL;
  IsleGoalStatus was = self->goal;

  if (scenario != NULL)
    isle_scenario_get_goal (scenario, &goal);
  gtk_widget_set_visible (self->puzzle_box, goal.type != ISLE_GOAL_NONE);
  self->goal = ISLE_GOAL_IN_PROGRESS;
  if (goal.type == ISLE_GOAL_NONE)
    return;
  title = isle_scenario_get_title (scenario);
  gtk_label_set_text (self->puzzle_title, title != NULL ? isle_puzzle_text (title) : _("Scenario"));
  gtk_label_set_text (self->puzzle_description, isle_scenario_get_description (scenario)
                                                ? isle_puzzle_text (isle_scenario_get_description (scenario)) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->puzzle_description), isle_scenario_get_description (scenario) != NULL);
  wanted = isle_scenario_describe_goal (scenario);
  self->goal = isle_scenario_goal_status (scenario, s, &sentence);
  switch (self->goal)
    {
    case ISLE_GOAL_MET:
      /* Translators: the goal, met: "Solved! Red scored 14 of the 12 points needed." */
      text = g_strdup_printf (_("Solved! %s."), sentence ? sentence : "");
      break;
    case ISLE_GOAL_FAILED:
      text = g_strdup_printf (_("Not this time: %s. Reset to try again."), sentence ? sentence : "");
      break;
    case ISLE_GOAL_IN_PROGRESS:
    default:
      text = g_strdup_printf (_("Goal: %s"), wanted);
      break;
    }
  gtk_label_set_text (self->puzzle_goal, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->puzzle_goal), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->puzzle_goal), "error");
  if (self->goal == ISLE_GOAL_MET)
    gtk_widget_add_css_class (GTK_WIDGET (self->puzzle_goal), "success");
  else if (self->goal == ISLE_GOAL_FAILED)
    gtk_widget_add_css_class (GTK_WIDGET (self->puzzle_goal), "error");
  hints = isle_scenario_get_hints (scenario);
  gtk_widget_set_visible (GTK_WIDGET (self->puzzle_hint), self->clues > 0 && hints != NULL);
  if (self->clues > 0 && hints != NULL)
    {
      guint n = g_strv_length ((char **) hints);
      guint i = MIN ((guint) self->clues, n) - 1;
      /* Translators: "Clue 1 of 2: …" */
      g_autofree char *clue = g_strdup_printf (_("Clue %u of %u: %s"), i + 1, n, isle_puzzle_text (hints[i]));

      gtk_label_set_text (self->puzzle_hint, clue);
    }
  gtk_widget_set_visible (self->keep_solution_button, self->test_play && self->goal == ISLE_GOAL_MET);
  if (self->goal == ISLE_GOAL_MET)
    gtk_widget_add_css_class (self->next_puzzle_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->next_puzzle_button, "suggested-action");
  if (self->goal == ISLE_GOAL_MET && was != ISLE_GOAL_MET)
    {
      if (puzzle != NULL)
        isle_puzzles_set_solved (self->settings, puzzle->id, TRUE);
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Puzzle solved!")));
      if (g_getenv ("CRITTER_ISLE_TEST_HUMAN") != NULL || self->autoplay)
        g_print ("goal: met\n");
    }
  else if (self->goal == ISLE_GOAL_FAILED && was != ISLE_GOAL_FAILED
           && (g_getenv ("CRITTER_ISLE_TEST_HUMAN") != NULL || self->autoplay))
    g_print ("goal: failed\n");
}

static void
refresh_panel (IsleWindow *self)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;
  g_autofree char *status = status_text (self, s);
  gboolean mine = human_to_move (self);

  isle_state_observe (s, self->viewer, &obs);
  gtk_label_set_text (self->status, status);
  {
    const char *explain = mine ? ability_text (s) : NULL;

    gtk_widget_set_visible (GTK_WIDGET (self->explain), explain != NULL);
    gtk_label_set_text (self->explain, explain ? explain : "");
  }
  show_facts (self, &obs.view);
  adw_window_title_set_subtitle (self->title, status);
  show_hand (self, &obs.view, mine && s->phase == ISLE_PHASE_PLACE);
  gtk_widget_set_visible (self->hand_title, gtk_widget_get_first_child (GTK_WIDGET (self->hand)) != NULL);
  show_choices (self, s);
  show_round_end (self, s);
  if (self->reviewing || isle_state_is_terminal (s))
    fill_lines (self, s);
  show_goal (self, s);
  gtk_label_set_text (self->log, self->history->str);
}

static gboolean
panel_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) user_data;
  if (gdk_frame_clock_get_frame_counter (clock) <= self->panel_frame)
    return G_SOURCE_CONTINUE;
  self->panel_tick = 0;
  refresh_panel (self);
  return G_SOURCE_REMOVE;
}

static void
cancel_panel (IsleWindow *self)
{
  if (self->panel_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->panel_tick);
  self->panel_tick = 0;
}

/* The side panel and the subtitle follow a change of the board one frame
 * later, so that each frame repaints one side of the window: a frame is
 * repainted over the bounds of all its changes, and a tile on the left
 * with the hand on the right would be nearly the whole window, every move.
 * Until then, the panel's buttons wait (see panel_is_current()).  A page
 * that has just appeared, or a window not shown, gets its panel at once. */
static void
defer_panel (IsleWindow *self, gboolean at_once)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (at_once || clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      cancel_panel (self);
      refresh_panel (self);
      return;
    }
  /* The next frame paints the board; the one after it, the panel. */
  self->panel_frame = gdk_frame_clock_get_frame_counter (clock) + 1;
  if (self->panel_tick == 0)
    self->panel_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), panel_tick, NULL, NULL);
}

static void
refresh (IsleWindow *self)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;
  gboolean mine;
  const IsleBoard *shown;
  IsleBoard board;
  gboolean appearing;
  int seat = isle_state_to_move (s);

  ensure_game_page (self);
  if (needs_pass (self, s))
    {
      g_autofree char *name = seat_name (self, seat);
      g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
      g_autofree char *button = g_strdup_printf (_("_Play as %s"), name);

      adw_status_page_set_title (self->pass_page, title);
      adw_status_page_set_description (self->pass_page,
                                       _("Hands and hiring stay hidden until the next player is ready."));
      gtk_button_set_label (self->pass_button, button);
      cancel_panel (self);
      gtk_stack_set_visible_child_name (self->pages, "pass");
      adw_window_title_set_subtitle (self->title, title);
      update_actions (self, s);
      if (self->test_human)
        test_human_moves (self);
      return;
    }
  appearing = g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "game") != 0;
  gtk_stack_set_visible_child_name (self->pages, "game");
  mine = human_to_move (self);

  /* R12: the window shows what the viewer's seat may see. */
  isle_state_observe (s, self->viewer, &obs);
  shown = self->reviewing || (obs.view.board.occupied == 0 && s->round > 1 && !isle_state_is_terminal (s)
                              && s->phase != ISLE_PHASE_PLACE)
          ? &obs.view.scored_board : &obs.view.board;
  board = *shown;
  /* R12 strict memory (or no reminder wanted): the player's own face-down
   * tokens are not recalled. */
  if (!isle_settings_show_own_face_down (self->settings, &self->setup.rules) && shown == &obs.view.board)
    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (board.cells[cell].flags & ISLE_CELL_FACE_DOWN)
        board.cells[cell].kind = ISLE_KIND_UNKNOWN;
  isle_board_view_set_board (self->board, &board, self->viewer);
  isle_board_view_set_targets (self->board, mine ? target_cells (self) : 0);
  isle_board_view_set_preview (self->board, mine ? selected_kind (self, s) : ISLE_KIND_NONE,
                               isle_seat_side (self->viewer));
  isle_board_view_set_hint (self->board, self->hint != 0 && isle_action_cell (self->hint) < ISLE_N_CELLS
                                         ? isle_action_cell (self->hint) : -1);
  if (self->reviewing && self->review_line < self->review.n_lines)
    {
      const IsleLineScore *line = &self->review.lines[self->review_line];
      uint64_t cells = 0;

      for (int i = 0; i < line->length; i++)
        cells |= BIT (line->cells[i]);
      isle_board_view_set_highlight (self->board, cells,
                                     line->colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE);
    }
  else
    isle_board_view_set_highlight (self->board, 0, -1);

  defer_panel (self, appearing);
  update_actions (self, s);

  if ((isle_state_is_terminal (s) || self->goal != ISLE_GOAL_IN_PROGRESS) && g_getenv ("CRITTER_ISLE_QUIT_AT_END"))
    {
      if (!self->quitting)
        {
          g_autofree char *status = status_text (self, s);

          g_print ("result: %s, Red %d, Blue %d\n", status, s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
        }
      quit_soon (self);
      return;
    }
  /* A scenario's goal, once decided, ends the game there. */
  if (isle_state_is_terminal (s) || self->goal != ISLE_GOAL_IN_PROGRESS || self->reviewing
      || self->thinking != NULL || self->pause != 0 || self->quitting)
    return;
  if (mine || (self->test_human && is_human (self, seat)))
    {
      if (self->test_human)
        test_human_moves (self);
      return;
    }
  if (!is_human (self, seat) || self->autoplay)
    self->pause = g_timeout_add (self->pause_ms, computer_moves, self);
}

/* ---- the round-end review ---------------------------------------------- */

static void
end_review (IsleWindow *self)
{
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->reviewing = FALSE;
  refresh (self);
}

static void
next_round_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->reviewing)
    end_review (self);
}

static gboolean
review_step (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleState *s = isle_game_get_state (self->game);

  /* CRITTER_ISLE_TEST_STOP_AT=review: stay on the last line (screenshots). */
  if (g_strcmp0 (g_getenv ("CRITTER_ISLE_TEST_STOP_AT"), "review") == 0
      && self->review_line + 1 >= self->review.n_lines)
    return G_SOURCE_CONTINUE;
  self->review_line++;
  if (self->review_line >= self->review.n_lines)
    {
      /* All lines shown: a moment on the totals, then play on. */
      self->review_timer = 0;
      if (self->reviewing && !isle_state_is_terminal (s))
        self->review_timer = g_timeout_add_once (self->autoplay || self->test_human ? self->pause_ms : 3 * LINE_STEP_MS,
                                                 (GSourceOnceFunc) end_review, self);
      refresh (self);
      return G_SOURCE_REMOVE;
    }
  refresh (self);
  return G_SOURCE_CONTINUE;
}

/* R7.5: after a round is scored, its lines light up one by one. */
static void
start_review (IsleWindow *self, const IsleState *s)
{
  int32_t totals[ISLE_N_SIDES];

  isle_board_score (&s->scored_board, s->rules.line_score, totals, &self->review);
  self->review_line = 0;
  self->reviewing = !isle_state_is_terminal (s);
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->lines_shown = -1;
  self->review_timer = g_timeout_add (self->autoplay || self->test_human ? MAX (1u, self->pause_ms) : LINE_STEP_MS,
                                      review_step, self);
}

/* ---- autosave ---------------------------------------------------------- */

static void
report_save_error (IsleWindow *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"), error->message);

  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

/* USER_DATA is a GWeakRef to the window, which may be gone by now. */
static void
on_autosaved (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr (IsleWindow) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;

  g_weak_ref_clear (ref);
  g_free (ref);
  if (!isle_saver_save_finish (ISLE_SAVER (source), result, &error)
      && self != NULL && self->saver != NULL)
    report_save_error (self, error);
}

/* The game is written in a worker thread: a slow disk never stalls the
 * window. The saver writes the newest game last, and the window waits for
 * it when it closes. */
static void
autosave (IsleWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GWeakRef *ref;
  char *data;
  gsize length;

  if (self->saver == NULL || self->game == NULL || self->test_play)
    return;
  data = isle_saved_game_to_data (self->game, &length, &error);
  if (data == NULL)
    {
      report_save_error (self, error);
      return;
    }
  bytes = g_bytes_new_take (data, length);
  ref = g_new (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  isle_saver_save_async (self->saver, bytes, NULL, on_autosaved, ref);
}

static void
on_game_changed (IsleGame *game, IsleWindow *self)
{
  const IsleState *before = isle_game_get_previous (game);
  const IsleState *s = isle_game_get_state (game);
  g_autofree char *line = before ? describe (self, before, isle_game_get_last_action (game)) : NULL;

  if (line != NULL)
    {
      /* The newest first; the last dozen lines. */
      const char *p;
      int lines = 0;

      g_string_prepend (self->history, "\n");
      g_string_prepend (self->history, line);
      for (p = self->history->str; (p = strchr (p, '\n')) != NULL; p++)
        if (++lines == 12)
          {
            g_string_truncate (self->history, (gsize) (p - self->history->str));
            break;
          }
    }
  autosave (self);
  self->hint = 0;
  self->first_cell = -1;
  /* A human seat to move whose turn it is: it becomes the view, unless
   * the pass page must come first. */
  if (n_humans (self) == 1 && is_human (self, isle_state_to_move (s)))
    self->viewer = isle_state_to_move (s);
  if (before != NULL && (s->round > before->round || (isle_state_is_terminal (s) && !isle_state_is_terminal (before)))
      && isle_game_get_last_action (game) != 0)
    start_review (self, s);
  refresh (self);
  if (self->quit_after != 0 && isle_game_get_position (game) >= self->quit_after)
    {
      if (!self->quitting)
        g_print ("quit at position %u\n", isle_game_get_position (game));
      quit_soon (self);
    }
}

/* ---- tests: the human seats played at random through the actions ------- */

static gboolean
test_human_step (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleState *s = isle_game_get_state (self->game);
  IsleActionList list;
  char text[64];
  guint32 pick;

  self->pause = 0;
  if (isle_state_is_terminal (s) || !is_human (self, isle_state_to_move (s)))
    return G_SOURCE_REMOVE;
  /* CRITTER_ISLE_TEST_STOP_AT=hire: stay at the hiring market (screenshots). */
  if (g_strcmp0 (g_getenv ("CRITTER_ISLE_TEST_STOP_AT"), "hire") == 0 && s->phase == ISLE_PHASE_HIRE)
    return G_SOURCE_REMOVE;
  if (self->test_undo_at != 0 && isle_game_get_position (self->game) >= self->test_undo_at)
    {
      /* Undo to the previous human decision and redo: the same state. */
      IsleState here = *s;

      self->test_undo_at = 0;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.undo", NULL);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.redo", NULL);
      g_print ("undo-redo: %s\n", memcmp (&here, isle_game_get_state (self->game), sizeof here) == 0
                                  ? "same" : "different");
      s = isle_game_get_state (self->game);
    }
  /* CRITTER_ISLE_TEST_HINT_UNDO=N: at a decision from N on, ask for a hint
   * and undo while it is thought over; the game must go on. */
  if (self->test_hint_undo_at != 0 && isle_game_get_position (self->game) >= self->test_hint_undo_at
      && isle_game_get_can_undo (self->game))
    {
      self->test_hint_undo_at = 0;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.hint", NULL);
      g_print ("hint-asked: %s\n", self->thinking != NULL ? "yes" : "no");
      gtk_widget_activate_action (GTK_WIDGET (self), "win.undo", NULL);
      g_print ("hint-undo: position %u\n", isle_game_get_position (self->game));
      s = isle_game_get_state (self->game);
      if (!is_human (self, isle_state_to_move (s)))
        return G_SOURCE_REMOVE;
    }
  isle_state_legal_actions (s, &list);
  pick = g_random_int_range (0, list.n);
  isle_action_format (s, list.actions[pick], text);
  if (needs_pass (self, s))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.take-turn", NULL);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play", "s", text);
  return G_SOURCE_REMOVE;
}

static void
test_human_moves (IsleWindow *self)
{
  if (self->pause == 0)
    self->pause = g_timeout_add (self->pause_ms, test_human_step, self);
}

/* ---- actions ----------------------------------------------------------- */

/* Starts GAME (with its setup) in the window; takes a reference. */
/* A saved game names only built-in players (a shared file never starts a
 * program); the autosave's plugin and engine seats are remembered in the
 * settings, and put back on Continue where the file has their stand-in. */
static void
remember_players (IsleWindow *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) players = NULL;

  if (self->test_play || self->autoplay)
    return;
  for (int seat = 0; seat < isle_game_setup_n_seats (&self->setup); seat++)
    g_strv_builder_add (builder, self->setup.players[seat]);
  players = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "autosave-players", (const char *const *) players);
}

static void
restore_players (IsleWindow *self, char **remembered)
{
  int n = isle_game_setup_n_seats (&self->setup);

  if (remembered == NULL || g_strv_length (remembered) != (guint) n)
    return;
  for (int seat = 0; seat < n; seat++)
    if (g_strcmp0 (isle_scenario_player_stand_in (remembered[seat]), self->setup.players[seat]) != 0)
      return;
  for (int seat = 0; seat < n; seat++)
    {
      g_strlcpy (self->setup.players[seat], remembered[seat], sizeof self->setup.players[seat]);
      g_clear_object (&self->players[seat]);
    }
  remember_players (self);
}

static void
start_game (IsleWindow *self, IsleGame *game)
{
  const IsleState *s;

  stop_thinking (self);
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->reviewing = FALSE;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  self->setup = *isle_game_get_setup (game);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_clear_object (&self->players[seat]);
  if (self->autoplay)
    for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
      if (is_human (self, seat))
        g_strlcpy (self->setup.players[seat], "medium", sizeof self->setup.players[seat]);
  s = isle_game_get_state (game);
  /* The first human seat is shown, or seat 0 when computers play alone. */
  self->viewer = 0;
  for (int seat = isle_game_setup_n_seats (&self->setup) - 1; seat >= 0; seat--)
    if (is_human (self, seat))
      self->viewer = seat;
  if (is_human (self, isle_state_to_move (s)))
    self->viewer = isle_state_to_move (s);
  g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  g_string_truncate (self->history, 0);
  self->selected = 0;
  self->first_cell = -1;
  self->face_down = FALSE;
  self->clues = 0;
  self->goal = ISLE_GOAL_IN_PROGRESS;
  gtk_widget_set_visible (self->back_button, FALSE);
  remember_players (self);
  autosave (self);
  refresh (self);
}

static void
new_game_from_setup (IsleWindow *self, const IsleGameSetup *setup)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = isle_game_new_from_setup (setup, (guint64) g_get_real_time (), &error);

  if (game == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  self->puzzle = -1;
  start_game (self, game);
}

/* ---- scenarios and puzzles --------------------------------------------- */

/* Plays SCENARIO from its start (chance from SEED when it has no seed of
 * its own). */
static gboolean
play_scenario (IsleWindow *self, IsleScenario *scenario, guint64 seed, GError **error)
{
  g_autoptr (IsleGame) game = isle_game_new_from_scenario (scenario, seed, error);

  if (game == NULL)
    return FALSE;
  start_game (self, game);
  return TRUE;
}

static void
play_puzzle (IsleWindow *self, int index)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = NULL;

  if (self->puzzles == NULL || index < 0 || (guint) index >= self->puzzles->len)
    return;
  scenario = isle_puzzle_load (g_ptr_array_index (self->puzzles, index), &error);
  if (scenario != NULL)
    {
      self->puzzle = index;
      if (play_scenario (self, scenario, (guint64) g_get_real_time (), &error))
        return;
    }
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

static void
on_puzzle_activated (AdwActionRow *row, IsleWindow *self)
{
  play_puzzle (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "index")));
}

static void
open_puzzle_folder (GtkButton *button, IsleWindow *self)
{
  g_autofree char *dir = isle_puzzles_user_dir ();
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *uri = g_file_get_uri (folder);

  (void) button;
  g_mkdir_with_parents (dir, 0700);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

/* The Puzzles page: the built-in pack and the player's own, each with its
 * difficulty, goal and whether it is solved. */
static void
fill_puzzles (IsleWindow *self)
{
  GtkWidget *child;
  AdwPreferencesGroup *groups[2];
  int solved = 0, builtin = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->puzzle_lists))) != NULL)
    gtk_box_remove (self->puzzle_lists, child);
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  self->puzzles = isle_puzzles_list ();
  for (int i = 0; i < 2; i++)
    {
      groups[i] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      gtk_box_append (self->puzzle_lists, GTK_WIDGET (groups[i]));
    }
  adw_preferences_group_set_title (groups[0], _("Puzzles"));
  adw_preferences_group_set_title (groups[1], _("Your Puzzles"));
  {
    g_autofree char *dir = isle_puzzles_user_dir ();
    g_autofree char *description =
      g_strdup_printf (_("Scenarios you make in the editor (Save to My Puzzles) or put in %s"), dir);
    GtkWidget *folder = gtk_button_new_from_icon_name ("folder-open-symbolic");

    adw_preferences_group_set_description (groups[1], description);
    gtk_widget_set_tooltip_text (folder, _("Open the Folder"));
    gtk_widget_add_css_class (folder, "flat");
    g_signal_connect (folder, "clicked", G_CALLBACK (open_puzzle_folder), self);
    adw_preferences_group_set_header_suffix (groups[1], folder);
  }
  for (guint i = 0; i < self->puzzles->len; i++)
    {
      IslePuzzle *puzzle = g_ptr_array_index (self->puzzles, i);
      GtkWidget *row = adw_action_row_new ();
      const char *difficulty = isle_difficulty_name (puzzle->difficulty);
      g_autofree char *subtitle = NULL;

      if (puzzle->error != NULL)
        subtitle = g_strdup (puzzle->error);
      else if (difficulty != NULL)
        subtitle = g_strdup_printf ("%s · %s", difficulty, puzzle->goal ? puzzle->goal : "");
      else
        subtitle = g_strdup (puzzle->goal ? puzzle->goal : "");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), puzzle->title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (isle_puzzles_is_solved (self->settings, puzzle->id))
        {
          GtkWidget *mark = gtk_image_new_from_icon_name ("emblem-ok-symbolic");

          gtk_widget_add_css_class (mark, "success");
          gtk_widget_set_tooltip_text (mark, _("Solved"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solved"), -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
          solved += puzzle->builtin;
        }
      builtin += puzzle->builtin;
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "index", GINT_TO_POINTER (i));
      if (puzzle->error == NULL)
        {
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          g_signal_connect (row, "activated", G_CALLBACK (on_puzzle_activated), self);
        }
      else
        gtk_widget_set_sensitive (row, FALSE);
      adw_preferences_group_add (groups[puzzle->builtin ? 0 : 1], row);
    }
  {
    /* Translators: "4 of 16 solved" */
    g_autofree char *count = g_strdup_printf (_("%d of %d solved"), solved, builtin);

    adw_preferences_group_set_description (groups[0], count);
  }
}

static void
puzzles_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  stop_thinking (self);
  fill_puzzles (self);
  gtk_stack_set_visible_child_name (self->pages, "puzzles");
  adw_window_title_set_subtitle (self->title, _("Puzzles"));
  gtk_widget_set_visible (self->back_button, TRUE);
}

static void
back_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  gtk_widget_set_visible (self->back_button, FALSE);
  adw_window_title_set_subtitle (self->title, NULL);
  gtk_stack_set_visible_child_name (self->pages, "start");
}

static void
previous_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  play_puzzle (self, self->puzzle - 1);
}

static void
next_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  play_puzzle (self, self->puzzle + 1);
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
  if (!play_scenario (self, again, isle_game_get_seed (self->game), &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

static void
clue_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  self->clues++;
  refresh (self);
}

/* Test play: the moves from the start to here become the scenario's
 * solution in the editor. */
static void
keep_solution_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);

  (void) name;
  (void) parameter;
  if (self->editor == NULL)
    return;
  for (guint i = 0; i < isle_game_get_position (self->game); i++)
    {
      char text[32];

      isle_action_format (isle_game_get_state_at (self->game, i), isle_game_get_action (self->game, i), text);
      g_ptr_array_add (moves, g_strdup (text));
    }
  g_ptr_array_add (moves, NULL);
  isle_editor_window_set_solution (ISLE_EDITOR_WINDOW (self->editor), (const char *const *) moves->pdata);
  gtk_window_present (self->editor);
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
  new_game_from_setup (ISLE_WINDOW (user_data), setup);
}

static void
new_game_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->autoplay || g_getenv ("CRITTER_ISLE_TEST_HUMAN") != NULL)
    {
      /* Tests: the remembered setup, no dialog; CRITTER_ISLE_TEST_VARIANT
       * and CRITTER_ISLE_TEST_PLAYERS=human,random,… change it. */
      IsleGameSetup setup;
      const char *variant = g_getenv ("CRITTER_ISLE_TEST_VARIANT");
      const char *players = g_getenv ("CRITTER_ISLE_TEST_PLAYERS");

      isle_settings_load_setup (self->settings, &setup);
      if (variant != NULL && isle_variant_from_id (variant) != ISLE_N_VARIANTS)
        setup.variant = isle_variant_from_id (variant);
      if (players != NULL)
        {
          g_auto (GStrv) specs = g_strsplit (players, ",", ISLE_MAX_SEATS);

          for (int seat = 0; specs[seat] != NULL; seat++)
            g_strlcpy (setup.players[seat], specs[seat], sizeof setup.players[seat]);
        }
      new_game_from_setup (self, &setup);
      return;
    }
  isle_new_game_dialog_present (GTK_WINDOW (self), self->settings, on_new_game_chosen, self);
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
  new_game_from_setup (self, &setup);
}

static gboolean
load_game (IsleWindow *self, const char *path, gboolean quiet)
{
  g_autoptr (GError) error = NULL;
  /* The autosave falls back to its backup when it cannot be read. */
  g_autoptr (IsleGame) game = g_strcmp0 (path, self->autosave) == 0
                              ? isle_saved_game_load_or_backup (path, NULL, &error)
                              : isle_saved_game_load (path, &error);
  g_auto (GStrv) remembered = g_settings_get_strv (self->settings, "autosave-players");

  if (game == NULL)
    {
      if (!quiet)
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      else
        g_warning ("%s", error->message);
      return FALSE;
    }
  self->puzzle = -1;
  start_game (self, game);
  if (g_strcmp0 (path, self->autosave) == 0)
    restore_players (self, remembered);
  if (g_getenv ("CRITTER_ISLE_TEST_HUMAN") != NULL)
    g_print ("resumed at position %u\n", isle_game_get_position (game));
  return TRUE;
}

static void
continue_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  load_game (self, self->autosave, FALSE);
}

static void
take_turn_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  int seat = isle_state_to_move (isle_game_get_state (self->game));

  (void) name;
  (void) parameter;
  if (is_human (self, seat))
    self->viewer = seat;
  self->selected = 0;
  refresh (self);
}

/* win.play("place rW c3"): the human to move makes a decision by its text
 * form (tests, and the keyboard's Enter on a button). */
static void
play_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  const IsleState *s = isle_game_get_state (self->game);
  const char *text = g_variant_get_string (parameter, NULL);
  IsleAction a;

  (void) name;
  if (!is_human (self, isle_state_to_move (s)) || needs_pass (self, s) || self->goal != ISLE_GOAL_IN_PROGRESS)
    return;
  if (!isle_action_parse (s, text, &a) || !isle_state_is_legal (s, a))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not a legal move now"), text);
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (msg));
      return;
    }
  play (self, a);
}

static void
hint_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;

  (void) name;
  (void) parameter;
  if (!human_to_move (self) || isle_state_is_terminal (s) || self->thinking)
    return;
  isle_state_observe (s, self->viewer, &obs);
  self->thinking = g_cancellable_new ();
  thinking_shown (self, TRUE);
  isle_ai_player_choose_async (self->adviser, &obs, 0, self->thinking, hint_chosen,
                               g_object_ref (self));
}

/* Undo takes back the computers' answers too, to a human's last decision;
 * any thinking or hint in progress is cancelled first, so undo and hint
 * can never wait on each other. */
static void
undo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  stop_thinking (self);
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->reviewing = FALSE;
  while (isle_game_undo (self->game)
         && !is_human (self, isle_state_to_move (isle_game_get_state (self->game))))
    ;
}

static void
redo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  stop_thinking (self);
  while (isle_game_redo (self->game)
         && !is_human (self, isle_state_to_move (isle_game_get_state (self->game))))
    ;
}

/* ---- files ------------------------------------------------------------- */

static void
on_open_response (GtkNativeDialog *dialog, int response, IsleWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path != NULL)
        load_game (self, path, FALSE);
    }
  g_object_unref (dialog);
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = isle_file_chooser_filter ();

  (void) name;
  (void) parameter;
  dialog = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  isle_file_chooser_start_folder (GTK_FILE_CHOOSER (dialog), NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_save_response (GtkNativeDialog *dialog, int response, IsleWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && !isle_saved_game_save (self->game, path, &error))
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      else if (path != NULL)
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Game saved")));
    }
  g_object_unref (dialog);
}

static void
save_as_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = isle_file_chooser_filter ();

  (void) name;
  (void) parameter;
  dialog = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  isle_file_chooser_start_folder (GTK_FILE_CHOOSER (dialog), NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("Critter Isle game.isle"));
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- benchmark hooks --------------------------------------------------- */

static gboolean
bench_tick (gpointer user_data)
{
  IsleWindow *self = user_data;
  gint64 now = g_get_monotonic_time ();

  /* Only waits while a computer player (or a hint) is thinking count. */
  if (self->last_tick != 0 && self->thinking != NULL && now - self->last_tick > self->max_stall)
    self->max_stall = now - self->last_tick;
  self->last_tick = now;
  return G_SOURCE_CONTINUE;
}

/* ---- keys, size and screenshots ---------------------------------------- */

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                IsleWindow *self)
{
  GtkWidget *button;
  int index;

  (void) keys;
  (void) keycode;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_5)
    keyval = GDK_KEY_1 + (keyval - GDK_KEY_KP_1);
  if (keyval < GDK_KEY_1 || keyval > GDK_KEY_5)
    return FALSE;
  index = (int) (keyval - GDK_KEY_1);
  /* Only while placing are the hand's tokens buttons. */
  button = hand_button (self, index);
  if (!GTK_IS_TOGGLE_BUTTON (button) || !gtk_widget_get_sensitive (button))
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  return TRUE;
}

/* Narrow windows put the panel under the board (down to 360 px wide). */
static void
on_width_changed (IsleWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;

  if (self->game_box == NULL)
    return;
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->game_box),
                                  width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL
                                                       : GTK_ORIENTATION_HORIZONTAL);
}

/* CRITTER_ISLE_SCREENSHOT=FILE.png: draw the window into FILE once it is
 * shown (after CRITTER_ISLE_SCREENSHOT_AFTER ms, default 1500), then close
 * (for tests and the project's screenshots). The picture is taken right
 * after a frame is painted, so it shows what is on screen. What it shows:
 * the editor of CRITTER_ISLE_TEST_EDITOR when it is open, else the window. */
static GtkWidget *
screenshot_target (IsleWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app != NULL && g_getenv ("CRITTER_ISLE_TEST_EDITOR") != NULL)
    for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
      if (ISLE_IS_EDITOR_WINDOW (l->data))
        return l->data;
  {
    GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));

    if (shortcuts != NULL && gtk_widget_get_visible (GTK_WIDGET (shortcuts)))
      return GTK_WIDGET (shortcuts);
  }
  if (g_getenv ("CRITTER_ISLE_TEST_TOUR") != NULL)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

          if (ISLE_IS_HOW_TO_PLAY (window))
            return GTK_WIDGET (window);
        }
    }
  return GTK_WIDGET (self);
}

static void
capture (GdkFrameClock *clock, IsleWindow *self)
{
  GtkWidget *widget = screenshot_target (self);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_signal_handlers_disconnect_by_func (clock, capture, self);
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      /* Nothing drawn yet: try at the next frame. */
      g_signal_connect (clock, "after-paint", G_CALLBACK (capture), self);
      gtk_widget_queue_draw (widget);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, g_getenv ("CRITTER_ISLE_SCREENSHOT")))
    g_printerr ("critter-isle: cannot write the screenshot\n");
  if (widget != GTK_WIDGET (self))
    gtk_window_destroy (GTK_WINDOW (widget));
  quit_soon (self);
}

static gboolean
take_screenshot (gpointer user_data)
{
  IsleWindow *self = user_data;
  GtkWidget *target = screenshot_target (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (target);

  if (clock == NULL)
    return G_SOURCE_CONTINUE;   /* not shown yet */
  self->screenshot_timer = 0;
  g_signal_connect (clock, "after-paint", G_CALLBACK (capture), self);
  gtk_widget_queue_draw (target);
  return G_SOURCE_REMOVE;
}

/* ---- from a game to the editor ----------------------------------------- */

/* The position on the board, opened in a new editor window as the start of
 * a scenario: a puzzle can be made from any game. */
static void
edit_position_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  const IsleState *s = isle_game_get_state (self->game);
  g_autoptr (IsleScenario) scenario = NULL;
  IsleEditorWindow *editor;
  const char *opponent = "medium";

  (void) name;
  (void) parameter;
  if (s->phase != ISLE_PHASE_PLACE && s->phase != ISLE_PHASE_HOP && s->phase != ISLE_PHASE_SETTLE)
    {
      adw_toast_overlay_add_toast (self->toasts,
                                   adw_toast_new (_("A position can be edited when a token is about to be placed")));
      return;
    }
  scenario = isle_scenario_new ();
  isle_scenario_set_start_from_state (scenario, s);
  isle_scenario_set_player (scenario, self->viewer);
  for (int seat = 0; seat < isle_game_setup_n_seats (&self->setup); seat++)
    if (!is_human (self, seat) && isle_ai_find (self->setup.players[seat]) != NULL)
      opponent = self->setup.players[seat];
  isle_scenario_set_opponent (scenario, opponent);
  editor = isle_editor_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  isle_editor_window_set_scenario (editor, scenario);
  gtk_window_present (GTK_WINDOW (editor));
}

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
  isle_window_open_file (self, file);
  return TRUE;
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
  self->puzzle = -1;
  start_game (self, game);
}

/* A scenario or saved game pasted as text is played. */
static void
paste_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_pasted, g_object_ref (widget));
}

static gboolean
isle_window_close_request (GtkWindow *window)
{
  /* The computer stops thinking at once: closing never waits for it. */
  stop_thinking (ISLE_WINDOW (window));
  return GTK_WINDOW_CLASS (isle_window_parent_class)->close_request (window);
}

static void
isle_window_dispose (GObject *object)
{
  IsleWindow *self = ISLE_WINDOW (object);

  stop_thinking (self);
  cancel_panel (self);
  g_clear_handle_id (&self->review_timer, g_source_remove);
  g_clear_handle_id (&self->screenshot_timer, g_source_remove);
  if (self->bench_timer != 0)
    {
      g_print ("max-stall-ms: %.1f\n", (double) self->max_stall / 1000.0);
      g_clear_handle_id (&self->bench_timer, g_source_remove);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_clear_object (&self->players[seat]);
  g_clear_object (&self->adviser);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  if (self->editor != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->editor), (gpointer *) &self->editor);
  self->editor = NULL;
  g_clear_pointer (&self->autosave, g_free);
  if (self->saver != NULL)
    {
      g_autoptr (GError) error = NULL;

      /* The last decision reaches the disk before the window goes. */
      if (!isle_saver_flush (self->saver, &error))
        g_warning ("The game could not be saved: %s", error->message);
      g_clear_object (&self->saver);
    }
  if (self->history != NULL)
    {
      g_string_free (self->history, TRUE);
      self->history = NULL;
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
  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, tour_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, puzzle_lists);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, editor_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, tour_offer);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pass_page);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, pass_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
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
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, next_round_action);
  gtk_widget_class_install_action (widget_class, "win.continue", NULL, continue_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.take-turn", NULL, take_turn_action);
  gtk_widget_class_install_action (widget_class, "win.play", "s", play_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
}

/* Preferences apply at once. */
/* The start page's main button: Continue when a game waits; else, until
 * the walkthrough has been seen, How to Play with a word for newcomers;
 * else New Game. */
static void
show_start_offer (IsleWindow *self)
{
  gboolean waiting = gtk_widget_get_visible (self->continue_button);
  gboolean newcomer = !waiting && !g_settings_get_boolean (self->settings, "tour-taken");

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
  else if (g_strcmp0 (key, "animations") == 0 && self->board != NULL)
    isle_board_view_set_animate (self->board, g_settings_get_boolean (settings, key)
                                              && !self->autoplay && !self->test_human);
  else if (g_strcmp0 (key, "remind-face-down") == 0 && self->game != NULL
           && gtk_stack_get_visible_child_name (self->pages) != NULL
           && g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "game") == 0)
    refresh (self);
}

static guint
env_uint (const char *name, guint fallback)
{
  const char *value = g_getenv (name);

  return value != NULL ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

/* Screenshots and tests: CRITTER_ISLE_TEST_PAGE=puzzles shows the Puzzles
 * page (=shortcuts: the shortcuts window), CRITTER_ISLE_TEST_PUZZLE=N plays
 * the Nth puzzle (from 0), CRITTER_ISLE_TEST_EDITOR=FILE opens FILE in the
 * scenario editor, CRITTER_ISLE_TEST_TOUR=N opens How to Play at page N
 * (from 0). */
static void
open_test_page (gpointer user_data)
{
  IsleWindow *self = user_data;
  const char *editor = g_getenv ("CRITTER_ISLE_TEST_EDITOR");

  if (g_strcmp0 (g_getenv ("CRITTER_ISLE_TEST_PAGE"), "puzzles") == 0
      || g_getenv ("CRITTER_ISLE_TEST_PUZZLE") != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.puzzles", NULL);
  if (g_strcmp0 (g_getenv ("CRITTER_ISLE_TEST_PAGE"), "shortcuts") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-help-overlay", NULL);
  if (g_getenv ("CRITTER_ISLE_TEST_PUZZLE") != NULL)
    play_puzzle (self, (int) env_uint ("CRITTER_ISLE_TEST_PUZZLE", 0));
  if (g_getenv ("CRITTER_ISLE_TEST_TOUR") != NULL)
    {
      GtkWindow *tour = isle_how_to_play_new (GTK_WINDOW (self));

      gtk_window_present (tour);
      isle_how_to_play_go_to (ISLE_HOW_TO_PLAY (tour), env_uint ("CRITTER_ISLE_TEST_TOUR", 0));
    }
  if (editor != NULL)
    {
      IsleEditorWindow *window = isle_editor_window_new (gtk_window_get_application (GTK_WINDOW (self)));
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (editor);

      isle_editor_window_open_file (window, file);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* The primary menu's popover is built when the menu is first opened, not
 * with the window. */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  IsleWindow *self = user_data;

  gtk_menu_button_set_menu_model (button, self->primary_menu);
  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
}

/* The game page, built the first time it is needed: the start page shows
 * sooner without it. Every function that reaches into the page calls this
 * first (or runs only once a game is shown). */
static void
ensure_game_page (IsleWindow *self)
{
  g_autoptr (GtkBuilder) builder = NULL;
  GtkDropTarget *drop;

  /* Built, or the window is gone. */
  if (self->game_box != NULL || self->pages == NULL)
    return;
  builder = gtk_builder_new_from_resource ("/io/github/critterisle/CritterIsle/isle-game-page.ui");
#define GAME_PAGE_WIDGET(name) self->name = (gpointer) gtk_builder_get_object (builder, #name)
  GAME_PAGE_WIDGET (game_box);
  GAME_PAGE_WIDGET (board);
  GAME_PAGE_WIDGET (status);
  GAME_PAGE_WIDGET (explain);
  GAME_PAGE_WIDGET (round_row);
  GAME_PAGE_WIDGET (score_row);
  GAME_PAGE_WIDGET (coins_row);
  GAME_PAGE_WIDGET (piles_row);
  GAME_PAGE_WIDGET (hired_row);
  GAME_PAGE_WIDGET (hand_title);
  GAME_PAGE_WIDGET (hand);
  GAME_PAGE_WIDGET (choices);
  GAME_PAGE_WIDGET (round_end);
  GAME_PAGE_WIDGET (round_end_title);
  GAME_PAGE_WIDGET (lines);
  GAME_PAGE_WIDGET (rematch_button);
  GAME_PAGE_WIDGET (next_round_button);
  GAME_PAGE_WIDGET (log);
  GAME_PAGE_WIDGET (puzzle_box);
  GAME_PAGE_WIDGET (puzzle_title);
  GAME_PAGE_WIDGET (puzzle_goal);
  GAME_PAGE_WIDGET (puzzle_description);
  GAME_PAGE_WIDGET (puzzle_hint);
  GAME_PAGE_WIDGET (next_puzzle_button);
  GAME_PAGE_WIDGET (keep_solution_button);
#undef GAME_PAGE_WIDGET
  gtk_stack_add_named (self->pages, GTK_WIDGET (self->game_box), "game");
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (on_cell_activated), self);
  drop = gtk_drop_target_new (G_TYPE_INT, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_token_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drop));
  on_setting_changed (self->settings, "animations", self);
  on_width_changed (self);
}

static gboolean
build_game_page (gpointer self)
{
  ensure_game_page (self);
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
    ensure_game_page (ISLE_WINDOW (widget));
}

static void
isle_window_init (IsleWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) saved = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The app icon as a PNG twice the page's icon size: rendering the SVG
   * would hold up the first frame. */
  {
    g_autoptr (GdkTexture) icon
      = gdk_texture_new_from_resource ("/io/github/critterisle/CritterIsle/start-icon.png");

    adw_status_page_set_paintable (self->start_page, GDK_PAINTABLE (icon));
  }
  self->settings = g_object_ref (isle_settings_get ());
  self->history = g_string_new (NULL);
  self->autosave = isle_saved_game_autosave_path ();
  self->saver = isle_saver_new (self->autosave);
  self->first_cell = -1;
  self->puzzle = -1;
  self->pause_ms = COMPUTER_PAUSE_MS;
  if (g_getenv ("CRITTER_ISLE_AUTOPLAY") != NULL)
    {
      self->autoplay = TRUE;
      self->pause_ms = env_uint ("CRITTER_ISLE_AUTOPLAY", COMPUTER_PAUSE_MS);
    }
  if (g_strcmp0 (g_getenv ("CRITTER_ISLE_TEST_HUMAN"), "random") == 0)
    {
      self->test_human = TRUE;
      self->pause_ms = env_uint ("CRITTER_ISLE_TEST_PAUSE", 1);
    }
  self->test_undo_at = env_uint ("CRITTER_ISLE_TEST_UNDO_AT", 0);
  self->test_hint_undo_at = env_uint ("CRITTER_ISLE_TEST_HINT_UNDO", 0);
  self->quit_after = env_uint ("CRITTER_ISLE_QUIT_AFTER", 0);
  self->bench = g_getenv ("CRITTER_ISLE_BENCH") != NULL;
  if (self->bench)
    self->bench_timer = g_timeout_add (5, bench_tick, self);
  self->adviser = isle_builtin_player_new ("expert", (guint64) g_get_real_time ());
  {
    GtkDropTarget *files = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

    /* A `.isle` file dropped anywhere on the window is played. */
    g_signal_connect (files, "drop", G_CALLBACK (on_file_dropped), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (files));
  }
  g_signal_connect (self, "map", G_CALLBACK (on_first_map), NULL);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (on_setting_changed), self, 0);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (on_width_changed), self);
  isle_settings_track_window (self->settings, GTK_WINDOW (self));
  on_width_changed (self);

  /* A game to show: the autosave's, else the remembered setup's. The start
   * page offers Continue only when the autosave holds a game not over. */
  if (g_file_test (self->autosave, G_FILE_TEST_EXISTS))
    {
      g_autofree char *damage = NULL;

      saved = isle_saved_game_load_or_backup (self->autosave, &damage, &error);
      /* A damaged autosave is never overwritten nor made the backup: the
       * next save moves it aside. Continue goes back to the backup. */
      if (saved == NULL || damage != NULL)
        {
          g_autofree char *text = g_strdup_printf (saved != NULL
                                                   ? _("The game in progress could not be read (%s); Continue goes back to the move before.")
                                                   : _("The game in progress could not be read: %s"),
                                                   saved != NULL ? damage : error->message);

          isle_saver_set_damaged (self->saver);
          adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
          g_printerr ("critter-isle: %s\n", text);
        }
    }
  if (saved != NULL && isle_state_is_terminal (isle_game_get_state (saved)))
    g_clear_object (&saved);
  gtk_widget_set_visible (self->continue_button, saved != NULL);
  show_start_offer (self);
  if (saved != NULL && (self->test_human || self->autoplay) && g_getenv ("CRITTER_ISLE_CONTINUE"))
    {
      g_autofree char *path = g_strdup (self->autosave);
      load_game (self, path, TRUE);
    }
  else if (self->autoplay || self->test_human)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
  else
    {
      IsleGameSetup setup;
      g_autoptr (IsleGame) game = NULL;

      /* A game behind the start page, so the window always has one; it is
       * shown (and saved) only once the player starts or continues. */
      isle_settings_load_setup (self->settings, &setup);
      game = isle_game_new_from_setup (&setup, (guint64) g_get_real_time (), NULL);
      if (game == NULL)
        g_error ("the standard rules cannot start a game");
      self->game = g_object_ref (game);
      self->setup = *isle_game_get_setup (game);
      gtk_stack_set_visible_child_name (self->pages, "start");
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-position", FALSE);
    }
  if (g_getenv ("CRITTER_ISLE_SCREENSHOT") != NULL)
    self->screenshot_timer = g_timeout_add (env_uint ("CRITTER_ISLE_SCREENSHOT_AFTER", 1500),
                                            take_screenshot, self);
  if (g_getenv ("CRITTER_ISLE_TEST_PAGE") != NULL || g_getenv ("CRITTER_ISLE_TEST_PUZZLE") != NULL
      || g_getenv ("CRITTER_ISLE_TEST_EDITOR") != NULL || g_getenv ("CRITTER_ISLE_TEST_TOUR") != NULL)
    g_idle_add_once (open_test_page, self);
}

IsleWindow *
isle_window_new (GtkApplication *app)
{
  return g_object_new (ISLE_TYPE_WINDOW, "application", app, NULL);
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
    load_game (self, path, FALSE);
}

IsleGame *
isle_window_get_game (IsleWindow *self)
{
  g_return_val_if_fail (ISLE_IS_WINDOW (self), NULL);

  return self->game;
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
  if (!play_scenario (self, scenario, (guint64) g_get_real_time (), error))
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
