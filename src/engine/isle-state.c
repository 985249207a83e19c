/* isle-state.c — the decision-point state machine of every variant: the
 * Basic game (R4), Weather (R6), mercenary abilities (R8), the Mercenary
 * game (R9), the Quick game (R10) and the Team game (R11).
 *
 * A state advances only through isle_state_apply(); after each action the
 * automatic steps (draws, skips, fog boards, Turtles, scoring, hiring
 * reveals, the next round) run up to the next decision point, so to_move and
 * phase always name a decision. doc/decision-points.md describes the phases
 * and the engine's readings where doc/rules.md is silent. Which actions are
 * legal is in isle-legal.c, random playouts (which mirror these
 * transitions, faster) in isle-playout.c and isle-playout-round.c, the
 * helpers they all share in isle-state-private.h.
 */
#include "isle-state-private.h"

static void start_round (IsleState *s, int first_seat);

/* ---- seats and variants ------------------------------------------------ */

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

/* ---- hands and piles (the words: isle-state-private.h) ----------------- */

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

/* ---- placements -------------------------------------------------------- */

/* ---- round flow -------------------------------------------------------- */

int32_t
isle_state_hired_cost (const IsleState *s, IsleSide side)
{
  return mercenaries_cost (s, s->hired[side]);
}

int32_t
isle_state_coins_left (const IsleState *s, IsleSide side)
{
  return s->coins[side] - mercenaries_cost (s, s->pending[side]);
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
void
isle_state_end_round (IsleState *s)
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

/* R6.5: when the open tiles are full and fog remains, a fog board is lifted
 * before NEXT places: by the filler SEAT, or with option `next` by the next
 * seat that must place. */
bool
isle_state_need_fog_lift (IsleState *s, int seat, int next)
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
void
isle_state_begin_hands (IsleState *s)
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
  isle_state_begin_hands (s);
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
  isle_state_begin_hands (s);
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
bool
isle_state_apply_unchecked (IsleState *s, IsleAction a)
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
  return isle_state_apply_unchecked (s, a);
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

/* The part of a state after the board last scored, seen as 64-bit words
 * (IsleState holds uint64_t bitboards, so its size is a whole number of
 * them, and so are the boards'). */
#define TAIL_OFFSET (offsetof (IsleState, scored_board) + sizeof (IsleBoard))
#define TAIL_WORDS ((sizeof (IsleState) - TAIL_OFFSET) / sizeof (uint64_t))

_Static_assert (sizeof (IsleState) % sizeof (uint64_t) == 0, "IsleState is not a whole number of words");
_Static_assert (sizeof (IsleBoard) % sizeof (uint64_t) == 0, "IsleBoard is not a whole number of words");
_Static_assert (offsetof (IsleState, board) == 0 && offsetof (IsleState, scored_board) == sizeof (IsleBoard),
                "IsleState does not begin with its two boards");

/* Two independent hashes (H, G) of N words, each in two lanes (even and
 * odd words) that the processor mixes side by side. */
typedef struct
{
  uint64_t h0, h1, g0, g1;
} KeyMix;

static inline uint64_t
mix_h (uint64_t h, uint64_t w)
{
  h = (h ^ w) * UINT64_C (0xbf58476d1ce4e5b9);
  return h ^ (h >> 27);
}

static inline uint64_t
mix_g (uint64_t g, uint64_t w)
{
  g = (g + w + 1) * UINT64_C (0xff51afd7ed558ccd);
  return g ^ (g >> 29);
}

static void
mix_words (const uint64_t *words, size_t n, KeyMix *m)
{
  uint64_t h0 = m->h0, h1 = m->h1, g0 = m->g0, g1 = m->g1;
  size_t i;

  for (i = 0; i + 1 < n; i += 2)
    {
      h0 = mix_h (h0, words[i]);
      h1 = mix_h (h1, words[i + 1]);
      g0 = mix_g (g0, words[i]);
      g1 = mix_g (g1, words[i + 1]);
    }
  if (i < n)
    {
      h0 = mix_h (h0, words[i]);
      g0 = mix_g (g0, words[i]);
    }
  m->h0 = h0;
  m->h1 = h1;
  m->g0 = g0;
  m->g1 = g1;
}

void
isle_state_key (const IsleState *s, uint64_t key[2])
{
  union
  {
    unsigned char bytes[sizeof (IsleState) - TAIL_OFFSET];
    uint64_t words[TAIL_WORDS];
  } tail;
  uint64_t board[sizeof (IsleBoard) / sizeof (uint64_t)];
  KeyMix m = { UINT64_C (0xcbf29ce484222325), UINT64_C (0x84222325cbf29ce4), UINT64_C (0x9e3779b97f4a7c15),
               UINT64_C (0x7f4a7c159e3779b9) };

  /* The board, and what follows the board last scored (which is left
   * out), copied whole, padding too, so that equal states hash alike; the
   * count of actions and the notes for the log left out. */
  memcpy (board, &s->board, sizeof board);
  memcpy (tail.bytes, (const unsigned char *) s + TAIL_OFFSET, sizeof tail.bytes);
  memset (tail.bytes + (offsetof (IsleState, n_actions) - TAIL_OFFSET), 0, sizeof s->n_actions);
  tail.bytes[offsetof (IsleState, note_no_target) - TAIL_OFFSET] = 0;
  tail.bytes[offsetof (IsleState, note_skipped) - TAIL_OFFSET] = 0;
  mix_words (board, sizeof board / sizeof board[0], &m);
  mix_words (tail.words, TAIL_WORDS, &m);
  key[0] = (m.h0 ^ (m.h1 * UINT64_C (0x94d049bb133111eb))) ^ (m.h0 >> 33);
  key[1] = (m.g0 ^ (m.g1 * UINT64_C (0xc2b2ae3d27d4eb4f))) ^ (m.g0 >> 31);
}

/* ---- positions set up by hand ------------------------------------------ */

void
isle_state_begin_turn (IsleState *s, int seat)
{
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  begin_turn (s, seat);
}
