/* isle-window-testing.c — what the tests, screenshots and benchmarks
 * (isle-testing.h) make the window do: people's decisions made at random
 * through the window's actions, results printed, screenshots taken, pages
 * opened, the main loop's stalls measured. A person's app never runs any
 * of it. */
#include "config.h"

#include <string.h>

#include "isle-how-to-play.h"
#include "isle-meeting.h"
#include "isle-round-review.h"
#include "isle-shortcuts.h"
#include "isle-testing.h"
#include "isle-window-private.h"
#include "isle-words.h"

static gboolean
test_human_step (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleState *s = isle_game_get_state (self->game);
  IsleActionList list;
  char text[64];
  guint32 pick;

  self->test_timer = 0;
  if (isle_state_is_terminal (s) || !isle_match_is_human (self->match, isle_state_to_move (s)))
    return G_SOURCE_REMOVE;
  /* CRITTER_ISLE_TEST_STOP_AT=hire: stay at the hiring market (screenshots). */
  if (g_strcmp0 (isle_testing_get ()->stop_at, "hire") == 0 && s->phase == ISLE_PHASE_HIRE)
    return G_SOURCE_REMOVE;
  if (self->test_undo_at != 0 && isle_game_get_position (self->game) >= self->test_undo_at)
    {
      /* Undo to the previous human decision and redo: the same state. */
      IsleState here = *s;

      self->test_undo_at = 0;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.undo", NULL);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.redo", NULL);
      g_print ("undo-redo: %s\n", memcmp (&here, isle_game_get_state (self->game), sizeof here) == 0
                                  ? "same" : "different");
      s = isle_game_get_state (self->game);
    }
  /* CRITTER_ISLE_TEST_HINT_UNDO=N: at a decision from N on, ask for a hint
   * and undo while it is thought over; the game must go on. */
  if (self->test_hint_undo_at != 0 && isle_game_get_position (self->game) >= self->test_hint_undo_at
      && isle_game_get_can_undo (self->game))
    {
      self->test_hint_undo_at = 0;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.hint", NULL);
      g_print ("hint-asked: %s\n", isle_match_get_thinking (self->match) ? "yes" : "no");
      gtk_widget_activate_action (GTK_WIDGET (self), "win.undo", NULL);
      g_print ("hint-undo: position %u\n", isle_game_get_position (self->game));
      s = isle_game_get_state (self->game);
      if (!isle_match_is_human (self->match, isle_state_to_move (s)))
        return G_SOURCE_REMOVE;
    }
  isle_state_legal_actions (s, &list);
  pick = g_random_int_range (0, list.n);
  isle_action_format (s, list.actions[pick], text);
  if (isle_match_get_hot_seat_pass (self->match))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.take-turn", NULL);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play", "s", text);
  return G_SOURCE_REMOVE;
}

void
isle_testing_human_moves (IsleWindow *self)
{
  if (self->test_timer == 0)
    self->test_timer = g_timeout_add (self->pause_ms, test_human_step, self);
}

gboolean
isle_testing_bench_tick (gpointer user_data)
{
  IsleWindow *self = user_data;
  gint64 now = g_get_monotonic_time ();

  /* Only waits while a computer player (or a hint) is thinking count. */
  if (self->last_tick != 0 && self->match != NULL && isle_match_get_thinking (self->match) && now - self->last_tick > self->max_stall)
    self->max_stall = now - self->last_tick;
  self->last_tick = now;
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
  isle_window_quit_soon (self);
}

gboolean
isle_testing_take_screenshot (gpointer user_data)
{
  IsleWindow *self = user_data;
  GtkWidget *target = screenshot_target (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (target);

  if (clock == NULL)
    return G_SOURCE_CONTINUE;   /* not shown yet */
  self->screenshot_timer = 0;
  g_signal_connect (clock, "after-paint", G_CALLBACK (capture), self);
  gtk_widget_queue_draw (target);
  return G_SOURCE_REMOVE;
}

/* Screenshots and tests: CRITTER_ISLE_TEST_PAGE=puzzles shows the Puzzles
 * page (=shortcuts: the shortcuts window), CRITTER_ISLE_TEST_PUZZLE=N plays
 * the Nth puzzle (from 0), CRITTER_ISLE_TEST_EDITOR=FILE opens FILE in the
 * scenario editor, CRITTER_ISLE_TEST_TOUR=N opens How to Play at page N
 * (from 0). */
void
isle_testing_open_page (gpointer user_data)
{
  IsleWindow *self = user_data;
  const IsleTesting *testing = isle_testing_get ();
  const char *editor = testing->editor;

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
}

/* The round review of the game page (a descendant of it). */
static IsleRoundReview *
find_review (GtkWidget *widget)
{
  if (ISLE_IS_ROUND_REVIEW (widget))
    return ISLE_ROUND_REVIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      IsleRoundReview *found = find_review (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

#define NEXT_ROUND_KEY "isle-testing-next-round"

/* A round's review waits for the player; a test that drives the game goes
 * on by itself once the review's lines are all shown, a pause later. */
static gboolean
next_round_tick (gpointer user_data)
{
  IsleWindow *self = user_data;
  IsleRoundReview *review = self->game_page != NULL ? find_review (GTK_WIDGET (self->game_page)) : NULL;

  if (review != NULL && isle_round_review_get_reviewing (review) && isle_round_review_get_stepping (review))
    return G_SOURCE_CONTINUE;
  g_object_steal_data (G_OBJECT (self), NEXT_ROUND_KEY);
  if (review != NULL && isle_round_review_get_reviewing (review))
    gtk_widget_activate_action (GTK_WIDGET (review), "review.next-round", NULL);
  return G_SOURCE_REMOVE;
}

static void
remove_source (gpointer id)
{
  g_source_remove (GPOINTER_TO_UINT (id));
}

static void
next_round_soon (IsleWindow *self)
{
  guint id;

  if (g_object_get_data (G_OBJECT (self), NEXT_ROUND_KEY) != NULL)
    return;
  id = g_timeout_add (MAX (1u, self->pause_ms), next_round_tick, self);
  g_object_set_data_full (G_OBJECT (self), NEXT_ROUND_KEY, GUINT_TO_POINTER (id), remove_source);
}

/* After every refresh of the window: a test that plays to the end quits
 * there with the result, and random people decide when it is their turn. */
void
isle_testing_window_refreshed (IsleWindow *self)
{
  const IsleState *s = isle_game_get_state (self->game);
  IsleGoalStatus goal = isle_match_get_goal_status (self->match, NULL);

  if ((isle_state_is_terminal (s) || goal != ISLE_GOAL_IN_PROGRESS) && isle_testing_get ()->quit_at_end)
    {
      if (!self->quitting)
        g_print ("result: %s, Red %d, Blue %d\n",
                 isle_state_is_terminal (s) ? (s->winner == ISLE_N_SIDES ? "a draw" : isle_words_side (s->winner))
                                            : "goal decided",
                 s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
      isle_window_quit_soon (self);
      return;
    }
  /* CRITTER_ISLE_TEST_STOP_AT=review: stay on the review (screenshots). */
  if (isle_testing_drives () && self->game_page != NULL && isle_game_page_get_reviewing (self->game_page)
      && !self->quitting && g_strcmp0 (isle_testing_get ()->stop_at, "review") != 0)
    next_round_soon (self);
  if (self->test_human && !isle_game_page_get_reviewing (self->game_page) && !self->quitting
      && !isle_state_is_terminal (s) && goal == ISLE_GOAL_IN_PROGRESS
      && isle_match_is_human (self->match, isle_state_to_move (s)))
    isle_testing_human_moves (self);
}
