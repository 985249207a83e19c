/* isle-cli-stats.c — Elo differences and the SPRT of `critter-isle-cli
 * tournament` (isle-cli-stats.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "isle-cli-stats.h"

double
isle_cli_elo (double p)
{
  p = CLAMP (p, 0.001, 0.999);
  return -400.0 * log10 (1.0 / p - 1.0);
}

/* The expected score of a player ELO stronger (logistic Elo). */
static double
score_of_elo (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

/* The mean score per game and the variance of one game's score. */
static void
mean_and_variance (double wins, double draws, double losses, double *mean, double *variance)
{
  double n = wins + draws + losses;

  *mean = (wins + 0.5 * draws) / n;
  /* E[x²] − E[x]², with x = 1, ½ or 0. */
  *variance = (wins + 0.25 * draws) / n - *mean * *mean;
}

void
isle_cli_elo_interval (int wins, int draws, int losses, double *elo, double *low, double *high)
{
  double mean, variance, se;

  mean_and_variance (wins, draws, losses, &mean, &variance);
  se = sqrt (MAX (variance, 0) / (wins + draws + losses));
  *elo = isle_cli_elo (mean);
  *low = isle_cli_elo (mean - 1.96 * se);
  *high = isle_cli_elo (mean + 1.96 * se);
}

/* Reads "KEY=NUMBER" into *VALUE when KEY is NAME. */
static gboolean
read_number (const char *item, const char *name, double *value, gboolean *seen)
{
  size_t length = strlen (name);
  char *end;

  if (strncmp (item, name, length) != 0 || item[length] != '=' || *seen)
    return FALSE;
  *value = g_ascii_strtod (item + length + 1, &end);
  if (end == item + length + 1 || *end != '\0' || !isfinite (*value))
    return FALSE;
  *seen = TRUE;
  return TRUE;
}

gboolean
isle_sprt_parse (const char *text, IsleSprt *sprt, GError **error)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);
  gboolean seen[4] = { FALSE, FALSE, FALSE, FALSE };
  gboolean ok = TRUE;

  sprt->alpha = sprt->beta = 0.05;
  for (int i = 0; items[i] != NULL && ok; i++)
    {
      char *item = g_strstrip (items[i]);

      ok = read_number (item, "elo0", &sprt->elo0, &seen[0])
           || read_number (item, "elo1", &sprt->elo1, &seen[1])
           || read_number (item, "alpha", &sprt->alpha, &seen[2])
           || read_number (item, "beta", &sprt->beta, &seen[3]);
    }
  if (!ok || !seen[0] || !seen[1] || sprt->elo0 >= sprt->elo1 || sprt->alpha <= 0
      || sprt->beta <= 0 || sprt->alpha + sprt->beta >= 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--sprt “%s”: expected elo0=E0,elo1=E1 with E0 below E1, and optionally "
                     "alpha=A,beta=B, each above 0 and together below 1"), text);
      return FALSE;
    }
  return TRUE;
}

double
isle_sprt_llr (const IsleSprt *sprt, int wins, int draws, int losses)
{
  double w = wins, d = draws, l = losses;
  double s0 = score_of_elo (sprt->elo0), s1 = score_of_elo (sprt->elo1);
  double mean, variance;

  if (wins + draws + losses == 0)
    return 0;
  /* The approximation takes the variance from the games played, and a
   * result not seen yet makes it too small: after two losses, or in a
   * game where draws are rare, cutechess's LLR stays 0 (it waits for all
   * three results, which in Critter Isle may never come) and a tiny ε in
   * their place (fastchess) lets two games decide. Half a game of each
   * result, while one is missing, keeps the first games' LLR near the
   * exact one and fades as games are played. */
  if (wins == 0 || draws == 0 || losses == 0)
    {
      w += 0.5;
      d += 0.5;
      l += 0.5;
    }
  mean_and_variance (w, d, l, &mean, &variance);
  if (variance <= 0)
    return 0;
  return (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance / (w + d + l));
}

void
isle_sprt_bounds (const IsleSprt *sprt, double *lower, double *upper)
{
  *lower = log (sprt->beta / (1 - sprt->alpha));
  *upper = log ((1 - sprt->beta) / sprt->alpha);
}

IsleSprtVerdict
isle_sprt_verdict (const IsleSprt *sprt, double llr)
{
  double lower, upper;

  isle_sprt_bounds (sprt, &lower, &upper);
  if (llr >= upper)
    return ISLE_SPRT_H1;
  if (llr <= lower)
    return ISLE_SPRT_H0;
  return ISLE_SPRT_CONTINUE;
}
