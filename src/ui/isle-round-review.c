/* isle-round-review.c — a scored round explained line by line (R7.5).
 *
 * The lines appear one after another, each lit on the map in turn; then
 * the review waits for the player: nothing but Next Round ends it. At the
 * game's end the last round is reviewed as well, under the verdict, with
 * Results and Rematch. Pointing at a line, or clicking or activating it,
 * lights that line; when the pointer leaves, the line clicked, the
 * stepping line or none comes back. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-round-review.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define LINE_STEP_MS 700

struct _IsleRoundReview
{
  GtkBox parent_instance;

  GtkLabel *title;
  GtkLabel *verdict;
  GtkListBox *lines;
  GtkWidget *next_round_button;
  GtkWidget *results_button;
  GtkWidget *review_button;
  GtkWidget *rematch_button;
  GtkWidget *end_buttons;     /* the three above, shown at the game's end */

  IsleTurnScored review;       /* the round reviewed, its lines */
  gboolean active;             /* a review is shown */
  gboolean reviewing;          /* a round's, while the game goes on */
  int review_line;             /* the line lit by the steps */
  int hover_line;              /* the line pointed at, or -1 */
  int picked_line;             /* the line clicked or activated, or -1 */
  guint review_timer;
  guint step_ms;
  int lines_shown;             /* rows of the list filled; -1: a new
                                * review, the list starts afresh */
};

G_DEFINE_FINAL_TYPE (IsleRoundReview, isle_round_review, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_REVIEWING,
  N_PROPS
};

enum
{
  STEP,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_reviewing (IsleRoundReview *self, gboolean reviewing)
{
  if (self->reviewing == reviewing)
    return;
  self->reviewing = reviewing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWING]);
}

/* R7.5: a line of the round-end breakdown in words. */
static char *
line_text (const IsleLineScore *line)
{
  char a[3], b[3];
  const char *colour = line->colour == ISLE_COLOUR_RED ? isle_words_side (ISLE_SIDE_RED)
                                                       : isle_words_side (ISLE_SIDE_BLUE);
  g_autofree char *crow = NULL;

  isle_cell_name (line->cells[0], a);
  isle_cell_name (line->cells[line->length - 1], b);
  if (line->crow_side >= 0 && line->crow_share > 0)
    crow = g_strdup_printf (_(", Crow gives %s %d"), isle_words_side (line->crow_side), line->crow_share);
  /* Translators: "Red: 4 in a line, c1–c4: 6 × 2 = 12" */
  return g_strdup_printf (_("%s: %d in a line, %s–%s: %d × %d = %d%s"), colour, line->length, a, b,
                          line->base, line->multiplier, line->value, crow ? crow : "");
}

static void
on_line_enter (GtkEventControllerMotion *motion, double x, double y, IsleRoundReview *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));

  (void) x;
  (void) y;
  self->hover_line = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
  g_signal_emit (self, signals[STEP], 0);
}

static void
on_line_leave (GtkEventControllerMotion *motion, IsleRoundReview *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));

  if (self->hover_line != gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)))
    return;
  self->hover_line = -1;
  g_signal_emit (self, signals[STEP], 0);
}

/* The review's lines, one row added per step: rows already shown stay. */
static void
fill_lines (IsleRoundReview *self)
{
  int shown = MIN (self->review_line + 1, self->review.n_lines);
  GtkWidget *child;

  if (self->lines_shown < 0 || shown < self->lines_shown)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lines))) != NULL)
        gtk_list_box_remove (self->lines, child);
      self->lines_shown = 0;
      if (self->review.n_lines == 0)
        {
          gtk_list_box_append (self->lines, gtk_label_new (_("No lines this round.")));
          gtk_list_box_row_set_activatable (gtk_list_box_get_row_at_index (self->lines, 0), FALSE);
        }
    }
  for (int i = self->lines_shown; i < shown; i++)
    {
      g_autofree char *text = line_text (&self->review.lines[i]);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkEventController *motion = gtk_event_controller_motion_new ();

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_signal_connect (motion, "enter", G_CALLBACK (on_line_enter), self);
      g_signal_connect (motion, "leave", G_CALLBACK (on_line_leave), self);
      gtk_widget_add_controller (row, motion);
      gtk_list_box_append (self->lines, row);
    }
  self->lines_shown = shown;
}

static void
end_review (IsleRoundReview *self)
{
  g_clear_handle_id (&self->review_timer, g_source_remove);
  set_reviewing (self, FALSE);
  g_signal_emit (self, signals[STEP], 0);
}

/* A line clicked, or activated from the keyboard, stays lit. */
static void
on_line_activated (GtkListBox *box, GtkListBoxRow *row, IsleRoundReview *self)
{
  (void) box;
  if (self->review.n_lines == 0)
    return;
  self->picked_line = gtk_list_box_row_get_index (row);
  g_signal_emit (self, signals[STEP], 0);
}

static void
next_round_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleRoundReview *self = ISLE_ROUND_REVIEW (widget);

  (void) name;
  (void) parameter;
  if (!self->reviewing)
    return;
  end_review (self);
}

static gboolean
review_step (gpointer user_data)
{
  IsleRoundReview *self = user_data;

  self->review_line++;
  if (self->review_line >= self->review.n_lines)
    {
      /* All lines shown: the review waits for the player (Next Round). */
      self->review_timer = 0;
      g_signal_emit (self, signals[STEP], 0);
      return G_SOURCE_REMOVE;
    }
  g_signal_emit (self, signals[STEP], 0);
  return G_SOURCE_CONTINUE;
}

/* Reviews SCORED from its first line, or with every line shown at once
 * (STEPPING false: a finished game shown again). */
static void
begin (IsleRoundReview *self, const IsleTurnScored *scored, gboolean stepping)
{
  self->review = *scored;
  self->review_line = stepping ? 0 : self->review.n_lines;
  self->hover_line = self->picked_line = -1;
  self->active = TRUE;
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->lines_shown = -1;
  if (stepping)
    self->review_timer = g_timeout_add (MAX (1u, self->step_ms), review_step, self);
}

void
isle_round_review_start (IsleRoundReview *self, const IsleTurnScored *scored)
{
  g_return_if_fail (ISLE_IS_ROUND_REVIEW (self));
  g_return_if_fail (scored != NULL && scored->round > 0);
  begin (self, scored, TRUE);
  set_reviewing (self, !scored->over);
}

void
isle_round_review_stop (IsleRoundReview *self)
{
  g_return_if_fail (ISLE_IS_ROUND_REVIEW (self));
  g_clear_handle_id (&self->review_timer, g_source_remove);
  self->active = FALSE;
  set_reviewing (self, FALSE);
}

/* Lines are shown: a round's while the game waits, or the end's. */
static gboolean
showing (IsleRoundReview *self)
{
  return self->active && (self->reviewing || self->review.over);
}

void
isle_round_review_show (IsleRoundReview *self, const IsleTurnScored *scored)
{
  gboolean over;

  g_return_if_fail (ISLE_IS_ROUND_REVIEW (self));
  g_return_if_fail (scored != NULL);
  over = scored->over && scored->round > 0;
  /* R4.7: a finished game shows its last round, even when it was reached
   * by redo or loaded finished; the game's end (or a goal's) told once. */
  if (over && (!self->active || !self->review.over || self->review.round != scored->round))
    {
      begin (self, scored, FALSE);
      g_signal_emit (self, signals[STEP], 0);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), self->reviewing || over);
  /* A scenario's goal decided it: the puzzle's own actions follow. */
  gtk_widget_set_visible (self->rematch_button, over && !scored->goal);
  gtk_widget_set_visible (self->results_button, over && !scored->goal);
  gtk_widget_set_visible (self->review_button, over && !scored->goal);
  gtk_widget_set_visible (self->end_buttons, over && !scored->goal);
  gtk_widget_set_visible (GTK_WIDGET (self->verdict), over && gtk_label_get_text (self->verdict)[0] != '\0');
  gtk_widget_set_visible (self->next_round_button, self->reviewing);
  if (!showing (self))
    return;
  {
    g_autofree char *title = g_strdup_printf (_("Round %d: %s %d, %s %d"), self->review.round,
                                              isle_words_side (ISLE_SIDE_RED), self->review.score[ISLE_SIDE_RED],
                                              isle_words_side (ISLE_SIDE_BLUE), self->review.score[ISLE_SIDE_BLUE]);
    gtk_label_set_text (self->title, title);
  }
  fill_lines (self);
}

gboolean
isle_round_review_get_reviewing (IsleRoundReview *self)
{
  g_return_val_if_fail (ISLE_IS_ROUND_REVIEW (self), FALSE);
  return self->reviewing;
}

gboolean
isle_round_review_get_stepping (IsleRoundReview *self)
{
  g_return_val_if_fail (ISLE_IS_ROUND_REVIEW (self), FALSE);
  return self->review_timer != 0;
}

gboolean
isle_round_review_get_highlight (IsleRoundReview *self, uint64_t *cells, int *side)
{
  const IsleLineScore *line;
  int lit;

  g_return_val_if_fail (ISLE_IS_ROUND_REVIEW (self), FALSE);
  if (!showing (self))
    return FALSE;
  /* The line pointed at, else the one clicked, else the stepping one. */
  lit = self->hover_line >= 0 ? self->hover_line : self->picked_line >= 0 ? self->picked_line : self->review_line;
  if (lit < 0 || lit >= self->review.n_lines)
    return FALSE;
  line = &self->review.lines[lit];
  *cells = 0;
  for (int i = 0; i < line->length; i++)
    *cells |= BIT (line->cells[i]);
  *side = line->colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
  return TRUE;
}

int
isle_round_review_get_lines (IsleRoundReview *self, const IsleLineScore **lines)
{
  g_return_val_if_fail (ISLE_IS_ROUND_REVIEW (self), 0);
  g_return_val_if_fail (lines != NULL, 0);
  *lines = self->review.lines;
  if (!showing (self))
    return 0;
  /* R7.5: the lines told so far, the one the steps reached included. */
  return CLAMP (self->review_line + 1, 0, self->review.n_lines);
}

void
isle_round_review_set_verdict (IsleRoundReview *self, const char *verdict)
{
  g_return_if_fail (ISLE_IS_ROUND_REVIEW (self));
  if (g_strcmp0 (gtk_label_get_text (self->verdict), verdict ? verdict : "") != 0)
    gtk_label_set_text (self->verdict, verdict ? verdict : "");
}

void
isle_round_review_set_step (IsleRoundReview *self, guint ms)
{
  g_return_if_fail (ISLE_IS_ROUND_REVIEW (self));
  self->step_ms = ms;
}

static void
isle_round_review_dispose (GObject *object)
{
  IsleRoundReview *self = ISLE_ROUND_REVIEW (object);

  g_clear_handle_id (&self->review_timer, g_source_remove);
  G_OBJECT_CLASS (isle_round_review_parent_class)->dispose (object);
}

static void
isle_round_review_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_REVIEWING:
      g_value_set_boolean (value, ISLE_ROUND_REVIEW (object)->reviewing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_round_review_class_init (IsleRoundReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_round_review_dispose;
  object_class->get_property = isle_round_review_get_property;
  /* A round's review holds the game until Next Round. */
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* step: another line is lit, or the review ended. */
  signals[STEP] = g_signal_new ("step", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "review.next-round", NULL, next_round_action);
}

static GtkWidget *
action_button (const char *label, const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "suggested-action");
  return button;
}

static void
isle_round_review_init (IsleRoundReview *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  self->step_ms = LINE_STEP_MS;
  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_max_width_chars (self->title, 34);
  gtk_label_set_xalign (self->title, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->title));
  /* R4.7, R9.4: what decided the game, above its last round. */
  self->verdict = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->verdict, TRUE);
  gtk_label_set_max_width_chars (self->verdict, 34);
  gtk_label_set_xalign (self->verdict, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "title-4");
  gtk_widget_set_visible (GTK_WIDGET (self->verdict), FALSE);
  gtk_box_prepend (GTK_BOX (self), GTK_WIDGET (self->verdict));
  self->hover_line = self->picked_line = -1;
  /* Above the lines, so that a round of many lines keeps it (and, at the
   * game's end, Results, Review and Rematch) in sight. */
  self->next_round_button = action_button (_("_Next Round"), "review.next-round");
  gtk_box_append (GTK_BOX (self), self->next_round_button);
  {
    GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    self->results_button = action_button (_("Re_sults"), "win.results");
    gtk_widget_remove_css_class (self->results_button, "suggested-action");
    gtk_box_append (GTK_BOX (buttons), self->results_button);
    self->review_button = action_button (_("Re_view"), "win.review");
    gtk_widget_remove_css_class (self->review_button, "suggested-action");
    gtk_box_append (GTK_BOX (buttons), self->review_button);
    self->rematch_button = action_button (_("_Rematch"), "win.rematch");
    gtk_box_append (GTK_BOX (buttons), self->rematch_button);
    gtk_box_append (GTK_BOX (self), buttons);
    self->end_buttons = buttons;
  }
  self->lines = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->lines, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->lines), "boxed-list");
  g_signal_connect (self->lines, "row-activated", G_CALLBACK (on_line_activated), self);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->lines));
}

GtkWidget *
isle_round_review_new (void)
{
  return g_object_new (ISLE_TYPE_ROUND_REVIEW, NULL);
}
