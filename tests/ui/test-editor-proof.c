/* test-editor-proof.c — the editor proves a designer's puzzle (issue 31),
 * driven as a designer would through real keys and clicks
 * (isle-ui-input.h): a puzzle opened in the editor is checked a moment
 * later on a worker thread, and the panel under the problems says that its
 * goal can be met, which first move works (outlined on the map in the
 * player's colour); the goal's amount raised a point with the Up key is
 * refuted (the stored solution, which no longer meets it, is a problem),
 * nothing says "No problems", and the panel offers the best the player
 * can force; its button sets the goal back, and the
 * goal is met again. A puzzle nobody can solve, without a stored solution,
 * lists no problem but is summed up so, and saving it says so in a
 * toast. Screenshots of both are written to
 * $CRITTER_ISLE_SCREENSHOT_DIR when it is set.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "isle-board-view.h"
#include "isle-editor-window.h"
#include "isle-editor-window-private.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"

/* How long a check may take on a loaded machine (a limit, never a
 * measure). */
#define PATIENCE_MS 30000

static IsleEditorWindow *the_editor;

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
shows_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
label_starting (GtkWidget *widget, gconstpointer prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

static gboolean
label_saying (GtkWidget *widget, gconstpointer words)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), words) != NULL;
}

static gboolean
checked_met (void)
{
  return isle_editor_window_get_proof_state (the_editor) == ISLE_EDITOR_PROOF_MET;
}

static gboolean
checked_cannot (void)
{
  return isle_editor_window_get_proof_state (the_editor) == ISLE_EDITOR_PROOF_CANNOT;
}

static void
screenshot (const char *name)
{
  isle_ui_test_window_shot (GTK_WIDGET (the_editor), name);
}

/* A label shown that says WORDS. */
static void
assert_shown (const char *words)
{
  if (isle_ui_test_find (GTK_WIDGET (the_editor), label_saying, words) == NULL)
    g_error ("no label shown says “%s”", words);
}

/* DIR and the files in it (a save may leave its backup beside the file). */
static void
remove_folder (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The editor closed, and DIR with the files in it. */
static void
close_editor (const char *dir)
{
  gtk_window_destroy (GTK_WINDOW (the_editor));
  the_editor = NULL;
  isle_ui_test_wait_ms (100);
  remove_folder (dir);
}

/* A new editor, 1100 × 820, with the keyboard, editing FILE. */
static void
open_editor (GFile *file)
{
  the_editor = isle_editor_window_new (isle_ui_test_app ());
  gtk_window_set_default_size (GTK_WINDOW (the_editor), 1100, 820);
  gtk_window_present (GTK_WINDOW (the_editor));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (the_editor)));
  isle_ui_test_wait_ms (300);
  g_assert_true (isle_editor_window_open_file (the_editor, file));
}

static void
test_check_puzzle (void)
{
  g_autofree char *puzzle = g_test_build_filename (G_TEST_DIST, "..", "data", "puzzles", "12-mouse-trap.isle", NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-editor-proof-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "mouse-trap.isle", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (copy);
  IsleBoardView *board;
  GtkWidget *value, *tab, *best;
  IsleScenarioGoal goal;
  uint64_t lit;
  int side = -2;

  /* A copy, so that saving it leaves the built-in one alone. */
  g_assert_true (g_file_get_contents (puzzle, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, text, -1, NULL));
  open_editor (file);
  isle_scenario_get_goal (isle_editor_window_get_scenario (the_editor), &goal);
  g_assert_cmpint (goal.type, ==, ISLE_GOAL_WIN_ROUND);
  g_assert_cmpint (goal.value, ==, 28);

  /* Checked a moment later, off the main thread: met, one move works,
   * outlined in Red's colour (the player's). */
  g_assert_true (isle_ui_test_wait_until (checked_met, PATIENCE_MS));
  isle_ui_test_wait_ms (200);
  assert_shown ("The goal can be met against every reply.");
  assert_shown ("No problems: the scenario can be played and saved, and its goal can be met.");
  board = ISLE_BOARD_VIEW (isle_ui_test_find_type (GTK_WIDGET (the_editor), ISLE_TYPE_BOARD_VIEW));
  lit = isle_board_view_get_highlight (board, &side);
  g_assert_cmpuint (lit, !=, 0);
  g_assert_cmpint (side, ==, ISLE_SIDE_RED);
  screenshot ("editor-puzzle-met");

  /* The goal's amount a point higher, typed in its field: refuted. */
  tab = isle_ui_test_find (GTK_WIDGET (the_editor), shows_text, "Goal");
  g_assert_nonnull (tab);
  g_assert_true (isle_ui_input_click (tab, 0.5, 0.5));
  isle_ui_test_wait_ms (300);
  value = isle_ui_test_find (GTK_WIDGET (the_editor), is_named, "field-goal.value");
  g_assert_nonnull (value);
  g_assert_true (gtk_widget_get_mapped (value));
  g_assert_true (isle_ui_input_click (value, 0.2, 0.5));
  isle_ui_test_wait_ms (150);
  g_assert_true (isle_ui_input_key (GDK_KEY_Up, 0));
  isle_ui_test_wait_ms (150);
  isle_scenario_get_goal (isle_editor_window_get_scenario (the_editor), &goal);
  g_assert_cmpint (goal.value, ==, 29);
  g_assert_true (isle_ui_test_wait_until (checked_cannot, PATIENCE_MS));
  isle_ui_test_wait_ms (200);
  assert_shown ("The goal cannot be met: against the best replies, no line of play reaches it.");
  assert_shown ("The best the player can force: Win this round by at least 28 points.");
  /* (The stored solution no longer meets the goal: a problem listed.) */
  assert_shown ("1 problem to fix before it can be played");
  g_assert_null (isle_ui_test_find (GTK_WIDGET (the_editor), label_starting, "No problems"));
  g_assert_cmpuint (isle_board_view_get_highlight (board, NULL), ==, 0);
  screenshot ("editor-puzzle-cannot");
  /* Its button sets the goal to the best the player can force. */
  best = isle_ui_test_find (GTK_WIDGET (the_editor), isle_ui_test_is_button_labelled, "Set Goal to the _Best Result");
  g_assert_nonnull (best);
  g_assert_true (gtk_widget_get_mapped (best));
  g_assert_true (isle_ui_input_click (best, 0.5, 0.5));
  isle_ui_test_wait_ms (150);
  isle_scenario_get_goal (isle_editor_window_get_scenario (the_editor), &goal);
  g_assert_cmpint (goal.value, ==, 28);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (value)), ==, 28);
  g_assert_true (isle_ui_test_wait_until (checked_met, PATIENCE_MS));

  close_editor (dir);
}

/* A puzzle without a stored solution whose goal is a point past the best:
 * no problem listed, yet the summary says nobody can solve it, and saving
 * it with Ctrl+S saves and says so in a toast. */
static void
test_save_unsolvable (void)
{
  const char *saved_warning = "Saved, but its goal cannot be met against every reply: nobody can solve this puzzle.";
  g_autofree char *puzzle = g_test_build_filename (G_TEST_DIST, "..", "data", "puzzles", "12-mouse-trap.isle", NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-editor-proof-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "mouse-trap-29.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (copy);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = isle_scenario_load (puzzle, &error);
  IsleScenarioGoal goal;

  g_assert_no_error (error);
  isle_scenario_get_goal (sc, &goal);
  goal.value++;
  isle_scenario_set_goal (sc, &goal);
  isle_scenario_set_solution (sc, NULL);
  g_assert_true (isle_scenario_save (sc, copy, &error));
  g_assert_no_error (error);

  open_editor (file);
  g_assert_cmpuint (isle_editor_window_get_problems (the_editor)->len, ==, 0);
  g_assert_true (isle_ui_test_wait_until (checked_cannot, PATIENCE_MS));
  isle_ui_test_wait_ms (200);
  assert_shown ("The goal cannot be met: the scenario can be played and saved, but nobody can solve it.");
  g_assert_null (isle_ui_test_find (GTK_WIDGET (the_editor), label_starting, "No problems"));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (the_editor)));
  g_assert_true (isle_ui_input_key (GDK_KEY_s, GDK_CONTROL_MASK));
  for (int waited = 0; waited < 5000 && isle_ui_test_find (GTK_WIDGET (the_editor), label_saying, saved_warning) == NULL;
       waited += 50)
    isle_ui_test_wait_ms (50);
  assert_shown (saved_warning);
  screenshot ("editor-puzzle-saved-unsolvable");

  close_editor (dir);
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  isle_ui_test_init_windows (&argc, &argv, "test-editor-proof");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest: real input cannot be sent");
  g_test_add_func ("/editor-proof/check-puzzle", test_check_puzzle);
  g_test_add_func ("/editor-proof/save-unsolvable", test_save_unsolvable);
  return g_test_run ();
}
