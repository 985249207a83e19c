/* test-hiring.c — the Game with Mercenary Characters (R9): rounds, coins,
 * hiring and the winner; the Quick game (R10); the Team game (R11). Hiring
 * is described in doc/decision-points.md: `hire F` … `done`, Red's seat(s)
 * first, choices secret until both sides are done. The properties of
 * seeded random games of every variant are in test-properties.c. */
#include <string.h>

#include "isle-test-util.h"

#define RED ISLE_SIDE_RED
#define BLUE ISLE_SIDE_BLUE

/* A game of at most 4 + 3 rounds, each with at most 1 weather decision,
 * 4 × 13 hiring decisions, 20 picks, 36 placements plus a few more
 * (replacements put tokens back in hand, a Hippo frees a tile), abilities,
 * hops, settles and fog lifts, stays well below this. */
#define MAX_DECISIONS 1500

/* Plays uniformly random legal actions from RNG until the phase is PHASE or
 * the game is over. */
static void
play_until (IsleState *s, IsleRng *rng, IslePhase phase)
{
  for (int n = 0; s->phase != phase && !isle_state_is_terminal (s); n++)
    {
      g_assert_cmpint (n, <, MAX_DECISIONS);
      isle_test_apply_random (s, rng);
    }
}

/* Makes SIDE's pile hold KIND in place of one basic token of the kind it
 * replaces, as if it had been hired before (all tokens are in the piles
 * while hiring). */
static void
pretend_hired (IsleState *s, IsleSide side, IsleKind kind)
{
  IsleKind basic = isle_kind_info (kind)->replaces;

  for (int i = 0; i < s->pile_len[side]; i++)
    if (s->pile[side][i] == basic)
      {
        s->pile[side][i] = (uint8_t) kind;
        s->hired[side][kind]++;
        return;
      }
  g_assert_not_reached ();
}

/* Turns N of SIDE's piled tokens of kind FROM into TO. */
static void
convert_pile (IsleState *s, IsleSide side, IsleKind from, IsleKind to, int n)
{
  for (int i = 0; i < s->pile_len[side] && n > 0; i++)
    if (s->pile[side][i] == from)
      {
        s->pile[side][i] = (uint8_t) to;
        n--;
      }
  g_assert_cmpint (n, ==, 0);
}

/* isle_test_final_board with e6 (Blue's Wolf) free; when Blue fills it the
 * map scores Red 10 (a6–d6, with a Pig), Blue 6 (f1–f3, with a Pig). */
static const char *const BEFORE_LAST_E6 =
  "rW bW bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR rW .  rW\n";

/* The end of round 1 of a Mercenary game whose first seat was Red: Blue
 * fills the map; Blue is the first seat of round 2 (R4.3), yet hiring
 * starts with Red's seat (doc/decision-points.md). */
static void
reach_first_hiring (IsleState *s)
{
  isle_test_merc_state (s, ISLE_VARIANT_MERCENARY, BEFORE_LAST_E6, "", "W", "", "",
                        BLUE, ISLE_WEATHER_SUNNY);
  g_assert_cmpint (s->first_seat, ==, RED);
  isle_test_apply_then (s, "place bW e6", ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s->round_score[0][RED], ==, 10);
  g_assert_cmpint (s->round_score[0][BLUE], ==, 6);
  /* R9.2 */
  g_assert_cmpint (s->coins[RED], ==, 10);
  g_assert_cmpint (s->coins[BLUE], ==, 6);
  /* R4.1: every token is back in its owner's pile. */
  g_assert_cmpint (s->pile_len[RED], ==, ISLE_SIDE_TOKENS);
  g_assert_cmpint (s->pile_len[BLUE], ==, ISLE_SIDE_TOKENS);
}

/* ---- R9.3 hiring ---------------------------------------------------------- */

/* R9.3: after round 1's scoring Red's seat hires first. `hire X` is legal
 * while the side's coins cover what it has chosen plus X's cost, for a
 * mercenary not yet hired nor chosen (the Crow, of which there are two, may
 * be chosen twice); `done` ends the side's hiring. Costs are paid when both
 * sides are done; each hired mercenary takes the place of a basic token of
 * the kind it replaces, which leaves the game; piles stay at 18. */
static void
test_r9_3_hiring_after_round_one (void)
{
  IsleState s;

  reach_first_hiring (&s);
  /* Edited: 30 coins each, enough to test the sums below. */
  s.coins[RED] = s.coins[BLUE] = 30;

  /* Every mercenary costs at most 25 (R2 [default]). */
  isle_test_assert_legal_exactly (&s, "hire F", "hire T", "hire C", "hire M", "hire S",
                                  "hire G", "hire L", "hire K", "hire O", "hire D",
                                  "hire H", "done", NULL);
  isle_test_apply_then (&s, "hire F", ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s.coins[RED], ==, 30);           /* not paid yet */
  g_assert_cmpint (s.hired[RED][ISLE_KIND_FOX], ==, 0);
  /* 15 left: not the Fox again, not the Cat (25) nor the Snake (20). */
  isle_test_assert_legal_exactly (&s, "hire T", "hire M", "hire G", "hire L", "hire K",
                                  "hire O", "hire D", "hire H", "done", NULL);
  isle_test_apply (&s, "hire T");
  /* 5 left: nothing costs so little. */
  isle_test_assert_legal_exactly (&s, "done", NULL);
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, BLUE);

  isle_test_apply (&s, "hire K");
  g_assert_true (isle_test_is_legal (&s, "hire K"));  /* the second Crow */
  isle_test_apply (&s, "hire K");
  g_assert_false (isle_test_is_legal (&s, "hire K")); /* there are only two */
  isle_test_assert_legal_exactly (&s, "hire L", "hire D", "hire T", "done", NULL);
  isle_test_apply (&s, "hire L");
  isle_test_assert_legal_exactly (&s, "done", NULL);
  isle_test_apply (&s, "done");

  /* Revealed and paid. */
  g_assert_cmpint (s.coins[RED], ==, 5);
  g_assert_cmpint (s.coins[BLUE], ==, 0);
  g_assert_cmpint (s.hired[RED][ISLE_KIND_FOX], ==, 1);
  g_assert_cmpint (s.hired[RED][ISLE_KIND_TURTLE], ==, 1);
  g_assert_cmpint (s.hired[BLUE][ISLE_KIND_CROW], ==, 2);
  g_assert_cmpint (s.hired[BLUE][ISLE_KIND_CHAMELEON], ==, 1);
  for (int k = 0; k < ISLE_N_KINDS; k++)
    {
      g_assert_cmpint (s.pending[RED][k], ==, 0);
      g_assert_cmpint (s.pending[BLUE][k], ==, 0);
    }
  isle_test_assert_conserved (&s);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_WOLF), ==, 7);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_FOX), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_TURTLE), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_RAT), ==, 4);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_RAT), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_CROW), ==, 2);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_CHAMELEON), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_WOLF), ==, 9);
  /* R9.1, R6.1: round 2 of the Mercenary game starts with the weather. */
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_WEATHER);
}

/* R9.3: a mercenary hired in an earlier hiring cannot be hired again; the
 * second Crow can. */
static void
test_r9_3_already_hired_mercenary (void)
{
  IsleState s;

  reach_first_hiring (&s);
  /* Edited: Red hired the Fox and one Crow before; 100 coins each. */
  pretend_hired (&s, RED, ISLE_KIND_FOX);
  pretend_hired (&s, RED, ISLE_KIND_CROW);
  s.coins[RED] = s.coins[BLUE] = 100;
  isle_test_assert_conserved (&s);
  g_assert_false (isle_test_is_legal (&s, "hire F"));
  g_assert_true (isle_test_is_legal (&s, "hire K"));
  isle_test_apply (&s, "hire K");
  g_assert_false (isle_test_is_legal (&s, "hire K"));
  isle_test_apply (&s, "done");
  isle_test_apply (&s, "done");
  g_assert_cmpint (s.hired[RED][ISLE_KIND_CROW], ==, 2);
  g_assert_cmpint (s.coins[RED], ==, 90);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_RAT), ==, 2);
  isle_test_assert_conserved (&s);
}

/* R9.3 "A side that has no such basic token left cannot hire that
 * mercenary". With the standard supply this cannot arise (the four
 * Rat-replacing mercenaries use exactly the four Rats), so the state is
 * edited: Red's Rats are turned into Wolves, all but one, then all. */
static void
test_r9_3_no_basic_token_left (void)
{
  IsleState s;

  reach_first_hiring (&s);
  s.coins[RED] = s.coins[BLUE] = 100;
  convert_pile (&s, RED, ISLE_KIND_RAT, ISLE_KIND_WOLF, 3);
  g_assert_true (isle_test_is_legal (&s, "hire L"));
  g_assert_true (isle_test_is_legal (&s, "hire O"));
  isle_test_apply (&s, "hire K");
  /* The one Rat is spoken for. */
  g_assert_false (isle_test_is_legal (&s, "hire K"));
  g_assert_false (isle_test_is_legal (&s, "hire L"));
  g_assert_false (isle_test_is_legal (&s, "hire O"));
  g_assert_true (isle_test_is_legal (&s, "hire F"));
  isle_test_apply (&s, "done");
  isle_test_apply (&s, "done");
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_RAT), ==, 0);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_CROW), ==, 1);
  isle_test_assert_conserved (&s);

  reach_first_hiring (&s);
  s.coins[RED] = s.coins[BLUE] = 100;
  convert_pile (&s, RED, ISLE_KIND_RAT, ISLE_KIND_WOLF, 4);
  isle_test_assert_legal_exactly (&s, "hire F", "hire T", "hire C", "hire M", "hire S",
                                  "hire G", "hire D", "hire H", "done", NULL);
}

/* Blue's observation of S, and of S with Red's pending choices blanked. */
static void
assert_pending_hidden (const IsleState *s, IsleSide hider, int observer)
{
  IsleState blank = *s;
  IsleObservation a, b;

  memset (blank.pending[hider], 0, sizeof blank.pending[hider]);
  isle_state_observe (s, observer, &a);
  isle_state_observe (&blank, observer, &b);
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
}

/* R9.3 "in secret, revealed together", R12: while hiring, a side's
 * observation does not show the other side's choices (nor does the
 * other side's coin count drop); its own choices it sees; once both are
 * done the hires are public. */
static void
test_r9_3_pending_choices_are_secret (void)
{
  IsleState s;
  IsleObservation red, blue;

  reach_first_hiring (&s);
  s.coins[RED] = s.coins[BLUE] = 30;
  isle_test_apply (&s, "hire F");
  isle_test_apply (&s, "hire T");
  assert_pending_hidden (&s, RED, BLUE);
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, BLUE);
  assert_pending_hidden (&s, RED, BLUE);
  isle_state_observe (&s, BLUE, &blue);
  g_assert_cmpint (blue.view.coins[RED], ==, 30);
  isle_state_observe (&s, RED, &red);
  g_assert_cmpint (red.view.pending[RED][ISLE_KIND_FOX], ==, 1);
  g_assert_cmpint (red.view.pending[RED][ISLE_KIND_TURTLE], ==, 1);

  isle_test_apply (&s, "hire K");
  assert_pending_hidden (&s, BLUE, RED);
  assert_pending_hidden (&s, RED, BLUE);
  isle_state_observe (&s, BLUE, &blue);
  g_assert_cmpint (blue.view.pending[BLUE][ISLE_KIND_CROW], ==, 1);

  isle_test_apply (&s, "done");
  isle_state_observe (&s, BLUE, &blue);
  isle_state_observe (&s, RED, &red);
  g_assert_cmpint (blue.view.hired[RED][ISLE_KIND_FOX], ==, 1);
  g_assert_cmpint (blue.view.hired[RED][ISLE_KIND_TURTLE], ==, 1);
  g_assert_cmpint (red.view.hired[BLUE][ISLE_KIND_CROW], ==, 1);
  g_assert_cmpint (blue.view.coins[RED], ==, 5);
  g_assert_cmpint (red.view.coins[BLUE], ==, 20);
}

/* R9.3, R12 — stricter: the number of Red's choices is part of its secret.
 * Red hiring the Fox and then `done`, or `done` at once, must look the same
 * to Blue, byte for byte. */
static void
test_r12_hiring_choices_leave_no_trace (void)
{
  IsleState a, b;
  IsleObservation oa, ob;

  reach_first_hiring (&a);
  a.coins[RED] = a.coins[BLUE] = 30;
  b = a;
  isle_test_apply (&a, "hire F");
  isle_test_apply (&a, "done");
  isle_test_apply (&b, "done");
  isle_test_assert_phase (&a, ISLE_PHASE_HIRE, BLUE);
  isle_test_assert_phase (&b, ISLE_PHASE_HIRE, BLUE);
  isle_state_observe (&a, BLUE, &oa);
  isle_state_observe (&b, BLUE, &ob);
  if (oa.view.n_actions != ob.view.n_actions)
    g_test_message ("Blue's observation shows n_actions %u after Red hired one mercenary, "
                    "%u after Red hired none", oa.view.n_actions, ob.view.n_actions);
  g_assert_cmpmem (&oa, sizeof oa, &ob, sizeof ob);
}

/* ---- R9.1, R9.2: rounds and coins ---------------------------------------- */

/* R9.1, R9.2, R9.3: seeded random Mercenary games last 4 rounds (more only
 * after a tie, R9.4), each round opens with the weather (R6.1) and rounds
 * 2–4 with hiring; at every step each side's coins are the sum of its round
 * scores less what it paid for hires, and never negative. */
static void
test_r9_1_mercenary_game_lasts_four_rounds (void)
{
  for (uint64_t seed = 1; seed <= 40; seed++)
    {
      IsleState s;
      IsleRng rng;
      IsleTestCoins coins = { 0 };
      int hirings = 0, weathers = 0, last_phase = -1, last_round = 0;

      isle_test_new_game (&s, ISLE_VARIANT_MERCENARY, (int) (seed & 1), seed);
      g_assert_cmpint (s.n_rounds, ==, 4);
      g_assert_cmpint (s.n_rounds, ==, s.rules.rounds[ISLE_VARIANT_MERCENARY]);
      isle_rng_seed (&rng, seed * 31 + 7);
      for (int n = 0; !isle_state_is_terminal (&s); n++)
        {
          g_assert_cmpint (n, <, MAX_DECISIONS);
          if (s.phase != last_phase)
            {
              hirings += s.phase == ISLE_PHASE_HIRE;
              weathers += s.phase == ISLE_PHASE_WEATHER;
              /* Hiring comes before a round's weather, never in round 1. */
              if (s.phase == ISLE_PHASE_HIRE)
                g_assert_cmpint (s.round, >=, 2);
            }
          if (s.round != last_round)
            {
              /* A new round starts with hiring (from round 2) or weather. */
              g_assert_true (s.phase == (s.round >= 2 ? ISLE_PHASE_HIRE : ISLE_PHASE_WEATHER));
              last_round = s.round;
            }
          last_phase = s.phase;
          isle_test_assert_coins (&s, &coins);
          isle_test_assert_conserved (&s);
          isle_test_apply_random (&s, &rng);
        }
      g_assert_cmpint (s.n_rounds, ==, 4 + s.extra_rounds);
      g_assert_cmpint (s.extra_rounds, <=, s.rules.max_extra_rounds);
      g_assert_cmpint (s.round, ==, s.n_rounds);
      g_assert_cmpint (weathers, ==, s.n_rounds);
      g_assert_cmpint (hirings, ==, s.n_rounds - 1);
      isle_test_assert_coins (&s, &coins);
    }
}

/* ---- R9.4: the winner ----------------------------------------------------- */

/* isle_test_before_last_d6 (the final board without d6, which Red fills
 * with a Wolf) with mercenaries on tiles in no line, so the map scores Red
 * 10, Blue 6 as before: the Cat at c2 (was a Pig), the Turtle at a1 and the
 * Fox or Turtle at b1 (were Wolves). */
static const char *const TIE_CAT_FOX =
  "rW bF bR rW rR bW\n"
  "rW rB rC bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  bW rW\n";
static const char *const TIE_TURTLE_FOX =
  "rT bF bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  bW rW\n";
static const char *const TIE_TURTLES =
  "rT bT bR rW rR bW\n"
  "rW rB rP bW bR rR\n"
  "bW bP bB rW rB bP\n"
  "rR bB bW bW rB bB\n"
  "rW bR rR rW bW bW\n"
  "rW rP bR .  bW rW\n";

/* Red is about to fill the map in the last round of a Mercenary game: an
 * edited state of ROUND (4, or later with ROUND - 4 extra rounds played)
 * with the given coins before that last round's score. */
static void
last_placement_state (IsleState *s, const char *board, const char *red_hired,
                      const char *blue_hired, int32_t red_coins,
                      int32_t blue_coins, int round)
{
  gchar **parts = g_strsplit (board, "bR .  bW", -1);
  gchar *full;
  int32_t red, blue;

  /* The map once Red's Wolf is at d6 scores Red 10, Blue 6. */
  g_assert_cmpint (g_strv_length (parts), ==, 2);
  full = g_strjoinv ("bR rW bW", parts);
  isle_test_score (full, &red, &blue, NULL);
  g_assert_cmpint (red, ==, 10);
  g_assert_cmpint (blue, ==, 6);
  g_free (full);
  g_strfreev (parts);

  isle_test_merc_state (s, ISLE_VARIANT_MERCENARY, board, "W", "", red_hired,
                        blue_hired, RED, ISLE_WEATHER_SUNNY);
  s->round = (uint8_t) round;
  s->n_rounds = (uint8_t) round;
  s->extra_rounds = (uint8_t) (round - s->rules.rounds[ISLE_VARIANT_MERCENARY]);
  s->coins[RED] = red_coins;
  s->coins[BLUE] = blue_coins;
}

/* R9.4: equal coins after round 4: the larger total cost of hired
 * mercenaries wins (Red's Cat 25 against Blue's Fox 15; Red's Turtle 10
 * against Blue's Fox 15). */
static void
test_r9_4_tie_broken_by_hired_cost (void)
{
  IsleState s;
  double returns[ISLE_MAX_SEATS];

  last_placement_state (&s, TIE_CAT_FOX, "C", "F", 20, 24, 4);
  isle_test_apply (&s, "place rW d6");
  g_assert_cmpint (s.coins[RED], ==, 30);
  g_assert_cmpint (s.coins[BLUE], ==, 30);
  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.winner, ==, RED);
  isle_state_returns (&s, returns);
  g_assert_cmpfloat (returns[RED], ==, 1.0);
  g_assert_cmpfloat (returns[BLUE], ==, -1.0);

  last_placement_state (&s, TIE_TURTLE_FOX, "T", "F", 20, 24, 4);
  isle_test_apply (&s, "place rW d6");
  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.winner, ==, BLUE);
}

/* R9.4: coins decide first: Red has one coin more and hired less. */
static void
test_r9_4_coins_decide_first (void)
{
  IsleState s;

  last_placement_state (&s, TIE_TURTLE_FOX, "T", "F", 21, 24, 4);
  isle_test_apply (&s, "place rW d6");
  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.coins[RED], ==, 31);
  g_assert_cmpint (s.winner, ==, RED);
}

/* R9.4: equal coins and equal hired costs (a Turtle each): another round is
 * played, hiring first; the game is not over. */
static void
test_r9_4_still_tied_plays_extra_round (void)
{
  IsleState s;

  last_placement_state (&s, TIE_TURTLES, "T", "T", 20, 24, 4);
  isle_test_apply (&s, "place rW d6");
  g_assert_false (isle_state_is_terminal (&s));
  g_assert_cmpint (s.n_rounds, ==, 5);
  g_assert_cmpint (s.extra_rounds, ==, 1);
  isle_test_assert_phase (&s, ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s.coins[RED], ==, 30);
  g_assert_cmpint (s.coins[BLUE], ==, 30);
  isle_test_apply (&s, "done");
  isle_test_apply (&s, "done");
  g_assert_cmpint (s.round, ==, 5);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_WEATHER);     /* R9.1: weather rules */
  isle_test_assert_conserved (&s);
}

/* R9.4 [decision]: after max_extra_rounds extra rounds (rules data: 3) a
 * tie is a draw; with max_extra_rounds 0 at once. */
static void
test_r9_4_draw_after_max_extra_rounds (void)
{
  IsleState s;
  double returns[ISLE_MAX_SEATS];

  last_placement_state (&s, TIE_TURTLES, "T", "T", 20, 24, 4 + 3);
  g_assert_cmpint (s.rules.max_extra_rounds, ==, 3);
  isle_test_apply (&s, "place rW d6");
  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.winner, ==, ISLE_N_SIDES);
  isle_state_returns (&s, returns);
  g_assert_cmpfloat (returns[RED], ==, 0.0);
  g_assert_cmpfloat (returns[BLUE], ==, 0.0);

  /* Only 2 extra rounds played: a third one. */
  last_placement_state (&s, TIE_TURTLES, "T", "T", 20, 24, 4 + 2);
  isle_test_apply (&s, "place rW d6");
  g_assert_false (isle_state_is_terminal (&s));
  g_assert_cmpint (s.extra_rounds, ==, 3);
  g_assert_cmpint (s.n_rounds, ==, 7);

  last_placement_state (&s, TIE_TURTLES, "T", "T", 20, 24, 4);
  s.rules.max_extra_rounds = 0;
  isle_test_apply (&s, "place rW d6");
  g_assert_true (isle_state_is_terminal (&s));
  g_assert_cmpint (s.winner, ==, ISLE_N_SIDES);
}

/* ---- R10 Quick game ------------------------------------------------------ */

/* R10: the Quick game opens with hiring, 80 coins a side (rules data); what
 * is not spent goes back to the bank, so both sides start round 1 with 0
 * coins; no weather card is chosen: the round's weather is the rules'
 * quick_weather; the game lasts 2 rounds. */
static void
test_r10_quick_game_hires_before_round_one (void)
{
  IsleState s;

  isle_test_new_game (&s, ISLE_VARIANT_QUICK, 0, 11);
  isle_test_assert_phase (&s, ISLE_PHASE_HIRE, RED);
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (s.n_rounds, ==, 2);
  g_assert_cmpint (s.rules.quick_start_coins, ==, 80);
  g_assert_cmpint (s.coins[RED], ==, 80);
  g_assert_cmpint (s.coins[BLUE], ==, 80);
  isle_test_apply (&s, "hire C");
  isle_test_apply (&s, "hire S");
  isle_test_apply (&s, "hire F");
  isle_test_apply (&s, "hire M");
  /* 75 spent, 5 left. */
  isle_test_assert_legal_exactly (&s, "done", NULL);
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, BLUE);
  isle_test_apply (&s, "hire K");
  isle_test_apply (&s, "done");

  g_assert_cmpint (s.coins[RED], ==, 0);
  g_assert_cmpint (s.coins[BLUE], ==, 0);
  g_assert_cmpint (s.hired[RED][ISLE_KIND_CAT], ==, 1);
  g_assert_cmpint (s.hired[RED][ISLE_KIND_SNAKE], ==, 1);
  g_assert_cmpint (s.hired[BLUE][ISLE_KIND_CROW], ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_WOLF), ==, 6);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_PIG), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_RAT), ==, 3);
  isle_test_assert_conserved (&s);
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (s.weather, ==, s.rules.quick_weather);
  g_assert_cmpint (s.weather, ==, ISLE_WEATHER_SUNNY);
  g_assert_cmpuint (s.board.fog, ==, 0);
}

/* R10 with quick_weather Cloudy (rules data), seeded random games: never a
 * WEATHER decision, every round Cloudy (three fog boards at its start),
 * coins 80 until the first hiring is revealed and then 0 plus round scores
 * less later hires, hiring before each round, 2 rounds (more only after a
 * tie, R9.4). */
static void
test_r10_quick_game_one_weather_two_rounds (void)
{
  for (uint64_t seed = 1; seed <= 30; seed++)
    {
      IsleRules rules;
      IsleState s;
      IsleRng rng;
      IsleTestCoins coins = { 0 };
      int hirings = 0, last_phase = -1;

      isle_test_standard_rules (&rules);
      rules.quick_weather = ISLE_WEATHER_CLOUDY;
      g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_QUICK, (int) (seed & 1), seed));
      g_assert_cmpint (s.rules.quick_start_coins, ==, 80);
      isle_rng_seed (&rng, seed + 1000);
      for (int n = 0; !isle_state_is_terminal (&s); n++)
        {
          g_assert_cmpint (n, <, MAX_DECISIONS);
          g_assert_cmpint (s.phase, !=, ISLE_PHASE_WEATHER);
          if (s.phase == ISLE_PHASE_HIRE && last_phase != ISLE_PHASE_HIRE)
            hirings++;
          if (s.phase != ISLE_PHASE_HIRE)
            g_assert_cmpint (s.weather, ==, ISLE_WEATHER_CLOUDY);
          if (s.phase == ISLE_PHASE_HAND)
            g_assert_cmpint (isle_popcount (s.board.fog), ==, 27);
          /* 80 coins until the first hiring is revealed. */
          isle_test_assert_coins (&s, &coins);
          last_phase = s.phase;
          isle_test_apply_random (&s, &rng);
        }
      g_assert_cmpint (s.n_rounds, ==, 2 + s.extra_rounds);
      g_assert_cmpint (s.round, ==, s.n_rounds);
      g_assert_cmpint (hirings, ==, s.n_rounds);
      for (int r = 0; r < s.n_rounds; r++)
        g_assert_cmpint (s.weather_kept[r], ==, ISLE_WEATHER_CLOUDY);
    }
}

/* ---- R11 Team game -------------------------------------------------------- */

/* R11: four seats R1 B1 R2 B2 (0 1 2 3); each holds 9 of its team's 18
 * basic tokens; Sunny only (no weather decision, no fog); no hiring before
 * round 1; 4 rounds; turns go R1, B1, R2, B2. */
static void
test_r11_team_setup_and_turn_order (void)
{
  IsleState s;

  isle_test_new_game (&s, ISLE_VARIANT_TEAM, 0, 5);
  g_assert_cmpint (s.n_seats, ==, 4);
  g_assert_cmpint (s.n_rounds, ==, 4);
  g_assert_cmpint (s.weather, ==, ISLE_WEATHER_SUNNY);
  g_assert_cmpuint (s.board.fog, ==, 0);
  isle_test_assert_phase (&s, ISLE_PHASE_HAND, 0);
  isle_test_assert_nine_per_seat (&s);
  for (int seat = 0; seat < 4; seat++)
    g_assert_cmpint (s.pile_len[seat], ==, 9);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_assert_cmpint (isle_test_count_kind (&s, (IsleSide) side, ISLE_KIND_WOLF), ==, 9);
      g_assert_cmpint (isle_test_count_kind (&s, (IsleSide) side, ISLE_KIND_PIG), ==, 2);
      g_assert_cmpint (isle_test_count_kind (&s, (IsleSide) side, ISLE_KIND_RAT), ==, 4);
      g_assert_cmpint (isle_test_count_kind (&s, (IsleSide) side, ISLE_KIND_RABBIT), ==, 3);
    }
  isle_test_assert_conserved (&s);
  for (int n = 0; s.phase == ISLE_PHASE_HAND; n++)
    {
      g_assert_cmpint (n, <, 20);
      isle_test_apply_first (&s);
    }
  for (int seat = 0; seat < 4; seat++)
    g_assert_cmpint (s.hand_len[seat], ==, 5);
  for (int i = 0; i < 8; i++)
    {
      isle_test_assert_phase (&s, ISLE_PHASE_PLACE, i % 4);
      isle_test_apply_first (&s);
    }
  isle_test_assert_phase (&s, ISLE_PHASE_PLACE, 0);
}

/* R11 "Teammates may not see each other's hands", R12. */
static void
test_r11_team_hands_private_from_teammate (void)
{
  IsleState s;
  IsleObservation obs;
  int unseen = 0;

  isle_test_new_game (&s, ISLE_VARIANT_TEAM, 0, 6);
  while (s.phase == ISLE_PHASE_HAND)
    isle_test_apply_first (&s);
  isle_state_observe (&s, 2, &obs);
  g_assert_cmpint (obs.view.hand_len[0], ==, 5);
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    g_assert_cmpint (obs.view.hand[0][i], ==, 0);
  g_assert_cmpmem (obs.view.hand[2], sizeof obs.view.hand[2], s.hand[2], sizeof s.hand[2]);
  for (int k = 0; k < ISLE_N_KINDS; k++)
    unseen += obs.unseen[0][k];
  g_assert_cmpint (unseen, ==, s.hand_len[0] + s.pile_len[0]);
  isle_state_observe (&s, 0, &obs);
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    g_assert_cmpint (obs.view.hand[2][i], ==, 0);
  g_assert_cmpmem (obs.view.hand[0], sizeof obs.view.hand[0], s.hand[0], sizeof s.hand[0]);
}

/* R11: one coin pile per team (the round's score of the team), hiring once
 * per team: R1 then R2 for Red (R2 may add what the coins left by R1's
 * choices allow), then B1 and B2; teammates see each other's choices, the
 * other team does not; each hired mercenary replaces a basic token of one
 * of the teammates, so each still holds 9. */
static void
test_r11_team_hiring_order_and_split (void)
{
  IsleState s;
  IsleRng rng;
  IsleObservation obs;
  int cat_seat = -1;

  isle_test_new_game (&s, ISLE_VARIANT_TEAM, 1, 8);
  isle_rng_seed (&rng, 8);
  play_until (&s, &rng, ISLE_PHASE_HIRE);
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.coins[RED], ==, s.round_score[0][RED]);
  g_assert_cmpint (s.coins[BLUE], ==, s.round_score[0][BLUE]);
  isle_test_assert_phase (&s, ISLE_PHASE_HIRE, 0);
  /* Edited: 30 coins a team. */
  s.coins[RED] = s.coins[BLUE] = 30;

  isle_test_apply (&s, "hire C");
  isle_state_observe (&s, 2, &obs);
  g_assert_cmpint (obs.view.pending[RED][ISLE_KIND_CAT], ==, 1);
  assert_pending_hidden (&s, RED, 1);
  assert_pending_hidden (&s, RED, 3);
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, 2);
  isle_test_assert_legal_exactly (&s, "done", NULL);     /* 5 coins left */
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, 1);
  isle_test_apply (&s, "hire K");
  isle_test_apply_then (&s, "done", ISLE_PHASE_HIRE, 3);
  assert_pending_hidden (&s, RED, 3);
  assert_pending_hidden (&s, BLUE, 0);
  assert_pending_hidden (&s, BLUE, 2);
  isle_test_apply (&s, "hire K");
  isle_test_apply (&s, "done");

  g_assert_cmpint (s.coins[RED], ==, 5);
  g_assert_cmpint (s.coins[BLUE], ==, 10);
  g_assert_cmpint (s.hired[RED][ISLE_KIND_CAT], ==, 1);
  g_assert_cmpint (s.hired[BLUE][ISLE_KIND_CROW], ==, 2);
  isle_test_assert_nine_per_seat (&s);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_PIG), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, RED, ISLE_KIND_CAT), ==, 1);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_RAT), ==, 2);
  g_assert_cmpint (isle_test_count_kind (&s, BLUE, ISLE_KIND_CROW), ==, 2);
  for (int seat = 0; seat < 4; seat += 2)
    for (int i = 0; i < s.pile_len[seat]; i++)
      if (s.pile[seat][i] == ISLE_KIND_CAT)
        cat_seat = seat;
  g_assert_cmpint (cat_seat, >=, 0);
  isle_test_assert_conserved (&s);
  /* R11: Sunny only, no weather decision. */
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
  g_assert_cmpint (s.weather, ==, ISLE_WEATHER_SUNNY);
}

/* R11 "Turtle's extra placement goes to the next opponent in turn order":
 * after R1's Turtle, B1 places twice; after B1's, R2 (not R1); after B2's,
 * R1. The Turtle's owner always places once more at once (R8.2). (A side
 * has 9 Wolves, 8 with the Turtle: some hands hold a Pig.) */
static void
test_r11_team_turtle_next_opponent (void)
{
  static const char *const hands[3][ISLE_MAX_SEATS] = {
    { "TWWWW", "WWWWW", "WWWWP", "WWWWP" },
    { "WWWWW", "TWWWW", "WWWWP", "WWWWP" },
    { "WWWWP", "WWWWP", "WWWWW", "TWWWW" },
  };
  static const int turtle_seat[3] = { 0, 1, 3 };
  static const char side_letter[] = "rb";

  for (int c = 0; c < 3; c++)
    {
      IsleState s;
      int seat = turtle_seat[c], opp = (seat + 1) % 4;
      char text[32];
      static const char *const cells[] = { "a1", "b1", "c1", "d1", "e1", "f1", "a2" };

      isle_test_team_state (&s, isle_test_empty_board, hands[c],
                            seat % 2 == 0 ? "T" : "", seat % 2 == 1 ? "T" : "", seat);
      g_snprintf (text, sizeof text, "place %cT %s", side_letter[seat % 2], cells[0]);
      isle_test_apply_then (&s, text, ISLE_PHASE_PLACE, seat);
      g_assert_cmpint (s.bonus[opp], ==, 1);
      /* Then: the Turtle's owner, the next opponent twice, and on in
       * turn order. */
      {
        int order[6] = { seat, opp, opp, (opp + 1) % 4, (opp + 2) % 4, (opp + 3) % 4 };

        for (int i = 0; i < 6; i++)
          {
            isle_test_assert_phase (&s, ISLE_PHASE_PLACE, order[i]);
            g_snprintf (text, sizeof text, "place %cW %s", side_letter[order[i] % 2],
                        cells[i + 1]);
            isle_test_apply (&s, text);
          }
        isle_test_assert_phase (&s, ISLE_PHASE_PLACE, opp);
      }
      isle_test_assert_nine_per_seat (&s);
    }
}

/* R11 "Opponent in R8 means any player of the other team", R8.1: R1's Fox
 * may target B1's and B2's tokens next to it; the token's owner — the
 * player, B2 here — replaces it from that player's own hand. A token whose
 * owner has an empty hand cannot be targeted (B1 has placed all 9). */
static void
test_r11_team_fox_target_owner_replaces (void)
{
  static const char *const hands[ISLE_MAX_SEATS] = { "FWWWW", "PWWWR", "WWWWP", "PWWWR" };
  static const char *const hands_b1_empty[ISLE_MAX_SEATS] = { "FWWWW", "", "WWWWP", "PRRBB" };
  IsleState s;
  int b2_wolves;

  isle_test_team_state (&s,
                        ".   .   .   .   .  .\n"
                        ".   .   .   .   .  .\n"
                        ".   b2W .   b1W .  .\n"
                        ".   .   .   .   .  .\n"
                        ".   .   .   .   .  .\n"
                        ".   .   .   .   .  .\n",
                        hands, "F", "", 0);
  b2_wolves = isle_test_hand_count (&s, 3, ISLE_KIND_WOLF);
  isle_test_apply_then (&s, "place rF c3", ISLE_PHASE_ABILITY, 0);
  isle_test_assert_legal_exactly (&s, "target b3", "target d3", NULL);
  isle_test_apply_then (&s, "target b3", ISLE_PHASE_REPLACE, 3);
  isle_test_assert_legal_exactly (&s, "replace bW", "replace bP", "replace bR", NULL);
  isle_test_apply_expect (&s, "replace b2P", ISLE_PHASE_PLACE, 1,
                          ".   .   .   .   .  .\n"
                          ".   .   .   .   .  .\n"
                          ".   b2P r1F b1W .  .\n"
                          ".   .   .   .   .  .\n"
                          ".   .   .   .   .  .\n"
                          ".   .   .   .   .  .\n");
  g_assert_cmpint (isle_test_hand_count (&s, 3, ISLE_KIND_WOLF), ==, b2_wolves + 1);
  g_assert_cmpint (isle_test_hand_count (&s, 3, ISLE_KIND_PIG), ==, 0);
  isle_test_assert_nine_per_seat (&s);

  isle_test_team_state (&s,
                        "b1W b1W b1W b1W b1W b1W\n"
                        "b1P b1R .   .   .   .\n"
                        ".   b2W .   b1W .   .\n"
                        ".   .   .   .   .   .\n"
                        ".   .   .   .   .   .\n"
                        ".   .   .   .   .   .\n",
                        hands_b1_empty, "F", "", 0);
  g_assert_cmpint (s.hand_len[1] + s.pile_len[1], ==, 0);
  isle_test_apply (&s, "place rF c3");
  isle_test_assert_legal_exactly (&s, "target b3", NULL);
  isle_test_apply_then (&s, "target b3", ISLE_PHASE_REPLACE, 3);
  isle_test_apply (&s, "replace bP");
  /* B1 has nothing to place: R2 is next (R4.5). */
  isle_test_assert_phase (&s, ISLE_PHASE_PLACE, 2);
  g_assert_cmpint (s.note_skipped, ==, 1u << 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hiring/r9_1_mercenary_game_lasts_four_rounds",
                   test_r9_1_mercenary_game_lasts_four_rounds);
  g_test_add_func ("/hiring/r9_3_hiring_after_round_one", test_r9_3_hiring_after_round_one);
  g_test_add_func ("/hiring/r9_3_already_hired_mercenary", test_r9_3_already_hired_mercenary);
  g_test_add_func ("/hiring/r9_3_no_basic_token_left", test_r9_3_no_basic_token_left);
  g_test_add_func ("/hiring/r9_3_pending_choices_are_secret", test_r9_3_pending_choices_are_secret);
  g_test_add_func ("/hiring/r12_hiring_choices_leave_no_trace",
                   test_r12_hiring_choices_leave_no_trace);
  g_test_add_func ("/hiring/r9_4_tie_broken_by_hired_cost", test_r9_4_tie_broken_by_hired_cost);
  g_test_add_func ("/hiring/r9_4_coins_decide_first", test_r9_4_coins_decide_first);
  g_test_add_func ("/hiring/r9_4_still_tied_plays_extra_round",
                   test_r9_4_still_tied_plays_extra_round);
  g_test_add_func ("/hiring/r9_4_draw_after_max_extra_rounds",
                   test_r9_4_draw_after_max_extra_rounds);
  g_test_add_func ("/hiring/r10_quick_game_hires_before_round_one",
                   test_r10_quick_game_hires_before_round_one);
  g_test_add_func ("/hiring/r10_quick_game_one_weather_two_rounds",
                   test_r10_quick_game_one_weather_two_rounds);
  g_test_add_func ("/hiring/r11_team_setup_and_turn_order", test_r11_team_setup_and_turn_order);
  g_test_add_func ("/hiring/r11_team_hands_private_from_teammate",
                   test_r11_team_hands_private_from_teammate);
  g_test_add_func ("/hiring/r11_team_hiring_order_and_split", test_r11_team_hiring_order_and_split);
  g_test_add_func ("/hiring/r11_team_turtle_next_opponent", test_r11_team_turtle_next_opponent);
  g_test_add_func ("/hiring/r11_team_fox_target_owner_replaces",
                   test_r11_team_fox_target_owner_replaces);

  return g_test_run ();
}
