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
 *   LEVEL@noiseN+careC
 *                    a level that plays by instinct (beginner, easy), its
 *                    rules of thumb blurred by N points of noise (0 to
 *                    10) and blocking with care C (0 to 1); either may be
 *                    left out (easy@care0.5, beginner@noise2): the rated
 *                    strengths between Beginner and Easy (isle-rating.c)
 *   plugin:ID        an AI plugin (isle-plugin-loader.h)
 *   engine:COMMAND   an external engine (doc/engine-protocol.md), COMMAND
 *                    split as a shell would, the program looked up in PATH
 *
 * Whatever reads a player goes through isle_player_spec_parse() once, at
 * the edge (a file, the settings, the command line), and passes the
 * parsed IslePlayerSpec value on; whatever writes one writes
 * isle_player_spec_format()'s canonical text. */
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

/* Longest canonical text of a player kept, with its '\0'
 * ("engine:/a/long/path ..."). */
#define ISLE_PLAYER_SPEC_MAX 512

/* A parsed player: a plain value with no heap pointers, so it is copied
 * with = and never cleared. All zeroes is the person ("human"). Made by
 * isle_player_spec_parse() at the edges (files, settings, the command
 * line); the game setup, the match and the settings carry it. */
typedef struct
{
  IslePlayerKind kind;
  const IsleAiLevel *level;  /* BUILTIN: the level (static), without the
                              * text's budget; NULL otherwise */
  /* BUILTIN: the level as it plays, to pass to its choose(): a copy of
   * *level with the text's budget in place of its iterations and seconds
   * (@Ns: seconds N, iterations 0; @nN: iterations N, seconds 0). */
  IsleAiLevel budgeted;
  /* The canonical text (isle_player_spec_format()): "" for the person of
   * an all-zero spec, which is formatted as "human". */
  char text[ISLE_PLAYER_SPEC_MAX];
} IslePlayerSpec;

/* The bounds of a budget after "@". */
#define ISLE_PLAYER_SPEC_MAX_SECONDS 60
#define ISLE_PLAYER_SPEC_MAX_SIMULATIONS 10000000
/* The most points of noise after "@noise". */
#define ISLE_PLAYER_SPEC_MAX_NOISE 10

/* The built-in level a file names instead of a plugin or an engine (a
 * shared file never runs code). */
#define ISLE_PLAYER_SPEC_STAND_IN "expert"

/* Parses TEXT (exactly: no spaces around it). FALSE and ERROR
 * (ISLE_PLAYER_SPEC_ERROR_INVALID, naming TEXT and saying what was
 * expected) if it names no player, or its canonical text is longer than
 * ISLE_PLAYER_SPEC_MAX - 1 bytes; SPEC is then the person. */
gboolean    isle_player_spec_parse       (const char           *text,
                                          IslePlayerSpec       *spec,
                                          GError              **error);
/* The player TEXT names, for texts written in the code ("human",
 * "beginner"): a critical and the person if it names none. */
IslePlayerSpec isle_player_spec_for      (const char           *text);
/* The canonical text of SPEC: "human", the level's id and its budget
 * ("expert", "expert@3.6s", "hard@n20000"), "plugin:ID",
 * "engine:" and the arguments quoted only where they must be. Static in
 * SPEC: valid while SPEC is. */
const char *isle_player_spec_to_text     (const IslePlayerSpec *spec);
/* isle_player_spec_to_text(), newly allocated. */
char       *isle_player_spec_format      (const IslePlayerSpec *spec);
/* Whether SPEC and OTHER are the same player ("greedy" and "easy" are). */
gboolean    isle_player_spec_equal       (const IslePlayerSpec *spec,
                                          const IslePlayerSpec *other);
gboolean    isle_player_spec_is_human    (const IslePlayerSpec *spec);
/* Whether SPEC is "human" or a built-in level: what a shared file may
 * name. */
gboolean    isle_player_spec_is_builtin  (const IslePlayerSpec *spec);
/* PLUGIN: the plugin's id ("sample"); NULL for other kinds. */
const char *isle_player_spec_get_plugin_id (const IslePlayerSpec *spec);
/* ENGINE: the command line after "engine:", canonical; NULL for other
 * kinds. */
const char *isle_player_spec_get_command (const IslePlayerSpec *spec);
/* ENGINE: the file name of the command's program ("my-engine" for
 * "engine:/usr/bin/my-engine --fast"), newly allocated; NULL for other
 * kinds. */
char       *isle_player_spec_get_program_name (const IslePlayerSpec *spec);

/* Edges that hold text (settings, files): TEXT's canonical text
 * ("greedy" → "easy"), or NULL if it names no player; whether it names
 * one; whether two texts name the same player (texts that name none are
 * compared as they are). */
char       *isle_player_spec_canonical   (const char           *text);
gboolean    isle_player_spec_is_valid    (const char           *text);
gboolean    isle_player_spec_text_equal  (const char           *text,
                                          const char           *other);

/* The level ids, gentlest first, for messages: "beginner, easy, medium,
 * hard, expert". */
char       *isle_player_spec_level_ids   (void);

/* SPEC's name for people, translated: "Human", "Expert", "Expert, 3.6 s a
 * move", "Hard, 20000 simulations a move", "Plugin “sample”",
 * "Engine “my-engine”" (its program's file name). */
char       *isle_player_spec_describe    (const IslePlayerSpec *spec);
/* One translated sentence on how SPEC plays ("Looks a few moves ahead"),
 * or an engine's command line. */
char       *isle_player_spec_explain     (const IslePlayerSpec *spec);

/* The built-in player that stands in for SPEC in a file, or for a player
 * that fails: "human" or SPEC's level alone (without a budget), else
 * ISLE_PLAYER_SPEC_STAND_IN. */
IslePlayerSpec isle_player_spec_stand_in (const IslePlayerSpec *spec);
/* SPEC as a file may name it: itself when it is "human" or a built-in
 * level (with its budget), else isle_player_spec_stand_in(). */
IslePlayerSpec isle_player_spec_for_file (const IslePlayerSpec *spec);

/* For an ENGINE spec: the command split as a shell would, with argv[0]
 * the program's full path, found in PATH as a shell would. NULL and ERROR
 * (ISLE_ENGINE_ERROR_START, naming the program) if there is none, or
 * (ISLE_PLAYER_SPEC_ERROR_INVALID) if SPEC is no engine. */
char      **isle_player_spec_engine_argv (const IslePlayerSpec *spec,
                                          GError              **error);

/* A computer player for SPEC: a built-in level, a plugin from the default
 * plugin folders, or an external engine started with RULES (NULL: the
 * standard rules) after its program is found in PATH — its handshake
 * blocks, so callers start engines on a thread that outlives the player
 * (isle-engine-player.h). SEED starts a built-in level's searches. Returns
 * NULL and always sets ERROR when it cannot: ISLE_PLAYER_SPEC_ERROR for
 * "human", ISLE_PLUGIN_ERROR for a plugin, ISLE_ENGINE_ERROR for an
 * engine. */
IsleAiPlayer *isle_player_spec_new_player (const IslePlayerSpec *spec,
                                           const IsleRules      *rules,
                                           guint64               seed,
                                           GError              **error);

/* The same on a worker thread, off the main loop (an engine's handshake
 * may take seconds): CALLBACK gets the result on the caller's thread's
 * main context, for isle_player_spec_new_player_finish(). SOURCE (may be
 * NULL) is the task's source object; the player is made even when
 * CANCELLABLE is cancelled (its callback sees it). */
void          isle_player_spec_new_player_async  (const IslePlayerSpec *spec,
                                                  const IsleRules      *rules,
                                                  guint64               seed,
                                                  gpointer              source,
                                                  GCancellable         *cancellable,
                                                  GAsyncReadyCallback   callback,
                                                  gpointer              user_data);
IsleAiPlayer *isle_player_spec_new_player_finish (GAsyncResult         *result,
                                                  GError              **error);

G_END_DECLS
