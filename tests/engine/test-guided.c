/* test-guided.c — the guided playouts (isle-playout-guided.c) play exactly
 * as they played before issue 29 made them faster: the way they counted
 * then is kept here as a reference (isle-guided-reference.c), and from
 * thousands of seeded random positions of every variant, with both values
 * of every option, the two take the same decisions from the same random
 * draws. Each test fails if a single decision, a single draw or a single
 * worth differs. */
#include <string.h>

#include "isle-guided-reference.h"
#include "isle-test-util.h"

/* Positions per variant and option set (isle_test_configs). */
#define N_POSITIONS 240
/* See test-properties.c: no game of the standard rules comes near it. */
#define MAX_DECISIONS 1500

/* A whole guided playout, which keeps the worths between placements, ends
 * in the same state (every board, hand, pile, score, coin and the state's
 * own generator) with the same draws left in RNG as the reference's, with
 * every flag: to the end, hiring by the policy; cut at the round's end;
 * cut and hiring nobody. */
static void
test_guided_playouts_match_reference (void)
{
  static const unsigned flags[] = {
    0, ISLE_PLAYOUT_ROUND, ISLE_PLAYOUT_ROUND | ISLE_PLAYOUT_NO_HIRING,
  };
  int positions = 0;

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < N_POSITIONS; seed++)
      {
        IsleState s0;

        isle_test_start_somewhere (&s0, &isle_test_configs[c], seed);
        positions++;
        for (gsize f = 0; f < G_N_ELEMENTS (flags); f++)
          {
            IsleState fast = s0, reference = s0;
            IsleRng rng_fast, rng_reference;

            isle_rng_seed (&rng_fast, seed * 7 + f);
            rng_reference = rng_fast;
            isle_state_playout_guided (&fast, &rng_fast, flags[f]);
            isle_reference_playout_guided (&reference, &rng_reference, flags[f]);
            g_assert_cmpmem (&fast, sizeof fast, &reference, sizeof reference);
            g_assert_cmpuint (rng_fast.s, ==, rng_reference.s);
          }
      }
  g_assert_cmpint (positions, ==, ISLE_TEST_N_CONFIGS * N_POSITIONS);
}

/* Decision by decision through whole games from those positions: the
 * rules of thumb for one move (isle_state_guided_action(), counted afresh
 * each time) choose the same action with the same draws as the
 * reference's, at the noise, care and epsilon of every level that uses
 * them, and every legal action's worth (isle_state_placement_worths(), the
 * search's priors) is the same float, bit for bit. */
static void
test_guided_actions_match_reference (void)
{
  static const struct
  {
    double noise, care, epsilon;
  } blur[] = {
    { 0.5, 1.0, 0.1 },   /* the playouts' own */
    { 0.5, 1.0, 0.0 },   /* Easy */
    { 3.0, 0.0, 0.0 },   /* Beginner: blind to blocking */
    { 0.0, 0.37, 0.0 },  /* a care whose products round */
  };
  static float worths[ISLE_MAX_ACTIONS], reference_worths[ISLE_MAX_ACTIONS];
  IsleActionList list;
  long decisions = 0;

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < N_POSITIONS / 8; seed++)
      {
        IsleState s;
        IsleRng rng;
        int n = 0;

        isle_test_start_somewhere (&s, &isle_test_configs[c], seed * 8 + 3);
        isle_rng_seed (&rng, seed);
        while (!isle_state_is_terminal (&s))
          {
            IsleAction a = 0;

            isle_state_legal_actions (&s, &list);
            for (gsize b = 0; b < G_N_ELEMENTS (blur); b++)
              {
                IsleRng rng_fast = rng, rng_reference = rng;
                IsleAction fast = isle_state_guided_action (&s, &rng_fast, blur[b].noise,
                                                            blur[b].care, blur[b].epsilon);
                IsleAction reference = isle_reference_guided_action (&s, &rng_reference, blur[b].noise,
                                                                     blur[b].care, blur[b].epsilon);

                g_assert_cmpuint (fast, ==, reference);
                g_assert_cmpuint (rng_fast.s, ==, rng_reference.s);
                isle_state_placement_worths (&s, list.actions, list.n, blur[b].care, worths);
                isle_reference_placement_worths (&s, list.actions, list.n, blur[b].care,
                                                 reference_worths);
                g_assert_cmpmem (worths, list.n * sizeof *worths,
                                 reference_worths, list.n * sizeof *reference_worths);
                if (b == (gsize) (seed % G_N_ELEMENTS (blur)))
                  {
                    a = fast;
                    rng = rng_fast;
                  }
              }
            g_assert_true (isle_state_apply (&s, a));
            decisions++;
            g_assert_cmpint (++n, <, MAX_DECISIONS);
          }
      }
  g_assert_cmpint (decisions, >, 10000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/guided/playouts_match_reference", test_guided_playouts_match_reference);
  g_test_add_func ("/guided/actions_match_reference", test_guided_actions_match_reference);
  return g_test_run ();
}
