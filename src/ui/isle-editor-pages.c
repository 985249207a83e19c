/* isle-editor-pages.c — the editor's pages, which field stands where:
 * Game, Position, Rules, Goal and Details. A part of IsleEditorWindow
 * (isle-editor-window-private.h).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-ai.h"
#include "isle-editor-window-private.h"
#include "isle-settings.h"
#include "isle-token-art.h"
#include "isle-words.h"

/* ---- the pages ----------------------------------------------------------- */

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page, const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  adw_preferences_page_add (page, ADW_PREFERENCES_GROUP (group));
  return ADW_PREFERENCES_GROUP (group);
}

/* The rules' SECTION a group of fields follows, in its tooltip rather
 * than in its words. */
static void
set_rules_tooltip (GtkWidget *widget, const char *section)
{
  /* Translators: the rules' sections a group of fields follows ("R7.1") */
  g_autofree char *tip = g_strdup_printf (_("Rules: %s"), section);

  gtk_widget_set_tooltip_text (widget, tip);
}

static AdwPreferencesPage *
add_page (IsleEditorWindow *self, const char *name, const char *title, const char *icon)
{
  GtkWidget *page = adw_preferences_page_new ();

  adw_view_stack_add_titled (self->pages, page, name, title);
  adw_view_stack_page_set_icon_name (adw_view_stack_get_page (self->pages, page), icon);
  return ADW_PREFERENCES_PAGE (page);
}

/* LIST (NULL-terminated, N_() strings) translated into OUT (N entries). */
static const char *const *
translate_list (const char *const *list, const char **out, gsize n)
{
  gsize i;

  for (i = 0; list[i] != NULL && i + 1 < n; i++)
    out[i] = _(list[i]);
  out[i] = NULL;
  return out;
}

void
isle_editor_window_build_pages (IsleEditorWindow *self)
{
  static const char *const variants[] = { N_("Basic Game"), N_("Weather Game"), N_("Mercenary Game"),
                                          N_("Quick Game"), N_("Team Game"), NULL };
  static const char *const weathers[] = { N_("Sunny"), N_("Cloudy"), N_("Foggy"), NULL };
  static const char *const quadrants[] = { N_("North-West Quarter"), N_("North-East Quarter"),
                                           N_("South-West Quarter"), N_("South-East Quarter") };
  static const char *const difficulties[] = { N_("Not a Puzzle"), N_("Easy"), N_("Medium"), N_("Hard"), NULL };
  static const char *const goals[] = { N_("No Goal: Play It Out"), N_("Win the Game"),
                                       N_("Score Points This Round"), N_("Win This Round by Points"),
                                       N_("Make a Line"), N_("Have Coins After This Round"), NULL };
  static const char *const hands[] = { N_("Choose"), N_("Deal"), NULL };
  static const char *const lifts[] = { N_("Filler"), N_("Next Player"), NULL };
  const char *translated[8];
  AdwPreferencesPage *page;
  AdwPreferencesGroup *group;
  int levels_n;
  const IsleAiLevel *levels = isle_ai_levels (&levels_n);
  g_autoptr (GPtrArray) level_names = g_ptr_array_new_with_free_func (g_free);

#define TR(list) translate_list ((list), translated, G_N_ELEMENTS (translated))

  /* The game. */
  page = add_page (self, "game", _("Game"), "applications-games-symbolic");
  group = add_group (page, _("The Game"), NULL);
  isle_editor_window_combo_row (self, group, F_VARIANT, "variant", _("Variant"), NULL, TR (variants));
  isle_editor_window_combo_row (self, group, F_PLAYER, "player", _("The Player Plays"), _("The seat of whoever opens the scenario"),
             (const char *const[]) { "", NULL });
  for (int i = 0; i < levels_n; i++)
    g_ptr_array_add (level_names, isle_settings_player_name (levels[i].id));
  g_ptr_array_add (level_names, NULL);
  isle_editor_window_combo_row (self, group, F_OPPONENT, "opponent", _("Opponent"), _("Always a built-in player"),
             (const char *const *) level_names->pdata);
  isle_editor_window_combo_row (self, group, F_FIRST_SEAT, "first_seat", _("Who Starts"), _("Plays first in the first round"),
             (const char *const[]) { "", NULL });
  isle_editor_window_switch_row (self, group, F_PRESET, "start", _("Start from a Position"),
              _("Set up the island, hands and scores below; otherwise the game starts from the beginning"));

  /* The position. */
  page = add_page (self, "position", _("Position"), "view-grid-symbolic");
  group = add_group (page, _("Where the Game Stands"), NULL);
  self->position_group[0] = GTK_WIDGET (group);
  isle_editor_window_spin_row (self, group, F_ROUND, "start.round", _("Round"), NULL, 1, ISLE_MAX_ROUNDS);
  isle_editor_window_combo_row (self, group, F_START_FIRST_SEAT, "start.first_seat", _("First in This Round"), NULL,
             (const char *const[]) { "", NULL });
  isle_editor_window_combo_row (self, group, F_TO_MOVE, "start.to_move", _("To Move"), NULL, (const char *const[]) { "", NULL });
  isle_editor_window_combo_row (self, group, F_WEATHER, "start.weather", _("Weather"), _("The card in play this round"), TR (weathers));
  self->board_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->board_row), _("The Island"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->board_row), _("Set it up with the palette under it"));
  adw_preferences_group_add (group, self->board_row);
  for (int q = 0; q < 4; q++)
    isle_editor_window_switch_row (self, group, F_FOG_FIRST + q, "start.board", _(quadrants[q]), _("Under a fog board"));
  group = add_group (page, _("Points and Coins"), _("From the rounds before this one"));
  self->position_group[1] = GTK_WIDGET (group);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    {
      g_autofree char *points = g_strdup_printf (_("%s's Points"), isle_words_side (side));
      g_autofree char *coins = g_strdup_printf (_("%s's Coins"), isle_words_side (side));

      isle_editor_window_spin_row (self, group, F_SCORE_FIRST + side, "start.scores", points, NULL, 0, 999);
      isle_editor_window_spin_row (self, group, F_COINS_FIRST + side, "start.coins", coins, NULL, 0, 9999);
    }
  group = add_group (page, _("Hired Mercenaries"), _("Each takes the place of a basic token of its side"));
  self->position_group[2] = GTK_WIDGET (group);
  for (int side = 0; side < ISLE_N_SIDES; side++)
    for (int i = 0; i < N_MERCENARIES; i++)
      {
        IsleKind kind = (IsleKind) (ISLE_FIRST_MERCENARY + i);
        /* Translators: "Red's Fox" */
        g_autofree char *title = g_strdup_printf (_("%s's %s"), isle_words_side (side), isle_words_kind (kind));
        GtkWidget *row = isle_editor_window_spin_row (self, group, F_HIRED_FIRST + side * N_MERCENARIES + i, "start.hired",
                                   title, NULL, 0, isle_kind_info (kind)->supply);

        adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new (kind, side, 28));
      }
  group = add_group (page, _("Weather Deck"), _("The cards left, top first"));
  self->position_group[3] = GTK_WIDGET (group);
  isle_editor_window_switch_row (self, group, F_RANDOM_DECK, "start.deck", _("Shuffled at Random"),
              _("The rules' deck less the cards of this and earlier rounds"));
  self->deck_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (self->deck_box, 6);
  adw_preferences_group_add (group, self->deck_box);
  self->hands_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  {
    AdwPreferencesGroup *holder = add_group (page, _("Hands and Piles"), NULL);

    adw_preferences_group_add (holder, self->hands_box);
  }

  /* The rules. */
  page = add_page (self, "rules", _("Rules"), "accessories-text-editor-symbolic");
  group = add_group (page, _("Points for a Line"), _("By its length"));
  set_rules_tooltip (GTK_WIDGET (group), "R7.1");
  for (int length = 3; length <= ISLE_BOARD_SIZE; length++)
    {
      /* Translators: "A line of 4" */
      g_autofree char *title = g_strdup_printf (_("A Line of %d"), length);
      g_autofree char *path = g_strdup_printf ("rules.line_score.%d", length);

      isle_editor_window_spin_row (self, group, F_LINE_FIRST + length - 3, g_intern_string (path), title, NULL, 0, 999);
    }
  group = add_group (page, _("Options"), NULL);
  isle_editor_window_combo_row (self, group, F_OPENING_HAND, "rules.options.opening_hand", _("Opening Hand"), NULL, TR (hands));
  isle_editor_window_combo_row (self, group, F_FOG_LIFT, "rules.options.fog_lift", _("Fog Lifted By"), NULL, TR (lifts));
  isle_editor_window_combo_row (self, group, F_QUICK_WEATHER, "rules.options.quick_weather", _("Quick Game Weather"), NULL, TR (weathers));
  isle_editor_window_switch_row (self, group, F_STRICT, "rules.options.strict_memory", _("Strict Memory"),
              _("Never show the kinds of your own face-down tokens"));
  isle_editor_window_spin_row (self, group, F_ROUNDS, "rules.rounds", _("Rounds"), _("In this variant"), 1, ISLE_MAX_ROUNDS);
  isle_editor_window_spin_row (self, group, F_EXTRA_ROUNDS, "rules.max_extra_rounds", _("Extra Rounds After a Tie"), NULL, 0, 3);
  isle_editor_window_spin_row (self, group, F_QUICK_COINS, "rules.quick_start_coins", _("Starting Coins"), _("Quick game"), 0, 999);
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    {
      g_autofree char *title = g_strdup_printf (_("%s Cards"), _(weathers[w]));

      isle_editor_window_spin_row (self, group, F_DECK_FIRST + w, "rules.weather_deck", title, _("In the weather deck"), 0,
                ISLE_MAX_WEATHER_CARDS);
    }
  group = add_group (page, _("Hire Costs"), _("In coins"));
  set_rules_tooltip (GTK_WIDGET (group), "R2");
  for (int i = 0; i < N_MERCENARIES; i++)
    {
      IsleKind kind = (IsleKind) (ISLE_FIRST_MERCENARY + i);
      g_autofree char *path = g_strdup_printf ("rules.hire_cost.%s", isle_kind_info (kind)->id);
      GtkWidget *row = isle_editor_window_spin_row (self, group, F_COST_FIRST + i, g_intern_string (path), isle_words_kind (kind),
                                 NULL, 0, 999);

      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new (kind, ISLE_SIDE_RED, 28));
    }

  /* The goal. */
  page = add_page (self, "goal", _("Goal"), GOAL_ICON_NAME);
  group = add_group (page, _("Goal"), _("What the player must do"));
  isle_editor_window_combo_row (self, group, F_GOAL_TYPE, "goal", _("Goal"), NULL, TR (goals));
  isle_editor_window_spin_row (self, group, F_GOAL_VALUE, "goal.value", _("How Much"), _("Points, a lead, a line's length or coins"), 0, 999);
  self->solution_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->solution_row), _("Solution"));
  adw_preferences_group_add (group, self->solution_row);
  group = add_group (page, _("Hints"), _("Shown one at a time when the player asks"));
  self->hints_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->hints_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->hints_box, "boxed-list");
  adw_preferences_group_add (group, self->hints_box);

  /* The details. */
  page = add_page (self, "details", _("Details"), "document-properties-symbolic");
  group = add_group (page, _("About the Scenario"), NULL);
  isle_editor_window_entry_row (self, group, F_TITLE, "title", _("Title"));
  isle_editor_window_entry_row (self, group, F_AUTHOR, "author", _("Author"));
  isle_editor_window_combo_row (self, group, F_DIFFICULTY, "difficulty", _("Difficulty"), NULL, TR (difficulties));
  group = add_group (page, _("Description"), _("What the player reads first: what to achieve and why it is not easy"));
  self->description_view = gtk_text_view_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->description_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Description"), -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->description_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->description_view), 8);
  gtk_widget_set_size_request (self->description_view, -1, 120);
  gtk_widget_add_css_class (self->description_view, "card");
  gtk_widget_set_name (self->description_view, "field-description");
  g_signal_connect (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description_view)), "changed",
                    G_CALLBACK (isle_editor_window_on_description_changed), self);
  self->description_row = self->description_view;
  adw_preferences_group_add (group, self->description_view);
#undef TR
}
