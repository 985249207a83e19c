/* isle-announcer.h — says a sentence through the screen reader, for
 * WIDGET's window: gtk_accessible_announce() from GTK 4.14; before it, the
 * sentence becomes the accessible description of the widget with the
 * keyboard focus, which Orca speaks at once ("object:property-change:
 * accessible-description" of the object it follows), and is taken back
 * when the focus moves on (build-aux/orca-check shows it). What is said
 * is decided by the model (IsleTurn's "announce"). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void isle_announce (GtkWidget  *widget,
                    const char *text);

G_END_DECLS
