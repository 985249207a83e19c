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
 * uniformly, as in isle-playout.c, through the reference transitions.
 *
 * What a tile is worth to a colour comes from the lines through it (every
 * row, column and diagonal of the island long enough for a line, R5): the
 * tokens of that colour next to it in both directions and the room, the
 * tiles of that colour, free or fogged, around it. A line's worths only
 * change when one of its tiles does, so they are kept between placements
 * and only the lines through changed tiles are counted again, each as six
 * bits at once. These playouts take exactly the decisions they took when
 * they were counted tile by tile, from the same draws (test-guided.c holds
 * them to the old counting, kept in the test tree).
 */
#include "isle-state-private.h"

/* What a run of N tokens of one colour is worth as a line in the making:
 * R7.1's table from 3 on (read from the rules), a little for 1 and 2. */
#define RUN_ONE 0.25f
#define RUN_TWO 1.0f

/* The line slots of Guide.along: one per line of isle_lines(), and the
 * last, ISLE_N_LINES, of zeros for the rays too short for a line (R5). */
#define N_SLOTS (ISLE_N_LINES + 1)

typedef struct
{
  /* The map the worths below were counted on. */
  uint64_t colour[3];
  uint64_t occupied;
  bool valid;
  float run[ISLE_BOARD_SIZE + 1];
  /* What a free tile between runs of OB and OF tokens of a colour, none of
   * them a Pig or a Cat, adds to that colour's lines, at 64 + OB + 8 OF
   * where the line has room for three there, run[OB + OF + 1] - run[OB]
   * - run[OF]; nothing at OB + 8 OF, where it has not. */
  float join[128];
  /* What a token of colour red (0) or blue (1) would add to that colour's
   * lines along each line, on each of its free tiles, in the order of the
   * line's six bits. A line is counted again when one of its tiles
   * changes; what a tile adds in all is the sum over the four lines
   * through it (cell_slots). Every such number is a multiple of a quarter
   * well under 2^16 (a line scores at most 1,000 by the rules' table,
   * three times with a Cat), so single-precision sums are exact in any
   * order. */
  float along[2][N_SLOTS][8];
  /* What the free open tiles, in order, add for the placer and for the
   * other side (guided_placement()); past them, what was there before
   * (never taken into account). */
  _Alignas (16) float mine[ISLE_N_CELLS];
  _Alignas (16) float theirs[ISLE_N_CELLS];
} Guide;

static void
guide_init (Guide *g, const IsleState *s)
{
  memset (g, 0, sizeof *g);
  g->run[1] = RUN_ONE;
  g->run[2] = RUN_TWO;
  for (int n = 3; n <= ISLE_BOARD_SIZE; n++)
    g->run[n] = (float) s->rules.line_score[n];
  for (int ob = 0; ob < ISLE_BOARD_SIZE; ob++)
    for (int of = 0; ob + of < ISLE_BOARD_SIZE; of++)
      g->join[64 + ob + 8 * of] = g->run[ob + of + 1] * 1.0f - g->run[ob] * 1.0f
                                  - g->run[of] * 1.0f;
}

/* A line's tiles as six bits (R5): a bitboard's tiles along a line, a
 * fixed step apart, are gathered by one multiplication whose partial
 * products never meet. Rows need none; the ↙ lines come out last tile
 * first, from bit 5 down, so their bits run ↗. */
#define VERTICAL_MAGIC                                                                      \
  ((UINT64_C (1) << 30) | (UINT64_C (1) << 25) | (UINT64_C (1) << 20) | (UINT64_C (1) << 15) \
   | (UINT64_C (1) << 10) | (UINT64_C (1) << 5))
#define DIAGONAL_MAGIC                                                                      \
  ((UINT64_C (1) << 30) | (UINT64_C (1) << 24) | (UINT64_C (1) << 18) | (UINT64_C (1) << 12) \
   | (UINT64_C (1) << 6) | 1)

/* isle_lines(), each with what gathers its six bits: its tiles (MASK),
 * its first tile, the multiplier and the shift; and its tiles as six
 * bits (FULL). */
typedef struct
{
  uint64_t mask, magic;
  uint8_t first, shift, full;
} GuideLine;

static const GuideLine guide_lines[ISLE_N_LINES] = {
  { UINT64_C (0x00000003f), 1, 0, 0, 0x3f },  /* a1 b1 c1 d1 e1 f1 */
  { UINT64_C (0x000000fc0), 1, 6, 0, 0x3f },  /* a2 b2 c2 d2 e2 f2 */
  { UINT64_C (0x00003f000), 1, 12, 0, 0x3f },  /* a3 b3 c3 d3 e3 f3 */
  { UINT64_C (0x000fc0000), 1, 18, 0, 0x3f },  /* a4 b4 c4 d4 e4 f4 */
  { UINT64_C (0x03f000000), 1, 24, 0, 0x3f },  /* a5 b5 c5 d5 e5 f5 */
  { UINT64_C (0xfc0000000), 1, 30, 0, 0x3f },  /* a6 b6 c6 d6 e6 f6 */
  { UINT64_C (0x041041041), VERTICAL_MAGIC, 0, 30, 0x3f },  /* a1 a2 a3 a4 a5 a6 */
  { UINT64_C (0x082082082), VERTICAL_MAGIC, 1, 30, 0x3f },  /* b1 b2 b3 b4 b5 b6 */
  { UINT64_C (0x104104104), VERTICAL_MAGIC, 2, 30, 0x3f },  /* c1 c2 c3 c4 c5 c6 */
  { UINT64_C (0x208208208), VERTICAL_MAGIC, 3, 30, 0x3f },  /* d1 d2 d3 d4 d5 d6 */
  { UINT64_C (0x410410410), VERTICAL_MAGIC, 4, 30, 0x3f },  /* e1 e2 e3 e4 e5 e6 */
  { UINT64_C (0x820820820), VERTICAL_MAGIC, 5, 30, 0x3f },  /* f1 f2 f3 f4 f5 f6 */
  { UINT64_C (0x102040000), DIAGONAL_MAGIC, 18, 30, 0x07 },  /* a4 b5 c6 */
  { UINT64_C (0x204081000), DIAGONAL_MAGIC, 12, 30, 0x0f },  /* a3 b4 c5 d6 */
  { UINT64_C (0x408102040), DIAGONAL_MAGIC, 6, 30, 0x1f },  /* a2 b3 c4 d5 e6 */
  { UINT64_C (0x810204081), DIAGONAL_MAGIC, 0, 30, 0x3f },  /* a1 b2 c3 d4 e5 f6 */
  { UINT64_C (0x020408102), DIAGONAL_MAGIC, 1, 30, 0x1f },  /* b1 c2 d3 e4 f5 */
  { UINT64_C (0x000810204), DIAGONAL_MAGIC, 2, 30, 0x0f },  /* c1 d2 e3 f4 */
  { UINT64_C (0x000020408), DIAGONAL_MAGIC, 3, 30, 0x07 },  /* d1 e2 f3 */
  { UINT64_C (0x000001084), DIAGONAL_MAGIC, 2, 25, 0x38 },  /* c1 b2 a3 */
  { UINT64_C (0x000042108), DIAGONAL_MAGIC, 3, 25, 0x3c },  /* d1 c2 b3 a4 */
  { UINT64_C (0x001084210), DIAGONAL_MAGIC, 4, 25, 0x3e },  /* e1 d2 c3 b4 a5 */
  { UINT64_C (0x042108420), DIAGONAL_MAGIC, 5, 25, 0x3f },  /* f1 e2 d3 c4 b5 a6 */
  { UINT64_C (0x084210800), DIAGONAL_MAGIC, 11, 25, 0x3e },  /* f2 e3 d4 c5 b6 */
  { UINT64_C (0x108420000), DIAGONAL_MAGIC, 17, 25, 0x3c },  /* f3 e4 d5 c6 */
  { UINT64_C (0x210800000), DIAGONAL_MAGIC, 23, 25, 0x38 },  /* f4 e5 d6 */
};

/* For each tile, its place in Guide.along along each direction (the slot
 * times 8 plus the bit), the zero slot (208) where the ray is shorter than 3. */
static const uint8_t cell_slots[ISLE_N_CELLS][ISLE_N_DIRS] = {
  {   0,  48, 120, 208 },  /* a1 */
  {   1,  56, 128, 208 },  /* b1 */
  {   2,  64, 136, 157 },  /* c1 */
  {   3,  72, 144, 165 },  /* d1 */
  {   4,  80, 208, 173 },  /* e1 */
  {   5,  88, 208, 181 },  /* f1 */
  {   8,  49, 112, 208 },  /* a2 */
  {   9,  57, 121, 156 },  /* b2 */
  {  10,  65, 129, 164 },  /* c2 */
  {  11,  73, 137, 172 },  /* d2 */
  {  12,  81, 145, 180 },  /* e2 */
  {  13,  89, 208, 189 },  /* f2 */
  {  16,  50, 104, 155 },  /* a3 */
  {  17,  58, 113, 163 },  /* b3 */
  {  18,  66, 122, 171 },  /* c3 */
  {  19,  74, 130, 179 },  /* d3 */
  {  20,  82, 138, 188 },  /* e3 */
  {  21,  90, 146, 197 },  /* f3 */
  {  24,  51,  96, 162 },  /* a4 */
  {  25,  59, 105, 170 },  /* b4 */
  {  26,  67, 114, 178 },  /* c4 */
  {  27,  75, 123, 187 },  /* d4 */
  {  28,  83, 131, 196 },  /* e4 */
  {  29,  91, 139, 205 },  /* f4 */
  {  32,  52, 208, 169 },  /* a5 */
  {  33,  60,  97, 177 },  /* b5 */
  {  34,  68, 106, 186 },  /* c5 */
  {  35,  76, 115, 195 },  /* d5 */
  {  36,  84, 124, 204 },  /* e5 */
  {  37,  92, 132, 208 },  /* f5 */
  {  40,  53, 208, 176 },  /* a6 */
  {  41,  61, 208, 185 },  /* b6 */
  {  42,  69,  98, 194 },  /* c6 */
  {  43,  77, 107, 203 },  /* d6 */
  {  44,  85, 116, 208 },  /* e6 */
  {  45,  93, 125, 208 },  /* f6 */
};

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
  uint64_t x = (board & l->mask) >> l->first;

  return (unsigned) ((x * l->magic) >> l->shift) & 0x3f;
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

/* Counts again what a token of each colour adds on each free tile of line
 * LI along it (R5): the runs of that colour it joins (R7.1, R7.2), if the
 * line has room for three there (tiles of that colour, free or fogged). */
static void
guide_line (Guide *g, const IsleBoard *board, int li)
{
  const GuideLine *l = &guide_lines[li];
  unsigned empty = l->full & ~line_bits (board->occupied, l);
  unsigned pig = 0, cat = 0;

  /* A full line's worths are never read: it is counted again when one of
   * its tiles is freed. */
  if (empty == 0)
    return;
  if (l->mask & (board->kind[ISLE_KIND_PIG] | board->kind[ISLE_KIND_CAT]))
    {
      pig = line_bits (board->kind[ISLE_KIND_PIG], l);
      cat = line_bits (board->kind[ISLE_KIND_CAT], l);
    }
  for (int x = 0; x < 2; x++)
    {
      unsigned own = line_bits (board->colour[ISLE_COLOUR_RED + x], l);
      unsigned room = own | empty;
      unsigned three = room & (room >> 1) & (room >> 2);
      unsigned fits = empty & (three | (three << 1) | (three << 2));
      /* Byte I: the runs beside bit I, and 64 if a line fits there (one
       * multiplication spreads bit I to bit 8 I; no partial products
       * meet). */
      uint64_t runs = run_beside[own]
                      | ((fits * UINT64_C (0x810204081)) & UINT64_C (0x010101010101)) << 6;
      float *w = g->along[x][li];

      /* Every tile as if no Pig or Cat were in its runs, */
#define JOIN(i) g->join[(uint8_t) (runs >> (8 * (i)))]   /* a byte below 128 */
      w[0] = JOIN (0);
      w[1] = JOIN (1);
      w[2] = JOIN (2);
      w[3] = JOIN (3);
      w[4] = JOIN (4);
      w[5] = JOIN (5);
#undef JOIN
      /* then again the tiles beside a run: those whose runs hold one
       * (R7.2). */
      if ((pig | cat) & own)
        for (unsigned f = fits & ((own << 1) | (own >> 1)); f; f &= f - 1)
          {
            int i = __builtin_ctz (f);
            int ob = (int) (runs >> (8 * i)) & 7, of = (int) (runs >> (8 * i + 3)) & 7;
            unsigned back = ((1u << ob) - 1) << (i - ob), fwd = ((1u << of) - 1) << (i + 1);
            int mb = run_multiplier (back, pig, cat), mf = run_multiplier (fwd, pig, cat);
            int both = mb > mf ? mb : mf;

            if (both > 1)
              w[i] = g->run[ob + of + 1] * (float) both - g->run[ob] * (float) mb
                     - g->run[of] * (float) mf;
          }
    }
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

  if (!g->valid)
    changed = ISLE_ALL_CELLS;
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
  g->valid = true;
}

/* What a token of colour X (red 0, blue 1) on free tile CELL adds to that
 * colour's lines, in all four directions. */
static inline float
guide_worth (const Guide *g, int x, int cell)
{
  const float *along = g->along[x][0];
  const uint8_t *slot = cell_slots[cell];

  return along[slot[0]] + along[slot[1]] + along[slot[2]] + along[slot[3]];
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

/* Four tiles' worths at once (GCC's and Clang's vector extension; plain
 * IEEE single-precision arithmetic, lane by lane, as in scalar code). */
typedef float Floats4 __attribute__ ((vector_size (16)));
typedef int32_t Ints4 __attribute__ ((vector_size (16)));
#define N_GROUPS (ISLE_N_CELLS / 4)

static inline Floats4
floats4_pick (Ints4 mask, Floats4 yes, Floats4 no)
{
  return (Floats4) (((Ints4) yes & mask) | ((Ints4) no & ~mask));
}

/* R4.4: the placement the rules of thumb like best for the seat to move,
 * each worth blurred by up to NOISE; 0 when a face-up Hippo or nothing is
 * all the seat could place (the caller samples then). Kinds the rules of
 * thumb see alike (a Wolf and a Fox) are weighed once, the first in hand
 * standing for them. The free open tiles are weighed kind after kind, in
 * the order of the tiles, each with eight bits of noise, eight tiles a
 * random word; the first best wins. The worths are reckoned noise-free
 * first, four tiles at a time: only the placements the noise could still
 * lift to the best are blurred and compared. */
static IsleAction
guided_placement (const IsleState *s, Guide *g, IsleRng *rng, float noise, float care)
{
  int seat = s->to_move;
  IsleSide side = isle_seat_side (seat);
  uint64_t open = isle_board_free_open (&s->board);
  int n_open = isle_popcount (open), n_words = (n_open + 7) / 8;
  Thumb thumbs[ISLE_HAND_MAX];
  IsleKind kinds[ISLE_HAND_MAX];
  bool downs[ISLE_HAND_MAX];
  uint64_t words[ISLE_HAND_MAX][(ISLE_N_CELLS + 7) / 8];
  Floats4 base[ISLE_HAND_MAX][N_GROUPS];
  float top[ISLE_HAND_MAX];
  uint8_t cells[ISLE_N_CELLS];
  int n_groups;
  /* The lanes of the last group that hold a tile, by how many do. */
  static const Ints4 tails[4] = {
    { -1, 0, 0, 0 }, { -1, -1, 0, 0 }, { -1, -1, -1, 0 }, { -1, -1, -1, -1 },
  };
  Ints4 tail;
  const Ints4 lane = { 1, 2, 4, 8 };
  const Floats4 nothing = { -1e30f, -1e30f, -1e30f, -1e30f };
  int n = 0;
  unsigned seen = 0;
  float best = -1e30f, bar;
  IsleAction choice = 0;

  guide_update (g, &s->board);
  for (int i = 0; i < s->hand_len[seat]; i++)
    {
      IsleKind kind = (IsleKind) s->hand[seat][i];
      ThumbClass thumb_class = kind_class (kind);
      /* R6.4: face up where the rules allow it, so an ability acts. */
      bool face_down = !face_allowed (s, kind, false);
      unsigned alike = 1u << (2 * thumb_class + face_down);

      if (kind == ISLE_KIND_HIPPO && !face_down)
        continue;   /* two tiles (R8.9): left to sampling */
      if (seen & alike)
        continue;
      seen |= alike;
      thumbs[n] = kind_thumb_cared (kind, care);
      kinds[n] = kind;
      downs[n++] = face_down;
    }
  if (n == 0 || n_open == 0)
    return 0;
  /* The free open tiles in order, K-th at K; the groups past the last
   * tile count as nothing. */
  for (int k = 0; open; open &= open - 1, k++)
    {
      int cell = __builtin_ctzll (open);

      cells[k] = (uint8_t) cell;
      g->mine[k] = guide_worth (g, side, cell);
      g->theirs[k] = guide_worth (g, 1 - side, cell);
    }
  n_groups = (n_open + 3) / 4;
  tail = tails[(n_open - 1) % 4];
  for (int j = 0; j < n; j++)
    {
      Floats4 mine = { thumbs[j].mine, thumbs[j].mine, thumbs[j].mine, thumbs[j].mine };
      Floats4 theirs = { thumbs[j].theirs, thumbs[j].theirs, thumbs[j].theirs, thumbs[j].theirs };
      Floats4 alone = { thumbs[j].alone, thumbs[j].alone, thumbs[j].alone, thumbs[j].alone };
      Floats4 most = nothing;

      for (int w = 0; w < n_words; w++)
        words[j][w] = isle_rng_next (rng);
      for (int v = 0; v < n_groups; v++)
        {
          Floats4 own, other, b;

          memcpy (&own, &g->mine[4 * v], sizeof own);
          memcpy (&other, &g->theirs[4 * v], sizeof other);
          /* thumb_worth(), four tiles at a time */
          b = mine * own + theirs * other + alone;
          if (v == n_groups - 1)
            b = floats4_pick (tail, b, nothing);
          base[j][v] = b;
          most = floats4_pick (b > most, b, most);
        }
      top[j] = most[0] > most[1] ? most[0] : most[1];
      top[j] = most[2] > top[j] ? most[2] : top[j];
      top[j] = most[3] > top[j] ? most[3] : top[j];
      best = top[j] > best ? top[j] : best;
    }
  /* Below BAR even the most noise could not reach the best worth, however
   * the sums round. */
  bar = best - (noise < 0 ? -noise : noise) - 1e-3f * (1.0f + (best < 0 ? -best : best));
  best = -1e30f;
  for (int j = 0; j < n; j++)
    {
      Floats4 bars = { bar, bar, bar, bar };
      uint64_t near = 0;

      if (top[j] < bar)
        continue;
      for (int v = 0; v < n_groups; v++)
        {
          Ints4 in = (base[j][v] >= bars) & lane;

          near |= (uint64_t) (in[0] | in[1] | in[2] | in[3]) << (4 * v);
        }
      for (; near; near &= near - 1)
        {
          int k = __builtin_ctzll (near);
          float w = base[j][k / 4][k % 4];

          w += noise * (float) ((words[j][k / 8] >> (8 * (k % 8))) & 0xff) * (1.0f / 256.0f);
          if (w > best)
            {
              best = w;
              choice = isle_action_place (kinds[j], cells[k], downs[j]);
            }
        }
    }
  return choice;
}

IsleAction
isle_state_guided_action (const IsleState *s, IsleRng *rng, double noise, double care,
                          double epsilon)
{
  Guide g;
  IsleAction a = 0;

  if (s->phase != ISLE_PHASE_PLACE || unit (rng) < (float) epsilon)
    return isle_state_sample_action (s, rng);
  guide_init (&g, s);
  a = guided_placement (s, &g, rng, (float) noise, (float) care);
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

/* How often a guided playout places uniformly at random, and how much
 * noise blurs its rules of thumb. */
#define GUIDED_EPSILON 0.1f
#define GUIDED_NOISE 0.5f

void
isle_state_playout_guided (IsleState *s, IsleRng *rng, unsigned flags)
{
  const IsleAction done = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
  int round = s->round;
  Guide g;

  guide_init (&g, s);
  while (s->phase != ISLE_PHASE_OVER)
    {
      IsleAction a = 0;

      if ((flags & ISLE_PLAYOUT_ROUND) && s->round != round)
        break;
      if (s->phase == ISLE_PHASE_HIRE)
        {
          if (flags & ISLE_PLAYOUT_NO_HIRING)
            isle_state_apply_unchecked (s, done);
          else
            isle_state_hire_secretly (s, rng);
          continue;
        }
      if (s->phase == ISLE_PHASE_PLACE && unit (rng) >= GUIDED_EPSILON)
        a = guided_placement (s, &g, rng, GUIDED_NOISE, 1.0f);
      if (a == 0)
        a = isle_state_sample_action (s, rng);
      isle_state_apply_unchecked (s, a);
    }
}
