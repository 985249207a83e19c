/* isle-state.h — the game as a value: decision points, actions, apply.
 *
 * Pure C11, no allocation, no globals, no I/O. An IsleState is a fixed-size
 * value: `IsleState copy = *state;` copies the whole game, rules and RNG
 * included. Every choice a player makes (opening hand, weather card,
 * placement, fog lift, …) is an action at a decision point; chance (shuffles,
 * fog boards) is drawn from the state's own seeded RNG, so the same seed and
 * the same actions give the same game, byte for byte.
 */
#pragma once

#include "isle-board.h"
#include "isle-rng.h"

typedef enum
{
  ISLE_PHASE_WEATHER = 0,  /* R6.1: the round's second seat keeps a card */
  ISLE_PHASE_HIRE,         /* R9.3: a seat hires for its side, in secret */
  ISLE_PHASE_HAND,         /* R4.2: a seat picks its opening hand */
  ISLE_PHASE_SETTLE,       /* R8.9: a Hippo's owner picks the tile it keeps */
  ISLE_PHASE_HOP,          /* R8.5: a Frog's owner may move it */
  ISLE_PHASE_PLACE,        /* R4.4b: the seat to move places a token */
  ISLE_PHASE_ABILITY,      /* R8: the placer picks its mercenary's target */
  ISLE_PHASE_REPLACE,      /* R8.1, R8.4: a target's owner replaces it */
  ISLE_PHASE_FOG_LIFT,     /* R6.5: a seat lifts one fog board */
  ISLE_PHASE_OVER,         /* R4.7, R9.4: the game has ended */
  ISLE_N_PHASES,
} IslePhase;

/* Actions are small integers; see isle_action_*() below for their parts and
 * isle_action_format() for their text form. */
typedef uint32_t IsleAction;

typedef enum
{
  ISLE_ACTION_NONE = 0,
  ISLE_ACTION_KEEP,     /* R6.1 `keep cloudy`: weather */
  ISLE_ACTION_PICK,     /* R4.2 `pick rW`: kind */
  ISLE_ACTION_PLACE,    /* R4.4 `place rW c3`, `place rW* c3`, R8.9 `place rH c3 d3` */
  ISLE_ACTION_LIFT,     /* R6.5 `lift ne`: quadrant */
  ISLE_ACTION_SETTLE,   /* R8.9 `settle c3`: the tile the Hippo keeps */
  ISLE_ACTION_HOP,      /* R8.5 `hop d4`: where the Frog goes */
  ISLE_ACTION_TARGET,   /* R8.1, R8.4 `target d4`: the token to be replaced */
  ISLE_ACTION_SWAP,     /* R8.3, R8.7 `swap d4`; R8.8 `swap c3 d4` */
  ISLE_ACTION_REPLACE,  /* R8.1, R8.4 `replace bW`: the token from hand */
  ISLE_ACTION_PASS,     /* R8.5, R8.8 `pass`: no hop, no swap */
  ISLE_ACTION_HIRE,     /* R9.3 `hire F` */
  ISLE_ACTION_DONE,     /* R9.3 `done`: no more hiring this time */
  ISLE_N_ACTION_TYPES,
} IsleActionType;

#define ISLE_NO_CELL 63

/* Layout: type 4 bits | kind 5 | cell 6 | cell2 6 | face_down 1 | arg 4 */
static inline IsleAction
isle_action_make (IsleActionType type, int kind, int cell, int cell2,
                  bool face_down, int arg)
{
  return (uint32_t) type | ((uint32_t) kind << 4) | ((uint32_t) cell << 9)
         | ((uint32_t) cell2 << 15) | ((uint32_t) (face_down ? 1 : 0) << 21)
         | ((uint32_t) arg << 22);
}
static inline IsleActionType isle_action_type (IsleAction a) { return (IsleActionType) (a & 0xf); }
static inline IsleKind isle_action_kind (IsleAction a) { return (IsleKind) ((a >> 4) & 0x1f); }
static inline int isle_action_cell (IsleAction a) { return (int) ((a >> 9) & 0x3f); }
static inline int isle_action_cell2 (IsleAction a) { return (int) ((a >> 15) & 0x3f); }
static inline bool isle_action_face_down (IsleAction a) { return (a >> 21) & 1; }
static inline int isle_action_arg (IsleAction a) { return (int) ((a >> 22) & 0xf); }

static inline IsleAction
isle_action_keep (IsleWeather w)
{
  return isle_action_make (ISLE_ACTION_KEEP, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, (int) w);
}
static inline IsleAction
isle_action_pick (IsleKind kind)
{
  return isle_action_make (ISLE_ACTION_PICK, (int) kind, ISLE_NO_CELL, ISLE_NO_CELL, false, 0);
}
static inline IsleAction
isle_action_place (IsleKind kind, int cell, bool face_down)
{
  return isle_action_make (ISLE_ACTION_PLACE, (int) kind, cell, ISLE_NO_CELL, face_down, 0);
}
static inline IsleAction
isle_action_lift (int quadrant)
{
  return isle_action_make (ISLE_ACTION_LIFT, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, quadrant);
}
static inline IsleAction
isle_action_cells (IsleActionType type, int cell, int cell2)
{
  return isle_action_make (type, 0, cell, cell2, false, 0);
}
static inline IsleAction
isle_action_hippo (int cell, int cell2)
{
  return isle_action_make (ISLE_ACTION_PLACE, ISLE_KIND_HIPPO, cell, cell2, false, 0);
}
static inline IsleAction
isle_action_kind_only (IsleActionType type, IsleKind kind)
{
  return isle_action_make (type, (int) kind, ISLE_NO_CELL, ISLE_NO_CELL, false, 0);
}

/* Room for every legal action at any decision point: 5 kinds × 36 tiles ×
 * 2 faces, with room to spare for a Hippo's 60 pairs of tiles. */
#define ISLE_MAX_ACTIONS 512

typedef struct
{
  int n;
  IsleAction actions[ISLE_MAX_ACTIONS];
} IsleActionList;

/* Card value in an observation's deck for a card the observer has not seen. */
#define ISLE_WEATHER_UNKNOWN 0xff

typedef struct
{
  IsleBoard board;
  /* R7.5: the map as it was when the last round was scored, so it can be
   * shown and explained after the next round has cleared the map. It is
   * public: face-down tokens are revealed at scoring (R6.4); their flags
   * stay to show which lay face down. */
  IsleBoard scored_board;
  IsleRng rng;
  IsleRules rules;

  uint8_t variant;        /* IsleVariant */
  uint8_t n_seats;        /* 2, or 4 in the team game */
  uint8_t phase;          /* IslePhase */
  uint8_t to_move;        /* seat that decides now */
  uint8_t round;          /* 1-based */
  uint8_t n_rounds;       /* rounds the game lasts (R4.7) */
  uint8_t first_seat;     /* R4.3: first seat of this round */
  uint8_t weather;        /* IsleWeather of this round */
  uint8_t next_seat;      /* after a fog lift (R6.5): who places next */
  uint8_t winner;         /* when over: side that won, or ISLE_N_SIDES for a draw */
  uint8_t extra_rounds;   /* R9.4: extra rounds played after a tie */

  /* The turn in progress (R4.4, R8.2): placements left in it, and the
   * extra placements owed to each seat's next turn by a Turtle. */
  uint8_t placements_left;
  uint8_t bonus[ISLE_MAX_SEATS];
  /* R8: the mercenary whose ability is resolving, and the seat that placed
   * it; R8.1, R8.4: the tile whose token its owner must replace. */
  uint8_t ability_cell;
  uint8_t ability_seat;
  uint8_t replace_cell;

  /* What the last isle_state_apply() did that no decision shows, for logs:
   * a kind whose ability found no target (R8), seats skipped (R4.5, bit per
   * seat). */
  uint8_t note_no_target;
  uint8_t note_skipped;

  uint8_t hand[ISLE_MAX_SEATS][ISLE_HAND_MAX];   /* places past hand_len are 0 */
  uint8_t hand_len[ISLE_MAX_SEATS];
  uint8_t pile[ISLE_MAX_SEATS][ISLE_PILE_MAX];  /* top is pile[len - 1] */
  uint8_t pile_len[ISLE_MAX_SEATS];

  /* R6.1: the weather deck, top first; DECK_SEEN marks which sides have
   * seen a card (bit 1 << side). DRAWN holds the two cards being chosen. */
  uint8_t deck[ISLE_MAX_WEATHER_CARDS];
  uint8_t deck_seen[ISLE_MAX_WEATHER_CARDS];
  uint8_t deck_len;
  uint8_t drawn[2];
  uint8_t weather_kept[ISLE_MAX_ROUNDS];        /* per round */

  /* R9.3: mercenaries hired by each side (revealed), and the choices of
   * the hiring in progress (secret until both sides are done). HIRE_DONE has
   * a bit per seat that has finished hiring this time. */
  uint8_t hired[ISLE_N_SIDES][ISLE_N_KINDS];
  uint8_t pending[ISLE_N_SIDES][ISLE_N_KINDS];
  uint8_t hire_done;

  int32_t round_score[ISLE_MAX_ROUNDS][ISLE_N_SIDES];  /* R7.4 */
  int32_t total[ISLE_N_SIDES];                         /* R4.7 */
  int32_t coins[ISLE_N_SIDES];                         /* R9.2 */

  uint32_t n_actions;     /* actions applied so far */
} IsleState;

/* Starts a game of VARIANT under RULES with FIRST_SEAT first in round 1
 * (R4.3) and chance drawn from SEED. Returns false if the variant is not
 * one this engine plays or the rules are unusable. */
bool isle_state_init (IsleState *state, const IsleRules *rules,
                      IsleVariant variant, int first_seat, uint64_t seed);

/* The seat that decides now, or -1 when the game is over. */
int isle_state_to_move (const IsleState *state);
bool isle_state_is_terminal (const IsleState *state);

/* Fills LIST with every legal action; returns how many. */
int isle_state_legal_actions (const IsleState *state, IsleActionList *list);
bool isle_state_is_legal (const IsleState *state, IsleAction action);

/* Applies a legal ACTION and runs the automatic steps that follow (draws,
 * skips, fog, scoring, the next round) up to the next decision point.
 * Returns false and leaves STATE untouched if ACTION is not legal. */
bool isle_state_apply (IsleState *state, IsleAction action);

/* A uniformly random legal action (as if drawn from the legal list), found
 * without listing every placement. 0 when the game is over. */
IsleAction isle_state_sample_action (const IsleState *state, IsleRng *rng);

/* Plays uniformly random legal actions from RNG to the end of the game. */
void isle_state_playout (IsleState *state, IsleRng *rng);

/* Playout policies for search. */
enum
{
  /* Hire nobody (R9.3 `done` at once): random hiring spends the coins that
   * decide the game (R9.4) and drowns what a search wants to measure. */
  ISLE_PLAYOUT_NO_HIRING = 1 << 0,
  /* isle_state_playout_guided(): stop when the round in progress has been
   * scored (R4.6), for a search that judges the rest by the score. */
  ISLE_PLAYOUT_ROUND = 1 << 1,
};

/* Like isle_state_playout(), with FLAGS changing the policy. */
void isle_state_playout_with (IsleState *state, IsleRng *rng, unsigned flags);

/* A playout whose placements follow rules of thumb (lines made, lengthened
 * and blocked, R5; multipliers where they count, R7.2; spies where they do
 * least harm), blurred by a little noise; every other decision uniformly
 * random (isle-playout-guided.c). Slower than isle_state_playout() and far
 * more telling of a move's worth; for search. */
void isle_state_playout_guided (IsleState *state, IsleRng *rng, unsigned flags);

/* The placement the same rules of thumb like best for the seat to move,
 * each placement's worth blurred by up to NOISE points, and blocking the
 * other side's lines counted CARE times (1: as the playouts count it, 0:
 * not at all); with probability EPSILON, or at a decision that is not a
 * placement, a uniformly random action instead. 0 when the game is
 * over. */
IsleAction isle_state_guided_action (const IsleState *state, IsleRng *rng,
                                     double noise, double care, double epsilon);

/* What the rules of thumb think each of N ACTIONS worth (in points, about)
 * to the seat to move, blocking counted CARE times as in
 * isle_state_guided_action(); 0 for actions that are not placements. */
void isle_state_placement_worths (const IsleState *state, const IsleAction *actions,
                                  int n, double care, float *worths);

/* Like isle_state_playout_with(), but takes at most MAX_ACTIONS actions and
 * writes them, in order, to ACTIONS. Returns how many it took: fewer than
 * MAX_ACTIONS only when the game is over. Applying them one by one with
 * isle_state_apply() to a copy of the starting state gives the same state,
 * byte for byte: chance (shuffles, fog boards) is drawn from the state's own
 * RNG exactly as isle_state_apply() draws it. For tests and logs. */
int isle_state_playout_log (IsleState *state, IsleRng *rng, unsigned flags,
                            IsleAction *actions, int max_actions);

/* R4.7: +1 for each seat of the winning side, -1 for the losing side, 0 in a
 * draw or while the game goes on. RETURNS has room for ISLE_MAX_SEATS. */
void isle_state_returns (const IsleState *state, double *returns);

/* R9.4: the total cost of the mercenaries SIDE has hired. */
int32_t isle_state_hired_cost (const IsleState *state, IsleSide side);
/* R9.3: SIDE's coins less the cost of the hires it has chosen this time
 * and not yet paid (they are paid when both sides are done). */
int32_t isle_state_coins_left (const IsleState *state, IsleSide side);

/* The hiring policy (isle-hire-policy.c, doc/ai.md "Hidden simultaneous
 * hiring"): what a search assumes about hires it cannot see (R12) and
 * what a playout may hire.
 *
 * R9.3: how much a player is taken to want mercenary KIND, from 11 (the
 * Cat) down to 1 (the Hippo); 0 for a basic kind. The order is the greedy
 * player's (src/ai/isle-ai-greedy.c). */
int isle_hire_preference (IsleKind kind);

/* R9.3: adds to SIDE's pending hires (STATE->pending[SIDE]) a hiring drawn
 * from RNG, each hire one isle_state_legal_actions() would offer SIDE at
 * that point: a mercenary SIDE has not hired (nor chosen) up to its supply,
 * paid for by the coins its pending hires leave, with a basic token of the
 * kind it replaces left to go to the box. Before each hire the side stops
 * with a probability that depends on the game (hiring nothing is the most
 * likely single outcome, except in the Quick game's first hiring, R10,
 * where coins not spent are lost); otherwise it hires a mercenary drawn
 * with weight isle_hire_preference(). Only PENDING changes, as `hire`
 * changes it: coins are paid and tokens go to the box when the hires are
 * revealed (isle_state_apply() of the last `done`). Reads nothing of STATE
 * that is secret from the other side but SIDE's own pending hires. */
void isle_state_sample_hires (IsleState *state, IsleSide side, IsleRng *rng);

/* R9.3: the seat to move, which is hiring, decides by the hiring policy:
 * the first seat of its side to decide this time adds the hires
 * isle_state_sample_hires() draws, then it is `done`. For searches and
 * playouts. */
void isle_state_hire_secretly (IsleState *state, IsleRng *rng);

/* Two independent 64-bit hashes of what decides the future of STATE: all
 * of it but the count of actions applied, the notes for the log and the
 * board last scored. States that play on alike get the same KEY; for
 * transposition tables (the puzzle solver). */
void isle_state_key (const IsleState *state, uint64_t key[2]);

/* R1 conservation: tokens SEAT's side owns on the board (a two-tile Hippo
 * once), in hands and in piles. */
int isle_state_side_tokens (const IsleState *state, IsleSide side);

/* Text form of an action for the seat to move in STATE: `place rW c3`.
 * BUF needs 32 bytes. Returns BUF. */
char *isle_action_format (const IsleState *state, IsleAction action, char *buf);
/* Parses an action's text form in the context of STATE (the seat to move).
 * Checks syntax only; returns false on bad text. */
bool isle_action_parse (const IsleState *state, const char *text,
                        IsleAction *action);

/* R12: what one seat may see. VIEW is the state with every fact hidden from
 * SEAT blanked: other seats' hands and every pile order, other seats'
 * face-down tokens (kind ISLE_KIND_UNKNOWN, colour white), weather cards the
 * seat has not seen (ISLE_WEATHER_UNKNOWN), and the RNG. UNSEEN gives per
 * seat the multiset of its tokens SEAT cannot place (for SEAT itself: its
 * pile; for another seat: its hand, pile and face-down tokens). */
typedef struct
{
  IsleState view;
  uint8_t observer;
  uint8_t unseen[ISLE_MAX_SEATS][ISLE_N_KINDS];
  uint8_t unseen_weather[ISLE_N_WEATHER];  /* cards the seat has not seen */
} IsleObservation;

void isle_state_observe (const IsleState *state, int seat, IsleObservation *obs);

/* R12: samples a full state consistent with OBS, drawing from RNG. */
void isle_obs_determinize (const IsleObservation *obs, IsleRng *rng,
                           IsleState *state);

/* R4.4a: begins SEAT's turn in a state set up by hand (isle-position.c):
 * its Hippo settles, its Frog may hop, then it places; a seat that cannot
 * place is skipped (R4.5), and when nobody can the round ends. */
void isle_state_begin_turn (IsleState *state, int seat);
