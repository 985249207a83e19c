/* isle-session.c — the app's session: the autosave, the puzzles and the
 * player's progress (isle-session.h). */
#include "config.h"

#include <glib/gi18n.h>

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

  /* Records of later issues (games played, ratings) go here. */
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
  N_PROPS
};

enum
{
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

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

  g_return_val_if_fail (ISLE_IS_SESSION (self), NULL);
  /* Continue right after leaving a game reads its last move, not the
   * save before it still being written. */
  if (!isle_saver_flush (self->saver, &local_error))
    report_save_failure (self, local_error);
  return isle_saved_game_load_or_backup (isle_saver_get_path (self->saver), NULL, error);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* save-failed (MESSAGE): a game could not be saved; MESSAGE says why,
   * in a sentence for the player. */
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
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
