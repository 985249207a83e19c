/* isle-progress-bar.c — a progress bar whose changes are only drawn
 * (isle-progress-bar.h).
 *
 * Two toolkit progress bars lie one over the other, laid out once: an
 * empty one, drawn whole, and a full one, drawn only up to the fraction
 * through a clip rounded as the bar's ends are. A new fraction changes
 * the clip, which asks for a new drawing of this widget alone. */
#include "config.h"

#include "isle-progress-bar.h"

struct _IsleProgressBar
{
  GtkWidget parent_instance;

  GtkWidget *empty;
  GtkWidget *full;
  double fraction;
};

G_DEFINE_FINAL_TYPE (IsleProgressBar, isle_progress_bar, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
isle_progress_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                           int *natural, int *minimum_baseline, int *natural_baseline)
{
  gtk_widget_measure (ISLE_PROGRESS_BAR (widget)->empty, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
isle_progress_bar_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleProgressBar *self = ISLE_PROGRESS_BAR (widget);

  gtk_widget_allocate (self->empty, width, height, baseline, NULL);
  gtk_widget_allocate (self->full, width, height, baseline, NULL);
}

static void
isle_progress_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleProgressBar *self = ISLE_PROGRESS_BAR (widget);
  float width = (float) gtk_widget_get_width (widget);
  float height = (float) gtk_widget_get_height (widget);
  float done = (float) self->fraction * width;
  /* The bar's ends are round (as round as its height allows). */
  float radius = MIN (height, done) / 2;
  GskRoundedRect clip;

  gtk_widget_snapshot_child (widget, self->empty, snapshot);
  if (done <= 0)
    return;
  gsk_rounded_rect_init (&clip, &GRAPHENE_RECT_INIT (0, 0, done, height),
                         &GRAPHENE_SIZE_INIT (radius, radius), &GRAPHENE_SIZE_INIT (radius, radius),
                         &GRAPHENE_SIZE_INIT (radius, radius), &GRAPHENE_SIZE_INIT (radius, radius));
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  gtk_widget_snapshot_child (widget, self->full, snapshot);
  gtk_snapshot_pop (snapshot);
}

/* ---- public ----------------------------------------------------------------- */

GtkWidget *
isle_progress_bar_new (void)
{
  return g_object_new (ISLE_TYPE_PROGRESS_BAR, NULL);
}

void
isle_progress_bar_set_fraction (IsleProgressBar *self, double fraction)
{
  g_return_if_fail (ISLE_IS_PROGRESS_BAR (self));

  fraction = CLAMP (fraction, 0.0, 1.0);
  if (fraction == self->fraction)
    return;
  self->fraction = fraction;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, fraction, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

double
isle_progress_bar_get_fraction (IsleProgressBar *self)
{
  g_return_val_if_fail (ISLE_IS_PROGRESS_BAR (self), 0);

  return self->fraction;
}

/* ---- GObject ------------------------------------------------------------------ */

static void
isle_progress_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleProgressBar *self = ISLE_PROGRESS_BAR (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_progress_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleProgressBar *self = ISLE_PROGRESS_BAR (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      isle_progress_bar_set_fraction (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_progress_bar_dispose (GObject *object)
{
  IsleProgressBar *self = ISLE_PROGRESS_BAR (object);

  g_clear_pointer (&self->empty, gtk_widget_unparent);
  g_clear_pointer (&self->full, gtk_widget_unparent);
  G_OBJECT_CLASS (isle_progress_bar_parent_class)->dispose (object);
}

static void
isle_progress_bar_class_init (IsleProgressBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_progress_bar_get_property;
  object_class->set_property = isle_progress_bar_set_property;
  object_class->dispose = isle_progress_bar_dispose;
  widget_class->measure = isle_progress_bar_measure;
  widget_class->size_allocate = isle_progress_bar_size_allocate;
  widget_class->snapshot = isle_progress_bar_snapshot;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PROGRESS_BAR);
}

static void
isle_progress_bar_init (IsleProgressBar *self)
{
  self->empty = gtk_progress_bar_new ();
  self->full = gtk_progress_bar_new ();
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->full), 1);
  /* Read as one bar: this one, with its value. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->empty), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->full), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_parent (self->empty, GTK_WIDGET (self));
  gtk_widget_set_parent (self->full, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 1.0, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 0.0, -1);
}
