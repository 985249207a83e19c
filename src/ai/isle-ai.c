/* isle-ai.c — the registry of built-in levels, and the random player. */
#include "isle-ai.h"

#include <string.h>

/* Gentlest first. Beginner is random on purpose: players of GNOME games
 * asked for an easiest level that is truly easy. This is the one table of
 * level ids and their old ids (isle-player-spec.c reads players through
 * isle_ai_find()). */
static const IsleAiLevel levels[] = {
  { "beginner", "random", "Beginner", "Plays any legal move at random", 0, 0, 0.0, isle_ai_random },
  { "easy", "greedy", "Easy", "Takes the best points of the moment", 20, 0, 0.0, isle_ai_greedy },
  { "medium", "ismcts:easy", "Medium", "Looks a few moves ahead", 45, 1000, 0.0, isle_ai_ismcts },
  { "hard", "ismcts:medium", "Hard", "Searches thousands of possible games", 70, 5000, 0.0, isle_ai_ismcts },
  { "expert", "ismcts:hard", "Expert", "Searches for most of a second each move", 100, 0, 0.9, isle_ai_ismcts },
};

const IsleAiLevel *
isle_ai_levels (int *n)
{
  *n = (int) (sizeof levels / sizeof levels[0]);
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
