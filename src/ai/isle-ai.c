/* isle-ai.c — the registry of built-in levels, and the instinct player
 * (the rules of thumb one move deep) of the gentle ones. */
#include "isle-ai.h"

#include <string.h>

/* How the searching levels search: guided playouts cut at the round's
 * end, progressive bias, hiring by the hiring policy (doc/ai.md). */
#define LADDER_SEARCH (ISLE_SEARCH_GUIDED | ISLE_SEARCH_ROUND | ISLE_SEARCH_BIAS | ISLE_SEARCH_HIRE)

/* Gentlest first, at roughly even steps of strength (doc/ai.md, "Levels").
 * Players of GNOME games asked for an easiest level that is truly easy:
 * the Beginner loses nine games in ten to Easy, yet plays like a person
 * new to the game, not a random generator. This is the one table of level
 * ids and their old ids (isle-player-spec.c reads players through
 * isle_ai_find()). */
static const IsleAiLevel levels[] = {
  { .id = "beginner", .old_id = "random", .name = "Beginner",
    .description = "Builds its own lines and often misses yours", .strength = 0,
    .noise = 3.0, .care = 0.0, .choose = isle_ai_instinct },
  { .id = "easy", .old_id = "greedy", .name = "Easy",
    .description = "Builds lines and blocks yours, one move at a time", .strength = 20,
    .noise = 0.5, .care = 1.0, .choose = isle_ai_instinct },
  { .id = "medium", .old_id = "ismcts:easy", .name = "Medium",
    .description = "Looks a few moves ahead", .strength = 45, .iterations = 400,
    .search = LADDER_SEARCH, .choose = isle_ai_ismcts,
    .evaluate = isle_ai_ismcts_evaluate },
  { .id = "hard", .old_id = "ismcts:medium", .name = "Hard",
    .description = "Searches over a thousand possible games each move", .strength = 70,
    .iterations = 1500, .search = LADDER_SEARCH, .choose = isle_ai_ismcts,
    .evaluate = isle_ai_ismcts_evaluate },
  { .id = "expert", .old_id = "ismcts:hard", .name = "Expert",
    .description = "Searches for most of a second each move", .strength = 100,
    .seconds = 0.9, .search = LADDER_SEARCH, .choose = isle_ai_ismcts,
    .evaluate = isle_ai_ismcts_evaluate },
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

bool
isle_ai_evaluate (const IsleAiLevel *level, const IsleObservation *obs,
                  const IsleAiLimits *limits, uint64_t seed, IsleAiEvaluation *eval)
{
  return level != NULL && level->evaluate != NULL
         && level->evaluate (level, obs, limits, seed, eval);
}

/* The line of sight of a player's instinct: a placement that hands the
 * other side a whole line at once (3 points or more) when the same token
 * could go where it loses nothing is seen by anyone, however new. */
#define PLAIN_LOSS (-3)

/* What placement I of LIST gains at once (isle_ai_gain_now()), counted
 * once: GAINS[I] is valid where KNOWN[I]. */
static int32_t
gain_of (const IsleState *s, const IsleActionList *list, int i, int32_t *gains, bool *known)
{
  if (!known[i])
    {
      gains[i] = isle_ai_gain_now (s, list->actions[i]);
      known[i] = true;
    }
  return gains[i];
}

IsleAction
isle_ai_instinct (const IsleAiLevel *level, const IsleObservation *obs,
                  const IsleAiLimits *limits, uint64_t seed, IsleAiStats *stats)
{
  IsleState state;
  IsleRng rng;
  IsleActionList list;
  float worths[ISLE_MAX_ACTIONS];
  bool skip[ISLE_MAX_ACTIONS], known[ISLE_MAX_ACTIONS] = { false };
  int32_t gains[ISLE_MAX_ACTIONS];

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
      if (gain_of (&state, &list, best, gains, known) > PLAIN_LOSS)
        return list.actions[best];
      for (int i = 0; i < list.n && !better; i++)
        better = isle_action_kind (list.actions[i]) == isle_action_kind (list.actions[best])
                 && gain_of (&state, &list, i, gains, known) >= 0;
      if (!better)
        return list.actions[best];
      skip[best] = true;
    }
}
