/* isle-review-words.c — a review's reasons in words (isle-review-words.h).
 *
 * A placement's consequence is worked out on a copy of the map: the token
 * put on its tile, the map scored before and after (R5, R7), the points
 * each side gains and the longest line through the tile, said with what
 * that whole line is worth. Kinds with an
 * ability (R8) change more than their tile, so their moves are named
 * without a consequence. The other side's reply is the review's: what its
 * search expected, a move that side could make. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "isle-ai.h"
#include "isle-review-words.h"
#include "isle-words.h"

typedef struct
{
  gboolean known;            /* a placement whose consequence is worked out */
  IsleKind kind;
  int cell;
  IsleSide side;             /* whose token */
  int32_t gain[ISLE_N_SIDES];
  int length;                /* the longest line through the tile, or 0 */
  IsleSide line_side;        /* whose that line is */
  int32_t value;             /* what that line is worth (R7.1, R7.2) */
  int32_t multiplier;        /* its Pig's or Cat's multiplier, or 1 (R7.2) */
} Effect;

/* R2: the kinds whose placement does nothing beyond their tile. */
static gboolean
plain (IsleKind kind)
{
  return kind == ISLE_KIND_WOLF || kind == ISLE_KIND_PIG || kind == ISLE_KIND_RAT || kind == ISLE_KIND_RABBIT
         || kind == ISLE_KIND_CAT || kind == ISLE_KIND_CROW;
}

/* What placing A by SEAT does to BOARD (which it then holds the token). */
static Effect
place (IsleBoard *board, const IsleRules *rules, IsleAction a, int seat)
{
  Effect e = { 0 };
  IsleBoard before;
  g_autofree IsleScore *score = g_new (IsleScore, 1);

  e.kind = isle_action_kind (a);
  e.cell = isle_action_cell (a);
  e.side = isle_seat_side (seat);
  if (isle_action_type (a) != ISLE_ACTION_PLACE || !plain (e.kind) || e.cell >= ISLE_N_CELLS
      || (board->occupied >> e.cell) & 1)
    return e;
  e.known = TRUE;
  before = *board;
  isle_board_put (board, e.cell, e.kind, seat, isle_kind_start_colour (e.kind, e.side),
                  isle_action_face_down (a) ? ISLE_CELL_FACE_DOWN : 0);
  isle_ai_board_gains (&before, board, rules->line_score, e.gain, score);
  for (int i = 0; i < score->n_lines; i++)
    for (int k = 0; k < score->lines[i].length; k++)
      if (score->lines[i].cells[k] == e.cell && score->lines[i].length > e.length)
        {
          e.length = score->lines[i].length;
          e.value = score->lines[i].value;
          e.multiplier = score->lines[i].multiplier;
          e.line_side = score->lines[i].colour == ISLE_COLOUR_RED ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
        }
  return e;
}

static void
space (GString *text)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
}

/* R7.2, after a sentence on the line of E: what multiplied it. */
static void
say_multiplier (GString *text, const Effect *e)
{
  if (e->multiplier == 2)
    {
      space (text);
      g_string_append (text, _("A Pig in that line doubles it."));
    }
  else if (e->multiplier >= 3)
    {
      space (text);
      g_string_append (text, _("A Cat in that line triples it."));
    }
}

/* The round's score as the map stood before the decision (R7.4), when
 * any line scores yet. */
static void
say_round_score (GString *text, const IsleState *state)
{
  int32_t totals[ISLE_N_SIDES];

  isle_board_score (&state->board, state->rules.line_score, totals, NULL);
  if (totals[ISLE_SIDE_RED] == 0 && totals[ISLE_SIDE_BLUE] == 0)
    return;
  space (text);
  /* Translators: the score of the round's map before the decision reviewed: "The round stood at Red 12, Blue 9." */
  g_string_append_printf (text, _("The round stood at %s %d, %s %d."), isle_words_side (ISLE_SIDE_RED),
                          totals[ISLE_SIDE_RED], isle_words_side (ISLE_SIDE_BLUE), totals[ISLE_SIDE_BLUE]);
}

/* "Red's Rat on c3 made Blue's line of 4: 5 points for Blue." or "Red's
 * Wolf on e5 made a line of 3: 3 points for Red.", or nothing. */
static void
say_made (GString *text, const Effect *e)
{
  char cell[4];
  int32_t points;

  if (!e->known || e->length == 0 || e->gain[e->line_side] <= 0)
    return;
  points = e->value;
  isle_cell_name (e->cell, cell);
  space (text);
  if (e->line_side != e->side)
    g_string_append_printf (text,
                            /* Translators: "Red's Rat on c3 made Blue's line of 4: 5 points for Blue." */
                            ngettext ("%s's %s on %s made %s's line of %d: %d point for %s.",
                                      "%s's %s on %s made %s's line of %d: %d points for %s.", points),
                            isle_words_side (e->side), isle_words_kind (e->kind), cell,
                            isle_words_side (e->line_side), e->length, points, isle_words_side (e->line_side));
  else
    g_string_append_printf (text,
                            /* Translators: "Red's Wolf on e5 made a line of 3: 3 points for Red." */
                            ngettext ("%s's %s on %s made a line of %d: %d point for %s.",
                                      "%s's %s on %s made a line of %d: %d points for %s.", points),
                            isle_words_side (e->side), isle_words_kind (e->kind), cell, e->length, points,
                            isle_words_side (e->side));
  say_multiplier (text, e);
}

/* What ACTION, a decision whose consequence place() does not work out (a
 * mercenary's ability, R8; a replacement, a Hippo settling, fog lifted),
 * did to each side's lines on the map: applied to a copy of STATE, the
 * map it leaves scored against the map before (the scored map when it
 * ended the round). Nothing when it changed no score. */
static void
say_map_change (GString *text, const IsleState *state, IsleAction action)
{
  g_autofree IsleState *after = g_new (IsleState, 1);
  int32_t gains[ISLE_N_SIDES];
  const IsleBoard *shown;

  *after = *state;
  if (!isle_state_apply (after, action))
    return;
  shown = after->round != state->round || isle_state_is_terminal (after) ? &after->scored_board : &after->board;
  isle_ai_board_gains (&state->board, shown, state->rules.line_score, gains, NULL);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      if (gains[side] == 0)
        continue;
      space (text);
      if (gains[side] > 0)
        g_string_append_printf (text,
                                /* Translators: what a mercenary's ability or another such move did: "It added 3 points to Red's lines." */
                                ngettext ("It added %d point to %s's lines.", "It added %d points to %s's lines.",
                                          (gulong) gains[side]),
                                gains[side], isle_words_side (side));
      else
        g_string_append_printf (text,
                                /* Translators: what a mercenary's ability or another such move did: "It took 5 points from Blue's lines." */
                                ngettext ("It took %d point from %s's lines.", "It took %d points from %s's lines.",
                                          (gulong) -gains[side]),
                                -gains[side], isle_words_side (side));
    }
}

/* The better move in words, when it is not a placement. */
static void
say_better_choice (GString *text, const IsleState *s, IsleAction best)
{
  char engine[32];

  space (text);
  switch (isle_action_type (best))
    {
    case ISLE_ACTION_PICK:
      /* Translators: R4.2, the opening hand: "Taking a Wolf was the better choice." */
      g_string_append_printf (text, _("Taking a %s was the better choice."), isle_words_kind (isle_action_kind (best)));
      break;
    case ISLE_ACTION_KEEP:
      /* Translators: R6.1: "Keeping Foggy was the better choice." */
      g_string_append_printf (text, _("Keeping %s was the better choice."), isle_words_weather (isle_action_arg (best)));
      break;
    case ISLE_ACTION_HIRE:
      /* Translators: R9.3: "Hiring the Fox was the better choice." */
      g_string_append_printf (text, _("Hiring the %s was the better choice."), isle_words_kind (isle_action_kind (best)));
      break;
    case ISLE_ACTION_DONE:
      g_string_append (text, _("Hiring no more was the better choice."));
      break;
    case ISLE_ACTION_PLACE:
      {
        char cell[4];

        /* Translators: "A Wolf on d6 was the better move." */
        g_string_append_printf (text, _("A %s on %s was the better move."), isle_words_kind (isle_action_kind (best)),
                                isle_cell_name (isle_action_cell (best), cell));
      }
      break;
    default:
      /* Translators: the better move in the engine's notation: "“lift ne” was the better move." */
      g_string_append_printf (text, _("“%s” was the better move."), isle_action_format (s, best, engine));
      break;
    }
}

/* What MOVE cost SIDE, closing its reason: the points (coins in the
 * games that mercenaries play, R9.4) it gave away by the round's end,
 * when about one or more, then the chance to win, lowered or kept (a
 * game all but decided can lose points and no chance). */
static void
say_cost (GString *text, const IsleState *state, const IsleReviewMove *move, IsleSide side)
{
  long points = lround (move->points);
  long before = lround (100.0 * move->before), after = lround (100.0 * move->after);

  if (points >= 1)
    {
      space (text);
      if (state->variant >= ISLE_VARIANT_MERCENARY)
        g_string_append_printf (text,
                                /* Translators: "It cost Red about 5 coins by the round's end." */
                                ngettext ("It cost %s about %ld coin by the round's end.",
                                          "It cost %s about %ld coins by the round's end.", (gulong) points),
                                isle_words_side (side), points);
      else
        g_string_append_printf (text,
                                /* Translators: "It cost Red about 5 points by the round's end." */
                                ngettext ("It cost %s about %ld point by the round's end.",
                                          "It cost %s about %ld points by the round's end.", (gulong) points),
                                isle_words_side (side), points);
    }
  space (text);
  if (after < before)
    /* Translators: "It lowered Red's chance to win from 59% to 39%." */
    g_string_append_printf (text, _("It lowered %s's chance to win from %ld%% to %ld%%."), isle_words_side (side),
                            before, after);
  else
    /* Translators: after the points a decision cost: "Red's chance to win stayed at 97%." */
    g_string_append_printf (text, _("%s's chance to win stayed at %ld%%."), isle_words_side (side), before);
}

char *
isle_review_words_reason (const IsleState *state, const IsleReviewMove *move)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree IsleBoard *board = g_new (IsleBoard, 1);
  IsleSide side, other;
  Effect chosen, reply = { 0 }, best;
  char cell[4];

  g_return_val_if_fail (state != NULL && move != NULL, NULL);
  if (move->label < ISLE_REVIEW_INACCURACY)
    return NULL;
  side = isle_seat_side (move->seat);
  other = (IsleSide) (1 - side);

  /* Where the round stood, the move chosen, then the reply the search
   * expected after it. */
  say_round_score (text, state);
  *board = state->board;
  chosen = place (board, &state->rules, move->action, move->seat);
  say_made (text, &chosen);
  if (!chosen.known)
    say_map_change (text, state, move->action);
  if (move->reply_seat >= 0 && isle_seat_side (move->reply_seat) == other)
    {
      reply = place (board, &state->rules, move->reply, move->reply_seat);
      if (reply.known && reply.length > 0 && reply.gain[other] > 0 && reply.line_side == other)
        {
          space (text);
          isle_cell_name (reply.cell, cell);
          g_string_append_printf (text,
                                  /* Translators: "Blue could then put a Wolf on d6: a line of 4, 5 points for Blue." */
                                  ngettext ("%s could then put a %s on %s: a line of %d, %d point for %s.",
                                            "%s could then put a %s on %s: a line of %d, %d points for %s.",
                                            reply.value),
                                  isle_words_side (other), isle_words_kind (reply.kind), cell, reply.length,
                                  reply.value, isle_words_side (other));
          say_multiplier (text, &reply);
        }
      else
        reply.known = FALSE;
    }

  /* The better move: what it would have done. */
  *board = state->board;
  best = place (board, &state->rules, move->best, move->seat);
  if (best.known && reply.known && best.cell == reply.cell)
    {
      space (text);
      isle_cell_name (best.cell, cell);
      /* Translators: "A Wolf on d6 would have taken that tile first." */
      g_string_append_printf (text, _("A %s on %s would have taken that tile first."),
                              isle_words_kind (best.kind), cell);
    }
  else if (best.known && best.length > 0 && best.line_side == side && best.gain[side] > 0)
    {
      space (text);
      isle_cell_name (best.cell, cell);
      g_string_append_printf (text,
                              /* Translators: "A Wolf on d6 would have made a line of 4: 5 points for Red." */
                              ngettext ("A %s on %s would have made a line of %d: %d point for %s.",
                                        "A %s on %s would have made a line of %d: %d points for %s.", best.value),
                              isle_words_kind (best.kind), cell, best.length, best.value, isle_words_side (side));
      say_multiplier (text, &best);
    }
  else
    say_better_choice (text, state, move->best);

  say_cost (text, state, move, side);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
isle_review_words_hint (const IsleState *state, IsleAction action)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree IsleBoard *board = g_new (IsleBoard, 1);
  int seat, other_seat;
  IsleSide side, other;
  Effect mine, theirs;
  char cell[4];

  g_return_val_if_fail (state != NULL, NULL);
  seat = isle_state_to_move (state);
  if (seat < 0)
    return NULL;
  side = isle_seat_side (seat);
  other = (IsleSide) (1 - side);
  other_seat = (seat + 1) % MAX (state->n_seats, 2);
  *board = state->board;
  mine = place (board, &state->rules, action, seat);
  if (!mine.known)
    return NULL;
  isle_cell_name (mine.cell, cell);
  if (mine.length > 0 && mine.line_side == side && mine.gain[side] > 0)
    g_string_append_printf (text,
                            /* Translators: a hint: "A Wolf on d6 makes a line of 4: 10 points for Red." */
                            ngettext ("A %s on %s makes a line of %d: %d point for %s.",
                                      "A %s on %s makes a line of %d: %d points for %s.", mine.value),
                            isle_words_kind (mine.kind), cell, mine.length, mine.value, isle_words_side (side));
  /* The other side's Wolf on the same tile: what the hint keeps from it. */
  *board = state->board;
  theirs = place (board, &state->rules, isle_action_place (ISLE_KIND_WOLF, mine.cell, false), other_seat);
  if (theirs.known && theirs.length > 0 && theirs.line_side == other && theirs.gain[other] > 0)
    {
      space (text);
      if (text->len > 0)
        /* Translators: after a hint's line: "It also takes the tile Blue needs for a line of 4." */
        g_string_append_printf (text, _("It also takes the tile %s needs for a line of %d."),
                                isle_words_side (other), theirs.length);
      else
        /* Translators: a hint: "A Wolf on d6 takes the tile Blue needs for a line of 4." */
        g_string_append_printf (text, _("A %s on %s takes the tile %s needs for a line of %d."),
                                isle_words_kind (mine.kind), cell, isle_words_side (other), theirs.length);
    }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}
