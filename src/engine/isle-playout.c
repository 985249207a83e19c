/* isle-playout.c — random playouts: isle_state_sample_action(), one
 * uniformly random legal action, and isle_state_playout(), a whole game of
 * them, fast, for benchmarks and search. Each fast path mirrors the
 * transitions of isle-state.c it stands for, drawing every action as
 * isle_state_sample_action() would and leaving the state where
 * isle_state_apply() would: opening hands (R4.2), hiring (R9.3) and rounds
 * without mercenaries (R4.4, R6) here, rounds with mercenaries in
 * isle-playout-round.c. isle_state_playout_log() records the actions so
 * tests can replay them through isle_state_apply().
 */
#include "isle-playout-private.h"

/* ---- sampled actions --------------------------------------------------- */

/* A uniformly random legal placement of the seat to move, without listing
 * them all, when its hand holds the N_HELD kinds HELD (each once, in the
 * order their placements are counted). */
IsleAction
isle_playout_sample_placement (const IsleState *s, const uint8_t *held, int n_held, IsleRng *rng)
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
  return isle_playout_sample_placement (s, held, n, rng);
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

/* ---- rounds without mercenaries ---------------------------------------- */

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
        isle_state_end_round (s);                              /* R4.6 */
      else
        isle_state_need_fog_lift (s, last, next);              /* R6.5 */
    }
  else if (s->hand_len[next] > 0)
    {
      s->placements_left = 1;
      s->to_move = (uint8_t) next;
    }
  else
    isle_state_begin_turn (s, next);   /* R4.5; the notes are already cleared */
  return log != NULL && log->n >= log->max;
}

/* ---- opening hands and hiring ------------------------------------------ */

/* R4.2: random opening hands: the seats still to pick, in the order
 * isle_state_begin_hands() gives them the turn, each picking until its hand
 * is complete (pick_pile_pick()), as far as the log goes; then
 * isle_state_begin_hands() moves on as after the last pick. Seats pick two at
 * a time, so that the processor works on both at once. Returns true when the
 * log is full. */
static ISLE_NOINLINE bool
playout_hands (IsleState *s, IsleRng *rng, PlayoutLog *log)
{
  int seats[ISLE_MAX_SEATS], picks[ISLE_MAX_SEATS], n = 0, total = 0;
  uint8_t kinds[ISLE_MAX_SEATS][ISLE_HAND_MAX];
  int room = log != NULL ? log->max - log->n : ISLE_MAX_SEATS * ISLE_HAND_MAX;

  /* isle_state_begin_hands() order: from the round's first seat; those before
   * the seat to move are complete. */
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
  isle_state_begin_hands (s);
  return log != NULL && log->n >= log->max;
}

/* R9.3: random hiring, each choice drawn uniformly among the legal ones
 * (every kind the side may add, and `done`) as isle_state_sample_action()
 * draws it, or `done` at once with ISLE_PLAYOUT_NO_HIRING; a hire does what
 * isle_state_apply_unchecked() does (the pending hire), with the coins and
 * basic tokens left (isle_state_hire_basics()) kept up to date instead of
 * counted again; `done` is applied by isle_state_apply_unchecked(). Returns
 * true when the log is full. */
static bool
playout_hire (IsleState *s, IsleRng *rng, unsigned flags, PlayoutLog *log)
{
  const IsleAction done = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);

  while (s->phase == ISLE_PHASE_HIRE)
    {
      IsleSide side = isle_seat_side (s->to_move);
      int basics[ISLE_N_KINDS];
      int32_t coins = s->coins[side] - mercenaries_cost (s, s->pending[side]);
      uint32_t kinds = 0;

      if (!(flags & ISLE_PLAYOUT_NO_HIRING))
        {
          isle_state_hire_basics (s, side, basics);
          kinds = isle_state_hirable_with (s, side, basics, coins);
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
          kinds = isle_state_hirable_with (s, side, basics, coins);
          if (log_action (log, isle_action_kind_only (ISLE_ACTION_HIRE, kind)))
            return true;
        }
      if (log_action (log, done))
        {
          isle_state_apply_unchecked (s, done);
          return true;
        }
      isle_state_apply_unchecked (s, done);
    }
  return false;
}

/* ---- whole playouts ---------------------------------------------------- */

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
        full = isle_playout_round (s, rng, log);
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
          isle_state_apply_unchecked (s, a);
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
