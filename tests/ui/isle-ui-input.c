/* isle-ui-input.c — real keys, clicks and resizes through XTest
 * (isle-ui-input.h). */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>

#include "isle-ui-input.h"
#include "isle-ui-test.h"

/* GTK 4.18 deprecates its X11 backend; these tests still send their
 * input through the X server (XTest), which is what a person's keyboard
 * and mouse do under Xvfb, so the two calls into it are allowed here. */
static Display *
x_display (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  if (display == NULL || !GDK_IS_X11_DISPLAY (display))
    return NULL;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gdk_x11_display_get_xdisplay (display);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static Window
surface_xid (GdkSurface *surface)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

gboolean
isle_ui_input_available (void)
{
  Display *dpy = x_display ();
  int event_base, error_base, major, minor;

  return dpy != NULL && XTestQueryExtension (dpy, &event_base, &error_base, &major, &minor);
}

/* Lets the main loop take what is ready, then a little more: GDK hands
 * some events on at the next frame. */
static void
drain (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  do
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (g_get_monotonic_time () < end)
        g_usleep (1000);
    }
  while (g_get_monotonic_time () < end);
}

void
isle_ui_input_sync (void)
{
  Display *dpy = x_display ();

  g_return_if_fail (dpy != NULL);
  XSync (dpy, False);
  drain (4);
}

static Window
x_window (GtkWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL ? surface_xid (surface) : None;
}

static gboolean
viewable (Display *dpy, Window xid)
{
  XWindowAttributes attributes;

  return xid != None && XGetWindowAttributes (dpy, xid, &attributes)
         && attributes.map_state == IsViewable;
}

gboolean
isle_ui_input_focus (GtkWindow *window)
{
  Display *dpy = x_display ();
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  Window xid = None;

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (dpy != NULL, FALSE);
  while (g_get_monotonic_time () < end)
    {
      if (gtk_widget_get_mapped (GTK_WIDGET (window)))
        {
          xid = x_window (window);
          XSync (dpy, False);
          if (viewable (dpy, xid))
            break;
        }
      xid = None;
      drain (5);
    }
  if (xid == None)
    return FALSE;
  XRaiseWindow (dpy, xid);
  XSetInputFocus (dpy, xid, RevertToParent, CurrentTime);
  XSync (dpy, False);
  /* GTK hears of it (FocusIn) before the first key. */
  end = g_get_monotonic_time () + G_TIME_SPAN_SECOND;
  while (!gtk_window_is_active (window) && g_get_monotonic_time () < end)
    drain (2);
  drain (2);
  return TRUE;
}

/* The X key code of KEYVAL and whether Shift must be held for it. */
static gboolean
key_code (guint keyval, KeyCode *code, gboolean *shifted)
{
  g_autofree GdkKeymapKey *keys = NULL;
  int n_keys = 0, best = -1;

  if (!gdk_display_map_keyval (gdk_display_get_default (), keyval, &keys, &n_keys))
    return FALSE;
  for (int i = 0; i < n_keys; i++)
    if (keys[i].group == 0 && keys[i].level <= 1
        && (best < 0 || keys[i].level < keys[best].level))
      best = i;
  if (best < 0)
    return FALSE;
  *code = (KeyCode) keys[best].keycode;
  *shifted = keys[best].level == 1;
  return TRUE;
}

static void
modifier (Display *dpy, KeySym sym, gboolean down)
{
  XTestFakeKeyEvent (dpy, XKeysymToKeycode (dpy, sym), down, CurrentTime);
}

gboolean
isle_ui_input_key (guint keyval, GdkModifierType mods)
{
  Display *dpy = x_display ();
  KeyCode code;
  gboolean shifted;
  gboolean shift;

  g_return_val_if_fail (dpy != NULL, FALSE);
  if (!key_code (keyval, &code, &shifted))
    return FALSE;
  shift = shifted || (mods & GDK_SHIFT_MASK);
  if (mods & GDK_CONTROL_MASK)
    modifier (dpy, XK_Control_L, True);
  if (mods & GDK_ALT_MASK)
    modifier (dpy, XK_Alt_L, True);
  if (shift)
    modifier (dpy, XK_Shift_L, True);
  XTestFakeKeyEvent (dpy, code, True, CurrentTime);
  XTestFakeKeyEvent (dpy, code, False, CurrentTime);
  if (shift)
    modifier (dpy, XK_Shift_L, False);
  if (mods & GDK_ALT_MASK)
    modifier (dpy, XK_Alt_L, False);
  if (mods & GDK_CONTROL_MASK)
    modifier (dpy, XK_Control_L, False);
  isle_ui_input_sync ();
  return TRUE;
}

gboolean
isle_ui_input_root_point (GtkWidget *widget, double x, double y, int *root_x, int *root_y)
{
  Display *dpy = x_display ();
  GtkNative *native;
  GdkSurface *surface;
  graphene_point_t point;
  double dx, dy;
  Window child;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (dpy != NULL, FALSE);
  native = gtk_widget_get_native (widget);
  if (native == NULL || !gtk_widget_get_mapped (widget))
    return FALSE;
  surface = gtk_native_get_surface (native);
  if (surface == NULL
      || !gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point))
    return FALSE;
  /* Widget coordinates of the native are off its surface's by the
   * client-side decorations' shadow. */
  gtk_native_get_surface_transform (native, &dx, &dy);
  return XTranslateCoordinates (dpy, surface_xid (surface), DefaultRootWindow (dpy),
                                (int) (point.x + dx), (int) (point.y + dy), root_x, root_y, &child);
}

void
isle_ui_input_click_root (int root_x, int root_y)
{
  Display *dpy = x_display ();

  g_return_if_fail (dpy != NULL);
  XTestFakeMotionEvent (dpy, -1, root_x, root_y, CurrentTime);
  XSync (dpy, False);
  /* The pointer's arrival first (enter, motion), as a hand's would. */
  drain (2);
  XTestFakeButtonEvent (dpy, 1, True, CurrentTime);
  XTestFakeButtonEvent (dpy, 1, False, CurrentTime);
  isle_ui_input_sync ();
}

void
isle_ui_input_move_root (int root_x, int root_y)
{
  Display *dpy = x_display ();

  g_return_if_fail (dpy != NULL);
  XTestFakeMotionEvent (dpy, -1, root_x, root_y, CurrentTime);
  isle_ui_input_sync ();
}

void
isle_ui_input_button (gboolean pressed)
{
  Display *dpy = x_display ();

  g_return_if_fail (dpy != NULL);
  XTestFakeButtonEvent (dpy, 1, pressed, CurrentTime);
  isle_ui_input_sync ();
}

gboolean
isle_ui_input_point (GtkWidget *widget, double fx, double fy)
{
  Display *dpy = x_display ();
  int x, y;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (dpy != NULL, FALSE);
  if (gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0
      || !isle_ui_input_root_point (widget, gtk_widget_get_width (widget) * fx,
                                    gtk_widget_get_height (widget) * fy, &x, &y))
    return FALSE;
  XTestFakeMotionEvent (dpy, -1, x, y, CurrentTime);
  isle_ui_input_sync ();
  return TRUE;
}

gboolean
isle_ui_input_click (GtkWidget *widget, double fx, double fy)
{
  int width, height, x, y;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0
      || !isle_ui_input_root_point (widget, CLAMP (fx, 0, 1) * (width - 1), CLAMP (fy, 0, 1) * (height - 1),
                                    &x, &y))
    return FALSE;
  isle_ui_input_click_root (x, y);
  return TRUE;
}

gboolean
isle_ui_input_scroll (GtkWidget *widget, int steps)
{
  Display *dpy = x_display ();
  int x, y;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (dpy != NULL, FALSE);
  if (gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0
      || !isle_ui_input_root_point (widget, gtk_widget_get_width (widget) / 2.0,
                                    gtk_widget_get_height (widget) / 2.0, &x, &y))
    return FALSE;
  XTestFakeMotionEvent (dpy, -1, x, y, CurrentTime);
  XSync (dpy, False);
  drain (2);
  /* Buttons 4 and 5 are the wheel's notches up and down. */
  for (int i = 0; i < ABS (steps); i++)
    {
      XTestFakeButtonEvent (dpy, steps < 0 ? 4 : 5, True, CurrentTime);
      XTestFakeButtonEvent (dpy, steps < 0 ? 4 : 5, False, CurrentTime);
    }
  isle_ui_input_sync ();
  return TRUE;
}

void
isle_ui_input_resize (GtkWindow *window, int width, int height)
{
  Display *dpy = x_display ();
  Window xid;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (dpy != NULL);
  xid = x_window (window);
  if (xid == None)
    return;
  XResizeWindow (dpy, xid, (unsigned) MAX (1, width), (unsigned) MAX (1, height));
  isle_ui_input_sync ();
  /* The new size is laid out and painted. */
  drain (30);
}

void
isle_ui_input_type_text (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    g_assert_true (isle_ui_input_key (gdk_unicode_to_keyval (g_utf8_get_char (c)), 0));
}

/* Named by type name, as its type is deprecated. */
GtkWindow *
isle_ui_input_file_chooser (void)
{
  for (int waited = 0; waited < 5000; waited += 50)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

          if (g_str_equal (G_OBJECT_TYPE_NAME (window), "GtkFileChooserDialog")
              && gtk_widget_get_mapped (GTK_WIDGET (window)))
            return GTK_WINDOW (window);
        }
      isle_ui_test_wait_ms (50);
    }
  return NULL;
}

void
isle_ui_input_choose_file (GtkWindow *chooser, const char *path, const char *accept)
{
  GtkWidget *button;
  GtkWidget *typed_in;

  g_assert_nonnull (chooser);
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);   /* hidden or destroyed once answered */
  g_assert_true (isle_ui_input_focus (chooser));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_input_key (GDK_KEY_l, GDK_CONTROL_MASK));
  isle_ui_test_wait_ms (100);
  g_assert_true (isle_ui_input_key (GDK_KEY_a, GDK_CONTROL_MASK));
  isle_ui_input_type_text (path);
  isle_ui_test_wait_ms (300);
  typed_in = gtk_window_get_focus (chooser);
  g_assert_true (gtk_window_is_active (chooser));
  g_assert_true (GTK_IS_EDITABLE (typed_in));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (typed_in)), ==, path);
  button = isle_ui_test_find (GTK_WIDGET (chooser), isle_ui_test_is_button_labelled, accept);
  g_assert_nonnull (button);
  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  for (int waited = 0; waited < 3000 && chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (chooser)); waited += 50)
    isle_ui_test_wait_ms (50);
  g_assert_true (chooser == NULL || !gtk_widget_get_visible (GTK_WIDGET (chooser)));
  g_clear_weak_pointer (&chooser);
}

/* Types TEXT in CHOOSER's name field (Ctrl+L goes there, Ctrl+A selects
 * what it holds) and waits, up to 3 s, until the field shows it. */
static void
type_in_field (GtkWindow *chooser, const char *text)
{
  g_assert_true (isle_ui_input_key (GDK_KEY_l, GDK_CONTROL_MASK));
  isle_ui_test_wait_ms (100);
  g_assert_true (isle_ui_input_key (GDK_KEY_a, GDK_CONTROL_MASK));
  isle_ui_input_type_text (text);
  for (int waited = 0; waited < 3000; waited += 50)
    {
      GtkWidget *field = gtk_window_get_focus (chooser);

      if (GTK_IS_EDITABLE (field) && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (field)), text) == 0)
        break;
      isle_ui_test_wait_ms (50);
    }
}

/* Waits up to MS for CHOOSER (a weak pointer's) to go. */
static gboolean
chooser_gone (GtkWindow **chooser, int ms)
{
  for (int waited = 0; waited < ms && *chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (*chooser)); waited += 50)
    isle_ui_test_wait_ms (50);
  return *chooser == NULL || !gtk_widget_get_visible (GTK_WIDGET (*chooser));
}

void
isle_ui_input_open_file (GtkWindow *chooser, const char *dir, const char *name)
{
  g_autofree char *folder = g_str_has_suffix (dir, "/") ? g_strdup (dir) : g_strconcat (dir, "/", NULL);

  g_assert_nonnull (chooser);
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);   /* hidden or destroyed once answered */
  g_assert_true (isle_ui_input_focus (chooser));
  isle_ui_test_wait_ms (300);
  type_in_field (chooser, folder);
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
  if (!chooser_gone (&chooser, 1500))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *completed = g_strconcat (path, "/", NULL);
      GtkWidget *field;

      /* In the folder now: the file's whole path in the field. GTK 4.18's
       * field may offer a "/" after the name: BackSpace takes it off. */
      type_in_field (chooser, path);
      field = gtk_window_get_focus (chooser);
      if (GTK_IS_EDITABLE (field) && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (field)), completed) == 0)
        {
          g_assert_true (isle_ui_input_key (GDK_KEY_BackSpace, 0));
          isle_ui_test_wait_ms (200);
        }
      isle_ui_test_wait_ms (300);
      g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
    }
  g_assert_true (chooser_gone (&chooser, 5000));
  g_clear_weak_pointer (&chooser);
}
