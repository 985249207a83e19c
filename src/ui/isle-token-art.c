/* isle-token-art.c — a token drawn the same on the map, in the hand, in
 * choices and in the editor; the art cache; IsleTokenIcon. */
#include "config.h"

#include <adwaita.h>

#include "isle-token-art.h"

#define ART "/io/github/critterisle/CritterIsle/art/"
/* Sizes come and go as windows are resized: past this many textures the
 * cache starts again rather than keep every size ever drawn. */
#define CACHE_MAX 256

/* ---- art ---------------------------------------------------------------- */

/* A missing picture is cached as NULL. */
static void
unref_texture (gpointer texture)
{
  if (texture != NULL)
    g_object_unref (texture);
}

GdkTexture *
isle_art_texture (const char *name, int width, int height)
{
  static GHashTable *cache;
  g_autofree char *key = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GdkPixbuf) pixbuf = NULL;
  GdkTexture *texture;

  if (name == NULL || width <= 0 || height <= 0)
    return NULL;
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unref_texture);
  key = g_strdup_printf ("%s@%dx%d", name, width, height);
  if (g_hash_table_lookup_extended (cache, key, NULL, (gpointer *) &texture))
    return texture;
  if (g_hash_table_size (cache) >= CACHE_MAX)
    g_hash_table_remove_all (cache);
  path = g_strconcat (ART, name, ".svg", NULL);
  pixbuf = gdk_pixbuf_new_from_resource_at_scale (path, width, height, TRUE, NULL);
  texture = pixbuf ? gdk_texture_new_for_pixbuf (pixbuf) : NULL;
  g_hash_table_insert (cache, g_steal_pointer (&key), texture);
  return texture;
}

const char *
isle_art_kind_name (IsleKind kind)
{
  static const char *const names[ISLE_N_KINDS] = {
    NULL, "wolf", "pig", "rat", "rabbit", "fox", "turtle", "cat", "mouses",
    "snake", "frog", "chameleon", "crow", "mole", "prairie-dog", "hippo",
  };

  return (unsigned) kind < ISLE_N_KINDS ? names[kind] : NULL;
}

const char *
isle_art_weather_name (IsleWeather weather)
{
  static const char *const names[ISLE_N_WEATHER] = {
    "weather-sunny", "weather-cloudy", "weather-foggy",
  };

  return (unsigned) weather < ISLE_N_WEATHER ? names[weather] : NULL;
}

/* ---- drawing ------------------------------------------------------------ */

void
isle_token_style_get (IsleTokenStyle *style)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);

  style->high_contrast = adw_style_manager_get_high_contrast (manager);
  style->rim = (GdkRGBA) { 0, 0, 0, style->high_contrast ? 0.75f : dark ? 0.45f : 0.25f };
  style->outline = dark ? (GdkRGBA) { 0.96f, 0.96f, 0.94f, 0.9f }
                        : (GdkRGBA) { 0.14f, 0.12f, 0.17f, 0.85f };
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

void
isle_token_snapshot (GtkSnapshot *snapshot, const IsleTokenStyle *style, const IsleCell *c,
                     const graphene_rect_t *tile, int px)
{
  static const GdkRGBA red = { 0.88f, 0.11f, 0.14f, 1 };
  static const GdkRGBA blue = { 0.11f, 0.44f, 0.85f, 1 };
  static const GdkRGBA white = { 0.96f, 0.96f, 0.95f, 1 };
  float pad = tile->size.width * 0.08f;
  graphene_rect_t disc = GRAPHENE_RECT_INIT (tile->origin.x + pad, tile->origin.y + pad,
                                             tile->size.width - 2 * pad,
                                             tile->size.height - 2 * pad);
  graphene_rect_t inner = disc;
  gboolean hidden = c->kind == ISLE_KIND_UNKNOWN;
  const GdkRGBA *face = c->colour == ISLE_COLOUR_RED ? &red
                        : c->colour == ISLE_COLOUR_BLUE ? &blue : &white;
  IsleSide owner = isle_seat_side (c->seat);

  fill_circle (snapshot, &disc, &style->rim);
  graphene_rect_inset (&inner, disc.size.width * 0.04f, disc.size.height * 0.04f);
  if (hidden)
    {
      /* R6.4: only the back and the owner's shield show. */
      draw_texture (snapshot, isle_art_texture ("back", px, px), &inner);
    }
  else if (c->flags & ISLE_CELL_FACE_DOWN)
    {
      /* The observer's own face-down token, remembered (R12): its back,
       * as everyone sees it, with the face it hides in a window at its
       * middle, at full strength so it reads in dark style and high
       * contrast alike (a veil over the face washed it out). */
      graphene_rect_t window = inner, figure;

      draw_texture (snapshot, isle_art_texture ("back", px, px), &inner);
      graphene_rect_inset (&window, inner.size.width * 0.17f, inner.size.height * 0.17f);
      fill_circle (snapshot, &window, &style->rim);
      graphene_rect_inset (&window, window.size.width * 0.05f, window.size.height * 0.05f);
      fill_circle (snapshot, &window, face);
      figure = window;
      graphene_rect_inset (&figure, window.size.width * 0.1f, window.size.height * 0.1f);
      draw_texture (snapshot, isle_art_texture (isle_art_kind_name ((IsleKind) c->kind), px, px),
                    &figure);
    }
  else
    {
      graphene_rect_t figure = inner;

      fill_circle (snapshot, &inner, face);
      graphene_rect_inset (&figure, inner.size.width * 0.12f, inner.size.height * 0.12f);
      draw_texture (snapshot, isle_art_texture (isle_art_kind_name ((IsleKind) c->kind), px, px),
                    &figure);
    }
  if (style->high_contrast)
    {
      GskRoundedRect round;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colours[4] = { style->outline, style->outline, style->outline, style->outline };

      gsk_rounded_rect_init_from_rect (&round, &disc, disc.size.width / 2);
      gtk_snapshot_append_border (snapshot, &round, widths, colours);
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

/* ---- IsleTokenIcon ------------------------------------------------------ */

struct _IsleTokenIcon
{
  GtkWidget parent_instance;
  IsleCell cell;              /* kind ISLE_KIND_NONE: a weather card */
  int weather;
  int size;
};

G_DEFINE_FINAL_TYPE (IsleTokenIcon, isle_token_icon, GTK_TYPE_WIDGET)

static void
isle_token_icon_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  IsleTokenIcon *self = ISLE_TOKEN_ICON (widget);
  gboolean card = self->cell.kind == ISLE_KIND_NONE && self->weather >= 0;

  (void) for_size;
  /* A weather card is 3:4, SIZE high. */
  *minimum = *natural = card && orientation == GTK_ORIENTATION_HORIZONTAL ? self->size * 3 / 4
                                                                          : self->size;
  *minimum_baseline = *natural_baseline = -1;
}

static void
isle_token_icon_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  IsleTokenIcon *self = ISLE_TOKEN_ICON (widget);
  float w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);

  if (self->cell.kind == ISLE_KIND_NONE && self->weather < 0)
    {
      /* An empty place for a token: a faint disc. */
      float side = MIN (w, h) * 0.84f;
      graphene_rect_t disc = GRAPHENE_RECT_INIT ((w - side) / 2, (h - side) / 2, side, side);
      IsleTokenStyle style;
      GdkRGBA faint;

      isle_token_style_get (&style);
      faint = style.rim;
      faint.alpha *= 0.5f;
      fill_circle (snapshot, &disc, &faint);
    }
  else if (self->cell.kind == ISLE_KIND_NONE)
    {
      float ch = MIN (h, w * 4 / 3), cw = ch * 3 / 4;
      graphene_rect_t card = GRAPHENE_RECT_INIT ((w - cw) / 2, (h - ch) / 2, cw, ch);
      GdkTexture *texture = isle_art_texture (isle_art_weather_name ((IsleWeather) self->weather),
                                              (int) (cw * scale), (int) (ch * scale));

      draw_texture (snapshot, texture, &card);
    }
  else
    {
      float side = MIN (w, h);
      graphene_rect_t tile = GRAPHENE_RECT_INIT ((w - side) / 2, (h - side) / 2, side, side);
      IsleTokenStyle style;

      isle_token_style_get (&style);
      isle_token_snapshot (snapshot, &style, &self->cell, &tile, MAX (8, (int) (side * scale)));
    }
}

static void
on_style_changed (IsleTokenIcon *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
isle_token_icon_class_init (IsleTokenIconClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = isle_token_icon_measure;
  widget_class->snapshot = isle_token_icon_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
isle_token_icon_init (IsleTokenIcon *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  self->size = 32;
  g_signal_connect_object (manager, "notify::dark", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "notify::high-contrast", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
isle_token_icon_new (IsleKind kind, IsleSide side, int size)
{
  IsleTokenIcon *self = g_object_new (ISLE_TYPE_TOKEN_ICON, NULL);

  self->cell = (IsleCell) {
    .kind = (uint8_t) kind,
    .seat = (uint8_t) side,
    .colour = (uint8_t) isle_kind_start_colour (kind, side),
  };
  self->size = size;
  return GTK_WIDGET (self);
}

GtkWidget *
isle_token_icon_new_weather (IsleWeather weather, int size)
{
  IsleTokenIcon *self = g_object_new (ISLE_TYPE_TOKEN_ICON, NULL);

  self->cell.kind = ISLE_KIND_NONE;
  self->weather = (int) weather;
  self->size = size;
  return GTK_WIDGET (self);
}

GtkWidget *
isle_token_icon_new_empty (int size)
{
  IsleTokenIcon *self = g_object_new (ISLE_TYPE_TOKEN_ICON, NULL);

  self->cell.kind = ISLE_KIND_NONE;
  self->weather = -1;
  self->size = size;
  return GTK_WIDGET (self);
}

void
isle_token_icon_set_cell (IsleTokenIcon *self, const IsleCell *c)
{
  g_return_if_fail (ISLE_IS_TOKEN_ICON (self));
  g_return_if_fail (c != NULL);

  self->cell = *c;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A token's picture above a line or two of text, for a button. */
GtkWidget *
isle_token_card_new (GtkWidget *icon, const char *text, const char *detail)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_halign (icon, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
  gtk_widget_add_css_class (label, "token-name");
  /* Keys in one row below names of one line or two: the name takes what
   * height the card has to spare, the card asks for none. */
  gtk_widget_set_vexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_set_vexpand (box, FALSE);
  /* A name too long for its place (Chameleon, in a hand of five) breaks,
   * hyphenated, over two lines rather than being cut. (Not wrapped and
   * ellipsized both: GTK 4.8 then measures a name narrower than "…", such
   * as an empty place's, wrongly, and warns.) */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  if (detail != NULL)
    {
      GtkWidget *small = gtk_label_new (detail);

      gtk_widget_add_css_class (small, "caption");
      gtk_widget_add_css_class (small, "dim-label");
      gtk_box_append (GTK_BOX (box), small);
    }
  return box;
}
