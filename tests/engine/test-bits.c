/* test-bits.c — the bitboard helpers of isle-bits.h against plain loops:
 * population count and the n-th set bit, on every byte, on single bits
 * and on many random words of every density; the quadrants' masks (R1);
 * and the random generator's draws of a 16-bit word (isle-rng.h). */
#include <string.h>

#include "isle-test-util.h"

static int
count_naive (uint64_t bb)
{
  int n = 0;

  for (int i = 0; i < 64; i++)
    n += (int) ((bb >> i) & 1);
  return n;
}

static int
select_naive (uint64_t bb, uint32_t n)
{
  for (int i = 0; i < 64; i++)
    if (((bb >> i) & 1) && n-- == 0)
      return i;
  return -1;
}

static void
check (uint64_t bb)
{
  int count = count_naive (bb);

  g_assert_cmpint (isle_bits_count (bb), ==, count);
  for (int n = 0; n < count; n++)
    g_assert_cmpint (isle_bits_select (bb, (uint32_t) n), ==, select_naive (bb, (uint32_t) n));
}

static void
test_bits_count_and_select (void)
{
  IsleRng rng;

  for (uint64_t b = 0; b < 256; b++)
    {
      check (b);
      check (b << 28);
      check (b << 56);
    }
  for (int i = 0; i < 64; i++)
    {
      check (UINT64_C (1) << i);
      check (~(UINT64_C (1) << i));
    }
  check (~UINT64_C (0));
  check (ISLE_ALL_CELLS);
  isle_rng_seed (&rng, 99);
  for (int i = 0; i < 20000; i++)
    {
      /* Sparse to dense: AND or OR of a few random words. */
      uint64_t bb = isle_rng_next (&rng);

      for (int k = (int) isle_rng_below (&rng, 4); k > 0; k--)
        bb = (i & 1) ? bb & isle_rng_next (&rng) : bb | isle_rng_next (&rng);
      check (bb);
      check (bb & ISLE_ALL_CELLS);
    }
}

/* R1: nw = a1–c3, ne = d1–f3, sw = a4–c6, se = d4–f6, from a table. */
static void
test_bits_quadrant_masks (void)
{
  static const char *const ids[ISLE_N_QUADRANTS] = { "nw", "ne", "sw", "se" };

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t want = 0;

      for (int cell = 0; cell < ISLE_N_CELLS; cell++)
        if ((isle_cell_column (cell) >= 3) == ((q & 1) != 0)
            && (isle_cell_row (cell) >= 3) == ((q & 2) != 0))
          want |= UINT64_C (1) << cell;
      g_assert_cmpstr (isle_quadrant_id (q), ==, ids[q]);
      g_assert_cmphex (isle_quadrant_mask (q), ==, want);
    }
  g_assert_cmphex (isle_quadrant_mask (-1), ==, 0);
  g_assert_cmphex (isle_quadrant_mask (ISLE_N_QUADRANTS), ==, 0);
}

/* isle_rng_below16_from() is exact: over every 16-bit word, the words it
 * keeps give each result in [0, n) equally often, and it draws a fresh
 * word for the others only, whose results stay in range. */
static void
test_bits_rng_below16 (void)
{
  static const uint32_t ns[] = { 1, 2, 3, 5, 6, 7, 11, 13, 36, 37, 48, 64, 100, 1000, 40000,
                                 65535, 65536 };

  for (gsize i = 0; i < G_N_ELEMENTS (ns); i++)
    {
      static uint32_t hits[65536];
      uint32_t n = ns[i], kept = 0;

      memset (hits, 0, sizeof hits);
      for (uint32_t x = 0; x < 65536; x++)
        {
          IsleRng rng, before;
          uint32_t r;

          isle_rng_seed (&rng, x);
          before = rng;
          r = isle_rng_below16_from (&rng, x, n);
          g_assert_cmpuint (r, <, n);
          if (rng.s == before.s)
            {
              /* Kept: Lemire's result, m / 65536. */
              g_assert_cmpuint (r, ==, x * n >> 16);
              hits[r]++;
              kept++;
            }
        }
      /* 65536 − (65536 mod n) words kept, 65536 div n for each result. */
      g_assert_cmpuint (kept, ==, 65536 - 65536 % n);
      for (uint32_t r = 0; r < n; r++)
        g_assert_cmpuint (hits[r], ==, 65536 / n);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bits/count_and_select", test_bits_count_and_select);
  g_test_add_func ("/bits/quadrant_masks", test_bits_quadrant_masks);
  g_test_add_func ("/bits/rng_below16", test_bits_rng_below16);
  return g_test_run ();
}
