/* isle-turn.c — the turn in progress as the match's viewer meets it, and
 * what their activations mean (isle-turn.h).
 *
 * Everything a view shows is recomputed from the match's position in
 * update(), on each of the match's signals and after each activation, and
 * told by one "changed". What a tile means is found in the engine's legal
 * actions (click_for_cell()); the texts are built from the viewer's
 * observation (R12). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-history.h"
#include "isle-results.h"
#include "isle-review-words.h"
#include "isle-turn.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))

struct _IsleTurn
{
  GObject parent_instance;

  IsleMatch *match;
  IsleGame *game;
  gboolean show_own_face_down;
  gboolean reviewing;

  /* The person's choice in progress. */
  int selected;                /* index of the chosen hand token */
  int first_cell;              /* the first tile of a two-click choice, or -1 */
  gboolean face_down;          /* R6.4: the token goes face down */

  /* Computed by update(). */
  IsleObservation obs;         /* the viewer's (R12) */
  IsleActionList legal;        /* the legal actions where the game stands */
  IsleState after_pass;        /* R8.5: after leaving the Frog, when legal */
  IsleActionList after_pass_legal;
  gboolean can_pass_then_place;
  IsleTurnScored scored;
  GArray *moves;               /* IsleTurnMove */
  IsleTurnChoices choices;
  char *status;

  /* What was announced (see "---- announcements"). */
  guint told_position;         /* the game position told of */
  gboolean applied;            /* a decision was applied ("action-applied") */
  gboolean told_decided;       /* the game's or goal's end was told */
  char *told_status;           /* the status told while the viewer decides */
  GString *pending;            /* the decisions of a position change */

  /* Why the hint is good (isle_review_words_hint()), for the hint HINT_FOR
   * at game position HINT_POSITION. */
  IsleAction hint_for;
  guint hint_position;
  char *hint_reason;
};

G_DEFINE_FINAL_TYPE (IsleTurn, isle_turn, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SHOW_OWN_FACE_DOWN,
  PROP_REVIEWING,
  N_PROPS
};

enum
{
  CHANGED,
  ANNOUNCE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update (IsleTurn *self);
static void announce (IsleTurn *self);

static const IsleState *
state (IsleTurn *self)
{
  return isle_game_get_state (self->game);
}

static int
viewer (IsleTurn *self)
{
  return isle_match_get_viewer (self->match);
}

static gboolean
mine (IsleTurn *self)
{
  return isle_match_get_human_turn (self->match) && !self->reviewing;
}

/* The game or a scenario's goal is decided: nobody decides any more. */
static gboolean
decided (IsleTurn *self)
{
  return isle_state_is_terminal (state (self))
         || isle_match_get_goal_status (self->match, NULL) != ISLE_GOAL_IN_PROGRESS;
}

/* ---- what a tile means --------------------------------------------------- */

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

/* The kind of the chosen hand token in S, while a placement is chosen. */
static IsleKind
selected_kind (IsleTurn *self, const IsleState *s)
{
  int seat = isle_state_to_move (s);

  /* R8.5: while the Frog may hop, a token is chosen for the placement that
   * follows (leaving the Frog where it is). */
  if (seat < 0 || (s->phase != ISLE_PHASE_PLACE && s->phase != ISLE_PHASE_HOP)
      || self->selected >= s->hand_len[seat])
    return ISLE_KIND_NONE;
  return (IsleKind) s->hand[seat][self->selected];
}

/* The placement of the chosen token (with the face chosen, when both are
 * legal) among LIST that uses CELL, or 0; FIRST is a Hippo's first tile,
 * or -1. Before a Hippo's first tile is chosen either tile of any of its
 * legal placements stands for it (isle_action_hippo (CELL, ISLE_NO_CELL),
 * not itself legal); after, the placement across FIRST and CELL in either
 * order (R8.9: all four directions). BOTH_FACES, when not NULL, tells
 * whether face up and face down are both legal for the token (R6.4). */
static IsleAction
placement_for_cell (IsleTurn *self, const IsleState *s, const IsleActionList *list, int cell, int first,
                    gboolean *both_faces)
{
  IsleKind kind = selected_kind (self, s);
  IsleAction found = 0;
  gboolean up = FALSE, down = FALSE;

  for (int i = 0; i < list->n; i++)
    {
      IsleAction a = list->actions[i];
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

/* R8.5, R8.8: leave the Frog where it is; swap nothing. */
static IsleAction
pass_action (void)
{
  return isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0);
}

/* What activating CELL means now; the engine's legal actions decide. */
static Click
click_for_cell (IsleTurn *self, int cell, gboolean *both_faces)
{
  const IsleState *s = state (self);
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
      click.action = placement_for_cell (self, s, &self->legal, cell, first, both_faces);
      if (click.action != 0)
        click.kind = is_hippo_first (s, click.action) ? CLICK_MARK : CLICK_PLAY;
      return click;
    }
  /* R8.5: the Frog stays and the chosen token goes on CELL. */
  if (s->phase == ISLE_PHASE_HOP && first < 0 && cell != frog_cell (s))
    {
      if (self->can_pass_then_place)
        click.action = placement_for_cell (self, &self->after_pass, &self->after_pass_legal, cell, -1,
                                           both_faces);
      if (click.action != 0)
        click.kind = is_hippo_first (&self->after_pass, click.action) ? CLICK_MARK_AFTER_PASS
                                                                       : CLICK_PLAY_AFTER_PASS;
      return click;
    }
  for (int i = 0; i < self->legal.n && click.kind == CLICK_NONE; i++)
    {
      IsleAction a = self->legal.actions[i];
      int c1 = isle_action_cell (a), c2 = isle_action_cell2 (a);

      click.action = a;
      switch (isle_action_type (a))
        {
        case ISLE_ACTION_HOP:
          /* R8.5: the Frog first, then its tile. */
          if (first < 0 && cell == frog_cell (s))
            click.kind = CLICK_MARK;
          else if (first >= 0 && c1 == cell)
            click.kind = CLICK_PLAY;
          break;
        case ISLE_ACTION_SWAP:
          /* R8.3, R8.7: the token to swap places with. */
          if (c2 == ISLE_NO_CELL && c1 == cell)
            click.kind = CLICK_PLAY;
          /* R8.8: the Prairie Dog's two tokens, one click each, in
           * either order. */
          else if (c2 != ISLE_NO_CELL && first < 0 && (c1 == cell || c2 == cell))
            click.kind = CLICK_MARK;
          else if (c2 != ISLE_NO_CELL && first >= 0
                   && ((c1 == first && c2 == cell) || (c2 == first && c1 == cell)))
            click.kind = CLICK_PLAY;
          break;
        case ISLE_ACTION_LIFT:
          /* R6.5: any tile under the fog board lifts it. */
          if (isle_quadrant_mask (isle_action_arg (a)) & s->board.fog & BIT (cell))
            click.kind = CLICK_PLAY;
          break;
        case ISLE_ACTION_TARGET:
        case ISLE_ACTION_SETTLE:
          if (c1 == cell)
            click.kind = CLICK_PLAY;
          break;
        default:
          break;
        }
    }
  if (click.kind == CLICK_MARK || click.kind == CLICK_NONE)
    click.action = 0;
  return click;
}

/* ---- playing ------------------------------------------------------------- */

/* Plays ACTION for the viewer. R6.5: when the one fog board left must come
 * off next, by the same person, there is nothing to choose: it is lifted
 * at once. */
static gboolean
play (IsleTurn *self, IsleAction action, GError **error)
{
  self->first_cell = -1;
  if (!isle_match_play (self->match, action, error))
    return FALSE;
  if (isle_match_get_human_turn (self->match) && state (self)->phase == ISLE_PHASE_FOG_LIFT)
    {
      IsleActionList list;

      if (isle_state_legal_actions (state (self), &list) == 1)
        return isle_match_play (self->match, list.actions[0], error);
    }
  return TRUE;
}

static void
mark (IsleTurn *self, int cell)
{
  self->first_cell = cell;
  update (self);
}

gboolean
isle_turn_activate_tile (IsleTurn *self, int cell, GError **error)
{
  Click click;

  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < ISLE_N_CELLS, FALSE);
  if (!mine (self))
    return FALSE;
  click = click_for_cell (self, cell, NULL);
  switch (click.kind)
    {
    case CLICK_MARK:
      mark (self, cell);
      return TRUE;
    case CLICK_UNMARK:
      mark (self, -1);
      return TRUE;
    case CLICK_PLAY:
      return play (self, click.action, error);
    case CLICK_PLAY_AFTER_PASS:
      /* R8.5: two decisions, the Frog's first. */
      return play (self, pass_action (), error) && mine (self) && play (self, click.action, error);
    case CLICK_MARK_AFTER_PASS:
      if (!play (self, pass_action (), error) || !mine (self))
        return FALSE;
      mark (self, cell);
      return TRUE;
    case CLICK_NONE:
    default:
      return FALSE;
    }
}

gboolean
isle_turn_select_token (IsleTurn *self, int index)
{
  const IsleState *s;

  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  s = state (self);
  if (!mine (self) || (s->phase != ISLE_PHASE_PLACE && s->phase != ISLE_PHASE_HOP) || index < 0
      || index >= s->hand_len[isle_state_to_move (s)])
    return FALSE;
  if (index == self->selected && self->first_cell < 0)
    return TRUE;
  self->selected = index;
  self->first_cell = -1;
  update (self);
  return TRUE;
}

gboolean
isle_turn_choose (IsleTurn *self, IsleAction action, GError **error)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  if (!mine (self))
    return FALSE;
  for (int i = 0; i < self->choices.n; i++)
    if (self->choices.choices[i].action == action)
      return self->choices.choices[i].enabled && play (self, action, error);
  return FALSE;
}

void
isle_turn_set_face_down (IsleTurn *self, gboolean face_down)
{
  g_return_if_fail (ISLE_IS_TURN (self));
  if (self->face_down == !!face_down)
    return;
  self->face_down = !!face_down;
  update (self);
}

/* ---- words --------------------------------------------------------------- */

/* A button's words for a choice not made on the map alone, or NULL. */
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
    case ISLE_ACTION_DONE:
      return g_strdup (_("Done hiring"));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("Replace it with a %s"), isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_HIRE:
      /* Translators: "Fox · 15 coins" */
      return g_strdup_printf (_("%s · %d coins"), isle_words_kind (isle_action_kind (a)),
                              s->rules.hire_cost[isle_action_kind (a)]);
    case ISLE_ACTION_PASS:
      return g_strdup (s->phase == ISLE_PHASE_HOP ? _("Leave the Frog where it is") : _("Swap nothing"));
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (_("Swap %s and %s"), isle_cell_name (isle_action_cell (a), c1),
                                isle_cell_name (isle_action_cell2 (a), c2));
      return NULL;
    default:
      return NULL;   /* chosen on the map only */
    }
}

static int
count_of (const uint8_t *tokens, int n, IsleKind kind)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    count += tokens[i] == kind;
  return count;
}

static void
add_choice (IsleTurn *self, const IsleState *s, IsleAction a, gboolean enabled, int count)
{
  IsleTurnChoices *c = &self->choices;
  g_autofree char *label = choice_label (s, a);
  IsleTurnChoice *choice;

  if (label == NULL || c->n >= ISLE_TURN_MAX_CHOICES)
    return;
  choice = &c->choices[c->n++];
  choice->action = a;
  choice->enabled = enabled;
  choice->count = count;
  choice->chosen = isle_action_type (a) == ISLE_ACTION_HIRE
                   && s->pending[isle_seat_side (s->to_move)][isle_action_kind (a)] > 0;
  g_strlcpy (choice->label, label, sizeof choice->label);
}

/* The choices beside the map: R4.2 every kind the hand is chosen from (a
 * kind run out stays, greyed out, so that nothing moves), R9.3 every
 * mercenary the side has not hired before, and each legal action with
 * words of its own. */
static void
update_choices (IsleTurn *self)
{
  const IsleState *s = state (self);
  int seat = isle_state_to_move (s);

  memset (&self->choices, 0, sizeof self->choices);
  self->choices.phase = s->phase;
  self->choices.seat = seat;
  self->choices.round = s->round;
  if (!mine (self))
    return;
  self->choices.coins_left = isle_state_coins_left (s, isle_seat_side (seat));
  if (s->phase == ISLE_PHASE_HAND)
    for (int kind = 0; kind < ISLE_N_KINDS; kind++)
      {
        int pile = count_of (s->pile[seat], s->pile_len[seat], (IsleKind) kind);
        IsleAction a = isle_action_pick ((IsleKind) kind);

        if (pile + count_of (s->hand[seat], s->hand_len[seat], (IsleKind) kind) > 0)
          add_choice (self, s, a, isle_state_is_legal (s, a), pile);
      }
  if (s->phase == ISLE_PHASE_HIRE)
    for (int kind = ISLE_FIRST_MERCENARY; kind < ISLE_N_KINDS; kind++)
      {
        IsleAction a = isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) kind);

        if (!s->hired[isle_seat_side (seat)][kind])
          add_choice (self, s, a, isle_state_is_legal (s, a), -1);
      }
  for (int i = 0; i < self->legal.n; i++)
    {
      IsleActionType type = isle_action_type (self->legal.actions[i]);

      if (type != ISLE_ACTION_PICK && type != ISLE_ACTION_HIRE)
        add_choice (self, s, self->legal.actions[i], TRUE, -1);
    }
}

/* R8 and the other decisions: one line on what is asked. */
static const char *
explanation (const IsleState *s, int n_legal)
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
      /* R6.5: fog covers free tiles only; lifting opens them. */
      return n_legal == 1 ? _("Only one fog board is left: lifting it opens the rest of the island.")
                          : _("Click any tile of the fog board to lift, or use its button. Its tiles open for placing.");
    default:
      return NULL;
    }
}

static char *
status_text (IsleTurn *self)
{
  const IsleState *s = state (self);
  int seat = isle_state_to_move (s);

  if (isle_state_is_terminal (s))
    {
      /* R4.7, R9.4: the verdict, short. */
      IsleResults results;

      isle_results_compute (self->game, &results);
      return isle_results_verdict_short (&results, isle_match_get_person_side (self->match));
    }
  /* A scenario's goal, once decided, ends the game. */
  switch (isle_match_get_goal_status (self->match, NULL))
    {
    case ISLE_GOAL_MET:
      return g_strdup (_("Goal met!"));
    case ISLE_GOAL_FAILED:
      return g_strdup (_("Goal not met"));
    case ISLE_GOAL_IN_PROGRESS:
    default:
      break;
    }
  if (self->reviewing)
    return g_strdup_printf (_("Round %d is over"), MAX (1, s->round - 1));
  if (!isle_match_is_human (self->match, seat))
    {
      g_autofree char *name = isle_history_seat_name (isle_game_get_setup (self->game), seat);

      return g_strdup_printf (_("%s is thinking…"), name);
    }
  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER: return g_strdup (_("Keep one of two weather cards"));
    case ISLE_PHASE_HIRE:
      {
        int left = isle_state_coins_left (s, isle_seat_side (seat));

        return g_strdup_printf (ngettext ("Hire mercenaries in secret: %d coin left",
                                          "Hire mercenaries in secret: %d coins left", left), left);
      }
    case ISLE_PHASE_HAND:
      return g_strdup_printf (_("Choose your opening hand: %d of %d"), s->hand_len[seat] + 1, ISLE_HAND_MAX);
    case ISLE_PHASE_SETTLE: return g_strdup (_("Choose the tile your Hippo keeps"));
    case ISLE_PHASE_HOP: return g_strdup (_("Your move: hop your Frog, or place a token"));
    case ISLE_PHASE_PLACE: return g_strdup (_("Your move: place a token on a free tile"));
    case ISLE_PHASE_ABILITY: return g_strdup (_("Choose the target of your mercenary"));
    case ISLE_PHASE_REPLACE: return g_strdup (_("Replace your token with one from your hand"));
    case ISLE_PHASE_FOG_LIFT:
      return g_strdup (self->legal.n == 1 ? _("Lift the last fog board") : _("Lift a fog board"));
    case ISLE_PHASE_OVER:
    case ISLE_N_PHASES:
    default:
      return g_strdup ("");
    }
}

/* ---- what the position scored, and the last move ------------------------- */

/* R7.5: the round the move to this position scored (at the game's end the
 * last one), with its lines; a position in the middle of a round scored
 * none. */
static void
update_scored (IsleTurn *self)
{
  const IsleState *s = state (self);
  guint position = isle_game_get_position (self->game);
  IsleTurnScored *scored = &self->scored;
  IsleScore score;
  int32_t totals[ISLE_N_SIDES];

  memset (scored, 0, sizeof *scored);
  scored->over = decided (self);
  scored->goal = isle_match_get_goal_status (self->match, NULL) != ISLE_GOAL_IN_PROGRESS;
  if (isle_state_is_terminal (s))
    scored->round = s->round;
  else if (position > 0 && s->round > isle_game_get_state_at (self->game, position - 1)->round)
    scored->round = s->round - 1;
  if (scored->round < 1 || scored->round > ISLE_MAX_ROUNDS)
    {
      scored->round = 0;
      return;
    }
  isle_board_score (&s->scored_board, s->rules.line_score, totals, &score);
  scored->score[ISLE_SIDE_RED] = s->round_score[scored->round - 1][ISLE_SIDE_RED];
  scored->score[ISLE_SIDE_BLUE] = s->round_score[scored->round - 1][ISLE_SIDE_BLUE];
  scored->n_lines = score.n_lines;
  memcpy (scored->lines, score.lines, sizeof score.lines[0] * (size_t) score.n_lines);
}

static void
update_moves (IsleTurn *self)
{
  guint position = isle_game_get_position (self->game);

  g_array_set_size (self->moves, 0);
  for (guint i = isle_match_get_last_move_start (self->match); i < position; i++)
    {
      IsleTurnMove move;

      move.action = isle_game_get_action (self->game, i);
      move.cells = isle_history_cells (isle_game_get_state_at (self->game, i), move.action,
                                       isle_game_get_state_at (self->game, i + 1));
      g_array_append_val (self->moves, move);
    }
}

/* The scored board is shown: the round reviewed, or the end of the game
 * or of a scenario decided by the round just scored. */
static gboolean
showing_scored (IsleTurn *self)
{
  return self->reviewing || (self->scored.over && self->scored.round > 0);
}

/* ---- update -------------------------------------------------------------- */

static void
update (IsleTurn *self)
{
  const IsleState *s = state (self);
  int seat = isle_state_to_move (s);

  isle_state_observe (s, viewer (self), &self->obs);
  isle_state_legal_actions (s, &self->legal);
  /* A hand that shrank keeps a token chosen, so the map offers its
   * tiles. */
  if (seat >= 0 && self->selected >= s->hand_len[seat])
    self->selected = 0;
  self->after_pass = *s;
  self->can_pass_then_place = s->phase == ISLE_PHASE_HOP && isle_state_is_legal (s, pass_action ())
                              && isle_state_apply (&self->after_pass, pass_action ())
                              && self->after_pass.phase == ISLE_PHASE_PLACE
                              && isle_state_to_move (&self->after_pass) == seat;
  if (self->can_pass_then_place)
    isle_state_legal_actions (&self->after_pass, &self->after_pass_legal);
  update_scored (self);
  update_moves (self);
  update_choices (self);
  g_free (self->status);
  self->status = status_text (self);
  g_signal_emit (self, signals[CHANGED], 0);
  announce (self);
}

/* ---- announcements ------------------------------------------------------ */

/* What a screen reader says as the game goes on: one "announce" per event,
 * never two for one decision.
 *   - A decision applied (not undo, redo or go-to): the log's sentences
 *     (IsleHistory, in the viewer's words, R12) of the decisions nobody at
 *     this screen took (the computers'; in the hot seat every decision is
 *     a person's), the line of a round it ended (R7.4), and the verdict of
 *     the game (R4.7, R9.4) or of a scenario's goal it decided.
 *   - The viewer's turn: the status ("Your move: …") when the decision
 *     comes to the person at the screen (after a computer, after the
 *     screen was passed, after a round's review) or asks something new
 *     (a Fox's target after placing it, the next token of the opening
 *     hand); the person's own decisions are not told back to them.
 *   - A computer player that failed ("player-replaced").
 * The parts of one position change are said together, in that order. */

static void
append_sentence (GString *text, const char *sentence)
{
  if (sentence == NULL || *sentence == '\0')
    return;
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, sentence);
}

static void
on_action_applied (IsleMatch *match, guint index, IsleTurn *self)
{
  (void) match;
  (void) index;
  self->applied = TRUE;
}

/* The match moved from OLD to POSITION: the decisions applied, as the log
 * tells them, wait in PENDING for announce(). */
static void
tell_decisions (IsleTurn *self, guint old, guint position)
{
  GListModel *history = isle_match_get_history (self->match);
  guint n = g_list_model_get_n_items (history);
  guint first = n;

  self->told_position = position;
  if (!self->applied || position <= old)
    return;
  self->applied = FALSE;
  while (first > 0)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (history, first - 1);

      if (isle_history_item_get_index (item) < old)
        break;
      first--;
    }
  for (guint i = first; i < n; i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (history, i);
      int seat = isle_history_item_get_seat (item);

      if (isle_history_item_get_index (item) < position && (seat < 0 || !isle_match_is_human (self->match, seat)))
        append_sentence (self->pending, isle_history_item_get_text (item));
    }
}

/* Says what the last event brought (see above), once the turn has caught
 * up with the match's position: a change under way is told by its
 * "position-changed". */
static void
announce (IsleTurn *self)
{
  g_autoptr (GString) text = NULL;
  gboolean now_decided = decided (self);

  if (isle_game_get_position (self->game) != self->told_position)
    return;
  text = g_string_new (self->pending->str);
  g_string_truncate (self->pending, 0);
  if (now_decided && !self->told_decided)
    {
      g_autofree char *verdict = isle_turn_dup_verdict (self);
      g_autofree char *goal = isle_turn_dup_goal_verdict (self);

      append_sentence (text, verdict);
      append_sentence (text, goal);
    }
  self->told_decided = now_decided;
  if (mine (self) && g_strcmp0 (self->status, self->told_status) != 0)
    {
      append_sentence (text, self->status);
      g_free (self->told_status);
      self->told_status = g_strdup (self->status);
    }
  /* Someone else decides now (a review only holds the game): the turn is
   * told again when it comes back. */
  else if (!mine (self) && !self->reviewing)
    g_clear_pointer (&self->told_status, g_free);
  if (text->len > 0)
    g_signal_emit (self, signals[ANNOUNCE], 0, text->str);
}

static void
on_player_replaced (IsleMatch *match, int seat, const GError *error, IsleTurn *self)
{
  (void) match;
  (void) seat;
  (void) error;
  g_signal_emit (self, signals[ANNOUNCE], 0, _("A computer player failed; the Easy computer player takes over"));
}

/* ---- following the match ------------------------------------------------- */

static void
on_position_changed (IsleMatch *match, guint old, guint position, IsleTurn *self)
{
  (void) match;
  self->first_cell = -1;
  tell_decisions (self, old, position);
  update (self);
}

/* The hint came: the hinted token is chosen from the hand, with its face. */
static void
on_hint_changed (IsleMatch *match, GParamSpec *pspec, IsleTurn *self)
{
  IsleAction action = isle_match_get_hint (match);
  const IsleState *s = state (self);
  int seat = isle_state_to_move (s);

  (void) pspec;
  if (action != 0 && isle_action_type (action) == ISLE_ACTION_PLACE && seat >= 0)
    {
      for (int i = 0; i < s->hand_len[seat]; i++)
        if (s->hand[seat][i] == isle_action_kind (action))
          {
            self->selected = i;
            break;
          }
      self->face_down = isle_action_face_down (action);
    }
  update (self);
}

static void
on_match_notify (IsleMatch *match, GParamSpec *pspec, IsleTurn *self)
{
  (void) match;
  (void) pspec;
  update (self);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_turn_dispose (GObject *object)
{
  IsleTurn *self = ISLE_TURN (object);

  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (isle_turn_parent_class)->dispose (object);
}

static void
isle_turn_finalize (GObject *object)
{
  IsleTurn *self = ISLE_TURN (object);

  g_array_unref (self->moves);
  g_free (self->status);
  g_free (self->told_status);
  g_free (self->hint_reason);
  g_string_free (self->pending, TRUE);
  G_OBJECT_CLASS (isle_turn_parent_class)->finalize (object);
}

static void
isle_turn_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleTurn *self = ISLE_TURN (object);

  switch (prop_id)
    {
    case PROP_SHOW_OWN_FACE_DOWN:
      g_value_set_boolean (value, self->show_own_face_down);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, self->reviewing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_turn_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleTurn *self = ISLE_TURN (object);

  switch (prop_id)
    {
    case PROP_SHOW_OWN_FACE_DOWN:
      isle_turn_set_show_own_face_down (self, g_value_get_boolean (value));
      break;
    case PROP_REVIEWING:
      isle_turn_set_reviewing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_turn_class_init (IsleTurnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_turn_dispose;
  object_class->finalize = isle_turn_finalize;
  object_class->get_property = isle_turn_get_property;
  object_class->set_property = isle_turn_set_property;
  properties[PROP_SHOW_OWN_FACE_DOWN] =
    g_param_spec_boolean ("show-own-face-down", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* changed: what the turn shows may have changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  /* announce (TEXT): what a screen reader should say now, in whole
   * sentences (see "---- announcements" above). */
  signals[ANNOUNCE] = g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
isle_turn_init (IsleTurn *self)
{
  self->show_own_face_down = TRUE;
  self->first_cell = -1;
  self->moves = g_array_new (FALSE, TRUE, sizeof (IsleTurnMove));
  self->pending = g_string_new (NULL);
}

/* ---- public -------------------------------------------------------------- */

IsleTurn *
isle_turn_new (IsleMatch *match)
{
  IsleTurn *self;

  g_return_val_if_fail (ISLE_IS_MATCH (match), NULL);
  self = g_object_new (ISLE_TYPE_TURN, NULL);
  self->match = g_object_ref (match);
  self->game = g_object_ref (isle_match_get_game (match));
  self->told_position = isle_game_get_position (self->game);
  g_signal_connect (match, "action-applied", G_CALLBACK (on_action_applied), self);
  g_signal_connect (match, "player-replaced", G_CALLBACK (on_player_replaced), self);
  g_signal_connect (match, "position-changed", G_CALLBACK (on_position_changed), self);
  g_signal_connect (match, "notify::hint", G_CALLBACK (on_hint_changed), self);
  g_signal_connect (match, "notify::viewer", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::human-turn", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::goal-status", G_CALLBACK (on_match_notify), self);
  g_signal_connect (match, "notify::last-move", G_CALLBACK (on_match_notify), self);
  update (self);
  return self;
}

IsleMatch *
isle_turn_get_match (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  return self->match;
}

void
isle_turn_set_show_own_face_down (IsleTurn *self, gboolean show)
{
  g_return_if_fail (ISLE_IS_TURN (self));
  if (self->show_own_face_down == !!show)
    return;
  self->show_own_face_down = !!show;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_OWN_FACE_DOWN]);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
isle_turn_set_reviewing (IsleTurn *self, gboolean reviewing)
{
  g_return_if_fail (ISLE_IS_TURN (self));
  if (self->reviewing == !!reviewing)
    return;
  self->reviewing = !!reviewing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
  update (self);
}

gboolean
isle_turn_get_reviewing (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  return self->reviewing;
}

int
isle_turn_get_viewer (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  return viewer (self);
}

gboolean
isle_turn_get_mine (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  return mine (self);
}

void
isle_turn_get_board (IsleTurn *self, IsleBoard *board)
{
  const IsleState *s;

  g_return_if_fail (ISLE_IS_TURN (self));
  g_return_if_fail (board != NULL);
  s = state (self);
  if (showing_scored (self))
    {
      /* R7.5: a round's scored board while it is reviewed, and at the
       * game's end the last round's, every token turned face up. */
      *board = self->obs.view.scored_board;
      for (int cell = 0; cell < ISLE_N_CELLS; cell++)
        board->cells[cell].flags &= (uint8_t) ~ISLE_CELL_FACE_DOWN;
      board->face_down = 0;
      return;
    }
  /* R12: what the viewer may see; under strict memory, or with no
   * reminder wanted, not even their own face-down tokens. */
  *board = self->obs.view.board;
  if (!self->show_own_face_down || s->rules.strict_memory)
    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (board->cells[cell].flags & ISLE_CELL_FACE_DOWN)
        board->cells[cell].kind = ISLE_KIND_UNKNOWN;
  /* R8.9: the Hippo stands on its first tile while its second is chosen. */
  if (mine (self) && s->phase == ISLE_PHASE_PLACE && self->first_cell >= 0
      && !(board->occupied & BIT (self->first_cell)))
    isle_board_put (board, self->first_cell, ISLE_KIND_HIPPO, viewer (self), ISLE_COLOUR_WHITE, 0);
}

guint64
isle_turn_get_targets (IsleTurn *self)
{
  guint64 cells = 0;

  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  if (!mine (self))
    return 0;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (click_for_cell (self, cell, NULL).kind != CLICK_NONE)
      cells |= BIT (cell);
  return cells;
}

int
isle_turn_get_marked (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), -1);
  return mine (self) ? self->first_cell : -1;
}

IsleKind
isle_turn_get_preview (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), ISLE_KIND_NONE);
  return mine (self) ? selected_kind (self, state (self)) : ISLE_KIND_NONE;
}

IsleAction
isle_turn_get_hint (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  return isle_match_get_hint (self->match);
}

int
isle_turn_get_hint_cell (IsleTurn *self)
{
  IsleAction hint;

  g_return_val_if_fail (ISLE_IS_TURN (self), -1);
  hint = isle_match_get_hint (self->match);
  return hint != 0 && isle_action_cell (hint) < ISLE_N_CELLS ? isle_action_cell (hint) : -1;
}

guint
isle_turn_get_last_moves (IsleTurn *self, const IsleTurnMove **moves)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  g_return_val_if_fail (moves != NULL, 0);
  *moves = (const IsleTurnMove *) (void *) self->moves->data;
  return self->moves->len;
}

/* The last move's tiles, of lifts (LIFTS) or of the rest. */
static guint64
last_move_cells (IsleTurn *self, gboolean lifts)
{
  guint64 cells = 0;

  if (showing_scored (self))
    return 0;
  for (guint i = 0; i < self->moves->len; i++)
    {
      const IsleTurnMove *move = &g_array_index (self->moves, IsleTurnMove, i);

      if ((isle_action_type (move->action) == ISLE_ACTION_LIFT) == lifts)
        cells |= move->cells;
    }
  return cells;
}

guint64
isle_turn_get_last_move_cells (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  return last_move_cells (self, FALSE);
}

guint64
isle_turn_get_last_lift (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  return last_move_cells (self, TRUE);
}

const IsleTurnScored *
isle_turn_get_scored (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  return &self->scored;
}

void
isle_turn_get_score (IsleTurn *self, int32_t score[ISLE_N_SIDES])
{
  int32_t live[ISLE_N_SIDES] = { 0, 0 };

  g_return_if_fail (ISLE_IS_TURN (self));
  /* R7: the lines on the map that the viewer can see (R12: a face-down
   * token of another's shows no colour and makes no line), on top of the
   * rounds scored; a scored round is already in the totals. */
  if (!showing_scored (self) && self->scored.round == 0)
    isle_board_score (&self->obs.view.board, self->obs.view.rules.line_score, live, NULL);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    score[side] = self->obs.view.total[side] + live[side];
}

int
isle_turn_get_coins_left (IsleTurn *self, int side)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  g_return_val_if_fail (side >= 0 && side < ISLE_N_SIDES, 0);
  return isle_state_coins_left (&self->obs.view, (IsleSide) side);
}

const char *
isle_turn_get_status (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  return self->status;
}

const char *
isle_turn_get_explanation (IsleTurn *self)
{
  IsleAction hint;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  if (!mine (self))
    return NULL;
  /* A hint says why (issue 29), where it has a line to speak of. */
  hint = isle_match_get_hint (self->match);
  if (hint != 0 && (hint != self->hint_for || isle_game_get_position (self->game) != self->hint_position))
    {
      g_free (self->hint_reason);
      self->hint_reason = isle_review_words_hint (state (self), hint);
      self->hint_for = hint;
      self->hint_position = isle_game_get_position (self->game);
    }
  if (hint != 0 && self->hint_reason != NULL)
    return self->hint_reason;
  return explanation (state (self), self->legal.n);
}

const char *
isle_turn_get_note (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  if (!mine (self) || self->first_cell < 0)
    return NULL;
  switch (state (self)->phase)
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

char *
isle_turn_dup_round_text (IsleTurn *self)
{
  const IsleState *view;
  gboolean weather = TRUE;
  int round;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  view = &self->obs.view;
  round = CLAMP (view->round, 1, ISLE_MAX_ROUNDS);
  /* The game decided by the round just scored: that round, as it was. */
  if (self->scored.over && self->scored.round > 0 && self->scored.round != view->round)
    round = self->scored.round;
  /* R6.1: a round's weather is named once its card is kept; R9.3 the
   * hiring comes before the card is drawn. */
  else if (view->phase == ISLE_PHASE_WEATHER || view->phase == ISLE_PHASE_HIRE)
    weather = FALSE;
  if (!weather || view->variant == ISLE_VARIANT_BASIC)
    return g_strdup_printf (_("%d of %d"), round, view->n_rounds);
  return g_strdup_printf (_("%d of %d · %s"), round, view->n_rounds, isle_words_weather (view->weather_kept[round - 1]));
}

char *
isle_turn_dup_verdict (IsleTurn *self)
{
  IsleResults results;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  if (isle_state_is_terminal (state (self)))
    {
      isle_results_compute (self->game, &results);
      return isle_results_verdict (&results, isle_match_get_person_side (self->match));
    }
  /* A scenario's goal is told with the scenario. */
  return NULL;
}

char *
isle_turn_dup_goal_verdict (IsleTurn *self)
{
  const char *said = NULL;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  switch (isle_match_get_goal_status (self->match, &said))
    {
    case ISLE_GOAL_MET:
      /* Translators: the goal, met: "Solved! Red scored 14 of the 12 points needed." */
      return g_strdup_printf (_("Solved! %s."), said ? said : "");
    case ISLE_GOAL_FAILED:
      return g_strdup_printf (_("Not this time: %s. Reset to try again."), said ? said : "");
    case ISLE_GOAL_IN_PROGRESS:
    default:
      return NULL;
    }
}

char *
isle_turn_dup_score_text (IsleTurn *self)
{
  int32_t score[ISLE_N_SIDES];
  int mine_side, theirs;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  mine_side = isle_seat_side (viewer (self));
  theirs = 1 - mine_side;
  isle_turn_get_score (self, score);
  return g_strdup_printf (_("%s %d · %s %d"), isle_words_side (mine_side), score[mine_side],
                          isle_words_side (theirs), score[theirs]);
}

char *
isle_turn_dup_lead_text (IsleTurn *self)
{
  int32_t score[ISLE_N_SIDES];
  int side, lead;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  side = isle_match_get_person_side (self->match);
  if (side < 0)
    side = isle_seat_side (viewer (self));
  isle_turn_get_score (self, score);
  lead = score[side] - score[1 - side];
  if (lead == 0)
    return g_strdup (_("The sides are level."));
  /* Translators: "Red is ahead by 3 points." */
  return g_strdup_printf (ngettext ("%s is ahead by %d point.", "%s is ahead by %d points.", (unsigned long) ABS (lead)),
                          isle_words_side (lead > 0 ? side : 1 - side), ABS (lead));
}

char *
isle_turn_dup_coins_text (IsleTurn *self)
{
  int mine_side, theirs;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  if (self->obs.view.variant < ISLE_VARIANT_MERCENARY)
    return NULL;
  mine_side = isle_seat_side (viewer (self));
  theirs = 1 - mine_side;
  return g_strdup_printf (_("%s %d · %s %d"), isle_words_side (mine_side), isle_turn_get_coins_left (self, mine_side),
                          isle_words_side (theirs), isle_turn_get_coins_left (self, theirs));
}

char *
isle_turn_dup_piles_text (IsleTurn *self)
{
  const IsleState *view;
  int me;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  view = &self->obs.view;
  me = viewer (self);
  for (int seat = 0; seat < view->n_seats; seat++)
    if (isle_seat_side (seat) != isle_seat_side (me))
      return g_strdup_printf (_("Your pile %d · their hand %d, pile %d"), view->pile_len[me],
                              view->hand_len[seat], view->pile_len[seat]);
  return NULL;
}

char *
isle_turn_dup_hired_text (IsleTurn *self)
{
  const IsleState *view;
  GString *hired;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  view = &self->obs.view;
  if (view->variant < ISLE_VARIANT_MERCENARY)
    return NULL;
  hired = g_string_new (NULL);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int kind = 0; kind < ISLE_N_KINDS; kind++)
      if (view->hired[side][kind])
        g_string_append_printf (hired, "%s%s: %s", hired->len ? ", " : "", isle_words_side (side),
                                isle_words_kind ((IsleKind) kind));
  if (hired->len == 0)
    g_string_append (hired, _("Nobody yet"));
  return g_string_free (hired, FALSE);
}

int
isle_turn_get_hand (IsleTurn *self, IsleKind kinds[ISLE_HAND_MAX], int *places)
{
  const IsleState *view;
  int seat, n;

  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  view = &self->obs.view;
  seat = viewer (self);
  n = MIN (view->hand_len[seat], ISLE_HAND_MAX);
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    kinds[i] = i < n ? (IsleKind) view->hand[seat][i] : ISLE_KIND_NONE;
  /* R4.2: the hand being chosen shows its five places. */
  if (places != NULL)
    *places = view->phase == ISLE_PHASE_HAND && view->to_move == seat ? ISLE_HAND_MAX : n;
  return n;
}

int
isle_turn_get_selected (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), 0);
  return self->selected;
}

gboolean
isle_turn_get_placing (IsleTurn *self)
{
  int phase;

  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  phase = state (self)->phase;
  return mine (self) && (phase == ISLE_PHASE_PLACE || phase == ISLE_PHASE_HOP);
}

gboolean
isle_turn_get_both_faces (IsleTurn *self)
{
  gboolean both = FALSE;

  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  if (isle_turn_get_placing (self))
    for (int cell = 0; cell < ISLE_N_CELLS && !both; cell++)
      click_for_cell (self, cell, &both);
  return both;
}

gboolean
isle_turn_get_face_down (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), FALSE);
  return self->face_down;
}

const IsleTurnChoices *
isle_turn_get_choices (IsleTurn *self)
{
  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  return &self->choices;
}

/* ---- spoken names --------------------------------------------------------- */

char *
isle_turn_dup_tile_name (IsleTurn *self, int cell)
{
  IsleBoard board;
  guint64 targets;
  IsleTileUse use = ISLE_TILE_USE_NONE;

  g_return_val_if_fail (ISLE_IS_TURN (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < ISLE_N_CELLS, NULL);
  isle_turn_get_board (self, &board);
  targets = isle_turn_get_targets (self);
  if (targets & (G_GUINT64_CONSTANT (1) << cell))
    use = ISLE_TILE_USE_PLAYABLE;
  else if (targets != 0 && mine (self))
    use = ISLE_TILE_USE_UNPLAYABLE;
  return isle_words_tile_name (&board, cell, use,
                               (isle_turn_get_last_move_cells (self) & (G_GUINT64_CONSTANT (1) << cell)) != 0);
}
