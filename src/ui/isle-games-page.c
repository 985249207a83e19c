/* isle-games-page.c — Your Games: the kept games and their statistics
 * (isle-games-page.h). The list view's model is the library itself, read
 * a page at a time (IsleLibraryList); a row says when the game ended, the
 * variant, the opponent, and the result in words with the score. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-games-chart.h"
#include "isle-games-page.h"
#include "isle-games-stats.h"
#include "isle-narrow.h"
#include "isle-ratings-view.h"
#include "isle-player-spec.h"
#include "isle-words.h"

struct _IsleGamesPage
{
  GtkBox parent_instance;

  GtkBox *filters;
  AdwViewStack *views;
  GtkDropDown *variant_filter;
  GtkDropDown *opponent_filter;
  GtkDropDown *result_filter;
  GtkStack *content;
  GtkListView *view;
  GtkBox *stats_box;
  AdwPreferencesGroup *chart_group;
  IsleGamesChart *chart;
  IsleRatingsView *ratings_view;

  IsleLibrary *library;
  IsleLibraryList *list;
  GtkSingleSelection *selection;
  GPtrArray *stats;            /* IsleGamesStats, as shown */
  GPtrArray *stats_groups;     /* the groups of rows shown under the chart */
  char **opponents;            /* the opponent filter's specs, after "any" */
  gboolean filling;            /* the filters' lists are being set */
};

G_DEFINE_FINAL_TYPE (IsleGamesPage, isle_games_page, GTK_TYPE_BOX)

/* The results the result filter offers, after "Any result". */
static const IsleKeptResult filter_results[] = {
  ISLE_KEPT_WON, ISLE_KEPT_LOST, ISLE_KEPT_DRAWN, ISLE_KEPT_ABANDONED, ISLE_KEPT_RED_WON, ISLE_KEPT_BLUE_WON,
};

static char *
opponent_words (const char *opponent)
{
  IslePlayerSpec spec;

  if (opponent == NULL || !isle_player_spec_parse (opponent, &spec, NULL))
    return g_strdup (opponent != NULL ? opponent : "");
  return isle_player_spec_describe (&spec);
}

/* When a game ended, short: the time today, "Yesterday", the day of the
 * week within a week, the day and month this year, else the date. */
static char *
when_words (gint64 unix_seconds)
{
  g_autoptr (GDateTime) t = g_date_time_new_from_unix_local (unix_seconds);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autoptr (GDateTime) today = NULL;
  GTimeSpan ago;

  if (t == NULL || now == NULL)
    return g_strdup ("");
  today = g_date_time_new_local (g_date_time_get_year (now), g_date_time_get_month (now),
                                 g_date_time_get_day_of_month (now), 0, 0, 0);
  ago = g_date_time_difference (today, t);
  if (ago <= 0)
    return g_date_time_format (t, "%R");
  if (ago <= G_TIME_SPAN_DAY)
    return g_strdup (_("Yesterday"));
  if (ago < 6 * G_TIME_SPAN_DAY)
    return g_date_time_format (t, "%A");
  if (g_date_time_get_year (t) == g_date_time_get_year (now))
    /* Translators: a day of this year as g_date_time_format() writes it
     * (strftime's codes): "3 Mar". */
    return g_date_time_format (t, _("%-e %b"));
  /* Translators: a day of another year: "3 Mar 2024". */
  return g_date_time_format (t, _("%-e %b %Y"));
}

/* The result in words with the score, the person's points first when
 * there is one side of people. */
static char *
result_words (IsleKeptGame *game)
{
  int side = isle_kept_game_get_person_side (game);
  int mine = isle_kept_game_get_points (game, side == 1 ? 1 : 0);
  int theirs = isle_kept_game_get_points (game, side == 1 ? 0 : 1);

  switch (isle_kept_game_get_result (game))
    {
    /* Translators: a kept game's result and its score, the person's points
     * first: "Won 45–38". */
    case ISLE_KEPT_WON: return g_strdup_printf (_("Won %d–%d"), mine, theirs);
    case ISLE_KEPT_LOST: return g_strdup_printf (_("Lost %d–%d"), mine, theirs);
    case ISLE_KEPT_DRAWN: return g_strdup_printf (_("Drawn %d–%d"), mine, theirs);
    case ISLE_KEPT_ABANDONED: return g_strdup_printf (_("Abandoned at %d–%d"), mine, theirs);
    /* Translators: a game of no one side of people; Red's points first. */
    case ISLE_KEPT_RED_WON: return g_strdup_printf (_("Red won %d–%d"), mine, theirs);
    case ISLE_KEPT_BLUE_WON: return g_strdup_printf (_("Blue won %d–%d"), mine, theirs);
    case ISLE_KEPT_N_RESULTS:
    default: return g_strdup ("");
    }
}

static const char *
result_filter_words (IsleKeptResult result)
{
  switch (result)
    {
    case ISLE_KEPT_WON: return _("Won");
    case ISLE_KEPT_LOST: return _("Lost");
    case ISLE_KEPT_DRAWN: return _("Drawn");
    case ISLE_KEPT_ABANDONED: return _("Abandoned");
    case ISLE_KEPT_RED_WON: return _("Red won");
    case ISLE_KEPT_BLUE_WON: return _("Blue won");
    case ISLE_KEPT_N_RESULTS:
    default: return "";
    }
}

/* ---- rows -------------------------------------------------------------- */

static void
on_setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *title = gtk_label_new (NULL), *subtitle = gtk_label_new (NULL), *when = gtk_label_new (NULL);
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-as-symbolic");
  GtkWidget *delete = gtk_button_new_from_icon_name ("user-trash-symbolic");

  (void) factory;
  (void) data;
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_widget_set_margin_start (row, 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (when, "dim-label");
  gtk_widget_add_css_class (when, "numeric");
  gtk_widget_set_hexpand (words, TRUE);
  gtk_widget_set_valign (words, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (words), title);
  gtk_box_append (GTK_BOX (words), subtitle);
  gtk_box_append (GTK_BOX (row), words);
  gtk_box_append (GTK_BOX (row), when);
  for (GtkWidget **b = (GtkWidget *[]) { export, delete, NULL }; *b != NULL; b++)
    {
      gtk_widget_add_css_class (*b, "flat");
      gtk_widget_set_valign (*b, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (row), *b);
    }
  gtk_widget_set_tooltip_text (export, _("Export as a Saved Game"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (export), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Export as a Saved Game"), -1);
  /* The target first: the action takes a row number (set when bound). */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (export), "x", (gint64) 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "win.export-kept-game");
  gtk_widget_set_tooltip_text (delete, _("Delete"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (delete), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Delete"), -1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (delete), "x", (gint64) 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (delete), "win.delete-kept-game");
  g_object_set_data (G_OBJECT (row), "title", title);
  g_object_set_data (G_OBJECT (row), "subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "when", when);
  g_object_set_data (G_OBJECT (row), "export", export);
  g_object_set_data (G_OBJECT (row), "delete", delete);
  gtk_list_item_set_child (item, row);
}

static void
on_bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  IsleKeptGame *game = gtk_list_item_get_item (item);
  GtkWidget *row = gtk_list_item_get_child (item);
  g_autofree char *result = NULL, *opponent = NULL, *subtitle = NULL, *when = NULL, *spoken = NULL;
  GVariant *id;

  (void) factory;
  (void) data;
  if (game == NULL)
    return;
  result = result_words (game);
  opponent = opponent_words (isle_kept_game_get_opponent (game));
  /* Translators: a kept game's variant and opponent: "Basic Game against
   * Medium". */
  subtitle = g_strdup_printf (_("%s against %s"), isle_words_variant (isle_kept_game_get_variant (game)), opponent);
  when = when_words (isle_kept_game_get_ended (game));
  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "title"), result);
  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "subtitle"), subtitle);
  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "when"), when);
  id = g_variant_new_int64 (isle_kept_game_get_id (game));
  g_variant_ref_sink (id);
  gtk_actionable_set_action_target_value (g_object_get_data (G_OBJECT (row), "export"), id);
  gtk_actionable_set_action_target_value (g_object_get_data (G_OBJECT (row), "delete"), id);
  g_variant_unref (id);
  /* Translators: a row of Your Games for screen readers: the result,
   * the variant and opponent, and when. */
  spoken = g_strdup_printf (_("%s, %s, %s"), result, subtitle, when);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
}

static gint64
id_at (IsleGamesPage *self, guint position)
{
  g_autoptr (IsleKeptGame) game = self->list != NULL
                                   ? g_list_model_get_item (G_LIST_MODEL (self->list), position) : NULL;

  return game != NULL ? isle_kept_game_get_id (game) : 0;
}

static void
on_row_activated (IsleGamesPage *self, guint position)
{
  gint64 id = id_at (self, position);

  if (id > 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-kept-game", "x", id);
}

/* Delete on the list deletes the game selected. */
static gboolean
on_list_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, IsleGamesPage *self)
{
  guint position;
  gint64 id;

  (void) keys;
  (void) keycode;
  if ((keyval != GDK_KEY_Delete && keyval != GDK_KEY_KP_Delete)
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) || self->selection == NULL)
    return FALSE;
  position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION || (id = id_at (self, position)) <= 0)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.delete-kept-game", "x", id);
  return TRUE;
}

/* ---- statistics --------------------------------------------------------- */

static char *
stats_title (const IsleGamesStats *s)
{
  switch (s->group)
    {
    case ISLE_GAMES_STATS_ALL: return g_strdup (_("All your games"));
    case ISLE_GAMES_STATS_VARIANT: return g_strdup (isle_words_variant (s->variant));
    case ISLE_GAMES_STATS_OPPONENT:
    default:
      {
        g_autofree char *who = opponent_words (s->opponent);

        /* Translators: the statistics of the games against one opponent. */
        return g_strdup_printf (_("Against %s"), who);
      }
    }
}

static GtkWidget *
stats_row (const IsleGamesStats *s)
{
  g_autofree char *title = stats_title (s);
  g_autofree char *best = s->best_round >= 0 ? g_strdup_printf ("%d", s->best_round) : g_strdup ("—");
  g_autofree char *counts = NULL, *more = NULL, *subtitle = NULL;
  GtkWidget *row = adw_action_row_new ();

  /* Translators: statistics of a group of games. */
  counts = g_strdup_printf (_("Played %u · won %u · lost %u · drawn %u"), s->played, s->won, s->lost, s->drawn);
  /* Translators: the share won (a percentage), the best round's points
   * (or —), and the longest run of wins. */
  more = g_strdup_printf (_("Won %.0f%% · best round %s · longest winning streak %u"), 100.0 * s->win_share, best,
                          s->longest_streak);
  subtitle = g_strconcat (counts, "\n", more, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

static void
fill_stats (IsleGamesPage *self, GPtrArray *games)
{
  AdwPreferencesGroup *groups[3] = { NULL };
  const char *titles[3] = { _("Overall"), _("By Variant"), _("By Opponent") };

  for (guint i = 0; i < self->stats_groups->len; i++)
    gtk_box_remove (self->stats_box, g_ptr_array_index (self->stats_groups, i));
  g_ptr_array_set_size (self->stats_groups, 0);
  g_clear_pointer (&self->stats, g_ptr_array_unref);
  isle_games_chart_set_games (self->chart, games);
  if (games == NULL)
    return;
  self->stats = isle_games_stats_compute (games);
  for (guint i = 0; i < self->stats->len; i++)
    {
      const IsleGamesStats *s = g_ptr_array_index (self->stats, i);

      if (groups[s->group] == NULL)
        {
          groups[s->group] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (groups[s->group], titles[s->group]);
          gtk_box_append (self->stats_box, GTK_WIDGET (groups[s->group]));
          g_ptr_array_add (self->stats_groups, groups[s->group]);
        }
      adw_preferences_group_add (groups[s->group], stats_row (s));
    }
}

/* ---- filters ------------------------------------------------------------ */

/* A filter's choice as its button shows it: cut short with an ellipsis
 * when the window is narrow (ELLIPSIZE), whole in its list. */
static void
on_setup_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void) factory;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (ellipsize != NULL)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
on_bind_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void) factory;
  (void) data;
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item))));
}

static GtkListItemFactory *
choice_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_choice), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_choice), NULL);
  return factory;
}

/* The filters fit a narrow window side by side: their buttons may be cut
 * short, their lists never. */
static void
let_shrink (GtkDropDown *drop_down)
{
  g_autoptr (GtkListItemFactory) button = choice_factory (TRUE);
  g_autoptr (GtkListItemFactory) list = choice_factory (FALSE);

  gtk_drop_down_set_factory (drop_down, button);
  gtk_drop_down_set_list_factory (drop_down, list);
}

static void
set_strings (GtkDropDown *drop_down, GPtrArray *strings)
{
  g_autoptr (GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < strings->len; i++)
    gtk_string_list_append (list, g_ptr_array_index (strings, i));
  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (list));
}

/* The opponents offered are the ones the statistics name (those of the
 * person's games), kept selected across a refresh when still there. */
static void
fill_opponents (IsleGamesPage *self)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GStrvBuilder) specs = g_strv_builder_new ();
  guint selected = gtk_drop_down_get_selected (self->opponent_filter), keep = 0;
  g_autofree char *was = NULL;
  guint n = 0;

  if (selected != GTK_INVALID_LIST_POSITION && selected > 0 && self->opponents != NULL
      && selected - 1 < g_strv_length (self->opponents))
    was = g_strdup (self->opponents[selected - 1]);
  g_ptr_array_add (words, g_strdup (_("Any opponent")));
  for (guint i = 0; self->stats != NULL && i < self->stats->len; i++)
    {
      const IsleGamesStats *s = g_ptr_array_index (self->stats, i);

      if (s->group != ISLE_GAMES_STATS_OPPONENT)
        continue;
      g_ptr_array_add (words, opponent_words (s->opponent));
      g_strv_builder_add (specs, s->opponent);
      n++;
      if (g_strcmp0 (was, s->opponent) == 0)
        keep = n;
    }
  g_strfreev (self->opponents);
  self->opponents = g_strv_builder_end (specs);
  self->filling = TRUE;
  set_strings (self->opponent_filter, words);
  gtk_drop_down_set_selected (self->opponent_filter, keep);
  self->filling = FALSE;
}

static void
show_content (IsleGamesPage *self)
{
  const IsleLibraryFilter *filter = self->list != NULL ? isle_library_list_get_filter (self->list) : NULL;
  gboolean filtered = filter != NULL && (filter->variant >= 0 || filter->result >= 0 || filter->opponent != NULL);
  gboolean any = self->list != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->list)) > 0;

  gtk_stack_set_visible_child_name (self->content, any ? "list" : filtered ? "no-match" : "empty");
  /* With nothing kept there is nothing to filter. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->variant_filter), any || filtered);
  gtk_widget_set_sensitive (GTK_WIDGET (self->opponent_filter), any || filtered);
  gtk_widget_set_sensitive (GTK_WIDGET (self->result_filter), any || filtered);
}

static void
on_filter_changed (IsleGamesPage *self)
{
  IsleLibraryFilter filter = ISLE_LIBRARY_FILTER_ALL;
  guint variant = gtk_drop_down_get_selected (self->variant_filter);
  guint opponent = gtk_drop_down_get_selected (self->opponent_filter);
  guint result = gtk_drop_down_get_selected (self->result_filter);

  if (self->filling || self->list == NULL)
    return;
  if (variant != GTK_INVALID_LIST_POSITION && variant > 0)
    filter.variant = (int) variant - 1;
  if (opponent != GTK_INVALID_LIST_POSITION && opponent > 0 && self->opponents != NULL
      && opponent - 1 < g_strv_length (self->opponents))
    filter.opponent = self->opponents[opponent - 1];
  if (result != GTK_INVALID_LIST_POSITION && result > 0 && result - 1 < G_N_ELEMENTS (filter_results))
    filter.result = (int) filter_results[result - 1];
  isle_library_list_set_filter (self->list, &filter);
  show_content (self);
}

/* Every game, oldest first, for the statistics and the chart. */
static void
refresh_stats (IsleGamesPage *self)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;

  if (self->library != NULL)
    games = isle_library_list (self->library, NULL, FALSE, 0, G_MAXUINT, &error);
  if (error != NULL)
    g_warning ("The games library could not be read: %s", error->message);
  fill_stats (self, games);
  fill_opponents (self);
}

static void
on_library_changed (IsleGamesPage *self)
{
  refresh_stats (self);
  show_content (self);
}

/* ---- the page ----------------------------------------------------------- */

void
isle_games_page_set_library (IsleGamesPage *self, IsleLibrary *library)
{
  g_return_if_fail (ISLE_IS_GAMES_PAGE (self));

  if (self->library == library)
    return;
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  if (self->list != NULL)
    g_signal_handlers_disconnect_by_data (self->list, self);
  g_clear_object (&self->list);
  g_clear_object (&self->selection);
  g_set_object (&self->library, library);
  if (library != NULL)
    {
      self->list = isle_library_list_new (library, NULL);
      self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->list)));
      gtk_single_selection_set_can_unselect (self->selection, TRUE);
      /* The list reads itself again first (it connected first). */
      g_signal_connect_swapped (library, "changed", G_CALLBACK (on_library_changed), self);
      g_signal_connect_swapped (library, "notify::state", G_CALLBACK (on_library_changed), self);
    }
  gtk_list_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  on_filter_changed (self);
  on_library_changed (self);
}

IsleLibraryList *
isle_games_page_get_list (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), NULL);
  return self->list;
}

GtkWidget *
isle_games_page_get_view (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), NULL);
  return GTK_WIDGET (self->view);
}

GtkDropDown *
isle_games_page_get_result_filter (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), NULL);
  return self->result_filter;
}

GPtrArray *
isle_games_page_get_stats (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), NULL);
  return self->stats;
}

void
isle_games_page_set_session (IsleGamesPage *self, IsleSession *session)
{
  g_return_if_fail (ISLE_IS_GAMES_PAGE (self));
  isle_ratings_view_set_session (self->ratings_view, session);
}

IsleRatingsView *
isle_games_page_get_ratings (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), NULL);
  return self->ratings_view;
}

void
isle_games_page_show (IsleGamesPage *self, const char *view)
{
  g_return_if_fail (ISLE_IS_GAMES_PAGE (self));
  adw_view_stack_set_visible_child_name (self->views, view);
}

static void
isle_games_page_dispose (GObject *object)
{
  IsleGamesPage *self = ISLE_GAMES_PAGE (object);

  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  g_clear_object (&self->library);
  g_clear_object (&self->selection);
  g_clear_object (&self->list);
  g_clear_pointer (&self->stats, g_ptr_array_unref);
  g_clear_pointer (&self->stats_groups, g_ptr_array_unref);
  g_clear_pointer (&self->opponents, g_strfreev);
  gtk_widget_dispose_template (GTK_WIDGET (object), ISLE_TYPE_GAMES_PAGE);
  G_OBJECT_CLASS (isle_games_page_parent_class)->dispose (object);
}

static void
isle_games_page_class_init (IsleGamesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_games_page_dispose;
  g_type_ensure (ISLE_TYPE_GAMES_CHART);
  g_type_ensure (ISLE_TYPE_RATINGS_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/critterisle/CritterIsle/isle-games-page.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, filters);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, views);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, variant_filter);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, opponent_filter);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, result_filter);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, content);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, view);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, stats_box);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, chart_group);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, chart);
  gtk_widget_class_bind_template_child (widget_class, IsleGamesPage, ratings_view);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
}

#if ADW_CHECK_VERSION (1, 4, 0)
void
isle_games_page_narrow_at (IsleGamesPage *self, AdwBreakpoint *breakpoint)
{
  g_return_if_fail (ISLE_IS_GAMES_PAGE (self));
  isle_narrow_stack (breakpoint, GTK_ORIENTABLE (self->filters));
}
#else
void
isle_games_page_set_narrow (IsleGamesPage *self, gboolean narrow)
{
  g_return_if_fail (ISLE_IS_GAMES_PAGE (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->filters),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
}

gboolean
isle_games_page_is_narrow (IsleGamesPage *self)
{
  g_return_val_if_fail (ISLE_IS_GAMES_PAGE (self), FALSE);
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->filters)) == GTK_ORIENTATION_VERTICAL;
}
#endif

static void
isle_games_page_init (IsleGamesPage *self)
{
  g_autoptr (GPtrArray) variants = g_ptr_array_new ();
  g_autoptr (GPtrArray) results = g_ptr_array_new ();
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  let_shrink (self->variant_filter);
  let_shrink (self->opponent_filter);
  let_shrink (self->result_filter);
  self->stats_groups = g_ptr_array_new ();
  self->filling = TRUE;
  g_ptr_array_add (variants, (gpointer) _("Any variant"));
  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    g_ptr_array_add (variants, (gpointer) isle_words_variant ((IsleVariant) v));
  set_strings (self->variant_filter, variants);
  g_ptr_array_add (results, (gpointer) _("Any result"));
  for (guint i = 0; i < G_N_ELEMENTS (filter_results); i++)
    g_ptr_array_add (results, (gpointer) result_filter_words (filter_results[i]));
  set_strings (self->result_filter, results);
  self->filling = FALSE;
  fill_opponents (self);
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_row), NULL);
  gtk_list_view_set_factory (self->view, factory);
  g_object_unref (factory);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_list_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->view), keys);
  show_content (self);
}
