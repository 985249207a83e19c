/* isle-types.h — the vocabulary of the game: kinds, colours, seats, rules.
 *
 * Pure C11, no GLib (doc/architecture.md "Layers"). Everything here is a
 * fact of doc/rules.md; numbers marked [default] there are not in this
 * file but in IsleRules, filled from data/rules/standard.json by the
 * model.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "isle-bits.h"

/* For the few helpers of the playouts' inner loops that must be inlined to
 * be specialized: their constant arguments folded, their flags decided at
 * compile time. */
#if defined(__GNUC__)
#define ISLE_ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
#define ISLE_ALWAYS_INLINE inline
#endif

/* For the playouts' loops that are compiled best on their own, not inlined
 * into a caller that needs its registers for other paths. */
#if defined(__GNUC__)
#define ISLE_NOINLINE __attribute__ ((noinline))
#else
#define ISLE_NOINLINE
#endif

/* R1: the Island Map is 6×6; a1 is the top-left tile. */
#define ISLE_BOARD_SIZE 6
#define ISLE_N_CELLS (ISLE_BOARD_SIZE * ISLE_BOARD_SIZE)
#define ISLE_ALL_CELLS ((UINT64_C (1) << ISLE_N_CELLS) - 1)

/* R4.4: a hand never exceeds 5. R1: 18 basic tokens per side. */
#define ISLE_HAND_MAX 5
#define ISLE_PILE_MAX 18
#define ISLE_SIDE_TOKENS 18

/* R11: at most four seats (R1 B1 R2 B2). */
#define ISLE_MAX_SEATS 4
#define ISLE_N_SIDES 2

/* R1: 3 fog boards over 4 quadrants. */
#define ISLE_N_QUADRANTS 4
#define ISLE_N_FOG_BOARDS 3

/* Capacity for rules data: a weather deck may hold at most this many cards. */
#define ISLE_MAX_WEATHER_CARDS 16
/* Capacity for rules data: at most this many rounds in any variant. */
#define ISLE_MAX_ROUNDS 16

/* R2: token kinds. The order is the order of R2's table. */
typedef enum
{
  ISLE_KIND_NONE = 0,
  ISLE_KIND_WOLF,
  ISLE_KIND_PIG,
  ISLE_KIND_RAT,
  ISLE_KIND_RABBIT,
  ISLE_KIND_FOX,
  ISLE_KIND_TURTLE,
  ISLE_KIND_CAT,
  ISLE_KIND_MOUSES,
  ISLE_KIND_SNAKE,
  ISLE_KIND_FROG,
  ISLE_KIND_CHAMELEON,
  ISLE_KIND_CROW,
  ISLE_KIND_MOLE,
  ISLE_KIND_PRAIRIE_DOG,
  ISLE_KIND_HIPPO,
  ISLE_N_KINDS,
  /* In an observation: a token whose kind the observer may not know (R12). */
  ISLE_KIND_UNKNOWN = 31
} IsleKind;

#define ISLE_FIRST_MERCENARY ISLE_KIND_FOX

/* R1: a token's front background. */
typedef enum
{
  ISLE_COLOUR_WHITE = 0,
  ISLE_COLOUR_RED = 1,
  ISLE_COLOUR_BLUE = 2,
} IsleColour;

/* R1: the two sides. In the team game seat s belongs to side s & 1
 * (seats R1=0, B1=1, R2=2, B2=3, R11); in two-player games seat = side. */
typedef enum
{
  ISLE_SIDE_RED = 0,
  ISLE_SIDE_BLUE = 1,
} IsleSide;

/* R2: what colour a kind has relative to its owner. */
typedef enum
{
  ISLE_FACE_OWN,
  ISLE_FACE_OPPONENT,
  ISLE_FACE_WHITE,
} IsleColourClass;

/* R1, R6: weather cards. */
typedef enum
{
  ISLE_WEATHER_SUNNY = 0,
  ISLE_WEATHER_CLOUDY,
  ISLE_WEATHER_FOGGY,
  ISLE_N_WEATHER,
} IsleWeather;

typedef enum
{
  ISLE_VARIANT_BASIC = 0,  /* R4 */
  ISLE_VARIANT_WEATHER,    /* R6 */
  ISLE_VARIANT_MERCENARY,  /* R9 */
  ISLE_VARIANT_QUICK,      /* R10 */
  ISLE_VARIANT_TEAM,       /* R11 */
  ISLE_N_VARIANTS,
} IsleVariant;

/* R4.2 option opening_hand. */
typedef enum
{
  ISLE_OPENING_CHOOSE = 0,
  ISLE_OPENING_DEAL,
} IsleOpeningHand;

/* R6.5 option fog_lift. */
typedef enum
{
  ISLE_FOG_LIFT_FILLER = 0,
  ISLE_FOG_LIFT_NEXT,
} IsleFogLift;

/* Everything doc/rules.md leaves to rules data. Filled by the model from
 * data/rules/standard.json (or a scenario); the engine never parses files and
 * holds no default of its own. A plain value: copy it with `=`. */
typedef struct
{
  /* R7.1: base value of a line by its length; index 3..6, 0..2 unused. */
  int32_t line_score[ISLE_BOARD_SIZE + 1];
  /* R2: hire cost of each mercenary kind (0 for basic kinds). */
  int32_t hire_cost[ISLE_N_KINDS];
  /* R10: starting coins of the quick game. */
  int32_t quick_start_coins;
  /* Options. */
  int32_t opening_hand;            /* IsleOpeningHand, R4.2 */
  int32_t fog_lift;                /* IsleFogLift, R6.5 */
  int32_t quick_weather;           /* IsleWeather, R10: the quick game's one weather */
  /* R1: the weather deck, as a list of cards (IsleWeather), shuffled at
   * setup. */
  uint8_t weather_deck[ISLE_MAX_WEATHER_CARDS];
  uint8_t weather_deck_len;
  /* R4.7, R9.1, R10, R11: rounds per variant. */
  uint8_t rounds[ISLE_N_VARIANTS];
  /* R9.4 [decision]: extra rounds after a tie before a draw. */
  uint8_t max_extra_rounds;
  /* R12: a UI option only (the engine always keeps the facts). */
  bool strict_memory;
} IsleRules;

/* R2: static facts of a kind. */
typedef struct
{
  char code;                 /* R3 letter: W P R B F T C M S G L K O D H */
  const char *name;          /* English name, for logs ("Prairie Dog") */
  const char *id;            /* lower-case identifier ("prairie_dog") */
  IsleColourClass colour;    /* R2 colour column */
  bool mercenary;            /* R1 */
  IsleKind replaces;         /* R2 "replaces" column; NONE for basic kinds */
  uint8_t supply;            /* R1: tokens of this kind per side */
} IsleKindInfo;

/* R2: the facts of every kind, indexed by IsleKind. */
extern const IsleKindInfo isle_kinds[ISLE_N_KINDS];

static inline const IsleKindInfo *
isle_kind_info (IsleKind kind)
{
  return &isle_kinds[(unsigned) kind < ISLE_N_KINDS ? kind : ISLE_KIND_NONE];
}
/* The kind whose R3 code is CODE, or ISLE_KIND_NONE. */
IsleKind isle_kind_from_code (char code);
/* The kind whose id is ID (case-insensitive), or ISLE_KIND_NONE. */
IsleKind isle_kind_from_id (const char *id);

static inline bool
isle_kind_is_mercenary (IsleKind kind)
{
  return kind >= ISLE_FIRST_MERCENARY && kind < ISLE_N_KINDS;
}

static inline IsleSide
isle_seat_side (int seat)
{
  return (IsleSide) (seat & 1);
}

static inline IsleColour
isle_side_colour (IsleSide side)
{
  return side == ISLE_SIDE_RED ? ISLE_COLOUR_RED : ISLE_COLOUR_BLUE;
}

/* R2: the colour a kind owned by SIDE shows when placed (a table look-up:
 * playouts place tokens of random kinds and colour classes). */
static inline IsleColour
isle_kind_start_colour (IsleKind kind, IsleSide side)
{
  static const uint8_t colours[3][2] = {
    [ISLE_FACE_OWN] = { ISLE_COLOUR_RED, ISLE_COLOUR_BLUE },
    [ISLE_FACE_OPPONENT] = { ISLE_COLOUR_BLUE, ISLE_COLOUR_RED },
    [ISLE_FACE_WHITE] = { ISLE_COLOUR_WHITE, ISLE_COLOUR_WHITE },
  };

  return (IsleColour) colours[isle_kind_info (kind)->colour][side & 1];
}

const char *isle_weather_id (IsleWeather weather);   /* "sunny" */
IsleWeather isle_weather_from_id (const char *id);   /* ISLE_N_WEATHER if bad */
const char *isle_variant_id (IsleVariant variant);   /* "basic" */
IsleVariant isle_variant_from_id (const char *id);   /* ISLE_N_VARIANTS if bad */
const char *isle_quadrant_id (int quadrant);         /* "nw" "ne" "sw" "se" */
int isle_quadrant_from_id (const char *id);          /* -1 if bad */
/* R1: the cells of a quadrant as a bitboard (nw = a1–c3, ne = d1–f3,
 * sw = a4–c6, se = d4–f6); 0 for a number that is not a quadrant. */
static inline uint64_t
isle_quadrant_mask (int quadrant)
{
  static const uint64_t masks[ISLE_N_QUADRANTS] = {
    (UINT64_C (0x7) << 0) | (UINT64_C (0x7) << 6) | (UINT64_C (0x7) << 12),
    (UINT64_C (0x7) << 3) | (UINT64_C (0x7) << 9) | (UINT64_C (0x7) << 15),
    (UINT64_C (0x7) << 18) | (UINT64_C (0x7) << 24) | (UINT64_C (0x7) << 30),
    (UINT64_C (0x7) << 21) | (UINT64_C (0x7) << 27) | (UINT64_C (0x7) << 33),
  };

  return quadrant >= 0 && quadrant < ISLE_N_QUADRANTS ? masks[quadrant] : 0;
}

/* Cell names: index = row * 6 + column, "a1" = 0, "f6" = 35. */
static inline int
isle_cell (int column, int row)
{
  return row * ISLE_BOARD_SIZE + column;
}
static inline int isle_cell_column (int cell) { return cell % ISLE_BOARD_SIZE; }
static inline int isle_cell_row (int cell) { return cell / ISLE_BOARD_SIZE; }
/* Writes "c3" into BUF (at least 3 bytes). Returns BUF. */
char *isle_cell_name (int cell, char *buf);
/* Parses "c3"; returns the cell or -1. */
int isle_cell_from_name (const char *name);
/* R1: bitboard of the tiles adjacent (orthogonally) to CELL. */
static inline uint64_t
isle_cell_neighbours (int cell)
{
  static const uint64_t neighbours[ISLE_N_CELLS] = {
    UINT64_C (0x000000042), UINT64_C (0x000000085), UINT64_C (0x00000010a), UINT64_C (0x000000214),
    UINT64_C (0x000000428), UINT64_C (0x000000810), UINT64_C (0x000001081), UINT64_C (0x000002142),
    UINT64_C (0x000004284), UINT64_C (0x000008508), UINT64_C (0x000010a10), UINT64_C (0x000020420),
    UINT64_C (0x000042040), UINT64_C (0x000085080), UINT64_C (0x00010a100), UINT64_C (0x000214200),
    UINT64_C (0x000428400), UINT64_C (0x000810800), UINT64_C (0x001081000), UINT64_C (0x002142000),
    UINT64_C (0x004284000), UINT64_C (0x008508000), UINT64_C (0x010a10000), UINT64_C (0x020420000),
    UINT64_C (0x042040000), UINT64_C (0x085080000), UINT64_C (0x10a100000), UINT64_C (0x214200000),
    UINT64_C (0x428400000), UINT64_C (0x810800000), UINT64_C (0x081000000), UINT64_C (0x142000000),
    UINT64_C (0x284000000), UINT64_C (0x508000000), UINT64_C (0xa10000000), UINT64_C (0x420000000)
  };
  return neighbours[cell];
}

/* Set bits of BB (isle-bits.h: by byte table, portable and fast). */
static inline int
isle_popcount (uint64_t bb)
{
  return isle_bits_count (bb);
}
