/* isle-ismcts.c — single-observer Information-Set Monte Carlo Tree Search
 * (Cowling, Powley and Whitehouse, 2012).
 *
 * Each simulation samples a full state consistent with the observation
 * (R12 determinization), walks the tree choosing among the actions legal in
 * that sample by UCB with availability counts, adds one node, plays the
 * rest of the game at random and credits every move on the way with the
 * result for the seat that made it. The tree lives in one node pool
 * allocated per search; simulations allocate nothing (the state is a value
 * copied on the stack).
 */
#include "isle-ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NO_NODE 0            /* node 0 is the root: never anyone's child */
#define MAX_DEPTH 1024
#define TIMED_NODES 400000   /* pool for a search bounded by time only */
#define CHECK_EVERY 8        /* simulations between should_stop() calls */
#define SETTLE_EVERY 1024    /* simulations between checks for a settled choice */
#define EXPLORATION 0.7
/* ISLE_SEARCH_BIAS: how much a move's prior counts, fading as 1 / visits
 * (Chaslot et al., "Progressive strategies for Monte-Carlo tree search",
 * 2008). */
#define BIAS 1.0
/* ISLE_SEARCH_ROUND and the margin in a finished game: a lead of this
 * many points (or coins) is worth about three quarters of a win. */
#define MARGIN_SCALE 8.0
/* In a finished game the margin counts this much beside the win, so that
 * a decided game is still played well (no careless moves when every move
 * wins). */
#define MARGIN_WEIGHT 0.1

typedef struct
{
  IsleAction action;         /* the move from the parent */
  uint32_t first_child;
  uint32_t next_sibling;
  uint32_t visits;
  uint32_t avail;            /* times the move was legal at its parent */
  float reward;              /* summed results for the seat that moved */
  float prior;               /* ISLE_SEARCH_BIAS: the rules of thumb's worth, 0..1 */
  uint8_t seat;
} Node;

/* A set of actions with generation stamps, so it is emptied in O(1). */
#define SET_SIZE 2048
typedef struct
{
  IsleAction key[SET_SIZE];
  uint32_t stamp[SET_SIZE];
  uint32_t now;
} ActionSet;

static uint32_t
slot (IsleAction a)
{
  return (a * UINT32_C (2654435761)) >> 21;   /* 11 bits */
}

static void
set_add (ActionSet *set, IsleAction a)
{
  uint32_t i = slot (a);

  while (set->stamp[i] == set->now && set->key[i] != a)
    i = (i + 1) & (SET_SIZE - 1);
  set->key[i] = a;
  set->stamp[i] = set->now;
}

static bool
set_has (const ActionSet *set, IsleAction a)
{
  for (uint32_t i = slot (a); set->stamp[i] == set->now; i = (i + 1) & (SET_SIZE - 1))
    if (set->key[i] == a)
      return true;
  return false;
}

typedef struct
{
  Node *nodes;
  uint32_t n_nodes;
  uint32_t cap;
  unsigned flags;            /* ISLE_SEARCH_* */
  IsleSide side;             /* the observer's */
  ActionSet children;
  IsleActionList legal;
  float worths[ISLE_MAX_ACTIONS];
  uint32_t path[MAX_DEPTH];
  const IsleAction *only;    /* IsleAiLimits.only */
  int n_only;
  /* IsleAiLimits.measure: the summed lead of the observer's side at the
   * end of each simulation, by the root's child it began with (NULL when
   * not measuring: the levels' play pays nothing for it). */
  float *leads;
} Search;

/* IsleAiLimits.only: T->legal keeps the moves searched at the root. */
static void
keep_only (Search *t)
{
  int n = 0;

  for (int i = 0; i < t->legal.n; i++)
    for (int j = 0; j < t->n_only; j++)
      if (t->legal.actions[i] == t->only[j])
        {
          t->legal.actions[n++] = t->legal.actions[i];
          break;
        }
  t->legal.n = n;
}

/* What decides the game for SIDE: its lead in coins in the mercenary games
 * (R9.4), in victory points otherwise (R4.7). */
static double
lead (const IsleState *s, IsleSide side)
{
  const int32_t *score = s->variant >= ISLE_VARIANT_MERCENARY ? s->coins : s->total;

  return (double) score[side] - (double) score[1 - side];
}

/* A playout's result for each side, 0 (lost) to 1 (won): the win itself,
 * and how much the lead was by (a playout cut off at a round's end has
 * only the lead). */
static void
results (const Search *t, const IsleState *d, double result[ISLE_N_SIDES])
{
  double returns[ISLE_MAX_SEATS];

  if (!(t->flags & (ISLE_SEARCH_ROUND | ISLE_SEARCH_GUIDED)))
    {
      isle_state_returns (d, returns);
      for (int side = 0; side < ISLE_N_SIDES; side++)
        result[side] = (returns[side] + 1.0) / 2.0;
      return;
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      double margin = 1.0 / (1.0 + exp (-lead (d, (IsleSide) side) / MARGIN_SCALE));

      if (isle_state_is_terminal (d))
        {
          isle_state_returns (d, returns);
          result[side] = (1.0 - MARGIN_WEIGHT) * (returns[side] + 1.0) / 2.0
                         + MARGIN_WEIGHT * margin;
        }
      else
        result[side] = margin;
    }
}

/* ISLE_SEARCH_BIAS: the priors of the legal actions in T->legal, 0 to 1,
 * into T->worths (placements only; other decisions get 0.5). */
static void
priors (Search *t, const IsleState *d)
{
  float lo = 1e30f, hi = -1e30f;

  if (d->phase != ISLE_PHASE_PLACE)
    {
      for (int i = 0; i < t->legal.n; i++)
        t->worths[i] = 0.5f;
      return;
    }
  isle_state_placement_worths (d, t->legal.actions, t->legal.n, 1.0, t->worths);
  for (int i = 0; i < t->legal.n; i++)
    {
      lo = t->worths[i] < lo ? t->worths[i] : lo;
      hi = t->worths[i] > hi ? t->worths[i] : hi;
    }
  for (int i = 0; i < t->legal.n; i++)
    t->worths[i] = hi > lo ? (t->worths[i] - lo) / (hi - lo) : 0.5f;
}

/* One simulation from a determinization D. */
static void
simulate (Search *t, IsleState *d, IsleRng *rng)
{
  uint32_t node = 0;
  int depth = 0;
  double result[ISLE_N_SIDES];

  t->path[depth++] = 0;
  while (!isle_state_is_terminal (d) && depth < MAX_DEPTH)
    {
      Node *n = &t->nodes[node];

      if (d->phase == ISLE_PHASE_HIRE && isle_seat_side (d->to_move) != t->side
          && (t->flags & ISLE_SEARCH_GUIDED))
        {
          /* R9.3, R12: the other side hires in secret. Chosen in the tree,
           * its hires would be fitted to the observer's own secret ones
           * (and the observer's later choices to them); drawn from the
           * hiring policy they are a chance node no one sees through
           * (doc/ai.md). */
          isle_state_hire_secretly (d, rng);
          continue;
        }
      uint32_t best = NO_NODE, legal_children = 0;
      double best_ucb = -1.0;

      isle_state_legal_actions (d, &t->legal);
      if (node == 0 && t->only != NULL)
        keep_only (t);
      t->children.now++;
      for (uint32_t c = n->first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
        {
          Node *child = &t->nodes[c];
          double ucb;

          set_add (&t->children, child->action);
          if (!isle_state_is_legal (d, child->action))
            continue;
          legal_children++;
          child->avail++;
          ucb = child->reward / child->visits
                + EXPLORATION * sqrt (log ((double) child->avail) / child->visits)
                + BIAS * child->prior / (child->visits + 1);
          if (ucb > best_ucb)
            {
              best_ucb = ucb;
              best = c;
            }
        }

      if ((int) legal_children < t->legal.n && t->n_nodes < t->cap)
        {
          /* Expand one untried action: the one the rules of thumb like
           * best (ISLE_SEARCH_BIAS), else one at random. */
          int start = (int) isle_rng_below (rng, (uint32_t) t->legal.n);
          IsleAction a = 0;
          float best_prior = -1.0f;

          if (t->flags & ISLE_SEARCH_BIAS)
            priors (t, d);
          for (int i = 0; i < t->legal.n; i++)
            {
              int j = (start + i) % t->legal.n;
              IsleAction candidate = t->legal.actions[j];

              if (set_has (&t->children, candidate))
                continue;
              if (!(t->flags & ISLE_SEARCH_BIAS))
                {
                  a = candidate;
                  break;
                }
              if (t->worths[j] > best_prior)
                {
                  best_prior = t->worths[j];
                  a = candidate;
                }
            }
          uint32_t c = t->n_nodes++;
          Node *child = &t->nodes[c];

          memset (child, 0, sizeof *child);
          child->action = a;
          child->prior = t->flags & ISLE_SEARCH_BIAS ? best_prior : 0.0f;
          child->seat = (uint8_t) isle_state_to_move (d);
          child->avail = 1;
          child->next_sibling = t->nodes[node].first_child;
          t->nodes[node].first_child = c;
          isle_state_apply (d, a);
          t->path[depth++] = c;
          break;
        }
      if (best == NO_NODE)
        break;   /* the pool is full and no known move is legal: roll out */
      isle_state_apply (d, t->nodes[best].action);
      node = best;
      t->path[depth++] = node;
    }

  if (t->flags & ISLE_SEARCH_GUIDED)
    isle_state_playout_guided (d, rng, (t->flags & ISLE_SEARCH_HIRE ? 0 : ISLE_PLAYOUT_NO_HIRING)
                               | (t->flags & ISLE_SEARCH_ROUND ? ISLE_PLAYOUT_ROUND : 0));
  else
    isle_state_playout_with (d, rng, ISLE_PLAYOUT_NO_HIRING);
  results (t, d, result);
  if (t->leads != NULL && depth > 1)
    t->leads[t->path[1]] += (float) lead (d, t->side);
  for (int i = 1; i < depth; i++)
    {
      Node *n = &t->nodes[t->path[i]];
      n->visits++;
      n->reward += (float) result[isle_seat_side (n->seat)];
    }
}

/* True when the most visited move at the root leads the next by more
 * simulations than LEFT: no more thinking could change the choice. */
static bool
settled (const Search *t, double left)
{
  uint32_t first = 0, second = 0;

  for (uint32_t c = t->nodes[0].first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
    {
      uint32_t v = t->nodes[c].visits;

      if (v > first)
        {
          second = first;
          first = v;
        }
      else if (v > second)
        second = v;
    }
  return (double) (first - second) > left;
}

/* The most visited child of PARENT, ties to the better rewarded (the
 * first in sibling order when both tie), or NO_NODE. */
static uint32_t
most_visited (const Search *t, uint32_t parent)
{
  uint32_t best = NO_NODE;

  for (uint32_t c = t->nodes[parent].first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
    if (best == NO_NODE || t->nodes[c].visits > t->nodes[best].visits
        || (t->nodes[c].visits == t->nodes[best].visits
            && t->nodes[c].reward > t->nodes[best].reward))
      best = c;
  return best;
}

static void
free_search (Search *t)
{
  free (t->leads);
  free (t->nodes);
  free (t);
}

/* Grows the tree for OBS within LEVEL's and LIMITS' budgets, RNG seeded
 * and once used to determinize; *ITERATIONS gets the simulations run.
 * NULL when out of memory. */
static Search *
grow_tree (const IsleAiLevel *level, const IsleObservation *obs,
           const IsleAiLimits *limits, IsleRng *rng, uint32_t *iterations)
{
  Search *t;
  IsleState d;
  uint32_t max = level->iterations;
  uint32_t it = 0;
  double clock_start = -1.0, clock_end = 0.0;
  bool settles = limits == NULL || !limits->measure;

  if (limits != NULL && limits->max_iterations != 0
      && (max == 0 || limits->max_iterations < max))
    max = limits->max_iterations;
  t = calloc (1, sizeof *t);
  if (t == NULL)
    return NULL;
  /* A node a simulation at most; past the pool, simulations go on
   * without growing the tree. */
  t->cap = max != 0 && max < TIMED_NODES ? max + 1 : TIMED_NODES;
  t->flags = level->search;
  t->side = isle_seat_side (obs->observer);
  if (limits != NULL && limits->only != NULL && limits->n_only > 0)
    {
      t->only = limits->only;
      t->n_only = limits->n_only;
    }
  t->nodes = malloc (sizeof (Node) * t->cap);
  if (!settles)
    t->leads = calloc (t->cap, sizeof *t->leads);
  if (t->nodes == NULL || (!settles && t->leads == NULL))
    {
      free_search (t);
      return NULL;
    }
  memset (&t->nodes[0], 0, sizeof (Node));
  t->n_nodes = 1;
  if (limits != NULL && limits->seconds_left != NULL)
    clock_start = limits->seconds_left (limits->data);
  /* R4.2: every token of the pile is placed in the round anyway, so the
   * opening hand only orders them; five picks a round are not worth five
   * full searches. */
  if ((t->flags & ISLE_SEARCH_GUIDED) && obs->view.phase == ISLE_PHASE_HAND)
    {
      max = (max + 3) / 4;
      if (clock_start > 0)
        clock_end = clock_start * 3 / 4;
    }

  for (;; it++)
    {
      if (max != 0 && it >= max)
        break;
      if (it % CHECK_EVERY == 0 && limits != NULL && limits->progress != NULL)
        *limits->progress = it;
      if (it % CHECK_EVERY == 0 && limits != NULL && limits->should_stop != NULL
          && limits->should_stop (limits->data))
        break;
      if (settles && max != 0 && it % SETTLE_EVERY == 0 && it > 0 && settled (t, (double) (max - it)))
        break;
      if (clock_end > 0 && it % CHECK_EVERY == 0
          && limits->seconds_left (limits->data) <= clock_end)
        break;
      if (settles && clock_start > 0 && it % SETTLE_EVERY == 0 && it > 0)
        {
          /* Simulations still to come at the pace so far. */
          double left = limits->seconds_left (limits->data) - clock_end;
          double spent = clock_start - clock_end - left;

          if (spent > 0 && settled (t, (double) it / spent * left))
            break;
        }
      isle_obs_determinize (obs, rng, &d);
      simulate (t, &d, rng);
    }
  *iterations = it;
  return t;
}

IsleAction
isle_ai_ismcts (const IsleAiLevel *level, const IsleObservation *obs,
                const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  Search *t;
  IsleState d;
  IsleRng rng;
  uint32_t it = 0, best;
  IsleAction choice;

  isle_rng_seed (&rng, seed);
  if (stats != NULL)
    memset (stats, 0, sizeof *stats);

  /* Nothing to think about with one legal action. */
  isle_obs_determinize (obs, &rng, &d);
  {
    IsleActionList only;
    if (isle_state_legal_actions (&d, &only) <= 1)
      return only.n == 1 ? only.actions[0] : 0;
  }

  t = grow_tree (level, obs, limits, &rng, &it);
  if (t == NULL)
    return isle_state_sample_action (&d, &rng);

  /* The most visited move at the root. */
  best = most_visited (t, 0);
  if (best != NO_NODE)
    choice = t->nodes[best].action;
  else
    {
      isle_obs_determinize (obs, &rng, &d);
      choice = isle_state_sample_action (&d, &rng);
    }
  if (stats != NULL)
    {
      stats->iterations = it;
      stats->nodes = t->n_nodes;
    }
  free_search (t);
  return choice;
}

/* An action's entry of an evaluation: node C's figures, or none. */
static IsleAiActionValue
action_value (const Search *t, uint32_t c, IsleAction a)
{
  IsleAiActionValue v = { a, -1.0, 0, 0.0 };

  if (c != NO_NODE && t->nodes[c].visits > 0)
    {
      v.visits = t->nodes[c].visits;
      v.value = (double) t->nodes[c].reward / t->nodes[c].visits;
      if (t->leads != NULL)
        v.lead = (double) t->leads[c] / t->nodes[c].visits;
    }
  return v;
}

/* The root's child for action A, or NO_NODE. */
static uint32_t
root_child (const Search *t, IsleAction a)
{
  for (uint32_t c = t->nodes[0].first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
    if (t->nodes[c].action == a)
      return c;
  return NO_NODE;
}

bool
isle_ai_ismcts_evaluate (const IsleAiLevel *level, const IsleObservation *obs,
                         const IsleAiLimits *limits, uint64_t seed, IsleAiEvaluation *eval)
{
  Search *t;
  IsleState d;
  IsleRng rng;
  IsleActionList legal;
  uint32_t it = 0, best, node;
  double reward = 0.0, visits = 0.0;

  memset (eval, 0, sizeof *eval);
  /* As isle_ai_ismcts() draws its chance, so the search is the same. */
  isle_rng_seed (&rng, seed);
  isle_obs_determinize (obs, &rng, &d);
  isle_state_legal_actions (&d, &legal);
  t = grow_tree (level, obs, limits, &rng, &it);
  if (t == NULL)
    return false;
  eval->stats.iterations = it;
  eval->stats.nodes = t->n_nodes;

  /* The root's children are the observer's moves: their rewards are the
   * observer's side's. */
  for (uint32_t c = t->nodes[0].first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
    {
      reward += t->nodes[c].reward;
      visits += t->nodes[c].visits;
    }
  eval->value = visits > 0 ? reward / visits : 0.5;

  best = most_visited (t, 0);
  if (best != NO_NODE)
    eval->actions[eval->n_actions++] = action_value (t, best, t->nodes[best].action);
  for (int i = 0; i < legal.n; i++)
    {
      IsleAiActionValue v;
      int j;

      if (best != NO_NODE && legal.actions[i] == t->nodes[best].action)
        continue;
      v = action_value (t, root_child (t, legal.actions[i]), legal.actions[i]);
      /* By visits, most first; the best stays first. */
      for (j = eval->n_actions; j > (best != NO_NODE ? 1 : 0)
           && eval->actions[j - 1].visits < v.visits; j--)
        eval->actions[j] = eval->actions[j - 1];
      eval->actions[j] = v;
      eval->n_actions++;
    }

  for (node = best; node != NO_NODE && eval->line_len < ISLE_AI_MAX_LINE;
       node = most_visited (t, node))
    {
      eval->line[eval->line_len] = t->nodes[node].action;
      eval->line_seat[eval->line_len] = t->nodes[node].seat;
      eval->line_visits[eval->line_len] = t->nodes[node].visits;
      eval->line_len++;
    }
  free_search (t);
  return true;
}
