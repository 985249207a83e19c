/* isle-plugin-loader.h — finds, checks and loads AI plugins (shared modules
 * written against include/critter-isle/isle-ai-plugin.h).
 *
 * Each candidate `*.so` is first probed in a process of its own (the
 * critter-isle-plugin-probe program, through GSubprocess), so a plugin
 * that crashes or hangs while loading is refused instead of taking the
 * game down; a probe that takes longer than ISLE_PLUGIN_PROBE_TIMEOUT_MS
 * is killed, and a probe dies with the game. The ones that pass are loaded
 * in-process with GModule, checked again and kept resident. Refusals are
 * GErrors in ISLE_PLUGIN_ERROR whose message names the file and the
 * reason, to show the user.
 *
 * The asynchronous calls wait on the caller's thread-default main context
 * and never block it; the synchronous ones (for the CLI and tests) run
 * the same code in a main context of their own. The application scans in
 * the background (isle_plugin_loader_scan_default()), so its first window
 * never waits for a plugin, and lists plugins from
 * isle_plugin_loader_peek_default(), listing them anew when the loader's
 * "ready" property turns TRUE. */
#pragma once

#include <gio/gio.h>

#include <critter-isle/isle-ai-plugin.h>

G_BEGIN_DECLS

/* How long a plugin may take to load in its probe before it is refused. */
#define ISLE_PLUGIN_PROBE_TIMEOUT_MS 5000

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

/* Probes PATH in a process of its own, then loads it. NULL and ERROR
 * (ISLE_PLUGIN_ERROR, the message naming PATH) if it is refused;
 * G_IO_ERROR_CANCELLED (and the probe killed) if CANCELLABLE is. */
void        isle_plugin_load_file_async  (const char          *path,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
IslePlugin *isle_plugin_load_file_finish (GAsyncResult        *result,
                                          GError             **error);
/* The same, waiting for it. */
IslePlugin *isle_plugin_load_file        (const char          *path,
                                          GError             **error);

/* What a scan found. */
typedef struct
{
  GPtrArray *dirs;      /* char *: the folders searched, in order */
  GPtrArray *plugins;   /* IslePlugin *: loaded, in search order */
  GPtrArray *refused;   /* GError *: one per refused file */
} IslePluginSet;

void isle_plugin_set_free (IslePluginSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IslePluginSet, isle_plugin_set_free)


/* Loads every `*.so` directly in DIRS (missing folders are skipped),
 * probing them all at once. The first plugin with an id wins; a later one
 * with the same id is refused. The finish call gives NULL only when
 * CANCELLABLE was cancelled. */
void           isle_plugin_loader_load_async  (const char *const   *dirs,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
IslePluginSet *isle_plugin_loader_load_finish (GAsyncResult        *result,
                                               GError             **error);
/* The same, waiting for it. */
IslePluginSet *isle_plugin_loader_load        (const char *const   *dirs);

/* The process-wide set from the default folders. Scanned on first use
 * when nobody scans it yet; waits for the scan under way otherwise (on
 * the scanning thread, by running its main context). Owned by the loader. */
IslePluginSet *isle_plugin_loader_get_default  (void);
/* The process-wide set, or NULL while a background scan is under way
 * (never waits for one); when none was started, the set scanned now. */
IslePluginSet *isle_plugin_loader_peek_default (void);
/* Starts scanning the default folders in the background on the
 * thread-default main context, unless it is done or under way. Cancelling
 * CANCELLABLE kills the probes still running (the set is then empty). */
void           isle_plugin_loader_scan_default (GCancellable *cancellable);

/* The process-wide loader, whose "ready" property turns TRUE (notified on
 * the scanning thread) when the background scan has ended and
 * isle_plugin_loader_peek_default() gives the set. */
#define ISLE_TYPE_PLUGIN_LOADER (isle_plugin_loader_get_type ())
G_DECLARE_FINAL_TYPE (IslePluginLoader, isle_plugin_loader, ISLE, PLUGIN_LOADER, GObject)

IslePluginLoader *isle_plugin_loader_get       (void);
gboolean          isle_plugin_loader_get_ready (IslePluginLoader *self);

/* Whether ID (without "plugin:") is a plugin id a plugin may have: 1 to
 * 32 characters out of a-z, 0-9, "-", "_" and ".". */
gboolean isle_plugin_id_is_valid (const char *id);

/* The plugin of SET with ID ("plugin:sample" or "sample"), or NULL. */
IslePlugin *isle_plugin_set_find (IslePluginSet *set, const char *id);

G_END_DECLS
