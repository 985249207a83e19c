/* isle-token-art.c — a token drawn the same on the map, in the hand, in
 * choices and in the editor; the art cache; IsleTokenIcon. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "isle-token-art.h"
#include "isle-words.h"

#define ART "/io/github/critterisle/CritterIsle/art/"
/* Sizes come and go as windows are resized: past this many textures the
 * cache starts again rather than keep every size ever drawn. */
#define CACHE_MAX 256

/* ---- art ---------------------------------------------------------------- */

/* The art is rendered with librsvg into a cairo image surface on a worker
 * thread, never on the main thread: parsing and rendering one picture
 * takes about a millisecond (build-aux/ui-bench), and a board shows a
 * dozen of them in its first frame. Until a size is ready, a picture
 * draws at the nearest size already rendered (scaled for a frame or two
 * while a window is resized) or not at all, and every widget that asked
 * for art is redrawn when it arrives (isle_art_redraw_on_arrival).
 *
 * One worker is enough and keeps the renders in the order they were asked
 * for (the first frame's first); the main thread keeps the cache, so the
 * worker shares nothing with it but the queue of finished renders. */

/* One picture at one size: being rendered, rendered, or missing. */
typedef struct
{
  GdkTexture *texture;        /* NULL: pending or missing */
  gboolean pending;
} Art;

/* A render asked of the worker and, once done, its pixels. */
typedef struct
{
  char *key;                  /* "NAME@WxH": the cache's key */
  char *name;
  int width, height;
  GBytes *pixels;             /* cairo's ARGB32; NULL: no such art */
  int stride;
} Job;

/* ---- the worker's side ---- */

static void
job_free (Job *job)
{
  g_free (job->key);
  g_free (job->name);
  g_clear_pointer (&job->pixels, g_bytes_unref);
  g_free (job);
}

/* Renders NAME's SVG to fill WIDTH × HEIGHT (aspect kept, centred) into
 * JOB's pixels, or leaves them NULL when there is no such art. */
static void
job_render (Job *job)
{
  g_autofree char *path = g_strconcat (ART, job->name, ".svg", NULL);
  g_autoptr (GBytes) svg = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle;         /* (librsvg 2.54 has no g_autoptr) */
  RsvgRectangle viewport = { 0, 0, job->width, job->height };
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean drawn;
  gsize size;
  const guint8 *data;

  if (svg == NULL)
    return;
  data = g_bytes_get_data (svg, &size);
  handle = rsvg_handle_new_from_data (data, size, &error);
  if (handle == NULL)
    {
      g_warning ("The art %s could not be read: %s", job->name, error->message);
      return;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, job->width, job->height);
  cr = cairo_create (surface);
  drawn = rsvg_handle_render_document (handle, cr, &viewport, &error);
  cairo_destroy (cr);
  g_object_unref (handle);
  if (!drawn)
    {
      g_warning ("The art %s could not be drawn: %s", job->name, error->message);
      cairo_surface_destroy (surface);
      return;
    }
  cairo_surface_flush (surface);
  job->stride = cairo_image_surface_get_stride (surface);
  /* The pixels stay in the surface; the bytes own it. */
  job->pixels = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                            (gsize) job->stride * job->height,
                                            (GDestroyNotify) cairo_surface_destroy, surface);
}

static GMutex done_lock;
static GSList *done;          /* Jobs rendered, newest first; under DONE_LOCK */
static guint deliver_id;      /* the idle that delivers them; under DONE_LOCK */

static gboolean deliver (gpointer data);

static void
worker (gpointer data, gpointer user_data)
{
  Job *job = data;

  (void) user_data;
  job_render (job);
  g_mutex_lock (&done_lock);
  done = g_slist_prepend (done, job);
  if (deliver_id == 0)
    deliver_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver, NULL, NULL);
  g_mutex_unlock (&done_lock);
}

/* ---- the main thread's side ---- */

/* Emits "arrived" when rendered art has come into the cache. */
#define ISLE_TYPE_ART_CACHE (isle_art_cache_get_type ())
G_DECLARE_FINAL_TYPE (IsleArtCache, isle_art_cache, ISLE, ART_CACHE, GObject)

struct _IsleArtCache
{
  GObject parent_instance;
  GHashTable *arts;           /* "NAME@WxH" → Art */
  GHashTable *latest;         /* NAME → its last texture rendered, any size */
  GThreadPool *pool;
  guint pending;
};

G_DEFINE_FINAL_TYPE (IsleArtCache, isle_art_cache, G_TYPE_OBJECT)

static guint arrived_signal;

static void
art_free (Art *art)
{
  g_clear_object (&art->texture);
  g_free (art);
}

static void
isle_art_cache_class_init (IsleArtCacheClass *klass)
{
  /* arrived (): art asked for has been rendered. */
  arrived_signal = g_signal_new ("arrived", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
isle_art_cache_init (IsleArtCache *self)
{
  self->arts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) art_free);
  self->latest = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->pool = g_thread_pool_new (worker, NULL, 1, FALSE, NULL);
}

/* The one cache of the app; it lives as long as the app. */
static IsleArtCache *
art_cache (void)
{
  static IsleArtCache *cache;

  if (cache == NULL)
    cache = g_object_new (ISLE_TYPE_ART_CACHE, NULL);
  return cache;
}

static gboolean
deliver (gpointer data)
{
  IsleArtCache *cache = art_cache ();
  GSList *jobs;

  (void) data;
  g_mutex_lock (&done_lock);
  jobs = g_slist_reverse (done);
  done = NULL;
  deliver_id = 0;
  g_mutex_unlock (&done_lock);

  for (GSList *l = jobs; l != NULL; l = l->next)
    {
      Job *job = l->data;
      Art *art = g_hash_table_lookup (cache->arts, job->key);

      g_assert (cache->pending > 0);
      cache->pending--;
      if (art == NULL)
        {
          /* The cache started again meanwhile: keep it all the same. */
          art = g_new0 (Art, 1);
          g_hash_table_insert (cache->arts, g_strdup (job->key), art);
        }
      art->pending = FALSE;
      if (job->pixels != NULL)
        {
          /* Cairo's ARGB32 is premultiplied, in native byte order: B G R A
           * on little-endian machines, A R G B on big-endian ones, which
           * is what GDK_MEMORY_DEFAULT stands for. */
          g_clear_object (&art->texture);
          art->texture = gdk_memory_texture_new (job->width, job->height, GDK_MEMORY_DEFAULT,
                                                 job->pixels, (gsize) job->stride);
          g_hash_table_insert (cache->latest, g_strdup (job->name), g_object_ref (art->texture));
        }
    }
  g_slist_free_full (jobs, (GDestroyNotify) job_free);
  g_signal_emit (cache, arrived_signal, 0);
  return G_SOURCE_REMOVE;
}

GdkTexture *
isle_art_texture (const char *name, int width, int height)
{
  IsleArtCache *cache;
  g_autofree char *key = NULL;
  Art *art;
  Job *job;

  if (name == NULL || width <= 0 || height <= 0)
    return NULL;
  cache = art_cache ();
  key = g_strdup_printf ("%s@%dx%d", name, width, height);
  art = g_hash_table_lookup (cache->arts, key);
  if (art != NULL && !art->pending)
    return art->texture;
  if (art == NULL)
    {
      if (g_hash_table_size (cache->arts) >= CACHE_MAX)
        g_hash_table_remove_all (cache->arts);
      art = g_new0 (Art, 1);
      art->pending = TRUE;
      g_hash_table_insert (cache->arts, g_strdup (key), art);
      job = g_new0 (Job, 1);
      job->key = g_steal_pointer (&key);
      job->name = g_strdup (name);
      job->width = width;
      job->height = height;
      cache->pending++;
      g_thread_pool_push (cache->pool, job, NULL);
    }
  /* Meanwhile, the same picture at another size, if there is one. */
  return g_hash_table_lookup (cache->latest, name);
}

guint
isle_art_pending (void)
{
  return art_cache ()->pending;
}

void
isle_art_redraw_on_arrival (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_signal_connect_object (art_cache (), "arrived", G_CALLBACK (gtk_widget_queue_draw), widget,
                           G_CONNECT_SWAPPED);
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
isle_token_side_colour (int side, gboolean dark, GdkRGBA *out)
{
  static const GdkRGBA light_sides[ISLE_N_SIDES] = {
    { 0.80f, 0.08f, 0.11f, 1 }, { 0.08f, 0.38f, 0.78f, 1 },
  };
  static const GdkRGBA dark_sides[ISLE_N_SIDES] = {
    { 1.00f, 0.42f, 0.40f, 1 }, { 0.47f, 0.68f, 0.95f, 1 },
  };

  g_return_if_fail (side >= 0 && side < ISLE_N_SIDES);
  g_return_if_fail (out != NULL);
  *out = dark ? dark_sides[side] : light_sides[side];
}

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
  isle_art_redraw_on_arrival (GTK_WIDGET (self));
  g_signal_connect_object (manager, "notify::dark", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "notify::high-contrast", G_CALLBACK (on_style_changed), self,
                           G_CONNECT_SWAPPED);
}

/* What the picture shows, for a screen reader (inside a card it is
 * hidden: the card's text says it). */
static void
name_icon (IsleTokenIcon *self, const char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
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
  name_icon (self, isle_words_kind (kind));
  return GTK_WIDGET (self);
}

GtkWidget *
isle_token_icon_new_weather (IsleWeather weather, int size)
{
  IsleTokenIcon *self = g_object_new (ISLE_TYPE_TOKEN_ICON, NULL);

  self->cell.kind = ISLE_KIND_NONE;
  self->weather = (int) weather;
  self->size = size;
  name_icon (self, isle_words_weather ((int) weather));
  return GTK_WIDGET (self);
}

GtkWidget *
isle_token_icon_new_empty (int size)
{
  IsleTokenIcon *self = g_object_new (ISLE_TYPE_TOKEN_ICON, NULL);

  self->cell.kind = ISLE_KIND_NONE;
  self->weather = -1;
  self->size = size;
  name_icon (self, _("Empty place"));
  return GTK_WIDGET (self);
}

void
isle_token_icon_set_cell (IsleTokenIcon *self, const IsleCell *c)
{
  g_return_if_fail (ISLE_IS_TOKEN_ICON (self));
  g_return_if_fail (c != NULL);

  self->cell = *c;
  if (c->kind != ISLE_KIND_NONE && c->kind != ISLE_KIND_UNKNOWN)
    name_icon (self, isle_words_kind ((IsleKind) c->kind));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A token's picture above a line or two of text, for a button. */
GtkWidget *
isle_token_card_new (GtkWidget *icon, const char *text, const char *detail)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (text);

  /* Decoration: the button holding the card is named. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);

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
