/* isle-cli-players.c — computer players for `play` and `tournament`, named
 * by specs: random, greedy, ismcts:easy|medium|hard, plugin:ID,
 * engine:PATH [ARG…]. */
#include "config.h"

#include <glib/gi18n.h>

#include <stdlib.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-engine-player.h"
#include "isle-plugin-loader.h"
#include "isle-plugin-player.h"

gboolean
isle_cli_player_parse (const char *spec, IsleCliPlayer *player, uint64_t seed,
                       GError **error)
{
  g_autofree char *name = g_strstrip (g_strdup (spec));
  const IsleAiLevel *level = isle_ai_find (name);

  player->ai = NULL;
  player->engine_argv = NULL;
  player->engine_failed = FALSE;
  if (g_str_has_prefix (name, "engine:"))
    {
      /* An external engine: started at its first move, with the rules of
       * its game; greedy stands by in case it faults. */
      g_auto (GStrv) argv = NULL;
      g_autofree char *program = NULL;

      if (!g_shell_parse_argv (name + strlen ("engine:"), NULL, &argv, NULL)
          || (program = g_find_program_in_path (argv[0])) == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("player “%s”: no such program to run as an engine"), name);
          return FALSE;
        }
      g_free (argv[0]);
      argv[0] = g_steal_pointer (&program);
      player->level = isle_ai_find ("greedy");
      player->engine_argv = g_steal_pointer (&argv);
      isle_rng_seed (&player->rng, seed);
      return TRUE;
    }
  if (g_str_has_prefix (name, ISLE_PLUGIN_ID_PREFIX))
    {
      /* A plugin from the plugin folders (`critter-isle-cli plugins`). */
      player->level = NULL;
      isle_rng_seed (&player->rng, seed);
      player->ai = isle_plugin_player_new_for_id (name, error);
      return player->ai != NULL;
    }
  if (level == NULL)
    {
      g_autoptr (GString) known = g_string_new (NULL);
      int n;
      const IsleAiLevel *levels = isle_ai_levels (&n);

      for (int i = 0; i < n; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", levels[i].id);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("unknown player “%s”; expected one of %s or plugin:ID"), name, known->str);
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

static double
time_to_deadline (void *data)
{
  return (double) (*(gint64 *) data - g_get_monotonic_time ()) / G_USEC_PER_SEC;
}

void
isle_cli_limits_until (IsleAiLimits *limits, gint64 *deadline)
{
  limits->should_stop = past_deadline;
  limits->seconds_left = time_to_deadline;
  limits->data = deadline;
}

IsleAction
isle_cli_player_choose (IsleCliPlayer *player, const IsleState *state,
                        IsleAiStats *stats, double *seconds)
{
  IsleObservation obs;
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64) ((player->level ? player->level->seconds : 0) * G_USEC_PER_SEC);
  IsleAiLimits limits = { 0, NULL, NULL };
  IsleAction a;

  /* R12: a player gets only what its seat may see. */
  isle_state_observe (state, isle_state_to_move (state), &obs);
  if (player->engine_argv != NULL && !player->engine_failed)
    {
      g_autoptr (GError) error = NULL;

      if (player->ai == NULL)
        player->ai = isle_engine_player_new (player->engine_argv[0],
                                             (const char *const *) player->engine_argv + 1,
                                             &state->rules, &error);
      if (player->ai != NULL)
        {
          if (stats != NULL)
            memset (stats, 0, sizeof *stats);
          /* choose_sync checks the action against the observation. */
          if (isle_ai_player_choose_sync (player->ai, &obs, 0, &a, &error))
            {
              if (seconds != NULL)
                *seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
              return a;
            }
        }
      /* The game goes on: greedy takes the seat over. */
      g_printerr (_("critter-isle-cli: %s\ncritter-isle-cli: the greedy player takes over for %s\n"),
                  error->message, player->engine_argv[0]);
      player->engine_failed = TRUE;
      g_clear_object (&player->ai);
    }
  if (player->ai != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (stats != NULL)
        memset (stats, 0, sizeof *stats);
      /* The player's own pace; a player that fails ends the program. */
      if (!isle_ai_player_choose_sync (player->ai, &obs, 0, &a, &error)
          || !isle_state_is_legal (state, a))
        {
          g_printerr ("critter-isle-cli: %s: %s\n", isle_ai_player_get_id (player->ai),
                      error ? error->message : _("chose an illegal action"));
          exit (ISLE_CLI_INVALID);
        }
      if (seconds != NULL)
        *seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      return a;
    }
  if (player->level->seconds > 0)
    {
      isle_cli_limits_until (&limits, &deadline);
    }
  a = player->level->choose (player->level, &obs, &limits, isle_rng_next (&player->rng), stats);
  if (seconds != NULL)
    *seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return a;
}

void
isle_cli_player_clear (IsleCliPlayer *player)
{
  g_clear_object (&player->ai);
  g_clear_pointer (&player->engine_argv, g_strfreev);
}
