/* isle-observation.c — R12: what a seat may see, and states sampled from it
 * (determinization, for Information-Set MCTS). */
#include "isle-state.h"

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
  if (v->phase == ISLE_PHASE_WEATHER && v->to_move != seat)
    for (int i = 0; i < 2; i++)
      {
        if (v->drawn[i] < ISLE_N_WEATHER)
          obs->unseen_weather[v->drawn[i]]++;
        v->drawn[i] = ISLE_WEATHER_UNKNOWN;
      }
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

  isle_rng_seed (&state->rng, isle_rng_next (rng));
}
