/* test-observation-text.c — the observation text against
 * doc/engine-protocol.md, "Observation", key by key.
 *
 * The checker here is written from the document alone, as an outside
 * engine would be: a pattern per key and the few facts the table states
 * (which lines are `-` when, how many rounds `weather-kept` lists, when
 * `drawn` shows cards). It calls none of the writer's helpers. It reads
 * observations from seeded games of every variant, from every seat at every
 * decision, and counts that the cases the document had been broken on
 * (Sunny last rounds, hired Chameleons in hand, R3) did come up. A round
 * trip text → observation → text runs over the same thousands of texts. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isle-observation-text.h"
#include "isle-rules-json.h"

static IsleRules rules;

/* The keys in the document's order; those marked repeat may come more
 * than once, in a row. */
static const struct
{
  const char *key;
  gboolean repeats;
} doc_keys[] = {
  { "variant" }, { "seats" }, { "observer" }, { "phase" }, { "to-move" }, { "round" },
  { "extra-rounds" }, { "first-seat" }, { "next-seat" }, { "weather" }, { "winner" },
  { "placements-left" }, { "bonus" }, { "ability-cell" }, { "ability-seat" },
  { "replace-cell" }, { "note-no-target" }, { "note-skipped" }, { "row", TRUE }, { "fog" },
  { "scored-row", TRUE }, { "hand" }, { "hand-size" }, { "pile-size" }, { "unseen", TRUE },
  { "deck" }, { "deck-seen" }, { "drawn" }, { "weather-kept" }, { "unseen-weather" },
  { "hired", TRUE }, { "pending", TRUE }, { "hire-done" }, { "coins" }, { "total" },
  { "round-score", TRUE }, { "end" },
};

/* What the checker saw, over all texts. */
static struct
{
  int texts;
  int sunny_last;        /* weather-kept ending in sunny, in a weather game */
  int chameleon_in_hand; /* an `L` in `hand` */
  int turned_chameleon;  /* a Chameleon on the map with its colour written (R3) */
  int hidden_tokens;     /* `?*` tokens on the map */
  int dashes[5];         /* weather, winner, ability-cell, ability-seat, replace-cell */
  int shown[5];          /* the same lines with a value */
  int over;              /* texts at the game's end */
} seen;

static gboolean
matches (const char *pattern, const char *value)
{
  return g_regex_match_simple (pattern, value, G_REGEX_ANCHORED | G_REGEX_DOLLAR_ENDONLY, 0);
}

#define CHECK(cond, ...) \
  G_STMT_START { if (!(cond)) g_error ("%s\n%s", g_strdup_printf (__VA_ARGS__), text); } G_STMT_END

/* The seat an owner prefix (`r`, `b2`) names, as the document numbers
 * seats: 0 Red (R1), 1 Blue (B1), 2 R2, 3 B2. */
static int
owner_seat (const char *owner)
{
  int side = owner[0] == 'r' ? 0 : 1;
  return owner[1] == '2' ? side + 2 : side;
}

/* One cell of `row` (OWN true) or `scored-row`, R3 as the document has it. */
static void
check_cell (const char *text, const char *cell, int n_seats, int observer, gboolean scored)
{
  const char *owner = n_seats == 4 ? "[rb][12]" : "[rb]";
  g_autofree char *token = g_strdup_printf ("^(%s)([WPRBFTCMSGLKODH])([rb]?)(\\*?)(\\+?)$", owner);
  g_autofree char *hidden = g_strdup_printf ("^(%s)\\?\\*$", owner);
  g_autoptr (GRegex) re = g_regex_new (token, 0, 0, NULL);
  g_autoptr (GMatchInfo) m = NULL;

  if (strcmp (cell, ".") == 0)
    return;
  if (strcmp (cell, "#") == 0)
    {
      CHECK (!scored, "R7.5: fog on the scored map: %s", cell);
      return;
    }
  if (matches (hidden, cell))
    {
      g_autofree char *who = g_strndup (cell, strlen (cell) - 2);

      /* R12: another seat's face-down token shows only its shield. */
      CHECK (!scored, "R7.5: the scored map shows every token: %s", cell);
      CHECK (owner_seat (who) != observer, "R12: the observer's own token hidden: %s", cell);
      seen.hidden_tokens++;
      return;
    }
  CHECK (g_regex_match (re, cell, 0, &m), "R3: not a cell: “%s”", cell);
  {
    g_autofree char *who = g_match_info_fetch (m, 1);
    g_autofree char *kind = g_match_info_fetch (m, 2);
    g_autofree char *colour = g_match_info_fetch (m, 3);
    g_autofree char *down = g_match_info_fetch (m, 4);
    g_autofree char *second = g_match_info_fetch (m, 5);

    CHECK (*second == '\0' || (kind[0] == 'H' && *down == '\0'),
           "R3, R8.9: `+` only on a face-up Hippo: %s", cell);
    if (*colour != '\0')
      {
        /* R3: the suffix only when it differs from the start colour, the
         * other side's (R2); R8.6: a face-down Chameleon has not turned. */
        CHECK (kind[0] == 'L', "R3: a colour suffix on a token not a Chameleon: %s", cell);
        CHECK (colour[0] == who[0], "R3: a Chameleon written in its start colour: %s", cell);
        CHECK (*down == '\0', "R8.6: a face-down Chameleon has turned: %s", cell);
        seen.turned_chameleon++;
      }
  }
}

static int
count_words (char **words)
{
  return (int) g_strv_length (words);
}

/* Checks TEXT, an observation from seat OBSERVER, against the document. */
static void
check_text (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int last_key = -1, n_seats = 0, observer = -1, to_move = -1, round = 0, n_rounds = 0;
  int deck_unknown = 0, drawn_unknown = 0, unseen_weather = -1;
  int hand_size[4] = { 0 }, hand_tokens = -1;
  const char *phase = NULL, *variant = NULL;
  guint rows = 0, scored_rows = 0, unseen_seats = 0;
  GHashTable *values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint64 fog_cells = 0;
  const char *seat_re;

  seen.texts++;
  /* Lines end in "\n", the last one too (doc: "Lines"). */
  {
    guint n = g_strv_length (lines);

    CHECK (n > 1 && lines[n - 1][0] == '\0', "the last line does not end in a newline");
    g_free (lines[n - 1]);
    lines[n - 1] = NULL;
  }
  /* Every line `key value…`, in the document's order, `end` last. */
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) words = NULL;
      int k;

      CHECK (lines[i][0] != '\0', "a blank line inside: %d", i + 1);
      words = g_strsplit (lines[i], " ", -1);
      for (k = 0; k < (int) G_N_ELEMENTS (doc_keys) && strcmp (doc_keys[k].key, words[0]) != 0; k++)
        ;
      CHECK (k < (int) G_N_ELEMENTS (doc_keys), "an undocumented key: %s", words[0]);
      CHECK (k > last_key || (k == last_key && doc_keys[k].repeats),
             "“%s” out of the document's order", words[0]);
      last_key = k;
      if (!doc_keys[k].repeats)
        g_hash_table_insert (values, g_strdup (words[0]),
                             g_strdup (lines[i] + strlen (words[0]) + (words[1] ? 1 : 0)));
    }
  CHECK (last_key == (int) G_N_ELEMENTS (doc_keys) - 1, "`end` is not last");
  for (gsize k = 0; k < G_N_ELEMENTS (doc_keys); k++)
    if (!doc_keys[k].repeats)
      CHECK (g_hash_table_contains (values, doc_keys[k].key), "no line “%s”", doc_keys[k].key);

#define VALUE(key) ((const char *) g_hash_table_lookup (values, key))
  variant = VALUE ("variant");
  CHECK (matches ("^(basic|weather|mercenary|quick|team)$", variant), "variant %s", variant);
  CHECK (matches ("^[24]$", VALUE ("seats")), "seats %s", VALUE ("seats"));
  n_seats = atoi (VALUE ("seats"));
  CHECK ((n_seats == 4) == (strcmp (variant, "team") == 0), "R11: 4 seats in the team game only");
  seat_re = n_seats == 4 ? "^[0-3]$" : "^[01]$";
  CHECK (matches (seat_re, VALUE ("observer")), "observer %s", VALUE ("observer"));
  observer = atoi (VALUE ("observer"));
  phase = VALUE ("phase");
  CHECK (matches ("^(weather|hire|hand|settle|hop|place|ability|replace|fog-lift|over)$", phase),
         "phase %s", phase);
  CHECK (matches (seat_re, VALUE ("to-move")), "to-move %s", VALUE ("to-move"));
  to_move = atoi (VALUE ("to-move"));
  CHECK (strcmp (phase, "over") != 0 || to_move == 0, "to-move is 0 when over");
  CHECK (matches ("^[1-9][0-9]* [1-9][0-9]*$", VALUE ("round")), "round %s", VALUE ("round"));
  CHECK (sscanf (VALUE ("round"), "%d %d", &round, &n_rounds) == 2 && round <= n_rounds,
         "round %s", VALUE ("round"));
  CHECK (matches ("^[0-9]+$", VALUE ("extra-rounds")), "extra-rounds");
  CHECK (matches (seat_re, VALUE ("first-seat")), "first-seat");
  CHECK (matches (seat_re, VALUE ("next-seat")), "next-seat");

  /* The lines that are `-` at some points, and when. */
  {
    gboolean kept = strcmp (phase, "hire") != 0 && strcmp (phase, "weather") != 0;
    gboolean over = strcmp (phase, "over") == 0;
    gboolean ability = strcmp (phase, "ability") == 0 || strcmp (phase, "replace") == 0;
    const struct { const char *key, *pattern; gboolean dash; } dashed[] = {
      { "weather", "^(sunny|cloudy|foggy)$", !kept },
      { "winner", "^[012]$", !over },
      { "ability-cell", "^[a-f][1-6]$", !ability },
      { "ability-seat", seat_re, !ability },
      { "replace-cell", "^[a-f][1-6]$", strcmp (phase, "replace") != 0 },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (dashed); i++)
      {
        const char *v = VALUE (dashed[i].key);

        if (dashed[i].dash)
          CHECK (strcmp (v, "-") == 0, "“%s” is `-` in phase %s, not %s", dashed[i].key, phase, v);
        else
          CHECK (matches (dashed[i].pattern, v), "“%s %s” in phase %s", dashed[i].key, v, phase);
        (dashed[i].dash ? seen.dashes : seen.shown)[i]++;
      }
    seen.over += over;
  }
  CHECK (matches ("^[0-9]+$", VALUE ("placements-left")), "placements-left");
  {
    g_autofree char *per_seat = g_strdup_printf ("^[0-9]+( [0-9]+){%d}$", n_seats - 1);
    const char *keys[] = { "bonus", "hand-size", "pile-size" };

    for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
      CHECK (matches (per_seat, VALUE (keys[i])), "“%s” has a value per seat", keys[i]);
  }
  CHECK (matches ("^([WPRBFTCMSGLKODH]|-)$", VALUE ("note-no-target")), "note-no-target");
  CHECK (matches ("^[0-9]+$", VALUE ("note-skipped"))
         && atoi (VALUE ("note-skipped")) < (1 << n_seats), "note-skipped: a bit per seat");
  {
    g_auto (GStrv) sizes = g_strsplit (VALUE ("hand-size"), " ", -1);
    for (int t = 0; t < n_seats; t++)
      hand_size[t] = atoi (sizes[t]);
  }

  /* The map, the scored map, the fog. */
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) words = g_strsplit (lines[i], " ", -1);
      gboolean scored = strcmp (words[0], "scored-row") == 0;
      int r;

      if (!scored && strcmp (words[0], "row") != 0)
        continue;
      CHECK (count_words (words) == 8 && matches ("^[1-6]$", words[1]), "%s: a row number and 6 cells",
             words[0]);
      r = atoi (words[1]);
      CHECK (!((scored ? scored_rows : rows) & (1u << r)), "row %d twice", r);
      *(scored ? &scored_rows : &rows) |= 1u << r;
      for (int c = 0; c < 6; c++)
        {
          check_cell (text, words[2 + c], n_seats, observer, scored);
          if (!scored && strcmp (words[2 + c], "#") == 0)
            fog_cells |= G_GUINT64_CONSTANT (1) << ((r - 1) * 6 + c);
        }
    }
  CHECK (rows == 0x7e && scored_rows == 0x7e, "rows 1 to 6, scored rows 1 to 6");
  {
    /* R1: nw a1–c3, ne d1–f3, sw a4–c6, se d4–f6. */
    static const char *const quadrants[] = { "nw", "ne", "sw", "se" };
    g_autoptr (GString) want = g_string_new (NULL);

    for (int q = 0; q < 4; q++)
      {
        guint64 mask = 0;

        for (int r = 0; r < 3; r++)
          for (int c = 0; c < 3; c++)
            mask |= G_GUINT64_CONSTANT (1) << ((r + (q / 2) * 3) * 6 + c + (q % 2) * 3);
        if ((fog_cells & mask) == mask)
          g_string_append_printf (want, "%s%s", want->len ? " " : "", quadrants[q]);
      }
    CHECK (strcmp (VALUE ("fog"), want->str) == 0, "fog “%s”, the rows say “%s”", VALUE ("fog"),
           want->str);
  }

  /* R3, R12: the observer's hand, each token its own, none turned. */
  {
    g_auto (GStrv) hand = g_strsplit (VALUE ("hand"), " ", -1);
    const char *letters[] = { "r", "b", "r", "b" };
    g_autofree char *own = n_seats == 4
                           ? g_strdup_printf ("^%s%d[WPRBFTCMSGLKODH]$", letters[observer], observer / 2 + 1)
                           : g_strdup_printf ("^%s[WPRBFTCMSGLKODH]$", letters[observer]);

    hand_tokens = 0;
    for (int i = 0; hand[i] != NULL; i++)
      {
        if (hand[i][0] == '\0')
          continue;
        CHECK (matches (own, hand[i]), "R3: a token in the observer's hand: “%s”", hand[i]);
        seen.chameleon_in_hand += hand[i][strlen (hand[i]) - 1] == 'L';
        hand_tokens++;
      }
    CHECK (hand_tokens == hand_size[observer], "hand lists %d, hand-size says %d", hand_tokens,
           hand_size[observer]);
  }

  /* unseen, hired, pending: a seat or side, then kind codes and counts. */
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) words = g_strsplit (lines[i], " ", -1);
      gboolean unseen = strcmp (words[0], "unseen") == 0;
      gboolean pending = strcmp (words[0], "pending") == 0;
      const char *codes = unseen ? "^[WPRBFTCMSGLKODH]$" : "^[FTCMSGLKODH]$";
      int n = count_words (words), s;

      if (!unseen && !pending && strcmp (words[0], "hired") != 0)
        continue;
      CHECK (n % 2 == 0 && matches (unseen ? seat_re : "^[01]$", words[1]), "%s", lines[i]);
      s = atoi (words[1]);
      for (int w = 2; w < n; w += 2)
        CHECK (matches (codes, words[w]) && matches ("^[1-9][0-9]*$", words[w + 1]),
               "“%s”: kind codes and counts", lines[i]);
      if (unseen)
        {
          CHECK (!(unseen_seats & (1u << s)), "unseen %d twice", s);
          unseen_seats |= 1u << s;
          /* R11: the other team's pooled under its lower seat. */
          if (n_seats == 4 && s >= 2 && s % 2 != observer % 2)
            CHECK (n == 2, "the other team's unseen tokens under seat %d", s);
        }
      if (pending)
        CHECK (n == 2 || s == observer % 2, "R9.3: the other side's pending hires are shown");
    }
  CHECK (unseen_seats == (1u << n_seats) - 1, "an `unseen` line per seat");

  /* The weather deck, the cards drawn, the rounds' weather. */
  {
    g_auto (GStrv) deck = g_strsplit (VALUE ("deck"), " ", -1);
    g_auto (GStrv) deck_seen = g_strsplit (VALUE ("deck-seen"), " ", -1);
    g_auto (GStrv) drawn = g_strsplit (VALUE ("drawn"), " ", -1);
    g_auto (GStrv) kept = g_strsplit (VALUE ("weather-kept"), " ", -1);
    gboolean chooses = strcmp (phase, "weather") == 0 && to_move == observer;
    int n_kept = 0, n_deck = 0, n_seen = 0, sum[3];

    for (int i = 0; deck[i] != NULL; i++)
      if (deck[i][0] != '\0')
        {
          CHECK (matches ("^(sunny|cloudy|foggy|\\?)$", deck[i]), "deck: “%s”", deck[i]);
          deck_unknown += deck[i][0] == '?';
          n_deck++;
        }
    for (int i = 0; deck_seen[i] != NULL; i++)
      if (deck_seen[i][0] != '\0')
        {
          CHECK (matches ("^[0-3]$", deck_seen[i]), "deck-seen: “%s”", deck_seen[i]);
          n_seen++;
        }
    CHECK (n_seen == n_deck, "deck-seen has a value per deck card");
    CHECK (count_words (drawn) == 2, "drawn: two cards");
    for (int i = 0; i < 2; i++)
      {
        /* R6.1, R12: `?` unless the observer chooses. */
        CHECK (chooses ? matches ("^(sunny|cloudy|foggy)$", drawn[i]) : strcmp (drawn[i], "?") == 0,
               "drawn “%s” for a seat that %s", VALUE ("drawn"), chooses ? "chooses" : "does not choose");
        drawn_unknown += strcmp (phase, "weather") == 0 && drawn[i][0] == '?';
      }
    for (int i = 0; kept[i] != NULL; i++)
      if (kept[i][0] != '\0')
        {
          CHECK (matches ("^(sunny|cloudy|foggy)$", kept[i]), "weather-kept: “%s”", kept[i]);
          n_kept++;
        }
    /* R6.1: every round so far, this one once its card is kept. */
    CHECK (n_kept == round - (strcmp (VALUE ("weather"), "-") == 0 ? 1 : 0),
           "weather-kept lists %d rounds in round %d, phase %s", n_kept, round, phase);
    if (n_kept > 0 && kept[0] != NULL && strcmp (kept[n_kept - 1], "sunny") == 0
        && (strcmp (variant, "weather") == 0 || strcmp (variant, "mercenary") == 0))
      seen.sunny_last++;
    if (n_kept > 0 && strcmp (VALUE ("weather"), "-") != 0)
      CHECK (strcmp (kept[n_kept - 1], VALUE ("weather")) == 0, "this round's weather is the last kept");
    CHECK (matches ("^[0-9]+ [0-9]+ [0-9]+$", VALUE ("unseen-weather"))
           && sscanf (VALUE ("unseen-weather"), "%d %d %d", &sum[0], &sum[1], &sum[2]) == 3,
           "unseen-weather");
    unseen_weather = sum[0] + sum[1] + sum[2];
    CHECK (unseen_weather == deck_unknown + drawn_unknown,
           "%d weather cards unseen for %d `?`", unseen_weather, deck_unknown + drawn_unknown);
  }

  CHECK (matches ("^[0-9]+$", VALUE ("hire-done")) && atoi (VALUE ("hire-done")) < (1 << n_seats),
         "hire-done: a bit per seat");
  CHECK (matches ("^-?[0-9]+ -?[0-9]+$", VALUE ("coins")), "coins");
  CHECK (matches ("^-?[0-9]+ -?[0-9]+$", VALUE ("total")), "total");
  for (int i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "round-score "))
      {
        int r, red, blue;

        CHECK (matches ("^round-score [1-9][0-9]* [0-9]+ [0-9]+$", lines[i])
               && sscanf (lines[i], "round-score %d %d %d", &r, &red, &blue) == 3
               && r <= round && (red != 0 || blue != 0),
               "“%s”: a scored round, not 0 – 0", lines[i]);
      }
#undef VALUE
  g_hash_table_unref (values);
}

static int round_trips;

/* Text → observation → text is exact (doc/engine-protocol.md: the client
 * and the reference engine read what the other writes). */
static void
check_round_trip (const char *text)
{
  g_autofree IsleObservation *obs = g_new0 (IsleObservation, 1);
  g_autofree char *again = NULL;
  g_autoptr (GError) error = NULL;

  obs->view.rules = rules;
  if (!isle_observation_from_text (text, obs, &error))
    g_error ("%s\n%s", error->message, text);
  again = isle_observation_to_text (obs);
  g_assert_cmpstr (text, ==, again);
  round_trips++;
}

/* Seeded games of VARIANT, every seat's observation at every decision. */
static void
play_games (IsleVariant variant, int games, void (*func) (const char *text))
{
  for (int g = 0; g < games; g++)
    {
      IsleState s;
      IsleRng rng;

      isle_rng_seed (&rng, (guint64) (variant * 7919 + g));
      g_assert_true (isle_state_init (&s, &rules, variant, g % 2, (guint64) g * 31 + 5));
      while (TRUE)
        {
          for (int seat = 0; seat < s.n_seats; seat++)
            {
              IsleObservation obs;
              g_autofree char *text = NULL;

              isle_state_observe (&s, seat, &obs);
              text = isle_observation_to_text (&obs);
              func (text);
            }
          if (isle_state_is_terminal (&s))
            break;
          g_assert_true (isle_state_apply (&s, isle_state_sample_action (&s, &rng)));
        }
    }
}

static void
test_documented_forms (void)
{
  memset (&seen, 0, sizeof seen);
  for (int variant = 0; variant < ISLE_N_VARIANTS; variant++)
    play_games ((IsleVariant) variant, 4, check_text);

  g_test_message ("%d texts; Sunny last %d; Chameleons in hand %d; turned %d; hidden %d",
                  seen.texts, seen.sunny_last, seen.chameleon_in_hand, seen.turned_chameleon,
                  seen.hidden_tokens);
  /* The games held what the document had been broken on. */
  g_assert_cmpint (seen.texts, >, 5000);   /* every seat, every decision */
  g_assert_cmpint (seen.sunny_last, >, 0);          /* R6.1 */
  g_assert_cmpint (seen.chameleon_in_hand, >, 0);   /* R3, R8.6 */
  g_assert_cmpint (seen.turned_chameleon, >, 0);    /* R3, R8.6 */
  g_assert_cmpint (seen.hidden_tokens, >, 0);       /* R12 */
  g_assert_cmpint (seen.over, >, 0);                /* R4.7 */
  for (int i = 0; i < 5; i++)
    {
      g_assert_cmpint (seen.dashes[i], >, 0);
      g_assert_cmpint (seen.shown[i], >, 0);
    }
}

static void
test_round_trip (void)
{
  round_trips = 0;
  for (int variant = 0; variant < ISLE_N_VARIANTS; variant++)
    play_games ((IsleVariant) variant, 4, check_round_trip);
  g_assert_cmpint (round_trips, >, 3000);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  if (!isle_rules_load_standard (&rules, &error))
    g_error ("%s", error->message);

  g_test_add_func ("/observation-text/documented-forms", test_documented_forms);
  g_test_add_func ("/observation-text/round-trip", test_round_trip);
  return g_test_run ();
}
