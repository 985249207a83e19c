/* isle-plugin-loader.c — finds, probes and loads AI plugins.
 *
 * A candidate goes through the same checks twice (isle-plugin-check.c):
 * first in a process of its own, the probe program
 * (critter-isle-plugin-probe, isle-plugin-probe.c) run through GSubprocess,
 * which reports by its exit status, so a crash or a hang there only
 * refuses the plugin; then in this process through GModule. Everything
 * waits asynchronously on the caller's main context: a hanging plugin is
 * killed by a timeout, and the game's first window never waits for a
 * probe (the application scans in the background, isle_plugin_loader_scan_default()). */
#include "config.h"

#include <glib/gi18n.h>
#include <gmodule.h>
#include <stdio.h>
#include <string.h>

#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#endif
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "isle-plugin-check.h"
#include "isle-plugin-loader.h"
#include "isle-paths.h"

G_DEFINE_QUARK (isle-plugin-error-quark, isle_plugin_error)

struct _IslePlugin
{
  char *id;            /* "plugin:ID" */
  char *path;
  GModule *module;     /* resident */
  const IsleAiPluginInfo *info;
};

IslePlugin *
isle_plugin_ref (IslePlugin *plugin)
{
  return g_atomic_rc_box_acquire (plugin);
}

static void
plugin_clear (gpointer data)
{
  IslePlugin *plugin = data;

  g_free (plugin->id);
  g_free (plugin->path);
  /* The module is resident: closing only drops the handle. */
  if (plugin->module != NULL)
    g_module_close (plugin->module);
}

void
isle_plugin_unref (IslePlugin *plugin)
{
  g_atomic_rc_box_release_full (plugin, plugin_clear);
}

const char *
isle_plugin_get_id (IslePlugin *plugin)
{
  return plugin->id;
}

const char *
isle_plugin_get_name (IslePlugin *plugin)
{
  return plugin->info->name;
}

const char *
isle_plugin_get_description (IslePlugin *plugin)
{
  return plugin->info->description ? plugin->info->description : "";
}

int
isle_plugin_get_strength (IslePlugin *plugin)
{
  return plugin->info->strength;
}

const char *
isle_plugin_get_path (IslePlugin *plugin)
{
  return plugin->path;
}

const IsleAiPluginInfo *
isle_plugin_get_info (IslePlugin *plugin)
{
  return plugin->info;
}

typedef IslePluginCheck Check;

gboolean
isle_plugin_id_is_valid (const char *id)
{
  return isle_plugin_check_id (id) != 0;
}

static void
set_check_error (GError **error, const char *path, Check check,
                 const char *detail, guint32 version)
{
  switch (check)
    {
    case ISLE_PLUGIN_CHECK_OK:
    case ISLE_PLUGIN_CHECK_LAST:
      g_assert_not_reached ();
      break;
    case ISLE_PLUGIN_CHECK_OPEN:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN,
                   _("%s: cannot be loaded as a plugin: %s"), path,
                   detail && *detail ? detail : _("unknown error"));
      break;
    case ISLE_PLUGIN_CHECK_NO_ABI_SYMBOL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NO_SYMBOL,
                   _("%s: not a Critter Isle plugin: it has no %s function"),
                   path, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL);
      break;
    case ISLE_PLUGIN_CHECK_ABI:
    case ISLE_PLUGIN_CHECK_INFO_ABI:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_ABI,
                   _("%s: built for plugin ABI version %u, but this game needs version %u; rebuild the plugin"),
                   path, version, (guint) ISLE_AI_PLUGIN_ABI_VERSION);
      break;
    case ISLE_PLUGIN_CHECK_NO_REGISTER_SYMBOL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NO_SYMBOL,
                   _("%s: not a complete plugin: it has no %s function"),
                   path, ISLE_AI_PLUGIN_REGISTER_SYMBOL);
      break;
    case ISLE_PLUGIN_CHECK_REGISTER_NULL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin declined to register (%s returned NULL)"),
                   path, ISLE_AI_PLUGIN_REGISTER_SYMBOL);
      break;
    case ISLE_PLUGIN_CHECK_BAD_ID:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin’s id must be 1 to 32 characters out of a-z, 0-9, “-”, “_” and “.”"),
                   path);
      break;
    case ISLE_PLUGIN_CHECK_NO_NAME:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin has no name"), path);
      break;
    case ISLE_PLUGIN_CHECK_NO_FUNCTION:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin lacks one of its create, destroy and choose functions"),
                   path);
      break;
    }
}

/* ---- the probe: the checks in a process of its own ----------------------- */

#ifdef G_OS_UNIX
static pid_t probe_parent;

/* In the probe's process, before it runs: it dies with the game (a game
 * killed while a plugin hangs leaves no process behind), and a crash,
 * expected now and then, leaves no core file. */
static void
probe_child_setup (gpointer data)
{
  struct rlimit no_core = { 0, 0 };

  (void) data;
  setrlimit (RLIMIT_CORE, &no_core);
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif
  /* The game may have gone between the fork and the line above. */
  if (getppid () != probe_parent)
    _exit (ISLE_PLUGIN_CHECK_OPEN);
}
#endif

typedef struct
{
  char *path;
  GSubprocess *process;
  GSource *timeout;
  gboolean timed_out;
} Probe;

static void
probe_free (gpointer data)
{
  Probe *probe = data;

  if (probe->timeout != NULL)
    {
      g_source_destroy (probe->timeout);
      g_source_unref (probe->timeout);
    }
  g_clear_object (&probe->process);
  g_free (probe->path);
  g_free (probe);
}

/* The probe took too long: the plugin hangs while loading. Killing the
 * process ends the communication, which then reports it. */
static gboolean
on_probe_timeout (gpointer user_data)
{
  GTask *task = user_data;
  Probe *probe = g_task_get_task_data (task);

  probe->timed_out = TRUE;
  g_subprocess_force_exit (probe->process);
  g_clear_pointer (&probe->timeout, g_source_unref);
  return G_SOURCE_REMOVE;
}

/* Reads the probe's outcome: its exit status and what it wrote. */
static void
on_probe_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  Probe *probe = g_task_get_task_data (task);
  GSubprocess *process = G_SUBPROCESS (source);
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *detail = NULL;
  const char *path = probe->path;

  if (probe->timeout != NULL)
    {
      g_source_destroy (probe->timeout);
      g_clear_pointer (&probe->timeout, g_source_unref);
    }
  if (!g_subprocess_communicate_finish (process, result, &out, NULL, &error))
    {
      /* Cancelled: the probe goes at once too. */
      g_subprocess_force_exit (process);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (probe->timed_out)
    {
      g_task_return_new_error (task, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                               _("%s: the plugin hung while loading (stopped after %d seconds)"),
                               path, ISLE_PLUGIN_PROBE_TIMEOUT_MS / 1000);
      return;
    }
  if (out != NULL)
    detail = g_strndup (g_bytes_get_data (out, NULL), MIN (g_bytes_get_size (out), 4096));
  else
    detail = g_strdup ("");
  if (g_subprocess_get_if_signaled (process))
    {
      g_task_return_new_error (task, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                               _("%s: the plugin crashed while loading (%s)"),
                               path, g_strsignal (g_subprocess_get_term_sig (process)));
      return;
    }
  if (g_subprocess_get_if_exited (process))
    {
      int status = g_subprocess_get_exit_status (process);

      if (status == ISLE_PLUGIN_CHECK_OK)
        {
          g_task_return_boolean (task, TRUE);
          return;
        }
      if (status >= ISLE_PLUGIN_CHECK_OPEN && status < ISLE_PLUGIN_CHECK_LAST)
        {
          set_check_error (&error, path, (Check) status, detail,
                           (guint32) g_ascii_strtoull (detail, NULL, 10));
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
    }
  g_task_return_new_error (task, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                           _("%s: the plugin crashed while loading (it ended the program with exit status %d)"),
                           path, g_subprocess_get_if_exited (process)
                                 ? g_subprocess_get_exit_status (process) : -1);
}

/* Runs the probe program on PATH, at most ISLE_PLUGIN_PROBE_TIMEOUT_MS. */
static void
probe_async (const char *path, GCancellable *cancellable,
             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  Probe *probe = g_new0 (Probe, 1);

  g_task_set_source_tag (task, probe_async);
  probe->path = g_strdup (path);
  g_task_set_task_data (task, probe, probe_free);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
#ifdef G_OS_UNIX
  probe_parent = getpid ();
  g_subprocess_launcher_set_child_setup (launcher, probe_child_setup, NULL, NULL);
#endif
  probe->process = g_subprocess_launcher_spawn (launcher, &error, isle_paths_plugin_probe (), path, NULL);
  if (probe->process == NULL)
    {
      g_task_return_new_error (task, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN,
                               _("%s: cannot test the plugin: %s"), path, error->message);
      return;
    }
  probe->timeout = g_timeout_source_new (ISLE_PLUGIN_PROBE_TIMEOUT_MS);
  g_task_attach_source (task, probe->timeout, on_probe_timeout);
  g_subprocess_communicate_async (probe->process, NULL, cancellable, on_probe_done,
                                  g_object_ref (task));
}

static gboolean
probe_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- loading ------------------------------------------------------------- */

/* Loads PATH in this process, once its probe has passed. */
static IslePlugin *
load_module (const char *path, GError **error)
{
  GModule *module;
  gpointer abi_symbol = NULL, register_symbol = NULL;
  const IsleAiPluginInfo *info = NULL;
  uint32_t version = 0;
  IslePlugin *plugin;
  Check check;

  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      set_check_error (error, path, ISLE_PLUGIN_CHECK_OPEN, g_module_error (), 0);
      return NULL;
    }
  if (!g_module_symbol (module, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL, &abi_symbol))
    abi_symbol = NULL;
  if (!g_module_symbol (module, ISLE_AI_PLUGIN_REGISTER_SYMBOL, &register_symbol))
    register_symbol = NULL;
  check = isle_plugin_check_symbols (abi_symbol, register_symbol, &version, &info);
  if (check != ISLE_PLUGIN_CHECK_OK)
    {
      set_check_error (error, path, check, NULL, version);
      g_module_close (module);
      return NULL;
    }
  /* Players and their threads may outlive every reference to the plugin. */
  g_module_make_resident (module);
  plugin = g_atomic_rc_box_new0 (IslePlugin);
  plugin->id = g_strconcat (ISLE_PLUGIN_ID_PREFIX, info->id, NULL);
  plugin->path = g_strdup (path);
  plugin->module = module;
  plugin->info = info;
  return plugin;
}

static void
on_file_probed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  const char *path = g_task_get_task_data (task);
  GError *error = NULL;
  IslePlugin *plugin;

  (void) source;
  if (!probe_finish (result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  plugin = load_module (path, &error);
  if (plugin == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, plugin, (GDestroyNotify) isle_plugin_unref);
}

void
isle_plugin_load_file_async (const char *path, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, isle_plugin_load_file_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  probe_async (path, cancellable, on_file_probed, task);
}

IslePlugin *
isle_plugin_load_file_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Waiting for an asynchronous call in a main context of our own, for the
 * synchronous calls (the CLI, tests). */
static void
on_sync_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  (void) source;
  *out = g_object_ref (result);
}

IslePlugin *
isle_plugin_load_file (const char *path, GError **error)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GAsyncResult) result = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  g_main_context_push_thread_default (context);
  isle_plugin_load_file_async (path, NULL, on_sync_done, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);
  return isle_plugin_load_file_finish (result, error);
}

void
isle_plugin_set_free (IslePluginSet *set)
{
  if (set == NULL)
    return;
  g_ptr_array_unref (set->dirs);
  g_ptr_array_unref (set->plugins);
  g_ptr_array_unref (set->refused);
  g_free (set);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The `*.so` files directly in DIR, sorted by name. */
static GPtrArray *
list_modules (const char *dir)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return files;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (name, "." G_MODULE_SUFFIX) || name[0] == '.')
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
  g_ptr_array_sort (files, compare_names);
  return files;
}

/* A scan: every candidate file is probed at once, and the set is put
 * together in search order when the last probe has answered. */
typedef struct
{
  IslePluginSet *set;
  GPtrArray *files;      /* char *: candidates, in search order */
  GPtrArray *outcomes;   /* IslePlugin * or GError *, per file (NULL while probing) */
  GArray *loaded;        /* gboolean per file: outcome is a plugin */
  guint pending;
} Scan;

static void
scan_free (gpointer data)
{
  Scan *scan = data;

  isle_plugin_set_free (scan->set);
  g_ptr_array_unref (scan->files);
  for (guint i = 0; i < scan->outcomes->len; i++)
    {
      gpointer outcome = g_ptr_array_index (scan->outcomes, i);

      if (outcome == NULL)
        continue;
      if (g_array_index (scan->loaded, gboolean, i))
        isle_plugin_unref (outcome);
      else
        g_error_free (outcome);
    }
  g_ptr_array_unref (scan->outcomes);
  g_array_unref (scan->loaded);
  g_free (scan);
}

typedef struct
{
  GTask *task;
  guint index;
} ScanItem;

/* Every probe has answered: the plugins in search order, the first with
 * an id winning. */
static void
scan_finish (GTask *task)
{
  Scan *scan = g_task_get_task_data (task);
  IslePluginSet *set = scan->set;

  if (g_task_return_error_if_cancelled (task))
    return;
  for (guint i = 0; i < scan->files->len; i++)
    {
      const char *path = g_ptr_array_index (scan->files, i);
      gpointer outcome = g_steal_pointer (&scan->outcomes->pdata[i]);
      IslePlugin *plugin, *taken;

      if (!g_array_index (scan->loaded, gboolean, i))
        {
          g_ptr_array_add (set->refused, outcome);
          continue;
        }
      plugin = outcome;
      taken = isle_plugin_set_find (set, plugin->id);
      if (taken != NULL)
        {
          g_ptr_array_add (set->refused,
                           g_error_new (ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_DUPLICATE,
                                        _("%s: the id “%s” is already taken by %s"),
                                        path, plugin->id, isle_plugin_get_path (taken)));
          isle_plugin_unref (plugin);
          continue;
        }
      g_ptr_array_add (set->plugins, plugin);
    }
  g_task_return_pointer (task, g_steal_pointer (&scan->set),
                         (GDestroyNotify) isle_plugin_set_free);
}

static void
on_scan_item (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ScanItem *item = user_data;
  g_autoptr (GTask) task = item->task;
  Scan *scan = g_task_get_task_data (task);
  GError *error = NULL;
  IslePlugin *plugin = isle_plugin_load_file_finish (result, &error);

  (void) source;
  g_array_index (scan->loaded, gboolean, item->index) = plugin != NULL;
  scan->outcomes->pdata[item->index] = plugin != NULL ? (gpointer) plugin : (gpointer) error;
  g_free (item);
  if (--scan->pending == 0)
    scan_finish (task);
}

void
isle_plugin_loader_load_async (const char *const *dirs, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Scan *scan = g_new0 (Scan, 1);

  g_task_set_source_tag (task, isle_plugin_loader_load_async);
  scan->set = g_new0 (IslePluginSet, 1);
  scan->set->dirs = g_ptr_array_new_with_free_func (g_free);
  scan->set->plugins = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_plugin_unref);
  scan->set->refused = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  scan->files = g_ptr_array_new_with_free_func (g_free);
  scan->outcomes = g_ptr_array_new ();
  scan->loaded = g_array_new (FALSE, TRUE, sizeof (gboolean));
  g_task_set_task_data (task, scan, scan_free);

  for (int i = 0; dirs != NULL && dirs[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) files = list_modules (dirs[i]);

      g_ptr_array_add (scan->set->dirs, g_strdup (dirs[i]));
      for (guint f = 0; f < files->len; f++)
        {
          char *path = g_ptr_array_index (files, f);
          g_autofree char *real = g_canonicalize_filename (path, NULL);

          /* The same file through two folders of the path: once. */
          if (g_hash_table_contains (seen, real))
            continue;
          g_hash_table_add (seen, g_steal_pointer (&real));
          g_ptr_array_add (scan->files, g_strdup (path));
        }
    }
  g_ptr_array_set_size (scan->outcomes, scan->files->len);
  g_array_set_size (scan->loaded, scan->files->len);
  if (scan->files->len == 0)
    {
      scan_finish (task);
      return;
    }
  scan->pending = scan->files->len;
  for (guint i = 0; i < scan->files->len; i++)
    {
      ScanItem *item = g_new0 (ScanItem, 1);

      item->task = g_object_ref (task);
      item->index = i;
      isle_plugin_load_file_async (g_ptr_array_index (scan->files, i), cancellable,
                                   on_scan_item, item);
    }
}

IslePluginSet *
isle_plugin_loader_load_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

IslePluginSet *
isle_plugin_loader_load (const char *const *dirs)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GAsyncResult) result = NULL;

  g_main_context_push_thread_default (context);
  isle_plugin_loader_load_async (dirs, NULL, on_sync_done, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);
  /* Never cancelled, so never NULL. */
  return isle_plugin_loader_load_finish (result, NULL);
}

/* ---- the process-wide set ------------------------------------------------ */

/* The set from the default folders: scanned in the background by the
 * application (isle_plugin_loader_scan_default()), or on first use by the
 * CLI and the tests (isle_plugin_loader_get_default()). Worker threads (a
 * computer player being made) may ask for it while the main thread scans:
 * they wait for it. */
static GMutex default_lock;
static GCond default_cond;
static IslePluginSet *default_set;
static gboolean default_scanning;
static GThread *default_scanner;        /* the thread whose context scans */
static GMainContext *default_context;   /* the context it scans on */

struct _IslePluginLoader
{
  GObject parent_instance;
};

enum
{
  PROP_0,
  PROP_READY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IslePluginLoader, isle_plugin_loader, G_TYPE_OBJECT)

static void
isle_plugin_loader_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_READY:
      g_value_set_boolean (value, isle_plugin_loader_get_ready (ISLE_PLUGIN_LOADER (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_plugin_loader_class_init (IslePluginLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = isle_plugin_loader_get_property;
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isle_plugin_loader_init (IslePluginLoader *self)
{
  (void) self;
}

IslePluginLoader *
isle_plugin_loader_get (void)
{
  static gsize once = 0;
  static IslePluginLoader *loader = NULL;

  if (g_once_init_enter (&once))
    {
      loader = g_object_new (ISLE_TYPE_PLUGIN_LOADER, NULL);
      g_once_init_leave (&once, 1);
    }
  return loader;
}

gboolean
isle_plugin_loader_get_ready (IslePluginLoader *self)
{
  gboolean ready;

  g_return_val_if_fail (ISLE_IS_PLUGIN_LOADER (self), FALSE);

  g_mutex_lock (&default_lock);
  ready = default_set != NULL;
  g_mutex_unlock (&default_lock);
  return ready;
}

static void
log_refusals (IslePluginSet *set)
{
  for (guint i = 0; i < set->refused->len; i++)
    g_debug ("refused plugin: %s", ((GError *) g_ptr_array_index (set->refused, i))->message);
}

/* Keeps SET (NULL: the scan was cancelled, no plugin then) as the default
 * set and tells whoever waits. */
static void
default_set_done (IslePluginSet *set)
{
  if (set == NULL)
    {
      set = g_new0 (IslePluginSet, 1);
      set->dirs = g_ptr_array_new_with_free_func (g_free);
      set->plugins = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_plugin_unref);
      set->refused = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
    }
  log_refusals (set);
  g_mutex_lock (&default_lock);
  default_set = set;
  default_scanning = FALSE;
  default_scanner = NULL;
  g_clear_pointer (&default_context, g_main_context_unref);
  g_cond_broadcast (&default_cond);
  g_mutex_unlock (&default_lock);
}

static void
on_default_scanned (GObject *source, GAsyncResult *result, gpointer user_data)
{
  IslePluginLoader *loader = isle_plugin_loader_get ();   /* its class, and so its pspecs */

  (void) source;
  (void) user_data;
  default_set_done (isle_plugin_loader_load_finish (result, NULL));
  g_object_notify_by_pspec (G_OBJECT (loader), properties[PROP_READY]);
}

void
isle_plugin_loader_scan_default (GCancellable *cancellable)
{
  g_auto (GStrv) dirs = NULL;

  g_mutex_lock (&default_lock);
  if (default_set != NULL || default_scanning)
    {
      g_mutex_unlock (&default_lock);
      return;
    }
  default_scanning = TRUE;
  default_scanner = g_thread_self ();
  default_context = g_main_context_ref_thread_default ();
  g_mutex_unlock (&default_lock);

  dirs = isle_paths_plugin_dirs ();
  isle_plugin_loader_load_async ((const char *const *) dirs, cancellable,
                                 on_default_scanned, NULL);
}

IslePluginSet *
isle_plugin_loader_peek_default (void)
{
  gboolean scanning;

  g_mutex_lock (&default_lock);
  scanning = default_scanning;
  g_mutex_unlock (&default_lock);
  /* Nobody scans in the background (the CLI, tests): scan now. */
  return scanning ? NULL : isle_plugin_loader_get_default ();
}

IslePluginSet *
isle_plugin_loader_get_default (void)
{
  g_mutex_lock (&default_lock);
  while (default_set == NULL)
    {
      if (default_scanning && default_scanner == g_thread_self ())
        {
          /* The scan runs on this thread's context: let it go on. */
          GMainContext *context = g_main_context_ref (default_context);

          g_mutex_unlock (&default_lock);
          g_main_context_iteration (context, TRUE);
          g_main_context_unref (context);
          g_mutex_lock (&default_lock);
        }
      else if (default_scanning)
        g_cond_wait (&default_cond, &default_lock);
      else
        {
          g_auto (GStrv) dirs = isle_paths_plugin_dirs ();
          IslePluginSet *set;

          default_scanning = TRUE;
          g_mutex_unlock (&default_lock);
          set = isle_plugin_loader_load ((const char *const *) dirs);
          default_set_done (set);
          g_mutex_lock (&default_lock);
        }
    }
  g_mutex_unlock (&default_lock);
  return default_set;
}

IslePlugin *
isle_plugin_set_find (IslePluginSet *set, const char *id)
{
  g_return_val_if_fail (set != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  if (!g_str_has_prefix (id, ISLE_PLUGIN_ID_PREFIX))
    {
      g_autofree char *full = g_strconcat (ISLE_PLUGIN_ID_PREFIX, id, NULL);
      return isle_plugin_set_find (set, full);
    }
  for (guint i = 0; i < set->plugins->len; i++)
    {
      IslePlugin *plugin = g_ptr_array_index (set->plugins, i);

      if (strcmp (plugin->id, id) == 0)
        return plugin;
    }
  return NULL;
}
