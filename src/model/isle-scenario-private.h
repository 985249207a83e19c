/* isle-scenario-private.h — what the rooms of IsleScenario share, and no
 * one else:
 *
 *   isle-scenario.c          the object, its fields, its problems
 *   isle-scenario-reader.c   a `.isle` file's text into a scenario
 *   isle-scenario-check.c    every problem of a scenario, in words
 *   isle-scenario-writer.c   a scenario into a `.isle` file's text
 *   isle-goal.c              goals: their ids, where they stand, in words
 *   isle-saved-game.c        a game into a scenario (isle_scenario_set_game())
 */
#pragma once

#include "isle-json.h"
#include "isle-scenario.h"

G_BEGIN_DECLS

struct _IsleScenario
{
  GObject parent_instance;

  char *title;
  char *author;
  char *description;
  IsleDifficulty difficulty;
  GStrv hints;
  guint themes;                  /* IslePuzzleTheme bits */
  gboolean has_measure;
  IsleScenarioMeasure measure;

  IsleVariant variant;
  IsleRules rules;               /* parsed once: a copy copies them */
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
  gboolean rated;                /* a rated game (saved games only) */
  int rating;                    /* the person's rating when it began */
  JsonNode *analysis;            /* "analysis" as the file has it, or NULL */
};

/* Fields the reader could not read: the checks that need them are
 * skipped, so one mistake is not reported again as others. */
enum
{
  ISLE_SCENARIO_BROKEN_VARIANT = 1 << 0,
  ISLE_SCENARIO_BROKEN_RULES = 1 << 1,
  ISLE_SCENARIO_BROKEN_START = 1 << 2,
  ISLE_SCENARIO_BROKEN_PLAYERS = 1 << 3,
  ISLE_SCENARIO_BROKEN_ACTIONS = 1 << 4,
  ISLE_SCENARIO_BROKEN_SOLUTION = 1 << 5,
  ISLE_SCENARIO_BROKEN_GOAL = 1 << 6,
  ISLE_SCENARIO_BROKEN_SEED = 1 << 7,
};

/* Ids as a file spells them. */
extern const char *const isle_scenario_difficulty_ids[ISLE_DIFFICULTY_HARD + 1];
extern const char *const isle_scenario_side_ids[ISLE_N_SIDES];
/* The rules fields a scenario may override (doc/scenario-format.md). */
extern const char *const isle_scenario_rules_fields[7];

/* isle-scenario.c */
void       isle_scenario_changed          (IsleScenario *self);
void       isle_scenario_standard_rules   (IsleRules    *rules);
char      *isle_scenario_player_dup       (const char   *spec);
char     **isle_scenario_players_dup      (const char *const *players);
int        isle_scenario_start_round      (IsleScenario *sc);
gboolean   isle_scenario_has_mercenaries  (IsleVariant   variant);

/* A list of IsleScenarioProblem. */
GPtrArray *isle_scenario_problems_new     (void);
/* A problem against the rules: the message is a plain sentence a player
 * understands, SECTION ("R5", "R1, R9.3") the rules it breaks, kept apart
 * so an editor shows it in a tooltip and the CLI after the sentence. */
void       isle_scenario_add_rule_problem (GPtrArray         *problems,
                                           IsleScenarioError  code,
                                           const char        *section,
                                           const char        *path,
                                           int                seat,
                                           int                cell,
                                           const char        *format,
                                           ...) G_GNUC_PRINTF (7, 8);
/* A problem that breaks no rule: a field's shape, a limit. */
#define isle_scenario_add_problem(problems, code, path, seat, cell, ...) \
  isle_scenario_add_rule_problem (problems, code, NULL, path, seat, cell, __VA_ARGS__)
/* Moves the problems R found into OUT, as IsleScenarioProblem; CODES (if
 * not NULL) turns R's codes into the scenario's. */
void       isle_scenario_take_problems    (IsleJsonReader    *r,
                                           IsleScenarioError (*codes) (int code),
                                           GPtrArray         *out);
/* ERROR from the first problem's code, listing them all. */
void       isle_scenario_set_error        (GError      **error,
                                           GPtrArray    *problems,
                                           const char   *name);

/* isle-scenario-check.c: adds every problem of SC to OUT, skipping the
 * checks of the fields in BROKEN (ISLE_SCENARIO_BROKEN_*). */
void       isle_scenario_validate_into    (IsleScenario *sc,
                                           GPtrArray    *out,
                                           guint         broken);
/* The state SC begins in, or FALSE with its problems in OUT. */
gboolean   isle_scenario_build_start_into (IsleScenario *sc,
                                           guint64       seed,
                                           IsleState    *state,
                                           GPtrArray    *out);

G_END_DECLS
