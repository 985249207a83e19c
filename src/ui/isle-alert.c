/* isle-alert.c — a question or a message for the person in the dialog of
 * the libadwaita at hand (isle-alert.h). */
#include "config.h"

#include <adwaita.h>

#include "isle-alert.h"

void
isle_alert_present (GtkWidget *parent, const char *heading, const char *body, const char *const *responses,
                    const char *default_response, const char *destructive, const char *suggested,
                    IsleAlertAnswered answered, gpointer data)
{
  g_return_if_fail (GTK_IS_WIDGET (parent));
  g_return_if_fail (responses != NULL && responses[0] != NULL && responses[1] != NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (adw_alert_dialog_new (heading, body));

  for (int i = 0; responses[i] != NULL && responses[i + 1] != NULL; i += 2)
    adw_alert_dialog_add_response (dialog, responses[i], responses[i + 1]);
  if (destructive != NULL)
    adw_alert_dialog_set_response_appearance (dialog, destructive, ADW_RESPONSE_DESTRUCTIVE);
  if (suggested != NULL)
    adw_alert_dialog_set_response_appearance (dialog, suggested, ADW_RESPONSE_SUGGESTED);
  if (default_response != NULL)
    adw_alert_dialog_set_default_response (dialog, default_response);
  adw_alert_dialog_set_close_response (dialog, responses[0]);
  if (answered != NULL)
    g_signal_connect (dialog, "response", G_CALLBACK (answered), data);
  adw_dialog_present (ADW_DIALOG (dialog), parent);
#else /* AdwMessageDialog: libadwaita 1.2 */
  GtkRoot *root = gtk_widget_get_root (parent);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                                        heading, body));

  for (int i = 0; responses[i] != NULL && responses[i + 1] != NULL; i += 2)
    adw_message_dialog_add_response (dialog, responses[i], responses[i + 1]);
  if (destructive != NULL)
    adw_message_dialog_set_response_appearance (dialog, destructive, ADW_RESPONSE_DESTRUCTIVE);
  if (suggested != NULL)
    adw_message_dialog_set_response_appearance (dialog, suggested, ADW_RESPONSE_SUGGESTED);
  if (default_response != NULL)
    adw_message_dialog_set_default_response (dialog, default_response);
  adw_message_dialog_set_close_response (dialog, responses[0]);
  if (answered != NULL)
    g_signal_connect (dialog, "response", G_CALLBACK (answered), data);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}
