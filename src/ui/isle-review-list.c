/* isle-review-list.c — the game review's list of decisions
 * (isle-review-list.h).
 *
 * A GtkListView over a list of items, the start of the game and then one
 * per decision, so that the item at index I + 1 is decision I. From GTK
 * 4.12 the list view makes rows only for the items in sight and gives
 * them other items as it scrolls (4.8 makes up to 200 rows, but lays out
 * anew only those that changed and draws those in sight): a review
 * updating its judgements draws a dozen rows, not one per decision. Each
 * item keeps its words and its mark, and the row showing it while there
 * is one.
 *
 * A round's heading is shown by the row of the round's first decision,
 * above its words, so the rows are the same on GTK 4.8, which has no
 * section headers, as on later versions; the selection, the pointer and
 * the focus light only the decision's part of a row (style.css). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isle-review-chart.h"
#include "isle-review-list.h"

/* ---- an item: the start, or a decision -------------------------------------- */

#define ISLE_TYPE_REVIEW_ITEM (isle_review_item_get_type ())
G_DECLARE_FINAL_TYPE (IsleReviewItem, isle_review_item, ISLE, REVIEW_ITEM, GObject)

struct _IsleReviewItem
{
  GObject parent_instance;

  char *heading;             /* "Round 2" over a round's first decision, else NULL */
  char *text;                /* the decision in words */
  char *description;         /* its whole sentence */
  const char *mark;          /* "?!", "?", "??" or "" */
  int label;                 /* its label's index in label_classes, or -1 */
  gboolean last;             /* the last item: no line under it */
  GtkListItem *shown;        /* the row that shows it, while one does */
};

G_DEFINE_FINAL_TYPE (IsleReviewItem, isle_review_item, G_TYPE_OBJECT)

static void
isle_review_item_finalize (GObject *object)
{
  IsleReviewItem *self = ISLE_REVIEW_ITEM (object);

  g_free (self->heading);
  g_free (self->text);
  g_free (self->description);
  G_OBJECT_CLASS (isle_review_item_parent_class)->finalize (object);
}

static void
isle_review_item_class_init (IsleReviewItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = isle_review_item_finalize;
}

static void
isle_review_item_init (IsleReviewItem *self)
{
  self->mark = "";
  self->label = -1;
}

/* ---- marks and their colours -------------------------------------------------- */

static const char *label_classes[] = { "review-inaccuracy", "review-mistake", "review-blunder" };

/* Decision D's label as an index in label_classes, or -1. */
static int
label_index (const IsleReviewDecision *d)
{
  if (d == NULL || !d->judged || !d->reviewed || d->move.label < ISLE_REVIEW_INACCURACY)
    return -1;
  return (int) (d->move.label - ISLE_REVIEW_INACCURACY);
}

/* The label's mark, as chess notation writes them. */
static const char *
badge (const IsleReviewDecision *d)
{
  static const char *marks[] = { "?!", "?", "??" };
  int k = label_index (d);

  return k >= 0 ? marks[k] : "";
}

/* WIDGET wears the class of label K (-1: none); changed only when it
 * differs, so an unchanged mark is not styled again. */
static void
wear_label_class (GtkWidget *widget, int k)
{
  for (guint j = 0; j < G_N_ELEMENTS (label_classes); j++)
    if ((int) j != k && gtk_widget_has_css_class (widget, label_classes[j]))
      gtk_widget_remove_css_class (widget, label_classes[j]);
  if (k >= 0 && !gtk_widget_has_css_class (widget, label_classes[k]))
    gtk_widget_add_css_class (widget, label_classes[k]);
}

void
isle_review_style_label (GtkWidget *widget, const IsleReviewDecision *d)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  wear_label_class (widget, label_index (d));
}

/* ---- the list ---------------------------------------------------------------- */

struct _IsleReviewList
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkListView *view;
  GListStore *items;         /* IsleReviewItem: the start, then each decision */
  GtkSingleSelection *selection;
  IsleReviewBrowser *browser;
  int position;
  int centre;                /* the item to bring into sight once laid out, or -1 */
  int layouts;               /* layouts left to do it in */
  gboolean laid_out;         /* laid out since it was asked */
  guint tick;
  gboolean syncing;          /* the selection follows the position: no notify */
};

G_DEFINE_FINAL_TYPE (IsleReviewList, isle_review_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_POSITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* LABEL says TEXT, set only when it differs: a label set anew asks for
 * a new layout of the window, even with the same text. */
static void
say (GtkWidget *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

/* The row's parts, made once for each row the view makes. */
enum { PART_HEADING, PART_DECISION, PART_MARK, PART_TEXT, N_PARTS };

/* The colour a row's mark is drawn in, once it has one: that of a label
 * (its index in label_classes, or -1: none) on a dark or light ground. */
typedef struct
{
  gboolean set;
  int label;
  gboolean dark;
} MarkColour;

static GtkWidget *
part (GtkListItem *list_item, int which)
{
  GtkWidget **parts = g_object_get_data (G_OBJECT (list_item), "isle-parts");

  return parts[which];
}

/* The row's tooltip is its item's sentence, asked for as the pointer
 * rests on it: a tooltip set anew with each judgement would have the
 * toolkit look for the pointer each time (a round trip to an X server). */
static gboolean
on_query_tooltip (GtkWidget *row, int x, int y, gboolean keyboard, GtkTooltip *tooltip, GtkListItem *list_item)
{
  IsleReviewItem *item = gtk_list_item_get_item (list_item);

  (void) row;
  (void) x;
  (void) y;
  (void) keyboard;
  if (item == NULL || item->description == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, item->description);
  return TRUE;
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget **parts = g_new0 (GtkWidget *, N_PARTS);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  (void) factory;
  (void) data;
  parts[PART_HEADING] = gtk_label_new (NULL);
  gtk_widget_add_css_class (parts[PART_HEADING], "heading");
  gtk_label_set_xalign (GTK_LABEL (parts[PART_HEADING]), 0);
  gtk_widget_set_margin_top (parts[PART_HEADING], 10);
  gtk_widget_set_margin_bottom (parts[PART_HEADING], 4);
  gtk_widget_set_margin_start (parts[PART_HEADING], 8);

  parts[PART_DECISION] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_add_css_class (parts[PART_DECISION], "review-decision");
  /* Its size does not follow its text, and its colour is the text's own,
   * not a style: a mark that comes with a judgement is only drawn,
   * without the new layout of the window that a new size or a style's
   * change asks for (on X11, round trips to the server). */
  parts[PART_MARK] = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (parts[PART_MARK]), 2);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (parts[PART_MARK]), 2);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (parts[PART_MARK]), 0.5);
  gtk_widget_add_css_class (parts[PART_MARK], "heading");
  parts[PART_TEXT] = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (parts[PART_TEXT]), 0);
  gtk_label_set_wrap (GTK_LABEL (parts[PART_TEXT]), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (parts[PART_TEXT]), 34);
  gtk_widget_set_hexpand (parts[PART_TEXT], TRUE);
  /* The space about the words is inside the decision's part, which the
   * selection lights. */
  gtk_widget_set_margin_top (parts[PART_MARK], 8);
  gtk_widget_set_margin_bottom (parts[PART_MARK], 8);
  gtk_widget_set_margin_start (parts[PART_MARK], 10);
  gtk_widget_set_margin_top (parts[PART_TEXT], 8);
  gtk_widget_set_margin_bottom (parts[PART_TEXT], 8);
  gtk_widget_set_margin_end (parts[PART_TEXT], 10);

  /* The row says it all (its description); its labels are not read twice. */
  for (int k = 0; k < N_PARTS; k++)
    gtk_accessible_update_state (GTK_ACCESSIBLE (parts[k]), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (parts[PART_DECISION]), parts[PART_MARK]);
  gtk_box_append (GTK_BOX (parts[PART_DECISION]), parts[PART_TEXT]);
  gtk_box_append (GTK_BOX (row), parts[PART_HEADING]);
  gtk_box_append (GTK_BOX (row), parts[PART_DECISION]);
  gtk_widget_set_has_tooltip (row, TRUE);
  g_signal_connect (row, "query-tooltip", G_CALLBACK (on_query_tooltip), list_item);
  gtk_list_item_set_child (list_item, row);
  g_object_set_data_full (G_OBJECT (list_item), "isle-parts", parts, g_free);
  g_object_set_data_full (G_OBJECT (list_item), "isle-mark-colour", g_new0 (MarkColour, 1), g_free);
}

/* The mark of the row LIST_ITEM shows ITEM's, in its label's colour on
 * the ground the style has now. */
static void
colour_mark (GtkListItem *list_item, IsleReviewItem *item)
{
  GtkInscription *mark = GTK_INSCRIPTION (part (list_item, PART_MARK));
  MarkColour *shown = g_object_get_data (G_OBJECT (list_item), "isle-mark-colour");
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  if (g_strcmp0 (gtk_inscription_get_text (mark), item->mark) != 0)
    gtk_inscription_set_text (mark, item->mark);
  if (shown->set && shown->label == item->label && shown->dark == dark)
    return;
  *shown = (MarkColour) { TRUE, item->label, dark };
  if (item->label < 0)
    gtk_inscription_set_attributes (mark, NULL);
  else
    {
      PangoAttrList *attributes = pango_attr_list_new ();
      GdkRGBA colour;

      isle_review_chart_mark_colour ((IsleReviewLabel) (ISLE_REVIEW_INACCURACY + item->label), dark, &colour);
      pango_attr_list_insert (attributes, pango_attr_foreground_new ((guint16) (colour.red * 65535),
                                                                     (guint16) (colour.green * 65535),
                                                                     (guint16) (colour.blue * 65535)));
      /* Bold, as the "heading" style would have it: the text's own
       * attributes take the place of the style's. */
      pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      gtk_inscription_set_attributes (mark, attributes);
      pango_attr_list_unref (attributes);
    }
}

/* The row LIST_ITEM shows ITEM as it now is: its heading, mark and
 * words, and its sentence as its name (and tooltip, on_query_tooltip()). */
static void
show_item (GtkListItem *list_item, IsleReviewItem *item)
{
  GtkWidget *decision = part (list_item, PART_DECISION);

  say (part (list_item, PART_HEADING), item->heading != NULL ? item->heading : "");
  gtk_widget_set_visible (part (list_item, PART_HEADING), item->heading != NULL);
  colour_mark (list_item, item);
  say (part (list_item, PART_TEXT), item->text);
  if (item->last != gtk_widget_has_css_class (decision, "last"))
    {
      if (item->last)
        gtk_widget_add_css_class (decision, "last");
      else
        gtk_widget_remove_css_class (decision, "last");
    }
  /* Read by its sentence, not by its labels. GTK 4.12 names the toolkit's
   * row from the item; before, the row (the child's parent) is named
   * itself, anew each time it shows another item. */
#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_list_item_set_accessible_label (list_item, item->description);
#else
  GtkWidget *row = gtk_widget_get_parent (gtk_list_item_get_child (list_item));

  if (row != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, item->description, -1);
#endif
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  IsleReviewItem *item = gtk_list_item_get_item (list_item);

  (void) factory;
  (void) data;
  item->shown = list_item;
  show_item (list_item, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  IsleReviewItem *item = gtk_list_item_get_item (list_item);

  (void) factory;
  (void) data;
  if (item != NULL && item->shown == list_item)
    item->shown = NULL;
}

static IsleReviewItem *
item_at (IsleReviewList *self, guint index)
{
  IsleReviewItem *item = g_list_model_get_item (G_LIST_MODEL (self->items), index);

  /* The store keeps it. */
  if (item != NULL)
    g_object_unref (item);
  return item;
}

/* ---- scrolling ---------------------------------------------------------------- */

/* ITEM's row, once the view has laid it out; else NULL. */
static GtkWidget *
laid_out_row (IsleReviewList *self, IsleReviewItem *item, graphene_rect_t *bounds)
{
  GtkWidget *row = item != NULL && item->shown != NULL ? gtk_list_item_get_child (item->shown) : NULL;

  if (row == NULL || !gtk_widget_get_mapped (row) || gtk_widget_get_height (row) <= 0
      || !gtk_widget_compute_bounds (row, GTK_WIDGET (self->view), bounds))
    return NULL;
  return row;
}

/* Whether the row of item INDEX is in the list's sight, wholly, and the
 * rows before and after it: the decision shown is seen with what led to
 * it and what followed. */
static gboolean
in_sight (IsleReviewList *self, guint index)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  for (guint k = index > 0 ? index - 1 : 0; k <= index + 1 && k < n; k++)
    {
      graphene_rect_t bounds;

      if (laid_out_row (self, item_at (self, k), &bounds) == NULL || bounds.origin.y < 0
          || bounds.origin.y + bounds.size.height > gtk_widget_get_height (GTK_WIDGET (self->view)))
        return FALSE;
    }
  return TRUE;
}

/* Brings the row of item INDEX to the middle, with its neighbours about
 * it, if the view has laid it out; TRUE when it is done. */
static gboolean
centre_row (IsleReviewList *self, guint index)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view));
  double page = gtk_adjustment_get_page_size (adjustment);
  graphene_rect_t bounds;

  if (page <= 0 || laid_out_row (self, item_at (self, index), &bounds) == NULL)
    return FALSE;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y
                                          + bounds.size.height / 2 - page / 2);
  return TRUE;
}

/* Layouts left to bring a row into sight in: the view makes only the
 * rows about its place, so one far away is scrolled to first (once the
 * view has a size) and centred after the next layout. */
#define SCROLL_LAYOUTS 6

/* Each frame, before the layout: once the window has been laid out as it
 * now is (the panel above the list may have grown or shrunk), the row
 * waiting to be brought into sight is, or is scrolled to. Not during the
 * layout itself: a scroll then would leave the view without a size to
 * draw with. */
static gboolean
scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  IsleReviewList *self = data;

  (void) clock;
  if (self->centre >= 0 && !self->laid_out)
    return G_SOURCE_CONTINUE;
  if (self->centre < 0 || in_sight (self, (guint) self->centre) || centre_row (self, (guint) self->centre)
      || self->layouts-- <= 0)
    {
      self->centre = -1;
      self->tick = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", (guint) self->centre);
  self->laid_out = FALSE;
  gtk_widget_queue_allocate (widget);
  return G_SOURCE_CONTINUE;
}

/* The row shown is brought into sight: one out of sight (or its
 * neighbours) to the middle; the rows about one in sight stay where they
 * are. */
static void
bring_into_sight (IsleReviewList *self)
{
  self->centre = self->position + 1;
  self->layouts = SCROLL_LAYOUTS;
  self->laid_out = FALSE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  if (self->tick == 0)
    self->tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, self, NULL);
}

/* ---- the person's picks ------------------------------------------------------ */

static void
pick (IsleReviewList *self, guint index)
{
  int position = (int) index - 1;

  /* The view scrolls to the row picked: a row still waiting to be
   * brought into sight is forgotten. */
  self->centre = -1;
  if (self->position == position)
    return;
  self->position = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

static void
on_selected (IsleReviewList *self)
{
  guint index = gtk_single_selection_get_selected (self->selection);

  if (!self->syncing && index != GTK_INVALID_LIST_POSITION)
    pick (self, index);
}

/* Enter, or a double click, on a row goes there (a row the focus reached
 * with Ctrl and the arrows, which do not select). */
static void
on_activate (IsleReviewList *self, guint index)
{
  if (index >= g_list_model_get_n_items (G_LIST_MODEL (self->items)))
    return;
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, index);
  self->syncing = FALSE;
  pick (self, index);
}

/* ---- public ------------------------------------------------------------------- */

GtkWidget *
isle_review_list_new (void)
{
  return g_object_new (ISLE_TYPE_REVIEW_LIST, NULL);
}

void
isle_review_list_set_browser (IsleReviewList *self, IsleReviewBrowser *browser)
{
  guint n;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  IsleReviewItem *start;

  g_return_if_fail (ISLE_IS_REVIEW_LIST (self));
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (browser));

  g_set_object (&self->browser, browser);
  n = isle_review_browser_get_n_decisions (browser);
  start = g_object_new (ISLE_TYPE_REVIEW_ITEM, NULL);
  start->text = g_strdup (_("The start of the game."));
  start->description = g_strdup (start->text);
  g_ptr_array_add (items, start);
  for (guint i = 0; i < n; i++)
    {
      IsleReviewItem *item = g_object_new (ISLE_TYPE_REVIEW_ITEM, NULL);
      IsleReviewDecision d, p;

      isle_review_browser_get_decision (browser, i, &d);
      if (i > 0)
        isle_review_browser_get_decision (browser, i - 1, &p);
      if (i == 0 || p.round != d.round)
        item->heading = g_strdup_printf (_("Round %d"), d.round);
      item->text = isle_review_browser_dup_text (browser, i);
      item->description = g_strdup (item->text);
      g_ptr_array_add (items, item);
    }
  ((IsleReviewItem *) g_ptr_array_index (items, items->len - 1))->last = TRUE;
  self->syncing = TRUE;
  g_list_store_splice (self->items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->items)),
                       items->pdata, items->len);
  self->position = CLAMP (self->position, -1, (int) n - 1);
  gtk_single_selection_set_selected (self->selection, (guint) (self->position + 1));
  self->syncing = FALSE;
}

void
isle_review_list_update (IsleReviewList *self, guint i, const char *description)
{
  IsleReviewItem *item;
  IsleReviewDecision d;

  g_return_if_fail (ISLE_IS_REVIEW_LIST (self));
  g_return_if_fail (self->browser != NULL);
  item = item_at (self, i + 1);
  g_return_if_fail (item != NULL);

  isle_review_browser_get_decision (self->browser, i, &d);
  item->mark = badge (&d);
  item->label = label_index (&d);
  if (description != NULL && g_strcmp0 (item->description, description) != 0)
    {
      g_free (item->description);
      item->description = g_strdup (description);
    }
  if (item->shown != NULL)
    show_item (item->shown, item);
}

int
isle_review_list_get_position (IsleReviewList *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_LIST (self), -1);

  return self->position;
}

void
isle_review_list_set_position (IsleReviewList *self, int position)
{
  guint n;

  g_return_if_fail (ISLE_IS_REVIEW_LIST (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  position = CLAMP (position, -1, (int) n - 2);
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, (guint) (position + 1));
  self->syncing = FALSE;
  /* A row the person picked in the list is in sight already: the view
   * scrolls to the row its keys move to. */
  if (self->position == position)
    return;
  self->position = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  bring_into_sight (self);
}

/* ---- GtkWidget ------------------------------------------------------------------ */

static void
isle_review_list_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                          int *natural, int *minimum_baseline, int *natural_baseline)
{
  IsleReviewList *self = ISLE_REVIEW_LIST (widget);

  gtk_widget_measure (self->scroller, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static GtkSizeRequestMode
isle_review_list_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (ISLE_REVIEW_LIST (widget)->scroller);
}

static void
isle_review_list_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleReviewList *self = ISLE_REVIEW_LIST (widget);

  gtk_widget_allocate (self->scroller, width, height, baseline, NULL);
  self->laid_out = TRUE;
}

static gboolean
isle_review_list_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (ISLE_REVIEW_LIST (widget)->view));
}

/* ---- GObject -------------------------------------------------------------------- */

static void
isle_review_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleReviewList *self = ISLE_REVIEW_LIST (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_int (value, self->position);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_list_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleReviewList *self = ISLE_REVIEW_LIST (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      isle_review_list_set_position (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_list_dispose (GObject *object)
{
  IsleReviewList *self = ISLE_REVIEW_LIST (object);

  if (self->tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick);
  self->tick = 0;
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  self->view = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->items);
  g_clear_object (&self->browser);
  G_OBJECT_CLASS (isle_review_list_parent_class)->dispose (object);
}

static void
isle_review_list_class_init (IsleReviewListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isle_review_list_get_property;
  object_class->set_property = isle_review_list_set_property;
  object_class->dispose = isle_review_list_dispose;
  widget_class->measure = isle_review_list_measure;
  widget_class->get_request_mode = isle_review_list_get_request_mode;
  widget_class->size_allocate = isle_review_list_size_allocate;
  widget_class->grab_focus = isle_review_list_grab_focus;

  properties[PROP_POSITION] =
    g_param_spec_int ("position", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Only a container: the view inside is the list that is read. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* A dark style or a light one: the marks shown take its colours. */
static void
on_dark (IsleReviewList *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  for (guint i = 0; i < n; i++)
    {
      IsleReviewItem *item = item_at (self, i);

      if (item->shown != NULL)
        colour_mark (item->shown, item);
    }
}

static void
isle_review_list_init (IsleReviewList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->position = -1;
  self->centre = -1;
  self->items = g_list_store_new (ISLE_TYPE_REVIEW_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->items)));
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selected), self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), NULL);
  self->view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (on_activate), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Decisions"), -1);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scroller), 180);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->view));
  gtk_widget_add_css_class (self->scroller, "card");
  gtk_widget_add_css_class (self->scroller, "review-list");
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (on_dark), self,
                           G_CONNECT_SWAPPED);
}
