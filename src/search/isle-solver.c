/* isle-solver.c — the AND-OR search of isle-solver.h and its
 * transposition table: open addressing over isle_state_key(), grown by
 * doubling and emptied when full. */
#include "isle-solver.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_ENTRIES ((size_t) 4 * 1024 * 1024)
#define FIRST_SLOTS ((size_t) 1 << 12)
#define CHECK_EVERY_MASK 1023u

/* A position's key and what was found: result | depth << 2; 0 is an
 * empty slot (a stored depth is at least 1). */
typedef struct
{
  uint64_t key[2];
  uint32_t value;
} Entry;

struct IsleSolver
{
  IsleSolverGoal goal;
  IsleSolverLimits limits;
  uint64_t nodes;
  uint64_t decided;          /* positions the judge decided, over the solver's life */
  bool stopped;
  Entry *slots;
  size_t n_slots;            /* a power of two */
  size_t n_entries;
  size_t max_entries;
};

static size_t
slot_of (const IsleSolver *solver, const uint64_t key[2])
{
  uint64_t h = key[0] ^ (key[1] * UINT64_C (0x9e3779b97f4a7c15));

  return (size_t) (h ^ (h >> 29)) & (solver->n_slots - 1);
}

static Entry *
find (const IsleSolver *solver, const uint64_t key[2])
{
  for (size_t i = slot_of (solver, key);; i = (i + 1) & (solver->n_slots - 1))
    {
      Entry *e = &solver->slots[i];

      if (e->value == 0 || (e->key[0] == key[0] && e->key[1] == key[1]))
        return e;
    }
}

/* Twice the slots, the entries kept; false (and nothing changed) when out
 * of memory. */
static bool
grow (IsleSolver *solver)
{
  Entry *old = solver->slots;
  size_t n_old = solver->n_slots;
  Entry *slots = calloc (n_old * 2, sizeof *slots);

  if (slots == NULL)
    return false;
  solver->slots = slots;
  solver->n_slots = n_old * 2;
  for (size_t i = 0; i < n_old; i++)
    if (old[i].value != 0)
      *find (solver, old[i].key) = old[i];
  free (old);
  return true;
}

static void
store (IsleSolver *solver, const uint64_t key[2], uint32_t value)
{
  Entry *e;

  /* Emptied when full, as a table bounded in memory must be. */
  if (solver->n_entries >= solver->max_entries)
    isle_solver_clear (solver);
  e = find (solver, key);
  if (e->value == 0)
    {
      /* Kept at most half full; when it cannot grow, emptied instead. */
      if ((solver->n_entries + 1) * 2 > solver->n_slots && !grow (solver))
        isle_solver_clear (solver);
      e = find (solver, key);
      solver->n_entries++;
    }
  e->key[0] = key[0];
  e->key[1] = key[1];
  e->value = value;
}

IsleSolver *
isle_solver_new (const IsleSolverGoal *goal, size_t max_entries)
{
  IsleSolver *solver;

  if (goal == NULL || goal->judge == NULL)
    return NULL;
  solver = calloc (1, sizeof *solver);
  if (solver == NULL)
    return NULL;
  solver->goal = *goal;
  solver->max_entries = max_entries != 0 ? max_entries : DEFAULT_ENTRIES;
  solver->n_slots = FIRST_SLOTS;
  solver->slots = calloc (solver->n_slots, sizeof *solver->slots);
  if (solver->slots == NULL)
    {
      free (solver);
      return NULL;
    }
  return solver;
}

void
isle_solver_free (IsleSolver *solver)
{
  if (solver == NULL)
    return;
  free (solver->slots);
  free (solver);
}

void
isle_solver_set_limits (IsleSolver *solver, const IsleSolverLimits *limits)
{
  if (limits != NULL)
    solver->limits = *limits;
  else
    memset (&solver->limits, 0, sizeof solver->limits);
  solver->stopped = false;
}

void
isle_solver_clear (IsleSolver *solver)
{
  memset (solver->slots, 0, solver->n_slots * sizeof *solver->slots);
  solver->n_entries = 0;
}

/* True when the limits end the search here; counts the position. */
static bool
stop_here (IsleSolver *solver)
{
  const IsleSolverLimits *limits = &solver->limits;

  if (limits->max_nodes != 0 && solver->nodes >= limits->max_nodes)
    solver->stopped = true;
  else if ((++solver->nodes & CHECK_EVERY_MASK) == 0 && limits->should_stop != NULL
           && limits->should_stop (limits->data))
    solver->stopped = true;
  return solver->stopped;
}

IsleSolveResult
isle_solver_search (IsleSolver *solver, const IsleState *s, int depth)
{
  IsleActionList list;
  bool or_node, unknown = false;
  IsleSolveResult result, r = solver->goal.judge (s, solver->goal.data);
  uint64_t key[2];
  Entry *e;

  if (r != ISLE_SOLVE_UNKNOWN)
    {
      solver->decided++;
      return r;
    }
  if (depth <= 0 || solver->stopped || stop_here (solver))
    return ISLE_SOLVE_UNKNOWN;
  isle_state_key (s, key);
  e = find (solver, key);
  if (e->value != 0 && ((e->value & 3) != ISLE_SOLVE_UNKNOWN || (int) (e->value >> 2) >= depth))
    return (IsleSolveResult) (e->value & 3);

  or_node = isle_state_to_move (s) == solver->goal.player;
  result = or_node ? ISLE_SOLVE_LOSS : ISLE_SOLVE_WIN;
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleState child = *s;

      isle_state_apply (&child, list.actions[i]);
      r = isle_solver_search (solver, &child, depth - 1);
      if (or_node && r == ISLE_SOLVE_WIN)
        {
          result = ISLE_SOLVE_WIN;
          break;
        }
      if (!or_node && r == ISLE_SOLVE_LOSS)
        {
          result = ISLE_SOLVE_LOSS;
          break;
        }
      if (r == ISLE_SOLVE_UNKNOWN)
        unknown = true;
      if (solver->stopped)
        break;
    }
  /* OR: one win wins, all losses lose; AND: one loss loses, all wins
   * win; anything else is not known yet. */
  if (unknown && result == (or_node ? ISLE_SOLVE_LOSS : ISLE_SOLVE_WIN))
    result = ISLE_SOLVE_UNKNOWN;
  if (solver->stopped && result == ISLE_SOLVE_UNKNOWN)
    return ISLE_SOLVE_UNKNOWN;
  store (solver, key, (uint32_t) result | ((uint32_t) depth << 2));
  return result;
}

IsleSolveResult
isle_solver_solve (IsleSolver *solver, const IsleState *s, int max_depth, int *depth)
{
  IsleSolveResult result = ISLE_SOLVE_UNKNOWN;
  uint64_t decided_before = solver->decided;
  int d = 0;

  /* Deepened by doubling the plies while some line searched reaches a
   * position the goal is decided in. While none does, every line is
   * longer than the plies searched, and the search goes at once to
   * MAX_DEPTH: a goal decided only at a round's end is searched to it
   * once, where deepening a ply at a time searched every depth below. */
  while (d < max_depth && result == ISLE_SOLVE_UNKNOWN && !solver->stopped)
    {
      if (d == 0)
        d = 1;
      else if (solver->decided == decided_before || d > max_depth / 2)
        d = max_depth;
      else
        d *= 2;
      result = isle_solver_search (solver, s, d);
    }
  if (depth != NULL)
    *depth = d;
  return result;
}

IsleAction
isle_solver_winning_action (IsleSolver *solver, const IsleState *s, int depth)
{
  IsleActionList list;

  if (isle_state_to_move (s) != solver->goal.player)
    return 0;
  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    {
      IsleState child = *s;

      isle_state_apply (&child, list.actions[i]);
      if (isle_solver_search (solver, &child, depth) == ISLE_SOLVE_WIN)
        return list.actions[i];
    }
  return 0;
}

uint64_t
isle_solver_nodes (const IsleSolver *solver)
{
  return solver->nodes;
}

bool
isle_solver_stopped (const IsleSolver *solver)
{
  return solver->stopped;
}
