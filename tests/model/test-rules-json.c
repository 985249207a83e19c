/* test-rules-json.c — the rules data: the standard file holds doc/rules.md's
 * [default]s, rules round-trip through JSON, and bad rules files are refused
 * with a message naming the file and the field. */
#include "config.h"

#include <string.h>

#include "isle-rules-json.h"

/* ---- Helpers ----------------------------------------------------------- */

static char *
rules_data_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "rules", file, NULL);
}

static void
load_standard (IsleRules *rules)
{
  g_autoptr (GError) error = NULL;

  memset (rules, 0, sizeof *rules);
  g_assert_true (isle_rules_load_standard (rules, &error));
  g_assert_no_error (error);
}

/* Loads the rules file at PATH, which must succeed. */
static void
load_file (IsleRules  *rules,
           const char *path)
{
  g_autoptr (GError) error = NULL;

  memset (rules, 0, sizeof *rules);
  g_assert_true (isle_rules_load_file (rules, path, &error));
  g_assert_no_error (error);
}

static void
assert_rules_equal (const IsleRules *a,
                    const IsleRules *b)
{
  for (int len = 0; len <= ISLE_BOARD_SIZE; len++)
    g_assert_cmpint (a->line_score[len], ==, b->line_score[len]);
  for (int k = 0; k < ISLE_N_KINDS; k++)
    g_assert_cmpint (a->hire_cost[k], ==, b->hire_cost[k]);
  g_assert_cmpint (a->quick_start_coins, ==, b->quick_start_coins);
  g_assert_cmpint (a->opening_hand, ==, b->opening_hand);
  g_assert_cmpint (a->fog_lift, ==, b->fog_lift);
  g_assert_cmpint (a->quick_weather, ==, b->quick_weather);
  g_assert_cmpuint (a->weather_deck_len, ==, b->weather_deck_len);
  g_assert_cmpmem (a->weather_deck, a->weather_deck_len,
                   b->weather_deck, b->weather_deck_len);
  g_assert_cmpmem (a->rounds, sizeof a->rounds, b->rounds, sizeof b->rounds);
  g_assert_cmpuint (a->max_extra_rounds, ==, b->max_extra_rounds);
  g_assert_cmpint (a->strict_memory, ==, b->strict_memory);
}

/* Fills RULES with a pattern no loader would write, to check that a failed
 * load leaves it alone. */
static void
poison (IsleRules *rules)
{
  memset (rules, 0xa5, sizeof *rules);
}

static void
assert_poisoned (const IsleRules *rules)
{
  IsleRules expected;

  poison (&expected);
  g_assert_cmpmem (rules, sizeof *rules, &expected, sizeof expected);
}

/* Loads FILE from tests/data/rules, which must fail with the error DOMAIN,
 * CODE naming the file and leave the rules alone; returns the error. */
static GError *
refuse_file (const char *file,
             GQuark      domain,
             int         code)
{
  GError *error = NULL;
  g_autofree char *path = rules_data_path (file);
  IsleRules rules;

  poison (&rules);
  g_assert_false (isle_rules_load_file (&rules, path, &error));
  g_assert_error (error, domain, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, file));
  assert_poisoned (&rules);
  return error;
}

/* Loads TEXT as rules named NAME, which must fail with the rules error CODE
 * and a message starting with PREFIX, and leave the rules alone; returns the
 * error. */
static GError *
refuse_data (const char *text,
             const char *name,
             int         code,
             const char *prefix)
{
  GError *error = NULL;
  IsleRules rules;

  poison (&rules);
  g_assert_false (isle_rules_load_data (&rules, text, -1, name, &error));
  g_assert_error (error, ISLE_RULES_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  assert_poisoned (&rules);
  return error;
}

/* ---- The standard rules: doc/rules.md's [default]s ----------------------- */

static void
test_standard_loads (void)
{
  IsleRules rules;

  load_standard (&rules);
}

/* R7.1 [default] table: 3 → 3, 4 → 5, 5 → 8, 6 → 12. */
static void
test_r7_1_default_table (void)
{
  IsleRules rules;

  load_standard (&rules);
  g_assert_cmpint (rules.line_score[3], ==, 3);
  g_assert_cmpint (rules.line_score[4], ==, 5);
  g_assert_cmpint (rules.line_score[5], ==, 8);
  g_assert_cmpint (rules.line_score[6], ==, 12);
  /* Lengths 0–2 are not lines (R5). */
  g_assert_cmpint (rules.line_score[0], ==, 0);
  g_assert_cmpint (rules.line_score[1], ==, 0);
  g_assert_cmpint (rules.line_score[2], ==, 0);
}

/* R2 [default] hire costs; basic kinds cost nothing. */
static void
test_r2_default_hire_costs (void)
{
  static const struct { IsleKind kind; int cost; } expected[] = {
    { ISLE_KIND_FOX, 15 },
    { ISLE_KIND_TURTLE, 10 },
    { ISLE_KIND_CAT, 25 },
    { ISLE_KIND_MOUSES, 15 },
    { ISLE_KIND_SNAKE, 20 },
    { ISLE_KIND_FROG, 12 },
    { ISLE_KIND_CHAMELEON, 10 },
    { ISLE_KIND_CROW, 10 },
    { ISLE_KIND_MOLE, 15 },
    { ISLE_KIND_PRAIRIE_DOG, 10 },
    { ISLE_KIND_HIPPO, 15 },
  };
  IsleRules rules;

  load_standard (&rules);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (rules.hire_cost[expected[i].kind], ==, expected[i].cost);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_NONE], ==, 0);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_WOLF], ==, 0);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_PIG], ==, 0);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_RAT], ==, 0);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_RABBIT], ==, 0);
}

/* R1 [default] deck: 8 cards, 3 Sunny, 3 Cloudy, 2 Foggy. */
static void
test_r1_default_weather_deck (void)
{
  IsleRules rules;
  int count[ISLE_N_WEATHER] = { 0 };

  load_standard (&rules);
  g_assert_cmpuint (rules.weather_deck_len, ==, 8);
  for (int i = 0; i < rules.weather_deck_len; i++)
    {
      g_assert_cmpuint (rules.weather_deck[i], <, ISLE_N_WEATHER);
      count[rules.weather_deck[i]]++;
    }
  g_assert_cmpint (count[ISLE_WEATHER_SUNNY], ==, 3);
  g_assert_cmpint (count[ISLE_WEATHER_CLOUDY], ==, 3);
  g_assert_cmpint (count[ISLE_WEATHER_FOGGY], ==, 2);
}

/* R4.7 (2), R9.1 (4), R10 (2), R11 (4, mercenary rules); R9.4 at most 3
 * extra rounds; R10 80 starting coins. */
static void
test_r4_7_r9_r10_r11_rounds_and_coins (void)
{
  IsleRules rules;

  load_standard (&rules);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_BASIC], ==, 2);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_WEATHER], ==, 2);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_MERCENARY], ==, 4);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_QUICK], ==, 2);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_TEAM], ==, 4);
  g_assert_cmpuint (rules.max_extra_rounds, ==, 3);
  g_assert_cmpint (rules.quick_start_coins, ==, 80);
}

/* R4.2 choose, R6.5 filler (the web edition), R12 reminders on. */
static void
test_r4_2_r6_5_r12_default_options (void)
{
  IsleRules rules;

  load_standard (&rules);
  g_assert_cmpint (rules.opening_hand, ==, ISLE_OPENING_CHOOSE);
  g_assert_cmpint (rules.fog_lift, ==, ISLE_FOG_LIFT_FILLER);
  g_assert_cmpint (rules.quick_weather, ==, ISLE_WEATHER_SUNNY);
  g_assert_false (rules.strict_memory);
}

/* The installed data/rules/standard.json is the file in the resource. */
static void
test_standard_file_matches_resource (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                 "rules", "standard.json",
                                                 NULL);
  IsleRules from_resource, from_file;

  load_standard (&from_resource);
  load_file (&from_file, path);
  assert_rules_equal (&from_file, &from_resource);
}

/* A complete non-standard file loads as written. */
static void
test_good_house_rules (void)
{
  g_autofree char *path = rules_data_path ("good-house-rules.json");
  IsleRules rules;

  load_file (&rules, path);
  g_assert_cmpint (rules.line_score[3], ==, 2);
  g_assert_cmpint (rules.line_score[6], ==, 11);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_CAT], ==, 26);
  g_assert_cmpint (rules.hire_cost[ISLE_KIND_WOLF], ==, 0);
  g_assert_cmpuint (rules.weather_deck_len, ==, 5);
  g_assert_cmpuint (rules.weather_deck[0], ==, ISLE_WEATHER_FOGGY);
  g_assert_cmpuint (rules.weather_deck[2], ==, ISLE_WEATHER_CLOUDY);
  g_assert_cmpuint (rules.weather_deck[3], ==, ISLE_WEATHER_SUNNY);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_QUICK], ==, 1);
  g_assert_cmpuint (rules.rounds[ISLE_VARIANT_TEAM], ==, 6);
  g_assert_cmpuint (rules.max_extra_rounds, ==, 0);
  g_assert_cmpint (rules.quick_start_coins, ==, 120);
  g_assert_cmpint (rules.opening_hand, ==, ISLE_OPENING_DEAL);
  g_assert_cmpint (rules.fog_lift, ==, ISLE_FOG_LIFT_NEXT);
  g_assert_cmpint (rules.quick_weather, ==, ISLE_WEATHER_FOGGY);
  g_assert_true (rules.strict_memory);
}

/* ---- Round trip ---------------------------------------------------------- */

static void
assert_round_trips (const IsleRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);
  g_autofree char *text = NULL;
  IsleRules via_node, via_text;

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "format"),
                   ==, ISLE_RULES_FORMAT);

  memset (&via_node, 0, sizeof via_node);
  g_assert_true (isle_rules_load_node (&via_node, node, "round-trip", &error));
  g_assert_no_error (error);
  assert_rules_equal (&via_node, rules);

  text = json_to_string (node, TRUE);
  memset (&via_text, 0, sizeof via_text);
  g_assert_true (isle_rules_load_data (&via_text, text, -1, "round-trip.json",
                                       &error));
  g_assert_no_error (error);
  assert_rules_equal (&via_text, rules);
}

static void
test_round_trip_standard (void)
{
  IsleRules rules;

  load_standard (&rules);
  assert_round_trips (&rules);
}

static void
test_round_trip_changed (void)
{
  g_autofree char *path = rules_data_path ("good-house-rules.json");
  IsleRules rules;

  load_file (&rules, path);
  assert_round_trips (&rules);

  /* Edited in memory, as the scenario editor would. */
  load_standard (&rules);
  rules.line_score[4] = 100;
  rules.hire_cost[ISLE_KIND_HIPPO] = 0;
  rules.weather_deck_len = ISLE_MAX_WEATHER_CARDS;
  for (int i = 0; i < ISLE_MAX_WEATHER_CARDS; i++)
    rules.weather_deck[i] = (uint8_t) (i % ISLE_N_WEATHER);
  rules.rounds[ISLE_VARIANT_MERCENARY] = ISLE_MAX_ROUNDS - rules.max_extra_rounds;
  rules.strict_memory = true;
  assert_round_trips (&rules);
}

/* ---- Bad files ------------------------------------------------------------- */

typedef struct
{
  const char *file;
  IsleRulesError code;
  const char *needle;      /* must occur in the message, besides the file name */
} BadFile;

static const BadFile bad_files[] = {
  { "bad-missing-field.json", ISLE_RULES_ERROR_FIELD, "rounds.quick: missing" },
  { "bad-negative-cost.json", ISLE_RULES_ERROR_FIELD, "hire_cost.fox: expected an integer from 0 to 1000, got -5" },
  { "bad-no-length-3.json", ISLE_RULES_ERROR_FIELD, "line_score.3: missing" },
  { "bad-line-score-type.json", ISLE_RULES_ERROR_FIELD, "line_score: expected an object with keys 3, 4, 5 and 6" },
  { "bad-wrong-type.json", ISLE_RULES_ERROR_FIELD, "max_extra_rounds: expected an integer" },
  { "bad-fraction.json", ISLE_RULES_ERROR_FIELD, "quick_start_coins: expected an integer" },
  { "bad-unknown-weather.json", ISLE_RULES_ERROR_FIELD, "weather_deck[2]: expected one of sunny, cloudy, foggy" },
  { "bad-option-value.json", ISLE_RULES_ERROR_FIELD, "options.fog_lift: expected one of filler, next, got “later”" },
  { "bad-newer-version.json", ISLE_RULES_ERROR_FIELD, "made for a newer Critter Isle (rules version 2, this one knows 1)" },
  { "bad-unknown-kind.json", ISLE_RULES_ERROR_FIELD, "hire_cost.dragon" },
  { "bad-format.json", ISLE_RULES_ERROR_FIELD, "format: expected “critter-isle-rules”" },
  { "bad-not-json.json", ISLE_RULES_ERROR_PARSE, "bad-not-json.json:1:" },
  { "bad-empty.json", ISLE_RULES_ERROR_PARSE, "empty" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autoptr (GError) error = refuse_file (bad->file, ISLE_RULES_ERROR, (int) bad->code);

  g_assert_nonnull (strstr (error->message, bad->needle));
}

/* A missing file is an I/O error, not a rules error, and names the file. */
static void
test_missing_file (void)
{
  g_autoptr (GError) error = refuse_file ("no-such-rules.json", G_FILE_ERROR,
                                          G_FILE_ERROR_NOENT);
}

/* ---- Bad data in memory: one change to the standard rules at a time ---- */

typedef void (*Mutator) (JsonObject *root);

static void
expect_refused (Mutator      mutate,
                const char  *needle)
{
  g_autoptr (GError) error = NULL;
  IsleRules standard, rules;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;

  load_standard (&standard);
  node = isle_rules_to_json (&standard);
  mutate (json_node_get_object (node));
  text = json_to_string (node, FALSE);

  error = refuse_data (text, "edited.json", ISLE_RULES_ERROR_FIELD, "edited.json: ");
  g_assert_nonnull (strstr (error->message, needle));

  /* The same through load_node (a scenario's "rules" member). */
  g_clear_error (&error);
  poison (&rules);
  g_assert_false (isle_rules_load_node (&rules, node, "scenario.isle", &error));
  g_assert_error (error, ISLE_RULES_ERROR, ISLE_RULES_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "scenario.isle"));
  g_assert_nonnull (strstr (error->message, needle));
  assert_poisoned (&rules);
}

static JsonObject *
member_object (JsonObject *root, const char *name)
{
  return json_object_get_object_member (root, name);
}

static void mut_score_string (JsonObject *r) { json_object_set_string_member (member_object (r, "line_score"), "4", "5"); }
static void mut_score_double (JsonObject *r) { json_object_set_double_member (member_object (r, "line_score"), "5", 2.5); }
static void mut_score_whole_double (JsonObject *r) { json_object_set_double_member (member_object (r, "line_score"), "5", 8.0); }
static void mut_score_length_7 (JsonObject *r) { json_object_set_int_member (member_object (r, "line_score"), "7", 20); }
static void mut_score_negative (JsonObject *r) { json_object_set_int_member (member_object (r, "line_score"), "6", -1); }
static void mut_cost_basic_kind (JsonObject *r) { json_object_set_int_member (member_object (r, "hire_cost"), "wolf", 1); }
static void mut_cost_missing (JsonObject *r) { json_object_remove_member (member_object (r, "hire_cost"), "prairie_dog"); }
static void mut_cost_too_high (JsonObject *r) { json_object_set_int_member (member_object (r, "hire_cost"), "cat", 1001); }
static void mut_cost_capitalised (JsonObject *r)
{
  json_object_remove_member (member_object (r, "hire_cost"), "fox");
  json_object_set_int_member (member_object (r, "hire_cost"), "Fox", 15);
}
static void mut_deck_empty (JsonObject *r) { json_object_set_array_member (r, "weather_deck", json_array_new ()); }
static void mut_deck_too_long (JsonObject *r)
{
  JsonArray *deck = json_object_get_array_member (r, "weather_deck");
  while (json_array_get_length (deck) <= ISLE_MAX_WEATHER_CARDS)
    json_array_add_string_element (deck, "sunny");
}
static void mut_deck_number (JsonObject *r) { json_array_add_int_element (json_object_get_array_member (r, "weather_deck"), 1); }
static void mut_deck_object (JsonObject *r) { json_object_set_object_member (r, "weather_deck", json_object_new ()); }
static void mut_rounds_zero (JsonObject *r) { json_object_set_int_member (member_object (r, "rounds"), "basic", 0); }
static void mut_rounds_too_many (JsonObject *r) { json_object_set_int_member (member_object (r, "rounds"), "team", ISLE_MAX_ROUNDS + 1); }
static void mut_rounds_unknown (JsonObject *r) { json_object_set_int_member (member_object (r, "rounds"), "blitz", 1); }
static void mut_rounds_plus_extra (JsonObject *r) { json_object_set_int_member (member_object (r, "rounds"), "mercenary", ISLE_MAX_ROUNDS); }
static void mut_extra_too_many (JsonObject *r) { json_object_set_int_member (r, "max_extra_rounds", 11); }
static void mut_extra_null (JsonObject *r) { json_object_set_null_member (r, "max_extra_rounds"); }
static void mut_coins_too_many (JsonObject *r) { json_object_set_int_member (r, "quick_start_coins", 100001); }
static void mut_coins_missing (JsonObject *r) { json_object_remove_member (r, "quick_start_coins"); }
static void mut_opening_bad (JsonObject *r) { json_object_set_string_member (member_object (r, "options"), "opening_hand", "random"); }
static void mut_weather_bad (JsonObject *r) { json_object_set_string_member (member_object (r, "options"), "quick_weather", "Sunny"); }
static void mut_strict_string (JsonObject *r) { json_object_set_string_member (member_object (r, "options"), "strict_memory", "no"); }
static void mut_strict_missing (JsonObject *r) { json_object_remove_member (member_object (r, "options"), "strict_memory"); }
static void mut_option_unknown (JsonObject *r) { json_object_set_boolean_member (member_object (r, "options"), "cheats", TRUE); }
static void mut_options_missing (JsonObject *r) { json_object_remove_member (r, "options"); }
static void mut_top_unknown (JsonObject *r) { json_object_set_int_member (r, "line_scores", 3); }
static void mut_version_string (JsonObject *r) { json_object_set_string_member (r, "version", "1"); }
static void mut_version_zero (JsonObject *r) { json_object_set_int_member (r, "version", 0); }
static void mut_format_missing (JsonObject *r) { json_object_remove_member (r, "format"); }

/* A newer file may have fields this version does not know: the version is
 * what to report. */
static void
mut_newer_with_new_field (JsonObject *r)
{
  json_object_set_int_member (r, "version", 7);
  json_object_set_int_member (r, "tides", 2);
}

/* "about" and "name" are for people and are ignored. */
static void
test_about_and_name_ignored (void)
{
  g_autoptr (GError) error = NULL;
  IsleRules standard, rules;
  g_autoptr (JsonNode) node = NULL;

  load_standard (&standard);
  node = isle_rules_to_json (&standard);
  json_object_set_string_member (json_node_get_object (node), "name", "Mine");
  json_object_set_string_member (json_node_get_object (node), "about", "Notes");
  g_assert_true (isle_rules_load_node (&rules, node, "mine.json", &error));
  g_assert_no_error (error);
  assert_rules_equal (&rules, &standard);
}

static const struct
{
  const char *test;
  Mutator mutate;
  const char *needle;
} bad_edits[] = {
  { "r7_1/score_string", mut_score_string, "line_score.4: expected an integer from 0 to" },
  { "r7_1/score_fraction", mut_score_double, "line_score.5: expected an integer from 0 to 1000, got 2.5" },
  { "r7_1/score_whole_double", mut_score_whole_double, "line_score.5: expected an integer from 0 to 1000, got 8.0" },
  { "r7_1/score_length_7", mut_score_length_7, "line_score.7: expected an object with keys 3, 4, 5 and 6" },
  { "r7_1/score_negative", mut_score_negative, "line_score.6: expected an integer from 0 to 1000, got -1" },
  { "r2/cost_basic_kind", mut_cost_basic_kind, "hire_cost.wolf: wolf is not a mercenary" },
  { "r2/cost_missing", mut_cost_missing, "hire_cost.prairie_dog: missing" },
  { "r2/cost_too_high", mut_cost_too_high, "hire_cost.cat: expected an integer from 0 to 1000, got 1001" },
  { "r2/cost_capitalised", mut_cost_capitalised, "hire_cost.Fox" },
  { "r1/deck_empty", mut_deck_empty, "weather_deck: expected an array of 1 to 16 weather cards, got 0" },
  { "r1/deck_too_long", mut_deck_too_long, "weather_deck: expected an array of 1 to 16 weather cards, got 17" },
  { "r1/deck_number", mut_deck_number, "weather_deck[8]: expected one of sunny, cloudy, foggy, got 1" },
  { "r1/deck_object", mut_deck_object, "weather_deck: expected an array" },
  { "rounds/zero", mut_rounds_zero, "rounds.basic: expected an integer from 1 to 16, got 0" },
  { "rounds/too_many", mut_rounds_too_many, "rounds.team: expected an integer from 1 to 16, got 17" },
  { "rounds/unknown_variant", mut_rounds_unknown, "rounds.blitz: unknown variant" },
  { "r9_4/rounds_plus_extra", mut_rounds_plus_extra, "max_extra_rounds: rounds.mercenary (16) plus max_extra_rounds (3) exceeds 16 rounds" },
  { "r9_4/extra_too_many", mut_extra_too_many, "max_extra_rounds: expected an integer from 0 to 10, got 11" },
  { "r9_4/extra_null", mut_extra_null, "max_extra_rounds: expected an integer from 0 to 10, got null" },
  { "r10/coins_too_many", mut_coins_too_many, "quick_start_coins: expected an integer from 0 to 100000" },
  { "r10/coins_missing", mut_coins_missing, "quick_start_coins: missing" },
  { "r4_2/opening_hand", mut_opening_bad, "options.opening_hand: expected one of choose, deal, got “random”" },
  { "r10/quick_weather", mut_weather_bad, "options.quick_weather: expected one of sunny, cloudy, foggy, got “Sunny”" },
  { "r12/strict_memory_string", mut_strict_string, "options.strict_memory: expected true or false, got “no”" },
  { "r12/strict_memory_missing", mut_strict_missing, "options.strict_memory: missing" },
  { "options/unknown", mut_option_unknown, "options.cheats: unknown field" },
  { "options/missing", mut_options_missing, "options: missing" },
  { "top/unknown_field", mut_top_unknown, "line_scores: unknown field" },
  { "version/string", mut_version_string, "version: expected the integer 1, got “1”" },
  { "version/zero", mut_version_zero, "version: expected the integer 1, got 0" },
  { "version/newer_with_new_field", mut_newer_with_new_field, "made for a newer Critter Isle (rules version 7, this one knows 1)" },
  { "format/missing", mut_format_missing, "format: missing" },
};

static void
test_bad_edit (gconstpointer data)
{
  gsize i = GPOINTER_TO_SIZE (data);

  expect_refused (bad_edits[i].mutate, bad_edits[i].needle);
}

/* Not an object at all. */
static void
test_not_an_object (void)
{
  static const char *const texts[] = { "[]", "42", "\"rules\"", "null" };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    g_error_free (refuse_data (texts[i], "odd.json", ISLE_RULES_ERROR_FIELD, "odd.json: "));
}

/* Syntax errors give json-glib's line:column after the name. */
static void
test_syntax_error_position (void)
{
  g_error_free (refuse_data ("{\n  \"format\": \n}", "typo.json", ISLE_RULES_ERROR_PARSE,
                            "typo.json:3:"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules-json/standard_loads", test_standard_loads);
  g_test_add_func ("/rules-json/r7_1_default_table", test_r7_1_default_table);
  g_test_add_func ("/rules-json/r2_default_hire_costs", test_r2_default_hire_costs);
  g_test_add_func ("/rules-json/r1_default_weather_deck", test_r1_default_weather_deck);
  g_test_add_func ("/rules-json/r4_7_r9_r10_r11_rounds_and_coins",
                   test_r4_7_r9_r10_r11_rounds_and_coins);
  g_test_add_func ("/rules-json/r4_2_r6_5_r12_default_options",
                   test_r4_2_r6_5_r12_default_options);
  g_test_add_func ("/rules-json/standard_file_matches_resource",
                   test_standard_file_matches_resource);
  g_test_add_func ("/rules-json/good_house_rules", test_good_house_rules);
  g_test_add_func ("/rules-json/round_trip_standard", test_round_trip_standard);
  g_test_add_func ("/rules-json/round_trip_changed", test_round_trip_changed);
  g_test_add_func ("/rules-json/about_and_name_ignored", test_about_and_name_ignored);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules-json/bad-file/%s",
                                               bad_files[i].file);
      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/rules-json/bad-file/missing", test_missing_file);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules-json/bad-edit/%s",
                                               bad_edits[i].test);
      g_test_add_data_func (path, GSIZE_TO_POINTER (i), test_bad_edit);
    }
  g_test_add_func ("/rules-json/not_an_object", test_not_an_object);
  g_test_add_func ("/rules-json/syntax_error_position", test_syntax_error_position);

  return g_test_run ();
}
