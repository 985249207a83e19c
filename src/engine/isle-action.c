/* isle-action.c — the text form of actions, used by logs, tests, the CLI and
 * the engine protocol: `keep cloudy`, `pick rW`, `place rW c3`,
 * `place rW* c3` (face down, R6.4), `lift ne`. */
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
  char token[8], cell[3];
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
      snprintf (buf, 32, "place %s %s", token, isle_cell_name (isle_action_cell (a), cell));
      break;
    case ISLE_ACTION_LIFT:
      snprintf (buf, 32, "lift %s", isle_quadrant_id (isle_action_arg (a)));
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

bool
isle_action_parse (const IsleState *s, const char *text, IsleAction *action)
{
  char w[4][16];
  int n = split_words (text, w, 4);
  IsleCell cell;

  if (n < 2)
    return false;

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
  if (strcmp (w[0], "place") == 0 && n == 3)
    {
      int target = isle_cell_from_name (w[2]);
      if (!own_token (s, w[1], &cell) || target < 0)
        return false;
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
  return false;
}
