/* replay.c — the ordinary test suite's side of a fuzz target: a main() that
 * feeds every file of tests/fuzz/corpus/TARGET/ (the seed corpus) and
 * tests/fuzz/regressions/TARGET/ (inputs that once broke a parser) to the
 * target's LLVMFuzzerTestOneInput(), built without libFuzzer (gcc in
 * build/, AddressSanitizer in build-asan/). One test case per file; a
 * crash, a sanitizer report or a broken FUZZ_CHECK() fails it.
 *
 * Usage: test-fuzz-TARGET [GTest options] TARGET
 */
#include "fuzz-common.h"

static void
replay_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  /* A copy of exactly LENGTH bytes, as libFuzzer passes its inputs. */
  {
    g_autofree uint8_t *input = g_memdup2 (contents, MAX (length, 1));

    LLVMFuzzerTestOneInput (input, length);
  }
}

/* g_ptr_array_sort() passes pointers to the elements. */
static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Adds a test case for each file of tests/fuzz/KIND/TARGET; returns how many. */
static int
add_files (const char *kind, const char *target)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", kind, target, NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && strcmp (name, "README") != 0)
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/fuzz-replay/%s/%s/%s", target, kind,
                                                    (char *) names->pdata[i]);

      g_test_add_data_func_full (test_path,
                                 g_build_filename (dir_path, names->pdata[i], NULL),
                                 replay_file, g_free);
    }
  return (int) names->len;
}

static void
corpus_not_empty (gconstpointer data)
{
  g_assert_cmpint (GPOINTER_TO_INT (data), >, 0);
}

int
main (int argc, char **argv)
{
  const char *target;
  int n;

  g_test_init (&argc, &argv, NULL);
  if (argc != 2)
    {
      g_printerr ("Usage: %s [GTest options] TARGET\n", argv[0]);
      return 2;
    }
  target = argv[1];
  n = add_files ("corpus", target);
  /* A target without seeds would replay nothing and pass. */
  {
    g_autofree char *path = g_strdup_printf ("/fuzz-replay/%s/corpus-not-empty", target);
    g_test_add_data_func (path, GINT_TO_POINTER (n), corpus_not_empty);
  }
  add_files ("regressions", target);
  return g_test_run ();
}
