/* isle-saved-game.c — saved games: write a game to a `.isle` file and read
 * it back (doc/scenario-format.md; older files: doc/saved-game-format.md).
 *
 * A saved game is the game's setup and its history, never a memory dump of
 * IsleState: it is written as a scenario with a history, and loading starts
 * a new game from the scenario and replays every recorded action through
 * the engine. The engine being deterministic (same rules, seed and actions
 * give the same state, byte for byte), the loaded game is the saved one,
 * redo tail included. The scenario (isle-scenario.c) and the older format
 * (isle-old-saved-game.c) check every field and every action's legality;
 * a file that was edited by hand or damaged is refused instead of giving a
 * game the rules could not reach.
 *
 * This is the one place that knows both IsleScenario and IsleGame as a
 * file sees them: isle-scenario.c knows no game, isle-game.c no file.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "isle-game-analysis-file.h"
#include "isle-game-record.h"
#include "isle-json.h"
#include "isle-old-saved-game.h"
#include "isle-saved-game.h"
#include "isle-saver.h"
#include "isle-scenario.h"

G_DEFINE_QUARK (isle-saved-game-error-quark, isle_saved_game_error)

/* ---- Loading ------------------------------------------------------------ */

/* A file of the older format (doc/saved-game-format.md): read and checked
 * by isle-old-saved-game.c, then played again. */
static int
old_saved_game_code (const GError *error)
{
  switch (error->code)
    {
    case ISLE_OLD_SAVED_GAME_ERROR_PARSE:
      return ISLE_SAVED_GAME_ERROR_PARSE;
    case ISLE_OLD_SAVED_GAME_ERROR_FORMAT:
      return ISLE_SAVED_GAME_ERROR_FORMAT;
    case ISLE_OLD_SAVED_GAME_ERROR_RULES:
      return ISLE_SAVED_GAME_ERROR_RULES;
    case ISLE_OLD_SAVED_GAME_ERROR_ACTION:
      return ISLE_SAVED_GAME_ERROR_ACTION;
    default:
      return ISLE_SAVED_GAME_ERROR_FIELD;
    }
}

static IsleGame *
load_old (JsonNode    *root,
          const char  *name,
          GError     **error)
{
  g_auto (IsleOldSavedGame) old = { 0 };
  g_autoptr (GError) local_error = NULL;
  g_autoptr (IsleGame) game = NULL;

  if (!isle_old_saved_game_read (root, name, &old, &local_error))
    {
      g_set_error_literal (error, ISLE_SAVED_GAME_ERROR, old_saved_game_code (local_error),
                           local_error->message);
      return NULL;
    }
  /* A file never starts a program or loads a plugin: such seats of an old
   * file come back as a built-in stand-in (doc/scenario-format.md). */
  for (int seat = 0; seat < isle_game_setup_n_seats (&old.setup); seat++)
    {
      old.setup.players[seat] = isle_player_spec_stand_in (&old.setup.players[seat]);
    }
  /* Reading started the game and played every action already: neither
   * can fail here. */
  game = isle_game_new_from_setup (&old.setup, old.seed, error);
  if (game == NULL)
    return NULL;
  for (guint i = 0; i < old.n_actions; i++)
    if (!isle_game_apply (game, old.actions[i], error))
      return NULL;
  isle_game_go_to (game, old.position);
  return g_steal_pointer (&game);
}

/* A file of the current format (doc/scenario-format.md): the scenario,
 * then its history played again. */
static int
saved_game_code (const GError *error)
{
  switch (error->code)
    {
    case ISLE_SCENARIO_ERROR_PARSE:
    case ISLE_SCENARIO_ERROR_TOO_LARGE:
      return ISLE_SAVED_GAME_ERROR_PARSE;
    case ISLE_SCENARIO_ERROR_FORMAT:
      return ISLE_SAVED_GAME_ERROR_FORMAT;
    case ISLE_SCENARIO_ERROR_RULES:
      return ISLE_SAVED_GAME_ERROR_RULES;
    case ISLE_SCENARIO_ERROR_ACTION:
      return ISLE_SAVED_GAME_ERROR_ACTION;
    default:
      return ISLE_SAVED_GAME_ERROR_FIELD;
    }
}

/* A saved game of an ordinary game: nothing of a scenario but the setup. */
static gboolean
is_plain_game (IsleScenario *scenario)
{
  IsleScenarioGoal goal;

  isle_scenario_get_goal (scenario, &goal);
  return isle_scenario_get_start (scenario) == NULL && goal.type == ISLE_GOAL_NONE
         && isle_scenario_get_title (scenario) == NULL
         && isle_scenario_get_description (scenario) == NULL
         && isle_scenario_get_solution (scenario) == NULL;
}

static IsleGame *
load_scenario (const char  *data,
               gssize       length,
               const char  *name,
               char       **warning,
               GError     **error)
{
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *const *actions;

  scenario = isle_scenario_load_data (data, length, name, &local_error);
  if (scenario != NULL && is_plain_game (scenario))
    {
      /* A game begun from its normal start, no scenario of its own. */
      IsleGameSetup setup;

      memset (&setup, 0, sizeof setup);
      setup.variant = isle_scenario_get_variant (scenario);
      setup.first_seat = isle_scenario_get_first_seat (scenario);
      setup.rules = *isle_scenario_get_rules (scenario);
      isle_scenario_get_setup_players (scenario, &setup);
      /* Only a game of two seats, one of them the person's, is rated. */
      setup.rated = isle_scenario_get_rated (scenario) && isle_game_setup_can_rate (setup.variant)
                    && isle_game_setup_person_seat (&setup) >= 0;
      setup.rating = setup.rated ? isle_scenario_get_rating (scenario) : 0;
      game = isle_game_new_from_setup (&setup, isle_scenario_get_seed (scenario), &local_error);
    }
  else if (scenario != NULL)
    game = isle_game_new_from_scenario (scenario, 0, &local_error);
  if (game == NULL)
    {
      g_set_error_literal (error, ISLE_SAVED_GAME_ERROR, saved_game_code (local_error),
                           local_error->message);
      return NULL;
    }
  /* Loading checked that every action is legal in turn. */
  actions = isle_scenario_get_actions (scenario);
  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    {
      IsleAction action;

      if (!isle_action_parse (isle_game_get_state (game), actions[i], &action)
          || !isle_game_apply (game, action, &local_error))
        {
          g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_ACTION,
                       _("%s: actions[%u]: “%s” is not a legal move here"),
                       name, i, actions[i]);
          return NULL;
        }
    }
  isle_game_go_to (game, isle_scenario_get_position (scenario));
  /* The review kept with the game: never a reason to refuse it. */
  if (isle_scenario_get_analysis (scenario) != NULL)
    {
      g_autoptr (IsleGameAnalysis) analysis =
        isle_game_analysis_from_json (isle_scenario_get_analysis (scenario), game, name, warning);

      isle_game_set_analysis (game, analysis);
    }
  return g_steal_pointer (&game);
}

/* ---- Public API -------------------------------------------------------- */

IsleScenario *
isle_saved_game_to_scenario (IsleGame *game)
{
  IsleScenario *src, *sc;
  const IsleGameSetup *setup;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) actions = NULL;
  g_autoptr (GDateTime) now = NULL;
  g_autofree char *saved = NULL;
  guint n;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);

  src = isle_game_get_scenario (game);
  setup = isle_game_get_setup (game);
  sc = src != NULL ? isle_scenario_copy (src) : isle_scenario_new ();
  if (src == NULL)
    {
      isle_scenario_set_variant (sc, setup->variant);
      isle_scenario_set_first_seat (sc, setup->first_seat);
    }
  n = isle_game_get_n_actions (game);
  for (guint i = 0; i < n; i++)
    {
      char text[32];

      g_strv_builder_add (builder, isle_action_format (isle_game_get_state_at (game, i),
                                                       isle_game_get_action (game, i), text));
    }
  actions = g_strv_builder_end (builder);
  now = g_date_time_new_now_local ();
  saved = g_date_time_format_iso8601 (now);
  isle_scenario_set_game (sc, setup, isle_game_get_seed (game), (const char *const *) actions,
                          isle_game_get_position (game), saved);
  if (isle_game_get_analysis (game) != NULL)
    {
      g_autoptr (JsonNode) analysis = isle_game_analysis_to_json (isle_game_get_analysis (game), game);

      isle_scenario_set_analysis (sc, analysis);
    }
  return sc;
}

char *
isle_saved_game_to_data (IsleGame  *game,
                         gsize     *length,
                         GError   **error)
{
  g_autoptr (IsleScenario) scenario = NULL;
  g_autoptr (GError) local_error = NULL;
  char *data;

  g_return_val_if_fail (ISLE_IS_GAME (game), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The scenario format with a history (doc/scenario-format.md); it
   * replays every action before writing, and refuses to write a file that
   * would not load. */
  scenario = isle_saved_game_to_scenario (game);
  data = isle_scenario_to_data (scenario, length, &local_error);
  if (data != NULL && strlen (data) > ISLE_SCENARIO_MAX_BYTES && isle_scenario_get_analysis (scenario) != NULL)
    {
      /* Never a file that would not open: the game without its review. */
      g_free (data);
      isle_scenario_set_analysis (scenario, NULL);
      data = isle_scenario_to_data (scenario, length, &local_error);
    }
  if (data == NULL)
    g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_ACTION,
                 _("Cannot save the game: %s"), local_error->message);
  return data;
}

gboolean
isle_saved_game_save (IsleGame    *game,
                      const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (ISLE_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = isle_saved_game_to_data (game, &length, error);
  if (data == NULL)
    return FALSE;
  return isle_write_file_atomic (path, data, length, error);
}

IsleGame *
isle_saved_game_load_data (const char  *data,
                           gssize       length,
                           const char  *name,
                           GError     **error)
{
  return isle_saved_game_load_data_with_warning (data, length, name, NULL, error);
}

IsleGame *
isle_saved_game_load_data_with_warning (const char  *data,
                                        gssize       length,
                                        const char  *name,
                                        char       **warning,
                                        GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (warning != NULL)
    *warning = NULL;
  if (name == NULL)
    name = _("saved game");
  if ((length < 0 ? (data != NULL ? strlen (data) : 0) : (gsize) length) > ISLE_SCENARIO_MAX_BYTES)
    {
      g_set_error (error, ISLE_SCENARIO_ERROR, ISLE_SCENARIO_ERROR_TOO_LARGE,
                   _("%s: larger than %d bytes; a scenario or saved game is far smaller"),
                   name, ISLE_SCENARIO_MAX_BYTES);
      return NULL;
    }

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", length,
                                   &local_error))
    {
      /* The name where json-glib says <data>, like a compiler would. */
      gboolean placed;
      g_autofree char *message = isle_json_parse_message (local_error, &placed);

      g_set_error (error, ISLE_SAVED_GAME_ERROR, ISLE_SAVED_GAME_ERROR_PARSE,
                   placed ? "%s:%s" : "%s: %s", name, message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  {
    /* The format decides the loader; "format" may be anything at all. */
    JsonNode *format = root != NULL && JSON_NODE_HOLDS_OBJECT (root)
                       ? json_object_get_member (json_node_get_object (root), "format") : NULL;

    const char *id = format != NULL && JSON_NODE_HOLDS_VALUE (format)
                     && json_node_get_value_type (format) == G_TYPE_STRING ? json_node_get_string (format) : NULL;

    if (g_strcmp0 (id, ISLE_SCENARIO_FORMAT) == 0)
      return load_scenario (data, length, name, warning, error);
    /* A record `critter-isle-cli play --json` wrote: its game replayed. */
    if (g_strcmp0 (id, ISLE_GAME_RECORD_FORMAT) == 0)
      return isle_game_record_load (data, length, name, error);
  }
  return load_old (root, name, error);
}

IsleGame *
isle_saved_game_load (const char  *path,
                      GError     **error)
{
  return isle_saved_game_load_with_warning (path, NULL, error);
}

IsleGame *
isle_saved_game_load_with_warning (const char  *path,
                                   char       **warning,
                                   GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (warning != NULL)
    *warning = NULL;
  /* GFileError messages already name the file; a huge file is not read
   * whole (more than the limit is refused by the parser). */
  contents = isle_read_file_bounded (path, ISLE_SCENARIO_MAX_BYTES, &length, error);
  if (contents == NULL)
    return NULL;

  name = g_filename_display_name (path);
  return isle_saved_game_load_data_with_warning (contents, (gssize) length, name, warning, error);
}

IsleGame *
isle_saved_game_load_or_backup (const char  *path,
                                char       **damage,
                                GError     **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *backup = NULL;
  IsleGame *game;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (damage != NULL)
    *damage = NULL;
  game = isle_saved_game_load (path, &local_error);
  if (game != NULL)
    return game;
  backup = isle_backup_path (path);
  /* A file that is not there has nothing to fall back from. */
  if (!g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
      && g_file_test (backup, G_FILE_TEST_IS_REGULAR))
    {
      game = isle_saved_game_load (backup, NULL);
      if (game != NULL)
        {
          if (damage != NULL)
            *damage = g_strdup (local_error->message);
          return game;
        }
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}
