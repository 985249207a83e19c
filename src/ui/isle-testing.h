/* isle-testing.h — the one interface through which the project's own
 * tests, screenshots and benchmarks (test-ui.py, build-aux/screenshots,
 * build-aux/ui-bench, the install and valgrind tests) steer the app. It is
 * read from the environment once, here and nowhere else; a person's app
 * sees every field empty. The variables:
 *
 *   CRITTER_ISLE_AUTOPLAY=MS        the computer plays every seat, MS
 *                                   before each move
 *   CRITTER_ISLE_TEST_HUMAN=random  people's decisions made at random,
 *                                   through the window's actions,
 *                                   CRITTER_ISLE_TEST_PAUSE ms apart (1)
 *   CRITTER_ISLE_TEST_VARIANT=ID, CRITTER_ISLE_TEST_PLAYERS=A,B,…
 *                                   the game such a test starts
 *   CRITTER_ISLE_TEST_UNDO_AT=N     undo and redo once at decision N
 *   CRITTER_ISLE_TEST_HINT_UNDO=N   ask a hint and undo at once, at N
 *   CRITTER_ISLE_TEST_STOP_AT=review|hire   stay there (screenshots)
 *   CRITTER_ISLE_QUIT_AFTER=N, CRITTER_ISLE_QUIT_AT_END=1
 *   CRITTER_ISLE_CONTINUE=1         a test resumes the autosave
 *   CRITTER_ISLE_SCREENSHOT=FILE.png, CRITTER_ISLE_SCREENSHOT_AFTER=MS
 *   CRITTER_ISLE_TEST_PAGE=puzzles|shortcuts, CRITTER_ISLE_TEST_PUZZLE=N,
 *   CRITTER_ISLE_TEST_EDITOR=FILE, CRITTER_ISLE_TEST_TOUR=N
 *   CRITTER_ISLE_BENCH=1            print the longest main-loop stall */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean autoplay;
  guint autoplay_ms;
  gboolean random_human;
  guint human_pause_ms;
  const char *variant;
  const char *players;
  guint undo_at;
  guint hint_undo_at;
  const char *stop_at;
  guint quit_after;
  gboolean quit_at_end;
  gboolean resume;
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

/* What the tests asked for (read once). */
const IsleTesting *isle_testing_get (void);

/* Whether a test drives the game (autoplay or random people): its
 * results are printed for the test to read. */
gboolean           isle_testing_drives (void);

G_END_DECLS
