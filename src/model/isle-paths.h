/* isle-paths.h — where the model finds what lies outside it: the autosave
 * file, the folders of AI plugins and the program that probes them.
 *
 * This is the one place in the model that reads the environment. Two
 * variables are honoured, each read when its path is asked for:
 *   CRITTER_ISLE_PLUGIN_PATH  folders searched for plugins first (":"
 *                             between them), for plugin authors; documented
 *                             in include/critter-isle/isle-ai-plugin.h and
 *                             told by `critter-isle-cli plugins`;
 *   CRITTER_ISLE_AUTOSAVE     the autosave file instead of the user's, so
 *                             the tests and build-aux/ui-bench never touch
 *                             a person's game in progress.
 */
#pragma once

#include <glib.h>

#define ISLE_PATHS_PLUGIN_ENV "CRITTER_ISLE_PLUGIN_PATH"
#define ISLE_PATHS_AUTOSAVE_ENV "CRITTER_ISLE_AUTOSAVE"

/* The game in progress: $CRITTER_ISLE_AUTOSAVE when set and not empty,
 * else $XDG_DATA_HOME/critter-isle/autosave.isle. */
char       *isle_paths_autosave      (void);

/* The games library (isle-library.h):
 * $XDG_DATA_HOME/critter-isle/games.sqlite; inside the Flatpak, the
 * sandbox's data folder. */
char       *isle_paths_library       (void);

/* The folders searched for plugins, in order: each of
 * $CRITTER_ISLE_PLUGIN_PATH, the user's $XDG_DATA_HOME/critter-isle/ai,
 * then $libdir/critter-isle/ai. */
GStrv       isle_paths_plugin_dirs   (void);

/* The plugin probe program: the installed one, else the one of the build
 * folder (the game and the tests run from there before anything is
 * installed). */
const char *isle_paths_plugin_probe  (void);
