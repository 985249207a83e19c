/* isle-cli-players.c — computer players for `play`, `tournament` and
 * `solve`, named by specs (isle-player-spec.h): beginner, easy, medium,
 * hard, expert (or their old ids), with a budget where they search
 * (expert@3.6s, hard@n20000), plugin:ID, engine:PATH [ARG…]. */
#include "config.h"

#include <glib/gi18n.h>

#include <stdlib.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-engine-player.h"
#include "isle-player-spec.h"
#include "isle-plugin-player.h"

gboolean
isle_cli_player_init (IsleCliPlayer *player, const IslePlayerSpec *spec, uint64_t seed,
                      GError **error)
{
  player->level = NULL;
  player->ai = NULL;
  player->engine_argv = NULL;
  player->engine_failed = FALSE;
  player->engine_seconds = 0;
  player->spec = *spec;
  isle_rng_seed (&player->rng, seed);
  switch (spec->kind)
    {
    case ISLE_PLAYER_HUMAN:
      {
        g_autofree char *levels = isle_player_spec_level_ids ();

        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("“%s” cannot play here; expected a computer player: one of %s, "
                       "plugin:ID or engine:COMMAND"), isle_player_spec_to_text (spec), levels);
        return FALSE;
      }
    case ISLE_PLAYER_BUILTIN:
      player->budgeted = spec->budgeted;
      player->level = &player->budgeted;
      break;
    case ISLE_PLAYER_PLUGIN:
      /* A plugin from the plugin folders (`critter-isle-cli plugins`). */
      player->ai = isle_player_spec_new_player (spec, NULL, seed, error);
      if (player->ai == NULL)
        return FALSE;
      break;
    case ISLE_PLAYER_ENGINE:
      /* An external engine: started at its first move, with the rules of
       * its game; a built-in level stands by in case it faults. */
      player->engine_argv = isle_player_spec_engine_argv (spec, error);
      if (player->engine_argv == NULL)
        return FALSE;
      player->level = isle_ai_find (ISLE_CLI_ENGINE_STAND_IN);
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

gboolean
isle_cli_player_parse (const char *text, IsleCliPlayer *player, uint64_t seed,
                       GError **error)
{
  g_autofree char *name = g_strstrip (g_strdup (text));
  IslePlayerSpec spec;

  memset (player, 0, sizeof *player);
  if (!isle_player_spec_parse (name, &spec, error))
    return FALSE;
  return isle_cli_player_init (player, &spec, seed, error);
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
          if (isle_ai_player_choose_sync (player->ai, &obs, player->engine_seconds, &a, &error))
            {
              if (seconds != NULL)
                *seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
              return a;
            }
        }
      /* The game goes on: a built-in level takes the seat over. */
      g_printerr (_("critter-isle-cli: %s\ncritter-isle-cli: the %s player takes over for %s\n"),
                  error->message, player->level->id,
                  isle_engine_command_program ((const char *const *) player->engine_argv));
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
          exit (ISLE_CLI_CANNOT_RUN);
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
