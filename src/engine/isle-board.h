/* isle-board.h — the Island Map: cells, bitboards, lines and scoring.
 *
 * Pure C11. A board is a value: copy it with `=`.
 */
#pragma once

#include <stddef.h>

#include "isle-types.h"

/* IsleCell.flags */
enum
{
  ISLE_CELL_FACE_DOWN = 1 << 0,     /* R6.4 */
  ISLE_CELL_HIPPO_SECOND = 1 << 1,  /* R8.9, R3 `+`: the Hippo's second tile */
};

typedef struct
{
  uint8_t kind;    /* IsleKind; ISLE_KIND_NONE when the tile is empty */
  uint8_t seat;    /* owner seat (R1 shield); its side is seat & 1 */
  uint8_t colour;  /* IsleColour the token shows now (R8.6) */
  uint8_t flags;   /* ISLE_CELL_* */
} IsleCell;

typedef struct
{
  IsleCell cells[ISLE_N_CELLS];
  uint64_t occupied;                   /* tiles holding a token */
  uint64_t fog;                        /* tiles under a fog board (R6.3) */
  uint64_t colour[3];                  /* per IsleColour (white, red, blue) */
  uint64_t face_down;                  /* R6.4 */
  /* Per IsleKind, the tiles holding a token of that kind, face down too
   * (both tiles of a two-tile Hippo); [ISLE_KIND_NONE] stays empty. In an
   * observation a token the observer may not know is in none (R12). */
  uint64_t kind[ISLE_N_KINDS];
} IsleBoard;

void isle_board_clear (IsleBoard *board);

/* Puts a token on an empty tile and keeps the bitboards in step. */
static inline void
isle_board_put (IsleBoard *board, int cell, IsleKind kind, int seat,
                IsleColour colour, uint8_t flags)
{
  IsleCell *c = &board->cells[cell];
  uint64_t bit = UINT64_C (1) << cell;

  c->kind = (uint8_t) kind;
  c->seat = (uint8_t) seat;
  c->colour = (uint8_t) colour;
  c->flags = flags;
  board->occupied |= bit;
  board->colour[colour] |= bit;
  board->face_down |= (uint64_t) ((flags & ISLE_CELL_FACE_DOWN) != 0) << cell;
  if ((unsigned) kind < ISLE_N_KINDS)
    board->kind[kind] |= bit;
}

/* Empties a tile; returns what was there. */
static inline IsleCell
isle_board_take (IsleBoard *board, int cell)
{
  IsleCell old = board->cells[cell];
  uint64_t keep = ~(UINT64_C (1) << cell);

  board->cells[cell] = (IsleCell) { ISLE_KIND_NONE, 0, 0, 0 };
  board->occupied &= keep;
  board->colour[ISLE_COLOUR_WHITE] &= keep;
  board->colour[ISLE_COLOUR_RED] &= keep;
  board->colour[ISLE_COLOUR_BLUE] &= keep;
  board->face_down &= keep;
  if (old.kind < ISLE_N_KINDS)
    board->kind[old.kind] &= keep;
  return old;
}

/* Changes the colour a token shows (R8.6). */
void isle_board_set_colour (IsleBoard *board, int cell, IsleColour colour);
/* Rebuilds the bitboards from cells[] (after editing cells by hand); a
 * token of ISLE_KIND_UNKNOWN (in an observation) shows no colour and is in
 * no kind's bitboard. */
void isle_board_sync (IsleBoard *board);
/* Free open tiles: neither occupied nor fogged. */
static inline uint64_t
isle_board_free_open (const IsleBoard *board)
{
  return ~(board->occupied | board->fog) & ISLE_ALL_CELLS;
}

/* R5: the 26 lines of length ≥ 3, precomputed. */
typedef enum
{
  ISLE_DIR_HORIZONTAL = 0,   /* → */
  ISLE_DIR_VERTICAL,         /* ↓ */
  ISLE_DIR_DIAGONAL,         /* ↘ */
  ISLE_DIR_ANTI_DIAGONAL,    /* ↙ */
  ISLE_N_DIRS,
} IsleDirection;

#define ISLE_N_LINES 26

typedef struct
{
  uint8_t dir;                       /* IsleDirection */
  uint8_t length;                    /* 3..6 */
  uint8_t cells[ISLE_BOARD_SIZE];    /* in order along the direction */
  uint64_t mask;
} IsleLine;

const IsleLine *isle_lines (void);   /* ISLE_N_LINES entries */

/* R7.5: one scored line. */
typedef struct
{
  uint8_t colour;                    /* IsleColour: red or blue */
  uint8_t dir;                       /* IsleDirection */
  uint8_t length;                    /* 3..6 */
  uint8_t cells[ISLE_BOARD_SIZE];
  int32_t base;                      /* R7.1 */
  int32_t multiplier;                /* R7.2 */
  int32_t value;                     /* base × multiplier */
  int8_t crow_side;                  /* R7.3: the Crow owner's side, or -1 */
  int32_t crow_share;                /* what the Crow's owner takes */
} IsleLineScore;

/* At most two runs of ≥ 3 fit in a line of 6. */
#define ISLE_MAX_SCORED_LINES (2 * ISLE_N_LINES)

typedef struct
{
  int32_t side[ISLE_N_SIDES];        /* R7.4: round score of each side */
  int n_lines;
  IsleLineScore lines[ISLE_MAX_SCORED_LINES];
} IsleScore;

/* R5, R7: scores BOARD with RULES' table. Face-down tokens count with their
 * true kind and colour. SIDE_TOTALS gets each side's score; BREAKDOWN, when
 * not NULL, gets every line and the totals too (hot paths pass NULL). */
void isle_board_score (const IsleBoard *board, const int32_t line_score[7],
                       int32_t side_totals[ISLE_N_SIDES],
                       IsleScore *breakdown);
