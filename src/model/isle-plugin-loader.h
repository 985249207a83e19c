/* isle-plugin-loader.h — finds, checks and loads AI plugins (shared modules
 * written against include/critter-isle/isle-ai-plugin.h).
 *
 * Each candidate `*.so` is first probed in a child process, so a plugin
 * that crashes or hangs while loading is refused instead of taking the
 * game down; the ones that pass are loaded in-process with GModule, checked
 * again and kept resident. Refusals are GErrors in ISLE_PLUGIN_ERROR whose
 * message names the file and the reason, to show the user.
 *
 * Loading forks: do it early (at startup, before worker threads run), as
 * the CLI and the application do through isle_plugin_loader_get_default(). */
#pragma once

#include <gio/gio.h>

#include <critter-isle/isle-ai-plugin.h>

G_BEGIN_DECLS

/* The prefix of a plugin's player id: "plugin:sample". */
#define ISLE_PLUGIN_ID_PREFIX "plugin:"

#define ISLE_PLUGIN_ERROR (isle_plugin_error_quark ())
GQuark isle_plugin_error_quark (void);

typedef enum
{
  ISLE_PLUGIN_ERROR_OPEN,       /* not a loadable module */
  ISLE_PLUGIN_ERROR_NO_SYMBOL,  /* an entry point is missing */
  ISLE_PLUGIN_ERROR_ABI,        /* built for another ABI version */
  ISLE_PLUGIN_ERROR_INVALID,    /* register gave NULL or a bad description */
  ISLE_PLUGIN_ERROR_CRASHED,    /* crashed, hung or exited while loading */
  ISLE_PLUGIN_ERROR_DUPLICATE,  /* another plugin already has its id */
  ISLE_PLUGIN_ERROR_NOT_FOUND,  /* no plugin has the id asked for */
} IslePluginError;

/* A loaded plugin: immutable, reference-counted; its module stays loaded. */
typedef struct _IslePlugin IslePlugin;

IslePlugin *isle_plugin_ref             (IslePlugin *plugin);
void        isle_plugin_unref           (IslePlugin *plugin);
/* "plugin:ID" */
const char *isle_plugin_get_id          (IslePlugin *plugin);
const char *isle_plugin_get_name        (IslePlugin *plugin);
/* Never NULL ("" when the plugin has none). */
const char *isle_plugin_get_description (IslePlugin *plugin);
int         isle_plugin_get_strength    (IslePlugin *plugin);
/* The module file it was loaded from. */
const char *isle_plugin_get_path        (IslePlugin *plugin);
const IsleAiPluginInfo *isle_plugin_get_info (IslePlugin *plugin);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IslePlugin, isle_plugin_unref)

/* Probes PATH in a child process, then loads it. NULL and ERROR
 * (ISLE_PLUGIN_ERROR, the message naming PATH) if it is refused. */
IslePlugin *isle_plugin_load_file (const char *path, GError **error);

/* What a scan found. */
typedef struct
{
  GPtrArray *dirs;      /* char *: the folders searched, in order */
  GPtrArray *plugins;   /* IslePlugin *: loaded, in search order */
  GPtrArray *refused;   /* GError *: one per refused file */
} IslePluginSet;

void isle_plugin_set_free (IslePluginSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IslePluginSet, isle_plugin_set_free)

/* The folders searched by default, in order: each of
 * $CRITTER_ISLE_PLUGIN_PATH (colon-separated), the user's
 * $XDG_DATA_HOME/critter-isle/ai, then $libdir/critter-isle/ai. */
GStrv isle_plugin_loader_default_dirs (void);

/* Loads every `*.so` directly in DIRS (missing folders are skipped). The
 * first plugin with an id wins; a later one with the same id is refused. */
IslePluginSet *isle_plugin_loader_load (const char *const *dirs);

/* The process-wide set from the default folders, scanned on first use. */
IslePluginSet *isle_plugin_loader_get_default (void);

/* Whether ID (without "plugin:") is a plugin id a plugin may have: 1 to
 * 32 characters out of a-z, 0-9, "-", "_" and ".". */
gboolean isle_plugin_id_is_valid (const char *id);

/* The plugin of SET with ID ("plugin:sample" or "sample"), or NULL. */
IslePlugin *isle_plugin_set_find (IslePluginSet *set, const char *id);

G_END_DECLS
