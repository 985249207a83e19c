/* isle-puzzles.h — the puzzles the player can pick: the built-in pack and
 * the player's own folder. Whether each is solved is the session's
 * (isle-session.h). */
#pragma once

#include <gio/gio.h>

#include "isle-scenario.h"

G_BEGIN_DECLS

typedef struct
{
  char *id;                   /* "builtin:NAME.isle" or "file:PATH": the key of its progress */
  char *location;             /* a resource path (built-in) or a file path */
  gboolean builtin;
  char *title;                /* never NULL: the file name when it has none */
  char *goal;                 /* the goal in a sentence, or NULL */
  IsleDifficulty difficulty;
  char *error;                /* a puzzle that cannot be loaded: why (it is listed, greyed out) */
} IslePuzzle;

void        isle_puzzle_free          (IslePuzzle *puzzle);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IslePuzzle, isle_puzzle_free)

/* The folder of the player's own puzzles: $XDG_DATA_HOME/critter-isle/puzzles
 * (inside the Flatpak sandbox, the app's own data folder). */
char       *isle_puzzles_user_dir     (void);

/* Every puzzle: the built-in ones easiest first, then the player's own
 * (sorted by title). Each loaded once to read its title and goal. */
GPtrArray  *isle_puzzles_list         (void);

/* The puzzle's scenario, loaded again. */
IsleScenario *isle_puzzle_load        (const IslePuzzle *puzzle,
                                       GError          **error);

/* TEXT (a puzzle's title, description or clue) in the user's language:
 * the built-in puzzles' words are translated (data/puzzles/puzzle-strings.c),
 * any other text comes back as it is. NULL stays NULL. */
const char *isle_puzzle_text          (const char       *text);

/* The words for a difficulty: "Easy", "Medium", "Hard", or NULL. */
const char *isle_difficulty_name      (IsleDifficulty    difficulty);

G_END_DECLS
