/* isle-game-log.c — the game page's log: a list box over the match's
 * history (isle-game-log.h). */
#include "config.h"

#include "isle-game-log.h"
#include "isle-history.h"
#include "isle-reversed-model.h"

/* Rows of the log: the newest decisions and rounds. */
#define LOG_ROWS 12

/* A row of the log: the words of a decision or a round's result (which
 * stands out, and opens the results when activated). The row keeps its
 * IsleHistoryItem as "item". */
static GtkWidget *
create_log_row (gpointer object, gpointer user_data)
{
  IsleHistoryItem *item = object;
  gboolean round_end = isle_history_item_get_round_end (item);
  GtkWidget *label = gtk_label_new (isle_history_item_get_text (item));
  GtkWidget *row = gtk_list_box_row_new ();

  (void) user_data;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, round_end ? "heading" : "dim-label");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), round_end);
  g_object_set_data_full (G_OBJECT (row), "item", g_object_ref (item), g_object_unref);
  return row;
}

/* The log is a list box over the match's history, newest first, its last
 * LOG_ROWS decisions: undo and redo remove and restore its rows by
 * construction, and a move redraws a dozen short rows, not a long list.
 * (A list box, not a list view: a dozen rows of different heights are
 * measured exactly, and the newest is always the first shown.) */
void
isle_game_log_bind (GtkListBox *log, GListModel *history)
{
  g_autoptr (IsleReversedModel) newest_first = NULL;
  g_autoptr (GtkSliceListModel) newest = NULL;

  g_return_if_fail (GTK_IS_LIST_BOX (log));
  g_return_if_fail (G_IS_LIST_MODEL (history));
  newest_first = isle_reversed_model_new (history);
  newest = gtk_slice_list_model_new (G_LIST_MODEL (g_steal_pointer (&newest_first)), 0, LOG_ROWS);
  gtk_list_box_bind_model (log, G_LIST_MODEL (newest), create_log_row, NULL, NULL);
}

/* A round's row (the only rows activatable) opens the results table. */
static void
on_log_activated (GtkListBox *log, GtkListBoxRow *row, gpointer user_data)
{
  (void) row;
  (void) user_data;
  gtk_widget_activate_action (GTK_WIDGET (log), "win.results", NULL);
}

void
isle_game_log_setup (GtkListBox *log)
{
  g_return_if_fail (GTK_IS_LIST_BOX (log));
  gtk_list_box_set_selection_mode (log, GTK_SELECTION_NONE);
  g_signal_connect (log, "row-activated", G_CALLBACK (on_log_activated), NULL);
}
