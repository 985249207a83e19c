/* fuzz-rules.c — the rules JSON loader (src/model/isle-rules-json.c).
 *
 * Input: any bytes, given with their length and no NUL after them, as a
 * rules file's contents. Properties:
 * - isle_rules_load_data() never crashes and leaves the rules untouched when
 *   it refuses, with a message that names the file (in UTF-8, when the
 *   text is);
 * - rules it accepts start a game of every variant, and write back
 *   (isle_rules_to_json()) to JSON that loads to the same rules.
 */
#include "fuzz-common.h"

#include "isle-rules-json.h"
#include "isle-state.h"

#define NAME "fuzz.json"

static char *
rules_text (const IsleRules *rules)
{
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *exact = fuzz_exact (data, size);
  g_autoptr (GError) error = NULL;
  IsleRules rules, untouched;

  fuzz_init_glib ();
  memset (&rules, 0x5a, sizeof rules);
  untouched = rules;
  if (!isle_rules_load_data (&rules, exact, (gssize) size, NAME, &error))
    {
      FUZZ_CHECK (error != NULL);
      FUZZ_CHECK (error->domain == ISLE_RULES_ERROR);
      FUZZ_CHECK (strstr (error->message, NAME) != NULL);
      /* UTF-8 text gets a UTF-8 message. */
      if (g_utf8_validate (exact, (gssize) size, NULL))
        FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
      FUZZ_CHECK (memcmp (&rules, &untouched, sizeof rules) == 0);
      return 0;
    }
  FUZZ_CHECK (error == NULL);

  /* Every variant starts under rules the loader accepted. */
  {
    g_autofree IsleState *state = g_new (IsleState, 1);

    for (int v = 0; v < ISLE_N_VARIANTS; v++)
      FUZZ_CHECK (isle_state_init (state, &rules, (IsleVariant) v, 0, 1));
  }

  /* Written back, the rules load to the same rules. */
  {
    g_autofree char *text = rules_text (&rules);
    g_autofree char *again = NULL;
    IsleRules reloaded;

    if (!isle_rules_load_data (&reloaded, text, -1, NAME, &error))
      {
        fprintf (stderr, "written rules do not load back: %s\n%s\n", error->message, text);
        FUZZ_CHECK (!"written rules load back");
      }
    again = rules_text (&reloaded);
    FUZZ_CHECK (strcmp (text, again) == 0);
  }
  return 0;
}
