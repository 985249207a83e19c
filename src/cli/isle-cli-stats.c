/* isle-cli-stats.c — the SPRT settings of `critter-isle-cli tournament`
 * from its command line (isle-cli-stats.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "isle-cli-stats.h"

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
  if (!ok || !seen[0] || !seen[1] || !isle_sprt_valid (sprt))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--sprt “%s”: expected elo0=E0,elo1=E1 with E0 below E1, and optionally "
                     "alpha=A,beta=B, each above 0 and together below 1"), text);
      return FALSE;
    }
  return TRUE;
}
