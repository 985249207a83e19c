/* test-scenario.c — `.isle` scenarios, puzzles and saved games
 * (doc/scenario-format.md): every refused file with its field and message
 * (tests/data/scenarios), several problems at once, the built-in puzzles and
 * their stored solutions, byte-identical round trips, old saved games, the
 * editor's field-by-field API and the goal's status. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "isle-ai.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-scenario.h"

static char *
data_path (const char *folder, const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", folder, name, NULL);
}

static char *
read_text (const char *path, gsize *length)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, &error));
  g_assert_no_error (error);
  return text;
}

static IsleScenario *
load_ok (const char *path)
{
  g_autoptr (GError) error = NULL;
  IsleScenario *sc = isle_scenario_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  return sc;
}

static char *
to_data_ok (IsleScenario *sc)
{
  g_autoptr (GError) error = NULL;
  char *text = isle_scenario_to_data (sc, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (text);
  return text;
}

static IsleScenario *
load_text_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  IsleScenario *sc = isle_scenario_load_data (text, -1, "test.isle", &error);

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  return sc;
}

/* ---- Refused files, one problem each ------------------------------------- */

typedef struct
{
  const char *file;
  IsleScenarioError code;
  const char *path;      /* the problem's field */
  const char *needle;    /* in its message */
} BadFile;

static const BadFile bad_files[] = {
  { "bad-not-json.isle", ISLE_SCENARIO_ERROR_PARSE, "", "Parse error" },
  { "bad-format-rules.isle", ISLE_SCENARIO_ERROR_FORMAT, "format",
    "expected “critter-isle” (or “critter-isle-game”, a saved game of an older Critter Isle), got “critter-isle-rules”" },
  { "bad-version-2.isle", ISLE_SCENARIO_ERROR_FORMAT, "version",
    "made with a newer Critter Isle (file version 2, this one reads 1)" },
  { "bad-unknown-field.isle", ISLE_SCENARIO_ERROR_FIELD, "cheats", "unknown field; expected one of format, version" },
  { "bad-goal-unknown-member.isle", ISLE_SCENARIO_ERROR_FIELD, "goal.bonus", "unknown field; expected one of type, at_least" },
  { "bad-first-seat-with-start.isle", ISLE_SCENARIO_ERROR_FIELD, "first_seat", "not with a start position" },
  /* R1, R2, R9.3 */
  { "bad-r1-ten-wolves.isle", ISLE_SCENARIO_ERROR_POSITION, "start", "Red has 10 × Wolf on the map, in hands and in piles, but owns only 9." },
  { "bad-r1-total.isle", ISLE_SCENARIO_ERROR_POSITION, "start.piles[0]", "The tokens of Red on the map, in hand and in the pile add up to 17; a side has 18." },
  { "bad-r1-fog-partial.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[3]", "Fog on a4 covers only part of the south-west quarter; a fog board covers a whole quarter." },
  { "bad-r3-unknown-kind.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[2]", "c3: unknown kind “X” in “rX”" },
  { "bad-r3-unknown-owner.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[0]", "b1: bad owner “g” in “gW”" },
  { "bad-r3-five-rows.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board", "The map must have 6 rows of 6 cells, row 1 first; this one has 5." },
  { "bad-r11-team-seat-in-basic.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[0]", "The token on b1 belongs to the team player Blue 2, but this game has two players." },
  { "bad-r4-1-mercenary-in-basic.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[0]", "The Fox on c1 is a mercenary, but in this game mercenaries stay in the box." },
  { "bad-r4-4-hand-not-full.isle", ISLE_SCENARIO_ERROR_POSITION, "start.hands[0]", "Red has 3 in hand while 14 are left in the pile; a hand is refilled to 5 after every placement." },
  { "bad-r4-6-round-over.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board", "Every tile holds a token, so the round is already over; leave at least one tile free." },
  { "bad-r4-7-round.isle", ISLE_SCENARIO_ERROR_POSITION, "start.round", "This game has rounds 1 to 2, so round 3 cannot be its start." },
  { "bad-r6-1-deck.isle", ISLE_SCENARIO_ERROR_POSITION, "start.deck[2]", "The deck holds one Foggy card more than the rules allow" },
  { "bad-r6-4-face-down-in-sun.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[0]", "The token on a1 is face down under Sunny weather; tokens go face down only under Foggy weather." },
  { "bad-r6-6-token-under-fog.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[4]", "The token on b5 is under fog; tokens go only on open tiles." },
  { "bad-r8-9-hippo-second-alone.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[2]", "The Hippo's second tile on c3 has no first tile beside it" },
  { "bad-r8-9-hippo-two-seconds.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[2]", "The Hippo on c3 has more than one second tile beside it" },
  { "bad-r9-2-coins-basic.isle", ISLE_SCENARIO_ERROR_POSITION, "start.coins.red", "This game counts no coins; only the games with mercenaries do." },
  { "bad-r9-3-not-hired.isle", ISLE_SCENARIO_ERROR_POSITION, "start.board[0]", "The Fox on c1 is not among the mercenaries Red has hired; hire it first." },
  { "bad-r9-3-hand-not-hired.isle", ISLE_SCENARIO_ERROR_POSITION, "start.hands[0][1]", "The Fox is not among the mercenaries Red has hired" },
  /* Goals */
  { "bad-r5-goal-line-length.isle", ISLE_SCENARIO_ERROR_GOAL, "goal.length", "A line must be 3 to 6 tokens long; you entered 9." },
  { "bad-r9-2-goal-coins-basic.isle", ISLE_SCENARIO_ERROR_GOAL, "goal.type", "A coins goal needs a game that counts coins" },
  /* A file never runs code. */
  { "bad-engine-opponent.isle", ISLE_SCENARIO_ERROR_PLAYER, "opponent", "“engine:/bin/sh -c true” names a program or a plugin to run; a shared file can never run code" },
  { "bad-plugin-player.isle", ISLE_SCENARIO_ERROR_PLAYER, "players[1]", "“plugin:evil” names a program or a plugin to run" },
  /* Rules overrides, through the rules loader's own checks (R2). */
  { "bad-rules-negative-cost.isle", ISLE_SCENARIO_ERROR_RULES, "rules.hire_cost.fox", "expected an integer from 0 to 1000, got -5" },
  /* Solutions */
  { "bad-solution-illegal.isle", ISLE_SCENARIO_ERROR_ACTION, "solution[0]", "“place rW a1” is not a legal move here; expected one of “place rW c1”" },
  { "bad-solution-goal-not-met.isle", ISLE_SCENARIO_ERROR_GOAL, "solution", "the goal is not met after the solution's last move" },
  { "bad-solution-without-seed.isle", ISLE_SCENARIO_ERROR_FIELD, "seed", "missing; a history or a solution is played again from the seed" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autofree char *path = data_path ("scenarios", bad->file);
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (IsleScenario) sc = NULL;
  gsize length;
  gboolean seen = FALSE;

  g_assert_null (isle_scenario_load (path, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == ISLE_SCENARIO_ERROR);
  /* The message names the file, the field and what was expected. */
  g_assert_true (g_str_has_prefix (error->message, path));
  line = bad->path[0] ? g_strdup_printf ("%s: %s: ", path, bad->path) : g_strdup_printf ("%s: ", path);
  g_assert_nonnull (strstr (error->message, line));
  g_assert_nonnull (strstr (error->message, bad->needle));

  /* The list an editor gets has the same problem at that field. */
  text = read_text (path, &length);
  sc = isle_scenario_read_data (text, (gssize) length, &problems);
  for (guint i = 0; i < problems->len; i++)
    {
      IsleScenarioProblem *p = g_ptr_array_index (problems, i);

      /* Issue 19: a message is a plain sentence; the rules' sections
       * (R1 …) stay out of it, in their own field. */
      g_assert_null (strstr (p->message, "(R"));
      if (strcmp (p->path, bad->path) == 0 && strstr (p->message, bad->needle) != NULL)
        {
          g_assert_cmpint (p->code, ==, bad->code);
          seen = TRUE;
        }
    }
  g_assert_true (seen);
}

/* Independent problems are all reported, each at its field. */
static void
test_many_problems_at_once (void)
{
  g_autofree char *path = data_path ("scenarios", "bad-many-problems.isle");
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (IsleScenario) sc = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  const char *paths[] = { "difficulty", "start.board[2]", "opponent", "goal.length" };
  gsize length;

  text = read_text (path, &length);
  sc = isle_scenario_read_data (text, (gssize) length, &problems);
  g_assert_nonnull (sc);
  g_assert_cmpuint (problems->len, ==, G_N_ELEMENTS (paths));
  for (gsize i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < problems->len; j++)
        seen |= strcmp (((IsleScenarioProblem *) g_ptr_array_index (problems, j))->path, paths[i]) == 0;
      g_assert_true (seen);
    }
  /* The problem in the board names its tile for the editor. */
  for (guint j = 0; j < problems->len; j++)
    {
      IsleScenarioProblem *p = g_ptr_array_index (problems, j);

      if (strcmp (p->path, "start.board[2]") == 0)
        g_assert_cmpint (p->cell, ==, 14);   /* c3 */
    }
  /* The GError of a load lists every one of them, a line each. */
  g_assert_null (isle_scenario_load (path, &error));
  lines = g_strsplit (error->message, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (paths));
}

/* Nothing is allocated without bound: the file and each string are
 * limited. */
static void
test_limits (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) big = g_string_new ("{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"basic\", \"title\": \"");
  g_autofree char *long_title = NULL;
  g_autofree char *text = NULL;

  g_string_append (big, "x");
  while (big->len <= ISLE_SCENARIO_MAX_BYTES)
    g_string_append (big, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  g_string_append (big, "\"}");
  g_assert_null (isle_scenario_load_data (big->str, (gssize) big->len, "big.isle", &error));
  g_assert_error (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_TOO_LARGE);
  g_clear_error (&error);

  long_title = g_strnfill (ISLE_SCENARIO_MAX_STRING + 1, 'x');
  text = g_strdup_printf ("{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"basic\", \"title\": \"%s\"}",
                          long_title);
  g_assert_null (isle_scenario_load_data (text, -1, "long.isle", &error));
  g_assert_error (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "long.isle: title: longer than 4096 bytes"));
}

/* ---- The built-in puzzles -------------------------------------------------- */

static void
test_puzzles_list (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();
  gboolean mercenary[ISLE_N_KINDS] = { FALSE };
  gboolean weather[ISLE_N_WEATHER] = { FALSE };
  IsleDifficulty last = ISLE_DIFFICULTY_EASY;

  g_assert_cmpuint (g_strv_length (puzzles), >=, 15);
  for (guint i = 0; puzzles[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (IsleScenario) sc = isle_scenario_load_resource (puzzles[i], &error);
      const IslePosition *start;
      const char *const *hints;
      IsleScenarioGoal goal;
      int side;

      g_assert_no_error (error);
      g_test_message ("%s: %s", puzzles[i], isle_scenario_get_title (sc));
      g_assert_true (g_str_has_prefix (puzzles[i], ISLE_SCENARIO_PUZZLE_RESOURCES));
      g_assert_nonnull (isle_scenario_get_title (sc));
      g_assert_nonnull (isle_scenario_get_description (sc));
      hints = isle_scenario_get_hints (sc);
      g_assert_nonnull (hints);
      g_assert_cmpuint (g_strv_length ((char **) hints), >=, 1);
      g_assert_cmpuint (g_strv_length ((char **) hints), <=, 2);
      g_assert_nonnull (isle_scenario_get_solution (sc));
      g_assert_true (isle_scenario_get_has_seed (sc));
      isle_scenario_get_goal (sc, &goal);
      g_assert_cmpint (goal.type, !=, ISLE_GOAL_NONE);
      g_assert_nonnull (isle_ai_find (isle_scenario_get_opponent (sc)));
      /* Easiest first. */
      g_assert_cmpint (isle_scenario_get_difficulty (sc), !=, ISLE_DIFFICULTY_NONE);
      g_assert_cmpint (isle_scenario_get_difficulty (sc), >=, last);
      last = isle_scenario_get_difficulty (sc);

      start = isle_scenario_get_start (sc);
      g_assert_nonnull (start);
      weather[start->weather] = TRUE;
      side = isle_seat_side (isle_scenario_get_player (sc));
      for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
        for (int h = 0; h < start->hand_len[isle_scenario_get_player (sc)]; h++)
          if (start->hand[isle_scenario_get_player (sc)][h] == k && start->hired[side][k])
            mercenary[k] = TRUE;
    }
  /* One around each mercenary in the user's hand, and each weather. */
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    g_assert_true (mercenary[k]);
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    g_assert_true (weather[w]);
}

/* Every stored solution, played through a game begun from the puzzle,
 * meets the goal; and before it, the goal is in progress. */
static void
test_puzzle_solutions (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();

  for (guint i = 0; puzzles[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (IsleScenario) sc = isle_scenario_load_resource (puzzles[i], &error);
      g_autoptr (IsleGame) game = isle_game_new_from_scenario (sc, 0, &error);
      g_autofree char *sentence = NULL;
      const char *const *solution = isle_scenario_get_solution (sc);

      g_assert_no_error (error);
      g_assert_true (isle_game_get_scenario (game) != NULL);
      g_assert_cmpint (isle_scenario_goal_status (sc, isle_game_get_state (game), NULL), ==,
                       ISLE_GOAL_IN_PROGRESS);
      for (guint j = 0; solution[j] != NULL; j++)
        {
          IsleAction a;

          g_assert_true (isle_action_parse (isle_game_get_state (game), solution[j], &a));
          g_assert_true (isle_game_apply (game, a, &error));
          g_assert_no_error (error);
        }
      g_assert_cmpint (isle_scenario_goal_status (sc, isle_game_get_state (game), &sentence), ==,
                       ISLE_GOAL_MET);
      g_test_message ("%s: %s", puzzles[i], sentence);
    }
}

/* ---- Round trips ----------------------------------------------------------- */

/* save → load → save gives the same bytes; a puzzle is already as the
 * writer writes it. */
static void
test_round_trip_puzzles (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();

  for (guint i = 0; puzzles[i] != NULL; i++)
    {
      g_autoptr (GBytes) bytes = g_resources_lookup_data (puzzles[i], 0, NULL);
      g_autofree char *file = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_autoptr (IsleScenario) sc = load_text_ok (file);
      g_autofree char *again = to_data_ok (sc);

      g_assert_cmpstr (again, ==, file);
    }
}

static void
test_round_trip_scenario (void)
{
  g_autofree char *path = data_path ("scenarios", "good-quick-unsettled-hippo.isle");
  g_autoptr (IsleScenario) sc = load_ok (path);
  g_autofree char *first = to_data_ok (sc);
  g_autoptr (IsleScenario) back = load_text_ok (first);
  g_autofree char *second = to_data_ok (back);
  g_autofree char *dir = g_dir_make_tmp ("scenario-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "sub", "s.isle", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) saved = NULL;
  g_autofree char *third = NULL;
  gsize length;

  g_assert_cmpstr (first, ==, second);
  g_assert_cmpint (isle_scenario_get_variant (back), ==, ISLE_VARIANT_QUICK);
  g_assert_cmpmem (isle_scenario_get_start (back), sizeof (IslePosition),
                   isle_scenario_get_start (sc), sizeof (IslePosition));
  /* Saved to a file (its folder made), read back the same. */
  g_assert_true (isle_scenario_save (back, file, &error));
  g_assert_no_error (error);
  saved = load_ok (file);
  g_free (third);
  third = read_text (file, &length);
  g_assert_cmpstr (third, ==, first);
  g_unlink (file);
  g_autofree char *sub = g_path_get_dirname (file);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* A saved game with a history: the file a game writes loads as the same
 * game and writes back the same bytes. */
static void
test_round_trip_saved_game (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) puzzle = isle_scenario_load_resource (puzzles[0], &error);
  g_autoptr (IsleGame) game = isle_game_new_from_scenario (puzzle, 0, &error);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (IsleScenario) sc = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  const char *const *solution = isle_scenario_get_solution (puzzle);

  for (guint j = 0; solution[j] != NULL && j < 3; j++)
    {
      IsleAction a;

      g_assert_true (isle_action_parse (isle_game_get_state (game), solution[j], &a));
      g_assert_true (isle_game_apply (game, a, NULL));
    }
  g_assert_true (isle_game_undo (game));
  data = isle_saved_game_to_data (game, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (data, "\"format\": \"critter-isle\""));
  g_assert_nonnull (strstr (data, "\"actions\""));
  g_assert_nonnull (strstr (data, "\"title\": \"White Wall\""));

  sc = load_text_ok (data);
  again = to_data_ok (sc);
  g_assert_cmpstr (again, ==, data);

  loaded = isle_saved_game_load_data (data, -1, "saved.isle", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_n_actions (loaded), ==, 3);
  g_assert_cmpuint (isle_game_get_position (loaded), ==, 2);
  g_assert_nonnull (isle_game_get_scenario (loaded));
  for (guint i = 0; i <= 3; i++)
    g_assert_cmpmem (isle_game_get_state_at (loaded, i), sizeof (IsleState),
                     isle_game_get_state_at (game, i), sizeof (IsleState));
}

/* An old "critter-isle-game" file loads, is written in the new format, and
 * that writes back the same bytes. */
static void
test_round_trip_old_saved_game (void)
{
  g_autofree char *path = data_path ("saved", "good-weather.isle");
  g_autoptr (IsleScenario) sc = load_ok (path);
  g_autofree char *first = to_data_ok (sc);
  g_autoptr (IsleScenario) back = load_text_ok (first);
  g_autofree char *second = to_data_ok (back);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) old = isle_saved_game_load (path, &error);
  g_autoptr (IsleGame) upgraded = isle_saved_game_load_data (first, -1, "new.isle", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, second);
  g_assert_nonnull (strstr (first, "\"format\": \"critter-isle\","));
  g_assert_cmpstr (isle_scenario_get_saved (sc), ==, "2026-11-22T10:00:00Z");
  g_assert_cmpuint (g_strv_length ((char **) isle_scenario_get_actions (sc)), ==, 16);
  g_assert_cmpuint (isle_scenario_get_position (sc), ==, 14);
  /* The same game, state by state. */
  g_assert_cmpuint (isle_game_get_n_actions (upgraded), ==, isle_game_get_n_actions (old));
  g_assert_cmpuint (isle_game_get_position (upgraded), ==, isle_game_get_position (old));
  for (guint i = 0; i <= isle_game_get_n_actions (old); i++)
    g_assert_cmpmem (isle_game_get_state_at (upgraded, i), sizeof (IsleState),
                     isle_game_get_state_at (old, i), sizeof (IsleState));
  /* A plain game: no scenario of its own. */
  g_assert_null (isle_game_get_scenario (upgraded));
}

/* ---- A file never runs code -------------------------------------------------- */

static void
test_engine_players_written_as_stand_ins (void)
{
  IsleGameSetup setup;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *data = NULL;

  g_assert_cmpstr (isle_scenario_player_stand_in ("engine:/usr/bin/x"), ==, "expert");
  g_assert_cmpstr (isle_scenario_player_stand_in ("plugin:sample"), ==, "expert");
  g_assert_cmpstr (isle_scenario_player_stand_in ("easy"), ==, "easy");
  g_assert_cmpstr (isle_scenario_player_stand_in ("greedy"), ==, "easy");
  g_assert_cmpstr (isle_scenario_player_stand_in ("human"), ==, "human");
  g_assert_cmpstr (isle_scenario_player_stand_in ("no such player"), ==, "expert");
  {
    /* As written: a level keeps its budget, a program becomes the stand-in. */
    static const char *const filed[][2] = {
      { "ismcts:hard@2s", "expert@2s" }, { "hard@n20000", "hard@n20000" },
      { "expert@0.9s", "expert" }, { "greedy", "easy" }, { "human", "human" },
      { "engine:/usr/bin/x", "expert" }, { "plugin:sample", "expert" },
      { "no such player", "expert" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (filed); i++)
      {
        g_autofree char *player = isle_scenario_player_for_file (filed[i][0]);

        g_assert_cmpstr (player, ==, filed[i][1]);
      }
    g_assert_cmpstr (isle_scenario_player_stand_in ("ismcts:hard@2s"), ==, "expert");
  }

  memset (&setup, 0, sizeof setup);
  g_assert_true (isle_rules_load_standard (&setup.rules, NULL));
  setup.variant = ISLE_VARIANT_BASIC;
  setup.players[0] = isle_player_spec_for ("human");
  setup.players[1] = isle_player_spec_for ("engine:rm -rf /");
  game = isle_game_new_from_setup (&setup, 1, &error);
  data = isle_saved_game_to_data (game, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (data, "engine:"));
  loaded = isle_saved_game_load_data (data, -1, "x.isle", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (loaded)->players[1]), ==, "expert");
}

/* A scenario's players become the setup's specs, parsed once: one per seat
 * when the file names them, else the person at the user's seat and the
 * opponent at the others; text that names no player gets the stand-in. */
static void
test_setup_players_parsed (void)
{
  g_autoptr (IsleScenario) sc = isle_scenario_new ();
  const char *const players[] = { "ismcts:hard@2s", "human", NULL };
  const char *const unknown[] = { "human", "no such player", NULL };
  const char *const three[] = { "human", "easy", "easy", NULL };
  IsleGameSetup setup;

  memset (&setup, 0, sizeof setup);
  setup.variant = ISLE_VARIANT_BASIC;
  isle_scenario_set_player (sc, 1);
  isle_scenario_set_opponent (sc, "greedy");
  isle_scenario_get_setup_players (sc, &setup);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[0]), ==, "easy");
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[1]), ==, "human");
  g_assert_true (setup.players[0].level == isle_ai_find ("easy"));
  /* Seats past the variant's are people, never played. */
  g_assert_true (isle_player_spec_is_human (&setup.players[2]));

  isle_scenario_set_players (sc, players);
  isle_scenario_get_setup_players (sc, &setup);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[0]), ==, "expert@2s");
  g_assert_cmpfloat (setup.players[0].budgeted.seconds, ==, 2);
  g_assert_true (isle_player_spec_is_human (&setup.players[1]));

  isle_scenario_set_players (sc, unknown);
  isle_scenario_get_setup_players (sc, &setup);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[1]), ==, ISLE_PLAYER_SPEC_STAND_IN);

  /* A list of the wrong length is not the seats': the opponent plays. */
  isle_scenario_set_players (sc, three);
  isle_scenario_get_setup_players (sc, &setup);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[0]), ==, "easy");
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[1]), ==, "human");
}

/* ---- The editor's API ------------------------------------------------------- */

static void
count_changed (IsleScenario *sc, int *n)
{
  (void) sc;
  (*n)++;
}

static gboolean
has_problem_at (GPtrArray *problems, const char *path, IsleScenarioError code)
{
  for (guint i = 0; i < problems->len; i++)
    {
      IsleScenarioProblem *p = g_ptr_array_index (problems, i);

      if (strcmp (p->path, path) == 0 && p->code == code)
        return TRUE;
    }
  return FALSE;
}

/* A scenario built field by field and checked again after each change. */
static void
test_editor_field_by_field (void)
{
  g_autoptr (IsleScenario) sc = isle_scenario_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (IsleScenario) back = NULL;
  g_autofree char *text = NULL;
  IslePosition p;
  IsleScenarioGoal goal = { ISLE_GOAL_LINE, 9 };
  const char *hints[] = { "Look at the diagonals.", NULL };
  int changes = 0;

  g_signal_connect (sc, "changed", G_CALLBACK (count_changed), &changes);
  problems = isle_scenario_validate (sc);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  isle_scenario_set_title (sc, "Edited");
  isle_scenario_set_hints (sc, hints);
  isle_scenario_set_difficulty (sc, ISLE_DIFFICULTY_MEDIUM);
  isle_scenario_set_variant (sc, ISLE_VARIANT_WEATHER);
  isle_scenario_set_goal (sc, &goal);
  isle_position_init (&p);
  p.weather = ISLE_WEATHER_CLOUDY;
  p.board.fog = isle_quadrant_mask (0) | isle_quadrant_mask (1) | isle_quadrant_mask (2);
  isle_board_put (&p.board, 27, ISLE_KIND_WOLF, 0, ISLE_COLOUR_RED, 0);     /* d5 */
  isle_board_put (&p.board, 28, ISLE_KIND_WOLF, 1, ISLE_COLOUR_BLUE, 0);    /* e5 */
  isle_scenario_set_start (sc, &p);
  isle_scenario_set_opponent (sc, "engine:evil");
  g_assert_cmpint (changes, ==, 7);

  problems = isle_scenario_validate (sc);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_true (has_problem_at (problems, "goal.length", ISLE_SCENARIO_ERROR_GOAL));
  g_assert_true (has_problem_at (problems, "opponent", ISLE_SCENARIO_ERROR_PLAYER));
  g_clear_pointer (&problems, g_ptr_array_unref);

  /* R6.6: a token put under the fog is named with its tile. */
  isle_board_put (&p.board, 0, ISLE_KIND_WOLF, 0, ISLE_COLOUR_RED, 0);      /* a1 */
  isle_scenario_set_start (sc, &p);
  problems = isle_scenario_validate (sc);
  g_assert_true (has_problem_at (problems, "start.board[0]", ISLE_SCENARIO_ERROR_POSITION));
  g_clear_pointer (&problems, g_ptr_array_unref);
  isle_board_take (&p.board, 0);
  isle_scenario_set_start (sc, &p);

  goal.value = 4;
  isle_scenario_set_goal (sc, &goal);
  /* An old id is kept, and written, as its level's id. */
  isle_scenario_set_opponent (sc, "ismcts:medium");
  g_assert_cmpstr (isle_scenario_get_opponent (sc), ==, "hard");
  problems = isle_scenario_validate (sc);
  g_assert_cmpuint (problems->len, ==, 0);

  text = to_data_ok (sc);
  back = load_text_ok (text);
  g_assert_cmpstr (isle_scenario_get_title (back), ==, "Edited");
  g_assert_cmpstr (isle_scenario_get_opponent (back), ==, "hard");
  g_assert_nonnull (strstr (text, "\"opponent\": \"hard\""));
  g_assert_cmpint (isle_scenario_get_start (back)->board.fog, ==, p.board.fog);
  g_assert_nonnull (strstr (text, "\"goal\": {\"type\": \"line\", \"length\": 4}"));
}

/* R5: a problem against the rules is a plain sentence for the editor,
 * the section apart (for its tooltip); the CLI's lines keep the section
 * after the sentence. */
static void
test_r5_problem_section_apart (void)
{
  g_autoptr (IsleScenario) sc = isle_scenario_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autofree char *text = NULL;
  IsleScenarioGoal goal = { ISLE_GOAL_LINE, 0 };
  const IsleScenarioProblem *p;

  isle_scenario_set_goal (sc, &goal);
  problems = isle_scenario_validate (sc);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->path, ==, "goal.length");
  g_assert_cmpstr (p->message, ==, "A line must be 3 to 6 tokens long; you entered 0.");
  g_assert_cmpstr (p->section, ==, "R5");
  text = isle_scenario_problems_to_string (problems, "x.isle");
  g_assert_cmpstr (text, ==, "x.isle: goal.length: A line must be 3 to 6 tokens long; you entered 0. (R5)");

  /* A copy keeps the section; a problem of no rule has none. */
  {
    g_autoptr (IsleScenarioProblem) copy = isle_scenario_problem_copy (p);

    g_assert_cmpstr (copy->section, ==, "R5");
  }
  goal.type = ISLE_GOAL_SCORE_ROUND;
  isle_scenario_set_goal (sc, &goal);
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = isle_scenario_validate (sc);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->message, ==, "The goal's number must be 1 or more; you entered 0.");
  g_assert_null (p->section);
}

/* The rules: only what differs from the standard rules is written. */
static void
test_rules_overrides (void)
{
  g_autoptr (IsleScenario) sc = isle_scenario_new ();
  g_autoptr (IsleScenario) back = NULL;
  g_autofree char *text = NULL;
  IsleRules rules = *isle_scenario_get_rules (sc);

  rules.hire_cost[ISLE_KIND_FOX] = 20;       /* R2 */
  rules.line_score[4] = 6;                   /* R7.1 */
  isle_scenario_set_rules (sc, &rules);
  text = to_data_ok (sc);
  g_assert_nonnull (strstr (text, "\"rules\": {\"line_score\": {\"4\": 6}, \"hire_cost\": {\"fox\": 20}}"));
  back = load_text_ok (text);
  g_assert_cmpmem (isle_scenario_get_rules (back), sizeof rules, &rules, sizeof rules);
}

/* ---- Goals -------------------------------------------------------------------- */

/* The goal decided at the end of the start round: met by the solution,
 * failed with a higher bar; a line goal reads the scored map. */
static void
test_goal_status_at_round_end (void)
{
  g_auto (GStrv) puzzles = isle_scenario_list_puzzles ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = isle_scenario_load_resource (puzzles[0], &error);
  g_autofree char *sentence = NULL;
  g_autofree char *described = NULL;
  const char *const *solution = isle_scenario_get_solution (sc);
  IsleScenarioGoal goal;
  IsleState s;
  int lead;

  g_assert_true (isle_scenario_build_start (sc, 0, &s, &error));
  for (guint j = 0; solution[j] != NULL; j++)
    {
      IsleAction a;

      g_assert_true (isle_action_parse (&s, solution[j], &a));
      g_assert_true (isle_state_apply (&s, a));
    }
  g_assert_cmpint (s.round, ==, 2);
  lead = s.round_score[0][0] - s.round_score[0][1];

  isle_scenario_get_goal (sc, &goal);
  g_assert_cmpint (goal.type, ==, ISLE_GOAL_WIN_ROUND);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_MET);

  goal.value = lead + 1;
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, &sentence), ==, ISLE_GOAL_FAILED);
  g_assert_nonnull (strstr (sentence, "Red needed to win the round by"));
  g_clear_pointer (&sentence, g_free);

  goal.type = ISLE_GOAL_SCORE_ROUND;
  goal.value = s.round_score[0][0];
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_MET);
  goal.value++;
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_FAILED);

  /* R5: a line of 3 at least is on the scored map; 6 is not. */
  goal.type = ISLE_GOAL_LINE;
  goal.value = 3;
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_MET);
  goal.value = 6;
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_FAILED);

  /* R4.7: the game goes on after the round: win-game is in progress. */
  goal.type = ISLE_GOAL_WIN_GAME;
  isle_scenario_set_goal (sc, &goal);
  g_assert_cmpint (isle_scenario_goal_status (sc, &s, NULL), ==, ISLE_GOAL_IN_PROGRESS);
  described = isle_scenario_describe_goal (sc);
  g_assert_cmpstr (described, ==, "Win the game.");
}

/* Older saved games keep loading as scenarios. */
static void
test_old_saved_games_load (void)
{
  g_autofree char *path = data_path ("saved", "good-weather.isle");
  g_autoptr (IsleScenario) sc = load_ok (path);

  g_assert_cmpint (isle_scenario_get_variant (sc), ==, ISLE_VARIANT_WEATHER);
  g_assert_cmpuint (isle_scenario_get_seed (sc), ==, 20261122);
}

/* The editor copies the scenario before every edit (its undo stack) and
 * checks it after: a copy must not read the standard rules again. A copy
 * is timed against reading the standard rules' JSON, so that a loaded
 * machine slows both alike; the figures are printed (--verbose). */
static void
test_copy_is_cheap (void)
{
  g_autofree char *path = data_path ("scenarios", "good-quick-unsettled-hippo.isle");
  g_autoptr (IsleScenario) sc = load_ok (path);
  g_autoptr (GBytes) standard = g_resources_lookup_data (ISLE_RULES_STANDARD_RESOURCE, 0, NULL);
  const int n = 2000;
  gint64 start;
  double copy_us, parse_us, edit_us;

  g_assert_nonnull (standard);
  start = g_get_monotonic_time ();
  for (int i = 0; i < n; i++)
    g_object_unref (isle_scenario_copy (sc));
  copy_us = (double) (g_get_monotonic_time () - start) / n;

  start = g_get_monotonic_time ();
  for (int i = 0; i < n / 10; i++)
    {
      IsleRules rules;

      g_assert_true (isle_rules_load_data (&rules, g_bytes_get_data (standard, NULL),
                                           (gssize) g_bytes_get_size (standard), "standard.json", NULL));
    }
  parse_us = (double) (g_get_monotonic_time () - start) / (n / 10);

  start = g_get_monotonic_time ();
  for (int i = 0; i < n / 10; i++)
    {
      g_autoptr (IsleScenario) copy = isle_scenario_copy (sc);
      g_autoptr (GPtrArray) problems = NULL;

      isle_scenario_set_title (copy, i % 2 ? "Odd" : "Even");
      problems = isle_scenario_validate (copy);
    }
  edit_us = (double) (g_get_monotonic_time () - start) / (n / 10);

  g_test_message ("scenario copy: %.2f us; reading the standard rules: %.1f us; "
                  "copy + edit + validate: %.1f us", copy_us, parse_us, edit_us);
  g_assert_cmpfloat (copy_us, <, parse_us / 4);
}

/* One reader of JSON fields (isle-json.h): the same mistake in the rules
 * is named the same way in a rules file, in a scenario's rules and in an
 * old saved game's rules, with the same path below "rules" and the same
 * words. */
static void
test_fields_named_alike (void)
{
  const char *needle = "weather_deck[2]: expected one of sunny, cloudy, foggy, got “rainy”";
  g_autofree char *old_path = data_path ("saved", "good-weather.isle");
  g_autofree char *old_text = read_text (old_path, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) rules = NULL;
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *rules_text = NULL, *scenario_text = NULL, *old_bad = NULL;
  g_autofree char *in_rules = NULL, *in_scenario = NULL, *in_old = NULL;
  IsleRules standard, r;
  JsonArray *deck;
  JsonObject *root;
  g_autoptr (IsleScenario) sc = NULL;

  g_assert_true (isle_rules_load_standard (&standard, NULL));
  rules = isle_rules_to_json (&standard);
  deck = json_object_get_array_member (json_node_get_object (rules), "weather_deck");
  json_node_set_string (json_array_get_element (deck, 2), "rainy");
  json_generator_set_root (gen, rules);
  rules_text = json_generator_to_data (gen, NULL);

  /* A rules file: the field from the top. */
  g_assert_false (isle_rules_load_data (&r, rules_text, -1, "mine.json", &error));
  in_rules = g_strdup_printf ("mine.json: %s", needle);
  g_assert_cmpstr (error->message, ==, in_rules);
  g_clear_error (&error);

  /* A scenario's whole rules: the same, below "rules". */
  scenario_text = g_strdup_printf ("{\"format\": \"critter-isle\", \"version\": 1, "
                                   "\"variant\": \"basic\", \"rules\": %s}", rules_text);
  sc = isle_scenario_load_data (scenario_text, -1, "s.isle", &error);
  g_assert_null (sc);
  g_assert_error (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_RULES);
  in_scenario = g_strdup_printf ("s.isle: rules.%s", needle);
  g_assert_cmpstr (error->message, ==, in_scenario);
  g_clear_error (&error);

  /* An old saved game's rules: the same again, as a scenario and as a
   * game. */
  g_assert_true (json_parser_load_from_data (parser, old_text, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_member (root, "rules", json_node_copy (rules));
  json_generator_set_root (gen, json_parser_get_root (parser));
  old_bad = json_generator_to_data (gen, NULL);
  g_assert_null (isle_scenario_load_data (old_bad, -1, "old.isle", &error));
  in_old = g_strdup_printf ("old.isle: rules.%s", needle);
  g_assert_cmpstr (error->message, ==, in_old);
  g_clear_error (&error);
  g_assert_null (isle_saved_game_load_data (old_bad, -1, "old.isle", &error));
  g_assert_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_RULES);
  g_assert_nonnull (strstr (error->message, in_old));

  /* Rules an editor set, checked as a file would have them. R2: a hire
   * cost is never negative. */
  {
    g_autoptr (IsleScenario) edited = isle_scenario_new ();
    g_autoptr (GPtrArray) problems = NULL;
    IsleScenarioProblem *p;

    r = standard;
    r.hire_cost[ISLE_KIND_FOX] = -5;
    isle_scenario_set_rules (edited, &r);
    problems = isle_scenario_validate (edited);
    g_assert_cmpuint (problems->len, >=, 1);
    p = g_ptr_array_index (problems, 0);
    g_assert_cmpint (p->code, ==, ISLE_SCENARIO_ERROR_RULES);
    g_assert_cmpstr (p->path, ==, "rules.hire_cost.fox");
    g_assert_cmpstr (p->message, ==, "expected an integer from 0 to 1000, got -5");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *name = g_strndup (bad_files[i].file, strlen (bad_files[i].file) - strlen (".isle"));
      g_autofree char *path = g_strdup_printf ("/scenario/bad-file/%s", name);

      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/scenario/many_problems_at_once", test_many_problems_at_once);
  g_test_add_func ("/scenario/r5_problem_section_apart", test_r5_problem_section_apart);
  g_test_add_func ("/scenario/limits", test_limits);
  g_test_add_func ("/scenario/puzzles/list", test_puzzles_list);
  g_test_add_func ("/scenario/puzzles/solutions_meet_the_goal", test_puzzle_solutions);
  g_test_add_func ("/scenario/round-trip/puzzles", test_round_trip_puzzles);
  g_test_add_func ("/scenario/round-trip/scenario", test_round_trip_scenario);
  g_test_add_func ("/scenario/round-trip/saved_game_with_history", test_round_trip_saved_game);
  g_test_add_func ("/scenario/round-trip/old_saved_game_upgraded", test_round_trip_old_saved_game);
  g_test_add_func ("/scenario/engine_players_written_as_stand_ins", test_engine_players_written_as_stand_ins);
  g_test_add_func ("/scenario/setup-players-parsed", test_setup_players_parsed);
  g_test_add_func ("/scenario/editor/field_by_field", test_editor_field_by_field);
  g_test_add_func ("/scenario/rules_overrides", test_rules_overrides);
  g_test_add_func ("/scenario/goal_status_at_round_end", test_goal_status_at_round_end);
  g_test_add_func ("/scenario/old_saved_games_load", test_old_saved_games_load);
  g_test_add_func ("/scenario/copy_is_cheap", test_copy_is_cheap);
  g_test_add_func ("/scenario/fields_named_alike", test_fields_named_alike);
  return g_test_run ();
}
