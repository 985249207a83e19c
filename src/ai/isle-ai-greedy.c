/* isle-ai-greedy.c — one-ply greedy player: the move that gains the most
 * points on the map now, with simple rules of thumb where the map does not
 * change (opening hand, weather, hiring, fog). */
#include "isle-ai.h"

#include <string.h>

/* How much a token is worth in hand to SIDE, by rule of thumb: own-colour
 * multipliers first, then own-colour mercenaries and Wolves; spies and white
 * tokens help the other side or nobody. */
static int
kind_value (IsleKind kind, IsleSide side)
{
  switch (kind)
    {
    case ISLE_KIND_CAT: return 9;
    case ISLE_KIND_PIG: return 7;
    case ISLE_KIND_SNAKE:
    case ISLE_KIND_FOX:
    case ISLE_KIND_MOUSES: return 6;
    case ISLE_KIND_TURTLE:
    case ISLE_KIND_FROG: return 5;
    case ISLE_KIND_WOLF: return 4;
    case ISLE_KIND_CROW:
    case ISLE_KIND_PRAIRIE_DOG: return 3;
    case ISLE_KIND_CHAMELEON:
    case ISLE_KIND_MOLE: return 2;
    case ISLE_KIND_RABBIT:
    case ISLE_KIND_HIPPO: return 1;
    case ISLE_KIND_RAT:
    default:
      (void) side;
      return 0;
    }
}

void
isle_ai_board_gains (const IsleBoard *before, const IsleBoard *after, const int32_t line_score[7],
                     int32_t gains[ISLE_N_SIDES], IsleScore *score)
{
  int32_t points[ISLE_N_SIDES];

  isle_board_score (before, line_score, points, NULL);
  isle_board_score (after, line_score, gains, score);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    gains[side] -= points[side];
}

int32_t
isle_ai_gain_now (const IsleState *s, IsleAction a)
{
  IsleState after = *s;
  IsleSide side = isle_seat_side (s->to_move);
  /* The map the action leaves to be seen: the scored one when it ended
   * the round. */
  const IsleBoard *shown = &after.board;

  int32_t gains[ISLE_N_SIDES];

  isle_state_apply (&after, a);
  if (after.round != s->round || isle_state_is_terminal (&after))
    shown = &after.scored_board;
  isle_ai_board_gains (&s->board, shown, s->rules.line_score, gains, NULL);
  return gains[side] - gains[1 - side];
}

/* R9.3: hire only while enough rounds are left to earn the cost back, one
 * mercenary a time; the Quick game's starting coins are lost unless spent
 * (R10), so spend them. */
static bool
worth_hiring (const IsleState *s, IsleSide side)
{
  int pending = 0;

  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    pending += s->pending[side][k];
  if (s->variant == ISLE_VARIANT_QUICK && s->round == 1)
    return true;
  return pending == 0 && s->n_rounds - s->round >= 1;
}

IsleAction
isle_ai_greedy (const IsleAiLevel *level, const IsleObservation *obs,
                const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  IsleState state;
  IsleActionList list;
  IsleRng rng;
  int seat = obs->observer;
  IsleSide side = isle_seat_side (seat);
  double best = -1e9;
  IsleAction choice = 0;
  int ties = 0;

  (void) level;
  (void) limits;
  isle_rng_seed (&rng, seed);
  /* One sample of what is hidden stands for all of it. */
  isle_obs_determinize (obs, &rng, &state);
  if (stats != NULL)
    memset (stats, 0, sizeof *stats);
  if (isle_state_legal_actions (&state, &list) == 0)
    return 0;

  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];
      double value;

      switch (isle_action_type (a))
        {
        case ISLE_ACTION_PICK:
          value = kind_value (isle_action_kind (a), side);
          break;
        case ISLE_ACTION_HIRE:
          value = worth_hiring (&state, side) ? 1 + isle_hire_preference (isle_action_kind (a)) : -1;
          break;
        case ISLE_ACTION_DONE:
          value = 0;
          break;
        case ISLE_ACTION_KEEP:
        case ISLE_ACTION_LIFT:
          value = 0;   /* no rule of thumb: chosen at random below */
          break;
        default:
          value = isle_ai_gain_now (&state, a);
          /* Keep the better tokens for later: spend the least valuable
           * one that gains as much. */
          if (isle_action_type (a) == ISLE_ACTION_PLACE)
            value -= 0.01 * kind_value (isle_action_kind (a), side);
          break;
        }
      /* Ties are broken at random (reservoir sampling). */
      if (value > best + 1e-9)
        {
          best = value;
          choice = a;
          ties = 1;
        }
      else if (value > best - 1e-9 && isle_rng_below (&rng, (uint32_t) ++ties) == 0)
        choice = a;
    }
  return choice;
}
