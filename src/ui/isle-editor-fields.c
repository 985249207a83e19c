/* isle-editor-fields.c — the editor's controls, one per scenario field
 * (Field): the rows that hold them, each control's handler setting its
 * field, and isle_editor_window_show_scenario() writing every control back
 * from the scenario. A part of IsleEditorWindow
 * (isle-editor-window-private.h).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-ai.h"
#include "isle-editor-window-private.h"
#include "isle-player-spec.h"
#include "isle-settings.h"

/* The goal types in the order the goal row lists them. */
static const IsleGoalType goal_types[] = {
  ISLE_GOAL_NONE, ISLE_GOAL_WIN_GAME, ISLE_GOAL_SCORE_ROUND, ISLE_GOAL_WIN_ROUND,
  ISLE_GOAL_LINE, ISLE_GOAL_COINS,
};

/* Whether a goal of TYPE has an amount (the "How Much" row). */
static gboolean
goal_has_value (IsleGoalType type)
{
  return type != ISLE_GOAL_NONE && type != ISLE_GOAL_WIN_GAME;
}

/* The amount a goal of TYPE gets when the designer chooses it: what it
 * had when last chosen, else the least that passes the checks and means
 * something — the points of the shortest line (R7.1), a win by 1 point,
 * a line of 3 (R5), 1 coin. */
static int
goal_value_for (IsleEditorWindow *self, IsleGoalType type)
{
  const IsleRules *rules = isle_scenario_get_rules (self->scenario);

  if (self->goal_values[type] > 0)
    return self->goal_values[type];
  switch (type)
    {
    case ISLE_GOAL_SCORE_ROUND:
      return MAX (rules->line_score[3], 1);
    case ISLE_GOAL_LINE:
      return 3;
    case ISLE_GOAL_WIN_ROUND:
    case ISLE_GOAL_COINS:
    case ISLE_GOAL_NONE:
    case ISLE_GOAL_WIN_GAME:
    default:
      return 1;
    }
}

/* ---- controls ------------------------------------------------------------ */

static void on_control_changed (IsleEditorWindow *self, GtkWidget *control);

/* A name for FIELD's control, unique in the window: its path, with what
 * tells apart the fields sharing a path ("start.coins.red",
 * "rules.hire_cost.fox"). Tests find controls by it. */
static char *
field_name (Field field, const char *path)
{
  static const char *const sides[ISLE_N_SIDES] = { "red", "blue" };

  if (field >= F_FOG_FIRST && field < F_FOG_FIRST + 4)
    return g_strdup_printf ("field-fog.%s", isle_quadrant_id (field - F_FOG_FIRST));
  if (field >= F_COINS_FIRST && field < F_COINS_FIRST + ISLE_N_SIDES)
    return g_strdup_printf ("field-%s.%s", path, sides[field - F_COINS_FIRST]);
  if (field >= F_SCORE_FIRST && field < F_SCORE_FIRST + ISLE_N_SIDES)
    return g_strdup_printf ("field-%s.%s", path, sides[field - F_SCORE_FIRST]);
  if (field >= F_RANDOM_HAND_FIRST && field < F_RANDOM_PILE_FIRST + ISLE_MAX_SEATS)
    return g_strdup_printf ("field-%s.random", path);
  if (field >= F_HIRED_FIRST && field < F_HIRED_FIRST + ISLE_N_SIDES * N_MERCENARIES)
    {
      int i = field - F_HIRED_FIRST;

      return g_strdup_printf ("field-%s.%s.%s", path, sides[i / N_MERCENARIES],
                              isle_kind_info ((IsleKind) (ISLE_FIRST_MERCENARY + i % N_MERCENARIES))->id);
    }
  if (field >= F_DECK_FIRST && field < F_DECK_FIRST + ISLE_N_WEATHER)
    return g_strdup_printf ("field-%s.%s", path, isle_weather_id ((IsleWeather) (field - F_DECK_FIRST)));
  return g_strdup_printf ("field-%s", path);
}

static void
register_control (IsleEditorWindow *self, Field field, GtkWidget *control, GtkWidget *row,
                  const char *path)
{
  g_autofree char *name = field_name (field, path);

  self->controls[field] = control;
  self->rows[field] = row;
  self->paths[field] = path;
  g_object_set_data (G_OBJECT (control), "field", GINT_TO_POINTER (field));
  /* Tests find a field's control by this name. */
  gtk_widget_set_name (control, name);
}

static void
on_spin_changed (GtkSpinButton *spin, IsleEditorWindow *self)
{
  on_control_changed (self, GTK_WIDGET (spin));
}

GtkWidget *
isle_editor_window_spin_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
          const char *title, const char *subtitle, int min, int max)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  register_control (self, field, spin, row, path);
  adw_preferences_group_add (group, row);
  return row;
}

static void
on_combo_changed (AdwComboRow *row, GParamSpec *pspec, IsleEditorWindow *self)
{
  (void) pspec;
  on_control_changed (self, GTK_WIDGET (row));
}

/* A combo row's items show their names whole, never cut ("Win This Round
 * by Poi…": libadwaita's own items stop at 20 characters); the row's title
 * wraps instead. In the pop-up list the chosen item has a check mark. */
static void
setup_item (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  (void) factory;
  (void) row;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
setup_list_item (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  setup_item (factory, item, row);
  gtk_box_append (GTK_BOX (gtk_list_item_get_child (item)), check);
}

static void
show_check (AdwComboRow *row, GParamSpec *pspec, GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  (void) pspec;
  gtk_widget_set_opacity (check, adw_combo_row_get_selected_item (row) == gtk_list_item_get_item (item) ? 1 : 0);
}

static void
bind_item (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  (void) factory;
  (void) row;
  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static void
bind_list_item (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  bind_item (factory, item, row);
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (show_check), item);
  show_check (row, NULL, item);
}

static void
unbind_list_item (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  (void) factory;
  g_signal_handlers_disconnect_by_func (row, show_check, item);
}

static void
set_item_factories (AdwComboRow *row)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), row);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), row);
  g_signal_connect (list_factory, "setup", G_CALLBACK (setup_list_item), row);
  g_signal_connect (list_factory, "bind", G_CALLBACK (bind_list_item), row);
  g_signal_connect (list_factory, "unbind", G_CALLBACK (unbind_list_item), row);
  adw_combo_row_set_factory (row, factory);
  adw_combo_row_set_list_factory (row, list_factory);
  isle_settings_speak_combo_value (row);
}

GtkWidget *
isle_editor_window_combo_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
           const char *title, const char *subtitle, const char *const *items)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr (GtkStringList) model = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  set_item_factories (ADW_COMBO_ROW (row));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_combo_changed), self);
  register_control (self, field, row, row, path);
  adw_preferences_group_add (group, row);
  return row;
}

static void
on_switch_changed (GtkSwitch *toggle, GParamSpec *pspec, IsleEditorWindow *self)
{
  (void) pspec;
  on_control_changed (self, GTK_WIDGET (toggle));
}

GtkWidget *
isle_editor_window_switch_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
            const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_signal_connect (toggle, "notify::active", G_CALLBACK (on_switch_changed), self);
  register_control (self, field, toggle, row, path);
  adw_preferences_group_add (group, row);
  return row;
}

static void
on_entry_changed (GtkEditable *entry, IsleEditorWindow *self)
{
  on_control_changed (self, GTK_WIDGET (entry));
}

GtkWidget *
isle_editor_window_entry_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
           const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  g_signal_connect (row, "changed", G_CALLBACK (on_entry_changed), self);
  register_control (self, field, row, row, path);
  adw_preferences_group_add (group, row);
  return row;
}

static int
spin_value (GtkWidget *spin)
{
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));
}

/* ---- from a control to the scenario -------------------------------------- */

/* The built-in levels an opponent may be (a file never names a program). */
static const char *
opponent_level (guint index)
{
  int n;
  const IsleAiLevel *levels = isle_ai_levels (&n);

  return index < (guint) n ? levels[index].id : "medium";
}

static void
apply_position_field (IsleEditorWindow *self, Field field, GtkWidget *control)
{
  IslePosition position = isle_editor_window_get_position (self);

  if (field == F_ROUND)
    position.round = (uint8_t) spin_value (control);
  else if (field == F_START_FIRST_SEAT)
    position.first_seat = (uint8_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field == F_TO_MOVE)
    position.to_move = (uint8_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field == F_WEATHER)
    position.weather = (uint8_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field >= F_FOG_FIRST && field < F_FOG_FIRST + 4)
    isle_position_set_fog (&position, field - F_FOG_FIRST,
                           gtk_switch_get_active (GTK_SWITCH (control)));
  else if (field >= F_COINS_FIRST && field < F_COINS_FIRST + ISLE_N_SIDES)
    position.coins[field - F_COINS_FIRST] = spin_value (control);
  else if (field >= F_SCORE_FIRST && field < F_SCORE_FIRST + ISLE_N_SIDES)
    {
      /* The points of earlier rounds, kept as the first round's. */
      for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
        position.scores[r][field - F_SCORE_FIRST] = 0;
      position.scores[0][field - F_SCORE_FIRST] = spin_value (control);
    }
  else if (field >= F_RANDOM_HAND_FIRST && field < F_RANDOM_HAND_FIRST + ISLE_MAX_SEATS)
    position.random_hand[field - F_RANDOM_HAND_FIRST] = gtk_switch_get_active (GTK_SWITCH (control));
  else if (field >= F_RANDOM_PILE_FIRST && field < F_RANDOM_PILE_FIRST + ISLE_MAX_SEATS)
    position.random_pile[field - F_RANDOM_PILE_FIRST] = gtk_switch_get_active (GTK_SWITCH (control));
  else if (field == F_RANDOM_DECK)
    position.has_deck = !gtk_switch_get_active (GTK_SWITCH (control));
  else if (field >= F_HIRED_FIRST && field < F_HIRED_FIRST + ISLE_N_SIDES * N_MERCENARIES)
    {
      int i = field - F_HIRED_FIRST;

      position.hired[i / N_MERCENARIES][ISLE_FIRST_MERCENARY + i % N_MERCENARIES] = (uint8_t) spin_value (control);
    }
  isle_editor_window_set_position (self, &position);
}

static void
apply_rules_field (IsleEditorWindow *self, Field field, GtkWidget *control)
{
  IsleRules rules = *isle_scenario_get_rules (self->scenario);

  if (field >= F_LINE_FIRST && field < F_LINE_FIRST + 4)
    rules.line_score[3 + field - F_LINE_FIRST] = spin_value (control);
  else if (field >= F_COST_FIRST && field < F_COST_FIRST + N_MERCENARIES)
    rules.hire_cost[ISLE_FIRST_MERCENARY + field - F_COST_FIRST] = spin_value (control);
  else if (field == F_OPENING_HAND)
    rules.opening_hand = (int32_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field == F_FOG_LIFT)
    rules.fog_lift = (int32_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field == F_QUICK_WEATHER)
    rules.quick_weather = (int32_t) adw_combo_row_get_selected (ADW_COMBO_ROW (control));
  else if (field == F_STRICT)
    rules.strict_memory = gtk_switch_get_active (GTK_SWITCH (control));
  else if (field == F_ROUNDS)
    rules.rounds[isle_scenario_get_variant (self->scenario)] = (uint8_t) spin_value (control);
  else if (field == F_EXTRA_ROUNDS)
    rules.max_extra_rounds = (uint8_t) spin_value (control);
  else if (field == F_QUICK_COINS)
    rules.quick_start_coins = spin_value (control);
  else if (field >= F_DECK_FIRST && field < F_DECK_FIRST + ISLE_N_WEATHER)
    {
      /* R1: the deck's cards, counted per kind, in kind order. */
      int counts[ISLE_N_WEATHER] = { 0 };

      for (int i = 0; i < rules.weather_deck_len; i++)
        counts[rules.weather_deck[i]]++;
      counts[field - F_DECK_FIRST] = spin_value (control);
      rules.weather_deck_len = 0;
      for (int w = 0; w < ISLE_N_WEATHER; w++)
        for (int i = 0; i < counts[w] && rules.weather_deck_len < ISLE_MAX_WEATHER_CARDS; i++)
          rules.weather_deck[rules.weather_deck_len++] = (uint8_t) w;
    }
  isle_scenario_set_rules (self->scenario, &rules);
}

static void
on_control_changed (IsleEditorWindow *self, GtkWidget *control)
{
  Field field = (Field) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (control), "field"));

  if (self->updating)
    return;
  if (field == F_TITLE || field == F_AUTHOR)
    isle_editor_window_begin_typing (self, control);
  else
    isle_editor_window_begin_edit (self);
  switch (field)
    {
    case F_TITLE:
      isle_scenario_set_title (self->scenario, gtk_editable_get_text (GTK_EDITABLE (control)));
      break;
    case F_AUTHOR:
      isle_scenario_set_author (self->scenario, gtk_editable_get_text (GTK_EDITABLE (control)));
      break;
    case F_DIFFICULTY:
      isle_scenario_set_difficulty (self->scenario,
                                    (IsleDifficulty) adw_combo_row_get_selected (ADW_COMBO_ROW (control)));
      break;
    case F_VARIANT:
      isle_scenario_set_variant (self->scenario, (IsleVariant) adw_combo_row_get_selected (ADW_COMBO_ROW (control)));
      isle_editor_window_fill_palette (self);
      break;
    case F_PLAYER:
      isle_scenario_set_player (self->scenario, (int) adw_combo_row_get_selected (ADW_COMBO_ROW (control)));
      break;
    case F_OPPONENT:
      isle_scenario_set_opponent (self->scenario,
                                  opponent_level (adw_combo_row_get_selected (ADW_COMBO_ROW (control))));
      break;
    case F_FIRST_SEAT:
      isle_scenario_set_first_seat (self->scenario, (int) adw_combo_row_get_selected (ADW_COMBO_ROW (control)));
      break;
    case F_PRESET:
      if (gtk_switch_get_active (GTK_SWITCH (control)))
        {
          IslePosition position = isle_editor_window_get_position (self);

          isle_editor_window_set_position (self, &position);
        }
      else
        isle_scenario_set_start (self->scenario, NULL);
      break;
    case F_GOAL_TYPE:
    case F_GOAL_VALUE:
      {
        IsleScenarioGoal goal;
        guint type = adw_combo_row_get_selected (ADW_COMBO_ROW (self->controls[F_GOAL_TYPE]));

        goal.type = type < G_N_ELEMENTS (goal_types) ? goal_types[type] : ISLE_GOAL_NONE;
        if (!goal_has_value (goal.type))
          goal.value = 0;
        else if (field == F_GOAL_TYPE)
          goal.value = goal_value_for (self, goal.type);
        else
          goal.value = self->goal_values[goal.type] = spin_value (self->controls[F_GOAL_VALUE]);
        isle_scenario_set_goal (self->scenario, &goal);
        break;
      }
    default:
      if (field >= F_ROUND && field < F_LINE_FIRST)
        apply_position_field (self, field, control);
      else
        apply_rules_field (self, field, control);
      break;
    }
  isle_editor_window_end_edit (self);
}

void
isle_editor_window_on_description_changed (GtkTextBuffer *buffer, IsleEditorWindow *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  isle_editor_window_begin_typing (self, buffer);
  isle_scenario_set_description (self->scenario, text[0] != '\0' ? text : NULL);
  isle_editor_window_end_edit (self);
}

/* ---- showing the scenario ------------------------------------------------ */

static void
set_spin (IsleEditorWindow *self, Field field, int value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->controls[field]), value);
}

static void
set_combo (IsleEditorWindow *self, Field field, guint index)
{
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->controls[field]), index);
}

static void
set_switch (IsleEditorWindow *self, Field field, gboolean on)
{
  gtk_switch_set_active (GTK_SWITCH (self->controls[field]), on);
}

static void
set_entry (IsleEditorWindow *self, Field field, const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->controls[field])), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->controls[field]), text ? text : "");
}

static void
show_rules (IsleEditorWindow *self)
{
  const IsleRules *rules = isle_scenario_get_rules (self->scenario);
  IsleVariant variant = isle_scenario_get_variant (self->scenario);
  gboolean mercenary = variant >= ISLE_VARIANT_MERCENARY;
  int counts[ISLE_N_WEATHER] = { 0 };

  for (int length = 3; length <= ISLE_BOARD_SIZE; length++)
    set_spin (self, F_LINE_FIRST + length - 3, rules->line_score[length]);
  for (int i = 0; i < N_MERCENARIES; i++)
    {
      set_spin (self, F_COST_FIRST + i, rules->hire_cost[ISLE_FIRST_MERCENARY + i]);
      gtk_widget_set_visible (self->rows[F_COST_FIRST + i], mercenary);
    }
  set_combo (self, F_OPENING_HAND, (guint) rules->opening_hand);
  set_combo (self, F_FOG_LIFT, (guint) rules->fog_lift);
  set_combo (self, F_QUICK_WEATHER, (guint) rules->quick_weather);
  set_switch (self, F_STRICT, rules->strict_memory);
  set_spin (self, F_ROUNDS, rules->rounds[variant]);
  set_spin (self, F_EXTRA_ROUNDS, rules->max_extra_rounds);
  set_spin (self, F_QUICK_COINS, rules->quick_start_coins);
  for (int i = 0; i < rules->weather_deck_len; i++)
    counts[rules->weather_deck[i]]++;
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    {
      set_spin (self, F_DECK_FIRST + w, counts[w]);
      gtk_widget_set_visible (self->rows[F_DECK_FIRST + w],
                              variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY);
    }
  gtk_widget_set_visible (self->rows[F_FOG_LIFT], variant != ISLE_VARIANT_BASIC && variant != ISLE_VARIANT_TEAM);
  gtk_widget_set_visible (self->rows[F_QUICK_WEATHER], variant == ISLE_VARIANT_QUICK);
  gtk_widget_set_visible (self->rows[F_QUICK_COINS], variant == ISLE_VARIANT_QUICK);
  gtk_widget_set_visible (self->rows[F_EXTRA_ROUNDS], mercenary);
}

static void
show_position (IsleEditorWindow *self)
{
  const IslePosition *start = isle_scenario_get_start (self->scenario);
  IslePosition position = isle_editor_window_get_position (self);
  IsleVariant variant = isle_scenario_get_variant (self->scenario);
  gboolean mercenary = variant >= ISLE_VARIANT_MERCENARY;
  IsleBoard board = position.board;

  set_switch (self, F_PRESET, start != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (self->position_group); i++)
    gtk_widget_set_visible (self->position_group[i], start != NULL);
  gtk_widget_set_visible (self->rows[F_FIRST_SEAT], start == NULL);
  set_spin (self, F_ROUND, position.round);
  set_combo (self, F_START_FIRST_SEAT, position.first_seat);
  set_combo (self, F_TO_MOVE, position.to_move);
  set_combo (self, F_WEATHER, position.weather);
  for (int q = 0; q < 4; q++)
    set_switch (self, F_FOG_FIRST + q, isle_position_has_fog (&position, q));
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      int earlier = 0;

      for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
        earlier += position.scores[r][side];
      set_spin (self, F_COINS_FIRST + side, position.coins[side]);
      set_spin (self, F_SCORE_FIRST + side, earlier);
      gtk_widget_set_visible (self->rows[F_COINS_FIRST + side], mercenary);
      for (int i = 0; i < N_MERCENARIES; i++)
        {
          set_spin (self, F_HIRED_FIRST + side * N_MERCENARIES + i, position.hired[side][ISLE_FIRST_MERCENARY + i]);
          gtk_widget_set_visible (self->rows[F_HIRED_FIRST + side * N_MERCENARIES + i], mercenary);
        }
    }
  set_switch (self, F_RANDOM_DECK, !position.has_deck);
  gtk_widget_set_visible (self->rows[F_RANDOM_DECK], variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY);
  isle_editor_window_show_hands (self, &position);
  isle_editor_window_show_deck (self, &position);

  /* The island: what lies where, as every seat would see it. */
  isle_board_sync (&board);
  isle_board_view_set_board (self->board, &board, ISLE_SIDE_RED);
}

static void
show_goal (IsleEditorWindow *self)
{
  IsleScenarioGoal goal;
  const char *const *solution = isle_scenario_get_solution (self->scenario);
  guint n = solution != NULL ? g_strv_length ((char **) solution) : 0;
  g_autofree char *moves = NULL;
  int levels_n;
  const IsleAiLevel *levels = isle_ai_levels (&levels_n);
  const char *opponent = isle_scenario_get_opponent (self->scenario);

  isle_scenario_get_goal (self->scenario, &goal);
  if (goal_has_value (goal.type) && goal.value > 0)
    self->goal_values[goal.type] = goal.value;
  for (guint i = 0; i < G_N_ELEMENTS (goal_types); i++)
    if (goal_types[i] == goal.type)
      set_combo (self, F_GOAL_TYPE, i);
  set_spin (self, F_GOAL_VALUE, goal.value);
  gtk_widget_set_visible (self->rows[F_GOAL_VALUE], goal_has_value (goal.type));
  set_combo (self, F_PLAYER, (guint) isle_scenario_get_player (self->scenario));
  for (int i = 0; i < levels_n; i++)
    if (opponent != NULL && isle_player_spec_text_equal (levels[i].id, opponent))
      set_combo (self, F_OPPONENT, (guint) i);
  /* Translators: how long the stored solution is */
  moves = n > 0 ? g_strdup_printf (ngettext ("%u move", "%u moves", n), n)
                : g_strdup (_("None yet: meet the goal in Test Play to keep your moves"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->solution_row), moves);
  isle_editor_window_show_hints (self);
}

static void
show_details (IsleEditorWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description_view));
  const char *description = isle_scenario_get_description (self->scenario);
  GtkTextIter start, end;
  g_autofree char *now = NULL;

  set_entry (self, F_TITLE, isle_scenario_get_title (self->scenario));
  set_entry (self, F_AUTHOR, isle_scenario_get_author (self->scenario));
  set_combo (self, F_DIFFICULTY, (guint) isle_scenario_get_difficulty (self->scenario));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  now = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (now, description ? description : "") != 0)
    gtk_text_buffer_set_text (buffer, description ? description : "", -1);
}

/* Writes every control from the scenario, then checks it. */
void
isle_editor_window_show_scenario (IsleEditorWindow *self)
{
  int n_seats = isle_scenario_get_n_seats (self->scenario);

  self->updating = TRUE;
  set_combo (self, F_VARIANT, (guint) isle_scenario_get_variant (self->scenario));
  set_combo (self, F_FIRST_SEAT, (guint) isle_scenario_get_first_seat (self->scenario));
  /* Seat lists follow the variant's seats (R11). */
  for (Field f = F_PLAYER; f <= F_TO_MOVE; f++)
    if (f == F_PLAYER || f == F_FIRST_SEAT || f == F_START_FIRST_SEAT || f == F_TO_MOVE)
      {
        GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (self->controls[f]));
        guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->controls[f]));
        g_autoptr (GtkStringList) seats = gtk_string_list_new (NULL);

        for (int seat = 0; seat < n_seats; seat++)
          {
            g_autofree char *name = isle_editor_window_seat_name (self, seat);

            gtk_string_list_append (seats, name);
          }
        if (g_list_model_get_n_items (model) != (guint) n_seats)
          {
            adw_combo_row_set_model (ADW_COMBO_ROW (self->controls[f]), G_LIST_MODEL (seats));
            adw_combo_row_set_selected (ADW_COMBO_ROW (self->controls[f]), MIN (selected, (guint) n_seats - 1));
          }
      }
  show_details (self);
  show_position (self);
  show_rules (self);
  show_goal (self);
  self->updating = FALSE;
  isle_editor_window_update_title (self);
  isle_editor_window_check (self);
}
