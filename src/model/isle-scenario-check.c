/* isle-scenario-check.c — every problem of a scenario, in words
 * (isle_scenario_validate()): the fields the reader cannot check alone,
 * the start position through the engine's checks (isle-position.c; this
 * file only words them), the goal, the players, and the history and the
 * solution replayed through the engine.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "isle-goal.h"
#include "isle-player-spec.h"
#include "isle-rules-json.h"
#include "isle-scenario-private.h"
#include "isle-words.h"

/* "Red", or "Red 1" of four seats (R11). */
static const char *
seat_name (int n_seats, int seat)
{
  static const char *const two[] = { N_("Red"), N_("Blue") };
  static const char *const four[] = { N_("Red 1"), N_("Blue 1"), N_("Red 2"), N_("Blue 2") };

  if (seat < 0 || seat >= n_seats)
    return "?";
  return n_seats > 2 ? _(four[seat]) : _(two[seat]);
}

/* "start.board[2]" for the row of CELL. */
static char *
row_path (int cell)
{
  return g_strdup_printf ("start.board[%d]", isle_cell_row (cell));
}

/* The field of P that is not a tile's row: "start.hands[1]",
 * "start.hired.red", …; NULL for the others. For the deck and the scores,
 * P's cell is an index in the list. */
static char *
field_path (const IslePositionProblem *p)
{
  const char *side = p->seat >= 0 && p->seat < ISLE_N_SIDES ? isle_scenario_side_ids[p->seat] : "?";

  switch ((IslePositionCode) p->code)
    {
    case ISLE_POSITION_DECK_CARD:
      return g_strdup_printf ("start.deck[%d]", p->cell);
    case ISLE_POSITION_HIRED_IN_BOX:
    case ISLE_POSITION_HIRED_TOO_MANY:
    case ISLE_POSITION_HIRED_NO_BASIC:
      return g_strdup_printf ("start.hired.%s", side);
    case ISLE_POSITION_WRONG_TOTAL:
    case ISLE_POSITION_PILE_TOO_BIG:
      return g_strdup_printf ("start.piles[%d]", p->seat);
    case ISLE_POSITION_HAND_TOO_BIG:
    case ISLE_POSITION_HAND_NOT_FULL:
      return g_strdup_printf ("start.hands[%d]", p->seat);
    case ISLE_POSITION_COINS_UNUSED:
    case ISLE_POSITION_COINS_NEGATIVE:
      return g_strdup_printf ("start.coins.%s", side);
    case ISLE_POSITION_SCORE_NEGATIVE:
      return g_strdup_printf ("start.scores[%d].%s", p->cell, side);
    case ISLE_POSITION_SCORE_LATER_ROUND:
      return g_strdup_printf ("start.scores[%d]", p->cell);
    default:
      return NULL;
    }
}

/* Words one problem the engine found in the start position. */
static void
word_position_problem (IsleScenario *sc, GPtrArray *out, const IslePositionProblem *p)
{
  int n_seats = isle_scenario_get_n_seats (sc);
  IsleScenarioError code = ISLE_SCENARIO_ERROR_POSITION;
  g_autofree char *path = NULL;
  g_autofree char *where = field_path (p);
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
      isle_scenario_add_rule_problem (out, code, "R4.7, R9.1", "start.round", -1, -1,
                                      _("This game has rounds 1 to %d, so round %d cannot be its start."),
                                      p->expected, p->value);
      break;
    case ISLE_POSITION_BAD_FIRST_SEAT:
      isle_scenario_add_problem (out, code, "start.first_seat", -1, -1, _("The seat must be 0 to %d; it is %d."),
                                 p->expected - 1, p->value);
      break;
    case ISLE_POSITION_BAD_TO_MOVE:
      isle_scenario_add_problem (out, code, "start.to_move", -1, -1, _("The seat must be 0 to %d; it is %d."),
                                 p->expected - 1, p->value);
      break;
    case ISLE_POSITION_BAD_WEATHER:
      if (p->expected >= 0)
        isle_scenario_add_rule_problem (out, code, "R4, R10, R11", "start.weather", -1, -1,
                                        _("This game is always played under %s weather, not %s."),
                                        isle_words_weather (p->expected), isle_words_weather (p->value));
      else
        isle_scenario_add_rule_problem (out, code, "R1", "start.weather", -1, -1, _("That is not a weather card."));
      break;
    case ISLE_POSITION_DECK_UNUSED:
      isle_scenario_add_rule_problem (out, code, "R6.1", "start.deck", -1, -1,
                                      _("This game has no weather deck; leave the deck empty."));
      break;
    case ISLE_POSITION_DECK_CARD:
      isle_scenario_add_rule_problem (out, code, "R1, R6.1", where, -1, -1,
                                      _("The deck holds one %s card more than the rules allow, counting the card in play."),
                                      isle_words_weather (p->value));
      break;
    case ISLE_POSITION_DECK_TOO_LONG:
      isle_scenario_add_rule_problem (out, code, "R6.1", "start.deck", -1, -1,
                                      _("In round %d the deck holds at most %d, as one card is kept each round; this one holds %d."),
                                      sc->start ? sc->start->round : 1, p->expected, p->value);
      break;
    case ISLE_POSITION_BAD_OWNER:
      isle_scenario_add_rule_problem (out, code, "R3, R11", path, -1, p->cell,
                                      _("The token on %s belongs to the team player %s, but this game has two players."),
                                      cell, seat_name (ISLE_MAX_SEATS, p->value));
      break;
    case ISLE_POSITION_FOG_PARTIAL:
      isle_scenario_add_rule_problem (out, code, "R1", path, -1, p->cell,
                                      _("Fog on %s covers only part of the %s quarter; a fog board covers a whole quarter."),
                                      cell, isle_words_quadrant (p->value));
      break;
    case ISLE_POSITION_FOG_TOO_MUCH:
      isle_scenario_add_rule_problem (out, code, "R1", "start.board", -1, -1,
                                      _("Fog covers every quarter, but there are only %d fog boards; leave a quarter open."),
                                      p->expected);
      break;
    case ISLE_POSITION_FOG_IN_SUN:
      isle_scenario_add_rule_problem (out, code, "R6.2", path, -1, p->cell,
                                      _("Fog on %s under Sunny weather: in sunshine the whole island is open."), cell);
      break;
    case ISLE_POSITION_TOKEN_UNDER_FOG:
      isle_scenario_add_rule_problem (out, code, "R6.6", path, seat, p->cell,
                                      _("The token on %s is under fog; tokens go only on open tiles."), cell);
      break;
    case ISLE_POSITION_FACE_DOWN_NOT_FOGGY:
      isle_scenario_add_rule_problem (out, code, "R6.4", path, seat, p->cell,
                                      _("The token on %s is face down under %s weather; tokens go face down only under Foggy weather."),
                                      cell, isle_words_weather (sc->start ? sc->start->weather : 0));
      break;
    case ISLE_POSITION_FACE_DOWN_CHAMELEON:
      isle_scenario_add_rule_problem (out, code, "R8.6", path, seat, p->cell,
                                      _("The face-down Chameleon on %s cannot have turned: it keeps its starting colour."), cell);
      break;
    case ISLE_POSITION_FACE_DOWN_HIPPO_SECOND:
      isle_scenario_add_rule_problem (out, code, "R8.9", path, seat, p->cell,
                                      _("The face-down Hippo on %s takes one tile only; it cannot have a second tile."), cell);
      break;
    case ISLE_POSITION_HIPPO_SECOND_ALONE:
      isle_scenario_add_rule_problem (out, code, "R3, R8.9", path, seat, p->cell,
                                      _("The Hippo's second tile on %s has no first tile beside it; put a face-up Hippo of the same owner next to it."),
                                      cell);
      break;
    case ISLE_POSITION_HIPPO_TWO_SECONDS:
      isle_scenario_add_rule_problem (out, code, "R8.9", path, seat, p->cell,
                                      _("The Hippo on %s has more than one second tile beside it; a Hippo lies across exactly two tiles."),
                                      cell);
      break;
    case ISLE_POSITION_MERCENARY_IN_BOX:
      if (p->cell >= 0)
        /* Translators: "The Fox on c1 is a mercenary, …" */
        isle_scenario_add_rule_problem (out, code, "R4.1", path, seat, p->cell,
                                        _("The %s on %s is a mercenary, but in this game mercenaries stay in the box."),
                                        isle_words_kind (p->kind), cell);
      break;
    case ISLE_POSITION_NOT_HIRED:
      if (p->cell >= 0)
        /* Translators: "The Fox on c1 is not among the mercenaries Red has hired; …" */
        isle_scenario_add_rule_problem (out, code, "R9.3", path, seat, p->cell,
                                        _("The %s on %s is not among the mercenaries %s has hired; hire it first."),
                                        isle_words_kind (p->kind), cell, isle_words_side (isle_seat_side (seat)));
      break;
    case ISLE_POSITION_HIRED_IN_BOX:
      isle_scenario_add_rule_problem (out, code, "R4.1", where, seat, -1,
                                      _("Mercenaries are hired, but in this game they stay in the box."));
      break;
    case ISLE_POSITION_HIRED_TOO_MANY:
      /* Translators: "Crow: 3 hired, but a side has only 2." */
      isle_scenario_add_rule_problem (out, code, "R1", where, seat, -1, _("%s: %d hired, but a side has only %d."),
                                      isle_words_kind (p->kind), p->value, p->expected);
      break;
    case ISLE_POSITION_HIRED_NO_BASIC:
      /* Translators: "Too many hired mercenaries replace a Wolf: 10, but a side has only 9." */
      isle_scenario_add_rule_problem (out, code, "R2, R9.3", where, seat, -1,
                                      _("Too many hired mercenaries replace a %s: %d, but a side has only %d."),
                                      isle_words_kind (p->kind), p->value, p->expected);
      break;
    case ISLE_POSITION_TOO_MANY_OF_KIND:
      /* Translators: "Red has 10 × Wolf on the map, …" */
      isle_scenario_add_rule_problem (out, code, "R1, R2, R9.3", "start", seat, -1,
                                      _("%s has %d × %s on the map, in hands and in piles, but owns only %d."),
                                      isle_words_side (seat), p->value, isle_words_kind (p->kind), p->expected);
      break;
    case ISLE_POSITION_WRONG_TOTAL:
      if (n_seats > 2)
        isle_scenario_add_rule_problem (out, code, "R11", where, seat, -1,
                                        _("The tokens of %s on the map, in hand and in the pile add up to %d; each team player has %d."),
                                        seat_name (n_seats, seat), p->value, p->expected);
      else
        isle_scenario_add_rule_problem (out, code, "R1", where, seat, -1,
                                        _("The tokens of %s on the map, in hand and in the pile add up to %d; a side has %d."),
                                        seat_name (n_seats, seat), p->value, p->expected);
      break;
    case ISLE_POSITION_HAND_TOO_BIG:
      isle_scenario_add_rule_problem (out, code, "R4.4", where, seat, -1,
                                      _("A hand holds at most %d tokens; this one holds %d."), p->expected, p->value);
      break;
    case ISLE_POSITION_HAND_NOT_FULL:
      isle_scenario_add_rule_problem (out, code, "R4.4d", where, seat, -1,
                                      _("%s has %d in hand while %d are left in the pile; a hand is refilled to %d after every placement."),
                                      seat_name (n_seats, seat), p->value, p->expected, ISLE_HAND_MAX);
      break;
    case ISLE_POSITION_PILE_TOO_BIG:
      isle_scenario_add_problem (out, code, where, seat, -1, _("A pile holds at most %d tokens; this one holds %d."),
                                 p->expected, p->value);
      break;
    case ISLE_POSITION_COINS_UNUSED:
      isle_scenario_add_rule_problem (out, code, "R9.2", where, seat, -1,
                                      _("This game counts no coins; only the games with mercenaries do."));
      break;
    case ISLE_POSITION_COINS_NEGATIVE:
      isle_scenario_add_problem (out, code, where, seat, -1, _("Coins cannot be fewer than 0; you entered %d."), p->value);
      break;
    case ISLE_POSITION_SCORE_NEGATIVE:
      isle_scenario_add_rule_problem (out, code, "R7.4", where, seat, -1,
                                      _("Points cannot be fewer than 0; you entered %d."), p->value);
      break;
    case ISLE_POSITION_SCORE_LATER_ROUND:
      isle_scenario_add_problem (out, code, where, seat, -1,
                                 _("Round %d is not over yet, so it has no points; give points only for the rounds before round %d."),
                                 p->cell + 1, sc->start ? sc->start->round : 1);
      break;
    case ISLE_POSITION_ROUND_OVER:
      isle_scenario_add_rule_problem (out, code, "R4.6", "start.board", -1, -1,
                                      _("Every tile holds a token, so the round is already over; leave at least one tile free."));
      break;
    case ISLE_POSITION_NOTHING_TO_PLACE:
      if (p->value < 0)
        isle_scenario_add_rule_problem (out, code, "R4.5, R4.6", "start.to_move", seat, -1,
                                        _("Nobody has anything to place, so the round would end at once."));
      else
        isle_scenario_add_rule_problem (out, code, "R4.5", "start.to_move", seat, -1,
                                        _("%s has nothing to place, so the turn would pass straight to %s; let a player who can place move first."),
                                        seat_name (n_seats, seat), seat_name (n_seats, p->value));
      break;
    case ISLE_POSITION_OK:
    case ISLE_POSITION_N_CODES:
    default:
      isle_scenario_add_problem (out, code, "start", -1, -1, _("This is not a position the rules allow."));
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
            if (!isle_scenario_has_mercenaries (sc->variant))
              isle_scenario_add_rule_problem (out, ISLE_SCENARIO_ERROR_POSITION, "R4.1", path, seat, -1,
                                              _("The %s is a mercenary, but in this game mercenaries stay in the box."),
                                              isle_words_kind (kinds[i]));
            else if (p->hired[side][kinds[i]] == 0)
              isle_scenario_add_rule_problem (out, ISLE_SCENARIO_ERROR_POSITION, "R9.3", path, seat, -1,
                                              _("The %s is not among the mercenaries %s has hired; hire it first."),
                                              isle_words_kind (kinds[i]), isle_words_side (side));
          }
      }
}

/* The state the scenario begins in, or problems. */
gboolean
isle_scenario_build_start_into (IsleScenario *sc, guint64 seed, IsleState *state, GPtrArray *out)
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
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_POSITION, "start", -1, -1,
                                   _("and %d more problems"), found.n - ISLE_POSITION_MAX_PROBLEMS);
      return FALSE;
    }
  if (!isle_state_init (state, &sc->rules, sc->variant, sc->first_seat, seed))
    {
      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_RULES, "rules", -1, -1,
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
  IslePlayerSpec parsed;
  gboolean valid = isle_player_spec_parse (spec, &parsed, NULL);

  if (valid && (parsed.kind == ISLE_PLAYER_ENGINE || parsed.kind == ISLE_PLAYER_PLUGIN))
    {
      g_autofree char *quoted = g_utf8_validate (spec, -1, NULL) && g_utf8_strlen (spec, -1) <= ISLE_JSON_MAX_QUOTED
                                ? g_strdup (spec) : g_strdup (parsed.kind == ISLE_PLAYER_ENGINE ? "engine:…" : "plugin:…");

      isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_PLAYER, path, -1, -1,
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

    isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, path, -1, -1,
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
  g_autofree char *path = isle_goal_value_keys[g->type] ? g_strdup_printf ("goal.%s", isle_goal_value_keys[g->type]) : NULL;

  switch (g->type)
    {
    case ISLE_GOAL_LINE:
      if (g->value < 3 || g->value > ISLE_BOARD_SIZE)                /* R5 */
        isle_scenario_add_rule_problem (out, ISLE_SCENARIO_ERROR_GOAL, "R5", path, -1, -1,
                                        _("A line must be 3 to %d tokens long; you entered %d."), ISLE_BOARD_SIZE, g->value);
      break;
    case ISLE_GOAL_COINS:
      if (!isle_scenario_has_mercenaries (sc->variant))                             /* R9.2 */
        {
          isle_scenario_add_rule_problem (out, ISLE_SCENARIO_ERROR_GOAL, "R9.2", "goal.type", -1, -1,
                                          _("A coins goal needs a game that counts coins: the Mercenary, Quick or Team Game."));
          break;
        }
      G_GNUC_FALLTHROUGH;
    case ISLE_GOAL_SCORE_ROUND:
    case ISLE_GOAL_WIN_ROUND:
      if (g->value < 1)
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_GOAL, path, -1, -1,
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
          isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_ACTION, path, -1, -1,
                                     _("the game is already over; expected no more actions, got “%s”"), actions[i]);
          return FALSE;
        }
      if (isle_action_parse (state, actions[i], &a) && isle_state_apply (state, a))
        continue;
      legal = isle_json_legal_actions (state);
      if (!isle_action_parse (state, actions[i], &a))
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_ACTION, path, state->to_move, -1,
                                   _("“%s” does not read as a move of the seat to move; expected one of %s"),
                                   actions[i], legal);
      else
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_ACTION, path, state->to_move, -1,
                                   _("“%s” is not a legal move here; expected one of %s"), actions[i], legal);
      return FALSE;
    }
  return TRUE;
}

/* The rules as an editor set them, read back as a file would have them:
 * the same reader, so the same words. */
static void
check_rules_in_memory (IsleScenario *sc, GPtrArray *out)
{
  g_autoptr (JsonNode) node = isle_rules_to_json (&sc->rules);
  IsleJsonReader r;
  IsleRules back;

  isle_json_reader_init (&r, ISLE_SCENARIO_ERROR_RULES);
  isle_json_reader_enter (&r, "rules");
  isle_rules_read (&r, node, &back);
  isle_scenario_take_problems (&r, NULL, out);
  isle_json_reader_clear (&r);
}

void
isle_scenario_validate_into (IsleScenario *sc, GPtrArray *out, guint broken)
{
  int n_seats = isle_scenario_get_n_seats (sc);
  IsleState state;
  gboolean have_start = FALSE;

  if (!(broken & ISLE_SCENARIO_BROKEN_RULES))
    check_rules_in_memory (sc, out);
  if (sc->start == NULL && (sc->first_seat < 0 || sc->first_seat >= n_seats))
    isle_scenario_add_rule_problem (out, ISLE_SCENARIO_ERROR_FIELD, "R4.3", "first_seat", -1, -1,
                                    _("The seat must be 0 to %d; it is %d."), n_seats - 1, sc->first_seat);

  if (!(broken & ISLE_SCENARIO_BROKEN_PLAYERS))
    {
      if (sc->player < 0 || sc->player >= n_seats)
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, "player", -1, -1,
                                   _("seat %d; expected 0 to %d"), sc->player, n_seats - 1);
      if (sc->has_player)
        check_player (out, "opponent", sc->opponent, FALSE);
      if (sc->players != NULL)
        {
          guint n = g_strv_length (sc->players);

          if (n != (guint) n_seats)
            isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, "players", -1, -1,
                                       _("expected %d players for the %s game, got %u"), n_seats,
                                       isle_variant_id (sc->variant), n);
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *path = g_strdup_printf ("players[%u]", i);
              check_player (out, path, sc->players[i], TRUE);
            }
        }
    }
  if (!(broken & ISLE_SCENARIO_BROKEN_GOAL))
    check_goal (sc, out);

  if ((sc->actions != NULL || sc->solution != NULL) && !sc->has_seed && !(broken & ISLE_SCENARIO_BROKEN_SEED))
    isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, "seed", -1, -1,
                               _("missing; a history or a solution is played again from the seed, which decides the chance in it"));

  if (!(broken & (ISLE_SCENARIO_BROKEN_START | ISLE_SCENARIO_BROKEN_VARIANT | ISLE_SCENARIO_BROKEN_RULES | ISLE_SCENARIO_BROKEN_SEED)))
    have_start = isle_scenario_build_start_into (sc, sc->seed, &state, out);
  if (!have_start)
    return;

  if (sc->actions != NULL && !(broken & ISLE_SCENARIO_BROKEN_ACTIONS))
    {
      IsleState s = state;
      guint n = g_strv_length (sc->actions);

      if (sc->position > n)
        isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_FIELD, "position", -1, -1,
                                   _("expected an integer from 0 to %u, got %u"), n, sc->position);
      replay (out, "actions", sc->actions, &s);
    }
  if (sc->solution != NULL && !(broken & (ISLE_SCENARIO_BROKEN_SOLUTION | ISLE_SCENARIO_BROKEN_GOAL)))
    {
      IsleState s = state;

      if (replay (out, "solution", sc->solution, &s) && sc->goal.type != ISLE_GOAL_NONE)
        {
          g_autofree char *sentence = NULL;

          if (isle_scenario_goal_status (sc, &s, &sentence) != ISLE_GOAL_MET)
            isle_scenario_add_problem (out, ISLE_SCENARIO_ERROR_GOAL, "solution", -1, -1,
                                       _("the goal is not met after the solution's last move: %s"), sentence);
        }
    }
}

GPtrArray *
isle_scenario_validate (IsleScenario *self)
{
  GPtrArray *out;

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), NULL);
  out = isle_scenario_problems_new ();
  isle_scenario_validate_into (self, out, 0);
  return out;
}

gboolean
isle_scenario_build_start (IsleScenario *self, guint64 seed, IsleState *state, GError **error)
{
  g_autoptr (GPtrArray) out = isle_scenario_problems_new ();

  g_return_val_if_fail (ISLE_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (isle_scenario_build_start_into (self, self->has_seed ? self->seed : seed, state, out))
    return TRUE;
  isle_scenario_set_error (error, out, NULL);
  return FALSE;
}
