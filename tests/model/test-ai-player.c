/* test-ai-player.c — IsleAiPlayer and the built-in players: asynchronous,
 * cancellable, never blocking the main loop, legal choices from an
 * observation (R12). */
#include "config.h"

#include "isle-builtin-player.h"
#include "isle-rules-json.h"

static void
start_game (IsleState *s, IsleVariant variant)
{
  IsleRules rules;
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  rules.opening_hand = ISLE_OPENING_DEAL;
  g_assert_true (isle_state_init (s, &rules, variant, 0, 9));
}

static void
test_ai_player_metadata (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("hard", 1);
  /* An old id makes its level's player, named by the level's id. */
  g_autoptr (IsleAiPlayer) old = isle_builtin_player_new ("ismcts:medium", 1);

  g_assert_nonnull (player);
  g_assert_cmpstr (isle_ai_player_get_id (player), ==, "hard");
  g_assert_nonnull (old);
  g_assert_cmpstr (isle_ai_player_get_id (old), ==, "hard");
  g_assert_nonnull (isle_ai_player_get_name (player));
  g_assert_nonnull (isle_ai_player_get_description (player));
  g_assert_cmpint (isle_ai_player_get_strength (player), >, 0);
  g_assert_null (isle_builtin_player_new ("nobody", 1));
}

/* Every built-in player finishes a game of every variant through the
 * interface, with legal actions only. */
static void
test_ai_player_plays_games (void)
{
  const char *ids[] = { "beginner", "easy" };

  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    for (int v = 0; v < ISLE_N_VARIANTS; v++)
      {
        g_autoptr (IsleAiPlayer) player = isle_builtin_player_new (ids[i], 3);
        IsleState s;

        start_game (&s, (IsleVariant) v);
        while (!isle_state_is_terminal (&s))
          {
            IsleObservation obs;
            IsleAction a;
            g_autoptr (GError) error = NULL;

            isle_state_observe (&s, isle_state_to_move (&s), &obs);
            g_assert_true (isle_ai_player_choose_sync (player, &obs, 0, &a, &error));
            g_assert_no_error (error);
            g_assert_true (isle_state_apply (&s, a));
          }
      }
}

typedef struct
{
  GMainLoop *loop;
  int ticks;
  gboolean done;
  gboolean ok;
  GError *error;
  IsleAction action;
} Wait;

static gboolean
tick (gpointer data)
{
  ((Wait *) data)->ticks++;
  return G_SOURCE_CONTINUE;
}

static void
chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;

  w->ok = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &w->action, &w->error);
  w->done = TRUE;
  g_main_loop_quit (w->loop);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* The main loop keeps running while the computer thinks (a timer fires
 * during the search), and a cancelled search ends with G_IO_ERROR_CANCELLED
 * instead of running to its 30-second budget. */
static void
test_ai_player_never_blocks_and_cancels (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("expert", 5);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  IsleState s;
  IsleObservation obs;
  Wait w = { 0 };
  guint timer;

  start_game (&s, ISLE_VARIANT_WEATHER);
  while (s.phase != ISLE_PHASE_PLACE)
    {
      IsleActionList list;
      isle_state_legal_actions (&s, &list);
      g_assert_true (isle_state_apply (&s, list.actions[0]));
    }
  isle_state_observe (&s, s.to_move, &obs);
  w.loop = g_main_loop_new (NULL, FALSE);
  timer = g_timeout_add (5, tick, &w);
  g_timeout_add (200, cancel_later, cancellable);
  isle_ai_player_choose_async (player, &obs, 30.0, cancellable, chosen, &w);
  g_main_loop_run (w.loop);
  g_source_remove (timer);
  g_assert_true (w.done);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (w.ticks, >, 3);
  g_clear_error (&w.error);
  g_main_loop_unref (w.loop);
}

/* A search with a budget returns a legal action when the time is up. */
static void
test_ai_player_deadline (void)
{
  g_autoptr (IsleAiPlayer) player = isle_builtin_player_new ("expert", 5);
  g_autoptr (GError) error = NULL;
  IsleState s;
  IsleObservation obs;
  IsleAction a;

  start_game (&s, ISLE_VARIANT_BASIC);
  isle_state_observe (&s, s.to_move, &obs);
  g_assert_true (isle_ai_player_choose_sync (player, &obs, 0.05, &a, &error));
  g_assert_no_error (error);
  g_assert_true (isle_state_is_legal (&s, a));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai-player/metadata", test_ai_player_metadata);
  g_test_add_func ("/ai-player/plays_games", test_ai_player_plays_games);
  g_test_add_func ("/ai-player/never_blocks_and_cancels", test_ai_player_never_blocks_and_cancels);
  g_test_add_func ("/ai-player/deadline", test_ai_player_deadline);
  return g_test_run ();
}
