/* test-board-view.c — IsleBoardView: tiles named for screen readers, roving
 * keyboard focus, activation by key and click, animations that end in the
 * board itself (flips, placements), the highlight, hint, preview and
 * last-move marks, scored lines drawn one after another, and the
 * coordinates on the frame.
 *
 * Needs a display: run without one, it runs itself again under xvfb-run.
 * With CRITTER_ISLE_SCREENSHOT_DIR set it saves what the map looks like
 * (board-light.png, board-dark.png, and -hc ones in high contrast) there. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-ui-test.h"
#include "isle-token-art.h"
#include "isle-notation.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))

/* R3: tokens of both sides, a Chameleon showing the other colour, a white
 * token, an own face-down one, and fog over the north-east quadrant. */
static const char position[] =
  "rW  .   bP  #   #   #\n"
  ".   bLr .   #   #   #\n"
  "rB* .   .   #   #   #\n"
  ".   .   bK  rT  .   .\n"
  "bR  .   .   .   rW  .\n"
  ".   .   .   .   .   bF\n";

/* The same map a move later: Blue's Rat placed on c3, Red's Wolf gone from
 * e5, fog lifted from the north-east. */
static const char position_after[] =
  "rW  .   bP  .   .   .\n"
  ".   bLr .   .   .   .\n"
  "rB* .   bR  .   .   .\n"
  ".   .   bK  rT  .   .\n"
  "bR  .   .   .   .   .\n"
  ".   .   .   .   .   bF\n";

static IsleBoard
parse (const char *text)
{
  IsleBoard board;
  IsleNotationError err;

  if (!isle_board_parse (text, &board, &err))
    g_error ("bad R3 board in the test, row %d column %d: %s", err.row, err.column, err.message);
  return board;
}

static int
cell (const char *name)
{
  int c = isle_cell_from_name (name);

  g_assert_cmpint (c, >=, 0);
  return c;
}

/* ---- a window to put the map in ----------------------------------------- */


/* Waits until every render asked for has arrived and been drawn. */
static void
wait_for_art (void)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;

  while (isle_art_pending () > 0 && g_get_monotonic_time () < deadline)
    isle_ui_test_wait_ms (10);
  g_assert_cmpuint (isle_art_pending (), ==, 0);
  isle_ui_test_wait_ms (50);
}

/* Shows CHILD in a new window and waits until it is drawn at its size,
 * its art perhaps still on the way. */
static GtkWindow *
show_in_window_now (GtkWidget *child, int width, int height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  gint64 deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  while ((!gtk_widget_get_mapped (child) || gtk_widget_get_width (child) < 100)
         && g_get_monotonic_time () < deadline)
    isle_ui_test_wait_ms (10);
  g_assert_true (gtk_widget_get_mapped (child));
  isle_ui_test_wait_ms (50);
  return window;
}

/* Shows CHILD in a new window and waits until it is drawn at its size with
 * all its art. */
static GtkWindow *
show_in_window (GtkWidget *child, int width, int height)
{
  GtkWindow *window = show_in_window_now (child, width, height);

  wait_for_art ();
  return window;
}

/* The map's own widget, in a window, with BOARD shown. */
static IsleBoardView *
board_in_window (const IsleBoard *board, GtkWindow **window)
{
  IsleBoardView *view = ISLE_BOARD_VIEW (isle_board_view_new ());

  isle_board_view_set_board (view, board, ISLE_SIDE_RED);
  *window = show_in_window (GTK_WIDGET (view), 420, 420);
  return view;
}

/* Draws WIDGET as it would be drawn now, not as its last frame was (a
 * GtkWidgetPaintable shows the last frame), so a test sees each change at
 * once. A window, which has no parent, is drawn from its last frame. */
static GdkTexture *
render (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  graphene_rect_t bounds;
  GskRenderNode *node;
  GdkTexture *texture;

  g_assert_nonnull (renderer);
  if (parent != NULL)
    {
      g_assert_true (gtk_widget_compute_bounds (widget, parent, &bounds));
      gtk_widget_snapshot_child (parent, widget, snapshot);
    }
  else
    {
      g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);

      bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
      gdk_paintable_snapshot (paintable, snapshot, bounds.size.width, bounds.size.height);
    }
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &bounds);
  gsk_render_node_unref (node);
  return texture;
}

static GBytes *
pixels (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *data = g_malloc ((gsize) w * h * 4);

  gdk_texture_download (texture, data, (gsize) w * 4);
  return g_bytes_new_take (data, (gsize) w * h * 4);
}

static gboolean
same_picture (GtkWidget *a, GtkWidget *b)
{
  g_autoptr (GdkTexture) ta = render (a);
  g_autoptr (GdkTexture) tb = render (b);
  g_autoptr (GBytes) pa = pixels (ta);
  g_autoptr (GBytes) pb = pixels (tb);

  return g_bytes_equal (pa, pb);
}

static GtkEventController *
controller_of (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;   /* the widget keeps it */
    }
  g_assert_not_reached ();
}

/* Presses KEYVAL as the key controller would see it; returns whether the
 * map took it. */
static gboolean
press_key (IsleBoardView *view, guint keyval)
{
  GtkEventController *keys = controller_of (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys, "key-pressed", keyval, 0u, (GdkModifierType) 0, &handled);
  return handled;
}

/* Where the centre of CELL's tile is, in the map's coordinates. */
static void
tile_centre (IsleBoardView *view, int c, double *x, double *y)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (isle_board_view_get_tile (view, c),
                                            GTK_WIDGET (view), &bounds));
  g_assert_cmpfloat (bounds.size.width, >, 10);
  *x = bounds.origin.x + bounds.size.width / 2;
  *y = bounds.origin.y + bounds.size.height / 2;
}

static void
click (IsleBoardView *view, int c)
{
  GtkEventController *gesture = controller_of (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK);
  double x, y;

  tile_centre (view, c, &x, &y);
  g_signal_emit_by_name (gesture, "pressed", 1, x, y);
}

static void
hover (IsleBoardView *view, int c)
{
  GtkEventController *motion = controller_of (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_MOTION);
  double x, y;

  tile_centre (view, c, &x, &y);
  g_signal_emit_by_name (motion, "motion", x, y);
}

static void
record_cell (IsleBoardView *view, int c, gpointer user_data)
{
  GArray *cells = user_data;

  (void) view;
  g_array_append_val (cells, c);
}

/* ---- tests -------------------------------------------------------------- */

/* Every tile is a button in the map's grid, named as isle_words_tile_name()
 * names it: targets say they can be played; none is ever disabled (a
 * screen reader would read it "grayed"), and each has the "click" action
 * GTK gives a GtkButton. */
static void
test_tiles_are_named (void)
{
  IsleBoard board = parse (position);
  IsleBoardView *view = g_object_ref_sink (ISLE_BOARD_VIEW (isle_board_view_new ()));
  uint64_t targets = BIT (cell ("b1")) | BIT (cell ("c3")) | BIT (cell ("d1"));

  gtk_test_accessible_assert_role (view, GTK_ACCESSIBLE_ROLE_GRID);
  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  isle_board_view_set_targets (view, targets);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    {
      GtkWidget *tile = isle_board_view_get_tile (view, c);
      g_autofree char *expected = isle_words_tile_name (&board, c,
                                                        (targets & BIT (c)) ? ISLE_TILE_USE_PLAYABLE : ISLE_TILE_USE_NONE,
                                                        FALSE);
      const char *label;

      g_assert_true (ISLE_IS_BOARD_TILE (tile));
      g_assert_true (GTK_IS_BUTTON (tile));
      g_assert_true (gtk_widget_get_parent (tile) == GTK_WIDGET (view));
      g_assert_cmpint (isle_board_tile_get_cell (ISLE_BOARD_TILE (tile)), ==, c);
      label = isle_board_tile_get_label (ISLE_BOARD_TILE (tile));
      g_assert_nonnull (label);
      g_assert_cmpstr (label, !=, "");
      g_assert_cmpstr (label, ==, expected);
      g_assert_cmpint (isle_board_tile_get_playable (ISLE_BOARD_TILE (tile)), ==, (targets & BIT (c)) != 0);
      gtk_test_accessible_assert_role (tile, GTK_ACCESSIBLE_ROLE_BUTTON);
      gtk_test_accessible_assert_property (tile, GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
      if (gtk_test_accessible_has_state (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_STATE_DISABLED))
        gtk_test_accessible_assert_state (tile, GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
      g_assert_true (gtk_widget_get_sensitive (tile));
    }
  /* A few names spelt out, so the words themselves are pinned too. */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
    {
      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("a1")))),
                       ==, "a1, Red's Wolf");
      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("c3")))),
                       ==, "c3, free, can be played");
      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("d1")))),
                       ==, "d1, under fog, can be played");
    }

  /* New targets and a new board rename the tiles. */
  isle_board_view_set_targets (view, 0);
  board = parse (position_after);
  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    {
      GtkWidget *tile = isle_board_view_get_tile (view, c);
      g_autofree char *name = isle_words_tile (&board, c);

      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (tile)), ==, name);
      g_assert_false (isle_board_tile_get_playable (ISLE_BOARD_TILE (tile)));
      g_assert_true (gtk_widget_get_sensitive (tile));
    }
  g_object_unref (view);
}

/* The names the model gives replace the view's own, and NULL gives them
 * back; a tile that cannot be played says why, and is not disabled. */
static void
test_tile_names_given (void)
{
  IsleBoard board = parse (position);
  IsleBoardView *view = g_object_ref_sink (ISLE_BOARD_VIEW (isle_board_view_new ()));
  uint64_t targets = BIT (cell ("b1"));
  uint64_t last = BIT (cell ("c1"));
  char *names[ISLE_N_CELLS + 1] = { NULL };

  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  isle_board_view_set_targets (view, targets);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    names[c] = isle_words_tile_name (&board, c,
                                     (targets & BIT (c)) ? ISLE_TILE_USE_PLAYABLE : ISLE_TILE_USE_UNPLAYABLE,
                                     (last & BIT (c)) != 0);
  isle_board_view_set_tile_names (view, (const char *const *) names);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    {
      GtkWidget *tile = isle_board_view_get_tile (view, c);

      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (tile)), ==, names[c]);
      gtk_test_accessible_assert_property (tile, GTK_ACCESSIBLE_PROPERTY_LABEL, names[c]);
      g_assert_true (gtk_widget_get_sensitive (tile));
    }
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
    {
      /* R6.3: a fog board's tile (d1); an occupied one last moved (c1, a
       * Pig); a free one (b2); a target (b1). */
      g_assert_cmpstr (names[cell ("d1")], ==, "d1, cannot be played: fog");
      g_assert_cmpstr (names[cell ("c1")], ==, "c1, Blue's Pig, last move");
      g_assert_cmpstr (names[cell ("b3")], ==, "b3, free, cannot be played");
      g_assert_cmpstr (names[cell ("b1")], ==, "b1, free, can be played");
    }
  /* A new board keeps the names given until new ones come. */
  isle_board_view_set_targets (view, 0);
  g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("d1")))),
                   ==, names[cell ("d1")]);
  isle_board_view_set_tile_names (view, NULL);
  {
    g_autofree char *own = isle_words_tile (&board, cell ("d1"));

    g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("d1")))),
                     ==, own);
  }
  for (int c = 0; c < ISLE_N_CELLS; c++)
    g_free (names[c]);
  g_object_unref (view);
}

/* Only the cursor tile is in the Tab chain; the arrows move the cursor and
 * the focus with it, and stop at the edges. */
static void
test_keyboard_moves_focus (void)
{
  IsleBoard board = parse (position);
  IsleBoardView *view = ISLE_BOARD_VIEW (isle_board_view_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *before = gtk_button_new_with_label ("before");
  GtkWidget *after = gtk_button_new_with_label ("after");
  GtkWindow *window;
  int focusable = 0;

  gtk_box_append (GTK_BOX (box), before);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (view));
  gtk_box_append (GTK_BOX (box), after);
  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  window = show_in_window (box, 420, 500);

  for (int c = 0; c < ISLE_N_CELLS; c++)
    focusable += gtk_widget_get_focusable (isle_board_view_get_tile (view, c));
  g_assert_cmpint (focusable, ==, 1);

  /* Tab: before → the cursor tile → after, and back. */
  gtk_widget_grab_focus (before);
  g_assert_true (gtk_window_get_focus (window) == before);
  gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, 0));
  gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
  g_assert_true (gtk_window_get_focus (window) == after);
  gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_BACKWARD);
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, 0));

  /* Arrows. */
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("b1")));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("b3")));
  g_assert_true (press_key (view, GDK_KEY_Left));
  g_assert_true (press_key (view, GDK_KEY_Left));   /* stops at the edge */
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("a3")));
  g_assert_true (press_key (view, GDK_KEY_End));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("f3")));
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("f2")));
  g_assert_false (press_key (view, GDK_KEY_a));

  /* Still one tile in the Tab chain: the new cursor. */
  focusable = 0;
  for (int c = 0; c < ISLE_N_CELLS; c++)
    focusable += gtk_widget_get_focusable (isle_board_view_get_tile (view, c));
  g_assert_cmpint (focusable, ==, 1);
  g_assert_true (gtk_widget_get_focusable (isle_board_view_get_tile (view, cell ("f2"))));
  gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
  g_assert_true (gtk_window_get_focus (window) == after);

  /* Focusing the map focuses its cursor tile. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (view)));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("f2")));

  gtk_window_destroy (window);
}

/* Enter, space and a click activate a target tile, with its cell; other
 * tiles stay quiet. */
static void
test_activation_emits_cell (void)
{
  IsleBoard board = parse (position);
  IsleBoardView *view;
  GtkWindow *window;
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (int));

  view = board_in_window (&board, &window);
  isle_board_view_set_targets (view, BIT (cell ("b1")) | BIT (cell ("c3")) | BIT (cell ("e6")));
  g_signal_connect (view, "cell-activated", G_CALLBACK (record_cell), cells);

  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (press_key (view, GDK_KEY_Return));          /* a1: not a target */
  g_assert_cmpuint (cells->len, ==, 0);
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_true (press_key (view, GDK_KEY_Return));          /* b1 */
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (press_key (view, GDK_KEY_space));           /* c3 */
  g_assert_true (press_key (view, GDK_KEY_KP_Enter));        /* c3 again */
  g_assert_cmpuint (cells->len, ==, 3);
  g_assert_cmpint (g_array_index (cells, int, 0), ==, cell ("b1"));
  g_assert_cmpint (g_array_index (cells, int, 1), ==, cell ("c3"));
  g_assert_cmpint (g_array_index (cells, int, 2), ==, cell ("c3"));

  /* A click moves the cursor and the focus there, and activates targets. */
  click (view, cell ("e6"));
  g_assert_cmpuint (cells->len, ==, 4);
  g_assert_cmpint (g_array_index (cells, int, 3), ==, cell ("e6"));
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("e6")));
  click (view, cell ("a1"));
  g_assert_cmpuint (cells->len, ==, 4);
  g_assert_true (gtk_window_get_focus (window) == isle_board_view_get_tile (view, cell ("a1")));

  gtk_window_destroy (window);
}

/* A change animates from the old board and ends in the new one exactly as
 * if nothing had animated; with animations off the new board shows at once. */
static void
test_animation_ends_in_the_board (void)
{
  IsleBoard board = parse (position), after = parse (position_after);
  GtkWindow *window, *still_window, *old_window;
  IsleBoardView *moving = board_in_window (&board, &window);
  IsleBoardView *still = board_in_window (&after, &still_window);
  IsleBoardView *old = board_in_window (&board, &old_window);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (moving));
  gboolean enabled = TRUE;

  /* No focus rings in the pictures. */
  gtk_window_set_focus_visible (window, FALSE);
  gtk_window_set_focus_visible (still_window, FALSE);
  gtk_window_set_focus_visible (old_window, FALSE);
  g_object_get (settings, "gtk-enable-animations", &enabled, NULL);

  g_assert_true (isle_board_view_get_animate (moving));
  g_assert_false (same_picture (GTK_WIDGET (moving), GTK_WIDGET (still)));
  isle_board_view_set_board (moving, &after, ISLE_SIDE_RED);
  if (enabled)
    {
      gint64 deadline = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
      gint64 slowest = 0;
      int between = 0;

      /* Before the first frame the change has not begun: the old board. */
      g_assert_true (same_picture (GTK_WIDGET (moving), GTK_WIDGET (old)));
      /* Then frames that are neither, until the new board. */
      for (;;)
        {
          gint64 start = g_get_monotonic_time ();

          if (same_picture (GTK_WIDGET (moving), GTK_WIDGET (still))
              || start > deadline)
            break;
          between += !same_picture (GTK_WIDGET (moving), GTK_WIDGET (old));
          isle_ui_test_wait_ms (5);
          slowest = MAX (slowest, g_get_monotonic_time () - start);
        }
      g_test_message ("%d pictures in between; looking took up to %d ms",
                      between, (int) (slowest / 1000));
      /* The change takes 220 to 600 ms of frame time, so only a test that
       * looks more often than that can see it halfway (not so under a slow
       * sanitizer): the animation skips frames rather than lag. */
      if (slowest < 100 * G_TIME_SPAN_MILLISECOND)
        g_assert_cmpint (between, >, 0);
    }
  isle_ui_test_wait_ms (700);
  g_assert_true (same_picture (GTK_WIDGET (moving), GTK_WIDGET (still)));

  /* The app's preference off: the board changes at once. */
  isle_board_view_set_animate (moving, FALSE);
  g_assert_false (isle_board_view_get_animate (moving));
  isle_board_view_set_board (moving, &board, ISLE_SIDE_RED);
  g_assert_true (same_picture (GTK_WIDGET (moving), GTK_WIDGET (old)));

  /* The desktop's setting off: the same. */
  isle_board_view_set_animate (moving, TRUE);
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  isle_board_view_set_board (moving, &after, ISLE_SIDE_RED);
  g_assert_true (same_picture (GTK_WIDGET (moving), GTK_WIDGET (still)));
  g_object_set (settings, "gtk-enable-animations", enabled, NULL);

  /* A board that changes while hidden shows changed when shown again. */
  gtk_widget_set_visible (GTK_WIDGET (moving), FALSE);
  isle_board_view_set_board (moving, &board, ISLE_SIDE_RED);
  gtk_widget_set_visible (GTK_WIDGET (moving), TRUE);
  isle_ui_test_wait_ms (50);
  g_assert_true (same_picture (GTK_WIDGET (moving), GTK_WIDGET (old)));

  gtk_window_destroy (window);
  gtk_window_destroy (still_window);
  gtk_window_destroy (old_window);
}

/* The line highlight, the hint and the preview draw (and draw something),
 * and clear. */
static void
test_marks_draw (void)
{
  IsleBoard board = parse (position);
  GtkWindow *window, *plain_window;
  IsleBoardView *view = board_in_window (&board, &window);
  IsleBoardView *plain = board_in_window (&board, &plain_window);
  const IsleLine *line = &isle_lines ()[0];

  gtk_window_set_focus_visible (window, FALSE);
  gtk_window_set_focus_visible (plain_window, FALSE);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  for (int side = -1; side <= 1; side++)
    {
      isle_board_view_set_highlight (view, line->mask, side);
      g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
    }
  isle_board_view_set_highlight (view, 0, -1);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  isle_board_view_set_hint (view, cell ("c3"));
  isle_ui_test_wait_ms (30);
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  isle_board_view_set_hint (view, -1);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  /* The preview shows only over a target tile under the pointer. */
  isle_board_view_set_targets (view, BIT (cell ("c3")));
  isle_board_view_set_targets (plain, BIT (cell ("c3")));
  isle_board_view_set_preview (view, ISLE_KIND_WOLF, ISLE_SIDE_BLUE);
  hover (view, cell ("b2"));
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  hover (view, cell ("c3"));
  hover (plain, cell ("c3"));
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  isle_board_view_set_preview (view, ISLE_KIND_NONE, 0);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  /* Every kind previews on either side without trouble. */
  for (int kind = ISLE_KIND_WOLF; kind < ISLE_N_KINDS; kind++)
    for (int side = 0; side < ISLE_N_SIDES; side++)
      {
        g_autoptr (GdkTexture) texture = NULL;

        isle_board_view_set_preview (view, (IsleKind) kind, side);
        texture = render (GTK_WIDGET (view));
        g_assert_nonnull (texture);
      }

  gtk_window_destroy (window);
  gtk_window_destroy (plain_window);
}

/* Turning dark redraws the map in its dark colours. */
static void
test_dark_mode_redraws (void)
{
  IsleBoard board = parse (position);
  AdwStyleManager *style = adw_style_manager_get_default ();
  AdwColorScheme scheme = adw_style_manager_get_color_scheme (style);
  GtkWindow *window;
  IsleBoardView *view = board_in_window (&board, &window);
  g_autoptr (GdkTexture) first = NULL;
  g_autoptr (GdkTexture) second = NULL;
  g_autoptr (GBytes) a = NULL;
  g_autoptr (GBytes) b = NULL;
  gboolean dark = adw_style_manager_get_dark (style);

  gtk_window_set_focus_visible (window, FALSE);
  first = render (GTK_WIDGET (view));
  adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                  : ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_cmpint (adw_style_manager_get_dark (style), !=, dark);
  isle_ui_test_wait_ms (30);
  second = render (GTK_WIDGET (view));
  a = pixels (first);
  b = pixels (second);
  g_assert_false (g_bytes_equal (a, b));
  adw_style_manager_set_color_scheme (style, scheme);
  isle_ui_test_wait_ms (30);

  gtk_window_destroy (window);
}

/* Disposing the map unparents its tiles and stops its clock. */
static void
test_dispose_mid_animation (void)
{
  IsleBoard board = parse (position), after = parse (position_after);
  GtkWindow *window;
  IsleBoardView *view = board_in_window (&board, &window);
  GtkWidget *tile = g_object_ref (isle_board_view_get_tile (view, 5));

  isle_board_view_set_hint (view, 3);
  isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
  isle_ui_test_wait_ms (20);
  gtk_window_destroy (window);
  isle_ui_test_wait_ms (20);
  g_assert_null (gtk_widget_get_parent (tile));
  g_object_unref (tile);
}


/* ---- coordinates, last move, lines, flips -------------------------------- */

/* How many pixels of TEXTURE in the rectangle X, Y, W, H differ clearly
 * from its first pixel. */
static int
pixels_unlike_first (GdkTexture *texture, int x, int y, int w, int h)
{
  g_autoptr (GBytes) bytes = pixels (texture);
  const guchar *data = g_bytes_get_data (bytes, NULL);
  int stride = gdk_texture_get_width (texture) * 4;
  const guchar *first = data + (gsize) y * stride + x * 4;
  int unlike = 0;

  g_assert_cmpint (x + w, <=, gdk_texture_get_width (texture));
  g_assert_cmpint (y + h, <=, gdk_texture_get_height (texture));
  for (int j = y; j < y + h; j++)
    for (int i = x; i < x + w; i++)
      {
        const guchar *px = data + (gsize) j * stride + i * 4;
        int d = ABS (px[0] - first[0]) + ABS (px[1] - first[1]) + ABS (px[2] - first[2]);

        unlike += d > 60;
      }
  return unlike;
}

static graphene_rect_t
tile_bounds (IsleBoardView *view, const char *name)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (isle_board_view_get_tile (view, cell (name)),
                                            GTK_WIDGET (view), &bounds));
  return bounds;
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (void) object;
  (void) pspec;
  (*(int *) user_data)++;
}

/* R1, R3: letters under the columns and numbers beside the rows, in the
 * frame; the "show-coordinates" property hides them (and the tiles grow
 * into the frame they leave). */
static void
test_coordinates (void)
{
  IsleBoard board = parse (position);
  GtkWindow *window;
  IsleBoardView *view = board_in_window (&board, &window);
  graphene_rect_t c6, a3, shown;
  int notified = 0;

  gtk_window_set_focus_visible (window, FALSE);
  g_assert_true (isle_board_view_get_show_coordinates (view));
  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr (GdkTexture) texture = render (GTK_WIDGET (view));
      /* Beside c6 below it, beside a3 left of it: the frame. */
      int w, under, left;

      c6 = tile_bounds (view, "c6");
      a3 = tile_bounds (view, "a3");
      w = (int) c6.size.width;
      if (pass == 0)
        shown = c6;
      /* Only the frame, not the island's rounded edge beyond it. */
      under = pixels_unlike_first (texture, (int) c6.origin.x + w / 4,
                                   (int) (c6.origin.y + c6.size.height) + 2, w / 2, w * 16 / 100);
      left = pixels_unlike_first (texture, (int) a3.origin.x - w * 18 / 100,
                                  (int) a3.origin.y + w / 4, w * 16 / 100, w / 2);
      g_test_message ("pass %d: %d and %d pixels of labels", pass, under, left);
      if (pass == 0)
        {
          /* "c" and "3" drawn there. */
          g_assert_cmpint (under, >, 10);
          g_assert_cmpint (left, >, 10);
          g_signal_connect (view, "notify::show-coordinates", G_CALLBACK (count_notify), &notified);
          g_object_set (view, "show-coordinates", FALSE, NULL);
          g_assert_cmpint (notified, ==, 1);
          g_assert_false (isle_board_view_get_show_coordinates (view));
          isle_ui_test_wait_ms (50);
        }
      else
        {
          g_assert_cmpint (under, ==, 0);
          g_assert_cmpint (left, ==, 0);
          g_assert_cmpfloat (c6.size.width, >, shown.size.width);
        }
    }
  isle_board_view_set_show_coordinates (view, TRUE);
  isle_ui_test_wait_ms (50);
  c6 = tile_bounds (view, "c6");
  g_assert_cmpfloat (c6.size.width, ==, shown.size.width);
  gtk_window_destroy (window);
}

/* The last move's mark: drawn on exactly the given tiles, unlike a
 * target, the hint or a line's highlight, and said to screen readers. */
static void
test_last_move (void)
{
  IsleBoard board = parse (position);
  GtkWindow *window, *plain_window;
  IsleBoardView *view = board_in_window (&board, &window);
  IsleBoardView *plain = board_in_window (&board, &plain_window);
  uint64_t cells = BIT (cell ("c3")) | BIT (cell ("b2")) | BIT (cell ("d1"));
  const char *said = _("%s, last move");

  gtk_window_set_focus_visible (window, FALSE);
  gtk_window_set_focus_visible (plain_window, FALSE);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  isle_board_view_set_last_move (view, cells);
  g_assert_cmphex (isle_board_view_get_last_move (view), ==, cells);
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  for (int c = 0; c < ISLE_N_CELLS; c++)
    {
      GtkWidget *tile = isle_board_view_get_tile (view, c);

      g_autofree char *what = isle_words_tile (&board, c);
      g_autofree char *name = g_strdup_printf (said, what);

      if (cells & BIT (c))
        gtk_test_accessible_assert_property (tile, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      else
        gtk_test_accessible_assert_property (tile, GTK_ACCESSIBLE_PROPERTY_LABEL, what);
    }
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
    g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("c3")))),
                     ==, "c3, free, last move");

  /* Each of the other marks on c3 alone looks different. */
  isle_board_view_set_last_move (view, BIT (cell ("c3")));
  isle_board_view_set_targets (plain, BIT (cell ("c3")));
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  isle_board_view_set_targets (plain, 0);
  isle_board_view_set_highlight (plain, BIT (cell ("c3")), -1);
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  isle_board_view_set_highlight (plain, 0, -1);

  /* It stays through a new board, until changed. */
  {
    IsleBoard after = parse (position_after);

    isle_board_view_set_animate (view, FALSE);
    isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
    g_assert_true (g_str_has_suffix (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell ("c3")))),
                                     ", last move"));
    isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  }
  isle_board_view_set_last_move (view, 0);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));
  for (int c = 0; c < ISLE_N_CELLS; c++)
    {
      g_autofree char *what = isle_words_tile (&board, c);

      g_assert_cmpstr (isle_board_tile_get_label (ISLE_BOARD_TILE (isle_board_view_get_tile (view, c))), ==, what);
    }
  gtk_window_destroy (window);
  gtk_window_destroy (plain_window);
}

/* Scored lines of R3 board TEXT, as the round's breakdown lists them. */
static int
scored_lines (const char *text, IsleLineScore *lines)
{
  IsleBoard board = parse (text);
  static const int32_t table[7] = { 0, 0, 0, 3, 5, 8, 12 };
  int32_t totals[ISLE_N_SIDES];
  IsleScore score;

  isle_board_score (&board, table, totals, &score);
  memcpy (lines, score.lines, sizeof score.lines[0] * score.n_lines);
  return score.n_lines;
}

/* R7.5: a red row and a blue diagonal. */
static const char lined[] =
  "rW  rW  rW  rW  .   .\n"
  ".   bW  .   .   .   .\n"
  ".   .   bW  .   .   .\n"
  ".   .   .   bW  .   .\n"
  ".   .   .   .   .   .\n"
  ".   .   .   .   .   .\n";

/* Lines are drawn one after another as they are added, after the tiles
 * have stopped moving; none are drawn once cleared; without animations
 * they show at once. */
static void
test_lines_draw (void)
{
  IsleBoard board = parse (lined);
  IsleLineScore lines[ISLE_MAX_SCORED_LINES];
  int n = scored_lines (lined, lines);
  GtkWindow *window, *plain_window;
  IsleBoardView *view = board_in_window (&board, &window);
  IsleBoardView *plain = board_in_window (&board, &plain_window);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (view));
  gboolean enabled = TRUE;
  g_autoptr (GdkTexture) one = NULL;
  g_autoptr (GBytes) one_pixels = NULL;
  g_autoptr (GdkTexture) two = NULL;
  g_autoptr (GBytes) two_pixels = NULL;
  gint64 deadline;

  g_assert_cmpint (n, ==, 2);
  g_object_get (settings, "gtk-enable-animations", &enabled, NULL);
  gtk_window_set_focus_visible (window, FALSE);
  gtk_window_set_focus_visible (plain_window, FALSE);

  isle_board_view_set_lines (view, lines, 1);
  if (enabled)
    {
      /* Not drawn yet: it is drawn in, over some 300 ms. */
      g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 0);
      deadline = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
      while (isle_board_view_get_n_lines_drawn (view) < 1 && g_get_monotonic_time () < deadline)
        isle_ui_test_wait_ms (10);
    }
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 1);
  isle_ui_test_wait_ms (30);
  one = render (GTK_WIDGET (view));
  one_pixels = pixels (one);
  g_assert_false (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  /* The second follows; the first stays drawn. */
  isle_board_view_set_lines (view, lines, 2);
  if (enabled)
    {
      g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 1);
      deadline = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
      while (isle_board_view_get_n_lines_drawn (view) < 2 && g_get_monotonic_time () < deadline)
        isle_ui_test_wait_ms (10);
    }
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 2);
  isle_ui_test_wait_ms (30);
  two = render (GTK_WIDGET (view));
  two_pixels = pixels (two);
  g_assert_false (g_bytes_equal (one_pixels, two_pixels));

  /* The highlight of a hovered line shows as well. */
  isle_board_view_set_highlight (view, BIT (cell ("a1")) | BIT (cell ("b1")), ISLE_SIDE_RED);
  {
    g_autoptr (GdkTexture) lit = render (GTK_WIDGET (view));
    g_autoptr (GBytes) lit_pixels = pixels (lit);

    g_assert_false (g_bytes_equal (lit_pixels, two_pixels));
  }
  isle_board_view_set_highlight (view, 0, -1);

  isle_board_view_set_lines (view, NULL, 0);
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 0);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (plain)));

  /* While tiles animate, new lines wait for them. */
  if (enabled)
    {
      IsleBoard before = parse (position);

      isle_board_view_set_board (view, &before, ISLE_SIDE_RED);
      isle_ui_test_wait_ms (100);
      isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
      isle_board_view_set_lines (view, lines, 2);
      g_assert_cmpint (isle_board_view_get_animation (view, cell ("b1")), ==, ISLE_BOARD_ANIMATION_PLACE);
      /* Frame after frame, however slowly they come, no line is drawn
       * while the tile still drops in. */
      while (isle_board_view_get_animation (view, cell ("b1")) == ISLE_BOARD_ANIMATION_PLACE)
        {
          g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 0);
          isle_ui_test_wait_ms (10);
        }
      isle_board_view_set_lines (view, NULL, 0);
    }

  /* Animations off: drawn at once. */
  isle_board_view_set_animate (view, FALSE);
  isle_board_view_set_lines (view, lines, 2);
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (view), ==, 2);
  g_assert_true (same_picture (GTK_WIDGET (view), GTK_WIDGET (view)));
  {
    g_autoptr (GdkTexture) now = render (GTK_WIDGET (view));
    g_autoptr (GBytes) now_pixels = pixels (now);

    g_assert_true (g_bytes_equal (now_pixels, two_pixels));
  }
  gtk_window_destroy (window);
  gtk_window_destroy (plain_window);
}

/* R6.4, R7: a token turned face up flips over (one of ours remembered, or
 * one we could not see), a placed one drops in, the rest fade; all end;
 * none starts with the app's preference or the desktop's setting off. */
static void
test_flip_and_place (void)
{
  IsleBoard board = parse (position), after = parse (position_after);
  int a3 = cell ("a3"), c4 = cell ("c4"), c3 = cell ("c3"), e5 = cell ("e5"), d1 = cell ("d1");
  GtkWindow *window;
  IsleBoardView *view;
  GtkSettings *settings;
  gboolean enabled = TRUE;
  gint64 start, deadline;

  /* Before: Blue's Crow on c4 face down as Red sees it (R12). After: it
   * and Red's Rabbit on a3 are face up. */
  board.cells[c4].kind = ISLE_KIND_UNKNOWN;
  board.cells[c4].colour = ISLE_COLOUR_WHITE;
  after.cells[a3].flags &= (uint8_t) ~ISLE_CELL_FACE_DOWN;
  view = board_in_window (&board, &window);
  settings = gtk_widget_get_settings (GTK_WIDGET (view));
  g_object_get (settings, "gtk-enable-animations", &enabled, NULL);
  if (!enabled)
    {
      g_test_skip ("animations are off on this desktop");
      gtk_window_destroy (window);
      return;
    }

  for (int c = 0; c < ISLE_N_CELLS; c++)
    g_assert_cmpint (isle_board_view_get_animation (view, c), ==, ISLE_BOARD_ANIMATION_NONE);
  isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
  start = g_get_monotonic_time ();
  g_assert_cmpint (isle_board_view_get_animation (view, a3), ==, ISLE_BOARD_ANIMATION_FLIP);
  g_assert_cmpint (isle_board_view_get_animation (view, c4), ==, ISLE_BOARD_ANIMATION_FLIP);
  g_assert_cmpint (isle_board_view_get_animation (view, c3), ==, ISLE_BOARD_ANIMATION_PLACE);
  g_assert_cmpint (isle_board_view_get_animation (view, e5), ==, ISLE_BOARD_ANIMATION_CHANGE);
  g_assert_cmpint (isle_board_view_get_animation (view, d1), ==, ISLE_BOARD_ANIMATION_CHANGE);
  g_assert_cmpint (isle_board_view_get_animation (view, cell ("a1")), ==, ISLE_BOARD_ANIMATION_NONE);

  /* A placement lasts long enough to follow: still going at 300 ms (when
   * the test itself is not held up longer than that). */
  isle_ui_test_wait_ms (300);
  if (g_get_monotonic_time () - start < 450 * G_TIME_SPAN_MILLISECOND)
    g_assert_cmpint (isle_board_view_get_animation (view, c3), ==, ISLE_BOARD_ANIMATION_PLACE);
  deadline = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
  while (isle_board_view_get_animation (view, c3) != ISLE_BOARD_ANIMATION_NONE
         && g_get_monotonic_time () < deadline)
    isle_ui_test_wait_ms (10);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    g_assert_cmpint (isle_board_view_get_animation (view, c), ==, ISLE_BOARD_ANIMATION_NONE);

  /* The app's preference off. */
  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  isle_board_view_set_animate (view, FALSE);
  isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    g_assert_cmpint (isle_board_view_get_animation (view, c), ==, ISLE_BOARD_ANIMATION_NONE);
  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);

  /* The desktop's setting off. */
  isle_board_view_set_animate (view, TRUE);
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
  for (int c = 0; c < ISLE_N_CELLS; c++)
    g_assert_cmpint (isle_board_view_get_animation (view, c), ==, ISLE_BOARD_ANIMATION_NONE);
  g_object_set (settings, "gtk-enable-animations", enabled, NULL);
  gtk_window_destroy (window);
}

/* ---- token icons -------------------------------------------------------- */

/* The alpha of the pixel at X, Y of TEXTURE. */
static guchar
alpha_at (GdkTexture *texture, int x, int y)
{
  g_autoptr (GBytes) bytes = pixels (texture);
  const guchar *data = g_bytes_get_data (bytes, NULL);

  /* GDK_MEMORY_DEFAULT: B8G8R8A8 premultiplied on little-endian. */
  return data[((gsize) y * gdk_texture_get_width (texture) + x) * 4 + 3];
}

/* The hand, choices and market show tokens with the map's own drawing:
 * each kind draws, on either side, differently from the others; a weather
 * card asks for 3:4; an empty place is faint; all are images to a screen
 * reader. */
static void
test_token_icons_draw (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWindow *window = show_in_window (box, 900, 120);
  GtkWidget *icons[ISLE_N_KINDS][ISLE_N_SIDES] = { { NULL } };
  GtkWidget *card = isle_token_icon_new_weather (ISLE_WEATHER_FOGGY, 96);
  GtkWidget *empty = isle_token_icon_new_empty (40);
  int min, nat;

  for (int kind = ISLE_KIND_WOLF; kind < ISLE_N_KINDS; kind++)
    for (int side = 0; side < ISLE_N_SIDES; side++)
      {
        icons[kind][side] = isle_token_icon_new ((IsleKind) kind, (IsleSide) side, 24);
        gtk_box_append (GTK_BOX (box), icons[kind][side]);
      }
  gtk_box_append (GTK_BOX (box), card);
  gtk_box_append (GTK_BOX (box), empty);
  isle_ui_test_wait_ms (50);
  wait_for_art ();

  for (int kind = ISLE_KIND_WOLF; kind < ISLE_N_KINDS; kind++)
    {
      g_autoptr (GdkTexture) red = render (icons[kind][ISLE_SIDE_RED]);

      g_assert_cmpint (gdk_texture_get_width (red), ==, 24);
      g_assert_cmpint (alpha_at (red, 12, gdk_texture_get_height (red) / 2), ==, 255);
      /* R1: the owner's shield differs between the sides. */
      g_assert_false (same_picture (icons[kind][ISLE_SIDE_RED], icons[kind][ISLE_SIDE_BLUE]));
      if (kind > ISLE_KIND_WOLF)
        g_assert_false (same_picture (icons[kind][ISLE_SIDE_RED], icons[kind - 1][ISLE_SIDE_RED]));
      g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (icons[kind][0])), ==,
                       GTK_ACCESSIBLE_ROLE_IMG);
    }
  gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 72);
  gtk_widget_measure (card, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 96);
  {
    g_autoptr (GdkTexture) faint = render (empty);
    guchar middle = alpha_at (faint, 20, gdk_texture_get_height (faint) / 2);

    g_assert_cmpint (middle, >, 0);
    g_assert_cmpint (middle, <, 128);
  }
  gtk_window_destroy (window);
}

/* ---- the art, rendered off the main thread ------------------------------ */

/* The B, G, R, A bytes of the pixel at X, Y of TEXTURE (GDK_MEMORY_DEFAULT
 * is B8G8R8A8 premultiplied on little-endian machines). */
static void
bgra_at (GdkTexture *texture, int x, int y, guchar bgra[4])
{
  g_autoptr (GBytes) bytes = pixels (texture);
  const guchar *data = g_bytes_get_data (bytes, NULL);
  gsize at = ((gsize) y * gdk_texture_get_width (texture) + x) * 4;

#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  memcpy (bgra, data + at, 4);
#else
  bgra[0] = data[at + 3], bgra[1] = data[at + 2], bgra[2] = data[at + 1], bgra[3] = data[at];
#endif
}

/* The art comes from librsvg at the size asked for, without blocking the
 * caller: a size not drawn before is pending at first; once arrived it is
 * that size, opaque where the SVG paints and clear where it does not, in
 * the SVG's own colours (cairo's byte order read right). */
static void
test_art_renders (void)
{
  GdkTexture *wolf, *back, *card;
  guchar bgra[4];

  wolf = isle_art_texture ("wolf", 77, 77);
  g_assert_cmpuint (isle_art_pending (), >, 0);
  g_assert_true (wolf == NULL || gdk_texture_get_width (wolf) != 77);
  isle_art_texture ("back", 64, 64);
  isle_art_texture ("weather-sunny", 63, 84);
  g_assert_null (isle_art_texture ("no-such-art", 64, 64));
  wait_for_art ();

  wolf = isle_art_texture ("wolf", 77, 77);
  g_assert_nonnull (wolf);
  g_assert_cmpint (gdk_texture_get_width (wolf), ==, 77);
  g_assert_cmpint (gdk_texture_get_height (wolf), ==, 77);
  /* The wolf's haunch (64-pixel view box: 37, 50) is painted, the corner
   * above its back is not. */
  bgra_at (wolf, 37 * 77 / 64, 50 * 77 / 64, bgra);
  g_assert_cmpint (bgra[3], ==, 255);
  bgra_at (wolf, 74, 3, bgra);
  g_assert_cmpint (bgra[3], ==, 0);

  /* The back's middle is #b9a27a, opaque; outside its disc, nothing. */
  back = isle_art_texture ("back", 64, 64);
  g_assert_nonnull (back);
  bgra_at (back, 32, 32, bgra);
  g_assert_cmpint (ABS (bgra[2] - 0xb9), <=, 2);
  g_assert_cmpint (ABS (bgra[1] - 0xa2), <=, 2);
  g_assert_cmpint (ABS (bgra[0] - 0x7a), <=, 2);
  g_assert_cmpint (bgra[3], ==, 255);
  bgra_at (back, 0, 0, bgra);
  g_assert_cmpint (bgra[3], ==, 0);

  card = isle_art_texture ("weather-sunny", 63, 84);
  g_assert_nonnull (card);
  g_assert_cmpint (gdk_texture_get_width (card), ==, 63);
  g_assert_cmpint (gdk_texture_get_height (card), ==, 84);
  g_assert_null (isle_art_texture ("no-such-art", 64, 64));
  g_assert_cmpuint (isle_art_pending (), ==, 0);
}

/* What WIDGET showed in its last frame (not what it would draw now). */
static GdkTexture *
last_frame (GtkWidget *widget)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                               gtk_widget_get_height (widget));
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, bounds.size.width, bounds.size.height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &bounds);
  gsk_render_node_unref (node);
  return texture;
}

static gboolean
same_pixels (GdkTexture *a, GdkTexture *b)
{
  g_autoptr (GBytes) pa = pixels (a);
  g_autoptr (GBytes) pb = pixels (b);

  return g_bytes_equal (pa, pb);
}

static void
on_after_paint (GdkFrameClock *clock, gboolean *painted)
{
  (void) clock;
  *painted = TRUE;
}

/* Nothing waits for the art: the map and a hand's token show at once, while
 * their art is still being rendered, and draw again when it arrives. (The
 * worker is kept busy first with fog boards, rendered in the order asked,
 * so the map's art comes after its first frame.) */
static void
test_art_arrival_redraws (void)
{
  IsleBoard board = parse (position);
  IsleBoardView *view = ISLE_BOARD_VIEW (isle_board_view_new ());
  GtkWidget *icon = isle_token_icon_new (ISLE_KIND_SNAKE, ISLE_SIDE_BLUE, 53);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  gint64 deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  g_autoptr (GdkTexture) map_before = NULL;
  g_autoptr (GdkTexture) icon_before = NULL;
  gboolean painted = FALSE;

  isle_board_view_set_board (view, &board, ISLE_SIDE_RED);
  gtk_widget_set_vexpand (icon, FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (view));
  gtk_box_append (GTK_BOX (box), icon);
  gtk_window_set_default_size (window, 397, 451);
  gtk_window_set_child (window, box);
  gtk_widget_realize (GTK_WIDGET (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (on_after_paint), &painted);
  for (int size = 400; size < 440; size++)
    isle_art_texture ("fog", size, size);
  gtk_window_present (window);
  while (!(painted && gtk_widget_get_mapped (icon) && gtk_widget_get_width (GTK_WIDGET (view)) > 100)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* The first frame is drawn; the art is still on its way. */
  g_assert_true (painted);
  g_assert_cmpuint (isle_art_pending (), >, 0);
  map_before = last_frame (GTK_WIDGET (view));
  icon_before = last_frame (icon);

  wait_for_art ();
  {
    g_autoptr (GdkTexture) map_shown = last_frame (GTK_WIDGET (view));
    g_autoptr (GdkTexture) icon_shown = last_frame (icon);
    g_autoptr (GdkTexture) map_again = NULL;
    g_autoptr (GdkTexture) icon_again = NULL;

    /* The art arrived and was drawn without anything else asking... */
    g_assert_false (same_pixels (map_before, map_shown));
    g_assert_false (same_pixels (icon_before, icon_shown));
    /* ...all of it: drawn once more, nothing changes. */
    gtk_widget_queue_draw (GTK_WIDGET (view));
    gtk_widget_queue_draw (icon);
    isle_ui_test_wait_ms (100);
    map_again = last_frame (GTK_WIDGET (view));
    icon_again = last_frame (icon);
    g_assert_true (same_pixels (map_shown, map_again));
    g_assert_true (same_pixels (icon_shown, icon_again));
  }
  g_signal_handlers_disconnect_by_data (gtk_widget_get_frame_clock (GTK_WIDGET (window)), &painted);
  gtk_window_destroy (window);
}

/* ---- pictures to look at ------------------------------------------------ */

static void
save_screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GdkTexture) texture = render (widget);

  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* A round in progress with every mark on: targets, the pointer over one with
 * a preview, a scored line, the hint, and keyboard focus on a tile. */
static void
test_screenshot (void)
{
  IsleBoard board = parse (position);
  AdwStyleManager *style = adw_style_manager_get_default ();
  GtkWindow *window;
  IsleBoardView *view = board_in_window (&board, &window);
  g_autofree char *name = g_strdup_printf ("board-%s%s.png",
                                           adw_style_manager_get_dark (style) ? "dark" : "light",
                                           adw_style_manager_get_high_contrast (style) ? "-hc" : "");

  isle_board_view_set_targets (view, BIT (cell ("b1")) | BIT (cell ("c3")) | BIT (cell ("b3"))
                                     | BIT (cell ("d6")) | BIT (cell ("a4")));
  isle_board_view_set_preview (view, ISLE_KIND_PIG, ISLE_SIDE_RED);
  hover (view, cell ("c3"));
  isle_board_view_set_highlight (view, BIT (cell ("c1")) | BIT (cell ("c2")) | BIT (cell ("c3")),
                                 ISLE_SIDE_BLUE);
  isle_board_view_set_hint (view, cell ("d6"));
  isle_board_view_set_last_move (view, BIT (cell ("e5")) | BIT (cell ("a4")));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  press_key (view, GDK_KEY_Down);
  press_key (view, GDK_KEY_Down);
  press_key (view, GDK_KEY_Down);
  gtk_window_set_focus_visible (window, TRUE);
  isle_ui_test_wait_ms (1800);   /* the hint's pulse is over */
  save_screenshot (GTK_WIDGET (window), name);

  /* And a change caught halfway: c3 placed, e5 taken, fog lifting. */
  {
    IsleBoard after = parse (position_after);
    g_autofree char *changing = g_strdup_printf ("changing-%s", name);

    isle_board_view_set_highlight (view, 0, -1);
    isle_board_view_set_board (view, &after, ISLE_SIDE_RED);
    isle_ui_test_wait_ms (90);
    save_screenshot (GTK_WIDGET (view), changing);
  }
  /* Every kind of token on both sides, face up, face down (the observer's
   * own, remembered, R12) and hidden (the other side's, R6.4). */
  {
    IsleBoard every = parse ("rW  bP  rR  bB  rF  bT\n"
                             "rC  bM  rS  bG  rL  bK\n"
                             "rO  bD  rH  rH+ bW* rP*\n"
                             "bW  rP  bR  rB  bF  rT\n"
                             "bC  rM  bS  rG  bL  rK\n"
                             "bO  rD  bH  bH+ rK* bC*\n");
    g_autofree char *kinds = g_strdup_printf ("kinds-%s", name);

    isle_board_view_set_targets (view, 0);
    isle_board_view_set_hint (view, -1);
    isle_board_view_set_last_move (view, 0);
    isle_board_view_set_preview (view, ISLE_KIND_NONE, ISLE_SIDE_RED);
    /* What Red sees of Blue's face-down tokens: their backs (R12). */
    every.cells[cell ("e3")].kind = ISLE_KIND_UNKNOWN;
    every.cells[cell ("f6")].kind = ISLE_KIND_UNKNOWN;
    isle_board_view_set_board (view, &every, ISLE_SIDE_RED);
    isle_ui_test_wait_ms (1200);
    wait_for_art ();
    save_screenshot (GTK_WIDGET (view), kinds);
  }
  /* A round's end: the lines drawn, the last move marked. */
  {
    IsleBoard board_lined = parse (lined);
    IsleLineScore lines[ISLE_MAX_SCORED_LINES];
    int n = scored_lines (lined, lines);
    g_autofree char *drawn = g_strdup_printf ("lines-%s", name);

    isle_board_view_set_targets (view, 0);
    isle_board_view_set_hint (view, -1);
    isle_board_view_set_board (view, &board_lined, ISLE_SIDE_RED);
    isle_board_view_set_last_move (view, BIT (cell ("d4")));
    isle_board_view_set_lines (view, lines, n);
    isle_ui_test_wait_ms (1200);
    save_screenshot (GTK_WIDGET (view), drawn);
  }
  gtk_window_destroy (window);
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  /* GTK's test accessibility backend records what a screen reader would
   * be told. */
  g_setenv ("GTK_A11Y", "test", TRUE);

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/board-view/tiles-are-named", test_tiles_are_named);
  g_test_add_func ("/board-view/tile-names-given", test_tile_names_given);
  g_test_add_func ("/board-view/keyboard-moves-focus", test_keyboard_moves_focus);
  g_test_add_func ("/board-view/activation-emits-cell", test_activation_emits_cell);
  g_test_add_func ("/board-view/animation-ends-in-the-board", test_animation_ends_in_the_board);
  g_test_add_func ("/board-view/marks-draw", test_marks_draw);
  g_test_add_func ("/board-view/dark-mode-redraws", test_dark_mode_redraws);
  g_test_add_func ("/board-view/dispose-mid-animation", test_dispose_mid_animation);
  g_test_add_func ("/board-view/coordinates", test_coordinates);
  g_test_add_func ("/board-view/last-move", test_last_move);
  g_test_add_func ("/board-view/lines-draw", test_lines_draw);
  g_test_add_func ("/board-view/flip-and-place", test_flip_and_place);
  g_test_add_func ("/board-view/token-icons-draw", test_token_icons_draw);
  g_test_add_func ("/board-view/art-renders", test_art_renders);
  g_test_add_func ("/board-view/art-arrival-redraws", test_art_arrival_redraws);
  /* Pictures to look at, only on request: not a test case of the suite. */
  if (g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR") != NULL)
    g_test_add_func ("/board-view/screenshot", test_screenshot);
  return g_test_run ();
}
