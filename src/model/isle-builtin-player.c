/* isle-builtin-player.c — the built-in levels as IsleAiPlayers. A search
 * runs in a GTask thread; it stops at its deadline or as soon as its
 * GCancellable is cancelled (it asks every few simulations, well within
 * 50 ms). A player keeps a copy of its level, so a level with a budget
 * ("expert@3.6s", isle-player-spec.h) plays with the budget's iterations
 * and seconds. */
#include "config.h"

#include "isle-builtin-player.h"

struct _IsleBuiltinPlayer
{
  GObject parent_instance;
  IsleAiLevel level;         /* with the budget; its id stays the level's */
  char *id;                  /* canonical: "expert", "expert@3.6s" */
  GMutex lock;
  IsleRng rng;
};

static void isle_builtin_player_iface_init (IsleAiPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleBuiltinPlayer, isle_builtin_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ISLE_TYPE_AI_PLAYER,
                                                      isle_builtin_player_iface_init))

typedef struct
{
  IsleObservation obs;
  IsleAiLevel level;
  guint64 seed;
  gint64 deadline;           /* monotonic µs; 0: none */
  GCancellable *cancellable;
  IsleAiEvaluation *eval;    /* evaluating: the evaluation; choosing: NULL */
} Search;

static void
search_free (gpointer data)
{
  Search *search = data;

  g_clear_object (&search->cancellable);
  g_free (search->eval);
  g_free (search);
}

static bool
should_stop (void *data)
{
  Search *search = data;

  return g_cancellable_is_cancelled (search->cancellable)
         || (search->deadline != 0 && g_get_monotonic_time () >= search->deadline);
}

static double
seconds_left (void *data)
{
  Search *search = data;

  return (double) (search->deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC;
}

static void
search_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Search *search = task_data;
  IsleAiLimits limits = { 0, should_stop, search, search->deadline != 0 ? seconds_left : NULL };
  IsleAction action;

  (void) source;
  (void) cancellable;
  if (search->eval != NULL)
    {
      gboolean ok = isle_ai_evaluate (&search->level, &search->obs, &limits, search->seed,
                                      search->eval);

      if (g_task_return_error_if_cancelled (task))
        return;
      if (!ok)
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                                 "%s could not evaluate: out of memory", search->level.id);
      else
        g_task_return_pointer (task, g_steal_pointer (&search->eval), g_free);
      return;
    }
  action = search->level.choose (&search->level, &search->obs, &limits, search->seed, NULL);
  if (g_task_return_error_if_cancelled (task))
    return;
  if (action == 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "%s found no legal action", search->level.id);
      return;
    }
  g_task_return_int (task, (gssize) action);
}

/* A search of OBS by SELF's level within SECONDS (0: the level's own). */
static Search *
search_new (IsleBuiltinPlayer *self, const IsleObservation *obs, double seconds,
            GCancellable *cancellable)
{
  Search *search = g_new0 (Search, 1);
  double budget = seconds > 0 ? seconds : self->level.seconds;

  search->obs = *obs;
  search->level = self->level;
  search->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  if (budget > 0)
    search->deadline = g_get_monotonic_time () + (gint64) (budget * G_USEC_PER_SEC);
  return search;
}

static void
isle_builtin_player_choose_async (IsleAiPlayer *player, const IsleObservation *obs,
                                  double seconds, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  IsleBuiltinPlayer *self = ISLE_BUILTIN_PLAYER (player);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Search *search = search_new (self, obs, seconds, cancellable);

  g_task_set_source_tag (task, isle_builtin_player_choose_async);
  g_mutex_lock (&self->lock);
  search->seed = isle_rng_next (&self->rng);
  g_mutex_unlock (&self->lock);
  g_task_set_task_data (task, search, search_free);
  g_task_run_in_thread (task, search_thread);
}

gboolean
isle_builtin_player_can_evaluate (IsleBuiltinPlayer *self)
{
  g_return_val_if_fail (ISLE_IS_BUILTIN_PLAYER (self), FALSE);

  return self->level.evaluate != NULL;
}

void
isle_builtin_player_evaluate_async (IsleBuiltinPlayer *self, const IsleObservation *obs,
                                    guint64 seed, double seconds, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  Search *search;

  g_return_if_fail (ISLE_IS_BUILTIN_PLAYER (self));
  g_return_if_fail (obs != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isle_builtin_player_evaluate_async);
  if (self->level.evaluate == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "%s does not evaluate positions", self->id);
      return;
    }
  search = search_new (self, obs, seconds, cancellable);
  search->seed = seed;
  search->eval = g_new0 (IsleAiEvaluation, 1);
  g_task_set_task_data (task, search, search_free);
  g_task_run_in_thread (task, search_thread);
}

gboolean
isle_builtin_player_evaluate_finish (IsleBuiltinPlayer *self, GAsyncResult *result,
                                     IsleAiEvaluation *eval, GError **error)
{
  g_autofree IsleAiEvaluation *found = NULL;

  g_return_val_if_fail (ISLE_IS_BUILTIN_PLAYER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (eval != NULL, FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  *eval = *found;
  return TRUE;
}

static const char *
isle_builtin_player_get_id (IsleAiPlayer *player)
{
  return ISLE_BUILTIN_PLAYER (player)->id;
}

static const char *
isle_builtin_player_get_name (IsleAiPlayer *player)
{
  return ISLE_BUILTIN_PLAYER (player)->level.name;
}

static const char *
isle_builtin_player_get_description (IsleAiPlayer *player)
{
  return ISLE_BUILTIN_PLAYER (player)->level.description;
}

static int
isle_builtin_player_get_strength (IsleAiPlayer *player)
{
  return ISLE_BUILTIN_PLAYER (player)->level.strength;
}

static void
isle_builtin_player_iface_init (IsleAiPlayerInterface *iface)
{
  iface->choose_async = isle_builtin_player_choose_async;
  iface->choose_finish = isle_ai_player_task_finish;
  iface->get_id = isle_builtin_player_get_id;
  iface->get_name = isle_builtin_player_get_name;
  iface->get_description = isle_builtin_player_get_description;
  iface->get_strength = isle_builtin_player_get_strength;
}

static void
isle_builtin_player_finalize (GObject *object)
{
  IsleBuiltinPlayer *self = ISLE_BUILTIN_PLAYER (object);

  g_mutex_clear (&self->lock);
  g_free (self->id);
  G_OBJECT_CLASS (isle_builtin_player_parent_class)->finalize (object);
}

static void
isle_builtin_player_class_init (IsleBuiltinPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = isle_builtin_player_finalize;
}

static void
isle_builtin_player_init (IsleBuiltinPlayer *self)
{
  g_mutex_init (&self->lock);
}

IsleAiPlayer *
isle_builtin_player_new (const char *id, guint64 seed)
{
  const IsleAiLevel *level = isle_ai_find (id);

  return level != NULL ? isle_builtin_player_new_for_level (level, level->id, seed) : NULL;
}

IsleAiPlayer *
isle_builtin_player_new_for_level (const IsleAiLevel *level, const char *id, guint64 seed)
{
  IsleBuiltinPlayer *self;

  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (ISLE_TYPE_BUILTIN_PLAYER, NULL);
  self->level = *level;
  self->id = g_strdup (id);
  isle_rng_seed (&self->rng, seed);
  return ISLE_AI_PLAYER (self);
}
