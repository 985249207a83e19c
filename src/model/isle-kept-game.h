/* isle-kept-game.h — IsleKeptGame: one game as the games library keeps
 * it (isle-library.h): when it was played, the variant, rules and seats,
 * who won, the points and coins of each round, its length, whether it was
 * rated or abandoned, and its whole record (the `.isle` saved game, with
 * its review once one is made), which replays it.
 *
 * A kept game is made from an IsleGame when it ends or is abandoned
 * (isle_kept_game_new_from_game()), or read back from the library; it is
 * immutable once made. Listing the library reads kept games without their
 * record (isle_kept_game_get_record() is then NULL); isle_library_get()
 * reads one whole. */
#pragma once

#include <glib-object.h>

#include "isle-game.h"

G_BEGIN_DECLS

#define ISLE_TYPE_KEPT_GAME (isle_kept_game_get_type ())
G_DECLARE_FINAL_TYPE (IsleKeptGame, isle_kept_game, ISLE, KEPT_GAME, GObject)

/* A game's result for the person who played it (the one side with people
 * at its seats), or, without one such side, for the sides. */
typedef enum
{
  ISLE_KEPT_WON,
  ISLE_KEPT_LOST,
  ISLE_KEPT_DRAWN,
  ISLE_KEPT_ABANDONED,     /* left unfinished for another game */
  ISLE_KEPT_RED_WON,       /* no one side of people: hot seat, or computers */
  ISLE_KEPT_BLUE_WON,
  ISLE_KEPT_N_RESULTS
} IsleKeptResult;

/* A round as kept: its points (R7.4) and the coins after it (R9.2; -1
 * without coins), Red first. */
typedef struct
{
  int points[2];
  int coins[2];
} IsleKeptRound;

/* GAME as the library keeps it, under UID (the session's name for the
 * game, stable over Continue), begun at STARTED (Unix seconds) and kept
 * at ENDED. ABANDONED: GAME is left unfinished. NULL with ERROR when the
 * game cannot be written as a saved game. */
IsleKeptGame   *isle_kept_game_new_from_game (IsleGame     *game,
                                              const char   *uid,
                                              gint64        started,
                                              gint64        ended,
                                              gboolean      abandoned,
                                              GError      **error);

/* What a rated game did to the person's rating (issue 30): the rating
 * before and after it, the score (1 won, ½ drawn, 0 lost or abandoned)
 * and the opponent's Elo (isle-rating.h). */
typedef struct
{
  double before, after;
  double score;
  int opponent_elo;              /* 0: no rating */
} IsleKeptRating;

/* A kept game's fields, for the library's reader (isle-library.c), which
 * fills one and hands it to isle_kept_game_new_take(): the new kept game
 * takes its strings and arrays (any may be NULL) and clears DATA. */
typedef struct
{
  gint64 id;
  char *uid;
  gint64 started, ended;
  IsleVariant variant;
  char **players;
  int person_side;
  char *opponent;
  IsleKeptResult result;
  int points[2];
  int coins[2];
  GArray *rounds;              /* of IsleKeptRound */
  guint decisions;
  gboolean rated, reviewed;
  char *rules;
  char *record;
  IsleKeptRating rating;       /* opponent_elo 0 when none */
} IsleKeptGameData;

IsleKeptGame   *isle_kept_game_new_take      (IsleKeptGameData *data);

/* The library's row, 0 before it is kept. */
gint64          isle_kept_game_get_id        (IsleKeptGame *self);
const char     *isle_kept_game_get_uid       (IsleKeptGame *self);
gint64          isle_kept_game_get_started   (IsleKeptGame *self);
gint64          isle_kept_game_get_ended     (IsleKeptGame *self);
IsleVariant     isle_kept_game_get_variant   (IsleKeptGame *self);
/* One canonical player spec a seat (isle-player-spec.h). */
const char *const *isle_kept_game_get_players (IsleKeptGame *self);
/* The side (0 Red, 1 Blue) whose every seat a person played while the
 * other's none; -1 for none such. */
int             isle_kept_game_get_person_side (IsleKeptGame *self);
/* The opponent's spec: the player at the other side's seats (the first of
 * them in the team game), "human" in a game of people only; with no
 * person side, Blue's. */
const char     *isle_kept_game_get_opponent  (IsleKeptGame *self);
IsleKeptResult  isle_kept_game_get_result    (IsleKeptGame *self);
/* Totals of points (R4.7) and the final coins (R9.4, -1 without), Red
 * first. */
int             isle_kept_game_get_points    (IsleKeptGame *self,
                                              int           side);
int             isle_kept_game_get_coins     (IsleKeptGame *self,
                                              int           side);
guint           isle_kept_game_get_n_rounds  (IsleKeptGame *self);
const IsleKeptRound *isle_kept_game_get_round (IsleKeptGame *self,
                                              guint         index);
/* The person's best round's points (their side's; Red's with no person
 * side), -1 with no round played. */
int             isle_kept_game_get_best_round (IsleKeptGame *self);
guint           isle_kept_game_get_decisions (IsleKeptGame *self);
gboolean        isle_kept_game_get_rated     (IsleKeptGame *self);
gboolean        isle_kept_game_get_reviewed  (IsleKeptGame *self);
/* The rating the game moved, or NULL: the session sets it on a rated
 * game that has just ended or been abandoned, before the library keeps
 * it (which writes it once, in the ratings, with the game). */
void            isle_kept_game_set_rating    (IsleKeptGame *self,
                                              const IsleKeptRating *rating);
const IsleKeptRating *isle_kept_game_get_rating (IsleKeptGame *self);
/* The rules as JSON (isle-rules-json.h), and the `.isle` saved game: NULL
 * when listed without them. */
const char     *isle_kept_game_get_rules     (IsleKeptGame *self);
const char     *isle_kept_game_get_record    (IsleKeptGame *self);

/* The rounds as JSON, [{"points":[R,B],"coins":[R,B]},…], as the library
 * stores them; and back (NULL when TEXT is not such an array). */
char           *isle_kept_rounds_to_json     (GArray       *rounds);
GArray         *isle_kept_rounds_from_json   (const char   *text);

/* The ids the library and the command line spell: "won", "lost", "drawn",
 * "abandoned", "red", "blue"; and back (ISLE_KEPT_N_RESULTS when not). */
const char     *isle_kept_result_id          (IsleKeptResult result);
IsleKeptResult  isle_kept_result_from_id     (const char   *id);
/* What RESULT scores in a rating: 1 won, 0.5 drawn, 0 lost or abandoned;
 * -1 for a result of no one person (hot seat, computers). */
double          isle_kept_result_score       (IsleKeptResult result);

G_END_DECLS
