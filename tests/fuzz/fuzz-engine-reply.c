/* fuzz-engine-reply.c — how the client reads an engine's output
 * (isle_engine_reader_feed(), src/model/isle-engine-player.c), without the
 * subprocess: what a faulty or hostile engine can send.
 *
 * Input: a byte choosing what is expected (the handshake, `ok`, or an
 * action or, with bit 5, the values of `analyse` in one of a few fixed
 * observations, with or without a pending
 * `pong` to skip to, and with or without a late answer owed before it), a
 * byte choosing how many bytes each read brings, then
 * the engine's output. Properties:
 * - the reader never crashes, whatever the bytes and however they are cut;
 * - it ends with an answer or a fault, or asks for more with less than a
 *   line's limit (ISLE_ENGINE_MAX_LINE) buffered;
 * - a fault is an ISLE_ENGINE_ERROR of code PROTOCOL or ILLEGAL, with a
 *   message in UTF-8 (it is shown to the player);
 * - an answer to `go` is a legal action for the observer, read after the
 *   pong and after every late answer owed; an answer to `analyse` too, and
 *   it is `error` (cannot analyse) or values from 0 to 1 of legal actions,
 *   each once, the first tried; an answer to the handshake names the
 *   engine.
 */
#include "fuzz-common.h"

#include "isle-engine-player.h"
#include "isle-rules-json.h"

#define N_OBSERVATIONS 16

static IsleObservation *observations;
static int n_observations;

/* Observations of seeded random games of every variant where the observer
 * is to move, at different decision points. */
static void
collect_observations (void)
{
  IsleRules rules;

  FUZZ_CHECK (isle_rules_load_standard (&rules, NULL));
  observations = g_new (IsleObservation, N_OBSERVATIONS);
  for (int i = 0; i < N_OBSERVATIONS; i++)
    {
      IsleState s;
      IsleRng rng;
      IsleVariant v = (IsleVariant) (i % ISLE_N_VARIANTS);
      int steps = 3 + i * 7;

      FUZZ_CHECK (isle_state_init (&s, &rules, v, i % 2, (uint64_t) i + 1));
      isle_rng_seed (&rng, (uint64_t) i);
      for (int k = 0; k < steps; k++)
        {
          IsleState next = s;

          FUZZ_CHECK (isle_state_apply (&next, isle_state_sample_action (&s, &rng)));
          if (isle_state_is_terminal (&next))
            break;
          s = next;
        }
      isle_state_observe (&s, isle_state_to_move (&s), &observations[n_observations++]);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GString) pending = g_string_new (NULL);
  IsleEngineReader reader = { 0 };
  IsleEngineRead read = ISLE_ENGINE_READ_MORE;
  IsleEngineExpect start;
  size_t chunk, at;

  fuzz_init_glib ();
  if (observations == NULL)
    collect_observations ();
  if (size < 2)
    return 0;
  static IsleEngineAnalysis analysis;

  reader.expect = start = (IsleEngineExpect) (data[0] % 3);
  /* Bit 5 turns an action into `analyse`'s values (the corpus's action
   * inputs from before it have it clear). */
  if (start == ISLE_ENGINE_EXPECT_ACTION && (data[0] & 0x20))
    reader.expect = start = ISLE_ENGINE_EXPECT_VALUES;
  reader.analysis = &analysis;
  reader.obs = &observations[(data[0] >> 2) % n_observations];
  if (data[0] & 0x80)
    reader.pong = g_strdup ("pong 1");
  /* A late answer is owed only before a pong: the client pings before
   * every go (isle-engine-player.c). */
  reader.late = (data[0] & 0x80) && (data[0] & 0x40) ? 1 : 0;
  chunk = (size_t) data[1] + 1;

  for (at = 2; at < size && read == ISLE_ENGINE_READ_MORE; at += chunk)
    {
      g_autoptr (GError) error = NULL;

      g_string_append_len (pending, (const char *) data + at, (gssize) MIN (chunk, size - at));
      read = isle_engine_reader_feed (&reader, pending, &error);
      switch (read)
        {
        case ISLE_ENGINE_READ_FAULT:
          FUZZ_CHECK (error != NULL && error->domain == ISLE_ENGINE_ERROR);
          FUZZ_CHECK (error->code == ISLE_ENGINE_ERROR_PROTOCOL
                      || error->code == ISLE_ENGINE_ERROR_ILLEGAL);
          /* Shown to the player: UTF-8 whatever the engine sent. */
          FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
          break;
        case ISLE_ENGINE_READ_ANSWER:
          FUZZ_CHECK (error == NULL);
          if (reader.expect == ISLE_ENGINE_EXPECT_ACTION)
            {
              g_autofree IsleState *state = g_new (IsleState, 1);
              IsleRng rng;

              isle_rng_seed (&rng, 1);
              isle_obs_determinize (reader.obs, &rng, state);
              FUZZ_CHECK (isle_state_is_legal (state, reader.action));
              /* Nothing before the pong was taken for the answer. */
              FUZZ_CHECK (reader.pong == NULL && reader.late == 0);
            }
          else if (reader.expect == ISLE_ENGINE_EXPECT_VALUES)
            {
              g_autofree IsleState *state = g_new (IsleState, 1);
              IsleRng rng;

              FUZZ_CHECK (reader.pong == NULL && reader.late == 0);
              if (reader.unsupported)
                break;
              isle_rng_seed (&rng, 1);
              isle_obs_determinize (reader.obs, &rng, state);
              FUZZ_CHECK (analysis.n_actions >= 1 && analysis.actions[0].value >= 0.0);
              FUZZ_CHECK (analysis.value >= 0.0 && analysis.value <= 1.0);
              for (int k = 0; k < analysis.n_actions; k++)
                {
                  FUZZ_CHECK (isle_state_is_legal (state, analysis.actions[k].action));
                  FUZZ_CHECK (analysis.actions[k].value <= 1.0);
                  FUZZ_CHECK (analysis.actions[k].value >= 0.0
                              || (analysis.actions[k].value == -1.0 && analysis.actions[k].visits == 0));
                  for (int j = 0; j < k; j++)
                    FUZZ_CHECK (analysis.actions[j].action != analysis.actions[k].action);
                }
            }
          else if (start == ISLE_ENGINE_EXPECT_READY)
            FUZZ_CHECK (reader.ready && reader.name != NULL);
          break;
        case ISLE_ENGINE_READ_MORE:
        default:
          FUZZ_CHECK (error == NULL);
          FUZZ_CHECK (pending->len < ISLE_ENGINE_MAX_LINE);
          break;
        }
    }
  isle_engine_reader_clear (&reader);
  return 0;
}
