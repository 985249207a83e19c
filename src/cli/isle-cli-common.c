/* isle-cli-common.c — what the subcommands share: input, rules, scenarios,
 * options and the exit statuses' help. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"

/* Bad input never allocates without bound: a board is a few hundred bytes
 * and a rules file a few kilobytes. */
#define ISLE_CLI_MAX_INPUT (1024 * 1024)

const char *
isle_cli_exit_status_help (void)
{
  /* The table of IsleCliStatus, in words (README.md says the same). */
  return _("Exit status: 0 success; 1 the answer is “no” (a file is invalid, a goal is "
           "not met, a puzzle cannot be solved, a record does not replay); 2 could not run "
           "(a usage error, an input that is missing or cannot be read, malformed data "
           "where data was expected); 3 undecided (the clock ended before an answer); "
           "130 interrupted.");
}

GOptionContext *
isle_cli_option_context_new (const char *parameter)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_description (context, isle_cli_exit_status_help ());
  return context;
}

const char *
isle_cli_input_name (const char *path)
{
  return g_strcmp0 (path, "-") == 0 ? _("standard input") : path;
}

gboolean
isle_cli_read_input (const char *path, char **contents, gsize *length,
                     GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  FILE *in;
  char buf[4096];
  size_t n;

  if (g_strcmp0 (path, "-") == 0)
    in = stdin;
  else
    {
      in = fopen (path, "rb");
      if (in == NULL)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot open: %s"), path, g_strerror (saved));
          return FALSE;
        }
    }
  while ((n = fread (buf, 1, sizeof buf, in)) > 0)
    {
      if (text->len + n > ISLE_CLI_MAX_INPUT)
        {
          if (in != stdin)
            fclose (in);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("%s: larger than %d bytes; expected a board, a rules file or a .isle file"),
                       isle_cli_input_name (path), ISLE_CLI_MAX_INPUT);
          return FALSE;
        }
      g_string_append_len (text, buf, (gssize) n);
    }
  if (ferror (in))
    {
      if (in != stdin)
        fclose (in);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("%s: read error"),
                   isle_cli_input_name (path));
      return FALSE;
    }
  if (in != stdin)
    fclose (in);
  if (memchr (text->str, '\0', text->len) != NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("%s: contains a NUL byte; expected text"),
                   isle_cli_input_name (path));
      return FALSE;
    }
  if (length != NULL)
    *length = text->len;
  *contents = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

void
isle_cli_expect_format (GError *error, const char *text, gsize length, const char *format)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  char *message;

  if (length == 0 || json_parser_load_from_data (parser, text, (gssize) length, NULL))
    return;
  message = g_strdup_printf (_("%s — expected a JSON object with “format”: “%s”"),
                             error->message, format);
  g_free (error->message);
  error->message = message;
}

gboolean
isle_cli_load_rules (const char *path, IsleRules *rules, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;

  if (path == NULL)
    return isle_rules_load_standard (rules, error);
  return isle_cli_read_input (path, &text, &length, error)
         && isle_cli_rules_from_text (isle_cli_input_name (path), text, length, rules, error);
}

gboolean
isle_cli_rules_from_text (const char *name, const char *text, gsize length,
                          IsleRules *rules, GError **error)
{
  GError *local = NULL;

  if (isle_rules_load_data (rules, text, (gssize) length, name, &local))
    return TRUE;
  if (g_error_matches (local, ISLE_RULES_ERROR, ISLE_RULES_ERROR_PARSE))
    isle_cli_expect_format (local, text, length, ISLE_RULES_FORMAT);
  g_propagate_error (error, local);
  return FALSE;
}

gboolean
isle_cli_is_scenario_path (const char *path)
{
  return g_str_has_suffix (path, ".isle");
}

IsleScenario *
isle_cli_scenario_from_text (const char *name, const char *text, gsize length,
                             GError **error)
{
  IsleScenario *scenario;
  GError *local = NULL;

  scenario = isle_scenario_load_data (text, (gssize) length, name, &local);
  if (scenario != NULL)
    return scenario;
  if (g_error_matches (local, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_PARSE))
    isle_cli_expect_format (local, text, length, ISLE_SCENARIO_FORMAT);
  g_propagate_error (error, local);
  return NULL;
}

IsleScenario *
isle_cli_load_scenario (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;

  if (!isle_cli_read_input (path, &text, &length, error))
    return NULL;
  return isle_cli_scenario_from_text (isle_cli_input_name (path), text, length, error);
}

gboolean
isle_cli_parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
isle_cli_no_arguments (const char *command, int argc, char **argv)
{
  if (argc <= 1)
    return TRUE;
  g_printerr (_("critter-isle-cli %s: unexpected argument “%s”; expected options only\n"),
              command, argv[1]);
  return FALSE;
}

void
isle_cli_print_json (JsonBuilder *b, gboolean pretty)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *out = json_to_string (root, pretty);

  printf ("%s\n", out);
}

char **
isle_cli_split_players (const char *text)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new ();
  const char *start = text;
  char quote = 0;

  /* The quoting g_shell_parse_argv() reads: '…' takes everything, "…"
   * and bare words take a backslash-escaped character. */
  for (const char *c = text; *c != '\0'; c++)
    {
      if (quote != '\'' && *c == '\\' && c[1] != '\0')
        c++;
      else if (quote == 0 && (*c == '\'' || *c == '"'))
        quote = *c;
      else if (quote != 0 && *c == quote)
        quote = 0;
      else if (quote == 0 && *c == ',')
        {
          g_ptr_array_add (players, g_strndup (start, (gsize) (c - start)));
          start = c + 1;
        }
    }
  g_ptr_array_add (players, g_strdup (start));
  g_ptr_array_add (players, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&players), FALSE);
}

/* Set by the first Ctrl+C (or SIGTERM); a second one ends the program at
 * once. */
static volatile sig_atomic_t interrupted;

static void
on_interrupt (int signal_number)
{
  interrupted = 1;
  signal (signal_number, SIG_DFL);   /* the second one is not caught */
}

void
isle_cli_catch_interrupts (void)
{
  signal (SIGINT, on_interrupt);
  signal (SIGTERM, on_interrupt);
}

gboolean
isle_cli_interrupted (void)
{
  return interrupted != 0;
}
