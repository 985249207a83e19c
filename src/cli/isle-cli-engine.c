/* isle-cli-engine.c — `critter-isle-cli engine`: the engine side of the
 * protocol in doc/engine-protocol.md, played by one of our own levels. It
 * answers from the observation text it received and nothing else, and never
 * dies on bad input: it answers `error …` and reads on. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-observation-text.h"
#include "isle-player-spec.h"

#define MAX_LINE (64 * 1024)
/* An observation is about 40 lines; this many is surely not one. */
#define MAX_OBSERVATION_LINES 1000

typedef struct
{
  IsleAiLevel level;         /* with its budget (expert@n20000) */
  IsleRng rng;
  IsleRules rules;
  gboolean greeted;
  gboolean have_obs;
  IsleObservation obs;
} Engine;

/* Reads one line of at most MAX_LINE bytes into LINE (without its newline).
 * Returns FALSE at the end of input; *TOO_LONG says the line was cut. */
static gboolean
read_line (GString *line, gboolean *too_long)
{
  int c;

  g_string_truncate (line, 0);
  *too_long = FALSE;
  while ((c = getchar ()) != EOF && c != '\n')
    {
      if (line->len < MAX_LINE)
        g_string_append_c (line, (char) c);
      else
        *too_long = TRUE;
    }
  return c != EOF || line->len > 0;
}

static void
reply (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
reply (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* One line: no newline may leak into a message. */
  g_strdelimit (text, "\r\n", ' ');
  printf ("%s\n", text);
  fflush (stdout);
}

static gboolean
line_ok (GString *line, gboolean too_long)
{
  if (too_long)
    {
      reply ("error %s", _("line longer than 65536 bytes"));
      return FALSE;
    }
  if (memchr (line->str, '\0', line->len) != NULL || !g_utf8_validate (line->str, (gssize) line->len, NULL))
    {
      reply ("error %s", _("line is not UTF-8 text"));
      return FALSE;
    }
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate (line, line->len - 1);
  return TRUE;
}

/* `observation` … `end`: reads the lines and parses them. Returns FALSE at
 * the end of input. */
static gboolean
read_observation (Engine *e)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  gboolean too_long, bad = FALSE, more;
  int n = 0;

  e->have_obs = FALSE;
  while ((more = read_line (line, &too_long)))
    {
      if (!bad && (too_long || memchr (line->str, '\0', line->len) != NULL
                   || !g_utf8_validate (line->str, (gssize) line->len, NULL)))
        {
          reply ("error %s", _("observation line is too long or not UTF-8 text"));
          bad = TRUE;
        }
      if (strcmp (g_strstrip (line->str), "end") == 0)
        break;
      if (++n > MAX_OBSERVATION_LINES && !bad)
        {
          reply ("error %s", _("observation has too many lines"));
          bad = TRUE;
        }
      if (!bad)
        g_string_append_printf (text, "%s\n", line->str);
    }
  if (bad)
    return more;
  if (!more)
    return FALSE;
  e->obs.view.rules = e->rules;
  if (!isle_observation_from_text (text->str, &e->obs, &error))
    {
      reply ("error %s", error->message);
      return TRUE;
    }
  e->have_obs = TRUE;
  return TRUE;
}

/* The observation's position with what is hidden dealt out (the
 * observer's own legal actions are the same in every deal) into STATE and
 * its legal actions into LEGAL, for COMMAND; or says why not (no valid
 * observation, the observer not to move) and returns FALSE. */
static gboolean
observer_to_move (Engine *e, const char *command, IsleState *state, IsleActionList *legal)
{
  IsleRng rng;

  if (!e->have_obs)
    {
      reply ("error %s: %s", command, _("no valid observation"));
      return FALSE;
    }
  isle_rng_seed (&rng, UINT64_C (0x5eed));
  isle_obs_determinize (&e->obs, &rng, state);
  if (isle_state_is_terminal (state) || isle_state_to_move (state) != e->obs.observer)
    {
      reply ("error %s: %s", command, _("the observer is not to move"));
      return FALSE;
    }
  if (isle_state_legal_actions (state, legal) == 0)
    {
      reply ("error %s: %s", command, _("no legal action"));
      return FALSE;
    }
  return TRUE;
}

/* The time of `go <ms>` or `analyse <ms>` in *MS, or says what was
 * expected and returns FALSE. */
static gboolean
parse_budget (const char *command, const char *arg, guint64 *ms)
{
  if (arg == NULL || !g_ascii_string_to_unsigned (arg, 10, 1, 3600 * 1000, ms, NULL))
    {
      reply ("error %s: %s", command, _("expected a time in milliseconds from 1 to 3600000"));
      return FALSE;
    }
  return TRUE;
}

/* The deadline of a budget of MS: a fifth of it (at most a second) is
 * left for the way back. */
static gint64
deadline_of (guint64 ms)
{
  return g_get_monotonic_time () + (gint64) (ms * 1000 - MIN (ms * 200, 1000000));
}

/* `legal`: every legal action of the observer, on one line, as GNU Go's
 * all_legal: "legal pick rW, pick rP". */
static void
legal (Engine *e)
{
  g_autofree IsleState *state = g_new (IsleState, 1);
  g_autofree IsleActionList *list = g_new (IsleActionList, 1);
  g_autoptr (GString) line = g_string_new ("legal");
  char text[32];

  if (!observer_to_move (e, "legal", state, list))
    return;
  for (int i = 0; i < list->n; i++)
    g_string_append_printf (line, "%s %s", i == 0 ? "" : ",", isle_action_format (state, list->actions[i], text));
  reply ("%s", line->str);
}

/* `analyse <ms>` thinks as `go` does, with an `info` line as it starts
 * and every half second after, and answers each legal action's value and
 * visits. */
typedef struct
{
  gint64 deadline;
  gint64 next_info;
  guint32 simulations;       /* run so far (IsleAiLimits.progress) */
} Analysis;

static bool
analysis_should_stop (void *data)
{
  Analysis *a = data;
  gint64 now = g_get_monotonic_time ();

  if (now >= a->next_info)
    {
      reply ("info analysing: %u simulations", a->simulations);
      a->next_info = now + G_USEC_PER_SEC / 2;
    }
  return now >= a->deadline;
}

static double
analysis_seconds_left (void *data)
{
  return (double) (((Analysis *) data)->deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC;
}

static void
analyse (Engine *e, const char *arg)
{
  g_autofree IsleState *state = g_new (IsleState, 1);
  g_autofree IsleActionList *list = g_new (IsleActionList, 1);
  g_autofree IsleAiEvaluation *eval = g_new (IsleAiEvaluation, 1);
  g_autoptr (GString) line = g_string_new (NULL);
  IsleAiLimits limits = { 0 };
  Analysis a = { 0 };
  guint64 ms = 0;
  char text[32];

  if (!parse_budget ("analyse", arg, &ms) || !observer_to_move (e, "analyse", state, list))
    return;
  if (e->level.evaluate == NULL)
    {
      reply ("error analyse: %s", _("this level does not search, so it cannot value actions"));
      return;
    }
  a.deadline = deadline_of (ms);
  a.next_info = g_get_monotonic_time ();
  limits.should_stop = analysis_should_stop;
  limits.seconds_left = analysis_seconds_left;
  limits.data = &a;
  limits.progress = &a.simulations;
  limits.measure = true;
  if (!isle_ai_evaluate (&e->level, &e->obs, &limits, isle_rng_next (&e->rng), eval))
    {
      reply ("error analyse: %s", _("out of memory"));
      return;
    }
  g_string_append_printf (line, "values %.4f", eval->value);
  for (int i = 0; i < eval->n_actions; i++)
    {
      if (eval->actions[i].visits > 0)
        g_string_append_printf (line, "; %s %.4f %u", isle_action_format (state, eval->actions[i].action, text),
                                eval->actions[i].value, eval->actions[i].visits);
      else
        g_string_append_printf (line, "; %s - 0", isle_action_format (state, eval->actions[i].action, text));
    }
  reply ("%s", line->str);
}

static void
go (Engine *e, const char *arg)
{
  g_autofree IsleState *state = g_new (IsleState, 1);
  g_autofree IsleActionList *list = g_new (IsleActionList, 1);
  guint64 ms = 0;
  gint64 deadline;
  IsleAiLimits limits = { 0 };
  IsleAction a;
  char text[32];

  if (!parse_budget ("go", arg, &ms) || !observer_to_move (e, "go", state, list))
    return;
  deadline = deadline_of (ms);
  isle_cli_limits_until (&limits, &deadline);
  a = e->level.choose (&e->level, &e->obs, &limits, isle_rng_next (&e->rng), NULL);
  if (a == 0 || !isle_state_is_legal (state, a))
    {
      reply ("error %s", _("go: the search found no legal action"));
      return;
    }
  reply ("action %s", isle_action_format (state, a, text));
}

int
isle_cli_engine (int argc, char **argv)
{
  g_autofree char *player = NULL;
  g_autofree char *rules_path = NULL;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("The level that plays (default expert)"), N_("LEVEL") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path, N_("Rules until the client sends its own (default: the standard rules)"), N_("FILE") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the searches (default 1)"), N_("N") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("— answer the engine protocol on standard input"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree Engine *e = g_new0 (Engine, 1);
  gboolean too_long;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    return ISLE_CLI_CANNOT_RUN;
  if (!isle_cli_no_arguments ("engine", argc, argv))
    return ISLE_CLI_CANNOT_RUN;
  {
    IslePlayerSpec spec;

    if (!isle_player_spec_parse (player ? player : "expert", &spec, &error))
      {
        g_printerr ("critter-isle-cli engine: %s\n", error->message);
        return ISLE_CLI_CANNOT_RUN;
      }
    if (spec.kind != ISLE_PLAYER_BUILTIN)
      {
        g_autofree char *levels = isle_player_spec_level_ids ();

        g_printerr (_("critter-isle-cli engine: --player “%s”: expected a built-in level: one of %s\n"),
                    player, levels);
        return ISLE_CLI_CANNOT_RUN;
      }
    /* An old id plays as its level and answers with the level's id. */
    e->level = spec.budgeted;
  }
  if (!isle_cli_load_rules (rules_path, &e->rules, &error))
    {
      g_printerr ("critter-isle-cli: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  isle_rng_seed (&e->rng, (guint64) seed);

  while (read_line (line, &too_long))
    {
      g_auto (GStrv) words = NULL;
      const char *command;
      char *rest;

      if (!line_ok (line, too_long))
        continue;
      g_strstrip (line->str);
      if (line->str[0] == '\0')
        continue;
      rest = strchr (line->str, ' ');
      rest = rest ? g_strchug (rest + 1) : NULL;
      words = g_strsplit (line->str, " ", 2);
      command = words[0];

      if (strcmp (command, "quit") == 0)
        return ISLE_CLI_OK;
      if (strcmp (command, "critter-isle-engine") == 0)
        {
          if (g_strcmp0 (rest, "1") != 0)
            {
              reply ("error %s", _("unsupported protocol version; this engine speaks 1"));
              continue;
            }
          e->greeted = TRUE;
          reply ("ready 1 name Critter Isle %s", e->level.id);
          continue;
        }
      if (strcmp (command, "ping") == 0)
        {
          reply ("pong%s%s", rest ? " " : "", rest ? rest : "");
          continue;
        }
      if (!e->greeted)
        {
          reply ("error %s", _("expected “critter-isle-engine 1” first"));
          if (strcmp (command, "observation") == 0)
            {
              /* Skip its lines up to `end`. */
              while (read_line (line, &too_long) && strcmp (g_strstrip (line->str), "end") != 0)
                ;
            }
          continue;
        }
      if (strcmp (command, "rules") == 0)
        {
          g_autoptr (GError) rules_error = NULL;
          IsleRules rules;

          if (rest == NULL || !isle_rules_load_data (&rules, rest, -1, "rules", &rules_error))
            {
              reply ("error %s", rules_error ? rules_error->message : _("rules: expected rules JSON on the line"));
              continue;
            }
          e->rules = rules;
          e->have_obs = FALSE;
          reply ("ok");
        }
      else if (strcmp (command, "observation") == 0)
        {
          if (!read_observation (e))
            break;
        }
      else if (strcmp (command, "go") == 0)
        go (e, rest);
      else if (strcmp (command, "legal") == 0)
        legal (e);
      else if (strcmp (command, "analyse") == 0)
        analyse (e, rest);
      else
        {
          g_autofree char *shown = g_utf8_substring (command, 0, MIN (g_utf8_strlen (command, -1), 40));
          reply ("error %s “%s”", _("unknown command"), shown);
        }
    }
  return ISLE_CLI_OK;
}
