/* isle-plugin-player.c — a loaded AI plugin as an IsleAiPlayer. The
 * plugin's choose() runs in a GTask thread, one call at a time per player;
 * the GCancellable sets the flag the plugin polls, and an answer out of the
 * legal range is an error, never an action. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-observation-text.h"
#include "isle-plugin-player.h"

struct _IslePluginPlayer
{
  GObject parent_instance;
  IslePlugin *plugin;
  void *handle;        /* the plugin's own player */
  GMutex lock;         /* one choose() at a time */
};

static void isle_plugin_player_iface_init (IsleAiPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IslePluginPlayer, isle_plugin_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ISLE_TYPE_AI_PLAYER,
                                                      isle_plugin_player_iface_init))

typedef struct
{
  IsleObservation obs;
  double seconds;
  volatile int cancelled;
  GCancellable *cancellable;
  gulong handler;
} Choice;

static void
choice_free (gpointer data)
{
  Choice *choice = data;

  g_clear_object (&choice->cancellable);
  g_free (choice);
}

static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  Choice *choice = data;

  (void) cancellable;
  choice->cancelled = 1;
}

/* After this, the flag is no longer written to and CHOICE may go. */
static void
disconnect (Choice *choice)
{
  if (choice->handler != 0)
    g_cancellable_disconnect (choice->cancellable, choice->handler);
  choice->handler = 0;
}

static void
choose_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  IslePluginPlayer *self = source;
  Choice *choice = task_data;
  const IsleAiPluginInfo *info = isle_plugin_get_info (self->plugin);
  g_autofree char *text = NULL;
  g_auto (GStrv) legal = NULL;
  g_autofree IsleAction *actions = NULL;
  int n = 0, index;

  (void) cancellable;
  text = isle_observation_to_text (&choice->obs);
  legal = isle_observation_legal_texts (&choice->obs, &actions, &n);
  if (n < 1)
    {
      disconnect (choice);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("%s has no legal action to choose from"),
                               isle_plugin_get_id (self->plugin));
      return;
    }
  g_mutex_lock (&self->lock);
  index = info->choose (self->handle, text, (const char *const *) legal, n,
                        choice->seconds, &choice->cancelled);
  g_mutex_unlock (&self->lock);
  disconnect (choice);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (index < 0)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _("%s gave up instead of choosing an action"),
                             isle_plugin_get_id (self->plugin));
  else if (index >= n)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("%s chose action number %d, but there were only %d legal actions"),
                             isle_plugin_get_id (self->plugin), index, n);
  else
    g_task_return_int (task, (gssize) actions[index]);
}

static void
isle_plugin_player_choose_async (IsleAiPlayer *player, const IsleObservation *obs,
                                 double seconds, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  IslePluginPlayer *self = ISLE_PLUGIN_PLAYER (player);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Choice *choice = g_new0 (Choice, 1);

  g_task_set_source_tag (task, isle_plugin_player_choose_async);
  choice->obs = *obs;
  choice->seconds = seconds > 0 ? seconds : 0;
  g_task_set_task_data (task, choice, choice_free);
  if (cancellable != NULL)
    {
      choice->cancellable = g_object_ref (cancellable);
      /* Runs on_cancelled() at once if it is already cancelled. */
      choice->handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled),
                                               choice, NULL);
    }
  g_task_run_in_thread (task, choose_thread);
}

static const char *
isle_plugin_player_get_id (IsleAiPlayer *player)
{
  return isle_plugin_get_id (ISLE_PLUGIN_PLAYER (player)->plugin);
}

static const char *
isle_plugin_player_get_name (IsleAiPlayer *player)
{
  return isle_plugin_get_name (ISLE_PLUGIN_PLAYER (player)->plugin);
}

static const char *
isle_plugin_player_get_description (IsleAiPlayer *player)
{
  return isle_plugin_get_description (ISLE_PLUGIN_PLAYER (player)->plugin);
}

static int
isle_plugin_player_get_strength (IsleAiPlayer *player)
{
  return isle_plugin_get_strength (ISLE_PLUGIN_PLAYER (player)->plugin);
}

static void
isle_plugin_player_iface_init (IsleAiPlayerInterface *iface)
{
  iface->choose_async = isle_plugin_player_choose_async;
  iface->choose_finish = isle_ai_player_task_finish;
  iface->get_id = isle_plugin_player_get_id;
  iface->get_name = isle_plugin_player_get_name;
  iface->get_description = isle_plugin_player_get_description;
  iface->get_strength = isle_plugin_player_get_strength;
}

static void
isle_plugin_player_finalize (GObject *object)
{
  IslePluginPlayer *self = ISLE_PLUGIN_PLAYER (object);

  /* Every task holds a reference: no choose() is running now. */
  if (self->handle != NULL)
    isle_plugin_get_info (self->plugin)->destroy (self->handle);
  g_clear_pointer (&self->plugin, isle_plugin_unref);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (isle_plugin_player_parent_class)->finalize (object);
}

static void
isle_plugin_player_class_init (IslePluginPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = isle_plugin_player_finalize;
}

static void
isle_plugin_player_init (IslePluginPlayer *self)
{
  g_mutex_init (&self->lock);
}

IsleAiPlayer *
isle_plugin_player_new (IslePlugin *plugin, GError **error)
{
  IslePluginPlayer *self;
  void *handle;

  g_return_val_if_fail (plugin != NULL, NULL);

  handle = isle_plugin_get_info (plugin)->create ();
  if (handle == NULL)
    {
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s (%s) could not make a player"),
                   isle_plugin_get_id (plugin), isle_plugin_get_path (plugin));
      return NULL;
    }
  self = g_object_new (ISLE_TYPE_PLUGIN_PLAYER, NULL);
  self->plugin = isle_plugin_ref (plugin);
  self->handle = handle;
  return ISLE_AI_PLAYER (self);
}

IsleAiPlayer *
isle_plugin_player_new_for_id (const char *id, GError **error)
{
  IslePluginSet *set = isle_plugin_loader_get_default ();
  IslePlugin *plugin;

  g_return_val_if_fail (id != NULL, NULL);

  plugin = isle_plugin_set_find (set, id);
  if (plugin == NULL)
    {
      g_autoptr (GString) known = g_string_new (NULL);
      g_autoptr (GString) refused = g_string_new (NULL);

      for (guint i = 0; i < set->plugins->len; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "",
                                isle_plugin_get_id (g_ptr_array_index (set->plugins, i)));
      if (set->refused->len > 0)
        g_string_append_printf (refused, "\n%s", _("Refused plugins:"));
      for (guint i = 0; i < set->refused->len; i++)
        g_string_append_printf (refused, "\n  %s",
                                ((GError *) g_ptr_array_index (set->refused, i))->message);
      if (set->plugins->len == 0)
        g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NOT_FOUND,
                     _("no plugin “%s”: no plugin was found (see “critter-isle-cli plugins”)%s"),
                     id, refused->str);
      else
        g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NOT_FOUND,
                     _("no plugin “%s”; expected one of %s%s"), id, known->str, refused->str);
      return NULL;
    }
  return isle_plugin_player_new (plugin, error);
}
