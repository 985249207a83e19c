/* test-rating.c — the rating against the computer (isle-rating.h,
 * issue 30): the expected score and the K factors of pentobi's Elo, the
 * strengths in order of strength and at most 150 apart, every one a player
 * that parses, and the opponent nearest a rating. */
#include <math.h>

#include "isle-player-spec.h"
#include "isle-rating.h"

static void
test_expected (void)
{
  g_assert_cmpfloat_with_epsilon (isle_rating_expected (1500, 1500), 0.5, 1e-12);
  /* 400 points apart: ten to one. */
  g_assert_cmpfloat_with_epsilon (isle_rating_expected (1900, 1500), 10.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (isle_rating_expected (1500, 1900), 1.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (isle_rating_expected (1700, 1500) + isle_rating_expected (1500, 1700), 1.0, 1e-12);
}

static void
test_after (void)
{
  /* K = 40 for the first 30 rated games: an even game won gains 20. */
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1500, 1500, 1.0, 0), 1520.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1500, 1500, 1.0, 29), 1520.0, 1e-9);
  /* K = 20 after: 10. */
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1500, 1500, 1.0, 30), 1510.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1500, 1500, 0.0, 30), 1490.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1500, 1500, 0.5, 3), 1500.0, 1e-9);
  /* Beating a much stronger side gains nearly K; losing to it costs
   * little. */
  g_assert_cmpfloat (isle_rating_after (1000, 2000, 1.0, 40) - 1000, >, 19.9);
  g_assert_cmpfloat (1000 - isle_rating_after (1000, 2000, 0.0, 40), <, 0.1);
}

static void
test_strengths (void)
{
  guint n;
  const IsleRatedStrength *s = isle_rating_strengths (&n);

  g_assert_cmpuint (n, >=, 10);
  g_assert_cmpstr (s[0].spec, ==, "beginner");
  g_assert_cmpint (s[0].elo, ==, 1000);
  g_assert_cmpstr (s[n - 1].spec, ==, "expert");
  for (guint i = 0; i < n; i++)
    {
      IslePlayerSpec spec;

      g_assert_true (isle_player_spec_parse (s[i].spec, &spec, NULL));
      g_assert_false (isle_player_spec_is_human (&spec));
      /* Canonical, as the match writes it back. */
      g_assert_cmpstr (spec.text, ==, s[i].spec);
      /* Issue 30: increasing, neighbours at most 150 apart. */
      if (i > 0)
        {
          g_assert_cmpint (s[i].elo, >, s[i - 1].elo);
          g_assert_cmpint (s[i].elo - s[i - 1].elo, <=, 150);
        }
    }
  g_assert_cmpstr (isle_rating_opponent (0)->spec, ==, "beginner");
  g_assert_cmpstr (isle_rating_opponent (1050)->spec, ==, "beginner");
  g_assert_cmpstr (isle_rating_opponent (1200)->spec, ==, "beginner@care0.75");
  g_assert_cmpstr (isle_rating_opponent (1400)->spec, ==, "easy");
  g_assert_cmpstr (isle_rating_opponent (5000)->spec, ==, "expert");
  for (guint i = 0; i < n; i++)
    g_assert_true (isle_rating_opponent (s[i].elo) == &s[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rating/expected", test_expected);
  g_test_add_func ("/rating/after", test_after);
  g_test_add_func ("/rating/strengths", test_strengths);
  return g_test_run ();
}
