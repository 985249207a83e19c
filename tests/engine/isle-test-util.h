/* isle-test-util.h — helpers shared by the engine tests. */
#pragma once

#include <glib.h>

#include "isle-notation.h"
#include "isle-state.h"

/* Loads the standard rules (data/rules/standard.json, RULES.md's [default]s). */
void isle_test_standard_rules (IsleRules *rules);

/* Parses R3 TEXT or fails the test with the parser's message. */
IsleBoard isle_test_board (const char *text);

/* Asserts that BOARD prints as EXPECTED (R3 text, compared cell by cell so
 * the padding does not matter). */
void isle_test_assert_board (const IsleBoard *board, const char *expected);

/* Scores R3 TEXT with the standard table. */
void isle_test_score (const char *text, int32_t *red, int32_t *blue,
                      IsleScore *breakdown);

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

/* Tokens of KIND in SEAT's hand. */
int isle_test_hand_count (const IsleState *state, int seat, IsleKind kind);

/* Asserts that the legal actions of STATE are exactly the NULL-terminated
 * list of action texts: each is legal and there are no others. */
void isle_test_assert_legal_exactly (const IsleState *state, ...) G_GNUC_NULL_TERMINATED;

/* Applies the first legal action (in isle_state_legal_actions() order). */
void isle_test_apply_first (IsleState *state);
