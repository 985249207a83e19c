/* isle-puzzle-proof.c — isle-puzzle-proof.h: a goal judged for the solver
 * of src/search/isle-solver.h, its probes shared among worker threads, and
 * the best value of the goal's number found by probing higher and lower
 * values (a goal "at least N" met implies it met for every smaller N). */
#include "config.h"

#include "isle-puzzle-proof.h"

#include <glib/gi18n.h>

#include "isle-solver.h"

/* Deeper than any round (36 tiles, abilities and fog lifts between) and
 * any game of the puzzles. */
#define MAX_DEPTH 400
/* A line is 3 to 6 tiles long (R5). */
#define LINE_LEAST 3
#define LINE_MOST 6

typedef struct
{
  IsleScenarioGoal goal;
  int player;
  int round;
} Judge;

/* Decided without scoring the map while a round goal is still in play:
 * a round goal is decided when its round has been scored (R7), the game's
 * at its end. */
static IsleSolveResult
judge (const IsleState *s, void *data)
{
  const Judge *j = data;
  gboolean over = isle_state_is_terminal (s);

  if (j->goal.type == ISLE_GOAL_WIN_GAME ? !over : !(over || s->round > j->round))
    return ISLE_SOLVE_UNKNOWN;
  return isle_goal_status (&j->goal, j->player, j->round, s, NULL) == ISLE_GOAL_MET
         ? ISLE_SOLVE_WIN : ISLE_SOLVE_LOSS;
}

/* One probe: the goal at one value, its first decisions shared among the
 * workers. */
typedef struct
{
  Judge judge;
  const IsleState *start;
  const IsleActionList *first;
  gint64 deadline;
  GCancellable *cancellable;
  gboolean all;                 /* every first decision, not only until one works */
  int next;                     /* atomic: the next first decision to search */
  int won;                      /* atomic: one is proven */
  IsleSolveResult *results;     /* per first decision */
  GMutex lock;
  guint64 nodes;                /* under LOCK */
} Probe;

static bool
should_stop (void *data)
{
  Probe *p = data;

  return g_get_monotonic_time () > p->deadline || g_cancellable_is_cancelled (p->cancellable)
         || (!p->all && g_atomic_int_get (&p->won));
}

static gpointer
work (gpointer data)
{
  Probe *p = data;
  IsleSolverGoal goal = { p->judge.player, judge, &p->judge };
  IsleSolverLimits limits = { 0, should_stop, p };
  IsleSolver *solver = isle_solver_new (&goal, 0);

  if (solver == NULL)
    return NULL;
  isle_solver_set_limits (solver, &limits);
  for (;;)
    {
      int i = g_atomic_int_add (&p->next, 1);
      IsleState child;

      if (i >= p->first->n || isle_solver_stopped (solver))
        break;
      child = *p->start;
      isle_state_apply (&child, p->first->actions[i]);
      p->results[i] = isle_solver_solve (solver, &child, MAX_DEPTH, NULL);
      if (p->results[i] == ISLE_SOLVE_WIN)
        g_atomic_int_set (&p->won, 1);
    }
  g_mutex_lock (&p->lock);
  p->nodes += isle_solver_nodes (solver);
  g_mutex_unlock (&p->lock);
  isle_solver_free (solver);
  return NULL;
}

typedef struct
{
  Judge judge;
  const IsleState *start;
  IsleActionList first;         /* the player's first decisions, or none */
  gint64 deadline;
  GCancellable *cancellable;
  guint threads;
  guint64 nodes;
} Run;

static IsleProofAnswer
answer_of (IsleSolveResult r)
{
  return r == ISLE_SOLVE_WIN ? ISLE_PROOF_PROVEN : r == ISLE_SOLVE_LOSS ? ISLE_PROOF_REFUTED : ISLE_PROOF_UNDECIDED;
}

/* The goal at VALUE: proven, refuted or undecided; with ALL, every first
 * decision's answer in ANSWERS (one per RUN->first). */
static IsleProofAnswer
probe (Run *run, int value, gboolean all, IsleProofAnswer *answers)
{
  Probe p = { 0 };
  IsleSolveResult direct;
  gboolean any_unknown = FALSE;
  guint n_workers;
  GPtrArray *workers;

  p.judge = run->judge;
  p.judge.goal.value = value;
  direct = judge (run->start, &p.judge);
  if (direct != ISLE_SOLVE_UNKNOWN)
    return answer_of (direct);
  if (run->deadline < g_get_monotonic_time () || g_cancellable_is_cancelled (run->cancellable))
    return ISLE_PROOF_UNDECIDED;
  if (run->first.n == 0)
    {
      /* Another seat decides first: one search from the start. */
      IsleSolverGoal goal = { p.judge.player, judge, &p.judge };
      IsleSolverLimits limits = { 0, should_stop, &p };
      IsleSolver *solver = isle_solver_new (&goal, 0);

      if (solver == NULL)
        return ISLE_PROOF_UNDECIDED;
      p.deadline = run->deadline;
      p.cancellable = run->cancellable;
      p.all = TRUE;
      isle_solver_set_limits (solver, &limits);
      direct = isle_solver_solve (solver, run->start, MAX_DEPTH, NULL);
      run->nodes += isle_solver_nodes (solver);
      isle_solver_free (solver);
      return answer_of (direct);
    }

  p.start = run->start;
  p.first = &run->first;
  p.deadline = run->deadline;
  p.cancellable = run->cancellable;
  p.all = all;
  p.results = g_new0 (IsleSolveResult, run->first.n);
  g_mutex_init (&p.lock);
  n_workers = MIN (run->threads, (guint) run->first.n);
  workers = g_ptr_array_new ();
  for (guint i = 1; i < n_workers; i++)
    {
      GThread *thread = g_thread_try_new ("isle-proof", work, &p, NULL);

      if (thread != NULL)
        g_ptr_array_add (workers, thread);
    }
  work (&p);
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_ptr_array_index (workers, i));
  g_ptr_array_unref (workers);
  g_mutex_clear (&p.lock);
  run->nodes += p.nodes;

  /* OR over the first decisions: one proven proves it, all refuted
   * refute it. */
  direct = ISLE_SOLVE_LOSS;
  for (int i = 0; i < run->first.n; i++)
    {
      if (answers != NULL)
        answers[i] = answer_of (p.results[i]);
      if (p.results[i] == ISLE_SOLVE_WIN)
        direct = ISLE_SOLVE_WIN;
      else if (p.results[i] == ISLE_SOLVE_UNKNOWN)
        any_unknown = TRUE;
    }
  g_free (p.results);
  if (direct != ISLE_SOLVE_WIN && any_unknown)
    direct = ISLE_SOLVE_UNKNOWN;
  return answer_of (direct);
}

void
isle_proof_value_range (IsleGoalType type, int *least, int *most)
{
  if (type == ISLE_GOAL_LINE)
    {
      *least = LINE_LEAST;
      *most = LINE_MOST;
    }
  else
    {
      *least = -ISLE_SCENARIO_MAX_POINTS;
      *most = ISLE_SCENARIO_MAX_POINTS;
    }
}

/* The best value of the goal's number, from VALUE whose ANSWER is known:
 * up (or down) by steps doubling until the answer turns, then halving
 * between the highest proven and the lowest refuted. */
static void
find_best (Run *run, int value, IsleProofAnswer answer, IsleProof *proof)
{
  int least, most, lo, hi, step = 1;

  isle_proof_value_range (run->judge.goal.type, &least, &most);
  proof->has_best = TRUE;
  /* LO is proven (or below the least), HI refuted (or above the most). */
  lo = answer == ISLE_PROOF_PROVEN ? value : least - 1;
  hi = answer == ISLE_PROOF_REFUTED ? value : most + 1;
  while (hi - lo > 1)
    {
      IsleProofAnswer a;
      int v;

      /* Out from the bound not yet found by doubling steps, then halving
       * between the two. */
      if (hi > most)
        v = MIN (most, lo + step);
      else if (lo < least)
        v = MAX (least, hi - step);
      else
        v = lo + (hi - lo) / 2;
      if (step < (1 << 24))
        step *= 2;
      a = probe (run, v, FALSE, NULL);
      if (a == ISLE_PROOF_UNDECIDED)
        break;
      if (a == ISLE_PROOF_PROVEN)
        lo = v;
      else
        hi = v;
    }
  proof->best = lo;
  proof->best_exact = hi - lo == 1;
}

IsleProof *
isle_proof_run (const IsleScenarioGoal *goal, int player, int round, const IsleState *start,
                gboolean want_best, double seconds, guint threads, GCancellable *cancellable)
{
  IsleProof *proof = g_new0 (IsleProof, 1);
  gint64 began = g_get_monotonic_time ();
  Run run = { { *goal, player, round }, start, { 0 }, 0, cancellable, 0, 0 };
  IsleProofAnswer *answers;

  run.deadline = began + (gint64) (CLAMP (seconds, 0.0, 86400.0) * G_USEC_PER_SEC);
  run.threads = threads != 0 ? threads : MAX (1u, g_get_num_processors ());
  if (!isle_state_is_terminal (start) && isle_state_to_move (start) == player
      && judge (start, &run.judge) == ISLE_SOLVE_UNKNOWN)
    isle_state_legal_actions (start, &run.first);
  proof->first = g_array_sized_new (FALSE, FALSE, sizeof (IsleAction), (guint) run.first.n);
  g_array_append_vals (proof->first, run.first.actions, (guint) run.first.n);
  proof->first_texts = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < run.first.n; i++)
    {
      char text[32];

      g_ptr_array_add (proof->first_texts, g_strdup (isle_action_format (start, run.first.actions[i], text)));
    }
  answers = g_new0 (IsleProofAnswer, MAX (1, run.first.n));
  proof->answer = probe (&run, goal->value, TRUE, answers);
  proof->first_answers = g_array_sized_new (FALSE, FALSE, sizeof (IsleProofAnswer), (guint) run.first.n);
  g_array_append_vals (proof->first_answers, answers, (guint) run.first.n);
  g_free (answers);
  if (want_best && isle_goal_value_keys[goal->type] != NULL && proof->answer != ISLE_PROOF_UNDECIDED)
    find_best (&run, goal->value, proof->answer, proof);
  proof->nodes = run.nodes;
  proof->seconds = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  return proof;
}

gboolean
isle_proof_start_read (IsleScenario *scenario, IsleProofStart *start, GError **error)
{
  const IslePosition *position = isle_scenario_get_start (scenario);

  isle_scenario_get_goal (scenario, &start->goal);
  if (start->goal.type == ISLE_GOAL_NONE)
    {
      g_set_error_literal (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_GOAL, _("The scenario has no goal."));
      return FALSE;
    }
  if (!isle_scenario_build_start (scenario, 0, &start->start, error))
    return FALSE;
  start->player = isle_scenario_get_player (scenario);
  start->round = position != NULL ? position->round : 1;
  return TRUE;
}

IsleProof *
isle_proof_run_scenario (IsleScenario *scenario, gboolean want_best, double seconds, guint threads,
                         GCancellable *cancellable, GError **error)
{
  IsleProofStart s;

  if (!isle_proof_start_read (scenario, &s, error))
    return NULL;
  return isle_proof_run (&s.goal, s.player, s.round, &s.start, want_best, seconds, threads, cancellable);
}

/* What a proof on a worker thread needs, read from the scenario first. */
typedef struct
{
  IsleProofStart s;
  gboolean find_best;
  double seconds;
  guint threads;
} AsyncProof;

static void
prove_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  const AsyncProof *a = data;
  IsleProof *proof;

  (void) source;
  proof = isle_proof_run (&a->s.goal, a->s.player, a->s.round, &a->s.start, a->find_best, a->seconds, a->threads,
                          cancellable);
  if (g_cancellable_is_cancelled (cancellable))
    {
      isle_proof_free (proof);
      g_task_return_error_if_cancelled (task);
      return;
    }
  g_task_return_pointer (task, proof, (GDestroyNotify) isle_proof_free);
}

void
isle_proof_run_async (IsleScenario *scenario, gboolean find_best, double seconds, guint threads,
                      GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  AsyncProof *a = g_new0 (AsyncProof, 1);
  GError *error = NULL;

  g_task_set_source_tag (task, isle_proof_run_async);
  g_task_set_task_data (task, a, g_free);
  if (!isle_proof_start_read (scenario, &a->s, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  a->find_best = find_best;
  a->seconds = seconds;
  a->threads = threads;
  g_task_run_in_thread (task, prove_in_thread);
}

IsleProof *
isle_proof_run_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
isle_proof_decided (const IsleScenarioGoal *goal, int player, int round, const IsleState *s, gboolean *met)
{
  Judge j = { *goal, player, round };
  IsleSolveResult r = judge (s, &j);

  if (met != NULL)
    *met = r == ISLE_SOLVE_WIN;
  return r != ISLE_SOLVE_UNKNOWN;
}

IsleAction
isle_proof_winning_move (const IsleScenarioGoal *goal, int player, int round, const IsleState *s,
                         double seconds)
{
  Judge j = { *goal, player, round };
  Probe p = { 0 };
  IsleSolverGoal solver_goal = { player, judge, &j };
  IsleSolverLimits limits = { 0, should_stop, &p };
  IsleSolver *solver;
  IsleAction action = 0;

  if (isle_state_is_terminal (s) || isle_state_to_move (s) != player || (solver = isle_solver_new (&solver_goal, 0)) == NULL)
    return 0;
  p.deadline = g_get_monotonic_time () + (gint64) (CLAMP (seconds, 0.0, 86400.0) * G_USEC_PER_SEC);
  p.all = TRUE;
  isle_solver_set_limits (solver, &limits);
  if (isle_solver_solve (solver, s, MAX_DEPTH, NULL) == ISLE_SOLVE_WIN)
    action = isle_solver_winning_action (solver, s, MAX_DEPTH);
  isle_solver_free (solver);
  return action;
}

GArray *
isle_proof_working (const IsleProof *proof)
{
  GArray *working = g_array_new (FALSE, FALSE, sizeof (IsleAction));

  for (guint i = 0; i < proof->first->len; i++)
    if (g_array_index (proof->first_answers, IsleProofAnswer, i) == ISLE_PROOF_PROVEN)
      g_array_append_val (working, g_array_index (proof->first, IsleAction, i));
  return working;
}

char *
isle_proof_working_text (const IsleProof *proof, guint64 *cells)
{
  GString *text = g_string_new (NULL);

  if (cells != NULL)
    *cells = 0;
  for (guint i = 0; i < proof->first->len; i++)
    {
      IsleAction a = g_array_index (proof->first, IsleAction, i);

      if (g_array_index (proof->first_answers, IsleProofAnswer, i) != ISLE_PROOF_PROVEN)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, g_ptr_array_index (proof->first_texts, i));
      if (cells != NULL && isle_action_cell (a) < ISLE_N_CELLS)
        *cells |= G_GUINT64_CONSTANT (1) << isle_action_cell (a);
    }
  return g_string_free (text, FALSE);
}

void
isle_proof_free (IsleProof *proof)
{
  if (proof == NULL)
    return;
  g_ptr_array_unref (proof->first_texts);
  g_array_unref (proof->first);
  g_array_unref (proof->first_answers);
  g_free (proof);
}
