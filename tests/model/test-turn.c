/* test-turn.c — IsleTurn without a display: what the viewer's activations
 * mean and do (marks, plays, a pass then a placement), every decision of
 * every variant made by activations alone, from both seats and in the
 * hot-seat team game; the board as the viewer sees it; the lines of a
 * position across undo and redo; the live score; the coins left after
 * pending hires; the last move as moves. Positions are R3 text. */
#include "config.h"

#include <string.h>

#include "isle-scenario.h"
#include "isle-test-util.h"
#include "isle-turn.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))
#define RED 0
#define BLUE 1

/* ---- helpers ------------------------------------------------------------- */

/* A match of SCENARIO (its variant, start and PLAYERS set here), with no
 * pause before a computer's move. */
static IsleMatch *
match_of (IsleScenario *scenario, const char *const *players)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  IsleMatch *match;

  isle_scenario_set_players (scenario, players);
  game = isle_game_new_from_scenario (scenario, 7, &error);
  g_assert_no_error (error);
  match = isle_match_new (game);
  isle_match_set_pause_ms (match, 0);
  return match;
}

/* A new game of VARIANT from the normal start, every seat a person. */
static IsleMatch *
new_hot_seat_match (IsleVariant variant)
{
  static const char *const people[] = { "human", "human", "human", "human", NULL };
  g_autoptr (IsleScenario) scenario = isle_scenario_new ();

  isle_scenario_set_variant (scenario, variant);
  if (isle_scenario_get_n_seats (scenario) == 2)
    {
      const char *const two[] = { "human", "human", NULL };

      return match_of (scenario, two);
    }
  return match_of (scenario, people);
}

/* A match from the position S, Red a person and Blue BLUE_PLAYER. */
static IsleMatch *
match_from_state (const IsleState *position, const char *blue_player)
{
  const char *const players[] = { "human", blue_player, NULL };
  g_autoptr (IsleScenario) scenario = isle_scenario_new ();
  IsleState copy = *position;
  IsleState *s = &copy;

  /* R6.1: the card in play has left the deck. */
  for (int i = 0; i < s->deck_len; i++)
    if (s->deck[i] == s->weather)
      {
        memmove (s->deck + i, s->deck + i + 1, (size_t) (s->deck_len - i - 1));
        s->deck_len--;
        break;
      }

  isle_scenario_set_variant (scenario, (IsleVariant) s->variant);
  isle_scenario_set_rules (scenario, &s->rules);
  isle_scenario_set_start_from_state (scenario, s);
  return match_of (scenario, players);
}

static const IsleState *
state_of (IsleTurn *turn)
{
  return isle_game_get_state (isle_match_get_game (isle_turn_get_match (turn)));
}

static int
lowest (guint64 cells)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if (cells & BIT (cell))
      return cell;
  return -1;
}

static void
on_changed (IsleTurn *turn, int *count)
{
  (void) turn;
  (*count)++;
}

/* Makes the viewer's decision by activations only, as a person would: the
 * first tile the map offers (and a second one when it asks for it), or
 * else the first choice offered that may be taken. Every decision offers
 * something. */
static void
decide (IsleTurn *turn)
{
  const IsleTurnChoices *choices = isle_turn_get_choices (turn);
  guint64 targets = isle_turn_get_targets (turn);
  guint position = isle_game_get_position (isle_match_get_game (isle_turn_get_match (turn)));
  g_autoptr (GError) error = NULL;

  g_assert_true (isle_turn_get_mine (turn));
  g_assert_cmpstr (isle_turn_get_status (turn), !=, "");
  g_assert_true (targets != 0 || choices->n > 0);
  if (targets != 0)
    {
      int cell = lowest (targets);

      g_assert_true (isle_turn_activate_tile (turn, cell, &error));
      g_assert_no_error (error);
      if (isle_turn_get_marked (turn) == cell)
        {
          /* A two-click choice: the first tile is marked and shown, the
           * same tile takes it back, another one completes it. */
          g_assert_cmpuint (isle_game_get_position (isle_match_get_game (isle_turn_get_match (turn))), ==, position);
          g_assert_nonnull (isle_turn_get_note (turn));
          g_assert_true (isle_turn_get_targets (turn) & BIT (cell));
          g_assert_true (isle_turn_activate_tile (turn, lowest (isle_turn_get_targets (turn) & ~BIT (cell)), &error));
          g_assert_no_error (error);
        }
      return;
    }
  for (int i = 0; i < choices->n; i++)
    if (choices->choices[i].enabled)
      {
        g_assert_true (isle_turn_choose (turn, choices->choices[i].action, &error));
        g_assert_no_error (error);
        return;
      }
  g_assert_not_reached ();
}

/* Plays MATCH to its end by activations, every seat a person passing the
 * screen on; checks what the turn says at each step. Returns how many
 * decisions of each phase were made. */
static void
play_out (IsleTurn *turn, int phases[ISLE_N_PHASES])
{
  IsleMatch *match = isle_turn_get_match (turn);

  for (int step = 0; step < 4000 && !isle_state_is_terminal (state_of (turn)); step++)
    {
      const IsleState *s = state_of (turn);
      int32_t score[ISLE_N_SIDES];

      if (isle_match_get_hot_seat_pass (match))
        isle_match_take_turn (match);
      g_assert_cmpint (isle_turn_get_viewer (turn), ==, isle_state_to_move (s));
      /* The live score: the rounds scored, and never less. */
      isle_turn_get_score (turn, score);
      g_assert_cmpint (score[RED], >=, s->total[RED]);
      g_assert_cmpint (score[BLUE], >=, s->total[BLUE]);
      /* R6.1: the weather is named once its card is kept. */
      if (s->phase == ISLE_PHASE_HIRE || s->phase == ISLE_PHASE_WEATHER)
        {
          g_autofree char *round = isle_turn_dup_round_text (turn);

          g_assert_null (strstr (round, "·"));
        }
      /* R9.3: the coins left after the hires chosen this time. */
      if (s->phase == ISLE_PHASE_HIRE)
        g_assert_cmpint (isle_turn_get_choices (turn)->coins_left, ==,
                         isle_turn_get_coins_left (turn, isle_seat_side (isle_state_to_move (s))));
      phases[s->phase]++;
      decide (turn);
    }
  g_assert_true (isle_state_is_terminal (state_of (turn)));
}

/* ---- every variant, by activations --------------------------------------- */

/* R4, R6, R8, R9, R10, R11: every decision of a whole game is offered to
 * the person at the screen as tiles or choices, and made by activating
 * them; at the end the last round's lines belong to the final position,
 * and undo takes them away with it (R7.5). */
static void
test_r4_every_variant_by_activations (gconstpointer data)
{
  IsleVariant variant = GPOINTER_TO_INT (data);
  g_autoptr (IsleMatch) match = new_hot_seat_match (variant);
  g_autoptr (IsleTurn) turn = isle_turn_new (match);
  int phases[ISLE_N_PHASES] = { 0 };
  const IsleTurnScored *scored;
  int32_t score[ISLE_N_SIDES];
  IsleScore expected;
  int32_t totals[ISLE_N_SIDES];
  IsleBoard board;
  int n_lines;

  play_out (turn, phases);
  g_assert_cmpint (phases[ISLE_PHASE_PLACE], >, 0);
  g_assert_cmpint (phases[ISLE_PHASE_HAND], >, 0);
  if (variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY)
    g_assert_cmpint (phases[ISLE_PHASE_WEATHER], >, 0);
  if (variant >= ISLE_VARIANT_MERCENARY)
    g_assert_cmpint (phases[ISLE_PHASE_HIRE], >, 0);

  /* R7.5: the game's end scored the last round: its lines, the board
   * face up, the totals as the score. */
  scored = isle_turn_get_scored (turn);
  g_assert_true (scored->over);
  g_assert_cmpint (scored->round, ==, state_of (turn)->round);
  isle_board_score (&state_of (turn)->scored_board, state_of (turn)->rules.line_score, totals, &expected);
  g_assert_cmpint (scored->n_lines, ==, expected.n_lines);
  g_assert_cmpint (scored->score[RED], ==, totals[RED]);
  g_assert_cmpint (scored->score[BLUE], ==, totals[BLUE]);
  isle_turn_get_board (turn, &board);
  g_assert_cmpuint (board.face_down, ==, 0);
  g_assert_cmpuint (board.occupied, ==, state_of (turn)->scored_board.occupied);
  isle_turn_get_score (turn, score);
  g_assert_cmpint (score[RED], ==, state_of (turn)->total[RED]);
  g_assert_cmpint (score[BLUE], ==, state_of (turn)->total[BLUE]);
  g_assert_nonnull (isle_turn_get_status (turn));
  g_assert_cmpint (isle_turn_get_targets (turn), ==, 0);
  g_assert_false (isle_turn_get_mine (turn));
  n_lines = scored->n_lines;

  /* Undo: the position before the person's last decision, in the last
   * round, scored nothing; the map is the round's, not the scored one. */
  g_assert_true (isle_match_undo (match));
  scored = isle_turn_get_scored (turn);
  g_assert_false (scored->over);
  g_assert_cmpint (scored->round, ==, 0);
  g_assert_cmpint (scored->n_lines, ==, 0);
  g_assert_true (isle_turn_get_mine (turn) || isle_match_get_hot_seat_pass (match));
  isle_turn_get_board (turn, &board);
  g_assert_cmpuint (board.occupied, ==, state_of (turn)->board.occupied);
  g_assert_cmpuint (isle_turn_get_targets (turn), !=, 0);

  /* Redo: the end and its lines again. */
  g_assert_true (isle_match_redo (match));
  g_assert_true (isle_turn_get_scored (turn)->over);
  g_assert_cmpint (isle_turn_get_scored (turn)->n_lines, ==, n_lines);
}

/* ---- the map's activations ----------------------------------------------- */

/* R4.4, R6.4: a tile activated with a token chosen places it; a tile that
 * means nothing does nothing; the face chosen goes with it. */
static void
test_r4_4_place_by_tile (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autoptr (GError) error = NULL;
  int changes = 0;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_a1_b1_board, "WPWWW", "WWWWW", RED, ISLE_WEATHER_SUNNY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_signal_connect (turn, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_true (isle_turn_get_placing (turn));
  /* Every free tile, and no other. */
  g_assert_cmpuint (isle_turn_get_targets (turn), ==, ISLE_ALL_CELLS & ~(BIT (0) | BIT (1)));
  g_assert_false (isle_turn_activate_tile (turn, isle_test_cell ("a1"), &error));
  g_assert_no_error (error);
  g_assert_cmpint (isle_turn_get_preview (turn), ==, ISLE_KIND_WOLF);
  /* The Pig chosen from the hand is what goes down. */
  g_assert_true (isle_turn_select_token (turn, 1));
  g_assert_cmpint (changes, >, 0);
  g_assert_cmpint (isle_turn_get_preview (turn), ==, ISLE_KIND_PIG);
  g_assert_false (isle_turn_select_token (turn, 7));
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("c3"), &error));
  g_assert_no_error (error);
  g_assert_cmpint (state_of (turn)->board.cells[isle_test_cell ("c3")].kind, ==, ISLE_KIND_PIG);
  /* Blue's turn now; Red may not decide for Blue. */
  g_assert_false (isle_turn_get_mine (turn));
  g_assert_cmpuint (isle_turn_get_targets (turn), ==, 0);
  g_assert_false (isle_turn_activate_tile (turn, isle_test_cell ("d4"), &error));
}

/* Two tokens on an open map. */
static const char OPEN_BOARD[] =
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  bW .  .  .\n"
  ".  .  .  rP .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

/* R8.9: a Hippo is placed by two clicks: the first tile marks it (the
 * Hippo stands there while the second is chosen), the same tile again
 * takes the mark back, a neighbour places it across both. */
static void
test_r8_9_hippo_two_clicks (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autoptr (GError) error = NULL;
  int a1 = isle_test_cell ("a1"), b1 = isle_test_cell ("b1"), a2 = isle_test_cell ("a2");
  IsleBoard board;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        OPEN_BOARD,
                        "HWWWW", "WWWWW", "H", "", RED, ISLE_WEATHER_SUNNY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_cmpint (isle_turn_get_preview (turn), ==, ISLE_KIND_HIPPO);
  g_assert_true (isle_turn_activate_tile (turn, a1, &error));
  g_assert_cmpint (isle_turn_get_marked (turn), ==, a1);
  isle_turn_get_board (turn, &board);
  g_assert_cmpint (board.cells[a1].kind, ==, ISLE_KIND_HIPPO);
  /* The second tile: a neighbour of the first, or the first to unmark. */
  g_assert_cmpuint (isle_turn_get_targets (turn), ==, BIT (a1) | BIT (b1) | BIT (a2));
  g_assert_true (isle_turn_activate_tile (turn, a1, &error));
  g_assert_cmpint (isle_turn_get_marked (turn), ==, -1);
  isle_turn_get_board (turn, &board);
  g_assert_cmpint (board.cells[a1].kind, ==, ISLE_KIND_NONE);
  g_assert_true (isle_turn_activate_tile (turn, a1, &error));
  g_assert_true (isle_turn_activate_tile (turn, a2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (state_of (turn)->board.cells[a1].kind, ==, ISLE_KIND_HIPPO);
  g_assert_cmpint (state_of (turn)->board.cells[a2].kind, ==, ISLE_KIND_HIPPO);
  g_assert_cmpint (isle_turn_get_marked (turn), ==, -1);
}

/* R8.5: while the Frog may hop, a free tile activated leaves the Frog
 * where it is and places the chosen token there: two decisions, one
 * click. */
static void
test_r8_5_frog_pass_then_place (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autoptr (GError) error = NULL;
  guint position;

  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY,
                        OPEN_BOARD,
                        "GWWWW", "WWWWW", "G", "", RED, ISLE_WEATHER_SUNNY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("a1"), &error));
  g_assert_no_error (error);
  /* Blue places; Red's Frog may hop. */
  isle_match_take_turn (match);
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("f6"), &error));
  isle_match_take_turn (match);
  g_assert_cmpint (state_of (turn)->phase, ==, ISLE_PHASE_HOP);
  g_assert_true (isle_turn_get_placing (turn));
  g_assert_nonnull (isle_turn_get_explanation (turn));
  /* The Frog and the free tiles mean something. */
  g_assert_true (isle_turn_get_targets (turn) & BIT (isle_test_cell ("a1")));
  g_assert_true (isle_turn_get_targets (turn) & BIT (isle_test_cell ("e5")));
  position = isle_game_get_position (isle_match_get_game (match));
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("e5"), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (isle_game_get_position (isle_match_get_game (match)), ==, position + 2);
  g_assert_cmpint (state_of (turn)->board.cells[isle_test_cell ("a1")].kind, ==, ISLE_KIND_FROG);
  g_assert_cmpint (state_of (turn)->board.cells[isle_test_cell ("e5")].kind, ==, ISLE_KIND_WOLF);
}

/* ---- the score ----------------------------------------------------------- */

/* R7, R12: while a round is played the score counts the lines on the map
 * as the viewer sees them; the round scored, its total. */
static void
test_r7_live_score (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autofree char *text = NULL;
  g_autofree char *lead = NULL;
  int32_t score[ISLE_N_SIDES];
  const IsleTurnScored *scored;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6, "W", "", RED, ISLE_WEATHER_SUNNY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  /* Red's a6–c6 (3 × 2 = 6), Blue's f1–f3 (3 × 2 = 6). */
  isle_turn_get_score (turn, score);
  g_assert_cmpint (score[RED], ==, 6);
  g_assert_cmpint (score[BLUE], ==, 6);
  text = isle_turn_dup_score_text (turn);
  g_assert_nonnull (strstr (text, "6"));
  lead = isle_turn_dup_lead_text (turn);
  g_assert_cmpstr (lead, ==, "The sides are level.");
  g_assert_cmpint (isle_turn_get_scored (turn)->round, ==, 0);
  /* The last token: Red's line grows to a6–d6 (5 × 2 = 10), the round is
   * scored and its lines belong to this position. */
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("d6"), NULL));
  scored = isle_turn_get_scored (turn);
  g_assert_cmpint (scored->round, ==, 1);
  g_assert_false (scored->over);
  g_assert_cmpint (scored->score[RED], ==, 10);
  g_assert_cmpint (scored->score[BLUE], ==, 6);
  g_assert_cmpint (scored->n_lines, ==, 2);
  isle_turn_set_reviewing (turn, TRUE);
  isle_turn_get_score (turn, score);
  g_assert_cmpint (score[RED], ==, 10);
  g_assert_cmpint (score[BLUE], ==, 6);
  g_free (lead);
  lead = isle_turn_dup_lead_text (turn);
  g_assert_cmpstr (lead, ==, "Red is ahead by 4 points.");
  g_assert_cmpuint (isle_turn_get_last_move_cells (turn), ==, 0);
  g_assert_false (isle_turn_get_mine (turn));
  isle_turn_set_reviewing (turn, FALSE);
  /* Undo: back before the scoring, no lines. */
  g_assert_true (isle_match_undo (match));
  g_assert_cmpint (isle_turn_get_scored (turn)->round, ==, 0);
  isle_turn_get_score (turn, score);
  g_assert_cmpint (score[RED], ==, 6);
}

/* ---- fog ----------------------------------------------------------------- */

/* Only the south-east quadrant is fogged, c6 the one free open tile. */
static const char LAST_FOG_BOARD[] =
  "rW bW rP bP rR bR\n"
  "bW rW bR rR bB rB\n"
  "rR bR rB bB rW bW\n"
  "bW rW bP #  #  #\n"
  "rR bR rB #  #  #\n"
  "bB rP .  #  #  #\n";

/* R6.5: filling the last open tile with one fog board left, the person
 * has nothing to choose: it is lifted at once, told as it is. */
static void
test_r6_5_last_fog_board_lifts_itself (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autoptr (GError) error = NULL;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, LAST_FOG_BOARD, "WWWWW", "WWWWW", RED, ISLE_WEATHER_CLOUDY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("c6"), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (state_of (turn)->board.fog, ==, 0);
  g_assert_cmpint (isle_game_get_n_actions (isle_match_get_game (match)), ==, 2);
  g_assert_cmpint (state_of (turn)->phase, ==, ISLE_PHASE_PLACE);
  g_assert_cmpint (isle_state_to_move (state_of (turn)), ==, BLUE);
}

/* R6.5: with two boards left the filler chooses; the words say what is
 * true (tiles open), the choices are the two boards. */
static void
test_r6_5_fog_lift_choice (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  const IsleTurnChoices *choices;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_one_free_board, "WWWWW", "WWWWW", RED,
                   ISLE_WEATHER_CLOUDY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("c3"), NULL));
  g_assert_cmpint (state_of (turn)->phase, ==, ISLE_PHASE_FOG_LIFT);
  choices = isle_turn_get_choices (turn);
  g_assert_cmpint (choices->n, ==, 3);
  g_assert_null (strstr (isle_turn_get_explanation (turn), "hidden"));
  /* Any tile of a board lifts it. */
  g_assert_cmpuint (isle_turn_get_targets (turn), ==, state_of (turn)->board.fog);
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("f6"), NULL));
  g_assert_cmpuint (state_of (turn)->board.fog & BIT (isle_test_cell ("f6")), ==, 0);
}

/* A tile's spoken name says whether it can be played and, R6.3, that fog
 * is why not; once the fog lift is the choice (R6.5), its tiles can be. */
static void
test_r6_3_tile_names_say_why_not (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  char *name;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_one_free_board, "WWWWW", "WWWWW", RED,
                   ISLE_WEATHER_CLOUDY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_true (isle_turn_get_placing (turn));
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      IsleBoard board;
      IsleTileUse use;
      char *expected;

      isle_turn_get_board (turn, &board);
      use = (isle_turn_get_targets (turn) & BIT (cell)) ? ISLE_TILE_USE_PLAYABLE : ISLE_TILE_USE_UNPLAYABLE;
      expected = isle_words_tile_name (&board, cell, use, FALSE);
      name = isle_turn_dup_tile_name (turn, cell);
      g_assert_cmpstr (name, ==, expected);
      g_free (expected);
      g_free (name);
    }
  /* The words themselves (no locale is set here: gettext gives them). */
  name = isle_turn_dup_tile_name (turn, isle_test_cell ("c3"));
  g_assert_cmpstr (name, ==, "c3, free, can be played");
  g_free (name);
  name = isle_turn_dup_tile_name (turn, isle_test_cell ("f6"));
  g_assert_cmpstr (name, ==, "f6, cannot be played: fog");
  g_free (name);
  name = isle_turn_dup_tile_name (turn, isle_test_cell ("a1"));
  g_assert_cmpstr (name, ==, "a1, Red's Wolf");
  g_free (name);
  /* R6.5: the fog lift; any tile of a board lifts it. */
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("c3"), NULL));
  g_assert_cmpint (state_of (turn)->phase, ==, ISLE_PHASE_FOG_LIFT);
  name = isle_turn_dup_tile_name (turn, isle_test_cell ("f6"));
  g_assert_true (g_str_has_prefix (name, "f6, "));
  {
    IsleBoard board;
    char *expected;

    isle_turn_get_board (turn, &board);
    expected = isle_words_tile_name (&board, isle_test_cell ("f6"), ISLE_TILE_USE_PLAYABLE, FALSE);
    g_assert_cmpstr (name, ==, expected);
    g_free (expected);
  }
  g_free (name);
}

static gboolean
wait_for_mine (IsleTurn *turn)
{
  for (int i = 0; i < 20000 && !isle_turn_get_mine (turn); i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (500);
  return isle_turn_get_mine (turn);
}

/* R6.5: a computer's fog lift is one move of the last move, its quadrant
 * told once, not nine tiles marked. */
static void
test_r6_5_lift_is_one_move (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  const IsleTurnMove *moves;
  guint n, lifts = 0;
  guint64 lift;

  isle_test_state (&s, ISLE_VARIANT_WEATHER, isle_test_nw_one_free_board, "WWWWW", "WWWWW", BLUE,
                   ISLE_WEATHER_CLOUDY);
  match = match_from_state (&s, "beginner");
  turn = isle_turn_new (match);
  g_assert_true (wait_for_mine (turn));
  n = isle_turn_get_last_moves (turn, &moves);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    lifts += isle_action_type (moves[i].action) == ISLE_ACTION_LIFT;
  g_assert_cmpuint (lifts, ==, 1);
  lift = isle_turn_get_last_lift (turn);
  g_assert_cmpint (isle_popcount (lift), ==, 9);
  g_assert_cmpuint (isle_turn_get_last_move_cells (turn), ==, BIT (isle_test_cell ("c3")));
}

/* ---- hiring -------------------------------------------------------------- */

/* R9.3: a hire sets its cost aside: the coins left say so, the choice is
 * marked hired, and the other side's pending hires stay secret (R12). */
static void
test_r9_3_coins_left (void)
{
  g_autoptr (IsleMatch) match = new_hot_seat_match (ISLE_VARIANT_QUICK);
  g_autoptr (IsleTurn) turn = isle_turn_new (match);
  const IsleTurnChoices *choices = isle_turn_get_choices (turn);
  int seat, side, before;
  IsleAction hire = 0;
  int cost = 0;

  if (isle_match_get_hot_seat_pass (match))
    isle_match_take_turn (match);
  g_assert_cmpint (state_of (turn)->phase, ==, ISLE_PHASE_HIRE);
  seat = isle_state_to_move (state_of (turn));
  side = isle_seat_side (seat);
  before = isle_turn_get_coins_left (turn, side);
  g_assert_cmpint (before, ==, state_of (turn)->coins[side]);
  for (int i = 0; i < choices->n && hire == 0; i++)
    if (isle_action_type (choices->choices[i].action) == ISLE_ACTION_HIRE && choices->choices[i].enabled)
      hire = choices->choices[i].action;
  g_assert_cmpuint (hire, !=, 0);
  cost = state_of (turn)->rules.hire_cost[isle_action_kind (hire)];
  g_assert_true (isle_turn_choose (turn, hire, NULL));
  g_assert_cmpint (isle_turn_get_coins_left (turn, side), ==, before - cost);
  g_assert_cmpint (isle_turn_get_choices (turn)->coins_left, ==, before - cost);
  g_assert_nonnull (strstr (isle_turn_get_status (turn), "coin"));
  for (int i = 0; i < choices->n; i++)
    if (choices->choices[i].action == hire)
      g_assert_true (choices->choices[i].chosen);
  /* Not a choice now: nothing happens. */
  g_assert_false (isle_turn_choose (turn, isle_action_lift (0), NULL));
}

/* Chooses the hand token KIND and activates tile NAME. */
static void
place_kind (IsleTurn *turn, IsleKind kind, const char *name)
{
  IsleKind kinds[ISLE_HAND_MAX];
  int n = isle_turn_get_hand (turn, kinds, NULL), index = -1;

  for (int i = 0; i < n && index < 0; i++)
    if (kinds[i] == kind)
      index = i;
  g_assert_cmpint (index, >=, 0);
  g_assert_true (isle_turn_select_token (turn, index));
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell (name), NULL));
}

/* ---- announcements ------------------------------------------------------- */

typedef struct
{
  guint position;         /* the game's position when it was said */
  char *text;
  gboolean mine;          /* the viewer decided then */
  char *status;           /* the status then */
} Said;

static void
said_clear (gpointer data)
{
  g_free (((Said *) data)->text);
  g_free (((Said *) data)->status);
}

static void
on_announce (IsleTurn *turn, const char *text, GArray *said)
{
  Said one = { isle_game_get_position (isle_match_get_game (isle_turn_get_match (turn))), g_strdup (text),
               isle_turn_get_mine (turn), g_strdup (isle_turn_get_status (turn)) };

  g_assert_nonnull (text);
  g_assert_cmpstr (text, !=, "");
  g_array_append_val (said, one);
}

static GArray *
listen (IsleTurn *turn)
{
  GArray *said = g_array_new (FALSE, TRUE, sizeof (Said));

  g_array_set_clear_func (said, said_clear);
  g_signal_connect (turn, "announce", G_CALLBACK (on_announce), said);
  return said;
}

/* What the log tells of decision INDEX (its own row, not a round's). */
static const char *
log_text (IsleMatch *match, guint index)
{
  GListModel *history = isle_match_get_history (match);

  for (guint i = 0; i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (history, i);

      if (isle_history_item_get_index (item) == index && isle_history_item_get_seat (item) >= 0)
        return isle_history_item_get_text (item);
    }
  g_assert_not_reached ();
  return NULL;
}

/* The announcements made at POSITION. */
static guint
said_at (GArray *said, guint position, const Said **found)
{
  guint n = 0;

  for (guint i = 0; i < said->len; i++)
    if (g_array_index (said, Said, i).position == position)
      {
        *found = &g_array_index (said, Said, i);
        n++;
      }
  return n;
}

static gboolean
turn_or_end (IsleMatch *match)
{
  return isle_match_get_human_turn (match) || isle_match_get_over (match);
}

/* A scenario's goal decided by the round just scored ends the game: the
 * scored map stays shown with its lines, the round is the one played, the
 * status says how the goal went, and nobody is asked anything more. */
static void
test_r7_5_puzzle_goal_ends_the_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "puzzles", "01-white-wall.isle", NULL);
  g_autoptr (IsleScenario) scenario = isle_scenario_load (path, &error);
  static const char *const people[] = { "human", "human", NULL };
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autofree char *round = NULL;
  g_autofree char *goal = NULL;
  g_autoptr (GArray) said = NULL;
  const IsleTurnScored *scored;
  IsleBoard board;
  guint n_said;

  g_assert_no_error (error);
  match = match_of (scenario, people);
  turn = isle_turn_new (match);
  said = listen (turn);
  /* The puzzle's solution, each move by its player. */
  place_kind (turn, ISLE_KIND_RABBIT, "b4");
  /* The hot seat: a person's decision is not said; the turn is, once the
   * next person has the screen. */
  g_assert_cmpuint (said->len, ==, 0);
  isle_match_take_turn (match);
  g_assert_cmpuint (said->len, ==, 1);
  g_assert_cmpstr (g_array_index (said, Said, 0).text, ==, "Your move: place a token on a free tile");
  place_kind (turn, ISLE_KIND_WOLF, "a3");
  isle_match_take_turn (match);
  place_kind (turn, ISLE_KIND_RAT, "b3");
  isle_match_take_turn (match);
  g_assert_cmpint (isle_match_get_goal_status (match, NULL), ==, ISLE_GOAL_IN_PROGRESS);
  place_kind (turn, ISLE_KIND_WOLF, "a4");
  g_assert_cmpint (isle_match_get_goal_status (match, NULL), ==, ISLE_GOAL_MET);
  scored = isle_turn_get_scored (turn);
  g_assert_true (scored->over);
  g_assert_true (scored->goal);
  g_assert_cmpint (scored->round, ==, 1);
  g_assert_cmpint (scored->n_lines, >, 0);
  isle_turn_get_board (turn, &board);
  g_assert_cmphex (board.occupied, ==, ISLE_ALL_CELLS);
  round = isle_turn_dup_round_text (turn);
  g_assert_cmpstr (round, ==, "1 of 2");
  g_assert_cmpstr (isle_turn_get_status (turn), ==, "Goal met!");
  /* Said once: the round's line and the goal's verdict. */
  n_said = said->len;
  goal = isle_turn_dup_goal_verdict (turn);
  g_assert_true (g_str_has_prefix (goal, "Solved! "));
  g_assert_true (g_str_has_prefix (g_array_index (said, Said, n_said - 1).text, "Round 1 ended: "));
  g_assert_true (g_str_has_suffix (g_array_index (said, Said, n_said - 1).text, goal));
  g_assert_cmpuint (g_array_index (said, Said, n_said - 1).position, ==,
                    isle_game_get_position (isle_match_get_game (match)));
  g_assert_cmpuint (g_array_index (said, Said, n_said - 2).position, <,
                    isle_game_get_position (isle_match_get_game (match)));
  g_assert_false (isle_turn_get_mine (turn));
  g_assert_cmpuint (isle_turn_get_targets (turn), ==, 0);
  g_assert_cmpint (isle_turn_get_choices (turn)->n, ==, 0);
}

/* Item 1 of the screen reader's game: a whole Basic game against the
 * Beginner. Each of the computer's decisions is said once, in the log's
 * words, with the status when the turn comes back ("Your move: …"); the
 * person's own decisions are never said back; the end says the round's
 * line (R7.4) and the verdict (R4.7); undo says no decision. */
static void
test_r4_7_announcements_against_the_computer (void)
{
  static const char *const players[] = { "human", "beginner", NULL };
  g_autoptr (IsleScenario) scenario = isle_scenario_new ();
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  g_autoptr (GArray) said = NULL;
  g_autofree char *verdict = NULL;
  g_autofree char *round_line = NULL;
  IsleGame *game;
  guint computer = 0, person = 0, n_said;
  const Said *last;

  isle_scenario_set_variant (scenario, ISLE_VARIANT_BASIC);
  match = match_of (scenario, players);
  turn = isle_turn_new (match);
  said = listen (turn);
  game = isle_match_get_game (match);
  for (int step = 0; step < 400 && !isle_match_get_over (match); step++)
    {
      gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

      while (!turn_or_end (match) && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, TRUE);
      g_assert_true (turn_or_end (match));
      if (!isle_match_get_over (match))
        decide (turn);
    }
  g_assert_true (isle_match_get_over (match));

  for (guint i = 0; i < isle_game_get_position (game); i++)
    {
      const IsleState *before = isle_game_get_state_at (game, i);
      const IsleState *after = isle_game_get_state_at (game, i + 1);
      const Said *one = NULL;
      guint n = said_at (said, i + 1, &one);

      /* Never two announcements for one decision. */
      g_assert_cmpuint (n, <=, 1);
      if (before->to_move == BLUE)
        {
          /* The computer's decision, first, as the log says it. */
          computer++;
          g_assert_cmpuint (n, ==, 1);
          g_assert_true (g_str_has_prefix (one->text, log_text (match, i)));
          /* The turn came back: what to do is said with it. */
          if (!isle_state_is_terminal (after) && isle_state_to_move (after) == RED)
            {
              g_assert_true (one->mine);
              g_assert_true (g_str_has_suffix (one->text, one->status));
              g_assert_cmpuint (strlen (one->text), >, strlen (one->status));
            }
        }
      else
        {
          /* The person's own decision is not told back. */
          person++;
          if (n == 1)
            g_assert_null (strstr (one->text, log_text (match, i)));
        }
    }
  g_assert_cmpuint (computer, >, 10);
  g_assert_cmpuint (person, >, 10);

  /* The end: the last round's line and the verdict, last. */
  verdict = isle_turn_dup_verdict (turn);
  last = &g_array_index (said, Said, said->len - 1);
  g_assert_cmpuint (last->position, ==, isle_game_get_position (game));
  g_assert_true (g_str_has_suffix (last->text, verdict));
  round_line = g_strdup_printf ("Round %d ended: ", isle_game_get_state (game)->round);
  g_assert_true (g_str_has_prefix (last->text, round_line) || strstr (last->text, round_line) != NULL);

  /* Undo tells no decision: at most the status of the turn it goes back
   * to, once. */
  n_said = said->len;
  g_assert_true (isle_match_undo (match));
  g_assert_cmpuint (said->len, <=, n_said + 1);
  if (said->len == n_said + 1)
    g_assert_cmpstr (g_array_index (said, Said, n_said).text, ==, isle_turn_get_status (turn));
}

/* Hints say why (issue 29): the adviser's last placement, d6, grows
 * Red's a6–c6 into a6–d6 (R5; 5 × 2 = 10 with its Pig, R7.2); the page's
 * explanation says so while the hint stands, and no more once it is
 * played. */
static void
test_r5_hint_says_why (void)
{
  IsleState s;
  g_autoptr (IsleMatch) match = NULL;
  g_autoptr (IsleTurn) turn = NULL;
  gint64 end;

  isle_test_state (&s, ISLE_VARIANT_BASIC, isle_test_before_last_d6, "W", "", RED, ISLE_WEATHER_SUNNY);
  match = match_from_state (&s, "human");
  turn = isle_turn_new (match);
  g_assert_null (isle_turn_get_explanation (turn));
  g_assert_true (isle_match_request_hint (match));
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (isle_match_get_hint (match) == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (isle_turn_get_hint_cell (turn), ==, isle_test_cell ("d6"));
  g_assert_cmpstr (isle_turn_get_explanation (turn), ==, "A Wolf on d6 makes a line of 4: 10 points for Red.");
  g_assert_true (isle_turn_activate_tile (turn, isle_test_cell ("d6"), NULL));
  g_assert_null (isle_turn_get_explanation (turn));
}

int
main (int argc, char *argv[])
{
  static const struct
  {
    const char *path;
    IsleVariant variant;
  } variants[] = {
    { "/turn/r4-basic-by-activations", ISLE_VARIANT_BASIC },
    { "/turn/r6-weather-by-activations", ISLE_VARIANT_WEATHER },
    { "/turn/r9-mercenary-by-activations", ISLE_VARIANT_MERCENARY },
    { "/turn/r10-quick-by-activations", ISLE_VARIANT_QUICK },
    { "/turn/r11-team-hot-seat-by-activations", ISLE_VARIANT_TEAM },
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    g_test_add_data_func (variants[i].path, GINT_TO_POINTER (variants[i].variant),
                          test_r4_every_variant_by_activations);
  g_test_add_func ("/turn/r6-3-tile-names-say-why-not", test_r6_3_tile_names_say_why_not);
  g_test_add_func ("/turn/r4.4-place-by-tile", test_r4_4_place_by_tile);
  g_test_add_func ("/turn/r8.9-hippo-two-clicks", test_r8_9_hippo_two_clicks);
  g_test_add_func ("/turn/r8.5-frog-pass-then-place", test_r8_5_frog_pass_then_place);
  g_test_add_func ("/turn/r7-live-score", test_r7_live_score);
  g_test_add_func ("/turn/r5-hint-says-why", test_r5_hint_says_why);
  g_test_add_func ("/turn/r6.5-last-fog-board-lifts-itself", test_r6_5_last_fog_board_lifts_itself);
  g_test_add_func ("/turn/r6.5-fog-lift-choice", test_r6_5_fog_lift_choice);
  g_test_add_func ("/turn/r6.5-lift-is-one-move", test_r6_5_lift_is_one_move);
  g_test_add_func ("/turn/r9.3-coins-left", test_r9_3_coins_left);
  g_test_add_func ("/turn/r7.5-puzzle-goal-ends-the-game", test_r7_5_puzzle_goal_ends_the_game);
  g_test_add_func ("/turn/r4.7-announcements-against-the-computer", test_r4_7_announcements_against_the_computer);
  return g_test_run ();
}
