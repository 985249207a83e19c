/* isle-editor-lists.c — the editor's lists of a start position and a
 * puzzle: each seat's hand and pile (R4.4, R11), the weather deck left
 * (R6.1) and the hints, with the actions that add to them and take out of
 * them. A part of IsleEditorWindow (isle-editor-window-private.h).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-editor-window-private.h"
#include "isle-token-art.h"
#include "isle-words.h"

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
  IslePosition position = isle_editor_window_get_position (self);
  uint8_t *items = list == LIST_HAND ? position.hand[seat] : position.pile[seat];
  uint8_t *len = list == LIST_HAND ? &position.hand_len[seat] : &position.pile_len[seat];
  int cap = list == LIST_HAND ? ISLE_HAND_MAX : ISLE_PILE_MAX;

  if (seat < 0 || seat >= ISLE_MAX_SEATS)
    return;
  isle_editor_window_begin_edit (self);
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
  isle_editor_window_set_position (self, &position);
  isle_editor_window_end_edit (self);
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
void
isle_editor_window_show_hands (IsleEditorWindow *self, const IslePosition *position)
{
  clear_children (self->hands_box);
  for (int seat = 0; seat < isle_scenario_get_n_seats (self->scenario); seat++)
    {
      AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      g_autofree char *name = isle_editor_window_seat_name (self, seat);
      /* Translators: "Red's hand and pile" */
      g_autofree char *title = g_strdup_printf (_("%s's Hand and Pile"), name);
      g_autofree char *hand_path = g_strdup_printf ("start.hands[%d]", seat);
      g_autofree char *pile_path = g_strdup_printf ("start.piles[%d]", seat);
      GtkWidget *row;

      adw_preferences_group_set_title (group, title);
      row = isle_editor_window_switch_row (self, group, F_RANDOM_HAND_FIRST + seat, g_intern_string (hand_path),
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
      isle_editor_window_switch_row (self, group, F_RANDOM_PILE_FIRST + seat, g_intern_string (pile_path),
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
  IslePosition position = isle_editor_window_get_position (self);
  int change = g_variant_get_int32 (parameter);

  (void) name;
  isle_editor_window_begin_edit (self);
  position.has_deck = TRUE;
  if (change >= 0 && change < position.deck_len)
    {
      memmove (position.deck + change, position.deck + change + 1, (size_t) (position.deck_len - change - 1));
      position.deck_len--;
    }
  else if (change < 0 && -change - 1 < ISLE_N_WEATHER && position.deck_len < ISLE_MAX_WEATHER_CARDS)
    position.deck[position.deck_len++] = (uint8_t) (-change - 1);
  isle_editor_window_set_position (self, &position);
  isle_editor_window_end_edit (self);
}

/* R6.1: the weather cards left in the deck, top first. */
void
isle_editor_window_show_deck (IsleEditorWindow *self, const IslePosition *position)
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
  isle_editor_window_begin_typing (self, entry);
  isle_scenario_set_hints (self->scenario, (const char *const *) hints);
  isle_editor_window_end_edit (self);
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
  isle_editor_window_begin_edit (self);
  isle_scenario_set_hints (self->scenario, (const char *const *) hints);
  isle_editor_window_end_edit (self);
}

void
isle_editor_window_show_hints (IsleEditorWindow *self)
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

void
isle_editor_window_install_lists (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "editor.remove-token", "(iii)", remove_token_action);
  gtk_widget_class_install_action (widget_class, "editor.add-token", "(iii)", add_token_action);
  gtk_widget_class_install_action (widget_class, "editor.deck", "i", deck_action);
  gtk_widget_class_install_action (widget_class, "editor.hint", "i", hint_action);
}
