/* test-game-analysis.c — the review kept with the game (issue 29): an
 * IsleGameAnalysis carried by IsleGame, written in the `.isle` file as
 * "analysis" (doc/scenario-format.md, "analysis") and read back; a
 * reopened game's review searches nothing it had; a history changed drops
 * what no longer belongs to it; files without one, with a malformed one,
 * with a newer one or with judgements of another history. */
#include "config.h"

#include <string.h>

#include "isle-game-analysis.h"
#include "isle-game-review.h"
#include "isle-json.h"
#include "isle-model-test-util.h"
#include "isle-saved-game.h"

/* ---- Helpers ----------------------------------------------------------- */

/* A judgement of GAME's decision I made up (no search): the last legal
 * action as the best, the next decision's first legal action as the
 * reply, chances that fall with I. */
static IsleReviewMove
made_up_move (IsleGame *game, guint i)
{
  const IsleState *s = isle_game_get_state_at (game, i);
  const IsleState *next = isle_game_get_state_at (game, i + 1);
  IsleActionList legal, after;
  IsleReviewMove m;

  memset (&m, 0, sizeof m);
  isle_state_legal_actions (s, &legal);
  m.seat = isle_state_to_move (s);
  m.round = s->round;
  m.action = isle_game_get_action (game, i);
  m.n_legal = legal.n;
  m.reply_seat = m.best_reply_seat = -1;
  if (legal.n == 1)
    {
      m.best = m.action;
      m.before = m.after = -1.0;
      m.label = ISLE_REVIEW_ONLY;
      return m;
    }
  m.best = legal.actions[legal.n - 1];
  m.before = 0.625 - 0.01 * i;
  m.after = m.best == m.action ? m.before : m.before - 0.125;
  if (!isle_state_is_terminal (next))
    {
      isle_state_legal_actions (next, &after);
      m.reply = after.actions[0];
      m.reply_seat = isle_state_to_move (next);
      m.best_reply = after.actions[after.n - 1];
      m.best_reply_seat = m.reply_seat;
    }
  m.visits = 100 + i;
  m.iterations = 3000;
  m.points = m.best == m.action ? 0.0 : 1.5 + 0.25 * i;
  m.label = isle_review_label (isle_review_lost (m.before, m.after, m.points), m.n_legal, m.best == m.action);
  return m;
}

/* GAME given a made-up analysis of its first N decisions at DEPTH, SEED. */
static void
give_analysis (IsleGame *game, guint n, IsleReviewDepth depth, guint64 seed)
{
  g_autoptr (IsleGameAnalysis) empty = isle_game_analysis_new (depth, seed);
  g_autoptr (IsleGameAnalysis) analysis = NULL;
  g_autofree guint *indices = g_new (guint, n);
  g_autofree IsleReviewMove *moves = g_new (IsleReviewMove, n);

  for (guint i = 0; i < n; i++)
    {
      indices[i] = i;
      moves[i] = made_up_move (game, i);
    }
  analysis = isle_game_analysis_add (empty, n, indices, moves);
  isle_game_set_analysis (game, analysis);
  g_assert_true (isle_game_get_analysis (game) == analysis);
}

static void
assert_same_move (const IsleReviewMove *a, const IsleReviewMove *b)
{
  g_assert_cmpint (a->seat, ==, b->seat);
  g_assert_cmpint (a->round, ==, b->round);
  g_assert_cmpuint (a->action, ==, b->action);
  g_assert_cmpuint (a->best, ==, b->best);
  g_assert_cmpint (a->n_legal, ==, b->n_legal);
  /* Chances are written to four decimals. */
  g_assert_cmpfloat_with_epsilon (a->before, b->before, 0.00005);
  g_assert_cmpfloat_with_epsilon (a->after, b->after, 0.00005);
  g_assert_cmpint (a->reply_seat, ==, b->reply_seat);
  if (a->reply_seat >= 0)
    g_assert_cmpuint (a->reply, ==, b->reply);
  g_assert_cmpint (a->best_reply_seat, ==, b->best_reply_seat);
  if (a->best_reply_seat >= 0)
    g_assert_cmpuint (a->best_reply, ==, b->best_reply);
  g_assert_cmpuint (a->visits, ==, b->visits);
  g_assert_cmpuint (a->iterations, ==, b->iterations);
  g_assert_cmpint (a->label, ==, b->label);
}

/* The file's text without its "saved" line: it says when. */
static char *
without_saved (const char *data)
{
  g_auto (GStrv) lines = g_strsplit (data, "\n", -1);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "\"saved\":") == NULL)
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
to_data (IsleGame *game)
{
  g_autoptr (GError) error = NULL;
  char *data = isle_saved_game_to_data (game, NULL, &error);

  g_assert_no_error (error);
  return data;
}

/* DATA with its "analysis" member set to ANALYSIS (JSON text). */
static char *
with_analysis (const char *data, const char *analysis)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) member = json_parser_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, data, -1, NULL));
  g_assert_true (json_parser_load_from_data (member, analysis, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_member (root, "analysis", json_node_copy (json_parser_get_root (member)));
  isle_json_print (out, json_parser_get_root (parser));
  g_string_append_c (out, '\n');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
count_reviewed (IsleGameReview *review, guint i, guint *count)
{
  (void) review;
  (void) i;
  (*count)++;
}

/* ---- Tests ------------------------------------------------------------- */

/* Save → load keeps every judgement, the depth and the seed; the file is
 * the same after a second save (but for when it was saved). */
static void
test_round_trip (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (20, 4);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *a = NULL, *b = NULL;
  IsleGameAnalysis *mine, *theirs;

  give_analysis (game, 20, ISLE_REVIEW_DEEP, G_GUINT64_CONSTANT (18446744073709551615));
  data = to_data (game);
  g_assert_nonnull (strstr (data, "\"analysis\": {"));
  g_assert_nonnull (strstr (data, "\"seed\": \"18446744073709551615\""));
  loaded = isle_saved_game_load_data_with_warning (data, -1, "r.isle", &warning, &error);
  g_assert_no_error (error);
  g_assert_null (warning);
  mine = isle_game_get_analysis (game);
  theirs = isle_game_get_analysis (loaded);
  g_assert_nonnull (theirs);
  g_assert_true (isle_game_analysis_is_understood (theirs));
  g_assert_cmpint (isle_game_analysis_get_version (theirs), ==, ISLE_GAME_ANALYSIS_VERSION);
  g_assert_cmpint (isle_game_analysis_get_depth (theirs), ==, ISLE_REVIEW_DEEP);
  g_assert_cmpuint (isle_game_analysis_get_seed (theirs), ==, G_GUINT64_CONSTANT (18446744073709551615));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (theirs), ==, 20);
  for (guint k = 0; k < 20; k++)
    {
      IsleReviewMove x, y;
      guint i, j;

      isle_game_analysis_get_nth (mine, k, &i, &x);
      isle_game_analysis_get_nth (theirs, k, &j, &y);
      g_assert_cmpuint (i, ==, k);
      g_assert_cmpuint (j, ==, k);
      assert_same_move (&x, &y);
    }
  again = to_data (loaded);
  a = without_saved (data);
  b = without_saved (again);
  g_assert_cmpstr (a, ==, b);
}

/* A real review gives each judgement back to the game; the game saved
 * and opened again, a review at the same depth and seed searches
 * nothing: every decision is judged before start() returns, as it was. */
static void
test_reopened_review_searches_nothing (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (10, 7);
  g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_FAST, 5);
  g_autoptr (IsleGameReview) again = NULL;
  g_autoptr (IsleGameReview) other = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  guint heard = 0;

  g_assert_null (isle_game_get_analysis (game));
  g_assert_cmpuint (isle_game_review_get_n_stored (review), ==, 0);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_nonnull (isle_game_get_analysis (game));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, 10);
  g_assert_cmpuint (isle_game_get_position (game), ==, 10);
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 10);

  data = to_data (game);
  loaded = isle_saved_game_load_data (data, -1, "again.isle", &error);
  g_assert_no_error (error);
  again = isle_game_review_new (loaded, ISLE_REVIEW_FAST, 5);
  g_assert_cmpuint (isle_game_review_get_n_stored (again), ==, 10);
  g_signal_connect (again, "move-reviewed", G_CALLBACK (count_reviewed), &heard);
  isle_game_review_start (again);
  /* No main loop ran: nothing was searched. */
  g_assert_true (isle_game_review_get_finished (again));
  g_assert_cmpuint (isle_game_review_get_n_reviewed (again), ==, 10);
  g_assert_cmpuint (heard, ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      IsleReviewMove x, y;

      g_assert_true (isle_game_review_get_move (review, i, &x));
      g_assert_true (isle_game_review_get_move (again, i, &y));
      assert_same_move (&x, &y);
    }

  /* Another seed is another review: searched, and it replaces the
   * analysis as its judgements come. */
  other = isle_game_review_new (loaded, ISLE_REVIEW_FAST, 6);
  g_assert_cmpuint (isle_game_review_get_n_stored (other), ==, 0);
  isle_game_review_start (other);
  g_assert_false (isle_game_review_get_finished (other));
  isle_test_run_review (other);
  g_assert_cmpuint (isle_game_analysis_get_seed (isle_game_get_analysis (loaded)), ==, 6);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (loaded)), ==, 10);
}

/* A game played on after its review: only the new decisions are
 * searched, and they join the game's analysis. */
static void
test_review_searches_only_new_decisions (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (14, 8);
  g_autoptr (IsleGameReview) review = NULL;
  guint heard = 0;

  isle_game_go_to (game, 14);
  give_analysis (game, 10, ISLE_REVIEW_FAST, 2);
  review = isle_game_review_new (game, ISLE_REVIEW_FAST, 2);
  g_assert_cmpuint (isle_game_review_get_n_moves (review), ==, 14);
  g_assert_cmpuint (isle_game_review_get_n_stored (review), ==, 10);
  g_signal_connect (review, "move-reviewed", G_CALLBACK (count_reviewed), &heard);
  isle_game_review_start (review);
  g_assert_cmpuint (heard, ==, 10);
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, 10);
  isle_test_run_review (review);
  g_assert_cmpuint (heard, ==, 14);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, 14);
  for (guint i = 0; i < 10; i++)
    {
      IsleReviewMove x = made_up_move (game, i), y;

      /* The stored judgements were taken, not searched again. */
      g_assert_true (isle_game_review_get_move (review, i, &y));
      assert_same_move (&x, &y);
    }
}

/* The game goes back and on another way while its review searches: the
 * review gives back only the judgements of the history the game still
 * has, and the game's own history is the review's no business. */
static void
test_review_gives_back_only_the_history_kept (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (10, 12);
  g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_FAST, 4);
  g_autoptr (GError) error = NULL;
  IsleGameAnalysis *analysis;
  IsleActionList legal;
  IsleAction was = isle_game_get_action (game, 6);

  isle_game_review_start (review);
  /* No result is handed on before the main context runs. */
  g_assert_true (isle_game_go_to (game, 6));
  isle_state_legal_actions (isle_game_get_state (game), &legal);
  g_assert_cmpint (legal.n, >, 1);
  g_assert_true (isle_game_apply (game, legal.actions[0] != was ? legal.actions[0] : legal.actions[1], &error));
  isle_test_run_review (review);
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, 10);
  analysis = isle_game_get_analysis (game);
  g_assert_nonnull (analysis);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (analysis), ==, 6);
  for (guint k = 0; k < 6; k++)
    {
      guint index;

      isle_game_analysis_get_nth (analysis, k, &index, NULL);
      g_assert_cmpuint (index, ==, k);
    }
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 7);
  g_assert_cmpuint (isle_game_get_position (game), ==, 7);
}

/* Undo and another move: the judgements of the decisions forgotten go;
 * those of the history kept stay, and the same move again keeps its
 * own. Undo alone keeps them all (the redo tail is still the history). */
static void
test_history_changed_drops_what_went (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (12, 3);
  g_autoptr (GError) error = NULL;
  IsleActionList legal;
  IsleAction same, other;
  guint notified = 0;

  give_analysis (game, 12, ISLE_REVIEW_NORMAL, 1);
  g_signal_connect (game, "notify::analysis", G_CALLBACK (isle_test_count_notify), &notified);
  g_assert_true (isle_game_go_to (game, 8));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, 12);
  g_assert_cmpuint (notified, ==, 0);

  same = isle_game_get_action (game, 8);
  g_assert_true (isle_game_apply (game, same, &error));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, 9);
  g_assert_true (isle_game_analysis_lookup (isle_game_get_analysis (game), 8, same, NULL));
  g_assert_cmpuint (notified, ==, 1);

  g_assert_true (isle_game_undo (game));
  isle_state_legal_actions (isle_game_get_state (game), &legal);
  g_assert_cmpint (legal.n, >, 1);
  other = legal.actions[0] != same ? legal.actions[0] : legal.actions[1];
  g_assert_true (isle_game_apply (game, other, &error));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, 8);
  g_assert_false (isle_game_analysis_lookup (isle_game_get_analysis (game), 8, other, NULL));
  g_assert_cmpuint (notified, ==, 2);

  /* A move at the end changes nothing of it: not notified. */
  isle_state_legal_actions (isle_game_get_state (game), &legal);
  g_assert_true (isle_game_apply (game, legal.actions[0], &error));
  g_assert_cmpuint (notified, ==, 2);
}

/* A file of today's format, with no analysis, opens as it did. */
static void
test_file_without_analysis_opens (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "saved", "basic-no-analysis.isle", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (IsleGame) game = isle_saved_game_load_with_warning (path, &warning, &error);
  g_autofree char *data = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_null (warning);
  g_assert_null (isle_game_get_analysis (game));
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 16);
  /* And is written back as it was. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  data = to_data (game);
  {
    g_autofree char *a = without_saved (text);
    g_autofree char *b = without_saved (data);

    g_assert_cmpstr (a, ==, b);
  }
}

/* A malformed analysis never refuses the game: it opens without it, and
 * the warning names the file and the field. */
static void
test_malformed_analysis_dropped (void)
{
  static const struct
  {
    const char *analysis;
    const char *field;
  } cases[] = {
    { "\"fast\"", "m.isle: analysis: expected an object" },
    { "{\"depth\": \"fast\", \"seed\": \"1\", \"decisions\": []}", "m.isle: analysis.version: missing" },
    { "{\"version\": 0, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": []}", "m.isle: analysis.version: expected" },
    { "{\"version\": 1, \"depth\": \"slow\", \"seed\": \"1\", \"decisions\": []}", "m.isle: analysis.depth: expected one of fast, normal, deep" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": 1, \"decisions\": []}", "m.isle: analysis.seed: expected" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": {}}", "m.isle: analysis.decisions: expected" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": [], \"chart\": 1}", "m.isle: analysis.chart: unknown field" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": [7]}", "m.isle: analysis.decisions[0]: expected" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": [{\"index\": 0}]}",
      "m.isle: analysis.decisions[0].action: missing" },
    { "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"1\", \"decisions\": [{\"index\": -1, \"action\": \"pass\"}]}",
      "m.isle: analysis.decisions[0].index: expected" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (IsleGame) game = isle_test_played_game (6, 1);
      g_autofree char *data = to_data (game);
      g_autofree char *bad = with_analysis (data, cases[c].analysis);
      g_autoptr (GError) error = NULL;
      g_autofree char *warning = NULL;
      g_autoptr (IsleGame) loaded = isle_saved_game_load_data_with_warning (bad, -1, "m.isle", &warning, &error);

      g_test_message ("%s", cases[c].analysis);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      g_assert_cmpuint (isle_game_get_n_actions (loaded), ==, 6);
      g_assert_null (isle_game_get_analysis (loaded));
      g_assert_nonnull (warning);
      g_test_message ("%s", warning);
      g_assert_true (g_str_has_prefix (warning, cases[c].field));
    }
}

/* A judgement of the file malformed (a chance past 1, a label unknown, a
 * decision twice): the whole analysis is dropped, the field named. */
static void
test_malformed_decision_dropped (void)
{
  static const struct
  {
    const char *from, *to, *field;
  } cases[] = {
    { "\"before\": 0.625", "\"before\": 1.5", "m.isle: analysis.decisions[0].before: expected a number from 0 to 1" },
    { "\"label\": \"", "\"label\": \"brilliant ", "m.isle: analysis.decisions[0].label: expected one of" },
    { "\"index\": 1,", "\"index\": 0,", "m.isle: analysis.decisions[1].index: decision index 0 appears twice" },
    { "\"visits\": 100", "\"visits\": \"many\"", "m.isle: analysis.decisions[0].visits: expected" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (IsleGame) game = isle_test_played_game (6, 1);
      g_autofree char *data = NULL;
      g_autoptr (GString) bad = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *warning = NULL;
      g_autoptr (IsleGame) loaded = NULL;

      give_analysis (game, 6, ISLE_REVIEW_FAST, 1);
      data = to_data (game);
      bad = g_string_new (data);
      g_assert_cmpuint (g_string_replace (bad, cases[c].from, cases[c].to, 1), ==, 1);
      loaded = isle_saved_game_load_data_with_warning (bad->str, -1, "m.isle", &warning, &error);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      g_assert_null (isle_game_get_analysis (loaded));
      g_assert_nonnull (warning);
      g_test_message ("%s", warning);
      g_assert_true (g_str_has_prefix (warning, cases[c].field));
    }
}

/* An analysis of a newer version is not understood but kept: load and
 * save give back the member byte for byte; a review (which cannot use
 * it) replaces it with its own. */
static void
test_newer_analysis_kept (void)
{
  const char *newer =
    "  \"analysis\": {\n"
    "    \"version\": 2,\n"
    "    \"engine\": \"critter-isle 9\",\n"
    "    \"chances\": [0.5, 0.59, 0.125, 1.0, 1e-07],\n"
    "    \"nested\": {\"deep\": [true, null, -3], \"why\": \"line \\\"four\\\"\"}\n"
    "  }\n";
  g_autoptr (IsleGame) game = isle_test_played_game (6, 2);
  g_autofree char *data = to_data (game);
  g_autoptr (GString) text = g_string_new (data);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *again = NULL;
  g_autoptr (IsleGameReview) review = NULL;
  IsleGameAnalysis *kept;

  /* After "saved", the last member. */
  g_assert_true (g_str_has_suffix (text->str, "\"\n}\n"));
  g_string_truncate (text, text->len - 3);
  g_string_append_printf (text, ",\n%s}\n", newer);
  loaded = isle_saved_game_load_data_with_warning (text->str, -1, "n.isle", &warning, &error);
  g_assert_no_error (error);
  g_assert_null (warning);
  kept = isle_game_get_analysis (loaded);
  g_assert_nonnull (kept);
  g_assert_false (isle_game_analysis_is_understood (kept));
  g_assert_cmpint (isle_game_analysis_get_version (kept), ==, 2);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (kept), ==, 0);
  again = to_data (loaded);
  g_assert_nonnull (strstr (again, newer));

  /* An undo and another move leave it as it was. */
  g_assert_true (isle_game_undo (loaded));
  {
    IsleActionList legal;

    isle_state_legal_actions (isle_game_get_state (loaded), &legal);
    g_assert_true (isle_game_apply (loaded, legal.actions[legal.n - 1], &error));
  }
  g_assert_true (isle_game_get_analysis (loaded) == kept);

  review = isle_game_review_new (loaded, ISLE_REVIEW_FAST, 1);
  g_assert_cmpuint (isle_game_review_get_n_stored (review), ==, 0);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_true (isle_game_analysis_is_understood (isle_game_get_analysis (loaded)));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (loaded)), ==, 6);
}

/* Judgements whose action is not the history's at their index, or whose
 * index is past it, are left out without a word; the others are kept. */
static void
test_mismatched_actions_ignored (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (6, 5);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GString) bad = g_string_new (NULL);
  g_autofree char *data = NULL;
  g_autofree char *warning = NULL;
  const IsleState *s = isle_game_get_state_at (game, 2);
  IsleActionList legal;
  IsleAction other = 0;
  JsonArray *decisions;
  char text[32];

  give_analysis (game, 6, ISLE_REVIEW_FAST, 1);
  data = to_data (game);
  g_assert_true (json_parser_load_from_data (parser, data, -1, NULL));
  decisions = json_object_get_array_member (json_object_get_object_member (
    json_node_get_object (json_parser_get_root (parser)), "analysis"), "decisions");
  g_assert_cmpuint (json_array_get_length (decisions), ==, 6);
  /* Decision 2 said to be another legal action; decision 5 said to be
   * decision 40, past the history. */
  isle_state_legal_actions (s, &legal);
  for (int k = 0; k < legal.n && other == 0; k++)
    if (legal.actions[k] != isle_game_get_action (game, 2))
      other = legal.actions[k];
  g_assert_cmpuint (other, !=, 0);
  json_object_set_string_member (json_array_get_object_element (decisions, 2), "action",
                                 isle_action_format (s, other, text));
  json_object_set_int_member (json_array_get_object_element (decisions, 5), "index", 40);
  isle_json_print (bad, json_parser_get_root (parser));

  loaded = isle_saved_game_load_data_with_warning (bad->str, -1, "x.isle", &warning, &error);
  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_nonnull (isle_game_get_analysis (loaded));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (loaded)), ==, 4);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (isle_game_analysis_lookup (isle_game_get_analysis (loaded), i,
                                                isle_game_get_action (loaded, i), NULL),
                     ==, i != 2 && i != 5);

  /* Set on a game, too, only what belongs to its history stays. */
  {
    g_autoptr (IsleGame) shorter = isle_test_played_game (3, 5);

    isle_game_set_analysis (shorter, isle_game_get_analysis (game));
    g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (shorter)), ==, 3);
  }
}

/* The printer writes a number that is not an integer in the fewest
 * digits that read back as it, always as a number that is not one. */
static void
test_print_doubles (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 0.59, "0.59" }, { 1.0, "1.0" }, { 0.1 + 0.2, "0.30000000000000004" }, { -2.5e-9, "-2.5e-09" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (JsonNode) node = json_node_init_double (json_node_alloc (), cases[c].value);
      g_autoptr (GString) out = g_string_new (NULL);

      isle_json_print (out, node);
      g_assert_cmpstr (out->str, ==, cases[c].text);
    }
}

/* Judgements made by another judge (ISLE_REVIEW_JUDGE: another way of
 * measuring decisions; a file from before there were judges has none and
 * is judge 1) are kept in the file but not taken: the review at the same
 * depth and seed judges every decision again, and its analysis, by this
 * build's judge, replaces them. */
static void
test_other_judge_judges_again (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (6, 3);
  g_autoptr (IsleGameAnalysis) empty = isle_game_analysis_new_judged (ISLE_REVIEW_FAST, 5, 1);
  g_autoptr (IsleGameAnalysis) old = NULL;
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (IsleGameReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree guint *indices = g_new (guint, 6);
  g_autofree IsleReviewMove *moves = g_new (IsleReviewMove, 6);

  g_assert_cmpint (ISLE_REVIEW_JUDGE, >, 1);
  for (guint i = 0; i < 6; i++)
    {
      indices[i] = i;
      moves[i] = made_up_move (game, i);
    }
  old = isle_game_analysis_add (empty, 6, indices, moves);
  g_assert_cmpint (isle_game_analysis_get_judge (old), ==, 1);
  isle_game_set_analysis (game, old);
  data = to_data (game);
  g_assert_nonnull (strstr (data, "\"judge\""));
  loaded = isle_saved_game_load_data (data, -1, "old.isle", &error);
  g_assert_no_error (error);
  g_assert_cmpint (isle_game_analysis_get_judge (isle_game_get_analysis (loaded)), ==, 1);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (loaded)), ==, 6);

  review = isle_game_review_new (loaded, ISLE_REVIEW_FAST, 5);
  g_assert_cmpuint (isle_game_review_get_n_stored (review), ==, 0);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_cmpint (isle_game_analysis_get_judge (isle_game_get_analysis (loaded)), ==, ISLE_REVIEW_JUDGE);
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (loaded)), ==, 6);
}

/* An analysis without "judge" (written before there were judges) is
 * judge 1's. */
static void
test_no_judge_is_the_first (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (4, 3);
  g_autoptr (IsleGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = to_data (game);
  g_autofree char *old = with_analysis (data, "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"5\", \"decisions\": []}");
  g_autofree char *judged = with_analysis (data, "{\"version\": 1, \"depth\": \"fast\", \"seed\": \"5\", \"judge\": 0, \"decisions\": []}");
  g_autofree char *warning = NULL;

  loaded = isle_saved_game_load_data (old, -1, "old.isle", &error);
  g_assert_no_error (error);
  g_assert_nonnull (isle_game_get_analysis (loaded));
  g_assert_cmpint (isle_game_analysis_get_judge (isle_game_get_analysis (loaded)), ==, 1);
  g_clear_object (&loaded);
  /* Judges count from 1: a 0 is a malformed analysis, dropped with a
   * warning naming the field. */
  loaded = isle_saved_game_load_data_with_warning (judged, -1, "bad.isle", &warning, &error);
  g_assert_no_error (error);
  g_assert_null (isle_game_get_analysis (loaded));
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "analysis.judge"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-analysis/round-trip", test_round_trip);
  g_test_add_func ("/game-analysis/other-judge-judges-again", test_other_judge_judges_again);
  g_test_add_func ("/game-analysis/no-judge-is-the-first", test_no_judge_is_the_first);
  g_test_add_func ("/game-analysis/reopened-review-searches-nothing", test_reopened_review_searches_nothing);
  g_test_add_func ("/game-analysis/review-searches-only-new-decisions", test_review_searches_only_new_decisions);
  g_test_add_func ("/game-analysis/history-changed-drops-what-went", test_history_changed_drops_what_went);
  g_test_add_func ("/game-analysis/review-gives-back-only-the-history-kept",
                   test_review_gives_back_only_the_history_kept);
  g_test_add_func ("/game-analysis/file-without-analysis-opens", test_file_without_analysis_opens);
  g_test_add_func ("/game-analysis/malformed-analysis-dropped", test_malformed_analysis_dropped);
  g_test_add_func ("/game-analysis/malformed-decision-dropped", test_malformed_decision_dropped);
  g_test_add_func ("/game-analysis/newer-analysis-kept", test_newer_analysis_kept);
  g_test_add_func ("/game-analysis/mismatched-actions-ignored", test_mismatched_actions_ignored);
  g_test_add_func ("/game-analysis/print-doubles", test_print_doubles);
  return g_test_run ();
}
