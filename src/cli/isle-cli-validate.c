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

/* Is TEXT a `.isle` file (a scenario, puzzle or saved game) rather than a
 * rules file? By its "format", or by the name when it cannot be read. */
static gboolean
is_scenario (const char *path, const char *text, gsize length)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;
  const char *format = NULL;

  if (json_parser_load_from_data (parser, text, (gssize) length, NULL)
      && (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
    format = json_object_get_string_member_with_default (json_node_get_object (root), "format", NULL);
  if (format != NULL)
    return g_str_has_prefix (format, "critter-isle") && strcmp (format, ISLE_RULES_FORMAT) != 0;
  return g_str_has_suffix (path, ".isle");
}

/* doc/scenario-format.md: every problem, one per line, FILE: PATH: message. */
static int
validate_scenario (const char *name, const char *text, gsize length)
{
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (IsleScenario) scenario = isle_scenario_read_data (text, (gssize) length, &problems);
  IsleScenarioGoal goal;

  if (problems->len > 0)
    {
      g_autofree char *lines = isle_scenario_problems_to_string (problems, name);

      g_printerr ("%s\n", lines);
      return ISLE_CLI_BAD_INPUT;
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
validate_one (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;
  const char *name = isle_cli_input_name (path);

  if (!isle_cli_read_input (path, &text, &length, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_BAD_INPUT;
    }

  if (looks_like_json (text) && is_scenario (path, text, length))
    return validate_scenario (name, text, length);
  if (looks_like_json (text))
    {
      IsleRules rules;

      if (!isle_rules_load_data (&rules, text, (gssize) length, name, &error))
        {
          g_printerr ("%s\n", error->message);
          return ISLE_CLI_INVALID;
        }
      printf (_("%s: valid rules file\n"), name);
      return ISLE_CLI_OK;
    }
  else
    {
      IsleBoard board;
      IsleNotationError err;
      char problems[4096];
      int n;

      if (!isle_board_parse (text, &board, &err))
        {
          g_printerr ("%s: %s\n", name, err.message);
          return ISLE_CLI_INVALID;
        }
      n = isle_board_check (&board, problems, sizeof problems);
      if (n > 0)
        {
          g_auto (GStrv) lines = g_strsplit (problems, "\n", -1);
          for (int i = 0; lines[i] != NULL; i++)
            if (*lines[i])
              g_printerr ("%s: %s\n", name, lines[i]);
          return ISLE_CLI_INVALID;
        }
      printf (_("%s: valid board\n"), name);
      return ISLE_CLI_OK;
    }
}

int
isle_cli_validate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("FILE… — check R3 boards, rules files and .isle scenarios"));
  int status = ISLE_CLI_OK;

  g_option_context_set_summary (context,
    _("Exit status: 0 when every file is valid, 1 when a board or rules file is not, "
      "2 when a file cannot be read or a .isle file has problems (each printed as FILE: FIELD: message)."));
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_BAD_INPUT;
  if (argc < 2)
    {
      g_printerr ("%s\n", _("critter-isle-cli validate: expected a board or rules file, or - for standard input"));
      return ISLE_CLI_BAD_INPUT;
    }
  for (int i = 1; i < argc; i++)
    {
      int result = validate_one (argv[i]);
      status = MAX (status, result);
    }
  return status;
}
