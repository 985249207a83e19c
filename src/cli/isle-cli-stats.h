/* isle-cli-stats.h — the statistics settings of `critter-isle-cli
 * tournament` read from its command line; the statistics themselves are
 * in src/search/isle-stats.h. */
#pragma once

#include <glib.h>

#include "isle-stats.h"

G_BEGIN_DECLS

/* Reads TEXT, "elo0=0,elo1=10,alpha=0.05,beta=0.05" (keys in any order;
 * alpha and beta 0.05 when left out, elo0 and elo1 required, and the
 * settings a test, isle_sprt_valid()). */
gboolean isle_sprt_parse (const char *text, IsleSprt *sprt, GError **error);

G_END_DECLS
