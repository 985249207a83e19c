/* isle-hand-view.c — a seat's hand (R4.4): each token a toggle button
 * with its picture, its name and the key that picks it (1–5), which can
 * also be dragged onto the map; while the opening hand is chosen (R4.2),
 * its empty places too. Shown, not chosen from, outside a placement. */
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

static void
on_hand_toggled (GtkToggleButton *button, IsleHandView *self)
{
  say_selected (button);
  if (gtk_toggle_button_get_active (button))
    g_signal_emit (self, signals[TOKEN_SELECTED], 0,
                   GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index")));
}

/* The hand token buttons, in hand order. */
static GtkWidget *
hand_button (IsleHandView *self, int index)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  while (child != NULL && index-- > 0)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/* The focus was on the INDEX-th place before a rebuild: on its token
 * again, or the next one when it is gone (placed), or the last one. */
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

/* R4.4: the viewer's hand, each token a toggle with its picture and key;
 * while the opening hand is chosen (R4.2), its empty places too. */
void
isle_hand_view_show (IsleHandView *self, const IsleKind *kinds, int n, int places, int side, gboolean placing,
                     int selected)
{
  GtkToggleButton *group = NULL;
  GtkWidget *child;
  int focused = -1;

  g_return_if_fail (ISLE_IS_HAND_VIEW (self));
  g_return_if_fail (n >= 0 && n <= ISLE_HAND_MAX && (n == 0 || kinds != NULL));
  /* The token with the focus, which keeps it through the rebuild. */
  child = gtk_widget_get_root (GTK_WIDGET (self)) != NULL
          ? gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self))) : NULL;
  for (int i = 0; child != NULL && hand_button (self, i) != NULL; i++)
    if (hand_button (self, i) == child || gtk_widget_is_ancestor (child, hand_button (self, i)))
      focused = i;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
  if (selected >= n)
    selected = 0;
  places = CLAMP (places, n, ISLE_HAND_MAX);
  self->n_kinds = n;
  for (int i = 0; i < self->n_kinds; i++)
    self->kinds[i] = kinds[i];
  for (int i = 0; i < places; i++)
    {
      IsleKind kind = i < n ? kinds[i] : ISLE_KIND_NONE;
      g_autofree char *label = NULL;
      g_autofree char *tip = NULL;
      GtkWidget *button;

      if (kind == ISLE_KIND_NONE)
        {
          GtkWidget *empty = isle_token_card_new (isle_token_icon_new_empty (40), " ", NULL);

          gtk_widget_add_css_class (empty, "hand-token");
          gtk_accessible_update_property (GTK_ACCESSIBLE (empty), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Empty place in your hand"), -1);
          gtk_box_append (GTK_BOX (self), empty);
          continue;
        }
      /* The key that picks it (1–5), under its name. */
      label = g_strdup_printf ("%d", i + 1);
      if (!placing)
        {
          /* Shown, not chosen from: full colour, no button. */
          GtkWidget *card = isle_token_card_new (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), NULL);

          gtk_widget_add_css_class (card, "hand-token");
          gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          isle_words_kind (kind), -1);
          gtk_box_append (GTK_BOX (self), card);
          continue;
        }
      tip = g_strdup_printf (_("Select the %s (key %d)"), isle_words_kind (kind), i + 1);
      button = token_button_new ();
      gtk_button_set_child (GTK_BUTTON (button),
                            isle_token_card_new (isle_token_icon_new (kind, side, 40), isle_words_kind (kind), label));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "hand-token");
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tip, -1);
      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
      gtk_widget_set_tooltip_text (button, tip);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), i == selected);
      say_selected (GTK_TOGGLE_BUTTON (button));
      g_signal_connect (button, "toggled", G_CALLBACK (on_hand_toggled), self);
      {
        /* Drag the token onto the map. */
        GtkDragSource *drag = gtk_drag_source_new ();
        GdkContentProvider *content = gdk_content_provider_new_typed (G_TYPE_INT, i);

        gtk_drag_source_set_content (drag, content);
        g_object_unref (content);
        gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
        gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (drag));
      }
      gtk_box_append (GTK_BOX (self), button);
    }
  /* Five places wide, however many tokens are left: the tokens keep
   * their size. */
  for (int i = places; i < ISLE_HAND_MAX && places > 0; i++)
    gtk_box_append (GTK_BOX (self), gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  if (focused >= 0)
    keep_focus (self, focused);
}

gboolean
isle_hand_view_pick (IsleHandView *self, int index)
{
  GtkWidget *button;

  g_return_val_if_fail (ISLE_IS_HAND_VIEW (self), FALSE);
  /* Only while placing are the hand's tokens buttons. */
  button = hand_button (self, index);
  if (!GTK_IS_TOGGLE_BUTTON (button) || !gtk_widget_get_sensitive (button))
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
