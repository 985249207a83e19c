/* isle-saved-game.h — saved games: a game in progress written to a `.isle`
 * file (JSON, "format": "critter-isle-game", MIME application/x-critter-isle)
 * and read back by replaying its moves through the engine.
 *
 * The format is documented in doc/saved-game-format.md. A file holds the
 * setup (variant, seed, first seat, players, the full rules), every recorded
 * action in text form (the redo tail included) and the position. Loading
 * checks every field and every action's legality; a file with any fault is
 * refused with a message naming the file and the field, never half loaded.
 */
#pragma once

#include <gio/gio.h>

#include "isle-game.h"

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

/* The "format" and "version" fields this code writes and reads. */
#define ISLE_SAVED_GAME_FORMAT "critter-isle-game"
#define ISLE_SAVED_GAME_VERSION 1

/* The environment variable that, when set, replaces the autosave path. */
#define ISLE_SAVED_GAME_AUTOSAVE_ENV "CRITTER_ISLE_AUTOSAVE"

/* GAME as the text of a saved game file (UTF-8 JSON, ending in a newline).
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
 * ("game.isle: field “actions[12]”: …"). */
IsleGame *isle_saved_game_load      (const char  *path,
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

/* Where the game in progress is kept between runs:
 * $XDG_DATA_HOME/critter-isle/autosave.isle, or $CRITTER_ISLE_AUTOSAVE when
 * that is set and not empty. */
char     *isle_saved_game_autosave_path (void);

G_END_DECLS
