/* isle-results.h — a game's results for people: a table of the rounds
 * played (points R7, coins R9.2, mercenaries hired before each R9.3) read
 * from the game's states over its history, and the verdict as one
 * sentence naming what decided it (R4.7 points; R9.4 coins, then the cost
 * of hired mercenaries, then extra rounds). The verdict always agrees with
 * the engine's `winner`: it reads the same state. */
#pragma once

#include <glib.h>

#include "isle-game.h"

G_BEGIN_DECLS

typedef enum
{
  ISLE_RESULTS_GOING_ON = 0,   /* the game is not over */
  ISLE_RESULTS_POINTS,         /* R4.7: the higher total of points won */
  ISLE_RESULTS_POINTS_DRAW,    /* R4.7: equal totals */
  ISLE_RESULTS_COINS,          /* R9.4: more coins won */
  ISLE_RESULTS_HIRE_COST,      /* R9.4: tied on coins, dearer mercenaries won */
  ISLE_RESULTS_DRAW,           /* R9.4: still tied after the extra rounds */
} IsleResultsDecider;

/* One round played. */
typedef struct
{
  int round;                                  /* 1-based */
  gboolean extra;                             /* an R9.4 extra round */
  int weather;                                /* IsleWeather, -1 in the Basic game */
  int32_t points[ISLE_N_SIDES];               /* R7.4 */
  int32_t coins[ISLE_N_SIDES];                /* R9.2: after the round; -1 without coins */
  uint8_t hired[ISLE_N_SIDES][ISLE_N_KINDS];  /* R9.3: hired just before it */
  int32_t hire_cost[ISLE_N_SIDES];            /* what those cost */
} IsleResultsRound;

typedef struct
{
  int variant;                                /* IsleVariant */
  gboolean coins;                             /* a game decided by coins (R9) */
  int n_rounds;
  IsleResultsRound rounds[ISLE_MAX_ROUNDS];
  IsleResultsDecider decider;
  int winner;                                 /* IsleSide; ISLE_N_SIDES: none */
  int extra_rounds;                           /* R9.4 */
  int32_t total[ISLE_N_SIDES];                /* R4.7 points */
  int32_t final_coins[ISLE_N_SIDES];          /* R9.4 */
  int32_t hired_cost[ISLE_N_SIDES];           /* R9.4: all hires, whole game */
} IsleResults;

/* Fills RESULTS from GAME's states up to its position (the redo tail is
 * not played). */
void  isle_results_compute      (IsleGame    *game,
                                 IsleResults *results);
/* The verdict, a whole sentence: "Blue wins on coins, 72 to 37.". With
 * VIEWER_SIDE a side (one person against the computer) it speaks to that
 * person: "You win on coins, 72 to 37." / "The computer wins …"; -1 names
 * the sides. NULL while the game goes on. */
char *isle_results_verdict      (const IsleResults *results,
                                 int                viewer_side);
/* The same, short, for a title: "You win on coins", "A draw". */
char *isle_results_verdict_short (const IsleResults *results,
                                  int                viewer_side);
/* R9.3: what SIDE hired before ROW's round, in words ("Fox, Crow (25)"),
 * or NULL when nothing. */
char *isle_results_hires_text   (const IsleResultsRound *row,
                                 int                     side);

G_END_DECLS
