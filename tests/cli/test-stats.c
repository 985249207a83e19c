/* test-stats.c — the statistics of `critter-isle-cli tournament`
 * (src/search/isle-stats.c, and the settings read by
 * src/cli/isle-cli-stats.c): the SPRT's log-likelihood ratio against
 * figures worked by hand, its bounds, verdicts and settings, and Elo. */
#include "config.h"

#include <math.h>

#include "isle-cli-stats.h"

static const IsleSprt standard = { 0, 10, 0.05, 0.05 };

/* s0 = 1/(1 + 10^0) = 0.5, s1 = 1/(1 + 10^(−10/400)) = 0.5143871…
 *
 * Without draws the best fitting chances of score s are s for a win and
 * 1 − s for a loss, so the ratio is worked by hand; with draws, the draw
 * chance t that fits best solves d/t = w/(2s − t) + l/(2 − 2s − t), here
 * solved numerically (the figures agree with a bisection in Python to
 * 1e-7). */
static void
test_llr_by_hand (void)
{
  IsleSprt symmetric = { -5, 5, 0.05, 0.05 };
  IsleSprt wide = { 0, 100, 0.05, 0.05 };

  /* 3-0-1: 3 ln(0.5143871 / 0.5) + ln(0.4856129 / 0.5)
   * = 3 × 0.0283682 − 0.0291965 = 0.0559080. */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&standard, 3, 0, 1), 0.055908, 1e-6);
  /* Two losses say little: 2 ln(0.4856129 / 0.5) = −0.0583929. */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&standard, 0, 0, 2), -0.0583929, 1e-6);
  /* Ten lopsided games with bounds 100 Elo apart (s1 = 0.6400650):
   * 9 ln(1.2801300) + ln(0.7198700) = 2.2227 − 0.3287 = 1.894, short of
   * 2.94; the normal approximation made it 3.8 and stopped the test. */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&wide, 9, 0, 1), 1.8939701, 1e-6);
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&wide, 0, 0, 4), -1.3147386, 1e-6);
  /* With draws. 60-20-20: 1.3898 (the approximation said 1.7337). */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&standard, 60, 20, 20), 1.3898222, 1e-6);
  /* Hypotheses symmetric around 0 and an even score: no evidence. */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&symmetric, 30, 40, 30), 0, 1e-12);
  /* Near both hypotheses the approximation was close: 40-10-50 over ±5
   * gives −0.3198 (it said −0.3234). */
  g_assert_cmpfloat_with_epsilon (isle_sprt_llr (&symmetric, 40, 10, 50), -0.3198005, 1e-6);
  /* No game, no evidence. */
  g_assert_cmpfloat (isle_sprt_llr (&standard, 0, 0, 0), ==, 0);
}

static void
test_bounds_and_verdicts (void)
{
  IsleSprt uneven = { 0, 10, 0.05, 0.1 };
  double lower, upper;

  /* log(0.05/0.95) and log(0.95/0.05) = ∓log 19. */
  isle_sprt_bounds (&standard, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -log (19), 1e-12);
  g_assert_cmpfloat_with_epsilon (upper, log (19), 1e-12);
  /* β = 0.1: log(0.1/0.95) = −2.25129, log(0.9/0.05) = 2.89037. */
  isle_sprt_bounds (&uneven, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.2512918, 1e-6);
  g_assert_cmpfloat_with_epsilon (upper, 2.8903718, 1e-6);

  g_assert_cmpint (isle_sprt_verdict (&standard, 2.95), ==, ISLE_SPRT_H1);
  g_assert_cmpint (isle_sprt_verdict (&standard, 2.94), ==, ISLE_SPRT_CONTINUE);
  g_assert_cmpint (isle_sprt_verdict (&standard, -2.94), ==, ISLE_SPRT_CONTINUE);
  g_assert_cmpint (isle_sprt_verdict (&standard, -2.95), ==, ISLE_SPRT_H0);
  /* 60-20-20 is not yet enough for H1 (1.39), nor 120-40-40 (2.78);
   * 180-60-60 (4.17) is. */
  g_assert_cmpint (isle_sprt_verdict (&standard, isle_sprt_llr (&standard, 60, 20, 20)), ==,
                   ISLE_SPRT_CONTINUE);
  g_assert_cmpint (isle_sprt_verdict (&standard, isle_sprt_llr (&standard, 120, 40, 40)), ==,
                   ISLE_SPRT_CONTINUE);
  g_assert_cmpint (isle_sprt_verdict (&standard, isle_sprt_llr (&standard, 180, 60, 60)), ==,
                   ISLE_SPRT_H1);
}

static void
test_parse (void)
{
  const char *bad[] = { "", "elo0=0", "elo1=10", "elo0=10,elo1=0", "elo0=5,elo1=5",
                        "elo0=0,elo1=10,alpha=0", "elo0=0,elo1=10,beta=-0.1",
                        "elo0=0,elo1=10,alpha=0.5,beta=0.5", "elo0=0,elo1=10,gamma=1",
                        "elo0=0,elo1=10,elo0=1", "elo0=x,elo1=10", "elo0=0,elo1=10abc",
                        "elo0 0,elo1 10" };
  IsleSprt sprt;

  g_assert_true (isle_sprt_parse ("elo0=0,elo1=10,alpha=0.05,beta=0.1", &sprt, NULL));
  g_assert_cmpfloat (sprt.elo0, ==, 0);
  g_assert_cmpfloat (sprt.elo1, ==, 10);
  g_assert_cmpfloat (sprt.alpha, ==, 0.05);
  g_assert_cmpfloat (sprt.beta, ==, 0.1);
  /* Any order, spaces, negative Elo; α and β 0.05 by default. */
  g_assert_true (isle_sprt_parse (" elo1=1.5, elo0=-3.5 ", &sprt, NULL));
  g_assert_cmpfloat (sprt.elo0, ==, -3.5);
  g_assert_cmpfloat (sprt.elo1, ==, 1.5);
  g_assert_cmpfloat (sprt.alpha, ==, 0.05);
  g_assert_cmpfloat (sprt.beta, ==, 0.05);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (isle_sprt_parse (bad[i], &sprt, &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
      g_assert_nonnull (strstr (error->message, "elo0=E0,elo1=E1"));
    }
}

static void
test_elo (void)
{
  double elo, low, high;

  g_assert_cmpfloat_with_epsilon (isle_elo (0.5), 0, 1e-12);
  /* 10^(1/4) = 1.778279: a score of 1/(1 + 1/1.778279) is +100. */
  g_assert_cmpfloat_with_epsilon (isle_elo (1.778279 / 2.778279), 100, 1e-3);
  /* 75-0-25: s = 0.75, σ = 0.433013, se = 0.0433013; 0.75 ± 0.0848705. */
  isle_elo_interval (75, 0, 25, &elo, &low, &high);
  g_assert_cmpfloat_with_epsilon (elo, -400 * log10 (1 / 0.75 - 1), 1e-9);
  g_assert_cmpfloat_with_epsilon (low, -400 * log10 (1 / (0.75 - 0.0848705) - 1), 1e-3);
  g_assert_cmpfloat_with_epsilon (high, -400 * log10 (1 / (0.75 + 0.0848705) - 1), 1e-3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-stats/llr-by-hand", test_llr_by_hand);
  g_test_add_func ("/cli-stats/bounds-and-verdicts", test_bounds_and_verdicts);
  g_test_add_func ("/cli-stats/parse", test_parse);
  g_test_add_func ("/cli-stats/elo", test_elo);
  return g_test_run ();
}
