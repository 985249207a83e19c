/* isle-ai-plugin.h — the whole Critter Isle AI plugin API.
 *
 * A plugin is a shared module (a `.so` file) that adds computer players to
 * Critter Isle. This header is everything a plugin needs and everything it
 * may rely on: it is plain C (C99 or later), it needs no GLib and no
 * Critter Isle engine header, and the ABI between the game and a plugin is
 * exactly what is declared here.
 *
 * WHERE PLUGINS ARE FOUND
 *
 *   Every `*.so` file directly in one of these folders is a plugin
 *   candidate, searched in this order (for a player id that appears twice,
 *   the first one found wins, later ones are refused):
 *
 *     - each folder of the environment variable CRITTER_ISLE_PLUGIN_PATH
 *       (colon-separated; meant for development and tests),
 *     - $XDG_DATA_HOME/critter-isle/ai (usually ~/.local/share/critter-isle/ai),
 *     - $libdir/critter-isle/ai of the installation (for example
 *       /usr/lib/x86_64-linux-gnu/critter-isle/ai).
 *
 *   `critter-isle-cli plugins` lists the plugins found and the ones refused,
 *   with the reason.
 *
 * HOW A PLUGIN IS LOADED
 *
 *   1. The game first tries the plugin in a separate, short-lived process,
 *      so that a plugin that crashes or hangs while loading cannot take the
 *      game down: it opens the module, checks the ABI version, calls
 *      isle_ai_plugin_register() and checks the IsleAiPluginInfo returned.
 *      Any failure there (including a crash or taking more than a few
 *      seconds) refuses the plugin with a message; the game goes on with
 *      its built-in players and the other plugins.
 *   2. A plugin that passed is then opened in the game's own process (with
 *      local symbol binding: a plugin does not see other plugins' symbols),
 *      checked again, and never unloaded while the process runs.
 *
 *   So a module's constructors and isle_ai_plugin_register() run at least
 *   twice, in two processes: they must have no side effects beyond the
 *   process (no files written, no network). Do the real work in create().
 *
 * THE TWO EXPORTED SYMBOLS
 *
 *   isle_ai_plugin_abi_version() must return ISLE_AI_PLUGIN_ABI_VERSION as
 *   it was when the plugin was compiled. The game calls it before anything
 *   else, and refuses the plugin (calling nothing else in it) when the
 *   number differs from its own. Then isle_ai_plugin_register() returns a
 *   pointer to a static IsleAiPluginInfo that lives as long as the module;
 *   the game checks its abi_version field too. Both functions must be cheap
 *   and must not fail in other ways than returning NULL.
 *
 *   Use ISLE_AI_PLUGIN_EXPORT on their definitions, so they stay visible
 *   even when the plugin is built with -fvisibility=hidden:
 *
 *     ISLE_AI_PLUGIN_EXPORT uint32_t
 *     isle_ai_plugin_abi_version (void)
 *     {
 *       return ISLE_AI_PLUGIN_ABI_VERSION;
 *     }
 *
 * THE PLAYER
 *
 *   create() makes one player (one seat's brain) and returns an opaque
 *   pointer to it, or NULL on failure; destroy() frees it. The game may
 *   create several players of one plugin at once (both seats of a game,
 *   games played in parallel), so keep per-player state in the player, not
 *   in globals, or protect globals yourself.
 *
 *   choose() picks the player's action at a decision point:
 *
 *     - OBSERVATION_TEXT is what the player's seat may see (never the
 *       hidden state: other hands, face-down tokens, unseen weather), in the
 *       line-based text format of doc/engine-protocol.md (the `observation`
 *       block of the external engine protocol), NUL-terminated.
 *     - LEGAL_ACTIONS holds N_LEGAL (at least 1) actions in their text form
 *       (`place rW c3`, `keep cloudy`, `pass`, … as in doc/engine-protocol.md),
 *       each NUL-terminated; every one of them is legal now.
 *     - SECONDS is the thinking time the player should stay within; 0
 *       means the player's own pace (keep it to about a second).
 *     - CANCELLED points to a flag the game sets to non-zero, from another
 *       thread, when it no longer wants the answer (the game was closed, the
 *       move was undone, …). Poll it often (every few milliseconds of
 *       search) and return soon after it becomes non-zero; what is returned
 *       then is ignored.
 *
 *   choose() returns the index in LEGAL_ACTIONS of the chosen action, or -1
 *   to give up (the game reports an error for that player). Any other
 *   index out of range is an error too. The strings are valid only during
 *   the call: copy what you keep.
 *
 * THREADS
 *
 *   choose() is called on a worker thread, never on the game's main
 *   thread; different players may be in choose() at the same time on
 *   different threads, but one player is never in two calls at once.
 *   create() and destroy() may be called on any thread, never while that
 *   player is inside choose(). isle_ai_plugin_abi_version() and
 *   isle_ai_plugin_register() may be called on any thread.
 *
 * STRINGS
 *
 *   All strings, both ways, are UTF-8 and NUL-terminated. The id, name and
 *   description in IsleAiPluginInfo are not translated by the game.
 *
 * VERSIONING
 *
 *   ISLE_AI_PLUGIN_ABI_VERSION changes whenever this header changes in a way
 *   that breaks compiled plugins (fields, their order, signatures, the
 *   meaning of a call). A plugin compiled against another version is
 *   refused; rebuild it against the new header.
 */
#ifndef CRITTER_ISLE_AI_PLUGIN_H
#define CRITTER_ISLE_AI_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this ABI. A plugin returns it from
 * isle_ai_plugin_abi_version() and puts it in IsleAiPluginInfo.abi_version. */
#define ISLE_AI_PLUGIN_ABI_VERSION 1

/* Marks the two entry points as exported from the module. */
#if defined(_WIN32) || defined(__CYGWIN__)
#define ISLE_AI_PLUGIN_EXPORT __declspec (dllexport)
#elif defined(__GNUC__)
#define ISLE_AI_PLUGIN_EXPORT __attribute__ ((visibility ("default")))
#else
#define ISLE_AI_PLUGIN_EXPORT
#endif

/* What a plugin registers: one kind of computer player. */
typedef struct
{
  /* Must be ISLE_AI_PLUGIN_ABI_VERSION. */
  uint32_t abi_version;

  /* A short stable identifier: 1 to 32 characters out of a-z, 0-9, '-',
   * '_' and '.'. The player is chosen as `plugin:ID` (for example
   * `critter-isle-cli play --players plugin:sample,easy`). Required. */
  const char *id;
  /* A name to show to people ("Sample Piggy"). Required. */
  const char *name;
  /* One sentence about how it plays, or NULL. */
  const char *description;
  /* A rough strength from 0 (plays at random) to 100, to sort players by:
   * the built-in levels are beginner 0, easy 20, medium 45, hard 70 and
   * expert 100. */
  int strength;

  /* Makes a player; NULL if it cannot. Required. */
  void *(*create) (void);
  /* Frees a player made by create(). Required. */
  void (*destroy) (void *player);
  /* Chooses among LEGAL_ACTIONS; see "THE PLAYER" above. Required. */
  int (*choose) (void *player, const char *observation_text,
                 const char *const *legal_actions, int n_legal,
                 double seconds, const volatile int *cancelled);
} IsleAiPluginInfo;

/* Entry point 1: returns ISLE_AI_PLUGIN_ABI_VERSION. Called first. */
ISLE_AI_PLUGIN_EXPORT uint32_t isle_ai_plugin_abi_version (void);

/* Entry point 2: returns the plugin's description, or NULL if the plugin
 * cannot work here (it is then refused). Called only when the ABI version
 * matches. The result must stay valid as long as the module is loaded. */
ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *isle_ai_plugin_register (void);

/* The names of the two symbols, for loaders. */
#define ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL "isle_ai_plugin_abi_version"
#define ISLE_AI_PLUGIN_REGISTER_SYMBOL "isle_ai_plugin_register"

#ifdef __cplusplus
}
#endif

#endif /* CRITTER_ISLE_AI_PLUGIN_H */
