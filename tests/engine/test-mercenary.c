/* test-mercenary.c — mercenary abilities (R8) through the decision-point API
 * (doc/decision-points.md): Fox (R8.1), Turtle (R8.2), Mouses (R8.3), Snake
 * (R8.4), Frog (R8.5), Chameleon (R8.6), Mole (R8.7), Prairie Dog (R8.8),
 * Hippo (R8.9), face-down tokens (R8.10, R6.4) and white tokens (R2).
 * Positions are R3 text; every test builds a position with
 * isle_test_merc_state(), applies actions by their text and checks the
 * board, the phase and the seat to move at each step. */
#include <string.h>

#include "isle-test-util.h"

#define RED ISLE_SIDE_RED
#define BLUE ISLE_SIDE_BLUE

static void
assert_no_bonus (const IsleState *s)
{
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_assert_cmpint (s->bonus[seat], ==, 0);
}

/* All 18 of Blue's basic tokens are on the map: Blue's hand and pile are
 * empty. c2 (Blue's Pig) is next to c3. */
static const char *const BLUE_ALL_PLACED =
  "bW bW bW bW bW bW\n"
  "bW bW bP bP bR bR\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  "bW bR bR bB bB bB\n"
  ".  .  .  .  .  .\n";

/* Applies ACTION, the placement of a mercenary whose ability finds no
 * target (R8): note_no_target names KIND, nothing but the placement happens
 * (the map is then AFTER) and the decision point PHASE follows, with SEAT to
 * move. */
static void
place_without_target (IsleState *s, const char *action, IsleKind kind, IslePhase phase,
                      int seat, const char *after)
{
  isle_test_apply (s, action);
  g_assert_cmpint (s->note_no_target, ==, kind);
  isle_test_assert_phase (s, phase, seat);
  isle_test_assert_board (&s->board, after);
}

/* ---- R8.1 Fox ------------------------------------------------------------ */

/* Around c3: c2 Blue's Rat (red, but Blue's: an opponent's token), b3 Red's
 * own Wolf, d3 Blue's Wolf, c4 Blue's Rabbit (white); d4 is diagonal. */
static const char *const FOX_BOARD =
  ".  .  .  .  .  .\n"
  ".  .  bR .  .  .\n"
  ".  rW .  bW .  .\n"
  ".  .  bB bW .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

/* R8.1: a face-up Fox next to opponent's tokens: the placer picks one of
 * exactly the adjacent opponent's non-white tokens; its owner replaces it
 * from hand with the same face; the replaced token goes to its owner's
 * hand; then the Fox's owner draws (R4.4d) and the turn passes. */
static void
test_r8_1_fox_forces_replacement (void)
{
  IsleState s;
  int blue_pile;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, FOX_BOARD, "FWWWW", "PWWRB",
                        "F", "", RED, ISLE_WEATHER_SUNNY);
  blue_pile = s.pile_len[BLUE];
  g_assert_cmpint (s.pile_len[RED], >, 0);

  isle_test_apply_then (&s, "place rF c3", ISLE_PHASE_ABILITY, RED);
  /* R4.4: the draw comes after the ability. */
  g_assert_cmpint (s.hand_len[RED], ==, 4);
  isle_test_assert_legal_exactly (&s, "target c2", "target d3", NULL);
  g_assert_false (isle_test_is_legal (&s, "target b3"));   /* own token */
  g_assert_false (isle_test_is_legal (&s, "target c4"));   /* white (R2) */
  g_assert_false (isle_test_is_legal (&s, "target d4"));   /* not adjacent */

  isle_test_apply_then (&s, "target d3", ISLE_PHASE_REPLACE, BLUE);
  isle_test_assert_legal_exactly (&s, "replace bW", "replace bP", "replace bR",
                                  "replace bB", NULL);
  g_assert_false (isle_test_is_legal (&s, "replace bC"));  /* not in hand */

  isle_test_apply_expect (&s, "replace bP", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  bR .  .  .\n"
                          ".  rW rF bP .  .\n"
                          ".  .  bB bW .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  /* The replaced Wolf is in Blue's hand, the Pig left it. */
  g_assert_cmpint (s.hand_len[BLUE], ==, 5);
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_WOLF), ==, 3);
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_PIG), ==, 0);
  g_assert_cmpint (s.pile_len[BLUE], ==, blue_pile);
  /* The Fox's owner drew; Blue's turn. */
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_conserved (&s);
}

/* R8.1 and the engine's reading "Fox and Snake need a hand": Blue has
 * placed all its tokens, so its Pig next to the Fox cannot be replaced: no
 * ability (note_no_target names the Fox), and Blue, with nothing to place,
 * is skipped (R4.5): Red moves again. */
static void
test_r8_1_fox_no_target_when_hand_empty (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, BLUE_ALL_PLACED, "FW", "",
                        "F", "", RED, ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s.hand_len[BLUE] + s.pile_len[BLUE], ==, 0);
  place_without_target (&s, "place rF c3", ISLE_KIND_FOX, ISLE_PHASE_PLACE, RED,
                        "bW bW bW bW bW bW\n"
                        "bW bW bP bP bR bR\n"
                        ".  .  rF .  .  .\n"
                        ".  .  .  .  .  .\n"
                        "bW bR bR bB bB bB\n"
                        ".  .  .  .  .  .\n");
  g_assert_cmpint (s.note_skipped, ==, 1u << BLUE);
  isle_test_assert_conserved (&s);
}

/* R2, R8.1: white tokens — a Rabbit, a Prairie Dog, a settled Hippo — are
 * not opponent's tokens: a Fox with only white opponent's neighbours (and
 * its own Wolf; d2 is diagonal) does nothing. */
static void
test_r8_1_fox_ignores_white_neighbours (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  bB bW .  .\n"
                        ".  bD .  rW .  .\n"
                        ".  .  bH .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "FWWWW", "WWWWW", "F", "DH", RED, ISLE_WEATHER_SUNNY);
  place_without_target (&s, "place rF c3", ISLE_KIND_FOX, ISLE_PHASE_PLACE, BLUE,
                        ".  .  .  .  .  .\n"
                        ".  .  bB bW .  .\n"
                        ".  bD rF rW .  .\n"
                        ".  .  bH .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n");
}

/* Foggy, only the north-west quadrant open; Blue's face-down Wolf at c2 and
 * face-down Rat at b3 are next to c3 (d3 and c4 are under fog). */
static const char *const FOGGY_NW =
  ".   .   .   #  #  #\n"
  ".   .   bW* #  #  #\n"
  ".   bR* .   #  #  #\n"
  "#   #   #   #  #  #\n"
  "#   #   #   #  #  #\n"
  "#   #   #   #  #  #\n";

/* R8.1 "same face", R6.4: a face-up Fox (a mercenary may go face up in
 * Foggy weather) targets a face-down token (it shows its owner's shield, and
 * it is not seen as white); the replacement goes face down. */
static void
test_r8_1_fox_face_down_target_replaced_face_down (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, FOGGY_NW, "FWWWW", "PWWWW",
                        "F", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rF c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "target c2", "target b3", NULL);
  isle_test_apply_then (&s, "target c2", ISLE_PHASE_REPLACE, BLUE);
  isle_test_assert_legal_exactly (&s, "replace bW", "replace bP", NULL);
  isle_test_apply_expect (&s, "replace bP", ISLE_PHASE_PLACE, BLUE,
                          ".   .   .   #  #  #\n"
                          ".   .   bP* #  #  #\n"
                          ".   bR* rF  #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n");
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_WOLF), ==, 5);
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_PIG), ==, 0);
  isle_test_assert_conserved (&s);
}

/* R8 (only when placed face up), R8.10: a Fox placed face down does
 * nothing, though it has targets. */
static void
test_r8_1_fox_face_down_no_ability (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, FOGGY_NW, "FWWWW", "PWWWW",
                        "F", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rF* c3", ISLE_PHASE_PLACE, BLUE);
  g_assert_cmpint (s.note_no_target, ==, ISLE_KIND_NONE);
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_board (&s.board,
                          ".   .   .   #  #  #\n"
                          ".   .   bW* #  #  #\n"
                          ".   bR* rF* #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n");
}

/* R8 "A token placed as a replacement resolves no ability": Blue replaces
 * its Wolf at d3 with a Fox (Red tokens around, Red has a hand), a Mouses
 * (Red tokens around) or a Turtle: no ability phase, no extra placement;
 * Blue simply has its own turn, then Red. */
static void
test_r8_1_replacement_resolves_no_ability (void)
{
  static const char *const codes[] = { "F", "M", "T", "S", "O" };

  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      IsleState s;
      char hand[8], text[32], expected[256];

      g_snprintf (hand, sizeof hand, "%sWWWW", codes[i]);
      isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                            ".  .  .  .  .  .\n"
                            ".  .  .  rW .  .\n"
                            ".  .  .  bW rW .\n"
                            ".  .  .  rW .  .\n"
                            ".  .  .  .  .  .\n"
                            ".  .  .  .  .  .\n",
                            "FWWWW", hand, "F", codes[i], RED, ISLE_WEATHER_SUNNY);
      isle_test_apply (&s, "place rF c3");
      isle_test_apply (&s, "target d3");
      g_snprintf (text, sizeof text, "replace b%s", codes[i]);
      isle_test_apply (&s, text);
      g_snprintf (expected, sizeof expected,
                  ".  .  .  .  .  .\n"
                  ".  .  .  rW .  .\n"
                  ".  .  rF b%s rW .\n"
                  ".  .  .  rW .  .\n"
                  ".  .  .  .  .  .\n"
                  ".  .  .  .  .  .\n", codes[i]);
      isle_test_assert_board (&s.board, expected);
      isle_test_assert_phase (&s, ISLE_PHASE_PLACE, BLUE);
      assert_no_bonus (&s);
      g_assert_cmpint (s.placements_left, ==, 1);
      isle_test_apply_then (&s, "place bW a6", ISLE_PHASE_PLACE, RED);
      isle_test_assert_conserved (&s);
    }
}

/* ---- R8.2 Turtle --------------------------------------------------------- */

/* R8.2: the Turtle's owner places again at once (after its draw); the
 * opponent's next turn has two placements; then turns alternate again. */
static void
test_r8_2_turtle_extra_placements (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_empty_board, "TWWWW", "WWWWW",
                        "T", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rT a1", ISLE_PHASE_PLACE, RED);
  g_assert_cmpint (s.hand_len[RED], ==, 5);                /* drew */
  g_assert_cmpint (s.bonus[BLUE], ==, 1);
  isle_test_apply_then (&s, "place rW b1", ISLE_PHASE_PLACE, BLUE);
  g_assert_cmpint (s.placements_left, ==, 2);
  isle_test_apply_then (&s, "place bW a2", ISLE_PHASE_PLACE, BLUE);
  g_assert_cmpint (s.hand_len[BLUE], ==, 5);               /* each has its draw */
  isle_test_apply_then (&s, "place bW b2", ISLE_PHASE_PLACE, RED);
  assert_no_bonus (&s);
  isle_test_apply_then (&s, "place rW c1", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply_expect (&s, "place bW c2", ISLE_PHASE_PLACE, RED,
                          "rT rW rW .  .  .\n"
                          "bW bW bW .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  isle_test_assert_conserved (&s);
}

/* R8.2 with R6.5: a Turtle that fills the last open tile: the fog board is
 * lifted (by the filler; under option `next` by the next seat that must
 * place, which is the Turtle's owner itself), then its extra placement;
 * the opponent's two placements survive a fog lift made in between. */
static void
test_r8_2_turtle_with_fog_lift (void)
{
  for (int option = 0; option < 2; option++)
    {
      IsleState s;

      isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_nw_one_free_board,
                            "TWWWW", "WWWWW", "T", "", RED, ISLE_WEATHER_CLOUDY);
      s.rules.fog_lift = option ? ISLE_FOG_LIFT_NEXT : ISLE_FOG_LIFT_FILLER;
      isle_test_apply_then (&s, "place rT c3", ISLE_PHASE_FOG_LIFT, RED);
      isle_test_apply_then (&s, "lift ne", ISLE_PHASE_PLACE, RED);
      isle_test_apply_then (&s, "place rW d1", ISLE_PHASE_PLACE, BLUE);
      isle_test_apply_then (&s, "place bW e1", ISLE_PHASE_PLACE, BLUE);
      isle_test_apply_then (&s, "place bW f1", ISLE_PHASE_PLACE, RED);

      isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                            "rW bW rW #  #  #\n"
                            "bW rW .  #  #  #\n"
                            "rP bW .  #  #  #\n"
                            "#  #  #  #  #  #\n"
                            "#  #  #  #  #  #\n"
                            "#  #  #  #  #  #\n",
                            "TWWWW", "WWWWW", "T", "", RED, ISLE_WEATHER_CLOUDY);
      s.rules.fog_lift = option ? ISLE_FOG_LIFT_NEXT : ISLE_FOG_LIFT_FILLER;
      isle_test_apply_then (&s, "place rT c2", ISLE_PHASE_PLACE, RED);
      isle_test_apply_then (&s, "place rW c3", ISLE_PHASE_FOG_LIFT, option ? BLUE : RED);
      isle_test_apply_then (&s, "lift ne", ISLE_PHASE_PLACE, BLUE);
      isle_test_apply_then (&s, "place bW d1", ISLE_PHASE_PLACE, BLUE);
      isle_test_apply_then (&s, "place bW e1", ISLE_PHASE_PLACE, RED);
      isle_test_assert_conserved (&s);
    }
}

/* isle_test_before_last_d6: a full map with exactly two lines but for d6,
 * free for Red's last token; then Red scores 10 (a6–d6 with a Pig), Blue 6
 * (f1–f3 with a Pig). isle_test_before_last_d6_f6: the same with f6 free
 * too. */

/* Plays the opening of the next round (first legal actions) up to its first
 * placement. */
static void
play_to_first_placement (IsleState *s)
{
  for (int n = 0; s->phase != ISLE_PHASE_PLACE; n++)
    {
      g_assert_cmpint (n, <, 40);
      g_assert_true (s->phase == ISLE_PHASE_HIRE || s->phase == ISLE_PHASE_WEATHER
                     || s->phase == ISLE_PHASE_HAND);
      if (s->phase == ISLE_PHASE_HIRE)
        isle_test_apply (s, "done");
      else
        isle_test_apply_first (s);
    }
}

/* Round 1 was just scored as usual (Red 10, Blue 6) and nothing is owed:
 * hiring comes next (R9.3); neither side hires. Round 2 alternates
 * normally: its first seat is Blue (R4.3); three placements go Blue, Red,
 * Blue. The first legal placement is a Wolf (every hand holds Wolves:
 * first-legal picks take Wolves first). */
static void
assert_round_one_ends_owing_nothing (IsleState *s)
{
  isle_test_assert_phase (s, ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s->round_score[0][RED], ==, 10);
  g_assert_cmpint (s->round_score[0][BLUE], ==, 6);
  assert_no_bonus (s);
  isle_test_apply (s, "done");
  isle_test_apply (s, "done");
  g_assert_cmpint (s->round, ==, 2);
  play_to_first_placement (s);
  assert_no_bonus (s);
  isle_test_assert_phase (s, ISLE_PHASE_PLACE, BLUE);
  for (int i = 0; i < 3; i++)
    {
      int seat = s->to_move;

      isle_test_apply_first (s);
      isle_test_assert_phase (s, ISLE_PHASE_PLACE, 1 - seat);
    }
}

/* R8.2, the engine's reading "Turtle at the end of a round": the Turtle
 * fills the last tile: the round ends (scored as usual), nothing is owed in
 * the next round. */
static void
test_r8_2_turtle_on_last_tile_owes_nothing (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_before_last_d6, "T", "",
                        "T", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place rT d6");
  assert_round_one_ends_owing_nothing (&s);
}

/* R8.2: the Turtle's own extra placement fills the map: the round ends and
 * Blue's owed placement lapses. */
static void
test_r8_2_turtle_extra_placement_ends_round (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_before_last_d6_f6, "TW", "",
                        "T", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rT d6", ISLE_PHASE_PLACE, RED);
  g_assert_cmpint (s.bonus[BLUE], ==, 1);
  isle_test_apply (&s, "place rW f6");
  assert_round_one_ends_owing_nothing (&s);
}

/* ---- R8.3 Mouses, R8.7 Mole ---------------------------------------------- */

/* R8.3: the Mouses must swap with an adjacent opponent's token (no pass):
 * c2 Blue's Wolf or d3 Blue's Rat (red, but Blue's); not b3 (Red's own) nor
 * c4 (white, R2). */
static void
test_r8_3_mouses_must_swap (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  bW .  .  .\n"
                        ".  rW .  bR .  .\n"
                        ".  .  bB .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "MWWWW", "WWWWW", "M", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rM c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "swap c2", "swap d3", NULL);
  g_assert_false (isle_test_is_legal (&s, "pass"));
  isle_test_apply_expect (&s, "swap d3", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  bW .  .  .\n"
                          ".  rW bR rM .  .\n"
                          ".  .  bB .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_conserved (&s);
}

/* R8 "visible even face down" and the engine's reading of face-down tokens:
 * a face-down token shows only its owner's shield, so Blue's face-down
 * Rabbit is not seen as white and the Mouses must swap with it (Red's own
 * face-down Rat is not an opponent's token); faces travel with the tokens. */
static void
test_r8_3_mouses_swaps_with_face_down_token (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .   .   #  #  #\n"
                        ".  .   bB* #  #  #\n"
                        ".  rR* .   #  #  #\n"
                        "#  #   #   #  #  #\n"
                        "#  #   #   #  #  #\n"
                        "#  #   #   #  #  #\n",
                        "MWWWW", "WWWWW", "M", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rM c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "swap c2", NULL);
  isle_test_apply_expect (&s, "swap c2", ISLE_PHASE_PLACE, BLUE,
                          ".  .   .   #  #  #\n"
                          ".  .   rM  #  #  #\n"
                          ".  rR* bB* #  #  #\n"
                          "#  #   #   #  #  #\n"
                          "#  #   #   #  #  #\n"
                          "#  #   #   #  #  #\n");
}

/* R8.3: no opponent's token next to the Mouses — Red's own Rat (blue, but
 * Red's), Red's Wolf, Blue's Rabbit (white) — nothing happens. */
static void
test_r8_3_mouses_without_opponent_neighbour (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  rR .  .  .\n"
                        ".  rW .  .  .  .\n"
                        ".  .  bB bW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "MWWWW", "WWWWW", "M", "", RED, ISLE_WEATHER_SUNNY);
  place_without_target (&s, "place rM c3", ISLE_KIND_MOUSES, ISLE_PHASE_PLACE, BLUE,
                        ".  .  .  .  .  .\n"
                        ".  .  rR .  .  .\n"
                        ".  rW rM .  .  .\n"
                        ".  .  bB bW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n");
}

/* R8.7: the Mole is a spy (Red's Mole is blue) and swaps like the Mouses
 * with an opponent's token — judged by owner, not colour: Red's own blue Rat
 * at c2 is not one, Blue's red Rat at d3 is. */
static void
test_r8_7_mole_swaps_with_opponent_token (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  rR .  .  .\n"
                        ".  bW .  bR .  .\n"
                        ".  .  rW .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "OWWWW", "WWWWW", "O", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place rO c3");
  g_assert_cmpint (s.board.cells[isle_test_cell ("c3")].colour, ==, ISLE_COLOUR_BLUE);
  isle_test_assert_phase (&s, ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "swap b3", "swap d3", NULL);
  isle_test_apply_expect (&s, "swap b3", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  rR .  .  .\n"
                          ".  rO bW bR .  .\n"
                          ".  .  rW .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  /* The Mole keeps its (blue) colour when it moves. */
  g_assert_cmpint (s.board.cells[isle_test_cell ("b3")].colour, ==, ISLE_COLOUR_BLUE);
  isle_test_assert_conserved (&s);
}

/* R8.7: a Mole with only its owner's tokens and white tokens around does
 * nothing. */
static void
test_r8_7_mole_without_opponent_neighbour (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  rR .  .  .\n"
                        ".  bB .  rW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "OWWWW", "WWWWW", "O", "", RED, ISLE_WEATHER_SUNNY);
  place_without_target (&s, "place rO c3", ISLE_KIND_MOLE, ISLE_PHASE_PLACE, BLUE,
                        ".  .  .  .  .  .\n"
                        ".  .  rR .  .  .\n"
                        ".  bB rO rW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n");
}

/* ---- R8.4 Snake ---------------------------------------------------------- */

/* R8.4: the Snake's owner picks any opponent's token on the map, adjacent
 * or not — here a1, f1, f6; not Blue's white Rabbit (a5) nor Prairie Dog
 * (f5), nor Red's own Wolf — and its owner replaces it as for the Fox. */
static void
test_r8_4_snake_targets_any_opponent_token (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "bW .  .  .  .  bR\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  rW .  .\n"
                        ".  .  .  .  .  .\n"
                        "bB .  .  .  .  bD\n"
                        ".  .  .  .  .  bP\n",
                        "SWWWW", "WWWRB", "S", "D", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rS c3", ISLE_PHASE_ABILITY, RED);
  g_assert_cmpint (s.hand_len[RED], ==, 4);
  isle_test_assert_legal_exactly (&s, "target a1", "target f1", "target f6", NULL);
  isle_test_apply_then (&s, "target f6", ISLE_PHASE_REPLACE, BLUE);
  isle_test_assert_legal_exactly (&s, "replace bW", "replace bR", "replace bB", NULL);
  isle_test_apply_expect (&s, "replace bW", ISLE_PHASE_PLACE, BLUE,
                          "bW .  .  .  .  bR\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rS rW .  .\n"
                          ".  .  .  .  .  .\n"
                          "bB .  .  .  .  bD\n"
                          ".  .  .  .  .  bW\n");
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_PIG), ==, 1);
  g_assert_cmpint (isle_test_hand_count (&s, BLUE, ISLE_KIND_WOLF), ==, 2);
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_conserved (&s);
}

/* R8.4 "as in R8.1": a Snake whose opponent has no token in hand does
 * nothing. */
static void
test_r8_4_snake_needs_opponent_hand (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, BLUE_ALL_PLACED, "SW", "",
                        "S", "", RED, ISLE_WEATHER_SUNNY);
  place_without_target (&s, "place rS d4", ISLE_KIND_SNAKE, ISLE_PHASE_PLACE, RED,
                        "bW bW bW bW bW bW\n"
                        "bW bW bP bP bR bR\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  rS .  .\n"
                        "bW bR bR bB bB bB\n"
                        ".  .  .  .  .  .\n");
}

/* R8.4, R8.1 "same face": a face-up Snake (Foggy) targets a face-down token
 * away from it; the replacement lies face down. Under fog nothing can be
 * targeted (R6.6): the only token is a1. */
static void
test_r8_4_snake_face_down_target (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "bW* .  .  #  #  #\n"
                        ".   .  .  #  #  #\n"
                        ".   .  .  #  #  #\n"
                        "#   #  #  #  #  #\n"
                        "#   #  #  #  #  #\n"
                        "#   #  #  #  #  #\n",
                        "SWWWW", "PWWWW", "S", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rS c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "target a1", NULL);
  isle_test_apply (&s, "target a1");
  isle_test_apply_expect (&s, "replace bP", ISLE_PHASE_PLACE, BLUE,
                          "bP* .  .  #  #  #\n"
                          ".   .  .  #  #  #\n"
                          ".   .  rS #  #  #\n"
                          "#   #  #  #  #  #\n"
                          "#   #  #  #  #  #\n"
                          "#   #  #  #  #  #\n");
}

/* ---- R8.5 Frog ----------------------------------------------------------- */

/* R8.5: placing a Frog asks nothing; at the start of each of its owner's
 * later turns the owner may move it to an adjacent free open tile (`hop`)
 * or not (`pass`), then places. */
static void
test_r8_5_frog_hops_at_start_of_turn (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  bW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "GWWWW", "WWWWW", "G", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rG c3", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply_then (&s, "place bW f6", ISLE_PHASE_HOP, RED);
  isle_test_assert_legal_exactly (&s, "hop c2", "hop b3", "hop c4", "pass", NULL);
  isle_test_apply_expect (&s, "hop c4", ISLE_PHASE_PLACE, RED,
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  bW .  .\n"
                          ".  .  rG .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  bW\n");
  isle_test_apply_then (&s, "place rW a1", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply (&s, "place bW f5");
  /* Every later turn: now c3, b4, d4 and c5 are free. */
  isle_test_assert_phase (&s, ISLE_PHASE_HOP, RED);
  isle_test_assert_legal_exactly (&s, "hop c3", "hop b4", "hop d4", "hop c5", "pass", NULL);
  isle_test_apply_expect (&s, "pass", ISLE_PHASE_PLACE, RED,
                          "rW .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  bW .  .\n"
                          ".  .  rG .  .  .\n"
                          ".  .  .  .  .  bW\n"
                          ".  .  .  .  .  bW\n");
  isle_test_assert_conserved (&s);
}

/* R8.5, R6.6: a Frog next to fog cannot hop onto it: from c3 only c2 and b3
 * (d3 and c4 are fogged). */
static void
test_r8_5_frog_cannot_hop_onto_fog (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  #  #  #\n"
                        ".  .  .  #  #  #\n"
                        ".  .  rG #  #  #\n"
                        "#  #  #  #  #  #\n"
                        "#  #  #  #  #  #\n"
                        "#  #  #  #  #  #\n",
                        "WWWWW", "WWWWW", "G", "", BLUE, ISLE_WEATHER_CLOUDY);
  isle_test_apply_then (&s, "place bW a1", ISLE_PHASE_HOP, RED);
  isle_test_assert_legal_exactly (&s, "hop c2", "hop b3", "pass", NULL);
  g_assert_false (isle_test_is_legal (&s, "hop d3"));
  g_assert_false (isle_test_is_legal (&s, "hop c4"));
}

/* R4.4a, R4.5: a turn's start-of-turn steps (Hippo settles, Frog may jump)
 * come before the placement, and a player with no token in hand skips only
 * (b)–(d). Red has all 18 tokens on the map, its face-up Frog at b4 next to
 * free tiles: at the start of Red's turn it may hop, then Red is skipped. */
static void
test_r8_5_frog_hops_with_empty_hand (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rW rW rW rW rW rW\n"
                        "rW rW rP rP rR rR\n"
                        ".  .  .  .  .  .\n"
                        ".  rG .  .  .  .\n"
                        "rR rR rB rB rB .\n"
                        ".  .  .  .  .  .\n",
                        "", "WWWWW", "G", "", BLUE, ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s.hand_len[RED] + s.pile_len[RED], ==, 0);
  isle_test_apply_then (&s, "place bW f6", ISLE_PHASE_HOP, RED);
  isle_test_assert_legal_exactly (&s, "hop b3", "hop a4", "hop c4", "pass", NULL);
  isle_test_apply (&s, "hop c4");
  /* Nothing to place: Red is skipped (R4.5). */
  isle_test_assert_phase (&s, ISLE_PHASE_PLACE, BLUE);
  g_assert_cmpint (s.note_skipped, ==, 1u << RED);
  isle_test_assert_board (&s.board,
                          "rW rW rW rW rW rW\n"
                          "rW rW rP rP rR rR\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rG .  .  .\n"
                          "rR rR rB rB rB .\n"
                          ".  .  .  .  .  bW\n");
}

/* R8.5: a Frog with no free open tile next to it has no HOP decision. */
static void
test_r8_5_frog_without_free_neighbour (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rG bW .  .  .  .\n"
                        "bW .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "WWWWW", "WWWWW", "G", "", BLUE, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place bW f6", ISLE_PHASE_PLACE, RED);
  g_assert_false (isle_test_is_legal (&s, "pass"));
}

/* R8.5, R8.10: only a face-up Frog hops. */
static void
test_r8_5_face_down_frog_never_hops (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .   .  #  #  #\n"
                        ".  rG* .  #  #  #\n"
                        ".  .   .  #  #  #\n"
                        "#  #   #  #  #  #\n"
                        "#  #   #  #  #  #\n"
                        "#  #   #  #  #  #\n",
                        "WWWWW", "WWWWW", "G", "", BLUE, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place bW* a1", ISLE_PHASE_PLACE, RED);
  g_assert_false (isle_test_is_legal (&s, "hop b1"));
  /* And a Frog placed face down by its owner does not hop later either. */
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, FOGGY_NW, "GWWWW", "WWWWW",
                        "G", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rG* a2", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply_then (&s, "place bW* c3", ISLE_PHASE_PLACE, RED);
}

/* ---- R8.6 Chameleon ------------------------------------------------------ */

/* R8.6: Red's Chameleon is placed blue (the opponent's colour), though a red
 * Wolf is next to it; a face-up red token placed next to it turns it red
 * (`rLr`) — Blue's Rat is red —, a blue one turns it back, a token placed
 * elsewhere changes nothing, and its owner's red Wolf turns it red again. */
static void
test_r8_6_chameleon_takes_placed_colour (void)
{
  IsleState s;
  int c3 = isle_test_cell ("c3");

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  rW .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "LWWWW", "RWWWB", "L", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rL c3", ISLE_PHASE_PLACE, BLUE);
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_BLUE);
  isle_test_apply (&s, "place bR d3");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_RED);
  isle_test_apply (&s, "place rW a1");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_RED);
  isle_test_apply (&s, "place bW c2");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_BLUE);
  isle_test_apply_expect (&s, "place rW c4", ISLE_PHASE_PLACE, BLUE,
                          "rW .  .  .  .  .\n"
                          ".  .  bW .  .  .\n"
                          ".  rW rLr bR .  .\n"
                          ".  .  rW .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  isle_test_assert_conserved (&s);
}

/* R8.6 "coloured token", R2: white tokens — a Rabbit, a Prairie Dog, a
 * face-up Hippo — placed next to a Chameleon do not change it; a blue token
 * does. */
static void
test_r8_6_white_placement_keeps_colour (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  rLr .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "RWWWW", "BDHWW", "L", "DH", BLUE, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place bB c2");
  isle_test_apply (&s, "place rW a1");
  isle_test_apply (&s, "place bD b3");
  /* One non-white token next to the Prairie Dog: nothing to swap. */
  isle_test_assert_phase (&s, ISLE_PHASE_PLACE, RED);
  isle_test_apply (&s, "place rW a2");
  isle_test_apply_expect (&s, "place bH c4 c5", ISLE_PHASE_PLACE, RED,
                          "rW .  .  .  .  .\n"
                          "rW .  bB .  .  .\n"
                          ".  bD rLr .  .  .\n"
                          ".  .  bH .  .  .\n"
                          ".  .  bH+ .  .  .\n"
                          ".  .  .  .  .  .\n");
  /* Red's own Rat is blue (a spy): it turns the Chameleon blue. */
  isle_test_apply (&s, "place rR d3");
  g_assert_cmpint (s.board.cells[isle_test_cell ("c3")].colour, ==, ISLE_COLOUR_BLUE);
}

/* R8.6 and the engine's reading of face-down tokens: a token placed face
 * down is not seen as coloured, so it does not change a face-up Chameleon,
 * even a red one (Blue's Rat, Red's Wolf) next to a blue Chameleon. */
static void
test_r8_6_face_down_placement_does_not_change (void)
{
  IsleState s;
  int c3 = isle_test_cell ("c3");

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_nw_open_board,
                        "LWWWW", "RWWWW", "L", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply (&s, "place rL c3");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_BLUE);
  isle_test_apply (&s, "place bR* c2");
  isle_test_apply (&s, "place rW* b3");
  isle_test_assert_board (&s.board,
                          ".  .   .   #  #  #\n"
                          ".  .   bR* #  #  #\n"
                          ".  rW* rL  #  #  #\n"
                          "#  #   #   #  #  #\n"
                          "#  #   #   #  #  #\n"
                          "#  #   #   #  #  #\n");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_BLUE);
}

/* R8.6 "A face-down Chameleon keeps the opponent's colour": Blue's face-up
 * Crow (red, a spy) placed next to Red's face-down Chameleon leaves it
 * blue. */
static void
test_r8_6_face_down_chameleon_keeps_opponent_colour (void)
{
  IsleState s;
  int c3 = isle_test_cell ("c3");

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_nw_open_board,
                        "LWWWW", "KWWWW", "L", "K", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rL* c3", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply (&s, "place bK c2");
  g_assert_cmpint (s.board.cells[isle_test_cell ("c2")].colour, ==, ISLE_COLOUR_RED);
  isle_test_assert_board (&s.board,
                          ".  .  .   #  #  #\n"
                          ".  .  bK  #  #  #\n"
                          ".  .  rL* #  #  #\n"
                          "#  #  #   #  #  #\n"
                          "#  #  #   #  #  #\n"
                          "#  #  #   #  #  #\n");
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_BLUE);
}

/* R8.6 "Moves and swaps do not change it": the red Mouses swapped next to a
 * blue Chameleon, and a red Frog hopping next to it, leave it blue. */
static void
test_r8_6_moves_and_swaps_do_not_change (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  rL bR .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "MWWWW", "WWWWW", "LM", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rM e3", ISLE_PHASE_ABILITY, RED);
  isle_test_apply (&s, "swap d3");
  isle_test_assert_board (&s.board,
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rL rM bR .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  rL .  rG .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "WWWWW", "WWWWW", "LG", "", BLUE, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place bW a6", ISLE_PHASE_HOP, RED);
  isle_test_apply (&s, "hop d3");
  isle_test_assert_board (&s.board,
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rL rG .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          "bW .  .  .  .  .\n");
}

/* R8.6 "replacements included": the token Blue puts in place of the Fox's
 * target, face up and blue, turns the (red) Chameleon next to it blue. */
static void
test_r8_6_replacement_changes_colour (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  rLr bW .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "FWWWW", "PWWWW", "FL", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rF e3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "target d3", NULL);
  isle_test_apply (&s, "target d3");
  isle_test_apply_expect (&s, "replace bP", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rL bP rF .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
}

/* ---- R8.8 Prairie Dog ---------------------------------------------------- */

/* R8.8: the Prairie Dog's owner may swap any two non-white tokens next to
 * it, of either side (c2 and b3 are both Red's), or pass. */
static void
test_r8_8_prairie_dog_swaps_any_two (void)
{
  static const char *const board =
    ".  .  .  .  .  .\n"
    ".  .  rP .  .  .\n"
    ".  rW .  bW .  .\n"
    ".  .  bR .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n";
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, board, "DWWWW", "WWWWW",
                        "D", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rD c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "swap c2 b3", "swap c2 d3", "swap c2 c4",
                                  "swap b3 d3", "swap b3 c4", "swap d3 c4",
                                  "pass", NULL);
  isle_test_apply_expect (&s, "swap b3 c4", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  rP .  .  .\n"
                          ".  bR rD bW .  .\n"
                          ".  .  rW .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_conserved (&s);

  /* `pass`: nothing moves. */
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, board, "DWWWW", "WWWWW",
                        "D", "", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place rD c3");
  isle_test_apply_expect (&s, "pass", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  rP .  .  .\n"
                          ".  rW rD bW .  .\n"
                          ".  .  bR .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  g_assert_cmpint (s.hand_len[RED], ==, 5);
}

/* R8.8, R2: white neighbours (Blue's Rabbit, Blue's Prairie Dog) are not
 * swapped: one pair is left, d3 and c4. */
static void
test_r8_8_prairie_dog_excludes_white (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  bB .  .  .\n"
                        ".  bD .  bW .  .\n"
                        ".  .  bR .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "DWWWW", "WWWWW", "D", "D", RED, ISLE_WEATHER_SUNNY);
  isle_test_apply_then (&s, "place rD c3", ISLE_PHASE_ABILITY, RED);
  isle_test_assert_legal_exactly (&s, "swap d3 c4", "pass", NULL);
  isle_test_apply_expect (&s, "swap d3 c4", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  bB .  .  .\n"
                          ".  bD rD bR .  .\n"
                          ".  .  bW .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
}

/* ---- R8.9 Hippo ---------------------------------------------------------- */

/* R8.9: a face-up Hippo lies across two adjacent free open tiles (`rH` and
 * `rH+`); at the start of its owner's next turn the owner picks the tile it
 * keeps and the other becomes free; later turns ask nothing. */
static void
test_r8_9_hippo_takes_two_tiles_then_settles (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_empty_board, "HWWWW", "WWWWW",
                        "H", "", RED, ISLE_WEATHER_SUNNY);
  g_assert_false (isle_test_is_legal (&s, "place rH c3 e3"));   /* not adjacent */
  g_assert_false (isle_test_is_legal (&s, "place rH c3 d4"));   /* diagonal */
  g_assert_false (isle_test_is_legal (&s, "place rH c3"));      /* one tile, face up */
  isle_test_apply_expect (&s, "place rH c3 d3", ISLE_PHASE_PLACE, BLUE,
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  rH rH+ .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  g_assert_cmpint (s.hand_len[RED], ==, 5);
  isle_test_assert_conserved (&s);                  /* one token on two tiles */
  g_assert_false (isle_test_is_legal (&s, "place bW d3"));
  isle_test_apply_then (&s, "place bW a1", ISLE_PHASE_SETTLE, RED);
  isle_test_assert_legal_exactly (&s, "settle c3", "settle d3", NULL);
  isle_test_apply_expect (&s, "settle d3", ISLE_PHASE_PLACE, RED,
                          "bW .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  rH .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n"
                          ".  .  .  .  .  .\n");
  isle_test_apply_then (&s, "place rW c3", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply_then (&s, "place bW a2", ISLE_PHASE_PLACE, RED);
  isle_test_assert_conserved (&s);
}

/* R4.5, doc/decision-points.md "A seat with an empty hand skips its
 * placement (R4.5) but still settles its Hippo; note_skipped has a bit for
 * each seat skipped by the last action": Red has placed all its tokens, its
 * Hippo lies on b4 and c4; Red settles it and is skipped. */
static void
test_r8_9_hippo_settles_with_empty_hand (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rW rW rW rW rW rW\n"
                        "rW rW rW rP rP rR\n"
                        ".  .  .  .  .  .\n"
                        ".  rH rH+ .  .  .\n"
                        "rR rR rR rB rB .\n"
                        ".  .  .  .  .  .\n",
                        "", "WWWWW", "H", "", BLUE, ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s.hand_len[RED] + s.pile_len[RED], ==, 0);
  isle_test_apply_then (&s, "place bW f6", ISLE_PHASE_SETTLE, RED);
  isle_test_apply_expect (&s, "settle b4", ISLE_PHASE_PLACE, BLUE,
                          "rW rW rW rW rW rW\n"
                          "rW rW rW rP rP rR\n"
                          ".  .  .  .  .  .\n"
                          ".  rH .  .  .  .\n"
                          "rR rR rR rB rB .\n"
                          ".  .  .  .  .  bW\n");
  g_assert_cmpint (s.note_skipped, ==, 1u << RED);
}

/* 34 tokens, e6 and f6 free; Red (16 on the map) holds its Hippo and a
 * Wolf, Blue's 18 are all on the map. */
static const char *const TWO_FREE =
  "rW bW bR rW rR bW\n"
  "rW rW rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR bW .  .\n";

/* The same with Blue's d6 Wolf in Blue's hand: three free tiles. */
static const char *const THREE_FREE =
  "rW bW bR rW rR bW\n"
  "rW rW rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  .  .\n";

/* R8.9 "only where at least one further free tile or a fog board remains":
 * with exactly two free tiles and no fog the Hippo cannot go face up (and
 * in Sunny weather not face down either); with three it can, and the round
 * only ends once it has settled (R4.6). */
static void
test_r8_9_hippo_needs_a_third_free_tile (void)
{
  IsleState s;
  int32_t red, blue;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, TWO_FREE, "HW", "", "H", "",
                        RED, ISLE_WEATHER_SUNNY);
  isle_test_assert_legal_exactly (&s, "place rW e6", "place rW f6", NULL);
  g_assert_false (isle_test_is_legal (&s, "place rH e6 f6"));

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, THREE_FREE, "HW", "W", "H", "",
                        RED, ISLE_WEATHER_SUNNY);
  g_assert_true (isle_test_is_legal (&s, "place rH d6 e6"));
  isle_test_apply_then (&s, "place rH e6 f6", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply (&s, "place bW d6");
  /* Every tile is covered, but the Hippo has not settled: no round end. */
  g_assert_cmpuint (s.board.occupied, ==, ISLE_ALL_CELLS);
  g_assert_cmpint (s.round, ==, 1);
  isle_test_assert_phase (&s, ISLE_PHASE_SETTLE, RED);
  isle_test_apply_then (&s, "settle f6", ISLE_PHASE_PLACE, RED);
  isle_test_assert_legal_exactly (&s, "place rW e6", NULL);
  isle_test_apply (&s, "place rW e6");
  /* R4.6, R7: the round ends and is scored; hiring follows (R9.3). */
  isle_test_score ("rW bW bR rW rR bW\n"
                   "rW rW rP bW bR rR\n"
                   "bW bP bB rW rB bP\n"
                   "rR bB bW bW rB bB\n"
                   "rW bR rR rW bW bW\n"
                   "rW rP bR bW rW rH\n", &red, &blue, NULL);
  isle_test_assert_board (&s.scored_board,
                          "rW bW bR rW rR bW\n"
                          "rW rW rP bW bR rR\n"
                          "bW bP bB rW rB bP\n"
                          "rR bB bW bW rB bB\n"
                          "rW bR rR rW bW bW\n"
                          "rW rP bR bW rW rH\n");
  isle_test_assert_phase (&s, ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s.round_score[0][RED], ==, red);
  g_assert_cmpint (s.round_score[0][BLUE], ==, blue);
}

/* R8.9: with two free open tiles and a fog board left, a face-up Hippo
 * fits; with one free open tile it cannot go face up (Cloudy: not at all;
 * Foggy: only face down, on one tile, and it never settles). */
static void
test_r8_9_hippo_with_fog_and_one_free_tile (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rW bW rW #  #  #\n"
                        "bW rW bW #  #  #\n"
                        "rP .  .  #  #  #\n"
                        "#  #  #  #  #  #\n"
                        "#  #  #  #  #  #\n"
                        "#  #  #  #  #  #\n",
                        "HWWWW", "WWWWW", "H", "", RED, ISLE_WEATHER_CLOUDY);
  isle_test_apply (&s, "place rH b3 c3");
  isle_test_assert_board (&s.board,
                          "rW bW rW #  #  #\n"
                          "bW rW bW #  #  #\n"
                          "rP rH rH+ #  #  #\n"
                          "#  #  #  #  #  #\n"
                          "#  #  #  #  #  #\n"
                          "#  #  #  #  #  #\n");
  isle_test_assert_phase (&s, ISLE_PHASE_FOG_LIFT, RED);                 /* R6.5 */

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, isle_test_nw_one_free_board,
                        "HW", "WWWWW", "H", "", RED, ISLE_WEATHER_CLOUDY);
  isle_test_assert_legal_exactly (&s, "place rW c3", NULL);
  g_assert_false (isle_test_is_legal (&s, "place rH c3 d3"));  /* d3 is fogged */

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rW* bW* rW* #  #  #\n"
                        "bW* rW* bW* #  #  #\n"
                        "rP* bP* .   #  #  #\n"
                        "#   #   #   #  #  #\n"
                        "#   #   #   #  #  #\n"
                        "#   #   #   #  #  #\n",
                        "HW", "WWWWW", "H", "", RED, ISLE_WEATHER_FOGGY);
  isle_test_assert_legal_exactly (&s, "place rW* c3", "place rH* c3", NULL);
  isle_test_apply_then (&s, "place rH* c3", ISLE_PHASE_FOG_LIFT, RED);
  isle_test_apply_then (&s, "lift ne", ISLE_PHASE_PLACE, BLUE);
  isle_test_apply (&s, "place bW* d1");
  /* A face-down Hippo takes one tile and never settles. */
  isle_test_assert_phase (&s, ISLE_PHASE_PLACE, RED);
  isle_test_assert_board (&s.board,
                          "rW* bW* rW* bW* .  .\n"
                          "bW* rW* bW* .   .  .\n"
                          "rP* bP* rH* .   .  .\n"
                          "#   #   #   #   #  #\n"
                          "#   #   #   #   #  #\n"
                          "#   #   #   #   #  #\n");
  isle_test_assert_conserved (&s);
}

/* ---- R8.10, R6.4: face-down tokens -------------------------------------- */

/* Red, who hired the mercenary of CODE and holds it with four Wolves,
 * places it at c3 of BOARD under WEATHER, face down if FACE_DOWN; Blue holds
 * five Wolves and hired BLUE_HIRED. Nothing but the placement happens: Blue
 * is to move, and the map is AFTER, where `?` stands for CODE. */
static void
place_hired_at_c3 (IsleState *s, char code, const char *board, const char *blue_hired,
                   IsleWeather weather, gboolean face_down, const char *after)
{
  char hired[2] = { code, '\0' }, hand[8], text[32];
  g_autofree char *expected = g_strdup (after);
  char *mark = strchr (expected, '?');

  g_assert_nonnull (mark);
  *mark = code;
  g_snprintf (hand, sizeof hand, "%cWWWW", code);
  isle_test_merc_state (s, ISLE_VARIANT_MERCENARY, board, hand, "WWWWW", hired,
                        blue_hired, RED, weather);
  g_snprintf (text, sizeof text, "place r%c%s c3", code, face_down ? "*" : "");
  isle_test_apply_then (s, text, ISLE_PHASE_PLACE, BLUE);
  isle_test_assert_board (&s->board, expected);
}

/* R8.10, R7.2, R7.3: face-down Cats and Crows act in scoring. The last
 * placement fills this Foggy map (fog lifted) and round 1 is scored:
 *   Red  a6 b6 c6 d6  length 4, holds Red's Cat and Blue's Crow (red, a spy)
 *        → 5 × 3 = 15; Blue's Crow takes 7, Red keeps 8
 *   Blue f1 f2 f3     length 3, holds bP → 3 × 2 = 6
 * Red 8, Blue 6 + 7 = 13 — and as coins (R9.2). */
static void
test_r8_10_face_down_scorers_still_score (void)
{
  static const char *const full =
    "rW* bW* bR* rW* rR* bW*\n"
    "rW* rB* rP* bW* bR* rR*\n"
    "bW* bP* bB* rW* rB* bP*\n"
    "rR* bB* bW* bW* rB* bB*\n"
    "rW* bR* rR* rW* bW* bW*\n"
    "rW* rC* bK* rW* bW* rW*\n";
  IsleState s;
  int32_t red, blue;

  isle_test_score (full, &red, &blue, NULL);
  g_assert_cmpint (red, ==, 8);
  g_assert_cmpint (blue, ==, 13);
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        "rW* bW* bR* rW* rR* bW*\n"
                        "rW* rB* rP* bW* bR* rR*\n"
                        "bW* bP* bB* rW* rB* bP*\n"
                        "rR* bB* bW* bW* rB* bB*\n"
                        "rW* bR* rR* rW* bW* bW*\n"
                        "rW* rC* bK* .   bW* rW*\n",
                        "W", "", "C", "K", RED, ISLE_WEATHER_FOGGY);
  isle_test_apply_then (&s, "place rW* d6", ISLE_PHASE_HIRE, RED);
  isle_test_assert_board (&s.scored_board, full);
  g_assert_cmpint (s.round_score[0][RED], ==, 8);
  g_assert_cmpint (s.round_score[0][BLUE], ==, 13);
  g_assert_cmpint (s.coins[RED], ==, 8);
  g_assert_cmpint (s.coins[BLUE], ==, 13);
}

/* R8 "only when placed face up", R8.10: face-down Fox, Turtle, Mouses,
 * Snake, Mole and Prairie Dog do nothing, though each would have a target
 * (Blue's face-down tokens at c2 and b3) face up; the Turtle gives no extra
 * placement. */
static void
test_r8_10_face_down_mercenaries_do_nothing (void)
{
  static const char codes[] = "FTMSOD";

  for (gsize i = 0; i < strlen (codes); i++)
    {
      IsleState s;

      place_hired_at_c3 (&s, codes[i], FOGGY_NW, "", ISLE_WEATHER_FOGGY, TRUE,
                         ".   .   .   #  #  #\n"
                         ".   .   bW* #  #  #\n"
                         ".   bR* r?* #  #  #\n"
                         "#   #   #   #  #  #\n"
                         "#   #   #   #  #  #\n"
                         "#   #   #   #  #  #\n");
      assert_no_bonus (&s);
      isle_test_apply_then (&s, "place bW* a1", ISLE_PHASE_PLACE, RED);
    }
}

/* ---- R2: white tokens; R6.6: fog ----------------------------------------- */

/* R2 "White tokens ... cannot be moved, swapped or replaced by any
 * mercenary effect": next to c3 are only Blue's Rabbit, Prairie Dog and
 * Hippo (and Red's own Wolf); a face-up Fox, Mouses, Mole, Snake (Blue has
 * no other token on the map) or Prairie Dog (one non-white neighbour) placed
 * at c3 does nothing. */
static void
test_r2_white_tokens_never_targeted (void)
{
  static const char codes[] = "FMOSD";

  for (gsize i = 0; i < strlen (codes); i++)
    {
      IsleState s;

      place_hired_at_c3 (&s, codes[i],
                         ".  .  .  .  .  .\n"
                         ".  .  bB .  .  .\n"
                         ".  bD .  rW .  .\n"
                         ".  .  bH .  .  .\n"
                         ".  .  .  .  .  .\n"
                         ".  .  .  .  .  .\n",
                         "DH", ISLE_WEATHER_SUNNY, FALSE,
                         ".  .  .  .  .  .\n"
                         ".  .  bB .  .  .\n"
                         ".  bD r? rW .  .\n"
                         ".  .  bH .  .  .\n"
                         ".  .  .  .  .  .\n"
                         ".  .  .  .  .  .\n");
      if (codes[i] != 'D')
        g_assert_cmpint (s.note_no_target, ==, isle_kind_from_code (codes[i]));
    }
}

/* R2, R8.3: an unsettled Hippo's two tiles are white too: the Mouses next to
 * it has nothing to swap; Blue's turn starts by settling it (R8.9). */
static void
test_r2_unsettled_hippo_not_swapped (void)
{
  IsleState s;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  bB .  .  .\n"
                        ".  bH .  .  .  .\n"
                        ".  bH+ .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n",
                        "MWWWW", "WWWWW", "M", "H", RED, ISLE_WEATHER_SUNNY);
  place_without_target (&s, "place rM c3", ISLE_KIND_MOUSES, ISLE_PHASE_SETTLE, BLUE,
                        ".  .  .  .  .  .\n"
                        ".  .  bB .  .  .\n"
                        ".  bH rM .  .  .\n"
                        ".  bH+ .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mercenary/r8_1_fox_forces_replacement", test_r8_1_fox_forces_replacement);
  g_test_add_func ("/mercenary/r8_1_fox_no_target_when_hand_empty", test_r8_1_fox_no_target_when_hand_empty);
  g_test_add_func ("/mercenary/r8_1_fox_ignores_white_neighbours", test_r8_1_fox_ignores_white_neighbours);
  g_test_add_func ("/mercenary/r8_1_fox_face_down_target_replaced_face_down",
                   test_r8_1_fox_face_down_target_replaced_face_down);
  g_test_add_func ("/mercenary/r8_1_fox_face_down_no_ability", test_r8_1_fox_face_down_no_ability);
  g_test_add_func ("/mercenary/r8_1_replacement_resolves_no_ability",
                   test_r8_1_replacement_resolves_no_ability);

  g_test_add_func ("/mercenary/r8_2_turtle_extra_placements", test_r8_2_turtle_extra_placements);
  g_test_add_func ("/mercenary/r8_2_turtle_with_fog_lift", test_r8_2_turtle_with_fog_lift);
  g_test_add_func ("/mercenary/r8_2_turtle_on_last_tile_owes_nothing",
                   test_r8_2_turtle_on_last_tile_owes_nothing);
  g_test_add_func ("/mercenary/r8_2_turtle_extra_placement_ends_round",
                   test_r8_2_turtle_extra_placement_ends_round);

  g_test_add_func ("/mercenary/r8_3_mouses_must_swap", test_r8_3_mouses_must_swap);
  g_test_add_func ("/mercenary/r8_3_mouses_swaps_with_face_down_token",
                   test_r8_3_mouses_swaps_with_face_down_token);
  g_test_add_func ("/mercenary/r8_3_mouses_without_opponent_neighbour",
                   test_r8_3_mouses_without_opponent_neighbour);

  g_test_add_func ("/mercenary/r8_4_snake_targets_any_opponent_token",
                   test_r8_4_snake_targets_any_opponent_token);
  g_test_add_func ("/mercenary/r8_4_snake_needs_opponent_hand", test_r8_4_snake_needs_opponent_hand);
  g_test_add_func ("/mercenary/r8_4_snake_face_down_target", test_r8_4_snake_face_down_target);

  g_test_add_func ("/mercenary/r8_5_frog_hops_at_start_of_turn", test_r8_5_frog_hops_at_start_of_turn);
  g_test_add_func ("/mercenary/r8_5_frog_cannot_hop_onto_fog", test_r8_5_frog_cannot_hop_onto_fog);
  g_test_add_func ("/mercenary/r8_5_frog_hops_with_empty_hand", test_r8_5_frog_hops_with_empty_hand);
  g_test_add_func ("/mercenary/r8_5_frog_without_free_neighbour", test_r8_5_frog_without_free_neighbour);
  g_test_add_func ("/mercenary/r8_5_face_down_frog_never_hops", test_r8_5_face_down_frog_never_hops);

  g_test_add_func ("/mercenary/r8_6_chameleon_takes_placed_colour",
                   test_r8_6_chameleon_takes_placed_colour);
  g_test_add_func ("/mercenary/r8_6_white_placement_keeps_colour",
                   test_r8_6_white_placement_keeps_colour);
  g_test_add_func ("/mercenary/r8_6_face_down_placement_does_not_change",
                   test_r8_6_face_down_placement_does_not_change);
  g_test_add_func ("/mercenary/r8_6_face_down_chameleon_keeps_opponent_colour",
                   test_r8_6_face_down_chameleon_keeps_opponent_colour);
  g_test_add_func ("/mercenary/r8_6_moves_and_swaps_do_not_change",
                   test_r8_6_moves_and_swaps_do_not_change);
  g_test_add_func ("/mercenary/r8_6_replacement_changes_colour", test_r8_6_replacement_changes_colour);

  g_test_add_func ("/mercenary/r8_7_mole_swaps_with_opponent_token",
                   test_r8_7_mole_swaps_with_opponent_token);
  g_test_add_func ("/mercenary/r8_7_mole_without_opponent_neighbour",
                   test_r8_7_mole_without_opponent_neighbour);

  g_test_add_func ("/mercenary/r8_8_prairie_dog_swaps_any_two", test_r8_8_prairie_dog_swaps_any_two);
  g_test_add_func ("/mercenary/r8_8_prairie_dog_excludes_white", test_r8_8_prairie_dog_excludes_white);

  g_test_add_func ("/mercenary/r8_9_hippo_takes_two_tiles_then_settles",
                   test_r8_9_hippo_takes_two_tiles_then_settles);
  g_test_add_func ("/mercenary/r8_9_hippo_settles_with_empty_hand",
                   test_r8_9_hippo_settles_with_empty_hand);
  g_test_add_func ("/mercenary/r8_9_hippo_needs_a_third_free_tile",
                   test_r8_9_hippo_needs_a_third_free_tile);
  g_test_add_func ("/mercenary/r8_9_hippo_with_fog_and_one_free_tile",
                   test_r8_9_hippo_with_fog_and_one_free_tile);

  g_test_add_func ("/mercenary/r8_10_face_down_scorers_still_score",
                   test_r8_10_face_down_scorers_still_score);
  g_test_add_func ("/mercenary/r8_10_face_down_mercenaries_do_nothing",
                   test_r8_10_face_down_mercenaries_do_nothing);

  g_test_add_func ("/mercenary/r2_white_tokens_never_targeted", test_r2_white_tokens_never_targeted);
  g_test_add_func ("/mercenary/r2_unsettled_hippo_not_swapped", test_r2_unsettled_hippo_not_swapped);

  return g_test_run ();
}
