/* test-saved-game.c — saved games (.isle): a game of every variant comes
 * back from its file with the same states byte for byte, the same position,
 * redo tail, players and rules; damaged files are refused with a message
 * naming the file and the field, never half loaded; saving is atomic and
 * leaves no temporary file. Also the history API of IsleGame they rest on. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isle-game-record.h"
#include "isle-paths.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-saver.h"
#include "isle-scenario.h"

/* ---- Helpers ----------------------------------------------------------- */

static char *
saved_data_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "saved", file, NULL);
}

static void
load_standard (IsleRules *rules)
{
  g_autoptr (GError) error = NULL;

  memset (rules, 0, sizeof *rules);
  g_assert_true (isle_rules_load_standard (rules, &error));
  g_assert_no_error (error);
}

/* Applies up to N uniformly random legal actions drawn from RNG; stops at
 * the end of the game. */
static void
play_random (IsleGame *game,
             IsleRng  *rng,
             guint     n)
{
  for (guint i = 0; i < n; i++)
    {
      const IsleState *state = isle_game_get_state (game);
      g_autoptr (GError) error = NULL;
      IsleActionList list;
      int n_legal;

      if (isle_state_is_terminal (state))
        return;
      n_legal = isle_state_legal_actions (state, &list);
      g_assert_cmpint (n_legal, >, 0);
      g_assert_true (isle_game_apply (game,
                                      list.actions[isle_rng_below (rng, (uint32_t) n_legal)],
                                      &error));
      g_assert_no_error (error);
    }
}

/* A game of the standard Weather game (R6) with N random actions played. */
static IsleGame *
new_weather_game (guint64 seed,
                  guint   n)
{
  g_autoptr (GError) error = NULL;
  IsleGame *game;
  IsleRules rules;
  IsleRng rng;

  load_standard (&rules);
  game = isle_game_new (&rules, ISLE_VARIANT_WEATHER, 0, seed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  isle_rng_seed (&rng, seed ^ 0x5eed);
  play_random (game, &rng, n);
  return game;
}

/* A fresh empty directory for files; remove it with remove_dir(). */
static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-saved-game-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The names in DIR, sorted, separated by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Removes DIR and everything under it. */
static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  g_chmod (dir, 0700);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_dir (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
save_ok (IsleGame   *game,
         const char *path)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_saved_game_save (game, path, &error));
  g_assert_no_error (error);
}

static IsleGame *
load_ok (const char *path)
{
  g_autoptr (GError) error = NULL;
  IsleGame *game = isle_saved_game_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
assert_same_setup (const IsleGameSetup *a,
                   const IsleGameSetup *b)
{
  g_assert_cmpint (a->variant, ==, b->variant);
  g_assert_cmpint (a->first_seat, ==, b->first_seat);
  g_assert_cmpint (isle_game_setup_n_seats (a), ==, isle_game_setup_n_seats (b));
  /* A file never names a program or a plugin: those seats come back as
   * the built-in stand-in (doc/scenario-format.md). */
  for (int seat = 0; seat < isle_game_setup_n_seats (a); seat++)
    {
      IslePlayerSpec filed_a = isle_player_spec_for_file (&a->players[seat]);
      IslePlayerSpec filed_b = isle_player_spec_for_file (&b->players[seat]);

      g_assert_cmpstr (isle_player_spec_to_text (&filed_a), ==, isle_player_spec_to_text (&filed_b));
    }
  g_assert_cmpmem (&a->rules, sizeof a->rules, &b->rules, sizeof b->rules);
}

/* A and B are the same game: setup, seed, every recorded action (the redo
 * tail included), the position, and every state byte for byte. */
static void
assert_same_game (IsleGame *a,
                  IsleGame *b)
{
  guint n = isle_game_get_n_actions (a);

  assert_same_setup (isle_game_get_setup (a), isle_game_get_setup (b));
  g_assert_cmpuint (isle_game_get_seed (a), ==, isle_game_get_seed (b));
  g_assert_cmpuint (isle_game_get_n_actions (b), ==, n);
  g_assert_cmpuint (isle_game_get_position (b), ==, isle_game_get_position (a));
  for (guint i = 0; i < n; i++)
    g_assert_cmphex (isle_game_get_action (b, i), ==, isle_game_get_action (a, i));
  for (guint i = 0; i <= n; i++)
    g_assert_cmpmem (isle_game_get_state_at (b, i), sizeof (IsleState),
                     isle_game_get_state_at (a, i), sizeof (IsleState));
  g_assert_cmpmem (isle_game_get_state (b), sizeof (IsleState),
                   isle_game_get_state (a), sizeof (IsleState));
  g_assert_cmpint (isle_game_get_can_undo (b), ==, isle_game_get_can_undo (a));
  g_assert_cmpint (isle_game_get_can_redo (b), ==, isle_game_get_can_redo (a));
}

/* ---- IsleGame: setup and history --------------------------------------- */

static void
count_changed (IsleGame *game,
               guint     old,
               guint     position,
               guint    *count)
{
  (void) game;
  g_assert_cmpuint (old, !=, position);
  g_assert_cmpuint (position, ==, isle_game_get_position (game));
  (*count)++;
}

static void
test_game_history (void)
{
  g_autoptr (IsleGame) game = new_weather_game (11, 20);
  IsleState after_20 = *isle_game_get_state (game);
  IsleAction fifth = isle_game_get_action (game, 4);
  guint changed = 0;

  g_signal_connect (game, "position-changed", G_CALLBACK (count_changed), &changed);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 20);
  g_assert_cmpuint (isle_game_get_position (game), ==, 20);

  /* Undo lowers the position; the undone actions stay recorded. */
  g_assert_true (isle_game_undo (game));
  g_assert_true (isle_game_undo (game));
  g_assert_cmpuint (isle_game_get_position (game), ==, 18);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 20);
  g_assert_cmpmem (isle_game_get_state_at (game, 18), sizeof (IsleState),
                   isle_game_get_state (game), sizeof (IsleState));
  g_assert_cmpuint (changed, ==, 2);

  /* go_to jumps in one step, with one "position-changed". */
  g_assert_true (isle_game_go_to (game, 4));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (isle_game_get_position (game), ==, 4);
  g_assert_cmphex (isle_game_get_action (game, 4), ==, fifth);
  g_assert_true (isle_game_go_to (game, 4));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_false (isle_game_go_to (game, 21));
  g_assert_cmpuint (isle_game_get_position (game), ==, 4);
  g_assert_true (isle_game_go_to (game, 20));
  g_assert_cmpmem (&after_20, sizeof after_20,
                   isle_game_get_state (game), sizeof (IsleState));
  g_assert_true (isle_game_go_to (game, 0));
  g_assert_false (isle_game_get_can_undo (game));
  g_assert_true (isle_game_get_can_redo (game));

  /* A new move replaces the redo tail. */
  g_assert_true (isle_game_go_to (game, 4));
  g_assert_true (isle_game_apply (game, fifth, NULL));
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 5);
  g_assert_cmpuint (isle_game_get_position (game), ==, 5);
  g_assert_false (isle_game_get_can_redo (game));
}

/* isle_game_new() games have a setup too: a human at seat 0 and the
 * default computer player elsewhere; the first seat as the engine reads it
 * (R4.3). */
static void
test_game_new_setup (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  const IsleGameSetup *setup;
  IsleRules rules;

  load_standard (&rules);
  game = isle_game_new (&rules, ISLE_VARIANT_TEAM, 5, 99, &error);
  g_assert_no_error (error);
  setup = isle_game_get_setup (game);
  g_assert_cmpint (setup->variant, ==, ISLE_VARIANT_TEAM);
  g_assert_cmpint (setup->first_seat, ==, 1);
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[0]), ==, "human");
  for (int seat = 1; seat < 4; seat++)   /* R11: four seats */
    g_assert_cmpstr (isle_player_spec_to_text (&setup->players[seat]), ==, "medium");
  g_assert_cmpmem (&setup->rules, sizeof rules, &rules, sizeof rules);
  g_assert_cmpuint (isle_game_get_seed (game), ==, 99);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 0);
  g_assert_cmpuint (isle_game_get_position (game), ==, 0);
}

static void
test_game_new_from_setup (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleGame) same = NULL;
  IsleGameSetup setup;

  memset (&setup, 0, sizeof setup);
  load_standard (&setup.rules);
  setup.variant = ISLE_VARIANT_BASIC;
  setup.first_seat = 1;
  setup.players[0] = isle_player_spec_for ("greedy");
  setup.players[1] = isle_player_spec_for ("human");

  game = isle_game_new_from_setup (&setup, 1234, &error);
  g_assert_no_error (error);
  assert_same_setup (isle_game_get_setup (game), &setup);
  g_assert_cmpint (isle_state_to_move (isle_game_get_state (game)), ==, 1);   /* R4.3 */

  /* The same as isle_game_new() with the same variant, seat and seed. */
  same = isle_game_new (&setup.rules, ISLE_VARIANT_BASIC, 1, 1234, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (isle_game_get_state (game), sizeof (IsleState),
                   isle_game_get_state (same), sizeof (IsleState));

  /* R4.3, R11: seat 2 cannot start a two-seat game. */
  setup.first_seat = 2;
  g_assert_null (isle_game_new_from_setup (&setup, 1, &error));
  g_assert_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_SETUP);
  g_clear_error (&error);

  setup.first_seat = 0;
  setup.variant = ISLE_N_VARIANTS;
  g_assert_null (isle_game_new_from_setup (&setup, 1, &error));
  g_assert_error (error, ISLE_GAME_ERROR, ISLE_GAME_ERROR_SETUP);
}

/* ---- Round trips ------------------------------------------------------- */

typedef struct
{
  const char *test;
  IsleVariant variant;
  guint moves;      /* random actions played (fewer if the game ends) */
  guint undos;      /* then undone, to leave a redo tail */
  gboolean house;   /* play with changed rules and options */
} RoundTrip;

static const RoundTrip round_trips[] = {
  { "r4-basic", ISLE_VARIANT_BASIC, 50, 4, FALSE },
  { "r6-weather", ISLE_VARIANT_WEATHER, 60, 5, FALSE },
  /* R6.5 fog_lift next, R4.2 dealt hands, R12 strict memory. */
  { "r6-weather-house-rules", ISLE_VARIANT_WEATHER, 70, 3, TRUE },
  { "r9-mercenary", ISLE_VARIANT_MERCENARY, 120, 6, FALSE },
  { "r10-quick", ISLE_VARIANT_QUICK, 60, 2, TRUE },
  { "r11-team", ISLE_VARIANT_TEAM, 90, 7, FALSE },
  /* Whole games: the file holds the end (R4.7, R9.4) too. */
  { "r4-basic-finished", ISLE_VARIANT_BASIC, G_MAXUINT, 0, FALSE },
  { "r9-mercenary-finished", ISLE_VARIANT_MERCENARY, G_MAXUINT, 0, FALSE },
  { "r11-team-finished-undone", ISLE_VARIANT_TEAM, G_MAXUINT, 30, FALSE },
  /* Nothing played, and everything undone. */
  { "r6-weather-start", ISLE_VARIANT_WEATHER, 0, 0, FALSE },
  { "r10-quick-all-undone", ISLE_VARIANT_QUICK, 25, 25, FALSE },
};

static void
test_round_trip (gconstpointer data)
{
  const RoundTrip *rt = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autofree char *names = NULL;
  /* Above 2^53: the seed must not pass through a double. */
  guint64 seed = G_MAXUINT64 - 977 * (guint64) rt->variant;
  IsleGameSetup setup;
  IsleRng rng;
  int n_seats;

  memset (&setup, 0, sizeof setup);
  load_standard (&setup.rules);
  setup.variant = rt->variant;
  n_seats = isle_game_setup_n_seats (&setup);
  setup.first_seat = n_seats - 1;   /* R4.3: not always seat 0 */
  setup.players[0] = isle_player_spec_for ("human");
  setup.players[1] = isle_player_spec_for ("ismcts:hard");
  setup.players[2] = isle_player_spec_for ("plugin:sample");
  setup.players[3] = isle_player_spec_for ("engine:critter-isle-cli engine --level greedy");
  if (rt->house)
    {
      setup.rules.line_score[4] = 6;                        /* R7.1 */
      setup.rules.hire_cost[ISLE_KIND_CAT] = 30;            /* R2 */
      setup.rules.opening_hand = ISLE_OPENING_DEAL;         /* R4.2 */
      setup.rules.fog_lift = ISLE_FOG_LIFT_NEXT;            /* R6.5 */
      setup.rules.quick_weather = ISLE_WEATHER_FOGGY;       /* R10 */
      setup.rules.strict_memory = TRUE;                     /* R12 */
    }

  game = isle_game_new_from_setup (&setup, seed, &error);
  g_assert_no_error (error);
  isle_rng_seed (&rng, (uint64_t) rt->variant * 31 + rt->moves);
  play_random (game, &rng, rt->moves);
  if (rt->moves == G_MAXUINT)
    g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  for (guint i = 0; i < rt->undos; i++)
    g_assert_true (isle_game_undo (game));
  g_test_message ("%u actions, position %u", isle_game_get_n_actions (game),
                  isle_game_get_position (game));

  save_ok (game, path);
  loaded = load_ok (path);
  assert_same_game (game, loaded);

  /* The redo tail plays on as it would have. */
  while (isle_game_redo (game))
    g_assert_true (isle_game_redo (loaded));
  g_assert_false (isle_game_redo (loaded));
  assert_same_game (game, loaded);

  /* Saving again over the file gives a file that loads the same; no
   * temporary file is left beside it, only the backup of the file before. */
  save_ok (loaded, path);
  g_clear_object (&loaded);
  loaded = load_ok (path);
  assert_same_game (game, loaded);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "game.isle game.isle~");
  remove_dir (dir);
}

/* A level with a thinking budget (isle-player-spec.h) is saved and loaded
 * with it; named by its old id, it comes back with its new one. */
static void
test_player_budget_kept (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  IsleGameSetup setup;

  memset (&setup, 0, sizeof setup);
  load_standard (&setup.rules);
  setup.variant = ISLE_VARIANT_BASIC;
  setup.players[0] = isle_player_spec_for ("hard@n20000");
  setup.players[1] = isle_player_spec_for ("ismcts:hard@2s");
  game = isle_game_new_from_setup (&setup, 99, &error);
  g_assert_no_error (error);
  save_ok (game, path);
  loaded = load_ok (path);
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (loaded)->players[0]), ==, "hard@n20000");
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (loaded)->players[1]), ==, "expert@2s");
  remove_dir (dir);
}

/* The text is what doc/saved-game-format.md says: the seed a string, the
 * rules the rules file's own schema, the actions their text forms. */
static void
test_file_shape (void)
{
  g_autoptr (IsleGame) game = new_weather_game (G_MAXUINT64, 12);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *data = NULL;
  JsonObject *root;
  g_autoptr (GDateTime) saved = NULL;
  JsonArray *actions;
  IsleRules rules;
  gsize length;

  g_assert_true (isle_game_undo (game));
  data = isle_saved_game_to_data (game, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (data), ==, length);
  g_assert_true (g_str_has_suffix (data, "}\n"));
  g_assert_true (json_parser_load_from_data (parser, data, (gssize) length, &error));
  g_assert_no_error (error);

  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "critter-isle");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (root, "variant"), ==, "weather");
  g_assert_cmpstr (json_object_get_string_member (root, "seed"), ==, "18446744073709551615");
  g_assert_cmpint (json_object_get_int_member (root, "first_seat"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "players")), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "position"), ==, 11);
  saved = g_date_time_new_from_iso8601 (json_object_get_string_member (root, "saved"), NULL);
  g_assert_nonnull (saved);

  /* The rules member is a rules file of its own. */
  g_assert_true (isle_rules_load_node (&rules, json_object_get_member (root, "rules"),
                                       "rules", &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&rules, sizeof rules, &isle_game_get_setup (game)->rules, sizeof rules);

  /* R6.1: the first decision of the Weather game keeps a weather card. */
  actions = json_object_get_array_member (root, "actions");
  g_assert_cmpuint (json_array_get_length (actions), ==, 12);
  g_assert_true (g_str_has_prefix (json_array_get_string_element (actions, 0), "keep "));
  for (guint i = 0; i < 12; i++)
    {
      char text[32];

      isle_action_format (isle_game_get_state_at (game, i),
                          isle_game_get_action (game, i), text);
      g_assert_cmpstr (json_array_get_string_element (actions, i), ==, text);
    }
}

/* A file written by this version: it must keep loading as it is. */
static void
test_good_fixture (void)
{
  g_autofree char *path = saved_data_path ("good-weather.isle");
  g_autoptr (IsleGame) game = load_ok (path);
  g_autoptr (IsleGame) fresh = NULL;
  const IsleGameSetup *setup = isle_game_get_setup (game);
  IsleRules standard;

  load_standard (&standard);
  g_assert_cmpint (setup->variant, ==, ISLE_VARIANT_WEATHER);
  g_assert_cmpint (setup->first_seat, ==, 0);
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[0]), ==, "human");
  /* The file names the level by its old id: read as the level it was. */
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[1]), ==, "medium");
  g_assert_cmpmem (&setup->rules, sizeof standard, &standard, sizeof standard);
  g_assert_cmpuint (isle_game_get_seed (game), ==, 20261122);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 16);
  g_assert_cmpuint (isle_game_get_position (game), ==, 14);
  g_assert_true (isle_game_get_can_redo (game));

  /* R6.1: round 1 is Cloudy (the file's first action); R6.3 fog covers
   * three quadrants. */
  g_assert_cmpint (isle_game_get_state (game)->weather, ==, ISLE_WEATHER_CLOUDY);

  /* The same as playing the file's actions by hand. */
  fresh = isle_game_new (&standard, ISLE_VARIANT_WEATHER, 0, 20261122, NULL);
  for (guint i = 0; i < 16; i++)
    g_assert_true (isle_game_apply (fresh, isle_game_get_action (game, i), NULL));
  g_assert_cmpmem (isle_game_get_state_at (game, 16), sizeof (IsleState),
                   isle_game_get_state (fresh), sizeof (IsleState));
}

/* ---- Refused files ----------------------------------------------------- */

typedef struct
{
  const char *file;
  int code;
  const char *needle;   /* in the message, after the file name */
} BadFile;

static const BadFile bad_files[] = {
  { "bad-truncated.isle", ISLE_SAVED_GAME_ERROR_PARSE, "bad-truncated.isle:" },
  { "bad-format.isle", ISLE_SAVED_GAME_ERROR_FORMAT,
    "format: expected “critter-isle” (a saved game) or “critter-isle-game”, got “critter-isle-scenario”" },
  { "bad-version-2.isle", ISLE_SAVED_GAME_ERROR_FORMAT,
    "version: made by a newer Critter Isle (saved game version 2, this one reads version 1)" },
  { "bad-no-actions.isle", ISLE_SAVED_GAME_ERROR_FIELD, "actions: missing" },
  { "bad-action-garbage.isle", ISLE_SAVED_GAME_ERROR_ACTION,
    "actions[3]: “fly to the moon” does not read as a move of the seat to move; expected one of “pick rW”" },
  /* R4.4b: a token goes on a free tile; e3 holds Red's Rabbit. */
  { "bad-action-illegal.isle", ISLE_SAVED_GAME_ERROR_ACTION,
    "actions[12]: “place bR e3” is not a legal move here; expected one of “place bW" },
  { "bad-position-negative.isle", ISLE_SAVED_GAME_ERROR_FIELD,
    "position: expected an integer from 0 to 16, got -1" },
  { "bad-position-past-end.isle", ISLE_SAVED_GAME_ERROR_FIELD,
    "position: expected an integer from 0 to 16, got 17" },
  /* R2: a hire cost is never negative. */
  { "bad-rules-cost-negative.isle", ISLE_SAVED_GAME_ERROR_RULES,
    "rules.hire_cost.fox: expected an integer from 0 to 1000, got -5" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autofree char *path = saved_data_path (bad->file);
  g_autoptr (GError) error = NULL;

  g_assert_null (isle_saved_game_load (path, &error));
  g_assert_error (error, ISLE_SAVED_GAME_ERROR, bad->code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, bad->needle));
}

static void
test_missing_file (void)
{
  g_autofree char *path = saved_data_path ("no-such-game.isle");
  g_autoptr (GError) error = NULL;

  g_assert_null (isle_saved_game_load (path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "no-such-game.isle"));
}

/* Edits of the good fixture in memory, each refused. */
typedef void (*Mutator) (JsonObject *root);

static JsonArray *
member_array (JsonObject *root, const char *name)
{
  return json_object_get_array_member (root, name);
}

static void mut_format_missing (JsonObject *r) { json_object_remove_member (r, "format"); }
static void mut_format_rules (JsonObject *r) { json_object_set_string_member (r, "format", "critter-isle-rules"); }
static void mut_version_string (JsonObject *r) { json_object_set_string_member (r, "version", "1"); }
static void mut_version_zero (JsonObject *r) { json_object_set_int_member (r, "version", 0); }
static void
mut_newer_with_new_field (JsonObject *r)
{
  json_object_set_int_member (r, "version", 3);
  json_object_set_int_member (r, "clock", 300);
}
static void mut_unknown_field (JsonObject *r) { json_object_set_boolean_member (r, "cheats", TRUE); }
static void mut_variant_unknown (JsonObject *r) { json_object_set_string_member (r, "variant", "blitz"); }
static void mut_variant_missing (JsonObject *r) { json_object_remove_member (r, "variant"); }
static void mut_seed_number (JsonObject *r) { json_object_set_int_member (r, "seed", 5); }
static void mut_seed_negative (JsonObject *r) { json_object_set_string_member (r, "seed", "-1"); }
static void mut_seed_plus (JsonObject *r) { json_object_set_string_member (r, "seed", "+7"); }
static void mut_seed_too_big (JsonObject *r) { json_object_set_string_member (r, "seed", "18446744073709551616"); }
static void mut_seed_hex (JsonObject *r) { json_object_set_string_member (r, "seed", "0x10"); }
static void mut_first_seat_2 (JsonObject *r) { json_object_set_int_member (r, "first_seat", 2); }
static void mut_first_seat_double (JsonObject *r) { json_object_set_double_member (r, "first_seat", 0.5); }
static void mut_players_three (JsonObject *r) { json_array_add_string_element (member_array (r, "players"), "human"); }
static void
mut_players_unknown_level (JsonObject *r)
{
  json_array_remove_element (member_array (r, "players"), 1);
  json_array_add_string_element (member_array (r, "players"), "ismcts:insane");
}
static void
mut_players_number (JsonObject *r)
{
  json_array_remove_element (member_array (r, "players"), 0);
  json_array_add_int_element (member_array (r, "players"), 5);
}
static void
mut_players_empty_plugin (JsonObject *r)
{
  json_array_remove_element (member_array (r, "players"), 1);
  json_array_add_string_element (member_array (r, "players"), "plugin:");
}
static void
mut_players_too_long (JsonObject *r)
{
  g_autofree char *long_spec = g_strnfill (ISLE_PLAYER_SPEC_MAX + 10, 'x');
  g_autofree char *spec = g_strconcat ("engine:", long_spec, NULL);

  json_array_remove_element (member_array (r, "players"), 1);
  json_array_add_string_element (member_array (r, "players"), spec);
}
static void mut_players_object (JsonObject *r) { json_object_set_object_member (r, "players", json_object_new ()); }
static void mut_rules_missing (JsonObject *r) { json_object_remove_member (r, "rules"); }
static void mut_rules_string (JsonObject *r) { json_object_set_string_member (r, "rules", "standard"); }
static void
mut_rules_no_rounds (JsonObject *r)
{
  json_object_remove_member (json_object_get_object_member (r, "rules"), "rounds");
}
static void mut_actions_string (JsonObject *r) { json_object_set_string_member (r, "actions", "keep cloudy"); }
static void
mut_action_number (JsonObject *r)
{
  JsonArray *actions = json_array_new ();
  JsonArray *old = member_array (r, "actions");

  for (guint i = 0; i < json_array_get_length (old); i++)
    if (i == 5)
      json_array_add_int_element (actions, 5);
    else
      json_array_add_string_element (actions, json_array_get_string_element (old, i));
  json_object_set_array_member (r, "actions", actions);
}
/* R4.2, R12: Red picks Red's opening hand; Blue's tokens are not Red's. */
static void
mut_action_other_side (JsonObject *r)
{
  JsonArray *actions = json_array_new ();

  json_array_add_string_element (actions, "keep cloudy");
  json_array_add_string_element (actions, "pick bW");
  json_object_set_array_member (r, "actions", actions);
  json_object_set_int_member (r, "position", 2);
}
/* R6.1: the weather is kept from the two cards drawn, here Cloudy and
 * Sunny; Foggy was not drawn. */
static void
mut_action_undrawn_weather (JsonObject *r)
{
  JsonArray *actions = json_array_new ();

  json_array_add_string_element (actions, "keep foggy");
  json_object_set_array_member (r, "actions", actions);
  json_object_set_int_member (r, "position", 0);
}
static void mut_position_missing (JsonObject *r) { json_object_remove_member (r, "position"); }
static void mut_position_string (JsonObject *r) { json_object_set_string_member (r, "position", "14"); }
static void mut_saved_word (JsonObject *r) { json_object_set_string_member (r, "saved", "yesterday"); }
static void mut_saved_number (JsonObject *r) { json_object_set_int_member (r, "saved", 1700000000); }

static const struct
{
  const char *test;
  Mutator mutate;
  int code;
  const char *needle;
} bad_edits[] = {
  { "format/missing", mut_format_missing, ISLE_SAVED_GAME_ERROR_FIELD, "format: missing" },
  { "format/rules", mut_format_rules, ISLE_SAVED_GAME_ERROR_FORMAT,
    "format: expected “critter-isle” (a saved game) or “critter-isle-game”, got “critter-isle-rules”" },
  { "version/string", mut_version_string, ISLE_SAVED_GAME_ERROR_FIELD,
    "version: expected the integer 1, got “1”" },
  { "version/zero", mut_version_zero, ISLE_SAVED_GAME_ERROR_FIELD,
    "version: expected the integer 1, got 0" },
  { "version/newer_with_new_field", mut_newer_with_new_field, ISLE_SAVED_GAME_ERROR_FORMAT,
    "version: made by a newer Critter Isle (saved game version 3" },
  { "unknown_field", mut_unknown_field, ISLE_SAVED_GAME_ERROR_FIELD,
    "cheats: unknown field; expected one of format, version, variant" },
  { "variant/unknown", mut_variant_unknown, ISLE_SAVED_GAME_ERROR_FIELD,
    "variant: expected one of basic, weather, mercenary, quick, team, got “blitz”" },
  { "variant/missing", mut_variant_missing, ISLE_SAVED_GAME_ERROR_FIELD, "variant: missing" },
  { "seed/number", mut_seed_number, ISLE_SAVED_GAME_ERROR_FIELD,
    "seed: expected a whole number from 0 to 18446744073709551615 written as a string, got 5" },
  { "seed/negative", mut_seed_negative, ISLE_SAVED_GAME_ERROR_FIELD, "seed: expected a whole number" },
  { "seed/plus", mut_seed_plus, ISLE_SAVED_GAME_ERROR_FIELD, "seed: expected a whole number" },
  { "seed/too_big", mut_seed_too_big, ISLE_SAVED_GAME_ERROR_FIELD,
    "got “18446744073709551616”" },
  { "seed/hex", mut_seed_hex, ISLE_SAVED_GAME_ERROR_FIELD, "got “0x10”" },
  /* R4.3: the first seat is one of the game's seats. */
  { "r4_3/first_seat_2", mut_first_seat_2, ISLE_SAVED_GAME_ERROR_FIELD,
    "first_seat: expected an integer from 0 to 1, got 2" },
  { "r4_3/first_seat_fraction", mut_first_seat_double, ISLE_SAVED_GAME_ERROR_FIELD,
    "first_seat: expected an integer from 0 to 1, got 0.5" },
  /* R11: four seats in the team game only. */
  { "r11/players_three", mut_players_three, ISLE_SAVED_GAME_ERROR_FIELD,
    "players: expected 2 players for the weather game, got 3" },
  { "players/unknown_level", mut_players_unknown_level, ISLE_SAVED_GAME_ERROR_FIELD,
    "players[1]: expected a player: one of human, beginner, easy, medium, hard, expert" },
  { "players/number", mut_players_number, ISLE_SAVED_GAME_ERROR_FIELD,
    "players[1]: expected a player" },
  { "players/empty_plugin", mut_players_empty_plugin, ISLE_SAVED_GAME_ERROR_FIELD,
    "players[1]: expected a player" },
  { "players/too_long", mut_players_too_long, ISLE_SAVED_GAME_ERROR_FIELD,
    "players[1]: expected a player of at most 511 bytes" },
  { "players/object", mut_players_object, ISLE_SAVED_GAME_ERROR_FIELD,
    "players: expected an array of 2 players, got an object" },
  { "rules/missing", mut_rules_missing, ISLE_SAVED_GAME_ERROR_FIELD, "rules: missing" },
  { "rules/string", mut_rules_string, ISLE_SAVED_GAME_ERROR_RULES,
    "rules: expected a rules object" },
  /* R4.7: how long a game lasts is in the rules. */
  { "r4_7/rules_no_rounds", mut_rules_no_rounds, ISLE_SAVED_GAME_ERROR_RULES,
    "rules.rounds: missing" },
  { "actions/string", mut_actions_string, ISLE_SAVED_GAME_ERROR_FIELD,
    "actions: expected an array of actions in text form, got “keep cloudy”" },
  { "actions/number", mut_action_number, ISLE_SAVED_GAME_ERROR_FIELD,
    "actions[5]: expected an action in text form, such as “place rW c3”, got 5" },
  { "r4_2/pick_other_side", mut_action_other_side, ISLE_SAVED_GAME_ERROR_ACTION,
    "actions[1]: “pick bW” does not read as a move of the seat to move; expected one of “pick rW”, “pick rP”, “pick rR”, “pick rB”" },
  { "r6_1/keep_undrawn_card", mut_action_undrawn_weather, ISLE_SAVED_GAME_ERROR_ACTION,
    "actions[0]: “keep foggy” is not a legal move here; expected one of “keep cloudy”, “keep sunny”" },
  { "position/missing", mut_position_missing, ISLE_SAVED_GAME_ERROR_FIELD, "position: missing" },
  { "position/string", mut_position_string, ISLE_SAVED_GAME_ERROR_FIELD,
    "position: expected an integer from 0 to 16, got “14”" },
  { "saved/word", mut_saved_word, ISLE_SAVED_GAME_ERROR_FIELD,
    "saved: expected a date and time in ISO 8601 form, got “yesterday”" },
  { "saved/number", mut_saved_number, ISLE_SAVED_GAME_ERROR_FIELD,
    "saved: expected a date and time in ISO 8601 form, got 1700000000" },
};

/* The good fixture as JSON, to edit. */
static JsonNode *
good_fixture_node (void)
{
  g_autofree char *path = saved_data_path ("good-weather.isle");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* NODE as text, loaded as "edited.isle". */
static IsleGame *
load_node (JsonNode  *node,
           GError   **error)
{
  g_autofree char *text = json_to_string (node, TRUE);

  return isle_saved_game_load_data (text, -1, "edited.isle", error);
}

static void
test_bad_edit (gconstpointer data)
{
  gsize i = GPOINTER_TO_SIZE (data);
  g_autoptr (JsonNode) node = good_fixture_node ();
  g_autoptr (GError) error = NULL;

  /* The fixture itself loads. */
  {
    g_autoptr (IsleGame) game = load_node (node, &error);
    g_assert_no_error (error);
    g_assert_nonnull (game);
  }

  bad_edits[i].mutate (json_node_get_object (node));
  g_assert_null (load_node (node, &error));
  g_assert_error (error, ISLE_SAVED_GAME_ERROR, bad_edits[i].code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "edited.isle: "));
  g_assert_nonnull (strstr (error->message, bad_edits[i].needle));
}

/* "saved" is for people: a file without it loads. */
static void
test_saved_optional (void)
{
  g_autoptr (JsonNode) node = good_fixture_node ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;

  json_object_remove_member (json_node_get_object (node), "saved");
  game = load_node (node, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_position (game), ==, 14);
}

/* R4.7: after the last round nothing more may be played. */
static void
test_r4_7_no_action_after_the_end (void)
{
  g_autoptr (IsleGame) game = new_weather_game (5, G_MAXUINT);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *needle = NULL;
  JsonObject *root;
  guint n = isle_game_get_n_actions (game);

  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  data = isle_saved_game_to_data (game, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, data, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  json_array_add_string_element (json_object_get_array_member (root, "actions"), "pass");

  g_assert_null (load_node (json_parser_get_root (parser), &error));
  g_assert_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_ACTION);
  g_test_message ("%s", error->message);
  needle = g_strdup_printf ("edited.isle: actions[%u]: the game is already over; "
                            "expected no more actions, got “pass”", n);
  g_assert_nonnull (strstr (error->message, needle));
}

/* Not a JSON object, or nothing at all. */
static void
test_not_an_object (void)
{
  static const char *const texts[] = { "[]", "42", "\"game\"", "null", "", "   \n" };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (isle_saved_game_load_data (texts[i], -1, "odd.isle", &error));
      g_assert_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_PARSE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "odd.isle"));
    }
}

/* Syntax errors give json-glib's line:column after the name. */
static void
test_syntax_error_position (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (isle_saved_game_load_data ("{\n  \"format\": \n}", -1, "typo.isle", &error));
  g_assert_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "typo.isle:3:"));
}

/* ---- Saving ------------------------------------------------------------ */

/* PATH's bytes, which must be readable. */
static GBytes *
read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
test_save_creates_folders (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a", "b", "game.isle", NULL);
  g_autoptr (IsleGame) game = new_weather_game (3, 10);
  g_autoptr (IsleGame) loaded = NULL;

  save_ok (game, path);
  loaded = load_ok (path);
  assert_same_game (game, loaded);
  remove_dir (dir);
}

/* Saving over a file replaces it whole; the file before is kept as the
 * backup, and nothing else is left. */
static void
test_save_replaces (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (IsleGame) long_game = new_weather_game (3, 40);
  g_autoptr (IsleGame) short_game = new_weather_game (4, 3);
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *names = NULL;

  save_ok (long_game, path);
  save_ok (short_game, path);
  loaded = load_ok (path);
  assert_same_game (short_game, loaded);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "game.isle game.isle~");
  {
    g_autofree char *backup = isle_backup_path (path);
    g_autoptr (IsleGame) before = load_ok (backup);

    assert_same_game (long_game, before);
  }
  remove_dir (dir);
}

/* A folder this process may not write to. Root writes anywhere, so as root
 * the save runs with the effective user "nobody" (65534); FALSE if that
 * cannot be. */
static gboolean
become_nobody (void)
{
  if (geteuid () != 0)
    return TRUE;
  return setegid (65534) == 0 && seteuid (65534) == 0;
}

static void
stop_being_nobody (uid_t uid,
                   gid_t gid)
{
  if (geteuid () != uid)
    g_assert_cmpint (seteuid (uid), ==, 0);
  if (getegid () != gid)
    g_assert_cmpint (setegid (gid), ==, 0);
}

static void
test_save_read_only_folder_keeps_old_file (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (IsleGame) old_game = new_weather_game (8, 30);
  g_autoptr (IsleGame) new_game = new_weather_game (9, 5);
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *names = NULL;
  uid_t uid = geteuid ();
  gid_t gid = getegid ();
  gboolean saved;

  save_ok (old_game, path);
  before = read_bytes (path);

  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (!become_nobody ())
    {
      stop_being_nobody (uid, gid);
      remove_dir (dir);
      g_test_skip ("running as root and cannot act as another user");
      return;
    }
  saved = isle_saved_game_save (new_game, path, &error);
  stop_being_nobody (uid, gid);

  g_assert_false (saved);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "game.isle"));

  after = read_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "game.isle");
  loaded = load_ok (path);
  assert_same_game (old_game, loaded);
  remove_dir (dir);
}

/* A write that fails halfway (here the file size limit; as well a full
 * disk) leaves the old file whole and no temporary file. */
static void
test_save_failed_write_keeps_old_file (void)
{
  const char *path = g_getenv ("TEST_SAVED_GAME_PATH");

  if (g_test_subprocess ())
    {
      g_autoptr (IsleGame) new_game = new_weather_game (9, 60);
      g_autoptr (GError) error = NULL;
      struct rlimit limit = { 256, 256 };

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (isle_saved_game_save (new_game, path, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      return;
    }

  {
    g_autofree char *dir = make_dir ();
    g_autofree char *file = g_build_filename (dir, "game.isle", NULL);
    g_autoptr (IsleGame) old_game = new_weather_game (8, 30);
    g_autoptr (GBytes) before = NULL;
    g_autoptr (GBytes) after = NULL;
    g_autofree char *names = NULL;

    save_ok (old_game, file);
    before = read_bytes (file);
    g_assert_cmpuint (g_bytes_get_size (before), >, 256);

    g_setenv ("TEST_SAVED_GAME_PATH", file, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_test_trap_assert_passed ();
    g_unsetenv ("TEST_SAVED_GAME_PATH");

    after = read_bytes (file);
    g_assert_true (g_bytes_equal (before, after));
    names = list_dir (dir);
    g_assert_cmpstr (names, ==, "game.isle game.isle~");
    remove_dir (dir);
  }
}

/* A damaged autosave falls back to the backup its last save kept, and
 * says why; with no good backup it is an error naming the file. */
static void
test_load_or_backup (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *missing = g_build_filename (dir, "none.isle", NULL);
  g_autoptr (IsleGame) first = new_weather_game (5, 20);
  g_autoptr (IsleGame) second = new_weather_game (5, 21);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *damage = NULL;

  save_ok (first, path);
  save_ok (second, path);
  loaded = isle_saved_game_load_or_backup (path, &damage, &error);
  g_assert_no_error (error);
  g_assert_null (damage);
  assert_same_game (second, loaded);
  g_clear_object (&loaded);

  /* Torn in half: the backup (the game one move before) comes back. */
  g_assert_true (g_file_set_contents (path, "{\"format\": \"critter-isle\", \"vers", -1, NULL));
  loaded = isle_saved_game_load_or_backup (path, &damage, &error);
  g_assert_no_error (error);
  g_assert_nonnull (damage);
  g_test_message ("%s", damage);
  g_assert_nonnull (strstr (damage, "autosave.isle"));
  assert_same_game (first, loaded);
  g_clear_object (&loaded);
  g_clear_pointer (&damage, g_free);

  /* No backup to fall back to: the file's own error. */
  {
    g_autofree char *backup = isle_backup_path (path);

    g_assert_cmpint (g_remove (backup), ==, 0);
  }
  loaded = isle_saved_game_load_or_backup (path, &damage, &error);
  g_assert_null (loaded);
  g_assert_null (damage);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "autosave.isle"));
  g_clear_error (&error);
  loaded = isle_saved_game_load_or_backup (missing, &damage, &error);
  g_assert_null (loaded);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  remove_dir (dir);
}

static void
test_autosave_path (void)
{
  g_autofree char *fallback = NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "critter-isle",
                                                "autosave.isle", NULL);
  g_autofree char *old = g_strdup (g_getenv (ISLE_PATHS_AUTOSAVE_ENV));

  g_unsetenv (ISLE_PATHS_AUTOSAVE_ENV);
  fallback = isle_paths_autosave ();
  g_assert_cmpstr (fallback, ==, expected);

  g_setenv (ISLE_PATHS_AUTOSAVE_ENV, "", TRUE);
  g_free (fallback);
  fallback = isle_paths_autosave ();
  g_assert_cmpstr (fallback, ==, expected);

  g_setenv (ISLE_PATHS_AUTOSAVE_ENV, "/tmp/elsewhere/auto.isle", TRUE);
  chosen = isle_paths_autosave ();
  g_assert_cmpstr (chosen, ==, "/tmp/elsewhere/auto.isle");

  if (old != NULL)
    g_setenv (ISLE_PATHS_AUTOSAVE_ENV, old, TRUE);
  else
    g_unsetenv (ISLE_PATHS_AUTOSAVE_ENV);
}


/* A record `critter-isle-cli play --json` writes, for the tests below: the
 * Weather game of SEED played by uniform random actions to its end, its
 * action I replaced by BAD when BAD is not NULL. */
static char *
record_text (guint64 seed, guint bad_at, const char *bad, guint *n_actions)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  IsleRules rules;
  IsleState s;
  IsleRng rng;

  load_standard (&rules);
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, 1, seed));
  isle_rng_seed (&rng, seed);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, ISLE_GAME_RECORD_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, ISLE_GAME_RECORD_VERSION);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, "weather");
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) seed);
  json_builder_set_member_name (b, "first");
  json_builder_add_string_value (b, "blue");
  json_builder_set_member_name (b, "players");
  json_builder_add_string_value (b, "hard,engine:/bin/rm -rf x");
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, isle_rules_to_json (&rules));
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  *n_actions = 0;
  while (!isle_state_is_terminal (&s))
    {
      char text[64];
      IsleAction a = isle_state_sample_action (&s, &rng);

      isle_action_format (&s, a, text);
      json_builder_add_string_value (b, bad != NULL && *n_actions == bad_at ? bad : text);
      isle_state_apply (&s, a);
      (*n_actions)++;
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* Issue 29: the app opens a `play --json` record as a game, replayed to
 * its end (R4.7), so that it can be reviewed; a record with an illegal
 * action is refused naming the file and the action, never half loaded. */
static void
test_record_opens (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bad = NULL;
  guint n;

  text = record_text (7, 0, NULL, &n);
  game = isle_saved_game_load_data (text, -1, "r.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, n);
  g_assert_cmpuint (isle_game_get_position (game), ==, n);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  g_assert_cmpint (isle_game_get_state (game)->variant, ==, ISLE_VARIANT_WEATHER);
  /* Its seats are the computers who played it, never a person; a program
   * it names is never run (a built-in stands for it). */
  g_assert_true (isle_game_get_recorded (game));
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (game)->players[0]), ==, "hard");
  g_assert_cmpstr (isle_player_spec_to_text (&isle_game_get_setup (game)->players[1]), ==, "medium");
  g_assert_false (isle_game_setup_is_human (isle_game_get_setup (game), 0));

  bad = record_text (7, 3, "zz9", &n);
  g_clear_object (&game);
  game = isle_saved_game_load_data (bad, -1, "r.json", &error);
  g_assert_null (game);
  g_assert_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_ACTION);
  g_assert_nonnull (strstr (error->message, "r.json"));
  g_assert_nonnull (strstr (error->message, "actions[3]"));
  g_clear_error (&error);

  /* Another version of the record: refused, the field named. */
  {
    g_autofree char *newer = NULL;
    char *at = strstr (text, "\"version\":1");

    g_assert_nonnull (at);
    newer = g_strdup (text);
    newer[at - text + strlen ("\"version\":")] = '7';
    game = isle_saved_game_load_data (newer, -1, "r.json", &error);
    g_assert_null (game);
    g_assert_error (error, ISLE_GAME_RECORD_ERROR, ISLE_GAME_RECORD_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "version"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/saved-game/game/history", test_game_history);
  g_test_add_func ("/saved-game/game/new_setup", test_game_new_setup);
  g_test_add_func ("/saved-game/game/new_from_setup", test_game_new_from_setup);

  for (gsize i = 0; i < G_N_ELEMENTS (round_trips); i++)
    {
      g_autofree char *path = g_strdup_printf ("/saved-game/round-trip/%s",
                                               round_trips[i].test);
      g_test_add_data_func (path, &round_trips[i], test_round_trip);
    }
  g_test_add_func ("/saved-game/file_shape", test_file_shape);
  g_test_add_func ("/saved-game/player_budget_kept", test_player_budget_kept);
  g_test_add_func ("/saved-game/good_fixture", test_good_fixture);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/saved-game/bad-file/%s",
                                               bad_files[i].file);
      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/saved-game/bad-file/missing", test_missing_file);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/saved-game/bad-edit/%s",
                                               bad_edits[i].test);
      g_test_add_data_func (path, GSIZE_TO_POINTER (i), test_bad_edit);
    }
  g_test_add_func ("/saved-game/saved_optional", test_saved_optional);
  g_test_add_func ("/saved-game/r4_7_no_action_after_the_end",
                   test_r4_7_no_action_after_the_end);
  g_test_add_func ("/saved-game/not_an_object", test_not_an_object);
  g_test_add_func ("/saved-game/syntax_error_position", test_syntax_error_position);

  g_test_add_func ("/saved-game/save/creates_folders", test_save_creates_folders);
  g_test_add_func ("/saved-game/save/replaces", test_save_replaces);
  g_test_add_func ("/saved-game/save/read_only_folder_keeps_old_file",
                   test_save_read_only_folder_keeps_old_file);
  g_test_add_func ("/saved-game/save/failed_write_keeps_old_file",
                   test_save_failed_write_keeps_old_file);
  g_test_add_func ("/saved-game/autosave_path", test_autosave_path);
  g_test_add_func ("/saved-game/load_or_backup", test_load_or_backup);
  g_test_add_func ("/saved-game/record-opens", test_record_opens);

  return g_test_run ();
}
