/* isle-session.c — the app's session: the autosave, the puzzles and the
 * player's progress (isle-session.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "isle-kept-game.h"
#include "isle-library.h"
#include "isle-rating.h"
#include "isle-saved-game.h"
#include "isle-saver.h"
#include "isle-scenario.h"
#include "isle-session.h"

/* The settings keys: puzzles whose goal was met unaided (the only key
 * before helped puzzles were told apart, so an old list reads as solved),
 * those met with a move hint, and the players of the game in progress. */
#define SOLVED_KEY "solved-puzzles"
#define HELPED_KEY "helped-puzzles"
#define PLAYERS_KEY "autosave-players"
#define GAME_KEY "autosave-game"

struct _IsleSession
{
  GObject parent_instance;

  GSettings *settings;

  /* The game in progress. */
  IsleSaver *saver;
  gboolean loading;            /* isle_session_load() was called */
  gboolean loaded;
  IsleGame *waiting;
  char *load_notice;

  /* Puzzles, as last listed. */
  GPtrArray *puzzles;

  /* The games library, or NULL; whether a failed write was told (once
   * until one lands). */
  IsleLibrary *library;
  gboolean library_notice_told;   /* isle_session_take_library_notice() */
  gboolean write_failure_told;

  /* The person's rating per variant, read from the library once and
   * moved here as rated games end (the library writes behind). */
  struct
  {
    gboolean known;
    double rating, best;
    guint games;
  } ratings[ISLE_N_VARIANTS];
  gboolean rating_written;       /* a rating waits for the library */
};

G_DEFINE_FINAL_TYPE (IsleSession, isle_session, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_AUTOSAVE,
  PROP_LOADED,
  PROP_WAITING_GAME,
  PROP_LOAD_NOTICE,
  PROP_LIBRARY_NOTICE,
  N_PROPS
};

enum
{
  SAVE_FAILED,
  RATINGS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void keep_if_over  (IsleSession *self, IsleGame *game);
static void track_resumed (IsleSession *self, IsleGame *game);

/* ---- reading the autosave ---------------------------------------------- */

typedef struct
{
  IsleGame *game;              /* not over, or NULL */
  char *notice;
  gboolean damaged;
} Loaded;

static void
loaded_free (Loaded *loaded)
{
  g_clear_object (&loaded->game);
  g_free (loaded->notice);
  g_free (loaded);
}

/* In a worker thread: the autosave at TASK_DATA, or its backup. */
static void
load_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const char *path = task_data;
  Loaded *loaded = g_new0 (Loaded, 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *damage = NULL;

  (void) source;
  (void) cancellable;
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      loaded->game = isle_saved_game_load_or_backup (path, &damage, &error);
      /* A damaged autosave (or a newer app's) is never overwritten nor
       * made the backup: the next save moves it aside. Continue goes back
       * to the backup. */
      if (loaded->game == NULL || damage != NULL)
        {
          loaded->damaged = TRUE;
          loaded->notice = g_strdup_printf (loaded->game != NULL
                                            ? _("The game in progress could not be read (%s); Continue goes back to the move before.")
                                            : _("The game in progress could not be read: %s"),
                                            loaded->game != NULL ? damage : error->message);
        }
    }
  if (loaded->game != NULL && isle_state_is_terminal (isle_game_get_state (loaded->game)))
    g_clear_object (&loaded->game);
  g_task_return_pointer (task, loaded, (GDestroyNotify) loaded_free);
}

static void
on_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  IsleSession *self = ISLE_SESSION (source);
  Loaded *loaded = g_task_propagate_pointer (G_TASK (result), NULL);

  (void) user_data;
  g_object_freeze_notify (G_OBJECT (self));
  if (loaded->damaged)
    isle_saver_set_damaged (self->saver);
  if (loaded->game != NULL)
    {
      self->waiting = g_steal_pointer (&loaded->game);
      track_resumed (self, self->waiting);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING_GAME]);
    }
  if (loaded->notice != NULL)
    {
      self->load_notice = g_steal_pointer (&loaded->notice);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOAD_NOTICE]);
    }
  self->loaded = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADED]);
  g_object_thaw_notify (G_OBJECT (self));
  loaded_free (loaded);
}

void
isle_session_load (IsleSession *self)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (ISLE_IS_SESSION (self));
  if (self->loading)
    return;
  self->loading = TRUE;
  task = g_task_new (self, NULL, on_loaded, NULL);
  g_task_set_source_tag (task, isle_session_load);
  g_task_set_task_data (task, g_strdup (isle_saver_get_path (self->saver)), g_free);
  g_task_run_in_thread (task, load_in_thread);
}

gboolean
isle_session_get_loaded (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  return self->loaded;
}

IsleGame *
isle_session_get_waiting_game (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->waiting;
}

const char *
isle_session_get_load_notice (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->load_notice;
}

const char *
isle_session_get_autosave_path (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return isle_saver_get_path (self->saver);
}

GSettings *
isle_session_get_settings (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->settings;
}

/* ---- writing it -------------------------------------------------------- */

static void
report_save_failure (IsleSession *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"), error->message);

  g_signal_emit (self, signals[SAVE_FAILED], 0, text);
}

static void
on_saved (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleSession) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!isle_saver_save_finish (ISLE_SAVER (source), result, &error))
    report_save_failure (self, error);
}

/* The game is written in a worker thread: a slow disk never stalls the
 * window. The saver writes the newest game last. */
void
isle_session_save (IsleSession *self, IsleGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  char *data;
  gsize length;

  g_return_if_fail (ISLE_IS_SESSION (self));
  g_return_if_fail (ISLE_IS_GAME (game));

  data = isle_saved_game_to_data (game, &length, &error);
  if (data == NULL)
    {
      report_save_failure (self, error);
      return;
    }
  bytes = g_bytes_new_take (data, length);
  isle_saver_save_async (self->saver, bytes, NULL, on_saved, g_object_ref (self));
  keep_if_over (self, game);
}

gboolean
isle_session_flush (IsleSession *self, GError **error)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  return isle_saver_flush (self->saver, error);
}

IsleGame *
isle_session_resume (IsleSession *self, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  IsleGame *game;

  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  /* Continue right after leaving a game reads its last move, not the
   * save before it still being written. */
  if (!isle_saver_flush (self->saver, &local_error))
    report_save_failure (self, local_error);
  game = isle_saved_game_load_or_backup (isle_saver_get_path (self->saver), NULL, error);
  track_resumed (self, game);
  return game;
}

void
isle_session_remember_players (IsleSession *self, const IsleGameSetup *setup)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) players = NULL;

  g_return_if_fail (ISLE_IS_SESSION (self));
  g_return_if_fail (setup != NULL);
  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    g_strv_builder_add (builder, isle_player_spec_to_text (&setup->players[seat]));
  players = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, PLAYERS_KEY, (const char *const *) players);
}

gboolean
isle_session_restore_players (IsleSession *self, IsleGameSetup *setup)
{
  g_auto (GStrv) remembered = NULL;
  IslePlayerSpec players[ISLE_MAX_SEATS];
  int n;

  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);
  remembered = g_settings_get_strv (self->settings, PLAYERS_KEY);
  n = isle_game_setup_n_seats (setup);
  if (g_strv_length (remembered) != (guint) n)
    return FALSE;
  /* The file names a built-in stand-in for a plugin or engine: the
   * remembered player is put back only where it stands for it. */
  for (int seat = 0; seat < n; seat++)
    {
      IslePlayerSpec filed;

      if (!isle_player_spec_parse (remembered[seat], &players[seat], NULL))
        return FALSE;
      filed = isle_player_spec_for_file (&players[seat]);
      if (!isle_player_spec_equal (&filed, &setup->players[seat]))
        return FALSE;
    }
  for (int seat = 0; seat < n; seat++)
    setup->players[seat] = players[seat];
  return TRUE;
}

/* ---- the games library ------------------------------------------------- */

/* What the session knows of a game it saved, kept on the game: its name
 * in the library, when it began, whether it was over when last saved,
 * and whether (with which review) it was kept. */
typedef struct
{
  char *uid;
  gint64 started;
  gint64 ended;                      /* when first kept finished, or 0 */
  gboolean was_over;
  gboolean kept;
  gboolean rating_moved;             /* a rated game's, once */
  IsleGameAnalysis *kept_analysis;   /* not a reference: compared only */
} Tracked;

#define TRACKED_KEY "isle-session-tracked"

static void
tracked_free (Tracked *tracked)
{
  g_free (tracked->uid);
  g_free (tracked);
}

/* A new name for a game: 128 random bits. */
static char *
new_uid (void)
{
  return g_strdup_printf ("%08x%08x%08x%08x", g_random_int (), g_random_int (), g_random_int (), g_random_int ());
}

static gboolean
game_over (IsleGame *game)
{
  return isle_state_is_terminal (isle_game_get_state (game));
}

/* GAME's record, made at its first save (or when Continue brought it back,
 * under the name the settings remembered). */
static Tracked *
tracked (IsleGame *game)
{
  Tracked *t = g_object_get_data (G_OBJECT (game), TRACKED_KEY);

  if (t == NULL)
    {
      t = g_new0 (Tracked, 1);
      t->uid = new_uid ();
      t->started = g_get_real_time () / G_USEC_PER_SEC;
      /* A game already over when first seen (a file opened, a record) was
       * not played here: it is never kept for having been opened. */
      t->was_over = game_over (game);
      g_object_set_data_full (G_OBJECT (game), TRACKED_KEY, t, (GDestroyNotify) tracked_free);
    }
  return t;
}

/* Continue: GAME is the autosave's game, under the name remembered. */
static void
track_resumed (IsleSession *self, IsleGame *game)
{
  g_autofree char *uid = NULL;
  gint64 started = 0;
  Tracked *t;

  if (game == NULL || g_object_get_data (G_OBJECT (game), TRACKED_KEY) != NULL)
    return;
  g_settings_get (self->settings, GAME_KEY, "(sx)", &uid, &started);
  t = tracked (game);
  if (uid != NULL && uid[0] != '\0')
    {
      g_free (t->uid);
      t->uid = g_steal_pointer (&uid);
      t->started = started;
    }
}

/* Games of a scenario with a goal are puzzles: their progress is kept
 * apart (isle_session_record_puzzle()). */
static gboolean
keeps (IsleSession *self, IsleGame *game)
{
  IsleScenario *scenario = isle_game_get_scenario (game);
  IsleScenarioGoal goal = { ISLE_GOAL_NONE, 0 };

  if (self->library == NULL || isle_library_get_state (self->library) == ISLE_LIBRARY_UNAVAILABLE)
    return FALSE;
  if (scenario != NULL)
    isle_scenario_get_goal (scenario, &goal);
  return goal.type == ISLE_GOAL_NONE;
}

/* The rating KEPT, a rated game that has just ended or been abandoned,
 * moved: set on KEPT and in the session. */
static void
rate (IsleSession *self, IsleGame *game, IsleKeptGame *kept)
{
  const IsleGameSetup *setup = isle_game_get_setup (game);
  IsleKeptRating rating = { 0 };
  const IsleRatedStrength *strengths;
  double now;
  guint n, games;
  int person = isle_game_setup_person_seat (setup);

  if (!setup->rated || person < 0 || !isle_game_setup_can_rate (setup->variant))
    return;
  rating.score = isle_kept_result_score (isle_kept_game_get_result (kept));
  if (rating.score < 0)
    return;
  /* The opponent's Elo, as the table has it now. */
  rating.opponent_elo = isle_rating_opponent (setup->rating)->elo;
  strengths = isle_rating_strengths (&n);
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (strengths[i].spec, isle_player_spec_to_text (&setup->players[1 - person])) == 0)
      rating.opponent_elo = strengths[i].elo;
  /* The first rated game of a variant starts from the rating picked. */
  if (!isle_session_get_rating (self, setup->variant, &now, &games, NULL))
    now = setup->rating > 0 ? setup->rating : ISLE_RATING_DEFAULT;
  rating.before = now;
  rating.after = isle_rating_after (now, rating.opponent_elo, rating.score, games);
  isle_kept_game_set_rating (kept, &rating);

  self->ratings[setup->variant].known = TRUE;
  self->ratings[setup->variant].rating = rating.after;
  self->ratings[setup->variant].best = games == 0 ? rating.after : MAX (self->ratings[setup->variant].best, rating.after);
  self->ratings[setup->variant].games = games + 1;
  self->rating_written = TRUE;
  g_signal_emit (self, signals[RATINGS_CHANGED], 0, (int) setup->variant);
}

static void
keep (IsleSession *self, IsleGame *game, Tracked *t, gboolean abandoned, gboolean ended)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleKeptGame) kept = NULL;

  /* Kept again (its review made), a game keeps the time it ended, and
   * its place in the list. */
  kept = isle_kept_game_new_from_game (game, t->uid, t->started,
                                       t->ended > 0 ? t->ended : g_get_real_time () / G_USEC_PER_SEC,
                                       abandoned, &error);
  if (kept == NULL)
    {
      g_warning ("A game could not be kept: %s", error->message);
      return;
    }
  /* A rated game moves the rating once: when it ends, or is left. */
  if (ended && !t->rating_moved && isle_library_get_state (self->library) == ISLE_LIBRARY_READY)
    {
      rate (self, game, kept);
      t->rating_moved = isle_kept_game_get_rating (kept) != NULL;
    }
  isle_library_keep (self->library, kept);
  t->kept = !abandoned;
  if (t->kept)
    t->ended = isle_kept_game_get_ended (kept);
  t->kept_analysis = isle_game_get_analysis (game);
}

/* After every save of GAME: it is kept when a decision has just ended it,
 * and kept again when its review changed once it was. */
static void
keep_if_over (IsleSession *self, IsleGame *game)
{
  Tracked *t = tracked (game);
  gboolean over = game_over (game);
  g_autofree char *remembered = NULL;
  gint64 started = 0;

  if (!over)
    {
      /* The game in progress: its name is remembered for Continue. */
      g_settings_get (self->settings, GAME_KEY, "(sx)", &remembered, &started);
      if (g_strcmp0 (remembered, t->uid) != 0)
        g_settings_set (self->settings, GAME_KEY, "(sx)", t->uid, t->started);
    }
  if (over && keeps (self, game)
      && (!t->was_over || (t->kept && t->kept_analysis != isle_game_get_analysis (game))))
    keep (self, game, t, FALSE, !t->was_over);
  t->was_over = over;
}

IsleGame *
isle_session_open_kept (IsleSession *self, IsleKeptGame *kept, GError **error)
{
  g_autofree char *name = NULL;
  IsleGame *game;
  Tracked *t;

  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (kept), NULL);
  g_return_val_if_fail (isle_kept_game_get_record (kept) != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* TRANSLATORS: the name of a game of the games library in a message
   * about it, its number in the library. */
  name = g_strdup_printf (_("game %ld of your games"), (long) isle_kept_game_get_id (kept));
  game = isle_saved_game_load_data (isle_kept_game_get_record (kept), -1, name, error);
  if (game == NULL)
    return NULL;
  t = tracked (game);
  g_free (t->uid);
  t->uid = g_strdup (isle_kept_game_get_uid (kept));
  t->started = isle_kept_game_get_started (kept);
  /* An abandoned game played on to its end is kept finished, then. */
  t->kept = isle_kept_game_get_result (kept) != ISLE_KEPT_ABANDONED;
  t->ended = t->kept ? isle_kept_game_get_ended (kept) : 0;
  /* A rated game kept has moved the rating already (abandoned or not). */
  t->rating_moved = isle_kept_game_get_rated (kept);
  t->kept_analysis = isle_game_get_analysis (game);
  return game;
}

void
isle_session_abandon (IsleSession *self, IsleGame *game)
{
  Tracked *t;

  g_return_if_fail (ISLE_IS_SESSION (self));
  g_return_if_fail (ISLE_IS_GAME (game));

  t = tracked (game);
  /* A game finished once and then taken back stays as it was won or
   * lost; one not begun is no game. */
  if (t->kept || game_over (game) || isle_game_get_position (game) == 0 || !keeps (self, game))
    return;
  keep (self, game, t, TRUE, TRUE);
}

gboolean
isle_session_import (IsleSession *self, IsleGame *game, GError **error)
{
  g_autoptr (IsleKeptGame) kept = NULL;
  g_autofree char *uid = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (ISLE_IS_GAME (game), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->library == NULL || isle_library_get_state (self->library) != ISLE_LIBRARY_READY)
    {
      g_set_error_literal (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_READ_ONLY,
                           _("The games library cannot be written, so no game can be added to it."));
      return FALSE;
    }
  if (!keeps (self, game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("It is a puzzle; puzzles are not kept with your games."));
      return FALSE;
    }
  if (!game_over (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The game is not finished; only finished games are kept with your games."));
      return FALSE;
    }
  /* A saved game does not say when it was played: it was kept now. */
  uid = new_uid ();
  kept = isle_kept_game_new_from_game (game, uid, now, now, FALSE, error);
  if (kept == NULL)
    return FALSE;
  isle_library_keep (self->library, kept);
  return TRUE;
}

const char *
isle_session_take_library_notice (IsleSession *self)
{
  const char *notice;

  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);

  notice = isle_session_get_library_notice (self);
  if (notice == NULL || self->library_notice_told)
    return NULL;
  self->library_notice_told = TRUE;
  return notice;
}

static void
on_library_state (IsleLibrary *library, GParamSpec *pspec, IsleSession *self)
{
  (void) pspec;
  if (isle_library_get_notice (library) != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_NOTICE]);
}

static void
on_library_changed (IsleLibrary *library, IsleSession *self)
{
  (void) library;
  self->write_failure_told = FALSE;
  /* The ratings' list now has the game that moved the rating. */
  if (self->rating_written)
    {
      self->rating_written = FALSE;
      g_signal_emit (self, signals[RATINGS_CHANGED], 0, -1);
    }
}

/* ---- ratings ------------------------------------------------------------- */

gboolean
isle_session_get_rating (IsleSession *self, IsleVariant variant, double *rating, guint *games, double *best)
{
  IsleLibraryState state;

  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (variant < ISLE_N_VARIANTS, FALSE);

  state = self->library != NULL ? isle_library_get_state (self->library) : ISLE_LIBRARY_UNAVAILABLE;
  if (!self->ratings[variant].known && (state == ISLE_LIBRARY_READY || state == ISLE_LIBRARY_READ_ONLY))
    {
      g_autoptr (GError) error = NULL;

      if (!isle_library_get_rating (self->library, variant, &self->ratings[variant].rating,
                                    &self->ratings[variant].games, &self->ratings[variant].best, &error))
        {
          if (error != NULL)
            g_warning ("The ratings could not be read: %s", error->message);
          self->ratings[variant].games = 0;
        }
      self->ratings[variant].known = error == NULL;
    }
  if (games != NULL)
    *games = self->ratings[variant].games;
  if (self->ratings[variant].games == 0)
    {
      if (rating != NULL)
        *rating = ISLE_RATING_DEFAULT;
      if (best != NULL)
        *best = ISLE_RATING_DEFAULT;
      return FALSE;
    }
  if (rating != NULL)
    *rating = self->ratings[variant].rating;
  if (best != NULL)
    *best = self->ratings[variant].best;
  return TRUE;
}

gboolean
isle_session_can_rate (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  return self->library != NULL && isle_library_get_state (self->library) == ISLE_LIBRARY_READY;
}

gboolean
isle_session_make_rated (IsleSession *self, IsleGameSetup *setup, int start_rating)
{
  double rating;

  g_return_val_if_fail (ISLE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);

  if (!isle_session_get_rating (self, setup->variant, &rating, NULL, NULL))
    rating = start_rating > 0 ? start_rating : ISLE_RATING_DEFAULT;
  return isle_game_setup_make_rated (setup, (int) lround (rating), g_random_int ());
}

GArray *
isle_session_list_ratings (IsleSession *self, IsleVariant variant, guint limit)
{
  g_autoptr (GError) error = NULL;
  GArray *ratings;

  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  g_return_val_if_fail (variant < ISLE_N_VARIANTS, NULL);

  if (self->library == NULL)
    return g_array_new (FALSE, TRUE, sizeof (IsleRatedGame));
  ratings = isle_library_list_ratings (self->library, variant, limit, &error);
  if (ratings == NULL)
    {
      g_warning ("The ratings could not be read: %s", error->message);
      ratings = g_array_new (FALSE, TRUE, sizeof (IsleRatedGame));
    }
  return ratings;
}

static void
on_library_write_failed (IsleLibrary *library, const char *message, IsleSession *self)
{
  (void) library;
  if (self->write_failure_told)
    return;
  self->write_failure_told = TRUE;
  g_signal_emit (self, signals[SAVE_FAILED], 0, message);
}

void
isle_session_open_library (IsleSession *self, const char *path)
{
  g_return_if_fail (ISLE_IS_SESSION (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (self->library == NULL);

  self->library = isle_library_new (path);
  g_signal_connect (self->library, "notify::state", G_CALLBACK (on_library_state), self);
  g_signal_connect (self->library, "changed", G_CALLBACK (on_library_changed), self);
  g_signal_connect (self->library, "write-failed", G_CALLBACK (on_library_write_failed), self);
}

IsleLibrary *
isle_session_get_library (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->library;
}

const char *
isle_session_get_library_notice (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->library != NULL ? isle_library_get_notice (self->library) : NULL;
}

/* ---- puzzles ------------------------------------------------------------ */

GPtrArray *
isle_session_list_puzzles (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  self->puzzles = isle_puzzles_list ();
  return self->puzzles;
}

GPtrArray *
isle_session_get_puzzles (IsleSession *self)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  return self->puzzles;
}

static gboolean
listed (IsleSession *self, const char *key, const char *id)
{
  g_auto (GStrv) ids = g_settings_get_strv (self->settings, key);

  return g_strv_contains ((const char *const *) ids, id);
}

/* Puts ID in the list under KEY, or takes it out. */
static void
set_listed (IsleSession *self, const char *key, const char *id, gboolean in)
{
  g_auto (GStrv) old = NULL;
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) now = NULL;

  if (listed (self, key, id) == in)
    return;
  old = g_settings_get_strv (self->settings, key);
  builder = g_strv_builder_new ();
  for (int i = 0; old[i] != NULL; i++)
    if (g_strcmp0 (old[i], id) != 0)
      g_strv_builder_add (builder, old[i]);
  if (in)
    g_strv_builder_add (builder, id);
  now = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, key, (const char *const *) now);
}

IslePuzzleProgress
isle_session_get_progress (IsleSession *self, const char *id)
{
  g_return_val_if_fail (ISLE_IS_SESSION (self), ISLE_PUZZLE_UNSOLVED);
  g_return_val_if_fail (id != NULL, ISLE_PUZZLE_UNSOLVED);
  if (listed (self, SOLVED_KEY, id))
    return ISLE_PUZZLE_SOLVED;
  if (listed (self, HELPED_KEY, id))
    return ISLE_PUZZLE_HELPED;
  return ISLE_PUZZLE_UNSOLVED;
}

void
isle_session_record_puzzle (IsleSession *self, const char *id, gboolean helped)
{
  g_return_if_fail (ISLE_IS_SESSION (self));
  g_return_if_fail (id != NULL);
  if (isle_session_get_progress (self, id) == ISLE_PUZZLE_SOLVED)
    return;
  set_listed (self, helped ? HELPED_KEY : SOLVED_KEY, id, TRUE);
  if (!helped)
    set_listed (self, HELPED_KEY, id, FALSE);
}

/* ---- the object ---------------------------------------------------------- */

static void
isle_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleSession *self = ISLE_SESSION (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_AUTOSAVE:
      g_value_set_string (value, isle_saver_get_path (self->saver));
      break;
    case PROP_LOADED:
      g_value_set_boolean (value, self->loaded);
      break;
    case PROP_WAITING_GAME:
      g_value_set_object (value, self->waiting);
      break;
    case PROP_LOAD_NOTICE:
      g_value_set_string (value, self->load_notice);
      break;
    case PROP_LIBRARY_NOTICE:
      g_value_set_string (value, isle_session_get_library_notice (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleSession *self = ISLE_SESSION (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_AUTOSAVE:
      self->saver = isle_saver_new (g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_session_dispose (GObject *object)
{
  IsleSession *self = ISLE_SESSION (object);

  if (self->saver != NULL)
    {
      g_autoptr (GError) error = NULL;

      /* The last decision reaches the disk before the session goes. */
      if (!isle_saver_flush (self->saver, &error))
        g_warning ("The game could not be saved: %s", error->message);
      g_clear_object (&self->saver);
    }
  if (self->library != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->library, self);
      g_clear_object (&self->library);   /* its writes land first */
    }
  g_clear_object (&self->waiting);
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (isle_session_parent_class)->dispose (object);
}

static void
isle_session_finalize (GObject *object)
{
  g_free (ISLE_SESSION (object)->load_notice);
  G_OBJECT_CLASS (isle_session_parent_class)->finalize (object);
}

static void
isle_session_class_init (IsleSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = isle_session_get_property;
  object_class->set_property = isle_session_set_property;
  object_class->dispose = isle_session_dispose;
  object_class->finalize = isle_session_finalize;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTOSAVE] =
    g_param_spec_string ("autosave", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADED] =
    g_param_spec_boolean ("loaded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WAITING_GAME] =
    g_param_spec_object ("waiting-game", NULL, NULL, ISLE_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOAD_NOTICE] =
    g_param_spec_string ("load-notice", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LIBRARY_NOTICE] =
    g_param_spec_string ("library-notice", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* save-failed (MESSAGE): a game could not be saved; MESSAGE says why,
   * in a sentence for the player. */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
  /* ratings-changed (VARIANT): a rated game of VARIANT moved the rating
   * (isle_session_get_rating() has it), or, VARIANT -1, the library has
   * written it (isle_session_list_ratings() has the game). */
  signals[RATINGS_CHANGED] = g_signal_new ("ratings-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
isle_session_init (IsleSession *self)
{
  (void) self;
}

IsleSession *
isle_session_new (GSettings *settings, const char *autosave)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (autosave != NULL, NULL);
  return g_object_new (ISLE_TYPE_SESSION, "settings", settings, "autosave", autosave, NULL);
}
