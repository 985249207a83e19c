/* isle-settings.c — the application's GSettings, the last new game, and the
 * players on offer. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isle-ai.h"
#include "isle-match.h"
#include "isle-player-spec.h"
#include "isle-plugin-loader.h"
#include "isle-rules-json.h"
#include "isle-settings.h"

/* Every key this program reads: a schema lacking one (an older installed
 * copy) is passed over for the build folder's. */
static const char *const settings_keys[] = {
  "window-width", "window-height", "window-maximized",
  "variant", "players", "first-seat", "opening-hand", "fog-lift",
  "quick-weather", "strict-memory",
  "animations", "remind-face-down", "default-opponent", "engines",
  "tour-taken", "solved-puzzles", "helped-puzzles", "autosave-players",
  "show-coordinates", "computer-speed",
};

static gboolean
schema_is_complete (GSettingsSchema *schema)
{
  for (gsize i = 0; i < G_N_ELEMENTS (settings_keys); i++)
    if (!g_settings_schema_has_key (schema, settings_keys[i]))
      return FALSE;
  return TRUE;
}

static GSettingsSchema *
find_schema (void)
{
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchemaSource) built = NULL;
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GError) error = NULL;

  if (installed != NULL)
    schema = g_settings_schema_source_lookup (installed, ISLE_SETTINGS_SCHEMA_ID, TRUE);
  if (schema != NULL && schema_is_complete (schema))
    return g_steal_pointer (&schema);

  /* Uninstalled: the schema meson compiled into build/data. */
  built = g_settings_schema_source_new_from_directory (ISLE_BUILD_SCHEMA_DIR, installed,
                                                       FALSE, &error);
  if (built != NULL)
    {
      g_autoptr (GSettingsSchema) from_build =
        g_settings_schema_source_lookup (built, ISLE_SETTINGS_SCHEMA_ID, FALSE);

      if (from_build != NULL)
        return g_steal_pointer (&from_build);
    }
  if (schema != NULL)
    {
      g_warning ("Settings schema %s is incomplete; some settings are not kept",
                 ISLE_SETTINGS_SCHEMA_ID);
      return g_steal_pointer (&schema);
    }
  g_error ("Settings schema %s is neither installed nor in %s%s%s", ISLE_SETTINGS_SCHEMA_ID,
           ISLE_BUILD_SCHEMA_DIR, error != NULL ? ": " : "", error != NULL ? error->message : "");
  return NULL;
}

GSettings *
isle_settings_get (void)
{
  static GSettings *settings;

  if (g_once_init_enter (&settings))
    {
      g_autoptr (GSettingsSchema) schema = find_schema ();

      g_once_init_leave (&settings, g_settings_new_full (schema, NULL, NULL));
    }
  return settings;
}

/* Options stored as "default" (or nothing) keep the standard rules' value. */

static int
option_from_id (const char *id, const char *const *ids, int n, int fallback)
{
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (id, ids[i]) == 0)
      return i;
  return fallback;
}

/* In the order of IsleOpeningHand and IsleFogLift. */
static const char *const opening_ids[] = { "choose", "deal" };
static const char *const fog_lift_ids[] = { "filler", "next" };

/* The player TEXT of a setting names, if it is one that exists now (a
 * level's old id is read as its id). */
static gboolean
stored_player (const char *text, IslePlayerSpec *spec)
{
  return isle_player_spec_parse (text, spec, NULL) && isle_settings_player_exists (spec);
}

static IslePlayerSpec
default_opponent (GSettings *settings)
{
  g_autofree char *text = g_settings_get_string (settings, "default-opponent");
  IslePlayerSpec spec;

  if (stored_player (text, &spec) && !isle_player_spec_is_human (&spec))
    return spec;
  /* The schema's default, a built-in level. */
  {
    g_autoptr (GSettingsSchema) schema = NULL;
    g_autoptr (GSettingsSchemaKey) key = NULL;
    g_autoptr (GVariant) value = NULL;

    g_object_get (settings, "settings-schema", &schema, NULL);
    key = g_settings_schema_get_key (schema, "default-opponent");
    value = g_settings_schema_key_get_default_value (key);
    return isle_player_spec_for (g_variant_get_string (value, NULL));
  }
}

void
isle_settings_load_setup (GSettings *settings, IsleGameSetup *out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *opening = NULL;
  g_autofree char *fog_lift = NULL;
  g_autofree char *weather = NULL;
  IslePlayerSpec opponent;
  g_auto (GStrv) players = NULL;
  g_autoptr (GVariant) strict = NULL;
  g_autoptr (GVariant) strict_value = NULL;
  guint n_players;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (!isle_rules_load_standard (&out->rules, &error))
    g_critical ("The standard rules do not load: %s", error->message);

  variant = g_settings_get_string (settings, "variant");
  out->variant = isle_variant_from_id (variant);
  if (out->variant >= ISLE_N_VARIANTS)
    out->variant = ISLE_VARIANT_WEATHER;

  players = g_settings_get_strv (settings, "players");
  n_players = g_strv_length (players);
  opponent = default_opponent (settings);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      const char *stored = (guint) seat < n_players ? players[seat] : "";

      if (stored[0] == '\0' || !stored_player (stored, &out->players[seat]))
        out->players[seat] = stored[0] == '\0' && seat == 0 ? isle_player_spec_for ("human")
                                                             : opponent;
    }

  out->first_seat = g_settings_get_int (settings, "first-seat");
  if (out->first_seat < 0 || out->first_seat >= isle_game_setup_n_seats (out))
    out->first_seat = 0;

  opening = g_settings_get_string (settings, "opening-hand");
  out->rules.opening_hand = option_from_id (opening, opening_ids, G_N_ELEMENTS (opening_ids),
                                            out->rules.opening_hand);
  fog_lift = g_settings_get_string (settings, "fog-lift");
  out->rules.fog_lift = option_from_id (fog_lift, fog_lift_ids, G_N_ELEMENTS (fog_lift_ids),
                                        out->rules.fog_lift);
  weather = g_settings_get_string (settings, "quick-weather");
  if (isle_weather_from_id (weather) < ISLE_N_WEATHER)
    out->rules.quick_weather = isle_weather_from_id (weather);
  strict = g_settings_get_value (settings, "strict-memory");
  strict_value = g_variant_get_maybe (strict);
  if (strict_value != NULL)
    out->rules.strict_memory = g_variant_get_boolean (strict_value);
}

void
isle_settings_save_setup (GSettings *settings, const IsleGameSetup *setup)
{
  const char *players[ISLE_MAX_SEATS + 1];

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (setup != NULL);
  g_return_if_fail (setup->variant >= 0 && setup->variant < ISLE_N_VARIANTS);

  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    players[seat] = isle_player_spec_to_text (&setup->players[seat]);
  players[ISLE_MAX_SEATS] = NULL;

  g_settings_delay (settings);
  g_settings_set_string (settings, "variant", isle_variant_id (setup->variant));
  g_settings_set_strv (settings, "players", (const char *const *) players);
  g_settings_set_int (settings, "first-seat", CLAMP (setup->first_seat, 0, ISLE_MAX_SEATS - 1));
  if ((guint) setup->rules.opening_hand < G_N_ELEMENTS (opening_ids))
    g_settings_set_string (settings, "opening-hand", opening_ids[setup->rules.opening_hand]);
  if ((guint) setup->rules.fog_lift < G_N_ELEMENTS (fog_lift_ids))
    g_settings_set_string (settings, "fog-lift", fog_lift_ids[setup->rules.fog_lift]);
  if (setup->rules.quick_weather >= 0 && setup->rules.quick_weather < ISLE_N_WEATHER)
    g_settings_set_string (settings, "quick-weather", isle_weather_id (setup->rules.quick_weather));
  g_settings_set_value (settings, "strict-memory",
                        g_variant_new_maybe (G_VARIANT_TYPE_BOOLEAN,
                                             g_variant_new_boolean (setup->rules.strict_memory)));
  g_settings_apply (settings);
}

gboolean
isle_settings_show_own_face_down (GSettings *settings, const IsleRules *rules)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), TRUE);
  g_return_val_if_fail (rules != NULL, TRUE);

  return !rules->strict_memory && g_settings_get_boolean (settings, "remind-face-down");
}

static gboolean
on_tracked_window_close (GtkWindow *window, gpointer user_data)
{
  GSettings *settings = user_data;
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (settings);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_apply (settings);
  return FALSE;   /* let it close */
}

void
isle_settings_track_window (GSettings *settings, GtkWindow *window)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (GTK_IS_WINDOW (window));

  gtk_window_set_default_size (window, g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (window);
  g_signal_connect_object (window, "close-request", G_CALLBACK (on_tracked_window_close),
                           settings, 0);
}

/* Players. */

static IslePlayerChoice *
choice_new (const IslePlayerSpec *spec, const char *description)
{
  IslePlayerChoice *choice = g_new0 (IslePlayerChoice, 1);

  choice->spec = *spec;
  choice->name = isle_settings_player_spec_name (spec);
  choice->description = g_strdup (description);
  return choice;
}

void
isle_player_choice_free (IslePlayerChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->name);
  g_free (choice->description);
  g_free (choice);
}

GPtrArray *
isle_settings_list_players (GSettings *settings, gboolean with_human)
{
  GPtrArray *choices = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_player_choice_free);
  /* Never waits for plugins being probed: they join the list when the
   * probes end (IslePluginLoader:ready), and the lists are made anew. */
  IslePluginSet *plugins = isle_plugin_loader_peek_default ();
  g_auto (GStrv) engines = NULL;
  const IsleAiLevel *levels;
  int n_levels;

  g_return_val_if_fail (G_IS_SETTINGS (settings), choices);

  if (with_human)
    {
      IslePlayerSpec human = isle_player_spec_for ("human");
      g_autofree char *description = isle_player_spec_explain (&human);

      g_ptr_array_add (choices, choice_new (&human, description));
    }
  levels = isle_ai_levels (&n_levels);
  for (int i = 0; i < n_levels; i++)
    {
      IslePlayerSpec level = isle_player_spec_for (levels[i].id);
      g_autofree char *description = isle_player_spec_explain (&level);

      g_ptr_array_add (choices, choice_new (&level, description));
    }
  for (guint i = 0; plugins != NULL && i < plugins->plugins->len; i++)
    {
      IslePlugin *plugin = g_ptr_array_index (plugins->plugins, i);
      const char *description = isle_plugin_get_description (plugin);
      IslePlayerSpec spec;

      if (isle_player_spec_parse (isle_plugin_get_id (plugin), &spec, NULL))
        g_ptr_array_add (choices, choice_new (&spec, description[0] != '\0' ? description
                                                     : _("A computer player added as a plugin")));
    }
  engines = g_settings_get_strv (settings, "engines");
  for (int i = 0; engines[i] != NULL; i++)
    {
      g_autofree char *given = g_strconcat ("engine:", engines[i], NULL);
      IslePlayerSpec spec;

      if (isle_player_spec_parse (given, &spec, NULL))
        g_ptr_array_add (choices, choice_new (&spec, engines[i]));
    }
  return choices;
}

char *
isle_settings_player_name (const char *text)
{
  IslePlayerSpec spec;

  g_return_val_if_fail (text != NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, NULL))
    return g_strdup (text);
  return isle_settings_player_spec_name (&spec);
}

char *
isle_settings_player_spec_name (const IslePlayerSpec *spec)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->kind)
    {
    case ISLE_PLAYER_ENGINE:
      {
        g_autofree char *program = isle_player_spec_get_program_name (spec);

        /* TRANSLATORS: an external engine, named by its program */
        return g_strdup_printf (_("%s (engine)"), program);
      }
    case ISLE_PLAYER_PLUGIN:
      {
        IslePluginSet *set = isle_plugin_loader_peek_default ();
        const char *id = isle_player_spec_get_plugin_id (spec);
        IslePlugin *plugin = set != NULL ? isle_plugin_set_find (set, id) : NULL;

        /* TRANSLATORS: a computer player from a plugin */
        return g_strdup_printf (_("%s (plugin)"), plugin != NULL ? isle_plugin_get_name (plugin) : id);
      }
    case ISLE_PLAYER_BUILTIN:
      name = isle_player_spec_describe (spec);
      /* TRANSLATORS: a built-in level, "Computer: Medium" */
      return g_strdup_printf (_("Computer: %s"), name);
    case ISLE_PLAYER_HUMAN:
    default:
      return isle_player_spec_describe (spec);
    }
}

gboolean
isle_settings_player_exists (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  /* A plugin must be loaded, once the probes have ended (until then it
   * may well be: a player made of it waits for them); an engine is only
   * known to work once started. */
  if (spec->kind == ISLE_PLAYER_PLUGIN)
    {
      IslePluginSet *set = isle_plugin_loader_peek_default ();

      return set == NULL || isle_plugin_set_find (set, isle_player_spec_get_plugin_id (spec)) != NULL;
    }
  return TRUE;
}

static void
value_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void) factory;
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
value_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  (void) factory;
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

GtkListItemFactory *
isle_settings_value_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (value_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (value_bind), NULL);
  return factory;
}

/* The title without its mnemonic's underscores. */
static char *
combo_title (AdwComboRow *row)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  GString *plain = g_string_new (NULL);

  for (const char *c = title ? title : ""; *c != '\0'; c++)
    if (*c != '_' || !adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row)))
      g_string_append_c (plain, *c);
  return g_string_free (plain, FALSE);
}

static void
name_combo_parts (GtkWidget *widget, const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_VIEW (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      else if (GTK_IS_IMAGE (child))
        gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      name_combo_parts (child, title);
    }
}

static void
speak_combo_value (AdwComboRow *row)
{
  gpointer item = adw_combo_row_get_selected_item (row);
  g_autofree char *title = combo_title (row);
  g_autofree char *name = NULL;

  if (GTK_IS_STRING_OBJECT (item))
    /* Translators: a choice's spoken name and its value, "Blue: Beginner" */
    name = g_strdup_printf (_("%s: %s"), title, gtk_string_object_get_string (item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name != NULL ? name : title, -1);
  /* The row names itself by its title label too: once is enough. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  name_combo_parts (GTK_WIDGET (row), title);
}

void
isle_settings_speak_combo_value (AdwComboRow *row)
{
  g_return_if_fail (ADW_IS_COMBO_ROW (row));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (speak_combo_value), NULL);
  g_signal_connect (row, "notify::title", G_CALLBACK (speak_combo_value), NULL);
  speak_combo_value (row);
}

guint
isle_settings_get_move_pause_ms (GSettings *settings)
{
  g_autofree char *speed = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), ISLE_MATCH_DEFAULT_PAUSE_MS);

  speed = g_settings_get_string (settings, "computer-speed");
  if (g_strcmp0 (speed, "slow") == 0)
    return 2 * ISLE_MATCH_DEFAULT_PAUSE_MS;
  if (g_strcmp0 (speed, "fast") == 0)
    return ISLE_MATCH_DEFAULT_PAUSE_MS / 3;
  return ISLE_MATCH_DEFAULT_PAUSE_MS;
}
