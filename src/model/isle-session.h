/* isle-session.h — IsleSession: what outlives the windows of one run of
 * the app. IsleApplication makes it; each game window holds it and shows
 * what it says (gnome-text-editor's EditorSession is the model). It owns
 *
 * - the autosave of the game in progress: read in a worker thread when
 *   the session loads, written off the main thread after every decision
 *   (IsleSaver). A damaged autosave, or one a newer Critter Isle wrote, is
 *   never deleted nor overwritten: the next save moves it aside to
 *   PATH.damaged, and "load-notice" explains;
 * - the puzzle collection (isle-puzzles.h) and the player's progress:
 *   a puzzle whose goal was met is solved, or helped when a move hint
 *   (isle_match_get_hints_used()) showed the way.
 *
 * - the games library (isle-library.h, opened by
 *   isle_session_open_library()): a game is kept there when a decision
 *   ends it (not when a finished game is opened), again when its review
 *   changes, and as abandoned when the person leaves it unfinished for
 *   another (isle_session_abandon()); puzzles are not kept there. What
 *   happened to a damaged, newer or unwritable library file is said once
 *   in "library-notice"; a failed write by "save-failed", once until a
 *   write lands. The game in progress is named in the settings, so that
 *   Continue keeps it under the same name.
 *
 * - the person's rating per two-seat variant (issue 30): a rated game
 *   (isle_session_make_rated()) that ends, or is abandoned (a loss),
 *   moves it (isle-rating.h), kept in the library's ratings with the
 *   game; "ratings-changed" says so.
 *
 * No GTK: it is tested without a display. */
#pragma once

#include <gio/gio.h>

#include "isle-game.h"
#include "isle-library.h"
#include "isle-puzzles.h"

G_BEGIN_DECLS

#define ISLE_TYPE_SESSION (isle_session_get_type ())
G_DECLARE_FINAL_TYPE (IsleSession, isle_session, ISLE, SESSION, GObject)

typedef enum
{
  ISLE_PUZZLE_UNSOLVED,
  ISLE_PUZZLE_HELPED,          /* its goal met, with a move hint */
  ISLE_PUZZLE_SOLVED,          /* its goal met unaided */
} IslePuzzleProgress;

/* A session keeping its progress in SETTINGS (the app's schema) and the
 * game in progress at AUTOSAVE (isle_paths_autosave() for the app). */
IsleSession  *isle_session_new               (GSettings    *settings,
                                              const char   *autosave);
GSettings    *isle_session_get_settings      (IsleSession  *self);

/* ---- the game in progress ---------------------------------------------- */

const char   *isle_session_get_autosave_path (IsleSession  *self);
/* Reads the autosave in a worker thread (the first call; later ones do
 * nothing). When it is read, "loaded" turns TRUE, with "waiting-game" and
 * "load-notice" set first. */
void          isle_session_load              (IsleSession  *self);
gboolean      isle_session_get_loaded        (IsleSession  *self);
/* "waiting-game": the unfinished game the autosave held when it was read
 * (its backup's when it was damaged), or NULL. */
IsleGame     *isle_session_get_waiting_game  (IsleSession  *self);
/* "load-notice": why the autosave could not be read, in a sentence for
 * the player, or NULL. */
const char   *isle_session_get_load_notice   (IsleSession  *self);
/* Writes GAME to the autosave in a worker thread, the newest game last. A
 * failure is told by "save-failed" (MESSAGE). */
void          isle_session_save              (IsleSession  *self,
                                              IsleGame     *game);
/* Returns once every game given to isle_session_save() is written. */
gboolean      isle_session_flush             (IsleSession  *self,
                                              GError      **error);
/* The game in progress read again, once the saves waiting are written
 * (Continue); its backup when the autosave is damaged. */
IsleGame     *isle_session_resume            (IsleSession  *self,
                                              GError      **error);
/* A saved game names only built-in players (a shared file never starts a
 * program): the game in progress's players are remembered in the
 * settings, plugins and engines too, and put back in SETUP (when their
 * stand-ins are the ones it has) by isle_session_restore_players(), which
 * says whether it changed SETUP. */
void          isle_session_remember_players  (IsleSession  *self,
                                              const IsleGameSetup *setup);
gboolean      isle_session_restore_players   (IsleSession  *self,
                                              IsleGameSetup *setup);

/* ---- the games library -------------------------------------------------- */

/* Opens the games library at PATH (isle_paths_library() for the app), on
 * the library's own thread; once. Without it no game is kept. */
void          isle_session_open_library      (IsleSession  *self,
                                              const char   *path);
/* The library, or NULL before isle_session_open_library(). */
IsleLibrary  *isle_session_get_library       (IsleSession  *self);
/* "library-notice": what happened to a library file that could not be
 * used as it was, in sentences for the player, or NULL. */
const char   *isle_session_get_library_notice (IsleSession *self);
/* The game of KEPT (read whole, isle_library_get()) to play back:
 * under its name, so that a review made of it is kept with it, in its
 * place. NULL with ERROR when its record does not load. */
IsleGame     *isle_session_open_kept         (IsleSession  *self,
                                              IsleKeptGame *kept,
                                              GError      **error);
/* The notice, the first time it is asked for once there is one (the
 * first window to show it says it; the others do not say it again);
 * NULL after, or while there is none. */
const char   *isle_session_take_library_notice (IsleSession *self);
/* Keeps GAME, a finished game opened from a file (Import), under a new
 * name, as played now (a saved game does not say when it was); FALSE
 * with ERROR, in a sentence for the person, for a game not finished, a
 * puzzle, or a library that cannot be written. */
gboolean      isle_session_import            (IsleSession  *self,
                                              IsleGame     *game,
                                              GError      **error);
/* GAME, unfinished, is left for another game: kept as abandoned (not a
 * game finished once and taken back, nor one not begun). */
void          isle_session_abandon           (IsleSession  *self,
                                              IsleGame     *game);

/* ---- ratings --------------------------------------------------------------- */

/* The person's rating in VARIANT: FALSE before their first rated game of
 * it (then *RATING and *BEST are ISLE_RATING_DEFAULT); *GAMES the rated
 * games played. Any pointer may be NULL. */
gboolean      isle_session_get_rating        (IsleSession  *self,
                                              IsleVariant   variant,
                                              double       *rating,
                                              guint        *games,
                                              double       *best);
/* Rated games can be played: the library can be written. */
gboolean      isle_session_can_rate          (IsleSession  *self);
/* Makes SETUP (its variant and rules chosen) a rated game: against the
 * strength nearest the person's rating (START_RATING, or
 * ISLE_RATING_DEFAULT when 0, before their first rated game of the
 * variant), their seat drawn at random. FALSE for the team game. */
gboolean      isle_session_make_rated        (IsleSession  *self,
                                              IsleGameSetup *setup,
                                              int           start_rating);
/* The last LIMIT rated games of VARIANT, oldest first: an array of
 * IsleRatedGame (isle-library.h), empty without a library. */
GArray       *isle_session_list_ratings      (IsleSession  *self,
                                              IsleVariant   variant,
                                              guint         limit);

/* ---- puzzles ------------------------------------------------------------ */

/* Lists the puzzles again (the player's folder may have changed): an
 * array of IslePuzzle, kept until the next listing. */
GPtrArray    *isle_session_list_puzzles      (IsleSession  *self);
/* As last listed, or NULL. */
GPtrArray    *isle_session_get_puzzles       (IsleSession  *self);
IslePuzzleProgress isle_session_get_progress (IsleSession  *self,
                                              const char   *id);
/* The goal of puzzle ID was met, HELPED by a move hint or not. A solve is
 * never lowered to helped; a helped puzzle solved again unaided is solved. */
void          isle_session_record_puzzle     (IsleSession  *self,
                                              const char   *id,
                                              gboolean      helped);

G_END_DECLS
