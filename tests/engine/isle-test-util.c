/* isle-test-util.c — helpers shared by the engine tests. */
#include "isle-test-util.h"

#include <stdarg.h>
#include <string.h>

#include "isle-rules-json.h"

/* ---- Positions shared by several test files ------------------------------ */

const char isle_test_empty_board[] =
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

const char isle_test_final_board[] =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR rW bW rW\n";

const char isle_test_before_last_d6[] =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  bW rW\n";

const char isle_test_before_last_d6_f6[] =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  bW .\n";

const char isle_test_near_end_board[] =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW .  bW\n"
  "rW rP bR .  .  .\n";

const char isle_test_a1_b1_board[] =
  "rW bW .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

const char isle_test_nw_open_board[] =
  ".  .  .  #  #  #\n"
  ".  .  .  #  #  #\n"
  ".  .  .  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n";

const char isle_test_nw_one_free_board[] =
  "rW bW rW #  #  #\n"
  "bW rW bW #  #  #\n"
  "rP bP .  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n";

const char isle_test_face_down_nw_board[] =
  "rP* bR* .  #  #  #\n"
  "bW* .   .  #  #  #\n"
  ".   .   .  #  #  #\n"
  "#   #   #  #  #  #\n"
  "#   #   #  #  #  #\n"
  "#   #   #  #  #  #\n";

/* ---- Rules, boards and cells --------------------------------------------- */

void
isle_test_standard_rules (IsleRules *rules)
{
  g_autoptr (GError) error = NULL;

  /* The same data/rules/standard.json the program uses (doc/rules.md [default]s). */
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

int
isle_test_cell (const char *name)
{
  int c = isle_cell_from_name (name);

  g_assert_cmpint (c, >=, 0);
  return c;
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

void
isle_test_check_data_boards (IsleTestDataBoardFunc func)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "boards", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  int n_checked = 0;

  if (dir == NULL)
    {
      g_test_skip ("no tests/data/boards (set G_TEST_SRCDIR to tests/)");
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL, *json_path = NULL, *base = NULL, *text = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;

      if (!g_str_has_suffix (name, ".txt"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      base = g_strndup (name, strlen (name) - 4);
      json_path = g_strdup_printf ("%s/%s.expected.json", dir_path, base);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (!json_parser_load_from_file (parser, json_path, &error))
        g_error ("%s: %s", json_path, error->message);
      if (func (name, text, json_node_get_object (json_parser_get_root (parser))))
        n_checked++;
    }
  g_assert_cmpint (n_checked, >, 0);
}

/* ---- Games ---------------------------------------------------------------- */

void
isle_test_new_game (IsleState *s, IsleVariant variant, int first_seat, uint64_t seed)
{
  IsleRules rules;

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (s, &rules, variant, first_seat, seed));
}

void
isle_test_new_game_with (IsleState *s, IsleVariant variant, int first_seat,
                         uint64_t seed, IsleOpeningHand opening, IsleFogLift fog_lift)
{
  IsleRules rules;

  isle_test_standard_rules (&rules);
  rules.opening_hand = opening;
  rules.fog_lift = fog_lift;
  g_assert_true (isle_state_init (s, &rules, variant, first_seat, seed));
}

void
isle_test_assert_phase (const IsleState *s, IslePhase phase, int seat)
{
  g_assert_cmpint (s->phase, ==, phase);
  g_assert_cmpint (isle_state_to_move (s), ==, seat);
}

/* R7.4: SIDE's round scores so far, summed. */
static int32_t
score_sum (const IsleState *s, IsleSide side)
{
  int32_t sum = 0;

  for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
    sum += s->round_score[r][side];
  return sum;
}

gboolean
isle_test_has_mercenaries (IsleVariant v)
{
  return v == ISLE_VARIANT_MERCENARY || v == ISLE_VARIANT_QUICK || v == ISLE_VARIANT_TEAM;
}

void
isle_test_expected_coins (const IsleState *s, IsleTestCoins *t, int32_t expected[ISLE_N_SIDES])
{
  if (s->variant == ISLE_VARIANT_QUICK && !t->first_hiring_done
      && s->phase != ISLE_PHASE_HIRE)
    {
      t->first_hiring_done = TRUE;
      for (int side = 0; side < ISLE_N_SIDES; side++)
        t->first_cost[side] = isle_state_hired_cost (s, (IsleSide) side);
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      if (!isle_test_has_mercenaries ((IsleVariant) s->variant))
        expected[side] = 0;
      else if (s->variant != ISLE_VARIANT_QUICK)
        expected[side] = score_sum (s, (IsleSide) side)
                         - isle_state_hired_cost (s, (IsleSide) side);
      else if (!t->first_hiring_done)
        expected[side] = s->rules.quick_start_coins;
      else
        expected[side] = score_sum (s, (IsleSide) side)
                         - (isle_state_hired_cost (s, (IsleSide) side) - t->first_cost[side]);
    }
}

void
isle_test_assert_coins (const IsleState *s, IsleTestCoins *t)
{
  int32_t expected[ISLE_N_SIDES];

  isle_test_expected_coins (s, t, expected);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_assert_cmpint (s->coins[side], >=, 0);
      g_assert_cmpint (s->coins[side], ==, expected[side]);
    }
}

/* ---- Edited positions ------------------------------------------------------ */

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

/* A game of VARIANT whose map is R3 BOARD; the rest is for the caller to
 * edit. */
static void
start_position (IsleState *s, IsleVariant variant, const char *board)
{
  IsleRules rules;

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (s, &rules, variant, 0, 12345));
  s->board = isle_test_board (board);
}

/* The tokens of each side off the map: its supply with RED_HIRED's and
 * BLUE_HIRED's mercenaries (side_supply()) less its tokens on the map. HELD,
 * if not NULL, counts each seat's tokens on the map. */
static void
tokens_off_map (IsleState *s, const char *red_hired, const char *blue_hired,
                int counts[ISLE_N_SIDES][ISLE_N_KINDS], int held[ISLE_MAX_SEATS])
{
  side_supply (s, ISLE_SIDE_RED, red_hired, counts[ISLE_SIDE_RED]);
  side_supply (s, ISLE_SIDE_BLUE, blue_hired, counts[ISLE_SIDE_BLUE]);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || (c->flags & ISLE_CELL_HIPPO_SECOND))
        continue;
      g_assert_cmpint (c->seat, <, s->n_seats);
      counts[isle_seat_side (c->seat)][c->kind]--;
      if (held != NULL)
        held[c->seat]++;
    }
}

/* Fails the test if a side uses more tokens of a kind than it has (RULES
 * names the rules that say so). */
static void
assert_supply_suffices (int counts[ISLE_N_SIDES][ISLE_N_KINDS], const char *rules)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
      if (counts[side][k] < 0)
        g_error ("test position: %s has too many %s tokens (%s)",
                 side == 0 ? "Red" : "Blue", isle_kind_info ((IsleKind) k)->name, rules);
}

/* Puts the first N tokens of COUNTS (in kind order) in SEAT's pile. */
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

/* SEAT's pile: N tokens of COUNTS, shuffled. */
static void
deal_pile (IsleState *s, int seat, int counts[ISLE_N_KINDS], int n)
{
  s->pile_len[seat] = 0;
  memset (s->pile[seat], 0, sizeof s->pile[seat]);
  fill_pile (s, seat, counts, n);
  isle_rng_shuffle (&s->rng, s->pile[seat], s->pile_len[seat]);
}

/* The hands of a two-seat position and every other token off the map in
 * its side's pile (RULES as for assert_supply_suffices()). */
static void
deal_two_seats (IsleState *s, const char *red_hand, const char *blue_hand,
                int counts[ISLE_N_SIDES][ISLE_N_KINDS], const char *rules)
{
  fill_hand (s, ISLE_SIDE_RED, red_hand, counts[ISLE_SIDE_RED]);
  fill_hand (s, ISLE_SIDE_BLUE, blue_hand, counts[ISLE_SIDE_BLUE]);
  assert_supply_suffices (counts, rules);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    deal_pile (s, side, counts[side], ISLE_PILE_MAX);
  isle_test_assert_conserved (s);
}

void
isle_test_state (IsleState *s, IsleVariant variant, const char *board,
                 const char *red_hand, const char *blue_hand, int seat,
                 IsleWeather weather)
{
  int counts[ISLE_N_SIDES][ISLE_N_KINDS];

  start_position (s, variant, board);
  s->weather = (uint8_t) weather;
  s->weather_kept[0] = (uint8_t) weather;
  s->drawn[0] = s->drawn[1] = 0;
  s->phase = ISLE_PHASE_PLACE;
  s->to_move = (uint8_t) seat;
  tokens_off_map (s, "", "", counts, NULL);
  deal_two_seats (s, red_hand, blue_hand, counts, "R1");
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

void
isle_test_apply_then (IsleState *s, const char *text, IslePhase phase, int seat)
{
  isle_test_apply (s, text);
  isle_test_assert_phase (s, phase, seat);
}

void
isle_test_apply_expect (IsleState *s, const char *text, IslePhase phase, int seat,
                        const char *board)
{
  isle_test_apply_then (s, text, phase, seat);
  isle_test_assert_board (&s->board, board);
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

void
isle_test_merc_state (IsleState *s, IsleVariant variant, const char *board,
                      const char *red_hand, const char *blue_hand,
                      const char *red_hired, const char *blue_hired, int seat,
                      IsleWeather weather)
{
  int counts[ISLE_N_SIDES][ISLE_N_KINDS];

  g_assert_true (variant == ISLE_VARIANT_MERCENARY || variant == ISLE_VARIANT_QUICK);
  start_position (s, variant, board);
  g_assert_cmpint (s->n_seats, ==, 2);
  reset_turn (s, seat, weather);
  tokens_off_map (s, red_hired, blue_hired, counts, NULL);
  deal_two_seats (s, red_hand, blue_hand, counts, "R1, R9.3");
}

void
isle_test_team_state (IsleState *s, const char *board,
                      const char *const hands[ISLE_MAX_SEATS],
                      const char *red_hired, const char *blue_hired, int seat)
{
  int counts[ISLE_N_SIDES][ISLE_N_KINDS];
  int held[ISLE_MAX_SEATS] = { 0 };

  start_position (s, ISLE_VARIANT_TEAM, board);
  g_assert_cmpint (s->n_seats, ==, 4);
  reset_turn (s, seat, ISLE_WEATHER_SUNNY);
  tokens_off_map (s, red_hired, blue_hired, counts, held);
  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    {
      fill_hand (s, t, hands[t], counts[isle_seat_side (t)]);
      held[t] += s->hand_len[t];
    }
  assert_supply_suffices (counts, "R1, R9.3");
  /* R11: each player holds 9 of the team's 18. */
  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    {
      if (held[t] > ISLE_SIDE_TOKENS / 2)
        g_error ("test position: seat %d holds %d tokens, more than 9 (R11)", t, held[t]);
      deal_pile (s, t, counts[isle_seat_side (t)], ISLE_SIDE_TOKENS / 2 - held[t]);
    }
  isle_test_assert_conserved (s);
  isle_test_assert_nine_per_seat (s);
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

void
isle_test_assert_nine_per_seat (const IsleState *s)
{
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_assert_cmpint (isle_test_seat_tokens (s, seat), ==, ISLE_SIDE_TOKENS / 2);
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

IsleAction
isle_test_action (const IsleState *state, const char *text)
{
  IsleAction a = 0;

  g_assert_true (isle_action_parse (state, text, &a));
  return a;
}

IsleAction
isle_test_apply_random (IsleState *s, IsleRng *rng)
{
  IsleActionList list;
  IsleAction a;

  g_assert_cmpint (isle_state_legal_actions (s, &list), >, 0);
  a = list.actions[isle_rng_below (rng, (uint32_t) list.n)];
  g_assert_true (isle_state_apply (s, a));
  return a;
}

const IsleTestConfig isle_test_configs[ISLE_TEST_N_CONFIGS] = {
  { ISLE_VARIANT_BASIC, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_BASIC, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_WEATHER, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_MERCENARY, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_MERCENARY, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_QUICK, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_QUICK, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_NEXT },
  { ISLE_VARIANT_TEAM, ISLE_OPENING_CHOOSE, ISLE_FOG_LIFT_FILLER },
  { ISLE_VARIANT_TEAM, ISLE_OPENING_DEAL, ISLE_FOG_LIFT_FILLER },
};

void
isle_test_start_config (IsleState *s, const IsleTestConfig *c, uint64_t seed)
{
  IsleRules rules;

  isle_test_standard_rules (&rules);
  rules.opening_hand = c->opening;
  rules.fog_lift = c->fog_lift;
  /* R10: every weather kind in turn for the Quick game. */
  rules.quick_weather = (int32_t) (seed % ISLE_N_WEATHER);
  /* R4.3, R11: every seat in turn opens round 1. */
  g_assert_true (isle_state_init (s, &rules, c->variant, (int) (seed % ISLE_MAX_SEATS), seed));
}

void
isle_test_start_somewhere (IsleState *s, const IsleTestConfig *c, uint64_t seed)
{
  IsleRng rng;
  int steps;

  isle_test_start_config (s, c, seed);
  isle_rng_seed (&rng, seed ^ 0x9e3779b9);
  steps = seed % 4 == 0 ? 0 : (int) isle_rng_below (&rng, 300);
  for (int i = 0; i < steps; i++)
    {
      IsleState next = *s;

      isle_test_apply_random (&next, &rng);
      if (isle_state_is_terminal (&next))
        break;
      *s = next;
    }
}
