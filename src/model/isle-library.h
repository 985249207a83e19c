/* isle-library.h — IsleLibrary: the games library, every game the person
 * finished or abandoned (IsleKeptGame, isle-kept-game.h), kept in an
 * SQLite database in the user data folder (isle_paths_library()).
 *
 * The app's library (isle_library_new()) opens, checks and migrates the
 * database on a writer thread of its own and writes there, one
 * transaction a write, in the order asked; "changed" says in the main
 * context it was made in that a write landed, "write-failed" that one did
 * not (the game in progress is the autosave's, never the library's). The
 * schema is versioned (PRAGMA user_version, ISLE_LIBRARY_SCHEMA) and
 * migrated forwards; the journal is a write-ahead log, so a process
 * killed while writing leaves every game written before.
 *
 * A file that is not a database or fails its check is moved aside (the
 * date and time in its new name), never deleted, and a new library is
 * begun; one of a newer schema, or that cannot be written, is read only;
 * one that cannot be opened at all leaves the library unavailable. Each
 * is said once, in "notice".
 *
 * Reading (isle_library_count(), _list(), _get()) is synchronous, on the
 * main thread, through a connection of its own that only reads; the
 * command line opens a library for reading alone
 * (isle_library_open_read_only()), which never writes a byte of it. */
#pragma once

#include <gio/gio.h>

#include "isle-kept-game.h"

G_BEGIN_DECLS

/* The schema this version writes; a file of a later one is read only. */
#define ISLE_LIBRARY_SCHEMA 2

#define ISLE_LIBRARY_ERROR (isle_library_error_quark ())
GQuark isle_library_error_quark (void);

typedef enum
{
  ISLE_LIBRARY_ERROR_DAMAGED,    /* not a database, or it fails its check */
  ISLE_LIBRARY_ERROR_NEWER,      /* of a schema this version does not write */
  ISLE_LIBRARY_ERROR_READ_ONLY,  /* a write to a library that only reads */
  ISLE_LIBRARY_ERROR_FAILED,     /* SQLite's own error, in its words */
  ISLE_LIBRARY_ERROR_NOT_FOUND,  /* no such game, or no such file */
} IsleLibraryError;

typedef enum
{
  ISLE_LIBRARY_OPENING,          /* not yet open: nothing is read yet */
  ISLE_LIBRARY_READY,            /* reads and writes */
  ISLE_LIBRARY_READ_ONLY,        /* newer, or cannot be written: reads */
  ISLE_LIBRARY_UNAVAILABLE,      /* could not be opened: nothing kept */
} IsleLibraryState;

/* Which games a listing or count takes: VARIANT (-1 any), the opponent's
 * spec (NULL any), RESULT (-1 any); deleted games never. */
typedef struct
{
  int variant;
  const char *opponent;
  int result;
} IsleLibraryFilter;

#define ISLE_LIBRARY_FILTER_ALL ((IsleLibraryFilter) { -1, NULL, -1 })

#define ISLE_TYPE_LIBRARY (isle_library_get_type ())
G_DECLARE_FINAL_TYPE (IsleLibrary, isle_library, ISLE, LIBRARY, GObject)

/* The app's library at PATH, opened on its writer thread at once: "state"
 * leaves ISLE_LIBRARY_OPENING in the thread-default main context of the
 * caller (with "notice" set first when there is something to say). */
IsleLibrary     *isle_library_new             (const char    *path);
/* The library at PATH for reading only, opened here; NULL with ERROR when
 * it cannot be read (ISLE_LIBRARY_ERROR_NOT_FOUND when there is no file,
 * _DAMAGED when it is not a library). A newer one is read as far as this
 * version knows it, with "notice" saying so. */
IsleLibrary     *isle_library_open_read_only  (const char    *path,
                                               GError       **error);

const char      *isle_library_get_path        (IsleLibrary   *self);
IsleLibraryState isle_library_get_state       (IsleLibrary   *self);
/* What happened to the file, in sentences for the person, or NULL. */
const char      *isle_library_get_notice      (IsleLibrary   *self);

/* ---- writing (the app's library) ------------------------------------------ */

/* Keeps GAME: a new row, or the row of the same uid made anew (a game
 * finished again after an undo, its review made). */
void             isle_library_keep            (IsleLibrary   *self,
                                               IsleKeptGame  *game);
/* Deletes the game of row ID, or with DELETED FALSE brings it back (the
 * Undo of a toast); deleted games are gone for good when the library is
 * next opened. */
void             isle_library_set_deleted     (IsleLibrary   *self,
                                               gint64         id,
                                               gboolean       deleted);
/* Returns once every write asked before has landed or failed; FALSE with
 * ERROR, the last failure, when one failed. */
gboolean         isle_library_flush           (IsleLibrary   *self,
                                               GError       **error);

/* ---- reading ------------------------------------------------------------------ */

/* How many games FILTER takes (NULL: all); 0 while opening or
 * unavailable. */
guint            isle_library_count           (IsleLibrary             *self,
                                               const IsleLibraryFilter *filter,
                                               GError                 **error);
/* At most LIMIT of those games from the OFFSET-th, newest first (NEWEST
 * FALSE: oldest first), without their records: an array of IsleKeptGame,
 * empty while opening or unavailable; NULL with ERROR when reading
 * fails. */
GPtrArray       *isle_library_list            (IsleLibrary             *self,
                                               const IsleLibraryFilter *filter,
                                               gboolean                 newest,
                                               guint                    offset,
                                               guint                    limit,
                                               GError                 **error);
/* The game of row ID whole, its record included. */
IsleKeptGame    *isle_library_get             (IsleLibrary   *self,
                                               gint64         id,
                                               GError       **error);

/* ---- ratings (issue 30) ----------------------------------------------------- */

/* One rated game as the ratings keep it: its game's row (0 when that game
 * was deleted), when it ended, the opponent's spec and what it did to the
 * rating. Ratings outlive the games deleted from the list. */
typedef struct
{
  gint64 game_id;
  gint64 ended;
  char opponent[64];
  IsleKeptRating rating;
} IsleRatedGame;

/* The person's rating in VARIANT: FALSE when no rated game of it is kept
 * (or nothing can be read); else *RATING the rating after the last one,
 * *GAMES how many, *BEST the highest reached (any may be NULL). */
gboolean         isle_library_get_rating      (IsleLibrary   *self,
                                               IsleVariant    variant,
                                               double        *rating,
                                               guint         *games,
                                               double        *best,
                                               GError       **error);
/* The last LIMIT rated games of VARIANT, oldest first: an array of
 * IsleRatedGame (empty while opening or unavailable); NULL with ERROR
 * when reading fails. */
GArray          *isle_library_list_ratings    (IsleLibrary   *self,
                                               IsleVariant    variant,
                                               guint          limit,
                                               GError       **error);

G_END_DECLS
