/* isle-shortcuts.h — the keyboard shortcuts window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A GtkWidgetActionActivateFunc for "win.show-help-overlay" of a
 * GtkApplicationWindow. */
void isle_show_shortcuts (GtkWidget *window, const char *action, GVariant *parameter);

G_END_DECLS
