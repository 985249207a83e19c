/* isle-editor-problems.c — the editor's live checks: every problem of the
 * scenario listed under the pages (a plain sentence, the rules' section
 * beside it), and the rows and tiles it is about marked. A part of
 * IsleEditorWindow (isle-editor-window-private.h).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-editor-window-private.h"

#define BIT(cell) (UINT64_C (1) << (cell))

/* ---- problems ------------------------------------------------------------ */

/* The field whose path is the longest start of PATH, or -1. */
static int
field_for_path (IsleEditorWindow *self, const char *path)
{
  int best = -1;
  gsize best_len = 0;

  for (int f = 0; f < N_FIELDS; f++)
    {
      gsize len = self->paths[f] != NULL ? strlen (self->paths[f]) : 0;

      if (len > best_len && g_str_has_prefix (path, self->paths[f])
          && (path[len] == '\0' || path[len] == '.' || path[len] == '['))
        {
          best = f;
          best_len = len;
        }
    }
  return best;
}

static GtkWidget *
row_for_problem (IsleEditorWindow *self, const IsleScenarioProblem *problem)
{
  int field = field_for_path (self, problem->path);

  if (field >= 0 && self->rows[field] != NULL)
    return self->rows[field];
  if (g_str_has_prefix (problem->path, "start.board"))
    return self->board_row;
  if (g_str_has_prefix (problem->path, "description"))
    return self->description_row;
  return NULL;
}

static void
on_problem_activated (IsleEditorWindow *self, GtkListBoxRow *item)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (item), "row");
  GtkWidget *page = row;

  if (row == NULL)
    return;
  while (page != NULL && !ADW_IS_PREFERENCES_PAGE (page))
    page = gtk_widget_get_parent (page);
  if (page != NULL)
    adw_view_stack_set_visible_child (self->pages, page);
  gtk_widget_grab_focus (row);
}

/* What a problem's tooltip says: the message, then the rules' section it
 * breaks (kept out of the sentence itself, issue 19). */
static char *
problem_tooltip (const IsleScenarioProblem *problem)
{
  if (problem->section == NULL)
    return g_strdup (problem->message);
  /* Translators: a problem's message, then the rules' sections it breaks
   * ("R5", "R1, R9.3") on a line of its own */
  return g_strdup_printf (_("%s\nRules: %s"), problem->message, problem->section);
}

/* A row with a problem: styled as an error, its message in place of the
 * row's subtitle (next to the field), the message and the rules' section
 * in its tooltip. */
static void
mark_row (GtkWidget *row, const IsleScenarioProblem *problem)
{
  const char *old_tip = gtk_widget_get_tooltip_text (row);
  const char *old_text = g_object_get_data (G_OBJECT (row), "problems");
  g_autofree char *one = problem_tooltip (problem);
  g_autofree char *tip = old_tip != NULL ? g_strconcat (old_tip, "\n", one, NULL) : g_strdup (one);
  char *text = old_text != NULL ? g_strconcat (old_text, "\n", problem->message, NULL)
                                : g_strdup (problem->message);

  gtk_widget_add_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, tip);
  g_object_set_data_full (G_OBJECT (row), "problems", text, g_free);
  if (ADW_IS_ACTION_ROW (row))
    {
      if (g_object_get_data (G_OBJECT (row), "subtitle") == NULL)
        {
          const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

          g_object_set_data_full (G_OBJECT (row), "subtitle", g_strdup (subtitle ? subtitle : ""), g_free);
        }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
    }
}

static void
unmark_row (GtkWidget *row)
{
  const char *subtitle = g_object_get_data (G_OBJECT (row), "subtitle");

  gtk_widget_remove_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, NULL);
  g_object_set_data (G_OBJECT (row), "problems", NULL);
  if (subtitle != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      g_object_set_data (G_OBJECT (row), "subtitle", NULL);
    }
}

/* Whether PROBLEM is among PROBLEMS (the same field, the same words). */
static gboolean
listed (GPtrArray *problems, const IsleScenarioProblem *problem)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const IsleScenarioProblem *other = g_ptr_array_index (problems, i);

      if (g_strcmp0 (other->path, problem->path) == 0 && g_strcmp0 (other->message, problem->message) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A row of the problems list. */
static GtkWidget *
problem_item (const IsleScenarioProblem *problem, const char *where, const char *icon)
{
  GtkWidget *item = adw_action_row_new ();
  g_autofree char *tip = problem_tooltip (problem);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (item), problem->message);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (item), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (item), where);
  adw_action_row_add_prefix (ADW_ACTION_ROW (item), gtk_image_new_from_icon_name (icon));
  gtk_widget_set_tooltip_text (item, tip);
  if (problem->section != NULL)
    {
      /* The rules' section, quietly beside the sentence, not in it. */
      GtkWidget *section = gtk_label_new (problem->section);

      gtk_widget_add_css_class (section, "dim-label");
      gtk_widget_add_css_class (section, "caption");
      gtk_widget_add_css_class (section, "problem-section");
      adw_action_row_add_suffix (ADW_ACTION_ROW (item), section);
    }
  return item;
}

/* Whether the goal can be proven with PROBLEMS: none, or only the stored
 * solution's (a goal raised past what the solution reaches is worth
 * proving: maybe nothing reaches it). */
static gboolean
provable (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    if (!g_str_has_prefix (((const IsleScenarioProblem *) g_ptr_array_index (problems, i))->path, "solution"))
      return FALSE;
  return TRUE;
}

/* Checks the scenario: lists the problems, marks the rows and tiles they
 * are about, and says whether it can be played and saved. Below them,
 * what reading the file set aside (until it is saved again). */
void
isle_editor_window_check (IsleEditorWindow *self)
{
  GtkWidget *child;
  uint64_t bad_cells = 0;
  guint n, n_read = 0;

  g_clear_pointer (&self->problems_now, g_ptr_array_unref);
  self->problems_now = isle_scenario_validate (self->scenario);
  n = self->problems_now->len;
  for (int f = 0; f < N_FIELDS; f++)
    if (self->rows[f] != NULL)
      unmark_row (self->rows[f]);
  unmark_row (self->board_row);
  gtk_widget_remove_css_class (self->description_row, "error");
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problems))) != NULL)
    gtk_list_box_remove (self->problems, child);
  for (guint i = 0; i < n; i++)
    {
      const IsleScenarioProblem *problem = g_ptr_array_index (self->problems_now, i);
      GtkWidget *row = row_for_problem (self, problem);
      GtkWidget *item = problem_item (problem, problem->path[0] ? problem->path : _("the file"),
                                      "dialog-warning-symbolic");

      if (row != NULL)
        {
          mark_row (row, problem);
          g_object_set_data (G_OBJECT (item), "row", row);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (item), TRUE);
        }
      if (problem->cell >= 0 && problem->cell < ISLE_N_CELLS && g_str_has_prefix (problem->path, "start.board"))
        bad_cells |= BIT (problem->cell);
      gtk_list_box_append (self->problems, item);
    }
  for (guint i = 0; self->read_problems != NULL && i < self->read_problems->len; i++)
    {
      const IsleScenarioProblem *problem = g_ptr_array_index (self->read_problems, i);
      g_autofree char *where = NULL;

      if (listed (self->problems_now, problem))
        continue;
      /* Translators: where a problem was, in the file as it was opened
       * ("rules.weather_deck[2], in the file as it was read") */
      where = g_strdup_printf (_("%s, in the file as it was read"), problem->path[0] ? problem->path : _("the file"));
      gtk_list_box_append (self->problems, problem_item (problem, where, "dialog-information-symbolic"));
      n_read++;
    }
  isle_board_view_set_highlight (self->board, bad_cells, -1);
  self->n_problems = n;
  self->n_read_problems = n_read;
  gtk_widget_set_visible (GTK_WIDGET (self->problems), n + n_read > 0);
  if (n + n_read == 0)
    gtk_expander_set_expanded (self->problems_expander, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.test-play", n == 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.add-to-puzzles", n == 0);
  isle_editor_window_prove (self, provable (self->problems_now));
  isle_editor_window_check_summary (self);
}

/* Never "No problems" for a goal that cannot be met (issue 31). */
void
isle_editor_window_check_summary (IsleEditorWindow *self)
{
  g_autofree char *summary = NULL;
  guint n = self->n_problems, n_read = self->n_read_problems;

  if (n > 0)
    summary = g_strdup_printf (ngettext ("%u problem to fix before it can be played",
                                            "%u problems to fix before it can be played", n), n);
  else if (n_read > 0)
    summary = g_strdup_printf (ngettext ("The file had %u problem, set aside when it was read (listed below); saving writes the scenario as shown.",
                                         "The file had %u problems, set aside when it was read (listed below); saving writes the scenario as shown.",
                                         n_read), n_read);
  else
    switch (isle_editor_window_get_proof_state (self))
      {
      case ISLE_EDITOR_PROOF_NO_GOAL:
        summary = g_strdup (_("No problems: the scenario can be played and saved."));
        break;
      case ISLE_EDITOR_PROOF_MET:
        summary = g_strdup (_("No problems: the scenario can be played and saved, and its goal can be met."));
        break;
      case ISLE_EDITOR_PROOF_CANNOT:
        summary = g_strdup (_("The goal cannot be met: the scenario can be played and saved, but nobody can solve it."));
        break;
      case ISLE_EDITOR_PROOF_CHECKING:
        summary = g_strdup (_("No problems found; checking whether the goal can be met…"));
        break;
      case ISLE_EDITOR_PROOF_UNKNOWN:
      default:
        summary = g_strdup (_("No problems found, but whether the goal can be met is not known."));
        break;
      }
  gtk_label_set_text (self->problems_label, summary);
}

/* After the template. */
void
isle_editor_window_install_problems (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated);
}
