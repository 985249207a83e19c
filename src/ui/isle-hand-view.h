/* isle-hand-view.h — IsleHandView: a seat's hand of tokens, to choose the
 * token to place by click, key or drag ("token-selected"). */
#pragma once

#include <gtk/gtk.h>

#include "isle-board.h"

G_BEGIN_DECLS

#define ISLE_TYPE_HAND_VIEW (isle_hand_view_get_type ())
G_DECLARE_FINAL_TYPE (IsleHandView, isle_hand_view, ISLE, HAND_VIEW, GtkBox)

GtkWidget *isle_hand_view_new      (void);
/* Shows the N tokens KINDS of a hand of SIDE (an IsleSide) in PLACES
 * places (empty ones while it is chosen, R4.2, its tokens then shown
 * only): a toggle button for each token, chosen from when PLACING
 * (SELECTED the one chosen). The buttons are changed in place: a token's
 * button, and the focus on it, stays while the hand changes. */
void       isle_hand_view_show     (IsleHandView    *self,
                                    const IsleKind  *kinds,
                                    int              n,
                                    int              places,
                                    int              side,
                                    gboolean         placing,
                                    int              selected);
/* Selects the INDEX-th token, as its key does; FALSE when it cannot be. */
gboolean   isle_hand_view_pick     (IsleHandView    *self,
                                    int              index);
gboolean   isle_hand_view_is_empty (IsleHandView    *self);
/* The kind of the INDEX-th token shown, or ISLE_KIND_NONE. */
IsleKind   isle_hand_view_get_kind (IsleHandView    *self,
                                    int              index);

G_END_DECLS
