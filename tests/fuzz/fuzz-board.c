/* fuzz-board.c — the R3 board parser (src/engine/isle-notation.c).
 *
 * Input: any bytes, read as board text. Properties:
 * - isle_board_parse() never crashes; when it refuses, its message is not
 *   empty, in UTF-8 when the text is, and names a row and column within
 *   the board (or none);
 * - a board it accepts can be checked (isle_board_check(), into buffers of
 *   every size, truncating cleanly), printed, and the printed text parses
 *   back to the same board and prints the same again;
 * - isle_token_parse() on the whole input, given its length and no NUL
 *   after it, reads nothing past it.
 */
#include "fuzz-common.h"

#include "isle-notation.h"

static void
assert_same_board (const IsleBoard *a, const IsleBoard *b)
{
  for (int i = 0; i < ISLE_N_CELLS; i++)
    FUZZ_CHECK (memcmp (&a->cells[i], &b->cells[i], sizeof a->cells[i]) == 0);
  FUZZ_CHECK (a->occupied == b->occupied);
  FUZZ_CHECK (a->fog == b->fog);
  FUZZ_CHECK (a->face_down == b->face_down);
  for (int c = 0; c < 3; c++)
    FUZZ_CHECK (a->colour[c] == b->colour[c]);
}

static void
check_accepted (const IsleBoard *board)
{
  static const size_t sizes[] = { 0, 1, 2, 17, 64, 4096 };
  char printed[1024], again[1024], problems[4096];
  IsleBoard reparsed;
  IsleNotationError err;
  size_t n;
  int count = -1;

  /* R1 checks: the same count whatever room the messages get, and each
   * buffer NUL-terminated within its size. */
  for (size_t i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      char *buf = g_malloc (sizes[i] > 0 ? sizes[i] : 1);
      int c = isle_board_check (board, sizes[i] > 0 ? buf : NULL, sizes[i]);

      FUZZ_CHECK (c >= 0);
      FUZZ_CHECK (count < 0 || c == count);
      count = c;
      if (sizes[i] > 0)
        FUZZ_CHECK (memchr (buf, '\0', sizes[i]) != NULL);
      g_free (buf);
    }
  isle_board_check (board, problems, sizeof problems);
  FUZZ_CHECK ((count == 0) == (problems[0] == '\0'));

  /* Print → parse → print is the identity. */
  n = isle_board_format (board, printed, sizeof printed);
  FUZZ_CHECK (n < sizeof printed);
  FUZZ_CHECK (strlen (printed) == n);
  FUZZ_CHECK (isle_board_format (board, NULL, 0) == n);
  if (!isle_board_parse (printed, &reparsed, &err))
    {
      fprintf (stderr, "printed board does not parse back: %s\n%s", err.message, printed);
      FUZZ_CHECK (!"printed board parses back");
    }
  assert_same_board (board, &reparsed);
  FUZZ_CHECK (isle_board_format (&reparsed, again, sizeof again) == n);
  FUZZ_CHECK (strcmp (printed, again) == 0);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, size);
  g_autofree char *exact = fuzz_exact (data, size);
  IsleBoard board;
  IsleNotationError err;
  IsleCell cell;

  if (isle_board_parse (text, &board, &err))
    check_accepted (&board);
  else
    {
      FUZZ_CHECK (err.message[0] != '\0');
      FUZZ_CHECK (memchr (err.message, '\0', sizeof err.message) != NULL);
      if (g_utf8_validate (text, -1, NULL))
        FUZZ_CHECK (g_utf8_validate (err.message, -1, NULL));
      FUZZ_CHECK (err.row >= 0 && err.row <= ISLE_BOARD_SIZE + 1);
      FUZZ_CHECK (err.column >= 0 && err.column <= ISLE_BOARD_SIZE);
    }

  /* One token, as the observation reader and the action parser use it. */
  if (isle_token_parse (exact, size, &cell, &err))
    {
      char buf[8];
      IsleCell back;
      int len = isle_token_format (&cell, cell.seat >= 2 || (size > 1 && exact[1] == '1'), buf);

      FUZZ_CHECK (len > 0 && len < (int) sizeof buf);
      FUZZ_CHECK (isle_token_parse (buf, (size_t) len, &back, &err));
      FUZZ_CHECK (memcmp (&cell, &back, sizeof cell) == 0);
    }
  else
    FUZZ_CHECK (err.message[0] != '\0');
  return 0;
}
