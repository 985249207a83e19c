/* isle-accessible.c — toolkit parts named or hidden for screen readers. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-shortcuts.h"

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

/* Connects CALLBACK to WIDGET's SIGNAL, once however often it is asked. */
static void
connect_once (gpointer widget, const char *signal, GCallback callback)
{
  g_autofree char *key = g_strconcat ("isle-connected-", signal, NULL);

  if (g_object_get_data (G_OBJECT (widget), key) != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), key, GINT_TO_POINTER (TRUE));
  g_signal_connect (widget, signal, callback, NULL);
}

/* Connects CALLBACK to WIDGET's notify::PROPERTY once and runs it. */
static void
keep_named (GtkWidget *widget, const char *property, GCallback callback)
{
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  connect_once (widget, signal, callback);
  ((void (*) (GtkWidget *)) callback) (widget);
}

/* What GTK 4.8 would read for WIDGET when nothing names it: its class
 * ("GtkStackPage", "AdwGizmo"). GTK's rule (gtkatcontext.c): no label,
 * no "labelled by", not hidden, and a role that is not structural. The
 * gtk_test_accessible_has_*() calls only ask the context what it holds. */
gboolean
isle_accessible_reads_class_name (GtkAccessible *accessible)
{
  switch ((int) gtk_accessible_get_accessible_role (accessible))
    {
    case GTK_ACCESSIBLE_ROLE_FORM:
    case GTK_ACCESSIBLE_ROLE_GROUP:
    case GTK_ACCESSIBLE_ROLE_GENERIC:
    case GTK_ACCESSIBLE_ROLE_LANDMARK:
    case GTK_ACCESSIBLE_ROLE_LIST_ITEM:
    case GTK_ACCESSIBLE_ROLE_REGION:
    case GTK_ACCESSIBLE_ROLE_SEARCH:
    case GTK_ACCESSIBLE_ROLE_SEPARATOR:
    case GTK_ACCESSIBLE_ROLE_NONE:
    case GTK_ACCESSIBLE_ROLE_PRESENTATION:
      return FALSE;
    default:
      break;
    }
  return !gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL)
         && !gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
         && !gtk_test_accessible_has_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN);
}

/* Names ACCESSIBLE, marking the name as one tidy gave (and may give anew,
 * as the text it comes from changes). */
static void
set_label (gpointer accessible, const char *text)
{
  g_object_set_data (G_OBJECT (accessible), "isle-tidy-named", GINT_TO_POINTER (TRUE));
  gtk_accessible_update_property (GTK_ACCESSIBLE (accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/* Whether something other than tidy named WIDGET. */
static gboolean
named_elsewhere (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "isle-tidy-named") == NULL
         && gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* The activatable widget of an AdwActionRow (a switch, a check). */
static gboolean
is_row_control (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_ACTION_ROW);

  return row != NULL && adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)) == widget;
}

static void
name_row_control (GtkWidget *control)
{
  AdwPreferencesRow *row = ADW_PREFERENCES_ROW (gtk_widget_get_ancestor (control, ADW_TYPE_ACTION_ROW));
  const char *title = adw_preferences_row_get_title (row);
  g_autoptr (GString) text = g_string_new (NULL);

  if (title == NULL || *title == '\0')
    return;
  for (const char *c = title; *c != '\0'; c++)
    {
      /* "_A" is a mnemonic, "__" an underscore. */
      if (*c == '_' && adw_preferences_row_get_use_underline (row) && c[1] != '\0')
        c++;
      g_string_append_c (text, *c);
    }
  set_label (control, text->str);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* A toggle button that shows only a magnifying glass (GtkShortcutsWindow's). */
static gboolean
is_search_toggle (GtkWidget *widget)
{
  GtkWidget *child = GTK_IS_TOGGLE_BUTTON (widget) ? gtk_button_get_child (GTK_BUTTON (widget)) : NULL;

  return GTK_IS_IMAGE (child) && g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (child)), "edit-find-symbolic") == 0;
}

/* The texts of the labels WIDGET shows, joined: a list item by its words. */
static void
collect_text (GtkWidget *widget, GString *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_visible (child))
        continue;
      if (GTK_IS_LABEL (child) && *gtk_label_get_text (GTK_LABEL (child)) != '\0')
        {
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, gtk_label_get_text (GTK_LABEL (child)));
        }
      else
        collect_text (child, text);
    }
}

/* A toolkit list item nothing names: an item of a GtkListView (a
 * drop-down's open list, an editor's list), which GTK 4.8 leaves unnamed
 * and recycles for other items, or a plain list row (a file chooser's
 * places). libadwaita's rows are named by their titles. */
static gboolean
is_list_view_item (GtkWidget *widget)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);

  return gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM
         && g_str_has_prefix (type, "Gtk")
         && !named_elsewhere (widget)
         && !gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
name_list_item (GtkWidget *item)
{
  g_autoptr (GString) text = g_string_new (NULL);

  collect_text (item, text);
  if (text->len > 0)
    set_label (item, text->str);
}

#if !GTK_CHECK_VERSION (4, 18, 0)
/* A key combination as the keyboard shows it ("Ctrl+N"). */
static void
name_shortcut_label (GtkShortcutLabel *shortcut)
{
  const char *accelerators = gtk_shortcut_label_get_accelerator (shortcut);
  g_auto (GStrv) each = g_strsplit (accelerators != NULL ? accelerators : "", " ", -1);
  g_autofree char *text = isle_shortcuts_keys_text ((const char *const *) each, ", ");

  set_label (shortcut, text);
}
#endif

static void name_the_rest (GtkWidget *widget);

/* What a toolkit button says: a magnifying glass "Search", else the text
 * it shows (gathered in SHOWN), else its tooltip; NULL when it has none. */
static const char *
button_words (GtkWidget *widget, const char *tooltip, GString *shown)
{
  GtkWidget *child;

  if (!GTK_IS_BUTTON (widget) || !g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Gtk"))
    return NULL;
  child = gtk_button_get_child (GTK_BUTTON (widget));
  if (is_search_toggle (widget))
    return _("Search");
  if (GTK_IS_LABEL (child))
    {
      /* GTK reads a label it set through "labelled by", and keeps up
       * with its changes: left so. */
      if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
          || *gtk_label_get_text (GTK_LABEL (child)) == '\0')
        return NULL;
      return gtk_label_get_text (GTK_LABEL (child));
    }
  /* Words beside a picture (a file chooser's path bar and columns). */
  collect_text (widget, shown);
  if (shown->len > 0)
    return shown->str;
  /* A new tooltip, a new name. */
  if (tooltip != NULL)
    connect_once (widget, "notify::tooltip-text", G_CALLBACK (name_the_rest));
  return tooltip;
}

/* What is left that GTK would read by its class: a picture is hidden
 * unless it has a tooltip, a button read by its tooltip or its text, a
 * window by its title, a view switcher "Pages"; a toolkit box that only
 * lays out others gets an empty name, as GTK's own boxes have. */
static void
name_the_rest (GtkWidget *widget)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);
  const char *tooltip = gtk_widget_get_tooltip_text (widget);
  gboolean labelled = named_elsewhere (widget);
  g_autoptr (GString) shown = g_string_new (NULL);
  const char *words;

  /* A picture: hidden, or read by its tooltip. A toolkit button: by
   * what it shows or its tooltip, not through a picture it is "labelled
   * by" (libadwaita's About window read "GtkButton" so). */
  if (!labelled && (GTK_IS_IMAGE (widget) || g_strcmp0 (type, "GtkBuiltinIcon") == 0))
    {
      if (tooltip != NULL)
        set_label (widget, tooltip);
      else
        gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      return;
    }
  words = labelled ? NULL : button_words (widget, tooltip, shown);
  if (words != NULL)
    {
      set_label (widget, words);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      return;
    }
  if (!isle_accessible_reads_class_name (GTK_ACCESSIBLE (widget)))
    return;
  /* GtkShortcutsWindow's (GTK < 4.18; then libadwaita's dialogs). */
#if !GTK_CHECK_VERSION (4, 18, 0)
  if (GTK_IS_SHORTCUT_LABEL (widget))
    {
      name_shortcut_label (GTK_SHORTCUT_LABEL (widget));
      return;
    }
#endif
  /* The first folder of GTK's own file chooser's path, shown as an icon
   * alone: the home folder or the whole file system. */
  if (GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), "GtkPathBar") == 0
      && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))))
    {
      const char *icon = gtk_image_get_icon_name (GTK_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))));

      set_label (widget, g_strcmp0 (icon, "user-home-symbolic") == 0 ? _("Home folder") : _("File system"));
      return;
    }
  if (GTK_IS_WINDOW (widget))
    set_label (widget, gtk_window_get_title (GTK_WINDOW (widget)) != NULL ? gtk_window_get_title (GTK_WINDOW (widget)) : "");
  else if (tooltip != NULL)
    set_label (widget, tooltip);
  else if (ADW_IS_VIEW_SWITCHER (widget))
    set_label (widget, _("Pages"));
  else if (GTK_IS_SEARCH_ENTRY (widget))
    set_label (widget, _("Search"));
  else if (GTK_IS_MENU_BUTTON (widget) || (GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget))))
    set_label (widget, _("Menu"));
  /* Boxes, lists, and the focusable views GTK 4.8 gives no role (a
   * paned's handle, a tree view): what they hold is read. */
  else if (!gtk_widget_get_focusable (widget) || GTK_IS_LIST_BOX (widget) || GTK_IS_TEXT_VIEW (widget)
           || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_WIDGET)
    set_label (widget, "");
}

static gboolean
tidy_later (gpointer window)
{
  g_object_set_data (window, "isle-tidy-pending", NULL);
  isle_accessible_tidy (window);
  g_object_unref (window);
  return G_SOURCE_REMOVE;
}

/* A list item is named as it takes the focus: the list may have made it
 * or given it another item's words since the window was tidied. A window
 * of the toolkit's own (a file chooser) fills itself in after it is
 * shown, and no code of ours knows when: it is tidied again, once the
 * focus has moved. */
static void
name_focused_item (GtkWindow *window)
{
  GtkWidget *focus = gtk_window_get_focus (window);

  if (focus != NULL && is_list_view_item (focus))
    name_list_item (focus);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog shown inside the window (libadwaita's own, the About) is
   * tidied as the focus first enters it. */
  if (focus != NULL && gtk_widget_get_ancestor (focus, ADW_TYPE_DIALOG) != NULL)
    {
      GtkWidget *dialog = gtk_widget_get_ancestor (focus, ADW_TYPE_DIALOG);

      if (g_object_get_data (G_OBJECT (dialog), "isle-tidied") == NULL)
        {
          g_object_set_data (G_OBJECT (dialog), "isle-tidied", GINT_TO_POINTER (TRUE));
          isle_accessible_tidy (dialog);
        }
    }
#endif
  if (!g_str_has_prefix (G_OBJECT_TYPE_NAME (window), "Isle")
      && g_object_get_data (G_OBJECT (window), "isle-tidy-pending") == NULL)
    {
      g_object_set_data (G_OBJECT (window), "isle-tidy-pending", GINT_TO_POINTER (TRUE));
      g_idle_add (tidy_later, g_object_ref (window));
    }
}

static void
tidy_on_map (GtkWidget *widget)
{
  isle_accessible_tidy (widget);
}

void
isle_accessible_tidy (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_WINDOW (root))
    {
      name_the_rest (root);
      connect_once (root, "notify::focus-widget", G_CALLBACK (name_focused_item));
    }
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog gets part of its frame only as it is presented (its
   * sheet's pages): it is tidied again each time it is shown. */
  if (ADW_IS_DIALOG (root))
    connect_once (root, "map", G_CALLBACK (tidy_on_map));
#endif

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
          /* Not "labelled by" the title as well ("Board Board"). */
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        }
      /* A row's switch or check: libadwaita labels it by the row's title,
       * which GTK 4.8 reads after the switch's own name ("Animations
       * Animations"); the row's title alone, mnemonic taken out. */
      else if (is_row_control (child))
        name_row_control (child);
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
            else if (isle_accessible_reads_class_name (GTK_ACCESSIBLE (stack_page)))
              set_label (stack_page, "");
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
      else if (is_list_view_item (child))
        name_list_item (child);
      if (GTK_IS_POPOVER (child))
        /* Its content is made as it opens (a drop-down's items). */
        connect_once (child, "map", G_CALLBACK (tidy_on_map));
      name_the_rest (child);
      isle_accessible_tidy (child);
    }
}

static void
windows_changed (GListModel *windows, guint position, guint removed, guint added)
{
  (void) removed;
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (windows, i);

      connect_once (window, "map", G_CALLBACK (tidy_on_map));
      isle_accessible_tidy (window);
    }
}

void
isle_accessible_watch_windows (void)
{
  GListModel *windows = gtk_window_get_toplevels ();
  static gboolean watching;

  if (watching)
    return;
  watching = TRUE;
  g_signal_connect (windows, "items-changed", G_CALLBACK (windows_changed), NULL);
  windows_changed (windows, 0, 0, g_list_model_get_n_items (windows));
}
