/* isle-ui-input.h — real input for the UI tests: keys, clicks and resizes
 * sent through the X server with XTest, so that they come back to GTK as
 * the events of a person at the keyboard and mouse (focus, grabs, key
 * bindings, accelerators, gestures and all), never as calls into the
 * widgets. X11 only (the tests run under Xvfb). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether the default display is an X11 one with the XTest extension; the
 * other functions need it. */
gboolean isle_ui_input_available     (void);

/* Gives WINDOW the keyboard focus and raises it, as a window manager does
 * for the window a person clicks or a new dialog (Xvfb runs none): waits
 * until it is mapped, then XSetInputFocus(). FALSE if it never mapped. */
gboolean isle_ui_input_focus         (GtkWindow       *window);

/* Presses and releases KEYVAL with MODS (GDK_CONTROL_MASK, GDK_SHIFT_MASK,
 * GDK_ALT_MASK) held, then lets GTK take the events. FALSE if the keyboard
 * map has no key for KEYVAL. */
gboolean isle_ui_input_key           (guint            keyval,
                                      GdkModifierType  mods);

/* Where the point (X, Y) of WIDGET is on the screen (root coordinates).
 * FALSE if WIDGET is not shown. */
gboolean isle_ui_input_root_point    (GtkWidget       *widget,
                                      double           x,
                                      double           y,
                                      int             *root_x,
                                      int             *root_y);

/* Moves the pointer to (ROOT_X, ROOT_Y) and clicks the first button. */
void     isle_ui_input_click_root    (int              root_x,
                                      int              root_y);

/* Moves the pointer to (ROOT_X, ROOT_Y), as a hand does, and lets GTK
 * take it. */
void     isle_ui_input_move_root     (int              root_x,
                                      int              root_y);

/* Presses (PRESSED) or releases the first button where the pointer is:
 * with isle_ui_input_move_root() between, a drag. */
void     isle_ui_input_button        (gboolean         pressed);

/* Clicks WIDGET at the point FX, FY of its size (0.5, 0.5: the middle).
 * FALSE, and no click, if WIDGET is not shown or has no size. */
gboolean isle_ui_input_click         (GtkWidget       *widget,
                                      double           fx,
                                      double           fy);

/* Moves the pointer over WIDGET at the point FX, FY of its size, with no
 * click (hovering). FALSE if WIDGET is not shown or has no size. */
gboolean isle_ui_input_point         (GtkWidget       *widget,
                                      double           fx,
                                      double           fy);

/* Turns the mouse wheel over the middle of WIDGET: STEPS notches down
 * (negative: up). FALSE if WIDGET is not shown. */
gboolean isle_ui_input_scroll        (GtkWidget       *widget,
                                      int              steps);

/* Resizes WINDOW's X window to WIDTH × HEIGHT, as a window manager does
 * when a person drags its edge, and lets GTK lay it out again. */
void     isle_ui_input_resize        (GtkWindow       *window,
                                      int              width,
                                      int              height);

/* Waits until the X server has handled every request sent, then lets
 * the main loop take the events it sent back. */
void     isle_ui_input_sync          (void);

/* Types TEXT on the keyboard, one key a character. */
void       isle_ui_input_type_text   (const char *text);

/* The file chooser GTK shows when there is no portal (a test display has
 * none), waited for up to 5 s: GtkFileDialog and GtkFileChooserNative
 * both fall back to it. NULL if none came. */
GtkWindow *isle_ui_input_file_chooser (void);

/* Answers the file chooser CHOOSER with PATH, as a person types it: the
 * whole path in the name field (Ctrl+L goes there, Ctrl+A selects what it
 * holds), then a click on ACCEPT ("_Save"), or Return when ACCEPT is
 * NULL; waits until it has gone. To save, not the folder and Return: the
 * field of GTK 4.18 (not 4.8) completes a folder's path with the name of
 * the one file in it, and Return then answers with that file. (To open,
 * see isle_ui_input_open_file().) */
void       isle_ui_input_choose_file (GtkWindow  *chooser,
                                      const char *path,
                                      const char *accept);

/* Opens the file NAME of the folder DIR from the file chooser CHOOSER, as
 * a person does whatever GTK's version: the folder typed in the name
 * field (Ctrl+L) and Return, then, if the chooser is still there (it went
 * into the folder; GTK 4.18 may instead complete a folder's path with its
 * one file and open that), the file's whole path typed there (less the
 * "/" GTK 4.18 may offer after it) and Return. Waits until it has gone. */
void       isle_ui_input_open_file   (GtkWindow  *chooser,
                                      const char *dir,
                                      const char *name);

G_END_DECLS
