/* isle-puzzle-themes.c — isle-puzzle-themes.h: the ids and names of the
 * themes, and the themes a line of play bears out. */
#include "config.h"

#include "isle-puzzle-themes.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-words.h"

const char *const isle_puzzle_theme_ids[ISLE_N_THEMES] = {
  "fox", "turtle", "cat", "mouses", "snake", "frog", "chameleon", "crow", "mole", "prairie-dog", "hippo",
  "fog", "cloudy", "spies", "pigs-and-cats", "blocking",
};

/* The themes that are not a mercenary (whose name is the kind's). */
static const char *const names[ISLE_N_THEMES - ISLE_THEME_FOG] = {
  /* Translators: puzzle themes, for the Puzzles page's filter */
  N_("Fog"), N_("Cloudy Weather"), N_("Spies"), N_("Pigs and Cats"), N_("Blocking"),
};

int
isle_puzzle_theme_from_id (const char *id)
{
  for (int t = 0; id != NULL && t < ISLE_N_THEMES; t++)
    if (strcmp (isle_puzzle_theme_ids[t], id) == 0)
      return t;
  return -1;
}

char **
isle_puzzle_themes_to_ids (IslePuzzleThemes themes)
{
  GStrvBuilder *ids = g_strv_builder_new ();
  char **strv;

  for (int t = 0; t < ISLE_N_THEMES; t++)
    if (themes & ISLE_PUZZLE_THEME_BIT (t))
      g_strv_builder_add (ids, isle_puzzle_theme_ids[t]);
  strv = g_strv_builder_end (ids);
  g_strv_builder_unref (ids);
  return strv;
}

const char *
isle_puzzle_theme_name (IslePuzzleTheme theme)
{
  g_return_val_if_fail (theme < ISLE_N_THEMES, "");
  if (isle_puzzle_theme_kind (theme) != ISLE_KIND_NONE)
    return isle_words_kind (isle_puzzle_theme_kind (theme));
  return _(names[theme - ISLE_THEME_FOG]);
}

IsleKind
isle_puzzle_theme_kind (IslePuzzleTheme theme)
{
  return theme <= ISLE_THEME_HIPPO ? (IsleKind) (ISLE_KIND_FOX + (int) theme) : ISLE_KIND_NONE;
}

gboolean
isle_puzzle_theme_fits (IslePuzzleTheme theme, IsleVariant variant)
{
  gboolean mercenaries = variant == ISLE_VARIANT_MERCENARY || variant == ISLE_VARIANT_QUICK
                         || variant == ISLE_VARIANT_TEAM;

  if (isle_puzzle_theme_kind (theme) != ISLE_KIND_NONE)
    return mercenaries;
  if (theme == ISLE_THEME_FOG || theme == ISLE_THEME_CLOUDY)
    return variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY || variant == ISLE_VARIANT_QUICK;
  return theme < ISLE_N_THEMES;
}

IslePuzzleThemes
isle_puzzle_themes_of_line (const IsleState *start, int player, const IsleAction *line, int n)
{
  IslePuzzleThemes themes = 0;
  IsleState s = *start;
  IsleSide side = isle_seat_side (player);

  if (start->weather == ISLE_WEATHER_FOGGY)
    themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_FOG);   /* R6.4 */
  if (start->weather == ISLE_WEATHER_CLOUDY)
    themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_CLOUDY);   /* R6.3 */
  for (int i = 0, placed = 0; i < n && !isle_state_is_terminal (&s); i++)
    {
      IsleAction a = line[i];
      gboolean mine = isle_seat_side (isle_state_to_move (&s)) == side;

      if (mine && isle_action_type (a) == ISLE_ACTION_PLACE)
        {
          IsleKind kind = isle_action_kind (a);

          /* A mercenary wherever the player places it (R8); a spy, a Pig
           * or Cat, or a Rabbit only as the first placement, the key move
           * of the puzzle: the others place what is left in hand. */
          if (isle_kind_is_mercenary (kind))
            themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_FOX + (kind - ISLE_KIND_FOX));
          if (placed++ == 0 && (kind == ISLE_KIND_PIG || kind == ISLE_KIND_CAT))
            themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_MULTIPLIERS);   /* R7.2 */
          else if (placed == 1 && kind == ISLE_KIND_RAT)
            themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_SPIES);
          else if (placed == 1 && kind == ISLE_KIND_RABBIT)
            themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_BLOCKING);
        }
      else if (mine && isle_action_type (a) == ISLE_ACTION_HOP)
        themes |= ISLE_PUZZLE_THEME_BIT (ISLE_THEME_FROG);   /* R8.5: a Frog on the map moves */
      if (!isle_state_apply (&s, a))
        break;
    }
  return themes;
}
