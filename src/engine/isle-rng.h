/* isle-rng.h — a small seeded random number generator (SplitMix64).
 *
 * Pure C11. The state is one 64-bit word, so it lives inside IsleState and
 * is copied with it: the same seed gives the same sequence on every machine.
 */
#pragma once

#include <stdint.h>

typedef struct
{
  uint64_t s;
} IsleRng;

static inline void
isle_rng_seed (IsleRng *rng, uint64_t seed)
{
  rng->s = seed;
}

static inline uint64_t
isle_rng_next (IsleRng *rng)
{
  uint64_t z = (rng->s += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* The generator as N more isle_rng_next() calls would leave it, without
 * making them: SplitMix64's state only counts, so any draw ahead can be
 * reached at once. */
static inline IsleRng
isle_rng_ahead (const IsleRng *rng, uint64_t n)
{
  IsleRng ahead = { rng->s + n * UINT64_C (0x9e3779b97f4a7c15) };

  return ahead;
}

/* Moves the generator on as N isle_rng_next() calls would. */
static inline void
isle_rng_skip (IsleRng *rng, uint64_t n)
{
  *rng = isle_rng_ahead (rng, n);
}

/* Lemire's method on the 32-bit word X: a uniform integer in [0, n), n > 0,
 * unbiased: in the rare case that X falls in the sliver that would favour
 * some results, a fresh word is drawn. */
static inline uint32_t
isle_rng_below_from (IsleRng *rng, uint32_t x, uint32_t n)
{
  uint64_t m = (uint64_t) x * n;
  uint32_t low = (uint32_t) m;
  if (low < n)
    {
      uint32_t threshold = (uint32_t) -n % n;
      while (low < threshold)
        {
          m = (uint64_t) (uint32_t) (isle_rng_next (rng) >> 32) * n;
          low = (uint32_t) m;
        }
    }
  return (uint32_t) (m >> 32);
}

/* Lemire's method on the 16-bit word X: a uniform integer in [0, n),
 * 0 < n ≤ 65536, unbiased like isle_rng_below_from(); a fresh word is drawn
 * with probability below n / 65536, so for the small ranges of playouts (a
 * tile, a kind) four draws come from one 64-bit output. */
static inline uint32_t
isle_rng_below16_from (IsleRng *rng, uint32_t x, uint32_t n)
{
  uint32_t m = (x & 0xffff) * n;
  uint32_t low = m & 0xffff;
  if (low < n)
    {
      uint32_t threshold = 65536 % n;
      while (low < threshold)
        {
          m = (uint32_t) (isle_rng_next (rng) >> 48) * n;
          low = m & 0xffff;
        }
    }
  return m >> 16;
}

/* A uniform integer in [0, n), n > 0. */
static inline uint32_t
isle_rng_below (IsleRng *rng, uint32_t n)
{
  return isle_rng_below_from (rng, (uint32_t) (isle_rng_next (rng) >> 32), n);
}

/* Two independent uniform integers, in [0, n1) and [0, n2), from the two
 * halves of one 64-bit output: half the work of two isle_rng_below(). */
static inline void
isle_rng_below_two (IsleRng *rng, uint32_t n1, uint32_t n2, uint32_t *r1,
                    uint32_t *r2)
{
  uint64_t x = isle_rng_next (rng);

  *r1 = isle_rng_below_from (rng, (uint32_t) (x >> 32), n1);
  *r2 = isle_rng_below_from (rng, (uint32_t) x, n2);
}

/* Shuffles N bytes in place (Fisher–Yates). The generator is copied to a
 * local, which the byte stores cannot touch, so it stays in a register. */
static inline void
isle_rng_shuffle (IsleRng *rng, uint8_t *items, int n)
{
  IsleRng local = *rng;

  for (int i = n - 1; i > 0; i--)
    {
      int j = (int) isle_rng_below (&local, (uint32_t) i + 1);
      uint8_t t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  *rng = local;
}
