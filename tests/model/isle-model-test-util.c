/* isle-model-test-util.c — helpers shared by the model tests
 * (isle-model-test-util.h). */
#include <glib/gstdio.h>

#include "isle-model-test-util.h"

char *
isle_test_make_dir (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *pattern = g_strconcat (name, "-XXXXXX", NULL);
  char *dir = g_dir_make_tmp (pattern, &error);

  g_assert_no_error (error);
  return dir;
}

void
isle_test_remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

char *
isle_test_read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}
