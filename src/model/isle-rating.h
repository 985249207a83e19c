/* isle-rating.h — a person's rating against the computer (issue 30), as
 * pentobi keeps one: Elo, the expected score 1 / (1 + 10^((Ro − R)/400)),
 * K = 40 for the first 30 rated games and 20 after; each rated strength
 * of the computer has a fixed Elo, measured by `tournament` against its
 * neighbours (doc/ai.md, "Rated strengths"), and the next rated game is
 * against the strength nearest the person's rating.
 *
 * Plain functions over numbers: the library keeps the ratings, the match
 * plays the rated game. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The first rated games move a rating by K = 40, the later by 20. */
#define ISLE_RATING_NEW_GAMES 30
#define ISLE_RATING_K_NEW 40.0
#define ISLE_RATING_K 20.0

/* The starting ratings a person may pick, and the default. */
#define ISLE_RATING_MIN 1000
#define ISLE_RATING_MAX 2800
#define ISLE_RATING_DEFAULT 1200

typedef struct
{
  const char *spec;      /* the player spec (isle-player-spec.h) */
  int elo;               /* measured, Beginner = 1000 */
} IsleRatedStrength;

/* The expected score of a player rated RATING against one rated
 * OPPONENT: 0 to 1. */
double isle_rating_expected (double rating,
                             double opponent);
/* RATING after a rated game against OPPONENT that scored SCORE (1 won,
 * ½ drawn, 0 lost or abandoned), GAMES rated games played before it. */
double isle_rating_after    (double rating,
                             double opponent,
                             double score,
                             guint  games);

/* The computer's rated strengths, weakest first; N gets their number. */
const IsleRatedStrength *isle_rating_strengths (guint *n);
/* The strength nearest RATING (the weaker of two as near). */
const IsleRatedStrength *isle_rating_opponent  (double rating);

G_END_DECLS
