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
} IsleAiLimits;

typedef struct
{
  uint32_t iterations;     /* simulations run */
  uint32_t nodes;          /* tree nodes used */
} IsleAiStats;

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

/* One ply by rules of thumb (isle_state_placement_worths(), blocking
 * counted LEVEL->care times), blurred by LEVEL->noise: a player's
 * instinct, mistakes included; other decisions as isle_ai_greedy(). */
IsleAction isle_ai_instinct (const IsleAiLevel *level, const IsleObservation *obs,
                             const IsleAiLimits *limits, uint64_t seed,
                             IsleAiStats *stats);
IsleAction isle_ai_ismcts (const IsleAiLevel *level, const IsleObservation *obs,
                           const IsleAiLimits *limits, uint64_t seed,
                           IsleAiStats *stats);
