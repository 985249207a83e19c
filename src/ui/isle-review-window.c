/* isle-review-window.c — a game's review (isle-review-window.h).
 *
 * The window shows its IsleReviewBrowser and sends it the person's steps:
 * the chart, the list and the buttons all set the browser's position, and
 * everything is redrawn from the browser when it moves or when a
 * decision's judgement arrives. Left and Right step, Home and End go to
 * the ends, Page Up and Page Down to the judged seat's previous and next
 * mistake, wherever the focus is that does not use them itself (the map
 * moves its cursor with the arrows, the list with Up and Down). */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-announcer.h"
#include "isle-board-view.h"
#include "isle-narrow.h"
#include "isle-player-spec.h"
#include "isle-progress-bar.h"
#include "isle-review-chart.h"
#include "isle-review-list.h"
#include "isle-review-window.h"
#include "isle-settings.h"
#include "isle-square-bin.h"

/* Below this width the panel goes under the map. */
#define NARROW_WIDTH 720

/* Judgements come as each search ends, dozens a second at Fast: they are
 * shown together at most this many milliseconds after the first of them,
 * so the window is drawn a few times a second however fast they come. */
#define REFRESH_MS 200

struct _IsleReviewWindow
{
  AdwWindow parent_instance;

  AdwWindowTitle *title;
  GtkWidget *body;
  GtkWidget *progress_box;
  IsleProgressBar *progress;   /* drawn anew as each judgement comes, not laid out */
  GtkInscription *progress_text;
  IsleReviewChart *chart;
  GtkBox *main_box;
  IsleBoardView *board;
  GtkBox *seats;
  GtkGrid *summary;
  GtkInscription *figures[4];  /* the summary's accuracy, inaccuracies, mistakes and blunders */
  GtkLabel *heading;
  GtkLabel *text;
  GtkLabel *verdict;
  GtkLabel *reason;
  IsleReviewList *decisions;
  GtkLabel *analyser_note;     /* why the game's own search reviews, when an engine was chosen */
  gboolean starting_analyser;  /* the review waits for the engine chosen to start */

  IsleReviewBrowser *browser;
  GArray *judged;              /* guint: decisions judged and not shown yet */
  guint refresh;               /* the source that shows them, or 0 */
  gboolean syncing;            /* the views follow the browser: no step back */
#if !ADW_CHECK_VERSION (1, 4, 0)
  guint layout_idle;
#endif
};

G_DEFINE_FINAL_TYPE (IsleReviewWindow, isle_review_window, ADW_TYPE_WINDOW)

/* ---- the chart -------------------------------------------------------------- */

/* Decision I's point on the chart, DESCRIPTION its sentence. */
static void
chart_point (IsleReviewWindow *self, guint i, const char *description, IsleReviewChartPoint *point)
{
  IsleReviewDecision d;

  isle_review_browser_get_decision (self->browser, i, &d);
  *point = (IsleReviewChartPoint) {
    .side = d.side,
    .round = d.round,
    .chance = d.chance,
    .label = d.judged ? d.move.label : ISLE_REVIEW_BEST,
    .marked = d.reviewed && d.judged,
    .description = description,
  };
}

/* Every decision's point and row: each sentence made once. */
static void
fill_decisions (IsleReviewWindow *self)
{
  guint n = isle_review_browser_get_n_decisions (self->browser);
  g_autofree IsleReviewChartPoint *points = g_new0 (IsleReviewChartPoint, MAX (n, 1));
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      char *description = isle_review_browser_dup_description (self->browser, (int) i);

      g_ptr_array_add (texts, description);
      chart_point (self, i, description, &points[i]);
      isle_review_list_update (self->decisions, i, description);
    }
  isle_review_chart_set_side (self->chart, isle_seat_side (isle_review_browser_get_seat (self->browser)));
  isle_review_chart_set_points (self->chart, points, n);
}

/* ---- the seats and the summary ----------------------------------------------- */

/* The summary's column COLUMN, under HEADING: its figure, of a size that
 * does not follow its text (a figure changed with each judgement does not
 * lay the whole window out again), "100%" at the widest. */
static GtkInscription *
summary_cell (IsleReviewWindow *self, int column, const char *heading)
{
  GtkWidget *top = gtk_label_new (heading);
  GtkWidget *bottom = gtk_inscription_new (NULL);

  gtk_widget_add_css_class (top, "caption");
  gtk_widget_add_css_class (top, "dim-label");
  gtk_widget_add_css_class (bottom, "title-4");
  gtk_widget_add_css_class (bottom, "numeric");
  gtk_label_set_xalign (GTK_LABEL (top), 0);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (bottom), 0);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (bottom), 5);
  gtk_grid_attach (self->summary, top, column, 0, 1, 1);
  gtk_grid_attach (self->summary, bottom, column, 1, 1, 1);
  return GTK_INSCRIPTION (bottom);
}

static void
fill_summary (IsleReviewWindow *self)
{
  /* Translators: headings over a player's figures in the game review. */
  self->figures[0] = summary_cell (self, 0, _("Accuracy"));
  self->figures[1] = summary_cell (self, 1, _("Inaccuracies"));
  self->figures[2] = summary_cell (self, 2, _("Mistakes"));
  self->figures[3] = summary_cell (self, 3, _("Blunders"));
}

/* INSCRIPTION shows TEXT, and is read so. */
static void
inscribe (GtkInscription *inscription, const char *text)
{
  if (g_strcmp0 (gtk_inscription_get_text (inscription), text) == 0)
    return;
  gtk_inscription_set_text (inscription, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (inscription), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
update_summary (IsleReviewWindow *self)
{
  IsleReviewSummary s;
  g_autofree char *accuracy = NULL;
  g_autofree char *inaccuracies = NULL;
  g_autofree char *mistakes = NULL;
  g_autofree char *blunders = NULL;
  g_autofree char *seat = isle_review_browser_dup_seat_name (self->browser, isle_review_browser_get_seat (self->browser));
  g_autofree char *said = NULL;

  isle_review_browser_summarize (self->browser, isle_review_browser_get_seat (self->browser), &s);
  accuracy = s.judged > 0 ? g_strdup_printf (_("%.0f%%"), s.accuracy) : g_strdup (C_("accuracy", "—"));
  inaccuracies = g_strdup_printf ("%d", s.counts[ISLE_REVIEW_INACCURACY]);
  mistakes = g_strdup_printf ("%d", s.counts[ISLE_REVIEW_MISTAKE]);
  blunders = g_strdup_printf ("%d", s.counts[ISLE_REVIEW_BLUNDER]);
  inscribe (self->figures[0], accuracy);
  inscribe (self->figures[1], inaccuracies);
  inscribe (self->figures[2], mistakes);
  inscribe (self->figures[3], blunders);
  said = s.judged > 0
           ? g_strdup_printf (_("%s's accuracy: %.0f%%. Inaccuracies: %d. Mistakes: %d. Blunders: %d."), seat, s.accuracy,
                              s.counts[ISLE_REVIEW_INACCURACY], s.counts[ISLE_REVIEW_MISTAKE],
                              s.counts[ISLE_REVIEW_BLUNDER])
           : g_strdup_printf (_("No decision of %s is judged yet."), seat);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->summary), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
}

static void
on_seat_toggled (GtkToggleButton *button, IsleReviewWindow *self)
{
  if (gtk_toggle_button_get_active (button))
    isle_review_browser_set_seat (self->browser, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "isle-seat")));
}

static void
fill_seats (IsleReviewWindow *self)
{
  GtkToggleButton *group = NULL;
  int n = isle_review_browser_get_n_seats (self->browser);

  for (int seat = 0; seat < n; seat++)
    {
      g_autofree char *name = isle_review_browser_dup_seat_name (self->browser, seat);
      GtkWidget *button = gtk_toggle_button_new_with_label (name);

      g_object_set_data (G_OBJECT (button), "isle-seat", GINT_TO_POINTER (seat));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), seat == isle_review_browser_get_seat (self->browser));
      g_signal_connect (button, "toggled", G_CALLBACK (on_seat_toggled), self);
      gtk_box_append (self->seats, button);
    }
}

/* ---- the decision shown ------------------------------------------------------ */

static void
update_actions (IsleReviewWindow *self)
{
  static const struct { const char *action; IsleReviewStep step; } steps[] = {
    { "review.first", ISLE_REVIEW_STEP_FIRST },
    { "review.previous", ISLE_REVIEW_STEP_PREVIOUS },
    { "review.next", ISLE_REVIEW_STEP_NEXT },
    { "review.last", ISLE_REVIEW_STEP_LAST },
    { "review.previous-mistake", ISLE_REVIEW_STEP_PREVIOUS_MISTAKE },
    { "review.next-mistake", ISLE_REVIEW_STEP_NEXT_MISTAKE },
  };

  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), steps[k].action,
                                   isle_review_browser_can_step (self->browser, steps[k].step));
}

static void
show_position (IsleReviewWindow *self)
{
  int position = isle_review_browser_get_position (self->browser);
  guint n = isle_review_browser_get_n_decisions (self->browser);
  int seat = isle_review_browser_get_seat (self->browser);
  IsleBoard board;
  guint64 last_move;
  int better;

  isle_review_browser_get_board (self->browser, position, &board, &last_move, &better);
  isle_board_view_set_board (self->board, &board, seat);
  isle_board_view_set_last_move (self->board, last_move);
  isle_board_view_set_hint (self->board, better);
  if (position < 0)
    {
      gtk_label_set_label (self->heading, _("The start of the game."));
      gtk_label_set_label (self->text, "");
      gtk_label_set_label (self->verdict, "");
      gtk_label_set_label (self->reason, "");
      isle_review_style_label (GTK_WIDGET (self->verdict), NULL);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Decision %d of %u"), position + 1, n);
      g_autofree char *text = isle_review_browser_dup_text (self->browser, (guint) position);
      g_autofree char *reason = isle_review_browser_dup_reason (self->browser, (guint) position);
      IsleReviewDecision d;

      isle_review_browser_get_decision (self->browser, (guint) position, &d);
      gtk_label_set_label (self->heading, heading);
      gtk_label_set_label (self->text, text);
      gtk_label_set_label (self->verdict, isle_review_browser_label_text (self->browser, (guint) position));
      isle_review_style_label (GTK_WIDGET (self->verdict), &d);
      gtk_label_set_label (self->reason, reason != NULL ? reason : "");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->text), position >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self->verdict), position >= 0);
  gtk_widget_set_visible (GTK_WIDGET (self->reason), *gtk_label_get_label (self->reason) != '\0');
  update_actions (self);
}

/* The browser moved: every view follows, and a screen reader hears
 * where it is now (the chart says it itself as its value). */
static void
on_position (IsleReviewWindow *self)
{
  int position = isle_review_browser_get_position (self->browser);
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  self->syncing = TRUE;
  isle_review_chart_set_position (self->chart, position);
  isle_review_list_set_position (self->decisions, position);
  self->syncing = FALSE;
  show_position (self);
  if (focus != GTK_WIDGET (self->chart) && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      g_autofree char *said = isle_review_browser_dup_description (self->browser, position);

      isle_announce (GTK_WIDGET (self), said);
    }
}

static void
on_chart_position (IsleReviewWindow *self)
{
  if (!self->syncing)
    isle_review_browser_set_position (self->browser, isle_review_chart_get_position (self->chart));
}

static void
on_list_position (IsleReviewWindow *self)
{
  if (!self->syncing)
    isle_review_browser_set_position (self->browser, isle_review_list_get_position (self->decisions));
}

static void on_progress (IsleReviewWindow *self);

/* The judgements that came since they were last shown are shown: their
 * points, rows and the summary, the progress, and the decision shown if
 * it is one of them. */
static void
show_judged (IsleReviewWindow *self)
{
  int position = isle_review_browser_get_position (self->browser);
  gboolean shown = FALSE;

  g_clear_handle_id (&self->refresh, g_source_remove);
  for (guint k = 0; k < self->judged->len; k++)
    {
      guint i = g_array_index (self->judged, guint, k);
      IsleReviewChartPoint point;
      g_autofree char *description = isle_review_browser_dup_description (self->browser, (int) i);

      chart_point (self, i, description, &point);
      isle_review_chart_update_point (self->chart, i, &point);
      isle_review_list_update (self->decisions, i, description);
      shown = shown || (int) i == position;
    }
  if (self->judged->len > 0)
    {
      g_array_set_size (self->judged, 0);
      update_summary (self);
      if (shown)
        show_position (self);
      else
        update_actions (self);
    }
  on_progress (self);
}

static gboolean
refresh_now (gpointer data)
{
  IsleReviewWindow *self = data;

  self->refresh = 0;
  show_judged (self);
  return G_SOURCE_REMOVE;
}

/* Shown soon, with the others that come meanwhile. */
static void
show_judged_soon (IsleReviewWindow *self)
{
  if (self->refresh == 0)
    self->refresh = g_timeout_add (REFRESH_MS, refresh_now, self);
}

static void
on_decision_judged (IsleReviewWindow *self, guint i)
{
  g_array_append_val (self->judged, i);
  show_judged_soon (self);
}

/* The review started, stopped or finished: what it judged is shown now. */
static void
on_running (IsleReviewWindow *self)
{
  show_judged (self);
}

static void
on_seat (IsleReviewWindow *self)
{
  /* Every decision is shown anew. */
  g_array_set_size (self->judged, 0);
  fill_decisions (self);
  update_summary (self);
  show_position (self);
}

static void
on_progress (IsleReviewWindow *self)
{
  guint n = isle_review_browser_get_n_decisions (self->browser);
  guint judged = isle_review_browser_get_n_judged (self->browser);
  g_autofree char *text = g_strdup_printf (ngettext ("Reviewing: %u of %u decision judged.",
                                                     "Reviewing: %u of %u decisions judged.", n),
                                           judged, n);

  if (self->starting_analyser)
    {
      isle_progress_bar_set_fraction (self->progress, 0);
      inscribe (self->progress_text, _("Starting the analyser…"));
      gtk_widget_set_visible (self->progress_box, TRUE);
      return;
    }
  isle_progress_bar_set_fraction (self->progress, n > 0 ? (double) judged / n : 1);
  inscribe (self->progress_text, text);
  gtk_widget_set_visible (self->progress_box, isle_review_browser_get_running (self->browser));
}

static void
on_stop_clicked (IsleReviewWindow *self)
{
  /* Stopped before the analyser had started: the review never starts. */
  self->starting_analyser = FALSE;
  isle_review_browser_cancel (self->browser);
  /* What was not judged now says so. */
  on_seat (self);
}

/* ---- steps ------------------------------------------------------------------- */

static void
step_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleReviewWindow *self = ISLE_REVIEW_WINDOW (widget);
  IsleReviewStep step = ISLE_REVIEW_STEP_NEXT;

  (void) parameter;
  if (g_str_equal (name, "review.first"))
    step = ISLE_REVIEW_STEP_FIRST;
  else if (g_str_equal (name, "review.previous"))
    step = ISLE_REVIEW_STEP_PREVIOUS;
  else if (g_str_equal (name, "review.last"))
    step = ISLE_REVIEW_STEP_LAST;
  else if (g_str_equal (name, "review.previous-mistake"))
    step = ISLE_REVIEW_STEP_PREVIOUS_MISTAKE;
  else if (g_str_equal (name, "review.next-mistake"))
    step = ISLE_REVIEW_STEP_NEXT_MISTAKE;
  isle_review_browser_step (self->browser, step);
}

/* The keys step where the focused widget does not use them itself. The
 * list's view takes Left and Right for itself (for a grid's columns),
 * which a list of rows does not use: there they step too. */
static void
add_step_keys (IsleReviewWindow *self)
{
  static const struct { guint key; const char *action; gboolean across; } keys[] = {
    { GDK_KEY_Left, "review.previous", TRUE },       { GDK_KEY_KP_Left, "review.previous", TRUE },
    { GDK_KEY_Right, "review.next", TRUE },          { GDK_KEY_KP_Right, "review.next", TRUE },
    { GDK_KEY_Home, "review.first", FALSE },         { GDK_KEY_End, "review.last", FALSE },
    { GDK_KEY_Page_Up, "review.previous-mistake", FALSE }, { GDK_KEY_Page_Down, "review.next-mistake", FALSE },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkEventController *across = gtk_shortcut_controller_new ();

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                            gtk_shortcut_new (gtk_keyval_trigger_new (keys[k].key, 0),
                                                              gtk_named_action_new (keys[k].action)));
      if (keys[k].across)
        gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (across),
                                              gtk_shortcut_new (gtk_keyval_trigger_new (keys[k].key, 0),
                                                                gtk_named_action_new (keys[k].action)));
    }
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  gtk_widget_add_controller (self->body, controller);
  gtk_event_controller_set_propagation_phase (across, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (GTK_WIDGET (self->decisions), across);
}

/* ---- narrow windows ---------------------------------------------------------- */

#if !ADW_CHECK_VERSION (1, 4, 0)
static GtkOrientation
orientation_for (int width)
{
  return width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
}

static gboolean
apply_width (gpointer data)
{
  IsleReviewWindow *self = data;

  self->layout_idle = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  orientation_for (gtk_widget_get_width (GTK_WIDGET (self))));
  return G_SOURCE_REMOVE;
}

/* Libadwaita before 1.4 has no breakpoints: the window follows its own
 * width, changing the box just after this layout. */
static void
isle_review_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  IsleReviewWindow *self = ISLE_REVIEW_WINDOW (widget);

  GTK_WIDGET_CLASS (isle_review_window_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->layout_idle == 0
      && gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main_box)) != orientation_for (width))
    self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_width, self, NULL);
}
#endif

/* ---- public -------------------------------------------------------------------- */

static IsleReviewDepth
depth_setting (void)
{
  g_autofree char *depth = g_settings_get_string (isle_settings_get (), "review-depth");

  if (g_strcmp0 (depth, "fast") == 0)
    return ISLE_REVIEW_FAST;
  if (g_strcmp0 (depth, "deep") == 0)
    return ISLE_REVIEW_DEEP;
  return ISLE_REVIEW_NORMAL;
}

/* Milliseconds an outside analyser thinks on each decision, by depth. */
static const guint engine_ms[ISLE_REVIEW_N_DEPTHS] = { 150, 500, 2000 };

static void
show_analyser_note (IsleReviewWindow *self, const char *note)
{
  gtk_label_set_text (self->analyser_note, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->analyser_note), note != NULL);
}

static void
on_fallback (IsleReviewWindow *self)
{
  show_analyser_note (self, isle_review_browser_get_fallback (self->browser));
}

/* The analyser could not be started (ERROR): the game's own search
 * reviews the game, and the window says so under the progress. */
static void
say_analyser_failed (IsleReviewWindow *self, const GError *error)
{
  g_autofree char *note = g_strdup_printf (_("The analyser could not be started: %s. The game’s own search reviews the game."),
                                           error->message);

  show_analyser_note (self, note);
}

static void
on_analyser_started (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleReviewWindow *self = ISLE_REVIEW_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleAiPlayer) engine = isle_player_spec_new_player_finish (result, &error);

  (void) data;
  /* Closed, or stopped, meanwhile: nothing to start. */
  if (self->browser == NULL || !self->starting_analyser)
    return;
  self->starting_analyser = FALSE;
  if (engine != NULL)
    isle_review_browser_set_engine (self->browser, engine,
                                    engine_ms[isle_game_review_get_depth (isle_review_browser_get_review (self->browser))]);
  else
    say_analyser_failed (self, error);
  isle_review_browser_start (self->browser);
  on_progress (self);
}

/* Gives the browser the analyser chosen in Preferences ("analyser"), an
 * engine of the "engines" list with GAME's rules, started on a thread;
 * one the list no longer has, or "", leaves the game's own search, and
 * an engine that cannot start says so under the progress. While an
 * engine starts (STARTING_ANALYSER), the review waits for it (or for its
 * failure). */
static void
use_analyser (IsleReviewWindow *self, IsleGame *game)
{
  GSettings *settings = isle_settings_get ();
  g_autofree char *command = g_settings_get_string (settings, "analyser");
  g_auto (GStrv) engines = g_settings_get_strv (settings, "engines");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  IslePlayerSpec spec;

  self->analyser_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->analyser_note, TRUE);
  gtk_label_set_xalign (self->analyser_note, 0.0f);
  gtk_widget_add_css_class (GTK_WIDGET (self->analyser_note), "dim-label");
  gtk_box_insert_child_after (GTK_BOX (self->body), GTK_WIDGET (self->analyser_note), self->progress_box);
  show_analyser_note (self, NULL);
  g_signal_connect_object (self->browser, "notify::fallback", G_CALLBACK (on_fallback), self, G_CONNECT_SWAPPED);
  if (command[0] == '\0' || !g_strv_contains ((const char *const *) engines, command))
    return;
  text = g_strconcat ("engine:", command, NULL);
  if (!isle_player_spec_parse (text, &spec, &error))
    {
      say_analyser_failed (self, error);
      return;
    }
  /* Started off the main loop: its handshake may take seconds (an engine
   * has 5 to answer), which the window does not wait for. */
  self->starting_analyser = TRUE;
  isle_player_spec_new_player_async (&spec, &isle_game_get_setup (game)->rules, 0, self, NULL,
                                     on_analyser_started, NULL);
}

IsleReviewWindow *
isle_review_window_present (GtkWindow *parent, IsleGame *game, int seat)
{
  IsleReviewWindow *self;
  g_autofree char *seat_name = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  self = g_object_new (ISLE_TYPE_REVIEW_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE,
                       "application", gtk_window_get_application (parent), NULL);
  self->browser = isle_review_browser_new (game, seat, depth_setting ());
  use_analyser (self, game);
  fill_seats (self);
  fill_summary (self);
  isle_review_list_set_browser (self->decisions, self->browser);
  fill_decisions (self);
  update_summary (self);
  g_signal_connect_object (self->browser, "notify::position", G_CALLBACK (on_position), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "notify::seat", G_CALLBACK (on_seat), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "notify::n-judged", G_CALLBACK (show_judged_soon), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "notify::running", G_CALLBACK (on_running), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "decision-judged", G_CALLBACK (on_decision_judged), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->chart, "notify::position", G_CALLBACK (on_chart_position), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->decisions, "notify::position", G_CALLBACK (on_list_position), self, G_CONNECT_SWAPPED);
  on_position (self);
  seat_name = isle_review_browser_dup_seat_name (self->browser, seat);
  adw_window_title_set_subtitle (self->title, seat_name);
  if (!self->starting_analyser)
    isle_review_browser_start (self->browser);
  on_progress (self);
  isle_accessible_tidy (GTK_WIDGET (self));
  gtk_window_present (GTK_WINDOW (self));
  /* The chart takes the keys first: the arrows step through the game. */
  gtk_widget_grab_focus (GTK_WIDGET (self->chart));
  return self;
}

IsleReviewBrowser *
isle_review_window_get_browser (IsleReviewWindow *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_WINDOW (self), NULL);
  return self->browser;
}

/* ---- GObject ------------------------------------------------------------------- */

static void
isle_review_window_dispose (GObject *object)
{
  IsleReviewWindow *self = ISLE_REVIEW_WINDOW (object);

  /* Closing stops the searches at once. */
  if (self->browser != NULL)
    isle_review_browser_cancel (self->browser);
  g_clear_object (&self->browser);
  g_clear_handle_id (&self->refresh, g_source_remove);
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_clear_handle_id (&self->layout_idle, g_source_remove);
#endif
  gtk_widget_dispose_template (GTK_WIDGET (self), ISLE_TYPE_REVIEW_WINDOW);
  G_OBJECT_CLASS (isle_review_window_parent_class)->dispose (object);
}

static void
isle_review_window_finalize (GObject *object)
{
  IsleReviewWindow *self = ISLE_REVIEW_WINDOW (object);

  g_array_unref (self->judged);
  G_OBJECT_CLASS (isle_review_window_parent_class)->finalize (object);
}

static void
isle_review_window_class_init (IsleReviewWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const char *steps[] = { "review.first", "review.previous", "review.next", "review.last",
                                 "review.previous-mistake", "review.next-mistake" };

  object_class->dispose = isle_review_window_dispose;
  object_class->finalize = isle_review_window_finalize;
#if !ADW_CHECK_VERSION (1, 4, 0)
  widget_class->size_allocate = isle_review_window_size_allocate;
#endif

  g_type_ensure (ISLE_TYPE_PROGRESS_BAR);
  g_type_ensure (ISLE_TYPE_REVIEW_CHART);
  g_type_ensure (ISLE_TYPE_REVIEW_LIST);
  g_type_ensure (ISLE_TYPE_BOARD_VIEW);
  g_type_ensure (ISLE_TYPE_SQUARE_BIN);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/critterisle/CritterIsle/isle-review-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, title);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, body);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, progress_box);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, progress);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, progress_text);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, main_box);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, board);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, seats);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, summary);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, heading);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, text);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, verdict);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, reason);
  gtk_widget_class_bind_template_child (widget_class, IsleReviewWindow, decisions);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    gtk_widget_class_install_action (widget_class, steps[k], NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
isle_review_window_init (IsleReviewWindow *self)
{
  self->judged = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The bar is read by its text. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->progress), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->progress_text, NULL, -1);
  add_step_keys (self);
#if ADW_CHECK_VERSION (1, 4, 0)
  isle_narrow_breakpoint (GTK_WIDGET (self), GTK_ORIENTABLE (self->main_box), NARROW_WIDTH);
#endif
  isle_board_view_set_targets (self->board, 0);
}
