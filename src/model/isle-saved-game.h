/* isle-saved-game.h — saved games: a game in progress written to a `.isle`
 * file (MIME application/x-critter-isle) and read back by replaying its
 * moves through the engine.
 *
 * A saved game is written as a scenario with a history
 * (doc/scenario-format.md: "format": "critter-isle", "version": 1, that
 * is ISLE_SCENARIO_FORMAT and ISLE_SCENARIO_VERSION); files of the older
 * format ("critter-isle-game", ISLE_OLD_SAVED_GAME_FORMAT,
 * doc/saved-game-format.md) are still read, never written, and so are
 * the records `critter-isle-cli play --json` writes (isle-game-record.h:
 * "critter-isle-game-record"), their game replayed to its end.
 * Loading checks every field and every action's legality; a file with any
 * fault is refused with a message naming the file and the field, never
 * half loaded. The one exception is the review kept with the game (the
 * member "analysis", isle-game-analysis.h): a malformed one is dropped and
 * the game opens, with a warning for the caller (the *_with_warning()
 * loaders); one of a newer version is kept and written back unchanged.
 *
 * Saved games know both IsleScenario and IsleGame; neither knows saved
 * games, and a scenario knows no game.
 */
#pragma once

#include <gio/gio.h>

#include "isle-game.h"
#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_SAVED_GAME_ERROR (isle_saved_game_error_quark ())
GQuark isle_saved_game_error_quark (void);

typedef enum
{
  ISLE_SAVED_GAME_ERROR_PARSE,    /* not JSON, or not a JSON object */
  ISLE_SAVED_GAME_ERROR_FORMAT,   /* not a saved game, or a newer version */
  ISLE_SAVED_GAME_ERROR_FIELD,    /* a field is missing, mistyped or out of range */
  ISLE_SAVED_GAME_ERROR_RULES,    /* the "rules" object is not valid rules */
  ISLE_SAVED_GAME_ERROR_ACTION,   /* an action does not parse or is not legal */
} IsleSavedGameError;

/* A scenario of GAME as it stands: its scenario (or its setup), its
 * players (engine and plugin seats as stand-ins), its history and
 * position, saved now (isle_scenario_set_game()), and its analysis. What
 * isle_saved_game_to_data() writes. */
IsleScenario *isle_saved_game_to_scenario (IsleGame *game);

/* GAME as the text of a saved game file (UTF-8 JSON, ending in a newline),
 * its analysis included unless the file would then be too large to open.
 * NULL with ERROR set only if an action cannot be written back (a bug). */
char     *isle_saved_game_to_data   (IsleGame    *game,
                                     gsize       *length,
                                     GError     **error);

/* Writes GAME to PATH atomically: a temporary file in PATH's directory,
 * synced, then renamed over PATH, so PATH holds either the old file or the
 * new one whatever happens. Creates PATH's directory if needed. */
gboolean  isle_saved_game_save      (IsleGame    *game,
                                     const char  *path,
                                     GError     **error);

/* Loads the saved game at PATH. Errors name PATH and the field
 * ("game.isle: actions[12]: …", as isle-json.h names fields). */
IsleGame *isle_saved_game_load      (const char  *path,
                                     GError     **error);
/* Same; WARNING (if not NULL) gets what was dropped to open the game
 * anyway, one problem a line naming PATH and the field ("game.isle:
 * analysis.decisions[3].before: expected a number from 0 to 1, got …"),
 * or NULL when nothing was. */
IsleGame *isle_saved_game_load_with_warning (const char  *path,
                                             char       **warning,
                                             GError     **error);

/* Loads PATH, or when it cannot be read, the backup the last save kept of
 * the file before (isle_backup_path(), PATH~). When the backup was used,
 * DAMAGE (if not NULL) gets why PATH could not be; NULL otherwise. NULL
 * with ERROR (PATH's problem) when neither loads. */
IsleGame *isle_saved_game_load_or_backup (const char  *path,
                                          char       **damage,
                                          GError     **error);

/* Same, from the file's text in memory (LENGTH -1: NUL-terminated); NAME
 * stands for the file in messages. */
IsleGame *isle_saved_game_load_data (const char  *data,
                                     gssize       length,
                                     const char  *name,
                                     GError     **error);
IsleGame *isle_saved_game_load_data_with_warning (const char  *data,
                                                  gssize       length,
                                                  const char  *name,
                                                  char       **warning,
                                                  GError     **error);

G_END_DECLS
