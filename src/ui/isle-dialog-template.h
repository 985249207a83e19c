/* isle-dialog-template.h — templates of the dialogs that are an AdwDialog
 * with libadwaita ≥ 1.5 and an AdwWindow before (New Game, How to Play,
 * Preferences).
 *
 * Their .ui files are shared by both parents: the <template> says
 * parent="GtkWidget" and sets only what both parents have. GtkBuilder
 * wants the exact parent class there, so it is written in as the class's
 * template is set. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

static inline void
isle_dialog_template_set (GtkWidgetClass *widget_class, const char *resource)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autofree char *parent = g_strdup_printf ("parent=\"%s\"",
                                             g_type_name (g_type_parent (G_TYPE_FROM_CLASS (widget_class))));
  GString *ui;
  guint replaced;

  g_assert (bytes != NULL);
  ui = g_string_new_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  replaced = g_string_replace (ui, "parent=\"GtkWidget\"", parent, 1);
  g_assert (replaced == 1);
  (void) replaced;
  {
    g_autoptr (GBytes) template = g_string_free_to_bytes (ui);

    gtk_widget_class_set_template (widget_class, template);
  }
}

G_END_DECLS
