/* isle-narrow.c — a window's layout when it is narrow (isle-narrow.h). */
#include "config.h"

#include "isle-narrow.h"

#if ADW_CHECK_VERSION (1, 4, 0)
void
isle_narrow_stack (AdwBreakpoint *breakpoint, GtkOrientable *box)
{
  GValue vertical = G_VALUE_INIT;

  g_value_init (&vertical, GTK_TYPE_ORIENTATION);
  g_value_set_enum (&vertical, GTK_ORIENTATION_VERTICAL);
  /* Applied at once if the window is narrow now. */
  adw_breakpoint_add_setter (breakpoint, G_OBJECT (box), "orientation", &vertical);
  g_value_unset (&vertical);
}

AdwBreakpoint *
isle_narrow_breakpoint (GtkWidget *window, GtkOrientable *box, int width)
{
  AdwBreakpoint *breakpoint = adw_breakpoint_new (
    adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH, width - 1, ADW_LENGTH_UNIT_PX));

  g_return_val_if_fail (ADW_IS_WINDOW (window) || ADW_IS_APPLICATION_WINDOW (window), NULL);
  if (box != NULL)
    isle_narrow_stack (breakpoint, box);
  if (ADW_IS_APPLICATION_WINDOW (window))
    adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (window), breakpoint);
  else
    adw_window_add_breakpoint (ADW_WINDOW (window), breakpoint);
  return breakpoint;
}
#endif
