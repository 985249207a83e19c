/* isle-playout-private.h — what the files of the fast playouts share:
 * isle-playout.c (the driver, sampled actions, opening hands, hiring and
 * rounds without mercenaries), isle-playout-round.c (rounds with
 * mercenaries in play) and isle-playout-guided.c (its opening hands). Not
 * installed; included only by those three.
 *
 * The log a playout may write, a hand as the playouts keep it (PlayHand:
 * a word and counts instead of the state's array), and sets of kinds as
 * bits. Static inline, so the loops that use them keep them inlined.
 */
#pragma once

#include "isle-state-private.h"

static inline int
nth_bit (uint64_t bb, uint32_t n)
{
  return isle_bits_select (bb, n);
}

/* Where a playout writes the actions it takes, and how many it may take
 * (isle_state_playout_log()); NULL in plain playouts. */
typedef struct
{
  IsleAction *actions;
  int max;
  int n;
} PlayoutLog;

/* Notes action A; returns true when the log is full and the playout must
 * stop. */
static inline bool
log_action (PlayoutLog *log, IsleAction a)
{
  if (log == NULL)
    return false;
  log->actions[log->n++] = a;
  return log->n >= log->max;
}

/* The tiles of CELLS, in board order, into OUT; returns how many. */
static inline int
cells_of (uint64_t cells, uint8_t *out)
{
  int n = 0;

  for (; cells; cells &= cells - 1)
    out[n++] = (uint8_t) __builtin_ctzll (cells);
  return n;
}

/* A hand while its seat places at random in a playout (plain_pair(),
 * isle_playout_round()): the hand as a word, newest token in the low byte
 * (hand[len - 1 - i] in bits 8i … 8i + 7, empty places 0), so that a token
 * joins it by a shift; how many of each kind it holds (4 bits a kind: a
 * hand holds at most 5) and which kinds; the pile. */
typedef struct
{
  uint64_t word, count;
  uint32_t kinds, n_kinds;
  int pile_len;
  const uint8_t *pile;
} PlayHand;

/* How many tokens the hand holds: the sum of its counts (at most 5, so the
 * multiplication carries nothing into the top 4 bits but the sum). */
static inline int
play_hand_len (const PlayHand *h)
{
  return (int) ((h->count * UINT64_C (0x1111111111111111)) >> 60);
}

static inline void
play_hand_load (PlayHand *h, const IsleState *s, int seat)
{
  int len = s->hand_len[seat];

  h->word = 0;
  h->count = 0;
  h->kinds = 0;
  h->pile_len = s->pile_len[seat];
  h->pile = s->pile[seat];
  for (int i = 0; i < len; i++)
    {
      h->word = (h->word << 8) | s->hand[seat][i];
      h->count += UINT64_C (1) << (4 * s->hand[seat][i]);
      h->kinds |= 1u << s->hand[seat][i];
    }
  h->n_kinds = (uint32_t) isle_popcount (h->kinds);
}

static inline void
play_hand_store (const PlayHand *h, IsleState *s, int seat)
{
  int len = play_hand_len (h);

  /* The places past the hand are empty (isle-state.h). */
  hand_store (s->hand[seat], len == 0 ? 0 : __builtin_bswap64 (h->word << (8 * (8 - len))));
  s->hand_len[seat] = (uint8_t) len;
  for (int i = h->pile_len; i < s->pile_len[seat]; i++)
    s->pile[seat][i] = ISLE_KIND_NONE;
  s->pile_len[seat] = (uint8_t) h->pile_len;
}

/* A PlayHand's word without the oldest token of KIND, the older ones moved
 * up a place: the highest byte of the kind (no empty place matches: kinds
 * are not 0) starts AT bits up; those above it move down. */
static inline uint64_t
hand_word_drop (uint64_t w, IsleKind kind)
{
  int at = (63 - __builtin_clzll (bytes_equal (w, (uint8_t) kind))) - 7;
  uint64_t below = (UINT64_C (1) << at) - 1;

  return (w & below) | ((w >> 8) & ~below);
}

/* What hand_remove_at (hand_find ()) does to the hand when a token of KIND
 * leaves it, on the word unless WORD is false (when the caller knows the
 * hand ends empty, or notes the change to make it later). The counts are
 * kept first, so that the next kind can be drawn without waiting on the
 * word. */
static ISLE_ALWAYS_INLINE void
play_hand_remove (PlayHand *h, IsleKind kind, bool word)
{
  uint32_t gone;

  h->count -= UINT64_C (1) << (4 * kind);
  gone = ((h->count >> (4 * kind)) & 0xf) == 0;
  h->kinds &= ~(gone << kind);
  h->n_kinds -= gone;
  if (word)
    h->word = hand_word_drop (h->word, kind);
}

/* A token of KIND joins the end of the hand (which has room), as draw()
 * and apply_replace() put it there. */
static ISLE_ALWAYS_INLINE void
play_hand_add (PlayHand *h, uint8_t kind, bool word)
{
  if (word)
    h->word = (h->word << 8) | kind;
  h->n_kinds += ((h->count >> (4 * kind)) & 0xf) == 0;
  h->count += UINT64_C (1) << (4 * kind);
  h->kinds |= 1u << kind;
}

/* The N-th (from 0) kind of KINDS, a set of kinds (16 bits), without
 * branches. */
static inline IsleKind
kind_select (uint32_t kinds, uint32_t n)
{
  uint32_t low = kinds & 0xff, in_low = isle_byte_bits[low];
  /* All ones when the kind is in the high byte; the selections by masks,
   * which the compiler does not turn into a branch on random data. */
  uint32_t high = (uint32_t) -(int32_t) (n >= in_low);
  uint32_t byte = low ^ ((low ^ ((kinds >> 8) & 0xff)) & high);

  return (IsleKind) ((high & 8) + isle_byte_select[byte][n - (in_low & high)]);
}

/* Kinds in the set KINDS (16 bits). */
static inline uint32_t
kinds_count (uint32_t kinds)
{
  return (uint32_t) isle_byte_bits[kinds & 0xff] + isle_byte_bits[(kinds >> 8) & 0xff];
}


/* A seat picking its opening hand at random (playout_hands(), and
 * guided_picks() of isle-playout-guided.c): where each kind lies in its
 * pile (bit i: pile[i] is of the kind), how many of each are left (4 bits
 * a kind: at most 9 of a kind, R1), which kinds and how many kinds. The counts let the next pick be drawn without waiting on the
 * positions, and the positions find a kind's first token without a branch
 * on the pile. */
typedef struct
{
  uint32_t at[ISLE_N_KINDS];
  uint64_t left;
  uint32_t kinds, n_kinds;
} PickPile;

static inline void
pick_pile_load (PickPile *p, const IsleState *s, int seat)
{
  const uint8_t *pile = s->pile[seat];
  uint64_t left = 0;
  uint32_t kinds = 0;

  memset (p->at, 0, sizeof p->at);
  for (int i = 0; i < s->pile_len[seat]; i++)
    {
      p->at[pile[i]] |= 1u << i;
      left += UINT64_C (1) << (4 * pile[i]);
      kinds |= 1u << pile[i];
    }
  p->left = left;
  p->kinds = kinds;
  p->n_kinds = kinds_count (kinds);
}

/* One pick of SEAT from the random word X, drawn uniformly among the
 * kinds in its pile as isle_state_sample_action() draws it (sample_pick()),
 * with what apply_pick() does: the first token of the kind leaves the pile
 * and the last one takes its place (pile_remove_at (pile_find ())), the
 * kind joins the hand. */
static ISLE_ALWAYS_INLINE IsleKind
pick_pile_pick (PickPile *p, IsleState *s, int seat, uint32_t x, IsleRng *rng)
{
  uint32_t n = isle_rng_below_from (rng, x, p->n_kinds);
  /* Without mercenaries (a whole game of some variants), one table. */
  IsleKind kind = p->kinds < 0x100 ? (IsleKind) isle_byte_select[p->kinds][n]
                                   : kind_select (p->kinds, n);
  uint8_t *pile = s->pile[seat];
  int i = __builtin_ctz (p->at[kind]), last = s->pile_len[seat] - 1;
  uint8_t moved = pile[last];
  uint32_t gone;

  p->left -= UINT64_C (1) << (4 * kind);
  gone = ((p->left >> (4 * kind)) & 0xf) == 0;
  p->kinds &= ~(gone << kind);
  p->n_kinds -= gone;
  p->at[kind] &= p->at[kind] - 1;
  p->at[moved] = (p->at[moved] & ~(1u << last)) | (uint32_t) (i != last) << i;
  pile[i] = moved;
  pile[last] = ISLE_KIND_NONE;
  s->pile_len[seat] = (uint8_t) last;
  s->hand[seat][s->hand_len[seat]++] = (uint8_t) kind;
  return kind;
}

/* A uniformly random legal placement of the seat to move, without listing
 * them all, when its hand holds the N_HELD kinds HELD (each once, in the
 * order their placements are counted) (isle-playout.c). */
IsleAction isle_playout_sample_placement (const IsleState *s, const uint8_t *held, int n_held,
                                          IsleRng *rng);
/* R4.4, R6, R8: random play in a round with mercenaries in play, from a
 * decision point of the round to its end or until LOG (or NULL) is full;
 * returns true when it is (isle-playout-round.c). */
bool isle_playout_round (IsleState *s, IsleRng *rng, PlayoutLog *log);
