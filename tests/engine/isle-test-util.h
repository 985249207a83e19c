/* isle-test-util.h — helpers shared by the engine tests. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "isle-notation.h"
#include "isle-state.h"

/* ---- Positions shared by several test files (R3 text) -------------------- */

/* The empty map. */
extern const char isle_test_empty_board[];

/* R4.6, R5, R7.1, R7.2 — a full map with exactly two lines, scored by hand:
 *   Red  a6 b6 c6 d6  length 4, holds rP  → 5 × 2 = 10
 *   Blue f1 f2 f3     length 3, holds bP  → 3 × 2 =  6
 *   (f2 is Red's Rat: blue, a spy; c6 is Blue's Rat: red, a spy.)
 * Every other run of one colour is at most 2 long in all four directions. */
extern const char isle_test_final_board[];

/* isle_test_final_board without d6: Red holds the last token, Blue has
 * placed all 18. Red's a6–c6 is only a line of 3 here: 3 × 2 = 6. */
extern const char isle_test_before_last_d6[];

/* isle_test_final_board without d6 and f6: Red holds two tokens, Blue none. */
extern const char isle_test_before_last_d6_f6[];

/* isle_test_final_board without e5, d6, e6 and f6: with two Wolves in
 * each side's hand (18 tokens each, piles empty, so nothing is hidden)
 * four placements end round 1; Red's Wolf at d6 finishes its a6–d6 line
 * of four with its Pig. For the solver's and the searches' tests. */
extern const char isle_test_near_end_board[];

/* Red's Wolf at a1 and Blue's at b1: one placement each. */
extern const char isle_test_a1_b1_board[];

/* Only the north-west quadrant is open; it is empty. */
extern const char isle_test_nw_open_board[];

/* Only the north-west quadrant is open and one tile of it, c3, is free. */
extern const char isle_test_nw_one_free_board[];

/* Foggy, only the north-west quadrant open: Red's face-down Pig at a1,
 * Blue's face-down Rat at b1 and face-down Wolf at a2 (R6.4, R12). */
extern const char isle_test_face_down_nw_board[];

/* ---- Rules, boards and cells ------------------------------------------- */

/* Loads the standard rules (data/rules/standard.json, doc/rules.md's [default]s). */
void isle_test_standard_rules (IsleRules *rules);

/* Parses R3 TEXT or fails the test with the parser's message. */
IsleBoard isle_test_board (const char *text);

/* The cell named NAME ("c3"), failing the test if there is none. */
int isle_test_cell (const char *name);

/* Asserts that BOARD prints as EXPECTED (R3 text, compared cell by cell so
 * the padding does not matter). */
void isle_test_assert_board (const IsleBoard *board, const char *expected);

/* Scores R3 TEXT with the standard table. */
void isle_test_score (const char *text, int32_t *red, int32_t *blue,
                      IsleScore *breakdown);

/* Calls FUNC for every tests/data/boards/NAME.txt (the boards shared with
 * the CLI tests) with NAME.txt, its text and the object NAME.expected.json
 * holds; FUNC returns whether it checked the board. Asserts that some board
 * was checked; marks the test skipped when the folder is not found
 * (G_TEST_SRCDIR must be tests/). */
typedef gboolean (*IsleTestDataBoardFunc) (const char *name, const char *text,
                                           JsonObject *expect);
void isle_test_check_data_boards (IsleTestDataBoardFunc func);

/* ---- Games -------------------------------------------------------------- */

/* A variant with a value of each option (doc/rules.md [decision]s): the
 * sets the seeded random-game tests run over (test-properties.c,
 * test-guided.c). */
typedef struct
{
  IsleVariant variant;
  IsleOpeningHand opening;
  IsleFogLift fog_lift;
} IsleTestConfig;

/* Basic, Weather, Mercenary, Quick and Team, with both values of every
 * option; Mercenary, Quick and Team are the last six. */
#define ISLE_TEST_N_CONFIGS 11
extern const IsleTestConfig isle_test_configs[ISLE_TEST_N_CONFIGS];

/* Starts a game of C under the standard rules from SEED: the Quick game's
 * weather (R10) and the seat that opens (R4.3, R11) turn with the seed. */
void isle_test_start_config (IsleState *state, const IsleTestConfig *c, uint64_t seed);

/* A state of C part-way through a seeded random game: after a random
 * number of random actions (none at all for one seed in four), so that
 * playouts start at every kind of decision point, mid-turn and mid-hiring
 * included; never a finished game. */
void isle_test_start_somewhere (IsleState *state, const IsleTestConfig *c, uint64_t seed);


/* Starts a game of VARIANT under the standard rules. */
void isle_test_new_game (IsleState *state, IsleVariant variant, int first_seat,
                         uint64_t seed);

/* The same with the options OPENING (R4.2) and FOG_LIFT (R6.5). */
void isle_test_new_game_with (IsleState *state, IsleVariant variant,
                              int first_seat, uint64_t seed,
                              IsleOpeningHand opening, IsleFogLift fog_lift);

/* The decision point: asserts the phase is PHASE with SEAT to move. */
void isle_test_assert_phase (const IsleState *state, IslePhase phase, int seat);

/* Whether VARIANT is played with mercenaries and coins (R9, R10, R11). */
gboolean isle_test_has_mercenaries (IsleVariant variant);

/* What the first hiring of a Quick game cost each side (R10: it is paid from
 * the starting coins, not from round scores). Zero it at a game's start. */
typedef struct
{
  gboolean first_hiring_done;
  int32_t first_cost[ISLE_N_SIDES];
} IsleTestCoins;

/* R9.2, R9.3, R10: asserts that each side's coins are not negative and are
 * what they must be: none outside the mercenary games; else the sum of the
 * side's round scores less what it paid for its mercenaries; in the Quick
 * game the starting coins until the first hiring is revealed, then the round
 * scores less what later hirings cost. Call it at every step of a game,
 * with the same TRACE from the game's start. */
void isle_test_assert_coins (const IsleState *state, IsleTestCoins *trace);

/* The coins each side must hold at this step, as isle_test_assert_coins()
 * checks them, for a caller that reports a mismatch its own way. TRACE as
 * there. */
void isle_test_expected_coins (const IsleState *state, IsleTestCoins *trace,
                               int32_t expected[ISLE_N_SIDES]);

/* Builds a state of VARIANT (basic or weather) in the middle of round 1:
 * the map from R3 BOARD (fog `#` included), the hands from strings of kind
 * codes ("WWPRB"; "" for an empty hand), every other token of each side's 18
 * basic tokens in its pile (shuffled), SEAT to move in the PLACE phase under
 * WEATHER. Fails the test if the tokens do not add up (R1). */
void isle_test_state (IsleState *state, IsleVariant variant, const char *board,
                      const char *red_hand, const char *blue_hand, int seat,
                      IsleWeather weather);

/* Parses ACTION's text for the seat to move, asserts it is legal and applies
 * it. */
void isle_test_apply (IsleState *state, const char *action);

/* isle_test_apply(), then asserts the decision point that follows: PHASE,
 * with SEAT to move. */
void isle_test_apply_then (IsleState *state, const char *action, IslePhase phase,
                           int seat);

/* isle_test_apply_then(), and asserts that the map is then BOARD (R3 text,
 * as for isle_test_assert_board()). */
void isle_test_apply_expect (IsleState *state, const char *action, IslePhase phase,
                             int seat, const char *board);

/* Whether the text form ACTION is legal in STATE. */
gboolean isle_test_is_legal (const IsleState *state, const char *action);

/* Asserts the R1 conservation law: each side's tokens on the map, in hands
 * and in piles add up to 18; no hand holds more than 5. */
void isle_test_assert_conserved (const IsleState *state);

/* ---- Mercenary, Quick and Team games (R8–R11) ---------------------------- */

/* Builds a state of VARIANT (mercenary or quick; two seats) in the middle of
 * round 1, like isle_test_state(): the map from R3 BOARD, the hands from
 * strings of kind codes ("FWWWW"), and RED_HIRED / BLUE_HIRED, strings of
 * mercenary codes ("KK" for both Crows; "" for none) marked as hired in
 * state->hired[side][kind], each one taking the place of one basic token of
 * the kind it replaces (R2, R9.3). Every other token of each side's 18 is in
 * its pile (shuffled); SEAT is to move in the PLACE phase with one placement
 * (placements_left 1, no Turtle bonus owed) under WEATHER; coins are 0 and
 * no hiring is pending. Fails the test if the tokens do not add up (R1). */
void isle_test_merc_state (IsleState *state, IsleVariant variant,
                           const char *board, const char *red_hand,
                           const char *blue_hand, const char *red_hired,
                           const char *blue_hired, int seat,
                           IsleWeather weather);

/* The same for the Team game (R11, four seats, Sunny): BOARD may name seats
 * (`r1W`, `r2W`, `b1W`, `b2W`; `rW` is seat R1), HANDS[seat] gives each
 * seat's hand (seats R1 B1 R2 B2 = 0 1 2 3). Each seat owns 9 tokens (R11):
 * what is not on the map or in its hand is in its pile, the side's remaining
 * tokens split between the teammates so that each has 9. */
void isle_test_team_state (IsleState *state, const char *board,
                           const char *const hands[ISLE_MAX_SEATS],
                           const char *red_hired, const char *blue_hired,
                           int seat);

/* Tokens of KIND that SIDE owns on the map (a two-tile Hippo once), in its
 * seats' hands and in their piles. */
int isle_test_count_kind (const IsleState *state, IsleSide side, IsleKind kind);

/* Tokens SEAT holds: on the map (a two-tile Hippo once), in its hand and in
 * its pile (R11: 9 per seat in the team game). */
int isle_test_seat_tokens (const IsleState *state, int seat);

/* R11: asserts that each of the four seats holds 9 tokens. */
void isle_test_assert_nine_per_seat (const IsleState *state);

/* Tokens of KIND in SEAT's hand. */
int isle_test_hand_count (const IsleState *state, int seat, IsleKind kind);

/* Asserts that the legal actions of STATE are exactly the NULL-terminated
 * list of action texts: each is legal and there are no others. */
void isle_test_assert_legal_exactly (const IsleState *state, ...) G_GNUC_NULL_TERMINATED;

/* Applies the first legal action (in isle_state_legal_actions() order). */
void isle_test_apply_first (IsleState *state);

/* Applies a legal action drawn uniformly from RNG; returns it. */
IsleAction isle_test_apply_random (IsleState *state, IsleRng *rng);
/* The action TEXT names in STATE ("place rW d6"), asserting it parses. */
IsleAction isle_test_action (const IsleState *state, const char *text);
