/* isle-editor-proof.c — the editor proves a designer's puzzle (issue 31):
 * once the scenario has no problems and a goal, the model's solver
 * (isle-puzzle-proof.h) runs on worker threads a moment after the last
 * edit, and the panel under the problems says in words whether the goal
 * can be met against every reply, which first moves work (outlined on the
 * map), and the best the player can force, with a button that sets the
 * goal to it. The check can be cancelled and asked for again with a longer
 * clock. A part of IsleEditorWindow (isle-editor-window-private.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-editor-window-private.h"

/* The proof waits for the edits to pause this long. */
#define PAUSE_MS 300
/* A check after an edit: a few seconds on one processor, so that the
 * editor and the rest of the desktop keep the others. One asked for: a
 * minute on every processor. */
#define EDIT_SECONDS 5
#define EDIT_THREADS 1
#define ASKED_SECONDS 60

static void start_proof (IsleEditorWindow *self, int seconds);

static void
show_buttons (IsleEditorWindow *self, gboolean running, gboolean best, gboolean again)
{
  gtk_widget_set_visible (self->proof_spinner, running);
  gtk_widget_set_visible (self->proof_cancel, running);
  gtk_widget_set_visible (self->proof_best_button, best);
  gtk_widget_set_visible (self->proof_again_button, again);
  gtk_spinner_set_spinning (GTK_SPINNER (self->proof_spinner), running);
}

/* What the finished PROOF says, and the map's outline of the moves that
 * work. */
static void
show_proof (IsleEditorWindow *self)
{
  const IsleProof *proof = self->proof;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GArray) working = isle_proof_working (proof);
  guint64 cells;   /* the tiles of the moves that work, outlined on the map */
  g_autofree char *moves = isle_proof_working_text (proof, &cells);
  IsleScenarioGoal goal;
  gboolean best_offered = FALSE;
  int least, most;

  isle_scenario_get_goal (self->scenario, &goal);
  isle_proof_value_range (goal.type, &least, &most);
  switch (proof->answer)
    {
    case ISLE_PROOF_PROVEN:
      if (proof->first->len == 0)
        g_string_append (text, _("The goal can be met against every reply."));
      else if (working->len == 1)
        {
          g_string_append_printf (text, _("The goal can be met against every reply. Only one first move works: %s, outlined on the map."),
                                  moves);
        }
      else
        {
          g_string_append_printf (text, ngettext ("The goal can be met against every reply. %u of the %u first moves works: %s, outlined on the map.",
                                                  "The goal can be met against every reply. %u of the %u first moves work: %s, outlined on the map.",
                                                  working->len),
                                  working->len, proof->first->len, moves);
        }
      break;
    case ISLE_PROOF_REFUTED:
      g_string_append (text, _("The goal cannot be met: against the best replies, no line of play reaches it."));
      break;
    case ISLE_PROOF_UNDECIDED:
    default:
      g_string_append (text, _("Whether the goal can be met is not known yet: the check ran out of time or was cancelled."));
      break;
    }
  if (proof->has_best && proof->best_exact && proof->best != goal.value)
    {
      IsleScenarioGoal best = goal;
      g_autofree char *said = NULL;

      best.value = proof->best;
      g_string_append_c (text, ' ');
      if (proof->best < least)
        g_string_append (text, _("No amount of this goal can be met."));
      else
        {
          said = isle_goal_describe (&best);
          /* Translators: %s is a goal: "Win this round by at least 42 points." */
          g_string_append_printf (text, proof->answer == ISLE_PROOF_PROVEN ? _("The player can force more: %s")
                                                                           : _("The best the player can force: %s"),
                                  said);
          best_offered = TRUE;
        }
    }
  gtk_label_set_text (self->proof_label, text->str);
  show_buttons (self, FALSE, best_offered, proof->answer == ISLE_PROOF_UNDECIDED);
  isle_board_view_set_highlight (self->board, cells, isle_seat_side (isle_scenario_get_player (self->scenario)));
  isle_editor_window_check_summary (self);
}

static void
on_proven (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (IsleEditorWindow) self = data;
  g_autoptr (GError) error = NULL;
  IsleProof *proof = isle_proof_run_finish (result, &error);

  (void) source;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->scenario == NULL)
    return;
  g_clear_object (&self->proof_cancellable);
  g_clear_pointer (&self->proof, isle_proof_free);
  if (proof == NULL)
    {
      gtk_widget_set_visible (self->proof_box, FALSE);
      isle_editor_window_check_summary (self);
      return;
    }
  self->proof = proof;
  show_proof (self);
}

static gboolean
begin_proof (gpointer data)
{
  IsleEditorWindow *self = data;

  self->proof_idle = 0;
  self->proof_cancellable = g_cancellable_new ();
  isle_proof_run_async (self->scenario, TRUE, self->proof_seconds,
                        self->proof_seconds == EDIT_SECONDS ? EDIT_THREADS : 0, self->proof_cancellable,
                        on_proven, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
stop_proof (IsleEditorWindow *self)
{
  g_clear_handle_id (&self->proof_idle, g_source_remove);
  if (self->proof_cancellable != NULL)
    g_cancellable_cancel (self->proof_cancellable);
  g_clear_object (&self->proof_cancellable);
}

/* A check of SECONDS, a moment from now. */
static void
start_proof (IsleEditorWindow *self, int seconds)
{
  stop_proof (self);
  g_clear_pointer (&self->proof, isle_proof_free);
  self->proof_seconds = seconds;
  gtk_widget_set_visible (self->proof_box, TRUE);
  gtk_label_set_text (self->proof_label, _("Checking whether the goal can be met against every reply…"));
  show_buttons (self, TRUE, FALSE, FALSE);
  self->proof_idle = g_timeout_add (PAUSE_MS, begin_proof, self);
}

void
isle_editor_window_prove (IsleEditorWindow *self, gboolean playable)
{
  IsleScenarioGoal goal;

  isle_scenario_get_goal (self->scenario, &goal);
  if (!playable || goal.type == ISLE_GOAL_NONE)
    {
      stop_proof (self);
      g_clear_pointer (&self->proof, isle_proof_free);
      gtk_widget_set_visible (self->proof_box, FALSE);
      return;
    }
  start_proof (self, EDIT_SECONDS);
}

IsleEditorProofState
isle_editor_window_get_proof_state (IsleEditorWindow *self)
{
  IsleScenarioGoal goal;

  isle_scenario_get_goal (self->scenario, &goal);
  if (goal.type == ISLE_GOAL_NONE)
    return ISLE_EDITOR_PROOF_NO_GOAL;
  if (self->proof_cancellable != NULL || self->proof_idle != 0)
    return ISLE_EDITOR_PROOF_CHECKING;
  if (self->proof == NULL)
    return ISLE_EDITOR_PROOF_UNKNOWN;
  return self->proof->answer == ISLE_PROOF_PROVEN ? ISLE_EDITOR_PROOF_MET
         : self->proof->answer == ISLE_PROOF_REFUTED ? ISLE_EDITOR_PROOF_CANNOT
         : ISLE_EDITOR_PROOF_UNKNOWN;
}

/* ---- actions ------------------------------------------------------------- */

static void
cancel_check_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->proof_cancellable == NULL && self->proof_idle == 0)
    return;
  stop_proof (self);
  gtk_label_set_text (self->proof_label, _("The check was cancelled: whether the goal can be met is not known."));
  show_buttons (self, FALSE, FALSE, TRUE);
  isle_editor_window_check_summary (self);
}

static void
check_puzzle_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (gtk_widget_get_visible (self->proof_box))
    start_proof (self, ASKED_SECONDS);
}

/* The goal set to the best the player can force: one edit, undone as any. */
static void
best_goal_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  IsleScenarioGoal goal;

  (void) name;
  (void) parameter;
  if (self->proof == NULL || !self->proof->has_best || !self->proof->best_exact)
    return;
  isle_scenario_get_goal (self->scenario, &goal);
  isle_editor_window_begin_edit (self);
  goal.value = self->proof->best;
  self->goal_values[goal.type] = goal.value;
  isle_scenario_set_goal (self->scenario, &goal);
  isle_editor_window_end_edit (self);
}

static GtkWidget *
proof_button (const char *label, const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  return button;
}

/* The panel, under the problems. */
void
isle_editor_window_build_proof (IsleEditorWindow *self)
{
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->proof_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->proof_box, "card");
  gtk_widget_add_css_class (self->proof_box, "proof");
  self->proof_spinner = gtk_spinner_new ();
  gtk_widget_set_valign (self->proof_spinner, GTK_ALIGN_START);
  self->proof_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->proof_label, TRUE);
  gtk_label_set_xalign (self->proof_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->proof_label), TRUE);
  gtk_box_append (GTK_BOX (line), self->proof_spinner);
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->proof_label));
  gtk_box_append (GTK_BOX (self->proof_box), line);
  self->proof_cancel = proof_button (_("_Cancel"), "editor.cancel-check");
  self->proof_best_button = proof_button (_("Set Goal to the _Best Result"), "editor.best-goal");
  gtk_widget_add_css_class (self->proof_best_button, "suggested-action");
  self->proof_again_button = proof_button (_("_Check Puzzle for a Minute"), "editor.check-puzzle");
  gtk_box_append (GTK_BOX (buttons), self->proof_cancel);
  gtk_box_append (GTK_BOX (buttons), self->proof_best_button);
  gtk_box_append (GTK_BOX (buttons), self->proof_again_button);
  gtk_box_append (GTK_BOX (self->proof_box), buttons);
  for (GtkWidget *w = line; w != NULL; w = w == line ? buttons : NULL)
    {
      gtk_widget_set_margin_start (w, 12);
      gtk_widget_set_margin_end (w, 12);
    }
  gtk_widget_set_margin_top (line, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  gtk_widget_set_visible (self->proof_box, FALSE);
  gtk_box_append (GTK_BOX (self->side_box), self->proof_box);
}

void
isle_editor_window_dispose_proof (IsleEditorWindow *self)
{
  stop_proof (self);
  g_clear_pointer (&self->proof, isle_proof_free);
}

void
isle_editor_window_install_proof (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "editor.cancel-check", NULL, cancel_check_action);
  gtk_widget_class_install_action (widget_class, "editor.check-puzzle", NULL, check_puzzle_action);
  gtk_widget_class_install_action (widget_class, "editor.best-goal", NULL, best_goal_action);
}
