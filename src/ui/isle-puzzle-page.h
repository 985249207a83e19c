/* isle-puzzle-page.h — IslePuzzlePage: the list of puzzles to play, built
 * anew by isle_puzzle_page_refresh(); "puzzle-activated (index)" when one
 * is chosen. */
#pragma once

#include <adwaita.h>

#include "isle-puzzles.h"

G_BEGIN_DECLS

#define ISLE_TYPE_PUZZLE_PAGE (isle_puzzle_page_get_type ())
G_DECLARE_FINAL_TYPE (IslePuzzlePage, isle_puzzle_page, ISLE, PUZZLE_PAGE, GtkBox)

/* Lists the puzzles as they are now (solved marks included). */
void       isle_puzzle_page_refresh     (IslePuzzlePage *self);
/* The IslePuzzles listed, in the order of their indices, or NULL. */
GPtrArray *isle_puzzle_page_get_puzzles (IslePuzzlePage *self);

G_END_DECLS
