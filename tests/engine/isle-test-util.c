/* isle-test-util.c — helpers shared by the engine tests. */
#include "isle-test-util.h"

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
