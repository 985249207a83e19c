/* isle-game-page.h — IsleGamePage: the map and the panel of a game, bound
 * to an IsleMatch. It shows the match as its viewer may see it (R12),
 * sends the person's decisions to it and reviews each scored round (R7.5),
 * holding the match meanwhile. Its "status" says what to do now; its
 * "message" signal carries what a person should be told. */
#pragma once

#include <adwaita.h>

#include "isle-board-view.h"
#include "isle-match.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAME_PAGE (isle_game_page_get_type ())
G_DECLARE_FINAL_TYPE (IsleGamePage, isle_game_page, ISLE, GAME_PAGE, GtkBox)

GtkWidget     *isle_game_page_new           (void);
void           isle_game_page_set_match     (IsleGamePage *self,
                                             IsleMatch    *match);
IsleMatch     *isle_game_page_get_match     (IsleGamePage *self);
const char    *isle_game_page_get_status    (IsleGamePage *self);
gboolean       isle_game_page_get_reviewing (IsleGamePage *self);
/* Selects the INDEX-th token of the hand (keys 1–5) while placing. */
gboolean       isle_game_page_pick_hand     (IsleGamePage *self,
                                             int           index);
/* A scenario played from the editor offers to keep its solution. */
void           isle_game_page_set_test_play (IsleGamePage *self,
                                             gboolean      test_play);
/* How many of the scenario's clues are shown. */
void           isle_game_page_set_clues     (IsleGamePage *self,
                                             int           clues);
/* The pause between a review's lines (tests and screenshots shorten it). */
void           isle_game_page_set_line_step (IsleGamePage *self,
                                             guint         ms);
IsleBoardView *isle_game_page_get_board     (IsleGamePage *self);

G_END_DECLS
