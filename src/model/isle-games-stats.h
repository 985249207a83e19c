/* isle-games-stats.h — the person's statistics over kept games
 * (isle-kept-game.h): for all their games, each variant and each
 * opponent, how many were played, won, lost, drawn and abandoned, the
 * share won, the best round's points and the longest run of wins.
 *
 * Only games with one side of people count (a hot-seat game or the
 * computers' among themselves is no one person's result). Played counts
 * the games finished; an abandoned game is counted apart, and ends a run
 * of wins as a loss does. */
#pragma once

#include <glib.h>

#include "isle-kept-game.h"

G_BEGIN_DECLS

typedef enum
{
  ISLE_GAMES_STATS_ALL,        /* every game */
  ISLE_GAMES_STATS_VARIANT,    /* the games of one variant */
  ISLE_GAMES_STATS_OPPONENT,   /* the games against one opponent */
} IsleGamesStatsGroup;

typedef struct
{
  IsleGamesStatsGroup group;
  IsleVariant variant;         /* VARIANT's */
  char *opponent;              /* OPPONENT's: a player spec */
  guint played, won, lost, drawn, abandoned;
  double win_share;            /* won / played; 0 with none played */
  int best_round;              /* the best round's points, -1 with none */
  guint longest_streak;        /* the most wins in a row */
} IsleGamesStats;

void       isle_games_stats_free     (IsleGamesStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IsleGamesStats, isle_games_stats_free)

/* The statistics of GAMES (IsleKeptGame, oldest first: runs of wins are
 * read in that order): the row of all games first, then one a variant
 * played (in the variants' order), then one an opponent (most games
 * first). An array of IsleGamesStats, freed with it. */
GPtrArray *isle_games_stats_compute  (GPtrArray *games);

G_END_DECLS
