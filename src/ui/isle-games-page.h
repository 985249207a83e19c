/* isle-games-page.h — IsleGamesPage, "Your Games" (issue 30): every game
 * the games library keeps (isle-library.h), newest first, in a list view
 * read a page at a time (IsleLibraryList), filtered by variant, opponent
 * and result; their statistics (isle-games-stats.h) with a chart of
 * the results over time (IsleGamesChart); and the ratings of rated games
 * (IsleRatingsView).
 *
 * The page asks the window for everything it does, by the window's
 * actions: win.open-kept-game(x) (a row activated), win.delete-kept-game(x)
 * (its button, or Delete), win.export-kept-game(x) and win.import-games. */
#pragma once

#include <adwaita.h>

#include "isle-library.h"
#include "isle-library-list.h"
#include "isle-ratings-view.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAMES_PAGE (isle_games_page_get_type ())
G_DECLARE_FINAL_TYPE (IsleGamesPage, isle_games_page, ISLE, GAMES_PAGE, GtkBox)

/* Shows LIBRARY's games (NULL: none). */
void             isle_games_page_set_library (IsleGamesPage *self,
                                              IsleLibrary   *library);
/* The games listed, as filtered now, or NULL without a library. */
IsleLibraryList *isle_games_page_get_list    (IsleGamesPage *self);
/* The list view itself, and the filters (tests). */
GtkWidget       *isle_games_page_get_view    (IsleGamesPage *self);
GtkDropDown     *isle_games_page_get_result_filter (IsleGamesPage *self);
/* The statistics shown (tests): IsleGamesStats, or NULL. */
GPtrArray       *isle_games_page_get_stats   (IsleGamesPage *self);
/* Shows SESSION's ratings in the Ratings view (isle-ratings-view.h). */
void             isle_games_page_set_session (IsleGamesPage *self,
                                              IsleSession   *session);
IsleRatingsView *isle_games_page_get_ratings (IsleGamesPage *self);
/* In a narrow window the filters' two pairs go one above the other: side
 * by side they need over 540 px. From libadwaita 1.4 BREAKPOINT (the
 * window's) does it; before, the window says when. (The switcher of the
 * three views keeps its labels beside its icons: the page then needs
 * 357 px, within a 390 px window, and a policy changed as the window is
 * laid out leaves its buttons' new halves unallocated as they are
 * drawn.) */
#if ADW_CHECK_VERSION (1, 4, 0)
void             isle_games_page_narrow_at   (IsleGamesPage *self,
                                              AdwBreakpoint *breakpoint);
#else
void             isle_games_page_set_narrow  (IsleGamesPage *self,
                                              gboolean       narrow);
gboolean         isle_games_page_is_narrow   (IsleGamesPage *self);
#endif
/* Shows the list ("games"), the statistics ("statistics") or the
 * ratings ("ratings"). */
void             isle_games_page_show        (IsleGamesPage *self,
                                              const char    *view);

G_END_DECLS
