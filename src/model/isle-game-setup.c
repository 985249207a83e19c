/* isle-game-setup.c — small facts about a game setup. */
#include "isle-game-setup.h"
#include "isle-player-spec.h"
#include "isle-rating.h"

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

gboolean
isle_game_setup_can_rate (IsleVariant variant)
{
  return variant >= 0 && variant < ISLE_N_VARIANTS && variant != ISLE_VARIANT_TEAM;
}

gboolean
isle_game_setup_make_rated (IsleGameSetup *setup, int rating, guint32 draw)
{
  const IsleRatedStrength *opponent;
  IslePlayerSpec computer;
  int person;

  g_return_val_if_fail (setup != NULL, FALSE);

  if (!isle_game_setup_can_rate (setup->variant))
    return FALSE;
  rating = CLAMP (rating, ISLE_RATING_MIN, ISLE_RATING_MAX);
  opponent = isle_rating_opponent (rating);
  if (!isle_player_spec_parse (opponent->spec, &computer, NULL))
    g_return_val_if_reached (FALSE);
  person = (int) (draw & 1);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    setup->players[seat] = seat == person ? isle_player_spec_for ("human") : computer;
  /* Red begins, so the colour drawn also draws who begins. */
  setup->first_seat = 0;
  setup->rated = TRUE;
  setup->rating = rating;
  return TRUE;
}

int
isle_game_setup_person_seat (const IsleGameSetup *setup)
{
  int found = -1;

  g_return_val_if_fail (setup != NULL, -1);
  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    if (isle_game_setup_is_human (setup, seat))
      {
        if (found >= 0)
          return -1;
        found = seat;
      }
  return found;
}
