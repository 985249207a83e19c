/* test-match.c — IsleMatch without a display: the computers' turns with
 * their real pause and threads, undo and redo between decisions of
 * people, hints, hot-seat passing, players that fail, a puzzle's goal, and
 * the history list following the game through all of it. */
#include "config.h"

#include <string.h>

#include "isle-match.h"
#include "isle-model-test-util.h"
#include "isle-rules-json.h"

/* ---- helpers ------------------------------------------------------------- */

static IsleGame *
new_game (IsleVariant variant, const char *const *players, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  IsleGameSetup setup;
  IsleGame *game;

  memset (&setup, 0, sizeof setup);
  g_assert_true (isle_rules_load_standard (&setup.rules, &error));
  setup.variant = variant;
  for (int seat = 0; players[seat] != NULL; seat++)
    setup.players[seat] = isle_player_spec_for (players[seat]);
  game = isle_game_new_from_setup (&setup, seed, &error);
  g_assert_no_error (error);
  return game;
}

static IsleMatch *
new_match (IsleVariant variant, const char *const *players, guint64 seed, guint pause_ms)
{
  g_autoptr (IsleGame) game = new_game (variant, players, seed);
  IsleMatch *match = isle_match_new (game);

  isle_match_set_pause_ms (match, pause_ms);
  return match;
}

typedef gboolean (*Condition) (IsleMatch *match);

/* Runs the main loop until CONDITION holds or MS pass; whether it held. */
static gboolean
wait_for (IsleMatch *match, Condition condition, int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (!condition (match) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return condition (match);
}

/* Whether an action of the game was played. */
static gboolean
game_advanced (IsleMatch *match)
{
  return isle_game_get_n_actions (isle_match_get_game (match)) > 0;
}

static void
spin (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

static gboolean
human_turn (IsleMatch *match)
{
  return isle_match_get_human_turn (match);
}

static gboolean
searching (IsleMatch *match)
{
  /* Past the pause, thinking in a worker thread. */
  return isle_match_get_thinking (match) && isle_match_get_to_move (match) >= 0
         && !isle_match_is_human (match, isle_match_get_to_move (match))
         && isle_game_get_position (isle_match_get_game (match)) > 0;
}

static gboolean
hinted (IsleMatch *match)
{
  return isle_match_get_hint (match) != 0;
}

static IsleAction some_action (IsleMatch *match, GRand *rand);

/* The person decides (the first legal decision each time) until the
 * computer is searching. */
static gboolean
play_until_computer_thinks (IsleMatch *match)
{
  for (int i = 0; i < 40; i++)
    {
      if (!wait_for (match, human_turn, 5000))
        return FALSE;
      g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
      if (wait_for (match, searching, 200))
        return TRUE;
    }
  return FALSE;
}

/* The first legal decision now, or a seeded random one. */
static IsleAction
some_action (IsleMatch *match, GRand *rand)
{
  IsleActionList list;

  isle_state_legal_actions (isle_game_get_state (isle_match_get_game (match)), &list);
  g_assert_cmpint (list.n, >, 0);
  return list.actions[rand != NULL ? g_rand_int_range (rand, 0, list.n) : 0];
}

/* The history list holds a row per applied action, in order, with the
 * game's action, and a round's line only after an action that ended one. */
static void
assert_history_is_game (IsleMatch *match)
{
  GListModel *history = isle_match_get_history (match);
  IsleGame *game = isle_match_get_game (match);
  guint position = isle_game_get_position (game);
  guint next = 0;

  for (guint i = 0; i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (history, i);
      guint index = isle_history_item_get_index (item);

      g_assert_nonnull (isle_history_item_get_text (item));
      g_assert_cmpstr (isle_history_item_get_text (item), !=, "");
      if (isle_history_item_get_round_end (item))
        {
          const IsleState *after = isle_game_get_state_at (game, index + 1);

          g_assert_cmpuint (index + 1, ==, next);
          g_assert_true (after->round > isle_game_get_state_at (game, index)->round
                         || isle_state_is_terminal (after));
          continue;
        }
      g_assert_cmpuint (index, ==, next);
      g_assert_cmphex (isle_history_item_get_action (item), ==, isle_game_get_action (game, index));
      g_assert_cmpint (isle_history_item_get_seat (item), ==, isle_game_get_state_at (game, index)->to_move);
      next++;
    }
  g_assert_cmpuint (next, ==, position);
}

static const char *const human_random[] = { "human", "beginner", NULL };
static const char *const human_expert[] = { "human", "expert", NULL };
static const char *const two_humans[] = { "human", "human", NULL };

/* ---- undo and redo ------------------------------------------------------- */

/* The crash players met: a move, the computer's reply, then undo. */
static void
test_undo_right_after_computer_reply (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, human_random, 3, 0);
  IsleGame *game = isle_match_get_game (match);
  guint before;

  g_assert_true (wait_for (match, human_turn, 2000));
  g_assert_false (isle_match_get_can_undo (match));
  do
    {
      before = isle_game_get_position (game);
      g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
    }
  while (isle_match_get_human_turn (match));
  g_assert_false (isle_match_is_human (match, isle_match_get_to_move (match)));
  g_assert_true (wait_for (match, human_turn, 5000));
  g_assert_cmpuint (isle_game_get_position (game), >, before + 1);
  g_assert_true (isle_match_get_can_undo (match));

  g_assert_true (isle_match_undo (match));
  g_assert_cmpuint (isle_game_get_position (game), ==, before);
  g_assert_true (isle_match_get_human_turn (match));
  g_assert_false (isle_match_get_thinking (match));
  assert_history_is_game (match);
  /* Nobody plays for the person. */
  spin (300);
  g_assert_cmpuint (isle_game_get_position (game), ==, before);
}

/* Undo while the computer searches: the search is cancelled and its late
 * answer is never applied. */
static void
test_undo_while_computer_thinks (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, human_expert, 5, 0);
  IsleGame *game = isle_match_get_game (match);
  guint before;

  g_assert_true (play_until_computer_thinks (match));
  before = isle_game_get_position (game);
  g_assert_true (isle_match_undo (match));
  g_assert_cmpuint (isle_game_get_position (game), <, before);
  before = isle_game_get_position (game);
  g_assert_false (isle_match_get_thinking (match));
  g_assert_cmpuint (isle_game_get_position (game), ==, before);
  spin (1500);
  g_assert_cmpuint (isle_game_get_position (game), ==, before);
  g_assert_true (isle_match_get_human_turn (match));
  assert_history_is_game (match);
}

/* Redo goes on to the person's next decision in one step, the
 * computer's reply included, and nothing thinks afterwards. */
static void
test_redo_to_next_decision (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_WEATHER, human_random, 7, 0);
  IsleGame *game = isle_match_get_game (match);
  guint changes = 0, after;

  for (int i = 0; i < 3; i++)
    {
      g_assert_true (wait_for (match, human_turn, 5000));
      g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
    }
  g_assert_true (wait_for (match, human_turn, 5000));
  after = isle_game_get_position (game);
  g_assert_true (isle_match_undo (match));
  g_assert_true (isle_match_get_can_redo (match));
  g_signal_connect_swapped (game, "position-changed", G_CALLBACK (g_atomic_int_inc), &changes);
  g_assert_true (isle_match_redo (match));
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (isle_game_get_position (game), ==, after);
  g_assert_true (isle_match_get_human_turn (match));
  g_assert_false (isle_match_get_can_redo (match));
  g_assert_false (isle_match_get_thinking (match));
  assert_history_is_game (match);
}

/* ---- hints --------------------------------------------------------------- */

static void
test_hint_then_undo (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, human_random, 9, 0);
  IsleGame *game = isle_match_get_game (match);
  guint before;

  g_assert_true (wait_for (match, human_turn, 2000));
  g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
  g_assert_true (wait_for (match, human_turn, 5000));
  before = isle_game_get_position (game);
  g_assert_true (isle_match_request_hint (match));
  g_assert_true (isle_match_get_thinking (match));
  g_assert_false (isle_match_request_hint (match));   /* one at a time */
  g_assert_true (isle_match_undo (match));
  g_assert_false (isle_match_get_thinking (match));
  g_assert_cmpuint (isle_game_get_position (game), <, before);
  spin (1500);
  g_assert_cmphex (isle_match_get_hint (match), ==, 0);
  g_assert_true (isle_match_get_human_turn (match));
  /* A hint cancelled before it answered gave nothing away. */
  g_assert_false (isle_match_get_hints_used (match));

  /* Asked again, it answers with a legal decision, and a move clears it. */
  g_assert_true (isle_match_request_hint (match));
  g_assert_true (wait_for (match, hinted, 5000));
  g_assert_true (isle_state_is_legal (isle_game_get_state (game), isle_match_get_hint (match)));
  g_assert_true (isle_match_get_hints_used (match));
  g_assert_true (isle_match_play (match, isle_match_get_hint (match), NULL));
  g_assert_cmphex (isle_match_get_hint (match), ==, 0);
  /* The attempt was helped, whatever happens after. */
  g_assert_true (isle_match_undo (match));
  g_assert_true (isle_match_get_hints_used (match));
  assert_history_is_game (match);
}

static void
test_hint_while_thinking (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, human_expert, 11, 0);

  g_assert_true (play_until_computer_thinks (match));
  g_assert_false (isle_match_request_hint (match));
  g_assert_true (wait_for (match, human_turn, 5000));
  g_assert_cmphex (isle_match_get_hint (match), ==, 0);
}

/* ---- the match's end ----------------------------------------------------- */

/* A new game while the computer thinks: the old match goes, its search's
 * answer finds nobody, and its game is not touched. */
static void
test_new_game_while_thinking (void)
{
  IsleMatch *match = new_match (ISLE_VARIANT_BASIC, human_expert, 13, 0);
  g_autoptr (IsleGame) game = g_object_ref (isle_match_get_game (match));
  guint position;

  g_assert_true (play_until_computer_thinks (match));
  position = isle_game_get_position (game);
  g_object_unref (match);
  spin (1500);
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
}

/* ---- players that fail --------------------------------------------------- */

typedef struct
{
  int seat;
  char *message;
} Replaced;

static void
on_replaced (IsleMatch *match, int seat, const GError *error, Replaced *replaced)
{
  (void) match;
  g_assert_nonnull (error);
  g_assert_nonnull (error->message);
  replaced->seat = seat;
  g_free (replaced->message);
  replaced->message = g_strdup (error->message);
}

/* Whether seat 1 has made a decision in the game. */
static gboolean
seat_1_moved (IsleMatch *match)
{
  IsleGame *game = isle_match_get_game (match);

  for (guint i = 0; i < isle_game_get_position (game); i++)
    if (isle_game_get_state_at (game, i)->to_move == 1)
      return TRUE;
  return FALSE;
}

static void
check_stand_in (const char *spec, const char *expected)
{
  const char *const players[] = { "human", spec, NULL };
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, players, 15, 0);
  Replaced replaced = { -1, NULL };

  g_signal_connect (match, "player-replaced", G_CALLBACK (on_replaced), &replaced);
  for (int i = 0; i < 40 && !seat_1_moved (match); i++)
    {
      g_assert_true (wait_for (match, human_turn, 15000));
      g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
      wait_for (match, human_turn, 15000);
    }
  g_assert_true (seat_1_moved (match));
  g_assert_cmpint (replaced.seat, ==, 1);
  g_test_message ("%s: %s", spec, replaced.message);
  g_assert_nonnull (strstr (replaced.message, expected));
  /* The stand-in plays the seat now, and says so. */
  g_assert_cmpstr (isle_player_spec_to_text (isle_match_get_player (match, 1)), ==, "easy");
  g_assert_false (isle_match_is_human (match, 1));
  g_free (replaced.message);
}

static void
test_player_that_cannot_start (void)
{
  check_stand_in ("plugin:no-such-plugin", "no-such-plugin");
  check_stand_in ("engine:no-such-program-anywhere", "no-such-program-anywhere");
}

static void
test_player_that_fails (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "data", "engines", "garbage.sh", NULL);
  g_autofree char *spec = g_strdup_printf ("engine:sh %s", script);

  check_stand_in (spec, "");
}

/* A seat's player is a value: the match keeps its own copy of the spec it
 * is given, answers with it, and plays a computer made from it. */
static void
test_player_set_and_get (void)
{
  const char *const players[] = { "human", "human", NULL };
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, players, 3, 0);
  IsleGame *game = isle_match_get_game (match);
  IslePlayerSpec spec = isle_player_spec_for ("medium@n5");
  IslePlayerSpec human = isle_player_spec_for ("human");
  int to_move = isle_match_get_to_move (match);

  g_assert_true (isle_player_spec_equal (isle_match_get_player (match, 0), &human));
  g_assert_cmpint (isle_match_get_n_humans (match), ==, 2);

  isle_match_set_player (match, 1 - to_move, &spec);
  /* The caller's value changes; the match's copy does not. */
  spec = isle_player_spec_for ("beginner");
  g_assert_cmpstr (isle_player_spec_to_text (isle_match_get_player (match, 1 - to_move)), ==,
                   "medium@n5");
  g_assert_false (isle_match_is_human (match, 1 - to_move));
  g_assert_cmpint (isle_match_get_n_humans (match), ==, 1);
  g_assert_true (isle_match_get_human_turn (match));

  /* The seat to move given to Beginner: it moves, the person never does. */
  isle_match_set_player (match, to_move, &spec);
  g_assert_cmpint (isle_match_get_n_humans (match), ==, 0);
  g_assert_true (wait_for (match, game_advanced, 15000));
  g_assert_cmpuint (isle_game_get_n_actions (game), >, 0);
  g_assert_cmpstr (isle_player_spec_to_text (isle_match_get_player (match, to_move)), ==, "beginner");

  /* And back to people. */
  isle_match_set_player (match, 0, &human);
  isle_match_set_player (match, 1, &human);
  g_assert_cmpint (isle_match_get_n_humans (match), ==, 2);
  g_assert_false (isle_match_get_thinking (match));
}

/* ---- hot seat ------------------------------------------------------------ */

/* The person at the screen decides until the other person's turn comes. */
static void
play_until_pass (IsleMatch *match)
{
  for (int i = 0; i < 40 && !isle_match_get_hot_seat_pass (match); i++)
    g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
  g_assert_true (isle_match_get_hot_seat_pass (match));
}


/* People sharing the screen: the next one must take it before anything
 * secret is shown, also when undo goes back to the other's decision. */
static void
test_hot_seat_pass (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, two_humans, 17, 0);
  g_autoptr (GError) error = NULL;
  int first;

  first = isle_match_get_to_move (match);
  g_assert_cmpint (isle_match_get_viewer (match), ==, first);
  g_assert_false (isle_match_get_hot_seat_pass (match));
  play_until_pass (match);
  g_assert_cmpint (isle_match_get_to_move (match), !=, first);
  g_assert_false (isle_match_get_human_turn (match));
  g_assert_false (isle_match_play (match, some_action (match, NULL), &error));
  g_assert_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_NOT_YOUR_TURN);
  isle_match_take_turn (match);
  g_assert_cmpint (isle_match_get_viewer (match), ==, 1 - first);
  g_assert_false (isle_match_get_hot_seat_pass (match));
  g_assert_true (isle_match_get_human_turn (match));
  play_until_pass (match);
  isle_match_take_turn (match);
  g_assert_cmpint (isle_match_get_viewer (match), ==, first);

  /* Undo to the other person's decision: the pass page first. */
  g_assert_true (isle_match_undo (match));
  g_assert_cmpint (isle_match_get_to_move (match), ==, 1 - first);
  g_assert_true (isle_match_get_hot_seat_pass (match));
  g_assert_false (isle_match_get_human_turn (match));
  assert_history_is_game (match);
  spin (200);
  g_assert_false (isle_match_get_thinking (match));
}

/* ---- a puzzle's goal ----------------------------------------------------- */

static gboolean
play_solution (IsleGame *game, IsleScenario *scenario)
{
  const char *const *solution = isle_scenario_get_solution (scenario);

  for (guint j = 0; solution[j] != NULL; j++)
    {
      IsleAction a;

      if (!isle_action_parse (isle_game_get_state (game), solution[j], &a)
          || !isle_game_apply (game, a, NULL))
        return FALSE;
    }
  return TRUE;
}

static void
check_goal_decided (gboolean raise_bar, IsleGoalStatus expected)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = isle_scenario_load_resource (puzzles[0], &error);
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleMatch) match = NULL;
  const char *sentence = NULL;
  guint position;

  g_assert_no_error (error);
  if (raise_bar)
    {
      IsleScenarioGoal goal;

      isle_scenario_get_goal (sc, &goal);
      goal.value += 1000;
      isle_scenario_set_goal (sc, &goal);
    }
  game = isle_game_new_from_scenario (sc, 0, &error);
  g_assert_no_error (error);
  match = isle_match_new (game);
  isle_match_set_pause_ms (match, 0);
  g_assert_cmpint (isle_match_get_goal_status (match, NULL), ==, ISLE_GOAL_IN_PROGRESS);
  /* The stored solution holds the opponent's replies too: the computer is
   * held so that it does not answer in between. */
  isle_match_hold (match);
  g_assert_true (play_solution (game, sc));
  g_assert_cmpint (isle_match_get_goal_status (match, &sentence), ==, expected);
  g_assert_nonnull (sentence);
  isle_match_release (match);
  position = isle_game_get_position (game);
  g_assert_false (isle_match_get_thinking (match));
  g_assert_false (isle_match_get_human_turn (match));
  g_assert_false (isle_match_request_hint (match));
  g_assert_false (isle_match_play (match, some_action (match, NULL), &error));
  g_assert_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_OVER);
  spin (500);
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  g_assert_false (isle_match_get_thinking (match));
}

static void
test_puzzle_goal_met (void)
{
  check_goal_decided (FALSE, ISLE_GOAL_MET);
}

static void
test_puzzle_goal_failed (void)
{
  check_goal_decided (TRUE, ISLE_GOAL_FAILED);
}

/* ---- properties and the history ------------------------------------------ */

/* can-undo and hot-seat-pass are notified when they change, not at every
 * move. */
static void
test_notified_only_on_change (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, two_humans, 19, 0);
  guint undo = 0, pass = 0;

  g_signal_connect (match, "notify::can-undo", G_CALLBACK (isle_test_count_notify), &undo);
  g_signal_connect (match, "notify::hot-seat-pass", G_CALLBACK (isle_test_count_notify), &pass);
  play_until_pass (match);
  g_assert_cmpuint (undo, ==, 1);
  g_assert_cmpuint (pass, ==, 1);
  isle_match_take_turn (match);
  g_assert_cmpuint (pass, ==, 2);
  play_until_pass (match);
  g_assert_cmpuint (undo, ==, 1);
  g_assert_cmpuint (pass, ==, 3);
  isle_match_set_pause_ms (match, 0);
  isle_match_take_turn (match);
  isle_match_take_turn (match);
  g_assert_cmpuint (pass, ==, 4);
}

/* Seeded random operations; after each, the history list is the game's. */
static void
test_history_follows_every_operation (void)
{
  static const IsleVariant variants[] = {
    ISLE_VARIANT_BASIC, ISLE_VARIANT_WEATHER, ISLE_VARIANT_MERCENARY, ISLE_VARIANT_QUICK,
  };
  guint32 seed = g_test_rand_int ();

  g_test_message ("seed %u", seed);
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed + v);
      g_autoptr (IsleMatch) match = new_match (variants[v], human_random, seed + v, 0);
      IsleGame *game = isle_match_get_game (match);
      guint items_changed = 0;

      g_signal_connect_swapped (isle_match_get_history (match), "items-changed",
                                G_CALLBACK (g_atomic_int_inc), &items_changed);
      for (int step = 0; step < 150 && !isle_state_is_terminal (isle_game_get_state (game)); step++)
        {
          switch (g_rand_int_range (rand, 0, 8))
            {
            case 0:
              isle_match_undo (match);
              break;
            case 1:
              isle_match_redo (match);
              break;
            case 2:
              isle_match_request_hint (match);
              spin (g_rand_int_range (rand, 0, 30));
              break;
            case 3:
              isle_game_go_to (game, g_rand_int_range (rand, 0, (int) isle_game_get_n_actions (game) + 1));
              break;
            default:
              if (wait_for (match, human_turn, 5000))
                g_assert_true (isle_match_play (match, some_action (match, rand), NULL));
              break;
            }
          assert_history_is_game (match);
          g_assert_true (!isle_match_get_can_undo (match) || isle_game_get_position (game) > 0);
          g_assert_true (isle_match_get_can_redo (match)
                         == (isle_game_get_position (game) < isle_game_get_n_actions (game)));
        }
      g_assert_cmpuint (items_changed, >, 0);
    }
}

/* ---- the last move ------------------------------------------------------- */

#define BIT(name) (G_GUINT64_CONSTANT (1) << isle_cell_from_name (name))

/* A game begun from the scenario JSON, Red a person, Blue the computer. */
static IsleMatch *
match_from_json (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = isle_scenario_load_data (json, -1, "test.isle", &error);
  g_autoptr (IsleGame) game = NULL;

  g_assert_no_error (error);
  game = isle_game_new_from_scenario (scenario, 0, &error);
  g_assert_no_error (error);
  return isle_match_new (game);
}

/* ACTION's text, by the computer (applied to the game as its player
 * would) or the person (through the match). */
static void
computer_does (IsleMatch *match, const char *text)
{
  IsleGame *game = isle_match_get_game (match);
  IsleAction a;

  g_assert_true (isle_action_parse (isle_game_get_state (game), text, &a));
  g_assert_true (isle_game_apply (game, a, NULL));
}

static void
person_does (IsleMatch *match, const char *text)
{
  g_autoptr (GError) error = NULL;
  IsleAction a;

  g_assert_true (isle_match_get_human_turn (match));
  g_assert_true (isle_action_parse (isle_game_get_state (isle_match_get_game (match)), text, &a));
  g_assert_true (isle_match_play (match, a, &error));
  g_assert_no_error (error);
}

/* R8.1: Blue (the computer) places a Fox next to Red's Wolf and sends it
 * back; Red (the person) puts a Pig in its place. */
static const char FOX_SCENARIO[] =
  "{ \"format\": \"critter-isle\", \"version\": 1, \"variant\": \"mercenary\", \"seed\": \"3\",\n"
  "  \"start\": { \"round\": 1, \"first_seat\": 0, \"to_move\": 0, \"weather\": \"sunny\",\n"
  "    \"board\": [ \".  .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  .\",\n"
  "                 \".  .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  .\" ],\n"
  "    \"hands\": [ [\"W\", \"W\", \"W\", \"P\", \"P\"], [\"F\", \"W\", \"W\", \"W\", \"W\"] ],\n"
  "    \"coins\": { \"red\": 0, \"blue\": 0 }, \"hired\": { \"red\": [], \"blue\": [\"F\"] } },\n"
  "  \"players\": [ \"human\", \"beginner\" ] }\n";

/* "last-move": what the computer's turn touched, kept until the person's
 * next decision; a replacement forced on the person stays with the Fox's
 * turn; undo recomputes it; notified only when it changes. */
static void
test_last_move_computer_fox (void)
{
  g_autoptr (IsleMatch) match = match_from_json (FOX_SCENARIO);
  guint notified = 0;
  guint64 fox_turn = BIT ("d4") | BIT ("c4");

  /* The computer is held: its decisions are the test's. */
  isle_match_hold (match);
  g_signal_connect (match, "notify::last-move", G_CALLBACK (isle_test_count_notify), &notified);
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);

  person_does (match, "place rW c4");
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  g_assert_cmpuint (notified, ==, 0);
  computer_does (match, "place bF d4");
  g_assert_cmphex (isle_match_get_last_move (match), ==, BIT ("d4"));
  computer_does (match, "target c4");
  g_assert_cmphex (isle_match_get_last_move (match), ==, fox_turn);
  g_assert_cmpuint (notified, ==, 2);
  /* The person's replacement answers the Fox: the mark stays. */
  person_does (match, "replace rP");
  g_assert_cmphex (isle_match_get_last_move (match), ==, fox_turn);
  g_assert_cmpuint (notified, ==, 2);
  /* The person's own placement clears it. */
  person_does (match, "place rW a1");
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  g_assert_cmpuint (notified, ==, 3);
  computer_does (match, "place bW f6");
  g_assert_cmphex (isle_match_get_last_move (match), ==, BIT ("f6"));

  /* Undo goes back to the person's placement: the Fox's turn shows again;
   * redo brings the computer's Wolf back. */
  g_assert_true (isle_match_undo (match));
  g_assert_cmphex (isle_match_get_last_move (match), ==, fox_turn);
  g_assert_true (isle_match_redo (match));
  g_assert_cmphex (isle_match_get_last_move (match), ==, BIT ("f6"));
  g_assert_true (isle_game_go_to (isle_match_get_game (match), 2));
  g_assert_cmphex (isle_match_get_last_move (match), ==, BIT ("d4"));
  isle_match_release (match);
}

/* The last two free tiles: Red (the person) fills one, Blue (the
 * computer) the other, which ends round 1. */
static const char FULL_SCENARIO[] =
  "{ \"format\": \"critter-isle\", \"version\": 1, \"variant\": \"basic\", \"seed\": \"5\",\n"
  "  \"start\": { \"round\": 1, \"first_seat\": 0, \"to_move\": 0, \"weather\": \"sunny\",\n"
  "    \"board\": [ \"rW rW rW rW rW rW\", \"rW rW rP rP rR rR\", \"rR rR rB rB rB bW\",\n"
  "                 \"bW bW bW bW bW bW\", \"bW bP bP bR bR bR\", \"bR bB bB bB .  .\" ],\n"
  "    \"hands\": [ [\"W\"], [\"W\"] ], \"piles\": [ [], [] ] },\n"
  "  \"players\": [ \"human\", \"beginner\" ] }\n";

/* A new round's empty map clears the mark: what the computer touched lay
 * on the map that was cleared. */
static void
test_last_move_cleared_by_new_round (void)
{
  g_autoptr (IsleMatch) match = match_from_json (FULL_SCENARIO);
  IsleGame *game = isle_match_get_game (match);

  isle_match_hold (match);
  person_does (match, "place rW e6");
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  computer_does (match, "place bW f6");
  g_assert_cmpint (isle_game_get_state (game)->round, ==, 2);
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  /* Back before the round's end, the computer's tile shows for a moment
   * of review; going on clears it again. */
  g_assert_true (isle_game_go_to (game, 1));
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  isle_match_release (match);
}

/* When computers play alone, the mark shows the side that moved last. */
static void
test_last_move_computers_alone (void)
{
  static const char *const computers[] = { "beginner", "beginner", NULL };
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, computers, 21, 0);
  IsleGame *game = isle_match_get_game (match);

  isle_match_hold (match);
  /* The opening hands, then placements (R4.2, R4.4). */
  while (isle_game_get_state (game)->phase != ISLE_PHASE_PLACE)
    g_assert_true (isle_game_apply (game, some_action (match, NULL), NULL));
  g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
  for (int i = 0; i < 4; i++)
    {
      IsleAction a = some_action (match, NULL);

      g_assert_true (isle_game_apply (game, a, NULL));
      g_assert_cmphex (isle_match_get_last_move (match), ==, G_GUINT64_CONSTANT (1) << isle_action_cell (a));
    }
  isle_match_release (match);
}

/* In the hot seat every person's decision clears the mark: each sees the
 * board as they left it and the other person placed in plain sight. */
static void
test_last_move_hot_seat (void)
{
  g_autoptr (IsleMatch) match = new_match (ISLE_VARIANT_BASIC, two_humans, 23, 0);
  IsleGame *game = isle_match_get_game (match);

  for (int i = 0; i < 24 && isle_game_get_state (game)->phase != ISLE_PHASE_OVER; i++)
    {
      isle_match_take_turn (match);
      g_assert_true (isle_match_play (match, some_action (match, NULL), NULL));
      g_assert_cmphex (isle_match_get_last_move (match), ==, 0);
    }
}

/* What the window asks the match instead of reading the game's state:
 * a puzzle's clues one at a time, a decision by its text (a wrong one
 * refused with its words), the moves so far as text, the position as a
 * new scenario, and whether the game is over. */
static void
test_clues_text_and_scenario (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = isle_scenario_load_resource (puzzles[0], &error);
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleScenario) here = NULL;
  g_auto (GStrv) moves = NULL;
  const char *const *solution;
  guint n;

  g_assert_no_error (error);
  n = g_strv_length ((char **) isle_scenario_get_hints (sc));
  g_assert_cmpuint (n, >, 0);
  game = isle_game_new_from_scenario (sc, 0, &error);
  g_assert_no_error (error);
  match = isle_match_new (game);
  isle_match_hold (match);
  for (guint i = 1; i <= n; i++)
    {
      g_assert_true (isle_match_get_more_clues (match));
      g_assert_true (isle_match_show_clue (match));
      g_assert_cmpuint (isle_match_get_clues (match), ==, i);
    }
  g_assert_false (isle_match_get_more_clues (match));
  g_assert_false (isle_match_show_clue (match));
  g_assert_cmpuint (isle_match_get_clues (match), ==, n);

  g_assert_false (isle_match_play_text (match, "place nonsense", &error));
  g_assert_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "place nonsense"));
  g_clear_error (&error);
  g_assert_cmpuint (isle_game_get_position (game), ==, 0);
  solution = isle_scenario_get_solution (sc);
  g_assert_true (isle_match_play_text (match, solution[0], &error));
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_position (game), ==, 1);
  moves = isle_match_get_moves (match);
  g_assert_cmpuint (g_strv_length (moves), ==, 1);
  g_assert_cmpstr (moves[0], ==, solution[0]);
  g_assert_false (isle_match_get_over (match));

  /* The position as a scenario's start: the viewer is its player. */
  here = isle_match_scenario_here (match, &error);
  g_assert_no_error (error);
  g_assert_nonnull (here);
  g_assert_cmpint (isle_scenario_get_player (here), ==, isle_match_get_viewer (match));
  isle_match_release (match);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/undo/right-after-computer-reply", test_undo_right_after_computer_reply);
  g_test_add_func ("/match/undo/while-computer-thinks", test_undo_while_computer_thinks);
  g_test_add_func ("/match/redo/to-next-decision", test_redo_to_next_decision);
  g_test_add_func ("/match/hint/then-undo", test_hint_then_undo);
  g_test_add_func ("/match/hint/while-thinking", test_hint_while_thinking);
  g_test_add_func ("/match/new-game-while-thinking", test_new_game_while_thinking);
  g_test_add_func ("/match/player/cannot-start", test_player_that_cannot_start);
  g_test_add_func ("/match/player/fails", test_player_that_fails);
  g_test_add_func ("/match/player/set-and-get", test_player_set_and_get);
  g_test_add_func ("/match/hot-seat/pass", test_hot_seat_pass);
  g_test_add_func ("/match/goal/met-nobody-thinks", test_puzzle_goal_met);
  g_test_add_func ("/match/goal/failed-nobody-thinks", test_puzzle_goal_failed);
  g_test_add_func ("/match/notified-only-on-change", test_notified_only_on_change);
  g_test_add_func ("/match/history/follows-every-operation", test_history_follows_every_operation);
  g_test_add_func ("/match/last-move/computer-fox", test_last_move_computer_fox);
  g_test_add_func ("/match/last-move/cleared-by-new-round", test_last_move_cleared_by_new_round);
  g_test_add_func ("/match/last-move/computers-alone", test_last_move_computers_alone);
  g_test_add_func ("/match/last-move/hot-seat", test_last_move_hot_seat);
  g_test_add_func ("/match/clues-text-and-scenario", test_clues_text_and_scenario);
  return g_test_run ();
}
