/* test-monkey.c — a seeded "monkey" plays the real game window with real
 * input: keys, clicks, wheel turns and resizes go through the X server
 * (XTest, isle-ui-input.h) and come back to GTK as a person's would, and
 * random waits between them let the window's own timers run (the pause
 * before a computer move, the board's animations, the round-end review).
 * The window's code is reached through input only: the test makes the
 * window (isle_window_new()) and reads what it shows (its widgets, the
 * board view, isle_window_get_game()), but activates no action, calls no
 * handler and uses no test switch of the app's.
 *
 * Games are started as a person starts them: the last new game chosen is
 * stored in the settings (the app remembers it; isle-settings.c) and the
 * New Game dialog is opened and accepted with the keyboard or the mouse; a
 * puzzle is picked on the Puzzles page. The configurations (configs[])
 * cover every variant, the built-in levels, the team game with two humans
 * at one screen (the pass page) and the built-in puzzles. One episode in
 * three closes the window half-way and opens a new one, where Continue
 * takes the autosaved game up again.
 *
 * After every input the invariants are checked, one function each:
 * check_game() (the history replays to the state), check_board() (the map
 * shows the position as the viewer may see it), check_log() (the log is the
 * history) and check_progress() (a computer to move does move). Any
 * warning or critical, from any domain, fails the test (monkey_writer()).
 *
 * /monkey/undo-after-computer-reply, /monkey/log-after-undo and
 * /monkey/undo-into-last-round pin bugs the monkey found; /monkey/random/seed-N plays seed N. Each case runs
 * in a subprocess, so a crash fails that case only and the others still
 * run; the subprocess writes what it did to a trace file, and the case
 * prints the figures as TAP comments and, on failure, the last inputs.
 *
 * Test parameters (environment):
 *   CRITTER_ISLE_MONKEY_SEED=N        play seed N only (else the fixed list
 *                                     default_seeds[]; "random": a new one)
 *   CRITTER_ISLE_MONKEY_INPUTS=N      inputs per seed (default: two
 *                                     episodes, see play_seed())
 *   CRITTER_ISLE_MONKEY_WITHOUT=a,b   leave these inputs out (input_names[]:
 *                                     undo, redo, hint, resize, tile, ...)
 *   CRITTER_ISLE_MONKEY_SKIP_CHECKS=a,b  skip these checks (game, board,
 *                                     log, progress), to look past a known
 *                                     failure
 *
 * The seed fixes the stream of inputs drawn; the app's own chance (its
 * shuffles and the computer's choices are seeded from the clock) and the
 * timing still vary between runs, so a failure is replayed by the same
 * seed most of the time, and its trace shows the inputs that led to it.
 *
 * Needs a display: without one it runs itself again under xvfb-run. */
#include "config.h"

#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "isle-application.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-game.h"
#include "isle-game-page.h"
#include "isle-history.h"
#include "isle-match.h"
#include "isle-new-game-dialog.h"
#include "isle-notation.h"
#include "isle-scenario.h"
#include "isle-settings.h"
#include "isle-ui-input.h"
#include "isle-ui-test.h"
#include "isle-window.h"

/* ---- the budget ---------------------------------------------------------- */

/* About 2–3 minutes for the default seeds on two cores in build/; fewer
 * inputs under AddressSanitizer, where everything runs several times
 * slower. */
#ifdef MONKEY_SANITIZED
#define SLOWDOWN_INPUTS 2
#define SLOWDOWN 5
#else
#define SLOWDOWN_INPUTS 1
#define SLOWDOWN 1
#endif

static const guint32 default_seeds[] = { 1, 2, 3, 4, 5, 6 };

/* A computer to move must have moved after this long (its pause, its
 * thinking: ismcts:hard thinks 0.9 s). */
#define STALL_LIMIT_MS (12000 * SLOWDOWN)

/* How long a person takes to act on a window that has just appeared. */
#define REACTION_MS 200
#define TRACE_ENV "CRITTER_ISLE_MONKEY_TRACE"
#define RECENT_INPUTS 30

/* ---- what games are played --------------------------------------------- */

typedef struct
{
  const char *name;
  const char *variant;     /* the "variant" setting; NULL: a built-in puzzle */
  const char *players[ISLE_MAX_SEATS];
  const char *opening;     /* the "opening-hand" setting */
  const char *weather;     /* the "quick-weather" setting */
  guint inputs;            /* how many inputs its episode takes; FULL_GAME */
} Config;

/* Mostly the fast levels, so that many inputs fit in minutes, the ISMCTS
 * ones now and then. The Basic games against random and greedy are played
 * to their end and a little past it (the round-end review, the game over,
 * Rematch): about half a minute, the computer pausing 450 ms before each
 * move; the others are played for a while. */
#define FULL_GAME 0
#define A_WHILE 70
#define FULL_GAME_MAX 900     /* inputs, should a game take that long */
#define PAST_THE_END 30       /* inputs after a game is over */

static const Config configs[] = {
  { "basic against random", "basic", { "human", "random" }, "deal", "default", FULL_GAME },
  { "weather against greedy", "weather", { "human", "greedy" }, "choose", "default", A_WHILE },
  { "mercenary against random", "mercenary", { "human", "random" }, "deal", "default", A_WHILE },
  { "quick (foggy) against greedy", "quick", { "human", "greedy" }, "deal", "foggy", A_WHILE },
  { "team: two humans at one screen", "team", { "human", "random", "human", "greedy" }, "deal", "default", A_WHILE },
  { "a built-in puzzle", NULL, { NULL }, NULL, NULL, A_WHILE },
  { "basic against greedy", "basic", { "greedy", "human" }, "deal", "default", FULL_GAME },
  { "weather against ismcts:easy", "weather", { "human", "ismcts:easy" }, "deal", "default", A_WHILE },
  { "quick (cloudy) against random", "quick", { "human", "random" }, "choose", "cloudy", A_WHILE },
  { "mercenary against ismcts:medium", "mercenary", { "human", "ismcts:medium" }, "deal", "default", A_WHILE },
  { "basic against ismcts:hard", "basic", { "ismcts:hard", "human" }, "choose", "default", A_WHILE },
  { "team against greedy and random", "team", { "human", "greedy", "random", "greedy" }, "choose", "default", A_WHILE },
};

/* ---- the monkey's state (in the subprocess) ------------------------------- */

typedef struct
{
  guint32 seed;
  GRand *rand;
  GtkApplication *app;
  IsleWindow *window;        /* the game window (weak), or NULL */
  FILE *trace;
  GQueue recent;             /* char *: the last inputs, oldest first */
  char *last_input;
  char **without;            /* inputs left out */
  char **skip_checks;        /* checks skipped */

  /* What was seen after the last input. */
  IsleGame *game;            /* a reference */
  guint position;
  gboolean game_over;         /* the game seen was played to its end */
  gboolean dialog_seen;      /* the New Game dialog was open */
  gint64 stall_since;        /* when a computer to move was first seen; 0 */
  guint stall_position;

  guint inputs, waits, games, finished, undos, hints, resizes, dialogs, strays, episodes, reopened;
  gint64 start;
  gboolean failed;
} Monkey;

static Monkey monkey;

static void
trace (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
trace (const char *format, ...)
{
  va_list args;

  if (monkey.trace == NULL)
    return;
  va_start (args, format);
  vfprintf (monkey.trace, format, args);
  va_end (args);
  fputc ('\n', monkey.trace);
  fflush (monkey.trace);
}

/* Writes SAID and the calling thread's stack into the trace and on
 * stderr. Only async-signal-safe calls (backtrace() is loaded before). */
static void
say_stack (const char *said, size_t length)
{
  void *frames[64];
  int n = backtrace (frames, G_N_ELEMENTS (frames));

  if (monkey.trace != NULL)
    {
      int fd = fileno (monkey.trace);

      if (write (fd, said, length) > 0)
        backtrace_symbols_fd (frames, n, fd);
    }
  if (write (STDERR_FILENO, said, length) > 0)
    backtrace_symbols_fd (frames, n, STDERR_FILENO);
}

/* A crash (a fatal signal) is said with the stack where it happened, then
 * the signal does what it would have done: an intermittent crash then
 * names its place in the CI log. */
static void
on_fatal_signal (int signum)
{
  static const char said[] = "crash: a fatal signal; the stack (addresses for addr2line):\n";

  say_stack (said, sizeof said - 1);
  signal (signum, SIG_DFL);
  raise (signum);
}

/* A hang is said the same way: when no input has been sent for STALL_S
 * seconds, a watchdog thread signals the main thread, which writes its
 * stack and goes on (a case killed at its time limit otherwise leaves
 * only its last inputs). */
#define STALL_S 60

static pthread_t main_thread;

static void
on_stall_signal (int signum)
{
  static const char said[] = "stall: no input for 60 s; the main thread's stack (addresses for addr2line):\n";

  (void) signum;
  say_stack (said, sizeof said - 1);
}

static gpointer
watch_for_stalls (gpointer data)
{
  guint seen = G_MAXUINT, quiet = 0;

  (void) data;
  for (;;)
    {
      guint now = (guint) g_atomic_int_get ((gint *) &monkey.inputs);

      g_usleep (G_USEC_PER_SEC);
      if (now != seen)
        seen = now, quiet = 0;
      else if (++quiet == STALL_S)
        {
          pthread_kill (main_thread, SIGUSR1);
          quiet = 0;
        }
    }
  return NULL;
}

static void
report_crashes (void)
{
  void *frame;

  backtrace (&frame, 1);
  for (const int *signum = (const int[]) { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, 0 }; *signum != 0; signum++)
    signal (*signum, on_fatal_signal);
  main_thread = pthread_self ();
  signal (SIGUSR1, on_stall_signal);
  g_thread_unref (g_thread_new ("monkey-watchdog", watch_for_stalls, NULL));
}

static void
write_stats (void)
{
  trace ("stats: inputs=%u games=%u finished=%u undos=%u hints=%u resizes=%u dialogs=%u "
         "strays=%u episodes=%u waits=%u reopened=%u seconds=%.1f",
         monkey.inputs, monkey.games, monkey.finished, monkey.undos, monkey.hints,
         monkey.resizes, monkey.dialogs, monkey.strays, monkey.episodes, monkey.waits,
         monkey.reopened, (double) (g_get_monotonic_time () - monkey.start) / G_USEC_PER_SEC);
}

static void
print_recent (void)
{
  g_printerr ("monkey: seed %u, after %u inputs; the last ones:\n", monkey.seed, monkey.inputs);
  for (GList *l = monkey.recent.head; l != NULL; l = l->next)
    g_printerr ("  %s\n", (char *) l->data);
}

/* Fails the test with PROBLEM (which it frees): the subprocess stops
 * playing, says where it was, and exits failed. */
static void
fail (const char *check, char *problem)
{
  trace ("FAIL %s: %s (after input %u: %s)", check, problem, monkey.inputs,
         monkey.last_input ? monkey.last_input : "none");
  print_recent ();
  g_printerr ("monkey: FAIL %s: %s\n", check, problem);
  write_stats ();
  g_test_fail_printf ("seed %u, input %u: %s: %s", monkey.seed, monkey.inputs, check, problem);
  monkey.failed = TRUE;
  g_free (problem);
}

/* Any warning or critical fails the test, whatever its domain: it is
 * written to the trace with the inputs before it, then GLib aborts (the
 * test program makes them fatal). */
static GLogWriterOutput
monkey_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      const char *domain = "", *message = "";

      for (gsize i = 0; i < n_fields; i++)
        if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
          domain = fields[i].value;
        else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
          message = fields[i].value;
      trace ("FAIL message: %s %s: %s (after input %u: %s)", domain,
             level & G_LOG_LEVEL_WARNING ? "WARNING" : level & G_LOG_LEVEL_CRITICAL ? "CRITICAL" : "ERROR",
             message, monkey.inputs,
             monkey.last_input ? monkey.last_input : "none");
      if (monkey.trace != NULL)
        {
          print_recent ();
          write_stats ();
        }
      g_log_writer_default (level, fields, n_fields, user_data);
      /* Not fatal by itself (a warning from a domain that is not): stop. */
      abort ();
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static gboolean
listed (char **list, const char *name)
{
  return list != NULL && g_strv_contains ((const char *const *) list, name);
}

/* ---- the app and its windows -------------------------------------------- */

/* The application, as the app makes it (isle-application.c: accelerators,
 * the app's style, plugins), registered but not run: the test iterates
 * the main loop itself. Non-unique, so that it never hands its windows to
 * another instance on the bus. */
static GtkApplication *
app_get (void)
{
  if (monkey.app == NULL)
    {
      g_autoptr (GError) error = NULL;
      IsleApplication *app = isle_application_new ();

      g_application_set_flags (G_APPLICATION (app),
                               G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
      if (!g_application_register (G_APPLICATION (app), NULL, &error))
        g_error ("the application does not register: %s", error->message);
      monkey.app = GTK_APPLICATION (app);
    }
  return monkey.app;
}

/* The page a person sees: "start", "puzzles", "game" or "pass"; "" while
 * a page still slides in or out (libadwaita 1.4's navigation view), as it
 * is not yet where a person clicks. */
static const char *
page (void)
{
  return isle_ui_test_page_shown (GTK_WIDGET (monkey.window));
}

/* Whether the game page reviews a scored round. */
static gboolean
reviewing (void)
{
  GtkWidget *page_widget = monkey.window != NULL
                           ? isle_ui_test_find_type (GTK_WIDGET (monkey.window), ISLE_TYPE_GAME_PAGE) : NULL;

  return page_widget != NULL && isle_game_page_get_reviewing (ISLE_GAME_PAGE (page_widget));
}

static IsleBoardView *
board_view (void)
{
  if (monkey.window == NULL)
    return NULL;
  return ISLE_BOARD_VIEW (isle_ui_test_find_type (GTK_WIDGET (monkey.window), ISLE_TYPE_BOARD_VIEW));
}

/* The New Game dialog when it is open: a window of its own, or a dialog
 * inside the game window (libadwaita ≥ 1.5). */
static GtkWidget *
new_game_dialog (void)
{
  return isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG);
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

typedef gboolean (*Match) (GtkWidget *widget);

static void
collect_into (GtkWidget *root, Match match, GPtrArray *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_visible (child) || !gtk_widget_get_child_visible (child))
        continue;
      if (match (child))
        {
          if (clickable (child))
            g_ptr_array_add (found, child);
          continue;
        }
      collect_into (child, match, found);
    }
}

/* The widgets inside ROOT that MATCH and can be clicked now. */
static GPtrArray *
collect (GtkWidget *root, Match match)
{
  GPtrArray *found = g_ptr_array_new ();

  if (root != NULL)
    collect_into (root, match, found);
  return found;
}

static gboolean
has_action_name (GtkWidget *widget, const char *name)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), name) == 0;
}

/* The side panel's controls: the hand's tokens, the buttons and rows of
 * a decision (each holds its action), the "face down" check box. */
static gboolean
is_panel_control (GtkWidget *widget)
{
  return (GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_has_css_class (widget, "hand-token"))
         || ((GTK_IS_BUTTON (widget) || GTK_IS_LIST_BOX_ROW (widget))
             && g_object_get_data (G_OBJECT (widget), "action") != NULL)
         || GTK_IS_CHECK_BUTTON (widget);
}

/* A decision's own button or row (it holds its action). */
static gboolean
is_choice (GtkWidget *widget)
{
  return (GTK_IS_BUTTON (widget) || GTK_IS_LIST_BOX_ROW (widget))
         && g_object_get_data (G_OBJECT (widget), "action") != NULL;
}

/* A few words on WIDGET for the trace: its tooltip, title or label. */
static const char *
describe_widget (GtkWidget *widget)
{
  GtkWidget *label;

  if (gtk_widget_get_tooltip_text (widget) != NULL)
    return gtk_widget_get_tooltip_text (widget);
  if (ADW_IS_PREFERENCES_ROW (widget))
    return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  if (GTK_IS_CHECK_BUTTON (widget))
    return "a check box";
  label = isle_ui_test_find_type (widget, GTK_TYPE_LABEL);
  return label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : G_OBJECT_TYPE_NAME (widget);
}

/* The window's other buttons a player presses (never the main menu nor
 * what opens another program or window). */
static gboolean
is_page_button (GtkWidget *widget)
{
  static const char *const names[] = {
    "win.new-game", "win.continue", "win.take-turn", "review.next-round", "win.rematch",
    "win.undo", "win.redo", "win.hint", "win.puzzles", "win.back", "win.clue",
    "win.reset-puzzle", "win.next-puzzle", "win.previous-puzzle",
  };

  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (has_action_name (widget, names[i]))
      return TRUE;
  return FALSE;
}

static const char *button_action;

static gboolean
is_button_of_action (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) && has_action_name (widget, button_action);
}

/* The clickable button of ACTION in ROOT, or NULL. */
static GtkWidget *
button_for (GtkWidget *root, const char *action)
{
  g_autoptr (GPtrArray) found = NULL;

  button_action = action;
  found = collect (root, is_button_of_action);
  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

/* A row of the Puzzles page (the only rows that can be activated, but
 * the hiring market's, which hold an action). */
static gboolean
is_puzzle_row (GtkWidget *widget)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (widget))
         && g_object_get_data (G_OBJECT (widget), "action") == NULL;
}

static gboolean
is_button (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget);
}

static gboolean
is_close_button (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "close");
}

static gboolean
is_scroller (GtkWidget *widget)
{
  return GTK_IS_SCROLLED_WINDOW (widget);
}

/* Lets the main loop run for MS milliseconds. */
static void
wait_ms (int ms)
{
  isle_ui_test_wait_ms (ms);
}


/* ---- the invariants, one function each ---------------------------------- */

/* Seats played by a human in GAME, as a bit set. */
static unsigned
human_seats (IsleGame *game)
{
  const IsleGameSetup *setup = isle_game_get_setup (game);
  unsigned seats = 0;

  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    if (isle_game_setup_is_human (setup, seat))
      seats |= 1u << seat;
  return seats;
}

/* The history holds together: the position is within it, and the state
 * at every position is what replaying its actions from the start gives. */
static char *
check_game (IsleGame *game)
{
  guint n = isle_game_get_n_actions (game);
  guint position = isle_game_get_position (game);
  IsleState replay;

  if (position > n)
    return g_strdup_printf ("the game is at position %u of %u actions", position, n);
  replay = *isle_game_get_state_at (game, 0);
  for (guint i = 0; i < n; i++)
    {
      IsleAction a = isle_game_get_action (game, i);
      char text[32];

      if (!isle_state_apply (&replay, a))
        return g_strdup_printf ("action %u of the history (%s) is not legal where the history stands",
                                i, isle_action_format (&replay, a, text));
      if (memcmp (&replay, isle_game_get_state_at (game, i + 1), sizeof replay) != 0)
        return g_strdup_printf ("the state after action %u is not what replaying the history gives", i);
    }
  if (memcmp (isle_game_get_state (game), isle_game_get_state_at (game, position), sizeof replay) != 0)
    return g_strdup_printf ("the state shown is not the state at position %u", position);
  if (isle_game_get_can_undo (game) != (position > 0) || isle_game_get_can_redo (game) != (position < n))
    return g_strdup_printf ("at position %u of %u, undo is %s and redo %s", position, n,
                            isle_game_get_can_undo (game) ? "possible" : "not",
                            isle_game_get_can_redo (game) ? "possible" : "not");
  return NULL;
}

/* Tile by tile, SHOWN is EXPECTED, but that a seat's own face-down token
 * may be drawn as unknown (strict memory, or no reminder wanted). */
static gboolean
boards_match (const IsleBoard *shown, const IsleBoard *expected, int *cell_out)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *a = &shown->cells[cell], *b = &expected->cells[cell];
      gboolean same = a->seat == b->seat && a->colour == b->colour && a->flags == b->flags;

      if ((a->kind == b->kind && (same || a->kind == ISLE_KIND_NONE))
          || (same && a->kind == ISLE_KIND_UNKNOWN && (b->flags & ISLE_CELL_FACE_DOWN)))
        continue;
      *cell_out = cell;
      return FALSE;
    }
  if ((shown->fog ^ expected->fog) & ISLE_ALL_CELLS)
    {
      *cell_out = __builtin_ctzll ((shown->fog ^ expected->fog) & ISLE_ALL_CELLS);
      return FALSE;
    }
  return TRUE;
}

static char *
board_text (const IsleBoard *board)
{
  char text[512];

  isle_board_format (board, text, sizeof text);
  return g_strdup (text);
}

/* Whether CELL, empty in the position, shows the Hippo of VIEWER, who is
 * placing with a Hippo in hand: the page previews a Hippo's first tile. */
static gboolean
hippo_preview (const IsleState *s, int viewer, const IsleBoard *shown, const IsleBoard *expected, int cell)
{
  gboolean in_hand = FALSE;

  if (cell < 0 || s->phase != ISLE_PHASE_PLACE || isle_state_to_move (s) != viewer
      || expected->cells[cell].kind != ISLE_KIND_NONE || shown->cells[cell].kind != ISLE_KIND_HIPPO
      || shown->cells[cell].seat != viewer)
    return FALSE;
  for (int i = 0; i < s->hand_len[viewer]; i++)
    in_hand |= s->hand[viewer][i] == ISLE_KIND_HIPPO;
  return in_hand;
}

/* A scenario's goal is decided at a position the last action reached by
 * scoring a round. */
static gboolean
goal_decided_by_round (IsleGame *game)
{
  guint position = isle_game_get_position (game);

  return position > 0
         && isle_match_get_goal_status (isle_window_get_match (monkey.window), NULL) != ISLE_GOAL_IN_PROGRESS
         && isle_game_get_state (game)->round > isle_game_get_state_at (game, position - 1)->round;
}

/* The map shows the game's position as the viewer may see it (R12): the
 * viewer is the human to move (or the one human), the board is what
 * isle_state_observe() gives that seat, or the last scored board during
 * the round-end review. */
static char *
check_board (IsleGame *game)
{
  IsleBoardView *view = board_view ();
  const IsleState *s = isle_game_get_state (game);
  unsigned humans = human_seats (game);
  int viewer, to_move = isle_state_to_move (s), cell = -1, scored_cell = -1;
  IsleObservation obs;
  const IsleBoard *shown;
  IsleBoard turned_up;

  if (view == NULL || g_strcmp0 (page (), "game") != 0)
    return NULL;
  viewer = isle_board_view_get_observer (view);
  shown = isle_board_view_get_board (view);
  if (humans != 0 && !(humans & (1u << viewer)))
    return g_strdup_printf ("the map is shown to seat %d, a computer's", viewer);
  if (humans != 0 && (humans & (humans - 1)) == 0 && viewer != __builtin_ctz (humans))
    return g_strdup_printf ("the map is shown to seat %d, not to the one human", viewer);
  if (to_move >= 0 && (humans & (1u << to_move)) && viewer != to_move)
    return g_strdup_printf ("seat %d, a human, is to move, but the map is shown to seat %d", to_move, viewer);
  /* Exactly the match's viewer (R12). */
  if (viewer != isle_match_get_viewer (isle_window_get_match (monkey.window)))
    return g_strdup_printf ("the map is shown to seat %d, the match's viewer is seat %d", viewer,
                            isle_match_get_viewer (isle_window_get_match (monkey.window)));
  isle_state_observe (s, viewer, &obs);
  /* R7.5: scored tokens are all face up. */
  turned_up = obs.view.scored_board;
  for (int i = 0; i < ISLE_N_CELLS; i++)
    turned_up.cells[i].flags &= (uint8_t) ~ISLE_CELL_FACE_DOWN;
  turned_up.face_down = 0;
  /* The scored board while the round just scored is reviewed (R7.5) and
   * at the game's end, else the island as it is. A review is of the round the last action
   * ended, and of nothing else (an undo past it ends it). */
  if (reviewing ())
    {
      guint position = isle_game_get_position (game);
      const IsleState *before = position > 0 ? isle_game_get_state_at (game, position - 1) : NULL;

      if (before == NULL || !(s->round > before->round || (isle_state_is_terminal (s) && !isle_state_is_terminal (before))))
        return g_strdup_printf ("a round is reviewed at position %u, which no round's end led to (round %d)",
                                position, s->round);
      if (boards_match (shown, &turned_up, &scored_cell))
        return NULL;
      cell = scored_cell;
    }
  /* R7.5, R12: at the game's end the last round's scored board, every
   * token turned face up; the same when the round just scored decided a
   * scenario's goal (the game is over for the page). */
  else if (isle_state_is_terminal (s) || goal_decided_by_round (game))
    {
      if (boards_match (shown, &turned_up, &cell))
        return NULL;
    }
  else if (boards_match (shown, &obs.view.board, &cell))
    return NULL;
  else if (hippo_preview (s, viewer, shown, &obs.view.board, cell))
    {
      /* R8.9: the Hippo stands on its first tile while its second is
       * chosen; the rest of the map is the position. */
      IsleBoard without = *shown;

      memset (&without.cells[cell], 0, sizeof without.cells[cell]);
      without.cells[cell].kind = ISLE_KIND_NONE;
      if (boards_match (&without, &obs.view.board, &cell))
        return NULL;
    }
  {
    g_autofree char *have = board_text (shown);
    g_autofree char *want = board_text (&obs.view.board);
    char name[3];

    return g_strdup_printf ("the map differs from the position at %s (position %u):\nshown:\n%sexpected:\n%s",
                            isle_cell_name (cell, name), isle_game_get_position (game), have, want);
  }
}

/* The log: a list box under the "Game log" heading over the match's
 * history, the newest row first, the newest 12 (isle-game-page.c); each
 * row shows an IsleHistoryItem, kept as its "item". */
#define LOG_LINES 12

static GtkListBox *
log_view (void)
{
  GtkLabel *heading;
  GtkWidget *next;

  if (monkey.window == NULL)
    return NULL;
  heading = isle_ui_test_find_label (GTK_WIDGET (monkey.window), "Game log");
  next = heading != NULL ? gtk_widget_get_next_sibling (GTK_WIDGET (heading)) : NULL;
  return GTK_IS_LIST_BOX (next) ? GTK_LIST_BOX (next) : NULL;
}

/* The items the log's rows show, first row first; NULL without a log. */
static GListModel *
log_rows (void)
{
  GtkListBox *view = log_view ();
  GListStore *rows;
  GtkListBoxRow *row;

  if (view == NULL)
    return NULL;
  rows = g_list_store_new (ISLE_TYPE_HISTORY_ITEM);
  for (int i = 0; (row = gtk_list_box_get_row_at_index (view, i)) != NULL; i++)
    g_list_store_append (rows, g_object_get_data (G_OBJECT (row), "item"));
  return G_LIST_MODEL (rows);
}

/* What the log's line about action A must say, whoever did it, or NULL
 * when its words depend on what the viewer may know. AT_END: the line
 * ends with it. */
static char *
log_signature (IsleAction a, gboolean *at_end)
{
  char cell[3], cell2[3];

  /* A row may tell, after its decision, what followed by itself (a
   * Chameleon recoloured, a Turtle's extra placement, hiring revealed):
   * the decision's words are somewhere in it. */
  *at_end = FALSE;
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (" on %s and %s.", isle_cell_name (isle_action_cell (a), cell),
                                isle_cell_name (isle_action_cell2 (a), cell2));
      return g_strdup_printf (" on %s.", isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_TARGET:
      return g_strdup_printf (" on %s back to ", isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_SETTLE:
      return g_strdup_printf (" settled on %s", isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_HOP:
      return g_strdup_printf (" to %s.", isle_cell_name (isle_action_cell (a), cell));
    case ISLE_ACTION_PICK:
      return g_strdup (" for the opening hand.");
    case ISLE_ACTION_REPLACE:
      return g_strdup (" in its place.");
    case ISLE_ACTION_DONE:
      return g_strdup (" finished hiring.");
    case ISLE_ACTION_SWAP:
      return g_strdup (" swapped ");
    case ISLE_ACTION_HIRE:
      return g_strdup (" to hire");
    case ISLE_ACTION_KEEP:
      return g_strdup (" kept the ");
    case ISLE_ACTION_LIFT:
      return g_strdup (" lifted the fog in the ");
    default:
      return NULL;
    }
}

/* The log is a list over the game's history, newest first, its newest
 * LOG_LINES rows: a row for each action up to the position and a line
 * after each action that ended a round, none for an undone action, each
 * about its own action. */
static char *
check_log (IsleGame *game)
{
  g_autoptr (GListModel) rows = log_rows ();
  guint position = isle_game_get_position (game);
  g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GString) shown = g_string_new (NULL);
  guint n;

  if (rows == NULL || g_strcmp0 (page (), "game") != 0)
    return NULL;
  /* Each expected row as index * 2 + 1 for a round's line, index * 2 for
   * the action. */
  for (guint i = position; i-- > 0 && expected->len < LOG_LINES;)
    {
      const IsleState *before = isle_game_get_state_at (game, i);
      const IsleState *after = isle_game_get_state_at (game, i + 1);
      guint row = i * 2 + 1;

      if (after->round > before->round || (isle_state_is_terminal (after) && !isle_state_is_terminal (before)))
        g_array_append_val (expected, row);
      row = i * 2;
      if (expected->len < LOG_LINES)
        g_array_append_val (expected, row);
    }
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (rows, i);

      g_string_append_printf (shown, "  %s\n", isle_history_item_get_text (item));
    }
  if (n != expected->len)
    return g_strdup_printf ("the log shows %u rows for %u expected up to position %u:\n%s",
                            n, expected->len, position, shown->str);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (rows, i);
      guint want = g_array_index (expected, guint, i);
      guint index = want / 2;
      gboolean round_end = want % 2 == 1;
      IsleAction action = isle_game_get_action (game, index);
      gboolean at_end;
      g_autofree char *signature = round_end ? NULL : log_signature (action, &at_end);
      const char *text = isle_history_item_get_text (item);

      if (isle_history_item_get_index (item) != index || isle_history_item_get_round_end (item) != round_end
          || isle_history_item_get_action (item) != action)
        return g_strdup_printf ("log row %u is not about %s of action %u of the history:\n%s", i + 1,
                                round_end ? "the round ended by" : "the decision", index, shown->str);
      if (signature != NULL && !(at_end ? g_str_has_suffix (text, signature) : strstr (text, signature) != NULL))
        return g_strdup_printf ("log row %u, '%s', does not say '...%s':\n%s", i + 1, text, signature, shown->str);
    }
  return NULL;
}

/* A computer to move moves: unless a review, a dialog or a decided
 * puzzle holds the game, the position changes within STALL_LIMIT_MS. */
static char *
check_progress (IsleGame *game)
{
  const IsleState *s = isle_game_get_state (game);
  int to_move = isle_state_to_move (s);
  IsleScenario *scenario = isle_game_get_scenario (game);
  gboolean held = g_strcmp0 (page (), "game") != 0 || to_move < 0
                  || (human_seats (game) & (1u << to_move))
                  || new_game_dialog () != NULL
                  || reviewing ()
                  || (scenario != NULL && isle_scenario_goal_status (scenario, s, NULL) != ISLE_GOAL_IN_PROGRESS);
  gint64 now = g_get_monotonic_time ();

  if (held || monkey.stall_since == 0 || monkey.stall_position != isle_game_get_position (game))
    {
      monkey.stall_since = held ? 0 : now;
      monkey.stall_position = isle_game_get_position (game);
      return NULL;
    }
  if (now - monkey.stall_since > STALL_LIMIT_MS * G_TIME_SPAN_MILLISECOND)
    return g_strdup_printf ("seat %d, a computer, has not moved for %.1f s (position %u)", to_move,
                            (double) (now - monkey.stall_since) / G_USEC_PER_SEC,
                            isle_game_get_position (game));
  return NULL;
}

typedef char *(*Check) (IsleGame *game);

static const struct
{
  const char *name;
  Check check;
} checks[] = {
  { "game", check_game },
  { "board", check_board },
  { "log", check_log },
  { "progress", check_progress },
};

/* The first check that fails now, or NULL (*NAME says which). */
static char *
first_problem (IsleGame *game, const char **name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      char *problem;

      if (listed (monkey.skip_checks, checks[i].name))
        continue;
      problem = checks[i].check (game);
      if (problem != NULL)
        {
          *name = checks[i].name;
          return problem;
        }
    }
  return NULL;
}

/* Runs the checks; a failure counts only if it lasts: the side panel and
 * its log follow a change of the board one frame later (defer_panel() in
 * isle-window.c), so a problem is looked at again over a few frames, as
 * long as the game does not move on meanwhile. */
static void
check_all (void)
{
  IsleGame *game;
  char *problem = NULL;
  const char *name = NULL;

  if (monkey.window == NULL)
    {
      fail ("window", g_strdup ("the game window is gone"));
      return;
    }
  for (int attempt = 0, looks = 0; attempt < 8 && looks < 40; attempt++, looks++)
    {
      guint position;

      game = isle_window_get_game (monkey.window);
      position = isle_game_get_position (game);
      g_free (problem);
      problem = first_problem (game, &name);
      if (problem == NULL || g_strcmp0 (name, "progress") == 0 || g_strcmp0 (name, "game") == 0)
        break;
      wait_ms (25);
      if (monkey.window == NULL || isle_window_get_game (monkey.window) != game
          || isle_game_get_position (game) != position)
        attempt = 0;
    }
  if (problem != NULL)
    fail (name, problem);
}

/* ---- keeping count --------------------------------------------------------- */

static void
observe (void)
{
  IsleGame *game = monkey.window != NULL ? isle_window_get_game (monkey.window) : NULL;
  const IsleState *s;
  IsleScenario *scenario;
  gboolean over;

  {
    gboolean open = new_game_dialog () != NULL;

    monkey.dialogs += open && !monkey.dialog_seen;
    monkey.dialog_seen = open;
  }
  if (game == NULL || g_strcmp0 (page (), "start") == 0 || g_strcmp0 (page (), "puzzles") == 0)
    return;
  s = isle_game_get_state (game);
  scenario = isle_game_get_scenario (game);
  over = isle_state_is_terminal (s)
         || (scenario != NULL && isle_scenario_goal_status (scenario, s, NULL) != ISLE_GOAL_IN_PROGRESS);
  if (game != monkey.game)
    {
      g_set_object (&monkey.game, game);
      monkey.stall_since = 0;
      monkey.games++;
      monkey.game_over = FALSE;
      trace ("game %u: %s, %d seats, humans %#x, position %u", monkey.games,
             isle_variant_id ((IsleVariant) s->variant), s->n_seats, human_seats (game),
             isle_game_get_position (game));
    }
  else if (isle_game_get_position (game) < monkey.position)
    monkey.undos++;
  if (over && !monkey.game_over)
    {
      /* Once a game: taken back and ended again, it is the same game. */
      monkey.game_over = TRUE;
      monkey.finished++;
      trace ("game %u over at position %u: Red %d, Blue %d", monkey.games, isle_game_get_position (game),
             s->total[ISLE_SIDE_RED], s->total[ISLE_SIDE_BLUE]);
    }
  monkey.position = isle_game_get_position (game);
}

/* ---- the inputs ------------------------------------------------------------ */

static const char *
phase_name (int phase)
{
  static const char *const names[] = { "weather", "hire", "hand", "settle", "hop", "place",
                                       "ability", "replace", "fog-lift", "over" };

  return phase >= 0 && phase < (int) G_N_ELEMENTS (names) ? names[phase] : "?";
}

/* Where the game stands, for the trace. */
static char *
context (void)
{
  IsleGame *game = monkey.window != NULL ? isle_window_get_game (monkey.window) : NULL;
  const IsleState *s;

  if (game == NULL)
    return g_strdup ("no window");
  s = isle_game_get_state (game);
  return g_strdup_printf ("%s%s, %s position %u/%u, round %d, %s, seat %d to move", page (),
                          new_game_dialog () ? " + dialog" : "", isle_variant_id ((IsleVariant) s->variant),
                          isle_game_get_position (game), isle_game_get_n_actions (game), s->round,
                          phase_name (s->phase), isle_state_to_move (s));
}

/* Notes an input about to be delivered. */
static void
note (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
note (const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;
  g_autofree char *where = context ();

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_atomic_int_inc ((gint *) &monkey.inputs);
  g_free (monkey.last_input);
  monkey.last_input = g_strdup_printf ("#%u at %.1f s: %s [%s]", monkey.inputs,
                                       (double) (g_get_monotonic_time () - monkey.start) / G_USEC_PER_SEC,
                                       what, where);
  trace ("input %s", monkey.last_input);
  g_queue_push_tail (&monkey.recent, g_strdup (monkey.last_input));
  while (monkey.recent.length > RECENT_INPUTS)
    g_free (g_queue_pop_head (&monkey.recent));
}

static const char *
key_name (guint keyval, GdkModifierType mods)
{
  static char text[64];

  g_snprintf (text, sizeof text, "%s%s%s", mods & GDK_CONTROL_MASK ? "Ctrl+" : "",
              mods & GDK_SHIFT_MASK ? "Shift+" : "", gdk_keyval_name (keyval));
  return text;
}

static void
press (guint keyval, GdkModifierType mods)
{
  note ("key %s", key_name (keyval, mods));
  if (!isle_ui_input_key (keyval, mods))
    g_error ("no key for %s on the test display", key_name (keyval, mods));
}

static void
click (GtkWidget *widget, const char *what)
{
  note ("click %s", what);
  isle_ui_input_click (widget, 0.5, 0.5);
}

/* The window a person looks at gets the keyboard, as a window manager
 * gives it: the New Game dialog while it is open, else the game window. */
static void
keep_focus (void)
{
  GtkWidget *dialog = new_game_dialog ();
  GtkWindow *target = dialog != NULL ? isle_ui_test_window_of (dialog) : GTK_WINDOW (monkey.window);

  if (target != NULL && !gtk_window_is_active (target))
    isle_ui_input_focus (target);
}

/* Windows a stray key opened (the main menu's Open dialog, Preferences,
 * the editor, …) are closed again, as a person would: the monkey plays the
 * game window. */
static void
close_strays (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */
  gboolean closed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (window == G_OBJECT (monkey.window) || ISLE_IS_NEW_GAME_DIALOG (window)
          || !gtk_widget_get_visible (GTK_WIDGET (window)))
        continue;
      trace ("closing a stray %s", G_OBJECT_TYPE_NAME (window));
      monkey.strays++;
      gtk_window_close (GTK_WINDOW (window));
      closed = TRUE;
    }
#if ADW_CHECK_VERSION (1, 5, 0)
  /* From libadwaita 1.5 Preferences, How to Play and the shortcuts are
   * dialogs inside the game window. */
  if (monkey.window != NULL)
    {
      g_autoptr (GListModel) dialogs = adw_application_window_get_dialogs (ADW_APPLICATION_WINDOW (monkey.window));

      for (guint i = 0; i < g_list_model_get_n_items (dialogs); i++)
        {
          g_autoptr (GObject) dialog = g_list_model_get_item (dialogs, i);

          if (ISLE_IS_NEW_GAME_DIALOG (dialog))
            continue;
          trace ("closing a stray %s", G_OBJECT_TYPE_NAME (dialog));
          monkey.strays++;
          adw_dialog_close (ADW_DIALOG (dialog));
          closed = TRUE;
        }
    }
#endif
  if (closed)
    wait_ms (50);
}

/* The wait after an input: mostly short, so that many inputs fit; now and
 * then long enough for the computer's pause (450 ms), an animation or a
 * step of the round-end review. */
static int
draw_wait (double r)
{
  if (r < 0.80)
    return (int) (r / 0.80 * 20);
  if (r < 0.97)
    return 20 + (int) ((r - 0.80) / 0.17 * 280);
  return 300 + (int) ((r - 0.97) / 0.03 * 1200);
}

typedef enum
{
  IN_DIGIT, IN_ARROW, IN_RETURN, IN_SPACE, IN_TAB, IN_ESCAPE,
  IN_UNDO, IN_REDO, IN_HINT, IN_NEW_GAME, IN_PUZZLES,
  IN_TILE, IN_PANEL, IN_BUTTON, IN_SCROLL, IN_RESIZE, IN_WAIT,
  /* the decision at hand: a tile that may be played, else a choice */
  IN_ACT,
  /* in the New Game dialog */
  IN_START, IN_CANCEL, IN_DIALOG_POINT,
  /* the review's Next Round, the pass page's button, a puzzle */
  IN_NEXT_ROUND, IN_PASS, IN_PUZZLE_ROW,
  N_INPUTS
} Input;

static const char *const input_names[N_INPUTS] = {
  "digit", "arrow", "return", "space", "tab", "escape",
  "undo", "redo", "hint", "new-game", "puzzles",
  "tile", "panel", "button", "scroll", "resize", "wait",
  "act",
  "start", "cancel", "dialog-point",
  "next-round", "pass", "puzzle-row",
};

typedef struct
{
  Input input;
  int weight;   /* per mille */
} Weight;

#define TABLE(name, ...) \
  static const Weight name[] = { __VA_ARGS__ }

/* What a person does, by what the window shows. A human to move mostly
 * decides (and fiddles now and then); while the computer thinks, the
 * player fiddles, presses keys, takes moves back or just waits. */
TABLE (human_weights,
       { IN_ACT, 380 }, { IN_TILE, 90 }, { IN_PANEL, 110 }, { IN_DIGIT, 90 }, { IN_ARROW, 50 },
       { IN_RETURN, 40 }, { IN_SPACE, 15 }, { IN_TAB, 25 }, { IN_ESCAPE, 10 }, { IN_UNDO, 45 },
       { IN_REDO, 20 }, { IN_HINT, 20 }, { IN_NEW_GAME, 2 }, { IN_PUZZLES, 1 }, { IN_BUTTON, 30 },
       { IN_SCROLL, 15 }, { IN_RESIZE, 13 }, { IN_WAIT, 44 });
TABLE (computer_weights,
       { IN_DIGIT, 120 }, { IN_ARROW, 90 }, { IN_RETURN, 50 }, { IN_SPACE, 30 }, { IN_TAB, 60 },
       { IN_ESCAPE, 20 }, { IN_UNDO, 35 }, { IN_REDO, 25 }, { IN_HINT, 15 }, { IN_NEW_GAME, 2 },
       { IN_TILE, 190 }, { IN_PANEL, 150 }, { IN_BUTTON, 40 }, { IN_SCROLL, 30 }, { IN_RESIZE, 20 },
       { IN_WAIT, 123 });
TABLE (review_weights,
       { IN_NEXT_ROUND, 300 }, { IN_WAIT, 250 }, { IN_UNDO, 60 }, { IN_REDO, 30 }, { IN_DIGIT, 60 },
       { IN_TILE, 80 }, { IN_PANEL, 50 }, { IN_TAB, 40 }, { IN_RETURN, 50 }, { IN_ARROW, 30 },
       { IN_RESIZE, 20 }, { IN_NEW_GAME, 10 }, { IN_BUTTON, 20 });
TABLE (over_weights,
       { IN_BUTTON, 250 }, { IN_NEW_GAME, 150 }, { IN_UNDO, 150 }, { IN_REDO, 50 }, { IN_TILE, 100 },
       { IN_DIGIT, 60 }, { IN_TAB, 60 }, { IN_RETURN, 60 }, { IN_ARROW, 40 }, { IN_RESIZE, 30 },
       { IN_PUZZLES, 20 }, { IN_WAIT, 30 });
TABLE (pass_weights,
       { IN_PASS, 500 }, { IN_RETURN, 120 }, { IN_SPACE, 40 }, { IN_TAB, 80 }, { IN_UNDO, 70 },
       { IN_REDO, 40 }, { IN_NEW_GAME, 10 }, { IN_DIGIT, 60 }, { IN_RESIZE, 20 }, { IN_BUTTON, 40 },
       { IN_WAIT, 20 });
TABLE (dialog_weights,
       { IN_RETURN, 180 }, { IN_TAB, 200 }, { IN_ESCAPE, 70 }, { IN_SPACE, 60 }, { IN_ARROW, 90 },
       { IN_START, 270 }, { IN_CANCEL, 40 }, { IN_DIALOG_POINT, 70 }, { IN_WAIT, 20 });
TABLE (start_weights,
       { IN_BUTTON, 600 }, { IN_NEW_GAME, 150 }, { IN_TAB, 80 }, { IN_RETURN, 80 }, { IN_ARROW, 60 },
       { IN_PUZZLES, 30 });
TABLE (puzzles_weights,
       { IN_PUZZLE_ROW, 550 }, { IN_BUTTON, 100 }, { IN_TAB, 80 }, { IN_RETURN, 80 }, { IN_ARROW, 80 },
       { IN_SCROLL, 60 }, { IN_ESCAPE, 20 }, { IN_NEW_GAME, 30 });

/* Whether the game shown waits for a decision of the human at the screen. */
static gboolean
human_decides (IsleGame *game)
{
  const IsleState *s = isle_game_get_state (game);
  int to_move = isle_state_to_move (s);
  IsleScenario *scenario = isle_game_get_scenario (game);

  return to_move >= 0 && (human_seats (game) & (1u << to_move)) && !reviewing ()
         && (scenario == NULL || isle_scenario_goal_status (scenario, s, NULL) == ISLE_GOAL_IN_PROGRESS);
}

static gboolean
game_decided (IsleGame *game)
{
  const IsleState *s = isle_game_get_state (game);
  IsleScenario *scenario = isle_game_get_scenario (game);

  return isle_state_is_terminal (s)
         || (scenario != NULL && isle_scenario_goal_status (scenario, s, NULL) != ISLE_GOAL_IN_PROGRESS);
}

static Input
draw_input (int r)
{
  const Weight *table;
  gsize n;
  const char *where = page ();
  IsleGame *game = isle_window_get_game (monkey.window);

#define USE(t) (table = (t), n = G_N_ELEMENTS (t))
  if (new_game_dialog () != NULL)
    USE (dialog_weights);
  else if (g_strcmp0 (where, "pass") == 0)
    USE (pass_weights);
  else if (g_strcmp0 (where, "start") == 0)
    USE (start_weights);
  else if (g_strcmp0 (where, "puzzles") == 0)
    USE (puzzles_weights);
  else if (game_decided (game))
    USE (over_weights);
  else if (reviewing ())
    USE (review_weights);
  else if (human_decides (game))
    USE (human_weights);
  else
    USE (computer_weights);
#undef USE
  for (gsize i = 0; i < n; i++)
    {
      if (r < table[i].weight)
        return table[i].input;
      r -= table[i].weight;
    }
  return table[n - 1].input;
}

/* Widths and heights a person might drag the window to: narrow (the
 * panel under the map) to wide. */
static const int widths[] = { 400, 480, 560, 700, 759, 760, 860, 1000, 1200 };
static const int heights[] = { 560, 640, 760, 900, 1000 };

/* Delivers one input of kind INPUT, its details drawn from A and B. */
static void
deliver (Input input, double a, guint32 b)
{
  GtkWidget *root = GTK_WIDGET (monkey.window);
  GtkWidget *dialog = new_game_dialog ();

  switch (input)
    {
    case IN_DIGIT:
      press (GDK_KEY_1 + b % 5, 0);
      return;
    case IN_ARROW:
      {
        static const guint arrows[] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down };

        press (arrows[b % 4], 0);
        return;
      }
    case IN_RETURN:
      press (GDK_KEY_Return, 0);
      return;
    case IN_SPACE:
      press (GDK_KEY_space, 0);
      return;
    case IN_TAB:
      press (GDK_KEY_Tab, b % 4 == 0 ? GDK_SHIFT_MASK : 0);
      return;
    case IN_ESCAPE:
      press (GDK_KEY_Escape, 0);
      return;
    case IN_UNDO:
      press (GDK_KEY_z, GDK_CONTROL_MASK);
      return;
    case IN_REDO:
      press (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
      return;
    case IN_HINT:
      {
        GtkWidget *hint = button_for (root, "win.hint");

        /* Counted when the window offers one (its button is live). */
        monkey.hints += hint != NULL;
        press (GDK_KEY_h, GDK_CONTROL_MASK);
        return;
      }
    case IN_NEW_GAME:
      press (GDK_KEY_n, GDK_CONTROL_MASK);
      return;
    case IN_PUZZLES:
      press (GDK_KEY_p, GDK_CONTROL_MASK);
      return;
    case IN_TILE:
      {
        IsleBoardView *view = board_view ();
        int playable[ISLE_N_CELLS], n = 0, cell;
        char name[3];

        if (view == NULL || g_strcmp0 (page (), "game") != 0)
          break;
        for (cell = 0; cell < ISLE_N_CELLS; cell++)
          if (isle_board_tile_get_playable (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell))))
            playable[n++] = cell;
        /* Mostly a tile that may be played, else any. */
        cell = n > 0 && a < 0.8 ? playable[b % n] : (int) (b % ISLE_N_CELLS);
        if (!clickable (isle_board_view_get_tile (view, cell)))
          break;
        note ("click tile %s%s", isle_cell_name (cell, name),
              n > 0 && a < 0.8 ? " (playable)" : "");
        isle_ui_input_click (isle_board_view_get_tile (view, cell), 0.3 + 0.4 * a, 0.5);
        return;
      }
    case IN_PANEL:
      {
        g_autoptr (GPtrArray) found = collect (root, is_panel_control);
        GtkWidget *widget;
        g_autofree char *what = NULL;

        if (found->len == 0)
          break;
        widget = g_ptr_array_index (found, b % found->len);
        what = g_strdup_printf ("panel control %u of %u (%s)", b % found->len + 1, found->len,
                                describe_widget (widget));
        click (widget, what);
        return;
      }
    case IN_BUTTON:
      {
        g_autoptr (GPtrArray) found = collect (root, is_page_button);
        GtkWidget *widget;
        g_autofree char *what = NULL;

        if (found->len == 0)
          break;
        widget = g_ptr_array_index (found, b % found->len);
        /* The header's Undo and Redo are those inputs too. */
        if ((has_action_name (widget, "win.undo") && listed (monkey.without, "undo"))
            || (has_action_name (widget, "win.redo") && listed (monkey.without, "redo")))
          break;
        if (has_action_name (widget, "win.hint"))
          monkey.hints++;
        what = g_strdup_printf ("the %s button", gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)));
        click (widget, what);
        return;
      }
    case IN_SCROLL:
      {
        g_autoptr (GPtrArray) found = collect (root, is_scroller);
        GtkWidget *widget;
        int steps = b % 2 ? 3 : -3;

        if (found->len == 0)
          break;
        widget = g_ptr_array_index (found, (b / 2) % found->len);
        note ("wheel %+d over a scrolled window", steps);
        isle_ui_input_scroll (widget, steps);
        return;
      }
    case IN_RESIZE:
      {
        int width = widths[b % G_N_ELEMENTS (widths)];
        int height = heights[(int) (a * G_N_ELEMENTS (heights)) % G_N_ELEMENTS (heights)];

        /* Not while a page slides in or out: libadwaita's shadow helper
         * (adw-shadow-helper.c, 1.4 to 1.10) allocates the dimming of a
         * slide before it shows it, and a resize in that frame makes GTK
         * warn "Trying to snapshot AdwGizmo without a current allocation"
         * — the toolkit's fault, seen three times on Debian 13 (1.7). The
         * slide ends in a fraction of a second; the resize waits. */
        if (*page () == '\0')
          {
            note ("wait for the slide to end before a resize");
            monkey.waits++;
            wait_ms (400);
            return;
          }
        note ("resize to %dx%d", width, height);
        monkey.resizes++;
        isle_ui_input_resize (GTK_WINDOW (monkey.window), width, height);
        return;
      }
    case IN_START:
    case IN_CANCEL:
      {
        GtkWidget *button = dialog != NULL ? button_for (GTK_WIDGET (dialog), "new-game.start") : NULL;

        if (input == IN_CANCEL && dialog != NULL)
          {
            g_autoptr (GPtrArray) found = collect (GTK_WIDGET (dialog), is_button);

            button = NULL;
            for (guint i = 0; i < found->len; i++)
              if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (found, i)), "_Cancel") == 0)
                button = g_ptr_array_index (found, i);
          }
        if (button == NULL)
          break;
        click (button, input == IN_START ? "Start in the New Game dialog" : "Cancel in the New Game dialog");
        return;
      }
    case IN_DIALOG_POINT:
      {
        int x, y;
        double fx = a, fy = (double) (b % 1000) / 1000.0;

        if (dialog == NULL
            || !isle_ui_input_root_point (GTK_WIDGET (dialog), fx * gtk_widget_get_width (GTK_WIDGET (dialog)),
                                          fy * gtk_widget_get_height (GTK_WIDGET (dialog)), &x, &y))
          break;
        note ("click the New Game dialog at (%.2f, %.2f)", fx, fy);
        isle_ui_input_click_root (x, y);
        return;
      }
    case IN_PASS:
      {
        GtkWidget *button = button_for (root, "win.take-turn");

        if (button == NULL)
          break;
        click (button, "Play as ... on the pass page");
        return;
      }
    case IN_NEXT_ROUND:
      {
        GtkWidget *button = button_for (root, "review.next-round");

        if (button == NULL)
          break;
        click (button, "Next Round");
        return;
      }
    case IN_ACT:
      {
        IsleBoardView *view = board_view ();
        g_autoptr (GPtrArray) found = NULL;

        for (int cell = 0; view != NULL && cell < ISLE_N_CELLS; cell++)
          if (isle_board_tile_get_playable (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell))))
            {
              deliver (IN_TILE, 0, b);
              return;
            }
        found = collect (root, is_choice);
        if (found->len == 0)
          {
            deliver (IN_PANEL, a, b);
            return;
          }
        {
          GtkWidget *widget = g_ptr_array_index (found, b % found->len);
          g_autofree char *what = g_strdup_printf ("choice %u of %u (%s)", b % found->len + 1, found->len,
                                                   describe_widget (widget));

          click (widget, what);
        }
        return;
      }
    case IN_WAIT:
      {
        int ms = 100 + (int) (a * 700);

        note ("wait %d ms", ms);
        monkey.waits++;
        wait_ms (ms);
        return;
      }
    case IN_PUZZLE_ROW:
      {
        g_autoptr (GPtrArray) found = collect (root, is_puzzle_row);
        GtkWidget *row;
        g_autofree char *what = NULL;

        if (found->len == 0)
          break;
        row = g_ptr_array_index (found, b % found->len);
        what = g_strdup_printf ("the puzzle '%s'", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
        click (row, what);
        return;
      }
    case N_INPUTS:
    default:
      break;
    }
  /* Nothing of that kind to click now: a key that moves the focus. */
  press (GDK_KEY_Tab, 0);
}

/* One input: drawn (always four numbers from the seed's stream, so that
 * the stream does not depend on what the window shows), delivered, then
 * a wait; the invariants are checked after the input and after the wait. */
static void
one_input (void)
{
  int r = g_rand_int_range (monkey.rand, 0, 1000);
  double a = g_rand_double (monkey.rand);
  guint32 b = g_rand_int (monkey.rand);
  int wait = draw_wait (g_rand_double (monkey.rand));

  Input input;

  close_strays ();
  keep_focus ();
  input = draw_input (r);
  if (listed (monkey.without, input_names[input]))
    input = IN_TAB;
  deliver (input, a, b);
  if (monkey.window == NULL)
    return;
  observe ();
  check_all ();
  if (monkey.failed || wait < 30)
    return;
  wait_ms (wait);
  if (monkey.window == NULL)
    return;
  observe ();
  check_all ();
}

/* ---- episodes: a window, a game, inputs, the window closed ---------------- */

/* The last new game chosen, as the New Game dialog stores it: the user
 * state a game is started from. */
static void
remember_setup (const Config *config, int first_seat, gboolean animations)
{
  GSettings *settings = isle_settings_get ();
  const char *players[ISLE_MAX_SEATS + 1] = { NULL };

  for (int seat = 0; seat < ISLE_MAX_SEATS && config->players[seat] != NULL; seat++)
    players[seat] = config->players[seat];
  g_settings_set_string (settings, "variant", config->variant);
  g_settings_set_strv (settings, "players", players);
  g_settings_set_int (settings, "first-seat", first_seat);
  g_settings_set_string (settings, "opening-hand", config->opening);
  g_settings_set_string (settings, "quick-weather", config->weather);
  g_settings_set_boolean (settings, "animations", animations);
}

static gboolean
on_game_page (void)
{
  return g_strcmp0 (page (), "game") == 0 || g_strcmp0 (page (), "pass") == 0;
}

static gboolean
window_built (void)
{
  return board_view () != NULL;
}

static gboolean
dialog_open (void)
{
  return new_game_dialog () != NULL;
}

static gboolean
on_puzzles_page (void)
{
  return g_strcmp0 (page (), "puzzles") == 0;
}

/* A new game window of the app, shown and given the keyboard. */
static void
open_window (void)
{
  IsleWindow *window = isle_window_new (app_get ());

  monkey.window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &monkey.window);
  gtk_window_present (GTK_WINDOW (window));
  if (!isle_ui_input_focus (GTK_WINDOW (window)))
    g_error ("the game window is never shown");
  /* The game page is built just after the first frame. */
  if (!isle_ui_test_wait_until (window_built, 5000 * SLOWDOWN))
    g_error ("the game page is never built");
  /* A person sees the window before acting on it: a reaction time. (On
   * GTK 4.18, on a loaded machine, a click sent within ~100 ms of a later
   * window's mapping reaches its surface but no widget; a second click
   * works. No hand is that quick; the first window of a run never showed
   * it, nor did GTK 4.8.) */
  wait_ms (REACTION_MS * SLOWDOWN);
}

static gboolean
dialog_done (void)
{
  return new_game_dialog () == NULL && on_game_page ();
}

/* The New Game dialog, opened with Ctrl+N or its button on the start page,
 * accepted with Return (the focus starts on Start) or a click on Start;
 * clicked again should that not start a game
 * (a list of the dialog open, say). */
static gboolean
start_by_dialog (gboolean by_keyboard)
{
  for (int attempt = 0; attempt < 3; attempt++)
    {
      GtkWidget *dialog = new_game_dialog ();
      GtkWidget *start;

      if (dialog == NULL)
        {
          GtkWidget *button = button_for (GTK_WIDGET (monkey.window), "win.new-game");

          if (by_keyboard || button == NULL)
            press (GDK_KEY_n, GDK_CONTROL_MASK);
          else
            click (button, "New Game on the start page");
          if (!isle_ui_test_wait_until (dialog_open, 3000 * SLOWDOWN))
            return FALSE;
          observe ();
          dialog = new_game_dialog ();
        }
      keep_focus ();
      start = button_for (GTK_WIDGET (dialog), "new-game.start");
      if (by_keyboard && attempt == 0)
        press (GDK_KEY_Return, 0);
      else if (start != NULL)
        click (start, "Start in the New Game dialog");
      if (isle_ui_test_wait_until (dialog_done, 2000 * SLOWDOWN))
        return TRUE;
    }
  return FALSE;
}

/* Puzzle number B (of those on screen) from the Puzzles page. */
static gboolean
start_puzzle (guint32 b)
{
  g_autoptr (GPtrArray) rows = NULL;
  GtkWidget *button = button_for (GTK_WIDGET (monkey.window), "win.puzzles");

  if (b % 2 == 0 || button == NULL)
    press (GDK_KEY_p, GDK_CONTROL_MASK);
  else
    click (button, "Puzzles on the start page");
  if (!isle_ui_test_wait_until (on_puzzles_page, 3000 * SLOWDOWN))
    return FALSE;
  wait_ms (100);
  rows = collect (GTK_WIDGET (monkey.window), is_puzzle_row);
  if (rows->len == 0)
    return FALSE;
  {
    GtkWidget *row = g_ptr_array_index (rows, (b / 2) % rows->len);
    g_autofree char *what = g_strdup_printf ("the puzzle '%s'", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));

    click (row, what);
  }
  return isle_ui_test_wait_until (on_game_page, 3000 * SLOWDOWN);
}

/* Closes the window with its close button, as a person does. */
static void
close_window (void)
{
  g_autoptr (GPtrArray) found = NULL;

  if (monkey.window == NULL)
    return;
  keep_focus ();
  if (new_game_dialog () != NULL)
    press (GDK_KEY_Escape, 0);
  found = collect (GTK_WIDGET (monkey.window), is_close_button);
  if (found->len > 0)
    click (g_ptr_array_index (found, 0), "the window's close button");
  else
    gtk_window_close (GTK_WINDOW (monkey.window));
  wait_ms (50);
  if (monkey.window != NULL)
    gtk_window_destroy (GTK_WINDOW (monkey.window));
  g_clear_object (&monkey.game);
  monkey.stall_since = 0;
}

static gboolean
continue_offered (void)
{
  return button_for (GTK_WIDGET (monkey.window), "win.continue") != NULL;
}

/* The app closed and started again: a new window, and Continue on its
 * start page when it offers the game autosaved (else a new game). */
static void
reopen (gboolean by_keyboard)
{
  trace ("reopening the window");
  close_window ();
  open_window ();
  monkey.reopened++;
  /* Continue shows once the autosave is read. */
  if (!isle_ui_test_wait_until (continue_offered, 500 * SLOWDOWN))
    {
      trace ("no game to continue");
      if (!start_by_dialog (by_keyboard))
        fail ("start", g_strdup_printf ("a new game did not start (the window shows '%s')", page ()));
      return;
    }
  click (button_for (GTK_WIDGET (monkey.window), "win.continue"), "Continue on the start page");
  if (!isle_ui_test_wait_until (on_game_page, 3000 * SLOWDOWN))
    fail ("start", g_strdup_printf ("Continue did not go back to the game (the window shows '%s')", page ()));
}

static void
episode (const Config *config, guint n_inputs)
{
  int first_seat = (int) g_rand_int_range (monkey.rand, 0, config->players[2] != NULL ? 4 : 2);
  gboolean animations = g_rand_int_range (monkey.rand, 0, 3) != 0;
  gboolean by_keyboard = g_rand_boolean (monkey.rand);
  guint32 b = g_rand_int (monkey.rand);
  /* One episode in three closes the app half-way and continues. */
  guint reopen_at = g_rand_int_range (monkey.rand, 0, 3) == 0
                    ? (n_inputs != FULL_GAME ? n_inputs : 240) / 2 : G_MAXUINT;
  gboolean started;

  monkey.episodes++;
  trace ("episode %u: %s, first seat %d, animations %s", monkey.episodes, config->name,
         config->variant != NULL ? first_seat : -1, animations ? "on" : "off");
  if (config->variant != NULL)
    remember_setup (config, first_seat, animations);
  open_window ();
  started = config->variant != NULL ? start_by_dialog (by_keyboard) : start_puzzle (b);
  if (!started)
    {
      fail ("start", g_strdup_printf ("%s did not start (the window shows '%s')", config->name, page ()));
      return;
    }
  observe ();
  check_all ();
  for (guint i = 0, over_at = 0, finished = monkey.finished; !monkey.failed; i++)
    {
      if (n_inputs != FULL_GAME ? i >= n_inputs : i >= (over_at != 0 ? over_at + PAST_THE_END : FULL_GAME_MAX))
        break;
      if (i == reopen_at)
        {
          reopen (by_keyboard);
          if (!monkey.failed)
            {
              observe ();
              check_all ();
            }
          if (monkey.failed)
            break;
        }
      one_input ();
      if (monkey.window == NULL && !monkey.failed)
        fail ("window", g_strdup ("the game window closed"));
      if (over_at == 0 && monkey.finished > finished)
        over_at = i;
    }
  if (!monkey.failed)
    close_window ();
}

/* ---- the subprocess side -------------------------------------------------- */

static void
monkey_begin (guint32 seed)
{
  const char *path = g_getenv (TRACE_ENV);

  g_assert_true (isle_ui_input_available ());
  monkey.seed = seed;
  monkey.rand = g_rand_new_with_seed (seed);
  monkey.start = g_get_monotonic_time ();
  monkey.trace = path != NULL ? fopen (path, "w") : NULL;
  report_crashes ();
  monkey.without = g_strsplit (g_getenv ("CRITTER_ISLE_MONKEY_WITHOUT") ?: "", ",", -1);
  monkey.skip_checks = g_strsplit (g_getenv ("CRITTER_ISLE_MONKEY_SKIP_CHECKS") ?: "", ",", -1);
  g_queue_init (&monkey.recent);
  trace ("seed: %u", seed);
  app_get ();
}

static void
monkey_end (void)
{
  write_stats ();
  if (monkey.trace != NULL)
    fclose (monkey.trace);
  monkey.trace = NULL;
}

/* Seed N plays configurations 2 (N - 1) and 2 N - 1 (the default seeds
 * play each once), or with CRITTER_ISLE_MONKEY_INPUTS, goes on through the
 * list until it has delivered that many inputs. Under the sanitizers every
 * episode is A_WHILE / SLOWDOWN_INPUTS inputs: a whole game would take
 * minutes there. */
static void
play_seed (guint32 seed)
{
  guint budget = (guint) g_ascii_strtoull (g_getenv ("CRITTER_ISLE_MONKEY_INPUTS") ?: "0", NULL, 10);

  monkey_begin (seed);
  for (guint e = 0; !monkey.failed && (budget != 0 ? monkey.inputs < budget : e < 2); e++)
    {
      const Config *config = &configs[((seed - 1) * 2 + e) % G_N_ELEMENTS (configs)];
      guint n = SLOWDOWN_INPUTS > 1 ? A_WHILE / SLOWDOWN_INPUTS : config->inputs;

      if (budget != 0)
        n = n == FULL_GAME ? budget - monkey.inputs : MIN (n, budget - monkey.inputs);
      episode (config, n);
    }
  monkey_end ();
}

/* ---- the deterministic regressions ----------------------------------------- */

static const Config basic_vs_greedy = {
  "basic against greedy, dealt hands", "basic", { "human", "greedy" }, "deal", "default"
};

static gboolean
human_to_move_again (void)
{
  IsleGame *game = isle_window_get_game (monkey.window);
  const IsleState *s = isle_game_get_state (game);

  return isle_game_get_position (game) > monkey.position && isle_state_to_move (s) == 0
         && s->phase == ISLE_PHASE_PLACE;
}

static gboolean
human_to_place_or_review (void)
{
  return human_to_move_again () || reviewing ();
}

/* The human (seat 0) places the first token of the hand: key 1, then a
 * click on the first tile that may be played; then the computer replies,
 * or the round ends (its review shows). */
static void
place_and_wait (gboolean (*until) (void))
{
  IsleGame *game = isle_window_get_game (monkey.window);
  IsleBoardView *view = board_view ();
  guint before = isle_game_get_position (game);
  int cell;
  char name[3];

  g_assert_cmpint (isle_state_to_move (isle_game_get_state (game)), ==, 0);
  press (GDK_KEY_1, 0);
  for (cell = 0; cell < ISLE_N_CELLS; cell++)
    if (isle_board_tile_get_playable (ISLE_BOARD_TILE (isle_board_view_get_tile (view, cell))))
      break;
  g_assert_cmpint (cell, <, ISLE_N_CELLS);
  note ("click tile %s (playable)", isle_cell_name (cell, name));
  g_assert_true (isle_ui_input_click (isle_board_view_get_tile (view, cell), 0.5, 0.5));
  /* The click placed the token there; on a slow machine the computer's
   * reply may already have followed it. */
  g_assert_cmpuint (isle_game_get_position (game), >=, before + 1);
  g_assert_cmpint (isle_action_type (isle_game_get_action (game, before)), ==, ISLE_ACTION_PLACE);
  g_assert_cmpint (isle_action_cell (isle_game_get_action (game, before)), ==, cell);
  observe ();
  g_assert_true (isle_ui_test_wait_until (until, 10000 * SLOWDOWN));
  observe ();
}

static void
place_and_wait_reply (void)
{
  place_and_wait (human_to_move_again);
}

static void
place_and_wait_reply_or_round_end (void)
{
  place_and_wait (human_to_place_or_review);
}

/* A Basic game against the computer, started with the dialog; the human
 * (seat 0) places first, with a dealt hand. */
static void
start_basic_vs_greedy (void)
{
  remember_setup (&basic_vs_greedy, 0, TRUE);
  open_window ();
  g_assert_true (start_by_dialog (FALSE));
  wait_ms (100);
  g_assert_cmpstr (page (), ==, "game");
  g_assert_cmpint (isle_game_get_state (isle_window_get_game (monkey.window))->phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (isle_state_to_move (isle_game_get_state (isle_window_get_game (monkey.window))), ==, 0);
  observe ();
}

static void
assert_checks_pass (void)
{
  const char *name = NULL;
  char *problem;

  wait_ms (60);
  problem = first_problem (isle_window_get_game (monkey.window), &name);
  if (problem != NULL)
    fail (name, problem);
}

/* The player's report: one token placed, the computer's reply, Ctrl+Z;
 * the app crashed (the computer's pause, still pending after the undo,
 * fired for the human's seat: player_made() with no error). The undo must
 * go back to the human's decision, and the game must stay there. */
static void
undo_after_computer_reply (void)
{
  IsleGame *game;
  guint start;

  monkey_begin (0);
  start_basic_vs_greedy ();
  game = isle_window_get_game (monkey.window);
  start = isle_game_get_position (game);
  place_and_wait_reply ();
  g_assert_cmpuint (isle_game_get_position (game), ==, start + 2);
  press (GDK_KEY_z, GDK_CONTROL_MASK);
  /* Long past the computer's pause (450 ms): whatever was pending fired. */
  wait_ms (1500 * SLOWDOWN);
  g_assert_nonnull (monkey.window);
  g_assert_true (isle_window_get_game (monkey.window) == game);
  g_assert_cmpuint (isle_game_get_position (game), ==, start);
  g_assert_cmpint (isle_state_to_move (isle_game_get_state (game)), ==, 0);
  g_assert_cmpint (isle_game_get_state (game)->phase, ==, ISLE_PHASE_PLACE);
  assert_checks_pass ();
  if (!monkey.failed)
    close_window ();
  monkey_end ();
}

/* Four placements of the human's, each answered; one undo. The log must
 * show exactly the moves that remain, newest first, none twice (it kept
 * the undone moves and told the earlier ones again). Looked at right after
 * the undo, before the computer's pause could run out. */
static void
log_after_undo (void)
{
  IsleGame *game;
  g_autoptr (GListModel) rows = NULL;
  g_autoptr (GString) shown = g_string_new (NULL);
  guint n_lines;

  monkey_begin (0);
  start_basic_vs_greedy ();
  game = isle_window_get_game (monkey.window);
  for (int i = 0; i < 4; i++)
    place_and_wait_reply ();
  g_assert_cmpuint (isle_game_get_position (game), ==, 8);
  press (GDK_KEY_z, GDK_CONTROL_MASK);
  wait_ms (80);
  g_assert_cmpuint (isle_game_get_position (game), ==, 6);
  rows = log_rows ();
  g_assert_nonnull (rows);
  n_lines = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n_lines; i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (rows, i);

      g_string_append_printf (shown, "  %s\n", isle_history_item_get_text (item));
    }
  for (guint i = 0; i < n_lines && !monkey.failed; i++)
    for (guint j = 0; j < i && !monkey.failed; j++)
      {
        g_autoptr (IsleHistoryItem) a = g_list_model_get_item (rows, i);
        g_autoptr (IsleHistoryItem) b = g_list_model_get_item (rows, j);

        if (g_strcmp0 (isle_history_item_get_text (a), isle_history_item_get_text (b)) == 0)
          fail ("log", g_strdup_printf ("the log tells '%s' twice:\n%s", isle_history_item_get_text (a),
                                        shown->str));
      }
  if (!monkey.failed && n_lines != 6)
    fail ("log", g_strdup_printf ("the log shows %u rows, not the 6 moves left:\n%s", n_lines, shown->str));
  if (!monkey.failed)
    {
      char *problem = check_log (game);

      if (problem != NULL)
        fail ("log", problem);
    }
  /* Closed at once: this case is about the log (the crash that follows
   * such an undo today is the case above). */
  if (monkey.window != NULL)
    gtk_window_destroy (GTK_WINDOW (monkey.window));
  g_clear_object (&monkey.game);
  monkey_end ();
}

static gboolean
in_round_two_human_to_place (void)
{
  const IsleState *s = isle_game_get_state (isle_window_get_game (monkey.window));

  return s->round == 2 && isle_state_to_move (s) == 0 && s->phase == ISLE_PHASE_PLACE && !reviewing ();
}

/* Round 1 played to its end, its review passed with Next Round, a token
 * placed in round 2, then Ctrl+Z until the game is back in round 1: the
 * map must show that position (the window took the undo over the round's
 * end for the round ending again, reviewed it, and showed the empty
 * scored board of a round not yet scored). Looked at right after the
 * undo, before the computer's pause could run out. */
static gboolean
next_round_shown (void)
{
  GtkWidget *next = monkey.window != NULL ? button_for (GTK_WIDGET (monkey.window), "review.next-round") : NULL;

  return next != NULL && gtk_widget_get_mapped (next);
}

static void
undo_into_last_round (void)
{
  IsleGame *game;
  GtkWidget *next;

  monkey_begin (0);
  start_basic_vs_greedy ();
  game = isle_window_get_game (monkey.window);
  while (isle_game_get_state (game)->round == 1)
    place_and_wait_reply_or_round_end ();
  /* The review's Next Round shows with the side panel, a frame after the
   * board: waited for, as a person would, not to sit out every line. */
  isle_ui_test_wait_until (next_round_shown, 3000 * SLOWDOWN);
  next = button_for (GTK_WIDGET (monkey.window), "review.next-round");
  if (next != NULL)
    click (next, "Next Round");
  g_assert_true (isle_ui_test_wait_until (in_round_two_human_to_place, 10000 * SLOWDOWN));
  observe ();
  place_and_wait_reply_or_round_end ();
  while (isle_game_get_state (game)->round == 2 && !monkey.failed)
    {
      guint before = isle_game_get_position (game);

      press (GDK_KEY_z, GDK_CONTROL_MASK);
      g_assert_cmpuint (isle_game_get_position (game), <, before);
    }
  wait_ms (80);
  if (reviewing ())
    {
      g_autofree char *board = check_board (game);

      fail ("review", g_strdup_printf ("the round-end review shows at position %u, in round 1%s%s",
                                       isle_game_get_position (game), board ? "; " : "", board ? board : ""));
    }
  else
    assert_checks_pass ();
  /* Closed at once (the crash that follows such an undo today is the
   * first case's). */
  if (monkey.window != NULL)
    gtk_window_destroy (GTK_WINDOW (monkey.window));
  g_clear_object (&monkey.game);
  monkey_end ();
}

/* ---- the parent side: each case in a subprocess ------------------------------ */

typedef struct
{
  guint inputs, games, finished, undos, hints, resizes, episodes;
  double seconds;
  guint failed, seeds;
} Totals;

static Totals totals;

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

/* Runs CHILD (a case of this program) in a subprocess that traces to a
 * file; prints its figures, and its last inputs when it failed. */
static void
run_child (const char *name, guint64 timeout_s)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-monkey-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  const char *stats = NULL;
  guint n_inputs = 0;
  gboolean passed;

  g_assert_no_error (error);
  path = g_build_filename (dir, "trace.txt", NULL);
  g_setenv (TRACE_ENV, path, TRUE);
  {
    /* Its games are autosaved beside its trace: a case sees the games
     * left by its own earlier windows only (Continue), never another
     * case's, nor the user's. */
    g_autofree char *autosave = g_build_filename (dir, "autosave.isle", NULL);

    g_setenv ("CRITTER_ISLE_AUTOSAVE", autosave, TRUE);
  }
  g_test_trap_subprocess (NULL, timeout_s * G_USEC_PER_SEC * SLOWDOWN, G_TEST_SUBPROCESS_INHERIT_STDERR);
  passed = g_test_trap_has_passed ();
  if (g_file_get_contents (path, &text, NULL, NULL))
    {
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "stats: "))
          stats = lines[i] + strlen ("stats: ");
        else if (g_str_has_prefix (lines[i], "input "))
          n_inputs++;
        else if (g_str_has_prefix (lines[i], "episode ") || g_str_has_prefix (lines[i], "game ")
                 || g_str_has_prefix (lines[i], "reopening ")
                 || g_str_has_prefix (lines[i], "FAIL") || g_str_has_prefix (lines[i], "closing ")
                 || g_str_has_prefix (lines[i], "crash: ") || g_str_has_prefix (lines[i], "stall: "))
          g_test_message ("%s: %s", name, lines[i]);
    }
  if (stats != NULL)
    {
      Totals t = { 0 };

      sscanf (stats, "inputs=%u games=%u finished=%u undos=%u hints=%u resizes=%u dialogs=%*u strays=%*u episodes=%u waits=%*u reopened=%*u seconds=%lf",
              &t.inputs, &t.games, &t.finished, &t.undos, &t.hints, &t.resizes, &t.episodes, &t.seconds);
      g_test_message ("%s: inputs: %u, games: %u, finished: %u, undos: %u, hints: %u, resizes: %u, %.1f s",
                      name, t.inputs, t.games, t.finished, t.undos, t.hints, t.resizes, t.seconds);
      totals.inputs += t.inputs;
      totals.games += t.games;
      totals.finished += t.finished;
      totals.undos += t.undos;
      totals.hints += t.hints;
      totals.resizes += t.resizes;
      totals.episodes += t.episodes;
    }
  else
    {
      g_test_message ("%s: crashed after %u inputs (no figures written)", name, n_inputs);
      totals.inputs += n_inputs;
    }
  if (!passed && lines != NULL)
    {
      guint n = g_strv_length (lines);

      /* On stderr too: a CI log may keep only a failed test's stderr. */
      g_test_message ("%s failed; its last inputs (trace %s):", name, path);
      g_printerr ("%s failed; its last inputs:\n", name);
      for (guint i = 0, seen = 0; i < n; i++)
        if (g_str_has_prefix (lines[i], "input ") && ++seen > n_inputs - MIN (n_inputs, 20))
          {
            g_test_message ("  %s", lines[i]);
            g_printerr ("  %s\n", lines[i]);
          }
      totals.failed += g_str_has_prefix (name, "seed ");
    }
  else
    remove_tree (dir);
  g_unsetenv (TRACE_ENV);
  g_unsetenv ("CRITTER_ISLE_AUTOSAVE");
  /* Not g_test_trap_assert_passed(): it would stop the program, and the
   * other cases must still run. */
  if (!passed)
    g_test_fail_printf ("%s failed (its messages are above)", name);
}

static void
test_undo_after_computer_reply (void)
{
  if (g_test_subprocess ())
    {
      undo_after_computer_reply ();
      return;
    }
  run_child ("undo-after-computer-reply", 60);
}

static void
test_log_after_undo (void)
{
  if (g_test_subprocess ())
    {
      log_after_undo ();
      return;
    }
  run_child ("log-after-undo", 90);
}

static void
test_undo_into_last_round (void)
{
  if (g_test_subprocess ())
    {
      undo_into_last_round ();
      return;
    }
  run_child ("undo-into-last-round", 120);
}

static void
test_random (gconstpointer data)
{
  guint32 seed = GPOINTER_TO_UINT (data);
  g_autofree char *name = g_strdup_printf ("seed %u", seed);

  if (g_test_subprocess ())
    {
      play_seed (seed);
      return;
    }
  g_test_message ("seed %u (CRITTER_ISLE_MONKEY_SEED=%u plays these inputs again)", seed, seed);
  totals.seeds++;
  run_child (name, 240);
}

int
main (int argc, char **argv)
{
  const char *chosen;
  gint64 start = g_get_monotonic_time ();
  g_autofree char *data = NULL;
  int status;

  g_log_set_writer_func (monkey_writer, NULL, NULL);
  isle_ui_test_init_display (argc, argv);
  /* The app's texts are printed whole in the trace and messages. */
  g_setenv ("LC_ALL", "C.UTF-8", FALSE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  /* The computer's searches and the board's animations have their own
   * threads and clocks; nothing here must wait for a window manager. */
  if (!g_test_subprocess ())
    {
      /* Puzzles the monkey solves are kept here, never in the user's
       * files; the subprocesses inherit it. */
      g_autoptr (GError) error = NULL;

      data = g_dir_make_tmp ("test-monkey-data-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("XDG_DATA_HOME", data, TRUE);
    }
  gtk_test_init (&argc, &argv, NULL);
  if (!isle_ui_input_available ())
    g_error ("the test display is not an X server with XTest");

  g_test_add_func ("/monkey/undo-after-computer-reply", test_undo_after_computer_reply);
  g_test_add_func ("/monkey/log-after-undo", test_log_after_undo);
  g_test_add_func ("/monkey/undo-into-last-round", test_undo_into_last_round);
  chosen = g_getenv ("CRITTER_ISLE_MONKEY_SEED");
  if (chosen != NULL)
    {
      guint32 seed = g_strcmp0 (chosen, "random") == 0 ? g_random_int ()
                                                        : (guint32) g_ascii_strtoull (chosen, NULL, 10);
      g_autofree char *path = g_strdup_printf ("/monkey/random/seed-%u", seed);

      g_test_add_data_func (path, GUINT_TO_POINTER (seed), test_random);
    }
  else
    for (gsize i = 0; i < G_N_ELEMENTS (default_seeds); i++)
      {
        g_autofree char *path = g_strdup_printf ("/monkey/random/seed-%u", default_seeds[i]);

        g_test_add_data_func (path, GUINT_TO_POINTER (default_seeds[i]), test_random);
      }
  status = g_test_run ();
  if (data != NULL)
    remove_tree (data);
  if (!g_test_subprocess () && totals.seeds > 0)
    g_print ("# inputs: %u, games: %u, finished: %u, undos: %u, hints: %u, resizes: %u, "
             "seeds: %u (%u failed), %.0f s\n",
             totals.inputs, totals.games, totals.finished, totals.undos, totals.hints, totals.resizes,
             totals.seeds, totals.failed, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  return status;
}
