/* isle-shortcuts.h — the keyboard shortcuts of the game and the editor: an
 * AdwDialog over the window with libadwaita ≥ 1.5 (AdwShortcutsDialog from
 * 1.8), the window's GtkShortcutsWindow before. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A GtkWidgetActionActivateFunc for "win.show-help-overlay" of an
 * AdwApplicationWindow. */
void       isle_show_shortcuts      (GtkWidget  *window,
                                     const char *action,
                                     GVariant   *parameter);

/* The shortcuts shown for WINDOW now (the dialog presented on it, or its
 * shortcuts window), or NULL (for tests and screenshots). */
GtkWidget *isle_shortcuts_get_shown (GtkWidget  *window);

/* The keys of ACCELERATORS (GTK's accelerator strings, NULL-terminated)
 * as a keyboard shows them ("Ctrl+Z"), joined by SEPARATOR. */
char      *isle_shortcuts_keys_text (const char *const *accelerators,
                                     const char        *separator);

G_END_DECLS
