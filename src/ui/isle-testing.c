/* isle-testing.c — the tests' settings, read from the environment once
 * (what they make the window do is isle-window-testing.c). */
#include "config.h"

#include "isle-match.h"
#include "isle-testing.h"

static guint
env_uint (const char *name, guint fallback)
{
  const char *value = g_getenv (name);

  return value != NULL ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

static const char *
env (const char *name)
{
  const char *value = g_getenv (name);

  /* Kept for the life of the program. */
  return value != NULL ? g_intern_string (value) : NULL;
}

const IsleTesting *
isle_testing_get (void)
{
  static IsleTesting testing;
  static gsize read = 0;

  if (g_once_init_enter (&read))
    {
      testing.autoplay = env ("CRITTER_ISLE_AUTOPLAY") != NULL;
      testing.autoplay_ms = env_uint ("CRITTER_ISLE_AUTOPLAY", ISLE_MATCH_DEFAULT_PAUSE_MS);
      testing.random_human = g_strcmp0 (env ("CRITTER_ISLE_TEST_HUMAN"), "random") == 0;
      testing.human_pause_ms = env_uint ("CRITTER_ISLE_TEST_PAUSE", 1);
      testing.variant = env ("CRITTER_ISLE_TEST_VARIANT");
      testing.players = env ("CRITTER_ISLE_TEST_PLAYERS");
      testing.undo_at = env_uint ("CRITTER_ISLE_TEST_UNDO_AT", 0);
      testing.hint_undo_at = env_uint ("CRITTER_ISLE_TEST_HINT_UNDO", 0);
      testing.stop_at = env ("CRITTER_ISLE_TEST_STOP_AT");
      testing.quit_after = env_uint ("CRITTER_ISLE_QUIT_AFTER", 0);
      testing.quit_at_end = env ("CRITTER_ISLE_QUIT_AT_END") != NULL;
      testing.resume = env ("CRITTER_ISLE_CONTINUE") != NULL;
      testing.screenshot = env ("CRITTER_ISLE_SCREENSHOT");
      testing.screenshot_after_ms = env_uint ("CRITTER_ISLE_SCREENSHOT_AFTER", 1500);
      testing.page = env ("CRITTER_ISLE_TEST_PAGE");
      testing.puzzle_set = env ("CRITTER_ISLE_TEST_PUZZLE") != NULL;
      testing.puzzle = env_uint ("CRITTER_ISLE_TEST_PUZZLE", 0);
      testing.editor = env ("CRITTER_ISLE_TEST_EDITOR");
      testing.tour_set = env ("CRITTER_ISLE_TEST_TOUR") != NULL;
      testing.tour = env_uint ("CRITTER_ISLE_TEST_TOUR", 0);
      testing.bench = env ("CRITTER_ISLE_BENCH") != NULL;
      g_once_init_leave (&read, 1);
    }
  return &testing;
}

gboolean
isle_testing_drives (void)
{
  return isle_testing_get ()->autoplay || isle_testing_get ()->random_human;
}
