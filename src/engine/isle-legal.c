/* isle-legal.c — which actions are legal at each decision point: the list
 * (isle_state_legal_actions()) and the check of one action
 * (isle_state_is_legal()), for every phase: weather cards (R6.1), hiring
 * (R9.3), opening hands (R4.2), Hippos and Frogs (R8.9, R8.5), placements
 * (R4.4, R6.4, R8.9), abilities and replacements (R8), fog lifts (R6.5).
 * The transitions that follow an action are in isle-state.c.
 */
#include "isle-state-private.h"

/* ---- hiring ------------------------------------------------------------ */

/* R9.3: the basic tokens of each kind SIDE has left to return to the box
 * for a hire: all its tokens are in piles while hiring, less those its
 * pending hires will return (0 for the kinds no hire returns). */
void
isle_state_hire_basics (const IsleState *s, IsleSide side, int basics[ISLE_N_KINDS])
{
  /* Counted in registers, 4 bits a kind (at most 9 of a kind, R1; at
   * most 6 hires replace one kind, R2): no count waits on the one
   * before. */
  uint64_t count = 0, returned = 0;

  for (int seat = side; seat < s->n_seats; seat += 2)
    for (int i = 0; i < s->pile_len[seat]; i++)
      count += UINT64_C (1) << (4 * s->pile[seat][i]);
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    returned += (uint64_t) s->pending[side][k] << (4 * isle_kinds[k].replaces);
  /* Only basic kinds are returned for hires (R2). */
  memset (basics, 0, ISLE_N_KINDS * sizeof basics[0]);
#pragma GCC unroll 4
  for (int k = ISLE_KIND_WOLF; k <= ISLE_KIND_RABBIT; k++)
    basics[k] = (int) ((count >> (4 * k)) & 0xf) - (int) ((returned >> (4 * k)) & 0xf);
}

/* R9.3: the mercenary kinds SIDE may add to its hiring, a bit per kind: one
 * it has not hired up to the supply, that COINS (what is left after the
 * pending hires) pay for, whose basic kind it still has a token of
 * (isle_state_hire_basics()). Without branches on the hiring: playouts
 * hire at random. */
uint32_t
isle_state_hirable_with (const IsleState *s, IsleSide side, const int basics[ISLE_N_KINDS],
                         int32_t coins)
{
  uint32_t kinds = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    {
      const IsleKindInfo *info = &isle_kinds[k];

      kinds |= (uint32_t) ((s->hired[side][k] + s->pending[side][k] < info->supply)
                           & (coins >= s->rules.hire_cost[k])
                           & (basics[info->replaces] > 0)) << k;
    }
  return kinds;
}

/* R9.3: the mercenary kinds SIDE may add to its hiring now. */
static uint32_t
hirable (const IsleState *s, IsleSide side)
{
  int basics[ISLE_N_KINDS];

  isle_state_hire_basics (s, side, basics);
  return isle_state_hirable_with (s, side, basics,
                                  s->coins[side] - mercenaries_cost (s, s->pending[side]));
}

/* ---- legal actions ----------------------------------------------------- */

static void
push (IsleActionList *list, IsleAction a)
{
  if (list->n < ISLE_MAX_ACTIONS)
    list->actions[list->n++] = a;
}

static void
push_cells (IsleActionList *list, IsleActionType type, uint64_t cells)
{
  for (; cells; cells &= cells - 1)
    push (list, isle_action_cells (type, __builtin_ctzll (cells), ISLE_NO_CELL));
}

/* An action of TYPE for each kind among the N TOKENS, once, in kind order:
 * picks from a pile (R4.2), replacements from a hand (R8.1, R8.4). */
static void
push_kinds (IsleActionList *list, IsleActionType type, const uint8_t *tokens, int n)
{
  uint32_t seen = 0;

  for (int i = 0; i < n; i++)
    seen |= 1u << tokens[i];
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
    if (seen & (1u << k))
      push (list, isle_action_kind_only (type, (IsleKind) k));
}

static void
legal_placements (const IsleState *s, int seat, IsleActionList *list)
{
  uint64_t open = isle_board_free_open (&s->board);
  bool seen[ISLE_N_KINDS] = { false };

  for (int i = 0; i < s->hand_len[seat]; i++)
    seen[s->hand[seat][i]] = true;
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
    {
      if (!seen[k])
        continue;
      for (int face = 0; face < 2; face++)
        {
          if (!face_allowed (s, (IsleKind) k, face == 1))
            continue;
          if (k == ISLE_KIND_HIPPO && face == 0)
            {
              uint64_t right, down;

              if (!hippo_fits (s))
                continue;
              hippo_pairs (s, &right, &down);
              for (; right; right &= right - 1)
                push (list, isle_action_hippo (__builtin_ctzll (right), __builtin_ctzll (right) + 1));
              for (; down; down &= down - 1)
                push (list, isle_action_hippo (__builtin_ctzll (down),
                                               __builtin_ctzll (down) + ISLE_BOARD_SIZE));
              continue;
            }
          for (uint64_t todo = open; todo; todo &= todo - 1)
            push (list, isle_action_place ((IsleKind) k, __builtin_ctzll (todo), face == 1));
        }
    }
}

static void
legal_abilities (const IsleState *s, IsleActionList *list)
{
  int cell = s->ability_cell;
  IsleSide side = isle_seat_side (s->ability_seat);
  uint64_t around = isle_cell_neighbours (cell);

  switch (s->board.cells[cell].kind)
    {
    case ISLE_KIND_FOX:
      push_cells (list, ISLE_ACTION_TARGET, opponent_tokens (s, around, side, true));
      break;
    case ISLE_KIND_SNAKE:
      push_cells (list, ISLE_ACTION_TARGET, opponent_tokens (s, ISLE_ALL_CELLS, side, true));
      break;
    case ISLE_KIND_MOUSES:
    case ISLE_KIND_MOLE:
      push_cells (list, ISLE_ACTION_SWAP, opponent_tokens (s, around, side, false));
      break;
    case ISLE_KIND_PRAIRIE_DOG:
      {
        uint64_t can = swappable_tokens (s, cell);

        for (uint64_t a = can; a; a &= a - 1)
          for (uint64_t b = a & (a - 1); b; b &= b - 1)
            push (list, isle_action_cells (ISLE_ACTION_SWAP, __builtin_ctzll (a),
                                           __builtin_ctzll (b)));
        push (list, isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0));
      }
      break;
    default:
      break;
    }
}

int
isle_state_legal_actions (const IsleState *s, IsleActionList *list)
{
  int seat = s->to_move;

  list->n = 0;
  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER:
      /* R6.1: keep one of the two drawn cards (the same kind twice is one
       * choice). */
      push (list, isle_action_keep ((IsleWeather) s->drawn[0]));
      if (s->drawn[1] != s->drawn[0])
        push (list, isle_action_keep ((IsleWeather) s->drawn[1]));
      break;

    case ISLE_PHASE_HIRE:
      for (uint32_t k = hirable (s, isle_seat_side (seat)); k; k &= k - 1)
        push (list, isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) __builtin_ctz (k)));
      push (list, isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE));
      break;

    case ISLE_PHASE_HAND:
      push_kinds (list, ISLE_ACTION_PICK, s->pile[seat], s->pile_len[seat]);
      break;

    case ISLE_PHASE_SETTLE:
      {
        int second = hippo_second (s, seat);
        push (list, isle_action_cells (ISLE_ACTION_SETTLE, hippo_first (s, second), ISLE_NO_CELL));
        push (list, isle_action_cells (ISLE_ACTION_SETTLE, second, ISLE_NO_CELL));
      }
      break;

    case ISLE_PHASE_HOP:
      push_cells (list, ISLE_ACTION_HOP,
                  isle_cell_neighbours (frog_to_hop (s, seat)) & isle_board_free_open (&s->board));
      push (list, isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0));
      break;

    case ISLE_PHASE_PLACE:
      legal_placements (s, seat, list);
      break;

    case ISLE_PHASE_ABILITY:
      legal_abilities (s, list);
      break;

    case ISLE_PHASE_REPLACE:
      push_kinds (list, ISLE_ACTION_REPLACE, s->hand[seat], s->hand_len[seat]);
      break;

    case ISLE_PHASE_FOG_LIFT:
      for (int q = 0; q < ISLE_N_QUADRANTS; q++)
        if (s->board.fog & isle_quadrant_mask (q))
          push (list, isle_action_lift (q));
      break;

    case ISLE_PHASE_OVER:
    case ISLE_N_PHASES:
    default:
      break;
    }
  return list->n;
}

bool
isle_state_is_legal (const IsleState *s, IsleAction a)
{
  int seat = s->to_move;
  IsleKind kind = isle_action_kind (a);

  switch ((IslePhase) s->phase)
    {
    case ISLE_PHASE_WEATHER:
      return isle_action_type (a) == ISLE_ACTION_KEEP
             && (isle_action_arg (a) == s->drawn[0] || isle_action_arg (a) == s->drawn[1])
             && a == isle_action_keep ((IsleWeather) isle_action_arg (a));

    case ISLE_PHASE_HAND:
      return isle_action_type (a) == ISLE_ACTION_PICK
             && a == isle_action_pick (kind) && pile_find (s, seat, kind) >= 0;

    case ISLE_PHASE_PLACE:
      {
        int cell = isle_action_cell (a);

        if (isle_action_type (a) != ISLE_ACTION_PLACE || cell >= ISLE_N_CELLS
            || hand_find (s, seat, kind) < 0
            || !(isle_board_free_open (&s->board) & BIT (cell))
            || !face_allowed (s, kind, isle_action_face_down (a)))
          return false;
        if (kind == ISLE_KIND_HIPPO && !isle_action_face_down (a))
          {
            int cell2 = isle_action_cell2 (a);
            /* R8.9: two adjacent free open tiles, written in board order. */
            return a == isle_action_hippo (cell, cell2) && cell2 < ISLE_N_CELLS
                   && (isle_board_free_open (&s->board) & BIT (cell2))
                   && (isle_cell_neighbours (cell) & BIT (cell2)) && cell < cell2
                   && hippo_fits (s);
          }
        return a == isle_action_place (kind, cell, isle_action_face_down (a));
      }

    case ISLE_PHASE_FOG_LIFT:
      return isle_action_type (a) == ISLE_ACTION_LIFT
             && a == isle_action_lift (isle_action_arg (a))
             && isle_action_arg (a) < ISLE_N_QUADRANTS
             && (s->board.fog & isle_quadrant_mask (isle_action_arg (a)));

    case ISLE_PHASE_HIRE:
    case ISLE_PHASE_SETTLE:
    case ISLE_PHASE_HOP:
    case ISLE_PHASE_ABILITY:
    case ISLE_PHASE_REPLACE:
      {
        /* Few choices: compare with the list. */
        IsleActionList list;

        isle_state_legal_actions (s, &list);
        for (int i = 0; i < list.n; i++)
          if (list.actions[i] == a)
            return true;
        return false;
      }

    case ISLE_PHASE_OVER:
    case ISLE_N_PHASES:
    default:
      return false;
    }
}

