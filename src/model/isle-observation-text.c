/* isle-observation-text.c — an observation (R12) as protocol text and back
 * (doc/engine-protocol.md, "Observation"). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <errno.h>
#include <string.h>

#include "isle-notation.h"
#include "isle-observation-text.h"

G_DEFINE_QUARK (isle-observation-text-error-quark, isle_observation_text_error)

#define BIT(cell) (UINT64_C (1) << (cell))

/* Bag capacity of isle_obs_determinize(): tokens one pool may hide. */
#define MAX_POOL (2 * (ISLE_N_CELLS + ISLE_HAND_MAX + ISLE_PILE_MAX))

/* Coins, totals and round scores an observation may give: far beyond any
 * game (a round scores at most 52 lines × 1000 × 3 under any rules file),
 * and far enough below G_MAXINT32 that the rounds still to come cannot
 * overflow them. */
#define MAX_POINTS (1 << 24)

static const char *const phase_ids[ISLE_N_PHASES] = {
  "weather", "hire", "hand", "settle", "hop", "place", "ability", "replace",
  "fog-lift", "over",
};

const char *
isle_phase_id (IslePhase phase)
{
  return (unsigned) phase < ISLE_N_PHASES ? phase_ids[phase] : NULL;
}

/* ---- writing ---------------------------------------------------------- */

static void
append_cell_name (GString *out, int cell)
{
  char name[3];

  if (cell >= 0 && cell < ISLE_N_CELLS)
    g_string_append (out, isle_cell_name (cell, name));
  else if (cell == ISLE_NO_CELL)
    g_string_append_c (out, '-');
  else
    g_string_append_printf (out, "%d", cell);
}

static void
append_weather (GString *out, int weather)
{
  if (weather < ISLE_N_WEATHER)
    g_string_append (out, isle_weather_id ((IsleWeather) weather));
  else if (weather == ISLE_WEATHER_UNKNOWN)
    g_string_append_c (out, '?');
  else
    g_string_append_printf (out, "%d", weather);
}

/* R3 text of a cell; UNKNOWN kinds (R12) as owner + `?` (+ `*`). */
static void
append_cell (GString *out, const IsleBoard *board, int i, bool team)
{
  const IsleCell *c = &board->cells[i];
  char buf[8];

  if (c->kind == ISLE_KIND_NONE)
    {
      g_string_append_c (out, (board->fog & BIT (i)) ? '#' : '.');
      return;
    }
  if (c->kind == ISLE_KIND_UNKNOWN)
    {
      g_string_append_c (out, isle_seat_side (c->seat) == ISLE_SIDE_RED ? 'r' : 'b');
      if (team)
        g_string_append_c (out, c->seat >= 2 ? '2' : '1');
      g_string_append_c (out, '?');
      if (c->flags & ISLE_CELL_FACE_DOWN)
        g_string_append_c (out, '*');
      if (c->flags & ISLE_CELL_HIPPO_SECOND)
        g_string_append_c (out, '+');
      return;
    }
  isle_token_format (c, team, buf);
  g_string_append (out, buf);
}

static void
append_board (GString *out, const char *key, const IsleBoard *board, bool team)
{
  for (int r = 0; r < ISLE_BOARD_SIZE; r++)
    {
      g_string_append_printf (out, "%s %d", key, r + 1);
      for (int c = 0; c < ISLE_BOARD_SIZE; c++)
        {
          g_string_append_c (out, ' ');
          append_cell (out, board, isle_cell (c, r), team);
        }
      g_string_append_c (out, '\n');
    }
}

/* " W 3 P 1": the nonzero counts of a multiset of kinds. */
static void
append_counts (GString *out, const uint8_t counts[ISLE_N_KINDS])
{
  for (int k = 1; k < ISLE_N_KINDS; k++)
    if (counts[k] != 0)
      g_string_append_printf (out, " %c %u", isle_kind_info ((IsleKind) k)->code, counts[k]);
}

static void
append_seat_values (GString *out, const char *key, const uint8_t *values, int n)
{
  g_string_append (out, key);
  for (int t = 0; t < n; t++)
    g_string_append_printf (out, " %u", values[t]);
  g_string_append_c (out, '\n');
}

char *
isle_observation_to_text (const IsleObservation *obs)
{
  const IsleState *v;
  GString *out;
  bool team;
  int n_seats, last;
  char token[8];

  g_return_val_if_fail (obs != NULL, NULL);

  v = &obs->view;
  n_seats = CLAMP (v->n_seats, 1, ISLE_MAX_SEATS);
  team = v->n_seats > 2;
  out = g_string_sized_new (2048);

  g_string_append_printf (out, "variant %s\n",
                          v->variant < ISLE_N_VARIANTS ? isle_variant_id ((IsleVariant) v->variant) : "?");
  g_string_append_printf (out, "seats %u\n", v->n_seats);
  g_string_append_printf (out, "observer %u\n", obs->observer);
  g_string_append_printf (out, "phase %s\n",
                          v->phase < ISLE_N_PHASES ? phase_ids[v->phase] : "?");
  g_string_append_printf (out, "to-move %u\n", v->to_move);
  g_string_append_printf (out, "round %u %u\n", v->round, v->n_rounds);
  g_string_append_printf (out, "extra-rounds %u\n", v->extra_rounds);
  g_string_append_printf (out, "first-seat %u\n", v->first_seat);
  g_string_append_printf (out, "next-seat %u\n", v->next_seat);
  g_string_append (out, "weather ");
  append_weather (out, v->weather);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "winner %u\n", v->winner);
  g_string_append_printf (out, "placements-left %u\n", v->placements_left);
  append_seat_values (out, "bonus", v->bonus, n_seats);
  g_string_append (out, "ability-cell ");
  append_cell_name (out, v->ability_cell);
  g_string_append_printf (out, "\nability-seat %u\n", v->ability_seat);
  g_string_append (out, "replace-cell ");
  append_cell_name (out, v->replace_cell);
  g_string_append (out, "\nnote-no-target ");
  if (v->note_no_target == ISLE_KIND_NONE)
    g_string_append_c (out, '-');
  else if (v->note_no_target < ISLE_N_KINDS)
    g_string_append_c (out, isle_kind_info ((IsleKind) v->note_no_target)->code);
  else
    g_string_append_printf (out, "%u", v->note_no_target);
  g_string_append_printf (out, "\nnote-skipped %u\n", v->note_skipped);

  append_board (out, "row", &v->board, team);
  g_string_append (out, "fog");
  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    if ((v->board.fog & isle_quadrant_mask (q)) == isle_quadrant_mask (q))
      g_string_append_printf (out, " %s", isle_quadrant_id (q));
  g_string_append_c (out, '\n');
  append_board (out, "scored-row", &v->scored_board, team);

  g_string_append (out, "hand");
  for (int i = 0; i < v->hand_len[obs->observer % ISLE_MAX_SEATS] && i < ISLE_HAND_MAX; i++)
    {
      IsleCell c = { v->hand[obs->observer % ISLE_MAX_SEATS][i], obs->observer, 0, 0 };
      isle_token_format (&c, team, token);
      g_string_append_printf (out, " %s", token);
    }
  g_string_append_c (out, '\n');
  append_seat_values (out, "hand-size", v->hand_len, n_seats);
  append_seat_values (out, "pile-size", v->pile_len, n_seats);
  for (int t = 0; t < n_seats; t++)
    {
      g_string_append_printf (out, "unseen %d", t);
      append_counts (out, obs->unseen[t]);
      g_string_append_c (out, '\n');
    }

  g_string_append (out, "deck");
  for (int i = 0; i < v->deck_len && i < ISLE_MAX_WEATHER_CARDS; i++)
    {
      g_string_append_c (out, ' ');
      append_weather (out, v->deck[i]);
    }
  g_string_append (out, "\ndeck-seen");
  for (int i = 0; i < v->deck_len && i < ISLE_MAX_WEATHER_CARDS; i++)
    g_string_append_printf (out, " %u", v->deck_seen[i]);
  g_string_append (out, "\ndrawn");
  for (int i = 0; i < 2; i++)
    {
      g_string_append_c (out, ' ');
      append_weather (out, v->drawn[i]);
    }
  g_string_append (out, "\nweather-kept");
  for (last = ISLE_MAX_ROUNDS; last > 0 && v->weather_kept[last - 1] == 0; last--)
    ;
  for (int i = 0; i < last; i++)
    {
      g_string_append_c (out, ' ');
      append_weather (out, v->weather_kept[i]);
    }
  g_string_append_printf (out, "\nunseen-weather %u %u %u\n", obs->unseen_weather[0],
                          obs->unseen_weather[1], obs->unseen_weather[2]);

  for (int s = 0; s < ISLE_N_SIDES; s++)
    {
      g_string_append_printf (out, "hired %d", s);
      append_counts (out, v->hired[s]);
      g_string_append_c (out, '\n');
    }
  for (int s = 0; s < ISLE_N_SIDES; s++)
    {
      g_string_append_printf (out, "pending %d", s);
      append_counts (out, v->pending[s]);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "hire-done %u\n", v->hire_done);
  g_string_append_printf (out, "coins %d %d\n", v->coins[0], v->coins[1]);
  g_string_append_printf (out, "total %d %d\n", v->total[0], v->total[1]);
  for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
    if (v->round_score[r][0] != 0 || v->round_score[r][1] != 0)
      g_string_append_printf (out, "round-score %d %d %d\n", r + 1, v->round_score[r][0],
                              v->round_score[r][1]);
  g_string_append (out, "end\n");
  return g_string_free (out, FALSE);
}

/* ---- reading ---------------------------------------------------------- */

enum
{
  KEY_VARIANT, KEY_SEATS, KEY_OBSERVER, KEY_PHASE, KEY_TO_MOVE, KEY_ROUND,
  KEY_ROW, KEY_HAND, KEY_HAND_SIZE, KEY_PILE_SIZE, KEY_UNSEEN,
  N_REQUIRED,
};

static const char *const required_keys[N_REQUIRED] = {
  "variant", "seats", "observer", "phase", "to-move", "round", "row",
  "hand", "hand-size", "pile-size", "unseen",
};

typedef struct
{
  int line;
  GError **error;
} Ctx;

static gboolean G_GNUC_PRINTF (3, 4)
fail (Ctx *ctx, int code, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (ctx->line > 0)
    g_set_error (ctx->error, ISLE_OBSERVATION_TEXT_ERROR, code,
                 _("observation line %d: %s"), ctx->line, message);
  else
    g_set_error (ctx->error, ISLE_OBSERVATION_TEXT_ERROR, code,
                 _("observation: %s"), message);
  return FALSE;
}

static gboolean
parse_int (Ctx *ctx, const char *word, gint64 min, gint64 max, gint64 *value)
{
  gint64 v;
  char *end = NULL;

  if (word == NULL)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("a number is missing"));
  errno = 0;
  v = g_ascii_strtoll (word, &end, 10);
  if (end == word || *end != '\0' || errno != 0 || v < min || v > max)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                 _("“%s”: expected a whole number from %" PRId64 " to %" PRId64),
                 word, min, max);
  *value = v;
  return TRUE;
}

static gboolean
parse_u8 (Ctx *ctx, const char *word, int max, uint8_t *value)
{
  gint64 v;

  if (!parse_int (ctx, word, 0, max, &v))
    return FALSE;
  *value = (uint8_t) v;
  return TRUE;
}

static gboolean
parse_i32 (Ctx *ctx, const char *word, int32_t *value)
{
  gint64 v;

  if (!parse_int (ctx, word, G_MININT32, G_MAXINT32, &v))
    return FALSE;
  *value = (int32_t) v;
  return TRUE;
}

/* A cell name, `-` (no cell) or a raw number. */
static gboolean
parse_cell_word (Ctx *ctx, const char *word, uint8_t *value)
{
  int cell;

  if (word == NULL)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("a tile is missing"));
  if (strcmp (word, "-") == 0)
    {
      *value = ISLE_NO_CELL;
      return TRUE;
    }
  cell = isle_cell_from_name (word);
  if (cell >= 0)
    {
      *value = (uint8_t) cell;
      return TRUE;
    }
  return parse_u8 (ctx, word, ISLE_NO_CELL, value);
}

static gboolean
parse_weather_word (Ctx *ctx, const char *word, gboolean allow_unknown, uint8_t *value)
{
  IsleWeather w;

  if (word == NULL)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("a weather card is missing"));
  if (allow_unknown && strcmp (word, "?") == 0)
    {
      *value = ISLE_WEATHER_UNKNOWN;
      return TRUE;
    }
  w = isle_weather_from_id (word);
  if (w == ISLE_N_WEATHER)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                 allow_unknown ? _("“%s”: expected sunny, cloudy, foggy or ?")
                               : _("“%s”: expected sunny, cloudy or foggy"), word);
  *value = (uint8_t) w;
  return TRUE;
}

/* Pairs "W 3 P 1" from WORDS into COUNTS. */
static gboolean
parse_counts (Ctx *ctx, char **words, uint8_t counts[ISLE_N_KINDS])
{
  memset (counts, 0, ISLE_N_KINDS);
  for (int i = 0; words[i] != NULL; i += 2)
    {
      IsleKind kind = strlen (words[i]) == 1 ? isle_kind_from_code (words[i][0]) : ISLE_KIND_NONE;

      if (kind == ISLE_KIND_NONE)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                     _("“%s”: expected a kind code (W P R B F T C M S G L K O D H)"), words[i]);
      if (counts[kind] != 0)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("kind “%s” given twice"), words[i]);
      if (!parse_u8 (ctx, words[i + 1], MAX_POOL, &counts[kind]))
        return FALSE;
    }
  return TRUE;
}

/* One R3 cell, or owner + `?` for a token whose kind is hidden (R12). */
static gboolean
parse_cell (Ctx *ctx, const char *word, int cell, IsleBoard *board)
{
  IsleCell *c = &board->cells[cell];
  IsleNotationError err;
  size_t len = strlen (word);

  memset (c, 0, sizeof *c);
  if (strcmp (word, ".") == 0)
    return TRUE;
  if (strcmp (word, "#") == 0)
    {
      board->fog |= BIT (cell);
      return TRUE;
    }
  if (strchr (word, '?') != NULL)
    {
      size_t i = 1;
      int seat;

      if (word[0] != 'r' && word[0] != 'b')
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                     _("“%s”: expected “r” or “b” before “?”"), word);
      seat = word[0] == 'r' ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
      if (word[i] == '1' || word[i] == '2')
        seat += word[i++] == '2' ? 2 : 0;
      if (word[i++] != '?')
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("“%s”: bad hidden token"), word);
      c->kind = ISLE_KIND_UNKNOWN;
      c->seat = (uint8_t) seat;
      c->colour = ISLE_COLOUR_WHITE;
      if (word[i] == '*')
        {
          c->flags |= ISLE_CELL_FACE_DOWN;
          i++;
        }
      if (word[i] == '+')
        {
          c->flags |= ISLE_CELL_HIPPO_SECOND;
          i++;
        }
      if (i != len)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("“%s”: bad hidden token"), word);
      return TRUE;
    }
  if (!isle_token_parse (word, len, c, &err))
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, "%s", err.message);
  return TRUE;
}

static int
count_words (char **words)
{
  int n = 0;

  while (words[n] != NULL)
    n++;
  return n;
}

static gboolean
need_words (Ctx *ctx, const char *key, int have, int want)
{
  if (have != want)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                 _("“%s” takes %d values, found %d"), key, want, have);
  return TRUE;
}

/* Checks what the lines say together, so that a search over OBS cannot go
 * out of bounds: every hidden slot has a token to be dealt to it. */
static gboolean
check_consistency (Ctx *ctx, const IsleObservation *o, const int *hand_tokens)
{
  const IsleState *v = &o->view;
  int side = isle_seat_side (o->observer);
  int hidden[ISLE_MAX_SEATS] = { 0 };
  int unknown_weather = 0, unseen_weather = 0;

  if (v->variant == ISLE_VARIANT_TEAM ? v->n_seats != 4 : v->n_seats != 2)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("variant %s is played by %d seats, not %u"),
                 isle_variant_id ((IsleVariant) v->variant),
                 v->variant == ISLE_VARIANT_TEAM ? 4 : 2, v->n_seats);
  if (o->observer >= v->n_seats || v->to_move >= v->n_seats || v->first_seat >= v->n_seats
      || v->next_seat >= v->n_seats || v->ability_seat >= v->n_seats)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("a seat number is not below the number of seats (%u)"), v->n_seats);
  if (v->round < 1 || v->n_rounds < 1)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT, _("rounds count from 1"));
  if (v->round > v->n_rounds)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("round %u of a game of %u rounds"), v->round, v->n_rounds);
  if (*hand_tokens != v->hand_len[o->observer])
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("“hand” lists %d tokens but “hand-size” gives the observer %u"),
                 *hand_tokens, v->hand_len[o->observer]);
  for (int i = 0; i < ISLE_N_CELLS; i++)
    {
      const IsleCell *c = &v->board.cells[i];

      if (c->kind == ISLE_KIND_NONE)
        continue;
      if (c->seat >= v->n_seats)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("a token on the map belongs to a seat that does not play"));
      if (c->kind == ISLE_KIND_UNKNOWN)
        {
          if (c->seat == o->observer || !(c->flags & ISLE_CELL_FACE_DOWN))
            return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                         _("only other seats' face-down tokens are hidden (“?*”)"));
          hidden[c->seat]++;
        }
    }
  for (int i = 0; i < ISLE_N_CELLS; i++)
    if (v->scored_board.cells[i].kind != ISLE_KIND_NONE
        && v->scored_board.cells[i].seat >= v->n_seats)
      return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                   _("a scored token belongs to a seat that does not play"));
  if (v->board.occupied & v->board.fog)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT, _("a token lies under fog"));

  /* The hidden tokens of each pool must be exactly the unseen ones. */
  for (int t = 0; t < v->n_seats; t++)
    {
      int want = v->pile_len[t], have = 0;

      if (t != o->observer)
        want += v->hand_len[t] + hidden[t];
      if (v->n_seats > 2 && (int) isle_seat_side (t) != side)
        {
          if (t >= 2)
            continue;
          want += v->pile_len[t + 2] + v->hand_len[t + 2] + hidden[t + 2];
          for (int k = 0; k < ISLE_N_KINDS; k++)
            if (o->unseen[t + 2][k] != 0)
              return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                           _("the other team's unseen tokens are pooled under seat %d"), t);
        }
      for (int k = 0; k < ISLE_N_KINDS; k++)
        have += o->unseen[t][k];
      if (have != want)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("seat %d hides %d tokens but %d are unseen"), t, want, have);
    }

  for (int i = 0; i < v->deck_len; i++)
    unknown_weather += v->deck[i] == ISLE_WEATHER_UNKNOWN;
  for (int i = 0; i < 2; i++)
    if (v->drawn[i] == ISLE_WEATHER_UNKNOWN)
      {
        if (v->phase != ISLE_PHASE_WEATHER)
          return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                       _("drawn weather cards are hidden only while one is chosen"));
        unknown_weather++;
      }
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    unseen_weather += o->unseen_weather[w];
  if (unknown_weather != unseen_weather)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("%d weather cards are hidden (“?”) but %d are unseen"),
                 unknown_weather, unseen_weather);
  return TRUE;
}

/* The map as play leaves it (R1, R6.3, R8.9): fog covers whole quadrants,
 * at most 3, as the `fog` line says (FOG_LINE, or G_MAXUINT64 without
 * one); a Hippo's second tile (`+`) is a face-up Hippo's, next to its
 * first tile, which has no other. */
static gboolean
check_board (Ctx *ctx, const IsleObservation *o, guint64 fog_line)
{
  const IsleBoard *b = &o->view.board;
  guint64 covered = 0;
  int boards = 0;

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    {
      uint64_t m = isle_quadrant_mask (q);

      if ((b->fog & m) == m)
        {
          covered |= m;
          boards++;
        }
      else if (b->fog & m)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("fog (“#”) covers part of quadrant %s; a fog board covers a whole quadrant"),
                     isle_quadrant_id (q));
    }
  if (boards > ISLE_N_FOG_BOARDS)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("fog covers %d quadrants; there are %d fog boards"), boards, ISLE_N_FOG_BOARDS);
  if (fog_line != G_MAXUINT64 && fog_line != covered)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("the “fog” line does not name the quadrants the rows cover"));

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &b->cells[cell];
      gboolean second = (c->flags & ISLE_CELL_HIPPO_SECOND) != 0;
      int partners = 0;

      if (second && (c->kind != ISLE_KIND_HIPPO || (c->flags & ISLE_CELL_FACE_DOWN)))
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("only a face-up Hippo has a second tile (“+”)"));
      if (c->kind != ISLE_KIND_HIPPO || (c->flags & ISLE_CELL_FACE_DOWN))
        continue;
      for (uint64_t n = isle_cell_neighbours (cell); n; n &= n - 1)
        {
          const IsleCell *other = &b->cells[__builtin_ctzll (n)];

          if (other->kind == ISLE_KIND_HIPPO && other->seat == c->seat
              && !(other->flags & ISLE_CELL_FACE_DOWN)
              && ((other->flags & ISLE_CELL_HIPPO_SECOND) != 0) != second)
            partners++;
        }
      if (second ? partners != 1 : partners > 1)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("a Hippo's second tile (“+”) lies next to its first tile, and only one"));
    }
  return TRUE;
}

/* R1, R9.3, R11: every token is somewhere. Each seat holds 18 tokens (9 in
 * the team game) on the map, in hand and in its pile; a side holds each
 * mercenary it hired, no other, and each basic kind less those its
 * mercenaries replaced. What the observer cannot see is in the unseen
 * counts. */
static gboolean
check_tokens (Ctx *ctx, const IsleObservation *o)
{
  const IsleState *v = &o->view;
  int per_seat = v->n_seats > 2 ? ISLE_SIDE_TOKENS / 2 : ISLE_SIDE_TOKENS;
  int seat_tokens[ISLE_MAX_SEATS] = { 0 };
  int kinds[ISLE_N_SIDES][ISLE_N_KINDS] = { { 0 } };

  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &v->board.cells[cell];

      if (c->kind == ISLE_KIND_NONE || (c->flags & ISLE_CELL_HIPPO_SECOND))
        continue;
      seat_tokens[c->seat]++;
      if (c->kind != ISLE_KIND_UNKNOWN)
        kinds[isle_seat_side (c->seat)][c->kind]++;
    }
  for (int t = 0; t < v->n_seats; t++)
    {
      seat_tokens[t] += v->hand_len[t] + v->pile_len[t];
      if (seat_tokens[t] != per_seat)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("seat %d holds %d tokens on the map, in hand and in its pile; "
                       "a seat holds %d"), t, seat_tokens[t], per_seat);
      for (int k = 0; k < ISLE_N_KINDS; k++)
        kinds[isle_seat_side (t)][k] += o->unseen[t][k];
    }
  for (int i = 0; i < v->hand_len[o->observer]; i++)
    kinds[isle_seat_side (o->observer)][v->hand[o->observer][i]]++;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
      {
        const IsleKindInfo *info = isle_kind_info ((IsleKind) k);
        int want = info->mercenary ? v->hired[side][k] : info->supply;

        if (info->mercenary && v->hired[side][k] + v->pending[side][k] > info->supply)
          return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                       _("side %d hires %d %s tokens; a side owns %d"), side,
                       v->hired[side][k] + v->pending[side][k], info->name, info->supply);
        if (!info->mercenary)
          for (int m = ISLE_FIRST_MERCENARY; m < ISLE_N_KINDS; m++)
            if ((int) isle_kind_info ((IsleKind) m)->replaces == k)
              want -= v->hired[side][m];
        if (kinds[side][k] != want)
          return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                       _("side %d has %d %s tokens; it owns %d"), side, kinds[side][k],
                       info->name, want);
      }
  return TRUE;
}

/* The tile of SEAT's unsettled Hippo's second tile, or -1 (R8.9). */
static int
unsettled_hippo (const IsleBoard *b, int seat)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if ((b->cells[cell].flags & ISLE_CELL_HIPPO_SECOND) && b->cells[cell].seat == seat)
      return cell;
  return -1;
}

/* Whether SEAT's face-up Frog has a free open tile to hop to (R8.5). */
static gboolean
frog_can_hop (const IsleBoard *b, int seat)
{
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    {
      const IsleCell *c = &b->cells[cell];

      if (c->kind == ISLE_KIND_FROG && c->seat == seat && !(c->flags & ISLE_CELL_FACE_DOWN))
        return (isle_cell_neighbours (cell) & isle_board_free_open (b)) != 0;
    }
  return FALSE;
}

/* Whether TILE holds a face-up KIND of SEAT. */
static gboolean
holds (const IsleBoard *b, int tile, int seat, IsleKind kind)
{
  return tile < ISLE_N_CELLS && b->cells[tile].kind == kind && b->cells[tile].seat == seat
         && !(b->cells[tile].flags & ISLE_CELL_FACE_DOWN);
}

/* The phase is a decision the engine can reach (doc/decision-points.md),
 * with the seat to move able to decide: a search over OBS never meets a
 * decision point with nothing to choose. */
static gboolean
check_decision_point (Ctx *ctx, const IsleObservation *o)
{
  const IsleState *v = &o->view;
  const IsleBoard *b = &v->board;
  int seat = v->to_move;
  gboolean mercenaries = v->variant >= ISLE_VARIANT_MERCENARY;
  gboolean ok = TRUE;

  for (int side = 0; side < ISLE_N_SIDES; side++)
    if (v->coins[side] < 0 || v->coins[side] > MAX_POINTS
        || v->total[side] < 0 || v->total[side] > MAX_POINTS)
      return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                   _("coins and totals are from 0 to %d"), MAX_POINTS);
  for (int r = 0; r < ISLE_MAX_ROUNDS; r++)
    for (int side = 0; side < ISLE_N_SIDES; side++)
      if (v->round_score[r][side] < 0 || v->round_score[r][side] > MAX_POINTS)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("round scores are from 0 to %d"), MAX_POINTS);
  /* R6.1: the drawn cards and those kept are out of the deck. */
  if (v->deck_len + (v->phase == ISLE_PHASE_WEATHER ? 2 : 0) > v->rules.weather_deck_len
      || (v->deck_len > 0 && v->variant != ISLE_VARIANT_WEATHER
          && v->variant != ISLE_VARIANT_MERCENARY))
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("the weather deck holds more cards than the rules have"));
  for (int t = 0; t < v->n_seats; t++)
    if (unsettled_hippo (b, t) >= 0 && !mercenaries)
      return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                   _("a Hippo lies on the map of a game without mercenaries"));

  switch ((IslePhase) v->phase)
    {
    case ISLE_PHASE_WEATHER:
      ok = v->variant == ISLE_VARIANT_WEATHER || v->variant == ISLE_VARIANT_MERCENARY;
      break;
    case ISLE_PHASE_HIRE:
      ok = mercenaries && !(v->hire_done & (1u << seat)) && v->hire_done < (1u << v->n_seats);
      break;
    case ISLE_PHASE_HAND:
      ok = v->hand_len[seat] < ISLE_HAND_MAX;
      break;
    case ISLE_PHASE_SETTLE:
      ok = unsettled_hippo (b, seat) >= 0;
      break;
    case ISLE_PHASE_HOP:
      ok = frog_can_hop (b, seat);
      break;
    case ISLE_PHASE_ABILITY:
      ok = seat == v->ability_seat
           && (holds (b, v->ability_cell, seat, ISLE_KIND_FOX)
               || holds (b, v->ability_cell, seat, ISLE_KIND_SNAKE)
               || holds (b, v->ability_cell, seat, ISLE_KIND_MOUSES)
               || holds (b, v->ability_cell, seat, ISLE_KIND_MOLE)
               || holds (b, v->ability_cell, seat, ISLE_KIND_PRAIRIE_DOG));
      break;
    case ISLE_PHASE_REPLACE:
      ok = isle_seat_side (seat) != isle_seat_side (v->ability_seat)
           && (holds (b, v->ability_cell, v->ability_seat, ISLE_KIND_FOX)
               || holds (b, v->ability_cell, v->ability_seat, ISLE_KIND_SNAKE))
           && v->replace_cell < ISLE_N_CELLS && b->cells[v->replace_cell].kind != ISLE_KIND_NONE
           && b->cells[v->replace_cell].seat == seat
           && !(b->cells[v->replace_cell].flags & ISLE_CELL_HIPPO_SECOND);
      break;
    case ISLE_PHASE_PLACE:
    case ISLE_PHASE_FOG_LIFT:
    case ISLE_PHASE_OVER:
    case ISLE_N_PHASES:
    default:
      break;
    }
  if (!ok)
    return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                 _("phase %s cannot be where the game stands"), phase_ids[v->phase]);

  /* Whoever is to move has something to choose. */
  if (v->phase != ISLE_PHASE_OVER)
    {
      g_autofree IsleState *state = g_new (IsleState, 1);
      g_autofree IsleActionList *list = g_new (IsleActionList, 1);
      IsleRng rng;

      isle_rng_seed (&rng, UINT64_C (0x5eed));
      isle_obs_determinize (o, &rng, state);
      if (isle_state_legal_actions (state, list) == 0)
        return fail (ctx, ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT,
                     _("seat %d is to move in phase %s but has nothing to choose"),
                     seat, phase_ids[v->phase]);
    }
  return TRUE;
}

gboolean
isle_observation_from_text (const char *text, IsleObservation *obs, GError **error)
{
  g_autofree IsleObservation *o = g_new0 (IsleObservation, 1);
  g_auto (GStrv) lines = NULL;
  IsleState *v = &o->view;
  Ctx ctx = { 0, error };
  guint seen = 0;
  guint rows = 0, scored_rows = 0, unseen_seats = 0;
  int hand_tokens = 0;
  gboolean ended = FALSE;
  guint64 fog_line = G_MAXUINT64;  /* the quadrants of the `fog` line, if any */

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (obs != NULL, FALSE);

  /* Untrusted text (an engine's input): split a bounded amount. */
  if (memchr (text, '\0', ISLE_OBSERVATION_TEXT_MAX + 1) == NULL)
    return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                 _("longer than %d bytes"), ISLE_OBSERVATION_TEXT_MAX);
  v->rules = obs->view.rules;
  v->ability_cell = v->replace_cell = 0;
  lines = g_strsplit (text, "\n", -1);
  for (int li = 0; lines[li] != NULL; li++)
    {
      g_auto (GStrv) words = NULL;
      const char *key;
      char **args;
      int n;

      ctx.line = li + 1;
      g_strdelimit (lines[li], "\r\t", ' ');
      words = g_strsplit (g_strstrip (lines[li]), " ", -1);
      /* Collapse runs of spaces: drop empty words. */
      {
        int w = 0;
        for (int r = 0; words[r] != NULL; r++)
          if (*words[r] != '\0')
            words[w++] = words[r];
          else
            g_free (words[r]);
        words[w] = NULL;
      }
      if (words[0] == NULL)
        continue;
      if (ended)
        return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("text after “end”"));
      key = words[0];
      args = words + 1;
      n = count_words (args);

#define ONCE(bit) \
      do { if (seen & (1u << (bit))) \
             return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("“%s” given twice"), key); \
           seen |= 1u << (bit); } while (0)

      if (strcmp (key, "end") == 0)
        {
          if (n != 0)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("“end” takes no values"));
          ended = TRUE;
        }
      else if (strcmp (key, "variant") == 0)
        {
          IsleVariant variant;
          ONCE (KEY_VARIANT);
          if (!need_words (&ctx, key, n, 1))
            return FALSE;
          variant = isle_variant_from_id (args[0]);
          if (variant == ISLE_N_VARIANTS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("unknown variant “%s”"), args[0]);
          v->variant = (uint8_t) variant;
        }
      else if (strcmp (key, "seats") == 0)
        {
          ONCE (KEY_SEATS);
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS, &v->n_seats))
            return FALSE;
          if (v->n_seats != 2 && v->n_seats != 4)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("a game has 2 or 4 seats"));
        }
      else if (strcmp (key, "observer") == 0)
        {
          ONCE (KEY_OBSERVER);
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &o->observer))
            return FALSE;
        }
      else if (strcmp (key, "phase") == 0)
        {
          int p;
          ONCE (KEY_PHASE);
          if (!need_words (&ctx, key, n, 1))
            return FALSE;
          for (p = 0; p < ISLE_N_PHASES && strcmp (phase_ids[p], args[0]) != 0; p++)
            ;
          if (p == ISLE_N_PHASES)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("unknown phase “%s”"), args[0]);
          v->phase = (uint8_t) p;
        }
      else if (strcmp (key, "to-move") == 0)
        {
          ONCE (KEY_TO_MOVE);
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &v->to_move))
            return FALSE;
        }
      else if (strcmp (key, "round") == 0)
        {
          ONCE (KEY_ROUND);
          if (!need_words (&ctx, key, n, 2) || !parse_u8 (&ctx, args[0], ISLE_MAX_ROUNDS, &v->round)
              || !parse_u8 (&ctx, args[1], ISLE_MAX_ROUNDS, &v->n_rounds))
            return FALSE;
        }
      else if (strcmp (key, "extra-rounds") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_ROUNDS, &v->extra_rounds))
            return FALSE;
        }
      else if (strcmp (key, "first-seat") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &v->first_seat))
            return FALSE;
        }
      else if (strcmp (key, "next-seat") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &v->next_seat))
            return FALSE;
        }
      else if (strcmp (key, "weather") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_weather_word (&ctx, args[0], FALSE, &v->weather))
            return FALSE;
        }
      else if (strcmp (key, "winner") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_N_SIDES, &v->winner))
            return FALSE;
        }
      else if (strcmp (key, "placements-left") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_N_CELLS, &v->placements_left))
            return FALSE;
        }
      else if (strcmp (key, "bonus") == 0)
        {
          if (n > ISLE_MAX_SEATS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("too many values"));
          for (int t = 0; t < n; t++)
            if (!parse_u8 (&ctx, args[t], ISLE_N_CELLS, &v->bonus[t]))
              return FALSE;
        }
      else if (strcmp (key, "ability-cell") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_cell_word (&ctx, args[0], &v->ability_cell))
            return FALSE;
        }
      else if (strcmp (key, "ability-seat") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &v->ability_seat))
            return FALSE;
        }
      else if (strcmp (key, "replace-cell") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_cell_word (&ctx, args[0], &v->replace_cell))
            return FALSE;
        }
      else if (strcmp (key, "note-no-target") == 0)
        {
          if (!need_words (&ctx, key, n, 1))
            return FALSE;
          if (strcmp (args[0], "-") == 0)
            v->note_no_target = ISLE_KIND_NONE;
          else if (strlen (args[0]) == 1 && isle_kind_from_code (args[0][0]) != ISLE_KIND_NONE)
            v->note_no_target = (uint8_t) isle_kind_from_code (args[0][0]);
          else
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("“%s”: expected a kind code or -"), args[0]);
        }
      else if (strcmp (key, "note-skipped") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], 15, &v->note_skipped))
            return FALSE;
        }
      else if (strcmp (key, "row") == 0 || strcmp (key, "scored-row") == 0)
        {
          gboolean scored = key[0] == 's';
          IsleBoard *board = scored ? &v->scored_board : &v->board;
          guint *done = scored ? &scored_rows : &rows;
          uint8_t r;

          if (!need_words (&ctx, key, n, 1 + ISLE_BOARD_SIZE)
              || !parse_u8 (&ctx, args[0], ISLE_BOARD_SIZE, &r))
            return FALSE;
          if (r < 1 || (*done & (1u << r)))
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("row %u given twice or out of range"), r);
          *done |= 1u << r;
          if (!scored)
            seen |= 1u << KEY_ROW;
          for (int c = 0; c < ISLE_BOARD_SIZE; c++)
            if (!parse_cell (&ctx, args[1 + c], isle_cell (c, r - 1), board))
              return FALSE;
        }
      else if (strcmp (key, "fog") == 0)
        {
          /* Checked against the rows below. */
          fog_line = 0;
          for (int i = 0; i < n; i++)
            {
              int q = isle_quadrant_from_id (args[i]);

              if (q < 0)
                return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                             _("“%s”: expected nw, ne, sw or se"), args[i]);
              fog_line |= isle_quadrant_mask (q);
            }
        }
      else if (strcmp (key, "hand") == 0)
        {
          ONCE (KEY_HAND);
          if (n > ISLE_HAND_MAX)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("a hand holds at most %d tokens"), ISLE_HAND_MAX);
          hand_tokens = n;
          for (int i = 0; i < n; i++)
            {
              IsleCell c;
              IsleNotationError err;

              if (!isle_token_parse (args[i], strlen (args[i]), &c, &err))
                return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, "%s", err.message);
              if (c.flags != 0)
                return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                             _("“%s”: a token in hand has no “*” or “+”"), args[i]);
              v->hand[0][i] = c.kind;   /* moved to the observer's row below */
            }
        }
      else if (strcmp (key, "hand-size") == 0 || strcmp (key, "pile-size") == 0)
        {
          gboolean hand = key[0] == 'h';
          uint8_t *values = hand ? v->hand_len : v->pile_len;

          ONCE (hand ? KEY_HAND_SIZE : KEY_PILE_SIZE);
          if (n < 2 || n > ISLE_MAX_SEATS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("“%s” takes one value per seat"), key);
          for (int t = 0; t < n; t++)
            if (!parse_u8 (&ctx, args[t], hand ? ISLE_HAND_MAX : ISLE_PILE_MAX, &values[t]))
              return FALSE;
        }
      else if (strcmp (key, "unseen") == 0)
        {
          uint8_t t;
          if (n < 1 || n % 2 != 1 || !parse_u8 (&ctx, args[0], ISLE_MAX_SEATS - 1, &t))
            return n < 1 || n % 2 != 1
                   ? fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                           _("“unseen” takes a seat and pairs of kind and count"))
                   : FALSE;
          if (unseen_seats & (1u << t))
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("“unseen %u” given twice"), t);
          unseen_seats |= 1u << t;
          seen |= 1u << KEY_UNSEEN;
          if (!parse_counts (&ctx, args + 1, o->unseen[t]))
            return FALSE;
          {
            int sum = 0;
            for (int k = 0; k < ISLE_N_KINDS; k++)
              sum += o->unseen[t][k];
            if (sum > MAX_POOL)
              return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("too many unseen tokens"));
          }
        }
      else if (strcmp (key, "deck") == 0)
        {
          if (n > ISLE_MAX_WEATHER_CARDS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("a weather deck holds at most %d cards"), ISLE_MAX_WEATHER_CARDS);
          v->deck_len = (uint8_t) n;
          for (int i = 0; i < n; i++)
            if (!parse_weather_word (&ctx, args[i], TRUE, &v->deck[i]))
              return FALSE;
        }
      else if (strcmp (key, "deck-seen") == 0)
        {
          if (n > ISLE_MAX_WEATHER_CARDS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("too many values"));
          for (int i = 0; i < n; i++)
            if (!parse_u8 (&ctx, args[i], 3, &v->deck_seen[i]))
              return FALSE;
        }
      else if (strcmp (key, "drawn") == 0)
        {
          if (!need_words (&ctx, key, n, 2) || !parse_weather_word (&ctx, args[0], TRUE, &v->drawn[0])
              || !parse_weather_word (&ctx, args[1], TRUE, &v->drawn[1]))
            return FALSE;
        }
      else if (strcmp (key, "weather-kept") == 0)
        {
          if (n > ISLE_MAX_ROUNDS)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("too many values"));
          for (int i = 0; i < n; i++)
            if (!parse_weather_word (&ctx, args[i], FALSE, &v->weather_kept[i]))
              return FALSE;
        }
      else if (strcmp (key, "unseen-weather") == 0)
        {
          if (!need_words (&ctx, key, n, ISLE_N_WEATHER))
            return FALSE;
          for (int w = 0; w < ISLE_N_WEATHER; w++)
            if (!parse_u8 (&ctx, args[w], ISLE_MAX_WEATHER_CARDS + 2, &o->unseen_weather[w]))
              return FALSE;
        }
      else if (strcmp (key, "hired") == 0 || strcmp (key, "pending") == 0)
        {
          uint8_t s;
          uint8_t (*table)[ISLE_N_KINDS] = key[0] == 'h' ? v->hired : v->pending;

          if (n < 1 || n % 2 != 1)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                         _("“%s” takes a side and pairs of kind and count"), key);
          if (!parse_u8 (&ctx, args[0], ISLE_N_SIDES - 1, &s) || !parse_counts (&ctx, args + 1, table[s]))
            return FALSE;
          for (int k = 0; k < ISLE_N_KINDS; k++)
            if (table[s][k] != 0 && !isle_kind_is_mercenary ((IsleKind) k))
              return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,
                           _("only mercenaries are hired"));
        }
      else if (strcmp (key, "hire-done") == 0)
        {
          if (!need_words (&ctx, key, n, 1) || !parse_u8 (&ctx, args[0], 15, &v->hire_done))
            return FALSE;
        }
      else if (strcmp (key, "coins") == 0 || strcmp (key, "total") == 0)
        {
          int32_t *values = key[0] == 'c' ? v->coins : v->total;
          if (!need_words (&ctx, key, n, 2) || !parse_i32 (&ctx, args[0], &values[0])
              || !parse_i32 (&ctx, args[1], &values[1]))
            return FALSE;
        }
      else if (strcmp (key, "round-score") == 0)
        {
          uint8_t r;
          if (!need_words (&ctx, key, n, 3) || !parse_u8 (&ctx, args[0], ISLE_MAX_ROUNDS, &r))
            return FALSE;
          if (r < 1)
            return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("rounds count from 1"));
          if (!parse_i32 (&ctx, args[1], &v->round_score[r - 1][0])
              || !parse_i32 (&ctx, args[2], &v->round_score[r - 1][1]))
            return FALSE;
        }
      else
        return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_SYNTAX, _("unknown line “%s”"), key);
#undef ONCE
    }

  ctx.line = 0;
  for (int k = 0; k < N_REQUIRED; k++)
    if (!(seen & (1u << k)))
      return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING,
                   _("the line “%s” is missing"), required_keys[k]);
  if (rows != 0x7e)
    return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING, _("the map needs rows 1 to 6"));
  if (scored_rows != 0 && scored_rows != 0x7e)
    return fail (&ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING, _("the scored map needs rows 1 to 6"));

  /* The observer's hand was read before the observer was known. */
  if (o->observer != 0)
    {
      memcpy (v->hand[o->observer], v->hand[0], ISLE_HAND_MAX);
      memset (v->hand[0], 0, ISLE_HAND_MAX);
    }
  isle_board_sync (&v->board);
  isle_board_sync (&v->scored_board);
  if (!check_consistency (&ctx, o, &hand_tokens)
      || !check_board (&ctx, o, fog_line)
      || !check_tokens (&ctx, o)
      || !check_decision_point (&ctx, o))
    return FALSE;

  *obs = *o;
  return TRUE;
}

char **
isle_observation_legal_texts (const IsleObservation *obs, IsleAction **actions, int *n_actions)
{
  IsleState *s = g_new (IsleState, 1);
  IsleActionList *list = g_new (IsleActionList, 1);
  IsleRng rng;
  GPtrArray *texts = g_ptr_array_new ();
  int n = 0;

  g_return_val_if_fail (obs != NULL, NULL);

  isle_rng_seed (&rng, UINT64_C (0x5eed));
  isle_obs_determinize (obs, &rng, s);
  if (!isle_state_is_terminal (s) && isle_state_to_move (s) == obs->observer)
    n = isle_state_legal_actions (s, list);
  for (int i = 0; i < n; i++)
    {
      char buf[32];
      g_ptr_array_add (texts, g_strdup (isle_action_format (s, list->actions[i], buf)));
    }
  g_ptr_array_add (texts, NULL);
  if (actions != NULL)
    *actions = g_memdup2 (list->actions, sizeof (IsleAction) * (gsize) MAX (n, 1));
  if (n_actions != NULL)
    *n_actions = n;
  g_free (list);
  g_free (s);
  return (char **) g_ptr_array_free (texts, FALSE);
}
