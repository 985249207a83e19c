/* isle-cairo.h — cairo paths the drawn widgets share (the Island Map's
 * marks, the review's chart). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Adds to CR's path, as a sub-path of its own, the rectangle at X, Y of
 * W by H with corners of radius R. */
void isle_cairo_rounded_rect (cairo_t *cr,
                              double   x,
                              double   y,
                              double   w,
                              double   h,
                              double   r);

G_END_DECLS
