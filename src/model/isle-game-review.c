/* isle-game-review.c — a game's decisions judged on worker threads
 * (isle-game-review.h).
 *
 * Decisions the game's analysis had judged at the review's depth and seed
 * start STORED and are never searched. The workers share nothing with the
 * main thread but the results, behind one lock: a worker judges decision
 * I from the copied state, stores the judgement, marks I done and, when
 * none is waiting, attaches an idle source to the review's main context
 * that hands the done ones on and gives them back to the game's analysis
 * (the game held weakly). The object owns that source; dispose stops the
 * pool (the searches ask should_stop() every few simulations) and waits
 * for it before it destroys the source, so no worker outlives the
 * object.
 *
 * With an engine (isle_game_review_set_engine()) the workers take turns
 * (ENGINE_LOCK), so one `analyse` at a time goes to the one engine
 * process; dispose and cancel also cancel the question it is waiting on.
 * When the engine cannot analyse or fails, the worker says so once (the
 * "fallback" sentence) and every worker goes on with the built-in search,
 * side by side. */
#include "config.h"

#include <glib/gi18n.h>
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#endif

#include "isle-engine-player.h"
#include "isle-game-review.h"

enum
{
  PROP_0,
  PROP_N_REVIEWED,
  PROP_FINISHED,
  PROP_FALLBACK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  MOVE_REVIEWED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum
{
  PENDING,
  STORED,                    /* judged by the game's analysis, not yet handed on */
  DONE,                      /* judged, not yet handed on */
  SHOWN,                     /* handed on ("move-reviewed") */
  FAILED,                    /* the search could not run */
} MoveStatus;

struct _IsleGameReview
{
  GObject parent_instance;

  IsleReviewDepth depth;
  guint64 seed;
  guint n_moves;
  IsleState *states;         /* the state before each decision */
  IsleAction *actions;
  GWeakRef game;             /* where the judgements go back (main thread) */
  guint n_stored;

  GThreadPool *pool;
  gboolean own_threads;       /* an exclusive pool: its threads may be lowered */
  GMainContext *context;
  gint stopping;             /* atomic: cancelled or disposed */
  gboolean cancelled;

  IsleAiPlayer *engine;      /* the analyser, or NULL: the built-in search */
  guint engine_ms;
  GCancellable *engine_cancel;
  GMutex engine_lock;        /* held while the engine is asked */
  gint engine_off;           /* atomic: the engine failed, the built-in search goes on */
  char *fallback;            /* main thread: the sentence saying so, or NULL */

  GMutex lock;               /* guards the fields below */
  IsleReviewMove *moves;
  MoveStatus *status;
  GSource *flush;            /* the idle that hands results on, or NULL */
  gboolean *by_engine;       /* judged by the engine (never given to the game's analysis) */
  char *engine_problem;      /* why the engine was given up, not yet said, or NULL */
  gboolean problem_taken;    /* the reason was handed on: no other is kept */

  guint n_reviewed;          /* main thread only */
  gboolean finished;         /* main thread only: "finished" said */
};

G_DEFINE_FINAL_TYPE (IsleGameReview, isle_game_review, G_TYPE_OBJECT)

/* ---- the workers ---------------------------------------------------------- */

static bool
should_stop (void *data)
{
  IsleGameReview *self = data;

  return g_atomic_int_get (&self->stopping) != 0;
}

static gboolean flush_results (gpointer data);

/* Decision I judged by the engine into MOVE: the value of the engine's
 * first action is "before" (or the chosen one's, if that is higher: no
 * decision loses by being valued above the engine's choice), the chosen
 * action's is "after". FALSE with ERROR unset when the engine did not try
 * the action chosen (the built-in search judges that decision), FALSE
 * with ERROR when it could not answer. */
static gboolean
judge_by_engine (IsleGameReview *self, guint i, IsleReviewMove *move, GError **error)
{
  const IsleState *state = &self->states[i];
  IsleAction action = self->actions[i];
  g_autofree IsleEngineAnalysis *analysis = g_new (IsleEngineAnalysis, 1);
  g_autofree IsleActionList *legal = g_new (IsleActionList, 1);
  const IsleEngineActionValue *chosen = NULL;
  guint32 visits = 0;

  isle_state_legal_actions (state, legal);
  if (legal->n <= 1)
    return FALSE;  /* nothing to judge: the built-in labels it ONLY without a search */
  if (!isle_engine_player_analyse (ISLE_ENGINE_PLAYER (self->engine), state, self->engine_ms,
                                   self->engine_cancel, analysis, error))
    return FALSE;
  for (int k = 0; k < analysis->n_actions; k++)
    {
      if (analysis->actions[k].action == action && analysis->actions[k].value >= 0.0)
        chosen = &analysis->actions[k];
      visits += analysis->actions[k].visits;
    }
  if (chosen == NULL)
    return FALSE;
  memset (move, 0, sizeof *move);
  move->seat = isle_state_to_move (state);
  move->round = state->round;
  move->action = action;
  move->best = analysis->actions[0].action;
  move->n_legal = legal->n;
  move->after = chosen->value;
  move->before = MAX (analysis->actions[0].value, chosen->value);
  move->reply_seat = move->best_reply_seat = -1;
  move->visits = chosen->visits;
  move->iterations = visits;
  move->label = isle_review_label (isle_review_lost (move->before, move->after, 0.0), move->n_legal,
                                   move->best == action);
  return TRUE;
}

/* A worker searches at a lower priority than the window's thread, so
 * that the window answers at once even when every core searches (on
 * Linux the nice value is the calling thread's own: setpriority(2)).
 * Lower by 10 than the thread it was started from, whose value it
 * inherits: a window started under nice(1) at 10 would otherwise find
 * its workers at its own priority. */
static void
yield_to_the_window (IsleGameReview *self)
{
#ifdef __linux__
  static _Thread_local gboolean lowered;

  if (self->own_threads && !lowered)
    {
      int value;

      lowered = TRUE;
      errno = 0;
      value = getpriority (PRIO_PROCESS, 0);
      if (errno == 0)
        (void) setpriority (PRIO_PROCESS, 0, MIN (value + 10, 19));
    }
#else
  (void) self;
#endif
}

static void
review_one (gpointer data, gpointer user_data)
{
  IsleGameReview *self = user_data;
  guint i = GPOINTER_TO_UINT (data) - 1;
  IsleAiLimits limits = { 0 };
  IsleReviewMove move;
  gboolean judged = FALSE, by_engine = FALSE;

  if (should_stop (self))
    return;
  yield_to_the_window (self);
  if (self->engine != NULL && !g_atomic_int_get (&self->engine_off))
    {
      g_autoptr (GError) error = NULL;

      g_mutex_lock (&self->engine_lock);
      if (!should_stop (self) && !g_atomic_int_get (&self->engine_off))
        by_engine = judge_by_engine (self, i, &move, &error);
      g_mutex_unlock (&self->engine_lock);
      if (should_stop (self))
        return;
      if (error != NULL)
        {
          g_autofree char *problem = NULL;

          /* Given up for the rest of the review, said once: a worker
           * that asked as another failed says nothing more. */
          g_atomic_int_set (&self->engine_off, 1);
          if (g_error_matches (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_UNSUPPORTED))
            problem = g_strdup_printf (_("Engine “%s” cannot analyse a game; the game’s own search reviews it."),
                                       isle_ai_player_get_name (self->engine));
          else
            problem = g_strdup_printf (_("The analyser failed: %s. The game’s own search reviews the rest of the game."),
                                       error->message);
          g_mutex_lock (&self->lock);
          if (self->engine_problem == NULL && !self->problem_taken)
            self->engine_problem = g_steal_pointer (&problem);
          g_mutex_unlock (&self->lock);
        }
    }
  limits.should_stop = should_stop;
  limits.data = self;
  /* Each decision its own chance, the same for the same review seed. */
  judged = by_engine || isle_review_move (&self->states[i], self->actions[i], self->depth,
                             self->seed + (guint64) i * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15),
                             &limits, &move);
  if (should_stop (self))
    return;
  g_mutex_lock (&self->lock);
  self->moves[i] = move;
  self->status[i] = judged ? DONE : FAILED;
  self->by_engine[i] = by_engine;
  if (self->flush == NULL)
    {
      self->flush = g_idle_source_new ();
      g_source_set_priority (self->flush, G_PRIORITY_DEFAULT_IDLE);
      g_source_set_callback (self->flush, flush_results, self, NULL);
      g_source_set_static_name (self->flush, "[critter-isle] review results");
      g_source_attach (self->flush, self->context);
    }
  g_mutex_unlock (&self->lock);
}

/* ---- results in the main context ------------------------------------------ */

/* Adds the judgements JUDGED of the decisions SEARCHED to the game's
 * analysis, those of them that are still of its history: the game may
 * have gone back and on another way since the review copied it. */
static void
give_back (IsleGameReview *self, GArray *searched, GArray *judged)
{
  g_autoptr (IsleGame) game = g_weak_ref_get (&self->game);
  g_autoptr (IsleGameAnalysis) base = NULL;
  g_autoptr (IsleGameAnalysis) added = NULL;
  IsleGameAnalysis *had;
  guint same = 0, n = 0;

  if (game == NULL || searched->len == 0)
    return;
  while (same < self->n_moves && same < isle_game_get_n_actions (game)
         && isle_game_get_action (game, same) == self->actions[same])
    same++;
  while (n < searched->len && g_array_index (searched, guint, n) < same)
    n++;
  if (n == 0)
    return;
  /* One analysis a game: this review's adds to one of its depth and
   * seed, and replaces any other. */
  had = isle_game_get_analysis (game);
  if (had != NULL && isle_game_analysis_is_understood (had)
      && isle_game_analysis_get_depth (had) == self->depth && isle_game_analysis_get_seed (had) == self->seed
      && isle_game_analysis_get_judge (had) == ISLE_REVIEW_JUDGE)
    base = isle_game_analysis_ref (had);
  else
    base = isle_game_analysis_new (self->depth, self->seed);
  added = isle_game_analysis_add (base, n, (const guint *) (void *) searched->data,
                                  (const IsleReviewMove *) (void *) judged->data);
  isle_game_set_analysis (game, added);
}

static gboolean
flush_results (gpointer data)
{
  IsleGameReview *self = data;
  g_autoptr (GArray) done = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) searched = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) judged = g_array_new (FALSE, FALSE, sizeof (IsleReviewMove));
  g_autofree char *problem = NULL;
  guint settled = 0;

  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->flush, g_source_unref);
  problem = g_steal_pointer (&self->engine_problem);
  self->problem_taken = self->problem_taken || problem != NULL;
  for (guint i = 0; i < self->n_moves; i++)
    {
      if (self->status[i] == DONE || self->status[i] == STORED)
        {
          /* An engine's judgements are not the built-in search's at
           * this depth and seed: the game's analysis keeps only those. */
          if (self->status[i] == DONE && !self->by_engine[i])
            {
              g_array_append_val (searched, i);
              g_array_append_val (judged, self->moves[i]);
            }
          self->status[i] = SHOWN;
          g_array_append_val (done, i);
        }
      settled += self->status[i] == SHOWN || self->status[i] == FAILED;
    }
  g_mutex_unlock (&self->lock);
  if (self->cancelled)
    return G_SOURCE_REMOVE;
  g_object_ref (self);
  if (problem != NULL && self->fallback == NULL)
    {
      self->fallback = g_steal_pointer (&problem);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FALLBACK]);
    }
  give_back (self, searched, judged);
  for (guint k = 0; k < done->len; k++)
    g_signal_emit (self, signals[MOVE_REVIEWED], 0, g_array_index (done, guint, k));
  if (done->len > 0)
    {
      self->n_reviewed += done->len;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_REVIEWED]);
    }
  if (settled == self->n_moves && !self->finished)
    {
      self->finished = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* Stops the pool and waits for its workers; then no result can come. */
static void
stop_workers (IsleGameReview *self)
{
  g_atomic_int_set (&self->stopping, 1);
  g_cancellable_cancel (self->engine_cancel);
  if (self->pool != NULL)
    {
      g_thread_pool_free (self->pool, TRUE, TRUE);
      self->pool = NULL;
    }
  g_mutex_lock (&self->lock);
  if (self->flush != NULL)
    {
      g_source_destroy (self->flush);
      g_clear_pointer (&self->flush, g_source_unref);
    }
  g_mutex_unlock (&self->lock);
}

/* ---- public -------------------------------------------------------------- */

IsleGameReview *
isle_game_review_new (IsleGame *game, IsleReviewDepth depth, guint64 seed)
{
  IsleGameReview *self;
  IsleGameAnalysis *analysis;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  self = g_object_new (ISLE_TYPE_GAME_REVIEW, NULL);
  self->depth = depth;
  self->seed = seed;
  self->n_moves = isle_game_get_position (game);
  self->states = g_new (IsleState, MAX (self->n_moves, 1));
  self->actions = g_new (IsleAction, MAX (self->n_moves, 1));
  self->moves = g_new0 (IsleReviewMove, MAX (self->n_moves, 1));
  self->status = g_new0 (MoveStatus, MAX (self->n_moves, 1));
  self->by_engine = g_new0 (gboolean, MAX (self->n_moves, 1));
  g_weak_ref_set (&self->game, game);
  analysis = isle_game_get_analysis (game);
  if (analysis != NULL && (!isle_game_analysis_is_understood (analysis)
                           || isle_game_analysis_get_depth (analysis) != depth
                           || isle_game_analysis_get_seed (analysis) != seed
                           || isle_game_analysis_get_judge (analysis) != ISLE_REVIEW_JUDGE))
    analysis = NULL;
  for (guint i = 0; i < self->n_moves; i++)
    {
      self->states[i] = *isle_game_get_state_at (game, i);
      self->actions[i] = isle_game_get_action (game, i);
      /* Judged already, at this depth and seed by this judge: not
       * searched again. */
      if (analysis != NULL && isle_game_analysis_lookup (analysis, i, self->actions[i], &self->moves[i]))
        {
          self->status[i] = STORED;
          self->n_stored++;
        }
    }
  return self;
}

guint64
isle_game_review_seed (IsleGame *game)
{
  g_return_val_if_fail (ISLE_IS_GAME (game), 1);
  return (isle_game_get_seed (game) ^ G_GUINT64_CONSTANT (0x5EED0F2E71E3)) & ((G_GUINT64_CONSTANT (1) << 53) - 1);
}

void
isle_game_review_start (IsleGameReview *self)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (ISLE_IS_GAME_REVIEW (self));
  if (self->context != NULL || self->cancelled)
    return;
  self->context = g_main_context_ref_thread_default ();
  if (self->n_moves == 0)
    {
      self->finished = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
      return;
    }
  /* What the game had judged, handed on at once. */
  if (self->n_stored > 0)
    {
      flush_results (self);
      if (self->n_stored == self->n_moves || self->cancelled)
        return;
    }
  /* Threads of its own, lowered for the window (yield_to_the_window()),
   * which no other pool is then given; shared ones, not lowered, if the
   * system will not start them now. */
  self->pool = g_thread_pool_new (review_one, self, (int) MAX (1u, g_get_num_processors ()), TRUE, &error);
  self->own_threads = self->pool != NULL;
  if (self->pool == NULL)
    {
      g_clear_error (&error);
      self->pool = g_thread_pool_new (review_one, self, (int) MAX (1u, g_get_num_processors ()), FALSE, &error);
      g_assert_no_error (error);  /* a non-exclusive pool cannot fail */
    }
  /* The last decisions first: a person opens a review at the end. */
  for (guint i = self->n_moves; i > 0; i--)
    if (self->status[i - 1] == PENDING)
      g_thread_pool_push (self->pool, GUINT_TO_POINTER (i), NULL);
}

void
isle_game_review_set_engine (IsleGameReview *self, IsleAiPlayer *engine, guint ms_per_decision)
{
  g_return_if_fail (ISLE_IS_GAME_REVIEW (self));
  g_return_if_fail (engine == NULL || ISLE_IS_ENGINE_PLAYER (engine));
  g_return_if_fail (self->context == NULL);

  g_set_object (&self->engine, engine);
  self->engine_ms = MAX (ms_per_decision, 1);
  if (engine == NULL)
    return;
  /* The game's analysis is the built-in search's: the engine judges
   * every decision itself. */
  for (guint i = 0; i < self->n_moves; i++)
    if (self->status[i] == STORED)
      self->status[i] = PENDING;
  self->n_stored = 0;
}

const char *
isle_game_review_get_fallback (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), NULL);
  return self->fallback;
}

void
isle_game_review_cancel (IsleGameReview *self)
{
  g_return_if_fail (ISLE_IS_GAME_REVIEW (self));
  if (self->cancelled || isle_game_review_get_finished (self))
    return;
  self->cancelled = TRUE;
  stop_workers (self);
}

IsleReviewDepth
isle_game_review_get_depth (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), ISLE_REVIEW_NORMAL);
  return self->depth;
}

guint
isle_game_review_get_n_moves (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), 0);
  return self->n_moves;
}

guint
isle_game_review_get_n_stored (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), 0);
  return self->n_stored;
}

guint
isle_game_review_get_n_reviewed (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), 0);
  return self->n_reviewed;
}

gboolean
isle_game_review_get_finished (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), FALSE);
  return self->finished;
}

gboolean
isle_game_review_get_cancelled (IsleGameReview *self)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), FALSE);
  return self->cancelled;
}

const IsleState *
isle_game_review_get_state (IsleGameReview *self, guint i)
{
  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), NULL);
  g_return_val_if_fail (i < self->n_moves, NULL);
  return &self->states[i];
}

gboolean
isle_game_review_get_move (IsleGameReview *self, guint i, IsleReviewMove *move)
{
  gboolean shown;

  g_return_val_if_fail (ISLE_IS_GAME_REVIEW (self), FALSE);
  g_return_val_if_fail (i < self->n_moves && move != NULL, FALSE);
  g_mutex_lock (&self->lock);
  shown = self->status[i] == SHOWN;
  if (shown)
    *move = self->moves[i];
  g_mutex_unlock (&self->lock);
  return shown;
}

void
isle_game_review_summarize (IsleGameReview *self, int seat, IsleReviewSummary *summary)
{
  g_autofree IsleReviewMove *shown = NULL;
  int n = 0;

  g_return_if_fail (ISLE_IS_GAME_REVIEW (self));
  g_return_if_fail (summary != NULL);
  shown = g_new (IsleReviewMove, MAX (self->n_moves, 1));
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->n_moves; i++)
    if (self->status[i] == SHOWN)
      shown[n++] = self->moves[i];
  g_mutex_unlock (&self->lock);
  isle_review_summarize (shown, n, seat, summary);
}

/* ---- GObject ------------------------------------------------------------- */

static void
isle_game_review_dispose (GObject *object)
{
  stop_workers (ISLE_GAME_REVIEW (object));
  G_OBJECT_CLASS (isle_game_review_parent_class)->dispose (object);
}

static void
isle_game_review_finalize (GObject *object)
{
  IsleGameReview *self = ISLE_GAME_REVIEW (object);

  g_clear_pointer (&self->context, g_main_context_unref);
  g_weak_ref_clear (&self->game);
  g_free (self->states);
  g_free (self->actions);
  g_free (self->moves);
  g_free (self->status);
  g_free (self->by_engine);
  g_free (self->engine_problem);
  g_free (self->fallback);
  g_clear_object (&self->engine_cancel);
  g_clear_object (&self->engine);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->engine_lock);
  G_OBJECT_CLASS (isle_game_review_parent_class)->finalize (object);
}

static void
isle_game_review_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleGameReview *self = ISLE_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_N_REVIEWED:
      g_value_set_uint (value, self->n_reviewed);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;
    case PROP_FALLBACK:
      g_value_set_string (value, self->fallback);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_game_review_class_init (IsleGameReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_game_review_dispose;
  object_class->finalize = isle_game_review_finalize;
  object_class->get_property = isle_game_review_get_property;

  properties[PROP_N_REVIEWED] =
    g_param_spec_uint ("n-reviewed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FALLBACK] =
    g_param_spec_string ("fallback", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A decision judged: its index (isle_game_review_get_move()). */
  signals[MOVE_REVIEWED] =
    g_signal_new ("move-reviewed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
isle_game_review_init (IsleGameReview *self)
{
  g_mutex_init (&self->lock);
  g_mutex_init (&self->engine_lock);
  g_weak_ref_init (&self->game, NULL);
  self->engine_cancel = g_cancellable_new ();
}
