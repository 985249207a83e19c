/* isle-match.c — a game being played: the computers' turns, hints, undo by
 * decisions of people, hot-seat passing and a scenario's goal.
 *
 * Every pending computer move or hint belongs to one "generation" of the
 * match; any change of the game's position starts a new generation and
 * cancels the old one, so an answer that comes back late (a search that
 * finished as it was cancelled, a player made for a seat that has moved
 * on) is recognised and dropped, never applied to the wrong position. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-builtin-player.h"
#include "isle-match.h"
#include "isle-player-spec.h"

/* Who takes over a computer seat whose player cannot play. */
#define STAND_IN_PLAYER "easy"

struct _IsleMatch
{
  GObject parent_instance;

  IsleGame *game;
  IsleHistory *history;
  IslePlayerSpec players[ISLE_MAX_SEATS]; /* who plays each seat */
  IsleAiPlayer *ai[ISLE_MAX_SEATS];      /* made when first needed */
  gboolean stand_in[ISLE_MAX_SEATS];     /* AI is a stand-in already */
  IsleAiPlayer *adviser;                 /* for hints, made when asked */
  int n_seats;

  /* What is pending: the pause before a computer move (a source), or a
   * computer's search or a hint (CANCELLABLE); all of GENERATION. */
  guint generation;
  guint pause;
  GCancellable *cancellable;
  gboolean hinting;
  guint pause_ms;
  guint holds;                           /* isle_match_hold() not released */

  /* The state the properties were last notified for. */
  int to_move;
  int viewer;
  gboolean human_turn;
  gboolean thinking;
  gboolean can_undo;
  gboolean can_redo;
  gboolean can_hint;
  gboolean can_review;
  IsleGoalStatus goal;
  char *goal_sentence;
  gboolean hot_seat_pass;
  IsleAction hint;
  gboolean hints_used;                   /* a hint was given in this match */
  guint clues;                           /* the scenario's clues shown */
  guint64 last_move;
  gboolean applied;                      /* the game's "action-applied" came */
  guint applied_index;
};

G_DEFINE_FINAL_TYPE (IsleMatch, isle_match, G_TYPE_OBJECT)
G_DEFINE_QUARK (isle-match-error-quark, isle_match_error)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_TO_MOVE,
  PROP_VIEWER,
  PROP_HUMAN_TURN,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_GOAL_STATUS,
  PROP_HOT_SEAT_PASS,
  PROP_HINT,
  PROP_PAUSE_MS,
  PROP_HELD,
  PROP_LAST_MOVE,
  PROP_HINTS_USED,
  PROP_CLUES,
  PROP_RATED,
  PROP_CAN_HINT,
  PROP_CAN_REVIEW,
  N_PROPS
};

enum
{
  ACTION_APPLIED,
  POSITION_CHANGED,
  PLAYER_REPLACED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void schedule (IsleMatch *self);

/* ---- what the position says ---------------------------------------------- */

static const IsleState *
state (IsleMatch *self)
{
  return isle_game_get_state (self->game);
}

gboolean
isle_match_is_human (IsleMatch *self, int seat)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return seat >= 0 && seat < self->n_seats && isle_player_spec_is_human (&self->players[seat]);
}

int
isle_match_get_n_humans (IsleMatch *self)
{
  int n = 0;

  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  for (int seat = 0; seat < self->n_seats; seat++)
    n += isle_match_is_human (self, seat);
  return n;
}

int
isle_match_get_person_side (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), -1);
  if (isle_match_get_n_humans (self) != 1)
    return -1;
  for (int seat = 0; seat < self->n_seats; seat++)
    if (isle_match_is_human (self, seat))
      return isle_seat_side (seat);
  return -1;
}

/* Whether a person decides at POSITION (the state after that many actions). */
static gboolean
human_decides_at (IsleMatch *self, guint position)
{
  const IsleState *s = isle_game_get_state_at (self->game, position);

  return !isle_state_is_terminal (s) && isle_match_is_human (self, isle_state_to_move (s));
}

/* A rated game not yet over (issue 30): no undo, redo, hint or review
 * until its last decision is taken. */
static gboolean
locked (IsleMatch *self)
{
  return isle_game_get_setup (self->game)->rated
         && !isle_state_is_terminal (isle_game_get_state_at (self->game, isle_game_get_n_actions (self->game)));
}

/* The position undo goes to: the last decision of a person before now. */
static gboolean
undo_target (IsleMatch *self, guint *target)
{
  if (locked (self))
    return FALSE;
  for (guint p = isle_game_get_position (self->game); p-- > 0;)
    if (human_decides_at (self, p))
      {
        *target = p;
        return TRUE;
      }
  return FALSE;
}

/* The position redo goes to: the next decision of a person, or the end of
 * what is recorded. */
static gboolean
redo_target (IsleMatch *self, guint *target)
{
  guint n = isle_game_get_n_actions (self->game);
  guint p = isle_game_get_position (self->game);

  if (p >= n || locked (self))
    return FALSE;
  while (++p < n && !human_decides_at (self, p))
    ;
  *target = p;
  return TRUE;
}

static IsleGoalStatus
goal_now (IsleMatch *self, char **sentence)
{
  IsleScenario *scenario = isle_game_get_scenario (self->game);
  IsleScenarioGoal goal = { ISLE_GOAL_NONE, 0 };

  *sentence = NULL;
  if (scenario != NULL)
    isle_scenario_get_goal (scenario, &goal);
  if (goal.type == ISLE_GOAL_NONE)
    return ISLE_GOAL_IN_PROGRESS;
  return isle_scenario_goal_status (scenario, state (self), sentence);
}

static gboolean
decided (IsleMatch *self)
{
  return isle_state_is_terminal (state (self)) || self->goal != ISLE_GOAL_IN_PROGRESS;
}

/* ---- the last move ------------------------------------------------------- */

/* Whether the decision before POSITION ends what "last-move" shows: one
 * taken by a person at this screen (any person's in the hot seat), but not
 * a replacement (R8.1, R8.4), which belongs to the turn of the Fox or
 * Snake that forced it. When computers play alone, SIDE's run of
 * decisions ends at the other side's last one. */
static gboolean
ends_last_move (IsleMatch *self, guint position, int side)
{
  const IsleState *before = isle_game_get_state_at (self->game, position - 1);
  IsleAction a = isle_game_get_action (self->game, position - 1);
  gboolean replace = isle_action_type (a) == ISLE_ACTION_REPLACE;

  if (isle_match_get_n_humans (self) > 0)
    return !replace && isle_match_is_human (self, before->to_move);
  return (int) isle_seat_side (replace ? before->ability_seat : before->to_move) != side;
}

/* The tiles the decisions since the last one of a person at this screen
 * touched: what the computers' turn did. A new round's empty map ends it
 * too: what was touched lay on the map that was cleared. */
static guint
last_move_start (IsleMatch *self)
{
  guint position = isle_game_get_position (self->game);
  guint from = position;
  int side = -1;

  if (position > 0)
    {
      const IsleState *last = isle_game_get_state_at (self->game, position - 1);
      IsleAction a = isle_game_get_action (self->game, position - 1);

      side = isle_seat_side (isle_action_type (a) == ISLE_ACTION_REPLACE ? last->ability_seat
                                                                          : last->to_move);
    }
  while (from > 0 && !ends_last_move (self, from, side)
         && isle_game_get_state_at (self->game, from)->round == isle_game_get_state_at (self->game, from - 1)->round)
    from--;
  return from;
}

static guint64
last_move_now (IsleMatch *self)
{
  guint position = isle_game_get_position (self->game);
  guint64 cells = 0;

  for (guint i = last_move_start (self); i < position; i++)
    cells |= isle_history_cells (isle_game_get_state_at (self->game, i), isle_game_get_action (self->game, i),
                                 isle_game_get_state_at (self->game, i + 1));
  return cells;
}

/* Sets *FIELD to VALUE and notifies PROP when it changes. */
static void
set_int (IsleMatch *self, int *field, int value, int prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_thinking (IsleMatch *self)
{
  set_int (self, &self->thinking, self->cancellable != NULL, PROP_THINKING);
}

/* Brings every property up to the game's position, notifying what
 * changed. */
static void
update (IsleMatch *self)
{
  const IsleState *s = state (self);
  int to_move = isle_state_is_terminal (s) ? -1 : isle_state_to_move (s);
  g_autofree char *sentence = NULL;
  IsleGoalStatus goal = goal_now (self, &sentence);
  guint target;
  int viewer = self->viewer;
  guint64 last_move;

  g_object_freeze_notify (G_OBJECT (self));
  g_free (self->goal_sentence);
  self->goal_sentence = g_steal_pointer (&sentence);
  set_int (self, (int *) &self->goal, (int) goal, PROP_GOAL_STATUS);
  set_int (self, &self->to_move, to_move, PROP_TO_MOVE);
  /* One person at the screen sees their seat, always. */
  if (isle_match_get_n_humans (self) == 1)
    for (int seat = 0; seat < self->n_seats; seat++)
      if (isle_match_is_human (self, seat))
        viewer = seat;
  if (viewer != self->viewer)
    {
      self->viewer = viewer;
      isle_history_set_viewer (self->history, viewer);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
    }
  set_int (self, &self->hot_seat_pass,
           !decided (self) && isle_match_is_human (self, to_move) && to_move != self->viewer,
           PROP_HOT_SEAT_PASS);
  set_int (self, &self->human_turn, !decided (self) && to_move >= 0 && to_move == self->viewer
                                    && isle_match_is_human (self, to_move),
           PROP_HUMAN_TURN);
  set_int (self, &self->can_undo, undo_target (self, &target), PROP_CAN_UNDO);
  set_int (self, &self->can_redo, redo_target (self, &target), PROP_CAN_REDO);
  set_int (self, &self->can_hint, self->human_turn && !locked (self), PROP_CAN_HINT);
  set_int (self, &self->can_review, isle_game_get_position (self->game) > 0 && !locked (self),
           PROP_CAN_REVIEW);
  last_move = last_move_now (self);
  if (last_move != self->last_move)
    {
      self->last_move = last_move;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_MOVE]);
    }
  set_thinking (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/* ---- pending work -------------------------------------------------------- */

static void
set_hint (IsleMatch *self, IsleAction hint)
{
  if (self->hint == hint)
    return;
  self->hint = hint;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT]);
  if (hint != 0 && !self->hints_used)
    {
      self->hints_used = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINTS_USED]);
    }
}

/* Cancels the pending computer move or hint; their answers will be
 * dropped. */
static void
cancel_pending (IsleMatch *self)
{
  self->generation++;
  g_clear_handle_id (&self->pause, g_source_remove);
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  self->hinting = FALSE;
  set_hint (self, 0);
  set_thinking (self);
}

/* What an answer carries back: the match (weakly: it may be gone) and the
 * generation it was asked in. */
typedef struct
{
  GWeakRef match;
  guint generation;
  int seat;
} Request;

static Request *
request_new (IsleMatch *self, int seat)
{
  Request *request = g_new0 (Request, 1);

  g_weak_ref_init (&request->match, self);
  request->generation = self->generation;
  request->seat = seat;
  return request;
}

static void
request_free (Request *request)
{
  g_weak_ref_clear (&request->match);
  g_free (request);
}

/* The match REQUEST was made for, if it still waits for that answer (a
 * reference), else NULL. */
static IsleMatch *
request_match (Request *request)
{
  IsleMatch *self = g_weak_ref_get (&request->match);

  if (self != NULL && self->generation != request->generation)
    g_clear_object (&self);
  return self;
}

/* Ends the pending work of this generation (it answered). */
static void
pending_done (IsleMatch *self)
{
  g_clear_object (&self->cancellable);
  self->hinting = FALSE;
  set_thinking (self);
}

/* ---- computer players ---------------------------------------------------- */

/* SEAT's player failed (ERROR): a built-in stand-in takes over, and the
 * views are told. */
static void
replace_player (IsleMatch *self, int seat, const GError *error)
{
  g_autoptr (GError) told = g_error_copy (error);

  g_clear_object (&self->ai[seat]);
  self->ai[seat] = isle_builtin_player_new (STAND_IN_PLAYER, (guint64) g_get_real_time () + (guint64) seat);
  self->stand_in[seat] = TRUE;
  self->players[seat] = isle_player_spec_for (STAND_IN_PLAYER);
  g_signal_emit (self, signals[PLAYER_REPLACED], 0, seat, told);
}

static void start_move (IsleMatch *self);

static void
player_made (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Request *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleAiPlayer) player = isle_player_spec_new_player_finish (result, &error);
  g_autoptr (IsleMatch) self = request_match (request);
  int seat = request->seat;

  (void) source;
  request_free (request);
  if (self == NULL)
    return;   /* the game moved on, or the match is gone */
  pending_done (self);
  if (player == NULL)
    replace_player (self, seat, error);
  else
    g_set_object (&self->ai[seat], player);
  schedule (self);
}

static void
computer_chose (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Request *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleMatch) self = NULL;
  IsleAction action = 0;
  gboolean chosen;
  int seat = request->seat;

  chosen = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, &error);
  self = request_match (request);
  request_free (request);
  if (self == NULL)
    return;
  pending_done (self);
  if (chosen && isle_state_is_legal (state (self), action))
    {
      g_autoptr (GError) illegal = NULL;

      /* "position-changed" schedules what comes next. */
      if (isle_game_apply (self->game, action, &illegal))
        return;
      g_propagate_error (&error, g_steal_pointer (&illegal));
    }
  if (chosen || error == NULL)
    {
      char text[32];

      g_clear_error (&error);
      g_set_error (&error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL,
                   _("The computer player chose “%s”, which is not a legal move now"),
                   isle_action_format (state (self), action, text));
    }
  /* A player that fails (an engine that stalls, dies or cheats) is
   * replaced; the game is untouched. A stand-in that fails too is a bug:
   * it is said, and nobody plays on by itself. */
  if (self->stand_in[seat])
    {
      g_critical ("the stand-in player failed: %s", error->message);
      return;
    }
  replace_player (self, seat, error);
  schedule (self);
}

/* After the pause: the computer to move thinks (its player made first). */
static void
start_move (IsleMatch *self)
{
  int seat = isle_state_to_move (state (self));
  IsleObservation obs;

  self->cancellable = g_cancellable_new ();
  if (self->ai[seat] == NULL)
    {
      /* Made off the main loop: an engine's handshake may take seconds. */
      isle_player_spec_new_player_async (&self->players[seat], &isle_game_get_setup (self->game)->rules,
                                         (guint64) g_get_real_time () + (guint64) seat, NULL, self->cancellable,
                                         player_made, request_new (self, seat));
    }
  else
    {
      /* R12: the computer sees what its seat may see, nothing more. */
      isle_state_observe (state (self), seat, &obs);
      isle_ai_player_choose_async (self->ai[seat], &obs, 0, self->cancellable, computer_chose,
                                   request_new (self, seat));
    }
  set_thinking (self);
}

static gboolean
pause_over (gpointer user_data)
{
  IsleMatch *self = user_data;

  self->pause = 0;
  start_move (self);
  return G_SOURCE_REMOVE;
}

/* A computer to move starts after the pause, unless something is pending
 * already, the match is held or the game is decided. */
static void
schedule (IsleMatch *self)
{
  int seat = self->to_move;

  if (self->holds > 0 || self->pause != 0 || self->cancellable != NULL || decided (self)
      || seat < 0 || isle_match_is_human (self, seat))
    return;
  self->pause = g_timeout_add (self->pause_ms, pause_over, self);
  set_thinking (self);
}

/* ---- following the game -------------------------------------------------- */

static void
on_action_applied (IsleGame *game, guint index, IsleMatch *self)
{
  (void) game;
  self->applied = TRUE;
  self->applied_index = index;
}

static void
on_position_changed (IsleGame *game, guint old, guint position, IsleMatch *self)
{
  (void) game;
  cancel_pending (self);
  update (self);
  if (self->applied)
    {
      self->applied = FALSE;
      g_signal_emit (self, signals[ACTION_APPLIED], 0, self->applied_index);
    }
  g_signal_emit (self, signals[POSITION_CHANGED], 0, old, position);
  schedule (self);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_match_dispose (GObject *object)
{
  IsleMatch *self = ISLE_MATCH (object);

  cancel_pending (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->history);
  g_clear_object (&self->game);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_clear_object (&self->ai[seat]);
  g_clear_object (&self->adviser);
  G_OBJECT_CLASS (isle_match_parent_class)->dispose (object);
}

static void
isle_match_finalize (GObject *object)
{
  IsleMatch *self = ISLE_MATCH (object);

  g_free (self->goal_sentence);
  G_OBJECT_CLASS (isle_match_parent_class)->finalize (object);
}

static void
isle_match_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleMatch *self = ISLE_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_TO_MOVE:
      g_value_set_int (value, self->to_move);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    case PROP_HUMAN_TURN:
      g_value_set_boolean (value, self->human_turn);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_RATED:
      g_value_set_boolean (value, isle_match_get_rated (self));
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, self->can_hint);
      break;
    case PROP_CAN_REVIEW:
      g_value_set_boolean (value, self->can_review);
      break;
    case PROP_GOAL_STATUS:
      g_value_set_int (value, (int) self->goal);
      break;
    case PROP_HOT_SEAT_PASS:
      g_value_set_boolean (value, self->hot_seat_pass);
      break;
    case PROP_HINT:
      g_value_set_uint (value, self->hint);
      break;
    case PROP_PAUSE_MS:
      g_value_set_uint (value, self->pause_ms);
      break;
    case PROP_HELD:
      g_value_set_boolean (value, self->holds > 0);
      break;
    case PROP_LAST_MOVE:
      g_value_set_uint64 (value, self->last_move);
      break;
    case PROP_HINTS_USED:
      g_value_set_boolean (value, self->hints_used);
      break;
    case PROP_CLUES:
      g_value_set_uint (value, self->clues);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_match_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleMatch *self = ISLE_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_PAUSE_MS:
      isle_match_set_pause_ms (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_match_constructed (GObject *object)
{
  IsleMatch *self = ISLE_MATCH (object);
  const IsleGameSetup *setup;
  const IsleState *s;

  G_OBJECT_CLASS (isle_match_parent_class)->constructed (object);
  g_assert (self->game != NULL);
  setup = isle_game_get_setup (self->game);
  self->n_seats = isle_game_setup_n_seats (setup);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    self->players[seat] = seat < self->n_seats ? setup->players[seat] : (IslePlayerSpec) { 0 };
  /* The first person's seat is shown, or the one to move when people
   * share the screen and it is theirs; seat 0 when computers play alone. */
  s = state (self);
  self->viewer = 0;
  for (int seat = self->n_seats - 1; seat >= 0; seat--)
    if (isle_match_is_human (self, seat))
      self->viewer = seat;
  if (!isle_state_is_terminal (s) && isle_match_is_human (self, isle_state_to_move (s)))
    self->viewer = isle_state_to_move (s);
  self->history = isle_history_new (self->game, self->viewer);
  self->to_move = -2;
  g_signal_connect (self->game, "action-applied", G_CALLBACK (on_action_applied), self);
  g_signal_connect (self->game, "position-changed", G_CALLBACK (on_position_changed), self);
  update (self);
  schedule (self);
}

static void
isle_match_class_init (IsleMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_match_dispose;
  object_class->finalize = isle_match_finalize;
  object_class->get_property = isle_match_get_property;
  object_class->set_property = isle_match_set_property;
  object_class->constructed = isle_match_constructed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, ISLE_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_MOVE] =
    g_param_spec_int ("to-move", NULL, NULL, -2, ISLE_MAX_SEATS, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, 0, ISLE_MAX_SEATS, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HUMAN_TURN] =
    g_param_spec_boolean ("human-turn", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An IsleGoalStatus. */
  properties[PROP_GOAL_STATUS] =
    g_param_spec_int ("goal-status", NULL, NULL, 0, ISLE_GOAL_FAILED, ISLE_GOAL_IN_PROGRESS,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOT_SEAT_PASS] =
    g_param_spec_boolean ("hot-seat-pass", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An IsleAction, 0 for none. */
  properties[PROP_HINT] =
    g_param_spec_uint ("hint", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAUSE_MS] =
    g_param_spec_uint ("pause-ms", NULL, NULL, 0, 60000, ISLE_MATCH_DEFAULT_PAUSE_MS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HELD] =
    g_param_spec_boolean ("held", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The tiles the computers' last turn touched (bit = cell, a1 = bit 0). */
  properties[PROP_LAST_MOVE] =
    g_param_spec_uint64 ("last-move", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINTS_USED] =
    g_param_spec_boolean ("hints-used", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLUES] =
    g_param_spec_uint ("clues", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RATED] =
    g_param_spec_boolean ("rated", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_HINT] =
    g_param_spec_boolean ("can-hint", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REVIEW] =
    g_param_spec_boolean ("can-review", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* action-applied (INDEX): the game's action INDEX was just applied (by
   * a person or a computer); "position-changed" follows. */
  signals[ACTION_APPLIED] = g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  /* position-changed (OLD, NEW): the game moved from OLD actions applied
   * to NEW (a decision, undo, redo, go-to); the match's properties are up
   * to date already. */
  signals[POSITION_CHANGED] = g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* player-replaced (SEAT, ERROR): SEAT's computer player could not be
   * made or failed (ERROR says why); a built-in stand-in plays it now. */
  signals[PLAYER_REPLACED] = g_signal_new ("player-replaced", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_ERROR);
}

static void
isle_match_init (IsleMatch *self)
{
  self->pause_ms = ISLE_MATCH_DEFAULT_PAUSE_MS;
  self->goal = ISLE_GOAL_IN_PROGRESS;
}

/* ---- public API ---------------------------------------------------------- */

IsleMatch *
isle_match_new (IsleGame *game)
{
  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  return g_object_new (ISLE_TYPE_MATCH, "game", game, NULL);
}

IsleGame *
isle_match_get_game (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), NULL);
  return self->game;
}

GListModel *
isle_match_get_history (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), NULL);
  return G_LIST_MODEL (self->history);
}

const IslePlayerSpec *
isle_match_get_player (IsleMatch *self, int seat)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), NULL);
  g_return_val_if_fail (seat >= 0 && seat < self->n_seats, NULL);
  return &self->players[seat];
}

void
isle_match_set_player (IsleMatch *self, int seat, const IslePlayerSpec *spec)
{
  g_return_if_fail (ISLE_IS_MATCH (self));
  g_return_if_fail (seat >= 0 && seat < self->n_seats);
  g_return_if_fail (spec != NULL);

  if (isle_player_spec_equal (&self->players[seat], spec))
    return;
  cancel_pending (self);
  self->players[seat] = *spec;
  g_clear_object (&self->ai[seat]);
  self->stand_in[seat] = FALSE;
  update (self);
  schedule (self);
}

int
isle_match_get_to_move (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), -1);
  return self->to_move;
}

int
isle_match_get_viewer (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return self->viewer;
}

gboolean
isle_match_get_human_turn (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->human_turn;
}

gboolean
isle_match_get_thinking (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->thinking;
}

gboolean
isle_match_get_can_undo (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->can_undo;
}

gboolean
isle_match_get_can_redo (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->can_redo;
}

IsleGoalStatus
isle_match_get_goal_status (IsleMatch *self, const char **sentence)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), ISLE_GOAL_IN_PROGRESS);
  if (sentence != NULL)
    *sentence = self->goal_sentence;
  return self->goal;
}

gboolean
isle_match_get_hot_seat_pass (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->hot_seat_pass;
}

IsleAction
isle_match_get_hint (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return self->hint;
}

guint
isle_match_get_pause_ms (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return self->pause_ms;
}

void
isle_match_set_pause_ms (IsleMatch *self, guint pause_ms)
{
  g_return_if_fail (ISLE_IS_MATCH (self));
  if (self->pause_ms == pause_ms)
    return;
  self->pause_ms = pause_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSE_MS]);
}

guint
isle_match_get_last_move_start (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return last_move_start (self);
}

guint64
isle_match_get_last_move (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return self->last_move;
}

gboolean
isle_match_get_held (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->holds > 0;
}

void
isle_match_hold (IsleMatch *self)
{
  g_return_if_fail (ISLE_IS_MATCH (self));
  if (self->holds++ > 0)
    return;
  /* A held match lets its computers wait; a hint may go on. */
  if (!self->hinting)
    cancel_pending (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
}

void
isle_match_release (IsleMatch *self)
{
  g_return_if_fail (ISLE_IS_MATCH (self));
  g_return_if_fail (self->holds > 0);
  if (--self->holds > 0)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
  schedule (self);
}

gboolean
isle_match_play (IsleMatch *self, IsleAction action, GError **error)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (decided (self))
    {
      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_OVER, _("The game is over"));
      return FALSE;
    }
  if (!self->human_turn)
    {
      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_NOT_YOUR_TURN, _("It is not your turn"));
      return FALSE;
    }
  if (!isle_state_is_legal (state (self), action))
    {
      char text[32];

      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL, _("“%s” is not a legal move now"),
                   isle_action_format (state (self), action, text));
      return FALSE;
    }
  return isle_game_apply (self->game, action, error);
}

gboolean
isle_match_undo (IsleMatch *self)
{
  guint target;

  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  if (!undo_target (self, &target))
    return FALSE;
  cancel_pending (self);
  return isle_game_go_to (self->game, target);
}

gboolean
isle_match_redo (IsleMatch *self)
{
  guint target;

  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  if (!redo_target (self, &target))
    return FALSE;
  cancel_pending (self);
  return isle_game_go_to (self->game, target);
}

static void
hint_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Request *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleMatch) self = NULL;
  IsleAction action = 0;
  gboolean chosen;

  chosen = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, &error);
  self = request_match (request);
  request_free (request);
  if (self == NULL)
    return;   /* cancelled by a move or an undo: nothing to show */
  pending_done (self);
  if (chosen && self->human_turn && isle_state_is_legal (state (self), action))
    set_hint (self, action);
  schedule (self);
}

gboolean
isle_match_play_text (IsleMatch *self, const char *text, GError **error)
{
  IsleAction action;

  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  if (!isle_action_parse (state (self), text, &action))
    {
      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL, _("“%s” is not a legal move now"), text);
      return FALSE;
    }
  return isle_match_play (self, action, error);
}

IsleScenario *
isle_match_scenario_here (IsleMatch *self, GError **error)
{
  const IsleState *s;
  IsleScenario *scenario;
  const char *opponent = "medium";

  g_return_val_if_fail (ISLE_IS_MATCH (self), NULL);
  s = state (self);
  if (locked (self))
    {
      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL,
                   _("A rated game’s position can be edited once the game is over"));
      return NULL;
    }
  if (s->phase != ISLE_PHASE_PLACE && s->phase != ISLE_PHASE_HOP && s->phase != ISLE_PHASE_SETTLE)
    {
      g_set_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL,
                   _("A position can be edited when a token is about to be placed"));
      return NULL;
    }
  scenario = isle_scenario_new ();
  isle_scenario_set_start_from_state (scenario, s);
  isle_scenario_set_player (scenario, self->viewer);
  for (int seat = 0; seat < self->n_seats; seat++)
    if (!isle_match_is_human (self, seat) && isle_player_spec_is_builtin (&self->players[seat]))
      opponent = isle_player_spec_to_text (&self->players[seat]);
  isle_scenario_set_opponent (scenario, opponent);
  return scenario;
}

GStrv
isle_match_get_moves (IsleMatch *self)
{
  g_autoptr (GStrvBuilder) moves = g_strv_builder_new ();

  g_return_val_if_fail (ISLE_IS_MATCH (self), NULL);
  for (guint i = 0; i < isle_game_get_position (self->game); i++)
    {
      char text[32];

      isle_action_format (isle_game_get_state_at (self->game, i), isle_game_get_action (self->game, i), text);
      g_strv_builder_add (moves, text);
    }
  return g_strv_builder_end (moves);
}

gboolean
isle_match_get_hints_used (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->hints_used;
}

/* The scenario's clues, and how many there are. */
static guint
n_clues (IsleMatch *self)
{
  IsleScenario *scenario = isle_game_get_scenario (self->game);
  const char *const *hints = scenario != NULL ? isle_scenario_get_hints (scenario) : NULL;

  return hints != NULL ? g_strv_length ((char **) hints) : 0;
}

guint
isle_match_get_clues (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), 0);
  return self->clues;
}

gboolean
isle_match_get_more_clues (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->clues < n_clues (self);
}

gboolean
isle_match_show_clue (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  if (!isle_match_get_more_clues (self))
    return FALSE;
  self->clues++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLUES]);
  return TRUE;
}

gboolean
isle_match_get_over (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), TRUE);
  return isle_state_is_terminal (state (self));
}

gboolean
isle_match_get_rated (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return isle_game_get_setup (self->game)->rated;
}

gboolean
isle_match_get_can_hint (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->can_hint;
}

gboolean
isle_match_get_can_review (IsleMatch *self)
{
  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  return self->can_review;
}

gboolean
isle_match_request_hint (IsleMatch *self)
{
  IsleObservation obs;

  g_return_val_if_fail (ISLE_IS_MATCH (self), FALSE);
  if (!self->human_turn || self->cancellable != NULL || locked (self))
    return FALSE;
  if (self->adviser == NULL)
    self->adviser = isle_builtin_player_new ("expert", (guint64) g_get_real_time ());
  set_hint (self, 0);
  /* R12: the adviser sees what the viewer sees. */
  isle_state_observe (state (self), self->viewer, &obs);
  self->cancellable = g_cancellable_new ();
  self->hinting = TRUE;
  isle_ai_player_choose_async (self->adviser, &obs, 0, self->cancellable, hint_chosen,
                               request_new (self, self->viewer));
  set_thinking (self);
  return TRUE;
}

void
isle_match_take_turn (IsleMatch *self)
{
  g_return_if_fail (ISLE_IS_MATCH (self));
  if (!self->hot_seat_pass)
    return;
  self->viewer = self->to_move;
  isle_history_set_viewer (self->history, self->viewer);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  update (self);
}
