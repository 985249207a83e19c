/* isle-plugin-loader.c — finds, probes and loads AI plugins.
 *
 * A candidate goes through the same checks twice: first in a forked child
 * (dlopen, the ABI version, register, the description), which reports by
 * its exit status, so a crash or a hang there only refuses the plugin; then
 * in this process through GModule. */
#include "config.h"

#include <glib/gi18n.h>
#include <gmodule.h>
#include <stdio.h>
#include <string.h>

#ifdef G_OS_UNIX
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "isle-plugin-loader.h"

/* How long a plugin may take to load in the probe before it is refused. */
#define PROBE_TIMEOUT_MS 5000

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

/* The outcome of the checks; also the probe's exit status. */
typedef enum
{
  CHECK_OK = 0,
  CHECK_OPEN = 10,
  CHECK_NO_ABI_SYMBOL,
  CHECK_ABI,
  CHECK_NO_REGISTER_SYMBOL,
  CHECK_REGISTER_NULL,
  CHECK_INFO_ABI,
  CHECK_BAD_ID,
  CHECK_NO_NAME,
  CHECK_NO_FUNCTION,
  CHECK_LAST,
} Check;

gboolean
isle_plugin_id_is_valid (const char *id)
{
  size_t n = 0;

  if (id == NULL)
    return FALSE;
  for (; id[n] != '\0'; n++)
    if (!((id[n] >= 'a' && id[n] <= 'z') || (id[n] >= '0' && id[n] <= '9')
          || id[n] == '-' || id[n] == '_' || id[n] == '.'))
      return FALSE;
  return n >= 1 && n <= 32;
}

/* Runs the checks on a module's two symbols (NULL when missing). Calls
 * register only when the ABI version matches. VERSION gets the module's
 * ABI version. */
static Check
check_symbols (gpointer abi_symbol, gpointer register_symbol,
               guint32 *version, const IsleAiPluginInfo **info_out)
{
  uint32_t (*abi_version) (void) = (uint32_t (*) (void)) abi_symbol;
  const IsleAiPluginInfo *(*register_plugin) (void)
    = (const IsleAiPluginInfo *(*) (void)) register_symbol;
  const IsleAiPluginInfo *info;

  if (abi_version == NULL)
    return CHECK_NO_ABI_SYMBOL;
  *version = abi_version ();
  if (*version != ISLE_AI_PLUGIN_ABI_VERSION)
    return CHECK_ABI;
  if (register_plugin == NULL)
    return CHECK_NO_REGISTER_SYMBOL;
  info = register_plugin ();
  if (info == NULL)
    return CHECK_REGISTER_NULL;
  if (info->abi_version != ISLE_AI_PLUGIN_ABI_VERSION)
    {
      *version = info->abi_version;
      return CHECK_INFO_ABI;
    }
  if (!isle_plugin_id_is_valid (info->id))
    return CHECK_BAD_ID;
  if (info->name == NULL || info->name[0] == '\0')
    return CHECK_NO_NAME;
  if (info->create == NULL || info->destroy == NULL || info->choose == NULL)
    return CHECK_NO_FUNCTION;
  *info_out = info;
  return CHECK_OK;
}

static void
set_check_error (GError **error, const char *path, Check check,
                 const char *detail, guint32 version)
{
  switch (check)
    {
    case CHECK_OK:
    case CHECK_LAST:
      g_assert_not_reached ();
      break;
    case CHECK_OPEN:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN,
                   _("%s: cannot be loaded as a plugin: %s"), path,
                   detail && *detail ? detail : _("unknown error"));
      break;
    case CHECK_NO_ABI_SYMBOL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NO_SYMBOL,
                   _("%s: not a Critter Isle plugin: it has no %s function"),
                   path, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL);
      break;
    case CHECK_ABI:
    case CHECK_INFO_ABI:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_ABI,
                   _("%s: built for plugin ABI version %u, but this game needs version %u; rebuild the plugin"),
                   path, version, (guint) ISLE_AI_PLUGIN_ABI_VERSION);
      break;
    case CHECK_NO_REGISTER_SYMBOL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_NO_SYMBOL,
                   _("%s: not a complete plugin: it has no %s function"),
                   path, ISLE_AI_PLUGIN_REGISTER_SYMBOL);
      break;
    case CHECK_REGISTER_NULL:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin declined to register (%s returned NULL)"),
                   path, ISLE_AI_PLUGIN_REGISTER_SYMBOL);
      break;
    case CHECK_BAD_ID:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin’s id must be 1 to 32 characters out of a-z, 0-9, “-”, “_” and “.”"),
                   path);
      break;
    case CHECK_NO_NAME:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin has no name"), path);
      break;
    case CHECK_NO_FUNCTION:
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_INVALID,
                   _("%s: the plugin lacks one of its create, destroy and choose functions"),
                   path);
      break;
    }
}

#ifdef G_OS_UNIX
/* In the child: the checks through dlopen (not GModule, whose lock another
 * thread of the parent may have held at the fork). Writes a detail to FD,
 * returns the exit status. */
static int
probe_child (const char *path, int fd)
{
  char detail[512] = "";
  guint32 version = 0;
  const IsleAiPluginInfo *info = NULL;
  void *handle;
  Check check;
  ssize_t ignored;

  handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL)
    {
      const char *message = dlerror ();

      g_strlcpy (detail, message ? message : "", sizeof detail);
      check = CHECK_OPEN;
    }
  else
    {
      check = check_symbols (dlsym (handle, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL),
                             dlsym (handle, ISLE_AI_PLUGIN_REGISTER_SYMBOL),
                             &version, &info);
      g_snprintf (detail, sizeof detail, "%u", version);
    }
  ignored = write (fd, detail, strlen (detail));
  (void) ignored;
  return check;
}

/* Milliseconds left until DEADLINE (monotonic µs), at least 0. */
static int
ms_left (gint64 deadline)
{
  gint64 left = (deadline - g_get_monotonic_time ()) / 1000;

  return (int) CLAMP (left, 0, G_MAXINT);
}

/* Runs probe_child() in a child process and waits for it, at most
 * PROBE_TIMEOUT_MS. */
static gboolean
probe (const char *path, GError **error)
{
  gint64 deadline = g_get_monotonic_time () + PROBE_TIMEOUT_MS * (gint64) 1000;
  GString *detail = g_string_new (NULL);
  int fds[2];
  int status = 0;
  gboolean exited = FALSE;
  pid_t pid;

  if (pipe (fds) != 0)
    {
      int saved = errno;
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN,
                   _("%s: cannot test the plugin: %s"), path, g_strerror (saved));
      g_string_free (detail, TRUE);
      return FALSE;
    }
  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  if (pid < 0)
    {
      int saved = errno;
      close (fds[0]);
      close (fds[1]);
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN,
                   _("%s: cannot test the plugin: %s"), path, g_strerror (saved));
      g_string_free (detail, TRUE);
      return FALSE;
    }
  if (pid == 0)
    {
      struct rlimit no_core = { 0, 0 };

      close (fds[0]);
      /* A crash here is expected now and then: no core file for it. */
      setrlimit (RLIMIT_CORE, &no_core);
      _exit (probe_child (path, fds[1]));
    }
  close (fds[1]);

  /* The detail, up to end of file (the child's exit) or the deadline. */
  for (;;)
    {
      struct pollfd pfd = { fds[0], POLLIN, 0 };
      char buf[256];
      ssize_t n;
      int ready = poll (&pfd, 1, ms_left (deadline));

      if (ready < 0 && errno == EINTR)
        continue;
      if (ready <= 0)
        break;
      n = read (fds[0], buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      if (detail->len < 4096)
        g_string_append_len (detail, buf, n);
    }
  close (fds[0]);

  /* The child closed its end: it should be gone or going. */
  for (;;)
    {
      pid_t done = waitpid (pid, &status, WNOHANG);

      if (done == pid)
        {
          exited = TRUE;
          break;
        }
      if (done < 0 && errno != EINTR)
        break;
      if (ms_left (deadline) == 0)
        break;
      g_usleep (1000);
    }
  if (!exited)
    {
      kill (pid, SIGKILL);
      while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
        ;
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                   _("%s: the plugin hung while loading (stopped after %d seconds)"),
                   path, PROBE_TIMEOUT_MS / 1000);
      g_string_free (detail, TRUE);
      return FALSE;
    }

  if (WIFSIGNALED (status))
    {
      g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                   _("%s: the plugin crashed while loading (%s)"),
                   path, g_strsignal (WTERMSIG (status)));
      g_string_free (detail, TRUE);
      return FALSE;
    }
  if (WIFEXITED (status) && WEXITSTATUS (status) == CHECK_OK)
    {
      g_string_free (detail, TRUE);
      return TRUE;
    }
  if (WIFEXITED (status) && WEXITSTATUS (status) >= CHECK_OPEN
      && WEXITSTATUS (status) < CHECK_LAST)
    set_check_error (error, path, (Check) WEXITSTATUS (status), detail->str,
                     (guint32) g_ascii_strtoull (detail->str, NULL, 10));
  else
    g_set_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED,
                 _("%s: the plugin crashed while loading (it ended the program with exit status %d)"),
                 path, WIFEXITED (status) ? WEXITSTATUS (status) : -1);
  g_string_free (detail, TRUE);
  return FALSE;
}
#else
static gboolean
probe (const char *path, GError **error)
{
  (void) path;
  (void) error;
  return TRUE;
}
#endif

IslePlugin *
isle_plugin_load_file (const char *path, GError **error)
{
  GModule *module;
  gpointer abi_symbol = NULL, register_symbol = NULL;
  const IsleAiPluginInfo *info = NULL;
  guint32 version = 0;
  IslePlugin *plugin;
  Check check;

  g_return_val_if_fail (path != NULL, NULL);

  if (!probe (path, error))
    return NULL;
  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      set_check_error (error, path, CHECK_OPEN, g_module_error (), 0);
      return NULL;
    }
  if (!g_module_symbol (module, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL, &abi_symbol))
    abi_symbol = NULL;
  if (!g_module_symbol (module, ISLE_AI_PLUGIN_REGISTER_SYMBOL, &register_symbol))
    register_symbol = NULL;
  check = check_symbols (abi_symbol, register_symbol, &version, &info);
  if (check != CHECK_OK)
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

GStrv
isle_plugin_loader_default_dirs (void)
{
  g_autoptr (GStrvBuilder) dirs = g_strv_builder_new ();
  const char *env = g_getenv ("CRITTER_ISLE_PLUGIN_PATH");
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "critter-isle", "ai", NULL);

  if (env != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (int i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_strv_builder_add (dirs, parts[i]);
    }
  g_strv_builder_add (dirs, user_dir);
  g_strv_builder_add (dirs, PLUGINDIR);
  return g_strv_builder_end (dirs);
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

IslePluginSet *
isle_plugin_loader_load (const char *const *dirs)
{
  IslePluginSet *set = g_new0 (IslePluginSet, 1);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  set->dirs = g_ptr_array_new_with_free_func (g_free);
  set->plugins = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_plugin_unref);
  set->refused = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);

  for (int i = 0; dirs != NULL && dirs[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) files = list_modules (dirs[i]);

      g_ptr_array_add (set->dirs, g_strdup (dirs[i]));
      for (guint f = 0; f < files->len; f++)
        {
          const char *path = g_ptr_array_index (files, f);
          g_autofree char *real = g_canonicalize_filename (path, NULL);
          GError *error = NULL;
          IslePlugin *plugin;

          /* The same file through two folders of the path: once. */
          if (g_hash_table_contains (seen, real))
            continue;
          g_hash_table_add (seen, g_steal_pointer (&real));

          plugin = isle_plugin_load_file (path, &error);
          if (plugin == NULL)
            {
              g_ptr_array_add (set->refused, error);
              continue;
            }
          if (isle_plugin_set_find (set, plugin->id) != NULL)
            {
              g_ptr_array_add (set->refused,
                               g_error_new (ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_DUPLICATE,
                                            _("%s: the id “%s” is already taken by %s"),
                                            path, plugin->id,
                                            isle_plugin_get_path (isle_plugin_set_find (set, plugin->id))));
              isle_plugin_unref (plugin);
              continue;
            }
          g_ptr_array_add (set->plugins, plugin);
        }
    }
  return set;
}

IslePluginSet *
isle_plugin_loader_get_default (void)
{
  static gsize once = 0;
  static IslePluginSet *set = NULL;

  if (g_once_init_enter (&once))
    {
      g_auto (GStrv) dirs = isle_plugin_loader_default_dirs ();

      set = isle_plugin_loader_load ((const char *const *) dirs);
      for (guint i = 0; i < set->refused->len; i++)
        g_debug ("refused plugin: %s", ((GError *) g_ptr_array_index (set->refused, i))->message);
      g_once_init_leave (&once, 1);
    }
  return set;
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
