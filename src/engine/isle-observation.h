/* isle-observation.h — whether an observation (R12) is one the game can
 * present: isle_obs_check().
 *
 * An observation that did not come from isle_state_observe() (an engine
 * reads one as text, doc/engine-protocol.md) must be checked before a
 * search deals it out with isle_obs_determinize(): every hidden slot needs
 * a token, every token a place, and the seat to move a choice. The checks
 * are the rules'; the codes say which failed and the model words them
 * (src/model/isle-observation-text.c), as with isle_position_check().
 */
#pragma once

#include "isle-state.h"

typedef enum
{
  ISLE_OBS_OK = 0,
  ISLE_OBS_SEATS_FOR_VARIANT,   /* VALUE seats; EXPECTED the variant's (R11) */
  ISLE_OBS_BAD_SEAT,            /* VALUE a seat number not below EXPECTED seats */
  ISLE_OBS_ROUND_ZERO,          /* rounds count from 1 */
  ISLE_OBS_ROUND_PAST_END,      /* VALUE round; EXPECTED rounds in the game (R4.7) */
  ISLE_OBS_HAND_SIZE,           /* VALUE tokens in the hand; EXPECTED its size */
  ISLE_OBS_TOKEN_SEAT,          /* CELL: a token of a seat that does not play */
  ISLE_OBS_HIDDEN_TOKEN,        /* CELL: hidden but not another seat's face-down token (R12) */
  ISLE_OBS_SCORED_TOKEN_SEAT,   /* CELL of the scored map: a seat that does not play */
  ISLE_OBS_TOKEN_UNDER_FOG,     /* CELL (R6.6) */
  ISLE_OBS_UNSEEN_NOT_POOLED,   /* SEAT: the other team's unseen tokens are pooled (R11) */
  ISLE_OBS_UNSEEN_COUNT,        /* SEAT hides VALUE tokens but EXPECTED are unseen */
  ISLE_OBS_DRAWN,               /* drawn cards shown (VALUE 1) or hidden (0) wrongly (R6.1, R12) */
  ISLE_OBS_WEATHER_UNSEEN,      /* VALUE cards hidden but EXPECTED unseen */
  ISLE_OBS_FOG_PARTIAL,         /* VALUE quadrant partly fogged (R1) */
  ISLE_OBS_FOG_TOO_MUCH,        /* VALUE quadrants; EXPECTED fog boards (R1) */
  ISLE_OBS_HIPPO_SECOND_FACE,   /* CELL: a second tile of a face-down or non-Hippo token (R8.9) */
  ISLE_OBS_HIPPO_SECOND_ALONE,  /* CELL: a Hippo's tiles do not pair up (R8.9) */
  ISLE_OBS_WRONG_TOTAL,         /* SEAT holds VALUE tokens, EXPECTED (R1, R11) */
  ISLE_OBS_HIRED_TOO_MANY,      /* SEAT = side, KIND: VALUE hired, EXPECTED a side owns (R9.3) */
  ISLE_OBS_KIND_COUNT,          /* SEAT = side, KIND: VALUE tokens, EXPECTED it owns (R1, R9.3) */
  ISLE_OBS_POINTS_RANGE,        /* coins or totals not from 0 to EXPECTED */
  ISLE_OBS_SCORE_RANGE,         /* round scores not from 0 to EXPECTED */
  ISLE_OBS_DECK_TOO_LONG,       /* more weather cards than the rules have (R6.1) */
  ISLE_OBS_HIPPO_NO_MERCENARIES, /* an unsettled Hippo in a game without (R4.1) */
  ISLE_OBS_NO_ABILITY_TILE,     /* an ability tile named while none resolves (R8) */
  ISLE_OBS_WINNER_EARLY,        /* a winner while the game goes on (R4.7) */
  ISLE_OBS_BAD_PHASE,           /* VALUE phase: not where the game can stand */
  ISLE_OBS_NOTHING_TO_CHOOSE,   /* SEAT to move in phase VALUE has no legal action */
  ISLE_OBS_N_CODES,
} IsleObsCode;

/* R6.1: how many rounds so far have their weather: every round up to this
 * one, this one only once its card is kept (not while hiring for it or
 * choosing it). */
static inline int
isle_obs_weather_rounds (const IsleState *view)
{
  bool chosen = view->phase != ISLE_PHASE_HIRE && view->phase != ISLE_PHASE_WEATHER;
  return view->round - (chosen ? 0 : 1);
}

/* R8: whether a mercenary's ability resolves (its tile and placer mean
 * something); R8.1, R8.4: whether a token of it is being replaced. */
static inline bool
isle_obs_ability_resolves (const IsleState *view)
{
  return view->phase == ISLE_PHASE_ABILITY || view->phase == ISLE_PHASE_REPLACE;
}

/* Coins, totals and round scores an observation may give: far beyond any
 * game (a round scores at most 52 lines × 1000 × 3 under any rules file),
 * and far enough below INT32_MAX that the rounds to come cannot overflow. */
#define ISLE_OBS_MAX_POINTS (1 << 24)

typedef struct
{
  uint8_t code;        /* IsleObsCode */
  int8_t seat;         /* the seat (or side) concerned, or -1 */
  int8_t cell;         /* the tile concerned, or -1 */
  uint8_t kind;        /* the kind concerned, or ISLE_KIND_NONE */
  int32_t value;       /* what the observation has */
  int32_t expected;    /* what the rules allow */
} IsleObsProblem;

/* Checks OBS (its view's rules set) in the order of IsleObsCode and
 * returns the first problem's code, with PROBLEM (may be NULL) filled, or
 * ISLE_OBS_OK. What isle_state_observe() gives always passes. */
IsleObsCode isle_obs_check (const IsleObservation *obs, IsleObsProblem *problem);
