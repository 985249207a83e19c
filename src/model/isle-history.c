/* isle-history.c — a game's history as a GListModel of sentences, with a
 * line at the end of each round. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-history.h"
#include "isle-words.h"

/* ---- one row ------------------------------------------------------------ */

struct _IsleHistoryItem
{
  GObject parent_instance;
  guint index;
  IsleAction action;
  int seat;
  char *text;
};

G_DEFINE_FINAL_TYPE (IsleHistoryItem, isle_history_item, G_TYPE_OBJECT)

enum
{
  ITEM_PROP_0,
  ITEM_PROP_TEXT,
  ITEM_N_PROPS
};

static GParamSpec *item_properties[ITEM_N_PROPS];

static void
isle_history_item_finalize (GObject *object)
{
  g_free (ISLE_HISTORY_ITEM (object)->text);
  G_OBJECT_CLASS (isle_history_item_parent_class)->finalize (object);
}

static void
isle_history_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case ITEM_PROP_TEXT:
      g_value_set_string (value, ISLE_HISTORY_ITEM (object)->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_history_item_class_init (IsleHistoryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isle_history_item_finalize;
  object_class->get_property = isle_history_item_get_property;
  item_properties[ITEM_PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_properties);
}

static void
isle_history_item_init (IsleHistoryItem *self)
{
  self->seat = -1;
}

static IsleHistoryItem *
item_new (guint index, IsleAction action, int seat, char *text)
{
  IsleHistoryItem *item = g_object_new (ISLE_TYPE_HISTORY_ITEM, NULL);

  item->index = index;
  item->action = action;
  item->seat = seat;
  item->text = text;
  return item;
}

guint
isle_history_item_get_index (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), 0);
  return self->index;
}

IsleAction
isle_history_item_get_action (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), 0);
  return self->action;
}

int
isle_history_item_get_seat (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), -1);
  return self->seat;
}

gboolean
isle_history_item_get_round_end (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), FALSE);
  return self->seat < 0;
}

const char *
isle_history_item_get_text (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), NULL);
  return self->text;
}

/* ---- words -------------------------------------------------------------- */

static int
n_humans (const IsleGameSetup *setup)
{
  int n = 0;

  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    n += isle_game_setup_is_human (setup, seat);
  return n;
}

char *
isle_history_seat_name (const IsleGameSetup *setup, int seat)
{
  const char *side = isle_words_side (isle_seat_side (seat));

  g_return_val_if_fail (setup != NULL, NULL);
  if (isle_game_setup_n_seats (setup) > 2)
    /* Translators: a seat of the team game, "Red 1" */
    return g_strdup_printf (_("%s %d"), side, seat / 2 + 1);
  return g_strdup (side);
}

/* Who did something: "You" when one human plays. */
static char *
who (const IsleGameSetup *setup, int seat)
{
  if (isle_game_setup_is_human (setup, seat) && n_humans (setup) == 1)
    return g_strdup (_("You"));
  return isle_history_seat_name (setup, seat);
}

char *
isle_history_describe (const IsleGameSetup *setup, const IsleState *before, IsleAction a,
                       int viewer)
{
  char c1[3], c2[3];
  int seat = before->to_move;
  g_autofree char *name = who (setup, seat);
  /* R12: what another side decides in secret stays secret. */
  gboolean secret = viewer < 0 || isle_seat_side (seat) != isle_seat_side (viewer);

  g_return_val_if_fail (setup != NULL && before != NULL, NULL);
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      if (isle_action_face_down (a) && secret)
        return g_strdup_printf (_("%s placed a token face down on %s."), name,
                                isle_cell_name (isle_action_cell (a), c1));
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (_("%s placed a %s on %s and %s."), name,
                                isle_words_kind (isle_action_kind (a)),
                                isle_cell_name (isle_action_cell (a), c1),
                                isle_cell_name (isle_action_cell2 (a), c2));
      return g_strdup_printf (_("%s placed a %s on %s."), name, isle_words_kind (isle_action_kind (a)),
                              isle_cell_name (isle_action_cell (a), c1));
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("%s kept the %s card."), name, isle_words_weather (isle_action_arg (a)));
    case ISLE_ACTION_PICK:
      if (secret)
        return g_strdup_printf (_("%s took a token for the opening hand."), name);
      return g_strdup_printf (_("%s took a %s for the opening hand."), name,
                              isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("%s lifted the fog in the %s."), name,
                              isle_words_quadrant (isle_action_arg (a)));
    case ISLE_ACTION_TARGET:
      return g_strdup_printf (_("%s chose the token on %s."), name,
                              isle_cell_name (isle_action_cell (a), c1));
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (_("%s swapped the tokens on %s and %s."), name,
                                isle_cell_name (isle_action_cell (a), c1),
                                isle_cell_name (isle_action_cell2 (a), c2));
      return g_strdup_printf (_("%s swapped places with the token on %s."), name,
                              isle_cell_name (isle_action_cell (a), c1));
    case ISLE_ACTION_HOP:
      return g_strdup_printf (_("%s moved the Frog to %s."), name,
                              isle_cell_name (isle_action_cell (a), c1));
    case ISLE_ACTION_SETTLE:
      return g_strdup_printf (_("%s settled the Hippo on %s."), name,
                              isle_cell_name (isle_action_cell (a), c1));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("%s replaced the chosen token."), name);
    case ISLE_ACTION_PASS:
      if (before->phase == ISLE_PHASE_HOP)
        return g_strdup_printf (_("%s left the Frog where it was."), name);
      return g_strdup_printf (_("%s swapped nothing."), name);
    case ISLE_ACTION_HIRE:
      /* R9.3: hiring stays secret until both sides are done. */
      if (secret)
        return g_strdup_printf (_("%s hired a mercenary."), name);
      return g_strdup_printf (_("%s hired a %s."), name, isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_DONE:
      return g_strdup_printf (_("%s finished hiring."), name);
    default:
      return g_strdup_printf (_("%s decided."), name);
    }
}

/* The line after action INDEX when it ended a round (R7.4), or NULL. */
static char *
round_end_text (const IsleState *before, const IsleState *after)
{
  int round = before->round;

  if (!(after->round > before->round || (isle_state_is_terminal (after) && !isle_state_is_terminal (before)))
      || round < 1 || round > ISLE_MAX_ROUNDS)
    return NULL;
  /* Translators: "Round 1 ended: Red 12, Blue 8." */
  return g_strdup_printf (_("Round %d ended: %s %d, %s %d."), round,
                          isle_words_side (ISLE_SIDE_RED), after->round_score[round - 1][ISLE_SIDE_RED],
                          isle_words_side (ISLE_SIDE_BLUE), after->round_score[round - 1][ISLE_SIDE_BLUE]);
}

/* ---- the list ----------------------------------------------------------- */

struct _IsleHistory
{
  GObject parent_instance;
  IsleGame *game;
  int viewer;
  GPtrArray *items;            /* IsleHistoryItem */
};

static void isle_history_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleHistory, isle_history, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, isle_history_model_init))

static GType
isle_history_get_item_type (GListModel *model)
{
  (void) model;
  return ISLE_TYPE_HISTORY_ITEM;
}

static guint
isle_history_get_n_items (GListModel *model)
{
  return ISLE_HISTORY (model)->items->len;
}

static gpointer
isle_history_get_item (GListModel *model, guint position)
{
  IsleHistory *self = ISLE_HISTORY (model);

  return position < self->items->len ? g_object_ref (g_ptr_array_index (self->items, position)) : NULL;
}

static void
isle_history_model_init (GListModelInterface *iface)
{
  iface->get_item_type = isle_history_get_item_type;
  iface->get_n_items = isle_history_get_n_items;
  iface->get_item = isle_history_get_item;
}

/* Appends the rows of actions FROM to TO - 1 (not emitting). */
static void
append_rows (IsleHistory *self, guint from, guint to)
{
  const IsleGameSetup *setup = isle_game_get_setup (self->game);

  for (guint i = from; i < to; i++)
    {
      const IsleState *before = isle_game_get_state_at (self->game, i);
      const IsleState *after = isle_game_get_state_at (self->game, i + 1);
      IsleAction a = isle_game_get_action (self->game, i);
      char *end = round_end_text (before, after);

      g_ptr_array_add (self->items, item_new (i, a, before->to_move,
                                              isle_history_describe (setup, before, a, self->viewer)));
      if (end != NULL)
        g_ptr_array_add (self->items, item_new (i, a, -1, end));
    }
}

static void
on_position_changed (IsleGame *game, guint old, guint position, IsleHistory *self)
{
  guint n = self->items->len;
  guint keep = 0;

  (void) game;
  (void) old;
  /* The rows of the actions still applied stay; the rest follow the game. */
  while (keep < n && isle_history_item_get_index (g_ptr_array_index (self->items, keep)) < position)
    keep++;
  if (keep < n)
    g_ptr_array_remove_range (self->items, keep, n - keep);
  append_rows (self, keep > 0 ? isle_history_item_get_index (g_ptr_array_index (self->items, keep - 1)) + 1 : 0,
               position);
  if (keep != n || self->items->len != keep)
    g_list_model_items_changed (G_LIST_MODEL (self), keep, n - keep, self->items->len - keep);
}

static void
isle_history_dispose (GObject *object)
{
  IsleHistory *self = ISLE_HISTORY (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (isle_history_parent_class)->dispose (object);
}

static void
isle_history_finalize (GObject *object)
{
  g_ptr_array_unref (ISLE_HISTORY (object)->items);
  G_OBJECT_CLASS (isle_history_parent_class)->finalize (object);
}

static void
isle_history_class_init (IsleHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_history_dispose;
  object_class->finalize = isle_history_finalize;
}

static void
isle_history_init (IsleHistory *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

IsleHistory *
isle_history_new (IsleGame *game, int viewer)
{
  IsleHistory *self;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  self = g_object_new (ISLE_TYPE_HISTORY, NULL);
  self->game = g_object_ref (game);
  self->viewer = viewer;
  append_rows (self, 0, isle_game_get_position (game));
  g_signal_connect (game, "position-changed", G_CALLBACK (on_position_changed), self);
  return self;
}

IsleGame *
isle_history_get_game (IsleHistory *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY (self), NULL);
  return self->game;
}

void
isle_history_set_viewer (IsleHistory *self, int viewer)
{
  guint n;

  g_return_if_fail (ISLE_IS_HISTORY (self));
  if (viewer == self->viewer)
    return;
  self->viewer = viewer;
  n = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  append_rows (self, 0, isle_game_get_position (self->game));
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n, self->items->len);
}
