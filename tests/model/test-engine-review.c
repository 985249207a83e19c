/* test-engine-review.c — a game reviewed by an outside engine over the
 * engine protocol's `analyse` (issue 29 item 5): every decision judged by
 * it, the built-in search taking over from an engine that cannot analyse
 * or breaks the protocol (and saying so once), cancelling and dropping
 * the review while the engine thinks. */
#include "config.h"

#include <string.h>

#include "isle-engine-player.h"
#include "isle-game-review.h"
#include "isle-review-browser.h"
#include "isle-rules-json.h"
#include "isle-model-test-util.h"

#define N_DECISIONS 12

static IsleAiPlayer *
new_engine (const char *program, const char *const *args)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  IsleAiPlayer *engine;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  engine = isle_engine_player_new (program, args, &rules, &error);
  g_assert_no_error (error);
  return engine;
}

static IsleAiPlayer *
new_script_engine (const char *script)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "engines", script, NULL);
  const char *args[] = { path, NULL };

  return new_engine ("/bin/sh", args);
}

static void
count_fallback (GObject *object, GParamSpec *pspec, guint *count)
{
  (void) object;
  (void) pspec;
  (*count)++;
}

/* Reviews a game of N_DECISIONS with ENGINE; asserts every decision is
 * judged, by its seat, a legal best, the label its loss's and, when
 * BY_ENGINE (the engine judged every one), the chosen action's chance no
 * better than the best's; returns how often "fallback" was notified. */
static guint
review_with (IsleAiPlayer *engine, IsleGame *game, gboolean by_engine)
{
  g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_FAST, 3);
  guint notified = 0;

  /* Time enough for a searching level's own simulations even in the
   * sanitizer build (an engine that is done answers at once): with
   * fewer, an action it never tried is left to the built-in search. */
  isle_game_review_set_engine (review, engine, 1000);
  g_signal_connect (review, "notify::fallback", G_CALLBACK (count_fallback), &notified);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, N_DECISIONS);
  for (guint i = 0; i < N_DECISIONS; i++)
    {
      const IsleState *s = isle_game_review_get_state (review, i);
      IsleReviewMove move;

      g_assert_true (isle_game_review_get_move (review, i, &move));
      g_assert_cmpint (move.seat, ==, isle_state_to_move (s));
      g_assert_cmpint (move.action, ==, isle_game_get_action (game, i));
      g_assert_true (isle_state_is_legal (s, move.best));
      if (move.label == ISLE_REVIEW_ONLY)
        continue;
      g_assert_cmpfloat (move.after, >=, 0.0);
      g_assert_cmpfloat (move.before, <=, 1.0);
      if (by_engine)
        g_assert_cmpfloat (move.before, >=, move.after);
      g_assert_cmpint (move.label, ==,
                       isle_review_label (isle_review_lost (move.before, move.after, move.points), move.n_legal,
                                         move.best == move.action));
    }
  if (notified > 0)
    g_assert_nonnull (isle_game_review_get_fallback (review));
  else
    g_assert_null (isle_game_review_get_fallback (review));
  return notified;
}

/* The game's own engine, at a searching level, judges every decision: no
 * fallback, and its judgements are not kept as the built-in search's. */
static void
test_engine_judges (void)
{
  const char *args[] = { "engine", "--player", "medium", NULL };
  g_autoptr (IsleAiPlayer) engine = new_engine (CLI_PATH, args);
  g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 5);

  g_assert_cmpuint (review_with (engine, game, TRUE), ==, 0);
  /* Each action tried: no decision was left to the built-in search. */
  g_assert_null (isle_game_get_analysis (game));
  g_assert_false (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (engine)));
}

/* An engine's answer to `analyse`, read directly: its first action tried,
 * every action legal, values from 0 to 1. */
static void
test_analyse_answer (void)
{
  const char *args[] = { "engine", "--player", "medium", NULL };
  g_autoptr (IsleAiPlayer) engine = new_engine (CLI_PATH, args);
  g_autoptr (IsleGame) game = isle_test_played_game (3, 9);
  g_autofree IsleEngineAnalysis *analysis = g_new (IsleEngineAnalysis, 1);
  g_autoptr (GError) error = NULL;
  const IsleState *state = isle_game_get_state (game);

  g_assert_true (isle_engine_player_analyse (ISLE_ENGINE_PLAYER (engine), state, 50, NULL,
                                             analysis, &error));
  g_assert_no_error (error);
  g_assert_cmpint (analysis->n_actions, >=, 1);
  g_assert_cmpfloat (analysis->value, >=, 0.0);
  g_assert_cmpfloat (analysis->value, <=, 1.0);
  g_assert_cmpfloat (analysis->actions[0].value, >=, 0.0);
  g_assert_cmpuint (analysis->actions[0].visits, >, 0);
  for (int k = 0; k < analysis->n_actions; k++)
    {
      g_assert_true (isle_state_is_legal (state, analysis->actions[k].action));
      g_assert_cmpfloat (analysis->actions[k].value, <=, 1.0);
    }
}

/* An engine that does not search answers `analyse` with `error`: it
 * cannot analyse, is not broken by it, still plays; the review says so
 * once, naming it, and the built-in search judges every decision. */
static void
test_no_analyse_falls_back (void)
{
  const char *args[] = { "engine", "--player", "easy", NULL };
  g_autoptr (IsleAiPlayer) engine = new_engine (CLI_PATH, args);
  g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 7);
  g_autofree IsleEngineAnalysis *analysis = g_new (IsleEngineAnalysis, 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (isle_engine_player_analyse (ISLE_ENGINE_PLAYER (engine),
                                              isle_game_get_state (game), 20, NULL, analysis, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_UNSUPPORTED);
  g_assert_false (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (engine)));
  g_assert_cmpuint (review_with (engine, game, FALSE), ==, 1);
  /* The built-in search's judgements are kept with the game. */
  g_assert_nonnull (isle_game_get_analysis (game));
}

/* An engine that answers `analyse` with garbage is a fault: the review
 * falls back on the built-in search, and names the engine. */
static void
test_garbage_falls_back (void)
{
  g_autoptr (IsleAiPlayer) engine = new_script_engine ("garbage-values.sh");
  g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 11);
  g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_FAST, 3);

  isle_game_review_set_engine (review, engine, 20);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, N_DECISIONS);
  g_assert_nonnull (strstr (isle_game_review_get_fallback (review), "garbage values"));
  g_assert_true (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (engine)));
}

/* The same, through review_with(): every decision judged after a fault. */
static void
test_garbage_judges_all (void)
{
  g_autoptr (IsleAiPlayer) engine = new_script_engine ("garbage-values.sh");
  g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 13);

  g_assert_cmpuint (review_with (engine, game, FALSE), ==, 1);
}

static gboolean
stop_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* Cancelling, or dropping, a review whose engine never answers ends it
 * at once (the engine's time limit is an hour: waiting for it would time
 * the test out), with no result after it. */
static void
test_cancel_while_thinking (void)
{
  for (int drop = 0; drop < 2; drop++)
    {
      g_autoptr (IsleAiPlayer) engine = new_script_engine ("hang.sh");
      g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 17);
      IsleGameReview *review = isle_game_review_new (game, ISLE_REVIEW_FAST, 3);
      g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

      isle_engine_player_set_timeouts (ISLE_ENGINE_PLAYER (engine), 1000, 3600 * 1000);
      isle_game_review_set_engine (review, engine, 3600 * 1000);
      isle_game_review_start (review);
      /* Long enough for the question to be on its way. */
      g_timeout_add (200, stop_loop, loop);
      g_main_loop_run (loop);
      g_assert_cmpuint (isle_game_review_get_n_reviewed (review), <, N_DECISIONS);
      if (!drop)
        {
          isle_game_review_cancel (review);
          g_assert_true (isle_game_review_get_cancelled (review));
          while (g_main_context_iteration (NULL, FALSE))
            ;
          g_assert_false (isle_game_review_get_finished (review));
        }
      g_object_unref (review);
    }
}

/* The browser hands the engine to its review. */
static void
test_browser_engine (void)
{
  g_autoptr (IsleAiPlayer) engine = new_script_engine ("garbage-values.sh");
  g_autoptr (IsleGame) game = isle_test_played_game (N_DECISIONS, 19);
  g_autoptr (IsleReviewBrowser) browser = isle_review_browser_new (game, 0, ISLE_REVIEW_FAST);
  IsleGameReview *review = isle_review_browser_get_review (browser);

  isle_review_browser_set_engine (browser, engine, 20);
  isle_review_browser_start (browser);
  isle_test_run_review (review);
  g_assert_nonnull (isle_review_browser_get_fallback (browser));
  g_assert_cmpstr (isle_review_browser_get_fallback (browser), ==, isle_game_review_get_fallback (review));
}

/* What the reader makes of OUTPUT, the engine's answer to `analyse` in
 * OBS (after PONG when not NULL, LATE answers owed before it). */
static IsleEngineRead
read_values (const IsleObservation *obs, const char *pong, int late, const char *output,
             IsleEngineAnalysis *analysis, gboolean *unsupported, GError **error)
{
  g_autoptr (GString) pending = g_string_new (output);
  IsleEngineReader reader = { 0 };
  IsleEngineRead read;

  reader.expect = ISLE_ENGINE_EXPECT_VALUES;
  reader.obs = obs;
  reader.pong = g_strdup (pong);
  reader.late = late;
  reader.analysis = analysis;
  read = isle_engine_reader_feed (&reader, pending, error);
  *unsupported = reader.unsupported;
  isle_engine_reader_clear (&reader);
  return read;
}

/* `values` is read strictly: every action legal, each once, values from 0
 * to 1 or `-` with no visits, visits whole numbers, the first tried;
 * `error` after the pong says the engine cannot analyse, before it (it
 * answers the observation) is a fault; a cancelled question's late
 * `values` is skipped. */
static void
test_reader_values (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (0, 3);
  const IsleState *state = isle_game_get_state (game);
  g_autofree IsleObservation *obs = g_new (IsleObservation, 1);
  g_autofree IsleEngineAnalysis *analysis = g_new (IsleEngineAnalysis, 1);
  IsleActionList legal;
  char a[32], b[32];
  struct
  {
    const char *format;        /* %1$s, %2$s: two legal actions */
    int code;                  /* -1: an answer */
  } cases[] = {
    { "values 0.5; %1$s 0.6 10; %2$s - 0\n", -1 },
    { "info thinking\nvalues 1; %1$s 1 3\n", -1 },
    { "values 1.5; %1$s 0.6 10\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s 0.6 many\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s 0.6 -1\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s -0.1 4\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s nan 4\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s 0.6 1; %2$s - 3\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s 0.6 1; %1$s 0.5 1\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s - 0; %2$s 0.4 3\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; %1$s\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "action %1$s\n", ISLE_ENGINE_ERROR_PROTOCOL },
    { "values 0.5; settle z9 0.5 1\n", ISLE_ENGINE_ERROR_ILLEGAL },
  };

  isle_state_observe (state, isle_state_to_move (state), obs);
  isle_state_legal_actions (state, &legal);
  g_assert_cmpint (legal.n, >=, 2);
  isle_action_format (state, legal.actions[0], a);
  isle_action_format (state, legal.actions[1], b);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *output = g_strdup_printf (cases[i].format, a, b);
      gboolean unsupported = TRUE;
      IsleEngineRead read = read_values (obs, NULL, 0, output, analysis, &unsupported, &error);

      g_test_message ("%s", output);
      if (cases[i].code < 0)
        {
          g_assert_no_error (error);
          g_assert_cmpint (read, ==, ISLE_ENGINE_READ_ANSWER);
          g_assert_false (unsupported);
          g_assert_cmpint (analysis->actions[0].action, ==, legal.actions[0]);
          g_assert_cmpfloat (analysis->actions[0].value, >, 0.5);
        }
      else
        {
          g_assert_cmpint (read, ==, ISLE_ENGINE_READ_FAULT);
          g_assert_error (error, ISLE_ENGINE_ERROR, cases[i].code);
        }
    }
  {
    g_autoptr (GError) error = NULL;
    gboolean unsupported = FALSE;
    g_autofree char *late = g_strdup_printf ("values 0.5; %s 0.6 1\npong 2\nvalues 0.25; %s 0.3 7; %s 0.2 5\n", a, b, a);

    /* After the pong: it cannot analyse. */
    g_assert_cmpint (read_values (obs, "pong 2", 0, "pong 2\nerror analyse: no search\n", analysis,
                                  &unsupported, &error), ==, ISLE_ENGINE_READ_ANSWER);
    g_assert_no_error (error);
    g_assert_true (unsupported);
    /* Before it: about the observation, a fault. */
    g_assert_cmpint (read_values (obs, "pong 2", 0, "error bad observation\npong 2\n", analysis,
                                  &unsupported, &error), ==, ISLE_ENGINE_READ_FAULT);
    g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
    g_clear_error (&error);
    /* A cancelled question's values come before the pong, and are skipped. */
    g_assert_cmpint (read_values (obs, "pong 2", 1, late, analysis, &unsupported, &error), ==,
                     ISLE_ENGINE_READ_ANSWER);
    g_assert_no_error (error);
    g_assert_false (unsupported);
    g_assert_cmpint (analysis->n_actions, ==, 2);
    g_assert_cmpint (analysis->actions[0].action, ==, legal.actions[1]);
    g_assert_cmpuint (analysis->actions[0].visits, ==, 7);
    g_assert_cmpfloat (analysis->value, ==, 0.25);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine-review/reader-values", test_reader_values);
  g_test_add_func ("/engine-review/analyse-answer", test_analyse_answer);
  g_test_add_func ("/engine-review/engine-judges", test_engine_judges);
  g_test_add_func ("/engine-review/no-analyse-falls-back", test_no_analyse_falls_back);
  g_test_add_func ("/engine-review/garbage-falls-back", test_garbage_falls_back);
  g_test_add_func ("/engine-review/garbage-judges-all", test_garbage_judges_all);
  g_test_add_func ("/engine-review/cancel-while-thinking", test_cancel_while_thinking);
  g_test_add_func ("/engine-review/browser-engine", test_browser_engine);
  return g_test_run ();
}
