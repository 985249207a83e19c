/* isle-game-setup.c — small facts about a game setup. */
#include "isle-game-setup.h"
#include "isle-player-spec.h"

int
isle_game_setup_n_seats (const IsleGameSetup *setup)
{
  g_return_val_if_fail (setup != NULL, 2);
  return setup->variant == ISLE_VARIANT_TEAM ? 4 : 2;   /* R11 */
}

gboolean
isle_game_setup_is_human (const IsleGameSetup *setup, int seat)
{
  g_return_val_if_fail (setup != NULL, FALSE);
  g_return_val_if_fail (seat >= 0 && seat < ISLE_MAX_SEATS, FALSE);
  return isle_player_spec_is_human (&setup->players[seat]);
}
