/* isle-cli-plugins.c — `critter-isle-cli plugins`: the folders searched for
 * AI plugins, the plugins found (usable as `plugin:ID` players) and the
 * ones refused, with the reason. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "isle-cli.h"
#include "isle-plugin-loader.h"

static void
print_json (IslePluginSet *set)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "abi_version");
  json_builder_add_int_value (b, ISLE_AI_PLUGIN_ABI_VERSION);
  json_builder_set_member_name (b, "dirs");
  json_builder_begin_array (b);
  for (guint i = 0; i < set->dirs->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (set->dirs, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "plugins");
  json_builder_begin_array (b);
  for (guint i = 0; i < set->plugins->len; i++)
    {
      IslePlugin *plugin = g_ptr_array_index (set->plugins, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, isle_plugin_get_id (plugin));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, isle_plugin_get_name (plugin));
      json_builder_set_member_name (b, "description");
      json_builder_add_string_value (b, isle_plugin_get_description (plugin));
      json_builder_set_member_name (b, "strength");
      json_builder_add_int_value (b, isle_plugin_get_strength (plugin));
      json_builder_set_member_name (b, "path");
      json_builder_add_string_value (b, isle_plugin_get_path (plugin));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "refused");
  json_builder_begin_array (b);
  for (guint i = 0; i < set->refused->len; i++)
    json_builder_add_string_value (b, ((GError *) g_ptr_array_index (set->refused, i))->message);
  json_builder_end_array (b);
  json_builder_end_object (b);
  isle_cli_print_json (b, TRUE);
}

static void
print_text (IslePluginSet *set)
{
  printf (_("Plugin folders (plugin ABI version %d):\n"), ISLE_AI_PLUGIN_ABI_VERSION);
  for (guint i = 0; i < set->dirs->len; i++)
    {
      const char *dir = g_ptr_array_index (set->dirs, i);

      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        printf ("  %s\n", dir);
      else
        printf (_("  %s (not there)\n"), dir);
    }
  printf ("\n");
  if (set->plugins->len == 0)
    printf ("%s\n", _("No plugins found."));
  else
    printf ("%s\n", _("Plugins:"));
  for (guint i = 0; i < set->plugins->len; i++)
    {
      IslePlugin *plugin = g_ptr_array_index (set->plugins, i);

      printf (_("  %s — %s (strength %d)\n"), isle_plugin_get_id (plugin),
              isle_plugin_get_name (plugin), isle_plugin_get_strength (plugin));
      if (isle_plugin_get_description (plugin)[0] != '\0')
        printf ("      %s\n", isle_plugin_get_description (plugin));
      printf ("      %s\n", isle_plugin_get_path (plugin));
    }
  if (set->refused->len > 0)
    {
      printf ("\n%s\n", _("Refused:"));
      for (guint i = 0; i < set->refused->len; i++)
        printf ("  %s\n", ((GError *) g_ptr_array_index (set->refused, i))->message);
    }
}

int
isle_cli_plugins (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the list as JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— list the AI plugins found and the ones refused"));
  IslePluginSet *set;

  g_option_context_set_summary (context,
                                _("Plugins are searched in $CRITTER_ISLE_PLUGIN_PATH (folders separated by “:”), "
                                  "in the user’s critter-isle/ai data folder, then in the installed plugin folder. "
                                  "Play one with --players plugin:ID."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("plugins", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  set = isle_plugin_loader_get_default ();
  if (json)
    print_json (set);
  else
    print_text (set);
  return ISLE_CLI_OK;
}
