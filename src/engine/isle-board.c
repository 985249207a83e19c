/* isle-board.c — cells, bitboards, the 26 lines (R5) and scoring (R7). */
#include "isle-board.h"

#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

void
isle_board_clear (IsleBoard *board)
{
  memset (board, 0, sizeof *board);
}

void
isle_board_set_colour (IsleBoard *board, int cell, IsleColour colour)
{
  IsleCell *c = &board->cells[cell];

  board->colour[c->colour] &= ~BIT (cell);
  c->colour = (uint8_t) colour;
  board->colour[colour] |= BIT (cell);
}

void
isle_board_sync (IsleBoard *board)
{
  uint64_t fog = board->fog;

  board->occupied = 0;
  board->face_down = 0;
  memset (board->colour, 0, sizeof board->colour);
  memset (board->kind, 0, sizeof board->kind);
  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      const IsleCell *c = &board->cells[i];

      if (c->kind == ISLE_KIND_NONE)
        continue;
      board->occupied |= BIT (i);
      /* R12: a token an observer cannot see shows no colour. */
      if (c->kind != ISLE_KIND_UNKNOWN && c->colour <= ISLE_COLOUR_BLUE)
        board->colour[c->colour] |= BIT (i);
      if (c->kind < ISLE_N_KINDS)
        board->kind[c->kind] |= BIT (i);
      if (c->flags & ISLE_CELL_FACE_DOWN)
        board->face_down |= BIT (i);
    }
  board->fog = fog;
}

/* R5: the 26 lines of length ≥ 3 — 6 rows, 6 columns, 7 diagonals (↘) and
 * 7 anti-diagonals (↙) — with their cells in order and their masks. */
static const IsleLine lines[ISLE_N_LINES] = {
  { ISLE_DIR_HORIZONTAL, 6, { 0, 1, 2, 3, 4, 5 }, UINT64_C (0x00000003f) },  /* a1 b1 c1 d1 e1 f1 */
  { ISLE_DIR_HORIZONTAL, 6, { 6, 7, 8, 9, 10, 11 }, UINT64_C (0x000000fc0) },  /* a2 b2 c2 d2 e2 f2 */
  { ISLE_DIR_HORIZONTAL, 6, { 12, 13, 14, 15, 16, 17 }, UINT64_C (0x00003f000) },  /* a3 b3 c3 d3 e3 f3 */
  { ISLE_DIR_HORIZONTAL, 6, { 18, 19, 20, 21, 22, 23 }, UINT64_C (0x000fc0000) },  /* a4 b4 c4 d4 e4 f4 */
  { ISLE_DIR_HORIZONTAL, 6, { 24, 25, 26, 27, 28, 29 }, UINT64_C (0x03f000000) },  /* a5 b5 c5 d5 e5 f5 */
  { ISLE_DIR_HORIZONTAL, 6, { 30, 31, 32, 33, 34, 35 }, UINT64_C (0xfc0000000) },  /* a6 b6 c6 d6 e6 f6 */
  { ISLE_DIR_VERTICAL, 6, { 0, 6, 12, 18, 24, 30 }, UINT64_C (0x041041041) },  /* a1 a2 a3 a4 a5 a6 */
  { ISLE_DIR_VERTICAL, 6, { 1, 7, 13, 19, 25, 31 }, UINT64_C (0x082082082) },  /* b1 b2 b3 b4 b5 b6 */
  { ISLE_DIR_VERTICAL, 6, { 2, 8, 14, 20, 26, 32 }, UINT64_C (0x104104104) },  /* c1 c2 c3 c4 c5 c6 */
  { ISLE_DIR_VERTICAL, 6, { 3, 9, 15, 21, 27, 33 }, UINT64_C (0x208208208) },  /* d1 d2 d3 d4 d5 d6 */
  { ISLE_DIR_VERTICAL, 6, { 4, 10, 16, 22, 28, 34 }, UINT64_C (0x410410410) },  /* e1 e2 e3 e4 e5 e6 */
  { ISLE_DIR_VERTICAL, 6, { 5, 11, 17, 23, 29, 35 }, UINT64_C (0x820820820) },  /* f1 f2 f3 f4 f5 f6 */
  { ISLE_DIR_DIAGONAL, 3, { 18, 25, 32 }, UINT64_C (0x102040000) },  /* a4 b5 c6 */
  { ISLE_DIR_DIAGONAL, 4, { 12, 19, 26, 33 }, UINT64_C (0x204081000) },  /* a3 b4 c5 d6 */
  { ISLE_DIR_DIAGONAL, 5, { 6, 13, 20, 27, 34 }, UINT64_C (0x408102040) },  /* a2 b3 c4 d5 e6 */
  { ISLE_DIR_DIAGONAL, 6, { 0, 7, 14, 21, 28, 35 }, UINT64_C (0x810204081) },  /* a1 b2 c3 d4 e5 f6 */
  { ISLE_DIR_DIAGONAL, 5, { 1, 8, 15, 22, 29 }, UINT64_C (0x020408102) },  /* b1 c2 d3 e4 f5 */
  { ISLE_DIR_DIAGONAL, 4, { 2, 9, 16, 23 }, UINT64_C (0x000810204) },  /* c1 d2 e3 f4 */
  { ISLE_DIR_DIAGONAL, 3, { 3, 10, 17 }, UINT64_C (0x000020408) },  /* d1 e2 f3 */
  { ISLE_DIR_ANTI_DIAGONAL, 3, { 2, 7, 12 }, UINT64_C (0x000001084) },  /* c1 b2 a3 */
  { ISLE_DIR_ANTI_DIAGONAL, 4, { 3, 8, 13, 18 }, UINT64_C (0x000042108) },  /* d1 c2 b3 a4 */
  { ISLE_DIR_ANTI_DIAGONAL, 5, { 4, 9, 14, 19, 24 }, UINT64_C (0x001084210) },  /* e1 d2 c3 b4 a5 */
  { ISLE_DIR_ANTI_DIAGONAL, 6, { 5, 10, 15, 20, 25, 30 }, UINT64_C (0x042108420) },  /* f1 e2 d3 c4 b5 a6 */
  { ISLE_DIR_ANTI_DIAGONAL, 5, { 11, 16, 21, 26, 31 }, UINT64_C (0x084210800) },  /* f2 e3 d4 c5 b6 */
  { ISLE_DIR_ANTI_DIAGONAL, 4, { 17, 22, 27, 32 }, UINT64_C (0x108420000) },  /* f3 e4 d5 c6 */
  { ISLE_DIR_ANTI_DIAGONAL, 3, { 23, 28, 33 }, UINT64_C (0x210800000) },  /* f4 e5 d6 */
};

const IsleLine *
isle_lines (void)
{
  return lines;
}

/* R7: one run of LEN ≥ 3 cells of COLOUR starting at index START of LINE. */
static void
score_run (const IsleBoard *board, const int32_t line_score[7],
           const IsleLine *line, int start, int len, IsleColour colour,
           uint64_t pigs, uint64_t cats, uint64_t crows,
           int32_t totals[ISLE_N_SIDES], IsleScore *breakdown)
{
  uint64_t run = 0;
  int32_t base, multiplier, value, share = 0;
  int crow_side = -1;
  IsleSide side = colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;

  for (int i = start; i < start + len; i++)
    run |= BIT (line->cells[i]);

  base = line_score[len];                                   /* R7.1 */
  multiplier = (run & cats) ? 3 : (run & pigs) ? 2 : 1;     /* R7.2 */
  value = base * multiplier;
  if (run & crows)                                          /* R7.3 */
    {
      int cell = __builtin_ctzll (run & crows);
      crow_side = isle_seat_side (board->cells[cell].seat);
      share = value / 2;
    }

  totals[side] += value - share;
  if (crow_side >= 0)
    totals[crow_side] += share;

  if (breakdown != NULL && breakdown->n_lines < ISLE_MAX_SCORED_LINES)
    {
      IsleLineScore *ls = &breakdown->lines[breakdown->n_lines++];

      ls->colour = (uint8_t) colour;
      ls->dir = line->dir;
      ls->length = (uint8_t) len;
      memset (ls->cells, 0, sizeof ls->cells);
      memcpy (ls->cells, &line->cells[start], (size_t) len);
      ls->base = base;
      ls->multiplier = multiplier;
      ls->value = value;
      ls->crow_side = (int8_t) crow_side;
      ls->crow_share = share;
    }
}

/* R5 by bitboards, for totals only (playouts score millions of maps). Per
 * colour and direction, with N(Y) the tiles whose next tile along the
 * direction is in Y, R_j = X ∩ N(R_j-1) are the tiles that start j tiles of
 * X in a row (R_1 = X); a maximal run starts where X has no previous tile,
 * and its length is 3 + [start ∈ R_4] + [start ∈ R_5] + [start ∈ R_6].
 * Gives the same totals as the line walk below, which the tests check on
 * many random maps. */
typedef struct
{
  const int32_t *line_score;
  uint64_t pigs, cats, crows;
  const IsleBoard *board;
  int32_t sum[ISLE_N_SIDES];
} Totals;

/* The runs of RED and BLUE along one direction: STEP between tiles,
 * HAS_NEXT the tiles with a next tile on the map, RUN_TILES the tiles of a
 * run of each length starting at bit 0 (shifted by its start, a run's
 * tiles). Runs of the two colours never share a tile, so they are found in
 * one loop, and R_4 … R_6 are taken from the union of both colours' R_3.
 * Inlined with constants, every shift is by a constant. */
static ISLE_ALWAYS_INLINE void
score_direction (Totals *t, uint64_t red, uint64_t blue, int step, uint64_t has_next,
                 const uint64_t run_tiles[ISLE_BOARD_SIZE + 1])
{
  uint64_t m = has_next;
  uint64_t r3_red = red & (red >> step) & (red >> 2 * step) & m & (m >> step);
  uint64_t r3_blue = blue & (blue >> step) & (blue >> 2 * step) & m & (m >> step);
  uint64_t starts = (r3_red & ~((red & m) << step)) | (r3_blue & ~((blue & m) << step));
  uint64_t r3 = r3_red | r3_blue;
  uint64_t r4 = r3 & (r3 >> step);
  uint64_t r5 = r4 & (r3 >> 2 * step);
  uint64_t r6 = r5 & (r3 >> 3 * step);
  for (; starts; starts &= starts - 1)
    {
      int cell = __builtin_ctzll (starts);
      int side = (int) ((blue >> cell) & 1);      /* ISLE_SIDE_RED = 0 */
      int len = 3 + (int) ((r4 >> cell) & 1) + (int) ((r5 >> cell) & 1)
                + (int) ((r6 >> cell) & 1);
      uint64_t run = run_tiles[len] << cell;
      /* R7.2: ×3 with a Cat, else ×2 with a Pig. */
      int32_t value = t->line_score[len]
                      * ((run & t->cats) ? 3 : 1 + ((run & t->pigs) != 0));

      if (run & t->crows)                                              /* R7.3 */
        {
          int32_t share = value / 2;
          t->sum[isle_seat_side (t->board->cells[__builtin_ctzll (run & t->crows)].seat)] += share;
          value -= share;
        }
      t->sum[side] += value;
    }
}

static void
score_totals (const IsleBoard *board, const int32_t line_score[7], uint64_t pigs,
              uint64_t cats, uint64_t crows, int32_t totals[ISLE_N_SIDES])
{
  /* Per direction (→ ↓ ↘ ↙): a run of each length starting at bit 0. */
  static const uint64_t run_tiles[ISLE_N_DIRS][ISLE_BOARD_SIZE + 1] = {
    { 0, 0, 0, UINT64_C (0x7), UINT64_C (0xf), UINT64_C (0x1f), UINT64_C (0x3f) },
    { 0, 0, 0, UINT64_C (0x1041), UINT64_C (0x41041), UINT64_C (0x1041041),
      UINT64_C (0x41041041) },
    { 0, 0, 0, UINT64_C (0x4081), UINT64_C (0x204081), UINT64_C (0x10204081),
      UINT64_C (0x810204081) },
    { 0, 0, 0, UINT64_C (0x421), UINT64_C (0x8421), UINT64_C (0x108421),
      UINT64_C (0x2108421) },
  };
  Totals t = { line_score, pigs, cats, crows, board, { 0, 0 } };
  uint64_t red = board->colour[ISLE_COLOUR_RED], blue = board->colour[ISLE_COLOUR_BLUE];

  score_direction (&t, red, blue, 1, UINT64_C (0x7df7df7df), run_tiles[0]);
  score_direction (&t, red, blue, ISLE_BOARD_SIZE, UINT64_C (0x3fffffff), run_tiles[1]);
  score_direction (&t, red, blue, ISLE_BOARD_SIZE + 1, UINT64_C (0x1f7df7df), run_tiles[2]);
  score_direction (&t, red, blue, ISLE_BOARD_SIZE - 1, UINT64_C (0x3efbefbe), run_tiles[3]);
  totals[ISLE_SIDE_RED] += t.sum[ISLE_SIDE_RED];
  totals[ISLE_SIDE_BLUE] += t.sum[ISLE_SIDE_BLUE];
}

void
isle_board_score (const IsleBoard *board, const int32_t line_score[7],
                  int32_t side_totals[ISLE_N_SIDES], IsleScore *breakdown)
{
  const IsleLine *all = isle_lines ();
  /* R7.2, R7.3: face-down Pigs, Cats and Crows count as well. */
  uint64_t pigs = board->kind[ISLE_KIND_PIG];
  uint64_t cats = board->kind[ISLE_KIND_CAT];
  uint64_t crows = board->kind[ISLE_KIND_CROW];
  int32_t totals[ISLE_N_SIDES] = { 0, 0 };

  if (breakdown != NULL)
    breakdown->n_lines = 0;

  if (breakdown == NULL)
    {
      score_totals (board, line_score, pigs, cats, crows, totals);
      side_totals[ISLE_SIDE_RED] = totals[ISLE_SIDE_RED];
      side_totals[ISLE_SIDE_BLUE] = totals[ISLE_SIDE_BLUE];
      return;
    }

  for (int colour = ISLE_COLOUR_RED; colour <= ISLE_COLOUR_BLUE; colour++)
    {
      uint64_t bb = board->colour[colour];

      for (int l = 0; l < ISLE_N_LINES; l++)
        {
          const IsleLine *line = &all[l];
          int run = 0;

          if (isle_popcount (bb & line->mask) < 3)
            continue;
          /* R5: maximal runs; white, empty and the other colour end one. */
          for (int i = 0; i <= line->length; i++)
            {
              if (i < line->length && (bb & BIT (line->cells[i])))
                {
                  run++;
                  continue;
                }
              if (run >= 3)
                score_run (board, line_score, line, i - run, run,
                           (IsleColour) colour, pigs, cats, crows, totals,
                           breakdown);
              run = 0;
            }
        }
    }

  side_totals[ISLE_SIDE_RED] = totals[ISLE_SIDE_RED];
  side_totals[ISLE_SIDE_BLUE] = totals[ISLE_SIDE_BLUE];
  if (breakdown != NULL)
    {
      breakdown->side[ISLE_SIDE_RED] = totals[ISLE_SIDE_RED];
      breakdown->side[ISLE_SIDE_BLUE] = totals[ISLE_SIDE_BLUE];
    }
}
