/* isle-puzzle-proof.h — the one puzzle solver of the model (issue 31),
 * for the command line, the puzzle tools and the editor alike: whether a
 * scenario's goal can be forced from its start, which of the player's first
 * decisions keep it reachable, and the best result the player can force.
 *
 * Three answers, never confused: proven (the goal is met against every
 * reply), refuted (against some reply every line misses it) and undecided
 * (the clock or a cancel came first). The search is the AND-OR solver of
 * src/search/isle-solver.h over the true state, chance drawn from the
 * state's seeded RNG; the goal is judged here (isle-goal.h). On all cores:
 * the player's first decisions are shared among worker threads, each with
 * a solver and a table of its own. A plain value, made and freed by the
 * caller; no signals, no main loop. */
#pragma once

#include <gio/gio.h>

#include "isle-goal.h"
#include "isle-scenario.h"
#include "isle-state.h"

G_BEGIN_DECLS

typedef enum
{
  ISLE_PROOF_UNDECIDED = 0,   /* the clock or a cancel ended the search first */
  ISLE_PROOF_PROVEN,          /* the goal is met against every reply */
  ISLE_PROOF_REFUTED,         /* against some reply every line misses it */
} IsleProofAnswer;

typedef struct
{
  IsleProofAnswer answer;
  /* The player's first decisions, in the engine's order, when the player
   * decides first (else none): every one, and what each is worth. */
  GArray *first;              /* IsleAction */
  GArray *first_answers;      /* IsleProofAnswer, one per FIRST */
  GPtrArray *first_texts;     /* each in the notation of solutions: "place rW c4" */
  /* The goal's number (points, lead, line length, coins: IsleScenarioGoal)
   * at its best: HAS_BEST when the goal has one and the best was looked
   * for. BEST is the highest value proven (below the least a file may
   * give when none is); BEST_EXACT when one more is refuted, else the
   * clock ended the looking and BEST is only a value proven. */
  gboolean has_best;
  int best;
  gboolean best_exact;
  /* Positions searched, by every worker, and the seconds taken. */
  guint64 nodes;
  double seconds;
} IsleProof;

/* What a proof of a scenario starts from, read from it once: its goal,
 * the user's seat, the round the game starts in and the state it begins
 * in. */
typedef struct
{
  IsleScenarioGoal goal;
  int player;
  int round;
  IsleState start;
} IsleProofStart;

/* Reads SCENARIO's into START; FALSE with ERROR when it has no goal
 * (ISLE_SCENARIO_ERROR_GOAL) or no start can be built from it. */
gboolean    isle_proof_start_read   (IsleScenario            *scenario,
                                     IsleProofStart          *start,
                                     GError                 **error);

/* The least and the highest a goal's number may be (the file's bounds;
 * a line is 3 to 6 long, R5). */
void        isle_proof_value_range  (IsleGoalType             type,
                                     int                     *least,
                                     int                     *most);

/* Proves GOAL for the seat PLAYER from START, a position of round ROUND,
 * within SECONDS (of the whole run) unless CANCELLABLE (may be NULL) is
 * cancelled; with FIND_BEST, also the best value of the goal's number.
 * THREADS workers (0: one per processor). Never NULL. */
IsleProof  *isle_proof_run          (const IsleScenarioGoal  *goal,
                                     int                      player,
                                     int                      round,
                                     const IsleState         *start,
                                     gboolean                 find_best,
                                     double                   seconds,
                                     guint                    threads,
                                     GCancellable            *cancellable);
/* The same for SCENARIO's goal, player and start; NULL with ERROR when
 * it has no goal or no start can be built from it. */
IsleProof  *isle_proof_run_scenario (IsleScenario            *scenario,
                                     gboolean                 find_best,
                                     double                   seconds,
                                     guint                    threads,
                                     GCancellable            *cancellable,
                                     GError                 **error);
/* isle_proof_run_scenario() on a worker thread: SCENARIO is read at
 * once (on the caller's thread), the search runs in a GTask's thread, and
 * CALLBACK gets the proof on the caller's main context. A cancel ends the
 * search; the proof it leaves is undecided. */
void        isle_proof_run_async    (IsleScenario            *scenario,
                                     gboolean                 find_best,
                                     double                   seconds,
                                     guint                    threads,
                                     GCancellable            *cancellable,
                                     GAsyncReadyCallback      callback,
                                     gpointer                 user_data);
/* The proof, or NULL with ERROR (no goal, no start, or cancelled:
 * G_IO_ERROR_CANCELLED). */
IsleProof  *isle_proof_run_finish   (GAsyncResult            *result,
                                     GError                 **error);

/* Whether GOAL (of the seat PLAYER, in a game from round ROUND) is
 * decided in S, and if so, met. */
gboolean    isle_proof_decided      (const IsleScenarioGoal  *goal,
                                     int                      player,
                                     int                      round,
                                     const IsleState         *s,
                                     gboolean                *met);
/* A decision of PLAYER, to move in S, proven to keep GOAL met against
 * every reply (searched within SECONDS), or 0 when none is found. */
IsleAction  isle_proof_winning_move (const IsleScenarioGoal  *goal,
                                     int                      player,
                                     int                      round,
                                     const IsleState         *s,
                                     double                   seconds);
/* The first decisions that work (proven), as an array of IsleAction. */
GArray     *isle_proof_working      (const IsleProof         *proof);
/* Those decisions in the notation of solutions, joined by commas
 * ("place rM c2, place rW c4"), and *CELLS (may be NULL) the tiles they
 * place on, a bit per cell. */
char       *isle_proof_working_text (const IsleProof         *proof,
                                     guint64                 *cells);
void        isle_proof_free         (IsleProof               *proof);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IsleProof, isle_proof_free)

G_END_DECLS
