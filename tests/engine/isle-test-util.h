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
