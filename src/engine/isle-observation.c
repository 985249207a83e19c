/* isle-observation.c — R12: what a seat may see, states sampled from it
 * (determinization, for Information-Set MCTS), and whether an observation
 * read from elsewhere is one the game can present (isle_obs_check()). */
#include "isle-observation.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

static void
count_into (uint8_t counts[ISLE_N_KINDS], const uint8_t *kinds, int n)
{
  for (int i = 0; i < n; i++)
    if (kinds[i] < ISLE_N_KINDS)
      counts[kinds[i]]++;
}

void
isle_state_observe (const IsleState *state, int seat, IsleObservation *obs)
{
  IsleState *v = &obs->view;
  int side = isle_seat_side (seat);
  uint64_t hidden = 0;

  memset (obs, 0, sizeof *obs);
  memcpy (v, state, sizeof *state);
  obs->observer = (uint8_t) seat;

  /* Chance to come is nobody's to know; and how many actions were taken
   * would tell how many secret hires were made (R9.3). */
  memset (&v->rng, 0, sizeof v->rng);
  v->n_actions = 0;

  for (int t = 0; t < v->n_seats; t++)
    {
      /* R12: every pile's order is secret, the owner's too; its owner knows
       * what is in it. */
      count_into (obs->unseen[t], v->pile[t], v->pile_len[t]);
      memset (v->pile[t], 0, sizeof v->pile[t]);
      if (t != seat)
        {
          /* R12: each hand is secret, even from a teammate (R11). */
          count_into (obs->unseen[t], v->hand[t], v->hand_len[t]);
          memset (v->hand[t], 0, sizeof v->hand[t]);
        }
    }

  /* R6.4, R12: others' face-down tokens show only their owner's shield. */
  for (uint64_t todo = v->board.face_down; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);
      IsleCell *c = &v->board.cells[cell];

      if (c->seat == seat)
        continue;
      if (c->kind < ISLE_N_KINDS)
        obs->unseen[c->seat][c->kind]++;
      c->kind = ISLE_KIND_UNKNOWN;
      c->colour = ISLE_COLOUR_WHITE;
      v->board.colour[ISLE_COLOUR_WHITE] &= ~BIT (cell);
      v->board.colour[ISLE_COLOUR_RED] &= ~BIT (cell);
      v->board.colour[ISLE_COLOUR_BLUE] &= ~BIT (cell);
      hidden |= BIT (cell);
    }
  for (int k = 0; k < ISLE_N_KINDS; k++)
    v->board.kind[k] &= ~hidden;

  /* R9.3, R12: the other side's hiring choices, until both are revealed. */
  memset (v->pending[1 - side], 0, sizeof v->pending[1 - side]);

  /* R11, R12: how the other team's tokens are split between its two
   * players is not known either: their unseen tokens are pooled under the
   * lower seat (determinization deals them out again). */
  if (v->n_seats > 2)
    {
      int t = 1 - side;
      for (int k = 0; k < ISLE_N_KINDS; k++)
        {
          obs->unseen[t][k] += obs->unseen[t + 2][k];
          obs->unseen[t + 2][k] = 0;
        }
    }

  /* R6.1, R12: weather cards this side has not seen. */
  for (int i = 0; i < v->deck_len; i++)
    if (!(v->deck_seen[i] & (1u << side)))
      {
        if (v->deck[i] < ISLE_N_WEATHER)
          obs->unseen_weather[v->deck[i]]++;
        v->deck[i] = ISLE_WEATHER_UNKNOWN;
      }
  /* R6.1, R12: the two cards drawn are the chooser's to see; outside a
   * choice there are none (doc/engine-protocol.md `drawn`). */
  if (v->phase != ISLE_PHASE_WEATHER || v->to_move != seat)
    for (int i = 0; i < 2; i++)
      {
        if (v->phase == ISLE_PHASE_WEATHER && v->drawn[i] < ISLE_N_WEATHER)
          obs->unseen_weather[v->drawn[i]]++;
        v->drawn[i] = ISLE_WEATHER_UNKNOWN;
      }

  /* R8: an ability's tile and placer mean something only while it
   * resolves; what is left of the last one is not part of the view. */
  if (!isle_obs_ability_resolves (v))
    {
      v->ability_cell = ISLE_NO_CELL;
      v->ability_seat = 0;
    }
  if (v->phase != ISLE_PHASE_REPLACE)
    v->replace_cell = ISLE_NO_CELL;
}

/* Lays the multiset COUNTS out as a list and shuffles it. */
static int
shuffled_bag (IsleRng *rng, const uint8_t *counts, int n_kinds, uint8_t *bag)
{
  int n = 0;

  for (int k = 0; k < n_kinds; k++)
    for (int i = 0; i < counts[k]; i++)
      bag[n++] = (uint8_t) k;
  isle_rng_shuffle (rng, bag, n);
  return n;
}

/* Deals BAG[*USED..N) into the slots SEAT hides from the observer: its
 * face-down tokens (unless OWN), its hand (unless OWN) and its pile. */
static void
deal_hidden (IsleState *state, int seat, bool own, const uint8_t *bag, int n, int *used)
{
  if (!own)
    {
      for (uint64_t todo = state->board.face_down; todo; todo &= todo - 1)
        {
          int cell = __builtin_ctzll (todo);
          IsleCell *c = &state->board.cells[cell];

          if (c->seat != seat || c->kind != ISLE_KIND_UNKNOWN || *used >= n)
            continue;
          c->kind = bag[(*used)++];
          /* R8.6: a face-down token shows its kind's starting colour. */
          c->colour = (uint8_t) isle_kind_start_colour ((IsleKind) c->kind,
                                                        isle_seat_side (seat));
        }
      for (int i = 0; i < state->hand_len[seat] && *used < n; i++)
        state->hand[seat][i] = bag[(*used)++];
    }
  for (int i = 0; i < state->pile_len[seat] && *used < n; i++)
    state->pile[seat][i] = bag[(*used)++];
}

/* R9.3, R12: once a seat of the other side has finished hiring, that side
 * has chosen, and its choices are hidden from SEAT (isle_state_observe()
 * blanks them): a determinization makes up a plausible hiring for it
 * (isle_state_sample_hires(), doc/ai.md). From the view alone: the sample
 * cannot depend on what the side really chose. Before it is done its
 * hiring is still to come and the search chooses it. */
static void
sample_hidden_hires (IsleState *state, int seat, IsleRng *rng)
{
  IsleSide other = (IsleSide) (1 - isle_seat_side (seat));
  unsigned seats = 0;

  if (state->phase != ISLE_PHASE_HIRE)
    return;
  for (int t = other; t < state->n_seats; t += 2)
    seats |= 1u << t;
  if (state->hire_done & seats)
    isle_state_sample_hires (state, other, rng);
}

void
isle_obs_determinize (const IsleObservation *obs, IsleRng *rng, IsleState *state)
{
  uint8_t bag[2 * (ISLE_N_CELLS + ISLE_HAND_MAX + ISLE_PILE_MAX)];
  int seat = obs->observer;

  memcpy (state, &obs->view, sizeof *state);

  for (int t = 0; t < state->n_seats; t++)
    {
      int used = 0, n;

      /* The other team's pooled tokens are dealt to both its seats. */
      if (state->n_seats > 2 && t >= 2 && isle_seat_side (t) != isle_seat_side (seat))
        continue;
      n = shuffled_bag (rng, obs->unseen[t], ISLE_N_KINDS, bag);
      deal_hidden (state, t, t == seat, bag, n, &used);
      if (state->n_seats > 2 && isle_seat_side (t) != isle_seat_side (seat))
        deal_hidden (state, t + 2, false, bag, n, &used);
    }
  isle_board_sync (&state->board);

  {
    int n = shuffled_bag (rng, obs->unseen_weather, ISLE_N_WEATHER, bag);
    int used = 0;

    for (int i = 0; i < 2 && state->phase == ISLE_PHASE_WEATHER; i++)
      if (state->drawn[i] == ISLE_WEATHER_UNKNOWN && used < n)
        state->drawn[i] = bag[used++];
    for (int i = 0; i < state->deck_len; i++)
      if (state->deck[i] == ISLE_WEATHER_UNKNOWN && used < n)
        state->deck[i] = bag[used++];
  }

  sample_hidden_hires (state, seat, rng);

  isle_rng_seed (&state->rng, isle_rng_next (rng));
}

/* ---- checking an observation read from elsewhere ---------------------- */

/* Records the first problem; returns its code. */
static IsleObsCode
report (IsleObsProblem *out, IsleObsCode code, int seat, int cell, int kind,
         int32_t value, int32_t expected)
{
  if (out != NULL)
    *out = (IsleObsProblem) { (uint8_t) code, (int8_t) seat, (int8_t) cell,
                              (uint8_t) kind, value, expected };
  return code;
}

#define FAIL(code, seat, cell, kind, value, expected) \
  return report (out, code, seat, cell, kind, value, expected)

/* R12: who sees what. Seats in range, the observer's hand as big as its
 * size, only other seats' face-down tokens hidden, and every hidden slot
 * (another seat's hand and pile, a `?*` token, a `?` card) matched by an
 * unseen token or card, so that determinizing fills each one. */
static IsleObsCode
check_seats_and_hidden (const IsleObservation *o, IsleObsProblem *out)
{
  const IsleState *v = &o->view;
  int side = isle_seat_side (o->observer);
  int want_seats = v->variant == ISLE_VARIANT_TEAM ? ISLE_MAX_SEATS : 2;
  int hidden[ISLE_MAX_SEATS] = { 0 };
  int unknown_weather = 0, unseen_weather = 0, hand = 0;
  bool chooses = v->phase == ISLE_PHASE_WEATHER && v->to_move == o->observer;

  if (v->n_seats != want_seats)
    FAIL (ISLE_OBS_SEATS_FOR_VARIANT, -1, -1, 0, v->n_seats, want_seats);
  {
    const uint8_t seats[] = { o->observer, v->to_move, v->first_seat, v->next_seat,
                              v->ability_seat };
    for (size_t i = 0; i < sizeof seats; i++)
      if (seats[i] >= v->n_seats)
        FAIL (ISLE_OBS_BAD_SEAT, -1, -1, 0, seats[i], v->n_seats);
  }
  if (v->round < 1 || v->n_rounds < 1)
    FAIL (ISLE_OBS_ROUND_ZERO, -1, -1, 0, 0, 1);
  if (v->round > v->n_rounds)
    FAIL (ISLE_OBS_ROUND_PAST_END, -1, -1, 0, v->round, v->n_rounds);
  while (hand < ISLE_HAND_MAX && v->hand[o->observer][hand] != ISLE_KIND_NONE)
    hand++;
  if (hand != v->hand_len[o->observer])
    FAIL (ISLE_OBS_HAND_SIZE, o->observer, -1, 0, hand, v->hand_len[o->observer]);

  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      const IsleCell *c = &v->board.cells[i];

      if (c->kind == ISLE_KIND_NONE)
        continue;
      if (c->seat >= v->n_seats)
        FAIL (ISLE_OBS_TOKEN_SEAT, c->seat, i, c->kind, c->seat, v->n_seats);
      if (c->kind == ISLE_KIND_UNKNOWN)
        {
          if (c->seat == o->observer || !(c->flags & ISLE_CELL_FACE_DOWN))
            FAIL (ISLE_OBS_HIDDEN_TOKEN, c->seat, i, c->kind, 0, 0);
          hidden[c->seat]++;
        }
    }
  for (int i = 0; i < ISLE_N_CELLS; i++)
    if (v->scored_board.cells[i].kind != ISLE_KIND_NONE
        && v->scored_board.cells[i].seat >= v->n_seats)
      FAIL (ISLE_OBS_SCORED_TOKEN_SEAT, v->scored_board.cells[i].seat, i, 0,
            v->scored_board.cells[i].seat, v->n_seats);
  if (v->board.occupied & v->board.fog)
    FAIL (ISLE_OBS_TOKEN_UNDER_FOG, -1, __builtin_ctzll (v->board.occupied & v->board.fog),
          0, 0, 0);

  /* R11: the other team's hidden tokens are pooled under its lower seat. */
  for (int t = 0; t < v->n_seats; t++)
    {
      int want = v->pile_len[t], have = 0;

      if (t != o->observer)
        want += v->hand_len[t] + hidden[t];
      if (v->n_seats > 2 && (int) isle_seat_side (t) != side)
        {
          if (t >= 2)
            continue;
          want += v->pile_len[t + 2] + v->hand_len[t + 2] + hidden[t + 2];
          for (int k = 0; k < ISLE_N_KINDS; k++)
            if (o->unseen[t + 2][k] != 0)
              FAIL (ISLE_OBS_UNSEEN_NOT_POOLED, t, -1, k, 0, 0);
        }
      for (int k = 0; k < ISLE_N_KINDS; k++)
        have += o->unseen[t][k];
      if (have != want)
        FAIL (ISLE_OBS_UNSEEN_COUNT, t, -1, 0, want, have);
    }

  /* R6.1: the two drawn cards are the chooser's; outside a choice none. */
  for (int i = 0; i < 2; i++)
    if ((v->drawn[i] == ISLE_WEATHER_UNKNOWN) == chooses)
      FAIL (ISLE_OBS_DRAWN, -1, -1, 0, chooses ? 0 : 1, chooses ? 1 : 0);
  for (int i = 0; i < v->deck_len; i++)
    unknown_weather += v->deck[i] == ISLE_WEATHER_UNKNOWN;
  if (v->phase == ISLE_PHASE_WEATHER && !chooses)
    unknown_weather += 2;
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    unseen_weather += o->unseen_weather[w];
  if (unknown_weather != unseen_weather)
    FAIL (ISLE_OBS_WEATHER_UNSEEN, -1, -1, 0, unknown_weather, unseen_weather);
  return ISLE_OBS_OK;
}

/* The map as play leaves it (R1, R8.9): fog covers whole quadrants, at
 * most 3; a Hippo's second tile (`+`) is a face-up Hippo's, next to its
 * first tile, which has no other. */
static IsleObsCode
check_map (const IsleBoard *b, IsleObsProblem *out)
{
  int boards = 0;

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);

      if ((b->fog & m) == m)
        boards++;
      else if (b->fog & m)
        FAIL (ISLE_OBS_FOG_PARTIAL, -1, -1, 0, q, 0);
    }
  if (boards > ISLE_N_FOG_BOARDS)
    FAIL (ISLE_OBS_FOG_TOO_MUCH, -1, -1, 0, boards, ISLE_N_FOG_BOARDS);

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &b->cells[cell];
      bool second = (c->flags & ISLE_CELL_HIPPO_SECOND) != 0;
      int partners = 0;

      if (second && (c->kind != ISLE_KIND_HIPPO || (c->flags & ISLE_CELL_FACE_DOWN)))
        FAIL (ISLE_OBS_HIPPO_SECOND_FACE, c->seat, cell, c->kind, 0, 0);
      if (c->kind != ISLE_KIND_HIPPO || (c->flags & ISLE_CELL_FACE_DOWN))
        continue;
      for (uint64_t n = isle_cell_neighbours (cell); n; n &= n - 1)
        {
          const IsleCell *other = &b->cells[__builtin_ctzll (n)];

          if (other->kind == ISLE_KIND_HIPPO && other->seat == c->seat
              && !(other->flags & ISLE_CELL_FACE_DOWN)
              && ((other->flags & ISLE_CELL_HIPPO_SECOND) != 0) != second)
            partners++;
        }
      if (second ? partners != 1 : partners > 1)
        FAIL (ISLE_OBS_HIPPO_SECOND_ALONE, c->seat, cell, c->kind, partners, 1);
    }
  return ISLE_OBS_OK;
}

/* R1, R9.3, R11: every token is somewhere. Each seat holds 18 tokens (9 in
 * the team game) on the map, in hand and in its pile; a side holds each
 * mercenary it hired, no other, and each basic kind less those its
 * mercenaries replaced. What the observer cannot see is in the unseen
 * counts. */
static IsleObsCode
check_tokens (const IsleObservation *o, IsleObsProblem *out)
{
  const IsleState *v = &o->view;
  int per_seat = v->n_seats > 2 ? ISLE_SIDE_TOKENS / 2 : ISLE_SIDE_TOKENS;
  int seat_tokens[ISLE_MAX_SEATS] = { 0 };
  int kinds[ISLE_N_SIDES][ISLE_N_KINDS] = { { 0 } };

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &v->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || (c->flags & ISLE_CELL_HIPPO_SECOND))
        continue;
      seat_tokens[c->seat]++;
      if (c->kind != ISLE_KIND_UNKNOWN)
        kinds[isle_seat_side (c->seat)][c->kind]++;
    }
  for (int t = 0; t < v->n_seats; t++)
    {
      seat_tokens[t] += v->hand_len[t] + v->pile_len[t];
      if (seat_tokens[t] != per_seat)
        FAIL (ISLE_OBS_WRONG_TOTAL, t, -1, 0, seat_tokens[t], per_seat);
      for (int k = 0; k < ISLE_N_KINDS; k++)
        kinds[isle_seat_side (t)][k] += o->unseen[t][k];
    }
  for (int i = 0; i < v->hand_len[o->observer]; i++)
    if (v->hand[o->observer][i] < ISLE_N_KINDS)
      kinds[isle_seat_side (o->observer)][v->hand[o->observer][i]]++;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
      {
        const IsleKindInfo *info = isle_kind_info ((IsleKind) k);
        int want = info->mercenary ? v->hired[side][k] : info->supply;

        if (info->mercenary && v->hired[side][k] + v->pending[side][k] > info->supply)
          FAIL (ISLE_OBS_HIRED_TOO_MANY, side, -1, k, v->hired[side][k] + v->pending[side][k],
                info->supply);
        if (!info->mercenary)
          for (int m = ISLE_FIRST_MERCENARY; m < ISLE_N_KINDS; m++)
            if ((int) isle_kind_info ((IsleKind) m)->replaces == k)
              want -= v->hired[side][m];
        if (kinds[side][k] != want)
          FAIL (ISLE_OBS_KIND_COUNT, side, -1, k, kinds[side][k], want);
      }
  return ISLE_OBS_OK;
}

/* The tile of SEAT's unsettled Hippo's second tile, or -1 (R8.9). */
static int
unsettled_hippo (const IsleBoard *b, int seat)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if ((b->cells[cell].flags & ISLE_CELL_HIPPO_SECOND) && b->cells[cell].seat == seat)
      return cell;
  return -1;
}

/* Whether SEAT's face-up Frog has a free open tile to hop to (R8.5). */
static bool
frog_can_hop (const IsleBoard *b, int seat)
{
  for (uint64_t todo = b->kind[ISLE_KIND_FROG] & ~b->face_down; todo; todo &= todo - 1)
    {
      int cell = __builtin_ctzll (todo);

      if (b->cells[cell].seat == seat)
        return (isle_cell_neighbours (cell) & isle_board_free_open (b)) != 0;
    }
  return false;
}

/* Whether TILE holds a face-up KIND of SEAT. */
static bool
holds (const IsleBoard *b, int tile, int seat, IsleKind kind)
{
  return tile < ISLE_N_CELLS && b->cells[tile].kind == kind && b->cells[tile].seat == seat
         && !(b->cells[tile].flags & ISLE_CELL_FACE_DOWN);
}

/* R8.1, R8.4: the mercenaries whose owner's opponent replaces a token. */
static bool
holds_replacer (const IsleBoard *b, int tile, int seat)
{
  return holds (b, tile, seat, ISLE_KIND_FOX) || holds (b, tile, seat, ISLE_KIND_SNAKE);
}

/* Whether the phase is a decision the engine can reach
 * (doc/decision-points.md) with SEAT to move. */
static bool
phase_possible (const IsleState *v, int seat)
{
  const IsleBoard *b = &v->board;
  bool mercenaries = v->variant >= ISLE_VARIANT_MERCENARY;

  switch ((IslePhase) v->phase)
    {
    case ISLE_PHASE_WEATHER:
      return v->variant == ISLE_VARIANT_WEATHER || v->variant == ISLE_VARIANT_MERCENARY;
    case ISLE_PHASE_HIRE:
      return mercenaries && !(v->hire_done & (1u << seat)) && v->hire_done < (1u << v->n_seats);
    case ISLE_PHASE_HAND:
      return v->hand_len[seat] < ISLE_HAND_MAX;
    case ISLE_PHASE_SETTLE:
      return unsettled_hippo (b, seat) >= 0;
    case ISLE_PHASE_HOP:
      return frog_can_hop (b, seat);
    case ISLE_PHASE_ABILITY:
      return seat == v->ability_seat
             && (holds_replacer (b, v->ability_cell, seat)
                 || holds (b, v->ability_cell, seat, ISLE_KIND_MOUSES)
                 || holds (b, v->ability_cell, seat, ISLE_KIND_MOLE)
                 || holds (b, v->ability_cell, seat, ISLE_KIND_PRAIRIE_DOG));
    case ISLE_PHASE_REPLACE:
      return isle_seat_side (seat) != isle_seat_side (v->ability_seat)
             && holds_replacer (b, v->ability_cell, v->ability_seat)
             && v->replace_cell < ISLE_N_CELLS && b->cells[v->replace_cell].kind != ISLE_KIND_NONE
             && b->cells[v->replace_cell].seat == seat
             && !(b->cells[v->replace_cell].flags & ISLE_CELL_HIPPO_SECOND);
    case ISLE_PHASE_PLACE:
    case ISLE_PHASE_FOG_LIFT:
    case ISLE_PHASE_OVER:
      return true;
    case ISLE_N_PHASES:
    default:
      return false;
    }
}

/* The game can stand where OBS says, and whoever is to move has something
 * to choose: a search over OBS never meets a decision with no action. */
static IsleObsCode
check_decision (const IsleObservation *o, IsleObsProblem *out)
{
  const IsleState *v = &o->view;
  bool ability = isle_obs_ability_resolves (v);

  for (int side = 0; side < ISLE_N_SIDES; side++)
    if (v->coins[side] < 0 || v->coins[side] > ISLE_OBS_MAX_POINTS
        || v->total[side] < 0 || v->total[side] > ISLE_OBS_MAX_POINTS)
      FAIL (ISLE_OBS_POINTS_RANGE, side, -1, 0, 0, ISLE_OBS_MAX_POINTS);
  for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
    for (int side = 0; side < ISLE_N_SIDES; side++)
      if (v->round_score[r][side] < 0 || v->round_score[r][side] > ISLE_OBS_MAX_POINTS)
        FAIL (ISLE_OBS_SCORE_RANGE, side, -1, 0, r + 1, ISLE_OBS_MAX_POINTS);
  /* R6.1: the drawn cards and those kept are out of the deck. */
  if (v->deck_len + (v->phase == ISLE_PHASE_WEATHER ? 2 : 0) > v->rules.weather_deck_len
      || (v->deck_len > 0 && v->variant != ISLE_VARIANT_WEATHER
          && v->variant != ISLE_VARIANT_MERCENARY))
    FAIL (ISLE_OBS_DECK_TOO_LONG, -1, -1, 0, v->deck_len, v->rules.weather_deck_len);
  if (v->variant < ISLE_VARIANT_MERCENARY)
    for (int t = 0; t < v->n_seats; t++)
      if (unsettled_hippo (&v->board, t) >= 0)
        FAIL (ISLE_OBS_HIPPO_NO_MERCENARIES, t, unsettled_hippo (&v->board, t), ISLE_KIND_HIPPO, 0, 0);
  /* R8: isle_state_observe() names an ability's tiles only while it
   * resolves. */
  if ((!ability && (v->ability_cell != ISLE_NO_CELL || v->ability_seat != 0))
      || (v->phase != ISLE_PHASE_REPLACE && v->replace_cell != ISLE_NO_CELL))
    FAIL (ISLE_OBS_NO_ABILITY_TILE, -1, -1, 0, v->phase, 0);
  if (v->phase != ISLE_PHASE_OVER && v->winner != 0)
    FAIL (ISLE_OBS_WINNER_EARLY, -1, -1, 0, v->winner, 0);
  if (!phase_possible (v, v->to_move))
    FAIL (ISLE_OBS_BAD_PHASE, v->to_move, -1, 0, v->phase, 0);

  if (v->phase != ISLE_PHASE_OVER)
    {
      IsleState state;
      IsleActionList list;
      IsleRng rng;

      isle_rng_seed (&rng, UINT64_C (0x5eed));
      isle_obs_determinize (o, &rng, &state);
      if (isle_state_legal_actions (&state, &list) == 0)
        FAIL (ISLE_OBS_NOTHING_TO_CHOOSE, v->to_move, -1, 0, v->phase, 0);
    }
  return ISLE_OBS_OK;
}

#undef FAIL

IsleObsCode
isle_obs_check (const IsleObservation *obs, IsleObsProblem *problem)
{
  IsleObsCode code;

  if ((code = check_seats_and_hidden (obs, problem)) != ISLE_OBS_OK
      || (code = check_map (&obs->view.board, problem)) != ISLE_OBS_OK
      || (code = check_tokens (obs, problem)) != ISLE_OBS_OK
      || (code = check_decision (obs, problem)) != ISLE_OBS_OK)
    return code;
  return ISLE_OBS_OK;
}
