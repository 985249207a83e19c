/* isle-state-private.h — what the files of the state machine share: the
 * reference transitions (isle-state.c), the legal actions (isle-legal.c)
 * and the fast playouts (isle-playout.c, isle-playout-round.c). Not
 * installed; included only by those engine files.
 *
 * Here are the small predicates every one of them asks (what a player sees
 * of a token, where a Hippo or a Frog is, whether a seat can place, R8),
 * the hand and pile words, and the few transitions the playouts hand back
 * to the reference machine. They are static inline so that a playout loop
 * keeps them inlined as it did when all of this was one file.
 */
#pragma once

#include "isle-state.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

/* ---- seats ------------------------------------------------------------- */

static inline int
next_seat (const IsleState *s, int seat)
{
  return seat + 1 < s->n_seats ? seat + 1 : 0;
}

/* ---- hands and piles --------------------------------------------------- */

/* A hand's bytes as one word, hand[i] in bits 8i … 8i + 7; and back.
 * Playouts find and remove a kind in a hand at every placement: on the
 * word, neither branches on the hand's content. */
static inline uint64_t
hand_word (const uint8_t hand[ISLE_HAND_MAX])
{
  uint64_t w = 0;

#pragma GCC unroll 8
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    w |= (uint64_t) hand[i] << (8 * i);
  return w;
}

static inline void
hand_store (uint8_t hand[ISLE_HAND_MAX], uint64_t w)
{
#pragma GCC unroll 8
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    hand[i] = (uint8_t) (w >> (8 * i));
}

/* The low N bytes of a word, 0 ≤ N ≤ 8. */
static inline uint64_t
low_bytes (int n)
{
  static const uint64_t low[9] = {
    0, UINT64_C (0xff), UINT64_C (0xffff), UINT64_C (0xffffff), UINT64_C (0xffffffff),
    UINT64_C (0xffffffffff), UINT64_C (0xffffffffffff), UINT64_C (0xffffffffffffff),
    ~UINT64_C (0),
  };

  return low[n];
}

/* The top bit of each byte of W that equals V (exactly: no carries between
 * bytes). */
static inline uint64_t
bytes_equal (uint64_t w, uint8_t v)
{
  const uint64_t low7 = UINT64_C (0x7f7f7f7f7f7f7f7f);
  uint64_t x = w ^ (v * UINT64_C (0x0101010101010101));

  return ~(((x & low7) + low7) | x | low7);
}

/* The first index of KIND in SEAT's hand, or -1. */
static inline int
hand_find (const IsleState *s, int seat, IsleKind kind)
{
  uint64_t found = bytes_equal (hand_word (s->hand[seat]), (uint8_t) kind)
                   & low_bytes (s->hand_len[seat]);

  return found ? __builtin_ctzll (found) / 8 : -1;
}

/* The word of a hand of LEN tokens without its token I: the rest keep their
 * order (the UI numbers them 1–5), the last place becomes empty, bytes past
 * the hand stay as they are. */
static inline uint64_t
hand_word_remove (uint64_t w, int i, int len)
{
  return (w & low_bytes (i)) | ((w >> 8) & low_bytes (len - 1) & ~low_bytes (i))
         | (w & ~low_bytes (len));
}

static inline void
hand_remove_at (IsleState *s, int seat, int i)
{
  int len = s->hand_len[seat]--;

  hand_store (s->hand[seat], hand_word_remove (hand_word (s->hand[seat]), i, len));
}

/* R4.4d: draw the top token of the pile if there is one and room in hand. */
static inline void
draw (IsleState *s, int seat)
{
  if (s->pile_len[seat] > 0 && s->hand_len[seat] < ISLE_HAND_MAX)
    {
      uint8_t kind = s->pile[seat][--s->pile_len[seat]];

      s->pile[seat][s->pile_len[seat]] = ISLE_KIND_NONE;
      s->hand[seat][s->hand_len[seat]++] = kind;
    }
}

/* A pile as three words, token i in byte i % 8 of word i / 8: read
 * straight from the pile (not through a copy, whose stores the reads would
 * wait for). */
static inline void
pile_words (const IsleState *s, int seat, uint64_t w[3])
{
  _Static_assert (ISLE_PILE_MAX == 18, "a pile is 8 + 8 + 2 tokens");
  uint16_t last;

  memcpy (&w[0], s->pile[seat], 8);
  memcpy (&w[1], s->pile[seat] + 8, 8);
  memcpy (&last, s->pile[seat] + 16, 2);
  w[2] = last;
}

/* Where the N_WORDS words W (bytes in order, byte i of word j the
 * (8j + i)-th) hold the byte V, a bit per byte: eight compared at a time
 * (bytes_equal()), each word's matches gathered into 8 bits by a
 * multiplication (the top bit of byte i to bit i). Without a branch on
 * the bytes. */
static inline uint64_t
bytes_where (const uint64_t *w, int n_words, uint8_t v)
{
  const uint64_t gather = UINT64_C (0x0102040810204080);
  uint64_t at = 0;

  for (int i = 0; i < n_words; i++)
    at |= (((bytes_equal (w[i], v) >> 7) * gather) >> 56) << (8 * i);
  return at;
}

/* Where the pile W of LEN tokens holds KIND, a bit per token. */
static inline uint32_t
pile_where (const uint64_t w[3], int len, IsleKind kind)
{
  return (uint32_t) bytes_where (w, 3, (uint8_t) kind) & ((UINT32_C (1) << len) - 1);
}

/* The first index of KIND in SEAT's pile, or -1, without a branch on the
 * pile's content. */
static inline int
pile_find (const IsleState *s, int seat, IsleKind kind)
{
  uint64_t w[3];
  uint32_t at;

  pile_words (s, seat, w);
  at = pile_where (w, s->pile_len[seat], kind);
  return at != 0 ? __builtin_ctz (at) : -1;
}

static inline bool
hand_is_complete (const IsleState *s, int seat)
{
  return s->hand_len[seat] >= ISLE_HAND_MAX || s->pile_len[seat] == 0;
}

/* ---- what players can see of a token (doc/decision-points.md) ---------- */

static inline bool
seen_white (const IsleCell *c)
{
  return !(c->flags & ISLE_CELL_FACE_DOWN) && c->colour == ISLE_COLOUR_WHITE;
}

/* R8: "opponent's token": owned by the other side (its shield shows even
 * face down) and not white. A face-down token is not seen as white. */
static inline bool
is_opponent_token (const IsleState *s, int cell, IsleSide side)
{
  const IsleCell *c = &s->board.cells[cell];

  return c->kind != ISLE_KIND_NONE && isle_seat_side (c->seat) != side && !seen_white (c);
}

/* R8.1, R8.4: a target whose owner has a token to replace it with. */
static inline bool
is_replaceable (const IsleState *s, int cell, IsleSide side)
{
  return is_opponent_token (s, cell, side) && s->hand_len[s->board.cells[cell].seat] > 0;
}

static inline uint64_t
opponent_tokens (const IsleState *s, uint64_t cells, IsleSide side, bool need_hand)
{
  uint64_t out = 0;

  for (uint64_t todo = cells & s->board.occupied; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      if (need_hand ? is_replaceable (s, cell, side) : is_opponent_token (s, cell, side))
        out |= BIT (cell);
    }
  return out;
}

/* R8.8: tokens next to a Prairie Dog that it may swap: any side, not white. */
static inline uint64_t
swappable_tokens (const IsleState *s, int dog)
{
  uint64_t out = 0;

  for (uint64_t todo = isle_cell_neighbours (dog) & s->board.occupied; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      if (!seen_white (&s->board.cells[cell]))
        out |= BIT (cell);
    }
  return out;
}

/* Whether either side has hired a mercenary: if not, no mercenary is in
 * play (R9.3), nor any of what only mercenaries do (R8). */
static inline bool
mercenaries_hired (const IsleState *s)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      if (s->hired[side][k])
        return true;
  return false;
}

/* ---- Hippo (R8.9) and Frog (R8.5) --------------------------------------- */

/* The second tile of SEAT's unsettled Hippo, or -1. */
static inline int
hippo_second (const IsleState *s, int seat)
{
  /* Only a face-up Hippo has a second tile. */
  for (uint64_t todo = s->board.kind[ISLE_KIND_HIPPO] & ~s->board.face_down; todo;
       todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      const IsleCell *c = &s->board.cells[cell];

      if ((c->flags & ISLE_CELL_HIPPO_SECOND) && (seat < 0 || c->seat == seat))
        return cell;
    }
  return -1;
}

/* The first tile of the Hippo whose second tile is SECOND. */
static inline int
hippo_first (const IsleState *s, int second)
{
  int seat = s->board.cells[second].seat;

  for (uint64_t todo = isle_cell_neighbours (second); todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == ISLE_KIND_HIPPO && c->seat == seat
          && !(c->flags & (ISLE_CELL_HIPPO_SECOND | ISLE_CELL_FACE_DOWN)))
        return cell;
    }
  return -1;
}

/* R8.9: a face-up Hippo goes on two adjacent free open tiles, only where at
 * least one further free tile or a fog board remains. */
static inline bool
hippo_fits (const IsleState *s)
{
  uint64_t open = isle_board_free_open (&s->board);

  return isle_popcount (open) >= 3 || (s->board.fog != 0 && isle_popcount (open) >= 2);
}

/* Free open tiles to the right of or below each free open tile: the first
 * tiles of horizontal and vertical pairs. */
static inline void
hippo_pairs (const IsleState *s, uint64_t *right, uint64_t *down)
{
  static const uint64_t not_last_column = UINT64_C (0x7df7df7df);  /* columns a–e */
  uint64_t open = isle_board_free_open (&s->board);

  *right = open & (open >> 1) & not_last_column;
  *down = open & (open >> ISLE_BOARD_SIZE);
}

/* The tile of SEAT's face-up Frog, if it has a free open tile to hop to. */
static inline int
frog_to_hop (const IsleState *s, int seat)
{
  IsleSide side = isle_seat_side (seat);

  if (s->hired[side][ISLE_KIND_FROG] == 0)
    return -1;
  for (uint64_t todo = s->board.kind[ISLE_KIND_FROG] & ~s->board.face_down; todo;
       todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      const IsleCell *c = &s->board.cells[cell];

      if (c->seat == seat)
        return (isle_cell_neighbours (cell) & isle_board_free_open (&s->board)) ? cell : -1;
    }
  return -1;
}

/* ---- placements -------------------------------------------------------- */

/* R6.4: in Foggy weather every token goes face down, but a mercenary may go
 * face up by choice; otherwise every token goes face up. */
static inline bool
face_allowed (const IsleState *s, IsleKind kind, bool face_down)
{
  if (s->weather != ISLE_WEATHER_FOGGY)
    return !face_down;
  return face_down || isle_kind_is_mercenary (kind);
}

/* R4.5: whether a seat holding tokens of KINDS (a bit per kind) has a
 * legal placement. */
static inline bool
kinds_can_place (const IsleState *s, uint32_t kinds)
{
  if (kinds == 0 || isle_board_free_open (&s->board) == 0)
    return false;
  if ((kinds & ~(1u << ISLE_KIND_HIPPO)) || s->weather == ISLE_WEATHER_FOGGY)
    return true;
  /* Only Hippos in hand, face up: they need a pair of tiles. */
  if (hippo_fits (s))
    {
      uint64_t right, down;
      hippo_pairs (s, &right, &down);
      return (right | down) != 0;
    }
  return false;
}

/* R8.6: a coloured token placed face up next to a face-up Chameleon gives it
 * its colour; a face-down token is not seen as coloured. */
static inline void
chameleons_react (IsleState *s, int cell)
{
  const IsleCell *placed = &s->board.cells[cell];

  if (s->hired[0][ISLE_KIND_CHAMELEON] == 0 && s->hired[1][ISLE_KIND_CHAMELEON] == 0)
    return;
  if ((placed->flags & ISLE_CELL_FACE_DOWN) || placed->colour == ISLE_COLOUR_WHITE)
    return;
  for (uint64_t todo = isle_cell_neighbours (cell) & s->board.kind[ISLE_KIND_CHAMELEON]
                       & ~s->board.face_down;
       todo; todo &= todo - 1)
    isle_board_set_colour (&s->board, __builtin_ctzll (todo), (IsleColour) placed->colour);
}

/* Exchanges the tokens of two tiles; faces and colours go with them (R8.6:
 * swaps do not change a Chameleon). */
static inline void
swap_cells (IsleState *s, int a, int b)
{
  IsleCell ca = isle_board_take (&s->board, a);
  IsleCell cb = isle_board_take (&s->board, b);

  isle_board_put (&s->board, a, (IsleKind) cb.kind, cb.seat, (IsleColour) cb.colour, cb.flags);
  isle_board_put (&s->board, b, (IsleKind) ca.kind, ca.seat, (IsleColour) ca.colour, ca.flags);
}

/* ---- transitions the playouts share (isle-state.c) --------------------- */

/* R4.6, R7: score the map; then the next round or the end. */
void isle_state_end_round (IsleState *s);
/* R6.5: when the open tiles are full and fog remains, the fog-lift decision
 * before NEXT places (filler SEAT, or option `next`); false otherwise. */
bool isle_state_need_fog_lift (IsleState *s, int seat, int next);

/* ---- turns (isle-state.c; here so that a playout's placements inline them) */

/* R4.5: whether SEAT has a legal placement. */
static inline bool
seat_can_place (const IsleState *s, int seat)
{
  uint32_t kinds = 0;

  /* Past a kind other than the Hippo, the rest of the hand changes
   * nothing. */
  for (int i = 0; i < s->hand_len[seat] && !(kinds & ~(1u << ISLE_KIND_HIPPO)); i++)
    kinds |= 1u << s->hand[seat][i];
  return kinds_can_place (s, kinds);
}

/* R4.6: every tile holds a token, no fog is left, no Hippo is unsettled. */
static inline bool
round_complete (const IsleState *s)
{
  return s->board.occupied == ISLE_ALL_CELLS && s->board.fog == 0 && hippo_second (s, -1) < 0;
}

/* R4.4a after the Hippo: the Frog may hop, then the placement. Returns
 * false when SEAT has nothing to place (R4.5). */
static inline bool
any_seat_can_place (const IsleState *s)
{
  for (int seat = 0; seat < s->n_seats; seat++)
    if (seat_can_place (s, seat))
      return true;
  return false;
}

static inline bool
continue_turn (IsleState *s, int seat)
{
  bool can = seat_can_place (s, seat);

  /* R4.4a, R4.5: the Frog may hop even when its owner then has nothing to
   * place, as long as the round goes on (somebody can place). */
  if (frog_to_hop (s, seat) >= 0 && (can || any_seat_can_place (s)))
    {
      s->to_move = (uint8_t) seat;
      s->phase = ISLE_PHASE_HOP;
      return true;
    }
  if (!can)
    return false;
  s->to_move = (uint8_t) seat;
  s->phase = ISLE_PHASE_PLACE;
  return true;
}

/* R4.4, R4.5: from SEAT on, the first seat with something to do takes its
 * turn; a seat that cannot place skips (but settles its Hippo first). If
 * nobody can, the round cannot go on and ends. */
static inline void
begin_turn (IsleState *s, int seat)
{
  for (int i = 0; i < s->n_seats; i++)
    {
      s->placements_left = (uint8_t) (1 + s->bonus[seat]);   /* R8.2 */
      s->bonus[seat] = 0;
      if (hippo_second (s, seat) >= 0)                      /* R8.9 */
        {
          s->phase = ISLE_PHASE_SETTLE;
          s->to_move = (uint8_t) seat;
          return;
        }
      if (continue_turn (s, seat))
        return;
      s->note_skipped |= (uint8_t) (1u << seat);
      seat = next_seat (s, seat);
    }
  s->placements_left = 0;
  isle_state_end_round (s);
}

/* finish_placement() after the draw. */
static inline void
finish_drawn (IsleState *s, int seat)
{
  bool more;

  if (s->placements_left > 0)
    s->placements_left--;
  if (round_complete (s))
    {
      isle_state_end_round (s);
      return;
    }
  more = s->placements_left > 0;
  if (isle_state_need_fog_lift (s, seat, more ? seat : next_seat (s, seat)))
    return;
  if (more && seat_can_place (s, seat))
    {
      s->phase = ISLE_PHASE_PLACE;
      s->to_move = (uint8_t) seat;
      return;
    }
  s->placements_left = 0;
  begin_turn (s, next_seat (s, seat));
}

/* R4.4c–d after SEAT's placement and its ability: draw, then another
 * placement if a Turtle owes one, or the next turn. */
static inline void
finish_placement (IsleState *s, int seat)
{
  draw (s, seat);
  finish_drawn (s, seat);
}

/* R4.2: the next seat to pick its opening hand, or play begins. */
void isle_state_begin_hands (IsleState *s);
/* isle_state_apply() of an action known to be legal, without checking it. */
bool isle_state_apply_unchecked (IsleState *s, IsleAction a);

/* ---- hiring (isle-legal.c) --------------------------------------------- */

/* R9.3, R9.4: what COUNTS mercenaries of each kind cost (a side's hired or
 * pending ones). */
static inline int32_t
mercenaries_cost (const IsleState *s, const uint8_t counts[ISLE_N_KINDS])
{
  int32_t cost = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    cost += counts[k] * s->rules.hire_cost[k];
  return cost;
}

/* R9.3: the basic tokens of each kind SIDE has left to return for a hire. */
void isle_state_hire_basics (const IsleState *s, IsleSide side, int basics[ISLE_N_KINDS]);
/* R9.3: the mercenary kinds SIDE may add to its hiring with BASICS left and
 * COINS to spend, a bit per kind. */
uint32_t isle_state_hirable_with (const IsleState *s, IsleSide side,
                                  const int basics[ISLE_N_KINDS], int32_t coins);
