/* fuzz-saved-game.c — the `.isle` loader (doc/saved-game-format.md).
 *
 * Input: any bytes, given with their length and no NUL after them, as a
 * file's contents. Properties:
 * - the loader never crashes; it returns a game or an error, not both, and
 *   an error names the file;
 * - a game it accepts writes back to data that loads to a game that
 *   writes the same data again (but for the time of saving, "saved");
 * - what it drops to open a game anyway (a malformed "analysis") comes
 *   as a warning that names the file, and what it wrote back loads with
 *   none.
 *
 * isle_saved_game_load_data() reads both formats: scenarios, puzzles and
 * saved games ("critter-isle", through isle_scenario_load_data()) and the
 * older saved games ("critter-isle-game"), so this target covers both
 * loaders. Everything that names it is in the definitions below; what they
 * return is held as a GObject.
 */
#include "fuzz-common.h"

#include <json-glib/json-glib.h>

#include "isle-saved-game.h"

#define LOAD_DATA(data, length, name, warning, error) \
  G_OBJECT (isle_saved_game_load_data_with_warning (data, length, name, warning, error))
#define TO_DATA(file, length, error) \
  isle_saved_game_to_data (ISLE_GAME (file), length, error)

#define NAME "fuzz.isle"

/* DATA without its "saved" time, as compact JSON. */
static char *
without_time (const char *data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  JsonNode *root;

  FUZZ_CHECK (json_parser_load_from_data (parser, data, -1, NULL));
  root = json_parser_get_root (parser);
  FUZZ_CHECK (root != NULL && JSON_NODE_HOLDS_OBJECT (root));
  json_object_remove_member (json_node_get_object (root), "saved");
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *exact = fuzz_exact (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (GObject) file = NULL;
  g_autoptr (GObject) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *rewarning = NULL;
  gsize length = 0, relength = 0;

  fuzz_init_glib ();
  file = LOAD_DATA (exact, (gssize) size, NAME, &warning, &error);
  if (file == NULL)
    {
      FUZZ_CHECK (error != NULL);
      FUZZ_CHECK (strstr (error->message, NAME) != NULL);
      /* Whatever the file holds, the message is text that can be shown
       * (regressions/saved-game/json-octal-escape-message-not-utf8.isle). */
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  FUZZ_CHECK (error == NULL);
  FUZZ_CHECK (warning == NULL || (g_str_has_prefix (warning, NAME ": ") && g_utf8_validate (warning, -1, NULL)));

  written = TO_DATA (file, &length, &error);
  FUZZ_CHECK (written != NULL);
  FUZZ_CHECK (strlen (written) == length);
  again = LOAD_DATA (written, (gssize) length, NAME, &rewarning, &error);
  if (again == NULL)
    {
      fprintf (stderr, "written file does not load back: %s\n%s", error->message, written);
      FUZZ_CHECK (!"written file loads back");
    }
  FUZZ_CHECK (rewarning == NULL);
  rewritten = TO_DATA (again, &relength, &error);
  FUZZ_CHECK (rewritten != NULL);
  {
    g_autofree char *first = without_time (written);
    g_autofree char *second = without_time (rewritten);

    FUZZ_CHECK (strcmp (first, second) == 0);
  }
  return 0;
}
