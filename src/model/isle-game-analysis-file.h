/* isle-game-analysis-file.h — a game's analysis (isle-game-analysis.h) as
 * the member "analysis" of its `.isle` file (doc/scenario-format.md,
 * "analysis"), for isle-saved-game.c: written for a game's history, read
 * against it. It knows both the analysis and the game, which know nothing
 * of files.
 */
#pragma once

#include "isle-game-analysis.h"
#include "isle-game.h"

G_BEGIN_DECLS

/* SELF as the file's "analysis" member for GAME: the judgements of GAME's
 * history (actions in text form), or a newer version's JSON unchanged. */
JsonNode         *isle_game_analysis_to_json    (const IsleGameAnalysis *self,
                                                 IsleGame                *game);
/* The "analysis" member NODE of the file NAME for GAME, its history
 * already played. A judgement whose action is not GAME's at its index is
 * left out; a newer version is kept whole. NULL when NODE is malformed:
 * then WARNING (if not NULL) gets every problem, one a line, "NAME:
 * analysis.decisions[2].before: expected …"; else it gets NULL. */
IsleGameAnalysis *isle_game_analysis_from_json  (JsonNode                *node,
                                                 IsleGame                *game,
                                                 const char              *name,
                                                 char                   **warning);

G_END_DECLS
