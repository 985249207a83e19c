/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * first-frame.c — an LD_PRELOAD shim for build-aux/ui-bench that measures
 * any GTK 4 application the same way: critter-isle and the peers we compare
 * it with (gnome-chess), without hooks of their own.
 *
 * It wraps g_application_run(); once the application has started up it
 * watches for the first window to be mapped and prints, after that window's
 * first frame is painted,
 *
 *     first-frame-monotonic-us: N
 *
 * on standard error (N from g_get_monotonic_time(), CLOCK_MONOTONIC, the
 * clock Python's time.monotonic_ns() reads).  With UI_BENCH_QUIT set it
 * then quits the application, so its maximum RSS is the one at start-up.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <gtk/gtk.h>

int g_application_run (GApplication *application, int argc, char **argv);

static gboolean
quit_now (gpointer application)
{
  g_application_quit (G_APPLICATION (application));
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock, gpointer application)
{
  static gboolean done;

  (void) clock;
  if (done)
    return;
  done = TRUE;
  fprintf (stderr, "first-frame-monotonic-us: %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  fflush (stderr);
  if (getenv ("UI_BENCH_QUIT") != NULL)
    g_idle_add (quit_now, application);
}

static gboolean
on_map (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer application)
{
  GtkWidget *widget = g_value_get_object (&values[0]);
  GdkFrameClock *clock;

  (void) hint;
  (void) n_values;
  if (!GTK_IS_WINDOW (widget) || (clock = gtk_widget_get_frame_clock (widget)) == NULL)
    return TRUE;   /* keep watching */
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), application);
  return FALSE;    /* the first window is enough */
}

static void
on_startup (GApplication *application)
{
  /* The signal exists once the class does. */
  g_type_class_unref (g_type_class_ref (GTK_TYPE_WIDGET));
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_map,
                              application, NULL);
}

int
g_application_run (GApplication *application, int argc, char **argv)
{
  int (*real_run) (GApplication *, int, char **) =
    (int (*) (GApplication *, int, char **)) dlsym (RTLD_NEXT, "g_application_run");

  if (real_run == NULL)
    {
      fprintf (stderr, "first-frame: g_application_run not found\n");
      return 1;
    }
  g_signal_connect_after (application, "startup", G_CALLBACK (on_startup), NULL);
  return real_run (application, argc, argv);
}
