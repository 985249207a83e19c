/* isle-meeting.c — the window and the editor reach each other through
 * their application (isle-meeting.h). */
#include "config.h"

#include "isle-meeting.h"

G_DEFINE_INTERFACE (IsleMeeting, isle_meeting, GTK_TYPE_APPLICATION)

static void
isle_meeting_default_init (IsleMeetingInterface *iface)
{
  (void) iface;
}

void
isle_meeting_edit (GtkApplication *app, IsleScenario *scenario, GFile *file)
{
  g_return_if_fail (ISLE_IS_MEETING (app));
  ISLE_MEETING_GET_IFACE (app)->edit (ISLE_MEETING (app), scenario, file);
}

gboolean
isle_meeting_test_play (GtkApplication *app, IsleScenario *scenario, GtkWindow *editor,
                        GError **error)
{
  g_return_val_if_fail (ISLE_IS_MEETING (app), FALSE);
  g_return_val_if_fail (ISLE_IS_SCENARIO (scenario), FALSE);
  return ISLE_MEETING_GET_IFACE (app)->test_play (ISLE_MEETING (app), scenario, editor, error);
}
