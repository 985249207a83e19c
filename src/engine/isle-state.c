/* isle-state.c — the decision-point state machine of every variant: the
 * Basic game (R4), Weather (R6), mercenary abilities (R8), the Mercenary
 * game (R9), the Quick game (R10) and the Team game (R11).
 *
 * A state advances only through isle_state_apply(); after each action the
 * automatic steps (draws, skips, fog boards, Turtles, scoring, hiring
 * reveals, the next round) run up to the next decision point, so to_move and
 * phase always name a decision. doc/decision-points.md describes the phases
 * and the engine's readings where RULES.md is silent.
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

static int
pile_find (const IsleState *s, int seat, IsleKind kind)
{
  for (int i = 0; i < s->pile_len[seat]; i++)
    if (s->pile[seat][i] == kind)
      return i;
  return -1;
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

/* R4.5: whether SEAT has a legal placement. */
static bool
seat_can_place (const IsleState *s, int seat)
{
  if (s->hand_len[seat] == 0 || isle_board_free_open (&s->board) == 0)
    return false;
  for (int i = 0; i < s->hand_len[seat]; i++)
    if (s->hand[seat][i] != ISLE_KIND_HIPPO || s->weather == ISLE_WEATHER_FOGGY)
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
 * pending hires will return. */
static void
hire_basics (const IsleState *s, IsleSide side, int basics[ISLE_N_KINDS])
{
  memset (basics, 0, ISLE_N_KINDS * sizeof basics[0]);
  for (int seat = side; seat < s->n_seats; seat += 2)
    for (int i = 0; i < s->pile_len[seat]; i++)
      basics[s->pile[seat][i]]++;
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    basics[isle_kind_info ((IsleKind) k)->replaces] -= s->pending[side][k];
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
            int holders[2], n = 0, seat;

            for (int t = side; t < s->n_seats; t += 2)
              if (pile_find (s, t, basic) >= 0)
                holders[n++] = t;
            if (n == 0)
              continue;                                /* cannot happen: checked */
            seat = holders[n == 1 ? 0 : isle_rng_below (&s->rng, (uint32_t) n)];
            s->pile[seat][pile_find (s, seat, basic)] = (uint8_t) k;
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

/* ---- random playouts --------------------------------------------------- */

static int
nth_bit (uint64_t bb, uint32_t n)
{
  return isle_bits_select (bb, n);
}

/* A uniformly random legal placement, without listing them all. */
static IsleAction
sample_placement (const IsleState *s, IsleRng *rng)
{
  int seat = s->to_move;
  uint64_t open = isle_board_free_open (&s->board);
  uint32_t n_open = (uint32_t) isle_popcount (open);
  uint32_t counts[2 * ISLE_HAND_MAX];
  uint8_t kinds[2 * ISLE_HAND_MAX], faces[2 * ISLE_HAND_MAX];
  uint64_t right = 0, down = 0;
  uint32_t total = 0, r;
  int n = 0;
  uint16_t seen = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    {
      IsleKind kind = (IsleKind) s->hand[seat][i];

      if (seen & (1u << kind))
        continue;
      seen |= (uint16_t) (1u << kind);
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
 * playout_mixed()): the hand as a word (hand_word()) and its length, how
 * many of each kind it holds (4 bits a kind: a hand holds at most 5) and
 * which kinds, the pile. */
typedef struct
{
  uint64_t word, count;
  uint32_t kinds, n_kinds;
  int len, pile_len;
  const uint8_t *pile;
} PlayHand;

static inline void
play_hand_load (PlayHand *h, const IsleState *s, int seat)
{
  h->word = hand_word (s->hand[seat]);
  h->count = 0;
  h->kinds = 0;
  h->len = s->hand_len[seat];
  h->pile_len = s->pile_len[seat];
  h->pile = s->pile[seat];
  for (int i = 0; i < h->len; i++)
    {
      h->count += UINT64_C (1) << (4 * s->hand[seat][i]);
      h->kinds |= 1u << s->hand[seat][i];
    }
  h->n_kinds = (uint32_t) isle_popcount (h->kinds);
}

static inline void
play_hand_store (const PlayHand *h, IsleState *s, int seat)
{
  hand_store (s->hand[seat], h->word);
  s->hand_len[seat] = (uint8_t) h->len;
  for (int i = h->pile_len; i < s->pile_len[seat]; i++)
    s->pile[seat][i] = ISLE_KIND_NONE;
  s->pile_len[seat] = (uint8_t) h->pile_len;
}

/* What apply_place() and draw() do to the hand and the pile when a token of
 * KIND is placed: hand_remove_at (hand_find ()) on the word unless WORD is
 * false (when the caller knows the hand ends empty), then the pile's top to
 * the hand (which has room). The next kind can be drawn from the counts
 * without waiting on the word. */
static ISLE_ALWAYS_INLINE void
play_hand_take (PlayHand *h, IsleKind kind, bool word)
{
  uint32_t gone;

  h->count -= UINT64_C (1) << (4 * kind);
  gone = ((h->count >> (4 * kind)) & 0xf) == 0;
  h->kinds &= ~(gone << kind);
  h->n_kinds -= gone;
  h->len--;
  if (word)
    {
      /* The first token of the kind (its byte starts AT bits up) goes, the
       * rest move down. */
      uint64_t w = h->word;
      uint64_t same = bytes_equal (w, (uint8_t) kind) & ((UINT64_C (2) << (8 * h->len + 7)) - 1);
      int at = __builtin_ctzll (same) - 7;
      uint64_t below = (UINT64_C (1) << at) - 1;

      h->word = (w & below) | ((w >> 8) & ((UINT64_C (1) << (8 * h->len)) - 1) & ~below)
                | (w & ~((UINT64_C (2) << (8 * h->len + 7)) - 1));
    }
  if (h->pile_len > 0)
    {
      uint8_t top = h->pile[--h->pile_len];

      if (word)
        h->word |= (uint64_t) top << (8 * h->len);
      h->len++;
      h->n_kinds += ((h->count >> (4 * top)) & 0xf) == 0;
      h->count += UINT64_C (1) << (4 * top);
      h->kinds |= 1u << top;
    }
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
  uint64_t word_a, word_b;
  int len_a, len_b;
  /* A copy no store to the map may touch, so it stays in a register. */
  IsleRng rng = *shared_rng;

  play_hand_load (&ha, s, a);
  play_hand_load (&hb, s, b);
  for (int k = 0; k <= ISLE_KIND_RABBIT; k++)
    {
      colour_a[k] = (uint8_t) isle_kind_start_colour ((IsleKind) k, isle_seat_side (a));
      colour_b[k] = (uint8_t) isle_kind_start_colour ((IsleKind) k, isle_seat_side (b));
    }
  word_a = ha.word;
  word_b = hb.word;
  len_a = ha.len;
  len_b = hb.len;
  /* The hands end empty (as in every full round of the Basic game) when
   * the seats place all they have: then what is in them when is not
   * needed. */
  if (m_a < ha.len + ha.pile_len || (m_b > 0 && m_b < hb.len + hb.pile_len))
    plain_steps (s, run, &ha, &hb, colour_a, colour_b, a, m_a, b, m_b, o, step, &rng, true);
  else
    {
      plain_steps (s, run, &ha, &hb, colour_a, colour_b, a, m_a, b, m_b, o, step, &rng, false);
      /* hand_remove_at() emptied each place of the hand in turn; bytes
       * past it are as they were. */
      ha.word = word_a & ~low_bytes (len_a);
      hb.word = word_b & ~low_bytes (len_b);
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
static bool
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
  uint32_t high = n >= in_low;

  return (IsleKind) (8 * high + isle_byte_select[high ? (kinds >> 8) & 0xff : low]
                                                 [n - (high ? in_low : 0)]);
}

/* Kinds whose ability (R8) makes their face-up placement more than a token
 * on a tile: a decision, a second tile or an extra placement. */
#define ABILITY_KINDS                                                         \
  ((1u << ISLE_KIND_FOX) | (1u << ISLE_KIND_TURTLE) | (1u << ISLE_KIND_MOUSES)  \
   | (1u << ISLE_KIND_SNAKE) | (1u << ISLE_KIND_MOLE)                          \
   | (1u << ISLE_KIND_PRAIRIE_DOG) | (1u << ISLE_KIND_HIPPO))
#define MERCENARY_KINDS (((1u << ISLE_N_KINDS) - 1) & ~((1u << ISLE_FIRST_MERCENARY) - 1))

/* R4.4a: for playout_mixed(), what makes a seat's turn, begun now, more
 * than one placement of a token on one tile: a bit per seat that a Turtle
 * owes more placements (R8.2) or whose Hippo must settle (R8.9); per seat
 * the tile of its face-up Frog (R8.5), which may hop when a free open tile
 * is next to it, or -1. Of this only a Frog placed face up changes while
 * only ordinary tokens are placed. */
typedef struct
{
  unsigned irregular;
  int frog[ISLE_MAX_SEATS];
} TurnStarts;

static void
turn_starts (const IsleState *s, TurnStarts *ts)
{
  ts->irregular = 0;
  for (int t = 0; t < s->n_seats; t++)
    {
      ts->frog[t] = -1;
      if (s->bonus[t] > 0 || hippo_second (s, t) >= 0)
        ts->irregular |= 1u << t;
    }
  for (uint64_t todo = s->board.kind[ISLE_KIND_FROG] & ~s->board.face_down; todo;
       todo &= todo - 1)
    ts->frog[s->board.cells[__builtin_ctzll (todo)].seat] = __builtin_ctzll (todo);
}

/* R4.4, R6, R8: random play in a round with mercenaries in play, in turn
 * order, while it is ordinary. A placement is ordinary when its token is
 * basic, face down (R6.4), or a face-up mercenary whose ability does
 * nothing on placing (Cat, Crow, Chameleon, Frog); a turn when nothing is
 * owed by a Turtle and no Hippo is to settle (TurnStarts) and the seat has
 * a token that goes on one tile. Each placement is drawn uniformly like
 * isle_state_sample_action() draws it: every kind in hand can go on every
 * free open tile, with one face, or in Foggy weather a mercenary with
 * either (R6.4), so the kind and face and the tile are drawn apart, the
 * tile from an array of the free open tiles. What follows a placement
 * mirrors finish_drawn() and begin_turn(): a fog board is lifted when the
 * open tiles are full (R6.5, need_fog_lift(), apply_lift()); a seat whose
 * Frog may hop hops or passes first (R8.5, apply_hop()); each drawn
 * uniformly among the legal choices. A hand holding a Hippo (which may need
 * two tiles) is left to isle_state_sample_action(), a placement that is not
 * ordinary to apply_action(), a turn that is not to begin_turn(), the end
 * of the round to finish_drawn(). Returns true when the log is full. */
static bool
playout_mixed (IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  enum { READY, FINISH, BEGIN } end = READY;
  PlayHand hands[ISLE_MAX_SEATS];
  TurnStarts ts;
  uint8_t free_cells[ISLE_N_CELLS];
  uint64_t open = isle_board_free_open (&s->board);
  int n_free = cells_of (open, free_cells);
  bool foggy = s->weather == ISLE_WEATHER_FOGGY, full = false;
  int seat = s->to_move, left = s->placements_left, next;
  uint32_t taken = 0;
  IsleAction other = 0;

  for (int t = 0; t < s->n_seats; t++)
    play_hand_load (&hands[t], s, t);
  turn_starts (s, &ts);
  for (;;)
    {
      PlayHand *h = &hands[seat];
      uint32_t mercs = h->kinds & MERCENARY_KINDS, n_options, o, t;
      uint64_t x;
      IsleKind kind;
      bool down;
      int cell;

      if (h->kinds & (1u << ISLE_KIND_HIPPO))
        break;
      /* Each kind with its usual face; in Foggy weather, each mercenary
       * face up too. */
      n_options = h->n_kinds + (foggy ? (uint32_t) isle_popcount (mercs) : 0);
      x = isle_rng_next (rng);
      o = isle_rng_below_from (rng, (uint32_t) (x >> 32), n_options);
      t = isle_rng_below_from (rng, (uint32_t) x, (uint32_t) n_free);
      cell = free_cells[t];
      down = foggy && o < h->n_kinds;
      kind = o < h->n_kinds ? kind_select (h->kinds, o) : kind_select (mercs, o - h->n_kinds);
      if (!down && (ABILITY_KINDS & (1u << kind)))
        {
          other = isle_action_place (kind, cell, false);
          break;
        }
      free_cells[t] = free_cells[--n_free];
      open &= ~BIT (cell);
      taken++;
      full = log_action (log, isle_action_place (kind, cell, down));

      /* apply_place(), draw() */
      play_hand_take (h, kind, true);
      isle_board_put (&s->board, cell, kind, seat,
                      isle_kind_start_colour (kind, isle_seat_side (seat)),
                      down ? ISLE_CELL_FACE_DOWN : 0);
      if (s->board.kind[ISLE_KIND_CHAMELEON])
        chameleons_react (s, cell);                              /* R8.6 */
      if (kind == ISLE_KIND_FROG && !down)
        ts.frog[seat] = cell;                                    /* R8.5 */

      /* finish_drawn(): another placement owed, the end of the round, or
       * a full log are left to it. */
      next = next_seat (s, seat);
      if (full || left > 1 || (n_free == 0 && s->board.fog == 0))
        {
          end = FINISH;
          break;
        }
      if (n_free == 0)
        {
          /* R6.5: need_fog_lift(), then the lift (apply_lift()) with the
           * placement done: by the filler, or with option `next` by the
           * next seat with a token in hand, who then takes the turn. */
          uint32_t fogged = 0;
          int q;

          if (s->rules.fog_lift == ISLE_FOG_LIFT_NEXT)
            for (int i = 0, u = next; i < s->n_seats; i++, u = next_seat (s, u))
              if (hands[u].len > 0)
                {
                  next = u;
                  break;
                }
          s->next_seat = (uint8_t) next;
          for (q = 0; q < ISLE_N_QUADRANTS; q++)
            fogged |= (uint32_t) ((s->board.fog & isle_quadrant_mask (q)) != 0) << q;
          q = isle_byte_select[fogged][isle_rng_below (rng, isle_byte_bits[fogged])];
          taken++;
          full = log_action (log, isle_action_lift (q));
          s->board.fog &= ~isle_quadrant_mask (q);
          open = isle_board_free_open (&s->board);
          n_free = cells_of (open, free_cells);
          if (full)
            {
              seat = next;
              end = BEGIN;
              break;
            }
        }

      /* begin_turn (NEXT) */
      seat = next;
      left = 1;
      h = &hands[seat];
      if ((ts.irregular & (1u << seat)) || h->len == 0
          || !((h->kinds & ~(1u << ISLE_KIND_HIPPO)) || foggy))
        {
          end = BEGIN;
          break;
        }
      if (ts.frog[seat] >= 0 && (isle_cell_neighbours (ts.frog[seat]) & open))
        {
          /* R8.5: the Frog hops to a free open tile next to it or stays
           * (apply_hop(), apply_pass()); then SEAT places. */
          uint64_t to = isle_cell_neighbours (ts.frog[seat]) & open;
          uint32_t n_to = (uint32_t) isle_popcount (to);
          uint32_t r = isle_rng_below (rng, n_to + 1);

          taken++;
          if (r < n_to)
            {
              int from = ts.frog[seat], hop = isle_bits_select (to, r);
              IsleCell frog = isle_board_take (&s->board, from);

              full = log_action (log, isle_action_cells (ISLE_ACTION_HOP, hop, ISLE_NO_CELL));
              isle_board_put (&s->board, hop, (IsleKind) frog.kind, frog.seat,
                              (IsleColour) frog.colour, frog.flags);
              for (int i = 0; i < n_free; i++)
                if (free_cells[i] == hop)
                  free_cells[i] = (uint8_t) from;
              open = (open & ~BIT (hop)) | BIT (from);
              ts.frog[seat] = hop;
            }
          else
            full = log_action (log, isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL,
                                                      ISLE_NO_CELL, false, 0));
          if (full)
            break;
        }
    }

  for (int t = 0; t < s->n_seats; t++)
    play_hand_store (&hands[t], s, t);
  s->n_actions += taken;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  s->phase = ISLE_PHASE_PLACE;
  s->to_move = (uint8_t) seat;
  s->placements_left = (uint8_t) left;
  if (end == FINISH)
    finish_drawn (s, seat);
  else if (end == BEGIN)
    {
      s->placements_left = 0;
      begin_turn (s, seat);
    }
  else if (!full)
    {
      if (other == 0)
        other = isle_state_sample_action (s, rng);
      full = log_action (log, other);
      apply_action (s, other);
    }
  return full;
}

/* A seat picking its opening hand at random (playout_hands()): where each
 * kind lies in its pile (bit i: pile[i] is of the kind), how many of each
 * are left (4 bits a kind: at most 9 of a kind, R1), which kinds and how
 * many kinds. The counts let the next pick be drawn without waiting on the
 * positions. */
typedef struct
{
  uint32_t at[ISLE_N_KINDS];
  uint64_t left;
  uint32_t kinds, n_kinds;
} PickPile;

static inline void
pick_pile_load (PickPile *p, const IsleState *s, int seat)
{
  memset (p, 0, sizeof *p);
  for (int i = 0; i < s->pile_len[seat]; i++)
    {
      p->at[s->pile[seat][i]] |= 1u << i;
      p->left += UINT64_C (1) << (4 * s->pile[seat][i]);
      p->kinds |= 1u << s->pile[seat][i];
    }
  p->n_kinds = (uint32_t) isle_popcount (p->kinds);
}

/* One pick of SEAT from the random word X, drawn uniformly among the kinds
 * in its pile as isle_state_sample_action() draws it, with what
 * apply_pick() does: the first token of the kind leaves the pile and the
 * last one takes its place (pile_remove_at()), the kind joins the hand. */
static ISLE_ALWAYS_INLINE IsleKind
pick_pile_pick (PickPile *p, IsleState *s, int seat, uint32_t x, IsleRng *rng)
{
  IsleKind kind = kind_select (p->kinds, isle_rng_below_from (rng, x, p->n_kinds));
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
static bool
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
 * apply_action() does (the pending hire), with what the side may still
 * hire kept up to date instead of counted again; `done` is applied by
 * apply_action(). Returns true when the log is full. */
static bool
playout_hire (IsleState *s, IsleRng *rng, unsigned flags, PlayoutLog *log)
{
  const IsleAction done = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);

  while (s->phase == ISLE_PHASE_HIRE)
    {
      IsleSide side = isle_seat_side (s->to_move);
      int basics[ISLE_N_KINDS];
      int32_t coins = s->coins[side] - pending_cost (s, side);

      hire_basics (s, side, basics);
      for (;;)
        {
          uint32_t kinds = flags & ISLE_PLAYOUT_NO_HIRING ? 0 : hirable_with (s, side, basics, coins);
          uint32_t n = (uint32_t) isle_popcount (kinds);
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
          basics[isle_kind_info (kind)->replaces]--;
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

      if (s->phase == ISLE_PHASE_PLACE && !plain)
        full = playout_mixed (s, rng, log);
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
