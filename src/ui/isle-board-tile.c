/* isle-board-tile.c — a focusable, named tile over the Island Map. */
#include "config.h"

#include <adwaita.h>

#include "isle-board-tile.h"

struct _IsleBoardTile
{
  GtkButton parent_instance;
  int cell;
  char *label;
  gboolean playable;
};

G_DEFINE_FINAL_TYPE (IsleBoardTile, isle_board_tile, GTK_TYPE_BUTTON)

enum
{
  PROP_0,
  PROP_CELL,
  PROP_LABEL,
  PROP_PLAYABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The focus ring: a dark band with a light edge inside, so it shows on sea,
 * sand, grass and on red, blue and white tokens alike. */
static void
isle_board_tile_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  float w = gtk_widget_get_width (widget);
  float h = gtk_widget_get_height (widget);
  gboolean high_contrast = adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
  float band = high_contrast ? 4 : 3;
  graphene_rect_t box = GRAPHENE_RECT_INIT (1, 1, w - 2, h - 2);
  GskRoundedRect outer, inner;
  GdkRGBA fg, edge;
  float widths[4];
  GdkRGBA colours[4];

  if (!gtk_widget_has_visible_focus (widget) || w < 8 || h < 8)
    return;
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, &fg);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
#endif
  fg.alpha = 1;
  /* The inner edge is the foreground's opposite: light on a dark ring. */
  edge = (GdkRGBA) { 1 - fg.red, 1 - fg.green, 1 - fg.blue, 0.9f };

  gsk_rounded_rect_init_from_rect (&outer, &box, w * 0.16f);
  for (int i = 0; i < 4; i++)
    {
      widths[i] = band;
      colours[i] = fg;
    }
  gtk_snapshot_append_border (snapshot, &outer, widths, colours);
  graphene_rect_inset (&box, band, band);
  gsk_rounded_rect_init_from_rect (&inner, &box, MAX (0, w * 0.16f - band));
  for (int i = 0; i < 4; i++)
    {
      widths[i] = 1.5f;
      colours[i] = edge;
    }
  gtk_snapshot_append_border (snapshot, &inner, widths, colours);
}

static void
isle_board_tile_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleBoardTile *self = ISLE_BOARD_TILE (object);

  switch (prop_id)
    {
    case PROP_CELL:
      g_value_set_int (value, self->cell);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_PLAYABLE:
      g_value_set_boolean (value, self->playable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_board_tile_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  IsleBoardTile *self = ISLE_BOARD_TILE (object);

  switch (prop_id)
    {
    case PROP_CELL:
      self->cell = g_value_get_int (value);
      break;
    case PROP_LABEL:
      isle_board_tile_set_label (self, g_value_get_string (value));
      break;
    case PROP_PLAYABLE:
      isle_board_tile_set_playable (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_board_tile_finalize (GObject *object)
{
  IsleBoardTile *self = ISLE_BOARD_TILE (object);

  g_free (self->label);
  G_OBJECT_CLASS (isle_board_tile_parent_class)->finalize (object);
}

static void
isle_board_tile_class_init (IsleBoardTileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_board_tile_get_property;
  object_class->set_property = isle_board_tile_set_property;
  object_class->finalize = isle_board_tile_finalize;
  widget_class->snapshot = isle_board_tile_snapshot;

  properties[PROP_CELL] =
    g_param_spec_int ("cell", NULL, NULL, 0, 63, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] =
    g_param_spec_string ("spoken-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYABLE] =
    g_param_spec_boolean ("playable", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "isle-tile");
}

static void
isle_board_tile_init (IsleBoardTile *self)
{
  /* The map under it takes the pointer (clicks, hover, drops). */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
isle_board_tile_new (int cell)
{
  return g_object_new (ISLE_TYPE_BOARD_TILE, "cell", cell, NULL);
}

int
isle_board_tile_get_cell (IsleBoardTile *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_TILE (self), -1);
  return self->cell;
}

const char *
isle_board_tile_get_label (IsleBoardTile *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_TILE (self), NULL);
  return self->label;
}

void
isle_board_tile_set_label (IsleBoardTile *self, const char *label)
{
  g_return_if_fail (ISLE_IS_BOARD_TILE (self));
  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label ? label : "", -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

gboolean
isle_board_tile_get_playable (IsleBoardTile *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_TILE (self), FALSE);
  return self->playable;
}

void
isle_board_tile_set_playable (IsleBoardTile *self, gboolean playable)
{
  g_return_if_fail (ISLE_IS_BOARD_TILE (self));
  playable = !!playable;
  if (self->playable == playable)
    return;
  self->playable = playable;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYABLE]);
}
