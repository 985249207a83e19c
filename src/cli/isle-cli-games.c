/* isle-cli-games.c — `critter-isle-cli games list|show|stats|export`: the
 * games library the app keeps (isle-library.h), read only — this command
 * never writes a byte of it, so it may run while the app has it open. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "isle-cli.h"
#include "isle-games-stats.h"
#include "isle-library.h"
#include "isle-paths.h"
#include "isle-words.h"

/* The options every `games` command takes, and the filters of `list`. */
typedef struct
{
  char *db;
  gboolean json;
  char *variant;
  char *opponent;
  char *result;
  int limit;
  char *out;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->db);
  g_free (o->variant);
  g_free (o->opponent);
  g_free (o->result);
  g_free (o->out);
}

static char *
date_text (gint64 unix_seconds)
{
  g_autoptr (GDateTime) t = g_date_time_new_from_unix_local (unix_seconds);

  return t != NULL ? g_date_time_format (t, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

/* The result as a person reads it in a list. */
static const char *
result_words (IsleKeptResult result)
{
  switch (result)
    {
    case ISLE_KEPT_WON: return _("won");
    case ISLE_KEPT_LOST: return _("lost");
    case ISLE_KEPT_DRAWN: return _("drawn");
    case ISLE_KEPT_ABANDONED: return _("abandoned");
    case ISLE_KEPT_RED_WON: return _("Red won");
    case ISLE_KEPT_BLUE_WON: return _("Blue won");
    case ISLE_KEPT_N_RESULTS:
    default: return "";
    }
}

static char *
opponent_words (const char *opponent)
{
  IslePlayerSpec spec;

  if (!isle_player_spec_parse (opponent, &spec, NULL))
    return g_strdup (opponent);
  return isle_player_spec_describe (&spec);
}

/* MEMBER: [RED, BLUE], or null when RED is -1 (no coins). */
static void
add_pair (JsonBuilder *b, const char *member, int red, int blue)
{
  json_builder_set_member_name (b, member);
  if (red < 0)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_array (b);
  json_builder_add_int_value (b, red);
  json_builder_add_int_value (b, blue);
  json_builder_end_array (b);
}

static void
add_game_json (JsonBuilder *b, IsleKeptGame *game, gboolean whole)
{
  const char *const *players = isle_kept_game_get_players (game);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, isle_kept_game_get_id (game));
  json_builder_set_member_name (b, "started");
  json_builder_add_int_value (b, isle_kept_game_get_started (game));
  json_builder_set_member_name (b, "ended");
  json_builder_add_int_value (b, isle_kept_game_get_ended (game));
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, isle_variant_id (isle_kept_game_get_variant (game)));
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int i = 0; players[i] != NULL; i++)
    json_builder_add_string_value (b, players[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "person_side");
  if (isle_kept_game_get_person_side (game) >= 0)
    json_builder_add_string_value (b, isle_kept_game_get_person_side (game) == 0 ? "red" : "blue");
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "opponent");
  json_builder_add_string_value (b, isle_kept_game_get_opponent (game));
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, isle_kept_result_id (isle_kept_game_get_result (game)));
  /* Points are never negative (R7), so a pair of them is never null. */
  add_pair (b, "points", isle_kept_game_get_points (game, 0), isle_kept_game_get_points (game, 1));
  add_pair (b, "coins", isle_kept_game_get_coins (game, 0), isle_kept_game_get_coins (game, 1));
  json_builder_set_member_name (b, "decisions");
  json_builder_add_int_value (b, isle_kept_game_get_decisions (game));
  json_builder_set_member_name (b, "rated");
  json_builder_add_boolean_value (b, isle_kept_game_get_rated (game));
  json_builder_set_member_name (b, "reviewed");
  json_builder_add_boolean_value (b, isle_kept_game_get_reviewed (game));
  if (whole)
    {
      json_builder_set_member_name (b, "rounds");
      json_builder_begin_array (b);
      for (guint i = 0; i < isle_kept_game_get_n_rounds (game); i++)
        {
          const IsleKeptRound *round = isle_kept_game_get_round (game, i);

          json_builder_begin_object (b);
          add_pair (b, "points", round->points[0], round->points[1]);
          if (round->coins[0] >= 0)
            add_pair (b, "coins", round->coins[0], round->coins[1]);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
print_game_line (IsleKeptGame *game)
{
  g_autofree char *date = date_text (isle_kept_game_get_ended (game));
  g_autofree char *opponent = opponent_words (isle_kept_game_get_opponent (game));

  guint decisions = isle_kept_game_get_decisions (game);

  /* The game's number, when it ended, the variant, the opponent, the
   * result, Red's and Blue's points, and how many decisions it had. */
  printf ("%4ld  %s  %-14s  %-10s  %-9s  %d–%d  ", (long) isle_kept_game_get_id (game), date,
          isle_words_variant (isle_kept_game_get_variant (game)), opponent,
          result_words (isle_kept_game_get_result (game)),
          isle_kept_game_get_points (game, 0), isle_kept_game_get_points (game, 1));
  printf (ngettext ("%u decision\n", "%u decisions\n", decisions), decisions);
}

/* ---- the commands ---------------------------------------------------------- */

static int
run_list (IsleLibrary *library, Options *o)
{
  IsleLibraryFilter filter = ISLE_LIBRARY_FILTER_ALL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;

  if (o->variant != NULL && (filter.variant = isle_variant_from_id (o->variant)) == ISLE_N_VARIANTS)
    {
      g_printerr (_("critter-isle-cli games: --variant “%s”: expected basic, weather, mercenary, quick or team\n"), o->variant);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (o->result != NULL && (filter.result = isle_kept_result_from_id (o->result)) == ISLE_KEPT_N_RESULTS)
    {
      g_printerr (_("critter-isle-cli games: --result “%s”: expected won, lost, drawn, abandoned, red or blue\n"), o->result);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (o->opponent != NULL)
    {
      g_autoptr (GError) spec_error = NULL;
      IslePlayerSpec spec;

      if (!isle_player_spec_parse (o->opponent, &spec, &spec_error))
        {
          g_printerr ("critter-isle-cli games: --opponent: %s\n", spec_error->message);
          return ISLE_CLI_CANNOT_RUN;
        }
      g_free (o->opponent);
      o->opponent = g_strdup (isle_player_spec_to_text (&spec));
      filter.opponent = o->opponent;
    }
  games = isle_library_list (library, &filter, TRUE, 0, o->limit > 0 ? (guint) o->limit : G_MAXUINT, &error);
  if (games == NULL)
    {
      g_printerr (_("critter-isle-cli games: %s: %s\n"), isle_library_get_path (library), error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  if (o->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "games");
      json_builder_begin_array (b);
      for (guint i = 0; i < games->len; i++)
        add_game_json (b, g_ptr_array_index (games, i), FALSE);
      json_builder_end_array (b);
      json_builder_end_object (b);
      isle_cli_print_json (b, TRUE);
      return ISLE_CLI_OK;
    }
  if (games->len == 0)
    printf ("%s\n", _("No games are kept yet."));
  for (guint i = 0; i < games->len; i++)
    print_game_line (g_ptr_array_index (games, i));
  return ISLE_CLI_OK;
}

/* The game ARG names, or NULL having said why. */
static IsleKeptGame *
get_game (IsleLibrary *library, const char *arg)
{
  g_autoptr (GError) error = NULL;
  IsleKeptGame *game;
  gint64 id;
  char *end;

  id = g_ascii_strtoll (arg, &end, 10);
  if (arg[0] == '\0' || *end != '\0' || id <= 0)
    {
      g_printerr (_("critter-isle-cli games: “%s” is not a game's number; expected a number of “games list”\n"), arg);
      return NULL;
    }
  game = isle_library_get (library, id, &error);
  if (game == NULL)
    g_printerr (_("critter-isle-cli games: %s: %s\n"), isle_library_get_path (library), error->message);
  return game;
}

static int
run_show (IsleLibrary *library, Options *o, const char *arg)
{
  g_autoptr (IsleKeptGame) game = get_game (library, arg);
  g_autofree char *started = NULL;
  g_autofree char *ended = NULL;
  g_autofree char *opponent = NULL;
  const char *const *players;

  if (game == NULL)
    return ISLE_CLI_CANNOT_RUN;
  if (o->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      add_game_json (b, game, TRUE);
      isle_cli_print_json (b, TRUE);
      return ISLE_CLI_OK;
    }
  started = date_text (isle_kept_game_get_started (game));
  ended = date_text (isle_kept_game_get_ended (game));
  opponent = opponent_words (isle_kept_game_get_opponent (game));
  players = isle_kept_game_get_players (game);
  printf (_("Game %ld: %s, %s to %s\n"), (long) isle_kept_game_get_id (game),
          isle_words_variant (isle_kept_game_get_variant (game)), started, ended);
  for (int seat = 0; players[seat] != NULL; seat++)
    {
      IslePlayerSpec spec;
      g_autofree char *who = isle_player_spec_parse (players[seat], &spec, NULL)
                             ? isle_player_spec_describe (&spec) : g_strdup (players[seat]);

      printf (_("  Seat %d (%s): %s\n"), seat + 1, isle_words_side (isle_seat_side (seat)), who);
    }
  printf (_("  Result: %s; Red %d, Blue %d"), result_words (isle_kept_game_get_result (game)),
          isle_kept_game_get_points (game, 0), isle_kept_game_get_points (game, 1));
  if (isle_kept_game_get_coins (game, 0) >= 0)
    printf (_("; coins: Red %d, Blue %d"), isle_kept_game_get_coins (game, 0), isle_kept_game_get_coins (game, 1));
  printf ("\n");
  for (guint i = 0; i < isle_kept_game_get_n_rounds (game); i++)
    {
      const IsleKeptRound *round = isle_kept_game_get_round (game, i);

      if (round->coins[0] >= 0)
        printf (_("  Round %u: Red %d, Blue %d; coins after it: Red %d, Blue %d\n"), i + 1,
                round->points[0], round->points[1], round->coins[0], round->coins[1]);
      else
        printf (_("  Round %u: Red %d, Blue %d\n"), i + 1, round->points[0], round->points[1]);
    }
  printf (ngettext ("  %u decision", "  %u decisions", isle_kept_game_get_decisions (game)),
          isle_kept_game_get_decisions (game));
  printf ("%s%s\n", isle_kept_game_get_rated (game) ? _(", rated") : "",
          isle_kept_game_get_reviewed (game) ? _(", reviewed") : "");
  return ISLE_CLI_OK;
}

static int
run_export (IsleLibrary *library, Options *o, const char *arg)
{
  g_autoptr (IsleKeptGame) game = get_game (library, arg);
  g_autoptr (GError) error = NULL;
  const char *record;

  if (game == NULL)
    return ISLE_CLI_CANNOT_RUN;
  record = isle_kept_game_get_record (game);
  if (o->out == NULL || strcmp (o->out, "-") == 0)
    {
      fputs (record, stdout);
      return ISLE_CLI_OK;
    }
  if (!g_file_set_contents (o->out, record, -1, &error))
    {
      g_printerr ("critter-isle-cli games: %s\n", error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  return ISLE_CLI_OK;
}

static const char *
group_name (const IsleGamesStats *row, char **owned)
{
  IslePlayerSpec spec;

  switch (row->group)
    {
    case ISLE_GAMES_STATS_ALL:
      return _("All games");
    case ISLE_GAMES_STATS_VARIANT:
      return isle_words_variant (row->variant);
    case ISLE_GAMES_STATS_OPPONENT:
    default:
      *owned = isle_player_spec_parse (row->opponent, &spec, NULL)
               ? isle_player_spec_describe (&spec) : g_strdup (row->opponent);
      /* TRANSLATORS: a row of `games stats`: the games against one
       * opponent, named. */
      {
        char *text = g_strdup_printf (_("Against %s"), *owned);

        g_free (*owned);
        *owned = text;
      }
      return *owned;
    }
}

static int
run_stats (IsleLibrary *library, Options *o)
{
  g_autoptr (GError) error = NULL;
  IsleLibraryFilter all = ISLE_LIBRARY_FILTER_ALL;
  g_autoptr (GPtrArray) games = isle_library_list (library, &all, FALSE, 0, G_MAXUINT, &error);
  g_autoptr (GPtrArray) rows = NULL;

  if (games == NULL)
    {
      g_printerr (_("critter-isle-cli games: %s: %s\n"), isle_library_get_path (library), error->message);
      return ISLE_CLI_CANNOT_RUN;
    }
  rows = isle_games_stats_compute (games);
  if (o->json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      static const char *const groups[] = { "all", "variant", "opponent" };

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "stats");
      json_builder_begin_array (b);
      for (guint i = 0; i < rows->len; i++)
        {
          const IsleGamesStats *row = g_ptr_array_index (rows, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "group");
          json_builder_add_string_value (b, groups[row->group]);
          if (row->group == ISLE_GAMES_STATS_VARIANT)
            {
              json_builder_set_member_name (b, "variant");
              json_builder_add_string_value (b, isle_variant_id (row->variant));
            }
          if (row->group == ISLE_GAMES_STATS_OPPONENT)
            {
              json_builder_set_member_name (b, "opponent");
              json_builder_add_string_value (b, row->opponent);
            }
#define MEMBER(name, value) (json_builder_set_member_name (b, name), json_builder_add_int_value (b, value))
          MEMBER ("played", row->played);
          MEMBER ("won", row->won);
          MEMBER ("lost", row->lost);
          MEMBER ("drawn", row->drawn);
          MEMBER ("abandoned", row->abandoned);
          json_builder_set_member_name (b, "win_share");
          json_builder_add_double_value (b, row->win_share);
          MEMBER ("best_round", row->best_round);
          MEMBER ("longest_streak", row->longest_streak);
#undef MEMBER
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      isle_cli_print_json (b, TRUE);
      return ISLE_CLI_OK;
    }
  printf ("%-24s %6s %5s %5s %5s %9s %8s %6s %6s\n", "", _("played"), _("won"), _("lost"), _("drawn"),
          _("abandoned"), _("won (%)"), _("best"), _("streak"));
  for (guint i = 0; i < rows->len; i++)
    {
      const IsleGamesStats *row = g_ptr_array_index (rows, i);
      g_autofree char *owned = NULL;
      const char *name = group_name (row, &owned);

      printf ("%-24s %6u %5u %5u %5u %9u %8.0f %6d %6u\n", name, row->played, row->won, row->lost,
              row->drawn, row->abandoned, 100.0 * row->win_share, row->best_round, row->longest_streak);
    }
  return ISLE_CLI_OK;
}

int
isle_cli_games (int argc, char **argv)
{
  Options o = { 0 };
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &o.db, N_("Read the games library FILE instead of the app's"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, N_("Print JSON"), NULL },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &o.variant, N_("list: only games of the variant V"), N_("V") },
    { "opponent", 0, 0, G_OPTION_ARG_STRING, &o.opponent, N_("list: only games against the player SPEC"), N_("SPEC") },
    { "result", 0, 0, G_OPTION_ARG_STRING, &o.result, N_("list: only games won, lost, drawn or abandoned"), N_("R") },
    { "limit", 0, 0, G_OPTION_ARG_INT, &o.limit, N_("list: the newest N games only"), N_("N") },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &o.out, N_("export: write the saved game to FILE"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = isle_cli_option_context_new (_("list|show ID|stats|export ID — the games the app kept"));
  g_autoptr (IsleLibrary) library = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  const char *command;
  int status = ISLE_CLI_CANNOT_RUN;
  int wanted;

  g_option_context_set_summary (context,
                                _("Reads the games library the app keeps (every game finished or abandoned): "
                                  "list them newest first, show one, the statistics, or export one as a "
                                  ".isle saved game. The library is only read, never written, so this may "
                                  "run while the app is open."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!isle_cli_parse_options (context, &argc, &argv))
    goto out;
  command = argc > 1 ? argv[1] : NULL;
  wanted = g_strcmp0 (command, "show") == 0 || g_strcmp0 (command, "export") == 0 ? 3 : 2;
  if (command == NULL || (g_strcmp0 (command, "list") != 0 && g_strcmp0 (command, "stats") != 0 && wanted == 2))
    {
      g_printerr (_("critter-isle-cli games: expected list, show ID, stats or export ID\n"));
      goto out;
    }
  if (argc != wanted)
    {
      if (argc < wanted)
        g_printerr (_("critter-isle-cli games %s: expected the number of a game\n"), command);
      else
        g_printerr (_("critter-isle-cli games %s: unexpected argument “%s”\n"), command, argv[wanted]);
      goto out;
    }
  path = o.db != NULL ? g_strdup (o.db) : isle_paths_library ();
  library = isle_library_open_read_only (path, &error);
  if (library == NULL && o.db == NULL && g_error_matches (error, ISLE_LIBRARY_ERROR, ISLE_LIBRARY_ERROR_NOT_FOUND)
      && (strcmp (command, "list") == 0 || strcmp (command, "stats") == 0))
    {
      /* The app has kept no game yet. */
      if (o.json)
        printf (strcmp (command, "list") == 0 ? "{\n  \"games\" : [ ]\n}\n" : "{\n  \"stats\" : [ ]\n}\n");
      else
        printf ("%s\n", _("No games are kept yet."));
      status = ISLE_CLI_OK;
      goto out;
    }
  if (library == NULL)
    {
      g_printerr ("critter-isle-cli games: %s\n", error->message);
      goto out;
    }
  if (isle_library_get_notice (library) != NULL)
    g_printerr ("critter-isle-cli games: %s\n", isle_library_get_notice (library));
  if (strcmp (command, "list") == 0)
    status = run_list (library, &o);
  else if (strcmp (command, "stats") == 0)
    status = run_stats (library, &o);
  else if (strcmp (command, "show") == 0)
    status = run_show (library, &o, argv[2]);
  else
    status = run_export (library, &o, argv[2]);
out:
  options_clear (&o);
  return status;
}
