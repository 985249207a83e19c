/* test-results.c — round and game results a player reads at leisure,
 * driven through real input (XTest): the round review stays until Next
 * Round, a line clicked lights exactly its tiles (R7.5), a Foggy last
 * round is shown face up at the game's end (R6.4, R12), the verdict names
 * coins in a Mercenary game (R9.4), and the results table opens from the
 * menu's action and from the log with a row per round, and closes with
 * Escape.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "isle-accessible.h"
#include "isle-application.h"
#include "isle-board-view.h"
#include "isle-game-page.h"
#include "isle-match.h"
#include "isle-results.h"
#include "isle-game-analysis.h"
#include "isle-review-chart.h"
#include "isle-progress-bar.h"
#include "isle-review-window.h"
#include "isle-round-review.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"

#define BIT(cell) (UINT64_C (1) << (cell))

/* A window playing GAME (saved to a file and opened, as a person would). */
static IsleWindow *
window_with_game (IsleGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-results-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  IsleWindow *window = isle_window_new (NULL);

  g_assert_no_error (error);
  g_assert_true (isle_saved_game_save (game, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  isle_window_open_file (window, file);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (100);
  g_remove (path);
  g_rmdir (dir);
  return window;
}

static IsleGame *
new_game (IsleVariant variant, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  IsleGame *game;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, variant, 0, seed, &error);
  g_assert_no_error (error);
  return game;
}

/* Random decisions for both seats, applied at once (no computer gets its
 * turn in between), while KEEP_GOING says so. */
static void
play_while (IsleGame *game, IsleRng *rng, gboolean (*keep_going) (const IsleState *s))
{
  while (!isle_state_is_terminal (isle_game_get_state (game)) && keep_going (isle_game_get_state (game)))
    {
      IsleState copy = *isle_game_get_state (game);

      g_assert_true (isle_game_apply (game, isle_state_sample_action (&copy, rng), NULL));
    }
}

static gboolean
in_round_1 (const IsleState *s)
{
  return s->round == 1;
}

/* Not at the last decision of the game yet. */
static gboolean
before_last_decision (const IsleState *s)
{
  /* The last round's last placement: every tile but one full, no fog. */
  return !(s->round == s->n_rounds && s->phase == ISLE_PHASE_PLACE
           && __builtin_popcountll (s->board.occupied) == ISLE_N_CELLS - 1 && s->board.fog == 0);
}

static gboolean
activates (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static IsleGamePage *
game_page (IsleWindow *window)
{
  return ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_GAME_PAGE));
}

static IsleRoundReview *
round_review (IsleWindow *window)
{
  return ISLE_ROUND_REVIEW (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_ROUND_REVIEW));
}

static void
wait_until_lines_shown (IsleWindow *window)
{
  for (int i = 0; i < 400 && isle_round_review_get_stepping (round_review (window)); i++)
    isle_ui_test_wait_ms (25);
  g_assert_false (isle_round_review_get_stepping (round_review (window)));
  isle_ui_test_wait_ms (50);
}

/* The review's row of line I. */
static GtkWidget *
line_row (IsleWindow *window, int i)
{
  GtkListBox *lines = GTK_LIST_BOX (isle_ui_test_find_type (GTK_WIDGET (round_review (window)), GTK_TYPE_LIST_BOX));

  return GTK_WIDGET (gtk_list_box_get_row_at_index (lines, i));
}

static uint64_t
line_cells (const IsleLineScore *line)
{
  uint64_t cells = 0;

  for (int i = 0; i < line->length; i++)
    cells |= BIT (line->cells[i]);
  return cells;
}

/* R7.5: the review of round 1 waits for the player, well past the old
 * pause; a line clicked lights exactly its tiles, and stays lit when the
 * pointer goes; Return on Next Round plays on. */
static void
test_review_stays_and_lights_clicked_line (void)
{
  g_autoptr (IsleGame) game = new_game (ISLE_VARIANT_BASIC, 21);
  IsleWindow *window = window_with_game (game);
  IsleMatch *match = isle_window_get_match (window);
  IsleBoardView *board;
  IsleScore score;
  int32_t totals[ISLE_N_SIDES];
  IsleRng rng;
  GtkWidget *next;
  int side = -1;

  g_set_object (&game, isle_window_get_game (window));
  isle_game_page_set_line_step (game_page (window), 40);
  isle_rng_seed (&rng, 21);
  play_while (game, &rng, in_round_1);
  isle_ui_test_wait_ms (100);
  g_assert_true (isle_game_page_get_reviewing (game_page (window)));
  wait_until_lines_shown (window);
  /* Well past the 3 × 700 ms after which the review used to end. */
  isle_ui_test_wait_ms (3500);
  g_assert_true (isle_game_page_get_reviewing (game_page (window)));
  g_assert_true (isle_match_get_held (match));
  g_assert_cmpint (isle_game_get_state (game)->round, ==, 2);

  isle_board_score (&isle_game_get_state (game)->scored_board, isle_game_get_state (game)->rules.line_score,
                    totals, &score);
  g_assert_cmpint (score.n_lines, >=, 2);
  board = isle_game_page_get_board (game_page (window));
  /* The steps are over: no line is lit. */
  g_assert_cmpuint (isle_board_view_get_highlight (board, NULL), ==, 0);
  for (int i = score.n_lines - 1; i >= 0; i -= score.n_lines - 1)
    {
      g_assert_true (isle_ui_input_click (line_row (window, i), 0.5, 0.5));
      isle_ui_test_wait_ms (100);
      g_assert_cmphex (isle_board_view_get_highlight (board, &side), ==, line_cells (&score.lines[i]));
      g_assert_cmpint (side, ==, score.lines[i].colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE);
      if (i == 0)
        break;
    }
  /* The pointer leaves for the board: the line clicked stays lit. */
  g_assert_true (isle_ui_input_click (GTK_WIDGET (board), 0.02, 0.02));
  isle_ui_test_wait_ms (100);
  g_assert_cmphex (isle_board_view_get_highlight (board, NULL), ==, line_cells (&score.lines[0]));

  /* Return on Next Round goes on. */
  next = isle_ui_test_find (GTK_WIDGET (window), activates, "review.next-round");
  g_assert_nonnull (next);
  gtk_widget_grab_focus (next);
  g_assert_true (isle_ui_input_key (GDK_KEY_Return, 0));
  isle_ui_test_wait_ms (100);
  g_assert_false (isle_game_page_get_reviewing (game_page (window)));
  g_assert_cmpuint (isle_board_view_get_highlight (board, NULL), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The label showing TEXT in ROOT, waited for (the side panel follows the
 * board a frame later), or NULL. */
static GtkLabel *
wait_for_label (GtkWidget *root, const char *text)
{
  for (int i = 0; i < 200; i++)
    {
      GtkLabel *label = isle_ui_test_find_label (root, text);

      if (label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label)))
        return label;
      isle_ui_test_wait_ms (25);
    }
  return NULL;
}

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The results table shown, or NULL: a window of its own, or from
 * libadwaita 1.5 a dialog over MAIN_WINDOW. */
static GtkWidget *
results_window (IsleWindow *main_window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WIDGET (main_window) && gtk_widget_get_visible (window)
          && isle_ui_test_find (window, is_named, "results-table") != NULL)
        return window;
    }
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (main_window));

    if (dialog != NULL && isle_ui_test_find (GTK_WIDGET (dialog), is_named, "results-table") != NULL)
      return GTK_WIDGET (dialog);
  }
#endif
  return NULL;
}

/* Rows of the results table: its heading, a row per round, the totals. */
static int
table_rows (GtkWidget *dialog)
{
  GtkGrid *grid = GTK_GRID (isle_ui_test_find (dialog, is_named, "results-table"));
  int rows = 0;

  while (gtk_grid_get_child_at (grid, 0, rows) != NULL)
    rows++;
  return rows;
}

/* Escape in the window that holds DIALOG closes it (a dialog over the
 * main window goes once it has faded out). */
static void
close_with_escape (IsleWindow *main_window, GtkWidget *dialog)
{
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (gtk_widget_get_root (dialog))));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  for (int i = 0; i < 40 && results_window (main_window) != NULL; i++)
    isle_ui_test_wait_ms (25);
  g_assert_null (results_window (main_window));
}

static gboolean
is_round_log_row (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading")
         && gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX) != NULL
         && gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW) != NULL
         && gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW)));
}

/* Plays a game of VARIANT from SEED to its last decision in the window,
 * the last decision by the window's game (as a move is applied). */
static IsleWindow *
window_at_game_end (IsleVariant variant, guint64 seed, gboolean (*last_round_ok) (const IsleState *s))
{
  for (;; seed++)
    {
      g_autoptr (IsleGame) game = new_game (variant, seed);
      IsleWindow *window;
      IsleRng rng;
      IsleState copy;

      isle_rng_seed (&rng, seed);
      play_while (game, &rng, before_last_decision);
      if (isle_state_is_terminal (isle_game_get_state (game)) || !last_round_ok (isle_game_get_state (game)))
        continue;
      window = window_with_game (game);
      g_set_object (&game, isle_window_get_game (window));
      isle_game_page_set_line_step (game_page (window), 20);
      copy = *isle_game_get_state (game);
      g_assert_true (isle_game_apply (game, isle_state_sample_action (&copy, &rng), NULL));
      if (!isle_state_is_terminal (isle_game_get_state (game)))
        {
          /* A Mercenary tie to play again (R9.4): another seed. */
          gtk_window_destroy (GTK_WINDOW (window));
          continue;
        }
      isle_ui_test_wait_ms (200);
      return window;
    }
}

static gboolean
foggy_with_face_down (const IsleState *s)
{
  return s->weather == ISLE_WEATHER_FOGGY && s->board.face_down != 0;
}

static gboolean
any_round (const IsleState *s)
{
  (void) s;
  return TRUE;
}

/* R6.4, R7.5, R12: at a Weather game's end whose last round is Foggy,
 * every token of the shown board is face up (the scored board), under the
 * verdict. */
static void
test_r6_4_foggy_last_round_revealed (void)
{
  IsleWindow *window = window_at_game_end (ISLE_VARIANT_WEATHER, 1, foggy_with_face_down);
  IsleGame *game = isle_window_get_game (window);
  const IsleBoard *shown = isle_board_view_get_board (isle_game_page_get_board (game_page (window)));
  IsleResults results;
  g_autofree char *verdict = NULL;
  int face_down = 0;

  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      g_assert_cmpint (shown->cells[cell].kind, !=, ISLE_KIND_UNKNOWN);
      g_assert_cmpint (shown->cells[cell].kind, !=, ISLE_KIND_NONE);
      /* R7.5: turned face up, drawn as such. */
      g_assert_false (shown->cells[cell].flags & ISLE_CELL_FACE_DOWN);
      face_down += (isle_game_get_state (game)->scored_board.cells[cell].flags & ISLE_CELL_FACE_DOWN) != 0;
    }
  /* Tokens did lie face down in the last round, and are shown. */
  g_assert_cmpint (face_down, >, 0);
  isle_results_compute (game, &results);
  verdict = isle_results_verdict (&results, ISLE_SIDE_RED);
  g_assert_nonnull (wait_for_label (GTK_WIDGET (window), verdict));
  g_assert_nonnull (strstr (verdict, "points"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R9.4: a Mercenary verdict names coins, in the review and the subtitle;
 * the results table opens from win.results (the main menu's item) and
 * from a round's row of the log, with a row per round, and Escape closes
 * it. */
static void
test_r9_4_coins_verdict_and_results_table (void)
{
  IsleWindow *window = window_at_game_end (ISLE_VARIANT_MERCENARY, 3, any_round);
  IsleGame *game = isle_window_get_game (window);
  IsleResults results;
  g_autofree char *verdict = NULL;
  GtkWidget *dialog;
  GtkWidget *log_row;

  isle_results_compute (game, &results);
  g_assert_cmpint (results.n_rounds, ==, isle_game_get_state (game)->n_rounds);
  verdict = isle_results_verdict (&results, ISLE_SIDE_RED);
  g_test_message ("verdict: %s", verdict);
  g_assert_true (strstr (verdict, "coins") != NULL);
  g_assert_nonnull (wait_for_label (GTK_WIDGET (window), verdict));
  g_assert_nonnull (strstr (isle_game_page_get_status (game_page (window)), "coins"));
  g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (window), activates, "win.results"));

  /* The menu's item. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.results", NULL));
  isle_ui_test_wait_ms (200);
  dialog = results_window (window);
  g_assert_nonnull (dialog);
  g_assert_cmpint (table_rows (dialog), ==, results.n_rounds + 2);
  g_assert_nonnull (wait_for_label (dialog, verdict));
  close_with_escape (window, dialog);

  /* A round's row of the log, clicked. */
  log_row = isle_ui_test_find (GTK_WIDGET (window), is_round_log_row, NULL);
  g_assert_nonnull (log_row);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  /* The log is at the foot of the side panel: the wheel brings it up. */
  g_assert_true (isle_ui_input_scroll (gtk_widget_get_ancestor (gtk_widget_get_parent (GTK_WIDGET (gtk_widget_get_ancestor (log_row, GTK_TYPE_LIST_BOX))),
                                                                GTK_TYPE_SCROLLED_WINDOW), 30));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_click (log_row, 0.3, 0.5));
  isle_ui_test_wait_ms (200);
  dialog = results_window (window);
  g_assert_nonnull (dialog);
  g_assert_cmpint (table_rows (dialog), ==, results.n_rounds + 2);
  close_with_escape (window, dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window playing a game of VARIANT from SEED, its first round played
 * to its end by random decisions, WIDTH × HEIGHT, the review's lines all
 * shown. */
static IsleWindow *
window_at_round_1_end (IsleVariant variant, guint64 seed, int width, int height)
{
  g_autoptr (IsleGame) game = new_game (variant, seed);
  IsleWindow *window = window_with_game (game);
  IsleRng rng;

  g_set_object (&game, isle_window_get_game (window));
  isle_ui_input_resize (GTK_WINDOW (window), width, height);
  isle_game_page_set_line_step (game_page (window), 20);
  isle_rng_seed (&rng, seed);
  play_while (game, &rng, in_round_1);
  isle_ui_test_wait_ms (100);
  g_assert_true (isle_game_page_get_reviewing (game_page (window)));
  wait_until_lines_shown (window);
  return window;
}

/* R7.5: at 800×600, after a Weather round with its lines listed, Next
 * Round (above the lines) is in sight without scrolling, and goes on. */
static void
test_r7_5_next_round_in_sight (void)
{
  IsleWindow *window = window_at_round_1_end (ISLE_VARIANT_WEATHER, 8, 800, 600);
  GtkWidget *next = isle_ui_test_find (GTK_WIDGET (window), activates, "review.next-round");

  g_assert_nonnull (next);
  g_assert_true (isle_ui_test_in_sight (next));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "next-round-800x600");
  g_assert_true (isle_ui_input_click (next, 0.5, 0.5));
  isle_ui_test_wait_ms (100);
  g_assert_false (isle_game_page_get_reviewing (game_page (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R6.1, R9.3: at a Mercenary round 1's end and through round 2's hiring,
 * the panel names no weather for round 2: its card is not kept yet. */
static void
test_r6_1_weather_named_once_kept (void)
{
  IsleWindow *window = window_at_round_1_end (ISLE_VARIANT_MERCENARY, 4, 1000, 700);
  IsleGame *game = isle_window_get_game (window);
  GtkWidget *next = isle_ui_test_find (GTK_WIDGET (window), activates, "review.next-round");

  g_assert_cmpint (isle_game_get_state (game)->phase, ==, ISLE_PHASE_HIRE);
  g_assert_true (isle_ui_input_click (next, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  g_assert_cmpint (isle_game_get_state (game)->phase, ==, ISLE_PHASE_HIRE);
  g_assert_nonnull (wait_for_label (GTK_WIDGET (window), "2 of 4"));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "weather-not-named-while-hiring");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R7.5: the lines drawn on the map belong to the position: Undo (the
 * header bar's button, as Ctrl+Z) from a finished game leaves no line over
 * the tiles the undo emptied, and the round's review goes with them; the
 * same for a finished game saved and opened again. */
static void
assert_undo_clears_lines (IsleWindow *window)
{
  IsleBoardView *board = isle_game_page_get_board (game_page (window));
  IsleGame *game = isle_window_get_game (window);
  GtkWidget *undo;

  wait_until_lines_shown (window);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  /* The lines are drawn in one after another, once the tiles are still. */
  for (int i = 0; i < 200 && isle_board_view_get_n_lines_drawn (board) == 0; i++)
    isle_ui_test_wait_ms (25);
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (board), >, 0);
  undo = isle_ui_test_find (GTK_WIDGET (window), activates, "win.undo");
  g_assert_nonnull (undo);
  g_assert_true (gtk_widget_is_sensitive (undo));
  g_assert_true (isle_ui_input_click (undo, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  g_assert_false (isle_state_is_terminal (isle_game_get_state (game)));
  g_assert_cmpint (isle_board_view_get_n_lines_drawn (board), ==, 0);
  g_assert_cmphex (isle_board_view_get_board (board)->occupied, ==, isle_game_get_state (game)->board.occupied);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (round_review (window))));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "undo-after-the-end");
}

static void
test_r7_5_undo_leaves_no_lines (void)
{
  IsleWindow *window = window_at_game_end (ISLE_VARIANT_BASIC, 3, any_round);
  g_autoptr (IsleGame) finished = g_object_ref (isle_window_get_game (window));
  IsleWindow *reopened;

  g_autoptr (IsleGame) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-results-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "finished.isle", NULL);

  /* The finished game, kept to be opened again. */
  g_assert_true (isle_state_is_terminal (isle_game_get_state (finished)));
  g_assert_true (isle_saved_game_save (finished, path, &error));
  g_assert_no_error (error);
  assert_undo_clears_lines (window);
  gtk_window_destroy (GTK_WINDOW (window));
  copy = isle_saved_game_load (path, &error);
  g_assert_no_error (error);
  g_remove (path);
  g_rmdir (dir);
  reopened = window_with_game (copy);
  assert_undo_clears_lines (reopened);
  gtk_window_destroy (GTK_WINDOW (reopened));
}

static gboolean
no_line_yet_for_red (const IsleState *s)
{
  IsleObservation obs;
  int32_t totals[ISLE_N_SIDES];

  isle_state_observe (s, 0, &obs);
  isle_board_score (&obs.view.board, s->rules.line_score, totals, NULL);
  return s->round == 1 && (totals[ISLE_SIDE_RED] == 0 || s->phase != ISLE_PHASE_PLACE || s->to_move != 0);
}

/* R7: while a round is played the points read as the map stands, the
 * lines Red can see counted, not 0 · 0 until the round is scored. */
static void
test_r7_live_score (void)
{
  g_autoptr (IsleGame) game = new_game (ISLE_VARIANT_BASIC, 5);
  IsleWindow *window = window_with_game (game);
  g_autofree char *expected = NULL;
  IsleObservation obs;
  int32_t totals[ISLE_N_SIDES];
  IsleRng rng;

  g_set_object (&game, isle_window_get_game (window));
  isle_rng_seed (&rng, 5);
  play_while (game, &rng, no_line_yet_for_red);
  g_assert_cmpint (isle_game_get_state (game)->round, ==, 1);
  isle_state_observe (isle_game_get_state (game), 0, &obs);
  isle_board_score (&obs.view.board, obs.view.rules.line_score, totals, NULL);
  g_assert_cmpint (totals[ISLE_SIDE_RED], >, 0);
  expected = g_strdup_printf ("Red %d · Blue %d", totals[ISLE_SIDE_RED], totals[ISLE_SIDE_BLUE]);
  g_assert_nonnull (wait_for_label (GTK_WIDGET (window), expected));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "live-score");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the game review (issue 29) ------------------------------------------ */

/* The game review shown, or NULL. */
static IsleReviewWindow *
review_window (void)
{
  return (IsleReviewWindow *) isle_ui_test_find_dialog (ISLE_TYPE_REVIEW_WINDOW);
}

/* The review shown has judged every decision (and stopped). */
static gboolean
review_done (void)
{
  IsleReviewWindow *review = review_window ();
  IsleReviewBrowser *browser = review != NULL ? isle_review_window_get_browser (review) : NULL;

  return browser != NULL && !isle_review_browser_get_running (browser)
         && isle_review_browser_get_n_judged (browser) == isle_review_browser_get_n_decisions (browser);
}

/* A label whose text starts with PREFIX. */
static gboolean
label_starts (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

static const char *review_progress (void);

static gboolean
review_progress_shown (void)
{
  return review_progress () != NULL;
}

/* The text over the review's progress bar, or NULL when it is hidden. */
static const char *
review_progress (void)
{
  IsleReviewWindow *review = review_window ();
  GtkWidget *bar = review != NULL ? isle_ui_test_find_type (GTK_WIDGET (review), ISLE_TYPE_PROGRESS_BAR) : NULL;
  GtkWidget *text = bar != NULL ? gtk_widget_get_prev_sibling (bar) : NULL;

  return GTK_IS_INSCRIPTION (text) && gtk_widget_is_visible (text) ? gtk_inscription_get_text (GTK_INSCRIPTION (text)) : NULL;
}

/* The first decision of the judged seat labelled LEAST or worse, or -1. */
static int
first_labelled (IsleReviewBrowser *browser, IsleReviewLabel least)
{
  for (guint i = 0; i < isle_review_browser_get_n_decisions (browser); i++)
    {
      IsleReviewDecision d;

      isle_review_browser_get_decision (browser, i, &d);
      if (d.judged && d.reviewed && d.move.label >= least)
        return (int) i;
    }
  return -1;
}

/* The browser's position, once it is EXPECTED or after two seconds. */
static int
position_after (IsleReviewBrowser *browser, int expected)
{
  for (int i = 0; i < 80 && isle_review_browser_get_position (browser) != expected; i++)
    isle_ui_test_wait_ms (25);
  return isle_review_browser_get_position (browser);
}

/* The longest wait between two runs of a 5 ms timer: the main loop's
 * longest stall while it runs (a figure printed, not asserted), apart
 * while the review window opens (a wait that began before it had drawn
 * its first two frames: the whole window, with the list of every
 * decision laid out, then the list scrolled to the decision shown),
 * while it judges, and as it finishes (the wait in which judging ended:
 * the progress is hidden and the window laid out anew). */
typedef struct
{
  gint64 last;
  gint64 longest;
  gint64 opening;
  gint64 finishing;
  GdkFrameClock *clock;      /* the review window's, once it is made */
  gulong painted_id;
  int painted;               /* frames it drew */
  int painted_before;        /* frames it had drawn at the last run */
} Stall;

static void
stall_painted (GdkFrameClock *clock, Stall *stall)
{
  (void) clock;
  stall->painted++;
}

static gboolean
stall_tick (gpointer data)
{
  Stall *stall = data;
  gint64 now = g_get_monotonic_time ();
  IsleReviewWindow *review = review_window ();

  if (stall->clock == NULL && review != NULL && gtk_widget_get_realized (GTK_WIDGET (review)))
    {
      stall->clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (review)));
      stall->painted_id = g_signal_connect (stall->clock, "after-paint", G_CALLBACK (stall_painted), stall);
    }
  if (stall->painted_before < 2)
    stall->opening = MAX (stall->opening, stall->last > 0 ? now - stall->last : 0);
  else if (isle_review_browser_get_running (isle_review_window_get_browser (review)))
    stall->longest = MAX (stall->longest, now - stall->last);
  else
    stall->finishing = MAX (stall->finishing, now - stall->last);
  stall->last = now;
  stall->painted_before = stall->painted;
  return G_SOURCE_CONTINUE;
}

static void
stall_clear (Stall *stall)
{
  if (stall->clock != NULL)
    g_signal_handler_disconnect (stall->clock, stall->painted_id);
  g_clear_object (&stall->clock);
}

static IsleWindow *settling;

/* The map of the window SETTLING has finished the game's end: no tile
 * animates, every scored line is drawn. */
static gboolean
map_settled (void)
{
  IsleBoardView *board = isle_game_page_get_board (game_page (settling));
  const IsleLineScore *lines;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (isle_board_view_get_animation (board, cell) != ISLE_BOARD_ANIMATION_NONE)
      return FALSE;
  return isle_board_view_get_n_lines_drawn (board) >= isle_round_review_get_lines (round_review (settling), &lines);
}

/* Whether the inscription MARK is drawn in the colour of LABEL's marks on
 * the chart (on a light ground). */
static gboolean
drawn_in (GtkWidget *mark, IsleReviewLabel label)
{
  PangoAttrList *attributes = gtk_inscription_get_attributes (GTK_INSCRIPTION (mark));
  GSList *each = attributes != NULL ? pango_attr_list_get_attributes (attributes) : NULL;
  gboolean found = FALSE;
  GdkRGBA colour;

  isle_review_chart_mark_colour (label, FALSE, &colour);
  for (GSList *l = each; l != NULL; l = l->next)
    {
      PangoAttribute *attribute = l->data;

      if (attribute->klass->type == PANGO_ATTR_FOREGROUND)
        {
          PangoColor *c = &((PangoAttrColor *) attribute)->color;

          found = found || (c->red == (guint16) (colour.red * 65535) && c->green == (guint16) (colour.green * 65535)
                            && c->blue == (guint16) (colour.blue * 65535));
        }
    }
  g_slist_free_full (each, (GDestroyNotify) pango_attribute_destroy);
  return found;
}

/* An inscription (a text of a size fixed beforehand) showing TEXT. */
static gboolean
inscribes (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_INSCRIPTION (widget) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (widget)), text) == 0;
}

/* A row shown that a screen reader reads as NAME: the review's list names
 * each row by its decision's sentence (a row the list keeps aside for
 * another item later is not shown). */
static gboolean
row_named (GtkWidget *widget, gconstpointer name)
{
  g_autofree char *said = NULL;

  if (!gtk_widget_get_mapped (widget)
      || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    return FALSE;
  said = isle_ui_test_accessible_label (GTK_ACCESSIBLE (widget));
  return g_strcmp0 (said, name) == 0;
}

/* The row of REVIEW's list that shows decision POSITION (-1 the start),
 * or NULL when it is not shown. */
static GtkWidget *
review_row (IsleReviewWindow *review, int position)
{
  g_autofree char *said = isle_review_browser_dup_description (isle_review_window_get_browser (review), position);
  GtkWidget *list = isle_ui_test_find_type (GTK_WIDGET (review), GTK_TYPE_LIST_VIEW);

  return list != NULL ? isle_ui_test_find (list, row_named, said) : NULL;
}

/* The row of decision POSITION once the list has brought it into sight,
 * or as it is after two seconds. */
static GtkWidget *
row_in_sight_after (IsleReviewWindow *review, int position)
{
  GtkWidget *row = review_row (review, position);

  for (int i = 0; i < 80 && (row == NULL || !isle_ui_test_in_sight (row)); i++)
    {
      isle_ui_test_wait_ms (25);
      row = review_row (review, position);
    }
  return row;
}

/* Whether the review's list has decision POSITION's row selected. */
static gboolean
review_row_selected (IsleReviewWindow *review, int position)
{
  GtkListView *list = GTK_LIST_VIEW (isle_ui_test_find_type (GTK_WIDGET (review), GTK_TYPE_LIST_VIEW));
  GtkSelectionModel *selection = gtk_list_view_get_model (list);
  GtkWidget *row = review_row (review, position);

  return gtk_selection_model_is_selected (selection, (guint) (position + 1))
         && (row == NULL || (gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED));
}

static gboolean
is_toggle_named (GtkWidget *widget, gconstpointer name)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), name) == 0;
}

/* A finished game reviewed as a person does it: Review under the verdict
 * opens the review, which judges every decision (Red's, the person's)
 * and steps by key, by the chart and by the list in step; a mistake
 * found with Next Mistake is labelled, shows the better tile on the map
 * and says why; Blue's decisions are judged on a click; Escape closes it
 * and the game is as it was. */
static void
test_review_a_finished_game (void)
{
  IsleWindow *window;
  IsleGame *game;
  g_autofree IsleState *before = g_new (IsleState, 1);
  IsleReviewWindow *review;
  IsleReviewBrowser *browser;
  IsleReviewChart *chart;
  GtkWidget *button, *reason, *row;
  guint n, position;
  int mistake;

  /* As the app's startup does (the class-name walk below). */
  isle_accessible_watch_windows ();
  g_settings_set_string (isle_settings_get (), "review-depth", "fast");
  window = window_at_game_end (ISLE_VARIANT_BASIC, 5, any_round);
  game = isle_window_get_game (window);
  position = isle_game_get_position (game);
  *before = *isle_game_get_state (game);
  wait_until_lines_shown (window);
  /* A person opens the review from a still window: the test's quick line
   * steps (20 ms) leave the map drawing its lines (300 ms each) after
   * them, frames that are the game window's, not the review's. */
  settling = window;
  g_assert_true (isle_ui_test_wait_until (map_settled, 20000));
  button = isle_ui_test_find (GTK_WIDGET (window), activates, "win.review");
  g_assert_nonnull (button);
  {
    Stall stall = { 0 };
    guint tick = g_timeout_add (5, stall_tick, &stall);
    gint64 start = g_get_monotonic_time ();

    g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
    g_assert_true (isle_ui_test_wait_until (review_done, 120000));
    g_source_remove (tick);
    stall_clear (&stall);
    g_test_message ("review of %u decisions at Fast: %.1f s; the main loop's longest stall: %.0f ms while the "
                    "window opened (its first frames included), %.0f ms while it judged, %.0f ms as it finished",
                    position, (g_get_monotonic_time () - start) / 1e6, stall.opening / 1e3, stall.longest / 1e3,
                    stall.finishing / 1e3);
  }
  review = review_window ();
  browser = isle_review_window_get_browser (review);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (review)));
  n = isle_review_browser_get_n_decisions (browser);
  g_assert_cmpuint (n, ==, position);
  g_assert_cmpuint (isle_review_browser_get_n_judged (browser), ==, n);
  chart = ISLE_REVIEW_CHART (isle_ui_test_find_type (GTK_WIDGET (review), ISLE_TYPE_REVIEW_CHART));
  g_assert_cmpuint (isle_review_chart_get_n_points (chart), ==, n);
  g_assert_cmpint (isle_review_browser_get_seat (browser), ==, 0);

  /* By key: it opens at the last decision. */
  g_assert_cmpint (position_after (browser, (int) n - 1), ==, (int) n - 1);
  g_assert_true (isle_ui_input_key (GDK_KEY_Home, 0));
  g_assert_cmpint (position_after (browser, -1), ==, -1);
  g_assert_true (isle_ui_input_key (GDK_KEY_Right, 0));
  g_assert_true (isle_ui_input_key (GDK_KEY_Right, 0));
  g_assert_cmpint (position_after (browser, 1), ==, 1);
  g_assert_true (isle_ui_input_key (GDK_KEY_End, 0));
  g_assert_true (isle_ui_input_key (GDK_KEY_Left, 0));
  g_assert_cmpint (position_after (browser, (int) n - 2), ==, (int) n - 2);
  g_assert_cmpint (isle_review_chart_get_position (chart), ==, (int) n - 2);

  /* A click on the chart: its columns are the start, then each decision. */
  g_assert_true (isle_ui_input_click (GTK_WIDGET (chart), (10 + 1.5) / (n + 1), 0.5));
  isle_ui_test_wait_ms (50);
  g_assert_cmpint (position_after (browser, 10), ==, 10);
  g_assert_true (review_row_selected (review, 10));

  /* Random decisions make mistakes: the first one is found and said. */
  mistake = first_labelled (browser, ISLE_REVIEW_MISTAKE);
  g_assert_cmpint (mistake, >=, 0);
  g_assert_true (isle_ui_input_key (GDK_KEY_Home, 0));
  g_assert_cmpint (position_after (browser, -1), ==, -1);
  /* Where the panel now lays it out. */
  isle_ui_test_wait_ms (100);
  button = isle_ui_test_find (GTK_WIDGET (review), activates, "review.next-mistake");
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  isle_ui_test_wait_ms (50);
  g_assert_cmpint (position_after (browser, mistake), ==, mistake);
  {
    IsleBoard board;
    int better;
    IsleReviewDecision d;
    g_autofree char *said = NULL;

    isle_review_browser_get_decision (browser, (guint) mistake, &d);
    isle_review_browser_get_board (browser, mistake, &board, NULL, &better);
    /* The better choice drawn when it is a tile (not a pile, say). */
    g_assert_cmpint (better, ==, isle_action_cell (d.move.best) < ISLE_N_CELLS ? (int) isle_action_cell (d.move.best) : -1);
    g_assert_cmpint (d.move.best, !=, d.move.action);
    said = isle_review_browser_dup_reason (browser, (guint) mistake);
    g_assert_nonnull (said);
    reason = GTK_WIDGET (isle_ui_test_find_label (GTK_WIDGET (review), said));
    g_assert_nonnull (reason);
    g_assert_true (gtk_widget_get_mapped (reason));
    g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (review), isle_review_browser_label_text (browser, (guint) mistake)));
  }
  /* Its row selected, brought into sight (found by its name: it is read
   * by its sentence), marked ? (or ?? for a blunder) in the label's
   * colour. */
  g_assert_true (review_row_selected (review, mistake));
  row = row_in_sight_after (review, mistake);
  g_assert_nonnull (row);
  g_assert_true (isle_ui_test_in_sight (row));
  {
    IsleReviewDecision d;
    gboolean blunder;
    GtkWidget *mark;

    isle_review_browser_get_decision (browser, (guint) mistake, &d);
    blunder = d.move.label == ISLE_REVIEW_BLUNDER;
    mark = isle_ui_test_find (row, inscribes, blunder ? "??" : "?");
    g_assert_nonnull (mark);
    g_assert_true (drawn_in (mark, d.move.label));
  }
  /* Its tooltip says the sentence too, asked for as the pointer rests. */
  g_assert_true (gtk_widget_get_has_tooltip (gtk_widget_get_first_child (row)));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "review-mistake");
  isle_ui_test_assert_no_class_names ("the game review");

  /* A row of the list goes there: the next one, in sight beside it. */
  row = review_row (review, mistake + 1);
  g_assert_nonnull (row);
  g_assert_true (isle_ui_test_in_sight (row));
  g_assert_true (isle_ui_input_click (row, 0.5, 0.5));
  isle_ui_test_wait_ms (50);
  g_assert_cmpint (position_after (browser, mistake + 1), ==, mistake + 1);
  g_assert_true (review_row_selected (review, mistake + 1));

  /* The clicked list has the keys: Up and Down go through its rows, Left
   * and Right still step, Home goes to the start. */
  g_assert_true (isle_ui_input_key (GDK_KEY_Down, 0));
  g_assert_cmpint (position_after (browser, mistake + 2), ==, mistake + 2);
  g_assert_true (isle_ui_input_key (GDK_KEY_Up, 0));
  g_assert_true (isle_ui_input_key (GDK_KEY_Up, 0));
  g_assert_cmpint (position_after (browser, mistake), ==, mistake);
  g_assert_true (review_row_selected (review, mistake));
  g_assert_true (isle_ui_input_key (GDK_KEY_Right, 0));
  g_assert_cmpint (position_after (browser, mistake + 1), ==, mistake + 1);
  g_assert_true (isle_ui_input_key (GDK_KEY_Left, 0));
  g_assert_cmpint (position_after (browser, mistake), ==, mistake);
  g_assert_true (isle_ui_input_key (GDK_KEY_Home, 0));
  g_assert_cmpint (position_after (browser, -1), ==, -1);
  g_assert_true (review_row_selected (review, -1));
  /* Once the view has scrolled there, the first round's heading over its
   * first decision alone. */
  row = row_in_sight_after (review, -1);
  g_assert_nonnull (row);
  g_assert_true (isle_ui_test_in_sight (row));
  row = review_row (review, 0);
  g_assert_nonnull (row);
  g_assert_nonnull (isle_ui_test_find_label (row, "Round 1"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (isle_ui_test_find_label (row, "Round 1"))));
  row = review_row (review, 1);
  g_assert_nonnull (row);
  g_assert_null (isle_ui_test_find_label (row, "Round 1"));

  /* Blue's decisions judged instead. */
  button = isle_ui_test_find (GTK_WIDGET (review), is_toggle_named, "Blue");
  g_assert_nonnull (button);
  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  isle_ui_test_wait_ms (50);
  g_assert_cmpint (isle_review_browser_get_seat (browser), ==, 1);
  g_assert_cmpint (isle_review_chart_get_side (chart), ==, ISLE_SIDE_BLUE);

  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  for (int i = 0; i < 40 && review_window () != NULL; i++)
    isle_ui_test_wait_ms (25);
  g_assert_null (review_window ());
  /* The review never changed the game, only kept its judgements with it. */
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  g_assert_true (memcmp (before, isle_game_get_state (game), sizeof *before) == 0);
  g_assert_nonnull (isle_game_get_analysis (game));
  g_assert_cmpuint (isle_game_analysis_get_n_moves (isle_game_get_analysis (game)), ==, n);

  /* Reviewed again: every decision judged at once, nothing searched. */
  button = isle_ui_test_find (GTK_WIDGET (window), activates, "win.review");
  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  for (int i = 0; i < 80 && review_window () == NULL; i++)
    isle_ui_test_wait_ms (25);
  review = review_window ();
  g_assert_nonnull (review);
  g_assert_cmpuint (isle_game_review_get_n_stored (isle_review_browser_get_review (isle_review_window_get_browser (review))), ==, n);
  g_assert_false (isle_review_browser_get_running (isle_review_window_get_browser (review)));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (review)));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  for (int i = 0; i < 40 && review_window () != NULL; i++)
    isle_ui_test_wait_ms (25);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Closes the review shown by Escape. */
static void
close_review (void)
{
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (review_window ())));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  for (int i = 0; i < 40 && review_window () != NULL; i++)
    isle_ui_test_wait_ms (25);
  g_assert_null (review_window ());
}

/* Opens WINDOW's game's review by the pointer and waits for its end:
 * its browser, every one of the game's N decisions judged. */
static IsleReviewBrowser *
review_to_the_end (IsleWindow *window, guint n)
{
  GtkWidget *button = isle_ui_test_find (GTK_WIDGET (window), activates, "win.review");
  IsleReviewBrowser *browser;

  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (review_done, 120000));
  browser = isle_review_window_get_browser (review_window ());
  g_assert_cmpuint (isle_review_browser_get_n_judged (browser), ==, n);
  return browser;
}

/* A window at the end of a Basic game (its N decisions), with the
 * outside ENGINES listed and ANALYSER chosen to review at Fast. */
static IsleWindow *
window_with_analyser (const char *const *engines, const char *analyser, guint *n)
{
  GSettings *settings = isle_settings_get ();
  IsleWindow *window;

  g_settings_set_string (settings, "review-depth", "fast");
  g_settings_set_strv (settings, "engines", engines);
  g_settings_set_string (settings, "analyser", analyser);
  window = window_at_game_end (ISLE_VARIANT_BASIC, 7, any_round);
  *n = isle_game_get_position (isle_window_get_game (window));
  wait_until_lines_shown (window);
  return window;
}

/* An outside engine chosen as the analyser in the settings reviews the
 * game (CLI Medium answers `analyse`): every decision judged, nothing
 * said; one that cannot analyse (Easy) leaves the game's own search to
 * review it, which the window says under the progress. */
static void
test_review_by_an_engine (void)
{
  GSettings *settings = isle_settings_get ();
  g_autofree char *medium = g_strdup_printf ("%s engine --player medium", CLI_PATH);
  g_autofree char *easy = g_strdup_printf ("%s engine --player easy", CLI_PATH);
  const char *engines[] = { medium, easy, NULL };
  IsleWindow *window;
  IsleReviewWindow *review;
  IsleReviewBrowser *browser;
  GtkWidget *note;
  guint n;

  isle_accessible_watch_windows ();
  window = window_with_analyser (engines, medium, &n);
  browser = review_to_the_end (window, n);
  g_assert_null (isle_review_browser_get_fallback (browser));
  close_review ();

  g_settings_set_string (settings, "analyser", easy);
  browser = review_to_the_end (window, n);
  review = review_window ();
  g_assert_nonnull (isle_review_browser_get_fallback (browser));
  g_assert_nonnull (strstr (isle_review_browser_get_fallback (browser), "cannot analyse"));
  note = GTK_WIDGET (isle_ui_test_find_label (GTK_WIDGET (review), isle_review_browser_get_fallback (browser)));
  g_assert_nonnull (note);
  g_assert_true (gtk_widget_get_mapped (note));
  isle_ui_test_shot ("TEST_RESULTS_SHOTS", "review-engine-fallback");
  close_review ();

  g_settings_reset (settings, "analyser");
  g_settings_reset (settings, "engines");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An analyser slow to start (its handshake after 8 s) does not hold the
 * window: the review is shown before the engine has even left its sleep
 * (it leaves a mark then: no clock is asserted), says the analyser is
 * starting, and then the engine judges every decision. One that cannot start at all
 * leaves the game's own search, and the window says why. */
static void
test_review_engine_starts_aside (void)
{
  GSettings *settings = isle_settings_get ();
  g_autofree char *dir = g_dir_make_tmp ("isle-slow-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "slow-engine", NULL);
  g_autofree char *mark = g_build_filename (dir, "awake", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nsleep 8\ntouch '%s'\nexec %s engine --player medium\n",
                                           mark, CLI_PATH);
  g_autofree char *missing = g_build_filename (dir, "no-such-engine", NULL);
  const char *engines[] = { script, missing, NULL };
  IsleWindow *window;
  IsleReviewBrowser *browser;
  GtkWidget *button;
  guint n;

  g_assert_true (g_file_set_contents (script, text, -1, NULL));
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  window = window_with_analyser (engines, script, &n);

  button = isle_ui_test_find (GTK_WIDGET (window), activates, "win.review");
  g_assert_true (isle_ui_input_click (button, 0.5, 0.5));
  g_assert_true (isle_ui_test_wait_until (review_progress_shown, 10000));
  /* Shown while the engine still slept: nothing waited for it. */
  g_assert_false (g_file_test (mark, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (review_progress (), ==, "Starting the analyser…");
  g_assert_cmpfloat (isle_progress_bar_get_fraction (ISLE_PROGRESS_BAR (isle_ui_test_find_type (GTK_WIDGET (review_window ()),
                                                                                                ISLE_TYPE_PROGRESS_BAR))),
                     ==, 0);
  g_assert_true (isle_ui_test_wait_until (review_done, 120000));
  browser = isle_review_window_get_browser (review_window ());
  g_assert_cmpuint (isle_review_browser_get_n_judged (browser), ==, n);
  g_assert_null (isle_review_browser_get_fallback (browser));
  close_review ();

  g_settings_set_string (settings, "analyser", missing);
  browser = review_to_the_end (window, n);
  g_assert_nonnull (isle_ui_test_find (GTK_WIDGET (review_window ()), label_starts, "The analyser could not be started"));
  close_review ();

  g_settings_reset (settings, "analyser");
  g_settings_reset (settings, "engines");
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (script);
  g_unlink (mark);
  g_rmdir (dir);
}

/* Issue 29: a record `critter-isle-cli play --json` wrote opens from
 * Open… as a person opens one (GTK's file chooser, the records' filter
 * chosen from its drop-down, the folder typed, the file), as its game at
 * the end, and Review Game reviews it, naming its two computers' seats by
 * their colours; Rematch is then the person's own game. The chooser is driven on GTK 4.8;
 * elsewhere the file is opened as the chooser's answer opens it: GTK
 * 4.18's name field completes what is typed as the folder is read, so
 * typed keys land in a changing field (a CI run caught it), and in the
 * sanitizer build GTK 4.8's chooser leaves 16 KiB of its own unreachable
 * (the window tests say more). */
static void
test_open_a_record (void)
{
  /* tests/data/records, beside this program's folder of sources. */
  g_autofree char *built = g_test_build_filename (G_TEST_DIST, "..", "data", "records", "weather-29.json", NULL);
  g_autofree char *path = g_canonicalize_filename (built, NULL);   /* as a person types it: no ".." */
  IsleWindow *window = isle_window_new (NULL);
  IsleGame *game;
  guint n;
#if !defined (__SANITIZE_ADDRESS__) && !GTK_CHECK_VERSION (4, 10, 0)
  GtkWindow *chooser;
  GtkWidget *filters, *records;
#endif

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_settings_set_string (isle_settings_get (), "review-depth", "fast");
  gtk_window_set_default_size (GTK_WINDOW (window), 860, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (300);
#if !defined (__SANITIZE_ADDRESS__) && !GTK_CHECK_VERSION (4, 10, 0)
  /* Open… of the main menu (the window has no application here, whose
   * Ctrl+O it is). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  chooser = isle_ui_input_file_chooser ();
  g_assert_nonnull (chooser);
  /* The chooser shows the app's files first: the records' filter is
   * chosen from its drop-down, by the pointer. */
  g_assert_true (isle_ui_input_focus (chooser));
  isle_ui_test_wait_ms (300);
  filters = isle_ui_test_find_type (GTK_WIDGET (chooser), GTK_TYPE_DROP_DOWN);
  g_assert_nonnull (filters);
  g_assert_true (isle_ui_input_click (filters, 0.5, 0.5));
  isle_ui_test_wait_ms (400);
  records = NULL;
  for (guint i = 0; records == NULL && i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (gtk_window_get_toplevels (), i);

      records = GTK_WIDGET (isle_ui_test_find_label (top, "Game records of the command line"));
      if (records != NULL && !gtk_widget_get_mapped (records))
        records = NULL;
    }
  /* The drop-down's list, not the button showing the filter chosen. */
  g_assert_nonnull (records);
  g_assert_true (isle_ui_input_click (records, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  {
    g_autofree char *dir = g_path_get_dirname (path);

    isle_ui_input_open_file (chooser, dir, "weather-29.json");
  }
#else
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);

    isle_window_open_file (window, file);
  }
#endif
  for (int waited = 0; waited < 5000 && isle_window_get_game (window) == NULL; waited += 50)
    isle_ui_test_wait_ms (50);
  game = isle_window_get_game (window);
  g_assert_nonnull (game);
  /* The record's 100 actions, its result (Red 47, Blue 47: a draw). */
  g_assert_cmpuint (isle_game_get_n_actions (game), ==, 100);
  g_assert_cmpuint (isle_game_get_position (game), ==, 100);
  g_assert_true (isle_state_is_terminal (isle_game_get_state (game)));
  g_assert_cmpint (isle_game_get_state (game)->total[ISLE_SIDE_RED], ==, 47);
  g_assert_cmpint (isle_game_get_state (game)->total[ISLE_SIDE_BLUE], ==, 47);
  wait_until_lines_shown (window);
  n = isle_game_get_position (game);
  {
    IsleReviewBrowser *browser = review_to_the_end (window, n);
    gboolean red = FALSE;

    /* Two computers played it: its seats by their colours, never "You". */
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *text = isle_review_browser_dup_text (browser, i);

        g_assert_false (g_str_has_prefix (text, "You "));
        red |= g_str_has_prefix (text, "Red placed");
      }
    g_assert_true (red);
  }
  close_review ();
  /* Rematch is the person's own game, against the default opponent. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rematch", NULL));
  for (int waited = 0; waited < 5000 && isle_window_get_game (window) == game; waited += 50)
    isle_ui_test_wait_ms (50);
  g_assert_true (isle_window_get_game (window) != game);
  g_assert_true (isle_game_setup_is_human (isle_game_get_setup (isle_window_get_game (window)), 0));
  g_assert_false (isle_game_get_recorded (isle_window_get_game (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  /* The review's names are walked: GTK's test backend keeps them. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  isle_ui_test_init_windows (&argc, &argv, "test-results");
  if (!isle_ui_input_available ())
    g_error ("no XTest on this display");

  g_test_add_func ("/results/r7_5_review_stays_and_lights_clicked_line", test_review_stays_and_lights_clicked_line);
  g_test_add_func ("/results/r7_5_undo_leaves_no_lines", test_r7_5_undo_leaves_no_lines);
  g_test_add_func ("/results/r7_live_score", test_r7_live_score);
  g_test_add_func ("/results/r7_5_next_round_in_sight", test_r7_5_next_round_in_sight);
  g_test_add_func ("/results/r6_1_weather_named_once_kept", test_r6_1_weather_named_once_kept);
  g_test_add_func ("/results/r6_4_foggy_last_round_revealed", test_r6_4_foggy_last_round_revealed);
  g_test_add_func ("/results/r9_4_coins_verdict_and_results_table", test_r9_4_coins_verdict_and_results_table);
  g_test_add_func ("/results/review-a-finished-game", test_review_a_finished_game);
  g_test_add_func ("/results/review-by-an-engine", test_review_by_an_engine);
  g_test_add_func ("/results/review-engine-starts-aside", test_review_engine_starts_aside);
  g_test_add_func ("/results/open-a-record", test_open_a_record);
  return g_test_run ();
}
