/* isle-hire-policy.c — a plausible hiring for a side, drawn at random
 * (R9.3): the hiring a search assumes for the other side when its choices
 * are secret (R12, isle_obs_determinize()), and one a playout may use.
 *
 * The policy is deliberately simple and cheap (no look at the map): a
 * player who hires at all most often hires one mercenary, the better ones
 * more often, and hires less when few rounds are left to earn the cost
 * back (R9.4: coins decide the game). doc/ai.md gives the reasons.
 */
#include "isle-state-private.h"

/* R9.3: the greedy player's order of preference, as weights: the best 11,
 * the next 10 … the least liked 1; 0 for basic kinds. */
static const uint8_t preference[ISLE_N_KINDS] = {
  [ISLE_KIND_CAT] = 11, [ISLE_KIND_SNAKE] = 10, [ISLE_KIND_FOX] = 9, [ISLE_KIND_CROW] = 8,
  [ISLE_KIND_MOUSES] = 7, [ISLE_KIND_TURTLE] = 6, [ISLE_KIND_MOLE] = 5,
  [ISLE_KIND_CHAMELEON] = 4, [ISLE_KIND_FROG] = 3, [ISLE_KIND_PRAIRIE_DOG] = 2,
  [ISLE_KIND_HIPPO] = 1,
};

int
isle_hire_preference (IsleKind kind)
{
  return (unsigned) kind < ISLE_N_KINDS ? preference[kind] : 0;
}

/* The chance, in sixteenths, that SIDE goes on to hire another mercenary
 * after HIRED hires this time. The first: even odds, so "hire nothing" is
 * the likeliest single outcome; each further one half as likely as the one
 * before. Before the last round (an extra one too, R9.4) a hire has one
 * round to pay for itself: a quarter. In the Quick game's first hiring the
 * starting coins are lost unless spent (R10): almost always. */
static uint32_t
go_on_sixteenths (const IsleState *s, int hired)
{
  uint32_t first;

  if (s->variant == ISLE_VARIANT_QUICK && s->round == 1)
    return 14;
  first = s->round >= s->n_rounds ? 4 : 8;
  return first >> (hired < 3 ? hired : 3);
}

/* One mercenary of the set KINDS (a bit per kind, not empty), drawn with
 * weight isle_hire_preference(). */
static IsleKind
draw_preferred (uint32_t kinds, IsleRng *rng)
{
  uint32_t total = 0, r;

  for (uint32_t k = kinds; k; k &= k - 1)
    total += (uint32_t) isle_hire_preference ((IsleKind) __builtin_ctz (k));
  r = isle_rng_below (rng, total);
  for (uint32_t k = kinds; k; k &= k - 1)
    {
      IsleKind kind = (IsleKind) __builtin_ctz (k);
      uint32_t w = (uint32_t) isle_hire_preference (kind);

      if (r < w)
        return kind;
      r -= w;
    }
  return (IsleKind) __builtin_ctz (kinds);                  /* not reached */
}

void
isle_state_sample_hires (IsleState *state, IsleSide side, IsleRng *rng)
{
  int basics[ISLE_N_KINDS];
  int32_t coins = state->coins[side] - mercenaries_cost (state, state->pending[side]);
  int hired = 0;

  /* R9.3: what `hire` may add, kept up to date as in the playouts
   * (isle-playout.c's playout_hire()): each hire spends its cost and one
   * basic token of the kind it replaces, and the supply bounds the loop. */
  isle_state_hire_basics (state, side, basics);
  for (uint32_t kinds = isle_state_hirable_with (state, side, basics, coins);
       kinds != 0 && isle_rng_below (rng, 16) < go_on_sixteenths (state, hired);
       kinds = isle_state_hirable_with (state, side, basics, coins))
    {
      IsleKind kind = draw_preferred (kinds, rng);

      state->pending[side][kind]++;
      coins -= state->rules.hire_cost[kind];
      basics[isle_kinds[kind].replaces]--;
      hired++;
    }
}

void
isle_state_hire_secretly (IsleState *s, IsleRng *rng)
{
  IsleSide side = isle_seat_side (s->to_move);
  bool decided = false;

  for (int seat = side; seat < s->n_seats; seat += 2)
    decided |= (s->hire_done >> seat) & 1;
  if (!decided)
    isle_state_sample_hires (s, side, rng);
  isle_state_apply_unchecked (s, isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE));
}
