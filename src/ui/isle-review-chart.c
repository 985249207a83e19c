/* isle-review-chart.c — the game review's win-chance chart
 * (isle-review-chart.h).
 *
 * The width is cut into N + 1 slots of equal width: the first is the
 * start of the game (position -1), slot I + 1 is decision I. The plot
 * runs from the reviewed side's 0% at the bottom to 100% at the top, the
 * 50% line across its middle; above it the area is filled in the reviewed
 * side's colour, below it in the other side's. A run of judged decisions
 * is one stretch of curve; a decision not judged yet is a gap with a faint
 * ring on the 50% line. Over the plot a strip holds the marks' glyphs
 * (?! ? ??), under it a strip the rounds' names.
 */
#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "isle-cairo.h"
#include "isle-review-chart.h"
#include "isle-token-art.h"

typedef struct
{
  int side;
  int round;
  double chance;
  IsleReviewLabel label;
  gboolean marked;
  char *description;
} Point;

struct _IsleReviewChart
{
  GtkWidget parent_instance;

  GArray *points;          /* Point */
  int side;
  int position;
  double drag_x;           /* where the drag began */
};

G_DEFINE_FINAL_TYPE (IsleReviewChart, isle_review_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_POSITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- geometry ----------------------------------------------------------- */

#define PAD 6.0
#define STRIP 15.0          /* the glyphs' strip above, the rounds' below */
#define ROOMY_HEIGHT 84     /* shorter than this: no strips */

typedef struct
{
  double x0, width;        /* the slots */
  double top, bottom;      /* the plot: 100% and 0% */
  double slot;             /* one slot's width */
  gboolean strips;
} Frame;

static void
frame_get (IsleReviewChart *self, Frame *f)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  f->strips = h >= ROOMY_HEIGHT;
  f->x0 = PAD;
  f->width = MAX (w - 2 * PAD, 1);
  f->top = PAD + (f->strips ? STRIP : 0);
  f->bottom = MAX (h - PAD - (f->strips ? STRIP : 0), f->top + 1);
  f->slot = f->width / (self->points->len + 1);
}

/* The middle of slot SLOT (0: the start; I + 1: decision I). */
static double
slot_x (const Frame *f, int slot)
{
  return f->x0 + (slot + 0.5) * f->slot;
}

static double
chance_y (const Frame *f, double chance)
{
  return f->bottom - CLAMP (chance, 0, 1) * (f->bottom - f->top);
}

/* The position whose slot holds X (clamped to the chart). */
static int
position_at (IsleReviewChart *self, double x)
{
  Frame f;
  int slot;

  frame_get (self, &f);
  slot = (int) floor ((x - f.x0) / f.slot);
  return CLAMP (slot, 0, (int) self->points->len) - 1;
}

static Point *
point_at (IsleReviewChart *self, guint i)
{
  return &g_array_index (self->points, Point, i);
}

static gboolean
judged (const Point *p)
{
  return p->chance >= 0;
}

/* Whether P is a shown inaccuracy or worse. */
static gboolean
is_flagged (const Point *p, IsleReviewLabel least)
{
  return p->marked && judged (p) && p->label >= least;
}

/* ---- what screen readers and tooltips say ------------------------------- */

static char *
describe (IsleReviewChart *self, int position)
{
  const Point *p;

  if (position < 0)
    return g_strdup (_("The start of the game."));
  p = point_at (self, position);
  if (p->description != NULL)
    return g_strdup (p->description);
  return g_strdup_printf (_("Decision %d of %u."), position + 1, self->points->len);
}

static void
update_accessible (IsleReviewChart *self)
{
  g_autofree char *text = describe (self, self->position);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, -1.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) self->points->len - 1,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) self->position,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
}

/* ---- colours ------------------------------------------------------------ */

typedef struct
{
  GdkRGBA fg;              /* the text's colour */
  GdkRGBA edge;            /* its opposite: a rim that parts shapes */
  GdkRGBA side[2];         /* the sides' colours */
  GdkRGBA marks[ISLE_REVIEW_N_LABELS];
  GdkRGBA focus;
  gboolean high_contrast;
  gboolean dark;
  double line;             /* a thin line's width */
} Colours;

void
isle_review_chart_mark_colour (IsleReviewLabel label, gboolean dark, GdkRGBA *colour)
{
  /* Amber, orange and purple: apart from both sides' red and blue, dark
   * enough for text on light ground and light enough on dark. */
  static const GdkRGBA light_marks[3] = {
    { 0.71f, 0.47f, 0.00f, 1 }, { 0.85f, 0.33f, 0.00f, 1 }, { 0.51f, 0.24f, 0.61f, 1 },
  };
  static const GdkRGBA dark_marks[3] = {
    { 0.97f, 0.89f, 0.36f, 1 }, { 1.00f, 0.64f, 0.28f, 1 }, { 0.86f, 0.54f, 0.87f, 1 },
  };

  g_return_if_fail (label >= ISLE_REVIEW_INACCURACY && label <= ISLE_REVIEW_BLUNDER);
  g_return_if_fail (colour != NULL);
  *colour = (dark ? dark_marks : light_marks)[label - ISLE_REVIEW_INACCURACY];
}

static void
colours_get (IsleReviewChart *self, Colours *c)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (GTK_WIDGET (self), &c->fg);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &c->fg);
#endif
  c->fg.alpha = 1;
  c->edge = (GdkRGBA) { 1 - c->fg.red, 1 - c->fg.green, 1 - c->fg.blue, 1 };
  c->high_contrast = adw_style_manager_get_high_contrast (manager);
  c->dark = dark;
  c->line = c->high_contrast ? 2 : 1;
  for (int side = 0; side < 2; side++)
    isle_token_side_colour (side, dark, &c->side[side]);
  for (int label = 0; label < ISLE_REVIEW_N_LABELS; label++)
    c->marks[label] = c->fg;
  for (int label = ISLE_REVIEW_INACCURACY; label <= ISLE_REVIEW_BLUNDER; label++)
    isle_review_chart_mark_colour ((IsleReviewLabel) label, dark, &c->marks[label]);
  /* libadwaita's accent for the focus ring, half seen as its own rings are. */
#if ADW_CHECK_VERSION (1, 6, 0)
  adw_accent_color_to_standalone_rgba (adw_style_manager_get_accent_color (manager), dark, &c->focus);
#else
  c->focus = dark ? (GdkRGBA) { 0.47f, 0.68f, 0.93f, 1 } : (GdkRGBA) { 0.11f, 0.44f, 0.85f, 1 };
#endif
  c->focus.alpha = c->high_contrast ? 1 : 0.5f;
}

static void
set_colour (cairo_t *cr, const GdkRGBA *colour, double alpha)
{
  cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha * alpha);
}

/* ---- drawing ------------------------------------------------------------ */

/* Small TEXT with its left edge at X (or its middle, when CENTRED) and
 * its top at Y; its width in *WIDTH. */
static void
draw_text (IsleReviewChart *self, cairo_t *cr, const char *text, gboolean bold,
           double x, double y, gboolean centred, const GdkRGBA *colour, double alpha, double *width)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();
  int w, h;

  pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (width != NULL)
    *width = w;
  if (colour != NULL)
    {
      cairo_move_to (cr, centred ? x - w / 2.0 : x, y + (STRIP - h) / 2);
      set_colour (cr, colour, alpha);
      pango_cairo_show_layout (cr, layout);
      cairo_new_path (cr);
    }
  pango_attr_list_unref (attrs);
  g_object_unref (layout);
}

/* The thin lines where a round begins, and the rounds' names under the
 * plot where there is room. */
static void
draw_rounds (IsleReviewChart *self, cairo_t *cr, const Frame *f, const Colours *c)
{
  double free_x = f->x0;

  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = point_at (self, i);
      double x = i == 0 ? f->x0 - 4 : f->x0 + (i + 1) * f->slot;
      g_autofree char *name = NULL;
      double w;

      if (i > 0 && p->round == point_at (self, i - 1)->round)
        continue;
      if (i > 0)
        {
          set_colour (cr, &c->fg, c->high_contrast ? 0.7 : 0.3);
          cairo_set_line_width (cr, c->line);
          cairo_move_to (cr, round (x) + 0.5, f->top - (f->strips ? STRIP : 0));
          cairo_line_to (cr, round (x) + 0.5, f->bottom + (f->strips ? STRIP : 0));
          cairo_stroke (cr);
        }
      if (!f->strips)
        continue;
      /* TRANSLATORS: the name of a round under its part of the review's
       * chart. */
      name = g_strdup_printf (_("Round %d"), p->round);
      draw_text (self, cr, name, FALSE, 0, 0, FALSE, NULL, 1, &w);
      if (x + 4 < free_x || x + 4 + w > f->x0 + f->width)
        continue;
      draw_text (self, cr, name, FALSE, x + 4, f->bottom, FALSE, &c->fg, c->high_contrast ? 1 : 0.6, NULL);
      free_x = x + 4 + w + 8;
    }
}

/* The judged run of decisions FIRST .. LAST as a line, a half slot flat
 * at each end so that a lone decision is seen too. */
static void
trace_run (IsleReviewChart *self, cairo_t *cr, const Frame *f, guint first, guint last)
{
  cairo_move_to (cr, slot_x (f, first + 1) - f->slot / 2, chance_y (f, point_at (self, first)->chance));
  for (guint i = first; i <= last; i++)
    cairo_line_to (cr, slot_x (f, i + 1), chance_y (f, point_at (self, i)->chance));
  cairo_line_to (cr, slot_x (f, last + 1) + f->slot / 2, chance_y (f, point_at (self, last)->chance));
}

/* The reviewed side's chance: the area on either side of the 50% line
 * and the line over it, run by run. */
static void
draw_curve (IsleReviewChart *self, cairo_t *cr, const Frame *f, const Colours *c)
{
  double mid = chance_y (f, 0.5);
  double fill = c->high_contrast ? 0.55 : c->dark ? 0.4 : 0.28;

  for (guint first = 0; first < self->points->len; first++)
    {
      guint last = first;

      if (!judged (point_at (self, first)))
        continue;
      while (last + 1 < self->points->len && judged (point_at (self, last + 1)))
        last++;

      for (int half = 0; half < 2; half++)
        {
          cairo_save (cr);
          if (half == 0)
            cairo_rectangle (cr, f->x0, f->top, f->width, mid - f->top);
          else
            cairo_rectangle (cr, f->x0, mid, f->width, f->bottom - mid);
          cairo_clip (cr);
          trace_run (self, cr, f, first, last);
          cairo_line_to (cr, slot_x (f, last + 1) + f->slot / 2, mid);
          cairo_line_to (cr, slot_x (f, first + 1) - f->slot / 2, mid);
          cairo_close_path (cr);
          set_colour (cr, &c->side[half == 0 ? self->side : 1 - self->side], fill);
          cairo_fill (cr);
          cairo_restore (cr);
        }

      trace_run (self, cr, f, first, last);
      set_colour (cr, &c->fg, c->high_contrast ? 1 : 0.55);
      cairo_set_line_width (cr, c->line * 1.5);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
      first = last;
    }
}

/* The mark of LABEL centred on (X, Y), R across its half: a disc for an
 * inaccuracy, a diamond for a mistake, a triangle pointing down for a
 * blunder, each rimmed so that it is seen on any colour. */
static void
draw_mark (cairo_t *cr, const Colours *c, IsleReviewLabel label, double x, double y, double r)
{
  switch (label)
    {
    case ISLE_REVIEW_INACCURACY:
      cairo_arc (cr, x, y, r * 0.85, 0, 2 * G_PI);
      break;
    case ISLE_REVIEW_MISTAKE:
      cairo_move_to (cr, x, y - r * 1.15);
      cairo_line_to (cr, x + r * 1.15, y);
      cairo_line_to (cr, x, y + r * 1.15);
      cairo_line_to (cr, x - r * 1.15, y);
      cairo_close_path (cr);
      break;
    default:
      cairo_move_to (cr, x - r * 1.2, y - r * 0.8);
      cairo_line_to (cr, x + r * 1.2, y - r * 0.8);
      cairo_line_to (cr, x, y + r * 1.2);
      cairo_close_path (cr);
      break;
    }
  set_colour (cr, &c->marks[label], 1);
  cairo_fill_preserve (cr);
  set_colour (cr, &c->edge, 0.9);
  cairo_set_line_width (cr, c->line * 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

static const char *
mark_glyph (IsleReviewLabel label)
{
  switch (label)
    {
    case ISLE_REVIEW_INACCURACY:
      return "?!";
    case ISLE_REVIEW_MISTAKE:
      return "?";
    case ISLE_REVIEW_BLUNDER:
      return "??";
    default:
      return NULL;
    }
}

/* A dot per decision in its side's colour (a faint ring on the 50% line
 * while not judged), a mark on the shown inaccuracies and worse, their
 * glyphs over the plot. */
static void
draw_points (IsleReviewChart *self, cairo_t *cr, const Frame *f, const Colours *c)
{
  double dot = CLAMP (f->slot * 0.3, 1.5, c->high_contrast ? 3.5 : 3);
  double mark = CLAMP (f->slot * 0.45, 3.5, 5.5);
  double glyph_room = 0;

  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = point_at (self, i);
      double x = slot_x (f, i + 1);

      if (!judged (p))
        {
          cairo_arc (cr, x, chance_y (f, 0.5), dot, 0, 2 * G_PI);
          set_colour (cr, &c->fg, c->high_contrast ? 0.8 : 0.35);
          cairo_set_line_width (cr, c->line);
          cairo_stroke (cr);
          continue;
        }
      if (is_flagged (p, ISLE_REVIEW_INACCURACY))
        continue;
      cairo_arc (cr, x, chance_y (f, p->chance), dot, 0, 2 * G_PI);
      set_colour (cr, &c->side[CLAMP (p->side, 0, 1)], 1);
      cairo_fill_preserve (cr);
      set_colour (cr, &c->edge, 0.85);
      cairo_set_line_width (cr, c->line);
      cairo_stroke (cr);
    }

  /* The marks over the dots, and the glyphs where they fit. */
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = point_at (self, i);
      double x = slot_x (f, i + 1);
      double w;

      if (!is_flagged (p, ISLE_REVIEW_INACCURACY))
        continue;
      draw_mark (cr, c, p->label, x, chance_y (f, p->chance), mark);
      if (!f->strips)
        continue;
      draw_text (self, cr, mark_glyph (p->label), TRUE, 0, 0, TRUE, NULL, 1, &w);
      if (x - w / 2 < glyph_room)
        continue;
      draw_text (self, cr, mark_glyph (p->label), TRUE, x, f->top - STRIP, TRUE, &c->marks[p->label], 1, NULL);
      glyph_room = x + w / 2 + 2;
    }
}

/* The decision shown: its slot lit, a line through it, its dot ringed. */
static void
draw_position (IsleReviewChart *self, cairo_t *cr, const Frame *f, const Colours *c)
{
  double x = slot_x (f, self->position + 1);
  double top = f->top - (f->strips ? STRIP : 0) + 2;
  double bottom = f->bottom + (f->strips ? STRIP : 0) - 2;

  isle_cairo_rounded_rect (cr, x - f->slot / 2, top, f->slot, bottom - top, MIN (f->slot / 2, 4));
  set_colour (cr, &c->fg, c->high_contrast ? 0.2 : 0.08);
  cairo_fill (cr);
  cairo_move_to (cr, x, top);
  cairo_line_to (cr, x, bottom);
  set_colour (cr, &c->fg, c->high_contrast ? 1 : 0.7);
  cairo_set_line_width (cr, c->line * 1.5);
  cairo_stroke (cr);
}

static void
draw_ring (IsleReviewChart *self, cairo_t *cr, const Frame *f, const Colours *c)
{
  const Point *p;

  if (self->position < 0)
    return;
  p = point_at (self, self->position);
  if (!judged (p))
    return;
  cairo_new_path (cr);
  cairo_arc (cr, slot_x (f, self->position + 1), chance_y (f, p->chance), 7.5, 0, 2 * G_PI);
  set_colour (cr, &c->fg, 1);
  cairo_set_line_width (cr, c->line * 2);
  cairo_stroke (cr);
}

static void
isle_review_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleReviewChart *self = ISLE_REVIEW_CHART (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  cairo_t *cr;
  Colours c;
  Frame f;

  if (w < 4 || h < 4)
    return;
  colours_get (self, &c);
  frame_get (self, &f);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  /* A quiet ground, edged in high contrast. */
  isle_cairo_rounded_rect (cr, 0.5, 0.5, w - 1, h - 1, 8);
  set_colour (cr, &c.fg, 0.04);
  cairo_fill_preserve (cr);
  set_colour (cr, &c.fg, c.high_contrast ? 0.8 : 0.1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  draw_position (self, cr, &f, &c);
  draw_rounds (self, cr, &f, &c);
  cairo_move_to (cr, f.x0, round (chance_y (&f, 0.5)) + 0.5);
  cairo_line_to (cr, f.x0 + f.width, round (chance_y (&f, 0.5)) + 0.5);
  set_colour (cr, &c.fg, c.high_contrast ? 0.8 : 0.3);
  cairo_set_line_width (cr, c.line);
  cairo_stroke (cr);
  draw_curve (self, cr, &f, &c);
  draw_points (self, cr, &f, &c);
  draw_ring (self, cr, &f, &c);

  if (gtk_widget_has_visible_focus (widget))
    {
      isle_cairo_rounded_rect (cr, 1, 1, w - 2, h - 2, 7.5);
      set_colour (cr, &c.focus, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
isle_review_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  (void) widget;
  (void) for_size;
  (void) minimum_baseline;
  (void) natural_baseline;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 600;
    }
  else
    {
      *minimum = 56;
      *natural = 120;
    }
}

/* ---- input -------------------------------------------------------------- */

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, IsleReviewChart *self)
{
  (void) gesture;
  (void) y;
  self->drag_x = x;
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  isle_review_chart_set_position (self, position_at (self, x));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, IsleReviewChart *self)
{
  (void) gesture;
  (void) dy;
  isle_review_chart_set_position (self, position_at (self, self->drag_x + dx));
}

/* The next (STEP 1) or previous (-1) shown mistake or blunder from the
 * position, or the last decision (the start) if there is none. */
static int
next_mistake (IsleReviewChart *self, int step)
{
  int n = self->points->len;

  for (int i = self->position + step; i >= 0 && i < n; i += step)
    if (is_flagged (point_at (self, i), ISLE_REVIEW_MISTAKE))
      return i;
  return step > 0 ? n - 1 : -1;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, IsleReviewChart *self)
{
  int n = self->points->len;
  int to;

  (void) controller;
  (void) keycode;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      to = self->position - 1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      to = self->position + 1;
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      to = -1;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      to = n - 1;
      break;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
      to = next_mistake (self, -1);
      break;
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
      to = next_mistake (self, 1);
      break;
    default:
      return FALSE;
    }
  isle_review_chart_set_position (self, to);
  return TRUE;
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  IsleReviewChart *self)
{
  g_autofree char *text = describe (self, keyboard ? self->position : position_at (self, x));

  (void) widget;
  (void) y;

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* The focus ring comes and goes with the focus and its being seen. */
static void
isle_review_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GtkStateFlags seen = GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE;

  if ((gtk_widget_get_state_flags (widget) ^ previous) & seen)
    gtk_widget_queue_draw (widget);
  GTK_WIDGET_CLASS (isle_review_chart_parent_class)->state_flags_changed (widget, previous);
}

static void
on_style_changed (IsleReviewChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- the object --------------------------------------------------------- */

static void
point_clear (gpointer data)
{
  Point *p = data;

  g_clear_pointer (&p->description, g_free);
}

static void
point_copy (Point *to, const IsleReviewChartPoint *from)
{
  to->side = from->side;
  to->round = from->round;
  to->chance = from->chance;
  to->label = from->label;
  to->marked = from->marked;
  g_free (to->description);
  to->description = g_strdup (from->description);
}

static void
isle_review_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleReviewChart *self = ISLE_REVIEW_CHART (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_int (value, self->position);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_chart_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  IsleReviewChart *self = ISLE_REVIEW_CHART (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      isle_review_chart_set_position (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_chart_finalize (GObject *object)
{
  IsleReviewChart *self = ISLE_REVIEW_CHART (object);

  g_array_unref (self->points);
  G_OBJECT_CLASS (isle_review_chart_parent_class)->finalize (object);
}

static void
isle_review_chart_class_init (IsleReviewChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_review_chart_get_property;
  object_class->set_property = isle_review_chart_set_property;
  object_class->finalize = isle_review_chart_finalize;
  widget_class->snapshot = isle_review_chart_snapshot;
  widget_class->measure = isle_review_chart_measure;
  widget_class->state_flags_changed = isle_review_chart_state_flags_changed;

  properties[PROP_POSITION] =
    g_param_spec_int ("position", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "review-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
isle_review_chart_init (IsleReviewChart *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  g_array_set_clear_func (self->points, point_clear);
  self->position = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_object (manager, "notify::dark", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "notify::high-contrast", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
#if ADW_CHECK_VERSION (1, 6, 0)
  g_signal_connect_object (manager, "notify::accent-color", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
#endif

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Win chance chart"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
isle_review_chart_new (void)
{
  return g_object_new (ISLE_TYPE_REVIEW_CHART, NULL);
}

void
isle_review_chart_set_points (IsleReviewChart *self, const IsleReviewChartPoint *points, guint n)
{
  g_return_if_fail (ISLE_IS_REVIEW_CHART (self));
  g_return_if_fail (points != NULL || n == 0);

  g_array_set_size (self->points, 0);
  g_array_set_size (self->points, n);
  for (guint i = 0; i < n; i++)
    point_copy (point_at (self, i), &points[i]);
  if (self->position > (int) n - 1)
    {
      self->position = (int) n - 1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_review_chart_update_point (IsleReviewChart *self, guint i, const IsleReviewChartPoint *point)
{
  g_return_if_fail (ISLE_IS_REVIEW_CHART (self));
  g_return_if_fail (point != NULL);
  g_return_if_fail (i < self->points->len);

  point_copy (point_at (self, i), point);
  if ((int) i == self->position)
    update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
isle_review_chart_get_n_points (IsleReviewChart *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_CHART (self), 0);

  return self->points->len;
}

void
isle_review_chart_set_side (IsleReviewChart *self, int side)
{
  g_return_if_fail (ISLE_IS_REVIEW_CHART (self));
  g_return_if_fail (side == 0 || side == 1);

  if (self->side == side)
    return;
  self->side = side;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
isle_review_chart_get_side (IsleReviewChart *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_CHART (self), 0);

  return self->side;
}

int
isle_review_chart_get_position (IsleReviewChart *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_CHART (self), -1);

  return self->position;
}

void
isle_review_chart_set_position (IsleReviewChart *self, int position)
{
  g_return_if_fail (ISLE_IS_REVIEW_CHART (self));

  position = CLAMP (position, -1, (int) self->points->len - 1);
  if (self->position == position)
    return;
  self->position = position;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}
