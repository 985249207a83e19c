/* test-keyboard.c — a whole Basic round against the Beginner played from
 * the keyboard alone, as a person who cannot use a pointer plays it (issue
 * 28): real key events through the X server (isle-ui-input.h), no click,
 * no action activated from the test. From the start page, Tab to New Game
 * and Return; Return in the New Game dialog starts the game (its default
 * button); the opening hand (R4.2) taken with Tab and Return; then every
 * placement of round 1 (R4.4): a digit picks the token of the hand, Tab
 * reaches the map, the arrows move its cursor to the tile and Return
 * places it. After each key that decides, the game must have advanced as
 * the keys said (the token on that tile, the Beginner's reply on another),
 * and the round must end with the board full and its review shown (R4.6).
 *
 * The test reads the game to choose its moves and to check them; the page
 * is only ever touched by keys. Needs a display: without one it runs
 * itself again under xvfb-run. */
#include "config.h"

#include <adwaita.h>

#include "isle-application.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-game-page.h"
#include "isle-match.h"
#include "isle-new-game-dialog.h"
#include "isle-notation.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"

/* How long the game may take to answer a key (a limit for a loaded
 * machine, never a measure). */
#define PATIENCE_MS 30000
/* The Beginner's pause before each move, short for the test. */
#define PAUSE_MS 40

static IsleWindow *window;

static const IsleState *
state (void)
{
  return isle_game_get_state (isle_window_get_game (window));
}

static guint
position (void)
{
  return isle_game_get_position (isle_window_get_game (window));
}

static IsleGamePage *
game_page (void)
{
  return ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (window), ISLE_TYPE_GAME_PAGE));
}

static gboolean
reviewing (void)
{
  return game_page () != NULL && isle_game_page_get_reviewing (game_page ());
}

static gboolean
on_game_page (void)
{
  return g_strcmp0 (isle_ui_test_page_shown (GTK_WIDGET (window)), "game") == 0;
}

/* The person decides now (the review of a round not in the way). */
static gboolean
human_turn (void)
{
  return on_game_page () && !reviewing () && isle_match_get_human_turn (isle_window_get_match (window));
}

/* The round is over: its review shows, or the game went past it. */
static gboolean
round_over (void)
{
  return reviewing () || state ()->round > 1 || state ()->phase == ISLE_PHASE_OVER;
}

static gboolean
human_turn_or_round_over (void)
{
  return human_turn () || round_over ();
}

static guint before;

static gboolean
advanced (void)
{
  return position () > before;
}

/* Presses KEYVAL and lets the page take it. */
static void
press (guint keyval)
{
  g_assert_true (isle_ui_input_key (keyval, 0));
  isle_ui_test_wait_ms (30);
}

static GtkWidget *
focus (void)
{
  return gtk_window_get_focus (GTK_WINDOW (window));
}

/* Presses Tab until the focused widget MATCHES, as a person tabs to what
 * they want; FALSE when a round of the whole Tab chain never got there. */
static gboolean
tab_to (IsleUiTestMatch matches, gconstpointer data)
{
  for (int i = 0; i < 100; i++)
    {
      GtkWidget *widget = focus ();

      if (widget != NULL && matches (widget, data))
        return TRUE;
      press (GDK_KEY_Tab);
    }
  return FALSE;
}

static gboolean
is_new_game_button (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.new-game") == 0;
}

/* The decision a choice button of the page makes (isle-choice-panel.c). */
static IsleAction
action_of (GtkWidget *widget)
{
  return (IsleAction) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "action"));
}

static gboolean
is_pick_button (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_BUTTON (widget) && gtk_widget_is_sensitive (widget)
         && isle_action_type (action_of (widget)) == ISLE_ACTION_PICK;
}

static gboolean
is_tile (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return ISLE_IS_BOARD_TILE (widget);
}

/* Round 1's island: the game's while the round lasts; once it is over
 * (R4.6: the tokens went back to their piles), the one its review shows. */
static const IsleBoard *
round_board (void)
{
  if (state ()->round == 1)
    return &state ()->board;
  g_assert_true (isle_ui_test_wait_until (reviewing, PATIENCE_MS));
  return isle_board_view_get_board (isle_game_page_get_board (game_page ()));
}

static int
tokens_on_board (void)
{
  const IsleBoard *board = round_board ();
  int n = 0;

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    n += board->cells[cell].kind != ISLE_KIND_NONE;
  return n;
}

/* A window of the application (its accelerators and all) on the start
 * page, shown and focused as a window manager would. */
static void
open_window (void)
{
  g_autoptr (GError) error = NULL;
  IsleApplication *app = isle_application_new ();

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("the application does not register: %s", error->message);
  window = isle_window_new (GTK_APPLICATION (app));
  g_object_unref (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  isle_ui_test_wait_ms (300);
  g_assert_cmpstr (isle_ui_test_page_shown (GTK_WIDGET (window)), ==, "start");
}

static gboolean
dialog_open (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG) != NULL;
}

static gboolean
game_started (void)
{
  return !dialog_open () && on_game_page ();
}

/* Tab to New Game on the start page, Return; Return again in the dialog
 * starts its default game: Basic against the Beginner, the person first. */
static void
start_by_keys (void)
{
  const IsleGameSetup *setup;

  g_assert_true (tab_to (is_new_game_button, NULL));
  press (GDK_KEY_Return);
  g_assert_true (isle_ui_test_wait_until (dialog_open, 5000));
  /* A window of its own, or a dialog in the game's (libadwaita ≥ 1.5):
   * given the keyboard as a window manager gives a new window. */
  g_assert_true (isle_ui_input_focus (isle_ui_test_window_of (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG))));
  isle_ui_test_wait_ms (100);
  press (GDK_KEY_Return);
  g_assert_true (isle_ui_test_wait_until (game_started, 5000));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  setup = isle_game_get_setup (isle_window_get_game (window));
  g_assert_cmpint (setup->variant, ==, ISLE_VARIANT_BASIC);
  g_assert_cmpstr (isle_player_spec_to_text (&setup->players[1]), ==, "beginner");
  g_assert_true (isle_match_is_human (isle_window_get_match (window), 0));
  isle_match_set_pause_ms (isle_window_get_match (window), PAUSE_MS);
  g_assert_true (isle_ui_test_wait_until (human_turn, PATIENCE_MS));
}

/* R4.2: the opening hand, a token at a time: Tab to a "Take a …" button,
 * Return; the hand holds one more of that kind. */
static void
pick_opening_hand_by_keys (void)
{
  int seat = isle_match_get_viewer (isle_window_get_match (window));

  while (state ()->phase == ISLE_PHASE_HAND)
    {
      g_assert_true (isle_ui_test_wait_until (human_turn, PATIENCE_MS));
      if (state ()->phase != ISLE_PHASE_HAND)
        break;
      {
        int held = state ()->hand_len[seat];
        IsleKind kind;

        g_assert_cmpint (isle_state_to_move (state ()), ==, seat);
        g_assert_true (tab_to (is_pick_button, NULL));
        kind = isle_action_kind (action_of (focus ()));
        before = position ();
        press (GDK_KEY_Return);
        g_assert_true (isle_ui_test_wait_until (advanced, PATIENCE_MS));
        g_assert_cmpint (state ()->hand_len[seat], ==, held + 1);
        g_assert_cmpint (state ()->hand[seat][held], ==, kind);
      }
    }
  g_assert_cmpint (state ()->hand_len[seat], ==, ISLE_HAND_MAX);
}

/* The placement the person makes now: a legal one, varied from move to
 * move (any token of the hand, any free tile). */
static IsleAction
choose (int move)
{
  IsleActionList list;
  IsleAction plain[ISLE_MAX_ACTIONS];
  int n = 0;

  isle_state_legal_actions (state (), &list);
  for (int i = 0; i < list.n; i++)
    if (isle_action_type (list.actions[i]) == ISLE_ACTION_PLACE && isle_action_cell2 (list.actions[i]) == ISLE_NO_CELL
        && !isle_action_face_down (list.actions[i]))
      plain[n++] = list.actions[i];
  g_assert_cmpint (n, >, 0);
  return plain[(move * 7) % n];
}

static int
hand_index (IsleKind kind)
{
  const IsleState *s = state ();
  int seat = isle_state_to_move (s);

  for (int i = 0; i < s->hand_len[seat]; i++)
    if (s->hand[seat][i] == kind)
      return i;
  g_assert_not_reached ();
}

static gboolean
is_hand_token (GtkWidget *widget, gconstpointer index)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_has_css_class (widget, "hand-token")
         && g_object_get_data (G_OBJECT (widget), "index") == index;
}

static int wanted_index;

/* Whether the hand shows its token WANTED_INDEX selected. */
static gboolean
token_selected (void)
{
  GtkWidget *token = isle_ui_test_find (GTK_WIDGET (window), is_hand_token, GINT_TO_POINTER (wanted_index));

  return token != NULL && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (token));
}

/* The digit of the hand's token INDEX (1–5), until the hand shows it
 * selected: a key in the frame before the hand caught up with the game
 * is dropped by the page, as it would be for a person, who presses it
 * again. */
static void
pick_by_digit (int index)
{
  wanted_index = index;
  for (int attempt = 0; attempt < 5 && !token_selected (); attempt++)
    {
      press (GDK_KEY_1 + index);
      isle_ui_test_wait_until (token_selected, 500);
    }
  g_assert_true (token_selected ());
}

/* R4.4: the digit of the token, Tab to the map (unless the cursor has the
 * focus already), the arrows to the tile, Return. */
static void
place_by_keys (IsleAction a)
{
  IsleKind kind = isle_action_kind (a);
  int target = isle_action_cell (a), cursor, seat = isle_state_to_move (state ());
  char name[3];

  pick_by_digit (hand_index (kind));
  g_assert_true (tab_to (is_tile, NULL));
  cursor = isle_board_tile_get_cell (ISLE_BOARD_TILE (focus ()));
  for (int c = isle_cell_column (cursor); c < isle_cell_column (target); c++)
    press (GDK_KEY_Right);
  for (int c = isle_cell_column (cursor); c > isle_cell_column (target); c--)
    press (GDK_KEY_Left);
  for (int r = isle_cell_row (cursor); r < isle_cell_row (target); r++)
    press (GDK_KEY_Down);
  for (int r = isle_cell_row (cursor); r > isle_cell_row (target); r--)
    press (GDK_KEY_Up);
  /* The cursor is where the arrows took it, and says what is there. */
  g_assert_true (is_tile (focus (), NULL));
  g_assert_cmpint (isle_board_tile_get_cell (ISLE_BOARD_TILE (focus ())), ==, target);
  g_assert_true (g_str_has_prefix (isle_board_tile_get_label (ISLE_BOARD_TILE (focus ())),
                                   isle_cell_name (target, name)));
  before = position ();
  press (GDK_KEY_Return);
  g_assert_true (isle_ui_test_wait_until (advanced, PATIENCE_MS));
  if (round_board ()->cells[target].kind != kind)
    {
      char text[64], board[512];

      isle_board_format (round_board (), board, sizeof board);
      g_strdelimit (board, "\n", '/');
      g_error ("'%s' by keys left %s holding kind %d (position %u → %u, cursor was %d): %s",
               isle_action_format (state (), a, text), name, round_board ()->cells[target].kind, before, position (),
               cursor, board);
    }
  g_assert_cmpint (isle_seat_side (round_board ()->cells[target].seat), ==, isle_seat_side (seat));
}

static void
test_basic_round_by_keyboard (void)
{
  int moves = 0, seat;

  open_window ();
  start_by_keys ();
  seat = isle_match_get_viewer (isle_window_get_match (window));
  pick_opening_hand_by_keys ();
  while (!round_over ())
    {
      int filled;

      g_assert_true (isle_ui_test_wait_until (human_turn_or_round_over, PATIENCE_MS));
      if (round_over ())
        break;
      g_assert_cmpint (state ()->phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpint (isle_state_to_move (state ()), ==, seat);
      filled = tokens_on_board ();
      place_by_keys (choose (moves));
      moves++;
      g_assert_cmpint (tokens_on_board (), >=, filled + 1);
      /* The Beginner replies on a tile of its own, or the round ends. */
      g_assert_true (isle_ui_test_wait_until (human_turn_or_round_over, PATIENCE_MS));
      g_assert_cmpint (tokens_on_board (), ==, filled + 2);
    }
  /* R4.6: the round ends when the island is full, half of it the
   * person's; its review shows what it scored. */
  g_assert_cmpint (moves, ==, ISLE_N_CELLS / 2);
  g_assert_cmpint (tokens_on_board (), ==, ISLE_N_CELLS);
  g_assert_true (isle_ui_test_wait_until (reviewing, PATIENCE_MS));
  /* R4.7: the Basic game has a second round to come. */
  g_assert_cmpint (state ()->phase, !=, ISLE_PHASE_OVER);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  isle_ui_test_init_windows (&argc, &argv, "test-keyboard");
  if (!isle_ui_input_available ())
    g_error ("the display has no XTest: real input cannot be sent");
  /* Tokens put down at once: the keys wait for no animation. */
  g_settings_set_boolean (isle_settings_get (), "animations", FALSE);

  g_test_add_func ("/keyboard/basic-round-by-keyboard", test_basic_round_by_keyboard);
  return g_test_run ();
}
