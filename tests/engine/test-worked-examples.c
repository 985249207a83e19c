/* test-worked-examples.c — every worked example of doc/rules.md, as the
 * page prints it.
 *
 * doc/rules.md gives, beside its rules, small boards with their scores;
 * each one is a case here, under the name the page gives it, so the page
 * cannot say one thing while the engine does another. Positions are R3
 * text; the notation examples of R3 live in test-notation.c.
 */
#include "isle-test-util.h"

#define EMPTY_ROW ".  .  .  .  .  .\n"
#define EMPTY_ROWS_5 EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW

/* One worked example: a board, each side's score, how many lines it has;
 * when CELL is given, how many of those lines hold it. */
typedef struct
{
  const char *board;
  int32_t red;
  int32_t blue;
  int n_lines;
  const char *cell;
  int lines_through_cell;
} Example;

/* Scores EXAMPLE with the standard rules (R7.1 [default] table) and checks
 * what the page says of it. */
static void
check_example (const Example *example)
{
  IsleScore s;
  int32_t red, blue;
  int through = 0;

  isle_test_score (example->board, &red, &blue, &s);
  g_assert_cmpint (red, ==, example->red);
  g_assert_cmpint (blue, ==, example->blue);
  g_assert_cmpint (s.n_lines, ==, example->n_lines);
  if (example->cell == NULL)
    return;
  for (int i = 0; i < s.n_lines; i++)
    for (int j = 0; j < s.lines[i].length; j++)
      through += s.lines[i].cells[j] == isle_test_cell (example->cell);
  g_assert_cmpint (through, ==, example->lines_through_cell);
}

static void
check_examples (const Example *examples, gsize n)
{
  for (gsize i = 0; i < n; i++)
    check_example (&examples[i]);
}

/* ---- R5 ------------------------------------------------------------------ */

static void
test_r5_block_of_nine (void)
{
  /* R5: nine red Wolves on b2–d4 make 8 lines of 3 (three rows, three
   * columns, the two diagonals through c3); c3 is in four of them. */
  static const Example block = {
    EMPTY_ROW
    ".  rW rW rW .  .\n"
    ".  rW rW rW .  .\n"
    ".  rW rW rW .  .\n"
    EMPTY_ROW EMPTY_ROW, 24, 0, 8, "c3", 4 };

  check_example (&block);
}

static void
test_r5_five_is_one_line (void)
{
  /* R5: five in a row is one line of 5 (R7.1: 8), not three lines of 3. */
  static const Example five = { "rW rW rW rW rW .\n" EMPTY_ROWS_5, 8, 0, 1, "c1", 1 };

  check_example (&five);
}

/* ---- R7 ------------------------------------------------------------------ */

static void
test_r7_2_pigs_and_cats (void)
{
  /* R7.2: two Pigs still double (3 × 2); a Pig and a Cat triple (5 × 3). */
  static const Example examples[] = {
    { "rP rW rP .  .  .\n" EMPTY_ROWS_5, 6, 0, 1, NULL, 0 },
    { "rW rP rC rW .  .\n" EMPTY_ROWS_5, 15, 0, 1, NULL, 0 },
  };

  check_examples (examples, G_N_ELEMENTS (examples));
}

static void
test_r7_3_crow_worked_examples (void)
{
  /* R7.3: Blue's Crow is red and sits in Red's lines; it takes half of the
   * multiplied value, rounded down, once however many Crows there are. */
  static const Example examples[] = {
    { "rW bK rW .  .  .\n" EMPTY_ROWS_5, 2, 1, 1, NULL, 0 },   /* 3: 1 + 2 */
    { "rP rW bK rW .  .\n" EMPTY_ROWS_5, 5, 5, 1, NULL, 0 },   /* 10: 5 + 5 */
    { "bK bK rW rW .  .\n" EMPTY_ROWS_5, 3, 2, 1, NULL, 0 },   /* 5: 2 once */
  };

  check_examples (examples, G_N_ELEMENTS (examples));
}

static void
test_r7_worked_example (void)
{
  /* R7.5, on the board of R3: Red's a1–d1, 4 long with a Pig, 5 × 2 = 10;
   * Blue's Rat at a2 is red but makes no line. */
  static const Example r3_board = {
    "rW rW rP rW bW .\n"
    "bR .  .  .  .  .\n"
    EMPTY_ROW EMPTY_ROW EMPTY_ROW EMPTY_ROW, 10, 0, 1, "a2", 0 };

  check_example (&r3_board);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/worked-examples/r5_block_of_nine", test_r5_block_of_nine);
  g_test_add_func ("/worked-examples/r5_five_is_one_line", test_r5_five_is_one_line);
  g_test_add_func ("/worked-examples/r7_2_pigs_and_cats", test_r7_2_pigs_and_cats);
  g_test_add_func ("/worked-examples/r7_3_crow_worked_examples",
                   test_r7_3_crow_worked_examples);
  g_test_add_func ("/worked-examples/r7_worked_example", test_r7_worked_example);

  return g_test_run ();
}
