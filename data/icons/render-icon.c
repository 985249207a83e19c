/* render-icon.c — renders the app icon to a PNG when the game is built.
 *
 * The start page shows the icon from this PNG (compiled into the UI
 * resources) rather than the SVG, so the first frame does not wait for the
 * SVG to be parsed and rendered: about 10 ms of start-up (build-aux/ui-bench).
 *
 * Usage: render-icon IN.svg SIZE OUT.png
 */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  GError *error = NULL;
  GdkPixbuf *pixbuf;
  int size;

  if (argc != 4 || (size = atoi (argv[2])) <= 0)
    {
      fprintf (stderr, "usage: render-icon IN.svg SIZE OUT.png\n");
      return 2;
    }
  pixbuf = gdk_pixbuf_new_from_file_at_size (argv[1], size, size, &error);
  if (pixbuf == NULL || !gdk_pixbuf_save (pixbuf, argv[3], "png", &error, NULL))
    {
      fprintf (stderr, "render-icon: %s: %s\n", argv[1], error->message);
      return 1;
    }
  g_object_unref (pixbuf);
  return 0;
}
