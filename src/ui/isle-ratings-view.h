/* isle-ratings-view.h — IsleRatingsView, the Ratings view of Your Games
 * (issue 30): for each two-seat variant with rated games, the person's
 * rating now and the best, a chart of the last 50 rated games
 * (IsleGamesChart) and those games, newest first, each opened by
 * win.open-kept-game(x) as a row of the games list is. It asks the
 * session (isle_session_get_rating(), isle_session_list_ratings()),
 * never the database, and is built again on "ratings-changed". */
#pragma once

#include <adwaita.h>

#include "isle-session.h"

G_BEGIN_DECLS

/* The rated games shown per variant. */
#define ISLE_RATINGS_VIEW_GAMES 50

#define ISLE_TYPE_RATINGS_VIEW (isle_ratings_view_get_type ())
G_DECLARE_FINAL_TYPE (IsleRatingsView, isle_ratings_view, ISLE, RATINGS_VIEW, GtkBox)

GtkWidget *isle_ratings_view_new         (void);
/* Shows SESSION's ratings (NULL: none). */
void       isle_ratings_view_set_session (IsleRatingsView *self,
                                          IsleSession     *session);
/* The variants shown (tests): how many have rated games. */
guint      isle_ratings_view_get_n_shown (IsleRatingsView *self);

G_END_DECLS
