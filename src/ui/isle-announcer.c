/* isle-announcer.c — a sentence for the screen reader (isle-announcer.h).
 *
 * GTK 4.8 has no announcements, and what Orca 43 speaks of a GTK 4.8 app
 * unasked is little: a widget shown emits "showing" only for a window (a
 * notification role in a page is never heard), and a label's or a status
 * role's text changes are not presented; Orca presents a new name or
 * description of the object that has the focus. So the sentence is put as
 * the description of the focused widget (the window when nothing has the
 * focus), and when the focus moves to another widget the description goes
 * back to the widget's own (its tooltip, as GTK gives it, or none): a
 * description change of an object Orca does not follow is not spoken. */
#include "config.h"

#include "isle-announcer.h"

#if !GTK_CHECK_VERSION (4, 14, 0)
#define TOLD_KEY "isle-announcer-told"

/* The widget that carries a sentence in WINDOW, or NULL. */
typedef struct
{
  GtkWidget *target;           /* weak */
} Told;

static void
told_free (gpointer data)
{
  Told *told = data;

  g_clear_weak_pointer (&told->target);
  g_free (told);
}

/* The widget's own description again (GTK 4.8 makes it of the tooltip). */
static void
take_back (Told *told)
{
  const char *tooltip;

  if (told->target == NULL)
    return;
  tooltip = gtk_widget_get_tooltip_text (told->target);
  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (told->target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (told->target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_clear_weak_pointer (&told->target);
}

static void
on_focus_moved (GtkWindow *window, GParamSpec *pspec, Told *told)
{
  (void) pspec;
  if (told->target != gtk_window_get_focus (window))
    take_back (told);
}

static void
describe_focus (GtkWidget *widget, const char *text)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus;
  Told *told;

  if (!GTK_IS_WINDOW (root))
    return;
  told = g_object_get_data (G_OBJECT (root), TOLD_KEY);
  if (told == NULL)
    {
      told = g_new0 (Told, 1);
      g_object_set_data_full (G_OBJECT (root), TOLD_KEY, told, told_free);
      g_signal_connect (root, "notify::focus-widget", G_CALLBACK (on_focus_moved), told);
    }
  focus = gtk_root_get_focus (root);
  if (focus == NULL)
    focus = GTK_WIDGET (root);
  if (told->target != focus)
    take_back (told);
  g_set_weak_pointer (&told->target, focus);
  /* Emptied first (not spoken), so that a sentence said twice is a
   * change too. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
#endif

void
isle_announce (GtkWidget *widget, const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (text == NULL || *text == '\0')
    return;
#if GTK_CHECK_VERSION (4, 14, 0)
  {
    /* GTK's test backend (GTK_A11Y=test, 4.18) has no announce and calls a
     * NULL pointer: with it the sentence goes nowhere, as with no screen
     * reader. */
    GtkATContext *context = gtk_accessible_get_at_context (GTK_ACCESSIBLE (widget));
    gboolean test_backend = context != NULL && g_strcmp0 (G_OBJECT_TYPE_NAME (context), "GtkTestATContext") == 0;

    g_clear_object (&context);
    if (!test_backend)
      gtk_accessible_announce (GTK_ACCESSIBLE (widget), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  }
#else
  describe_focus (widget, text);
#endif
}
