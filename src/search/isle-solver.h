/* isle-solver.h — the puzzle solver: an AND-OR search over the true state
 * for a line of play that meets a goal whatever the other seats do
 * (doc/scenario-format.md "Solving").
 *
 * Pure C11 over the engine: no GLib, no I/O, no globals, no clock. The
 * goal is the caller's: a judge it hands in says of a position whether the
 * goal is met, missed or still open (the scenario's goal is model
 * knowledge, so the solver never sees a scenario). The seat of the goal's
 * player decides at OR nodes (one good choice is enough), every other seat
 * at AND nodes (every reply must fail to stop it). Chance is no node: the
 * engine draws it from the state's seeded RNG, so the same seed gives the
 * same chance. A transposition table of isle_state_key() remembers what a
 * search found (its key, isle_state_key(), is most of a search's time); a
 * node budget and a should_stop() asked now and then, as
 * IsleAiLimits gives the computer players, end a search early.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isle-state.h"

typedef enum
{
  ISLE_SOLVE_UNKNOWN = 0,    /* not decided within the depth or the limits */
  ISLE_SOLVE_WIN = 1,        /* the goal is met against every reply */
  ISLE_SOLVE_LOSS = 2,       /* every line of the player fails against some reply */
} IsleSolveResult;

typedef struct
{
  /* The seat whose decisions are OR nodes. */
  int player;
  /* ISLE_SOLVE_WIN when the goal is met in S, ISLE_SOLVE_LOSS when it can
   * no longer be, ISLE_SOLVE_UNKNOWN while it is open. Must decide every
   * terminal state. */
  IsleSolveResult (*judge) (const IsleState *s, void *data);
  void *data;
} IsleSolverGoal;

typedef struct
{
  /* At most this many positions searched, counted over the solver's
   * life (0: no limit). */
  uint64_t max_nodes;
  /* Asked every 1,024 positions; true ends the search at once with what
   * is known. NULL: never. */
  bool (*should_stop) (void *data);
  void *data;
} IsleSolverLimits;

typedef struct IsleSolver IsleSolver;

/* A solver for GOAL (copied) whose table holds at most MAX_ENTRIES
 * positions before it is emptied (0: 4,194,304). NULL when out of memory. */
IsleSolver *isle_solver_new (const IsleSolverGoal *goal, size_t max_entries);
void isle_solver_free (IsleSolver *solver);

/* The limits of the searches to come (copied; NULL: none); a solver that
 * stopped may search again. */
void isle_solver_set_limits (IsleSolver *solver, const IsleSolverLimits *limits);

/* Forgets every position searched, for a new goal (the same judge with
 * other data). */
void isle_solver_clear (IsleSolver *solver);

/* What S is worth searched DEPTH plies deep (decisions, any seat's). */
IsleSolveResult isle_solver_search (IsleSolver *solver, const IsleState *s, int depth);

/* Iterative deepening, the plies doubled (1, 2, 4, 8, …) while some line
 * searched reaches a position the goal is decided in, and MAX_DEPTH at
 * once when none does, until S is decided or the limits stop it; *DEPTH
 * (may be NULL) gets the depth of the last search finished or cut
 * short. */
IsleSolveResult isle_solver_solve (IsleSolver *solver, const IsleState *s, int max_depth,
                                   int *depth);

/* The first legal action (in the engine's order) of the goal's player,
 * who must be to move in S, that leads to a position proven won within
 * DEPTH plies, or 0. */
IsleAction isle_solver_winning_action (IsleSolver *solver, const IsleState *s, int depth);

/* Positions searched so far, over the solver's life. */
uint64_t isle_solver_nodes (const IsleSolver *solver);
/* True when the limits ended the last search. */
bool isle_solver_stopped (const IsleSolver *solver);
