/* test-weather.c — the Game with Weather Cards (R6) through the
 * decision-point API: keeping a card (R6.1), Sunny (R6.2), Cloudy (R6.3),
 * Foggy and face-down tokens (R6.4), lifting fog (R6.5) and fog as a hard
 * limit on placements (R6.6). Positions are R3 text. */
#include <string.h>

#include "isle-test-util.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define MAX_DECISIONS 400

static const char SIDE_LETTER[] = "rb";

/* A Foggy round's full map, every token face down (R6.4), with exactly two
 * lines, scored by hand (R5, R7):
 *   Red  a6 b6 c6 d6  length 4, holds a Pig → 5 × 2 = 10
 *   Blue f1 f2 f3     length 3, holds a Pig → 3 × 2 =  6
 * d6 is left free for Red's last Wolf. */
static const char *const FOGGY_BEFORE_LAST =
  "rW* bW* bR* rW* rR* bW*\n"
  "rW* rB* rP* bW* bR* rR*\n"
  "bW* bP* bB* rW* rB* bP*\n"
  "rR* bB* bW* bW* rB* bB*\n"
  "rW* bR* rR* rW* bW* bW*\n"
  "rW* rP* bR* .   bW* rW*\n";

static void
new_weather_game (IsleState *s, int first, uint64_t seed, IsleFogLift fog_lift,
                  IsleOpeningHand opening)
{
  isle_test_new_game_with (s, ISLE_VARIANT_WEATHER, first, seed, opening, fog_lift);
}

/* The first seed from FROM on whose first two weather cards include W. */
static uint64_t
seed_drawing (IsleWeather w, uint64_t from, int first)
{
  for (uint64_t seed = from; seed < from + 1000; seed++)
    {
      IsleState s;

      new_weather_game (&s, first, seed, ISLE_FOG_LIFT_FILLER, ISLE_OPENING_CHOOSE);
      if (s.drawn[0] == w || s.drawn[1] == w)
        return seed;
    }
  g_assert_not_reached ();
  return 0;
}

static void
keep (IsleState *s, IsleWeather w)
{
  char text[32];

  g_snprintf (text, sizeof text, "keep %s", isle_weather_id (w));
  isle_test_apply (s, text);
}

/* Starts a Weather game (FIRST first, FOG_LIFT) with the first seed from
 * FROM on that lets the chooser keep W for round 1, and keeps it; returns
 * that seed. */
static uint64_t
start_with_weather (IsleState *s, IsleWeather w, uint64_t from, int first,
                    IsleFogLift fog_lift)
{
  uint64_t seed = seed_drawing (w, from, first);

  new_weather_game (s, first, seed, fog_lift, ISLE_OPENING_CHOOSE);
  keep (s, w);
  g_assert_cmpint (s->weather, ==, w);
  return seed;
}

static void
pick_hands (IsleState *s)
{
  int n = 0;

  while (s->phase == ISLE_PHASE_HAND)
    {
      g_assert_cmpint (n++, <, 10);
      isle_test_apply_first (s);
    }
  g_assert_cmpint (s->phase, ==, ISLE_PHASE_PLACE);
}

/* R6.3: exactly three whole quadrants are fogged; returns the open one. */
static int
open_quadrant (const IsleBoard *board)
{
  int open = -1, fogged = 0;

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);

      if ((board->fog & m) == m)
        fogged++;
      else
        {
          g_assert_cmpuint (board->fog & m, ==, 0);
          open = q;
        }
    }
  g_assert_cmpint (fogged, ==, ISLE_N_FOG_BOARDS);
  g_assert_cmpint (isle_popcount (board->fog), ==, 27);
  g_assert_cmpuint (board->fog, ==, ISLE_ALL_CELLS & ~isle_quadrant_mask (open));
  return open;
}

static int
distinct_kinds_in_hand (const IsleState *s, int seat)
{
  gboolean seen[ISLE_N_KINDS] = { FALSE };
  int n = 0;

  for (int i = 0; i < s->hand_len[seat]; i++)
    if (!seen[s->hand[seat][i]])
      {
        seen[s->hand[seat][i]] = TRUE;
        n++;
      }
  return n;
}

/* The legal placements of the seat to move: exactly every kind in hand on
 * every free open tile, face down iff FACE_DOWN; never on fog (R6.6). */
static void
assert_placements (const IsleState *s, gboolean face_down)
{
  IsleActionList list;
  uint64_t open = isle_board_free_open (&s->board);
  uint64_t cells = 0;
  int seat = s->to_move;

  g_assert_cmpint (s->phase, ==, ISLE_PHASE_PLACE);
  isle_state_legal_actions (s, &list);
  g_assert_cmpint (list.n, ==, distinct_kinds_in_hand (s, seat) * isle_popcount (open));
  for (int i = 0; i < list.n; i++)
    {
      IsleAction a = list.actions[i];
      int c = isle_action_cell (a);

      g_assert_cmpint (isle_action_type (a), ==, ISLE_ACTION_PLACE);
      g_assert_cmpint (isle_action_face_down (a), ==, face_down);
      g_assert_false (s->board.fog & BIT (c));
      g_assert_false (s->board.occupied & BIT (c));
      /* The other face is never legal for a basic token. */
      g_assert_false (isle_state_is_legal (s, isle_action_place (isle_action_kind (a), c, !face_down)));
      cells |= BIT (c);
    }
  g_assert_cmpuint (cells, ==, open);
  /* R6.6: no fogged tile, either face, any kind in hand. */
  for (uint64_t todo = s->board.fog; todo; todo &= todo - 1)
    for (int i = 0; i < s->hand_len[seat]; i++)
      {
        int c = __builtin_ctzll (todo);

        g_assert_false (isle_state_is_legal (s, isle_action_place ((IsleKind) s->hand[seat][i], c, false)));
        g_assert_false (isle_state_is_legal (s, isle_action_place ((IsleKind) s->hand[seat][i], c, true)));
      }
}

/* The weather cards of the game: the deck, the two drawn cards while they
 * are being chosen from, and the cards kept in the rounds so far. */
static void
count_cards (const IsleState *s, int counts[ISLE_N_WEATHER])
{
  int kept = s->phase == ISLE_PHASE_WEATHER ? s->round - 1 : s->round;

  memset (counts, 0, sizeof (int) * ISLE_N_WEATHER);
  for (int i = 0; i < s->deck_len; i++)
    {
      g_assert_cmpint (s->deck[i], <, ISLE_N_WEATHER);
      counts[s->deck[i]]++;
    }
  if (s->phase == ISLE_PHASE_WEATHER)
    {
      counts[s->drawn[0]]++;
      counts[s->drawn[1]]++;
    }
  for (int r = 0; r < kept; r++)
    {
      g_assert_cmpint (s->weather_kept[r], <, ISLE_N_WEATHER);
      counts[s->weather_kept[r]]++;
    }
}

/* R1 [default]: 3 Sunny, 3 Cloudy, 2 Foggy. */
static void
assert_standard_deck (const IsleState *s)
{
  int counts[ISLE_N_WEATHER];

  count_cards (s, counts);
  g_assert_cmpint (counts[ISLE_WEATHER_SUNNY], ==, 3);
  g_assert_cmpint (counts[ISLE_WEATHER_CLOUDY], ==, 3);
  g_assert_cmpint (counts[ISLE_WEATHER_FOGGY], ==, 2);
}

/* ---- R6.1 ---------------------------------------------------------------- */

/* R6.1: a new Weather game opens with the round's second seat keeping one of
 * the two top cards; the other goes to the bottom of the deck, seen by the
 * chooser only; the kept card is out of the deck. */
static void
test_r6_1_second_seat_keeps_one_card (void)
{
  for (int first = 0; first < ISLE_N_SIDES; first++)
    for (uint64_t seed = 1; seed <= 12; seed++)
      {
        IsleState s;
        IsleActionList list;
        uint8_t d0, d1, kept, other, deck_before[ISLE_MAX_WEATHER_CARDS];
        int chooser = 1 - first;

        new_weather_game (&s, first, seed, ISLE_FOG_LIFT_FILLER, ISLE_OPENING_CHOOSE);
        g_assert_cmpint (s.variant, ==, ISLE_VARIANT_WEATHER);
        g_assert_cmpint (s.round, ==, 1);
        g_assert_cmpint (s.n_rounds, ==, 2);
        g_assert_cmpint (s.first_seat, ==, first);
        g_assert_cmpint (s.phase, ==, ISLE_PHASE_WEATHER);
        g_assert_cmpint (isle_state_to_move (&s), ==, chooser);
        g_assert_cmpint (s.deck_len, ==, 6);
        g_assert_cmpuint (s.board.occupied, ==, 0);
        g_assert_cmpuint (s.board.fog, ==, 0);
        g_assert_cmpint (s.hand_len[0] + s.hand_len[1], ==, 0);
        assert_standard_deck (&s);
        for (int i = 0; i < s.deck_len; i++)
          g_assert_cmpint (s.deck_seen[i], ==, 0);

        d0 = s.drawn[0];
        d1 = s.drawn[1];
        /* One action per kind drawn. */
        isle_state_legal_actions (&s, &list);
        g_assert_cmpint (list.n, ==, d0 == d1 ? 1 : 2);
        for (int i = 0; i < list.n; i++)
          {
            g_assert_cmpint (isle_action_type (list.actions[i]), ==, ISLE_ACTION_KEEP);
            g_assert_true (list.actions[i] == isle_action_keep ((IsleWeather) d0)
                           || list.actions[i] == isle_action_keep ((IsleWeather) d1));
          }
        for (int w = 0; w < ISLE_N_WEATHER; w++)
          g_assert_cmpint (isle_state_is_legal (&s, isle_action_keep ((IsleWeather) w)), ==,
                           w == d0 || w == d1);
        /* Nothing else is legal now. */
        g_assert_false (isle_test_is_legal (&s, chooser == 0 ? "pick rW" : "pick bW"));
        g_assert_false (isle_test_is_legal (&s, chooser == 0 ? "place rW c3" : "place bW c3"));
        g_assert_false (isle_test_is_legal (&s, "lift ne"));

        memcpy (deck_before, s.deck, sizeof deck_before);
        kept = seed & 1 ? d0 : d1;
        other = seed & 1 ? d1 : d0;
        keep (&s, (IsleWeather) kept);

        g_assert_cmpint (s.weather, ==, kept);
        g_assert_cmpint (s.weather_kept[0], ==, kept);
        g_assert_cmpint (s.deck_len, ==, 7);
        g_assert_cmpmem (s.deck, 6, deck_before, 6);
        g_assert_cmpint (s.deck[6], ==, other);                  /* at the bottom */
        g_assert_cmpint (s.deck_seen[6], ==, 1 << isle_seat_side (chooser));
        for (int i = 0; i < 6; i++)
          g_assert_cmpint (s.deck_seen[i], ==, 0);
        assert_standard_deck (&s);

        /* Then the opening hands, first seat first (R4.2). */
        g_assert_cmpint (s.phase, ==, ISLE_PHASE_HAND);
        g_assert_cmpint (isle_state_to_move (&s), ==, first);
        if (kept == ISLE_WEATHER_SUNNY)
          g_assert_cmpuint (s.board.fog, ==, 0);
        else
          open_quadrant (&s.board);
      }
}

/* R6.1 over whole games: the deck loses exactly one card per round, the
 * chooser is always the round's second seat. With 4 rounds (rules data) as
 * well as the standard 2. */
static void
test_r6_1_deck_loses_one_card_per_round (void)
{
  static const int rounds[] = { 2, 4 };

  for (gsize i = 0; i < G_N_ELEMENTS (rounds); i++)
    for (int first = 0; first < ISLE_N_SIDES; first++)
      {
        IsleState s;
        IsleRules rules;
        int n = 0, keeps = 0;

        isle_test_standard_rules (&rules);
        rules.rounds[ISLE_VARIANT_WEATHER] = (uint8_t) rounds[i];
        g_assert_true (isle_state_init (&s, &rules, ISLE_VARIANT_WEATHER, first, 77 + (uint64_t) first));
        while (!isle_state_is_terminal (&s))
          {
            g_assert_cmpint (n++, <, MAX_DECISIONS * 2);
            if (s.phase == ISLE_PHASE_WEATHER)
              {
                int r = s.round;

                g_assert_cmpint (r, ==, keeps + 1);
                g_assert_cmpint (s.deck_len, ==, 8 - 2 - (r - 1));
                /* R4.3 + R6.1: the second seat of this round chooses. */
                g_assert_cmpint (s.to_move, ==, 1 - s.first_seat);
                g_assert_cmpint (s.first_seat, ==, r % 2 == 1 ? first : 1 - first);
                isle_test_apply_first (&s);
                keeps++;
                g_assert_cmpint (s.deck_len, ==, 8 - r);
                g_assert_cmpint (s.weather, ==, s.weather_kept[r - 1]);
                assert_standard_deck (&s);
                continue;
              }
            isle_test_apply_first (&s);
          }
        g_assert_cmpint (keeps, ==, rounds[i]);
        g_assert_cmpint (s.round, ==, rounds[i]);
        g_assert_cmpint (s.deck_len, ==, 8 - rounds[i]);
        assert_standard_deck (&s);
      }
}

/* R6.1 over many seeds and random play: deck + drawn + kept cards are always
 * the standard deck, 3 Sunny, 3 Cloudy, 2 Foggy. */
static void
test_r6_1_deck_multiset_many_seeds (void)
{
  IsleRules rules;
  gboolean kept_seen[ISLE_N_WEATHER] = { FALSE };

  isle_test_standard_rules (&rules);
  g_assert_cmpint (rules.weather_deck_len, ==, 8);

  for (uint64_t seed = 1; seed <= 150; seed++)
    {
      IsleState s;
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      int n = 0;

      new_weather_game (&s, (int) (seed & 1), seed,
                        seed % 3 ? ISLE_FOG_LIFT_FILLER : ISLE_FOG_LIFT_NEXT,
                        seed % 4 ? ISLE_OPENING_CHOOSE : ISLE_OPENING_DEAL);
      while (!isle_state_is_terminal (&s))
        {
          IsleActionList list;

          g_assert_cmpint (n++, <, MAX_DECISIONS);
          assert_standard_deck (&s);
          if (s.phase == ISLE_PHASE_WEATHER)
            g_assert_cmpint (s.deck_len + 2 + (s.round - 1), ==, 8);
          isle_state_legal_actions (&s, &list);
          g_assert_cmpint (list.n, >, 0);
          g_assert_true (isle_state_apply (&s, list.actions[g_rand_int_range (rand, 0, list.n)]));
        }
      assert_standard_deck (&s);
      g_assert_cmpint (s.deck_len, ==, 6);
      for (int r = 0; r < s.n_rounds; r++)
        kept_seen[s.weather_kept[r]] = TRUE;
      g_rand_free (rand);
    }
  /* Every kind of weather was played at some point. */
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    g_assert_true (kept_seen[w]);
}

/* ---- R6.2 ---------------------------------------------------------------- */

/* R6.2 in a real game: Sunny opens the whole map, placements face up only. */
static void
test_r6_2_sunny_whole_map_face_up (void)
{
  IsleState s;

  start_with_weather (&s, ISLE_WEATHER_SUNNY, 1, 0, ISLE_FOG_LIFT_FILLER);
  g_assert_cmpuint (s.board.fog, ==, 0);
  pick_hands (&s);
  g_assert_cmpuint (isle_board_free_open (&s.board), ==, ISLE_ALL_CELLS);
  assert_placements (&s, FALSE);
}

/* R6.2 on a built position: 4 kinds × 36 tiles, face up; a face-down
 * placement is illegal. */
static void
test_r6_2_sunny_position (void)
{
  IsleState s;
  IsleActionList list;
  int c3 = isle_test_cell ("c3");

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_empty_board, "WWPRB", "WWPRB", 0,
                   ISLE_WEATHER_SUNNY);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 4 * 36);
  assert_placements (&s, FALSE);
  g_assert_false (isle_test_is_legal (&s, "place rW* c3"));
  g_assert_true (isle_test_is_legal (&s, "place rW c3"));
  isle_test_apply (&s, "place rW c3");
  g_assert_cmpint (s.board.cells[c3].flags, ==, 0);
  g_assert_cmpuint (s.board.face_down, ==, 0);
  g_assert_cmpint (s.to_move, ==, 1);
}

/* ---- R6.3 ---------------------------------------------------------------- */

/* R1: the quadrants' cells. */
static void
test_r6_3_quadrants_are_r1 (void)
{
  static const char *const corners[ISLE_N_QUADRANTS][2] = {
    { "a1", "c3" }, { "d1", "f3" }, { "a4", "c6" }, { "d4", "f6" },
  };
  uint64_t all = 0;

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);
      int c0 = isle_test_cell (corners[q][0]), c1 = isle_test_cell (corners[q][1]);

      g_assert_cmpint (isle_popcount (m), ==, 9);
      g_assert_cmpuint (all & m, ==, 0);
      all |= m;
      for (int c = 0; c < ISLE_N_CELLS; c++)
        {
          gboolean inside = isle_cell_column (c) >= isle_cell_column (c0)
                            && isle_cell_column (c) <= isle_cell_column (c1)
                            && isle_cell_row (c) >= isle_cell_row (c0)
                            && isle_cell_row (c) <= isle_cell_row (c1);
          g_assert_cmpint ((m & BIT (c)) != 0, ==, inside);
        }
    }
  g_assert_cmpuint (all, ==, ISLE_ALL_CELLS);
  g_assert_cmpint (isle_quadrant_from_id ("ne"), ==, 1);
  g_assert_cmpstr (isle_quadrant_id (2), ==, "sw");
}

/* R6.3: Cloudy fogs exactly three whole quadrants, at random; placements go
 * face up on the 9 open tiles only. */
static void
test_r6_3_cloudy_three_quadrants (void)
{
  gboolean open_seen[ISLE_N_QUADRANTS] = { FALSE };
  uint64_t seed = 1;

  for (int game = 0; game < 40; game++)
    {
      IsleState s;
      int open;

      seed = start_with_weather (&s, ISLE_WEATHER_CLOUDY, seed, game & 1, ISLE_FOG_LIFT_FILLER) + 1;
      open = open_quadrant (&s.board);
      open_seen[open] = TRUE;
      pick_hands (&s);
      /* Fog is set before the hands and stays. */
      g_assert_cmpint (open_quadrant (&s.board), ==, open);
      g_assert_cmpuint (isle_board_free_open (&s.board), ==, isle_quadrant_mask (open));
      assert_placements (&s, FALSE);
    }
  /* Random quadrants: every quadrant was the open one in some game. */
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    g_assert_true (open_seen[q]);
}

/* R6.3 on a built position: only nw is open. */
static void
test_r6_3_cloudy_position (void)
{
  IsleState s;
  IsleActionList list;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_open_board, "WWPRB", "WWPRB", 0,
                   ISLE_WEATHER_CLOUDY);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 4 * 9);
  assert_placements (&s, FALSE);
  g_assert_true (isle_test_is_legal (&s, "place rW c3"));
  g_assert_false (isle_test_is_legal (&s, "place rW* c3"));
  g_assert_false (isle_test_is_legal (&s, "place rW d1"));
  g_assert_false (isle_test_is_legal (&s, "place rW a4"));
  g_assert_false (isle_test_is_legal (&s, "place rW f6"));
}

/* ---- R6.4 ---------------------------------------------------------------- */

/* R6.4 in a real game: Foggy fogs three quadrants like Cloudy and every
 * basic token goes face down. */
static void
test_r6_4_foggy_face_down_only (void)
{
  uint64_t seed = 1;

  for (int game = 0; game < 10; game++)
    {
      IsleState s;

      seed = start_with_weather (&s, ISLE_WEATHER_FOGGY, seed, game & 1, ISLE_FOG_LIFT_FILLER) + 1;
      open_quadrant (&s.board);
      pick_hands (&s);
      assert_placements (&s, TRUE);
    }
}

/* R6.4 on a built position: `place rW* c3` is legal and `place rW c3` is
 * not; a face-down token keeps its true colour on the map, and counts in
 * lines (a face-down spy included). */
static void
test_r6_4_face_down_keeps_true_colour (void)
{
  IsleState s;
  int a1 = isle_test_cell ("a1"), b2 = isle_test_cell ("b2"), c3 = isle_test_cell ("c3");
  int32_t totals[ISLE_N_SIDES];
  IsleScore breakdown;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_open_board, "WWPRB", "WWPRB", 0,
                   ISLE_WEATHER_FOGGY);
  assert_placements (&s, TRUE);
  g_assert_true (isle_test_is_legal (&s, "place rW* c3"));
  g_assert_false (isle_test_is_legal (&s, "place rW c3"));
  g_assert_false (isle_test_is_legal (&s, "place rB c3"));
  g_assert_false (isle_test_is_legal (&s, "place rW* d1"));     /* fog */

  isle_test_apply (&s, "place rW* c3");
  g_assert_cmpint (s.board.cells[c3].kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (s.board.cells[c3].seat, ==, 0);
  g_assert_cmpint (s.board.cells[c3].colour, ==, ISLE_COLOUR_RED);
  g_assert_cmpint (s.board.cells[c3].flags & ISLE_CELL_FACE_DOWN, !=, 0);
  g_assert_true (s.board.face_down & BIT (c3));
  g_assert_true (s.board.colour[ISLE_COLOUR_RED] & BIT (c3));
  g_assert_false (s.board.colour[ISLE_COLOUR_WHITE] & BIT (c3));

  /* Blue's Rat goes face down and is still red (a spy). */
  g_assert_cmpint (s.to_move, ==, 1);
  g_assert_false (isle_test_is_legal (&s, "place bR b2"));
  isle_test_apply (&s, "place bR* b2");
  g_assert_cmpint (s.board.cells[b2].colour, ==, ISLE_COLOUR_RED);
  g_assert_true (s.board.colour[ISLE_COLOUR_RED] & BIT (b2));
  g_assert_true (s.board.face_down & BIT (b2));

  isle_test_apply (&s, "place rW* a1");
  isle_test_assert_board (&s.board,
                          "rW* .   .   #  #  #\n"
                          ".   bR* .   #  #  #\n"
                          ".   .   rW* #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n"
                          "#   #   #   #  #  #\n");
  g_assert_cmpint (isle_popcount (s.board.face_down), ==, 3);
  g_assert_true (s.board.face_down & BIT (a1));

  /* a1 b2 c3, all face down, make a red diagonal line of 3 (R5): 3 for Red. */
  isle_board_score (&s.board, s.rules.line_score, totals, &breakdown);
  g_assert_cmpint (totals[ISLE_SIDE_RED], ==, 3);
  g_assert_cmpint (totals[ISLE_SIDE_BLUE], ==, 0);
  g_assert_cmpint (breakdown.n_lines, ==, 1);
  g_assert_cmpint (breakdown.lines[0].dir, ==, ISLE_DIR_DIAGONAL);
  g_assert_cmpint (breakdown.lines[0].length, ==, 3);
}

/* R6.4, R7.2: a Foggy round ends with every token face down and is scored on
 * the true kinds and colours: Red 10 (face-down Pig doubles), Blue 6. */
static void
test_r6_4_face_down_round_scores (void)
{
  IsleState s;
  int d6 = isle_test_cell ("d6");

  isle_test_state (&s, ISLE_VARIANT_WEATHER, FOGGY_BEFORE_LAST, "W", "", 0,
                   ISLE_WEATHER_FOGGY);
  g_assert_false (isle_test_is_legal (&s, "place rW d6"));
  isle_test_apply (&s, "place rW* d6");
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_RED], ==, 10);
  g_assert_cmpint (s.round_score[0][ISLE_SIDE_BLUE], ==, 6);
  g_assert_cmpint (s.total[ISLE_SIDE_RED], ==, 10);
  g_assert_cmpint (s.total[ISLE_SIDE_BLUE], ==, 6);
  g_assert_cmpuint (s.scored_board.occupied, ==, ISLE_ALL_CELLS);
  g_assert_cmpint (s.scored_board.cells[d6].kind, ==, ISLE_KIND_WOLF);
  g_assert_cmpint (s.scored_board.cells[d6].colour, ==, ISLE_COLOUR_RED);
  /* Round 2 opens with the weather choice of its second seat (Red). */
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_WEATHER);
  g_assert_cmpint (s.to_move, ==, 0);
  g_assert_cmpuint (s.board.occupied, ==, 0);
  g_assert_cmpuint (s.board.face_down, ==, 0);
  isle_test_assert_conserved (&s);
}

/* ---- R6.5 ---------------------------------------------------------------- */

/* R6.5 `filler`: the seat whose placement fills the last free open tile
 * lifts one fog board (any of the fogged quadrants), then the other seat
 * places. For either seat as the filler. */
static void
test_r6_5_filler_lifts (void)
{
  for (int seat = 0; seat < ISLE_N_SIDES; seat++)
    {
      IsleState s;
      IsleActionList list;
      char text[32];
      int pile_len;

      isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_one_free_board, "WWPRB", "WWPRB",
                       seat, ISLE_WEATHER_CLOUDY);
      g_assert_cmpint (s.rules.fog_lift, ==, ISLE_FOG_LIFT_FILLER);
      g_assert_cmpint (isle_popcount (isle_board_free_open (&s.board)), ==, 1);
      pile_len = s.pile_len[seat];
      g_snprintf (text, sizeof text, "place %cW c3", SIDE_LETTER[seat]);
      isle_test_apply (&s, text);

      /* The filler drew first (R4.4d), then must lift. */
      g_assert_cmpint (s.hand_len[seat], ==, 5);
      g_assert_cmpint (s.pile_len[seat], ==, pile_len - 1);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_FOG_LIFT);
      g_assert_cmpint (isle_state_to_move (&s), ==, seat);
      g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 3);
      for (int i = 0; i < list.n; i++)
        g_assert_cmpint (isle_action_type (list.actions[i]), ==, ISLE_ACTION_LIFT);
      g_assert_true (isle_test_is_legal (&s, "lift ne"));
      g_assert_true (isle_test_is_legal (&s, "lift sw"));
      g_assert_true (isle_test_is_legal (&s, "lift se"));
      g_assert_false (isle_test_is_legal (&s, "lift nw"));          /* not fogged */
      g_snprintf (text, sizeof text, "place %cW d1", SIDE_LETTER[seat]);
      g_assert_false (isle_test_is_legal (&s, text));
      g_assert_cmpint (s.round, ==, 1);

      isle_test_apply (&s, "lift ne");
      g_assert_cmpuint (s.board.fog, ==, isle_quadrant_mask (2) | isle_quadrant_mask (3));
      g_assert_cmpuint (isle_board_free_open (&s.board), ==, isle_quadrant_mask (1));
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpint (isle_state_to_move (&s), ==, 1 - seat);
      assert_placements (&s, FALSE);
      g_snprintf (text, sizeof text, "place %cW d1", SIDE_LETTER[1 - seat]);
      isle_test_apply (&s, text);
      g_assert_cmpint (isle_state_to_move (&s), ==, seat);
      isle_test_assert_conserved (&s);
    }
}

/* R6.5 `next`: the next seat lifts, then places itself. */
static void
test_r6_5_next_lifts (void)
{
  for (int seat = 0; seat < ISLE_N_SIDES; seat++)
    {
      IsleState s;
      IsleActionList list;
      char text[32];

      isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_one_free_board, "WWPRB", "WWPRB",
                       seat, ISLE_WEATHER_CLOUDY);
      s.rules.fog_lift = ISLE_FOG_LIFT_NEXT;
      g_snprintf (text, sizeof text, "place %cW c3", SIDE_LETTER[seat]);
      isle_test_apply (&s, text);

      g_assert_cmpint (s.phase, ==, ISLE_PHASE_FOG_LIFT);
      g_assert_cmpint (isle_state_to_move (&s), ==, 1 - seat);
      g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 3);
      g_assert_false (isle_test_is_legal (&s, "lift nw"));

      isle_test_apply (&s, "lift sw");
      g_assert_cmpuint (s.board.fog, ==, isle_quadrant_mask (1) | isle_quadrant_mask (3));
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpint (isle_state_to_move (&s), ==, 1 - seat);
      assert_placements (&s, FALSE);
      g_assert_cmpuint (isle_board_free_open (&s.board), ==, isle_quadrant_mask (2));
      g_snprintf (text, sizeof text, "place %cW a4", SIDE_LETTER[1 - seat]);
      isle_test_apply (&s, text);
      g_assert_cmpint (isle_state_to_move (&s), ==, seat);
    }
}

/* ---- R6.6 ---------------------------------------------------------------- */

/* R6.5, R6.6 over whole seeded rounds under fog: a fogged tile is never a
 * legal placement; fog is lifted only when the open tiles are full, by the
 * filler or the next seat as the option says; the round ends only when all
 * three fog boards are lifted and all 36 tiles are full. Plays the first
 * round of the game start_with_weather() starts from FROM on; returns its
 * seed. */
static uint64_t
play_fog_round (IsleWeather weather, IsleFogLift fog_lift, uint64_t from, int first)
{
  IsleState s;
  uint64_t seed = start_with_weather (&s, weather, from, first, fog_lift);
  GRand *rand = g_rand_new_with_seed ((guint32) (seed * 13 + (uint64_t) weather));
  int placements = 0, lifts = 0, n = 0;
  int last_placer = -1;
  gboolean after_lift = FALSE;

  open_quadrant (&s.board);
  while (s.round == 1)
    {
      IsleActionList list;
      IsleAction a;

      g_assert_cmpint (n++, <, MAX_DECISIONS);
      isle_test_assert_conserved (&s);
      /* Fog only ever covers whole quadrants. */
      for (int q = 0; q < ISLE_N_QUADRANTS; q++)
        {
          uint64_t m = isle_quadrant_mask (q);
          g_assert_true ((s.board.fog & m) == 0 || (s.board.fog & m) == m);
        }
      g_assert_cmpuint (s.board.fog & s.board.occupied, ==, 0);
      isle_state_legal_actions (&s, &list);
      g_assert_cmpint (list.n, >, 0);
      switch (s.phase)
        {
        case ISLE_PHASE_HAND:
          break;
        case ISLE_PHASE_PLACE:
          assert_placements (&s, weather == ISLE_WEATHER_FOGGY);
          if (after_lift)
            g_assert_cmpint (s.to_move, ==, 1 - last_placer);
          after_lift = FALSE;
          break;
        case ISLE_PHASE_FOG_LIFT:
          g_assert_cmpuint (isle_board_free_open (&s.board), ==, 0);
          g_assert_cmpuint (s.board.fog, !=, 0);
          g_assert_cmpint (list.n, ==, isle_popcount (s.board.fog) / 9);
          for (int i = 0; i < list.n; i++)
            {
              uint64_t m = isle_quadrant_mask (isle_action_arg (list.actions[i]));
              g_assert_cmpint (isle_action_type (list.actions[i]), ==, ISLE_ACTION_LIFT);
              g_assert_cmpuint (s.board.fog & m, ==, m);
            }
          g_assert_cmpint (s.to_move, ==,
                           fog_lift == ISLE_FOG_LIFT_FILLER ? last_placer : 1 - last_placer);
          break;
        default:
          g_assert_not_reached ();
        }
      a = list.actions[g_rand_int_range (rand, 0, list.n)];
      if (isle_action_type (a) == ISLE_ACTION_PLACE)
        {
          last_placer = s.to_move;
          placements++;
        }
      if (isle_action_type (a) == ISLE_ACTION_LIFT)
        {
          lifts++;
          after_lift = TRUE;
        }
      g_assert_true (isle_state_apply (&s, a));
    }
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (placements, ==, ISLE_N_CELLS);
  g_assert_cmpint (lifts, ==, ISLE_N_FOG_BOARDS);
  g_assert_cmpuint (s.scored_board.fog, ==, 0);
  g_assert_cmpuint (s.scored_board.occupied, ==, ISLE_ALL_CELLS);
  /* Scored on the true kinds and colours (R6.4, R7), face down or not. */
  {
    int32_t totals[ISLE_N_SIDES];

    isle_board_score (&s.scored_board, s.rules.line_score, totals, NULL);
    g_assert_cmpint (s.round_score[0][0], ==, totals[0]);
    g_assert_cmpint (s.round_score[0][1], ==, totals[1]);
  }
  g_rand_free (rand);
  return seed;
}

static void
test_r6_6_fog_is_never_placed_on (void)
{
  static const IsleWeather weathers[] = { ISLE_WEATHER_CLOUDY, ISLE_WEATHER_FOGGY };
  static const IsleFogLift lifts[] = { ISLE_FOG_LIFT_FILLER, ISLE_FOG_LIFT_NEXT };

  for (gsize w = 0; w < G_N_ELEMENTS (weathers); w++)
    for (gsize l = 0; l < G_N_ELEMENTS (lifts); l++)
      {
        uint64_t seed = 1;

        for (int game = 0; game < 8; game++)
          {
            seed = play_fog_round (weathers[w], lifts[l], seed, game & 1) + 1;
          }
      }
}

/* R6.6 on a built position: one fog board (se) is left and one open tile
 * (c6): filling c6 does not end the round but asks for the lift; the round
 * ends only once se is lifted and its 9 tiles are full. Red then has fewer
 * tokens than Blue, so Blue also places while Red is skipped (R4.5). */
static void
test_r6_6_round_ends_only_without_fog (void)
{
  IsleState s;
  IsleActionList list;
  int placements = 0, n = 0;

  isle_test_state (&s, ISLE_VARIANT_WEATHER,
                   "rW bW bR rW rR bW\n"
                   "rW rB rP bW bR rR\n"
                   "bW bP bB rW rB bP\n"
                   "rR bB bW #  #  #\n"
                   "rW bR rR #  #  #\n"
                   "rW rP .  #  #  #\n",
                   "WWWB", "WWWWR", 0, ISLE_WEATHER_CLOUDY);
  g_assert_cmpint (s.pile_len[0], ==, 0);
  g_assert_cmpint (s.pile_len[1], ==, 1);
  isle_test_apply (&s, "place rW c6");
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpuint (s.scored_board.occupied, ==, 0);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_FOG_LIFT);
  g_assert_cmpint (s.to_move, ==, 0);
  g_assert_cmpint (isle_state_legal_actions (&s, &list), ==, 1);
  g_assert_cmpuint (list.actions[0], ==, isle_action_lift (3));
  isle_test_apply (&s, "lift se");
  g_assert_cmpuint (s.board.fog, ==, 0);
  g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (s.to_move, ==, 1);

  while (s.round == 1)
    {
      g_assert_cmpint (n++, <, 20);
      g_assert_cmpint (s.phase, ==, ISLE_PHASE_PLACE);
      g_assert_cmpuint (s.board.fog, ==, 0);
      /* Once Red's hand is empty, only Blue moves. */
      if (s.hand_len[0] == 0)
        g_assert_cmpint (s.to_move, ==, 1);
      isle_test_apply_first (&s);
      placements++;
    }
  g_assert_cmpint (placements, ==, 9);
  g_assert_cmpuint (s.scored_board.occupied, ==, ISLE_ALL_CELLS);
  g_assert_cmpuint (s.scored_board.fog, ==, 0);
  isle_test_assert_conserved (&s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/weather/r6_1_second_seat_keeps_one_card", test_r6_1_second_seat_keeps_one_card);
  g_test_add_func ("/weather/r6_1_deck_loses_one_card_per_round",
                   test_r6_1_deck_loses_one_card_per_round);
  g_test_add_func ("/weather/r6_1_deck_multiset_many_seeds", test_r6_1_deck_multiset_many_seeds);
  g_test_add_func ("/weather/r6_2_sunny_whole_map_face_up", test_r6_2_sunny_whole_map_face_up);
  g_test_add_func ("/weather/r6_2_sunny_position", test_r6_2_sunny_position);
  g_test_add_func ("/weather/r6_3_quadrants_are_r1", test_r6_3_quadrants_are_r1);
  g_test_add_func ("/weather/r6_3_cloudy_three_quadrants", test_r6_3_cloudy_three_quadrants);
  g_test_add_func ("/weather/r6_3_cloudy_position", test_r6_3_cloudy_position);
  g_test_add_func ("/weather/r6_4_foggy_face_down_only", test_r6_4_foggy_face_down_only);
  g_test_add_func ("/weather/r6_4_face_down_keeps_true_colour", test_r6_4_face_down_keeps_true_colour);
  g_test_add_func ("/weather/r6_4_face_down_round_scores", test_r6_4_face_down_round_scores);
  g_test_add_func ("/weather/r6_5_filler_lifts", test_r6_5_filler_lifts);
  g_test_add_func ("/weather/r6_5_next_lifts", test_r6_5_next_lifts);
  g_test_add_func ("/weather/r6_6_fog_is_never_placed_on", test_r6_6_fog_is_never_placed_on);
  g_test_add_func ("/weather/r6_6_round_ends_only_without_fog", test_r6_6_round_ends_only_without_fog);
  return g_test_run ();
}
