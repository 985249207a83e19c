/* test-tour.c — the scripted tour (issue 19, "Done means"): one whole game
 * of each variant, Basic, Weather, Mercenary, Quick and Team, played in the
 * real game window with real input only (XTest keys and clicks through
 * isle-ui-input.h), from the New Game dialog to the verdict, with
 * screenshots of what a player meets on the way.
 *
 * A person's decisions are chosen by reading the game (the legal actions:
 * a test may read the model to choose), then made by clicking the widget a
 * person would: a tile of the map (isle_board_view_get_tile()), a token of
 * the hand, the button or hiring row whose "action" data is the decision,
 * the "face down" check box, Next Round. The computer seats play at the
 * "beginner" level with the match's pause shortened (pause-ms).
 *
 * Whenever a round's review is shown the tour presses Next Round (whether
 * the review waits for it or ends by itself: the tour never waits for a
 * timer). After each game it asserts a verdict is shown.
 *
 * Checkpoints: after every step the tour visits each checkpoint of
 * checkpoints[] not yet taken in this game; a checkpoint looks whether its
 * moment has come and then does what it does (a screenshot, a resize, a
 * click) and says it was taken. Adding one is a function of a few lines
 * and a row in the table. Screenshots go to CRITTER_ISLE_TOUR_DIR (default
 * tour/ in the test's build directory), named VARIANT-NN-WHAT.png.
 *
 * Any warning or critical fails the test (tour_writer()).
 *
 * Test parameters (environment):
 *   CRITTER_ISLE_TOUR_DIR=DIR    where the screenshots go
 *   CRITTER_ISLE_TOUR_SEED=N     the tour's own choices (default 19); the
 *                                app's chance still varies from run to run
 * One game alone: test-tour -p /tour/quick (the /tour/ paths are the
 * variants of games[]).
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "isle-application.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-game.h"
#include "isle-game-page.h"
#include "isle-hand-view.h"
#include "isle-history.h"
#include "isle-match.h"
#include "isle-new-game-dialog.h"
#include "isle-notation.h"
#include "isle-review-window.h"
#include "isle-round-review.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"

/* The computers' pause before a move, and the pause between a review's
 * lines: short, so that five games fit in about two minutes. */
#define TOUR_PAUSE_MS 30
#define TOUR_LINE_STEP_MS 90
/* A game that has not ended after this long has stalled: the team game
 * took 60 s on a quiet machine, more than 120 s beside the other stages
 * on two cores; meson's timeout (300 s, twice or three times that in the
 * stages) is the last word. */
#define GAME_LIMIT_S 480
/* How long a decision's click may take to be applied. */
#define APPLY_LIMIT_MS 3000

/* ---- the games ------------------------------------------------------------- */

typedef struct
{
  const char *variant;     /* the "variant" setting, and the screenshots' prefix */
  const char *players[ISLE_MAX_SEATS];
  const char *opening;     /* the "opening-hand" setting */
  const char *weather;     /* the "quick-weather" setting */
  const char *scenario;    /* else: a scenario file (.isle) opened instead
                            * of a new game, as a file manager opens it */
  const char *must_see;    /* a checkpoint the game must reach, or NULL */
} Game;

/* R8.1: the last round of a Mercenary game, the computer (Blue) to move
 * with only its Fox in hand and two tiles left, each next to Red's Wolves:
 * its Fox must pick one of them, and the person replaces it. Then the
 * game ends on coins (R9.4). */
static const char computer_fox_scenario[] =
  "{\n"
  "  \"format\": \"critter-isle\", \"version\": 1,\n"
  "  \"title\": \"The tour: a computer's Fox\",\n"
  "  \"variant\": \"mercenary\",\n"
  "  \"start\": {\n"
  "    \"round\": 4, \"first_seat\": 1, \"to_move\": 1, \"weather\": \"sunny\",\n"
  "    \"board\": [\n"
  "      \"rW bW rW bW rR bW\",\n"
  "      \"bP rP bR rR bB rB\",\n"
  "      \"rW bW rW bW rR bR\",\n"
  "      \"bW rW bW rP bP rW\",\n"
  "      \"rB bB rR bR rW .\",\n"
  "      \"bW bR rB bB rW .\"\n"
  "    ],\n"
  "    \"hands\": [[\"W\"], [\"F\"]],\n"
  "    \"piles\": [[], []],\n"
  "    \"coins\": {\"red\": 40, \"blue\": 38},\n"
  "    \"scores\": [{\"red\": 12, \"blue\": 10}, {\"red\": 14, \"blue\": 16}, {\"red\": 14, \"blue\": 12}],\n"
  "    \"hired\": {\"red\": [], \"blue\": [\"F\"]}\n"
  "  },\n"
  "  \"player\": 0,\n"
  "  \"opponent\": \"beginner\"\n"
  "}\n";

/* One human seat against the gentlest computer; hands chosen by hand
 * where the game lets a person choose them, so the hand's piles are
 * clicked too. Quick in fog: its last round is a Foggy one. */
static const Game games[] = {
  { "basic", { "human", "beginner" }, "choose", "default" },
  { "weather", { "human", "beginner" }, "choose", "default" },
  { "mercenary", { "human", "beginner" }, "deal", "default" },
  { "quick", { "human", "beginner" }, "deal", "foggy" },
  { "team", { "human", "beginner", "beginner", "beginner" }, "deal", "default" },
  { "computer-fox", { NULL }, NULL, NULL, computer_fox_scenario, "computer-fox" },
};

/* ---- the tour's state ------------------------------------------------------- */

typedef struct
{
  GtkApplication *app;
  IsleWindow *window;        /* weak */
  GRand *rand;
  char *dir;                 /* where the screenshots go */
  const Game *game;          /* the game being played */
  GHashTable *taken;         /* checkpoint names taken in this game */
  guint decisions;           /* the person's decisions in this game */
  guint shots;               /* screenshots of this game */
  GPtrArray *files;          /* every screenshot written */
} Tour;

static Tour tour;

/* Any warning or critical fails the test, whatever its domain. */
static GLogWriterOutput
tour_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  GLogWriterOutput out = g_log_writer_default (level, fields, n_fields, user_data);

  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return out;
}

static void
wait_ms (int ms)
{
  isle_ui_test_wait_ms (ms);
}


/* ---- what the window shows ---------------------------------------------------- */

static IsleGamePage *
game_page (void)
{
  return tour.window != NULL
         ? ISLE_GAME_PAGE (isle_ui_test_find_type (GTK_WIDGET (tour.window), ISLE_TYPE_GAME_PAGE)) : NULL;
}

static IsleBoardView *
board_view (void)
{
  IsleGamePage *page = game_page ();

  return page != NULL ? isle_game_page_get_board (page) : NULL;
}

static IsleGame *
the_game (void)
{
  return isle_window_get_game (tour.window);
}

static const IsleState *
state (void)
{
  return isle_game_get_state (the_game ());
}

/* The page a person sees: "start", "puzzles", "game" or "pass"; "" while
 * a page still slides in or out (libadwaita 1.4's navigation view), as it
 * is not yet where a person clicks. */
static const char *
page_name (void)
{
  return isle_ui_test_page_shown (GTK_WIDGET (tour.window));
}

static gboolean
reviewing (void)
{
  IsleGamePage *page = game_page ();

  return page != NULL && isle_game_page_get_reviewing (page);
}

/* The person at the screen decides now. */
static gboolean
human_turn (void)
{
  return g_strcmp0 (page_name (), "game") == 0 && !reviewing ()
         && isle_match_get_human_turn (isle_window_get_match (tour.window));
}

/* Whether a click in the middle of WIDGET lands on it: shown, sensitive,
 * of some size, not scrolled away or covered. */
static gboolean
clickable (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point;
  GtkWidget *picked;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (native == NULL || !gtk_widget_get_mapped (widget) || !gtk_widget_is_sensitive (widget)
      || width <= 2 || height <= 2
      || !gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                    &GRAPHENE_POINT_INIT (width / 2.0f, height / 2.0f), &point)
      || point.x < 0 || point.y < 0 || point.x >= gtk_widget_get_width (GTK_WIDGET (native))
      || point.y >= gtk_widget_get_height (GTK_WIDGET (native)))
    return FALSE;
  picked = gtk_widget_pick (GTK_WIDGET (native), point.x, point.y, GTK_PICK_DEFAULT);
  /* A map tile takes no pointer: the map under it takes its clicks. */
  if (ISLE_IS_BOARD_TILE (widget))
    widget = gtk_widget_get_parent (widget);
  return picked != NULL && (picked == widget || gtk_widget_is_ancestor (picked, widget));
}

/* Turns the wheel over WIDGET's scrolled window until WIDGET can be
 * clicked, as a person scrolls to what they want: down first, then up. */
static gboolean
scroll_to (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  for (int i = 0; i < 40 && !clickable (widget); i++)
    {
      if (scroller == NULL || !isle_ui_input_scroll (scroller, i < 20 ? 1 : -1))
        return FALSE;
      wait_ms (15);
    }
  return clickable (widget);
}

/* Clicks WIDGET as a person does, scrolling to it first when need be. */
static gboolean
click (GtkWidget *widget)
{
  if (!clickable (widget) && !scroll_to (widget))
    return FALSE;
  return isle_ui_input_click (widget, 0.5, 0.5);
}

static IsleAction wanted_action;

static gboolean
holds_wanted_action (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return (GTK_IS_BUTTON (widget) || GTK_IS_LIST_BOX_ROW (widget))
         && gtk_widget_get_visible (widget)
         && g_object_get_data (G_OBJECT (widget), "action") == GUINT_TO_POINTER (wanted_action);
}

/* The button or row of the page that holds decision A, or NULL. */
static GtkWidget *
choice_widget (IsleAction a)
{
  wanted_action = a;
  return isle_ui_test_find (GTK_WIDGET (tour.window), holds_wanted_action, NULL);
}

static const char *wanted_action_name;

static gboolean
has_wanted_action_name (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_ACTIONABLE (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), wanted_action_name) == 0;
}

/* The shown button of the action NAME inside ROOT, or NULL. */
static GtkWidget *
button_for (GtkWidget *root, const char *name)
{
  wanted_action_name = name;
  return root != NULL ? isle_ui_test_find (root, has_wanted_action_name, NULL) : NULL;
}

static GtkWidget *
tile (int cell)
{
  return isle_board_view_get_tile (board_view (), cell);
}

static gboolean
label_shown (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* ---- screenshots ------------------------------------------------------------- */

/* The window drawn as it is on screen into DIR/VARIANT-NN-WHAT.png, after
 * a moment for the last change to be painted. */
static void screenshot_of (GtkWidget *widget, const char *what);

static void
screenshot (const char *what)
{
  screenshot_of (GTK_WIDGET (tour.window), what);
}

/* WIDGET (a window) drawn as it is on screen. */
static void
screenshot_of (GtkWidget *widget, const char *what)
{
  int w = 0, h = 0;
  g_autoptr (GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *name = NULL;
  char *path;

  wait_ms (60);
  paintable = gtk_widget_paintable_new (widget);
  /* Nothing to draw while the window is being laid out: a frame later. */
  for (int attempt = 0; node == NULL && attempt < 50; attempt++)
    {
      if (attempt > 0)
        {
          gtk_widget_queue_draw (widget);
          wait_ms (20);
        }
      w = gtk_widget_get_width (widget);
      h = gtk_widget_get_height (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  if (node == NULL)
    g_error ("the window draws nothing for the screenshot '%s'", what);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  name = g_strdup_printf ("%s-%02u-%s.png", tour.game->variant, ++tour.shots, what);
  path = g_build_filename (tour.dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot %s (%dx%d)", path, w, h);
  g_ptr_array_add (tour.files, path);
}

/* ---- the person's decisions, made by input ---------------------------------- */

static gboolean
is_hand_token (GtkWidget *widget, gconstpointer index)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_has_css_class (widget, "hand-token")
         && g_object_get_data (G_OBJECT (widget), "index") == index;
}

static gboolean
is_face_down_box (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_CHECK_BUTTON (widget) && gtk_widget_get_mapped (widget);
}

static guint before_position;

static gboolean
applied (void)
{
  return isle_game_get_position (the_game ()) > before_position;
}

/* Lets the page catch up with the last change: its side panel follows the
 * board a frame later, and its buttons wait until then. */
static void
settle (void)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (tour.window));
  gint64 frame = clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : 0;
  gint64 end = g_get_monotonic_time () + 80 * G_TIME_SPAN_MILLISECOND;

  while (clock != NULL && gdk_frame_clock_get_frame_counter (clock) < frame + 2
         && g_get_monotonic_time () < end)
    wait_ms (3);
  wait_ms (10);
}

static gboolean
any_tile_offered (void)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (isle_board_tile_get_playable (ISLE_BOARD_TILE (tile (cell))))
      return TRUE;
  return FALSE;
}

/* Selects the hand token of KIND by clicking it, until the page holds it
 * selected (a click in the frame before the panel caught up is dropped by
 * the page, as it would be for a person: click again). */
static void
select_hand_token (IsleKind kind)
{
  const IsleState *s = state ();
  int seat = isle_state_to_move (s), index = -1;
  GtkWidget *button;

  for (int i = 0; i < s->hand_len[seat]; i++)
    if (s->hand[seat][i] == kind)
      {
        index = i;
        break;
      }
  g_assert_cmpint (index, >=, 0);
  for (int attempt = 0; attempt < 5; attempt++)
    {
      button = isle_ui_test_find (GTK_WIDGET (tour.window), is_hand_token, GINT_TO_POINTER (index));
      g_assert_nonnull (button);
      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)))
        {
          settle ();
          button = isle_ui_test_find (GTK_WIDGET (tour.window), is_hand_token, GINT_TO_POINTER (index));
          if (button != NULL && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)))
            {
              if (any_tile_offered ())
                return;
              /* The hand shows the token selected but the map offers no
               * tile: a person picks another token and this one again,
               * or with one token left, asks for a hint. */
              if (g_hash_table_add (tour.taken, g_strdup ("note:no-tile-offered")))
                g_test_message ("%s: %s selected of %d in hand, but the map offers no tile (position %u): %s",
                                tour.game->variant, isle_kind_info (kind)->name, s->hand_len[seat],
                                isle_game_get_position (the_game ()),
                                s->hand_len[seat] < 2 ? "asked for a hint" : "picked again");
              if (s->hand_len[seat] < 2)
                {
                  g_assert_true (isle_ui_input_key (GDK_KEY_h, GDK_CONTROL_MASK));
                  isle_ui_test_wait_until (any_tile_offered, 5000);
                  continue;
                }
              g_assert_true (click (isle_ui_test_find (GTK_WIDGET (tour.window), is_hand_token,
                                                       GINT_TO_POINTER (index == 0 ? 1 : 0))));
              settle ();
            }
          continue;
        }
      g_assert_true (click (button));
      settle ();
    }
  g_error ("the hand's %s cannot be selected", isle_kind_info (kind)->name);
}

/* Whether both faces of KIND may be placed now (R6.4): the page then
 * shows its "face down" check box. */
static gboolean
both_faces (const IsleState *s, IsleKind kind)
{
  IsleActionList list;
  gboolean up = FALSE, down = FALSE;

  isle_state_legal_actions (s, &list);
  for (int i = 0; i < list.n; i++)
    if (isle_action_type (list.actions[i]) == ISLE_ACTION_PLACE && isle_action_kind (list.actions[i]) == kind)
      {
        up |= !isle_action_face_down (list.actions[i]);
        down |= isle_action_face_down (list.actions[i]);
      }
  return up && down;
}

static gboolean shot_once (const char *what);

/* The decision being made, in words (for messages). */
static char wanted_text[64];

static void
click_tile (int cell)
{
  char name[3];

  for (int i = 0; i < 20 && !isle_board_tile_get_playable (ISLE_BOARD_TILE (tile (cell))); i++)
    settle ();
  if (!isle_board_tile_get_playable (ISLE_BOARD_TILE (tile (cell))))
    {
      g_autoptr (GString) offered = g_string_new (NULL);
      char text[64];

      for (int c = 0; c < ISLE_N_CELLS; c++)
        if (isle_board_tile_get_playable (ISLE_BOARD_TILE (tile (c))))
          g_string_append_printf (offered, " %s", isle_cell_name (c, text));
      char board[512];

      isle_board_format (&state ()->board, board, sizeof board);
      /* One line, for TAP. */
      g_strdelimit (board, "\n", '/');
      g_error ("tile %s is not offered for '%s' (phase %d, position %u, human turn %d, page says '%s'; offered:%s) %s",
               isle_cell_name (cell, name), wanted_text, state ()->phase, isle_game_get_position (the_game ()),
               human_turn (), isle_game_page_get_status (game_page ()), offered->str, board);
    }
  g_assert_true (click (tile (cell)));
}

/* A placement: the token from the hand, its face, then its tile (a Hippo's
 * two tiles one after the other, R8.9). */
static void
place (IsleAction a)
{
  IsleKind kind = isle_action_kind (a);

  select_hand_token (kind);
  if (both_faces (state (), kind))
    {
      GtkWidget *box = NULL;

      for (int i = 0; i < 20 && (box = isle_ui_test_find (GTK_WIDGET (tour.window), is_face_down_box, NULL)) == NULL; i++)
        settle ();
      g_assert_nonnull (box);
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (box)) != isle_action_face_down (a))
        {
          g_assert_true (click (box));
          settle ();
        }
    }
  if (isle_action_cell2 (a) != ISLE_NO_CELL)
    {
      click_tile (isle_action_cell (a));
      settle ();
      shot_once ("choice-hippo-second-tile");
    }
  click_tile (isle_action_cell2 (a) != ISLE_NO_CELL ? isle_action_cell2 (a) : isle_action_cell (a));
}

/* The button or row of decision A, clicked once the panel shows it. */
static void
click_choice (IsleAction a)
{
  GtkWidget *widget = NULL;
  char text[64];

  for (int i = 0; i < 40 && ((widget = choice_widget (a)) == NULL || !gtk_widget_get_mapped (widget)); i++)
    settle ();
  if (widget == NULL)
    g_error ("no button for '%s'", isle_action_format (state (), a, text));
  if (!click (widget))
    g_error ("the button for '%s' cannot be clicked", isle_action_format (state (), a, text));
}

static gboolean shot_once (const char *what);

/* R8.5: the tile of the face-up Frog of the seat to move. */
static int
frog_tile (const IsleState *s)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (s->board.cells[cell].kind == ISLE_KIND_FROG && s->board.cells[cell].seat == isle_state_to_move (s)
        && !(s->board.cells[cell].flags & ISLE_CELL_FACE_DOWN))
      return cell;
  g_error ("no Frog to hop");
  return -1;
}

/* Makes decision A as a person does and waits until the game took it. */
static void
perform (IsleAction a)
{
  IsleGame *game = the_game ();
  char text[64];

  isle_action_format (state (), a, text);
  g_strlcpy (wanted_text, text, sizeof wanted_text);
  before_position = isle_game_get_position (game);
  for (int attempt = 0; attempt < 3 && !applied (); attempt++)
    {
      settle ();
      switch (isle_action_type (a))
        {
        case ISLE_ACTION_PLACE:
          place (a);
          break;
        case ISLE_ACTION_TARGET:
        case ISLE_ACTION_SETTLE:
          click_tile (isle_action_cell (a));
          break;
        case ISLE_ACTION_HOP:
          /* R8.5: on the map, the Frog and then the tile it hops to. */
          click_tile (frog_tile (state ()));
          settle ();
          shot_once ("choice-frog-picked");
          click_tile (isle_action_cell (a));
          break;
        case ISLE_ACTION_LIFT:
          /* R6.3: a click on any tile of the fog board. */
          click_tile (__builtin_ctzll (isle_quadrant_mask (isle_action_arg (a)) & state ()->board.fog));
          break;
        case ISLE_ACTION_SWAP:
          if (isle_action_cell2 (a) == ISLE_NO_CELL)
            click_tile (isle_action_cell (a));
          else
            {
              /* R8.8: the Prairie Dog's two tokens, one click each. */
              click_tile (isle_action_cell (a));
              settle ();
              shot_once ("choice-prairie-dog-first-pick");
              click_tile (isle_action_cell2 (a));
            }
          break;
        default:
          click_choice (a);
          break;
        }
      isle_ui_test_wait_until (applied, APPLY_LIMIT_MS / 3);
    }
  if (!applied ())
    g_error ("'%s' was not taken by the game (position %u)", text, before_position);
  if (isle_game_get_action (game, before_position) != a)
    {
      char done[64];

      g_error ("'%s' was wanted, '%s' was played", text,
               isle_action_format (isle_game_get_state_at (game, before_position),
                                   isle_game_get_action (game, before_position), done));
    }
  tour.decisions++;
}

/* ---- choosing as a person might ----------------------------------------------- */

/* A random legal decision, leaning towards what shows the game's choices:
 * mercenaries hired and placed face up (their abilities), a Frog's hop, a
 * Prairie Dog's swap. */
static IsleAction
choose (const IsleState *s)
{
  IsleActionList list;
  IsleAction preferred[ISLE_MAX_ACTIONS];
  int n = 0;

  isle_state_legal_actions (s, &list);
  g_assert_cmpint (list.n, >, 0);
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];

      switch (isle_action_type (a))
        {
        case ISLE_ACTION_HIRE:
          /* Only what the market offers: a person cannot hire what it
           * shows no row for (a second Crow, once one is hired). */
          settle ();
          if (choice_widget (a) != NULL)
            preferred[n++] = a;
          else
            {
              char text[64];
              char *key = g_strdup_printf ("no-row:%s", isle_action_format (s, a, text));

              if (g_hash_table_add (tour.taken, key))
                g_test_message ("%s: the market offers no row for the legal '%s'", tour.game->variant, text);
            }
          break;
        case ISLE_ACTION_PLACE:
          if (isle_kind_is_mercenary (isle_action_kind (a)) && !isle_action_face_down (a))
            preferred[n++] = a;
          break;
        case ISLE_ACTION_HOP:
        case ISLE_ACTION_SWAP:
        case ISLE_ACTION_TARGET:
          preferred[n++] = a;
          break;
        default:
          break;
        }
    }
  /* Not every hire: a side goes on to "Done hiring" at times. */
  if (n > 0 && (s->phase != ISLE_PHASE_HIRE || g_rand_int_range (tour.rand, 0, 4) != 0))
    return preferred[g_rand_int_range (tour.rand, 0, n)];
  for (int tries = 0; tries < 100; tries++)
    {
      IsleAction a = list.actions[g_rand_int_range (tour.rand, 0, list.n)];

      if (isle_action_type (a) != ISLE_ACTION_HIRE || choice_widget (a) != NULL)
        return a;
    }
  return isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
}

/* ---- checkpoints -------------------------------------------------------------- */

/* Takes the screenshot WHAT unless it was taken in this game: TRUE when
 * it is taken now. */
static gboolean
shot_once (const char *what)
{
  if (g_hash_table_contains (tour.taken, what))
    return FALSE;
  g_hash_table_add (tour.taken, g_strdup (what));
  screenshot (what);
  return TRUE;
}

/* The side of the person at the screen. */
static IsleSide
human_side (void)
{
  return isle_seat_side (isle_match_get_viewer (isle_window_get_match (tour.window)));
}

/* Each checkpoint looks whether its moment has come; then it does what it
 * does and returns TRUE (it is not visited again in this game). It is
 * visited after every step of the game, before the person's next decision
 * is made, with S the game's state. A new one is a function and a row of
 * checkpoints[], e.g. the results reopened from the game's menu:
 *
 *   static gboolean
 *   cp_results_reopened (const IsleState *s)
 *   {
 *     GtkWidget *menu;
 *
 *     if (s->round < 2 || !human_turn ())
 *       return FALSE;
 *     menu = isle_ui_test_find_type (GTK_WIDGET (tour.window), GTK_TYPE_MENU_BUTTON);
 *     g_assert_true (click (menu));
 *     ... click the menu's item, screenshot ("results-table"), Escape ...
 *     return TRUE;
 *   }
 *
 * shot_once() takes a screenshot once a game; choose() and perform() make
 * a person's decision; button_for() finds a shown button by its action. */
typedef gboolean (*CheckpointFunc) (const IsleState *s);

static gboolean
cp_opening_hand (const IsleState *s)
{
  return human_turn () && s->phase == ISLE_PHASE_HAND && s->hand_len[s->to_move] >= 2
         && shot_once ("opening-hand");
}

static gboolean
cp_weather_card (const IsleState *s)
{
  return human_turn () && s->phase == ISLE_PHASE_WEATHER && shot_once ("choice-weather-card");
}

static gboolean
cp_hiring_market (const IsleState *s)
{
  return human_turn () && s->phase == ISLE_PHASE_HIRE && shot_once ("hiring-market");
}

/* Hiring after a hire: what is left to spend. */
static gboolean
cp_hiring_coins_left (const IsleState *s)
{
  gboolean hired = FALSE;

  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    hired |= s->pending[human_side ()][kind] != 0;
  if (!human_turn () || s->phase != ISLE_PHASE_HIRE || !hired)
    return FALSE;
  {
    /* R9.3: what is left to spend, said above the market. */
    int left = s->coins[human_side ()];
    g_autofree char *words = NULL;

    for (int kind = 0; kind < ISLE_N_KINDS; kind++)
      if (s->pending[human_side ()][kind])
        left -= s->rules.hire_cost[kind];
    words = g_strdup_printf ("Coins left: %d", left);
    settle ();
    if (isle_ui_test_find (GTK_WIDGET (tour.window), label_shown, words) == NULL)
      g_error ("hiring shows no '%s'", words);
  }
  return shot_once ("hiring-coins-left");
}

/* The person's ability choices on the map, before they are made. */
static gboolean
cp_choice_on_board (const IsleState *s)
{
  IsleKind kind = s->ability_cell < ISLE_N_CELLS ? (IsleKind) s->board.cells[s->ability_cell].kind
                                                 : ISLE_KIND_NONE;

  if (!human_turn ())
    return FALSE;
  if (s->phase == ISLE_PHASE_FOG_LIFT)
    shot_once ("choice-fog-lift");
  else if (s->phase == ISLE_PHASE_HOP)
    shot_once ("choice-frog-hop");
  else if (s->phase == ISLE_PHASE_SETTLE)
    shot_once ("choice-hippo-settle");
  else if (s->phase == ISLE_PHASE_REPLACE)
    shot_once ("choice-replace");
  else if (s->phase == ISLE_PHASE_ABILITY)
    {
      g_autofree char *what = g_strdup_printf ("choice-%s", isle_kind_info (kind)->name);

      for (char *c = what; *c; c++)
        *c = *c == ' ' ? '-' : g_ascii_tolower (*c);
      shot_once (what);
    }
  return FALSE;   /* visited all game long: each choice once */
}

/* A computer's Fox has just picked the person's token (R8.1). */
static gboolean
cp_computer_fox (const IsleState *s)
{
  IsleGame *game = the_game ();
  guint position = isle_game_get_position (game);
  const IsleState *before;

  (void) s;
  if (position == 0 || !human_turn ())
    return FALSE;
  before = isle_game_get_state_at (game, position - 1);
  if (isle_action_type (isle_game_get_action (game, position - 1)) != ISLE_ACTION_TARGET
      || before->phase != ISLE_PHASE_ABILITY || before->ability_cell >= ISLE_N_CELLS
      || before->board.cells[before->ability_cell].kind != ISLE_KIND_FOX
      || isle_match_is_human (isle_window_get_match (tour.window), isle_state_to_move (before)))
    return FALSE;
  {
    /* What the computer did stays visible: the Fox's tile and the token it
     * sent back are marked on the map, and the log says so in words. */
    int target = isle_action_cell (isle_game_get_action (game, position - 1));
    uint64_t marked = isle_board_view_get_last_move (board_view ());
    GListModel *history = isle_match_get_history (isle_window_get_match (tour.window));
    g_autoptr (IsleHistoryItem) row = g_list_model_get_item (history, g_list_model_get_n_items (history) - 1);
    char fox_name[3], target_name[3];
    g_autofree char *fox_words = NULL;
    g_autofree char *target_words = NULL;

    settle ();
    marked = isle_board_view_get_last_move (board_view ());
    g_assert_true (marked & (UINT64_C (1) << before->ability_cell));
    g_assert_true (marked & (UINT64_C (1) << target));
    fox_words = g_strdup_printf ("Fox on %s", isle_cell_name (before->ability_cell, fox_name));
    target_words = g_strdup_printf ("on %s", isle_cell_name (target, target_name));
    if (strstr (isle_history_item_get_text (row), fox_words) == NULL
        || strstr (isle_history_item_get_text (row), target_words) == NULL)
      g_error ("the log says '%s' of the Fox on %s taking %s", isle_history_item_get_text (row),
               fox_name, target_name);
  }
  return shot_once ("computer-fox");
}

/* A round's breakdown with one of its lines lit on the map (R7.5). */
static gboolean
cp_round_breakdown (const IsleState *s)
{
  IsleRoundReview *review;
  uint64_t cells = 0;
  int side = -1;
  g_autofree char *what = NULL;

  if (!reviewing ())
    return FALSE;
  review = ISLE_ROUND_REVIEW (isle_ui_test_find_type (GTK_WIDGET (tour.window), ISLE_TYPE_ROUND_REVIEW));
  /* Two lines in, when it has two. */
  for (int i = 0; i < 30 && reviewing (); i++)
    {
      if (isle_round_review_get_highlight (review, &cells, &side) && i >= 3)
        break;
      wait_ms (TOUR_LINE_STEP_MS / 3);
    }
  if (!reviewing () || !isle_round_review_get_highlight (review, &cells, &side))
    return FALSE;   /* a round without lines: the next one */
  what = g_strdup_printf ("round-%d-breakdown", s->round - 1);
  if (!shot_once (what))
    return FALSE;
  {
    /* The pointer on the first line's row lights exactly its tiles. */
    GtkListBox *list = GTK_LIST_BOX (isle_ui_test_find_type (GTK_WIDGET (review), GTK_TYPE_LIST_BOX));
    GtkListBoxRow *first = gtk_list_box_get_row_at_index (list, 0);
    const IsleLineScore *lines;
    uint64_t want = 0;
    int lit_side = -1;

    if (first == NULL || isle_round_review_get_lines (review, &lines) == 0 || !reviewing ())
      return TRUE;
    for (int i = 0; i < lines[0].length; i++)
      want |= UINT64_C (1) << lines[0].cells[i];
    g_assert_true (isle_ui_input_point (GTK_WIDGET (first), 0.5, 0.5));
    settle ();
    g_assert_cmphex (isle_board_view_get_highlight (board_view (), &lit_side), ==, want);
    g_free (what);
    what = g_strdup_printf ("round-%d-line-pointed-at", s->round - 1);
    screenshot (what);
  }
  return TRUE;
}

/* The window narrowed to a phone's 360×640 and played there, then widened
 * to 1280×1000 (issue 19: every size). */
static gboolean
cp_sizes (const IsleState *s)
{
  if (strcmp (tour.game->variant, "basic") != 0 || !human_turn () || s->phase != ISLE_PHASE_PLACE
      || tour.decisions < 12)
    return FALSE;
  isle_ui_input_resize (GTK_WINDOW (tour.window), 360, 640);
  wait_ms (150);
  /* GNOME asks for 360 px: what the window made of it (its size with
   * its shadow, on the screenshots). */
  g_test_message ("basic: asked for 360x640, the window is %dx%d", gtk_widget_get_width (GTK_WIDGET (tour.window)),
                  gtk_widget_get_height (GTK_WIDGET (tour.window)));
  screenshot ("size-360x640");
  {
    /* The hand stays in sight, under a map that fits the width. */
    GtkWidget *hand = isle_ui_test_find_type (GTK_WIDGET (game_page ()), ISLE_TYPE_HAND_VIEW);
    graphene_rect_t bounds;

    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (tour.window)), <=, 400);
    g_assert_true (gtk_widget_compute_bounds (hand, GTK_WIDGET (tour.window), &bounds));
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (tour.window)));
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board_view ())), >=, 300);
  }
  /* A few decisions at that size, by the same clicks. */
  for (int i = 0; i < 3 && !isle_state_is_terminal (state ()); i++)
    {
      while (!human_turn () && !isle_state_is_terminal (state ()))
        {
          if (reviewing ())
            break;
          wait_ms (5);
        }
      if (!human_turn ())
        break;
      perform (choose (state ()));
    }
  screenshot ("size-360x640-played");
  isle_ui_input_resize (GTK_WINDOW (tour.window), 1280, 1000);
  wait_ms (150);
  g_test_message ("basic: asked for 1280x1000, the window is %dx%d", gtk_widget_get_width (GTK_WIDGET (tour.window)),
                  gtk_widget_get_height (GTK_WIDGET (tour.window)));
  screenshot ("size-1280x1000");
  /* Wide again: the panel beside the map. */
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (game_page ())), ==, GTK_ORIENTATION_HORIZONTAL);
  return TRUE;
}

static const struct
{
  const char *name;
  CheckpointFunc visit;
} checkpoints[] = {
  { "opening-hand", cp_opening_hand },
  { "weather-card", cp_weather_card },
  { "hiring-market", cp_hiring_market },
  { "hiring-coins-left", cp_hiring_coins_left },
  { "computer-fox", cp_computer_fox },
  { "choices-on-board", cp_choice_on_board },
  { "round-breakdown", cp_round_breakdown },
  { "sizes", cp_sizes },
};

static void
visit_checkpoints (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (checkpoints); i++)
    {
      g_autofree char *key = g_strdup_printf ("checkpoint:%s", checkpoints[i].name);

      if (!g_hash_table_contains (tour.taken, key) && checkpoints[i].visit (state ()))
        g_hash_table_add (tour.taken, g_steal_pointer (&key));
    }
}

/* ---- the game's end ------------------------------------------------------------- */

/* The verdict: the page's status says who won (or a draw), and it is on
 * screen; the last round's review has shown its lines. */
static gboolean
is_results_table (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return g_strcmp0 (gtk_widget_get_name (widget), "results-table") == 0;
}

/* The main menu's button on screen (from libadwaita 1.4 every page's
 * header bar has one; those of the pages not shown are not mapped). */
static gboolean
is_main_menu (GtkWidget *widget, gconstpointer data)
{
  (void) data;
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0;
}

/* The results table shown, or NULL: a window of its own, or from
 * libadwaita 1.5 a dialog over the game's window. */
static GtkWidget *
results_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WIDGET (tour.window) && gtk_widget_get_visible (window)
          && isle_ui_test_find (window, is_results_table, NULL) != NULL)
        return window;
    }
#if ADW_CHECK_VERSION (1, 5, 0)
  if (tour.window != NULL)
    {
      AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (tour.window));

      if (dialog != NULL && isle_ui_test_find (GTK_WIDGET (dialog), is_results_table, NULL) != NULL)
        return GTK_WIDGET (dialog);
    }
#endif
  return NULL;
}

static gboolean
results_shown (void)
{
  return results_window () != NULL;
}

static gboolean
results_gone (void)
{
  return results_window () == NULL;
}

/* The results table opened from the main menu by the pointer: a row per
 * round played between its heading and its totals; Escape closes it. */
static void
results_from_the_menu (void)
{
  GtkWidget *menu = isle_ui_test_find (GTK_WIDGET (tour.window), is_main_menu, NULL);
  GtkPopover *popover;
  GtkLabel *item;
  GtkGrid *grid;
  int rows = 0;

  g_assert_nonnull (menu);
  g_assert_true (click (menu));
  settle ();
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu));
  item = isle_ui_test_find_label (GTK_WIDGET (popover), "Results");
  if (item == NULL)
    g_error ("the main menu has no Results item");
  g_assert_true (isle_ui_input_click (GTK_WIDGET (item), 0.5, 0.5));
  if (!isle_ui_test_wait_until (results_shown, 3000))
    g_error ("Results in the menu opened no results table");
  settle ();
  grid = GTK_GRID (isle_ui_test_find (results_window (), is_results_table, NULL));
  while (gtk_grid_get_child_at (grid, 0, rows) != NULL)
    rows++;
  /* A whole game has every round (R9.4: extra ones too); a scenario
   * may start late. */
  g_assert_cmpint (rows, >=, tour.game->scenario != NULL ? 3 : state ()->n_rounds + 2);
  screenshot_of (GTK_WIDGET (gtk_widget_get_root (results_window ())), "results-table");
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (gtk_widget_get_root (results_window ()))));
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  if (!isle_ui_test_wait_until (results_gone, 3000))
    g_error ("Escape left the results table open");
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (tour.window)));
}

static IsleReviewWindow *
review_window (void)
{
  return (IsleReviewWindow *) isle_ui_test_find_dialog (ISLE_TYPE_REVIEW_WINDOW);
}

static gboolean
review_judged (void)
{
  return review_window () != NULL && !isle_review_browser_get_running (isle_review_window_get_browser (review_window ()));
}

static gboolean
review_gone (void)
{
  return review_window () == NULL;
}

static gboolean
steps_to (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The game reviewed from the main menu by the pointer (issue 29): every
 * decision judged, the person's first mistake found with Next Mistake
 * and said, the game as it was after Escape. */
static void
review_from_the_menu (void)
{
  GtkWidget *menu = isle_ui_test_find (GTK_WIDGET (tour.window), is_main_menu, NULL);
  guint position = isle_game_get_position (isle_match_get_game (isle_window_get_match (tour.window)));
  IsleReviewBrowser *browser;
  GtkWidget *next;
  GtkLabel *item;

  g_assert_nonnull (menu);
  g_assert_true (click (menu));
  settle ();
  item = isle_ui_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "Review Game");
  if (item == NULL)
    g_error ("the main menu has no Review Game item");
  g_assert_true (isle_ui_input_click (GTK_WIDGET (item), 0.5, 0.5));
  /* A guard against a hang, not a measure: the sanitizer build on a
   * loaded machine took over two minutes once a decision's chosen and
   * best moves were both searched alone (judge 2). */
  if (!isle_ui_test_wait_until (review_judged, 300000))
    g_error ("Review Game judged no game in five minutes");
  browser = isle_review_window_get_browser (review_window ());
  g_assert_cmpuint (isle_review_browser_get_n_judged (browser), ==, position);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (review_window ())));
  settle ();
  screenshot_of (GTK_WIDGET (review_window ()), "review");
  g_assert_true (isle_ui_input_key (GDK_KEY_Home, 0));
  next = isle_ui_test_find (GTK_WIDGET (review_window ()), steps_to, "review.next-mistake");
  if (gtk_widget_is_sensitive (next))
    {
      g_autofree char *reason = NULL;

      g_assert_true (isle_ui_input_click (next, 0.5, 0.5));
      settle ();
      reason = isle_review_browser_dup_reason (browser, (guint) isle_review_browser_get_position (browser));
      if (reason == NULL || isle_ui_test_find (GTK_WIDGET (review_window ()), label_shown, reason) == NULL)
        g_error ("the first mistake's reason is not on screen");
      screenshot_of (GTK_WIDGET (review_window ()), "review-mistake");
    }
  g_assert_true (isle_ui_input_key (GDK_KEY_Escape, 0));
  if (!isle_ui_test_wait_until (review_gone, 3000))
    g_error ("Escape left the review open");
  g_assert_cmpuint (isle_game_get_position (isle_match_get_game (isle_window_get_match (tour.window))), ==, position);
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (tour.window)));
}

static void
check_verdict (void)
{
  const IsleState *s = state ();
  IsleGamePage *page = game_page ();
  const char *verdict;
  g_autofree char *lower = NULL;
  g_autofree char *what = NULL;

  g_assert_true (isle_state_is_terminal (s));
  g_assert_cmpint (s->round, >=, s->n_rounds);
  /* The last round's lines, all shown. */
  wait_ms (TOUR_LINE_STEP_MS * 14);
  verdict = isle_game_page_get_status (page);
  g_assert_nonnull (verdict);
  lower = g_utf8_strdown (verdict, -1);
  if (strstr (lower, "win") == NULL && strstr (lower, "draw") == NULL)
    g_error ("the game is over but the page says '%s'", verdict);
  if (isle_ui_test_find (GTK_WIDGET (tour.window), label_shown, verdict) == NULL)
    g_error ("the verdict '%s' is not on screen", verdict);
  g_test_message ("%s: %s (Red %d, Blue %d; coins Red %d, Blue %d), %u decisions by input",
                  tour.game->variant, verdict, s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE],
                  s->coins[ISLE_SIDE_RED], s->coins[ISLE_SIDE_BLUE], tour.decisions);
  /* The last round revealed: a Foggy one's tokens turned up (issue 19). */
  what = g_strdup_printf ("final-round%s-revealed", s->weather == ISLE_WEATHER_FOGGY ? "-foggy" : "");
  {
    /* R7.5, R12: every token of the last round turned face up. */
    const IsleBoard *shown = isle_board_view_get_board (board_view ());

    for (int cell = 0; cell < ISLE_N_CELLS; cell++)
      if (shown->cells[cell].kind == ISLE_KIND_UNKNOWN)
        g_error ("the final board still hides the token on cell %d", cell);
  }
  /* R9.4: coins decide the Mercenary games, and the verdict says so. */
  if (s->variant >= ISLE_VARIANT_MERCENARY && s->winner != ISLE_N_SIDES && strstr (lower, "coins") == NULL
      && strstr (lower, "cost of") == NULL)
    g_error ("the verdict '%s' says neither coins nor the cost of mercenaries decided it", verdict);
  screenshot (what);
  screenshot (s->variant >= ISLE_VARIANT_MERCENARY ? "verdict-on-coins" : "verdict");
  results_from_the_menu ();
  /* Under the sanitizer a search is many times slower, and a review of
   * every game took most of that build's time in the suite: it reviews
   * the Weather game and the team game (two seats and four), every other
   * build each game. */
#ifdef __SANITIZE_ADDRESS__
  if (s->variant == ISLE_VARIANT_WEATHER || s->variant == ISLE_VARIANT_TEAM)
#endif
    review_from_the_menu ();
}

/* ---- starting a game ------------------------------------------------------------ */

static GtkApplication *
app_get (void)
{
  if (tour.app == NULL)
    {
      g_autoptr (GError) error = NULL;
      IsleApplication *app = isle_application_new ();

      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      if (!g_application_register (G_APPLICATION (app), NULL, &error))
        g_error ("the application does not register: %s", error->message);
      tour.app = GTK_APPLICATION (app);
    }
  return tour.app;
}

static gboolean
window_built (void)
{
  return board_view () != NULL;
}

static void
open_window (void)
{
  IsleWindow *window = isle_window_new (app_get ());

  tour.window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &tour.window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (isle_ui_input_focus (GTK_WINDOW (window)));
  g_assert_true (isle_ui_test_wait_until (window_built, 5000));
}

/* The New Game dialog when it is open: a window of its own, or a dialog
 * inside the game window (libadwaita ≥ 1.5). */
static GtkWidget *
new_game_dialog (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
}

static gboolean
dialog_open (void)
{
  return new_game_dialog () != NULL;
}

static IsleGame *old_game;

static gboolean
new_game_shown (void)
{
  return new_game_dialog () == NULL && g_strcmp0 (page_name (), "game") == 0 && the_game () != old_game;
}

/* The last new game chosen, as the New Game dialog remembers it: the
 * dialog opens on it (isle-settings.c). */
static void
remember_setup (const Game *game)
{
  GSettings *settings = isle_settings_get ();
  const char *players[ISLE_MAX_SEATS + 1] = { NULL };

  for (int seat = 0; seat < ISLE_MAX_SEATS && game->players[seat] != NULL; seat++)
    players[seat] = game->players[seat];
  g_settings_set_string (settings, "variant", game->variant);
  g_settings_set_strv (settings, "players", players);
  g_settings_set_int (settings, "first-seat", 0);
  g_settings_set_string (settings, "opening-hand", game->opening);
  g_settings_set_string (settings, "quick-weather", game->weather);
  g_settings_set_boolean (settings, "animations", FALSE);
  g_settings_set_string (settings, "review-depth", "fast");
}

/* New Game on the start page (or Ctrl+N in a game), then Start in the
 * dialog. */
static void
start_game (const Game *game)
{
  GtkWidget *button;
  GtkWidget *start;

  remember_setup (game);
  if (tour.window == NULL)
    open_window ();
  old_game = the_game ();
  isle_ui_input_focus (GTK_WINDOW (tour.window));
  button = button_for (GTK_WIDGET (tour.window), "win.new-game");
  if (g_strcmp0 (page_name (), "start") == 0 && button != NULL)
    g_assert_true (click (button));
  else
    g_assert_true (isle_ui_input_key (GDK_KEY_n, GDK_CONTROL_MASK));
  g_assert_true (isle_ui_test_wait_until (dialog_open, 3000));
  isle_ui_input_focus (isle_ui_test_window_of (new_game_dialog ()));
  wait_ms (50);
  start = button_for (GTK_WIDGET (new_game_dialog ()), "new-game.start");
  g_assert_nonnull (start);
  g_assert_true (click (start));
  g_assert_true (isle_ui_test_wait_until (new_game_shown, 3000));
  g_assert_cmpstr (isle_variant_id ((IsleVariant) state ()->variant), ==, game->variant);
  /* The computers' pause, and the review's, made short. */
  isle_match_set_pause_ms (isle_window_get_match (tour.window), TOUR_PAUSE_MS);
  isle_game_page_set_line_step (game_page (), TOUR_LINE_STEP_MS);
  isle_ui_input_focus (GTK_WINDOW (tour.window));
}

static gboolean
scenario_shown (void)
{
  return g_strcmp0 (page_name (), "game") == 0 && the_game () != old_game;
}

/* The scenario GAME names, written to a file and opened in the window as
 * a file manager (or a drop on the window) opens it. */
static void
open_scenario (const Game *game)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "tour-scenario.isle", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_settings_set_boolean (isle_settings_get (), "animations", FALSE);
  if (tour.window == NULL)
    open_window ();
  g_assert_true (g_file_set_contents (path, game->scenario, -1, &error));
  g_assert_no_error (error);
  old_game = the_game ();
  isle_window_open_file (tour.window, file);
  g_assert_true (isle_ui_test_wait_until (scenario_shown, 3000));
  isle_match_set_pause_ms (isle_window_get_match (tour.window), TOUR_PAUSE_MS);
  isle_game_page_set_line_step (game_page (), TOUR_LINE_STEP_MS);
  isle_ui_input_focus (GTK_WINDOW (tour.window));
}

/* ---- a whole game --------------------------------------------------------------- */

/* Next Round when the review shows it; FALSE when there is none to click
 * (the review ended by itself, or its button is not shown yet). */
static gboolean
press_next_round (void)
{
  GtkWidget *next = button_for (GTK_WIDGET (tour.window), "review.next-round");

  if (next == NULL || !clickable (next))
    return FALSE;
  g_assert_true (click (next));
  wait_ms (20);
  return TRUE;
}

static void
play_game (gconstpointer data)
{
  const Game *game = data;
  gint64 end = g_get_monotonic_time () + GAME_LIMIT_S * G_USEC_PER_SEC;
  gint64 start = g_get_monotonic_time ();

  tour.game = game;
  tour.decisions = 0;
  tour.shots = 0;
  g_hash_table_remove_all (tour.taken);
  if (game->scenario != NULL)
    open_scenario (game);
  else
    start_game (game);
  screenshot ("start");
  /* Coordinates on the map's frame, as the log names the tiles. */
  g_assert_true (isle_board_view_get_show_coordinates (board_view ()));
  while (!isle_state_is_terminal (state ()))
    {
      if (g_get_monotonic_time () > end)
        g_error ("the %s game has not ended after %d s (position %u, %u decisions)", game->variant,
                 GAME_LIMIT_S, isle_game_get_position (the_game ()), tour.decisions);
      visit_checkpoints ();
      if (isle_state_is_terminal (state ()))
        break;
      if (g_strcmp0 (page_name (), "pass") == 0)
        {
          GtkWidget *take = button_for (GTK_WIDGET (tour.window), "win.take-turn");

          if (take != NULL)
            click (take);
          wait_ms (20);
        }
      else if (reviewing ())
        {
          if (!press_next_round ())
            wait_ms (10);
        }
      else if (human_turn ())
        perform (choose (state ()));
      else
        wait_ms (5);
    }
  check_verdict ();
  if (game->must_see != NULL)
    {
      g_autofree char *key = g_strdup_printf ("checkpoint:%s", game->must_see);

      if (!g_hash_table_contains (tour.taken, key))
        g_error ("the %s game never came to its checkpoint '%s'", game->variant, game->must_see);
    }
  g_test_message ("%s: whole game in %.1f s", game->variant,
                  (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
}

/* ---- the program ------------------------------------------------------------------ */

/* Deletes PATH and everything under it. */
static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autofree char *data = NULL;
  g_autofree char *autosave = NULL;
  g_autoptr (GError) error = NULL;
  int status, only = -1;

  G_STATIC_ASSERT (G_N_ELEMENTS (games) == TOUR_GAMES);
  g_log_set_writer_func (tour_writer, NULL, NULL);
  isle_ui_test_init_display (argc, argv);
  g_setenv ("LC_ALL", "C.UTF-8", FALSE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  /* The games the tour plays are autosaved here, never in the user's
   * files. */
  data = g_dir_make_tmp ("test-tour-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  autosave = g_build_filename (data, "autosave.isle", NULL);
  g_setenv ("CRITTER_ISLE_AUTOSAVE", autosave, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp (argv[i], "--game") == 0)
      only = atoi (argv[i + 1]);
  if (!isle_ui_input_available ())
    g_error ("the test display is not an X server with XTest");

  tour.dir = g_strdup (g_getenv ("CRITTER_ISLE_TOUR_DIR"));
  if (tour.dir == NULL)
    tour.dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ?: ".", "tour", NULL);
  g_assert_cmpint (g_mkdir_with_parents (tour.dir, 0755), ==, 0);
  tour.rand = g_rand_new_with_seed ((guint32) g_ascii_strtoull (g_getenv ("CRITTER_ISLE_TOUR_SEED") ?: "19", NULL, 10));
  tour.taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  tour.files = g_ptr_array_new_with_free_func (g_free);

  /* "--game N" plays the Nth game alone (by hand: meson runs them all in
   * order, tests/ui/meson.build). */
  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/tour/%s", games[i].variant);

      if (only >= 0 && (gsize) only != i)
        continue;
      g_test_add_data_func (path, &games[i], play_game);
    }
  if (only >= (int) G_N_ELEMENTS (games))
    g_error ("--game %d: the tour has %u games", only, (guint) G_N_ELEMENTS (games));
  status = g_test_run ();
  g_print ("# %u screenshots in %s\n", tour.files->len, tour.dir);
  if (tour.window != NULL)
    gtk_window_destroy (GTK_WINDOW (tour.window));
  remove_tree (data);
  g_ptr_array_unref (tour.files);
  g_hash_table_unref (tour.taken);
  g_rand_free (tour.rand);
  g_free (tour.dir);
  return status;
}
