/* isle-editor-palette.c — the editor's island and its palette: a token of
 * a seat, fog or the eraser, used on the tiles by click, Enter, drag and
 * drop, right-click or Delete. The engine shapes each edit by the rules
 * (isle_position_put_token() and the fog calls). A part of
 * IsleEditorWindow (isle-editor-window-private.h).
 */
#include "config.h"

#include <stdlib.h>

#include <glib/gi18n.h>

#include "isle-board-tile.h"
#include "isle-editor-window-private.h"
#include "isle-token-art.h"
#include "isle-words.h"

/* ---- the island ---------------------------------------------------------- */

/* The palette's tool used on CELL. */
static void
use_tool (IsleEditorWindow *self, int cell, Tool tool)
{
  IslePosition position = isle_editor_window_get_position (self);

  isle_editor_window_begin_edit (self);
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
  isle_editor_window_set_position (self, &position);
  isle_editor_window_end_edit (self);
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

char *
isle_editor_window_seat_name (IsleEditorWindow *self, int seat)
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
        g_autofree char *seat = isle_editor_window_seat_name (self, self->tool_seat);

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

static char *
seat_page_name (int seat)
{
  return g_strdup_printf ("seat-%d", seat);
}

/* The palette shows the tokens of the tool's seat. */
static void
show_seat_palette (IsleEditorWindow *self)
{
  g_autofree char *name = seat_page_name (self->tool_seat);

  if (self->seat_palettes != NULL && self->tool == TOOL_TOKEN)
    gtk_stack_set_visible_child_name (self->seat_palettes, name);
}

/* The colour switch: another seat's tokens shown, a token tool becomes the
 * same kind of that seat. */
static void
on_seat_shown (GtkStack *stack, GParamSpec *pspec, IsleEditorWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (stack);
  int seat = name != NULL && g_str_has_prefix (name, "seat-") ? atoi (name + 5) : -1;

  (void) pspec;
  if (seat >= 0 && self->tool == TOOL_TOKEN && seat != self->tool_seat)
    {
      char tool[3] = { isle_kind_info (self->tool_kind)->code, (char) ('0' + seat), 0 };

      g_object_set (self, "tool", tool, NULL);
    }
}

/* The "tool" property (and the stateful "editor.tool" action, so the
 * palette shows the tool in use): "W0" (a kind's code and a seat), "fog"
 * or "erase". TRUE if it is a tool (the window then notifies). */
gboolean
isle_editor_window_set_tool (IsleEditorWindow *self, const char *tool)
{
  if (tool == NULL)
    return FALSE;
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
    return FALSE;
  g_free (self->tool_id);
  self->tool_id = g_strdup (tool);
  show_tool (self);
  show_seat_palette (self);
  return TRUE;
}

/* How big the palette draws its tokens and tool icons: big enough to tell
 * the kinds apart at a glance (issue 19: at least 32 px; a token's disc
 * takes 84% of its place). */
#define PALETTE_ICON_SIZE 40

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

/* Fog and the eraser and a colour switch (beside them where they fit),
 * then the tokens of the seat the switch shows, one seat at a time: every kind fits the narrowest window in three rows, and both
 * colours are a click away without scrolling at 800 × 600 (issue 27: the
 * Blue row was below the fold). */
void
isle_editor_window_fill_palette (IsleEditorWindow *self)
{
  GtkWidget *child;
  GtkWidget *tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *seats = gtk_stack_new ();
  GtkWidget *colours = gtk_stack_switcher_new ();
  GtkWidget *top = gtk_flow_box_new ();   /* the tools beside the colours where they fit */

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->palette))) != NULL)
    gtk_box_remove (self->palette, child);
  self->seat_palettes = NULL;
  gtk_box_append (GTK_BOX (tools),
                  tool_button (tool_card (FOG_ICON_NAME, _("_Fog")), "fog",
                               _("Fog boards: cover or uncover a quarter")));
  gtk_box_append (GTK_BOX (tools),
                  tool_button (tool_card (ERASER_ICON_NAME, _("_Eraser")), "erase",
                               _("Eraser: empty a tile")));
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (top), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (top), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (top), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (top), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (top), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Tools"), -1);
  gtk_flow_box_append (GTK_FLOW_BOX (top), tools);
  gtk_flow_box_append (GTK_FLOW_BOX (top), colours);
  /* The flow box's cells, by what they hold (GTK reads "GtkFlowBoxChild"). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (tools)), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Fog and Eraser"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (colours)), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Colour"), -1);
  gtk_box_append (self->palette, top);
  gtk_stack_set_transition_type (GTK_STACK (seats), GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (colours), GTK_STACK (seats));
  gtk_widget_set_halign (colours, GTK_ALIGN_START);
  gtk_widget_set_valign (colours, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (colours, "palette-colours");
  gtk_accessible_update_property (GTK_ACCESSIBLE (colours), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Colour"), -1);
  for (int seat = 0; seat < isle_scenario_get_n_seats (self->scenario); seat++)
    {
      GtkWidget *row = gtk_flow_box_new ();
      g_autofree char *name = isle_editor_window_seat_name (self, seat);
      g_autofree char *page = seat_page_name (seat);

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), ISLE_N_KINDS);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (row), 5);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 0);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 0);
      gtk_widget_add_css_class (row, "palette");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
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
      gtk_stack_add_titled (GTK_STACK (seats), row, page, name);
    }
  gtk_box_append (self->palette, seats);
  self->seat_palettes = GTK_STACK (seats);
  if (self->tool_seat >= isle_scenario_get_n_seats (self->scenario))
    self->tool_seat = 0;
  show_seat_palette (self);
  g_signal_connect (seats, "notify::visible-child-name", G_CALLBACK (on_seat_shown), self);
  show_tool (self);
}

/* Right-click and Delete erase; a palette item may be dropped on a tile. */
void
isle_editor_window_connect_board (IsleEditorWindow *self)
{
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkDropTarget *tool_drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_board_secondary), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (secondary));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_board_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);
  g_signal_connect (tool_drop, "drop", G_CALLBACK (on_tool_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (tool_drop));
}

/* After the template and the "tool" property. */
void
isle_editor_window_install_palette (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_install_property_action (widget_class, "editor.tool", "tool");
}
