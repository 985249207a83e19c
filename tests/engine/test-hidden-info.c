/* test-hidden-info.c — R12: observations hide what a seat may not see, and
 * determinizations agree with them. */
#include <string.h>

#include "isle-test-util.h"

static void
assert_obs_equal (const IsleObservation *a, const IsleObservation *b)
{
  g_assert_cmpmem (a, sizeof *a, b, sizeof *b);
}

/* Foggy, only the north-west quadrant open: Red's face-down Pig at a1,
 * Blue's face-down Rat at b1. */
static const char *const FACE_DOWN_PIG_AND_RAT =
  "rP* bR* .  #  #  #\n"
  ".   .   .  #  #  #\n"
  ".   .   .  #  #  #\n"
  "#   #   #  #  #  #\n"
  "#   #   #  #  #  #\n"
  "#   #   #  #  #  #\n";

/* R12: another seat's hand, every pile's order and the RNG are blank. */
static void
test_r12_hands_and_piles_hidden (void)
{
  IsleState s;
  IsleObservation obs;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_a1_b1_board, "WWPRB", "WPRRB",
                   ISLE_SIDE_RED, ISLE_WEATHER_SUNNY);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);

  /* Its own hand is known, in order. */
  g_assert_cmpmem (obs.view.hand[0], 5, s.hand[0], 5);
  /* The other hand: its size only. */
  g_assert_cmpint (obs.view.hand_len[1], ==, 5);
  for (int i = 0; i < ISLE_HAND_MAX; i++)
    g_assert_cmpint (obs.view.hand[1][i], ==, 0);
  /* Piles: sizes only, and the owner's contents as a multiset. */
  g_assert_cmpint (obs.view.pile_len[0], ==, 12);
  g_assert_cmpint (obs.view.pile_len[1], ==, 12);
  for (int i = 0; i < ISLE_PILE_MAX; i++)
    {
      g_assert_cmpint (obs.view.pile[0][i], ==, 0);
      g_assert_cmpint (obs.view.pile[1][i], ==, 0);
    }
  /* Red's pile: 9-1-2 Wolves, 2-1 Pig, 4-1 Rats, 3-1 Rabbits. */
  g_assert_cmpint (obs.unseen[0][ISLE_KIND_WOLF], ==, 6);
  g_assert_cmpint (obs.unseen[0][ISLE_KIND_PIG], ==, 1);
  g_assert_cmpint (obs.unseen[0][ISLE_KIND_RAT], ==, 3);
  g_assert_cmpint (obs.unseen[0][ISLE_KIND_RABBIT], ==, 2);
  /* Blue's unseen tokens: everything not face up on the map. */
  g_assert_cmpint (obs.unseen[1][ISLE_KIND_WOLF], ==, 8);
  g_assert_cmpint (obs.unseen[1][ISLE_KIND_PIG], ==, 2);
  g_assert_cmpint (obs.unseen[1][ISLE_KIND_RAT], ==, 4);
  g_assert_cmpint (obs.unseen[1][ISLE_KIND_RABBIT], ==, 3);
  g_assert_cmpuint (obs.view.rng.s, ==, 0);
}

/* R6.4, R12: face-down tokens show only the owner's shield to others; the
 * owner remembers its own. */
static void
test_r12_face_down_hidden_from_opponent (void)
{
  IsleState s;
  IsleObservation red, blue;
  int a1 = isle_test_cell ("a1"), b1 = isle_test_cell ("b1");

  isle_test_state (&s, ISLE_VARIANT_WEATHER, FACE_DOWN_PIG_AND_RAT, "WWWWW", "WWWWW",
                   ISLE_SIDE_RED, ISLE_WEATHER_FOGGY);
  isle_state_observe (&s, ISLE_SIDE_RED, &red);
  isle_state_observe (&s, ISLE_SIDE_BLUE, &blue);

  /* Red sees its own Pig, not Blue's Rat (only Blue's shield). */
  g_assert_cmpint (red.view.board.cells[a1].kind, ==, ISLE_KIND_PIG);
  g_assert_cmpint (red.view.board.cells[b1].kind, ==, ISLE_KIND_UNKNOWN);
  g_assert_cmpint (red.view.board.cells[b1].seat, ==, ISLE_SIDE_BLUE);
  g_assert_cmpint (red.view.board.cells[b1].colour, ==, ISLE_COLOUR_WHITE);
  g_assert_false (red.view.board.colour[ISLE_COLOUR_RED] & (UINT64_C (1) << b1));
  g_assert_cmpint (red.unseen[1][ISLE_KIND_RAT], ==, 4);
  /* And the other way round. */
  g_assert_cmpint (blue.view.board.cells[a1].kind, ==, ISLE_KIND_UNKNOWN);
  g_assert_cmpint (blue.view.board.cells[b1].kind, ==, ISLE_KIND_RAT);
  g_assert_cmpint (blue.unseen[0][ISLE_KIND_PIG], ==, 2);
  g_assert_true (blue.view.board.face_down & (UINT64_C (1) << a1));
}

/* R12: two states that differ only in what Blue hides give Red the very
 * same observation, byte for byte. */
static void
test_r12_observation_ignores_hidden_facts (void)
{
  IsleState s, t;
  IsleObservation a, b;
  int b1 = isle_test_cell ("b1");

  isle_test_state (&s, ISLE_VARIANT_WEATHER, FACE_DOWN_PIG_AND_RAT, "WWWWW", "WWPPB",
                   ISLE_SIDE_RED, ISLE_WEATHER_FOGGY);
  t = s;
  /* Blue's face-down Rat becomes a Wolf, the Wolf goes to the pile's end,
   * the Rat into the hand, the hand is reordered, the pile reshuffled. */
  {
    int wolf = -1;
    for (int i = 0; i < t.pile_len[1]; i++)
      if (t.pile[1][i] == ISLE_KIND_WOLF)
        wolf = i;
    g_assert_cmpint (wolf, >=, 0);
    t.pile[1][wolf] = ISLE_KIND_RAT;
    t.board.cells[b1].kind = ISLE_KIND_WOLF;
    isle_board_set_colour (&t.board, b1, ISLE_COLOUR_BLUE);
    t.hand[1][0] = ISLE_KIND_RABBIT;
    t.hand[1][4] = ISLE_KIND_WOLF;
    isle_rng_shuffle (&t.rng, t.pile[1], t.pile_len[1]);
    isle_rng_shuffle (&t.rng, t.pile[0], t.pile_len[0]);
  }
  g_assert_true (memcmp (&s, &t, sizeof s) != 0);
  isle_state_observe (&s, ISLE_SIDE_RED, &a);
  isle_state_observe (&t, ISLE_SIDE_RED, &b);
  assert_obs_equal (&a, &b);
  /* Blue, who knows its own tokens, sees the difference. */
  isle_state_observe (&s, ISLE_SIDE_BLUE, &a);
  isle_state_observe (&t, ISLE_SIDE_BLUE, &b);
  g_assert_true (memcmp (&a, &b, sizeof a) != 0);
}

/* R12: a determinization is a full state the observer could be in: seen
 * from the same seat it gives back the same observation. */
static void
test_r12_determinization_agrees (void)
{
  IsleState s, d;
  IsleObservation obs, again;
  IsleRng rng;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_face_down_nw_board,
                   "WWRRB", "WWPPB", ISLE_SIDE_RED, ISLE_WEATHER_FOGGY);
  isle_state_observe (&s, ISLE_SIDE_RED, &obs);
  isle_rng_seed (&rng, 99);
  for (int i = 0; i < 200; i++)
    {
      isle_obs_determinize (&obs, &rng, &d);
      isle_test_assert_conserved (&d);
      /* Blue's face-down tokens became real Blue tokens. */
      g_assert_cmpint (d.board.cells[1].kind, <, ISLE_N_KINDS);
      g_assert_cmpint (d.board.cells[1].kind, !=, ISLE_KIND_NONE);
      isle_state_observe (&d, ISLE_SIDE_RED, &again);
      assert_obs_equal (&obs, &again);
    }
}

/* R6.1, R12: the card put under the deck is seen by the chooser only. */
static void
test_r12_discarded_weather_card_unseen (void)
{
  IsleRules rules;
  IsleState s;
  IsleObservation chooser, other;
  IsleActionList list;

  isle_test_standard_rules (&rules);
  /* Find a seed whose first two cards differ, so the choice shows. */
  for (uint64_t seed = 1;; seed++)
    {
      g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, 0, seed));
      if (s.drawn[0] != s.drawn[1])
        break;
    }
  /* While choosing: the chooser sees both cards, the other neither. */
  isle_state_observe (&s, 1, &chooser);
  isle_state_observe (&s, 0, &other);
  g_assert_cmpint (chooser.view.drawn[0], ==, s.drawn[0]);
  g_assert_cmpint (other.view.drawn[0], ==, ISLE_WEATHER_UNKNOWN);
  g_assert_cmpint (other.view.drawn[1], ==, ISLE_WEATHER_UNKNOWN);

  isle_state_legal_actions (&s, &list);
  g_assert_cmpint (list.n, ==, 2);
  g_assert_true (isle_state_apply (&s, list.actions[0]));
  isle_state_observe (&s, 1, &chooser);
  isle_state_observe (&s, 0, &other);
  /* The bottom card: known to Blue (the chooser), unknown to Red. */
  g_assert_cmpint (chooser.view.deck[s.deck_len - 1], ==, s.deck[s.deck_len - 1]);
  g_assert_cmpint (other.view.deck[s.deck_len - 1], ==, ISLE_WEATHER_UNKNOWN);
  /* Every other card is unknown to both. */
  for (int i = 0; i < s.deck_len - 1; i++)
    {
      g_assert_cmpint (chooser.view.deck[i], ==, ISLE_WEATHER_UNKNOWN);
      g_assert_cmpint (other.view.deck[i], ==, ISLE_WEATHER_UNKNOWN);
    }
  /* The kept card is public. */
  g_assert_cmpint (other.view.weather, ==, s.weather);
}

/* R12 during R4.2: the other seat's picks are not seen. */
static void
test_r12_opening_hand_picks_hidden (void)
{
  IsleState s, t;
  IsleObservation a, b;

  isle_test_new_game (&s, ISLE_VARIANT_BASIC, 0, 3);
  t = s;
  isle_test_apply (&s, "pick rW");
  isle_test_apply (&t, "pick rP");
  isle_state_observe (&s, ISLE_SIDE_BLUE, &a);
  isle_state_observe (&t, ISLE_SIDE_BLUE, &b);
  assert_obs_equal (&a, &b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hidden-info/r12_hands_and_piles_hidden", test_r12_hands_and_piles_hidden);
  g_test_add_func ("/hidden-info/r12_face_down_hidden_from_opponent", test_r12_face_down_hidden_from_opponent);
  g_test_add_func ("/hidden-info/r12_observation_ignores_hidden_facts", test_r12_observation_ignores_hidden_facts);
  g_test_add_func ("/hidden-info/r12_determinization_agrees", test_r12_determinization_agrees);
  g_test_add_func ("/hidden-info/r12_discarded_weather_card_unseen", test_r12_discarded_weather_card_unseen);
  g_test_add_func ("/hidden-info/r12_opening_hand_picks_hidden", test_r12_opening_hand_picks_hidden);
  return g_test_run ();
}
