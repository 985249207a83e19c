/* test-choices.c — the game page's choices, made as a person makes them,
 * with real clicks sent through the X server (isle-ui-input.h): on the
 * map, a fog board lifted (R6.5), a Prairie Dog's swap (R8.8), a Hippo
 * placed left and up of its first tile (R8.9), a Frog's hop and a
 * placement that leaves the Frog without a question (R8.5); beside it,
 * the opening-hand picks (R4.2), which keep their places and lose no
 * quick click, and the hiring market (R9.3), which keeps its scroll
 * position and shows the coins left.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <X11/extensions/XTest.h>

#include "isle-application.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-choice-panel.h"
#include "isle-game-page.h"
#include "isle-notation.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"

#define BIT(cell) (UINT64_C (1) << (cell))

static int
cell (const char *name)
{
  return isle_cell_from_name (name);
}

/* A window playing the scenario JSON (written to a file and opened, as a
 * person would), Red at the screen. */
static IsleWindow *
window_with_scenario (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-choices-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "scenario.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  IsleWindow *window = isle_window_new (NULL);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, json, -1, &error));
  gtk_window_present (GTK_WINDOW (window));
  isle_window_open_file (window, file);
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  g_remove (path);
  g_rmdir (dir);
  return window;
}

/* A window playing GAME (saved and opened). */
static IsleWindow *
window_with_game (IsleGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-choices-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  IsleWindow *window = isle_window_new (NULL);

  g_assert_no_error (error);
  g_assert_true (isle_saved_game_save (game, path, &error));
  gtk_window_present (GTK_WINDOW (window));
  isle_window_open_file (window, file);
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  g_remove (path);
  g_rmdir (dir);
  return window;
}

static IsleBoardView *
board_of (IsleWindow *window)
{
  return ISLE_BOARD_VIEW (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_BOARD_VIEW));
}

static const IsleState *
state_of (IsleWindow *window)
{
  return isle_game_get_state (isle_window_get_game (window));
}

/* Clicks the tile NAME of the map. */
static void
click_tile (IsleWindow *window, const char *name)
{
  g_assert_true (isle_ui_input_click (isle_board_view_get_tile (board_of (window), cell (name)), 0.5, 0.5));
  isle_ui_test_wait_ms (60);
}

/* Whether the tile NAME may be clicked now (highlighted, and named so
 * for screen readers). */
static gboolean
is_target (IsleWindow *window, const char *name)
{
  return isle_board_tile_get_playable (ISLE_BOARD_TILE (isle_board_view_get_tile (board_of (window), cell (name))));
}

/* With TEST_CHOICES_SHOTS=DIR, the screen as NAME.png in DIR. */
static void
shot (const char *name)
{
  isle_ui_test_shot ("TEST_CHOICES_SHOTS", name);
}

static IsleChoicePanel *
panel_of (IsleWindow *window)
{
  return ISLE_CHOICE_PANEL (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_CHOICE_PANEL));
}

/* ---- on the map ---------------------------------------------------------- */

/* R6.5: filling the last open tile, the filler lifts a fog board by
 * clicking any tile of it. */
static void
test_r6_5_fog_lift_by_click (void)
{
  IsleWindow *window = window_with_scenario (
    "{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"weather\", \"seed\": \"3\","
    " \"start\": {\"round\": 1, \"first_seat\": 0, \"to_move\": 0, \"weather\": \"cloudy\","
    "  \"board\": [\"rW bW rW #  #  #\", \"bW rW bW #  #  #\", \"rW bW .  #  #  #\","
    "             \"#  #  #  #  #  #\", \"#  #  #  #  #  #\", \"#  #  #  #  #  #\"],"
    "  \"hands\": [\"random\", \"random\"], \"piles\": [\"random\", \"random\"]},"
    " \"player\": 0, \"opponent\": \"beginner\"}");
  const IsleState *s;

  click_tile (window, "c3");
  s = state_of (window);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_FOG_LIFT);
  g_assert_cmpint (s->board.cells[cell ("c3")].kind, !=, ISLE_KIND_NONE);
  isle_ui_test_wait_ms (100);
  /* Every fogged tile is a target; a fogged tile of the south-east. */
  g_assert_cmpuint (s->board.fog & BIT (cell ("e5")), !=, 0);
  g_assert_true (is_target (window, "e5"));
  g_assert_true (is_target (window, "a6"));
  g_assert_false (is_target (window, "a1"));
  shot ("fog-lift-targets");
  click_tile (window, "e5");
  s = state_of (window);
  g_assert_cmpuint (s->board.fog & isle_quadrant_mask (isle_quadrant_from_id ("se")), ==, 0);
  g_assert_cmpuint (s->board.fog & isle_quadrant_mask (isle_quadrant_from_id ("ne")), !=, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R6.5: with one fog board left, filling the last open tile lifts it
 * with no question: there is nothing to choose. */
static void
test_r6_5_last_fog_board_lifts_itself (void)
{
  IsleWindow *window = window_with_scenario (
    "{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"weather\", \"seed\": \"3\","
    " \"start\": {\"round\": 1, \"first_seat\": 0, \"to_move\": 0, \"weather\": \"cloudy\","
    "  \"board\": [\"rW bW rP bP rR bR\", \"bW rW bR rR bB rB\", \"rR bR rB bB rW bW\","
    "             \"bW rW bP #  #  #\", \"rR bR rB #  #  #\", \"bB rP .  #  #  #\"],"
    "  \"hands\": [\"random\", \"random\"], \"piles\": [\"random\", \"random\"]},"
    " \"player\": 0, \"opponent\": \"beginner\"}");
  const IsleState *s;

  click_tile (window, "c6");
  s = state_of (window);
  g_assert_cmpuint (s->board.fog, ==, 0);
  g_assert_cmpint (isle_game_get_n_actions (isle_window_get_game (window)), >=, 2);
  g_assert_cmpint (isle_action_type (isle_game_get_action (isle_window_get_game (window), 1)), ==, ISLE_ACTION_LIFT);
  shot ("fog-last-board-lifted");
  gtk_window_destroy (GTK_WINDOW (window));
}

static IsleWindow *waiting_window;

static gboolean
red_may_place (void)
{
  IsleWindow *window = waiting_window;

  return state_of (window)->phase == ISLE_PHASE_PLACE && isle_state_to_move (state_of (window)) == 0
         && isle_match_get_human_turn (isle_window_get_match (window));
}

/* R6.5: the computer fills the last open tile and lifts a fog board: its
 * placement is marked as the last move, the board it lifted outlined
 * once, not nine tiles marked as nine moves; the words say what a lift
 * does. */
static void
test_r6_5_computer_lift_is_one_move (void)
{
  IsleWindow *window = window_with_scenario (
    "{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"weather\", \"seed\": \"3\","
    " \"start\": {\"round\": 1, \"first_seat\": 1, \"to_move\": 1, \"weather\": \"cloudy\","
    "  \"board\": [\"rW bW rW #  #  #\", \"bW rW bW #  #  #\", \"rW bW .  #  #  #\","
    "             \"#  #  #  #  #  #\", \"#  #  #  #  #  #\", \"#  #  #  #  #  #\"],"
    "  \"hands\": [\"random\", \"random\"], \"piles\": [\"random\", \"random\"]},"
    " \"player\": 0, \"opponent\": \"beginner\"}");
  IsleBoardView *board = board_of (window);
  uint64_t lifted;

  waiting_window = window;
  g_assert_true (isle_ui_test_wait_until (red_may_place, 10000));
  isle_ui_test_wait_ms (100);
  g_assert_cmphex (isle_board_view_get_last_move (board), ==, BIT (cell ("c3")));
  lifted = isle_board_view_get_highlight (board, NULL);
  g_assert_cmpint (__builtin_popcountll (lifted), ==, 9);
  g_assert_cmphex (lifted & state_of (window)->board.fog, ==, 0);
  shot ("fog-computer-lift-one-move");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Quick game at Red's placement: HAND is Red's hand, BOARD its map,
 * HIRED what Red hired. */
static char *
quick_scenario (const char *board, const char *hand, const char *hired)
{
  return g_strdup_printf (
    "{\"format\": \"critter-isle\", \"version\": 1, \"variant\": \"quick\", \"seed\": \"5\","
    " \"start\": {\"round\": 1, \"first_seat\": 0, \"to_move\": 0, \"weather\": \"sunny\","
    "  \"board\": %s, \"hands\": [%s, \"random\"], \"piles\": [\"random\", \"random\"],"
    "  \"coins\": {\"red\": 0, \"blue\": 0}, \"hired\": {\"red\": %s, \"blue\": []}},"
    " \"player\": 0, \"opponent\": \"beginner\"}", board, hand, hired);
}

/* R8.8: the Prairie Dog's swap, one token clicked and then the other; a
 * click on the first again takes it back. */
static void
test_r8_8_prairie_dog_two_clicks (void)
{
  g_autofree char *json = quick_scenario (
    "[\"rW .  .  .  .  .\", \".  .  bW .  .  .\", \".  rW .  .  .  .\","
    " \".  .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  .\"]",
    "[\"D\", \"W\", \"W\", \"W\", \"W\"]", "[\"D\"]");
  IsleWindow *window = window_with_scenario (json);
  IsleGame *game = isle_window_get_game (window);
  const IsleState *s;
  guint position;

  /* The Prairie Dog (first in the hand, selected) on c3. */
  click_tile (window, "c3");
  s = state_of (window);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_ABILITY);
  position = isle_game_get_position (game);
  /* First pick: nothing played yet; again: taken back; then b3's partner. */
  g_assert_true (is_target (window, "c2"));
  g_assert_true (is_target (window, "b3"));
  click_tile (window, "c2");
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  click_tile (window, "c2");
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  click_tile (window, "b3");
  shot ("prairie-dog-first-pick");
  g_assert_cmpuint (isle_game_get_position (game), ==, position);
  click_tile (window, "c2");
  s = state_of (window);
  g_assert_cmpuint (isle_game_get_position (game), ==, position + 1);
  /* Swapped: Blue's Wolf now on b3, Red's on c2. */
  g_assert_cmpint (s->board.cells[cell ("b3")].kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (isle_seat_side (s->board.cells[cell ("b3")].seat), ==, ISLE_SIDE_BLUE);
  g_assert_cmpint (isle_seat_side (s->board.cells[cell ("c2")].seat), ==, ISLE_SIDE_RED);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R8.9: after its first tile the Hippo stands there, and its second may
 * be any of the four tiles next to it: here left, then (another game)
 * up. */
static void
hippo_second (const char *second)
{
  g_autofree char *json = quick_scenario (
    "[\"rW .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  .\","
    " \".  .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  bW\"]",
    "[\"H\", \"W\", \"W\", \"W\", \"W\"]", "[\"H\"]");
  IsleWindow *window = window_with_scenario (json);
  IsleBoardView *board = board_of (window);
  const IsleState *s;
  const char *around[] = { "c4", "e4", "d3", "d5" };

  click_tile (window, "d4");
  /* Previewed on d4, nothing played. */
  s = state_of (window);
  g_assert_cmpint (s->board.cells[cell ("d4")].kind, ==, ISLE_KIND_NONE);
  g_assert_cmpint (isle_board_view_get_board (board)->cells[cell ("d4")].kind, ==, ISLE_KIND_HIPPO);
  for (guint i = 0; i < G_N_ELEMENTS (around); i++)
    g_assert_true (is_target (window, around[i]));
  g_assert_false (is_target (window, "e5"));
  shot ("hippo-preview");
  click_tile (window, second);
  s = state_of (window);
  g_assert_cmpint (s->board.cells[cell ("d4")].kind, ==, ISLE_KIND_HIPPO);
  g_assert_cmpint (s->board.cells[cell (second)].kind, ==, ISLE_KIND_HIPPO);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_r8_9_hippo_left (void)
{
  hippo_second ("c4");
}

static void
test_r8_9_hippo_up (void)
{
  hippo_second ("d3");
}

static char *
frog_scenario (void)
{
  return quick_scenario (
    "[\"rW .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  rG .  .  .\","
    " \".  .  .  .  .  .\", \".  .  .  .  .  .\", \".  .  .  .  .  bW\"]",
    "[\"W\", \"W\", \"W\", \"W\", \"W\"]", "[\"G\"]");
}

/* R8.5: the Frog hops by a click on it, then on a free tile next to it. */
static void
test_r8_5_frog_hop_by_clicks (void)
{
  g_autofree char *json = frog_scenario ();
  IsleWindow *window = window_with_scenario (json);
  const IsleState *s = state_of (window);

  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HOP);
  /* The Frog and the free tiles (for a placement) may be clicked. */
  g_assert_true (is_target (window, "c3"));
  g_assert_true (is_target (window, "a6"));
  shot ("frog-hop-or-place");
  click_tile (window, "c3");
  g_assert_cmpint (state_of (window)->phase, ==, ISLE_PHASE_HOP);
  /* Now only the Frog's free neighbours, and the Frog to take it back. */
  g_assert_true (is_target (window, "d3"));
  g_assert_true (is_target (window, "c3"));
  g_assert_false (is_target (window, "a6"));
  shot ("frog-picked");
  click_tile (window, "d3");
  s = state_of (window);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (s->board.cells[cell ("d3")].kind, ==, ISLE_KIND_FROG);
  g_assert_cmpint (s->board.cells[cell ("c3")].kind, ==, ISLE_KIND_NONE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* R8.5: a person who does not want to hop just places: no question first,
 * the Frog stays. */
static void
test_r8_5_frog_stays_without_question (void)
{
  g_autofree char *json = frog_scenario ();
  IsleWindow *window = window_with_scenario (json);
  IsleGame *game = isle_window_get_game (window);
  guint position = isle_game_get_position (game);
  const IsleState *s;

  g_assert_cmpint (state_of (window)->phase, ==, ISLE_PHASE_HOP);
  click_tile (window, "a6");
  s = state_of (window);
  /* Two decisions: the Frog left where it is, the Wolf placed. */
  g_assert_cmpuint (isle_game_get_position (game), ==, position + 2);
  g_assert_cmpint (s->board.cells[cell ("c3")].kind, ==, ISLE_KIND_FROG);
  g_assert_cmpint (s->board.cells[cell ("a6")].kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (isle_seat_side (s->board.cells[cell ("a6")].seat), ==, ISLE_SIDE_RED);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- beside the map ------------------------------------------------------ */

static gboolean
has_tooltip (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* Two clicks at once at (X, Y) of the screen, before GTK sees either. */
static void
double_click_root (int x, int y)
{
  Display *dpy;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS /* the X server is how the clicks arrive (isle-ui-input.c) */
  dpy = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  G_GNUC_END_IGNORE_DEPRECATIONS

  XTestFakeMotionEvent (dpy, -1, x, y, CurrentTime);
  XSync (dpy, False);
  isle_ui_test_wait_ms (30);
  for (int i = 0; i < 2; i++)
    {
      XTestFakeButtonEvent (dpy, 1, True, CurrentTime);
      XTestFakeButtonEvent (dpy, 1, False, CurrentTime);
    }
  isle_ui_input_sync ();
}

/* R4.2: two quick clicks on a pile take two tokens; a kind run out keeps
 * its place, greyed out, "0 left". */
static void
test_r4_2_opening_hand_keeps_places (void)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;
  g_autoptr (IsleGame) game = NULL;
  IsleWindow *window;
  GtkWidget *pig, *rat;
  graphene_rect_t before, after;
  int x, y;
  const IsleState *s;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_BASIC, 0, 11, &error);
  g_assert_no_error (error);
  window = window_with_game (game);
  s = state_of (window);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HAND);
  pig = isle_ui_test_find (GTK_WIDGET (panel_of (window)), has_tooltip, "Take a Pig");
  rat = isle_ui_test_find (GTK_WIDGET (panel_of (window)), has_tooltip, "Take a Rat");
  g_assert_nonnull (pig);
  g_assert_nonnull (rat);
  g_assert_true (gtk_widget_compute_bounds (rat, GTK_WIDGET (window), &before));

  /* Both Pigs, by two clicks as quick as a double click. */
  g_assert_true (isle_ui_input_root_point (pig, gtk_widget_get_width (pig) / 2.0,
                                           gtk_widget_get_height (pig) / 2.0, &x, &y));
  double_click_root (x, y);
  isle_ui_test_wait_ms (100);
  s = state_of (window);
  g_assert_cmpint (s->hand_len[0], ==, 2);
  g_assert_cmpint (s->hand[0][0], ==, ISLE_KIND_PIG);
  g_assert_cmpint (s->hand[0][1], ==, ISLE_KIND_PIG);
  /* The Pigs are out: the same button, in its place, greyed out. */
  g_assert_true (isle_ui_test_find (GTK_WIDGET (panel_of (window)), has_tooltip, "Take a Pig") == pig);
  g_assert_false (gtk_widget_get_sensitive (pig));
  g_assert_nonnull (isle_ui_test_find_label (pig, "0 left"));
  shot ("opening-hand-run-out");
  g_assert_true (gtk_widget_compute_bounds (rat, GTK_WIDGET (window), &after));
  g_assert_true (graphene_rect_equal (&before, &after));
  /* Clicked again: nothing. */
  g_assert_true (isle_ui_input_click (pig, 0.5, 0.5));
  isle_ui_test_wait_ms (100);
  g_assert_cmpint (state_of (window)->hand_len[0], ==, 2);
  /* The next pile still takes its click. */
  g_assert_true (isle_ui_input_click (rat, 0.5, 0.5));
  isle_ui_test_wait_ms (100);
  g_assert_cmpint (state_of (window)->hand_len[0], ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The opening hand's piles are a GtkFlowBox, focused the moment they
 * appear (the game page puts the focus where the decision is). Up or Down
 * pressed before the piles were first laid out looped for ever inside GTK
 * (its rows are 0 wide then): the monkey's seed 6 hung so on GNOME 50. An
 * arrow in that frame is now taken only once the piles are drawn. */
static void
test_r4_2_arrow_as_the_piles_appear (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-choices-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  IsleRules rules;
  g_autoptr (IsleGame) game = NULL;
  IsleWindow *window = isle_window_new (NULL);
  GtkWidget *focus;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_BASIC, 0, 11, &error);
  g_assert_no_error (error);
  g_assert_true (isle_saved_game_save (game, path, &error));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  for (guint key = 0; key < 2; key++)
    {
      /* The game opens: the piles are built and focused, not yet drawn;
       * the key reaches the window before the next frame lays them out. */
      isle_window_open_file (window, file);
      g_assert_true (isle_ui_input_key (key == 0 ? GDK_KEY_Down : GDK_KEY_Up, 0));
      isle_ui_test_wait_ms (100);
      focus = gtk_window_get_focus (GTK_WINDOW (window));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (panel_of (window))));
      /* Drawn, the piles take the arrows as before. */
      g_assert_true (isle_ui_input_key (GDK_KEY_Down, 0));
      g_assert_true (isle_ui_input_key (GDK_KEY_Up, 0));
      isle_ui_test_wait_ms (50);
      g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                             GTK_WIDGET (panel_of (window))));
    }
  g_assert_cmpint (state_of (window)->phase, ==, ISLE_PHASE_HAND);
  g_remove (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_row_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget)
         && g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title);
}

/* The market row at X, Y in WINDOW's coordinates: what a click there
 * lands on. */
static GtkWidget *
row_at (IsleWindow *window, double x, double y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (window), x, y, GTK_PICK_DEFAULT);

  return picked != NULL ? gtk_widget_get_ancestor (picked, ADW_TYPE_ACTION_ROW) : NULL;
}

/* R10: a Quick game's first hiring, before round 1, Red first, in a
 * window of WIDTH × HEIGHT. */
static IsleWindow *
quick_hiring_window (int width, int height)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  IsleRules rules;
  IsleWindow *window;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, ISLE_VARIANT_QUICK, 0, 11, &error);
  g_assert_no_error (error);
  window = window_with_game (game);
  isle_ui_input_resize (GTK_WINDOW (window), width, height);
  return window;
}

/* R9.3: a hire leaves the list where it was scrolled and the rows where
 * they were, and the coins left follow. */
static void
test_r9_3_hiring_keeps_place (void)
{
  IsleWindow *window;
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  GtkWidget *fox, *crow;
  graphene_rect_t before, after, shown, aimed;
  double value;
  static const char *const mercenaries[] = { "Fox", "Turtle", "Cat", "Mouses", "Snake", "Chameleon",
                                             "Crow", "Mole", "Prairie Dog", "Hippo", "Frog" };
  static const IsleKind mercenary_kinds[] = { ISLE_KIND_FOX, ISLE_KIND_TURTLE, ISLE_KIND_CAT,
                                              ISLE_KIND_MOUSES, ISLE_KIND_SNAKE, ISLE_KIND_CHAMELEON,
                                              ISLE_KIND_CROW, ISLE_KIND_MOLE, ISLE_KIND_PRAIRIE_DOG,
                                              ISLE_KIND_HIPPO, ISLE_KIND_FROG };
  IsleKind hired = ISLE_KIND_NONE;
  const IsleState *s;
  g_autofree char *coins = NULL;

  window = quick_hiring_window (1000, 560);
  s = state_of (window);
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_HIRE);
  coins = g_strdup_printf ("Coins left: %d", s->coins[0]);
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (panel_of (window)), coins));
  shot ("hiring-top");
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (panel_of (window)),
                                                           GTK_TYPE_SCROLLED_WINDOW));
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  /* Scrolled down into the market, as a person would; then the first
   * mercenary shown whole is hired, and the last one shown watched. */
  g_assert_true (isle_ui_input_scroll (GTK_WIDGET (scroller), 3));
  isle_ui_test_wait_ms (300);
  value = gtk_adjustment_get_value (adjustment);
  g_assert_cmpfloat (value, >, 0);
  fox = crow = NULL;
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (scroller), GTK_WIDGET (window), &shown));
  for (guint i = 0; i < G_N_ELEMENTS (mercenaries); i++)
    {
      GtkWidget *row = isle_ui_test_find (GTK_WIDGET (panel_of (window)), is_row_titled, mercenaries[i]);
      graphene_rect_t bounds;

      g_assert_nonnull (row);
      g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (window), &bounds));
      if (graphene_rect_contains_rect (&shown, &bounds))
        {
          if (fox == NULL)
            {
              fox = row;
              hired = mercenary_kinds[i];
            }
          crow = row;
        }
    }
  g_assert_nonnull (fox);
  g_assert_true (crow != fox);
  g_assert_true (gtk_widget_compute_bounds (crow, GTK_WIDGET (window), &before));
  g_assert_true (gtk_widget_compute_bounds (fox, GTK_WIDGET (window), &aimed));
  g_assert_true (isle_ui_input_click (fox, 0.5, 0.5));
  isle_ui_test_wait_ms (200);
  s = state_of (window);
  g_assert_cmpint (s->pending[0][hired], ==, 1);
  /* What a person sees, not the adjustment's exact value: GTK 4.18 keeps
   * the list on whole pixels (193.99 may come back as 193 with every row
   * drawn where it was). The row under the pointer is still the one just
   * hired, and the rows stay within half a pixel of where they were. */
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adjustment), value, 1.0);
  g_assert_true (row_at (window, aimed.origin.x + aimed.size.width / 2,
                         aimed.origin.y + aimed.size.height / 2) == fox);
  g_assert_true (gtk_widget_compute_bounds (crow, GTK_WIDGET (window), &after));
  g_assert_cmpfloat_with_epsilon (after.origin.x, before.origin.x, 0.5);
  g_assert_cmpfloat_with_epsilon (after.origin.y, before.origin.y, 0.5);
  g_assert_cmpfloat_with_epsilon (after.size.width, before.size.width, 0.5);
  g_assert_cmpfloat_with_epsilon (after.size.height, before.size.height, 0.5);
  g_free (coins);
  coins = g_strdup_printf ("Coins left: %d", s->coins[0] - s->rules.hire_cost[hired]);
  g_assert_nonnull (isle_ui_test_find_label (GTK_WIDGET (panel_of (window)), coins));
  /* And in the subtitle, which no scrolling hides. */
  {
    AdwWindowTitle *title = ADW_WINDOW_TITLE (isle_ui_test_find_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE));
    g_autofree char *left = g_strdup_printf (": %d coins left", s->coins[0] - s->rules.hire_cost[hired]);

    g_assert_true (g_str_has_suffix (adw_window_title_get_subtitle (title), left));
  }
  /* The hired row is marked and not hired twice. */
  g_assert_nonnull (isle_ui_test_find_label (fox, "Hired"));
  shot ("hiring-coins-left");
  g_assert_true (isle_ui_input_click (fox, 0.5, 0.5));
  isle_ui_test_wait_ms (100);
  g_assert_cmpint (state_of (window)->pending[0][hired], ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The tooltip of a button in sight, or NULL. */
static const char *
shown_tooltip (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) ? gtk_widget_get_tooltip_text (widget) : NULL;
}

static gboolean
has_tooltip_prefix (GtkWidget *widget, gconstpointer text)
{
  return shown_tooltip (widget) != NULL && g_str_has_prefix (shown_tooltip (widget), text);
}

static gboolean
has_label_prefix (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
has_action (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_button_labelled (GtkWidget *widget, gconstpointer text)
{
  GtkWidget *child = GTK_IS_BUTTON (widget) ? gtk_button_get_child (GTK_BUTTON (widget)) : NULL;

  return child != NULL && GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0;
}

/* R9.3: at 800×600 "Done hiring", the hiring's main button, is in sight
 * above the market, and a click on it ends the side's hiring. */
static void
test_r9_3_done_hiring_in_sight (void)
{
  IsleWindow *window;
  GtkWidget *done;

  window = quick_hiring_window (800, 600);
  isle_ui_test_wait_ms (300);
  g_assert_cmpint (state_of (window)->phase, ==, ISLE_PHASE_HIRE);
  done = isle_ui_test_find (GTK_WIDGET (panel_of (window)), is_button_labelled, "Done hiring");
  g_assert_nonnull (done);
  g_assert_true (isle_ui_test_in_sight (done));
  g_assert_true (gtk_widget_has_css_class (done, "suggested-action"));
  shot ("done-hiring-800x600");
  g_assert_true (isle_ui_input_click (done, 0.5, 0.5));
  isle_ui_test_wait_ms (200);
  g_assert_true (state_of (window)->hire_done & 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The White Wall puzzle (data/puzzles), opened as a file. */
static IsleWindow *
window_with_white_wall (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "puzzles", "01-white-wall.isle", NULL);
  g_autofree char *json = NULL;

  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_no_error (error);
  return window_with_scenario (json);
}

static IsleWindow *puzzle_window;

static gboolean
red_to_place (void)
{
  return isle_match_get_human_turn (isle_window_get_match (puzzle_window))
         || isle_match_get_goal_status (isle_window_get_match (puzzle_window), NULL) != ISLE_GOAL_IN_PROGRESS;
}

/* Clicks the hand's token KIND, then the tile NAME (or, when it was
 * taken, the first free one). */
static void
place_by_clicks (IsleWindow *window, const char *kind, const char *name)
{
  g_autofree char *tip = g_strdup_printf ("Select the %s", kind);
  GtkWidget *token = NULL;
  int target = cell (name);

  /* The side panel follows the map a frame later. */
  for (int i = 0; i < 80 && token == NULL; i++)
    if ((token = isle_ui_test_find (GTK_WIDGET (window), has_tooltip_prefix, tip)) == NULL)
      isle_ui_test_wait_ms (25);
  g_assert_nonnull (token);
  g_assert_true (isle_ui_input_click (token, 0.5, 0.5));
  isle_ui_test_wait_ms (100);
  if (state_of (window)->board.occupied & BIT (target))
    target = __builtin_ctzll (~state_of (window)->board.occupied & ISLE_ALL_CELLS);
  g_assert_true (isle_ui_input_click (isle_board_view_get_tile (board_of (window), target), 0.5, 0.5));
  isle_ui_test_wait_ms (100);
}

static gboolean
has_tooltip_suffix (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && shown_tooltip (widget) != NULL
         && g_str_has_suffix (shown_tooltip (widget), text);
}

/* Whether a screen reader hears TOKEN selected: GTK 4.10 reads a toggle's
 * pressed state; GTK 4.8 calls a toggle a push button, so the hand's
 * tokens are radio buttons there, and their checked state is read. */
static void
assert_selected (GtkWidget *token, gboolean selected)
{
  g_assert_cmpint (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (token)), ==, selected);
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_test_accessible_assert_role (token, GTK_ACCESSIBLE_ROLE_TOGGLE_BUTTON);
  gtk_test_accessible_assert_state (token, GTK_ACCESSIBLE_STATE_PRESSED, selected);
#else
  gtk_test_accessible_assert_role (token, GTK_ACCESSIBLE_ROLE_RADIO);
  gtk_test_accessible_assert_state (token, GTK_ACCESSIBLE_STATE_CHECKED,
                                    selected ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE);
#endif
}

/* Selecting a token refreshes the hand in place: the same buttons stay
 * (a screen reader's objects with them; on GTK 4.8 what it is told is
 * the focused one's description), the focus stays on that token (it
 * jumped to the first), a screen reader hears which one is selected, and
 * the hand is named. */
static void
test_hand_keeps_focus_and_says_selected (void)
{
  IsleWindow *window = window_with_white_wall ();
  GtkWidget *first = NULL, *second, *hand;

  puzzle_window = window;
  g_assert_true (isle_ui_test_wait_until (red_to_place, 5000));
  for (int i = 0; i < 80 && first == NULL; i++)
    if ((first = isle_ui_test_find (GTK_WIDGET (window), has_tooltip_suffix, "(key 1)")) == NULL)
      isle_ui_test_wait_ms (25);
  g_assert_nonnull (first);
  hand = gtk_widget_get_parent (first);
  gtk_test_accessible_assert_property (hand, GTK_ACCESSIBLE_PROPERTY_LABEL, "Your hand");
  second = isle_ui_test_find (GTK_WIDGET (window), has_tooltip_suffix, "(key 2)");
  g_assert_nonnull (second);
  assert_selected (first, TRUE);
  assert_selected (second, FALSE);

  g_assert_true (isle_ui_input_click (second, 0.5, 0.5));
  isle_ui_test_wait_ms (200);
  /* The same buttons, the focus on the second token. */
  g_assert_true (isle_ui_test_find (GTK_WIDGET (window), has_tooltip_suffix, "(key 2)") == second);
  g_assert_true (isle_ui_test_find (GTK_WIDGET (window), has_tooltip_suffix, "(key 1)") == first);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == second);
  assert_selected (second, TRUE);
  assert_selected (first, FALSE);

  /* By the keyboard too: Left and space select the first; it keeps the
   * focus. */
  g_assert_true (isle_ui_input_key (GDK_KEY_Left, 0));
  g_assert_true (isle_ui_input_key (GDK_KEY_space, 0));
  isle_ui_test_wait_ms (200);
  g_assert_true (isle_ui_test_find (GTK_WIDGET (window), has_tooltip_suffix, "(key 1)") == first);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == first);
  assert_selected (first, TRUE);
  assert_selected (second, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A puzzle's end: once its goal is decided the game is over for the page.
 * The heading says so, no Next Round leads into an empty map, and the
 * verdict and the puzzle's actions are in sight at 800×600. */
static void
test_puzzle_end_is_the_end (void)
{
  IsleWindow *window = window_with_white_wall ();
  IsleMatch *match = isle_window_get_match (window);
  GtkWidget *next_round, *status;
  IsleGoalStatus goal;

  isle_ui_input_resize (GTK_WINDOW (window), 800, 600);
  isle_match_set_pause_ms (match, 50);
  puzzle_window = window;
  /* A goal of points: the lead on the map now, worked out. */
  {
    GtkWidget *goal_label = isle_ui_test_find (GTK_WIDGET (window), has_label_prefix, "Goal: ");
    const char *said;

    g_assert_nonnull (goal_label);
    said = gtk_label_get_text (GTK_LABEL (goal_label));
    g_assert_true (strstr (said, " is ahead by ") != NULL || strstr (said, "The sides are level.") != NULL);
    shot ("puzzle-goal-lead");
  }
  /* The solution's Red moves, as a person clicks them. */
  place_by_clicks (window, "Rabbit", "b4");
  g_assert_true (isle_ui_test_wait_until (red_to_place, 10000));
  place_by_clicks (window, "Rat", "b3");
  for (int i = 0; i < 200 && isle_match_get_goal_status (match, NULL) == ISLE_GOAL_IN_PROGRESS; i++)
    isle_ui_test_wait_ms (50);
  goal = isle_match_get_goal_status (match, NULL);
  g_assert_cmpint (goal, !=, ISLE_GOAL_IN_PROGRESS);
  isle_ui_test_wait_ms (600);
  /* Nothing holds the game for a round's review; no Next Round. */
  g_assert_false (isle_game_page_get_reviewing (ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (window),
                                                                                         ISLE_TYPE_GAME_PAGE))));
  next_round = isle_ui_test_find (GTK_WIDGET (window), is_button_labelled, "Next Round");
  g_assert_true (next_round == NULL || !gtk_widget_get_mapped (next_round));
  status = GTK_WIDGET (isle_ui_test_find_label (GTK_WIDGET (window), goal == ISLE_GOAL_MET ? "Goal met!" : "Goal not met"));
  g_assert_nonnull (status);
  g_assert_true (isle_ui_test_in_sight (status));
  g_assert_null (isle_ui_test_find_label (GTK_WIDGET (window), "Round 1 is over"));
  /* The verdict of the goal and the puzzle's actions, in sight. */
  g_assert_true (isle_ui_test_in_sight (GTK_WIDGET (isle_ui_test_find (GTK_WIDGET (window), has_label_prefix,
                                                                  goal == ISLE_GOAL_MET ? "Solved!" : "Not this time"))));
  g_assert_true (isle_ui_test_in_sight (isle_ui_test_find (GTK_WIDGET (window), has_action, "win.reset-puzzle")));
  shot ("puzzle-solved-800x600");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  /* Names, roles and states are asserted: GTK's test backend keeps them
   * (no AT-SPI bus needed). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  isle_ui_test_init_windows (&argc, &argv, "test-choices");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest");

  g_test_add_func ("/choices/r6-5-fog-lift-by-click", test_r6_5_fog_lift_by_click);
  g_test_add_func ("/choices/r6-5-last-fog-board-lifts-itself", test_r6_5_last_fog_board_lifts_itself);
  g_test_add_func ("/choices/r6-5-computer-lift-is-one-move", test_r6_5_computer_lift_is_one_move);
  g_test_add_func ("/choices/r9-3-done-hiring-in-sight", test_r9_3_done_hiring_in_sight);
  g_test_add_func ("/choices/puzzle-end-is-the-end", test_puzzle_end_is_the_end);
  g_test_add_func ("/choices/hand-keeps-focus-and-says-selected", test_hand_keeps_focus_and_says_selected);
  g_test_add_func ("/choices/r8-8-prairie-dog-two-clicks", test_r8_8_prairie_dog_two_clicks);
  g_test_add_func ("/choices/r8-9-hippo-left", test_r8_9_hippo_left);
  g_test_add_func ("/choices/r8-9-hippo-up", test_r8_9_hippo_up);
  g_test_add_func ("/choices/r8-5-frog-hop-by-clicks", test_r8_5_frog_hop_by_clicks);
  g_test_add_func ("/choices/r8-5-frog-stays-without-question", test_r8_5_frog_stays_without_question);
  g_test_add_func ("/choices/r4-2-opening-hand-keeps-places", test_r4_2_opening_hand_keeps_places);
  g_test_add_func ("/choices/r4-2-arrow-as-the-piles-appear", test_r4_2_arrow_as_the_piles_appear);
  g_test_add_func ("/choices/r9-3-hiring-keeps-place", test_r9_3_hiring_keeps_place);
  return g_test_run ();
}
