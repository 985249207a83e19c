/* isle-state.c — the decision-point state machine of every variant: the
 * Basic game (R4), Weather (R6), mercenary abilities (R8), the Mercenary
 * game (R9), the Quick game (R10) and the Team game (R11).
 *
 * A state advances only through isle_state_apply(); after each action the
 * automatic steps (draws, skips, fog boards, Turtles, scoring, hiring
 * reveals, the next round) run up to the next decision point, so to_move and
 * phase always name a decision. doc/decision-points.md describes the phases
 * and the engine's readings where doc/rules.md is silent.
 */
#include "isle-state.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

static void start_round (IsleState *s, int first_seat);
static void begin_turn (IsleState *s, int seat);
static void finish_drawn (IsleState *s, int seat);

/* ---- seats and variants ------------------------------------------------ */

static int
next_seat (const IsleState *s, int seat)
{
  return seat + 1 < s->n_seats ? seat + 1 : 0;
}

static bool
is_mercenary_game (const IsleState *s)
{
  return s->variant >= ISLE_VARIANT_MERCENARY;
}

/* R9.3, R11: the order in which seats hire: Red's seats, then Blue's. */
static int
hire_order (const IsleState *s, int i)
{
  static const uint8_t two[] = { 0, 1 };
  static const uint8_t team[] = { 0, 2, 1, 3 };

  return s->n_seats > 2 ? team[i] : two[i];
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
static int
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

static void
hand_remove_at (IsleState *s, int seat, int i)
{
  int len = s->hand_len[seat]--;

  hand_store (s->hand[seat], hand_word_remove (hand_word (s->hand[seat]), i, len));
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
static int
pile_find (const IsleState *s, int seat, IsleKind kind)
{
  uint64_t w[3];
  uint32_t at;

  pile_words (s, seat, w);
  at = pile_where (w, s->pile_len[seat], kind);
  return at != 0 ? __builtin_ctz (at) : -1;
}

static void
pile_remove_at (IsleState *s, int seat, int i)
{
  int last = --s->pile_len[seat];

  s->pile[seat][i] = s->pile[seat][last];
  s->pile[seat][last] = ISLE_KIND_NONE;
}

static void
pile_push (IsleState *s, int seat, IsleKind kind)
{
  if (s->pile_len[seat] < ISLE_PILE_MAX)
    s->pile[seat][s->pile_len[seat]++] = (uint8_t) kind;
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

static bool
hand_is_complete (const IsleState *s, int seat)
{
  return s->hand_len[seat] >= ISLE_HAND_MAX || s->pile_len[seat] == 0;
}

/* ---- what players can see of a token (doc/decision-points.md) ---------- */

static bool
seen_white (const IsleCell *c)
{
  return !(c->flags & ISLE_CELL_FACE_DOWN) && c->colour == ISLE_COLOUR_WHITE;
}

/* R8: "opponent's token": owned by the other side (its shield shows even
 * face down) and not white. A face-down token is not seen as white. */
static bool
is_opponent_token (const IsleState *s, int cell, IsleSide side)
{
  const IsleCell *c = &s->board.cells[cell];

  return c->kind != ISLE_KIND_NONE && isle_seat_side (c->seat) != side && !seen_white (c);
}

/* R8.1, R8.4: a target whose owner has a token to replace it with. */
static bool
is_replaceable (const IsleState *s, int cell, IsleSide side)
{
  return is_opponent_token (s, cell, side) && s->hand_len[s->board.cells[cell].seat] > 0;
}

static uint64_t
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
static uint64_t
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

/* ---- Hippo (R8.9) and Frog (R8.5) --------------------------------------- */

/* The second tile of SEAT's unsettled Hippo, or -1. */
static int
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
static int
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
static bool
hippo_fits (const IsleState *s)
{
  uint64_t open = isle_board_free_open (&s->board);

  return isle_popcount (open) >= 3 || (s->board.fog != 0 && isle_popcount (open) >= 2);
}

/* Free open tiles to the right of or below each free open tile: the first
 * tiles of horizontal and vertical pairs. */
static void
hippo_pairs (const IsleState *s, uint64_t *right, uint64_t *down)
{
  static const uint64_t not_last_column = UINT64_C (0x7df7df7df);  /* columns a–e */
  uint64_t open = isle_board_free_open (&s->board);

  *right = open & (open >> 1) & not_last_column;
  *down = open & (open >> ISLE_BOARD_SIZE);
}

/* The tile of SEAT's face-up Frog, if it has a free open tile to hop to. */
static int
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
static bool
face_allowed (const IsleState *s, IsleKind kind, bool face_down)
{
  if (s->weather != ISLE_WEATHER_FOGGY)
    return !face_down;
  return face_down || isle_kind_is_mercenary (kind);
}

/* R4.5: whether a seat holding tokens of KINDS (a bit per kind) has a
 * legal placement. */
static bool
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

/* R4.5: whether SEAT has a legal placement. */
static bool
seat_can_place (const IsleState *s, int seat)
{
  uint32_t kinds = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    kinds |= 1u << s->hand[seat][i];
  return kinds_can_place (s, kinds);
}

/* R8.6: a coloured token placed face up next to a face-up Chameleon gives it
 * its colour; a face-down token is not seen as coloured. */
static void
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
static void
swap_cells (IsleState *s, int a, int b)
{
  IsleCell ca = isle_board_take (&s->board, a);
  IsleCell cb = isle_board_take (&s->board, b);

  isle_board_put (&s->board, a, (IsleKind) cb.kind, cb.seat, (IsleColour) cb.colour, cb.flags);
  isle_board_put (&s->board, b, (IsleKind) ca.kind, ca.seat, (IsleColour) ca.colour, ca.flags);
}

/* ---- round flow -------------------------------------------------------- */

int32_t
isle_state_hired_cost (const IsleState *s, IsleSide side)
{
  int32_t cost = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    cost += s->hired[side][k] * s->rules.hire_cost[k];
  return cost;
}

static void
end_game (IsleState *s, IsleSide winner)
{
  s->phase = ISLE_PHASE_OVER;
  s->to_move = 0;
  s->winner = (uint8_t) winner;
}

/* R4.7: the higher total wins. R9.4: the more coins win; then the larger
 * total cost of hired mercenaries; then up to max_extra_rounds more rounds;
 * then a draw. Returns the winning side, ISLE_N_SIDES for a tie. */
static int
compare (int32_t red, int32_t blue)
{
  return red > blue ? ISLE_SIDE_RED : blue > red ? ISLE_SIDE_BLUE : ISLE_N_SIDES;
}

/* R4.6, R7: score the map; then the next round or the end. */
static void
end_round (IsleState *s)
{
  int32_t points[ISLE_N_SIDES];
  int r = s->round - 1;
  int winner;

  isle_board_score (&s->board, s->rules.line_score, points, NULL);
  memcpy (&s->scored_board, &s->board, sizeof s->board);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      s->round_score[r][side] = points[side];
      s->total[side] += points[side];
      if (is_mercenary_game (s))
        s->coins[side] += points[side];                       /* R9.2 */
    }
  memset (s->bonus, 0, sizeof s->bonus);                      /* R8.2 lapses */
  s->placements_left = 0;

  if (s->round < s->n_rounds)
    {
      start_round (s, next_seat (s, s->first_seat));          /* R4.3 */
      return;
    }
  if (!is_mercenary_game (s))
    {
      end_game (s, (IsleSide) compare (s->total[0], s->total[1]));
      return;
    }
  winner = compare (s->coins[0], s->coins[1]);
  if (winner == ISLE_N_SIDES)
    winner = compare (isle_state_hired_cost (s, ISLE_SIDE_RED), isle_state_hired_cost (s, ISLE_SIDE_BLUE));
  if (winner == ISLE_N_SIDES && s->extra_rounds < s->rules.max_extra_rounds
      && s->n_rounds < ISLE_MAX_ROUNDS)
    {
      s->extra_rounds++;
      s->n_rounds++;
      start_round (s, next_seat (s, s->first_seat));
      return;
    }
  end_game (s, (IsleSide) winner);
}

/* R4.6: every tile holds a token, no fog is left, no Hippo is unsettled. */
static bool
round_complete (const IsleState *s)
{
  return s->board.occupied == ISLE_ALL_CELLS && s->board.fog == 0 && hippo_second (s, -1) < 0;
}

/* R4.4a after the Hippo: the Frog may hop, then the placement. Returns
 * false when SEAT has nothing to place (R4.5). */
static bool
any_seat_can_place (const IsleState *s)
{
  for (int seat = 0; seat < s->n_seats; seat++)
    if (seat_can_place (s, seat))
      return true;
  return false;
}

static bool
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

/* R4.5: after the start-of-turn steps, SEAT places if it can, else skips. */
static void
place_or_skip (IsleState *s, int seat)
{
  if (seat_can_place (s, seat))
    {
      s->to_move = (uint8_t) seat;
      s->phase = ISLE_PHASE_PLACE;
      return;
    }
  s->note_skipped |= (uint8_t) (1u << seat);
  s->placements_left = 0;
  begin_turn (s, next_seat (s, seat));
}

/* R4.4, R4.5: from SEAT on, the first seat with something to do takes its
 * turn; a seat that cannot place skips (but settles its Hippo first). If
 * nobody can, the round cannot go on and ends. */
static void
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
  end_round (s);
}

/* R6.5: when the open tiles are full and fog remains, a fog board is lifted
 * before NEXT places: by the filler SEAT, or with option `next` by the next
 * seat that must place. */
static bool
need_fog_lift (IsleState *s, int seat, int next)
{
  if (isle_board_free_open (&s->board) != 0 || s->board.fog == 0)
    return false;
  s->phase = ISLE_PHASE_FOG_LIFT;
  s->next_seat = (uint8_t) next;
  s->to_move = (uint8_t) seat;
  if (s->rules.fog_lift == ISLE_FOG_LIFT_NEXT)
    for (int i = 0, t = next; i < s->n_seats; i++, t = next_seat (s, t))
      if (s->hand_len[t] > 0)
        {
          s->to_move = (uint8_t) t;
          if (s->placements_left == 0)
            s->next_seat = (uint8_t) t;
          break;
        }
  return true;
}

/* R4.4c–d after SEAT's placement and its ability: draw, then another
 * placement if a Turtle owes one, or the next turn. */
static void
finish_placement (IsleState *s, int seat)
{
  draw (s, seat);
  finish_drawn (s, seat);
}

/* finish_placement() after the draw. */
static void
finish_drawn (IsleState *s, int seat)
{
  bool more;

  if (s->placements_left > 0)
    s->placements_left--;
  if (round_complete (s))
    {
      end_round (s);
      return;
    }
  more = s->placements_left > 0;
  if (need_fog_lift (s, seat, more ? seat : next_seat (s, seat)))
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

/* R8: after a face-up placement from hand, the mercenary's ability. Returns
 * true when a decision follows (phase ABILITY). */
static bool
start_ability (IsleState *s, int seat, int cell, IsleKind kind)
{
  IsleSide side = isle_seat_side (seat);
  uint64_t around = isle_cell_neighbours (cell);
  bool decide = false;

  switch (kind)
    {
    case ISLE_KIND_FOX:                                        /* R8.1 */
      decide = opponent_tokens (s, around, side, true) != 0;
      break;
    case ISLE_KIND_SNAKE:                                      /* R8.4 */
      decide = opponent_tokens (s, ISLE_ALL_CELLS, side, true) != 0;
      break;
    case ISLE_KIND_MOUSES:                                     /* R8.3 */
    case ISLE_KIND_MOLE:                                       /* R8.7 */
      decide = opponent_tokens (s, around, side, false) != 0;
      break;
    case ISLE_KIND_PRAIRIE_DOG:                                /* R8.8 */
      decide = isle_popcount (swappable_tokens (s, cell)) >= 2;
      break;
    case ISLE_KIND_TURTLE:                                     /* R8.2 */
      s->placements_left++;
      s->bonus[next_seat (s, seat)]++;
      return false;
    default:
      return false;
    }
  if (!decide)
    {
      s->note_no_target = (uint8_t) kind;
      return false;
    }
  s->phase = ISLE_PHASE_ABILITY;
  s->to_move = (uint8_t) seat;
  s->ability_cell = (uint8_t) cell;
  s->ability_seat = (uint8_t) seat;
  return true;
}

/* R4.2: every seat's hand is complete: shuffle the piles, the round's first
 * seat places first. */
static void
begin_play (IsleState *s)
{
  for (int seat = 0; seat < s->n_seats; seat++)
    isle_rng_shuffle (&s->rng, s->pile[seat], s->pile_len[seat]);
  begin_turn (s, s->first_seat);
}

/* R4.2: opening hands, chosen (one pick at a time, first seat first) or, with
 * option `deal`, dealt at random. */
static void
begin_hands (IsleState *s)
{
  if (s->rules.opening_hand == ISLE_OPENING_DEAL)
    {
      for (int seat = 0; seat < s->n_seats; seat++)
        {
          isle_rng_shuffle (&s->rng, s->pile[seat], s->pile_len[seat]);
          while (!hand_is_complete (s, seat))
            draw (s, seat);
        }
      begin_play (s);
      return;
    }
  for (int i = 0, seat = s->first_seat; i < s->n_seats; i++, seat = next_seat (s, seat))
    if (!hand_is_complete (s, seat))
      {
        s->phase = ISLE_PHASE_HAND;
        s->to_move = (uint8_t) seat;
        return;
      }
  begin_play (s);
}

/* R6.2, R6.3: Sunny opens the whole map; Cloudy and Foggy put the three fog
 * boards on three random quadrants. */
static void
set_weather (IsleState *s, IsleWeather weather)
{
  s->weather = (uint8_t) weather;
  s->weather_kept[s->round - 1] = (uint8_t) weather;
  s->board.fog = 0;
  if (weather != ISLE_WEATHER_SUNNY)
    {
      int open = (int) isle_rng_below (&s->rng, ISLE_N_QUADRANTS);
      s->board.fog = ISLE_ALL_CELLS & ~isle_quadrant_mask (open);
    }
  begin_hands (s);
}

/* R6.1: the round's second seat takes the top two cards (Weather and
 * Mercenary games); the Quick game has one weather (R10), the Basic and
 * Team games are sunny (R4, R11). */
static void
begin_weather (IsleState *s)
{
  if (s->variant == ISLE_VARIANT_QUICK)
    {
      set_weather (s, (IsleWeather) s->rules.quick_weather);
      return;
    }
  if (s->variant != ISLE_VARIANT_WEATHER && s->variant != ISLE_VARIANT_MERCENARY)
    {
      set_weather (s, ISLE_WEATHER_SUNNY);
      return;
    }
  if (s->deck_len >= 2)
    {
      s->drawn[0] = s->deck[0];
      s->drawn[1] = s->deck[1];
      memmove (s->deck, s->deck + 2, (size_t) (s->deck_len - 2));
      memmove (s->deck_seen, s->deck_seen + 2, (size_t) (s->deck_len - 2));
      s->deck_len -= 2;
      s->deck[s->deck_len] = s->deck[s->deck_len + 1] = 0;
      s->deck_seen[s->deck_len] = s->deck_seen[s->deck_len + 1] = 0;
      s->phase = ISLE_PHASE_WEATHER;
      s->to_move = (uint8_t) next_seat (s, s->first_seat);
      return;
    }
  /* A deck of rules data too short to choose from: the last card is
   * kept, and with none left the map is sunny. */
  if (s->deck_len == 1)
    {
      IsleWeather w = (IsleWeather) s->deck[0];
      s->deck_len = 0;
      s->deck[0] = 0;
      s->deck_seen[0] = 0;
      set_weather (s, w);
      return;
    }
  set_weather (s, ISLE_WEATHER_SUNNY);
}

/* R9.3: the seat that hires next, or -1 when every seat is done. */
static int
next_hirer (const IsleState *s)
{
  for (int i = 0; i < s->n_seats; i++)
    if (!(s->hire_done & (1u << hire_order (s, i))))
      return hire_order (s, i);
  return -1;
}

static int32_t
pending_cost (const IsleState *s, IsleSide side)
{
  int32_t cost = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    cost += s->pending[side][k] * s->rules.hire_cost[k];
  return cost;
}

/* R9.3: the basic tokens of each kind SIDE has left to return to the box
 * for a hire: all its tokens are in piles while hiring, less those its
 * pending hires will return (0 for the kinds no hire returns). */
static void
hire_basics (const IsleState *s, IsleSide side, int basics[ISLE_N_KINDS])
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
 * (hire_basics()). Without branches on the hiring: playouts hire at
 * random. */
static uint32_t
hirable_with (const IsleState *s, IsleSide side, const int basics[ISLE_N_KINDS],
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

  hire_basics (s, side, basics);
  return hirable_with (s, side, basics, s->coins[side] - pending_cost (s, side));
}

/* R9.3, R11: both sides are done: pay, and put each hired mercenary in the
 * place of a basic token of the kind it replaces, which goes to the box. */
static void
reveal_hiring (IsleState *s)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        for (; s->pending[side][k] > 0; s->pending[side][k]--)
          {
            IsleKind basic = isle_kind_info ((IsleKind) k)->replaces;
            int holders[2], at[2], n = 0, i;

            for (int t = side; t < s->n_seats; t += 2)
              {
                holders[n] = t;
                at[n] = pile_find (s, t, basic);
                n += at[n] >= 0;
              }
            if (n == 0)
              continue;                                /* cannot happen: checked */
            i = n == 1 ? 0 : (int) isle_rng_below (&s->rng, (uint32_t) n);
            s->pile[holders[i]][at[i]] = (uint8_t) k;
            s->coins[side] -= s->rules.hire_cost[k];
            s->hired[side][k]++;
          }
      /* R10: starting coins left after hiring go back to the bank. */
      if (s->variant == ISLE_VARIANT_QUICK && s->round == 1)
        s->coins[side] = 0;
    }
  s->hire_done = 0;
  begin_weather (s);
}

/* R9.3, R10: hiring comes before rounds 2 on (extra rounds too), and in the
 * Quick game before round 1 as well. */
static void
begin_round_after_collecting (IsleState *s)
{
  if (is_mercenary_game (s) && (s->round >= 2 || s->variant == ISLE_VARIANT_QUICK))
    {
      s->hire_done = 0;
      memset (s->pending, 0, sizeof s->pending);
      s->phase = ISLE_PHASE_HIRE;
      s->to_move = (uint8_t) next_hirer (s);
      return;
    }
  begin_weather (s);
}

/* R4.1, R4.2: every token goes back to its owner's pile; a new round. */
static void
start_round (IsleState *s, int first_seat)
{
  /* Each seat's pile length a byte of LENS, in a register, so that the
   * pushes need not wait on one another (a playout collects the map every
   * round): pile_push() for each token in tile order. */
  uint32_t lens = 0;

  for (int seat = 0; seat < s->n_seats; seat++)
    lens |= (uint32_t) s->pile_len[seat] << (8 * seat);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];
      uint32_t len = (lens >> (8 * c->seat)) & 0xff;

      if (c->kind != ISLE_KIND_NONE && !(c->flags & ISLE_CELL_HIPPO_SECOND)
          && len < ISLE_PILE_MAX)
        {
          s->pile[c->seat][len] = c->kind;
          lens += 1u << (8 * c->seat);
        }
    }
  for (int seat = 0; seat < s->n_seats; seat++)
    s->pile_len[seat] = (uint8_t) (lens >> (8 * seat));
  for (int seat = 0; seat < s->n_seats; seat++)
    {
      for (int i = 0; i < s->hand_len[seat]; i++)
        pile_push (s, seat, (IsleKind) s->hand[seat][i]);
      memset (s->hand[seat], 0, sizeof s->hand[seat]);
      s->hand_len[seat] = 0;
    }
  isle_board_clear (&s->board);

  s->round++;
  s->first_seat = (uint8_t) first_seat;
  begin_round_after_collecting (s);
}

bool
isle_state_init (IsleState *s, const IsleRules *rules, IsleVariant variant,
                 int first_seat, uint64_t seed)
{
  static const IsleKind basics[] = { ISLE_KIND_WOLF, ISLE_KIND_PIG,
                                     ISLE_KIND_RAT, ISLE_KIND_RABBIT };
  uint8_t team[ISLE_SIDE_TOKENS];

  if ((unsigned) variant >= ISLE_N_VARIANTS)
    return false;
  if (rules->rounds[variant] < 1 || rules->rounds[variant] > ISLE_MAX_ROUNDS
      || rules->weather_deck_len > ISLE_MAX_WEATHER_CARDS
      || (unsigned) rules->quick_weather >= ISLE_N_WEATHER)
    return false;

  memset (s, 0, sizeof *s);
  memcpy (&s->rules, rules, sizeof *rules);
  s->variant = (uint8_t) variant;
  s->n_seats = variant == ISLE_VARIANT_TEAM ? ISLE_MAX_SEATS : 2;
  s->n_rounds = rules->rounds[variant];
  isle_rng_seed (&s->rng, seed);

  /* R4.1: each side's 18 basic tokens are its private pile; R11: a team's
   * are shuffled and dealt 9/9 to its players. */
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int n = 0;

      for (size_t k = 0; k < sizeof basics / sizeof basics[0]; k++)
        for (int i = 0; i < isle_kind_info (basics[k])->supply; i++)
          team[n++] = (uint8_t) basics[k];
      if (s->n_seats == 2)
        {
          for (int i = 0; i < n; i++)
            pile_push (s, side, (IsleKind) team[i]);
          continue;
        }
      isle_rng_shuffle (&s->rng, team, n);
      for (int i = 0; i < n; i++)
        pile_push (s, side + 2 * (i % 2), (IsleKind) team[i]);
    }

  /* R10: starting coins to hire with before round 1. */
  if (variant == ISLE_VARIANT_QUICK)
    s->coins[0] = s->coins[1] = rules->quick_start_coins;

  /* R1, R6.1: the weather deck is shuffled at setup. */
  if (variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY)
    {
      s->deck_len = rules->weather_deck_len;
      memcpy (s->deck, rules->weather_deck, s->deck_len);
      isle_rng_shuffle (&s->rng, s->deck, s->deck_len);
    }

  start_round (s, ((first_seat % s->n_seats) + s->n_seats) % s->n_seats);
  return true;
}

int
isle_state_to_move (const IsleState *s)
{
  return s->phase == ISLE_PHASE_OVER ? -1 : s->to_move;
}

bool
isle_state_is_terminal (const IsleState *s)
{
  return s->phase == ISLE_PHASE_OVER;
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
  bool seen[ISLE_N_KINDS] = { false };

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
      for (int i = 0; i < s->pile_len[seat]; i++)
        seen[s->pile[seat][i]] = true;
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        if (seen[k])
          push (list, isle_action_pick ((IsleKind) k));
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
      for (int i = 0; i < s->hand_len[seat]; i++)
        seen[s->hand[seat][i]] = true;
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        if (seen[k])
          push (list, isle_action_kind_only (ISLE_ACTION_REPLACE, (IsleKind) k));
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

/* ---- apply ------------------------------------------------------------- */

static void
apply_keep (IsleState *s, IsleWeather w)
{
  int other = s->drawn[0] == w ? 1 : 0;
  int chooser_side = isle_seat_side (s->to_move);

  /* R6.1: the other card goes to the bottom, seen only by the chooser. */
  s->deck[s->deck_len] = s->drawn[other];
  s->deck_seen[s->deck_len] = (uint8_t) (1u << chooser_side);
  s->deck_len++;
  s->drawn[0] = s->drawn[1] = 0;
  set_weather (s, w);
}

static void
apply_pick (IsleState *s, IsleKind kind)
{
  int seat = s->to_move;

  pile_remove_at (s, seat, pile_find (s, seat, kind));
  s->hand[seat][s->hand_len[seat]++] = (uint8_t) kind;
  begin_hands (s);
}

static void
apply_place (IsleState *s, IsleAction a)
{
  int seat = s->to_move;
  int cell = isle_action_cell (a);
  IsleKind kind = isle_action_kind (a);
  bool face_down = isle_action_face_down (a);
  IsleColour colour = isle_kind_start_colour (kind, isle_seat_side (seat));

  hand_remove_at (s, seat, hand_find (s, seat, kind));
  /* R6.4: a face-down token keeps its true colour for scoring (R7); only
   * observations hide it (R12). */
  isle_board_put (&s->board, cell, kind, seat, colour,
                  face_down ? ISLE_CELL_FACE_DOWN : 0);
  if (kind == ISLE_KIND_HIPPO && !face_down)                   /* R8.9 */
    isle_board_put (&s->board, isle_action_cell2 (a), kind, seat, colour,
                    ISLE_CELL_HIPPO_SECOND);
  chameleons_react (s, cell);                                  /* R8.6 */
  if (!face_down && start_ability (s, seat, cell, kind))       /* R8, R8.10 */
    return;
  finish_placement (s, seat);                                  /* R4.4d */
}

/* R8.9: the Hippo keeps CELL; its other tile becomes free. */
static void
apply_settle (IsleState *s, int cell)
{
  int seat = s->to_move;
  int second = hippo_second (s, seat);
  int first = hippo_first (s, second);
  IsleCell hippo = isle_board_take (&s->board, second);

  if (cell == second)
    {
      isle_board_take (&s->board, first);
      isle_board_put (&s->board, second, (IsleKind) hippo.kind, hippo.seat,
                      (IsleColour) hippo.colour, 0);
    }
  if (!continue_turn (s, seat))
    {
      s->note_skipped |= (uint8_t) (1u << seat);
      begin_turn (s, next_seat (s, seat));
    }
}

/* R8.5: the Frog moves to CELL (a move: no Chameleon changes). */
static void
apply_hop (IsleState *s, int cell)
{
  int from = frog_to_hop (s, s->to_move);
  IsleCell frog = isle_board_take (&s->board, from);

  isle_board_put (&s->board, cell, (IsleKind) frog.kind, frog.seat,
                  (IsleColour) frog.colour, frog.flags);
  place_or_skip (s, s->to_move);
}

/* R8.1, R8.4: the target's owner must replace it. */
static void
apply_target (IsleState *s, int cell)
{
  s->replace_cell = (uint8_t) cell;
  s->phase = ISLE_PHASE_REPLACE;
  s->to_move = s->board.cells[cell].seat;
}

/* R8.1: the replacement goes where the target was, with the same face; the
 * target goes to its owner's hand. A replacement resolves no ability, but a
 * Chameleon next to it sees it placed (R8.6). */
static void
apply_replace (IsleState *s, IsleKind kind)
{
  int seat = s->to_move;
  int cell = s->replace_cell;
  IsleCell old = isle_board_take (&s->board, cell);

  hand_remove_at (s, seat, hand_find (s, seat, kind));
  isle_board_put (&s->board, cell, kind, seat,
                  isle_kind_start_colour (kind, isle_seat_side (seat)),
                  old.flags & ISLE_CELL_FACE_DOWN);
  s->hand[seat][s->hand_len[seat]++] = old.kind;
  chameleons_react (s, cell);
  finish_placement (s, s->ability_seat);
}

/* R8.3, R8.7: the Mouses or Mole swaps with CELL; R8.8: the Prairie Dog
 * swaps CELL and CELL2. */
static void
apply_swap (IsleState *s, int cell, int cell2)
{
  swap_cells (s, cell, cell2 == ISLE_NO_CELL ? s->ability_cell : cell2);
  finish_placement (s, s->ability_seat);
}

static void
apply_pass (IsleState *s)
{
  if (s->phase == ISLE_PHASE_HOP)
    place_or_skip (s, s->to_move);                             /* R8.5 */
  else
    finish_placement (s, s->ability_seat);                     /* R8.8 */
}

static void
apply_hire_done (IsleState *s)
{
  int next;

  s->hire_done |= (uint8_t) (1u << s->to_move);
  next = next_hirer (s);
  if (next >= 0)
    s->to_move = (uint8_t) next;
  else
    reveal_hiring (s);
}

static void
apply_lift (IsleState *s, int quadrant)
{
  s->board.fog &= ~isle_quadrant_mask (quadrant);       /* R6.5 */
  /* A Turtle's extra placement goes on in the same turn (R8.2). */
  if (s->placements_left > 0 && seat_can_place (s, s->next_seat))
    {
      s->phase = ISLE_PHASE_PLACE;
      s->to_move = s->next_seat;
      return;
    }
  s->placements_left = 0;
  begin_turn (s, s->next_seat);
}

/* Applies A, known to be legal. */
static bool
apply_action (IsleState *s, IsleAction a)
{
  s->n_actions++;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_KEEP:
      apply_keep (s, (IsleWeather) isle_action_arg (a));
      break;
    case ISLE_ACTION_PICK:
      apply_pick (s, isle_action_kind (a));
      break;
    case ISLE_ACTION_PLACE:
      apply_place (s, a);
      break;
    case ISLE_ACTION_LIFT:
      apply_lift (s, isle_action_arg (a));
      break;
    case ISLE_ACTION_SETTLE:
      apply_settle (s, isle_action_cell (a));
      break;
    case ISLE_ACTION_HOP:
      apply_hop (s, isle_action_cell (a));
      break;
    case ISLE_ACTION_TARGET:
      apply_target (s, isle_action_cell (a));
      break;
    case ISLE_ACTION_SWAP:
      apply_swap (s, isle_action_cell (a), isle_action_cell2 (a));
      break;
    case ISLE_ACTION_REPLACE:
      apply_replace (s, isle_action_kind (a));
      break;
    case ISLE_ACTION_PASS:
      apply_pass (s);
      break;
    case ISLE_ACTION_HIRE:
      s->pending[isle_seat_side (s->to_move)][isle_action_kind (a)]++;
      break;
    case ISLE_ACTION_DONE:
      apply_hire_done (s);
      break;
    case ISLE_ACTION_NONE:
    case ISLE_N_ACTION_TYPES:
    default:
      return false;
    }
  return true;
}

bool
isle_state_apply (IsleState *s, IsleAction a)
{
  if (!isle_state_is_legal (s, a))
    return false;
  return apply_action (s, a);
}

void
isle_state_returns (const IsleState *s, double *returns)
{
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      returns[seat] = 0.0;
      if (s->phase != ISLE_PHASE_OVER || seat >= s->n_seats || s->winner == ISLE_N_SIDES)
        continue;
      returns[seat] = isle_seat_side (seat) == s->winner ? 1.0 : -1.0;
    }
}

int
isle_state_side_tokens (const IsleState *s, IsleSide side)
{
  int n = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];
      if (c->kind != ISLE_KIND_NONE && !(c->flags & ISLE_CELL_HIPPO_SECOND)
          && isle_seat_side (c->seat) == side)
        n++;
    }
  for (int seat = 0; seat < s->n_seats; seat++)
    if (isle_seat_side (seat) == side)
      n += s->hand_len[seat] + s->pile_len[seat];
  return n;
}

void
isle_state_key (const IsleState *s, uint64_t key[2])
{
  IsleState c = *s;
  const unsigned char *p = (const unsigned char *) &c;
  uint64_t h1 = UINT64_C (0xcbf29ce484222325), h2 = UINT64_C (0x9e3779b97f4a7c15);

  c.n_actions = 0;
  c.note_no_target = 0;
  c.note_skipped = 0;
  memset (&c.scored_board, 0, sizeof c.scored_board);
  for (size_t i = 0; i < sizeof c; i++)
    {
      h1 = (h1 ^ p[i]) * UINT64_C (0x100000001b3);
      h2 = (h2 + p[i] + 1) * UINT64_C (0xff51afd7ed558ccd);
      h2 ^= h2 >> 29;
    }
  key[0] = h1;
  key[1] = h2;
}

/* ---- random playouts --------------------------------------------------- */

static int
nth_bit (uint64_t bb, uint32_t n)
{
  return isle_bits_select (bb, n);
}

/* A uniformly random legal placement of the seat to move, without listing
 * them all, when its hand holds the N_HELD kinds HELD (each once, in the
 * order their placements are counted). */
static IsleAction
sample_placement_of (const IsleState *s, const uint8_t *held, int n_held, IsleRng *rng)
{
  uint64_t open = isle_board_free_open (&s->board);
  uint32_t n_open = (uint32_t) isle_popcount (open);
  uint32_t counts[2 * ISLE_HAND_MAX];
  uint8_t kinds[2 * ISLE_HAND_MAX], faces[2 * ISLE_HAND_MAX];
  uint64_t right = 0, down = 0;
  uint32_t total = 0, r;
  int n = 0;

  for (int i = 0; i < n_held; i++)
    {
      IsleKind kind = (IsleKind) held[i];

      for (int face = 0; face < 2; face++)
        {
          uint32_t c;

          if (!face_allowed (s, kind, face == 1))
            continue;
          if (kind == ISLE_KIND_HIPPO && face == 0)
            {
              if (!hippo_fits (s))
                continue;
              hippo_pairs (s, &right, &down);
              c = (uint32_t) (isle_popcount (right) + isle_popcount (down));
            }
          else
            c = n_open;
          if (c == 0)
            continue;
          kinds[n] = (uint8_t) kind;
          faces[n] = (uint8_t) face;
          counts[n++] = c;
          total += c;
        }
    }
  r = isle_rng_below (rng, total);
  for (int i = 0; i < n; i++)
    {
      if (r >= counts[i])
        {
          r -= counts[i];
          continue;
        }
      if (kinds[i] == ISLE_KIND_HIPPO && faces[i] == 0)
        {
          uint32_t n_right = (uint32_t) isle_popcount (right);
          int cell;

          if (r < n_right)
            {
              cell = nth_bit (right, r);
              return isle_action_hippo (cell, cell + 1);
            }
          cell = nth_bit (down, r - n_right);
          return isle_action_hippo (cell, cell + ISLE_BOARD_SIZE);
        }
      return isle_action_place ((IsleKind) kinds[i], nth_bit (open, r), faces[i] == 1);
    }
  return 0;
}

/* A uniformly random legal placement, without listing them all: the kinds
 * in hand, in the order of the hand. */
static IsleAction
sample_placement (const IsleState *s, IsleRng *rng)
{
  int seat = s->to_move, n = 0;
  uint8_t held[ISLE_HAND_MAX];
  uint16_t seen = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    {
      IsleKind kind = (IsleKind) s->hand[seat][i];

      if (!(seen & (1u << kind)))
        held[n++] = (uint8_t) kind;
      seen |= (uint16_t) (1u << kind);
    }
  return sample_placement_of (s, held, n, rng);
}

/* R4.2: a uniformly random kind from the pile. */
static IsleAction
sample_pick (const IsleState *s, IsleRng *rng)
{
  int seat = s->to_move;
  uint32_t seen = 0;

  for (int i = 0; i < s->pile_len[seat]; i++)
    seen |= 1u << s->pile[seat][i];
  return isle_action_pick ((IsleKind) nth_bit (seen, isle_rng_below (rng, (uint32_t) isle_popcount (seen))));
}

IsleAction
isle_state_sample_action (const IsleState *s, IsleRng *rng)
{
  IsleActionList list;

  if (s->phase == ISLE_PHASE_PLACE)
    return sample_placement (s, rng);
  if (s->phase == ISLE_PHASE_HAND)
    return sample_pick (s, rng);
  if (isle_state_legal_actions (s, &list) == 0)
    return 0;
  return list.actions[isle_rng_below (rng, (uint32_t) list.n)];
}

static bool
mercenaries_hired (const IsleState *s)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      if (s->hired[side][k])
        return true;
  return false;
}

/* Where a playout writes the actions it takes, and how many it may take
 * (isle_state_playout_log()); NULL in plain playouts. */
typedef struct
{
  IsleAction *actions;
  int max;
  int n;
} PlayoutLog;

/* Notes action A; returns true when the log is full and the playout must
 * stop. */
static bool
log_action (PlayoutLog *log, IsleAction a)
{
  if (log == NULL)
    return false;
  log->actions[log->n++] = a;
  return log->n >= log->max;
}

/* The tiles of CELLS, in board order, into OUT; returns how many. */
static int
cells_of (uint64_t cells, uint8_t *out)
{
  int n = 0;

  for (; cells; cells &= cells - 1)
    out[n++] = (uint8_t) __builtin_ctzll (cells);
  return n;
}

/* A hand while its seat places at random in a playout (plain_pair(),
 * playout_round()): the hand as a word, newest token in the low byte
 * (hand[len - 1 - i] in bits 8i … 8i + 7, empty places 0), so that a token
 * joins it by a shift; how many of each kind it holds (4 bits a kind: a
 * hand holds at most 5) and which kinds; the pile. */
typedef struct
{
  uint64_t word, count;
  uint32_t kinds, n_kinds;
  int pile_len;
  const uint8_t *pile;
} PlayHand;

/* How many tokens the hand holds: the sum of its counts (at most 5, so the
 * multiplication carries nothing into the top 4 bits but the sum). */
static inline int
play_hand_len (const PlayHand *h)
{
  return (int) ((h->count * UINT64_C (0x1111111111111111)) >> 60);
}

static inline void
play_hand_load (PlayHand *h, const IsleState *s, int seat)
{
  int len = s->hand_len[seat];

  h->word = 0;
  h->count = 0;
  h->kinds = 0;
  h->pile_len = s->pile_len[seat];
  h->pile = s->pile[seat];
  for (int i = 0; i < len; i++)
    {
      h->word = (h->word << 8) | s->hand[seat][i];
      h->count += UINT64_C (1) << (4 * s->hand[seat][i]);
      h->kinds |= 1u << s->hand[seat][i];
    }
  h->n_kinds = (uint32_t) isle_popcount (h->kinds);
}

static inline void
play_hand_store (const PlayHand *h, IsleState *s, int seat)
{
  int len = play_hand_len (h);

  /* The places past the hand are empty (isle-state.h). */
  hand_store (s->hand[seat], len == 0 ? 0 : __builtin_bswap64 (h->word << (8 * (8 - len))));
  s->hand_len[seat] = (uint8_t) len;
  for (int i = h->pile_len; i < s->pile_len[seat]; i++)
    s->pile[seat][i] = ISLE_KIND_NONE;
  s->pile_len[seat] = (uint8_t) h->pile_len;
}

/* A PlayHand's word without the oldest token of KIND, the older ones moved
 * up a place: the highest byte of the kind (no empty place matches: kinds
 * are not 0) starts AT bits up; those above it move down. */
static inline uint64_t
hand_word_drop (uint64_t w, IsleKind kind)
{
  int at = (63 - __builtin_clzll (bytes_equal (w, (uint8_t) kind))) - 7;
  uint64_t below = (UINT64_C (1) << at) - 1;

  return (w & below) | ((w >> 8) & ~below);
}

/* What hand_remove_at (hand_find ()) does to the hand when a token of KIND
 * leaves it, on the word unless WORD is false (when the caller knows the
 * hand ends empty, or notes the change to make it later). The counts are
 * kept first, so that the next kind can be drawn without waiting on the
 * word. */
static ISLE_ALWAYS_INLINE void
play_hand_remove (PlayHand *h, IsleKind kind, bool word)
{
  uint32_t gone;

  h->count -= UINT64_C (1) << (4 * kind);
  gone = ((h->count >> (4 * kind)) & 0xf) == 0;
  h->kinds &= ~(gone << kind);
  h->n_kinds -= gone;
  if (word)
    h->word = hand_word_drop (h->word, kind);
}

/* A token of KIND joins the end of the hand (which has room), as draw()
 * and apply_replace() put it there. */
static ISLE_ALWAYS_INLINE void
play_hand_add (PlayHand *h, uint8_t kind, bool word)
{
  if (word)
    h->word = (h->word << 8) | kind;
  h->n_kinds += ((h->count >> (4 * kind)) & 0xf) == 0;
  h->count += UINT64_C (1) << (4 * kind);
  h->kinds |= 1u << kind;
}

/* What apply_place() and draw() do to the hand and the pile when a token of
 * KIND is placed: play_hand_remove(), then the pile's top to the hand
 * (which has room). */
static ISLE_ALWAYS_INLINE void
play_hand_take (PlayHand *h, IsleKind kind, bool word)
{
  play_hand_remove (h, kind, word);
  if (h->pile_len > 0)
    play_hand_add (h, h->pile[--h->pile_len], word);
}

/* One placement's kind while no mercenary is in play, drawn from the random
 * word X uniformly among the kinds in hand (a byte: basic kinds only) as
 * isle_state_sample_action() draws a placement's kind; then
 * play_hand_take(). */
static ISLE_ALWAYS_INLINE IsleKind
plain_hand_place (PlayHand *h, uint32_t x, IsleRng *rng, bool word)
{
  IsleKind kind = (IsleKind) isle_byte_select[h->kinds][isle_rng_below_from (rng, x, h->n_kinds)];

  play_hand_take (h, kind, word);
  return kind;
}

/* A run of placements while no mercenary is in play (playout_plain()):
 * the free open tiles, in an array from which a tile is taken by swapping
 * in the last one; each placement's kind and tile, in turn order, for the
 * log; the face tokens are placed with (R6.4). */
typedef struct
{
  uint8_t free_cells[ISLE_N_CELLS];
  int n_free;
  uint8_t kinds[ISLE_N_CELLS], cells[ISLE_N_CELLS];
  uint8_t flags;
} PlainRun;

/* The bitboards of the tokens plain_steps() puts on the map, gathered in
 * locals that no store to a tile may touch and added to the map at the
 * end. */
typedef struct
{
  uint64_t placed, by_colour[3], by_kind[ISLE_KIND_RABBIT + 1];
} PlainTiles;

/* isle_board_put() of SEAT's token of KIND, showing COLOUR, on a free open
 * tile of RUN drawn from the random word X (by swapping in the last one),
 * with the bitboards in T; the placement is the J-th of RUN. */
static ISLE_ALWAYS_INLINE void
plain_put (IsleState *s, PlainRun *run, int *n_free, PlainTiles *t, int j, IsleKind kind,
           int seat, uint8_t colour, uint32_t x, IsleRng *rng)
{
  uint32_t r = isle_rng_below_from (rng, x, (uint32_t) *n_free);
  int cell = run->free_cells[r];

  run->free_cells[r] = run->free_cells[--*n_free];
  s->board.cells[cell] = (IsleCell) { (uint8_t) kind, (uint8_t) seat, colour, run->flags };
  t->placed |= BIT (cell);
  t->by_colour[colour] |= BIT (cell);
  t->by_kind[kind] |= BIT (cell);
  run->kinds[j] = (uint8_t) kind;
  run->cells[j] = (uint8_t) cell;
}

/* R4.4: the next M_A placements of seat A and M_B ≤ M_A of seat B, which
 * follows A in turn order; A's are placements O, O + STEP, … of RUN, B's
 * O + 1, O + 1 + STEP, …. Each kind is drawn by plain_hand_place() (with
 * WORD), each token put on a tile by plain_put(). The two seats take turns,
 * so that the processor works on both at once. */
static ISLE_ALWAYS_INLINE void
plain_steps (IsleState *s, PlainRun *run, PlayHand *ha, PlayHand *hb, const uint8_t *colour_a,
             const uint8_t *colour_b, int a, int m_a, int b, int m_b, int o, int step,
             IsleRng *rng, bool word)
{
  PlainTiles t = { 0, { 0, 0, 0 }, { 0 } };
  int n_free = run->n_free;

  for (int i = 0, j = o; i < m_a; i++, j += step)
    {
      uint64_t x = isle_rng_next (rng), y = isle_rng_next (rng);
      IsleKind kind = plain_hand_place (ha, (uint32_t) (x >> 32), rng, word);

      plain_put (s, run, &n_free, &t, j, kind, a, colour_a[kind], (uint32_t) (y >> 32), rng);
      if (i < m_b)
        {
          kind = plain_hand_place (hb, (uint32_t) x, rng, word);
          plain_put (s, run, &n_free, &t, j + 1, kind, b, colour_b[kind], (uint32_t) y, rng);
        }
    }
  run->n_free = n_free;
  s->board.occupied |= t.placed;
  if (run->flags & ISLE_CELL_FACE_DOWN)
    s->board.face_down |= t.placed;
  for (int c = 0; c < 3; c++)
    s->board.colour[c] |= t.by_colour[c];
  for (int k = 0; k <= ISLE_KIND_RABBIT; k++)
    s->board.kind[k] |= t.by_kind[k];
}

/* plain_steps() with the hands of A and B loaded and written back, their
 * words kept only when the hands do not end empty. */
static void
plain_pair (IsleState *s, PlainRun *run, int a, int m_a, int b, int m_b, int o,
            int step, IsleRng *shared_rng)
{
  PlayHand ha, hb;
  uint8_t colour_a[ISLE_KIND_RABBIT + 1], colour_b[ISLE_KIND_RABBIT + 1];
  /* A copy no store to the map may touch, so it stays in a register. */
  IsleRng rng = *shared_rng;

  play_hand_load (&ha, s, a);
  play_hand_load (&hb, s, b);
  for (int k = 0; k <= ISLE_KIND_RABBIT; k++)
    {
      colour_a[k] = (uint8_t) isle_kind_start_colour ((IsleKind) k, isle_seat_side (a));
      colour_b[k] = (uint8_t) isle_kind_start_colour ((IsleKind) k, isle_seat_side (b));
    }
  /* The hands end empty (as in every full round of the Basic game) when
   * the seats place all they have: then what is in them when is not
   * needed. */
  if (m_a < s->hand_len[a] + ha.pile_len || (m_b > 0 && m_b < s->hand_len[b] + hb.pile_len))
    plain_steps (s, run, &ha, &hb, colour_a, colour_b, a, m_a, b, m_b, o, step, &rng, true);
  else
    {
      plain_steps (s, run, &ha, &hb, colour_a, colour_b, a, m_a, b, m_b, o, step, &rng, false);
      ha.word = hb.word = 0;
    }
  *shared_rng = rng;
  play_hand_store (&ha, s, a);
  if (m_b > 0)
    play_hand_store (&hb, s, b);
}

/* R4.4, R6: random placements while no mercenary is in play, up to the end
 * of the round or the next fog lift (or until a seat has nothing left to
 * place, or the log is full). Each is drawn uniformly like
 * isle_state_sample_action() draws it: every basic kind in hand can go on
 * every free open tile, with one face (R6.4), so the kind and the tile are
 * drawn apart (plain_pair()); then finish_placement() goes on as after the
 * last of them (what only mercenaries need, Hippo, Frog, Chameleon,
 * abilities and Turtles, is not in play). Returns true when the log is
 * full. */
static ISLE_NOINLINE bool
playout_plain (IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  PlainRun run;
  bool face_down = s->weather == ISLE_WEATHER_FOGGY;
  int n_seats = s->n_seats, first = s->to_move, last, next, n;

  run.n_free = n = cells_of (isle_board_free_open (&s->board), run.free_cells);
  run.flags = face_down ? ISLE_CELL_FACE_DOWN : 0;
  /* How many placements: up to the fog or the round's end, as far as the
   * log goes, and until the first seat that cannot place when its turn
   * comes (R4.5): a seat with a token in hand places every turn (it draws
   * after each placement) until its hand and pile are empty. */
  if (log != NULL && log->max - log->n < n)
    n = log->max - log->n;
  for (int o = 0, t = first; o < n_seats; o++, t = next_seat (s, t))
    {
      int tokens = s->hand_len[t] > 0 ? s->hand_len[t] + s->pile_len[t] : 0;

      if (o + n_seats * tokens < n)
        n = o + n_seats * tokens;
    }

  /* Seats in pairs, in turn order from the first. */
  for (int o = 0, t = first; o < n_seats && o < n; o += 2, t = next_seat (s, next_seat (s, t)))
    plain_pair (s, &run, t, (n - o + n_seats - 1) / n_seats, next_seat (s, t),
                (n - o - 1 + n_seats - 1) / n_seats, o, n_seats, rng);
  if (log != NULL)
    for (int j = 0; j < n; j++)
      log_action (log, isle_action_place ((IsleKind) run.kinds[j], run.cells[j], face_down));
  s->n_actions += (uint32_t) n;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;

  /* finish_placement() after the last placement. */
  last = first;
  for (int j = 1; j < n; j++)
    last = next_seat (s, last);
  next = next_seat (s, last);
  s->placements_left = 0;
  if (run.n_free == 0)
    {
      if (s->board.fog == 0)
        end_round (s);                                         /* R4.6 */
      else
        need_fog_lift (s, last, next);                         /* R6.5 */
    }
  else if (s->hand_len[next] > 0)
    {
      s->placements_left = 1;
      s->to_move = (uint8_t) next;
    }
  else
    begin_turn (s, next);                                      /* R4.5 */
  return log != NULL && log->n >= log->max;
}

/* The N-th (from 0) kind of KINDS, a set of kinds (16 bits), without
 * branches. */
static inline IsleKind
kind_select (uint32_t kinds, uint32_t n)
{
  uint32_t low = kinds & 0xff, in_low = isle_byte_bits[low];
  /* All ones when the kind is in the high byte; the selections by masks,
   * which the compiler does not turn into a branch on random data. */
  uint32_t high = (uint32_t) -(int32_t) (n >= in_low);
  uint32_t byte = low ^ ((low ^ ((kinds >> 8) & 0xff)) & high);

  return (IsleKind) ((high & 8) + isle_byte_select[byte][n - (in_low & high)]);
}

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

/* Kinds in the set KINDS (16 bits). */
static inline uint32_t
kinds_count (uint32_t kinds)
{
  return (uint32_t) isle_byte_bits[kinds & 0xff] + isle_byte_bits[(kinds >> 8) & 0xff];
}

#define ROUND_OPS 128
#define ROUND_JOINED 0x80

/* A round with mercenaries in play, as playout_round() plays it: the hands
 * (PlayHand), the free open tiles in an array from which a tile is taken by
 * swapping in the last one, each seat's tokens on the map, what makes a
 * seat's turn more than one placement on one tile (a Turtle's bonus, an
 * unsettled Hippo, a Frog with room to hop), and the decision point the
 * state is at: its phase, the seat that decides, the placements left in
 * the turn (R8.2). The map itself is the state's. */
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

/* Round.phase when the round is over: end_round() comes next. */
#define ROUND_OVER ISLE_N_PHASES

static int
round_next (const Round *r, int seat)
{
  return seat + 1 < r->n_seats ? seat + 1 : 0;
}

/* What apply_action() does with every action (the count, the notes), and
 * the log. */
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

/* Back to the state; when the round is over, end_round(). */
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
      end_round (s);
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
      /* need_fog_lift() (R6.5). */
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
 * sample_placement_of() the kinds in the seat's hand, then round_place(). */
static void
round_place_sampled (IsleState *s, Round *r)
{
  uint8_t held[ISLE_HAND_MAX];
  int n = 0;
  IsleAction a;

  for (uint32_t k = r->hands[r->seat].kinds; k; k &= k - 1)
    held[n++] = (uint8_t) __builtin_ctz (k);
  a = sample_placement_of (s, held, n, r->rng);
  round_place (s, r, isle_action_kind (a), isle_action_cell (a), -1, isle_action_cell2 (a),
               isle_action_face_down (a));
}

/* One action at a decision point other than a placement, drawn uniformly
 * among the legal ones as isle_state_sample_action() draws it
 * (legal_actions()), and what apply_action() does with it up to the next
 * decision point. */
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
 * like sample_placement_of() draws it: a face-up Hippo has a placement for
 * each pair of free open tiles when it fits (R8.9), every other kind and
 * face (R6.4) one for each of the N_FREE free open tiles. */
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

/* R4.4: the fast run of playout_round(): from the seat to move, which has
 * one placement left, turn after turn of one ordinary placement
 * (round_step()) while round_goes_on(). A placement that is not ordinary
 * goes to round_after_special(), the end of a turn that is not plain to
 * round_after_ordinary(); when they come back to the placement of the
 * seat that was to follow, once, the run goes on (round_run_resumes()),
 * else it ends with the Round at the decision point they reached. With
 * two seats (TWO), the hands are copies in registers (given back before
 * such a step, taken again after), and a random word serves a placement
 * of each. LOGGING: the log is not NULL. */
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
 * decision point of the round to its end (end_round()) or until the log is
 * full, every action drawn uniformly among the legal ones as
 * isle_state_sample_action() draws it and applied as apply_action() applies
 * it, with the hands and the free open tiles kept in a Round: a seat's one
 * placement and most of what follows by round_run() (ordinary placements
 * itself, the others by round_place(), the decisions they lead to by
 * round_decide()), a Turtle's extra placement by round_place_sampled(),
 * the decisions round_run() does not reach (where the round was entered)
 * by round_decide(). Returns true when the log is full. */
static bool
playout_round (IsleState *s, IsleRng *rng, PlayoutLog *log)
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

/* A seat picking its opening hand at random (playout_hands()): where each
 * kind lies in its pile (bit i: pile[i] is of the kind), how many of each
 * are left (4 bits a kind: at most 9 of a kind, R1), which kinds and how
 * many kinds. The counts let the next pick be drawn without waiting on the
 * positions, and the positions find a kind's first token without a branch
 * on the pile. */
typedef struct
{
  uint32_t at[ISLE_N_KINDS];
  uint64_t left;
  uint32_t kinds, n_kinds;
} PickPile;

static inline void
pick_pile_load (PickPile *p, const IsleState *s, int seat)
{
  const uint8_t *pile = s->pile[seat];
  uint64_t left = 0;
  uint32_t kinds = 0;

  memset (p->at, 0, sizeof p->at);
  for (int i = 0; i < s->pile_len[seat]; i++)
    {
      p->at[pile[i]] |= 1u << i;
      left += UINT64_C (1) << (4 * pile[i]);
      kinds |= 1u << pile[i];
    }
  p->left = left;
  p->kinds = kinds;
  p->n_kinds = kinds_count (kinds);
}

/* One pick of SEAT from the random word X, drawn uniformly among the
 * kinds in its pile as isle_state_sample_action() draws it (sample_pick()),
 * with what apply_pick() does: the first token of the kind leaves the pile
 * and the last one takes its place (pile_remove_at (pile_find ())), the
 * kind joins the hand. */
static ISLE_ALWAYS_INLINE IsleKind
pick_pile_pick (PickPile *p, IsleState *s, int seat, uint32_t x, IsleRng *rng)
{
  uint32_t n = isle_rng_below_from (rng, x, p->n_kinds);
  /* Without mercenaries (a whole game of some variants), one table. */
  IsleKind kind = p->kinds < 0x100 ? (IsleKind) isle_byte_select[p->kinds][n]
                                   : kind_select (p->kinds, n);
  uint8_t *pile = s->pile[seat];
  int i = __builtin_ctz (p->at[kind]), last = s->pile_len[seat] - 1;
  uint8_t moved = pile[last];
  uint32_t gone;

  p->left -= UINT64_C (1) << (4 * kind);
  gone = ((p->left >> (4 * kind)) & 0xf) == 0;
  p->kinds &= ~(gone << kind);
  p->n_kinds -= gone;
  p->at[kind] &= p->at[kind] - 1;
  p->at[moved] = (p->at[moved] & ~(1u << last)) | (uint32_t) (i != last) << i;
  pile[i] = moved;
  pile[last] = ISLE_KIND_NONE;
  s->pile_len[seat] = (uint8_t) last;
  s->hand[seat][s->hand_len[seat]++] = (uint8_t) kind;
  return kind;
}

/* R4.2: random opening hands: the seats still to pick, in the order
 * begin_hands() gives them the turn, each picking until its hand is
 * complete (pick_pile_pick()), as far as the log goes; then begin_hands()
 * moves on as after the last pick. Seats pick two at a time, so that the
 * processor works on both at once. Returns true when the log is full. */
static ISLE_NOINLINE bool
playout_hands (IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  int seats[ISLE_MAX_SEATS], picks[ISLE_MAX_SEATS], n = 0, total = 0;
  uint8_t kinds[ISLE_MAX_SEATS][ISLE_HAND_MAX];
  int room = log != NULL ? log->max - log->n : ISLE_MAX_SEATS * ISLE_HAND_MAX;

  /* begin_hands() order: from the round's first seat; those before the
   * seat to move are complete. */
  for (int i = 0, t = s->first_seat, on = 0; i < s->n_seats; i++, t = next_seat (s, t))
    {
      int need = ISLE_HAND_MAX - s->hand_len[t];

      on |= t == s->to_move;
      if (!on || hand_is_complete (s, t))
        continue;
      if (need > s->pile_len[t])
        need = s->pile_len[t];
      if (need > room - total)
        need = room - total;
      seats[n] = t;
      picks[n++] = need;
      total += need;
    }

  for (int i = 0; i < n; i += 2)
    {
      PickPile a, b;
      int m_b = i + 1 < n ? picks[i + 1] : 0;

      pick_pile_load (&a, s, seats[i]);
      if (m_b > 0)
        pick_pile_load (&b, s, seats[i + 1]);
      for (int k = 0; k < picks[i] || k < m_b; k++)
        {
          uint64_t x = isle_rng_next (rng);

          if (k < picks[i])
            kinds[i][k] = (uint8_t) pick_pile_pick (&a, s, seats[i], (uint32_t) (x >> 32), rng);
          if (k < m_b)
            kinds[i + 1][k] = (uint8_t) pick_pile_pick (&b, s, seats[i + 1], (uint32_t) x, rng);
        }
    }
  if (log != NULL)
    for (int i = 0; i < n; i++)
      for (int k = 0; k < picks[i]; k++)
        log_action (log, isle_action_pick ((IsleKind) kinds[i][k]));
  s->n_actions += (uint32_t) total;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  begin_hands (s);
  return log != NULL && log->n >= log->max;
}

/* R9.3: random hiring, each choice drawn uniformly among the legal ones
 * (every kind the side may add, and `done`) as isle_state_sample_action()
 * draws it, or `done` at once with ISLE_PLAYOUT_NO_HIRING; a hire does what
 * apply_action() does (the pending hire), with the coins and basic tokens
 * left (hire_basics()) kept up to date instead of counted again; `done` is
 * applied by apply_action(). Returns true when the log is full. */
static bool
playout_hire (IsleState *s, IsleRng *rng, unsigned flags, PlayoutLog *log)
{
  const IsleAction done = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);

  while (s->phase == ISLE_PHASE_HIRE)
    {
      IsleSide side = isle_seat_side (s->to_move);
      int basics[ISLE_N_KINDS];
      int32_t coins = s->coins[side] - pending_cost (s, side);
      uint32_t kinds = 0;

      if (!(flags & ISLE_PLAYOUT_NO_HIRING))
        {
          hire_basics (s, side, basics);
          kinds = hirable_with (s, side, basics, coins);
        }
      for (;;)
        {
          uint32_t n = kinds_count (kinds);
          uint32_t r = n == 0 ? 0 : isle_rng_below (rng, n + 1);
          IsleKind kind;

          if (r == n)
            break;
          kind = kind_select (kinds, r);
          s->n_actions++;
          s->note_no_target = ISLE_KIND_NONE;
          s->note_skipped = 0;
          s->pending[side][kind]++;
          coins -= s->rules.hire_cost[kind];
          basics[isle_kinds[kind].replaces]--;
          kinds = hirable_with (s, side, basics, coins);
          if (log_action (log, isle_action_kind_only (ISLE_ACTION_HIRE, kind)))
            return true;
        }
      if (log_action (log, done))
        {
          apply_action (s, done);
          return true;
        }
      apply_action (s, done);
    }
  return false;
}

static void
playout (IsleState *s, IsleRng *rng, unsigned flags, PlayoutLog *log)
{
  bool plain = !mercenaries_hired (s);

  if (log != NULL && log->max <= 0)
    return;
  /* The fast paths where they apply; elsewhere a sampled action, which is
   * legal: no need to check it again. */
  while (s->phase != ISLE_PHASE_OVER)
    {
      bool full;

      if (!plain && s->phase >= ISLE_PHASE_SETTLE && s->phase <= ISLE_PHASE_FOG_LIFT)
        full = playout_round (s, rng, log);
      else if (s->phase == ISLE_PHASE_PLACE && s->placements_left == 1)
        full = playout_plain (s, rng, log);
      else if (s->phase == ISLE_PHASE_HAND)
        full = playout_hands (s, rng, log);
      else if (s->phase == ISLE_PHASE_HIRE)
        {
          full = playout_hire (s, rng, flags, log);
          plain = !mercenaries_hired (s);
        }
      else
        {
          IsleAction a = isle_state_sample_action (s, rng);

          full = log_action (log, a);
          apply_action (s, a);
        }
      if (full)
        return;
    }
}

void
isle_state_playout (IsleState *s, IsleRng *rng)
{
  playout (s, rng, 0, NULL);
}

void
isle_state_playout_with (IsleState *s, IsleRng *rng, unsigned flags)
{
  playout (s, rng, flags, NULL);
}

int
isle_state_playout_log (IsleState *s, IsleRng *rng, unsigned flags,
                        IsleAction *actions, int max_actions)
{
  PlayoutLog log = { actions, max_actions, 0 };

  playout (s, rng, flags, &log);
  return log.n;
}

/* ---- positions set up by hand ------------------------------------------ */

void
isle_state_begin_turn (IsleState *s, int seat)
{
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  begin_turn (s, seat);
}
