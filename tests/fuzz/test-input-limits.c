/* test-input-limits.c — the parsers of untrusted input refuse what is too
 * large with a message, after reading a bounded amount of it: R3 board text
 * (ISLE_BOARD_TEXT_MAX), rules files (ISLE_RULES_MAX_SIZE), observation
 * text (ISLE_OBSERVATION_TEXT_MAX), an engine's output lines
 * (ISLE_ENGINE_MAX_LINE, at most 10000 `info` lines an answer) and action
 * text. Each limit is tested at its edge: the largest input allowed still
 * reads. */
#include <glib/gstdio.h>
#include <string.h>

#include "isle-engine-player.h"
#include "isle-notation.h"
#include "isle-observation-text.h"
#include "isle-rules-json.h"

/* TEXT followed by blank lines up to SIZE bytes in all (g_free). */
static char *
padded (const char *text, gsize size)
{
  gsize len = strlen (text);
  char *out;

  g_assert_cmpuint (len, <=, size);
  out = g_malloc (size + 1);
  memcpy (out, text, len);
  memset (out + len, '\n', size - len);
  out[size] = '\0';
  return out;
}

static const char board_text[] =
  "rW rW rP rW bW .\n"
  "bR .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static void
test_board_text_over_limit_refused (void)
{
  g_autofree char *at_limit = padded (board_text, ISLE_BOARD_TEXT_MAX);
  g_autofree char *over = padded (board_text, ISLE_BOARD_TEXT_MAX + 1);
  IsleBoard board;
  IsleNotationError err;

  g_assert_true (isle_board_parse (at_limit, &board, &err));
  g_assert_false (isle_board_parse (over, &board, &err));
  g_test_message ("%s", err.message);
  g_assert_nonnull (strstr (err.message, "longer than 16384 bytes"));
  g_assert_cmpint (err.row, ==, 0);
  g_assert_cmpint (err.column, ==, 0);
}

static char *
standard_rules_text (gsize *length)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize n;
  const char *data;

  /* Referencing the standard rules registers the resource. */
  {
    IsleRules rules;
    g_assert_true (isle_rules_load_standard (&rules, NULL));
  }
  bytes = g_resources_lookup_data (ISLE_RULES_STANDARD_RESOURCE, 0, NULL);
  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &n);
  *length = n;
  return g_strndup (data, n);
}

static void
test_rules_data_over_limit_refused (void)
{
  gsize length;
  g_autofree char *text = standard_rules_text (&length);
  /* JSON allows any whitespace after the object. */
  g_autofree char *at_limit = padded (text, ISLE_RULES_MAX_SIZE);
  g_autofree char *over = padded (text, ISLE_RULES_MAX_SIZE + 1);
  IsleRules rules;

  for (int nul_terminated = 0; nul_terminated < 2; nul_terminated++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (isle_rules_load_data (&rules, at_limit,
                                           nul_terminated ? -1 : ISLE_RULES_MAX_SIZE,
                                           "big.json", &error));
      g_assert_no_error (error);
      g_assert_false (isle_rules_load_data (&rules, over,
                                            nul_terminated ? -1 : ISLE_RULES_MAX_SIZE + 1,
                                            "big.json", &error));
      g_assert_error (error, ISLE_RULES_ERROR, ISLE_RULES_ERROR_TOO_LARGE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "big.json: longer than 65536 bytes"));
    }
}

static void
test_rules_file_over_limit_refused (void)
{
  gsize length;
  g_autofree char *text = standard_rules_text (&length);
  g_autofree char *at_limit = padded (text, ISLE_RULES_MAX_SIZE);
  g_autofree char *over = padded (text, ISLE_RULES_MAX_SIZE + 1);
  g_autofree char *dir = g_dir_make_tmp ("critter-isle-limits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr (GError) error = NULL;
  IsleRules rules;

  g_assert_true (g_file_set_contents (path, at_limit, -1, NULL));
  g_assert_true (isle_rules_load_file (&rules, path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_set_contents (path, over, -1, NULL));
  g_assert_false (isle_rules_load_file (&rules, path, &error));
  g_assert_error (error, ISLE_RULES_ERROR, ISLE_RULES_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "big.json"));
  g_clear_error (&error);
  g_unlink (path);
  g_rmdir (dir);

  /* A file that never ends is read only up to the limit. */
  g_assert_false (isle_rules_load_file (&rules, "/dev/zero", &error));
  g_assert_error (error, ISLE_RULES_ERROR, ISLE_RULES_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
}

/* An observation of a weather game's first decision, as text. */
static char *
observation_text (IsleRules *rules)
{
  IsleState state;
  IsleObservation obs;

  g_assert_true (isle_rules_load_standard (rules, NULL));
  g_assert_true (isle_state_init (&state, rules, ISLE_VARIANT_WEATHER, 0, 1));
  isle_state_observe (&state, isle_state_to_move (&state), &obs);
  return isle_observation_to_text (&obs);
}

static void
test_observation_text_over_limit_refused (void)
{
  IsleRules rules;
  g_autofree char *text = observation_text (&rules);
  /* Blank lines are allowed anywhere, so drop the last line (`end`). */
  g_autofree char *body = g_strndup (text, strlen (text) - strlen ("end\n"));
  g_autofree char *at_limit = padded (body, ISLE_OBSERVATION_TEXT_MAX);
  g_autofree char *over = padded (body, ISLE_OBSERVATION_TEXT_MAX + 1);
  g_autofree IsleObservation *obs = g_new0 (IsleObservation, 1);
  g_autoptr (GError) error = NULL;

  obs->view.rules = rules;
  g_assert_true (isle_observation_from_text (at_limit, obs, &error));
  g_assert_no_error (error);
  g_assert_false (isle_observation_from_text (over, obs, &error));
  g_assert_error (error, ISLE_OBSERVATION_TEXT_ERROR, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "longer than 65536 bytes"));
}

/* Feeds BYTES to a reader expecting an action, 4096 bytes a read as the
 * player reads them, until it stops asking for more; returns what it said.
 * Asserts that the reader never holds a line's limit or more unread. */
static IsleEngineRead
feed_action_reply (const char *bytes, gsize length, GError **error)
{
  IsleRules rules;
  IsleState state;
  IsleObservation obs;
  IsleEngineReader reader = { 0 };
  g_autoptr (GString) pending = g_string_new (NULL);
  IsleEngineRead read = ISLE_ENGINE_READ_MORE;

  g_assert_true (isle_rules_load_standard (&rules, NULL));
  g_assert_true (isle_state_init (&state, &rules, ISLE_VARIANT_BASIC, 0, 1));
  isle_state_observe (&state, isle_state_to_move (&state), &obs);
  reader.expect = ISLE_ENGINE_EXPECT_ACTION;
  reader.obs = &obs;
  for (gsize at = 0; at < length && read == ISLE_ENGINE_READ_MORE; at += 4096)
    {
      g_string_append_len (pending, bytes + at, (gssize) MIN (4096, length - at));
      read = isle_engine_reader_feed (&reader, pending, error);
      if (read == ISLE_ENGINE_READ_MORE)
        g_assert_cmpuint (pending->len, <, ISLE_ENGINE_MAX_LINE);
    }
  isle_engine_reader_clear (&reader);
  return read;
}

/* A line of LENGTH bytes (its newline included, when NEWLINE) of `x`. */
static char *
long_line (gsize length, gboolean newline)
{
  char *line = g_malloc (length + 1);

  memset (line, 'x', length);
  if (newline)
    line[length - 1] = '\n';
  line[length] = '\0';
  return line;
}

static void
test_engine_line_over_limit_is_a_fault (void)
{
  g_autoptr (GError) error = NULL;

  /* The longest line allowed is read, and refused for what it says. */
  {
    g_autofree char *line = long_line (ISLE_ENGINE_MAX_LINE, TRUE);

    g_assert_cmpint (feed_action_reply (line, ISLE_ENGINE_MAX_LINE, &error), ==,
                     ISLE_ENGINE_READ_FAULT);
    g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
    g_assert_nonnull (strstr (error->message, "expected “action …”"));
    g_clear_error (&error);
  }
  /* One byte more, or no newline at all: too long, whatever follows. */
  for (int newline = 0; newline < 2; newline++)
    {
      gsize length = newline ? ISLE_ENGINE_MAX_LINE + 1 : 4 * ISLE_ENGINE_MAX_LINE;
      g_autofree char *line = long_line (length, newline);

      g_assert_cmpint (feed_action_reply (line, length, &error), ==, ISLE_ENGINE_READ_FAULT);
      g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "longer than 65536 bytes"));
      g_clear_error (&error);
    }
}

static void
test_engine_info_flood_is_a_fault (void)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  for (int i = 0; i < 10000; i++)
    g_string_append (out, "info thinking\n");
  g_string_append (out, "action pick rW\n");
  /* 10000 `info` lines are allowed… */
  g_assert_cmpint (feed_action_reply (out->str, out->len, &error), ==, ISLE_ENGINE_READ_ANSWER);
  g_assert_no_error (error);
  /* …one more is a flood. */
  g_string_prepend (out, "info thinking\n");
  g_assert_cmpint (feed_action_reply (out->str, out->len, &error), ==, ISLE_ENGINE_READ_FAULT);
  g_assert_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "flooded"));
}

static void
test_action_long_text_refused (void)
{
  IsleRules rules;
  IsleState state;
  IsleAction action;
  g_autofree char *word = long_line (1024 * 1024, FALSE);
  g_autofree char *pick = g_strconcat ("pick ", word, NULL);
  g_autofree char *spaces = g_strnfill (1024 * 1024, ' ');
  g_autofree char *spaced = g_strconcat (spaces, "pick rW", spaces, NULL);

  g_assert_true (isle_rules_load_standard (&rules, NULL));
  g_assert_true (isle_state_init (&state, &rules, ISLE_VARIANT_BASIC, 0, 1));
  g_assert_false (isle_action_parse (&state, word, &action));
  g_assert_false (isle_action_parse (&state, pick, &action));
  /* Spaces around an action are only spaces. */
  g_assert_true (isle_action_parse (&state, spaced, &action));
  g_assert_cmpuint (action, ==, isle_action_pick (ISLE_KIND_WOLF));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/limits/board-text-over-16k-refused", test_board_text_over_limit_refused);
  g_test_add_func ("/limits/rules-data-over-64k-refused", test_rules_data_over_limit_refused);
  g_test_add_func ("/limits/rules-file-over-64k-refused-after-64k-read",
                   test_rules_file_over_limit_refused);
  g_test_add_func ("/limits/observation-text-over-64k-refused",
                   test_observation_text_over_limit_refused);
  g_test_add_func ("/limits/engine-line-over-64k-is-a-fault", test_engine_line_over_limit_is_a_fault);
  g_test_add_func ("/limits/engine-info-flood-is-a-fault", test_engine_info_flood_is_a_fault);
  g_test_add_func ("/limits/action-long-text-refused", test_action_long_text_refused);
  return g_test_run ();
}
