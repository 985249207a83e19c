/* isle-accessible.c — toolkit parts named or hidden for screen readers. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-accessible.h"

/* An AdwWindowTitle is read by its title (and kept so). */
static void
name_window_title (AdwWindowTitle *title)
{
  const char *text = adw_window_title_get_title (title);

  gtk_accessible_update_property (GTK_ACCESSIBLE (title), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text != NULL ? text : "", -1);
}

void
isle_accessible_tidy (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *type = G_OBJECT_TYPE_NAME (child);

      if (GTK_IS_SCROLLBAR (child))
        {
          gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
          continue;
        }
      if (ADW_IS_WINDOW_TITLE (child) && g_object_get_data (G_OBJECT (child), "isle-named") == NULL)
        {
          g_object_set_data (G_OBJECT (child), "isle-named", GINT_TO_POINTER (TRUE));
          g_signal_connect (child, "notify::title", G_CALLBACK (name_window_title), NULL);
          name_window_title (ADW_WINDOW_TITLE (child));
        }
      /* libadwaita's private boxes at a header bar's start and end. */
      else if (g_strcmp0 (type, "AdwGizmo") == 0 && gtk_widget_get_ancestor (child, ADW_TYPE_HEADER_BAR) != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Toolbar"), -1);
      isle_accessible_tidy (child);
    }
}
