/* isle-token-art.h — how a token looks, drawn the same everywhere: on the
 * Island Map, in the hand, in the choices of a decision and in the editor.
 *
 * The art is the project's own SVG (data/art), rendered with librsvg at the
 * size it is shown, off the main thread, and kept in one cache for the whole
 * app. IsleTokenIcon is a small
 * widget that shows one token (or a weather card) at its own size.
 */
#pragma once

#include <gtk/gtk.h>

#include "isle-board.h"

G_BEGIN_DECLS

/* The colours a token is drawn with in the current style. */
typedef struct
{
  GdkRGBA rim;                /* under a token's disc */
  GdkRGBA outline;            /* high contrast: edges */
  gboolean high_contrast;
} IsleTokenStyle;

/* The colour of SIDE (R2: 0 Red, 1 Blue) wherever a side is shown (its
 * tokens' rings on the map, the review's chart), for a dark style when
 * DARK: deep on light ground, brighter on dark. */
void         isle_token_side_colour     (int                    side,
                                         gboolean               dark,
                                         GdkRGBA               *out);

/* The style of the app now: light or dark, high contrast or not. */
void         isle_token_style_get       (IsleTokenStyle        *style);

/* The art NAME (a file of data/art without ".svg") as a texture of WIDTH ×
 * HEIGHT pixels, or NULL if there is no such art. Cached; main thread only.
 * The art is rendered off the main thread: until that size has arrived this
 * returns the same art at another size already rendered, or NULL, and a
 * widget drawing art must redraw on its arrival (see below). */
GdkTexture  *isle_art_texture           (const char            *name,
                                         int                    width,
                                         int                    height);
/* Queues a draw of WIDGET, for as long as it lives, whenever art asked for
 * by isle_art_texture() arrives. IsleTokenIcon does this itself. */
void         isle_art_redraw_on_arrival (GtkWidget             *widget);
/* How many renders asked for have not arrived yet. */
guint        isle_art_pending           (void);
/* The art name of KIND ("wolf", "prairie-dog"), or NULL. */
const char  *isle_art_kind_name         (IsleKind               kind);
/* The art name of a weather card ("weather-sunny"). */
const char  *isle_art_weather_name      (IsleWeather            weather);

/* Draws the token of C (kind, owner, colour, face down) filling TILE; PX is
 * TILE's size in device pixels, for the art's resolution. A token of kind
 * ISLE_KIND_UNKNOWN shows its back and owner's shield only (R6.4, R12). */
void         isle_token_snapshot        (GtkSnapshot           *snapshot,
                                         const IsleTokenStyle  *style,
                                         const IsleCell        *c,
                                         const graphene_rect_t *tile,
                                         int                    px);

#define ISLE_TYPE_TOKEN_ICON (isle_token_icon_get_type ())
G_DECLARE_FINAL_TYPE (IsleTokenIcon, isle_token_icon, ISLE, TOKEN_ICON, GtkWidget)

/* A token of KIND owned by SIDE, shown face up in its starting colour
 * (R2), SIZE logical pixels square. */
GtkWidget   *isle_token_icon_new        (IsleKind               kind,
                                         IsleSide               side,
                                         int                    size);
/* A weather card, SIZE logical pixels high. */
GtkWidget   *isle_token_icon_new_weather (IsleWeather           weather,
                                          int                   size);
/* An empty place where a token could be, SIZE logical pixels square. */
GtkWidget   *isle_token_icon_new_empty  (int                    size);
/* Shows C instead (a token as it lies on the map). */
void         isle_token_icon_set_cell   (IsleTokenIcon         *self,
                                         const IsleCell        *c);

/* A token's picture (ICON, taken) above its name TEXT and, when not NULL,
 * a smaller DETAIL (a key, a count): the face of a hand or choice button. */
GtkWidget   *isle_token_card_new        (GtkWidget             *icon,
                                         const char            *text,
                                         const char            *detail);

G_END_DECLS
