/* isle-game.h — IsleGame: a game in progress for applications: the engine
 * state and its history with undo and redo, and the review of that history
 * kept with it ("analysis", isle-game-analysis.h). Every change of
 * position emits "position-changed (old, new)", an apply "action-applied
 * (index)" before it; "can-undo", "can-redo", "position" and "analysis"
 * are notified only when they change. Views do not drive a game
 * themselves: IsleMatch (isle-match.h) plays it. */
#pragma once

#include <glib-object.h>

#include "isle-game-setup.h"
#include "isle-state.h"

G_BEGIN_DECLS

#define ISLE_TYPE_GAME (isle_game_get_type ())
G_DECLARE_FINAL_TYPE (IsleGame, isle_game, ISLE, GAME, GObject)

/* isle-scenario.h: a `.isle` scenario, puzzle or saved game. */
typedef struct _IsleScenario IsleScenario;
/* isle-game-analysis.h: the review kept with a game. */
typedef struct _IsleGameAnalysis IsleGameAnalysis;

#define ISLE_GAME_ERROR (isle_game_error_quark ())
GQuark isle_game_error_quark (void);

typedef enum
{
  ISLE_GAME_ERROR_ILLEGAL,   /* the action is not legal where the game stands */
  ISLE_GAME_ERROR_SETUP,     /* the rules or variant cannot start a game */
} IsleGameError;

/* A game of VARIANT under RULES. Its setup (isle_game_get_setup()) has a
 * human at seat 0 and "medium" at every other seat. */
IsleGame        *isle_game_new            (const IsleRules *rules,
                                           IsleVariant      variant,
                                           int              first_seat,
                                           guint64          seed,
                                           GError         **error);
/* A game as SETUP describes it, chance drawn from SEED. The game keeps a copy
 * of SETUP. Fails if the variant, the first seat or the rules cannot start a
 * game. */
IsleGame        *isle_game_new_from_setup (const IsleGameSetup *setup,
                                           guint64              seed,
                                           GError             **error);
/* A game begun from SCENARIO (isle-scenario.h): its start position (or
 * normal start), rules, variant and players ("human" at the user's seat,
 * the opponent's level at the others, or the file's players), chance from
 * the scenario's seed, or from SEED when it has none. The scenario's
 * history is not applied (isle_saved_game_load() does that). The game keeps
 * a copy of SCENARIO. Fails with every problem of the scenario. */
IsleGame        *isle_game_new_from_scenario (IsleScenario     *scenario,
                                              guint64           seed,
                                              GError          **error);
/* The scenario the game was begun from, or NULL. */
IsleScenario    *isle_game_get_scenario   (IsleGame        *self);
const IsleGameSetup *isle_game_get_setup  (IsleGame        *self);
/* Whether the game was replayed from a record of `critter-isle-cli play
 * --json` (isle-game-record.h): its setup names the computers who played
 * it, not players a person chose, so a rematch is the person's own game.
 * The record reader marks it so. */
gboolean         isle_game_get_recorded   (IsleGame        *self);
void             isle_game_set_recorded   (IsleGame        *self);
guint64          isle_game_get_seed       (IsleGame        *self);
const IsleState *isle_game_get_state      (IsleGame        *self);
gboolean         isle_game_apply          (IsleGame        *self,
                                           IsleAction       action,
                                           GError         **error);
gboolean         isle_game_get_can_undo   (IsleGame        *self);
gboolean         isle_game_get_can_redo   (IsleGame        *self);
gboolean         isle_game_undo           (IsleGame        *self);
gboolean         isle_game_redo           (IsleGame        *self);

/* The history: every recorded action, the redo tail included. The first
 * POSITION of them are applied now; undo lowers the position, redo raises
 * it, and a new move replaces the actions past it. */
guint            isle_game_get_n_actions  (IsleGame        *self);
IsleAction       isle_game_get_action     (IsleGame        *self,
                                           guint            i);
guint            isle_game_get_position   (IsleGame        *self);
/* The state after the first POSITION actions (0: the start), for
 * 0 ≤ POSITION ≤ isle_game_get_n_actions(); the state before action i is
 * isle_game_get_state_at (self, i). */
const IsleState *isle_game_get_state_at   (IsleGame        *self,
                                           guint            position);
/* Undoes or redoes to POSITION (0 ≤ POSITION ≤ n_actions) in one step, with
 * one "position-changed". FALSE if POSITION is out of range. */
gboolean         isle_game_go_to          (IsleGame        *self,
                                           guint            position);

/* The judgements of the game's decisions kept with it (saved in its file,
 * given back by IsleGameReview), or NULL. It only ever holds judgements of
 * this game's own history: setting one drops those whose action is not
 * the history's at their index, and a move that replaces the redo tail
 * drops those of the decisions it forgot (the same move again keeps its
 * own). An analysis of a newer version (not understood) is kept whole
 * until one replaces it. "analysis" is notified when it changes. */
IsleGameAnalysis *isle_game_get_analysis  (IsleGame        *self);
void             isle_game_set_analysis   (IsleGame        *self,
                                           IsleGameAnalysis *analysis);

G_END_DECLS
