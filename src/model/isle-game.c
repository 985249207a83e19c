/* isle-game.c — a game in progress: its setup, state, history, undo and
 * redo. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-game-analysis.h"
#include "isle-game.h"
#include "isle-scenario.h"

struct _IsleGame
{
  GObject parent_instance;
  /* What the game was started from: states[0] is
   * isle_state_init (SETUP.rules, SETUP.variant, SETUP.first_seat, SEED). */
  IsleGameSetup setup;
  guint64 seed;
  /* STATES[0] is the start; STATES[i] follows ACTIONS[i - 1]. Entries past
   * CURRENT are the redo history. */
  GArray *states;
  GArray *actions;
  guint current;
  /* The scenario the game was begun from (its history cleared), or NULL:
   * then states[0] is not made from the setup but from the scenario. */
  IsleScenario *scenario;
  /* The judgements of this history, or NULL (isle_game_set_analysis()). */
  IsleGameAnalysis *analysis;
  /* Replayed from a record (isle_game_set_recorded()). */
  gboolean recorded;
};

G_DEFINE_FINAL_TYPE (IsleGame, isle_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (isle-game-error-quark, isle_game_error)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_POSITION,
  PROP_ANALYSIS,
  N_PROPS
};

enum
{
  ACTION_APPLIED,
  POSITION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Moves to POSITION (the history already holds it) and tells what changed:
 * the properties that really changed, "action-applied" when APPLIED (the
 * action just recorded at POSITION - 1), then "position-changed". */
static void
move_to (IsleGame *self, guint position, gboolean applied)
{
  gboolean could_undo = isle_game_get_can_undo (self);
  gboolean could_redo = isle_game_get_can_redo (self);
  guint old = self->current;

  self->current = position;
  g_object_freeze_notify (G_OBJECT (self));
  if (could_undo != isle_game_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != isle_game_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (old != position)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  if (applied)
    g_signal_emit (self, signals[ACTION_APPLIED], 0, position - 1);
  g_signal_emit (self, signals[POSITION_CHANGED], 0, old, position);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
isle_game_finalize (GObject *object)
{
  IsleGame *self = ISLE_GAME (object);

  g_array_unref (self->states);
  g_array_unref (self->actions);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->analysis, isle_game_analysis_unref);
  G_OBJECT_CLASS (isle_game_parent_class)->finalize (object);
}

static void
isle_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleGame *self = ISLE_GAME (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, isle_game_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, isle_game_get_can_redo (self));
      break;
    case PROP_POSITION:
      g_value_set_uint (value, isle_game_get_position (self));
      break;
    case PROP_ANALYSIS:
      g_value_set_boxed (value, self->analysis);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleGame *self = ISLE_GAME (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      isle_game_set_analysis (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_game_class_init (IsleGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isle_game_finalize;
  object_class->get_property = isle_game_get_property;
  object_class->set_property = isle_game_set_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* How many actions are applied now (isle_game_get_position()). */
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The judgements kept with the game (isle_game_get_analysis()). */
  properties[PROP_ANALYSIS] =
    g_param_spec_boxed ("analysis", NULL, NULL, ISLE_TYPE_GAME_ANALYSIS,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* action-applied (INDEX): isle_game_apply() recorded action INDEX (the
   * redo tail past it forgotten) and applied it; "position-changed"
   * follows. */
  signals[ACTION_APPLIED] = g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  /* position-changed (OLD, NEW): after every apply, undo, redo and go-to
   * that moved the game from OLD actions applied to NEW, in one step. */
  signals[POSITION_CHANGED] = g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
isle_game_init (IsleGame *self)
{
  self->states = g_array_new (FALSE, FALSE, sizeof (IsleState));
  self->actions = g_array_new (FALSE, FALSE, sizeof (IsleAction));
}

IsleGame *
isle_game_new_from_setup (const IsleGameSetup *setup, guint64 seed,
                          GError **error)
{
  g_autoptr (IsleGame) self = NULL;
  IsleState start;
  int n_seats;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((unsigned) setup->variant >= ISLE_N_VARIANTS)
    {
      g_set_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_SETUP,
                   _("Unknown game variant %d"), (int) setup->variant);
      return NULL;
    }
  n_seats = isle_game_setup_n_seats (setup);
  if (setup->first_seat < 0 || setup->first_seat >= n_seats)   /* R4.3 */
    {
      g_set_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_SETUP,
                   _("Seat %d cannot start a game of %d seats"),
                   setup->first_seat, n_seats);
      return NULL;
    }
  if (!isle_state_init (&start, &setup->rules, setup->variant,
                        setup->first_seat, seed))
    {
      g_set_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_SETUP,
                   _("These rules cannot start a game of this variant"));
      return NULL;
    }

  self = g_object_new (ISLE_TYPE_GAME, NULL);
  self->setup = *setup;
  self->seed = seed;
  g_array_append_val (self->states, start);
  return g_steal_pointer (&self);
}

IsleGame *
isle_game_new (const IsleRules *rules, IsleVariant variant, int first_seat,
               guint64 seed, GError **error)
{
  IsleGameSetup setup;
  int n_seats;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  memset (&setup, 0, sizeof setup);
  setup.variant = variant;
  setup.rules = *rules;
  /* The engine takes any first seat modulo the seats (R4.3); the setup
   * keeps the seat it means. */
  n_seats = isle_game_setup_n_seats (&setup);
  setup.first_seat = ((first_seat % n_seats) + n_seats) % n_seats;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    setup.players[seat] = isle_player_spec_for (seat == 0 ? "human" : "medium");
  return isle_game_new_from_setup (&setup, seed, error);
}

IsleGame *
isle_game_new_from_scenario (IsleScenario *scenario, guint64 seed,
                             GError **error)
{
  g_autoptr (IsleGame) self = NULL;
  IsleState start;
  guint64 used;

  g_return_val_if_fail (ISLE_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  used = isle_scenario_get_has_seed (scenario) ? isle_scenario_get_seed (scenario) : seed;
  if (!isle_scenario_build_start (scenario, used, &start, error))
    return NULL;

  self = g_object_new (ISLE_TYPE_GAME, NULL);
  memset (&self->setup, 0, sizeof self->setup);
  self->setup.variant = isle_scenario_get_variant (scenario);
  self->setup.first_seat = isle_scenario_get_first_seat (scenario);
  self->setup.rules = *isle_scenario_get_rules (scenario);
  isle_scenario_get_setup_players (scenario, &self->setup);
  self->seed = used;
  g_array_append_val (self->states, start);

  self->scenario = isle_scenario_copy (scenario);
  isle_scenario_set_history (self->scenario, NULL, 0);
  isle_scenario_set_saved (self->scenario, NULL);
  /* The game keeps its own (isle_game_get_analysis()). */
  isle_scenario_set_analysis (self->scenario, NULL);
  isle_scenario_set_seed (self->scenario, used);
  return g_steal_pointer (&self);
}

IsleScenario *
isle_game_get_scenario (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), NULL);
  return self->scenario;
}

void
isle_game_set_recorded (IsleGame *self)
{
  g_return_if_fail (ISLE_IS_GAME (self));
  self->recorded = TRUE;
}

gboolean
isle_game_get_recorded (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  return self->recorded;
}

const IsleGameSetup *
isle_game_get_setup (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), NULL);
  return &self->setup;
}

guint64
isle_game_get_seed (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), 0);
  return self->seed;
}

const IsleState *
isle_game_get_state (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), NULL);
  return &g_array_index (self->states, IsleState, self->current);
}

gboolean
isle_game_apply (IsleGame *self, IsleAction action, GError **error)
{
  IsleState next;

  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);

  next = *isle_game_get_state (self);
  if (!isle_state_apply (&next, action))
    {
      char text[32];

      g_set_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_ILLEGAL,
                   _("“%s” is not a legal move now"),
                   isle_action_format (isle_game_get_state (self), action, text));
      return FALSE;
    }
  /* A new move forgets what could have been redone. */
  g_array_set_size (self->states, self->current + 1);
  g_array_set_size (self->actions, self->current);
  g_array_append_val (self->states, next);
  g_array_append_val (self->actions, action);
  /* The judgements of the decisions forgotten go with them. */
  if (self->analysis != NULL)
    isle_game_set_analysis (self, self->analysis);
  move_to (self, self->current + 1, TRUE);
  return TRUE;
}

gboolean
isle_game_get_can_undo (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  return self->current > 0;
}

gboolean
isle_game_get_can_redo (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  return self->current + 1 < self->states->len;
}

gboolean
isle_game_undo (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  if (!isle_game_get_can_undo (self))
    return FALSE;
  move_to (self, self->current - 1, FALSE);
  return TRUE;
}

gboolean
isle_game_redo (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  if (!isle_game_get_can_redo (self))
    return FALSE;
  move_to (self, self->current + 1, FALSE);
  return TRUE;
}

guint
isle_game_get_n_actions (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), 0);
  return self->actions->len;
}

IsleAction
isle_game_get_action (IsleGame *self, guint i)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), 0);
  g_return_val_if_fail (i < self->actions->len, 0);
  return g_array_index (self->actions, IsleAction, i);
}

guint
isle_game_get_position (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), 0);
  return self->current;
}

const IsleState *
isle_game_get_state_at (IsleGame *self, guint position)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), NULL);
  g_return_val_if_fail (position < self->states->len, NULL);
  return &g_array_index (self->states, IsleState, position);
}

gboolean
isle_game_go_to (IsleGame *self, guint position)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), FALSE);
  if (position >= self->states->len)
    return FALSE;
  if (position != self->current)
    move_to (self, position, FALSE);
  return TRUE;
}

IsleGameAnalysis *
isle_game_get_analysis (IsleGame *self)
{
  g_return_val_if_fail (ISLE_IS_GAME (self), NULL);
  return self->analysis;
}

void
isle_game_set_analysis (IsleGame *self, IsleGameAnalysis *analysis)
{
  IsleGameAnalysis *kept = NULL;

  g_return_if_fail (ISLE_IS_GAME (self));
  if (analysis != NULL)
    kept = isle_game_analysis_keep_history (analysis, self->actions->len,
                                            (const IsleAction *) (void *) self->actions->data);
  if (kept == self->analysis)
    {
      g_clear_pointer (&kept, isle_game_analysis_unref);
      return;
    }
  g_clear_pointer (&self->analysis, isle_game_analysis_unref);
  self->analysis = kept;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}
