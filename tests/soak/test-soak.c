/* test-soak.c — long runs that only show what builds up: tens of thousands
 * of seeded random games of every variant with the engine's invariants
 * checked at every step, and a thousand games between computer players in
 * one process, through the IsleAiPlayer interface as the app plays them,
 * while the process's resident memory is watched.
 *
 * In a sanitizer build (SOAK_SANITIZED, set by tests/soak/meson.build) the
 * computer players play 200 games, not 1000: AddressSanitizer makes the
 * search several times slower (the random games are as many: the engine is
 * only 5 times slower). There the bound is on the live heap as AddressSanitizer
 * counts it, not on resident memory, which its quarantine of freed blocks
 * (up to 256 MB, to catch use after free) fills by design; LeakSanitizer
 * checks at exit as well. The figures are printed as TAP comments.
 */
#include <stdio.h>
#include <string.h>

#include "isle-builtin-player.h"
#include "isle-game.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-test-util.h"

#define RANDOM_GAMES 10000  /* per variant */
#ifdef SOAK_SANITIZED
#define AI_GAMES 200
#define AI_SAMPLE_EVERY 10
#else
#define AI_GAMES 1000
#define AI_SAMPLE_EVERY 50
#endif

#ifdef __SANITIZE_ADDRESS__
/* From compiler-rt's sanitizer/allocator_interface.h (not shipped by gcc). */
size_t __sanitizer_get_current_allocated_bytes (void);
#endif

/* More decisions than any game under the standard rules takes
 * (tests/engine/test-properties.c). */
#define MAX_DECISIONS 1500

/* Memory may grow by this much from the first quarter of the AI games to
 * the last: allocator noise is a few hundred KiB; a leak of 100 bytes a move
 * (about 40 000 moves) is more. */
#define SLACK_KB (3 * 1024)

static IsleRules standard;

/* ---- Random games ------------------------------------------------------ */

typedef struct
{
  IsleVariant variant;
  guint64 seed;
  int decision;
  gboolean failed;
} Game;

/* An invariant: on failure, names the game so that it can be replayed. */
#define SOAK_CHECK(game, cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond)) && !(game)->failed) \
      { \
        g_test_fail_printf ("%s game, seed %" G_GUINT64_FORMAT ", decision %d: %s", \
                            isle_variant_id ((game)->variant), (game)->seed, \
                            (game)->decision, #cond); \
        (game)->failed = TRUE; \
      } \
  } G_STMT_END

/* Tokens SEAT holds on the map (a two-tile Hippo once), in hand and in its
 * pile. */
static int
seat_tokens (const IsleState *s, int seat)
{
  int n = s->hand_len[seat] + s->pile_len[seat];

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &s->board.cells[cell];

      if (c->kind != ISLE_KIND_NONE && c->seat == seat && !(c->flags & ISLE_CELL_HIPPO_SECOND))
        n++;
    }
  return n;
}

/* The invariants of every decision point. COINS: the Quick game's first
 * hiring, once it is revealed (R10), as isle_test_expected_coins() keeps it. */
static void
check_step (Game *g, const IsleState *s, IsleTestCoins *coins)
{
  gboolean mercenaries = s->variant >= ISLE_VARIANT_MERCENARY;
  int32_t expected[ISLE_N_SIDES];

  /* R1: 18 tokens a side; R4.4: hands of at most 5; R11: 9 per player. */
  for (int side = 0; side < ISLE_N_SIDES; side++)
    SOAK_CHECK (g, isle_state_side_tokens (s, (IsleSide) side) == ISLE_SIDE_TOKENS);
  for (int seat = 0; seat < s->n_seats; seat++)
    {
      SOAK_CHECK (g, s->hand_len[seat] <= ISLE_HAND_MAX);
      SOAK_CHECK (g, s->pile_len[seat] <= ISLE_PILE_MAX);
      if (s->n_seats > 2)
        SOAK_CHECK (g, seat_tokens (s, seat) == ISLE_SIDE_TOKENS / 2);
    }
  /* R6.1, R9.3: weather choices and hiring only where the variant has
   * them; R4, R11: the Basic and Team games are sunny. */
  if (s->variant != ISLE_VARIANT_WEATHER && s->variant != ISLE_VARIANT_MERCENARY)
    SOAK_CHECK (g, s->phase != ISLE_PHASE_WEATHER);
  if (!mercenaries)
    SOAK_CHECK (g, s->phase != ISLE_PHASE_HIRE);
  if (s->variant == ISLE_VARIANT_BASIC || s->variant == ISLE_VARIANT_TEAM)
    SOAK_CHECK (g, s->board.fog == 0 && s->weather == ISLE_WEATHER_SUNNY);

  /* R9.2, R9.3, R10: coins never go below 0; they are the round scores
   * less what hiring cost (in the Quick game, the starting coins until the
   * first hiring is revealed, whose rest goes back to the bank). */
  isle_test_expected_coins (s, coins, expected);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      SOAK_CHECK (g, s->coins[side] >= 0);
      SOAK_CHECK (g, s->coins[side] == expected[side]);
    }
}

/* Plays game G with uniformly random legal actions, checking every step.
 * Returns the decisions it took. */
static int
play_random (Game *g)
{
  IsleRules rules = standard;
  IsleState s;
  IsleRng rng;
  IsleTestCoins coins = { 0 };

  /* Both values of each option, every weather of the Quick game, every
   * seat first. */
  rules.opening_hand = (int32_t) (g->seed % 2);
  rules.fog_lift = (int32_t) (g->seed / 2 % 2);
  rules.quick_weather = (int32_t) (g->seed % ISLE_N_WEATHER);
  SOAK_CHECK (g, isle_state_init (&s, &rules, g->variant, (int) (g->seed % ISLE_MAX_SEATS), g->seed));
  isle_rng_seed (&rng, g->seed ^ UINT64_C (0x50a4));

  for (g->decision = 0; !isle_state_is_terminal (&s) && !g->failed; g->decision++)
    {
      IsleAction a;

      /* R4.7, R9.4: every game ends. */
      SOAK_CHECK (g, g->decision < MAX_DECISIONS);
      check_step (g, &s, &coins);
      a = isle_state_sample_action (&s, &rng);
      SOAK_CHECK (g, isle_state_is_legal (&s, a));
      SOAK_CHECK (g, isle_state_apply (&s, a));
    }
  if (g->failed)
    return g->decision;
  check_step (g, &s, &coins);
  SOAK_CHECK (g, isle_state_to_move (&s) == -1);
  SOAK_CHECK (g, s.round == s.n_rounds);
  SOAK_CHECK (g, s.n_rounds == s.rules.rounds[s.variant] + s.extra_rounds);
  SOAK_CHECK (g, s.extra_rounds <= s.rules.max_extra_rounds);
  SOAK_CHECK (g, s.winner <= ISLE_N_SIDES);
  return g->decision;
}

static void
test_soak_random_games_keep_invariants (gconstpointer data)
{
  IsleVariant variant = (IsleVariant) GPOINTER_TO_INT (data);
  guint64 decisions = 0;
  int longest = 0;

  for (guint64 seed = 1; seed <= RANDOM_GAMES; seed++)
    {
      Game g = { variant, seed, 0, FALSE };
      int n = play_random (&g);

      if (g.failed)
        return;
      decisions += (guint64) n;
      longest = MAX (longest, n);
    }
  g_test_message ("%d %s games, %" G_GUINT64_FORMAT " decisions, the longest %d",
                  RANDOM_GAMES, isle_variant_id (variant), decisions, longest);
}

/* ---- Computer players, resident memory --------------------------------- */

/* The process's resident memory in KiB (VmRSS of /proc/self/status). */
static gint64
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "\nVmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoll (line + strlen ("\nVmRSS:"), NULL, 10);
}

/* One game between easy and medium@n40 (seats alternate by SEED), each
 * choice through isle_ai_player_choose_sync() (a GTask thread, as the app
 * uses), then saved to .isle data and loaded back as the autosave is. */
static void
play_ai_game (guint64 seed)
{
  IsleVariant variant = seed % 2 ? ISLE_VARIANT_WEATHER : ISLE_VARIANT_BASIC;
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = isle_game_new (&standard, variant, (int) (seed / 2 % 2), seed, &error);
  g_autoptr (IsleAiPlayer) greedy = isle_builtin_player_new ("easy", seed);
  /* Medium's search with a tenth of its simulations: what builds up over
   * 40 000 moves is what is kept between moves and searches, not how far a
   * search looks (its tree is freed after every move all the same). */
  IslePlayerSpec medium = isle_player_spec_for ("medium@n40");
  g_autoptr (IsleAiPlayer) ismcts = isle_player_spec_new_player (&medium, NULL, seed, NULL);
  IsleAiPlayer *players[2] = { seed % 2 ? greedy : ismcts, seed % 2 ? ismcts : greedy };
  g_autoptr (IsleGame) loaded = NULL;
  g_autofree char *data = NULL;
  gsize length;
  int decisions = 0;

  g_assert_no_error (error);
  g_assert_nonnull (ismcts);
  while (!isle_state_is_terminal (isle_game_get_state (game)))
    {
      const IsleState *s = isle_game_get_state (game);
      IsleObservation obs;
      IsleAction action;
      int seat = isle_state_to_move (s);

      g_assert_cmpint (++decisions, <, MAX_DECISIONS);
      isle_state_observe (s, seat, &obs);
      if (!isle_ai_player_choose_sync (players[seat], &obs, 0, &action, &error)
          || !isle_game_apply (game, action, &error))
        g_error ("%s game, seed %" G_GUINT64_FORMAT ", decision %d: %s",
                 isle_variant_id (variant), seed, decisions, error->message);
    }

  data = isle_saved_game_to_data (game, &length, &error);
  g_assert_no_error (error);
  loaded = isle_saved_game_load_data (data, (gssize) length, "soak.isle", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_n_actions (loaded), ==, isle_game_get_n_actions (game));
}

/* What the bound is on: resident memory, or under AddressSanitizer the
 * live heap (see the top of the file). In KiB. */
static gint64
bounded_kb (void)
{
#ifdef __SANITIZE_ADDRESS__
  return (gint64) (__sanitizer_get_current_allocated_bytes () / 1024);
#else
  return rss_kb ();
#endif
}

static void
test_soak_ai_games_memory_bounded (void)
{
  enum { N_SAMPLES = AI_GAMES / AI_SAMPLE_EVERY };
  gint64 samples[N_SAMPLES];
  gint64 first = 0, last = 0;
  g_autoptr (GString) figures = g_string_new (NULL);
  g_autoptr (GString) resident = g_string_new (NULL);
  int quarter = N_SAMPLES / 4;

  for (int game = 1; game <= AI_GAMES; game++)
    {
      play_ai_game ((guint64) game);
      if (game % AI_SAMPLE_EVERY == 0)
        {
          int i = game / AI_SAMPLE_EVERY - 1;

          samples[i] = bounded_kb ();
          g_string_append_printf (figures, " %" G_GINT64_FORMAT, samples[i]);
          g_string_append_printf (resident, " %" G_GINT64_FORMAT, rss_kb ());
        }
    }
  for (int i = 0; i < quarter; i++)
    {
      first = MAX (first, samples[i]);
      last = MAX (last, samples[N_SAMPLES - 1 - i]);
    }
  g_test_message ("%d games of easy against medium@n40; resident KiB every %d games:%s",
                  AI_GAMES, AI_SAMPLE_EVERY, resident->str);
#ifdef __SANITIZE_ADDRESS__
  g_test_message ("live heap KiB (AddressSanitizer) every %d games:%s", AI_SAMPLE_EVERY,
                  figures->str);
#endif
  g_test_message ("largest of the first quarter %" G_GINT64_FORMAT " KiB, "
                  "of the last %" G_GINT64_FORMAT " KiB (%+" G_GINT64_FORMAT ")",
                  first, last, last - first);
  g_assert_cmpint (last, <=, first + SLACK_KB);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_true (isle_rules_load_standard (&standard, NULL));
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    {
      g_autofree char *path = g_strdup_printf ("/soak/random-%s-games-keep-invariants",
                                               isle_variant_id ((IsleVariant) v));

      g_test_add_data_func (path, GINT_TO_POINTER (v), test_soak_random_games_keep_invariants);
    }
  g_test_add_func ("/soak/ai-games-memory-bounded", test_soak_ai_games_memory_bounded);
  return g_test_run ();
}
