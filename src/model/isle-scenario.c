/* isle-scenario.c — `.isle` scenarios, puzzles and saved games
 * (doc/scenario-format.md, data/critter-isle.schema.json).
 *
 * Reading collects every problem instead of stopping at the first: each
 * field is read on its own, and a field that cannot be read only skips the
 * checks that need it. The checks of the start position are the engine's
 * (isle-position.c); this file words them. Writing builds a JSON tree in a
 * fixed order and prints it with a small printer of its own, so that short
 * lists stay on one line and save → load → save gives the same bytes.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "isle-json.h"
#include "isle-notation.h"
#include "isle-old-saved-game.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"
#include "isle-saver.h"
#include "isle-scenario.h"
#include "isle-words.h"

/* Generated from data/critter-isle.gresource.xml (isle-rules-json.c). */
GResource *isle_get_resource (void);

/* Limits of values that are not rules: points and coins stay well inside
 * int32_t. */
#define MAX_POINTS 100000
/* The printer puts a list or object on one line up to this width. */
#define LINE_WIDTH 78


G_DEFINE_QUARK (isle-scenario-error-quark, isle_scenario_error)

/* ---- Problems ------------------------------------------------------------ */

IsleScenarioProblem *
isle_scenario_problem_copy (const IsleScenarioProblem *problem)
{
  IsleScenarioProblem *copy;

  g_return_val_if_fail (problem != NULL, NULL);
  copy = g_new0 (IsleScenarioProblem, 1);
  *copy = *problem;
  copy->path = g_strdup (problem->path);
  copy->message = g_strdup (problem->message);
  copy->section = g_strdup (problem->section);
  return copy;
}

void
isle_scenario_problem_free (IsleScenarioProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->path);
  g_free (problem->message);
  g_free (problem->section);
  g_free (problem);
}

G_DEFINE_BOXED_TYPE (IsleScenarioProblem, isle_scenario_problem,
                     isle_scenario_problem_copy, isle_scenario_problem_free)

static GPtrArray *
problems_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) isle_scenario_problem_free);
}

static void G_GNUC_PRINTF (7, 0)
problem_valist (GPtrArray         *problems,
                IsleScenarioError  code,
                const char        *section,
                const char        *path,
                int                seat,
                int                cell,
                const char        *format,
                va_list            args)
{
  IsleScenarioProblem *p = g_new0 (IsleScenarioProblem, 1);

  p->message = g_strdup_vprintf (format, args);
  p->code = code;
  p->path = g_strdup (path != NULL ? path : "");
  p->seat = seat;
  p->cell = cell;
  p->section = g_strdup (section);
  g_ptr_array_add (problems, p);
}

static void G_GNUC_PRINTF (6, 7)
problem (GPtrArray         *problems,
         IsleScenarioError  code,
         const char        *path,
         int                seat,
         int                cell,
         const char        *format,
         ...)
{
  va_list args;

  va_start (args, format);
  problem_valist (problems, code, NULL, path, seat, cell, format, args);
  va_end (args);
}

/* A problem against the rules: the message is a plain sentence a player
 * understands, SECTION ("R5", "R1, R9.3") the rules it breaks, kept apart
 * so an editor shows it in a tooltip and the CLI after the sentence. */
static void G_GNUC_PRINTF (7, 8)
rule_problem (GPtrArray         *problems,
              IsleScenarioError  code,
              const char        *section,
              const char        *path,
              int                seat,
              int                cell,
              const char        *format,
              ...)
{
  va_list args;

  va_start (args, format);
  problem_valist (problems, code, section, path, seat, cell, format, args);
  va_end (args);
}

char *
isle_scenario_problems_to_string (GPtrArray  *problems,
                                  const char *name)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (problems != NULL, NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      IsleScenarioProblem *p = g_ptr_array_index (problems, i);

      if (i > 0)
        g_string_append_c (s, '\n');
      if (name != NULL)
        g_string_append_printf (s, "%s: ", name);
      if (p->path[0] != '\0')
        g_string_append_printf (s, "%s: ", p->path);
      g_string_append (s, p->message);
      if (p->section != NULL)
        g_string_append_printf (s, " (%s)", p->section);
    }
  return g_string_free (s, FALSE);
}

/* ERROR from the first problem's code, listing them all. */
static void
set_error_from_problems (GError    **error,
                         GPtrArray  *problems,
                         const char *name)
{
  g_autofree char *text = isle_scenario_problems_to_string (problems, name);
  IsleScenarioProblem *first = g_ptr_array_index (problems, 0);

  g_set_error_literal (error, ISLE_SCENARIO_ERROR, first->code, text);
}

/* ---- The object ---------------------------------------------------------- */

struct _IsleScenario
{
  GObject parent_instance;

  char *title;
  char *author;
  char *description;
  IsleDifficulty difficulty;
  GStrv hints;

  IsleVariant variant;
  IsleRules rules;
  gboolean full_rules;           /* write the rules whole (saved games) */
  gboolean has_seed;
  guint64 seed;
  int first_seat;
  IslePosition *start;           /* NULL: the normal start */

  gboolean has_player;           /* write "player" and "opponent" */
  int player;
  char *opponent;
  IsleScenarioGoal goal;
  GStrv solution;

  GStrv players;                 /* NULL: derived from player and opponent */
  GStrv actions;                 /* NULL: no history */
  guint position;
  char *saved;
};

G_DEFINE_FINAL_TYPE (IsleScenario, isle_scenario, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed (IsleScenario *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
isle_scenario_finalize (GObject *object)
{
  IsleScenario *self = ISLE_SCENARIO (object);

  g_free (self->title);
  g_free (self->author);
  g_free (self->description);
  g_strfreev (self->hints);
  g_free (self->start);
  g_free (self->opponent);
  g_strfreev (self->solution);
  g_strfreev (self->players);
  g_strfreev (self->actions);
  g_free (self->saved);
  G_OBJECT_CLASS (isle_scenario_parent_class)->finalize (object);
}

static void
isle_scenario_class_init (IsleScenarioClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isle_scenario_finalize;

  /* Emitted by every setter, so an editor can check the scenario again. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
load_standard_rules (IsleRules *rules)
{
  g_autoptr (GError) error = NULL;

  /* The standard rules are compiled in: failing to read them is a bug. */
  if (!isle_rules_load_standard (rules, &error))
    g_error ("cannot load the standard rules: %s", error->message);
}

static void
isle_scenario_init (IsleScenario *self)
{
  self->variant = ISLE_VARIANT_BASIC;
  load_standard_rules (&self->rules);
  self->opponent = g_strdup ("medium");
}

IsleScenario *
isle_scenario_new (void)
{
  return g_object_new (ISLE_TYPE_SCENARIO, NULL);
}

IsleScenario *
isle_scenario_copy (IsleScenario *self)
{
  IsleScenario *copy;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  copy = isle_scenario_new ();
  copy->title = g_strdup (self->title);
  copy->author = g_strdup (self->author);
  copy->description = g_strdup (self->description);
  copy->difficulty = self->difficulty;
  copy->hints = g_strdupv (self->hints);
  copy->variant = self->variant;
  copy->rules = self->rules;
  copy->full_rules = self->full_rules;
  copy->has_seed = self->has_seed;
  copy->seed = self->seed;
  copy->first_seat = self->first_seat;
  copy->start = self->start != NULL ? g_memdup2 (self->start, sizeof *self->start) : NULL;
  copy->has_player = self->has_player;
  copy->player = self->player;
  g_free (copy->opponent);
  copy->opponent = g_strdup (self->opponent);
  copy->goal = self->goal;
  copy->solution = g_strdupv (self->solution);
  copy->players = g_strdupv (self->players);
  copy->actions = g_strdupv (self->actions);
  copy->position = self->position;
  copy->saved = g_strdup (self->saved);
  return copy;
}

/* ---- Fields -------------------------------------------------------------- */

static void
set_string (IsleScenario *self, char **field, const char *value)
{
  if (value != NULL && value[0] == '\0')
    value = NULL;
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  changed (self);
}

static GStrv
strv_or_null (const char *const *v)
{
  return v != NULL && v[0] != NULL ? g_strdupv ((char **) v) : NULL;
}

/* A player as kept and written: a level's old id becomes its id; anything
 * else stays as it is, for the checks to quote. */
static char *
player_dup (const char *spec)
{
  return g_strdup (isle_player_spec_is_builtin (spec) ? isle_player_spec_stand_in (spec) : spec);
}

static char **
players_dup (const char *const *players)
{
  char **copy = strv_or_null (players);

  for (guint i = 0; copy != NULL && copy[i] != NULL; i++)
    {
      char *canonical = player_dup (copy[i]);

      g_free (copy[i]);
      copy[i] = canonical;
    }
  return copy;
}

const char *
isle_scenario_get_title (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->title;
}

void
isle_scenario_set_title (IsleScenario *self, const char *title)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  set_string (self, &self->title, title);
}

const char *
isle_scenario_get_author (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->author;
}

void
isle_scenario_set_author (IsleScenario *self, const char *author)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  set_string (self, &self->author, author);
}

const char *
isle_scenario_get_description (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->description;
}

void
isle_scenario_set_description (IsleScenario *self, const char *description)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  set_string (self, &self->description, description);
}

IsleDifficulty
isle_scenario_get_difficulty (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), ISLE_DIFFICULTY_NONE);
  return self->difficulty;
}

void
isle_scenario_set_difficulty (IsleScenario *self, IsleDifficulty difficulty)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (difficulty <= ISLE_DIFFICULTY_HARD);
  self->difficulty = difficulty;
  changed (self);
}

const char *const *
isle_scenario_get_hints (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return (const char *const *) self->hints;
}

void
isle_scenario_set_hints (IsleScenario *self, const char *const *hints)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_strfreev (self->hints);
  self->hints = strv_or_null (hints);
  changed (self);
}

IsleVariant
isle_scenario_get_variant (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), ISLE_VARIANT_BASIC);
  return self->variant;
}

void
isle_scenario_set_variant (IsleScenario *self, IsleVariant variant)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail ((unsigned) variant < ISLE_N_VARIANTS);
  self->variant = variant;
  changed (self);
}

int
isle_scenario_get_n_seats (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 2);
  return self->variant == ISLE_VARIANT_TEAM ? ISLE_MAX_SEATS : 2;   /* R11 */
}

const IsleRules *
isle_scenario_get_rules (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return &self->rules;
}

void
isle_scenario_set_rules (IsleScenario *self, const IsleRules *rules)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (rules != NULL);
  self->rules = *rules;
  changed (self);
}

gboolean
isle_scenario_get_has_seed (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  return self->has_seed;
}

guint64
isle_scenario_get_seed (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->seed;
}

void
isle_scenario_set_seed (IsleScenario *self, guint64 seed)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  self->has_seed = TRUE;
  self->seed = seed;
  changed (self);
}

void
isle_scenario_unset_seed (IsleScenario *self)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  self->has_seed = FALSE;
  self->seed = 0;
  changed (self);
}

int
isle_scenario_get_first_seat (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->start != NULL ? self->start->first_seat : self->first_seat;
}

void
isle_scenario_set_first_seat (IsleScenario *self, int seat)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (seat >= 0 && seat < ISLE_MAX_SEATS);
  self->first_seat = seat;
  changed (self);
}

const IslePosition *
isle_scenario_get_start (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->start;
}

void
isle_scenario_set_start (IsleScenario *self, const IslePosition *start)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_clear_pointer (&self->start, g_free);
  if (start != NULL)
    self->start = g_memdup2 (start, sizeof *start);
  changed (self);
}

void
isle_scenario_set_start_from_state (IsleScenario *self, const IsleState *state)
{
  IslePosition position;

  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (state != NULL);
  isle_position_from_state (&position, state);
  self->variant = (IsleVariant) state->variant;
  self->rules = state->rules;
  isle_scenario_set_start (self, &position);
}

int
isle_scenario_get_player (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->player;
}

void
isle_scenario_set_player (IsleScenario *self, int seat)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  self->player = seat;
  self->has_player = TRUE;
  changed (self);
}

const char *
isle_scenario_get_opponent (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->opponent;
}

void
isle_scenario_set_opponent (IsleScenario *self, const char *level)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (level != NULL);
  g_free (self->opponent);
  self->opponent = player_dup (level);
  self->has_player = TRUE;
  changed (self);
}

void
isle_scenario_get_goal (IsleScenario *self, IsleScenarioGoal *goal)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (goal != NULL);
  *goal = self->goal;
}

void
isle_scenario_set_goal (IsleScenario *self, const IsleScenarioGoal *goal)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  if (goal == NULL)
    memset (&self->goal, 0, sizeof self->goal);
  else
    self->goal = *goal;
  changed (self);
}

const char *const *
isle_scenario_get_solution (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return (const char *const *) self->solution;
}

void
isle_scenario_set_solution (IsleScenario *self, const char *const *solution)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_strfreev (self->solution);
  self->solution = strv_or_null (solution);
  changed (self);
}

const char *const *
isle_scenario_get_players (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return (const char *const *) self->players;
}

void
isle_scenario_set_players (IsleScenario *self, const char *const *players)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_strfreev (self->players);
  self->players = players_dup (players);
  changed (self);
}

const char *const *
isle_scenario_get_actions (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return (const char *const *) self->actions;
}

guint
isle_scenario_get_position (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->position;
}

void
isle_scenario_set_history (IsleScenario *self, const char *const *actions,
                           guint position)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_strfreev (self->actions);
  self->actions = actions != NULL ? g_strdupv ((char **) actions) : NULL;
  self->position = position;
  changed (self);
}

const char *
isle_scenario_get_saved (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->saved;
}

void
isle_scenario_set_saved (IsleScenario *self, const char *saved)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  set_string (self, &self->saved, saved);
}

const char *
isle_scenario_player_stand_in (const char *spec)
{
  g_return_val_if_fail (spec != NULL, ISLE_PLAYER_SPEC_STAND_IN);
  return isle_player_spec_stand_in (spec);
}

void
isle_scenario_set_game (IsleScenario *self, const IsleGameSetup *setup, guint64 seed,
                        const char *const *actions, guint position, const char *saved)
{
  g_autoptr (GStrvBuilder) players = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) history = g_strv_builder_new ();

  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (setup != NULL);

  /* A saved game keeps its rules whole, so it resumes under them even
   * after the standard rules change. */
  self->rules = setup->rules;
  self->full_rules = TRUE;
  self->has_seed = TRUE;
  self->seed = seed;
  /* A file never names a program or a plugin (the app remembers them). */
  for (int seat = 0; seat < isle_game_setup_n_seats (setup); seat++)
    g_strv_builder_add (players, isle_scenario_player_stand_in (setup->players[seat]));
  g_strfreev (self->players);
  self->players = g_strv_builder_end (players);

  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    g_strv_builder_add (history, actions[i]);
  g_strfreev (self->actions);
  self->actions = g_strv_builder_end (history);
  self->position = position;
  g_free (self->saved);
  self->saved = g_strdup (saved);
  changed (self);
}

/* ---- Ids and words ------------------------------------------------------- */

static const char *const difficulty_ids[] = {
  [ISLE_DIFFICULTY_NONE] = "",
  [ISLE_DIFFICULTY_EASY] = "easy",
  [ISLE_DIFFICULTY_MEDIUM] = "medium",
  [ISLE_DIFFICULTY_HARD] = "hard",
};

static const char *const goal_ids[] = {
  [ISLE_GOAL_NONE] = "",
  [ISLE_GOAL_WIN_GAME] = "win-game",
  [ISLE_GOAL_SCORE_ROUND] = "score-round",
  [ISLE_GOAL_WIN_ROUND] = "win-round",
  [ISLE_GOAL_LINE] = "line",
  [ISLE_GOAL_COINS] = "coins",
};

/* The member holding a goal's number. */
static const char *const goal_value_keys[] = {
  [ISLE_GOAL_NONE] = NULL,
  [ISLE_GOAL_WIN_GAME] = NULL,
  [ISLE_GOAL_SCORE_ROUND] = "at_least",
  [ISLE_GOAL_WIN_ROUND] = "by",
  [ISLE_GOAL_LINE] = "length",
  [ISLE_GOAL_COINS] = "at_least",
};

static const char *const side_ids[ISLE_N_SIDES] = { "red", "blue" };

static const char *
side_name (int side)
{
  return side == ISLE_SIDE_RED ? _("Red") : _("Blue");
}

static const char *
seat_name (int n_seats, int seat)
{
  static const char *const two[] = { N_("Red"), N_("Blue") };
  static const char *const four[] = { N_("Red 1"), N_("Blue 1"), N_("Red 2"), N_("Blue 2") };

  if (seat < 0 || seat >= n_seats)
    return "?";
  return n_seats > 2 ? _(four[seat]) : _(two[seat]);
}

/* "a, b, c" */
static char *
join (const char *const *ids, gsize n)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    {
      if (ids[i] == NULL || ids[i][0] == '\0')
        continue;
      if (s->len > 0)
        g_string_append (s, ", ");
      g_string_append (s, ids[i]);
    }
  return g_string_free (s, FALSE);
}


/* ---- Reading ------------------------------------------------------------- */

/* Fields that could not be read: the checks that need them are skipped. */
enum
{
  BROKEN_VARIANT = 1 << 0,
  BROKEN_RULES = 1 << 1,
  BROKEN_START = 1 << 2,
  BROKEN_PLAYERS = 1 << 3,
  BROKEN_ACTIONS = 1 << 4,
  BROKEN_SOLUTION = 1 << 5,
  BROKEN_GOAL = 1 << 6,
  BROKEN_SEED = 1 << 7,
};

typedef struct
{
  IsleScenario *sc;
  GPtrArray *problems;
  guint broken;
} Reader;

static const char *const top_fields[] = {
  "format", "version", "title", "author", "description", "difficulty", "hints",
  "variant", "rules", "seed", "first_seat", "start", "player", "opponent",
  "goal", "solution", "players", "actions", "position", "saved",
};

static const char *const start_fields[] = {
  "round", "first_seat", "to_move", "weather", "deck", "board", "hands",
  "piles", "coins", "scores", "hired",
};

/* The rules fields a scenario may override (doc/scenario-format.md). */
static const char *const rules_fields[] = {
  "line_score", "hire_cost", "weather_deck", "rounds", "max_extra_rounds",
  "quick_start_coins", "options",
};



static void
expected (Reader *r, const char *path, const char *what, JsonNode *node)
{
  g_autofree char *got = isle_json_describe (node);

  problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, path, -1, -1,
           _("expected %s, got %s"), what, got);
}

static gboolean
check_members (Reader *r, JsonObject *object, const char *parent,
               const char *const *known, gsize n_known)
{
  g_autoptr (GList) members = json_object_get_members (object);
  gboolean ok = TRUE;

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      gboolean found = FALSE;

      for (gsize i = 0; i < n_known && !found; i++)
        found = strcmp (known[i], member) == 0;
      if (!found)
        {
          g_autofree char *path = parent ? g_strdup_printf ("%s.%s", parent, member) : g_strdup (member);
          g_autofree char *list = join (known, n_known);

          problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, path, -1, -1,
                   _("unknown field; expected one of %s"), list);
          ok = FALSE;
        }
    }
  return ok;
}

/* A string of at most ISLE_SCENARIO_MAX_STRING bytes of UTF-8, or NULL. */
static const char *
read_string (Reader *r, JsonNode *node, const char *path, const char *what)
{
  const char *s;

  if (!isle_json_holds_string (node))
    {
      expected (r, path, what, node);
      return NULL;
    }
  s = json_node_get_string (node);
  if (strlen (s) > ISLE_SCENARIO_MAX_STRING)
    {
      problem (r->problems, ISLE_SCENARIO_ERROR_TOO_LARGE, path, -1, -1,
               _("longer than %d bytes; expected %s"), ISLE_SCENARIO_MAX_STRING, what);
      return NULL;
    }
  if (!g_utf8_validate (s, -1, NULL))
    {
      expected (r, path, what, node);
      return NULL;
    }
  return s;
}

static gboolean
read_int (Reader *r, JsonNode *node, const char *path, gint64 min, gint64 max, gint64 *out)
{
  if (!isle_json_holds_integer (node) || json_node_get_int (node) < min || json_node_get_int (node) > max)
    {
      g_autofree char *what = g_strdup_printf (_("an integer from %" PRId64
                                                 " to %" PRId64), min, max);
      expected (r, path, what, node);
      return FALSE;
    }
  *out = json_node_get_int (node);
  return TRUE;
}

/* An array of strings, at most MAX of them; NULL on a problem. */
static GStrv
read_strings (Reader *r, JsonNode *node, const char *path, guint max, const char *what)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;
  guint n;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *list = g_strdup_printf (_("an array of %s"), what);
      expected (r, path, list, node);
      return NULL;
    }
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > max)
    {
      problem (r->problems, ISLE_SCENARIO_ERROR_TOO_LARGE, path, -1, -1,
               _("%u entries; expected at most %u"), n, max);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      const char *s = read_string (r, json_array_get_element (array, i), item, what);

      if (s == NULL)
        ok = FALSE;
      else
        g_strv_builder_add (builder, s);
    }
  return ok ? g_strv_builder_end (builder) : NULL;
}

/* One of IDS (N of them; empty ids are skipped), or -1. */
static int
read_choice (Reader *r, JsonNode *node, const char *path, const char *const *ids, gsize n)
{
  g_autofree char *list = join (ids, n);
  g_autofree char *what = g_strdup_printf (_("one of %s"), list);
  const char *s = read_string (r, node, path, what);

  if (s == NULL)
    return -1;
  for (gsize i = 0; i < n; i++)
    if (ids[i][0] != '\0' && strcmp (ids[i], s) == 0)
      return (int) i;
  expected (r, path, what, node);
  return -1;
}

static const char *const *
variant_ids (void)
{
  static const char *ids[ISLE_N_VARIANTS];

  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    ids[v] = isle_variant_id ((IsleVariant) v);
  return ids;
}

static const char *const *
weather_ids (void)
{
  static const char *ids[ISLE_N_WEATHER];

  for (int w = 0; w < ISLE_N_WEATHER; w++)
    ids[w] = isle_weather_id ((IsleWeather) w);
  return ids;
}

static gboolean
read_seed_text (const char *text, guint64 *seed)
{
  /* Digits only: g_ascii_string_to_unsigned() would also take a sign. */
  return text != NULL && text[0] >= '0' && text[0] <= '9'
         && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL);
}

/* R3: one token's kind code in a hand, a pile or a hire ("W"). */
static IsleKind
read_code (Reader *r, JsonNode *node, const char *path, gboolean mercenary_only)
{
  const char *what = mercenary_only
    ? _("a mercenary's code: F, T, C, M, S, G, L, K, O, D or H")
    : _("a token's kind code: W, P, R, B, F, T, C, M, S, G, L, K, O, D or H");
  IsleKind kind = ISLE_KIND_NONE;

  if (isle_json_holds_string (node) && strlen (json_node_get_string (node)) == 1)
    kind = isle_kind_from_code (json_node_get_string (node)[0]);
  if (kind == ISLE_KIND_NONE || (mercenary_only && !isle_kind_is_mercenary (kind)))
    {
      expected (r, path, what, node);
      return ISLE_KIND_NONE;
    }
  return kind;
}

/* A hand or pile: "random" or a list of at most MAX kind codes. */
static gboolean
read_tokens (Reader *r, JsonNode *node, const char *path, int max,
             bool *random, uint8_t *len, uint8_t *kinds)
{
  JsonArray *array;
  guint n;
  gboolean ok = TRUE;

  if (isle_json_holds_string (node) && strcmp (json_node_get_string (node), "random") == 0)
    {
      *random = true;
      *len = 0;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      expected (r, path, _("“random” or an array of kind codes"), node);
      return FALSE;
    }
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > (guint) max)
    {
      problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, path, -1, -1,
               _("%u tokens; expected at most %d"), n, max);
      return FALSE;
    }
  *random = false;
  *len = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s[%u]", path, i);
      IsleKind kind = read_code (r, json_array_get_element (array, i), item, FALSE);

      if (kind == ISLE_KIND_NONE)
        ok = FALSE;
      else
        kinds[(*len)++] = (uint8_t) kind;
    }
  return ok;
}

/* R3: a row of the map, "rW . # bK* …", into row ROW of BOARD. */
static gboolean
read_row (Reader *r, JsonNode *node, const char *path, int row, IsleBoard *board)
{
  g_auto (GStrv) cells = NULL;
  const char *text = read_string (r, node, path, _("a row of 6 cells in R3 notation"));
  int column = 0;
  gboolean ok = TRUE;

  if (text == NULL)
    return FALSE;
  cells = g_strsplit_set (text, " \t", -1);
  for (int i = 0; cells[i] != NULL; i++)
    {
      const char *t = cells[i];
      int cell;
      char name[3];
      IsleNotationError err;

      if (t[0] == '\0')
        continue;
      if (column >= ISLE_BOARD_SIZE)
        {
          rule_problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, "R3", path, -1, -1,
                        _("A row has more than %d cells; write %d cells separated by spaces."),
                        ISLE_BOARD_SIZE, ISLE_BOARD_SIZE);
          return FALSE;
        }
      cell = isle_cell (column++, row);
      isle_cell_name (cell, name);
      if (strcmp (t, ".") == 0)
        continue;
      if (strcmp (t, "#") == 0)
        {
          board->fog |= UINT64_C (1) << cell;
          continue;
        }
      if (!isle_token_parse (t, strlen (t), &board->cells[cell], &err))
        {
          /* Translators: a tile's name, then the notation's message */
          rule_problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, "R3", path, -1, cell,
                        _("%s: %s"), name, err.message);
          memset (&board->cells[cell], 0, sizeof board->cells[cell]);
          ok = FALSE;
        }
    }
  if (column < ISLE_BOARD_SIZE)
    {
      rule_problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, "R3", path, -1, -1,
                    _("A row has only %d of its %d cells; write them separated by spaces."),
                    column, ISLE_BOARD_SIZE);
      return FALSE;
    }
  return ok;
}

/* {"red": N, "blue": N} with each N in MIN..MAX. */
static gboolean
read_sides (Reader *r, JsonNode *node, const char *path, gint64 min, gint64 max,
            int32_t out[ISLE_N_SIDES])
{
  JsonObject *object;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      expected (r, path, _("an object with members red and blue"), node);
      return FALSE;
    }
  object = json_node_get_object (node);
  ok = check_members (r, object, path, side_ids, ISLE_N_SIDES);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      JsonNode *m = json_object_get_member (object, side_ids[side]);
      g_autofree char *p = g_strdup_printf ("%s.%s", path, side_ids[side]);
      gint64 v;

      if (m == NULL)
        {
          out[side] = 0;
          continue;
        }
      if (read_int (r, m, p, min, max, &v))
        out[side] = (int32_t) v;
      else
        ok = FALSE;
    }
  return ok;
}

static gboolean
read_start (Reader *r, JsonNode *node, IslePosition *pos)
{
  int n_seats = isle_scenario_get_n_seats (r->sc);
  JsonObject *o;
  JsonNode *m;
  gint64 v;
  gboolean ok = TRUE;

  isle_position_init (pos);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      expected (r, "start", _("an object describing a position"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  ok &= check_members (r, o, "start", start_fields, G_N_ELEMENTS (start_fields));

  if ((m = json_object_get_member (o, "round")) != NULL)
    {
      if (read_int (r, m, "start.round", 1, ISLE_MAX_ROUNDS, &v))
        pos->round = (uint8_t) v;
      else
        ok = FALSE;
    }
  if ((m = json_object_get_member (o, "first_seat")) != NULL)
    {
      if (read_int (r, m, "start.first_seat", 0, n_seats - 1, &v))
        pos->first_seat = (uint8_t) v;
      else
        ok = FALSE;
    }
  if ((m = json_object_get_member (o, "to_move")) == NULL)
    {
      problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "start.to_move", -1, -1,
               _("missing; expected the seat whose turn begins, 0 to %d"), n_seats - 1);
      ok = FALSE;
    }
  else if (read_int (r, m, "start.to_move", 0, n_seats - 1, &v))
    pos->to_move = (uint8_t) v;
  else
    ok = FALSE;

  /* R4, R11: Sunny; R10: the quick game's weather; R6: it must be said. */
  if ((m = json_object_get_member (o, "weather")) != NULL)
    {
      int w = read_choice (r, m, "start.weather", weather_ids (), ISLE_N_WEATHER);

      if (w < 0)
        ok = FALSE;
      else
        pos->weather = (uint8_t) w;
    }
  else if (r->sc->variant == ISLE_VARIANT_QUICK)
    pos->weather = (uint8_t) r->sc->rules.quick_weather;
  else if (r->sc->variant == ISLE_VARIANT_WEATHER || r->sc->variant == ISLE_VARIANT_MERCENARY)
    {
      g_autofree char *list = join (weather_ids (), ISLE_N_WEATHER);

      rule_problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "R6.1", "start.weather", -1, -1,
                    _("The weather in play is missing; give one of %s."), list);
      ok = FALSE;
    }

  if ((m = json_object_get_member (o, "deck")) != NULL)
    {
      JsonArray *deck;

      if (!JSON_NODE_HOLDS_ARRAY (m))
        {
          expected (r, "start.deck", _("an array of weather cards, top first"), m);
          ok = FALSE;
        }
      else if (json_array_get_length ((deck = json_node_get_array (m))) > ISLE_MAX_WEATHER_CARDS)
        {
          problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, "start.deck", -1, -1,
                   _("%u cards; expected at most %d"), json_array_get_length (deck),
                   ISLE_MAX_WEATHER_CARDS);
          ok = FALSE;
        }
      else
        {
          pos->has_deck = true;
          for (guint i = 0; i < json_array_get_length (deck); i++)
            {
              g_autofree char *p = g_strdup_printf ("start.deck[%u]", i);
              int w = read_choice (r, json_array_get_element (deck, i), p, weather_ids (), ISLE_N_WEATHER);

              if (w < 0)
                ok = FALSE;
              else
                pos->deck[pos->deck_len++] = (uint8_t) w;
            }
        }
    }

  if ((m = json_object_get_member (o, "board")) == NULL)
    {
      problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "start.board", -1, -1,
               _("missing; expected the map as 6 rows of R3 notation"));
      ok = FALSE;
    }
  else if (!JSON_NODE_HOLDS_ARRAY (m))
    {
      expected (r, "start.board", _("an array of 6 rows of R3 notation, row 1 first"), m);
      ok = FALSE;
    }
  else if (json_array_get_length (json_node_get_array (m)) != ISLE_BOARD_SIZE)
    {
      rule_problem (r->problems, ISLE_SCENARIO_ERROR_POSITION, "R1, R3", "start.board", -1, -1,
                    _("The map must have %d rows of %d cells, row 1 first; this one has %u."),
                    ISLE_BOARD_SIZE, ISLE_BOARD_SIZE, json_array_get_length (json_node_get_array (m)));
      ok = FALSE;
    }
  else
    for (int row = 0; row < ISLE_BOARD_SIZE; row++)
      {
        g_autofree char *p = g_strdup_printf ("start.board[%d]", row);

        ok &= read_row (r, json_array_get_element (json_node_get_array (m), (guint) row),
                        p, row, &pos->board);
      }
  isle_board_sync (&pos->board);

  for (int which = 0; which < 2; which++)
    {
      const char *key = which == 0 ? "hands" : "piles";
      JsonArray *array;

      if ((m = json_object_get_member (o, key)) == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (m)
          || json_array_get_length ((array = json_node_get_array (m))) != (guint) n_seats)
        {
          g_autofree char *p = g_strdup_printf ("start.%s", key);
          g_autofree char *what = g_strdup_printf (_("an array of %d entries, one per seat"), n_seats);

          expected (r, p, what, m);
          ok = FALSE;
          continue;
        }
      for (int seat = 0; seat < n_seats; seat++)
        {
          g_autofree char *p = g_strdup_printf ("start.%s[%d]", key, seat);
          JsonNode *e = json_array_get_element (array, (guint) seat);

          if (which == 0)
            ok &= read_tokens (r, e, p, ISLE_HAND_MAX, &pos->random_hand[seat],
                               &pos->hand_len[seat], pos->hand[seat]);
          else
            ok &= read_tokens (r, e, p, ISLE_PILE_MAX, &pos->random_pile[seat],
                               &pos->pile_len[seat], pos->pile[seat]);
        }
    }

  if ((m = json_object_get_member (o, "coins")) != NULL)
    ok &= read_sides (r, m, "start.coins", -MAX_POINTS, MAX_POINTS, pos->coins);

  if ((m = json_object_get_member (o, "scores")) != NULL)
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (m)
          || json_array_get_length ((array = json_node_get_array (m))) > ISLE_MAX_ROUNDS)
        {
          expected (r, "start.scores", _("an array of the earlier rounds' points, {\"red\": N, \"blue\": N} each"), m);
          ok = FALSE;
        }
      else
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            g_autofree char *p = g_strdup_printf ("start.scores[%u]", i);

            ok &= read_sides (r, json_array_get_element (array, i), p,
                              -MAX_POINTS, MAX_POINTS, pos->scores[i]);
          }
    }

  if ((m = json_object_get_member (o, "hired")) != NULL)
    {
      JsonObject *h;

      if (!JSON_NODE_HOLDS_OBJECT (m))
        {
          expected (r, "start.hired", _("an object with members red and blue, each a list of mercenary codes"), m);
          ok = FALSE;
        }
      else
        {
          h = json_node_get_object (m);
          ok &= check_members (r, h, "start.hired", side_ids, ISLE_N_SIDES);
          for (int side = 0; side < ISLE_N_SIDES; side++)
            {
              JsonNode *list = json_object_get_member (h, side_ids[side]);
              g_autofree char *p = g_strdup_printf ("start.hired.%s", side_ids[side]);
              JsonArray *array;

              if (list == NULL)
                continue;
              if (!JSON_NODE_HOLDS_ARRAY (list)
                  || json_array_get_length ((array = json_node_get_array (list))) > 2 * ISLE_N_KINDS)
                {
                  expected (r, p, _("a list of mercenary codes"), list);
                  ok = FALSE;
                  continue;
                }
              for (guint i = 0; i < json_array_get_length (array); i++)
                {
                  g_autofree char *item = g_strdup_printf ("%s[%u]", p, i);
                  IsleKind k = read_code (r, json_array_get_element (array, i), item, TRUE);

                  if (k == ISLE_KIND_NONE)
                    ok = FALSE;
                  else
                    pos->hired[side][k]++;
                }
            }
        }
    }
  return ok;
}

/* The rules: a whole rules object (with "format"), or overrides of the
 * standard rules. */
static gboolean
read_rules (Reader *r, JsonNode *node)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) merged = NULL;
  IsleRules standard, rules;
  JsonObject *o, *m;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      expected (r, "rules", _("an object of rules fields"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  if (json_object_has_member (o, "format") || json_object_has_member (o, "version"))
    {
      r->sc->full_rules = TRUE;
      merged = json_node_copy (node);
    }
  else
    {
      g_autoptr (GList) members = NULL;

      if (!check_members (r, o, "rules", rules_fields, G_N_ELEMENTS (rules_fields)))
        return FALSE;
      load_standard_rules (&standard);
      merged = isle_rules_to_json (&standard);
      m = json_node_get_object (merged);
      members = json_object_get_members (o);
      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *key = l->data;
          JsonNode *over = json_object_get_member (o, key);
          JsonNode *base = json_object_get_member (m, key);

          if (JSON_NODE_HOLDS_OBJECT (over) && base != NULL && JSON_NODE_HOLDS_OBJECT (base))
            {
              JsonObject *bo = json_node_get_object (base);
              g_autoptr (GList) subs = json_object_get_members (json_node_get_object (over));

              for (GList *s = subs; s != NULL; s = s->next)
                json_object_set_member (bo, s->data,
                                        json_node_copy (json_object_get_member (json_node_get_object (over), s->data)));
            }
          else
            json_object_set_member (m, key, json_node_copy (over));
        }
    }
  if (!isle_rules_load_node (&rules, merged, "rules", &error))
    {
      const char *field = isle_rules_error_get_field (error);
      const char *detail = isle_rules_error_get_detail (error);
      g_autofree char *path = field ? g_strdup_printf ("rules.%s", field) : g_strdup ("rules");

      problem (r->problems, ISLE_SCENARIO_ERROR_RULES, path, -1, -1, "%s",
               detail ? detail : error->message);
      return FALSE;
    }
  r->sc->rules = rules;
  return TRUE;
}

static gboolean
read_goal (Reader *r, JsonNode *node)
{
  JsonObject *o;
  JsonNode *m;
  int type;
  const char *known[2] = { "type", NULL };
  gint64 v;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      expected (r, "goal", _("an object with a “type”"), node);
      return FALSE;
    }
  o = json_node_get_object (node);
  if ((m = json_object_get_member (o, "type")) == NULL)
    {
      g_autofree char *list = join (goal_ids, G_N_ELEMENTS (goal_ids));

      problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "goal.type", -1, -1,
               _("missing; expected one of %s"), list);
      return FALSE;
    }
  type = read_choice (r, m, "goal.type", goal_ids, G_N_ELEMENTS (goal_ids));
  if (type < 0)
    return FALSE;
  known[1] = goal_value_keys[type];
  if (!check_members (r, o, "goal", known, known[1] ? 2 : 1))
    return FALSE;
  r->sc->goal.type = (IsleGoalType) type;
  r->sc->goal.value = 0;
  if (known[1] == NULL)
    return TRUE;
  {
    g_autofree char *path = g_strdup_printf ("goal.%s", known[1]);

    if ((m = json_object_get_member (o, known[1])) == NULL)
      {
        problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, path, -1, -1,
                 _("missing; the goal “%s” needs it"), goal_ids[type]);
        return FALSE;
      }
    if (!read_int (r, m, path, -MAX_POINTS, MAX_POINTS, &v))
      return FALSE;
    r->sc->goal.value = (int) v;
  }
  return TRUE;
}

/* The members of a file of the current format into R->sc. */
static void
read_members (Reader *r, JsonObject *root)
{
  IsleScenario *sc = r->sc;
  JsonNode *m;
  gint64 v;
  const char *s;

  check_members (r, root, NULL, top_fields, G_N_ELEMENTS (top_fields));

  if ((m = json_object_get_member (root, "title")) != NULL
      && (s = read_string (r, m, "title", _("a string"))) != NULL)
    sc->title = g_strdup (s);
  if ((m = json_object_get_member (root, "author")) != NULL
      && (s = read_string (r, m, "author", _("a string"))) != NULL)
    sc->author = g_strdup (s);
  if ((m = json_object_get_member (root, "description")) != NULL
      && (s = read_string (r, m, "description", _("a string"))) != NULL)
    sc->description = g_strdup (s);
  if ((m = json_object_get_member (root, "difficulty")) != NULL)
    {
      int d = read_choice (r, m, "difficulty", difficulty_ids, G_N_ELEMENTS (difficulty_ids));
      if (d > 0)
        sc->difficulty = (IsleDifficulty) d;
    }
  if ((m = json_object_get_member (root, "hints")) != NULL)
    sc->hints = read_strings (r, m, "hints", ISLE_SCENARIO_MAX_HINTS, _("strings"));

  if ((m = json_object_get_member (root, "variant")) == NULL)
    {
      g_autofree char *list = join (variant_ids (), ISLE_N_VARIANTS);

      problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "variant", -1, -1,
               _("missing; expected one of %s"), list);
      r->broken |= BROKEN_VARIANT;
    }
  else
    {
      int variant = read_choice (r, m, "variant", variant_ids (), ISLE_N_VARIANTS);
      if (variant < 0)
        r->broken |= BROKEN_VARIANT;
      else
        sc->variant = (IsleVariant) variant;
    }

  if ((m = json_object_get_member (root, "rules")) != NULL && !read_rules (r, m))
    r->broken |= BROKEN_RULES;

  if ((m = json_object_get_member (root, "seed")) != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("a whole number from 0 to %" PRIu64
                                                 " written as a string"), G_MAXUINT64);

      s = isle_json_holds_string (m) ? json_node_get_string (m) : NULL;
      if (s != NULL && read_seed_text (s, &sc->seed))
        sc->has_seed = TRUE;
      else
        {
          expected (r, "seed", what, m);
          r->broken |= BROKEN_SEED;
        }
    }
  if ((m = json_object_get_member (root, "first_seat")) != NULL)
    {
      if (read_int (r, m, "first_seat", 0, isle_scenario_get_n_seats (sc) - 1, &v))
        sc->first_seat = (int) v;
      else
        r->broken |= BROKEN_START;
    }
  if ((m = json_object_get_member (root, "start")) != NULL)
    {
      IslePosition pos;

      /* The seats of hands and piles depend on the variant. */
      if (r->broken & BROKEN_VARIANT)
        {
          isle_position_init (&pos);
          r->broken |= BROKEN_START;
        }
      else if (!read_start (r, m, &pos) || (r->broken & BROKEN_RULES))
        r->broken |= BROKEN_START;
      sc->start = g_memdup2 (&pos, sizeof pos);
      if (json_object_has_member (root, "first_seat"))
        {
          problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "first_seat", -1, -1,
                   _("not with a start position: its “first_seat” says who began the round"));
        }
    }

  if ((m = json_object_get_member (root, "player")) != NULL)
    {
      sc->has_player = TRUE;
      if (read_int (r, m, "player", 0, isle_scenario_get_n_seats (sc) - 1, &v))
        sc->player = (int) v;
      else
        r->broken |= BROKEN_PLAYERS;
    }
  if ((m = json_object_get_member (root, "opponent")) != NULL)
    {
      g_autofree char *levels = isle_player_spec_level_ids ();
      g_autofree char *what = g_strdup_printf (_("a built-in computer player: one of %s"), levels);

      sc->has_player = TRUE;
      if ((s = read_string (r, m, "opponent", what)) != NULL)
        {
          g_free (sc->opponent);
          sc->opponent = player_dup (s);
        }
      else
        r->broken |= BROKEN_PLAYERS;
    }
  if ((m = json_object_get_member (root, "goal")) != NULL && !read_goal (r, m))
    r->broken |= BROKEN_GOAL;
  if ((m = json_object_get_member (root, "solution")) != NULL
      && (sc->solution = read_strings (r, m, "solution", ISLE_SCENARIO_MAX_ACTIONS,
                                       _("actions in text form, such as “place rW c3”"))) == NULL)
    r->broken |= BROKEN_SOLUTION;
  if ((m = json_object_get_member (root, "players")) != NULL)
    {
      g_auto (GStrv) players = read_strings (r, m, "players", ISLE_MAX_SEATS + 1, _("players"));

      if (players == NULL)
        r->broken |= BROKEN_PLAYERS;
      else
        sc->players = players_dup ((const char *const *) players);
    }
  if ((m = json_object_get_member (root, "actions")) != NULL)
    {
      sc->actions = read_strings (r, m, "actions", ISLE_SCENARIO_MAX_ACTIONS,
                                  _("actions in text form, such as “place rW c3”"));
      if (sc->actions == NULL)
        r->broken |= BROKEN_ACTIONS;
      sc->position = sc->actions ? g_strv_length (sc->actions) : 0;
    }
  if ((m = json_object_get_member (root, "position")) != NULL)
    {
      if (read_int (r, m, "position", 0, ISLE_SCENARIO_MAX_ACTIONS, &v))
        sc->position = (guint) v;
      else
        r->broken |= BROKEN_ACTIONS;
      if (!json_object_has_member (root, "actions"))
        problem (r->problems, ISLE_SCENARIO_ERROR_FIELD, "position", -1, -1,
                 _("a position in the history, but there is no “actions”"));
    }
  if ((m = json_object_get_member (root, "saved")) != NULL)
    {
      g_autoptr (GDateTime) when = NULL;
      const char *what = _("a date and time in ISO 8601 form");

      if ((s = read_string (r, m, "saved", what)) != NULL
          && (when = g_date_time_new_from_iso8601 (s, NULL)) != NULL)
        sc->saved = g_strdup (s);
      else if (s != NULL)
        expected (r, "saved", what, m);
    }
}

/* ---- Checking ------------------------------------------------------------ */

static gboolean
has_mercenaries (IsleVariant variant)
{
  return variant >= ISLE_VARIANT_MERCENARY;
}

static int
start_round (IsleScenario *sc)
{
  return sc->start != NULL ? sc->start->round : 1;
}

/* "start.board[2]" for the row of CELL. */
static char *
row_path (int cell)
{
  return g_strdup_printf ("start.board[%d]", isle_cell_row (cell));
}

static const char *
kind_name (int kind)
{
  /* Translators: token kinds (R2) */
  static const char *const names[ISLE_N_KINDS] = {
    NULL, N_("Wolf"), N_("Pig"), N_("Rat"), N_("Rabbit"), N_("Fox"), N_("Turtle"),
    N_("Cat"), N_("Mouses"), N_("Snake"), N_("Frog"), N_("Chameleon"), N_("Crow"),
    N_("Mole"), N_("Prairie Dog"), N_("Hippo"),
  };

  return kind > 0 && kind < ISLE_N_KINDS ? _(names[kind]) : "?";
}

/* Words one problem the engine found in the start position. */
static void
word_position_problem (IsleScenario *sc, GPtrArray *out, const IslePositionProblem *p)
{
  int n_seats = isle_scenario_get_n_seats (sc);
  IsleScenarioError code = ISLE_SCENARIO_ERROR_POSITION;
  g_autofree char *path = NULL;
  char cell[3] = "";
  int seat = p->seat;

  if (p->cell >= 0 && p->cell < ISLE_N_CELLS)
    {
      isle_cell_name (p->cell, cell);
      path = row_path (p->cell);
    }

  /* Each message is a plain sentence a player understands, the rules'
   * sections apart (rule_problem()); the editor shows it next to the
   * field, the CLI after the field's path. */
  switch ((IslePositionCode) p->code)
    {
    case ISLE_POSITION_BAD_ROUND:
      rule_problem (out, code, "R4.7, R9.1", "start.round", -1, -1,
                    _("This game has rounds 1 to %d, so round %d cannot be its start."),
                    p->expected, p->value);
      break;
    case ISLE_POSITION_BAD_FIRST_SEAT:
      problem (out, code, "start.first_seat", -1, -1, _("The seat must be 0 to %d; it is %d."),
               p->expected - 1, p->value);
      break;
    case ISLE_POSITION_BAD_TO_MOVE:
      problem (out, code, "start.to_move", -1, -1, _("The seat must be 0 to %d; it is %d."),
               p->expected - 1, p->value);
      break;
    case ISLE_POSITION_BAD_WEATHER:
      if (p->expected >= 0)
        rule_problem (out, code, "R4, R10, R11", "start.weather", -1, -1,
                      _("This game is always played under %s weather, not %s."),
                      isle_words_weather (p->expected), isle_words_weather (p->value));
      else
        rule_problem (out, code, "R1", "start.weather", -1, -1, _("That is not a weather card."));
      break;
    case ISLE_POSITION_DECK_UNUSED:
      rule_problem (out, code, "R6.1", "start.deck", -1, -1,
                    _("This game has no weather deck; leave the deck empty."));
      break;
    case ISLE_POSITION_DECK_CARD:
      {
        g_autofree char *p2 = g_strdup_printf ("start.deck[%d]", p->cell);

        rule_problem (out, code, "R1, R6.1", p2, -1, -1,
                      _("The deck holds one %s card more than the rules allow, counting the card in play."),
                      isle_words_weather (p->value));
      }
      break;
    case ISLE_POSITION_DECK_TOO_LONG:
      rule_problem (out, code, "R6.1", "start.deck", -1, -1,
                    _("In round %d the deck holds at most %d, as one card is kept each round; this one holds %d."),
                    sc->start ? sc->start->round : 1, p->expected, p->value);
      break;
    case ISLE_POSITION_BAD_OWNER:
      rule_problem (out, code, "R3, R11", path, -1, p->cell,
                    _("The token on %s belongs to the team player %s, but this game has two players."),
                    cell, seat_name (ISLE_MAX_SEATS, p->value));
      break;
    case ISLE_POSITION_FOG_PARTIAL:
      rule_problem (out, code, "R1", path, -1, p->cell,
                    _("Fog on %s covers only part of the %s quarter; a fog board covers a whole quarter."),
                    cell, isle_words_quadrant (p->value));
      break;
    case ISLE_POSITION_FOG_TOO_MUCH:
      rule_problem (out, code, "R1", "start.board", -1, -1,
                    _("Fog covers every quarter, but there are only %d fog boards; leave a quarter open."),
                    p->expected);
      break;
    case ISLE_POSITION_FOG_IN_SUN:
      rule_problem (out, code, "R6.2", path, -1, p->cell,
                    _("Fog on %s under Sunny weather: in sunshine the whole island is open."), cell);
      break;
    case ISLE_POSITION_TOKEN_UNDER_FOG:
      rule_problem (out, code, "R6.6", path, seat, p->cell,
                    _("The token on %s is under fog; tokens go only on open tiles."), cell);
      break;
    case ISLE_POSITION_FACE_DOWN_NOT_FOGGY:
      rule_problem (out, code, "R6.4", path, seat, p->cell,
                    _("The token on %s is face down under %s weather; tokens go face down only under Foggy weather."),
                    cell, isle_words_weather (sc->start ? sc->start->weather : 0));
      break;
    case ISLE_POSITION_FACE_DOWN_CHAMELEON:
      rule_problem (out, code, "R8.6", path, seat, p->cell,
                    _("The face-down Chameleon on %s cannot have turned: it keeps its starting colour."), cell);
      break;
    case ISLE_POSITION_FACE_DOWN_HIPPO_SECOND:
      rule_problem (out, code, "R8.9", path, seat, p->cell,
                    _("The face-down Hippo on %s takes one tile only; it cannot have a second tile."), cell);
      break;
    case ISLE_POSITION_HIPPO_SECOND_ALONE:
      rule_problem (out, code, "R3, R8.9", path, seat, p->cell,
                    _("The Hippo's second tile on %s has no first tile beside it; put a face-up Hippo of the same owner next to it."),
                    cell);
      break;
    case ISLE_POSITION_HIPPO_TWO_SECONDS:
      rule_problem (out, code, "R8.9", path, seat, p->cell,
                    _("The Hippo on %s has more than one second tile beside it; a Hippo lies across exactly two tiles."),
                    cell);
      break;
    case ISLE_POSITION_MERCENARY_IN_BOX:
      if (p->cell >= 0)
        /* Translators: "The Fox on c1 is a mercenary, …" */
        rule_problem (out, code, "R4.1", path, seat, p->cell,
                      _("The %s on %s is a mercenary, but in this game mercenaries stay in the box."),
                      kind_name (p->kind), cell);
      break;
    case ISLE_POSITION_NOT_HIRED:
      if (p->cell >= 0)
        /* Translators: "The Fox on c1 is not among the mercenaries Red has hired; …" */
        rule_problem (out, code, "R9.3", path, seat, p->cell,
                      _("The %s on %s is not among the mercenaries %s has hired; hire it first."),
                      kind_name (p->kind), cell, side_name (isle_seat_side (seat)));
      break;
    case ISLE_POSITION_HIRED_IN_BOX:
      {
        g_autofree char *p2 = g_strdup_printf ("start.hired.%s", side_ids[seat]);

        rule_problem (out, code, "R4.1", p2, seat, -1,
                      _("Mercenaries are hired, but in this game they stay in the box."));
      }
      break;
    case ISLE_POSITION_HIRED_TOO_MANY:
      {
        g_autofree char *p2 = g_strdup_printf ("start.hired.%s", side_ids[seat]);

        /* Translators: "Crow: 3 hired, but a side has only 2." */
        rule_problem (out, code, "R1", p2, seat, -1, _("%s: %d hired, but a side has only %d."),
                      kind_name (p->kind), p->value, p->expected);
      }
      break;
    case ISLE_POSITION_HIRED_NO_BASIC:
      {
        g_autofree char *p2 = g_strdup_printf ("start.hired.%s", side_ids[seat]);

        /* Translators: "Too many hired mercenaries replace a Wolf: 10, but a side has only 9." */
        rule_problem (out, code, "R2, R9.3", p2, seat, -1,
                      _("Too many hired mercenaries replace a %s: %d, but a side has only %d."),
                      kind_name (p->kind), p->value, p->expected);
      }
      break;
    case ISLE_POSITION_TOO_MANY_OF_KIND:
      /* Translators: "Red has 10 × Wolf on the map, …" */
      rule_problem (out, code, "R1, R2, R9.3", "start", seat, -1,
                    _("%s has %d × %s on the map, in hands and in piles, but owns only %d."),
                    side_name (seat), p->value, kind_name (p->kind), p->expected);
      break;
    case ISLE_POSITION_WRONG_TOTAL:
      {
        g_autofree char *p2 = g_strdup_printf ("start.piles[%d]", seat);

        if (n_seats > 2)
          rule_problem (out, code, "R11", p2, seat, -1,
                        _("The tokens of %s on the map, in hand and in the pile add up to %d; each team player has %d."),
                        seat_name (n_seats, seat), p->value, p->expected);
        else
          rule_problem (out, code, "R1", p2, seat, -1,
                        _("The tokens of %s on the map, in hand and in the pile add up to %d; a side has %d."),
                        seat_name (n_seats, seat), p->value, p->expected);
      }
      break;
    case ISLE_POSITION_HAND_TOO_BIG:
      {
        g_autofree char *p2 = g_strdup_printf ("start.hands[%d]", seat);

        rule_problem (out, code, "R4.4", p2, seat, -1,
                      _("A hand holds at most %d tokens; this one holds %d."), p->expected, p->value);
      }
      break;
    case ISLE_POSITION_HAND_NOT_FULL:
      {
        g_autofree char *p2 = g_strdup_printf ("start.hands[%d]", seat);

        rule_problem (out, code, "R4.4d", p2, seat, -1,
                      _("%s has %d in hand while %d are left in the pile; a hand is refilled to %d after every placement."),
                      seat_name (n_seats, seat), p->value, p->expected, ISLE_HAND_MAX);
      }
      break;
    case ISLE_POSITION_PILE_TOO_BIG:
      {
        g_autofree char *p2 = g_strdup_printf ("start.piles[%d]", seat);

        problem (out, code, p2, seat, -1, _("A pile holds at most %d tokens; this one holds %d."),
                 p->expected, p->value);
      }
      break;
    case ISLE_POSITION_COINS_UNUSED:
      {
        g_autofree char *p2 = g_strdup_printf ("start.coins.%s", side_ids[seat]);

        rule_problem (out, code, "R9.2", p2, seat, -1,
                      _("This game counts no coins; only the games with mercenaries do."));
      }
      break;
    case ISLE_POSITION_COINS_NEGATIVE:
      {
        g_autofree char *p2 = g_strdup_printf ("start.coins.%s", side_ids[seat]);

        problem (out, code, p2, seat, -1, _("Coins cannot be fewer than 0; you entered %d."), p->value);
      }
      break;
    case ISLE_POSITION_SCORE_NEGATIVE:
      {
        g_autofree char *p2 = g_strdup_printf ("start.scores[%d].%s", p->cell, side_ids[seat]);

        rule_problem (out, code, "R7.4", p2, seat, -1,
                      _("Points cannot be fewer than 0; you entered %d."), p->value);
      }
      break;
    case ISLE_POSITION_SCORE_LATER_ROUND:
      {
        g_autofree char *p2 = g_strdup_printf ("start.scores[%d]", p->cell);

        problem (out, code, p2, seat, -1,
                 _("Round %d is not over yet, so it has no points; give points only for the rounds before round %d."),
                 p->cell + 1, sc->start ? sc->start->round : 1);
      }
      break;
    case ISLE_POSITION_ROUND_OVER:
      rule_problem (out, code, "R4.6", "start.board", -1, -1,
                    _("Every tile holds a token, so the round is already over; leave at least one tile free."));
      break;
    case ISLE_POSITION_NOTHING_TO_PLACE:
      if (p->value < 0)
        rule_problem (out, code, "R4.5, R4.6", "start.to_move", seat, -1,
                      _("Nobody has anything to place, so the round would end at once."));
      else
        rule_problem (out, code, "R4.5", "start.to_move", seat, -1,
                      _("%s has nothing to place, so the turn would pass straight to %s; let a player who can place move first."),
                      seat_name (n_seats, seat), seat_name (n_seats, p->value));
      break;
    case ISLE_POSITION_OK:
    case ISLE_POSITION_N_CODES:
    default:
      problem (out, code, "start", -1, -1, _("This is not a position the rules allow."));
      break;
    }
}

/* Mercenaries in hands and piles, named by their place in the list. */
static void
check_listed_mercenaries (IsleScenario *sc, GPtrArray *out)
{
  const IslePosition *p = sc->start;

  for (int seat = 0; seat < isle_scenario_get_n_seats (sc); seat++)
    for (int which = 0; which < 2; which++)
      {
        bool random = which == 0 ? p->random_hand[seat] : p->random_pile[seat];
        int len = which == 0 ? p->hand_len[seat] : p->pile_len[seat];
        const uint8_t *kinds = which == 0 ? p->hand[seat] : p->pile[seat];

        if (random)
          continue;
        for (int i = 0; i < len; i++)
          {
            g_autofree char *path = g_strdup_printf ("start.%s[%d][%d]", which == 0 ? "hands" : "piles", seat, i);
            IsleSide side = isle_seat_side (seat);

            if (!isle_kind_is_mercenary ((IsleKind) kinds[i]))
              continue;
            if (!has_mercenaries (sc->variant))
              rule_problem (out, ISLE_SCENARIO_ERROR_POSITION, "R4.1", path, seat, -1,
                            _("The %s is a mercenary, but in this game mercenaries stay in the box."),
                            kind_name (kinds[i]));
            else if (p->hired[side][kinds[i]] == 0)
              rule_problem (out, ISLE_SCENARIO_ERROR_POSITION, "R9.3", path, seat, -1,
                            _("The %s is not among the mercenaries %s has hired; hire it first."),
                            kind_name (kinds[i]), side_name (side));
          }
      }
}

/* The state the scenario begins in, or problems. */
static gboolean
build_start (IsleScenario *sc, guint64 seed, IsleState *state, GPtrArray *out)
{
  if (sc->start != NULL)
    {
      IslePositionProblems found;
      guint before = out->len;

      check_listed_mercenaries (sc, out);
      if (isle_position_to_state (sc->start, &sc->rules, sc->variant, seed, state, &found))
        return out->len == before;
      for (int i = 0; i < found.n && i < ISLE_POSITION_MAX_PROBLEMS; i++)
        word_position_problem (sc, out, &found.problems[i]);
      if (found.n > ISLE_POSITION_MAX_PROBLEMS)
        problem (out, ISLE_SCENARIO_ERROR_POSITION, "start", -1, -1,
                 _("and %d more problems"), found.n - ISLE_POSITION_MAX_PROBLEMS);
      return FALSE;
    }
  if (!isle_state_init (state, &sc->rules, sc->variant, sc->first_seat, seed))
    {
      problem (out, ISLE_SCENARIO_ERROR_RULES, "rules", -1, -1,
               _("these rules cannot start a game of the %s variant"), isle_variant_id (sc->variant));
      return FALSE;
    }
  return TRUE;
}

/* A player a file names: built-in only; never a program or a plugin. */
static gboolean
check_player (GPtrArray *out, const char *path, const char *spec, gboolean allow_human)
{
  g_autofree char *levels = isle_player_spec_level_ids ();
  g_auto (IslePlayerSpec) parsed = { 0 };
  gboolean valid = isle_player_spec_parse (spec, &parsed, NULL);

  if (valid && (parsed.kind == ISLE_PLAYER_ENGINE || parsed.kind == ISLE_PLAYER_PLUGIN))
    {
      g_autofree char *quoted = g_utf8_validate (spec, -1, NULL) && g_utf8_strlen (spec, -1) <= ISLE_JSON_MAX_QUOTED
                                ? g_strdup (spec) : g_strdup (parsed.kind == ISLE_PLAYER_ENGINE ? "engine:…" : "plugin:…");

      problem (out, ISLE_SCENARIO_ERROR_PLAYER, path, -1, -1,
               _("“%s” names a program or a plugin to run; a shared file can never run code, "
                 "so it may only name %s%s"),
               quoted, allow_human ? "human, " : "", levels);
      return FALSE;
    }
  if (valid && (parsed.kind == ISLE_PLAYER_BUILTIN
                || (allow_human && parsed.kind == ISLE_PLAYER_HUMAN)))
    return TRUE;
  {
    g_autofree char *quoted = g_utf8_validate (spec, -1, NULL) && g_utf8_strlen (spec, -1) <= ISLE_JSON_MAX_QUOTED
                              ? g_strdup (spec) : g_strdup ("…");

    problem (out, ISLE_SCENARIO_ERROR_FIELD, path, -1, -1,
             allow_human ? _("expected a player: one of human, %s; got “%s”")
                         : _("expected a built-in computer player: one of %s; got “%s”"),
             levels, quoted);
  }
  return FALSE;
}

static void
check_goal (IsleScenario *sc, GPtrArray *out)
{
  const IsleScenarioGoal *g = &sc->goal;
  g_autofree char *path = goal_value_keys[g->type] ? g_strdup_printf ("goal.%s", goal_value_keys[g->type]) : NULL;

  switch (g->type)
    {
    case ISLE_GOAL_LINE:
      if (g->value < 3 || g->value > ISLE_BOARD_SIZE)                /* R5 */
        rule_problem (out, ISLE_SCENARIO_ERROR_GOAL, "R5", path, -1, -1,
                      _("A line must be 3 to %d tokens long; you entered %d."), ISLE_BOARD_SIZE, g->value);
      break;
    case ISLE_GOAL_COINS:
      if (!has_mercenaries (sc->variant))                             /* R9.2 */
        {
          rule_problem (out, ISLE_SCENARIO_ERROR_GOAL, "R9.2", "goal.type", -1, -1,
                        _("A coins goal needs a game that counts coins: the Mercenary, Quick or Team Game."));
          break;
        }
      G_GNUC_FALLTHROUGH;
    case ISLE_GOAL_SCORE_ROUND:
    case ISLE_GOAL_WIN_ROUND:
      if (g->value < 1)
        problem (out, ISLE_SCENARIO_ERROR_GOAL, path, -1, -1,
                 _("The goal's number must be 1 or more; you entered %d."), g->value);
      break;
    case ISLE_GOAL_NONE:
    case ISLE_GOAL_WIN_GAME:
    default:
      break;
    }
}


/* Plays ACTIONS (the field KEY) from STATE; stops at the first that cannot
 * be played. */
static gboolean
replay (GPtrArray *out, const char *key, char **actions, IsleState *state)
{
  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", key, i);
      g_autofree char *legal = NULL;
      IsleAction a;

      if (isle_state_is_terminal (state))                            /* R4.7, R9.4 */
        {
          problem (out, ISLE_SCENARIO_ERROR_ACTION, path, -1, -1,
                   _("the game is already over; expected no more actions, got “%s”"), actions[i]);
          return FALSE;
        }
      if (isle_action_parse (state, actions[i], &a) && isle_state_apply (state, a))
        continue;
      legal = isle_json_legal_actions (state);
      if (!isle_action_parse (state, actions[i], &a))
        problem (out, ISLE_SCENARIO_ERROR_ACTION, path, state->to_move, -1,
                 _("“%s” does not read as a move of the seat to move; expected one of %s"),
                 actions[i], legal);
      else
        problem (out, ISLE_SCENARIO_ERROR_ACTION, path, state->to_move, -1,
                 _("“%s” is not a legal move here; expected one of %s"), actions[i], legal);
      return FALSE;
    }
  return TRUE;
}

static IsleGoalStatus goal_status (IsleScenario *sc, const IsleState *s, char **sentence);

static void
check_rules_in_memory (IsleScenario *sc, GPtrArray *out)
{
  g_autoptr (JsonNode) node = isle_rules_to_json (&sc->rules);
  g_autoptr (GError) error = NULL;
  IsleRules back;

  if (!isle_rules_load_node (&back, node, "rules", &error))
    {
      const char *field = isle_rules_error_get_field (error);
      g_autofree char *path = field ? g_strdup_printf ("rules.%s", field) : g_strdup ("rules");
      const char *detail = isle_rules_error_get_detail (error);

      problem (out, ISLE_SCENARIO_ERROR_RULES, path, -1, -1, "%s", detail ? detail : error->message);
    }
}

static void
validate_into (IsleScenario *sc, GPtrArray *out, guint broken)
{
  int n_seats = isle_scenario_get_n_seats (sc);
  IsleState state;
  gboolean have_start = FALSE;

  if (!(broken & BROKEN_RULES))
    check_rules_in_memory (sc, out);
  if (sc->start == NULL && (sc->first_seat < 0 || sc->first_seat >= n_seats))
    rule_problem (out, ISLE_SCENARIO_ERROR_FIELD, "R4.3", "first_seat", -1, -1,
                  _("The seat must be 0 to %d; it is %d."), n_seats - 1, sc->first_seat);

  if (!(broken & BROKEN_PLAYERS))
    {
      if (sc->player < 0 || sc->player >= n_seats)
        problem (out, ISLE_SCENARIO_ERROR_FIELD, "player", -1, -1,
                 _("seat %d; expected 0 to %d"), sc->player, n_seats - 1);
      if (sc->has_player)
        check_player (out, "opponent", sc->opponent, FALSE);
      if (sc->players != NULL)
        {
          guint n = g_strv_length (sc->players);

          if (n != (guint) n_seats)
            problem (out, ISLE_SCENARIO_ERROR_FIELD, "players", -1, -1,
                     _("expected %d players for the %s game, got %u"), n_seats,
                     isle_variant_id (sc->variant), n);
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *path = g_strdup_printf ("players[%u]", i);
              check_player (out, path, sc->players[i], TRUE);
            }
        }
    }
  if (!(broken & BROKEN_GOAL))
    check_goal (sc, out);

  if ((sc->actions != NULL || sc->solution != NULL) && !sc->has_seed && !(broken & BROKEN_SEED))
    problem (out, ISLE_SCENARIO_ERROR_FIELD, "seed", -1, -1,
             _("missing; a history or a solution is played again from the seed, which decides the chance in it"));

  if (!(broken & (BROKEN_START | BROKEN_VARIANT | BROKEN_RULES | BROKEN_SEED)))
    have_start = build_start (sc, sc->seed, &state, out);
  if (!have_start)
    return;

  if (sc->actions != NULL && !(broken & BROKEN_ACTIONS))
    {
      IsleState s = state;
      guint n = g_strv_length (sc->actions);

      if (sc->position > n)
        problem (out, ISLE_SCENARIO_ERROR_FIELD, "position", -1, -1,
                 _("expected an integer from 0 to %u, got %u"), n, sc->position);
      replay (out, "actions", sc->actions, &s);
    }
  if (sc->solution != NULL && !(broken & (BROKEN_SOLUTION | BROKEN_GOAL)))
    {
      IsleState s = state;

      if (replay (out, "solution", sc->solution, &s) && sc->goal.type != ISLE_GOAL_NONE)
        {
          g_autofree char *sentence = NULL;

          if (goal_status (sc, &s, &sentence) != ISLE_GOAL_MET)
            problem (out, ISLE_SCENARIO_ERROR_GOAL, "solution", -1, -1,
                     _("the goal is not met after the solution's last move: %s"), sentence);
        }
    }
}

GPtrArray *
isle_scenario_validate (IsleScenario *self)
{
  GPtrArray *out;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  out = problems_new ();
  validate_into (self, out, 0);
  return out;
}

/* ---- Goals --------------------------------------------------------------- */

/* R5, R7: the longest scored line of COLOUR on BOARD. */
static int
longest_line (const IsleBoard *board, const IsleRules *rules, IsleColour colour)
{
  IsleScore score;
  int32_t totals[ISLE_N_SIDES];
  int longest = 0;

  isle_board_score (board, rules->line_score, totals, &score);
  for (int i = 0; i < score.n_lines; i++)
    if (score.lines[i].colour == colour && score.lines[i].length > longest)
      longest = score.lines[i].length;
  return longest;
}

static IsleGoalStatus
goal_status (IsleScenario *sc, const IsleState *s, char **sentence)
{
  int round = start_round (sc);
  int side = isle_seat_side (sc->player);
  int other = 1 - side;
  const char *who = side_name (side);
  int n = sc->goal.value;
  gboolean over = isle_state_is_terminal (s);
  /* R4.6, R7: the round is scored when the next begins or the game ends. */
  gboolean scored = s->round > round || (over && s->round >= round);
  int32_t now[ISLE_N_SIDES] = { 0, 0 };
  IsleGoalStatus status = ISLE_GOAL_IN_PROGRESS;
  char *text = NULL;

  if (scored)
    {
      now[0] = s->round_score[round - 1][0];
      now[1] = s->round_score[round - 1][1];
    }
  else
    isle_board_score (&s->board, s->rules.line_score, now, NULL);

  switch (sc->goal.type)
    {
    case ISLE_GOAL_WIN_GAME:
      if (!over)
        text = g_strdup_printf (_("%s must win the game"), who);
      else if (s->winner == side)
        {
          status = ISLE_GOAL_MET;
          text = g_strdup_printf (_("%s won the game: goal met"), who);
        }
      else
        {
          status = ISLE_GOAL_FAILED;
          text = s->winner == ISLE_N_SIDES ? g_strdup (_("The game is a draw; a win was needed"))
                                           : g_strdup_printf (_("%s won the game; a win was needed"),
                                                              side_name (other));
        }
      break;

    case ISLE_GOAL_SCORE_ROUND:
      status = !scored ? ISLE_GOAL_IN_PROGRESS : now[side] >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
      if (!scored)
        text = g_strdup_printf (ngettext ("%s needs %d point this round; the map gives %d now",
                                          "%s needs %d points this round; the map gives %d now",
                                          (unsigned long) n), who, n, now[side]);
      else
        text = g_strdup_printf (status == ISLE_GOAL_MET
                                ? ngettext ("%s scored %d of the %d point needed: goal met",
                                            "%s scored %d of the %d points needed: goal met", (unsigned long) n)
                                : ngettext ("%s scored %d of the %d point needed",
                                            "%s scored %d of the %d points needed", (unsigned long) n),
                                who, now[side], n);
      break;

    case ISLE_GOAL_WIN_ROUND:
      status = !scored ? ISLE_GOAL_IN_PROGRESS : now[side] - now[other] >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
      text = g_strdup_printf (!scored ? _("%s must win this round by %d; the map gives %d to %d now")
                              : status == ISLE_GOAL_MET ? _("%s won the round by %d or more, %d to %d: goal met")
                              : _("%s needed to win the round by %d; it ended %d to %d"),
                              who, n, now[side], now[other]);
      break;

    case ISLE_GOAL_LINE:
      {
        int longest = longest_line (scored ? &s->scored_board : &s->board, &s->rules,
                                    isle_side_colour ((IsleSide) side));

        status = !scored ? ISLE_GOAL_IN_PROGRESS : longest >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
        text = g_strdup_printf (!scored ? _("%s needs a line of %d this round; its longest is %d now")
                                : status == ISLE_GOAL_MET ? _("%s needed a line of %d and scored one of %d: goal met")
                                : _("%s needed a line of %d; its longest was %d"),
                                who, n, longest);
      }
      break;

    case ISLE_GOAL_COINS:
      {
        int coins = scored ? s->coins[side] : s->coins[side] + now[side];

        status = !scored ? ISLE_GOAL_IN_PROGRESS : coins >= n ? ISLE_GOAL_MET : ISLE_GOAL_FAILED;
        text = g_strdup_printf (!scored ? _("%s needs %d coins after this round; the map would give %d")
                                : status == ISLE_GOAL_MET ? _("%s needed %d coins and has %d: goal met")
                                : _("%s needed %d coins and has %d"),
                                who, n, coins);
      }
      break;

    case ISLE_GOAL_NONE:
    default:
      status = over ? ISLE_GOAL_MET : ISLE_GOAL_IN_PROGRESS;
      text = g_strdup (over ? _("The game is over") : _("The game goes on"));
      break;
    }
  if (sentence != NULL)
    *sentence = text;
  else
    g_free (text);
  return status;
}

IsleGoalStatus
isle_scenario_goal_status (IsleScenario *self, const IsleState *state, char **sentence)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), ISLE_GOAL_IN_PROGRESS);
  g_return_val_if_fail (state != NULL, ISLE_GOAL_IN_PROGRESS);
  return goal_status (self, state, sentence);
}

char *
isle_scenario_describe_goal (IsleScenario *self)
{
  int n;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  n = self->goal.value;
  switch (self->goal.type)
    {
    case ISLE_GOAL_WIN_GAME:
      return g_strdup (_("Win the game."));
    case ISLE_GOAL_SCORE_ROUND:
      return g_strdup_printf (ngettext ("Score at least %d point this round.",
                                        "Score at least %d points this round.", (unsigned long) n), n);
    case ISLE_GOAL_WIN_ROUND:
      return g_strdup_printf (ngettext ("Win this round by at least %d point.",
                                        "Win this round by at least %d points.", (unsigned long) n), n);
    case ISLE_GOAL_LINE:
      return g_strdup_printf (_("Score a line of at least %d tokens of your colour this round."), n);
    case ISLE_GOAL_COINS:
      return g_strdup_printf (ngettext ("Have at least %d coin when this round is scored.",
                                        "Have at least %d coins when this round is scored.", (unsigned long) n), n);
    case ISLE_GOAL_NONE:
    default:
      return g_strdup (_("Play the game out."));
    }
}

gboolean
isle_scenario_build_start (IsleScenario *self, guint64 seed, IsleState *state, GError **error)
{
  g_autoptr (GPtrArray) out = problems_new ();

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (build_start (self, self->has_seed ? self->seed : seed, state, out))
    return TRUE;
  set_error_from_problems (error, out, NULL);
  return FALSE;
}

/* ---- Writing ------------------------------------------------------------- */

static void
print_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p == '\n')
        g_string_append (out, "\\n");
      else if (*p == '\t')
        g_string_append (out, "\\t");
      else if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, (char) *p);
    }
  g_string_append_c (out, '"');
}

static void print_node (GString *out, JsonNode *node, int indent, gboolean flat);

static void
print_node (GString *out, JsonNode *node, int indent, gboolean flat)
{
  if (JSON_NODE_HOLDS_NULL (node))
    g_string_append (out, "null");
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" PRId64, json_node_get_int (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_STRING:
        default:
          print_string (out, json_node_get_string (node));
          break;
        }
    }
  else
    {
      gboolean array = JSON_NODE_HOLDS_ARRAY (node);
      g_autoptr (GList) members = array ? NULL : json_object_get_members (json_node_get_object (node));
      guint n = array ? json_array_get_length (json_node_get_array (node)) : g_list_length (members);
      gboolean one_line = flat;
      GList *l = members;

      /* What fits goes on one line. */
      if (!one_line)
        {
          g_autoptr (GString) line = g_string_new (NULL);

          print_node (line, node, 0, TRUE);
          one_line = indent + line->len <= LINE_WIDTH;
        }
      g_string_append_c (out, array ? '[' : '{');
      for (guint i = 0; i < n; i++, l = l ? l->next : NULL)
        {
          JsonNode *child = array ? json_array_get_element (json_node_get_array (node), i)
                                  : json_object_get_member (json_node_get_object (node), l->data);

          if (one_line)
            g_string_append (out, i > 0 ? ", " : "");
          else
            g_string_append_printf (out, "%s\n%*s", i > 0 ? "," : "", indent + 2, "");
          if (!array)
            {
              print_string (out, l->data);
              g_string_append (out, ": ");
            }
          print_node (out, child, indent + 2, one_line);
        }
      if (!one_line && n > 0)
        g_string_append_printf (out, "\n%*s", indent, "");
      g_string_append_c (out, array ? ']' : '}');
    }
}

static void
add_strv (JsonBuilder *b, const char *key, char **v)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; v != NULL && v[i] != NULL; i++)
    json_builder_add_string_value (b, v[i]);
  json_builder_end_array (b);
}

static void
add_kinds (JsonBuilder *b, bool random, const uint8_t *kinds, int n)
{
  if (random)
    {
      json_builder_add_string_value (b, "random");
      return;
    }
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    {
      char code[2] = { isle_kind_info ((IsleKind) kinds[i])->code, '\0' };

      json_builder_add_string_value (b, code);
    }
  json_builder_end_array (b);
}

static void
add_sides (JsonBuilder *b, const int32_t v[ISLE_N_SIDES])
{
  json_builder_begin_object (b);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      json_builder_set_member_name (b, side_ids[side]);
      json_builder_add_int_value (b, v[side]);
    }
  json_builder_end_object (b);
}

/* Only what differs from the standard rules, member by member. */
static JsonNode *
rules_overrides (const IsleRules *rules)
{
  g_autoptr (JsonNode) standard_node = NULL;
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);
  JsonObject *standard, *mine, *out = json_object_new ();
  JsonNode *result;
  IsleRules standard_rules;

  load_standard_rules (&standard_rules);
  standard_node = isle_rules_to_json (&standard_rules);
  standard = json_node_get_object (standard_node);
  mine = json_node_get_object (node);
  for (gsize i = 0; i < G_N_ELEMENTS (rules_fields); i++)
    {
      const char *key = rules_fields[i];
      JsonNode *a = json_object_get_member (mine, key);
      JsonNode *s = json_object_get_member (standard, key);

      if (json_node_equal (a, s))
        continue;
      if (JSON_NODE_HOLDS_OBJECT (a) && JSON_NODE_HOLDS_OBJECT (s))
        {
          JsonObject *diff = json_object_new ();
          g_autoptr (GList) subs = json_object_get_members (json_node_get_object (a));

          for (GList *l = subs; l != NULL; l = l->next)
            {
              JsonNode *av = json_object_get_member (json_node_get_object (a), l->data);
              JsonNode *sv = json_object_get_member (json_node_get_object (s), l->data);

              if (sv == NULL || !json_node_equal (av, sv))
                json_object_set_member (diff, l->data, json_node_copy (av));
            }
          json_object_set_object_member (out, key, diff);
        }
      else
        json_object_set_member (out, key, json_node_copy (a));
    }
  result = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (result, out);
  return result;
}

static void
add_start (JsonBuilder *b, IsleScenario *sc)
{
  const IslePosition *p = sc->start;
  int n_seats = isle_scenario_get_n_seats (sc);
  char text[512];
  g_auto (GStrv) rows = NULL;
  gboolean any_hired = FALSE;

  json_builder_set_member_name (b, "start");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, p->round);
  json_builder_set_member_name (b, "first_seat");
  json_builder_add_int_value (b, p->first_seat);
  json_builder_set_member_name (b, "to_move");
  json_builder_add_int_value (b, p->to_move);
  json_builder_set_member_name (b, "weather");
  json_builder_add_string_value (b, isle_weather_id ((IsleWeather) p->weather));
  if (p->has_deck)
    {
      json_builder_set_member_name (b, "deck");
      json_builder_begin_array (b);
      for (int i = 0; i < p->deck_len; i++)
        json_builder_add_string_value (b, isle_weather_id ((IsleWeather) p->deck[i]));
      json_builder_end_array (b);
    }

  /* R3: six rows, cells padded to one width. */
  {
    IsleBoard board = p->board;

    isle_board_sync (&board);
    isle_board_format (&board, text, sizeof text);
  }
  rows = g_strsplit (text, "\n", -1);
  json_builder_set_member_name (b, "board");
  json_builder_begin_array (b);
  for (int row = 0; row < ISLE_BOARD_SIZE && rows[row] != NULL; row++)
    json_builder_add_string_value (b, rows[row]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "hands");
  json_builder_begin_array (b);
  for (int seat = 0; seat < n_seats; seat++)
    add_kinds (b, p->random_hand[seat], p->hand[seat], p->hand_len[seat]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "piles");
  json_builder_begin_array (b);
  for (int seat = 0; seat < n_seats; seat++)
    add_kinds (b, p->random_pile[seat], p->pile[seat], p->pile_len[seat]);
  json_builder_end_array (b);

  if (has_mercenaries (sc->variant) || p->coins[0] != 0 || p->coins[1] != 0)
    {
      json_builder_set_member_name (b, "coins");
      add_sides (b, p->coins);
    }
  if (p->round > 1)
    {
      json_builder_set_member_name (b, "scores");
      json_builder_begin_array (b);
      for (int r = 0; r + 1 < p->round; r++)
        add_sides (b, p->scores[r]);
      json_builder_end_array (b);
    }
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
      any_hired |= p->hired[side][k] > 0;
  if (any_hired)
    {
      json_builder_set_member_name (b, "hired");
      json_builder_begin_object (b);
      for (int side = 0; side < ISLE_N_SIDES; side++)
        {
          json_builder_set_member_name (b, side_ids[side]);
          json_builder_begin_array (b);
          for (int k = ISLE_FIRST_MERCENARY; k < ISLE_N_KINDS; k++)
            for (int i = 0; i < p->hired[side][k]; i++)
              {
                char code[2] = { isle_kind_info ((IsleKind) k)->code, '\0' };
                json_builder_add_string_value (b, code);
              }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static JsonNode *
to_json (IsleScenario *sc)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, ISLE_SCENARIO_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, ISLE_SCENARIO_VERSION);
#define ADD_STRING(key, value) \
  if ((value) != NULL) \
    { \
      json_builder_set_member_name (b, key); \
      json_builder_add_string_value (b, value); \
    }
  ADD_STRING ("title", sc->title);
  ADD_STRING ("author", sc->author);
  ADD_STRING ("description", sc->description);
  if (sc->difficulty != ISLE_DIFFICULTY_NONE)
    {
      ADD_STRING ("difficulty", difficulty_ids[sc->difficulty]);
    }
  if (sc->hints != NULL)
    add_strv (b, "hints", sc->hints);
  ADD_STRING ("variant", isle_variant_id (sc->variant));

  if (sc->full_rules)
    {
      json_builder_set_member_name (b, "rules");
      json_builder_add_value (b, isle_rules_to_json (&sc->rules));
    }
  else
    {
      JsonNode *overrides = rules_overrides (&sc->rules);

      if (json_object_get_size (json_node_get_object (overrides)) > 0)
        {
          json_builder_set_member_name (b, "rules");
          json_builder_add_value (b, overrides);
        }
      else
        json_node_unref (overrides);
    }
  if (sc->has_seed)
    {
      char seed[32];

      g_snprintf (seed, sizeof seed, "%" PRIu64, sc->seed);
      ADD_STRING ("seed", seed);
    }
  if (sc->start == NULL)
    {
      json_builder_set_member_name (b, "first_seat");
      json_builder_add_int_value (b, sc->first_seat);
    }
  else
    add_start (b, sc);
  if (sc->has_player)
    {
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, sc->player);
      ADD_STRING ("opponent", sc->opponent);
    }
  if (sc->goal.type != ISLE_GOAL_NONE)
    {
      json_builder_set_member_name (b, "goal");
      json_builder_begin_object (b);
      ADD_STRING ("type", goal_ids[sc->goal.type]);
      if (goal_value_keys[sc->goal.type] != NULL)
        {
          json_builder_set_member_name (b, goal_value_keys[sc->goal.type]);
          json_builder_add_int_value (b, sc->goal.value);
        }
      json_builder_end_object (b);
    }
  if (sc->solution != NULL)
    add_strv (b, "solution", sc->solution);
  if (sc->players != NULL)
    add_strv (b, "players", sc->players);
  if (sc->actions != NULL)
    {
      add_strv (b, "actions", sc->actions);
      json_builder_set_member_name (b, "position");
      json_builder_add_int_value (b, sc->position);
    }
  ADD_STRING ("saved", sc->saved);
#undef ADD_STRING
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
isle_scenario_to_data (IsleScenario *self, gsize *length, GError **error)
{
  g_autoptr (GPtrArray) out = NULL;
  g_autoptr (JsonNode) root = NULL;
  GString *text;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A file that would not load back is worse than no file. */
  out = isle_scenario_validate (self);
  if (out->len > 0)
    {
      set_error_from_problems (error, out, NULL);
      return NULL;
    }
  root = to_json (self);
  text = g_string_new (NULL);
  print_node (text, root, 0, FALSE);
  g_string_append_c (text, '\n');
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}

gboolean
isle_scenario_save (IsleScenario *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = isle_scenario_to_data (self, &length, error);
  if (data == NULL)
    return FALSE;
  return isle_write_file_atomic (path, data, length, error);
}

/* ---- Loading ------------------------------------------------------------- */

/* An old saved game (doc/saved-game-format.md) as a scenario. */
static IsleScenario *
read_old (JsonNode *root, const char *name, GPtrArray *out)
{
  g_auto (IsleOldSavedGame) old = { 0 };
  g_autoptr (GError) error = NULL;
  IsleScenario *sc;

  if (!isle_old_saved_game_read (root, name, &old, &error))
    {
      const char *message = error->message;
      g_autofree char *prefix = g_strdup_printf ("%s: ", name);

      if (g_str_has_prefix (message, prefix))
        message += strlen (prefix);
      problem (out, error->code == ISLE_OLD_SAVED_GAME_ERROR_ACTION
               ? ISLE_SCENARIO_ERROR_ACTION : ISLE_SCENARIO_ERROR_FIELD, "", -1, -1, "%s", message);
      return NULL;
    }
  sc = isle_scenario_new ();
  sc->variant = old.setup.variant;
  sc->first_seat = old.setup.first_seat;
  isle_scenario_set_game (sc, &old.setup, old.seed, (const char *const *) old.texts,
                          old.position, old.saved);
  return sc;
}

/* Reads DATA; OUT gets every problem. NULL when it is no Critter Isle
 * file at all. */
static IsleScenario *
read_all (const char *data, gssize length, const char *name, GPtrArray *out)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) sc = NULL;
  JsonNode *root, *m;
  JsonObject *o;
  gsize len = length < 0 ? (data ? strlen (data) : 0) : (gsize) length;
  Reader r;

  if (len > ISLE_SCENARIO_MAX_BYTES)
    {
      problem (out, ISLE_SCENARIO_ERROR_TOO_LARGE, "", -1, -1,
               _("larger than %d bytes; a scenario or saved game is far smaller"),
               ISLE_SCENARIO_MAX_BYTES);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data ? data : "", (gssize) len, &error))
    {
      gboolean placed;
      g_autofree char *message = isle_json_parse_message (error, &placed);

      problem (out, ISLE_SCENARIO_ERROR_PARSE, "", -1, -1, "%s", message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_autofree char *got = root ? isle_json_describe (root) : g_strdup (_("nothing"));

      problem (out, ISLE_SCENARIO_ERROR_PARSE, "", -1, -1,
               _("expected a Critter Isle file (a JSON object with “format”: “%s”), got %s"),
               ISLE_SCENARIO_FORMAT, got);
      return NULL;
    }
  o = json_node_get_object (root);

  m = json_object_get_member (o, "format");
  if (m != NULL && isle_json_holds_string (m) && strcmp (json_node_get_string (m), ISLE_OLD_SAVED_GAME_FORMAT) == 0)
    return read_old (root, name ? name : _("file"), out);
  if (m == NULL || !isle_json_holds_string (m) || strcmp (json_node_get_string (m), ISLE_SCENARIO_FORMAT) != 0)
    {
      g_autofree char *got = m ? isle_json_describe (m) : g_strdup (_("nothing"));

      problem (out, ISLE_SCENARIO_ERROR_FORMAT, "format", -1, -1,
               _("expected “%s” (or “%s”, a saved game of an older Critter Isle), got %s"),
               ISLE_SCENARIO_FORMAT, ISLE_OLD_SAVED_GAME_FORMAT, got);
      return NULL;
    }
  m = json_object_get_member (o, "version");
  if (m == NULL || !isle_json_holds_integer (m) || json_node_get_int (m) < 1)
    {
      g_autofree char *got = m ? isle_json_describe (m) : g_strdup (_("nothing"));

      problem (out, ISLE_SCENARIO_ERROR_FIELD, "version", -1, -1,
               _("expected the integer %d, got %s"), ISLE_SCENARIO_VERSION, got);
      return NULL;
    }
  /* Before anything else: a newer file has fields this one does not know. */
  if (json_node_get_int (m) > ISLE_SCENARIO_VERSION)
    {
      problem (out, ISLE_SCENARIO_ERROR_FORMAT, "version", -1, -1,
               _("made with a newer Critter Isle (file version %" PRId64
                 ", this one reads %d)"), json_node_get_int (m), ISLE_SCENARIO_VERSION);
      return NULL;
    }

  sc = isle_scenario_new ();
  r.sc = sc;
  r.problems = out;
  r.broken = 0;
  read_members (&r, o);
  validate_into (sc, out, r.broken);
  return g_steal_pointer (&sc);
}

IsleScenario *
isle_scenario_read_data (const char *data, gssize length, GPtrArray **problems)
{
  g_autoptr (GPtrArray) out = problems_new ();
  IsleScenario *sc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  sc = read_all (data, length, NULL, out);
  if (problems != NULL)
    *problems = g_steal_pointer (&out);
  return sc;
}

IsleScenario *
isle_scenario_load_data (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr (GPtrArray) out = problems_new ();
  g_autoptr (IsleScenario) sc = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (name == NULL)
    name = _("scenario");
  sc = read_all (data, length, name, out);
  if (out->len > 0)
    {
      set_error_from_problems (error, out, name);
      return NULL;
    }
  return g_steal_pointer (&sc);
}

IsleScenario *
isle_scenario_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_name (path);
  /* Never read a huge file whole (more than the limit is refused). */
  contents = isle_read_file_bounded (path, ISLE_SCENARIO_MAX_BYTES, &length, error);
  if (contents == NULL)
    return NULL;
  return isle_scenario_load_data (contents, (gssize) length, name, error);
}

IsleScenario *
isle_scenario_load_resource (const char *resource_path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  gconstpointer data;
  gsize length;

  g_return_val_if_fail (resource_path != NULL, NULL);
  (void) isle_get_resource ();
  bytes = g_resources_lookup_data (resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  name = g_path_get_basename (resource_path);
  data = g_bytes_get_data (bytes, &length);
  return isle_scenario_load_data (data, (gssize) length, name, error);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char **
isle_scenario_list_puzzles (void)
{
  g_auto (GStrv) names = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();

  (void) isle_get_resource ();
  names = g_resources_enumerate_children (ISLE_SCENARIO_PUZZLE_RESOURCES,
                                          G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  /* The files are numbered in difficulty order (data/puzzles/README.md). */
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".isle"))
      g_ptr_array_add (paths, g_strconcat (ISLE_SCENARIO_PUZZLE_RESOURCES, names[i], NULL));
  g_ptr_array_sort (paths, compare_strings);
  g_ptr_array_add (paths, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&paths), FALSE);
}
