/* isle-review-words.h — why a decision of a game review cost what it did,
 * in whole sentences (issue 29): from the concrete consequences on the
 * map of the move chosen, of the other side's likely reply and of the
 * better move — lines made or handed over and their points (R5, R7) —
 * and the chance to win it gave away. */
#pragma once

#include <glib.h>

#include "isle-review.h"

G_BEGIN_DECLS

/* The reason for MOVE, judged in STATE (the state it was made in), in the
 * user's language: "Red's Rat on c3 made Blue's line of 4: 5 points for
 * Blue. A Wolf on c3 would have made a line of 3: 3 points for Red. It
 * lowered Red's chance to win from 59% to 39%." NULL for a decision that
 * lost nothing worth saying (best, good, the only move). */
char *isle_review_words_reason (const IsleState *state, const IsleReviewMove *move);

/* Why the hinted ACTION is good in STATE, for the seat to move: "A Wolf
 * on d6 makes a line of 4: 10 points for Red. It also takes the tile Blue
 * needs for a line of 4." NULL when there is no line to speak of. */
char *isle_review_words_hint (const IsleState *state, IsleAction action);

G_END_DECLS
