/* isle-square-bin.c — IsleSquareBin (isle-square-bin.h): a bin whose
 * natural height is its width. The island map inside asks for a fixed
 * size whatever its width; a vertical box would give it that height (or
 * half the spare height) and draw the square map in the middle of empty
 * space, pushing the hand below the window. Asked height for width, this
 * bin says "as tall as wide", never less than the child's minimum; it
 * asks for no least width (see measure()). */
#include "config.h"

#include "isle-square-bin.h"

struct _IsleSquareBin
{
  GtkWidget parent_instance;

  GtkWidget *child;
};

enum
{
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void isle_square_bin_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleSquareBin, isle_square_bin, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, isle_square_bin_buildable_init))

static GtkBuildableIface *parent_buildable;

/* <child> in a .ui file is the child, as in GtkBuilder's own bins. */
static void
isle_square_bin_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child, const char *type)
{
  if (GTK_IS_WIDGET (child))
    isle_square_bin_set_child (ISLE_SQUARE_BIN (buildable), GTK_WIDGET (child));
  else
    parent_buildable->add_child (buildable, builder, child, type);
}

static void
isle_square_bin_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable = g_type_interface_peek_parent (iface);
  iface->add_child = isle_square_bin_add_child;
}

static GtkSizeRequestMode
isle_square_bin_get_request_mode (GtkWidget *widget)
{
  (void) widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
isle_square_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (widget);
  int min = 0, nat = 0;

  if (self->child != NULL && gtk_widget_get_visible (self->child))
    gtk_widget_measure (self->child, orientation, -1, &min, &nat, NULL, NULL);
  /* Height for a width: a square, down to the child's minimum. */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    nat = MAX (min, for_size);
  /* No least width: the window may be made narrow at once (a snap, a
   * phone turned) while the page is still side by side, and must not
   * grow back to fit it; it stacks the page right after (isle-window.c).
   * Meanwhile the child keeps its least size, clipped. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    min = 0;
  *minimum = min;
  *natural = nat;
  *minimum_baseline = *natural_baseline = -1;
}

static void
isle_square_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (widget);

  if (self->child != NULL && gtk_widget_get_visible (self->child))
    {
      int min_width, min_height;

      gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
      gtk_widget_measure (self->child, GTK_ORIENTATION_VERTICAL, -1, &min_height, NULL, NULL, NULL);
      gtk_widget_allocate (self->child, MAX (width, min_width), MAX (height, min_height), baseline, NULL);
    }
}

/* Focus given to the bin goes to the map's cursor tile. */
static gboolean
isle_square_bin_grab_focus (GtkWidget *widget)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (widget);

  return self->child != NULL && gtk_widget_grab_focus (self->child);
}

static void
isle_square_bin_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_square_bin_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      isle_square_bin_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_square_bin_dispose (GObject *object)
{
  IsleSquareBin *self = ISLE_SQUARE_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (isle_square_bin_parent_class)->dispose (object);
}

static void
isle_square_bin_class_init (IsleSquareBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_square_bin_get_property;
  object_class->set_property = isle_square_bin_set_property;
  object_class->dispose = isle_square_bin_dispose;
  widget_class->get_request_mode = isle_square_bin_get_request_mode;
  widget_class->measure = isle_square_bin_measure;
  /* Only a container: no name of its own to read. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  widget_class->size_allocate = isle_square_bin_size_allocate;
  widget_class->grab_focus = isle_square_bin_grab_focus;

  properties[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isle_square_bin_init (IsleSquareBin *self)
{
  /* A child larger than the bin (see measure()) is cut at its edge. */
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
isle_square_bin_new (void)
{
  return g_object_new (ISLE_TYPE_SQUARE_BIN, NULL);
}

void
isle_square_bin_set_child (IsleSquareBin *self, GtkWidget *child)
{
  g_return_if_fail (ISLE_IS_SQUARE_BIN (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

GtkWidget *
isle_square_bin_get_child (IsleSquareBin *self)
{
  g_return_val_if_fail (ISLE_IS_SQUARE_BIN (self), NULL);
  return self->child;
}
