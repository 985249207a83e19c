/* isle-ai-player.h — IsleAiPlayer: anything that chooses actions for a seat
 * from an observation (R12): the built-in levels, plugins and external
 * engines. Choosing is asynchronous and cancellable, so the main loop never
 * waits on a search. */
#pragma once

#include <gio/gio.h>

#include "isle-state.h"

G_BEGIN_DECLS

#define ISLE_TYPE_AI_PLAYER (isle_ai_player_get_type ())
G_DECLARE_INTERFACE (IsleAiPlayer, isle_ai_player, ISLE, AI_PLAYER, GObject)

struct _IsleAiPlayerInterface
{
  GTypeInterface parent_iface;

  /* Chooses an action for OBS's observer within about SECONDS (0: the
   * player's own pace). Never called with the true state. */
  void (*choose_async) (IsleAiPlayer        *self,
                        const IsleObservation *obs,
                        double               seconds,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data);
  gboolean (*choose_finish) (IsleAiPlayer  *self,
                             GAsyncResult  *result,
                             IsleAction    *action,
                             GError       **error);

  const char *(*get_id) (IsleAiPlayer *self);
  const char *(*get_name) (IsleAiPlayer *self);
  const char *(*get_description) (IsleAiPlayer *self);
  int (*get_strength) (IsleAiPlayer *self);
};

void        isle_ai_player_choose_async    (IsleAiPlayer          *self,
                                            const IsleObservation *obs,
                                            double                 seconds,
                                            GCancellable          *cancellable,
                                            GAsyncReadyCallback    callback,
                                            gpointer               user_data);
gboolean    isle_ai_player_choose_finish   (IsleAiPlayer          *self,
                                            GAsyncResult          *result,
                                            IsleAction            *action,
                                            GError               **error);
const char *isle_ai_player_get_id          (IsleAiPlayer          *self);
const char *isle_ai_player_get_name        (IsleAiPlayer          *self);
const char *isle_ai_player_get_description (IsleAiPlayer          *self);
int         isle_ai_player_get_strength    (IsleAiPlayer          *self);

/* choose_finish for implementations whose GTask returns the action with
 * g_task_return_int(). */
gboolean    isle_ai_player_task_finish     (IsleAiPlayer          *self,
                                            GAsyncResult          *result,
                                            IsleAction            *action,
                                            GError               **error);

/* Runs a choice to the end on a private main context (for the CLI and
 * tests; the UI uses the async call). */
gboolean    isle_ai_player_choose_sync     (IsleAiPlayer          *self,
                                            const IsleObservation *obs,
                                            double                 seconds,
                                            IsleAction            *action,
                                            GError               **error);

G_END_DECLS
