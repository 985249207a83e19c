/* isle-accessible.h — names for screen readers where GTK would give the
 * name of a toolkit class ("GtkScrollbar", "AdwGizmo"): the parts of
 * GTK's and libadwaita's own widgets no .ui file can reach. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Walks ROOT and what it holds now: scroll bars (mouse-only; the keyboard
 * scrolls the content they show) and a carousel's dots are hidden from
 * screen readers; a header bar's inner boxes are named "Toolbar", a window
 * title by its title, a button with a mnemonic by its label (GTK 4.8 reads
 * "_New Game New Game"), a preferences group's list by the group's title,
 * a menu and its inner parts "Menu".
 * Call it once a window's or page's widgets are built. */
void isle_accessible_tidy (GtkWidget *root);

/* Tidies every window as it is shown (the About window, the shortcuts
 * window: GTK's and libadwaita's own) and each popover as it opens, and
 * names a list item by its words as it takes the focus. Call it once. */
void isle_accessible_watch_windows (void);

/* Whether GTK 4.8 would read ACCESSIBLE by its class name: nothing names
 * it, it is not hidden, and its role is not a structural one. */
gboolean isle_accessible_reads_class_name (GtkAccessible *accessible);

G_END_DECLS
