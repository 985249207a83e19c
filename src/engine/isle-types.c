/* isle-types.c — static facts of kinds, weather, variants and cells. */
#include "isle-types.h"

#include <ctype.h>
#include <string.h>

/* R1, R2: code, name, id, colour class, mercenary, replaces, supply. */
const IsleKindInfo isle_kinds[ISLE_N_KINDS] = {
  [ISLE_KIND_NONE] = { '.', "None", "none", ISLE_FACE_WHITE, false, ISLE_KIND_NONE, 0 },
  [ISLE_KIND_WOLF] = { 'W', "Wolf", "wolf", ISLE_FACE_OWN, false, ISLE_KIND_NONE, 9 },
  [ISLE_KIND_PIG] = { 'P', "Pig", "pig", ISLE_FACE_OWN, false, ISLE_KIND_NONE, 2 },
  [ISLE_KIND_RAT] = { 'R', "Rat", "rat", ISLE_FACE_OPPONENT, false, ISLE_KIND_NONE, 4 },
  [ISLE_KIND_RABBIT] = { 'B', "Rabbit", "rabbit", ISLE_FACE_WHITE, false, ISLE_KIND_NONE, 3 },
  [ISLE_KIND_FOX] = { 'F', "Fox", "fox", ISLE_FACE_OWN, true, ISLE_KIND_WOLF, 1 },
  [ISLE_KIND_TURTLE] = { 'T', "Turtle", "turtle", ISLE_FACE_OWN, true, ISLE_KIND_WOLF, 1 },
  [ISLE_KIND_CAT] = { 'C', "Cat", "cat", ISLE_FACE_OWN, true, ISLE_KIND_PIG, 1 },
  [ISLE_KIND_MOUSES] = { 'M', "Mouses", "mouses", ISLE_FACE_OWN, true, ISLE_KIND_WOLF, 1 },
  [ISLE_KIND_SNAKE] = { 'S', "Snake", "snake", ISLE_FACE_OWN, true, ISLE_KIND_WOLF, 1 },
  [ISLE_KIND_FROG] = { 'G', "Frog", "frog", ISLE_FACE_OWN, true, ISLE_KIND_WOLF, 1 },
  [ISLE_KIND_CHAMELEON] = { 'L', "Chameleon", "chameleon", ISLE_FACE_OPPONENT, true, ISLE_KIND_RAT, 1 },
  [ISLE_KIND_CROW] = { 'K', "Crow", "crow", ISLE_FACE_OPPONENT, true, ISLE_KIND_RAT, 2 },
  [ISLE_KIND_MOLE] = { 'O', "Mole", "mole", ISLE_FACE_OPPONENT, true, ISLE_KIND_RAT, 1 },
  [ISLE_KIND_PRAIRIE_DOG] = { 'D', "Prairie Dog", "prairie_dog", ISLE_FACE_WHITE, true, ISLE_KIND_RABBIT, 1 },
  [ISLE_KIND_HIPPO] = { 'H', "Hippo", "hippo", ISLE_FACE_WHITE, true, ISLE_KIND_RABBIT, 1 },
};

IsleKind
isle_kind_from_code (char code)
{
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
    if (isle_kinds[k].code == code)
      return (IsleKind) k;
  return ISLE_KIND_NONE;
}

static bool
same_id (const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if (tolower ((unsigned char) *a) != tolower ((unsigned char) *b))
      return false;
  return *a == *b;
}

IsleKind
isle_kind_from_id (const char *id)
{
  if (id == NULL)
    return ISLE_KIND_NONE;
  for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
    if (same_id (isle_kinds[k].id, id))
      return (IsleKind) k;
  return ISLE_KIND_NONE;
}

static const char *const weather_ids[ISLE_N_WEATHER] = { "sunny", "cloudy", "foggy" };
static const char *const variant_ids[ISLE_N_VARIANTS] = {
  "basic", "weather", "mercenary", "quick", "team"
};
static const char *const quadrant_ids[ISLE_N_QUADRANTS] = { "nw", "ne", "sw", "se" };

const char *
isle_weather_id (IsleWeather weather)
{
  return (unsigned) weather < ISLE_N_WEATHER ? weather_ids[weather] : "unknown";
}

IsleWeather
isle_weather_from_id (const char *id)
{
  for (int w = 0; id && w < ISLE_N_WEATHER; w++)
    if (same_id (weather_ids[w], id))
      return (IsleWeather) w;
  return ISLE_N_WEATHER;
}

const char *
isle_variant_id (IsleVariant variant)
{
  return (unsigned) variant < ISLE_N_VARIANTS ? variant_ids[variant] : "unknown";
}

IsleVariant
isle_variant_from_id (const char *id)
{
  for (int v = 0; id && v < ISLE_N_VARIANTS; v++)
    if (same_id (variant_ids[v], id))
      return (IsleVariant) v;
  return ISLE_N_VARIANTS;
}

const char *
isle_quadrant_id (int quadrant)
{
  return quadrant >= 0 && quadrant < ISLE_N_QUADRANTS ? quadrant_ids[quadrant] : "??";
}

int
isle_quadrant_from_id (const char *id)
{
  for (int q = 0; id && q < ISLE_N_QUADRANTS; q++)
    if (same_id (quadrant_ids[q], id))
      return q;
  return -1;
}

char *
isle_cell_name (int cell, char *buf)
{
  if (cell < 0 || cell >= ISLE_N_CELLS)
    {
      buf[0] = '?';
      buf[1] = '?';
      buf[2] = '\0';
      return buf;
    }
  buf[0] = (char) ('a' + isle_cell_column (cell));
  buf[1] = (char) ('1' + isle_cell_row (cell));
  buf[2] = '\0';
  return buf;
}

int
isle_cell_from_name (const char *name)
{
  if (name == NULL || name[0] < 'a' || name[0] >= 'a' + ISLE_BOARD_SIZE
      || name[1] < '1' || name[1] >= '1' + ISLE_BOARD_SIZE || name[2] != '\0')
    return -1;
  return isle_cell (name[0] - 'a', name[1] - '1');
}
