/* isle-game-page.c — the game page: the Island Map and the panel beside
 * it, showing an IsleMatch as its viewer may see it (R12) and sending the
 * person's decisions to it. Every decision point has its control: tiles of
 * the map for placements and targets, the hand for which token, and buttons
 * for the rest. After a round is scored its lines light up one by one
 * (R7.5) while the match is held. The page redraws on the match's signals
 * and never drives the game itself. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-choice-panel.h"
#include "isle-game-page.h"
#include "isle-hand-view.h"
#include "isle-history.h"
#include "isle-puzzles.h"
#include "isle-reversed-model.h"
#include "isle-results.h"
#include "isle-round-review.h"
#include "isle-settings.h"
#include "isle-testing.h"
#include "isle-token-art.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))
/* Rows of the log: the newest decisions and rounds. */
#define LOG_ROWS 12

struct _IsleGamePage
{
  GtkBox parent_instance;

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
  /* The match shown, its game and setup. */
  IsleMatch *match;
  IsleGame *game;
  IsleGameSetup setup;
  char *status_text;           /* the "status" property */
  gboolean test_play;          /* a scenario played from the editor */
  int clues;                   /* the scenario's hints shown so far */

  /* The person's choice in progress. */
  int selected;                /* index of the selected hand token */
  int first_cell;              /* the first tile of a two-click choice
                                * (a Hippo's, a swap's, the Frog), or -1 */
  gboolean face_down;          /* place the selected token face down */

  gboolean reviewing;          /* a round's review holds the match */
  guint panel_tick;            /* tick callback that refreshes the side panel */
  gint64 panel_frame;          /* the frame that paints the board first */
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
}

static gboolean
is_human (IsleGamePage *self, int seat)
{
  return self->match != NULL && isle_match_is_human (self->match, seat);
}

/* The seat whose view is shown (R12). */
static int
viewer (IsleGamePage *self)
{
  return self->match != NULL ? isle_match_get_viewer (self->match) : 0;
}

static IsleAction
hint (IsleGamePage *self)
{
  return self->match != NULL ? isle_match_get_hint (self->match) : 0;
}

/* "Red", or "Red 1" in the team game (R11: seats R1 B1 R2 B2). */
static char *
seat_name (IsleGamePage *self, int seat)
{
  return isle_history_seat_name (&self->setup, seat);
}

/* The hint came: the hinted token is picked from the hand, with its face. */
static void
on_hint_changed (IsleMatch *match, GParamSpec *pspec, IsleGamePage *self)
{
  IsleAction action = isle_match_get_hint (match);

  (void) pspec;
  if (action == 0)
    return;
  if (isle_action_type (action) == ISLE_ACTION_PLACE)
    {
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

static gboolean
play (IsleGamePage *self, IsleAction action)
{
  g_autoptr (GError) error = NULL;

  self->first_cell = -1;
  if (!isle_match_play (self->match, action, &error))
    {
      g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return FALSE;
    }
  return TRUE;
}

/* A human may decide now (on the game page, not reviewing). */
static gboolean
human_to_move (IsleGamePage *self)
{
  return self->match != NULL && isle_match_get_human_turn (self->match) && !self->reviewing;
}

static IsleKind
selected_kind (IsleGamePage *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  /* R8.5: while the Frog may hop, a token is chosen for the placement that
   * follows (leaving the Frog where it is). */
  if (seat < 0 || (s->phase != ISLE_PHASE_PLACE && s->phase != ISLE_PHASE_HOP)
      || self->selected >= s->hand_len[seat])
    return ISLE_KIND_NONE;
  return (IsleKind) s->hand[seat][self->selected];
}

/* ---- choices on the map -------------------------------------------------- */

/* What a click on a tile does now. A choice of two tiles (a Hippo's, a
 * Prairie Dog's swap, a Frog's hop) is made by two clicks: the first marks
 * its tile (first_cell), a click on it again takes it back. */
typedef enum
{
  CLICK_NONE,
  CLICK_PLAY,              /* plays the action */
  CLICK_MARK,              /* marks the tile, for the second click */
  CLICK_UNMARK,            /* takes the mark back */
  CLICK_PLAY_AFTER_PASS,   /* R8.5: leaves the Frog, then plays the placement */
  CLICK_MARK_AFTER_PASS,   /* R8.5: leaves the Frog, then marks a Hippo's tile */
} ClickKind;

typedef struct
{
  ClickKind kind;
  IsleAction action;
} Click;

/* The placement of the selected hand token (with the face chosen in the
 * panel, when both are legal) that uses CELL in S, or 0; FIRST is a
 * Hippo's first tile, or -1. Before a Hippo's first tile is chosen, either
 * of the two tiles of any of its legal placements stands for it
 * (isle_action_hippo (CELL, ISLE_NO_CELL), not itself legal); after, the
 * placement across FIRST and CELL, in either order (R8.9: all four
 * directions). BOTH_FACES, when not NULL, tells whether face up and face
 * down are both legal for the selected token. */
static IsleAction
placement_for_cell (IsleGamePage *self, const IsleState *s, int cell, int first, gboolean *both_faces)
{
  IsleActionList list;
  IsleKind kind = selected_kind (self, s);
  IsleAction found = 0;
  gboolean up = FALSE, down = FALSE;

  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];
      int c1 = isle_action_cell (a), c2 = isle_action_cell2 (a);

      if (isle_action_type (a) != ISLE_ACTION_PLACE || isle_action_kind (a) != kind)
        continue;
      if (isle_action_face_down (a))
        down = TRUE;
      else
        up = TRUE;
      if (c2 != ISLE_NO_CELL)
        {
          /* R8.9: a Hippo across two tiles. */
          if (first < 0)
            {
              if (c1 != cell && c2 != cell)
                continue;
              a = isle_action_hippo (cell, ISLE_NO_CELL);
            }
          else if (!((c1 == first && c2 == cell) || (c2 == first && c1 == cell)))
            continue;
        }
      else if (c1 != cell || first >= 0)
        continue;
      /* R6.4: the face chosen in the panel, when both are legal. */
      if (found == 0 || isle_action_face_down (a) == self->face_down)
        found = a;
    }
  if (both_faces != NULL)
    *both_faces = up && down;
  return found;
}

/* Whether A stands for a Hippo's first tile (see placement_for_cell()). */
static gboolean
is_hippo_first (const IsleState *s, IsleAction a)
{
  return a != 0 && isle_action_type (a) == ISLE_ACTION_PLACE && isle_action_kind (a) == ISLE_KIND_HIPPO
         && isle_action_cell2 (a) == ISLE_NO_CELL && !isle_action_face_down (a)
         && !isle_state_is_legal (s, a);
}

/* R8.5: the seat's face-up Frog, while it may hop; -1 otherwise. */
static int
frog_cell (const IsleState *s)
{
  int seat = isle_state_to_move (s);

  if (s->phase != ISLE_PHASE_HOP)
    return -1;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == ISLE_KIND_FROG && c->seat == seat && !(c->flags & ISLE_CELL_FACE_DOWN))
        return cell;
    }
  return -1;
}

/* R8.5: leave the Frog where it is. */
static IsleAction
pass_action (void)
{
  return isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0);
}

/* R8.5: the Frog stays and the selected token goes on CELL: the state
 * after the pass, where that placement is looked for. */
static Click
placement_after_pass (IsleGamePage *self, const IsleState *s, int cell, gboolean *both_faces)
{
  IsleState after = *s;
  IsleAction a;
  Click click = { CLICK_NONE, 0 };

  if (!isle_state_is_legal (s, pass_action ()) || !isle_state_apply (&after, pass_action ())
      || after.phase != ISLE_PHASE_PLACE || isle_state_to_move (&after) != isle_state_to_move (s))
    return click;
  a = placement_for_cell (self, &after, cell, -1, both_faces);
  if (a != 0)
    {
      click.kind = is_hippo_first (&after, a) ? CLICK_MARK_AFTER_PASS : CLICK_PLAY_AFTER_PASS;
      click.action = a;
    }
  return click;
}

/* What a click on CELL does now; the engine's legal actions decide. */
static Click
click_for_cell (IsleGamePage *self, int cell, gboolean *both_faces)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleActionList list;
  Click click = { CLICK_NONE, 0 };
  int first = self->first_cell;

  if (both_faces != NULL)
    *both_faces = FALSE;
  if (first >= 0 && cell == first)
    {
      click.kind = CLICK_UNMARK;
      return click;
    }
  if (s->phase == ISLE_PHASE_PLACE)
    {
      click.action = placement_for_cell (self, s, cell, first, both_faces);
      if (click.action != 0)
        click.kind = is_hippo_first (s, click.action) ? CLICK_MARK : CLICK_PLAY;
      return click;
    }
  if (s->phase == ISLE_PHASE_HOP && first < 0 && cell != frog_cell (s))
    return placement_after_pass (self, s, cell, both_faces);
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];
      int c1 = isle_action_cell (a), c2 = isle_action_cell2 (a);

      switch (isle_action_type (a))
        {
        case ISLE_ACTION_HOP:
          /* R8.5: the Frog first, then its tile. */
          if (first < 0 && cell == frog_cell (s))
            click.kind = CLICK_MARK;
          else if (first >= 0 && c1 == cell)
            {
              click.kind = CLICK_PLAY;
              click.action = a;
            }
          break;
        case ISLE_ACTION_SWAP:
          if (c2 == ISLE_NO_CELL)
            {
              /* R8.3, R8.7: the token to swap places with. */
              if (c1 == cell)
                {
                  click.kind = CLICK_PLAY;
                  click.action = a;
                }
            }
          /* R8.8: the Prairie Dog's two tokens, one click each, in
           * either order. */
          else if (first < 0 && (c1 == cell || c2 == cell))
            click.kind = CLICK_MARK;
          else if (first >= 0 && ((c1 == first && c2 == cell) || (c2 == first && c1 == cell)))
            {
              click.kind = CLICK_PLAY;
              click.action = a;
            }
          break;
        case ISLE_ACTION_LIFT:
          /* R6.5: any tile under the fog board lifts it. */
          if (isle_quadrant_mask (isle_action_arg (a)) & s->board.fog & BIT (cell))
            {
              click.kind = CLICK_PLAY;
              click.action = a;
            }
          break;
        case ISLE_ACTION_TARGET:
        case ISLE_ACTION_SETTLE:
          if (c1 == cell)
            {
              click.kind = CLICK_PLAY;
              click.action = a;
            }
          break;
        default:
          break;
        }
      if (click.kind != CLICK_NONE)
        break;
    }
  return click;
}

static uint64_t
target_cells (IsleGamePage *self)
{
  uint64_t cells = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (click_for_cell (self, cell, NULL).kind != CLICK_NONE)
      cells |= BIT (cell);
  return cells;
}

static void
on_cell_activated (IsleGamePage *self, int cell)
{
  Click click;

  if (!human_to_move (self))
    return;
  click = click_for_cell (self, cell, NULL);
  switch (click.kind)
    {
    case CLICK_NONE:
      return;
    case CLICK_MARK:
      self->first_cell = cell;
      refresh (self);
      return;
    case CLICK_UNMARK:
      self->first_cell = -1;
      refresh (self);
      return;
    case CLICK_PLAY:
      play (self, click.action);
      return;
    case CLICK_PLAY_AFTER_PASS:
      /* R8.5: two decisions, the Frog's first (legal: see
       * placement_after_pass()). */
      if (play (self, pass_action ()) && human_to_move (self))
        play (self, click.action);
      return;
    case CLICK_MARK_AFTER_PASS:
      if (play (self, pass_action ()) && human_to_move (self))
        {
          self->first_cell = cell;
          refresh (self);
        }
      return;
    default:
      g_assert_not_reached ();
    }
}

/* FALSE for the frame in which the side panel still shows the position
 * before the last change (see defer_panel()): its buttons wait. */
static gboolean
panel_is_current (IsleGamePage *self)
{
  return self->panel_tick == 0;
}

static void
on_token_selected (IsleHandView *hand, int index, IsleGamePage *self)
{
  if (index == self->selected)
    return;
  /* A click in the frame before the panel caught up counts when the token
   * clicked is still there: no click is lost, none picks another token. */
  if (!panel_is_current (self))
    {
      const IsleState *s = isle_game_get_state (self->game);
      int seat = isle_state_to_move (s);

      if (!human_to_move (self) || s->phase != ISLE_PHASE_PLACE || index >= s->hand_len[seat]
          || (IsleKind) s->hand[seat][index] != isle_hand_view_get_kind (hand, index))
        return;
    }
  self->selected = index;
  self->first_cell = -1;
  refresh (self);
}

/* A hand token dropped on a tile: select it and place it there. */
static gboolean
on_token_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleGamePage *self)
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
on_face_down_toggled (IsleChoicePanel *panel, gboolean face_down, IsleGamePage *self)
{
  (void) panel;
  self->face_down = face_down;
  refresh (self);
}

/* A choice of the panel. Its widgets stay in place while a decision goes
 * on (several picks, several hires), so a quick second click on the same
 * pile or row means what the person saw and is taken even while the panel
 * waits a frame (defer_panel()); any other choice waits for the panel to
 * show the position it is made in. */
static void
on_choice_chosen (IsleChoicePanel *panel, guint action, guint phase, IsleGamePage *self)
{
  const IsleState *s;
  IsleActionType type = isle_action_type ((IsleAction) action);
  gboolean repeatable = type == ISLE_ACTION_PICK || type == ISLE_ACTION_HIRE || type == ISLE_ACTION_DONE;

  (void) panel;
  if (!human_to_move (self))
    return;
  s = isle_game_get_state (self->game);
  if (s->phase != phase || !isle_state_is_legal (s, (IsleAction) action))
    return;
  if (repeatable || panel_is_current (self))
    play (self, (IsleAction) action);
}

/* What the panel says about a choice made on the map over two clicks. */
static const char *
mark_note (IsleGamePage *self, const IsleState *s)
{
  if (self->first_cell < 0)
    return NULL;
  switch (s->phase)
    {
    case ISLE_PHASE_PLACE:
      return _("Now click the Hippo's second tile, next to the first, or the first again to take it back.");
    case ISLE_PHASE_ABILITY:
      return _("Now click the token to swap it with, or the same token again to choose another.");
    case ISLE_PHASE_HOP:
      return _("Now click the free tile the Frog hops to, or the Frog again to leave it.");
    default:
      return NULL;
    }
}

static void
show_choices (IsleGamePage *self, const IsleState *s)
{
  IsleChoiceView view = { 0 };

  view.state = s;
  view.mine = human_to_move (self);
  view.hint = hint (self);
  view.face_down = self->face_down;
  view.note = view.mine ? mark_note (self, s) : NULL;
  /* R6.4: a mercenary in fog may go face up or face down. */
  if (view.mine && (s->phase == ISLE_PHASE_PLACE || s->phase == ISLE_PHASE_HOP))
    for (int cell = 0; cell < ISLE_N_CELLS && !view.both_faces; cell++)
      click_for_cell (self, cell, &view.both_faces);
  isle_choice_panel_show (self->choice_panel, &view);
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
          return _("Prairie Dog: click two coloured tokens next to it to swap them, or swap nothing.");
        default:
          return _("Choose the target of your mercenary.");
        }
    case ISLE_PHASE_REPLACE:
      return _("Your token was chosen: put a token from your hand in its place, with the same face.");
    case ISLE_PHASE_HOP:
      return _("Frog: to hop, click it and then a free tile next to it. To leave it where it is, just place a token.");
    case ISLE_PHASE_SETTLE:
      return _("Hippo: pick which of its two tiles it keeps; the other becomes free.");
    case ISLE_PHASE_HIRE:
      return _("Pay coins and return the basic token a mercenary replaces. Your choices stay secret until both sides are done.");
    case ISLE_PHASE_WEATHER:
      return _("The card you keep decides this round's weather; the other goes under the deck.");
    case ISLE_PHASE_FOG_LIFT:
      return _("Click any tile of the fog board to lift, or use its button. Tokens under it stay hidden until scoring.");
    default:
      return NULL;
    }
}

static char *
status_text (IsleGamePage *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  if (isle_state_is_terminal (s))
    {
      /* R4.7, R9.4: the verdict names what decided it; the review shows
       * it whole above the last round, the status in short. */
      IsleResults results;
      int you = isle_match_get_person_side (self->match);
      g_autofree char *verdict = NULL;

      isle_results_compute (self->game, &results);
      verdict = isle_results_verdict (&results, you);
      isle_round_review_set_verdict (self->round_end, verdict);
      return isle_results_verdict_short (&results, you);
    }
  if (self->reviewing)
    return g_strdup_printf (_("Round %d is over"), MAX (1, s->round - 1));
  /* A scenario's goal, once decided, ends the game: nobody thinks on. */
  switch (self->match != NULL ? isle_match_get_goal_status (self->match, NULL) : ISLE_GOAL_IN_PROGRESS)
    {
    case ISLE_GOAL_MET:
      return g_strdup (_("Goal met!"));
    case ISLE_GOAL_FAILED:
      return g_strdup (_("Goal not met"));
    case ISLE_GOAL_IN_PROGRESS:
    default:
      break;
    }
  if (!is_human (self, seat))
    {
      g_autofree char *name = seat_name (self, seat);
      return g_strdup_printf (_("%s is thinking…"), name);
    }
  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER: return g_strdup (_("Keep one of two weather cards"));
    case ISLE_PHASE_HIRE:
      {
        /* R9.3: what the side has left to spend, its choices set aside
         * (paid when both sides are done). */
        int side = isle_seat_side (seat), left = s->coins[side];

        for (int kind = 0; kind < ISLE_N_KINDS; kind++)
          left -= s->pending[side][kind] * s->rules.hire_cost[kind];
        return g_strdup_printf (ngettext ("Hire mercenaries in secret: %d coin left",
                                          "Hire mercenaries in secret: %d coins left", left), left);
      }
    case ISLE_PHASE_HAND:
      return g_strdup_printf (_("Choose your opening hand: %d of %d"), s->hand_len[seat] + 1,
                              ISLE_HAND_MAX);
    case ISLE_PHASE_SETTLE: return g_strdup (_("Choose the tile your Hippo keeps"));
    case ISLE_PHASE_HOP: return g_strdup (_("Your move: hop your Frog, or place a token"));
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
show_facts (IsleGamePage *self, const IsleState *view)
{
  int mine = isle_seat_side (viewer (self)), theirs = 1 - mine;
  gboolean mercenary = view->variant >= ISLE_VARIANT_MERCENARY;
  g_autofree char *round = NULL, *score = NULL, *coins = NULL, *piles = NULL;
  g_autoptr (GString) hired = g_string_new (NULL);
  int opponent = -1;

  /* R6.1: the round's weather is named once a card is kept. */
  if (view->variant == ISLE_VARIANT_BASIC || view->phase == ISLE_PHASE_WEATHER)
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
    piles = g_strdup_printf (_("Your pile %d · their hand %d, pile %d"), view->pile_len[viewer (self)],
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

/* A scenario's goal (a puzzle, a shared file, a test play): what it asks,
 * where it stands, the puzzle's clues, and once it is met, the puzzle
 * marked solved. */
static void
show_goal (IsleGamePage *self, const IsleState *s)
{
  IsleScenario *scenario = isle_game_get_scenario (self->game);
  IsleScenarioGoal goal = { ISLE_GOAL_NONE, 0 };
  g_autofree char *wanted = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *text = NULL;
  const char *title;
  const char *const *hints;
  const char *said = NULL;
  IsleGoalStatus status = isle_match_get_goal_status (self->match, &said);

  (void) s;
  if (scenario != NULL)
    isle_scenario_get_goal (scenario, &goal);
  gtk_widget_set_visible (self->puzzle_box, goal.type != ISLE_GOAL_NONE);
  if (goal.type == ISLE_GOAL_NONE)
    return;
  title = isle_scenario_get_title (scenario);
  gtk_label_set_text (self->puzzle_title, title != NULL ? isle_puzzle_text (title) : _("Scenario"));
  gtk_label_set_text (self->puzzle_description, isle_scenario_get_description (scenario)
                                                ? isle_puzzle_text (isle_scenario_get_description (scenario)) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->puzzle_description), isle_scenario_get_description (scenario) != NULL);
  wanted = isle_scenario_describe_goal (scenario);
  sentence = g_strdup (said);
  switch (status)
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
  if (status == ISLE_GOAL_MET)
    gtk_widget_add_css_class (GTK_WIDGET (self->puzzle_goal), "success");
  else if (status == ISLE_GOAL_FAILED)
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
  gtk_widget_set_visible (self->keep_solution_button, self->test_play && status == ISLE_GOAL_MET);
  if (status == ISLE_GOAL_MET)
    gtk_widget_add_css_class (self->next_puzzle_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->next_puzzle_button, "suggested-action");
}

static void
refresh_panel (IsleGamePage *self)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleObservation obs;
  g_autofree char *status = status_text (self, s);
  gboolean mine = human_to_move (self);

  isle_state_observe (s, viewer (self), &obs);
  gtk_label_set_text (self->status, status);
  {
    const char *explain = mine ? ability_text (s) : NULL;

    gtk_widget_set_visible (GTK_WIDGET (self->explain), explain != NULL);
    gtk_label_set_text (self->explain, explain ? explain : "");
  }
  show_facts (self, &obs.view);
  if (g_strcmp0 (self->status_text, status) != 0)
    {
      g_free (self->status_text);
      self->status_text = g_strdup (status);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }
  if (self->selected >= obs.view.hand_len[viewer (self)])
    self->selected = 0;
  /* R8.5: while the Frog may hop, the token for the placement after it
   * is chosen too. */
  isle_hand_view_show (self->hand, &obs.view, viewer (self),
                       mine && (s->phase == ISLE_PHASE_PLACE || s->phase == ISLE_PHASE_HOP), self->selected);
  gtk_widget_set_visible (self->hand_title, !isle_hand_view_is_empty (self->hand));
  show_choices (self, s);
  isle_round_review_show (self->round_end, s);
  show_goal (self, s);
}

static gboolean
panel_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  IsleGamePage *self = ISLE_GAME_PAGE (widget);

  (void) user_data;
  if (gdk_frame_clock_get_frame_counter (clock) <= self->panel_frame)
    return G_SOURCE_CONTINUE;
  self->panel_tick = 0;
  refresh_panel (self);
  return G_SOURCE_REMOVE;
}

static void
cancel_panel (IsleGamePage *self)
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
  self->panel_frame = gdk_frame_clock_get_frame_counter (clock) + 1;
  if (self->panel_tick == 0)
    self->panel_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), panel_tick, NULL, NULL);
}

static void
refresh (IsleGamePage *self)
{
  const IsleState *s;
  IsleObservation obs;
  gboolean mine;
  const IsleBoard *shown;
  IsleBoard board;

  if (self->match == NULL)
    return;
  s = isle_game_get_state (self->game);
  mine = human_to_move (self);
  /* A hand that shrank keeps a token chosen, so the map offers its tiles. */
  if (isle_state_to_move (s) >= 0 && self->selected >= s->hand_len[isle_state_to_move (s)])
    self->selected = 0;

  /* R12: the page shows what the viewer's seat may see. */
  isle_state_observe (s, viewer (self), &obs);
  /* R7.5: a round's scored board while it is reviewed; then the island
   * as it is, empty for the next round's hands and weather. R7.5, R12: at
   * the game's end the last round's, every token turned face up. */
  shown = self->reviewing || isle_state_is_terminal (s) ? &obs.view.scored_board : &obs.view.board;
  board = *shown;
  /* R7.5: at scoring every token is turned face up. */
  if (shown == &obs.view.scored_board)
    {
      for (int cell = 0; cell < ISLE_N_CELLS; cell++)
        board.cells[cell].flags &= (uint8_t) ~ISLE_CELL_FACE_DOWN;
      board.face_down = 0;
    }
  /* R12 strict memory (or no reminder wanted): the player's own face-down
   * tokens are not recalled. */
  if (!isle_settings_show_own_face_down (self->settings, &self->setup.rules) && shown == &obs.view.board)
    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (board.cells[cell].flags & ISLE_CELL_FACE_DOWN)
        board.cells[cell].kind = ISLE_KIND_UNKNOWN;
  /* R8.9: the Hippo stands on its first tile while its second is chosen. */
  if (mine && s->phase == ISLE_PHASE_PLACE && self->first_cell >= 0
      && !(board.occupied & BIT (self->first_cell)))
    isle_board_put (&board, self->first_cell, ISLE_KIND_HIPPO, viewer (self), ISLE_COLOUR_WHITE, 0);
  isle_board_view_set_board (self->board, &board, viewer (self));
  isle_board_view_set_targets (self->board, mine ? target_cells (self) : 0);
  /* What the last turn touched stays marked until the person decides;
   * a reviewed round shows its lines instead. */
  isle_board_view_set_last_move (self->board, shown == &obs.view.board ? isle_match_get_last_move (self->match) : 0);
  isle_board_view_set_preview (self->board, mine ? selected_kind (self, s) : ISLE_KIND_NONE,
                               isle_seat_side (viewer (self)));
  isle_board_view_set_hint (self->board, hint (self) != 0 && isle_action_cell (hint (self)) < ISLE_N_CELLS
                                         ? isle_action_cell (hint (self)) : -1);
  {
    uint64_t cells = 0;
    int side = -1;

    /* R7.5: the line the review explains now. */
    isle_round_review_get_highlight (self->round_end, &cells, &side);
    /* The tile of a two-click choice on the map, marked. */
    if (cells == 0 && mine && self->first_cell >= 0)
      cells = BIT (self->first_cell);
    isle_board_view_set_highlight (self->board, cells, side);
  }
  {
    const IsleLineScore *lines;
    int n = isle_round_review_get_lines (self->round_end, &lines);

    /* R7.5: the lines told so far, drawn on the map one after another. */
    isle_board_view_set_lines (self->board, lines, n);
  }
  defer_panel (self, !gtk_widget_get_mapped (GTK_WIDGET (self)));
}

/* A decision was applied: a round it ended is reviewed (R7.5). */
static void
on_action_applied (IsleMatch *match, guint index, IsleGamePage *self)
{
  const IsleState *before = isle_game_get_state_at (self->game, index);
  const IsleState *s = isle_game_get_state_at (self->game, index + 1);

  (void) match;
  if (s->round > before->round || (isle_state_is_terminal (s) && !isle_state_is_terminal (before)))
    isle_round_review_start (self->round_end, s);
}

/* The review lit another line. */
static void
on_review_step (IsleRoundReview *review, IsleGamePage *self)
{
  (void) review;
  refresh (self);
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

/* A row of the log: the words of a decision or a round's result (which
 * stands out, and opens the results when activated). The row keeps its
 * IsleHistoryItem as "item". */
static GtkWidget *
create_log_row (gpointer object, gpointer user_data)
{
  IsleHistoryItem *item = object;
  gboolean round_end = isle_history_item_get_round_end (item);
  GtkWidget *label = gtk_label_new (isle_history_item_get_text (item));
  GtkWidget *row = gtk_list_box_row_new ();

  (void) user_data;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, round_end ? "heading" : "dim-label");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), round_end);
  g_object_set_data_full (G_OBJECT (row), "item", g_object_ref (item), g_object_unref);
  return row;
}

/* The log is a list box over the match's history, newest first, its last
 * LOG_ROWS decisions: undo and redo remove and restore its rows by
 * construction, and a move redraws a dozen short rows, not a long list.
 * (A list box, not a list view: a dozen rows of different heights are
 * measured exactly, and the newest is always the first shown.) */
static void
set_log_model (IsleGamePage *self)
{
  g_autoptr (IsleReversedModel) newest_first = isle_reversed_model_new (isle_match_get_history (self->match));
  g_autoptr (GtkSliceListModel) newest = gtk_slice_list_model_new (G_LIST_MODEL (g_steal_pointer (&newest_first)), 0, LOG_ROWS);

  gtk_list_box_bind_model (self->log, G_LIST_MODEL (newest), create_log_row, NULL, NULL);
}

/* A round's row (the only rows activatable) opens the results table. */
static void
on_log_activated (GtkListBox *log, GtkListBoxRow *row, IsleGamePage *self)
{
  (void) log;
  (void) row;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.results", NULL);
}

static void
setup_log (IsleGamePage *self)
{
  gtk_list_box_set_selection_mode (self->log, GTK_SELECTION_NONE);
  g_signal_connect (self->log, "row-activated", G_CALLBACK (on_log_activated), self);
}

/* ---- following the match ------------------------------------------------- */

static void
on_position_changed (IsleMatch *match, guint old, guint position, IsleGamePage *self)
{
  (void) match;
  /* Undo and redo leave a review behind them. */
  if (position <= old && self->reviewing)
    isle_round_review_stop (self->round_end);
  self->first_cell = -1;
  refresh (self);
}

static void
on_match_notify (IsleMatch *match, GParamSpec *pspec, IsleGamePage *self)
{
  (void) match;
  (void) pspec;
  refresh (self);
}

static void
on_setting_changed (GSettings *settings, const char *key, IsleGamePage *self)
{
  (void) settings;
  if (g_strcmp0 (key, "remind-face-down") == 0)
    refresh (self);
}

/* A page that appears shows its panel at once. */
static void
on_page_mapped (GtkWidget *widget)
{
  IsleGamePage *self = ISLE_GAME_PAGE (widget);

  cancel_panel (self);
  if (self->match != NULL)
    refresh_panel (self);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_game_page_dispose (GObject *object)
{
  IsleGamePage *self = ISLE_GAME_PAGE (object);

  cancel_panel (self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ISLE_TYPE_GAME_PAGE);
  G_OBJECT_CLASS (isle_game_page_parent_class)->dispose (object);
}

static void
isle_game_page_finalize (GObject *object)
{
  g_free (ISLE_GAME_PAGE (object)->status_text);
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
  self->settings = g_object_ref (isle_settings_get ());
  self->first_cell = -1;
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (on_cell_activated), self);
  g_signal_connect (self->hand, "token-selected", G_CALLBACK (on_token_selected), self);
  self->choice_panel = ISLE_CHOICE_PANEL (isle_choice_panel_new ());
  gtk_box_append (self->choices, GTK_WIDGET (self->choice_panel));
  g_signal_connect (self->choice_panel, "chosen", G_CALLBACK (on_choice_chosen), self);
  g_signal_connect (self->choice_panel, "face-down-toggled", G_CALLBACK (on_face_down_toggled), self);
  g_signal_connect (self->round_end, "step", G_CALLBACK (on_review_step), self);
  g_signal_connect (self->round_end, "notify::reviewing", G_CALLBACK (on_reviewing_changed), self);
  setup_log (self);
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
  self->reviewing = FALSE;
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  g_set_object (&self->game, isle_match_get_game (match));
  self->setup = *isle_game_get_setup (self->game);
  self->selected = 0;
  self->first_cell = -1;
  self->face_down = FALSE;
  self->clues = 0;
  g_signal_connect (match, "action-applied", G_CALLBACK (on_action_applied), self);
  g_signal_connect (match, "position-changed", G_CALLBACK (on_position_changed), self);
  g_signal_connect (match, "notify::hint", G_CALLBACK (on_hint_changed), self);
  g_signal_connect (match, "notify::viewer", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::human-turn", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::goal-status", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::last-move", G_CALLBACK (on_match_notify), self);
  set_log_model (self);
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
