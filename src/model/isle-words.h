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
const char *isle_words_variant   (IsleVariant variant); /* "Weather Game" */
/* The accessible name of a tile as OBSERVER sees it: "c3, Red's Wolf",
 * "c3, free", "c3, under fog", "c3, Blue's face-down token". */
char       *isle_words_tile      (const IsleBoard *board, int cell);

/* What a tile offers now, for its spoken name. */
typedef enum
{
  ISLE_TILE_USE_NONE,        /* no choice of the person's now: not told */
  ISLE_TILE_USE_PLAYABLE,    /* activating it means something now */
  ISLE_TILE_USE_UNPLAYABLE   /* the person chooses, and not this tile */
} IsleTileUse;

/* A tile's whole spoken name: what is on it, whether it can be played
 * (and why not) and whether the last move touched it: "c3, Blue's Pig,
 * last move", "c3, free, can be played", "c3, cannot be played: fog". */
char       *isle_words_tile_name (const IsleBoard *board,
                                  int              cell,
                                  IsleTileUse      use,
                                  gboolean         last_move);

G_END_DECLS
