/* isle-scenario.c — IsleScenario, the object: a `.isle` scenario, puzzle or
 * saved game (doc/scenario-format.md) held in memory, its fields, and the
 * problems its other rooms report (isle-scenario-private.h lists them).
 *
 * A scenario is given its rules parsed: a new one starts from the standard
 * rules, which are read once (isle_rules_load_standard()), and a copy
 * copies the parsed rules, so the editor's copy before every edit reads no
 * JSON.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-goal.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"
#include "isle-puzzle-themes.h"
#include "isle-scenario-private.h"

/* Generated from data/critter-isle.gresource.xml (isle-rules-json.c). */
GResource *isle_get_resource (void);

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

GPtrArray *
isle_scenario_problems_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) isle_scenario_problem_free);
}

void
isle_scenario_add_rule_problem (GPtrArray         *problems,
                                IsleScenarioError  code,
                                const char        *section,
                                const char        *path,
                                int                seat,
                                int                cell,
                                const char        *format,
                                ...)
{
  IsleScenarioProblem *p = g_new0 (IsleScenarioProblem, 1);
  va_list args;

  va_start (args, format);
  p->message = g_strdup_vprintf (format, args);
  va_end (args);
  p->code = code;
  p->path = g_strdup (path != NULL ? path : "");
  p->seat = seat;
  p->cell = cell;
  p->section = g_strdup (section);
  g_ptr_array_add (problems, p);
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

      isle_json_append_problem (s, name, p->path, p->message, p->section);
    }
  return g_string_free (s, FALSE);
}

void
isle_scenario_take_problems (IsleJsonReader *r, IsleScenarioError (*codes) (int code), GPtrArray *out)
{
  for (guint i = 0; i < r->problems->len; i++)
    {
      IsleJsonProblem *jp = g_ptr_array_index (r->problems, i);
      IsleScenarioProblem *p = g_new0 (IsleScenarioProblem, 1);

      p->code = codes != NULL ? codes (jp->code) : (IsleScenarioError) jp->code;
      p->path = g_steal_pointer (&jp->path);
      p->message = g_steal_pointer (&jp->message);
      p->section = g_steal_pointer (&jp->section);
      p->seat = jp->seat;
      p->cell = jp->cell;
      g_ptr_array_add (out, p);
    }
}

void
isle_scenario_set_error (GError    **error,
                         GPtrArray  *problems,
                         const char *name)
{
  g_autofree char *text = isle_scenario_problems_to_string (problems, name);
  IsleScenarioProblem *first = g_ptr_array_index (problems, 0);

  g_set_error_literal (error, ISLE_SCENARIO_ERROR, first->code, text);
}

/* ---- The object ---------------------------------------------------------- */


G_DEFINE_FINAL_TYPE (IsleScenario, isle_scenario, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
isle_scenario_changed (IsleScenario *self)
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
  g_clear_pointer (&self->analysis, json_node_unref);
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

/* A copy of the standard rules, read once (isle_rules_load_standard()). */
void
isle_scenario_standard_rules (IsleRules *rules)
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
  isle_scenario_standard_rules (&self->rules);
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
  copy->themes = self->themes;
  copy->has_measure = self->has_measure;
  copy->measure = self->measure;
  copy->variant = self->variant;
  copy->rules = self->rules;
  copy->full_rules = self->full_rules;
  copy->has_seed = self->has_seed;
  copy->seed = self->seed;
  copy->first_seat = self->first_seat;
  copy->rated = self->rated;
  copy->rating = self->rating;
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
  copy->analysis = self->analysis != NULL ? json_node_copy (self->analysis) : NULL;
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
  isle_scenario_changed (self);
}

static GStrv
strv_or_null (const char *const *v)
{
  return v != NULL && v[0] != NULL ? g_strdupv ((char **) v) : NULL;
}

/* A player as kept and written: a level's old id becomes its id, and its
 * budget stays ("ismcts:hard@2s" → "expert@2s"); anything else stays as it
 * is, for the checks to quote. */
char *
isle_scenario_player_dup (const char *spec)
{
  IslePlayerSpec parsed;

  if (isle_player_spec_parse (spec, &parsed, NULL) && isle_player_spec_is_builtin (&parsed))
    return isle_player_spec_format (&parsed);
  return g_strdup (spec);
}

char **
isle_scenario_players_dup (const char *const *players)
{
  char **copy = strv_or_null (players);

  for (guint i = 0; copy != NULL && copy[i] != NULL; i++)
    {
      char *canonical = isle_scenario_player_dup (copy[i]);

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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
}

guint
isle_scenario_get_themes (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->themes;
}

void
isle_scenario_set_themes (IsleScenario *self, guint themes)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (themes < ISLE_PUZZLE_THEME_BIT (ISLE_N_THEMES));
  self->themes = themes;
  isle_scenario_changed (self);
}

gboolean
isle_scenario_get_measure (IsleScenario *self, IsleScenarioMeasure *measure)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  if (self->has_measure && measure != NULL)
    *measure = self->measure;
  return self->has_measure;
}

void
isle_scenario_set_measure (IsleScenario *self, const IsleScenarioMeasure *measure)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (measure == NULL || (measure->tries >= 1 && measure->tries <= ISLE_SCENARIO_MAX_TRIES));
  for (int l = 0; measure != NULL && l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
    g_return_if_fail (measure->failed[l] >= 0 && measure->failed[l] <= measure->tries);
  self->has_measure = measure != NULL;
  if (measure != NULL)
    self->measure = *measure;
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
}

void
isle_scenario_unset_seed (IsleScenario *self)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  self->has_seed = FALSE;
  self->seed = 0;
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  self->opponent = isle_scenario_player_dup (level);
  self->has_player = TRUE;
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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
  self->players = isle_scenario_players_dup (players);
  isle_scenario_changed (self);
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
  isle_scenario_changed (self);
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

JsonNode *
isle_scenario_get_analysis (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return self->analysis;
}

void
isle_scenario_set_analysis (IsleScenario *self, JsonNode *analysis)
{
  g_return_if_fail (ISLE_IS_SCENARIO (self));
  if (analysis == self->analysis)
    return;
  g_clear_pointer (&self->analysis, json_node_unref);
  self->analysis = analysis != NULL ? json_node_copy (analysis) : NULL;
  isle_scenario_changed (self);
}

const char *
isle_scenario_player_stand_in (const char *spec)
{
  IslePlayerSpec parsed;

  g_return_val_if_fail (spec != NULL, ISLE_PLAYER_SPEC_STAND_IN);

  if (!isle_player_spec_parse (spec, &parsed, NULL))
    return ISLE_PLAYER_SPEC_STAND_IN;
  if (parsed.kind == ISLE_PLAYER_HUMAN)
    return "human";
  return parsed.kind == ISLE_PLAYER_BUILTIN ? parsed.level->id : ISLE_PLAYER_SPEC_STAND_IN;
}

char *
isle_scenario_player_for_file (const char *spec)
{
  IslePlayerSpec parsed;

  g_return_val_if_fail (spec != NULL, NULL);

  if (!isle_player_spec_parse (spec, &parsed, NULL))
    return g_strdup (ISLE_PLAYER_SPEC_STAND_IN);
  parsed = isle_player_spec_for_file (&parsed);
  return isle_player_spec_format (&parsed);
}

void
isle_scenario_get_setup_players (IsleScenario *self, IsleGameSetup *setup)
{
  const char *const *players;
  int n_seats;

  g_return_if_fail (ISLE_IS_SCENARIO (self));
  g_return_if_fail (setup != NULL);

  n_seats = isle_game_setup_n_seats (setup);
  players = isle_scenario_get_players (self);
  if (players != NULL && g_strv_length ((char **) players) != (guint) n_seats)
    players = NULL;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      const char *text = seat >= n_seats ? "human"
                         : players != NULL ? players[seat]
                         : seat == isle_scenario_get_player (self) ? "human"
                         : isle_scenario_get_opponent (self);

      if (!isle_player_spec_parse (text, &setup->players[seat], NULL))
        setup->players[seat] = isle_player_spec_for (ISLE_PLAYER_SPEC_STAND_IN);
    }
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
    {
      IslePlayerSpec filed = isle_player_spec_for_file (&setup->players[seat]);

      g_strv_builder_add (players, isle_player_spec_to_text (&filed));
    }
  g_strfreev (self->players);
  self->players = g_strv_builder_end (players);

  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    g_strv_builder_add (history, actions[i]);
  g_strfreev (self->actions);
  self->actions = g_strv_builder_end (history);
  self->position = position;
  self->rated = setup->rated;
  self->rating = setup->rated ? setup->rating : 0;
  g_free (self->saved);
  self->saved = g_strdup (saved);
  isle_scenario_changed (self);
}

/* ---- Ids ----------------------------------------------------------------- */

const char *const isle_scenario_measured_ids[ISLE_SCENARIO_MEASURED_LEVELS] = {
  "beginner", "easy", "medium", "hard",
};

const char *const isle_scenario_difficulty_ids[ISLE_DIFFICULTY_HARD + 1] = {
  [ISLE_DIFFICULTY_NONE] = "",
  [ISLE_DIFFICULTY_EASY] = "easy",
  [ISLE_DIFFICULTY_MEDIUM] = "medium",
  [ISLE_DIFFICULTY_HARD] = "hard",
};

const char *const isle_scenario_side_ids[ISLE_N_SIDES] = { "red", "blue" };

const char *const isle_scenario_rules_fields[7] = {
  "line_score", "hire_cost", "weather_deck", "rounds", "max_extra_rounds",
  "quick_start_coins", "options",
};

int
isle_scenario_start_round (IsleScenario *sc)
{
  return sc->start != NULL ? sc->start->round : 1;
}

gboolean
isle_scenario_has_mercenaries (IsleVariant variant)
{
  return variant >= ISLE_VARIANT_MERCENARY;
}

/* ---- Goals --------------------------------------------------------------- */

IsleGoalStatus
isle_scenario_goal_status (IsleScenario *self, const IsleState *state, char **sentence)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), ISLE_GOAL_IN_PROGRESS);
  g_return_val_if_fail (state != NULL, ISLE_GOAL_IN_PROGRESS);
  return isle_goal_status (&self->goal, self->player, isle_scenario_start_round (self),
                           state, sentence);
}

char *
isle_scenario_describe_goal (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  return isle_goal_describe (&self->goal);
}

/* ---- The built-in puzzles ------------------------------------------------- */

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


gboolean
isle_scenario_get_rated (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  return self->rated;
}

int
isle_scenario_get_rating (IsleScenario *self)
{
  g_return_val_if_fail (ISLE_IS_SCENARIO (self), 0);
  return self->rating;
}
