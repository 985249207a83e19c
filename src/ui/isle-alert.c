/* isle-alert.c — a question or a message for the person in the dialog of
 * the libadwaita at hand (isle-alert.h). */
#include "config.h"

#include <adwaita.h>

#include "isle-alert.h"

/* The one answer a dialog gives. AdwAlertDialog emits "response" again
 * when a second button is activated while the dialog is still closing
 * from the first (a click or Return in its closing animation): ANSWERED
 * hears the first only, so that what it frees is freed once. */
typedef struct
{
  IsleAlertAnswered answered;
  gpointer data;
  gboolean heard;
} Answer;

static void
on_response (GObject *dialog, const char *response, gpointer user_data)
{
  Answer *answer = user_data;

  if (answer->heard)
    return;
  answer->heard = TRUE;
  answer->answered (dialog, response, answer->data);
}

static void
answer_free (gpointer answer, GClosure *closure)
{
  (void) closure;
  g_free (answer);
}

static void
listen (GObject *dialog, IsleAlertAnswered answered, gpointer data)
{
  Answer *answer;

  if (answered == NULL)
    return;
  answer = g_new0 (Answer, 1);
  *answer = (Answer) { answered, data, FALSE };
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), answer, answer_free, 0);
}

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
  listen (G_OBJECT (dialog), answered, data);
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
  listen (G_OBJECT (dialog), answered, data);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}
