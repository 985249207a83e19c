/* isle-meeting.h — where the game window and the scenario editor meet
 * without knowing each other: the editor asks for a test play, the window
 * for an editor, and IsleApplication (isle_application_meet()) says who
 * answers. Nothing here knows a window. */
#pragma once

#include <gtk/gtk.h>

#include "isle-scenario.h"

G_BEGIN_DECLS

/* Opens SCENARIO (a copy) or FILE in a new editor window of APP (NULL:
 * a window of no application, in tests). */
typedef void     (*IsleMeetingEditFunc)     (GtkApplication *app,
                                             IsleScenario   *scenario,
                                             GFile          *file);
/* Plays SCENARIO in a new game window of APP, from EDITOR (watched
 * weakly: "Back to the Editor" and "Keep as Solution" go to it). */
typedef gboolean (*IsleMeetingTestPlayFunc) (GtkApplication *app,
                                             IsleScenario   *scenario,
                                             GtkWindow      *editor,
                                             GError        **error);

void     isle_meeting_set       (IsleMeetingEditFunc     edit,
                                 IsleMeetingTestPlayFunc test_play);
void     isle_meeting_edit      (GtkApplication *app,
                                 IsleScenario   *scenario,
                                 GFile          *file);
gboolean isle_meeting_test_play (GtkApplication *app,
                                 IsleScenario   *scenario,
                                 GtkWindow      *editor,
                                 GError        **error);

G_END_DECLS
