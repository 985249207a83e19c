/* isle-puzzle-themes.h — what a puzzle is about (issue 31): a mercenary
 * it is won with, the weather it is played in, spies, Pigs and Cats,
 * blocking. A puzzle's themes are read off its solution: the tokens its
 * player places there and the weather it stands in, so a theme is never
 * a claim a file makes about itself that its play does not bear out.
 * The `.isle` format writes them as "themes" (doc/scenario-format.md). */
#pragma once

#include <glib.h>

#include "isle-state.h"

G_BEGIN_DECLS

typedef enum
{
  /* A mercenary the player places in the solution (R8), in the order of
   * IsleKind from the Fox. */
  ISLE_THEME_FOX = 0,
  ISLE_THEME_TURTLE,
  ISLE_THEME_CAT,
  ISLE_THEME_MOUSES,
  ISLE_THEME_SNAKE,
  ISLE_THEME_FROG,
  ISLE_THEME_CHAMELEON,
  ISLE_THEME_CROW,
  ISLE_THEME_MOLE,
  ISLE_THEME_PRAIRIE_DOG,
  ISLE_THEME_HIPPO,
  ISLE_THEME_FOG,          /* a Foggy round: fog boards, tokens face down (R6.4) */
  ISLE_THEME_CLOUDY,       /* a Cloudy round: fog boards over the island (R6.3) */
  /* The player's first placement (the key move) is … */
  ISLE_THEME_SPIES,        /* a Rat, a spy (R2) */
  ISLE_THEME_MULTIPLIERS,  /* a Pig or a Cat (R7.2) */
  ISLE_THEME_BLOCKING,     /* a Rabbit (R2) */
  ISLE_N_THEMES,
} IslePuzzleTheme;

/* A set of themes, a bit per IslePuzzleTheme. */
typedef guint IslePuzzleThemes;

#define ISLE_PUZZLE_THEME_BIT(theme) (1u << (theme))

/* How a file spells each ("fox", "prairie-dog", "pigs-and-cats"). */
extern const char *const isle_puzzle_theme_ids[ISLE_N_THEMES];

/* The theme a file spells ID, or -1. */
int              isle_puzzle_theme_from_id   (const char       *id);
/* The ids of THEMES, in the order of IslePuzzleTheme (NULL-terminated,
 * empty for none). */
char           **isle_puzzle_themes_to_ids   (IslePuzzleThemes  themes);
/* Its name for people, translated: "Fox", "Fog", "Pigs and Cats". */
const char      *isle_puzzle_theme_name      (IslePuzzleTheme   theme);
/* The mercenary of a mercenary theme, else ISLE_KIND_NONE. */
IsleKind         isle_puzzle_theme_kind      (IslePuzzleTheme   theme);
/* Whether a game of VARIANT can have THEME at all (no weather in the
 * Basic game, no mercenaries but in the games with them). */
gboolean         isle_puzzle_theme_fits      (IslePuzzleTheme   theme,
                                              IsleVariant       variant);

/* The themes of a line of play: from START, the N ACTIONS of LINE, each
 * legal where it stands, PLAYER's seat the puzzle's. The weather's from
 * START; a mercenary's where PLAYER places one; a spy's, multipliers'
 * and blocking's from PLAYER's first placement. */
IslePuzzleThemes isle_puzzle_themes_of_line  (const IsleState  *start,
                                              int               player,
                                              const IsleAction *line,
                                              int               n);

G_END_DECLS
