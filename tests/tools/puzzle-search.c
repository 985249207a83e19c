/* puzzle-search.c — finds puzzle positions for data/puzzles (a developer
 * tool, not built by meson; data/puzzles/README.md says how to run it).
 *
 * Plays seeded games (greedy with a little chance, so the map looks like a
 * real game) to a few free tiles before the end of round 1 with Red to
 * place and both piles empty, then works out the best result Red can
 * force: its round score (goal score-round) or its lead (goal win-round),
 * the highest threshold the solver (src/search/isle-solver.h) proves. A position is kept when the greedy first move falls short of
 * it, when few first moves reach it, and, when a mercenary is asked for,
 * when every best first move uses that mercenary. It is printed as a
 * scenario whose solution is a best line.
 *
 *   puzzle-search VARIANT WEATHER KIND FREE GOAL SEED_FROM SEED_TO
 *     VARIANT  basic | weather | quick
 *     WEATHER  sunny | cloudy | foggy
 *     KIND     a mercenary code Red hires and must use, or -
 *     FREE     free tiles (fog included) at the start
 *     GOAL     score | lead
 *   puzzle-search --canon FILE   (prints FILE as the app writes it)
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isle-ai.h"
#include "isle-rules-json.h"
#include "isle-scenario.h"
#include "isle-solver.h"

/* Red's round-1 score (or lead) is at least a threshold: one solver a
 * threshold (src/search/isle-solver.h), kept for the seed's position. */
#define MAX_THRESHOLDS 64
#define LOWEST (-512)
#define HIGHEST 512
#define MAX_DEPTH 400

static gboolean lead_goal;
static struct
{
  int threshold;
  IsleSolver *solver;
} solvers[MAX_THRESHOLDS];
static int n_solvers;
static guint64 nodes;

static int
result (const IsleState *s)
{
  return lead_goal ? s->round_score[0][0] - s->round_score[0][1] : s->round_score[0][0];
}

/* The goal "Red's round-1 result is at least *DATA", judged when round 1
 * is scored. */
static IsleSolveResult
judge (const IsleState *s, void *data)
{
  if (s->round > 1 || isle_state_is_terminal (s))
    return result (s) >= *(const int *) data ? ISLE_SOLVE_WIN : ISLE_SOLVE_LOSS;
  return ISLE_SOLVE_UNKNOWN;
}

static void
forget_solvers (void)
{
  for (int i = 0; i < n_solvers; i++)
    {
      nodes += isle_solver_nodes (solvers[i].solver);
      isle_solver_free (solvers[i].solver);
    }
  n_solvers = 0;
}

/* Positions the solvers searched for the seed. */
static guint64
searched (void)
{
  guint64 n = nodes;

  for (int i = 0; i < n_solvers; i++)
    n += isle_solver_nodes (solvers[i].solver);
  return n;
}

/* Red can force a result of at least THRESHOLD from S. */
static gboolean
at_least (const IsleState *s, int threshold)
{
  int i;

  for (i = 0; i < n_solvers && solvers[i].threshold != threshold; i++)
    ;
  if (i == n_solvers)
    {
      IsleSolverGoal goal = { 0, judge, NULL };

      if (n_solvers == MAX_THRESHOLDS)
        forget_solvers ();
      i = n_solvers++;
      solvers[i].threshold = threshold;
      goal.data = &solvers[i].threshold;
      solvers[i].solver = isle_solver_new (&goal, 0);
      if (solvers[i].solver == NULL)
        g_error ("out of memory");
    }
  return isle_solver_search (solvers[i].solver, s, MAX_DEPTH) == ISLE_SOLVE_WIN;
}

/* Red's round-1 score (or lead), both sides playing their best: the
 * highest threshold Red can force, found by bisection. */
static int
value (const IsleState *s)
{
  int lo = LOWEST, hi = HIGHEST;   /* at_least (lo), not at_least (hi) */

  while (hi - lo > 1)
    {
      int mid = lo + (hi - lo) / 2;

      if (at_least (s, mid))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static IsleAction
choose (const char *level, const IsleState *s, guint64 seed)
{
  IsleObservation obs;
  IsleAiLimits limits = { 0, NULL, NULL, NULL };

  isle_state_observe (s, s->to_move, &obs);
  return isle_ai_find (level)->choose (isle_ai_find (level), &obs, &limits, seed, NULL);
}

static gboolean
uses (IsleAction a, IsleKind kind)
{
  if (kind == ISLE_KIND_FROG && isle_action_type (a) == ISLE_ACTION_HOP)
    return TRUE;
  return isle_action_type (a) == ISLE_ACTION_PLACE && isle_action_kind (a) == kind;
}

static int
canon (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = isle_scenario_load (path, &error);
  g_autofree char *text = NULL;

  if (sc == NULL || (text = isle_scenario_to_data (sc, NULL, &error)) == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  fputs (text, stdout);
  return 0;
}

int
main (int argc, char **argv)
{
  IsleRules rules;
  IsleVariant variant;
  IsleWeather weather;
  IsleKind kind = ISLE_KIND_NONE;
  int free_tiles;
  guint64 from, to;

  if (argc == 3 && strcmp (argv[1], "--canon") == 0)
    return canon (argv[2]);
  if (argc != 8)
    {
      fprintf (stderr, "usage: puzzle-search VARIANT WEATHER KIND FREE GOAL SEED_FROM SEED_TO\n");
      return 2;
    }
  isle_rules_load_standard (&rules, NULL);
  variant = isle_variant_from_id (argv[1]);
  weather = isle_weather_from_id (argv[2]);
  if (argv[3][0] != '-')
    kind = isle_kind_from_code (argv[3][0]);
  free_tiles = atoi (argv[4]);
  lead_goal = strcmp (argv[5], "lead") == 0;
  from = g_ascii_strtoull (argv[6], NULL, 10);
  to = g_ascii_strtoull (argv[7], NULL, 10);
  rules.quick_weather = weather;

  for (guint64 seed = from; seed <= to; seed++)
    {
      IsleState s;
      IsleRng rng;
      gboolean found = FALSE;

      isle_state_init (&s, &rules, variant, free_tiles % 2, seed);
      isle_rng_seed (&rng, seed * 7919);
      while (!isle_state_is_terminal (&s) && s.round == 1)
        {
          IsleAction a;

          if (s.phase == ISLE_PHASE_PLACE && s.to_move == 0 && s.pile_len[0] == 0 && s.pile_len[1] == 0
              && isle_popcount (~s.board.occupied & ISLE_ALL_CELLS) == free_tiles)
            {
              found = TRUE;
              break;
            }
          if (s.phase == ISLE_PHASE_WEATHER)
            {
              IsleActionList list;
              isle_state_legal_actions (&s, &list);
              a = list.actions[0];
              for (int i = 0; i < list.n; i++)
                if (isle_action_arg (list.actions[i]) == (int) weather)
                  a = list.actions[i];
            }
          else if (s.phase == ISLE_PHASE_HIRE)
            {
              a = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
              if (s.to_move == 0 && kind != ISLE_KIND_NONE && s.pending[0][kind] == 0
                  && isle_state_is_legal (&s, isle_action_kind_only (ISLE_ACTION_HIRE, kind)))
                a = isle_action_kind_only (ISLE_ACTION_HIRE, kind);
              else if (isle_rng_below (&rng, 3) == 0)
                a = isle_state_sample_action (&s, &rng);
            }
          else if (isle_rng_below (&rng, 10) < 3)
            a = isle_state_sample_action (&s, &rng);
          else
            a = choose ("easy", &s, isle_rng_next (&rng));
          /* Red keeps the mercenary of the puzzle for the end. */
          if (kind != ISLE_KIND_NONE && s.to_move == 0 && uses (a, kind))
            {
              IsleActionList list;
              int n = 0;

              isle_state_legal_actions (&s, &list);
              for (int i = 0; i < list.n; i++)
                if (!uses (list.actions[i], kind))
                  list.actions[n++] = list.actions[i];
              if (n > 0)
                a = list.actions[isle_rng_below (&rng, (uint32_t) n)];
            }
          isle_state_apply (&s, a);
        }
      if (!found || s.weather != weather)
        continue;
      if (kind != ISLE_KIND_NONE)
        {
          gboolean held = kind == ISLE_KIND_FROG;   /* the Frog may be on the map */
          for (int i = 0; i < s.hand_len[0]; i++)
            held |= s.hand[0][i] == kind;
          if (!held)
            continue;
        }

      {
        IsleActionList list;
        int best, greedy_value = 0, n_best = 0, all_use = 1;
        IsleAction greedy = choose ("easy", &s, seed), first_best = 0;

        nodes = 0;
        best = value (&s);
        isle_state_legal_actions (&s, &list);
        for (int i = 0; i < list.n; i++)
          {
            IsleState c = s;
            int v;

            isle_state_apply (&c, list.actions[i]);
            v = value (&c);
            if (list.actions[i] == greedy)
              greedy_value = v;
            if (v == best)
              {
                n_best++;
                if (first_best == 0)
                  first_best = list.actions[i];
                if (kind != ISLE_KIND_NONE && !uses (list.actions[i], kind))
                  all_use = 0;
              }
          }
        if (greedy_value < best && n_best <= 3 && all_use && (!lead_goal || best > 0)
            && (kind == ISLE_KIND_NONE || !uses (greedy, kind) || greedy_value < best))
          {
            g_autoptr (IsleScenario) sc = isle_scenario_new ();
            g_autoptr (GStrvBuilder) line = g_strv_builder_new ();
            g_auto (GStrv) solution = NULL;
            g_autofree char *text = NULL;
            g_autoptr (GError) error = NULL;
            IsleScenarioGoal goal = { lead_goal ? ISLE_GOAL_WIN_ROUND : ISLE_GOAL_SCORE_ROUND, best };
            IsleState p = s;
            char t[32];

            /* A best line: each side's first best action. */
            while (p.round == 1 && !isle_state_is_terminal (&p))
              {
                int target = value (&p);
                IsleActionList l;

                isle_state_legal_actions (&p, &l);
                for (int i = 0; i < l.n; i++)
                  {
                    IsleState c = p;

                    isle_state_apply (&c, l.actions[i]);
                    if (value (&c) == target)
                      {
                        g_strv_builder_add (line, isle_action_format (&p, l.actions[i], t));
                        p = c;
                        break;
                      }
                  }
              }
            solution = g_strv_builder_end (line);
            isle_scenario_set_start_from_state (sc, &s);
            isle_scenario_set_variant (sc, variant);
            isle_scenario_set_rules (sc, &rules);
            isle_scenario_set_seed (sc, seed);
            isle_scenario_set_player (sc, 0);
            isle_scenario_set_opponent (sc, "easy");
            isle_scenario_set_goal (sc, &goal);
            isle_scenario_set_solution (sc, (const char *const *) solution);
            text = isle_scenario_to_data (sc, NULL, &error);
            printf ("### seed %" G_GUINT64_FORMAT ": best %d, greedy %s gives %d, %d best first moves, %" G_GUINT64_FORMAT " positions\n",
                    seed, best, isle_action_format (&s, greedy, t), greedy_value, n_best, searched ());
            if (text == NULL)
              printf ("# %s\n", error->message);
            else
              fputs (text, stdout);
            fflush (stdout);
          }
        forget_solvers ();
      }
    }
  return 0;
}
