/* test-scoring.c — R5 lines and R7 scoring, on R3 text positions.
 *
 * Every case names the rule it pins. Besides the totals, each case checks
 * the R7.5 breakdown: which lines were found (cells in order along their
 * direction), their colour, length, base, multiplier, value and Crow share.
 */
#include <string.h>

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

/* ---- positions ------------------------------------------------------------ */

/* Every field of a scored line (assert_line()). */
typedef struct
{
  const char *cells;          /* "a1 b1 c1", in order along the line */
  IsleColour colour;
  IsleDirection dir;
  int base, multiplier, crow_side, crow_share;
} Line;

/* A position scored by hand: its totals, how many lines it has, and the
 * lines to check (the first N_LINES or fewer; the rest of LINES is empty).
 * Consecutive positions with the same TEST are one test case. */
typedef struct
{
  const char *test;
  const char *board;          /* R3 text */
  int32_t red, blue;
  int n_lines;
  Line lines[13];
} Position;

static const Position positions[] = {
  /* ---- R5 line shapes ------------------------------------------------------- */

  { "r5_horizontal_line",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  bW bW bW .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 3, 1,
    { { "b3 c3 d3", BLUE, H, 3, 1, NO_CROW } } },
  /* Top to bottom. */
  { "r5_vertical_line",
    ".  .  .  .  .  .\n"
    ".  .  .  .  rW .\n"
    ".  .  .  .  rW .\n"
    ".  .  .  .  rW .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 0, 1,
    { { "e2 e3 e4", RED, V, 3, 1, NO_CROW } } },
  /* ↘, top-left to bottom-right. */
  { "r5_diagonal_line",
    ".  .  .  .  .  .\n"
    ".  rW .  .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  .  rW .  .\n"
    ".  .  .  .  rW .\n"
    ".  .  .  .  .  .\n", 5, 0, 1,
    { { "b2 c3 d4 e5", RED, D, 5, 1, NO_CROW } } },
  /* ↙, top-right to bottom-left. The red pair c5–b6 is too short. */
  { "r5_anti_diagonal_line",
    ".  .  .  .  .  bW\n"
    ".  .  .  .  bW .\n"
    ".  .  .  bW .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  rW .  .  .  .\n", 0, 3, 1,
    { { "f1 e2 d3", BLUE, A, 3, 1, NO_CROW } } },
  /* The four shortest diagonals (length 3), one in each corner. */
  { "r5_short_diagonals_in_corners",
    ".  .  rW bW .  .\n"
    ".  rW .  .  bW .\n"
    "rW .  .  .  .  bW\n"
    "bW .  .  .  .  rW\n"
    ".  bW .  .  rW .\n"
    ".  .  bW rW .  .\n", 3 + 3, 3 + 3, 4,
    { { "c1 b2 a3", RED, A, 3, 1, NO_CROW },
      { "d1 e2 f3", BLUE, D, 3, 1, NO_CROW },
      { "a4 b5 c6", BLUE, D, 3, 1, NO_CROW },
      { "f4 e5 d6", RED, A, 3, 1, NO_CROW } } },

  /* ---- R7.1 base table ------------------------------------------------------- */

  { "r7_1_column_of_6",
    ".  .  .  .  .  bW\n"
    ".  .  .  .  .  bW\n"
    ".  .  .  .  .  bW\n"
    ".  .  .  .  .  bW\n"
    ".  .  .  .  .  bW\n"
    ".  .  .  .  .  bW\n", 0, 12, 1,
    { { "f1 f2 f3 f4 f5 f6", BLUE, V, 12, 1, NO_CROW } } },
  /* Pairs never score (R5: 3 or more). */
  { "r7_1_two_runs_are_not_enough",
    "rW rW .  bW bW .\n"
    "rW .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  bW\n"
    ".  .  .  .  bW .\n", 0, 0, 0 },

  /* ---- R5 what ends a run --------------------------------------------------- */

  /* One line of 5 (8), not three lines of 3 (9) nor 4 + 3. */
  { "r5_run_of_5_is_one_line",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  bW bW bW bW bW\n"
    ".  .  .  .  .  .\n", 0, 8, 1,
    { { "b5 c5 d5 e5 f5", BLUE, H, 8, 1, NO_CROW } } },
  { "r5_broken_by_rabbit",
    "rW rW rB rW rW rW\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 0, 1,
    { { "d1 e1 f1", RED, H, 3, 1, NO_CROW } } },
  { "r5_broken_by_prairie_dog",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "bW bW bW bD bW bW\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 3, 1,
    { { "a3 b3 c3", BLUE, H, 3, 1, NO_CROW } } },
  /* A Hippo across two tiles (R8.9) is white on both. Its own colour is
   * white even though both tiles are the owner's. */
  { "r5_broken_by_hippo",
    "rW .  .  .  .  .\n"
    "rW .  .  .  .  .\n"
    "rH .  .  .  .  .\n"
    "rH+ . .  .  .  .\n"
    "rW .  .  .  .  .\n"
    "rW bH .  .  .  .\n", 0, 0, 0 },
  /* A face-down Hippo takes one tile and is white too. */
  { "r5_broken_by_hippo",
    "rW rW rH* rW rW .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 0, 0 },
  { "r5_broken_by_empty_tile",
    "bW .  .  .  .  .\n"
    "bW .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "bW .  .  .  .  .\n"
    "bW .  .  .  .  .\n"
    "bW .  .  .  .  .\n", 0, 3, 1,
    { { "a4 a5 a6", BLUE, V, 3, 1, NO_CROW } } },
  { "r5_broken_by_other_colour",
    "rW .  .  .  .  .\n"
    ".  rW .  .  .  .\n"
    ".  .  bW .  .  .\n"
    ".  .  .  rW .  .\n"
    ".  .  .  .  rW .\n"
    ".  .  .  .  .  rW\n", 3, 0, 1,
    { { "d4 e5 f6", RED, D, 3, 1, NO_CROW } } },
  { "r5_two_runs_in_one_row",
    ".  .  .  .  .  .\n"
    "rW rW rW bW bW bW\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 3, 2,
    { { "a2 b2 c2", RED, H, 3, 1, NO_CROW },
      { "d2 e2 f2", BLUE, H, 3, 1, NO_CROW } } },
  /* R R R B R R down column c: one line c1–c3; the pair c5–c6 is no line
   * and is not joined to the first run across the blue token. */
  { "r5_pair_after_a_break_does_not_score",
    ".  .  rW .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  bW .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  rW .  .  .\n", 3, 0, 1,
    { { "c1 c2 c3", RED, V, 3, 1, NO_CROW } } },
  /* A plus: c3 is in a row line and a column line and scores in both; the
   * Pig doubles both lines. */
  { "r5_token_in_two_lines",
    ".  .  .  .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  rW rP rW .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 6 + 6, 0, 2,
    { { "b3 c3 d3", RED, H, 3, 2, NO_CROW },
      { "c2 c3 c4", RED, V, 3, 2, NO_CROW } } },

  /* ---- R2 colours ----------------------------------------------------------- */

  /* bR is Blue's Rat, which is red: it extends a red line, for Red. */
  { "r2_rat_is_a_spy",
    "rW rW bR .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "bW rR bW .  .  .\n", 3, 3, 2,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW },
      { "a6 b6 c6", BLUE, H, 3, 1, NO_CROW } } },
  /* The Rat's owner gets nothing from its own Rat: three red Rats of Blue's
   * are a red line. */
  { "r2_rat_is_a_spy",
    "bR bR bR .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 0, 1,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW } } },
  /* Fox, Turtle, Cat, Mouses, Snake, Frog show their owner's colour. */
  { "r2_own_colour_mercenaries",
    "rF rT rM rS rG .\n"
    "bF bT bM bS bG .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 8, 8, 2,
    { { "a1 b1 c1 d1 e1", RED, H, 8, 1, NO_CROW },
      { "a2 b2 c2 d2 e2", BLUE, H, 8, 1, NO_CROW } } },
  /* rL is Red's Chameleon still blue; rLr turned red; rLb is blue. */
  { "r2_chameleon_colours",
    "bW bW rL .  .  .\n"
    "rW rW rLr .  .  .\n"
    "bW rLb bW .  .  .\n"
    ".  .  .  .  .  .\n"
    "rW rW bL .  .  .\n"
    "bW bW bLb .  .  .\n", 6, 9, 5,
    { { "a1 b1 c1", BLUE, H, 3, 1, NO_CROW },
      { "a2 b2 c2", RED, H, 3, 1, NO_CROW },
      { "a3 b3 c3", BLUE, H, 3, 1, NO_CROW },
      { "a5 b5 c5", RED, H, 3, 1, NO_CROW },
      { "a6 b6 c6", BLUE, H, 3, 1, NO_CROW } } },
  { "r2_mole_is_a_spy",
    ".  .  .  .  .  .\n"
    ".  .  .  bW .  .\n"
    ".  .  .  rO .  .\n"
    ".  .  .  bW .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 3, 1,
    { { "d2 d3 d4", BLUE, V, 3, 1, NO_CROW } } },
  /* Rabbits, Prairie Dogs and Hippos of either side: no line, no points. */
  { "r2_white_tokens_never_score",
    "rB rB rB bB bB bB\n"
    "rD bD rD bD rD bD\n"
    "rH rH+ bH bH+ rH* bH*\n"
    "rB bB rB bB rB bB\n"
    "rB rB rB rB rB rB\n"
    "bD bD bD bD bD bD\n", 0, 0, 0 },
  /* R11: r1 and r2 are the Red team; b2's Rat is red. b1K is red (Blue's
   * Crow), so a2–a4 is no blue line. */
  { "r3_team_seats_score_for_their_team",
    "r1W r2W b2R r1P .  .\n"
    "b1W .  .  .  .  .\n"
    "b2W .  .  .  .  .\n"
    "b1K .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 10, 0, 1,
    { { "a1 b1 c1 d1", RED, H, 5, 2, NO_CROW } } },

  /* ---- R7.2 multiplier ------------------------------------------------------ */

  { "r7_2_pig_doubles",
    "rW rP rW .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 6, 0, 1,
    { { "a1 b1 c1", RED, H, 3, 2, NO_CROW } } },
  { "r7_2_two_pigs_still_double",
    ".  .  .  .  .  .\n"
    "bP bW bP bW .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 10, 1,
    { { "a2 b2 c2 d2", BLUE, H, 5, 2, NO_CROW } } },
  { "r7_2_cat_triples",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  rW rC rW rW\n"
    ".  .  .  .  .  .\n", 15, 0, 1,
    { { "c5 d5 e5 f5", RED, H, 5, 3, NO_CROW } } },
  /* ×3, not ×6. */
  { "r7_2_pig_and_cat_triple",
    "bP .  .  .  .  .\n"
    "bC .  .  .  .  .\n"
    "bW .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 0, 9, 1,
    { { "a1 a2 a3", BLUE, V, 3, 3, NO_CROW } } },
  /* A Pig beyond the end of a line does nothing: after a Rabbit, or the
   * opponent's Pig (the other colour) in the way. */
  { "r7_2_pig_outside_the_line",
    "rW rW rW rB rP .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 0, 1,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW } } },
  { "r7_2_pig_outside_the_line",
    "rW rW rW bP rP .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 0, 1,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW } } },

  /* ---- R6.4 face-down tokens count with their true kind and colour -------- */

  /* Face-down tokens (R6.4) are scored with their true kind and colour:
   * Wolves, a Pig, a Cat, Blue's Crow, Blue's Rat and Mole (both red).
   * bR* (red) cuts a6 off; bO* (red) ends the run at e6. */
  { "r7_2_face_down_tokens_count",
    "rW* rW* rW* .  .  .\n"
    "bW bP* bW .  .  .\n"
    "rW rC* rW .  .  .\n"
    ".  .  .  .  .  .\n"
    "rW rW bK* .  .  .\n"
    "bW bR* bW bW bW bO*\n", /* red */ 3 + 9 + 2, /* blue */ 6 + 1 + 3, 5,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW },
      { "a2 b2 c2", BLUE, H, 3, 2, NO_CROW },
      { "a3 b3 c3", RED, H, 3, 3, NO_CROW },
      { "a5 b5 c5", RED, H, 3, 1, ISLE_SIDE_BLUE, 1 },
      { "c6 d6 e6", BLUE, H, 3, 1, NO_CROW } } },

  /* ---- R7.3 Crow -------------------------------------------------------------- */

  /* A red line of 3 with a Pig and Blue's Crow (red): 3 × 2 = 6, Blue takes
   * 3, Red keeps 3. */
  { "r7_3_crow_takes_half",
    "rW rP bK .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 3, 1,
    { { "a1 b1 c1", RED, H, 3, 2, ISLE_SIDE_BLUE, 3 } } },
  /* Line of 4: 5, Blue's Crow takes 2, Red keeps 3. */
  { "r7_3_crow_share_rounds_down",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  rW rW bK rW\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 2, 1,
    { { "c3 d3 e3 f3", RED, H, 5, 1, ISLE_SIDE_BLUE, 2 } } },
  /* A line of 3 without modifier: 3, the Crow takes 1, the colour keeps 2. */
  { "r7_3_crow_share_rounds_down",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "bW rK bW .  .  .\n", 1, 2, 1,
    { { "a6 b6 c6", BLUE, H, 3, 1, ISLE_SIDE_RED, 1 } } },
  /* 5 × 3 = 15, Crow takes 7, colour keeps 8. */
  { "r7_3_crow_with_cat",
    ".  .  .  .  .  rK\n"
    ".  .  .  .  bC .\n"
    ".  .  .  bW .  .\n"
    ".  .  bW .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 7, 8, 1,
    { { "f1 e2 d3 c4", BLUE, A, 5, 3, ISLE_SIDE_RED, 7 } } },
  /* Both of Blue's Crows in one red line of 4: Blue takes half once (2), not
   * twice; Red keeps 3. */
  { "r7_3_two_crows_act_once",
    "rW .  .  .  .  .\n"
    "bK .  .  .  .  .\n"
    "bK .  .  .  .  .\n"
    "rW .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3, 2, 1,
    { { "a1 a2 a3 a4", RED, V, 5, 1, ISLE_SIDE_BLUE, 2 } } },
  /* One Crow in two lines takes a share of each. Red row b1–d1 (3, with Pig
   * 6: Blue 3) and red column c1–c3 (3: Blue 1). */
  { "r7_3_crow_in_several_lines",
    ".  rW bK rP .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  rW .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 3 + 2, 3 + 1, 2,
    { { "b1 c1 d1", RED, H, 3, 2, ISLE_SIDE_BLUE, 3 },
      { "c1 c2 c3", RED, V, 3, 1, ISLE_SIDE_BLUE, 1 } } },
  /* Red's face-down Crow (blue) in a blue line of 6: 12, Red takes 6. */
  { "r7_3_face_down_crow",
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n"
    "bW bW bW rK* bW bW\n"
    ".  .  .  .  .  .\n"
    ".  .  .  .  .  .\n", 6, 6, 1,
    { { "a4 b4 c4 d4 e4 f4", BLUE, H, 12, 1, ISLE_SIDE_RED, 6 } } },

  /* ---- R6 fog --------------------------------------------------------------- */

  /* nw and se fogged. Fog ends a run like an empty tile. */
  { "r6_fog_never_scores",
    "#  #  #  rW rW rW\n"
    "#  #  #  bW .  .\n"
    "#  #  #  bW .  .\n"
    "rW rW rW #  #  #\n"
    ".  .  .  #  #  #\n"
    ".  .  .  #  #  #\n", 3 + 3, 0, 2,
    { { "d1 e1 f1", RED, H, 3, 1, NO_CROW },
      { "a4 b4 c4", RED, H, 3, 1, NO_CROW } } },
  /* Nothing but fog: nothing at all. */
  { "r6_fog_never_scores",
    "#  #  #  #  #  #\n"
    "#  #  #  #  #  #\n"
    "#  #  #  #  #  #\n"
    "#  #  #  .  .  .\n"
    "#  #  #  .  .  .\n"
    "#  #  #  .  .  .\n", 0, 0, 0 },

  /* ---- whole boards ----------------------------------------------------------- */

  { "r7_empty_board", isle_test_empty_board, 0, 0, 0 },
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
  { "r7_4_full_board",
    "rW rW rW bW bW rP\n"
    "rR rW bR rB bW rW\n"
    "rC bK rW bW* bM bW\n"
    "bP rF bP rW* rD bW\n"
    "bO bW rL rK rS bW*\n"
    "rB bH bH+ bB bL rO\n", 35, 32, 13,
    { { "a1 b1 c1", RED, H, 3, 1, NO_CROW },
      { "a3 b3 c3", RED, H, 3, 3, ISLE_SIDE_BLUE, 4 },
      { "d3 e3 f3", BLUE, H, 3, 1, NO_CROW },
      { "b5 c5 d5", BLUE, H, 3, 1, ISLE_SIDE_RED, 1 },
      { "b1 b2 b3 b4", RED, V, 5, 1, ISLE_SIDE_BLUE, 2 },
      { "c1 c2 c3", RED, V, 3, 1, NO_CROW },
      { "e1 e2 e3", BLUE, V, 3, 1, NO_CROW },
      { "f3 f4 f5 f6", BLUE, V, 5, 1, NO_CROW },
      { "a1 b2 c3 d4 e5", RED, D, 8, 1, NO_CROW },
      { "d1 e2 f3", BLUE, D, 3, 1, NO_CROW },
      { "e2 d3 c4 b5", BLUE, A, 5, 2, NO_CROW },
      { "c3 b4 a5", RED, A, 3, 1, NO_CROW },
      { "c1 b2 a3", RED, A, 3, 3, NO_CROW } } },
};

static void
test_positions (gconstpointer data)
{
  const Position *first = data;

  for (const Position *p = first;
       p < positions + G_N_ELEMENTS (positions) && strcmp (p->test, first->test) == 0; p++)
    {
      IsleScore s = score_board (p->board, p->red, p->blue, p->n_lines);

      for (const Line *l = p->lines; l < p->lines + G_N_ELEMENTS (p->lines) && l->cells; l++)
        assert_line (&s, l->cells, l->colour, l->dir, l->base, l->multiplier,
                     l->crow_side, l->crow_share);
    }
}

/* ---- R7 worked example ---------------------------------------------------- */

static void
test_r7_1_worked_example (void)
{
  /* doc/rules.md R3/R7: red line a1–d1 of 4 holding a Pig: 5 × 2 = 10. */
  IsleScore s = score_board ("rW rW rP rW bW .\n"
                             "bR .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n"
                             ".  .  .  .  .  .\n", 10, 0, 1);

  assert_line (&s, "a1 b1 c1 d1", RED, H, 5, 2, NO_CROW);
  g_assert_cmpint (s.lines[0].length, ==, 4);
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

/* ---- the hot path against the breakdown ----------------------------------- */

/* A random map: tiles empty or holding any kind of either side, face up or
 * down, a Chameleon in either colour, denser or sparser by SEED. */
static IsleBoard
random_board (IsleRng *rng, uint64_t seed)
{
  IsleBoard board;
  uint32_t empty_in_8 = (uint32_t) (seed % 4);   /* 0/8 to 3/8 of tiles empty */
  /* Mostly basic kinds on some maps, any kind on others. */
  uint32_t kinds = seed % 3 == 0 ? ISLE_KIND_RABBIT : ISLE_N_KINDS - 1;

  isle_board_clear (&board);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      IsleKind kind;
      int seat;
      IsleColour colour;

      if (isle_rng_below (rng, 8) < empty_in_8)
        continue;
      kind = (IsleKind) (1 + isle_rng_below (rng, kinds));
      seat = (int) isle_rng_below (rng, ISLE_MAX_SEATS);
      colour = isle_kind_start_colour (kind, isle_seat_side (seat));
      if (kind == ISLE_KIND_CHAMELEON && isle_rng_below (rng, 2))
        colour = (IsleColour) (3 - colour);                          /* R8.6 */
      isle_board_put (&board, cell, kind, seat, colour,
                      isle_rng_below (rng, 4) == 0 ? ISLE_CELL_FACE_DOWN : 0);
    }
  return board;
}

/* R5, R7: on many random maps, scoring without a breakdown (the playouts'
 * path) gives the totals of the breakdown, under the standard table and
 * under one where every length is worth a different power of ten. */
static void
test_r7_totals_match_breakdown_on_random_maps (void)
{
  static const int32_t powers[7] = { 0, 0, 0, 1, 10, 100, 1000 };
  IsleRules rules;
  IsleRng rng;
  int by_length[ISLE_BOARD_SIZE + 1] = { 0 }, crows = 0;

  isle_test_standard_rules (&rules);
  isle_rng_seed (&rng, 2024);
  for (uint64_t seed = 0; seed < 20000; seed++)
    {
      IsleBoard board = random_board (&rng, seed);
      const int32_t *table = seed % 2 ? powers : rules.line_score;
      IsleScore breakdown;
      int32_t totals[ISLE_N_SIDES] = { -1, -1 }, with[ISLE_N_SIDES];

      isle_board_score (&board, table, with, &breakdown);
      isle_board_score (&board, table, totals, NULL);
      g_assert_cmpint (totals[ISLE_SIDE_RED], ==, breakdown.side[ISLE_SIDE_RED]);
      g_assert_cmpint (totals[ISLE_SIDE_BLUE], ==, breakdown.side[ISLE_SIDE_BLUE]);
      g_assert_cmpint (with[ISLE_SIDE_RED], ==, breakdown.side[ISLE_SIDE_RED]);
      g_assert_cmpint (with[ISLE_SIDE_BLUE], ==, breakdown.side[ISLE_SIDE_BLUE]);
      for (int i = 0; i < breakdown.n_lines; i++)
        {
          by_length[breakdown.lines[i].length]++;
          crows += breakdown.lines[i].crow_side >= 0;
        }
    }
  /* The maps had lines of every length to score, some with a Crow. */
  for (int len = 3; len <= ISLE_BOARD_SIZE; len++)
    g_assert_cmpint (by_length[len], >, 100);
  g_assert_cmpint (crows, >, 100);
}

/* ---- the lines table ------------------------------------------------------ */

static void
test_r5_lines_table (void)
{
  /* doc/architecture.md: the 26 precomputed lines of length ≥ 3: 6 rows,
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
static gboolean
score_data_board (const char *name, const char *text, JsonObject *expect)
{
  JsonArray *lines;
  IsleScore s;

  if (json_object_has_member (expect, "parse_error"))
    return FALSE;
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
  return TRUE;
}

static void
test_r7_data_boards (void)
{
  isle_test_check_data_boards (score_data_board);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A failed check fails its case and the run goes on, so one engine bug
   * does not hide the cases after it. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/scoring/r7_1_worked_example", test_r7_1_worked_example);
  for (gsize i = 0; i < G_N_ELEMENTS (positions); i++)
    if (i == 0 || strcmp (positions[i].test, positions[i - 1].test) != 0)
      {
        g_autofree char *path = g_strdup_printf ("/scoring/%s", positions[i].test);

        g_test_add_data_func (path, &positions[i], test_positions);
      }
  g_test_add_func ("/scoring/r5_lines_table", test_r5_lines_table);
  g_test_add_func ("/scoring/r7_1_base_table_by_length", test_r7_1_base_table_by_length);
  g_test_add_func ("/scoring/r7_1_table_from_rules_data", test_r7_1_table_from_rules_data);
  g_test_add_func ("/scoring/r5_token_in_four_lines", test_r5_token_in_four_lines);
  g_test_add_func ("/scoring/r7_data_boards", test_r7_data_boards);
  g_test_add_func ("/scoring/r7_totals_match_breakdown_on_random_maps",
                   test_r7_totals_match_breakdown_on_random_maps);

  return g_test_run ();
}
