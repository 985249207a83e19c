/* isle-ai.c — the registry of built-in levels, and the random player. */
#include "isle-ai.h"

#include <string.h>

/* Gentlest first. Beginner is random on purpose: players of GNOME games
 * asked for an easiest level that is truly easy. This is the one table of
 * level ids and their old ids (isle-player-spec.c reads players through
 * isle_ai_find()). */
/* How the searching levels search: guided playouts cut at the round's
 * end, progressive bias, hiring by the hiring policy (doc/ai.md). */
#define LADDER_SEARCH (ISLE_SEARCH_GUIDED | ISLE_SEARCH_ROUND | ISLE_SEARCH_BIAS | ISLE_SEARCH_HIRE)

static const IsleAiLevel levels[] = {
  { .id = "beginner", .old_id = "random", .name = "Beginner",
    .description = "Plays any legal move at random", .strength = 0,
    .noise = 3.0, .care = 0.0, .choose = isle_ai_instinct },
  { .id = "easy", .old_id = "greedy", .name = "Easy",
    .description = "Takes the best points of the moment", .strength = 20,
    .noise = 0.5, .care = 1.0, .choose = isle_ai_instinct },
  { .id = "medium", .old_id = "ismcts:easy", .name = "Medium",
    .description = "Looks a few moves ahead", .strength = 45, .iterations = 400,
    .search = LADDER_SEARCH, .choose = isle_ai_ismcts },
  { .id = "hard", .old_id = "ismcts:medium", .name = "Hard",
    .description = "Searches thousands of possible games", .strength = 70,
    .iterations = 1500, .search = LADDER_SEARCH, .choose = isle_ai_ismcts },
  { .id = "expert", .old_id = "ismcts:hard", .name = "Expert",
    .description = "Searches for most of a second each move", .strength = 100,
    .seconds = 0.9, .search = LADDER_SEARCH, .choose = isle_ai_ismcts },
  /* experiments */
  { .id = "x-instinct", .old_id = "x-instinct", .name = "X", .description = "X",
    .noise = 0.5, .care = 1.0, .choose = isle_ai_instinct },
  { .id = "x-noisy", .old_id = "x-noisy", .name = "X", .description = "X",
    .noise = 4.0, .care = 1.0, .choose = isle_ai_instinct },
  { .id = "x-g", .old_id = "x-g", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_GUIDED, .choose = isle_ai_ismcts },
  { .id = "x-gb", .old_id = "x-gb", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_GUIDED | ISLE_SEARCH_BIAS, .choose = isle_ai_ismcts },
  { .id = "x-gr", .old_id = "x-gr", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_GUIDED | ISLE_SEARCH_ROUND, .choose = isle_ai_ismcts },
  { .id = "x-gbr", .old_id = "x-gbr", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_GUIDED | ISLE_SEARCH_BIAS | ISLE_SEARCH_ROUND, .choose = isle_ai_ismcts },
  { .id = "x-u", .old_id = "x-u", .name = "X", .description = "X", .seconds = 0.25,
    .choose = isle_ai_ismcts },
  { .id = "x-gbrh", .old_id = "x-gbrh", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_HIRE | ISLE_SEARCH_GUIDED | ISLE_SEARCH_BIAS | ISLE_SEARCH_ROUND, .choose = isle_ai_ismcts },
  { .id = "x-b", .old_id = "x-b", .name = "X", .description = "X", .seconds = 0.25,
    .search = ISLE_SEARCH_BIAS, .choose = isle_ai_ismcts },
};

const IsleAiLevel *
isle_ai_levels (int *n)
{
  *n = 5;
  return levels;
}

const IsleAiLevel *
isle_ai_find (const char *id)
{
  for (size_t i = 0; id != NULL && i < sizeof levels / sizeof levels[0]; i++)
    if (strcmp (levels[i].id, id) == 0 || strcmp (levels[i].old_id, id) == 0)
      return &levels[i];
  return NULL;
}

/* A uniformly random legal action. The observer's legal actions depend only
 * on what it sees, so any state consistent with the observation lists
 * them. */
IsleAction
isle_ai_random (const IsleAiLevel *level, const IsleObservation *obs,
                const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  IsleState state;
  IsleRng rng;

  (void) level;
  (void) limits;
  isle_rng_seed (&rng, seed);
  isle_obs_determinize (obs, &rng, &state);
  if (stats != NULL)
    memset (stats, 0, sizeof *stats);
  return isle_state_sample_action (&state, &rng);
}

/* SIDE's points less the other side's on the map of S (R7). */
static int32_t
margin_now (const IsleState *s, const IsleBoard *board, IsleSide side)
{
  int32_t points[ISLE_N_SIDES];

  isle_board_score (board, s->rules.line_score, points, NULL);
  return points[side] - points[1 - side];
}

/* What placement A gains at once for the seat to move, on the map as the
 * player sees it: lines made less lines handed over (R5, R7). */
static int32_t
gain_now (const IsleState *s, IsleAction a)
{
  IsleState after = *s;
  IsleSide side = isle_seat_side (s->to_move);
  const IsleBoard *board = &after.board;

  isle_state_apply (&after, a);
  if (after.round != s->round || isle_state_is_terminal (&after))
    board = &after.scored_board;
  return margin_now (s, board, side) - margin_now (s, &s->board, side);
}

/* The line of sight of a player's instinct: a placement that hands the
 * other side a whole line at once (3 points or more) when the same token
 * could go where it loses nothing is seen by anyone, however new. */
#define PLAIN_LOSS (-3)

IsleAction
isle_ai_instinct (const IsleAiLevel *level, const IsleObservation *obs,
                  const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  IsleState state;
  IsleRng rng;
  IsleActionList list;
  float worths[ISLE_MAX_ACTIONS];
  bool skip[ISLE_MAX_ACTIONS];

  if (obs->view.phase != ISLE_PHASE_PLACE)
    return isle_ai_greedy (level, obs, limits, seed, stats);
  isle_rng_seed (&rng, seed);
  isle_obs_determinize (obs, &rng, &state);
  if (stats != NULL)
    memset (stats, 0, sizeof *stats);
  if (isle_state_legal_actions (&state, &list) == 0)
    return 0;
  isle_state_placement_worths (&state, list.actions, list.n, level->care, worths);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];

      /* R6.4: a mercenary goes face up where it may, so its ability acts. */
      skip[i] = isle_action_face_down (a) && isle_kind_is_mercenary (isle_action_kind (a));
      worths[i] += (float) (level->noise * (double) (isle_rng_next (&rng) >> 11) / 9007199254740992.0);
    }
  for (;;)
    {
      int best = -1;
      bool better = false;

      for (int i = 0; i < list.n; i++)
        if (!skip[i] && (best < 0 || worths[i] > worths[best]))
          best = i;
      if (best < 0)
        return list.actions[0];
      if (gain_now (&state, list.actions[best]) > PLAIN_LOSS)
        return list.actions[best];
      for (int i = 0; i < list.n && !better; i++)
        better = isle_action_kind (list.actions[i]) == isle_action_kind (list.actions[best])
                 && gain_now (&state, list.actions[i]) >= 0;
      if (!better)
        return list.actions[best];
      skip[best] = true;
    }
}
