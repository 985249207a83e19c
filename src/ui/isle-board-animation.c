/* isle-board-animation.c — how the Island Map moves (IsleBoardView): a
 * change between two boards played on the frame clock — a token put down
 * drops in and pulses, a face-down token turned up flips, anything else
 * fades — and the clock that also draws the scored lines in and pulses the
 * hint (isle-board-marks.c). The animation only interpolates what is
 * drawn, so its end is the board itself. */
#include "config.h"

#include <math.h>

#include "isle-board-view-private.h"

/* A change animates this long (µs); a new hint pulses this long. */
#define CHANGE_DURATION (220 * G_TIME_SPAN_MILLISECOND)
#define HINT_DURATION (1600 * G_TIME_SPAN_MILLISECOND)
/* A placed token drops in and pulses for long enough that the eye follows
 * a computer's move; a turned-up token flips, the tiles one after another
 * by FLIP_STAGGER, the last starting at most FLIP_SPREAD after the first. */
#define PLACE_DURATION (600 * G_TIME_SPAN_MILLISECOND)
#define FLIP_DURATION (400 * G_TIME_SPAN_MILLISECOND)
#define FLIP_STAGGER (40 * G_TIME_SPAN_MILLISECOND)
#define FLIP_SPREAD (600 * G_TIME_SPAN_MILLISECOND)

/* ---- drawing a change --------------------------------------------------- */

/* Draws C in BOX at OPACITY, grown from SCALE of its size about its centre. */
void
isle_board_view_draw_token_faded (GtkSnapshot *snapshot, const Palette *p,
                                  const IsleCell *c, const graphene_rect_t *box, int px,
                                  float opacity, float scale)
{
  graphene_point_t centre;

  if (opacity <= 0.001f)
    return;
  graphene_rect_get_center (box, &centre);
  gtk_snapshot_push_opacity (snapshot, MIN (opacity, 1));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &centre);
  gtk_snapshot_scale (snapshot, scale, scale);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-centre.x, -centre.y));
  isle_token_snapshot (snapshot, &p->token, c, box, px);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

gboolean
isle_board_view_same_cell (const IsleCell *a, const IsleCell *b)
{
  return a->kind == b->kind && a->seat == b->seat && a->colour == b->colour
         && a->flags == b->flags;
}

static gint64
animation_duration (IsleBoardAnimation anim)
{
  switch (anim)
    {
    case ISLE_BOARD_ANIMATION_PLACE: return PLACE_DURATION;
    case ISLE_BOARD_ANIMATION_FLIP: return FLIP_DURATION;
    case ISLE_BOARD_ANIMATION_CHANGE:
    case ISLE_BOARD_ANIMATION_NONE:
    default: return CHANGE_DURATION;
    }
}

/* How far along CELL's change is, 0 → 1 in time (1 when it does not
 * change). */
float
isle_board_view_cell_time (IsleBoardView *self, int cell)
{
  double t;

  if (!(self->changed & BIT (cell)))
    return 1;
  t = (double) (self->change_elapsed - self->delay[cell])
      / animation_duration ((IsleBoardAnimation) self->anim[cell]);
  return (float) CLAMP (t, 0, 1);
}

/* Eased out: fast start, gentle landing. */
float
isle_board_view_ease_out (float t)
{
  return 1 - (1 - t) * (1 - t) * (1 - t);
}

float
isle_board_view_ease_in_out (float t)
{
  return t < 0.5f ? 4 * t * t * t : 1 - powf (-2 * t + 2, 3) / 2;
}

/* How a tile that showed WAS and shows NOW animates. */
static IsleBoardAnimation
animation_of (const IsleCell *was, const IsleCell *now)
{
  gboolean was_down = was->kind == ISLE_KIND_UNKNOWN
                      || (was->kind != ISLE_KIND_NONE && (was->flags & ISLE_CELL_FACE_DOWN));
  gboolean now_up = now->kind != ISLE_KIND_NONE && now->kind != ISLE_KIND_UNKNOWN
                    && !(now->flags & ISLE_CELL_FACE_DOWN);

  if (isle_board_view_same_cell (was, now))
    return ISLE_BOARD_ANIMATION_CHANGE;   /* fog only */
  /* R6.4, R7: a face-down token turned up at the round's end. */
  if (was_down && now_up && was->seat == now->seat)
    return ISLE_BOARD_ANIMATION_FLIP;
  /* A token put down, or put in another's place (R8.1 and the like). */
  if (now->kind != ISLE_KIND_NONE && (was->kind != now->kind || was->seat != now->seat))
    return ISLE_BOARD_ANIMATION_PLACE;
  return ISLE_BOARD_ANIMATION_CHANGE;
}

/* Draws C in BOX squeezed to SX of its width about its centre (a token
 * seen edge-on as it turns over), lifted a little by LIFT. */
static void
draw_token_turning (GtkSnapshot *snapshot, const Palette *p, const IsleCell *c,
                    const graphene_rect_t *box, int px, float sx, float lift)
{
  graphene_point_t centre = GRAPHENE_POINT_INIT (box->origin.x + box->size.width / 2,
                                                 box->origin.y + box->size.height / 2);
  graphene_point_t back = GRAPHENE_POINT_INIT (-centre.x, -centre.y);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &centre);
  gtk_snapshot_scale (snapshot, MAX (sx, 0.02f) * (1 + lift), 1 + lift);
  gtk_snapshot_translate (snapshot, &back);
  isle_token_snapshot (snapshot, &p->token, c, box, px);
  gtk_snapshot_restore (snapshot);
}

/* A placed token: it drops onto the tile from a little above (grown, and
 * fading in), then a ring in its owner's colour spreads from it once. */
static void
draw_token_placed (GtkSnapshot *snapshot, const Palette *p, const IsleCell *was,
                   const IsleCell *now, const graphene_rect_t *box, int px, float t)
{
  float drop = MIN (1, t / 0.4f);
  float e = isle_board_view_ease_out (drop);

  if (was->kind != ISLE_KIND_NONE && drop < 1)
    isle_board_view_draw_token_faded (snapshot, p, was, box, px, 1 - drop, 1);
  isle_board_view_draw_token_faded (snapshot, p, now, box, px, MIN (1, drop * 2),
                                    1.35f - 0.35f * e);
  if (t > 0.35f)
    {
      float u = (t - 0.35f) / 0.65f;
      float w = box->size.width;
      float r = w * (0.40f + 0.22f * isle_board_view_ease_out (u));
      graphene_rect_t ring = GRAPHENE_RECT_INIT (box->origin.x + w / 2 - r,
                                                 box->origin.y + w / 2 - r, 2 * r, 2 * r);
      GskRoundedRect round;
      GdkRGBA colour = p->side[isle_seat_side (now->seat)];

      colour.alpha = 0.9f * (1 - u);
      gsk_rounded_rect_init_from_rect (&round, &ring, r);
      isle_board_view_draw_border (snapshot, &round, MAX (1.5f, w * 0.06f * (1 - u)), &colour);
    }
}

/* The tile's token, or during a change: a token flipping over, one being
 * placed, or the old one fading out and the new one fading in. */
void
isle_board_view_draw_token (IsleBoardView *self, GtkSnapshot *snapshot, const Palette *p, int cell,
                            const graphene_rect_t *box, int px)
{
  const IsleCell *now = &self->board.cells[cell];
  const IsleCell *was = &self->before.cells[cell];
  float t = isle_board_view_cell_time (self, cell);

  if (t < 1 && !isle_board_view_same_cell (was, now))
    {
      float e = isle_board_view_ease_out (t);
      gboolean turned = was->kind == now->kind && was->seat == now->seat;

      switch ((IsleBoardAnimation) self->anim[cell])
        {
        case ISLE_BOARD_ANIMATION_FLIP:
          {
            float f = isle_board_view_ease_in_out (t);
            float lift = 0.08f * sinf ((float) G_PI * f);

            /* The back until it stands edge-on, then the face. */
            if (f < 0.5f)
              draw_token_turning (snapshot, p, was, box, px, cosf ((float) G_PI * f), lift);
            else
              draw_token_turning (snapshot, p, now, box, px, -cosf ((float) G_PI * f), lift);
          }
          return;
        case ISLE_BOARD_ANIMATION_PLACE:
          draw_token_placed (snapshot, p, was, now, box, px, t);
          return;
        case ISLE_BOARD_ANIMATION_CHANGE:
        case ISLE_BOARD_ANIMATION_NONE:
        default:
          if (was->kind != ISLE_KIND_NONE)
            isle_board_view_draw_token_faded (snapshot, p, was, box, px, 1 - e, 1);
          if (now->kind != ISLE_KIND_NONE)
            isle_board_view_draw_token_faded (snapshot, p, now, box, px, e,
                                              turned ? 1 : 0.6f + 0.4f * e);
          return;
        }
    }
  if (now->kind != ISLE_KIND_NONE)
    isle_token_snapshot (snapshot, &p->token, now, box, px);
}

/* ---- the frame clock ---------------------------------------------------- */

gboolean
isle_board_view_animations_enabled (IsleBoardView *self)
{
  gboolean enabled = TRUE;

  if (!self->animate || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  IsleBoardView *self = ISLE_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  gboolean more = FALSE;

  (void) user_data;
  if (self->changed)
    {
      if (self->change_start == 0)
        self->change_start = now;
      self->change_elapsed = now - self->change_start;
      if (self->change_elapsed >= self->change_end)
        self->changed = 0;
      else
        more = TRUE;
    }
  /* New lines are drawn once the tiles are still (at a round's end, once
   * every token is turned up), one after another. */
  if (self->lines_from < self->n_lines)
    {
      if (self->changed == 0)
        {
          if (self->lines_last != 0)
            self->lines_elapsed += now - self->lines_last;
          self->lines_last = now;
          if (self->lines_elapsed >= (gint64) (self->n_lines - self->lines_from) * LINE_DURATION)
            self->lines_from = self->n_lines;
          else
            more = TRUE;
        }
      else
        {
          self->lines_last = 0;
          more = TRUE;
        }
    }
  if (self->hint >= 0 && self->hint_t < 1)
    {
      if (self->hint_start == 0)
        self->hint_start = now;
      self->hint_t = MIN (1, (double) (now - self->hint_start) / HINT_DURATION);
      more = more || self->hint_t < 1;
    }
  gtk_widget_queue_draw (widget);
  if (more)
    return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

void
isle_board_view_start_ticking (IsleBoardView *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
}

/* Jumps every animation to its end. */
void
isle_board_view_stop_animations (IsleBoardView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->changed = 0;
  self->lines_from = self->n_lines;
  self->hint_t = 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Starts animating the tiles in CHANGED from the board shown to BOARD
 * (which the caller shows next), or, when animations are off, shows it at
 * once. */
void
isle_board_view_animate_change (IsleBoardView *self, const IsleBoard *board, uint64_t changed)
{
  int n_flips = 0, flip = 0;
  gint64 stagger;

  if (!isle_board_view_animations_enabled (self))
    {
      self->changed = 0;
      return;
    }
  /* A change during a change starts from the board it was heading to. */
  self->before = self->board;
  self->changed = changed;
  self->change_start = 0;
  self->change_elapsed = 0;
  self->change_end = 0;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (changed & BIT (cell))
      {
        self->anim[cell] = animation_of (&self->before.cells[cell], &board->cells[cell]);
        n_flips += self->anim[cell] == ISLE_BOARD_ANIMATION_FLIP;
      }
  /* Tokens turn up one after another, in reading order. */
  stagger = n_flips > 1 ? MIN (FLIP_STAGGER, FLIP_SPREAD / (n_flips - 1)) : 0;
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (changed & BIT (cell))
      {
        self->delay[cell] = self->anim[cell] == ISLE_BOARD_ANIMATION_FLIP ? flip++ * stagger : 0;
        self->change_end = MAX (self->change_end,
                                self->delay[cell]
                                + animation_duration ((IsleBoardAnimation) self->anim[cell]));
      }
  isle_board_view_start_ticking (self);
}

/* ---- public ------------------------------------------------------------- */

IsleBoardAnimation
isle_board_view_get_animation (IsleBoardView *self, int cell)
{
  g_return_val_if_fail (ISLE_IS_BOARD_VIEW (self), ISLE_BOARD_ANIMATION_NONE);
  g_return_val_if_fail (cell >= 0 && cell < ISLE_N_CELLS, ISLE_BOARD_ANIMATION_NONE);
  if (!(self->changed & BIT (cell)))
    return ISLE_BOARD_ANIMATION_NONE;
  return (IsleBoardAnimation) self->anim[cell];
}
