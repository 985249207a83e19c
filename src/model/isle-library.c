/* isle-library.c — the games library in SQLite (isle-library.h). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "isle-library.h"

/* How long a statement waits for another connection's lock (the command
 * line reading, a checkpoint) before it fails, in milliseconds. */
#define BUSY_MS 5000

/* Each schema from the one before: MIGRATIONS[V] takes a library of
 * schema V to V + 1, inside the transaction that sets user_version. */
static const char *const migrations[ISLE_LIBRARY_SCHEMA] = {
  /* 0 → 1: the games. */
  "CREATE TABLE games ("
  " id INTEGER PRIMARY KEY,"
  " uid TEXT NOT NULL UNIQUE,"        /* the session's name of the game */
  " started INTEGER NOT NULL,"        /* Unix seconds */
  " ended INTEGER NOT NULL,"
  " variant TEXT NOT NULL,"           /* isle_variant_id() */
  " rules TEXT NOT NULL,"             /* JSON, isle-rules-json.h */
  " players TEXT NOT NULL,"           /* JSON array: a player spec a seat */
  " person_side INTEGER,"             /* 0 Red, 1 Blue; NULL none */
  " opponent TEXT NOT NULL,"          /* a player spec */
  " result TEXT NOT NULL,"            /* isle_kept_result_id() */
  " red_points INTEGER NOT NULL,"
  " blue_points INTEGER NOT NULL,"
  " red_coins INTEGER,"               /* NULL without coins */
  " blue_coins INTEGER,"
  " rounds TEXT NOT NULL,"            /* isle_kept_rounds_to_json() */
  " decisions INTEGER NOT NULL,"
  " rated INTEGER NOT NULL DEFAULT 0,"
  " reviewed INTEGER NOT NULL DEFAULT 0,"
  " record TEXT NOT NULL,"            /* the .isle saved game */
  " deleted INTEGER NOT NULL DEFAULT 0"
  ");"
  "CREATE INDEX games_by_end ON games (ended, id);",
  /* 1 → 2: the ratings, a row per rated game (issue 30), kept apart from
   * the games so that deleting a game does not rewrite the rating. */
  "CREATE TABLE ratings ("
  " id INTEGER PRIMARY KEY,"
  " game_uid TEXT NOT NULL UNIQUE,"   /* games.uid */
  " variant TEXT NOT NULL,"           /* isle_variant_id() */
  " ended INTEGER NOT NULL,"          /* Unix seconds */
  " opponent TEXT NOT NULL,"          /* a player spec */
  " opponent_elo INTEGER NOT NULL,"
  " score REAL NOT NULL,"             /* 1 won, 0.5 drawn, 0 lost */
  " rating_before REAL NOT NULL,"
  " rating_after REAL NOT NULL"
  ");"
  "CREATE INDEX ratings_by_variant ON ratings (variant, id);",
};

/* The columns a listing reads (the record apart). */
#define COLUMNS "id, uid, started, ended, variant, players, person_side, opponent, result," \
                " red_points, blue_points, red_coins, blue_coins, rounds, decisions, rated," \
                " reviewed, rules"

struct _IsleLibrary
{
  GObject parent_instance;

  char *path;
  GMainContext *context;        /* where "changed" and the state are told */

  /* The main thread's: set there when the writer has opened the file. */
  IsleLibraryState state;
  char *notice;
  sqlite3 *reader;

  /* The writer thread's own. */
  GThreadPool *writer;
  sqlite3 *db;

  /* Guarded by LOCK: writes asked and not yet done, the last failure,
   * and whether the library is being finalized (the writes still asked
   * land, with no one left to tell). */
  GMutex lock;
  GCond idle;
  guint pending;
  GError *failure;
  gboolean closing;
};

G_DEFINE_FINAL_TYPE (IsleLibrary, isle_library, G_TYPE_OBJECT)

G_DEFINE_QUARK (isle-library-error-quark, isle_library_error)

enum
{
  PROP_0,
  PROP_STATE,
  PROP_NOTICE,
  N_PROPS
};

enum
{
  CHANGED,
  WRITE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- SQLite's errors in ours ---------------------------------------------- */

static gboolean
set_sqlite_error (GError **error, sqlite3 *db, int rc)
{
  int code = ISLE_LIBRARY_ERROR_FAILED;

  if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
    code = ISLE_LIBRARY_ERROR_DAMAGED;
  else if ((rc & 0xff) == SQLITE_READONLY)
    code = ISLE_LIBRARY_ERROR_READ_ONLY;
  g_set_error_literal (error, ISLE_LIBRARY_ERROR, code,
                       db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
  return FALSE;
}

static gboolean
exec (sqlite3 *db, const char *sql, GError **error)
{
  int rc = sqlite3_exec (db, sql, NULL, NULL, NULL);

  return rc == SQLITE_OK || set_sqlite_error (error, db, rc);
}

/* The single integer SQL gives, or -1 with ERROR. */
static gint64
query_int (sqlite3 *db, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = -1;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  else
    set_sqlite_error (error, db, rc);
  sqlite3_finalize (stmt);
  return value;
}

/* "ok" from SQLite's quick check, or ERROR (damaged) with its first
 * complaint. */
static gboolean
check (sqlite3 *db, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check(1)", -1, &stmt, NULL);
  gboolean ok = FALSE;

  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW && g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0)
    ok = TRUE;
  else if (rc == SQLITE_ROW)
    g_set_error_literal (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_DAMAGED,
                         (const char *) sqlite3_column_text (stmt, 0));
  else
    set_sqlite_error (error, db, rc);
  sqlite3_finalize (stmt);
  return ok;
}

/* ---- opening ---------------------------------------------------------------- */

static sqlite3 *
open_db (const char *path, int flags, GError **error)
{
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (path, &db, flags | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc);
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_busy_timeout (db, BUSY_MS);
  return db;
}

/* A reading connection to PATH: an ordinary one, or where that cannot be
 * (a library in WAL mode whose folder cannot be written, so the shared
 * memory file cannot be made), one that takes the file as it is. */
static sqlite3 *
open_reader (const char *path, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *uri = NULL;
  sqlite3 *db = open_db (path, SQLITE_OPEN_READONLY, &local_error);

  if (db != NULL && query_int (db, "PRAGMA user_version", &local_error) >= 0)
    return db;
  sqlite3_close (db);
  if (g_error_matches (local_error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_DAMAGED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  g_clear_error (&local_error);
  uri = g_filename_to_uri (path, NULL, NULL);
  if (uri == NULL)
    return open_db (path, SQLITE_OPEN_READONLY, error);
  {
    g_autofree char *immutable = g_strconcat (uri, "?immutable=1", NULL);

    return open_db (immutable, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, error);
  }
}

/* The damaged file at PATH (and its journal and shared memory) moved
 * aside as PATH's name with "damaged" and the date: the new name's base
 * name, or NULL with ERROR. */
static char *
move_aside (const char *path, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_autofree char *stem = dot != NULL ? g_strndup (base, dot - base) : g_strdup (base);
  g_autofree char *aside_name = g_strdup_printf ("%s-damaged-%s%s", stem, stamp, dot != NULL ? dot : "");
  g_autofree char *aside = g_build_filename (dir, aside_name, NULL);
  static const char *const companions[] = { "-wal", "-shm", "-journal" };

  for (int n = 2; g_file_test (aside, G_FILE_TEST_EXISTS); n++)
    {
      g_free (aside_name);
      g_free (aside);
      aside_name = g_strdup_printf ("%s-damaged-%s-%d%s", stem, stamp, n, dot != NULL ? dot : "");
      aside = g_build_filename (dir, aside_name, NULL);
    }
  if (g_rename (path, aside) != 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("“%s” could not be moved aside: %s"), name, g_strerror (saved));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (companions); i++)
    {
      g_autofree char *from = g_strconcat (path, companions[i], NULL);
      g_autofree char *to = g_strconcat (aside, companions[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return g_filename_display_name (aside_name);
}

/* Takes DB to ISLE_LIBRARY_SCHEMA, one transaction. */
static gboolean
migrate (sqlite3 *db, gint64 version, GError **error)
{
  g_autofree char *set = g_strdup_printf ("PRAGMA user_version = %d", ISLE_LIBRARY_SCHEMA);

  if (version >= ISLE_LIBRARY_SCHEMA)
    return TRUE;
  if (!exec (db, "BEGIN IMMEDIATE", error))
    return FALSE;
  for (gint64 v = version; v < ISLE_LIBRARY_SCHEMA; v++)
    if (!exec (db, migrations[v], error))
      {
        exec (db, "ROLLBACK", NULL);
        return FALSE;
      }
  if (!exec (db, set, error) || !exec (db, "COMMIT", error))
    {
      exec (db, "ROLLBACK", NULL);
      return FALSE;
    }
  return TRUE;
}

typedef enum
{
  OPENED,
  OPENED_READ_ONLY,
  OPENED_NEWER,
  NOT_OPENED,
} Opened;

/* Opens PATH for writing as *DB, checked and migrated; deleted games
 * purged. What stops it is in ERROR: DAMAGED (the file should be moved
 * aside), NEWER or READ_ONLY (*DB NULL, read it only), else FAILED. */
static Opened
open_writer (const char *path, sqlite3 **db_out, GError **error)
{
  sqlite3 *db;
  gint64 version;

  *db_out = NULL;
  db = open_db (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
  if (db == NULL)
    return NOT_OPENED;
  if ((version = query_int (db, "PRAGMA user_version", error)) < 0 || !check (db, error))
    {
      sqlite3_close (db);
      return NOT_OPENED;
    }
  if (version > ISLE_LIBRARY_SCHEMA)
    {
      sqlite3_close (db);
      return OPENED_NEWER;
    }
  if (sqlite3_db_readonly (db, "main") == 1)
    {
      sqlite3_close (db);
      g_set_error_literal (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_READ_ONLY, g_strerror (EACCES));
      return OPENED_READ_ONLY;
    }
  if (!exec (db, "PRAGMA journal_mode = WAL", error)
      || !exec (db, "PRAGMA synchronous = NORMAL", error)
      || !migrate (db, version, error)
      || !exec (db, "DELETE FROM games WHERE deleted != 0", error))
    {
      sqlite3_close (db);
      if (g_error_matches (*error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_READ_ONLY) && version == ISLE_LIBRARY_SCHEMA)
        return OPENED_READ_ONLY;
      return NOT_OPENED;
    }
  *db_out = db;
  return OPENED;
}

/* ---- the writer thread ----------------------------------------------------- */

typedef enum
{
  JOB_OPEN,
  JOB_KEEP,
  JOB_DELETE,
} JobKind;

typedef struct
{
  JobKind kind;
  IsleKeptGame *game;
  gint64 id;
  gboolean deleted;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->game);
  g_free (job);
}

/* What the main context hears from the writer. */
typedef struct
{
  GWeakRef self;
  gboolean opened;             /* the file is open: STATE, NOTICE, READER */
  IsleLibraryState state;
  char *notice;
  sqlite3 *reader;
  gboolean changed;
  char *failure;               /* a write failed: why, for the person */
  gboolean nobody;             /* the library is being finalized */
} Told;

static void
told_free (Told *told)
{
  g_weak_ref_clear (&told->self);
  g_free (told->notice);
  if (told->reader != NULL)
    sqlite3_close (told->reader);
  g_free (told->failure);
  g_free (told);
}

static gboolean
tell_in_main (gpointer data)
{
  Told *told = data;
  g_autoptr (IsleLibrary) self = g_weak_ref_get (&told->self);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  if (told->opened)
    {
      self->state = told->state;
      self->notice = g_steal_pointer (&told->notice);
      self->reader = g_steal_pointer (&told->reader);
      if (self->notice != NULL)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTICE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
  if (told->failure != NULL)
    g_signal_emit (self, signals[WRITE_FAILED], 0, told->failure);
  if (told->changed)
    g_signal_emit (self, signals[CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static Told *
told_new (IsleLibrary *self)
{
  Told *told = g_new0 (Told, 1);

  g_mutex_lock (&self->lock);
  told->nobody = self->closing;
  g_mutex_unlock (&self->lock);
  /* A weak reference to an object being finalized is refused (GLib 2.84
   * says so in a critical): a write landing then tells no one. */
  g_weak_ref_init (&told->self, told->nobody ? NULL : self);
  return told;
}

/* Hands TOLD to the main context, always through a source of its own
 * (g_main_context_invoke() would run it here when no thread holds the
 * context). */
static void
tell (IsleLibrary *self, Told *told)
{
  g_autoptr (GSource) source = NULL;

  if (told->nobody)
    {
      told_free (told);
      return;
    }
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, tell_in_main, told, (GDestroyNotify) told_free);
  g_source_set_static_name (source, "[isle] library");
  g_source_attach (source, self->context);
}

/* On the writer thread: opens the file into SELF->db, and says in TOLD
 * what the main thread is to know. */
static void
do_open (IsleLibrary *self, Told *told)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *name = g_filename_display_name (self->path);
  Opened opened;

  g_mkdir_with_parents (dir, 0700);
  opened = open_writer (self->path, &self->db, &error);
  if (opened == NOT_OPENED && g_error_matches (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_DAMAGED))
    {
      g_autoptr (GError) move_error = NULL;
      g_autofree char *aside = move_aside (self->path, &move_error);

      if (aside != NULL)
        {
          g_clear_error (&error);
          opened = open_writer (self->path, &self->db, &error);
          if (opened == OPENED)
            told->notice = g_strdup_printf (_("Your games library could not be read: the file was damaged. "
                                              "It is kept as “%s” beside the new library begun in its place, "
                                              "which keeps the games you play from now on."), aside);
        }
      else
        {
          told->state = ISLE_LIBRARY_UNAVAILABLE;
          told->notice = g_strdup_printf (_("Your games library could not be read: the file was damaged. "
                                            "%s. The games you play now are not kept."), move_error->message);
          return;
        }
    }
  /* A file that cannot be written may still be read: a library in a
   * folder that only reads cannot even be opened for writing. */
  if (opened == NOT_OPENED && g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      told->reader = open_reader (self->path, NULL);
      if (told->reader != NULL)
        {
          gint64 version = query_int (told->reader, "PRAGMA user_version", NULL);

          opened = version > ISLE_LIBRARY_SCHEMA ? OPENED_NEWER
                   : version == ISLE_LIBRARY_SCHEMA ? OPENED_READ_ONLY : NOT_OPENED;
          if (opened == NOT_OPENED)
            g_clear_pointer (&told->reader, sqlite3_close);
        }
    }
  switch (opened)
    {
    case OPENED:
      told->state = ISLE_LIBRARY_READY;
      break;
    case OPENED_NEWER:
      told->state = ISLE_LIBRARY_READ_ONLY;
      told->notice = g_strdup (_("Your games library was written by a newer version of Critter Isle. "
                                 "Your games can be looked through, but the games you play now are not kept "
                                 "until Critter Isle is updated."));
      break;
    case OPENED_READ_ONLY:
      told->state = ISLE_LIBRARY_READ_ONLY;
      told->notice = g_strdup_printf (_("Your games library “%s” cannot be written (%s). "
                                        "Your games can be looked through, but the games you play now are not kept."),
                                      name, error != NULL ? error->message : g_strerror (EROFS));
      break;
    case NOT_OPENED:
    default:
      told->state = ISLE_LIBRARY_UNAVAILABLE;
      told->notice = g_strdup_printf (_("Your games library “%s” could not be opened (%s), so the games you play "
                                        "now are not kept. The game in progress is saved as always."),
                                      name, error != NULL ? error->message : g_strerror (EIO));
      return;
    }
  if (told->reader == NULL)
    told->reader = open_reader (self->path, NULL);
  if (told->reader == NULL)
    told->state = ISLE_LIBRARY_UNAVAILABLE;
}

static gboolean
do_keep (IsleLibrary *self, IsleKeptGame *game, GError **error)
{
  static const char sql[] =
    "INSERT INTO games (uid, started, ended, variant, rules, players, person_side, opponent, result,"
    " red_points, blue_points, red_coins, blue_coins, rounds, decisions, rated, reviewed, record)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"
    " ON CONFLICT (uid) DO UPDATE SET ended = excluded.ended, variant = excluded.variant,"
    " rules = excluded.rules, players = excluded.players, person_side = excluded.person_side,"
    " opponent = excluded.opponent, result = excluded.result, red_points = excluded.red_points,"
    " blue_points = excluded.blue_points, red_coins = excluded.red_coins,"
    " blue_coins = excluded.blue_coins, rounds = excluded.rounds, decisions = excluded.decisions,"
    " rated = excluded.rated, reviewed = excluded.reviewed, record = excluded.record";
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) players_node = NULL;
  g_autofree char *players = NULL;
  g_autofree char *rounds = NULL;
  sqlite3_stmt *stmt = NULL;
  const char *const *specs = isle_kept_game_get_players (game);
  GArray *round_array = g_array_new (FALSE, TRUE, sizeof (IsleKeptRound));
  int rc;

  json_builder_begin_array (builder);
  for (int i = 0; specs[i] != NULL; i++)
    json_builder_add_string_value (builder, specs[i]);
  json_builder_end_array (builder);
  players_node = json_builder_get_root (builder);
  players = json_to_string (players_node, FALSE);
  for (guint i = 0; i < isle_kept_game_get_n_rounds (game); i++)
    g_array_append_val (round_array, *isle_kept_game_get_round (game, i));
  rounds = isle_kept_rounds_to_json (round_array);
  g_array_unref (round_array);

  if (!exec (self->db, "BEGIN IMMEDIATE", error))
    return FALSE;
  rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      int side = isle_kept_game_get_person_side (game);

      sqlite3_bind_text (stmt, 1, isle_kept_game_get_uid (game), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, isle_kept_game_get_started (game));
      sqlite3_bind_int64 (stmt, 3, isle_kept_game_get_ended (game));
      sqlite3_bind_text (stmt, 4, isle_variant_id (isle_kept_game_get_variant (game)), -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 5, isle_kept_game_get_rules (game) != NULL ? isle_kept_game_get_rules (game) : "{}", -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 6, players, -1, SQLITE_TRANSIENT);
      if (side >= 0)
        sqlite3_bind_int (stmt, 7, side);
      else
        sqlite3_bind_null (stmt, 7);
      sqlite3_bind_text (stmt, 8, isle_kept_game_get_opponent (game), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 9, isle_kept_result_id (isle_kept_game_get_result (game)), -1, SQLITE_STATIC);
      sqlite3_bind_int (stmt, 10, isle_kept_game_get_points (game, 0));
      sqlite3_bind_int (stmt, 11, isle_kept_game_get_points (game, 1));
      for (int s = 0; s < 2; s++)
        if (isle_kept_game_get_coins (game, s) >= 0)
          sqlite3_bind_int (stmt, 12 + s, isle_kept_game_get_coins (game, s));
        else
          sqlite3_bind_null (stmt, 12 + s);
      sqlite3_bind_text (stmt, 14, rounds, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 15, isle_kept_game_get_decisions (game));
      sqlite3_bind_int (stmt, 16, isle_kept_game_get_rated (game));
      sqlite3_bind_int (stmt, 17, isle_kept_game_get_reviewed (game));
      sqlite3_bind_text (stmt, 18, isle_kept_game_get_record (game) != NULL ? isle_kept_game_get_record (game) : "", -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  stmt = NULL;
  /* A rated game's rating, written once with the game. */
  if (rc == SQLITE_DONE && isle_kept_game_get_rating (game) != NULL)
    {
      const IsleKeptRating *rating = isle_kept_game_get_rating (game);

      rc = sqlite3_prepare_v2 (self->db,
                               "INSERT OR IGNORE INTO ratings (game_uid, variant, ended, opponent, opponent_elo,"
                               " score, rating_before, rating_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                               -1, &stmt, NULL);
      if (rc == SQLITE_OK)
        {
          sqlite3_bind_text (stmt, 1, isle_kept_game_get_uid (game), -1, SQLITE_TRANSIENT);
          sqlite3_bind_text (stmt, 2, isle_variant_id (isle_kept_game_get_variant (game)), -1, SQLITE_STATIC);
          sqlite3_bind_int64 (stmt, 3, isle_kept_game_get_ended (game));
          sqlite3_bind_text (stmt, 4, isle_kept_game_get_opponent (game), -1, SQLITE_TRANSIENT);
          sqlite3_bind_int (stmt, 5, rating->opponent_elo);
          sqlite3_bind_double (stmt, 6, rating->score);
          sqlite3_bind_double (stmt, 7, rating->before);
          sqlite3_bind_double (stmt, 8, rating->after);
          rc = sqlite3_step (stmt);
        }
      sqlite3_finalize (stmt);
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (error, self->db, rc);
      exec (self->db, "ROLLBACK", NULL);
      return FALSE;
    }
  if (!exec (self->db, "COMMIT", error))
    {
      exec (self->db, "ROLLBACK", NULL);
      return FALSE;
    }
  return TRUE;
}

static gboolean
do_delete (IsleLibrary *self, gint64 id, gboolean deleted, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "UPDATE games SET deleted = ?1 WHERE id = ?2", -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int (stmt, 1, deleted);
      sqlite3_bind_int64 (stmt, 2, id);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE || set_sqlite_error (error, self->db, rc);
}

static void
run_job (gpointer data, gpointer user_data)
{
  Job *job = data;
  IsleLibrary *self = user_data;
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;
  Told *told;

  switch (job->kind)
    {
    case JOB_OPEN:
      told = told_new (self);
      told->opened = TRUE;
      do_open (self, told);
      tell (self, told);
      break;
    case JOB_KEEP:
    case JOB_DELETE:
      if (self->db == NULL)
        {
          ok = FALSE;
          g_set_error_literal (&error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_READ_ONLY,
                               _("The games library cannot be written."));
        }
      else if (job->kind == JOB_KEEP)
        ok = do_keep (self, job->game, &error);
      else
        ok = do_delete (self, job->id, job->deleted, &error);
      told = told_new (self);
      told->changed = ok;
      if (!ok && self->db != NULL)
        told->failure = g_strdup_printf (_("A game could not be kept in your games library (%s). "
                                           "The game in progress is saved as always."), error->message);
      tell (self, told);
      break;
    }
  g_mutex_lock (&self->lock);
  if (!ok)
    {
      g_clear_error (&self->failure);
      self->failure = g_steal_pointer (&error);
    }
  self->pending--;
  g_cond_broadcast (&self->idle);
  g_mutex_unlock (&self->lock);
  job_free (job);
}

static void
push (IsleLibrary *self, Job *job)
{
  g_mutex_lock (&self->lock);
  self->pending++;
  g_mutex_unlock (&self->lock);
  g_thread_pool_push (self->writer, job, NULL);
}

/* ---- the object --------------------------------------------------------------- */

static void
isle_library_finalize (GObject *object)
{
  IsleLibrary *self = ISLE_LIBRARY (object);

  /* Every write asked lands first. */
  g_mutex_lock (&self->lock);
  self->closing = TRUE;
  g_mutex_unlock (&self->lock);
  if (self->writer != NULL)
    g_thread_pool_free (self->writer, FALSE, TRUE);
  if (self->db != NULL)
    sqlite3_close (self->db);
  if (self->reader != NULL)
    sqlite3_close (self->reader);
  g_clear_error (&self->failure);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->idle);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->notice);
  g_free (self->path);
  G_OBJECT_CLASS (isle_library_parent_class)->finalize (object);
}

static void
isle_library_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleLibrary *self = ISLE_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, isle_library_get_state (self));
      break;
    case PROP_NOTICE:
      g_value_set_string (value, isle_library_get_notice (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_library_class_init (IsleLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isle_library_finalize;
  object_class->get_property = isle_library_get_property;

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, ISLE_LIBRARY_OPENING, ISLE_LIBRARY_UNAVAILABLE, ISLE_LIBRARY_OPENING,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NOTICE] =
    g_param_spec_string ("notice", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A write landed: listings may have changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A write failed, MESSAGE says so to the person. */
  signals[WRITE_FAILED] = g_signal_new ("write-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
isle_library_init (IsleLibrary *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->idle);
  self->state = ISLE_LIBRARY_OPENING;
}

IsleLibrary *
isle_library_new (const char *path)
{
  IsleLibrary *self;
  Job *job;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (ISLE_TYPE_LIBRARY, NULL);
  self->path = g_strdup (path);
  self->context = g_main_context_ref_thread_default ();
  self->writer = g_thread_pool_new (run_job, self, 1, FALSE, NULL);
  job = g_new0 (Job, 1);
  job->kind = JOB_OPEN;
  push (self, job);
  return self;
}

IsleLibrary *
isle_library_open_read_only (const char *path, GError **error)
{
  g_autoptr (IsleLibrary) self = NULL;
  g_autoptr (GError) local_error = NULL;
  gint64 version = -1;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND,
                   _("There is no games library at “%s”."), name);
      return NULL;
    }
  self = g_object_new (ISLE_TYPE_LIBRARY, NULL);
  self->path = g_strdup (path);
  self->context = g_main_context_ref_thread_default ();
  self->reader = open_reader (path, &local_error);
  if (self->reader != NULL)
    version = query_int (self->reader, "PRAGMA user_version", &local_error);
  if (self->reader == NULL || version < 0)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, ISLE_LIBRARY_ERROR,
                   local_error->domain == ISLE_LIBRARY_ERROR ? local_error->code : ISLE_LIBRARY_ERROR_FAILED,
                   _("“%s” is not a games library that can be read: %s."), name, local_error->message);
      return NULL;
    }
  if (version == 0 && query_int (self->reader, "SELECT count(*) FROM sqlite_master WHERE name = 'games'", NULL) <= 0)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_DAMAGED,
                   _("“%s” is not a games library: it has no games."), name);
      return NULL;
    }
  if (version > ISLE_LIBRARY_SCHEMA)
    self->notice = g_strdup_printf (_("The games library was written by a newer version of Critter Isle "
                                      "(schema %ld; this one writes %d): what this version knows of it is shown."),
                                    (long) version, ISLE_LIBRARY_SCHEMA);
  self->state = ISLE_LIBRARY_READ_ONLY;
  return g_steal_pointer (&self);
}

const char *
isle_library_get_path (IsleLibrary *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY (self), NULL);
  return self->path;
}

IsleLibraryState
isle_library_get_state (IsleLibrary *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY (self), ISLE_LIBRARY_UNAVAILABLE);
  return self->state;
}

const char *
isle_library_get_notice (IsleLibrary *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY (self), NULL);
  return self->state == ISLE_LIBRARY_OPENING ? NULL : self->notice;
}

/* ---- writing ------------------------------------------------------------------- */

void
isle_library_keep (IsleLibrary *self, IsleKeptGame *game)
{
  Job *job;

  g_return_if_fail (ISLE_IS_LIBRARY (self));
  g_return_if_fail (ISLE_IS_KEPT_GAME (game));
  g_return_if_fail (self->writer != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_KEEP;
  job->game = g_object_ref (game);
  push (self, job);
}

void
isle_library_set_deleted (IsleLibrary *self, gint64 id, gboolean deleted)
{
  Job *job;

  g_return_if_fail (ISLE_IS_LIBRARY (self));
  g_return_if_fail (self->writer != NULL);

  job = g_new0 (Job, 1);
  job->kind = JOB_DELETE;
  job->id = id;
  job->deleted = deleted;
  push (self, job);
}

gboolean
isle_library_flush (IsleLibrary *self, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->idle, &self->lock);
  ok = self->failure == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&self->failure));
  g_mutex_unlock (&self->lock);
  return ok;
}

/* ---- reading ------------------------------------------------------------------- */

/* The filter as SQL after "WHERE", its values bound from ?1 on. */
static char *
filter_sql (const IsleLibraryFilter *filter)
{
  GString *sql = g_string_new ("deleted = 0");

  if (filter != NULL && filter->variant >= 0)
    g_string_append (sql, " AND variant = ?1");
  if (filter != NULL && filter->opponent != NULL)
    g_string_append (sql, " AND opponent = ?2");
  if (filter != NULL && filter->result >= 0)
    g_string_append (sql, " AND result = ?3");
  return g_string_free (sql, FALSE);
}

static void
bind_filter (sqlite3_stmt *stmt, const IsleLibraryFilter *filter)
{
  if (filter == NULL)
    return;
  if (filter->variant >= 0 && filter->variant < ISLE_N_VARIANTS)
    sqlite3_bind_text (stmt, 1, isle_variant_id (filter->variant), -1, SQLITE_STATIC);
  if (filter->opponent != NULL)
    sqlite3_bind_text (stmt, 2, filter->opponent, -1, SQLITE_TRANSIENT);
  if (filter->result >= 0 && filter->result < ISLE_KEPT_N_RESULTS)
    sqlite3_bind_text (stmt, 3, isle_kept_result_id (filter->result), -1, SQLITE_STATIC);
}

static gboolean
can_read (IsleLibrary *self)
{
  return self->reader != NULL
         && (self->state == ISLE_LIBRARY_READY || self->state == ISLE_LIBRARY_READ_ONLY);
}

guint
isle_library_count (IsleLibrary *self, const IsleLibraryFilter *filter, GError **error)
{
  g_autofree char *where = NULL;
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt = NULL;
  guint count = 0;
  int rc;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), 0);

  if (!can_read (self))
    return 0;
  where = filter_sql (filter);
  sql = g_strdup_printf ("SELECT count(*) FROM games WHERE %s", where);
  rc = sqlite3_prepare_v2 (self->reader, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      bind_filter (stmt, filter);
      rc = sqlite3_step (stmt);
    }
  if (rc == SQLITE_ROW)
    count = (guint) sqlite3_column_int64 (stmt, 0);
  else
    set_sqlite_error (error, self->reader, rc);
  sqlite3_finalize (stmt);
  return count;
}

static char **
players_from_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GStrvBuilder) players = g_strv_builder_new ();
  JsonNode *root;

  if (text != NULL && json_parser_load_from_data (parser, text, -1, NULL)
      && (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_ARRAY (root))
    {
      JsonArray *array = json_node_get_array (root);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          const char *s = json_array_get_string_element (array, i);

          g_strv_builder_add (players, s != NULL ? s : "");
        }
    }
  return g_strv_builder_end (players);
}

static char *
column_text (sqlite3_stmt *stmt, int column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

/* The kept game of STMT's row, read as COLUMNS (and the record, when it
 * has a column more). */
static IsleKeptGame *
read_row (sqlite3_stmt *stmt)
{
  IsleKeptGameData d = { 0 };
  g_autofree char *variant = column_text (stmt, 4);
  g_autofree char *players = column_text (stmt, 5);
  g_autofree char *result = column_text (stmt, 8);
  g_autofree char *rounds = column_text (stmt, 13);

  d.id = sqlite3_column_int64 (stmt, 0);
  d.uid = column_text (stmt, 1);
  d.started = sqlite3_column_int64 (stmt, 2);
  d.ended = sqlite3_column_int64 (stmt, 3);
  d.variant = isle_variant_from_id (variant != NULL ? variant : "");
  d.players = players_from_json (players);
  d.person_side = sqlite3_column_type (stmt, 6) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 6);
  if (d.person_side != 0 && d.person_side != 1)
    d.person_side = -1;
  d.opponent = column_text (stmt, 7);
  d.result = isle_kept_result_from_id (result);
  for (int side = 0; side < 2; side++)
    {
      d.points[side] = sqlite3_column_int (stmt, 9 + side);
      d.coins[side] = sqlite3_column_type (stmt, 11 + side) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 11 + side);
    }
  d.rounds = isle_kept_rounds_from_json (rounds);
  d.decisions = (guint) CLAMP (sqlite3_column_int64 (stmt, 14), 0, G_MAXUINT);
  d.rated = sqlite3_column_int (stmt, 15) != 0;
  d.reviewed = sqlite3_column_int (stmt, 16) != 0;
  d.rules = column_text (stmt, 17);
  if (sqlite3_column_count (stmt) > 18)
    d.record = column_text (stmt, 18);
  return isle_kept_game_new_take (&d);
}

GPtrArray *
isle_library_list (IsleLibrary             *self,
                   const IsleLibraryFilter *filter,
                   gboolean                 newest,
                   guint                    offset,
                   guint                    limit,
                   GError                 **error)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *where = NULL;
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!can_read (self))
    return g_steal_pointer (&games);
  where = filter_sql (filter);
  sql = g_strdup_printf ("SELECT " COLUMNS " FROM games WHERE %s ORDER BY ended %s, id %s LIMIT ?4 OFFSET ?5",
                         where, newest ? "DESC" : "ASC", newest ? "DESC" : "ASC");
  rc = sqlite3_prepare_v2 (self->reader, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      bind_filter (stmt, filter);
      sqlite3_bind_int64 (stmt, 4, limit);
      sqlite3_bind_int64 (stmt, 5, offset);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        g_ptr_array_add (games, read_row (stmt));
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (error, self->reader, rc);
      return NULL;
    }
  return g_steal_pointer (&games);
}

IsleKeptGame *
isle_library_get (IsleLibrary *self, gint64 id, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  IsleKeptGame *game = NULL;
  int rc;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!can_read (self))
    {
      g_set_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND, _("There is no game %ld in the games library."), (long) id);
      return NULL;
    }
  rc = sqlite3_prepare_v2 (self->reader, "SELECT " COLUMNS ", record FROM games WHERE id = ?1 AND deleted = 0", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      rc = sqlite3_step (stmt);
    }
  if (rc == SQLITE_ROW)
    game = read_row (stmt);
  else if (rc == SQLITE_DONE)
    g_set_error (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND, _("There is no game %ld in the games library."), (long) id);
  else
    set_sqlite_error (error, self->reader, rc);
  sqlite3_finalize (stmt);
  return game;
}

/* ---- ratings ------------------------------------------------------------------ */

/* The reader's schema has the ratings (a newer file's too; an older one
 * read only has none). */
static gboolean
has_ratings (IsleLibrary *self)
{
  return query_int (self->reader, "PRAGMA user_version", NULL) >= 2;
}

gboolean
isle_library_get_rating (IsleLibrary *self, IsleVariant variant, double *rating, guint *games,
                         double *best, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean found = FALSE;
  int rc;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (variant < ISLE_N_VARIANTS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!can_read (self) || !has_ratings (self))
    return FALSE;
  rc = sqlite3_prepare_v2 (self->reader,
                           "SELECT count(*), max(rating_after),"
                           " (SELECT rating_after FROM ratings WHERE variant = ?1 ORDER BY id DESC LIMIT 1)"
                           " FROM ratings WHERE variant = ?1", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, isle_variant_id (variant), -1, SQLITE_STATIC);
      rc = sqlite3_step (stmt);
    }
  if (rc == SQLITE_ROW)
    {
      guint n = (guint) sqlite3_column_int64 (stmt, 0);

      found = n > 0;
      if (games != NULL)
        *games = n;
      if (best != NULL)
        *best = found ? sqlite3_column_double (stmt, 1) : 0.0;
      if (rating != NULL)
        *rating = found ? sqlite3_column_double (stmt, 2) : 0.0;
    }
  else
    set_sqlite_error (error, self->reader, rc);
  sqlite3_finalize (stmt);
  return found;
}

GArray *
isle_library_list_ratings (IsleLibrary *self, IsleVariant variant, guint limit, GError **error)
{
  GArray *out;
  sqlite3_stmt *stmt = NULL;
  int rc;

  g_return_val_if_fail (ISLE_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (variant < ISLE_N_VARIANTS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  out = g_array_new (FALSE, TRUE, sizeof (IsleRatedGame));
  if (!can_read (self) || !has_ratings (self))
    return out;
  rc = sqlite3_prepare_v2 (self->reader,
                           "SELECT * FROM (SELECT r.id, coalesce (g.id, 0), r.ended, r.opponent, r.opponent_elo,"
                           " r.score, r.rating_before, r.rating_after"
                           " FROM ratings AS r LEFT JOIN games AS g ON g.uid = r.game_uid AND g.deleted = 0"
                           " WHERE r.variant = ?1 ORDER BY r.id DESC LIMIT ?2) ORDER BY 1",
                           -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, isle_variant_id (variant), -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, limit);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          IsleRatedGame rated = { 0 };
          const char *opponent = (const char *) sqlite3_column_text (stmt, 3);

          rated.game_id = sqlite3_column_int64 (stmt, 1);
          rated.ended = sqlite3_column_int64 (stmt, 2);
          g_strlcpy (rated.opponent, opponent != NULL ? opponent : "", sizeof rated.opponent);
          rated.rating.opponent_elo = sqlite3_column_int (stmt, 4);
          rated.rating.score = sqlite3_column_double (stmt, 5);
          rated.rating.before = sqlite3_column_double (stmt, 6);
          rated.rating.after = sqlite3_column_double (stmt, 7);
          g_array_append_val (out, rated);
        }
    }
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (error, self->reader, rc);
      g_clear_pointer (&out, g_array_unref);
    }
  sqlite3_finalize (stmt);
  return out;
}
