/* isle-notation.c — R3 position notation. */
#include "isle-notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BIT(cell) (UINT64_C (1) << (cell))

static const char kind_codes[] = "W P R B F T C M S G L K O D H";

/* A message cut to its buffer may end in part of a UTF-8 character (the
 * quotes are 3 bytes each): drop that part. */
static void
trim_utf8 (char *text)
{
  size_t len = strlen (text);
  size_t start = len;
  size_t need;
  unsigned char lead;

  /* Back to the last lead byte (or ASCII). */
  while (start > 0 && ((unsigned char) text[start - 1] & 0xc0) == 0x80)
    start--;
  if (start == 0)
    return;
  lead = (unsigned char) text[start - 1];
  need = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (len - (start - 1) < need)
    text[start - 1] = '\0';
}

/* How a byte of the input is quoted in a message: itself if it is printable
 * ASCII, else as a hex escape, so that a message never holds part of a
 * character. BUF needs 5 bytes. */
static const char *
quote_byte (char c, char *buf)
{
  unsigned char u = (unsigned char) c;

  if (u >= 0x20 && u < 0x7f)
    snprintf (buf, 5, "%c", c);
  else
    snprintf (buf, 5, "\\x%02x", u);
  return buf;
}

static void
set_error (IsleNotationError *err, int row, int column, const char *format, ...)
{
  va_list args;
  int n = 0;

  if (err == NULL)
    return;
  err->row = row;
  err->column = column;
  if (row > 0 && column > 0)
    n = snprintf (err->message, sizeof err->message, "row %d, column %c (%c%d): ",
                  row, 'a' + column - 1, 'a' + column - 1, row);
  else if (row > 0)
    n = snprintf (err->message, sizeof err->message, "row %d: ", row);
  va_start (args, format);
  vsnprintf (err->message + n, sizeof err->message - (size_t) n, format, args);
  va_end (args);
  trim_utf8 (err->message);
}

static bool
token_parse (const char *text, size_t len, IsleCell *cell, int row,
             int column, IsleNotationError *err)
{
  size_t i = 0;
  IsleSide side;
  int seat;
  IsleKind kind;
  IsleColour colour;
  uint8_t flags = 0;

  memset (cell, 0, sizeof *cell);
  if (len == 0)
    {
      set_error (err, row, column, "empty cell; expected “.”, “#” or a token such as “rW”");
      return false;
    }
  /* R3: owner letter, r or b, with an optional team seat digit (R11). */
  if (text[0] == 'r')
    side = ISLE_SIDE_RED;
  else if (text[0] == 'b')
    side = ISLE_SIDE_BLUE;
  else
    {
      char byte[5];

      set_error (err, row, column, "bad owner “%s” in “%.*s”; expected “r” or “b”",
                 quote_byte (text[0], byte), (int) len, text);
      return false;
    }
  seat = side;
  i = 1;
  if (i < len && (text[i] == '1' || text[i] == '2'))
    {
      seat = side + (text[i] == '2' ? 2 : 0);
      i++;
    }
  if (i >= len)
    {
      set_error (err, row, column, "“%.*s” has no kind; expected one of %s after the owner",
                 (int) len, text, kind_codes);
      return false;
    }
  kind = isle_kind_from_code (text[i]);
  if (kind == ISLE_KIND_NONE)
    {
      char byte[5];

      set_error (err, row, column, "unknown kind “%s” in “%.*s”; expected one of %s",
                 quote_byte (text[i], byte), (int) len, text, kind_codes);
      return false;
    }
  i++;
  colour = isle_kind_start_colour (kind, side);
  /* R3: a Chameleon's current colour may follow it (R8.6). */
  if (kind == ISLE_KIND_CHAMELEON && i < len && (text[i] == 'r' || text[i] == 'b'))
    {
      colour = text[i] == 'r' ? ISLE_COLOUR_RED : ISLE_COLOUR_BLUE;
      i++;
    }
  if (i < len && text[i] == '*')
    {
      flags |= ISLE_CELL_FACE_DOWN;
      i++;
    }
  if (i < len && text[i] == '+')
    {
      if (kind != ISLE_KIND_HIPPO)
        {
          set_error (err, row, column, "“+” after “%.*s”: only a Hippo (H) has a second tile",
                     (int) len, text);
          return false;
        }
      flags |= ISLE_CELL_HIPPO_SECOND;
      i++;
    }
  if (i < len)
    {
      set_error (err, row, column, "unexpected “%.*s” after “%.*s”; a token is owner, kind, "
                 "a colour for a Chameleon, then “*” (face down) or “+” (Hippo's second tile)",
                 (int) (len - i), text + i, (int) i, text);
      return false;
    }
  cell->kind = (uint8_t) kind;
  cell->seat = (uint8_t) seat;
  cell->colour = (uint8_t) colour;
  cell->flags = flags;
  return true;
}

bool
isle_token_parse (const char *text, size_t len, IsleCell *cell,
                  IsleNotationError *err)
{
  return token_parse (text, len, cell, 0, 0, err);
}

int
isle_token_format (const IsleCell *cell, bool team, char *buf)
{
  int n = 0;
  IsleSide side = isle_seat_side (cell->seat);

  if (cell->kind == ISLE_KIND_NONE)
    {
      buf[0] = '.';
      buf[1] = '\0';
      return 1;
    }
  buf[n++] = side == ISLE_SIDE_RED ? 'r' : 'b';
  if (team)
    buf[n++] = cell->seat >= 2 ? '2' : '1';
  buf[n++] = isle_kind_info ((IsleKind) cell->kind)->code;
  if (cell->kind == ISLE_KIND_CHAMELEON
      && cell->colour != isle_kind_start_colour (ISLE_KIND_CHAMELEON, side))
    buf[n++] = cell->colour == ISLE_COLOUR_RED ? 'r' : 'b';
  if (cell->flags & ISLE_CELL_FACE_DOWN)
    buf[n++] = '*';
  if (cell->flags & ISLE_CELL_HIPPO_SECOND)
    buf[n++] = '+';
  buf[n] = '\0';
  return n;
}

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool
line_is_blank (const char *p, const char *end)
{
  for (; p < end; p++)
    if (!is_space (*p))
      return false;
  return true;
}

bool
isle_board_parse (const char *text, IsleBoard *board, IsleNotationError *err)
{
  IsleBoard b;
  int row = 0;
  const char *p = text;

  isle_board_clear (&b);
  if (err != NULL)
    memset (err, 0, sizeof *err);
  /* Untrusted text (files, the command line): read a bounded amount. */
  if (strnlen (text, ISLE_BOARD_TEXT_MAX + 1) > ISLE_BOARD_TEXT_MAX)
    {
      set_error (err, 0, 0, "the text is longer than %d bytes; a board is %d lines of %d cells",
                 ISLE_BOARD_TEXT_MAX, ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
      return false;
    }

  while (*p)
    {
      const char *eol = strchr (p, '\n');
      const char *end = eol ? eol : p + strlen (p);
      int column = 0;

      if (line_is_blank (p, end))
        {
          p = eol ? eol + 1 : end;
          continue;
        }
      row++;
      if (row > ISLE_BOARD_SIZE)
        {
          set_error (err, row, 0, "too many rows; a board has %d rows of %d cells",
                     ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
          return false;
        }
      for (const char *q = p; q < end;)
        {
          const char *start;

          while (q < end && is_space (*q))
            q++;
          if (q >= end)
            break;
          start = q;
          while (q < end && !is_space (*q))
            q++;
          column++;
          if (column > ISLE_BOARD_SIZE)
            {
              set_error (err, row, 0, "more than %d cells; expected %d cells separated by spaces",
                         ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
              return false;
            }
          {
            int cell = isle_cell (column - 1, row - 1);
            size_t len = (size_t) (q - start);

            if (len == 1 && *start == '.')
              continue;
            if (len == 1 && *start == '#')
              {
                b.fog |= BIT (cell);
                continue;
              }
            if (!token_parse (start, len, &b.cells[cell], row, column, err))
              return false;
          }
        }
      if (column < ISLE_BOARD_SIZE)
        {
          set_error (err, row, 0, "%d cell%s; expected %d cells separated by spaces",
                     column, column == 1 ? "" : "s", ISLE_BOARD_SIZE);
          return false;
        }
      p = eol ? eol + 1 : end;
    }
  if (row < ISLE_BOARD_SIZE)
    {
      set_error (err, row + 1, 0, "the board has %d row%s; expected %d rows of %d cells",
                 row, row == 1 ? "" : "s", ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
      return false;
    }

  /* R3, R8.9: a `+` tile sits next to its Hippo's first tile, which has
   * exactly that one second tile. */
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &b.cells[cell];
      int partners = 0;

      bool second;

      if (c->kind != ISLE_KIND_HIPPO || (c->flags & ISLE_CELL_FACE_DOWN))
        continue;
      second = (c->flags & ISLE_CELL_HIPPO_SECOND) != 0;
      /* Count the matching other halves next to this tile. */
      for (uint64_t n = isle_cell_neighbours (cell); n; n &= n - 1)
        {
          const IsleCell *o = &b.cells[__builtin_ctzll (n)];
          if (o->kind == ISLE_KIND_HIPPO && o->seat == c->seat
              && !(o->flags & ISLE_CELL_FACE_DOWN)
              && ((o->flags & ISLE_CELL_HIPPO_SECOND) != 0) != second)
            partners++;
        }
      if (second && partners == 0)
        {
          set_error (err, isle_cell_row (cell) + 1, isle_cell_column (cell) + 1,
                     "a Hippo's second tile (“+”) must be next to its first tile, "
                     "a face-up Hippo of the same owner");
          return false;
        }
      if (!second && partners > 1)
        {
          set_error (err, isle_cell_row (cell) + 1, isle_cell_column (cell) + 1,
                     "a Hippo lies across two tiles; this one has %d second tiles (“+”) "
                     "next to it, expected at most 1", partners);
          return false;
        }
    }

  isle_board_sync (&b);
  *board = b;
  return true;
}

static bool
board_is_team (const IsleBoard *board)
{
  for (int i = 0; i < ISLE_N_CELLS; i++)
    if (board->cells[i].kind != ISLE_KIND_NONE && board->cells[i].seat >= 2)
      return true;
  return false;
}

size_t
isle_board_format (const IsleBoard *board, char *buf, size_t size)
{
  char text[ISLE_N_CELLS][8];
  int width = 1;
  size_t n = 0;
  bool team = board_is_team (board);

  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      int w;
      if (board->cells[i].kind != ISLE_KIND_NONE)
        w = isle_token_format (&board->cells[i], team, text[i]);
      else
        {
          text[i][0] = (board->fog & BIT (i)) ? '#' : '.';
          text[i][1] = '\0';
          w = 1;
        }
      if (w > width)
        width = w;
    }

#define EMIT(c) do { if (n + 1 < size) buf[n] = (c); n++; } while (0)
  for (int r = 0; r < ISLE_BOARD_SIZE; r++)
    {
      for (int c = 0; c < ISLE_BOARD_SIZE; c++)
        {
          const char *t = text[isle_cell (c, r)];
          int len = (int) strlen (t);

          for (int k = 0; k < len; k++)
            EMIT (t[k]);
          if (c < ISLE_BOARD_SIZE - 1)
            for (int k = len; k <= width; k++)
              EMIT (' ');
        }
      EMIT ('\n');
    }
#undef EMIT
  if (size > 0)
    buf[n < size ? n : size - 1] = '\0';
  return n;
}

typedef struct
{
  char *buf;
  size_t size;
  size_t used;
  int count;
} Problems;

static void
problem (Problems *p, const char *format, ...)
{
  va_list args;

  p->count++;
  if (p->used >= p->size)
    return;
  va_start (args, format);
  p->used += (size_t) vsnprintf (p->buf + p->used, p->size - p->used, format, args);
  va_end (args);
  if (p->used < p->size)
    {
      p->buf[p->used++] = '\n';
      p->buf[p->used < p->size ? p->used : p->size - 1] = '\0';
    }
}

int
isle_board_check (const IsleBoard *board, char *buf, size_t size)
{
  static const char *const side_names[ISLE_N_SIDES] = { "Red", "Blue" };
  int count[ISLE_N_SIDES][ISLE_N_KINDS] = { { 0 } };
  Problems p = { buf, size, 0, 0 };
  int fog_boards = 0;

  if (size > 0)
    buf[0] = '\0';

  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      const IsleCell *c = &board->cells[i];
      char name[3];

      if (c->kind == ISLE_KIND_NONE)
        continue;
      isle_cell_name (i, name);
      if (!(c->flags & ISLE_CELL_HIPPO_SECOND))
        count[isle_seat_side (c->seat)][c->kind]++;
      /* R8.6: a face-down Chameleon keeps the opponent's colour. */
      if (c->kind == ISLE_KIND_CHAMELEON && (c->flags & ISLE_CELL_FACE_DOWN)
          && c->colour != isle_kind_start_colour (ISLE_KIND_CHAMELEON, isle_seat_side (c->seat)))
        problem (&p, "%s: a face-down Chameleon keeps its starting colour (R8.6)", name);
      /* R8.9: a face-down Hippo takes one tile. */
      if (c->kind == ISLE_KIND_HIPPO && (c->flags & ISLE_CELL_FACE_DOWN)
          && (c->flags & ISLE_CELL_HIPPO_SECOND))
        problem (&p, "%s: a face-down Hippo takes one tile, it has no second tile (R8.9)", name);
    }

  /* R1, R9.3: a side owns 9 Wolves, 2 Pigs, 4 Rats, 3 Rabbits; each
   * mercenary it holds stands for one basic token of the kind it replaces. */
  for (int s = 0; s < ISLE_N_SIDES; s++)
    {
      int total = 0;

      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        {
          const IsleKindInfo *info = isle_kind_info ((IsleKind) k);
          int n = count[s][k];

          total += n;
          if (info->mercenary)
            {
              if (n > info->supply)
                problem (&p, "%s has %d %s tokens; a side owns %d (R1)", side_names[s],
                         n, info->name, info->supply);
              continue;
            }
          for (int m = ISLE_FIRST_MERCENARY; m < ISLE_N_KINDS; m++)
            if ((int) isle_kind_info ((IsleKind) m)->replaces == k)
              n += count[s][m];
          if (n > info->supply)
            problem (&p, "%s has %d %s tokens (with the mercenaries that replace them); "
                     "a side owns %d (R1, R9.3)", side_names[s], n, info->name, info->supply);
        }
      if (total > ISLE_SIDE_TOKENS)
        problem (&p, "%s has %d tokens on the map; a side has %d (R1)", side_names[s],
                 total, ISLE_SIDE_TOKENS);
    }

  /* R6.6: tokens are only ever placed on open tiles. */
  for (uint64_t under = board->occupied & board->fog; under; under &= under - 1)
    {
      char name[3];
      problem (&p, "%s: a token lies under fog; tokens are only placed on open tiles (R6.6)",
               isle_cell_name (__builtin_ctzll (under), name));
    }

  /* R1, R6.3: fog boards cover whole quadrants, at most 3 of them. */
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);
      uint64_t f = board->fog & m;

      if (f == m)
        fog_boards++;
      else if (f != 0)
        problem (&p, "fog (“#”) covers part of quadrant %s; a fog board covers a whole "
                 "quadrant (R1)", isle_quadrant_id (q));
    }
  if (fog_boards > ISLE_N_FOG_BOARDS)
    problem (&p, "fog covers %d quadrants; there are %d fog boards (R1)", fog_boards,
             ISLE_N_FOG_BOARDS);
  return p.count;
}
