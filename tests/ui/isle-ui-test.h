/* isle-ui-test.h — what the UI test programs share: running under a test
 * display, letting the main loop run, finding widgets. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Without a display, runs the program again under xvfb-run (a UI test is
 * never skipped for want of one); returns only when there is a display.
 * Then sets what every UI test wants: the cairo renderer, settings in
 * memory, messages in English, no GL (GDK_DEBUG, unless set). */
void       isle_ui_test_init_display (int        argc,
                                      char     **argv);

/* For a test of the app's windows, after isle_ui_test_init_display():
 * no accessibility bus (one an earlier test's app left on the display may
 * be gone), a game window's autosave in a new temporary file named for
 * NAME (never the person's), GTK and libadwaita set up. */
void       isle_ui_test_init_windows (int        *argc,
                                      char     ***argv,
                                      const char *name);

/* Lets the main loop run for MS milliseconds. */
void       isle_ui_test_wait_ms      (int        ms);

/* Runs the main loop until DONE () (TRUE) or MS milliseconds have gone
 * (FALSE). */
gboolean   isle_ui_test_wait_until   (gboolean  (*done) (void),
                                      int        ms);

/* The first widget inside ROOT, depth first, that MATCHES (widget, DATA),
 * or NULL. */
typedef gboolean (*IsleUiTestMatch) (GtkWidget *widget, gconstpointer data);
GtkWidget *isle_ui_test_find         (GtkWidget      *root,
                                      IsleUiTestMatch matches,
                                      gconstpointer   data);

/* The first widget of TYPE inside ROOT, depth first, or NULL. */
GtkWidget *isle_ui_test_find_type    (GtkWidget *root,
                                      GType      type);

/* The first label showing TEXT inside ROOT, depth first, or NULL. */
GtkLabel  *isle_ui_test_find_label   (GtkWidget  *root,
                                      const char *text);

/* The dialog of TYPE shown now, or NULL: a top-level window of TYPE
 * (libadwaita < 1.5) or an AdwDialog of TYPE presented on a top-level
 * window (libadwaita ≥ 1.5, where the dialogs are no windows). */
GtkWidget *isle_ui_test_find_dialog  (GType      type);

/* The type of the app's alerts (isle_alert_present()): AdwAlertDialog
 * from libadwaita 1.5, AdwMessageDialog before; and whether one shows. */
GType      isle_ui_test_alert_type   (void);
gboolean   isle_ui_test_alert_shown  (void);

/* Shows DIALOG (a GtkWindow or an AdwDialog) over PARENT, or alone when
 * PARENT is NULL. */
void       isle_ui_test_present      (GtkWidget *dialog,
                                      GtkWindow *parent);

/* Closes DIALOG (a GtkWindow or an AdwDialog) as its close button does. */
void       isle_ui_test_close        (GtkWidget *dialog);

/* The window DIALOG is shown in: itself when it is a window. */
GtkWindow *isle_ui_test_window_of    (GtkWidget *dialog);

/* The page of WINDOW (an IsleWindow) a person sees: "start", "puzzles",
 * "game" or "pass"; "" while a page still slides in or out (libadwaita
 * 1.4's navigation view), as it is not yet where a person clicks. */
const char *isle_ui_test_page_shown (GtkWidget *window);

/* Whether WIDGET is shown whole without scrolling: mapped, within its
 * window and within the view of the scrolled window it is in, if any. */
gboolean   isle_ui_test_in_sight     (GtkWidget *widget);

/* With the environment variable VARIABLE set to a folder, the screen as
 * NAME.png in it (after a moment to paint), for a person to look at. */
void       isle_ui_test_shot         (const char *variable,
                                      const char *name);

/* With $CRITTER_ISLE_SCREENSHOT_DIR set to a folder, WINDOW (a window or
 * a dialog's window) drawn by its own renderer as NAME.png in it, after a
 * moment to paint. */
void       isle_ui_test_window_shot  (GtkWidget  *window,
                                      const char *name);

/* What under ROOT a screen reader on GTK 4.8 would read by a toolkit
 * class name ("GtkStackPage", "AdwGizmo"): each offender's class and, if
 * it has one, its name, one a line; "" when there is none. The shown
 * widgets are walked (and a stack's pages), not the hidden ones, which
 * screen readers never meet, as in the AT-SPI tree. */
char      *isle_ui_test_class_names  (GtkWidget *root);

/* Fails, listing them with WHERE, if any shown window (or, from
 * libadwaita 1.5, a dialog in one) has an object a screen reader would
 * read by a toolkit class name (isle_ui_test_class_names()). Needs
 * GTK_A11Y=test. */
void       isle_ui_test_assert_no_class_names (const char *where);

/* The accessible label ACCESSIBLE has been given, or NULL. */
char      *isle_ui_test_accessible_label (GtkAccessible *accessible);

/* A button whose label is LABEL (its mnemonic's underscore included), for
 * isle_ui_test_find(). */
gboolean   isle_ui_test_is_button_labelled (GtkWidget     *widget,
                                            gconstpointer  label);

/* The application, as the app makes it (isle-application.c: its actions,
 * its accelerators, its resource base path), registered but not run: the
 * test iterates the main loop itself. Non-unique, so it never hands its
 * windows to another instance on the bus. One per test program. */
GtkApplication *isle_ui_test_app (void);

G_END_DECLS
