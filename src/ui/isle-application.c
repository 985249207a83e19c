/* isle-application.c — application actions, accelerators, opening files,
 * the about, preferences and how-to-play windows, and the user help. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-application.h"
#include "isle-accessible.h"
#include "isle-meeting.h"
#include "isle-editor-window.h"
#include "isle-how-to-play.h"
#include "isle-paths.h"
#include "isle-plugin-loader.h"
#include "isle-preferences-window.h"
#include "isle-session.h"
#include "isle-settings.h"
#include "isle-window.h"

struct _IsleApplication
{
  AdwApplication parent_instance;

  GCancellable *plugin_scan;   /* the background probing of plugins */
  IsleSession *session;        /* made at start-up, outlives the windows */
};

static void isle_application_meeting_init (IsleMeetingInterface *iface);

/* The game window and the editor meet through it (isle-meeting.h). */
G_DEFINE_FINAL_TYPE_WITH_CODE (IsleApplication, isle_application, ADW_TYPE_APPLICATION,
                               G_IMPLEMENT_INTERFACE (ISLE_TYPE_MEETING, isle_application_meeting_init))

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The game window (not an editor, not a test play): the first one. */
static IsleWindow *
game_window (GApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ISLE_IS_WINDOW (l->data) && !isle_window_is_test_play (l->data))
      return l->data;
  return NULL;
}

static void edit (IsleMeeting *meeting, IsleScenario *scenario, GFile *file);

static void
isle_application_activate (GApplication *app)
{
  GtkWindow *window = GTK_WINDOW (game_window (app));

  if (window == NULL)
    window = GTK_WINDOW (isle_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

/* Files given on the command line, by the file manager's Open With or
 * through D-Bus (org.freedesktop.Application.Open): every one is opened.
 * The first is played in the game window, as a single file always was (a
 * saved game where it was, a scenario from its start); each further one
 * opens in a scenario editor of its own, where it can be read, changed
 * and test-played. There is one game window, with one autosave, so two
 * games never fight over it. A file that cannot be read gets its message
 * in the window it was meant for (a toast) and the others still open. */
static void
isle_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  GtkWindow *window;

  (void) hint;
  isle_application_activate (app);
  window = GTK_WINDOW (game_window (app));
  for (int i = 1; i < n_files; i++)
    edit (ISLE_MEETING (app), NULL, files[i]);
  /* The game window last, so that it is the one in front. */
  if (n_files > 0 && window != NULL)
    {
      isle_window_open_file (ISLE_WINDOW (window), files[0]);
      gtk_window_present (window);
    }
}

static void
preferences_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  (void) action;
  (void) parameter;
  isle_preferences_window_present (parent, isle_settings_get ());
}

/* How to Play: the walkthrough, the rules in a few illustrated pages. */
static void
how_to_play_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  (void) action;
  (void) parameter;
  isle_how_to_play_present (parent);
}

/* Whether the app runs in a Flatpak sandbox, where the desktop's help
 * viewer is outside and only the OpenURI portal knows whether there is
 * one (GLib and GTK then launch through it). */
static gboolean
sandboxed (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* The help viewer did not open (or there is none to ask): the
 * walkthrough does, over the window in front by then. */
static void
help_not_shown (GApplication *app, const GError *error)
{
  if (error != NULL)
    g_debug ("The help viewer did not open %s: %s", HELP_URI, error->message);
  isle_how_to_play_present (gtk_application_get_active_window (GTK_APPLICATION (app)));
}

static void
help_launched (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GApplication) app = user_data;
  g_autoptr (GError) error = NULL;
  gboolean shown;

#if GTK_CHECK_VERSION (4, 10, 0)
  shown = gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error);
#else
  shown = gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error);
#endif
  if (!shown)
    help_not_shown (app, error);
}

/* Help (F1, the main menu): the user guide of help/ in the desktop's help
 * viewer, through the help: URI as GNOME apps open theirs (in a Flatpak,
 * through the OpenURI portal). Where no application here handles help:
 * URIs, or the viewer does not open, the walkthrough opens instead, so
 * F1 always helps. */
static void
help_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  (void) action;
  (void) parameter;
  if (!sandboxed ())
    {
      g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

      if (viewer == NULL)
        {
          help_not_shown (G_APPLICATION (user_data), NULL);
          return;
        }
    }
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr (GtkUriLauncher) launcher = gtk_uri_launcher_new (HELP_URI);

    gtk_uri_launcher_launch (launcher, parent, NULL, help_launched, g_object_ref (user_data));
  }
#else
  gtk_show_uri_full (parent, HELP_URI, GDK_CURRENT_TIME, NULL, help_launched, g_object_ref (user_data));
#endif
}

/* The scenario editor: a window of its own, the one already open if any. */
static void
editor_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);

  (void) action;
  (void) parameter;
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (ISLE_IS_EDITOR_WINDOW (l->data))
      {
        gtk_window_present (l->data);
        return;
      }
  gtk_window_present (GTK_WINDOW (isle_editor_window_new (app)));
}

/* Where the project lives; the same addresses as the metainfo's
 * <url type="homepage"> and <url type="bugtracker">
 * (data/io.github.critterisle.CritterIsle.metainfo.xml.in.in). The
 * repository's name is the app id's last part, as Flathub checks for
 * io.github ids. */
#define ISLE_WEBSITE "https://github.com/critterisle/CritterIsle"
#define ISLE_ISSUE_URL "https://github.com/critterisle/CritterIsle/issues"

/* About: an adaptive AdwAboutDialog on the window where libadwaita has it
 * (1.5; AdwAboutWindow is deprecated since 1.6), a window of its own on
 * older libadwaita. The same fields either way. */
static void
about_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  static const char *developers[] = { "The Critter Isle developers", NULL };
  const char *comments = _("Build lines of animals on a small island, "
                           "through fog and with hired help.");

  GObject *about;

  (void) action;
  (void) parameter;
  /* Both classes have these properties, under the same names. */
#if ADW_CHECK_VERSION (1, 5, 0)
  about = g_object_new (ADW_TYPE_ABOUT_DIALOG, NULL);
#else
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, NULL);
#endif
  g_object_set (about,
                "application-name", _("Critter Isle"),
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _("The Critter Isle developers"),
                "developers", developers,
                "website", ISLE_WEBSITE,
                "issue-url", ISLE_ISSUE_URL,
                "comments", comments,
                "license-type", GTK_LICENSE_GPL_3_0,
                "translator-credits", _("translator-credits"),
                NULL);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* With no window (none focused yet), the dialog makes its own. */
  adw_dialog_present (ADW_DIALOG (about), parent != NULL ? GTK_WIDGET (parent) : NULL);
#else
  gtk_window_present (GTK_WINDOW (about));
#endif
}

static void
quit_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void) action;
  (void) parameter;
  g_application_quit (G_APPLICATION (user_data));
}

static void
isle_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action, NULL, NULL, NULL, { 0 } },
    { "preferences", preferences_action, NULL, NULL, NULL, { 0 } },
    { "help", help_action, NULL, NULL, NULL, { 0 } },
    { "how-to-play", how_to_play_action, NULL, NULL, NULL, { 0 } },
    { "editor", editor_action, NULL, NULL, NULL, { 0 } },
    { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  };
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };
  static const char *undo_accels[] = { "<Control>z", NULL };
  static const char *redo_accels[] = { "<Control><Shift>z", NULL };
  static const char *hint_accels[] = { "<Control>h", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *save_accels[] = { "<Control><Shift>s", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *editor_accels[] = { "<Control>e", NULL };
  static const char *puzzles_accels[] = { "<Control>p", NULL };
  static const char *games_accels[] = { "<Control>y", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (isle_application_parent_class)->startup (app);
  isle_accessible_watch_windows ();
  /* Plugins are probed in the background: the first window never waits
   * for them, and the lists of opponents fill in when the probes end
   * (IslePluginLoader:ready). */
  isle_plugin_loader_scan_default (ISLE_APPLICATION (app)->plugin_scan);
  /* The autosave is read in the background too: the start page offers
   * Continue once it is. */
  isle_application_get_session (ISLE_APPLICATION (app));
  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-game", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.hint", hint_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save-as", save_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.editor", editor_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.puzzles", puzzles_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.games", games_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", shortcuts_accels);
}

/* Probes still running when the application ends are killed. */
static void
isle_application_shutdown (GApplication *app)
{
  g_cancellable_cancel (ISLE_APPLICATION (app)->plugin_scan);
  /* The last game saved is on disk before the app ends. */
  if (ISLE_APPLICATION (app)->session != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!isle_session_flush (ISLE_APPLICATION (app)->session, &error))
        g_warning ("The game could not be saved: %s", error->message);
    }
  G_APPLICATION_CLASS (isle_application_parent_class)->shutdown (app);
}

static void
isle_application_finalize (GObject *object)
{
  g_clear_object (&ISLE_APPLICATION (object)->plugin_scan);
  g_clear_object (&ISLE_APPLICATION (object)->session);
  G_OBJECT_CLASS (isle_application_parent_class)->finalize (object);
}

/* A development build (-Ddevelopment=true) tells itself apart from an
 * installed release: its windows get libadwaita's striped header bar. */
static void
isle_application_window_added (GtkApplication *app, GtkWindow *window)
{
  GTK_APPLICATION_CLASS (isle_application_parent_class)->window_added (app, window);
#if DEVELOPMENT
  gtk_widget_add_css_class (GTK_WIDGET (window), "devel");
#endif
}

static void
isle_application_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, isle_application_get_session (ISLE_APPLICATION (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_application_class_init (IsleApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->finalize = isle_application_finalize;
  object_class->get_property = isle_application_get_property;
  /* The session the game windows hold (they find it by this property:
   * the window does not include the application). */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ISLE_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  app_class->shutdown = isle_application_shutdown;

  app_class->activate = isle_application_activate;
  app_class->startup = isle_application_startup;
  app_class->open = isle_application_open;
  gtk_app_class->window_added = isle_application_window_added;
}

static void
isle_application_init (IsleApplication *self)
{
  self->plugin_scan = g_cancellable_new ();
}

static void
edit (IsleMeeting *meeting, IsleScenario *scenario, GFile *file)
{
  IsleEditorWindow *editor;

  editor = isle_editor_window_new (GTK_APPLICATION (meeting));
  if (scenario != NULL)
    isle_editor_window_set_scenario (editor, scenario);
  else if (file != NULL)
    isle_editor_window_open_file (editor, file);
  gtk_window_present (GTK_WINDOW (editor));
}

static gboolean
test_play (IsleMeeting *meeting, IsleScenario *scenario, GtkWindow *editor, GError **error)
{
  return isle_window_test_play (GTK_APPLICATION (meeting), scenario, editor, error);
}

static void
isle_application_meeting_init (IsleMeetingInterface *iface)
{
  iface->edit = edit;
  iface->test_play = test_play;
}

IsleSession *
isle_application_get_session (IsleApplication *self)
{
  g_return_val_if_fail (ISLE_IS_APPLICATION (self), NULL);
  if (self->session == NULL)
    {
      g_autofree char *autosave = isle_paths_autosave ();
      g_autofree char *library = isle_paths_library ();

      self->session = isle_session_new (isle_settings_get (), autosave);
      isle_session_open_library (self->session, library);
      isle_session_load (self->session);
    }
  return self->session;
}

IsleApplication *
isle_application_new (void)
{
  return g_object_new (ISLE_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/critterisle/CritterIsle",
                       NULL);
}
