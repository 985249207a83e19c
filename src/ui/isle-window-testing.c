/* isle-window-testing.c — what the screenshots and benchmarks
 * (isle-testing.h) make the window do: screenshots taken, pages opened,
 * the main loop's stalls measured. It is all held in one IsleWindowTesting,
 * which a person's window never has (NULL: nothing asked). */
#include "config.h"

#include "isle-how-to-play.h"
#include "isle-meeting.h"
#include "isle-shortcuts.h"
#include "isle-testing.h"
#include "isle-window-private.h"

struct _IsleWindowTesting
{
  IsleWindow *window;          /* the owner */
  /* CRITTER_ISLE_BENCH (build-aux/ui-bench): the longest wait of the main
   * loop between ticks of a 5 ms timer while a computer player thinks,
   * printed when the window goes. (The first frame is timed from outside,
   * by build-aux/first-frame.c.) */
  guint bench_timer;
  gint64 last_tick;
  gint64 max_stall;
  guint screenshot_timer;
  guint open_idle;
  gboolean quitting;
};

static gboolean
bench_tick (gpointer user_data)
{
  IsleWindowTesting *testing = user_data;
  IsleMatch *match = testing->window->match;
  gint64 now = g_get_monotonic_time ();

  /* Only waits while a computer player (or a hint) is thinking count. */
  if (testing->last_tick != 0 && match != NULL && isle_match_get_thinking (match)
      && now - testing->last_tick > testing->max_stall)
    testing->max_stall = now - testing->last_tick;
  testing->last_tick = now;
  return G_SOURCE_CONTINUE;
}

/* CRITTER_ISLE_SCREENSHOT=FILE.png: draw the window into FILE once it is
 * shown (after CRITTER_ISLE_SCREENSHOT_AFTER ms, default 1500), then close
 * (for tests and the project's screenshots). The picture is taken right
 * after a frame is painted, so it shows what is on screen. What it shows:
 * the editor of CRITTER_ISLE_TEST_EDITOR when it is open, else the window. */
static GtkWidget *
screenshot_target (IsleWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app != NULL && isle_testing_get ()->editor != NULL)
    for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
      if (!ISLE_IS_WINDOW (l->data))   /* the editor */
        return l->data;
  {
    GtkWidget *shortcuts = isle_shortcuts_get_shown (GTK_WIDGET (self));

    /* A window of its own on GTK 4.8; a dialog over this one later. */
    if (GTK_IS_WINDOW (shortcuts))
      return shortcuts;
  }
  if (isle_testing_get ()->tour_set)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

          if (ISLE_IS_HOW_TO_PLAY (window))
            return GTK_WIDGET (window);
        }
    }
  return GTK_WIDGET (self);
}

static void
capture (GdkFrameClock *clock, IsleWindow *self)
{
  GtkWidget *widget = screenshot_target (self);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_signal_handlers_disconnect_by_func (clock, capture, self);
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      /* Nothing drawn yet: try at the next frame. */
      g_signal_connect (clock, "after-paint", G_CALLBACK (capture), self);
      gtk_widget_queue_draw (widget);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, isle_testing_get ()->screenshot))
    g_printerr ("critter-isle: cannot write the screenshot\n");
  if (widget != GTK_WIDGET (self))
    gtk_window_destroy (GTK_WINDOW (widget));
  /* Closed once, when the main loop is idle. */
  if (!self->testing->quitting)
    {
      self->testing->quitting = TRUE;
      if (self->match != NULL)
        isle_match_hold (self->match);
      g_idle_add_once ((GSourceOnceFunc) gtk_window_destroy, self);
    }
}

static gboolean
take_screenshot (gpointer user_data)
{
  IsleWindowTesting *testing = user_data;
  IsleWindow *self = testing->window;
  GtkWidget *target = screenshot_target (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (target);

  if (clock == NULL)
    return G_SOURCE_CONTINUE;   /* not shown yet */
  testing->screenshot_timer = 0;
  g_signal_connect (clock, "after-paint", G_CALLBACK (capture), self);
  gtk_widget_queue_draw (target);
  return G_SOURCE_REMOVE;
}

/* Screenshots and tests: CRITTER_ISLE_TEST_PAGE=puzzles shows the Puzzles
 * page (=shortcuts: the shortcuts window), CRITTER_ISLE_TEST_PUZZLE=N plays
 * the Nth puzzle (from 0), CRITTER_ISLE_TEST_EDITOR=FILE opens FILE in the
 * scenario editor, CRITTER_ISLE_TEST_TOUR=N opens How to Play at page N
 * (from 0). */
static gboolean
open_page (gpointer user_data)
{
  IsleWindow *self = ((IsleWindowTesting *) user_data)->window;
  const IsleTesting *testing = isle_testing_get ();
  const char *editor = testing->editor;

  ((IsleWindowTesting *) user_data)->open_idle = 0;
  if (g_strcmp0 (testing->page, "puzzles") == 0 || testing->puzzle_set)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.puzzles", NULL);
  if (g_strcmp0 (testing->page, "shortcuts") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-help-overlay", NULL);
  if (testing->puzzle_set)
    isle_window_play_puzzle (self, (int) testing->puzzle);
  if (testing->tour_set)
    {
      IsleHowToPlay *tour = isle_how_to_play_present (GTK_WINDOW (self));

      isle_how_to_play_go_to (tour, testing->tour);
    }
  if (editor != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (editor);

      isle_meeting_edit (gtk_window_get_application (GTK_WINDOW (self)), NULL, file);
    }
  return G_SOURCE_REMOVE;
}

IsleWindowTesting *
isle_window_testing_new (IsleWindow *window)
{
  const IsleTesting *asked = isle_testing_get ();
  IsleWindowTesting *testing;

  if (asked->screenshot == NULL && asked->page == NULL && !asked->puzzle_set && asked->editor == NULL
      && !asked->tour_set && !asked->bench)
    return NULL;
  testing = g_new0 (IsleWindowTesting, 1);
  testing->window = window;
  if (asked->bench)
    testing->bench_timer = g_timeout_add (5, bench_tick, testing);
  if (asked->screenshot != NULL)
    testing->screenshot_timer = g_timeout_add (asked->screenshot_after_ms, take_screenshot, testing);
  if (asked->page != NULL || asked->puzzle_set || asked->editor != NULL || asked->tour_set)
    testing->open_idle = g_idle_add (open_page, testing);
  return testing;
}

void
isle_window_testing_free (IsleWindowTesting *testing)
{
  if (testing->bench_timer != 0)
    g_print ("max-stall-ms: %.1f\n", (double) testing->max_stall / 1000.0);
  g_clear_handle_id (&testing->bench_timer, g_source_remove);
  g_clear_handle_id (&testing->screenshot_timer, g_source_remove);
  g_clear_handle_id (&testing->open_idle, g_source_remove);
  g_free (testing);
}
