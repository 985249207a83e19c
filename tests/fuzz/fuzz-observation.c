/* fuzz-observation.c — the engine protocol's observation reader
 * (isle_observation_from_text(), src/model/isle-observation-text.c), and
 * what an engine then does with an observation it accepted.
 *
 * Input: any bytes, read as the lines between `observation` and `end`.
 * Properties:
 * - the reader never crashes; when it refuses, it says why (in UTF-8, when
 *   the text is: the engine sends it back as `error MESSAGE`);
 * - an observation it accepts writes back to text that reads to the same
 *   observation (the round trip the header promises);
 * - it is safe to search: its legal actions can be listed, and what
 *   `critter-isle-cli engine` does on `go` — determinize, then let the
 *   random, greedy and ISMCTS levels choose — gives a legal action, and a
 *   random playout from a determinization ends (ISMCTS runs thousands).
 */
#include "fuzz-common.h"

#include "isle-ai.h"
#include "isle-observation-text.h"
#include "isle-rules-json.h"

/* Far more decisions than any game under the standard rules takes
 * (tests/engine/test-properties.c: well below 1500). */
#define MAX_PLAYOUT 5000

static IsleRules standard;

static void
check_go (const IsleObservation *obs)
{
  g_autofree IsleState *state = g_new (IsleState, 1);
  g_autofree IsleActionList *list = g_new (IsleActionList, 1);
  IsleAiLimits limits = { .max_iterations = 24 };
  static const char *const levels[] = { "beginner", "easy", "medium" };
  IsleRng rng;
  int steps = 0;

  isle_rng_seed (&rng, UINT64_C (0x5eed));
  isle_obs_determinize (obs, &rng, state);
  if (!isle_state_is_terminal (state) && isle_state_to_move (state) == obs->observer
      && isle_state_legal_actions (state, list) > 0)
    for (size_t i = 0; i < G_N_ELEMENTS (levels); i++)
      {
        const IsleAiLevel *level = isle_ai_find (levels[i]);
        IsleAction a = level->choose (level, obs, &limits, 7, NULL);

        FUZZ_CHECK (a != 0);
        FUZZ_CHECK (isle_state_is_legal (state, a));
      }

  /* A playout, as a search runs from every determinization. */
  while (!isle_state_is_terminal (state))
    {
      IsleAction a = isle_state_sample_action (state, &rng);

      FUZZ_CHECK (++steps < MAX_PLAYOUT);
      FUZZ_CHECK (a != 0);
      FUZZ_CHECK (isle_state_apply (state, a));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, size);
  g_autofree IsleObservation *obs = g_new0 (IsleObservation, 1);
  g_autoptr (GError) error = NULL;

  fuzz_init_glib ();
  if (standard.line_score[3] == 0)
    FUZZ_CHECK (isle_rules_load_standard (&standard, NULL));

  obs->view.rules = standard;
  if (!isle_observation_from_text (text, obs, &error))
    {
      FUZZ_CHECK (error != NULL && error->domain == ISLE_OBSERVATION_TEXT_ERROR);
      FUZZ_CHECK (error->message[0] != '\0');
      /* An engine answers `error MESSAGE`: a protocol line, UTF-8. */
      if (g_utf8_validate (text, -1, NULL))
        FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  /* Observation → text → observation → the same text. */
  {
    g_autofree char *written = isle_observation_to_text (obs);
    g_autofree IsleObservation *again = g_new0 (IsleObservation, 1);
    g_autofree char *rewritten = NULL;

    again->view.rules = standard;
    if (!isle_observation_from_text (written, again, &error))
      {
        fprintf (stderr, "written observation does not read back: %s\n%s", error->message,
                 written);
        FUZZ_CHECK (!"written observation reads back");
      }
    rewritten = isle_observation_to_text (again);
    FUZZ_CHECK (strcmp (written, rewritten) == 0);
  }

  {
    IsleAction *actions = NULL;
    int n = -1;
    g_auto (GStrv) texts = isle_observation_legal_texts (obs, &actions, &n);

    FUZZ_CHECK (n >= 0 && (int) g_strv_length (texts) == n);
    g_free (actions);
  }

  check_go (obs);
  return 0;
}
