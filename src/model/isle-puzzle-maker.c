/* isle-puzzle-maker.c — isle-puzzle-maker.h: candidates played by the
 * ladder's gentle levels, proven by isle-puzzle-proof.h, kept by the rules
 * of a puzzle, measured by the levels and put in words. */
#include "config.h"

#include "isle-puzzle-maker.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-ai.h"
#include "isle-player-spec.h"
#include "isle-bits.h"
#include "isle-puzzle-proof.h"
#include "isle-rating.h"
#include "isle-rules-json.h"
#include "isle-words.h"

/* A puzzle is a few decisions long. */
#define LEAST_FREE 4
#define MOST_FREE 8
/* Kept when at most this many first decisions meet the goal, of at least
 * LEAST_CHOICES. */
#define MOST_WORKING 2
#define LEAST_CHOICES 3
/* The longest solution (a puzzle's round has at most MOST_FREE tiles left,
 * abilities and fog lifts between). */
#define MAX_LINE 64

/* The levels whose games the positions come from. */
static const char *const players[] = { "beginner", "easy", "medium" };

/* What one candidate is made for. */
typedef struct
{
  IsleVariant variant;
  int theme;                  /* -1: none */
  IsleKind keep;              /* the kind the puzzle's seat keeps for the end */
  int weather;                /* the weather kept when offered, or -1 */
  int round;                  /* the round of the puzzle */
  int free_tiles;
  int player;
  const IsleAiLevel *levels[ISLE_N_SIDES];
} Plan;

gboolean
isle_puzzle_recipe_check (const IslePuzzleRecipe *recipe, GError **error)
{
  if (recipe->variant == ISLE_VARIANT_TEAM)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Puzzles are made for two players: the Team game has none."));
      return FALSE;
    }
  if (recipe->theme >= ISLE_N_THEMES)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("No such puzzle theme."));
      return FALSE;
    }
  if (recipe->theme >= 0 && recipe->variant < ISLE_N_VARIANTS
      && !isle_puzzle_theme_fits ((IslePuzzleTheme) recipe->theme, recipe->variant))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: a puzzle theme, then a game variant ("Fog", "Basic Game") */
                   _("The theme “%s” has no puzzles in the %s."),
                   isle_puzzle_theme_name ((IslePuzzleTheme) recipe->theme), isle_words_variant (recipe->variant));
      return FALSE;
    }
  return TRUE;
}

/* ---- playing a puzzle to measure it ------------------------------------ */

/* isle_scenario_measured_ids[] */
#define MEASURED_EASY 1

/* What measuring a puzzle plays from. */
typedef struct
{
  IsleProofStart s;
  IsleAiLevel opponent;         /* the puzzle's opponent, its budget in place */
  IsleRng rng;
} Measuring;

static gboolean
measuring_init (Measuring *m, IsleScenario *scenario, guint64 seed, GError **error)
{
  IslePlayerSpec spec;

  if (!isle_proof_start_read (scenario, &m->s, error))
    return FALSE;
  /* A file names a built-in level (isle-scenario.h), perhaps with a
   * budget: "expert@2s". */
  if (!isle_player_spec_parse (isle_scenario_get_opponent (scenario), &spec, error))
    return FALSE;
  m->opponent = spec.budgeted;
  isle_rng_seed (&m->rng, seed ^ G_GUINT64_CONSTANT (0x2545f4914f6cdd1d));
  return TRUE;
}

/* A timed level's clock for one decision: the seconds it has left. */
static double
seconds_left (void *data)
{
  const gint64 *deadline = data;

  return (double) (*deadline - g_get_monotonic_time ()) / G_USEC_PER_SEC;
}

/* How many of TRIES games the measured level L fails, playing the
 * puzzle's side against its opponent. */
static int
failures (Measuring *m, int l, int tries)
{
  const IsleAiLevel *level = isle_ai_find (isle_scenario_measured_ids[l]);
  int player = m->s.player;
  gint64 deadline = 0;
  /* A level with a budget of seconds (Expert) thinks that long. */
  IsleAiLimits limits = { 0, NULL, NULL, seconds_left, false, NULL, 0, NULL };
  static const IsleAiLimits none = { 0, NULL, NULL, NULL, false, NULL, 0, NULL };
  int failed = 0;

  limits.data = &deadline;
  for (int t = 0; t < tries; t++)
    {
      IsleState s = m->s.start;
      gboolean met = FALSE;

      while (!isle_proof_decided (&m->s.goal, player, m->s.round, &s, &met))
        {
          int seat = isle_state_to_move (&s);
          const IsleAiLevel *who = isle_seat_side (seat) == isle_seat_side (player) ? level : &m->opponent;
          IsleObservation obs;

          isle_state_observe (&s, seat, &obs);
          deadline = g_get_monotonic_time () + (gint64) (who->seconds * G_USEC_PER_SEC);
          if (!isle_state_apply (&s, who->choose (who, &obs, who->seconds > 0 ? &limits : &none,
                                                  isle_rng_next (&m->rng), NULL)))
            break;
        }
      failed += !met;
    }
  return failed;
}

/* ---- a candidate ------------------------------------------------------- */

static void
plan_candidate (const IslePuzzleRecipe *recipe, IsleRng *rng, Plan *plan)
{
  static const IsleVariant variants[] = { ISLE_VARIANT_BASIC, ISLE_VARIANT_WEATHER, ISLE_VARIANT_QUICK,
                                          ISLE_VARIANT_MERCENARY };
  int theme = recipe->theme;
  IsleKind merc;

  /* Without a theme asked for, one drawn half of the time. */
  if (theme < 0 && isle_rng_below (rng, 2) == 0)
    theme = (int) isle_rng_below (rng, ISLE_N_THEMES);
  plan->variant = recipe->variant;
  if (plan->variant >= ISLE_N_VARIANTS)
    do
      plan->variant = variants[isle_rng_below (rng, G_N_ELEMENTS (variants))];
    while (theme >= 0 && !isle_puzzle_theme_fits ((IslePuzzleTheme) theme, plan->variant));
  if (theme >= 0 && !isle_puzzle_theme_fits ((IslePuzzleTheme) theme, plan->variant))
    theme = -1;
  plan->theme = theme;
  merc = theme >= 0 ? isle_puzzle_theme_kind ((IslePuzzleTheme) theme) : ISLE_KIND_NONE;
  plan->keep = merc;
  if (theme == ISLE_THEME_SPIES)
    plan->keep = ISLE_KIND_RAT;
  else if (theme == ISLE_THEME_BLOCKING)
    plan->keep = ISLE_KIND_RABBIT;
  else if (theme == ISLE_THEME_MULTIPLIERS)
    plan->keep = ISLE_KIND_PIG;
  plan->weather = theme == ISLE_THEME_FOG ? ISLE_WEATHER_FOGGY : theme == ISLE_THEME_CLOUDY ? ISLE_WEATHER_CLOUDY : -1;
  /* The Mercenary game hires after round 1 (R9.3): a mercenary's puzzle
   * is in round 2. */
  plan->round = plan->variant == ISLE_VARIANT_MERCENARY && (merc != ISLE_KIND_NONE || isle_rng_below (rng, 2) == 0) ? 2 : 1;
  plan->free_tiles = LEAST_FREE + (int) isle_rng_below (rng, MOST_FREE - LEAST_FREE + 1);
  plan->player = (int) isle_rng_below (rng, 2);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    plan->levels[side] = isle_ai_find (players[isle_rng_below (rng, G_N_ELEMENTS (players))]);
}

static gboolean
places_kind (IsleAction a, IsleKind kind)
{
  return kind != ISLE_KIND_NONE && isle_action_type (a) == ISLE_ACTION_PLACE && isle_action_kind (a) == kind;
}

/* The decision a seat's level makes, bent to the plan: the weather kept,
 * the mercenary hired, the kind kept for the end. */
static IsleAction
planned_decision (const Plan *plan, const IsleState *s, IsleRng *rng)
{
  int seat = isle_state_to_move (s);
  const IsleAiLevel *level = plan->levels[isle_seat_side (seat)];
  IsleAiLimits limits = { 0, NULL, NULL, NULL, false, NULL, 0, NULL };
  IsleObservation obs;
  IsleAction a;

  if (s->phase == ISLE_PHASE_WEATHER && plan->weather >= 0
      && isle_state_is_legal (s, isle_action_keep ((IsleWeather) plan->weather)))
    return isle_action_keep ((IsleWeather) plan->weather);   /* R6.1 */
  if (s->phase == ISLE_PHASE_HIRE && seat == plan->player && isle_kind_is_mercenary (plan->keep)
      && isle_state_is_legal (s, isle_action_kind_only (ISLE_ACTION_HIRE, plan->keep)))
    return isle_action_kind_only (ISLE_ACTION_HIRE, plan->keep);   /* R9.3 */
  isle_state_observe (s, seat, &obs);
  a = level->choose (level, &obs, &limits, isle_rng_next (rng), NULL);
  if (seat == plan->player && places_kind (a, plan->keep))
    {
      IsleActionList list;
      int n = 0;

      isle_state_legal_actions (s, &list);
      for (int i = 0; i < list.n; i++)
        if (!places_kind (list.actions[i], plan->keep))
          list.actions[n++] = list.actions[i];
      if (n > 0)
        a = list.actions[isle_rng_below (rng, (guint32) n)];
    }
  return a;
}

/* Whether S is where the plan's puzzle begins. */
static gboolean
at_candidate (const Plan *plan, const IsleState *s)
{
  int free_tiles = isle_popcount (~s->board.occupied & ISLE_ALL_CELLS);

  if (s->round != plan->round || s->phase != ISLE_PHASE_PLACE || s->to_move != plan->player
      || s->pile_len[0] != 0 || s->pile_len[1] != 0 || free_tiles > plan->free_tiles || free_tiles < 2)
    return FALSE;
  if (plan->weather >= 0 && s->weather != plan->weather)
    return FALSE;
  if (plan->keep != ISLE_KIND_NONE && plan->keep != ISLE_KIND_FROG)
    {
      for (int i = 0; i < s->hand_len[plan->player]; i++)
        if (s->hand[plan->player][i] == plan->keep)
          return TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Plays the plan's game from SEED to its candidate; FALSE when it never
 * comes. */
static gboolean
play_to_candidate (const Plan *plan, guint64 seed, IsleRng *rng, IsleRules *rules, IsleState *s)
{
  isle_rules_load_standard (rules, NULL);
  if (plan->variant == ISLE_VARIANT_QUICK && plan->weather >= 0)
    rules->quick_weather = (IsleWeather) plan->weather;   /* R10 */
  if (!isle_state_init (s, rules, plan->variant, (int) isle_rng_below (rng, 2), seed))
    return FALSE;
  while (!isle_state_is_terminal (s) && s->round <= plan->round)
    {
      if (at_candidate (plan, s))
        return TRUE;
      if (!isle_state_apply (s, planned_decision (plan, s, rng)))
        return FALSE;
    }
  return FALSE;
}

/* ---- the proof --------------------------------------------------------- */

typedef struct
{
  IsleScenarioGoal goal;
  int player;
  int round;
  double seconds;
} Proving;

static IsleProofAnswer
answer (const Proving *p, int value, const IsleState *s, IslePuzzleMakeStats *stats)
{
  IsleScenarioGoal goal = { p->goal.type, value };
  g_autoptr (IsleProof) proof = isle_proof_run (&goal, p->player, p->round, s, FALSE, p->seconds, 1, NULL);

  stats->nodes += proof->nodes;
  return proof->answer;
}

/* A line of best play that meets P's goal: the puzzle's side by moves
 * proven to keep it, the other by a reply that keeps one more point out of
 * reach (the strongest), each in the notation of solutions. */
static GStrv
best_line (const Proving *p, const IsleState *start, IsleAction *line, int *n_line, IslePuzzleMakeStats *stats)
{
  g_autoptr (GStrvBuilder) texts = g_strv_builder_new ();
  IsleState s = *start;
  int n = 0;

  while (!isle_proof_decided (&p->goal, p->player, p->round, &s, NULL) && n < MAX_LINE)
    {
      IsleAction a = 0;
      char text[32];

      if (isle_seat_side (isle_state_to_move (&s)) == isle_seat_side (p->player))
        a = isle_proof_winning_move (&p->goal, p->player, p->round, &s, p->seconds);
      else
        {
          IsleActionList list;

          isle_state_legal_actions (&s, &list);
          a = list.n > 0 ? list.actions[0] : 0;
          for (int i = 0; i < list.n; i++)
            {
              IsleState c = s;

              isle_state_apply (&c, list.actions[i]);
              if (answer (p, p->goal.value + 1, &c, stats) == ISLE_PROOF_REFUTED)
                {
                  a = list.actions[i];
                  break;
                }
            }
        }
      if (a == 0)
        return NULL;
      g_strv_builder_add (texts, isle_action_format (&s, a, text));
      line[n++] = a;
      isle_state_apply (&s, a);
    }
  *n_line = n;
  return g_strv_builder_end (texts);
}

/* The placement the rules of thumb like best for the seat to move in S
 * (the move that looks best, isle_state_guided_action() without noise),
 * or 0 when the game is over. */
static IsleAction
looks_best (const IsleState *s)
{
  IsleRng rng;

  isle_rng_seed (&rng, 1);
  return isle_state_guided_action (s, &rng, 0.0, 1.0, 0.0);
}

/* Whether A is among WORKING (isle_proof_working()). */
static gboolean
works (const GArray *working, IsleAction a)
{
  for (guint i = 0; i < working->len; i++)
    if (g_array_index (working, IsleAction, i) == a)
      return TRUE;
  return FALSE;
}

/* The goal of the candidate: the best lead its seat can force, or its
 * best score when it cannot lead; FALSE when the best is not proven
 * exactly in time. */
static gboolean
find_goal (Proving *p, const IsleState *start, IslePuzzleMakeStats *stats)
{
  static const IsleGoalType types[] = { ISLE_GOAL_WIN_ROUND, ISLE_GOAL_SCORE_ROUND };

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      IsleScenarioGoal goal = { types[t], 1 };
      g_autoptr (IsleProof) proof = isle_proof_run (&goal, p->player, p->round, start, TRUE, p->seconds, 1, NULL);

      stats->nodes += proof->nodes;
      if (!proof->has_best || !proof->best_exact)
        return FALSE;
      if (proof->best >= 1)
        {
          p->goal.type = types[t];
          p->goal.value = proof->best;
          return TRUE;
        }
    }
  return FALSE;
}

/* The candidate of PLAN from SEED as a puzzle, or NULL. */
static IsleScenario *
try_candidate (const Plan *plan, const IslePuzzleRecipe *recipe, guint64 seed, IsleRng *rng, guint number,
               IslePuzzleMakeStats *stats)
{
  g_autoptr (IsleScenario) sc = isle_scenario_new ();
  g_autoptr (IsleProof) proof = NULL;
  g_autoptr (GArray) working = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_auto (GStrv) solution = NULL;
  IsleAction line[MAX_LINE], trap;
  IsleActionList first;
  IsleScenarioMeasure measure;
  Measuring measuring;
  IsleRules rules;
  IsleState s, start;
  Proving p = { { ISLE_GOAL_NONE, 0 }, plan->player, plan->round, recipe->seconds > 0 ? recipe->seconds : 5.0 };
  IslePuzzleThemes themes;
  int n_line = 0;

  if (!play_to_candidate (plan, seed, rng, &rules, &s))
    return NULL;
  stats->candidates++;
  isle_scenario_set_variant (sc, plan->variant);
  isle_scenario_set_rules (sc, &rules);
  isle_scenario_set_seed (sc, seed);
  isle_scenario_set_start_from_state (sc, &s);
  isle_scenario_set_player (sc, plan->player);
  isle_scenario_set_opponent (sc, ISLE_PUZZLE_MAKER_OPPONENT);
  /* The state a game of the file begins in, chance and all: what the
   * player will face is what is proven. */
  if (!isle_scenario_build_start (sc, 0, &start, NULL) || isle_state_to_move (&start) != plan->player
      || isle_state_legal_actions (&start, &first) < LEAST_CHOICES)
    return NULL;
  if (!find_goal (&p, &start, stats))
    return NULL;
  stats->proven++;
  proof = isle_proof_run (&p.goal, p.player, p.round, &start, FALSE, p.seconds, 1, NULL);
  stats->nodes += proof->nodes;
  if (proof->answer != ISLE_PROOF_PROVEN)
    return NULL;
  working = isle_proof_working (proof);
  trap = looks_best (&start);
  if (working->len > MOST_WORKING || trap == 0 || works (working, trap))
    return NULL;
  solution = best_line (&p, &start, line, &n_line, stats);
  if (solution == NULL)
    return NULL;
  themes = isle_puzzle_themes_of_line (&start, p.player, line, n_line);
  if (recipe->theme >= 0 && !(themes & ISLE_PUZZLE_THEME_BIT (recipe->theme)))
    return NULL;
  isle_scenario_set_goal (sc, &p.goal);
  isle_scenario_set_solution (sc, (const char *const *) solution);
  isle_scenario_set_themes (sc, themes);
  problems = isle_scenario_validate (sc);
  if (problems->len > 0)
    return NULL;
  /* Easy first: a puzzle it meets more than a quarter of the time is
   * not kept (the rules of thumb, a little blurred, find it). */
  measure.tries = recipe->tries > 0 ? recipe->tries : ISLE_PUZZLE_MAKER_TRIES;
  if (!measuring_init (&measuring, sc, seed, NULL))
    return NULL;
  measure.failed[MEASURED_EASY] = failures (&measuring, MEASURED_EASY, measure.tries);
  if (measure.failed[MEASURED_EASY] * 4 < measure.tries * 3)
    return NULL;
  for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
    if (l != MEASURED_EASY)
      measure.failed[l] = failures (&measuring, l, measure.tries);
  isle_scenario_set_measure (sc, &measure);
  isle_scenario_set_difficulty (sc, isle_puzzle_measured_difficulty (&measure));
  isle_scenario_set_author (sc, "Critter Isle");
  isle_puzzle_write_texts (sc, number, (int) working->len);
  return g_steal_pointer (&sc);
}

IsleScenario *
isle_puzzle_make (const IslePuzzleRecipe *recipe, guint64 seed, guint number, GCancellable *cancellable,
                  IslePuzzleMakeStats *stats)
{
  IslePuzzleMakeStats mine = { 0 };
  gint64 began = g_get_monotonic_time ();
  guint most = recipe->max_candidates > 0 ? recipe->max_candidates : 2000;
  IsleScenario *sc = NULL;
  IsleRng rng;

  g_return_val_if_fail (isle_puzzle_recipe_check (recipe, NULL), NULL);
  if (stats == NULL)
    stats = &mine;
  isle_rng_seed (&rng, seed ^ G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  for (guint tries = 0; sc == NULL && tries < most && !g_cancellable_is_cancelled (cancellable); tries++)
    {
      Plan plan;

      plan_candidate (recipe, &rng, &plan);
      sc = try_candidate (&plan, recipe, isle_rng_next (&rng) >> 1, &rng, number, stats);
    }
  stats->seconds += (double) (g_get_monotonic_time () - began) / G_USEC_PER_SEC;
  return sc;
}

/* ---- measuring --------------------------------------------------------- */

gboolean
isle_puzzle_measure (IsleScenario *scenario, int tries, guint64 seed, IsleScenarioMeasure *measure,
                     GError **error)
{
  Measuring m;

  g_return_val_if_fail (tries >= 1 && tries <= ISLE_SCENARIO_MAX_TRIES, FALSE);
  if (!measuring_init (&m, scenario, seed, error))
    return FALSE;
  measure->tries = tries;
  for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
    measure->failed[l] = failures (&m, l, tries);
  return TRUE;
}

/* The measured levels' rated strengths (isle-rating.h). */
static int
level_elo (const char *id)
{
  guint n;
  const IsleRatedStrength *strengths = isle_rating_strengths (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (strengths[i].spec, id) == 0)
      return strengths[i].elo;
  return ISLE_RATING_DEFAULT;
}

int
isle_puzzle_measured_rating (const IsleScenarioMeasure *measure)
{
  double best_error = G_MAXDOUBLE;
  int best = ISLE_RATING_DEFAULT;

  /* The rating whose Elo expectations are nearest, in squares, to how
   * often each level met the goal; a whole number of tens. */
  for (int r = ISLE_RATING_MIN - 400; r <= ISLE_RATING_MAX; r += 10)
    {
      double e = 0;

      for (int l = 0; l < ISLE_SCENARIO_MEASURED_LEVELS; l++)
        {
          double met = 1.0 - (double) measure->failed[l] / MAX (measure->tries, 1);
          double d = met - isle_rating_expected (level_elo (isle_scenario_measured_ids[l]), r);

          e += d * d;
        }
      if (e < best_error - 1e-12)
        {
          best_error = e;
          best = r;
        }
    }
  return best;
}

IsleDifficulty
isle_puzzle_measured_difficulty (const IsleScenarioMeasure *measure)
{
  int rating = isle_puzzle_measured_rating (measure);

  /* Named by the level that meets it half the time: Medium or better
   * (Easy), Hard (Medium), none of the measured levels (Hard). */
  return rating < level_elo ("medium") ? ISLE_DIFFICULTY_EASY
         : rating < level_elo ("hard") ? ISLE_DIFFICULTY_MEDIUM : ISLE_DIFFICULTY_HARD;
}

/* ---- words ------------------------------------------------------------- */

static const char *const names[ISLE_N_THEMES + 1][2] = {
  /* Translators: the names of generated puzzles, by theme; each is
   * followed by the puzzle's number ("Sly Fox 12") */
  { N_("Sly Fox"), N_("Fox Trot") },
  { N_("Slow and Steady"), N_("Shell Game") },
  { N_("Top Cat"), N_("Cat's Cradle") },
  { N_("Mouse Hole"), N_("Cheese Run") },
  { N_("Snake Pit"), N_("Snake Charmer") },
  { N_("Lily Pad"), N_("Frog Hop") },
  { N_("True Colours"), N_("Colour Shift") },
  { N_("Crow's Share"), N_("Scarecrow") },
  { N_("Mole Hill"), N_("Underground") },
  { N_("Prairie Swap"), N_("Burrow Shuffle") },
  { N_("Big Splash"), N_("Hippo Wade") },
  { N_("Into the Fog"), N_("Pea Souper") },
  { N_("Cloud Cover"), N_("Silver Cloud") },
  { N_("Double Agent"), N_("Spy Game") },
  { N_("Pig Pen"), N_("Doubles and Triples") },
  { N_("Road Block"), N_("White Fence") },
  { N_("Island Endgame"), N_("Last Tiles") },
};

static const char *const clues[ISLE_N_THEMES] = {
  N_("A Fox makes the other side take back a token next to it and put another in its place."),
  N_("A Turtle lets you place once more at once, but the other side's next turn has two placements."),
  N_("A Cat triples the line it is in."),
  N_("The Mouses must trade tiles with a token of the other side next to it."),
  N_("A Snake makes the other side replace any one of its tokens on the island."),
  N_("A Frog on the island may hop to a free open tile next to it before you place."),
  N_("A Chameleon takes the colour of each token placed face up next to it."),
  N_("A Crow in a line takes half of that line's points for its owner."),
  N_("The Mole is a spy that must trade tiles with a token of the other side next to it."),
  N_("A Prairie Dog may swap any two coloured tokens next to it."),
  N_("A Hippo placed face up takes two tiles until your next turn."),
  N_("In the fog every token is placed face down, and only the open tiles can be filled."),
  N_("Fog boards cover part of the island: filling the last open tile lifts one."),
  N_("A Rat is a spy: it lengthens the other side's lines."),
  N_("A Pig doubles its line and a Cat triples it."),
  N_("A Rabbit is white: it belongs to no line and breaks the lines around it."),
};

/* The theme a puzzle is named after: a mercenary first, then what else
 * it has; ISLE_N_THEMES for none. */
static int
main_theme (guint themes)
{
  for (int t = 0; t < ISLE_N_THEMES; t++)
    if (themes & ISLE_PUZZLE_THEME_BIT (t))
      return t;
  return ISLE_N_THEMES;
}

void
isle_puzzle_write_texts (IsleScenario *scenario, guint number, int working)
{
  g_autoptr (GStrvBuilder) hints = g_strv_builder_new ();
  g_auto (GStrv) hint_texts = NULL;
  g_autofree char *title = NULL, *description = NULL, *tiles = NULL;
  g_autofree char *goal = isle_scenario_describe_goal (scenario);
  guint themes = isle_scenario_get_themes (scenario);
  int theme = main_theme (themes), player = isle_scenario_get_player (scenario), free_tiles;
  IsleState start;
  IsleAction trap = 0;

  if (!isle_scenario_build_start (scenario, 0, &start, NULL))
    return;
  free_tiles = isle_popcount (~start.board.occupied & ISLE_ALL_CELLS);
  /* Translators: a generated puzzle's title: its name and its number,
   * "Sly Fox 12" */
  title = g_strdup_printf (_("%s %u"), _(names[theme][number % 2]), number);
  tiles = g_strdup_printf (ngettext ("One tile is left free.", "%d tiles are left free.", (gulong) free_tiles),
                           free_tiles);
  /* Three sentences, each whole. */
  description = g_strdup_printf ("%s %s %s",
                                 isle_seat_side (player) == ISLE_SIDE_RED ? _("You play Red.") : _("You play Blue."),
                                 tiles, goal);
  for (int t = 0; t < ISLE_N_THEMES; t++)
    if (themes & ISLE_PUZZLE_THEME_BIT (t))
      g_strv_builder_add (hints, _(clues[t]));
  if (isle_state_to_move (&start) == player)
    trap = looks_best (&start);
  if (trap != 0 && isle_action_type (trap) == ISLE_ACTION_PLACE)
    {
      char cell[4];
      g_autofree char *text = NULL;

      /* Translators: a puzzle's hint; %s is a tile, "c4" */
      text = g_strdup_printf (_("The move that looks best, on %s, falls short of the goal."),
                              isle_cell_name (isle_action_cell (trap), cell));
      g_strv_builder_add (hints, text);
    }
  if (working > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Only one first move meets the goal.",
                                                         "Only %d first moves meet the goal.", (gulong) working),
                                               working);
      g_strv_builder_add (hints, text);
    }
  hint_texts = g_strv_builder_end (hints);
  for (guint i = ISLE_SCENARIO_MAX_HINTS; i < g_strv_length (hint_texts); )
    {
      g_free (hint_texts[i]);
      memmove (hint_texts + i, hint_texts + i + 1, (g_strv_length (hint_texts + i + 1) + 1) * sizeof (char *));
    }
  isle_scenario_set_title (scenario, title);
  isle_scenario_set_description (scenario, description);
  isle_scenario_set_hints (scenario, (const char *const *) hint_texts);
}
