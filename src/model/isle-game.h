/* isle-game.h — IsleGame: a game in progress for applications: the engine
 * state, its history with undo and redo, and a signal when it changes.
 * Widgets never change the state themselves: they call isle_game_apply(). */
#pragma once

#include <glib-object.h>

#include "isle-state.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAME (isle_game_get_type ())
G_DECLARE_FINAL_TYPE (IsleGame, isle_game, ISLE, GAME, GObject)

#define ISLE_GAME_ERROR (isle_game_error_quark ())
GQuark isle_game_error_quark (void);

typedef enum
{
  ISLE_GAME_ERROR_ILLEGAL,   /* the action is not legal where the game stands */
  ISLE_GAME_ERROR_SETUP,     /* the rules or variant cannot start a game */
} IsleGameError;

IsleGame        *isle_game_new            (const IsleRules *rules,
                                           IsleVariant      variant,
                                           int              first_seat,
                                           guint64          seed,
                                           GError         **error);
const IsleState *isle_game_get_state      (IsleGame        *self);
/* The state before the last applied action (NULL at the start). */
const IsleState *isle_game_get_previous   (IsleGame        *self);
IsleAction       isle_game_get_last_action (IsleGame       *self);
gboolean         isle_game_apply          (IsleGame        *self,
                                           IsleAction       action,
                                           GError         **error);
gboolean         isle_game_get_can_undo   (IsleGame        *self);
gboolean         isle_game_get_can_redo   (IsleGame        *self);
gboolean         isle_game_undo           (IsleGame        *self);
gboolean         isle_game_redo           (IsleGame        *self);

G_END_DECLS
