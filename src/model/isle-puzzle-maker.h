/* isle-puzzle-maker.h — puzzles without end (issue 31): positions from
 * games of the ladder's levels, made exact by the solver, kept when they
 * are puzzles, measured and put in words.
 *
 * A candidate is a position of a seeded game played by Beginner, Easy or
 * Medium to a few free tiles before a round's end, both piles empty, the
 * puzzle's seat to place. The solver (isle-puzzle-proof.h) finds the best
 * lead the seat can force in the round (or, when it cannot lead, the best
 * score); that best is the goal, so one point more is refuted, as for the
 * built-in puzzles. The position is kept only when few of its first
 * decisions meet the goal, the rules of thumb's first choice (the move
 * that looks best) is not among them, and its solution bears out the
 * theme asked for (isle-puzzle-themes.h). It is then measured: Beginner,
 * Easy, Medium and Hard each play the seat against the puzzle's opponent,
 * and how often each fails gives its difficulty and the seed of its
 * rating; one that Easy meets more than a quarter of the time is not
 * kept.
 *
 * Everything follows from the seed: the same recipe and seed give the
 * same puzzle on any machine (unless a proof runs out of time, when that
 * candidate is passed over). One puzzle at a time on the caller's thread;
 * run several in threads of their own for more. */
#pragma once

#include <gio/gio.h>

#include "isle-puzzle-themes.h"
#include "isle-scenario.h"

G_BEGIN_DECLS

/* The level that defends a generated puzzle (its "opponent"). */
#define ISLE_PUZZLE_MAKER_OPPONENT "hard"
/* Games each level plays to measure a puzzle, by default. */
#define ISLE_PUZZLE_MAKER_TRIES 16

typedef struct
{
  /* The variant, or ISLE_N_VARIANTS: one the theme fits, drawn from the
   * seed. The Team game is not made (its teammate is a computer). */
  IsleVariant variant;
  /* The theme the solution must bear out (IslePuzzleTheme), or -1: any. */
  int theme;
  /* Games per level that measure the puzzle (0: ISLE_PUZZLE_MAKER_TRIES). */
  int tries;
  /* The most one candidate's proofs may take, in seconds (0: 5). */
  double seconds;
  /* Candidates tried before giving up (0: 2000). */
  guint max_candidates;
} IslePuzzleRecipe;

typedef struct
{
  guint candidates;       /* positions looked at */
  guint proven;           /* of them, with a best result proven exactly */
  guint64 nodes;          /* positions the solver searched */
  double seconds;         /* in all */
} IslePuzzleMakeStats;

/* Whether RECIPE can be made at all (a theme the variant has); FALSE
 * with ERROR saying why. */
gboolean       isle_puzzle_recipe_check   (const IslePuzzleRecipe   *recipe,
                                           GError                  **error);

/* A new puzzle from SEED, its texts in the user's language and NUMBER in
 * its title; NULL when CANCELLABLE (may be NULL) is cancelled or no
 * candidate of RECIPE->max_candidates was kept. STATS (may be NULL) gets
 * what it took. The scenario passes isle_scenario_validate(): its stored
 * solution replays and meets the goal. */
IsleScenario  *isle_puzzle_make           (const IslePuzzleRecipe   *recipe,
                                           guint64                   seed,
                                           guint                     number,
                                           GCancellable             *cancellable,
                                           IslePuzzleMakeStats      *stats);

/* Measures SCENARIO, a puzzle with a goal: TRIES games (1 to
 * ISLE_SCENARIO_MAX_TRIES) for each level of isle_scenario_measured_ids,
 * the level playing the puzzle's seat, the puzzle's opponent the others,
 * chance and the levels' seeds drawn from SEED. FALSE with ERROR when it
 * has no goal or no start. */
gboolean       isle_puzzle_measure        (IsleScenario             *scenario,
                                           int                       tries,
                                           guint64                   seed,
                                           IsleScenarioMeasure      *measure,
                                           GError                  **error);

/* The rating a puzzle starts with, from what was measured: the rating at
 * which the levels' rated strengths (isle-rating.h) would meet the goal as
 * often as they did, by the Elo expectation. */
int            isle_puzzle_measured_rating (const IsleScenarioMeasure *measure);
/* Its difficulty, by the level that meets the goal half the time (its
 * rating below the level's rated strength): Medium or a gentler one
 * (Easy), Hard (Medium), none of them (Hard). */
IsleDifficulty isle_puzzle_measured_difficulty (const IsleScenarioMeasure *measure);

/* Puts the title (NUMBER after the theme's name), the description (the
 * goal, the tiles left) and hints (the theme's clue, the trap, how many
 * first moves work: WORKING, or 0 when unknown) of a generated puzzle in
 * the user's language. */
void           isle_puzzle_write_texts    (IsleScenario             *scenario,
                                           guint                     number,
                                           int                       working);

G_END_DECLS
