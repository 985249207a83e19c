/* isle-old-saved-game.h — the older saved game format ("format":
 * "critter-isle-game", doc/saved-game-format.md), read only.
 *
 * Saved games are written as scenarios with a history now
 * (doc/scenario-format.md); files of the older format are still read, into
 * a plain value that isle-scenario.c turns into a scenario and
 * isle-saved-game.c into a game. Reading checks every field and replays
 * every action through the engine; a file with any fault is refused with a
 * message naming the file and the field, never half read.
 *
 * Below IsleScenario and IsleGame: it knows neither.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "isle-game-setup.h"
#include "isle-json.h"
#include "isle-state.h"

G_BEGIN_DECLS

/* The "format" and "version" of the files read here. */
#define ISLE_OLD_SAVED_GAME_FORMAT "critter-isle-game"
#define ISLE_OLD_SAVED_GAME_VERSION 1

#define ISLE_OLD_SAVED_GAME_ERROR (isle_old_saved_game_error_quark ())
GQuark isle_old_saved_game_error_quark (void);

/* The same cases as IsleSavedGameError (isle-saved-game.h). */
typedef enum
{
  ISLE_OLD_SAVED_GAME_ERROR_PARSE,    /* not a JSON object */
  ISLE_OLD_SAVED_GAME_ERROR_FORMAT,   /* not a saved game, or a newer version */
  ISLE_OLD_SAVED_GAME_ERROR_FIELD,    /* a field is missing, mistyped or out of range */
  ISLE_OLD_SAVED_GAME_ERROR_RULES,    /* the "rules" object is not valid rules */
  ISLE_OLD_SAVED_GAME_ERROR_ACTION,   /* an action does not parse or is not legal */
} IsleOldSavedGameError;

/* What a file of the older format holds, checked. */
typedef struct
{
  /* The variant, the first seat, the full rules, and the players as the
   * file names them ("engine:…" and "plugin:…" too: whoever starts a game
   * from them puts the built-in stand-ins in their place). */
  IsleGameSetup setup;
  guint64 seed;
  /* Every recorded action, the redo tail included, and the same in the
   * text form isle_action_format() writes (NULL-terminated). */
  guint n_actions;
  IsleAction *actions;
  char **texts;
  guint position;   /* how many of them are applied */
  char *saved;      /* "saved" (ISO 8601), or NULL */
} IsleOldSavedGame;

/* Reads ROOT, the parsed text of a file NAME (used in messages), into
 * GAME. FALSE with ERROR ("NAME: actions[12]: …") at the first
 * problem; GAME is then left empty. Clear GAME after either. */
gboolean isle_old_saved_game_read  (JsonNode          *root,
                                    const char        *name,
                                    IsleOldSavedGame  *game,
                                    GError           **error);
/* The same, read by R (the one reader of JSON fields, isle-json.h): its
 * problems R's, each with its code (IsleOldSavedGameError), so a scenario
 * names the field of an old file as it names its own. */
gboolean isle_old_saved_game_read_with (IsleJsonReader    *r,
                                        JsonNode          *root,
                                        IsleOldSavedGame  *game);
void     isle_old_saved_game_clear (IsleOldSavedGame  *game);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IsleOldSavedGame, isle_old_saved_game_clear)

G_END_DECLS
