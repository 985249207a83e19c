/* isle-playout-guided.c — playouts by rules of thumb, for search, and the
 * same rules of thumb as a player's instinct (the gentle levels).
 *
 * A uniformly random playout says little about a placement's worth: random
 * players build no lines and block none, so a search that judges moves by
 * random games saturates (doc/ai.md). Here each placement is drawn from
 * what a sensible player would consider: a token of the placer's colour
 * where it makes or lengthens a line of its colour and cuts one of the
 * other colour (R5); a Pig or a Cat where its multiplier counts (R7.2); a
 * spy, a token of the other side's colour, where it helps the other side
 * least and spoils no line of its own; a white token where it blocks the
 * other side's best line (R2). A little noise and a few uniform moves keep
 * the playouts varied. Hiring follows the hiring policy
 * (isle-hire-policy.c) or hires nobody; every other decision is drawn
 * uniformly, as isle_state_sample_action() draws it. Opening hands and
 * placements that start no ability are applied on paths of their own
 * (guided_picks (), guided_place_plain (), guided_place ()), each doing
 * what the reference transitions do; every other action goes through
 * them.
 *
 * What a tile is worth to a colour comes from the lines through it (every
 * row, column and diagonal of the island long enough for a line, R5): the
 * tokens of that colour next to it in both directions and the room, the
 * tiles of that colour, free or fogged, around it. A line's worths only
 * change when one of its tiles does, so they are kept between placements
 * and only the lines through changed tiles are counted again, each as six
 * bits at once, both colours together; a round starts from an empty
 * map's. A placement is chosen without a branch on a worth or a draw,
 * four tiles a lane at a time. These playouts take exactly the decisions
 * they took when they were counted tile by tile, from the same draws
 * (test-guided.c holds them to the old counting, kept in the test tree).
 */
#include "isle-playout-private.h"

#include <math.h>

/* What a run of N tokens of one colour is worth as a line in the making:
 * R7.1's table from 3 on (read from the rules), a little for 1 and 2. */
#define RUN_ONE 0.25f
#define RUN_TWO 1.0f

/* Cells past the map's in Guide.along: one that takes what a line counts
 * past its end (a diagonal shorter than six), and three of NaNs that stand
 * for no tile in the lanes past the last free open tile (a NaN compares
 * false: it is never the best). */
#define SINK_CELL ISLE_N_CELLS
#define NAN_CELLS ((UINT64_C (1) << (ISLE_N_CELLS + 1)) | (UINT64_C (1) << (ISLE_N_CELLS + 2)) \
                   | (UINT64_C (1) << (ISLE_N_CELLS + 3)))

/* Four tiles' worths at once (GCC's and Clang's vector extension; plain
 * IEEE single-precision arithmetic, lane by lane, as in scalar code). */
typedef float Floats4 __attribute__ ((vector_size (16)));
typedef int32_t Ints4 __attribute__ ((vector_size (16)));
typedef uint16_t Shorts8 __attribute__ ((vector_size (16)));
typedef uint8_t Bytes16 __attribute__ ((vector_size (16)));
#define N_GROUPS (ISLE_N_CELLS / 4)

typedef struct
{
  /* The map the worths below were counted on. */
  uint64_t colour[3];
  uint64_t occupied;
  float run[ISLE_BOARD_SIZE + 1];
  /* What a free tile between runs of OB and OF tokens of a colour, none of
   * them a Pig or a Cat, adds to that colour's lines, at 64 + OB + 8 OF
   * where the line has room for three there, run[OB + OF + 1] - run[OB]
   * - run[OF]; nothing at OB + 8 OF, where it has not. */
  float join[128];
  /* What a token of colour red (0) or blue (1) on each free tile would
   * add to that colour's line in each direction (nothing where the ray is
   * too short for a line, R5): along[4 cell + dir][colour], so that a tile's
   * eight numbers are two vectors. A line is counted again when one of
   * its tiles changes; what a tile adds in all is the sum over its four
   * directions. Every such number is a multiple of a quarter well under
   * 2^16 (a line scores at most 1,000 by the rules' table, three times
   * with a Cat), so single-precision sums are exact in any order. */
  _Alignas (16) float along[(ISLE_N_CELLS + 4) * ISLE_N_DIRS][2];
} Guide;

static void guide_clear (Guide *g);

static void
guide_init (Guide *g, const IsleState *s)
{
  g->run[0] = 0.0f;
  g->run[1] = RUN_ONE;
  g->run[2] = RUN_TWO;
  for (int n = 3; n <= ISLE_BOARD_SIZE; n++)
    g->run[n] = (float) s->rules.line_score[n];
  memset (g->join, 0, sizeof g->join);
  for (int ob = 0; ob < ISLE_BOARD_SIZE; ob++)
    for (int of = 0; ob + of < ISLE_BOARD_SIZE; of++)
      g->join[64 + ob + 8 * of] = g->run[ob + of + 1] * 1.0f - g->run[ob] * 1.0f
                                  - g->run[of] * 1.0f;
  for (int c = ISLE_N_CELLS + 1; c < ISLE_N_CELLS + 4; c++)
    for (int d = 0; d < ISLE_N_DIRS; d++)
      g->along[4 * c + d][0] = g->along[4 * c + d][1] = NAN;
  guide_clear (g);
}

/* A line's tiles as six bits (R5): a bitboard's tiles along a line, a
 * fixed step apart, are gathered into bits 58–63 by one multiplication
 * whose partial products never meet (a product's place tells its tile and
 * its multiplier's bit apart); the ↙ lines come out last tile first, from
 * bit 5 down, so their bits run ↗. isle_lines(), each with its tiles
 * (MASK), the multiplier, and its tiles as six bits (FULL). */
typedef struct
{
  uint64_t mask, magic;
  uint8_t full;
} GuideLine;

static const GuideLine guide_lines[ISLE_N_LINES] = {
  { UINT64_C (0x00000003f), UINT64_C (0x0400000000000000), 0x3f },  /* a1 b1 c1 d1 e1 f1 */
  { UINT64_C (0x000000fc0), UINT64_C (0x0010000000000000), 0x3f },  /* a2 b2 c2 d2 e2 f2 */
  { UINT64_C (0x00003f000), UINT64_C (0x0000400000000000), 0x3f },  /* a3 b3 c3 d3 e3 f3 */
  { UINT64_C (0x000fc0000), UINT64_C (0x0000010000000000), 0x3f },  /* a4 b4 c4 d4 e4 f4 */
  { UINT64_C (0x03f000000), UINT64_C (0x0000000400000000), 0x3f },  /* a5 b5 c5 d5 e5 f5 */
  { UINT64_C (0xfc0000000), UINT64_C (0x0000000010000000), 0x3f },  /* a6 b6 c6 d6 e6 f6 */
  { UINT64_C (0x041041041), UINT64_C (0x0421084200000000), 0x3f },  /* a1 a2 a3 a4 a5 a6 */
  { UINT64_C (0x082082082), UINT64_C (0x0210842100000000), 0x3f },  /* b1 b2 b3 b4 b5 b6 */
  { UINT64_C (0x104104104), UINT64_C (0x0108421080000000), 0x3f },  /* c1 c2 c3 c4 c5 c6 */
  { UINT64_C (0x208208208), UINT64_C (0x0084210840000000), 0x3f },  /* d1 d2 d3 d4 d5 d6 */
  { UINT64_C (0x410410410), UINT64_C (0x0042108420000000), 0x3f },  /* e1 e2 e3 e4 e5 e6 */
  { UINT64_C (0x820820820), UINT64_C (0x0021084210000000), 0x3f },  /* f1 f2 f3 f4 f5 f6 */
  { UINT64_C (0x102040000), UINT64_C (0x0000010410000000), 0x07 },  /* a4 b5 c6 */
  { UINT64_C (0x204081000), UINT64_C (0x0000410410000000), 0x0f },  /* a3 b4 c5 d6 */
  { UINT64_C (0x408102040), UINT64_C (0x0010410410000000), 0x1f },  /* a2 b3 c4 d5 e6 */
  { UINT64_C (0x810204081), UINT64_C (0x0410410410000000), 0x3f },  /* a1 b2 c3 d4 e5 f6 */
  { UINT64_C (0x020408102), UINT64_C (0x0208208200000000), 0x1f },  /* b1 c2 d3 e4 f5 */
  { UINT64_C (0x000810204), UINT64_C (0x0104104000000000), 0x0f },  /* c1 d2 e3 f4 */
  { UINT64_C (0x000020408), UINT64_C (0x0082080000000000), 0x07 },  /* d1 e2 f3 */
  { UINT64_C (0x000001084), UINT64_C (0x2082000000000000), 0x38 },  /* c1 b2 a3 */
  { UINT64_C (0x000042108), UINT64_C (0x1041040000000000), 0x3c },  /* d1 c2 b3 a4 */
  { UINT64_C (0x001084210), UINT64_C (0x0820820800000000), 0x3e },  /* e1 d2 c3 b4 a5 */
  { UINT64_C (0x042108420), UINT64_C (0x0410410410000000), 0x3f },  /* f1 e2 d3 c4 b5 a6 */
  { UINT64_C (0x084210800), UINT64_C (0x0010410410000000), 0x3e },  /* f2 e3 d4 c5 b6 */
  { UINT64_C (0x108420000), UINT64_C (0x0000410410000000), 0x3c },  /* f3 e4 d5 c6 */
  { UINT64_C (0x210800000), UINT64_C (0x0000010410000000), 0x38 },  /* f4 e5 d6 */
};

/* For each line of isle_lines(), in the order of its six bits, where its
 * tiles' numbers are in Guide.along: the tile times 4 plus the direction;
 * the sink's past the line's end. */
static const uint8_t line_slots[ISLE_N_LINES][ISLE_BOARD_SIZE] = {
  {   0,   4,   8,  12,  16,  20 },  /* a1 b1 c1 d1 e1 f1 */
  {  24,  28,  32,  36,  40,  44 },  /* a2 b2 c2 d2 e2 f2 */
  {  48,  52,  56,  60,  64,  68 },  /* a3 b3 c3 d3 e3 f3 */
  {  72,  76,  80,  84,  88,  92 },  /* a4 b4 c4 d4 e4 f4 */
  {  96, 100, 104, 108, 112, 116 },  /* a5 b5 c5 d5 e5 f5 */
  { 120, 124, 128, 132, 136, 140 },  /* a6 b6 c6 d6 e6 f6 */
  {   1,  25,  49,  73,  97, 121 },  /* a1 a2 a3 a4 a5 a6 */
  {   5,  29,  53,  77, 101, 125 },  /* b1 b2 b3 b4 b5 b6 */
  {   9,  33,  57,  81, 105, 129 },  /* c1 c2 c3 c4 c5 c6 */
  {  13,  37,  61,  85, 109, 133 },  /* d1 d2 d3 d4 d5 d6 */
  {  17,  41,  65,  89, 113, 137 },  /* e1 e2 e3 e4 e5 e6 */
  {  21,  45,  69,  93, 117, 141 },  /* f1 f2 f3 f4 f5 f6 */
  {  74, 102, 130, 146, 146, 146 },  /* a4 b5 c6 - - - */
  {  50,  78, 106, 134, 146, 146 },  /* a3 b4 c5 d6 - - */
  {  26,  54,  82, 110, 138, 146 },  /* a2 b3 c4 d5 e6 - */
  {   2,  30,  58,  86, 114, 142 },  /* a1 b2 c3 d4 e5 f6 */
  {   6,  34,  62,  90, 118, 146 },  /* b1 c2 d3 e4 f5 - */
  {  10,  38,  66,  94, 146, 146 },  /* c1 d2 e3 f4 - - */
  {  14,  42,  70, 146, 146, 146 },  /* d1 e2 f3 - - - */
  { 147, 147, 147,  51,  31,  11 },  /* - - - a3 b2 c1 */
  { 147, 147,  75,  55,  35,  15 },  /* - - a4 b3 c2 d1 */
  { 147,  99,  79,  59,  39,  19 },  /* - a5 b4 c3 d2 e1 */
  { 123, 103,  83,  63,  43,  23 },  /* a6 b5 c4 d3 e2 f1 */
  { 147, 127, 107,  87,  67,  47 },  /* - b6 c5 d4 e3 f2 */
  { 147, 147, 131, 111,  91,  71 },  /* - - c6 d5 e4 f3 */
  { 147, 147, 147, 135, 115,  95 },  /* - - - d6 e5 f4 */
};

/* The worths of an empty map, as counting every line would make them
 * (guide_line ()): on every tile of every line, for either colour, a run
 * of one in the making (RUN_ONE, join[64]); nothing where no line goes
 * (R5), a bit per direction of TILE's DIRS. */
#define DIR(dirs, d) { ((dirs) >> (d) & 1) * RUN_ONE, ((dirs) >> (d) & 1) * RUN_ONE }
#define TILE(dirs) { DIR (dirs, 0), DIR (dirs, 1), DIR (dirs, 2), DIR (dirs, 3) }
static const float empty_along[ISLE_N_CELLS][ISLE_N_DIRS][2] = {
  TILE (0x7), TILE (0x7), TILE (0xf), TILE (0xf), TILE (0xb), TILE (0xb),  /* a1 b1 c1 d1 e1 f1 */
  TILE (0x7), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xb),  /* a2 b2 c2 d2 e2 f2 */
  TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf),  /* a3 b3 c3 d3 e3 f3 */
  TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf),  /* a4 b4 c4 d4 e4 f4 */
  TILE (0xb), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0xf), TILE (0x7),  /* a5 b5 c5 d5 e5 f5 */
  TILE (0xb), TILE (0xb), TILE (0xf), TILE (0xf), TILE (0x7), TILE (0x7),  /* a6 b6 c6 d6 e6 f6 */
};
#undef TILE
#undef DIR

static void
guide_clear (Guide *g)
{
  memcpy (g->along, empty_along, sizeof empty_along);
  memset (g->along[4 * SINK_CELL], 0, ISLE_N_DIRS * sizeof g->along[0]);
  g->colour[ISLE_COLOUR_WHITE] = g->colour[ISLE_COLOUR_RED] = g->colour[ISLE_COLOUR_BLUE] = 0;
  g->occupied = 0;
}

/* For each tile, the lines through it, a bit per line of isle_lines(). */
static const uint32_t cell_lines[ISLE_N_CELLS] = {
0x0008041, 0x0010081, 0x00a0101, 0x0140201, 0x0200401, 0x0400801,
0x0004042, 0x0088082, 0x0110102, 0x0220202, 0x0440402, 0x0800802,
0x0082044, 0x0104084, 0x0208104, 0x0410204, 0x0820404, 0x1040804,
0x0101048, 0x0202088, 0x0404108, 0x0808208, 0x1010408, 0x2020808,
0x0200050, 0x0401090, 0x0802110, 0x1004210, 0x2008410, 0x0010810,
0x0400060, 0x08000a0, 0x1001120, 0x2002220, 0x0004420, 0x0008820,
};

static inline unsigned
line_bits (uint64_t board, const GuideLine *l)
{
  return (unsigned) (((board & l->mask) * l->magic) >> 58);
}

/* For six bits M, the runs of set bits next to each bit I, in byte I: its
 * bits 0..2 count those just before it, bits 3..5 those just after. */
static const uint64_t run_beside[64] = {
  UINT64_C (0x000000000000), UINT64_C (0x000000000100), UINT64_C (0x000000010008), UINT64_C (0x000000020108),
  UINT64_C (0x000001000800), UINT64_C (0x000001000900), UINT64_C (0x000002010810), UINT64_C (0x000003020910),
  UINT64_C (0x000100080000), UINT64_C (0x000100080100), UINT64_C (0x000100090008), UINT64_C (0x0001000a0108),
  UINT64_C (0x000201081000), UINT64_C (0x000201081100), UINT64_C (0x000302091018), UINT64_C (0x0004030a1118),
  UINT64_C (0x010008000000), UINT64_C (0x010008000100), UINT64_C (0x010008010008), UINT64_C (0x010008020108),
  UINT64_C (0x010009000800), UINT64_C (0x010009000900), UINT64_C (0x01000a010810), UINT64_C (0x01000b020910),
  UINT64_C (0x020108100000), UINT64_C (0x020108100100), UINT64_C (0x020108110008), UINT64_C (0x020108120108),
  UINT64_C (0x030209101800), UINT64_C (0x030209101900), UINT64_C (0x04030a111820), UINT64_C (0x05040b121920),
  UINT64_C (0x000800000000), UINT64_C (0x000800000100), UINT64_C (0x000800010008), UINT64_C (0x000800020108),
  UINT64_C (0x000801000800), UINT64_C (0x000801000900), UINT64_C (0x000802010810), UINT64_C (0x000803020910),
  UINT64_C (0x000900080000), UINT64_C (0x000900080100), UINT64_C (0x000900090008), UINT64_C (0x0009000a0108),
  UINT64_C (0x000a01081000), UINT64_C (0x000a01081100), UINT64_C (0x000b02091018), UINT64_C (0x000c030a1118),
  UINT64_C (0x010810000000), UINT64_C (0x010810000100), UINT64_C (0x010810010008), UINT64_C (0x010810020108),
  UINT64_C (0x010811000800), UINT64_C (0x010811000900), UINT64_C (0x010812010810), UINT64_C (0x010813020910),
  UINT64_C (0x020910180000), UINT64_C (0x020910180100), UINT64_C (0x020910190008), UINT64_C (0x0209101a0108),
  UINT64_C (0x030a11182000), UINT64_C (0x030a11182100), UINT64_C (0x040b12192028), UINT64_C (0x050c131a2128),
};

/* R7.2: the multiplier of the run of tokens in MASK, a line's bits: three
 * with a Cat, two with a Pig, else one. */
static inline int
run_multiplier (unsigned mask, unsigned pigs, unsigned cats)
{
  return (cats & mask) ? 3 : (pigs & mask) ? 2 : 1;
}

/* guide_line() again for colour X (red 0, blue 1) of line LI whose tokens
 * OWN hold the Pigs PIG and Cats CAT, bytes RUNS (R7.2): the tiles beside
 * a run holding one. */
static inline void
guide_line_multiplied (Guide *g, int li, int x, unsigned own, unsigned fits, unsigned pig,
                       unsigned cat, uint64_t runs)
{
  const uint8_t *slot = line_slots[li];

  /* No tile when the runs hold none (one branch for both cases). */
  unsigned f = (pig | cat) ? fits & ((own << 1) | (own >> 1)) : 0;

  for (; f; f &= f - 1)
    {
      int i = __builtin_ctz (f);
      int ob = (int) (runs >> (8 * i)) & 7, of = (int) (runs >> (8 * i + 3)) & 7;
      unsigned back = ((1u << ob) - 1) << (i - ob), fwd = ((1u << of) - 1) << (i + 1);
      int mb = run_multiplier (back, pig, cat), mf = run_multiplier (fwd, pig, cat);
      int both = mb > mf ? mb : mf;

      if (both > 1)
        g->along[slot[i]][x] = g->run[ob + of + 1] * (float) both - g->run[ob] * (float) mb
                               - g->run[of] * (float) mf;
    }
}

/* Counts again what a token of each colour adds on each free tile of line
 * LI along it (R5): the runs of that colour it joins (R7.1, R7.2), if the
 * line has room for three there (tiles of that colour, free or fogged).
 * Both colours at once: red in bits 0–5, blue in bits 8–13, of which no
 * shift by two or less carries a bit into the other's (bits 6 and 7 are
 * never set). */
static void
guide_line (Guide *g, const IsleBoard *board, int li)
{
  const GuideLine *l = &guide_lines[li];
  const uint8_t *slot = line_slots[li];
  unsigned empty = l->full & ~line_bits (board->occupied, l), empties, own, room, three, fits;
  unsigned pigs, cats, red, blue;
  uint64_t runs_red, runs_blue;

  /* A full line's worths are never read: it is counted again when one of
   * its tiles is freed. */
  if (empty == 0)
    return;
  pigs = line_bits (board->kind[ISLE_KIND_PIG], l);
  cats = line_bits (board->kind[ISLE_KIND_CAT], l);
  red = line_bits (board->colour[ISLE_COLOUR_RED], l);
  blue = line_bits (board->colour[ISLE_COLOUR_BLUE], l);
  own = red | blue << 8;
  empties = empty | empty << 8;
  room = own | empties;
  three = room & (room >> 1) & (room >> 2);
  fits = empties & (three | (three << 1) | (three << 2));
  /* Byte I: the runs beside bit I, and 64 if a line fits there (one
   * multiplication spreads bit I to bit 8 I; no partial products
   * meet). */
  runs_red = run_beside[red] | ((fits & 0x3f) * UINT64_C (0x810204081) & UINT64_C (0x010101010101)) << 6;
  runs_blue = run_beside[blue] | ((fits >> 8) * UINT64_C (0x810204081) & UINT64_C (0x010101010101)) << 6;

  /* Every tile as if no Pig or Cat were in its runs, both colours' numbers
   * side by side, */
#define JOIN(i)                                                                   \
  do                                                                              \
    {                                                                             \
      float pair[2] = { g->join[(uint8_t) (runs_red >> (8 * (i)))],               \
                        g->join[(uint8_t) (runs_blue >> (8 * (i)))] };            \
                                                                                  \
      memcpy (g->along[slot[i]], pair, sizeof pair);                              \
    }                                                                             \
  while (0)
  JOIN (0);
  JOIN (1);
  JOIN (2);
  JOIN (3);
  JOIN (4);
  JOIN (5);
#undef JOIN
  /* then again the tiles beside a run: those whose runs hold one
   * (R7.2). */
  guide_line_multiplied (g, li, 0, red, fits & 0x3f, pigs & red, cats & red, runs_red);
  guide_line_multiplied (g, li, 1, blue, fits >> 8, pigs & blue, cats & blue, runs_blue);
}

/* Brings the worths up to the map: the lines through every tile whose
 * token or colour changed since they were counted. */
static void
guide_update (Guide *g, const IsleBoard *board)
{
  uint64_t changed = (board->colour[ISLE_COLOUR_RED] ^ g->colour[ISLE_COLOUR_RED])
                     | (board->colour[ISLE_COLOUR_BLUE] ^ g->colour[ISLE_COLOUR_BLUE])
                     | (board->occupied ^ g->occupied);
  uint32_t todo = 0;

  for (; changed; changed &= changed - 1)
    todo |= cell_lines[__builtin_ctzll (changed)];
  for (; todo; todo &= todo - 1)
    {
      int li = __builtin_ctz (todo);

      guide_line (g, board, li);
    }
  g->colour[ISLE_COLOUR_RED] = board->colour[ISLE_COLOUR_RED];
  g->colour[ISLE_COLOUR_BLUE] = board->colour[ISLE_COLOUR_BLUE];
  g->occupied = board->occupied;
}

/* What a token of colour X (red 0, blue 1) on free tile CELL adds to that
 * colour's lines, in all four directions. */
static inline float
guide_worth (const Guide *g, int x, int cell)
{
  const float (*along)[2] = &g->along[4 * cell];

  return along[0][x] + along[1][x] + along[2][x] + along[3][x];
}

/* The rules of thumb: placing a token of a kind on a free tile is worth
 * MINE times what the tile adds to its placer's lines, plus THEIRS times
 * what it adds to the other side's, plus ALONE. */
typedef struct
{
  float mine, theirs, alone;
} Thumb;

/* The kinds the rules of thumb tell apart; no two share a MINE and an
 * ALONE, so two kinds are weighed alike exactly when their class is the
 * same, whatever the care. */
typedef enum
{
  THUMB_OWN_COLOUR,
  THUMB_PIG,
  THUMB_CAT,
  THUMB_CROW,
  THUMB_SPY,
  THUMB_WHITE,
  N_THUMB_CLASSES
} ThumbClass;

static const Thumb class_thumb[] = {
  [THUMB_OWN_COLOUR] = { 1.0f, 1.0f, 0.0f },
  [THUMB_PIG] = { 2.0f, 1.0f, 0.5f },                  /* R7.2 */
  [THUMB_CAT] = { 3.0f, 1.0f, 1.0f },                  /* R7.2 */
  /* R7.3: in the other side's line it takes half; it spoils ours. */
  [THUMB_CROW] = { -1.0f, 0.5f, 1.0f },
  /* A spy (R2) must go somewhere: where it gives and spoils least. */
  [THUMB_SPY] = { -1.0f, -1.5f, 1.5f },
  [THUMB_WHITE] = { -1.0f, 1.0f, 0.5f },               /* white: blocks */
};

static inline ThumbClass
kind_class (IsleKind kind)
{
  static const uint8_t classes[ISLE_N_KINDS] = {
    [ISLE_KIND_PIG] = THUMB_PIG,
    [ISLE_KIND_CAT] = THUMB_CAT,
    [ISLE_KIND_CROW] = THUMB_CROW,
    [ISLE_KIND_RAT] = THUMB_SPY,
    [ISLE_KIND_CHAMELEON] = THUMB_SPY,
    [ISLE_KIND_MOLE] = THUMB_SPY,
    [ISLE_KIND_RABBIT] = THUMB_WHITE,
    [ISLE_KIND_PRAIRIE_DOG] = THUMB_WHITE,
    [ISLE_KIND_HIPPO] = THUMB_WHITE,
  };

  return (unsigned) kind < ISLE_N_KINDS ? (ThumbClass) classes[kind] : THUMB_OWN_COLOUR;
}

static inline Thumb
kind_thumb (IsleKind kind)
{
  return class_thumb[kind_class (kind)];
}

/* KIND's rules of thumb for a player who counts blocking the other side
 * CARE times (1: fully; less: what a new player overlooks; handing the
 * other side a line with a spy is seen all the same). */
static inline Thumb
kind_thumb_cared (IsleKind kind, float care)
{
  Thumb t = kind_thumb (kind);

  if (t.theirs > 0)
    t.theirs *= care;
  return t;
}

/* Each class's rules of thumb at a care (kind_thumb_cared()) for a seat of
 * either side, as lanes: thumb_worth() is FOR_RED times what a tile adds
 * to red's lines plus FOR_BLUE times blue's (MINE and THEIRS, the same sum
 * in either order) plus ALONE. */
typedef struct
{
  Floats4 for_red[ISLE_N_SIDES][N_THUMB_CLASSES], for_blue[ISLE_N_SIDES][N_THUMB_CLASSES];
  Floats4 alone[N_THUMB_CLASSES];
  /* For a kind in Cloudy or Sunny weather (0) or Foggy (1): its class
   * times 2, plus 1 if it goes face down (R6.4: face up where the rules
   * allow it, face_allowed (), so an ability acts); SKIP_CODE for a Hippo,
   * which takes two tiles face up (R8.9) and is left to sampling. */
  uint8_t codes[2][ISLE_N_KINDS];
} Weights;

#define SKIP_CODE 16

static void
weights_init (Weights *w, float care)
{
  for (int c = 0; c < N_THUMB_CLASSES; c++)
    {
      Thumb t = class_thumb[c];

      if (t.theirs > 0)
        t.theirs *= care;
      w->for_red[ISLE_SIDE_RED][c] = (Floats4) { t.mine, t.mine, t.mine, t.mine };
      w->for_blue[ISLE_SIDE_RED][c] = (Floats4) { t.theirs, t.theirs, t.theirs, t.theirs };
      w->for_red[ISLE_SIDE_BLUE][c] = w->for_blue[ISLE_SIDE_RED][c];
      w->for_blue[ISLE_SIDE_BLUE][c] = w->for_red[ISLE_SIDE_RED][c];
      w->alone[c] = (Floats4) { t.alone, t.alone, t.alone, t.alone };
    }
  for (int foggy = 0; foggy < 2; foggy++)
    for (int k = 0; k < ISLE_N_KINDS; k++)
      w->codes[foggy][k] = k == ISLE_KIND_HIPPO ? SKIP_CODE
                           : (uint8_t) (2 * kind_class ((IsleKind) k)
                                        + (foggy && !isle_kind_is_mercenary ((IsleKind) k)));
}

static inline float
thumb_worth (const Guide *g, Thumb t, IsleSide side, int cell)
{
  return t.mine * guide_worth (g, side, cell) + t.theirs * guide_worth (g, 1 - side, cell) + t.alone;
}

/* A number in [0, 1) from the RNG. */
static inline float
unit (IsleRng *rng)
{
  return (float) (isle_rng_next (rng) >> 40) * (1.0f / 16777216.0f);
}


/* Lane by lane, YES where MASK is all ones, else NO. */
static inline Ints4
ints4_pick (Ints4 mask, Ints4 yes, Ints4 no)
{
  return (yes & mask) | (no & ~mask);
}

/* The eight bytes of X, lowest first, as the lanes' numbers: bytes 0–3
 * into LOW, 4–7 into HIGH. */
static inline void
floats4_bytes (uint64_t x, Floats4 *low, Floats4 *high)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  Bytes16 b = (Bytes16) (Ints4) { (int32_t) x, (int32_t) (x >> 32), 0, 0 }, zero = { 0 };
  Shorts8 h = (Shorts8) __builtin_shufflevector (b, zero, 0, 16, 1, 17, 2, 18, 3, 19,
                                                  4, 20, 5, 21, 6, 22, 7, 23);
  Shorts8 none = { 0 };
  Ints4 lo = (Ints4) __builtin_shufflevector (h, none, 0, 8, 1, 9, 2, 10, 3, 11);
  Ints4 hi = (Ints4) __builtin_shufflevector (h, none, 4, 12, 5, 13, 6, 14, 7, 15);
#else
  Ints4 lo = { (int32_t) (x & 0xff), (int32_t) ((x >> 8) & 0xff), (int32_t) ((x >> 16) & 0xff),
               (int32_t) ((x >> 24) & 0xff) };
  Ints4 hi = { (int32_t) ((x >> 32) & 0xff), (int32_t) ((x >> 40) & 0xff),
               (int32_t) ((x >> 48) & 0xff), (int32_t) (x >> 56) };
#endif

  *low = __builtin_convertvector (lo, Floats4);
  *high = __builtin_convertvector (hi, Floats4);
}

/* Lane by lane, the greater of A and B, and B where A is a NaN (A > B ?
 * A : B). */
static inline Floats4
floats4_max (Floats4 a, Floats4 b)
{
#if defined(__SSE__)
  return __builtin_ia32_maxps (a, b);
#else
  return (Floats4) ints4_pick (a > b, (Ints4) a, (Ints4) b);
#endif
}

/* What four tiles, at CELLS, add to red's lines (into RED) and to blue's
 * (into BLUE): guide_worth() of each, its four directions summed as
 * (horizontal + diagonal) + (vertical + anti-diagonal), exactly the same
 * sum (Guide.along). */
static inline void
guide_worths4 (const Guide *g, const uint8_t *cells, Floats4 *red, Floats4 *blue)
{
  Floats4 t[4], ab, cd;

#pragma GCC unroll 4
  for (int i = 0; i < 4; i++)
    {
      Floats4 lo, hi;

      memcpy (&lo, g->along[4 * cells[i]], sizeof lo);
      memcpy (&hi, g->along[4 * cells[i] + 2], sizeof hi);
      t[i] = lo + hi;   /* red and blue, ↔ + ↘, then ↕ + ↙ */
    }
  ab = __builtin_shufflevector (t[0], t[1], 0, 1, 4, 5)
       + __builtin_shufflevector (t[0], t[1], 2, 3, 6, 7);
  cd = __builtin_shufflevector (t[2], t[3], 0, 1, 4, 5)
       + __builtin_shufflevector (t[2], t[3], 2, 3, 6, 7);
  *red = __builtin_shufflevector (ab, cd, 0, 2, 4, 6);
  *blue = __builtin_shufflevector (ab, cd, 1, 3, 5, 7);
}

/* R4.4: the placement the rules of thumb like best for the seat to move,
 * each worth blurred by up to NOISE; 0 when a face-up Hippo or nothing is
 * all the seat could place (the caller samples then). Kinds the rules of
 * thumb see alike (a Wolf and a Fox) are weighed once, the first in hand
 * standing for them. The free open tiles are weighed kind after kind, in
 * the order of the tiles, each with eight bits of noise, eight tiles a
 * random word; the first best wins. Four tiles are weighed at a time,
 * each lane keeping the first best of its tiles; of the lanes' bests, the
 * first of the best. Nothing here branches on a worth or a draw. */
static IsleAction
guided_placement (const IsleState *s, Guide *g, const Weights *weights, IsleRng *rng, float noise)
{
  int seat = s->to_move;
  IsleSide side = isle_seat_side (seat);
  uint64_t open = isle_board_free_open (&s->board), todo = open | NAN_CELLS;
  uint64_t hand = hand_word (s->hand[seat]);
  int len = s->hand_len[seat];
  unsigned foggy = s->weather == ISLE_WEATHER_FOGGY;
  int n_open = isle_popcount (open), n_words = (n_open + 7) / 8, n_groups = (n_open + 3) / 4;
  uint8_t codes[ISLE_HAND_MAX], kinds[ISLE_HAND_MAX];
  /* Eight tiles a random word: two groups of four, the last one's second
   * of NaNs when the groups are odd. */
  Floats4 red[N_GROUPS + 1], blue[N_GROUPS + 1];
  const Floats4 nan4 = { NAN, NAN, NAN, NAN };
  const float scaled = noise * (1.0f / 256.0f);
  const Floats4 noises = { scaled, scaled, scaled, scaled };
  const Ints4 lanes = { 0, 1, 2, 3 };
  Floats4 best = { -1e30f, -1e30f, -1e30f, -1e30f };
  Ints4 at = { 0, 0, 0, 0 };
  int n = 0, j, o, first;
  unsigned seen = 0;
  float top;

  guide_update (g, &s->board);
  /* The kinds of the hand, each class and face once, the first of it
   * standing for it (written for every token, kept by counting it). */
#pragma GCC unroll 5
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    {
      unsigned kind = (hand >> (8 * i)) & 0xf, code = weights->codes[foggy][kind];
      unsigned take = (i < len) & (code < SKIP_CODE) & ~(seen >> code);

      seen |= (take & 1) << code;
      codes[n] = (uint8_t) code;
      kinds[n] = (uint8_t) kind;
      n += (int) (take & 1);
    }
  if (n == 0 || n_open == 0)
    return 0;
  /* The free open tiles in order, four at a time; the lanes past the last
   * tile are NaN cells. */
  for (int v = 0; v < n_groups; v++)
    {
      uint8_t cells[4];

#pragma GCC unroll 4
      for (int i = 0; i < 4; i++)
        {
          cells[i] = (uint8_t) __builtin_ctzll (todo);
          todo &= todo - 1;
        }
      guide_worths4 (g, cells, &red[v], &blue[v]);
    }
  red[n_groups] = blue[n_groups] = nan4;
  /* Kind J's tiles 8 O to 8 O + 7 with the kind's random word O, J after
   * J, each lane keeping the first best: as the tiles are weighed in
   * order (KEYS: 64 J plus the tile). The noise, NOISE times a byte over
   * 256, is the byte times NOISE / 256: scaling by a power of two rounds
   * nothing. */
  for (j = 0; j < n; j++)
    {
      int c = codes[j] >> 1;
      Floats4 for_red = weights->for_red[side][c], for_blue = weights->for_blue[side][c];
      Floats4 alone = weights->alone[c];
      Ints4 keys = lanes + 64 * j;
      IsleRng words = isle_rng_ahead (rng, (uint64_t) (j * n_words));

      for (o = 0; o < n_words; o++)
        {
          Floats4 w0 = for_red * red[2 * o] + for_blue * blue[2 * o] + alone;
          Floats4 w1 = for_red * red[2 * o + 1] + for_blue * blue[2 * o + 1] + alone;
          Floats4 z0, z1;
          Ints4 more;

          floats4_bytes (isle_rng_next (&words), &z0, &z1);
          w0 += z0 * noises;
          w1 += z1 * noises;
          more = w0 > best;
          best = floats4_max (w0, best);
          at = ints4_pick (more, keys, at);
          more = w1 > best;
          best = floats4_max (w1, best);
          at = ints4_pick (more, keys + 4, at);
          keys += 8;
        }
    }
  isle_rng_skip (rng, (uint64_t) (n * n_words));
  /* The best of the lanes; of those as good, the first. */
  top = best[0] > best[1] ? best[0] : best[1];
  top = best[2] > top ? best[2] : top;
  top = best[3] > top ? best[3] : top;
  {
    Floats4 tops = { top, top, top, top };
    Ints4 firsts = ints4_pick (best == tops, at, (Ints4) { INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX });

    first = firsts[0] < firsts[1] ? firsts[0] : firsts[1];
    first = firsts[2] < first ? firsts[2] : first;
    first = firsts[3] < first ? firsts[3] : first;
  }
  return isle_action_place ((IsleKind) kinds[first / 64], isle_bits_select (open, (uint32_t) (first % 64)),
                            codes[first / 64] & 1);
}

IsleAction
isle_state_guided_action (const IsleState *s, IsleRng *rng, double noise, double care,
                          double epsilon)
{
  Guide g;
  Weights weights;
  IsleAction a = 0;

  if (s->phase != ISLE_PHASE_PLACE || unit (rng) < (float) epsilon)
    return isle_state_sample_action (s, rng);
  guide_init (&g, s);
  weights_init (&weights, (float) care);
  a = guided_placement (s, &g, &weights, rng, (float) noise);
  return a != 0 ? a : isle_state_sample_action (s, rng);
}

void
isle_state_placement_worths (const IsleState *s, const IsleAction *actions, int n,
                             double care, float *worths)
{
  Guide g;
  IsleSide side = isle_seat_side (s->to_move);

  guide_init (&g, s);
  guide_update (&g, &s->board);
  for (int i = 0; i < n; i++)
    {
      IsleAction a = actions[i];

      worths[i] = isle_action_type (a) == ISLE_ACTION_PLACE
                  ? thumb_worth (&g, kind_thumb_cared (isle_action_kind (a), (float) care), side,
                                 isle_action_cell (a))
                  : 0.0f;
    }
}

/* R4.2: the seat to move picks its opening hand, token after token, each
 * pick drawn as isle_state_sample_action() draws it (sample_pick ():
 * uniformly among the kinds in its pile) and applied as
 * isle_state_apply_unchecked() applies it (apply_pick (), then
 * isle_state_begin_hands (), which gives the seat the turn again until its
 * hand is complete). */
static void
guided_picks (IsleState *s, IsleRng *rng)
{
  int seat = s->to_move;
  int picks = ISLE_HAND_MAX - s->hand_len[seat];
  PickPile p;

  if (picks > s->pile_len[seat])
    picks = s->pile_len[seat];
  pick_pile_load (&p, s, seat);
  for (int i = 0; i < picks; i++)
    pick_pile_pick (&p, s, seat, (uint32_t) (isle_rng_next (rng) >> 32), rng);
  s->n_actions += (uint32_t) picks;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  isle_state_begin_hands (s);
}

/* How often a guided playout places uniformly at random, and how much
 * noise blurs its rules of thumb. */
#define GUIDED_EPSILON 0.1f
#define GUIDED_NOISE 0.5f

/* Kinds whose face-up placement starts an ability (R8: it decides, or a
 * Turtle owes placements) or takes two tiles (R8.9, a Hippo). */
#define ABILITY_KINDS                                                            \
  ((1u << ISLE_KIND_FOX) | (1u << ISLE_KIND_TURTLE) | (1u << ISLE_KIND_MOUSES)  \
   | (1u << ISLE_KIND_SNAKE) | (1u << ISLE_KIND_MOLE) | (1u << ISLE_KIND_PRAIRIE_DOG) \
   | (1u << ISLE_KIND_HIPPO))

/* Whether no Chameleon, Frog or Hippo is in play, nor can be (R9.3: none
 * is hired): then a placement that starts no ability is a token on a tile
 * and the turn's course (guided_place_plain ()). */
static bool
turns_plain (const IsleState *s)
{
  for (int side = 0; side < ISLE_N_SIDES; side++)
    if (s->hired[side][ISLE_KIND_CHAMELEON] | s->hired[side][ISLE_KIND_FROG]
        | s->hired[side][ISLE_KIND_HIPPO])
      return false;
  return true;
}

/* isle_state_apply_unchecked() of placement A, which starts no ability
 * (face down, or of a kind outside ABILITY_KINDS), while turns_plain ():
 * mirroring apply_place(), finish_placement() and begin_turn() of
 * isle-state.c for what can happen then (no Chameleon to react, no Hippo
 * to settle or to place, no Frog to hop): the token leaves the hand for
 * the map, the seat draws (R4.4d); the round ends when the map is full
 * (R4.6), a fog board is lifted when only fog is left (R6.5), the seat
 * places again if a Turtle owes it a placement (R8.2), else the next seat
 * with a token places (R4.5). */
static void
guided_place_plain (IsleState *s, IsleAction a)
{
  int seat = s->to_move, cell = isle_action_cell (a);
  IsleKind kind = isle_action_kind (a);
  bool face_down = isle_action_face_down (a);

  uint64_t hand = hand_word (s->hand[seat]);
  int len = s->hand_len[seat];

  s->n_actions++;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  /* hand_remove_at (hand_find ()), then draw () on the hand's word */
  hand = hand_word_remove (hand, __builtin_ctzll (bytes_equal (hand, (uint8_t) kind)) / 8, len--);
  if (s->pile_len[seat] > 0)
    {
      int top = --s->pile_len[seat];

      hand |= (uint64_t) s->pile[seat][top] << (8 * len++);
      s->pile[seat][top] = ISLE_KIND_NONE;
    }
  hand_store (s->hand[seat], hand);
  s->hand_len[seat] = (uint8_t) len;
  isle_board_put (&s->board, cell, kind, seat, isle_kind_start_colour (kind, isle_seat_side (seat)),
                  face_down ? ISLE_CELL_FACE_DOWN : 0);
  /* finish_drawn() */
  if (s->placements_left > 0)
    s->placements_left--;
  if (s->board.occupied == ISLE_ALL_CELLS && s->board.fog == 0)
    {
      isle_state_end_round (s);
      return;
    }
  if (isle_state_need_fog_lift (s, seat, s->placements_left > 0 ? seat : next_seat (s, seat)))
    return;
  if (s->placements_left > 0 && s->hand_len[seat] > 0)
    {
      s->phase = ISLE_PHASE_PLACE;
      s->to_move = (uint8_t) seat;
      return;
    }
  /* begin_turn(): free open tiles are left, so a seat can place exactly
   * when it has a token (R4.5). */
  seat = next_seat (s, seat);
  for (int i = 0; i < s->n_seats; i++, seat = next_seat (s, seat))
    {
      s->placements_left = (uint8_t) (1 + s->bonus[seat]);
      s->bonus[seat] = 0;
      if (s->hand_len[seat] > 0)
        {
          s->to_move = (uint8_t) seat;
          s->phase = ISLE_PHASE_PLACE;
          return;
        }
      s->note_skipped |= (uint8_t) (1u << seat);
    }
  s->placements_left = 0;
  isle_state_end_round (s);
}

/* isle_state_apply_unchecked() of placement A, face down or of a kind
 * with no ability to start (ABILITY_KINDS), as apply_place() does it:
 * the token leaves the hand for the map, Chameleons see it (R8.6), then
 * finish_placement(). */
static void
guided_place (IsleState *s, IsleAction a)
{
  int seat = s->to_move, cell = isle_action_cell (a);
  IsleKind kind = isle_action_kind (a);
  bool face_down = isle_action_face_down (a);

  s->n_actions++;
  s->note_no_target = ISLE_KIND_NONE;
  s->note_skipped = 0;
  hand_remove_at (s, seat, hand_find (s, seat, kind));
  isle_board_put (&s->board, cell, kind, seat, isle_kind_start_colour (kind, isle_seat_side (seat)),
                  face_down ? ISLE_CELL_FACE_DOWN : 0);
  chameleons_react (s, cell);
  finish_placement (s, seat);
}

void
isle_state_playout_guided (IsleState *s, IsleRng *rng, unsigned flags)
{
  const IsleAction done = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
  int round = s->round;
  bool plain = turns_plain (s);
  Guide g;
  Weights weights;

  /* unit () >= GUIDED_EPSILON for the 24 bits unit () takes: they are at
   * least GUIDED_EPSILON times 2^24, rounded up (exact in floats). */
  uint64_t epsilon = (uint64_t) (GUIDED_EPSILON * 16777216.0f);

  epsilon += (float) epsilon < GUIDED_EPSILON * 16777216.0f;
  guide_init (&g, s);
  weights_init (&weights, 1.0f);
  while (s->phase != ISLE_PHASE_OVER)
    {
      IsleAction a = 0;

      if (s->round != round)
        {
          if (flags & ISLE_PLAYOUT_ROUND)
            break;
          /* The map was cleared (R4.1): no token is placed before the
           * round's first placement. */
          round = s->round;
          guide_clear (&g);
        }
      if (s->phase == ISLE_PHASE_HIRE)
        {
          if (flags & ISLE_PLAYOUT_NO_HIRING)
            isle_state_apply_unchecked (s, done);
          else
            isle_state_hire_secretly (s, rng);
          plain = turns_plain (s);
          continue;
        }
      if (s->phase == ISLE_PHASE_HAND)
        {
          guided_picks (s, rng);
          continue;
        }
      if (s->phase == ISLE_PHASE_PLACE)
        {
          if ((isle_rng_next (rng) >> 40) >= epsilon)
            a = guided_placement (s, &g, &weights, rng, GUIDED_NOISE);
          if (a == 0)
            a = isle_state_sample_action (s, rng);
          if (isle_action_face_down (a) || !((ABILITY_KINDS >> isle_action_kind (a)) & 1))
            {
              if (plain)
                guided_place_plain (s, a);
              else
                guided_place (s, a);
              continue;
            }
        }
      else
        a = isle_state_sample_action (s, rng);
      isle_state_apply_unchecked (s, a);
    }
}
