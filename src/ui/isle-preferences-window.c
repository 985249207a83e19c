/* isle-preferences-window.c — Preferences.
 *
 * Switches are bound to their settings; the default opponent and the
 * engine list are written as they change, and so is the analyser (the
 * game's own search or one of the engines; one the list no longer has
 * shows as the game's own search, as the review then uses it). Testing an engine starts it on a
 * worker thread (isle_engine_player_new() waits for the handshake), so the
 * window stays responsive; the result shows in the engine's row and in a
 * toast.
 *
 * With libadwaita ≥ 1.5 it is an AdwPreferencesDialog presented on the
 * window (a bottom sheet when the window is narrow), before an
 * AdwPreferencesWindow of its own (isle-preferences-window.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-engine-player.h"
#include "isle-player-spec.h"
#include "isle-dialog-template.h"
#include "isle-plugin-loader.h"
#include "isle-preferences-window.h"
#include "isle-settings.h"

/* What the last test of an engine found. */
typedef struct
{
  gboolean ok;
  char *text;
} TestResult;

static void
test_result_free (TestResult *result)
{
  g_free (result->text);
  g_free (result);
}

/* One row of the engine list. */
typedef struct
{
  char *command;
  AdwActionRow *row;
  GtkWidget *status;     /* a result icon */
  GtkWidget *spinner;
  GtkWidget *test_button;
} EngineRow;

static void
engine_row_free (EngineRow *engine)
{
  g_free (engine->command);
  g_free (engine);
}

struct _IslePreferencesWindow
{
#if ISLE_PREFERENCES_IS_DIALOG
  AdwPreferencesDialog parent_instance;
#else
  AdwPreferencesWindow parent_instance;
#endif

  /* Template widgets. */
  GtkSwitch *animations_switch;
  GtkSwitch *remind_switch;
  GtkSwitch *coordinates_switch;
  AdwComboRow *opponent_row;
  AdwComboRow *speed_row;
  AdwComboRow *depth_row;
  AdwComboRow *analyser_row;
  GtkStringList *opponent_names;
  GtkStringList *analyser_names;
  GtkListBox *engines_list;
  AdwEntryRow *add_row;

  GSettings *settings;
  GPtrArray *opponents;       /* IslePlayerChoice *, in opponent_row's order */
  GPtrArray *engine_rows;     /* EngineRow *, in the list's order */
  GStrv analysers;            /* in analyser_row's order after the first: engine commands */
  GHashTable *results;        /* command → TestResult * */
  GHashTable *testing;        /* commands being tested */
  GCancellable *cancellable;  /* cancelled when the window goes */
  gboolean filling;           /* the opponent row is being refilled */
};

#if ISLE_PREFERENCES_IS_DIALOG
G_DEFINE_FINAL_TYPE (IslePreferencesWindow, isle_preferences_window, ADW_TYPE_PREFERENCES_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IslePreferencesWindow, isle_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)
#endif

static void
add_toast (IslePreferencesWindow *self, const char *title)
{
#if ISLE_PREFERENCES_IS_DIALOG
  adw_preferences_dialog_add_toast (ADW_PREFERENCES_DIALOG (self), adw_toast_new (title));
#else
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (title));
#endif
}

/* Testing an engine, off the main thread. */

static void
test_engine_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const char *command = task_data;
  g_autofree char *text = g_strconcat ("engine:", command, NULL);
  g_autoptr (IsleAiPlayer) player = NULL;
  IslePlayerSpec spec;
  GError *error = NULL;

  (void) source;
  (void) cancellable;
  /* The engine is started, shaken hands with and stopped on this thread,
   * which its death signal is tied to (isle-engine-player.h), under the
   * standard rules. */
  if (isle_player_spec_parse (text, &spec, &error))
    player = isle_player_spec_new_player (&spec, NULL, 0, &error);
  if (player == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_strdup (isle_ai_player_get_name (player)), g_free);
}

void
isle_preferences_test_engine_async (const char *command, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (command != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, isle_preferences_test_engine_async);
  g_task_set_task_data (task, g_strdup (command), g_free);
  /* A cancelled test reports at once; the handshake ends on its own. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, test_engine_thread);
}

char *
isle_preferences_test_engine_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isle_preferences_test_engine_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* A combo row bound to a string setting: the row's items are in the
 * order of the setting's CHOICES (a NULL-ended array, the user data). */

static const char *const speeds[] = { "slow", "normal", "fast", NULL };
static const char *const depths[] = { "fast", "normal", "deep", NULL };

static gboolean
choice_to_row (GValue *value, GVariant *variant, gpointer choices)
{
  const char *const *names = choices;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (choice, names[i]) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
choice_from_row (const GValue *value, const GVariantType *type, gpointer choices)
{
  const char *const *names = choices;
  guint i = g_value_get_uint (value);

  (void) type;
  return i < g_strv_length ((char **) names) ? g_variant_new_string (names[i]) : NULL;
}

/* Engine rows. */

static EngineRow *
find_engine_row (IslePreferencesWindow *self, const char *command)
{
  for (guint i = 0; i < self->engine_rows->len; i++)
    {
      EngineRow *engine = g_ptr_array_index (self->engine_rows, i);

      if (strcmp (engine->command, command) == 0)
        return engine;
    }
  return NULL;
}

/* Shows what is known of ENGINE: testing, the last result, or its command. */
static void
show_engine_state (IslePreferencesWindow *self, EngineRow *engine)
{
  gboolean testing = g_hash_table_contains (self->testing, engine->command);
  TestResult *result = g_hash_table_lookup (self->results, engine->command);

  gtk_widget_set_visible (engine->spinner, testing);
  gtk_spinner_set_spinning (GTK_SPINNER (engine->spinner), testing);
  gtk_widget_set_sensitive (engine->test_button, !testing);
  gtk_widget_set_visible (engine->status, !testing && result != NULL);
  gtk_widget_remove_css_class (engine->status, "success");
  gtk_widget_remove_css_class (engine->status, "error");

  if (testing)
    adw_action_row_set_subtitle (engine->row, _("Testing…"));
  else if (result != NULL)
    {
      g_autofree char *subtitle = g_markup_printf_escaped ("%s\n%s", engine->command, result->text);

      adw_action_row_set_subtitle (engine->row, subtitle);
      gtk_image_set_from_icon_name (GTK_IMAGE (engine->status),
                                    result->ok ? "emblem-ok-symbolic" : "dialog-warning-symbolic");
      gtk_widget_add_css_class (engine->status, result->ok ? "success" : "error");
      gtk_widget_set_tooltip_text (engine->status, result->ok ? _("The engine answered")
                                                              : _("The engine failed"));
    }
  else
    {
      g_autofree char *subtitle = g_markup_escape_text (engine->command, -1);

      adw_action_row_set_subtitle (engine->row, subtitle);
    }
}

static void
on_engine_tested (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (IslePreferencesWindow) self = user_data;
  const char *command = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *name = isle_preferences_test_engine_finish (result, &error);
  g_autofree char *toast_title = NULL;
  TestResult *found;
  EngineRow *engine;

  (void) source;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* the window has gone */

  found = g_new0 (TestResult, 1);
  found->ok = name != NULL;
  if (name != NULL)
    {
      found->text = g_strdup_printf (_("Answered as “%s”, engine protocol %d"), name,
                                     ISLE_ENGINE_PROTOCOL_VERSION);
      toast_title = g_strdup_printf (_("“%s” is ready to play"), name);
    }
  else
    {
      found->text = g_strdup (error->message);
      g_autofree char *spec = g_strconcat ("engine:", command, NULL);
      g_autofree char *engine_name = isle_settings_player_name (spec);

      /* TRANSLATORS: %s is an engine's name, "my-engine (engine)" */
      toast_title = g_strdup_printf (_("%s failed the test"), engine_name);
    }
  g_hash_table_remove (self->testing, command);
  g_hash_table_replace (self->results, g_strdup (command), found);

  engine = find_engine_row (self, command);
  if (engine != NULL)
    show_engine_state (self, engine);
  add_toast (self, toast_title);
}

static void
start_test (IslePreferencesWindow *self, const char *command)
{
  EngineRow *engine;

  if (g_hash_table_contains (self->testing, command))
    return;
  g_hash_table_add (self->testing, g_strdup (command));
  engine = find_engine_row (self, command);
  if (engine != NULL)
    show_engine_state (self, engine);
  isle_preferences_test_engine_async (command, self->cancellable, on_engine_tested,
                                      g_object_ref (self));
}

static void
on_test_clicked (GtkButton *button, IslePreferencesWindow *self)
{
  const char *command = g_object_get_data (G_OBJECT (button), "isle-command");

  start_test (self, command);
}

static void
on_remove_clicked (GtkButton *button, IslePreferencesWindow *self)
{
  const char *command = g_object_get_data (G_OBJECT (button), "isle-command");
  g_auto (GStrv) engines = g_settings_get_strv (self->settings, "engines");
  g_autoptr (GStrvBuilder) kept = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;
  g_autofree char *opponent = g_settings_get_string (self->settings, "default-opponent");
  g_autofree char *spec = g_strconcat ("engine:", command, NULL);

  for (int i = 0; engines[i] != NULL; i++)
    if (strcmp (engines[i], command) != 0)
      g_strv_builder_add (kept, engines[i]);
  list = g_strv_builder_end (kept);

  g_autofree char *analyser = g_settings_get_string (self->settings, "analyser");

  g_settings_delay (self->settings);
  if (isle_player_spec_text_equal (opponent, spec))
    g_settings_reset (self->settings, "default-opponent");
  if (strcmp (analyser, command) == 0)
    g_settings_reset (self->settings, "analyser");
  g_settings_set_strv (self->settings, "engines", (const char *const *) list);
  g_settings_apply (self->settings);
}

static EngineRow *
engine_row_new (IslePreferencesWindow *self, const char *command)
{
  EngineRow *engine = g_new0 (EngineRow, 1);
  g_autofree char *spec = g_strconcat ("engine:", command, NULL);
  g_autofree char *name = isle_settings_player_name (spec);
  g_autofree char *test_label = NULL;
  g_autofree char *remove_label = NULL;
  GtkWidget *remove;

  engine->command = g_strdup (command);
  engine->row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (engine->row), name);
  adw_action_row_set_subtitle_lines (engine->row, 4);

  engine->status = gtk_image_new ();
  gtk_widget_set_valign (engine->status, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (engine->row, engine->status);

  engine->spinner = gtk_spinner_new ();
  gtk_widget_set_valign (engine->spinner, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (engine->row, engine->spinner);

  engine->test_button = gtk_button_new_with_mnemonic (_("_Test"));
  gtk_widget_set_valign (engine->test_button, GTK_ALIGN_CENTER);
  test_label = g_strdup_printf (_("Test %s"), name);
  gtk_widget_set_tooltip_text (engine->test_button, _("Start the engine and check that it answers"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (engine->test_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, test_label, -1);
  g_object_set_data_full (G_OBJECT (engine->test_button), "isle-command", g_strdup (command), g_free);
  g_signal_connect_object (engine->test_button, "clicked", G_CALLBACK (on_test_clicked), self, 0);
  adw_action_row_add_suffix (engine->row, engine->test_button);

  remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  remove_label = g_strdup_printf (_("Remove %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_label, -1);
  g_object_set_data_full (G_OBJECT (remove), "isle-command", g_strdup (command), g_free);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  adw_action_row_add_suffix (engine->row, remove);

  show_engine_state (self, engine);
  return engine;
}

static void
fill_engines (IslePreferencesWindow *self)
{
  g_auto (GStrv) engines = g_settings_get_strv (self->settings, "engines");

  for (guint i = 0; i < self->engine_rows->len; i++)
    gtk_list_box_remove (self->engines_list,
                         GTK_WIDGET (((EngineRow *) g_ptr_array_index (self->engine_rows, i))->row));
  g_ptr_array_set_size (self->engine_rows, 0);

  for (int i = 0; engines[i] != NULL; i++)
    {
      EngineRow *engine = engine_row_new (self, engines[i]);

      /* Before the entry row, which stays last. */
      gtk_list_box_insert (self->engines_list, GTK_WIDGET (engine->row), i);
      g_ptr_array_add (self->engine_rows, engine);
    }
}

/* Combo rows changed from the settings, not by the person: not written
 * back while FILLING. */

static void
select_quietly (IslePreferencesWindow *self, AdwComboRow *row, guint selected)
{
  if (adw_combo_row_get_selected (row) != selected)
    {
      self->filling = TRUE;
      adw_combo_row_set_selected (row, selected);
      self->filling = FALSE;
    }
}

/* Puts NAMES (char *, the array gets a NULL end) in LIST instead of what
 * it had. */
static void
replace_names_quietly (IslePreferencesWindow *self, GtkStringList *list, GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)),
                          (const char *const *) names->pdata);
  self->filling = FALSE;
}

/* The default opponent. */

static void
select_opponent (IslePreferencesWindow *self)
{
  g_autofree char *text = g_settings_get_string (self->settings, "default-opponent");
  guint selected = GTK_INVALID_LIST_POSITION;
  IslePlayerSpec current;

  /* Text that names no player leaves CURRENT the person, never on offer
   * here: nothing is selected. */
  isle_player_spec_parse (text, &current, NULL);

  for (guint i = 0; i < self->opponents->len; i++)
    if (isle_player_spec_equal (&((IslePlayerChoice *) g_ptr_array_index (self->opponents, i))->spec,
                                &current))
      selected = i;
  select_quietly (self, self->opponent_row, selected);
}

/* Lists the computer players anew (the engines have changed). */
static void
fill_opponents (IslePreferencesWindow *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  g_clear_pointer (&self->opponents, g_ptr_array_unref);
  self->opponents = isle_settings_list_players (self->settings, FALSE);
  for (guint i = 0; i < self->opponents->len; i++)
    g_ptr_array_add (names, ((IslePlayerChoice *) g_ptr_array_index (self->opponents, i))->name);
  replace_names_quietly (self, self->opponent_names, names);
  select_opponent (self);
}

static void
on_opponent_selected (IslePreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->opponent_row);
  IslePlayerChoice *choice;
  g_autofree char *current = NULL;

  if (self->filling || self->opponents == NULL || selected >= self->opponents->len)
    return;
  choice = g_ptr_array_index (self->opponents, selected);
  current = g_settings_get_string (self->settings, "default-opponent");
  if (!isle_player_spec_text_equal (current, isle_player_spec_to_text (&choice->spec)))
    g_settings_set_string (self->settings, "default-opponent", isle_player_spec_to_text (&choice->spec));
}

/* The analyser. */

static void
select_analyser (IslePreferencesWindow *self)
{
  g_autofree char *command = g_settings_get_string (self->settings, "analyser");
  guint selected = 0;   /* the game's own search, also for an engine gone from the list */

  for (guint i = 0; self->analysers[i] != NULL; i++)
    if (strcmp (self->analysers[i], command) == 0)
      selected = i + 1;
  select_quietly (self, self->analyser_row, selected);
}

/* Lists the analysers anew: the game's own search, then each engine, named
 * as the opponents' row names it. */
static void
fill_analysers (IslePreferencesWindow *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_strfreev (self->analysers);
  self->analysers = g_settings_get_strv (self->settings, "engines");
  g_ptr_array_add (names, g_strdup (_("The Game’s Own Search")));
  for (guint i = 0; self->analysers[i] != NULL; i++)
    {
      g_autofree char *spec = g_strconcat ("engine:", self->analysers[i], NULL);

      g_ptr_array_add (names, isle_settings_player_name (spec));
    }
  replace_names_quietly (self, self->analyser_names, names);
  select_analyser (self);
}

static void
on_analyser_selected (IslePreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->analyser_row);
  const char *command;
  g_autofree char *current = NULL;

  if (self->filling || self->analysers == NULL
      || selected > g_strv_length (self->analysers))
    return;
  command = selected == 0 ? "" : self->analysers[selected - 1];
  current = g_settings_get_string (self->settings, "analyser");
  if (strcmp (current, command) != 0)
    g_settings_set_string (self->settings, "analyser", command);
}

static void
on_setting_changed (GSettings *settings, const char *key, IslePreferencesWindow *self)
{
  (void) settings;
  /* The model is never changed here while the row is telling of a choice
   * (GTK 4.8 loops when a selection model changes inside its own signal). */
  if (strcmp (key, "engines") == 0)
    {
      fill_engines (self);
      fill_opponents (self);
      fill_analysers (self);
    }
  else if (strcmp (key, "default-opponent") == 0)
    select_opponent (self);
  else if (strcmp (key, "analyser") == 0)
    select_analyser (self);
}

/* Adding an engine. */

static void
on_add_changed (IslePreferencesWindow *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->add_row), "error");
}

static void
on_add_engine (IslePreferencesWindow *self)
{
  g_autofree char *command = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_row))));
  g_autofree char *spec = NULL;
  IslePlayerSpec parsed;
  g_auto (GStrv) engines = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GStrvBuilder) builder = NULL;
  g_auto (GStrv) list = NULL;

  if (command[0] == '\0')
    return;
  spec = g_strconcat ("engine:", command, NULL);
  if (!isle_player_spec_parse (spec, &parsed, &error) || strlen (spec) >= ISLE_PLAYER_SPEC_MAX)
    {
      /* The parser's message names the command and what is wrong with it. */
      g_autofree char *title = error != NULL ? g_strdup (error->message)
                                             : g_strdup_printf (_("Not a command line: %s"), _("too long"));

      gtk_widget_add_css_class (GTK_WIDGET (self->add_row), "error");
      add_toast (self, title);
      return;
    }
  engines = g_settings_get_strv (self->settings, "engines");
  if (g_strv_contains ((const char *const *) engines, command))
    {
      add_toast (self, _("This engine is already in the list"));
      return;
    }
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) engines);
  g_strv_builder_add (builder, command);
  list = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "engines", (const char *const *) list);
  gtk_editable_set_text (GTK_EDITABLE (self->add_row), "");
  start_test (self, command);
}

static void
isle_preferences_window_dispose (GObject *object)
{
  IslePreferencesWindow *self = ISLE_PREFERENCES_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ISLE_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (isle_preferences_window_parent_class)->dispose (object);
}

static void
isle_preferences_window_finalize (GObject *object)
{
  IslePreferencesWindow *self = ISLE_PREFERENCES_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->opponents, g_ptr_array_unref);
  g_clear_pointer (&self->engine_rows, g_ptr_array_unref);
  g_clear_pointer (&self->analysers, g_strfreev);
  g_clear_pointer (&self->results, g_hash_table_unref);
  g_clear_pointer (&self->testing, g_hash_table_unref);
  G_OBJECT_CLASS (isle_preferences_window_parent_class)->finalize (object);
}

static void
isle_preferences_window_class_init (IslePreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_preferences_window_dispose;
  object_class->finalize = isle_preferences_window_finalize;

  isle_dialog_template_set (widget_class, "/io/github/critterisle/CritterIsle/isle-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, remind_switch);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, depth_row);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, opponent_names);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, analyser_row);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, analyser_names);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, engines_list);
  gtk_widget_class_bind_template_child (widget_class, IslePreferencesWindow, add_row);
  gtk_widget_class_bind_template_callback (widget_class, on_opponent_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_analyser_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_add_engine);
  gtk_widget_class_bind_template_callback (widget_class, on_add_changed);
}

static void
isle_preferences_window_init (IslePreferencesWindow *self)
{
  g_autoptr (GtkListItemFactory) factory = NULL;

  self->filling = TRUE;   /* until the settings are read */
  gtk_widget_init_template (GTK_WIDGET (self));
  isle_accessible_tidy (GTK_WIDGET (self));
  /* The template's root is any widget (its parent class is one of two);
   * what only one of them has is set here. */
#if ISLE_PREFERENCES_IS_DIALOG
  adw_dialog_set_content_width (ADW_DIALOG (self), 600);
  adw_dialog_set_content_height (ADW_DIALOG (self), 720);
#else
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 600, 720);
#endif
  factory = isle_settings_value_factory ();
  adw_combo_row_set_factory (self->opponent_row, factory);
  isle_settings_speak_combo_value (self->opponent_row);
  isle_settings_speak_combo_value (self->speed_row);
  isle_settings_speak_combo_value (self->depth_row);
  g_clear_object (&factory);
  factory = isle_settings_value_factory ();
  adw_combo_row_set_factory (self->analyser_row, factory);
  isle_settings_speak_combo_value (self->analyser_row);
  self->engine_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) engine_row_free);
  self->results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) test_result_free);
  self->testing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cancellable = g_cancellable_new ();
}

/* Binds the rows to SETTINGS and lists what they hold. */
static void
show_settings (IslePreferencesWindow *self, GSettings *settings)
{
  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "animations", self->animations_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "remind-face-down", self->remind_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "computer-speed", self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_row, choice_from_row, (gpointer) speeds, NULL);
  g_settings_bind_with_mapping (settings, "review-depth", self->depth_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_row, choice_from_row, (gpointer) depths, NULL);
  fill_engines (self);
  fill_opponents (self);
  fill_analysers (self);
  g_signal_connect (settings, "changed", G_CALLBACK (on_setting_changed), self);
  /* Plugins join the opponents when their probes end. */
  g_signal_connect_object (isle_plugin_loader_get (), "notify::ready",
                           G_CALLBACK (fill_opponents), self, G_CONNECT_SWAPPED);
}

IslePreferencesWindow *
isle_preferences_window_present (GtkWindow *parent, GSettings *settings)
{
  IslePreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

#if ISLE_PREFERENCES_IS_DIALOG
  self = g_object_new (ISLE_TYPE_PREFERENCES_WINDOW, NULL);
  show_settings (self, settings);
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (parent));
#else
  self = ISLE_PREFERENCES_WINDOW (isle_preferences_window_new (parent, settings));
  gtk_window_present (GTK_WINDOW (self));
#endif
  return self;
}

#if !ISLE_PREFERENCES_IS_DIALOG
GtkWindow *
isle_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  IslePreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (ISLE_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  show_settings (self, settings);
  return GTK_WINDOW (self);
}
#endif
