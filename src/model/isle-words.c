/* isle-words.c — the game's nouns, translated. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))

const char *
isle_words_kind (IsleKind kind)
{
  switch (kind)
    {
    case ISLE_KIND_WOLF: return _("Wolf");
    case ISLE_KIND_PIG: return _("Pig");
    case ISLE_KIND_RAT: return _("Rat");
    case ISLE_KIND_RABBIT: return _("Rabbit");
    case ISLE_KIND_FOX: return _("Fox");
    case ISLE_KIND_TURTLE: return _("Turtle");
    case ISLE_KIND_CAT: return _("Cat");
    case ISLE_KIND_MOUSES: return _("Mouses");
    case ISLE_KIND_SNAKE: return _("Snake");
    case ISLE_KIND_FROG: return _("Frog");
    case ISLE_KIND_CHAMELEON: return _("Chameleon");
    case ISLE_KIND_CROW: return _("Crow");
    case ISLE_KIND_MOLE: return _("Mole");
    case ISLE_KIND_PRAIRIE_DOG: return _("Prairie Dog");
    case ISLE_KIND_HIPPO: return _("Hippo");
    case ISLE_KIND_NONE:
    case ISLE_KIND_UNKNOWN:
    default: return _("token");
    }
}

const char *
isle_words_ability (IsleKind kind)
{
  switch (kind)
    {
    case ISLE_KIND_PIG: return _("Doubles the points of its lines");
    case ISLE_KIND_RAT: return _("A spy: shows the other side's colour");
    case ISLE_KIND_RABBIT: return _("White: breaks lines, scores nothing");
    case ISLE_KIND_FOX: return _("Sends an adjacent enemy token back to its owner's hand");
    case ISLE_KIND_TURTLE: return _("One more placement now; the other side places twice next");
    case ISLE_KIND_CAT: return _("Triples the points of its lines");
    case ISLE_KIND_MOUSES: return _("Swaps places with an adjacent enemy token");
    case ISLE_KIND_SNAKE: return _("Sends any enemy token back to its owner's hand");
    case ISLE_KIND_FROG: return _("May hop to a free tile at the start of your turns");
    case ISLE_KIND_CHAMELEON: return _("Takes the colour of each token placed next to it");
    case ISLE_KIND_CROW: return _("A spy that takes half of its line's points");
    case ISLE_KIND_MOLE: return _("A spy that swaps places with an adjacent enemy token");
    case ISLE_KIND_PRAIRIE_DOG: return _("White: may swap two tokens next to it");
    case ISLE_KIND_HIPPO: return _("White: takes two tiles, then keeps one");
    case ISLE_KIND_WOLF:
    case ISLE_KIND_NONE:
    case ISLE_KIND_UNKNOWN:
    default: return NULL;
    }
}

const char *
isle_words_weather (int weather)
{
  switch (weather)
    {
    case ISLE_WEATHER_SUNNY: return _("Sunny");
    case ISLE_WEATHER_CLOUDY: return _("Cloudy");
    case ISLE_WEATHER_FOGGY: return _("Foggy");
    default: return _("Unknown");
    }
}

const char *
isle_words_quadrant (int quadrant)
{
  switch (quadrant)
    {
    case 0: return _("north-west");
    case 1: return _("north-east");
    case 2: return _("south-west");
    default: return _("south-east");
    }
}

const char *
isle_words_side (int side)
{
  return side == ISLE_SIDE_RED ? _("Red") : _("Blue");
}

const char *
isle_words_variant (IsleVariant variant)
{
  static const char *const names[ISLE_N_VARIANTS] = {
    [ISLE_VARIANT_BASIC] = N_("Basic Game"),
    [ISLE_VARIANT_WEATHER] = N_("Weather Game"),
    [ISLE_VARIANT_MERCENARY] = N_("Mercenary Game"),
    [ISLE_VARIANT_QUICK] = N_("Quick Game"),
    [ISLE_VARIANT_TEAM] = N_("Team Game"),
  };

  return (guint) variant < ISLE_N_VARIANTS ? _(names[variant]) : "";
}

char *
isle_words_tile (const IsleBoard *board, int cell)
{
  const IsleCell *c = &board->cells[cell];
  char name[3];
  const char *side;

  isle_cell_name (cell, name);
  if (c->kind == ISLE_KIND_NONE)
    return g_strdup_printf ((board->fog & BIT (cell)) ? _("%s, under fog") : _("%s, free"), name);
  side = isle_words_side (isle_seat_side (c->seat));
  if (c->kind == ISLE_KIND_UNKNOWN)
    /* Translators: "c3, Blue's face-down token" */
    return g_strdup_printf (_("%s, %s's face-down token"), name, side);
  if (c->flags & ISLE_CELL_FACE_DOWN)
    /* Translators: "c3, Red's Wolf, face down" (the observer's own) */
    return g_strdup_printf (_("%s, %s's %s, face down"), name, side, isle_words_kind ((IsleKind) c->kind));
  if (c->colour == ISLE_COLOUR_WHITE)
    /* Translators: "c3, Red's white Rabbit" */
    return g_strdup_printf (_("%s, %s's white %s"), name, side, isle_words_kind ((IsleKind) c->kind));
  if (c->colour != isle_side_colour (isle_seat_side (c->seat)))
    /* Translators: "c3, Red's Chameleon, blue" */
    return g_strdup_printf (_("%s, %s's %s, %s"), name, side, isle_words_kind ((IsleKind) c->kind),
                            c->colour == ISLE_COLOUR_RED ? _("red") : _("blue"));
  /* Translators: "c3, Red's Wolf" */
  return g_strdup_printf (_("%s, %s's %s"), name, side, isle_words_kind ((IsleKind) c->kind));
}

char *
isle_words_tile_name (const IsleBoard *board, int cell, IsleTileUse use, gboolean last_move)
{
  const IsleCell *c;
  g_autofree char *what = NULL;
  char *name;

  g_return_val_if_fail (board != NULL && cell >= 0 && cell < ISLE_N_CELLS, NULL);
  c = &board->cells[cell];
  what = isle_words_tile (board, cell);
  if (use == ISLE_TILE_USE_PLAYABLE)
    /* Translators: a tile's spoken name, "c3, free, can be played" */
    name = g_strdup_printf (_("%s, can be played"), what);
  else if (use == ISLE_TILE_USE_UNPLAYABLE && c->kind == ISLE_KIND_NONE && (board->fog & BIT (cell)))
    {
      char tile[3];

      /* R6.3: nothing is placed under a fog board. */
      isle_cell_name (cell, tile);
      /* Translators: a tile's spoken name, "c3, cannot be played: fog" */
      name = g_strdup_printf (_("%s, cannot be played: fog"), tile);
    }
  else if (use == ISLE_TILE_USE_UNPLAYABLE && c->kind == ISLE_KIND_NONE)
    /* Translators: a tile's spoken name, "c3, free, cannot be played" */
    name = g_strdup_printf (_("%s, cannot be played"), what);
  else
    name = g_strdup (what);
  if (last_move)
    {
      /* Translators: a tile's spoken name, "c3, Blue's Pig, last move" */
      char *longer = g_strdup_printf (_("%s, last move"), name);

      g_free (name);
      name = longer;
    }
  return name;
}
