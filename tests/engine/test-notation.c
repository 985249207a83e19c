/* test-notation.c — R3 position notation: parse, print, errors, and the R1
 * checks of isle_board_check().
 */
#include <string.h>

#include "isle-test-util.h"

/* ---- helpers ------------------------------------------------------------ */

static void
assert_boards_equal (const IsleBoard *a, const IsleBoard *b)
{
  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      char name[4];
      const IsleCell *x = &a->cells[i], *y = &b->cells[i];

      if (x->kind != y->kind || x->seat != y->seat || x->colour != y->colour
          || x->flags != y->flags)
        g_error ("cell %s differs: kind %d/%d seat %d/%d colour %d/%d flags %d/%d",
                 isle_cell_name (i, name), x->kind, y->kind, x->seat, y->seat,
                 x->colour, y->colour, x->flags, y->flags);
    }
  g_assert_cmphex (a->occupied, ==, b->occupied);
  g_assert_cmphex (a->fog, ==, b->fog);
  g_assert_cmphex (a->face_down, ==, b->face_down);
  for (int c = 0; c < 3; c++)
    g_assert_cmphex (a->colour[c], ==, b->colour[c]);
}

/* Formats BOARD into a new string (checking the snprintf-like length). */
static char *
format_board (const IsleBoard *board)
{
  char buf[1024];
  size_t n = isle_board_format (board, buf, sizeof buf);

  g_assert_cmpuint (n, <, sizeof buf);
  g_assert_cmpuint (strlen (buf), ==, n);
  return g_strdup (buf);
}

/* Parse → format → parse: the board survives and the text is a fixed
 * point. Returns the formatted text. */
static char *
round_trip (const char *text)
{
  IsleBoard a = isle_test_board (text), b;
  g_autofree char *printed = format_board (&a);
  g_autofree char *again = NULL;

  b = isle_test_board (printed);
  assert_boards_equal (&a, &b);
  again = format_board (&b);
  g_assert_cmpstr (printed, ==, again);
  return g_steal_pointer (&printed);
}

/* Parses TEXT into BOARD and round-trips it; returns the formatted text. */
static char *
parse_round_trip (const char *text, IsleBoard *board)
{
  *board = isle_test_board (text);
  return round_trip (text);
}

/* Parses TEXT expecting an error at ROW/COLUMN whose message contains each
 * of the NULL-terminated needles. */
static void
assert_parse_error (const char *text, int row, int column, ...)
{
  IsleBoard board;
  IsleNotationError err;
  va_list args;
  const char *needle;

  memset (&err, 0x5a, sizeof err);
  err.message[sizeof err.message - 1] = '\0';
  if (isle_board_parse (text, &board, &err))
    g_error ("board parsed but should not have:\n%s", text);
  g_test_message ("error: row %d column %d: %s", err.row, err.column, err.message);
  g_assert_cmpint (err.row, ==, row);
  g_assert_cmpint (err.column, ==, column);
  g_assert_cmpuint (strlen (err.message), >, 0);
  va_start (args, column);
  while ((needle = va_arg (args, const char *)) != NULL)
    if (strstr (err.message, needle) == NULL)
      g_error ("error message “%s” does not mention “%s”", err.message, needle);
  va_end (args);
}

/* Runs isle_board_check on TEXT, asserts it finds N problems and that the
 * report mentions each NULL-terminated needle. */
static void
assert_check (const char *text, int n, ...)
{
  IsleBoard board = isle_test_board (text);
  char buf[2048];
  va_list args;
  const char *needle;
  int got;

  memset (buf, 'x', sizeof buf);
  got = isle_board_check (&board, buf, sizeof buf);
  g_test_message ("check: %d problem(s):\n%s", got, buf);
  g_assert_cmpint (got, ==, n);
  g_assert_nonnull (memchr (buf, '\0', sizeof buf));
  if (n == 0)
    g_assert_cmpstr (buf, ==, "");
  else
    g_assert_cmpuint (strlen (buf), >, 0);
  va_start (args, n);
  while ((needle = va_arg (args, const char *)) != NULL)
    if (strstr (buf, needle) == NULL)
      g_error ("check report “%s” does not mention “%s”", buf, needle);
  va_end (args);
}

#define EMPTY_ROW ".  .  .  .  .  .\n"
/* An empty row as printed when the widest token is 3 characters wide. */
#define EMPTY_ROW_WIDE ".   .   .   .   .   .\n"

/* The R3 example, exactly as doc/rules.md prints it. */
static const char r3_example[] =
  "rW rW rP rW bW .\n"
  "bR .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

/* ---- parsing ------------------------------------------------------------- */

static void
test_r3_example_parses (void)
{
  IsleBoard b = isle_test_board (r3_example);
  const IsleCell *c;

  g_assert_cmpint (isle_popcount (b.occupied), ==, 6);
  g_assert_cmphex (b.fog, ==, 0);
  g_assert_cmphex (b.face_down, ==, 0);
  /* a1 rW: Red's Wolf, red. */
  c = &b.cells[isle_cell_from_name ("a1")];
  g_assert_cmpint (c->kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (isle_seat_side (c->seat), ==, ISLE_SIDE_RED);
  g_assert_cmpint (c->colour, ==, ISLE_COLOUR_RED);
  /* c1 rP */
  c = &b.cells[isle_cell_from_name ("c1")];
  g_assert_cmpint (c->kind, ==, ISLE_KIND_PIG);
  /* e1 bW: blue. */
  c = &b.cells[isle_cell_from_name ("e1")];
  g_assert_cmpint (c->colour, ==, ISLE_COLOUR_BLUE);
  g_assert_cmpint (isle_seat_side (c->seat), ==, ISLE_SIDE_BLUE);
  /* a2 bR: Blue's Rat, which is red (R2). */
  c = &b.cells[isle_cell_from_name ("a2")];
  g_assert_cmpint (c->kind, ==, ISLE_KIND_RAT);
  g_assert_cmpint (isle_seat_side (c->seat), ==, ISLE_SIDE_BLUE);
  g_assert_cmpint (c->colour, ==, ISLE_COLOUR_RED);
  /* Bitboards: a1 b1 c1 d1 a2 red, e1 blue. */
  g_assert_cmphex (b.colour[ISLE_COLOUR_RED], ==,
                   UINT64_C (0xf) | (UINT64_C (1) << isle_cell_from_name ("a2")));
  g_assert_cmphex (b.colour[ISLE_COLOUR_BLUE], ==, UINT64_C (1) << isle_cell_from_name ("e1"));
  g_assert_cmpint (b.cells[isle_cell_from_name ("f1")].kind, ==, ISLE_KIND_NONE);
}

static void
test_r3_example_prints_exactly (void)
{
  IsleBoard b = isle_test_board (r3_example);
  g_autofree char *text = format_board (&b);

  /* Each cell padded to the widest token plus one space, no trailing
   * spaces, every row ends in '\n'. */
  g_assert_cmpstr (text, ==, r3_example);
}

static void
test_r3_empty_board_prints (void)
{
  IsleBoard b = isle_test_board (EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW);
  g_autofree char *text = format_board (&b);

  g_assert_cmphex (b.occupied, ==, 0);
  /* Widest token is "." (1): one space between cells. */
  g_assert_cmpstr (text, ==,
                   ". . . . . .\n. . . . . .\n. . . . . .\n"
                   ". . . . . .\n. . . . . .\n. . . . . .\n");
}

static void
test_r3_padding_follows_widest_token (void)
{
  /* rLr is 3 wide: every cell takes 4 columns except the last of a row. */
  IsleBoard b = isle_test_board ("rW rW rLr . . .\n" EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW
                                 ". . . . . bW*\n");
  g_autofree char *text = format_board (&b);

  g_assert_cmpstr (text, ==,
                   "rW  rW  rLr .   .   .\n"
                   EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE
                   ".   .   .   .   .   bW*\n");
}

static void
test_r3_format_length_like_snprintf (void)
{
  IsleBoard b = isle_test_board (r3_example);
  char small[10];
  char one[1] = { 'x' };
  size_t n;

  memset (small, 'x', sizeof small);
  n = isle_board_format (&b, small, sizeof small);
  g_assert_cmpuint (n, ==, strlen (r3_example));
  g_assert_cmpuint (strlen (small), ==, sizeof small - 1);
  g_assert_true (strncmp (small, r3_example, sizeof small - 1) == 0);
  n = isle_board_format (&b, one, sizeof one);
  g_assert_cmpuint (n, ==, strlen (r3_example));
  g_assert_cmpint (one[0], ==, '\0');
}

static void
test_r3_round_trip_plain (void)
{
  g_autofree char *a = round_trip (r3_example);
  g_autofree char *b = round_trip ("rW rW rW bW bW rP\n"
                                   "rR rW bR rB bW rW\n"
                                   "rC bK rW bW* bM bW\n"
                                   "bP rF bP rW* rD bW\n"
                                   "bO bW rL rK rS bW*\n"
                                   "rB bH bH+ bB bL rO\n");

  g_assert_cmpstr (a, ==, r3_example);
  g_assert_true (g_str_has_prefix (b, "rW  rW  rW  bW  bW  rP\n"));
}

static void
test_r3_team_seats (void)
{
  IsleBoard b;
  g_autofree char *text = parse_round_trip ("r1W b2P r2W b1R . .\n" EMPTY_ROW EMPTY_ROW
                                            EMPTY_ROW EMPTY_ROW EMPTY_ROW, &b);

  /* R1/R11: seats R1=0, B1=1, R2=2, B2=3; the side is seat & 1. */
  g_assert_cmpint (b.cells[0].seat, ==, 0);
  g_assert_cmpint (b.cells[1].seat, ==, 3);
  g_assert_cmpint (b.cells[2].seat, ==, 2);
  g_assert_cmpint (b.cells[3].seat, ==, 1);
  g_assert_cmpint (b.cells[1].colour, ==, ISLE_COLOUR_BLUE);
  g_assert_cmpint (b.cells[2].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (b.cells[3].colour, ==, ISLE_COLOUR_RED);   /* b1R is red */
  /* With a seat-2 token present, every token is printed with its digit. */
  g_assert_cmpstr (text, ==,
                   "r1W b2P r2W b1R .   .\n"
                   EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE);
}

static void
test_r3_chameleon_colours (void)
{
  IsleBoard b;
  g_autofree char *text = parse_round_trip ("rL rLr rLb bL bLr bLb\n" EMPTY_ROW EMPTY_ROW
                                            EMPTY_ROW EMPTY_ROW EMPTY_ROW, &b);

  /* R2/R8.6: a Chameleon starts in the opponent's colour. */
  g_assert_cmpint (b.cells[0].colour, ==, ISLE_COLOUR_BLUE);
  g_assert_cmpint (b.cells[1].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (b.cells[2].colour, ==, ISLE_COLOUR_BLUE);
  g_assert_cmpint (b.cells[3].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (b.cells[4].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (b.cells[5].colour, ==, ISLE_COLOUR_BLUE);
  for (int i = 0; i < 6; i++)
    g_assert_cmpint (b.cells[i].kind, ==, ISLE_KIND_CHAMELEON);
  /* R3: the colour is written only when it differs from the starting one:
   * rLb is printed back as rL, bLr as bL. */
  g_assert_cmpstr (text, ==,
                   "rL  rLr rL  bL  bL  bLb\n"
                   EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE EMPTY_ROW_WIDE);
}

static void
test_r3_face_down (void)
{
  IsleBoard b = isle_test_board ("rW* bK* rP . . .\n" EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW
                                 ". . . . . bLr*\n");
  g_autofree char *text = round_trip ("rW* bK* rP . . .\n" EMPTY_ROW EMPTY_ROW EMPTY_ROW
                                      EMPTY_ROW ". . . . . bC*\n");

  g_assert_true (b.cells[0].flags & ISLE_CELL_FACE_DOWN);
  g_assert_true (b.cells[1].flags & ISLE_CELL_FACE_DOWN);
  g_assert_false (b.cells[2].flags & ISLE_CELL_FACE_DOWN);
  g_assert_cmphex (b.face_down, ==, UINT64_C (3) | (UINT64_C (1) << 35));
  /* The true kind and colour are kept (R6.4, R12). */
  g_assert_cmpint (b.cells[1].kind, ==, ISLE_KIND_CROW);
  g_assert_cmpint (b.cells[1].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (b.cells[35].colour, ==, ISLE_COLOUR_RED);
  g_assert_true (g_str_has_prefix (text, "rW* bK* rP  .   .   .\n"));
  g_assert_true (g_str_has_suffix (text, ".   .   .   .   .   bC*\n"));
}

static void
test_r3_hippo_second_tile (void)
{
  /* R3 example: rH at c3 and rH+ at d3; also a vertical Hippo of Blue's. */
  IsleBoard b;
  g_autofree char *text = parse_round_trip (EMPTY_ROW EMPTY_ROW
                                            ". . rH rH+ . .\n"
                                            ". . . . . bH\n"
                                            ". . . . . bH+\n" EMPTY_ROW, &b);
  int c3 = isle_test_cell ("c3"), d3 = isle_test_cell ("d3");

  g_assert_cmpint (b.cells[c3].kind, ==, ISLE_KIND_HIPPO);
  g_assert_cmpint (b.cells[d3].kind, ==, ISLE_KIND_HIPPO);
  g_assert_false (b.cells[c3].flags & ISLE_CELL_HIPPO_SECOND);
  g_assert_true (b.cells[d3].flags & ISLE_CELL_HIPPO_SECOND);
  g_assert_cmpint (b.cells[d3].colour, ==, ISLE_COLOUR_WHITE);
  /* Both tiles are occupied and white. */
  g_assert_true (b.occupied & (UINT64_C (1) << d3));
  g_assert_true (b.colour[ISLE_COLOUR_WHITE] & (UINT64_C (1) << d3));
  g_assert_cmpstr (text, ==,
                   EMPTY_ROW_WIDE EMPTY_ROW_WIDE
                   ".   .   rH  rH+ .   .\n"
                   ".   .   .   .   .   bH\n"
                   ".   .   .   .   .   bH+\n"
                   EMPTY_ROW_WIDE);
  /* The second tile may come first in reading order. */
  isle_test_board (". rH+ rH . . .\n" EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW);
}

static void
test_r3_fog (void)
{
  IsleBoard b = isle_test_board ("# # # . . .\n"
                                 "# # # . . .\n"
                                 "# # # . . .\n"
                                 ". . . # # #\n"
                                 ". . . # # #\n"
                                 ". . . # # #\n");
  g_autofree char *text = round_trip ("# # # rW . .\n"
                                      "# # # . . .\n"
                                      "# # # . . .\n"
                                      ". . . # # #\n"
                                      ". . . # # #\n"
                                      ". . . # # #\n");

  g_assert_cmphex (b.fog, ==, isle_quadrant_mask (0) | isle_quadrant_mask (3));
  g_assert_cmphex (b.occupied, ==, 0);
  g_assert_true (g_str_has_prefix (text, "#  #  #  rW .  .\n"));
}

static void
test_r3_whitespace_tolerated (void)
{
  IsleBoard want = isle_test_board (r3_example);
  static const char *const variants[] = {
    /* extra spaces and tabs between cells, leading and trailing blanks */
    "rW   rW\trP \t rW bW  .\n"
    "  bR . . . . .   \n"
    "\t. . . . . .\n"
    ". . . . . .\t\n"
    ". . . . . .\n"
    ". . . . . .\n",
    /* CRLF line ends */
    "rW rW rP rW bW .\r\n"
    "bR .  .  .  .  .\r\n"
    ".  .  .  .  .  .\r\n"
    ".  .  .  .  .  .\r\n"
    ".  .  .  .  .  .\r\n"
    ".  .  .  .  .  .\r\n",
    /* blank lines before and after, no final newline */
    "\n\n   \n"
    "rW rW rP rW bW .\n"
    "bR .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "\n\r\n  \n",
    /* no newline after the last row */
    "rW rW rP rW bW .\nbR . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      IsleBoard got = isle_test_board (variants[i]);
      g_autofree char *text = format_board (&got);

      assert_boards_equal (&got, &want);
      g_assert_cmpstr (text, ==, r3_example);
    }
}

/* ---- tokens ---------------------------------------------------------------- */

static void
test_r3_token_round_trip_every_kind (void)
{
  static const char codes[] = "WPRBFTCMSGLKODH";

  g_assert_cmpint (strlen (codes), ==, ISLE_N_KINDS - 1);
  for (const char *k = codes; *k; k++)
    {
      IsleKind kind = isle_kind_from_code (*k);

      g_assert_cmpint (kind, !=, ISLE_KIND_NONE);
      g_assert_cmpint (isle_kind_info (kind)->code, ==, *k);
      for (int team = 0; team < 2; team++)
        for (int seat = 0; seat < (team ? 4 : 2); seat++)
          for (int down = 0; down < 2; down++)
            {
              char text[16], buf[16];
              IsleCell cell;
              IsleNotationError err;
              int n;

              if (team)
                g_snprintf (text, sizeof text, "%c%c%c%s", "rbrb"[seat], "1122"[seat], *k,
                            down ? "*" : "");
              else
                g_snprintf (text, sizeof text, "%c%c%s", "rb"[seat], *k, down ? "*" : "");
              memset (&err, 0, sizeof err);
              if (!isle_token_parse (text, strlen (text), &cell, &err))
                g_error ("token “%s” does not parse: %s", text, err.message);
              g_assert_cmpint (cell.kind, ==, kind);
              g_assert_cmpint (cell.seat, ==, seat);
              g_assert_cmpint (cell.colour, ==,
                               isle_kind_start_colour (kind, isle_seat_side (seat)));
              g_assert_cmpint (!!(cell.flags & ISLE_CELL_FACE_DOWN), ==, down);
              g_assert_false (cell.flags & ISLE_CELL_HIPPO_SECOND);
              n = isle_token_format (&cell, team, buf);
              g_assert_cmpint (n, ==, (int) strlen (text));
              g_assert_cmpstr (buf, ==, text);
            }
    }
}

static void
test_r3_token_colours_follow_r2 (void)
{
  static const struct { const char *token; IsleColour colour; } cases[] = {
    { "rW", ISLE_COLOUR_RED }, { "bW", ISLE_COLOUR_BLUE },
    { "rP", ISLE_COLOUR_RED }, { "rC", ISLE_COLOUR_RED },
    { "rF", ISLE_COLOUR_RED }, { "bT", ISLE_COLOUR_BLUE },
    { "bM", ISLE_COLOUR_BLUE }, { "rS", ISLE_COLOUR_RED }, { "bG", ISLE_COLOUR_BLUE },
    { "rR", ISLE_COLOUR_BLUE }, { "bR", ISLE_COLOUR_RED },
    { "rK", ISLE_COLOUR_BLUE }, { "bK", ISLE_COLOUR_RED },
    { "rO", ISLE_COLOUR_BLUE }, { "bO", ISLE_COLOUR_RED },
    { "rL", ISLE_COLOUR_BLUE }, { "rLr", ISLE_COLOUR_RED }, { "rLb", ISLE_COLOUR_BLUE },
    { "bL", ISLE_COLOUR_RED }, { "bLb", ISLE_COLOUR_BLUE }, { "bLr*", ISLE_COLOUR_RED },
    { "rB", ISLE_COLOUR_WHITE }, { "bD", ISLE_COLOUR_WHITE }, { "rH", ISLE_COLOUR_WHITE },
    { "bH+", ISLE_COLOUR_WHITE }, { "r2K*", ISLE_COLOUR_BLUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IsleCell cell;
      IsleNotationError err;

      if (!isle_token_parse (cases[i].token, strlen (cases[i].token), &cell, &err))
        g_error ("token “%s” does not parse: %s", cases[i].token, err.message);
      if (cell.colour != cases[i].colour)
        g_error ("token “%s” has colour %d, expected %d", cases[i].token, cell.colour,
                 cases[i].colour);
    }
}

static void
test_r3_token_chameleon_suffix (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "rL", "rL" }, { "rLb", "rL" }, { "rLr", "rLr" },
    { "bL", "bL" }, { "bLr", "bL" }, { "bLb", "bLb" },
    { "rLr*", "rLr*" }, { "bLb*", "bLb*" }, { "rLb*", "rL*" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IsleCell cell;
      IsleNotationError err;
      char buf[16];

      g_assert_true (isle_token_parse (cases[i].in, strlen (cases[i].in), &cell, &err));
      isle_token_format (&cell, false, buf);
      g_assert_cmpstr (buf, ==, cases[i].out);
    }
}

static void
test_r3_token_errors (void)
{
  static const struct { const char *token; const char *needle; } cases[] = {
    { "gW", "owner" },       /* bad owner */
    { "WW", "owner" },
    { "rX", "kind" },        /* unknown kind */
    { "r", "kind" },         /* owner only */
    { "r3W", "kind" },       /* no seat 3: '3' is not a kind */
    { "rWW", "W" },          /* junk after the token */
    { "rW**", "*" },
    { "rW+", "Hippo" },      /* + on a non-Hippo */
    { "rLg", "g" },
    { "rW*x", "x" },
    { "rH+*", "*" },         /* order is colour, *, + */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IsleCell cell;
      IsleNotationError err;

      memset (&err, 0, sizeof err);
      if (isle_token_parse (cases[i].token, strlen (cases[i].token), &cell, &err))
        g_error ("bad token “%s” was accepted", cases[i].token);
      g_test_message ("%s: %s", cases[i].token, err.message);
      g_assert_cmpint (err.row, ==, 0);
      g_assert_cmpint (err.column, ==, 0);
      if (strstr (err.message, cases[i].needle) == NULL)
        g_error ("message for “%s” (“%s”) does not mention “%s”", cases[i].token,
                 err.message, cases[i].needle);
    }
  /* LEN is honoured: "rWxyz" with length 2 is "rW". */
  {
    IsleCell cell;
    IsleNotationError err;

    g_assert_true (isle_token_parse ("rWxyz", 2, &cell, &err));
    g_assert_cmpint (cell.kind, ==, ISLE_KIND_WOLF);
  }
}

/* ---- board errors name row and column -------------------------------------- */

static void
test_r3_error_five_rows (void)
{
  assert_parse_error (r3_example + strlen ("rW rW rP rW bW .\n"), 6, 0, "6 rows", "5", NULL);
}

static void
test_r3_error_seven_rows (void)
{
  g_autofree char *text = g_strconcat (r3_example, EMPTY_ROW, NULL);

  assert_parse_error (text, 7, 0, "6 rows", NULL);
}

static void
test_r3_error_no_rows (void)
{
  assert_parse_error ("", 1, 0, "6 rows", NULL);
  assert_parse_error ("\n  \n\r\n", 1, 0, "6 rows", NULL);
}

static void
test_r3_error_five_cells (void)
{
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  .  .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 0, "6 cells", "5", NULL);
}

static void
test_r3_error_seven_cells (void)
{
  assert_parse_error (EMPTY_ROW
                      ".  .  .  .  .  .  rW\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 2, 0, "6 cells", NULL);
}

static void
test_r3_error_unknown_kind (void)
{
  assert_parse_error ("rW rW rP rW bW .\n"
                      "bR .  .  .  .  .\n"
                      ".  .  rX .  .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 3,
                      "row 3", "c3", "unknown kind", "X", "W P R B", NULL);
}

static void
test_r3_error_bad_owner (void)
{
  assert_parse_error (EMPTY_ROW EMPTY_ROW EMPTY_ROW
                      ".  .  .  gW .  .\n"
                      EMPTY_ROW EMPTY_ROW, 4, 4, "row 4", "d4", "owner", "“r” or “b”", NULL);
}

static void
test_r3_error_junk_after_token (void)
{
  assert_parse_error (EMPTY_ROW
                      ".  rWW .  .  .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 2, 2, "b2", "rW", NULL);
  assert_parse_error (EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW
                      ".  .  .  .  rW** .\n"
                      EMPTY_ROW, 5, 5, "e5", "*", NULL);
  /* A cell glued to the next one is junk too: "rWbW". */
  assert_parse_error ("rWbW .  .  .  .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, 1, "a1", NULL);
}

static void
test_r3_error_plus_on_non_hippo (void)
{
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  rW rW+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 4, "d3", "Hippo", NULL);
}

static void
test_r3_error_lone_hippo_second_tile (void)
{
  /* rH+ at d3 with no rH beside it. */
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  .  rH+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 4, "d3", "Hippo", "first tile", NULL);
  /* A first tile diagonal to it does not count (R1: adjacent is orthogonal). */
  assert_parse_error (EMPTY_ROW
                      ".  .  rH .  .  .\n"
                      ".  .  .  rH+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 4, "d3", "first tile", NULL);
  /* Nor does the other side's Hippo. */
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  bH rH+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 4, "d3", NULL);
  /* Nor a second "+" tile. */
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  rH+ rH+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 3, "c3", NULL);
  /* Nor a face-down Hippo: it takes one tile (R8.9). */
  assert_parse_error (EMPTY_ROW EMPTY_ROW
                      ".  .  rH* rH+ .  .\n"
                      EMPTY_ROW EMPTY_ROW EMPTY_ROW, 3, 4, "d3", NULL);
}

static void
test_r3_hippo_has_two_tiles_only (void)
{
  /* R8.9: a Hippo lies across two tiles; rH with a "+" tile on each side
   * would be three. The parser or isle_board_check must object. */
  const char *text = EMPTY_ROW EMPTY_ROW
                     ".  .  rH+ rH rH+ .\n"
                     EMPTY_ROW EMPTY_ROW EMPTY_ROW;
  IsleBoard board;
  IsleNotationError err;
  char buf[512];

  if (!isle_board_parse (text, &board, &err))
    {
      g_test_message ("parse: row %d column %d: %s", err.row, err.column, err.message);
      g_assert_cmpint (err.row, ==, 3);
      g_assert_true (strstr (err.message, "Hippo") != NULL);
      return;
    }
  g_assert_cmpint (isle_board_check (&board, buf, sizeof buf), >=, 1);
  g_assert_true (strstr (buf, "Hippo") != NULL);
}

static void
test_r3_error_leaves_board_untouched (void)
{
  IsleBoard board = isle_test_board (r3_example), before = board;
  IsleNotationError err;

  g_assert_false (isle_board_parse ("rW\n", &board, &err));
  assert_boards_equal (&board, &before);
  /* A NULL error is allowed. */
  g_assert_false (isle_board_parse ("rW\n", &board, NULL));
}

/* ---- isle_board_check (R1) ----------------------------------------------- */

static void
test_r1_check_valid_board (void)
{
  assert_check (r3_example, 0, NULL);
  /* A full end-of-round board with mercenaries, a two-tile Hippo and face-down
   * tokens, all within R1's counts. */
  assert_check ("rW rW rW bW bW rP\n"
                "rR rW bR rB bW rW\n"
                "rC bK rW bW* bM bW\n"
                "bP rF bP rW* rD bW\n"
                "bO bW rL rK rS bW*\n"
                "rB bH bH+ bB bL rO\n", 0, NULL);
  /* Three fog boards over whole quadrants. */
  assert_check ("# # # # # #\n"
                "# # # # # #\n"
                "# # # # # #\n"
                "# # # rW . .\n"
                "# # # . . .\n"
                "# # # . . .\n", 0, NULL);
  /* The empty board. */
  assert_check (EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 0, NULL);
}

static void
test_r1_check_ten_wolves (void)
{
  assert_check ("rW rW rW rW rW rW\n"
                "rW rW rW rW .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Red", "10 Wolf", "9", NULL);
  /* Nine are fine. */
  assert_check ("rW rW rW rW rW rW\n"
                "rW rW rW .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 0, NULL);
}

static void
test_r1_check_wolves_and_fox (void)
{
  /* R9.3: a Fox replaces a Wolf, so 9 Wolves + a Fox is one too many. */
  assert_check (EMPTY_ROW EMPTY_ROW
                "bW bW bW bW bW bW\n"
                "bW bW bW bF .  .\n"
                EMPTY_ROW EMPTY_ROW, 1, "Blue", "10", "Wolf", NULL);
  /* 8 Wolves + Fox + Turtle too; 7 + Fox + Turtle is fine. */
  assert_check ("bW bW bW bW bW bW\n"
                "bW bW bF bT .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Blue", NULL);
  assert_check ("bW bW bW bW bW bW\n"
                "bW bF bT .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 0, NULL);
}

static void
test_r1_check_three_crows (void)
{
  assert_check ("rK rK rK .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Red", "3 Crow", "2", NULL);
  /* Two Crows and two Rats fit in the four Rats' places; a fifth does not. */
  assert_check ("bK bK bR bR .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 0, NULL);
  assert_check ("bK bK bR bR bO .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Blue", "Rat", NULL);
}

static void
test_r1_check_two_of_a_mercenary (void)
{
  assert_check ("rC rC .  .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Cat", NULL);
  /* The two tiles of one Hippo are one token. */
  assert_check ("rH rH+ .  .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 0, NULL);
}

static void
test_r1_check_team_counts_per_team (void)
{
  /* R11: a team has one 18-token pile; r1 and r2 share its 9 Wolves. */
  assert_check ("r1W r1W r1W r1W r1W r2W\n"
                "r2W r2W r2W r2W .   .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "Red", "10 Wolf", NULL);
}

static void
test_r1_check_partial_fog (void)
{
  assert_check ("#  .  .  .  .  .\n"
                EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 1, "nw", "quadrant", NULL);
  /* A fog band across two quadrants: both are partial. */
  assert_check (EMPTY_ROW EMPTY_ROW EMPTY_ROW
                "#  #  #  #  #  #\n"
                EMPTY_ROW EMPTY_ROW, 2, "sw", "se", NULL);
}

static void
test_r1_check_four_fog_quadrants (void)
{
  assert_check ("#  #  #  #  #  #\n"
                "#  #  #  #  #  #\n"
                "#  #  #  #  #  #\n"
                "#  #  #  #  #  #\n"
                "#  #  #  #  #  #\n"
                "#  #  #  #  #  #\n", 1, "4", "3", NULL);
}

static void
test_r1_check_token_under_fog (void)
{
  /* R6.6: nothing lies under a fog board. The notation cannot say so (a cell
   * is either "#" or a token), so the board is built by hand. */
  IsleBoard board = isle_test_board ("#  #  #  .  .  .\n"
                                     "#  #  #  .  .  .\n"
                                     "#  #  #  .  .  .\n"
                                     EMPTY_ROW EMPTY_ROW EMPTY_ROW);
  char buf[512];
  int n;

  isle_board_put (&board, isle_cell_from_name ("b2"), ISLE_KIND_WOLF, 0, ISLE_COLOUR_RED, 0);
  g_assert_true (board.occupied & board.fog);
  n = isle_board_check (&board, buf, sizeof buf);
  g_test_message ("check: %s", buf);
  g_assert_cmpint (n, >=, 1);
}

static void
test_r1_check_report_is_bounded (void)
{
  /* Many problems, tiny buffer: the count is still right and the buffer is
   * a NUL-terminated prefix. */
  IsleBoard board = isle_test_board ("rW rW rW rW rW rW\n"
                                     "rW rW rW rW rC rC\n"
                                     "bK bK bK #  .  .\n"
                                     "#  #  #  #  #  #\n"
                                     "#  #  #  #  #  #\n"
                                     "#  #  #  #  #  #\n");
  char big[2048], small[16];
  int n_big, n_small;

  n_big = isle_board_check (&board, big, sizeof big);
  memset (small, 'x', sizeof small);
  n_small = isle_board_check (&board, small, sizeof small);
  g_test_message ("check: %s", big);
  /* 10 Wolves, 2 Cats, 3 Crows, partial fog in ne. */
  g_assert_cmpint (n_big, ==, 4);
  g_assert_cmpint (n_small, ==, n_big);
  g_assert_nonnull (memchr (small, '\0', sizeof small));
  g_assert_true (strncmp (small, big, strlen (small)) == 0);
}

/* ---- tests/data/boards ----------------------------------------------------- */

/* Every board file in tests/data/boards has NAME.expected.json: either
 * {"parse_error": {"row", "column", "message_contains": [...]}} or the
 * `score --json` object (red, blue, lines; checked in test-scoring) plus
 * {"check": {"problems": N, "contains": [...]}}. */
/* Fails the test unless TEXT, WHAT of board file NAME, mentions every
 * string of NEEDLES. */
static void
assert_mentions (const char *name, const char *what, const char *text, JsonArray *needles)
{
  for (guint i = 0; i < json_array_get_length (needles); i++)
    if (!strstr (text, json_array_get_string_element (needles, i)))
      g_error ("%s: %s“%s” does not mention “%s”", name, what, text,
               json_array_get_string_element (needles, i));
}

static gboolean
check_data_board (const char *name, const char *text, JsonObject *expect)
{
  IsleBoard board;
  IsleNotationError err;
  gboolean ok;

  ok = isle_board_parse (text, &board, &err);
  if (json_object_has_member (expect, "parse_error"))
    {
      JsonObject *pe = json_object_get_object_member (expect, "parse_error");
      JsonArray *needles = json_object_get_array_member (pe, "message_contains");

      if (ok)
        g_error ("%s parsed but should not have", name);
      g_test_message ("%s: row %d column %d: %s", name, err.row, err.column, err.message);
      g_assert_cmpint (err.row, ==, json_object_get_int_member (pe, "row"));
      g_assert_cmpint (err.column, ==, json_object_get_int_member (pe, "column"));
      assert_mentions (name, "", err.message, needles);
    }
  else
    {
      char buf[2048];
      int problems;

      if (!ok)
        g_error ("%s: %s", name, err.message);
      problems = isle_board_check (&board, buf, sizeof buf);
      g_test_message ("%s: %d problem(s) %s", name, problems, buf);
      JsonObject *check = json_object_get_object_member (expect, "check");

      g_assert_cmpint (problems, ==, json_object_get_int_member (check, "problems"));
      if (json_object_has_member (check, "contains"))
        assert_mentions (name, "check report ", buf,
                         json_object_get_array_member (check, "contains"));
      /* And it survives a round trip. */
      g_free (round_trip (text));
    }
  return TRUE;
}

static void
test_r3_data_boards (void)
{
  isle_test_check_data_boards (check_data_board);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A failed check fails its case and the run goes on, so one engine bug
   * does not hide the cases after it. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/notation/r3_example_parses", test_r3_example_parses);
  g_test_add_func ("/notation/r3_example_prints_exactly", test_r3_example_prints_exactly);
  g_test_add_func ("/notation/r3_empty_board_prints", test_r3_empty_board_prints);
  g_test_add_func ("/notation/r3_padding_follows_widest_token",
                   test_r3_padding_follows_widest_token);
  g_test_add_func ("/notation/r3_format_length_like_snprintf",
                   test_r3_format_length_like_snprintf);
  g_test_add_func ("/notation/r3_round_trip_plain", test_r3_round_trip_plain);
  g_test_add_func ("/notation/r3_team_seats", test_r3_team_seats);
  g_test_add_func ("/notation/r3_chameleon_colours", test_r3_chameleon_colours);
  g_test_add_func ("/notation/r3_face_down", test_r3_face_down);
  g_test_add_func ("/notation/r3_hippo_second_tile", test_r3_hippo_second_tile);
  g_test_add_func ("/notation/r3_fog", test_r3_fog);
  g_test_add_func ("/notation/r3_whitespace_tolerated", test_r3_whitespace_tolerated);
  g_test_add_func ("/notation/r3_token_round_trip_every_kind",
                   test_r3_token_round_trip_every_kind);
  g_test_add_func ("/notation/r3_token_colours_follow_r2", test_r3_token_colours_follow_r2);
  g_test_add_func ("/notation/r3_token_chameleon_suffix", test_r3_token_chameleon_suffix);
  g_test_add_func ("/notation/r3_token_errors", test_r3_token_errors);
  g_test_add_func ("/notation/r3_error_five_rows", test_r3_error_five_rows);
  g_test_add_func ("/notation/r3_error_seven_rows", test_r3_error_seven_rows);
  g_test_add_func ("/notation/r3_error_no_rows", test_r3_error_no_rows);
  g_test_add_func ("/notation/r3_error_five_cells", test_r3_error_five_cells);
  g_test_add_func ("/notation/r3_error_seven_cells", test_r3_error_seven_cells);
  g_test_add_func ("/notation/r3_error_unknown_kind", test_r3_error_unknown_kind);
  g_test_add_func ("/notation/r3_error_bad_owner", test_r3_error_bad_owner);
  g_test_add_func ("/notation/r3_error_junk_after_token", test_r3_error_junk_after_token);
  g_test_add_func ("/notation/r3_error_plus_on_non_hippo", test_r3_error_plus_on_non_hippo);
  g_test_add_func ("/notation/r3_error_lone_hippo_second_tile",
                   test_r3_error_lone_hippo_second_tile);
  g_test_add_func ("/notation/r3_hippo_has_two_tiles_only", test_r3_hippo_has_two_tiles_only);
  g_test_add_func ("/notation/r3_error_leaves_board_untouched",
                   test_r3_error_leaves_board_untouched);
  g_test_add_func ("/notation/r1_check_valid_board", test_r1_check_valid_board);
  g_test_add_func ("/notation/r1_check_ten_wolves", test_r1_check_ten_wolves);
  g_test_add_func ("/notation/r1_check_wolves_and_fox", test_r1_check_wolves_and_fox);
  g_test_add_func ("/notation/r1_check_three_crows", test_r1_check_three_crows);
  g_test_add_func ("/notation/r1_check_two_of_a_mercenary", test_r1_check_two_of_a_mercenary);
  g_test_add_func ("/notation/r1_check_team_counts_per_team",
                   test_r1_check_team_counts_per_team);
  g_test_add_func ("/notation/r1_check_partial_fog", test_r1_check_partial_fog);
  g_test_add_func ("/notation/r1_check_four_fog_quadrants", test_r1_check_four_fog_quadrants);
  g_test_add_func ("/notation/r1_check_token_under_fog", test_r1_check_token_under_fog);
  g_test_add_func ("/notation/r1_check_report_is_bounded", test_r1_check_report_is_bounded);
  g_test_add_func ("/notation/r3_data_boards", test_r3_data_boards);

  return g_test_run ();
}
