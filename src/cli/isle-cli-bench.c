/* isle-cli-bench.c — `critter-isle-cli bench`: random playouts per second
 * on one core for each variant, from the initial position, with a checksum
 * of the final scores so that no work can be skipped; with --review, how
 * good the game review is (isle-cli-review-bench.c). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-builtin-player.h"
#include "isle-cli.h"

#define BATCH 1000

typedef struct
{
  IsleVariant variant;
  guint64 playouts;
  double seconds;
  guint64 checksum;
} BenchResult;

/* One playout of the kind measured: uniformly random, or by the rules of
 * thumb the search plays (--guided). */
static inline void
bench_playout (IsleState *s, IsleRng *rng, gboolean guided)
{
  if (guided)
    isle_state_playout_guided (s, rng, 0);
  else
    isle_state_playout (s, rng);
}

static void
bench_variant (const IsleRules *rules, IsleVariant variant, guint64 seed,
               guint64 playouts, double seconds, gboolean guided, BenchResult *out)
{
  IsleState start, s;
  IsleRng chance, rng;
  guint64 done = 0, checksum = UINT64_C (1469598103934665603);
  gint64 t0, t1;

  isle_state_init (&start, rules, variant, 0, seed);
  /* Timed runs warm up first (the core's clock, caches, the branch
   * predictor) on playouts of their own, so the first variant measured is
   * not the slowest for that alone; the timed playouts are the same. */
  if (playouts == 0)
    {
      gint64 until = g_get_monotonic_time () + (gint64) (MIN (seconds / 8, 0.25) * G_USEC_PER_SEC);

      isle_rng_seed (&chance, ~seed);
      isle_rng_seed (&rng, ~seed);
      while (g_get_monotonic_time () < until)
        for (int i = 0; i < BATCH / 10; i++)
          {
            s = start;
            s.rng.s = isle_rng_next (&chance);
            bench_playout (&s, &rng, guided);
          }
    }
  isle_rng_seed (&chance, seed);
  isle_rng_seed (&rng, seed ^ UINT64_C (0x5bd1e995));
  t0 = g_get_monotonic_time ();
  t1 = t0;
  while (playouts ? done < playouts : (double) (t1 - t0) < seconds * G_USEC_PER_SEC)
    {
      for (int i = 0; i < BATCH && (!playouts || done < playouts); i++, done++)
        {
          s = start;
          /* Each playout its own chance: shuffles and fog differ. */
          s.rng.s = isle_rng_next (&chance);
          bench_playout (&s, &rng, guided);
          /* FNV-style mix of the deciding scores. */
          checksum = (checksum ^ (guint64) (guint32) (variant >= ISLE_VARIANT_MERCENARY ? s.coins[0] : s.total[0]))
                     * UINT64_C (1099511628211);
          checksum = (checksum ^ (guint64) (guint32) (variant >= ISLE_VARIANT_MERCENARY ? s.coins[1] : s.total[1]))
                     * UINT64_C (1099511628211);
        }
      t1 = g_get_monotonic_time ();
    }
  out->variant = variant;
  out->playouts = done;
  out->seconds = (double) (t1 - t0) / G_USEC_PER_SEC;
  out->checksum = checksum;
}

/* --cancel: how soon the expert level, thinking in its worker thread, answers
 * after its cancellable is cancelled (the UI's undo, new game or close),
 * measured to the callback in the main loop. */
static void
cancelled_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleAction action;

  isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &action, NULL);
  *(gint64 *) data = g_get_monotonic_time ();
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
bench_cancel (const IsleRules *rules, guint64 seed, int trials, gboolean json)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("expert", seed);
  g_autofree double *ms = g_new0 (double, trials);
  IsleState s;
  IsleRng rng;
  IsleObservation obs;

  /* A placement with many choices: play on until one comes. */
  isle_state_init (&s, rules, ISLE_VARIANT_WEATHER, 0, seed);
  isle_rng_seed (&rng, seed);
  for (;;)
    {
      IsleActionList list;

      if (s.phase == ISLE_PHASE_PLACE && isle_state_legal_actions (&s, &list) > 20)
        break;
      isle_state_apply (&s, isle_state_sample_action (&s, &rng));
    }
  isle_state_observe (&s, isle_state_to_move (&s), &obs);
  for (int i = 0; i < trials; i++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      gint64 done = 0, asked, until = g_get_monotonic_time () + 200 * 1000;

      isle_ai_player_choose_async (player, &obs, 0, cancellable, cancelled_cb, &done);
      while (g_get_monotonic_time () < until)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
      asked = g_get_monotonic_time ();
      g_cancellable_cancel (cancellable);
      while (done == 0)
        g_main_context_iteration (NULL, TRUE);
      ms[i] = (double) (done - asked) / 1000.0;
    }
  qsort (ms, (size_t) trials, sizeof *ms, compare_doubles);
  if (json)
    printf ("{\"cancel\":{\"player\":\"expert\",\"trials\":%d,\"median_ms\":%.3f,\"max_ms\":%.3f}}\n",
            trials, ms[trials / 2], ms[trials - 1]);
  else
    printf (_("The expert level answers %.2f ms (median), %.2f ms (max) after its cancellable is cancelled, over %d searches\n"),
            ms[trials / 2], ms[trials - 1], trials);
}

int
isle_cli_bench (int argc, char **argv)
{
  g_autofree char *variant_id = NULL;
  g_autofree char *rules_path = NULL;
  gint64 seed = 1, playouts = 0;
  double seconds = 2.0;
  gboolean json = FALSE, cancel = FALSE, guided = FALSE;
  g_autofree char *review = NULL;
  GOptionEntry entries[] = {
    { "review", 0, 0, G_OPTION_ARG_STRING, &review, N_("Instead, measure the game review: planted, stability or calibration (see bench --review MODE --help)"), N_("MODE") },
    { "cancel", 0, 0, G_OPTION_ARG_NONE, &cancel, N_("Instead, how soon a cancelled search of the expert level answers"), NULL },
    { "guided", 0, 0, G_OPTION_ARG_NONE, &guided, N_("Playouts by the rules of thumb the search uses, not uniformly random ones"), NULL },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_id, N_("One variant, or all (default)"), N_("VARIANT") },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, N_("Time per variant (default 2)"), N_("S") },
    { "playouts", 0, 0, G_OPTION_ARG_INT64, &playouts, N_("A fixed number of playouts per variant instead"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed (default 1)"), N_("N") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— random playouts per second on one core"));
  g_autoptr (GError) error = NULL;
  BenchResult results[ISLE_N_VARIANTS];
  int n = 0;
  IsleRules rules;
  IsleVariant only = ISLE_N_VARIANTS;

  /* --review has options of its own (isle-cli-review-bench.c). */
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--review") == 0 || g_str_has_prefix (argv[i], "--review="))
      return isle_cli_review_bench (argc, argv);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("bench", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  if (variant_id != NULL && g_strcmp0 (variant_id, "all") != 0)
    {
      only = isle_variant_from_id (variant_id);
      if (only == ISLE_N_VARIANTS)
        {
          g_printerr (_("critter-isle-cli bench: --variant “%s”: expected basic, weather, mercenary, quick, team or all\n"),
                      variant_id);
          return ISLE_CLI_CANNOT_RUN;
        }
    }
  if (playouts < 0 || seconds <= 0 || seconds > 3600)
    {
      g_printerr ("%s\n", _("critter-isle-cli bench: --playouts must be ≥ 0 and --seconds between 0 and 3600"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!isle_cli_load_rules (rules_path, &rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }

  if (cancel)
    {
      bench_cancel (&rules, (guint64) seed, 20, json);
      return ISLE_CLI_OK;
    }
  if (!json)
    printf ("%-10s %10s %8s %12s  %s\n", _("variant"), _("playouts"), _("seconds"),
            _("playouts/s"), _("checksum"));
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    {
      BenchResult *r = &results[n];

      if (only != ISLE_N_VARIANTS && v != (int) only)
        continue;
      bench_variant (&rules, (IsleVariant) v, (guint64) seed, (guint64) playouts, seconds, guided, r);
      n++;
      if (!json)
        {
          printf ("%-10s %10" G_GUINT64_FORMAT " %8.2f %12.0f  %016" G_GINT64_MODIFIER "x\n",
                  isle_variant_id (r->variant), r->playouts, r->seconds,
                  r->playouts / r->seconds, r->checksum);
          fflush (stdout);
        }
    }
  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, seed);
      json_builder_set_member_name (b, "variants");
      json_builder_begin_array (b);
      for (int i = 0; i < n; i++)
        {
          g_autofree char *sum = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", results[i].checksum);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "variant");
          json_builder_add_string_value (b, isle_variant_id (results[i].variant));
          json_builder_set_member_name (b, "playouts");
          json_builder_add_int_value (b, (gint64) results[i].playouts);
          json_builder_set_member_name (b, "seconds");
          json_builder_add_double_value (b, results[i].seconds);
          json_builder_set_member_name (b, "playouts_per_second");
          json_builder_add_double_value (b, results[i].playouts / results[i].seconds);
          json_builder_set_member_name (b, "checksum");
          json_builder_add_string_value (b, sum);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      isle_cli_print_json (b, FALSE);
    }
  return ISLE_CLI_OK;
}
