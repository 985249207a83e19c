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
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-ai.h"
#include "isle-board-tile.h"
#include "isle-board-view.h"
#include "isle-editor-window.h"
#include "isle-file-chooser.h"
#include "isle-player-spec.h"
#include "isle-puzzles.h"
#include "isle-settings.h"
#include "isle-shortcuts.h"
#include "isle-token-art.h"
#include "isle-meeting.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define N_MERCENARIES (ISLE_N_KINDS - ISLE_FIRST_MERCENARY)
#define UNDO_MAX 200

/* The scenario's fields that have a control of their own. */
typedef enum
{
  F_TITLE,
  F_AUTHOR,
  F_DIFFICULTY,
  F_VARIANT,
  F_PLAYER,
  F_OPPONENT,
  F_FIRST_SEAT,
  F_PRESET,
  F_ROUND,
  F_START_FIRST_SEAT,
  F_TO_MOVE,
  F_WEATHER,
  F_FOG_FIRST,                           /* one per quadrant (R1) */
  F_COINS_FIRST = F_FOG_FIRST + 4,       /* one per side */
  F_SCORE_FIRST = F_COINS_FIRST + ISLE_N_SIDES,
  F_RANDOM_HAND_FIRST = F_SCORE_FIRST + ISLE_N_SIDES,   /* one per seat */
  F_RANDOM_PILE_FIRST = F_RANDOM_HAND_FIRST + ISLE_MAX_SEATS,
  F_RANDOM_DECK = F_RANDOM_PILE_FIRST + ISLE_MAX_SEATS,
  F_HIRED_FIRST,                         /* per side and mercenary */
  F_LINE_FIRST = F_HIRED_FIRST + ISLE_N_SIDES * N_MERCENARIES,   /* lengths 3..6 */
  F_COST_FIRST = F_LINE_FIRST + 4,       /* per mercenary */
  F_OPENING_HAND = F_COST_FIRST + N_MERCENARIES,
  F_FOG_LIFT,
  F_QUICK_WEATHER,
  F_STRICT,
  F_ROUNDS,
  F_EXTRA_ROUNDS,
  F_QUICK_COINS,
  F_DECK_FIRST,                          /* per weather kind: cards in the rules' deck */
  F_GOAL_TYPE = F_DECK_FIRST + ISLE_N_WEATHER,
  F_GOAL_VALUE,
  N_FIELDS
} Field;

typedef enum
{
  TOOL_TOKEN,
  TOOL_FOG,
  TOOL_ERASE,
} Tool;

/* The goal types in the order the goal row lists them. */
static const IsleGoalType goal_types[] = {
  ISLE_GOAL_NONE, ISLE_GOAL_WIN_GAME, ISLE_GOAL_SCORE_ROUND, ISLE_GOAL_WIN_ROUND,
  ISLE_GOAL_LINE, ISLE_GOAL_COINS,
};

struct _IsleEditorWindow
{
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *title;
  AdwToastOverlay *toasts;
  GtkWidget *main_box;
  GtkWidget *board_box;
  GtkWidget *side_box;
  IsleBoardView *board;
  GtkLabel *tool_label;
  GtkBox *palette;
  GtkCheckButton *face_down_check;
  GtkCheckButton *turned_check;
  AdwViewStack *pages;
  GtkExpander *problems_expander;
  GtkLabel *problems_label;
  GtkListBox *problems;

  GtkWidget *controls[N_FIELDS];
  GtkWidget *rows[N_FIELDS];         /* the row a field's problems mark */
  const char *paths[N_FIELDS];       /* the field's path in the file */
  GtkWidget *position_group[4];      /* groups shown only with a preset position */
  GtkWidget *hands_box;              /* per seat: hand and pile */
  GtkWidget *deck_box;
  GtkWidget *hints_box;
  guint n_hint_rows;
  GtkWidget *solution_row;
  GtkWidget *description_view;
  GtkWidget *description_row;
  GtkWidget *board_row;              /* the problems of tiles are listed here */

  IsleScenario *scenario;
  GPtrArray *problems_now;           /* IsleScenarioProblem */
  char *path;                        /* the file, or NULL */
  gboolean modified;
  GPtrArray *undo;                   /* IsleScenario, oldest first */
  GPtrArray *redo;
  gboolean updating;                 /* show_scenario() is writing the controls */
  gpointer typing;                   /* the text field last typed in, or NULL */
  gint64 typed;                      /* when */

  Tool tool;
  char *tool_id;
  IsleKind tool_kind;
  int tool_seat;

  GCancellable *cancellable;         /* the file chooser asking, cancelled on closing */
};

G_DEFINE_FINAL_TYPE (IsleEditorWindow, isle_editor_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void show_scenario (IsleEditorWindow *self);
static void check (IsleEditorWindow *self);

/* ---- editing ------------------------------------------------------------ */

/* Before a change: the scenario as it was goes on the undo stack. */
static void
begin_edit (IsleEditorWindow *self)
{
  self->typing = NULL;
  g_ptr_array_add (self->undo, isle_scenario_copy (self->scenario));
  if (self->undo->len > UNDO_MAX)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
}

/* Before a change typed into TEXT: a burst of typing is one undo step. */
static void
begin_typing (IsleEditorWindow *self, gpointer text)
{
  gint64 now = g_get_monotonic_time ();

  if (self->typing != text || now - self->typed > G_USEC_PER_SEC)
    begin_edit (self);
  self->typing = text;
  self->typed = now;
}

static void
update_title (IsleEditorWindow *self)
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
static void
end_edit (IsleEditorWindow *self)
{
  self->modified = TRUE;
  show_scenario (self);
}

static IslePosition
get_position (IsleEditorWindow *self)
{
  const IslePosition *start = isle_scenario_get_start (self->scenario);
  IslePosition position;

  if (start != NULL)
    return *start;
  isle_position_init (&position);
  return position;
}

static void
set_position (IsleEditorWindow *self, IslePosition *position)
{
  isle_board_sync (&position->board);
  isle_scenario_set_start (self->scenario, position);
}

/* ---- the island ---------------------------------------------------------- */

/* The palette's tool used on CELL. */
static void
use_tool (IsleEditorWindow *self, int cell, Tool tool)
{
  IslePosition position = get_position (self);

  begin_edit (self);
  /* The engine shapes the edit by the rules (R1 fog boards, R8.6 turned
   * Chameleons, R8.9 Hippos on two tiles); what it leaves to fix, such
   * as a token under fog (R6.6), the problems list shows. */
  switch (tool)
    {
    case TOOL_ERASE:
      isle_position_clear_tile (&position, cell);
      break;
    case TOOL_FOG:
      isle_position_toggle_fog (&position, cell);
      break;
    case TOOL_TOKEN:
    default:
      isle_position_put_token (&position, cell, self->tool_kind, self->tool_seat,
                               gtk_check_button_get_active (self->face_down_check),
                               gtk_check_button_get_active (self->turned_check));
      break;
    }
  set_position (self, &position);
  end_edit (self);
}

static void
on_cell_activated (IsleEditorWindow *self, int cell)
{
  use_tool (self, cell, self->tool);
}

static int
cell_at (IsleEditorWindow *self, double x, double y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->board), x, y, GTK_PICK_DEFAULT);

  while (picked != NULL && !ISLE_IS_BOARD_TILE (picked))
    picked = gtk_widget_get_parent (picked);
  return picked != NULL ? isle_board_tile_get_cell (ISLE_BOARD_TILE (picked)) : -1;
}

/* A palette item dropped on a tile: that tool, used there. */
static gboolean
on_tool_dropped (GtkDropTarget *target, const GValue *value, double x, double y, IsleEditorWindow *self)
{
  int cell = cell_at (self, x, y);

  (void) target;
  if (cell < 0)
    return FALSE;
  g_object_set (self, "tool", g_value_get_string (value), NULL);
  use_tool (self, cell, self->tool);
  return TRUE;
}

/* Right-click erases. */
static void
on_board_secondary (GtkGestureClick *gesture, int n_press, double x, double y, IsleEditorWindow *self)
{
  int cell = cell_at (self, x, y);

  (void) gesture;
  (void) n_press;
  if (cell >= 0)
    use_tool (self, cell, TOOL_ERASE);
}

/* Delete or BackSpace erases the focused tile. */
static gboolean
on_board_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
              IsleEditorWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  (void) keys;
  (void) keycode;
  (void) state;
  if ((keyval != GDK_KEY_Delete && keyval != GDK_KEY_BackSpace && keyval != GDK_KEY_KP_Delete)
      || !ISLE_IS_BOARD_TILE (focus))
    return FALSE;
  use_tool (self, isle_board_tile_get_cell (ISLE_BOARD_TILE (focus)), TOOL_ERASE);
  return TRUE;
}

/* ---- the palette --------------------------------------------------------- */

static char *
seat_name (IsleEditorWindow *self, int seat)
{
  if (isle_scenario_get_n_seats (self->scenario) > 2)
    return g_strdup_printf ("%s %d", isle_words_side (isle_seat_side (seat)), seat / 2 + 1);
  return g_strdup (isle_words_side (isle_seat_side (seat)));
}

static void
show_tool (IsleEditorWindow *self)
{
  g_autofree char *text = NULL;

  switch (self->tool)
    {
    case TOOL_FOG:
      text = g_strdup (_("Click a tile to put a fog board on its quarter, or to lift it."));
      break;
    case TOOL_ERASE:
      text = g_strdup (_("Click a tile to empty it (or to lift its fog)."));
      break;
    case TOOL_TOKEN:
    default:
      {
        g_autofree char *seat = seat_name (self, self->tool_seat);

        /* Translators: "Click tiles to place Red's Fox. Right-click or Delete empties a tile." */
        text = g_strdup_printf (_("Click tiles to place %s's %s. Right-click or Delete empties a tile."),
                                seat, isle_words_kind (self->tool_kind));
        break;
      }
    }
  gtk_label_set_text (self->tool_label, text);
  isle_board_view_set_preview (self->board, self->tool == TOOL_TOKEN ? self->tool_kind : ISLE_KIND_NONE,
                               isle_seat_side (self->tool_seat));
}

/* The "tool" property (and the stateful "editor.tool" action, so the
 * palette shows the tool in use): "W0" (a kind's code and a seat), "fog"
 * or "erase". */
static void
set_tool (IsleEditorWindow *self, const char *tool)
{
  if (tool == NULL)
    return;
  if (g_strcmp0 (tool, "fog") == 0)
    self->tool = TOOL_FOG;
  else if (g_strcmp0 (tool, "erase") == 0)
    self->tool = TOOL_ERASE;
  else if (strlen (tool) == 2 && isle_kind_from_code (tool[0]) != ISLE_KIND_NONE
           && tool[1] >= '0' && tool[1] < '0' + isle_scenario_get_n_seats (self->scenario))
    {
      self->tool = TOOL_TOKEN;
      self->tool_kind = isle_kind_from_code (tool[0]);
      self->tool_seat = tool[1] - '0';
    }
  else
    return;
  g_free (self->tool_id);
  self->tool_id = g_strdup (tool);
  show_tool (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* How big the palette draws its tokens and tool icons: big enough to tell
 * the kinds apart at a glance (issue 19: at least 32 px; a token's disc
 * takes 84% of its place). */
#define PALETTE_ICON_SIZE 40

/* The Fog and Eraser tools' and the Goal tab's icons (data/icons,
 * compiled in).  Our own: Adwaita 48 (GNOME 48+, the Flatpak's runtime)
 * no longer ships emblem-ok-symbolic. */
#define FOG_ICON_NAME "io.github.critterisle.CritterIsle-fog-symbolic"
#define ERASER_ICON_NAME "io.github.critterisle.CritterIsle-eraser-symbolic"
#define GOAL_ICON_NAME "io.github.critterisle.CritterIsle-goal-symbolic"

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

/* A tool's icon beside its name, for the tools that are no token. */
static GtkWidget *
tool_card (const char *icon_name, const char *mnemonic)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_image_set_pixel_size (GTK_IMAGE (image), PALETTE_ICON_SIZE - 4);
  gtk_widget_add_css_class (image, "palette-icon");
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static GtkWidget *
tool_button (GtkWidget *child, const char *target, const char *tip)
{
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), child);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "palette-tool");
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  {
    /* Or drag it onto a tile. */
    GtkDragSource *drag = gtk_drag_source_new ();
    GdkContentProvider *content = gdk_content_provider_new_typed (G_TYPE_STRING, target);

    gtk_drag_source_set_content (drag, content);
    g_object_unref (content);
    gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
    gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (drag));
  }
  return button;
}

/* Fog and the eraser, then every token kind for every seat: the tools
 * first, so that they stay in sight however far the seats' rows scroll. */
static void
fill_palette (IsleEditorWindow *self)
{
  GtkWidget *child;
  GtkWidget *tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->palette))) != NULL)
    gtk_box_remove (self->palette, child);
  gtk_box_append (GTK_BOX (tools),
                  tool_button (tool_card (FOG_ICON_NAME, _("_Fog")), "fog",
                               _("Fog boards: cover or uncover a quarter")));
  gtk_box_append (GTK_BOX (tools),
                  tool_button (tool_card (ERASER_ICON_NAME, _("_Eraser")), "erase",
                               _("Eraser: empty a tile")));
  gtk_box_append (self->palette, tools);
  for (int seat = 0; seat < isle_scenario_get_n_seats (self->scenario); seat++)
    {
      GtkWidget *row = gtk_flow_box_new ();
      g_autofree char *name = seat_name (self, seat);
      GtkWidget *label = gtk_label_new (name);

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), ISLE_N_KINDS);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (row), 5);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 0);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 0);
      gtk_widget_add_css_class (row, "palette");
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (self->palette, label);
      for (int kind = ISLE_KIND_WOLF; kind < ISLE_N_KINDS; kind++)
        {
          char target[3] = { isle_kind_info ((IsleKind) kind)->code, (char) ('0' + seat), 0 };
          /* Translators: "Red's Fox" in the palette */
          g_autofree char *tip = g_strdup_printf (_("%s's %s"), name, isle_words_kind ((IsleKind) kind));

          gtk_flow_box_append (GTK_FLOW_BOX (row),
                               tool_button (isle_token_icon_new ((IsleKind) kind, isle_seat_side (seat),
                                                                 PALETTE_ICON_SIZE),
                                            target, tip));
        }
      gtk_box_append (self->palette, row);
    }
  if (self->tool_seat >= isle_scenario_get_n_seats (self->scenario))
    self->tool_seat = 0;
  show_tool (self);
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

static GtkWidget *
spin_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
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

static GtkWidget *
combo_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
           const char *title, const char *subtitle, const char *const *items)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr (GtkStringList) model = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
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

static GtkWidget *
switch_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
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

static GtkWidget *
entry_row (IsleEditorWindow *self, AdwPreferencesGroup *group, Field field, const char *path,
           const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  g_signal_connect (row, "changed", G_CALLBACK (on_entry_changed), self);
  register_control (self, field, row, row, path);
  adw_preferences_group_add (group, row);
  return row;
}

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page, const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  adw_preferences_page_add (page, ADW_PREFERENCES_GROUP (group));
  return ADW_PREFERENCES_GROUP (group);
}

/* The rules' SECTION a group of fields follows, in its tooltip rather
 * than in its words. */
static void
set_rules_tooltip (GtkWidget *widget, const char *section)
{
  /* Translators: the rules' sections a group of fields follows ("R7.1") */
  g_autofree char *tip = g_strdup_printf (_("Rules: %s"), section);

  gtk_widget_set_tooltip_text (widget, tip);
}

static AdwPreferencesPage *
add_page (IsleEditorWindow *self, const char *name, const char *title, const char *icon)
{
  GtkWidget *page = adw_preferences_page_new ();

  adw_view_stack_add_titled (self->pages, page, name, title);
  adw_view_stack_page_set_icon_name (adw_view_stack_get_page (self->pages, page), icon);
  return ADW_PREFERENCES_PAGE (page);
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
  IslePosition position = get_position (self);

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
  set_position (self, &position);
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
    begin_typing (self, control);
  else
    begin_edit (self);
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
      fill_palette (self);
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
          IslePosition position = get_position (self);

          set_position (self, &position);
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
        goal.value = goal.type == ISLE_GOAL_NONE || goal.type == ISLE_GOAL_WIN_GAME
                     ? 0 : spin_value (self->controls[F_GOAL_VALUE]);
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
  end_edit (self);
}

static void
on_description_changed (GtkTextBuffer *buffer, IsleEditorWindow *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  begin_typing (self, buffer);
  isle_scenario_set_description (self->scenario, text[0] != '\0' ? text : NULL);
  end_edit (self);
}

/* ---- hands, piles, the deck and hints ------------------------------------ */

typedef enum
{
  LIST_HAND,
  LIST_PILE,
} ListKind;

/* "editor.remove-token" (seat, list, index) and "editor.add-token" (seat,
 * list, kind). */
static void
change_tokens (IsleEditorWindow *self, int seat, ListKind list, int index, IsleKind kind)
{
  IslePosition position = get_position (self);
  uint8_t *items = list == LIST_HAND ? position.hand[seat] : position.pile[seat];
  uint8_t *len = list == LIST_HAND ? &position.hand_len[seat] : &position.pile_len[seat];
  int cap = list == LIST_HAND ? ISLE_HAND_MAX : ISLE_PILE_MAX;

  if (seat < 0 || seat >= ISLE_MAX_SEATS)
    return;
  begin_edit (self);
  if (kind == ISLE_KIND_NONE && index >= 0 && index < *len)
    {
      memmove (items + index, items + index + 1, (size_t) (*len - index - 1));
      (*len)--;
    }
  else if (kind != ISLE_KIND_NONE && *len < cap)
    items[(*len)++] = (uint8_t) kind;
  if (list == LIST_HAND)
    position.random_hand[seat] = FALSE;
  else
    position.random_pile[seat] = FALSE;
  set_position (self, &position);
  end_edit (self);
}

static void
remove_token_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  int seat, list, index;

  (void) name;
  g_variant_get (parameter, "(iii)", &seat, &list, &index);
  change_tokens (ISLE_EDITOR_WINDOW (widget), seat, (ListKind) list, index, ISLE_KIND_NONE);
}

static void
add_token_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  int seat, list, kind;

  (void) name;
  g_variant_get (parameter, "(iii)", &seat, &list, &kind);
  if (kind > ISLE_KIND_NONE && kind < ISLE_N_KINDS)
    change_tokens (ISLE_EDITOR_WINDOW (widget), seat, (ListKind) list, -1, (IsleKind) kind);
}

/* The tokens of one hand or pile as pictures (click one to take it out)
 * and a menu of kinds to add. */
static GtkWidget *
token_list (int seat, ListKind list, const uint8_t *items, int len)
{
  GtkWidget *box = gtk_flow_box_new ();
  GtkWidget *add = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *kinds = gtk_flow_box_new ();
  IsleSide side = isle_seat_side (seat);

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (box), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (box), 9);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (box), 5);
  for (int i = 0; i < len; i++)
    {
      GtkWidget *chip = gtk_button_new ();
      /* Translators: a button that takes a token out of a hand or pile */
      g_autofree char *tip = g_strdup_printf (_("Take out the %s"), isle_words_kind ((IsleKind) items[i]));

      gtk_button_set_child (GTK_BUTTON (chip), isle_token_icon_new ((IsleKind) items[i], side, 26));
      gtk_widget_add_css_class (chip, "flat");
      gtk_widget_set_tooltip_text (chip, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (chip), "editor.remove-token");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (chip), "(iii)", seat, (int) list, i);
      gtk_flow_box_append (GTK_FLOW_BOX (box), chip);
    }
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (kinds), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (kinds), 5);
  for (int kind = ISLE_KIND_WOLF; kind < ISLE_N_KINDS; kind++)
    {
      GtkWidget *button = gtk_button_new ();
      g_autofree char *tip = g_strdup_printf (_("Add a %s"), isle_words_kind ((IsleKind) kind));

      gtk_button_set_child (GTK_BUTTON (button), isle_token_icon_new ((IsleKind) kind, side, 30));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.add-token");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(iii)", seat, (int) list, kind);
      gtk_flow_box_append (GTK_FLOW_BOX (kinds), button);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), kinds);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (add), popover);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (add), "list-add-symbolic");
  gtk_widget_set_tooltip_text (add, _("Add a token"));
  gtk_widget_add_css_class (add, "flat");
  gtk_flow_box_append (GTK_FLOW_BOX (box), add);
  return box;
}

static void
clear_children (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    if (GTK_IS_BOX (box))
      gtk_box_remove (GTK_BOX (box), child);
    else
      gtk_list_box_remove (GTK_LIST_BOX (box), child);
}

/* R4.4, R11: each seat's hand and pile, chosen or random. */
static void
show_hands (IsleEditorWindow *self, const IslePosition *position)
{
  clear_children (self->hands_box);
  for (int seat = 0; seat < isle_scenario_get_n_seats (self->scenario); seat++)
    {
      AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      g_autofree char *name = seat_name (self, seat);
      /* Translators: "Red's hand and pile" */
      g_autofree char *title = g_strdup_printf (_("%s's Hand and Pile"), name);
      g_autofree char *hand_path = g_strdup_printf ("start.hands[%d]", seat);
      g_autofree char *pile_path = g_strdup_printf ("start.piles[%d]", seat);
      GtkWidget *row;

      adw_preferences_group_set_title (group, title);
      row = switch_row (self, group, F_RANDOM_HAND_FIRST + seat, g_intern_string (hand_path),
                        _("Random Hand"), _("Five tokens drawn from what the seat owns"));
      gtk_switch_set_active (GTK_SWITCH (self->controls[F_RANDOM_HAND_FIRST + seat]), position->random_hand[seat]);
      if (!position->random_hand[seat])
        {
          GtkWidget *list_row = adw_preferences_row_new ();
          GtkWidget *list = token_list (seat, LIST_HAND, position->hand[seat], position->hand_len[seat]);

          gtk_widget_set_margin_start (list, 6);
          gtk_widget_set_margin_end (list, 6);
          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), list);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (list_row), _("Hand"));
          adw_preferences_group_add (group, list_row);
        }
      (void) row;
      switch_row (self, group, F_RANDOM_PILE_FIRST + seat, g_intern_string (pile_path),
                  _("Random Pile"), _("The rest of what the seat owns, shuffled"));
      gtk_switch_set_active (GTK_SWITCH (self->controls[F_RANDOM_PILE_FIRST + seat]), position->random_pile[seat]);
      if (!position->random_pile[seat])
        {
          GtkWidget *list_row = adw_preferences_row_new ();
          GtkWidget *list = token_list (seat, LIST_PILE, position->pile[seat], position->pile_len[seat]);

          gtk_widget_set_margin_start (list, 6);
          gtk_widget_set_margin_end (list, 6);
          gtk_widget_set_tooltip_text (list, _("The last token is the top of the pile"));
          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), list);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (list_row), _("Pile"));
          adw_preferences_group_add (group, list_row);
        }
      gtk_box_append (GTK_BOX (self->hands_box), GTK_WIDGET (group));
    }
}

/* "editor.deck" (index to take out, or -1 - weather to add). */
static void
deck_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  IslePosition position = get_position (self);
  int change = g_variant_get_int32 (parameter);

  (void) name;
  begin_edit (self);
  position.has_deck = TRUE;
  if (change >= 0 && change < position.deck_len)
    {
      memmove (position.deck + change, position.deck + change + 1, (size_t) (position.deck_len - change - 1));
      position.deck_len--;
    }
  else if (change < 0 && -change - 1 < ISLE_N_WEATHER && position.deck_len < ISLE_MAX_WEATHER_CARDS)
    position.deck[position.deck_len++] = (uint8_t) (-change - 1);
  set_position (self, &position);
  end_edit (self);
}

/* R6.1: the weather cards left in the deck, top first. */
static void
show_deck (IsleEditorWindow *self, const IslePosition *position)
{
  GtkWidget *cards = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *adds = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  clear_children (self->deck_box);
  if (!position->has_deck)
    return;
  for (int i = 0; i < position->deck_len; i++)
    {
      GtkWidget *button = gtk_button_new ();
      g_autofree char *tip = g_strdup_printf (_("Take out this %s card"), isle_words_weather (position->deck[i]));

      gtk_button_set_child (GTK_BUTTON (button), isle_token_icon_new_weather ((IsleWeather) position->deck[i], 48));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.deck");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", i);
      gtk_box_append (GTK_BOX (cards), button);
    }
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    {
      /* Translators: adds a weather card at the bottom of the deck */
      g_autofree char *label = g_strdup_printf (_("+ %s"), isle_words_weather (w));
      GtkWidget *button = gtk_button_new_with_label (label);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.deck");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", -w - 1);
      gtk_box_append (GTK_BOX (adds), button);
    }
  gtk_box_append (GTK_BOX (self->deck_box), cards);
  gtk_box_append (GTK_BOX (self->deck_box), adds);
}

static void
on_hint_changed (GtkEditable *entry, IsleEditorWindow *self)
{
  const char *const *old = isle_scenario_get_hints (self->scenario);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) hints = NULL;
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "index"));

  if (self->updating)
    return;
  for (int i = 0; old != NULL && old[i] != NULL; i++)
    g_strv_builder_add (builder, i == index ? gtk_editable_get_text (entry) : old[i]);
  hints = g_strv_builder_end (builder);
  begin_typing (self, entry);
  isle_scenario_set_hints (self->scenario, (const char *const *) hints);
  end_edit (self);
}

/* "editor.hint" (index to remove, or -1 to add an empty one). */
static void
hint_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (widget);
  const char *const *old = isle_scenario_get_hints (self->scenario);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) hints = NULL;
  int index = g_variant_get_int32 (parameter);

  (void) name;
  for (int i = 0; old != NULL && old[i] != NULL; i++)
    if (i != index)
      g_strv_builder_add (builder, old[i]);
  if (index < 0)
    g_strv_builder_add (builder, _("A hint"));
  hints = g_strv_builder_end (builder);
  begin_edit (self);
  isle_scenario_set_hints (self->scenario, (const char *const *) hints);
  end_edit (self);
}

static void
show_hints (IsleEditorWindow *self)
{
  const char *const *hints = isle_scenario_get_hints (self->scenario);
  guint n = hints != NULL ? g_strv_length ((char **) hints) : 0;
  GtkWidget *add;

  /* As many rows as hints (and the Add button): only their text may have
   * changed, and rows being typed in must stay. */
  if (self->n_hint_rows == n && gtk_widget_get_first_child (self->hints_box) != NULL)
    {
      GtkWidget *row = gtk_widget_get_first_child (self->hints_box);

      for (guint i = 0; i < n; i++, row = gtk_widget_get_next_sibling (row))
        if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), hints[i]) != 0)
          gtk_editable_set_text (GTK_EDITABLE (row), hints[i]);
      return;
    }
  clear_children (self->hints_box);
  self->n_hint_rows = n;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_entry_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      /* Translators: "Hint 1" */
      g_autofree char *title = g_strdup_printf (_("Hint %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_editable_set_text (GTK_EDITABLE (row), hints[i]);
      g_object_set_data (G_OBJECT (row), "index", GINT_TO_POINTER (i));
      g_signal_connect (row, "changed", G_CALLBACK (on_hint_changed), self);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove the hint"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "editor.hint");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "i", (int) i);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), remove);
      gtk_list_box_append (GTK_LIST_BOX (self->hints_box), row);
    }
  add = gtk_button_new_with_mnemonic (_("_Add a Hint"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "editor.hint");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (add), "i", -1);
  gtk_widget_set_margin_top (add, 6);
  gtk_widget_set_margin_bottom (add, 6);
  gtk_list_box_append (GTK_LIST_BOX (self->hints_box), add);
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
  IslePosition position = get_position (self);
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
  show_hands (self, &position);
  show_deck (self, &position);

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
  for (guint i = 0; i < G_N_ELEMENTS (goal_types); i++)
    if (goal_types[i] == goal.type)
      set_combo (self, F_GOAL_TYPE, i);
  set_spin (self, F_GOAL_VALUE, goal.value);
  gtk_widget_set_visible (self->rows[F_GOAL_VALUE], goal.type != ISLE_GOAL_NONE && goal.type != ISLE_GOAL_WIN_GAME);
  set_combo (self, F_PLAYER, (guint) isle_scenario_get_player (self->scenario));
  for (int i = 0; i < levels_n; i++)
    if (opponent != NULL && isle_player_spec_equal (levels[i].id, opponent))
      set_combo (self, F_OPPONENT, (guint) i);
  /* Translators: how long the stored solution is */
  moves = n > 0 ? g_strdup_printf (ngettext ("%u move", "%u moves", n), n)
                : g_strdup (_("None yet: meet the goal in Test Play to keep your moves"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->solution_row), moves);
  show_hints (self);
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
static void
show_scenario (IsleEditorWindow *self)
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
            g_autofree char *name = seat_name (self, seat);

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
  update_title (self);
  check (self);
}

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

/* Checks the scenario: lists the problems, marks the rows and tiles they
 * are about, and says whether it can be played and saved. */
static void
check (IsleEditorWindow *self)
{
  GtkWidget *child;
  uint64_t bad_cells = 0;
  g_autofree char *summary = NULL;
  guint n;

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
      GtkWidget *item = adw_action_row_new ();

      g_autofree char *tip = problem_tooltip (problem);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (item), problem->message);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (item), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (item), problem->path[0] ? problem->path : _("the file"));
      adw_action_row_add_prefix (ADW_ACTION_ROW (item), gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
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
  isle_board_view_set_highlight (self->board, bad_cells, -1);
  if (n == 0)
    summary = g_strdup (_("No problems: the scenario can be played and saved."));
  else
    summary = g_strdup_printf (ngettext ("%u problem to fix before it can be played",
                                            "%u problems to fix before it can be played", n), n);
  gtk_label_set_text (self->problems_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->problems), n > 0);
  if (n == 0)
    gtk_expander_set_expanded (self->problems_expander, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.test-play", n == 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.add-to-puzzles", n == 0);
}

/* ---- the pages ----------------------------------------------------------- */

/* LIST (NULL-terminated, N_() strings) translated into OUT (N entries). */
static const char *const *
translate_list (const char *const *list, const char **out, gsize n)
{
  gsize i;

  for (i = 0; list[i] != NULL && i + 1 < n; i++)
    out[i] = _(list[i]);
  out[i] = NULL;
  return out;
}

static void
build_pages (IsleEditorWindow *self)
{
  static const char *const variants[] = { N_("Basic Game"), N_("Weather Game"), N_("Mercenary Game"),
                                          N_("Quick Game"), N_("Team Game"), NULL };
  static const char *const weathers[] = { N_("Sunny"), N_("Cloudy"), N_("Foggy"), NULL };
  static const char *const quadrants[] = { N_("North-West Quarter"), N_("North-East Quarter"),
                                           N_("South-West Quarter"), N_("South-East Quarter") };
  static const char *const difficulties[] = { N_("Not a Puzzle"), N_("Easy"), N_("Medium"), N_("Hard"), NULL };
  static const char *const goals[] = { N_("No Goal: Play It Out"), N_("Win the Game"),
                                       N_("Score Points This Round"), N_("Win This Round by Points"),
                                       N_("Make a Line"), N_("Have Coins After This Round"), NULL };
  static const char *const hands[] = { N_("Choose"), N_("Deal"), NULL };
  static const char *const lifts[] = { N_("Filler"), N_("Next Player"), NULL };
  const char *translated[8];
  AdwPreferencesPage *page;
  AdwPreferencesGroup *group;
  int levels_n;
  const IsleAiLevel *levels = isle_ai_levels (&levels_n);
  g_autoptr (GPtrArray) level_names = g_ptr_array_new_with_free_func (g_free);

#define TR(list) translate_list ((list), translated, G_N_ELEMENTS (translated))

  /* The game. */
  page = add_page (self, "game", _("Game"), "applications-games-symbolic");
  group = add_group (page, _("The Game"), NULL);
  combo_row (self, group, F_VARIANT, "variant", _("Variant"), NULL, TR (variants));
  combo_row (self, group, F_PLAYER, "player", _("The Player Plays"), _("The seat of whoever opens the scenario"),
             (const char *const[]) { "", NULL });
  for (int i = 0; i < levels_n; i++)
    g_ptr_array_add (level_names, isle_settings_player_name (levels[i].id));
  g_ptr_array_add (level_names, NULL);
  combo_row (self, group, F_OPPONENT, "opponent", _("Opponent"), _("Always a built-in player"),
             (const char *const *) level_names->pdata);
  combo_row (self, group, F_FIRST_SEAT, "first_seat", _("Who Starts"), _("Plays first in the first round"),
             (const char *const[]) { "", NULL });
  switch_row (self, group, F_PRESET, "start", _("Start from a Position"),
              _("Set up the island, hands and scores below; otherwise the game starts from the beginning"));

  /* The position. */
  page = add_page (self, "position", _("Position"), "view-grid-symbolic");
  group = add_group (page, _("Where the Game Stands"), NULL);
  self->position_group[0] = GTK_WIDGET (group);
  spin_row (self, group, F_ROUND, "start.round", _("Round"), NULL, 1, ISLE_MAX_ROUNDS);
  combo_row (self, group, F_START_FIRST_SEAT, "start.first_seat", _("First in This Round"), NULL,
             (const char *const[]) { "", NULL });
  combo_row (self, group, F_TO_MOVE, "start.to_move", _("To Move"), NULL, (const char *const[]) { "", NULL });
  combo_row (self, group, F_WEATHER, "start.weather", _("Weather"), _("The card in play this round"), TR (weathers));
  self->board_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->board_row), _("The Island"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->board_row), _("Set it up with the palette under it"));
  adw_preferences_group_add (group, self->board_row);
  for (int q = 0; q < 4; q++)
    switch_row (self, group, F_FOG_FIRST + q, "start.board", _(quadrants[q]), _("Under a fog board"));
  group = add_group (page, _("Points and Coins"), _("From the rounds before this one"));
  self->position_group[1] = GTK_WIDGET (group);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_autofree char *points = g_strdup_printf (_("%s's Points"), isle_words_side (side));
      g_autofree char *coins = g_strdup_printf (_("%s's Coins"), isle_words_side (side));

      spin_row (self, group, F_SCORE_FIRST + side, "start.scores", points, NULL, 0, 999);
      spin_row (self, group, F_COINS_FIRST + side, "start.coins", coins, NULL, 0, 9999);
    }
  group = add_group (page, _("Hired Mercenaries"), _("Each takes the place of a basic token of its side"));
  self->position_group[2] = GTK_WIDGET (group);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int i = 0; i < N_MERCENARIES; i++)
      {
        IsleKind kind = (IsleKind) (ISLE_FIRST_MERCENARY + i);
        /* Translators: "Red's Fox" */
        g_autofree char *title = g_strdup_printf (_("%s's %s"), isle_words_side (side), isle_words_kind (kind));
        GtkWidget *row = spin_row (self, group, F_HIRED_FIRST + side * N_MERCENARIES + i, "start.hired",
                                   title, NULL, 0, isle_kind_info (kind)->supply);

        adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new (kind, side, 28));
      }
  group = add_group (page, _("Weather Deck"), _("The cards left, top first"));
  self->position_group[3] = GTK_WIDGET (group);
  switch_row (self, group, F_RANDOM_DECK, "start.deck", _("Shuffled at Random"),
              _("The rules' deck less the cards of this and earlier rounds"));
  self->deck_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (self->deck_box, 6);
  adw_preferences_group_add (group, self->deck_box);
  self->hands_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  {
    AdwPreferencesGroup *holder = add_group (page, _("Hands and Piles"), NULL);

    adw_preferences_group_add (holder, self->hands_box);
  }

  /* The rules. */
  page = add_page (self, "rules", _("Rules"), "accessories-text-editor-symbolic");
  group = add_group (page, _("Points for a Line"), _("By its length"));
  set_rules_tooltip (GTK_WIDGET (group), "R7.1");
  for (int length = 3; length <= ISLE_BOARD_SIZE; length++)
    {
      /* Translators: "A line of 4" */
      g_autofree char *title = g_strdup_printf (_("A Line of %d"), length);
      g_autofree char *path = g_strdup_printf ("rules.line_score.%d", length);

      spin_row (self, group, F_LINE_FIRST + length - 3, g_intern_string (path), title, NULL, 0, 999);
    }
  group = add_group (page, _("Options"), NULL);
  combo_row (self, group, F_OPENING_HAND, "rules.options.opening_hand", _("Opening Hand"), NULL, TR (hands));
  combo_row (self, group, F_FOG_LIFT, "rules.options.fog_lift", _("Fog Lifted By"), NULL, TR (lifts));
  combo_row (self, group, F_QUICK_WEATHER, "rules.options.quick_weather", _("Quick Game Weather"), NULL, TR (weathers));
  switch_row (self, group, F_STRICT, "rules.options.strict_memory", _("Strict Memory"),
              _("Never show the kinds of your own face-down tokens"));
  spin_row (self, group, F_ROUNDS, "rules.rounds", _("Rounds"), _("In this variant"), 1, ISLE_MAX_ROUNDS);
  spin_row (self, group, F_EXTRA_ROUNDS, "rules.max_extra_rounds", _("Extra Rounds After a Tie"), NULL, 0, 3);
  spin_row (self, group, F_QUICK_COINS, "rules.quick_start_coins", _("Starting Coins"), _("Quick game"), 0, 999);
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    {
      g_autofree char *title = g_strdup_printf (_("%s Cards"), _(weathers[w]));

      spin_row (self, group, F_DECK_FIRST + w, "rules.weather_deck", title, _("In the weather deck"), 0,
                ISLE_MAX_WEATHER_CARDS);
    }
  group = add_group (page, _("Hire Costs"), _("In coins"));
  set_rules_tooltip (GTK_WIDGET (group), "R2");
  for (int i = 0; i < N_MERCENARIES; i++)
    {
      IsleKind kind = (IsleKind) (ISLE_FIRST_MERCENARY + i);
      g_autofree char *path = g_strdup_printf ("rules.hire_cost.%s", isle_kind_info (kind)->id);
      GtkWidget *row = spin_row (self, group, F_COST_FIRST + i, g_intern_string (path), isle_words_kind (kind),
                                 NULL, 0, 999);

      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new (kind, ISLE_SIDE_RED, 28));
    }

  /* The goal. */
  page = add_page (self, "goal", _("Goal"), GOAL_ICON_NAME);
  group = add_group (page, _("Goal"), _("What the player must do"));
  combo_row (self, group, F_GOAL_TYPE, "goal", _("Goal"), NULL, TR (goals));
  spin_row (self, group, F_GOAL_VALUE, "goal.value", _("How Much"), _("Points, a lead, a line's length or coins"), 0, 999);
  self->solution_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->solution_row), _("Solution"));
  adw_preferences_group_add (group, self->solution_row);
  group = add_group (page, _("Hints"), _("Shown one at a time when the player asks"));
  self->hints_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->hints_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->hints_box, "boxed-list");
  adw_preferences_group_add (group, self->hints_box);

  /* The details. */
  page = add_page (self, "details", _("Details"), "document-properties-symbolic");
  group = add_group (page, _("About the Scenario"), NULL);
  entry_row (self, group, F_TITLE, "title", _("Title"));
  entry_row (self, group, F_AUTHOR, "author", _("Author"));
  combo_row (self, group, F_DIFFICULTY, "difficulty", _("Difficulty"), NULL, TR (difficulties));
  group = add_group (page, _("Description"), _("What the player reads first: what to achieve and why it is not easy"));
  self->description_view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->description_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_widget_set_size_request (self->description_view, -1, 120);
  gtk_widget_add_css_class (self->description_view, "card");
  gtk_widget_set_name (self->description_view, "field-description");
  g_signal_connect (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description_view)), "changed",
                    G_CALLBACK (on_description_changed), self);
  self->description_row = self->description_view;
  adw_preferences_group_add (group, self->description_view);
#undef TR
}

/* ---- files --------------------------------------------------------------- */

static void
load_scenario (IsleEditorWindow *self, IsleScenario *scenario, const char *path)
{
  g_set_object (&self->scenario, scenario);
  g_free (self->path);
  self->path = g_strdup (path);
  self->modified = FALSE;
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  fill_palette (self);
  show_scenario (self);
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
    gtk_expander_set_expanded (self->problems_expander, TRUE);
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

typedef struct
{
  IsleEditorWindow *self;
  Then then;
  gpointer data;               /* THEN owns it; freed with FREE_DATA if THEN never runs */
  GDestroyNotify free_data;
  const char *response;        /* the dialog's answer (interned) */
} Pending;

static Pending pending_after_save;

static void
run_pending (IsleEditorWindow *self)
{
  Pending p = pending_after_save;

  pending_after_save.then = NULL;
  if (p.then != NULL && p.self == self)
    p.then (self, p.data);
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
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (pending_after_save.then != NULL && pending_after_save.free_data != NULL)
        pending_after_save.free_data (pending_after_save.data);
      pending_after_save = *pending;
      save (self, run_pending);
    }
  else if (pending->free_data != NULL)
    pending->free_data (pending->data);
  g_free (pending);
}

static void
on_unsaved_response (GObject *dialog, const char *response, Pending *pending)
{
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
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwAlertDialog *dialog = ADW_ALERT_DIALOG (adw_alert_dialog_new (heading, body));

    adw_alert_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
    adw_alert_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_alert_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
    adw_alert_dialog_set_default_response (dialog, "save");
    adw_alert_dialog_set_close_response (dialog, "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_unsaved_response), pending);
    adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (self));
  }
#else /* AdwMessageDialog: libadwaita 1.2 */
  {
    AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));

    adw_message_dialog_add_responses (dialog,
                                      "cancel", _("_Cancel"),
                                      "discard", _("_Discard"),
                                      "save", _("_Save"),
                                      NULL);
    adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
    adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
    adw_message_dialog_set_default_response (dialog, "save");
    adw_message_dialog_set_close_response (dialog, "cancel");
    g_signal_connect (dialog, "response", G_CALLBACK (on_unsaved_response), pending);
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
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
    self->modified = TRUE, update_title (self);
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
  fill_palette (self);
  show_scenario (self);
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

/* Narrow windows put the pages under the island. */
static void
on_width_changed (IsleEditorWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  width < 820 ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
}

static void
isle_editor_window_dispose (GObject *object)
{
  IsleEditorWindow *self = ISLE_EDITOR_WINDOW (object);

  if (pending_after_save.self == self)
    pending_after_save.then = NULL;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->problems_now, g_ptr_array_unref);
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
      set_tool (self, g_value_get_string (value));
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

  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/critterisle/CritterIsle/isle-editor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, main_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, side_box);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, board);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, tool_label);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, face_down_check);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, turned_check);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems_expander);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems_label);
  gtk_widget_class_bind_template_child (widget_class, IsleEditorWindow, problems);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_problem_activated);

  gtk_widget_class_install_property_action (widget_class, "editor.tool", "tool");
  gtk_widget_class_install_action (widget_class, "editor.remove-token", "(iii)", remove_token_action);
  gtk_widget_class_install_action (widget_class, "editor.add-token", "(iii)", add_token_action);
  gtk_widget_class_install_action (widget_class, "editor.deck", "i", deck_action);
  gtk_widget_class_install_action (widget_class, "editor.hint", "i", hint_action);
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
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  ensure_icon_resource_path (gtk_widget_get_display (GTK_WIDGET (self)));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->undo = g_ptr_array_new_with_free_func (g_object_unref);
  self->redo = g_ptr_array_new_with_free_func (g_object_unref);
  self->cancellable = g_cancellable_new ();
  self->scenario = isle_scenario_new ();
  self->tool = TOOL_TOKEN;
  self->tool_kind = ISLE_KIND_WOLF;
  self->tool_id = g_strdup ("W0");
  isle_board_view_set_animate (self->board, FALSE);
  isle_board_view_set_editable (self->board, TRUE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_board_secondary), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (secondary));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_board_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);
  {
    GtkDropTarget *tool_drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);

    g_signal_connect (tool_drop, "drop", G_CALLBACK (on_tool_dropped), self);
    gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (tool_drop));
  }
  g_signal_connect (drop, "drop", G_CALLBACK (on_file_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (on_width_changed), self);
  on_width_changed (self);

  build_pages (self);
  fill_palette (self);
  show_scenario (self);
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
  update_title (self);
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
  update_title (self);
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

  begin_edit (self);
  isle_scenario_set_solution (self->scenario, actions);
  end_edit (self);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Your moves are kept as the solution")));
}
