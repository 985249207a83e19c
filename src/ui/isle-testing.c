/* isle-testing.c — the tests' settings, read from the environment once
 * (what they make the window do is isle-window-testing.c). */
#include "config.h"

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
