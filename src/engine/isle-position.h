/* isle-position.h — a position described field by field (a scenario's
 * `start`, doc/scenario-format.md): checked against the rules, with every
 * problem named by code, seat and tile, turned into an IsleState, and its
 * map edited tile by tile as the rules shape tokens and fog (R1, R8.6,
 * R8.9), so an editor holds no rule of its own.
 *
 * Pure C11, no allocation, no globals, no I/O (doc/architecture.md "Layers").
 * Problems carry codes and numbers, never text: the model words them
 * (isle-scenario.c), so they can be translated.
 *
 * A position stands at the start of a seat's turn in the middle of a round
 * (R4.4): the engine then runs that turn's start-of-turn steps, so the first
 * decision is the seat's SETTLE (its Hippo lies across two tiles, R8.9), HOP
 * (its face-up Frog may move, R8.5) or PLACE.
 */
#pragma once

#include "isle-state.h"

/* The most problems one check reports; later ones are counted only. */
#define ISLE_POSITION_MAX_PROBLEMS 64

typedef struct
{
  uint8_t round;                 /* 1-based, at most the variant's rounds */
  uint8_t first_seat;            /* R4.3: the seat that began this round */
  uint8_t to_move;               /* the seat whose turn begins */
  uint8_t weather;               /* IsleWeather in play this round (R6) */

  /* R3: tokens (owner seat, kind, colour, face, Hippo's second tile) and
   * fog; the bitboards need not be in step (the check syncs a copy). */
  IsleBoard board;

  /* R6.1: the weather cards left in the deck, top first. Without one (the
   * Weather and Mercenary games only), the rules' deck less this round's
   * card and one card per earlier round, shuffled from the seed. */
  bool has_deck;
  uint8_t deck_len;
  uint8_t deck[ISLE_MAX_WEATHER_CARDS];

  /* Per seat: the hand, and the pile with its top last. A random hand or
   * pile takes what the seat owns and is not elsewhere, shuffled from the
   * seed: a random hand takes 5 of it (R4.4) and a random pile the rest. */
  bool random_hand[ISLE_MAX_SEATS];
  uint8_t hand_len[ISLE_MAX_SEATS];
  uint8_t hand[ISLE_MAX_SEATS][ISLE_HAND_MAX];
  bool random_pile[ISLE_MAX_SEATS];
  uint8_t pile_len[ISLE_MAX_SEATS];
  uint8_t pile[ISLE_MAX_SEATS][ISLE_PILE_MAX];

  /* R9.2: each side's coins (games with mercenaries only). */
  int32_t coins[ISLE_N_SIDES];
  /* R7.4: each side's points in each round before ROUND. */
  int32_t scores[ISLE_MAX_ROUNDS][ISLE_N_SIDES];
  /* R9.3: the mercenaries each side has hired (a count per kind: 2 for
   * both Crows). Each stands in its side's 18 for one basic token of the
   * kind it replaces (R2). */
  uint8_t hired[ISLE_N_SIDES][ISLE_N_KINDS];
} IslePosition;

typedef enum
{
  ISLE_POSITION_OK = 0,
  ISLE_POSITION_BAD_ROUND,            /* VALUE round; EXPECTED the variant's rounds */
  ISLE_POSITION_BAD_FIRST_SEAT,       /* VALUE seat; EXPECTED the number of seats */
  ISLE_POSITION_BAD_TO_MOVE,          /* VALUE seat; EXPECTED the number of seats */
  ISLE_POSITION_BAD_WEATHER,          /* VALUE weather the variant cannot have; EXPECTED the one it has, or -1 */
  ISLE_POSITION_DECK_UNUSED,          /* a deck in a game without weather cards (R6.1) */
  ISLE_POSITION_DECK_CARD,            /* CELL = index in the deck; VALUE weather: more of it than the rules' deck leaves */
  ISLE_POSITION_DECK_TOO_LONG,        /* VALUE cards; EXPECTED at most */
  ISLE_POSITION_BAD_OWNER,            /* CELL: a token of seat VALUE in a two-seat game */
  ISLE_POSITION_FOG_PARTIAL,          /* VALUE quadrant partly fogged (R1) */
  ISLE_POSITION_FOG_TOO_MUCH,         /* VALUE quadrants fogged; EXPECTED fog boards (R1) */
  ISLE_POSITION_FOG_IN_SUN,           /* fog under Sunny weather (R6.2) */
  ISLE_POSITION_TOKEN_UNDER_FOG,      /* CELL (R6.6) */
  ISLE_POSITION_FACE_DOWN_NOT_FOGGY,  /* CELL: face down but the weather is not Foggy (R6.4) */
  ISLE_POSITION_FACE_DOWN_CHAMELEON,  /* CELL: a face-down Chameleon that changed colour (R8.6) */
  ISLE_POSITION_FACE_DOWN_HIPPO_SECOND, /* CELL: `+` on a face-down Hippo (R8.9) */
  ISLE_POSITION_HIPPO_SECOND_ALONE,   /* CELL: a `+` with no first tile of its Hippo next to it (R8.9) */
  ISLE_POSITION_HIPPO_TWO_SECONDS,    /* CELL: a Hippo with VALUE second tiles (R8.9) */
  ISLE_POSITION_MERCENARY_IN_BOX,     /* CELL or SEAT (hand/pile), KIND: mercenaries stay in the box (R4.1) */
  ISLE_POSITION_NOT_HIRED,            /* CELL or SEAT (hand/pile), KIND: its side has not hired it (R9.3) */
  ISLE_POSITION_HIRED_IN_BOX,         /* SEAT = side: hired mercenaries in a game without (R4.1) */
  ISLE_POSITION_HIRED_TOO_MANY,       /* SEAT = side, KIND: VALUE hired, EXPECTED a side has (R1) */
  ISLE_POSITION_HIRED_NO_BASIC,       /* SEAT = side, KIND (basic): VALUE mercenaries replace it, EXPECTED tokens of it (R9.3) */
  ISLE_POSITION_TOO_MANY_OF_KIND,     /* SEAT = side, KIND: VALUE tokens, EXPECTED it owns (R1, R2, R9.3) */
  ISLE_POSITION_WRONG_TOTAL,          /* SEAT: VALUE tokens, EXPECTED (R1: 18; R11: 9 per player) */
  ISLE_POSITION_HAND_TOO_BIG,         /* SEAT: VALUE tokens, EXPECTED 5 (R4.4) */
  ISLE_POSITION_HAND_NOT_FULL,        /* SEAT: VALUE in hand, EXPECTED in pile (R4.4d) */
  ISLE_POSITION_PILE_TOO_BIG,         /* SEAT: VALUE tokens, EXPECTED at most */
  ISLE_POSITION_COINS_UNUSED,         /* SEAT = side: coins in a game without (R9.2) */
  ISLE_POSITION_COINS_NEGATIVE,       /* SEAT = side, VALUE */
  ISLE_POSITION_SCORE_NEGATIVE,       /* SEAT = side, CELL = round index, VALUE */
  ISLE_POSITION_SCORE_LATER_ROUND,    /* CELL = round index at or after ROUND, VALUE */
  ISLE_POSITION_ROUND_OVER,           /* every tile holds a token: the round is scored (R4.6) */
  ISLE_POSITION_NOTHING_TO_PLACE,     /* SEAT to move cannot place; VALUE the seat whose turn it would be, or -1 (R4.5) */
  ISLE_POSITION_BAD_EDIT,             /* an edit of a tile, kind, seat or quadrant that does not exist (never from a check) */
  ISLE_POSITION_N_CODES,
} IslePositionCode;

typedef struct
{
  uint8_t code;        /* IslePositionCode */
  int8_t seat;         /* the seat (or side) concerned, or -1 */
  int8_t cell;         /* the tile (or index) concerned, or -1 */
  uint8_t kind;        /* the kind concerned, or ISLE_KIND_NONE */
  int32_t value;       /* what the position has */
  int32_t expected;    /* what the rules allow */
} IslePositionProblem;

typedef struct
{
  int n;               /* problems found, may exceed ISLE_POSITION_MAX_PROBLEMS */
  IslePositionProblem problems[ISLE_POSITION_MAX_PROBLEMS];
} IslePositionProblems;

/* An empty board at the start of round 1: weather Sunny, Red to move and
 * first, random hands and piles, no coins, scores or hires. */
void isle_position_init (IslePosition *position);

/* Checks POSITION for a game of VARIANT under RULES: everything listed in
 * IslePositionCode. Independent problems are all reported; checks that
 * depend on one that failed are skipped. Returns the number of problems. */
int  isle_position_check (const IslePosition *position, const IsleRules *rules,
                          IsleVariant variant, IslePositionProblems *problems);

/* Builds STATE: a game of VARIANT under RULES standing at POSITION, random
 * hands, piles and deck drawn from SEED (and the game's later chance too).
 * Returns false, with PROBLEMS filled and STATE untouched, if the position
 * has problems. */
bool isle_position_to_state (const IslePosition *position, const IsleRules *rules,
                             IsleVariant variant, uint64_t seed, IsleState *state,
                             IslePositionProblems *problems);

/* ---- editing the map (an editor calls these and keeps no rule itself) ---- */

/* Puts SEAT's token of KIND on CELL, face down if FACE_DOWN; whatever was
 * on the tile goes, all of it (both tiles of a face-up Hippo, R8.9). The
 * rules shape the token: a Chameleon TURNED shows its owner's colour, but
 * a face-down one keeps its starting colour (R8.6); a face-up Hippo put
 * next to a face-up Hippo of SEAT that lies on one tile becomes its second
 * tile (R3 `+`, R8.9). Returns ISLE_POSITION_OK; ISLE_POSITION_TOKEN_UNDER_FOG
 * when the tile is under fog, the token put all the same (R6.6: a problem
 * isle_position_check() reports, as an editor lets one build in any order);
 * or ISLE_POSITION_BAD_EDIT, with nothing changed, for a CELL, KIND or SEAT
 * out of range. */
IslePositionCode isle_position_put_token (IslePosition *position, int cell, IsleKind kind,
                                          int seat, bool face_down, bool turned);

/* Empties CELL (a face-up Hippo's both tiles, R8.9), or when it is empty
 * and under fog lifts the fog board over its quadrant (R1). Returns
 * ISLE_POSITION_OK, or ISLE_POSITION_BAD_EDIT for a CELL out of range. */
IslePositionCode isle_position_clear_tile (IslePosition *position, int cell);

/* R1: whether a fog board covers the whole of QUADRANT. */
bool isle_position_has_fog (const IslePosition *position, int quadrant);

/* R1: puts a fog board over the whole of QUADRANT (FOGGED) or lifts it.
 * Returns ISLE_POSITION_OK; when the board is put all the same, the
 * problem it makes, which isle_position_check() reports too:
 * ISLE_POSITION_FOG_TOO_MUCH (more quadrants fogged than there are fog
 * boards, R1), or else ISLE_POSITION_TOKEN_UNDER_FOG (R6.6); or
 * ISLE_POSITION_BAD_EDIT for a QUADRANT out of range. */
IslePositionCode isle_position_set_fog (IslePosition *position, int quadrant, bool fogged);

/* isle_position_set_fog() of the quadrant CELL is in, the other way from
 * how it is: a fog board put on it, or lifted. */
IslePositionCode isle_position_toggle_fog (IslePosition *position, int cell);

/* The position STATE stands at, hands and piles as they are (an editor
 * starting from a game). STATE should be at a SETTLE, HOP or PLACE
 * decision; the turn in progress starts again. */
void isle_position_from_state (IslePosition *position, const IsleState *state);
