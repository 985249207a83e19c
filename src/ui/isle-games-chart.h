/* isle-games-chart.h — IsleGamesChart: the person's results over time,
 * drawn with GtkSnapshot: a bar a game in the order played (up for a
 * win, down for a loss, short for a draw, a dot for a game abandoned),
 * coloured by result, and a line over them: the share won so far, or,
 * for rated games (isle_games_chart_set_ratings()), the rating after
 * each, between the lowest and highest it reached. Its accessible
 * description says the same in words. */
#pragma once

#include <gtk/gtk.h>

#include "isle-library.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAMES_CHART (isle_games_chart_get_type ())
G_DECLARE_FINAL_TYPE (IsleGamesChart, isle_games_chart, ISLE, GAMES_CHART, GtkWidget)

GtkWidget  *isle_games_chart_new             (void);
/* GAMES: IsleKeptGame, oldest first; only those with one side of people
 * are drawn (another's result is no one person's). */
void        isle_games_chart_set_games       (IsleGamesChart *self,
                                              GPtrArray      *games);
/* RATED: IsleRatedGame (isle-library.h), oldest first: each game's
 * result (from its score) and the rating after it. */
void        isle_games_chart_set_ratings     (IsleGamesChart *self,
                                              GArray         *rated);
/* The description in words (also the accessible one). */
const char *isle_games_chart_get_description (IsleGamesChart *self);

G_END_DECLS
