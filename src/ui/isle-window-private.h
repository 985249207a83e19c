/* isle-window-private.h — what the files of IsleWindow share: the window
 * (isle-window.c: the shell, its pages and files) and its actions
 * (isle-window-actions.c). */
#pragma once

#include <adwaita.h>

#include "isle-game-page.h"
#include "isle-games-page.h"
#include "isle-match.h"
#include "isle-puzzle-page.h"
#include "isle-session.h"
#include "isle-window.h"

G_BEGIN_DECLS

typedef struct _IsleWindowTesting IsleWindowTesting;

struct _IsleWindow
{
  AdwApplicationWindow parent_instance;

  /* The app's session (isle-session.h): the autosave, the puzzles and
   * the player's progress. The window shows what it says. */
  IsleSession *session;

  AdwWindowTitle *title;
  GtkMenuButton *menu_button;
  GtkSpinner *spinner;
  AdwToastOverlay *toasts;
  /* The pages, by name: "start", "puzzles", "games", "game", "pass" (shown by
   * isle_window_show_page()). From libadwaita 1.4 the navigation view
   * shows the first three, tagged so, and PAGES is the game's: "game"
   * and "pass" (isle-window-navigation.ui). */
  GtkStack *pages;
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwNavigationView *navigation;
  gboolean showing_page;       /* in isle_window_show_page() */
#endif
  gboolean game_started;       /* a game was shown, not only held behind */
  GtkWidget *continue_button;
  GtkWidget *new_game_button;
  GtkWidget *tour_button;
  GtkWidget *tour_offer;
  AdwStatusPage *start_page;
  AdwStatusPage *pass_page;
  GtkButton *pass_button;
  /* The game page, built by ensure_game_page(): NULL until then. */
  IsleGamePage *game_page;
  GtkWidget *back_button;
  GtkWidget *editor_button;
  IslePuzzlePage *puzzle_page;
  IsleGamesPage *games_page;     /* Your Games (isle-window-games.c) */

  /* A scenario being played (a puzzle, a shared file, a test play): its
   * goal decides the game (isle_game_get_scenario()). */
  int puzzle;                  /* the one played, an index in the session's puzzles, or -1 */
  gboolean test_play;          /* played from the editor: no autosave */
  GtkWindow *editor;           /* the editor of a test play (weak) */

  /* The match shown, and its game and setup. */
  IsleMatch *match;
  IsleGame *game;
  IsleGameSetup setup;

  guint spinner_delay;         /* source that shows the thinking indicator */
  guint analysis_save;         /* source that saves a review's judgements */

  /* What the screenshots and benchmarks asked (isle-testing.h), or NULL:
   * a person's window. */
  IsleWindowTesting *testing;
  /* The pages made narrow in a narrow window (isle-window.c): the
   * window's breakpoint, or (libadwaita 1.2) the source that lays them
   * out again. */
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwBreakpoint *narrow;
  gboolean game_page_narrowed;  /* the game page is among its setters */
#else
  guint layout_idle;
#endif
};

/* isle-window.c */
void     isle_window_ensure_game_page     (IsleWindow          *self);
void     isle_window_refresh              (IsleWindow          *self);
/* Lists the session's puzzles again on the Puzzles page. */
void     isle_window_refresh_puzzles      (IsleWindow          *self);
/* Shows the page NAME: "start", "puzzles", "games" or "game" (the page between
 * hot-seat players instead when it is due). */
void     isle_window_show_page            (IsleWindow          *self,
                                           const char          *name);
void     isle_window_update_actions       (IsleWindow          *self);
gboolean isle_window_human_to_move        (IsleWindow          *self);
/* Shows GAME (with its setup); takes a reference. */
void     isle_window_start_game           (IsleWindow          *self,
                                           IsleGame            *game);
void     isle_window_new_game_from_setup  (IsleWindow          *self,
                                           const IsleGameSetup *setup);
/* Plays SCENARIO from its start (chance from SEED when it has no seed of
 * its own). */
gboolean isle_window_play_scenario        (IsleWindow          *self,
                                           IsleScenario        *scenario,
                                           guint64              seed,
                                           GError             **error);
void     isle_window_play_puzzle          (IsleWindow          *self,
                                           int                  index);
/* Loads the game at PATH; a failure is shown in a toast. */
gboolean isle_window_load_game            (IsleWindow          *self,
                                           const char          *path);
/* Continues the game in progress (the session's autosave); a failure is
 * shown in a toast. */
gboolean isle_window_continue             (IsleWindow          *self);

/* isle-window-actions.c: the win.* actions. */
void     isle_window_install_actions      (GtkWidgetClass      *widget_class);
/* Calls THEN (SELF, DATA), which replaces the game shown, once the person
 * agrees to discard it when it is a game in progress (never, if they
 * cancel); FREE_DATA (DATA) after either. */
typedef void (*IsleWindowThen) (IsleWindow *self, gpointer data);
void     isle_window_replace_game         (IsleWindow          *self,
                                           IsleWindowThen       then,
                                           gpointer             data,
                                           GDestroyNotify       free_data);
/* The same for puzzle INDEX of the session's, and for the file FILE. */
void     isle_window_choose_puzzle        (IsleWindow          *self,
                                           int                  index);
void     isle_window_choose_file          (IsleWindow          *self,
                                           GFile               *file);

/* isle-window-games.c: Your Games' actions (win.games, win.open-kept-game,
 * win.delete-kept-game, win.export-kept-game, win.import-games), and the
 * session's games library shown on the page, its notice said once. */
void     isle_window_install_games_actions (GtkWidgetClass     *widget_class);
void     isle_window_show_library         (IsleWindow          *self);

/* isle-window-testing.c: what the screenshots and benchmarks
 * (isle-testing.h) make the window do, started with it; NULL when nothing
 * was asked. */
IsleWindowTesting *isle_window_testing_new  (IsleWindow        *window);
void               isle_window_testing_free (IsleWindowTesting *testing);

G_END_DECLS
