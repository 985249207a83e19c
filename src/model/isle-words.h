/* isle-words.h — the game's nouns in the user's language, for every widget
 * that speaks of tokens, weather, sides and tiles. */
#pragma once

#include <glib.h>

#include "isle-board.h"

G_BEGIN_DECLS

const char *isle_words_kind      (IsleKind kind);     /* "Wolf" */
/* What KIND does, in a few words (R2, R7, R8); NULL for a Wolf. */
const char *isle_words_ability   (IsleKind kind);
const char *isle_words_weather   (int weather);       /* "Sunny" */
const char *isle_words_quadrant  (int quadrant);      /* "north-west" */
const char *isle_words_side      (int side);          /* "Red" */
/* The accessible name of a tile as OBSERVER sees it: "c3, Red's Wolf",
 * "c3, free", "c3, under fog", "c3, Blue's face-down token". */
char       *isle_words_tile      (const IsleBoard *board, int cell);

G_END_DECLS
