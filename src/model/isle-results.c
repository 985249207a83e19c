/* isle-results.c — a game's per-round table and its verdict in words
 * (R4.7, R7, R9.2–R9.4). */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isle-results.h"
#include "isle-words.h"

static gboolean
round_ended (const IsleState *before, const IsleState *after)
{
  return after->round > before->round
         || (isle_state_is_terminal (after) && !isle_state_is_terminal (before));
}

/* R4.7, R9.4: the winner as the numbers say, decided here again rather
 * than copied from the state, so that tests can hold it against the
 * engine's `winner`. */
static void
decide (const IsleState *s, IsleResults *results)
{
  const int32_t *a;

  if (!isle_state_is_terminal (s))
    {
      results->decider = ISLE_RESULTS_GOING_ON;
      results->winner = ISLE_N_SIDES;
      return;
    }
  if (!results->coins)
    {
      a = results->total;
      results->decider = a[0] == a[1] ? ISLE_RESULTS_POINTS_DRAW : ISLE_RESULTS_POINTS;
    }
  else if (results->final_coins[0] != results->final_coins[1])
    {
      a = results->final_coins;
      results->decider = ISLE_RESULTS_COINS;
    }
  else
    {
      a = results->hired_cost;
      results->decider = a[0] == a[1] ? ISLE_RESULTS_DRAW : ISLE_RESULTS_HIRE_COST;
    }
  results->winner = a[0] > a[1] ? ISLE_SIDE_RED : a[1] > a[0] ? ISLE_SIDE_BLUE : ISLE_N_SIDES;
}

void
isle_results_compute (IsleGame *game, IsleResults *results)
{
  const IsleState *s;
  uint8_t hired_before[ISLE_N_SIDES][ISLE_N_KINDS];
  guint position;

  g_return_if_fail (ISLE_IS_GAME (game));
  g_return_if_fail (results != NULL);

  memset (results, 0, sizeof *results);
  position = isle_game_get_position (game);
  s = isle_game_get_state (game);
  results->variant = s->variant;
  /* R9, R10, R11: every game with mercenaries counts coins. */
  results->coins = s->variant >= ISLE_VARIANT_MERCENARY;
  memcpy (hired_before, isle_game_get_state_at (game, 0)->hired, sizeof hired_before);

  for (guint i = 0; i < position && results->n_rounds < ISLE_MAX_ROUNDS; i++)
    {
      const IsleState *before = isle_game_get_state_at (game, i);
      const IsleState *after = isle_game_get_state_at (game, i + 1);
      IsleResultsRound *row;
      int r = before->round;

      if (!round_ended (before, after))
        continue;
      row = &results->rounds[results->n_rounds++];
      row->round = r;
      row->extra = r > after->n_rounds - after->extra_rounds;
      row->weather = s->variant == ISLE_VARIANT_BASIC ? -1 : before->weather_kept[r - 1];
      for (int side = 0; side < ISLE_N_SIDES; side++)
        {
          row->points[side] = after->round_score[r - 1][side];
          row->coins[side] = results->coins ? after->coins[side] : -1;
          /* R9.3: what was hired since the last round's end. */
          for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
            {
              row->hired[side][k] = (uint8_t) (before->hired[side][k] - hired_before[side][k]);
              row->hire_cost[side] += row->hired[side][k] * s->rules.hire_cost[k];
            }
        }
      memcpy (hired_before, before->hired, sizeof hired_before);
    }

  results->extra_rounds = s->extra_rounds;
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      results->total[side] = s->total[side];
      results->final_coins[side] = s->coins[side];
      results->hired_cost[side] = isle_state_hired_cost (s, (IsleSide) side);
    }
  decide (s, results);
}

/* The numbers that decided, winner's first. */
static void
decisive (const IsleResults *results, int32_t *won, int32_t *lost)
{
  const int32_t *a = results->decider == ISLE_RESULTS_COINS ? results->final_coins
                     : results->decider == ISLE_RESULTS_HIRE_COST ? results->hired_cost
                     : results->total;
  int w = results->winner < ISLE_N_SIDES ? results->winner : ISLE_SIDE_RED;

  *won = a[w];
  *lost = a[1 - w];
}

char *
isle_results_verdict (const IsleResults *results, int viewer_side)
{
  int32_t won, lost;
  gboolean you, mine;
  const char *side;

  g_return_val_if_fail (results != NULL, NULL);
  you = viewer_side >= 0 && viewer_side < ISLE_N_SIDES;
  mine = you && viewer_side == results->winner;
  side = results->winner < ISLE_N_SIDES ? isle_words_side (results->winner) : "";
  decisive (results, &won, &lost);

  switch (results->decider)
    {
    case ISLE_RESULTS_POINTS:
      if (mine)
        return g_strdup_printf (_("You win on points, %d to %d."), won, lost);
      if (you)
        return g_strdup_printf (_("The computer wins on points, %d to %d."), won, lost);
      /* Translators: %s is a side, "Red" or "Blue" (a team in the team game). */
      return g_strdup_printf (_("%s wins on points, %d to %d."), side, won, lost);
    case ISLE_RESULTS_POINTS_DRAW:
      return g_strdup_printf (_("A draw on points, %d each."), won);
    case ISLE_RESULTS_COINS:
      if (mine)
        return g_strdup_printf (_("You win on coins, %d to %d."), won, lost);
      if (you)
        return g_strdup_printf (_("The computer wins on coins, %d to %d."), won, lost);
      /* Translators: %s is a side, "Red" or "Blue". */
      return g_strdup_printf (_("%s wins on coins, %d to %d."), side, won, lost);
    case ISLE_RESULTS_HIRE_COST:
      if (mine)
        return g_strdup_printf (_("Tied on coins — you win on the cost of hired mercenaries, %d to %d."),
                                won, lost);
      if (you)
        return g_strdup_printf (_("Tied on coins — the computer wins on the cost of hired mercenaries, "
                                  "%d to %d."), won, lost);
      /* Translators: %s is a side, "Red" or "Blue". */
      return g_strdup_printf (_("Tied on coins — %s wins on the cost of hired mercenaries, %d to %d."),
                              side, won, lost);
    case ISLE_RESULTS_DRAW:
      if (results->extra_rounds == 0)
        return g_strdup (_("A draw: tied on coins and on the cost of hired mercenaries."));
      return g_strdup_printf (ngettext ("A draw after %d extra round.", "A draw after %d extra rounds.",
                                        results->extra_rounds), results->extra_rounds);
    case ISLE_RESULTS_GOING_ON:
    default:
      return NULL;
    }
}

char *
isle_results_verdict_short (const IsleResults *results, int viewer_side)
{
  gboolean you, mine;
  const char *side;

  g_return_val_if_fail (results != NULL, NULL);
  you = viewer_side >= 0 && viewer_side < ISLE_N_SIDES;
  mine = you && viewer_side == results->winner;
  side = results->winner < ISLE_N_SIDES ? isle_words_side (results->winner) : "";
  switch (results->decider)
    {
    case ISLE_RESULTS_POINTS:
      return mine ? g_strdup (_("You win on points"))
             : you ? g_strdup (_("The computer wins on points"))
             /* Translators: %s is a side, "Red" or "Blue". */
             : g_strdup_printf (_("%s wins on points"), side);
    case ISLE_RESULTS_COINS:
      return mine ? g_strdup (_("You win on coins"))
             : you ? g_strdup (_("The computer wins on coins"))
             /* Translators: %s is a side, "Red" or "Blue". */
             : g_strdup_printf (_("%s wins on coins"), side);
    case ISLE_RESULTS_HIRE_COST:
      return mine ? g_strdup (_("You win on the cost of mercenaries"))
             : you ? g_strdup (_("The computer wins on the cost of mercenaries"))
             /* Translators: %s is a side, "Red" or "Blue". */
             : g_strdup_printf (_("%s wins on the cost of mercenaries"), side);
    case ISLE_RESULTS_POINTS_DRAW:
    case ISLE_RESULTS_DRAW:
      return g_strdup (_("A draw"));
    case ISLE_RESULTS_GOING_ON:
    default:
      return NULL;
    }
}

char *
isle_results_hires_text (const IsleResultsRound *row, int side)
{
  g_autoptr (GString) text = NULL;

  g_return_val_if_fail (row != NULL && side >= 0 && side < ISLE_N_SIDES, NULL);
  for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
    for (int n = 0; n < row->hired[side][k]; n++)
      {
        if (text == NULL)
          text = g_string_new (NULL);
        else
          /* Translators: between the names of hired mercenaries. */
          g_string_append (text, _(", "));
        g_string_append (text, isle_words_kind ((IsleKind) k));
      }
  if (text == NULL)
    return NULL;
  /* Translators: hired mercenaries and what they cost: "Fox, Crow (25)". */
  return g_strdup_printf (_("%s (%d)"), text->str, row->hire_cost[side]);
}
