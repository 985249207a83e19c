/* isle-editor-window.c — the scenario editor.
 *
 * The island on one side: pick a token of a seat, fog or the eraser in the
 * palette, then click tiles (or press Enter on them); right-click or Delete
 * erases. The scenario's fields on the other side, in pages: the game and
 * players, the start position (round, weather, fog, hands and piles, coins,
 * scores, hired mercenaries, the weather deck), the rules, the goal and
 * hints, and the details. Every edit is checked at once: the problems are
 * listed under the pages, and each field or tile with a problem is marked.
 * Edits can be undone; Test Play plays the scenario in a game window and
 * comes back; New, Open, Save and Save As work on `.isle` files, and
 * closing with unsaved changes asks first.
 *
 * The editor never changes a scenario field by field from the widgets'
 * state: each control stands for one field (Field), its handler reads the
 * control and sets that field, and show_scenario() writes every control
 * back from the scenario, so undo, open and paste only need that one
 * function.
 *
 * This file is the window: editing and undo, files, sharing, Test Play
 * and closing. Its parts, sharing isle-editor-window-private.h: the
 * island and its palette (isle-editor-palette.c), the controls of the
 * fields (isle-editor-fields.c), the hands, piles, weather deck and hints
 * (isle-editor-lists.c), the pages (isle-editor-pages.c) and the problems
 * list (isle-editor-problems.c).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-alert.h"
#include "isle-dialog-keeper.h"
#include "isle-editor-window-private.h"
#include "isle-file-chooser.h"
#include "isle-meeting.h"
#include "isle-puzzles.h"
#include "isle-shortcuts.h"

#define UNDO_MAX 200

G_DEFINE_FINAL_TYPE (IsleEditorWindow, isle_editor_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- editing ------------------------------------------------------------ */

/* Before a change: the scenario as it was goes on the undo stack. */
void
isle_editor_window_begin_edit (IsleEditorWindow *self)
{
  self->typing = NULL;
  g_ptr_array_add (self->undo, isle_scenario_copy (self->scenario));
  if (self->undo->len > UNDO_MAX)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
}

/* Before a change typed into TEXT: a burst of typing is one undo step. */
void
isle_editor_window_begin_typing (IsleEditorWindow *self, gpointer text)
{
  gint64 now = g_get_monotonic_time ();

  if (self->typing != text || now - self->typed > G_USEC_PER_SEC)
    isle_editor_window_begin_edit (self);
  self->typing = text;
  self->typed = now;
}

void
isle_editor_window_update_title (IsleEditorWindow *self)
{
  const char *name = isle_scenario_get_title (self->scenario);
  g_autofree char *file = self->path ? g_filename_display_basename (self->path) : NULL;
  g_autofree char *subtitle = NULL;

  if (name == NULL || name[0] == '\0')
    name = file != NULL ? file : _("New Scenario");
  adw_window_title_set_title (self->title, name);
  if (file != NULL)
    subtitle = self->modified ? g_strdup_printf (_("%s — not saved"), file) : g_strdup (file);
  else
    subtitle = g_strdup (self->modified ? _("Not saved") : "");
  adw_window_title_set_subtitle (self->title, subtitle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.undo", self->undo->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.redo", self->redo->len > 0);
}

/* After a change: marked as modified, checked, shown. */
void
isle_editor_window_end_edit (IsleEditorWindow *self)
{
  self->modified = TRUE;
  isle_editor_window_show_scenario (self);
}

IslePosition
isle_editor_window_get_position (IsleEditorWindow *self)
{
  const IslePosition *start = isle_scenario_get_start (self->scenario);
  IslePosition position;

  if (start != NULL)
    return *start;
  isle_position_init (&position);
  return position;
}

void
isle_editor_window_set_position (IsleEditorWindow *self, IslePosition *position)
{
  isle_board_sync (&position->board);
  isle_scenario_set_start (self->scenario, position);
}


/* Where the compiled-in icons are.  GtkApplication adds its
 * resource-base-path's icons folder to the icon theme only when it starts
 * up, so an editor made without the application (or before it started)
 * showed "missing image" for them; the editor makes sure itself. */
#define ICON_RESOURCE_PATH "/io/github/critterisle/CritterIsle/icons"

static void
ensure_icon_resource_path (GdkDisplay *display)
{
  GtkIconTheme *theme;
  g_auto (GStrv) paths = NULL;

  if (display == NULL)
    return;
  theme = gtk_icon_theme_get_for_display (display);
  paths = gtk_icon_theme_get_resource_path (theme);
  if (paths == NULL || !g_strv_contains ((const char *const *) paths, ICON_RESOURCE_PATH))
    gtk_icon_theme_add_resource_path (theme, ICON_RESOURCE_PATH);
}

/* ---- files --------------------------------------------------------------- */

static void
load_scenario (IsleEditorWindow *self, IsleScenario *scenario, const char *path)
{
  g_set_object (&self->scenario, scenario);
  g_clear_pointer (&self->read_problems, g_ptr_array_unref);
  g_free (self->path);
  self->path = g_strdup (path);
  self->modified = FALSE;
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  isle_editor_window_fill_palette (self);
  isle_editor_window_show_scenario (self);
  /* The palette is built anew: its parts named again. */
  isle_accessible_tidy (GTK_WIDGET (self));
}

/* Reads a scenario from DATA, problems and all; FALSE (and a toast) when it
 * is no scenario at all. */
static gboolean
load_data (IsleEditorWindow *self, const char *data, gsize length, const char *path)
{
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (IsleScenario) scenario = isle_scenario_read_data (data, (gssize) length, &problems);

  if (scenario == NULL)
    {
      g_autofree char *text = isle_scenario_problems_to_string (problems, path ? path : _("the text"));

      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
      return FALSE;
    }
  load_scenario (self, scenario, path);
  if (problems->len > 0)
    {
      /* What the reader set aside is listed too: a field left at its
       * default must not vanish without a word. */
      self->read_problems = g_ptr_array_ref (problems);
      isle_editor_window_check (self);
      gtk_expander_set_expanded (self->problems_expander, TRUE);
    }
  return TRUE;
}

gboolean
isle_editor_window_open_file (IsleEditorWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *path = NULL;
  gsize length;

  g_return_val_if_fail (ISLE_IS_EDITOR_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (!g_file_load_contents (file, NULL, &data, &length, NULL, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return FALSE;
    }
  return load_data (self, data, length, path);
}

static gboolean
save_to (IsleEditorWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *where = g_strdup (path);   /* PATH may be self->path */

  if (!isle_editor_window_save_to (self, where, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return FALSE;
    }
  /* Saved as asked, but a puzzle nobody can solve is said so (issue 31). */
  if (isle_editor_window_get_proof_state (self) == ISLE_EDITOR_PROOF_CANNOT)
    adw_toast_overlay_add_toast (self->toasts,
                                 adw_toast_new (_("Saved, but its goal cannot be met against every reply: nobody can solve this puzzle.")));
  return TRUE;
}

typedef void (*AfterSave) (IsleEditorWindow *self);

/* AFTER travels through the file chooser as its user data. */
typedef struct
{
  AfterSave after;
} AfterSaveBox;

static void
on_save_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (source);
  g_autofree AfterSaveBox *box = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = isle_file_chooser_save_finish (result, &error);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  if (file == NULL && !isle_file_chooser_dismissed (error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  if (path != NULL && save_to (self, path) && box->after != NULL)
    box->after (self);
}

static void
save_as (IsleEditorWindow *self, AfterSave after)
{
  const char *title = isle_scenario_get_title (self->scenario);
  g_autofree char *name = g_strdup_printf ("%s.isle", title && title[0] ? title : _("Scenario"));
  AfterSaveBox *box = g_new0 (AfterSaveBox, 1);

  box->after = after;
  isle_file_chooser_save (GTK_WINDOW (self), _("Save the Scenario"), self->path, name,
                          self->cancellable, on_save_chosen, box);
}

/* Saves to the file, or asks for one; AFTER runs once it is saved. */
static void
save (IsleEditorWindow *self, AfterSave after)
{
  if (self->problems_now != NULL && self->problems_now->len > 0)
    {
      adw_toast_overlay_add_toast (self->toasts,
                                   adw_toast_new (_("Fix the problems listed under the pages first")));
      gtk_expander_set_expanded (self->problems_expander, TRUE);
      return;
    }
  if (self->path == NULL)
    save_as (self, after);
  else if (save_to (self, self->path) && after != NULL)
    after (self);
}

static void
save_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  save (ISLE_EDITOR_WINDOW (widget), NULL);
}

static void
save_as_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->problems_now != NULL && self->problems_now->len > 0)
    save (self, NULL);   /* says what to fix */
  else
    save_as (self, NULL);
}

/* Anything to do with unsaved changes asks first: Discard, Cancel or Save;
 * THEN runs once they are saved or discarded. */
typedef void (*Then) (IsleEditorWindow *self, gpointer data);

typedef IsleEditorPending Pending;

struct _IsleEditorPending
{
  IsleEditorWindow *self;
  Then then;
  gpointer data;               /* THEN owns it; freed with FREE_DATA if THEN never runs */
  GDestroyNotify free_data;
  const char *response;        /* the dialog's answer (interned) */
};

static void
pending_free (Pending *pending)
{
  if (pending->free_data != NULL)
    pending->free_data (pending->data);
  g_free (pending);
}

/* What the window does once the save it asked for is done (closing, or
 * opening another scenario), kept by the window itself: two editors
 * saving at once each keep their own. */
static void
run_after_save (IsleEditorWindow *self)
{
  Pending *pending = g_steal_pointer (&self->after_save);

  if (pending != NULL)
    {
      pending->then (self, pending->data);
      g_free (pending);
    }
}

/* The answer is acted on once the dialog is gone: closing the editor
 * under a dialog still answering would destroy the dialog too. */
static void
answer_unsaved (gpointer data)
{
  Pending *pending = data;
  g_autoptr (IsleEditorWindow) self = pending->self;   /* the ref taken when asking */
  const char *response = pending->response;

  if (g_strcmp0 (response, "discard") == 0)
    {
      self->modified = FALSE;
      pending->then (self, pending->data);
      pending->free_data = NULL;   /* THEN took DATA */
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      g_clear_pointer (&self->after_save, pending_free);
      self->after_save = g_steal_pointer (&pending);
      self->after_save->self = NULL;   /* the window's own: no ref to itself */
      save (self, run_after_save);
    }
  if (pending != NULL)
    pending_free (pending);
}

static void
on_unsaved_response (GObject *dialog, const char *response, gpointer data)
{
  Pending *pending = data;

  (void) dialog;
  pending->response = g_intern_string (response);
  g_idle_add_once (answer_unsaved, pending);
}

static void
ask_unsaved_full (IsleEditorWindow *self, Then then, gpointer data, GDestroyNotify free_data)
{
  Pending *pending;
  const char *heading = _("Save Changes?");
  const char *body = _("The scenario has changes that are not saved. Without saving, they are lost.");

  if (!self->modified)
    {
      then (self, data);
      return;
    }
  pending = g_new0 (Pending, 1);
  *pending = (Pending) { g_object_ref (self), then, data, free_data, NULL };
  isle_alert_present (GTK_WIDGET (self), heading, body,
                      (const char *const[]) { "cancel", _("_Cancel"), "discard", _("_Discard"), "save", _("_Save"), NULL },
                      "save", "discard", "save", on_unsaved_response, pending);
}

static void
ask_unsaved (IsleEditorWindow *self, Then then, gpointer data)
{
  ask_unsaved_full (self, then, data, NULL);
}

static void
do_new (IsleEditorWindow *self, gpointer data)
{
  g_autoptr (IsleScenario) scenario = isle_scenario_new ();

  (void) data;
  load_scenario (self, scenario, NULL);
}

static void
new_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  ask_unsaved (ISLE_EDITOR_WINDOW (widget), do_new, NULL);
}

static void
on_open_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = isle_file_chooser_open_finish (result, &error);

  (void) data;
  if (file == NULL && !isle_file_chooser_dismissed (error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  if (file != NULL)
    isle_editor_window_open_file (self, file);
}

static void
do_open (IsleEditorWindow *self, gpointer data)
{
  (void) data;
  isle_file_chooser_open (GTK_WINDOW (self), _("Open a Scenario"), self->path,
                          self->cancellable, on_open_chosen, NULL);
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  ask_unsaved (ISLE_EDITOR_WINDOW (widget), do_open, NULL);
}

/* ---- sharing ------------------------------------------------------------- */

static void
copy_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  (void) name;
  (void) parameter;
  text = isle_scenario_to_data (self->scenario, NULL, &error);
  if (text == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts,
                                   adw_toast_new (_("Fix the problems listed under the pages first")));
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Scenario copied as text")));
}

static void
on_pasted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IsleEditorWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("The clipboard holds no text")));
      return;
    }
  if (load_data (self, text, strlen (text), NULL))
    self->modified = TRUE, isle_editor_window_update_title (self);
}

static void
do_paste (IsleEditorWindow *self, gpointer data)
{
  (void) data;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, on_pasted,
                                 g_object_ref (self));
}

static void
paste_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  ask_unsaved (ISLE_EDITOR_WINDOW (widget), do_paste, NULL);
}

static void
do_open_file (IsleEditorWindow *self, gpointer data)
{
  g_autoptr (GFile) file = data;

  isle_editor_window_open_file (self, file);
}

/* A `.isle` file dropped on the window is opened. */
static gboolean
on_file_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleEditorWindow *self)
{
  GFile *file = g_value_get_object (value);

  (void) target;
  (void) x;
  (void) y;
  if (file == NULL)
    return FALSE;
  ask_unsaved_full (self, do_open_file, g_object_ref (file), g_object_unref);
  return TRUE;
}

/* Saves a copy in the player's own puzzle folder, where the Puzzles page
 * lists it. */
static void
add_to_puzzles_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  g_autofree char *dir = isle_puzzles_user_dir ();
  const char *title = isle_scenario_get_title (self->scenario);
  g_autofree char *base = g_strdup (title && title[0] ? title : _("Scenario"));
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  (void) name;
  (void) parameter;
  g_strdelimit (base, "/\\:", '-');
  file = g_strconcat (base, ".isle", NULL);
  path = g_build_filename (dir, file, NULL);
  if (!isle_scenario_save (self->scenario, path, &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
  else
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Saved to your puzzles")));
}

/* ---- undo, test play ----------------------------------------------------- */

static void
step_history (IsleEditorWindow *self, GPtrArray *from, GPtrArray *to)
{
  IsleScenario *scenario;

  if (from->len == 0)
    return;
  g_ptr_array_add (to, g_object_ref (self->scenario));
  scenario = g_ptr_array_steal_index (from, from->len - 1);
  g_set_object (&self->scenario, scenario);
  g_object_unref (scenario);
  self->modified = TRUE;
  isle_editor_window_fill_palette (self);
  isle_editor_window_show_scenario (self);
}

static void
undo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);

  (void) name;
  (void) parameter;
  step_history (self, self->undo, self->redo);
}

static void
redo_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);

  (void) name;
  (void) parameter;
  step_history (self, self->redo, self->undo);
}

/* editor.keep-solution (["place rW c3", …]): a test play's moves become
 * the scenario's solution. */
static void
keep_solution_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  g_autofree const char **moves = g_variant_get_strv (parameter, NULL);

  (void) name;
  isle_editor_window_set_solution (ISLE_EDITOR_WINDOW (widget), moves);
  gtk_window_present (GTK_WINDOW (widget));
}

static void
test_play_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  (void) name;
  (void) parameter;
  if (!isle_meeting_test_play (gtk_window_get_application (GTK_WINDOW (self)), self->scenario,
                                   GTK_WINDOW (self), &error))
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
}

/* ---- the window ---------------------------------------------------------- */

static void
do_close (IsleEditorWindow *self, gpointer data)
{
  (void) data;
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
isle_editor_window_close_request (GtkWindow *window)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (window);

  if (!self->modified)
    return GTK_WINDOW_CLASS (isle_editor_window_parent_class)->close_request (window);
  ask_unsaved (self, do_close, NULL);
  return TRUE;
}

/* From this width the pages stand beside the island, SIDE_WIDTH wide,
 * and the island and its palette fill the rest (at 800 × 600 both without
 * scrolling). Narrower, the pages go under the island, SIDE_HEIGHT high,
 * and the window scrolls down to them; Test Play shows its icon only and
 * the title (cut to "New…" there anyway) goes, so that the header bar fits
 * 360 px (GNOME's least width) even beside minimize, maximize and close. */
#define WIDE_WIDTH 720
#define SIDE_WIDTH 340
#define SIDE_HEIGHT 460

static void
on_width_changed (IsleEditorWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;
  gboolean wide;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  wide = width >= WIDE_WIDTH;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (self->side_box, wide ? SIDE_WIDTH : -1, wide ? -1 : SIDE_HEIGHT);
  if (wide && gtk_button_get_icon_name (self->test_play_button) != NULL)
    gtk_button_set_label (self->test_play_button, _("_Test Play"));
  else if (!wide && gtk_button_get_icon_name (self->test_play_button) == NULL)
    gtk_button_set_icon_name (self->test_play_button, "media-playback-start-symbolic");
  gtk_widget_set_visible (GTK_WIDGET (self->title), wide);
}

static gboolean
apply_width (gpointer user_data)
{
  IsleEditorWindow *self = user_data;

  self->layout_idle = 0;
  on_width_changed (self);
  return G_SOURCE_REMOVE;
}

/* A window resized by the window manager (a person dragging its edge)
 * changes no default size: the layout follows what it is given, just
 * after this allocation (a change within it would queue another). */
static void
isle_editor_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  gboolean wide = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main_box)) == GTK_ORIENTATION_HORIZONTAL;

  GTK_WIDGET_CLASS (isle_editor_window_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->layout_idle == 0 && (width >= WIDE_WIDTH) != wide)
    self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_width, self, NULL);
}

static void
isle_editor_window_dispose (GObject *object)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  isle_editor_window_dispose_proof (self);
  g_clear_pointer (&self->after_save, pending_free);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->problems_now, g_ptr_array_unref);
  g_clear_pointer (&self->read_problems, g_ptr_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->tool_id, g_free);
  G_OBJECT_CLASS (isle_editor_window_parent_class)->dispose (object);
}

static void
isle_editor_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_string (value, self->tool_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_editor_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      if (isle_editor_window_set_tool (self, g_value_get_string (value)))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_editor_window_class_init (IsleEditorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = isle_editor_window_dispose;
  object_class->get_property = isle_editor_window_get_property;
  object_class->set_property = isle_editor_window_set_property;
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, "W0",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  window_class->close_request = isle_editor_window_close_request;
  widget_class->size_allocate = isle_editor_window_size_allocate;

  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-editor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, main_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, side_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, test_play_button);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, board);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, tool_label);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, face_down_check);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, turned_check);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems_expander);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems_label);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems);
  isle_editor_window_install_problems (widget_class);
  isle_editor_window_install_proof (widget_class);
  isle_editor_window_install_palette (widget_class);
  isle_editor_window_install_lists (widget_class);
  gtk_widget_class_install_action (widget_class, "editor.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "editor.keep-solution", "as", keep_solution_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, isle_show_shortcuts);
  gtk_widget_class_install_action (widget_class, "editor.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "editor.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "editor.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "editor.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "editor.add-to-puzzles", NULL, add_to_puzzles_action);
  gtk_widget_class_install_action (widget_class, "editor.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "editor.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "editor.test-play", NULL, test_play_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "editor.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "editor.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "editor.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "editor.test-play", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
isle_editor_window_init (IsleEditorWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);
  g_autoptr (GtkWindowGroup) group = gtk_window_group_new ();

  ensure_icon_resource_path (gtk_widget_get_display (GTK_WIDGET (self)));
  gtk_widget_init_template (GTK_WIDGET (self));
  isle_dialog_keeper_watch (ADW_APPLICATION_WINDOW (self));
  /* A window group of its own: a modal dialog of this editor (a file
   * chooser) blocks this editor only, not the others or the game. */
  gtk_window_group_add_window (group, GTK_WINDOW (self));
  self->undo = g_ptr_array_new_with_free_func (g_object_unref);
  self->redo = g_ptr_array_new_with_free_func (g_object_unref);
  self->cancellable = g_cancellable_new ();
  self->scenario = isle_scenario_new ();
  self->tool = TOOL_TOKEN;
  self->tool_kind = ISLE_KIND_WOLF;
  self->tool_id = g_strdup ("W0");
  isle_board_view_set_animate (self->board, FALSE);
  isle_board_view_set_editable (self->board, TRUE);

  isle_editor_window_connect_board (self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (on_width_changed), self);
  on_width_changed (self);

  isle_editor_window_build_pages (self);
  isle_editor_window_build_proof (self);
  isle_editor_window_fill_palette (self);
  isle_editor_window_show_scenario (self);
  isle_accessible_tidy (GTK_WIDGET (self));
}

IsleEditorWindow *
isle_editor_window_new (GtkApplication *app)
{
  return g_object_new (ISLE_TYPE_EDITOR_WINDOW, "application", app, NULL);
}

void
isle_editor_window_set_scenario (IsleEditorWindow *self, IsleScenario *scenario)
{
  g_autoptr (IsleScenario) copy = NULL;

  g_return_if_fail (ISLE_IS_EDITOR_WINDOW (self));
  g_return_if_fail (ISLE_IS_SCENARIO (scenario));

  copy = isle_scenario_copy (scenario);
  load_scenario (self, copy, NULL);
  self->modified = TRUE;
  isle_editor_window_update_title (self);
}

gboolean
isle_editor_window_save_to (IsleEditorWindow *self, const char *path, GError **error)
{
  g_return_val_if_fail (ISLE_IS_EDITOR_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!isle_scenario_save (self->scenario, path, error))
    return FALSE;
  g_free (self->path);
  self->path = g_strdup (path);
  self->modified = FALSE;
  isle_editor_window_update_title (self);
  /* The file now holds what is shown: nothing of it is set aside. */
  if (self->read_problems != NULL)
    {
      g_clear_pointer (&self->read_problems, g_ptr_array_unref);
      isle_editor_window_check (self);
    }
  return TRUE;
}

IsleScenario *
isle_editor_window_get_scenario (IsleEditorWindow *self)
{
  g_return_val_if_fail (ISLE_IS_EDITOR_WINDOW (self), NULL);

  return self->scenario;
}

GPtrArray *
isle_editor_window_get_problems (IsleEditorWindow *self)
{
  g_return_val_if_fail (ISLE_IS_EDITOR_WINDOW (self), NULL);

  return self->problems_now;
}

gboolean
isle_editor_window_get_modified (IsleEditorWindow *self)
{
  g_return_val_if_fail (ISLE_IS_EDITOR_WINDOW (self), FALSE);

  return self->modified;
}

void
isle_editor_window_set_solution (IsleEditorWindow *self, const char *const *actions)
{
  g_return_if_fail (ISLE_IS_EDITOR_WINDOW (self));

  isle_editor_window_begin_edit (self);
  isle_scenario_set_solution (self->scenario, actions);
  isle_editor_window_end_edit (self);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Your moves are kept as the solution")));
}
