/* isle-ui-test.c — the UI test programs' shared helpers (isle-ui-test.h). */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "isle-accessible.h"
#include "isle-application.h"
#include "isle-ui-test.h"
#include "isle-window.h"

void
isle_ui_test_init_display (int argc, char **argv)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL
      && g_getenv ("CRITTER_ISLE_XVFB") == NULL)
    {
      g_autoptr (GPtrArray) args = g_ptr_array_new ();

      g_setenv ("CRITTER_ISLE_XVFB", "1", TRUE);
      g_ptr_array_add (args, (char *) "xvfb-run");
      g_ptr_array_add (args, (char *) "-a");
      g_ptr_array_add (args, (char *) "-s");
      g_ptr_array_add (args, (char *) "-screen 0 1280x1024x24 -nolisten tcp");
      for (int i = 0; i < argc; i++)
        g_ptr_array_add (args, argv[i]);
      g_ptr_array_add (args, NULL);
      execvp ("xvfb-run", (char **) args->pdata);
      g_printerr ("%s: no display, and xvfb-run cannot run: %s\n", argv[0], g_strerror (errno));
      exit (1);
    }
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  /* Cairo draws; no GL driver need be loaded (nor leak what it keeps).
   * GTK 4.16 moved the switch from GDK_DEBUG to GDK_DISABLE. */
#if GTK_CHECK_VERSION (4, 16, 0)
  g_setenv ("GDK_DISABLE", "gl", FALSE);
#else
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-disable", TRUE);
#endif
}

void
isle_ui_test_wait_ms (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
}

gboolean
isle_ui_test_wait_until (gboolean (*done) (void), int ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * G_TIME_SPAN_MILLISECOND;

  while (!done ())
    {
      if (g_get_monotonic_time () >= end)
        return FALSE;
      isle_ui_test_wait_ms (5);
    }
  return TRUE;
}

GtkWidget *
isle_ui_test_find (GtkWidget *root, IsleUiTestMatch matches, gconstpointer data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = matches (child, data) ? child : isle_ui_test_find (child, matches, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, (GType) GPOINTER_TO_SIZE (type));
}

GtkWidget *
isle_ui_test_find_type (GtkWidget *root, GType type)
{
  return isle_ui_test_find (root, is_of_type, GSIZE_TO_POINTER (type));
}

static gboolean
shows_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

GtkLabel *
isle_ui_test_find_label (GtkWidget *root, const char *text)
{
  return GTK_LABEL (isle_ui_test_find (root, shows_text, text));
}

void
isle_ui_test_init_windows (int *argc, char ***argv, const char *name)
{
  g_autofree char *pattern = g_strdup_printf ("%s-autosave-XXXXXX.isle", name);
  g_autofree char *autosave = g_build_filename (g_get_tmp_dir (), pattern, NULL);
  int fd;

  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  fd = g_mkstemp (autosave);
  if (fd >= 0)
    close (fd);
  g_remove (autosave);
  g_setenv ("CRITTER_ISLE_AUTOSAVE", autosave, TRUE);
  /* The games library and the player's puzzles are the test's own. */
  {
    g_autofree char *data = g_dir_make_tmp ("isle-ui-data-XXXXXX", NULL);

    if (data != NULL)
      g_setenv ("XDG_DATA_HOME", data, TRUE);
  }
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

/* The dialogs presented on WINDOW (libadwaita ≥ 1.5), a list of the
 * caller's own, or NULL. */
static GListModel *
dialogs_of (GObject *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_APPLICATION_WINDOW (window))
    return adw_application_window_get_dialogs (ADW_APPLICATION_WINDOW (window));
  if (ADW_IS_WINDOW (window))
    return adw_window_get_dialogs (ADW_WINDOW (window));
#else
  (void) window;
#endif
  return NULL;
}

GtkWidget *
isle_ui_test_find_dialog (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);
      g_autoptr (GListModel) dialogs = dialogs_of (window);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
      for (guint j = 0; dialogs != NULL && j < g_list_model_get_n_items (dialogs); j++)
        {
          g_autoptr (GObject) dialog = g_list_model_get_item (dialogs, j);

          if (G_TYPE_CHECK_INSTANCE_TYPE (dialog, type))
            return GTK_WIDGET (dialog);
        }
    }
  return NULL;
}

void
isle_ui_test_present (GtkWidget *dialog, GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (parent));
      return;
    }
#endif
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
isle_ui_test_close (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  gtk_window_close (GTK_WINDOW (dialog));
}

GtkWindow *
isle_ui_test_window_of (GtkWidget *dialog)
{
  return GTK_WINDOW (gtk_widget_get_root (dialog));
}

const char *
isle_ui_test_page_shown (GtkWidget *window)
{
  const char *name;
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwNavigationView *navigation;
  AdwNavigationPage *visible;
  graphene_point_t at;
#endif

  if (window == NULL)
    return "";
  name = isle_window_get_page_name (ISLE_WINDOW (window));
#if ADW_CHECK_VERSION (1, 4, 0)
  navigation = ADW_NAVIGATION_VIEW (isle_ui_test_find_type (window, ADW_TYPE_NAVIGATION_VIEW));
  visible = navigation != NULL ? adw_navigation_view_get_visible_page (navigation) : NULL;
  if (visible == NULL
      || !gtk_widget_compute_point (GTK_WIDGET (visible), GTK_WIDGET (navigation), &GRAPHENE_POINT_INIT (0, 0), &at)
      || at.x != 0)
    return "";
#endif
  return name != NULL ? name : "";
}

gboolean
isle_ui_test_in_sight (GtkWidget *widget)
{
  GtkWidget *window = widget != NULL ? GTK_WIDGET (gtk_widget_get_native (widget)) : NULL;
  GtkWidget *scroller;
  graphene_rect_t bounds, view, whole;

  if (window == NULL || !gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &bounds))
    return FALSE;
  scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller != NULL && (!gtk_widget_compute_bounds (scroller, window, &view)
                           || !graphene_rect_contains_rect (&view, &bounds)))
    return FALSE;
  graphene_rect_init (&whole, 0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  return graphene_rect_contains_rect (&whole, &bounds);
}

void
isle_ui_test_shot (const char *variable, const char *name)
{
  const char *dir = g_getenv (variable);
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (400);
  command = g_strdup_printf ("import -window root %s/%s.png", dir, name);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

void
isle_ui_test_window_shot (GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  g_autofree char *file = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (400);
  file = g_strdup_printf ("%s/%s.png", dir, name);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
  gdk_texture_save_to_png (texture, file);
}

/* GTK 4.8 has no getter, but gtk_test_accessible_check_property() hands
 * back the value that differs. */
char *
isle_ui_test_accessible_label (GtkAccessible *accessible)
{
  char *differs;

  if (!gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  differs = gtk_test_accessible_check_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "");
  return differs != NULL ? differs : g_strdup ("");
}

static void
find_class_names (GtkAccessible *accessible, GString *found)
{
  g_autofree char *label = NULL;

  if (GTK_IS_WIDGET (accessible) && !gtk_widget_get_visible (GTK_WIDGET (accessible)))
    return;
  if (gtk_accessible_get_accessible_role (accessible) == GTK_ACCESSIBLE_ROLE_NONE)
    return;
  if (gtk_test_accessible_has_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN))
    {
      /* The value that differs, or NULL when hidden is TRUE. */
      g_autofree char *differs = gtk_test_accessible_check_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE);

      if (differs == NULL)
        return;
    }
  label = isle_ui_test_accessible_label (accessible);
  if ((label != NULL && g_regex_match_simple ("^(Gtk|Adw|Isle|G)[A-Z]\\w+$", label, 0, 0))
      || isle_accessible_reads_class_name (accessible))
    g_string_append_printf (found, "%s%s%s\n", G_OBJECT_TYPE_NAME (accessible),
                            label != NULL ? " named " : "", label != NULL ? label : "");
  if (!GTK_IS_WIDGET (accessible))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (accessible)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_STACK (accessible))
        find_class_names (GTK_ACCESSIBLE (gtk_stack_get_page (GTK_STACK (accessible), child)), found);
      find_class_names (GTK_ACCESSIBLE (child), found);
    }
}

char *
isle_ui_test_class_names (GtkWidget *root)
{
  GString *found = g_string_new (NULL);

  find_class_names (GTK_ACCESSIBLE (root), found);
  return g_string_free (found, FALSE);
}

void
isle_ui_test_assert_no_class_names (const char *where)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */
  g_autoptr (GString) found = g_string_new (NULL);

  isle_ui_test_wait_ms (100);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);
      g_autofree char *names = NULL;

      if (!gtk_widget_get_visible (window))
        continue;
      names = isle_ui_test_class_names (window);
      if (*names != '\0')
        g_string_append_printf (found, "%s, %s:\n%s", where, G_OBJECT_TYPE_NAME (window), names);
    }
  g_assert_cmpstr (found->str, ==, "");
}

gboolean
isle_ui_test_is_button_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

GType
isle_ui_test_alert_type (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return ADW_TYPE_ALERT_DIALOG;
#else
  return ADW_TYPE_MESSAGE_DIALOG;
#endif
}

gboolean
isle_ui_test_alert_shown (void)
{
  return isle_ui_test_find_dialog (isle_ui_test_alert_type ()) != NULL;
}

GtkApplication *
isle_ui_test_app (void)
{
  static GtkApplication *app = NULL;

  if (app == NULL)
    {
      g_autoptr (GError) error = NULL;

      app = GTK_APPLICATION (isle_application_new ());
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      if (!g_application_register (G_APPLICATION (app), NULL, &error))
        g_error ("the application does not register: %s", error->message);
    }
  return app;
}
