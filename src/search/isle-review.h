/* isle-review.h — a game's decisions judged by the search (issue 29): how
 * much of its chance to win each decision gave away, by what its player
 * could know then, never with hindsight.
 *
 * A decision is searched from the observation of the seat that made it
 * (R12: the hidden tokens and cards sampled as in play), once over every
 * legal action and, when the action chosen was not the search's best,
 * twice more: over that action alone and over the best alone, with the
 * same simulations and seed, which measures the two alike (however bad
 * the one chosen) and says what would likely follow each. Its "before" is
 * the chance of the best action, its "after" that less what the action
 * chosen lost against the best measured alike; the loss labels it, from
 * "best" to "blunder"
 * (doc/ai.md, "Game review", gives the thresholds and their calibration).
 *
 * Pure C11 over ai and engine (doc/architecture.md "Layers"); no state is
 * kept between calls, so decisions may be reviewed on several threads at
 * once.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "isle-ai.h"
#include "isle-state.h"

/* The judge: the way decisions are measured and their values made
 * chances. It goes up when either changes, so that judgements kept with a
 * game (the model's IsleGameAnalysis) by another judge are made again,
 * never mixed with this one's. 1: the chosen action against the first
 * search's best value; 2: the chosen and the best each searched alone
 * (issue 29, doc/ai.md "Game review"); 3: the points each gave away
 * counted beside the chance to win; 4: from one point, a loss near the
 * line between an inaccuracy and a mistake measured again. */
#define ISLE_REVIEW_JUDGE 4

/* How hard each decision is searched: simulations as pentobi's Analyze
 * Game scales them (doc/ai.md). */
typedef enum
{
  ISLE_REVIEW_FAST,
  ISLE_REVIEW_NORMAL,
  ISLE_REVIEW_DEEP,
} IsleReviewDepth;

#define ISLE_REVIEW_N_DEPTHS 3

/* What a decision cost, least first. ONLY: the one legal action, nothing
 * to judge. */
typedef enum
{
  ISLE_REVIEW_ONLY,
  ISLE_REVIEW_BEST,
  ISLE_REVIEW_GOOD,
  ISLE_REVIEW_INACCURACY,
  ISLE_REVIEW_MISTAKE,
  ISLE_REVIEW_BLUNDER,
} IsleReviewLabel;

#define ISLE_REVIEW_N_LABELS 6

typedef struct
{
  int seat;                  /* who decided */
  int round;                 /* R4: 1-based */
  IsleAction action;         /* what was chosen */
  IsleAction best;           /* what the search liked best (ACTION when it was) */
  int n_legal;               /* legal actions the seat had */
  /* The seat's side's chance to win, 0 to 1 (the search's value through
   * isle_review_chance()): with the best action, and with the one chosen
   * (BEFORE less the loss the two searches alone measured; the same when
   * it was the best, or measured no worse). */
  double before;
  double after;
  /* What the action chosen gave away in points (in coins in the
   * mercenary games): the mean lead of its side where the simulations of
   * the best searched alone ended, less that of the action chosen
   * searched alone; 0 when it was the best. */
  double points;
  /* What the search expects next (the principal line's second move, by
   * whoever is then to move, or REPLY_SEAT -1): after the action chosen,
   * and after the best. Sampled from what the seat could see: a move the
   * other side could make, not one it will. */
  IsleAction reply;
  int reply_seat;
  IsleAction best_reply;
  int best_reply_seat;
  uint32_t visits;           /* simulations that measured AFTER */
  uint32_t iterations;       /* simulations run in all */
  IsleReviewLabel label;
} IsleReviewMove;

/* The simulations a decision gets at DEPTH. */
uint32_t isle_review_simulations (IsleReviewDepth depth);

/* Reviews the decision of the seat to move in STATE, which chose ACTION
 * (legal in STATE), searching at DEPTH with SEED; LIMITS (may be NULL)
 * gives should_stop() to cancel. False when ACTION is not legal, the
 * search ran out of memory or was stopped before it measured anything;
 * MOVE is filled otherwise. The same STATE, ACTION, DEPTH and SEED give
 * the same MOVE. */
bool isle_review_move (const IsleState *state, IsleAction action, IsleReviewDepth depth,
                       uint64_t seed, const IsleAiLimits *limits, IsleReviewMove *move);

/* The search's VALUE (0 to 1, a mean of simulations' rewards, isle-ai.h)
 * of a position of VARIANT as the chance to win of the side to move: a
 * curve fitted to games' results (doc/ai.md, "Game review"), rising with
 * VALUE, never 0 or 1. BEFORE and AFTER of isle_review_move() are such
 * chances. */
double isle_review_chance (IsleVariant variant, double value);

/* What a decision lost, 0 to 1, in chance to win: what the chance fell
 * by, from BEFORE to AFTER, or what the POINTS it gave away count for
 * from two on (a mistake whatever the chance; doc/ai.md, "Game review"),
 * whichever is more. Labels and accuracy go
 * by it. */
double isle_review_lost (double before, double after, double points);

/* The label of a decision that lost LOSS (0 to 1, isle_review_lost()),
 * with N_LEGAL actions to choose from and chosen BEST or not. */
IsleReviewLabel isle_review_label (double loss, int n_legal, bool best);

/* A decision's accuracy, 0 to 100, by what it lost (isle_review_lost()):
 * 100 for nothing, falling as the loss grows (the curve of lichess's
 * accuracy, doc/ai.md). */
double isle_review_accuracy (double loss);

/* One seat's summary over N moves (those of other seats are skipped):
 * how many of each label, and the accuracy over its judged decisions
 * (the mean of the arithmetic and harmonic means of their accuracies, so
 * one blunder weighs; 100 with none judged). */
typedef struct
{
  int counts[ISLE_REVIEW_N_LABELS];
  int judged;                /* decisions with a choice (not ONLY) */
  double accuracy;
} IsleReviewSummary;

void isle_review_summarize (const IsleReviewMove *moves, int n, int seat, IsleReviewSummary *summary);
