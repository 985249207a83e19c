/* test-properties.c — properties over thousands of seeded random games of
 * every variant: Basic (R4), Weather (R6), Mercenary (R9), Quick (R10) and
 * Team (R11), with both values of every option. This is the one place for
 * the seeded random-game runs; the other test files pin single rules on
 * built positions. */
#include <string.h>

#include "isle-test-util.h"

#define N_GAMES 4800
/* A game under the standard rules, of at most 4 + 3 rounds, each with at
 * most 1 weather decision, 4 × 13 hiring decisions, 20 picks, 36 placements
 * plus a few more (replacements put tokens back in hand, a Hippo frees a
 * tile), abilities, hops, settles and fog lifts, stays well below this. */
#define MAX_DECISIONS 1500

/* The invariants of every step of every variant. */
static void
check_step (const IsleState *s, IsleTestCoins *coins)
{
  IsleVariant v = (IsleVariant) s->variant;

  /* R1: 18 tokens a side; R4.4: hands of at most 5; R11: 9 per player. */
  isle_test_assert_conserved (s);
  if (v == ISLE_VARIANT_TEAM)
    isle_test_assert_nine_per_seat (s);
  /* R6.1 only where weather cards are used; R9.3 only in mercenary games. */
  if (v != ISLE_VARIANT_WEATHER && v != ISLE_VARIANT_MERCENARY)
    g_assert_cmpint (s->phase, !=, ISLE_PHASE_WEATHER);
  if (!isle_test_has_mercenaries (v))
    g_assert_cmpint (s->phase, !=, ISLE_PHASE_HIRE);
  /* R4, R11: Sunny only. */
  if (v == ISLE_VARIANT_BASIC || v == ISLE_VARIANT_TEAM)
    {
      g_assert_cmpuint (s->board.fog, ==, 0);
      g_assert_cmpint (s->weather, ==, ISLE_WEATHER_SUNNY);
    }
  /* R9.2, R9.3, R10: coins. */
  isle_test_assert_coins (s, coins);
}

/* R4.7, R9.4: how a finished game ended, and its winner. */
static void
check_end (const IsleState *s)
{
  int expected;

  g_assert_true (isle_state_is_terminal (s));
  g_assert_cmpint (isle_state_to_move (s), ==, -1);
  g_assert_cmpint (s->round, ==, s->n_rounds);
  g_assert_cmpint (s->n_rounds, ==, s->rules.rounds[s->variant] + s->extra_rounds);
  g_assert_cmpint (s->extra_rounds, <=, s->rules.max_extra_rounds);
  isle_test_assert_conserved (s);
  if (!isle_test_has_mercenaries ((IsleVariant) s->variant))
    {
      g_assert_cmpint (s->extra_rounds, ==, 0);
      expected = s->total[0] > s->total[1] ? ISLE_SIDE_RED
                 : s->total[1] > s->total[0] ? ISLE_SIDE_BLUE : ISLE_N_SIDES;
      g_assert_cmpint (s->winner, ==, expected);
      return;
    }
  if (s->coins[0] != s->coins[1])
    expected = s->coins[0] > s->coins[1] ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
  else if (isle_state_hired_cost (s, ISLE_SIDE_RED) != isle_state_hired_cost (s, ISLE_SIDE_BLUE))
    expected = isle_state_hired_cost (s, ISLE_SIDE_RED) > isle_state_hired_cost (s, ISLE_SIDE_BLUE)
               ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
  else
    {
      expected = ISLE_N_SIDES;
      g_assert_cmpint (s->extra_rounds, ==, s->rules.max_extra_rounds);
    }
  g_assert_cmpint (s->winner, ==, expected);
}

/* Plays a game with a seeded random player, checking every step; returns
 * the final state and the actions taken. SEEN_PHASE, if not NULL, marks
 * every decision point reached. */
static int
play (const IsleTestConfig *c, uint64_t seed, IsleState *final, IsleAction *actions,
      gboolean seen_phase[ISLE_N_PHASES])
{
  IsleState s;
  IsleRng rng;
  IsleActionList list;
  IsleTestCoins coins = { 0 };
  int n = 0;

  isle_test_start_config (&s, c, seed);
  isle_rng_seed (&rng, seed * 7919 + 1);
  while (!isle_state_is_terminal (&s))
    {
      int seat = isle_state_to_move (&s);
      IsleAction a;
      char text[32];
      IsleAction parsed;

      g_assert_cmpint (seat, >=, 0);
      g_assert_cmpint (n, <, MAX_DECISIONS);                 /* every game ends */
      check_step (&s, &coins);
      if (seen_phase != NULL)
        seen_phase[s.phase] = TRUE;
      g_assert_cmpint (isle_state_legal_actions (&s, &list), >, 0);
      a = list.actions[isle_rng_below (&rng, (uint32_t) list.n)];
      /* Every legal action is legal by itself and has a text form that
       * parses back to it. */
      g_assert_true (isle_state_is_legal (&s, a));
      isle_action_format (&s, a, text);
      g_assert_true (isle_action_parse (&s, text, &parsed));
      g_assert_cmpuint (parsed, ==, a);
      /* R6.6: nothing is placed on fog. */
      if (isle_action_type (a) == ISLE_ACTION_PLACE)
        g_assert_false (s.board.fog & (UINT64_C (1) << isle_action_cell (a)));
      actions[n++] = a;
      g_assert_true (isle_state_apply (&s, a));
    }
  check_step (&s, &coins);
  check_end (&s);
  g_assert_cmpint (s.n_rounds, <=, s.rules.rounds[c->variant] + s.rules.max_extra_rounds);
  *final = s;
  return n;
}

/* Every game ends; tokens are conserved; hands never exceed 5; coins add
 * up; the winner has the higher total (R4.7) or, in the mercenary games, the
 * more coins, then the dearer mercenaries (R9.4); a round's score is its
 * scored map's score. Between them the games reach every decision point. */
static void
test_properties_random_games (void)
{
  static IsleAction actions[MAX_DECISIONS];
  gboolean seen_phase[ISLE_N_PHASES] = { FALSE };

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < N_GAMES / ISLE_TEST_N_CONFIGS + 1; seed++)
      {
        IsleState final;
        int32_t totals[ISLE_N_SIDES];
        double returns[ISLE_MAX_SEATS];

        int32_t sum[ISLE_N_SIDES] = { 0, 0 }, spent[ISLE_N_SIDES] = { 0, 0 };
        int32_t deciding[ISLE_N_SIDES];

        play (&isle_test_configs[c], seed, &final, actions, seen_phase);
        isle_board_score (&final.scored_board, final.rules.line_score, totals, NULL);
        g_assert_cmpint (totals[0], ==, final.round_score[final.round - 1][0]);
        g_assert_cmpint (totals[1], ==, final.round_score[final.round - 1][1]);
        for (int r = 0; r < final.round; r++)
          for (int side = 0; side < ISLE_N_SIDES; side++)
            sum[side] += final.round_score[r][side];
        g_assert_cmpint (final.total[0], ==, sum[0]);
        g_assert_cmpint (final.total[1], ==, sum[1]);
        /* R4.6: the scored map is full and fog-free, but for at most a tile
         * per Hippo: the one a settled Hippo left, or the two tiles a Hippo
         * still in hand needed next to each other (R8.9). */
        g_assert_cmpint (ISLE_N_CELLS - isle_popcount (final.scored_board.occupied), <=,
                         final.hired[0][ISLE_KIND_HIPPO] + final.hired[1][ISLE_KIND_HIPPO]);
        g_assert_cmpuint (final.scored_board.fog, ==, 0);
        /* R9.2, R9.3: coins are the round scores less what hiring cost
         * (R10: less the unspent starting coins too). */
        for (int side = 0; side < ISLE_N_SIDES; side++)
          {
            for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
              spent[side] += final.hired[side][k] * final.rules.hire_cost[k];
            g_assert_cmpint (isle_state_hired_cost (&final, (IsleSide) side), ==, spent[side]);
          }
        if (final.variant >= ISLE_VARIANT_MERCENARY && final.variant != ISLE_VARIANT_QUICK)
          for (int side = 0; side < ISLE_N_SIDES; side++)
            g_assert_cmpint (final.coins[side], ==, sum[side] - spent[side]);
        for (int side = 0; side < ISLE_N_SIDES; side++)
          deciding[side] = final.variant >= ISLE_VARIANT_MERCENARY ? final.coins[side] : final.total[side];
        isle_state_returns (&final, returns);
        if (deciding[0] > deciding[1])
          g_assert_cmpfloat (returns[0], ==, 1.0);
        else if (deciding[0] < deciding[1])
          g_assert_cmpfloat (returns[1], ==, 1.0);
        else if (final.variant < ISLE_VARIANT_MERCENARY || spent[0] == spent[1])
          g_assert_cmpfloat (returns[0], ==, 0.0);                 /* R9.4 */
        else
          g_assert_cmpfloat (returns[spent[0] > spent[1] ? 0 : 1], ==, 1.0);
        g_assert_cmpfloat (returns[0], ==, -returns[1]);
      }
  /* Every decision point is reached in some game. */
  for (int phase = 0; phase < ISLE_PHASE_OVER; phase++)
    g_assert_true (seen_phase[phase]);
}

/* The same seed and actions give the same game, byte for byte. */
static void
test_properties_replay_reproduces (void)
{
  static IsleAction actions[MAX_DECISIONS];

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 1000; seed < 1170; seed++)
      {
        IsleState final, again;
        int n = play (&isle_test_configs[c], seed, &final, actions, NULL);

        isle_test_start_config (&again, &isle_test_configs[c], seed);
        for (int i = 0; i < n; i++)
          g_assert_true (isle_state_apply (&again, actions[i]));
        g_assert_cmpmem (&final, sizeof final, &again, sizeof again);
      }
}

/* R12 at every step of random games: an observation leaks nothing (a state
 * with the other seats' hidden tokens redistributed looks the same), and
 * every determinization agrees with the observation and conserves tokens;
 * in it the seat's own hand and, for the seat to move, its legal actions
 * are those of the true state. */
static void
test_properties_observations (void)
{
  IsleRng rng;

  isle_rng_seed (&rng, 4242);
  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < 75; seed++)
      {
        IsleState s;

        isle_test_start_config (&s, &isle_test_configs[c], seed);
        while (!isle_state_is_terminal (&s))
          {
            for (int seat = 0; seat < s.n_seats; seat++)
              {
                IsleObservation obs, again;

                isle_state_observe (&s, seat, &obs);
                /* A second sample, seen from the seat, is a state whose
                 * hidden facts differ from the true ones and from the
                 * first's: the observation must still be the same. */
                for (int sample = 0; sample < 2; sample++)
                  {
                    IsleState d;

                    isle_obs_determinize (&obs, &rng, &d);
                    isle_test_assert_conserved (&d);
                    isle_state_observe (&d, seat, &again);
                    g_assert_cmpmem (&obs, sizeof obs, &again, sizeof again);
                    /* Its own hand never changes in a determinization. */
                    g_assert_cmpmem (d.hand[seat], sizeof d.hand[seat],
                                     s.hand[seat], sizeof s.hand[seat]);
                    /* The legal actions of the seat to move are the same. */
                    if (seat == s.to_move)
                      {
                        IsleActionList list, mine;

                        isle_state_legal_actions (&s, &list);
                        isle_state_legal_actions (&d, &mine);
                        g_assert_cmpint (list.n, ==, mine.n);
                        g_assert_cmpmem (list.actions, sizeof (IsleAction) * (gsize) list.n,
                                         mine.actions, sizeof (IsleAction) * (gsize) mine.n);
                      }
                  }
              }
            isle_test_apply_random (&s, &rng);
          }
      }
}

/* isle_state_key(): what decides the game's future. A state's key ignores
 * how many actions led to it, the notes for the log and the board last
 * scored; any action changes it; a copy has the same key. */
static void
test_properties_key_follows_the_future (void)
{
  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    {
      IsleState s;
      IsleRng rng;
      GHashTable *seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

      isle_test_start_config (&s, &isle_test_configs[c], 31 + c);
      isle_rng_seed (&rng, 17 + c);
      while (!isle_state_is_terminal (&s))
        {
          IsleState same = s;
          uint64_t key[2], again[2], *first = g_new (uint64_t, 1);

          isle_state_key (&s, key);
          same.n_actions += 7;
          same.note_no_target ^= 1;
          same.note_skipped ^= 1;
          memset (&same.scored_board, 0xff, sizeof same.scored_board);
          isle_state_key (&same, again);
          g_assert_cmpmem (key, sizeof key, again, sizeof again);
          /* Every state of one game differs from the others (the piles and
           * the board only fill up), so no first half repeats. */
          *first = key[0];
          g_assert_false (g_hash_table_contains (seen, first));
          g_hash_table_add (seen, first);
          isle_test_apply_random (&s, &rng);
        }
      g_hash_table_unref (seen);
    }
}

/* ---- random playouts ----------------------------------------------------- */

/* A fast playout is a game: every action it takes is legal where it takes
 * it, and replaying its actions through isle_state_apply() from the same
 * start gives the same final state, byte for byte, so the fast paths make
 * exactly the transitions of the general ones. The game ends with every
 * invariant of a finished game. ISLE_PLAYOUT_NO_HIRING hires nobody. */
static void
test_properties_playouts_are_games (void)
{
  static IsleAction actions[MAX_DECISIONS];

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < 120; seed++)
      for (unsigned flags = 0; flags <= ISLE_PLAYOUT_NO_HIRING; flags += ISLE_PLAYOUT_NO_HIRING)
        {
          IsleState s0, s, replay;
          IsleRng rng;
          int n;

          isle_test_start_somewhere (&s0, &isle_test_configs[c], seed);
          s = s0;
          isle_rng_seed (&rng, seed * 31 + flags);
          n = isle_state_playout_log (&s, &rng, flags, actions, MAX_DECISIONS);
          g_assert_cmpint (n, <, MAX_DECISIONS);
          check_end (&s);

          replay = s0;
          for (int i = 0; i < n; i++)
            {
              isle_test_assert_conserved (&replay);
              g_assert_false (isle_state_is_terminal (&replay));
              if ((flags & ISLE_PLAYOUT_NO_HIRING) && replay.phase == ISLE_PHASE_HIRE)
                g_assert_cmpint (isle_action_type (actions[i]), ==, ISLE_ACTION_DONE);
              g_assert_true (isle_state_is_legal (&replay, actions[i]));
              g_assert_true (isle_state_apply (&replay, actions[i]));
            }
          g_assert_cmpmem (&replay, sizeof replay, &s, sizeof s);
        }
}

/* A guided playout (isle-playout-guided.c) is a game too: each of its
 * placements, taken one by one with isle_state_guided_action(), is legal
 * (R4.4, R6.4, R6.6), and a whole guided playout, which keeps what the
 * rules of thumb count between placements, plays the same game as the one
 * taken step by step, which counts everything afresh each time (games
 * without hiring, where the two draw alike). ISLE_PLAYOUT_ROUND ends the
 * playout when the round in progress is scored (R4.6). */
static void
test_properties_guided_playouts_are_games (void)
{
  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < 60; seed++)
      {
        IsleState s0, s, whole, cut;
        IsleRng rng, rng_whole;
        int decisions = 0;

        isle_test_start_somewhere (&s0, &isle_test_configs[c], seed);
        s = s0;
        isle_rng_seed (&rng, seed * 17 + 1);
        rng_whole = rng;
        while (!isle_state_is_terminal (&s))
          {
            IsleAction a = isle_state_guided_action (&s, &rng, 0.5, 1.0, 0.1);

            g_assert_true (isle_state_is_legal (&s, a));
            g_assert_true (isle_state_apply (&s, a));
            isle_test_assert_conserved (&s);
            g_assert_cmpint (++decisions, <, MAX_DECISIONS);
          }
        check_end (&s);

        whole = s0;
        isle_state_playout_guided (&whole, &rng_whole, 0);
        check_end (&whole);
        if (isle_test_configs[c].variant == ISLE_VARIANT_BASIC || isle_test_configs[c].variant == ISLE_VARIANT_WEATHER)
          {
            g_assert_cmpint (whole.total[0], ==, s.total[0]);
            g_assert_cmpint (whole.total[1], ==, s.total[1]);
            g_assert_cmpmem (&whole.scored_board, sizeof whole.scored_board,
                             &s.scored_board, sizeof s.scored_board);
          }

        cut = s0;
        isle_rng_seed (&rng, seed);
        isle_state_playout_guided (&cut, &rng, ISLE_PLAYOUT_ROUND | ISLE_PLAYOUT_NO_HIRING);
        isle_test_assert_conserved (&cut);
        g_assert_true (isle_state_is_terminal (&cut) || cut.round == s0.round + 1);
      }
}

/* A playout stopped after any number of actions leaves the state that its
 * actions lead to, so it can go on from there: a playout taken in pieces of
 * one to a few actions is the same game as the same playout taken at once. */
static void
test_properties_playouts_stop_anywhere (void)
{
  static IsleAction whole[MAX_DECISIONS], piece[MAX_DECISIONS];

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    for (uint64_t seed = 0; seed < 20; seed++)
      {
        IsleState s0, s, replay;
        IsleRng rng, pieces_rng;
        int n, done = 0;

        isle_test_start_somewhere (&s0, &isle_test_configs[c], seed);
        s = s0;
        isle_rng_seed (&rng, seed);
        n = isle_state_playout_log (&s, &rng, 0, whole, MAX_DECISIONS);

        replay = s0;
        isle_rng_seed (&pieces_rng, seed + 1);
        while (!isle_state_is_terminal (&replay))
          {
            int max = 1 + (int) isle_rng_below (&pieces_rng, 4);
            IsleState before = replay;
            int got = isle_state_playout_log (&replay, &pieces_rng, 0, piece, max);

            g_assert_cmpint (got, >, 0);
            g_assert_cmpint (got, <=, max);
            if (got < max)
              g_assert_true (isle_state_is_terminal (&replay));
            /* The piece's actions lead from BEFORE to where it stopped. */
            for (int i = 0; i < got; i++)
              g_assert_true (isle_state_apply (&before, piece[i]));
            g_assert_cmpmem (&before, sizeof before, &replay, sizeof replay);
            done += got;
          }
        g_assert_cmpint (done, >, 0);
        g_assert_cmpint (n, >, 0);
        check_end (&replay);
        /* Nothing is left to play. */
        g_assert_cmpint (isle_state_playout_log (&replay, &rng, 0, piece, 1), ==, 0);
      }
}

static int
find_action (const IsleActionList *list, IsleAction a)
{
  for (int k = 0; k < list->n; k++)
    if (list->actions[k] == a)
      return k;
  return -1;
}

/* chi2 < df + 10 + 6 sqrt (2 df), without libm: far out in the tail for an
 * even draw, the seeds being fixed so that this never flickers. */
static gboolean
chi2_fits (double chi2, double df)
{
  return chi2 < df + 10 || (chi2 - df - 10) * (chi2 - df - 10) < 36 * 2 * df;
}

/* At every decision point a playout's action is drawn uniformly from the
 * legal actions, as isle_state_sample_action() draws it: from positions of
 * random games, thousands of one-action playouts draw every legal action
 * and nothing else, with counts a chi-squared test finds even. */
static void
test_properties_playout_actions_uniform (void)
{
  int positions = 0;

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    {
      IsleState s;
      IsleRng game_rng, rng;
      int step = 0;

      isle_test_start_config (&s, &isle_test_configs[c], 77 + c);
      isle_rng_seed (&game_rng, 99 + c);
      isle_rng_seed (&rng, 5 + c);
      while (!isle_state_is_terminal (&s))
        {
          IsleActionList list;

          if (step++ % 9 == 0 && isle_state_legal_actions (&s, &list) >= 2)
            for (unsigned flags = 0; flags <= ISLE_PLAYOUT_NO_HIRING; flags += ISLE_PLAYOUT_NO_HIRING)
              {
                static int counts[ISLE_MAX_ACTIONS];
                int per = 40, samples = per * list.n;
                double chi2 = 0, df = list.n - 1;

                if ((flags & ISLE_PLAYOUT_NO_HIRING) && s.phase == ISLE_PHASE_HIRE)
                  continue;
                memset (counts, 0, sizeof counts);
                for (int i = 0; i < samples; i++)
                  {
                    IsleState copy = s;
                    IsleAction a;
                    int k;

                    g_assert_cmpint (isle_state_playout_log (&copy, &rng, flags, &a, 1), ==, 1);
                    for (k = 0; k < list.n && list.actions[k] != a; k++)
                      ;
                    g_assert_cmpint (k, <, list.n);               /* legal */
                    counts[k]++;
                  }
                for (int k = 0; k < list.n; k++)
                  {
                    g_assert_cmpint (counts[k], >, 0);              /* every one */
                    chi2 += (counts[k] - per) * (double) (counts[k] - per) / per;
                  }
                /* A kind or a tile drawn even 1.5 times too often on a
                 * list of any length fails this. */
                g_assert_true (chi2_fits (chi2, df));
                positions++;
              }
          isle_test_apply_random (&s, &game_rng);
        }
    }
  g_assert_cmpint (positions, >, 100);
}

/* Counts the legal pairs of actions from S: FIRST's actions, each with
 * the follow-ups in SECOND[i], whose pairs start at BASE[i]. Stops
 * counting a little past LIMIT. */
static int
legal_pairs (const IsleState *s, const IsleActionList *first, IsleActionList *second,
             int *base, int limit)
{
  int pairs = 0;

  base[0] = 0;
  for (int i = 0; i < first->n && pairs <= limit; i++)
    {
      IsleState after = *s;

      g_assert_true (isle_state_apply (&after, first->actions[i]));
      second[i].n = 0;
      if (!isle_state_is_terminal (&after))
        isle_state_legal_actions (&after, &second[i]);
      pairs += second[i].n;
      base[i + 1] = pairs;
    }
  return pairs;
}

/* Two-action playouts from S draw each of the PAIRS legal pairs
 * (legal_pairs()) with its exact probability: 1/|first| × 1/|second[i]|. */
static void
assert_pairs_uniform (const IsleState *s, IsleRng *rng, const IsleActionList *first,
                      const IsleActionList *second, const int *base, int pairs)
{
  static int counts[4096];
  int samples = 30 * pairs;
  double chi2 = 0;

  g_assert_cmpint (pairs, <=, (int) G_N_ELEMENTS (counts));
  memset (counts, 0, sizeof counts);
  for (int k = 0; k < samples; k++)
    {
      IsleState copy = *s;
      IsleAction a[2];
      int i, j;

      g_assert_cmpint (isle_state_playout_log (&copy, rng, 0, a, 2), ==, 2);
      i = find_action (first, a[0]);
      g_assert_cmpint (i, >=, 0);
      j = find_action (&second[i], a[1]);
      g_assert_cmpint (j, >=, 0);
      counts[base[i] + j]++;
    }
  for (int i = 0; i < first->n; i++)
    for (int j = 0; j < second[i].n; j++)
      {
        double want = (double) samples / first->n / second[i].n;
        double d = counts[base[i] + j] - want;

        chi2 += d * d / want;
      }
  g_assert_true (chi2_fits (chi2, pairs - 1));
}

/* Two actions in a row are drawn jointly as two draws of
 * isle_state_sample_action() would draw them: uniformly among the legal
 * actions, the second uniformly among those legal after the first, and
 * each independent of the other (a fast path that draws several from one
 * random word must not tie them). From late positions of random games,
 * where few pairs are legal, two-action playouts are counted against the
 * exact probability of each pair. */
static void
test_properties_playout_pairs_uniform (void)
{
  static IsleActionList second[ISLE_MAX_ACTIONS];
  static int base[ISLE_MAX_ACTIONS + 1];
  int positions = 0;

  for (gsize c = 0; c < ISLE_TEST_N_CONFIGS; c++)
    {
      IsleState s;
      IsleRng game_rng, rng;
      int step = 0;

      isle_test_start_config (&s, &isle_test_configs[c], 300 + c);
      isle_rng_seed (&game_rng, 400 + c);
      isle_rng_seed (&rng, 500 + c);
      while (!isle_state_is_terminal (&s))
        {
          IsleActionList first;
          int pairs;

          isle_state_legal_actions (&s, &first);
          pairs = legal_pairs (&s, &first, second, base, 400);
          if (step++ % 5 == 0 && pairs >= 2 && pairs <= 400 && first.n >= 1)
            {
              assert_pairs_uniform (&s, &rng, &first, second, base, pairs);
              positions++;
            }
          isle_test_apply_random (&s, &game_rng);
        }
    }
  g_assert_cmpint (positions, >, 20);
}

/* The decision points of a round with mercenaries in play that a playout
 * resolves in its round loop without the general sampler: each ability
 * (R8), a replacement, a Hippo settling, a Frog that may hop, a fog lift,
 * a Turtle's extra placement, a hand holding a Hippo, a Foggy hand with a
 * mercenary; -1 for others. */
enum
{
  SPOT_FOX_SNAKE, SPOT_MOUSES_MOLE, SPOT_PRAIRIE_DOG, SPOT_REPLACE, SPOT_SETTLE, SPOT_HOP,
  SPOT_FOG_LIFT, SPOT_TURTLE, SPOT_HIPPO_HAND, SPOT_FOGGY_MERCENARY, N_SPOTS
};

static int
in_round_spot (const IsleState *s)
{
  int seat = s->to_move;
  bool hippo = false, mercenary = false;

  switch (s->phase)
    {
    case ISLE_PHASE_ABILITY:
      switch (s->board.cells[s->ability_cell].kind)
        {
        case ISLE_KIND_FOX:
        case ISLE_KIND_SNAKE:
          return SPOT_FOX_SNAKE;
        case ISLE_KIND_MOUSES:
        case ISLE_KIND_MOLE:
          return SPOT_MOUSES_MOLE;
        default:
          return SPOT_PRAIRIE_DOG;
        }
    case ISLE_PHASE_REPLACE:
      return SPOT_REPLACE;
    case ISLE_PHASE_SETTLE:
      return SPOT_SETTLE;
    case ISLE_PHASE_HOP:
      return SPOT_HOP;
    case ISLE_PHASE_FOG_LIFT:
      return isle_test_has_mercenaries ((IsleVariant) s->variant) ? SPOT_FOG_LIFT : -1;
    case ISLE_PHASE_PLACE:
      for (int i = 0; i < s->hand_len[seat]; i++)
        {
          hippo |= s->hand[seat][i] == ISLE_KIND_HIPPO;
          mercenary |= isle_kind_is_mercenary ((IsleKind) s->hand[seat][i]);
        }
      if (s->placements_left > 1)
        return SPOT_TURTLE;
      if (hippo)
        return SPOT_HIPPO_HAND;
      if (mercenary && s->weather == ISLE_WEATHER_FOGGY)
        return SPOT_FOGGY_MERCENARY;
      return -1;
    default:
      return -1;
    }
}

/* Where a playout resolves abilities, replacements, Hippos, Frogs, fog
 * lifts and Turtles in its round loop, its actions are drawn as
 * isle_state_sample_action() would draw them: at such decision points of
 * random games of every variant with mercenaries, one-action playouts draw
 * every legal action evenly, and two-action playouts every legal pair
 * with its exact probability. */
static void
test_properties_playout_in_round_uniform (void)
{
  static IsleActionList second[ISLE_MAX_ACTIONS];
  static int counts[ISLE_MAX_ACTIONS], base[ISLE_MAX_ACTIONS + 1];
  int found[N_SPOTS] = { 0 };

  for (uint64_t game = 0; game < 400; game++)
    {
      const IsleTestConfig *c = &isle_test_configs[5 + game % 6];     /* Mercenary, Quick, Team */
      IsleState s;
      IsleRng game_rng, rng;

      isle_test_start_config (&s, c, 1000 + game);
      isle_rng_seed (&game_rng, 2000 + game);
      isle_rng_seed (&rng, 3000 + game);
      while (!isle_state_is_terminal (&s))
        {
          int spot = in_round_spot (&s);
          IsleActionList first;

          if (spot >= 0 && found[spot] < 12 && isle_state_legal_actions (&s, &first) >= 2)
            {
              int per = 40, samples = per * first.n, pairs;
              double chi2 = 0;

              memset (counts, 0, sizeof counts);
              for (int i = 0; i < samples; i++)
                {
                  IsleState copy = s;
                  IsleAction a;
                  int k;

                  g_assert_cmpint (isle_state_playout_log (&copy, &rng, 0, &a, 1), ==, 1);
                  k = find_action (&first, a);
                  g_assert_cmpint (k, >=, 0);
                  counts[k]++;
                }
              for (int k = 0; k < first.n; k++)
                {
                  g_assert_cmpint (counts[k], >, 0);
                  chi2 += (counts[k] - per) * (double) (counts[k] - per) / per;
                }
              g_assert_true (chi2_fits (chi2, first.n - 1));

              /* Pairs, where few enough are legal. */
              pairs = legal_pairs (&s, &first, second, base, 400);
              if (pairs >= 2 && pairs <= 400)
                assert_pairs_uniform (&s, &rng, &first, second, base, pairs);
              found[spot]++;
            }
          isle_test_apply_random (&s, &game_rng);
        }
    }
  for (int spot = 0; spot < N_SPOTS; spot++)
    g_assert_cmpint (found[spot], ==, 12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/properties/random_games_end_and_conserve", test_properties_random_games);
  g_test_add_func ("/properties/replay_reproduces", test_properties_replay_reproduces);
  g_test_add_func ("/properties/r12_observations_leak_nothing", test_properties_observations);
  g_test_add_func ("/properties/key_follows_the_future", test_properties_key_follows_the_future);
  g_test_add_func ("/properties/playouts_are_games", test_properties_playouts_are_games);
  g_test_add_func ("/properties/playouts_stop_anywhere", test_properties_playouts_stop_anywhere);
  g_test_add_func ("/properties/guided_playouts_are_games", test_properties_guided_playouts_are_games);
  g_test_add_func ("/properties/playout_actions_uniform", test_properties_playout_actions_uniform);
  g_test_add_func ("/properties/playout_pairs_uniform", test_properties_playout_pairs_uniform);
  g_test_add_func ("/properties/playout_in_round_uniform", test_properties_playout_in_round_uniform);
  return g_test_run ();
}
