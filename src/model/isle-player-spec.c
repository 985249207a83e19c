/* isle-player-spec.c — the one parser and formatter of player strings
 * (isle-player-spec.h). The level ids and their old ids live in one table,
 * src/ai/isle-ai.c's registry; this file only reads them through
 * isle_ai_find(). */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isle-builtin-player.h"
#include "isle-engine-player.h"
#include "isle-player-spec.h"
#include "isle-plugin-loader.h"
#include "isle-plugin-player.h"
#include "isle-rules-json.h"

#define HUMAN "human"
#define ENGINE_PREFIX "engine:"

/* Longest text an error message quotes whole. */
#define MAX_QUOTED 80

G_DEFINE_QUARK (isle-player-spec-error-quark, isle_player_spec_error)

/* The built-in levels in the user's language, by their id. A level added
 * to src/ai/isle-ai.c and missing here shows its English name
 * (tests/model/test-player-spec.c checks that none is missing). */
static const struct
{
  const char *id;
  const char *name;
  const char *description;
} level_words[] = {
  { "beginner", N_("Beginner"), N_("Plays any legal move at random") },
  { "easy", N_("Easy"), N_("Takes the best points of the moment") },
  { "medium", N_("Medium"), N_("Looks a few moves ahead") },
  { "hard", N_("Hard"), N_("Searches thousands of possible games") },
  { "expert", N_("Expert"), N_("Searches for most of a second each move") },
};

static void
level_text (const IsleAiLevel *level, const char **name, const char **description)
{
  *name = level->name;
  *description = level->description;
  for (gsize i = 0; i < G_N_ELEMENTS (level_words); i++)
    if (strcmp (level->id, level_words[i].id) == 0)
      {
        *name = _(level_words[i].name);
        *description = _(level_words[i].description);
      }
}

/* TEXT as an error message may quote it: valid UTF-8, cut short when
 * long. */
static char *
quote (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  if (g_utf8_strlen (valid, -1) <= MAX_QUOTED)
    return g_steal_pointer (&valid);
  *g_utf8_offset_to_pointer (valid, MAX_QUOTED) = '\0';
  return g_strconcat (valid, "…", NULL);
}

char *
isle_player_spec_level_ids (void)
{
  GString *ids = g_string_new (NULL);
  const IsleAiLevel *levels;
  int n;

  levels = isle_ai_levels (&n);
  for (int i = 0; i < n; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", levels[i].id);
  return g_string_free (ids, FALSE);
}

gboolean
isle_player_spec_parse (const char *text, IslePlayerSpec *spec, GError **error)
{
  g_autofree char *quoted = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (spec, 0, sizeof *spec);
  if (strcmp (text, HUMAN) == 0)
    {
      spec->kind = ISLE_PLAYER_HUMAN;
      return TRUE;
    }
  if ((spec->level = isle_ai_find (text)) != NULL)
    {
      spec->kind = ISLE_PLAYER_BUILTIN;
      return TRUE;
    }
  quoted = quote (text);
  if (g_str_has_prefix (text, ISLE_PLUGIN_ID_PREFIX))
    {
      const char *id = text + strlen (ISLE_PLUGIN_ID_PREFIX);

      if (!isle_plugin_id_is_valid (id))
        {
          g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                       _("“%s” is not a player: after “plugin:” comes a plugin’s id, 1 to 32 "
                         "characters out of a-z, 0-9, “-”, “_” and “.”"),
                       quoted);
          return FALSE;
        }
      spec->kind = ISLE_PLAYER_PLUGIN;
      spec->plugin_id = g_strdup (id);
      return TRUE;
    }
  if (g_str_has_prefix (text, ENGINE_PREFIX))
    {
      g_autoptr (GError) local = NULL;
      g_auto (GStrv) argv = NULL;

      if (!g_shell_parse_argv (text + strlen (ENGINE_PREFIX), NULL, &argv, &local)
          || argv[0][0] == '\0')
        {
          if (local == NULL || g_error_matches (local, G_SHELL_ERROR, G_SHELL_ERROR_EMPTY_STRING))
            g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                         _("“%s” is not a player: expected a command line after “engine:”"),
                         quoted);
          else
            g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                         _("“%s” is not a player: its command line cannot be read: %s"),
                         quoted, local->message);
          return FALSE;
        }
      spec->kind = ISLE_PLAYER_ENGINE;
      spec->argv = g_steal_pointer (&argv);
      return TRUE;
    }
  {
    g_autofree char *levels = isle_player_spec_level_ids ();

    /* Translators: the second %s is the list of levels, “beginner, easy, medium, hard, expert” */
    g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                 _("“%s” is not a player: expected human, %s, plugin:ID or engine:COMMAND"),
                 quoted, levels);
  }
  return FALSE;
}

void
isle_player_spec_clear (IslePlayerSpec *spec)
{
  g_return_if_fail (spec != NULL);

  g_free (spec->plugin_id);
  g_strfreev (spec->argv);
  memset (spec, 0, sizeof *spec);
}

/* Whether ARG reads back as itself unquoted. */
static gboolean
is_plain_arg (const char *arg)
{
  if (arg[0] == '\0')
    return FALSE;
  for (const char *c = arg; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("-_./:=@%+,", *c) == NULL)
      return FALSE;
  return TRUE;
}

char *
isle_player_spec_format (const IslePlayerSpec *spec)
{
  GString *text;

  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->kind)
    {
    case ISLE_PLAYER_HUMAN:
      return g_strdup (HUMAN);
    case ISLE_PLAYER_BUILTIN:
      g_return_val_if_fail (spec->level != NULL, NULL);
      return g_strdup (spec->level->id);
    case ISLE_PLAYER_PLUGIN:
      g_return_val_if_fail (spec->plugin_id != NULL, NULL);
      return g_strconcat (ISLE_PLUGIN_ID_PREFIX, spec->plugin_id, NULL);
    case ISLE_PLAYER_ENGINE:
      g_return_val_if_fail (spec->argv != NULL && spec->argv[0] != NULL, NULL);
      text = g_string_new (ENGINE_PREFIX);
      for (int i = 0; spec->argv[i] != NULL; i++)
        {
          g_autofree char *quoted = is_plain_arg (spec->argv[i]) ? g_strdup (spec->argv[i])
                                                                 : g_shell_quote (spec->argv[i]);

          g_string_append_printf (text, "%s%s", i > 0 ? " " : "", quoted);
        }
      return g_string_free (text, FALSE);
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
isle_player_spec_canonical (const char *text)
{
  g_auto (IslePlayerSpec) spec = { 0 };

  g_return_val_if_fail (text != NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, NULL))
    return NULL;
  return isle_player_spec_format (&spec);
}

gboolean
isle_player_spec_is_valid (const char *text)
{
  g_auto (IslePlayerSpec) spec = { 0 };

  g_return_val_if_fail (text != NULL, FALSE);

  return isle_player_spec_parse (text, &spec, NULL);
}

gboolean
isle_player_spec_equal (const char *text, const char *other)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (other != NULL, FALSE);

  a = isle_player_spec_canonical (text);
  b = isle_player_spec_canonical (other);
  if (a == NULL || b == NULL)
    return a == NULL && b == NULL && strcmp (text, other) == 0;
  return strcmp (a, b) == 0;
}

gboolean
isle_player_spec_is_human (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  return strcmp (text, HUMAN) == 0;
}

gboolean
isle_player_spec_is_builtin (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  return strcmp (text, HUMAN) == 0 || isle_ai_find (text) != NULL;
}

char *
isle_player_spec_describe (const char *text)
{
  g_auto (IslePlayerSpec) spec = { 0 };
  const char *name, *description;

  g_return_val_if_fail (text != NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, NULL))
    return NULL;
  switch (spec.kind)
    {
    case ISLE_PLAYER_HUMAN:
      return g_strdup (_("Human"));
    case ISLE_PLAYER_BUILTIN:
      level_text (spec.level, &name, &description);
      return g_strdup (name);
    case ISLE_PLAYER_PLUGIN:
      /* Translators: a computer player from a plugin, named by its id */
      return g_strdup_printf (_("Plugin “%s”"), spec.plugin_id);
    case ISLE_PLAYER_ENGINE:
      {
        g_autofree char *program = g_path_get_basename (spec.argv[0]);

        /* Translators: an external engine, named by its program */
        return g_strdup_printf (_("Engine “%s”"), program);
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
isle_player_spec_explain (const char *text)
{
  g_auto (IslePlayerSpec) spec = { 0 };
  const char *name, *description;

  g_return_val_if_fail (text != NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, NULL))
    return NULL;
  switch (spec.kind)
    {
    case ISLE_PLAYER_HUMAN:
      return g_strdup (_("Plays at this computer"));
    case ISLE_PLAYER_BUILTIN:
      level_text (spec.level, &name, &description);
      return g_strdup (description);
    case ISLE_PLAYER_PLUGIN:
      return g_strdup (_("A computer player added as a plugin"));
    case ISLE_PLAYER_ENGINE:
      {
        g_autofree char *canonical = isle_player_spec_format (&spec);

        return g_strdup (canonical + strlen (ENGINE_PREFIX));
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
isle_player_spec_stand_in (const char *text)
{
  const IsleAiLevel *level;

  g_return_val_if_fail (text != NULL, ISLE_PLAYER_SPEC_STAND_IN);

  if (strcmp (text, HUMAN) == 0)
    return HUMAN;
  level = isle_ai_find (text);
  return level != NULL ? level->id : ISLE_PLAYER_SPEC_STAND_IN;
}

gboolean
isle_player_spec_find_program (IslePlayerSpec *spec, GError **error)
{
  char *program;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (spec->kind != ISLE_PLAYER_ENGINE)
    return TRUE;
  g_return_val_if_fail (spec->argv != NULL && spec->argv[0] != NULL, FALSE);
  program = g_find_program_in_path (spec->argv[0]);
  if (program == NULL)
    {
      g_autofree char *command = g_strjoinv (" ", spec->argv);
      g_autofree char *quoted_command = quote (command);
      g_autofree char *quoted = quote (spec->argv[0]);

      /* As isle_engine_player_new() words it when a program does not start. */
      g_set_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START,
                   _("engine %s could not be started: there is no program “%s”"),
                   quoted_command, quoted);
      return FALSE;
    }
  g_free (spec->argv[0]);
  spec->argv[0] = program;
  return TRUE;
}

IsleAiPlayer *
isle_player_spec_new_player (const char *text, const IsleRules *rules, guint64 seed,
                             GError **error)
{
  g_auto (IslePlayerSpec) spec = { 0 };
  g_autofree char *plugin = NULL;
  IsleRules standard;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, error))
    return NULL;
  switch (spec.kind)
    {
    case ISLE_PLAYER_HUMAN:
      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_HUMAN,
                   _("“%s” is a person at this computer, not a computer player"), text);
      return NULL;
    case ISLE_PLAYER_BUILTIN:
      return isle_builtin_player_new (spec.level->id, seed);
    case ISLE_PLAYER_PLUGIN:
      plugin = isle_player_spec_format (&spec);
      return isle_plugin_player_new_for_id (plugin, error);
    case ISLE_PLAYER_ENGINE:
      if (!isle_player_spec_find_program (&spec, error))
        return NULL;
      if (rules == NULL)
        {
          if (!isle_rules_load_standard (&standard, error))
            return NULL;
          rules = &standard;
        }
      return isle_engine_player_new (spec.argv[0], (const char *const *) spec.argv + 1, rules,
                                     error);
    default:
      g_return_val_if_reached (NULL);
    }
}
