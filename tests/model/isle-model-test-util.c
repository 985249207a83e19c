/* isle-model-test-util.c — helpers shared by the model tests
 * (isle-model-test-util.h). */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

#include "isle-model-test-util.h"
#include "isle-rules-json.h"

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

IsleGame *
isle_test_played_game (guint n, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  IsleRules rules;
  IsleGame *game;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_BASIC, 0, seed, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n && !isle_state_is_terminal (isle_game_get_state (game)); i++)
    {
      IsleActionList legal;

      isle_state_legal_actions (isle_game_get_state (game), &legal);
      g_assert_true (isle_game_apply (game, legal.actions[g_rand_int_range (rand, 0, legal.n)], &error));
      g_assert_no_error (error);
    }
  return game;
}

void
isle_test_run_review (IsleGameReview *review)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!isle_game_review_get_finished (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (isle_game_review_get_finished (review));
}

void
isle_test_count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (void) object;
  (void) pspec;
  (*count)++;
}

GSettings *
isle_test_memory_settings (const char *schema_dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSettingsSchemaSource) source = g_settings_schema_source_new_from_directory (schema_dir, NULL, FALSE, &error);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();

  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.critterisle.CritterIsle", FALSE);
  g_assert_nonnull (schema);
  return g_settings_new_full (schema, backend, NULL);
}
