/* test-basic-game.c — the Basic game played through the decision-point API:
 * setup (R4.1), opening hands (R4.2), first seat (R4.3), turns (R4.4),
 * skips (R4.5), round end and scoring (R4.6, R5, R7), game end (R4.7), the
 * text form of actions and seeded determinism. Positions are R3 text. */
#include <string.h>

#include "isle-test-util.h"

#define BIT(cell) (UINT64_C (1) << (cell))

/* Room for every decision of a two- or three-round game. */
#define MAX_DECISIONS 400

/* Positions: isle_test_final_board (the full map of R4.6, scored Red 10,
 * Blue 6), isle_test_before_last_d6 (it without d6: Red holds the last
 * token, Blue has placed all 18) and isle_test_before_last_d6_f6 (without
 * d6 and f6: Red holds two Wolves, Blue none). */

static const char SIDE_LETTER[] = "rb";

/* A Basic game with the opening hands as OPENING says (R4.2). */
static void
new_game (IsleState *s, int first_seat, uint64_t seed, IsleOpeningHand opening)
{
  isle_test_new_game_with (s, ISLE_VARIANT_BASIC, first_seat, seed, opening,
                           ISLE_FOG_LIFT_FILLER);
}

static int
count_kind (const uint8_t *items, int n, IsleKind kind)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    if (items[i] == kind)
      count++;
  return count;
}

/* R1: the 18 basic tokens of a side, as counted in ITEMS (a pile, or a pile
 * and a hand together). */
static void
assert_basic_set (const uint8_t *pile, int pile_len, const uint8_t *hand,
                  int hand_len)
{
  g_assert_cmpint (pile_len + hand_len, ==, ISLE_SIDE_TOKENS);
  g_assert_cmpint (count_kind (pile, pile_len, ISLE_KIND_WOLF)
                   + count_kind (hand, hand_len, ISLE_KIND_WOLF), ==, 9);
  g_assert_cmpint (count_kind (pile, pile_len, ISLE_KIND_PIG)
                   + count_kind (hand, hand_len, ISLE_KIND_PIG), ==, 2);
  g_assert_cmpint (count_kind (pile, pile_len, ISLE_KIND_RAT)
                   + count_kind (hand, hand_len, ISLE_KIND_RAT), ==, 4);
  g_assert_cmpint (count_kind (pile, pile_len, ISLE_KIND_RABBIT)
                   + count_kind (hand, hand_len, ISLE_KIND_RABBIT), ==, 3);
}

/* Applies the text form of a pick of kind CODE for the seat to move. */
static void
pick (IsleState *s, char code)
{
  char text[16];

  g_snprintf (text, sizeof text, "pick %c%c", SIDE_LETTER[isle_seat_side (s->to_move)], code);
  isle_test_apply (s, text);
}

/* R4.2: the legal actions of a HAND phase are exactly one pick per kind
 * left in the pile of the seat to move. */
static void
assert_legal_picks_match_pile (const IsleState *s)
{
  IsleActionList list;
  int seat = s->to_move;
  int kinds = 0;

  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HAND);
  isle_state_legal_actions (s, &list);
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
    {
      gboolean in_pile = count_kind (s->pile[seat], s->pile_len[seat], (IsleKind) k) > 0;
      gboolean listed = FALSE;

      for (int i = 0; i < list.n; i++)
        if (list.actions[i] == isle_action_pick ((IsleKind) k))
          listed = TRUE;
      g_assert_cmpint (listed, ==, in_pile);
      g_assert_cmpint (isle_state_is_legal (s, isle_action_pick ((IsleKind) k)), ==, in_pile);
      kinds += in_pile ? 1 : 0;
    }
  g_assert_cmpint (list.n, ==, kinds);
  for (int i = 0; i < list.n; i++)
    g_assert_cmpint (isle_action_type (list.actions[i]), ==, ISLE_ACTION_PICK);
}

static IsleAction
first_legal (const IsleState *s)
{
  IsleActionList list;

  g_assert_cmpint (isle_state_legal_actions (s, &list), >, 0);
  return list.actions[0];
}

/* An illegal ACTION is refused and leaves the state byte-identical. */
static void
assert_refused (IsleState *s, IsleAction action)
{
  IsleState before;

  memcpy (&before, s, sizeof before);
  g_assert_false (isle_state_is_legal (s, action));
  g_assert_false (isle_state_apply (s, action));
  g_assert_cmpmem (&before, sizeof before, s, sizeof *s);
}

/* The same for an action's text: it is either not an action of the seat to
 * move at all, or it parses and is refused. */
static void
assert_text_refused (IsleState *s, const char *text)
{
  IsleAction a;

  g_assert_false (isle_test_is_legal (s, text));
  if (isle_action_parse (s, text, &a))
    assert_refused (s, a);
}

/* ---- R4.1 ---------------------------------------------------------------- */

/* R4.1: each pile holds the side's 18 basic tokens (9 Wolf, 2 Pig, 4 Rat,
 * 3 Rabbit); no mercenary anywhere; the map is empty and fog-free; the game
 * opens with the first seat choosing its hand (R4.2 `choose`). */
static void
test_r4_1_new_basic_game (void)
{
  for (int first = 0; first < ISLE_N_SIDES; first++)
    {
      IsleState s;

      new_game (&s, first, 1, ISLE_OPENING_CHOOSE);
      g_assert_cmpint (s.variant, ==, ISLE_VARIANT_BASIC);
      g_assert_cmpint (s.n_seats, ==, 2);
      g_assert_cmpint (s.round, ==, 1);
      g_assert_cmpint (s.n_rounds, ==, 2);                       /* R4.7 */
      g_assert_cmpint (s.first_seat, ==, first);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
      g_assert_cmpint (isle_state_to_move (&s), ==, first);
      g_assert_false (isle_state_is_terminal (&s));
      g_assert_cmpint (s.weather, ==, ISLE_WEATHER_SUNNY);

      for (int seat = 0; seat < 2; seat++)
        {
          g_assert_cmpint (s.pile_len[seat], ==, 18);
          g_assert_cmpint (s.hand_len[seat], ==, 0);
          assert_basic_set (s.pile[seat], s.pile_len[seat], s.hand[seat], 0);
          for (int i = 0; i < s.pile_len[seat]; i++)
            g_assert_false (isle_kind_is_mercenary ((IsleKind) s.pile[seat][i]));
        }
      g_assert_cmpint (s.pile_len[2], ==, 0);
      g_assert_cmpint (s.pile_len[3], ==, 0);

      g_assert_cmpuint (s.board.occupied, ==, 0);
      g_assert_cmpuint (s.board.fog, ==, 0);
      g_assert_cmpuint (s.board.face_down, ==, 0);
      for (int c = 0; c < ISLE_N_CELLS; c++)
        g_assert_cmpint (s.board.cells[c].kind, ==, ISLE_KIND_NONE);
      isle_test_assert_board (&s.board, isle_test_empty_board);
      isle_test_assert_conserved (&s);
    }
}

/* ---- R4.2 ---------------------------------------------------------------- */

/* R4.2 `choose`: the first seat picks 5 tokens one at a time, then the
 * second seat; the legal picks are exactly the kinds left in the picking
 * seat's pile; then the first seat places. */
static void
test_r4_2_opening_hand_choose (void)
{
  IsleState s;
  const char *red_picks = "PPRBW";
  const char *blue_picks = "BBBRW";

  new_game (&s, 0, 2, ISLE_OPENING_CHOOSE);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (s.to_move, ==, 0);

  /* At the start all four basic kinds can be picked. */
  {
    IsleActionList list;
    g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 4);
  }
  /* Another side's token, a mercenary: not picks of Red's. */
  assert_text_refused (&s, "pick bW");
  assert_refused (&s, isle_action_pick (ISLE_KIND_FOX));
  assert_refused (&s, isle_action_pick (ISLE_KIND_NONE));
  assert_text_refused (&s, "place rW c3");

  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
      g_assert_cmpint (s.to_move, ==, 0);
      assert_legal_picks_match_pile (&s);
      pick (&s, red_picks[i]);
      g_assert_cmpint (s.hand_len[0], ==, i + 1);
      g_assert_cmpint (s.pile_len[0], ==, 18 - (i + 1));
      /* Blue's pile is untouched while Red picks. */
      g_assert_cmpint (s.pile_len[1], ==, 18);
      g_assert_cmpint (s.hand_len[1], ==, 0);
      if (i == 1)
        {
          /* Both Pigs are in hand: no Pig left to pick. */
          assert_text_refused (&s, "pick rP");
          g_assert_cmpint (count_kind (s.pile[0], s.pile_len[0], ISLE_KIND_PIG), ==, 0);
        }
    }

  /* Then the second seat picks. */
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (s.to_move, ==, 1);
  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
      g_assert_cmpint (s.to_move, ==, 1);
      assert_legal_picks_match_pile (&s);
      pick (&s, blue_picks[i]);
      if (i == 2)
        assert_text_refused (&s, "pick bB");                   /* no Rabbit left */
    }

  /* Then the first seat places. */
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (isle_state_to_move (&s), ==, 0);

  /* The hands are exactly what was picked. */
  g_assert_cmpint (s.hand_len[0], ==, 5);
  g_assert_cmpint (count_kind (s.hand[0], 5, ISLE_KIND_PIG), ==, 2);
  g_assert_cmpint (count_kind (s.hand[0], 5, ISLE_KIND_RAT), ==, 1);
  g_assert_cmpint (count_kind (s.hand[0], 5, ISLE_KIND_RABBIT), ==, 1);
  g_assert_cmpint (count_kind (s.hand[0], 5, ISLE_KIND_WOLF), ==, 1);
  g_assert_cmpint (s.hand_len[1], ==, 5);
  g_assert_cmpint (count_kind (s.hand[1], 5, ISLE_KIND_RABBIT), ==, 3);
  g_assert_cmpint (count_kind (s.hand[1], 5, ISLE_KIND_RAT), ==, 1);
  g_assert_cmpint (count_kind (s.hand[1], 5, ISLE_KIND_WOLF), ==, 1);
  g_assert_cmpint (count_kind (s.hand[1], 5, ISLE_KIND_PIG), ==, 0);

  /* The rest is the pile: 13 each. */
  g_assert_cmpint (s.pile_len[0], ==, 13);
  g_assert_cmpint (s.pile_len[1], ==, 13);
  g_assert_cmpint (count_kind (s.pile[0], 13, ISLE_KIND_WOLF), ==, 8);
  g_assert_cmpint (count_kind (s.pile[0], 13, ISLE_KIND_PIG), ==, 0);
  g_assert_cmpint (count_kind (s.pile[1], 13, ISLE_KIND_RABBIT), ==, 0);
  g_assert_cmpint (count_kind (s.pile[1], 13, ISLE_KIND_PIG), ==, 2);
  for (int seat = 0; seat < 2; seat++)
    assert_basic_set (s.pile[seat], s.pile_len[seat], s.hand[seat], s.hand_len[seat]);
  g_assert_cmpuint (s.board.occupied, ==, 0);
  isle_test_assert_conserved (&s);

  /* Picks are over. */
  assert_text_refused (&s, "pick rW");
}

/* R4.2 option `deal`: no HAND phase; both hands are dealt 5, piles 13. */
static void
test_r4_2_opening_hand_deal (void)
{
  for (int first = 0; first < ISLE_N_SIDES; first++)
    for (uint64_t seed = 1; seed <= 5; seed++)
      {
        IsleState s;

        new_game (&s, first, seed, ISLE_OPENING_DEAL);
        g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
        g_assert_cmpint (isle_state_to_move (&s), ==, first);
        for (int seat = 0; seat < 2; seat++)
          {
            g_assert_cmpint (s.hand_len[seat], ==, 5);
            g_assert_cmpint (s.pile_len[seat], ==, 13);
            assert_basic_set (s.pile[seat], s.pile_len[seat], s.hand[seat], s.hand_len[seat]);
          }
        assert_text_refused (&s, first == 0 ? "pick rW" : "pick bW");
        isle_test_assert_conserved (&s);
      }
}

/* ---- R4.3 ---------------------------------------------------------------- */

/* Plays out the current round with the first legal action each time. */
static void
play_out_round (IsleState *s)
{
  int round = s->round;
  int n = 0;

  while (s->round == round && !isle_state_is_terminal (s))
    {
      g_assert_cmpint (n++, <, MAX_DECISIONS);
      isle_test_apply_first (s);
    }
}

/* Checks that round ROUND opens with FIRST picking first, then the other
 * seat, and FIRST placing first; leaves the state at that first placement. */
static void
assert_round_opens_with (IsleState *s, int round, int first)
{
  g_assert_cmpint (s->round, ==, round);
  g_assert_cmpint (s->first_seat, ==, first);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (isle_state_to_move (s), ==, first);
  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpint (s->to_move, ==, first);
      isle_test_apply_first (s);
    }
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (isle_state_to_move (s), ==, 1 - first);
  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpint (s->to_move, ==, 1 - first);
      isle_test_apply_first (s);
    }
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (isle_state_to_move (s), ==, first);
}

/* R4.3: in each later round the seat that was second is first. */
static void
test_r4_3_second_seat_starts_next_round (void)
{
  for (int first = 0; first < ISLE_N_SIDES; first++)
    {
      IsleState s;
      IsleRules rules;

      new_game (&s, first, 3, ISLE_OPENING_CHOOSE);
      assert_round_opens_with (&s, 1, first);
      play_out_round (&s);
      assert_round_opens_with (&s, 2, 1 - first);

      /* With three rounds (rules data), the third round is back to FIRST. */
      isle_test_standard_rules (&rules);
      rules.rounds[ISLE_VARIANT_BASIC] = 3;
      g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, first, 4));
      g_assert_cmpint (s.n_rounds, ==, 3);
      assert_round_opens_with (&s, 1, first);
      play_out_round (&s);
      assert_round_opens_with (&s, 2, 1 - first);
      play_out_round (&s);
      assert_round_opens_with (&s, 3, first);
      play_out_round (&s);
      g_assert_true (isle_state_is_terminal (&s));
    }
}

/* R4.3 with `deal`: no picks, the round's first seat places first. */
static void
test_r4_3_second_seat_starts_next_round_deal (void)
{
  for (int first = 0; first < ISLE_N_SIDES; first++)
    {
      IsleState s;

      new_game (&s, first, 5, ISLE_OPENING_DEAL);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpint (s.to_move, ==, first);
      play_out_round (&s);
      g_assert_cmpint (s.round, ==, 2);
      g_assert_cmpint (s.first_seat, ==, 1 - first);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpint (s.to_move, ==, 1 - first);
    }
}

/* ---- R4.4 ---------------------------------------------------------------- */

/* Applies a placement and checks R4.4 (b) and (d): the token leaves the hand,
 * the top of the pile is drawn, the hand never exceeds 5; the token shows
 * EXPECTED_COLOUR (R2). */
static void
place_and_check (IsleState *s, const char *text, const char *where,
                 IsleKind kind, IsleColour expected_colour)
{
  int seat = s->to_move;
  int c = isle_test_cell (where);
  int hand_len = s->hand_len[seat];
  int pile_len = s->pile_len[seat];
  uint8_t top = pile_len > 0 ? s->pile[seat][pile_len - 1] : ISLE_KIND_NONE;
  uint8_t pile_before[ISLE_PILE_MAX];
  int before[ISLE_N_KINDS], after[ISLE_N_KINDS];
  int occupied = isle_popcount (s->board.occupied);

  memcpy (pile_before, s->pile[seat], sizeof pile_before);
  for (int k = 0; k < ISLE_N_KINDS; k++)
    before[k] = count_kind (s->hand[seat], hand_len, (IsleKind) k);

  isle_test_apply (s, text);

  /* (b): the token is on the tile, with its R2 colour. */
  g_assert_cmpint (s->board.cells[c].kind, ==, kind);
  g_assert_cmpint (s->board.cells[c].seat, ==, seat);
  g_assert_cmpint (s->board.cells[c].colour, ==, expected_colour);
  g_assert_cmpint (s->board.cells[c].flags, ==, 0);
  g_assert_true (s->board.occupied & BIT (c));
  g_assert_true (s->board.colour[expected_colour] & BIT (c));
  for (int col = 0; col < 3; col++)
    if (col != (int) expected_colour)
      g_assert_false (s->board.colour[col] & BIT (c));
  g_assert_cmpint (isle_popcount (s->board.occupied), ==, occupied + 1);

  /* (d): it left the hand and the top of the pile was drawn. */
  for (int k = 0; k < ISLE_N_KINDS; k++)
    after[k] = count_kind (s->hand[seat], s->hand_len[seat], (IsleKind) k);
  before[kind]--;
  if (pile_len > 0)
    {
      before[top]++;
      g_assert_cmpint (s->hand_len[seat], ==, hand_len);
      g_assert_cmpint (s->pile_len[seat], ==, pile_len - 1);
      /* The rest of the pile is what lay under the top. */
      g_assert_cmpmem (s->pile[seat], (gsize) (pile_len - 1), pile_before, (gsize) (pile_len - 1));
    }
  else
    {
      g_assert_cmpint (s->hand_len[seat], ==, hand_len - 1);
      g_assert_cmpint (s->pile_len[seat], ==, 0);
    }
  for (int k = 0; k < ISLE_N_KINDS; k++)
    g_assert_cmpint (after[k], ==, before[k]);
  g_assert_cmpint (s->hand_len[seat], <=, ISLE_HAND_MAX);
  isle_test_assert_conserved (s);
}

/* R4.4: a placement puts the token on the tile in its R2 colour (Wolf own,
 * Rat the opponent's, Rabbit white), the top of the pile is drawn, and the
 * seats alternate; over a whole round hands stay at 5 while piles last. */
static void
test_r4_4_placement_and_draw (void)
{
  static const struct
  {
    const char *text, *where;
    IsleKind kind;
    IsleColour colour;
  } first_placements[] = {
    { "place rW c3", "c3", ISLE_KIND_WOLF, ISLE_COLOUR_RED },
    { "place bR d3", "d3", ISLE_KIND_RAT, ISLE_COLOUR_RED },      /* spy */
    { "place rB a1", "a1", ISLE_KIND_RABBIT, ISLE_COLOUR_WHITE },
    { "place bW f6", "f6", ISLE_KIND_WOLF, ISLE_COLOUR_BLUE },
    { "place rR a6", "a6", ISLE_KIND_RAT, ISLE_COLOUR_BLUE },     /* spy */
    { "place bP b2", "b2", ISLE_KIND_PIG, ISLE_COLOUR_BLUE },
  };
  IsleState s;
  int placements[2] = { 0, 0 };
  int n = 0;

  new_game (&s, 0, 6, ISLE_OPENING_CHOOSE);
  for (int i = 0; i < 5; i++)
    pick (&s, "WWPRB"[i]);
  for (int i = 0; i < 5; i++)
    pick (&s, "WWPRB"[i]);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (s.to_move, ==, 0);

  /* The seats alternate: Red, Blue, Red, … */
  for (gsize i = 0; i < G_N_ELEMENTS (first_placements); i++)
    {
      place_and_check (&s, first_placements[i].text, first_placements[i].where,
                       first_placements[i].kind, first_placements[i].colour);
      g_assert_cmpint (s.to_move, ==, (int) (i + 1) % 2);
    }
  isle_test_assert_board (&s.board,
                          "rB .  .  .  .  .\n"
                          ".  bP .  .  .  .\n"
                          ".  .  rW bR .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          "rR .  .  .  .  bW\n");
  placements[0] = placements[1] = 3;

  /* The rest of the round: every placement alternates seats and draws. */
  while (s.round == 1)
    {
      int seat = s.to_move;
      IsleAction a = first_legal (&s);
      char text[32], where[3];
      IsleKind kind = isle_action_kind (a);

      g_assert_cmpint (n++, <, MAX_DECISIONS);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      /* While the pile lasts the hand is full. */
      if (s.pile_len[seat] > 0)
        g_assert_cmpint (s.hand_len[seat], ==, ISLE_HAND_MAX);
      isle_action_format (&s, a, text);
      isle_cell_name (isle_action_cell (a), where);
      if (isle_popcount (s.board.occupied) == ISLE_N_CELLS - 1)
        {
          /* The 36th placement ends the round (checked in r4_6). */
          isle_test_apply (&s, text);
          placements[seat]++;
          break;
        }
      place_and_check (&s, text, where, kind,
                       isle_kind_start_colour (kind, isle_seat_side (seat)));
      placements[seat]++;
      g_assert_cmpint (s.to_move, ==, 1 - seat);
    }
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (placements[0], ==, ISLE_SIDE_TOKENS);
  g_assert_cmpint (placements[1], ==, ISLE_SIDE_TOKENS);
}

/* R4.4 (b): only a token of one's own hand, only on a free tile, only face
 * up outside Foggy weather; an illegal apply changes nothing. */
static void
test_r4_4_illegal_placements (void)
{
  IsleState s;
  IsleActionList list;
  int a1 = isle_test_cell ("a1"), c3 = isle_test_cell ("c3"), d3 = isle_test_cell ("d3");

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_a1_b1_board, "WWPRR", "WWPRB", 0,
                   ISLE_WEATHER_SUNNY);

  /* The legal placements: 3 kinds in hand × 34 free tiles, face up. */
  g_assert_true (isle_test_is_legal (&s, "place rW c3"));
  g_assert_true (isle_test_is_legal (&s, "place rR f6"));
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 3 * 34);

  assert_text_refused (&s, "place rW a1");     /* occupied (own token) */
  assert_text_refused (&s, "place rW b1");     /* occupied (opponent's) */
  assert_text_refused (&s, "place rB c3");     /* no Rabbit in hand */
  assert_text_refused (&s, "place rW* c3");    /* face down in Sunny (R6.2) */
  assert_text_refused (&s, "place bW a1");     /* Blue's token, Red to move */
  assert_text_refused (&s, "place bW c3");
  assert_text_refused (&s, "place rF c3");     /* mercenaries stay in the box */
  assert_text_refused (&s, "pick rW");         /* not the HAND phase */
  assert_text_refused (&s, "keep sunny");      /* not the WEATHER phase */
  assert_text_refused (&s, "lift ne");         /* no fog */
  assert_text_refused (&s, "place rW g7");

  /* Raw actions out of range or malformed. */
  assert_refused (&s, isle_action_place (ISLE_KIND_WOLF, ISLE_NO_CELL, false));
  assert_refused (&s, isle_action_place (ISLE_KIND_NONE, c3, false));
  assert_refused (&s, isle_action_place (ISLE_KIND_RABBIT, c3, false));
  assert_refused (&s, isle_action_place (ISLE_KIND_WOLF, a1, false));
  assert_refused (&s, isle_action_place (ISLE_KIND_WOLF, c3, true));
  assert_refused (&s, isle_action_make (ISLE_ACTION_PLACE, ISLE_KIND_WOLF, c3, d3, false, 0));
  assert_refused (&s, isle_action_make (ISLE_ACTION_PLACE, ISLE_KIND_WOLF, c3,
                                        ISLE_NO_CELL, false, 3));
  assert_refused (&s, (IsleAction) ISLE_ACTION_NONE);
  assert_refused (&s, (IsleAction) 0xffffffffu);

  /* Still Red's turn, nothing changed; the legal move still works. */
  g_assert_cmpint (s.to_move, ==, 0);
  isle_test_apply (&s, "place rW c3");
  g_assert_cmpint (s.to_move, ==, 1);
  /* Now Red's tokens are not Blue's to place. */
  assert_text_refused (&s, "place rW d3");
  g_assert_true (isle_test_is_legal (&s, "place bB d3"));
}

/* ---- R4.5 ---------------------------------------------------------------- */

/* R4.5: a seat with no token in hand is skipped: Blue has placed all 18,
 * Red holds two Wolves for the last two tiles and places both. */
static void
test_r4_5_empty_hand_skips (void)
{
  IsleState s;
  IsleActionList list;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6_f6, "WW", "", 0,
                   ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s.pile_len[0], ==, 0);
  g_assert_cmpint (s.pile_len[1], ==, 0);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 2);

  isle_test_apply (&s, "place rW d6");
  /* Blue cannot place: Red moves again in the same round. */
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (isle_state_to_move (&s), ==, 0);
  g_assert_cmpint (s.hand_len[0], ==, 1);
  g_assert_cmpint (s.hand_len[1], ==, 0);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 1);
  g_assert_true (isle_test_is_legal (&s, "place rW f6"));

  isle_test_apply (&s, "place rW f6");
  g_assert_cmpint (s.round, ==, 2);
  isle_test_assert_board (&s.scored_board, isle_test_final_board);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_RED], ==, 10);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_BLUE], ==, 6);
}

/* R4.5 the other way round: Red is out of tokens, Blue places twice. */
static void
test_r4_5_empty_hand_skips_blue_places_twice (void)
{
  IsleState s;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "bW rW rR bW bR rW\n"
                   "bW bB bP rW rR bR\n"
                   "rW rP rB bW bB rP\n"
                   "bR rB rW rW bB rB\n"
                   "bW rR bR bW rW rW\n"
                   "bW bP rR .  rW .\n",
                   "", "WW", 1, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place bW d6");
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (isle_state_to_move (&s), ==, 1);
  isle_test_apply (&s, "place bW f6");
  g_assert_cmpint (s.round, ==, 2);
  /* The colour-swapped final board: Blue 10, Red 6. */
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_RED], ==, 6);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_BLUE], ==, 10);
}

/* ---- R4.6 ---------------------------------------------------------------- */

/* R4.6, R5, R7: the 36th placement ends the round: the full map is scored
 * (hand-computed: Red a6–d6 with a Pig 5 × 2 = 10, Blue f1–f3 with a Pig
 * 3 × 2 = 6), kept as scored_board, and round 2 starts with every token back
 * in its pile. */
typedef struct
{
  IsleColour colour;
  IsleDirection dir;
  int length, base, value;
  const char *first, *last;
} ExpectedLine;

static void
test_r4_6_full_map_ends_and_scores_round (void)
{
  /* Red's line, then Blue's. */
  static const ExpectedLine final_lines[] = {
    { ISLE_COLOUR_RED, ISLE_DIR_HORIZONTAL, 4, 5, 10, "a6", "d6" },
    { ISLE_COLOUR_BLUE, ISLE_DIR_VERTICAL, 3, 3, 6, "f1", "f3" },
  };
  IsleState s;
  int32_t red, blue;
  int32_t totals[ISLE_N_SIDES];
  IsleScore breakdown;

  /* Before the last placement Red's line is only 3 long. */
  isle_test_score (isle_test_before_last_d6, &red, &blue, NULL);
  g_assert_cmpint (red, ==, 6);
  g_assert_cmpint (blue, ==, 6);

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6, "W", "", 0,
                   ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (isle_popcount (s.board.occupied), ==, 35);
  isle_test_apply (&s, "place rW d6");

  /* Scored. */
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_RED], ==, 10);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_BLUE], ==, 6);
  g_assert_cmpint (s.total[ISLE_SIDE_RED], ==, 10);
  g_assert_cmpint (s.total[ISLE_SIDE_BLUE], ==, 6);
  isle_test_assert_board (&s.scored_board, isle_test_final_board);
  isle_board_score (&s.scored_board, s.rules.line_score, totals, &breakdown);
  g_assert_cmpint (totals[0], ==, s.round_score[0][0]);
  g_assert_cmpint (totals[1], ==, s.round_score[0][1]);
  g_assert_cmpint (breakdown.n_lines, ==, 2);
  for (int i = 0; i < breakdown.n_lines; i++)
    {
      const IsleLineScore *l = &breakdown.lines[i];
      const ExpectedLine *want = &final_lines[l->colour == ISLE_COLOUR_RED ? 0 : 1];

      g_assert_cmpint (l->multiplier, ==, 2);
      g_assert_cmpint (l->crow_side, ==, -1);
      g_assert_cmpint (l->colour, ==, want->colour);
      g_assert_cmpint (l->dir, ==, want->dir);
      g_assert_cmpint (l->length, ==, want->length);
      g_assert_cmpint (l->base, ==, want->base);
      g_assert_cmpint (l->value, ==, want->value);
      g_assert_cmpint (l->cells[0], ==, isle_test_cell (want->first));
      g_assert_cmpint (l->cells[want->length - 1], ==, isle_test_cell (want->last));
    }

  /* The next round: empty map, every token back, Blue (second in round 1)
   * picks first. */
  g_assert_false (isle_state_is_terminal (&s));
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.first_seat, ==, 1);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (isle_state_to_move (&s), ==, 1);
  g_assert_cmpuint (s.board.occupied, ==, 0);
  g_assert_cmpuint (s.board.fog, ==, 0);
  isle_test_assert_board (&s.board, isle_test_empty_board);
  for (int seat = 0; seat < 2; seat++)
    {
      g_assert_cmpint (s.pile_len[seat] + s.hand_len[seat], ==, ISLE_SIDE_TOKENS);
      g_assert_cmpint (s.hand_len[seat], ==, 0);
      assert_basic_set (s.pile[seat], s.pile_len[seat], s.hand[seat], s.hand_len[seat]);
    }
  isle_test_assert_conserved (&s);
  /* The round-1 scores stay put while round 2 goes on. */
  g_assert_cmpint (s.round_score[1][0], ==, 0);
  g_assert_cmpint (s.round_score[1][1], ==, 0);
}

/* R4.6: until the 36th tile is filled the round goes on. */
static void
test_r4_6_round_goes_on_until_full (void)
{
  IsleState s;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6_f6, "WW", "", 0,
                   ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place rW f6");
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (s.round_score[0][0], ==, 0);
  g_assert_cmpint (s.total[0], ==, 0);
  g_assert_cmpuint (s.scored_board.occupied, ==, 0);
  g_assert_cmpint (isle_popcount (s.board.occupied), ==, 35);
}

/* ---- R4.7 ---------------------------------------------------------------- */

/* The last placement of round 2 on isle_test_before_last_d6 (Red 10, Blue 6
 * this round) after a round 1 of RED1 : BLUE1 ends the game (R4.7): the
 * totals are RED and BLUE, WINNER wins and the returns are RED_RETURN and
 * BLUE_RETURN; nothing is legal any more. */
static void
assert_last_placement_ends_game (int32_t red1, int32_t blue1, int32_t red, int32_t blue,
                                 int winner, double red_return, double blue_return)
{
  IsleState s;
  IsleActionList list;
  double returns[ISLE_MAX_SEATS];

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6, "W", "", 0,
                   ISLE_WEATHER_SUNNY);
  s.round = 2;
  s.first_seat = 1;
  s.round_score[0][0] = red1;
  s.round_score[0][1] = blue1;
  s.total[0] = red1;
  s.total[1] = blue1;
  /* Not over yet: no returns. */
  isle_state_returns (&s, returns);
  g_assert_cmpfloat (returns[0], ==, 0.0);
  g_assert_cmpfloat (returns[1], ==, 0.0);
  isle_test_apply (&s, "place rW d6");

  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_OVER);
  g_assert_cmpint (isle_state_to_move (&s), ==, -1);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 0);
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.round_score[1][0], ==, 10);
  g_assert_cmpint (s.round_score[1][1], ==, 6);
  isle_test_assert_board (&s.scored_board, isle_test_final_board);
  /* Nothing is legal any more. */
  assert_refused (&s, isle_action_pick (ISLE_KIND_WOLF));
  assert_refused (&s, isle_action_place (ISLE_KIND_WOLF, isle_test_cell ("a1"), false));
  assert_refused (&s, isle_action_keep (ISLE_WEATHER_SUNNY));
  assert_refused (&s, isle_action_lift (0));

  g_assert_cmpint (s.total[0], ==, red);
  g_assert_cmpint (s.total[1], ==, blue);
  g_assert_cmpint (s.winner, ==, winner);
  isle_state_returns (&s, returns);
  g_assert_cmpfloat (returns[0], ==, red_return);
  g_assert_cmpfloat (returns[1], ==, blue_return);
}

/* R4.7: after 2 rounds the higher total wins. */
static void
test_r4_7_higher_total_wins (void)
{
  /* Red 0 + 10 against Blue 0 + 6: Red wins. */
  assert_last_placement_ends_game (0, 0, 10, 6, ISLE_SIDE_RED, 1.0, -1.0);
  /* Red 0 + 10 against Blue 5 + 6: Blue wins though Red won round 2. */
  assert_last_placement_ends_game (0, 5, 10, 11, ISLE_SIDE_BLUE, -1.0, 1.0);
}

/* R4.7: equal totals are a draw. */
static void
test_r4_7_equal_totals_draw (void)
{
  /* Red 3 + 10 against Blue 7 + 6. */
  assert_last_placement_ends_game (3, 7, 13, 13, ISLE_N_SIDES, 0.0, 0.0);
}

/* R4.7: a played game ends after exactly 2 rounds, never sooner. */
static void
test_r4_7_game_lasts_two_rounds (void)
{
  for (uint64_t seed = 1; seed <= 10; seed++)
    {
      IsleState s;
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      int n = 0;
      double returns[ISLE_MAX_SEATS];

      new_game (&s, (int) (seed & 1), seed,
                seed % 3 ? ISLE_OPENING_CHOOSE : ISLE_OPENING_DEAL);
      while (!isle_state_is_terminal (&s))
        {
          IsleActionList list;

          g_assert_cmpint (n++, <, MAX_DECISIONS);
          g_assert_cmpint (s.round, <=, 2);
          isle_state_legal_actions (&s, &list);
          g_assert_cmpint (list.n, >, 0);
          g_assert_true (isle_state_apply (&s, list.actions[g_rand_int_range (rand, 0, list.n)]));
        }
      /* Two rounds: 2 × (10 picks, unless dealt + 36 placements). */
      g_assert_cmpint (n, ==, seed % 3 ? 2 * (10 + 36) : 2 * 36);
      g_assert_cmpint (s.round, ==, 2);
      for (int side = 0; side < 2; side++)
        g_assert_cmpint (s.total[side], ==, s.round_score[0][side] + s.round_score[1][side]);
      isle_state_returns (&s, returns);
      if (s.total[0] > s.total[1])
        g_assert_cmpint (s.winner, ==, ISLE_SIDE_RED);
      else if (s.total[0] < s.total[1])
        g_assert_cmpint (s.winner, ==, ISLE_SIDE_BLUE);
      else
        g_assert_cmpint (s.winner, ==, ISLE_N_SIDES);
      g_assert_cmpfloat (returns[0], ==, s.winner == ISLE_N_SIDES ? 0.0
                         : s.winner == ISLE_SIDE_RED ? 1.0 : -1.0);
      g_assert_cmpfloat (returns[1], ==, -returns[0]);
      g_rand_free (rand);
    }
}

/* ---- action text --------------------------------------------------------- */

/* Every legal action's text parses back to it, and prints the same again. */
static void
assert_round_trip_all (const IsleState *s)
{
  IsleActionList list;

  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      char text[32], again[32];
      IsleAction parsed = ISLE_ACTION_NONE;

      isle_action_format (s, list.actions[i], text);
      g_assert_true (isle_action_parse (s, text, &parsed));
      g_assert_cmpuint (parsed, ==, list.actions[i]);
      g_assert_true (isle_state_is_legal (s, parsed));
      isle_action_format (s, parsed, again);
      g_assert_cmpstr (again, ==, text);
    }
}

/* The text forms of the brief: `pick rW`, `place rW c3`, `place rW* c3`,
 * `keep sunny`, `lift ne`; Blue's tokens are `b`. */
static void
test_action_text_forms (void)
{
  IsleState s;
  char text[32];
  IsleAction a;
  int c3 = isle_test_cell ("c3"), f6 = isle_test_cell ("f6");

  new_game (&s, 0, 7, ISLE_OPENING_CHOOSE);
  g_assert_cmpstr (isle_action_format (&s, isle_action_pick (ISLE_KIND_WOLF), text), ==, "pick rW");
  g_assert_cmpstr (isle_action_format (&s, isle_action_place (ISLE_KIND_WOLF, c3, false), text),
                   ==, "place rW c3");
  g_assert_cmpstr (isle_action_format (&s, isle_action_place (ISLE_KIND_RABBIT, f6, true), text),
                   ==, "place rB* f6");
  g_assert_cmpstr (isle_action_format (&s, isle_action_keep (ISLE_WEATHER_CLOUDY), text), ==, "keep cloudy");
  g_assert_cmpstr (isle_action_format (&s, isle_action_lift (1), text), ==, "lift ne");

  g_assert_true (isle_action_parse (&s, "place rW* c3", &a));
  g_assert_cmpuint (a, ==, isle_action_place (ISLE_KIND_WOLF, c3, true));
  g_assert_true (isle_action_parse (&s, "lift se", &a));
  g_assert_cmpuint (a, ==, isle_action_lift (3));
  g_assert_true (isle_action_parse (&s, "keep foggy", &a));
  g_assert_cmpuint (a, ==, isle_action_keep (ISLE_WEATHER_FOGGY));
  g_assert_false (isle_action_parse (&s, "place rW", &a));
  g_assert_false (isle_action_parse (&s, "place rW c7", &a));
  g_assert_false (isle_action_parse (&s, "keep rainy", &a));
  g_assert_false (isle_action_parse (&s, "lift up", &a));
  g_assert_false (isle_action_parse (&s, "pick rW*", &a));
  g_assert_false (isle_action_parse (&s, "", &a));

  /* Blue to move: Blue's letter. */
  for (int i = 0; i < 5; i++)
    isle_test_apply_first (&s);
  g_assert_cmpint (s.to_move, ==, 1);
  g_assert_cmpstr (isle_action_format (&s, isle_action_pick (ISLE_KIND_PIG), text), ==, "pick bP");
  g_assert_true (isle_action_parse (&s, "pick bR", &a));
  g_assert_cmpuint (a, ==, isle_action_pick (ISLE_KIND_RAT));
  g_assert_false (isle_action_parse (&s, "pick rR", &a));
}

/* Every legal action of every decision in a few whole games (both variants,
 * so picks, keeps, face-up and face-down placements and lifts) round-trips
 * through its text form. */
static void
test_action_text_round_trips (void)
{
  for (int variant = ISLE_VARIANT_BASIC; variant <= ISLE_VARIANT_WEATHER; variant++)
    for (uint64_t seed = 1; seed <= 4; seed++)
      {
        IsleState s;
        IsleRules rules;
        GRand *rand = g_rand_new_with_seed ((guint32) (seed * 31 + (uint64_t) variant));
        int n = 0;
        gboolean seen[ISLE_N_ACTION_TYPES] = { FALSE };

        isle_test_standard_rules (&rules);
        rules.fog_lift = seed & 1 ? ISLE_FOG_LIFT_FILLER : ISLE_FOG_LIFT_NEXT;
        g_assert_true (isle_state_init (&s, &rules, (IsleVariant) variant, (int) (seed & 1), seed));
        while (!isle_state_is_terminal (&s))
          {
            IsleActionList list;
            IsleAction a;

            g_assert_cmpint (n++, <, MAX_DECISIONS);
            assert_round_trip_all (&s);
            isle_state_legal_actions (&s, &list);
            a = list.actions[g_rand_int_range (rand, 0, list.n)];
            seen[isle_action_type (a)] = TRUE;
            g_assert_true (isle_state_apply (&s, a));
          }
        g_assert_true (seen[ISLE_ACTION_PICK]);
        g_assert_true (seen[ISLE_ACTION_PLACE]);
        if (variant == ISLE_VARIANT_WEATHER)
          g_assert_true (seen[ISLE_ACTION_KEEP]);
        g_rand_free (rand);
      }
}

/* ---- determinism ---------------------------------------------------------- */

/* The same seed and the same choices give byte-identical states at every
 * step. */
static void
test_seeded_determinism (void)
{
  for (int variant = ISLE_VARIANT_BASIC; variant <= ISLE_VARIANT_WEATHER; variant++)
    for (uint64_t seed = 100; seed < 104; seed++)
      {
        IsleState a, b;
        IsleRules rules;
        GRand *ra = g_rand_new_with_seed ((guint32) seed);
        GRand *rb = g_rand_new_with_seed ((guint32) seed);
        int n = 0;

        isle_test_standard_rules (&rules);
        rules.opening_hand = seed & 1 ? ISLE_OPENING_DEAL : ISLE_OPENING_CHOOSE;
        g_assert_true (isle_state_init (&a, &rules, (IsleVariant) variant, 0, seed));
        g_assert_true (isle_state_init (&b, &rules, (IsleVariant) variant, 0, seed));
        g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
        while (!isle_state_is_terminal (&a))
          {
            IsleActionList la, lb;
            int ia, ib;

            g_assert_cmpint (n++, <, MAX_DECISIONS);
            isle_state_legal_actions (&a, &la);
            isle_state_legal_actions (&b, &lb);
            g_assert_cmpint (la.n, ==, lb.n);
            ia = g_rand_int_range (ra, 0, la.n);
            ib = g_rand_int_range (rb, 0, lb.n);
            g_assert_true (isle_state_apply (&a, la.actions[ia]));
            g_assert_true (isle_state_apply (&b, lb.actions[ib]));
            g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
          }
        g_assert_true (isle_state_is_terminal (&b));
        g_rand_free (ra);
        g_rand_free (rb);
      }
}

/* A different seed shuffles the piles differently (same picks). */
static void
test_seed_changes_pile_order (void)
{
  IsleState a, b;

  new_game (&a, 0, 1, ISLE_OPENING_CHOOSE);
  new_game (&b, 0, 2, ISLE_OPENING_CHOOSE);
  for (int i = 0; i < 10; i++)
    {
      IsleAction act = first_legal (&a);

      g_assert_true (isle_state_apply (&a, act));
      g_assert_true (isle_state_apply (&b, act));
    }
  g_assert_cmpint (a.phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (b.phase, ==, ISLE_PHASE_PLACE);
  /* The same hands and the same pile contents … */
  g_assert_cmpmem (a.hand, sizeof a.hand, b.hand, sizeof b.hand);
  for (int seat = 0; seat < 2; seat++)
    for (int k = ISLE_KIND_WOLF; k <= ISLE_KIND_RABBIT; k++)
      g_assert_cmpint (count_kind (a.pile[seat], a.pile_len[seat], (IsleKind) k), ==,
                       count_kind (b.pile[seat], b.pile_len[seat], (IsleKind) k));
  /* … in another order. */
  g_assert_true (memcmp (a.pile, b.pile, sizeof a.pile) != 0);

  /* Dealt hands also differ with the seed. */
  new_game (&a, 0, 1, ISLE_OPENING_DEAL);
  new_game (&b, 0, 2, ISLE_OPENING_DEAL);
  g_assert_true (memcmp (a.pile, b.pile, sizeof a.pile) != 0
                 || memcmp (a.hand, b.hand, sizeof a.hand) != 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/basic-game/r4_1_new_basic_game", test_r4_1_new_basic_game);
  g_test_add_func ("/basic-game/r4_2_opening_hand_choose", test_r4_2_opening_hand_choose);
  g_test_add_func ("/basic-game/r4_2_opening_hand_deal", test_r4_2_opening_hand_deal);
  g_test_add_func ("/basic-game/r4_3_second_seat_starts_next_round",
                   test_r4_3_second_seat_starts_next_round);
  g_test_add_func ("/basic-game/r4_3_second_seat_starts_next_round_deal",
                   test_r4_3_second_seat_starts_next_round_deal);
  g_test_add_func ("/basic-game/r4_4_placement_and_draw", test_r4_4_placement_and_draw);
  g_test_add_func ("/basic-game/r4_4_illegal_placements", test_r4_4_illegal_placements);
  g_test_add_func ("/basic-game/r4_5_empty_hand_skips", test_r4_5_empty_hand_skips);
  g_test_add_func ("/basic-game/r4_5_empty_hand_skips_blue_places_twice",
                   test_r4_5_empty_hand_skips_blue_places_twice);
  g_test_add_func ("/basic-game/r4_6_full_map_ends_and_scores_round",
                   test_r4_6_full_map_ends_and_scores_round);
  g_test_add_func ("/basic-game/r4_6_round_goes_on_until_full", test_r4_6_round_goes_on_until_full);
  g_test_add_func ("/basic-game/r4_7_higher_total_wins", test_r4_7_higher_total_wins);
  g_test_add_func ("/basic-game/r4_7_equal_totals_draw", test_r4_7_equal_totals_draw);
  g_test_add_func ("/basic-game/r4_7_game_lasts_two_rounds", test_r4_7_game_lasts_two_rounds);
  g_test_add_func ("/basic-game/action_text_forms", test_action_text_forms);
  g_test_add_func ("/basic-game/action_text_round_trips", test_action_text_round_trips);
  g_test_add_func ("/basic-game/seeded_determinism", test_seeded_determinism);
  g_test_add_func ("/basic-game/seed_changes_pile_order", test_seed_changes_pile_order);
  return g_test_run ();
}
