/* isle-meeting.c — the window and the editor reach each other through the
 * functions IsleApplication sets here. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-meeting.h"

static IsleMeetingEditFunc edit_func;
static IsleMeetingTestPlayFunc test_play_func;

void
isle_meeting_set (IsleMeetingEditFunc edit, IsleMeetingTestPlayFunc test_play)
{
  edit_func = edit;
  test_play_func = test_play;
}

void
isle_meeting_edit (GtkApplication *app, IsleScenario *scenario, GFile *file)
{
  g_return_if_fail (app == NULL || GTK_IS_APPLICATION (app));
  g_return_if_fail (edit_func != NULL);
  edit_func (app, scenario, file);
}

gboolean
isle_meeting_test_play (GtkApplication *app, IsleScenario *scenario, GtkWindow *editor,
                        GError **error)
{
  g_return_val_if_fail (app == NULL || GTK_IS_APPLICATION (app), FALSE);
  g_return_val_if_fail (ISLE_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (test_play_func != NULL, FALSE);
  return test_play_func (app, scenario, editor, error);
}
