/* isle-player-spec.c — the one parser and formatter of player strings
 * (isle-player-spec.h). The level ids and their old ids live in one table,
 * src/ai/isle-ai.c's registry; this file only reads them through
 * isle_ai_find(). */
#include "config.h"

#include <math.h>
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
#define BUDGET_MARK '@'
#define SIMULATIONS_MARK 'n'
#define NOISE_MARK "noise"
#define CARE_MARK "care"
#define MANNER_JOIN '+'      /* not ',', which parts lists of players */

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
  { "beginner", N_("Beginner"), N_("Builds its own lines and often misses yours") },
  { "easy", N_("Easy"), N_("Builds lines and blocks yours, one move at a time") },
  { "medium", N_("Medium"), N_("Looks a few moves ahead") },
  { "hard", N_("Hard"), N_("Searches over a thousand possible games each move") },
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

/* Whether LEVEL thinks for a number of simulations or seconds, and so
 * takes a budget after "@" (the levels that play at once do not). */
static gboolean
takes_budget (const IsleAiLevel *level)
{
  return level->iterations > 0 || level->seconds > 0;
}

/* The ids of the levels, gentlest first, those that take a budget only
 * if BUDGETED: "beginner, easy, …". */
static char *
level_ids (gboolean budgeted)
{
  GString *ids = g_string_new (NULL);
  const IsleAiLevel *levels;
  int n;

  levels = isle_ai_levels (&n);
  for (int i = 0; i < n; i++)
    if (!budgeted || takes_budget (&levels[i]))
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? ", " : "", levels[i].id);
  return g_string_free (ids, FALSE);
}

char *
isle_player_spec_level_ids (void)
{
  return level_ids (FALSE);
}

/* Reads a decimal at *C (digits, maybe a point and more digits: no sign,
 * exponent or space) into VALUE and moves *C past it: FALSE if none is
 * there. */
static gboolean
parse_decimal (const char **c, double *value)
{
  const char *start = *c, *end = start;

  for (; g_ascii_isdigit (*end); end++)
    ;
  if (end == start)
    return FALSE;
  if (*end == '.')
    {
      const char *fraction = ++end;

      for (; g_ascii_isdigit (*end); end++)
        ;
      if (end == fraction)
        return FALSE;
    }
  *value = g_ascii_strtod (start, NULL);
  *c = end;
  return TRUE;
}

/* Appends VALUE to TEXT with the fewest decimals that read back as
 * VALUE. */
static void
append_decimal (GString *text, double value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  for (int decimals = 0; decimals <= 30; decimals++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%df", decimals);

      g_ascii_formatd (number, sizeof number, format, value);
      if (g_ascii_strtod (number, NULL) == value)
        break;
    }
  g_string_append (text, number);
}

/* Reads BUDGET, the text after "@": seconds ("3.6s": digits, maybe a
 * point and more digits, then "s") or simulations ("n20000") a move,
 * within their bounds, into LEVEL's seconds or iterations (the other
 * becomes 0, so "hard@2s" is timed and "expert@n20000" counted). No
 * signs, exponents or spaces: the canonical text is the only other form
 * of the same budget. */
static gboolean
parse_budget (const char *budget, IsleAiLevel *level)
{
  const char *c = budget;
  guint64 count;
  double seconds;

  if (*c == SIMULATIONS_MARK)
    {
      for (c++; g_ascii_isdigit (*c); c++)
        ;
      if (c == budget + 1 || *c != '\0' || c - budget > 12)
        return FALSE;
      count = g_ascii_strtoull (budget + 1, NULL, 10);
      if (count < 1 || count > ISLE_PLAYER_SPEC_MAX_SIMULATIONS)
        return FALSE;
      level->iterations = (uint32_t) count;
      level->seconds = 0;
      return TRUE;
    }
  if (!parse_decimal (&c, &seconds) || strcmp (c, "s") != 0)
    return FALSE;
  if (!(seconds > 0 && seconds <= ISLE_PLAYER_SPEC_MAX_SECONDS))
    return FALSE;
  level->seconds = seconds;
  level->iterations = 0;
  return TRUE;
}

/* Reads MANNER, the text after "@" of a level that plays by instinct:
 * "noiseN" (points of noise, 0 to ISLE_PLAYER_SPEC_MAX_NOISE), "careN"
 * (0 to 1), or both, noise first, joined by "+" ("noise2+care0.3"), into
 * LEVEL's noise and care. */
static gboolean
parse_manner (const char *manner, IsleAiLevel *level)
{
  const char *c = manner;
  double value;

  if (g_str_has_prefix (c, NOISE_MARK))
    {
      c += strlen (NOISE_MARK);
      if (!parse_decimal (&c, &value) || value > ISLE_PLAYER_SPEC_MAX_NOISE)
        return FALSE;
      level->noise = value;
      if (*c == '\0')
        return TRUE;
      if (*c++ != MANNER_JOIN)
        return FALSE;
    }
  if (!g_str_has_prefix (c, CARE_MARK))
    return FALSE;
  c += strlen (CARE_MARK);
  if (!parse_decimal (&c, &value) || value > 1 || *c != '\0')
    return FALSE;
  level->care = value;
  return TRUE;
}

/* Appends LEVEL's budget to TEXT: "@3.6s" (the fewest decimals that read
 * back as the same seconds) or "@n20000"; for a level that plays by
 * instinct, its noise and care where they are not BASE's
 * ("@noise2+care0.3"). */
static void
append_budget (GString *text, const IsleAiLevel *level, const IsleAiLevel *base)
{
  g_string_append_c (text, BUDGET_MARK);
  if (level->seconds > 0)
    {
      append_decimal (text, level->seconds);
      g_string_append_c (text, 's');
    }
  else if (level->iterations > 0)
    g_string_append_printf (text, "%c%u", SIMULATIONS_MARK, level->iterations);
  else
    {
      if (level->noise != base->noise)
        {
          g_string_append (text, NOISE_MARK);
          append_decimal (text, level->noise);
        }
      if (level->care != base->care)
        {
          if (level->noise != base->noise)
            g_string_append_c (text, MANNER_JOIN);
          g_string_append (text, CARE_MARK);
          append_decimal (text, level->care);
        }
    }
}

/* Whether SPEC is a level whose text gives it a budget or a manner of its
 * own. */
static gboolean
has_budget (const IslePlayerSpec *spec)
{
  return spec->budgeted.iterations != spec->level->iterations
         || spec->budgeted.seconds != spec->level->seconds
         || spec->budgeted.noise != spec->level->noise
         || spec->budgeted.care != spec->level->care;
}

/* Reads TEXT as a built-in level, with or without a budget, into SPEC:
 * TRUE if it is one; FALSE if it names no level, and ERROR set only when
 * it does, with a budget that cannot be. */
static gboolean
parse_level (const char *text, const char *quoted, IslePlayerSpec *spec, GError **error)
{
  const char *mark = strchr (text, BUDGET_MARK);
  g_autofree char *id = mark != NULL ? g_strndup (text, (gsize) (mark - text)) : NULL;
  const IsleAiLevel *level = isle_ai_find (mark != NULL ? id : text);

  if (level == NULL)
    return FALSE;
  spec->budgeted = *level;
  if (mark != NULL && !takes_budget (level) && !parse_manner (mark + 1, &spec->budgeted))
    {
      g_autofree char *levels = level_ids (TRUE);

      /* Translators: the second %s is a level's id (“easy”), the third the
       * list of the levels that search (“medium, hard, expert”); the
       * number is the most noise */
      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                   _("“%s” is not a player: %s plays at once, without a thinking budget; after “@” "
                     "come its points of noise, from 0 to %d, and its care to block, from 0 to 1 "
                     "(“@noise2+care0.3”); a thinking budget is for %s"),
                   quoted, level->id, ISLE_PLAYER_SPEC_MAX_NOISE, levels);
      return FALSE;
    }
  if (mark != NULL && takes_budget (level) && !parse_budget (mark + 1, &spec->budgeted))
    {
      /* Translators: the numbers are the bounds: at most 60 seconds, at
       * most 10000000 simulations */
      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                   _("“%s” is not a player: after “@” comes a thinking budget, seconds a move "
                     "more than 0 and up to %d (“@3.6s”) or simulations a move from 1 to %d "
                     "(“@n20000”)"),
                   quoted, ISLE_PLAYER_SPEC_MAX_SECONDS, ISLE_PLAYER_SPEC_MAX_SIMULATIONS);
      return FALSE;
    }
  spec->kind = ISLE_PLAYER_BUILTIN;
  spec->level = level;
  return TRUE;
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

/* The canonical text of ARGV, an engine's command: "engine:" and the
 * arguments quoted only where they must be. */
static char *
engine_text (char **argv)
{
  GString *text = g_string_new (ENGINE_PREFIX);

  for (int i = 0; argv[i] != NULL; i++)
    {
      g_autofree char *quoted = is_plain_arg (argv[i]) ? g_strdup (argv[i]) : g_shell_quote (argv[i]);

      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", quoted);
    }
  return g_string_free (text, FALSE);
}

/* The canonical text of a parsed SPEC whose text is not yet set: "human",
 * the level's id and its budget, or "plugin:ID" from ID, or the engine's
 * from ARGV. */
static char *
canonical_text (const IslePlayerSpec *spec, const char *id, char **argv)
{
  GString *text;

  switch (spec->kind)
    {
    case ISLE_PLAYER_BUILTIN:
      text = g_string_new (spec->level->id);
      if (has_budget (spec))
        append_budget (text, &spec->budgeted, spec->level);
      return g_string_free (text, FALSE);
    case ISLE_PLAYER_PLUGIN:
      return g_strconcat (ISLE_PLUGIN_ID_PREFIX, id, NULL);
    case ISLE_PLAYER_ENGINE:
      return engine_text (argv);
    case ISLE_PLAYER_HUMAN:
    default:
      return g_strdup (HUMAN);
    }
}

/* Reads TEXT into SPEC, its text not yet set; ID and ARGV get a plugin's
 * id and an engine's command. */
static gboolean
parse_kind (const char *text, const char *quoted, IslePlayerSpec *spec, char **id, char ***argv,
            GError **error)
{
  g_autoptr (GError) local = NULL;

  if (strcmp (text, HUMAN) == 0)
    {
      spec->kind = ISLE_PLAYER_HUMAN;
      return TRUE;
    }
  if (parse_level (text, quoted, spec, &local))
    return TRUE;
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (g_str_has_prefix (text, ISLE_PLUGIN_ID_PREFIX))
    {
      const char *plugin = text + strlen (ISLE_PLUGIN_ID_PREFIX);

      if (!isle_plugin_id_is_valid (plugin))
        {
          g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                       _("“%s” is not a player: after “plugin:” comes a plugin’s id, 1 to 32 "
                         "characters out of a-z, 0-9, “-”, “_” and “.”"),
                       quoted);
          return FALSE;
        }
      spec->kind = ISLE_PLAYER_PLUGIN;
      *id = g_strdup (plugin);
      return TRUE;
    }
  if (g_str_has_prefix (text, ENGINE_PREFIX))
    {
      if (!g_shell_parse_argv (text + strlen (ENGINE_PREFIX), NULL, argv, &local)
          || (*argv)[0][0] == '\0')
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

gboolean
isle_player_spec_parse (const char *text, IslePlayerSpec *spec, GError **error)
{
  g_autofree char *quoted = NULL;
  g_autofree char *id = NULL;
  g_auto (GStrv) argv = NULL;
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (spec, 0, sizeof *spec);
  quoted = quote (text);
  if (!parse_kind (text, quoted, spec, &id, &argv, error))
    {
      memset (spec, 0, sizeof *spec);
      return FALSE;
    }
  canonical = canonical_text (spec, id, argv);
  if (strlen (canonical) >= sizeof spec->text)
    {
      memset (spec, 0, sizeof *spec);
      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                   _("“%s” is not a player: a player’s text is at most %d bytes"),
                   quoted, ISLE_PLAYER_SPEC_MAX - 1);
      return FALSE;
    }
  g_strlcpy (spec->text, canonical, sizeof spec->text);
  return TRUE;
}

IslePlayerSpec
isle_player_spec_for (const char *text)
{
  g_autoptr (GError) error = NULL;
  IslePlayerSpec spec;

  g_return_val_if_fail (text != NULL, (IslePlayerSpec) { 0 });

  if (!isle_player_spec_parse (text, &spec, &error))
    g_critical ("%s", error->message);
  return spec;
}

const char *
isle_player_spec_to_text (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, HUMAN);

  return spec->kind == ISLE_PLAYER_HUMAN || spec->text[0] == '\0' ? HUMAN : spec->text;
}

char *
isle_player_spec_format (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return g_strdup (isle_player_spec_to_text (spec));
}

gboolean
isle_player_spec_equal (const IslePlayerSpec *spec, const IslePlayerSpec *other)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (other != NULL, FALSE);

  return spec->kind == other->kind
         && strcmp (isle_player_spec_to_text (spec), isle_player_spec_to_text (other)) == 0;
}

gboolean
isle_player_spec_is_human (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return spec->kind == ISLE_PLAYER_HUMAN;
}

gboolean
isle_player_spec_is_builtin (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return spec->kind == ISLE_PLAYER_HUMAN || spec->kind == ISLE_PLAYER_BUILTIN;
}

const char *
isle_player_spec_get_plugin_id (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return spec->kind == ISLE_PLAYER_PLUGIN ? spec->text + strlen (ISLE_PLUGIN_ID_PREFIX) : NULL;
}

const char *
isle_player_spec_get_command (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return spec->kind == ISLE_PLAYER_ENGINE ? spec->text + strlen (ENGINE_PREFIX) : NULL;
}

char *
isle_player_spec_canonical (const char *text)
{
  IslePlayerSpec spec;

  g_return_val_if_fail (text != NULL, NULL);

  if (!isle_player_spec_parse (text, &spec, NULL))
    return NULL;
  return isle_player_spec_format (&spec);
}

gboolean
isle_player_spec_is_valid (const char *text)
{
  IslePlayerSpec spec;

  g_return_val_if_fail (text != NULL, FALSE);

  return isle_player_spec_parse (text, &spec, NULL);
}

gboolean
isle_player_spec_text_equal (const char *text, const char *other)
{
  IslePlayerSpec a, b;
  gboolean valid_a, valid_b;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (other != NULL, FALSE);

  valid_a = isle_player_spec_parse (text, &a, NULL);
  valid_b = isle_player_spec_parse (other, &b, NULL);
  if (!valid_a || !valid_b)
    return !valid_a && !valid_b && strcmp (text, other) == 0;
  return isle_player_spec_equal (&a, &b);
}

char *
isle_player_spec_get_program_name (const IslePlayerSpec *spec)
{
  g_auto (GStrv) argv = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->kind != ISLE_PLAYER_ENGINE)
    return NULL;
  /* Parsed once already: it reads. */
  if (!g_shell_parse_argv (isle_player_spec_get_command (spec), NULL, &argv, NULL))
    return g_path_get_basename (isle_player_spec_get_command (spec));
  return g_path_get_basename (argv[0]);
}

char *
isle_player_spec_describe (const IslePlayerSpec *spec)
{
  const char *name, *description;

  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->kind)
    {
    case ISLE_PLAYER_HUMAN:
      return g_strdup (_("Human"));
    case ISLE_PLAYER_BUILTIN:
      g_return_val_if_fail (spec->level != NULL, NULL);
      level_text (spec->level, &name, &description);
      if (!has_budget (spec))
        return g_strdup (name);
      if (!takes_budget (spec->level))
        /* Translators: a level that plays by its rules of thumb, their
         * worths blurred by up to some points, and how much (0 to 100%)
         * it cares to block the other side: “Beginner, 2 points of noise,
         * blocking at 30%” */
        return g_strdup_printf (_("%s, %g points of noise, blocking at %d%%"), name,
                                spec->budgeted.noise, (int) lround (spec->budgeted.care * 100));
      if (spec->budgeted.seconds > 0)
        /* Translators: a level and its thinking budget, “Expert, 3.6 s a move” */
        return g_strdup_printf (_("%s, %g s a move"), name, spec->budgeted.seconds);
      /* Translators: a level and its thinking budget, “Hard, 20000 simulations a move” */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u simulation a move",
                                           "%s, %u simulations a move", spec->budgeted.iterations),
                              name, spec->budgeted.iterations);
    case ISLE_PLAYER_PLUGIN:
      /* Translators: a computer player from a plugin, named by its id */
      return g_strdup_printf (_("Plugin “%s”"), isle_player_spec_get_plugin_id (spec));
    case ISLE_PLAYER_ENGINE:
      {
        g_autofree char *program = isle_player_spec_get_program_name (spec);

        /* Translators: an external engine, named by its program */
        return g_strdup_printf (_("Engine “%s”"), program);
      }
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
isle_player_spec_explain (const IslePlayerSpec *spec)
{
  const char *name, *description;

  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->kind)
    {
    case ISLE_PLAYER_HUMAN:
      return g_strdup (_("Plays at this computer"));
    case ISLE_PLAYER_BUILTIN:
      g_return_val_if_fail (spec->level != NULL, NULL);
      level_text (spec->level, &name, &description);
      if (!has_budget (spec))
        return g_strdup (description);
      if (spec->budgeted.seconds > 0)
        return g_strdup_printf (_("Searches possible games for %g s each move"),
                                spec->budgeted.seconds);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Searches %u possible game each move",
                                           "Searches %u possible games each move",
                                           spec->budgeted.iterations),
                              spec->budgeted.iterations);
    case ISLE_PLAYER_PLUGIN:
      return g_strdup (_("A computer player added as a plugin"));
    case ISLE_PLAYER_ENGINE:
      return g_strdup (isle_player_spec_get_command (spec));
    default:
      g_return_val_if_reached (NULL);
    }
}

IslePlayerSpec
isle_player_spec_stand_in (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, isle_player_spec_for (ISLE_PLAYER_SPEC_STAND_IN));

  if (spec->kind == ISLE_PLAYER_HUMAN)
    return isle_player_spec_for (HUMAN);
  return isle_player_spec_for (spec->kind == ISLE_PLAYER_BUILTIN ? spec->level->id
                                                                 : ISLE_PLAYER_SPEC_STAND_IN);
}

IslePlayerSpec
isle_player_spec_for_file (const IslePlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, isle_player_spec_for (ISLE_PLAYER_SPEC_STAND_IN));

  return isle_player_spec_is_builtin (spec) ? *spec : isle_player_spec_stand_in (spec);
}

char **
isle_player_spec_engine_argv (const IslePlayerSpec *spec, GError **error)
{
  g_auto (GStrv) argv = NULL;
  char *program;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (spec->kind != ISLE_PLAYER_ENGINE
      || !g_shell_parse_argv (isle_player_spec_get_command (spec), NULL, &argv, NULL))
    {
      g_autofree char *quoted = quote (isle_player_spec_to_text (spec));

      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID,
                   _("“%s” is not an engine"), quoted);
      return NULL;
    }
  program = g_find_program_in_path (argv[0]);
  if (program == NULL)
    {
      g_autofree char *command = g_strjoinv (" ", argv);
      g_autofree char *quoted_command = quote (command);
      g_autofree char *quoted = quote (argv[0]);

      /* As isle_engine_player_new() words it when a program does not start. */
      g_set_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START,
                   _("engine %s could not be started: there is no program “%s”"),
                   quoted_command, quoted);
      return NULL;
    }
  g_free (argv[0]);
  argv[0] = program;
  return g_steal_pointer (&argv);
}

IsleAiPlayer *
isle_player_spec_new_player (const IslePlayerSpec *spec, const IsleRules *rules, guint64 seed,
                             GError **error)
{
  g_auto (GStrv) argv = NULL;
  IsleRules standard;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (spec->kind)
    {
    case ISLE_PLAYER_HUMAN:
      g_set_error (error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_HUMAN,
                   _("“%s” is a person at this computer, not a computer player"), HUMAN);
      return NULL;
    case ISLE_PLAYER_BUILTIN:
      return isle_builtin_player_new_for_level (&spec->budgeted, spec->text, seed);
    case ISLE_PLAYER_PLUGIN:
      return isle_plugin_player_new_for_id (spec->text, error);
    case ISLE_PLAYER_ENGINE:
      argv = isle_player_spec_engine_argv (spec, error);
      if (argv == NULL)
        return NULL;
      if (rules == NULL)
        {
          if (!isle_rules_load_standard (&standard, error))
            return NULL;
          rules = &standard;
        }
      return isle_engine_player_new (argv[0], (const char *const *) argv + 1, rules, error);
    default:
      g_return_val_if_reached (NULL);
    }
}

typedef struct
{
  IslePlayerSpec spec;
  IsleRules rules;
  guint64 seed;
} MakeData;

static void
make_player_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  MakeData *data = task_data;
  GError *error = NULL;
  IsleAiPlayer *player;

  (void) source;
  (void) cancellable;
  player = isle_player_spec_new_player (&data->spec, &data->rules, data->seed, &error);
  if (player == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, player, g_object_unref);
}

void
isle_player_spec_new_player_async (const IslePlayerSpec *spec, const IsleRules *rules, guint64 seed,
                                   gpointer source, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (source, cancellable, callback, user_data);
  MakeData *data = g_new0 (MakeData, 1);

  g_return_if_fail (spec != NULL);
  data->spec = *spec;
  if (rules != NULL)
    data->rules = *rules;
  else
    isle_rules_load_standard (&data->rules, NULL);
  data->seed = seed;
  g_task_set_source_tag (task, isle_player_spec_new_player_async);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, make_player_thread);
}

IsleAiPlayer *
isle_player_spec_new_player_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isle_player_spec_new_player_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
