/* isle-puzzle-page.h — IslePuzzlePage: the list of puzzles to play, built
 * anew from the session by isle_puzzle_page_refresh(); "puzzle-activated
 * (index)" when one is chosen. */
#pragma once

#include <adwaita.h>

#include "isle-session.h"

G_BEGIN_DECLS

#define ISLE_TYPE_PUZZLE_PAGE (isle_puzzle_page_get_type ())
G_DECLARE_FINAL_TYPE (IslePuzzlePage, isle_puzzle_page, ISLE, PUZZLE_PAGE, GtkBox)

/* Lists SESSION's puzzles as they are now (isle_session_list_puzzles()),
 * each marked solved or helped as the session says; the index of
 * "puzzle-activated" is one in isle_session_get_puzzles(). */
void       isle_puzzle_page_refresh     (IslePuzzlePage *self,
                                         IsleSession    *session);

G_END_DECLS
