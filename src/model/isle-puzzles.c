/* isle-puzzles.c — the built-in puzzle pack and the player's own puzzles. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-puzzles.h"

void
isle_puzzle_free (IslePuzzle *puzzle)
{
  if (puzzle == NULL)
    return;
  g_free (puzzle->id);
  g_free (puzzle->location);
  g_free (puzzle->title);
  g_free (puzzle->goal);
  g_free (puzzle->error);
  g_free (puzzle);
}

char *
isle_puzzles_user_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "critter-isle", "puzzles", NULL);
}

const char *
isle_puzzle_text (const char *text)
{
  /* The empty string would give the translation's header. */
  return text != NULL && text[0] != '\0' ? g_dgettext (GETTEXT_PACKAGE, text) : text;
}

const char *
isle_difficulty_name (IsleDifficulty difficulty)
{
  switch (difficulty)
    {
    case ISLE_DIFFICULTY_EASY: return _("Easy");
    case ISLE_DIFFICULTY_MEDIUM: return _("Medium");
    case ISLE_DIFFICULTY_HARD: return _("Hard");
    case ISLE_DIFFICULTY_NONE:
    default: return NULL;
    }
}

/* Fills PUZZLE's title, goal and difficulty from its scenario, or its error. */
static void
describe (IslePuzzle *puzzle, const char *fallback_title)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IsleScenario) scenario = isle_puzzle_load (puzzle, &error);

  if (scenario == NULL)
    {
      puzzle->title = g_strdup (fallback_title);
      puzzle->error = g_strdup (error->message);
      return;
    }
  puzzle->title = g_strdup (isle_scenario_get_title (scenario) != NULL
                            ? isle_puzzle_text (isle_scenario_get_title (scenario)) : fallback_title);
  puzzle->goal = isle_scenario_describe_goal (scenario);
  puzzle->difficulty = isle_scenario_get_difficulty (scenario);
}

static int
by_title (gconstpointer a, gconstpointer b)
{
  const IslePuzzle *x = *(IslePuzzle *const *) a, *y = *(IslePuzzle *const *) b;

  return g_utf8_collate (x->title, y->title);
}

GPtrArray *
isle_puzzles_list (void)
{
  GPtrArray *puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) isle_puzzle_free);
  g_auto (GStrv) builtin = isle_scenario_list_puzzles ();
  g_autofree char *dir = isle_puzzles_user_dir ();
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) own = g_ptr_array_new ();
  const char *name;

  for (int i = 0; builtin != NULL && builtin[i] != NULL; i++)
    {
      IslePuzzle *puzzle = g_new0 (IslePuzzle, 1);
      g_autofree char *base = g_path_get_basename (builtin[i]);

      puzzle->builtin = TRUE;
      puzzle->location = g_strdup (builtin[i]);
      puzzle->id = g_strconcat ("builtin:", base, NULL);
      describe (puzzle, base);
      g_ptr_array_add (puzzles, puzzle);
    }
  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      IslePuzzle *puzzle;
      g_autofree char *display = NULL;

      if (!g_str_has_suffix (name, ".isle"))
        continue;
      puzzle = g_new0 (IslePuzzle, 1);
      puzzle->location = g_build_filename (dir, name, NULL);
      puzzle->id = g_strconcat ("file:", puzzle->location, NULL);
      display = g_filename_display_name (name);
      describe (puzzle, display);
      g_ptr_array_add (own, puzzle);
    }
  g_ptr_array_sort (own, by_title);
  for (guint i = 0; i < own->len; i++)
    g_ptr_array_add (puzzles, own->pdata[i]);
  return puzzles;
}

IsleScenario *
isle_puzzle_load (const IslePuzzle *puzzle, GError **error)
{
  g_return_val_if_fail (puzzle != NULL, NULL);

  if (puzzle->builtin)
    return isle_scenario_load_resource (puzzle->location, error);
  return isle_scenario_load (puzzle->location, error);
}
