/* isle-hand-view.c — a seat's hand (R4.4): each token a toggle button
 * with its picture, its name and the key that picks it (1–5), which can
 * also be dragged onto the map; while the opening hand is chosen (R4.2),
 * its tokens and empty places, shown only. Outside a placement the
 * buttons stay (they keep the focus) but choose nothing. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-hand-view.h"
#include "isle-token-art.h"
#include "isle-words.h"

struct _IsleHandView
{
  GtkBox parent_instance;

  /* The kinds shown, in hand order. */
  IsleKind kinds[ISLE_HAND_MAX];
  int n_kinds;
  gboolean placing;            /* the tokens are chosen from now */
  int selected;                /* the token the model has selected */
  gboolean updating;           /* isle_hand_view_show() sets the toggles */
};

G_DEFINE_FINAL_TYPE (IsleHandView, isle_hand_view, GTK_TYPE_BOX)

enum
{
  TOKEN_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* GTK 4.8 has no toggle button role: it calls a toggle a push button,
 * whose pressed state screen readers do not read. A radio button's
 * checked state they do, so there the hand's tokens are radio buttons
 * (one of the hand is selected); GTK 4.10 reads a toggle's own. */
static GtkWidget *
token_button_new (void)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  return gtk_toggle_button_new ();
#else
  return g_object_new (GTK_TYPE_TOGGLE_BUTTON, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL);
#endif
}

static void
say_selected (GtkToggleButton *button)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  (void) button;
#else
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_toggle_button_get_active (button) ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                                                     : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
#endif
}

/* The hand's places (tokens first), in hand order. */
static GtkWidget *
hand_button (IsleHandView *self, int index)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  while (child != NULL && index-- > 0)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/* Whether WIDGET or one inside it has its window's keyboard focus. */
static gboolean
focus_within_widget (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The focus on the INDEX-th token, or the one before it when it cannot
 * have it. */
static void
keep_focus (IsleHandView *self, int index)
{
  for (int i = index; i >= 0; i--)
    {
      GtkWidget *button = hand_button (self, i);

      if (button != NULL && gtk_widget_get_focusable (button) && gtk_widget_grab_focus (button))
        return;
    }
}

/* What a place of the hand holds (its "isle-hand-slot" data). */
enum
{
  SLOT_FILLER,                 /* keeps the row five places wide */
  SLOT_EMPTY,                  /* an empty place of the opening hand (R4.2) */
  SLOT_CARD,                   /* a token of the opening hand (R4.2), shown */
  SLOT_TOKEN                   /* a token: a toggle button */
};

#define SLOT_KEY "isle-hand-slot"

static int
slot_of (GtkWidget *child)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), SLOT_KEY));
}

/* The person chose a token. Outside a placement (the computer decides,
 * the opening hand is being chosen) nothing is chosen: the selection
 * shown goes back to the one the model has. */
static void
on_hand_toggled (GtkToggleButton *button, IsleHandView *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));

  say_selected (button);
  if (self->updating || !gtk_toggle_button_get_active (button) || index == self->selected)
    return;
  if (!self->placing)
    {
      GtkWidget *selected = hand_button (self, self->selected);

      if (GTK_IS_TOGGLE_BUTTON (selected))
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (selected), TRUE);
      else
        gtk_toggle_button_set_active (button, FALSE);
      return;
    }
  self->selected = index;
  g_signal_emit (self, signals[TOKEN_SELECTED], 0, index);
}

/* A token is dragged onto the map only while it can be placed. */
static GdkContentProvider *
on_drag_prepare (GtkDragSource *drag, double x, double y, IsleHandView *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (drag));

  (void) x;
  (void) y;
  if (!self->placing)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_INT, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index")));
}

/* The INDEX-th token's button, made once and kept while the hand changes
 * (its accessible object, and the focus, with it). */
static GtkWidget *
token_button_for (IsleHandView *self, int index)
{
  GtkWidget *button = token_button_new ();
  GtkDragSource *drag = gtk_drag_source_new ();
  GtkWidget *first = hand_button (self, 0);

  g_object_set_data (G_OBJECT (button), SLOT_KEY, GINT_TO_POINTER (SLOT_TOKEN));
  g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (button), "kind", GINT_TO_POINTER (ISLE_KIND_NONE));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "hand-token");
  if (index > 0 && GTK_IS_TOGGLE_BUTTON (first))
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (first));
  say_selected (GTK_TOGGLE_BUTTON (button));
  g_signal_connect (button, "toggled", G_CALLBACK (on_hand_toggled), self);
  /* Drag the token onto the map. */
  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (drag));
  return button;
}

/* A token's button shows KIND of SIDE, changed in place: its picture,
 * what it is called and its tooltip are touched only when they change,
 * for a screen reader speaks every change of the focused object's name
 * or description (and the announcer's sentence is its description on
 * GTK 4.8, see isle-announcer.c). */
static void
update_token (IsleHandView *self, GtkWidget *button, int index, IsleKind kind, int side)
{
  g_autofree char *tip = g_strdup_printf (_("Select the %s (key %d)"), isle_words_kind (kind), index + 1);
  /* Outside a placement it is the token only, not a choice. */
  const char *name = self->placing ? tip : isle_words_kind (kind);
  const char *said = g_object_get_data (G_OBJECT (button), "name");

  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "kind")) != (int) kind
      || GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "side")) != side)
    {
      g_autofree char *key = g_strdup_printf ("%d", index + 1);

      g_object_set_data (G_OBJECT (button), "kind", GINT_TO_POINTER (kind));
      g_object_set_data (G_OBJECT (button), "side", GINT_TO_POINTER (side));
      gtk_button_set_child (GTK_BUTTON (button),
                            isle_token_card_new (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), key));
    }
  if (g_strcmp0 (said, name) != 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_object_set_data_full (G_OBJECT (button), "name", g_strdup (name), g_free);
    }
  if (g_strcmp0 (gtk_widget_get_tooltip_text (button), tip) != 0)
    gtk_widget_set_tooltip_text (button, tip);
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)) != (index == self->selected))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), index == self->selected);
}

static GtkWidget *
slot_new (IsleHandView *self, int slot, int index, IsleKind kind, int side)
{
  GtkWidget *widget;

  if (slot == SLOT_TOKEN)
    return token_button_for (self, index);
  if (slot == SLOT_CARD)
    {
      /* A token of the opening hand while it is chosen (R4.2): shown,
       * not chosen from, as big as the empty places beside it. */
      widget = isle_token_card_new (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), NULL);
      gtk_widget_add_css_class (widget, "hand-token");
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      isle_words_kind (kind), -1);
    }
  else if (slot == SLOT_EMPTY)
    {
      widget = isle_token_card_new (isle_token_icon_new_empty (40), " ", NULL);
      gtk_widget_add_css_class (widget, "hand-token");
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Empty place in your hand"), -1);
    }
  else
    widget = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_object_set_data (G_OBJECT (widget), SLOT_KEY, GINT_TO_POINTER (slot));
  g_object_set_data (G_OBJECT (widget), "kind", GINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (widget), "side", GINT_TO_POINTER (side));
  return widget;
}

/* The INDEX-th place holds a SLOT (a card: of KIND of SIDE): the one
 * there is kept when it is one, else a new one takes its place. */
static GtkWidget *
ensure_slot (IsleHandView *self, int index, int slot, IsleKind kind, int side)
{
  GtkWidget *old = hand_button (self, index);
  GtkWidget *widget;

  if (old != NULL && slot_of (old) == slot
      && (slot != SLOT_CARD
          || (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (old), "kind")) == (int) kind
              && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (old), "side")) == side)))
    return old;
  widget = slot_new (self, slot, index, kind, side);
  gtk_box_insert_child_after (GTK_BOX (self), widget, index > 0 ? hand_button (self, index - 1) : NULL);
  if (old != NULL)
    {
      /* The focus on a token that goes: on to the one now there. */
      if (focus_within_widget (old) && gtk_widget_get_focusable (widget))
        gtk_widget_grab_focus (widget);
      gtk_box_remove (GTK_BOX (self), old);
    }
  return widget;
}

/* R4.4: the viewer's hand, each token a toggle with its picture and key;
 * while the opening hand is chosen (R4.2), its empty places too. The
 * places are changed in place: a token's button stays while the hand
 * changes (a screen reader follows the object it has, GTK 4.8 reads the
 * announcer's sentence from it), and only the places at the end come or
 * go as the hand grows or shrinks. */
void
isle_hand_view_show (IsleHandView *self, const IsleKind *kinds, int n, int places, int side, gboolean placing,
                     int selected)
{
  int shown = 0;
  GtkWidget *child;

  g_return_if_fail (ISLE_IS_HAND_VIEW (self));
  g_return_if_fail (n >= 0 && n <= ISLE_HAND_MAX && (n == 0 || kinds != NULL));
  if (selected < 0 || selected >= n)
    selected = 0;
  places = CLAMP (places, n, ISLE_HAND_MAX);
  self->n_kinds = n;
  for (int i = 0; i < self->n_kinds; i++)
    self->kinds[i] = kinds[i];
  self->placing = placing;
  self->selected = selected;
  self->updating = TRUE;
  for (int i = 0; i < places; i++)
    {
      if (i < n && places > n)
        ensure_slot (self, i, SLOT_CARD, kinds[i], side);
      else if (i < n)
        update_token (self, ensure_slot (self, i, SLOT_TOKEN, ISLE_KIND_NONE, 0), i, kinds[i], side);
      else
        ensure_slot (self, i, SLOT_EMPTY, ISLE_KIND_NONE, 0);
      shown++;
    }
  /* Five places wide, however many tokens are left: the tokens keep
   * their size. */
  for (int i = places; i < ISLE_HAND_MAX && places > 0; i++, shown++)
    ensure_slot (self, i, SLOT_FILLER, ISLE_KIND_NONE, 0);
  self->updating = FALSE;
  /* The places no longer there; the focus on one of them goes to the
   * last token left (the next one to the one placed). */
  while ((child = hand_button (self, shown)) != NULL)
    {
      if (focus_within_widget (child))
        keep_focus (self, n - 1);
      gtk_box_remove (GTK_BOX (self), child);
    }
}

gboolean
isle_hand_view_pick (IsleHandView *self, int index)
{
  GtkWidget *button;

  g_return_val_if_fail (ISLE_IS_HAND_VIEW (self), FALSE);
  /* Only while placing are the hand's tokens chosen from. */
  button = hand_button (self, index);
  if (!self->placing || !GTK_IS_TOGGLE_BUTTON (button) || !gtk_widget_get_sensitive (button))
    return FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  return TRUE;
}

gboolean
isle_hand_view_is_empty (IsleHandView *self)
{
  g_return_val_if_fail (ISLE_IS_HAND_VIEW (self), TRUE);
  return gtk_widget_get_first_child (GTK_WIDGET (self)) == NULL;
}

static void
isle_hand_view_class_init (IsleHandViewClass *klass)
{
  /* token-selected (INDEX): the person selected the INDEX-th token (a
   * click, a key or a drag's start). */
  signals[TOKEN_SELECTED] = g_signal_new ("token-selected", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
isle_hand_view_init (IsleHandView *self)
{
  gtk_box_set_homogeneous (GTK_BOX (self), TRUE);
  gtk_box_set_spacing (GTK_BOX (self), 4);
}

GtkWidget *
isle_hand_view_new (void)
{
  return g_object_new (ISLE_TYPE_HAND_VIEW, NULL);
}

IsleKind
isle_hand_view_get_kind (IsleHandView *self, int index)
{
  g_return_val_if_fail (ISLE_IS_HAND_VIEW (self), ISLE_KIND_NONE);
  return index >= 0 && index < self->n_kinds ? self->kinds[index] : ISLE_KIND_NONE;
}
