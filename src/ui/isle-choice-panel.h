/* isle-choice-panel.h — IsleChoicePanel: the game page's controls for the
 * decisions not made on the map, or made there and also offered here for
 * the keyboard and screen readers: the opening-hand picks (R4.2), the
 * weather cards (R6.1), the replacement (R8.1), the hiring market (R9.3)
 * and a button for each remaining choice. Its widgets keep their places
 * while a decision goes on: they are updated in place, not rebuilt, so
 * nothing moves under the pointer. It only shows; "chosen" tells the page
 * which action a person picked. */
#pragma once

#include <gtk/gtk.h>

#include "isle-turn.h"

G_BEGIN_DECLS

#define ISLE_TYPE_CHOICE_PANEL (isle_choice_panel_get_type ())
G_DECLARE_FINAL_TYPE (IsleChoicePanel, isle_choice_panel, ISLE, CHOICE_PANEL, GtkBox)

/* What the panel shows. */
typedef struct
{
  const IsleTurnChoices *choices;   /* the turn model's choices now */
  gboolean mine;            /* a person here decides now */
  IsleAction hint;          /* the hinted action, or 0 */
  gboolean both_faces;      /* R6.4: the selected token may go either face */
  gboolean face_down;       /* and goes face down */
  const char *note;         /* a line on a choice in progress on the map */
} IsleChoiceView;

GtkWidget *isle_choice_panel_new  (void);
void       isle_choice_panel_show (IsleChoicePanel      *self,
                                   const IsleChoiceView *view);

/* Signals:
 *   chosen (guint action, guint phase): a person picked ACTION among the
 *     choices shown for PHASE (an IslePhase); the page hands it to the
 *     turn model, which plays it if it is still a choice.
 *   face-down-toggled (gboolean face_down): the "face down" box changed. */

G_END_DECLS
