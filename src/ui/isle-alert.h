/* isle-alert.h — a question or a message for the person, in the dialog
 * of the libadwaita at hand: an AdwAlertDialog over its window
 * (libadwaita 1.5) or an AdwMessageDialog window (1.2). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The answer: RESPONSE is the id of the button chosen (the first
 * response's when the dialog is closed, by Escape too). */
typedef void (*IsleAlertAnswered) (GObject    *dialog,
                                   const char *response,
                                   gpointer    data);

/* Shows HEADING and BODY over PARENT with the buttons RESPONSES: pairs of
 * an id and a label, ended by NULL; the first is the close response.
 * DEFAULT is the response Return gives, DESTRUCTIVE and SUGGESTED the
 * ones drawn so (each may be NULL). ANSWERED (may be NULL) gets the
 * answer with DATA. */
void isle_alert_present (GtkWidget          *parent,
                         const char         *heading,
                         const char         *body,
                         const char *const  *responses,
                         const char         *default_response,
                         const char         *destructive,
                         const char         *suggested,
                         IsleAlertAnswered   answered,
                         gpointer            data);

G_END_DECLS
