/* test-engine-player.c — the engine protocol (doc/engine-protocol.md): the
 * observation text (R12: round trip, no hidden facts), whole games through
 * `critter-isle-cli engine`, and faulty engines from tests/data/engines/. */
#include "config.h"

#include <string.h>

#include "isle-builtin-player.h"
#include "isle-engine-player.h"
#include "isle-observation.h"
#include "isle-observation-text.h"
#include "isle-rules-json.h"

static IsleRules rules;

/* Zeroes what an observation holds but does not mean: hand slots past the
 * hand, deck slots past the deck, and the rules (sent apart). */
static void
normalize (IsleObservation *obs)
{
  IsleState *v = &obs->view;

  for (int t = 0; t < ISLE_MAX_SEATS; t++)
    for (int i = v->hand_len[t]; i < ISLE_HAND_MAX; i++)
      v->hand[t][i] = 0;
  for (int i = v->deck_len; i < ISLE_MAX_WEATHER_CARDS; i++)
    v->deck[i] = v->deck_seen[i] = 0;
  /* R6.1, doc/engine-protocol.md `weather`: before the round's card is
   * kept the text says `-` (the view keeps the last round's, for show). */
  if (isle_obs_weather_rounds (v) < v->round)
    v->weather = ISLE_WEATHER_SUNNY;
  memset (&v->rules, 0, sizeof v->rules);
}

/* Calls FUNC on observations of many random states of every variant. */
static void
for_random_observations (void (*func) (const IsleState *state, const IsleObservation *obs),
                         int games)
{
  for (int variant = 0; variant < ISLE_N_VARIANTS; variant++)
    for (int g = 0; g < games; g++)
      {
        IsleState s;
        IsleRng rng;

        isle_rng_seed (&rng, (guint64) (variant * 1000 + g));
        g_assert_true (isle_state_init (&s, &rules, (IsleVariant) variant, g % 2, (guint64) g + 7));
        while (TRUE)
          {
            for (int seat = 0; seat < s.n_seats; seat++)
              {
                IsleObservation obs;
                isle_state_observe (&s, seat, &obs);
                func (&s, &obs);
              }
            if (isle_state_is_terminal (&s))
              break;
            g_assert_true (isle_state_apply (&s, isle_state_sample_action (&s, &rng)));
          }
      }
}

static int n_checked;

static void
check_round_trip (const IsleState *state, const IsleObservation *obs)
{
  g_autofree char *text = isle_observation_to_text (obs);
  g_autofree char *again = NULL;
  g_autoptr (GError) error = NULL;
  IsleObservation a = *obs, b;

  (void) state;
  memset (&b, 0xa5, sizeof b);
  b.view.rules = obs->view.rules;
  if (!isle_observation_from_text (text, &b, &error))
    g_error ("%s\n%s", error->message, text);
  again = isle_observation_to_text (&b);
  g_assert_cmpstr (text, ==, again);
  normalize (&a);
  normalize (&b);
  if (memcmp (&a, &b, sizeof a) != 0)
    g_error ("round trip differs:\n%s", text);
  n_checked++;
}

static void
test_round_trip (void)
{
  n_checked = 0;
  for_random_observations (check_round_trip, 6);
  g_assert_cmpint (n_checked, >, 1000);
}

/* R12: states the observer cannot tell apart give the same bytes. */
static void
check_no_hidden_facts (const IsleState *state, const IsleObservation *obs)
{
  g_autofree char *text = isle_observation_to_text (obs);
  IsleRng rng;

  (void) state;
  if (n_checked++ % 7 != 0)
    return;
  isle_rng_seed (&rng, (guint64) n_checked);
  for (int i = 0; i < 2; i++)
    {
      IsleState other;
      IsleObservation again;
      g_autofree char *other_text = NULL;

      isle_obs_determinize (obs, &rng, &other);
      isle_state_observe (&other, obs->observer, &again);
      other_text = isle_observation_to_text (&again);
      g_assert_cmpstr (text, ==, other_text);
    }
}

static void
test_no_hidden_facts (void)
{
  n_checked = 0;
  for_random_observations (check_no_hidden_facts, 3);
}

/* A determinization's legal list is the true state's, for the observer. */
static void
check_legal_texts (const IsleState *state, const IsleObservation *obs)
{
  g_auto (GStrv) texts = NULL;
  g_autofree IsleAction *actions = NULL;
  IsleActionList list;
  int n;

  if (isle_state_is_terminal (state) || isle_state_to_move (state) != obs->observer)
    return;
  texts = isle_observation_legal_texts (obs, &actions, &n);
  g_assert_cmpint (n, ==, isle_state_legal_actions (state, &list));
  g_assert_cmpint ((int) g_strv_length (texts), ==, n);
  for (int i = 0; i < n; i++)
    {
      char buf[32];
      g_assert_true (isle_state_is_legal (state, actions[i]));
      g_assert_cmpstr (texts[i], ==, isle_action_format (state, actions[i], buf));
    }
}

static void
test_legal_texts (void)
{
  for_random_observations (check_legal_texts, 2);
}

static void
test_bad_text (void)
{
  static const char *const bad[] = {
    "",
    "variant chess\nend\n",
    "seats 3\n",
    "row 1 . . . . . .\nrow 1 . . . . . .\n",
    "unknown-key 1\n",
    "coins 99999999999999 0\n",
    "hand rW rW rW rW rW rW\n",
    "unseen 0 W 255 P 255 R 255\n",
    "end\nvariant basic\n",
  };
  IsleObservation obs;

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (isle_observation_from_text (bad[i], &obs, &error));
      g_assert_error (error, ISLE_OBSERVATION_TEXT_ERROR, error->code);
    }

  /* Every line of a real observation cut or changed: an error, never a
   * crash, and never an observation whose hidden slots cannot be filled. */
  {
    IsleState s;
    IsleObservation o;
    g_autofree char *text = NULL;
    g_auto (GStrv) lines = NULL;

    isle_state_init (&s, &rules, ISLE_VARIANT_MERCENARY, 0, 3);
    isle_state_observe (&s, isle_state_to_move (&s), &o);
    text = isle_observation_to_text (&o);
    lines = g_strsplit (text, "\n", -1);
    for (int skip = 0; lines[skip] != NULL; skip++)
      {
        g_autoptr (GString) cut = g_string_new (NULL);
        g_autoptr (GError) error = NULL;

        for (int i = 0; lines[i] != NULL; i++)
          if (i != skip)
            g_string_append_printf (cut, "%s\n", lines[i]);
          else
            g_string_append_printf (cut, "%s 9\n", lines[i]);
        (void) isle_observation_from_text (cut->str, &obs, &error);
      }
  }
}

static char *
engine_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "engines", name, NULL);
}

/* Plays a whole game: the seats in ENGINES through `critter-isle-cli
 * engine`, the others the Easy level. The engine is named by its old id,
 * as outside tools still do, and answers with the level's id. */
static void
play_through_protocol (IsleVariant variant, guint engines, guint64 seed)
{
  IsleAiPlayer *players[ISLE_MAX_SEATS] = { NULL };
  const char *args[] = { "engine", "--player", "greedy", NULL };
  IsleState s;
  int moves = 0;

  g_assert_true (isle_state_init (&s, &rules, variant, 0, seed));
  for (int t = 0; t < s.n_seats; t++)
    {
      g_autoptr (GError) error = NULL;

      if (engines & (1u << t))
        {
          players[t] = isle_engine_player_new (CLI_PATH, args, &rules, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (isle_ai_player_get_name (players[t]), ==, "Critter Isle easy");
        }
      else
        players[t] = isle_builtin_player_new ("easy", seed + (guint64) t);
    }
  while (!isle_state_is_terminal (&s))
    {
      g_autoptr (GError) error = NULL;
      IsleObservation obs;
      IsleAction a = 0;

      isle_state_observe (&s, isle_state_to_move (&s), &obs);
      g_assert_true (isle_ai_player_choose_sync (players[s.to_move], &obs, 2.0, &a, &error));
      g_assert_no_error (error);
      g_assert_true (isle_state_apply (&s, a));
      moves++;
    }
  g_assert_cmpint (moves, >, 30);
  for (int t = 0; t < s.n_seats; t++)
    {
      if (ISLE_IS_ENGINE_PLAYER (players[t]))
        g_assert_false (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (players[t])));
      g_object_unref (players[t]);
    }
}

static void
test_whole_game (void)
{
  play_through_protocol (ISLE_VARIANT_WEATHER, 0x1, 11);
  play_through_protocol (ISLE_VARIANT_MERCENARY, 0x3, 12);
  play_through_protocol (ISLE_VARIANT_TEAM, 0xf, 13);
}

typedef struct
{
  const char *script;
  const char *arg;
  IsleEngineError code;
} Faulty;

static const Faulty faulty[] = {
  { "garbage.sh", NULL, ISLE_ENGINE_ERROR_PROTOCOL },
  { "illegal.sh", NULL, ISLE_ENGINE_ERROR_ILLEGAL },
  { "hang.sh", NULL, ISLE_ENGINE_ERROR_TIMEOUT },
  { "flood.sh", "line", ISLE_ENGINE_ERROR_PROTOCOL },
  { "flood.sh", "info", ISLE_ENGINE_ERROR_PROTOCOL },
  { "bad-utf8.sh", NULL, ISLE_ENGINE_ERROR_PROTOCOL },
};

static void
test_faulty (gconstpointer data)
{
  const Faulty *f = data;
  g_autofree char *path = engine_path (f->script);
  g_autofree char *sh = g_find_program_in_path ("sh");
  const char *args[] = { path, f->arg, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) again = NULL;
  g_autoptr (IsleAiPlayer) player = NULL;
  IsleState s, before;
  IsleObservation obs;
  IsleAction a = 0;
  gint64 start;

  player = isle_engine_player_new (sh, args, &rules, &error);
  g_assert_no_error (error);
  isle_engine_player_set_timeouts (ISLE_ENGINE_PLAYER (player), 100, 300);
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 5));
  before = s;
  isle_state_observe (&s, isle_state_to_move (&s), &obs);

  start = g_get_monotonic_time ();
  g_assert_false (isle_ai_player_choose_sync (player, &obs, 0.1, &a, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, (gint) f->code);
  g_test_message ("%s: %s", f->script, error->message);
  /* The message names the engine: its script, not the shell running it. */
  g_assert_nonnull (strstr (error->message, f->script));
  g_assert_null (strstr (error->message, sh));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  g_assert_true (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (player)));
  g_assert_cmpmem (&s, sizeof s, &before, sizeof before);

  /* Later choices fail at once. */
  g_assert_false (isle_ai_player_choose_sync (player, &obs, 0.1, &a, &again));
  g_assert_error (again, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_BROKEN);
}

static void
test_crash_mid_game (void)
{
  g_autofree char *path = engine_path ("crash-mid-game.py");
  g_autofree char *python = g_find_program_in_path ("python3");
  const char *args[] = { path, "6", CLI_PATH, "engine", "--player", "random", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleAiPlayer) player = NULL;
  g_autoptr (IsleAiPlayer) greedy = isle_builtin_player_new ("easy", 1);
  IsleState s;
  int gos = 0;
  gboolean faulted = FALSE;

  if (python == NULL)
    {
      g_test_skip ("no python3");
      return;
    }
  player = isle_engine_player_new (python, args, &rules, &error);
  g_assert_no_error (error);
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 9));
  while (!isle_state_is_terminal (&s))
    {
      IsleObservation obs;
      IsleAction a = 0;
      IsleAiPlayer *who = s.to_move == 0 && !faulted ? player : greedy;
      IsleState before = s;

      isle_state_observe (&s, s.to_move, &obs);
      if (who == player)
        gos++;
      if (!isle_ai_player_choose_sync (who, &obs, 1.0, &a, &error))
        {
          /* The fault leaves the game as it was; greedy takes over. */
          g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_DIED);
          g_assert_cmpint (gos, ==, 6);
          g_assert_cmpmem (&s, sizeof s, &before, sizeof before);
          g_clear_error (&error);
          faulted = TRUE;
          continue;
        }
      g_assert_true (isle_state_apply (&s, a));
    }
  g_assert_true (faulted);
}

typedef struct
{
  GMainLoop *loop;
  gboolean ok;
  IsleAction action;
  GError *error;
} Wait;

static void
choose_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *w = data;

  w->ok = isle_ai_player_choose_finish (ISLE_AI_PLAYER (source), result, &w->action, &w->error);
  g_main_loop_quit (w->loop);
}

static gboolean
cancel_soon (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* A cancelled choice leaves the protocol in step: the late answer is
 * thrown away and the next choice gets its own. */
static void
test_cancel_resync (void)
{
  const char *args[] = { "engine", "--player", "expert", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleAiPlayer) player = isle_engine_player_new (CLI_PATH, args, &rules, &error);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Wait w = { 0 };
  IsleState s;
  IsleObservation obs;
  IsleAction a = 0;

  g_assert_no_error (error);
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 21));
  isle_state_observe (&s, s.to_move, &obs);

  w.loop = g_main_loop_new (NULL, FALSE);
  isle_ai_player_choose_async (player, &obs, 0.4, cancellable, choose_done, &w);
  g_timeout_add (30, cancel_soon, cancellable);
  g_main_loop_run (w.loop);
  g_main_loop_unref (w.loop);
  g_assert_false (w.ok);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&w.error);
  g_assert_false (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (player)));

  /* Next move, another decision point: the answer must be for it. */
  g_assert_true (isle_state_apply (&s, isle_state_sample_action (&s, &(IsleRng) { 5 })));
  isle_state_observe (&s, s.to_move, &obs);
  g_assert_true (isle_ai_player_choose_sync (player, &obs, 0.1, &a, &error));
  g_assert_no_error (error);
  g_assert_true (isle_state_is_legal (&s, a));
}

static gpointer
start_engine_in_thread (gpointer data)
{
  const char *args[] = { "engine", "--player", "random", NULL };

  (void) data;
  return isle_engine_player_new (CLI_PATH, args, &rules, NULL);
}

/* An engine started from a thread that then ends (as a worker thread of a
 * pool does) keeps running: it dies with the program, not with the thread
 * (PR_SET_PDEATHSIG follows the thread that spawned it). */
static void
test_outlives_starting_thread (void)
{
  GThread *thread = g_thread_new ("starter", start_engine_in_thread, NULL);
  g_autoptr (IsleAiPlayer) player = g_thread_join (thread);
  g_autoptr (GError) error = NULL;
  IsleState s;
  IsleObservation obs;
  IsleAction a = 0;

  g_assert_nonnull (player);
  g_usleep (200 * 1000);   /* time for a death signal to arrive */
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 22));
  isle_state_observe (&s, s.to_move, &obs);
  g_assert_true (isle_ai_player_choose_sync (player, &obs, 0.2, &a, &error));
  g_assert_no_error (error);
  g_assert_true (isle_state_is_legal (&s, a));
  g_assert_false (isle_engine_player_is_broken (ISLE_ENGINE_PLAYER (player)));
}

/* Which argument of a command line names the engine in messages. */
static void
test_command_program (void)
{
  static const struct
  {
    const char *argv[6];
    const char *program;
  } cases[] = {
    { { "/usr/bin/python3", "/path/bot.py", NULL }, "/path/bot.py" },
    { { "python3.11", "-u", "-O", "bot.py", "--level", NULL }, "bot.py" },
    { { "/usr/bin/env", "PYTHONPATH=lib", "python3", "bot.py", NULL }, "bot.py" },
    { { "sh", "./engine.sh", "fast", NULL }, "./engine.sh" },
    { { "node", "bot.js", NULL }, "bot.js" },
    { { "java", "-jar", "bot.jar", NULL }, "bot.jar" },
    { { "/usr/bin/critter-isle-cli", "engine", "--player", "easy", NULL },
      "/usr/bin/critter-isle-cli" },
    { { "/opt/bots/python-bot", "bot.py", NULL }, "/opt/bots/python-bot" },
    /* Code on the command line: nothing but the interpreter has a name. */
    { { "/bin/sh", "-c", "exec ./bot", NULL }, "/bin/sh" },
    { { "perl", "-e", "print 1", NULL }, "perl" },
    { { "python3", NULL }, "python3" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (isle_engine_command_program (cases[i].argv), ==, cases[i].program);
}

/* A legal action's text for the seat to move in S whose token names its
 * owner (`pick rW`, `place rW c3`); NULL if there is none. With OTHER_SEAT,
 * the same words with the other side's owner letter. */
static char *
owned_action_text (const IsleState *s, gboolean other_seat)
{
  g_auto (GStrv) texts = NULL;
  g_autofree IsleAction *actions = NULL;
  IsleObservation obs;
  int n;

  isle_state_observe (s, s->to_move, &obs);
  texts = isle_observation_legal_texts (&obs, &actions, &n);
  for (int i = 0; i < n; i++)
    {
      char *owner = strstr (texts[i], s->to_move % 2 == 0 ? " r" : " b");

      if (owner == NULL)
        continue;
      if (other_seat)
        owner[1] = s->to_move % 2 == 0 ? 'b' : 'r';
      return g_strdup (texts[i]);
    }
  return NULL;
}

static gboolean
have_python3 (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");

  return python != NULL;
}

/* Asks fixed-action.py (run by python3, so messages must name the script)
 * for one action, answering ACTION; EARLY also has it write ACTION unasked
 * before the question. Returns whether the choice succeeded. */
static gboolean
choose_with_fixed_engine (const IsleState *s, const char *action, gboolean early, GError **error)
{
  g_autofree char *path = engine_path ("fixed-action.py");
  g_autofree char *python = g_find_program_in_path ("python3");
  const char *args[] = { path, action, early ? "early" : NULL, NULL };
  g_autoptr (IsleAiPlayer) player = NULL;
  IsleObservation obs;
  IsleAction a = 0;
  gboolean ok;

  player = isle_engine_player_new (python, args, &rules, error);
  g_assert_nonnull (player);
  isle_engine_player_set_timeouts (ISLE_ENGINE_PLAYER (player), 200, 2000);
  isle_state_observe (s, s->to_move, &obs);
  ok = isle_ai_player_choose_sync (player, &obs, 0.2, &a, error);
  if (ok)
    {
      char buf[32];

      g_assert_cmpstr (isle_action_format (s, a, buf), ==, action);
    }
  else
    {
      g_test_message ("%s", (*error)->message);
      /* Named by the name it gave and its script's file, not by python3. */
      g_assert_true (g_str_has_prefix ((*error)->message, "engine “fixed” (fixed-action.py): "));
      g_assert_null (strstr ((*error)->message, "python"));
    }
  return ok;
}

/* The position of the tests with fixed-action.py (the basic game's start)
 * in S, and the action it is to answer there, as owned_action_text() gives
 * it; NULL when the test is skipped (no python3). */
static char *
fixed_engine_position (IsleState *s, gboolean other_seat)
{
  char *action;

  if (!have_python3 ())
    {
      g_test_skip ("no python3");
      return NULL;
    }
  g_assert_true (isle_state_init (s, &rules, ISLE_VARIANT_BASIC, 0, 5));
  action = owned_action_text (s, other_seat);
  g_assert_nonnull (action);
  return action;
}

/* An `action` line written before the client asked (here right after the
 * handshake) is a fault, not the answer to the next `go`: the client pings
 * before each go and nothing unasked may come before the pong. */
static void
test_stale_action (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *action = NULL;
  IsleState s;

  action = fixed_engine_position (&s, FALSE);
  if (action == NULL)
    return;
  /* Asked, the action is legal and taken… */
  g_assert_true (choose_with_fixed_engine (&s, action, FALSE, &error));
  g_assert_no_error (error);
  /* …but the same line written before the question is stale. */
  g_assert_false (choose_with_fixed_engine (&s, action, TRUE, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "before answering “ping”"));
}

/* An action for another seat is reported as that, not as "not an action". */
static void
test_wrong_seat (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *action = NULL;
  IsleState s;

  action = fixed_engine_position (&s, TRUE);
  if (action == NULL)
    return;
  g_assert_false (choose_with_fixed_engine (&s, action, FALSE, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "for the wrong seat"));
  g_assert_nonnull (strstr (error->message, action));
  g_assert_null (strstr (error->message, "not an action"));
}

/* Feeds TEXT to a reader expecting an action in S after `pong 1`, with
 * LATE answers to cancelled choices owed. */
static IsleEngineRead
feed_after_ping (const IsleState *s, const char *text, int late, IsleAction *action,
                 GError **error)
{
  g_autoptr (GString) pending = g_string_new (text);
  IsleEngineReader reader = { 0 };
  IsleObservation obs;
  IsleEngineRead read;

  isle_state_observe (s, s->to_move, &obs);
  reader.expect = ISLE_ENGINE_EXPECT_ACTION;
  reader.obs = &obs;
  reader.pong = g_strdup ("pong 1");
  reader.late = late;
  read = isle_engine_reader_feed (&reader, pending, error);
  *action = reader.action;
  isle_engine_reader_clear (&reader);
  return read;
}

/* What may come before the pong: `info`, earlier pongs and the answers
 * owed to cancelled choices, no more and no fewer; the answer after it. */
static void
test_reader_before_pong (void)
{
  g_autofree char *own = NULL;
  g_autofree char *text = NULL;
  IsleAction a = 0;
  IsleState s;

  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 5));
  own = owned_action_text (&s, FALSE);
  text = g_strdup_printf ("info waking\npong 0\naction %s\nerror late\npong 1\naction %s\n",
                          own, own);
  {
    g_autoptr (GError) error = NULL;
    char buf[32];

    g_assert_cmpint (feed_after_ping (&s, text, 2, &a, &error), ==, ISLE_ENGINE_READ_ANSWER);
    g_assert_no_error (error);
    g_assert_cmpstr (isle_action_format (&s, a, buf), ==, own);
  }
  {
    /* One answer fewer owed: the second line before the pong is unasked. */
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (feed_after_ping (&s, text, 1, &a, &error), ==, ISLE_ENGINE_READ_FAULT);
    g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
    g_assert_nonnull (strstr (error->message, "error late"));
  }
  {
    /* One more owed: the pong came before an answer that was due. */
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (feed_after_ping (&s, text, 3, &a, &error), ==, ISLE_ENGINE_READ_FAULT);
    g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
    g_assert_nonnull (strstr (error->message, "without answering"));
  }
  {
    /* `error` before the pong answers the observation: a fault. */
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (feed_after_ping (&s, "error bad observation\npong 1\n", 0, &a, &error), ==,
                     ISLE_ENGINE_READ_FAULT);
    g_assert_nonnull (strstr (error->message, "bad observation"));
  }
}

static void
test_start_failure (void)
{
  g_autoptr (GError) error = NULL;
  const char *args[] = { "-c", "echo hello; read x", NULL };

  g_assert_null (isle_engine_player_new ("/nonexistent/engine", NULL, &rules, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START);
  g_clear_error (&error);
  g_assert_null (isle_engine_player_new ("/bin/sh", args, &rules, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
  g_clear_error (&error);
  g_assert_null (isle_engine_player_new ("/bin/true", NULL, &rules, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_DIED);

  /* A script that dies before the handshake gave no name: the message
   * names it by its file, not by its interpreter. */
  if (have_python3 ())
    {
      g_autofree char *python = g_find_program_in_path ("python3");
      g_autofree char *script = engine_path ("crash-mid-game.py");
      const char *no_args[] = { script, NULL };

      g_clear_error (&error);
      g_assert_null (isle_engine_player_new (python, no_args, &rules, &error));
      g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_DIED);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "engine “crash-mid-game.py”: "));
      g_assert_null (strstr (error->message, "python"));
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  if (!isle_rules_load_standard (&rules, &error))
    g_error ("%s", error->message);

  g_test_add_func ("/engine-protocol/r12-observation-round-trip", test_round_trip);
  g_test_add_func ("/engine-protocol/r12-no-hidden-facts", test_no_hidden_facts);
  g_test_add_func ("/engine-protocol/legal-texts", test_legal_texts);
  g_test_add_func ("/engine-protocol/bad-observation-text", test_bad_text);
  g_test_add_func ("/engine-protocol/whole-game", test_whole_game);
  g_test_add_func ("/engine-protocol/start-failure", test_start_failure);
  g_test_add_func ("/engine-protocol/command-program", test_command_program);
  g_test_add_func ("/engine-protocol/stale-action", test_stale_action);
  g_test_add_func ("/engine-protocol/wrong-seat", test_wrong_seat);
  g_test_add_func ("/engine-protocol/reader-before-pong", test_reader_before_pong);
  g_test_add_func ("/engine-protocol/crash-mid-game", test_crash_mid_game);
  g_test_add_func ("/engine-protocol/cancel-resync", test_cancel_resync);
  g_test_add_func ("/engine-protocol/outlives-starting-thread", test_outlives_starting_thread);
  for (gsize i = 0; i < G_N_ELEMENTS (faulty); i++)
    {
      g_autofree char *name = g_strdup_printf ("/engine-protocol/faulty/%s%s%s", faulty[i].script,
                                               faulty[i].arg ? "-" : "", faulty[i].arg ? faulty[i].arg : "");
      g_test_add_data_func (name, &faulty[i], test_faulty);
    }
  return g_test_run ();
}
