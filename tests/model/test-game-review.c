/* test-game-review.c — IsleGameReview: a game's decisions judged on worker
 * threads, results in the main context as each finishes, the game left as
 * it was, cancelling and dropping it mid-way (issue 29). */
#include "config.h"

#include <string.h>

#include "isle-game-review.h"
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-review/judges-every-decision", test_judges_every_decision);
  g_test_add_func ("/game-review/same-seed-same-judgements", test_same_seed_same_judgements);
  g_test_add_func ("/game-review/cancel-and-drop", test_cancel_and_drop);
  return g_test_run ();
}
