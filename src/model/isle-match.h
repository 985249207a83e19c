/* isle-match.h — IsleMatch: a game being played. It owns the IsleGame, a
 * computer player per computer seat, the pause before a computer move,
 * hints, hot-seat passing and a scenario's goal; views show it and send it
 * the people's decisions, and it plays the computers' turns itself.
 *
 * The one rule that keeps it whole: any move of the game (a decision,
 * undo, redo, go-to, a replaced player, the match's end) first cancels
 * every pending computer move and hint, and what they answer afterwards is
 * dropped. Undo and redo go from one decision of a person to the next, in
 * one step. Properties are notified only when they change; the signals
 * follow the game's, after the match has caught up with it. No GTK here:
 * it is tested without a display. */
#pragma once

#include <gio/gio.h>

#include "isle-ai-player.h"
#include "isle-player-spec.h"
#include "isle-game.h"
#include "isle-history.h"
#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_TYPE_MATCH (isle_match_get_type ())
G_DECLARE_FINAL_TYPE (IsleMatch, isle_match, ISLE, MATCH, GObject)

#define ISLE_MATCH_ERROR (isle_match_error_quark ())
GQuark isle_match_error_quark (void);

typedef enum
{
  ISLE_MATCH_ERROR_NOT_YOUR_TURN,   /* nobody at this screen decides now */
  ISLE_MATCH_ERROR_ILLEGAL,         /* not a legal decision now */
  ISLE_MATCH_ERROR_OVER,            /* the game or the goal is decided */
} IsleMatchError;

/* The pause before a computer move, so that a person sees it coming. */
#define ISLE_MATCH_DEFAULT_PAUSE_MS 450

/* A match over GAME (a reference is taken), its seats played as GAME's
 * setup says. The computers start after the pause unless the match is held
 * (isle_match_hold()). */
IsleMatch      *isle_match_new               (IsleGame     *game);

IsleGame       *isle_match_get_game          (IsleMatch    *self);
/* The game's history in words for the viewer: a list of IsleHistoryItem. */
GListModel     *isle_match_get_history       (IsleMatch    *self);

/* Who plays SEAT now: the person or a computer player (after a stand-in
 * took over, the stand-in). Valid until the player changes. */
const IslePlayerSpec *isle_match_get_player  (IsleMatch    *self,
                                              int           seat);
gboolean        isle_match_is_human          (IsleMatch    *self,
                                              int           seat);
int             isle_match_get_n_humans      (IsleMatch    *self);
/* The side (0 Red, 1 Blue) of the one person playing the computer, or -1
 * when nobody or more than one person plays (results and verdicts are
 * spoken to that person). */
int             isle_match_get_person_side   (IsleMatch    *self);
/* Puts SPEC at SEAT (the person or a computer), cancelling what is
 * pending; a computer that cannot be made gets a stand-in
 * ("player-replaced"). Nothing happens when SEAT has SPEC already. */
void            isle_match_set_player        (IsleMatch    *self,
                                              int           seat,
                                              const IslePlayerSpec *spec);

/* "to-move": the seat that decides now, -1 when the game is over. */
int             isle_match_get_to_move       (IsleMatch    *self);
/* "viewer": the seat whose view a person at the screen sees (R12): the
 * human seat, the one whose turn was last taken when people share the
 * screen, seat 0 when computers play alone. */
int             isle_match_get_viewer        (IsleMatch    *self);
/* "human-turn": the viewer decides now (a person's turn, no pass pending,
 * the game and its goal undecided). */
gboolean        isle_match_get_human_turn    (IsleMatch    *self);
/* "thinking": a computer player or the adviser is searching (after the
 * pause before a computer move). */
gboolean        isle_match_get_thinking      (IsleMatch    *self);
gboolean        isle_match_get_can_undo      (IsleMatch    *self);
gboolean        isle_match_get_can_redo      (IsleMatch    *self);
/* "rated": the game is rated (IsleGameSetup.rated). Until a rated game
 * is over, undo, redo, hints, the review and editing the position are
 * refused: "can-undo", "can-redo", "can-hint" and "can-review" are FALSE
 * and the calls do nothing. */
gboolean        isle_match_get_rated         (IsleMatch    *self);
/* "can-hint": isle_match_request_hint() may be asked now (the viewer's
 * turn, not a rated game in progress). */
gboolean        isle_match_get_can_hint      (IsleMatch    *self);
/* "can-review": the game may be reviewed now (a decision taken, not a
 * rated game in progress). */
gboolean        isle_match_get_can_review    (IsleMatch    *self);
/* "goal-status": where a scenario's goal stands, computed when the
 * position changes (ISLE_GOAL_IN_PROGRESS when there is no goal). Once it
 * is met or failed nobody decides any more. SENTENCE (may be NULL) gets
 * how it stands in words, or NULL. */
IsleGoalStatus  isle_match_get_goal_status   (IsleMatch    *self,
                                              const char  **sentence);
/* "hot-seat-pass": people share the screen and the one to decide is not
 * the viewer: nothing secret may be shown until isle_match_take_turn(). */
gboolean        isle_match_get_hot_seat_pass (IsleMatch    *self);
/* "hint": the decision the adviser suggests for the viewer, or 0. */
IsleAction      isle_match_get_hint          (IsleMatch    *self);
/* "hints-used": the adviser has suggested a decision in this match (an
 * attempt at a puzzle so solved is helped, not solved); never unset. */
gboolean        isle_match_get_hints_used    (IsleMatch    *self);
/* The position now as the start of a new scenario, for the editor: the
 * viewer its player, the computer its opponent. Fails unless a token is
 * about to be placed. */
IsleScenario   *isle_match_scenario_here     (IsleMatch    *self,
                                              GError      **error);
/* The decisions from the start to the position now, in their text form
 * (a test play's solution). */
GStrv           isle_match_get_moves         (IsleMatch    *self);
/* "clues": how many of the scenario's own clues (isle_scenario_get_hints())
 * this match has shown, one at a time by isle_match_show_clue(), which is
 * FALSE when none is left; isle_match_get_more_clues() says whether one is. */
guint           isle_match_get_clues         (IsleMatch    *self);
gboolean        isle_match_get_more_clues    (IsleMatch    *self);
gboolean        isle_match_show_clue         (IsleMatch    *self);
/* The game is over (every round played): nothing is left to decide. */
gboolean        isle_match_get_over          (IsleMatch    *self);

/* "last-move": the tiles (bit = cell, a1 = bit 0) touched by the
 * decisions since the last one a person at this screen took (any person
 * in the hot seat; when computers play alone, since the other side's last
 * decision), a replacement forced on a person counting with the turn that
 * forced it: what the computer's turn did (placements, both tiles of a
 * swap, the replaced tile, the Frog's hop, a lifted fog board, recoloured
 * Chameleons), kept until the next decision of a person. A new round's
 * empty map clears it. Recomputed on undo, redo and go-to. */
guint64         isle_match_get_last_move     (IsleMatch    *self);
/* The game position where the decisions "last-move" shows begin: they are
 * those from it up to the game's position. */
guint           isle_match_get_last_move_start (IsleMatch  *self);

/* "pause-ms": the pause before a computer move. */
guint           isle_match_get_pause_ms      (IsleMatch    *self);
void            isle_match_set_pause_ms      (IsleMatch    *self,
                                              guint         pause_ms);
/* "held": while anyone holds the match, no computer starts a move (a
 * view shows something first, such as a round's result, or the game is
 * behind another page); what was pending is cancelled. Each hold is
 * released by whoever took it; the computers go on once none is left. */
gboolean        isle_match_get_held          (IsleMatch    *self);
void            isle_match_hold              (IsleMatch    *self);
void            isle_match_release           (IsleMatch    *self);

/* The viewer's decision ACTION. Fails, changing nothing, when it is not a
 * person's turn at this screen or ACTION is not legal now. */
gboolean        isle_match_play              (IsleMatch    *self,
                                              IsleAction    action,
                                              GError      **error);
/* The same, for the decision in its text form ("place rW c3",
 * isle_action_parse()); text that is none fails as ISLE_MATCH_ERROR_ILLEGAL. */
gboolean        isle_match_play_text         (IsleMatch    *self,
                                              const char   *text,
                                              GError      **error);
/* Back to the previous decision of a person, or on to the next one (the
 * end of the recorded game when there is none), in one step. */
gboolean        isle_match_undo              (IsleMatch    *self);
gboolean        isle_match_redo              (IsleMatch    *self);
/* Asks the adviser for the viewer's decision: "hint" is set when it
 * answers. FALSE when it is not the viewer's turn, a hint is coming or
 * the game is rated and not over. */
gboolean        isle_match_request_hint      (IsleMatch    *self);
/* The person to decide has taken the screen: they become the viewer. */
void            isle_match_take_turn         (IsleMatch    *self);

G_END_DECLS
