/* render-icon.c — renders the app icon to a PNG when the game is built.
 *
 * The start page shows the icon from this PNG (compiled into the UI
 * resources) rather than the SVG, so the first frame does not wait for the
 * SVG to be parsed and rendered: about 10 ms of start-up (build-aux/ui-bench).
 * Rendered with librsvg into a cairo surface, as the token art is
 * (src/ui/isle-token-art.c): nothing in the game needs gdk-pixbuf's loaders.
 *
 * Usage: render-icon IN.svg SIZE OUT.png
 */
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  GError *error = NULL;
  RsvgHandle *handle;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  RsvgRectangle viewport;
  int size;

  if (argc != 4 || (size = atoi (argv[2])) <= 0)
    {
      fprintf (stderr, "usage: render-icon IN.svg SIZE OUT.png\n");
      return 2;
    }
  handle = rsvg_handle_new_from_file (argv[1], &error);
  if (handle == NULL)
    {
      fprintf (stderr, "render-icon: %s: %s\n", argv[1], error->message);
      return 1;
    }
  /* The icon fills SIZE × SIZE, its aspect kept. */
  viewport = (RsvgRectangle) { 0, 0, size, size };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    {
      fprintf (stderr, "render-icon: %s: %s\n", argv[1], error->message);
      return 1;
    }
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, argv[3]);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "render-icon: %s: %s\n", argv[3], cairo_status_to_string (status));
      return 1;
    }
  cairo_surface_destroy (surface);
  g_object_unref (handle);
  return 0;
}
