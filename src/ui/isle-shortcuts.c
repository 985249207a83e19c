/* isle-shortcuts.c — the keyboard shortcuts window of the game and the
 * editor. */
#include "config.h"

#include "isle-shortcuts.h"

/* The "win.show-help-overlay" action of the game and editor windows: the
 * shortcuts window, built the first time it is asked for (GTK would build
 * gtk/help-overlay.ui with every window, slowing the start). */
void
isle_show_shortcuts (GtkWidget *window, const char *action, GVariant *parameter)
{
  GtkApplicationWindow *self = GTK_APPLICATION_WINDOW (window);
  GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (self);

  (void) action;
  (void) parameter;
  if (shortcuts == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/critterisle/CritterIsle/isle-shortcuts.ui");

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* It then shows the accelerators of the actions it names. */
      gtk_application_window_set_help_overlay (self, shortcuts);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}
