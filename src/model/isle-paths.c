/* isle-paths.c — where the model finds what lies outside it
 * (isle-paths.h). */
#include "config.h"

#include "isle-paths.h"

char *
isle_paths_autosave (void)
{
  const char *override = g_getenv (ISLE_PATHS_AUTOSAVE_ENV);

  if (override != NULL && override[0] != '\0')
    return g_strdup (override);
  return g_build_filename (g_get_user_data_dir (), "critter-isle",
                           "autosave.isle", NULL);
}

char *
isle_paths_library (void)
{
  return g_build_filename (g_get_user_data_dir (), "critter-isle", "games.sqlite", NULL);
}

GStrv
isle_paths_plugin_dirs (void)
{
  g_autoptr (GStrvBuilder) dirs = g_strv_builder_new ();
  const char *env = g_getenv (ISLE_PATHS_PLUGIN_ENV);
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "critter-isle", "ai", NULL);

  if (env != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (int i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_strv_builder_add (dirs, parts[i]);
    }
  g_strv_builder_add (dirs, user_dir);
  g_strv_builder_add (dirs, PLUGINDIR);
  return g_strv_builder_end (dirs);
}

const char *
isle_paths_plugin_probe (void)
{
  if (g_file_test (PLUGIN_PROBE_PATH, G_FILE_TEST_IS_EXECUTABLE))
    return PLUGIN_PROBE_PATH;
  return PLUGIN_PROBE_BUILD_PATH;
}
