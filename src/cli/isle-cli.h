/* isle-cli.h — subcommands of critter-isle-cli and what they share. */
#pragma once

#include <glib.h>

#include "isle-ai.h"
#include "isle-ai-player.h"
#include "isle-rules-json.h"
#include "isle-state.h"

G_BEGIN_DECLS

/* Exit statuses: 0 success, 1 the input is valid but fails a check
 * (`validate`), 2 bad input or usage, 130 interrupted (`tournament`, which
 * still prints the games finished). */
enum
{
  ISLE_CLI_OK = 0,
  ISLE_CLI_INVALID = 1,
  ISLE_CLI_BAD_INPUT = 2,
  ISLE_CLI_INTERRUPTED = 130,
};

/* Reads PATH ("-" for standard input) whole, refusing more than 1 MiB. */
gboolean isle_cli_read_input (const char *path, char **contents, gsize *length,
                              GError **error);

/* Loads RULES from PATH, or the standard rules when PATH is NULL. */
gboolean isle_cli_load_rules (const char *path, IsleRules *rules, GError **error);

/* Parses the options of a subcommand; prints the error and returns FALSE. */
gboolean isle_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/* Prints the object B has built as one line of JSON, or indented when
 * PRETTY, followed by a newline. */
void isle_cli_print_json (JsonBuilder *b, gboolean pretty);

/* The display name of a file argument ("standard input" for "-"). */
const char *isle_cli_input_name (const char *path);

/* The level that takes over an engine's seat when the engine faults: quick,
 * so a tournament with a broken engine still ends soon. */
#define ISLE_CLI_ENGINE_STAND_IN "easy"

/* A computer player of `play` and `tournament`. */
typedef struct
{
  char *spec;               /* its canonical spec ("expert" for "ismcts:hard") */
  const IsleAiLevel *level;
  IsleRng rng;              /* seeds of its searches */
  /* Players behind IsleAiPlayer (plugin:ID): LEVEL is NULL then. */
  IsleAiPlayer *ai;
  /* engine:COMMAND (doc/engine-protocol.md): the command line, started at
   * the player's first move with that game's rules (AI is then the engine).
   * LEVEL is ISLE_CLI_ENGINE_STAND_IN, who takes over the seat if the
   * engine faults. */
  char **engine_argv;
  gboolean engine_failed;
} IsleCliPlayer;

/* Parses a player spec ("beginner" … "expert", an old id such as
 * "ismcts:hard", "plugin:ID", "engine:PATH [ARG…]"; isle-player-spec.h),
 * spaces around it ignored; "human" is refused. The program of an engine
 * must be found now; it starts at the player's first move. */
gboolean isle_cli_player_parse (const char *spec, IsleCliPlayer *player,
                                uint64_t seed, GError **error);

/* The player's action for the seat to move in STATE, from that seat's
 * observation only (R12), within its level's think time. SECONDS gets the
 * time taken. */
/* LIMITS end a search at *DEADLINE (monotonic µs). */
void isle_cli_limits_until (IsleAiLimits *limits, gint64 *deadline);
IsleAction isle_cli_player_choose (IsleCliPlayer *player, const IsleState *state,
                                   IsleAiStats *stats, double *seconds);

/* Frees what a parsed player holds (a plugin's player); PLAYER can be
 * parsed again after. */
void isle_cli_player_clear (IsleCliPlayer *player);

int isle_cli_score (int argc, char **argv);
int isle_cli_play (int argc, char **argv);
int isle_cli_validate (int argc, char **argv);
int isle_cli_bench (int argc, char **argv);
int isle_cli_tournament (int argc, char **argv);
int isle_cli_engine (int argc, char **argv);
int isle_cli_plugins (int argc, char **argv);
int isle_cli_solve (int argc, char **argv);

G_END_DECLS
