/* isle-window.c — the main window. The human plays Red against a computer
 * player; every decision point has its control: tiles of the map for
 * placements and targets, the hand for which token, and buttons for the
 * rest. The computer thinks on a worker thread (IsleAiPlayer), after a short
 * pause so its move can be followed; the main loop never waits for it. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-board-view.h"
#include "isle-builtin-player.h"
#include "isle-game.h"
#include "isle-rules-json.h"
#include "isle-window.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define COMPUTER_PAUSE_MS 450

struct _IsleWindow
{
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *title;
  IsleBoardView *board;
  GtkSpinner *spinner;
  GtkLabel *status;
  GtkLabel *scores;
  GtkFlowBox *hand;
  GtkBox *choices;
  GtkLabel *log;

  IsleRules rules;
  IsleGame *game;
  int human;                   /* the human's seat */
  IsleAiPlayer *computer;
  IsleAiPlayer *adviser;       /* for hints */
  GCancellable *thinking;      /* the computer's move or a hint */
  guint pause;                 /* source of the pause before a computer move */
  int selected;                /* index of the selected hand token */
  IsleAction hint;
  GString *history;
  /* CRITTER_ISLE_AUTOPLAY=MS (tests, screenshots): the computer plays
   * every seat, pausing MS between moves. */
  gboolean autoplay;
  guint pause_ms;
};

G_DEFINE_FINAL_TYPE (IsleWindow, isle_window, ADW_TYPE_APPLICATION_WINDOW)

static void refresh (IsleWindow *self);

/* ---- words for the game ------------------------------------------------ */

static const char *
kind_name (IsleKind kind)
{
  switch (kind)
    {
    case ISLE_KIND_WOLF: return _("Wolf");
    case ISLE_KIND_PIG: return _("Pig");
    case ISLE_KIND_RAT: return _("Rat");
    case ISLE_KIND_RABBIT: return _("Rabbit");
    case ISLE_KIND_FOX: return _("Fox");
    case ISLE_KIND_TURTLE: return _("Turtle");
    case ISLE_KIND_CAT: return _("Cat");
    case ISLE_KIND_MOUSES: return _("Mouses");
    case ISLE_KIND_SNAKE: return _("Snake");
    case ISLE_KIND_FROG: return _("Frog");
    case ISLE_KIND_CHAMELEON: return _("Chameleon");
    case ISLE_KIND_CROW: return _("Crow");
    case ISLE_KIND_MOLE: return _("Mole");
    case ISLE_KIND_PRAIRIE_DOG: return _("Prairie Dog");
    case ISLE_KIND_HIPPO: return _("Hippo");
    default: return _("token");
    }
}

static const char *
weather_name (int weather)
{
  switch (weather)
    {
    case ISLE_WEATHER_SUNNY: return _("Sunny");
    case ISLE_WEATHER_CLOUDY: return _("Cloudy");
    case ISLE_WEATHER_FOGGY: return _("Foggy");
    default: return _("Unknown");
    }
}

static const char *
quadrant_name (int q)
{
  switch (q)
    {
    case 0: return _("north-west");
    case 1: return _("north-east");
    case 2: return _("south-west");
    default: return _("south-east");
    }
}

static const char *
side_name (int side)
{
  return side == ISLE_SIDE_RED ? _("Red") : _("Blue");
}

/* A button label for a choice that is not made on the map. */
static char *
choice_label (const IsleState *s, IsleAction a)
{
  char c1[3], c2[3];

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("Keep the %s card"), weather_name (isle_action_arg (a)));
    case ISLE_ACTION_PICK:
      return g_strdup_printf (_("Take a %s"), kind_name (isle_action_kind (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("Lift the fog in the %s"), quadrant_name (isle_action_arg (a)));
    case ISLE_ACTION_HIRE:
      return g_strdup_printf (_("Hire a %s for %d coins"), kind_name (isle_action_kind (a)),
                              s->rules.hire_cost[isle_action_kind (a)]);
    case ISLE_ACTION_DONE:
      return g_strdup (_("Done hiring"));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("Replace it with a %s"), kind_name (isle_action_kind (a)));
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

/* A sentence for the game log: what a seat did. */
static char *
describe (const IsleState *before, IsleAction a, int human)
{
  char cell[3];
  const char *who = isle_seat_side (before->to_move) == isle_seat_side (human) ? _("You") : _("The computer");

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      if (isle_action_face_down (a) && isle_seat_side (before->to_move) != isle_seat_side (human))
        return g_strdup_printf (_("%s placed a token face down on %s."), who,
                                isle_cell_name (isle_action_cell (a), cell));
      return g_strdup_printf (_("%s placed a %s on %s."), who, kind_name (isle_action_kind (a)),
                              isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("%s kept the %s card."), who, weather_name (isle_action_arg (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("%s lifted the fog in the %s."), who, quadrant_name (isle_action_arg (a)));
    case ISLE_ACTION_TARGET:
      return g_strdup_printf (_("%s chose the token on %s."), who, isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_SWAP:
      return g_strdup_printf (_("%s swapped tokens."), who);
    default:
      return NULL;
    }
}

/* ---- the computer ------------------------------------------------------ */

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
  gtk_spinner_stop (self->spinner);
}

static void
computer_chose (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  IsleAction action;

  if (!isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status, error->message);
      return;
    }
  g_clear_object (&self->thinking);
  gtk_spinner_stop (self->spinner);
  if (!isle_game_apply (self->game, action, &error))
    gtk_label_set_text (self->status, error->message);
}

static gboolean
computer_moves (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;

  self->pause = 0;
  /* R12: the computer sees what its seat may see, nothing more. */
  isle_state_observe (s, isle_state_to_move (s), &obs);
  self->thinking = g_cancellable_new ();
  isle_ai_player_choose_async (self->computer, &obs, 0, self->thinking, computer_chose,
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
  gtk_spinner_stop (self->spinner);
  self->hint = action;
  refresh (self);
}

static void
hint_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;

  (void) name;
  (void) parameter;
  if (isle_state_is_terminal (s) || isle_state_to_move (s) != self->human || self->thinking)
    return;
  isle_state_observe (s, self->human, &obs);
  self->thinking = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  isle_ai_player_choose_async (self->adviser, &obs, 0, self->thinking, hint_chosen,
                               g_object_ref (self));
}

/* ---- the human's moves ------------------------------------------------- */

static void
play (IsleWindow *self, IsleAction action)
{
  g_autoptr (GError) error = NULL;

  stop_thinking (self);
  if (!isle_game_apply (self->game, action, &error))
    gtk_label_set_text (self->status, error->message);
}

/* The legal action that uses CELL at this decision (with the selected hand
 * token when placing), or 0. */
static IsleAction
action_for_cell (IsleWindow *self, int cell)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleActionList list;
  IsleKind kind = ISLE_KIND_NONE;

  if (s->phase == ISLE_PHASE_PLACE && self->selected < s->hand_len[self->human])
    kind = (IsleKind) s->hand[self->human][self->selected];
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];

      if (isle_action_cell (a) != cell || choice_label (s, a) != NULL)
        continue;
      if (isle_action_type (a) == ISLE_ACTION_PLACE && isle_action_kind (a) != kind)
        continue;
      return a;
    }
  return 0;
}

static uint64_t
target_cells (IsleWindow *self)
{
  uint64_t cells = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (action_for_cell (self, cell) != 0)
      cells |= BIT (cell);
  return cells;
}

static void
on_cell_activated (IsleWindow *self, int cell)
{
  IsleAction a = action_for_cell (self, cell);

  if (a != 0 && isle_state_to_move (isle_game_get_state (self->game)) == self->human)
    play (self, a);
}

static void
on_hand_toggled (GtkToggleButton *button, IsleWindow *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->selected = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));
  isle_board_view_set_targets (self->board, target_cells (self));
}

static void
on_choice_clicked (GtkButton *button, IsleWindow *self)
{
  play (self, (IsleAction) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "action")));
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    if (GTK_IS_FLOW_BOX (box))
      gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
    else
      gtk_box_remove (GTK_BOX (box), child);
}

/* The hand token buttons, in hand order. */
static GtkWidget *
hand_button (IsleWindow *self, int index)
{
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->hand, index);

  return child ? gtk_flow_box_child_get_child (child) : NULL;
}

/* ---- showing the game -------------------------------------------------- */

static void
show_hand (IsleWindow *self, const IsleState *s, gboolean placing)
{
  GtkToggleButton *group = NULL;

  clear_box (GTK_WIDGET (self->hand));
  if (self->selected >= s->hand_len[self->human])
    self->selected = 0;
  for (int i = 0; i < s->hand_len[self->human]; i++)
    {
      g_autofree char *label = g_strdup_printf ("%d %s", i + 1, kind_name ((IsleKind) s->hand[self->human][i]));
      GtkWidget *button = gtk_toggle_button_new_with_label (label);

      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), i == self->selected);
      gtk_widget_set_sensitive (button, placing);
      g_signal_connect (button, "toggled", G_CALLBACK (on_hand_toggled), self);
      gtk_flow_box_append (self->hand, button);
    }
}

static void
show_choices (IsleWindow *self, const IsleState *s)
{
  IsleActionList list;

  clear_box (GTK_WIDGET (self->choices));
  if (isle_state_to_move (s) != self->human)
    return;
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      g_autofree char *label = choice_label (s, list.actions[i]);
      GtkWidget *button;

      if (label == NULL)
        continue;
      button = gtk_button_new_with_label (label);
      if (list.actions[i] == self->hint)
        gtk_widget_add_css_class (button, "suggested-action");
      g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (list.actions[i]));
      g_signal_connect (button, "clicked", G_CALLBACK (on_choice_clicked), self);
      gtk_box_append (self->choices, button);
    }
}

static char *
status_text (IsleWindow *self, const IsleState *s)
{
  if (isle_state_is_terminal (s))
    {
      if (s->winner == ISLE_N_SIDES)
        return g_strdup (_("A draw!"));
      return g_strdup (s->winner == isle_seat_side (self->human) ? _("You win!") : _("The computer wins."));
    }
  if (isle_state_to_move (s) != self->human)
    return g_strdup (_("The computer is thinking…"));
  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER: return g_strdup (_("Keep one of two weather cards"));
    case ISLE_PHASE_HIRE: return g_strdup (_("Hire mercenaries, in secret"));
    case ISLE_PHASE_HAND:
      return g_strdup_printf (_("Choose your opening hand: %d of %d"), s->hand_len[self->human] + 1,
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
refresh (IsleWindow *self)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;
  g_autofree char *status = status_text (self, s);
  g_autofree char *scores = NULL;
  gboolean mine = isle_state_to_move (s) == self->human && !self->autoplay;
  int mine_side = isle_seat_side (self->human);
  const IsleBoard *shown;

  /* R12: the window shows what the human's seat may see. */
  isle_state_observe (s, self->human, &obs);
  shown = obs.view.board.occupied == 0 && s->round > 1 ? &obs.view.scored_board : &obs.view.board;
  isle_board_view_set_board (self->board, shown, self->human);
  isle_board_view_set_targets (self->board, mine ? target_cells (self) : 0);
  if (self->hint != 0 && isle_action_cell (self->hint) < ISLE_N_CELLS)
    isle_board_view_set_targets (self->board, BIT (isle_action_cell (self->hint)));

  gtk_label_set_text (self->status, status);
  if (s->variant >= ISLE_VARIANT_MERCENARY)
    scores = g_strdup_printf (_("Round %d of %d · %s\nCoins: %s %d · %s %d"), s->round, s->n_rounds,
                              weather_name (s->weather), side_name (mine_side), s->coins[mine_side],
                              side_name (1 - mine_side), s->coins[1 - mine_side]);
  else
    scores = g_strdup_printf (_("Round %d of %d · %s\nPoints: %s (you) %d · %s %d"), s->round,
                              s->n_rounds, weather_name (s->weather), side_name (mine_side),
                              s->total[mine_side], side_name (1 - mine_side), s->total[1 - mine_side]);
  gtk_label_set_text (self->scores, scores);
  adw_window_title_set_subtitle (self->title, status);
  show_hand (self, &obs.view, mine && s->phase == ISLE_PHASE_PLACE);
  show_choices (self, s);
  gtk_label_set_text (self->log, self->history->str);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", isle_game_get_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", isle_game_get_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", mine && !isle_state_is_terminal (s));

  /* CRITTER_ISLE_QUIT_AT_END (tests): say how the game ended and close. */
  if (isle_state_is_terminal (s) && self->autoplay && g_getenv ("CRITTER_ISLE_QUIT_AT_END"))
    {
      g_print ("result: %s, Red %d, Blue %d\n", status, s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
      g_idle_add_once ((GSourceOnceFunc) gtk_window_destroy, self);
    }
  if (!isle_state_is_terminal (s) && !mine && self->thinking == NULL && self->pause == 0)
    {
      gtk_spinner_start (self->spinner);
      self->pause = g_timeout_add (self->pause_ms, computer_moves, self);
    }
}

static void
on_game_changed (IsleGame *game, IsleWindow *self)
{
  const IsleState *before = isle_game_get_previous (game);
  g_autofree char *line = before ? describe (before, isle_game_get_last_action (game), self->human) : NULL;

  if (line != NULL)
    {
      /* The newest first; the last dozen lines. */
      const char *p = self->history->str;
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
  refresh (self);
}

/* ---- actions ----------------------------------------------------------- */

static void
new_game (IsleWindow *self)
{
  g_autoptr (GError) error = NULL;

  stop_thinking (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  self->game = isle_game_new (&self->rules, ISLE_VARIANT_WEATHER, self->human,
                              (guint64) g_get_real_time (), &error);
  if (self->game == NULL)
    g_error ("%s", error->message);
  g_signal_connect (self->game, "changed", G_CALLBACK (on_game_changed), self);
  g_string_truncate (self->history, 0);
  self->selected = 0;
  refresh (self);
}

static void
new_game_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  new_game (ISLE_WINDOW (widget));
}

/* Undo takes back the computer's answers too, to the human's last
 * decision; any thinking or hint in progress is cancelled first, so undo
 * and hint can never wait on each other. */
static void
undo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  stop_thinking (self);
  while (isle_game_undo (self->game)
         && isle_state_to_move (isle_game_get_state (self->game)) != self->human)
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
         && isle_state_to_move (isle_game_get_state (self->game)) != self->human)
    ;
}

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
  if (keyval < GDK_KEY_1 || keyval > GDK_KEY_5)
    return FALSE;
  index = (int) (keyval - GDK_KEY_1);
  button = hand_button (self, index);
  if (button != NULL && gtk_widget_get_sensitive (button))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  return button != NULL;
}

/* CRITTER_ISLE_SCREENSHOT=FILE.png: draw the window into FILE once it is
 * shown (after CRITTER_ISLE_SCREENSHOT_AFTER ms, default 1500), then close
 * (for tests and the project's screenshots). */
static gboolean
take_screenshot (gpointer user_data)
{
  IsleWindow *self = user_data;
  GtkWidget *widget = GTK_WIDGET (self);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    {
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (self)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      if (!gdk_texture_save_to_png (texture, g_getenv ("CRITTER_ISLE_SCREENSHOT")))
        g_printerr ("critter-isle: cannot write the screenshot\n");
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

static void
isle_window_dispose (GObject *object)
{
  IsleWindow *self = ISLE_WINDOW (object);

  stop_thinking (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->computer);
  g_clear_object (&self->adviser);
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

  object_class->dispose = isle_window_dispose;
  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, board);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, status);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, scores);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, hand);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, choices);
  gtk_widget_class_bind_template_child (widget_class, IsleWindow, log);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
}

static void
isle_window_init (IsleWindow *self)
{
  g_autoptr (GError) error = NULL;
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->history = g_string_new (NULL);
  if (!isle_rules_load_standard (&self->rules, &error))
    g_error ("%s", error->message);
  self->human = ISLE_SIDE_RED;
  self->pause_ms = COMPUTER_PAUSE_MS;
  if (g_getenv ("CRITTER_ISLE_AUTOPLAY") != NULL)
    {
      self->autoplay = TRUE;
      self->pause_ms = (guint) g_ascii_strtoull (g_getenv ("CRITTER_ISLE_AUTOPLAY"), NULL, 10);
    }
  self->computer = isle_builtin_player_new ("ismcts:easy", (guint64) g_get_real_time ());
  self->adviser = isle_builtin_player_new ("ismcts:easy", 7);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  new_game (self);
  if (g_getenv ("CRITTER_ISLE_SCREENSHOT") != NULL)
    g_timeout_add (g_getenv ("CRITTER_ISLE_SCREENSHOT_AFTER")
                   ? (guint) g_ascii_strtoull (g_getenv ("CRITTER_ISLE_SCREENSHOT_AFTER"), NULL, 10)
                   : 1500, take_screenshot, self);
}

IsleWindow *
isle_window_new (IsleApplication *app)
{
  return g_object_new (ISLE_TYPE_WINDOW, "application", app, NULL);
}
