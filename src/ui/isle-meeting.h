/* isle-meeting.h — where the game window and the scenario editor meet
 * without knowing each other: the editor asks for a test play, the window
 * for an editor, and the application they belong to answers, as an
 * IsleMeeting (IsleApplication is one). Nothing here knows a window, and
 * nothing is kept in the process: the application is asked each time. */
#pragma once

#include <gtk/gtk.h>

#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_TYPE_MEETING (isle_meeting_get_type ())
G_DECLARE_INTERFACE (IsleMeeting, isle_meeting, ISLE, MEETING, GtkApplication)

struct _IsleMeetingInterface
{
  GTypeInterface parent_iface;

  /* Opens SCENARIO (a copy) or FILE in a new editor window. */
  void     (*edit)      (IsleMeeting  *self,
                         IsleScenario *scenario,
                         GFile        *file);
  /* Plays SCENARIO in a new game window, from EDITOR (watched weakly:
   * "Back to the Editor" and "Keep as Solution" go to it). */
  gboolean (*test_play) (IsleMeeting  *self,
                         IsleScenario *scenario,
                         GtkWindow    *editor,
                         GError      **error);
};

/* Asks APP, the application of the window asking (an IsleMeeting). */
void     isle_meeting_edit      (GtkApplication *app,
                                 IsleScenario   *scenario,
                                 GFile          *file);
gboolean isle_meeting_test_play (GtkApplication *app,
                                 IsleScenario   *scenario,
                                 GtkWindow      *editor,
                                 GError        **error);

G_END_DECLS
