/* isle-review-browser.c — a game review as a person goes through it
 * (isle-review-browser.h).
 *
 * The browser keeps the game's setup and its states before each decision
 * and after the last, copied when it is made; the judgements are the
 * review's (IsleGameReview), read as they arrive. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-history.h"
#include "isle-review-browser.h"
#include "isle-review-words.h"

#define BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

enum
{
  PROP_0,
  PROP_SEAT,
  PROP_POSITION,
  PROP_N_JUDGED,
  PROP_RUNNING,
  PROP_FALLBACK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  DECISION_JUDGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

struct _IsleReviewBrowser
{
  GObject parent_instance;

  IsleGameReview *review;
  IsleGameSetup setup;
  guint n;                   /* decisions */
  IsleState *states;         /* N + 1: before each decision, then after the last */
  IsleAction *actions;
  int seat;
  int position;
  gboolean running;
};

G_DEFINE_FINAL_TYPE (IsleReviewBrowser, isle_review_browser, G_TYPE_OBJECT)

static void
set_running (IsleReviewBrowser *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
on_move_reviewed (IsleReviewBrowser *self, guint i)
{
  g_signal_emit (self, signals[DECISION_JUDGED], 0, i);
}

static void
on_n_reviewed (IsleReviewBrowser *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_JUDGED]);
}

static void
on_fallback (IsleReviewBrowser *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FALLBACK]);
}

static void
on_finished (IsleReviewBrowser *self)
{
  if (isle_game_review_get_finished (self->review))
    set_running (self, FALSE);
}

IsleReviewBrowser *
isle_review_browser_new (IsleGame *game, int seat, IsleReviewDepth depth)
{
  IsleReviewBrowser *self;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  self = g_object_new (ISLE_TYPE_REVIEW_BROWSER, NULL);
  self->setup = *isle_game_get_setup (game);
  g_return_val_if_fail (seat >= 0 && seat < isle_game_setup_n_seats (&self->setup), self);
  self->seat = seat;
  self->review = isle_game_review_new (game, depth, isle_game_review_seed (game));
  self->n = isle_game_review_get_n_moves (self->review);
  self->states = g_new (IsleState, self->n + 1);
  self->actions = g_new (IsleAction, MAX (self->n, 1));
  for (guint i = 0; i <= self->n; i++)
    self->states[i] = *isle_game_get_state_at (game, i);
  for (guint i = 0; i < self->n; i++)
    self->actions[i] = isle_game_get_action (game, i);
  /* A person opens a review at the end, where the result is. */
  self->position = (int) self->n - 1;
  g_signal_connect_object (self->review, "move-reviewed", G_CALLBACK (on_move_reviewed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::n-reviewed", G_CALLBACK (on_n_reviewed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::finished", G_CALLBACK (on_finished), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::fallback", G_CALLBACK (on_fallback), self, G_CONNECT_SWAPPED);
  return self;
}

void
isle_review_browser_start (IsleReviewBrowser *self)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  if (isle_game_review_get_cancelled (self->review) || isle_game_review_get_finished (self->review))
    return;
  set_running (self, TRUE);
  isle_game_review_start (self->review);
}

void
isle_review_browser_set_engine (IsleReviewBrowser *self, IsleAiPlayer *engine, guint ms)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  isle_game_review_set_engine (self->review, engine, ms);
}

const char *
isle_review_browser_get_fallback (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  return isle_game_review_get_fallback (self->review);
}

void
isle_review_browser_cancel (IsleReviewBrowser *self)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  isle_game_review_cancel (self->review);
  set_running (self, FALSE);
}

IsleGameReview *
isle_review_browser_get_review (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  return self->review;
}

guint
isle_review_browser_get_n_decisions (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), 0);
  return self->n;
}

guint
isle_review_browser_get_n_judged (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), 0);
  return isle_game_review_get_n_reviewed (self->review);
}

gboolean
isle_review_browser_get_running (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), FALSE);
  return self->running;
}

int
isle_review_browser_get_n_seats (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), 2);
  return isle_game_setup_n_seats (&self->setup);
}

int
isle_review_browser_get_seat (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), 0);
  return self->seat;
}

void
isle_review_browser_set_seat (IsleReviewBrowser *self, int seat)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  g_return_if_fail (seat >= 0 && seat < isle_game_setup_n_seats (&self->setup));
  if (self->seat == seat)
    return;
  self->seat = seat;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
}

int
isle_review_browser_get_position (IsleReviewBrowser *self)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), -1);
  return self->position;
}

void
isle_review_browser_set_position (IsleReviewBrowser *self, int position)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  position = CLAMP (position, -1, (int) self->n - 1);
  if (self->position == position)
    return;
  self->position = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

void
isle_review_browser_get_decision (IsleReviewBrowser *self, guint i, IsleReviewDecision *decision)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  g_return_if_fail (i < self->n && decision != NULL);
  *decision = (IsleReviewDecision) { 0 };
  decision->seat = isle_state_to_move (&self->states[i]);
  decision->side = (int) isle_seat_side (decision->seat);
  decision->round = self->states[i].round;
  decision->reviewed = decision->seat == self->seat;
  decision->judged = isle_game_review_get_move (self->review, i, &decision->move);
  decision->chance = -1;
  if (decision->judged && decision->move.after >= 0)
    decision->chance = decision->side == (int) isle_seat_side (self->seat) ? decision->move.after : 1 - decision->move.after;
  /* The only move measures nothing: the chance stands as the last
   * decision measured left it. */
  else if (decision->judged && i > 0)
    {
      IsleReviewDecision before;

      isle_review_browser_get_decision (self, i - 1, &before);
      decision->chance = before.chance;
    }
}

/* A decision of the reviewed seat labelled mistake or blunder (the
 * chart's Page Up and Page Down go to the same). */
static gboolean
is_mistake (IsleReviewBrowser *self, guint i)
{
  IsleReviewDecision d;

  isle_review_browser_get_decision (self, i, &d);
  return d.judged && d.reviewed && d.move.label >= ISLE_REVIEW_MISTAKE;
}

/* Where STEP goes from the position, or -2 when nowhere. */
static int
step_target (IsleReviewBrowser *self, IsleReviewStep step)
{
  int last = (int) self->n - 1;

  switch (step)
    {
    case ISLE_REVIEW_STEP_FIRST:
      return self->position > -1 ? -1 : -2;
    case ISLE_REVIEW_STEP_PREVIOUS:
      return self->position > -1 ? self->position - 1 : -2;
    case ISLE_REVIEW_STEP_NEXT:
      return self->position < last ? self->position + 1 : -2;
    case ISLE_REVIEW_STEP_LAST:
      return self->position < last ? last : -2;
    case ISLE_REVIEW_STEP_PREVIOUS_MISTAKE:
      for (int i = self->position - 1; i >= 0; i--)
        if (is_mistake (self, (guint) i))
          return i;
      return -2;
    case ISLE_REVIEW_STEP_NEXT_MISTAKE:
      for (int i = self->position + 1; i <= last; i++)
        if (is_mistake (self, (guint) i))
          return i;
      return -2;
    default:
      g_return_val_if_reached (-2);
    }
}

gboolean
isle_review_browser_can_step (IsleReviewBrowser *self, IsleReviewStep step)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), FALSE);
  return step_target (self, step) != -2;
}

gboolean
isle_review_browser_step (IsleReviewBrowser *self, IsleReviewStep step)
{
  int target;

  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), FALSE);
  target = step_target (self, step);
  if (target == -2)
    return FALSE;
  isle_review_browser_set_position (self, target);
  return TRUE;
}

void
isle_review_browser_get_board (IsleReviewBrowser *self, int position, IsleBoard *board, guint64 *last_move,
                               int *better)
{
  g_autofree IsleObservation *obs = g_new (IsleObservation, 1);
  IsleReviewDecision d;
  const IsleState *after;

  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  g_return_if_fail (position >= -1 && position < (int) self->n && board != NULL);
  after = &self->states[position + 1];
  /* R12: what the reviewed seat could see then. */
  isle_state_observe (after, self->seat, obs);
  *board = obs->view.board;
  if (last_move != NULL)
    *last_move = position >= 0 ? isle_history_cells (&self->states[position], self->actions[position], after) : 0;
  if (better == NULL)
    return;
  *better = -1;
  if (position < 0)
    return;
  isle_review_browser_get_decision (self, (guint) position, &d);
  if (d.judged && d.move.label >= ISLE_REVIEW_INACCURACY && d.move.best != d.move.action
      && isle_action_cell (d.move.best) < ISLE_N_CELLS)
    *better = isle_action_cell (d.move.best);
}

char *
isle_review_browser_dup_text (IsleReviewBrowser *self, guint i)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  g_return_val_if_fail (i < self->n, NULL);
  return isle_history_describe (&self->setup, &self->states[i], self->actions[i], self->seat);
}

const char *
isle_review_browser_label_text (IsleReviewBrowser *self, guint i)
{
  IsleReviewDecision d;

  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  g_return_val_if_fail (i < self->n, NULL);
  isle_review_browser_get_decision (self, i, &d);
  if (!d.judged)
    return isle_game_review_get_cancelled (self->review) ? _("It was not judged: the review was stopped.")
                                                         : _("It is not judged yet.");
  switch (d.move.label)
    {
    case ISLE_REVIEW_ONLY:
      return _("It was the only choice.");
    case ISLE_REVIEW_BEST:
      return _("It was the best choice.");
    case ISLE_REVIEW_GOOD:
      return _("It was a good choice.");
    case ISLE_REVIEW_INACCURACY:
      return _("It was an inaccuracy.");
    case ISLE_REVIEW_MISTAKE:
      return _("It was a mistake.");
    case ISLE_REVIEW_BLUNDER:
    default:
      return _("It was a blunder.");
    }
}

char *
isle_review_browser_dup_reason (IsleReviewBrowser *self, guint i)
{
  IsleReviewDecision d;

  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  g_return_val_if_fail (i < self->n, NULL);
  isle_review_browser_get_decision (self, i, &d);
  return d.judged ? isle_review_words_reason (&self->states[i], &d.move) : NULL;
}

char *
isle_review_browser_dup_seat_name (IsleReviewBrowser *self, int seat)
{
  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  return isle_history_seat_name (&self->setup, seat);
}

char *
isle_review_browser_dup_description (IsleReviewBrowser *self, int position)
{
  g_autofree char *text = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *side = NULL;
  GString *all;
  IsleReviewDecision d;

  g_return_val_if_fail (ISLE_IS_REVIEW_BROWSER (self), NULL);
  g_return_val_if_fail (position >= -1 && position < (int) self->n, NULL);
  if (position < 0)
    return g_strdup (_("The start of the game."));
  isle_review_browser_get_decision (self, (guint) position, &d);
  text = isle_review_browser_dup_text (self, (guint) position);
  all = g_string_new (NULL);
  g_string_append_printf (all, _("Decision %d of %u: %s"), position + 1, self->n, text);
  g_string_append_c (all, ' ');
  g_string_append (all, isle_review_browser_label_text (self, (guint) position));
  reason = d.reviewed ? isle_review_browser_dup_reason (self, (guint) position) : NULL;
  side = isle_history_seat_name (&self->setup, self->seat);
  if (reason != NULL)
    g_string_append_printf (all, " %s", reason);
  else if (d.judged)
    {
      g_string_append_c (all, ' ');
      g_string_append_printf (all, _("%s's chance to win: %.0f%%."), side, 100 * d.chance);
    }
  return g_string_free (all, FALSE);
}

void
isle_review_browser_summarize (IsleReviewBrowser *self, int seat, IsleReviewSummary *summary)
{
  g_return_if_fail (ISLE_IS_REVIEW_BROWSER (self));
  isle_game_review_summarize (self->review, seat, summary);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_review_browser_dispose (GObject *object)
{
  IsleReviewBrowser *self = ISLE_REVIEW_BROWSER (object);

  if (self->review != NULL)
    isle_game_review_cancel (self->review);
  g_clear_object (&self->review);
  G_OBJECT_CLASS (isle_review_browser_parent_class)->dispose (object);
}

static void
isle_review_browser_finalize (GObject *object)
{
  IsleReviewBrowser *self = ISLE_REVIEW_BROWSER (object);

  g_free (self->states);
  g_free (self->actions);
  G_OBJECT_CLASS (isle_review_browser_parent_class)->finalize (object);
}

static void
isle_review_browser_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleReviewBrowser *self = ISLE_REVIEW_BROWSER (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_int (value, self->seat);
      break;
    case PROP_POSITION:
      g_value_set_int (value, self->position);
      break;
    case PROP_N_JUDGED:
      g_value_set_uint (value, isle_review_browser_get_n_judged (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_FALLBACK:
      g_value_set_string (value, isle_review_browser_get_fallback (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_browser_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  IsleReviewBrowser *self = ISLE_REVIEW_BROWSER (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      isle_review_browser_set_seat (self, g_value_get_int (value));
      break;
    case PROP_POSITION:
      isle_review_browser_set_position (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_review_browser_class_init (IsleReviewBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_review_browser_dispose;
  object_class->finalize = isle_review_browser_finalize;
  object_class->get_property = isle_review_browser_get_property;
  object_class->set_property = isle_review_browser_set_property;

  properties[PROP_SEAT] =
    g_param_spec_int ("seat", NULL, NULL, 0, ISLE_MAX_SEATS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POSITION] =
    g_param_spec_int ("position", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_JUDGED] =
    g_param_spec_uint ("n-judged", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FALLBACK] =
    g_param_spec_string ("fallback", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Decision I's judgement arrived (isle_review_browser_get_decision()). */
  signals[DECISION_JUDGED] =
    g_signal_new ("decision-judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
isle_review_browser_init (IsleReviewBrowser *self)
{
  self->position = -1;
}
