/* isle-games-stats.c — the person's statistics over kept games
 * (isle-games-stats.h). */
#include "config.h"

#include "isle-games-stats.h"

/* A row being counted, and the run of wins it is in. */
typedef struct
{
  IsleGamesStats stats;
  guint streak;
} Counting;

void
isle_games_stats_free (IsleGamesStats *stats)
{
  if (stats == NULL)
    return;
  g_free (stats->opponent);
  g_free (stats);
}

static void
count (Counting *c, IsleKeptGame *game)
{
  IsleKeptResult result = isle_kept_game_get_result (game);

  switch (result)
    {
    case ISLE_KEPT_WON:
      c->stats.won++;
      c->streak++;
      c->stats.longest_streak = MAX (c->stats.longest_streak, c->streak);
      break;
    case ISLE_KEPT_LOST:
      c->stats.lost++;
      c->streak = 0;
      break;
    case ISLE_KEPT_DRAWN:
      c->stats.drawn++;
      c->streak = 0;
      break;
    case ISLE_KEPT_ABANDONED:
    default:
      c->stats.abandoned++;
      c->streak = 0;
      return;
    }
  c->stats.played++;
  c->stats.best_round = MAX (c->stats.best_round, isle_kept_game_get_best_round (game));
}

static Counting *
counting_new (IsleGamesStatsGroup group, IsleVariant variant, const char *opponent)
{
  Counting *c = g_new0 (Counting, 1);

  c->stats.group = group;
  c->stats.variant = variant;
  c->stats.opponent = g_strdup (opponent);
  c->stats.best_round = -1;
  return c;
}

static IsleGamesStats *
finish (Counting *c)
{
  IsleGamesStats *stats = g_new (IsleGamesStats, 1);

  *stats = c->stats;
  stats->win_share = stats->played > 0 ? (double) stats->won / stats->played : 0.0;
  g_free (c);
  return stats;
}

static int
by_games (gconstpointer a, gconstpointer b)
{
  const Counting *x = *(const Counting *const *) a;
  const Counting *y = *(const Counting *const *) b;
  guint nx = x->stats.played + x->stats.abandoned, ny = y->stats.played + y->stats.abandoned;

  if (nx != ny)
    return nx > ny ? -1 : 1;
  return g_strcmp0 (x->stats.opponent, y->stats.opponent);
}

GPtrArray *
isle_games_stats_compute (GPtrArray *games)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_games_stats_free);
  Counting *all = counting_new (ISLE_GAMES_STATS_ALL, ISLE_VARIANT_BASIC, NULL);
  Counting *variants[ISLE_N_VARIANTS] = { NULL };
  g_autoptr (GPtrArray) opponents = g_ptr_array_new ();
  g_autoptr (GHashTable) by_opponent = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (games != NULL, rows);

  for (guint i = 0; i < games->len; i++)
    {
      IsleKeptGame *game = g_ptr_array_index (games, i);
      IsleVariant variant = isle_kept_game_get_variant (game);
      const char *opponent = isle_kept_game_get_opponent (game);
      Counting *c;

      if (isle_kept_game_get_person_side (game) < 0)
        continue;
      count (all, game);
      if (variants[variant] == NULL)
        variants[variant] = counting_new (ISLE_GAMES_STATS_VARIANT, variant, NULL);
      count (variants[variant], game);
      c = g_hash_table_lookup (by_opponent, opponent);
      if (c == NULL)
        {
          c = counting_new (ISLE_GAMES_STATS_OPPONENT, variant, opponent);
          g_hash_table_insert (by_opponent, c->stats.opponent, c);
          g_ptr_array_add (opponents, c);
        }
      count (c, game);
    }
  g_ptr_array_add (rows, finish (all));
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    if (variants[v] != NULL)
      g_ptr_array_add (rows, finish (variants[v]));
  g_ptr_array_sort (opponents, by_games);
  for (guint i = 0; i < opponents->len; i++)
    g_ptr_array_add (rows, finish (g_ptr_array_index (opponents, i)));
  return rows;
}
