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

/* GTK 4.8 reads a button with a mnemonic by its label, underscore and
 * all, and then by its text again ("_New Game New Game"). */
static void
name_button (GtkButton *button)
{
  /* The label's text, mnemonic taken out; not gtk_button_get_label(),
   * which may be asked while the label is swapped for an icon. */
  GtkWidget *child = gtk_button_get_child (button);
  const char *text = GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : NULL;

  if (text == NULL || *text == '\0')
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  /* Not "labelled by" its text as well, which GTK 4.8 adds on. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* Connects CALLBACK to WIDGET's notify::PROPERTY once and runs it. */
static void
keep_named (GtkWidget *widget, const char *property, GCallback callback)
{
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  if (g_object_get_data (G_OBJECT (widget), "isle-named") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "isle-named", GINT_TO_POINTER (TRUE));
      g_signal_connect (widget, signal, callback, NULL);
    }
  ((void (*) (GtkWidget *)) callback) (widget);
}

void
isle_accessible_tidy (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *type = G_OBJECT_TYPE_NAME (child);

      /* Mouse-only: the keyboard scrolls the content, turns the pages. */
      if (GTK_IS_SCROLLBAR (child) || ADW_IS_CAROUSEL_INDICATOR_DOTS (child))
        {
          gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
          continue;
        }
      if (ADW_IS_WINDOW_TITLE (child))
        keep_named (child, "title", G_CALLBACK (name_window_title));
      else if (GTK_IS_BUTTON (child) && gtk_button_get_use_underline (GTK_BUTTON (child)))
        keep_named (child, "label", G_CALLBACK (name_button));
      /* A preferences group's list, by the group's title. */
      else if (GTK_IS_LIST_BOX (child) && gtk_widget_get_ancestor (child, ADW_TYPE_PREFERENCES_GROUP) != NULL)
        {
          AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (child, ADW_TYPE_PREFERENCES_GROUP));
          const char *title = adw_preferences_group_get_title (group);

          gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          title != NULL && *title != '\0' ? title : _("Options"), -1);
        }
      /* A menu, its private content box and the pages of its submenus. */
      else if (GTK_IS_POPOVER_MENU (child)
               || (gtk_widget_get_ancestor (child, GTK_TYPE_POPOVER_MENU) != NULL
                   && g_strcmp0 (type, "GtkPopoverContent") == 0))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Menu"), -1);
      else if (GTK_IS_STACK (child) && gtk_widget_get_ancestor (child, GTK_TYPE_POPOVER_MENU) != NULL)
        for (GtkWidget *page = gtk_widget_get_first_child (child); page != NULL;
             page = gtk_widget_get_next_sibling (page))
          gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (GTK_STACK (child), page)),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, _("Menu"), -1);
      /* An icon in a button or a view switcher's tab: the button says it. */
      else if (GTK_IS_IMAGE (child)
               && (gtk_widget_get_ancestor (child, GTK_TYPE_BUTTON) != NULL
                   || gtk_widget_get_ancestor (child, ADW_TYPE_VIEW_SWITCHER) != NULL))
        gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      else if (GTK_IS_SEARCH_ENTRY (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search"), -1);
      /* A stack's pages by their titles. */
      else if (GTK_IS_STACK (child))
        for (GtkWidget *page = gtk_widget_get_first_child (child); page != NULL;
             page = gtk_widget_get_next_sibling (page))
          {
            GtkStackPage *stack_page = gtk_stack_get_page (GTK_STACK (child), page);
            const char *title = gtk_stack_page_get_title (stack_page);

            if (title != NULL && *title != '\0')
              gtk_accessible_update_property (GTK_ACCESSIBLE (stack_page), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
          }
      /* A flow box's cell, by the tooltip of what it holds (a button). */
      else if (GTK_IS_FLOW_BOX_CHILD (child) && gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)) != NULL
               && gtk_widget_get_tooltip_text (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))) != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        gtk_widget_get_tooltip_text (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))),
                                        -1);
      /* libadwaita's private boxes at a header bar's start and end. */
      else if (g_strcmp0 (type, "AdwGizmo") == 0 && gtk_widget_get_ancestor (child, ADW_TYPE_HEADER_BAR) != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Toolbar"), -1);
      isle_accessible_tidy (child);
    }
}
