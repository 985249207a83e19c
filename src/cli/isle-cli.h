/* isle-cli.h — subcommands of critter-isle-cli and what they share. */
#pragma once

#include <glib.h>

#include "isle-ai.h"
#include "isle-ai-player.h"
#include "isle-game.h"
#include "isle-rules-json.h"
#include "isle-scenario.h"
#include "isle-state.h"

G_BEGIN_DECLS

/* The exit statuses of every command, one table (README.md "Exit status";
 * each command's --help prints isle_cli_exit_status_help()). The same case
 * gives the same status whatever the command:
 *
 *   0    success: the command did what was asked, and any answer is "yes";
 *   1    the answer is "no", a verdict rather than a failure: `validate`
 *        finds a file invalid (a malformed file included: judging it is
 *        the command's work), `play --scenario` misses the goal, `solve`
 *        proves the goal cannot be met, `play --replay` does not
 *        reproduce the record;
 *   2    could not run: a usage error, an input that is missing or cannot
 *        be read, or malformed data where a command expected to read data
 *        (`score` given a bad board, `play` a bad scenario or rules file),
 *        a player that cannot play;
 *   3    undecided: `solve` found neither a proof nor a refutation before
 *        its clock ended (neither "yes" nor "no");
 *   130  interrupted (`tournament`, which still prints the games finished).
 */
typedef enum
{
  ISLE_CLI_OK = 0,
  ISLE_CLI_NO = 1,
  ISLE_CLI_CANNOT_RUN = 2,
  ISLE_CLI_UNDECIDED = 3,
  ISLE_CLI_INTERRUPTED = 130,
} IsleCliStatus;

/* The "Exit status:" paragraph of the table above, translated: the same
 * words in every command's --help and in the tool's own. */
const char *isle_cli_exit_status_help (void);

/* A subcommand's option context: PARAMETER after the command's name in
 * the usage line, and the exit statuses at the end of --help. */
GOptionContext *isle_cli_option_context_new (const char *parameter);

/* Reads PATH ("-" for standard input) whole, refusing more than 1 MiB. */
gboolean isle_cli_read_input (const char *path, char **contents, gsize *length,
                              GError **error);

/* Loads RULES from PATH, or the standard rules when PATH is NULL; a message
 * names the file like every other input's. */
gboolean isle_cli_load_rules (const char *path, IsleRules *rules, GError **error);
/* The same for TEXT already read from the file NAME. */
gboolean isle_cli_rules_from_text (const char *name, const char *text, gsize length,
                                   IsleRules *rules, GError **error);

/* json-glib's words say where a text that is no JSON at all stopped, not
 * what the file should have been: ERROR, from reading TEXT, gets " —
 * expected a JSON object with “format”: FORMAT" added then, in one form for
 * every kind of file. */
void isle_cli_expect_format (GError *error, const char *text, gsize length,
                             const char *format);

/* Parses the options of a subcommand; prints the error and returns FALSE. */
gboolean isle_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/* TRUE when the options left no argument after COMMAND's name (ARGV[0]);
 * else says so. */
gboolean isle_cli_no_arguments (const char *command, int argc, char **argv);

/* Prints the object B has built as one line of JSON, or indented when
 * PRETTY, followed by a newline. */
void isle_cli_print_json (JsonBuilder *b, gboolean pretty);

/* The display name of a file argument ("standard input" for "-"). */
const char *isle_cli_input_name (const char *path);

/* Is PATH a `.isle` file? Such a file is read as a scenario whatever it
 * holds, never as a board or rules file. */
gboolean isle_cli_is_scenario_path (const char *path);

/* Reads PATH ("-" for standard input) as a `.isle` scenario; on any problem
 * NULL, and ERROR names the file and every problem's field
 * (doc/scenario-format.md). */
IsleScenario *isle_cli_load_scenario (const char *path, GError **error);
/* The same for TEXT already read from the file NAME. */
IsleScenario *isle_cli_scenario_from_text (const char *name, const char *text, gsize length,
                                           GError **error);

/* The level that takes over an engine's seat when the engine faults: quick,
 * so a tournament with a broken engine still ends soon. */
#define ISLE_CLI_ENGINE_STAND_IN "easy"

/* A computer player of `play` and `tournament`. */
typedef struct
{
  IslePlayerSpec spec;      /* who it is, parsed once ("expert" for "ismcts:hard") */
  const IsleAiLevel *level; /* NULL, or BUDGETED for a built-in level */
  IsleAiLevel budgeted;     /* a built-in level with its budget (expert@3.6s) */
  IsleRng rng;              /* seeds of its searches */
  /* Players behind IsleAiPlayer (plugin:ID): LEVEL is NULL then. */
  IsleAiPlayer *ai;
  /* engine:COMMAND (doc/engine-protocol.md): the command line, started at
   * the player's first move with that game's rules (AI is then the engine).
   * LEVEL is ISLE_CLI_ENGINE_STAND_IN, who takes over the seat if the
   * engine faults. */
  char **engine_argv;
  gboolean engine_failed;
  /* The search time to ask the engine for with each `go`, in seconds; 0
   * for the client's default budget. */
  double engine_seconds;
} IsleCliPlayer;

/* Parses a player spec ("beginner" … "expert", an old id such as
 * "ismcts:hard", "plugin:ID", "engine:PATH [ARG…]"; isle-player-spec.h),
 * spaces around it ignored; "human" is refused. The program of an engine
 * must be found now; it starts at the player's first move. */
gboolean isle_cli_player_parse (const char *spec, IsleCliPlayer *player,
                                uint64_t seed, GError **error);
/* The same for a player parsed already (a tournament's, for each game). */
gboolean isle_cli_player_init  (IsleCliPlayer *player, const IslePlayerSpec *spec,
                                uint64_t seed, GError **error);

/* The player's action for the seat to move in STATE, from that seat's
 * observation only (R12), within its level's think time. SECONDS gets the
 * time taken. */
/* LIMITS end a search at *DEADLINE (monotonic µs). */
void isle_cli_limits_until (IsleAiLimits *limits, gint64 *deadline);
IsleAction isle_cli_player_choose (IsleCliPlayer *player, const IsleState *state,
                                   IsleAiStats *stats, double *seconds);

/* Splits TEXT, the value of --players, at its commas outside shell quotes,
 * so an engine's command line can hold a comma quoted
 * ("engine:prog --opt 'a,b',easy" is two players). */
char **isle_cli_split_players (const char *text);

/* After isle_cli_catch_interrupts(), the first Ctrl+C (or SIGTERM) is
 * caught and isle_cli_interrupted() is TRUE from then on, for a command
 * that then prints what it has finished (`tournament`, `bench
 * --review`); a second one ends the program at once. */
void isle_cli_catch_interrupts (void);
gboolean isle_cli_interrupted (void);

/* Frees what a parsed player holds (a plugin's player); PLAYER can be
 * parsed again after. */
void isle_cli_player_clear (IsleCliPlayer *player);

int isle_cli_score (int argc, char **argv);
int isle_cli_play (int argc, char **argv);
int isle_cli_analyse (int argc, char **argv);
int isle_cli_validate (int argc, char **argv);
int isle_cli_bench (int argc, char **argv);
/* `bench --review MODE` (isle-cli-review-bench.c). */
int isle_cli_review_bench (int argc, char **argv);
int isle_cli_tournament (int argc, char **argv);
int isle_cli_engine (int argc, char **argv);
int isle_cli_plugins (int argc, char **argv);
int isle_cli_games (int argc, char **argv);
int isle_cli_solve (int argc, char **argv);
int isle_cli_generate (int argc, char **argv);

G_END_DECLS
