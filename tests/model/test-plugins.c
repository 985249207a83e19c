/* test-plugins.c — AI plugins: the sample plugin loads and plays whole
 * games through IsleAiPlayer with legal actions only; broken plugins (wrong
 * ABI, missing symbols, register returning NULL, a crash in register, bad
 * fields) are refused with a message naming the file and the reason, and
 * the loader survives them and still returns the good plugin. */
#include "config.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <signal.h>
#include <sys/types.h>

#include "isle-paths.h"
#include "isle-plugin-loader.h"
#include "isle-plugin-player.h"
#include "isle-rules-json.h"

/* The build folders of the sample and of the broken test plugins. */
static char *sample_dir;
static char *bad_dir;
static char *misbehaving_dir;
static char *stalled_dir;

static IslePluginSet *
load_test_set (void)
{
  const char *dirs[] = { bad_dir, sample_dir, NULL };

  return isle_plugin_loader_load (dirs);
}

static const GError *
find_refusal (IslePluginSet *set, const char *file)
{
  for (guint i = 0; i < set->refused->len; i++)
    {
      const GError *error = g_ptr_array_index (set->refused, i);

      if (strstr (error->message, file) != NULL)
        return error;
    }
  return NULL;
}

static void
test_plugins_sample_loads (void)
{
  g_autoptr (IslePluginSet) set = load_test_set ();
  IslePlugin *plugin;
  g_autofree char *base = NULL;

  g_assert_cmpuint (set->plugins->len, ==, 1);
  plugin = isle_plugin_set_find (set, "plugin:sample");
  g_assert_nonnull (plugin);
  g_assert_true (plugin == isle_plugin_set_find (set, "sample"));
  g_assert_null (isle_plugin_set_find (set, "plugin:nobody"));
  g_assert_cmpstr (isle_plugin_get_id (plugin), ==, "plugin:sample");
  g_assert_cmpstr (isle_plugin_get_name (plugin), ==, "Sample Piggy");
  g_assert_cmpstr (isle_plugin_get_description (plugin), !=, "");
  g_assert_cmpint (isle_plugin_get_strength (plugin), ==, 5);
  base = g_path_get_basename (isle_plugin_get_path (plugin));
  g_assert_cmpstr (base, ==, "critter-isle-sample.so");
  g_assert_cmpuint (isle_plugin_get_info (plugin)->abi_version, ==, ISLE_AI_PLUGIN_ABI_VERSION);
  g_assert_cmpuint (set->dirs->len, ==, 2);
}

/* Each broken plugin is refused for its own reason; the crashing one is
 * caught in the probe (this process is still here to check). */
static void
test_plugins_refusals (void)
{
  static const struct
  {
    const char *file;
    IslePluginError code;
    const char *reason;
  } cases[] = {
    { "bad-abi.so", ISLE_PLUGIN_ERROR_ABI, "ABI version 42" },
    { "bad-no-abi.so", ISLE_PLUGIN_ERROR_NO_SYMBOL, "isle_ai_plugin_abi_version" },
    { "bad-no-register.so", ISLE_PLUGIN_ERROR_NO_SYMBOL, "isle_ai_plugin_register" },
    { "bad-null.so", ISLE_PLUGIN_ERROR_INVALID, "returned NULL" },
    { "bad-crash.so", ISLE_PLUGIN_ERROR_CRASHED, "crashed" },
    { "bad-fields.so", ISLE_PLUGIN_ERROR_INVALID, "id" },
  };
  g_autoptr (IslePluginSet) set = load_test_set ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const GError *error = find_refusal (set, cases[i].file);
      g_autofree char *path = g_build_filename (bad_dir, cases[i].file, NULL);

      g_test_message ("%s", error ? error->message : cases[i].file);
      g_assert_nonnull (error);
      g_assert_error (error, ISLE_PLUGIN_ERROR, (gint) cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, cases[i].reason));
    }
  g_assert_cmpuint (set->refused->len, ==, G_N_ELEMENTS (cases));
  /* The good plugin is still there, after the bad ones. */
  g_assert_nonnull (isle_plugin_set_find (set, "plugin:sample"));
}

/* A single file: missing, not a module at all, a crash. */
static void
test_plugins_load_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("critter-isle-plugins-XXXXXX", NULL);
  g_autofree char *junk = g_build_filename (dir, "junk.so", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.so", NULL);
  g_autofree char *crash = g_build_filename (bad_dir, "bad-crash.so", NULL);
  g_autoptr (IslePlugin) plugin = NULL;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (junk, "not an ELF file\n", -1, NULL));

  plugin = isle_plugin_load_file (missing, &error);
  g_assert_null (plugin);
  g_assert_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  plugin = isle_plugin_load_file (junk, &error);
  g_assert_null (plugin);
  g_assert_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_OPEN);
  g_assert_nonnull (strstr (error->message, junk));
  g_clear_error (&error);

  plugin = isle_plugin_load_file (crash, &error);
  g_assert_null (plugin);
  g_assert_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED);
  g_clear_error (&error);

  g_assert_cmpint (g_remove (junk), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A second plugin with a taken id is refused; the same file reached
 * through two folders is loaded once. */
static void
test_plugins_duplicates (void)
{
  g_autofree char *dir = g_dir_make_tmp ("critter-isle-plugins-XXXXXX", NULL);
  g_autofree char *source = g_build_filename (sample_dir, "critter-isle-sample.so", NULL);
  g_autofree char *copy = g_build_filename (dir, "another-sample.so", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  const char *dirs[] = { sample_dir, sample_dir, dir, NULL };
  g_autoptr (IslePluginSet) set = NULL;
  const GError *error;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, (gssize) length, NULL));
  set = isle_plugin_loader_load (dirs);
  g_assert_cmpuint (set->plugins->len, ==, 1);
  g_assert_cmpuint (set->refused->len, ==, 1);
  error = g_ptr_array_index (set->refused, 0);
  g_assert_error (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_DUPLICATE);
  g_assert_nonnull (strstr (error->message, copy));
  g_assert_nonnull (strstr (error->message, "plugin:sample"));

  g_assert_cmpint (g_remove (copy), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* CRITTER_ISLE_PLUGIN_PATH comes first, then the user's folder, then the
 * installed one. */
static void
test_plugins_default_dirs (void)
{
  g_autofree char *path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, bad_dir, "", sample_dir, NULL);
  g_auto (GStrv) dirs = NULL;
  g_autofree char *user = g_build_filename (g_get_user_data_dir (), "critter-isle", "ai", NULL);

  g_setenv (ISLE_PATHS_PLUGIN_ENV, path, TRUE);
  dirs = isle_paths_plugin_dirs ();
  g_assert_cmpuint (g_strv_length (dirs), ==, 4);
  g_assert_cmpstr (dirs[0], ==, bad_dir);
  g_assert_cmpstr (dirs[1], ==, sample_dir);
  g_assert_cmpstr (dirs[2], ==, user);
  g_assert_cmpstr (dirs[3], ==, PLUGINDIR);
}

static void
start_game (IsleState *s, IsleVariant variant, IsleOpeningHand opening)
{
  IsleRules rules;
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  rules.opening_hand = opening;
  g_assert_true (isle_state_init (s, &rules, variant, 0, 17));
}

/* Plays a game of VARIANT with the sample in every seat; returns the
 * actions taken, to compare runs. */
static GArray *
play_sample_game (IsleAiPlayer *players[ISLE_MAX_SEATS], IsleVariant variant,
                  IsleOpeningHand opening)
{
  GArray *taken = g_array_new (FALSE, FALSE, sizeof (IsleAction));
  IsleState s;

  start_game (&s, variant, opening);
  while (!isle_state_is_terminal (&s))
    {
      IsleObservation obs;
      IsleActionList list;
      IsleAction a;
      g_autoptr (GError) error = NULL;
      gboolean can_place_wolf = FALSE;

      isle_state_observe (&s, isle_state_to_move (&s), &obs);
      g_assert_true (isle_ai_player_choose_sync (players[s.to_move], &obs, 0.5, &a, &error));
      g_assert_no_error (error);
      g_assert_true (isle_state_is_legal (&s, a));
      /* The sample's rule: a Wolf placement whenever there is one. */
      isle_state_legal_actions (&s, &list);
      for (int i = 0; i < list.n; i++)
        if (isle_action_type (list.actions[i]) == ISLE_ACTION_PLACE
            && isle_action_kind (list.actions[i]) == ISLE_KIND_WOLF)
          can_place_wolf = TRUE;
      if (can_place_wolf)
        {
          g_assert_cmpint (isle_action_type (a), ==, ISLE_ACTION_PLACE);
          g_assert_cmpint (isle_action_kind (a), ==, ISLE_KIND_WOLF);
        }
      g_array_append_val (taken, a);
      g_assert_true (isle_state_apply (&s, a));
    }
  return taken;
}

static void
test_plugins_plays_games (void)
{
  g_autoptr (IslePluginSet) set = load_test_set ();
  IslePlugin *plugin = isle_plugin_set_find (set, "plugin:sample");
  IsleAiPlayer *players[ISLE_MAX_SEATS];

  g_assert_nonnull (plugin);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      g_autoptr (GError) error = NULL;

      players[seat] = isle_plugin_player_new (plugin, &error);
      g_assert_no_error (error);
      g_assert_nonnull (players[seat]);
    }
  g_assert_cmpstr (isle_ai_player_get_id (players[0]), ==, "plugin:sample");
  g_assert_cmpstr (isle_ai_player_get_name (players[0]), ==, "Sample Piggy");
  g_assert_cmpint (isle_ai_player_get_strength (players[0]), ==, 5);

  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    for (int o = 0; o < 2; o++)
      {
        IsleOpeningHand opening = o ? ISLE_OPENING_CHOOSE : ISLE_OPENING_DEAL;
        g_autoptr (GArray) first = NULL;
        g_autoptr (GArray) second = NULL;

        g_test_message ("variant %s, opening %d", isle_variant_id ((IsleVariant) v), o);
        first = play_sample_game (players, (IsleVariant) v, opening);
        second = play_sample_game (players, (IsleVariant) v, opening);
        g_assert_cmpuint (first->len, >, 0);
        /* Deterministic: the same game twice. */
        g_assert_cmpmem (first->data, first->len * sizeof (IsleAction),
                         second->data, second->len * sizeof (IsleAction));
      }
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_object_unref (players[seat]);
}

/* A cancelled choice ends with G_IO_ERROR_CANCELLED, not an action. */
typedef struct
{
  GMainLoop *loop;
  gboolean ok;
  GError *error;
} Wait;

static void
chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;
  IsleAction action;

  wait->ok = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action,
                                           &wait->error);
  g_main_loop_quit (wait->loop);
}

static void
test_plugins_cancel (void)
{
  g_autoptr (IslePluginSet) set = load_test_set ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleAiPlayer) player = isle_plugin_player_new (isle_plugin_set_find (set, "sample"), &error);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Wait wait = { g_main_loop_new (NULL, FALSE), TRUE, NULL };
  IsleObservation obs;
  IsleState s;

  g_assert_no_error (error);
  start_game (&s, ISLE_VARIANT_WEATHER, ISLE_OPENING_DEAL);
  isle_state_observe (&s, isle_state_to_move (&s), &obs);
  g_cancellable_cancel (cancellable);
  isle_ai_player_choose_async (player, &obs, 0, cancellable, chosen, &wait);
  g_main_loop_run (wait.loop);
  g_assert_false (wait.ok);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&wait.error);
  g_main_loop_unref (wait.loop);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* A plugin that loads but answers out of range, then gives up, then thinks
 * until cancelled: two errors and a prompt cancellation, never an action. */
static void
test_plugins_bad_answers (void)
{
  const char *dirs[] = { misbehaving_dir, NULL };
  g_autoptr (IslePluginSet) set = isle_plugin_loader_load (dirs);
  g_autoptr (IsleAiPlayer) player = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Wait wait = { g_main_loop_new (NULL, FALSE), TRUE, NULL };
  IsleObservation obs;
  IsleState s;
  IsleAction a;
  gint64 start;

  g_assert_cmpuint (set->refused->len, ==, 0);
  g_assert_cmpuint (set->plugins->len, ==, 1);
  player = isle_plugin_player_new (isle_plugin_set_find (set, "bad-choose"), &error);
  g_assert_no_error (error);
  start_game (&s, ISLE_VARIANT_BASIC, ISLE_OPENING_DEAL);
  isle_state_observe (&s, isle_state_to_move (&s), &obs);

  g_assert_false (isle_ai_player_choose_sync (player, &obs, 0, &a, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "plugin:bad-choose"));
  g_clear_error (&error);

  g_assert_false (isle_ai_player_choose_sync (player, &obs, 0, &a, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_clear_error (&error);

  /* Cancelled while it thinks: it sees the flag and the call ends. */
  start = g_get_monotonic_time ();
  isle_ai_player_choose_async (player, &obs, 0, cancellable, chosen, &wait);
  g_timeout_add (50, cancel_later, cancellable);
  g_main_loop_run (wait.loop);
  g_assert_false (wait.ok);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_clear_error (&wait.error);
  g_main_loop_unref (wait.loop);
}

/* ---- probing a plugin that hangs (bad-stall.so) ------------------------ */

/* Whether PID is a process that still runs (a zombie has ended). */
static gboolean
process_runs (GPid pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char *state;

  if (kill (pid, 0) != 0)
    return errno != ESRCH;
  if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
    return FALSE;
  state = strrchr (stat, ')');
  return state == NULL || state[1] == '\0' || state[2] != 'Z';
}

/* The pid bad-stall.so wrote in PIDFILE once its probe hangs, the main
 * context running meanwhile. */
static GPid
wait_for_stall (const char *pidfile)
{
  g_autofree char *text = NULL;

  while (!g_file_get_contents (pidfile, &text, NULL, NULL))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  return (GPid) g_ascii_strtoll (text, NULL, 10);
}

/* The process PID goes away (it was killed: at once, but its end is seen
 * by another process a little later); stops the test after 10 s. */
static void
assert_process_goes (GPid pid)
{
  for (int i = 0; i < 1000 && process_runs (pid); i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_assert_false (process_runs (pid));
}

static char *
stall_pidfile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("critter-isle-stall-XXXXXX", NULL);
  char *pidfile = g_build_filename (dir, "pid", NULL);

  g_setenv ("ISLE_TEST_STALL_PIDFILE", pidfile, TRUE);
  return pidfile;
}

static void
forget_pidfile (const char *pidfile)
{
  g_autofree char *dir = g_path_get_dirname (pidfile);

  g_unsetenv ("ISLE_TEST_STALL_PIDFILE");
  g_remove (pidfile);
  g_rmdir (dir);
}

static void
on_set_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  IslePluginSet **set = user_data;

  (void) source;
  *set = isle_plugin_loader_load_finish (result, NULL);
  g_assert_nonnull (*set);
}

/* A plugin that hangs while loading is refused when its probe's time is
 * up, and its process is killed; the scan never held up its caller (it
 * returned before the probe began, and the caller's main context ran all
 * along), and the other plugins load. */
static void
test_plugins_probe_timeout (void)
{
  const char *dirs[] = { stalled_dir, sample_dir, NULL };
  g_autofree char *pidfile = stall_pidfile ();
  g_autoptr (IslePluginSet) set = NULL;
  const GError *refusal;
  GPid pid;

  isle_plugin_loader_load_async (dirs, NULL, on_set_loaded, &set);
  g_assert_null (set);
  /* The probe hangs in its own process, while this one goes on. */
  pid = wait_for_stall (pidfile);
  g_assert_true (process_runs (pid));
  g_assert_null (set);
  while (set == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (process_runs (pid));
  g_assert_cmpuint (set->plugins->len, ==, 1);
  g_assert_nonnull (isle_plugin_set_find (set, "plugin:sample"));
  refusal = find_refusal (set, "bad-stall.so");
  g_assert_nonnull (refusal);
  g_assert_error (refusal, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED);
  g_assert_nonnull (strstr (refusal->message, "hung"));
  forget_pidfile (pidfile);
}

static void
on_file_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;
  IslePlugin *plugin;

  (void) source;
  plugin = isle_plugin_load_file_finish (result, error);
  g_assert_null (plugin);
  g_assert_nonnull (*error);
}

/* Cancelling a probe answers at once and kills its process. */
static void
test_plugins_probe_cancel (void)
{
  g_autofree char *pidfile = stall_pidfile ();
  g_autofree char *path = g_build_filename (stalled_dir, "bad-stall.so", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  GPid pid;

  isle_plugin_load_file_async (path, cancellable, on_file_loaded, &error);
  pid = wait_for_stall (pidfile);
  g_assert_true (process_runs (pid));
  g_cancellable_cancel (cancellable);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  assert_process_goes (pid);
  forget_pidfile (pidfile);
}

/* A probe dies with the program that started it: `critter-isle-cli
 * plugins`, killed while a plugin hangs, leaves no process behind. */
static void
test_plugins_probe_dies_with_caller (void)
{
  g_autofree char *pidfile = stall_pidfile ();
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_autoptr (GSubprocess) cli = NULL;
  g_autoptr (GError) error = NULL;
  GPid pid;

  g_subprocess_launcher_setenv (launcher, "CRITTER_ISLE_PLUGIN_PATH", stalled_dir, TRUE);
  cli = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "plugins", NULL);
  g_assert_no_error (error);
  pid = wait_for_stall (pidfile);
  g_assert_true (process_runs (pid));
  g_subprocess_force_exit (cli);
  g_assert_true (g_subprocess_wait (cli, NULL, &error));
  g_assert_no_error (error);
  assert_process_goes (pid);
  forget_pidfile (pidfile);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  bad_dir = g_test_build_filename (G_TEST_BUILT, "plugins", NULL);
  misbehaving_dir = g_test_build_filename (G_TEST_BUILT, "plugins", "misbehaving", NULL);
  sample_dir = g_test_build_filename (G_TEST_BUILT, "..", "src", "ai", "plugins", NULL);
  stalled_dir = g_test_build_filename (G_TEST_BUILT, "plugins", "stalled", NULL);
  g_test_add_func ("/plugins/sample-loads", test_plugins_sample_loads);
  g_test_add_func ("/plugins/refusals", test_plugins_refusals);
  g_test_add_func ("/plugins/load-file", test_plugins_load_file);
  g_test_add_func ("/plugins/duplicates", test_plugins_duplicates);
  g_test_add_func ("/plugins/default-dirs", test_plugins_default_dirs);
  g_test_add_func ("/plugins/plays-games", test_plugins_plays_games);
  g_test_add_func ("/plugins/cancel", test_plugins_cancel);
  g_test_add_func ("/plugins/bad-answers", test_plugins_bad_answers);
  g_test_add_func ("/plugins/probe-timeout", test_plugins_probe_timeout);
  g_test_add_func ("/plugins/probe-cancel", test_plugins_probe_cancel);
  g_test_add_func ("/plugins/probe-dies-with-caller", test_plugins_probe_dies_with_caller);
  status = g_test_run ();
  g_free (bad_dir);
  g_free (sample_dir);
  g_free (misbehaving_dir);
  g_free (stalled_dir);
  return status;
}
