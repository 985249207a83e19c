/* isle-history.h — the history of a game as a list for a log: one item per
 * decision applied, in order, in words, and a line after each round with
 * its score. It follows its game: undo removes the rows past the new
 * position and redo puts them back, in one "items-changed" each, so a list
 * view over it always shows exactly what the game has played. */
#pragma once

#include <gio/gio.h>

#include "isle-game.h"

G_BEGIN_DECLS

#define ISLE_TYPE_HISTORY_ITEM (isle_history_item_get_type ())
G_DECLARE_FINAL_TYPE (IsleHistoryItem, isle_history_item, ISLE, HISTORY_ITEM, GObject)

#define ISLE_TYPE_HISTORY (isle_history_get_type ())
G_DECLARE_FINAL_TYPE (IsleHistory, isle_history, ISLE, HISTORY, GObject)

/* The action of the game this item tells of (its index in the game's
 * history); a round's line has the index of the action that ended it. */
guint        isle_history_item_get_index     (IsleHistoryItem *self);
IsleAction   isle_history_item_get_action    (IsleHistoryItem *self);
/* The seat that decided, or -1 for a round's line. */
int          isle_history_item_get_seat      (IsleHistoryItem *self);
gboolean     isle_history_item_get_round_end (IsleHistoryItem *self);
/* The tiles the decision and what apply() did after it changed: the
 * placement's tile(s), both tiles of a swap, the replaced tile, the Frog's
 * from and to, a lifted fog board's nine tiles, the Chameleons it
 * recoloured (bit = cell, a1 = bit 0); 0 for a round's line. */
guint64      isle_history_item_get_cells     (IsleHistoryItem *self);
/* "You placed a Wolf on c3.", "Blue's Fox on d3 sent your Crow on c4 back
 * to your hand.", "Round 1 ended: Red 12, Blue 8." (the "text" property):
 * one or more whole sentences. */
const char  *isle_history_item_get_text      (IsleHistoryItem *self);

/* The history of GAME, in words for VIEWER's seat (what another seat did
 * in secret is told without its secret, R12). */
IsleHistory *isle_history_new        (IsleGame    *game,
                                      int          viewer);
IsleGame    *isle_history_get_game   (IsleHistory *self);
/* Rewords every row for VIEWER (the hot seat changes hands). */
void         isle_history_set_viewer (IsleHistory *self,
                                      int          viewer);

/* What the seat to move in BEFORE did with ACTION and what followed by
 * itself (a Chameleon recoloured, a Turtle's extra placement, a seat that
 * skipped, hiring revealed), told to VIEWER in whole sentences, in SETUP's
 * names ("You" and "your" for the viewer's seat when one human plays);
 * what VIEWER may not see stays unsaid (R12). */
char        *isle_history_describe   (const IsleGameSetup *setup,
                                      const IsleState     *before,
                                      IsleAction           action,
                                      int                  viewer);
/* The tiles ACTION changed from BEFORE to AFTER (its state after it), as
 * isle_history_item_get_cells() tells them. */
guint64      isle_history_cells      (const IsleState     *before,
                                      IsleAction           action,
                                      const IsleState     *after);
/* "Red", or "Red 1" in the team game (R11: seats R1 B1 R2 B2). */
char        *isle_history_seat_name  (const IsleGameSetup *setup,
                                      int                  seat);

G_END_DECLS
