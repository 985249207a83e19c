/* isle-test-util.c — helpers shared by the engine tests. */
#include "isle-test-util.h"

#include <stdarg.h>
#include <string.h>

#include "isle-rules-json.h"

void
isle_test_standard_rules (IsleRules *rules)
{
  g_autoptr (GError) error = NULL;

  /* The same data/rules/standard.json the program uses (RULES.md [default]s). */
  if (!isle_rules_load_standard (rules, &error))
    g_error ("standard rules: %s", error->message);
}

IsleBoard
isle_test_board (const char *text)
{
  IsleBoard board;
  IsleNotationError err;

  if (!isle_board_parse (text, &board, &err))
    g_error ("bad test board: %s\n%s", err.message, text);
  return board;
}

void
isle_test_assert_board (const IsleBoard *board, const char *expected)
{
  IsleBoard want = isle_test_board (expected);
  char got_text[512], want_text[512];

  isle_board_format (board, got_text, sizeof got_text);
  isle_board_format (&want, want_text, sizeof want_text);
  g_assert_cmpstr (got_text, ==, want_text);
}

void
isle_test_score (const char *text, int32_t *red, int32_t *blue,
                 IsleScore *breakdown)
{
  IsleRules rules;
  IsleBoard board = isle_test_board (text);
  int32_t totals[ISLE_N_SIDES];

  isle_test_standard_rules (&rules);
  isle_board_score (&board, rules.line_score, totals, breakdown);
  *red = totals[ISLE_SIDE_RED];
  *blue = totals[ISLE_SIDE_BLUE];
}

static void
fill_hand (IsleState *s, int seat, const char *codes, int counts[ISLE_N_KINDS])
{
  s->hand_len[seat] = 0;
  memset (s->hand[seat], 0, sizeof s->hand[seat]);
  for (const char *p = codes; *p; p++)
    {
      IsleKind kind = isle_kind_from_code (*p);

      g_assert_cmpint (kind, !=, ISLE_KIND_NONE);
      g_assert_cmpint (s->hand_len[seat], <, ISLE_HAND_MAX);
      s->hand[seat][s->hand_len[seat]++] = (uint8_t) kind;
      counts[kind]--;
    }
}

void
isle_test_state (IsleState *s, IsleVariant variant, const char *board,
                 const char *red_hand, const char *blue_hand, int seat,
                 IsleWeather weather)
{
  IsleRules rules;
  int counts[ISLE_N_SIDES][ISLE_N_KINDS] = { { 0 } };

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (s, &rules, variant, 0, 12345));
  s->board = isle_test_board (board);
  s->weather = (uint8_t) weather;
  s->weather_kept[0] = (uint8_t) weather;
  s->drawn[0] = s->drawn[1] = 0;
  s->phase = ISLE_PHASE_PLACE;
  s->to_move = (uint8_t) seat;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_KIND_WOLF; k <= ISLE_KIND_RABBIT; k++)
      counts[side][k] = isle_kind_info ((IsleKind) k)->supply;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];
      if (c->kind != ISLE_KIND_NONE && !(c->flags & ISLE_CELL_HIPPO_SECOND))
        counts[isle_seat_side (c->seat)][c->kind]--;
    }
  fill_hand (s, ISLE_SIDE_RED, red_hand, counts[ISLE_SIDE_RED]);
  fill_hand (s, ISLE_SIDE_BLUE, blue_hand, counts[ISLE_SIDE_BLUE]);

  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      s->pile_len[side] = 0;
      memset (s->pile[side], 0, sizeof s->pile[side]);
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        {
          if (counts[side][k] < 0)
            g_error ("test position: %s has too many %s tokens (R1)",
                     side == 0 ? "Red" : "Blue", isle_kind_info ((IsleKind) k)->name);
          for (int n = 0; n < counts[side][k]; n++)
            s->pile[side][s->pile_len[side]++] = (uint8_t) k;
        }
      isle_rng_shuffle (&s->rng, s->pile[side], s->pile_len[side]);
    }
  isle_test_assert_conserved (s);
}

void
isle_test_apply (IsleState *s, const char *text)
{
  IsleAction a;

  if (!isle_action_parse (s, text, &a))
    g_error ("test action “%s” does not parse", text);
  if (!isle_state_is_legal (s, a))
    g_error ("test action “%s” is not legal here (phase %d, seat %d)", text,
             s->phase, s->to_move);
  g_assert_true (isle_state_apply (s, a));
}

gboolean
isle_test_is_legal (const IsleState *s, const char *text)
{
  IsleAction a;

  return isle_action_parse (s, text, &a) && isle_state_is_legal (s, a);
}

void
isle_test_assert_conserved (const IsleState *s)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    g_assert_cmpint (isle_state_side_tokens (s, (IsleSide) side), ==, ISLE_SIDE_TOKENS);
  for (int seat = 0; seat < s->n_seats; seat++)
    g_assert_cmpint (s->hand_len[seat], <=, ISLE_HAND_MAX);
}

/* ---- Mercenary, Quick and Team games (R8–R11) ---------------------------- */

/* R1, R2, R9.3: each side's 18 tokens, with HIRED's mercenaries in place of
 * the basic tokens they replace. */
static void
side_supply (IsleState *s, int side, const char *hired, int counts[ISLE_N_KINDS])
{
  for (int k = 0; k < ISLE_N_KINDS; k++)
    counts[k] = 0;
  for (int k = ISLE_KIND_WOLF; k <= ISLE_KIND_RABBIT; k++)
    counts[k] = isle_kind_info ((IsleKind) k)->supply;
  memset (s->hired[side], 0, sizeof s->hired[side]);
  for (const char *p = hired; *p; p++)
    {
      IsleKind kind = isle_kind_from_code (*p);
      const IsleKindInfo *info = isle_kind_info (kind);

      g_assert_true (isle_kind_is_mercenary (kind));
      g_assert_cmpint (s->hired[side][kind], <, info->supply);
      s->hired[side][kind]++;
      counts[kind]++;
      counts[info->replaces]--;
      if (counts[info->replaces] < 0)
        g_error ("test position: %s hires more mercenaries than it has %s tokens (R9.3)",
                 side == 0 ? "Red" : "Blue", isle_kind_info (info->replaces)->name);
    }
}

/* The fields of a turn and of hiring, as at an ordinary placement. */
static void
reset_turn (IsleState *s, int seat, IsleWeather weather)
{
  s->weather = (uint8_t) weather;
  s->weather_kept[0] = (uint8_t) weather;
  s->drawn[0] = s->drawn[1] = 0;
  s->round = 1;
  s->extra_rounds = 0;
  s->phase = ISLE_PHASE_PLACE;
  s->to_move = (uint8_t) seat;
  s->placements_left = 1;
  memset (s->bonus, 0, sizeof s->bonus);
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  memset (s->pending, 0, sizeof s->pending);
  s->hire_done = 0;
  memset (s->coins, 0, sizeof s->coins);
  memset (s->total, 0, sizeof s->total);
  memset (s->round_score, 0, sizeof s->round_score);
}

static void
fill_pile (IsleState *s, int seat, int counts[ISLE_N_KINDS], int n)
{
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS && n > 0; k++)
    while (counts[k] > 0 && n > 0)
      {
        s->pile[seat][s->pile_len[seat]++] = (uint8_t) k;
        counts[k]--;
        n--;
      }
}

void
isle_test_merc_state (IsleState *s, IsleVariant variant, const char *board,
                      const char *red_hand, const char *blue_hand,
                      const char *red_hired, const char *blue_hired, int seat,
                      IsleWeather weather)
{
  IsleRules rules;
  int counts[ISLE_N_SIDES][ISLE_N_KINDS];

  isle_test_standard_rules (&rules);
  g_assert_true (variant == ISLE_VARIANT_MERCENARY || variant == ISLE_VARIANT_QUICK);
  g_assert_true (isle_state_init (s, &rules, variant, 0, 12345));
  g_assert_cmpint (s->n_seats, ==, 2);
  s->board = isle_test_board (board);
  reset_turn (s, seat, weather);

  side_supply (s, ISLE_SIDE_RED, red_hired, counts[ISLE_SIDE_RED]);
  side_supply (s, ISLE_SIDE_BLUE, blue_hired, counts[ISLE_SIDE_BLUE]);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || (c->flags & ISLE_CELL_HIPPO_SECOND))
        continue;
      g_assert_cmpint (c->seat, <, 2);
      counts[c->seat][c->kind]--;
    }
  fill_hand (s, ISLE_SIDE_RED, red_hand, counts[ISLE_SIDE_RED]);
  fill_hand (s, ISLE_SIDE_BLUE, blue_hand, counts[ISLE_SIDE_BLUE]);

  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      s->pile_len[side] = 0;
      memset (s->pile[side], 0, sizeof s->pile[side]);
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        if (counts[side][k] < 0)
          g_error ("test position: %s has too many %s tokens (R1, R9.3)",
                   side == 0 ? "Red" : "Blue", isle_kind_info ((IsleKind) k)->name);
      fill_pile (s, side, counts[side], ISLE_PILE_MAX);
      isle_rng_shuffle (&s->rng, s->pile[side], s->pile_len[side]);
    }
  isle_test_assert_conserved (s);
}

void
isle_test_team_state (IsleState *s, const char *board,
                      const char *const hands[ISLE_MAX_SEATS],
                      const char *red_hired, const char *blue_hired, int seat)
{
  IsleRules rules;
  int counts[ISLE_N_SIDES][ISLE_N_KINDS];
  int held[ISLE_MAX_SEATS] = { 0 };

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (s, &rules, ISLE_VARIANT_TEAM, 0, 12345));
  g_assert_cmpint (s->n_seats, ==, 4);
  s->board = isle_test_board (board);
  reset_turn (s, seat, ISLE_WEATHER_SUNNY);

  side_supply (s, ISLE_SIDE_RED, red_hired, counts[ISLE_SIDE_RED]);
  side_supply (s, ISLE_SIDE_BLUE, blue_hired, counts[ISLE_SIDE_BLUE]);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || (c->flags & ISLE_CELL_HIPPO_SECOND))
        continue;
      counts[isle_seat_side (c->seat)][c->kind]--;
      held[c->seat]++;
    }
  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    {
      fill_hand (s, t, hands[t], counts[isle_seat_side (t)]);
      held[t] += s->hand_len[t];
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
      if (counts[side][k] < 0)
        g_error ("test position: %s has too many %s tokens (R1, R9.3)",
                 side == 0 ? "Red" : "Blue", isle_kind_info ((IsleKind) k)->name);
  /* R11: each player holds 9 of the team's 18. */
  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    {
      if (held[t] > ISLE_SIDE_TOKENS / 2)
        g_error ("test position: seat %d holds %d tokens, more than 9 (R11)", t, held[t]);
      s->pile_len[t] = 0;
      memset (s->pile[t], 0, sizeof s->pile[t]);
      fill_pile (s, t, counts[isle_seat_side (t)], ISLE_SIDE_TOKENS / 2 - held[t]);
      isle_rng_shuffle (&s->rng, s->pile[t], s->pile_len[t]);
    }
  isle_test_assert_conserved (s);
  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    g_assert_cmpint (isle_test_seat_tokens (s, t), ==, ISLE_SIDE_TOKENS / 2);
}

int
isle_test_count_kind (const IsleState *s, IsleSide side, IsleKind kind)
{
  int n = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == kind && !(c->flags & ISLE_CELL_HIPPO_SECOND)
          && isle_seat_side (c->seat) == side)
        n++;
    }
  for (int seat = 0; seat < s->n_seats; seat++)
    if (isle_seat_side (seat) == side)
      {
        for (int i = 0; i < s->hand_len[seat]; i++)
          n += s->hand[seat][i] == kind;
        for (int i = 0; i < s->pile_len[seat]; i++)
          n += s->pile[seat][i] == kind;
      }
  return n;
}

int
isle_test_seat_tokens (const IsleState *s, int seat)
{
  int n = s->hand_len[seat] + s->pile_len[seat];

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind != ISLE_KIND_NONE && !(c->flags & ISLE_CELL_HIPPO_SECOND)
          && c->seat == seat)
        n++;
    }
  return n;
}

int
isle_test_hand_count (const IsleState *s, int seat, IsleKind kind)
{
  int n = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    n += s->hand[seat][i] == kind;
  return n;
}

void
isle_test_assert_legal_exactly (const IsleState *s, ...)
{
  IsleActionList list;
  IsleAction seen[ISLE_MAX_ACTIONS];
  int n = 0;
  va_list args;
  const char *text;
  GString *all = g_string_new (NULL);
  char buf[32];

  va_start (args, s);
  while ((text = va_arg (args, const char *)) != NULL)
    {
      IsleAction a;

      if (!isle_action_parse (s, text, &a))
        g_error ("expected action “%s” does not parse (phase %d, seat %d)", text,
                 s->phase, s->to_move);
      if (!isle_state_is_legal (s, a))
        g_error ("expected action “%s” is not legal (phase %d, seat %d)", text,
                 s->phase, s->to_move);
      for (int i = 0; i < n; i++)
        g_assert_cmpuint (seen[i], !=, a);
      seen[n++] = a;
    }
  va_end (args);

  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    g_string_append_printf (all, "%s“%s”", i ? ", " : "",
                            isle_action_format (s, list.actions[i], buf));
  for (int i = 0; i < list.n; i++)
    {
      gboolean expected = FALSE;

      for (int j = 0; j < n; j++)
        expected |= list.actions[i] == seen[j];
      if (!expected)
        g_error ("unexpected legal action “%s” (phase %d, seat %d); legal: %s",
                 isle_action_format (s, list.actions[i], buf), s->phase,
                 s->to_move, all->str);
    }
  if (list.n != n)
    g_error ("%d legal actions, expected %d (phase %d, seat %d); legal: %s",
             list.n, n, s->phase, s->to_move, all->str);
  g_string_free (all, TRUE);
}

void
isle_test_apply_first (IsleState *s)
{
  IsleActionList list;

  g_assert_cmpint (isle_state_legal_actions (s, &list), >, 0);
  g_assert_true (isle_state_apply (s, list.actions[0]));
}
