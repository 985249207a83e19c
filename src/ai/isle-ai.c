/* isle-ai.c — the registry of built-in levels, and the random player. */
#include "isle-ai.h"

#include <string.h>

/* Gentlest first. Beginner is random on purpose: players of GNOME games
 * asked for an easiest level that is truly easy. This is the one table of
 * level ids and their old ids (isle-player-spec.c reads players through
 * isle_ai_find()). */
static const IsleAiLevel levels[] = {
  { .id = "beginner", .old_id = "random", .name = "Beginner",
    .description = "Plays any legal move at random", .strength = 0,
    .noise = 1.0, .care = 0.0, .choose = isle_ai_instinct },
  { .id = "easy", .old_id = "greedy", .name = "Easy",
    .description = "Takes the best points of the moment", .strength = 20,
    .noise = 0.5, .care = 1.0, .choose = isle_ai_instinct },
  { .id = "medium", .old_id = "ismcts:easy", .name = "Medium",
    .description = "Looks a few moves ahead", .strength = 45, .iterations = 1000,
    .choose = isle_ai_ismcts },
  { .id = "hard", .old_id = "ismcts:medium", .name = "Hard",
    .description = "Searches thousands of possible games", .strength = 70,
    .iterations = 5000, .choose = isle_ai_ismcts },
  { .id = "expert", .old_id = "ismcts:hard", .name = "Expert",
    .description = "Searches for most of a second each move", .strength = 100,
    .seconds = 0.9, .choose = isle_ai_ismcts },
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

IsleAction
isle_ai_instinct (const IsleAiLevel *level, const IsleObservation *obs,
                  const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  IsleState state;
  IsleRng rng;

  if (obs->view.phase != ISLE_PHASE_PLACE)
    return isle_ai_greedy (level, obs, limits, seed, stats);
  isle_rng_seed (&rng, seed);
  isle_obs_determinize (obs, &rng, &state);
  if (stats != NULL)
    memset (stats, 0, sizeof *stats);
  return isle_state_guided_action (&state, &rng, level->noise, level->care, 0.0);
}
