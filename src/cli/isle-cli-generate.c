/* isle-cli-generate.c — `critter-isle-cli generate --count N [--variant V]
 * [--theme T] [--seed S] --out DIR`: new puzzles, proven exact and
 * measured (isle-puzzle-maker.h), written as `.isle` files that `validate`
 * and `solve` accept. Puzzles are made on every processor, one a thread;
 * each follows from the seed and its number alone, so the same command
 * writes the same files however many threads make them. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "isle-cli.h"
#include "isle-json.h"
#include "isle-puzzle-maker.h"
#include "isle-puzzles.h"

#define MAX_COUNT 100000

/* As a file spells a difficulty. */
static const char *const difficulty_ids[] = { "", "easy", "medium", "hard" };

typedef struct
{
  IslePuzzleRecipe recipe;
  guint64 seed;
  guint first, count;
  const char *out;
  gboolean json;

  int next;                   /* atomic: the next puzzle to make, from 0 */
  GMutex lock;                /* the rest, and printing */
  IslePuzzleMakeStats stats;
  guint made;
  gboolean failed;
  JsonBuilder *list;          /* with --json: the puzzles made */
} Run;

/* The seed of the puzzle numbered NUMBER: the run's seed and the number,
 * mixed (splitmix64). */
static guint64
puzzle_seed (guint64 seed, guint number)
{
  guint64 z = seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (number + 1);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static char *
file_name (const Run *run, guint number)
{
  g_autofree char *base = g_strdup_printf ("puzzle-%04u.isle", number);

  return g_build_filename (run->out, base, NULL);
}

/* Says the puzzle made (or why not), under RUN's lock. */
static void
report (Run *run, guint number, IsleScenario *sc, const char *path, const IslePuzzleMakeStats *stats,
        const GError *error)
{
  IsleScenarioMeasure measure = { 0 };
  g_auto (GStrv) theme_ids = NULL;
  g_autofree char *themes = NULL, *goal = NULL;
  int rating;

  if (sc == NULL || error != NULL)
    {
      run->failed = TRUE;
      if (error != NULL)
        g_printerr ("%s\n", error->message);
      else
        g_printerr (_("critter-isle-cli generate: no puzzle %u was found in %u positions\n"), number,
                    stats->candidates);
      return;
    }
  run->made++;
  isle_scenario_get_measure (sc, &measure);
  rating = isle_puzzle_measured_rating (&measure);
  theme_ids = isle_puzzle_themes_to_ids (isle_scenario_get_themes (sc));
  themes = g_strjoinv (", ", theme_ids);
  goal = isle_scenario_describe_goal (sc);
  if (run->list != NULL)
    {
      JsonBuilder *b = run->list;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, path);
      json_builder_set_member_name (b, "title");
      json_builder_add_string_value (b, isle_scenario_get_title (sc));
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, isle_variant_id (isle_scenario_get_variant (sc)));
      json_builder_set_member_name (b, "themes");
      json_builder_begin_array (b);
      for (guint t = 0; theme_ids[t] != NULL; t++)
        json_builder_add_string_value (b, theme_ids[t]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "difficulty");
      json_builder_add_string_value (b, difficulty_ids[isle_scenario_get_difficulty (sc)]);
      json_builder_set_member_name (b, "rating");
      json_builder_add_int_value (b, rating);
      json_builder_set_member_name (b, "goal");
      json_builder_add_string_value (b, goal);
      json_builder_set_member_name (b, "failed");
      json_builder_begin_object (b);
      for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
        {
          json_builder_set_member_name (b, isle_scenario_measured_ids[l]);
          json_builder_add_double_value (b, (double) measure.failed[l] / measure.tries);
        }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "candidates");
      json_builder_add_int_value (b, stats->candidates);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, stats->seconds);
      json_builder_end_object (b);
      return;
    }
  /* Translators: one puzzle made: its file, title, difficulty, rating,
   * themes and goal, then the seconds it took */
  printf (_("%s: %s, %s (rating %d), themes: %s. %s (%.1f s)\n"), path, isle_scenario_get_title (sc),
          isle_difficulty_name (isle_scenario_get_difficulty (sc)), rating, *themes != '\0' ? themes : "—",
          goal, stats->seconds);
  fflush (stdout);
}

static gpointer
work (gpointer data)
{
  Run *run = data;

  for (;;)
    {
      int i = g_atomic_int_add (&run->next, 1);
      guint number;
      IslePuzzleMakeStats stats = { 0 };
      g_autoptr (IsleScenario) sc = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *path = NULL;

      if (i >= (int) run->count)
        break;
      number = run->first + (guint) i;
      sc = isle_puzzle_make (&run->recipe, puzzle_seed (run->seed, number), number, NULL, &stats);
      path = file_name (run, number);
      if (sc != NULL)
        isle_scenario_save (sc, path, &error);
      g_mutex_lock (&run->lock);
      run->stats.candidates += stats.candidates;
      run->stats.proven += stats.proven;
      run->stats.nodes += stats.nodes;
      report (run, number, sc, path, &stats, error);
      g_mutex_unlock (&run->lock);
    }
  return NULL;
}

int
isle_cli_generate (int argc, char **argv)
{
  int count = 1, first = 1, threads = 0, tries = ISLE_PUZZLE_MAKER_TRIES;
  g_autofree char *variant = NULL, *theme = NULL, *seed_text = NULL, *out = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "count", 0, 0, G_OPTION_ARG_INT, &count, N_("Make N puzzles (default 1)"), N_("N") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Only of the variant V: basic, weather, quick or mercenary (default: any)"), N_("V") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme, N_("Only puzzles whose solution bears out the theme T"), N_("T") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Make them from the seed S (default: a new one, printed)"), N_("S") },
    { "first", 0, 0, G_OPTION_ARG_INT, &first, N_("Number the puzzles from N (default 1)"), N_("N") },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, N_("Write the puzzles to the folder DIR"), N_("DIR") },
    { "tries", 0, 0, G_OPTION_ARG_INT, &tries, N_("Measure each puzzle with N games per level (default 16)"), N_("N") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Make puzzles on N threads (default: one per processor)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print what was made as JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— make new puzzles, proven exact by the solver"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) workers = g_ptr_array_new ();
  g_autofree char *theme_list = NULL;
  Run run = { 0 };
  gint64 began;
  double took;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  theme_list = isle_json_join_ids (isle_puzzle_theme_ids, ISLE_N_THEMES);
  {
    g_autofree char *summary = g_strdup_printf (
      _("Each puzzle is a position of a game of the gentle levels a few tiles before a round's end. "
        "Its goal is the best result its player can force, proven by the solver, so one point more "
        "cannot be forced; it is kept only when few first moves meet it and the move that looks "
        "best does not. Beginner, Easy, Medium and Hard then play it to measure its difficulty. "
        "Themes: %s."), theme_list);
    g_option_context_set_summary (context, summary);
  }
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (argc != 1)
    {
      g_printerr ("%s\n", _("critter-isle-cli generate: expected no arguments but the options"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (out == NULL)
    {
      g_printerr ("%s\n", _("critter-isle-cli generate: --out: expected the folder to write the puzzles to"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (count < 1 || count > MAX_COUNT || first < 0 || first > MAX_COUNT)
    {
      g_printerr (_("critter-isle-cli generate: --count and --first: expected numbers from 1 and 0 to %d\n"),
                  MAX_COUNT);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (tries < 1 || tries > ISLE_SCENARIO_MAX_TRIES || threads < 0 || threads > 256)
    {
      g_printerr (_("critter-isle-cli generate: --tries: expected 1 to %d; --threads: 0 to 256\n"),
                  ISLE_SCENARIO_MAX_TRIES);
      return ISLE_CLI_CANNOT_RUN;
    }
  run.recipe.variant = ISLE_N_VARIANTS;
  run.recipe.theme = -1;
  run.recipe.tries = tries;
  if (variant != NULL && (run.recipe.variant = isle_variant_from_id (variant)) == ISLE_N_VARIANTS)
    {
      g_printerr (_("critter-isle-cli generate: --variant: “%s” is no variant; expected basic, weather, quick "
                    "or mercenary\n"), variant);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (theme != NULL && (run.recipe.theme = isle_puzzle_theme_from_id (theme)) < 0)
    {
      g_printerr (_("critter-isle-cli generate: --theme: “%s” is no theme; expected one of %s\n"), theme,
                  theme_list);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!isle_puzzle_recipe_check (&run.recipe, &error))
    {
      g_printerr ("critter-isle-cli generate: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (seed_text != NULL && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &run.seed, NULL))
    {
      g_printerr (_("critter-isle-cli generate: --seed: “%s”: expected a number from 0 to %s\n"), seed_text,
                  "18446744073709551615");
      return ISLE_CLI_CANNOT_RUN;
    }
  if (seed_text == NULL)
    run.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (g_mkdir_with_parents (out, 0755) != 0)
    {
      int e = errno;

      g_printerr (_("critter-isle-cli generate: %s: cannot make the folder: %s\n"), out, g_strerror (e));
      return ISLE_CLI_CANNOT_RUN;
    }
  run.out = out;
  run.first = (guint) first;
  run.count = (guint) count;
  /* Never over a file already there: a folder may hold a designer's
   * puzzles. */
  for (guint i = 0; i < run.count; i++)
    {
      g_autofree char *path = file_name (&run, run.first + i);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_printerr (_("critter-isle-cli generate: %s is already there; choose another folder or --first\n"),
                      path);
          return ISLE_CLI_CANNOT_RUN;
        }
    }
  if (json)
    {
      run.list = json_builder_new ();
      json_builder_begin_object (run.list);
      json_builder_set_member_name (run.list, "puzzles");
      json_builder_begin_array (run.list);
    }
  g_mutex_init (&run.lock);
  if (threads == 0)
    threads = (int) MAX (1u, g_get_num_processors ());
  began = g_get_monotonic_time ();
  for (int i = 1; i < MIN (threads, count); i++)
    g_ptr_array_add (workers, g_thread_new ("isle-generate", work, &run));
  work (&run);
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_ptr_array_index (workers, i));
  g_mutex_clear (&run.lock);
  took = (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  if (json)
    {
      json_builder_end_array (run.list);
      json_builder_set_member_name (run.list, "seed");
      {
        char seed[32];

        g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT, run.seed);
        json_builder_add_string_value (run.list, seed);
      }
      json_builder_set_member_name (run.list, "made");
      json_builder_add_int_value (run.list, run.made);
      json_builder_set_member_name (run.list, "candidates");
      json_builder_add_int_value (run.list, run.stats.candidates);
      json_builder_set_member_name (run.list, "proven");
      json_builder_add_int_value (run.list, run.stats.proven);
      json_builder_set_member_name (run.list, "seconds");
      json_builder_add_double_value (run.list, took);
      json_builder_set_member_name (run.list, "per_minute");
      json_builder_add_double_value (run.list, took > 0 ? run.made * 60.0 / took : 0.0);
      json_builder_end_object (run.list);
      isle_cli_print_json (run.list, TRUE);
      g_object_unref (run.list);
    }
  else
    {
      char seed[32];

      g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT, run.seed);
      printf (ngettext ("Made %u puzzle in %.1f s (%.1f a minute) from %u positions, seed %s.\n",
                        "Made %u puzzles in %.1f s (%.1f a minute) from %u positions, seed %s.\n", run.made),
              run.made, took, took > 0 ? run.made * 60.0 / took : 0.0, run.stats.candidates, seed);
    }
  return run.failed ? ISLE_CLI_CANNOT_RUN : ISLE_CLI_OK;
}
