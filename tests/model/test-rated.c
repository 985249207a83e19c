/* test-rated.c — rated games (issue 30): the setup of one (the opponent
 * nearest the rating, the person's seat drawn, two seats only), the match
 * refusing undo, redo, hints and the review until it ends, the rating
 * moved by a win, a loss, a draw or an abandoned game and kept in the
 * library's ratings, and the flag in the game's file. */
#include <math.h>
#include <string.h>

#include "isle-game-setup.h"
#include "isle-match.h"
#include "isle-model-test-util.h"
#include "isle-rating.h"
#include "isle-rules-json.h"
#include "isle-saved-game.h"
#include "isle-session.h"

/* A session of its own autosave and library in DIR, the library open. */
static IsleSession *
library_session (const char *dir, GSettings *settings)
{
  g_autofree char *path = g_build_filename (dir, "autosave.isle", NULL);
  g_autofree char *library = g_build_filename (dir, "games.sqlite", NULL);
  IsleSession *session = isle_session_new (settings, path);

  isle_session_open_library (session, library);
  while (isle_library_get_state (isle_session_get_library (session)) == ISLE_LIBRARY_OPENING)
    g_main_context_iteration (NULL, TRUE);
  return session;
}

static void
flush (IsleSession *session)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_session_flush (session, NULL));
  g_assert_true (isle_library_flush (isle_session_get_library (session), &error));
  g_assert_no_error (error);
  /* "changed" and "ratings-changed" come through the main context. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The standard setup of VARIANT, not rated. */
static IsleGameSetup
plain_setup (IsleVariant variant)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  IsleRules rules;

  g_assert_true (isle_rules_load_standard (&rules, &error));
  game = isle_game_new (&rules, variant, 0, 1, &error);
  g_assert_no_error (error);
  return *isle_game_get_setup (game);
}

/* A rated Basic game for a person rated RATING, their seat DRAW's. */
static IsleGame *
rated_game (int rating, guint32 draw, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  IsleGameSetup setup = plain_setup (ISLE_VARIANT_BASIC);
  IsleGame *game;

  g_assert_true (isle_game_setup_make_rated (&setup, rating, draw));
  game = isle_game_new_from_setup (&setup, seed, &error);
  g_assert_no_error (error);
  return game;
}

/* N decisions of GAME (the first legal one each), saved after each as
 * the window does; N < 0: on to the end. */
static void
play (IsleSession *session, IsleGame *game, int n)
{
  IsleActionList list;

  for (int i = 0; (n < 0 || i < n) && !isle_state_is_terminal (isle_game_get_state (game))
                  && isle_state_legal_actions (isle_game_get_state (game), &list) > 0; i++)
    {
      g_assert_true (isle_game_apply (game, list.actions[0], NULL));
      if (session != NULL)
        isle_session_save (session, game);
    }
}

static double
score_of (IsleKeptResult result)
{
  double score = isle_kept_result_score (result);

  g_assert_cmpfloat (score, >=, 0.0);
  return score;
}

/* The opponent of a rated game is the strength nearest the rating, the
 * person's seat is the draw's, and only two-seat variants are rated. */
static void
test_setup (void)
{
  IsleGameSetup setup = plain_setup (ISLE_VARIANT_WEATHER);
  IsleGameSetup team = plain_setup (ISLE_VARIANT_TEAM);

  g_assert_true (isle_game_setup_make_rated (&setup, 1750, 1));
  g_assert_true (setup.rated);
  g_assert_cmpint (setup.rating, ==, 1750);
  g_assert_cmpint (isle_game_setup_person_seat (&setup), ==, 1);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[0]), ==, isle_rating_opponent (1750)->spec);
  g_assert_true (isle_game_setup_make_rated (&setup, 900, 0));
  g_assert_cmpint (setup.rating, ==, ISLE_RATING_MIN);
  g_assert_cmpint (isle_game_setup_person_seat (&setup), ==, 0);
  g_assert_cmpstr (isle_player_spec_to_text (&setup.players[1]), ==, "beginner");

  g_assert_false (isle_game_setup_make_rated (&team, 1200, 0));
  g_assert_false (team.rated);
  g_assert_false (isle_game_setup_can_rate (ISLE_VARIANT_TEAM));
  g_assert_true (isle_game_setup_can_rate (ISLE_VARIANT_MERCENARY));
}

/* The session draws the person's seat at random: both occur. */
static void
test_seat_drawn (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-rated");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  int seen[2] = { 0, 0 };

  for (int i = 0; i < 64; i++)
    {
      IsleGameSetup setup = plain_setup (ISLE_VARIANT_BASIC);

      g_assert_true (isle_session_make_rated (session, &setup, 0));
      g_assert_cmpint (setup.rating, ==, ISLE_RATING_DEFAULT);
      seen[isle_game_setup_person_seat (&setup)]++;
    }
  g_assert_cmpint (seen[0], >, 0);
  g_assert_cmpint (seen[1], >, 0);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* Until a rated game is over the match refuses undo, redo, hints, the
 * review and editing the position; once it is over they are back. The
 * same position unrated allows them. */
static void
test_match_locked (void)
{
  g_autoptr (IsleGame) game = rated_game (1200, 0, 3);
  g_autoptr (IsleGame) plain = NULL;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleMatch) plain_match = NULL;
  g_autoptr (IsleScenario) here = NULL;
  g_autoptr (GError) error = NULL;
  IsleGameSetup setup = *isle_game_get_setup (game);

  play (NULL, game, 12);
  setup.rated = FALSE;
  setup.rating = 0;
  plain = isle_game_new_from_setup (&setup, 3, NULL);
  play (NULL, plain, 12);

  plain_match = isle_match_new (plain);
  isle_match_hold (plain_match);
  g_assert_false (isle_match_get_rated (plain_match));
  g_assert_true (isle_match_get_can_undo (plain_match));
  g_assert_true (isle_match_get_can_review (plain_match));

  match = isle_match_new (game);
  isle_match_hold (match);
  g_assert_true (isle_match_get_rated (match));
  g_assert_false (isle_match_get_can_undo (match));
  g_assert_false (isle_match_get_can_redo (match));
  g_assert_false (isle_match_get_can_hint (match));
  g_assert_false (isle_match_get_can_review (match));
  g_assert_false (isle_match_undo (match));
  g_assert_false (isle_match_redo (match));
  g_assert_false (isle_match_request_hint (match));
  g_assert_cmpuint (isle_match_get_hint (match), ==, 0);
  here = isle_match_scenario_here (match, &error);
  g_assert_null (here);
  g_assert_error (error, ISLE_MATCH_ERROR, ISLE_MATCH_ERROR_ILLEGAL);
  g_assert_cmpuint (isle_game_get_position (game), ==, 12);

  play (NULL, game, -1);
  g_assert_true (isle_match_get_over (match));
  g_assert_true (isle_match_get_can_undo (match));
  g_assert_true (isle_match_get_can_review (match));
  g_assert_true (isle_match_undo (match));
  /* Stepped back in a finished game: still free to step. */
  g_assert_true (isle_match_get_can_redo (match));
  g_assert_true (isle_match_get_can_review (match));
}

/* Each rated game that ends moves the rating by Elo from the rating
 * before, as its result scores (won 1, drawn ½, lost 0), K 40 in the
 * first games; the library keeps it, and a new session reads it back. */
static void
test_rating_moves (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-rated");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleSession) again = NULL;
  double rating = 0, best = 0, expected = 1500, highest = 0;
  guint games = 99;
  int changed = 0;
  gboolean scored[3] = { FALSE, FALSE, FALSE };

  g_assert_false (isle_session_get_rating (session, ISLE_VARIANT_BASIC, &rating, &games, &best));
  g_assert_cmpuint (games, ==, 0);
  g_assert_cmpfloat (rating, ==, ISLE_RATING_DEFAULT);
  g_signal_connect_swapped (session, "ratings-changed", G_CALLBACK (g_atomic_int_inc), &changed);

  for (guint i = 0; i < 10; i++)
    {
      IsleGameSetup setup = plain_setup (ISLE_VARIANT_BASIC);
      g_autoptr (IsleGame) game = NULL;
      g_autoptr (GArray) ratings = NULL;
      g_autoptr (IsleKeptGame) kept = NULL;
      const IsleRatedGame *last;
      double score;

      /* The starting rating picked counts only for the first game. */
      g_assert_true (isle_session_make_rated (session, &setup, 1500));
      g_assert_cmpint (setup.rating, ==, (int) lround (expected));
      /* Seats alternate so that both sides win some. */
      setup.players[0] = isle_player_spec_for (i % 2 ? "human" : isle_rating_opponent (setup.rating)->spec);
      setup.players[1] = isle_player_spec_for (i % 2 ? isle_rating_opponent (setup.rating)->spec : "human");
      game = isle_game_new_from_setup (&setup, 100 + i, NULL);
      g_assert_nonnull (game);
      play (session, game, -1);
      flush (session);

      ratings = isle_session_list_ratings (session, ISLE_VARIANT_BASIC, 50);
      g_assert_cmpuint (ratings->len, ==, i + 1);
      last = &g_array_index (ratings, IsleRatedGame, ratings->len - 1);
      kept = isle_library_get (isle_session_get_library (session), last->game_id, NULL);
      g_assert_nonnull (kept);
      g_assert_true (isle_kept_game_get_rated (kept));
      score = score_of (isle_kept_game_get_result (kept));
      scored[(int) (score * 2)] = TRUE;
      g_assert_cmpfloat (last->rating.score, ==, score);
      g_assert_cmpint (last->rating.opponent_elo, ==, isle_rating_opponent (setup.rating)->elo);
      g_assert_cmpfloat_with_epsilon (last->rating.before, expected, 1e-9);
      expected = isle_rating_after (expected, last->rating.opponent_elo, score, i);
      g_assert_cmpfloat_with_epsilon (last->rating.after, expected, 1e-9);
      highest = MAX (highest, expected);

      g_assert_true (isle_session_get_rating (session, ISLE_VARIANT_BASIC, &rating, &games, &best));
      g_assert_cmpuint (games, ==, i + 1);
      g_assert_cmpfloat_with_epsilon (rating, expected, 1e-9);
      g_assert_cmpfloat_with_epsilon (best, highest, 1e-9);
    }
  /* First-legal-move games: both sides win some; a draw may not come. */
  g_assert_true (scored[0]);
  g_assert_true (scored[2]);
  g_assert_cmpint (changed, >=, 10);
  /* Other variants have their own rating. */
  g_assert_false (isle_session_get_rating (session, ISLE_VARIANT_WEATHER, NULL, &games, NULL));
  g_assert_cmpuint (games, ==, 0);

  g_clear_object (&session);
  again = library_session (dir, settings);
  g_assert_true (isle_session_get_rating (again, ISLE_VARIANT_BASIC, &rating, &games, &best));
  g_assert_cmpuint (games, ==, 10);
  g_assert_cmpfloat_with_epsilon (rating, expected, 1e-9);
  g_assert_cmpfloat_with_epsilon (best, highest, 1e-9);
  g_clear_object (&again);
  isle_test_remove_dir (dir);
}

/* The session scores a rated game as its kept result says: won 1, drawn
 * ½, lost or abandoned 0, none for a game of no one person; a draw
 * moves the rating by K (½ − expected). */
static void
test_scores (void)
{
  g_assert_cmpfloat (isle_kept_result_score (ISLE_KEPT_WON), ==, 1.0);
  g_assert_cmpfloat (isle_kept_result_score (ISLE_KEPT_DRAWN), ==, 0.5);
  g_assert_cmpfloat (isle_kept_result_score (ISLE_KEPT_LOST), ==, 0.0);
  g_assert_cmpfloat (isle_kept_result_score (ISLE_KEPT_ABANDONED), ==, 0.0);
  g_assert_cmpfloat (isle_kept_result_score (ISLE_KEPT_RED_WON), <, 0.0);
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1200, 1200, 0.5, 0), 1200, 1e-9);
  g_assert_cmpfloat_with_epsilon (isle_rating_after (1200, 1413, 0.5, 0),
                                  1200 + 40 * (0.5 - isle_rating_expected (1200, 1413)), 1e-9);
}

/* A rated game left for another counts as lost, once; one not begun is
 * no game; an unrated game moves nothing. */
static void
test_abandoned_lost (void)
{
  g_autofree char *dir = isle_test_make_dir ("test-rated");
  g_autoptr (GSettings) settings = isle_test_memory_settings (ISLE_BUILD_SCHEMA_DIR);
  g_autoptr (IsleSession) session = library_session (dir, settings);
  g_autoptr (IsleGame) left = rated_game (1300, 1, 5);
  g_autoptr (IsleGame) fresh = rated_game (1300, 0, 6);
  g_autoptr (IsleGame) plain = NULL;
  g_autoptr (GArray) ratings = NULL;
  IsleGameSetup setup = plain_setup (ISLE_VARIANT_BASIC);
  double rating = 0;
  guint games = 0;
  const IsleRatedGame *r;

  plain = isle_game_new_from_setup (&setup, 7, NULL);
  play (session, plain, 8);
  isle_session_abandon (session, plain);
  isle_session_save (session, fresh);
  isle_session_abandon (session, fresh);
  play (session, left, 8);
  isle_session_abandon (session, left);
  isle_session_abandon (session, left);
  flush (session);

  g_assert_true (isle_session_get_rating (session, ISLE_VARIANT_BASIC, &rating, &games, NULL));
  g_assert_cmpuint (games, ==, 1);
  ratings = isle_session_list_ratings (session, ISLE_VARIANT_BASIC, 50);
  g_assert_cmpuint (ratings->len, ==, 1);
  r = &g_array_index (ratings, IsleRatedGame, 0);
  g_assert_cmpfloat (r->rating.score, ==, 0.0);
  g_assert_cmpfloat (r->rating.before, ==, 1300);
  g_assert_cmpfloat_with_epsilon (r->rating.after, isle_rating_after (1300, r->rating.opponent_elo, 0, 0), 1e-9);
  g_assert_cmpfloat (rating, <, 1300);
  g_assert_cmpint (r->game_id, >, 0);
  g_clear_object (&session);
  isle_test_remove_dir (dir);
}

/* The flag and the rating are in the game's file and come back; a file
 * without them is unrated. */
static void
test_saved_round_trip (void)
{
  g_autoptr (IsleGame) game = rated_game (1666, 1, 9);
  g_autoptr (IsleGame) back = NULL;
  g_autoptr (IsleGame) plain_back = NULL;
  g_autoptr (IsleGame) plain = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *plain_data = NULL;
  IsleGameSetup setup = plain_setup (ISLE_VARIANT_BASIC);

  play (NULL, game, 5);
  data = isle_saved_game_to_data (game, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (data, "\"rated\""));
  back = isle_saved_game_load_data (data, -1, "rated", &error);
  g_assert_no_error (error);
  g_assert_true (isle_game_get_setup (back)->rated);
  g_assert_cmpint (isle_game_get_setup (back)->rating, ==, 1666);
  g_assert_cmpuint (isle_game_get_position (back), ==, 5);

  plain = isle_game_new_from_setup (&setup, 9, NULL);
  plain_data = isle_saved_game_to_data (plain, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (plain_data, "\"rated\""));
  plain_back = isle_saved_game_load_data (plain_data, -1, "plain", &error);
  g_assert_no_error (error);
  g_assert_false (isle_game_get_setup (plain_back)->rated);
}

int
main (int argc, char **argv)
{
  g_autofree char *data = g_dir_make_tmp ("test-rated-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rated/setup", test_setup);
  g_test_add_func ("/rated/seat-drawn", test_seat_drawn);
  g_test_add_func ("/rated/match-locked", test_match_locked);
  g_test_add_func ("/rated/rating-moves", test_rating_moves);
  g_test_add_func ("/rated/scores", test_scores);
  g_test_add_func ("/rated/abandoned-lost", test_abandoned_lost);
  g_test_add_func ("/rated/saved-round-trip", test_saved_round_trip);
  return g_test_run ();
}
