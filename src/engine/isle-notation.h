/* isle-notation.h — R3 position notation: parse and print boards.
 *
 * Pure C11. A board is 6 lines of 6 cells separated by one or more spaces,
 * row 1 first. A cell is `.` (empty), `#` (fog) or a token:
 *   owner  `r` `b` (or `r1` `r2` `b1` `b2` in the team game)
 *   kind   one of W P R B F T C M S G L K O D H
 *   colour (Chameleon only) `r` or `b`, its current colour
 *   `*`    face down
 *   `+`    (Hippo only) its second tile
 * Blank lines before and after the board, trailing spaces and CR line ends
 * are accepted.
 */
#pragma once

#include <stddef.h>

#include "isle-board.h"

typedef struct
{
  int row;            /* 1-based R3 row, 0 when the error is not in a row */
  int column;         /* 1-based column (a = 1), 0 when not in a cell */
  char message[200];  /* what is wrong and what was expected */
} IsleNotationError;

/* Parses one token ("rW", "bLr*", "r2H+") into CELL. A `+` is stored as
 * ISLE_CELL_HIPPO_SECOND. Returns false and fills ERR->message if bad. */
bool isle_token_parse (const char *text, size_t len, IsleCell *cell,
                       IsleNotationError *err);

/* Writes a token's R3 text into BUF (at least 8 bytes); returns its length.
 * TEAM writes seat digits (r1 b1 r2 b2). */
int isle_token_format (const IsleCell *cell, bool team, char *buf);

/* Longest board text isle_board_parse() reads, in bytes: 6 lines of 6
 * cells take a few hundred, however they are spaced. */
#define ISLE_BOARD_TEXT_MAX 16384

/* Parses TEXT (NUL-terminated) into BOARD. On error returns false and ERR
 * names the row and column (1-based) and what was expected. Checks shape
 * only: every `+` Hippo tile must sit next to its first tile. A text longer
 * than ISLE_BOARD_TEXT_MAX is refused unread (row and column 0). */
bool isle_board_parse (const char *text, IsleBoard *board,
                       IsleNotationError *err);

/* Prints BOARD as R3 text (6 lines, each ending in '\n') into BUF of SIZE
 * bytes; cells are padded to one width. Returns the length it needs, like
 * snprintf. Seat digits are written when any token belongs to seat 2 or 3. */
size_t isle_board_format (const IsleBoard *board, char *buf, size_t size);

/* R1: checks that the board could arise in play: no side has more tokens of a
 * kind than it owns, no token lies under fog, fog covers whole quadrants (at
 * most 3). Writes each problem as a line into BUF (SIZE bytes) and returns
 * how many there were. */
int isle_board_check (const IsleBoard *board, char *buf, size_t size);
