/* isle-goal.c — a scenario's goal (isle-goal.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-goal.h"
#include "isle-words.h"

const char *const isle_goal_ids[ISLE_GOAL_COINS + 1] = {
  [ISLE_GOAL_NONE] = "",
  [ISLE_GOAL_WIN_GAME] = "win-game",
  [ISLE_GOAL_SCORE_ROUND] = "score-round",
  [ISLE_GOAL_WIN_ROUND] = "win-round",
  [ISLE_GOAL_LINE] = "line",
  [ISLE_GOAL_COINS] = "coins",
};

const char *const isle_goal_value_keys[ISLE_GOAL_COINS + 1] = {
  [ISLE_GOAL_NONE] = NULL,
  [ISLE_GOAL_WIN_GAME] = NULL,
  [ISLE_GOAL_SCORE_ROUND] = "at_least",
  [ISLE_GOAL_WIN_ROUND] = "by",
  [ISLE_GOAL_LINE] = "length",
  [ISLE_GOAL_COINS] = "at_least",
};

/* R5, R7: the longest scored line of COLOUR on BOARD. */
static int
longest_line (const IsleBoard *board, const IsleRules *rules, IsleColour colour)
{
  IsleScore score;
  int32_t totals[ISLE_N_SIDES];
  int longest = 0;

  isle_board_score (board, rules->line_score, totals, &score);
  for (int i = 0; i < score.n_lines; i++)
    if (score.lines[i].colour == colour && score.lines[i].length > longest)
      longest = score.lines[i].length;
  return longest;
}

IsleGoalStatus
isle_goal_status (const IsleScenarioGoal *goal, int player, int round,
                  const IsleState *s, char **sentence)
{
  int side = isle_seat_side (player);
  int other = 1 - side;
  const char *who = isle_words_side (side);
  int n = goal->value;
  gboolean over = isle_state_is_terminal (s);
  /* R4.6, R7: the round is scored when the next begins or the game ends. */
  gboolean scored = s->round > round || (over && s->round >= round);
  int32_t now[ISLE_N_SIDES] = { 0, 0 };
  IsleGoalStatus status = ISLE_GOAL_IN_PROGRESS;
  char *text = NULL;

  if (scored)
    {
      now[0] = s->round_score[round - 1][0];
      now[1] = s->round_score[round - 1][1];
    }
  else
    isle_board_score (&s->board, s->rules.line_score, now, NULL);

  switch (goal->type)
    {
    case ISLE_GOAL_WIN_GAME:
      if (!over)
        text = g_strdup_printf (_("%s must win the game"), who);
      else if (s->winner == side)
        {
          status = ISLE_GOAL_MET;
          text = g_strdup_printf (_("%s won the game: goal met"), who);
        }
      else
        {
          status = ISLE_GOAL_FAILED;
          text = s->winner == ISLE_N_SIDES ? g_strdup (_("The game is a draw; a win was needed"))
                                           : g_strdup_printf (_("%s won the game; a win was needed"),
                                                              isle_words_side (other));
        }
      break;

    case ISLE_GOAL_SCORE_ROUND:
      status = !scored ? ISLE_GOAL_IN_PROGRESS : now[side] >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
      if (!scored)
        text = g_strdup_printf (ngettext ("%s needs %d point this round; the map gives %d now",
                                          "%s needs %d points this round; the map gives %d now",
                                          (unsigned long) n), who, n, now[side]);
      else
        text = g_strdup_printf (status == ISLE_GOAL_MET
                                ? ngettext ("%s scored %d of the %d point needed: goal met",
                                            "%s scored %d of the %d points needed: goal met", (unsigned long) n)
                                : ngettext ("%s scored %d of the %d point needed",
                                            "%s scored %d of the %d points needed", (unsigned long) n),
                                who, now[side], n);
      break;

    case ISLE_GOAL_WIN_ROUND:
      status = !scored ? ISLE_GOAL_IN_PROGRESS : now[side] - now[other] >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
      text = g_strdup_printf (!scored ? _("%s must win this round by %d; the map gives %d to %d now")
                              : status == ISLE_GOAL_MET ? _("%s won the round by %d or more, %d to %d: goal met")
                              : _("%s needed to win the round by %d; it ended %d to %d"),
                              who, n, now[side], now[other]);
      break;

    case ISLE_GOAL_LINE:
      {
        int longest = longest_line (scored ? &s->scored_board : &s->board, &s->rules,
                                    isle_side_colour ((IsleSide) side));

        status = !scored ? ISLE_GOAL_IN_PROGRESS : longest >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
        text = g_strdup_printf (!scored ? _("%s needs a line of %d this round; its longest is %d now")
                                : status == ISLE_GOAL_MET ? _("%s needed a line of %d and scored one of %d: goal met")
                                : _("%s needed a line of %d; its longest was %d"),
                                who, n, longest);
      }
      break;

    case ISLE_GOAL_COINS:
      {
        int coins = scored ? s->coins[side] : s->coins[side] + now[side];

        status = !scored ? ISLE_GOAL_IN_PROGRESS : coins >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
        text = g_strdup_printf (!scored ? _("%s needs %d coins after this round; the map would give %d")
                                : status == ISLE_GOAL_MET ? _("%s needed %d coins and has %d: goal met")
                                : _("%s needed %d coins and has %d"),
                                who, n, coins);
      }
      break;

    case ISLE_GOAL_NONE:
    default:
      status = over ? ISLE_GOAL_MET : ISLE_GOAL_IN_PROGRESS;
      text = g_strdup (over ? _("The game is over") : _("The game goes on"));
      break;
    }
  if (sentence != NULL)
    *sentence = text;
  else
    g_free (text);
  return status;
}

char *
isle_goal_describe (const IsleScenarioGoal *goal)
{
  int n = goal->value;

  switch (goal->type)
    {
    case ISLE_GOAL_WIN_GAME:
      return g_strdup (_("Win the game."));
    case ISLE_GOAL_SCORE_ROUND:
      return g_strdup_printf (ngettext ("Score at least %d point this round.",
                                        "Score at least %d points this round.", (unsigned long) n), n);
    case ISLE_GOAL_WIN_ROUND:
      return g_strdup_printf (ngettext ("Win this round by at least %d point.",
                                        "Win this round by at least %d points.", (unsigned long) n), n);
    case ISLE_GOAL_LINE:
      return g_strdup_printf (_("Score a line of at least %d tokens of your colour this round."), n);
    case ISLE_GOAL_COINS:
      return g_strdup_printf (ngettext ("Have at least %d coin when this round is scored.",
                                        "Have at least %d coins when this round is scored.", (unsigned long) n), n);
    case ISLE_GOAL_NONE:
    default:
      return g_strdup (_("Play the game out."));
    }
}

