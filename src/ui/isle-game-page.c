/* isle-game-page.c — the game page: the Island Map and the panel beside
 * it, rendering the match's IsleTurn (what its viewer may see and do) and
 * forwarding the person's activations to it: tiles of the map, the hand,
 * the choices. After a round is scored its lines light up one by one
 * (R7.5) while the match is held. The page redraws on the turn's
 * "changed" and never decides or drives the game itself. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-announcer.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-choice-panel.h"
#include "isle-game-page.h"
#include "isle-hand-view.h"
#include "isle-game-log.h"
#include "isle-puzzles.h"
#include "isle-round-review.h"
#include "isle-settings.h"
#include "isle-turn.h"

/* A tick callback that waits for a frame to pass (later_run()). */
typedef struct
{
  guint tick;                  /* 0 when none waits */
  gint64 frame;                /* the frame it waits for */
} Later;

struct _IsleGamePage
{
  GtkBox parent_instance;

  GtkBox *panel;
  IsleBoardView *board;
  GtkLabel *status;
  GtkLabel *explain;
  AdwActionRow *round_row;
  AdwActionRow *score_row;
  AdwActionRow *coins_row;
  AdwActionRow *piles_row;
  AdwActionRow *hired_row;
  GtkWidget *hand_title;
  IsleHandView *hand;
  GtkBox *choices;
  IsleChoicePanel *choice_panel;   /* in CHOICES */
  IsleRoundReview *round_end;
  GtkListBox *log;
  GtkWidget *puzzle_box;
  GtkLabel *puzzle_title;
  GtkLabel *puzzle_goal;
  GtkLabel *puzzle_description;
  GtkLabel *puzzle_hint;
  GtkWidget *next_puzzle_button;
  GtkWidget *keep_solution_button;

  GSettings *settings;
  /* The match shown, and its turn for the viewer. */
  IsleMatch *match;
  IsleTurn *turn;
  char *status_text;           /* the "status" property */
  gboolean test_play;          /* a scenario played from the editor */
  int clues;                   /* the scenario's hints shown so far */
  gboolean applied;            /* a decision was applied: review what it scored */
  gboolean focus_placed;       /* the focus was put where the game starts */
  GtkWidget *parked;           /* where the focus waited for the computer */
  GString *unsaid;             /* announcements waiting for the panel */

  gboolean reviewing;          /* a round's review holds the match */
  Later panel_later;           /* refreshes the side panel after the board's frame */
  Later focus_later;           /* places the focus once the page is laid out */
};

G_DEFINE_FINAL_TYPE (IsleGamePage, isle_game_page, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_STATUS,
  PROP_REVIEWING,
  N_PROPS
};

enum
{
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void refresh (IsleGamePage *self);
static void keep_focus (IsleGamePage *self);

/* The review holds the match: the computers wait while the round's lines
 * are shown. */
static void
set_reviewing (IsleGamePage *self, gboolean reviewing)
{
  if (self->reviewing == reviewing)
    return;
  self->reviewing = reviewing;
  if (self->match != NULL && reviewing)
    isle_match_hold (self->match);
  else if (self->match != NULL)
    isle_match_release (self->match);
  if (self->turn != NULL)
    isle_turn_set_reviewing (self->turn, reviewing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
}

static void
tell (IsleGamePage *self, const GError *error)
{
  if (error != NULL)
    g_signal_emit (self, signals[MESSAGE], 0, error->message);
}

/* ---- forwarding the person's activations --------------------------------- */

static void
on_cell_activated (IsleGamePage *self, int cell)
{
  g_autoptr (GError) error = NULL;

  if (self->turn != NULL && !isle_turn_activate_tile (self->turn, cell, &error))
    tell (self, error);
}

/* FALSE for the frame in which the side panel still shows the position
 * before the last change (see defer_panel()): its buttons wait. */
static gboolean
panel_is_current (IsleGamePage *self)
{
  return self->panel_later.tick == 0;
}

static void
on_token_selected (IsleHandView *hand, int index, IsleGamePage *self)
{
  IsleKind kinds[ISLE_HAND_MAX];

  if (self->turn == NULL)
    return;
  /* A click in the frame before the panel caught up counts when the token
   * clicked is still there: no click is lost, none picks another token. */
  if (!panel_is_current (self)
      && (index >= isle_turn_get_hand (self->turn, kinds, NULL) || kinds[index] != isle_hand_view_get_kind (hand, index)))
    return;
  isle_turn_select_token (self->turn, index);
}

/* A hand token dropped on a tile: select it and place it there. */
static gboolean
on_token_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleGamePage *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->board), x, y, GTK_PICK_DEFAULT);

  (void) target;
  while (picked != NULL && !ISLE_IS_BOARD_TILE (picked))
    picked = gtk_widget_get_parent (picked);
  if (picked == NULL || self->turn == NULL || !isle_turn_select_token (self->turn, g_value_get_int (value)))
    return FALSE;
  on_cell_activated (self, isle_board_tile_get_cell (ISLE_BOARD_TILE (picked)));
  return TRUE;
}

static void
on_face_down_toggled (IsleChoicePanel *panel, gboolean face_down, IsleGamePage *self)
{
  (void) panel;
  if (self->turn != NULL)
    isle_turn_set_face_down (self->turn, face_down);
}

/* A choice of the panel. Its widgets stay in place while a decision goes
 * on (several picks, several hires), so a quick second click on the same
 * pile or row means what the person saw and is taken even while the panel
 * waits a frame (defer_panel()); any other choice waits for the panel to
 * show the position it is made in. */
static void
on_choice_chosen (IsleChoicePanel *panel, guint action, guint phase, IsleGamePage *self)
{
  g_autoptr (GError) error = NULL;
  IsleActionType type = isle_action_type ((IsleAction) action);
  gboolean repeatable = type == ISLE_ACTION_PICK || type == ISLE_ACTION_HIRE || type == ISLE_ACTION_DONE;

  (void) panel;
  if (self->turn == NULL || (guint) isle_turn_get_choices (self->turn)->phase != phase)
    return;
  if ((repeatable || panel_is_current (self)) && !isle_turn_choose (self->turn, (IsleAction) action, &error))
    tell (self, error);
}

/* ---- showing the turn ---------------------------------------------------- */

static void
set_row (AdwActionRow *row, char *subtitle)
{
  gtk_widget_set_visible (GTK_WIDGET (row), subtitle != NULL);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (row, subtitle);
  g_free (subtitle);
}

static void
show_facts (IsleGamePage *self)
{
  set_row (self->round_row, isle_turn_dup_round_text (self->turn));
  set_row (self->score_row, isle_turn_dup_score_text (self->turn));
  set_row (self->coins_row, isle_turn_dup_coins_text (self->turn));
  set_row (self->piles_row, isle_turn_dup_piles_text (self->turn));
  set_row (self->hired_row, isle_turn_dup_hired_text (self->turn));
}

static void
set_goal_class (GtkWidget *widget, IsleGoalStatus status)
{
  gtk_widget_remove_css_class (widget, "success");
  gtk_widget_remove_css_class (widget, "error");
  if (status == ISLE_GOAL_MET)
    gtk_widget_add_css_class (widget, "success");
  else if (status == ISLE_GOAL_FAILED)
    gtk_widget_add_css_class (widget, "error");
}

/* A scenario's goal (a puzzle, a shared file, a test play): what it asks,
 * where it stands, the puzzle's clues; once it is decided, the game is
 * over for the page: the verdict and the puzzle's actions come first. */
static void
show_goal (IsleGamePage *self)
{
  IsleScenario *scenario = isle_game_get_scenario (isle_match_get_game (self->match));
  IsleScenarioGoal goal = { ISLE_GOAL_NONE, 0 };
  g_autofree char *wanted = NULL;
  g_autofree char *text = NULL;
  const char *const *hints;
  IsleGoalStatus status = isle_match_get_goal_status (self->match, NULL);

  if (scenario != NULL)
    isle_scenario_get_goal (scenario, &goal);
  gtk_widget_set_visible (self->puzzle_box, goal.type != ISLE_GOAL_NONE);
  if (goal.type == ISLE_GOAL_NONE)
    return;
  gtk_label_set_text (self->puzzle_title, isle_scenario_get_title (scenario) != NULL
                                          ? isle_puzzle_text (isle_scenario_get_title (scenario)) : _("Scenario"));
  gtk_label_set_text (self->puzzle_description, isle_scenario_get_description (scenario)
                                                ? isle_puzzle_text (isle_scenario_get_description (scenario)) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->puzzle_description),
                          isle_scenario_get_description (scenario) != NULL && status == ISLE_GOAL_IN_PROGRESS);
  wanted = isle_scenario_describe_goal (scenario);
  if (status != ISLE_GOAL_IN_PROGRESS)
    text = isle_turn_dup_goal_verdict (self->turn);
  else
    {
      /* A goal of points: the lead on the map now, worked out. */
      g_autofree char *lead = goal.type == ISLE_GOAL_WIN_ROUND ? isle_turn_dup_lead_text (self->turn) : NULL;
      g_autofree char *both = lead != NULL ? g_strconcat (wanted, " ", lead, NULL) : g_strdup (wanted);

      text = g_strdup_printf (_("Goal: %s"), both);
    }
  gtk_label_set_text (self->puzzle_goal, text);
  set_goal_class (GTK_WIDGET (self->puzzle_goal), status);
  set_goal_class (GTK_WIDGET (self->status), status);
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
  gtk_widget_set_visible (self->keep_solution_button, self->test_play && status == ISLE_GOAL_MET);
  if (status == ISLE_GOAL_MET)
    gtk_widget_add_css_class (self->next_puzzle_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->next_puzzle_button, "suggested-action");
  /* A decided goal ends the game: its verdict and actions under the
   * status, where they are seen without scrolling. */
  gtk_box_reorder_child_after (self->panel, self->puzzle_box,
                               status != ISLE_GOAL_IN_PROGRESS ? GTK_WIDGET (self->explain) : GTK_WIDGET (self->choices));
}

static void
refresh_panel (IsleGamePage *self)
{
  const char *status = isle_turn_get_status (self->turn);
  const char *explain = isle_turn_get_explanation (self->turn);
  IsleKind kinds[ISLE_HAND_MAX];
  int places, n = isle_turn_get_hand (self->turn, kinds, &places);
  IsleChoiceView view = { 0 };
  g_autofree char *verdict = isle_turn_dup_verdict (self->turn);

  gtk_label_set_text (self->status, status);
  gtk_widget_set_visible (GTK_WIDGET (self->explain), explain != NULL);
  gtk_label_set_text (self->explain, explain ? explain : "");
  show_facts (self);
  if (g_strcmp0 (self->status_text, status) != 0)
    {
      g_free (self->status_text);
      self->status_text = g_strdup (status);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }
  isle_hand_view_show (self->hand, kinds, n, places, isle_seat_side (isle_turn_get_viewer (self->turn)),
                       isle_turn_get_placing (self->turn), isle_turn_get_selected (self->turn));
  gtk_widget_set_visible (self->hand_title, !isle_hand_view_is_empty (self->hand));
  view.choices = isle_turn_get_choices (self->turn);
  view.mine = isle_turn_get_mine (self->turn);
  view.hint = isle_turn_get_hint (self->turn);
  view.both_faces = isle_turn_get_both_faces (self->turn);
  view.face_down = isle_turn_get_face_down (self->turn);
  view.note = isle_turn_get_note (self->turn);
  isle_choice_panel_show (self->choice_panel, &view);
  isle_round_review_set_verdict (self->round_end, verdict);
  isle_round_review_show (self->round_end, isle_turn_get_scored (self->turn));
  show_goal (self);
  keep_focus (self);
  if (self->unsaid->len > 0)
    {
      isle_announce (GTK_WIDGET (self), self->unsaid->str);
      g_string_truncate (self->unsaid, 0);
    }
}

/* ---- where the keyboard focus is ---------------------------------------- */

static gboolean
focus_within (GtkWidget *focus, GtkWidget *widget)
{
  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Focus stays where the player is: a focus lost (nowhere, on a widget
 * gone, or left on a row of the panel when the piles of the opening hand
 * went) comes to where the decision is made: the hand while a token is
 * placed, the map while its tiles are the choice, the choices beside it;
 * while the computer decides, the hand (or the map). Focus the person put
 * in the header bar, the map, the hand, the choices, a round's review or
 * a puzzle's buttons stays. */
static void
keep_focus (IsleGamePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean hand = !isle_hand_view_is_empty (self->hand);
  GtkWidget *places[5];
  int n = 0;

  if (root == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  /* A game just shown: the decision's place, wherever the focus was (the
   * start page's button, the New Game dialog's, the one GTK chose). */
  if (!self->focus_placed)
    self->focus_placed = TRUE;
  else if (focus != NULL && gtk_widget_get_mapped (focus) && !focus_within (focus, GTK_WIDGET (self)))
    return;
  /* Parked there while the computer decided: on to the decision now. */
  else if (focus != NULL && focus == self->parked && isle_turn_get_mine (self->turn))
    ;
  else if (focus != NULL && gtk_widget_get_mapped (focus)
           && (focus_within (focus, GTK_WIDGET (self->hand)) || focus_within (focus, GTK_WIDGET (self->board))
               || focus_within (focus, GTK_WIDGET (self->choice_panel)) || focus_within (focus, self->puzzle_box)
               || focus_within (focus, GTK_WIDGET (self->round_end))))
    return;
  if (hand && isle_turn_get_placing (self->turn))
    places[n++] = GTK_WIDGET (self->hand);
  if (isle_turn_get_targets (self->turn) != 0)
    places[n++] = GTK_WIDGET (self->board);
  if (isle_turn_get_mine (self->turn))
    places[n++] = GTK_WIDGET (self->choice_panel);
  if (hand)
    places[n++] = GTK_WIDGET (self->hand);
  places[n++] = GTK_WIDGET (self->board);
  g_clear_weak_pointer (&self->parked);
  /* A place that has the focus already keeps it where it is (the token
   * the player was on, kept through the hand's refresh): moving it on
   * there would step to the next token. */
  for (int i = 0; i < n; i++)
    if ((focus != NULL && gtk_widget_get_mapped (focus) && focus_within (focus, places[i]))
        || gtk_widget_child_focus (places[i], GTK_DIR_TAB_FORWARD))
      {
        /* Parked too where it waits for a place not laid out yet (the
         * page just shown again, after the pass page): moved on from
         * there once it can be (focus_tick()). */
        if (!isle_turn_get_mine (self->turn) || i > 0)
          g_set_weak_pointer (&self->parked, gtk_root_get_focus (root));
        return;
      }
}

static void cancel_panel (IsleGamePage *self);

/* CALLBACK runs in the frame after the next one of CLOCK (the next one
 * lays out and paints what changed): once, however often asked. */
static void
later_run (IsleGamePage *self, GdkFrameClock *clock, Later *later, GtkTickCallback callback)
{
  later->frame = gdk_frame_clock_get_frame_counter (clock) + 1;
  if (later->tick == 0)
    later->tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), callback, NULL, NULL);
}

/* Whether LATER's frame has come (its tick callback is then over). */
static gboolean
later_due (Later *later, GdkFrameClock *clock)
{
  if (gdk_frame_clock_get_frame_counter (clock) <= later->frame)
    return FALSE;
  later->tick = 0;
  return TRUE;
}

static void
later_cancel (IsleGamePage *self, Later *later)
{
  if (later->tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), later->tick);
  later->tick = 0;
}

static gboolean
panel_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  IsleGamePage *self = ISLE_GAME_PAGE (widget);

  (void) user_data;
  if (!later_due (&self->panel_later, clock))
    return G_SOURCE_CONTINUE;
  refresh_panel (self);
  return G_SOURCE_REMOVE;
}

static void
cancel_panel (IsleGamePage *self)
{
  later_cancel (self, &self->panel_later);
}

/* The side panel and the subtitle follow a change of the board one frame
 * later, so that each frame repaints one side of the window: a frame is
 * repainted over the bounds of all its changes, and a tile on the left
 * with the hand on the right would be nearly the whole window, every move.
 * Until then, the panel's buttons wait (see panel_is_current()).  A page
 * that has just appeared, or a window not shown, gets its panel at once. */
static void
defer_panel (IsleGamePage *self, gboolean at_once)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (at_once || clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      cancel_panel (self);
      refresh_panel (self);
      return;
    }
  /* The next frame paints the board; the one after it, the panel. */
  later_run (self, clock, &self->panel_later, panel_tick);
}



/* The tiles' spoken names, as the turn words them. */
static void
set_tile_names (IsleGamePage *self)
{
  char *names[ISLE_N_CELLS + 1] = { NULL };

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    names[cell] = isle_turn_dup_tile_name (self->turn, cell);
  isle_board_view_set_tile_names (self->board, (const char *const *) names);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    g_free (names[cell]);
}

static void
refresh (IsleGamePage *self)
{
  IsleBoard board;
  uint64_t cells = 0;
  int side = -1, marked;
  const IsleLineScore *lines;
  int n;

  if (self->turn == NULL)
    return;
  isle_turn_get_board (self->turn, &board);
  isle_board_view_set_board (self->board, &board, isle_turn_get_viewer (self->turn));
  isle_board_view_set_targets (self->board, isle_turn_get_targets (self->turn));
  /* What the last turn touched stays marked until the person decides. */
  isle_board_view_set_last_move (self->board, isle_turn_get_last_move_cells (self->turn));
  set_tile_names (self);
  isle_board_view_set_preview (self->board, isle_turn_get_preview (self->turn),
                               isle_seat_side (isle_turn_get_viewer (self->turn)));
  isle_board_view_set_hint (self->board, isle_turn_get_hint_cell (self->turn));
  /* The line the review explains now; else the tile of a two-click
   * choice; else a fog board the last move lifted, outlined once. */
  isle_round_review_get_highlight (self->round_end, &cells, &side);
  marked = isle_turn_get_marked (self->turn);
  if (cells == 0 && marked >= 0)
    cells = UINT64_C (1) << marked;
  if (cells == 0)
    cells = isle_turn_get_last_lift (self->turn);
  isle_board_view_set_highlight (self->board, cells, side);
  /* The lines told so far, drawn on the map one after another. */
  n = isle_round_review_get_lines (self->round_end, &lines);
  isle_board_view_set_lines (self->board, lines, n);
  defer_panel (self, !gtk_widget_get_mapped (GTK_WIDGET (self)));
}

/* The turn decides what a screen reader is told. While the panel waits
 * a frame (defer_panel()), so does the sentence: the focus it is said at
 * (GTK 4.8) is where the refreshed panel puts it. */
static void
on_announce (IsleTurn *turn, const char *text, IsleGamePage *self)
{
  (void) turn;
  if (panel_is_current (self))
    {
      isle_announce (GTK_WIDGET (self), text);
      return;
    }
  if (self->unsaid->len > 0)
    g_string_append_c (self->unsaid, ' ');
  g_string_append (self->unsaid, text);
}

/* A decision was applied: a round it ended is reviewed once the turn has
 * caught up (on_position_changed()). */
static void
on_action_applied (IsleMatch *match, guint index, IsleGamePage *self)
{
  (void) match;
  (void) index;
  self->applied = TRUE;
}

/* A review began or ended (Next Round, its pause, an undo past it): the
 * computers wait exactly while it lasts. */
static void
on_reviewing_changed (IsleRoundReview *review, GParamSpec *pspec, IsleGamePage *self)
{
  (void) pspec;
  set_reviewing (self, isle_round_review_get_reviewing (review));
  refresh (self);
}

/* ---- following the match ------------------------------------------------- */

/* The turn has caught up with a new position (its handler runs first):
 * undo, redo and go-to leave a review behind them (a finished game shows
 * its end again when the panel follows); a decision that scored a round
 * has it reviewed (R7.5). */
static void
on_position_changed (IsleMatch *match, guint old, guint position, IsleGamePage *self)
{
  gboolean applied = self->applied;

  (void) match;
  self->applied = FALSE;
  if (position <= old || !applied)
    isle_round_review_stop (self->round_end);
  else if (isle_turn_get_scored (self->turn)->round > 0)
    isle_round_review_start (self->round_end, isle_turn_get_scored (self->turn));
  refresh (self);
}
/* The reminder of the person's own face-down tokens (R12), as set. */
static void
on_setting_changed (GSettings *settings, const char *key, IsleGamePage *self)
{
  if (g_strcmp0 (key, "remind-face-down") == 0 && self->turn != NULL)
    isle_turn_set_show_own_face_down (self->turn, isle_settings_show_own_face_down (
                                        settings, &isle_game_get_setup (isle_match_get_game (self->match))->rules));
}

/* Lets go of the match and its turn. */
static void
unbind (IsleGamePage *self)
{
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->turn != NULL)
    g_signal_handlers_disconnect_by_data (self->turn, self);
  g_clear_object (&self->turn);
  g_clear_object (&self->match);
}

/* The page shown again has been laid out: the focus it could not put
 * where the decision is (a panel with no size takes none) goes there. */
static gboolean
focus_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  IsleGamePage *self = ISLE_GAME_PAGE (widget);

  (void) user_data;
  if (!later_due (&self->focus_later, clock))
    return G_SOURCE_CONTINUE;
  if (self->match != NULL)
    keep_focus (self);
  return G_SOURCE_REMOVE;
}

/* A page that appears shows its panel at once. */
static void
on_page_mapped (GtkWidget *widget)
{
  IsleGamePage *self = ISLE_GAME_PAGE (widget);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  cancel_panel (self);
  if (self->match != NULL)
    refresh_panel (self);
  if (clock != NULL)
    later_run (self, clock, &self->focus_later, focus_tick);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_game_page_dispose (GObject *object)
{
  IsleGamePage *self = ISLE_GAME_PAGE (object);

  cancel_panel (self);
  later_cancel (self, &self->focus_later);
  /* The round's review may outlive the page (something else may hold
   * it): its steps must not reach the page, nor its timer run on (the
   * monkey, seed 4 on GNOME 50, crashed in refresh() on a page gone). */
  if (self->round_end != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->round_end, self);
      isle_round_review_stop (self->round_end);
    }
  unbind (self);
  g_clear_weak_pointer (&self->parked);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ISLE_TYPE_GAME_PAGE);
  G_OBJECT_CLASS (isle_game_page_parent_class)->dispose (object);
}

static void
isle_game_page_finalize (GObject *object)
{
  g_free (ISLE_GAME_PAGE (object)->status_text);
  g_string_free (ISLE_GAME_PAGE (object)->unsaid, TRUE);
  G_OBJECT_CLASS (isle_game_page_parent_class)->finalize (object);
}

static void
isle_game_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleGamePage *self = ISLE_GAME_PAGE (object);

  switch (prop_id)
    {
    case PROP_STATUS:
      g_value_set_string (value, self->status_text);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, self->reviewing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_game_page_class_init (IsleGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_game_page_dispose;
  object_class->finalize = isle_game_page_finalize;
  object_class->get_property = isle_game_page_get_property;

  /* What to do now, in a few words (for a window's subtitle). */
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A round's lines are being shown; the match is held meanwhile. */
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* message (TEXT): something the person should be told (a toast). */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  g_type_ensure (ISLE_TYPE_HAND_VIEW);
  g_type_ensure (ISLE_TYPE_ROUND_REVIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-game-page.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, IsleGamePage, name)
  CHILD (panel);
  CHILD (board);
  CHILD (status);
  CHILD (explain);
  CHILD (round_row);
  CHILD (score_row);
  CHILD (coins_row);
  CHILD (piles_row);
  CHILD (hired_row);
  CHILD (hand_title);
  CHILD (hand);
  CHILD (choices);
  CHILD (round_end);
  CHILD (log);
  CHILD (puzzle_box);
  CHILD (puzzle_title);
  CHILD (puzzle_goal);
  CHILD (puzzle_description);
  CHILD (puzzle_hint);
  CHILD (next_puzzle_button);
  CHILD (keep_solution_button);
#undef CHILD
}

static void
isle_game_page_init (IsleGamePage *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  isle_accessible_tidy (GTK_WIDGET (self));
  self->unsaid = g_string_new (NULL);
  self->settings = g_object_ref (isle_settings_get ());
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (on_cell_activated), self);
  g_signal_connect (self->hand, "token-selected", G_CALLBACK (on_token_selected), self);
  self->choice_panel = ISLE_CHOICE_PANEL (isle_choice_panel_new ());
  gtk_box_append (self->choices, GTK_WIDGET (self->choice_panel));
  g_signal_connect (self->choice_panel, "chosen", G_CALLBACK (on_choice_chosen), self);
  g_signal_connect (self->choice_panel, "face-down-toggled", G_CALLBACK (on_face_down_toggled), self);
  /* The review lit another line. */
  g_signal_connect_swapped (self->round_end, "step", G_CALLBACK (refresh), self);
  g_signal_connect (self->round_end, "notify::reviewing", G_CALLBACK (on_reviewing_changed), self);
  isle_game_log_setup (self->log);
  drop = gtk_drop_target_new (G_TYPE_INT, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_token_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (on_setting_changed), self, 0);
  g_signal_connect (self, "map", G_CALLBACK (on_page_mapped), NULL);
}

/* ---- public API ---------------------------------------------------------- */

GtkWidget *
isle_game_page_new (void)
{
  return g_object_new (ISLE_TYPE_GAME_PAGE, NULL);
}

void
isle_game_page_set_match (IsleGamePage *self, IsleMatch *match)
{
  g_return_if_fail (ISLE_IS_GAME_PAGE (self));
  g_return_if_fail (ISLE_IS_MATCH (match));

  isle_round_review_stop (self->round_end);
  set_reviewing (self, FALSE);
  unbind (self);
  self->match = g_object_ref (match);
  self->clues = 0;
  self->applied = FALSE;
  self->focus_placed = FALSE;
  /* The turn first: it has caught up when the page hears of a change. */
  self->turn = isle_turn_new (match);
  on_setting_changed (self->settings, "remind-face-down", self);
  g_signal_connect_swapped (self->turn, "changed", G_CALLBACK (refresh), self);
  g_signal_connect (self->turn, "announce", G_CALLBACK (on_announce), self);
  g_signal_connect (match, "action-applied", G_CALLBACK (on_action_applied), self);
  g_signal_connect (match, "position-changed", G_CALLBACK (on_position_changed), self);
  isle_game_log_bind (self->log, isle_match_get_history (match));
  refresh (self);
}

IsleMatch *
isle_game_page_get_match (IsleGamePage *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_PAGE (self), NULL);
  return self->match;
}

const char *
isle_game_page_get_status (IsleGamePage *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_PAGE (self), NULL);
  return self->status_text;
}

gboolean
isle_game_page_get_reviewing (IsleGamePage *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_PAGE (self), FALSE);
  return self->reviewing;
}

gboolean
isle_game_page_pick_hand (IsleGamePage *self, int index)
{
  g_return_val_if_fail (ISLE_IS_GAME_PAGE (self), FALSE);
  return isle_hand_view_pick (self->hand, index);
}

void
isle_game_page_set_test_play (IsleGamePage *self, gboolean test_play)
{
  g_return_if_fail (ISLE_IS_GAME_PAGE (self));
  self->test_play = test_play;
  refresh (self);
}

void
isle_game_page_set_clues (IsleGamePage *self, int clues)
{
  g_return_if_fail (ISLE_IS_GAME_PAGE (self));
  self->clues = clues;
  refresh (self);
}

void
isle_game_page_set_line_step (IsleGamePage *self, guint ms)
{
  g_return_if_fail (ISLE_IS_GAME_PAGE (self));
  isle_round_review_set_step (self->round_end, ms);
}

IsleBoardView *
isle_game_page_get_board (IsleGamePage *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_PAGE (self), NULL);
  return self->board;
}
