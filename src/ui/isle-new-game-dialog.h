/* isle-new-game-dialog.h — the New Game window: the variant, each seat's
 * player, who starts, and the rules options (R4.2, R6.5, R10, R12). */
#pragma once

#include <adwaita.h>

#include "isle-game-setup.h"
#include "isle-session.h"

G_BEGIN_DECLS

/* Called once, when the user presses Start, with the setup chosen (valid
 * for the call only). Never called when the user cancels. */
typedef void (*IsleNewGameCallback) (const IsleGameSetup *setup, gpointer user_data);

/* An adaptive AdwDialog with libadwaita ≥ 1.5 (a bottom sheet on a
 * narrow window), a modal AdwWindow before. */
#define ISLE_NEW_GAME_IS_DIALOG ADW_CHECK_VERSION (1, 5, 0)

#define ISLE_TYPE_NEW_GAME_DIALOG (isle_new_game_dialog_get_type ())
#if ISLE_NEW_GAME_IS_DIALOG
G_DECLARE_FINAL_TYPE (IsleNewGameDialog, isle_new_game_dialog, ISLE, NEW_GAME_DIALOG, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IsleNewGameDialog, isle_new_game_dialog, ISLE, NEW_GAME_DIALOG, AdwWindow)
#endif

/* A dialog showing the last choice stored in SETTINGS, not yet shown:
 * transient for PARENT before libadwaita 1.5; from 1.5 PARENT is unused
 * (present it with adw_dialog_present()). */
IsleNewGameDialog *isle_new_game_dialog_new     (GtkWindow           *parent,
                                                 GSettings           *settings,
                                                 IsleNewGameCallback  callback,
                                                 gpointer             user_data);
/* The session whose ratings a rated game is played for (issue 30):
 * without one, or while its library cannot be written, the Rated Game
 * switch is off and insensitive. */
void               isle_new_game_dialog_set_session (IsleNewGameDialog *self,
                                                     IsleSession       *session);

/* Shows the New Game dialog over PARENT. On Start the choice is stored in
 * SETTINGS, CALLBACK gets it and the dialog closes; Cancel, Escape or
 * closing the window drop it. With the Rated Game switch on, the setup
 * is made rated by SESSION (isle_session_make_rated()). */
void               isle_new_game_dialog_present (GtkWindow           *parent,
                                                 GSettings           *settings,
                                                 IsleSession         *session,
                                                 IsleNewGameCallback  callback,
                                                 gpointer             user_data);

/* The Rated Game switch is on (and may be). */
gboolean           isle_new_game_dialog_get_rated (IsleNewGameDialog *self);

/* The setup the dialog shows now (for tests). */
void               isle_new_game_dialog_get_setup (IsleNewGameDialog *self,
                                                   IsleGameSetup     *out);
/* Shows SETUP (for tests). */
void               isle_new_game_dialog_set_setup (IsleNewGameDialog   *self,
                                                   const IsleGameSetup *setup);

G_END_DECLS
