/* isle-board-view.c — the Island Map widget, drawn with GtkSnapshot so it
 * scales to any size and stays crisp at any scale factor. Tokens are drawn
 * as everywhere else in the app (isle-token-art.c).
 *
 * The map itself is drawn here; over each tile lies an IsleBoardTile child
 * that carries the tile's accessible name and keyboard focus (a roving
 * focus: only the cursor tile is focusable) and draws the focus ring.
 * Changes between two boards animate on the frame clock
 * (isle-board-animation.c); the marks over the tiles (highlight, hint,
 * last move, scored lines) are drawn in isle-board-marks.c. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-board-tile.h"
#include "isle-board-view-private.h"
#include "isle-words.h"

/* The island's frame around the tiles, in tiles: wide enough for the
 * coordinates when they show. */
#define FRAME_PLAIN 0.2f
#define FRAME_COORDINATES 0.42f

G_DEFINE_FINAL_TYPE (IsleBoardView, isle_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ANIMATE,
  PROP_SHOW_COORDINATES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- colours ------------------------------------------------------------ */

static void
palette_get (Palette *p)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (style);
  gboolean hc = adw_style_manager_get_high_contrast (style);

  if (!dark)
    {
      *p = (Palette) {
        .sea = { 0.55f, 0.77f, 0.82f, 1 },
        .sand = { 0.93f, 0.87f, 0.72f, 1 },
        .grass = { 0.72f, 0.83f, 0.55f, 1 },
        .fog = { 0.86f, 0.88f, 0.90f, 0.96f },
        .fog_art = 1,
        .target = { 1, 1, 1, 0.55f },
        .target_ring = { 1, 1, 1, 0.9f },
        .hover = { 1, 1, 1, 0.35f },
        .neutral = { 0.90f, 0.62f, 0.00f, 1 },
        .label = { 0.06f, 0.22f, 0.29f, 1 },
        .mark = { 0.16f, 0.14f, 0.20f, 0.92f },
        .mark_rim = { 1, 1, 1, 0.95f },
        .casing = { 1, 1, 1, 0.9f },
      };
    }
  else
    {
      /* Deep, low-saturation ground so the tokens stay the brightest
       * things on a dark screen. */
      *p = (Palette) {
        .sea = { 0.15f, 0.27f, 0.33f, 1 },
        .sand = { 0.40f, 0.36f, 0.29f, 1 },
        .grass = { 0.27f, 0.35f, 0.23f, 1 },
        .fog = { 0.33f, 0.36f, 0.40f, 0.97f },
        .fog_art = 0.3f,
        .target = { 1, 1, 1, 0.20f },
        .target_ring = { 1, 1, 1, 0.65f },
        .hover = { 1, 1, 1, 0.14f },
        .neutral = { 0.98f, 0.82f, 0.20f, 1 },
        .label = { 0.82f, 0.90f, 0.93f, 1 },
        .mark = { 0.98f, 0.97f, 0.93f, 1 },
        .mark_rim = { 0.08f, 0.08f, 0.10f, 0.9f },
        .casing = { 0.06f, 0.06f, 0.08f, 0.85f },
      };
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    isle_token_side_colour (side, dark, &p->side[side]);
  isle_token_style_get (&p->token);
  p->line = hc ? 1.6f : 1;
  if (hc)
    {
      p->target_ring = p->token.outline;
      p->target_ring.alpha = 1;
      p->label = p->token.outline;
      p->label.alpha = 1;
      p->mark = p->token.outline;
      p->mark.alpha = 1;
      p->mark_rim = dark ? (GdkRGBA) { 0, 0, 0, 1 } : (GdkRGBA) { 1, 1, 1, 1 };
      p->casing = p->mark_rim;
    }
}

/* ---- geometry ----------------------------------------------------------- */

/* The square the map takes in the widget, and one tile's size. */
static void
layout (IsleBoardView *self, float *x0, float *y0, float *tile)
{
  float w = gtk_widget_get_width (GTK_WIDGET (self));
  float h = gtk_widget_get_height (GTK_WIDGET (self));
  float side = MIN (w, h);

  float frame = self->show_coordinates ? FRAME_COORDINATES : FRAME_PLAIN;

  /* The frame and a little of the page around it. */
  *tile = side / (ISLE_BOARD_SIZE + 2 * (frame + 0.05f));
  *x0 = (w - *tile * ISLE_BOARD_SIZE) / 2;
  *y0 = (h - *tile * ISLE_BOARD_SIZE) / 2;
}

static int
cell_at (IsleBoardView *self, double x, double y)
{
  float x0, y0, tile;
  int c, r;

  layout (self, &x0, &y0, &tile);
  if (x < x0 || y < y0 || tile <= 0)
    return -1;
  c = (int) ((x - x0) / tile);
  r = (int) ((y - y0) / tile);
  if (c >= ISLE_BOARD_SIZE || r >= ISLE_BOARD_SIZE)
    return -1;
  return isle_cell (c, r);
}

static graphene_rect_t
tile_box (int cell, float x0, float y0, float tile)
{
  return GRAPHENE_RECT_INIT (x0 + isle_cell_column (cell) * tile,
                             y0 + isle_cell_row (cell) * tile, tile, tile);
}

/* ---- drawing ------------------------------------------------------------ */

/* The tiles that can be activated now. */
static uint64_t
active_cells (IsleBoardView *self)
{
  return self->editable ? ISLE_ALL_CELLS : self->targets;
}

/* A border WIDTH wide in COLOUR all round ROUND. */
void
isle_board_view_draw_border (GtkSnapshot *snapshot, const GskRoundedRect *round, float width,
                             const GdkRGBA *colour)
{
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  gtk_snapshot_append_border (snapshot, round, widths, colours);
}

/* The ground of a tile: the rounded square inside its box. */
void
isle_board_view_ground_of (const graphene_rect_t *box, GskRoundedRect *round)
{
  graphene_rect_t ground = *box;

  graphene_rect_inset (&ground, box->size.width * 0.03f, box->size.height * 0.03f);
  gsk_rounded_rect_init_from_rect (round, &ground, box->size.width * 0.16f);
}

/* R1, R3: the columns' letters above and below the map, the rows' numbers
 * left and right of it, in the frame; each is the tile name's own letter
 * or number (isle_cell_name()), so "c1" in the log is the tile under "c"
 * and beside "1". */
static void
draw_coordinates (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p,
                  float x0, float y0, float tile)
{
  float frame = tile * FRAME_COORDINATES;
  float end = tile * ISLE_BOARD_SIZE;
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoFontDescription *font = pango_font_description_copy (
    pango_context_get_font_description (pango_layout_get_context (layout)));

  pango_font_description_set_absolute_size (font, tile * 0.24 * PANGO_SCALE);
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (int i = 0; i < ISLE_BOARD_SIZE; i++)
    {
      char name[4];
      /* Two places for each label: [x, y] centres. */
      float at[2][2];

      for (int row = 0; row < 2; row++)
        {
          PangoRectangle ink, logical;
          const char *text;

          if (row == 0)
            {
              /* A column: its letter above and below. */
              isle_cell_name (isle_cell (i, 0), name);
              name[1] = '\0';
              text = name;
              at[0][0] = at[1][0] = x0 + (i + 0.5f) * tile;
              at[0][1] = y0 - frame / 2;
              at[1][1] = y0 + end + frame / 2;
            }
          else
            {
              /* A row: its number left and right. */
              isle_cell_name (isle_cell (0, i), name);
              text = name + 1;
              at[0][0] = x0 - frame / 2;
              at[1][0] = x0 + end + frame / 2;
              at[0][1] = at[1][1] = y0 + (i + 0.5f) * tile;
            }
          pango_layout_set_text (layout, text, -1);
          pango_layout_get_pixel_extents (layout, &ink, &logical);
          for (int k = 0; k < 2; k++)
            {
              /* Centred on the ink, so letters with and without
               * descenders sit alike. */
              graphene_point_t origin = GRAPHENE_POINT_INIT (
                at[k][0] - ink.x - ink.width / 2.0f, at[k][1] - ink.y - ink.height / 2.0f);

              gtk_snapshot_save (snapshot);
              gtk_snapshot_translate (snapshot, &origin);
              gtk_snapshot_append_layout (snapshot, layout, &p->label);
              gtk_snapshot_restore (snapshot);
            }
        }
    }
}

static void
draw_ground (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p, int cell,
             const graphene_rect_t *box, int px)
{
  GskRoundedRect round;
  float fog = (self->board.fog & BIT (cell)) ? 1 : 0;

  if (self->changed & BIT (cell))
    {
      float was = (self->before.fog & BIT (cell)) ? 1 : 0;

      fog = was + (fog - was) * isle_board_view_ease_out (isle_board_view_cell_time (self, cell));
    }
  isle_board_view_ground_of (box, &round);
  gtk_snapshot_push_rounded_clip (snapshot, &round);
  gtk_snapshot_append_color (snapshot, (cell + cell / ISLE_BOARD_SIZE) % 2 ? &p->sand : &p->grass,
                             &round.bounds);
  if (self->targets & BIT (cell))
    gtk_snapshot_append_color (snapshot, &p->target, &round.bounds);
  if (cell == self->hover && (active_cells (self) & BIT (cell)))
    gtk_snapshot_append_color (snapshot, &p->hover, &round.bounds);
  /* R6.3: a fog board covers the tile (lifting, it fades). */
  if (fog > 0.001f)
    {
      gtk_snapshot_push_opacity (snapshot, fog);
      gtk_snapshot_append_color (snapshot, &p->fog, &round.bounds);
      gtk_snapshot_push_opacity (snapshot, p->fog_art);
      {
        GdkTexture *fog_art = isle_art_texture ("fog", px, px);

        if (fog_art != NULL)
          gtk_snapshot_append_texture (snapshot, fog_art, &round.bounds);
      }
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_pop (snapshot);
    }
  gtk_snapshot_pop (snapshot);
  if (p->token.high_contrast)
    isle_board_view_draw_border (snapshot, &round, 1.5f, &p->token.outline);
  if (self->targets & BIT (cell))
    {
      GskRoundedRect ring = round;

      gsk_rounded_rect_shrink (&ring, 3, 3, 3, 3);
      isle_board_view_draw_border (snapshot, &ring, 2 * p->line, &p->target_ring);
    }
}

/* The tile a preview shows on: the target under the pointer, else the
 * focused target tile; -1 for none. */
static int
preview_cell (IsleBoardView *self)
{
  if (self->preview_kind == ISLE_KIND_NONE)
    return -1;
  if (self->hover >= 0 && (active_cells (self) & BIT (self->hover)))
    return self->hover;
  if (self->hover < 0 && (active_cells (self) & BIT (self->cursor))
      && gtk_widget_has_visible_focus (self->tiles[self->cursor]))
    return self->cursor;
  return -1;
}

/* Adds what GROUP drew to SNAPSHOT as one node (an empty one when it drew
 * nothing), and frees GROUP. Each tile's ground and token are a node of
 * their own at the same place in the board's list every time, so GTK
 * compares each tile with itself and repaints just the tiles a move
 * changed: in one flat list of hundreds of nodes, the many that come and go
 * at every move (legal tiles, tokens) make it give up comparing and repaint
 * the board and the side panel whole. */
static void
append_group (GtkSnapshot *snapshot, GtkSnapshot *group)
{
  GskRenderNode *node = gtk_snapshot_free_to_node (group);

  if (node == NULL)
    node = gsk_container_node_new (NULL, 0);
  gtk_snapshot_append_node (snapshot, node);
  gsk_render_node_unref (node);
}

static void
isle_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (widget);
  Palette p;
  float x0, y0, tile, frame;
  int scale = gtk_widget_get_scale_factor (widget);
  GskRoundedRect island;
  graphene_rect_t whole;
  int px, preview;

  palette_get (&p);
  layout (self, &x0, &y0, &tile);
  if (tile <= 1)
    return;
  px = MAX (8, (int) (tile * scale));
  frame = self->show_coordinates ? FRAME_COORDINATES : FRAME_PLAIN;
  whole = GRAPHENE_RECT_INIT (x0 - tile * frame, y0 - tile * frame,
                              tile * (ISLE_BOARD_SIZE + 2 * frame),
                              tile * (ISLE_BOARD_SIZE + 2 * frame));
  gsk_rounded_rect_init_from_rect (&island, &whole, tile * 0.5f);
  gtk_snapshot_push_rounded_clip (snapshot, &island);
  gtk_snapshot_append_color (snapshot, &p.sea, &whole);
  gtk_snapshot_pop (snapshot);
  if (p.token.high_contrast)
    isle_board_view_draw_border (snapshot, &island, 2, &p.token.outline);
  if (self->show_coordinates)
    {
      GtkSnapshot *group = gtk_snapshot_new ();

      draw_coordinates (self, group, &p, x0, y0, tile);
      append_group (snapshot, group);
    }

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      graphene_rect_t box = tile_box (cell, x0, y0, tile);
      GtkSnapshot *group = gtk_snapshot_new ();

      draw_ground (self, group, &p, cell, &box, px);
      append_group (snapshot, group);
    }
  {
    GtkSnapshot *group = gtk_snapshot_new ();

    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (self->highlight & BIT (cell))
        {
          graphene_rect_t box = tile_box (cell, x0, y0, tile);

          isle_board_view_draw_highlight (self, group, &p, &box);
        }
    append_group (snapshot, group);
  }
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      graphene_rect_t box = tile_box (cell, x0, y0, tile);
      GtkSnapshot *group = gtk_snapshot_new ();

      isle_board_view_draw_token (self, group, &p, cell, &box, px);
      append_group (snapshot, group);
    }
  {
    GtkSnapshot *group = gtk_snapshot_new ();

    isle_board_view_draw_lines (self, group, &p, x0, y0, tile);
    append_group (snapshot, group);
  }
  /* Above the lines, which may cross a tile's corner. */
  {
    GtkSnapshot *group = gtk_snapshot_new ();

    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (self->last_move & BIT (cell))
        {
          graphene_rect_t box = tile_box (cell, x0, y0, tile);

          isle_board_view_draw_last_move (group, &p, &box);
        }
    append_group (snapshot, group);
  }
  preview = preview_cell (self);
  if (preview >= 0)
    {
      graphene_rect_t box = tile_box (preview, x0, y0, tile);
      IsleSide side = self->preview_side == ISLE_SIDE_BLUE ? ISLE_SIDE_BLUE : ISLE_SIDE_RED;
      IsleCell c = {
        .kind = (uint8_t) self->preview_kind,
        .seat = (uint8_t) side,
        .colour = (uint8_t) isle_kind_start_colour (self->preview_kind, side),
      };

      isle_board_view_draw_token_faded (snapshot, &p, &c, &box, px, 0.55f, 0.92f);
    }
  if (self->hint >= 0)
    {
      graphene_rect_t box = tile_box (self->hint, x0, y0, tile);

      isle_board_view_draw_hint (self, snapshot, &p, &box);
    }
  /* The tiles draw the focus ring. */
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    gtk_widget_snapshot_child (widget, self->tiles[cell], snapshot);
}

/* ---- tiles and the cursor ----------------------------------------------- */

/* Names every tile for screen readers: the names given, else what is on
 * it, whether it is a target and whether the last move touched it. */
static void
update_tiles (IsleBoardView *self)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      IsleBoardTile *tile = ISLE_BOARD_TILE (self->tiles[cell]);
      gboolean playable = (self->targets & BIT (cell)) != 0;

      if (self->tile_names != NULL)
        isle_board_tile_set_label (tile, self->tile_names[cell]);
      else
        {
          g_autofree char *name = isle_words_tile_name (&self->board, cell,
                                                        playable ? ISLE_TILE_USE_PLAYABLE : ISLE_TILE_USE_NONE,
                                                        (self->last_move & BIT (cell)) != 0);

          isle_board_tile_set_label (tile, name);
        }
      isle_board_tile_set_playable (tile, playable);
    }
}

/* Makes CELL the cursor, the one tile in the Tab chain; GRAB moves the
 * keyboard focus there too. */
static void
move_cursor (IsleBoardView *self, int cell, gboolean grab)
{
  int old = self->cursor;

  g_assert (cell >= 0 && cell < ISLE_N_CELLS);
  self->cursor = cell;
  gtk_widget_set_focusable (self->tiles[cell], TRUE);
  if (grab)
    gtk_widget_grab_focus (self->tiles[cell]);
  if (old != cell)
    gtk_widget_set_focusable (self->tiles[old], FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
activate_cell (IsleBoardView *self, int cell)
{
  if (active_cells (self) & BIT (cell))
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, cell);
}

/* A tile's button was activated: by a screen reader's "click" (the
 * keyboard and the pointer are taken by the map itself). */
static void
on_tile_clicked (GtkButton *button, IsleBoardView *self)
{
  int cell = isle_board_tile_get_cell (ISLE_BOARD_TILE (button));

  move_cursor (self, cell, gtk_widget_has_focus (self->tiles[self->cursor]));
  activate_cell (self, cell);
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
  move_cursor (self, cell, TRUE);
  activate_cell (self, cell);
}

static void
set_hover (IsleBoardView *self, int cell)
{
  if (cell != self->hover)
    {
      self->hover = cell;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, gpointer user_data)
{
  IsleBoardView *self = user_data;

  (void) motion;
  set_hover (self, cell_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *motion, gpointer user_data)
{
  (void) motion;
  set_hover (user_data, -1);
}

static gboolean
on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
        gpointer user_data)
{
  IsleBoardView *self = user_data;
  int c = isle_cell_column (self->cursor), r = isle_cell_row (self->cursor);

  (void) keys;
  (void) keycode;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: c = MAX (0, c - 1); break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: c = MIN (ISLE_BOARD_SIZE - 1, c + 1); break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: r = MAX (0, r - 1); break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: r = MIN (ISLE_BOARD_SIZE - 1, r + 1); break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: c = 0; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: c = ISLE_BOARD_SIZE - 1; break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      activate_cell (self, self->cursor);
      return TRUE;
    default:
      return FALSE;
    }
  move_cursor (self, isle_cell (c, r), TRUE);
  return TRUE;
}

/* The preview may follow the focus into and out of the map. */
static void
on_focus_changed (IsleBoardView *self)
{
  if (self->preview_kind != ISLE_KIND_NONE)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_style_changed (IsleBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  gtk_widget_queue_draw (self->tiles[self->cursor]);
}

/* ---- GtkWidget ---------------------------------------------------------- */

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
isle_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (widget);
  float x0, y0, tile;

  (void) width;
  (void) height;
  (void) baseline;
  layout (self, &x0, &y0, &tile);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      int left = (int) floorf (x0 + isle_cell_column (cell) * tile);
      int top = (int) floorf (y0 + isle_cell_row (cell) * tile);
      int right = (int) floorf (x0 + (isle_cell_column (cell) + 1) * tile);
      int bottom = (int) floorf (y0 + (isle_cell_row (cell) + 1) * tile);
      int min;

      /* GTK wants every child measured before it is allocated. */
      gtk_widget_measure (self->tiles[cell], GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      gtk_widget_size_allocate (self->tiles[cell],
                                &(GtkAllocation) { left, top, MAX (0, right - left), MAX (0, bottom - top) },
                                -1);
    }
}

static gboolean
isle_board_view_grab_focus (GtkWidget *widget)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (widget);

  return gtk_widget_grab_focus (self->tiles[self->cursor]);
}

static void
isle_board_view_unmap (GtkWidget *widget)
{
  isle_board_view_stop_animations (ISLE_BOARD_VIEW (widget));
  GTK_WIDGET_CLASS (isle_board_view_parent_class)->unmap (widget);
}

/* ---- GObject ------------------------------------------------------------ */

static void
isle_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_board_view_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_ANIMATE:
      isle_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      isle_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_board_view_dispose (GObject *object)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    g_clear_pointer (&self->tiles[cell], gtk_widget_unparent);
  g_clear_pointer (&self->tile_names, g_strfreev);
  G_OBJECT_CLASS (isle_board_view_parent_class)->dispose (object);
}

static void
isle_board_view_class_init (IsleBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_board_view_get_property;
  object_class->set_property = isle_board_view_set_property;
  object_class->dispose = isle_board_view_dispose;
  widget_class->snapshot = isle_board_view_snapshot;
  widget_class->measure = isle_board_view_measure;
  widget_class->size_allocate = isle_board_view_size_allocate;
  widget_class->grab_focus = isle_board_view_grab_focus;
  widget_class->unmap = isle_board_view_unmap;

  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A tile that may be used now was clicked or chosen with the keyboard. */
  signals[CELL_ACTIVATED] = g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "isle-board");
  /* A grid of 36 buttons, each a tile (GTK gives no grid its rows). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
isle_board_view_init (IsleBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  AdwStyleManager *style = adw_style_manager_get_default ();

  self->hover = -1;
  self->hint = -1;
  self->hint_t = 1;
  self->highlight_side = -1;
  self->preview_kind = ISLE_KIND_NONE;
  self->animate = TRUE;
  self->show_coordinates = TRUE;
  isle_board_clear (&self->board);
  self->before = self->board;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      self->tiles[cell] = isle_board_tile_new (cell);
      gtk_widget_set_focusable (self->tiles[cell], cell == self->cursor);
      gtk_widget_set_parent (self->tiles[cell], GTK_WIDGET (self));
      g_signal_connect (self->tiles[cell], "clicked", G_CALLBACK (on_tile_clicked), self);
    }
  update_tiles (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Island Map"), -1);

  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), self);
  /* Before the tile's own button keys: Return plays at once, not after a
   * button's press-and-release delay. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect_object (style, "notify::dark", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (style, "notify::high-contrast", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
  /* The art is rendered off the main thread: draw again as it arrives. */
  isle_art_redraw_on_arrival (GTK_WIDGET (self));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

/* ---- public ------------------------------------------------------------- */

GtkWidget *
isle_board_view_new (void)
{
  return g_object_new (ISLE_TYPE_BOARD_VIEW, NULL);
}

void
isle_board_view_set_board (IsleBoardView *self, const IsleBoard *board, int observer)
{
  uint64_t changed = 0;

  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  g_return_if_fail (board != NULL);

  self->observer = observer;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (!isle_board_view_same_cell (&self->board.cells[cell], &board->cells[cell]))
      changed |= BIT (cell);
  changed |= (self->board.fog ^ board->fog) & ISLE_ALL_CELLS;
  if (changed == 0)
    return;

  isle_board_view_animate_change (self, board, changed);
  self->board = *board;
  update_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const IsleBoard *
isle_board_view_get_board (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), NULL);
  return &self->board;
}

int
isle_board_view_get_observer (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), 0);
  return self->observer;
}

void
isle_board_view_set_targets (IsleBoardView *self, uint64_t cells)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  cells &= ISLE_ALL_CELLS;
  if (cells == self->targets)
    return;
  self->targets = cells;
  update_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_board_view_set_editable (IsleBoardView *self, gboolean editable)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));

  self->editable = editable;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkWidget *
isle_board_view_get_tile (IsleBoardView *self, int cell)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < ISLE_N_CELLS, NULL);
  return self->tiles[cell];
}

void
isle_board_view_set_tile_names (IsleBoardView *self, const char *const *names)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  g_return_if_fail (names == NULL || g_strv_length ((char **) names) == ISLE_N_CELLS);
  g_strfreev (self->tile_names);
  self->tile_names = g_strdupv ((char **) names);
  update_tiles (self);
}

void
isle_board_view_set_preview (IsleBoardView *self, IsleKind kind, int colour_side)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  g_return_if_fail ((unsigned) kind < ISLE_N_KINDS);
  if (self->preview_kind == kind && self->preview_side == colour_side)
    return;
  self->preview_kind = kind;
  self->preview_side = colour_side;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_board_view_set_animate (IsleBoardView *self, gboolean animate)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  animate = !!animate;
  if (self->animate == animate)
    return;
  self->animate = animate;
  if (!animate)
    isle_board_view_stop_animations (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

gboolean
isle_board_view_get_animate (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), FALSE);
  return self->animate;
}

void
isle_board_view_set_show_coordinates (IsleBoardView *self, gboolean show)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  /* The frame widens or narrows: the tiles move. */
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

gboolean
isle_board_view_get_show_coordinates (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), FALSE);
  return self->show_coordinates;
}

void
isle_board_view_set_last_move (IsleBoardView *self, uint64_t cells)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  cells &= ISLE_ALL_CELLS;
  if (self->last_move == cells)
    return;
  self->last_move = cells;
  update_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

uint64_t
isle_board_view_get_last_move (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), 0);
  return self->last_move;
}
