/* isle-cli-tournament.c — `critter-isle-cli tournament`: two players meet
 * over N games, changing seats every game; wins, draws, losses, scores, an
 * Elo difference with its 95% interval, and think times. With --sprt the
 * match stops as soon as the SPRT accepts a hypothesis; --engine-a/-b play
 * a level of another build through the engine protocol. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>

#include "isle-cli.h"
#include "isle-cli-stats.h"

typedef struct
{
  /* Settings. */
  char *specs[2];              /* canonical: "expert" for "ismcts:hard" */
  IslePlayerSpec players[2];   /* the same, parsed once */
  IsleRules rules;
  IsleVariant variant;
  int games;
  guint64 seed;
  gboolean progress;
  gboolean sprt_on;
  IsleSprt sprt;
  double engine_seconds[2];    /* for an engine of another build, or 0 */
  /* Set (atomically) once the SPRT has decided: no game starts, those
   * under way are given up. */
  int stopped;
  /* Results, for player A (index 0), under the lock. */
  GMutex lock;
  int next_game;
  int wins, draws, losses;
  double points[2];            /* each player's total score or coins */
  GArray *think[2];            /* seconds per decision with a choice */
  guint64 iterations[2];
  double search_seconds[2];
  int engine_faults[2];        /* games in which the player's engine faulted */
  guint8 *finished;            /* per game, with --sprt: its result is in */
  double llr;
  IsleSprtVerdict verdict;
} Tournament;

/* Game G's result is in (under the lock): once its pair is complete, the
 * SPRT looks at every result so far and may end the match. Judging only
 * whole pairs keeps both seats of each deal in the evidence. */
static void
judge (Tournament *t, int g)
{
  int partner = g ^ 1;

  t->finished[g] = 1;
  if (partner < t->games && !t->finished[partner])
    return;
  t->llr = isle_sprt_llr (&t->sprt, t->wins, t->draws, t->losses);
  t->verdict = isle_sprt_verdict (&t->sprt, t->llr);
  if (t->verdict != ISLE_SPRT_CONTINUE)
    g_atomic_int_set (&t->stopped, 1);
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
  gboolean faulted[2];

  for (int p = 0; p < 2; p++)
    {
      isle_cli_player_init (&players[p], &t->players[p],
                            seed * 2654435761u + (guint64) p * 97 + (guint64) g, NULL);
      players[p].engine_seconds = t->engine_seconds[p];
    }
  isle_state_init (&s, &t->rules, t->variant, 0, seed);
  while (!isle_state_is_terminal (&s) && !isle_cli_interrupted () && !g_atomic_int_get (&t->stopped))
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
    {
      /* The stand-in finished the game: it counts, and the fault too. */
      faulted[p] = players[p].engine_failed;
      isle_cli_player_clear (&players[p]);
    }
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
  if (g_atomic_int_get (&t->stopped))
    {
      /* Finished after the SPRT decided: the decision stands on the
       * results it saw. */
      g_mutex_unlock (&t->lock);
      for (int p = 0; p < 2; p++)
        g_array_unref (think[p]);
      return;
    }
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
      t->engine_faults[p] += faulted[p];
      g_array_unref (think[p]);
    }
  if (t->sprt_on)
    judge (t, g);
  if (t->progress)
    {
      int done = t->wins + t->draws + t->losses;

      if (t->sprt_on)
        {
          double lower, upper;

          isle_sprt_bounds (&t->sprt, &lower, &upper);
          /* TRANSLATORS: progress of a tournament with an SPRT: games
           * played of at most so many, player A's wins, draws and losses so
           * far, then the log-likelihood ratio and the bounds it must
           * reach. */
          g_printerr (_("%d of at most %d games: %d won, %d drawn, %d lost, LLR %.2f (%.2f, %.2f)\n"),
                      done, t->games, t->wins, t->draws, t->losses,
                      isle_sprt_llr (&t->sprt, t->wins, t->draws, t->losses), lower, upper);
        }
      else
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
      g = t->next_game < t->games && !isle_cli_interrupted () && !g_atomic_int_get (&t->stopped)
          ? t->next_game++ : -1;
      g_mutex_unlock (&t->lock);
      if (g < 0)
        return NULL;
      play_game (t, g);
    }
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

/* The SPRT's verdict as --json gives it. */
static const char *
verdict_id (IsleSprtVerdict verdict)
{
  return verdict == ISLE_SPRT_H1 ? "H1" : verdict == ISLE_SPRT_H0 ? "H0" : "inconclusive";
}

static void
add_sprt_json (JsonBuilder *b, const Tournament *t)
{
  double lower, upper;

  isle_sprt_bounds (&t->sprt, &lower, &upper);
  json_builder_set_member_name (b, "sprt");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "elo0");
  json_builder_add_double_value (b, t->sprt.elo0);
  json_builder_set_member_name (b, "elo1");
  json_builder_add_double_value (b, t->sprt.elo1);
  json_builder_set_member_name (b, "alpha");
  json_builder_add_double_value (b, t->sprt.alpha);
  json_builder_set_member_name (b, "beta");
  json_builder_add_double_value (b, t->sprt.beta);
  json_builder_set_member_name (b, "llr");
  json_builder_add_double_value (b, t->llr);
  json_builder_set_member_name (b, "lower_bound");
  json_builder_add_double_value (b, lower);
  json_builder_set_member_name (b, "upper_bound");
  json_builder_add_double_value (b, upper);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, verdict_id (t->verdict));
  json_builder_end_object (b);
}

static void
print_sprt (const Tournament *t, int played)
{
  double lower, upper;

  isle_sprt_bounds (&t->sprt, &lower, &upper);
  printf (_("SPRT: elo0 %g, elo1 %g, alpha %g, beta %g; LLR bounds %.2f and %.2f\n"),
          t->sprt.elo0, t->sprt.elo1, t->sprt.alpha, t->sprt.beta, lower, upper);
  if (t->verdict == ISLE_SPRT_H1)
    /* TRANSLATORS: H1 is the SPRT's hypothesis "player A is at least
     * elo1 stronger", kept as H1 in every language. */
    printf (_("LLR %.2f: H1 accepted (elo ≥ %g)\n"), t->llr, t->sprt.elo1);
  else if (t->verdict == ISLE_SPRT_H0)
    /* TRANSLATORS: H0 is the hypothesis "player A is at most elo0
     * stronger". */
    printf (_("LLR %.2f: H0 accepted (elo ≤ %g)\n"), t->llr, t->sprt.elo0);
  else
    printf (ngettext ("LLR %.2f: inconclusive after %d game\n",
                      "LLR %.2f: inconclusive after %d games\n", played), t->llr, played);
}

/* Prints the results of the PLAYED games finished (all of them but for an
 * interruption or an SPRT's decision), as text or as one JSON object. */
static void
print_results (const Tournament *t, int played, gint64 seed, gboolean json)
{
  double n = played, mean = (t->wins + 0.5 * t->draws) / n;
  double elo, low, high;

  isle_elo_interval (t->wins, t->draws, t->losses, &elo, &low, &high);
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
      json_builder_add_double_value (b, elo);
      json_builder_set_member_name (b, "elo_low");
      json_builder_add_double_value (b, low);
      json_builder_set_member_name (b, "elo_high");
      json_builder_add_double_value (b, high);
      if (t->sprt_on)
        add_sprt_json (b, t);
      json_builder_set_member_name (b, "engine_faults");
      json_builder_begin_array (b);
      json_builder_add_int_value (b, t->engine_faults[0]);
      json_builder_add_int_value (b, t->engine_faults[1]);
      json_builder_end_array (b);
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
      if (t->sprt_on)
        print_sprt (t, played);
      printf (_("%s: %d wins, %d draws, %d losses (score %.1f%%)\n"), t->specs[0], t->wins,
              t->draws, t->losses, 100 * mean);
      printf (_("Elo difference: %+.0f (95%% interval %+.0f to %+.0f)\n"), elo, low, high);
      printf (_("Average points: %s %.1f, %s %.1f\n"), t->specs[0], t->points[0] / n, t->specs[1],
              t->points[1] / n);
      for (int p = 0; p < 2; p++)
        {
          printf (_("Think time of %s: median %.2f ms, max %.2f ms"), t->specs[p],
                  1000 * median (t->think[p]), 1000 * maximum (t->think[p]));
          if (t->search_seconds[p] > 0)
            printf (_(", %.0f simulations/s"), t->iterations[p] / t->search_seconds[p]);
          printf ("\n");
          if (t->engine_faults[p] > 0)
            printf (ngettext ("The engine of %s faulted in %d game; the %s level finished it.\n",
                              "The engine of %s faulted in %d games; the %s level finished them.\n",
                              t->engine_faults[p]),
                    t->specs[p], t->engine_faults[p], ISLE_CLI_ENGINE_STAND_IN);
        }
    }
}

/* Frees what the settings hold. */
static void
tournament_clear (Tournament *t)
{
  for (int p = 0; p < 2; p++)
    {
      g_clear_pointer (&t->think[p], g_array_unref);
      g_clear_pointer (&t->specs[p], g_free);
    }
  g_clear_pointer (&t->finished, g_free);
}

/* With --engine-a/-b, player P's spec names a level of another build:
 * SPEC becomes that build's engine playing it. SECONDS gets the budget
 * to ask for, so the engine searches as long as the level does here. */
static char *
spec_of_other_build (const char *program, const char *level, double *seconds, GError **error)
{
  g_autofree char *quoted = g_shell_quote (program);
  IsleCliPlayer here;

  *seconds = 0;
  if (g_str_has_prefix (level, "engine:") || g_str_has_prefix (level, "plugin:"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--engine-a and --engine-b play a level of another build: expected a level "
                     "id in --players, not “%s”"), level);
      return NULL;
    }
  /* `critter-isle-cli engine` keeps a fifth of each `go` budget (at most a
   * second) for the way back; ask for the level's time plus that. A level
   * this build does not know, or one that counts simulations, gets the
   * protocol's default. */
  if (isle_cli_player_parse (level, &here, 0, NULL))
    {
      if (here.level != NULL && here.level->seconds > 0)
        *seconds = here.level->seconds <= 4 ? here.level->seconds / 0.8 : here.level->seconds + 1;
      isle_cli_player_clear (&here);
    }
  return g_strdup_printf ("engine:%s engine --player %s", quoted, level);
}

int
isle_cli_tournament (int argc, char **argv)
{
  g_autofree char *players_spec = NULL;
  g_autofree char *variant_id = NULL;
  g_autofree char *rules_path = NULL;
  g_autofree char *sprt_text = NULL;
  g_autofree char *engine_a = NULL;
  g_autofree char *engine_b = NULL;
  const char *engine_path[2];
  gint64 seed = 1;
  int games = 100, threads = 1;
  gboolean json = FALSE;
  Tournament t = { 0 };
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_STRING, &players_spec, N_("The two players, A,B (e.g. easy,expert); a comma inside an engine's command must be quoted"), N_("A,B") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to play (default 100); with --sprt, the most to play"), N_("N") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_id, N_("basic, weather, mercenary, quick or team (default weather)"), N_("VARIANT") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Games played at once (default 1)"), N_("T") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed (default 1)"), N_("S") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { "sprt", 0, 0, G_OPTION_ARG_STRING, &sprt_text, N_("Stop once a sequential probability ratio test decides whether A is at most E0 or at least E1 Elo stronger than B"), N_("elo0=E0,elo1=E1[,alpha=A,beta=B]") },
    { "engine-a", 0, 0, G_OPTION_ARG_FILENAME, &engine_a, N_("Player A is its level played by another build of critter-isle-cli, through the engine protocol"), N_("PROGRAM") },
    { "engine-b", 0, 0, G_OPTION_ARG_FILENAME, &engine_b, N_("Player B is its level played by another build of critter-isle-cli"), N_("PROGRAM") },
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
  specs = isle_cli_split_players (players_spec ? players_spec : "");
  t.variant = isle_variant_from_id (variant_id ? variant_id : "weather");
  if (g_strv_length (specs) != 2 || games < 1 || games > 1000000 || threads < 1 || threads > 64
      || t.variant == ISLE_N_VARIANTS)
    {
      g_printerr ("%s\n", _("critter-isle-cli tournament: expected --players A,B, --games from 1, "
                            "--threads from 1 to 64 and a known --variant"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (sprt_text != NULL && !isle_sprt_parse (sprt_text, &t.sprt, &error))
    {
      g_printerr ("critter-isle-cli tournament: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  t.sprt_on = sprt_text != NULL;
  engine_path[0] = engine_a;
  engine_path[1] = engine_b;
  for (int p = 0; p < 2; p++)
    {
      g_autofree char *spec = g_strstrip (g_strdup (specs[p]));
      IsleCliPlayer check;

      t.think[p] = g_array_new (FALSE, FALSE, sizeof (double));
      if (engine_path[p] != NULL)
        {
          char *level = g_steal_pointer (&spec);

          spec = spec_of_other_build (engine_path[p], level, &t.engine_seconds[p], &error);
          g_free (level);
        }
      if (spec == NULL || !isle_cli_player_parse (spec, &check, 0, &error))
        {
          g_printerr ("critter-isle-cli tournament: %s\n", error->message);
          tournament_clear (&t);
          return ISLE_CLI_CANNOT_RUN;
        }
      t.players[p] = check.spec;
      t.specs[p] = isle_player_spec_format (&check.spec);
      isle_cli_player_clear (&check);
    }
  if (!isle_cli_load_rules (rules_path, &t.rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      tournament_clear (&t);
      return ISLE_CLI_CANNOT_RUN;
    }
  t.games = games;
  t.seed = (guint64) seed;
  if (t.sprt_on)
    t.finished = g_new0 (guint8, games);
  g_mutex_init (&t.lock);
  /* The first Ctrl+C (or SIGTERM): no new game starts, the games under
   * way are given up, and the results of those finished are printed. */
  isle_cli_catch_interrupts ();

  for (int i = 0; i < threads; i++)
    g_ptr_array_add (workers, g_thread_new ("tournament", worker, &t));
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_ptr_array_index (workers, i));

  for (int p = 0; p < 2; p++)
    g_array_sort (t.think[p], compare_doubles);

  /* Interrupted: the games finished are the tournament. An SPRT that
   * decided early ended it as asked. */
  played = t.wins + t.draws + t.losses;
  if (played < games && isle_cli_interrupted ())
    {
      g_printerr (_("critter-isle-cli tournament: interrupted after %d of %d games\n"), played, games);
      status = ISLE_CLI_INTERRUPTED;
    }
  if (t.sprt_on && t.verdict == ISLE_SPRT_CONTINUE)
    t.llr = isle_sprt_llr (&t.sprt, t.wins, t.draws, t.losses);

  if (played > 0)
    print_results (&t, played, seed, json);
  tournament_clear (&t);
  g_mutex_clear (&t.lock);
  return status;
}
