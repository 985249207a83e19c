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
} IsleGameSetup;

/* Seats the variant is played with: 4 for the team game (R11), else 2. */
int      isle_game_setup_n_seats  (const IsleGameSetup *setup);
gboolean isle_game_setup_is_human (const IsleGameSetup *setup,
                                   int                  seat);

G_END_DECLS
