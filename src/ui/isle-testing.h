/* isle-testing.h — the one interface through which the project's
 * screenshots and benchmarks (build-aux/screenshots, build-aux/ui-bench,
 * the install test) steer the app from outside. It is read from the
 * environment once, here and nowhere else; a person's app sees every field
 * empty and does nothing of it. Games are played by tests through the real
 * window instead (tests/ui/isle-ui-play.c). The variables:
 *
 *   CRITTER_ISLE_SCREENSHOT=FILE.png  draw the window into FILE once it
 *                                   is shown, then close it
 *   CRITTER_ISLE_SCREENSHOT_AFTER=MS  that many ms after start (1500)
 *   CRITTER_ISLE_TEST_PAGE=puzzles|shortcuts  show the Puzzles page or
 *                                   the shortcuts window at start
 *   CRITTER_ISLE_TEST_PUZZLE=N      play the Nth puzzle (from 0)
 *   CRITTER_ISLE_TEST_EDITOR=FILE   open FILE in the scenario editor
 *   CRITTER_ISLE_TEST_TOUR=N        open How to Play at page N (from 0)
 *   CRITTER_ISLE_BENCH=1            measure the longest main-loop stall
 *                                   while a computer player thinks, and
 *                                   print it as the window closes */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *screenshot;
  guint screenshot_after_ms;
  const char *page;
  gboolean puzzle_set;
  guint puzzle;
  const char *editor;
  gboolean tour_set;
  guint tour;
  gboolean bench;
} IsleTesting;

/* What was asked for (read once). */
const IsleTesting *isle_testing_get (void);

G_END_DECLS
