/* test-hire-policy.c — R9.3, R12: the hiring a search assumes for the
 * other side when its choices are secret. isle_state_sample_hires()
 * (src/engine/isle-hire-policy.c) draws a plausible hiring;
 * isle_obs_determinize() uses it once the other side is done hiring, so
 * that the worlds a search plays in are worlds the engine could have
 * reached, drawn without reading the real choices. doc/ai.md describes
 * the policy. */
#include <string.h>

#include "isle-observation.h"
#include "isle-position.h"
#include "isle-test-util.h"

#define RED ISLE_SIDE_RED
#define BLUE ISLE_SIDE_BLUE

/* Decisions of random play before a game's fourth hiring: well below. */
#define MAX_DECISIONS 1500

/* The seats of SIDE, a bit per seat. */
static unsigned
side_seats (const IsleState *s, IsleSide side)
{
  unsigned seats = 0;

  for (int t = side; t < s->n_seats; t += 2)
    seats |= 1u << t;
  return seats;
}

static gboolean
any_pending (const IsleState *s, IsleSide side)
{
  for (int k = 0; k < ISLE_N_KINDS; k++)
    if (s->pending[side][k] != 0)
      return TRUE;
  return FALSE;
}

static int32_t
pending_cost (const IsleState *s, IsleSide side)
{
  int32_t cost = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    cost += s->pending[side][k] * s->rules.hire_cost[k];
  return cost;
}

/* Plays a seeded random game of VARIANT (Red's hires random too) to its
 * HIRING-th hiring (1-based) with Red's seats done and a Blue seat to
 * move. Returns FALSE when the game ends first. */
static gboolean
reach_blue_hiring (IsleState *s, IsleVariant variant, uint64_t seed, int hiring)
{
  IsleRng rng;
  int seen = 0;
  gboolean inside = FALSE;

  isle_test_new_game (s, variant, ISLE_SIDE_RED, seed);
  isle_rng_seed (&rng, seed * 7919 + 1);
  for (int n = 0; n < MAX_DECISIONS && !isle_state_is_terminal (s); n++)
    {
      gboolean blue_hires = s->phase == ISLE_PHASE_HIRE && isle_seat_side (s->to_move) == BLUE;

      if (blue_hires && !inside && ++seen == hiring)
        return TRUE;
      inside = blue_hires;
      isle_test_apply_random (s, &rng);
    }
  return FALSE;
}

/* Plays a seeded random game of VARIANT to its first hiring, Red's seat to
 * move, and gives both sides COINS. */
static void
reach_red_hiring (IsleState *s, IsleVariant variant, uint64_t seed, int32_t coins)
{
  IsleRng rng;

  isle_test_new_game (s, variant, ISLE_SIDE_RED, seed);
  isle_rng_seed (&rng, seed);
  while (s->phase != ISLE_PHASE_HIRE)
    isle_test_apply_random (s, &rng);
  isle_test_assert_phase (s, ISLE_PHASE_HIRE, RED);
  s->coins[RED] = s->coins[BLUE] = coins;
}

/* R9.3: asserts that D's hiring for SIDE, less what VIEW already held, is
 * one SIDE could have made from VIEW: each hire legal in turn (so never a
 * mercenary hired before, beyond the supply, without a basic token to
 * return, or beyond its coins), ended by `done` of each of its seats,
 * which leaves the game where D stands. */
static void
assert_hiring_reachable (const IsleState *d, const IsleState *view, IsleSide side)
{
  IsleState r = *d;
  unsigned seats = side_seats (d, side);

  g_assert_cmpint (pending_cost (d, side), <=, d->coins[side]);
  memcpy (r.pending[side], view->pending[side], sizeof r.pending[side]);
  r.hire_done &= (uint8_t) ~seats;
  r.to_move = (uint8_t) __builtin_ctz (seats);
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    {
      const IsleKindInfo *info = isle_kind_info ((IsleKind) k);

      g_assert_cmpint (d->hired[side][k] + d->pending[side][k], <=, info->supply);
      for (int i = view->pending[side][k]; i < d->pending[side][k]; i++)
        g_assert_true (isle_state_apply (&r, isle_action_kind_only (ISLE_ACTION_HIRE,
                                                                    (IsleKind) k)));
    }
  for (int t = side; t < d->n_seats; t += 2)
    {
      g_assert_cmpint (r.to_move, ==, t);
      g_assert_true (isle_state_apply (&r, isle_action_kind_only (ISLE_ACTION_DONE,
                                                                  ISLE_KIND_NONE)));
    }
  g_assert_cmpint (r.phase, ==, d->phase);
  g_assert_cmpint (r.to_move, ==, d->to_move);
  g_assert_cmpint (r.hire_done, ==, d->hire_done);
  g_assert_cmpmem (r.pending, sizeof r.pending, d->pending, sizeof d->pending);
}

/* R1, R9.3, R12: D is a state the game can be in: tokens conserved, the
 * observer's observation of it is OBS, the other side's passes the checks
 * an observation read from elsewhere must pass, the editor's position
 * check finds no more than in the real state REAL; and once every seat is
 * done the hires are revealed, paid and put in the piles. */
static void
assert_consistent (const IsleState *d, const IsleState *real, const IsleObservation *obs)
{
  IsleObservation again, other;
  IsleObsProblem problem;
  IslePosition pd, preal;
  IslePositionProblems found;
  int real_problems;
  IsleRules rules;
  IsleState after = *d;
  IsleSide side = isle_seat_side (obs->observer);
  uint8_t hired[ISLE_N_SIDES][ISLE_N_KINDS];

  isle_test_assert_conserved (d);
  isle_state_observe (d, obs->observer, &again);
  g_assert_cmpmem (&again, sizeof again, obs, sizeof *obs);
  for (int t = 0; t < d->n_seats; t++)
    if (isle_seat_side (t) != side)
      {
        isle_state_observe (d, t, &other);
        g_assert_cmpint (isle_obs_check (&other, &problem), ==, ISLE_OBS_OK);
      }
  isle_test_standard_rules (&rules);
  isle_position_from_state (&pd, d);
  isle_position_from_state (&preal, real);
  real_problems = isle_position_check (&preal, &rules, (IsleVariant) real->variant, &found);
  g_assert_cmpint (isle_position_check (&pd, &rules, (IsleVariant) d->variant, &found), <=,
                   real_problems);

  /* The observer's seats finish: every pending hire is revealed. */
  memcpy (hired, d->hired, sizeof hired);
  while (after.phase == ISLE_PHASE_HIRE)
    g_assert_true (isle_state_apply (&after, isle_action_kind_only (ISLE_ACTION_DONE,
                                                                    ISLE_KIND_NONE)));
  isle_test_assert_conserved (&after);
  for (int s = 0; s < ISLE_N_SIDES; s++)
    {
      g_assert_cmpint (after.coins[s], >=, 0);
      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        g_assert_cmpint (after.hired[s][k], ==, hired[s][k] + d->pending[s][k]);
    }
}

/* R9.3, R12: once Red's seats are done, Blue's determinizations hold a
 * sampled hiring for Red — sometimes one, sometimes none — each one Red
 * could have made, in worlds the engine accepts; Blue's own pending hires
 * are the observation's. Over seeded random games of each variant with
 * hiring (R9, R10, R11) and their first three hirings. */
static void
test_r9_3_r12_determinization_samples_hires (void)
{
  static const IsleVariant variants[] = {
    ISLE_VARIANT_MERCENARY, ISLE_VARIANT_QUICK, ISLE_VARIANT_TEAM,
  };
  int with = 0, without = 0;

  for (size_t v = 0; v < G_N_ELEMENTS (variants); v++)
    for (uint64_t seed = 1; seed <= 24; seed++)
      {
        IsleState s, d;
        IsleObservation obs;
        IsleRng rng;
        int hiring = 1 + (int) (seed % 3);

        if (!reach_blue_hiring (&s, variants[v], seed, hiring))
          continue;
        g_assert_cmpint (s.hire_done & side_seats (&s, RED), ==, side_seats (&s, RED));
        /* Blue may have chosen something already: it is Blue's to keep. */
        if (seed % 2 == 0 && isle_test_is_legal (&s, "hire K"))
          isle_test_apply (&s, "hire K");
        isle_state_observe (&s, s.to_move, &obs);
        isle_rng_seed (&rng, seed);
        for (int i = 0; i < 40; i++)
          {
            isle_obs_determinize (&obs, &rng, &d);
            if (any_pending (&d, RED))
              with++;
            else
              without++;
            g_assert_cmpmem (d.pending[BLUE], sizeof d.pending[BLUE],
                             s.pending[BLUE], sizeof s.pending[BLUE]);
            assert_hiring_reachable (&d, &obs.view, RED);
            assert_consistent (&d, &s, &obs);
          }
      }
  g_test_message ("determinizations with a sampled hiring: %d, without: %d", with, without);
  g_assert_cmpint (with, >, 0);
  g_assert_cmpint (without, >, 0);
}

/* R9.3, R12: while the other side has not finished hiring its choices are
 * yet to be made, and the search makes them: no hiring is sampled. Red
 * hiring, Blue not yet started; and Blue watching Red choose. */
static void
test_r9_3_not_done_not_sampled (void)
{
  IsleState s, d;
  IsleObservation red, blue;
  IsleRng rng;

  reach_red_hiring (&s, ISLE_VARIANT_MERCENARY, 5, 60);
  isle_rng_seed (&rng, 5);
  isle_test_apply (&s, "hire F");
  isle_state_observe (&s, RED, &red);
  isle_state_observe (&s, BLUE, &blue);
  for (int i = 0; i < 200; i++)
    {
      isle_obs_determinize (&red, &rng, &d);
      g_assert_false (any_pending (&d, BLUE));
      g_assert_cmpint (d.pending[RED][ISLE_KIND_FOX], ==, 1);
      isle_obs_determinize (&blue, &rng, &d);
      g_assert_false (any_pending (&d, RED));
    }
}

/* R12: a determinization does not read the real choices: Red hiring the
 * Cat and the Snake, or nothing, gives Blue the same determinizations,
 * byte for byte, from the same seed. */
static void
test_r12_sample_ignores_real_choice (void)
{
  IsleState a, b, da, db;
  IsleObservation oa, ob;
  IsleRng ra, rb;

  reach_red_hiring (&a, ISLE_VARIANT_MERCENARY, 11, 60);
  b = a;
  isle_test_apply (&a, "hire C");
  isle_test_apply (&a, "hire S");
  isle_test_apply_then (&a, "done", ISLE_PHASE_HIRE, BLUE);
  isle_test_apply_then (&b, "done", ISLE_PHASE_HIRE, BLUE);
  isle_state_observe (&a, BLUE, &oa);
  isle_state_observe (&b, BLUE, &ob);
  isle_rng_seed (&ra, 2024);
  isle_rng_seed (&rb, 2024);
  for (int i = 0; i < 100; i++)
    {
      isle_obs_determinize (&oa, &ra, &da);
      isle_obs_determinize (&ob, &rb, &db);
      g_assert_cmpmem (&da, sizeof da, &db, sizeof db);
    }
}

/* Samples N hirings for SIDE from S; counts those with no hire and the
 * mercenaries of each kind hired. */
static int
sample_many (const IsleState *s, IsleSide side, int n, int counts[ISLE_N_KINDS])
{
  IsleRng rng;
  int none = 0;

  memset (counts, 0, ISLE_N_KINDS * sizeof counts[0]);
  isle_rng_seed (&rng, 77);
  for (int i = 0; i < n; i++)
    {
      IsleState d = *s;

      isle_state_sample_hires (&d, side, &rng);
      none += !any_pending (&d, side);
      g_assert_cmpint (pending_cost (&d, side), <=, d.coins[side]);
      for (int k = 0; k < ISLE_N_KINDS; k++)
        {
          g_assert_cmpint (d.pending[side][k], >=, s->pending[side][k]);
          counts[k] += d.pending[side][k] - s->pending[side][k];
        }
      g_assert_cmpmem (d.pending[1 - side], sizeof d.pending[1 - side],
                       s->pending[1 - side], sizeof s->pending[1 - side]);
    }
  return none;
}

/* R9.3, R10: the policy (doc/ai.md): with coins to spare, nothing half the
 * time before rounds 2 and 3, three times in four before the last round,
 * rarely in the Quick game's first hiring; the better mercenaries more
 * often (the Cat than the Hippo); none the side already has; none it
 * cannot pay for; the other side's pending hires untouched. */
static void
test_r9_3_policy (void)
{
  IsleState s;
  int counts[ISLE_N_KINDS], none;
  const int n = 4000;

  reach_red_hiring (&s, ISLE_VARIANT_MERCENARY, 3, 200);
  g_assert_cmpint (s.round, <, s.n_rounds);

  none = sample_many (&s, RED, n, counts);
  g_assert_cmpint (none, >, n * 45 / 100);
  g_assert_cmpint (none, <, n * 55 / 100);
  g_assert_cmpint (counts[ISLE_KIND_CAT], >, 2 * counts[ISLE_KIND_HIPPO]);

  /* Already hired: never again. */
  s.hired[RED][ISLE_KIND_CAT] = 1;
  {
    int i;
    for (i = 0; i < s.pile_len[RED] && s.pile[RED][i] != isle_kind_info (ISLE_KIND_CAT)->replaces; i++)
      ;
    g_assert_cmpint (i, <, s.pile_len[RED]);
    s.pile[RED][i] = ISLE_KIND_CAT;
  }
  sample_many (&s, RED, n, counts);
  g_assert_cmpint (counts[ISLE_KIND_CAT], ==, 0);

  /* Coins for the cheapest mercenary only: at most one, that one. */
  {
    int32_t cheapest = G_MAXINT32;
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      cheapest = MIN (cheapest, s.rules.hire_cost[k]);
    s.coins[RED] = cheapest;
    sample_many (&s, RED, n, counts);
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      if (s.rules.hire_cost[k] > cheapest)
        g_assert_cmpint (counts[k], ==, 0);
    s.coins[RED] = cheapest - 1;
    g_assert_cmpint (sample_many (&s, RED, n, counts), ==, n);
  }

  /* Before the last round: hiring is rarer. */
  s.coins[RED] = 200;
  s.round = s.n_rounds;
  none = sample_many (&s, RED, n, counts);
  g_assert_cmpint (none, >, n * 70 / 100);
  g_assert_cmpint (none, <, n * 80 / 100);

  /* R10: the Quick game's starting coins are spent. */
  isle_test_new_game (&s, ISLE_VARIANT_QUICK, ISLE_SIDE_RED, 3);
  isle_test_assert_phase (&s, ISLE_PHASE_HIRE, RED);
  none = sample_many (&s, RED, n, counts);
  g_assert_cmpint (none, <, n * 20 / 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hire-policy/r9_3_r12_determinization_samples_hires",
                   test_r9_3_r12_determinization_samples_hires);
  g_test_add_func ("/hire-policy/r9_3_not_done_not_sampled", test_r9_3_not_done_not_sampled);
  g_test_add_func ("/hire-policy/r12_sample_ignores_real_choice",
                   test_r12_sample_ignores_real_choice);
  g_test_add_func ("/hire-policy/r9_3_policy", test_r9_3_policy);
  return g_test_run ();
}
