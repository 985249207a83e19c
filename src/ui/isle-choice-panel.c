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

/* The choice of VIEW that plays A, or NULL. */
static const IsleTurnChoice *
find_choice (const IsleChoiceView *view, IsleAction a)
{
  for (int i = 0; i < view->choices->n; i++)
    if (view->choices->choices[i].action == a)
      return &view->choices->choices[i];
  return NULL;
}

/* ---- pictures: opening hand, weather, replacement ------------------------ */

static gboolean
is_hire (IsleAction a)
{
  return isle_action_type (a) == ISLE_ACTION_HIRE;
}

static gboolean
is_picture (IsleAction a)
{
  IsleActionType type = isle_action_type (a);

  return type == ISLE_ACTION_PICK || type == ISLE_ACTION_KEEP || type == ISLE_ACTION_REPLACE;
}

/* The choices of TYPE-class (pictures, or not) in the order given. */
static int
actions_where (const IsleChoiceView *view, gboolean (*pick) (IsleAction), IsleAction *out)
{
  int n = 0;

  for (int i = 0; i < view->choices->n && n < MAX_SHOWN; i++)
    if (pick (view->choices->choices[i].action))
      out[n++] = view->choices->choices[i].action;
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
picture_button (IsleChoicePanel *self, const IsleChoiceView *view, const IsleTurnChoice *choice)
{
  IsleAction a = choice->action;
  GtkWidget *button = gtk_button_new ();
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
      icon = isle_token_icon_new (isle_action_kind (a), isle_seat_side (view->choices->seat), 44);
      name = isle_words_kind (isle_action_kind (a));
    }
  /* The count is filled in by update_pictures(). */
  gtk_button_set_child (GTK_BUTTON (button), isle_token_card_new (icon, name, pick ? "" : NULL));
  gtk_widget_set_tooltip_text (button, choice->label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, choice->label, -1);
  g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (a));
  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), self);
  return button;
}

static void
update_pictures (IsleChoicePanel *self, const IsleChoiceView *view)
{
  for (int i = 0; i < self->n_pictures; i++)
    {
      const IsleTurnChoice *choice = find_choice (view, self->picture_actions[i]);
      GtkWidget *button = self->picture_buttons[i];

      gtk_widget_set_sensitive (button, choice != NULL && choice->enabled);
      set_suggested (button, self->picture_actions[i] == view->hint);
      if (choice != NULL && choice->count >= 0)
        {
          /* Translators: how many of a kind are left in the pile */
          g_autofree char *left = g_strdup_printf (_("%d left"), choice->count);

          gtk_label_set_text (picture_detail (button), left);
        }
    }
}

/* GtkFlowBox (4.8 to 4.20 at least) loops for ever on Up or Down until it
 * has been laid out with its children once: it steps a row of "children
 * per line", 0 until then. The game page focuses new pictures at once, so
 * an arrow pressed in that frame waits: it is taken (and does nothing)
 * until a picture has a size. */
static gboolean
on_pictures_key (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                 gpointer user_data)
{
  GtkWidget *box = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  (void) keycode;
  (void) state;
  (void) user_data;
  if (keyval != GDK_KEY_Up && keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Up && keyval != GDK_KEY_KP_Down)
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_width (child) > 0)
      return FALSE;
  return TRUE;
}

static void
show_pictures (IsleChoicePanel *self, const IsleChoiceView *view, gboolean fresh)
{
  IsleAction actions[MAX_SHOWN];
  int n = actions_where (view, is_picture, actions);

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
                                          isle_action_type (actions[0]) == ISLE_ACTION_KEEP ? 2 : 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->pictures), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->pictures), 6);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_pictures_key), NULL);
    gtk_widget_add_controller (self->pictures, keys);
  }
  for (int i = 0; i < n; i++)
    {
      self->picture_actions[i] = actions[i];
      self->picture_buttons[i] = picture_button (self, view, find_choice (view, actions[i]));
      gtk_flow_box_append (GTK_FLOW_BOX (self->pictures), self->picture_buttons[i]);
      /* The flow box's own cell, named as its button (not "GtkFlowBoxChild"). */
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (self->picture_buttons[i])),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      gtk_widget_get_tooltip_text (self->picture_buttons[i]), -1);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pictures), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Choices"), -1);
  self->n_pictures = n;
  gtk_box_insert_child_after (GTK_BOX (self), self->pictures, self->buttons);
  update_pictures (self, view);
}

/* ---- the hiring market (R9.3) ------------------------------------------ */

/* One row per mercenary offered: its picture, cost, what it replaces (R2)
 * and what it does. */
static void
build_market (IsleChoicePanel *self, const IsleChoiceView *view)
{
  int side = isle_seat_side (view->choices->seat);

  self->market = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->market), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->market, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->market), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Mercenaries for hire"), -1);
  memset (self->market_rows, 0, sizeof self->market_rows);
  for (int i = 0; i < view->choices->n; i++)
    {
      const IsleTurnChoice *choice = &view->choices->choices[i];
      IsleKind kind = isle_action_kind (choice->action);
      g_autofree char *subtitle = NULL;
      GtkWidget *row;

      if (isle_action_type (choice->action) != ISLE_ACTION_HIRE)
        continue;
      /* Translators: "Replaces a Wolf. Sends an adjacent enemy token back…" */
      subtitle = g_strdup_printf (_("Replaces a %s. %s."), isle_words_kind (isle_kind_info (kind)->replaces),
                                  isle_words_ability (kind));
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), choice->label);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new (kind, side, 36));
      /* Its width kept when it is empty, so the row's text never wraps
       * anew when it is hired. */
      self->market_marks[kind] = gtk_label_new (NULL);
      gtk_label_set_width_chars (GTK_LABEL (self->market_marks[kind]), g_utf8_strlen (_("Hired"), -1));
      gtk_widget_add_css_class (self->market_marks[kind], "success");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->market_marks[kind]);
      self->market_hints[kind] = gtk_image_new_from_icon_name ("dialog-information-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), self->market_hints[kind]);
      g_object_set_data (G_OBJECT (row), "action", GUINT_TO_POINTER (choice->action));
      g_signal_connect (row, "activated", G_CALLBACK (on_row_activated), self);
      self->market_rows[kind] = row;
      gtk_list_box_append (GTK_LIST_BOX (self->market), row);
    }
  gtk_box_insert_child_after (GTK_BOX (self), self->market, self->buttons);
}

/* Marks what was hired this time and greys out what cannot be, in place:
 * the rows never move. */
static void
update_market (IsleChoicePanel *self, const IsleChoiceView *view)
{
  g_autofree char *coins = NULL;

  for (int kind = 0; kind < ISLE_N_KINDS; kind++)
    {
      IsleAction a = isle_action_kind_only (ISLE_ACTION_HIRE, (IsleKind) kind);
      const IsleTurnChoice *choice = find_choice (view, a);
      gboolean legal = choice != NULL && choice->enabled, chosen = choice != NULL && choice->chosen;

      if (self->market_rows[kind] == NULL)
        continue;
      gtk_label_set_text (GTK_LABEL (self->market_marks[kind]), chosen ? _("Hired") : "");
      gtk_widget_set_opacity (self->market_hints[kind], legal && a == view->hint ? 1 : 0);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->market_rows[kind]), legal);
      /* A hired row stays lit (and keeps the focus); one that cannot be
       * paid for or has no basic token to return is greyed out. */
      gtk_widget_set_sensitive (self->market_rows[kind], legal || chosen);
    }
  /* R9.3: the choices are paid when both sides are done; until then the
   * coins they will cost are set aside. */
  coins = g_strdup_printf (_("Coins left: %d"), view->choices->coins_left);
  gtk_label_set_text (GTK_LABEL (self->coins), coins);
}

/* ---- buttons ------------------------------------------------------------- */

static gboolean
is_button (IsleAction a)
{
  return !is_picture (a) && isle_action_type (a) != ISLE_ACTION_HIRE;
}

/* The decision's buttons come first, above any list, so that the main one
 * ("Done hiring") is seen without scrolling. */
static void
show_buttons (IsleChoicePanel *self, const IsleChoiceView *view, gboolean fresh)
{
  IsleAction actions[MAX_SHOWN];
  int n = actions_where (view, is_button, actions);
  GtkWidget *child;

  if (fresh || n != self->n_buttons || memcmp (actions, self->button_actions, sizeof actions[0] * n) != 0)
    {
      while ((child = gtk_widget_get_first_child (self->buttons)) != NULL)
        gtk_box_remove (GTK_BOX (self->buttons), child);
      for (int i = 0; i < n; i++)
        {
          GtkWidget *button = gtk_button_new ();
          GtkWidget *label = gtk_label_new (find_choice (view, actions[i])->label);

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
  /* The hinted choice, and the one that ends a decision of many clicks,
   * or the only one there is, stand out. */
  for (int i = 0; i < n; i++)
    set_suggested (self->button_widgets[i], actions[i] == view->hint || n == 1
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
  const IsleTurnChoices *c;
  gboolean fresh;
  gboolean hiring;
  IsleAction hires[MAX_SHOWN];

  g_return_if_fail (ISLE_IS_CHOICE_PANEL (self));
  g_return_if_fail (view != NULL && view->choices != NULL);

  c = view->choices;
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
  fresh = c->phase != self->phase || c->seat != self->seat || c->round != self->round;
  if (fresh)
    forget (self);
  self->phase = c->phase;
  self->seat = c->seat;
  self->round = c->round;
  hiring = actions_where (view, is_hire, hires) > 0;
  gtk_widget_set_visible (self->coins, hiring);
  if (hiring)
    {
      if (self->market == NULL)
        build_market (self, view);
      update_market (self, view);
    }
  show_buttons (self, view, fresh);
  show_pictures (self, view, fresh);
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

  /* Above the pictures and the market, in sight at 800×600. */
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
