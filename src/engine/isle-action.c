/* isle-action.c — the text form of actions, used by logs, tests, the CLI and
 * the engine protocol (doc/decision-points.md): `keep cloudy`, `pick rW`,
 * `place rW c3`, `place rW* c3` (face down, R6.4), `place rH c3 d3` (R8.9),
 * `lift ne`, `settle c3`, `hop d4`, `target d4`, `swap d4`, `swap c3 d4`,
 * `replace bW`, `pass`, `hire F`, `done`. */
#include "isle-state.h"

#include <stdio.h>
#include <string.h>

#include "isle-notation.h"

static int
token_text (const IsleState *s, int seat, IsleKind kind, bool face_down, char *buf)
{
  IsleCell cell = { 0 };

  cell.kind = (uint8_t) kind;
  cell.seat = (uint8_t) seat;
  cell.colour = (uint8_t) isle_kind_start_colour (kind, isle_seat_side (seat));
  cell.flags = face_down ? ISLE_CELL_FACE_DOWN : 0;
  return isle_token_format (&cell, s->n_seats > 2, buf);
}

char *
isle_action_format (const IsleState *s, IsleAction a, char *buf)
{
  char token[8], cell[3], cell2[3];
  int seat = s->to_move;

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_KEEP:
      snprintf (buf, 32, "keep %s", isle_weather_id ((IsleWeather) isle_action_arg (a)));
      break;
    case ISLE_ACTION_PICK:
      token_text (s, seat, isle_action_kind (a), false, token);
      snprintf (buf, 32, "pick %s", token);
      break;
    case ISLE_ACTION_PLACE:
      token_text (s, seat, isle_action_kind (a), isle_action_face_down (a), token);
      if (isle_action_kind (a) == ISLE_KIND_HIPPO && !isle_action_face_down (a))
        snprintf (buf, 32, "place %s %s %s", token, isle_cell_name (isle_action_cell (a), cell),
                  isle_cell_name (isle_action_cell2 (a), cell2));
      else
        snprintf (buf, 32, "place %s %s", token, isle_cell_name (isle_action_cell (a), cell));
      break;
    case ISLE_ACTION_LIFT:
      snprintf (buf, 32, "lift %s", isle_quadrant_id (isle_action_arg (a)));
      break;
    case ISLE_ACTION_SETTLE:
      snprintf (buf, 32, "settle %s", isle_cell_name (isle_action_cell (a), cell));
      break;
    case ISLE_ACTION_HOP:
      snprintf (buf, 32, "hop %s", isle_cell_name (isle_action_cell (a), cell));
      break;
    case ISLE_ACTION_TARGET:
      snprintf (buf, 32, "target %s", isle_cell_name (isle_action_cell (a), cell));
      break;
    case ISLE_ACTION_SWAP:
      if (isle_action_cell2 (a) == ISLE_NO_CELL)
        snprintf (buf, 32, "swap %s", isle_cell_name (isle_action_cell (a), cell));
      else
        snprintf (buf, 32, "swap %s %s", isle_cell_name (isle_action_cell (a), cell),
                  isle_cell_name (isle_action_cell2 (a), cell2));
      break;
    case ISLE_ACTION_REPLACE:
      token_text (s, seat, isle_action_kind (a), false, token);
      snprintf (buf, 32, "replace %s", token);
      break;
    case ISLE_ACTION_PASS:
      snprintf (buf, 32, "pass");
      break;
    case ISLE_ACTION_HIRE:
      snprintf (buf, 32, "hire %c", isle_kind_info (isle_action_kind (a))->code);
      break;
    case ISLE_ACTION_DONE:
      snprintf (buf, 32, "done");
      break;
    case ISLE_ACTION_NONE:
    case ISLE_N_ACTION_TYPES:
    default:
      snprintf (buf, 32, "none");
      break;
    }
  return buf;
}

/* Splits TEXT into at most MAX words of at most 15 characters. */
static int
split_words (const char *text, char words[][16], int max)
{
  int n = 0;

  while (*text)
    {
      size_t len = 0;

      while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
        text++;
      if (!*text)
        break;
      if (n == max)
        return -1;
      while (text[len] && text[len] != ' ' && text[len] != '\t'
             && text[len] != '\r' && text[len] != '\n')
        len++;
      if (len >= sizeof words[0])
        return -1;
      memcpy (words[n], text, len);
      words[n][len] = '\0';
      text += len;
      n++;
    }
  return n;
}

/* A token of the seat to move: its owner must be that seat (R3 letters). */
static bool
own_token (const IsleState *s, const char *word, IsleCell *cell)
{
  int seat = s->to_move;

  if (!isle_token_parse (word, strlen (word), cell, NULL))
    return false;
  if (isle_seat_side (cell->seat) != isle_seat_side (seat))
    return false;
  /* A seat digit, when written, must name the seat itself (R11). */
  if (s->n_seats > 2 && strlen (word) > 1 && (word[1] == '1' || word[1] == '2')
      && cell->seat != seat)
    return false;
  return (cell->flags & ISLE_CELL_HIPPO_SECOND) == 0;
}

static bool
one_cell (IsleActionType type, const char *word, IsleAction *action)
{
  int cell = isle_cell_from_name (word);

  if (cell < 0)
    return false;
  *action = isle_action_cells (type, cell, ISLE_NO_CELL);
  return true;
}

bool
isle_action_parse (const IsleState *s, const char *text, IsleAction *action)
{
  char w[4][16];
  int n = split_words (text, w, 4);
  IsleCell cell;

  if (n < 1)
    return false;

  if (n == 1 && strcmp (w[0], "pass") == 0)
    {
      *action = isle_action_make (ISLE_ACTION_PASS, 0, ISLE_NO_CELL, ISLE_NO_CELL, false, 0);
      return true;
    }
  if (n == 1 && strcmp (w[0], "done") == 0)
    {
      *action = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
      return true;
    }
  if (strcmp (w[0], "keep") == 0 && n == 2)
    {
      IsleWeather weather = isle_weather_from_id (w[1]);
      if (weather == ISLE_N_WEATHER)
        return false;
      *action = isle_action_keep (weather);
      return true;
    }
  if (strcmp (w[0], "pick") == 0 && n == 2)
    {
      if (!own_token (s, w[1], &cell) || (cell.flags & ISLE_CELL_FACE_DOWN))
        return false;
      *action = isle_action_pick ((IsleKind) cell.kind);
      return true;
    }
  if (strcmp (w[0], "replace") == 0 && n == 2)
    {
      if (!own_token (s, w[1], &cell) || (cell.flags & ISLE_CELL_FACE_DOWN))
        return false;
      *action = isle_action_kind_only (ISLE_ACTION_REPLACE, (IsleKind) cell.kind);
      return true;
    }
  if (strcmp (w[0], "hire") == 0 && n == 2)
    {
      IsleKind kind = strlen (w[1]) == 1 ? isle_kind_from_code (w[1][0]) : isle_kind_from_id (w[1]);
      if (!isle_kind_is_mercenary (kind))
        return false;
      *action = isle_action_kind_only (ISLE_ACTION_HIRE, kind);
      return true;
    }
  if (strcmp (w[0], "place") == 0 && (n == 3 || n == 4))
    {
      int target = isle_cell_from_name (w[2]);
      if (!own_token (s, w[1], &cell) || target < 0)
        return false;
      if (n == 4)
        {
          /* R8.9: a Hippo's two tiles, in either order. */
          int other = isle_cell_from_name (w[3]);
          if (cell.kind != ISLE_KIND_HIPPO || (cell.flags & ISLE_CELL_FACE_DOWN) || other < 0)
            return false;
          *action = isle_action_hippo (target < other ? target : other,
                                       target < other ? other : target);
          return true;
        }
      *action = isle_action_place ((IsleKind) cell.kind, target,
                                   (cell.flags & ISLE_CELL_FACE_DOWN) != 0);
      return true;
    }
  if (strcmp (w[0], "lift") == 0 && n == 2)
    {
      int q = isle_quadrant_from_id (w[1]);
      if (q < 0)
        return false;
      *action = isle_action_lift (q);
      return true;
    }
  if (n == 2 && strcmp (w[0], "settle") == 0)
    return one_cell (ISLE_ACTION_SETTLE, w[1], action);
  if (n == 2 && strcmp (w[0], "hop") == 0)
    return one_cell (ISLE_ACTION_HOP, w[1], action);
  if (n == 2 && strcmp (w[0], "target") == 0)
    return one_cell (ISLE_ACTION_TARGET, w[1], action);
  if (n == 2 && strcmp (w[0], "swap") == 0)
    return one_cell (ISLE_ACTION_SWAP, w[1], action);
  if (n == 3 && strcmp (w[0], "swap") == 0)
    {
      /* R8.8: two tiles, in either order. */
      int a = isle_cell_from_name (w[1]), b = isle_cell_from_name (w[2]);
      if (a < 0 || b < 0 || a == b)
        return false;
      *action = isle_action_cells (ISLE_ACTION_SWAP, a < b ? a : b, a < b ? b : a);
      return true;
    }
  return false;
}
