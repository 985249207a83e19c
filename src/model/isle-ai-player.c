/* isle-ai-player.c — the IsleAiPlayer interface. */
#include "config.h"

#include "isle-ai-player.h"

G_DEFINE_INTERFACE (IsleAiPlayer, isle_ai_player, G_TYPE_OBJECT)

static void
isle_ai_player_default_init (IsleAiPlayerInterface *iface)
{
  (void) iface;
}

void
isle_ai_player_choose_async (IsleAiPlayer *self, const IsleObservation *obs,
                             double seconds, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (ISLE_IS_AI_PLAYER (self));
  g_return_if_fail (obs != NULL);

  ISLE_AI_PLAYER_GET_IFACE (self)->choose_async (self, obs, seconds, cancellable,
                                                 callback, user_data);
}

gboolean
isle_ai_player_choose_finish (IsleAiPlayer *self, GAsyncResult *result,
                              IsleAction *action, GError **error)
{
  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return ISLE_AI_PLAYER_GET_IFACE (self)->choose_finish (self, result, action, error);
}

const char *
isle_ai_player_get_id (IsleAiPlayer *self)
{
  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), NULL);
  return ISLE_AI_PLAYER_GET_IFACE (self)->get_id (self);
}

const char *
isle_ai_player_get_name (IsleAiPlayer *self)
{
  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), NULL);
  return ISLE_AI_PLAYER_GET_IFACE (self)->get_name (self);
}

const char *
isle_ai_player_get_description (IsleAiPlayer *self)
{
  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), NULL);
  return ISLE_AI_PLAYER_GET_IFACE (self)->get_description (self);
}

int
isle_ai_player_get_strength (IsleAiPlayer *self)
{
  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), 0);
  return ISLE_AI_PLAYER_GET_IFACE (self)->get_strength (self);
}

gboolean
isle_ai_player_task_finish (IsleAiPlayer *self, GAsyncResult *result,
                            IsleAction *action, GError **error)
{
  gssize value;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  value = g_task_propagate_int (G_TASK (result), error);
  if (value < 0)
    return FALSE;
  *action = (IsleAction) value;
  return TRUE;
}

typedef struct
{
  GMainLoop *loop;
  gboolean ok;
  IsleAction action;
  GError *error;
} SyncData;

static void
sync_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SyncData *data = user_data;

  data->ok = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result,
                                           &data->action, &data->error);
  g_main_loop_quit (data->loop);
}

gboolean
isle_ai_player_choose_sync (IsleAiPlayer *self, const IsleObservation *obs,
                            double seconds, IsleAction *action, GError **error)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  SyncData data = { 0 };

  g_return_val_if_fail (ISLE_IS_AI_PLAYER (self), FALSE);

  g_main_context_push_thread_default (context);
  data.loop = g_main_loop_new (context, FALSE);
  isle_ai_player_choose_async (self, obs, seconds, NULL, sync_done, &data);
  g_main_loop_run (data.loop);
  g_main_loop_unref (data.loop);
  g_main_context_pop_thread_default (context);
  if (!data.ok)
    {
      g_propagate_error (error, data.error);
      return FALSE;
    }
  *action = data.action;
  return TRUE;
}
