/* test-scoring.c — R5 lines and R7 scoring, on R3 text positions.
 *
 * Every case names the rule it pins. Besides the totals, each case checks
 * the R7.5 breakdown: which lines were found (cells in order along their
 * direction), their colour, length, base, multiplier, value and Crow share.
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "isle-test-util.h"

/* ---- helpers ------------------------------------------------------------ */

/* Scores TEXT with the standard rules, asserts the totals and that the
 * breakdown agrees with them (R7.4) and with a NULL-breakdown call. */
static IsleScore
score_board (const char *text, int32_t want_red, int32_t want_blue, int want_lines)
{
  IsleScore s;
  IsleRules rules;
  IsleBoard board = isle_test_board (text);
  int32_t red, blue, totals[ISLE_N_SIDES] = { -1, -1 };
  int32_t sum[ISLE_N_SIDES] = { 0, 0 };

  memset (&s, 0x5a, sizeof s);
  isle_test_score (text, &red, &blue, &s);
  g_assert_cmpint (red, ==, want_red);
  g_assert_cmpint (blue, ==, want_blue);
  g_assert_cmpint (s.side[ISLE_SIDE_RED], ==, want_red);
  g_assert_cmpint (s.side[ISLE_SIDE_BLUE], ==, want_blue);
  g_assert_cmpint (s.n_lines, ==, want_lines);

  /* R7.4: a side's score is its lines' values less Crow shares, plus what
   * its Crows took. */
  for (int i = 0; i < s.n_lines; i++)
    {
      const IsleLineScore *l = &s.lines[i];
      int side = l->colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;

      g_assert_true (l->colour == ISLE_COLOUR_RED || l->colour == ISLE_COLOUR_BLUE);
      g_assert_cmpint (l->value, ==, l->base * l->multiplier);
      sum[side] += l->value - l->crow_share;
      if (l->crow_side >= 0)
        sum[l->crow_side] += l->crow_share;
      else
        g_assert_cmpint (l->crow_share, ==, 0);
    }
  g_assert_cmpint (sum[ISLE_SIDE_RED], ==, want_red);
  g_assert_cmpint (sum[ISLE_SIDE_BLUE], ==, want_blue);

  /* The hot path (no breakdown) gives the same totals. */
  isle_test_standard_rules (&rules);
  isle_board_score (&board, rules.line_score, totals, NULL);
  g_assert_cmpint (totals[ISLE_SIDE_RED], ==, want_red);
  g_assert_cmpint (totals[ISLE_SIDE_BLUE], ==, want_blue);
  return s;
}

static char *
line_cells_text (const IsleLineScore *l)
{
  GString *str = g_string_new (NULL);
  char name[4];

  for (int i = 0; i < l->length; i++)
    g_string_append_printf (str, "%s%s", i ? " " : "", isle_cell_name (l->cells[i], name));
  return g_string_free (str, FALSE);
}

static char *
all_lines_text (const IsleScore *s)
{
  GString *str = g_string_new (NULL);

  for (int i = 0; i < s->n_lines; i++)
    {
      g_autofree char *cells = line_cells_text (&s->lines[i]);
      g_string_append_printf (str, "  [%s]\n", cells);
    }
  return g_string_free (str, FALSE);
}

/* Finds the scored line whose cells are CELLS ("a1 b1 c1", in order along
 * the direction), failing the test if there is none. */
static const IsleLineScore *
find_line (const IsleScore *s, const char *cells)
{
  g_auto (GStrv) names = g_strsplit (cells, " ", -1);
  int n = (int) g_strv_length (names);

  for (int i = 0; i < s->n_lines; i++)
    {
      const IsleLineScore *l = &s->lines[i];
      int same = 0, common = 0;

      if (l->length != n)
        continue;
      for (int k = 0; k < n; k++)
        {
          int cell = isle_cell_from_name (names[k]);

          g_assert_cmpint (cell, >=, 0);
          same += l->cells[k] == cell;
          for (int j = 0; j < n; j++)
            common += l->cells[j] == cell;
        }
      if (same == n)
        return l;
      if (common == n)
        {
          g_autofree char *got = line_cells_text (l);
          g_error ("line [%s] is reported in the wrong order: [%s]", cells, got);
        }
    }
  {
    g_autofree char *all = all_lines_text (s);
    g_error ("no scored line [%s]; lines found:\n%s", cells, all);
  }
  return NULL;
}

/* Asserts every field of the line with CELLS. CROW_SIDE is -1 for none. */
static void
assert_line (const IsleScore *s, const char *cells, IsleColour colour,
             IsleDirection dir, int base, int multiplier, int crow_side,
             int crow_share)
{
  const IsleLineScore *l = find_line (s, cells);

  g_assert_cmpint (l->colour, ==, colour);
  g_assert_cmpint (l->dir, ==, dir);
  g_assert_cmpint (l->base, ==, base);
  g_assert_cmpint (l->multiplier, ==, multiplier);
  g_assert_cmpint (l->value, ==, base * multiplier);
  g_assert_cmpint (l->crow_side, ==, crow_side);
  g_assert_cmpint (l->crow_share, ==, crow_share);
}

#define RED ISLE_COLOUR_RED
#define BLUE ISLE_COLOUR_BLUE
#define H ISLE_DIR_HORIZONTAL
#define V ISLE_DIR_VERTICAL
#define D ISLE_DIR_DIAGONAL
#define A ISLE_DIR_ANTI_DIAGONAL
#define NO_CROW -1, 0

/* ---- R7 worked example ---------------------------------------------------- */

static void
test_r7_1_worked_example (void)
{
  /* RULES.md R3/R7: red line a1–d1 of 4 holding a Pig: 5 × 2 = 10. */
  IsleScore s = score_board ("rW rW rP rW bW .\n"
                             "bR .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 10, 0, 1);

  assert_line (&s, "a1 b1 c1 d1", RED, H, 5, 2, NO_CROW);
  g_assert_cmpint (s.lines[0].length, ==, 4);
}

/* ---- R5 line shapes ------------------------------------------------------- */

static void
test_r5_horizontal_line (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  bW bW bW .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 3, 1);

  assert_line (&s, "b3 c3 d3", BLUE, H, 3, 1, NO_CROW);
}

static void
test_r5_vertical_line (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  rW .\n"
                             ".  .  .  .  rW .\n"
                             ".  .  .  .  rW .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 0, 1);

  /* Top to bottom. */
  assert_line (&s, "e2 e3 e4", RED, V, 3, 1, NO_CROW);
}

static void
test_r5_diagonal_line (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  rW .  .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  .  rW .  .\n"
                             ".  .  .  .  rW .\n"
                             ".  .  .  .  .  .\n", 5, 0, 1);

  /* ↘, top-left to bottom-right. */
  assert_line (&s, "b2 c3 d4 e5", RED, D, 5, 1, NO_CROW);
}

static void
test_r5_anti_diagonal_line (void)
{
  IsleScore s = score_board (".  .  .  .  .  bW\n"
                             ".  .  .  .  bW .\n"
                             ".  .  .  bW .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  rW .  .  .  .\n", 0, 3, 1);

  /* ↙, top-right to bottom-left. The red pair c5–b6 is too short. */
  assert_line (&s, "f1 e2 d3", BLUE, A, 3, 1, NO_CROW);
}

static void
test_r5_short_diagonals_in_corners (void)
{
  /* The four shortest diagonals (length 3), one in each corner. */
  IsleScore s = score_board (".  .  rW bW .  .\n"
                             ".  rW .  .  bW .\n"
                             "rW .  .  .  .  bW\n"
                             "bW .  .  .  .  rW\n"
                             ".  bW .  .  rW .\n"
                             ".  .  bW rW .  .\n", 3 + 3, 3 + 3, 4);

  assert_line (&s, "c1 b2 a3", RED, A, 3, 1, NO_CROW);
  assert_line (&s, "d1 e2 f3", BLUE, D, 3, 1, NO_CROW);
  assert_line (&s, "a4 b5 c6", BLUE, D, 3, 1, NO_CROW);
  assert_line (&s, "f4 e5 d6", RED, A, 3, 1, NO_CROW);
}

/* ---- R7.1 base table ------------------------------------------------------- */

static void
test_r7_1_base_table_by_length (void)
{
  static const struct { const char *row; int length; int base; const char *cells; } cases[] = {
    { "rW rW rW .  .  .",  3, 3,  "a1 b1 c1" },
    { ".  rW rW rW rW .",  4, 5,  "b1 c1 d1 e1" },
    { "rW rW rW rW rW .",  5, 8,  "a1 b1 c1 d1 e1" },
    { "rW rW rW rW rW rW", 6, 12, "a1 b1 c1 d1 e1 f1" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s\n.  .  .  .  .  .\n.  .  .  .  .  .\n"
                                               ".  .  .  .  .  .\n.  .  .  .  .  .\n"
                                               ".  .  .  .  .  .\n", cases[i].row);
      IsleScore s = score_board (text, cases[i].base, 0, 1);

      assert_line (&s, cases[i].cells, RED, H, cases[i].base, 1, NO_CROW);
      g_assert_cmpint (s.lines[0].length, ==, cases[i].length);
    }
}

static void
test_r7_1_column_of_6 (void)
{
  IsleScore s = score_board (".  .  .  .  .  bW\n"
                             ".  .  .  .  .  bW\n"
                             ".  .  .  .  .  bW\n"
                             ".  .  .  .  .  bW\n"
                             ".  .  .  .  .  bW\n"
                             ".  .  .  .  .  bW\n", 0, 12, 1);

  assert_line (&s, "f1 f2 f3 f4 f5 f6", BLUE, V, 12, 1, NO_CROW);
}

static void
test_r7_1_two_runs_are_not_enough (void)
{
  /* Pairs never score (R5: 3 or more). */
  score_board ("rW rW .  bW bW .\n"
               "rW .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  bW\n"
               ".  .  .  .  bW .\n", 0, 0, 0);
}

static void
test_r7_1_table_from_rules_data (void)
{
  /* The base values come from the table passed in (rules data), never from
   * literals: a made-up table changes every line's base. */
  static const int32_t table[7] = { 0, 0, 0, 1, 10, 100, 1000 };
  IsleBoard board = isle_test_board ("rW rW rW rW rW rW\n"
                                     "bW bW bW bW bW .\n"
                                     "rW rW rW rW .  .\n"
                                     "bW bW bW .  .  .\n"
                                     ".  .  .  .  .  .\n"
                                     ".  .  .  .  .  .\n");
  IsleScore s;
  int32_t totals[ISLE_N_SIDES];

  isle_board_score (&board, table, totals, &s);
  /* Red: row 1 (6) + row 3 (4). Blue: row 2 (5) + row 4 (3). Columns a–c
   * alternate colours, so nothing else. */
  g_assert_cmpint (totals[ISLE_SIDE_RED], ==, 1000 + 10);
  g_assert_cmpint (totals[ISLE_SIDE_BLUE], ==, 100 + 1);
  g_assert_cmpint (s.n_lines, ==, 4);
  assert_line (&s, "a2 b2 c2 d2 e2", BLUE, H, 100, 1, NO_CROW);
}

/* ---- R5 what ends a run --------------------------------------------------- */

static void
test_r5_run_of_5_is_one_line (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  bW bW bW bW bW\n"
                             ".  .  .  .  .  .\n", 0, 8, 1);

  /* One line of 5 (8), not three lines of 3 (9) nor 4 + 3. */
  assert_line (&s, "b5 c5 d5 e5 f5", BLUE, H, 8, 1, NO_CROW);
}

static void
test_r5_broken_by_rabbit (void)
{
  IsleScore s = score_board ("rW rW rB rW rW rW\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 0, 1);

  assert_line (&s, "d1 e1 f1", RED, H, 3, 1, NO_CROW);
}

static void
test_r5_broken_by_prairie_dog (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "bW bW bW bD bW bW\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 3, 1);

  assert_line (&s, "a3 b3 c3", BLUE, H, 3, 1, NO_CROW);
}

static void
test_r5_broken_by_hippo (void)
{
  /* A Hippo across two tiles (R8.9) is white on both. Its own colour is
   * white even though both tiles are the owner's. */
  IsleScore s = score_board ("rW .  .  .  .  .\n"
                             "rW .  .  .  .  .\n"
                             "rH .  .  .  .  .\n"
                             "rH+ . .  .  .  .\n"
                             "rW .  .  .  .  .\n"
                             "rW bH .  .  .  .\n", 0, 0, 0);

  (void) s;
  /* A face-down Hippo takes one tile and is white too. */
  score_board ("rW rW rH* rW rW .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n", 0, 0, 0);
}

static void
test_r5_broken_by_empty_tile (void)
{
  IsleScore s = score_board ("bW .  .  .  .  .\n"
                             "bW .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "bW .  .  .  .  .\n"
                             "bW .  .  .  .  .\n"
                             "bW .  .  .  .  .\n", 0, 3, 1);

  assert_line (&s, "a4 a5 a6", BLUE, V, 3, 1, NO_CROW);
}

static void
test_r5_broken_by_other_colour (void)
{
  IsleScore s = score_board ("rW .  .  .  .  .\n"
                             ".  rW .  .  .  .\n"
                             ".  .  bW .  .  .\n"
                             ".  .  .  rW .  .\n"
                             ".  .  .  .  rW .\n"
                             ".  .  .  .  .  rW\n", 3, 0, 1);

  assert_line (&s, "d4 e5 f6", RED, D, 3, 1, NO_CROW);
}

static void
test_r5_two_runs_in_one_row (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             "rW rW rW bW bW bW\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 3, 2);

  assert_line (&s, "a2 b2 c2", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "d2 e2 f2", BLUE, H, 3, 1, NO_CROW);
}

static void
test_r5_pair_after_a_break_does_not_score (void)
{
  /* R R R B R R down column c: one line c1–c3; the pair c5–c6 is no line
   * and is not joined to the first run across the blue token. */
  IsleScore s = score_board (".  .  rW .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  bW .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  rW .  .  .\n", 3, 0, 1);

  assert_line (&s, "c1 c2 c3", RED, V, 3, 1, NO_CROW);
}

static void
test_r5_token_in_two_lines (void)
{
  /* A plus: c3 is in a row line and a column line and scores in both. */
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  rW rP rW .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 6 + 6, 0, 2);

  /* The Pig doubles both lines. */
  assert_line (&s, "b3 c3 d3", RED, H, 3, 2, NO_CROW);
  assert_line (&s, "c2 c3 c4", RED, V, 3, 2, NO_CROW);
}

static void
test_r5_token_in_four_lines (void)
{
  /* A 3×3 block: 3 rows, 3 columns and both diagonals; the centre c3 is in
   * four lines, one per direction. */
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  bW bW bW .  .\n"
                             ".  bW bW bW .  .\n"
                             ".  bW bW bW .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 8 * 3, 8);
  int through_centre = 0;
  int dirs[ISLE_N_DIRS] = { 0 };

  assert_line (&s, "b3 c3 d3", BLUE, H, 3, 1, NO_CROW);
  assert_line (&s, "c2 c3 c4", BLUE, V, 3, 1, NO_CROW);
  assert_line (&s, "b2 c3 d4", BLUE, D, 3, 1, NO_CROW);
  assert_line (&s, "d2 c3 b4", BLUE, A, 3, 1, NO_CROW);
  assert_line (&s, "b2 c2 d2", BLUE, H, 3, 1, NO_CROW);
  assert_line (&s, "d2 d3 d4", BLUE, V, 3, 1, NO_CROW);
  for (int i = 0; i < s.n_lines; i++)
    for (int k = 0; k < s.lines[i].length; k++)
      if (s.lines[i].cells[k] == isle_cell (2, 2))
        {
          through_centre++;
          dirs[s.lines[i].dir]++;
        }
  g_assert_cmpint (through_centre, ==, 4);
  for (int d = 0; d < ISLE_N_DIRS; d++)
    g_assert_cmpint (dirs[d], ==, 1);
}

/* ---- R2 colours ----------------------------------------------------------- */

static void
test_r2_rat_is_a_spy (void)
{
  /* bR is Blue's Rat, which is red: it extends a red line, for Red. */
  IsleScore s = score_board ("rW rW bR .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "bW rR bW .  .  .\n", 3, 3, 2);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a6 b6 c6", BLUE, H, 3, 1, NO_CROW);

  /* The Rat's owner gets nothing from its own Rat: three red Rats of Blue's
   * are a red line. */
  s = score_board ("bR bR bR .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n", 3, 0, 1);
  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
}

static void
test_r2_own_colour_mercenaries (void)
{
  /* Fox, Turtle, Cat, Mouses, Snake, Frog show their owner's colour. */
  IsleScore s = score_board ("rF rT rM rS rG .\n"
                             "bF bT bM bS bG .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 8, 8, 2);

  assert_line (&s, "a1 b1 c1 d1 e1", RED, H, 8, 1, NO_CROW);
  assert_line (&s, "a2 b2 c2 d2 e2", BLUE, H, 8, 1, NO_CROW);
}

static void
test_r2_chameleon_colours (void)
{
  /* rL is Red's Chameleon still blue; rLr turned red; rLb is blue. */
  IsleScore s = score_board ("bW bW rL .  .  .\n"
                             "rW rW rLr .  .  .\n"
                             "bW rLb bW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "rW rW bL .  .  .\n"
                             "bW bW bLb .  .  .\n", 6, 9, 5);

  assert_line (&s, "a1 b1 c1", BLUE, H, 3, 1, NO_CROW);
  assert_line (&s, "a2 b2 c2", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a3 b3 c3", BLUE, H, 3, 1, NO_CROW);
  assert_line (&s, "a5 b5 c5", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a6 b6 c6", BLUE, H, 3, 1, NO_CROW);
}

static void
test_r2_mole_is_a_spy (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  bW .  .\n"
                             ".  .  .  rO .  .\n"
                             ".  .  .  bW .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 3, 1);

  assert_line (&s, "d2 d3 d4", BLUE, V, 3, 1, NO_CROW);
}

static void
test_r2_white_tokens_never_score (void)
{
  /* Rabbits, Prairie Dogs and Hippos of either side: no line, no points. */
  score_board ("rB rB rB bB bB bB\n"
               "rD bD rD bD rD bD\n"
               "rH rH+ bH bH+ rH* bH*\n"
               "rB bB rB bB rB bB\n"
               "rB rB rB rB rB rB\n"
               "bD bD bD bD bD bD\n", 0, 0, 0);
}

static void
test_r3_team_seats_score_for_their_team (void)
{
  /* R11: r1 and r2 are the Red team; b2's Rat is red. */
  IsleScore s = score_board ("r1W r2W b2R r1P .  .\n"
                             "b1W .  .  .  .  .\n"
                             "b2W .  .  .  .  .\n"
                             "b1K .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 10, 0, 1);

  assert_line (&s, "a1 b1 c1 d1", RED, H, 5, 2, NO_CROW);
  /* b1K is red (Blue's Crow), so a2–a4 is no blue line. */
}

/* ---- R7.2 multiplier ------------------------------------------------------ */

static void
test_r7_2_pig_doubles (void)
{
  IsleScore s = score_board ("rW rP rW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 6, 0, 1);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 2, NO_CROW);
}

static void
test_r7_2_two_pigs_still_double (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             "bP bW bP bW .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 10, 1);

  assert_line (&s, "a2 b2 c2 d2", BLUE, H, 5, 2, NO_CROW);
}

static void
test_r7_2_cat_triples (void)
{
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  rW rC rW rW\n"
                             ".  .  .  .  .  .\n", 15, 0, 1);

  assert_line (&s, "c5 d5 e5 f5", RED, H, 5, 3, NO_CROW);
}

static void
test_r7_2_pig_and_cat_triple (void)
{
  /* ×3, not ×6. */
  IsleScore s = score_board ("bP .  .  .  .  .\n"
                             "bC .  .  .  .  .\n"
                             "bW .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 0, 9, 1);

  assert_line (&s, "a1 a2 a3", BLUE, V, 3, 3, NO_CROW);
}

static void
test_r7_2_pig_outside_the_line (void)
{
  /* A Pig beyond the end of a line does nothing: after a Rabbit, or the
   * opponent's Pig (the other colour) in the way. */
  IsleScore s = score_board ("rW rW rW rB rP .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 0, 1);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
  s = score_board ("rW rW rW bP rP .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n", 3, 0, 1);
  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
}

/* ---- R6.4 face-down tokens count with their true kind and colour -------- */

static void
test_r7_2_face_down_tokens_count (void)
{
  /* Face-down tokens (R6.4) are scored with their true kind and colour:
   * Wolves, a Pig, a Cat, Blue's Crow, Blue's Rat and Mole (both red). */
  IsleScore s = score_board ("rW* rW* rW* .  .  .\n"
                             "bW bP* bW .  .  .\n"
                             "rW rC* rW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "rW rW bK* .  .  .\n"
                             "bW bR* bW bW bW bO*\n",
                             /* red */ 3 + 9 + 2, /* blue */ 6 + 1 + 3, 5);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a2 b2 c2", BLUE, H, 3, 2, NO_CROW);
  assert_line (&s, "a3 b3 c3", RED, H, 3, 3, NO_CROW);
  assert_line (&s, "a5 b5 c5", RED, H, 3, 1, ISLE_SIDE_BLUE, 1);
  /* bR* (red) cuts a6 off; bO* (red) ends the run at e6. */
  assert_line (&s, "c6 d6 e6", BLUE, H, 3, 1, NO_CROW);
}

/* ---- R7.3 Crow -------------------------------------------------------------- */

static void
test_r7_3_crow_takes_half (void)
{
  /* A red line of 3 with a Pig and Blue's Crow (red): 3 × 2 = 6, Blue takes
   * 3, Red keeps 3. */
  IsleScore s = score_board ("rW rP bK .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 3, 1);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 2, ISLE_SIDE_BLUE, 3);
}

static void
test_r7_3_crow_share_rounds_down (void)
{
  /* Line of 4: 5, Blue's Crow takes 2, Red keeps 3. */
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  rW rW bK rW\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 2, 1);

  assert_line (&s, "c3 d3 e3 f3", RED, H, 5, 1, ISLE_SIDE_BLUE, 2);

  /* A line of 3 without modifier: 3, the Crow takes 1, the colour keeps 2. */
  s = score_board (".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   "bW rK bW .  .  .\n", 1, 2, 1);
  assert_line (&s, "a6 b6 c6", BLUE, H, 3, 1, ISLE_SIDE_RED, 1);
}

static void
test_r7_3_crow_with_cat (void)
{
  /* 5 × 3 = 15, Crow takes 7, colour keeps 8. */
  IsleScore s = score_board (".  .  .  .  .  rK\n"
                             ".  .  .  .  bC .\n"
                             ".  .  .  bW .  .\n"
                             ".  .  bW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 7, 8, 1);

  assert_line (&s, "f1 e2 d3 c4", BLUE, A, 5, 3, ISLE_SIDE_RED, 7);
}

static void
test_r7_3_two_crows_act_once (void)
{
  /* Both of Blue's Crows in one red line of 4: Blue takes half once (2), not
   * twice; Red keeps 3. */
  IsleScore s = score_board ("rW .  .  .  .  .\n"
                             "bK .  .  .  .  .\n"
                             "bK .  .  .  .  .\n"
                             "rW .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3, 2, 1);

  assert_line (&s, "a1 a2 a3 a4", RED, V, 5, 1, ISLE_SIDE_BLUE, 2);
}

static void
test_r7_3_crow_in_several_lines (void)
{
  /* One Crow in two lines takes a share of each. Red row b1–d1 (3, with Pig
   * 6: Blue 3) and red column c1–c3 (3: Blue 1). */
  IsleScore s = score_board (".  rW bK rP .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  rW .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 3 + 2, 3 + 1, 2);

  assert_line (&s, "b1 c1 d1", RED, H, 3, 2, ISLE_SIDE_BLUE, 3);
  assert_line (&s, "c1 c2 c3", RED, V, 3, 1, ISLE_SIDE_BLUE, 1);
}

static void
test_r7_3_face_down_crow (void)
{
  /* Red's face-down Crow (blue) in a blue line of 6: 12, Red takes 6. */
  IsleScore s = score_board (".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             "bW bW bW rK* bW bW\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 6, 6, 1);

  assert_line (&s, "a4 b4 c4 d4 e4 f4", BLUE, H, 12, 1, ISLE_SIDE_RED, 6);
}

/* ---- R6 fog --------------------------------------------------------------- */

static void
test_r6_fog_never_scores (void)
{
  /* nw and se fogged. Fog ends a run like an empty tile. */
  IsleScore s = score_board ("#  #  #  rW rW rW\n"
                             "#  #  #  bW .  .\n"
                             "#  #  #  bW .  .\n"
                             "rW rW rW #  #  #\n"
                             ".  .  .  #  #  #\n"
                             ".  .  .  #  #  #\n", 3 + 3, 0, 2);

  assert_line (&s, "d1 e1 f1", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a4 b4 c4", RED, H, 3, 1, NO_CROW);
  /* Nothing but fog: nothing at all. */
  score_board ("#  #  #  #  #  #\n"
               "#  #  #  #  #  #\n"
               "#  #  #  #  #  #\n"
               "#  #  #  .  .  .\n"
               "#  #  #  .  .  .\n"
               "#  #  #  .  .  .\n", 0, 0, 0);
}

/* ---- whole boards ----------------------------------------------------------- */

static void
test_r7_empty_board (void)
{
  score_board (".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n"
               ".  .  .  .  .  .\n", 0, 0, 0);
}

static void
test_r7_4_full_board (void)
{
  /* A full, legal (R1 counts) end-of-round board, scored by hand:
   *
   * colours    lines
   * R R R B B R   row 1 a1–c1 red 3
   * B R R W B R   row 3 a3–c3 red, Cat, Blue's Crow: 9, Blue takes 4
   * R R R B B B   row 3 d3–f3 blue 3
   * B R B R W B   row 5 b5–d5 blue, Red's Crow: 3, Red takes 1
   * R B B B R B   col b b1–b4 red, Blue's Crow: 5, Blue takes 2
   * W W W W R B   col c c1–c3 red 3; col e e1–e3 blue 3; col f f3–f6 blue 5
   *               ↘ a1–e5 red 8; ↘ d1–f3 blue 3
   *               ↙ e2–b5 blue, Pig: 10; ↙ c3–a5 red 3; ↙ c1–a3 red, Cat: 9
   * Red:  3 + 5 + 1 + 3 + 3 + 8 + 3 + 9 = 35
   * Blue: 3 + 4 + 2 + 2 + 3 + 5 + 3 + 10 = 32
   */
  IsleScore s = score_board ("rW rW rW bW bW rP\n"
                             "rR rW bR rB bW rW\n"
                             "rC bK rW bW* bM bW\n"
                             "bP rF bP rW* rD bW\n"
                             "bO bW rL rK rS bW*\n"
                             "rB bH bH+ bB bL rO\n", 35, 32, 13);

  assert_line (&s, "a1 b1 c1", RED, H, 3, 1, NO_CROW);
  assert_line (&s, "a3 b3 c3", RED, H, 3, 3, ISLE_SIDE_BLUE, 4);
  assert_line (&s, "d3 e3 f3", BLUE, H, 3, 1, NO_CROW);
  assert_line (&s, "b5 c5 d5", BLUE, H, 3, 1, ISLE_SIDE_RED, 1);
  assert_line (&s, "b1 b2 b3 b4", RED, V, 5, 1, ISLE_SIDE_BLUE, 2);
  assert_line (&s, "c1 c2 c3", RED, V, 3, 1, NO_CROW);
  assert_line (&s, "e1 e2 e3", BLUE, V, 3, 1, NO_CROW);
  assert_line (&s, "f3 f4 f5 f6", BLUE, V, 5, 1, NO_CROW);
  assert_line (&s, "a1 b2 c3 d4 e5", RED, D, 8, 1, NO_CROW);
  assert_line (&s, "d1 e2 f3", BLUE, D, 3, 1, NO_CROW);
  assert_line (&s, "e2 d3 c4 b5", BLUE, A, 5, 2, NO_CROW);
  assert_line (&s, "c3 b4 a5", RED, A, 3, 1, NO_CROW);
  assert_line (&s, "c1 b2 a3", RED, A, 3, 3, NO_CROW);
}

static void
test_r5_lines_table (void)
{
  /* ARCHITECTURE.md: the 26 precomputed lines of length ≥ 3: 6 rows,
   * 6 columns, 7 diagonals and 7 anti-diagonals, cells in order. */
  const IsleLine *lines = isle_lines ();
  int per_dir[ISLE_N_DIRS] = { 0 };
  int length_sum = 0;

  for (int i = 0; i < ISLE_N_LINES; i++)
    {
      const IsleLine *l = &lines[i];
      uint64_t mask = 0;

      g_assert_cmpint (l->dir, <, ISLE_N_DIRS);
      g_assert_cmpint (l->length, >=, 3);
      g_assert_cmpint (l->length, <=, 6);
      per_dir[l->dir]++;
      length_sum += l->length;
      for (int k = 0; k < l->length; k++)
        {
          mask |= UINT64_C (1) << l->cells[k];
          if (k == 0)
            continue;
          int dc = isle_cell_column (l->cells[k]) - isle_cell_column (l->cells[k - 1]);
          int dr = isle_cell_row (l->cells[k]) - isle_cell_row (l->cells[k - 1]);
          static const int want[ISLE_N_DIRS][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { -1, 1 } };
          g_assert_cmpint (dc, ==, want[l->dir][0]);
          g_assert_cmpint (dr, ==, want[l->dir][1]);
        }
      g_assert_cmphex (mask, ==, l->mask);
    }
  g_assert_cmpint (per_dir[ISLE_DIR_HORIZONTAL], ==, 6);
  g_assert_cmpint (per_dir[ISLE_DIR_VERTICAL], ==, 6);
  g_assert_cmpint (per_dir[ISLE_DIR_DIAGONAL], ==, 7);
  g_assert_cmpint (per_dir[ISLE_DIR_ANTI_DIAGONAL], ==, 7);
  /* 36 + 36 + (6 + 2·5 + 2·4 + 2·3) × 2 */
  g_assert_cmpint (length_sum, ==, 36 + 36 + 2 * (6 + 10 + 8 + 6));
}

/* ---- tests/data/boards ------------------------------------------------------ */

/* The boards shared with the CLI tests: each NAME.txt that parses has in
 * NAME.expected.json the `score --json` object; the engine's breakdown must
 * match it line for line. */
static void
test_r7_data_boards (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "boards", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  int n_scored = 0;

  if (dir == NULL)
    {
      g_test_skip ("no tests/data/boards (set G_TEST_SRCDIR to tests/)");
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL, *json_path = NULL, *base = NULL, *text = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      JsonObject *expect;
      JsonArray *lines;
      IsleScore s;

      if (!g_str_has_suffix (name, ".txt"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      base = g_strndup (name, strlen (name) - 4);
      json_path = g_strdup_printf ("%s/%s.expected.json", dir_path, base);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (!json_parser_load_from_file (parser, json_path, &error))
        g_error ("%s: %s", json_path, error->message);
      expect = json_node_get_object (json_parser_get_root (parser));
      if (json_object_has_member (expect, "parse_error"))
        continue;
      g_test_message ("%s", name);
      lines = json_object_get_array_member (expect, "lines");
      s = score_board (text, (int32_t) json_object_get_int_member (expect, "red"),
                       (int32_t) json_object_get_int_member (expect, "blue"),
                       (int) json_array_get_length (lines));
      for (guint i = 0; i < json_array_get_length (lines); i++)
        {
          JsonObject *l = json_array_get_object_element (lines, i);
          JsonArray *cells = json_object_get_array_member (l, "cells");
          g_autoptr (GString) want = g_string_new (NULL);
          const char *crow = json_object_get_null_member (l, "crow_owner")
                             ? NULL : json_object_get_string_member (l, "crow_owner");
          const IsleLineScore *got;

          for (guint k = 0; k < json_array_get_length (cells); k++)
            g_string_append_printf (want, "%s%s", k ? " " : "",
                                    json_array_get_string_element (cells, k));
          got = find_line (&s, want->str);
          g_assert_cmpint (got->colour, ==,
                           g_str_equal (json_object_get_string_member (l, "colour"), "red")
                           ? ISLE_COLOUR_RED : ISLE_COLOUR_BLUE);
          g_assert_cmpint (got->length, ==, json_object_get_int_member (l, "length"));
          g_assert_cmpint (got->base, ==, json_object_get_int_member (l, "base"));
          g_assert_cmpint (got->multiplier, ==, json_object_get_int_member (l, "multiplier"));
          g_assert_cmpint (got->value, ==, json_object_get_int_member (l, "value"));
          g_assert_cmpint (got->crow_share, ==, json_object_get_int_member (l, "crow_share"));
          g_assert_cmpint (got->crow_side, ==,
                           crow == NULL ? -1
                           : g_str_equal (crow, "red") ? ISLE_SIDE_RED : ISLE_SIDE_BLUE);
        }
      n_scored++;
    }
  g_assert_cmpint (n_scored, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A failed check fails its case and the run goes on, so one engine bug
   * does not hide the cases after it. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/scoring/r7_1_worked_example", test_r7_1_worked_example);
  g_test_add_func ("/scoring/r5_horizontal_line", test_r5_horizontal_line);
  g_test_add_func ("/scoring/r5_vertical_line", test_r5_vertical_line);
  g_test_add_func ("/scoring/r5_diagonal_line", test_r5_diagonal_line);
  g_test_add_func ("/scoring/r5_anti_diagonal_line", test_r5_anti_diagonal_line);
  g_test_add_func ("/scoring/r5_short_diagonals_in_corners", test_r5_short_diagonals_in_corners);
  g_test_add_func ("/scoring/r5_lines_table", test_r5_lines_table);
  g_test_add_func ("/scoring/r7_1_base_table_by_length", test_r7_1_base_table_by_length);
  g_test_add_func ("/scoring/r7_1_column_of_6", test_r7_1_column_of_6);
  g_test_add_func ("/scoring/r7_1_two_runs_are_not_enough", test_r7_1_two_runs_are_not_enough);
  g_test_add_func ("/scoring/r7_1_table_from_rules_data", test_r7_1_table_from_rules_data);
  g_test_add_func ("/scoring/r5_run_of_5_is_one_line", test_r5_run_of_5_is_one_line);
  g_test_add_func ("/scoring/r5_broken_by_rabbit", test_r5_broken_by_rabbit);
  g_test_add_func ("/scoring/r5_broken_by_prairie_dog", test_r5_broken_by_prairie_dog);
  g_test_add_func ("/scoring/r5_broken_by_hippo", test_r5_broken_by_hippo);
  g_test_add_func ("/scoring/r5_broken_by_empty_tile", test_r5_broken_by_empty_tile);
  g_test_add_func ("/scoring/r5_broken_by_other_colour", test_r5_broken_by_other_colour);
  g_test_add_func ("/scoring/r5_two_runs_in_one_row", test_r5_two_runs_in_one_row);
  g_test_add_func ("/scoring/r5_pair_after_a_break_does_not_score",
                   test_r5_pair_after_a_break_does_not_score);
  g_test_add_func ("/scoring/r5_token_in_two_lines", test_r5_token_in_two_lines);
  g_test_add_func ("/scoring/r5_token_in_four_lines", test_r5_token_in_four_lines);
  g_test_add_func ("/scoring/r2_rat_is_a_spy", test_r2_rat_is_a_spy);
  g_test_add_func ("/scoring/r2_own_colour_mercenaries", test_r2_own_colour_mercenaries);
  g_test_add_func ("/scoring/r2_chameleon_colours", test_r2_chameleon_colours);
  g_test_add_func ("/scoring/r2_mole_is_a_spy", test_r2_mole_is_a_spy);
  g_test_add_func ("/scoring/r2_white_tokens_never_score", test_r2_white_tokens_never_score);
  g_test_add_func ("/scoring/r3_team_seats_score_for_their_team",
                   test_r3_team_seats_score_for_their_team);
  g_test_add_func ("/scoring/r7_2_pig_doubles", test_r7_2_pig_doubles);
  g_test_add_func ("/scoring/r7_2_two_pigs_still_double", test_r7_2_two_pigs_still_double);
  g_test_add_func ("/scoring/r7_2_cat_triples", test_r7_2_cat_triples);
  g_test_add_func ("/scoring/r7_2_pig_and_cat_triple", test_r7_2_pig_and_cat_triple);
  g_test_add_func ("/scoring/r7_2_pig_outside_the_line", test_r7_2_pig_outside_the_line);
  g_test_add_func ("/scoring/r7_2_face_down_tokens_count", test_r7_2_face_down_tokens_count);
  g_test_add_func ("/scoring/r7_3_crow_takes_half", test_r7_3_crow_takes_half);
  g_test_add_func ("/scoring/r7_3_crow_share_rounds_down", test_r7_3_crow_share_rounds_down);
  g_test_add_func ("/scoring/r7_3_crow_with_cat", test_r7_3_crow_with_cat);
  g_test_add_func ("/scoring/r7_3_two_crows_act_once", test_r7_3_two_crows_act_once);
  g_test_add_func ("/scoring/r7_3_crow_in_several_lines", test_r7_3_crow_in_several_lines);
  g_test_add_func ("/scoring/r7_3_face_down_crow", test_r7_3_face_down_crow);
  g_test_add_func ("/scoring/r6_fog_never_scores", test_r6_fog_never_scores);
  g_test_add_func ("/scoring/r7_empty_board", test_r7_empty_board);
  g_test_add_func ("/scoring/r7_4_full_board", test_r7_4_full_board);
  g_test_add_func ("/scoring/r7_data_boards", test_r7_data_boards);

  return g_test_run ();
}
