/* isle-game-setup.h — what a new game is made of: the variant, who plays
 * each seat, who starts, and the rules with the options chosen (R4.2 opening
 * hand, R6.5 fog lift, R10 quick weather, R12 strict memory). Shared by the
 * new game dialog, IsleGame, saved games and the window. A plain value. */
#pragma once

#include <glib.h>

#include "isle-player-spec.h"
#include "isle-types.h"

G_BEGIN_DECLS

typedef struct
{
  IsleVariant variant;
  int first_seat;           /* the seat that starts round 1 */
  /* Per seat: the person or a computer player, parsed where it was read
   * (isle-player-spec.h: a plain value, copied with the setup). Seats
   * past the variant's count are ignored. */
  IslePlayerSpec players[ISLE_MAX_SEATS];
  IsleRules rules;          /* the standard rules with the options chosen */
  /* A rated game (issue 30): two seats, a person against the rated
   * strength nearest RATING, the person's rating for the variant when the
   * game began (or the starting rating they picked). Undo, redo, hints
   * and the review are refused until it ends (IsleMatch), and its end
   * moves the rating (IsleSession). Saved in the game's file ("rated",
   * "rating"); files without them are unrated. */
  gboolean rated;
  int rating;               /* ISLE_RATING_MIN … _MAX while rated, else 0 */
} IsleGameSetup;

/* Seats the variant is played with: 4 for the team game (R11), else 2. */
int      isle_game_setup_n_seats  (const IsleGameSetup *setup);
gboolean isle_game_setup_is_human (const IsleGameSetup *setup,
                                   int                  seat);
/* Whether SETUP's variant may be rated: a two-seat variant (not the team
 * game). */
gboolean isle_game_setup_can_rate (IsleVariant          variant);
/* Makes SETUP (its variant and rules set) a rated game for a person
 * rated RATING: the opponent is the rated strength nearest it
 * (isle_rating_opponent()), the person's seat is DRAW's lowest bit (the
 * caller draws it at random), and Red begins, so that the colour drawn
 * draws who begins too. FALSE, SETUP untouched, for a variant that cannot be rated. */
gboolean isle_game_setup_make_rated (IsleGameSetup       *setup,
                                     int                  rating,
                                     guint32              draw);
/* The seat of the person in a rated SETUP (the one human seat), or -1. */
int      isle_game_setup_person_seat (const IsleGameSetup *setup);

G_END_DECLS
