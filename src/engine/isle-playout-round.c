/* isle-playout-round.c — the fast playout of a round with mercenaries in
 * play (R4.4, R6, R8): one loop for the whole round, ordinary placements
 * two seats at a time with the hands in registers, and abilities,
 * replacements, Hippos, Frogs, Turtles and fog lifts drawn from bitboards,
 * each step mirroring the transition of isle-state.c it stands for and
 * drawing as isle_state_sample_action() draws (isle-playout.c).
 */
#include "isle-playout-private.h"

/* Kinds whose face-up placement is more than a token on a tile in a round
 * with mercenaries: an ability (R8) that decides, takes a second tile or
 * owes placements. */
#define SPECIAL_KINDS                                                         \
  ((1u << ISLE_KIND_FOX) | (1u << ISLE_KIND_TURTLE) | (1u << ISLE_KIND_MOUSES)  \
   | (1u << ISLE_KIND_SNAKE) | (1u << ISLE_KIND_MOLE) | (1u << ISLE_KIND_PRAIRIE_DOG) \
   | (1u << ISLE_KIND_HIPPO))
#define MERCENARY_KINDS (((1u << ISLE_N_KINDS) - 1) & ~((1u << ISLE_FIRST_MERCENARY) - 1))
#define HIPPO_KIND (1u << ISLE_KIND_HIPPO)

/* The kinds of which a hand holding one can place it on one tile (R8.9: a
 * Hippo needs two face up). */
static inline uint32_t
round_one_tile (bool foggy)
{
  return foggy ? ~0u : ~HIPPO_KIND;
}

#define ROUND_OPS 128
#define ROUND_JOINED 0x80

/* A round with mercenaries in play, as isle_playout_round() plays it: the
 * hands (PlayHand), the free open tiles in an array from which a tile is
 * taken by swapping in the last one, each seat's tokens on the map, what
 * makes a seat's turn more than one placement on one tile (a Turtle's bonus,
 * an unsettled Hippo, a Frog with room to hop), and the decision point the
 * state is at: its phase, the seat that decides, the placements left in the
 * turn (R8.2). The map itself is the state's. */
typedef struct
{
  PlayHand hands[ISLE_MAX_SEATS];
  uint8_t free_cells[ISLE_N_CELLS];
  int n_free;
  uint64_t open;                        /* the free open tiles as a bitboard */
  uint64_t owned[ISLE_MAX_SEATS];       /* each seat's tokens on the map (R1 shields) */
  uint64_t frog_near[ISLE_MAX_SEATS];   /* tiles next to the seat's face-up Frog */
  unsigned bonus_seats;                 /* bit per seat a Turtle owes placements (R8.2) */
  unsigned hippo_seats;                 /* bit per seat whose Hippo is unsettled (R8.9) */
  /* Per seat, the tiles whose being free open makes its turn, begun now,
   * more than a placement: the Frog's neighbours; all of them when a
   * Turtle owes it placements or its Hippo is to settle (round_stops()). */
  uint64_t stop[ISLE_MAX_SEATS];
  /* Per seat and kind, the tile its token placed face up makes: kind,
   * seat, colour (R2). */
  IsleCell tile_of[ISLE_MAX_SEATS][ISLE_N_KINDS];
  /* Per seat, the changes to its hand not yet made to its word: a kind
   * that left it, or (with ROUND_JOINED) joined it; the order of the hand
   * is needed only when it is written back (round_hand_word()). */
  uint8_t ops[ISLE_MAX_SEATS][ROUND_OPS];
  int n_ops[ISLE_MAX_SEATS];
  int n_seats;
  bool foggy;

  int phase;                            /* IslePhase, or ROUND_OVER */
  int seat;                             /* who decides (to_move) */
  int left;                             /* placements_left */
  uint32_t taken;                       /* actions taken */
  uint8_t no_target, skipped;           /* notes of the last action */
  bool full;                            /* the log is full */
  PlayoutLog *log;
  IsleRng *rng;
} Round;

/* Round.phase when the round is over: isle_state_end_round() comes next. */
#define ROUND_OVER ISLE_N_PHASES

static int
round_next (const Round *r, int seat)
{
  return seat + 1 < r->n_seats ? seat + 1 : 0;
}

/* What isle_state_apply_unchecked() does with every action (the count, the
 * notes), and the log. */
static inline void
round_act (Round *r, IsleAction a)
{
  r->taken++;
  r->no_target = ISLE_KIND_NONE;
  r->skipped = 0;
  if (log_action (r->log, a))
    r->full = true;
}

/* Round.stop from what it stands for. */
static void
round_stops (Round *r)
{
  for (int t = 0; t < r->n_seats; t++)
    r->stop[t] = r->frog_near[t]
                 | (((r->bonus_seats | r->hippo_seats) >> t) & 1 ? ISLE_ALL_CELLS : 0);
}

/* Where each seat's face-up Frog is, as frog_to_hop() finds it. */
static void
round_find_frogs (const IsleState *s, Round *r)
{
  unsigned found = 0;

  for (int t = 0; t < r->n_seats; t++)
    r->frog_near[t] = 0;
  for (uint64_t todo = s->board.kind[ISLE_KIND_FROG] & ~s->board.face_down; todo;
       todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo), seat = s->board.cells[cell].seat;

      if (!(found & (1u << seat)))
        r->frog_near[seat] = isle_cell_neighbours (cell);
      found |= 1u << seat;
    }
  round_stops (r);
}

/* The changes to SEAT's hand made to its word (an empty hand's is 0). */
static void
round_hand_word (Round *r, int seat)
{
  PlayHand *h = &r->hands[seat];

  if (h->count == 0)
    h->word = 0;
  else
    for (int i = 0; i < r->n_ops[seat]; i++)
    {
      uint8_t op = r->ops[seat][i];

      h->word = op & ROUND_JOINED ? (h->word << 8) | (op & ~ROUND_JOINED)
                                  : hand_word_drop (h->word, (IsleKind) op);
    }
  r->n_ops[seat] = 0;
}

/* Notes a change OP to SEAT's hand (Round.ops). */
static void
round_hand_op (Round *r, int seat, uint8_t op)
{
  if (r->n_ops[seat] == ROUND_OPS)
    round_hand_word (r, seat);
  r->ops[seat][r->n_ops[seat]++] = op;
}

/* play_hand_remove() and play_hand_add() of the round, with their changes
 * noted. */
static void
round_hand_remove (Round *r, int seat, IsleKind kind)
{
  play_hand_remove (&r->hands[seat], kind, false);
  round_hand_op (r, seat, (uint8_t) kind);
}

static void
round_hand_add (Round *r, int seat, uint8_t kind)
{
  play_hand_add (&r->hands[seat], kind, false);
  round_hand_op (r, seat, (uint8_t) (kind | ROUND_JOINED));
}

static void
round_load (Round *r, IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  r->n_seats = s->n_seats;
  r->foggy = s->weather == ISLE_WEATHER_FOGGY;
  r->open = isle_board_free_open (&s->board);
  r->n_free = cells_of (r->open, r->free_cells);
  r->bonus_seats = r->hippo_seats = 0;
  for (int t = 0; t < r->n_seats; t++)
    {
      play_hand_load (&r->hands[t], s, t);
      r->n_ops[t] = 0;
      r->owned[t] = 0;
      r->bonus_seats |= (unsigned) (s->bonus[t] > 0) << t;
      r->hippo_seats |= (unsigned) (hippo_second (s, t) >= 0) << t;
    }
  for (uint64_t todo = s->board.occupied; todo; todo &= todo - 1)
    r->owned[s->board.cells[__builtin_ctzll (todo)].seat] |= BIT (__builtin_ctzll (todo));
  round_find_frogs (s, r);
  for (int k = 0; k < ISLE_N_KINDS; k++)
    {
      uint8_t colours[ISLE_N_SIDES] = {
        (uint8_t) isle_kind_start_colour ((IsleKind) k, ISLE_SIDE_RED),
        (uint8_t) isle_kind_start_colour ((IsleKind) k, ISLE_SIDE_BLUE),
      };

      for (int t = 0; t < r->n_seats; t++)
        r->tile_of[t][k] = (IsleCell) { (uint8_t) k, (uint8_t) t, colours[isle_seat_side (t)], 0 };
    }
  r->phase = s->phase;
  r->seat = s->to_move;
  r->left = s->placements_left;
  r->taken = 0;
  r->no_target = s->note_no_target;
  r->skipped = s->note_skipped;
  r->full = false;
  r->log = log;
  r->rng = rng;
}

/* Back to the state; when the round is over, isle_state_end_round(). */
static void
round_store (Round *r, IsleState *s)
{
  for (int t = 0; t < r->n_seats; t++)
    {
      round_hand_word (r, t);
      play_hand_store (&r->hands[t], s, t);
    }
  s->n_actions += r->taken;
  s->note_no_target = r->no_target;
  s->note_skipped = r->skipped;
  s->placements_left = (uint8_t) r->left;
  if (r->phase == ROUND_OVER)
    {
      isle_state_end_round (s);
      return;
    }
  s->phase = (uint8_t) r->phase;
  s->to_move = (uint8_t) r->seat;
}

/* The free open tile CELL is taken: the T-th of the free ones, or when T
 * is -1 found among them. Or a tile becomes free. */
static void
round_take_tile (Round *r, int cell, int t)
{
  for (int i = 0; t < 0 && i < r->n_free; i++)
    if (r->free_cells[i] == cell)
      t = i;
  if (t >= 0)
    r->free_cells[t] = r->free_cells[--r->n_free];
  r->open &= ~BIT (cell);
}

static void
round_free_tile (Round *r, int cell)
{
  r->free_cells[r->n_free++] = (uint8_t) cell;
  r->open |= BIT (cell);
}

/* R4.5: kinds_can_place() with the seat's hand. */
static bool
round_can_place (const IsleState *s, const Round *r, int seat)
{
  return kinds_can_place (s, r->hands[seat].kinds);
}

/* R8: opponent_tokens() from the seats' bitboards: among CELLS, the tokens
 * of the side that is not SIDE, not seen as white, whose owner has a token
 * in hand if NEED_HAND (R8.1, R8.4). */
static uint64_t
round_opponents (const IsleState *s, const Round *r, uint64_t cells, IsleSide side,
                 bool need_hand)
{
  uint64_t seen_white = s->board.colour[ISLE_COLOUR_WHITE] & ~s->board.face_down;
  uint64_t theirs = 0;

  for (int t = 0; t < r->n_seats; t++)
    if (isle_seat_side (t) != side && (!need_hand || r->hands[t].count != 0))
      theirs |= r->owned[t];
  return theirs & cells & ~seen_white;
}

static void round_begin_turn (IsleState *s, Round *r, int seat);

/* continue_turn(): a Frog that may hop hops first (R8.5), then SEAT
 * places. */
static bool
round_continue_turn (IsleState *s, Round *r, int seat)
{
  bool can = round_can_place (s, r, seat);

  if (frog_to_hop (s, seat) >= 0)
    {
      bool any = can;

      for (int t = 0; t < r->n_seats && !any; t++)
        any = round_can_place (s, r, t);
      if (any)
        {
          r->phase = ISLE_PHASE_HOP;
          r->seat = seat;
          return true;
        }
    }
  if (!can)
    return false;
  r->phase = ISLE_PHASE_PLACE;
  r->seat = seat;
  return true;
}

/* begin_turn(). */
static void
round_begin_turn (IsleState *s, Round *r, int seat)
{
  unsigned owed = r->bonus_seats;

  /* What round_goes_on() knows: nothing owed or to settle, no Frog that
   * may hop, a token for one tile: SEAT places once. */
  if (!(r->stop[seat] & r->open) && (r->hands[seat].kinds & round_one_tile (r->foggy))
      && r->n_free != 0)
    {
      r->left = 1;
      r->phase = ISLE_PHASE_PLACE;
      r->seat = seat;
      return;
    }
  for (int i = 0; i < r->n_seats; i++)
    {
      r->left = 1 + s->bonus[seat];                            /* R8.2 */
      s->bonus[seat] = 0;
      r->bonus_seats &= ~(1u << seat);
      if (r->hippo_seats & (1u << seat))                       /* R8.9 */
        {
          r->phase = ISLE_PHASE_SETTLE;
          r->seat = seat;
          break;
        }
      if (round_continue_turn (s, r, seat))
        break;
      r->skipped |= (uint8_t) (1u << seat);
      seat = round_next (r, seat);
      if (i == r->n_seats - 1)
        {
          r->left = 0;
          r->phase = ROUND_OVER;
        }
    }
  if (r->bonus_seats != owed)
    round_stops (r);
}

/* finish_drawn(): after SEAT's placement and its draw. */
static void
round_finish_drawn (IsleState *s, Round *r, int seat)
{
  bool more;
  int next;

  if (r->left > 0)
    r->left--;
  if (r->n_free == 0 && s->board.fog == 0 && r->hippo_seats == 0)
    {
      r->phase = ROUND_OVER;                                   /* R4.6 */
      return;
    }
  more = r->left > 0;
  next = more ? seat : round_next (r, seat);
  if (r->n_free == 0 && s->board.fog != 0)
    {
      /* isle_state_need_fog_lift() (R6.5). */
      r->phase = ISLE_PHASE_FOG_LIFT;
      r->seat = seat;
      s->next_seat = (uint8_t) next;
      if (s->rules.fog_lift == ISLE_FOG_LIFT_NEXT)
        for (int i = 0, t = next; i < r->n_seats; i++, t = round_next (r, t))
          if (r->hands[t].count != 0)
            {
              r->seat = t;
              if (r->left == 0)
                s->next_seat = (uint8_t) t;
              break;
            }
      return;
    }
  if (more && round_can_place (s, r, seat))
    {
      r->phase = ISLE_PHASE_PLACE;
      r->seat = seat;
      return;
    }
  r->left = 0;
  round_begin_turn (s, r, round_next (r, seat));
}

/* finish_placement(): the draw (R4.4d), then finish_drawn(). */
static void
round_finish_placement (IsleState *s, Round *r, int seat)
{
  PlayHand *h = &r->hands[seat];

  if (h->pile_len > 0 && play_hand_len (h) < ISLE_HAND_MAX)
    round_hand_add (r, seat, h->pile[--h->pile_len]);
  round_finish_drawn (s, r, seat);
}

/* start_ability(): true when a decision follows. */
static bool
round_start_ability (IsleState *s, Round *r, int seat, int cell, IsleKind kind)
{
  IsleSide side = isle_seat_side (seat);
  uint64_t around = isle_cell_neighbours (cell);
  bool decide;

  switch (kind)
    {
    case ISLE_KIND_FOX:                                        /* R8.1 */
      decide = round_opponents (s, r, around, side, true) != 0;
      break;
    case ISLE_KIND_SNAKE:                                      /* R8.4 */
      decide = round_opponents (s, r, ISLE_ALL_CELLS, side, true) != 0;
      break;
    case ISLE_KIND_MOUSES:                                     /* R8.3 */
    case ISLE_KIND_MOLE:                                       /* R8.7 */
      decide = round_opponents (s, r, around, side, false) != 0;
      break;
    case ISLE_KIND_PRAIRIE_DOG:                                /* R8.8 */
      decide = isle_popcount (swappable_tokens (s, cell)) >= 2;
      break;
    case ISLE_KIND_TURTLE:                                     /* R8.2 */
      r->left++;
      s->bonus[round_next (r, seat)]++;
      r->bonus_seats |= 1u << round_next (r, seat);
      round_stops (r);
      return false;
    default:
      return false;
    }
  if (!decide)
    {
      r->no_target = (uint8_t) kind;
      return false;
    }
  r->phase = ISLE_PHASE_ABILITY;
  r->seat = seat;
  s->ability_cell = (uint8_t) cell;
  s->ability_seat = (uint8_t) seat;
  return true;
}

/* apply_place() of the seat to move: KIND on CELL, the T-th free open tile
 * (-1: not known), and CELL2 for a face-up Hippo (R8.9), face down if DOWN;
 * then its ability, the draw, the next decision. */
static void
round_place (IsleState *s, Round *r, IsleKind kind, int cell, int t, int cell2, bool down)
{
  int seat = r->seat;
  IsleColour colour = isle_kind_start_colour (kind, isle_seat_side (seat));
  bool two = kind == ISLE_KIND_HIPPO && !down;

  round_act (r, two ? isle_action_hippo (cell, cell2) : isle_action_place (kind, cell, down));
  round_hand_remove (r, seat, kind);
  round_take_tile (r, cell, t);
  isle_board_put (&s->board, cell, kind, seat, colour, down ? ISLE_CELL_FACE_DOWN : 0);
  r->owned[seat] |= BIT (cell);
  if (two)                                                     /* R8.9 */
    {
      round_take_tile (r, cell2, -1);
      isle_board_put (&s->board, cell2, kind, seat, colour, ISLE_CELL_HIPPO_SECOND);
      r->owned[seat] |= BIT (cell2);
      r->hippo_seats |= 1u << seat;
      round_stops (r);
    }
  chameleons_react (s, cell);                                  /* R8.6 */
  if (kind == ISLE_KIND_FROG && !down)
    round_find_frogs (s, r);                                   /* R8.5 */
  if (!down && round_start_ability (s, r, seat, cell, kind))   /* R8 */
    return;
  round_finish_placement (s, r, seat);
}

/* swap_cells(), with the seats' bitboards. */
static void
round_swap (IsleState *s, Round *r, int a, int b)
{
  int seat_a = s->board.cells[a].seat, seat_b = s->board.cells[b].seat;

  swap_cells (s, a, b);
  r->owned[seat_a] &= ~BIT (a);
  r->owned[seat_b] &= ~BIT (b);
  r->owned[seat_a] |= BIT (b);
  r->owned[seat_b] |= BIT (a);
  round_find_frogs (s, r);
}

/* A placement the fast run leaves, a Turtle's extra placement (R8.2):
 * isle_playout_sample_placement() the kinds in the seat's hand, then
 * round_place(). */
static void
round_place_sampled (IsleState *s, Round *r)
{
  uint8_t held[ISLE_HAND_MAX];
  int n = 0;
  IsleAction a;

  for (uint32_t k = r->hands[r->seat].kinds; k; k &= k - 1)
    held[n++] = (uint8_t) __builtin_ctz (k);
  a = isle_playout_sample_placement (s, held, n, r->rng);
  round_place (s, r, isle_action_kind (a), isle_action_cell (a), -1, isle_action_cell2 (a),
               isle_action_face_down (a));
}

/* One action at a decision point other than a placement, drawn uniformly
 * among the legal ones as isle_state_sample_action() draws it
 * (legal_actions()), and what isle_state_apply_unchecked() does with it up to
 * the next decision point. */
static void
round_decide (IsleState *s, Round *r)
{
  IsleRng *rng = r->rng;
  int seat = r->seat;

  switch (r->phase)
    {
    case ISLE_PHASE_SETTLE:
      {
        /* R8.9: apply_settle(). */
        int second = hippo_second (s, seat), first = hippo_first (s, second);
        int keep = isle_rng_below (rng, 2) ? second : first, freed = first;
        IsleCell hippo;

        round_act (r, isle_action_cells (ISLE_ACTION_SETTLE, keep, ISLE_NO_CELL));
        hippo = isle_board_take (&s->board, second);
        if (keep == second)
          {
            isle_board_take (&s->board, first);
            isle_board_put (&s->board, second, (IsleKind) hippo.kind, hippo.seat,
                            (IsleColour) hippo.colour, 0);
          }
        else
          freed = second;
        r->owned[seat] &= ~BIT (freed);
        round_free_tile (r, freed);
        r->hippo_seats &= ~(1u << seat);
        round_stops (r);
        if (!round_continue_turn (s, r, seat))
          {
            r->skipped |= (uint8_t) (1u << seat);
            round_begin_turn (s, r, round_next (r, seat));
          }
      }
      break;

    case ISLE_PHASE_HOP:
      {
        /* R8.5: apply_hop(), apply_pass(), then place_or_skip(). */
        int from = frog_to_hop (s, seat);
        uint64_t to = isle_cell_neighbours (from) & r->open;
        uint32_t n = (uint32_t) isle_popcount (to), k = isle_rng_below (rng, n + 1);

        if (k < n)
          {
            int hop = nth_bit (to, k);
            IsleCell frog = isle_board_take (&s->board, from);

            round_act (r, isle_action_cells (ISLE_ACTION_HOP, hop, ISLE_NO_CELL));
            isle_board_put (&s->board, hop, (IsleKind) frog.kind, frog.seat,
                            (IsleColour) frog.colour, frog.flags);
            round_take_tile (r, hop, -1);
            round_free_tile (r, from);
            r->owned[seat] = (r->owned[seat] & ~BIT (from)) | BIT (hop);
            round_find_frogs (s, r);
          }
        else
          round_act (r, isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0));
        if (round_can_place (s, r, seat))
          r->phase = ISLE_PHASE_PLACE;
        else
          {
            r->skipped |= (uint8_t) (1u << seat);
            r->left = 0;
            round_begin_turn (s, r, round_next (r, seat));
          }
      }
      break;

    case ISLE_PHASE_FOG_LIFT:
      {
        /* R6.5: apply_lift(). */
        uint32_t fogged = 0;
        int q;

        for (q = 0; q < ISLE_N_QUADRANTS; q++)
          fogged |= (uint32_t) ((s->board.fog & isle_quadrant_mask (q)) != 0) << q;
        q = isle_byte_select[fogged][isle_rng_below (rng, isle_byte_bits[fogged])];
        round_act (r, isle_action_lift (q));
        s->board.fog &= ~isle_quadrant_mask (q);
        r->open = isle_board_free_open (&s->board);
        r->n_free = cells_of (r->open, r->free_cells);
        if (r->left > 0 && round_can_place (s, r, s->next_seat))
          {
            r->phase = ISLE_PHASE_PLACE;
            r->seat = s->next_seat;
          }
        else
          {
            r->left = 0;
            round_begin_turn (s, r, s->next_seat);
          }
      }
      break;

    case ISLE_PHASE_ABILITY:
      {
        /* R8: legal_abilities(), then apply_target(), apply_swap() or
         * apply_pass(). */
        int cell = s->ability_cell, placer = s->ability_seat;
        IsleKind kind = (IsleKind) s->board.cells[cell].kind;
        IsleSide side = isle_seat_side (placer);
        uint64_t around = isle_cell_neighbours (cell), targets;

        if (kind == ISLE_KIND_FOX || kind == ISLE_KIND_SNAKE)     /* R8.1, R8.4 */
          {
            int target;

            targets = round_opponents (s, r, kind == ISLE_KIND_FOX ? around : ISLE_ALL_CELLS,
                                       side, true);
            target = nth_bit (targets, isle_rng_below (rng, (uint32_t) isle_popcount (targets)));
            round_act (r, isle_action_cells (ISLE_ACTION_TARGET, target, ISLE_NO_CELL));
            s->replace_cell = (uint8_t) target;
            r->phase = ISLE_PHASE_REPLACE;
            r->seat = s->board.cells[target].seat;
            break;
          }
        if (kind == ISLE_KIND_PRAIRIE_DOG)                        /* R8.8 */
          {
            uint64_t can = swappable_tokens (s, cell);
            uint32_t m = (uint32_t) isle_popcount (can), n = m * (m - 1) / 2;
            uint32_t k = isle_rng_below (rng, n + 1);

            if (k == n)
              round_act (r, isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL,
                                              false, 0));
            else
              for (uint64_t a = can; a; a &= a - 1)
                {
                  uint64_t b = a & (a - 1);
                  uint32_t after = (uint32_t) isle_popcount (b);

                  if (k < after)
                    {
                      int ca = __builtin_ctzll (a), cb = nth_bit (b, k);

                      round_act (r, isle_action_cells (ISLE_ACTION_SWAP, ca, cb));
                      round_swap (s, r, ca, cb);
                      break;
                    }
                  k -= after;
                }
            round_finish_placement (s, r, placer);
            break;
          }
        /* R8.3, R8.7: Mouses and Mole. */
        {
          int target;

          targets = round_opponents (s, r, around, side, false);
          target = nth_bit (targets, isle_rng_below (rng, (uint32_t) isle_popcount (targets)));
          round_act (r, isle_action_cells (ISLE_ACTION_SWAP, target, ISLE_NO_CELL));
          round_swap (s, r, target, cell);
          round_finish_placement (s, r, placer);
        }
      }
      break;

    case ISLE_PHASE_REPLACE:
      {
        /* R8.1, R8.4: apply_replace(). */
        PlayHand *h = &r->hands[seat];
        IsleKind kind = kind_select (h->kinds, isle_rng_below (rng, h->n_kinds));
        int cell = s->replace_cell;
        IsleCell old;

        round_act (r, isle_action_kind_only (ISLE_ACTION_REPLACE, kind));
        old = isle_board_take (&s->board, cell);
        round_hand_remove (r, seat, kind);
        isle_board_put (&s->board, cell, kind, seat,
                        isle_kind_start_colour (kind, isle_seat_side (seat)),
                        old.flags & ISLE_CELL_FACE_DOWN);
        round_hand_add (r, seat, old.kind);
        chameleons_react (s, cell);                            /* R8.6 */
        round_find_frogs (s, r);
        round_finish_placement (s, r, s->ability_seat);
      }
      break;

    default:
      break;
    }
}

/* What round_run() keeps in registers: its copy of the random generator,
 * the free open tiles' count and bitboard, whether the log is full. */
typedef struct
{
  IsleRng rng;
  int n_free;
  uint64_t open;
  bool full;
} RoundRun;

/* A placement drawn by round_draw_hippo(): kind, face, the index of its
 * tile among the free open tiles, or for a face-up Hippo its two tiles. */
typedef struct
{
  uint8_t kind, down, t, cell, cell2;
} RoundDraw;

/* A placement of a hand holding KINDS, a Hippo among them, drawn uniformly
 * like isle_playout_sample_placement() draws it: a face-up Hippo has a
 * placement for each pair of free open tiles when it fits (R8.9), every other
 * kind and face (R6.4) one for each of the N_FREE free open tiles. */
static RoundDraw
round_draw_hippo (const IsleState *s, uint32_t kinds, uint32_t n_free, bool foggy, IsleRng *rng)
{
  RoundDraw d = { ISLE_KIND_HIPPO, 0, 0, ISLE_NO_CELL, ISLE_NO_CELL };
  uint32_t mercs = foggy ? kinds & MERCENARY_KINDS : 0, n_kinds = kinds_count (kinds);
  uint32_t n_pairs = 0, n_right, r, o;
  uint64_t right = 0, down = 0;

  if (hippo_fits (s))
    {
      hippo_pairs (s, &right, &down);
      n_pairs = (uint32_t) (isle_popcount (right) + isle_popcount (down));
    }
  /* Every option but the face-up Hippo has N_FREE placements: without
   * Foggy weather each kind face up, with it each kind face down and each
   * mercenary face up. */
  r = isle_rng_below (rng, (n_kinds + kinds_count (mercs) - 1) * n_free + n_pairs);
  if (r < n_pairs)
    {
      n_right = (uint32_t) isle_popcount (right);
      d.cell = (uint8_t) (r < n_right ? nth_bit (right, r) : nth_bit (down, r - n_right));
      d.cell2 = (uint8_t) (d.cell + (r < n_right ? 1 : ISLE_BOARD_SIZE));
      return d;
    }
  r -= n_pairs;
  o = r / n_free;
  d.t = (uint8_t) (r % n_free);
  if (!foggy)
    d.kind = (uint8_t) kind_select (kinds & ~HIPPO_KIND, o);
  else if (o < n_kinds)
    {
      d.kind = (uint8_t) kind_select (kinds, o);
      d.down = 1;
    }
  else
    d.kind = (uint8_t) kind_select (mercs & ~HIPPO_KIND, o - n_kinds);
  return d;
}

/* One placement of round_run(), of SEAT from its hand H, drawn uniformly
 * like isle_state_sample_action() draws it: every kind in hand can go on
 * every free open tile, with one face, or in Foggy weather a mercenary
 * with either (R6.4, FOGGY), so the kind and face and the tile are drawn
 * apart, from the two halves of the random word X; a hand holding a Hippo,
 * which may take two tiles, by round_draw_hippo(). A placement is ordinary
 * when its token is face down or of a kind that is not SPECIAL_KINDS: then
 * it is put on the map as apply_place() puts it (a Chameleon next to it
 * may change, R8.6; a Frog may hop in later turns, R8.5) and the seat
 * draws (R4.4d). Returns false, having put nothing, when it is not: its
 * kind and tiles are then in *KIND, *CELL (the *T-th free open tile, or
 * -1) and *CELL2. */
static ISLE_ALWAYS_INLINE bool
round_step (IsleState *s, Round *r, RoundRun *g, PlayHand *h, uint8_t **ops, int seat,
            uint32_t x, bool foggy, bool logging, IsleKind *kind_out, int *cell_out,
            int *t_out, int *cell2_out)
{
  uint32_t t;
  bool down;
  IsleKind kind;
  int cell;

  if (!(h->kinds & HIPPO_KIND))
    {
      uint32_t mercs = foggy ? h->kinds & MERCENARY_KINDS : 0;
      uint32_t n_kinds = h->n_kinds, n_options = n_kinds + (foggy ? kinds_count (mercs) : 0);
      uint32_t o = isle_rng_below16_from (&g->rng, x, n_options);
      bool in_kinds = o < n_kinds;

      t = isle_rng_below16_from (&g->rng, x >> 16, (uint32_t) g->n_free);
      down = foggy && in_kinds;
      kind = kind_select (in_kinds ? h->kinds : mercs, in_kinds ? o : o - n_kinds);
    }
  else
    {
      IsleRng rng = g->rng;
      RoundDraw d = round_draw_hippo (s, h->kinds, (uint32_t) g->n_free, foggy, &rng);

      g->rng = rng;
      if (d.cell2 != ISLE_NO_CELL)
        {
          *kind_out = ISLE_KIND_HIPPO;
          *cell_out = d.cell;
          *t_out = -1;
          *cell2_out = d.cell2;
          return false;
        }
      kind = (IsleKind) d.kind;
      down = d.down;
      t = d.t;
    }
  cell = r->free_cells[t];
  if (!down && (SPECIAL_KINDS & (1u << kind)))
    {
      *kind_out = kind;
      *cell_out = cell;
      *t_out = (int) t;
      *cell2_out = ISLE_NO_CELL;
      return false;
    }
  r->free_cells[t] = r->free_cells[--g->n_free];
  g->open &= ~BIT (cell);
  if (logging && log_action (r->log, isle_action_place (kind, cell, down)))
    g->full = true;

  /* apply_place(), draw(), the changes to the hand noted in OPS */
  play_hand_remove (h, kind, false);
  *(*ops)++ = (uint8_t) kind;
  if (h->pile_len > 0)
    {
      uint8_t top = h->pile[--h->pile_len];

      play_hand_add (h, top, false);
      *(*ops)++ = top | ROUND_JOINED;
    }
  {
    /* isle_board_put(), the tile from the table. */
    IsleCell tile = r->tile_of[seat][kind];
    uint64_t bit = BIT (cell);

    tile.flags = down ? ISLE_CELL_FACE_DOWN : 0;
    s->board.cells[cell] = tile;
    s->board.occupied |= bit;
    s->board.colour[tile.colour] |= bit;
    if (foggy)
      s->board.face_down |= (uint64_t) down << cell;
    s->board.kind[kind] |= bit;
    r->owned[seat] |= bit;
  }
  if (s->board.kind[ISLE_KIND_CHAMELEON] & isle_cell_neighbours (cell))
    chameleons_react (s, cell);                                  /* R8.6 */
  if (kind == ISLE_KIND_FROG && !down)
    round_find_frogs (s, r);                                     /* R8.5 */
  return true;
}

/* After a placement of round_run(), whether finish_drawn() and begin_turn()
 * would simply give NEXT, with hand H, the next placement: the log is not
 * full, a free open tile is left (no fog lift, R6.5, and the round goes
 * on), NEXT has nothing owed or to settle (R8.2, R8.9) and no Frog that
 * may hop (R8.5) (Round.stop), and a token in hand that goes on one tile
 * (R4.5). */
static ISLE_ALWAYS_INLINE bool
round_goes_on (const Round *r, const RoundRun *g, const PlayHand *h, int next, bool foggy,
               bool logging)
{
  return !(logging && g->full) && g->n_free != 0
         && !(((r->stop[next] & g->open) != 0) | ((h->kinds & round_one_tile (foggy)) == 0));
}

/* The decisions of the round from where R is up to the next placement,
 * the end of the round or a full log. */
static void
round_decide_until_place (IsleState *s, Round *r)
{
  while (!r->full && r->phase != ROUND_OVER && r->phase != ISLE_PHASE_PLACE)
    round_decide (s, r);
}

/* What round_run() does not do itself, after SEAT's ordinary placement:
 * finish_drawn() (a fog lift, the next turn with its Frog's hop, …) up to
 * the next placement. */
static void
round_after_ordinary (IsleState *s, Round *r, int seat)
{
  round_finish_drawn (s, r, seat);
  round_decide_until_place (s, r);
}

/* … or a placement that is not ordinary (round_place()), and what follows
 * up to the next placement (the ability's decisions, …). */
static void
round_after_special (IsleState *s, Round *r, IsleKind kind, int cell, int t, int cell2)
{
  round_place (s, r, kind, cell, t, cell2, false);
  round_decide_until_place (s, r);
}

/* Room in each seat's notes (Round.ops) for two changes a tile. */
static inline void
round_ops_room (Round *r)
{
  for (int t = 0; t < r->n_seats; t++)
    if (r->n_ops[t] > ROUND_OPS - 2 * ISLE_N_CELLS)
      round_hand_word (r, t);
}

/* round_run()'s registers back to the Round before a step it leaves to
 * others, SEAT having placed last: the placements made since BASE free
 * tiles were counted are counted (each took one). */
static ISLE_ALWAYS_INLINE void
round_run_store (Round *r, const RoundRun *g, int base, int seat)
{
  *r->rng = g->rng;
  r->open = g->open;
  r->n_free = g->n_free;
  r->full = g->full;
  r->seat = seat;
  if (g->n_free != base)
    {
      r->taken += (uint32_t) (base - g->n_free);
      r->no_target = ISLE_KIND_NONE;
      r->skipped = 0;
    }
}

/* After such a step, whether round_run() goes on, with NEXT placing once:
 * then its registers from the Round again. */
static ISLE_ALWAYS_INLINE bool
round_run_resumes (Round *r, RoundRun *g, int *base, int next)
{
  if (r->full || r->phase != ISLE_PHASE_PLACE || r->left != 1 || r->seat != next)
    return false;
  g->rng = *r->rng;
  g->n_free = *base = r->n_free;
  g->open = r->open;
  round_ops_room (r);
  return true;
}

/* R4.4: the fast run of isle_playout_round(): from the seat to move, which
 * has one placement left, turn after turn of one ordinary placement
 * (round_step()) while round_goes_on(). A placement that is not ordinary goes
 * to round_after_special(), the end of a turn that is not plain to
 * round_after_ordinary(); when they come back to the placement of the seat
 * that was to follow, once, the run goes on (round_run_resumes()), else it
 * ends with the Round at the decision point they reached. With two seats
 * (TWO), the hands are copies in registers (given back before such a step,
 * taken again after), and a random word serves a placement of each. LOGGING:
 * the log is not NULL. */
static ISLE_ALWAYS_INLINE void
round_run (IsleState *s, Round *r, bool foggy, bool two, bool logging)
{
  RoundRun g = { *r->rng, r->n_free, r->open, false };
  int seat = r->seat, base = r->n_free, cell = 0, t = -1, cell2 = ISLE_NO_CELL;
  IsleKind kind = ISLE_KIND_NONE;

  round_ops_room (r);
  if (two)
    {
      int a = seat, b = 1 - seat;
      PlayHand ha = r->hands[a], hb = r->hands[b];
      uint8_t *ops_a = r->ops[a] + r->n_ops[a], *ops_b = r->ops[b] + r->n_ops[b];

#define ROUND_RUN_GIVE()                                                      \
      do                                                                      \
        {                                                                     \
          r->hands[a] = ha;                                                   \
          r->hands[b] = hb;                                                   \
          r->n_ops[a] = (int) (ops_a - r->ops[a]);                            \
          r->n_ops[b] = (int) (ops_b - r->ops[b]);                            \
        }                                                                     \
      while (0)
#define ROUND_RUN_TAKE()                                                      \
      do                                                                      \
        {                                                                     \
          ha = r->hands[a];                                                   \
          hb = r->hands[b];                                                   \
          ops_a = r->ops[a] + r->n_ops[a];                                    \
          ops_b = r->ops[b] + r->n_ops[b];                                    \
        }                                                                     \
      while (0)
      for (;;)
        {
          uint64_t x = isle_rng_next (&g.rng);

          if (!round_step (s, r, &g, &ha, &ops_a, a, (uint32_t) x, foggy, logging, &kind, &cell,
                           &t, &cell2))
            {
              ROUND_RUN_GIVE ();
              round_run_store (r, &g, base, a);
              round_after_special (s, r, kind, cell, t, cell2);
              if (!round_run_resumes (r, &g, &base, b))
                break;
              ROUND_RUN_TAKE ();
            }
          else if (!round_goes_on (r, &g, &hb, b, foggy, logging))
            {
              ROUND_RUN_GIVE ();
              round_run_store (r, &g, base, a);
              round_after_ordinary (s, r, a);
              if (!round_run_resumes (r, &g, &base, b))
                break;
              ROUND_RUN_TAKE ();
            }
          if (!round_step (s, r, &g, &hb, &ops_b, b, (uint32_t) (x >> 32), foggy, logging,
                           &kind, &cell, &t, &cell2))
            {
              ROUND_RUN_GIVE ();
              round_run_store (r, &g, base, b);
              round_after_special (s, r, kind, cell, t, cell2);
              if (!round_run_resumes (r, &g, &base, a))
                break;
              ROUND_RUN_TAKE ();
            }
          else if (!round_goes_on (r, &g, &ha, a, foggy, logging))
            {
              ROUND_RUN_GIVE ();
              round_run_store (r, &g, base, b);
              round_after_ordinary (s, r, b);
              if (!round_run_resumes (r, &g, &base, a))
                break;
              ROUND_RUN_TAKE ();
            }
        }
#undef ROUND_RUN_GIVE
#undef ROUND_RUN_TAKE
    }
  else
    for (;;)
      {
        int next = seat + 1 < r->n_seats ? seat + 1 : 0;
        uint8_t *ops = r->ops[seat] + r->n_ops[seat];
        bool ordinary = round_step (s, r, &g, &r->hands[seat], &ops, seat,
                                    (uint32_t) isle_rng_next (&g.rng), foggy, logging, &kind,
                                    &cell, &t, &cell2);

        r->n_ops[seat] = (int) (ops - r->ops[seat]);
        if (!ordinary)
          {
            round_run_store (r, &g, base, seat);
            round_after_special (s, r, kind, cell, t, cell2);
            if (!round_run_resumes (r, &g, &base, next))
              break;
          }
        else if (!round_goes_on (r, &g, &r->hands[next], next, foggy, logging))
          {
            round_run_store (r, &g, base, seat);
            round_after_ordinary (s, r, seat);
            if (!round_run_resumes (r, &g, &base, next))
              break;
          }
        seat = next;
      }
}

/* round_run() for each weather (FOGGY or not) and number of seats (TWO
 * or four), without a log: each a loop of its own, compiled on its own. */
static ISLE_NOINLINE void
round_run_two (IsleState *s, Round *r)
{
  round_run (s, r, false, true, false);
}

static ISLE_NOINLINE void
round_run_two_foggy (IsleState *s, Round *r)
{
  round_run (s, r, true, true, false);
}

static ISLE_NOINLINE void
round_run_four (IsleState *s, Round *r)
{
  round_run (s, r, false, false, false);
}

static ISLE_NOINLINE void
round_run_four_foggy (IsleState *s, Round *r)
{
  round_run (s, r, true, false, false);
}

/* round_run() for the round R is in, with the log LOGGING or without. */
static void
round_run_for (IsleState *s, Round *r, bool logging)
{
  if (logging && r->n_seats == 2)
    {
      if (r->foggy)
        round_run (s, r, true, true, true);
      else
        round_run (s, r, false, true, true);
    }
  else if (logging)
    round_run (s, r, r->foggy, false, true);
  else if (r->n_seats == 2)
    (r->foggy ? round_run_two_foggy : round_run_two) (s, r);
  else
    (r->foggy ? round_run_four_foggy : round_run_four) (s, r);
}

/* R4.4, R6, R8: random play in a round with mercenaries in play, from a
 * decision point of the round to its end (isle_state_end_round()) or until
 * the log is full, every action drawn uniformly among the legal ones as
 * isle_state_sample_action() draws it and applied as
 * isle_state_apply_unchecked() applies it, with the hands and the free open
 * tiles kept in a Round: a seat's one placement and most of what follows by
 * round_run() (ordinary placements itself, the others by round_place(), the
 * decisions they lead to by round_decide()), a Turtle's extra placement by
 * round_place_sampled(), the decisions round_run() does not reach (where the
 * round was entered) by round_decide(). Returns true when the log is full. */
bool
isle_playout_round (IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  Round r;

  round_load (&r, s, rng, log);
  while (r.phase != ROUND_OVER && !r.full)
    {
      if (r.phase != ISLE_PHASE_PLACE)
        round_decide (s, &r);
      else if (r.left != 1)
        round_place_sampled (s, &r);
      else
        round_run_for (s, &r, log != NULL);
    }
  round_store (&r, s);
  return r.full;
}

