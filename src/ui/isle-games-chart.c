/* isle-games-chart.c — IsleGamesChart: the results over time
 * (isle-games-chart.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "isle-games-chart.h"
#include "isle-kept-game.h"

/* The most games drawn: the latest, when there are more. */
#define MAX_BARS 200

struct _IsleGamesChart
{
  GtkWidget parent_instance;

  GArray *results;             /* IsleKeptResult, oldest first */
  GArray *ratings;             /* double, the rating after each; empty: none */
  char *description;
};

G_DEFINE_FINAL_TYPE (IsleGamesChart, isle_games_chart, GTK_TYPE_WIDGET)

static void
set_colour (cairo_t *cr, IsleKeptResult result, gboolean dark)
{
  /* The GNOME palette's green, red and greys (the HIG's), lighter on a
   * dark background. */
  switch (result)
    {
    case ISLE_KEPT_WON:
      if (dark) cairo_set_source_rgb (cr, 0x57 / 255.0, 0xe3 / 255.0, 0x89 / 255.0);
      else cairo_set_source_rgb (cr, 0x26 / 255.0, 0xa2 / 255.0, 0x69 / 255.0);
      break;
    case ISLE_KEPT_LOST:
      if (dark) cairo_set_source_rgb (cr, 0xf6 / 255.0, 0x61 / 255.0, 0x51 / 255.0);
      else cairo_set_source_rgb (cr, 0xc0 / 255.0, 0x1c / 255.0, 0x28 / 255.0);
      break;
    default:
      cairo_set_source_rgb (cr, 0x9a / 255.0, 0x99 / 255.0, 0x96 / 255.0);
      break;
    }
}

static void
isle_games_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleGamesChart *self = ISLE_GAMES_CHART (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guint n = self->results->len, first = n > MAX_BARS ? n - MAX_BARS : 0, shown = n - first;
  double pad = 8, mid, half, step, bar;
  guint won = 0, played = 0;
  gboolean dark;
  GdkRGBA fg;
  cairo_t *cr;

  if (n == 0 || width <= 2 * pad || height <= 2 * pad)
    return;
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &fg);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
#endif
  dark = fg.red + fg.green + fg.blue > 1.5;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  mid = height / 2.0;
  half = mid - pad;
  step = (width - 2 * pad) / shown;
  bar = MAX (1.0, step * 0.7);
  /* Rated games: a few games are narrow bars, not wide blocks. */
  if (self->ratings->len == n)
    bar = MIN (bar, 16.0);
  /* The middle line: above it wins, below losses. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, pad, floor (mid) + 0.5);
  cairo_line_to (cr, width - pad, floor (mid) + 0.5);
  cairo_stroke (cr);
  for (guint i = first; i < n; i++)
    {
      IsleKeptResult r = g_array_index (self->results, IsleKeptResult, i);
      double x = pad + (i - first) * step + (step - bar) / 2;

      set_colour (cr, r, dark);
      if (r == ISLE_KEPT_WON)
        cairo_rectangle (cr, x, mid - half * 0.8, bar, half * 0.8);
      else if (r == ISLE_KEPT_LOST)
        cairo_rectangle (cr, x, mid, bar, half * 0.8);
      else if (r == ISLE_KEPT_DRAWN)
        cairo_rectangle (cr, x, mid - half * 0.2, bar, half * 0.4);
      else
        cairo_arc (cr, x + bar / 2, mid, MIN (bar / 2, 3.0), 0, 2 * G_PI);
      cairo_fill (cr);
    }
  /* The line, in the accent blue: the share won so far, from 0 (bottom)
   * to 1 (top); or the rating after each game, from the lowest (bottom)
   * to the highest (top). */
  cairo_set_source_rgb (cr, dark ? 0x78 / 255.0 : 0x1c / 255.0, dark ? 0xae / 255.0 : 0x71 / 255.0,
                        dark ? 0xed / 255.0 : 0xd8 / 255.0);
  cairo_set_line_width (cr, 2);
  if (self->ratings->len == n)
    {
      double low = G_MAXDOUBLE, high = -G_MAXDOUBLE;

      for (guint i = first; i < n; i++)
        {
          low = MIN (low, g_array_index (self->ratings, double, i));
          high = MAX (high, g_array_index (self->ratings, double, i));
        }
      /* At least 50 points tall, so that a small change looks small. */
      if (high - low < 50)
        {
          low = (low + high) / 2 - 25;
          high = low + 50;
        }
      for (guint i = first; i < n; i++)
        {
          double x = pad + (i - first) * step + step / 2;
          double y = height - pad - (height - 2 * pad) * (g_array_index (self->ratings, double, i) - low) / (high - low);

          if (i == first)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
      /* A dot a game on the line, so that one game shows too. */
      for (guint i = first; i < n; i++)
        {
          double x = pad + (i - first) * step + step / 2;
          double y = height - pad - (height - 2 * pad) * (g_array_index (self->ratings, double, i) - low) / (high - low);

          cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_destroy (cr);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      IsleKeptResult r = g_array_index (self->results, IsleKeptResult, i);
      double x, y;

      if (r != ISLE_KEPT_ABANDONED)
        played++;
      if (r == ISLE_KEPT_WON)
        won++;
      if (i < first || played == 0)
        continue;
      x = pad + (i - first) * step + step / 2;
      y = height - pad - (height - 2 * pad) * won / (double) played;
      if (i == first || played == 1)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
isle_games_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  (void) widget;
  (void) for_size;
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 480 : 160;
  *minimum_baseline = *natural_baseline = -1;
}

static void
describe (IsleGamesChart *self)
{
  guint won = 0, lost = 0, drawn = 0, abandoned = 0, played;
  g_autofree char *counts = NULL;

  for (guint i = 0; i < self->results->len; i++)
    switch (g_array_index (self->results, IsleKeptResult, i))
      {
      case ISLE_KEPT_WON: won++; break;
      case ISLE_KEPT_LOST: lost++; break;
      case ISLE_KEPT_DRAWN: drawn++; break;
      default: abandoned++; break;
      }
  played = won + lost + drawn;
  g_free (self->description);
  if (self->ratings->len > 0 && self->ratings->len == self->results->len)
    {
      double low = G_MAXDOUBLE, high = -G_MAXDOUBLE;

      for (guint i = 0; i < self->ratings->len; i++)
        {
          low = MIN (low, g_array_index (self->ratings, double, i));
          high = MAX (high, g_array_index (self->ratings, double, i));
        }
      /* Translators: the chart of rated games in words: the games, what
       * they were, the rating's lowest and highest and the last. */
      self->description =
        g_strdup_printf (ngettext ("%u rated game in the order played: %u won, %u lost, %u drawn. "
                                   "Your rating went from %d to %d, and is %d after the last.",
                                   "%u rated games in the order played: %u won, %u lost, %u drawn. "
                                   "Your rating went from %d to %d, and is %d after the last.",
                                   self->results->len),
                         self->results->len, won, lost + abandoned, drawn, (int) lround (low), (int) lround (high),
                         (int) lround (g_array_index (self->ratings, double, self->ratings->len - 1)));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rating over time"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description, -1);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->description);
      return;
    }
  if (self->results->len == 0)
    self->description = g_strdup (_("No game of yours is kept yet."));
  else
    {
      /* Translators: the chart of results in words; the games in order,
       * then what they were. */
      counts = g_strdup_printf (ngettext ("%u game in the order played: %u won, %u lost, %u drawn, %u abandoned.",
                                          "%u games in the order played: %u won, %u lost, %u drawn, %u abandoned.",
                                          self->results->len),
                                self->results->len, won, lost, drawn, abandoned);
      if (played > 0)
        {
          g_autofree char *share = g_strdup_printf (_("After the last, you have won %.0f%% of the games you finished."),
                                                    100.0 * won / played);

          self->description = g_strconcat (counts, " ", share, NULL);
        }
      else
        self->description = g_steal_pointer (&counts);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Results over time"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->description);
}

GtkWidget *
isle_games_chart_new (void)
{
  return g_object_new (ISLE_TYPE_GAMES_CHART, NULL);
}

void
isle_games_chart_set_games (IsleGamesChart *self, GPtrArray *games)
{
  g_return_if_fail (ISLE_IS_GAMES_CHART (self));

  g_array_set_size (self->ratings, 0);
  g_array_set_size (self->results, 0);
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      IsleKeptGame *game = g_ptr_array_index (games, i);
      IsleKeptResult r = isle_kept_game_get_result (game);

      if (isle_kept_game_get_person_side (game) >= 0 && r <= ISLE_KEPT_ABANDONED)
        g_array_append_val (self->results, r);
    }
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_games_chart_set_ratings (IsleGamesChart *self, GArray *rated)
{
  g_return_if_fail (ISLE_IS_GAMES_CHART (self));

  g_array_set_size (self->results, 0);
  g_array_set_size (self->ratings, 0);
  for (guint i = 0; rated != NULL && i < rated->len; i++)
    {
      const IsleRatedGame *r = &g_array_index (rated, IsleRatedGame, i);
      IsleKeptResult result = r->rating.score > 0.75 ? ISLE_KEPT_WON
                              : r->rating.score > 0.25 ? ISLE_KEPT_DRAWN : ISLE_KEPT_LOST;

      g_array_append_val (self->results, result);
      g_array_append_val (self->ratings, r->rating.after);
    }
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
isle_games_chart_get_description (IsleGamesChart *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_CHART (self), NULL);
  return self->description;
}

static void
isle_games_chart_finalize (GObject *object)
{
  IsleGamesChart *self = ISLE_GAMES_CHART (object);

  g_array_unref (self->results);
  g_array_unref (self->ratings);
  g_free (self->description);
  G_OBJECT_CLASS (isle_games_chart_parent_class)->finalize (object);
}

static void
isle_games_chart_class_init (IsleGamesChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = isle_games_chart_finalize;
  widget_class->snapshot = isle_games_chart_snapshot;
  widget_class->measure = isle_games_chart_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "isle-games-chart");
}

static void
isle_games_chart_init (IsleGamesChart *self)
{
  self->results = g_array_new (FALSE, FALSE, sizeof (IsleKeptResult));
  self->ratings = g_array_new (FALSE, FALSE, sizeof (double));
  describe (self);
}
