/* isle-board-view-private.h — what the files of IsleBoardView share: the
 * widget (isle-board-view.c: size, input, the tiles' ground and the
 * snapshot), its animations (isle-board-animation.c: tiles changing, the
 * frame clock) and its marks (isle-board-marks.c: highlight, hint, last
 * move and the scored lines drawn in). */
#pragma once

#include <gtk/gtk.h>

#include "isle-board-view.h"
#include "isle-token-art.h"

G_BEGIN_DECLS

#define BIT(cell) (UINT64_C (1) << (cell))

/* A scored line is drawn from its first tile to its last this long. */
#define LINE_DURATION (300 * G_TIME_SPAN_MILLISECOND)

struct _IsleBoardView
{
  GtkWidget parent_instance;
  IsleBoard board;
  int observer;
  uint64_t targets;
  gboolean editable;          /* every tile may be activated, none is marked */
  int hover;                  /* tile under the pointer, or -1 */
  int cursor;                 /* keyboard tile cursor: the focusable tile */
  GtkWidget *tiles[ISLE_N_CELLS];
  char **tile_names;          /* the names given, or NULL: the view's own */

  IsleKind preview_kind;      /* ISLE_KIND_NONE: no preview */
  int preview_side;
  uint64_t highlight;
  int highlight_side;         /* IsleSide, or -1: neutral */
  int hint;                   /* -1: none */

  gboolean show_coordinates;
  uint64_t last_move;
  IsleLineScore lines[ISLE_MAX_SCORED_LINES];
  int n_lines;

  gboolean animate;           /* the app's preference */
  IsleBoard before;           /* what the changed tiles showed */
  uint64_t changed;           /* tiles animating from BEFORE to BOARD */
  guint8 anim[ISLE_N_CELLS];  /* IsleBoardAnimation of each changed tile */
  gint64 delay[ISLE_N_CELLS]; /* when after the start each one begins (µs) */
  gint64 change_end;          /* when the last one ends (µs) */
  gint64 change_start;        /* frame time; 0 until the first frame */
  gint64 change_elapsed;      /* µs since the first frame */
  int lines_from;             /* the lines before this one are drawn whole */
  gint64 lines_elapsed;       /* µs spent drawing the lines from LINES_FROM */
  gint64 lines_last;          /* frame time of the last tick drawing them; 0 */
  gint64 hint_start;          /* frame time; 0 until the first frame */
  double hint_t;              /* 0 → 1; 1 when the pulse is over */
  guint tick_id;
};

/* The map's colours in one style (light or dark, high contrast or not). */
typedef struct
{
  GdkRGBA sea, sand, grass, fog;
  float fog_art;              /* how strongly the fog board's clouds show */
  GdkRGBA target, target_ring, hover;
  GdkRGBA side[ISLE_N_SIDES], neutral;
  GdkRGBA label;              /* the coordinates on the frame */
  GdkRGBA mark, mark_rim;     /* the last move's corner dot */
  GdkRGBA casing;             /* under a scored line's stroke */
  float line;                 /* outline width multiplier */
  IsleTokenStyle token;       /* rim, outline (high contrast: tile edges too) */
} Palette;

/* isle-board-view.c: a border all round; a tile's ground inside its box. */
void isle_board_view_draw_border (GtkSnapshot          *snapshot,
                                  const GskRoundedRect *round,
                                  float                 width,
                                  const GdkRGBA        *colour);
void isle_board_view_ground_of   (const graphene_rect_t *box,
                                  GskRoundedRect        *round);

/* isle-board-animation.c: a token drawn faded and grown (also the
 * preview); whether two cells look alike; how far CELL's change is (0 → 1)
 * and the easings; a tile's token as it animates; the frame clock, which
 * also draws the lines in and pulses the hint; a change of board begun. */
void     isle_board_view_draw_token_faded  (GtkSnapshot           *snapshot,
                                            const Palette         *p,
                                            const IsleCell        *c,
                                            const graphene_rect_t *box,
                                            int                    px,
                                            float                  opacity,
                                            float                  scale);
gboolean isle_board_view_same_cell         (const IsleCell *a,
                                            const IsleCell *b);
float    isle_board_view_cell_time         (IsleBoardView *self,
                                            int            cell);
float    isle_board_view_ease_out          (float t);
float    isle_board_view_ease_in_out       (float t);
void     isle_board_view_draw_token        (IsleBoardView         *self,
                                            GtkSnapshot           *snapshot,
                                            const Palette         *p,
                                            int                    cell,
                                            const graphene_rect_t *box,
                                            int                    px);
gboolean isle_board_view_animations_enabled (IsleBoardView *self);
void     isle_board_view_start_ticking     (IsleBoardView *self);
void     isle_board_view_stop_animations   (IsleBoardView *self);
void     isle_board_view_animate_change    (IsleBoardView   *self,
                                            const IsleBoard *board,
                                            uint64_t         changed);

/* isle-board-marks.c: the marks over the tokens. */
void isle_board_view_draw_last_move (GtkSnapshot           *snapshot,
                                     const Palette         *p,
                                     const graphene_rect_t *box);
void isle_board_view_draw_lines     (IsleBoardView *self,
                                     GtkSnapshot   *snapshot,
                                     const Palette *p,
                                     float          x0,
                                     float          y0,
                                     float          tile);
void isle_board_view_draw_highlight (IsleBoardView         *self,
                                     GtkSnapshot           *snapshot,
                                     const Palette         *p,
                                     const graphene_rect_t *box);
void isle_board_view_draw_hint      (IsleBoardView         *self,
                                     GtkSnapshot           *snapshot,
                                     const Palette         *p,
                                     const graphene_rect_t *box);

G_END_DECLS
