/* isle-cli-validate.c — `critter-isle-cli validate FILE…`: checks R3 boards
 * (shape, R1 token counts, fog) and rules files, and says what is wrong. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-notation.h"
#include "isle-scenario.h"

static gboolean
looks_like_json (const char *text)
{
  while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
    text++;
  return *text == '{' || *text == '[';
}

/* Is TEXT, which is not named `.isle` (standard input, say), a scenario,
 * puzzle or saved game rather than a rules file? By its "format". */
static gboolean
holds_scenario (const char *text, gsize length)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;
  const char *format = NULL;

  if (json_parser_load_from_data (parser, text, (gssize) length, NULL)
      && (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
    format = json_object_get_string_member_with_default (json_node_get_object (root), "format", NULL);
  return format != NULL && g_str_has_prefix (format, "critter-isle")
         && strcmp (format, ISLE_RULES_FORMAT) != 0;
}

/* doc/scenario-format.md: every problem, one per line, FILE: PATH: message.
 * A file that reads is judged, malformed or not: its problems are the
 * answer "no". */
static int
validate_scenario (const char *name, const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = isle_cli_scenario_from_text (name, text, length, &error);
  IsleScenarioGoal goal;

  if (scenario == NULL)
    {
      g_printerr ("%s\n", error->message);
      return ISLE_CLI_NO;
    }
  isle_scenario_get_goal (scenario, &goal);
  if (isle_scenario_get_actions (scenario) != NULL)
    printf (_("%s: valid saved game\n"), name);
  else if (goal.type != ISLE_GOAL_NONE)
    printf (_("%s: valid puzzle\n"), name);
  else
    printf (_("%s: valid scenario\n"), name);
  return ISLE_CLI_OK;
}

static int
validate_rules (const char *name, const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  IsleRules rules;

  if (!isle_cli_rules_from_text (name, text, length, &rules, &error))
    {
      g_printerr ("%s\n", error->message);
      return ISLE_CLI_NO;
    }
  printf (_("%s: valid rules file\n"), name);
  return ISLE_CLI_OK;
}

static int
validate_board (const char *name, const char *text)
{
  IsleBoard board;
  IsleNotationError err;
  char problems[4096];

  if (!isle_board_parse (text, &board, &err))
    {
      g_printerr ("%s: %s\n", name, err.message);
      return ISLE_CLI_NO;
    }
  if (isle_board_check (&board, problems, sizeof problems) > 0)
    {
      g_auto (GStrv) lines = g_strsplit (problems, "\n", -1);

      for (int i = 0; lines[i] != NULL; i++)
        if (*lines[i])
          g_printerr ("%s: %s\n", name, lines[i]);
      return ISLE_CLI_NO;
    }
  printf (_("%s: valid board\n"), name);
  return ISLE_CLI_OK;
}

/* A .isle file is a scenario whatever it holds; other JSON a scenario or
 * a rules file by its "format"; anything else a board. */
static int
validate_one (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;
  const char *name = isle_cli_input_name (path);

  /* Unreadable: nothing was judged. */
  if (!isle_cli_read_input (path, &text, &length, &error))
    {
      g_printerr ("%s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (isle_cli_is_scenario_path (path)
      || (looks_like_json (text) && holds_scenario (text, length)))
    return validate_scenario (name, text, length);
  if (looks_like_json (text))
    return validate_rules (name, text, length);
  return validate_board (name, text);
}

int
isle_cli_validate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context =
    isle_cli_option_context_new (_("FILE… — check R3 boards, rules files and .isle scenarios"));
  int status = ISLE_CLI_OK;

  g_option_context_set_summary (context,
    _("A .isle file is read as a scenario, other JSON as a scenario or rules file by its "
      "“format”, anything else as a board. Every problem is printed as FILE: PLACE: message."));
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (argc < 2)
    {
      g_printerr ("%s\n", _("critter-isle-cli validate: expected a board, rules or .isle file, or - for standard input"));
      return ISLE_CLI_CANNOT_RUN;
    }
  for (int i = 1; i < argc; i++)
    {
      int result = validate_one (argv[i]);
      status = MAX (status, result);
    }
  return status;
}
