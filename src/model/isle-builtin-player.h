/* isle-builtin-player.h — an IsleAiPlayer for each built-in level (random,
 * greedy, ISMCTS), searching on a worker thread. */
#pragma once

#include "isle-ai-player.h"
#include "isle-ai.h"

G_BEGIN_DECLS

#define ISLE_TYPE_BUILTIN_PLAYER (isle_builtin_player_get_type ())
G_DECLARE_FINAL_TYPE (IsleBuiltinPlayer, isle_builtin_player, ISLE, BUILTIN_PLAYER, GObject)

/* A player for the level ID ("expert", or an old id: "ismcts:hard"), or
 * NULL if there is none; its id is the level's ("expert").
 * SEED starts the stream of its searches' seeds. */
IsleAiPlayer *isle_builtin_player_new (const char *id, guint64 seed);
/* A player for LEVEL, a copy of a level of the registry with its budget
 * (IslePlayerSpec's budgeted), named ID ("expert@3.6s"). */
IsleAiPlayer *isle_builtin_player_new_for_level (const IsleAiLevel *level, const char *id,
                                                 guint64 seed);

G_END_DECLS
