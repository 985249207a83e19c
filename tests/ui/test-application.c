/* test-application.c — the application as the desktop starts it: every
 * file given is opened (the first in the game window, each further one in
 * an editor, a bad one with its message and without stopping the others),
 * and the first window shows while a plugin that hangs is still being
 * probed, the players' list filling in when the probes end. */
#include "config.h"

#include <string.h>

#include "isle-application.h"
#include "isle-editor-window.h"
#include "isle-plugin-loader.h"
#include "isle-settings.h"
#include "isle-ui-test.h"
#include "isle-window.h"

/* The application as the app makes it, registered but not run (the test
 * runs the main loop), non-unique so it never hands a file to another
 * instance. Its start-up begins probing the plugins of
 * CRITTER_ISLE_PLUGIN_PATH (set in main()). */
static GApplication *
app_get (void)
{
  static GApplication *app = NULL;

  if (app == NULL)
    {
      g_autoptr (GError) error = NULL;

      app = G_APPLICATION (isle_application_new ());
      g_application_set_flags (app, G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      if (!g_application_register (app, NULL, &error))
        g_error ("the application does not register: %s", error->message);
    }
  return app;
}

static gboolean
has_plugin_choice (const char *id)
{
  g_autoptr (GPtrArray) players = isle_settings_list_players (isle_settings_get (), FALSE);

  for (guint i = 0; i < players->len; i++)
    if (strcmp (isle_player_spec_to_text (&((IslePlayerChoice *) g_ptr_array_index (players, i))->spec), id) == 0)
      return TRUE;
  return FALSE;
}

static void
on_ready (GObject *loader, GParamSpec *pspec, gpointer user_data)
{
  gboolean *ready = user_data;

  (void) loader;
  (void) pspec;
  *ready = TRUE;
}

/* The game window is there, and shown, before the hanging plugin's probe
 * has ended; the players' list has the good plugin once it has. */
static void
test_first_window_does_not_wait_for_plugins (void)
{
  GApplication *app = app_get ();
  IslePluginLoader *loader = isle_plugin_loader_get ();
  gboolean ready = FALSE;
  IslePluginSet *set;
  GtkWindow *window;
  gboolean refused_stall = FALSE;

  g_signal_connect (loader, "notify::ready", G_CALLBACK (on_ready), &ready);
  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  g_assert_true (ISLE_IS_WINDOW (window));
  isle_ui_test_wait_ms (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  /* bad-stall.so hangs until its probe is killed, ISLE_PLUGIN_PROBE_TIMEOUT_MS
   * after start-up: so far nothing is known of any plugin. */
  g_assert_false (ready);
  g_assert_false (isle_plugin_loader_get_ready (loader));
  g_assert_null (isle_plugin_loader_peek_default ());
  g_assert_false (has_plugin_choice ("plugin:sample"));

  while (!ready)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_func (loader, on_ready, &ready);
  set = isle_plugin_loader_peek_default ();
  g_assert_nonnull (set);
  g_assert_nonnull (isle_plugin_set_find (set, "plugin:sample"));
  for (guint i = 0; i < set->refused->len; i++)
    {
      const GError *error = g_ptr_array_index (set->refused, i);

      if (strstr (error->message, "bad-stall.so") != NULL)
        refused_stall = g_error_matches (error, ISLE_PLUGIN_ERROR, ISLE_PLUGIN_ERROR_CRASHED);
    }
  g_assert_true (refused_stall);
  g_assert_true (has_plugin_choice ("plugin:sample"));
}

static gboolean
label_contains (GtkWidget *widget, gconstpointer data)
{
  const char *text = data;

  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

/* The windows the files opened, as found by opened_windows(). */
static struct
{
  const char *bad;             /* the path of the file that is no scenario */
  IsleWindow *game_window;
  IsleEditorWindow *bad_editor;
  IsleEditorWindow *good_editor;
  guint n_game_windows;
  guint n_editors;
} opened;

/* Looks at the application's windows; TRUE once every file has its
 * window and the saved game is loaded. */
static gboolean
opened_windows (void)
{
  GApplication *app = app_get ();

  opened.game_window = NULL;
  opened.bad_editor = opened.good_editor = NULL;
  opened.n_game_windows = opened.n_editors = 0;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      if (ISLE_IS_WINDOW (l->data) && !isle_window_is_test_play (l->data))
        {
          opened.n_game_windows++;
          opened.game_window = l->data;
        }
      else if (ISLE_IS_EDITOR_WINDOW (l->data))
        {
          opened.n_editors++;
          if (isle_ui_test_find (l->data, label_contains, opened.bad) != NULL)
            opened.bad_editor = l->data;
          else if (isle_editor_window_get_scenario (l->data) != NULL
                   && isle_editor_window_get_problems (l->data)->len == 0)
            opened.good_editor = l->data;
        }
    }
  return opened.game_window != NULL && isle_window_get_game (opened.game_window) != NULL
         && isle_game_get_position (isle_window_get_game (opened.game_window)) > 0
         && opened.bad_editor != NULL && opened.good_editor != NULL;
}

/* Three files at once, as `critter-isle a.isle b.isle c.isle` or Open
 * With gives them: the saved game plays in the game window, the file that
 * is no scenario gets its message in an editor of its own, and the
 * scenario after it still opens, in another editor. */
static void
test_open_every_file (void)
{
  GApplication *app = app_get ();
  g_autofree char *saved = g_test_build_filename (G_TEST_DIST, "data", "saved", "good-weather.isle", NULL);
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "scenarios", "bad-not-json.isle", NULL);
  g_autofree char *scenario = g_test_build_filename (G_TEST_DIST, "data", "scenarios", "good-basic.isle", NULL);
  GFile *files[3];

  files[0] = g_file_new_for_path (saved);
  files[1] = g_file_new_for_path (bad);
  files[2] = g_file_new_for_path (scenario);
  opened.bad = bad;
  g_application_open (app, files, 3, "");
  /* However slowly the machine opens them: then no window more comes. */
  isle_ui_test_wait_until (opened_windows, 20000);
  isle_ui_test_wait_ms (100);
  opened_windows ();

  g_assert_cmpuint (opened.n_game_windows, ==, 1);   /* one game window, always */
  g_assert_nonnull (opened.game_window);
  g_assert_nonnull (isle_window_get_game (opened.game_window));
  g_assert_cmpuint (isle_game_get_position (isle_window_get_game (opened.game_window)), >, 0);
  g_assert_cmpuint (opened.n_editors, ==, 2);
  g_assert_nonnull (opened.bad_editor);
  g_assert_nonnull (opened.good_editor);
  for (int i = 0; i < 3; i++)
    g_object_unref (files[i]);
  gtk_window_destroy (GTK_WINDOW (opened.bad_editor));
  gtk_window_destroy (GTK_WINDOW (opened.good_editor));
}

int
main (int argc, char **argv)
{
  g_autofree char *plugin_path = NULL;

  isle_ui_test_init_display (argc, argv);
  /* A plugin that hangs while loading, and a good one after it. */
  plugin_path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, STALLED_PLUGIN_DIR, PLUGIN_BUILD_DIR, NULL);
  g_setenv ("CRITTER_ISLE_PLUGIN_PATH", plugin_path, TRUE);
  isle_ui_test_init_windows (&argc, &argv, "test-application");

  g_test_add_func ("/application/first-window-does-not-wait-for-plugins",
                   test_first_window_does_not_wait_for_plugins);
  g_test_add_func ("/application/open-every-file", test_open_every_file);
  return g_test_run ();
}
