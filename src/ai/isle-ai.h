/* isle-ai.h — computer players: instinct (rules of thumb), greedy and
 * Information-Set MCTS.
 *
 * Pure C11 over the engine (doc/architecture.md "Layers"). A player sees only an
 * observation (R12), never the true state. The thread it runs on and the
 * clock it obeys are given to it: a search asks its caller's should_stop()
 * whether to go on, so the caller can cancel it or end it at a deadline.
 * Players form a registry of levels, each a struct of function pointers and
 * settings (in the spirit of pachi's engines).
 */
#pragma once

#include <stddef.h>

#include "isle-state.h"

typedef struct
{
  /* At most this many simulations (0: no limit). */
  uint32_t max_iterations;
  /* Asked every few simulations; true ends the search at once with the best
   * action found so far. NULL: never stop early. */
  bool (*should_stop) (void *data);
  void *data;
  /* Seconds the search may still run, asked now and then, or NULL when the
   * caller sets no clock. With it a search ends early once more thinking
   * could not change its choice. */
  double (*seconds_left) (void *data);
  /* For a game review, which measures moves rather than choosing one
   * (honoured by the searching levels' evaluate()): MEASURE runs every
   * simulation, with no early end once the choice is settled; ONLY, when
   * not NULL, gives the N_ONLY moves of the observer searched at the root
   * (a move measured alone, however bad), every legal one otherwise. */
  bool measure;
  const IsleAction *only;
  int n_only;
  /* When not NULL, the simulations run so far, set by the searching
   * levels each time before they ask should_stop(), for the caller to
   * show. */
  uint32_t *progress;
} IsleAiLimits;

typedef struct
{
  uint32_t iterations;     /* simulations run */
  uint32_t nodes;          /* tree nodes used */
} IsleAiStats;

/* The principal line an evaluation gives at most. */
#define ISLE_AI_MAX_LINE 8

/* What a search thinks of one action at the root. */
typedef struct
{
  IsleAction action;
  /* The mean result for the viewer's side of the simulations that began
   * with the action, 0 to 1 (see IsleAiEvaluation.value); -1 when the
   * action was never tried (VISITS 0). */
  double value;
  uint32_t visits;           /* simulations that began with the action */
  /* For a measuring search (IsleAiLimits.measure): the mean lead of the
   * viewer's side where those simulations ended, in victory points (in
   * coins in the mercenary games), 0 otherwise or when never tried; what
   * a move gives away in points, beside its value. */
  double lead;
} IsleAiActionValue;

/* A search's view of an observation (IsleAiLevel.evaluate), for a game
 * review. Every value is from the viewer's side (the observer, who is to
 * move), 0 to 1: the mean result of the simulations, where a simulation's
 * result is 1 for a win and 0 for a loss, blended with the final lead
 * (0.9 win + 0.1 lead) in a game played out, and the lead alone where the
 * playout stopped at the round's end; the lead counts through a logistic
 * curve, 0.5 level and about 0.75 eight points (or coins) ahead
 * (doc/ai.md, "Evaluation"). */
typedef struct
{
  /* Every legal action: the one choose() plays first, then by visits,
   * most first. */
  IsleAiActionValue actions[ISLE_MAX_ACTIONS];
  int n_actions;
  /* The mean result of all the simulations. */
  double value;
  /* The principal line: from the root, the most visited move of each
   * node in turn (the first is the action choose() plays), with the seat
   * that makes it and its visits; it stops where the tree does. Moves
   * past the first were legal in the determinizations that reached them,
   * not necessarily in the true state. */
  IsleAction line[ISLE_AI_MAX_LINE];
  int line_seat[ISLE_AI_MAX_LINE];
  uint32_t line_visits[ISLE_AI_MAX_LINE];
  int line_len;
  IsleAiStats stats;
} IsleAiEvaluation;

/* How an ISMCTS level searches (IsleAiLevel.search). */
enum
{
  /* Playouts by rules of thumb (isle_state_playout_guided()) instead of
   * uniformly random ones. */
  ISLE_SEARCH_GUIDED = 1 << 0,
  /* Playouts end when the round in progress is scored, judged by the
   * score so far (needs ISLE_SEARCH_GUIDED). */
  ISLE_SEARCH_ROUND = 1 << 1,
  /* New moves tried in the order the rules of thumb like them, and their
   * worth counted while they have few visits (progressive bias). */
  ISLE_SEARCH_BIAS = 1 << 2,
  /* Guided playouts hire by the hiring policy (isle_state_sample_hires())
   * instead of hiring nobody. */
  ISLE_SEARCH_HIRE = 1 << 3,
};

typedef struct IsleAiLevel IsleAiLevel;

struct IsleAiLevel
{
  const char *id;           /* "beginner", "easy", "medium", "hard", "expert" */
  /* The id this level had before the ids were named after the levels
   * ("random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard");
   * still read everywhere, never written. */
  const char *old_id;
  const char *name;         /* English display name, "Hard" */
  const char *description;  /* one sentence for a menu */
  int strength;             /* 0 (gentlest) to 100 */
  uint32_t iterations;      /* ISMCTS simulations per move (0: by time) */
  double seconds;           /* think time per move the caller should allow */
  unsigned search;          /* ISLE_SEARCH_* for ISMCTS levels */
  /* isle_ai_instinct(): points of noise blurring the rules of thumb, and
   * how much it cares to block the other side (0 to 1) */
  double noise, care;
  /* Chooses a legal action for OBS's observer, who must be to move. */
  IsleAction (*choose) (const IsleAiLevel *level, const IsleObservation *obs,
                        const IsleAiLimits *limits, uint64_t seed,
                        IsleAiStats *stats);
  /* Fills EVAL for OBS's observer, who must be to move, searching as
   * choose() does with the same LIMITS and SEED (and choosing the same
   * action); false when out of memory. NULL for a level that does not
   * evaluate: the instinct levels (Beginner, Easy) do not search. */
  bool (*evaluate) (const IsleAiLevel *level, const IsleObservation *obs,
                    const IsleAiLimits *limits, uint64_t seed,
                    IsleAiEvaluation *eval);
};

/* The built-in levels, gentlest first; N gets their number. */
const IsleAiLevel *isle_ai_levels (int *n);
/* The level whose id or old id is ID, or NULL. Old ids are aliases of
 * their level forever: "ismcts:easy" is Medium, not Easy. */
const IsleAiLevel *isle_ai_find (const char *id);

/* The players themselves, for levels and tests. */
IsleAction isle_ai_greedy (const IsleAiLevel *level, const IsleObservation *obs,
                           const IsleAiLimits *limits, uint64_t seed,
                           IsleAiStats *stats);
/* What legal action A gains at once for the seat to move in S: its side's
 * points less the other side's on the map A leaves (the scored map when A
 * ended the round), less the same before A (R5, R7). */
int32_t isle_ai_gain_now (const IsleState *s, IsleAction a);
/* What each side gains from map BEFORE to map AFTER, its lines scored by
 * LINE_SCORE (R5, R7): in GAINS, its points on AFTER less those on BEFORE;
 * AFTER's score in SCORE unless it is NULL. */
void isle_ai_board_gains (const IsleBoard *before, const IsleBoard *after,
                          const int32_t line_score[7], int32_t gains[ISLE_N_SIDES],
                          IsleScore *score);

/* One ply by rules of thumb (isle_state_placement_worths(), blocking
 * counted LEVEL->care times), blurred by LEVEL->noise: a player's
 * instinct, mistakes included; other decisions as isle_ai_greedy(). */
IsleAction isle_ai_instinct (const IsleAiLevel *level, const IsleObservation *obs,
                             const IsleAiLimits *limits, uint64_t seed,
                             IsleAiStats *stats);
IsleAction isle_ai_ismcts (const IsleAiLevel *level, const IsleObservation *obs,
                           const IsleAiLimits *limits, uint64_t seed,
                           IsleAiStats *stats);
bool isle_ai_ismcts_evaluate (const IsleAiLevel *level, const IsleObservation *obs,
                              const IsleAiLimits *limits, uint64_t seed,
                              IsleAiEvaluation *eval);

/* LEVEL->evaluate(), or false when LEVEL does not evaluate. */
bool isle_ai_evaluate (const IsleAiLevel *level, const IsleObservation *obs,
                       const IsleAiLimits *limits, uint64_t seed,
                       IsleAiEvaluation *eval);
