/* isle-position.c — positions described field by field (a scenario's
 * `start`): the checks of R1–R11 they must pass, the IsleState they give,
 * and the edits of their map an editor makes (tokens and fog boards, as R1,
 * R8.6 and R8.9 shape them). doc/scenario-format.md lists the checks with
 * the rules they cite.
 */
#include "isle-position.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

static void
add (IslePositionProblems *p, IslePositionCode code, int seat, int cell,
     IsleKind kind, int32_t value, int32_t expected)
{
  if (p->n < ISLE_POSITION_MAX_PROBLEMS)
    {
      IslePositionProblem *q = &p->problems[p->n];

      q->code = (uint8_t) code;
      q->seat = (int8_t) seat;
      q->cell = (int8_t) cell;
      q->kind = (uint8_t) kind;
      q->value = value;
      q->expected = expected;
    }
  p->n++;
}

static int
n_seats_of (IsleVariant variant)
{
  return variant == ISLE_VARIANT_TEAM ? ISLE_MAX_SEATS : 2;
}

/* R4.1, R9, R10, R11: the games played with mercenaries and coins. */
static bool
has_mercenaries (IsleVariant variant)
{
  return variant >= ISLE_VARIANT_MERCENARY;
}

/* R6.1: the games whose weather comes from the deck. */
static bool
uses_deck (IsleVariant variant)
{
  return variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY;
}

/* R1, R11: the tokens each seat holds: 18, or 9 per team player. */
static int
seat_capacity (IsleVariant variant)
{
  return n_seats_of (variant) > 2 ? ISLE_SIDE_TOKENS / 2 : ISLE_SIDE_TOKENS;
}

void
isle_position_init (IslePosition *p)
{
  memset (p, 0, sizeof *p);
  isle_board_clear (&p->board);
  p->round = 1;
  p->weather = ISLE_WEATHER_SUNNY;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      p->random_hand[seat] = true;
      p->random_pile[seat] = true;
    }
}

/* R1, R2, R9.3: what SIDE owns of each kind: its basic tokens less those
 * its hired mercenaries replaced, and those mercenaries. */
static void
side_supply (const IslePosition *p, IsleVariant variant, int side,
             int supply[ISLE_N_KINDS])
{
  for (int k = 0; k < ISLE_N_KINDS; k++)
    supply[k] = isle_kind_is_mercenary ((IsleKind) k) ? 0 : isle_kind_info ((IsleKind) k)->supply;
  supply[ISLE_KIND_NONE] = 0;
  if (!has_mercenaries (variant))
    return;
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    {
      supply[k] = p->hired[side][k];
      supply[isle_kind_info ((IsleKind) k)->replaces] -= p->hired[side][k];
    }
}

/* Tokens of each kind SIDE has on the map (a two-tile Hippo once) and in
 * the hands and piles its seats list. HELD gets each seat's count. */
static void
side_used (const IslePosition *p, int n_seats, int side, int used[ISLE_N_KINDS],
           int held[ISLE_MAX_SEATS])
{
  memset (used, 0, sizeof (int) * ISLE_N_KINDS);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &p->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || c->kind >= ISLE_N_KINDS
          || (c->flags & ISLE_CELL_HIPPO_SECOND) || c->seat >= n_seats
          || (int) isle_seat_side (c->seat) != side)
        continue;
      used[c->kind]++;
      held[c->seat]++;
    }
  for (int seat = side; seat < n_seats; seat += 2)
    {
      if (!p->random_hand[seat])
        for (int i = 0; i < p->hand_len[seat] && i < ISLE_HAND_MAX; i++)
          if (p->hand[seat][i] < ISLE_N_KINDS)
            {
              used[p->hand[seat][i]]++;
              held[seat]++;
            }
      if (!p->random_pile[seat])
        for (int i = 0; i < p->pile_len[seat] && i < ISLE_PILE_MAX; i++)
          if (p->pile[seat][i] < ISLE_N_KINDS)
            {
              used[p->pile[seat][i]]++;
              held[seat]++;
            }
    }
}

/* A mercenary named in a hand or pile (CELL -1) or on the map: R4.1 in the
 * games without them, R9.3 when its side has not hired it. */
static void
check_mercenary (const IslePosition *p, IsleVariant variant, int seat, int cell,
                 IsleKind kind, IslePositionProblems *out)
{
  if (!isle_kind_is_mercenary (kind))
    return;
  if (!has_mercenaries (variant))
    add (out, ISLE_POSITION_MERCENARY_IN_BOX, seat, cell, kind, 0, 0);
  else if (p->hired[isle_seat_side (seat)][kind] == 0)
    add (out, ISLE_POSITION_NOT_HIRED, seat, cell, kind, 0, 0);
}

static void
check_round (const IslePosition *p, const IsleRules *rules, IsleVariant variant,
             IslePositionProblems *out)
{
  int n_seats = n_seats_of (variant);

  if (p->round < 1 || p->round > rules->rounds[variant])
    add (out, ISLE_POSITION_BAD_ROUND, -1, -1, ISLE_KIND_NONE, p->round, rules->rounds[variant]);
  if (p->first_seat >= n_seats)
    add (out, ISLE_POSITION_BAD_FIRST_SEAT, -1, -1, ISLE_KIND_NONE, p->first_seat, n_seats);
  if (p->to_move >= n_seats)
    add (out, ISLE_POSITION_BAD_TO_MOVE, -1, -1, ISLE_KIND_NONE, p->to_move, n_seats);

  /* R4, R11: Sunny only; R10: the one weather chosen; R6: any card. */
  if (p->weather >= ISLE_N_WEATHER)
    add (out, ISLE_POSITION_BAD_WEATHER, -1, -1, ISLE_KIND_NONE, p->weather, -1);
  else if ((variant == ISLE_VARIANT_BASIC || variant == ISLE_VARIANT_TEAM)
           && p->weather != ISLE_WEATHER_SUNNY)
    add (out, ISLE_POSITION_BAD_WEATHER, -1, -1, ISLE_KIND_NONE, p->weather, ISLE_WEATHER_SUNNY);
  else if (variant == ISLE_VARIANT_QUICK && p->weather != rules->quick_weather)
    add (out, ISLE_POSITION_BAD_WEATHER, -1, -1, ISLE_KIND_NONE, p->weather, rules->quick_weather);
}

/* R6.1: the cards left are cards of the rules' deck, less the one in play
 * and one kept in each earlier round. */
static void
check_deck (const IslePosition *p, const IsleRules *rules, IsleVariant variant,
            IslePositionProblems *out)
{
  int left[ISLE_N_WEATHER] = { 0 };
  int most;

  if (!p->has_deck)
    return;
  if (!uses_deck (variant))
    {
      if (p->deck_len > 0)
        add (out, ISLE_POSITION_DECK_UNUSED, -1, -1, ISLE_KIND_NONE, p->deck_len, 0);
      return;
    }
  for (int i = 0; i < rules->weather_deck_len; i++)
    if (rules->weather_deck[i] < ISLE_N_WEATHER)
      left[rules->weather_deck[i]]++;
  if (p->weather < ISLE_N_WEATHER && left[p->weather] > 0)
    left[p->weather]--;
  for (int i = 0; i < p->deck_len && i < ISLE_MAX_WEATHER_CARDS; i++)
    {
      int w = p->deck[i];

      if (w >= ISLE_N_WEATHER || --left[w] < 0)
        add (out, ISLE_POSITION_DECK_CARD, -1, i, ISLE_KIND_NONE, w, -1);
    }
  most = rules->weather_deck_len - p->round;
  if (most < 0)
    most = 0;
  if (p->deck_len > most)
    add (out, ISLE_POSITION_DECK_TOO_LONG, -1, -1, ISLE_KIND_NONE, p->deck_len, most);
}

/* R8.9: the tiles next to the face-up Hippo on CELL that may be its other
 * tile: face-up Hippos of the same seat, second tiles next to a first and
 * first tiles next to a second. */
static uint64_t
hippo_partners (const IsleBoard *b, int cell)
{
  const IsleCell *c = &b->cells[cell];
  bool second = (c->flags & ISLE_CELL_HIPPO_SECOND) != 0;
  uint64_t out = 0;

  for (uint64_t n = isle_cell_neighbours (cell); n; n &= n - 1)
    {
      const IsleCell *o = &b->cells[__builtin_ctzll (n)];

      if (o->kind == ISLE_KIND_HIPPO && o->seat == c->seat
          && !(o->flags & ISLE_CELL_FACE_DOWN)
          && ((o->flags & ISLE_CELL_HIPPO_SECOND) != 0) != second)
        out |= n & -n;
    }
  return out;
}

static void
check_board (const IslePosition *p, IsleVariant variant, IslePositionProblems *out)
{
  const IsleBoard *b = &p->board;
  int n_seats = n_seats_of (variant);
  int fogged = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &b->cells[cell];
      bool down = (c->flags & ISLE_CELL_FACE_DOWN) != 0;
      bool second = (c->flags & ISLE_CELL_HIPPO_SECOND) != 0;

      if (c->kind == ISLE_KIND_NONE || c->kind >= ISLE_N_KINDS)
        continue;
      if (c->seat >= n_seats)
        {
          add (out, ISLE_POSITION_BAD_OWNER, -1, cell, (IsleKind) c->kind, c->seat, n_seats);
          continue;
        }
      if (b->fog & BIT (cell))                                      /* R6.6 */
        add (out, ISLE_POSITION_TOKEN_UNDER_FOG, c->seat, cell, (IsleKind) c->kind, 0, 0);
      if (down && p->weather != ISLE_WEATHER_FOGGY)                 /* R6.4 */
        add (out, ISLE_POSITION_FACE_DOWN_NOT_FOGGY, c->seat, cell, (IsleKind) c->kind, 0, 0);
      /* R8.6: a face-down Chameleon keeps the opponent's colour. */
      if (down && c->kind == ISLE_KIND_CHAMELEON
          && c->colour != isle_kind_start_colour (ISLE_KIND_CHAMELEON, isle_seat_side (c->seat)))
        add (out, ISLE_POSITION_FACE_DOWN_CHAMELEON, c->seat, cell, (IsleKind) c->kind, 0, 0);
      if (!second)
        check_mercenary (p, variant, c->seat, cell, (IsleKind) c->kind, out);
      if (c->kind != ISLE_KIND_HIPPO)
        continue;
      /* R8.9: a face-down Hippo takes one tile; a face-up one lies across
       * two, `+` marking the second, until it settles. */
      if (down && second)
        {
          add (out, ISLE_POSITION_FACE_DOWN_HIPPO_SECOND, c->seat, cell, ISLE_KIND_HIPPO, 0, 0);
          continue;
        }
      if (down)
        continue;
      {
        int partners = isle_popcount (hippo_partners (b, cell));

        if (second && partners == 0)
          add (out, ISLE_POSITION_HIPPO_SECOND_ALONE, c->seat, cell, ISLE_KIND_HIPPO, 0, 1);
        else if (!second && partners > 1)
          add (out, ISLE_POSITION_HIPPO_TWO_SECONDS, c->seat, cell, ISLE_KIND_HIPPO, partners, 1);
      }
    }

  /* R1: fog boards cover whole quadrants, at most 3; R6.2: none in sun. */
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);
      uint64_t f = b->fog & m;

      if (f == m)
        fogged++;
      else if (f != 0 && ((m & ~f) & ~b->occupied) == 0)
        {
          /* The rest of the quadrant holds tokens: in R3 text a cell is a
           * token or fog, so this is how tokens under a fog board read. */
          fogged++;
          for (uint64_t t = m & ~f; t; t &= t - 1)
            {
              int cell = __builtin_ctzll (t);
              add (out, ISLE_POSITION_TOKEN_UNDER_FOG, b->cells[cell].seat, cell,
                   (IsleKind) b->cells[cell].kind, 0, 0);
            }
        }
      else if (f != 0)
        add (out, ISLE_POSITION_FOG_PARTIAL, -1, __builtin_ctzll (f), ISLE_KIND_NONE, q, 0);
    }
  if (fogged > ISLE_N_FOG_BOARDS)
    add (out, ISLE_POSITION_FOG_TOO_MUCH, -1, -1, ISLE_KIND_NONE, fogged, ISLE_N_FOG_BOARDS);
  if (b->fog != 0 && p->weather == ISLE_WEATHER_SUNNY)
    add (out, ISLE_POSITION_FOG_IN_SUN, -1, __builtin_ctzll (b->fog), ISLE_KIND_NONE, 0, 0);
}

/* R9.3: what each side hired; R1: how many of each it has. */
static bool
check_hires (const IslePosition *p, IsleVariant variant, IslePositionProblems *out)
{
  bool ok = true;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int replaced[ISLE_N_KINDS] = { 0 };
      bool any = false;

      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        {
          const IsleKindInfo *info = isle_kind_info ((IsleKind) k);

          if (p->hired[side][k] == 0)
            continue;
          any = true;
          replaced[info->replaces] += p->hired[side][k];
          if (has_mercenaries (variant) && p->hired[side][k] > info->supply)
            {
              add (out, ISLE_POSITION_HIRED_TOO_MANY, side, -1, (IsleKind) k,
                   p->hired[side][k], info->supply);
              ok = false;
            }
        }
      if (any && !has_mercenaries (variant))
        {
          add (out, ISLE_POSITION_HIRED_IN_BOX, side, -1, ISLE_KIND_NONE, 0, 0);
          ok = false;
          continue;
        }
      for (int k = ISLE_KIND_WOLF; k < ISLE_FIRST_MERCENARY; k++)
        if (replaced[k] > isle_kind_info ((IsleKind) k)->supply)
          {
            add (out, ISLE_POSITION_HIRED_NO_BASIC, side, -1, (IsleKind) k,
                 replaced[k], isle_kind_info ((IsleKind) k)->supply);
            ok = false;
          }
    }
  return ok;
}

/* What is left of each seat's tokens for its random hand and pile. */
static int
seat_remainder (IsleVariant variant, int seat, const int held[ISLE_MAX_SEATS])
{
  return seat_capacity (variant) - held[seat];
}

static void
check_tokens (const IslePosition *p, IsleVariant variant, bool hires_ok,
              IslePositionProblems *out)
{
  int n_seats = n_seats_of (variant);
  int held[ISLE_MAX_SEATS] = { 0 };
  int cap = seat_capacity (variant);
  bool counts_ok = true;

  for (int seat = 0; seat < n_seats; seat++)
    {
      if (!p->random_hand[seat])
        for (int i = 0; i < p->hand_len[seat] && i < ISLE_HAND_MAX; i++)
          check_mercenary (p, variant, seat, -1, (IsleKind) p->hand[seat][i], out);
      if (!p->random_pile[seat])
        for (int i = 0; i < p->pile_len[seat] && i < ISLE_PILE_MAX; i++)
          check_mercenary (p, variant, seat, -1, (IsleKind) p->pile[seat][i], out);
      if (!p->random_hand[seat] && p->hand_len[seat] > ISLE_HAND_MAX)
        add (out, ISLE_POSITION_HAND_TOO_BIG, seat, -1, ISLE_KIND_NONE, p->hand_len[seat], ISLE_HAND_MAX);
      if (!p->random_pile[seat] && p->pile_len[seat] > cap)
        add (out, ISLE_POSITION_PILE_TOO_BIG, seat, -1, ISLE_KIND_NONE, p->pile_len[seat], cap);
    }

  /* R1, R2, R9.3: no side has more of a kind than it owns. */
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int supply[ISLE_N_KINDS], used[ISLE_N_KINDS];

      side_supply (p, variant, side, supply);
      side_used (p, n_seats, side, used, held);
      if (!hires_ok)
        continue;
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        {
          /* A mercenary not hired, or in the box, is reported as such. */
          if (isle_kind_is_mercenary ((IsleKind) k) && supply[k] == 0)
            continue;
          if (used[k] > supply[k])
            {
              add (out, ISLE_POSITION_TOO_MANY_OF_KIND, side, -1, (IsleKind) k, used[k], supply[k]);
              counts_ok = false;
            }
        }
    }

  /* R1: 18 tokens a side; R11: 9 per team player; R4.4: 5 in a hand. */
  for (int seat = 0; seat < n_seats; seat++)
    {
      int rest = seat_remainder (variant, seat, held);
      bool hand_random = p->random_hand[seat], pile_random = p->random_pile[seat];

      if ((!hand_random && !pile_random && rest != 0) || rest < 0)
        {
          add (out, ISLE_POSITION_WRONG_TOTAL, seat, -1, ISLE_KIND_NONE, held[seat], cap);
          continue;
        }
      if (!counts_ok)
        continue;
      if (hand_random && !pile_random && rest > ISLE_HAND_MAX)
        add (out, ISLE_POSITION_HAND_TOO_BIG, seat, -1, ISLE_KIND_NONE, rest, ISLE_HAND_MAX);
      /* R4.4d: a hand is refilled after every placement while the pile
       * lasts, so only a seat with an empty pile holds fewer than 5. */
      if (!hand_random && p->hand_len[seat] < ISLE_HAND_MAX)
        {
          int pile = pile_random ? rest : p->pile_len[seat];

          if (pile > 0)
            add (out, ISLE_POSITION_HAND_NOT_FULL, seat, -1, ISLE_KIND_NONE,
                 p->hand_len[seat], pile);
        }
    }
}

static void
check_scores (const IslePosition *p, IsleVariant variant, IslePositionProblems *out)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      /* R9.2: coins are counted only in the games with mercenaries. */
      if (!has_mercenaries (variant) && p->coins[side] != 0)
        add (out, ISLE_POSITION_COINS_UNUSED, side, -1, ISLE_KIND_NONE, p->coins[side], 0);
      else if (p->coins[side] < 0)
        add (out, ISLE_POSITION_COINS_NEGATIVE, side, -1, ISLE_KIND_NONE, p->coins[side], 0);
      for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
        {
          if (p->scores[r][side] == 0)
            continue;
          if (r + 1 >= p->round)
            add (out, ISLE_POSITION_SCORE_LATER_ROUND, side, r, ISLE_KIND_NONE, p->scores[r][side], 0);
          else if (p->scores[r][side] < 0)
            add (out, ISLE_POSITION_SCORE_NEGATIVE, side, r, ISLE_KIND_NONE, p->scores[r][side], 0);
        }
    }
}

static int
static_checks (const IslePosition *p, const IsleRules *rules, IsleVariant variant,
               IslePositionProblems *out)
{
  bool hires_ok;

  out->n = 0;
  if ((unsigned) variant >= ISLE_N_VARIANTS)
    {
      add (out, ISLE_POSITION_BAD_ROUND, -1, -1, ISLE_KIND_NONE, p->round, 0);
      return out->n;
    }
  check_round (p, rules, variant, out);
  check_deck (p, rules, variant, out);
  check_board (p, variant, out);
  hires_ok = check_hires (p, variant, out);
  check_tokens (p, variant, hires_ok, out);
  check_scores (p, variant, out);
  return out->n;
}

/* Builds the state of a position that passed static_checks(). */
static void
build (const IslePosition *p, const IsleRules *rules, IsleVariant variant,
       uint64_t seed, IsleState *s)
{
  int n_seats = n_seats_of (variant);
  int held[ISLE_MAX_SEATS] = { 0 };

  isle_state_init (s, rules, variant, p->first_seat, seed);
  isle_board_clear (&s->board);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &p->board.cells[cell];
      IsleColour colour;

      if (c->kind == ISLE_KIND_NONE)
        continue;
      /* R2: a token shows its kind's colour; R8.6: a face-up Chameleon the
       * colour it has taken. */
      colour = isle_kind_start_colour ((IsleKind) c->kind, isle_seat_side (c->seat));
      if (c->kind == ISLE_KIND_CHAMELEON && !(c->flags & ISLE_CELL_FACE_DOWN)
          && (c->colour == ISLE_COLOUR_RED || c->colour == ISLE_COLOUR_BLUE))
        colour = (IsleColour) c->colour;
      isle_board_put (&s->board, cell, (IsleKind) c->kind, c->seat, colour,
                      c->flags & (ISLE_CELL_FACE_DOWN | ISLE_CELL_HIPPO_SECOND));
    }
  s->board.fog = p->board.fog & ISLE_ALL_CELLS;
  isle_board_sync (&s->board);

  s->round = p->round;
  s->n_rounds = rules->rounds[variant];
  s->first_seat = p->first_seat;
  s->weather = p->weather;
  memset (s->weather_kept, 0, sizeof s->weather_kept);
  s->weather_kept[p->round - 1] = p->weather;
  s->drawn[0] = s->drawn[1] = 0;
  memset (s->pending, 0, sizeof s->pending);
  s->hire_done = 0;
  memset (s->bonus, 0, sizeof s->bonus);
  s->placements_left = 0;
  s->extra_rounds = 0;
  s->winner = 0;

  /* R9.3: the hires; R9.2, R7.4: coins and earlier rounds. */
  memset (s->hired, 0, sizeof s->hired);
  if (has_mercenaries (variant))
    memcpy (s->hired, p->hired, sizeof s->hired);
  memset (s->round_score, 0, sizeof s->round_score);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      s->total[side] = 0;
      for (int r = 0; r + 1 < p->round; r++)
        {
          s->round_score[r][side] = p->scores[r][side];
          s->total[side] += p->scores[r][side];
        }
      s->coins[side] = has_mercenaries (variant) ? p->coins[side] : 0;
    }

  /* Hands and piles: what is given, then what is left of each side's
   * tokens, shuffled from the seed, for the random ones. */
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int supply[ISLE_N_KINDS], used[ISLE_N_KINDS];
      uint8_t bag[ISLE_SIDE_TOKENS];
      int n = 0, next = 0;

      side_supply (p, variant, side, supply);
      side_used (p, n_seats, side, used, held);
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        for (int i = used[k]; i < supply[k] && n < ISLE_SIDE_TOKENS; i++)
          bag[n++] = (uint8_t) k;
      isle_rng_shuffle (&s->rng, bag, n);

      for (int seat = side; seat < n_seats; seat += 2)
        {
          int rest = seat_capacity (variant) - held[seat];

          memset (s->hand[seat], 0, sizeof s->hand[seat]);
          memset (s->pile[seat], 0, sizeof s->pile[seat]);
          s->hand_len[seat] = 0;
          s->pile_len[seat] = 0;
          if (!p->random_hand[seat])
            for (int i = 0; i < p->hand_len[seat]; i++)
              s->hand[seat][s->hand_len[seat]++] = p->hand[seat][i];
          else
            {
              int take = p->random_pile[seat] && rest > ISLE_HAND_MAX ? ISLE_HAND_MAX : rest;

              for (int i = 0; i < take && next < n; i++)
                s->hand[seat][s->hand_len[seat]++] = bag[next++];
              rest -= take;
            }
          if (!p->random_pile[seat])
            for (int i = 0; i < p->pile_len[seat]; i++)
              s->pile[seat][s->pile_len[seat]++] = p->pile[seat][i];
          else
            for (int i = 0; i < rest && next < n; i++)
              s->pile[seat][s->pile_len[seat]++] = bag[next++];
        }
    }

  /* R6.1: the deck left, top first. */
  memset (s->deck, 0, sizeof s->deck);
  memset (s->deck_seen, 0, sizeof s->deck_seen);
  s->deck_len = 0;
  if (uses_deck (variant))
    {
      if (p->has_deck)
        {
          memcpy (s->deck, p->deck, p->deck_len);
          s->deck_len = p->deck_len;
        }
      else
        {
          uint8_t cards[ISLE_MAX_WEATHER_CARDS];
          int n = 0, drop = p->round - 1;
          bool taken = false;

          for (int i = 0; i < rules->weather_deck_len; i++)
            {
              if (!taken && rules->weather_deck[i] == p->weather)
                {
                  taken = true;
                  continue;
                }
              cards[n++] = rules->weather_deck[i];
            }
          isle_rng_shuffle (&s->rng, cards, n);
          if (drop > n)
            drop = n;
          memcpy (s->deck, cards + drop, (size_t) (n - drop));
          s->deck_len = (uint8_t) (n - drop);
        }
    }
  s->n_actions = 0;
}

/* R4.6: every tile holds a token, no fog is left, no Hippo lies across two
 * tiles. */
static bool
round_is_over (const IsleState *s)
{
  if (s->board.occupied != ISLE_ALL_CELLS || s->board.fog != 0)
    return false;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (s->board.cells[cell].flags & ISLE_CELL_HIPPO_SECOND)
      return false;
  return true;
}

/* R4.4, R4.5: the turn of the seat to move begins: it must be that seat's
 * decision in the same round. */
static void
begin (const IslePosition *p, IsleState *s, IslePositionProblems *out)
{
  if (round_is_over (s))
    {
      add (out, ISLE_POSITION_ROUND_OVER, -1, -1, ISLE_KIND_NONE, 0, 0);
      return;
    }
  isle_state_begin_turn (s, p->to_move);
  if (s->round != p->round || isle_state_is_terminal (s))
    add (out, ISLE_POSITION_NOTHING_TO_PLACE, p->to_move, -1, ISLE_KIND_NONE, -1, 0);
  else if (s->to_move != p->to_move)
    add (out, ISLE_POSITION_NOTHING_TO_PLACE, p->to_move, -1, ISLE_KIND_NONE, s->to_move, 0);
}

int
isle_position_check (const IslePosition *p, const IsleRules *rules,
                     IsleVariant variant, IslePositionProblems *out)
{
  IsleState s;

  if (static_checks (p, rules, variant, out) > 0)
    return out->n;
  build (p, rules, variant, 0, &s);
  begin (p, &s, out);
  return out->n;
}

bool
isle_position_to_state (const IslePosition *p, const IsleRules *rules,
                        IsleVariant variant, uint64_t seed, IsleState *state,
                        IslePositionProblems *out)
{
  IsleState s;

  if (static_checks (p, rules, variant, out) > 0)
    return false;
  build (p, rules, variant, seed, &s);
  begin (p, &s, out);
  if (out->n > 0)
    return false;
  *state = s;
  return true;
}

void
isle_position_from_state (IslePosition *p, const IsleState *s)
{
  isle_position_init (p);
  p->round = s->round;
  p->first_seat = s->first_seat;
  p->to_move = s->phase == ISLE_PHASE_REPLACE || s->phase == ISLE_PHASE_ABILITY
               ? s->ability_seat : s->to_move;
  p->weather = s->weather;
  p->board = s->board;
  p->has_deck = s->variant == ISLE_VARIANT_WEATHER || s->variant == ISLE_VARIANT_MERCENARY;
  p->deck_len = s->deck_len;
  memcpy (p->deck, s->deck, sizeof p->deck);
  for (int seat = 0; seat < s->n_seats; seat++)
    {
      p->random_hand[seat] = false;
      p->random_pile[seat] = false;
      p->hand_len[seat] = s->hand_len[seat];
      memcpy (p->hand[seat], s->hand[seat], sizeof p->hand[seat]);
      p->pile_len[seat] = s->pile_len[seat];
      memcpy (p->pile[seat], s->pile[seat], sizeof p->pile[seat]);
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      p->coins[side] = s->coins[side];
      for (int r = 0; r + 1 < s->round && r < ISLE_MAX_ROUNDS; r++)
        p->scores[r][side] = s->round_score[r][side];
    }
  memcpy (p->hired, s->hired, sizeof p->hired);
}

/* ---- editing the map --------------------------------------------------- */

static bool
is_face_up_hippo (const IsleCell *c)
{
  return c->kind == ISLE_KIND_HIPPO && !(c->flags & ISLE_CELL_FACE_DOWN);
}

/* Empties CELL; R8.9: a face-up Hippo is one token on two tiles, so its
 * other tile empties too. */
static void
take_token (IsleBoard *b, int cell)
{
  if (is_face_up_hippo (&b->cells[cell]))
    for (uint64_t n = hippo_partners (b, cell); n; n &= n - 1)
      b->cells[__builtin_ctzll (n)] = (IsleCell) { .kind = ISLE_KIND_NONE };
  b->cells[cell] = (IsleCell) { .kind = ISLE_KIND_NONE };
}

/* R8.9: a face-up Hippo of SEAT next to CELL lying on one tile (a first
 * tile without a second), or -1. */
static int
lone_hippo_next_to (const IsleBoard *b, int cell, int seat)
{
  for (uint64_t n = isle_cell_neighbours (cell); n; n &= n - 1)
    {
      int other = __builtin_ctzll (n);
      const IsleCell *o = &b->cells[other];

      if (is_face_up_hippo (o) && o->seat == seat && !(o->flags & ISLE_CELL_HIPPO_SECOND)
          && hippo_partners (b, other) == 0)
        return other;
    }
  return -1;
}

IslePositionCode
isle_position_put_token (IslePosition *p, int cell, IsleKind kind, int seat, bool face_down,
                         bool turned)
{
  IsleBoard *b = &p->board;
  IsleColour colour;
  uint8_t flags = face_down ? ISLE_CELL_FACE_DOWN : 0;

  if (cell < 0 || cell >= ISLE_N_CELLS || kind <= ISLE_KIND_NONE || kind >= ISLE_N_KINDS
      || seat < 0 || seat >= ISLE_MAX_SEATS)
    return ISLE_POSITION_BAD_EDIT;
  colour = isle_kind_start_colour (kind, isle_seat_side (seat));
  /* R8.6: a Chameleon that has turned shows its owner's colour; face down
   * it has not (it keeps the opponent's). */
  if (kind == ISLE_KIND_CHAMELEON && turned && !face_down)
    colour = isle_seat_side (seat) == ISLE_SIDE_RED ? ISLE_COLOUR_RED : ISLE_COLOUR_BLUE;
  take_token (b, cell);
  /* R8.9: the second tile of a lone face-up Hippo next to it. */
  if (kind == ISLE_KIND_HIPPO && !face_down && lone_hippo_next_to (b, cell, seat) >= 0)
    flags |= ISLE_CELL_HIPPO_SECOND;
  b->cells[cell] = (IsleCell) { (uint8_t) kind, (uint8_t) seat, (uint8_t) colour, flags };
  isle_board_sync (b);
  return (b->fog & BIT (cell)) ? ISLE_POSITION_TOKEN_UNDER_FOG : ISLE_POSITION_OK;  /* R6.6 */
}

/* R1: the quadrant CELL is in. */
static int
quadrant_of (int cell)
{
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    if (isle_quadrant_mask (q) & BIT (cell))
      return q;
  return -1;
}

IslePositionCode
isle_position_clear_tile (IslePosition *p, int cell)
{
  if (cell < 0 || cell >= ISLE_N_CELLS)
    return ISLE_POSITION_BAD_EDIT;
  if (p->board.cells[cell].kind == ISLE_KIND_NONE && (p->board.fog & BIT (cell)))
    return isle_position_set_fog (p, quadrant_of (cell), false);
  take_token (&p->board, cell);
  isle_board_sync (&p->board);
  return ISLE_POSITION_OK;
}

bool
isle_position_has_fog (const IslePosition *p, int quadrant)
{
  uint64_t mask = isle_quadrant_mask (quadrant);

  return mask != 0 && (p->board.fog & mask) == mask;
}

IslePositionCode
isle_position_set_fog (IslePosition *p, int quadrant, bool fogged)
{
  uint64_t mask = isle_quadrant_mask (quadrant);
  int boards = 0;

  if (mask == 0)
    return ISLE_POSITION_BAD_EDIT;
  /* R1: a fog board covers a whole quadrant. */
  if (!fogged)
    {
      p->board.fog &= ~mask;
      return ISLE_POSITION_OK;
    }
  p->board.fog |= mask;
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    boards += isle_position_has_fog (p, q);
  if (boards > ISLE_N_FOG_BOARDS)
    return ISLE_POSITION_FOG_TOO_MUCH;
  isle_board_sync (&p->board);
  return (p->board.occupied & mask) ? ISLE_POSITION_TOKEN_UNDER_FOG : ISLE_POSITION_OK;  /* R6.6 */
}

IslePositionCode
isle_position_toggle_fog (IslePosition *p, int cell)
{
  int q;

  if (cell < 0 || cell >= ISLE_N_CELLS)
    return ISLE_POSITION_BAD_EDIT;
  q = quadrant_of (cell);
  return isle_position_set_fog (p, q, !(p->board.fog & BIT (cell)));
}
