/* isle-state.c — the decision-point state machine of the Basic game (R4) and
 * the Game with Weather Cards (R6).
 *
 * A state advances only through isle_state_apply(); after each action the
 * automatic steps (draws, skips, fog boards, scoring, the next round) run up
 * to the next decision point, so to_move and phase always name a decision.
 */
#include "isle-state.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

static void start_round (IsleState *s, int first_seat);

static int
next_seat (const IsleState *s, int seat)
{
  return (seat + 1) % s->n_seats;
}

static bool
uses_weather_cards (const IsleState *s)
{
  return s->variant == ISLE_VARIANT_WEATHER;
}

/* ---- hands and piles --------------------------------------------------- */

static int
hand_find (const IsleState *s, int seat, IsleKind kind)
{
  for (int i = 0; i < s->hand_len[seat]; i++)
    if (s->hand[seat][i] == kind)
      return i;
  return -1;
}

static void
hand_remove_at (IsleState *s, int seat, int i)
{
  int last = --s->hand_len[seat];

  memmove (&s->hand[seat][i], &s->hand[seat][i + 1], (size_t) (last - i));
  s->hand[seat][last] = ISLE_KIND_NONE;
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
static void
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

static bool
seat_can_place (const IsleState *s, int seat)
{
  return s->hand_len[seat] > 0 && isle_board_free_open (&s->board) != 0;
}

/* ---- round flow -------------------------------------------------------- */

/* R4.7: the higher total wins; equal totals are a draw. */
static void
end_game (IsleState *s)
{
  s->phase = ISLE_PHASE_OVER;
  s->to_move = 0;
  if (s->total[ISLE_SIDE_RED] > s->total[ISLE_SIDE_BLUE])
    s->winner = ISLE_SIDE_RED;
  else if (s->total[ISLE_SIDE_BLUE] > s->total[ISLE_SIDE_RED])
    s->winner = ISLE_SIDE_BLUE;
  else
    s->winner = ISLE_N_SIDES;
}

/* R4.6, R7: score the full map; then the next round or the end. */
static void
end_round (IsleState *s)
{
  int32_t points[ISLE_N_SIDES];
  int r = s->round - 1;

  isle_board_score (&s->board, s->rules.line_score, points, NULL);
  memcpy (&s->scored_board, &s->board, sizeof s->board);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      s->round_score[r][side] = points[side];
      s->total[side] += points[side];
    }
  if (s->round >= s->n_rounds)
    end_game (s);
  else
    start_round (s, next_seat (s, s->first_seat));   /* R4.3 */
}

/* R4.5: from SEAT on, the first seat that can place moves; a seat that cannot
 * skips. If nobody can, the round cannot go on and ends. */
static void
turn_to (IsleState *s, int seat)
{
  for (int i = 0; i < s->n_seats; i++)
    {
      if (seat_can_place (s, seat))
        {
          s->phase = ISLE_PHASE_PLACE;
          s->to_move = (uint8_t) seat;
          return;
        }
      seat = next_seat (s, seat);
    }
  end_round (s);
}

/* After SEAT's placement (and draw): the round ends when every tile holds a
 * token (R4.6); when the open tiles are full and fog remains, a fog board is
 * lifted (R6.5); otherwise the next seat's turn. */
static void
after_placement (IsleState *s, int seat)
{
  if (s->board.occupied == ISLE_ALL_CELLS && s->board.fog == 0)
    {
      end_round (s);
      return;
    }
  if (isle_board_free_open (&s->board) == 0 && s->board.fog != 0)
    {
      s->phase = ISLE_PHASE_FOG_LIFT;
      s->next_seat = (uint8_t) next_seat (s, seat);
      s->to_move = (uint8_t) seat;
      /* Option `next`: the next seat that must place lifts (R6.5); a seat
       * with an empty hand places nothing and is passed over. */
      if (s->rules.fog_lift == ISLE_FOG_LIFT_NEXT)
        for (int i = 0, t = s->next_seat; i < s->n_seats; i++, t = next_seat (s, t))
          if (s->hand_len[t] > 0)
            {
              s->to_move = (uint8_t) t;
              s->next_seat = (uint8_t) t;
              break;
            }
      return;
    }
  turn_to (s, next_seat (s, seat));
}

/* R4.2: every seat's hand is complete: shuffle the piles, the round's first
 * seat places first. */
static void
begin_play (IsleState *s)
{
  for (int seat = 0; seat < s->n_seats; seat++)
    isle_rng_shuffle (&s->rng, s->pile[seat], s->pile_len[seat]);
  turn_to (s, s->first_seat);
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

/* R4.1, R4.2: every token goes back to its owner's pile; a new round. */
static void
start_round (IsleState *s, int first_seat)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind != ISLE_KIND_NONE && !(c->flags & ISLE_CELL_HIPPO_SECOND))
        pile_push (s, c->seat, (IsleKind) c->kind);
    }
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

  if (!uses_weather_cards (s))
    {
      set_weather (s, ISLE_WEATHER_SUNNY);
      return;
    }
  /* R6.1: the round's second seat takes the top two cards. */
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
      s->to_move = (uint8_t) next_seat (s, first_seat);
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

bool
isle_state_init (IsleState *s, const IsleRules *rules, IsleVariant variant,
                 int first_seat, uint64_t seed)
{
  static const IsleKind basics[] = { ISLE_KIND_WOLF, ISLE_KIND_PIG,
                                     ISLE_KIND_RAT, ISLE_KIND_RABBIT };

  if (variant != ISLE_VARIANT_BASIC && variant != ISLE_VARIANT_WEATHER)
    return false;
  if (rules->rounds[variant] < 1 || rules->rounds[variant] > ISLE_MAX_ROUNDS
      || rules->weather_deck_len > ISLE_MAX_WEATHER_CARDS)
    return false;

  memset (s, 0, sizeof *s);
  memcpy (&s->rules, rules, sizeof *rules);
  s->variant = (uint8_t) variant;
  s->n_seats = 2;
  s->n_rounds = rules->rounds[variant];
  isle_rng_seed (&s->rng, seed);

  /* R4.1: each side's 18 basic tokens are its private pile. */
  for (int seat = 0; seat < s->n_seats; seat++)
    for (size_t k = 0; k < sizeof basics / sizeof basics[0]; k++)
      for (int n = 0; n < isle_kind_info (basics[k])->supply; n++)
        pile_push (s, seat, basics[k]);

  /* R1, R6.1: the weather deck is shuffled at setup. */
  if (uses_weather_cards (s))
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

    case ISLE_PHASE_HAND:
      for (int i = 0; i < s->pile_len[seat]; i++)
        seen[s->pile[seat][i]] = true;
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        if (seen[k])
          push (list, isle_action_pick ((IsleKind) k));
      break;

    case ISLE_PHASE_PLACE:
      {
        uint64_t open = isle_board_free_open (&s->board);

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
                for (uint64_t todo = open; todo; todo &= todo - 1)
                  push (list, isle_action_place ((IsleKind) k, __builtin_ctzll (todo),
                                                 face == 1));
              }
          }
      }
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

        return isle_action_type (a) == ISLE_ACTION_PLACE
               && cell < ISLE_N_CELLS
               && a == isle_action_place (kind, cell, isle_action_face_down (a))
               && hand_find (s, seat, kind) >= 0
               && (isle_board_free_open (&s->board) & BIT (cell))
               && face_allowed (s, kind, isle_action_face_down (a));
      }

    case ISLE_PHASE_FOG_LIFT:
      return isle_action_type (a) == ISLE_ACTION_LIFT
             && a == isle_action_lift (isle_action_arg (a))
             && isle_action_arg (a) < ISLE_N_QUADRANTS
             && (s->board.fog & isle_quadrant_mask (isle_action_arg (a)));

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
  IsleKind kind = isle_action_kind (a);
  bool face_down = isle_action_face_down (a);

  hand_remove_at (s, seat, hand_find (s, seat, kind));
  /* R6.4: a face-down token keeps its true colour for scoring (R7); only
   * observations hide it (R12). */
  isle_board_put (&s->board, isle_action_cell (a), kind, seat,
                  isle_kind_start_colour (kind, isle_seat_side (seat)),
                  face_down ? ISLE_CELL_FACE_DOWN : 0);
  draw (s, seat);                                       /* R4.4d */
  after_placement (s, seat);
}

static void
apply_lift (IsleState *s, int quadrant)
{
  s->board.fog &= ~isle_quadrant_mask (quadrant);       /* R6.5 */
  turn_to (s, s->next_seat);
}

bool
isle_state_apply (IsleState *s, IsleAction a)
{
  if (!isle_state_is_legal (s, a))
    return false;
  s->n_actions++;
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
    case ISLE_ACTION_NONE:
    case ISLE_N_ACTION_TYPES:
    default:
      return false;
    }
  return true;
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
