/* test-position.c — positions described field by field (isle-position.c):
 * the rules they are checked against, each problem's code, seat and tile,
 * and the state they give. Positions are R3 text. */
#include <glib.h>
#include <string.h>

#include "isle-notation.h"
#include "isle-position.h"
#include "isle-test-util.h"

#define BIT_OF(name) (UINT64_C (1) << isle_test_cell (name))

static void
position (IslePosition *p, const char *board)
{
  isle_position_init (p);
  p->board = isle_test_board (board);
}

static const IslePositionProblem *
find (const IslePositionProblems *found, IslePositionCode code)
{
  for (int i = 0; i < found->n && i < ISLE_POSITION_MAX_PROBLEMS; i++)
    if (found->problems[i].code == code)
      return &found->problems[i];
  return NULL;
}

static const char two_tokens[] =
  "rW bW .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

/* R1, R4.4: random hands take 5 and random piles the rest of each side's
 * 18, whatever the seed. */
static void
test_r1_random_hands_and_piles_hold_the_rest (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;

  isle_test_standard_rules (&rules);
  position (&p, two_tokens);
  for (uint64_t seed = 0; seed < 20; seed++)
    {
      IsleState s;

      g_assert_true (isle_position_to_state (&p, &rules, ISLE_VARIANT_BASIC, seed, &s, &found));
      isle_test_assert_phase (&s, ISLE_PHASE_PLACE, 0);
      isle_test_assert_conserved (&s);
      g_assert_cmpint (s.hand_len[0], ==, ISLE_HAND_MAX);
      g_assert_cmpint (s.pile_len[0], ==, 12);
      g_assert_cmpint (s.pile_len[1], ==, 12);
      g_assert_cmpint (isle_test_count_kind (&s, ISLE_SIDE_RED, ISLE_KIND_WOLF), ==, 9);
    }
}

/* R1: a side owns 9 Wolves; the problem names the side, kind and counts. */
static void
test_r1_ten_wolves (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  const IslePositionProblem *q;

  isle_test_standard_rules (&rules);
  position (&p,
            "rW rW rW rW rW rW\n"
            "rW rW rW bW .  .\n"
            ".  .  .  rW .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n");
  g_assert_cmpint (isle_position_check (&p, &rules, ISLE_VARIANT_BASIC, &found), >, 0);
  q = find (&found, ISLE_POSITION_TOO_MANY_OF_KIND);
  g_assert_nonnull (q);
  g_assert_cmpint (q->seat, ==, ISLE_SIDE_RED);
  g_assert_cmpint (q->kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (q->value, ==, 10);
  g_assert_cmpint (q->expected, ==, 9);
}

/* R9.3: a hired Fox takes the place of a Wolf: 9 Wolves and a Fox are one
 * token too many. */
static void
test_r9_3_hired_fox_replaces_a_wolf (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  const IslePositionProblem *q;

  isle_test_standard_rules (&rules);
  position (&p,
            "rW rW rW rW rW rW\n"
            "rW rW rW bW rF .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n");
  p.hired[ISLE_SIDE_RED][ISLE_KIND_FOX] = 1;
  g_assert_cmpint (isle_position_check (&p, &rules, ISLE_VARIANT_QUICK, &found), >, 0);
  q = find (&found, ISLE_POSITION_TOO_MANY_OF_KIND);
  g_assert_nonnull (q);
  g_assert_cmpint (q->kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (q->expected, ==, 8);
  /* Without the hire, the Fox is named as not hired. */
  p.hired[ISLE_SIDE_RED][ISLE_KIND_FOX] = 0;
  isle_position_check (&p, &rules, ISLE_VARIANT_QUICK, &found);
  q = find (&found, ISLE_POSITION_NOT_HIRED);
  g_assert_nonnull (q);
  g_assert_cmpint (q->cell, ==, isle_test_cell ("e2"));
}

/* R8.9: a Hippo across two tiles settles at the start of its owner's turn:
 * the first decision is SETTLE. */
static void
test_r8_9_unsettled_hippo_settles_first (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  IsleState s;

  isle_test_standard_rules (&rules);
  position (&p,
            "rW bW bW .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  rH rH+ .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n");
  p.hired[ISLE_SIDE_RED][ISLE_KIND_HIPPO] = 1;
  g_assert_true (isle_position_to_state (&p, &rules, ISLE_VARIANT_QUICK, 3, &s, &found));
  isle_test_assert_phase (&s, ISLE_PHASE_SETTLE, 0);
  isle_test_assert_legal_exactly (&s, "settle c3", "settle d3", NULL);
  isle_test_assert_conserved (&s);
}

/* R8.9: a `+` with no first tile next to it, and a first tile with two. */
static void
test_r8_9_hippo_needs_its_first_tile (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  const IslePositionProblem *q;

  isle_test_standard_rules (&rules);
  isle_position_init (&p);
  isle_board_put (&p.board, isle_test_cell ("a1"), ISLE_KIND_WOLF, 0, ISLE_COLOUR_RED, 0);
  isle_board_put (&p.board, isle_test_cell ("b1"), ISLE_KIND_WOLF, 1, ISLE_COLOUR_BLUE, 0);
  isle_board_put (&p.board, isle_test_cell ("c1"), ISLE_KIND_WOLF, 1, ISLE_COLOUR_BLUE, 0);
  isle_board_put (&p.board, isle_test_cell ("d4"), ISLE_KIND_HIPPO, 0, ISLE_COLOUR_WHITE,
                  ISLE_CELL_HIPPO_SECOND);
  p.hired[ISLE_SIDE_RED][ISLE_KIND_HIPPO] = 1;
  isle_position_check (&p, &rules, ISLE_VARIANT_QUICK, &found);
  q = find (&found, ISLE_POSITION_HIPPO_SECOND_ALONE);
  g_assert_nonnull (q);
  g_assert_cmpint (q->cell, ==, isle_test_cell ("d4"));
}

/* R8.5: a face-up Frog with a free tile next to it may hop first. */
static void
test_r8_5_frog_may_hop_first (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  IsleState s;

  isle_test_standard_rules (&rules);
  position (&p,
            "rG bW .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n"
            ".  .  .  .  .  .\n");
  p.hired[ISLE_SIDE_RED][ISLE_KIND_FROG] = 1;
  g_assert_true (isle_position_to_state (&p, &rules, ISLE_VARIANT_QUICK, 1, &s, &found));
  isle_test_assert_phase (&s, ISLE_PHASE_HOP, 0);
  isle_test_assert_legal_exactly (&s, "hop a2", "pass", NULL);
}

/* R4.5: a seat with nothing to place would be skipped. */
static void
test_r4_5_seat_to_move_must_place (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;
  const IslePositionProblem *q;

  isle_test_standard_rules (&rules);
  position (&p,
            "rW rW rW rW rW rW\n"
            "rW rW rW rP rP rR\n"
            "rR rR rR rB rB rB\n"
            "bW bW bW bW bW bW\n"
            "bW bW bW bP bP bR\n"
            "bR bR bR bB bB .\n");
  p.random_hand[0] = p.random_pile[0] = false;
  p.random_hand[1] = p.random_pile[1] = false;
  p.hand[1][0] = ISLE_KIND_RABBIT;
  p.hand_len[1] = 1;
  g_assert_cmpint (isle_position_check (&p, &rules, ISLE_VARIANT_BASIC, &found), ==, 1);
  q = find (&found, ISLE_POSITION_NOTHING_TO_PLACE);
  g_assert_nonnull (q);
  g_assert_cmpint (q->seat, ==, 0);
  g_assert_cmpint (q->value, ==, 1);
  /* Blue to move: a valid position, the last placement of the round. */
  p.to_move = 1;
  g_assert_cmpint (isle_position_check (&p, &rules, ISLE_VARIANT_BASIC, &found), ==, 0);
}

/* A position read back from a state gives the same state (an editor that
 * starts from a game). */
static void
test_position_from_state_round_trip (void)
{
  IsleState s, back;
  IslePosition p;
  IslePositionProblems found;
  IsleRng rng;

  isle_test_new_game (&s, ISLE_VARIANT_WEATHER, 0, 11);
  isle_rng_seed (&rng, 5);
  while (!(s.phase == ISLE_PHASE_PLACE && s.board.occupied != 0 && isle_popcount (s.board.occupied) >= 10))
    isle_test_apply_random (&s, &rng);
  isle_position_from_state (&p, &s);
  g_assert_true (isle_position_to_state (&p, &s.rules, ISLE_VARIANT_WEATHER, 99, &back, &found));
  g_assert_cmpmem (&back.board.cells, sizeof back.board.cells, &s.board.cells, sizeof s.board.cells);
  g_assert_cmpuint (back.board.fog, ==, s.board.fog);
  g_assert_cmpmem (back.hand, sizeof back.hand, s.hand, sizeof s.hand);
  g_assert_cmpmem (back.pile, sizeof back.pile, s.pile, sizeof s.pile);
  g_assert_cmpint (back.to_move, ==, s.to_move);
  g_assert_cmpint (back.deck_len, ==, s.deck_len);
  isle_test_assert_conserved (&back);
}

/* ---- editing the map (isle_position_put_token(), fog) ------------------ */

/* POSITION's map as R3 text, compared with EXPECTED (cells one space
 * apart, as isle_board_format() pads them). */
static void
assert_map (const IslePosition *p, const char *expected)
{
  char text[ISLE_BOARD_TEXT_MAX];
  IsleBoard want;

  want = isle_test_board (expected);
  g_assert_cmpint (isle_board_format (&p->board, text, sizeof text), <, sizeof text);
  {
    char want_text[ISLE_BOARD_TEXT_MAX];

    isle_board_format (&want, want_text, sizeof want_text);
    g_assert_cmpstr (text, ==, want_text);
  }
  g_assert_cmphex (p->board.fog, ==, want.fog);
}

static IslePositionCode
put (IslePosition *p, const char *cell, IsleKind kind, int seat, bool face_down, bool turned)
{
  return isle_position_put_token (p, isle_test_cell (cell), kind, seat, face_down, turned);
}

/* R8.9, R3: a face-up Hippo put next to a lone face-up Hippo of its seat
 * is that Hippo's second tile (`+`); once it has one, the next is a Hippo
 * of its own; a face-down Hippo, or another seat's, is never a second. */
static void
test_r8_9_put_hippo_beside_a_lone_one_is_its_second_tile (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;

  isle_test_standard_rules (&rules);
  isle_position_init (&p);
  g_assert_cmpint (put (&p, "c3", ISLE_KIND_HIPPO, 0, false, false), ==, ISLE_POSITION_OK);
  g_assert_cmpint (put (&p, "d3", ISLE_KIND_HIPPO, 0, false, false), ==, ISLE_POSITION_OK);
  g_assert_cmpint (put (&p, "e3", ISLE_KIND_HIPPO, 0, false, false), ==, ISLE_POSITION_OK);
  g_assert_cmpint (put (&p, "c4", ISLE_KIND_HIPPO, 1, false, false), ==, ISLE_POSITION_OK);
  g_assert_cmpint (put (&p, "b3", ISLE_KIND_HIPPO, 0, true, false), ==, ISLE_POSITION_OK);
  assert_map (&p,
              ".  .  .  .  .  .\n"
              ".  .  .  .  .  .\n"
              ".  rH* rH rH+ rH .\n"
              ".  .  bH .  .  .\n"
              ".  .  .  .  .  .\n"
              ".  .  .  .  .  .\n");
  /* The pair c3–d3 is what the check expects of an unsettled Hippo. */
  p.hired[ISLE_SIDE_RED][ISLE_KIND_HIPPO] = 1;
  isle_position_check (&p, &rules, ISLE_VARIANT_QUICK, &found);
  g_assert_null (find (&found, ISLE_POSITION_HIPPO_SECOND_ALONE));
  g_assert_null (find (&found, ISLE_POSITION_HIPPO_TWO_SECONDS));
}

/* R8.9: a face-up Hippo is one token on two tiles: emptying or covering
 * either tile takes both. */
static void
test_r8_9_clearing_a_hippo_tile_takes_both (void)
{
  IslePosition p;

  isle_position_init (&p);
  put (&p, "c3", ISLE_KIND_HIPPO, 0, false, false);
  put (&p, "c4", ISLE_KIND_HIPPO, 0, false, false);
  g_assert_cmpint (isle_position_clear_tile (&p, isle_test_cell ("c3")), ==, ISLE_POSITION_OK);
  g_assert_cmphex (p.board.occupied, ==, 0);

  put (&p, "c3", ISLE_KIND_HIPPO, 0, false, false);
  put (&p, "d3", ISLE_KIND_HIPPO, 0, false, false);
  g_assert_cmpint (put (&p, "d3", ISLE_KIND_WOLF, 1, false, false), ==, ISLE_POSITION_OK);
  assert_map (&p,
              ".  .  .  .  .  .\n"
              ".  .  .  .  .  .\n"
              ".  .  .  bW .  .\n"
              ".  .  .  .  .  .\n"
              ".  .  .  .  .  .\n"
              ".  .  .  .  .  .\n");
}

/* R8.6: a Chameleon put turned shows its owner's colour; face down it
 * keeps the opponent's, so the check finds nothing to say. */
static void
test_r8_6_put_chameleon_turned_only_face_up (void)
{
  IsleRules rules;
  IslePosition p;
  IslePositionProblems found;

  isle_test_standard_rules (&rules);
  isle_position_init (&p);
  p.weather = ISLE_WEATHER_FOGGY;
  put (&p, "a1", ISLE_KIND_CHAMELEON, 0, false, true);
  put (&p, "b1", ISLE_KIND_CHAMELEON, 1, false, false);
  g_assert_cmpint (put (&p, "c1", ISLE_KIND_CHAMELEON, 1, true, true), ==, ISLE_POSITION_OK);
  g_assert_cmpint (p.board.cells[isle_test_cell ("a1")].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (p.board.cells[isle_test_cell ("b1")].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (p.board.cells[isle_test_cell ("c1")].colour, ==, ISLE_COLOUR_RED);
  p.hired[ISLE_SIDE_RED][ISLE_KIND_CHAMELEON] = 1;
  p.hired[ISLE_SIDE_BLUE][ISLE_KIND_CHAMELEON] = 1;
  isle_position_check (&p, &rules, ISLE_VARIANT_QUICK, &found);
  g_assert_null (find (&found, ISLE_POSITION_FACE_DOWN_CHAMELEON));
}

/* R1: a fog board covers a whole quadrant, put and lifted from any of its
 * tiles; three boards only (the fourth is put all the same and named);
 * R6.6: a token under fog is named, not refused, so a position can be
 * built in any order. */
static void
test_r1_fog_covers_whole_quadrants (void)
{
  IslePosition p;

  isle_position_init (&p);
  p.weather = ISLE_WEATHER_CLOUDY;
  g_assert_cmpint (isle_position_toggle_fog (&p, isle_test_cell ("b2")), ==, ISLE_POSITION_OK);
  g_assert_cmphex (p.board.fog, ==, isle_quadrant_mask (0));
  g_assert_true (isle_position_has_fog (&p, 0));
  g_assert_cmpint (isle_position_toggle_fog (&p, isle_test_cell ("c3")), ==, ISLE_POSITION_OK);
  g_assert_cmphex (p.board.fog, ==, 0);

  g_assert_cmpint (put (&p, "e5", ISLE_KIND_WOLF, 0, false, false), ==, ISLE_POSITION_OK);
  g_assert_cmpint (isle_position_set_fog (&p, 3, true), ==, ISLE_POSITION_TOKEN_UNDER_FOG);
  g_assert_cmpint (put (&p, "f6", ISLE_KIND_WOLF, 0, false, false), ==,
                   ISLE_POSITION_TOKEN_UNDER_FOG);
  g_assert_cmpint (isle_position_set_fog (&p, 0, true), ==, ISLE_POSITION_OK);
  g_assert_cmpint (isle_position_set_fog (&p, 1, true), ==, ISLE_POSITION_OK);
  g_assert_cmpint (isle_position_set_fog (&p, 2, true), ==, ISLE_POSITION_FOG_TOO_MUCH);
  g_assert_cmphex (p.board.fog, ==, ISLE_ALL_CELLS);
  g_assert_cmpint (isle_position_set_fog (&p, 2, false), ==, ISLE_POSITION_OK);
  g_assert_false (isle_position_has_fog (&p, 2));

  /* Clearing an empty fogged tile lifts its board; a token goes first. */
  g_assert_cmpint (isle_position_clear_tile (&p, isle_test_cell ("a1")), ==, ISLE_POSITION_OK);
  g_assert_false (isle_position_has_fog (&p, 0));
  g_assert_cmpint (isle_position_clear_tile (&p, isle_test_cell ("e5")), ==, ISLE_POSITION_OK);
  g_assert_true (isle_position_has_fog (&p, 3));
  g_assert_cmphex (p.board.occupied, ==, BIT_OF ("f6"));
}

/* Edits of tiles, kinds, seats and quadrants that do not exist change
 * nothing. */
static void
test_edit_out_of_range_changes_nothing (void)
{
  IslePosition p, before;

  isle_position_init (&p);
  before = p;
  g_assert_cmpint (isle_position_put_token (&p, ISLE_N_CELLS, ISLE_KIND_WOLF, 0, false, false),
                   ==, ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_put_token (&p, 0, ISLE_KIND_NONE, 0, false, false), ==,
                   ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_put_token (&p, 0, ISLE_N_KINDS, 0, false, false), ==,
                   ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_put_token (&p, 0, ISLE_KIND_WOLF, ISLE_MAX_SEATS, false, false),
                   ==, ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_clear_tile (&p, -1), ==, ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_toggle_fog (&p, ISLE_N_CELLS), ==, ISLE_POSITION_BAD_EDIT);
  g_assert_cmpint (isle_position_set_fog (&p, ISLE_N_QUADRANTS, true), ==, ISLE_POSITION_BAD_EDIT);
  g_assert_true (memcmp (&p, &before, sizeof p) == 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/position/r1_random_hands_and_piles_hold_the_rest",
                   test_r1_random_hands_and_piles_hold_the_rest);
  g_test_add_func ("/position/r1_ten_wolves", test_r1_ten_wolves);
  g_test_add_func ("/position/r9_3_hired_fox_replaces_a_wolf", test_r9_3_hired_fox_replaces_a_wolf);
  g_test_add_func ("/position/r8_9_unsettled_hippo_settles_first", test_r8_9_unsettled_hippo_settles_first);
  g_test_add_func ("/position/r8_9_hippo_needs_its_first_tile", test_r8_9_hippo_needs_its_first_tile);
  g_test_add_func ("/position/r8_5_frog_may_hop_first", test_r8_5_frog_may_hop_first);
  g_test_add_func ("/position/r4_5_seat_to_move_must_place", test_r4_5_seat_to_move_must_place);
  g_test_add_func ("/position/from_state_round_trip", test_position_from_state_round_trip);
  g_test_add_func ("/position/r8_9_put_hippo_beside_a_lone_one_is_its_second_tile",
                   test_r8_9_put_hippo_beside_a_lone_one_is_its_second_tile);
  g_test_add_func ("/position/r8_9_clearing_a_hippo_tile_takes_both",
                   test_r8_9_clearing_a_hippo_tile_takes_both);
  g_test_add_func ("/position/r8_6_put_chameleon_turned_only_face_up",
                   test_r8_6_put_chameleon_turned_only_face_up);
  g_test_add_func ("/position/r1_fog_covers_whole_quadrants", test_r1_fog_covers_whole_quadrants);
  g_test_add_func ("/position/edit_out_of_range_changes_nothing",
                   test_edit_out_of_range_changes_nothing);
  return g_test_run ();
}
