/* test-player-spec.c — IslePlayerSpec, the one parser and formatter of
 * player strings and the plain value it parses them into: every form, the
 * old level ids, refusals, value semantics, describing, stand-ins and the
 * players it makes. */
#include "config.h"

#include <string.h>

#include "isle-engine-player.h"
#include "isle-player-spec.h"
#include "isle-plugin-loader.h"
#include "isle-rules-json.h"

/* Every form in its canonical text, with its kind. */
static const struct
{
  const char *text;
  IslePlayerKind kind;
} canonical_forms[] = {
  { "human", ISLE_PLAYER_HUMAN },
  { "beginner", ISLE_PLAYER_BUILTIN },
  { "easy", ISLE_PLAYER_BUILTIN },
  { "medium", ISLE_PLAYER_BUILTIN },
  { "hard", ISLE_PLAYER_BUILTIN },
  { "expert", ISLE_PLAYER_BUILTIN },
  { "plugin:sample", ISLE_PLAYER_PLUGIN },
  { "plugin:my_bot-2.0", ISLE_PLAYER_PLUGIN },
  { "engine:my-engine", ISLE_PLAYER_ENGINE },
  { "engine:/usr/bin/x --level=3 --threads 2", ISLE_PLAYER_ENGINE },
  { "engine:my-engine --level 'very hard'", ISLE_PLAYER_ENGINE },
};

/* The levels' old ids and the level each always was. The trap: old
 * "ismcts:easy" is Medium, not the new "easy". */
static const struct
{
  const char *old_id;
  const char *id;
  const char *name;
} old_ids[] = {
  { "random", "beginner", "Beginner" },
  { "greedy", "easy", "Easy" },
  { "ismcts:easy", "medium", "Medium" },
  { "ismcts:medium", "hard", "Hard" },
  { "ismcts:hard", "expert", "Expert" },
};

/* TEXT parsed; it must name a player. */
static IslePlayerSpec
spec_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  IslePlayerSpec spec;

  g_assert_true (isle_player_spec_parse (text, &spec, &error));
  g_assert_no_error (error);
  return spec;
}

/* The canonical text of TEXT's stand-in. */
static char *
stand_in_of (const char *text)
{
  IslePlayerSpec spec = spec_of (text);
  IslePlayerSpec stand_in = isle_player_spec_stand_in (&spec);

  return isle_player_spec_format (&stand_in);
}

static void
test_forms_round_trip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (canonical_forms); i++)
    {
      IslePlayerSpec spec;
      IslePlayerSpec again;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *text_again = NULL;
      g_autofree char *canonical = NULL;

      g_test_message ("%s", canonical_forms[i].text);
      g_assert_true (isle_player_spec_parse (canonical_forms[i].text, &spec, &error));
      g_assert_no_error (error);
      g_assert_cmpint (spec.kind, ==, canonical_forms[i].kind);
      text = isle_player_spec_format (&spec);
      g_assert_cmpstr (text, ==, canonical_forms[i].text);
      canonical = isle_player_spec_canonical (canonical_forms[i].text);
      g_assert_cmpstr (canonical, ==, canonical_forms[i].text);
      g_assert_true (isle_player_spec_is_valid (canonical_forms[i].text));
      g_assert_true (isle_player_spec_text_equal (canonical_forms[i].text, canonical_forms[i].text));

      /* Format, parse, format: the same spec and text. */
      g_assert_true (isle_player_spec_parse (text, &again, NULL));
      g_assert_cmpint (again.kind, ==, spec.kind);
      g_assert_true (again.level == spec.level);
      g_assert_cmpstr (isle_player_spec_get_plugin_id (&again), ==,
                       isle_player_spec_get_plugin_id (&spec));
      g_assert_cmpstr (isle_player_spec_get_command (&again), ==,
                       isle_player_spec_get_command (&spec));
      g_assert_true (isle_player_spec_equal (&again, &spec));
      text_again = isle_player_spec_format (&again);
      g_assert_cmpstr (text_again, ==, text);
      g_assert_cmpstr (isle_player_spec_to_text (&spec), ==, text);

      g_assert_true (isle_player_spec_is_human (&spec)
                     == (canonical_forms[i].kind == ISLE_PLAYER_HUMAN));
      g_assert_true (isle_player_spec_is_builtin (&spec)
                     == (canonical_forms[i].kind == ISLE_PLAYER_HUMAN
                         || canonical_forms[i].kind == ISLE_PLAYER_BUILTIN));
    }
}

/* Each form's parts: the level, the plugin's id without "plugin:". */
static void
test_forms_parts (void)
{
  IslePlayerSpec spec;
  char *program = NULL;
  int n;
  const IsleAiLevel *levels = isle_ai_levels (&n);

  for (int i = 0; i < n; i++)
    {
      g_assert_true (isle_player_spec_parse (levels[i].id, &spec, NULL));
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_BUILTIN);
      g_assert_true (spec.level == &levels[i]);
      g_assert_null (isle_player_spec_get_plugin_id (&spec));
      g_assert_null (isle_player_spec_get_command (&spec));
    }
  g_assert_true (isle_player_spec_parse ("plugin:sample", &spec, NULL));
  g_assert_cmpstr (isle_player_spec_get_plugin_id (&spec), ==, "sample");
  g_assert_null (isle_player_spec_get_command (&spec));
  g_assert_null (isle_player_spec_get_program_name (&spec));
  g_assert_null (spec.level);
  g_assert_true (isle_player_spec_parse ("engine:my-engine --level 'very hard'", &spec, NULL));
  g_assert_cmpstr (isle_player_spec_get_command (&spec), ==, "my-engine --level 'very hard'");
  g_assert_null (isle_player_spec_get_plugin_id (&spec));
  program = isle_player_spec_get_program_name (&spec);
  g_assert_cmpstr (program, ==, "my-engine");
  g_clear_pointer (&program, g_free);
  g_assert_true (isle_player_spec_parse ("engine:'/opt/my bots/bot' --fast", &spec, NULL));
  program = isle_player_spec_get_program_name (&spec);
  g_assert_cmpstr (program, ==, "bot");
  g_clear_pointer (&program, g_free);
  g_assert_true (isle_player_spec_parse ("human", &spec, NULL));
  g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_HUMAN);
  g_assert_null (spec.level);
}

static void
test_old_ids_read_as_their_level (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (old_ids); i++)
    {
      IslePlayerSpec spec;
      g_autofree char *text = NULL;
      g_autofree char *canonical = NULL;
      g_autofree char *name = NULL;
      g_autofree char *new_name = NULL;
      g_autofree char *stand_in = NULL;
      IslePlayerSpec new_spec;

      g_test_message ("%s → %s", old_ids[i].old_id, old_ids[i].id);
      g_assert_true (isle_player_spec_parse (old_ids[i].old_id, &spec, NULL));
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_BUILTIN);
      g_assert_true (spec.level == isle_ai_find (old_ids[i].id));
      g_assert_cmpstr (spec.level->id, ==, old_ids[i].id);
      /* Read, never written. */
      text = isle_player_spec_format (&spec);
      g_assert_cmpstr (text, ==, old_ids[i].id);
      canonical = isle_player_spec_canonical (old_ids[i].old_id);
      g_assert_cmpstr (canonical, ==, old_ids[i].id);
      stand_in = stand_in_of (old_ids[i].old_id);
      g_assert_cmpstr (stand_in, ==, old_ids[i].id);
      g_assert_true (isle_player_spec_is_valid (old_ids[i].old_id));
      g_assert_true (isle_player_spec_is_builtin (&spec));
      g_assert_false (isle_player_spec_is_human (&spec));
      g_assert_true (isle_player_spec_text_equal (old_ids[i].old_id, old_ids[i].id));
      new_spec = spec_of (old_ids[i].id);
      g_assert_true (isle_player_spec_equal (&spec, &new_spec));
      name = isle_player_spec_describe (&spec);
      new_name = isle_player_spec_describe (&new_spec);
      g_assert_cmpstr (name, ==, old_ids[i].name);
      g_assert_cmpstr (new_name, ==, old_ids[i].name);
    }
}

/* The new "easy" is not the old "ismcts:easy" (which is Medium); nor is
 * the new "medium" the old "ismcts:medium" (Hard). */
static void
test_new_easy_is_not_old_ismcts_easy (void)
{
  g_autofree char *easy = isle_player_spec_canonical ("easy");
  g_autofree char *ismcts_easy = isle_player_spec_canonical ("ismcts:easy");
  g_autofree char *ismcts_medium = isle_player_spec_canonical ("ismcts:medium");

  g_assert_cmpstr (easy, ==, "easy");
  g_assert_cmpstr (ismcts_easy, ==, "medium");
  g_assert_cmpstr (ismcts_medium, ==, "hard");
  g_assert_false (isle_player_spec_text_equal ("easy", "ismcts:easy"));
  g_assert_false (isle_player_spec_text_equal ("medium", "ismcts:medium"));
  g_assert_false (isle_player_spec_text_equal ("hard", "ismcts:hard"));
  g_assert_true (isle_player_spec_text_equal ("easy", "greedy"));
  g_assert_true (isle_ai_find ("easy")->choose == isle_ai_instinct);
  g_assert_true (isle_ai_find ("ismcts:easy")->choose == isle_ai_ismcts);
}

/* Texts that name no player: refused with a message that quotes them and
 * says what was expected. */
static void
test_invalid_refused_naming_the_text (void)
{
  static const struct
  {
    const char *text;
    const char *says;   /* a part of the message besides the text */
  } invalid[] = {
    { "", "expected human, beginner, easy, medium, hard, expert, plugin:ID or engine:COMMAND" },
    { "Human", "expected human" },
    { " human", "expected human" },
    { "easy ", "expected human" },
    { "EASY", "expected human" },
    { "ismcts", "expected human" },
    { "ismcts:expert", "expected human" },
    { "ismcts:", "expected human" },
    { "deep-blue", "plugin:ID or engine:COMMAND" },
    { "plugin:", "a plugin’s id" },
    { "plugin:Big Bot", "a plugin’s id" },
    { "plugin:bot/../../x", "a plugin’s id" },
    { "plugin:abcdefghijklmnopqrstuvwxyz0123456", "1 to 32 characters" },
    { "engine:", "expected a command line after “engine:”" },
    { "engine:   ", "expected a command line after “engine:”" },
    { "engine:''", "expected a command line after “engine:”" },
    { "engine:my-engine 'unclosed", "its command line cannot be read" },
    /* Budgets: only for the levels that search, within bounds, in one
     * spelling. */
    { "easy@2s", "easy plays at once, without a thinking budget; after “@” come its points of "
      "noise, from 0 to 10, and its care to block, from 0 to 1 (“@noise2+care0.3”); a thinking "
      "budget is for medium, hard, expert" },
    /* An instinct level's noise and care: within bounds, noise first, in
     * one spelling. */
    { "easy@noise", "(“@noise2+care0.3”)" },
    { "easy@noise10.5", "(“@noise2+care0.3”)" },
    { "easy@noise-1", "(“@noise2+care0.3”)" },
    { "easy@care1.01", "(“@noise2+care0.3”)" },
    { "easy@care0.5+noise1", "(“@noise2+care0.3”)" },
    { "easy@noise1+", "(“@noise2+care0.3”)" },
    { "easy@noise1+noise2", "(“@noise2+care0.3”)" },
    { "easy@noise1;care0.5", "(“@noise2+care0.3”)" },
    { "easy@noise1+care0.5,", "(“@noise2+care0.3”)" },
    { "easy@Noise1", "(“@noise2+care0.3”)" },
    { "easy@noise 1", "(“@noise2+care0.3”)" },
    { "medium@noise1", "(“@3.6s”)" },
    { "beginner@n10", "beginner plays at once" },
    { "greedy@1s", "easy plays at once" },
    { "human@2s", "expected human" },
    { "Expert@2s", "expected human" },
    { "expert@", "after “@” comes a thinking budget" },
    { "expert@0s", "more than 0 and up to 60" },
    { "expert@0.0s", "more than 0 and up to 60" },
    { "expert@60.001s", "more than 0 and up to 60" },
    { "expert@n0", "from 1 to 10000000" },
    { "expert@n10000001", "from 1 to 10000000" },
    { "expert@n99999999999999999999", "from 1 to 10000000" },
    { "expert@1e1s", "(“@3.6s”)" },
    { "expert@-1s", "(“@3.6s”)" },
    { "expert@+1s", "(“@3.6s”)" },
    { "expert@.5s", "(“@3.6s”)" },
    { "expert@5.s", "(“@3.6s”)" },
    { "expert@2", "(“@3.6s”)" },
    { "expert@2 s", "(“@3.6s”)" },
    { "expert@ 2s", "(“@3.6s”)" },
    { "expert@2s ", "(“@3.6s”)" },
    { "expert@infs", "(“@3.6s”)" },
    { "expert@nans", "(“@3.6s”)" },
    { "expert@n", "(“@n20000”)" },
    { "expert@n-5", "(“@n20000”)" },
    { "expert@n+5", "(“@n20000”)" },
    { "expert@N500", "(“@n20000”)" },
    { "expert@2s@3s", "(“@3.6s”)" },
    { "expert@2,5s", "(“@3.6s”)" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      IslePlayerSpec spec = { .kind = ISLE_PLAYER_ENGINE, .text = "engine:x" };
      g_autoptr (GError) error = NULL;
      g_autofree char *quoted = g_strdup_printf ("“%s”", invalid[i].text);

      g_test_message ("“%s”", invalid[i].text);
      g_assert_false (isle_player_spec_parse (invalid[i].text, &spec, &error));
      g_assert_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, quoted));
      g_assert_nonnull (strstr (error->message, invalid[i].says));
      /* SPEC is left the person, nothing of the text in it. */
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_HUMAN);
      g_assert_null (spec.level);
      g_assert_cmpstr (spec.text, ==, "");
      g_assert_cmpstr (isle_player_spec_to_text (&spec), ==, "human");

      g_assert_false (isle_player_spec_is_valid (invalid[i].text));
      g_assert_null (isle_player_spec_canonical (invalid[i].text));
      /* Texts that name no player are equal only to themselves. */
      g_assert_true (isle_player_spec_text_equal (invalid[i].text, invalid[i].text));
      g_assert_false (isle_player_spec_text_equal (invalid[i].text, "human"));
    }
}

/* An instinct level with its noise and care after "@": the level stays
 * the table's, the copy it plays with has them, and the canonical text
 * keeps only those that are not the level's own (the rated strengths
 * between Beginner and Easy, isle-rating.c). */
static void
test_manner_round_trip (void)
{
  static const struct
  {
    const char *text;
    const char *canonical;
    const char *id;
    double noise, care;
    const char *described;
  } cases[] = {
    { "beginner@noise2+care0.3", "beginner@noise2+care0.3", "beginner", 2.0, 0.3,
      "Beginner, 2 points of noise, blocking at 30%" },
    { "beginner@care0.25", "beginner@care0.25", "beginner", 3.0, 0.25,
      "Beginner, 3 points of noise, blocking at 25%" },
    { "easy@noise1.50", "easy@noise1.5", "easy", 1.5, 1.0,
      "Easy, 1.5 points of noise, blocking at 100%" },
    { "greedy@noise0", "easy@noise0", "easy", 0.0, 1.0, "Easy, 0 points of noise, blocking at 100%" },
    /* The level's own manner is written without it. */
    { "easy@noise0.5+care1", "easy", "easy", 0.5, 1.0, "Easy" },
    { "beginner@noise3", "beginner", "beginner", 3.0, 0.0, "Beginner" },
    { "beginner@noise3+care1", "beginner@care1", "beginner", 3.0, 1.0,
      "Beginner, 3 points of noise, blocking at 100%" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IslePlayerSpec spec, again;
      g_autofree char *described = NULL;

      g_test_message ("%s", cases[i].text);
      g_assert_true (isle_player_spec_parse (cases[i].text, &spec, NULL));
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_BUILTIN);
      g_assert_cmpstr (spec.level->id, ==, cases[i].id);
      g_assert_cmpstr (spec.text, ==, cases[i].canonical);
      g_assert_cmpfloat (spec.budgeted.noise, ==, cases[i].noise);
      g_assert_cmpfloat (spec.budgeted.care, ==, cases[i].care);
      g_assert_true (spec.budgeted.choose == spec.level->choose);
      g_assert_cmpuint (spec.budgeted.iterations, ==, 0);
      described = isle_player_spec_describe (&spec);
      g_assert_cmpstr (described, ==, cases[i].described);
      g_assert_true (isle_player_spec_parse (spec.text, &again, NULL));
      g_assert_cmpstr (again.text, ==, spec.text);
      g_assert_cmpfloat (again.budgeted.noise, ==, spec.budgeted.noise);
      g_assert_cmpfloat (again.budgeted.care, ==, spec.budgeted.care);
    }
  /* A manner is part of who plays. */
  g_assert_false (isle_player_spec_text_equal ("beginner@care0.3", "beginner"));
  g_assert_true (isle_player_spec_text_equal ("beginner@noise3", "random"));
}

/* A searching level with a budget after "@": the level stays the table's,
 * the copy it plays with has the budget's simulations or seconds (and the
 * other 0, so a counted level becomes timed and a timed one counted), and
 * the canonical text keeps the budget unless it is the level's own. */
static void
test_budget_round_trip (void)
{
  static const struct
  {
    const char *text;
    const char *canonical;
    const char *id;
    guint iterations;
    double seconds;
  } cases[] = {
    { "expert@3.6s", "expert@3.6s", "expert", 0, 3.6 },
    { "expert@0.225s", "expert@0.225s", "expert", 0, 0.225 },
    { "expert@n20000", "expert@n20000", "expert", 20000, 0 },
    { "hard@n20000", "hard@n20000", "hard", 20000, 0 },
    { "hard@2s", "hard@2s", "hard", 0, 2 },
    { "hard@2.50s", "hard@2.5s", "hard", 0, 2.5 },
    { "hard@n007", "hard@n7", "hard", 7, 0 },
    { "medium@n1", "medium@n1", "medium", 1, 0 },
    { "medium@0.001s", "medium@0.001s", "medium", 0, 0.001 },
    { "expert@60s", "expert@60s", "expert", 0, 60 },
    { "expert@60.000s", "expert@60s", "expert", 0, 60 },
    { "expert@n10000000", "expert@n10000000", "expert", 10000000, 0 },
    { "expert@0.30000000000000004s", "expert@0.30000000000000004s", "expert", 0,
      0.30000000000000004 },
    /* The level's own budget is written without it. */
    { "expert@0.9s", "expert", "expert", 0, 0.9 },
    { "expert@0.900s", "expert", "expert", 0, 0.9 },
    { "hard@n1500", "hard", "hard", 1500, 0 },
    /* Old ids read with a budget too. */
    { "ismcts:hard@2s", "expert@2s", "expert", 0, 2 },
    { "ismcts:medium@n20000", "hard@n20000", "hard", 20000, 0 },
    { "ismcts:easy@0.5s", "medium@0.5s", "medium", 0, 0.5 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IslePlayerSpec spec;
      IslePlayerSpec again;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *canonical = NULL;
      g_autofree char *stand_in = NULL;
      const IsleAiLevel *level = isle_ai_find (cases[i].id);

      g_test_message ("%s", cases[i].text);
      g_assert_true (isle_player_spec_parse (cases[i].text, &spec, &error));
      g_assert_no_error (error);
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_BUILTIN);
      g_assert_true (spec.level == level);
      g_assert_cmpuint (spec.budgeted.iterations, ==, cases[i].iterations);
      g_assert_cmpfloat (spec.budgeted.seconds, ==, cases[i].seconds);
      /* Otherwise the level itself. */
      g_assert_cmpstr (spec.budgeted.id, ==, level->id);
      g_assert_true (spec.budgeted.choose == level->choose);
      g_assert_cmpint (spec.budgeted.strength, ==, level->strength);

      text = isle_player_spec_format (&spec);
      g_assert_cmpstr (text, ==, cases[i].canonical);
      canonical = isle_player_spec_canonical (cases[i].text);
      g_assert_cmpstr (canonical, ==, cases[i].canonical);
      g_assert_true (isle_player_spec_parse (text, &again, NULL));
      g_assert_true (again.level == spec.level);
      g_assert_cmpuint (again.budgeted.iterations, ==, spec.budgeted.iterations);
      g_assert_cmpfloat (again.budgeted.seconds, ==, spec.budgeted.seconds);

      g_assert_true (isle_player_spec_is_valid (cases[i].text));
      g_assert_true (isle_player_spec_text_equal (cases[i].text, cases[i].canonical));
      g_assert_true (isle_player_spec_equal (&spec, &again));
      g_assert_true (isle_player_spec_is_builtin (&spec));
      g_assert_false (isle_player_spec_is_human (&spec));
      stand_in = stand_in_of (cases[i].text);
      g_assert_cmpstr (stand_in, ==, level->id);
    }
  /* A budget is part of who plays. */
  g_assert_false (isle_player_spec_text_equal ("expert@2s", "expert"));
  g_assert_false (isle_player_spec_text_equal ("expert@2s", "expert@3s"));
  g_assert_false (isle_player_spec_text_equal ("hard@n20000", "expert@n20000"));
  g_assert_true (isle_player_spec_text_equal ("ismcts:hard@2.0s", "expert@2s"));
}

/* A long or broken text is quoted cut short and as valid UTF-8. */
static void
test_invalid_quoted_short_and_valid (void)
{
  g_autofree char *long_text = g_strnfill (5000, 'x');
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) broken_error = NULL;
  IslePlayerSpec spec;

  g_assert_false (isle_player_spec_parse (long_text, &spec, &error));
  g_assert_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID);
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_assert_nonnull (strstr (error->message, "xxxxxxxxxx…"));

  g_assert_false (isle_player_spec_parse ("bad\xff\xfe", &spec, &broken_error));
  g_assert_true (g_utf8_validate (broken_error->message, -1, NULL));
  g_assert_nonnull (strstr (broken_error->message, "“bad"));
}

/* An engine's command line is split as a shell would, and written back
 * quoted only where it must be. */
static void
test_engine_argv_split (void)
{
  static const struct
  {
    const char *text;
    const char *const argv[6];
    const char *canonical;
  } engines[] = {
    { "engine:/opt/bot --level 'very hard' \"two words\" back\\ slash",
      { "/opt/bot", "--level", "very hard", "two words", "back slash", NULL },
      "engine:/opt/bot --level 'very hard' 'two words' 'back slash'" },
    { "engine:   my-engine    --fast   ", { "my-engine", "--fast", NULL }, "engine:my-engine --fast" },
    { "engine:'my-engine' \"--fast\"", { "my-engine", "--fast", NULL }, "engine:my-engine --fast" },
    { "engine:bot '' x", { "bot", "", "x", NULL }, "engine:bot '' x" },
    { "engine:bot \"it's\" $HOME", { "bot", "it's", "$HOME", NULL }, "engine:bot 'it'\\''s' '$HOME'" },
    { "engine:critter-isle-cli engine --player ismcts:hard",
      { "critter-isle-cli", "engine", "--player", "ismcts:hard", NULL },
      "engine:critter-isle-cli engine --player ismcts:hard" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      IslePlayerSpec spec;
      IslePlayerSpec again;
      g_autofree char *text = NULL;
      g_auto (GStrv) argv = NULL;

      g_test_message ("%s", engines[i].text);
      g_assert_true (isle_player_spec_parse (engines[i].text, &spec, NULL));
      g_assert_cmpint (spec.kind, ==, ISLE_PLAYER_ENGINE);
      text = isle_player_spec_format (&spec);
      g_assert_cmpstr (text, ==, engines[i].canonical);
      g_assert_true (isle_player_spec_text_equal (engines[i].text, engines[i].canonical));
      /* The canonical text splits into the same words. */
      g_assert_true (g_shell_parse_argv (isle_player_spec_get_command (&spec), NULL, &argv, NULL));
      g_assert_true (g_strv_equal ((const char *const *) argv, engines[i].argv));
      g_assert_true (isle_player_spec_parse (text, &again, NULL));
      g_assert_true (isle_player_spec_equal (&again, &spec));
    }
}

static void
test_describe (void)
{
  static const struct
  {
    const char *text;
    const char *name;
    const char *how;
  } cases[] = {
    { "human", "Human", "Plays at this computer" },
    { "beginner", "Beginner", "Builds its own lines and often misses yours" },
    { "greedy", "Easy", "Builds lines and blocks yours, one move at a time" },
    { "medium", "Medium", "Looks a few moves ahead" },
    { "ismcts:medium", "Hard", "Searches over a thousand possible games each move" },
    { "expert", "Expert", "Searches for most of a second each move" },
    { "expert@0.9s", "Expert", "Searches for most of a second each move" },
    { "expert@3.6s", "Expert, 3.6 s a move", "Searches possible games for 3.6 s each move" },
    { "ismcts:medium@n20000", "Hard, 20000 simulations a move",
      "Searches 20000 possible games each move" },
    { "hard@n1", "Hard, 1 simulation a move", "Searches 1 possible game each move" },
    { "plugin:sample", "Plugin “sample”", "A computer player added as a plugin" },
    { "engine:/usr/local/bin/my-engine --level 'very hard'", "Engine “my-engine”",
      "/usr/local/bin/my-engine --level 'very hard'" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IslePlayerSpec spec = spec_of (cases[i].text);
      g_autofree char *name = isle_player_spec_describe (&spec);
      g_autofree char *how = isle_player_spec_explain (&spec);

      g_assert_cmpstr (name, ==, cases[i].name);
      g_assert_cmpstr (how, ==, cases[i].how);
    }
}

/* The people's words for the levels cover the registry, and say what
 * src/ai/isle-ai.c says (untranslated, as the tests run). */
static void
test_level_words_cover_the_registry (void)
{
  int n;
  const IsleAiLevel *levels = isle_ai_levels (&n);
  g_autofree char *ids = isle_player_spec_level_ids ();

  g_assert_cmpstr (ids, ==, "beginner, easy, medium, hard, expert");
  for (int i = 0; i < n; i++)
    {
      IslePlayerSpec spec = spec_of (levels[i].id);
      g_autofree char *name = isle_player_spec_describe (&spec);
      g_autofree char *how = isle_player_spec_explain (&spec);

      g_assert_cmpstr (name, ==, levels[i].name);
      g_assert_cmpstr (how, ==, levels[i].description);
    }
}

static void
test_stand_in (void)
{
  static const struct
  {
    const char *text;
    const char *stand_in;
    const char *for_file;
  } cases[] = {
    { "human", "human", "human" },
    { "medium", "medium", "medium" },
    { "ismcts:easy", "medium", "medium" },
    { "random", "beginner", "beginner" },
    { "expert@2s", "expert", "expert@2s" },
    { "hard@n20000", "hard", "hard@n20000" },
    { "plugin:sample", "expert", "expert" },
    { "engine:rm -rf /", "expert", "expert" },
  };

  g_assert_cmpstr (ISLE_PLAYER_SPEC_STAND_IN, ==, "expert");
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IslePlayerSpec spec = spec_of (cases[i].text);
      IslePlayerSpec stand_in = isle_player_spec_stand_in (&spec);
      IslePlayerSpec filed = isle_player_spec_for_file (&spec);

      g_test_message ("%s", cases[i].text);
      g_assert_cmpstr (isle_player_spec_to_text (&stand_in), ==, cases[i].stand_in);
      g_assert_cmpstr (isle_player_spec_to_text (&filed), ==, cases[i].for_file);
      /* A stand-in is what a shared file may name. */
      g_assert_true (isle_player_spec_is_builtin (&stand_in));
      g_assert_true (isle_player_spec_is_builtin (&filed));
    }
}

/* An engine's argv: the program found in PATH replaces its first word;
 * no argv for a program that is not there, nor for a level. */
static void
test_engine_argv (void)
{
  IslePlayerSpec spec = spec_of ("engine:sh -c true");
  IslePlayerSpec missing = spec_of ("engine:no-such-engine-program --fast");
  IslePlayerSpec level = spec_of ("expert");
  g_autoptr (GError) error = NULL;
  g_autofree char *sh = g_find_program_in_path ("sh");
  g_auto (GStrv) argv = NULL;

  g_assert_nonnull (sh);
  argv = isle_player_spec_engine_argv (&spec, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (argv[0], ==, sh);
  g_assert_cmpstr (argv[1], ==, "-c");
  g_assert_cmpstr (argv[2], ==, "true");
  g_assert_null (argv[3]);
  /* The spec itself is a value: still the command as given. */
  g_assert_cmpstr (isle_player_spec_get_command (&spec), ==, "sh -c true");

  g_assert_null (isle_player_spec_engine_argv (&missing, &error));
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START);
  g_assert_nonnull (strstr (error->message, "“no-such-engine-program”"));
  g_clear_error (&error);

  g_assert_null (isle_player_spec_engine_argv (&level, &error));
  g_assert_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“expert”"));
}

/* A spec is a plain value: copied with =, the copy is the same player and
 * owns nothing the original frees; all zeroes is the person. */
static void
test_value_semantics (void)
{
  IslePlayerSpec zero = { 0 };
  IslePlayerSpec human = spec_of ("human");

  g_assert_true (isle_player_spec_is_human (&zero));
  g_assert_true (isle_player_spec_equal (&zero, &human));
  g_assert_cmpstr (isle_player_spec_to_text (&zero), ==, "human");
  for (gsize i = 0; i < G_N_ELEMENTS (canonical_forms); i++)
    {
      IslePlayerSpec spec = spec_of (canonical_forms[i].text);
      IslePlayerSpec copy = spec;
      IslePlayerSpec other = spec_of (i == 0 ? "expert" : "human");

      g_test_message ("%s", canonical_forms[i].text);
      g_assert_true (isle_player_spec_equal (&copy, &spec));
      g_assert_cmpstr (isle_player_spec_to_text (&copy), ==, canonical_forms[i].text);
      g_assert_false (isle_player_spec_equal (&copy, &other));
      /* Parsing another player into the original leaves the copy. */
      g_assert_true (isle_player_spec_parse (i == 0 ? "expert" : "human", &spec, NULL));
      g_assert_true (isle_player_spec_equal (&spec, &other));
      g_assert_cmpstr (isle_player_spec_to_text (&copy), ==, canonical_forms[i].text);
      g_assert_cmpint (copy.kind, ==, canonical_forms[i].kind);
      /* Each other form is another player. */
      for (gsize j = 0; j < G_N_ELEMENTS (canonical_forms); j++)
        {
          IslePlayerSpec b = spec_of (canonical_forms[j].text);

          g_assert_true (isle_player_spec_equal (&copy, &b) == (i == j));
        }
    }
  /* A text too long to keep is refused, naming what the bound is. */
  {
    g_autofree char *args = g_strnfill (ISLE_PLAYER_SPEC_MAX, 'a');
    g_autofree char *text = g_strconcat ("engine:bot ", args, NULL);
    g_autofree char *fits_args = g_strnfill (ISLE_PLAYER_SPEC_MAX - 1 - strlen ("engine:bot "), 'a');
    g_autofree char *fits = g_strconcat ("engine:bot ", fits_args, NULL);
    g_autoptr (GError) error = NULL;
    IslePlayerSpec spec;

    g_assert_false (isle_player_spec_parse (text, &spec, &error));
    g_assert_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "at most 511 bytes"));
    g_assert_true (isle_player_spec_parse (fits, &spec, NULL));
    g_assert_cmpstr (isle_player_spec_to_text (&spec), ==, fits);
  }
}

/* Whatever new_player cannot make, it says why: an error on every path. */
static void
test_new_player_sets_error_on_every_failure (void)
{
  static const struct
  {
    const char *text;
    const char *domain;
    int code;
    const char *named;
  } failures[] = {
    { "human", "isle-player-spec-error-quark", ISLE_PLAYER_SPEC_ERROR_HUMAN, "human" },
    { "plugin:no-such-plugin", "isle-plugin-error-quark", ISLE_PLUGIN_ERROR_NOT_FOUND, "plugin:no-such-plugin" },
    { "engine:no-such-engine-program --fast", "isle-engine-error-quark", ISLE_ENGINE_ERROR_START,
      "no-such-engine-program" },
    /* Found, but it exits instead of shaking hands. */
    { "engine:true", "isle-engine-error-quark", -1, "true" },
  };
  IsleRules rules;

  g_assert_true (isle_rules_load_standard (&rules, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (failures); i++)
    {
      g_autoptr (GError) error = NULL;
      IslePlayerSpec spec;
      IsleAiPlayer *player;

      g_test_message ("%s", failures[i].text);
      spec = spec_of (failures[i].text);
      player = isle_player_spec_new_player (&spec, &rules, 1, &error);
      g_assert_null (player);
      g_assert_nonnull (error);
      g_assert_cmpstr (g_quark_to_string (error->domain), ==, failures[i].domain);
      if (failures[i].code >= 0)
        g_assert_cmpint (error->code, ==, failures[i].code);
      g_assert_nonnull (strstr (error->message, failures[i].named));
      /* Without an error to set, it fails quietly. */
      g_assert_null (isle_player_spec_new_player (&spec, &rules, 1, NULL));
    }
}

/* Plays one decision of a fresh game with PLAYER: a legal action. */
static void
assert_plays (IsleAiPlayer *player)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  IsleState s;
  IsleObservation obs;
  IsleAction a = 0;

  g_assert_true (isle_rules_load_standard (&rules, NULL));
  rules.opening_hand = ISLE_OPENING_DEAL;
  g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 7));
  isle_state_observe (&s, isle_state_to_move (&s), &obs);
  g_assert_true (isle_ai_player_choose_sync (player, &obs, 0.05, &a, &error));
  g_assert_no_error (error);
  g_assert_true (isle_state_is_legal (&s, a));
}

/* A working player for each level, by its id and by its old id, named by
 * the level's id. */
static void
test_new_player_plays_each_level (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (old_ids); i++)
    {
      const char *texts[] = { old_ids[i].id, old_ids[i].old_id };

      for (gsize j = 0; j < G_N_ELEMENTS (texts); j++)
        {
          g_autoptr (GError) error = NULL;
          IslePlayerSpec spec = spec_of (texts[j]);
          g_autoptr (IsleAiPlayer) player = isle_player_spec_new_player (&spec, NULL, 3, &error);

          g_test_message ("%s", texts[j]);
          g_assert_no_error (error);
          g_assert_nonnull (player);
          g_assert_cmpstr (isle_ai_player_get_id (player), ==, old_ids[i].id);
          assert_plays (player);
        }
    }
}

/* A level with a budget plays with it, named by its canonical text: a
 * twentieth of a second, or one simulation, answers long before the
 * level's own budget would (Expert's 0.9 s). */
static void
test_new_player_plays_with_its_budget (void)
{
  const char *texts[] = { "ismcts:hard@0.05s", "expert@n1" };
  const char *ids[] = { "expert@0.05s", "expert@n1" };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;
      IslePlayerSpec spec = spec_of (texts[i]);
      g_autoptr (IsleAiPlayer) player = isle_player_spec_new_player (&spec, NULL, 3, &error);
      g_autoptr (GError) choose_error = NULL;
      IsleRules rules;
      IsleState s;
      IsleObservation obs;
      IsleAction a = 0;
      gint64 start;

      g_test_message ("%s", texts[i]);
      g_assert_no_error (error);
      g_assert_cmpstr (isle_ai_player_get_id (player), ==, ids[i]);
      g_assert_cmpstr (isle_ai_player_get_name (player), ==, "Expert");
      g_assert_true (isle_rules_load_standard (&rules, NULL));
      rules.opening_hand = ISLE_OPENING_DEAL;
      g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_BASIC, 0, 7));
      isle_state_observe (&s, isle_state_to_move (&s), &obs);
      start = g_get_monotonic_time ();
      /* No time given: the player's own budget. */
      g_assert_true (isle_ai_player_choose_sync (player, &obs, 0, &a, &choose_error));
      g_assert_no_error (choose_error);
      g_assert_true (isle_state_is_legal (&s, a));
      g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
    }
}

/* A plugin from the plugin folders, and an engine found in PATH (the
 * game's own, told its level by an old id as outside tools do). */
static void
test_new_player_plugin_and_engine (void)
{
  g_autoptr (GError) error = NULL;
  IslePlayerSpec plugin_spec = spec_of ("plugin:sample");
  IslePlayerSpec engine_spec = spec_of ("engine:critter-isle-cli engine --player ismcts:easy");
  g_autoptr (IsleAiPlayer) plugin = isle_player_spec_new_player (&plugin_spec, NULL, 1, &error);
  g_autofree char *dir = g_path_get_dirname (CLI_PATH);
  g_autofree char *path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, dir, g_getenv ("PATH"), NULL);
  g_autoptr (IsleAiPlayer) engine = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (isle_ai_player_get_id (plugin), ==, "plugin:sample");
  assert_plays (plugin);

  g_setenv ("PATH", path, TRUE);
  engine = isle_player_spec_new_player (&engine_spec, NULL, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (engine);
  g_assert_cmpstr (isle_ai_player_get_name (engine), ==, "Critter Isle medium");
  assert_plays (engine);
}

int
main (int argc, char **argv)
{
  /* The sample plugin as built, and nothing else. */
  g_setenv ("CRITTER_ISLE_PLUGIN_PATH", PLUGIN_BUILD_DIR, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/player-spec/forms-round-trip", test_forms_round_trip);
  g_test_add_func ("/player-spec/forms-parts", test_forms_parts);
  g_test_add_func ("/player-spec/old-ids-read-as-their-level", test_old_ids_read_as_their_level);
  g_test_add_func ("/player-spec/new-easy-is-not-old-ismcts-easy", test_new_easy_is_not_old_ismcts_easy);
  g_test_add_func ("/player-spec/invalid-refused-naming-the-text", test_invalid_refused_naming_the_text);
  g_test_add_func ("/player-spec/invalid-quoted-short-and-valid", test_invalid_quoted_short_and_valid);
  g_test_add_func ("/player-spec/budget-round-trip", test_budget_round_trip);
  g_test_add_func ("/player-spec/manner-round-trip", test_manner_round_trip);
  g_test_add_func ("/player-spec/engine-argv-split", test_engine_argv_split);
  g_test_add_func ("/player-spec/describe", test_describe);
  g_test_add_func ("/player-spec/level-words-cover-the-registry", test_level_words_cover_the_registry);
  g_test_add_func ("/player-spec/stand-in", test_stand_in);
  g_test_add_func ("/player-spec/engine-argv", test_engine_argv);
  g_test_add_func ("/player-spec/value-semantics", test_value_semantics);
  g_test_add_func ("/player-spec/new-player-sets-error-on-every-failure",
                   test_new_player_sets_error_on_every_failure);
  g_test_add_func ("/player-spec/new-player-plays-each-level", test_new_player_plays_each_level);
  g_test_add_func ("/player-spec/new-player-plays-with-its-budget",
                   test_new_player_plays_with_its_budget);
  g_test_add_func ("/player-spec/new-player-plugin-and-engine", test_new_player_plugin_and_engine);
  return g_test_run ();
}
