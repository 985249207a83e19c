/* isle-turn.h — IsleTurn: the turn in progress as the match's viewer
 * meets it, and what the viewer's activations mean. Views only show it and
 * forward "tile N activated", "hand token I selected", "choice A chosen"
 * and "face down toggled"; the turn model decides what they mean (mark,
 * unmark, play, ask for a second tile, pass then play) and plays it on the
 * match. It answers what a view draws: the board as the viewer may see it
 * (R7.5, R12, a Hippo's first tile R8.9), the tiles that may be activated,
 * the last move as moves, the lines the position scored, the live score,
 * the coins left after pending hires (R9.3), the status sentence and the
 * choices offered. Every change of any of it is one "changed" signal. No
 * GTK here: it is tested without a display. */
#pragma once

#include <glib-object.h>

#include "isle-match.h"

G_BEGIN_DECLS

#define ISLE_TYPE_TURN (isle_turn_get_type ())
G_DECLARE_FINAL_TYPE (IsleTurn, isle_turn, ISLE, TURN, GObject)

/* The most choices a decision but a placement offers. */
#define ISLE_TURN_MAX_CHOICES 64

/* One choice offered in the panel. */
typedef struct
{
  IsleAction action;
  gboolean enabled;       /* it may be chosen now (R4.2: a kind run out
                           * stays, greyed out) */
  gboolean chosen;        /* R9.3: hired this time */
  int count;              /* R4.2: left in the pile; -1 */
  char label[96];         /* its words, for a button, tooltip or screen
                           * reader */
} IsleTurnChoice;

/* The choices of the viewer's decision now: none when it is not theirs. */
typedef struct
{
  int phase;              /* IslePhase of the decision */
  int seat;               /* who decides */
  int round;
  int coins_left;         /* R9.3: the side's coins after pending hires */
  int n;
  IsleTurnChoice choices[ISLE_TURN_MAX_CHOICES];
} IsleTurnChoices;

/* A decision of the last move (see isle_turn_get_last_moves()). */
typedef struct
{
  IsleAction action;
  guint64 cells;          /* the tiles it touched: a lift its quadrant */
} IsleTurnMove;

/* The round the position has just scored (R7.5): its lines. */
typedef struct
{
  int round;              /* 0: the position scored no round */
  gboolean over;          /* the game, or a scenario's goal, is decided */
  gboolean goal;          /* a scenario's goal decided it */
  int32_t score[ISLE_N_SIDES];
  int n_lines;
  IsleLineScore lines[ISLE_MAX_SCORED_LINES];
} IsleTurnScored;

IsleTurn  *isle_turn_new                  (IsleMatch *match);
IsleMatch *isle_turn_get_match            (IsleTurn  *self);

/* "show-own-face-down": R12, the viewer's own face-down tokens are shown
 * (a setting; never under strict memory). TRUE by default. */
void       isle_turn_set_show_own_face_down (IsleTurn *self,
                                             gboolean  show);
/* "reviewing": a view shows the round just scored (the scored board, R7.5)
 * and holds the game meanwhile. */
void       isle_turn_set_reviewing        (IsleTurn  *self,
                                           gboolean   reviewing);
gboolean   isle_turn_get_reviewing        (IsleTurn  *self);

int        isle_turn_get_viewer           (IsleTurn  *self);
/* A person here decides now (and no review is shown). */
gboolean   isle_turn_get_mine             (IsleTurn  *self);

/* The map as the viewer may see it now. */
void       isle_turn_get_board            (IsleTurn  *self,
                                           IsleBoard *board);
/* Tiles whose activation means something now (a bit per cell). */
guint64    isle_turn_get_targets          (IsleTurn  *self);
/* The tile of a two-click choice marked so far, or -1. */
int        isle_turn_get_marked           (IsleTurn  *self);
/* The token a placement would put down (ISLE_KIND_NONE when none). */
IsleKind   isle_turn_get_preview          (IsleTurn  *self);
/* The hinted tile, or -1. */
int        isle_turn_get_hint_cell        (IsleTurn  *self);
IsleAction isle_turn_get_hint             (IsleTurn  *self);

/* The decisions since the person last decided (isle_match_get_last_move()),
 * one per decision: MOVES gets them (owned by the turn), the count
 * returned. */
guint      isle_turn_get_last_moves       (IsleTurn            *self,
                                           const IsleTurnMove **moves);
/* The tiles to mark as the last move: the tokens its decisions put down,
 * took or moved; a lifted fog board is one move, not nine tiles, and is
 * told by isle_turn_get_last_lift(). 0 while a scored board is shown. */
guint64    isle_turn_get_last_move_cells  (IsleTurn  *self);
/* The quadrant (its tiles) a fog lift of the last move opened, or 0. */
guint64    isle_turn_get_last_lift        (IsleTurn  *self);

/* The round this position scored; the view paces its lines. */
const IsleTurnScored *isle_turn_get_scored (IsleTurn *self);
/* The points of each side as the map stands for the viewer: the rounds
 * scored, and the lines on the map now that the viewer can see. */
void       isle_turn_get_score            (IsleTurn  *self,
                                           int32_t    score[ISLE_N_SIDES]);
/* R9.2, R9.3: SIDE's coins after the hires it has chosen and not yet paid
 * (only the viewer's own side's pending hires are known to it). */
int        isle_turn_get_coins_left       (IsleTurn  *self,
                                           int        side);

/* What the page says: the status sentence ("Your move: place a token…"),
 * the line explaining the decision (or NULL; while a hint is shown, why
 * it is good when it makes or keeps a line: isle_review_words_hint()), a note on a two-click choice
 * in progress (or NULL), and the facts of the round. */
const char *isle_turn_get_status          (IsleTurn  *self);
const char *isle_turn_get_explanation     (IsleTurn  *self);
const char *isle_turn_get_note            (IsleTurn  *self);
/* "2 of 4 · Cloudy": the round, and its weather once kept (R6.1). */
char       *isle_turn_dup_round_text      (IsleTurn  *self);
/* R4.7, R9.4: what decided the game, a whole sentence; NULL while the
 * game goes on (a scenario's goal is told by the scenario's own words). */
char       *isle_turn_dup_verdict         (IsleTurn  *self);
/* A scenario's goal, once decided: "Solved! …" or "Not this time: …";
 * NULL while it is in progress or there is none. */
char       *isle_turn_dup_goal_verdict    (IsleTurn  *self);
/* "Red 12 · Blue 9": the live score, the viewer's side first. */
char       *isle_turn_dup_score_text      (IsleTurn  *self);

/* R7: who leads on the map now and by how much ("Red is ahead by 3
 * points."), for the person playing the computer or else the viewer. */
char       *isle_turn_dup_lead_text       (IsleTurn  *self);
/* R9.2: "Red 40 · Blue 25", the coins after the viewer's own pending
 * hires; NULL in a game without coins. */
char       *isle_turn_dup_coins_text      (IsleTurn  *self);
/* "Your pile 8 · their hand 5, pile 9" (R12: counts only). */
char       *isle_turn_dup_piles_text      (IsleTurn  *self);
/* R9.3: "Red: Fox, Blue: Crow" once hired, "Nobody yet"; NULL in a game
 * without mercenaries. */
char       *isle_turn_dup_hired_text      (IsleTurn  *self);

/* The viewer's hand: KINDS gets its tokens, the count returned; PLACES
 * gets how many places to draw (R4.2: five while it is picked). */
int        isle_turn_get_hand             (IsleTurn  *self,
                                           IsleKind   kinds[ISLE_HAND_MAX],
                                           int       *places);
/* The hand token chosen for the next placement, and whether the hand is
 * chosen from now (placing, or the Frog may hop first: R8.5). */
int        isle_turn_get_selected         (IsleTurn  *self);
gboolean   isle_turn_get_placing          (IsleTurn  *self);
/* R6.4: the token chosen may go face up or face down, and goes down. */
gboolean   isle_turn_get_both_faces       (IsleTurn  *self);
gboolean   isle_turn_get_face_down        (IsleTurn  *self);
/* The choices offered beside the map now. */
const IsleTurnChoices *isle_turn_get_choices (IsleTurn *self);

/* ---- the viewer's activations -------------------------------------------- */

/* Tile CELL activated: marks, unmarks, plays, or leaves the Frog and
 * plays (R8.5). FALSE with ERROR when that could not be played; FALSE
 * without it when the tile means nothing now. */
gboolean   isle_turn_activate_tile        (IsleTurn  *self,
                                           int        cell,
                                           GError   **error);
/* Hand token INDEX chosen for the next placement; FALSE if it cannot be. */
gboolean   isle_turn_select_token         (IsleTurn  *self,
                                           int        index);
/* Choice ACTION chosen (one isle_turn_get_choices() offered); FALSE if it
 * is no choice now (ERROR set when the match refused it). */
gboolean   isle_turn_choose               (IsleTurn  *self,
                                           IsleAction action,
                                           GError   **error);
void       isle_turn_set_face_down        (IsleTurn  *self,
                                           gboolean   face_down);

/* ---- spoken names --------------------------------------------------------- */

/* CELL's name for a screen reader, from the board as the viewer sees it,
 * the targets and the last move: "c3, Blue's Pig, last move", "c3, free,
 * can be played", "c3, cannot be played: fog" (isle_words_tile_name()). */
char      *isle_turn_dup_tile_name        (IsleTurn  *self,
                                           int        cell);

/* Signal "changed": anything above may have changed.
 * Signal "announce" (TEXT): what a screen reader should say now, whole
 * sentences, once per event: the decisions nobody at this screen took, as
 * the log tells them, a round's line, the game's or the goal's verdict,
 * the status when the decision comes to the viewer or asks something new,
 * a computer player that failed. The viewer's own decisions are not told
 * back to them. */

G_END_DECLS
