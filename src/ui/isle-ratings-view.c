/* isle-ratings-view.c — the Ratings view of Your Games
 * (isle-ratings-view.h). */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "isle-games-chart.h"
#include "isle-game-setup.h"
#include "isle-player-spec.h"
#include "isle-ratings-view.h"
#include "isle-words.h"

struct _IsleRatingsView
{
  GtkBox parent_instance;

  IsleSession *session;
  GtkWidget *stack;            /* "empty" or "ratings" */
  GtkBox *groups_box;
  GPtrArray *groups;           /* the widgets shown in groups_box */
  guint n_shown;
};

G_DEFINE_FINAL_TYPE (IsleRatingsView, isle_ratings_view, GTK_TYPE_BOX)

static char *
opponent_name (const char *spec_text)
{
  IslePlayerSpec spec;

  if (!isle_player_spec_parse (spec_text, &spec, NULL))
    return g_strdup (spec_text);
  return isle_player_spec_describe (&spec);
}

/* A row of a rated game: what it was against whom, the rating it moved,
 * when; activated, the game opens (while it is still kept). */
static GtkWidget *
game_row (const IsleRatedGame *r)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *opponent = opponent_name (r->opponent);
  g_autofree char *title = NULL, *subtitle = NULL, *when = NULL;
  g_autoptr (GDateTime) ended = g_date_time_new_from_unix_local (r->ended);
  int before = (int) lround (r->rating.before), after = (int) lround (r->rating.after);

  if (r->rating.score > 0.75)
    /* Translators: a rated game: won against a level rated ELO. */
    title = g_strdup_printf (_("Won against %s (%d)"), opponent, r->rating.opponent_elo);
  else if (r->rating.score > 0.25)
    title = g_strdup_printf (_("Drawn against %s (%d)"), opponent, r->rating.opponent_elo);
  else
    title = g_strdup_printf (_("Lost against %s (%d)"), opponent, r->rating.opponent_elo);
  when = ended != NULL ? g_date_time_format (ended, "%x") : g_strdup ("");
  /* Translators: a rated game's rating before and after it, and the
   * date it ended. */
  subtitle = g_strdup_printf (_("Rating %d → %d, %s"), before, after, when);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (r->game_id > 0)
    {
      GtkWidget *open = gtk_image_new_from_icon_name ("go-next-symbolic");

      adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "x", (gint64) r->game_id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-kept-game");
      gtk_widget_set_tooltip_text (row, _("Open Game"));
    }
  return row;
}

static void
clear (IsleRatingsView *self)
{
  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->groups_box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  self->n_shown = 0;
}

static void
refresh (IsleRatingsView *self)
{
  clear (self);
  for (int v = 0; self->session != NULL && v < ISLE_N_VARIANTS; v++)
    {
      g_autoptr (GArray) rated = NULL;
      g_autofree char *description = NULL;
      AdwPreferencesGroup *group, *games;
      GtkWidget *chart;
      double rating, best;
      guint n;

      if (!isle_game_setup_can_rate (v) || !isle_session_get_rating (self->session, v, &rating, &n, &best))
        continue;
      rated = isle_session_list_ratings (self->session, v, ISLE_RATINGS_VIEW_GAMES);
      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, isle_words_variant (v));
      description = g_strdup_printf (ngettext ("Your rating is %d, your best %d, after %u rated game.",
                                               "Your rating is %d, your best %d, after %u rated games.", n),
                                     (int) lround (rating), (int) lround (best), n);
      adw_preferences_group_set_description (group, description);
      chart = isle_games_chart_new ();
      gtk_widget_add_css_class (chart, "card");
      isle_games_chart_set_ratings (ISLE_GAMES_CHART (chart), rated);
      adw_preferences_group_add (group, chart);
      gtk_box_append (self->groups_box, GTK_WIDGET (group));
      g_ptr_array_add (self->groups, group);

      games = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      /* Translators: the heading over a variant's last rated games. */
      adw_preferences_group_set_title (games, _("Last Rated Games"));
      for (guint i = rated->len; i-- > 0;)
        adw_preferences_group_add (games, game_row (&g_array_index (rated, IsleRatedGame, i)));
      gtk_box_append (self->groups_box, GTK_WIDGET (games));
      g_ptr_array_add (self->groups, games);
      self->n_shown++;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->n_shown > 0 ? "ratings" : "empty");
}

static void
on_ratings_changed (IsleRatingsView *self)
{
  refresh (self);
}

void
isle_ratings_view_set_session (IsleRatingsView *self, IsleSession *session)
{
  g_return_if_fail (ISLE_IS_RATINGS_VIEW (self));
  g_return_if_fail (session == NULL || ISLE_IS_SESSION (session));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      IsleLibrary *library = isle_session_get_library (session);

      g_signal_connect_swapped (session, "ratings-changed", G_CALLBACK (on_ratings_changed), self);
      /* The ratings can be read once the library is open. */
      if (library != NULL)
        g_signal_connect_object (library, "notify::state", G_CALLBACK (on_ratings_changed), self,
                                 G_CONNECT_SWAPPED);
    }
  refresh (self);
}

guint
isle_ratings_view_get_n_shown (IsleRatingsView *self)
{
  g_return_val_if_fail (ISLE_IS_RATINGS_VIEW (self), 0);
  return self->n_shown;
}

GtkWidget *
isle_ratings_view_new (void)
{
  return g_object_new (ISLE_TYPE_RATINGS_VIEW, NULL);
}

static void
isle_ratings_view_dispose (GObject *object)
{
  IsleRatingsView *self = ISLE_RATINGS_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (isle_ratings_view_parent_class)->dispose (object);
}

static void
isle_ratings_view_finalize (GObject *object)
{
  IsleRatingsView *self = ISLE_RATINGS_VIEW (object);

  g_ptr_array_unref (self->groups);
  G_OBJECT_CLASS (isle_ratings_view_parent_class)->finalize (object);
}

static void
isle_ratings_view_class_init (IsleRatingsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_ratings_view_dispose;
  object_class->finalize = isle_ratings_view_finalize;
}

/* Built as the Statistics view is (isle-games-page.ui): a clamp in a
 * scrolled window, a group a heading; an empty state before the first
 * rated game. */
static void
isle_ratings_view_init (IsleRatingsView *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *empty = adw_status_page_new ();

  self->groups = g_ptr_array_new ();
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_box_append (GTK_BOX (self), self->stack);

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "starred-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Rated Games Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Switch on Rated Game in the New Game window to play for a rating."));
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  gtk_widget_set_margin_top (clamp, 12);
  gtk_widget_set_margin_bottom (clamp, 24);
  gtk_widget_set_margin_start (clamp, 12);
  gtk_widget_set_margin_end (clamp, 12);
  self->groups_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 18));
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->groups_box));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_stack_add_named (GTK_STACK (self->stack), scrolled, "ratings");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
}
