/* isle-board-view.c — the Island Map widget, drawn with GtkSnapshot so it
 * scales to any size and stays crisp at any scale factor. Token art is
 * the project's own SVG (data/art), rendered at the size it is shown. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-board-view.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define ART "/io/github/critterisle/CritterIsle/art/"

struct _IsleBoardView
{
  GtkWidget parent_instance;
  IsleBoard board;
  int observer;
  uint64_t targets;
  int hover;                  /* tile under the pointer, or -1 */
  int cursor;                 /* keyboard tile cursor */
  GHashTable *textures;       /* "name@size" → GdkTexture */
};

G_DEFINE_FINAL_TYPE (IsleBoardView, isle_board_view, GTK_TYPE_WIDGET)

enum
{
  CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The square the map takes in the widget, and one tile's size. */
static void
layout (IsleBoardView *self, float *x0, float *y0, float *tile)
{
  float w = gtk_widget_get_width (GTK_WIDGET (self));
  float h = gtk_widget_get_height (GTK_WIDGET (self));
  float side = MIN (w, h);

  *tile = side / (ISLE_BOARD_SIZE + 0.5f);
  *x0 = (w - *tile * ISLE_BOARD_SIZE) / 2;
  *y0 = (h - *tile * ISLE_BOARD_SIZE) / 2;
}

static int
cell_at (IsleBoardView *self, double x, double y)
{
  float x0, y0, tile;
  int c, r;

  layout (self, &x0, &y0, &tile);
  if (x < x0 || y < y0)
    return -1;
  c = (int) ((x - x0) / tile);
  r = (int) ((y - y0) / tile);
  if (c >= ISLE_BOARD_SIZE || r >= ISLE_BOARD_SIZE)
    return -1;
  return isle_cell (c, r);
}

/* The art NAME as a texture of SIZE pixels (cached); NULL if missing. */
static GdkTexture *
art (IsleBoardView *self, const char *name, int width, int height)
{
  g_autofree char *key = g_strdup_printf ("%s@%dx%d", name, width, height);
  GdkTexture *texture = g_hash_table_lookup (self->textures, key);
  g_autofree char *path = NULL;
  g_autoptr (GdkPixbuf) pixbuf = NULL;

  if (texture != NULL || g_hash_table_contains (self->textures, key))
    return texture;
  path = g_strconcat (ART, name, ".svg", NULL);
  pixbuf = gdk_pixbuf_new_from_resource_at_scale (path, width, height, TRUE, NULL);
  texture = pixbuf ? gdk_texture_new_for_pixbuf (pixbuf) : NULL;
  g_hash_table_insert (self->textures, g_steal_pointer (&key), texture);
  return texture;
}

static const char *
kind_art (IsleKind kind)
{
  static const char *const names[ISLE_N_KINDS] = {
    NULL, "wolf", "pig", "rat", "rabbit", "fox", "turtle", "cat", "mouses",
    "snake", "frog", "chameleon", "crow", "mole", "prairie-dog", "hippo",
  };
  return (unsigned) kind < ISLE_N_KINDS ? names[kind] : NULL;
}

static void
fill_circle (GtkSnapshot *snapshot, const graphene_rect_t *box, const GdkRGBA *colour)
{
  GskRoundedRect round;

  gsk_rounded_rect_init_from_rect (&round, box, box->size.width / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &round);
  gtk_snapshot_append_color (snapshot, colour, box);
  gtk_snapshot_pop (snapshot);
}

static void
draw_texture (GtkSnapshot *snapshot, GdkTexture *texture, const graphene_rect_t *box)
{
  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, box);
}

static void
draw_token (IsleBoardView *self, GtkSnapshot *snapshot, const IsleCell *c,
            const graphene_rect_t *tile, int px)
{
  static const GdkRGBA red = { 0.88f, 0.11f, 0.14f, 1 };
  static const GdkRGBA blue = { 0.11f, 0.44f, 0.85f, 1 };
  static const GdkRGBA white = { 0.96f, 0.96f, 0.95f, 1 };
  static const GdkRGBA rim = { 0, 0, 0, 0.25f };
  float pad = tile->size.width * 0.08f;
  graphene_rect_t disc = GRAPHENE_RECT_INIT (tile->origin.x + pad, tile->origin.y + pad,
                                             tile->size.width - 2 * pad,
                                             tile->size.height - 2 * pad);
  graphene_rect_t inner = disc;
  bool hidden = c->kind == ISLE_KIND_UNKNOWN;
  const GdkRGBA *face = c->colour == ISLE_COLOUR_RED ? &red
                        : c->colour == ISLE_COLOUR_BLUE ? &blue : &white;
  IsleSide owner = isle_seat_side (c->seat);

  fill_circle (snapshot, &disc, &rim);
  graphene_rect_inset (&inner, disc.size.width * 0.04f, disc.size.height * 0.04f);
  if (hidden)
    {
      /* R6.4: only the back and the owner's shield show. */
      draw_texture (snapshot, art (self, "back", px, px), &inner);
    }
  else
    {
      graphene_rect_t figure = inner;

      fill_circle (snapshot, &inner, face);
      graphene_rect_inset (&figure, inner.size.width * 0.12f, inner.size.height * 0.12f);
      draw_texture (snapshot, art (self, kind_art ((IsleKind) c->kind), px, px), &figure);
      /* The observer's own face-down tokens, remembered (R12): a veil. */
      if (c->flags & ISLE_CELL_FACE_DOWN)
        {
          static const GdkRGBA veil = { 0.85f, 0.78f, 0.62f, 0.55f };
          fill_circle (snapshot, &inner, &veil);
        }
    }
  /* R1: the owner's shield, in the owner's colour. */
  {
    float s = disc.size.width * 0.34f;
    graphene_rect_t shield = GRAPHENE_RECT_INIT (disc.origin.x + disc.size.width - s * 0.9f,
                                                 disc.origin.y + disc.size.height - s * 0.95f, s, s);
    graphene_rect_t dot = shield;

    graphene_rect_inset (&dot, s * 0.18f, s * 0.18f);
    fill_circle (snapshot, &shield, &white);
    fill_circle (snapshot, &dot, owner == ISLE_SIDE_RED ? &red : &blue);
  }
}

static void
isle_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (widget);
  static const GdkRGBA sea = { 0.55f, 0.77f, 0.82f, 1 };
  static const GdkRGBA sand = { 0.93f, 0.87f, 0.72f, 1 };
  static const GdkRGBA grass = { 0.72f, 0.83f, 0.55f, 1 };
  static const GdkRGBA target = { 1, 1, 1, 0.55f };
  static const GdkRGBA hover = { 1, 1, 1, 0.35f };
  static const GdkRGBA cursor = { 0.2f, 0.2f, 0.2f, 0.6f };
  static const GdkRGBA fog = { 0.86f, 0.88f, 0.90f, 0.96f };
  float x0, y0, tile;
  int scale = gtk_widget_get_scale_factor (widget);
  GskRoundedRect island;
  graphene_rect_t whole;
  int px;

  layout (self, &x0, &y0, &tile);
  px = MAX (8, (int) (tile * scale));
  whole = GRAPHENE_RECT_INIT (x0 - tile * 0.2f, y0 - tile * 0.2f,
                              tile * (ISLE_BOARD_SIZE + 0.4f), tile * (ISLE_BOARD_SIZE + 0.4f));
  gsk_rounded_rect_init_from_rect (&island, &whole, tile * 0.5f);
  gtk_snapshot_push_rounded_clip (snapshot, &island);
  gtk_snapshot_append_color (snapshot, &sea, &whole);
  gtk_snapshot_pop (snapshot);

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      graphene_rect_t box = GRAPHENE_RECT_INIT (x0 + isle_cell_column (cell) * tile,
                                                y0 + isle_cell_row (cell) * tile, tile, tile);
      graphene_rect_t ground = box;
      GskRoundedRect round;
      const IsleCell *c = &self->board.cells[cell];

      graphene_rect_inset (&ground, tile * 0.03f, tile * 0.03f);
      gsk_rounded_rect_init_from_rect (&round, &ground, tile * 0.16f);
      gtk_snapshot_push_rounded_clip (snapshot, &round);
      gtk_snapshot_append_color (snapshot, (cell + cell / ISLE_BOARD_SIZE) % 2 ? &sand : &grass, &ground);
      if (self->targets & BIT (cell))
        gtk_snapshot_append_color (snapshot, &target, &ground);
      if (cell == self->hover && (self->targets & BIT (cell)))
        gtk_snapshot_append_color (snapshot, &hover, &ground);
      /* R6.3: a fog board covers the tile. */
      if (self->board.fog & BIT (cell))
        {
          gtk_snapshot_append_color (snapshot, &fog, &ground);
          draw_texture (snapshot, art (self, "fog", px, px), &ground);
        }
      gtk_snapshot_pop (snapshot);
      if (c->kind != ISLE_KIND_NONE)
        draw_token (self, snapshot, c, &box, px);
      if (cell == self->cursor && gtk_widget_has_focus (widget))
        {
          float w[4] = { 3, 3, 3, 3 };
          GdkRGBA colours[4] = { cursor, cursor, cursor, cursor };
          gtk_snapshot_append_border (snapshot, &round, w, colours);
        }
    }
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer user_data)
{
  IsleBoardView *self = user_data;
  int cell = cell_at (self, x, y);

  (void) gesture;
  (void) n_press;
  if (cell < 0)
    return;
  self->cursor = cell;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->targets & BIT (cell))
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, cell);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, gpointer user_data)
{
  IsleBoardView *self = user_data;
  int cell = cell_at (self, x, y);

  (void) motion;
  if (cell != self->hover)
    {
      self->hover = cell;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
        gpointer user_data)
{
  IsleBoardView *self = user_data;
  int c = isle_cell_column (self->cursor), r = isle_cell_row (self->cursor);

  (void) keys;
  (void) keycode;
  (void) state;
  switch (keyval)
    {
    case GDK_KEY_Left: c = MAX (0, c - 1); break;
    case GDK_KEY_Right: c = MIN (ISLE_BOARD_SIZE - 1, c + 1); break;
    case GDK_KEY_Up: r = MAX (0, r - 1); break;
    case GDK_KEY_Down: r = MIN (ISLE_BOARD_SIZE - 1, r + 1); break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (self->targets & BIT (self->cursor))
        g_signal_emit (self, signals[CELL_ACTIVATED], 0, self->cursor);
      return TRUE;
    default:
      return FALSE;
    }
  self->cursor = isle_cell (c, r);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
isle_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline,
                         int *natural_baseline)
{
  (void) widget;
  (void) orientation;
  (void) for_size;
  *minimum = 260;
  *natural = 560;
  *minimum_baseline = *natural_baseline = -1;
}

static void
isle_board_view_dispose (GObject *object)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (object);

  g_clear_pointer (&self->textures, g_hash_table_unref);
  G_OBJECT_CLASS (isle_board_view_parent_class)->dispose (object);
}

static void
isle_board_view_class_init (IsleBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_board_view_dispose;
  widget_class->snapshot = isle_board_view_snapshot;
  widget_class->measure = isle_board_view_measure;

  /* A tile that may be used now was clicked or chosen with the keyboard. */
  signals[CELL_ACTIVATED] = g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "isle-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

/* A missing picture is cached as NULL. */
static void
unref_texture (gpointer texture)
{
  if (texture != NULL)
    g_object_unref (texture);
}

static void
isle_board_view_init (IsleBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->textures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unref_texture);
  self->hover = -1;
  isle_board_clear (&self->board);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
isle_board_view_new (void)
{
  return g_object_new (ISLE_TYPE_BOARD_VIEW, NULL);
}

void
isle_board_view_set_board (IsleBoardView *self, const IsleBoard *board, int observer)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  self->board = *board;
  self->observer = observer;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_board_view_set_targets (IsleBoardView *self, uint64_t cells)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  self->targets = cells;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
