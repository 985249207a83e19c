/* critter-isle-cli.c — the headless tool: score, play, validate, bench,
 * solve, generate, analyse, tournament, engine, plugins, games; every one exits with a status of
 * IsleCliStatus (isle-cli.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Subcommand;

static const Subcommand commands[] = {
  { "score", isle_cli_score, N_("Score an R3 board and explain every line") },
  { "play", isle_cli_play, N_("Play a whole game between computer players") },
  { "validate", isle_cli_validate, N_("Check a board, rules file or .isle scenario") },
  { "solve", isle_cli_solve, N_("Find a line of play that meets a scenario's goal") },
  { "generate", isle_cli_generate, N_("Make new puzzles, proven exact by the solver") },
  { "analyse", isle_cli_analyse, N_("Review a game decision by decision: what each one cost") },
  { "bench", isle_cli_bench, N_("Measure random playouts per second for each variant") },
  { "tournament", isle_cli_tournament, N_("Play two computer players against each other") },
  { "engine", isle_cli_engine, N_("Answer the engine protocol on standard input (doc/engine-protocol.md)") },
  { "plugins", isle_cli_plugins, N_("List the AI plugins found and the ones refused") },
  { "games", isle_cli_games, N_("List, show, count or export the games the app kept") },
};

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: critter-isle-cli COMMAND [OPTION…] [ARG…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-11s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “critter-isle-cli COMMAND --help” for the options of a command."));
  fprintf (out, "\n%s\n", isle_cli_exit_status_help ());
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("critter-isle-cli");

  if (argc < 2)
    {
      usage (stderr);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "help") == 0)
    {
      usage (stdout);
      return ISLE_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("critter-isle-cli %s\n", PACKAGE_VERSION);
      return ISLE_CLI_OK;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  g_printerr (_("critter-isle-cli: unknown command “%s”\n"), argv[1]);
  usage (stderr);
  return ISLE_CLI_CANNOT_RUN;
}
