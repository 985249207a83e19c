/* isle-guided-reference.c — the guided playouts as they were counted
 * before issue 29 made them faster (src/engine/isle-playout-guided.c at
 * that time, functions renamed), kept in the test tree only as the
 * reference the engine's playouts must match decision for decision
 * (test-guided.c). Not product code: nothing outside the tests links it.
 *
 * Each tile's worth to a colour is counted ray by ray, tile by tile, along
 * every row, column and diagonal through a changed tile (R5, R7.1, R7.2).
 */
#include "isle-guided-reference.h"

#include "isle-state-private.h"

/* What a run of N tokens of one colour is worth as a line in the making:
 * R7.1's table from 3 on (read from the rules), a little for 1 and 2. */
#define RUN_ONE 0.25f
#define RUN_TWO 1.0f

static const int dir_step[ISLE_N_DIRS][2] = {
  /* column, row */
  [ISLE_DIR_HORIZONTAL] = { 1, 0 },
  [ISLE_DIR_VERTICAL] = { 0, 1 },
  [ISLE_DIR_DIAGONAL] = { 1, 1 },
  [ISLE_DIR_ANTI_DIAGONAL] = { -1, 1 },
};

typedef struct
{
  /* The map the worths below were counted on. */
  uint64_t colour[3];
  uint64_t occupied;
  bool valid;
  float run[ISLE_BOARD_SIZE + 1];
  /* What a token of colour red (0) or blue (1) on each free tile would add
   * to that colour's lines, per direction and in all. */
  float by_dir[2][ISLE_N_DIRS][ISLE_N_CELLS];
  float worth[2][ISLE_N_CELLS];
} Guide;

static void
guide_init (Guide *g, const IsleState *s)
{
  memset (g, 0, sizeof *g);
  g->run[1] = RUN_ONE;
  g->run[2] = RUN_TWO;
  for (int n = 3; n <= ISLE_BOARD_SIZE; n++)
    g->run[n] = (float) s->rules.line_score[n];
}

/* Counts again the ray in direction DIR through CELL (R5). */
static void
guide_ray (Guide *g, const IsleBoard *board, int dir, int cell)
{
  int dc = dir_step[dir][0], dr = dir_step[dir][1];
  int col = isle_cell_column (cell), row = isle_cell_row (cell);
  uint8_t cells[ISLE_BOARD_SIZE];
  int n = 0;

  /* Back to the ray's first tile, then along it. */
  while (col - dc >= 0 && col - dc < ISLE_BOARD_SIZE && row - dr >= 0)
    {
      col -= dc;
      row -= dr;
    }
  for (; col >= 0 && col < ISLE_BOARD_SIZE && row < ISLE_BOARD_SIZE; col += dc, row += dr)
    cells[n++] = (uint8_t) (row * ISLE_BOARD_SIZE + col);

  /* R7.2: a run holding a Cat counts three times, one holding a Pig
   * twice. */
  uint64_t pigs = board->kind[ISLE_KIND_PIG], cats = board->kind[ISLE_KIND_CAT];
  uint8_t mult[ISLE_BOARD_SIZE];

  for (int i = 0; i < n; i++)
    mult[i] = (uint8_t) ((cats >> cells[i]) & 1 ? 3 : (pigs >> cells[i]) & 1 ? 2 : 1);
  for (int x = 0; x < 2; x++)
    {
      uint64_t own = board->colour[ISLE_COLOUR_RED + x];
      uint64_t room = own | ~board->occupied;
      uint8_t own_back[ISLE_BOARD_SIZE], room_back[ISLE_BOARD_SIZE], mult_back[ISLE_BOARD_SIZE];
      int own_fwd = 0, room_fwd = 0, mult_fwd = 1;

      for (int i = 0, o = 0, r = 0, m = 1; i < n; i++)
        {
          bool mine = (own >> cells[i]) & 1;

          own_back[i] = (uint8_t) o;
          room_back[i] = (uint8_t) r;
          mult_back[i] = (uint8_t) m;
          o = mine ? o + 1 : 0;
          m = !mine ? 1 : mult[i] > m ? mult[i] : m;
          r = (room >> cells[i]) & 1 ? r + 1 : 0;
        }
      for (int i = n - 1; i >= 0; i--)
        {
          int c = cells[i];
          bool mine = (own >> c) & 1;
          float w = 0.0f;

          if (!((board->occupied >> c) & 1) && room_back[i] + room_fwd + 1 >= 3)
            {
              int mb = mult_back[i], both = mb > mult_fwd ? mb : mult_fwd;

              w = g->run[own_back[i] + own_fwd + 1] * (float) both
                  - g->run[own_back[i]] * (float) mb - g->run[own_fwd] * (float) mult_fwd;
            }
          g->worth[x][c] += w - g->by_dir[x][dir][c];
          g->by_dir[x][dir][c] = w;
          own_fwd = mine ? own_fwd + 1 : 0;
          mult_fwd = !mine ? 1 : mult[i] > mult_fwd ? mult[i] : mult_fwd;
          room_fwd = (room >> c) & 1 ? room_fwd + 1 : 0;
        }
    }
}

/* Brings the worths up to the map: the rays through every tile whose token
 * or colour changed since they were counted. */
static void
guide_update (Guide *g, const IsleBoard *board)
{
  uint64_t changed = (board->colour[ISLE_COLOUR_RED] ^ g->colour[ISLE_COLOUR_RED])
                     | (board->colour[ISLE_COLOUR_BLUE] ^ g->colour[ISLE_COLOUR_BLUE])
                     | (board->occupied ^ g->occupied);

  if (!g->valid)
    changed = ISLE_ALL_CELLS;
  if (changed == 0)
    return;
  if (isle_popcount (changed) > 8)
    {
      /* Every ray: the first column and row start them all. */
      for (int i = 0; i < ISLE_BOARD_SIZE; i++)
        {
          guide_ray (g, board, ISLE_DIR_HORIZONTAL, i * ISLE_BOARD_SIZE);
          guide_ray (g, board, ISLE_DIR_VERTICAL, i);
          guide_ray (g, board, ISLE_DIR_DIAGONAL, i);
          guide_ray (g, board, ISLE_DIR_ANTI_DIAGONAL, i);
          if (i > 0)
            {
              guide_ray (g, board, ISLE_DIR_DIAGONAL, i * ISLE_BOARD_SIZE);
              guide_ray (g, board, ISLE_DIR_ANTI_DIAGONAL, i * ISLE_BOARD_SIZE + ISLE_BOARD_SIZE - 1);
            }
        }
    }
  else
    for (uint64_t c = changed; c; c &= c - 1)
      for (int dir = 0; dir < ISLE_N_DIRS; dir++)
        guide_ray (g, board, dir, __builtin_ctzll (c));
  g->colour[ISLE_COLOUR_RED] = board->colour[ISLE_COLOUR_RED];
  g->colour[ISLE_COLOUR_BLUE] = board->colour[ISLE_COLOUR_BLUE];
  g->occupied = board->occupied;
  g->valid = true;
}

/* The rules of thumb: placing a token of a kind on a free tile is worth
 * MINE times what the tile adds to its placer's lines, plus THEIRS times
 * what it adds to the other side's, plus ALONE. */
typedef struct
{
  float mine, theirs, alone;
} Thumb;

static Thumb
kind_thumb (IsleKind kind)
{
  switch (kind)
    {
    case ISLE_KIND_PIG:
      return (Thumb) { 2.0f, 1.0f, 0.5f };                /* R7.2 */
    case ISLE_KIND_CAT:
      return (Thumb) { 3.0f, 1.0f, 1.0f };                /* R7.2 */
    case ISLE_KIND_CROW:
      /* R7.3: in the other side's line it takes half; it spoils ours. */
      return (Thumb) { -1.0f, 0.5f, 1.0f };
    case ISLE_KIND_RAT:
    case ISLE_KIND_CHAMELEON:
    case ISLE_KIND_MOLE:
      /* A spy (R2) must go somewhere: where it gives and spoils least. */
      return (Thumb) { -1.0f, -1.5f, 1.5f };
    case ISLE_KIND_RABBIT:
    case ISLE_KIND_PRAIRIE_DOG:
    case ISLE_KIND_HIPPO:
      return (Thumb) { -1.0f, 1.0f, 0.5f };               /* white: blocks */
    default:
      return (Thumb) { 1.0f, 1.0f, 0.0f };                /* own colour */
    }
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
  return t.mine * g->worth[side][cell] + t.theirs * g->worth[1 - side][cell] + t.alone;
}

/* A number in [0, 1) from the RNG. */
static inline float
unit (IsleRng *rng)
{
  return (float) (isle_rng_next (rng) >> 40) * (1.0f / 16777216.0f);
}

/* R4.4: the placement the rules of thumb like best for the seat to move,
 * each worth blurred by up to NOISE; 0 when a face-up Hippo or nothing is
 * all the seat could place (the caller samples then). Kinds the rules of
 * thumb see alike (a Wolf and a Fox) are weighed once, the first in hand
 * standing for them. */
static IsleAction
guided_placement (const IsleState *s, Guide *g, IsleRng *rng, float noise, float care)
{
  int seat = s->to_move;
  IsleSide side = isle_seat_side (seat);
  uint64_t open = isle_board_free_open (&s->board);
  Thumb thumbs[ISLE_HAND_MAX];
  IsleKind kinds[ISLE_HAND_MAX];
  bool downs[ISLE_HAND_MAX];
  int n = 0;
  float best = -1e30f;
  IsleAction choice = 0;

  guide_update (g, &s->board);
  for (int i = 0; i < s->hand_len[seat]; i++)
    {
      IsleKind kind = (IsleKind) s->hand[seat][i];
      Thumb t = kind_thumb_cared (kind, care);
      /* R6.4: face up where the rules allow it, so an ability acts. */
      bool face_down = !face_allowed (s, kind, false);
      bool alike = false;

      if (kind == ISLE_KIND_HIPPO && !face_down)
        continue;   /* two tiles (R8.9): left to sampling */
      for (int j = 0; j < n; j++)
        alike |= thumbs[j].mine == t.mine && thumbs[j].theirs == t.theirs
                 && thumbs[j].alone == t.alone && downs[j] == face_down;
      if (alike)
        continue;
      thumbs[n] = t;
      kinds[n] = kind;
      downs[n++] = face_down;
    }
  for (int j = 0; j < n; j++)
    {
      uint64_t bits = 0;
      int left = 0;

      for (uint64_t c = open; c; c &= c - 1)
        {
          int cell = __builtin_ctzll (c);
          float w = thumb_worth (g, thumbs[j], side, cell);

          /* Eight bits of noise a tile, eight tiles a random word. */
          if (left == 0)
            {
              bits = isle_rng_next (rng);
              left = 8;
            }
          w += noise * (float) (bits & 0xff) * (1.0f / 256.0f);
          bits >>= 8;
          left--;
          if (w > best)
            {
              best = w;
              choice = isle_action_place (kinds[j], cell, downs[j]);
            }
        }
    }
  return choice;
}

IsleAction
isle_reference_guided_action (const IsleState *s, IsleRng *rng, double noise, double care,
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
isle_reference_placement_worths (const IsleState *s, const IsleAction *actions, int n,
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
isle_reference_playout_guided (IsleState *s, IsleRng *rng, unsigned flags)
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
