/* test-builtin-evaluate.c — a built-in player's evaluation off the main
 * thread (isle_builtin_player_evaluate_async()): the same as the AI's own
 * for the same seed, refused by a level that does not search, cancelled
 * while the main loop runs, ended by its deadline, and leaving the
 * player's play as it was. */
#include <gio/gio.h>

#include "isle-builtin-player.h"
#include "isle-test-util.h"

/* Near the end of round 1: Red holds two Wolves, Blue two; a Wolf at d6
 * finishes Red's a6–d6 line of four with its Pig. */
static void
near_end_observation (IsleState *s, IsleObservation *obs)
{
  isle_test_state (s, ISLE_VARIANT_BASIC, isle_test_near_end_board, "WW", "WW",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  isle_state_observe (s, ISLE_SIDE_RED, obs);
}

typedef struct
{
  GMainLoop *loop;
  gboolean ok;
  GError *error;
  IsleAiEvaluation eval;
  IsleAction action;
  int ticks;
} Wait;

static void
evaluated (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;

  w->ok = isle_builtin_player_evaluate_finish (ISLE_BUILTIN_PLAYER (source), result,
                                               &w->eval, &w->error);
  g_main_loop_quit (w->loop);
}

static void
chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;

  w->ok = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &w->action,
                                        &w->error);
  g_main_loop_quit (w->loop);
}

static void
evaluate (IsleAiPlayer *player, const IsleObservation *obs, guint64 seed, double seconds,
          GCancellable *cancellable, Wait *w)
{
  w->loop = g_main_loop_new (NULL, FALSE);
  isle_builtin_player_evaluate_async (ISLE_BUILTIN_PLAYER (player), obs, seed, seconds,
                                      cancellable, evaluated, w);
  g_main_loop_run (w->loop);
  g_main_loop_unref (w->loop);
}

static IsleAction
choose (IsleAiPlayer *player, const IsleObservation *obs)
{
  Wait w = { 0 };

  w.loop = g_main_loop_new (NULL, FALSE);
  isle_ai_player_choose_async (player, obs, 0, NULL, chosen, &w);
  g_main_loop_run (w.loop);
  g_main_loop_unref (w.loop);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  return w.action;
}

/* Hard's evaluation on the worker thread is the AI's own, figure for
 * figure, and ranks d6 first. */
static void
test_evaluate_as_the_ai (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("hard", 1);
  const IsleAiLevel *hard = isle_ai_find ("hard");
  IsleState s;
  IsleObservation obs;
  IsleAiEvaluation direct;
  Wait w = { 0 };
  char text[32];

  near_end_observation (&s, &obs);
  g_assert_true (isle_builtin_player_can_evaluate (ISLE_BUILTIN_PLAYER (player)));
  evaluate (player, &obs, 11, 0, NULL, &w);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  g_assert_true (isle_ai_evaluate (hard, &obs, NULL, 11, &direct));
  g_assert_cmpint (w.eval.n_actions, ==, direct.n_actions);
  for (int i = 0; i < direct.n_actions; i++)
    {
      g_assert_cmpuint (w.eval.actions[i].action, ==, direct.actions[i].action);
      g_assert_cmpuint (w.eval.actions[i].visits, ==, direct.actions[i].visits);
      g_assert_cmpfloat (w.eval.actions[i].value, ==, direct.actions[i].value);
    }
  g_assert_cmpfloat (w.eval.value, ==, direct.value);
  g_assert_cmpint (w.eval.line_len, ==, direct.line_len);
  g_assert_cmpstr (isle_action_format (&s, w.eval.actions[0].action, text), ==, "place rW d6");
}

/* Easy does not search: it says so. */
static void
test_evaluate_not_supported (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("easy", 1);
  IsleState s;
  IsleObservation obs;
  Wait w = { 0 };

  near_end_observation (&s, &obs);
  g_assert_false (isle_builtin_player_can_evaluate (ISLE_BUILTIN_PLAYER (player)));
  evaluate (player, &obs, 1, 0, NULL, &w);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&w.error);
}

static gboolean
tick (gpointer data)
{
  ((Wait *) data)->ticks++;
  return G_SOURCE_CONTINUE;
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* The main loop runs while Expert evaluates for up to 30 seconds, and
 * cancelling ends it with G_IO_ERROR_CANCELLED. */
static void
test_evaluate_cancelled (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("expert", 1);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  IsleState s;
  IsleObservation obs;
  Wait w = { 0 };
  guint timer;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_empty_board, "WWPRB", "WWPRB",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  timer = g_timeout_add (5, tick, &w);
  g_timeout_add (200, cancel_later, cancellable);
  evaluate (player, &obs, 1, 30.0, cancellable, &w);
  g_source_remove (timer);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (w.ticks, >, 3);
  g_clear_error (&w.error);
}

/* Expert searches by time: at its deadline it gives what it found, the
 * visits of the actions adding up to the simulations run. */
static void
test_evaluate_by_time (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("expert", 1);
  IsleState s;
  IsleObservation obs;
  Wait w = { 0 };
  uint32_t visits = 0;

  near_end_observation (&s, &obs);
  evaluate (player, &obs, 5, 0.2, NULL, &w);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  g_assert_cmpint (w.eval.n_actions, ==, 4);
  for (int i = 0; i < w.eval.n_actions; i++)
    visits += w.eval.actions[i].visits;
  g_assert_cmpuint (w.eval.stats.iterations, >, 0);
  g_assert_cmpuint (visits, ==, w.eval.stats.iterations);
}

/* Evaluating does not draw from the player's seeds: after it the player
 * chooses what a twin that never evaluated chooses, move after move. */
static void
test_evaluate_leaves_play_alone (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("medium", 7);
  g_autoptr (IsleAiPlayer) twin = isle_builtin_player_new ("medium", 7);
  IsleRules rules;
  IsleState s;

  isle_test_standard_rules (&rules);
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, 0, 7));
  for (int i = 0; i < 6 && !isle_state_is_terminal (&s); i++)
    {
      IsleObservation obs;
      Wait w = { 0 };
      IsleAction a;

      isle_state_observe (&s, s.to_move, &obs);
      evaluate (player, &obs, 100 + (guint64) i, 0, NULL, &w);
      g_assert_no_error (w.error);
      a = choose (player, &obs);
      g_assert_cmpuint (a, ==, choose (twin, &obs));
      g_assert_true (isle_state_apply (&s, a));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/builtin-evaluate/as-the-ai", test_evaluate_as_the_ai);
  g_test_add_func ("/builtin-evaluate/not-supported", test_evaluate_not_supported);
  g_test_add_func ("/builtin-evaluate/cancelled", test_evaluate_cancelled);
  g_test_add_func ("/builtin-evaluate/by-time", test_evaluate_by_time);
  g_test_add_func ("/builtin-evaluate/leaves-play-alone", test_evaluate_leaves_play_alone);
  return g_test_run ();
}
