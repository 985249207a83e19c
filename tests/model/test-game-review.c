/* test-game-review.c — IsleGameReview: a game's decisions judged on worker
 * threads, results in the main context as each finishes, the game left as
 * it was, cancelling and dropping it mid-way (issue 29). */
#include "config.h"

#include <string.h>
#ifdef __linux__
#include <errno.h>
#include <stdlib.h>
#include <sys/resource.h>
#endif

#include "isle-game-review.h"
#include "isle-review-browser.h"
#include "isle-model-test-util.h"

typedef struct
{
  GArray *seen;              /* indices, in the order they came */
  guint notified;
} Heard;

static void
on_move_reviewed (IsleGameReview *review, guint i, Heard *heard)
{
  (void) review;
  g_array_append_val (heard->seen, i);
}

static void
on_n_reviewed (IsleGameReview *review, GParamSpec *pspec, Heard *heard)
{
  (void) pspec;
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, heard->seen->len);
  heard->notified++;
}

/* Every decision judged once, by the seat that made it in the state it
 * was made in; a decision with one legal action is not judged; the
 * summaries count each judged decision of its seat; the game is where it
 * was. */
static void
test_judges_every_decision (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (24, 5);
  g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_FAST, 3);
  Heard heard = { g_array_new (FALSE, TRUE, sizeof (guint)), 0 };
  IsleState before = *isle_game_get_state (game);
  IsleReviewSummary summary[2];
  int judged = 0;

  g_assert_cmpuint (isle_game_review_get_n_moves (review), ==, 24);
  g_signal_connect (review, "move-reviewed", G_CALLBACK (on_move_reviewed), &heard);
  g_signal_connect (review, "notify::n-reviewed", G_CALLBACK (on_n_reviewed), &heard);
  isle_game_review_start (review);
  isle_test_run_review (review);
  g_assert_cmpuint (heard.seen->len, ==, 24);
  g_assert_cmpuint (heard.notified, >=, 1);
  g_assert_cmpuint (isle_game_review_get_n_reviewed (review), ==, 24);
  for (guint i = 0; i < 24; i++)
    {
      IsleReviewMove move;
      const IsleState *s = isle_game_review_get_state (review, i);
      guint times = 0;

      for (guint k = 0; k < heard.seen->len; k++)
        times += g_array_index (heard.seen, guint, k) == i;
      g_assert_cmpuint (times, ==, 1);
      g_assert_true (isle_game_review_get_move (review, i, &move));
      g_assert_true (memcmp (s, isle_game_get_state_at (game, i), sizeof *s) == 0);
      g_assert_cmpint (move.seat, ==, isle_state_to_move (s));
      g_assert_cmpuint (move.action, ==, isle_game_get_action (game, i));
      g_assert_true (isle_state_is_legal (s, move.best));
      g_assert_cmpint (move.label == ISLE_REVIEW_ONLY, ==, move.n_legal == 1);
      if (move.label != ISLE_REVIEW_ONLY)
        {
          g_assert_cmpfloat (move.before, >=, 0.0);
          g_assert_cmpfloat (move.before, <=, 1.0);
          g_assert_cmpfloat (move.after, >=, 0.0);
          g_assert_cmpfloat (move.after, <=, 1.0);
          judged++;
        }
    }
  isle_game_review_summarize (review, 0, &summary[0]);
  isle_game_review_summarize (review, 1, &summary[1]);
  g_assert_cmpint (summary[0].judged + summary[1].judged, ==, judged);
  g_assert_cmpuint (isle_game_get_position (game), ==, 24);
  g_assert_true (memcmp (&before, isle_game_get_state (game), sizeof before) == 0);
  g_array_unref (heard.seen);
}

/* The same seed, the same judgements, however the threads finish. */
static void
test_same_seed_same_judgements (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (12, 9);
  g_autoptr (IsleGameReview) a = isle_game_review_new (game, ISLE_REVIEW_FAST, 11);
  g_autoptr (IsleGameReview) b = isle_game_review_new (game, ISLE_REVIEW_FAST, 11);

  isle_game_review_start (a);
  isle_game_review_start (b);
  isle_test_run_review (a);
  isle_test_run_review (b);
  for (guint i = 0; i < 12; i++)
    {
      IsleReviewMove x, y;

      g_assert_true (isle_game_review_get_move (a, i, &x));
      g_assert_true (isle_game_review_get_move (b, i, &y));
      g_assert_cmpfloat (x.before, ==, y.before);
      g_assert_cmpfloat (x.after, ==, y.after);
      g_assert_cmpint (x.label, ==, y.label);
    }
}

static gboolean
quit_later (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
spin_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, quit_later, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Cancelled, a review says nothing more and is not finished; dropped
 * while its threads search, it stops them (no result reaches a review
 * gone, which ASan and the fatal criticals would catch). */
static void
test_cancel_and_drop (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (60, 2);
  IsleGameReview *review = isle_game_review_new (game, ISLE_REVIEW_DEEP, 1);
  Heard heard = { g_array_new (FALSE, TRUE, sizeof (guint)), 0 };
  guint said;

  g_signal_connect (review, "move-reviewed", G_CALLBACK (on_move_reviewed), &heard);
  isle_game_review_start (review);
  spin_ms (50);
  isle_game_review_cancel (review);
  g_assert_true (isle_game_review_get_cancelled (review));
  said = heard.seen->len;
  spin_ms (200);
  g_assert_cmpuint (heard.seen->len, ==, said);
  g_assert_false (isle_game_review_get_finished (review));
  g_assert_cmpuint (said, <, isle_game_review_get_n_moves (review));
  g_object_unref (review);

  review = isle_game_review_new (game, ISLE_REVIEW_DEEP, 1);
  isle_game_review_start (review);
  spin_ms (20);
  g_object_unref (review);
  spin_ms (100);
  g_array_unref (heard.seen);
}

#ifdef __linux__
/* The nice value of the thread TID of this process (proc(5): the 19th
 * field of its stat, after the command in brackets). */
static int
thread_nice (const char *tid)
{
  g_autofree char *path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (after = strrchr (text, ')')) == NULL)
    return G_MININT;
  fields = g_strsplit (after + 2, " ", 0);
  /* Field 3 (the state) is the first after the command. */
  return g_strv_length (fields) > 16 ? atoi (fields[16]) : G_MININT;
}

/* Whether a thread of this process other than the calling one runs at
 * the nice value NICE. */
static gboolean
a_thread_at (int nice)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  /* "PID/task/TID" */
  g_autofree char *link = g_file_read_link ("/proc/thread-self", NULL);
  g_autofree char *self = link != NULL ? g_path_get_basename (link) : NULL;
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    if (g_strcmp0 (tid, self) != 0 && thread_nice (tid) == nice)
      return TRUE;
  return FALSE;
}

/* The workers search below the thread that started the review, by 10
 * (at most 19), whatever its own nice value: a window started under
 * nice(1) still answers before its workers. Run in a subprocess, whose
 * raised nice value stays with it. */
static void
test_workers_below_the_window (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (IsleGame) game = isle_test_played_game (60, 2);
      g_autoptr (IsleGameReview) review = isle_game_review_new (game, ISLE_REVIEW_DEEP, 1);
      int window;
      gboolean seen = FALSE;

      errno = 0;
      window = getpriority (PRIO_PROCESS, 0);
      g_assert_cmpint (errno, ==, 0);
      /* Above the default, as nice(1) starts a program. */
      g_assert_cmpint (setpriority (PRIO_PROCESS, 0, MIN (window + 3, 19)), ==, 0);
      window = getpriority (PRIO_PROCESS, 0);
      isle_game_review_start (review);
      for (int i = 0; i < 200 && !seen; i++)
        {
          seen = a_thread_at (MIN (window + 10, 19));
          spin_ms (10);
        }
      isle_game_review_cancel (review);
      g_assert_true (seen);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}
#endif

/* ---- the browser: a review as a person goes through it ------------------- */

/* Steps go where they say and stop at the ends; the position is clamped
 * and notified once a change; the map after each decision is the
 * reviewed seat's view of it (R12), with the tiles the decision took
 * (R5); the browser keeps its own copy of the game. */
static void
test_browser_steps (void)
{
  IsleGame *game = isle_test_played_game (30, 7);
  g_autoptr (IsleReviewBrowser) browser = isle_review_browser_new (game, 0, ISLE_REVIEW_FAST);
  g_autofree IsleState *after = g_new (IsleState, 1);
  guint moved = 0;
  IsleBoard board;
  guint64 cells;
  int better;

  *after = *isle_game_get_state_at (game, 30);
  g_object_unref (game);
  g_signal_connect (browser, "notify::position", G_CALLBACK (isle_test_count_notify), &moved);
  g_assert_cmpuint (isle_review_browser_get_n_decisions (browser), ==, 30);
  /* It opens at the end, where the result is. */
  g_assert_cmpint (isle_review_browser_get_position (browser), ==, 29);
  g_assert_false (isle_review_browser_can_step (browser, ISLE_REVIEW_STEP_NEXT));
  g_assert_false (isle_review_browser_step (browser, ISLE_REVIEW_STEP_LAST));
  g_assert_cmpuint (moved, ==, 0);
  g_assert_true (isle_review_browser_step (browser, ISLE_REVIEW_STEP_FIRST));
  g_assert_cmpint (isle_review_browser_get_position (browser), ==, -1);
  g_assert_false (isle_review_browser_can_step (browser, ISLE_REVIEW_STEP_PREVIOUS));
  g_assert_true (isle_review_browser_step (browser, ISLE_REVIEW_STEP_NEXT));
  g_assert_cmpint (isle_review_browser_get_position (browser), ==, 0);
  g_assert_cmpuint (moved, ==, 2);
  isle_review_browser_set_position (browser, 100);
  g_assert_cmpint (isle_review_browser_get_position (browser), ==, 29);
  isle_review_browser_set_position (browser, 29);
  g_assert_cmpuint (moved, ==, 3);

  /* R4.2: the start of a Basic game is an empty map. */
  isle_review_browser_get_board (browser, -1, &board, &cells, &better);
  g_assert_cmphex (board.occupied, ==, 0);
  g_assert_cmphex (cells, ==, 0);
  g_assert_cmpint (better, ==, -1);
  /* R12: the last map as Red saw it, and what the last decision took. */
  isle_review_browser_get_board (browser, 29, &board, &cells, NULL);
  g_assert_cmphex (board.occupied, ==, after->board.occupied);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if ((after->board.face_down >> cell) & 1 && after->board.cells[cell].seat != 0)
      g_assert_cmpint (board.cells[cell].kind, ==, ISLE_KIND_UNKNOWN);
  g_assert_cmpstr (isle_review_browser_label_text (browser, 3), ==, "It is not judged yet.");
}

/* Once judged: each decision's chance is the reviewed side's (R11: a
 * seat's side), and after the only move the chance it stood at (a
 * whole game has some); Next Mistake finds the reviewed seat's first
 * mistake or blunder, whose better tile is drawn and whose description
 * says it in sentences; another seat reviewed relabels. */
static void
test_browser_judged (void)
{
  g_autoptr (IsleGame) game = isle_test_played_game (200, 11);
  g_autoptr (IsleReviewBrowser) browser = isle_review_browser_new (game, 0, ISLE_REVIEW_FAST);
  g_autofree char *first = NULL;
  int mistake = -1;
  guint seat_notified = 0, only = 0;

  isle_review_browser_start (browser);
  g_assert_true (isle_review_browser_get_running (browser));
  isle_test_run_review (isle_review_browser_get_review (browser));
  g_assert_false (isle_review_browser_get_running (browser));
  g_assert_cmpuint (isle_review_browser_get_n_judged (browser), ==, isle_review_browser_get_n_decisions (browser));
  for (guint i = 0; i < isle_review_browser_get_n_decisions (browser); i++)
    {
      IsleReviewDecision d;

      isle_review_browser_get_decision (browser, i, &d);
      g_assert_true (d.judged);
      g_assert_cmpint (d.reviewed, ==, d.seat == 0);
      if (d.move.label == ISLE_REVIEW_ONLY)
        {
          IsleReviewDecision before;

          /* Nothing measured: the chance stands where it was, never
           * outside 0 to 1. */
          g_assert_cmpfloat (d.move.after, <, 0);
          if (i > 0)
            {
              isle_review_browser_get_decision (browser, i - 1, &before);
              g_assert_cmpfloat (d.chance, ==, before.chance);
            }
          g_assert_cmpfloat (d.chance, <=, 1);
          only++;
          continue;
        }
      g_assert_cmpfloat (d.chance, ==, d.side == ISLE_SIDE_RED ? d.move.after : 1 - d.move.after);
      if (mistake < 0 && d.reviewed && d.move.label >= ISLE_REVIEW_MISTAKE)
        mistake = (int) i;
    }
  /* Random decisions make mistakes; R4.2: the last pile of the opening
   * hand is taken with no choice. */
  g_assert_cmpint (mistake, >=, 0);
  g_assert_cmpuint (only, >, 0);
  isle_review_browser_set_position (browser, -1);
  g_assert_true (isle_review_browser_step (browser, ISLE_REVIEW_STEP_NEXT_MISTAKE));
  g_assert_cmpint (isle_review_browser_get_position (browser), ==, mistake);
  {
    IsleReviewDecision d;
    IsleBoard board;
    int better;
    g_autofree char *said = isle_review_browser_dup_description (browser, mistake);
    g_autofree char *reason = isle_review_browser_dup_reason (browser, (guint) mistake);

    isle_review_browser_get_decision (browser, (guint) mistake, &d);
    isle_review_browser_get_board (browser, mistake, &board, NULL, &better);
    g_assert_cmpint (better, ==, isle_action_cell (d.move.best) < ISLE_N_CELLS ? (int) isle_action_cell (d.move.best) : -1);
    g_assert_nonnull (reason);
    g_assert_true (g_str_has_prefix (said, "Decision "));
    g_assert_nonnull (strstr (said, reason));
  }
  first = isle_review_browser_dup_description (browser, -1);
  g_assert_cmpstr (first, ==, "The start of the game.");
  g_signal_connect (browser, "notify::seat", G_CALLBACK (isle_test_count_notify), &seat_notified);
  isle_review_browser_set_seat (browser, 1);
  isle_review_browser_set_seat (browser, 1);
  g_assert_cmpuint (seat_notified, ==, 1);
  for (guint i = 0; i < isle_review_browser_get_n_decisions (browser); i++)
    {
      IsleReviewDecision d;

      isle_review_browser_get_decision (browser, i, &d);
      g_assert_cmpint (d.reviewed, ==, d.seat == 1);
      if (d.move.label != ISLE_REVIEW_ONLY)
        g_assert_cmpfloat (d.chance, ==, d.side == ISLE_SIDE_BLUE ? d.move.after : 1 - d.move.after);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-review/judges-every-decision", test_judges_every_decision);
  g_test_add_func ("/game-review/same-seed-same-judgements", test_same_seed_same_judgements);
  g_test_add_func ("/game-review/cancel-and-drop", test_cancel_and_drop);
#ifdef __linux__
  g_test_add_func ("/game-review/workers-below-the-window", test_workers_below_the_window);
#endif
  g_test_add_func ("/game-review/browser-steps", test_browser_steps);
  g_test_add_func ("/game-review/browser-judged", test_browser_judged);
  return g_test_run ();
}
