/* isle-builtin-player.h — an IsleAiPlayer for each built-in level (random,
 * greedy, ISMCTS), searching on a worker thread; the searching levels
 * also evaluate a position there (isle_ai_evaluate()). */
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

/* Whether SELF's level evaluates positions (Medium, Hard, Expert: ISMCTS;
 * isle_ai_evaluate()). */
gboolean isle_builtin_player_can_evaluate (IsleBuiltinPlayer *self);

/* Evaluates OBS for its observer, who must be to move, on a worker
 * thread, searching as choosing does from SEED (the player's own stream
 * of seeds is left alone, so its play does not change) within SECONDS
 * (0: the level's own budget) or until CANCELLABLE is cancelled. At the
 * deadline it gives what the search found by then; a cancelled one ends
 * with G_IO_ERROR_CANCELLED, a level that does not evaluate with
 * G_IO_ERROR_NOT_SUPPORTED. */
void isle_builtin_player_evaluate_async (IsleBuiltinPlayer *self, const IsleObservation *obs,
                                         guint64 seed, double seconds,
                                         GCancellable *cancellable,
                                         GAsyncReadyCallback callback, gpointer user_data);
/* The evaluation into *EVAL; FALSE and ERROR when there is none. */
gboolean isle_builtin_player_evaluate_finish (IsleBuiltinPlayer *self, GAsyncResult *result,
                                              IsleAiEvaluation *eval, GError **error);

G_END_DECLS
