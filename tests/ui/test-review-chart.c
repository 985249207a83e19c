/* test-review-chart.c — the game review's win-chance chart
 * (isle-review-chart.c) alone in a window, driven as a person drives it
 * with real clicks, a drag and keys sent through the X server
 * (isle-ui-input.h): a click on a column shows that decision, Left,
 * Right, Home, End and Page Up/Down move along the game and from mistake
 * to mistake, what a screen reader hears follows, a judgement arriving
 * for a gap is drawn, and fewer points keep the position in the game.
 *
 * With TEST_REVIEW_CHART_SHOTS=DIR, the chart of a 40-decision game of
 * two rounds is written as light.png, dark.png and narrow.png in DIR for a
 * person to look at.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <adwaita.h>

#include "isle-review-chart.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"

#define N_DECISIONS 40
#define PAD 6.0                 /* the chart's padding left and right */

static char descriptions[N_DECISIONS][128];

/* A game of two rounds of 20 decisions, Red and Blue in turn, reviewed for
 * Red (the even decisions): Red slowly ahead, an inaccuracy at 6, a mistake
 * at 14 (Red's chance falls from 59% to 39%), Blue's comeback in round 2, a blunder at 28. */
static void
game_points (IsleReviewChartPoint *points)
{
  static const double chances[N_DECISIONS] = {
    0.50, 0.52, 0.53, 0.55, 0.54, 0.57, 0.50, 0.52, 0.53, 0.55,
    0.56, 0.58, 0.57, 0.59, 0.39, 0.41, 0.42, 0.44, 0.47, 0.49,
    0.48, 0.45, 0.43, 0.47, 0.50, 0.52, 0.55, 0.58, 0.22, 0.25,
    0.24, 0.28, 0.31, 0.27, 0.30, 0.26, 0.23, 0.20, 0.14, 0.08,
  };

  for (int i = 0; i < N_DECISIONS; i++)
    {
      IsleReviewLabel label = i % 2 == 0 ? ISLE_REVIEW_BEST : ISLE_REVIEW_GOOD;

      if (i == 6)
        label = ISLE_REVIEW_INACCURACY;
      else if (i == 14)
        label = ISLE_REVIEW_MISTAKE;
      else if (i == 28)
        label = ISLE_REVIEW_BLUNDER;
      g_snprintf (descriptions[i], sizeof descriptions[i],
                  "Decision %d of %d: %s's move, %.0f%%.", i + 1, N_DECISIONS,
                  i % 2 == 0 ? "Red" : "Blue", chances[i] * 100);
      points[i] = (IsleReviewChartPoint) {
        .side = i % 2,
        .round = i < 20 ? 1 : 2,
        .chance = chances[i],
        .label = label,
        .marked = i % 2 == 0,
        .description = descriptions[i],
      };
    }
}

typedef struct
{
  GtkWindow *window;
  IsleReviewChart *chart;
  int notified;
} Fixture;

static void
on_position (IsleReviewChart *chart, GParamSpec *pspec, Fixture *fx)
{
  (void) chart;
  (void) pspec;
  fx->notified++;
}

/* A window of WIDTH × HEIGHT holding the chart of the game (points not in
 * JUDGED, if given, not judged yet). */
static void
fixture_open (Fixture *fx, int width, int height, const gboolean *judged)
{
  IsleReviewChartPoint points[N_DECISIONS];
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  game_points (points);
  for (int i = 0; judged != NULL && i < N_DECISIONS; i++)
    if (!judged[i])
      points[i].chance = -1;
  fx->window = GTK_WINDOW (gtk_window_new ());
  fx->chart = ISLE_REVIEW_CHART (isle_review_chart_new ());
  fx->notified = 0;
  /* The window's ground, also in the box's own picture (render ()). */
  gtk_widget_add_css_class (box, "background");
  gtk_widget_set_margin_start (GTK_WIDGET (fx->chart), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (fx->chart), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (fx->chart), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (fx->chart), 12);
  gtk_widget_set_vexpand (GTK_WIDGET (fx->chart), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (fx->chart));
  gtk_window_set_child (fx->window, box);
  gtk_window_set_default_size (fx->window, width, height);
  isle_review_chart_set_points (fx->chart, points, N_DECISIONS);
  g_signal_connect (fx->chart, "notify::position", G_CALLBACK (on_position), fx);
  gtk_window_present (fx->window);
  g_assert_true (isle_ui_input_focus (fx->window));
  isle_ui_test_wait_ms (150);
}

static void
fixture_close (Fixture *fx)
{
  gtk_window_destroy (fx->window);
  isle_ui_test_wait_ms (50);
}

/* Where, across the chart, the column of position I is (-1: the start). */
static double
column_fx (Fixture *fx, int i)
{
  double w = gtk_widget_get_width (GTK_WIDGET (fx->chart));
  double slot = (w - 2 * PAD) / (isle_review_chart_get_n_points (fx->chart) + 1);

  return (PAD + (i + 1.5) * slot) / w;
}

static void
key (guint keyval)
{
  g_assert_true (isle_ui_input_key (keyval, 0));
  isle_ui_test_wait_ms (20);
}

/* What a screen reader hears for the chart: its value text. */
static void
assert_heard (Fixture *fx, const char *text)
{
  gtk_test_accessible_assert_property (fx->chart, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text);
}

/* The window's content as the chart draws it now, rendered by the
 * window's renderer. */
static GdkTexture *
render (Fixture *fx)
{
  GtkWidget *content = gtk_window_get_child (fx->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  graphene_rect_t bounds;
  GskRenderNode *node;
  GdkTexture *texture;

  gtk_widget_snapshot_child (GTK_WIDGET (fx->window), content, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  g_assert_true (gtk_widget_compute_bounds (content, GTK_WIDGET (fx->window), &bounds));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (fx->window)), node, &bounds);
  gsk_render_node_unref (node);
  return texture;
}

/* With TEST_REVIEW_CHART_SHOTS=DIR, the window as NAME.png in DIR. */
static void
shot (Fixture *fx, const char *name)
{
  const char *dir = g_getenv ("TEST_REVIEW_CHART_SHOTS");
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  isle_ui_test_wait_ms (100);
  texture = render (fx);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* The pixels of column I of the chart (its middle, all its height), as
 * drawn now. */
static GBytes *
column_pixels (Fixture *fx, int i)
{
  g_autoptr (GdkTexture) texture = render (fx);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  graphene_point_t at;
  GByteArray *column = g_byte_array_new ();
  int x;

  gdk_texture_download (texture, data, (gsize) w * 4);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (fx->chart), gtk_window_get_child (fx->window),
                                           &GRAPHENE_POINT_INIT (column_fx (fx, i) * gtk_widget_get_width (GTK_WIDGET (fx->chart)), 0),
                                           &at));
  x = (int) at.x;
  for (int y = (int) at.y; y < (int) at.y + gtk_widget_get_height (GTK_WIDGET (fx->chart)) && y < h; y++)
    g_byte_array_append (column, data + ((gsize) y * w + x) * 4, 4);
  return g_byte_array_free_to_bytes (column);
}

/* The chart is a slider named for screen readers, its value the decision
 * shown, its text that decision's sentence. */
static void
test_accessible (void)
{
  Fixture fx;

  fixture_open (&fx, 640, 150, NULL);
  gtk_test_accessible_assert_role (fx.chart, GTK_ACCESSIBLE_ROLE_SLIDER);
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_LABEL, "Win chance chart");
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, -1.0);
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) N_DECISIONS - 1);
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, -1.0);
  assert_heard (&fx, "The start of the game.");
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  g_assert_cmpuint (isle_review_chart_get_n_points (fx.chart), ==, N_DECISIONS);

  isle_review_chart_set_position (fx.chart, 15);
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 15.0);
  assert_heard (&fx, descriptions[15]);
  g_assert_cmpint (fx.notified, ==, 1);
  /* Set again: no change, no notification. */
  isle_review_chart_set_position (fx.chart, 15);
  g_assert_cmpint (fx.notified, ==, 1);
  /* Out of the game: clamped to the last decision. */
  isle_review_chart_set_position (fx.chart, 99);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, N_DECISIONS - 1);
  fixture_close (&fx);
}

/* A click on a column shows that decision, and says so; a click left of
 * the first decision shows the start; a drag follows the pointer. */
static void
test_click_and_drag (void)
{
  Fixture fx;
  int x0, x1, y;

  fixture_open (&fx, 640, 150, NULL);
  g_assert_true (isle_ui_input_click (GTK_WIDGET (fx.chart), column_fx (&fx, 12), 0.5));
  isle_ui_test_wait_ms (30);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 12);
  g_assert_cmpint (fx.notified, ==, 1);
  assert_heard (&fx, descriptions[12]);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (fx.chart)));

  g_assert_true (isle_ui_input_click (GTK_WIDGET (fx.chart), column_fx (&fx, 33), 0.2));
  isle_ui_test_wait_ms (30);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 33);
  g_assert_cmpint (fx.notified, ==, 2);

  g_assert_true (isle_ui_input_click (GTK_WIDGET (fx.chart), column_fx (&fx, -1), 0.8));
  isle_ui_test_wait_ms (30);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  assert_heard (&fx, "The start of the game.");

  /* Pressed over decision 5, dragged over 20, released there. */
  g_assert_true (isle_ui_input_root_point (GTK_WIDGET (fx.chart),
                                           column_fx (&fx, 5) * gtk_widget_get_width (GTK_WIDGET (fx.chart)),
                                           gtk_widget_get_height (GTK_WIDGET (fx.chart)) / 2.0, &x0, &y));
  g_assert_true (isle_ui_input_root_point (GTK_WIDGET (fx.chart),
                                           column_fx (&fx, 20) * gtk_widget_get_width (GTK_WIDGET (fx.chart)),
                                           gtk_widget_get_height (GTK_WIDGET (fx.chart)) / 2.0, &x1, &y));
  isle_ui_input_move_root (x0, y);
  isle_ui_input_button (TRUE);
  isle_ui_test_wait_ms (20);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 5);
  for (int step = 1; step <= 6; step++)
    {
      isle_ui_input_move_root (x0 + (x1 - x0) * step / 6, y);
      isle_ui_test_wait_ms (15);
    }
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 20);
  isle_ui_input_button (FALSE);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 20);
  assert_heard (&fx, descriptions[20]);
  fixture_close (&fx);
}

/* Left and Right step, Home and End go to the start and the last
 * decision, Page Down and Page Up to the next and previous mistake or
 * blunder of the reviewed side (the inaccuracy at 6 is passed by). */
static void
test_keys (void)
{
  Fixture fx;

  fixture_open (&fx, 640, 150, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (fx.chart));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (fx.chart)));

  key (GDK_KEY_Right);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 0);
  assert_heard (&fx, descriptions[0]);
  key (GDK_KEY_Right);
  key (GDK_KEY_Right);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 2);
  key (GDK_KEY_Left);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 1);
  g_assert_cmpint (fx.notified, ==, 4);

  key (GDK_KEY_End);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, N_DECISIONS - 1);
  assert_heard (&fx, descriptions[N_DECISIONS - 1]);
  /* At the end, Right stays and says nothing new. */
  fx.notified = 0;
  key (GDK_KEY_Right);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, N_DECISIONS - 1);
  g_assert_cmpint (fx.notified, ==, 0);

  key (GDK_KEY_Home);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  assert_heard (&fx, "The start of the game.");
  key (GDK_KEY_Left);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);

  key (GDK_KEY_Page_Down);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 14);
  assert_heard (&fx, descriptions[14]);
  key (GDK_KEY_Page_Down);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 28);
  /* No mistake after the blunder: the last decision. */
  key (GDK_KEY_Page_Down);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, N_DECISIONS - 1);
  key (GDK_KEY_Page_Up);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 28);
  key (GDK_KEY_Page_Up);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 14);
  /* None before the mistake: the start. */
  key (GDK_KEY_Page_Up);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  fixture_close (&fx);
}

/* Judgements arrive one at a time, in any order: a gap is drawn as such
 * until its point comes, then drawn as judged, and the sentence heard
 * for it is the new one. */
static void
test_update_fills_gap (void)
{
  gboolean judged[N_DECISIONS];
  IsleReviewChartPoint points[N_DECISIONS];
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) again = NULL;
  Fixture fx;

  for (int i = 0; i < N_DECISIONS; i++)
    judged[i] = i < 10 || i % 3 == 0;
  fixture_open (&fx, 640, 150, judged);
  game_points (points);
  isle_review_chart_set_position (fx.chart, 28);
  assert_heard (&fx, descriptions[28]);

  before = column_pixels (&fx, 28);
  points[28].description = "Decision 29 of 40: a blunder.";
  isle_review_chart_update_point (fx.chart, 28, &points[28]);
  isle_ui_test_wait_ms (50);
  after = column_pixels (&fx, 28);
  g_assert_false (g_bytes_equal (before, after));
  assert_heard (&fx, "Decision 29 of 40: a blunder.");
  g_assert_cmpuint (isle_review_chart_get_n_points (fx.chart), ==, N_DECISIONS);

  /* Another column's arrival leaves this one as it was. */
  isle_review_chart_update_point (fx.chart, 13, &points[13]);
  isle_ui_test_wait_ms (50);
  again = column_pixels (&fx, 28);
  g_assert_true (g_bytes_equal (after, again));
  assert_heard (&fx, "Decision 29 of 40: a blunder.");
  fixture_close (&fx);
}

/* A shorter game keeps the position within it, and says so. */
static void
test_fewer_points_clamp (void)
{
  IsleReviewChartPoint points[N_DECISIONS];
  Fixture fx;

  fixture_open (&fx, 640, 150, NULL);
  game_points (points);
  isle_review_chart_set_position (fx.chart, 30);
  fx.notified = 0;
  isle_review_chart_set_points (fx.chart, points, 10);
  g_assert_cmpuint (isle_review_chart_get_n_points (fx.chart), ==, 10);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 9);
  g_assert_cmpint (fx.notified, ==, 1);
  gtk_test_accessible_assert_property (fx.chart, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 9.0);
  assert_heard (&fx, descriptions[9]);

  /* Still inside: kept. */
  isle_review_chart_set_position (fx.chart, 4);
  fx.notified = 0;
  isle_review_chart_set_points (fx.chart, points, 20);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, 4);
  g_assert_cmpint (fx.notified, ==, 0);

  /* No points: the start. */
  isle_review_chart_set_points (fx.chart, NULL, 0);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  assert_heard (&fx, "The start of the game.");
  key (GDK_KEY_End);
  g_assert_cmpint (isle_review_chart_get_position (fx.chart), ==, -1);
  fixture_close (&fx);
}

/* The pictures, for a person to look at: light, dark, a few points not
 * judged yet, narrow, and the view of Blue. */
static void
test_shots (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  g_autoptr (GSettingsSchema) schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                                         "org.gnome.desktop.a11y.interface", TRUE);
  g_autoptr (GSettings) a11y = schema != NULL ? g_settings_new ("org.gnome.desktop.a11y.interface") : NULL;
  gboolean judged[N_DECISIONS];
  Fixture fx;

  fixture_open (&fx, 660, 144, NULL);
  isle_review_chart_set_position (fx.chart, 15);
  gtk_widget_grab_focus (GTK_WIDGET (fx.chart));
  key (GDK_KEY_Left);
  key (GDK_KEY_Right);
  /* Seen as after Tab, which the chart's own keys are not. */
  gtk_window_set_focus_visible (fx.window, TRUE);
  shot (&fx, "light");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  isle_ui_test_wait_ms (100);
  shot (&fx, "dark");
  isle_review_chart_set_side (fx.chart, 1);
  g_assert_cmpint (isle_review_chart_get_side (fx.chart), ==, 1);
  shot (&fx, "dark-blue");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  isle_review_chart_set_side (fx.chart, 0);
  /* High contrast, where libadwaita reads it from GSettings (no portal). */
  if (a11y != NULL)
    {
      g_settings_set_boolean (a11y, "high-contrast", TRUE);
      isle_ui_test_wait_ms (100);
      shot (&fx, "high-contrast");
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
      shot (&fx, "high-contrast-dark");
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
      g_settings_reset (a11y, "high-contrast");
    }
  fixture_close (&fx);

  for (int i = 0; i < N_DECISIONS; i++)
    judged[i] = i < 22 || i % 4 == 1;
  fixture_open (&fx, 660, 144, judged);
  isle_review_chart_set_position (fx.chart, 28);
  shot (&fx, "arriving");
  isle_ui_input_resize (fx.window, 260, 90);
  isle_ui_test_wait_ms (100);
  shot (&fx, "narrow");
  fixture_close (&fx);
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  /* Roles and values are asserted: GTK's test backend keeps them (no
   * AT-SPI bus needed). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  isle_ui_test_init_windows (&argc, &argv, "test-review-chart");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest");

  g_test_add_func ("/review-chart/accessible", test_accessible);
  g_test_add_func ("/review-chart/click-and-drag", test_click_and_drag);
  g_test_add_func ("/review-chart/keys", test_keys);
  g_test_add_func ("/review-chart/update-fills-gap", test_update_fills_gap);
  g_test_add_func ("/review-chart/fewer-points-clamp", test_fewer_points_clamp);
  g_test_add_func ("/review-chart/shots", test_shots);
  return g_test_run ();
}
