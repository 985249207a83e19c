/* isle-history.c — a game's history as a GListModel of sentences, with a
 * line at the end of each round. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdarg.h>

#include "isle-history.h"
#include "isle-words.h"

/* ---- one row ------------------------------------------------------------ */

struct _IsleHistoryItem
{
  GObject parent_instance;
  guint index;
  IsleAction action;
  int seat;
  guint64 cells;
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
item_new (guint index, IsleAction action, int seat, guint64 cells, char *text)
{
  IsleHistoryItem *item = g_object_new (ISLE_TYPE_HISTORY_ITEM, NULL);

  item->index = index;
  item->action = action;
  item->seat = seat;
  item->cells = cells;
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

guint64
isle_history_item_get_cells (IsleHistoryItem *self)
{
  g_return_val_if_fail (ISLE_IS_HISTORY_ITEM (self), 0);
  return self->cells;
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

/* Who a row is told to, and how: "You" and "your" for the viewer's seat
 * when one person plays; seat names ("Blue", "Red 1") otherwise. Each case
 * is a whole sentence of its own, so that translators translate sentences,
 * never pieces of one. */
typedef struct
{
  const IsleGameSetup *setup;
  int viewer;
  gboolean one_human;
  GString *text;
  char names[ISLE_MAX_SEATS][32];
} Teller;

static void
teller_init (Teller *t, const IsleGameSetup *setup, int viewer)
{
  t->setup = setup;
  t->viewer = viewer;
  t->one_human = n_humans (setup) == 1;
  t->text = g_string_new (NULL);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      g_autofree char *name = isle_history_seat_name (setup, seat);

      g_strlcpy (t->names[seat], name, sizeof t->names[seat]);
    }
}

static gboolean
is_you (const Teller *t, int seat)
{
  return t->one_human && seat == t->viewer && isle_game_setup_is_human (t->setup, seat);
}

static const char *
name (const Teller *t, int seat)
{
  return t->names[seat & (ISLE_MAX_SEATS - 1)];
}

/* R12: a face-down token's kind is known to its owner alone (not even a
 * teammate sees it, R11); the viewer sees their own. */
static gboolean
may_see (const Teller *t, const IsleCell *c)
{
  return !(c->flags & ISLE_CELL_FACE_DOWN) || (t->viewer >= 0 && c->seat == t->viewer);
}

/* Appends one whole sentence (FORMAT and its arguments) to the row. */
G_GNUC_PRINTF (2, 3) static void
say (Teller *t, const char *format, ...)
{
  va_list args;

  if (t->text->len > 0)
    g_string_append_c (t->text, ' ');
  va_start (args, format);
  g_string_append_vprintf (t->text, format, args);
  va_end (args);
}

static const char *
kind_word (int kind)
{
  return isle_words_kind ((IsleKind) kind);
}

/* The map as ACTION left it: when it ended a round, the next round has
 * cleared the map, and the board as scored is what it left (R7.5). */
static const IsleBoard *
board_after (const IsleState *before, const IsleState *after)
{
  if (after->round != before->round || (isle_state_is_terminal (after) && !isle_state_is_terminal (before)))
    return &after->scored_board;
  return &after->board;
}

/* The tiles of SEAT's tokens of KIND on BOARD. */
static uint64_t
tokens_of (const IsleBoard *board, int seat, IsleKind kind)
{
  uint64_t cells = 0;

  for (uint64_t todo = board->kind[kind]; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);

      if (board->cells[cell].seat == seat)
        cells |= UINT64_C (1) << cell;
    }
  return cells;
}

/* R8.6: the Chameleons a placement recoloured (automatic, inside apply). */
static uint64_t
recoloured (const IsleState *before, IsleAction a, const IsleState *after)
{
  const IsleBoard *b = &before->board, *c = board_after (before, after);
  uint64_t changed = 0;

  /* Only a placement from hand or a replacement recolours; swaps and hops
   * move Chameleons but never change them. */
  if (isle_action_type (a) != ISLE_ACTION_PLACE && isle_action_type (a) != ISLE_ACTION_REPLACE)
    return 0;
  for (uint64_t todo = b->kind[ISLE_KIND_CHAMELEON] & c->kind[ISLE_KIND_CHAMELEON]; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);

      if (b->cells[cell].seat == c->cells[cell].seat && b->cells[cell].colour != c->cells[cell].colour)
        changed |= UINT64_C (1) << cell;
    }
  return changed;
}

static int
hopping_frog (const IsleState *before, const IsleState *after, int seat)
{
  uint64_t from = tokens_of (&before->board, seat, ISLE_KIND_FROG)
                  & ~tokens_of (board_after (before, after), seat, ISLE_KIND_FROG);

  return from != 0 ? __builtin_ctzll (from) : -1;
}

/* R8.9: the tile a settling Hippo gave up. */
static int
freed_tile (const IsleState *before, const IsleState *after, int seat)
{
  uint64_t freed = tokens_of (&before->board, seat, ISLE_KIND_HIPPO)
                   & ~tokens_of (board_after (before, after), seat, ISLE_KIND_HIPPO);

  return freed != 0 ? __builtin_ctzll (freed) : -1;
}

/* The Frog of SEAT on BOARD (R8.5: one per side). */
static int
frog_of (const IsleBoard *board, int seat)
{
  uint64_t frogs = tokens_of (board, seat, ISLE_KIND_FROG);

  return frogs != 0 ? __builtin_ctzll (frogs) : -1;
}

guint64
isle_history_cells (const IsleState *before, IsleAction a, const IsleState *after)
{
  uint64_t cells = 0;
  int seat;

  g_return_val_if_fail (before != NULL && after != NULL, 0);
  seat = before->to_move;
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      cells |= UINT64_C (1) << isle_action_cell (a);
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        cells |= UINT64_C (1) << isle_action_cell2 (a);
      break;
    case ISLE_ACTION_LIFT:
      cells |= isle_quadrant_mask (isle_action_arg (a));   /* R6.5 */
      break;
    case ISLE_ACTION_TARGET:
      cells |= UINT64_C (1) << isle_action_cell (a);
      break;
    case ISLE_ACTION_REPLACE:
      cells |= UINT64_C (1) << before->replace_cell;
      break;
    case ISLE_ACTION_SWAP:
      cells |= UINT64_C (1) << isle_action_cell (a);
      cells |= UINT64_C (1) << (isle_action_cell2 (a) != ISLE_NO_CELL ? isle_action_cell2 (a)
                                                                      : before->ability_cell);
      break;
    case ISLE_ACTION_HOP:
      {
        int from = hopping_frog (before, after, seat);

        cells |= UINT64_C (1) << isle_action_cell (a);
        if (from >= 0)
          cells |= UINT64_C (1) << from;
      }
      break;
    case ISLE_ACTION_SETTLE:
      {
        int freed = freed_tile (before, after, seat);

        cells |= UINT64_C (1) << isle_action_cell (a);
        if (freed >= 0)
          cells |= UINT64_C (1) << freed;
      }
      break;
    case ISLE_ACTION_NONE:
    case ISLE_ACTION_KEEP:
    case ISLE_ACTION_PICK:
    case ISLE_ACTION_PASS:
    case ISLE_ACTION_HIRE:
    case ISLE_ACTION_DONE:
    case ISLE_N_ACTION_TYPES:
    default:
      break;
    }
  return (guint64) ((cells | recoloured (before, a, after)) & ISLE_ALL_CELLS);
}

/* ---- one sentence per case ---------------------------------------------- */

static void
tell_place (Teller *t, const IsleState *before, IsleAction a)
{
  int seat = before->to_move;
  IsleKind kind = isle_action_kind (a);
  char c1[3], c2[3];

  isle_cell_name (isle_action_cell (a), c1);
  if (isle_action_face_down (a))
    {
      /* R6.4, R12: the kind stays with its owner. */
      if (is_you (t, seat))
        say (t, _("You placed a %s face down on %s."), kind_word (kind), c1);
      else if (seat == t->viewer)
        say (t, _("%s placed a %s face down on %s."), name (t, seat), kind_word (kind), c1);
      else
        say (t, _("%s placed a token face down on %s."), name (t, seat), c1);
      return;
    }
  if (isle_action_cell2 (a) != ISLE_NO_CELL)
    {
      isle_cell_name (isle_action_cell2 (a), c2);
      /* R8.9: a Hippo across two tiles. */
      if (is_you (t, seat))
        say (t, _("You placed a %s on %s and %s."), kind_word (kind), c1, c2);
      else
        say (t, _("%s placed a %s on %s and %s."), name (t, seat), kind_word (kind), c1, c2);
      return;
    }
  if (is_you (t, seat))
    say (t, _("You placed a %s on %s."), kind_word (kind), c1);
  else
    say (t, _("%s placed a %s on %s."), name (t, seat), kind_word (kind), c1);
}

/* R8.1, R8.4: the Fox or Snake's owner picks the token to be replaced. */
static void
tell_target (Teller *t, const IsleState *before, IsleAction a)
{
  int seat = before->to_move;
  int cell = isle_action_cell (a);
  const IsleCell *merc = &before->board.cells[before->ability_cell];
  const IsleCell *target = &before->board.cells[cell];
  const char *what = kind_word (merc->kind);
  char at[3], to[3];

  isle_cell_name (before->ability_cell, at);
  isle_cell_name (cell, to);
  if (is_you (t, seat))
    {
      if (may_see (t, target))
        /* Translators: "Your Fox on d3 sent Blue's Crow on c4 back to Blue's hand." */
        say (t, _("Your %s on %s sent %s's %s on %s back to %s's hand."), what, at,
             name (t, target->seat), kind_word (target->kind), to, name (t, target->seat));
      else
        say (t, _("Your %s on %s sent %s's face-down token on %s back to %s's hand."), what, at,
             name (t, target->seat), to, name (t, target->seat));
    }
  else if (is_you (t, target->seat))
    /* Translators: "Blue's Fox on d3 sent your Crow on c4 back to your hand." */
    say (t, _("%s's %s on %s sent your %s on %s back to your hand."), name (t, seat), what, at,
         kind_word (target->kind), to);
  else if (may_see (t, target))
    say (t, _("%s's %s on %s sent %s's %s on %s back to %s's hand."), name (t, seat), what, at,
         name (t, target->seat), kind_word (target->kind), to, name (t, target->seat));
  else
    say (t, _("%s's %s on %s sent %s's face-down token on %s back to %s's hand."), name (t, seat), what,
         at, name (t, target->seat), to, name (t, target->seat));
}

/* R8.1: the replacement takes the face of the token it replaces. */
static void
tell_replace (Teller *t, const IsleState *before, IsleAction a)
{
  int seat = before->to_move;
  const IsleCell *old = &before->board.cells[before->replace_cell];
  gboolean face_down = (old->flags & ISLE_CELL_FACE_DOWN) != 0;
  const char *what = kind_word (isle_action_kind (a));
  char at[3];

  isle_cell_name (before->replace_cell, at);
  if (is_you (t, seat))
    {
      if (face_down)
        say (t, _("You put a %s face down on %s in its place."), what, at);
      else
        /* Translators: "You put a Pig on c4 in its place." */
        say (t, _("You put a %s on %s in its place."), what, at);
    }
  else if (!face_down)
    say (t, _("%s put a %s on %s in its place."), name (t, seat), what, at);
  else if (seat == t->viewer)
    say (t, _("%s put a %s face down on %s in its place."), name (t, seat), what, at);
  else
    say (t, _("%s put a token face down on %s in its place."), name (t, seat), at);
}

/* R8.3, R8.7: the Mouses or Mole swaps places with an opponent's token. */
static void
tell_merc_swap (Teller *t, const IsleState *before, int cell)
{
  int seat = before->to_move;
  const IsleCell *merc = &before->board.cells[before->ability_cell];
  const IsleCell *other = &before->board.cells[cell];
  const char *what = kind_word (merc->kind);
  char at[3], to[3];

  isle_cell_name (before->ability_cell, at);
  isle_cell_name (cell, to);
  if (is_you (t, seat))
    {
      if (may_see (t, other))
        /* Translators: "Your Mouses on c3 swapped places with Blue's Wolf on d3." */
        say (t, _("Your %s on %s swapped places with %s's %s on %s."), what, at, name (t, other->seat),
             kind_word (other->kind), to);
      else
        say (t, _("Your %s on %s swapped places with %s's face-down token on %s."), what, at,
             name (t, other->seat), to);
    }
  else if (is_you (t, other->seat))
    say (t, _("%s's %s on %s swapped places with your %s on %s."), name (t, seat), what, at,
         kind_word (other->kind), to);
  else if (may_see (t, other))
    say (t, _("%s's %s on %s swapped places with %s's %s on %s."), name (t, seat), what, at,
         name (t, other->seat), kind_word (other->kind), to);
  else
    say (t, _("%s's %s on %s swapped places with %s's face-down token on %s."), name (t, seat), what, at,
         name (t, other->seat), to);
}

/* A token that a swap moved from FROM to TO (R8.8), as the viewer may see
 * it. */
static void
tell_moved (Teller *t, const IsleCell *token, int from, int to)
{
  char c1[3], c2[3];

  isle_cell_name (from, c1);
  isle_cell_name (to, c2);
  if (is_you (t, token->seat))
    say (t, _("Your %s went from %s to %s."), kind_word (token->kind), c1, c2);
  else if (may_see (t, token))
    say (t, _("%s's %s went from %s to %s."), name (t, token->seat), kind_word (token->kind), c1, c2);
  else
    say (t, _("%s's face-down token went from %s to %s."), name (t, token->seat), c1, c2);
}

/* R8.8: the Prairie Dog swaps two tokens next to it. */
static void
tell_dog_swap (Teller *t, const IsleState *before, int cell, int cell2)
{
  int seat = before->to_move;
  const IsleCell *dog = &before->board.cells[before->ability_cell];
  char at[3], c1[3], c2[3];

  isle_cell_name (before->ability_cell, at);
  isle_cell_name (cell, c1);
  isle_cell_name (cell2, c2);
  if (is_you (t, seat))
    say (t, _("Your %s on %s swapped the tokens on %s and %s."), kind_word (dog->kind), at, c1, c2);
  else
    say (t, _("%s's %s on %s swapped the tokens on %s and %s."), name (t, seat), kind_word (dog->kind), at,
         c1, c2);
  tell_moved (t, &before->board.cells[cell], cell, cell2);
  tell_moved (t, &before->board.cells[cell2], cell2, cell);
}

static void
tell_pass (Teller *t, const IsleState *before)
{
  int seat = before->to_move;
  char at[3];

  if (before->phase == ISLE_PHASE_HOP)
    {
      int frog = frog_of (&before->board, seat);

      /* R8.5: the Frog may stay. */
      if (frog < 0)
        {
          if (is_you (t, seat))
            say (t, _("You left your Frog where it was."));
          else
            say (t, _("%s left its Frog where it was."), name (t, seat));
          return;
        }
      isle_cell_name (frog, at);
      if (is_you (t, seat))
        say (t, _("You left your Frog on %s where it was."), at);
      else
        say (t, _("%s left its Frog on %s where it was."), name (t, seat), at);
      return;
    }
  /* R8.8: the Prairie Dog may swap nothing. */
  isle_cell_name (before->ability_cell, at);
  if (is_you (t, seat))
    say (t, _("Your %s on %s swapped nothing."), kind_word (before->board.cells[before->ability_cell].kind), at);
  else
    say (t, _("%s's %s on %s swapped nothing."), name (t, seat),
         kind_word (before->board.cells[before->ability_cell].kind), at);
}

static void
tell_hop (Teller *t, const IsleState *before, IsleAction a, const IsleState *after)
{
  int seat = before->to_move;
  int from = hopping_frog (before, after, seat);
  char c1[3], c2[3];

  isle_cell_name (isle_action_cell (a), c2);
  if (from < 0)
    {
      if (is_you (t, seat))
        say (t, _("Your Frog hopped to %s."), c2);
      else
        say (t, _("%s's Frog hopped to %s."), name (t, seat), c2);
      return;
    }
  isle_cell_name (from, c1);
  if (is_you (t, seat))
    /* Translators: "Your Frog hopped from c3 to c4." */
    say (t, _("Your Frog hopped from %s to %s."), c1, c2);
  else
    say (t, _("%s's Frog hopped from %s to %s."), name (t, seat), c1, c2);
}

static void
tell_settle (Teller *t, const IsleState *before, IsleAction a, const IsleState *after)
{
  int seat = before->to_move;
  int freed = freed_tile (before, after, seat);
  char c1[3], c2[3];

  isle_cell_name (isle_action_cell (a), c1);
  if (freed < 0)
    {
      if (is_you (t, seat))
        say (t, _("Your Hippo settled on %s."), c1);
      else
        say (t, _("%s's Hippo settled on %s."), name (t, seat), c1);
      return;
    }
  isle_cell_name (freed, c2);
  /* R8.9: the Hippo keeps one tile, the other becomes free. */
  if (is_you (t, seat))
    say (t, _("Your Hippo settled on %s and left %s free."), c1, c2);
  else
    say (t, _("%s's Hippo settled on %s and left %s free."), name (t, seat), c1, c2);
}

static void
tell_hire (Teller *t, const IsleState *before, IsleAction a)
{
  int seat = before->to_move;

  /* R9.3, R12: what another side hires stays secret until it is revealed. */
  if (t->viewer < 0 || isle_seat_side (seat) != isle_seat_side (t->viewer))
    say (t, _("%s chose a mercenary to hire, in secret."), name (t, seat));
  else if (is_you (t, seat))
    say (t, _("You chose to hire a %s."), kind_word (isle_action_kind (a)));
  else
    say (t, _("%s chose to hire a %s."), name (t, seat), kind_word (isle_action_kind (a)));
}

/* R9.3: both sides are done; what each hired is revealed together. */
static void
tell_hiring_revealed (Teller *t, const IsleState *before, const IsleState *after)
{
  gboolean teams = before->n_seats > 2;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int hired = 0;
      /* In the team game a side hires as a team (R11). */
      gboolean you = !teams && is_you (t, side);
      const char *who = teams ? isle_words_side (side) : name (t, side);

      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        for (int n = after->hired[side][k] - before->hired[side][k]; n > 0; n--, hired++)
          if (you)
            say (t, _("You hired a %s."), kind_word (k));
          else
            say (t, _("%s hired a %s."), who, kind_word (k));
      if (hired == 0)
        {
          if (you)
            say (t, _("You hired nobody."));
          else
            say (t, _("%s hired nobody."), who);
        }
    }
}

/* What apply() did by itself after the decision: Chameleons recoloured
 * (R8.6), a Turtle's extra placements (R8.2), an ability without a target
 * (R8), seats that could not place (R4.5). */
static void
tell_effects (Teller *t, const IsleState *before, IsleAction a, const IsleState *after)
{
  const IsleBoard *board = board_after (before, after);
  int seat = before->to_move;
  gboolean round_over = after->round != before->round || isle_state_is_terminal (after);
  char at[3];

  for (uint64_t todo = recoloured (before, a, after); todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      const IsleCell *c = &board->cells[cell];
      gboolean red = c->colour == ISLE_COLOUR_RED;

      isle_cell_name (cell, at);
      if (is_you (t, c->seat))
        /* Translators: "Your Chameleon on b2 turned red." */
        say (t, red ? _("Your Chameleon on %s turned red.") : _("Your Chameleon on %s turned blue."), at);
      else
        say (t, red ? _("%s's Chameleon on %s turned red.") : _("%s's Chameleon on %s turned blue."),
             name (t, c->seat), at);
    }
  if (isle_action_type (a) == ISLE_ACTION_PLACE && !isle_action_face_down (a)
      && isle_action_kind (a) == ISLE_KIND_TURTLE && !round_over)
    {
      int next = (seat + 1) % before->n_seats;

      /* R8.2, R11: the next opponent in turn order places twice. */
      if (is_you (t, seat))
        say (t, _("Turtle: you place again, and %s places twice next turn."), name (t, next));
      else if (is_you (t, next))
        say (t, _("Turtle: %s places again, and you place twice next turn."), name (t, seat));
      else
        /* Translators: "Turtle: Blue places again, and Red places twice next turn." */
        say (t, _("Turtle: %s places again, and %s places twice next turn."), name (t, seat), name (t, next));
    }
  if (after->note_no_target != ISLE_KIND_NONE && isle_action_type (a) == ISLE_ACTION_PLACE)
    {
      isle_cell_name (isle_action_cell (a), at);
      if (is_you (t, seat))
        say (t, _("Your %s on %s found nothing to act on."), kind_word (after->note_no_target), at);
      else
        say (t, _("%s's %s on %s found nothing to act on."), name (t, seat), kind_word (after->note_no_target),
             at);
    }
  /* R4.5: who could not place (not when the round ended: its line says
   * so). */
  for (int s = 0; s < before->n_seats && !round_over; s++)
    if (after->note_skipped & (1u << s))
      {
        if (is_you (t, s))
          say (t, _("You had nothing to place and missed a turn."));
        else
          say (t, _("%s had nothing to place and missed a turn."), name (t, s));
      }
  if (isle_action_type (a) == ISLE_ACTION_DONE && before->phase == ISLE_PHASE_HIRE
      && (after->phase != ISLE_PHASE_HIRE || after->round != before->round))
    tell_hiring_revealed (t, before, after);
}

static char *
describe (const IsleGameSetup *setup, const IsleState *before, IsleAction a, const IsleState *after,
          int viewer)
{
  Teller t;
  int seat = before->to_move;

  teller_init (&t, setup, viewer);
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      tell_place (&t, before, a);
      break;
    case ISLE_ACTION_KEEP:
      if (is_you (&t, seat))
        say (&t, _("You kept the %s card."), isle_words_weather (isle_action_arg (a)));
      else
        say (&t, _("%s kept the %s card."), name (&t, seat), isle_words_weather (isle_action_arg (a)));
      break;
    case ISLE_ACTION_PICK:
      /* R4.2, R12: a hand is secret, even from a teammate (R11). */
      if (is_you (&t, seat))
        say (&t, _("You took a %s for the opening hand."), kind_word (isle_action_kind (a)));
      else if (seat == viewer)
        say (&t, _("%s took a %s for the opening hand."), name (&t, seat), kind_word (isle_action_kind (a)));
      else
        say (&t, _("%s took a token for the opening hand."), name (&t, seat));
      break;
    case ISLE_ACTION_LIFT:
      /* R6.5: who lifted which fog board. */
      if (is_you (&t, seat))
        say (&t, _("You lifted the fog in the %s."), isle_words_quadrant (isle_action_arg (a)));
      else
        say (&t, _("%s lifted the fog in the %s."), name (&t, seat), isle_words_quadrant (isle_action_arg (a)));
      break;
    case ISLE_ACTION_TARGET:
      tell_target (&t, before, a);
      break;
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        tell_dog_swap (&t, before, isle_action_cell (a), isle_action_cell2 (a));
      else
        tell_merc_swap (&t, before, isle_action_cell (a));
      break;
    case ISLE_ACTION_HOP:
      tell_hop (&t, before, a, after);
      break;
    case ISLE_ACTION_SETTLE:
      tell_settle (&t, before, a, after);
      break;
    case ISLE_ACTION_REPLACE:
      tell_replace (&t, before, a);
      break;
    case ISLE_ACTION_PASS:
      tell_pass (&t, before);
      break;
    case ISLE_ACTION_HIRE:
      tell_hire (&t, before, a);
      break;
    case ISLE_ACTION_DONE:
      if (is_you (&t, seat))
        say (&t, _("You finished hiring."));
      else
        say (&t, _("%s finished hiring."), name (&t, seat));
      break;
    case ISLE_ACTION_NONE:
    case ISLE_N_ACTION_TYPES:
    default:
      say (&t, _("%s decided."), name (&t, seat));
      break;
    }
  tell_effects (&t, before, a, after);
  return g_string_free (t.text, FALSE);
}

char *
isle_history_describe (const IsleGameSetup *setup, const IsleState *before, IsleAction a,
                       int viewer)
{
  IsleState after;

  g_return_val_if_fail (setup != NULL && before != NULL, NULL);
  after = *before;
  if (!isle_state_apply (&after, a))
    after = *before;
  return describe (setup, before, a, &after, viewer);
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

      g_ptr_array_add (self->items, item_new (i, a, before->to_move, isle_history_cells (before, a, after),
                                              describe (setup, before, a, after, self->viewer)));
      if (end != NULL)
        g_ptr_array_add (self->items, item_new (i, a, -1, 0, end));
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
