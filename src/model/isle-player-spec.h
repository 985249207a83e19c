/* isle-player-spec.h — IslePlayerSpec, the one parser and formatter of the
 * strings that say who plays a seat: in files, settings, the command line
 * and the window.
 *
 *   human            a person at this computer
 *   beginner | easy | medium | hard | expert
 *                    a built-in level (src/ai/isle-ai.c); the old ids
 *                    random, greedy, ismcts:easy (Medium), ismcts:medium
 *                    (Hard) and ismcts:hard (Expert) are read as their
 *                    level forever, and never written
 *   LEVEL@SECONDSs   a level that searches, thinking SECONDS a move
 *                    (more than 0, up to 60: expert@3.6s, ismcts:hard@2s)
 *   LEVEL@nCOUNT     a level that searches, running COUNT simulations a
 *                    move (1 to 10000000: hard@n20000); a budget equal to
 *                    the level's own is written without it (expert@0.9s
 *                    is expert), so strength against thinking time can be
 *                    measured without changing the level table
 *   plugin:ID        an AI plugin (isle-plugin-loader.h)
 *   engine:COMMAND   an external engine (doc/engine-protocol.md), COMMAND
 *                    split as a shell would, the program looked up in PATH
 *
 * Whatever reads a player goes through isle_player_spec_parse(); whatever
 * writes one writes isle_player_spec_format()'s canonical text. */
#pragma once

#include <gio/gio.h>

#include "isle-ai.h"
#include "isle-ai-player.h"

G_BEGIN_DECLS

#define ISLE_PLAYER_SPEC_ERROR (isle_player_spec_error_quark ())
GQuark isle_player_spec_error_quark (void);

typedef enum
{
  ISLE_PLAYER_SPEC_ERROR_INVALID,  /* the text names no player */
  ISLE_PLAYER_SPEC_ERROR_HUMAN,    /* "human" asked for as a computer player */
} IslePlayerSpecError;

typedef enum
{
  ISLE_PLAYER_HUMAN,
  ISLE_PLAYER_BUILTIN,
  ISLE_PLAYER_PLUGIN,
  ISLE_PLAYER_ENGINE,
} IslePlayerKind;

/* A parsed player. Clear it with isle_player_spec_clear() (or declare it
 * g_auto (IslePlayerSpec) spec = { 0 }). */
typedef struct
{
  IslePlayerKind kind;
  const IsleAiLevel *level;  /* BUILTIN: the level (static), without the
                              * text's budget */
  char *plugin_id;           /* PLUGIN: the id after "plugin:" ("sample") */
  char **argv;               /* ENGINE: the command split as a shell would */
  /* BUILTIN: the level as it plays, to pass to its choose(): a copy of
   * *level with the text's budget in place of its iterations and seconds
   * (@Ns: seconds N, iterations 0; @nN: iterations N, seconds 0). */
  IsleAiLevel budgeted;
} IslePlayerSpec;

/* The bounds of a budget after "@". */
#define ISLE_PLAYER_SPEC_MAX_SECONDS 60
#define ISLE_PLAYER_SPEC_MAX_SIMULATIONS 10000000

/* The built-in level a file names instead of a plugin or an engine (a
 * shared file never runs code). */
#define ISLE_PLAYER_SPEC_STAND_IN "expert"

/* Parses TEXT (exactly: no spaces around it). FALSE and ERROR
 * (ISLE_PLAYER_SPEC_ERROR_INVALID, naming TEXT and saying what was
 * expected) if it names no player; SPEC is then cleared. */
gboolean    isle_player_spec_parse       (const char           *text,
                                          IslePlayerSpec       *spec,
                                          GError              **error);
/* Frees what SPEC holds and zeroes it; it can be parsed into again. */
void        isle_player_spec_clear       (IslePlayerSpec       *spec);
/* The canonical text of SPEC: "human", the level's id and its budget
 * ("expert", "expert@3.6s", "hard@n20000"), "plugin:ID",
 * "engine:" and the arguments quoted only where they must be. */
char       *isle_player_spec_format      (const IslePlayerSpec *spec);

/* TEXT's canonical text ("greedy" → "easy"), or NULL if it names no
 * player. */
char       *isle_player_spec_canonical   (const char           *text);
gboolean    isle_player_spec_is_valid    (const char           *text);
/* Whether TEXT and OTHER name the same player (texts that name none are
 * compared as they are). */
gboolean    isle_player_spec_equal       (const char           *text,
                                          const char           *other);
gboolean    isle_player_spec_is_human    (const char           *text);
/* Whether TEXT is "human" or a built-in level: what a shared file may
 * name. */
gboolean    isle_player_spec_is_builtin  (const char           *text);

/* The level ids, gentlest first, for messages: "beginner, easy, medium,
 * hard, expert". */
char       *isle_player_spec_level_ids   (void);

/* TEXT's name for people, translated: "Human", "Expert", "Expert, 3.6 s a
 * move", "Hard, 20000 simulations a move", "Plugin “sample”",
 * "Engine “my-engine”" (its program's file name); NULL if TEXT names no
 * player. */
char       *isle_player_spec_describe    (const char           *text);
/* One translated sentence on how TEXT plays ("Looks a few moves ahead"),
 * or an engine's command line; NULL if TEXT names no player. */
char       *isle_player_spec_explain     (const char           *text);

/* The built-in player that stands in for TEXT in a file, or for a player
 * that fails: TEXT's canonical id when it is "human" or a level (the
 * level's id alone, without a budget), else
 * ISLE_PLAYER_SPEC_STAND_IN. Static; never NULL. */
const char *isle_player_spec_stand_in    (const char           *text);

/* For an ENGINE spec: replaces argv[0] with the program's full path, found
 * in PATH as a shell would. FALSE and ERROR (ISLE_ENGINE_ERROR_START,
 * naming the program) if there is none; TRUE for other kinds. */
gboolean    isle_player_spec_find_program (IslePlayerSpec      *spec,
                                           GError             **error);

/* A computer player for TEXT: a built-in level, a plugin from the default
 * plugin folders, or an external engine started with RULES (NULL: the
 * standard rules) after its program is found in PATH — its handshake
 * blocks, so callers start engines on a thread that outlives the player
 * (isle-engine-player.h). SEED starts a built-in level's searches. Returns
 * NULL and always sets ERROR when it cannot: ISLE_PLAYER_SPEC_ERROR for
 * text that names no player or "human", ISLE_PLUGIN_ERROR for a plugin,
 * ISLE_ENGINE_ERROR for an engine. */
IsleAiPlayer *isle_player_spec_new_player (const char          *text,
                                           const IsleRules     *rules,
                                           guint64              seed,
                                           GError             **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IslePlayerSpec, isle_player_spec_clear)

G_END_DECLS
