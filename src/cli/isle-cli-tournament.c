/* isle-cli-tournament.c — `critter-isle-cli tournament`: two players meet
 * over N games, changing seats every game; wins, draws, losses, scores, an
 * Elo difference with its 95% interval, and think times. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>

#include "isle-cli.h"

typedef struct
{
  /* Settings. */
  char *specs[2];              /* canonical: "expert" for "ismcts:hard" */
  IsleRules rules;
  IsleVariant variant;
  int games;
  guint64 seed;
  gboolean progress;
  /* Results, for player A (index 0), under the lock. */
  GMutex lock;
  int next_game;
  int wins, draws, losses;
  double points[2];            /* each player's total score or coins */
  GArray *think[2];            /* seconds per decision with a choice */
  guint64 iterations[2];
  double search_seconds[2];
} Tournament;

/* Set by the first Ctrl+C (or SIGTERM): no new game starts, the games under
 * way are given up, and the results of those finished are printed. A second
 * one ends the program at once. */
static volatile sig_atomic_t interrupted;

static void
on_interrupt (int signal_number)
{
  interrupted = 1;
  signal (signal_number, SIG_DFL);   /* the second one is not caught */
}

static void
catch_interrupts (void)
{
  signal (SIGINT, on_interrupt);
  signal (SIGTERM, on_interrupt);
}

/* Game G: player A sits Red in even games and Blue in odd ones; each pair of
 * games shares its chance (the same seed), so seats even out luck. */
static void
play_game (Tournament *t, int g)
{
  IsleCliPlayer players[2];
  IsleState s;
  int a_side = g % 2;
  guint64 seed = t->seed + (guint64) (g / 2);
  GArray *think[2] = { g_array_new (FALSE, FALSE, sizeof (double)),
                       g_array_new (FALSE, FALSE, sizeof (double)) };
  guint64 iterations[2] = { 0, 0 };
  double searching[2] = { 0, 0 };
  double returns[ISLE_MAX_SEATS];
  int32_t score[2];

  for (int p = 0; p < 2; p++)
    isle_cli_player_parse (t->specs[p], &players[p],
                           seed * 2654435761u + (guint64) p * 97 + (guint64) g, NULL);
  isle_state_init (&s, &t->rules, t->variant, 0, seed);
  while (!isle_state_is_terminal (&s) && !interrupted)
    {
      int seat = isle_state_to_move (&s);
      int p = (int) isle_seat_side (seat) == a_side ? 0 : 1;
      IsleActionList list;
      IsleAiStats stats;
      double seconds;
      IsleAction a;

      a = isle_cli_player_choose (&players[p], &s, &stats, &seconds);
      if (isle_state_legal_actions (&s, &list) > 1)
        g_array_append_val (think[p], seconds);
      if (stats.iterations > 0)
        {
          iterations[p] += stats.iterations;
          searching[p] += seconds;
        }
      if (!isle_state_apply (&s, a))
        g_error ("player %s chose an illegal action", t->specs[p]);
    }
  for (int p = 0; p < 2; p++)
    isle_cli_player_clear (&players[p]);
  if (!isle_state_is_terminal (&s))
    {
      /* Given up: it counts for nothing. */
      for (int p = 0; p < 2; p++)
        g_array_unref (think[p]);
      return;
    }
  isle_state_returns (&s, returns);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    score[side] = t->variant >= ISLE_VARIANT_MERCENARY ? s.coins[side] : s.total[side];

  g_mutex_lock (&t->lock);
  if (returns[a_side] > 0)
    t->wins++;
  else if (returns[a_side] < 0)
    t->losses++;
  else
    t->draws++;
  t->points[0] += score[a_side];
  t->points[1] += score[1 - a_side];
  for (int p = 0; p < 2; p++)
    {
      g_array_append_vals (t->think[p], think[p]->data, think[p]->len);
      t->iterations[p] += iterations[p];
      t->search_seconds[p] += searching[p];
      g_array_unref (think[p]);
    }
  if (t->progress)
    {
      int done = t->wins + t->draws + t->losses;

      /* TRANSLATORS: progress of a tournament: games played of all, then
       * player A's wins, draws and losses so far. */
      g_printerr (_("%d of %d games: %d won, %d drawn, %d lost\n"), done, t->games,
                  t->wins, t->draws, t->losses);
    }
  g_mutex_unlock (&t->lock);
}

static gpointer
worker (gpointer data)
{
  Tournament *t = data;

  for (;;)
    {
      int g;

      g_mutex_lock (&t->lock);
      g = t->next_game < t->games && !interrupted ? t->next_game++ : -1;
      g_mutex_unlock (&t->lock);
      if (g < 0)
        return NULL;
      play_game (t, g);
    }
}

/* Elo difference for an expected score P (clamped away from 0 and 1). */
static double
elo (double p)
{
  p = CLAMP (p, 0.001, 0.999);
  return -400.0 * log10 (1.0 / p - 1.0);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* VALUES must be sorted. */
static double
median (GArray *values)
{
  return values->len ? g_array_index (values, double, values->len / 2) : 0;
}

static double
maximum (GArray *values)
{
  return values->len ? g_array_index (values, double, values->len - 1) : 0;
}

/* Prints the results of the PLAYED games finished (all of them but for an
 * interruption), as text or as one JSON object. */
static void
print_results (const Tournament *t, int played, gint64 seed, gboolean json)
{
  double mean, var, se, n;

  /* Score of A per game (1, ½, 0): mean and its standard error. */
  n = played;
  mean = (t->wins + 0.5 * t->draws) / n;
  var = (t->wins * (1 - mean) * (1 - mean) + t->draws * (0.5 - mean) * (0.5 - mean)
         + t->losses * mean * mean) / n;
  se = sqrt (var / n);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "players");
      json_builder_begin_array (b);
      json_builder_add_string_value (b, t->specs[0]);
      json_builder_add_string_value (b, t->specs[1]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, isle_variant_id (t->variant));
      json_builder_set_member_name (b, "games");
      json_builder_add_int_value (b, played);
      if (played < t->games)
        {
          json_builder_set_member_name (b, "games_planned");
          json_builder_add_int_value (b, t->games);
        }
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, seed);
      json_builder_set_member_name (b, "wins");
      json_builder_add_int_value (b, t->wins);
      json_builder_set_member_name (b, "draws");
      json_builder_add_int_value (b, t->draws);
      json_builder_set_member_name (b, "losses");
      json_builder_add_int_value (b, t->losses);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, mean);
      json_builder_set_member_name (b, "elo");
      json_builder_add_double_value (b, elo (mean));
      json_builder_set_member_name (b, "elo_low");
      json_builder_add_double_value (b, elo (mean - 1.96 * se));
      json_builder_set_member_name (b, "elo_high");
      json_builder_add_double_value (b, elo (mean + 1.96 * se));
      json_builder_set_member_name (b, "average_points");
      json_builder_begin_array (b);
      json_builder_add_double_value (b, t->points[0] / n);
      json_builder_add_double_value (b, t->points[1] / n);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "think");
      json_builder_begin_array (b);
      for (int p = 0; p < 2; p++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "median_ms");
          json_builder_add_double_value (b, 1000 * median (t->think[p]));
          json_builder_set_member_name (b, "max_ms");
          json_builder_add_double_value (b, 1000 * maximum (t->think[p]));
          json_builder_set_member_name (b, "simulations_per_second");
          json_builder_add_double_value (b, t->search_seconds[p] > 0 ? t->iterations[p] / t->search_seconds[p] : 0);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      isle_cli_print_json (b, FALSE);
    }
  else
    {
      printf (_("%s against %s, %s game, %d games (seed %" PRId64 ")\n"), t->specs[0],
              t->specs[1], isle_variant_id (t->variant), played, seed);
      printf (_("%s: %d wins, %d draws, %d losses (score %.1f%%)\n"), t->specs[0], t->wins,
              t->draws, t->losses, 100 * mean);
      printf (_("Elo difference: %+.0f (95%% interval %+.0f to %+.0f)\n"), elo (mean),
              elo (mean - 1.96 * se), elo (mean + 1.96 * se));
      printf (_("Average points: %s %.1f, %s %.1f\n"), t->specs[0], t->points[0] / n, t->specs[1],
              t->points[1] / n);
      for (int p = 0; p < 2; p++)
        {
          printf (_("Think time of %s: median %.2f ms, max %.2f ms"), t->specs[p],
                  1000 * median (t->think[p]), 1000 * maximum (t->think[p]));
          if (t->search_seconds[p] > 0)
            printf (_(", %.0f simulations/s"), t->iterations[p] / t->search_seconds[p]);
          printf ("\n");
        }
    }
}

int
isle_cli_tournament (int argc, char **argv)
{
  g_autofree char *players_spec = NULL;
  g_autofree char *variant_id = NULL;
  g_autofree char *rules_path = NULL;
  gint64 seed = 1;
  int games = 100, threads = 1;
  gboolean json = FALSE;
  Tournament t = { 0 };
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_STRING, &players_spec, N_("The two players, A,B (e.g. easy,expert)"), N_("A,B") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to play (default 100)"), N_("N") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_id, N_("basic, weather, mercenary, quick or team (default weather)"), N_("VARIANT") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Games played at once (default 1)"), N_("T") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed (default 1)"), N_("S") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &t.progress, N_("After each game, the results so far on standard error"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— two computer players over many games"));
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) specs = NULL;
  g_autoptr (GPtrArray) workers = g_ptr_array_new ();
  int played;
  int status = ISLE_CLI_OK;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("tournament", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  specs = g_strsplit (players_spec ? players_spec : "", ",", -1);
  t.variant = isle_variant_from_id (variant_id ? variant_id : "weather");
  if (g_strv_length (specs) != 2 || games < 1 || games > 1000000 || threads < 1 || threads > 64
      || t.variant == ISLE_N_VARIANTS)
    {
      g_printerr ("%s\n", _("critter-isle-cli tournament: expected --players A,B, --games from 1, "
                            "--threads from 1 to 64 and a known --variant"));
      return ISLE_CLI_CANNOT_RUN;
    }
  for (int p = 0; p < 2; p++)
    {
      IsleCliPlayer check;
      if (!isle_cli_player_parse (specs[p], &check, 0, &error))
        {
          g_printerr ("critter-isle-cli tournament: %s\n", error->message);
          for (int q = 0; q < p; q++)
            {
              g_array_unref (t.think[q]);
              g_free (t.specs[q]);
            }
          return ISLE_CLI_CANNOT_RUN;
        }
      t.specs[p] = g_steal_pointer (&check.spec);
      isle_cli_player_clear (&check);
      t.think[p] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  if (!isle_cli_load_rules (rules_path, &t.rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      for (int p = 0; p < 2; p++)
        {
          g_array_unref (t.think[p]);
          g_free (t.specs[p]);
        }
      return ISLE_CLI_CANNOT_RUN;
    }
  t.games = games;
  t.seed = (guint64) seed;
  g_mutex_init (&t.lock);
  catch_interrupts ();

  for (int i = 0; i < threads; i++)
    g_ptr_array_add (workers, g_thread_new ("tournament", worker, &t));
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_ptr_array_index (workers, i));

  for (int p = 0; p < 2; p++)
    g_array_sort (t.think[p], compare_doubles);

  /* Interrupted: the games finished are the tournament. */
  played = t.wins + t.draws + t.losses;
  if (played < games)
    {
      g_printerr (_("critter-isle-cli tournament: interrupted after %d of %d games\n"), played, games);
      status = ISLE_CLI_INTERRUPTED;
    }

  if (played > 0)
    print_results (&t, played, seed, json);
  for (int p = 0; p < 2; p++)
    {
      g_array_unref (t.think[p]);
      g_free (t.specs[p]);
    }
  g_mutex_clear (&t.lock);
  return status;
}
