/* isle-cli-common.c — what the subcommands share: input, rules, options. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"

/* Bad input never allocates without bound: a board is a few hundred bytes
 * and a rules file a few kilobytes. */
#define ISLE_CLI_MAX_INPUT (1024 * 1024)

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
                       _("%s: larger than %d bytes; expected a board or rules file"),
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

gboolean
isle_cli_load_rules (const char *path, IsleRules *rules, GError **error)
{
  if (path == NULL)
    return isle_rules_load_standard (rules, error);
  return isle_rules_load_file (rules, path, error);
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

void
isle_cli_print_json (JsonBuilder *b, gboolean pretty)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autofree char *out = json_to_string (root, pretty);

  printf ("%s\n", out);
}
