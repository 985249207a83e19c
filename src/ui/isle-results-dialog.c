/* isle-results-dialog.c — a finished (or running) game's results at
 * leisure: the verdict that names what decided it (R4.7, R9.4) above a
 * table with a row per round played (R7 points, R9.2 coins after it, R9.3
 * mercenaries hired before it), read from IsleResults. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-results.h"
#include "isle-results-dialog.h"
#include "isle-words.h"

static GtkWidget *
cell (GtkGrid *grid, int column, int row, const char *text, gboolean heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 0.5f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static void
cell_number (GtkGrid *grid, int column, int row, int32_t n, gboolean heading)
{
  g_autofree char *text = g_strdup_printf ("%d", n);

  cell (grid, column, row, text, heading);
}

/* The table: a row per round, then the totals. */
static GtkWidget *
results_table (const IsleResults *r)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  int col = 0;
  gboolean weather = r->variant != ISLE_VARIANT_BASIC;

  gtk_widget_set_name (GTK_WIDGET (grid), "results-table");
  gtk_grid_set_column_spacing (grid, 18);
  gtk_grid_set_row_spacing (grid, 8);
  cell (grid, col++, 0, _("Round"), TRUE);
  if (weather)
    cell (grid, col++, 0, _("Weather"), TRUE);
  /* Translators: table heading, the points Red scored in a round. */
  cell (grid, col++, 0, _("Red points"), TRUE);
  /* Translators: table heading, the points Blue scored in a round. */
  cell (grid, col++, 0, _("Blue points"), TRUE);
  if (r->coins)
    {
      /* Translators: table heading, Red's coins after a round. */
      cell (grid, col++, 0, _("Red coins"), TRUE);
      /* Translators: table heading, Blue's coins after a round. */
      cell (grid, col++, 0, _("Blue coins"), TRUE);
      /* Translators: table heading, mercenaries Red hired before a round. */
      cell (grid, col++, 0, _("Red hired"), TRUE);
      /* Translators: table heading, mercenaries Blue hired before a round. */
      cell (grid, col++, 0, _("Blue hired"), TRUE);
    }

  for (int i = 0; i < r->n_rounds; i++)
    {
      const IsleResultsRound *row = &r->rounds[i];
      g_autofree char *name = row->extra ? g_strdup_printf (_("%d (extra)"), row->round)
                                         : g_strdup_printf ("%d", row->round);

      col = 0;
      cell (grid, col++, i + 1, name, FALSE);
      if (weather)
        cell (grid, col++, i + 1, row->weather >= 0 ? isle_words_weather (row->weather) : "", FALSE);
      cell_number (grid, col++, i + 1, row->points[ISLE_SIDE_RED], FALSE);
      cell_number (grid, col++, i + 1, row->points[ISLE_SIDE_BLUE], FALSE);
      if (r->coins)
        {
          cell_number (grid, col++, i + 1, row->coins[ISLE_SIDE_RED], FALSE);
          cell_number (grid, col++, i + 1, row->coins[ISLE_SIDE_BLUE], FALSE);
          for (int side = 0; side < ISLE_N_SIDES; side++)
            {
              g_autofree char *hires = isle_results_hires_text (row, side);

              /* Translators: no mercenary hired before a round. */
              cell (grid, col++, i + 1, hires != NULL ? hires : C_("hired", "—"), FALSE);
            }
        }
    }
  if (r->n_rounds > 0)
    {
      col = 0;
      cell (grid, col++, r->n_rounds + 1, _("Total"), TRUE);
      if (weather)
        col++;
      cell_number (grid, col++, r->n_rounds + 1, r->total[ISLE_SIDE_RED], TRUE);
      cell_number (grid, col++, r->n_rounds + 1, r->total[ISLE_SIDE_BLUE], TRUE);
    }
  return GTK_WIDGET (grid);
}

static GtkWidget *
results_content (IsleGame *game, int viewer_side)
{
  IsleResults r;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *verdict, *scrolled;
  g_autofree char *text = NULL;

  isle_results_compute (game, &r);
  text = isle_results_verdict (&r, viewer_side);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  verdict = gtk_label_new (text != NULL ? text
                           : r.n_rounds == 0 ? _("No round has been played yet.")
                           : _("The game goes on."));
  gtk_label_set_wrap (GTK_LABEL (verdict), TRUE);
  gtk_widget_add_css_class (verdict, "title-3");
  gtk_box_append (GTK_BOX (box), verdict);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), results_table (&r));
  gtk_widget_set_halign (scrolled, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), scrolled);
  return box;
}

GtkWidget *
isle_results_dialog_present (GtkWidget *parent, IsleGame *game, int viewer_side)
{
  GtkWidget *content;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);

  content = results_content (game, viewer_side);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_dialog_new ();
    GtkWidget *view = adw_toolbar_view_new ();

    adw_dialog_set_title (dialog, _("Results"));
    adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (view), adw_header_bar_new ());
    adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (view), content);
    adw_dialog_set_child (dialog, view);
    adw_dialog_present (dialog, parent);
    return GTK_WIDGET (dialog);
  }
#else
  {
    GtkWidget *window = adw_window_new ();
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkEventController *keys = gtk_shortcut_controller_new ();
    GtkRoot *root = gtk_widget_get_root (parent);

    gtk_window_set_title (GTK_WINDOW (window), _("Results"));
    gtk_window_set_modal (GTK_WINDOW (window), TRUE);
    if (GTK_IS_WINDOW (root))
      gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
    gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
    gtk_window_set_default_size (GTK_WINDOW (window), 760, 420);
    gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
    gtk_box_append (GTK_BOX (box), content);
    adw_window_set_content (ADW_WINDOW (window), box);
    /* Escape closes it, as it closes every dialog. */
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (window, keys);
    gtk_window_present (GTK_WINDOW (window));
    return window;
  }
#endif
}
