/* isle-goal.h — a scenario's goal (IsleScenarioGoal): how
 * a file spells it, where it stands in a game, and the sentences that say
 * so. A goal knows no scenario: it is given the user's seat and the round
 * the game starts in. */
#pragma once

#include <glib.h>

#include "isle-state.h"

G_BEGIN_DECLS

typedef enum
{
  ISLE_GOAL_NONE = 0,             /* no goal: play the game out */
  ISLE_GOAL_WIN_GAME,             /* {"type": "win-game"} */
  ISLE_GOAL_SCORE_ROUND,          /* {"type": "score-round", "at_least": N} */
  ISLE_GOAL_WIN_ROUND,            /* {"type": "win-round", "by": N} */
  ISLE_GOAL_LINE,                 /* {"type": "line", "length": L} */
  ISLE_GOAL_COINS,                /* {"type": "coins", "at_least": N}: games with coins (R9.2) */
} IsleGoalType;

typedef struct
{
  IsleGoalType type;
  /* SCORE_ROUND: the least points; WIN_ROUND: the least lead; LINE: the
   * least length (3..6, R5); COINS: the least coins after the round;
   * 0 otherwise. */
  int value;
} IsleScenarioGoal;

typedef enum
{
  ISLE_GOAL_IN_PROGRESS,
  ISLE_GOAL_MET,
  ISLE_GOAL_FAILED,
} IsleGoalStatus;

/* A goal's "type" as a file spells it ("" for ISLE_GOAL_NONE), and the
 * member holding its number ("at_least", "by", "length"; NULL: none). */
extern const char *const isle_goal_ids[ISLE_GOAL_COINS + 1];
extern const char *const isle_goal_value_keys[ISLE_GOAL_COINS + 1];

/* Where GOAL stands in S, a state of a game started in round ROUND where
 * the user plays seat PLAYER (isle_scenario_goal_status()). SENTENCE (if
 * not NULL) gets a sentence for the user. */
IsleGoalStatus isle_goal_status   (const IsleScenarioGoal *goal,
                                   int                     player,
                                   int                     round,
                                   const IsleState        *s,
                                   char                  **sentence);

/* GOAL as a sentence: "Score at least 12 points this round." */
char          *isle_goal_describe (const IsleScenarioGoal *goal);

G_END_DECLS
