/* isle-choice-panel.c — the game page's choices beside the map: pictures
 * for the opening-hand picks (R4.2), the weather cards (R6.1) and the
 * replacement (R8.1), the hiring market with the coins left (R9.3), and
 * buttons for the rest (fog lifts, Prairie Dog swaps, passes, "Done
 * hiring"), which are also what the keyboard and screen readers use for
 * choices made on the map.
 *
 * A decision that goes on over several clicks (five picks, several hires)
 * keeps the same widgets: a kind that runs out is greyed out with "0
 * left", a hired mercenary is marked, and nothing is added, removed or
 * moved, so a quick second click lands where the first did and a scrolled
 * list stays where it was. Widgets are rebuilt only when the choices
 * themselves change. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "isle-choice-panel.h"
#include "isle-token-art.h"
#include "isle-words.h"

/* More choices than any decision but a placement has. */
#define MAX_SHOWN 64

struct _IsleChoicePanel
{
  GtkBox parent_instance;

  GtkWidget *face_down;      /* R6.4 check button */
  GtkWidget *note;           /* a line on the choice in progress */
  GtkWidget *coins;          /* R9.3: coins left to the hiring side */
  GtkWidget *market;         /* R9.3: the list of mercenaries, or NULL */
  GtkWidget *pictures;       /* a grid of pictures, or NULL */
  GtkWidget *buttons;        /* a box of buttons */

  /* What the pictures, market and buttons were built for: a decision of
   * SEAT in PHASE of a round, with the mercenaries hired before it. */
  int phase;
  int seat;
  int round;
  uint8_t hired[ISLE_N_SIDES][ISLE_N_KINDS];
  int n_pictures;
  IsleAction picture_actions[MAX_SHOWN];
  GtkWidget *picture_buttons[MAX_SHOWN];
  int n_buttons;
  IsleAction button_actions[MAX_SHOWN];
  GtkWidget *button_widgets[MAX_SHOWN];
  GtkWidget *market_rows[ISLE_N_KINDS];
  GtkWidget *market_marks[ISLE_N_KINDS];
  GtkWidget *market_hints[ISLE_N_KINDS];

  gboolean updating;         /* show() sets the check button */
};

G_DEFINE_FINAL_TYPE (IsleChoicePanel, isle_choice_panel, GTK_TYPE_BOX)

enum
{
  CHOSEN,
  FACE_DOWN_TOGGLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
choose (IsleChoicePanel *self, GtkWidget *widget)
{
  IsleAction a = (IsleAction) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "action"));

  g_signal_emit (self, signals[CHOSEN], 0, (guint) a, (guint) self->phase);
}

static void
on_button_clicked (GtkButton *button, IsleChoicePanel *self)
{
  choose (self, GTK_WIDGET (button));
}

static void
on_row_activated (AdwActionRow *row, IsleChoicePanel *self)
{
  choose (self, GTK_WIDGET (row));
}

static void
on_face_down_toggled (GtkCheckButton *button, IsleChoicePanel *self)
{
  if (!self->updating)
    g_signal_emit (self, signals[FACE_DOWN_TOGGLED], 0, gtk_check_button_get_active (button));
}

static void
set_suggested (GtkWidget *widget, gboolean suggested)
{
  if (suggested)
    gtk_widget_add_css_class (widget, "suggested-action");
  else
    gtk_widget_remove_css_class (widget, "suggested-action");
}

/* A button label for a choice that is not made on the map alone. */
static char *
choice_label (const IsleState *s, IsleAction a)
{
  char c1[3], c2[3];

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_KEEP:
      return g_strdup_printf (_("Keep the %s card"), isle_words_weather (isle_action_arg (a)));
    case ISLE_ACTION_PICK:
      return g_strdup_printf (_("Take a %s"), isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_LIFT:
      return g_strdup_printf (_("Lift the fog in the %s"), isle_words_quadrant (isle_action_arg (a)));
    case ISLE_ACTION_DONE:
      return g_strdup (_("Done hiring"));
    case ISLE_ACTION_REPLACE:
      return g_strdup_printf (_("Replace it with a %s"), isle_words_kind (isle_action_kind (a)));
    case ISLE_ACTION_PASS:
      return g_strdup (s->phase == ISLE_PHASE_HOP ? _("Leave the Frog where it is")
                                                   : _("Swap nothing"));
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        return g_strdup_printf (_("Swap %s and %s"), isle_cell_name (isle_action_cell (a), c1),
                                isle_cell_name (isle_action_cell2 (a), c2));
      return NULL;
    default:
      return NULL;   /* chosen on the map only */
    }
}

/* How many tokens of KIND are in SEAT's pile (the seat's own, R12). */
static int
pile_count (const IsleState *s, int seat, IsleKind kind)
{
  int n = 0;

  for (int i = 0; i < s->pile_len[seat]; i++)
    n += s->pile[seat][i] == kind;
  return n;
}

static int
hand_count (const IsleState *s, int seat, IsleKind kind)
{
  int n = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    n += s->hand[seat][i] == kind;
  return n;
}

/* ---- pictures: opening hand, weather, replacement ------------------------ */

/* The choices shown as pictures now. R4.2: every kind the seat chooses its
 * hand from, those run out too, so that the grid keeps its places. */
static int
picture_actions (const IsleState *s, const IsleActionList *list, IsleAction *out)
{
  int seat = isle_state_to_move (s), n = 0;

  if (s->phase == ISLE_PHASE_HAND)
    {
      for (int kind = 0; kind < ISLE_N_KINDS && n < MAX_SHOWN; kind++)
        if (pile_count (s, seat, (IsleKind) kind) + hand_count (s, seat, (IsleKind) kind) > 0)
          out[n++] = isle_action_pick ((IsleKind) kind);
      return n;
    }
  if (s->phase == ISLE_PHASE_WEATHER || s->phase == ISLE_PHASE_REPLACE)
    for (int i = 0; i < list->n && n < MAX_SHOWN; i++)
      out[n++] = list->actions[i];
  return n;
}

/* The small line under a picture: how many are left in the pile (R4.2). */
static GtkLabel *
picture_detail (GtkWidget *button)
{
  GtkWidget *card = gtk_button_get_child (GTK_BUTTON (button));

  return GTK_LABEL (gtk_widget_get_last_child (card));
}

static GtkWidget *
picture_button (IsleChoicePanel *self, const IsleState *s, IsleAction a)
{
  int seat = isle_state_to_move (s);
  GtkWidget *button = gtk_button_new ();
  g_autofree char *tip = choice_label (s, a);
  GtkWidget *icon;
  const char *name;
  gboolean pick = isle_action_type (a) == ISLE_ACTION_PICK;

  if (isle_action_type (a) == ISLE_ACTION_KEEP)
    {
      icon = isle_token_icon_new_weather ((IsleWeather) isle_action_arg (a), 96);
      name = isle_words_weather (isle_action_arg (a));
    }
  else
    {
      icon = isle_token_icon_new (isle_action_kind (a), isle_seat_side (seat), 44);
      name = isle_words_kind (isle_action_kind (a));
    }
  /* The count is filled in by update_pictures(). */
  gtk_button_set_child (GTK_BUTTON (button), isle_token_card_new (icon, name, pick ? "" : NULL));
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (a));
  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), self);
  return button;
}

static void
update_pictures (IsleChoicePanel *self, const IsleChoiceView *view)
{
  const IsleState *s = view->state;
  int seat = isle_state_to_move (s);

  for (int i = 0; i < self->n_pictures; i++)
    {
      IsleAction a = self->picture_actions[i];
      GtkWidget *button = self->picture_buttons[i];

      /* R4.2: a kind run out stays, greyed out, in its place. */
      gtk_widget_set_sensitive (button, isle_state_is_legal (s, a));
      set_suggested (button, a == view->hint);
      if (isle_action_type (a) == ISLE_ACTION_PICK)
        {
          /* Translators: how many of a kind are left in the pile */
          g_autofree char *left = g_strdup_printf (_("%d left"), pile_count (s, seat, isle_action_kind (a)));

          gtk_label_set_text (picture_detail (button), left);
        }
    }
}

static void
show_pictures (IsleChoicePanel *self, const IsleChoiceView *view, const IsleActionList *list, gboolean fresh)
{
  IsleAction actions[MAX_SHOWN];
  int n = picture_actions (view->state, list, actions);

  if (!fresh && n == self->n_pictures && memcmp (actions, self->picture_actions, sizeof actions[0] * n) == 0)
    {
      update_pictures (self, view);
      return;
    }
  if (self->pictures != NULL)
    gtk_box_remove (GTK_BOX (self), self->pictures);
  self->pictures = NULL;
  self->n_pictures = 0;
  if (n == 0)
    return;
  self->pictures = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->pictures), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->pictures), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->pictures), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->pictures),
                                          view->state->phase == ISLE_PHASE_WEATHER ? 2 : 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->pictures), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->pictures), 6);
  for (int i = 0; i < n; i++)
    {
      self->picture_actions[i] = actions[i];
      self->picture_buttons[i] = picture_button (self, view->state, actions[i]);
      gtk_flow_box_append (GTK_FLOW_BOX (self->pictures), self->picture_buttons[i]);
    }
  self->n_pictures = n;
  gtk_box_insert_child_after (GTK_BOX (self), self->pictures, self->coins);
  update_pictures (self, view);
}

/* ---- the hiring market (R9.3) ------------------------------------------ */

static int
pending_cost (const IsleState *s, int side)
{
  int cost = 0;

  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    cost += s->pending[side][kind] * s->rules.hire_cost[kind];
  return cost;
}

/* One row per mercenary the side has not hired before: its picture, cost,
 * what it replaces (R2) and what it does. */
static void
build_market (IsleChoicePanel *self, const IsleState *s)
{
  int side = isle_seat_side (isle_state_to_move (s));

  self->market = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->market), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->market, "boxed-list");
  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    {
      g_autofree char *title = NULL, *subtitle = NULL;
      GtkWidget *row;

      self->market_rows[kind] = NULL;
      if (!isle_kind_is_mercenary ((IsleKind) kind) || s->hired[side][kind])
        continue;
      /* Translators: "Fox · 15 coins" */
      title = g_strdup_printf (_("%s · %d coins"), isle_words_kind ((IsleKind) kind),
                               s->rules.hire_cost[kind]);
      /* Translators: "Replaces a Wolf. Sends an adjacent enemy token back…" */
      subtitle = g_strdup_printf (_("Replaces a %s. %s."),
                                  isle_words_kind (isle_kind_info ((IsleKind) kind)->replaces),
                                  isle_words_ability ((IsleKind) kind));
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new ((IsleKind) kind, side, 36));
      /* Its width kept when it is empty, so the row's text never wraps
       * anew when it is hired. */
      self->market_marks[kind] = gtk_label_new (NULL);
      gtk_label_set_width_chars (GTK_LABEL (self->market_marks[kind]), g_utf8_strlen (_("Hired"), -1));
      gtk_widget_add_css_class (self->market_marks[kind], "success");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->market_marks[kind]);
      self->market_hints[kind] = gtk_image_new_from_icon_name ("dialog-information-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->market_hints[kind]);
      g_object_set_data (G_OBJECT (row), "action",
                         GUINT_TO_POINTER (isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) kind)));
      g_signal_connect (row, "activated", G_CALLBACK (on_row_activated), self);
      self->market_rows[kind] = row;
      gtk_list_box_append (GTK_LIST_BOX (self->market), row);
    }
  gtk_box_insert_child_after (GTK_BOX (self), self->market, self->coins);
}

/* Marks what was hired this time and greys out what cannot be, in place:
 * the rows never move. */
static void
update_market (IsleChoicePanel *self, const IsleChoiceView *view)
{
  const IsleState *s = view->state;
  int side = isle_seat_side (isle_state_to_move (s));
  g_autofree char *coins = NULL;

  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    {
      IsleAction a = isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) kind);
      gboolean legal;

      if (self->market_rows[kind] == NULL)
        continue;
      legal = isle_state_is_legal (s, a);
      gtk_label_set_text (GTK_LABEL (self->market_marks[kind]), s->pending[side][kind] > 0 ? _("Hired") : "");
      gtk_widget_set_opacity (self->market_hints[kind], legal && a == view->hint ? 1 : 0);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->market_rows[kind]), legal);
      /* A hired row stays lit (and keeps the focus); one that cannot be
       * paid for or has no basic token to return is greyed out. */
      gtk_widget_set_sensitive (self->market_rows[kind], legal || s->pending[side][kind] > 0);
    }
  /* R9.3: the choices are paid when both sides are done; until then the
   * coins they will cost are set aside. */
  coins = g_strdup_printf (_("Coins left: %d"), s->coins[side] - pending_cost (s, side));
  gtk_label_set_text (GTK_LABEL (self->coins), coins);
}

/* ---- buttons ------------------------------------------------------------- */

static void
show_buttons (IsleChoicePanel *self, const IsleChoiceView *view, const IsleActionList *list, gboolean fresh)
{
  const IsleState *s = view->state;
  IsleAction actions[MAX_SHOWN];
  int n = 0;
  GtkWidget *child;

  for (int i = 0; i < list->n && n < MAX_SHOWN; i++)
    {
      IsleActionType type = isle_action_type (list->actions[i]);
      g_autofree char *label = NULL;

      if (type == ISLE_ACTION_HIRE || type == ISLE_ACTION_PICK || type == ISLE_ACTION_KEEP
          || type == ISLE_ACTION_REPLACE)
        continue;   /* in the market or the pictures */
      label = choice_label (s, list->actions[i]);
      if (label != NULL)
        actions[n++] = list->actions[i];
    }
  if (fresh || n != self->n_buttons || memcmp (actions, self->button_actions, sizeof actions[0] * n) != 0)
    {
      while ((child = gtk_widget_get_first_child (self->buttons)) != NULL)
        gtk_box_remove (GTK_BOX (self->buttons), child);
      for (int i = 0; i < n; i++)
        {
          g_autofree char *text = choice_label (s, actions[i]);
          GtkWidget *button = gtk_button_new ();
          GtkWidget *label = gtk_label_new (text);

          /* Wrapped, so that the panel keeps its width. */
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
          gtk_button_set_child (GTK_BUTTON (button), label);
          g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (actions[i]));
          g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), self);
          gtk_box_append (GTK_BOX (self->buttons), button);
          self->button_actions[i] = actions[i];
          self->button_widgets[i] = button;
        }
      self->n_buttons = n;
    }
  for (int i = 0; i < n; i++)
    set_suggested (self->button_widgets[i], actions[i] == view->hint
                                            || isle_action_type (actions[i]) == ISLE_ACTION_DONE);
}

/* ---- public -------------------------------------------------------------- */

static void
forget (IsleChoicePanel *self)
{
  GtkWidget *child;

  if (self->pictures != NULL)
    gtk_box_remove (GTK_BOX (self), self->pictures);
  if (self->market != NULL)
    gtk_box_remove (GTK_BOX (self), self->market);
  self->pictures = self->market = NULL;
  self->n_pictures = self->n_buttons = 0;
  while ((child = gtk_widget_get_first_child (self->buttons)) != NULL)
    gtk_box_remove (GTK_BOX (self->buttons), child);
  gtk_widget_set_visible (self->coins, FALSE);
  self->phase = -1;
  self->seat = -1;
}

void
isle_choice_panel_show (IsleChoicePanel *self, const IsleChoiceView *view)
{
  const IsleState *s;
  IsleActionList list;
  gboolean fresh;

  g_return_if_fail (ISLE_IS_CHOICE_PANEL (self));
  g_return_if_fail (view != NULL && view->state != NULL);

  s = view->state;
  self->updating = TRUE;
  gtk_widget_set_visible (self->face_down, view->mine && view->both_faces);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->face_down), view->face_down);
  self->updating = FALSE;
  gtk_widget_set_visible (self->note, view->mine && view->note != NULL);
  gtk_label_set_text (GTK_LABEL (self->note), view->note != NULL ? view->note : "");
  if (!view->mine)
    {
      forget (self);
      return;
    }
  /* The same decision as shown (the same phase for the same seat): its
   * widgets are updated in place. */
  fresh = s->phase != self->phase || isle_state_to_move (s) != self->seat || s->round != self->round
          || memcmp (s->hired, self->hired, sizeof self->hired) != 0;
  if (fresh)
    forget (self);
  self->phase = s->phase;
  self->seat = isle_state_to_move (s);
  self->round = s->round;
  memcpy (self->hired, s->hired, sizeof self->hired);
  isle_state_legal_actions (s, &list);
  if (s->phase == ISLE_PHASE_HIRE)
    {
      gtk_widget_set_visible (self->coins, TRUE);
      if (self->market == NULL)
        build_market (self, s);
      update_market (self, view);
    }
  show_pictures (self, view, &list, fresh);
  show_buttons (self, view, &list, fresh);
}

static void
isle_choice_panel_class_init (IsleChoicePanelClass *klass)
{
  /* chosen (ACTION, PHASE): see the header. */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[FACE_DOWN_TOGGLED] = g_signal_new ("face-down-toggled", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
isle_choice_panel_init (IsleChoicePanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->phase = -1;
  self->seat = -1;

  self->face_down = gtk_check_button_new_with_mnemonic (_("Place it _face down"));
  g_signal_connect (self->face_down, "toggled", G_CALLBACK (on_face_down_toggled), self);
  gtk_box_append (GTK_BOX (self), self->face_down);

  self->note = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->note), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->note), 0);
  gtk_box_append (GTK_BOX (self), self->note);

  /* R9.3: above the market, so the list starts where it did. */
  self->coins = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->coins), 0);
  gtk_widget_add_css_class (self->coins, "heading");
  gtk_box_append (GTK_BOX (self), self->coins);

  self->buttons = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self), self->buttons);

  gtk_widget_set_visible (self->face_down, FALSE);
  gtk_widget_set_visible (self->note, FALSE);
  gtk_widget_set_visible (self->coins, FALSE);
}

GtkWidget *
isle_choice_panel_new (void)
{
  return g_object_new (ISLE_TYPE_CHOICE_PANEL, NULL);
}
