/* isle-cli-validate.c — `critter-isle-cli validate FILE…`: checks R3 boards
 * (shape, R1 token counts, fog) and rules files, and says what is wrong. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-notation.h"

static gboolean
looks_like_json (const char *text)
{
  while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
    text++;
  return *text == '{' || *text == '[';
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
    g_option_context_new (_("FILE… — check R3 boards and rules files"));
  int status = ISLE_CLI_OK;

  g_option_context_set_summary (context,
    _("Exit status: 0 when every file is valid, 1 when one is not, 2 when one cannot be read."));
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
