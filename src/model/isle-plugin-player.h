/* isle-plugin-player.h — an IsleAiPlayer backed by a loaded AI plugin: the
 * observation goes to the plugin as text, its choose() runs on a worker
 * thread and sees a cancelled flag set from the GCancellable. */
#pragma once

#include "isle-ai-player.h"
#include "isle-plugin-loader.h"

G_BEGIN_DECLS

#define ISLE_TYPE_PLUGIN_PLAYER (isle_plugin_player_get_type ())
G_DECLARE_FINAL_TYPE (IslePluginPlayer, isle_plugin_player, ISLE, PLUGIN_PLAYER, GObject)

/* A new player of PLUGIN (its create()), or NULL and ERROR if the plugin
 * could not make one. The player's id is the plugin's ("plugin:sample"). */
IsleAiPlayer *isle_plugin_player_new (IslePlugin *plugin, GError **error);

/* A player of the plugin with ID ("plugin:sample") from the default set
 * (isle_plugin_loader_get_default()); ISLE_PLUGIN_ERROR_NOT_FOUND, with the
 * plugins there are and the refusals, if there is none. */
IsleAiPlayer *isle_plugin_player_new_for_id (const char *id, GError **error);

G_END_DECLS
