/* isle-window.h — the main window: a start page, the game (map, hand,
 * panel, the computer's moves) and the page between hot-seat players. */
#pragma once

#include <adwaita.h>

#include "isle-game.h"
#include "isle-match.h"
#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_TYPE_WINDOW (isle_window_get_type ())
G_DECLARE_FINAL_TYPE (IsleWindow, isle_window, ISLE, WINDOW, AdwApplicationWindow)

IsleWindow *isle_window_new       (GtkApplication  *app);
/* Opens the saved game or scenario in FILE (command line, file manager,
 * a drop). */
void        isle_window_open_file (IsleWindow      *self,
                                   GFile           *file);
/* Test Play from the editor: a new window of APP plays SCENARIO against
 * its opponent, without autosave, with a way back to EDITOR (and, once the
 * goal is met, to keep the moves as the scenario's solution). */
/* The game shown (behind the start page too). */
IsleGame   *isle_window_get_game  (IsleWindow      *self);
/* The match shown: the game being played, its computers and hints. */
IsleMatch  *isle_window_get_match (IsleWindow      *self);
gboolean    isle_window_is_test_play (IsleWindow *self);
/* The page a person sees: "start", "puzzles", "game", or "pass" between
 * hot-seat players. */
const char *isle_window_get_page_name (IsleWindow *self);
gboolean    isle_window_test_play (GtkApplication  *app,
                                   IsleScenario    *scenario,
                                   GtkWindow       *editor,
                                   GError         **error);

G_END_DECLS
