/* isle-cli-players.c — computer players for `play` and `tournament`, named
 * by specs: random, greedy, ismcts:easy|medium|hard. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-cli.h"

gboolean
isle_cli_player_parse (const char *spec, IsleCliPlayer *player, uint64_t seed,
                       GError **error)
{
  g_autofree char *name = g_strstrip (g_strdup (spec));
  const IsleAiLevel *level = isle_ai_find (name);

  if (level == NULL)
    {
      g_autoptr (GString) known = g_string_new (NULL);
      int n;
      const IsleAiLevel *levels = isle_ai_levels (&n);

      for (int i = 0; i < n; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", levels[i].id);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("unknown player “%s”; expected one of %s"), name, known->str);
      return FALSE;
    }
  player->level = level;
  isle_rng_seed (&player->rng, seed);
  return TRUE;
}

static bool
past_deadline (void *data)
{
  return g_get_monotonic_time () >= *(gint64 *) data;
}

IsleAction
isle_cli_player_choose (IsleCliPlayer *player, const IsleState *state,
                        IsleAiStats *stats, double *seconds)
{
  IsleObservation obs;
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64) (player->level->seconds * G_USEC_PER_SEC);
  IsleAiLimits limits = { 0, NULL, NULL };
  IsleAction a;

  /* R12: a player gets only what its seat may see. */
  isle_state_observe (state, isle_state_to_move (state), &obs);
  if (player->level->seconds > 0)
    {
      limits.should_stop = past_deadline;
      limits.data = &deadline;
    }
  a = player->level->choose (player->level, &obs, &limits, isle_rng_next (&player->rng), stats);
  if (seconds != NULL)
    *seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return a;
}
