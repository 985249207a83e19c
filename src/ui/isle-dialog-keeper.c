/* isle-dialog-keeper.c — keeps a window's dialogs alive until the frame
 * after they leave it.
 *
 * libadwaita (1.7.6 and 1.9.3 alike) lets a closing dialog go from inside
 * the dialog's own breakpoint bin's size_allocate: when a resize crosses
 * the dialog's breakpoints (narrow: a bottom sheet; wide: a floating one),
 * the bin hides its child, which skips the closing animation, whose end
 * removes the dialog from its host; when the host held the last reference
 * the bin is freed there, and its allocation goes on with a freed
 * breakpoint. The monkey (seed 4, on GNOME 50) crashed so after a narrow
 * window was widened while the New Game dialog closed. Holding each dialog
 * until an idle after it has left the host lets that allocation finish;
 * the dialog is then freed as before. */
#include "config.h"

#include "isle-dialog-keeper.h"

#if ADW_CHECK_VERSION (1, 5, 0)
#define KEPT "isle-dialog-keeper-kept"

static gboolean
release (gpointer dialog)
{
  g_object_set_data (dialog, KEPT, NULL);
  g_object_unref (dialog);
  return G_SOURCE_REMOVE;
}

/* The host let DIALOG go: it is released once the frame is done. */
static void
on_parent_changed (GtkWidget *dialog)
{
  if (gtk_widget_get_parent (dialog) != NULL)
    return;
  g_signal_handlers_disconnect_by_func (dialog, on_parent_changed, NULL);
  g_idle_add (release, dialog);
}

static void
on_dialogs_changed (GListModel *dialogs, guint position, guint removed, guint added)
{
  (void) removed;
  for (guint i = position; i < position + added; i++)
    {
      GObject *dialog = g_list_model_get_item (dialogs, i);   /* the keeper's */

      if (g_object_get_data (dialog, KEPT) != NULL || gtk_widget_get_parent (GTK_WIDGET (dialog)) == NULL)
        {
          g_object_unref (dialog);
          continue;
        }
      g_object_set_data (dialog, KEPT, GINT_TO_POINTER (TRUE));
      g_signal_connect (dialog, "notify::parent", G_CALLBACK (on_parent_changed), NULL);
    }
}
#endif

void
isle_dialog_keeper_watch (AdwApplicationWindow *window)
{
  g_return_if_fail (ADW_IS_APPLICATION_WINDOW (window));
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    GListModel *dialogs = adw_application_window_get_dialogs (window);

    g_signal_connect (dialogs, "items-changed", G_CALLBACK (on_dialogs_changed), NULL);
    /* The list lives as long as the window. */
    g_object_set_data_full (G_OBJECT (window), "isle-dialog-keeper", dialogs, g_object_unref);
  }
#endif
}
