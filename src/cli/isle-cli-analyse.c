/* isle-cli-analyse.c — `critter-isle-cli analyse FILE`: a saved game, a
 * `.isle` file or a `play --json` record reviewed decision by decision
 * (issue 29): each decision's chance to win before and after, its label
 * and the best action, then each seat's tally and accuracy. The review is
 * the app's (isle-game-review.h), on every core: the decisions the file's
 * stored analysis judged at the same depth and seed are taken from it,
 * not searched again. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-game-review.h"
#include "isle-review-words.h"
#include "isle-saved-game.h"

#define ANALYSIS_FORMAT "critter-isle-analysis"
#define ANALYSIS_VERSION 1

static const char *
seat_id (const IsleState *s, int seat)
{
  static const char *const two[] = { "red", "blue" };
  static const char *const four[] = { "red1", "blue1", "red2", "blue2" };

  return s->n_seats > 2 ? four[seat] : two[seat];
}

/* The seat SPEC names in S (its id or its number), or -1. */
static int
parse_seat (const IsleState *s, const char *spec)
{
  guint64 n;

  for (int seat = 0; seat < s->n_seats; seat++)
    if (g_ascii_strcasecmp (spec, seat_id (s, seat)) == 0)
      return seat;
  if (g_ascii_string_to_unsigned (spec, 10, 0, (guint64) s->n_seats - 1, &n, NULL))
    return (int) n;
  return -1;
}

static const char *
label_text (IsleReviewLabel label)
{
  switch (label)
    {
    case ISLE_REVIEW_ONLY:
      return _("only move");
    case ISLE_REVIEW_BEST:
      return _("best");
    case ISLE_REVIEW_GOOD:
      return _("good");
    case ISLE_REVIEW_INACCURACY:
      return _("inaccuracy");
    case ISLE_REVIEW_MISTAKE:
      return _("mistake");
    case ISLE_REVIEW_BLUNDER:
    default:
      return _("blunder");
    }
}

/* The game in the file PATH: a saved game or scenario, or a `play --json`
 * record (isle_saved_game_load_data_with_warning() reads each); NULL
 * having said why not. */
static IsleGame *
load_game (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *warning = NULL;
  const char *name = isle_cli_input_name (path);
  IsleGame *game;
  gsize length;

  if (!isle_cli_read_input (path, &text, &length, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return NULL;
    }
  game = isle_saved_game_load_data_with_warning (text, (gssize) length, name, &warning, &error);
  if (game == NULL)
    g_printerr ("critter-isle-cli: %s\n", error->message);
  else if (warning != NULL)
    /* Translators: the problems of a file's stored analysis, one a line,
     * each naming the file and the field. */
    g_printerr (_("critter-isle-cli: the stored analysis is left out and searched again:\n%s\n"), warning);
  return game;
}

static void
on_finished (IsleGameReview *review, GParamSpec *pspec, GMainLoop *loop)
{
  (void) pspec;
  if (isle_game_review_get_finished (review))
    g_main_loop_quit (loop);
}

static void
print_text (IsleGameReview *review, int only_seat)
{
  char action[64], best[64];

  for (guint i = 0; i < isle_game_review_get_n_moves (review); i++)
    {
      const IsleState *s = isle_game_review_get_state (review, i);
      IsleReviewMove m;

      if (!isle_game_review_get_move (review, i, &m) || (only_seat >= 0 && m.seat != only_seat))
        continue;
      isle_action_format (s, m.action, action);
      if (m.label == ISLE_REVIEW_ONLY)
        /* Translators: one decision of a game review: its number, round,
         * seat ("red", "blue"), the action as the engine writes it, and
         * that it was the only legal one. */
        printf (_("%u. Round %d, %s: %s — only move\n"), i + 1, m.round, seat_id (s, m.seat), action);
      else if (lround (m.points) >= 1)
        /* Translators: one decision of a game review: its number, round,
         * seat ("red", "blue"), the action, its label ("mistake"), the
         * seat's chance to win with the best action and with this one
         * (percent), the points (coins in the mercenary games) it gave
         * away by the round's end, and the best action. */
        printf (ngettext ("%u. Round %d, %s: %s — %s (%.0f%% → %.0f%%, %ld point given away), best: %s\n",
                          "%u. Round %d, %s: %s — %s (%.0f%% → %.0f%%, %ld points given away), best: %s\n",
                          (gulong) lround (m.points)),
                i + 1, m.round, seat_id (s, m.seat), action, label_text (m.label), 100.0 * m.before,
                100.0 * m.after, lround (m.points), isle_action_format (s, m.best, best));
      else
        /* Translators: one decision of a game review: its number, round,
         * seat ("red", "blue"), the action, its label ("mistake"), the
         * seat's chance to win with the best action and with this one
         * (percent), and the best action. */
        printf (_("%u. Round %d, %s: %s — %s (%.0f%% → %.0f%%), best: %s\n"), i + 1, m.round,
                seat_id (s, m.seat), action, label_text (m.label), 100.0 * m.before, 100.0 * m.after,
                isle_action_format (s, m.best, best));
      {
        g_autofree char *reason = isle_review_words_reason (s, &m);

        if (reason != NULL)
          printf ("   %s\n", reason);
      }
    }
  for (int seat = 0; seat < isle_game_review_get_state (review, 0)->n_seats; seat++)
    {
      IsleReviewSummary sum;

      if (only_seat >= 0 && seat != only_seat)
        continue;
      isle_game_review_summarize (review, seat, &sum);
      /* Translators: a seat's tally in a game review: "red: accuracy
       * 87.5; best 10, good 4, inaccuracies 3, mistakes 2, blunders 1". */
      printf (_("%s: accuracy %.1f; best %d, good %d, inaccuracies %d, mistakes %d, blunders %d\n"),
              seat_id (isle_game_review_get_state (review, 0), seat), sum.accuracy,
              sum.counts[ISLE_REVIEW_BEST], sum.counts[ISLE_REVIEW_GOOD],
              sum.counts[ISLE_REVIEW_INACCURACY], sum.counts[ISLE_REVIEW_MISTAKE],
              sum.counts[ISLE_REVIEW_BLUNDER]);
    }
}

static void
print_json (IsleGameReview *review, int only_seat, guint64 seed)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  const IsleState *first = isle_game_review_get_state (review, 0);
  char text[64];

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, ANALYSIS_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, ANALYSIS_VERSION);
  json_builder_set_member_name (b, "depth");
  json_builder_add_string_value (b, isle_game_analysis_depth_id (isle_game_review_get_depth (review)));
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) seed);
  json_builder_set_member_name (b, "decisions");
  json_builder_begin_array (b);
  for (guint i = 0; i < isle_game_review_get_n_moves (review); i++)
    {
      const IsleState *s = isle_game_review_get_state (review, i);
      IsleReviewMove m;

      if (!isle_game_review_get_move (review, i, &m) || (only_seat >= 0 && m.seat != only_seat))
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, i);
      json_builder_set_member_name (b, "round");
      json_builder_add_int_value (b, m.round);
      json_builder_set_member_name (b, "seat");
      json_builder_add_string_value (b, seat_id (s, m.seat));
      json_builder_set_member_name (b, "action");
      json_builder_add_string_value (b, isle_action_format (s, m.action, text));
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, isle_game_analysis_label_id (m.label));
      json_builder_set_member_name (b, "legal");
      json_builder_add_int_value (b, m.n_legal);
      if (m.label != ISLE_REVIEW_ONLY)
        {
          json_builder_set_member_name (b, "before");
          json_builder_add_double_value (b, m.before);
          json_builder_set_member_name (b, "after");
          json_builder_add_double_value (b, m.after);
          json_builder_set_member_name (b, "points");
          json_builder_add_double_value (b, m.points);
          json_builder_set_member_name (b, "best");
          json_builder_add_string_value (b, isle_action_format (s, m.best, text));
          json_builder_set_member_name (b, "visits");
          json_builder_add_int_value (b, m.visits);
        }
      {
        g_autofree char *reason = isle_review_words_reason (s, &m);

        if (reason != NULL)
          {
            json_builder_set_member_name (b, "reason");
            json_builder_add_string_value (b, reason);
          }
      }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (int seat = 0; seat < first->n_seats; seat++)
    {
      IsleReviewSummary sum;

      if (only_seat >= 0 && seat != only_seat)
        continue;
      isle_game_review_summarize (review, seat, &sum);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "seat");
      json_builder_add_string_value (b, seat_id (first, seat));
      json_builder_set_member_name (b, "accuracy");
      json_builder_add_double_value (b, sum.accuracy);
      for (int label = 0; label < ISLE_REVIEW_N_LABELS; label++)
        {
          json_builder_set_member_name (b, isle_game_analysis_label_id (label));
          json_builder_add_int_value (b, sum.counts[label]);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  isle_cli_print_json (b, TRUE);
}

int
isle_cli_analyse (int argc, char **argv)
{
  g_autofree char *seat_text = NULL;
  g_autofree char *depth_text = NULL;
  gint64 seed = -1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_STRING, &seat_text, N_("Only the decisions of seat S (red, blue; red1 … blue2 in a team game; or its number)"), N_("S") },
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_text, N_("How hard each decision is searched: fast, normal (the default) or deep"), N_("DEPTH") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Chance drawn from N (default: from the game's own, as the app's review): the same seed, the same review"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the review as JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("FILE — review a game decision by decision"));
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleGameReview) review = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  IsleReviewDepth depth = ISLE_REVIEW_NORMAL;
  int seat = -1;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("FILE is a saved game, a .isle file or a record of “play --json”. Each decision is searched "
      "from what its player could see then, and labelled by the chance to win it gave away, or by "
      "the points when it gave away two or more: best, good, inaccuracy, mistake or blunder."));
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (argc != 2)
    {
      g_printerr ("%s\n", _("critter-isle-cli analyse: expected one game file"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (depth_text != NULL)
    {
      int id = isle_game_analysis_depth_from_id (depth_text);

      if (id < 0)
        {
          g_printerr (_("critter-isle-cli analyse: --depth “%s”: expected fast, normal or deep\n"), depth_text);
          return ISLE_CLI_CANNOT_RUN;
        }
      depth = (IsleReviewDepth) id;
    }
  if ((game = load_game (argv[1])) == NULL)
    return ISLE_CLI_CANNOT_RUN;
  if (seat_text != NULL && (seat = parse_seat (isle_game_get_state (game), seat_text)) < 0)
    {
      g_printerr (_("critter-isle-cli analyse: --seat “%s”: expected a seat of the game (%s)\n"), seat_text,
                  isle_game_get_state (game)->n_seats > 2 ? "red1, blue1, red2, blue2" : "red, blue");
      return ISLE_CLI_CANNOT_RUN;
    }
  if (isle_game_get_position (game) == 0)
    {
      g_printerr (_("critter-isle-cli analyse: %s: the game has no decision to review\n"),
                  isle_cli_input_name (argv[1]));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (seed < 0)
    seed = (gint64) isle_game_review_seed (game);
  review = isle_game_review_new (game, depth, (guint64) seed);
  loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (review, "notify::finished", G_CALLBACK (on_finished), loop);
  isle_game_review_start (review);
  if (!isle_game_review_get_finished (review))
    g_main_loop_run (loop);
  if (json)
    print_json (review, seat, (guint64) seed);
  else
    print_text (review, seat);
  return ISLE_CLI_OK;
}
