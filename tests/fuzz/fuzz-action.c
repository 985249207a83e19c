/* fuzz-action.c — the action text parser (isle_action_parse(),
 * src/engine/isle-action.c), as logs, the CLI, saved games and the engine
 * protocol use it.
 *
 * Input: one byte choosing a fixed state, then the action text. The states
 * are those of seeded random games of every variant: the first state of
 * each decision point and seat to move they reach, and a finished game, so
 * every action form has a state where it can be legal. Properties:
 * - the parser never crashes nor reads past the text;
 * - an action it accepts can be checked for legality, and is legal exactly
 *   when it is in the state's list of legal actions;
 * - a legal action applies, and its text form parses back to it.
 */
#include "fuzz-common.h"

#include "isle-rules-json.h"
#include "isle-state.h"

#define MAX_STATES (ISLE_N_VARIANTS * ISLE_N_PHASES * ISLE_MAX_SEATS)

static IsleState *states;
static int n_states;

static void
collect_states (void)
{
  IsleRules rules;

  FUZZ_CHECK (isle_rules_load_standard (&rules, NULL));
  states = g_new (IsleState, MAX_STATES);
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    {
      gboolean seen[ISLE_N_PHASES][ISLE_MAX_SEATS] = { { FALSE } };
      IsleState s;
      IsleRng rng;

      /* Several games each, so that rare decision points are reached. */
      for (uint64_t seed = 1; seed <= 40; seed++)
        {
          FUZZ_CHECK (isle_state_init (&s, &rules, (IsleVariant) v, (int) (seed % 2), seed));
          isle_rng_seed (&rng, seed);
          while (!isle_state_is_terminal (&s))
            {
              if (!seen[s.phase][s.to_move])
                {
                  seen[s.phase][s.to_move] = TRUE;
                  states[n_states++] = s;
                }
              FUZZ_CHECK (isle_state_apply (&s, isle_state_sample_action (&s, &rng)));
            }
          if (!seen[ISLE_PHASE_OVER][0])
            {
              seen[ISLE_PHASE_OVER][0] = TRUE;
              states[n_states++] = s;
            }
        }
    }
}

static gboolean
in_list (const IsleActionList *list, IsleAction a)
{
  for (int i = 0; i < list->n; i++)
    if (list->actions[i] == a)
      return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autofree IsleActionList *list = NULL;
  const IsleState *s;
  IsleAction a;

  fuzz_init_glib ();
  if (states == NULL)
    collect_states ();
  if (size == 0)
    return 0;
  s = &states[data[0] % n_states];
  text = fuzz_text (data + 1, size - 1);

  if (!isle_action_parse (s, text, &a))
    return 0;

  list = g_new (IsleActionList, 1);
  isle_state_legal_actions (s, list);
  if (isle_state_is_legal (s, a))
    {
      g_autofree IsleState *after = g_memdup2 (s, sizeof *s);
      char buf[32];
      IsleAction back;

      FUZZ_CHECK (in_list (list, a));
      FUZZ_CHECK (isle_state_apply (after, a));
      isle_action_format (s, a, buf);
      FUZZ_CHECK (isle_action_parse (s, buf, &back));
      FUZZ_CHECK (back == a);
    }
  else
    {
      g_autofree IsleState *after = g_memdup2 (s, sizeof *s);

      FUZZ_CHECK (!in_list (list, a));
      /* Refused, and the state is left as it was. */
      FUZZ_CHECK (!isle_state_apply (after, a));
      FUZZ_CHECK (memcmp (after, s, sizeof *s) == 0);
    }
  return 0;
}
