/* isle-cli-score.c — `critter-isle-cli score [--json] [--rules FILE] FILE|-`:
 * scores an R3 board (R5, R7), or a .isle scenario's start board, and
 * explains every line (R7.5). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "isle-cli.h"
#include "isle-notation.h"

static const char *
colour_id (int colour)
{
  return colour == ISLE_COLOUR_RED ? "red" : "blue";
}

static const char *
side_id (int side)
{
  return side == ISLE_SIDE_RED ? "red" : "blue";
}

static JsonNode *
score_to_json (const IsleScore *score)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "red");
  json_builder_add_int_value (b, score->side[ISLE_SIDE_RED]);
  json_builder_set_member_name (b, "blue");
  json_builder_add_int_value (b, score->side[ISLE_SIDE_BLUE]);
  json_builder_set_member_name (b, "lines");
  json_builder_begin_array (b);
  for (int i = 0; i < score->n_lines; i++)
    {
      const IsleLineScore *l = &score->lines[i];
      char name[3];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "colour");
      json_builder_add_string_value (b, colour_id (l->colour));
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (int c = 0; c < l->length; c++)
        json_builder_add_string_value (b, isle_cell_name (l->cells[c], name));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "length");
      json_builder_add_int_value (b, l->length);
      json_builder_set_member_name (b, "base");
      json_builder_add_int_value (b, l->base);
      json_builder_set_member_name (b, "multiplier");
      json_builder_add_int_value (b, l->multiplier);
      json_builder_set_member_name (b, "crow_owner");
      if (l->crow_side >= 0)
        json_builder_add_string_value (b, side_id (l->crow_side));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "crow_share");
      json_builder_add_int_value (b, l->crow_share);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, l->value);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_text (const IsleScore *score)
{
  if (score->n_lines == 0)
    printf ("%s\n", _("No lines."));
  for (int i = 0; i < score->n_lines; i++)
    {
      const IsleLineScore *l = &score->lines[i];
      g_autoptr (GString) cells = g_string_new (NULL);
      char name[3];

      for (int c = 0; c < l->length; c++)
        g_string_append_printf (cells, "%s%s", c ? "–" : "", isle_cell_name (l->cells[c], name));
      if (l->colour == ISLE_COLOUR_RED)
        printf (_("Red line %s (length %d): %d × %d = %d"), cells->str, l->length,
                l->base, l->multiplier, l->value);
      else
        printf (_("Blue line %s (length %d): %d × %d = %d"), cells->str, l->length,
                l->base, l->multiplier, l->value);
      if (l->crow_side == ISLE_SIDE_RED)
        printf (_(", Red's Crow takes %d"), l->crow_share);
      else if (l->crow_side == ISLE_SIDE_BLUE)
        printf (_(", Blue's Crow takes %d"), l->crow_share);
      printf ("\n");
    }
  printf (_("Red %d, Blue %d\n"), score->side[ISLE_SIDE_RED], score->side[ISLE_SIDE_BLUE]);
}

int
isle_cli_score (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *rules_path = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules file (default: the standard rules)"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("FILE|- — score an R3 board, or a .isle scenario's start board"));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  IsleRules rules;
  IsleBoard board;
  IsleNotationError err;
  IsleScore score;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (argc != 2)
    {
      g_printerr ("%s\n", _("critter-isle-cli score: expected one board file, or - for standard input"));
      return ISLE_CLI_CANNOT_RUN;
    }
  if (!isle_cli_load_rules (rules_path, &rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (isle_cli_is_scenario_path (argv[1]))
    {
      /* A .isle file is a scenario: its start board, under its own rules
       * unless --rules says otherwise. */
      g_autoptr (IsleScenario) scenario = isle_cli_load_scenario (argv[1], &error);

      if (scenario == NULL)
        {
          g_printerr ("%s\n", error->message);
          return ISLE_CLI_CANNOT_RUN;
        }
      if (rules_path == NULL)
        rules = *isle_scenario_get_rules (scenario);
      if (isle_scenario_get_start (scenario) != NULL)
        {
          board = isle_scenario_get_start (scenario)->board;
          isle_board_sync (&board);
        }
      else
        isle_board_clear (&board);
    }
  else if (!isle_cli_read_input (argv[1], &text, NULL, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  else if (!isle_board_parse (text, &board, &err))
    {
      g_printerr ("critter-isle-cli: %s: %s\n", isle_cli_input_name (argv[1]), err.message);
      return ISLE_CLI_CANNOT_RUN;
    }

  isle_board_score (&board, rules.line_score, score.side, &score);
  if (json)
    {
      g_autoptr (JsonNode) node = score_to_json (&score);
      g_autofree char *out = json_to_string (node, FALSE);
      printf ("%s\n", out);
    }
  else
    print_text (&score);
  return ISLE_CLI_OK;
}
