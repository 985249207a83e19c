/* isle-cli-review-bench.c — `critter-isle-cli bench --review MODE`: how
 * good the game review is (issue 29, "Targets"), measured on games a
 * searching level plays against itself in every two-seat variant:
 *
 *   planted      one placement of each game replaced by the worst by the
 *                rules of thumb (isle_state_placement_worths()), where
 *                they think it at least --plant-gap points (default 3, a
 *                line of three) worse than their best: the share of those
 *                the review calls a mistake or blunder, and the share of
 *                the players' own decisions it calls so;
 *   stability    every decision reviewed with two seeds: the share given
 *                the same label;
 *   calibration  at most three positions a game: the chance to win the
 *                review states for the side to move ("before") against
 *                the game's result for that side (a draw is half), as an
 *                expected calibration error over ten equal bins.
 *
 * Games run in parallel on a thread pool, each played, then reviewed
 * decision by decision with isle_review_move() in the same thread. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-notation.h"
#include "isle-review.h"

typedef enum
{
  MODE_PLANTED,
  MODE_STABILITY,
  MODE_CALIBRATION,
  N_MODES,
} Mode;

static const char *const mode_ids[N_MODES] = { "planted", "stability", "calibration" };
static const char *const depth_ids[ISLE_REVIEW_N_DEPTHS] = { "fast", "normal", "deep" };
static const char *const label_ids[ISLE_REVIEW_N_LABELS] = {
  "only", "best", "good", "inaccuracy", "mistake", "blunder"
};

/* The two-seat variants, in turn from game to game. */
#define N_TWO_SEAT_VARIANTS 4
/* A game's decisions at most, and the positions calibration takes. */
#define MAX_DECISIONS 1024
#define CALIBRATION_PER_GAME 3
#define N_BINS 10

typedef struct
{
  /* Settings, the same for every game. */
  Mode mode;
  const IsleRules *rules;
  IslePlayerSpec player;
  IsleReviewDepth depth;
  guint64 seed;
  int own;                  /* own decisions reviewed a game, 0: all */
  double plant_gap;         /* points the plant gives away at least */
  gboolean plant_tile;      /* the worst tile of the token chosen, not the worst placement */
  /* Per game (filled by its thread). */
  int index;
  IsleVariant variant;
  int n_decisions;
  gboolean failed;
  gboolean skipped;         /* not finished: the run was interrupted */
  gboolean planted;
  IsleReviewMove planted_move;
  char planted_text[32];    /* the plant, and the review's best there */
  char planted_best[32];
  char planted_board[256];  /* the map it was planted on (R3) */
  char planted_hand[32];    /* the hand it was planted from */
  int planted_round;
  double planted_gap;       /* rules-of-thumb points the plant gave away */
  GArray *own_moves;        /* IsleReviewMove: the players' own, reviewed */
  GArray *other_moves;      /* stability: the same decisions, second seed */
  int n_positions;
  double stated[CALIBRATION_PER_GAME];
  double result[CALIBRATION_PER_GAME];
  int round[CALIBRATION_PER_GAME];
  int n_rounds;
} GameJob;

static inline gboolean
is_mistake (IsleReviewLabel label)
{
  return label == ISLE_REVIEW_MISTAKE || label == ISLE_REVIEW_BLUNDER;
}

/* The worst placement of S's legal actions LEGAL by the rules of thumb,
 * or 0 when S is no placement with one at least MIN_GAP points (and
 * some) worse than the best; GAP gets how much worse it is. */
static IsleAction
worst_placement (const IsleState *s, const IsleActionList *legal, double min_gap, double *gap)
{
  float worths[ISLE_MAX_ACTIONS];
  int lo = 0, hi = 0;

  if (s->phase != ISLE_PHASE_PLACE || legal->n < 2)
    return 0;
  isle_state_placement_worths (s, legal->actions, legal->n, 1.0, worths);
  for (int i = 1; i < legal->n; i++)
    {
      if (worths[i] < worths[lo])
        lo = i;
      if (worths[i] > worths[hi])
        hi = i;
    }
  *gap = worths[hi] - worths[lo];
  return worths[hi] > worths[lo] && *gap >= min_gap ? legal->actions[lo] : 0;
}

/* The worst placement by the rules of thumb of the same token as CHOSEN
 * (its kind, face up or down), a placement of S's legal actions LEGAL:
 * the token the player chose put on its worst tile, a mistake of where
 * and not of which token first (a spy, a Rat, is always "worse" than a
 * Wolf to the rules of thumb, yet has to be placed some time). 0 when
 * CHOSEN is no placement or its worst is not at least MIN_GAP points (and
 * some) worse than CHOSEN; GAP gets how much worse it is. */
static IsleAction
worst_tile (const IsleState *s, const IsleActionList *legal, IsleAction chosen, double min_gap, double *gap)
{
  float worths[ISLE_MAX_ACTIONS];
  IsleAction same[ISLE_MAX_ACTIONS];
  int n = 0, lo = -1, at = -1;

  if (s->phase != ISLE_PHASE_PLACE || isle_action_type (chosen) != ISLE_ACTION_PLACE)
    return 0;
  for (int i = 0; i < legal->n; i++)
    if (isle_action_type (legal->actions[i]) == ISLE_ACTION_PLACE
        && isle_action_kind (legal->actions[i]) == isle_action_kind (chosen)
        && isle_action_face_down (legal->actions[i]) == isle_action_face_down (chosen))
      {
        if (legal->actions[i] == chosen)
          at = n;
        same[n++] = legal->actions[i];
      }
  if (n < 2 || at < 0)
    return 0;
  isle_state_placement_worths (s, same, n, 1.0, worths);
  for (int i = 0; i < n; i++)
    if (lo < 0 || worths[i] < worths[lo])
      lo = i;
  *gap = worths[at] - worths[lo];
  return worths[at] > worths[lo] && *gap >= min_gap ? same[lo] : 0;
}

/* How many placements with a choice MIN_GAP points worse (of the same
 * token as the one placed, when TILE) a game of S's variant has, by a
 * random playout from S: where the plant can fall. */
static int
count_placements (const IsleState *start, gboolean tile, double min_gap, IsleRng *rng)
{
  IsleState s = *start;
  int n = 0;

  while (!isle_state_is_terminal (&s))
    {
      IsleActionList legal;
      IsleAction a = isle_state_sample_action (&s, rng);
      double gap;

      isle_state_legal_actions (&s, &legal);
      if ((tile ? worst_tile (&s, &legal, a, min_gap, &gap) : worst_placement (&s, &legal, min_gap, &gap)) != 0)
        n++;
      isle_state_apply (&s, a);
    }
  return n;
}

/* Puts K of the N entries of ORDER, drawn at random, first (a partial
 * shuffle). */
static void
draw_indices (int *order, int n, int k, IsleRng *rng)
{
  for (int i = 0; i < k && i < n; i++)
    {
      int j = i + (int) isle_rng_below (rng, (uint32_t) (n - i));
      int t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
}

static void
play_and_review (gpointer data, gpointer user_data)
{
  GameJob *job = data;
  IsleCliPlayer player;
  g_autoptr (GError) error = NULL;
  g_autofree IsleState *states = NULL;
  g_autofree IsleAction *actions = NULL;
  g_autofree int *judged = NULL;
  guint64 game_seed = job->seed * 1000003u + (guint64) job->index;
  IsleState s;
  IsleRng rng;
  int plant_target = -1, plant_at = -1, placements = 0, n_judged = 0, n_review;
  double returns[ISLE_MAX_SEATS];

  (void) user_data;
  if (isle_cli_interrupted ())
    {
      job->skipped = TRUE;
      return;
    }
  /* Only now: a run interrupted skips its many games left at once (a
   * megabyte a game allocated and freed costs much under a sanitizer). */
  states = g_new (IsleState, MAX_DECISIONS);
  actions = g_new (IsleAction, MAX_DECISIONS);
  judged = g_new (int, MAX_DECISIONS);
  memset (&player, 0, sizeof player);
  if (!isle_cli_player_init (&player, &job->player, game_seed, &error)
      || !isle_state_init (&s, job->rules, job->variant, job->index % 2, game_seed))
    {
      job->failed = TRUE;
      return;
    }
  isle_rng_seed (&rng, game_seed ^ UINT64_C (0x9e3779b97f4a7c15));
  if (job->mode == MODE_PLANTED)
    {
      /* A placement drawn from those a game of the variant has, short of
       * the last few (the game may be shorter than the playout's). */
      int n = count_placements (&s, job->plant_tile, job->plant_gap, &rng);

      plant_target = (int) isle_rng_below (&rng, (uint32_t) MAX (1, n * 9 / 10));
    }
  while (!isle_state_is_terminal (&s) && job->n_decisions < MAX_DECISIONS && !isle_cli_interrupted ())
    {
      IsleActionList legal;
      IsleAction a = 0, worst;
      double gap = 0.0;

      isle_state_legal_actions (&s, &legal);
      worst = 0;
      if (plant_target >= 0 && !job->planted && job->plant_tile && legal.n >= 2)
        {
          /* The player's own choice first, then its token's worst tile. */
          a = isle_cli_player_choose (&player, &s, NULL, NULL);
          worst = worst_tile (&s, &legal, a, job->plant_gap, &gap);
        }
      else if (plant_target >= 0 && !job->planted)
        worst = worst_placement (&s, &legal, job->plant_gap, &gap);
      if (worst != 0 && placements++ == plant_target)
        {
          a = worst;
          job->planted = TRUE;
          job->planted_gap = gap;
          plant_at = job->n_decisions;
        }
      else if (legal.n == 1)
        a = legal.actions[0];
      else if (a == 0)
        a = isle_cli_player_choose (&player, &s, NULL, NULL);
      states[job->n_decisions] = s;
      actions[job->n_decisions] = a;
      if (legal.n >= 2 && plant_at != job->n_decisions)
        judged[n_judged++] = job->n_decisions;
      job->n_decisions++;
      isle_state_apply (&s, a);
    }
  isle_cli_player_clear (&player);
  if (isle_cli_interrupted ())
    {
      job->skipped = TRUE;
      return;
    }
  if (!isle_state_is_terminal (&s))
    {
      job->failed = TRUE;
      return;
    }
  isle_state_returns (&s, returns);
  job->n_rounds = s.n_rounds;

  /* The review: its own seed, as the app's is not the players'. */
  {
    guint64 review_seed = game_seed ^ UINT64_C (0x2545f4914f6cdd1d);

    if (job->mode == MODE_PLANTED && job->planted
        && !isle_review_move (&states[plant_at], actions[plant_at], job->depth, review_seed + (guint64) plant_at,
                              NULL, &job->planted_move))
      job->failed = TRUE;
    if (job->mode == MODE_PLANTED && job->planted && !job->failed)
      {
        isle_action_format (&states[plant_at], actions[plant_at], job->planted_text);
        isle_action_format (&states[plant_at], job->planted_move.best, job->planted_best);
        job->planted_round = states[plant_at].round;
        isle_board_format (&states[plant_at].board, job->planted_board, sizeof job->planted_board);
        {
          const IsleState *p = &states[plant_at];
          int seat = isle_state_to_move (p), n = 0;

          for (int k = 0; k < p->hand_len[seat] && n < (int) sizeof job->planted_hand - 1; k++)
            job->planted_hand[n++] = isle_kind_info ((IsleKind) p->hand[seat][k])->code;
          job->planted_hand[n] = '\0';
        }
      }
    if (job->mode == MODE_CALIBRATION)
      n_review = MIN (n_judged, CALIBRATION_PER_GAME);
    else
      n_review = job->own > 0 ? MIN (n_judged, job->own) : n_judged;
    draw_indices (judged, n_judged, n_review, &rng);
    for (int k = 0; k < n_review && !job->failed && !job->skipped; k++)
      {
        int i = judged[k];
        IsleReviewMove m;

        if (isle_cli_interrupted ())
          {
            job->skipped = TRUE;
            break;
          }
        if (!isle_review_move (&states[i], actions[i], job->depth, review_seed + (guint64) i, NULL, &m))
          {
            job->failed = TRUE;
            break;
          }
        if (job->mode == MODE_CALIBRATION)
          {
            job->stated[job->n_positions] = m.before;
            job->result[job->n_positions] = (returns[m.seat] + 1.0) / 2.0;
            job->round[job->n_positions] = m.round;
            job->n_positions++;
            continue;
          }
        g_array_append_val (job->own_moves, m);
        if (job->mode == MODE_STABILITY)
          {
            /* R12 sampled afresh: another seed, the same decision. */
            if (!isle_review_move (&states[i], actions[i], job->depth,
                                   (review_seed + (guint64) i) ^ UINT64_C (0xda942042e4dd58b5), NULL, &m))
              job->failed = TRUE;
            else
              g_array_append_val (job->other_moves, m);
          }
      }
  }
}

/* Whether JOB's game was played and reviewed. */
static inline gboolean
counted (const GameJob *job)
{
  return !job->failed && !job->skipped;
}

/* The figures of a run, over every game finished. */
typedef struct
{
  int games, failed, planted, planted_mistakes, own, own_mistakes, compared, same;
  int planted_labels[ISLE_REVIEW_N_LABELS], own_labels[ISLE_REVIEW_N_LABELS];
  int positions;
  int bin_count[N_BINS];
  double bin_stated[N_BINS], bin_result[N_BINS];
  double ece;
} Figures;

static void
add_up (GameJob *jobs, int n, Figures *f)
{
  memset (f, 0, sizeof *f);
  for (int g = 0; g < n; g++)
    {
      GameJob *job = &jobs[g];

      if (job->skipped)
        continue;
      f->games++;
      if (job->failed)
        {
          f->failed++;
          continue;
        }
      if (job->planted)
        {
          f->planted++;
          f->planted_labels[job->planted_move.label]++;
          f->planted_mistakes += is_mistake (job->planted_move.label);
        }
      for (guint i = 0; i < job->own_moves->len; i++)
        {
          const IsleReviewMove *m = &g_array_index (job->own_moves, IsleReviewMove, i);

          f->own++;
          f->own_labels[m->label]++;
          f->own_mistakes += is_mistake (m->label);
          if (i < job->other_moves->len)
            {
              f->compared++;
              f->same += m->label == g_array_index (job->other_moves, IsleReviewMove, i).label;
            }
        }
      for (int i = 0; i < job->n_positions; i++)
        {
          int bin = MIN (N_BINS - 1, (int) (job->stated[i] * N_BINS));

          bin = MAX (0, bin);
          f->positions++;
          f->bin_count[bin]++;
          f->bin_stated[bin] += job->stated[i];
          f->bin_result[bin] += job->result[i];
        }
    }
  for (int b = 0; b < N_BINS; b++)
    if (f->bin_count[b] > 0)
      {
        f->bin_stated[b] /= f->bin_count[b];
        f->bin_result[b] /= f->bin_count[b];
        f->ece += fabs (f->bin_stated[b] - f->bin_result[b]) * f->bin_count[b] / f->positions;
      }
}

static double
share (int part, int whole)
{
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

static void
print_text (const GameJob *settings, const Figures *f, int threads, double seconds)
{
  g_autofree char *who = isle_player_spec_describe (&settings->player);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, settings->seed);

  /* Translators: the head of `bench --review`: the mode ("planted"), the
   * games, the player ("Expert, 0.05 s a move"), the review's depth
   * ("fast"), the seed, the threads and the seconds taken. */
  printf (_("Review benchmark “%s”: %d games of %s against itself, reviewed at depth %s, seed %s, on %d threads in %.0f s\n"),
          mode_ids[settings->mode], f->games, who, depth_ids[settings->depth], seed, threads, seconds);
  if (f->failed > 0)
    printf (ngettext ("%d game could not be played or reviewed and is left out\n",
                      "%d games could not be played or reviewed and are left out\n", f->failed), f->failed);
  switch (settings->mode)
    {
    case MODE_PLANTED:
      printf (_("Planted mistakes labelled mistake or blunder: %d of %d (%.1f%%; target at least 90%%)\n"),
              f->planted_mistakes, f->planted, share (f->planted_mistakes, f->planted));
      printf (_("The players’ own decisions labelled mistake or blunder: %d of %d (%.1f%%; target at most 5%%)\n"),
              f->own_mistakes, f->own, share (f->own_mistakes, f->own));
      break;
    case MODE_STABILITY:
      printf (_("Decisions given the same label by reviews with two seeds: %d of %d (%.1f%%; target at least 90%%)\n"),
              f->same, f->compared, share (f->same, f->compared));
      break;
    case MODE_CALIBRATION:
    default:
      printf (_("Expected calibration error over %d positions: %.3f (target at most 0.05)\n"),
              f->positions, f->ece);
      printf ("%-11s %7s %7s %9s\n", _("stated"), _("count"), _("mean"), _("observed"));
      for (int b = 0; b < N_BINS; b++)
        printf ("%4.1f – %3.1f %7d %7.3f %9.3f\n", (double) b / N_BINS, (double) (b + 1) / N_BINS,
                f->bin_count[b], f->bin_stated[b], f->bin_result[b]);
      break;
    }
}

static void
add_labels (JsonBuilder *b, const char *name, const int *counts)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  for (int l = 0; l < ISLE_REVIEW_N_LABELS; l++)
    {
      json_builder_set_member_name (b, label_ids[l]);
      json_builder_add_int_value (b, counts[l]);
    }
  json_builder_end_object (b);
}

static void
add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_double (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

/* One reviewed decision in the JSON, for fitting thresholds and curves;
 * a planted one (PLANTED not NULL) with the rules of thumb's points
 * between the best placement and it (GAP), its round, and the plant and
 * the review's best as text. */
static void
add_move (JsonBuilder *b, IsleVariant variant, const IsleReviewMove *m, double gap, const GameJob *planted)
{
  json_builder_begin_object (b);
  if (planted != NULL)
    {
      add_double (b, "gap", gap);
      add_int (b, "round", planted->planted_round);
      json_builder_set_member_name (b, "action");
      json_builder_add_string_value (b, planted->planted_text);
      json_builder_set_member_name (b, "best");
      json_builder_add_string_value (b, planted->planted_best);
      json_builder_set_member_name (b, "board");
      json_builder_add_string_value (b, planted->planted_board);
      json_builder_set_member_name (b, "hand");
      json_builder_add_string_value (b, planted->planted_hand);
    }
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, isle_variant_id (variant));
  add_double (b, "before", m->before);
  add_double (b, "points", m->points);
  add_double (b, "after", m->after);
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, label_ids[m->label]);
  json_builder_end_object (b);
}

static void
print_json (const GameJob *settings, const GameJob *jobs, int n_jobs, const Figures *f, int threads,
            double seconds)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "review");
  json_builder_add_string_value (b, mode_ids[settings->mode]);
  json_builder_set_member_name (b, "player");
  json_builder_add_string_value (b, isle_player_spec_to_text (&settings->player));
  json_builder_set_member_name (b, "depth");
  json_builder_add_string_value (b, depth_ids[settings->depth]);
  add_int (b, "seed", (gint64) settings->seed);
  add_int (b, "games", f->games);
  add_int (b, "failed", f->failed);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, f->games < n_jobs);
  add_int (b, "threads", threads);
  add_double (b, "seconds", seconds);
  if (settings->mode == MODE_PLANTED)
    {
      add_double (b, "plant_gap", settings->plant_gap);
      json_builder_set_member_name (b, "plant");
      json_builder_add_string_value (b, settings->plant_tile ? "tile" : "placement");
    }
  switch (settings->mode)
    {
    case MODE_PLANTED:
      add_int (b, "planted", f->planted);
      add_int (b, "planted_mistakes", f->planted_mistakes);
      add_double (b, "planted_share", share (f->planted_mistakes, f->planted) / 100.0);
      add_labels (b, "planted_labels", f->planted_labels);
      add_int (b, "own", f->own);
      add_int (b, "own_mistakes", f->own_mistakes);
      add_double (b, "own_share", share (f->own_mistakes, f->own) / 100.0);
      add_labels (b, "own_labels", f->own_labels);
      json_builder_set_member_name (b, "planted_moves");
      json_builder_begin_array (b);
      for (int g = 0; g < n_jobs; g++)
        if (counted (&jobs[g]) && jobs[g].planted)
          add_move (b, jobs[g].variant, &jobs[g].planted_move, jobs[g].planted_gap, &jobs[g]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "own_moves");
      json_builder_begin_array (b);
      for (int g = 0; g < n_jobs; g++)
        for (guint i = 0; counted (&jobs[g]) && i < jobs[g].own_moves->len; i++)
          add_move (b, jobs[g].variant, &g_array_index (jobs[g].own_moves, IsleReviewMove, i), -1.0, NULL);
      json_builder_end_array (b);
      break;
    case MODE_STABILITY:
      add_int (b, "compared", f->compared);
      add_int (b, "same", f->same);
      add_double (b, "same_share", share (f->same, f->compared) / 100.0);
      /* Each decision's two reviews, for thresholds tried afresh. */
      json_builder_set_member_name (b, "pairs");
      json_builder_begin_array (b);
      for (int g = 0; g < n_jobs; g++)
        for (guint i = 0; counted (&jobs[g]) && i < jobs[g].other_moves->len; i++)
          {
            json_builder_begin_array (b);
            add_move (b, jobs[g].variant, &g_array_index (jobs[g].own_moves, IsleReviewMove, i), -1.0, NULL);
            add_move (b, jobs[g].variant, &g_array_index (jobs[g].other_moves, IsleReviewMove, i), -1.0, NULL);
            json_builder_end_array (b);
          }
      json_builder_end_array (b);
      break;
    case MODE_CALIBRATION:
    default:
      add_int (b, "positions", f->positions);
      add_double (b, "ece", f->ece);
      json_builder_set_member_name (b, "bins");
      json_builder_begin_array (b);
      for (int i = 0; i < N_BINS; i++)
        {
          json_builder_begin_object (b);
          add_double (b, "from", (double) i / N_BINS);
          add_double (b, "to", (double) (i + 1) / N_BINS);
          add_int (b, "count", f->bin_count[i]);
          add_double (b, "stated", f->bin_stated[i]);
          add_double (b, "observed", f->bin_result[i]);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "positions_list");
      json_builder_begin_array (b);
      for (int g = 0; g < n_jobs; g++)
        for (int i = 0; counted (&jobs[g]) && i < jobs[g].n_positions; i++)
          {
            json_builder_begin_object (b);
            json_builder_set_member_name (b, "variant");
            json_builder_add_string_value (b, isle_variant_id (jobs[g].variant));
            add_double (b, "stated", jobs[g].stated[i]);
            add_double (b, "result", jobs[g].result[i]);
            add_int (b, "round", jobs[g].round[i]);
            add_int (b, "rounds", jobs[g].n_rounds);
            json_builder_end_object (b);
          }
      json_builder_end_array (b);
      break;
    }
  json_builder_end_object (b);
  isle_cli_print_json (b, FALSE);
}

int
isle_cli_review_bench (int argc, char **argv)
{
  g_autofree char *mode_text = NULL;
  g_autofree char *player_text = NULL;
  g_autofree char *depth_text = NULL;
  g_autofree char *rules_path = NULL;
  gint64 seed = 1;
  int games = 20, threads = 2, own = 0;
  double plant_gap = 3.0;
  g_autofree char *plant_text = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "review", 0, 0, G_OPTION_ARG_STRING, &mode_text, N_("What to measure of the game review: planted, stability or calibration"), N_("MODE") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to play and review (default 20)"), N_("N") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player_text, N_("The level that plays both sides, with a budget if wanted (default expert; expert@0.05s, hard@n1500)"), N_("LEVEL") },
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_text, N_("How hard the review searches each decision: fast (the default), normal or deep"), N_("DEPTH") },
    { "own", 0, 0, G_OPTION_ARG_INT, &own, N_("Review only N of the players’ own decisions a game, drawn at random (default all)"), N_("N") },
    { "plant-gap", 0, 0, G_OPTION_ARG_DOUBLE, &plant_gap, N_("planted: replace only a placement whose worst the rules of thumb think at least POINTS worse than their best (default 3)"), N_("POINTS") },
    { "plant", 0, 0, G_OPTION_ARG_STRING, &plant_text, N_("planted: the worst tile for the token the player chose (tile, the default) or the worst placement of any token (placement)"), N_("WHAT") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Games played at once (default 2)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed (default 1)"), N_("N") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("--review MODE — measure the game review"));
  g_autoptr (GError) error = NULL;
  g_autofree GameJob *jobs = NULL;
  GThreadPool *pool;
  IsleRules rules;
  GameJob settings = { 0 };
  Figures figures;
  gint64 t0;
  double seconds;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Plays games of one level against itself in every two-seat variant and reviews them. "
      "planted: one placement a game replaced by the worst by the rules of thumb, and how many such "
      "the review calls a mistake or blunder; stability: the labels of two reviews with other seeds; "
      "calibration: the chance to win the review states against the games’ results."));
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("bench", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  for (settings.mode = 0; settings.mode < N_MODES && g_strcmp0 (mode_text, mode_ids[settings.mode]) != 0;
       settings.mode++)
    ;
  if (settings.mode == N_MODES)
    {
      g_printerr (_("critter-isle-cli bench: --review “%s”: expected planted, stability or calibration\n"),
                  mode_text != NULL ? mode_text : "");
      return ISLE_CLI_CANNOT_RUN;
    }
  settings.depth = ISLE_REVIEW_FAST;
  if (depth_text != NULL)
    {
      for (settings.depth = 0; settings.depth < ISLE_REVIEW_N_DEPTHS && strcmp (depth_text, depth_ids[settings.depth]) != 0;
           settings.depth++)
        ;
      if (settings.depth == ISLE_REVIEW_N_DEPTHS)
        {
          g_printerr (_("critter-isle-cli bench: --depth “%s”: expected fast, normal or deep\n"), depth_text);
          return ISLE_CLI_CANNOT_RUN;
        }
    }
  if (!isle_player_spec_parse (player_text != NULL ? g_strstrip (player_text) : "expert", &settings.player, &error))
    {
      g_printerr ("critter-isle-cli bench: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (settings.player.kind != ISLE_PLAYER_BUILTIN || settings.player.level->evaluate == NULL)
    {
      g_printerr (_("critter-isle-cli bench: --player “%s”: expected a searching level (medium, hard or expert, with a budget if wanted)\n"),
                  player_text);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (games < 1 || games > 100000 || threads < 1 || threads > 64 || own < 0)
    {
      g_printerr ("%s\n", _("critter-isle-cli bench: expected --games from 1 to 100000, --threads from 1 to 64 and --own of at least 0"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!isle_cli_load_rules (rules_path, &rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  settings.rules = &rules;
  settings.seed = (guint64) seed;
  settings.own = own;
  settings.plant_gap = plant_gap < 0.0 ? 0.0 : plant_gap;
  if (plant_text != NULL && g_strcmp0 (plant_text, "tile") != 0 && g_strcmp0 (plant_text, "placement") != 0)
    {
      g_printerr (_("critter-isle-cli bench: --plant “%s”: expected tile or placement\n"), plant_text);
      return ISLE_CLI_CANNOT_RUN;
    }
  settings.plant_tile = g_strcmp0 (plant_text, "placement") != 0;

  jobs = g_new0 (GameJob, games);
  /* Ctrl+C: games not finished are dropped, the figures of those finished
   * printed. */
  isle_cli_catch_interrupts ();
  t0 = g_get_monotonic_time ();
  pool = g_thread_pool_new (play_and_review, NULL, threads, TRUE, NULL);
  for (int g = 0; g < games; g++)
    {
      jobs[g] = settings;
      jobs[g].index = g;
      jobs[g].variant = (IsleVariant) (g % N_TWO_SEAT_VARIANTS);
      jobs[g].own_moves = g_array_new (FALSE, FALSE, sizeof (IsleReviewMove));
      jobs[g].other_moves = g_array_new (FALSE, FALSE, sizeof (IsleReviewMove));
      g_thread_pool_push (pool, &jobs[g], NULL);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  seconds = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;

  add_up (jobs, games, &figures);
  if (isle_cli_interrupted ())
    g_printerr (_("critter-isle-cli bench: interrupted after %d of %d games; the figures are those of the games finished\n"),
                figures.games, games);
  if (json)
    print_json (&settings, jobs, games, &figures, threads, seconds);
  else
    print_text (&settings, &figures, threads, seconds);
  for (int g = 0; g < games; g++)
    {
      g_array_unref (jobs[g].own_moves);
      g_array_unref (jobs[g].other_moves);
    }
  if (isle_cli_interrupted ())
    return ISLE_CLI_INTERRUPTED;
  return figures.failed < figures.games ? ISLE_CLI_OK : ISLE_CLI_CANNOT_RUN;
}
