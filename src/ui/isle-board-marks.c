/* isle-board-marks.c — what the Island Map (IsleBoardView) draws over its
 * tiles and tokens: the round-end breakdown's highlight, the hint's dashed
 * ring, the last move's corner dot, and the scored lines (R7.5), drawn in
 * one after another once the tiles are still (isle-board-animation.c keeps
 * the time). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "isle-board-view-private.h"
#include "isle-cairo.h"

/* A new hint pulses this many times. */
#define HINT_PULSES 2

/* ---- drawing ------------------------------------------------------------ */

/* The last move's mark: a small dot in the tile's top-left corner, clear
 * of the token's disc and of the owner's shield, ringed so it shows on
 * sand, grass, fog and tokens alike; calm, unlike the hint's dashes, the
 * targets' white rings and a line's coloured outline. */
void
isle_board_view_draw_last_move (GtkSnapshot *snapshot, const Palette *p, const graphene_rect_t *box)
{
  float w = box->size.width;
  float r = MAX (4.5f, w * 0.1f);
  float rim = MAX (1.5f, w * 0.025f) * p->line;
  graphene_rect_t dot = GRAPHENE_RECT_INIT (box->origin.x + w * 0.13f - r,
                                            box->origin.y + w * 0.13f - r, 2 * r, 2 * r);
  GskRoundedRect round;

  gsk_rounded_rect_init_from_rect (&round, &dot, r);
  gtk_snapshot_push_rounded_clip (snapshot, &round);
  gtk_snapshot_append_color (snapshot, &p->mark, &dot);
  gtk_snapshot_pop (snapshot);
  isle_board_view_draw_border (snapshot, &round, rim, &p->mark_rim);
}

/* The centre of CELL's tile. */
static void
tile_centre (int cell, float x0, float y0, float tile, double *x, double *y)
{
  *x = x0 + (isle_cell_column (cell) + 0.5) * tile;
  *y = y0 + (isle_cell_row (cell) + 0.5) * tile;
}

/* How far line I is drawn, 0 → 1. */
static float
line_progress (IsleBoardView *self, int i)
{
  double t;

  if (i < self->lines_from)
    return 1;
  t = (double) (self->lines_elapsed - (gint64) (i - self->lines_from) * LINE_DURATION)
      / LINE_DURATION;
  return (float) CLAMP (t, 0, 1);
}

/* R7.5: each scored line as a stroke in its colour from the centre of its
 * first tile towards its last, over a casing that keeps it apart from the
 * tokens beneath; a line being drawn reaches as far as it has come. */
void
isle_board_view_draw_lines (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p,
                            float x0, float y0, float tile)
{
  graphene_rect_t area = GRAPHENE_RECT_INIT (x0, y0, tile * ISLE_BOARD_SIZE,
                                             tile * ISLE_BOARD_SIZE);
  cairo_t *cr = NULL;

  for (int i = 0; i < self->n_lines; i++)
    {
      const IsleLineScore *line = &self->lines[i];
      float e = isle_board_view_ease_in_out (line_progress (self, i));
      const GdkRGBA *colour = line->colour == ISLE_COLOUR_BLUE ? &p->side[ISLE_SIDE_BLUE]
                              : &p->side[ISLE_SIDE_RED];
      double ax, ay, bx, by;

      if (e <= 0 || line->length < 2)
        continue;
      if (cr == NULL)
        {
          cr = gtk_snapshot_append_cairo (snapshot, &area);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        }
      tile_centre (line->cells[0], x0, y0, tile, &ax, &ay);
      tile_centre (line->cells[line->length - 1], x0, y0, tile, &bx, &by);
      bx = ax + (bx - ax) * e;
      by = ay + (by - ay) * e;
      cairo_move_to (cr, ax, ay);
      cairo_line_to (cr, bx, by);
      cairo_set_line_width (cr, tile * 0.19 * p->line);
      gdk_cairo_set_source_rgba (cr, &p->casing);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, tile * 0.12 * p->line);
      gdk_cairo_set_source_rgba (cr, colour);
      cairo_stroke (cr);
    }
  if (cr != NULL)
    cairo_destroy (cr);
}

/* The round-end breakdown's line: a glow and an outline in the side's
 * colour around each tile. */
void
isle_board_view_draw_highlight (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p,
                                const graphene_rect_t *box)
{
  const GdkRGBA *colour = self->highlight_side == ISLE_SIDE_RED ? &p->side[ISLE_SIDE_RED]
                          : self->highlight_side == ISLE_SIDE_BLUE ? &p->side[ISLE_SIDE_BLUE]
                          : &p->neutral;
  GdkRGBA glow = *colour;
  GskRoundedRect round;
  float w = box->size.width;

  glow.alpha = 0.8f;
  isle_board_view_ground_of (box, &round);
  gtk_snapshot_append_outset_shadow (snapshot, &round, &glow, 0, 0, w * 0.04f, w * 0.16f);
  isle_board_view_draw_border (snapshot, &round, MAX (2, w * 0.05f) * p->line, colour);
}

/* The hint: a dashed ring of dark and light dashes, unlike any other mark;
 * it breathes for a moment when it appears. */
void
isle_board_view_draw_hint (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p,
                           const graphene_rect_t *box)
{
  float w = box->size.width;
  double pulse = self->hint_t < 1 ? sin (G_PI * HINT_PULSES * self->hint_t) : 0;
  float grow = (float) (fabs (pulse) * w * 0.04);
  float line = MAX (2.5f, w * 0.05f) * p->line;
  graphene_rect_t area = *box;
  double dash[2] = { w * 0.11, w * 0.07 };
  double x, y, s, r;
  cairo_t *cr;

  graphene_rect_inset (&area, -w * 0.1f, -w * 0.1f);
  cr = gtk_snapshot_append_cairo (snapshot, &area);
  s = w * 0.9 + 2 * grow;
  x = box->origin.x + (w - s) / 2;
  y = box->origin.y + (w - s) / 2;
  r = s * 0.18;
  isle_cairo_rounded_rect (cr, x, y, s, s, r);
  cairo_set_line_width (cr, line);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgba (cr, 0.14, 0.12, 0.17, 0.95);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* ---- public ------------------------------------------------------------- */

void
isle_board_view_set_highlight (IsleBoardView *self, uint64_t cells, int side)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  cells &= ISLE_ALL_CELLS;
  side = side == ISLE_SIDE_RED || side == ISLE_SIDE_BLUE ? side : -1;
  if (self->highlight == cells && self->highlight_side == side)
    return;
  self->highlight = cells;
  self->highlight_side = side;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
isle_board_view_set_hint (IsleBoardView *self, int cell)
{
  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  g_return_if_fail (cell >= -1 && cell < ISLE_N_CELLS);
  if (self->hint == cell)
    return;
  self->hint = cell;
  self->hint_start = 0;
  self->hint_t = 1;
  if (cell >= 0 && isle_board_view_animations_enabled (self))
    {
      self->hint_t = 0;
      isle_board_view_start_ticking (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
same_line (const IsleLineScore *a, const IsleLineScore *b)
{
  return a->colour == b->colour && a->length == b->length
         && memcmp (a->cells, b->cells, MIN (a->length, ISLE_BOARD_SIZE)) == 0;
}

void
isle_board_view_set_lines (IsleBoardView *self, const IsleLineScore *lines, int n_lines)
{
  int keep = 0;

  g_return_if_fail (ISLE_IS_BOARD_VIEW (self));
  g_return_if_fail (n_lines >= 0 && n_lines <= ISLE_MAX_SCORED_LINES);
  g_return_if_fail (n_lines == 0 || lines != NULL);

  /* The lines already shown that stay stay as they are drawn. */
  while (keep < n_lines && keep < self->n_lines && same_line (&lines[keep], &self->lines[keep]))
    keep++;
  if (keep == n_lines && n_lines == self->n_lines)
    return;
  for (int i = 0; i < n_lines; i++)
    {
      self->lines[i] = lines[i];
      self->lines[i].length = MIN (self->lines[i].length, ISLE_BOARD_SIZE);
    }
  /* New lines follow those still being drawn; after lines drawn whole
   * (or ones taken away) they start anew. */
  if (self->lines_from >= self->n_lines || keep < self->lines_from)
    {
      self->lines_from = keep;
      self->lines_elapsed = 0;
      self->lines_last = 0;
    }
  self->n_lines = n_lines;
  if (!isle_board_view_animations_enabled (self))
    self->lines_from = n_lines;
  else if (self->lines_from < n_lines)
    isle_board_view_start_ticking (self);
  self->lines_from = MIN (self->lines_from, n_lines);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
isle_board_view_get_n_lines_drawn (IsleBoardView *self)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), 0);
  if (self->lines_from >= self->n_lines)
    return self->n_lines;
  return MIN (self->n_lines,
              self->lines_from + (int) (self->lines_elapsed / LINE_DURATION));
}

uint64_t
isle_board_view_get_highlight (IsleBoardView *self, int *side)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), 0);
  if (side != NULL)
    *side = self->highlight_side;
  return self->highlight;
}
