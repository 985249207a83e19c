/* isle-kept-game.c — one game as the games library keeps it
 * (isle-kept-game.h). */
#include "config.h"

#include <json-glib/json-glib.h>

#include "isle-game-analysis.h"
#include "isle-json.h"
#include "isle-kept-game.h"
#include "isle-results.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"

struct _IsleKeptGame
{
  GObject parent_instance;

  IsleKeptGameData d;
};

G_DEFINE_FINAL_TYPE (IsleKeptGame, isle_kept_game, G_TYPE_OBJECT)

static void
isle_kept_game_finalize (GObject *object)
{
  IsleKeptGame *self = ISLE_KEPT_GAME (object);

  g_free (self->d.uid);
  g_strfreev (self->d.players);
  g_free (self->d.opponent);
  g_clear_pointer (&self->d.rounds, g_array_unref);
  g_free (self->d.rules);
  g_free (self->d.record);
  G_OBJECT_CLASS (isle_kept_game_parent_class)->finalize (object);
}

static void
isle_kept_game_class_init (IsleKeptGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = isle_kept_game_finalize;
}

static void
isle_kept_game_init (IsleKeptGame *self)
{
  self->d.person_side = -1;
  self->d.coins[0] = self->d.coins[1] = -1;
}

IsleKeptGame *
isle_kept_game_new_take (IsleKeptGameData *data)
{
  IsleKeptGame *self;

  g_return_val_if_fail (data != NULL, NULL);

  self = g_object_new (ISLE_TYPE_KEPT_GAME, NULL);
  self->d = *data;
  memset (data, 0, sizeof *data);
  if (self->d.uid == NULL)
    self->d.uid = g_strdup ("");
  if (self->d.players == NULL)
    self->d.players = g_new0 (char *, 1);
  if (self->d.opponent == NULL)
    self->d.opponent = g_strdup ("");
  if (self->d.rounds == NULL)
    self->d.rounds = g_array_new (FALSE, TRUE, sizeof (IsleKeptRound));
  if ((guint) self->d.variant >= ISLE_N_VARIANTS)
    self->d.variant = ISLE_VARIANT_BASIC;
  if ((guint) self->d.result >= ISLE_KEPT_N_RESULTS)
    self->d.result = ISLE_KEPT_ABANDONED;
  return self;
}

/* ---- made from a game ---------------------------------------------------- */

/* The side whose every seat a person plays while no seat of the other
 * does, or -1. */
static int
person_side (const IsleGameSetup *setup)
{
  gboolean human[2] = { FALSE, FALSE }, computer[2] = { FALSE, FALSE };

  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    {
      int side = isle_seat_side (seat);

      if (isle_game_setup_is_human (setup, seat))
        human[side] = TRUE;
      else
        computer[side] = TRUE;
    }
  for (int side = 0; side < 2; side++)
    if (human[side] && !computer[side] && !human[1 - side])
      return side;
  return -1;
}

static IsleKeptResult
result_of (const IsleResults *results, int side, gboolean abandoned)
{
  if (abandoned)
    return ISLE_KEPT_ABANDONED;
  if (results->winner != ISLE_SIDE_RED && results->winner != ISLE_SIDE_BLUE)
    return ISLE_KEPT_DRAWN;
  if (side < 0)
    return results->winner == ISLE_SIDE_RED ? ISLE_KEPT_RED_WON : ISLE_KEPT_BLUE_WON;
  return results->winner == side ? ISLE_KEPT_WON : ISLE_KEPT_LOST;
}

static char *
rules_text (const IsleRules *rules)
{
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);
  GString *out = g_string_new (NULL);

  isle_json_print (out, node);
  return g_string_free (out, FALSE);
}

IsleKeptGame *
isle_kept_game_new_from_game (IsleGame    *game,
                              const char  *uid,
                              gint64       started,
                              gint64       ended,
                              gboolean     abandoned,
                              GError     **error)
{
  const IsleGameSetup *setup;
  IsleKeptGameData d = { 0 };
  IsleResults results;
  IsleGameAnalysis *analysis;
  gsize length;
  int n_seats, other;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  g_return_val_if_fail (uid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  d.record = isle_saved_game_to_data (game, &length, error);
  if (d.record == NULL)
    return NULL;
  setup = isle_game_get_setup (game);
  isle_results_compute (game, &results);
  n_seats = isle_game_setup_n_seats (setup);

  d.uid = g_strdup (uid);
  d.started = started;
  d.ended = ended;
  d.variant = setup->variant;
  d.players = g_new0 (char *, n_seats + 1);
  for (int seat = 0; seat < n_seats; seat++)
    d.players[seat] = g_strdup (isle_player_spec_to_text (&setup->players[seat]));
  d.person_side = person_side (setup);
  other = d.person_side == ISLE_SIDE_RED ? ISLE_SIDE_BLUE : d.person_side == ISLE_SIDE_BLUE ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
  d.opponent = g_strdup (d.players[other]);   /* a side's first seat is its side's number */
  d.result = result_of (&results, d.person_side, abandoned);
  d.rounds = g_array_new (FALSE, TRUE, sizeof (IsleKeptRound));
  for (int side = 0; side < 2; side++)
    {
      d.points[side] = results.total[side];
      d.coins[side] = results.coins ? results.final_coins[side] : -1;
    }
  for (int i = 0; i < results.n_rounds; i++)
    {
      IsleKeptRound round;

      for (int side = 0; side < 2; side++)
        {
          round.points[side] = results.rounds[i].points[side];
          round.coins[side] = results.rounds[i].coins[side];
        }
      g_array_append_val (d.rounds, round);
    }
  d.decisions = isle_game_get_position (game);
  analysis = isle_game_get_analysis (game);
  d.reviewed = analysis != NULL && isle_game_analysis_get_n_moves (analysis) > 0;
  d.rules = rules_text (&setup->rules);
  d.rated = setup->rated;
  return isle_kept_game_new_take (&d);
}

/* ---- the fields ------------------------------------------------------------ */

gint64
isle_kept_game_get_id (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  return self->d.id;
}

const char *
isle_kept_game_get_uid (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return self->d.uid;
}

gint64
isle_kept_game_get_started (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  return self->d.started;
}

gint64
isle_kept_game_get_ended (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  return self->d.ended;
}

IsleVariant
isle_kept_game_get_variant (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), ISLE_VARIANT_BASIC);
  return self->d.variant;
}

const char *const *
isle_kept_game_get_players (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return (const char *const *) self->d.players;
}

int
isle_kept_game_get_person_side (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), -1);
  return self->d.person_side;
}

const char *
isle_kept_game_get_opponent (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return self->d.opponent;
}

IsleKeptResult
isle_kept_game_get_result (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), ISLE_KEPT_ABANDONED);
  return self->d.result;
}

int
isle_kept_game_get_points (IsleKeptGame *self, int side)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  g_return_val_if_fail (side == 0 || side == 1, 0);
  return self->d.points[side];
}

int
isle_kept_game_get_coins (IsleKeptGame *self, int side)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), -1);
  g_return_val_if_fail (side == 0 || side == 1, -1);
  return self->d.coins[side];
}

guint
isle_kept_game_get_n_rounds (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  return self->d.rounds->len;
}

const IsleKeptRound *
isle_kept_game_get_round (IsleKeptGame *self, guint index)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  g_return_val_if_fail (index < self->d.rounds->len, NULL);
  return &g_array_index (self->d.rounds, IsleKeptRound, index);
}

int
isle_kept_game_get_best_round (IsleKeptGame *self)
{
  int side, best = -1;

  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), -1);
  side = self->d.person_side >= 0 ? self->d.person_side : ISLE_SIDE_RED;
  for (guint i = 0; i < self->d.rounds->len; i++)
    best = MAX (best, g_array_index (self->d.rounds, IsleKeptRound, i).points[side]);
  return best;
}

guint
isle_kept_game_get_decisions (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), 0);
  return self->d.decisions;
}

gboolean
isle_kept_game_get_rated (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), FALSE);
  return self->d.rated;
}

gboolean
isle_kept_game_get_reviewed (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), FALSE);
  return self->d.reviewed;
}

const char *
isle_kept_game_get_rules (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return self->d.rules;
}

const char *
isle_kept_game_get_record (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return self->d.record;
}

/* ---- rounds and results as text ------------------------------------------ */

char *
isle_kept_rounds_to_json (GArray *rounds)
{
  GString *out = g_string_new ("[");

  g_return_val_if_fail (rounds != NULL, NULL);
  for (guint i = 0; i < rounds->len; i++)
    {
      const IsleKeptRound *round = &g_array_index (rounds, IsleKeptRound, i);

      g_string_append_printf (out, "%s{\"points\":[%d,%d],\"coins\":[%d,%d]}", i > 0 ? "," : "",
                              round->points[0], round->points[1], round->coins[0], round->coins[1]);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* MEMBER of OBJECT, an array of two integers, into PAIR; FALSE when it is
 * not one. */
static gboolean
read_pair (JsonObject *object, const char *member, int pair[2])
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) != 2)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      JsonNode *n = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
        return FALSE;
      pair[i] = (int) CLAMP (json_node_get_int (n), G_MININT, G_MAXINT);
    }
  return TRUE;
}

GArray *
isle_kept_rounds_from_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GArray) rounds = g_array_new (FALSE, TRUE, sizeof (IsleKeptRound));
  JsonNode *root;
  JsonArray *array;

  if (text == NULL || !json_parser_load_from_data (parser, text, -1, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    return NULL;
  array = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *n = json_array_get_element (array, i);
      IsleKeptRound round;

      if (!JSON_NODE_HOLDS_OBJECT (n)
          || !read_pair (json_node_get_object (n), "points", round.points)
          || !read_pair (json_node_get_object (n), "coins", round.coins))
        return NULL;
      g_array_append_val (rounds, round);
    }
  return g_steal_pointer (&rounds);
}

static const char *const result_ids[ISLE_KEPT_N_RESULTS] = {
  [ISLE_KEPT_WON] = "won",
  [ISLE_KEPT_LOST] = "lost",
  [ISLE_KEPT_DRAWN] = "drawn",
  [ISLE_KEPT_ABANDONED] = "abandoned",
  [ISLE_KEPT_RED_WON] = "red",
  [ISLE_KEPT_BLUE_WON] = "blue",
};

const char *
isle_kept_result_id (IsleKeptResult result)
{
  g_return_val_if_fail ((guint) result < ISLE_KEPT_N_RESULTS, NULL);
  return result_ids[result];
}

IsleKeptResult
isle_kept_result_from_id (const char *id)
{
  for (int i = 0; i < ISLE_KEPT_N_RESULTS; i++)
    if (g_strcmp0 (id, result_ids[i]) == 0)
      return (IsleKeptResult) i;
  return ISLE_KEPT_N_RESULTS;
}

void
isle_kept_game_set_rating (IsleKeptGame *self, const IsleKeptRating *rating)
{
  g_return_if_fail (ISLE_IS_KEPT_GAME (self));
  g_return_if_fail (rating != NULL);
  self->d.rating = *rating;
}

const IsleKeptRating *
isle_kept_game_get_rating (IsleKeptGame *self)
{
  g_return_val_if_fail (ISLE_IS_KEPT_GAME (self), NULL);
  return self->d.rating.opponent_elo > 0 ? &self->d.rating : NULL;
}

double
isle_kept_result_score (IsleKeptResult result)
{
  switch (result)
    {
    case ISLE_KEPT_WON:
      return 1.0;
    case ISLE_KEPT_DRAWN:
      return 0.5;
    case ISLE_KEPT_LOST:
    case ISLE_KEPT_ABANDONED:
      return 0.0;
    default:
      return -1.0;
    }
}
