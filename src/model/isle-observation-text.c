/* isle-observation-text.c — an observation (R12) as protocol text and back
 * (doc/engine-protocol.md, "Observation"). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "isle-notation.h"
#include "isle-observation.h"
#include "isle-observation-text.h"

G_DEFINE_QUARK (isle-observation-text-error-quark, isle_observation_text_error)

#define BIT(cell) (UINT64_C (1) << (cell))

/* Bag capacity of isle_obs_determinize(): tokens one pool may hide. */
#define MAX_POOL (2 * (ISLE_N_CELLS + ISLE_HAND_MAX + ISLE_PILE_MAX))

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

/* A token in the observer's hand: owner and kind, no colour suffix (R3: it
 * has not turned) and no `*` or `+`. */
static void
format_hand_token (IsleKind kind, int seat, bool team, char buf[8])
{
  IsleCell c = { .kind = (uint8_t) kind, .seat = (uint8_t) seat,
                 .colour = (uint8_t) isle_kind_start_colour (kind, isle_seat_side (seat)) };

  isle_token_format (&c, team, buf);
}

static void
append_seat_values (GString *out, const char *key, const uint8_t *values, int n)
{
  g_string_append (out, key);
  for (int t = 0; t < n; t++)
    g_string_append_printf (out, " %u", values[t]);
  g_string_append_c (out, '\n');
}

/* Lines whose value is `-` at some points of the game: which, and when
 * (doc/engine-protocol.md, "Observation"). The writer and the reader both
 * go by this. */
typedef enum
{
  DASH_WEATHER,       /* the round's card is not kept yet (R6.1) */
  DASH_WINNER,        /* the game goes on (R4.7) */
  DASH_ABILITY_CELL,  /* no ability resolves (R8) */
  DASH_ABILITY_SEAT,
  DASH_REPLACE_CELL,  /* no token is being replaced (R8.1, R8.4) */
  N_DASHES,
} Dash;

static const char *const dash_keys[N_DASHES] = {
  "weather", "winner", "ability-cell", "ability-seat", "replace-cell",
};

static gboolean
is_dash (Dash dash, const IsleState *v)
{
  switch (dash)
    {
    case DASH_WEATHER:
      return isle_obs_weather_rounds (v) < v->round;
    case DASH_WINNER:
      return v->phase != ISLE_PHASE_OVER;
    case DASH_ABILITY_CELL:
    case DASH_ABILITY_SEAT:
      return !isle_obs_ability_resolves (v);
    case DASH_REPLACE_CELL:
      return v->phase != ISLE_PHASE_REPLACE;
    case N_DASHES:
    default:
      return FALSE;
    }
}

/* "KEY -\n" when DASH holds for V, else "KEY " for the value to follow
 * (and its "\n"); returns whether the value is to follow. */
static gboolean
append_key (GString *out, Dash dash, const IsleState *v)
{
  g_string_append_printf (out, "%s ", dash_keys[dash]);
  if (!is_dash (dash, v))
    return TRUE;
  g_string_append (out, "-\n");
  return FALSE;
}

char *
isle_observation_to_text (const IsleObservation *obs)
{
  const IsleState *v;
  GString *out;
  bool team;
  int n_seats, observer;
  char token[8];

  g_return_val_if_fail (obs != NULL, NULL);

  v = &obs->view;
  n_seats = CLAMP (v->n_seats, 1, ISLE_MAX_SEATS);
  observer = obs->observer % ISLE_MAX_SEATS;
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
  if (append_key (out, DASH_WEATHER, v))
    {
      append_weather (out, v->weather);
      g_string_append_c (out, '\n');
    }
  if (append_key (out, DASH_WINNER, v))
    g_string_append_printf (out, "%u\n", v->winner);
  g_string_append_printf (out, "placements-left %u\n", v->placements_left);
  append_seat_values (out, "bonus", v->bonus, n_seats);
  if (append_key (out, DASH_ABILITY_CELL, v))
    {
      append_cell_name (out, v->ability_cell);
      g_string_append_c (out, '\n');
    }
  if (append_key (out, DASH_ABILITY_SEAT, v))
    g_string_append_printf (out, "%u\n", v->ability_seat);
  if (append_key (out, DASH_REPLACE_CELL, v))
    {
      append_cell_name (out, v->replace_cell);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "note-no-target ");
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
  for (int i = 0; i < v->hand_len[observer] && i < ISLE_HAND_MAX; i++)
    {
      format_hand_token ((IsleKind) v->hand[observer][i], observer, team, token);
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
  /* Every round so far, Sunny ones too (Sunny is card 0). */
  g_string_append (out, "\nweather-kept");
  for (int i = 0; i < isle_obs_weather_rounds (v) && i < ISLE_MAX_ROUNDS; i++)
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

#define SYNTAX ISLE_OBSERVATION_TEXT_ERROR_SYNTAX
#define INCONSISTENT ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT

static gboolean
parse_int (Ctx *ctx, const char *word, gint64 min, gint64 max, gint64 *value)
{
  gint64 v;
  char *end = NULL;

  if (word == NULL)
    return fail (ctx, SYNTAX, _("a number is missing"));
  errno = 0;
  v = g_ascii_strtoll (word, &end, 10);
  if (end == word || *end != '\0' || errno != 0 || v < min || v > max)
    return fail (ctx, SYNTAX,
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

/* A tile's name (`c3`). */
static gboolean
parse_cell_word (Ctx *ctx, const char *word, uint8_t *value)
{
  int cell = isle_cell_from_name (word);

  if (cell < 0)
    return fail (ctx, SYNTAX, _("“%s”: expected a tile (a1 to f6)"), word);
  *value = (uint8_t) cell;
  return TRUE;
}

static gboolean
parse_weather_word (Ctx *ctx, const char *word, gboolean allow_unknown, uint8_t *value)
{
  IsleWeather w;

  if (word == NULL)
    return fail (ctx, SYNTAX, _("a weather card is missing"));
  if (allow_unknown && strcmp (word, "?") == 0)
    {
      *value = ISLE_WEATHER_UNKNOWN;
      return TRUE;
    }
  w = isle_weather_from_id (word);
  if (w == ISLE_N_WEATHER)
    return fail (ctx, SYNTAX,
                 allow_unknown ? _("“%s”: expected sunny, cloudy, foggy or ?")
                               : _("“%s”: expected sunny, cloudy or foggy"), word);
  *value = (uint8_t) w;
  return TRUE;
}

/* Pairs "W 3 P 1" from WORDS into COUNTS. */
static gboolean
parse_counts (Ctx *ctx, char **words, uint8_t counts[ISLE_N_KINDS])
{
  int sum = 0;

  memset (counts, 0, ISLE_N_KINDS);
  for (int i = 0; words[i] != NULL; i += 2)
    {
      IsleKind kind = strlen (words[i]) == 1 ? isle_kind_from_code (words[i][0]) : ISLE_KIND_NONE;

      if (kind == ISLE_KIND_NONE)
        return fail (ctx, SYNTAX,
                     _("“%s”: expected a kind code (W P R B F T C M S G L K O D H)"), words[i]);
      if (counts[kind] != 0)
        return fail (ctx, SYNTAX, _("kind “%s” given twice"), words[i]);
      if (!parse_u8 (ctx, words[i + 1], MAX_POOL, &counts[kind]))
        return FALSE;
      sum += counts[kind];
    }
  if (sum > MAX_POOL)
    return fail (ctx, SYNTAX, _("too many unseen tokens"));
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
        return fail (ctx, SYNTAX, _("“%s”: expected “r” or “b” before “?”"), word);
      seat = word[0] == 'r' ? ISLE_SIDE_RED : ISLE_SIDE_BLUE;
      if (word[i] == '1' || word[i] == '2')
        seat += word[i++] == '2' ? 2 : 0;
      if (word[i++] != '?')
        return fail (ctx, SYNTAX, _("“%s”: bad hidden token"), word);
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
        return fail (ctx, SYNTAX, _("“%s”: bad hidden token"), word);
      return TRUE;
    }
  if (!isle_token_parse (word, len, c, &err))
    return fail (ctx, SYNTAX, "%s", err.message);
  return TRUE;
}

/* What has been read so far. */
typedef struct
{
  Ctx ctx;
  IsleObservation *o;
  guint64 given;          /* a bit per entry of `readers` met */
  guint rows, scored_rows;        /* a bit per row number met */
  guint unseen_seats, sides[2];   /* `unseen`, `hired` and `pending` lines met */
  guint dash_lines;       /* a bit per Dash whose line was given */
  guint dashes;           /* a bit per Dash given as `-` */
  int hand_tokens;
  char hand_words[ISLE_HAND_MAX][8];  /* as given, to check their form */
  guint64 fog_line;       /* the quadrants of the `fog` line, if any */
  gboolean ended;
} Reader;

typedef gboolean (*ReadFunc) (Reader *r, const char *key, char **args, int n);

/* The lines that are one small number, or one per seat: where it goes in
 * the observation, and its largest value. */
static const struct
{
  const char *key;
  size_t offset;
  int max;
  gboolean per_seat;
} number_fields[] = {
  { "observer", offsetof (IsleObservation, observer), ISLE_MAX_SEATS - 1 },
  { "to-move", offsetof (IsleObservation, view.to_move), ISLE_MAX_SEATS - 1 },
  { "extra-rounds", offsetof (IsleObservation, view.extra_rounds), ISLE_MAX_ROUNDS },
  { "first-seat", offsetof (IsleObservation, view.first_seat), ISLE_MAX_SEATS - 1 },
  { "next-seat", offsetof (IsleObservation, view.next_seat), ISLE_MAX_SEATS - 1 },
  { "placements-left", offsetof (IsleObservation, view.placements_left), ISLE_N_CELLS },
  { "note-skipped", offsetof (IsleObservation, view.note_skipped), (1 << ISLE_MAX_SEATS) - 1 },
  { "hire-done", offsetof (IsleObservation, view.hire_done), (1 << ISLE_MAX_SEATS) - 1 },
  { "bonus", offsetof (IsleObservation, view.bonus), ISLE_N_CELLS, TRUE },
  { "hand-size", offsetof (IsleObservation, view.hand_len), ISLE_HAND_MAX, TRUE },
  { "pile-size", offsetof (IsleObservation, view.pile_len), ISLE_PILE_MAX, TRUE },
};

static gboolean
need_words (Reader *r, const char *key, int have, int want)
{
  if (have != want)
    return fail (&r->ctx, SYNTAX, _("“%s” takes %d values, found %d"), key, want, have);
  return TRUE;
}

/* One value, 0 to MAX, into the byte at FIELD. */
static gboolean
read_small (Reader *r, const char *key, char **args, int n, int max, uint8_t *field)
{
  return need_words (r, key, n, 1) && parse_u8 (&r->ctx, args[0], max, field);
}

/* Whether the only value is `-`, for DASH; then it reads as NONE. */
static gboolean
read_dash (Reader *r, Dash dash, char **args, int n, uint8_t *field, uint8_t none)
{
  r->dash_lines |= 1u << dash;
  if (n != 1 || strcmp (args[0], "-") != 0)
    return FALSE;
  r->dashes |= 1u << dash;
  *field = none;
  return TRUE;
}

static gboolean
read_end (Reader *r, const char *key, char **args, int n)
{
  (void) key, (void) args;
  if (n != 0)
    return fail (&r->ctx, SYNTAX, _("“end” takes no values"));
  r->ended = TRUE;
  return TRUE;
}

static gboolean
read_variant (Reader *r, const char *key, char **args, int n)
{
  IsleVariant variant;

  if (!need_words (r, key, n, 1))
    return FALSE;
  variant = isle_variant_from_id (args[0]);
  if (variant == ISLE_N_VARIANTS)
    return fail (&r->ctx, SYNTAX, _("unknown variant “%s”"), args[0]);
  r->o->view.variant = (uint8_t) variant;
  return TRUE;
}

static gboolean
read_seats (Reader *r, const char *key, char **args, int n)
{
  IsleState *v = &r->o->view;

  if (!read_small (r, key, args, n, ISLE_MAX_SEATS, &v->n_seats))
    return FALSE;
  if (v->n_seats != 2 && v->n_seats != 4)
    return fail (&r->ctx, SYNTAX, _("a game has 2 or 4 seats"));
  return TRUE;
}

static gboolean
read_phase (Reader *r, const char *key, char **args, int n)
{
  int p;

  if (!need_words (r, key, n, 1))
    return FALSE;
  for (p = 0; p < ISLE_N_PHASES && strcmp (phase_ids[p], args[0]) != 0; p++)
    ;
  if (p == ISLE_N_PHASES)
    return fail (&r->ctx, SYNTAX, _("unknown phase “%s”"), args[0]);
  r->o->view.phase = (uint8_t) p;
  return TRUE;
}

static gboolean
read_round (Reader *r, const char *key, char **args, int n)
{
  IsleState *v = &r->o->view;

  return need_words (r, key, n, 2) && parse_u8 (&r->ctx, args[0], ISLE_MAX_ROUNDS, &v->round)
         && parse_u8 (&r->ctx, args[1], ISLE_MAX_ROUNDS, &v->n_rounds);
}

static gboolean
read_weather (Reader *r, const char *key, char **args, int n)
{
  uint8_t *field = &r->o->view.weather;

  return read_dash (r, DASH_WEATHER, args, n, field, ISLE_WEATHER_SUNNY)
         || (need_words (r, key, n, 1) && parse_weather_word (&r->ctx, args[0], FALSE, field));
}

static gboolean
read_winner (Reader *r, const char *key, char **args, int n)
{
  uint8_t *field = &r->o->view.winner;

  return read_dash (r, DASH_WINNER, args, n, field, 0)
         || read_small (r, key, args, n, ISLE_N_SIDES, field);
}

/* A value per seat, 0 to MAX, into VALUES. */
static gboolean
read_per_seat (Reader *r, const char *key, char **args, int n, int max, uint8_t *values)
{
  if (n < 2 || n > ISLE_MAX_SEATS)
    return fail (&r->ctx, SYNTAX, _("“%s” takes one value per seat"), key);
  for (int t = 0; t < n; t++)
    if (!parse_u8 (&r->ctx, args[t], max, &values[t]))
      return FALSE;
  return TRUE;
}

/* One of number_fields. */
static gboolean
read_number_field (Reader *r, const char *key, char **args, int n)
{
  for (size_t i = 0; i < G_N_ELEMENTS (number_fields); i++)
    if (strcmp (number_fields[i].key, key) == 0)
      {
        uint8_t *field = (uint8_t *) r->o + number_fields[i].offset;

        return number_fields[i].per_seat
               ? read_per_seat (r, key, args, n, number_fields[i].max, field)
               : read_small (r, key, args, n, number_fields[i].max, field);
      }
  g_return_val_if_reached (FALSE);
}

static gboolean
read_ability_cell (Reader *r, const char *key, char **args, int n)
{
  uint8_t *field = &r->o->view.ability_cell;

  return read_dash (r, DASH_ABILITY_CELL, args, n, field, ISLE_NO_CELL)
         || (need_words (r, key, n, 1) && parse_cell_word (&r->ctx, args[0], field));
}

static gboolean
read_ability_seat (Reader *r, const char *key, char **args, int n)
{
  uint8_t *field = &r->o->view.ability_seat;

  return read_dash (r, DASH_ABILITY_SEAT, args, n, field, 0)
         || read_small (r, key, args, n, ISLE_MAX_SEATS - 1, field);
}

static gboolean
read_replace_cell (Reader *r, const char *key, char **args, int n)
{
  uint8_t *field = &r->o->view.replace_cell;

  return read_dash (r, DASH_REPLACE_CELL, args, n, field, ISLE_NO_CELL)
         || (need_words (r, key, n, 1) && parse_cell_word (&r->ctx, args[0], field));
}

static gboolean
read_note_no_target (Reader *r, const char *key, char **args, int n)
{
  IsleState *v = &r->o->view;

  if (!need_words (r, key, n, 1))
    return FALSE;
  if (strcmp (args[0], "-") == 0)
    v->note_no_target = ISLE_KIND_NONE;
  else if (strlen (args[0]) == 1 && isle_kind_from_code (args[0][0]) != ISLE_KIND_NONE)
    v->note_no_target = (uint8_t) isle_kind_from_code (args[0][0]);
  else
    return fail (&r->ctx, SYNTAX, _("“%s”: expected a kind code or -"), args[0]);
  return TRUE;
}

/* `row N …` and `scored-row N …`: one row of the map. */
static gboolean
read_row (Reader *r, const char *key, char **args, int n)
{
  gboolean scored = key[0] == 's';
  IsleBoard *board = scored ? &r->o->view.scored_board : &r->o->view.board;
  guint *done = scored ? &r->scored_rows : &r->rows;
  uint8_t row;

  if (!need_words (r, key, n, 1 + ISLE_BOARD_SIZE)
      || !parse_u8 (&r->ctx, args[0], ISLE_BOARD_SIZE, &row))
    return FALSE;
  if (row < 1 || (*done & (1u << row)))
    return fail (&r->ctx, SYNTAX, _("row %u given twice or out of range"), row);
  *done |= 1u << row;
  for (int c = 0; c < ISLE_BOARD_SIZE; c++)
    if (!parse_cell (&r->ctx, args[1 + c], isle_cell (c, row - 1), board))
      return FALSE;
  return TRUE;
}

static gboolean
read_fog (Reader *r, const char *key, char **args, int n)
{
  (void) key;
  /* Checked against the rows once all are read. */
  r->fog_line = 0;
  for (int i = 0; i < n; i++)
    {
      int q = isle_quadrant_from_id (args[i]);

      if (q < 0)
        return fail (&r->ctx, SYNTAX, _("“%s”: expected nw, ne, sw or se"), args[i]);
      r->fog_line |= isle_quadrant_mask (q);
    }
  return TRUE;
}

static gboolean
read_hand (Reader *r, const char *key, char **args, int n)
{
  (void) key;
  if (n > ISLE_HAND_MAX)
    return fail (&r->ctx, SYNTAX, _("a hand holds at most %d tokens"), ISLE_HAND_MAX);
  r->hand_tokens = n;
  for (int i = 0; i < n; i++)
    {
      IsleCell c;
      IsleNotationError err;

      if (!isle_token_parse (args[i], strlen (args[i]), &c, &err))
        return fail (&r->ctx, SYNTAX, "%s", err.message);
      if (c.flags != 0)
        return fail (&r->ctx, SYNTAX, _("“%s”: a token in hand has no “*” or “+”"), args[i]);
      /* Its owner and form are checked once the observer is known. */
      g_strlcpy (r->hand_words[i], args[i], sizeof r->hand_words[i]);
      r->o->view.hand[0][i] = c.kind;
    }
  return TRUE;
}

/* `unseen S …`, `hired S …`, `pending S …`: a seat or side, then kinds
 * and counts into TABLE[S]; each S at most once (bits in DONE). */
static gboolean
read_kind_counts (Reader *r, const char *key, char **args, int n, int max,
                  uint8_t (*table)[ISLE_N_KINDS], guint *done)
{
  uint8_t s;

  if (n < 1 || n % 2 != 1)
    return fail (&r->ctx, SYNTAX, _("“%s” takes a seat or side and pairs of kind and count"), key);
  if (!parse_u8 (&r->ctx, args[0], max, &s))
    return FALSE;
  if (*done & (1u << s))
    return fail (&r->ctx, SYNTAX, _("“%s %u” given twice"), key, s);
  *done |= 1u << s;
  return parse_counts (&r->ctx, args + 1, table[s]);
}

static gboolean
read_unseen (Reader *r, const char *key, char **args, int n)
{
  return read_kind_counts (r, key, args, n, ISLE_MAX_SEATS - 1, r->o->unseen, &r->unseen_seats);
}

static gboolean
read_hired (Reader *r, const char *key, char **args, int n)
{
  gboolean hired = key[0] == 'h';
  uint8_t (*table)[ISLE_N_KINDS] = hired ? r->o->view.hired : r->o->view.pending;

  if (!read_kind_counts (r, key, args, n, ISLE_N_SIDES - 1, table, &r->sides[hired]))
    return FALSE;
  for (int s = 0; s < ISLE_N_SIDES; s++)
    for (int k = 0; k < ISLE_N_KINDS; k++)
      if (table[s][k] != 0 && !isle_kind_is_mercenary ((IsleKind) k))
        return fail (&r->ctx, SYNTAX, _("only mercenaries are hired"));
  return TRUE;
}

static gboolean
read_deck (Reader *r, const char *key, char **args, int n)
{
  IsleState *v = &r->o->view;

  (void) key;
  if (n > ISLE_MAX_WEATHER_CARDS)
    return fail (&r->ctx, SYNTAX, _("a weather deck holds at most %d cards"), ISLE_MAX_WEATHER_CARDS);
  v->deck_len = (uint8_t) n;
  for (int i = 0; i < n; i++)
    if (!parse_weather_word (&r->ctx, args[i], TRUE, &v->deck[i]))
      return FALSE;
  return TRUE;
}

static gboolean
read_deck_seen (Reader *r, const char *key, char **args, int n)
{
  (void) key;
  if (n > ISLE_MAX_WEATHER_CARDS)
    return fail (&r->ctx, SYNTAX, _("too many values"));
  for (int i = 0; i < n; i++)
    if (!parse_u8 (&r->ctx, args[i], 3, &r->o->view.deck_seen[i]))
      return FALSE;
  return TRUE;
}

static gboolean
read_drawn (Reader *r, const char *key, char **args, int n)
{
  uint8_t *drawn = r->o->view.drawn;

  return need_words (r, key, n, 2) && parse_weather_word (&r->ctx, args[0], TRUE, &drawn[0])
         && parse_weather_word (&r->ctx, args[1], TRUE, &drawn[1]);
}

static gboolean
read_weather_kept (Reader *r, const char *key, char **args, int n)
{
  (void) key;
  if (n > ISLE_MAX_ROUNDS)
    return fail (&r->ctx, SYNTAX, _("too many values"));
  for (int i = 0; i < n; i++)
    if (!parse_weather_word (&r->ctx, args[i], FALSE, &r->o->view.weather_kept[i]))
      return FALSE;
  return TRUE;
}

static gboolean
read_unseen_weather (Reader *r, const char *key, char **args, int n)
{
  if (!need_words (r, key, n, ISLE_N_WEATHER))
    return FALSE;
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    if (!parse_u8 (&r->ctx, args[w], ISLE_MAX_WEATHER_CARDS + 2, &r->o->unseen_weather[w]))
      return FALSE;
  return TRUE;
}

/* `coins` and `total`: one number per side. */
static gboolean
read_per_side (Reader *r, const char *key, char **args, int n)
{
  int32_t *values = key[0] == 'c' ? r->o->view.coins : r->o->view.total;

  return need_words (r, key, n, 2) && parse_i32 (&r->ctx, args[0], &values[0])
         && parse_i32 (&r->ctx, args[1], &values[1]);
}

static gboolean
read_round_score (Reader *r, const char *key, char **args, int n)
{
  int32_t (*scores)[ISLE_N_SIDES] = r->o->view.round_score;
  uint8_t round;

  if (!need_words (r, key, n, 3) || !parse_u8 (&r->ctx, args[0], ISLE_MAX_ROUNDS, &round))
    return FALSE;
  if (round < 1)
    return fail (&r->ctx, SYNTAX, _("rounds count from 1"));
  return parse_i32 (&r->ctx, args[1], &scores[round - 1][0])
         && parse_i32 (&r->ctx, args[2], &scores[round - 1][1]);
}

enum
{
  REQUIRED = 1 << 0,  /* the observation is not whole without it */
  REPEATS = 1 << 1,   /* a line per row, seat, side or round */
};

/* Every key of doc/engine-protocol.md, "Observation", in its order. */
static const struct
{
  const char *key;
  ReadFunc read;
  guint flags;
} readers[] = {
  { "variant", read_variant, REQUIRED },
  { "seats", read_seats, REQUIRED },
  { "observer", read_number_field, REQUIRED },
  { "phase", read_phase, REQUIRED },
  { "to-move", read_number_field, REQUIRED },
  { "round", read_round, REQUIRED },
  { "extra-rounds", read_number_field, 0 },
  { "first-seat", read_number_field, 0 },
  { "next-seat", read_number_field, 0 },
  { "weather", read_weather, 0 },
  { "winner", read_winner, 0 },
  { "placements-left", read_number_field, 0 },
  { "bonus", read_number_field, 0 },
  { "ability-cell", read_ability_cell, 0 },
  { "ability-seat", read_ability_seat, 0 },
  { "replace-cell", read_replace_cell, 0 },
  { "note-no-target", read_note_no_target, 0 },
  { "note-skipped", read_number_field, 0 },
  { "row", read_row, REQUIRED | REPEATS },
  { "fog", read_fog, 0 },
  { "scored-row", read_row, REPEATS },
  { "hand", read_hand, REQUIRED },
  { "hand-size", read_number_field, REQUIRED },
  { "pile-size", read_number_field, REQUIRED },
  { "unseen", read_unseen, REQUIRED | REPEATS },
  { "deck", read_deck, 0 },
  { "deck-seen", read_deck_seen, 0 },
  { "drawn", read_drawn, 0 },
  { "weather-kept", read_weather_kept, 0 },
  { "unseen-weather", read_unseen_weather, 0 },
  { "hired", read_hired, REPEATS },
  { "pending", read_hired, REPEATS },
  { "hire-done", read_number_field, 0 },
  { "coins", read_per_side, 0 },
  { "total", read_per_side, 0 },
  { "round-score", read_round_score, REPEATS },
  { "end", read_end, 0 },
};

/* Reads one line of TEXT (split into words, modified in place). */
static gboolean
read_line (Reader *r, char *line)
{
  g_auto (GStrv) words = NULL;
  int w = 0, n;

  if (r->ended)
    {
      if (*g_strstrip (line) == '\0')
        return TRUE;
      return fail (&r->ctx, SYNTAX, _("text after “end”"));
    }
  g_strdelimit (line, "\r\t", ' ');
  words = g_strsplit (g_strstrip (line), " ", -1);
  /* Collapse runs of spaces: drop empty words. */
  for (int i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      words[w++] = words[i];
    else
      g_free (words[i]);
  words[w] = NULL;
  if (w == 0)
    return TRUE;
  n = w - 1;
  for (size_t i = 0; i < G_N_ELEMENTS (readers); i++)
    if (strcmp (readers[i].key, words[0]) == 0)
      {
        if ((r->given & (G_GUINT64_CONSTANT (1) << i)) && !(readers[i].flags & REPEATS))
          return fail (&r->ctx, SYNTAX, _("“%s” given twice"), words[0]);
        r->given |= G_GUINT64_CONSTANT (1) << i;
        return readers[i].read (r, words[0], words + 1, n);
      }
  return fail (&r->ctx, SYNTAX, _("unknown line “%s”"), words[0]);
}

/* What the lines say together that is about the text, not the game: each
 * line is there, the hand is the observer's, written as R3 writes it, the
 * fog line names the rows' fog, and `-` stands where the document says. */
static gboolean
check_lines (Reader *r)
{
  IsleObservation *o = r->o;
  IsleState *v = &o->view;
  guint64 covered = 0;

  for (size_t i = 0; i < G_N_ELEMENTS (readers); i++)
    if ((readers[i].flags & REQUIRED) && !(r->given & (G_GUINT64_CONSTANT (1) << i)))
      return fail (&r->ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING,
                   _("the line “%s” is missing"), readers[i].key);
  if (r->rows != 0x7e)
    return fail (&r->ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING, _("the map needs rows 1 to 6"));
  if (r->scored_rows != 0 && r->scored_rows != 0x7e)
    return fail (&r->ctx, ISLE_OBSERVATION_TEXT_ERROR_MISSING, _("the scored map needs rows 1 to 6"));

  if (r->hand_tokens != v->hand_len[o->observer])
    return fail (&r->ctx, INCONSISTENT,
                 _("“hand” lists %d tokens but “hand-size” gives the observer %u"),
                 r->hand_tokens, v->hand_len[o->observer]);
  /* The observer's hand was read before the observer was known. */
  if (o->observer != 0)
    {
      memcpy (v->hand[o->observer], v->hand[0], ISLE_HAND_MAX);
      memset (v->hand[0], 0, ISLE_HAND_MAX);
    }
  for (int i = 0; i < r->hand_tokens; i++)
    {
      char token[8];

      format_hand_token ((IsleKind) v->hand[o->observer][i], o->observer, v->n_seats > 2, token);
      if (strcmp (token, r->hand_words[i]) != 0)
        return fail (&r->ctx, INCONSISTENT, _("“%s”: the observer’s token in hand is written “%s”"),
                     r->hand_words[i], token);
    }

  for (int q = 0; q < ISLE_N_QUADRANTS; q++)
    if ((v->board.fog & isle_quadrant_mask (q)) == isle_quadrant_mask (q))
      covered |= isle_quadrant_mask (q);
  if (r->fog_line != G_MAXUINT64 && r->fog_line != covered)
    return fail (&r->ctx, INCONSISTENT, _("the “fog” line does not name the quadrants the rows cover"));

  for (int d = 0; d < N_DASHES; d++)
    {
      gboolean dash = (r->dashes & (1u << d)) != 0;

      if ((r->dash_lines & (1u << d)) && dash != is_dash ((Dash) d, v))
        return fail (&r->ctx, INCONSISTENT,
                     dash ? _("“%s” cannot be “-” in phase %s") : _("“%s” must be “-” in phase %s"),
                     dash_keys[d], phase_ids[v->phase]);
    }
  return TRUE;
}

/* Puts what isle_obs_check() found into words. */
static gboolean
word_problem (Ctx *ctx, const IsleObservation *o, const IsleObsProblem *p)
{
  const IsleState *v = &o->view;
  const char *kind = p->kind > 0 && p->kind < ISLE_N_KINDS ? isle_kind_info ((IsleKind) p->kind)->name : "?";
  const char *phase = v->phase < ISLE_N_PHASES ? phase_ids[v->phase] : "?";

  switch ((IsleObsCode) p->code)
    {
    case ISLE_OBS_SEATS_FOR_VARIANT:
      return fail (ctx, INCONSISTENT, _("variant %s is played by %d seats, not %u"),
                   isle_variant_id ((IsleVariant) v->variant), p->expected, (guint) p->value);
    case ISLE_OBS_BAD_SEAT:
      return fail (ctx, INCONSISTENT, _("a seat number is not below the number of seats (%u)"),
                   (guint) p->expected);
    case ISLE_OBS_ROUND_ZERO:
      return fail (ctx, INCONSISTENT, _("rounds count from 1"));
    case ISLE_OBS_ROUND_PAST_END:
      return fail (ctx, INCONSISTENT, _("round %u of a game of %u rounds"),
                   (guint) p->value, (guint) p->expected);
    case ISLE_OBS_HAND_SIZE:
      return fail (ctx, INCONSISTENT, _("“hand” lists %d tokens but “hand-size” gives the observer %u"),
                   p->value, (guint) p->expected);
    case ISLE_OBS_TOKEN_SEAT:
      return fail (ctx, INCONSISTENT, _("a token on the map belongs to a seat that does not play"));
    case ISLE_OBS_HIDDEN_TOKEN:
      return fail (ctx, INCONSISTENT, _("only other seats' face-down tokens are hidden (“?*”)"));
    case ISLE_OBS_SCORED_TOKEN_SEAT:
      return fail (ctx, INCONSISTENT, _("a scored token belongs to a seat that does not play"));
    case ISLE_OBS_TOKEN_UNDER_FOG:
      return fail (ctx, INCONSISTENT, _("a token lies under fog"));
    case ISLE_OBS_UNSEEN_NOT_POOLED:
      return fail (ctx, INCONSISTENT, _("the other team's unseen tokens are pooled under seat %d"),
                   p->seat);
    case ISLE_OBS_UNSEEN_COUNT:
      return fail (ctx, INCONSISTENT, _("seat %d hides %d tokens but %d are unseen"),
                   p->seat, p->value, p->expected);
    case ISLE_OBS_DRAWN:
      return fail (ctx, INCONSISTENT,
                   _("the drawn weather cards show only to the seat choosing one (“?” for the others)"));
    case ISLE_OBS_WEATHER_UNSEEN:
      return fail (ctx, INCONSISTENT, _("%d weather cards are hidden (“?”) but %d are unseen"),
                   p->value, p->expected);
    case ISLE_OBS_FOG_PARTIAL:
      return fail (ctx, INCONSISTENT,
                   _("fog (“#”) covers part of quadrant %s; a fog board covers a whole quadrant"),
                   isle_quadrant_id (p->value));
    case ISLE_OBS_FOG_TOO_MUCH:
      return fail (ctx, INCONSISTENT, _("fog covers %d quadrants; there are %d fog boards"),
                   p->value, p->expected);
    case ISLE_OBS_HIPPO_SECOND_FACE:
      return fail (ctx, INCONSISTENT, _("only a face-up Hippo has a second tile (“+”)"));
    case ISLE_OBS_HIPPO_SECOND_ALONE:
      return fail (ctx, INCONSISTENT,
                   _("a Hippo's second tile (“+”) lies next to its first tile, and only one"));
    case ISLE_OBS_WRONG_TOTAL:
      return fail (ctx, INCONSISTENT,
                   _("seat %d holds %d tokens on the map, in hand and in its pile; "
                     "a seat holds %d"), p->seat, p->value, p->expected);
    case ISLE_OBS_HIRED_TOO_MANY:
      return fail (ctx, INCONSISTENT, _("side %d hires %d %s tokens; a side owns %d"),
                   p->seat, p->value, kind, p->expected);
    case ISLE_OBS_KIND_COUNT:
      return fail (ctx, INCONSISTENT, _("side %d has %d %s tokens; it owns %d"),
                   p->seat, p->value, kind, p->expected);
    case ISLE_OBS_POINTS_RANGE:
      return fail (ctx, INCONSISTENT, _("coins and totals are from 0 to %d"), p->expected);
    case ISLE_OBS_SCORE_RANGE:
      return fail (ctx, INCONSISTENT, _("round scores are from 0 to %d"), p->expected);
    case ISLE_OBS_DECK_TOO_LONG:
      return fail (ctx, INCONSISTENT, _("the weather deck holds more cards than the rules have"));
    case ISLE_OBS_HIPPO_NO_MERCENARIES:
      return fail (ctx, INCONSISTENT, _("a Hippo lies on the map of a game without mercenaries"));
    case ISLE_OBS_NO_ABILITY_TILE:
      return fail (ctx, INCONSISTENT, _("“%s” must be “-” in phase %s"),
                   v->phase == ISLE_PHASE_ABILITY ? "replace-cell" : "ability-cell", phase);
    case ISLE_OBS_WINNER_EARLY:
      return fail (ctx, INCONSISTENT, _("“%s” must be “-” in phase %s"), "winner", phase);
    case ISLE_OBS_BAD_PHASE:
      return fail (ctx, INCONSISTENT, _("phase %s cannot be where the game stands"), phase);
    case ISLE_OBS_NOTHING_TO_CHOOSE:
      return fail (ctx, INCONSISTENT, _("seat %d is to move in phase %s but has nothing to choose"),
                   p->seat, phase);
    case ISLE_OBS_OK:
    case ISLE_OBS_N_CODES:
    default:
      return TRUE;
    }
}

gboolean
isle_observation_from_text (const char *text, IsleObservation *obs, GError **error)
{
  g_autofree IsleObservation *o = g_new0 (IsleObservation, 1);
  g_auto (GStrv) lines = NULL;
  Reader r = { .ctx = { 0, error }, .o = o, .fog_line = G_MAXUINT64 };
  IsleObsProblem problem;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (obs != NULL, FALSE);

  /* Untrusted text (an engine's input): split a bounded amount. */
  if (memchr (text, '\0', ISLE_OBSERVATION_TEXT_MAX + 1) == NULL)
    return fail (&r.ctx, SYNTAX, _("longer than %d bytes"), ISLE_OBSERVATION_TEXT_MAX);
  o->view.rules = obs->view.rules;
  /* What a line left out says: nothing resolves (R8), no card is shown
   * (R6.1). */
  o->view.ability_cell = o->view.replace_cell = ISLE_NO_CELL;
  o->view.drawn[0] = o->view.drawn[1] = ISLE_WEATHER_UNKNOWN;
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      r.ctx.line = i + 1;
      if (!read_line (&r, lines[i]))
        return FALSE;
    }

  r.ctx.line = 0;
  if (!check_lines (&r))
    return FALSE;
  isle_board_sync (&o->view.board);
  isle_board_sync (&o->view.scored_board);
  if (isle_obs_check (o, &problem) != ISLE_OBS_OK)
    return word_problem (&r.ctx, o, &problem);

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
