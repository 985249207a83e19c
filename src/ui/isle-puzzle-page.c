/* isle-puzzle-page.c — the Puzzles page: the built-in pack and the
 * player's own puzzles, each with its difficulty, goal and whether it is
 * solved, or solved with a hint; activating one emits "puzzle-activated". */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "isle-puzzle-page.h"
#include "isle-accessible.h"

struct _IslePuzzlePage
{
  GtkBox parent_instance;
};

G_DEFINE_FINAL_TYPE (IslePuzzlePage, isle_puzzle_page, GTK_TYPE_BOX)

enum
{
  PUZZLE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_puzzle_activated (AdwActionRow *row, IslePuzzlePage *self)
{
  g_signal_emit (self, signals[PUZZLE_ACTIVATED], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "index")));
}

static void
open_puzzle_folder (GtkButton *button, IslePuzzlePage *self)
{
  g_autofree char *dir = isle_puzzles_user_dir ();
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *uri = g_file_get_uri (folder);

  (void) button;
  g_mkdir_with_parents (dir, 0700);
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr (GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

    /* Without a file manager there is nothing more to do or say than
     * gtk_show_uri() did: the page names the folder. */
    gtk_uri_launcher_launch (launcher, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                             NULL, NULL, NULL);
  }
#else
  gtk_show_uri (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), uri, GDK_CURRENT_TIME);
#endif
}

/* The mark of a puzzle solved (a check mark), or solved only with a
 * move hint (the hint's own icon, told apart in words too); NULL for
 * one not solved. */
static GtkWidget *
progress_mark (IslePuzzleProgress progress)
{
  GtkWidget *mark;
  const char *words;

  if (progress == ISLE_PUZZLE_UNSOLVED)
    return NULL;
  if (progress == ISLE_PUZZLE_SOLVED)
    {
      mark = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
      gtk_widget_add_css_class (mark, "success");
      words = _("Solved");
    }
  else
    {
      mark = gtk_image_new_from_icon_name ("dialog-information-symbolic");
      gtk_widget_add_css_class (mark, "accent");
      words = _("Solved with a hint");
    }
  gtk_widget_set_tooltip_text (mark, words);
  gtk_accessible_update_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL, words, -1);
  return mark;
}

/* The arrow at a row's end: only drawn (the row says it opens the
 * puzzle), so hidden from screen readers, which read "GtkImage". */
static GtkWidget *
next_arrow (void)
{
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

  gtk_accessible_update_state (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return arrow;
}

/* The Puzzles page: the built-in pack and the player's own, each with its
 * difficulty, goal and whether it is solved. */
void
isle_puzzle_page_refresh (IslePuzzlePage *self, IsleSession *session)
{
  GtkWidget *child;
  AdwPreferencesGroup *groups[2];
  GPtrArray *puzzles;
  int solved = 0, builtin = 0;

  g_return_if_fail (ISLE_IS_PUZZLE_PAGE (self));
  g_return_if_fail (ISLE_IS_SESSION (session));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
  puzzles = isle_session_list_puzzles (session);
  for (int i = 0; i < 2; i++)
    {
      groups[i] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      gtk_box_append (GTK_BOX (self), GTK_WIDGET (groups[i]));
    }
  adw_preferences_group_set_title (groups[0], _("Puzzles"));
  adw_preferences_group_set_title (groups[1], _("Your Puzzles"));
  {
    g_autofree char *dir = isle_puzzles_user_dir ();
    g_autofree char *description =
      g_strdup_printf (_("Scenarios you make in the editor (Save to My Puzzles) or put in %s"), dir);
    GtkWidget *folder = gtk_button_new_from_icon_name ("folder-open-symbolic");

    adw_preferences_group_set_description (groups[1], description);
    gtk_widget_set_tooltip_text (folder, _("Open the Folder"));
    gtk_widget_add_css_class (folder, "flat");
    g_signal_connect (folder, "clicked", G_CALLBACK (open_puzzle_folder), self);
    adw_preferences_group_set_header_suffix (groups[1], folder);
  }
  for (guint i = 0; i < puzzles->len; i++)
    {
      IslePuzzle *puzzle = g_ptr_array_index (puzzles, i);
      IslePuzzleProgress progress = isle_session_get_progress (session, puzzle->id);
      GtkWidget *mark = progress_mark (progress);
      GtkWidget *row = adw_action_row_new ();
      const char *difficulty = isle_difficulty_name (puzzle->difficulty);
      g_autofree char *subtitle = NULL;

      if (puzzle->error != NULL)
        subtitle = g_strdup (puzzle->error);
      else if (difficulty != NULL)
        subtitle = g_strdup_printf ("%s · %s", difficulty, puzzle->goal ? puzzle->goal : "");
      else
        subtitle = g_strdup (puzzle->goal ? puzzle->goal : "");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), puzzle->title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (mark != NULL)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
      /* Only an unaided solve counts. */
      if (progress == ISLE_PUZZLE_SOLVED)
        solved += puzzle->builtin;
      builtin += puzzle->builtin;
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), next_arrow ());
      g_object_set_data (G_OBJECT (row), "index", GINT_TO_POINTER (i));
      if (puzzle->error == NULL)
        {
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          g_signal_connect (row, "activated", G_CALLBACK (on_puzzle_activated), self);
        }
      else
        gtk_widget_set_sensitive (row, FALSE);
      adw_preferences_group_add (groups[puzzle->builtin ? 0 : 1], row);
    }
  {
    /* Translators: "4 of 16 solved" */
    g_autofree char *count = g_strdup_printf (_("%d of %d solved"), solved, builtin);

    adw_preferences_group_set_description (groups[0], count);
  }
  /* The rows and groups just made, named for screen readers. */
  isle_accessible_tidy (GTK_WIDGET (self));
}

static void
isle_puzzle_page_class_init (IslePuzzlePageClass *klass)
{
  /* puzzle-activated (INDEX): the person chose puzzle INDEX of the
   * session's puzzles (isle_session_get_puzzles()). */
  signals[PUZZLE_ACTIVATED] = g_signal_new ("puzzle-activated", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
isle_puzzle_page_init (IslePuzzlePage *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 24);
}
