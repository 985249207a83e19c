/* test-history.c — the game's log in words (IsleHistory): whole sentences
 * that say who did what, where and with which result, for the viewer's
 * seat ("You", "your") or by seat names, never telling a viewer what R12
 * hides from them; and the tiles each row touched (the last-move mark).
 * Scripted positions are R3 text built with tests/engine/isle-test-util;
 * random games of every variant are replayed through IsleGame. */
#include "config.h"

#include <string.h>

#include "isle-history.h"
#include "isle-rules-json.h"
#include "isle-test-util.h"
#include "isle-words.h"

#define RED ISLE_SIDE_RED
#define BLUE ISLE_SIDE_BLUE
#define BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

/* ---- helpers ------------------------------------------------------------- */

/* A setup for VARIANT with a person at Red (seat 0) and a computer at the
 * other seats: the log says "You" for Red when told to Red. */
static void
setup_one_human (IsleGameSetup *setup, IsleVariant variant)
{
  g_autoptr (GError) error = NULL;

  memset (setup, 0, sizeof *setup);
  g_assert_true (isle_rules_load_standard (&setup->rules, &error));
  g_assert_no_error (error);
  setup->variant = variant;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    setup->players[seat] = isle_player_spec_for (seat == 0 ? "human" : "beginner");
}

static int
cell (const char *name)
{
  return isle_cell_from_name (name);
}

/* Applies the action TEXT to S and checks what the log tells VIEWER of it
 * (EXPECTED) and the tiles it touched (CELLS). */
static void
assert_told (const IsleGameSetup *setup, IsleState *s, const char *text, int viewer,
             const char *expected, guint64 cells)
{
  IsleState before = *s;
  IsleAction a;
  g_autofree char *told = NULL;

  g_assert_true (isle_action_parse (s, text, &a));
  told = isle_history_describe (setup, &before, a, viewer);
  isle_test_apply (s, text);
  g_assert_cmpstr (told, ==, expected);
  g_assert_cmphex (isle_history_cells (&before, a, s), ==, cells);
}

/* ---- scripted positions -------------------------------------------------- */

/* R8.1: Blue's Fox next to Red's Crow: Red replaces it with a Pig. Told to
 * Red (the one person), then to Blue. */
static const char *const FOX_BOARD =
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  rK .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static void
test_r8_1_fox_and_replacement (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&start, ISLE_VARIANT_MERCENARY, FOX_BOARD, "PWWWW", "FWWWW", "K", "F", BLUE,
                        ISLE_WEATHER_SUNNY);
  s = start;
  assert_told (&setup, &s, "place bF d4", 0, "Blue placed a Fox on d4.", BIT (cell ("d4")));
  assert_told (&setup, &s, "target c4", 0, "Blue's Fox on d4 sent your Crow on c4 back to your hand.",
               BIT (cell ("c4")));
  assert_told (&setup, &s, "replace rP", 0, "You put a Pig on c4 in its place.", BIT (cell ("c4")));

  /* Told to Blue: Red is named, never "you". */
  s = start;
  assert_told (&setup, &s, "place bF d4", 1, "Blue placed a Fox on d4.", BIT (cell ("d4")));
  assert_told (&setup, &s, "target c4", 1, "Blue's Fox on d4 sent Red's Crow on c4 back to Red's hand.",
               BIT (cell ("c4")));
  assert_told (&setup, &s, "replace rP", 1, "Red put a Pig on c4 in its place.", BIT (cell ("c4")));
}

/* R8.1, R12: a face-down target and its face-down replacement keep their
 * kinds from the other side. */
static const char *const FOX_FOGGY_BOARD =
  ".  .  .  #  #  #\n"
  ".  .  .  #  #  #\n"
  ".  .  .  #  #  #\n"
  ".  .  rW* #  #  #\n"
  ".  .  .  #  #  #\n"
  ".  .  .  #  #  #\n";

static void
test_r12_fox_face_down_target (void)
{
  IsleGameSetup setup;
  IsleState s;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, FOX_FOGGY_BOARD, "PWWWW", "FWWWW", "", "F", BLUE,
                        ISLE_WEATHER_FOGGY);
  assert_told (&setup, &s, "place bF b4", 1, "Blue placed a Fox on b4.", BIT (cell ("b4")));
  {
    IsleState keep = s;

    assert_told (&setup, &s, "target c4", 1,
                 "Blue's Fox on b4 sent Red's face-down token on c4 back to Red's hand.", BIT (cell ("c4")));
    assert_told (&setup, &s, "replace rP", 1, "Red put a token face down on c4 in its place.",
                 BIT (cell ("c4")));
    /* Red knows its own. */
    s = keep;
    assert_told (&setup, &s, "target c4", 0, "Blue's Fox on b4 sent your Wolf on c4 back to your hand.",
                 BIT (cell ("c4")));
    assert_told (&setup, &s, "replace rP", 0, "You put a Pig face down on c4 in its place.",
                 BIT (cell ("c4")));
  }
}

/* R6.4, R12: a face-down placement by the other side names no kind. */
static void
test_r12_face_down_placement (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_WEATHER);
  isle_test_state (&start, ISLE_VARIANT_WEATHER, FOX_FOGGY_BOARD, "PWWWW", "PWWWW", BLUE,
                   ISLE_WEATHER_FOGGY);
  s = start;
  assert_told (&setup, &s, "place bP* a1", 0, "Blue placed a token face down on a1.", BIT (cell ("a1")));
  s = start;
  assert_told (&setup, &s, "place bP* a1", 1, "Blue placed a Pig face down on a1.", BIT (cell ("a1")));
}

/* R8.6: Red's Chameleon (still blue) turns red when Red places next to it;
 * the colour change happens inside apply() and is told after the
 * placement. */
static const char *const CHAMELEON_BOARD =
  ".  .  .  .  .  .\n"
  ".  rL .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static void
test_r8_6_chameleon_turns (void)
{
  IsleGameSetup setup;
  IsleState s;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, CHAMELEON_BOARD, "WWWWW", "WWWWW", "L", "", RED,
                        ISLE_WEATHER_SUNNY);
  assert_told (&setup, &s, "place rW b3", 0, "You placed a Wolf on b3. Your Chameleon on b2 turned red.",
               BIT (cell ("b3")) | BIT (cell ("b2")));
  assert_told (&setup, &s, "place bW c2", 1, "Blue placed a Wolf on c2. Red's Chameleon on b2 turned blue.",
               BIT (cell ("c2")) | BIT (cell ("b2")));
}

/* R8.2: the Turtle's owner places again; the next opponent places twice. */
static void
test_r8_2_turtle (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&start, ISLE_VARIANT_MERCENARY, CHAMELEON_BOARD, "WWWWW", "TWWWW", "L", "T", BLUE,
                        ISLE_WEATHER_SUNNY);
  s = start;
  assert_told (&setup, &s, "place bT e5", 0,
               "Blue placed a Turtle on e5. Turtle: Blue places again, and you place twice next turn.",
               BIT (cell ("e5")));
  g_assert_cmpint (s.to_move, ==, BLUE);
  s = start;
  assert_told (&setup, &s, "place bT e5", 1,
               "Blue placed a Turtle on e5. Turtle: Blue places again, and Red places twice next turn.",
               BIT (cell ("e5")));
}

/* R8.3: Red's Mouses swaps with Blue's Wolf; R8.7 the same for Blue's
 * Mole, told to Red. */
static const char *const SWAP_BOARD =
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  bW .  .\n"
  ".  .  .  .  rP .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static void
test_r8_3_mouses_and_mole (void)
{
  IsleGameSetup setup;
  IsleState s;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, SWAP_BOARD, "MWWWW", "OWWWW", "M", "O", RED,
                        ISLE_WEATHER_SUNNY);
  assert_told (&setup, &s, "place rM c3", 0, "You placed a Mouses on c3.", BIT (cell ("c3")));
  assert_told (&setup, &s, "swap d3", 0, "Your Mouses on c3 swapped places with Blue's Wolf on d3.",
               BIT (cell ("c3")) | BIT (cell ("d3")));
  assert_told (&setup, &s, "place bO e3", 0, "Blue placed a Mole on e3.", BIT (cell ("e3")));
  assert_told (&setup, &s, "swap d3", 0, "Blue's Mole on e3 swapped places with your Mouses on d3.",
               BIT (cell ("e3")) | BIT (cell ("d3")));
}

/* R8.8: the Prairie Dog swaps two tokens next to it, both named. */
static const char *const DOG_BOARD =
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  bW .  .  .\n"
  ".  .  .  rP .  .\n"
  ".  .  .  .  .  .\n"
  ".  .  .  .  .  .\n";

static void
test_r8_8_prairie_dog (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&start, ISLE_VARIANT_MERCENARY, DOG_BOARD, "DWWWW", "WWWWW", "D", "", RED,
                        ISLE_WEATHER_SUNNY);
  s = start;
  assert_told (&setup, &s, "place rD c4", 0, "You placed a Prairie Dog on c4.", BIT (cell ("c4")));
  assert_told (&setup, &s, "swap c3 d4", 0,
               "Your Prairie Dog on c4 swapped the tokens on c3 and d4. Blue's Wolf went from c3 to d4. "
               "Your Pig went from d4 to c3.",
               BIT (cell ("c3")) | BIT (cell ("d4")));
  s = start;
  isle_test_apply (&s, "place rD c4");
  assert_told (&setup, &s, "pass", 1, "Red's Prairie Dog on c4 swapped nothing.", 0);
}

/* R8.5: the Frog hops at the start of its owner's next turn, or stays. */
static void
test_r8_5_frog (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&start, ISLE_VARIANT_MERCENARY, DOG_BOARD, "GWWWW", "WWWWW", "G", "", RED,
                        ISLE_WEATHER_SUNNY);
  isle_test_apply (&start, "place rG a1");
  isle_test_apply_then (&start, "place bW f6", ISLE_PHASE_HOP, RED);
  s = start;
  assert_told (&setup, &s, "hop a2", 0, "Your Frog hopped from a1 to a2.", BIT (cell ("a1")) | BIT (cell ("a2")));
  s = start;
  assert_told (&setup, &s, "hop b1", 1, "Red's Frog hopped from a1 to b1.", BIT (cell ("a1")) | BIT (cell ("b1")));
  s = start;
  assert_told (&setup, &s, "pass", 0, "You left your Frog on a1 where it was.", 0);
}

/* R8.9: the Hippo on two tiles, then the tile it keeps and the one it
 * frees. */
static void
test_r8_9_hippo (void)
{
  IsleGameSetup setup;
  IsleState s;

  setup_one_human (&setup, ISLE_VARIANT_MERCENARY);
  isle_test_merc_state (&s, ISLE_VARIANT_MERCENARY, DOG_BOARD, "WWWWW", "HWWWW", "", "H", BLUE,
                        ISLE_WEATHER_SUNNY);
  assert_told (&setup, &s, "place bH a1 b1", 0, "Blue placed a Hippo on a1 and b1.",
               BIT (cell ("a1")) | BIT (cell ("b1")));
  isle_test_apply_then (&s, "place rW f6", ISLE_PHASE_SETTLE, BLUE);
  assert_told (&setup, &s, "settle b1", 0, "Blue's Hippo settled on b1 and left a1 free.",
               BIT (cell ("a1")) | BIT (cell ("b1")));
}

/* R6.5: the filler lifts a fog board: who, which quadrant, its nine
 * tiles. */
static const char *const FOG_BOARD =
  "rW bW rW #  #  #\n"
  "bW rW bW #  #  #\n"
  "rW bW .  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n"
  "#  #  #  #  #  #\n";

static void
test_r6_5_fog_lift (void)
{
  IsleGameSetup setup;
  IsleState s, start;

  setup_one_human (&setup, ISLE_VARIANT_WEATHER);
  isle_test_state (&start, ISLE_VARIANT_WEATHER, FOG_BOARD, "WWWWW", "WWWWW", RED, ISLE_WEATHER_CLOUDY);
  isle_test_apply_then (&start, "place rW c3", ISLE_PHASE_FOG_LIFT, RED);
  s = start;
  assert_told (&setup, &s, "lift ne", 0, "You lifted the fog in the north-east.", isle_quadrant_mask (1));
  s = start;
  assert_told (&setup, &s, "lift se", 1, "Red lifted the fog in the south-east.", isle_quadrant_mask (3));
}

/* ---- random games -------------------------------------------------------- */

/* Whether TEXT names KIND's word as a word of its own. */
static gboolean
names_kind (const char *text, IsleKind kind)
{
  const char *word = isle_words_kind (kind);
  size_t len = strlen (word);

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    if ((p == text || !g_ascii_isalpha (p[-1])) && !g_ascii_isalpha (p[len]))
      return TRUE;
  return FALSE;
}

/* A token on CELL the row may name or must not (R12: another seat's
 * face-down token): a bit per kind in *SECRET or *SHOWN. */
static void
sort_token (const IsleState *before, int cell, int viewer, guint32 *secret, guint32 *shown)
{
  const IsleCell *c = &before->board.cells[cell];

  if ((c->flags & ISLE_CELL_FACE_DOWN) && c->seat != viewer)
    *secret |= 1u << c->kind;
  else
    *shown |= 1u << c->kind;
}

/* The kinds VIEWER may not learn from action A (R12), as bits: another
 * seat's face-down token, hand or hiring; less the kinds the row names for
 * a token that is in plain sight (the Fox acting, a face-up Wolf swapped). */
static guint32
secret_kinds (const IsleState *before, IsleAction a, int viewer)
{
  int seat = before->to_move;
  guint32 secret = 0, shown = 0;
  guint32 kind = 1u << isle_action_kind (a);

  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
      if (isle_action_face_down (a) && seat != viewer)
        secret |= kind;
      break;
    case ISLE_ACTION_PICK:
      if (seat != viewer)
        secret |= kind;
      break;
    case ISLE_ACTION_HIRE:
      if (isle_seat_side (seat) != isle_seat_side (viewer))
        secret |= kind;
      break;
    case ISLE_ACTION_REPLACE:
      if ((before->board.cells[before->replace_cell].flags & ISLE_CELL_FACE_DOWN) && seat != viewer)
        secret |= kind;
      sort_token (before, before->replace_cell, viewer, &secret, &shown);
      break;
    case ISLE_ACTION_TARGET:
    case ISLE_ACTION_SWAP:
      sort_token (before, before->ability_cell, viewer, &secret, &shown);
      sort_token (before, isle_action_cell (a), viewer, &secret, &shown);
      if (isle_action_cell2 (a) != ISLE_NO_CELL)
        sort_token (before, isle_action_cell2 (a), viewer, &secret, &shown);
      break;
    default:
      break;
    }
  return secret & ~shown;
}

/* A tile every row of A must name, or -1. */
static int
named_tile (const IsleState *before, IsleAction a)
{
  switch (isle_action_type (a))
    {
    case ISLE_ACTION_PLACE:
    case ISLE_ACTION_TARGET:
    case ISLE_ACTION_SWAP:
    case ISLE_ACTION_HOP:
    case ISLE_ACTION_SETTLE:
      return isle_action_cell (a);
    case ISLE_ACTION_REPLACE:
      return before->replace_cell;
    default:
      return -1;
    }
}

/* Every row of HISTORY for VIEWER: a sentence, naming its tile, keeping
 * R12's secrets, with the tiles its action touched. */
static void
check_rows (IsleGame *game, IsleHistory *history, int viewer, GHashTable *seen)
{
  GListModel *rows = G_LIST_MODEL (history);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (rows, i);
      guint index = isle_history_item_get_index (item);
      const IsleState *before = isle_game_get_state_at (game, index);
      const IsleState *after = isle_game_get_state_at (game, index + 1);
      IsleAction a = isle_history_item_get_action (item);
      const char *text = isle_history_item_get_text (item);
      guint32 secret = secret_kinds (before, a, viewer);
      int tile = named_tile (before, a);

      g_assert_nonnull (text);
      g_assert_cmpuint (strlen (text), >, 0);
      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_null (strchr (text, '%'));
      g_assert_true (g_str_has_suffix (text, "."));
      g_assert_null (strstr (text, "the chosen token"));
      g_assert_null (strstr (text, "swapped tokens"));
      if (isle_history_item_get_round_end (item))
        {
          g_assert_cmphex (isle_history_item_get_cells (item), ==, 0);
          continue;
        }
      g_assert_cmphex (isle_history_item_get_cells (item), ==, isle_history_cells (before, a, after));
      if (tile >= 0)
        {
          char name[3];

          isle_cell_name (tile, name);
          if (strstr (text, name) == NULL)
            g_error ("row “%s” does not name %s", text, name);
          g_assert_true (isle_history_item_get_cells (item) & BIT (tile));
        }
      /* R12: a face-down kind, another's hand or hiring stay secret. */
      for (int k = ISLE_KIND_WOLF; k < ISLE_N_KINDS; k++)
        if ((secret & (1u << k)) && names_kind (text, (IsleKind) k))
          g_error ("row “%s” tells viewer %d the secret %s", text, viewer, isle_words_kind ((IsleKind) k));
      if (secret != 0 && seen != NULL)
        g_hash_table_add (seen, GINT_TO_POINTER (-1));
      if (seen != NULL)
        g_hash_table_add (seen, GINT_TO_POINTER (isle_action_type (a)));
    }
}

/* Random games of every variant (R4, R6, R9, R10, R11) through IsleGame:
 * every row of the log, told to each seat. */
static void
test_random_games (void)
{
  static const IsleVariant variants[] = {
    ISLE_VARIANT_BASIC, ISLE_VARIANT_WEATHER, ISLE_VARIANT_MERCENARY, ISLE_VARIANT_QUICK, ISLE_VARIANT_TEAM,
  };
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint games = g_test_slow () ? 40 : 10;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint g = 0; g < games; g++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (GRand) rand = g_rand_new_with_seed (1000 * v + g);
        g_autoptr (IsleGame) game = NULL;
        IsleGameSetup setup;

        setup_one_human (&setup, variants[v]);
        game = isle_game_new_from_setup (&setup, 77 + g, &error);
        g_assert_no_error (error);
        while (!isle_state_is_terminal (isle_game_get_state (game)))
          {
            IsleActionList list;

            isle_state_legal_actions (isle_game_get_state (game), &list);
            g_assert_true (isle_game_apply (game, list.actions[g_rand_int_range (rand, 0, list.n)], NULL));
          }
        for (int viewer = 0; viewer < isle_game_setup_n_seats (&setup); viewer++)
          {
            g_autoptr (IsleHistory) history = isle_history_new (game, viewer);

            check_rows (game, history, viewer, seen);
            /* --verbose shows one game's log of each variant, to read. */
            if (g_test_verbose () && g == 0 && viewer == 0)
              for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (history)); i++)
                {
                  g_autoptr (IsleHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (history), i);

                  g_test_message ("%s", isle_history_item_get_text (item));
                }
          }
      }
  /* The random games met every kind of decision. */
  for (int type = ISLE_ACTION_KEEP; type < ISLE_N_ACTION_TYPES; type++)
    if (!g_hash_table_contains (seen, GINT_TO_POINTER (type)))
      g_test_message ("no decision of type %d met", type);
  g_assert_true (g_hash_table_contains (seen, GINT_TO_POINTER (ISLE_ACTION_REPLACE)));
  g_assert_true (g_hash_table_contains (seen, GINT_TO_POINTER (ISLE_ACTION_LIFT)));
  g_assert_true (g_hash_table_contains (seen, GINT_TO_POINTER (ISLE_ACTION_HIRE)));
  /* Rows with a secret to keep were met (R12). */
  g_assert_true (g_hash_table_contains (seen, GINT_TO_POINTER (-1)));
}

/* R9.3: what the other side hires is told once revealed, not before. */
static void
test_r9_3_hiring_revealed (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleGame) game = NULL;
  g_autoptr (IsleHistory) history = NULL;
  IsleGameSetup setup;
  guint n;

  setup_one_human (&setup, ISLE_VARIANT_QUICK);
  game = isle_game_new_from_setup (&setup, 5, &error);
  g_assert_no_error (error);
  history = isle_history_new (game, 0);
  /* R10: hiring before round 1, Red first or Blue first. */
  while (isle_game_get_state (game)->phase == ISLE_PHASE_HIRE)
    {
      const IsleState *s = isle_game_get_state (game);
      IsleAction a = isle_action_kind_only (ISLE_ACTION_HIRE, ISLE_KIND_FOX);

      if (s->pending[isle_seat_side (s->to_move)][ISLE_KIND_FOX] > 0 || !isle_state_is_legal (s, a))
        a = isle_action_kind_only (ISLE_ACTION_DONE, ISLE_KIND_NONE);
      g_assert_true (isle_game_apply (game, a, NULL));
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (history));
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (IsleHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (history), i);
      const char *text = isle_history_item_get_text (item);
      int seat = isle_history_item_get_seat (item);

      if (isle_action_type (isle_history_item_get_action (item)) == ISLE_ACTION_HIRE)
        g_assert_cmpstr (text, ==, seat == 0 ? "You chose to hire a Fox." : "Blue chose a mercenary to hire, in secret.");
      else if (i == n - 1)
        g_assert_cmpstr (text, ==, seat == 0 ? "You finished hiring. You hired a Fox. Blue hired a Fox."
                                             : "Blue finished hiring. You hired a Fox. Blue hired a Fox.");
      else
        g_assert_cmpstr (text, ==, seat == 0 ? "You finished hiring." : "Blue finished hiring.");
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/r8_1/fox-and-replacement", test_r8_1_fox_and_replacement);
  g_test_add_func ("/history/r12/fox-face-down-target", test_r12_fox_face_down_target);
  g_test_add_func ("/history/r12/face-down-placement", test_r12_face_down_placement);
  g_test_add_func ("/history/r8_6/chameleon-turns", test_r8_6_chameleon_turns);
  g_test_add_func ("/history/r8_2/turtle", test_r8_2_turtle);
  g_test_add_func ("/history/r8_3/mouses-and-mole", test_r8_3_mouses_and_mole);
  g_test_add_func ("/history/r8_8/prairie-dog", test_r8_8_prairie_dog);
  g_test_add_func ("/history/r8_5/frog", test_r8_5_frog);
  g_test_add_func ("/history/r8_9/hippo", test_r8_9_hippo);
  g_test_add_func ("/history/r6_5/fog-lift", test_r6_5_fog_lift);
  g_test_add_func ("/history/r9_3/hiring-revealed", test_r9_3_hiring_revealed);
  g_test_add_func ("/history/random-games", test_random_games);
  return g_test_run ();
}
