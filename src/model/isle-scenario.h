/* isle-scenario.h — IsleScenario: a `.isle` file (doc/scenario-format.md).
 *
 * One format for scenarios, puzzles and saved games: a saved game is a
 * scenario with a history (`actions`, `position`). A scenario holds
 *
 *   - metadata: title, author, description, difficulty, hints;
 *   - the game: variant, rules (what differs from the standard rules), seed,
 *     the seat that starts round 1, or a `start` position (IslePosition) to
 *     begin from in the middle of a round;
 *   - who plays: the user's seat and a built-in opponent level (a file never
 *     names a program or a plugin to run);
 *   - a goal (IsleScenarioGoal) and a stored solution;
 *   - for saved games: the players of each seat, the actions and the
 *     position in them, when it was saved.
 *
 * Loading checks everything and reports every problem at once, each with
 * its field path ("start.board[2]", "goal.length") and what was expected:
 * isle_scenario_load*() give a GError listing them all; an editor reads
 * with isle_scenario_read_data() and re-checks with isle_scenario_validate()
 * as the user edits. Writing is stable: save → load → save gives the same
 * bytes.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "isle-game-setup.h"
#include "isle-goal.h"
#include "isle-position.h"

G_BEGIN_DECLS

/* The "format" and "version" this code writes and reads. */
#define ISLE_SCENARIO_FORMAT "critter-isle"
#define ISLE_SCENARIO_VERSION 1

/* Limits that keep a bad file from taking unbounded memory. */
#define ISLE_SCENARIO_MAX_BYTES (1024 * 1024)    /* a whole file */
#define ISLE_SCENARIO_MAX_STRING 4096             /* any one string, in bytes */
#define ISLE_SCENARIO_MAX_HINTS 8
#define ISLE_SCENARIO_MAX_ACTIONS 10000           /* history and solution */

/* Where the built-in puzzles are in the GResource. */
#define ISLE_SCENARIO_PUZZLE_RESOURCES "/io/github/critterisle/CritterIsle/puzzles/"

/* The bound of values that are not rules, points, coins and a goal's
 * number, from minus to plus it: they stay well inside int32_t. */
#define ISLE_SCENARIO_MAX_POINTS 100000

#define ISLE_SCENARIO_ERROR (isle_scenario_error_quark ())
GQuark isle_scenario_error_quark (void);

typedef enum
{
  ISLE_SCENARIO_ERROR_PARSE,      /* not JSON, or not a JSON object */
  ISLE_SCENARIO_ERROR_FORMAT,     /* not a Critter Isle file, or a newer version */
  ISLE_SCENARIO_ERROR_TOO_LARGE,  /* the file, a string or a list is too long */
  ISLE_SCENARIO_ERROR_FIELD,      /* a field is unknown, missing, mistyped or out of range */
  ISLE_SCENARIO_ERROR_RULES,      /* "rules" is not valid rules */
  ISLE_SCENARIO_ERROR_POSITION,   /* "start" is not a position the rules allow */
  ISLE_SCENARIO_ERROR_GOAL,       /* the goal cannot apply to this game */
  ISLE_SCENARIO_ERROR_PLAYER,     /* a player is not a built-in one (engine:, plugin:) */
  ISLE_SCENARIO_ERROR_ACTION,     /* an action of the history or the solution */
} IsleScenarioError;

/* One problem of a scenario, for an editor to show next to its field. */
typedef struct
{
  IsleScenarioError code;
  char *path;       /* the field: "start.board[2]", "goal.length"; "" for the file */
  char *message;    /* translated: what is wrong and what was expected, a
                     * plain sentence without rule sections */
  int seat;         /* the seat concerned, or -1 */
  int cell;         /* the tile concerned (0 = a1 … 35 = f6), or -1 */
  char *section;    /* the rules' sections it breaks, "R5" or "R1, R9.3"
                     * (doc/rules.md; not translated), for a tooltip or a
                     * quieter label next to the message; NULL: none */
} IsleScenarioProblem;

#define ISLE_TYPE_SCENARIO_PROBLEM (isle_scenario_problem_get_type ())
GType                isle_scenario_problem_get_type (void) G_GNUC_CONST;
IsleScenarioProblem *isle_scenario_problem_copy     (const IsleScenarioProblem *problem);
void                 isle_scenario_problem_free     (IsleScenarioProblem       *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IsleScenarioProblem, isle_scenario_problem_free)

typedef enum
{
  ISLE_DIFFICULTY_NONE = 0,       /* not a puzzle: no difficulty written */
  ISLE_DIFFICULTY_EASY,
  ISLE_DIFFICULTY_MEDIUM,
  ISLE_DIFFICULTY_HARD,
} IsleDifficulty;

/* The levels a puzzle's difficulty is measured with, gentlest first, and
 * what was measured ("measured" in a file). */
#define ISLE_SCENARIO_MEASURED_LEVELS 4
#define ISLE_SCENARIO_MAX_TRIES 1000
extern const char *const isle_scenario_measured_ids[ISLE_SCENARIO_MEASURED_LEVELS];

typedef struct
{
  int tries;                                   /* 1 to ISLE_SCENARIO_MAX_TRIES */
  int failed[ISLE_SCENARIO_MEASURED_LEVELS];   /* 0 to TRIES each */
} IsleScenarioMeasure;

#define ISLE_TYPE_SCENARIO (isle_scenario_get_type ())
G_DECLARE_FINAL_TYPE (IsleScenario, isle_scenario, ISLE, SCENARIO, GObject)

/* ---- Making, loading, saving ------------------------------------------ */

/* A Basic game under the standard rules from its normal start, seat 0
 * played by the user against "medium"; no metadata, goal or seed. */
IsleScenario *isle_scenario_new           (void);
IsleScenario *isle_scenario_copy          (IsleScenario  *self);

/* Loads a file (new format, or an old "critter-isle-game" saved game).
 * On any problem: NULL, and ERROR lists every problem, one per line,
 * "NAME: PATH: message". NAME stands for the file ("puzzle.isle"). */
IsleScenario *isle_scenario_load          (const char    *path,
                                           GError       **error);
IsleScenario *isle_scenario_load_data     (const char    *data,
                                           gssize         length,
                                           const char    *name,
                                           GError       **error);
/* A built-in puzzle, by its resource path. */
IsleScenario *isle_scenario_load_resource (const char    *resource_path,
                                           GError       **error);

/* For an editor: reads what it can, even from a file with problems, and
 * puts every problem in *PROBLEMS (IsleScenarioProblem, empty when none).
 * NULL only when the text is no Critter Isle file at all (not JSON, not an
 * object, another format, a newer version, too large). */
IsleScenario *isle_scenario_read_data     (const char    *data,
                                           gssize         length,
                                           GPtrArray    **problems);

/* Every problem of the scenario as it is now (IsleScenarioProblem, empty
 * when it is valid): the fields, the start position (R1–R11), the goal,
 * the players, the history and the solution replayed through the engine. */
GPtrArray    *isle_scenario_validate      (IsleScenario  *self);

/* "NAME: PATH: message (SECTION)" lines, for messages and the CLI. */
char         *isle_scenario_problems_to_string (GPtrArray *problems,
                                                const char *name);

/* The file's text (UTF-8 JSON ending in a newline), fields in a fixed
 * order. NULL with ERROR set if the scenario has problems. */
char         *isle_scenario_to_data       (IsleScenario  *self,
                                           gsize         *length,
                                           GError       **error);
/* Writes atomically, like isle_saved_game_save(). */
gboolean      isle_scenario_save          (IsleScenario  *self,
                                           const char    *path,
                                           GError       **error);

/* The built-in puzzles: resource paths, easiest first (NULL-terminated). */
char        **isle_scenario_list_puzzles  (void);

/* ---- Fields (each setter emits "changed") ----------------------------- */

const char   *isle_scenario_get_title       (IsleScenario *self);   /* NULL: none */
void          isle_scenario_set_title       (IsleScenario *self, const char *title);
const char   *isle_scenario_get_author      (IsleScenario *self);
void          isle_scenario_set_author      (IsleScenario *self, const char *author);
const char   *isle_scenario_get_description (IsleScenario *self);
void          isle_scenario_set_description (IsleScenario *self, const char *description);
IsleDifficulty isle_scenario_get_difficulty (IsleScenario *self);
void          isle_scenario_set_difficulty  (IsleScenario *self, IsleDifficulty difficulty);
/* NULL-terminated; NULL or empty: no hints. */
const char *const *isle_scenario_get_hints  (IsleScenario *self);
void          isle_scenario_set_hints       (IsleScenario *self, const char *const *hints);
/* Puzzles: what the puzzle is about, a bit per IslePuzzleTheme
 * (isle-puzzle-themes.h); 0: nothing said. */
guint         isle_scenario_get_themes      (IsleScenario *self);
void          isle_scenario_set_themes      (IsleScenario *self, guint themes);
/* Puzzles: how the difficulty was measured: how many of TRIES games each
 * of the levels Beginner, Easy, Medium and Hard failed, playing the
 * puzzle's seat against its opponent (isle-puzzle-maker.h). FALSE (and
 * MEASURE untouched) when the file says nothing; NULL sets nothing. */
gboolean      isle_scenario_get_measure     (IsleScenario *self, IsleScenarioMeasure *measure);
void          isle_scenario_set_measure     (IsleScenario *self, const IsleScenarioMeasure *measure);

IsleVariant   isle_scenario_get_variant     (IsleScenario *self);
void          isle_scenario_set_variant     (IsleScenario *self, IsleVariant variant);
int           isle_scenario_get_n_seats     (IsleScenario *self);   /* 2, or 4 (R11) */

/* The rules the game is played with: the standard rules with the file's
 * overrides. A scenario writes only what differs from the standard rules;
 * a saved game (with a history) writes them whole. */
const IsleRules *isle_scenario_get_rules    (IsleScenario *self);
void          isle_scenario_set_rules       (IsleScenario *self, const IsleRules *rules);

/* The seed of the game's chance; without one, each game started from the
 * scenario takes the seed it is given. */
gboolean      isle_scenario_get_has_seed    (IsleScenario *self);
guint64       isle_scenario_get_seed        (IsleScenario *self);
void          isle_scenario_set_seed        (IsleScenario *self, guint64 seed);
void          isle_scenario_unset_seed      (IsleScenario *self);

/* R4.3: the seat that starts round 1, when there is no start position. */
int           isle_scenario_get_first_seat  (IsleScenario *self);
void          isle_scenario_set_first_seat  (IsleScenario *self, int seat);

/* The position the game begins from; NULL: the normal start. */
const IslePosition *isle_scenario_get_start (IsleScenario *self);
void          isle_scenario_set_start       (IsleScenario *self, const IslePosition *start);
/* Sets the start to where STATE stands (an editor starting from a game). */
void          isle_scenario_set_start_from_state (IsleScenario *self, const IsleState *state);

/* The user's seat and the built-in level of every other seat ("beginner",
 * "easy", "medium", "hard", "expert"). A level's old id ("ismcts:easy"),
 * read or set, is kept as its id ("medium"). */
int           isle_scenario_get_player      (IsleScenario *self);
void          isle_scenario_set_player      (IsleScenario *self, int seat);
const char   *isle_scenario_get_opponent    (IsleScenario *self);
void          isle_scenario_set_opponent    (IsleScenario *self, const char *level);

void          isle_scenario_get_goal        (IsleScenario *self, IsleScenarioGoal *goal);
void          isle_scenario_set_goal        (IsleScenario *self, const IsleScenarioGoal *goal);

/* A line of play from the start that meets the goal: every action of every
 * seat, in text form (NULL-terminated; NULL: none). */
const char *const *isle_scenario_get_solution (IsleScenario *self);
void          isle_scenario_set_solution    (IsleScenario *self, const char *const *solution);

/* ---- Saved games: who plays, the history ------------------------------- */

/* Per seat, "human" or a built-in level (old ids kept as their level's
 * id); NULL when the file names none (then the user's seat is "human" and
 * the others the opponent). */
const char *const *isle_scenario_get_players (IsleScenario *self);
void          isle_scenario_set_players     (IsleScenario *self, const char *const *players);
/* The actions recorded (redo tail included) and how many are applied. */
const char *const *isle_scenario_get_actions (IsleScenario *self);
guint         isle_scenario_get_position    (IsleScenario *self);
void          isle_scenario_set_history     (IsleScenario *self, const char *const *actions,
                                             guint position);
/* When the file was written (ISO 8601), or NULL. */
const char   *isle_scenario_get_saved       (IsleScenario *self);
void          isle_scenario_set_saved       (IsleScenario *self, const char *saved);
/* Saved games: the review kept with the game, the member "analysis" as the
 * file has it (any JSON: the scenario neither reads nor checks it;
 * isle-game-analysis.h does, for a game), or NULL. The setter keeps a
 * copy. */
JsonNode     *isle_scenario_get_analysis    (IsleScenario *self);
void          isle_scenario_set_analysis    (IsleScenario *self, JsonNode *analysis);

/* Makes the scenario a saved game of a game played from it (or from SETUP
 * alone): SETUP's rules, written whole so that the game resumes under them
 * even after the standard rules change; SEED; SETUP's players (engine and
 * plugin seats as stand-ins); ACTIONS, every action recorded in text form
 * (NULL: none), POSITION of them applied; SAVED (ISO 8601, or NULL). The
 * variant, first seat and start are left as they are.
 * isle_saved_game_to_scenario() (isle-saved-game.h) does this for an
 * IsleGame. */
void          isle_scenario_set_game        (IsleScenario *self, const IsleGameSetup *setup,
                                             guint64 seed, const char *const *actions,
                                             guint position, const char *saved);
/* Saved games: whether the game is rated ("rated", issue 30) and the
 * person's rating when it began ("rating"); a file without them is
 * unrated. Set from the setup by isle_scenario_set_game(). */
gboolean      isle_scenario_get_rated       (IsleScenario *self);
int           isle_scenario_get_rating      (IsleScenario *self);

/* A built-in stand-in for SPEC as a file may name it: the same as
 * isle_player_spec_stand_in() — "human" or the level's id when SPEC is
 * one, else ISLE_PLAYER_SPEC_STAND_IN ("expert") for engine:, plugin: and
 * text that names no player. */
const char   *isle_scenario_player_stand_in (const char *spec);
/* SPEC as a file writes it: "human" or a level in its canonical text, its
 * budget kept ("ismcts:hard@2s" → "expert@2s"), else the stand-in of
 * isle_scenario_player_stand_in(). */
char         *isle_scenario_player_for_file (const char *spec);
/* Fills SETUP's players (its variant set) as the scenario names them,
 * parsed once here: the players when the file names one per seat, else
 * "human" at the user's seat and the opponent at the others. A text that
 * names no player (never in a file that was checked) gets
 * ISLE_PLAYER_SPEC_STAND_IN. */
void          isle_scenario_get_setup_players (IsleScenario *self, IsleGameSetup *setup);

/* ---- Playing ------------------------------------------------------------ */

/* The state the game begins in, before any action of the history: the
 * start position, or the variant's normal start. SEED is used when the
 * scenario has none. FALSE with ERROR (every problem) if it cannot. */
gboolean      isle_scenario_build_start     (IsleScenario *self, guint64 seed,
                                             IsleState *state, GError **error);

/* Where the goal stands in STATE, a state of a game started from this
 * scenario. SENTENCE (if not NULL) gets a sentence for the user: "Red
 * scored 14 of the 12 points needed". A round goal is decided when the
 * start round is scored; win-game when the game ends. */
IsleGoalStatus isle_scenario_goal_status    (IsleScenario *self, const IsleState *state,
                                             char **sentence);
/* The goal as a sentence: "Score at least 12 points this round." */
char         *isle_scenario_describe_goal   (IsleScenario *self);

G_END_DECLS
