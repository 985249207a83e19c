/* test-review-words.c — a review's reasons in words (issue 29): a spy
 * handing the other side a line, a reply that takes the tile the better
 * move would have taken, a better move that makes a line; nothing said
 * of a good move. Positions are R3 text; the words English (LANGUAGE=C). */
#include "config.h"

#include <locale.h>

#include "isle-review-words.h"
#include "isle-test-util.h"

/* Blue's a1–c1, open at d1 (R3). */
static const char blue_three[] =
  "bW bW bW .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static IsleReviewMove
judged (const IsleState *s, const char *chosen, const char *best, IsleReviewLabel label)
{
  IsleReviewMove m = { 0 };

  m.seat = isle_state_to_move (s);
  m.round = s->round;
  m.action = isle_test_action (s, chosen);
  m.best = isle_test_action (s, best);
  m.n_legal = 10;
  m.before = 0.59;
  m.after = 0.39;
  m.label = label;
  m.reply_seat = m.best_reply_seat = -1;
  return m;
}

/* R2, R5, R7.1: Red's Rat is blue; at d1 it makes Blue's a1–d1 a line of
 * 4 (5 points for Blue); a Wolf at c2 would have made Red's a2–c2 (3). */
static void
test_r5_spy_hands_over_a_line (void)
{
  IsleState s;
  g_autofree char *reason = NULL;
  IsleReviewMove m;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "bW bW bW .  .  .\n"
                   "rW rW .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n",
                   "WR", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rR d1", "place rW c2", ISLE_REVIEW_BLUNDER);
  reason = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (reason, ==,
                   "The round stood at Red 0, Blue 3. "
                   "Red's Rat on d1 made Blue's line of 4: 5 points for Blue. "
                   "A Wolf on c2 would have made a line of 3: 3 points for Red. "
                   "It lowered Red's chance to win from 59% to 39%.");
}

/* R5: Red plays far away; Blue's expected reply at d1 makes its line of 4;
 * Red's better move was that very tile. */
static void
test_r5_reply_takes_the_tile (void)
{
  IsleState s;
  g_autofree char *reason = NULL;
  IsleReviewMove m;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   blue_three,
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rW f6", "place rW d1", ISLE_REVIEW_MISTAKE);
  m.reply = isle_action_place (ISLE_KIND_WOLF, isle_action_cell (m.best), false);
  m.reply_seat = ISLE_SIDE_BLUE;
  reason = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (reason, ==,
                   "The round stood at Red 0, Blue 3. "
                   "Blue could then put a Wolf on d1: a line of 4, 5 points for Blue. "
                   "A Wolf on d1 would have taken that tile first. "
                   "It lowered Red's chance to win from 59% to 39%.");
}

/* A good move or the best is not explained; another decision's better
 * choice is named (R4.2). */
static void
test_good_moves_and_picks (void)
{
  IsleState s;
  g_autofree char *reason = NULL;
  IsleReviewMove m;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   blue_three,
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rW f6", "place rW d1", ISLE_REVIEW_GOOD);
  g_assert_null (isle_review_words_reason (&s, &m));
  m.label = ISLE_REVIEW_INACCURACY;
  m.best = isle_test_action (&s, "place rW e6");
  reason = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (reason, ==, "The round stood at Red 0, Blue 3. A Wolf on e6 was the better move. "
                               "It lowered Red's chance to win from 59% to 39%.");
}

/* R7.2: a line's Pig or Cat is said with it; an empty map's round score
 * is not. */
static void
test_r7_2_multiplier_is_said (void)
{
  IsleState s;
  g_autofree char *pig = NULL;
  IsleReviewMove m;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "rW rP .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n",
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rW f6", "place rW c1", ISLE_REVIEW_MISTAKE);
  pig = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (pig, ==, "A Wolf on c1 would have made a line of 3: 6 points for Red. "
                            "A Pig in that line doubles it. It lowered Red's chance to win from 59% to 39%.");
}

/* R8.3: what a mercenary's ability did is said by the score it changed:
 * Blue's Mouses on d4 trades tiles with Red's Wolf on c4, and Red's line
 * of three is gone. */
static void
test_r8_3_ability_says_the_score (void)
{
  IsleState s;
  g_autofree char *mouses = NULL;
  IsleReviewMove m;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        ".  .  .  .  .  .\n"
                        "rW rW rW .  .  .\n"
                        ".  .  .  rW .  .\n"
                        ".  .  .  .  .  .\n",
                        "PWWWW", "MWWWW", "", "M", ISLE_SIDE_BLUE, ISLE_WEATHER_SUNNY);
  isle_test_apply (&s, "place bM d4");
  m = judged (&s, "swap c4", "swap d5", ISLE_REVIEW_MISTAKE);
  mouses = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (mouses, ==, "The round stood at Red 3, Blue 0. It took 3 points from Red's lines. "
                               "“swap d5” was the better move. It lowered Blue's chance to win from 59% to 39%.");
}

/* Points given away are said beside the chance (doc/ai.md, "Game
 * review"): in a game all but won, a mistake of points leaves the chance
 * where it was; coins in the mercenary games (R9.4). */
static void
test_points_given_away (void)
{
  IsleState s;
  g_autofree char *won = NULL;
  g_autofree char *coins = NULL;
  IsleReviewMove m;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   blue_three,
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rW f6", "place rW e6", ISLE_REVIEW_MISTAKE);
  m.before = m.after = 0.97;
  m.points = 4.6;
  won = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (won, ==, "The round stood at Red 0, Blue 3. A Wolf on e6 was the better move. "
                            "It cost Red about 5 points by the round's end. Red's chance to win stayed at 97%.");
  isle_test_state (&s, ISLE_VARIANT_MERCENARY,
                   blue_three,
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  m = judged (&s, "place rW f6", "place rW e6", ISLE_REVIEW_MISTAKE);
  m.points = 1.2;
  coins = isle_review_words_reason (&s, &m);
  g_assert_cmpstr (coins, ==, "The round stood at Red 0, Blue 3. A Wolf on e6 was the better move. "
                              "It cost Red about 1 coin by the round's end. "
                              "It lowered Red's chance to win from 59% to 39%.");
}

/* Hints say why (issue 29): the hinted placement's line, the tile it
 * keeps from the other side, both, or nothing to say (R5, R7.1). */
static void
test_r5_hint_says_why (void)
{
  IsleState s;
  g_autofree char *both = NULL;
  g_autofree char *makes = NULL;
  g_autofree char *takes = NULL;

  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "bW bW bW .  .  .\n"
                   "rW rW .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n",
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  makes = isle_review_words_hint (&s, isle_test_action (&s, "place rW c2"));
  g_assert_cmpstr (makes, ==, "A Wolf on c2 makes a line of 3: 3 points for Red.");
  takes = isle_review_words_hint (&s, isle_test_action (&s, "place rW d1"));
  g_assert_cmpstr (takes, ==, "A Wolf on d1 takes the tile Blue needs for a line of 4.");
  g_assert_null (isle_review_words_hint (&s, isle_test_action (&s, "place rW f6")));
  /* d1 both ends Red's d1–d3 and keeps Blue from a1–d1. */
  isle_test_state (&s, ISLE_VARIANT_BASIC,
                   "bW bW bW .  .  .\n"
                   ".  .  .  rW .  .\n"
                   ".  .  .  rW .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n"
                   ".  .  .  .  .  .\n",
                   "WW", "WW", ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  both = isle_review_words_hint (&s, isle_test_action (&s, "place rW d1"));
  g_assert_cmpstr (both, ==, "A Wolf on d1 makes a line of 3: 3 points for Red. "
                             "It also takes the tile Blue needs for a line of 4.");
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review-words/r5-spy-hands-over-a-line", test_r5_spy_hands_over_a_line);
  g_test_add_func ("/review-words/r5-reply-takes-the-tile", test_r5_reply_takes_the_tile);
  g_test_add_func ("/review-words/good-moves-and-picks", test_good_moves_and_picks);
  g_test_add_func ("/review-words/r5-hint-says-why", test_r5_hint_says_why);
  g_test_add_func ("/review-words/points-given-away", test_points_given_away);
  g_test_add_func ("/review-words/r7-2-multiplier-is-said", test_r7_2_multiplier_is_said);
  g_test_add_func ("/review-words/r8-3-ability-says-the-score", test_r8_3_ability_says_the_score);
  return g_test_run ();
}
