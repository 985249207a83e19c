/* isle-new-game-dialog.c — the New Game window.
 *
 * Rows follow the variant: two seats or four (R11), the fog lift only where
 * there is weather to bring fog (R6.5), the quick game's weather only in
 * the quick game (R10), strict memory only where tokens can lie face down
 * (R6.4, R12). Every number shown comes from the standard rules.
 *
 * With libadwaita ≥ 1.5 it is an AdwDialog presented on the window (a
 * bottom sheet when the window is narrow), before a modal AdwWindow. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-dialog-template.h"
#include "isle-new-game-dialog.h"
#include "isle-player-spec.h"
#include "isle-plugin-loader.h"
#include "isle-rating.h"
#include "isle-rules-json.h"
#include "isle-settings.h"

struct _IsleNewGameDialog
{
#if ISLE_NEW_GAME_IS_DIALOG
  AdwDialog parent_instance;
#else
  AdwWindow parent_instance;
#endif

  /* Template widgets. */
  GtkWidget *start_button;
  AdwComboRow *variant_row;
  AdwComboRow *seat_rows[ISLE_MAX_SEATS];
  AdwComboRow *first_seat_row;
  GtkStringList *first_seat_names;
  AdwComboRow *opening_row;
  AdwComboRow *weather_row;
  AdwComboRow *fog_lift_row;
  AdwActionRow *strict_row;
  GtkSwitch *strict_switch;
  AdwPreferencesGroup *rated_group;
  GtkWidget *players_group;

  /* Rated games (issue 30), made in _init(). */
  GtkWidget *rated_row;       /* AdwSwitchRow, or an AdwActionRow with rated_switch */
  GtkSwitch *rated_switch;
  AdwActionRow *opponent_row;
  AdwActionRow *start_row;
  GtkSpinButton *start_spin;
  IsleSession *session;

  GSettings *settings;
  IsleRules standard;         /* what rules a new game starts from */
  GPtrArray *players;         /* IslePlayerChoice *, in the seat rows' order */
  GtkStringList *player_names;
  int n_seats_shown;          /* seats in first_seat_names */

  IsleNewGameCallback callback;
  gpointer user_data;
#if ISLE_NEW_GAME_IS_DIALOG
  gboolean steer_focus;       /* opened, and the person has not acted yet */
#endif
};

#if ISLE_NEW_GAME_IS_DIALOG
G_DEFINE_FINAL_TYPE (IsleNewGameDialog, isle_new_game_dialog, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IsleNewGameDialog, isle_new_game_dialog, ADW_TYPE_WINDOW)
#endif

static void
close_dialog (IsleNewGameDialog *self)
{
#if ISLE_NEW_GAME_IS_DIALOG
  adw_dialog_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

static IsleVariant
selected_variant (IsleNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->variant_row);

  return selected < ISLE_N_VARIANTS ? (IsleVariant) selected : ISLE_VARIANT_BASIC;
}

static IsleWeather
selected_weather (IsleNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->weather_row);

  return selected < ISLE_N_WEATHER ? (IsleWeather) selected : ISLE_WEATHER_SUNNY;
}

static int
n_seats_of (IsleVariant variant)
{
  IsleGameSetup setup = { .variant = variant };

  return isle_game_setup_n_seats (&setup);
}

/* "Red", "Blue"; in the team game "Red 1", "Blue 1", "Red 2", "Blue 2". */
static char *
seat_title (int seat, int n_seats)
{
  gboolean red = isle_seat_side (seat) == ISLE_SIDE_RED;

  if (n_seats <= 2)
    return g_strdup (red ? _("Red") : _("Blue"));
  /* TRANSLATORS: a seat of the team game: the first or second player of a team */
  return g_strdup_printf (red ? _("Red %d") : _("Blue %d"), seat / 2 + 1);
}

static char *
variant_description (const IsleRules *rules, IsleVariant variant)
{
  int rounds = rules->rounds[variant];

  switch (variant)
    {
    case ISLE_VARIANT_BASIC:
      return g_strdup_printf (ngettext ("%d round, no weather, no mercenaries",
                                        "%d rounds, no weather, no mercenaries", rounds),
                              rounds);
    case ISLE_VARIANT_WEATHER:
      return g_strdup_printf (ngettext ("%d round; fog may cover the island",
                                        "%d rounds; fog may cover the island", rounds),
                              rounds);
    case ISLE_VARIANT_MERCENARY:
      return g_strdup_printf (ngettext ("%d round with weather; points hire mercenaries",
                                        "%d rounds with weather; points hire mercenaries", rounds),
                              rounds);
    case ISLE_VARIANT_QUICK:
      return g_strdup_printf (ngettext ("%d round in one weather; start with %d coins",
                                        "%d rounds in one weather; start with %d coins", rounds),
                              rounds, rules->quick_start_coins);
    case ISLE_VARIANT_TEAM:
      return g_strdup_printf (ngettext ("Two teams of two; %d sunny round",
                                        "Two teams of two; %d sunny rounds", rounds),
                              rounds);
    case ISLE_N_VARIANTS:
    default:
      return g_strdup ("");
    }
}

/* The variant menu: each variant's name over its description, and a check
 * mark by the one chosen. */
static void
on_variant_item_selected (AdwComboRow *row, GParamSpec *pspec, GtkListItem *item)
{
  GtkWidget *check = g_object_get_data (G_OBJECT (item), "isle-check");

  (void) pspec;
  if (check != NULL)
    gtk_widget_set_opacity (check, gtk_list_item_get_position (item) == adw_combo_row_get_selected (row));
}

static void
variant_item_setup (GtkSignalListItemFactory *factory, GtkListItem *item, IsleNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *description = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  (void) factory;
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (description), 36);
  gtk_widget_add_css_class (description, "caption");
  gtk_widget_add_css_class (description, "dim-label");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), name);
  gtk_box_append (GTK_BOX (texts), description);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
  g_object_set_data (G_OBJECT (item), "isle-name", name);
  g_object_set_data (G_OBJECT (item), "isle-description", description);
  g_object_set_data (G_OBJECT (item), "isle-check", check);
  g_signal_connect_object (self->variant_row, "notify::selected",
                           G_CALLBACK (on_variant_item_selected), item, 0);
}

static void
variant_item_bind (GtkSignalListItemFactory *factory, GtkListItem *item, IsleNewGameDialog *self)
{
  guint position = gtk_list_item_get_position (item);
  GtkStringObject *string = gtk_list_item_get_item (item);
  g_autofree char *description = NULL;

  (void) factory;
  description = variant_description (&self->standard, position < ISLE_N_VARIANTS ? position : 0);
  gtk_label_set_label (g_object_get_data (G_OBJECT (item), "isle-name"),
                       gtk_string_object_get_string (string));
  gtk_label_set_label (g_object_get_data (G_OBJECT (item), "isle-description"), description);
  on_variant_item_selected (self->variant_row, NULL, item);
}

static guint
player_index (IsleNewGameDialog *self, const IslePlayerSpec *spec)
{
  for (guint i = 0; i < self->players->len; i++)
    {
      IslePlayerChoice *choice = g_ptr_array_index (self->players, i);

      if (isle_player_spec_equal (&choice->spec, spec))
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static const IslePlayerSpec *
selected_player (IsleNewGameDialog *self, int seat)
{
  guint selected = adw_combo_row_get_selected (self->seat_rows[seat]);
  IslePlayerChoice *choice;

  if (selected >= self->players->len)
    selected = 0;
  choice = g_ptr_array_index (self->players, selected);
  return &choice->spec;
}

static void
update_seat_subtitle (IsleNewGameDialog *self, int seat)
{
  guint selected = adw_combo_row_get_selected (self->seat_rows[seat]);
  const char *description = "";

  if (selected < self->players->len)
    description = ((IslePlayerChoice *) g_ptr_array_index (self->players, selected))->description;
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->seat_rows[seat]), description);
}

static void
update_options (IsleNewGameDialog *self)
{
  IsleVariant variant = selected_variant (self);
  IsleWeather weather = selected_weather (self);
  gboolean weather_game = variant == ISLE_VARIANT_WEATHER || variant == ISLE_VARIANT_MERCENARY;
  gboolean quick = variant == ISLE_VARIANT_QUICK;

  gtk_widget_set_visible (GTK_WIDGET (self->weather_row), quick);
  /* R6.3–R6.5: fog only comes with Cloudy and Foggy weather. */
  gtk_widget_set_visible (GTK_WIDGET (self->fog_lift_row),
                          weather_game || (quick && weather != ISLE_WEATHER_SUNNY));
  /* R6.4: only Foggy weather puts tokens face down. */
  gtk_widget_set_visible (GTK_WIDGET (self->strict_row),
                          weather_game || (quick && weather == ISLE_WEATHER_FOGGY));

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->opening_row),
                               adw_combo_row_get_selected (self->opening_row) == ISLE_OPENING_DEAL
                               ? _("Each hand is dealt at random")
                               : _("Each player picks their hand from their pile"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->fog_lift_row),
                               adw_combo_row_get_selected (self->fog_lift_row) == ISLE_FOG_LIFT_NEXT
                               ? _("The next player who must place lifts a fog board")
                               : _("The player who fills the last open tile lifts a fog board"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->weather_row), _("The weather of every round"));
}

static void
update_for_variant (IsleNewGameDialog *self)
{
  IsleVariant variant = selected_variant (self);
  int n_seats = n_seats_of (variant);
  g_autofree char *description = variant_description (&self->standard, variant);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->variant_row), description);

  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      g_autofree char *title = seat_title (seat, n_seats);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_rows[seat]), title);
      gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[seat]), seat < n_seats);
    }

  if (n_seats != self->n_seats_shown)
    {
      guint first = adw_combo_row_get_selected (self->first_seat_row);
      g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);

      for (int seat = 0; seat < n_seats; seat++)
        g_ptr_array_add (titles, seat_title (seat, n_seats));
      g_ptr_array_add (titles, NULL);
      gtk_string_list_splice (self->first_seat_names, 0, self->n_seats_shown,
                              (const char *const *) titles->pdata);
      self->n_seats_shown = n_seats;
      adw_combo_row_set_selected (self->first_seat_row, first < (guint) n_seats ? first : 0);
    }
  update_options (self);
}

/* ---- rated games ------------------------------------------------------------ */

static gboolean
rated_active (IsleNewGameDialog *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_switch_row_get_active (ADW_SWITCH_ROW (self->rated_row));
#else
  return gtk_switch_get_active (self->rated_switch);
#endif
}

static void
set_rated_active (IsleNewGameDialog *self, gboolean active)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_switch_row_set_active (ADW_SWITCH_ROW (self->rated_row), active);
#else
  gtk_switch_set_active (self->rated_switch, active);
#endif
}

/* The rated rows follow the variant and the person's rating: the
 * opponent that will be chosen and the rating now, the starting rating
 * before the first rated game of the variant; the players and who
 * starts are drawn, so hidden. */
static void
update_rated (IsleNewGameDialog *self)
{
  IsleVariant variant = selected_variant (self);
  gboolean can = self->session != NULL && isle_session_can_rate (self->session)
                 && isle_game_setup_can_rate (variant);
  gboolean rated, has_rating = FALSE;
  double rating = ISLE_RATING_DEFAULT, best = ISLE_RATING_DEFAULT;
  guint games = 0;

  if (!can && rated_active (self))
    set_rated_active (self, FALSE);
  gtk_widget_set_sensitive (self->rated_row, can);
  if (self->session == NULL || !isle_session_can_rate (self->session))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rated_row),
                                 _("Rated games need the games library, which cannot be written now"));
  else if (!isle_game_setup_can_rate (variant))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rated_row), _("Only games of two players are rated"));
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rated_row),
                                 _("Against the computer nearest your rating; no undo or hints until the end"));
  rated = can && rated_active (self);
  if (rated)
    has_rating = isle_session_get_rating (self->session, variant, &rating, &games, &best);
  if (rated && !has_rating)
    rating = gtk_spin_button_get_value_as_int (self->start_spin);

  gtk_widget_set_visible (self->players_group, !rated);
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), rated);
  gtk_widget_set_visible (GTK_WIDGET (self->start_row), rated && !has_rating);
  if (rated)
    {
      const IsleRatedStrength *opponent = isle_rating_opponent (rating);
      IslePlayerSpec spec = isle_player_spec_for (opponent->spec);
      g_autofree char *name = isle_player_spec_describe (&spec);
      /* TRANSLATORS: the opponent of a rated game: a level's name and its Elo rating */
      g_autofree char *title = g_strdup_printf (_("Opponent: %s, rated %d"), name, opponent->elo);
      g_autofree char *subtitle = NULL;

      if (has_rating)
        subtitle = g_strdup_printf (ngettext ("Your rating is %d after %u rated game; your colour is drawn at random",
                                              "Your rating is %d after %u rated games; your colour is drawn at random",
                                              games),
                                    (int) lround (rating), games);
      else
        subtitle = g_strdup (_("Your first rated game of this kind; your colour is drawn at random"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->opponent_row), title);
      adw_action_row_set_subtitle (self->opponent_row, subtitle);
    }
}

static void
on_rated_changed (IsleNewGameDialog *self)
{
  update_rated (self);
}

void
isle_new_game_dialog_set_session (IsleNewGameDialog *self, IsleSession *session)
{
  g_return_if_fail (ISLE_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (session == NULL || ISLE_IS_SESSION (session));

  g_set_object (&self->session, session);
  /* The switch as the last game left it, where a rated game may be. */
  set_rated_active (self, session != NULL && g_settings_get_boolean (self->settings, "rated-game"));
  /* And the starting rating as it was last said, until one is counted. */
  gtk_spin_button_set_value (self->start_spin, g_settings_get_int (self->settings, "starting-rating"));
  update_rated (self);
}

/* The rated rows, made here to be AdwSwitchRow where libadwaita has it. */
static void
make_rated_rows (IsleNewGameDialog *self)
{
  GtkAdjustment *adjustment;

#if ADW_CHECK_VERSION (1, 4, 0)
  self->rated_row = adw_switch_row_new ();
  g_signal_connect_swapped (self->rated_row, "notify::active", G_CALLBACK (on_rated_changed), self);
#else
  self->rated_row = adw_action_row_new ();
  self->rated_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->rated_switch), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rated_switch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rated Game"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->rated_row), GTK_WIDGET (self->rated_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self->rated_row), GTK_WIDGET (self->rated_switch));
  g_signal_connect_swapped (self->rated_switch, "notify::active", G_CALLBACK (on_rated_changed), self);
#endif
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rated_row), _("_Rated Game"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->rated_row), TRUE);
  adw_preferences_group_add (self->rated_group, self->rated_row);

  self->opponent_row = ADW_ACTION_ROW (adw_action_row_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), FALSE);
  adw_preferences_group_add (self->rated_group, GTK_WIDGET (self->opponent_row));

  self->start_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->start_row), _("S_tarting Rating"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->start_row), TRUE);
  adw_action_row_set_subtitle (self->start_row, _("How strong you think you are: the first opponent is chosen by it"));
  adjustment = gtk_adjustment_new (ISLE_RATING_DEFAULT, ISLE_RATING_MIN, ISLE_RATING_MAX, 50, 100, 0);
  self->start_spin = GTK_SPIN_BUTTON (gtk_spin_button_new (adjustment, 50, 0));
  gtk_widget_set_valign (GTK_WIDGET (self->start_spin), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->start_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Starting Rating"), -1);
  g_signal_connect_swapped (self->start_spin, "value-changed", G_CALLBACK (on_rated_changed), self);
  adw_action_row_add_suffix (self->start_row, GTK_WIDGET (self->start_spin));
  adw_action_row_set_activatable_widget (self->start_row, GTK_WIDGET (self->start_spin));
  gtk_widget_set_visible (GTK_WIDGET (self->start_row), FALSE);
  adw_preferences_group_add (self->rated_group, GTK_WIDGET (self->start_row));
  update_rated (self);
}

gboolean
isle_new_game_dialog_get_rated (IsleNewGameDialog *self)
{
  g_return_val_if_fail (ISLE_IS_NEW_GAME_DIALOG (self), FALSE);
  return gtk_widget_get_sensitive (self->rated_row) && rated_active (self);
}

static void
on_variant_changed (IsleNewGameDialog *self)
{
  update_for_variant (self);
  update_rated (self);
}

static void
on_seat_changed (IsleNewGameDialog *self, GParamSpec *pspec, AdwComboRow *row)
{
  (void) pspec;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    if (self->seat_rows[seat] == row)
      update_seat_subtitle (self, seat);
}

static void
on_option_changed (IsleNewGameDialog *self)
{
  update_options (self);
}

void
isle_new_game_dialog_get_setup (IsleNewGameDialog *self, IsleGameSetup *out)
{
  guint first;

  g_return_if_fail (ISLE_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->rules = self->standard;
  out->variant = selected_variant (self);
  first = adw_combo_row_get_selected (self->first_seat_row);
  out->first_seat = first < (guint) isle_game_setup_n_seats (out) ? (int) first : 0;
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    out->players[seat] = *selected_player (self, seat);
  out->rules.opening_hand = adw_combo_row_get_selected (self->opening_row) == ISLE_OPENING_DEAL
                            ? ISLE_OPENING_DEAL : ISLE_OPENING_CHOOSE;
  out->rules.fog_lift = adw_combo_row_get_selected (self->fog_lift_row) == ISLE_FOG_LIFT_NEXT
                        ? ISLE_FOG_LIFT_NEXT : ISLE_FOG_LIFT_FILLER;
  out->rules.quick_weather = selected_weather (self);
  out->rules.strict_memory = gtk_switch_get_active (self->strict_switch);
}

void
isle_new_game_dialog_set_setup (IsleNewGameDialog *self, const IsleGameSetup *setup)
{
  g_return_if_fail (ISLE_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (setup != NULL);
  g_return_if_fail (setup->variant >= 0 && setup->variant < ISLE_N_VARIANTS);

  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    {
      const IslePlayerSpec *spec = &setup->players[seat];
      guint index = player_index (self, spec);

      /* An engine no longer listed in the preferences may still be chosen,
       * and so may a level with a budget (hard@n20000) the setup names. */
      if (index == GTK_INVALID_LIST_POSITION
          && (spec->kind == ISLE_PLAYER_ENGINE || spec->kind == ISLE_PLAYER_BUILTIN))
        {
          IslePlayerChoice *choice = g_new0 (IslePlayerChoice, 1);

          choice->spec = *spec;
          choice->name = isle_settings_player_spec_name (spec);
          choice->description = isle_player_spec_explain (spec);
          g_ptr_array_add (self->players, choice);
          gtk_string_list_append (self->player_names, choice->name);
          index = self->players->len - 1;
        }
      if (index == GTK_INVALID_LIST_POSITION)
        index = seat == 0 ? 0 : MIN (1, self->players->len - 1);
      adw_combo_row_set_selected (self->seat_rows[seat], index);
      update_seat_subtitle (self, seat);
    }
  adw_combo_row_set_selected (self->variant_row, setup->variant);
  update_for_variant (self);
  adw_combo_row_set_selected (self->first_seat_row, setup->first_seat);
  adw_combo_row_set_selected (self->opening_row, setup->rules.opening_hand);
  adw_combo_row_set_selected (self->fog_lift_row, setup->rules.fog_lift);
  adw_combo_row_set_selected (self->weather_row, setup->rules.quick_weather);
  gtk_switch_set_active (self->strict_switch, setup->rules.strict_memory);
  update_options (self);
}

static void
start_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  IsleNewGameDialog *self = ISLE_NEW_GAME_DIALOG (widget);
  IsleNewGameCallback callback = self->callback;
  gpointer user_data = self->user_data;
  IsleGameSetup setup;

  (void) action_name;
  (void) parameter;
  isle_new_game_dialog_get_setup (self, &setup);
  isle_settings_save_setup (self->settings, &setup);
  g_settings_set_boolean (self->settings, "rated-game", rated_active (self));
  if (isle_new_game_dialog_get_rated (self))
    g_settings_set_int (self->settings, "starting-rating", gtk_spin_button_get_value_as_int (self->start_spin));
  /* The choices stay as they were for the next game that is not rated;
   * a rated one draws its opponent and seats. */
  if (isle_new_game_dialog_get_rated (self)
      && !isle_session_make_rated (self->session, &setup, gtk_spin_button_get_value_as_int (self->start_spin)))
    g_return_if_reached ();
  /* Closed first: a dialog in the window (libadwaita ≥ 1.5) gives the
   * focus back to where it was as it closes, and the game then puts it
   * where its first decision is made. (SELF may be gone after this.) */
  close_dialog (self);
  if (callback != NULL)
    callback (&setup, user_data);
}

/* Cancel (the window's own close action would close the game window
 * under an AdwDialog). */
static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  (void) parameter;
  close_dialog (ISLE_NEW_GAME_DIALOG (widget));
}

/* Enter starts the game, the safe step forward: Start holds the focus as
 * the dialog opens. (GtkWindow gives the focus to its first button,
 * Cancel, when it is mapped, whatever the template said, so Enter
 * cancelled; an AdwDialog would too.) */
static void
isle_new_game_dialog_map (GtkWidget *widget)
{
  IsleNewGameDialog *self = ISLE_NEW_GAME_DIALOG (widget);

  GTK_WIDGET_CLASS (isle_new_game_dialog_parent_class)->map (widget);
#if ISLE_NEW_GAME_IS_DIALOG
  self->steer_focus = TRUE;
#endif
  gtk_widget_grab_focus (self->start_button);
}

#if ISLE_NEW_GAME_IS_DIALOG
/* As a bottom sheet (a narrow window) the dialog focuses its first row
 * once it has opened, after the map: the focus goes back to Start, until
 * the person has pressed a key or clicked. */
static void
on_focus_changed (IsleNewGameDialog *self)
{
  GtkWidget *focus = adw_dialog_get_focus (ADW_DIALOG (self));

  if (self->steer_focus && focus != NULL && focus != self->start_button)
    {
      self->steer_focus = FALSE;
      adw_dialog_set_focus (ADW_DIALOG (self), self->start_button);
    }
}

static void
stop_steering (IsleNewGameDialog *self)
{
  self->steer_focus = FALSE;
}

static gboolean
on_key_pressed (IsleNewGameDialog *self)
{
  stop_steering (self);
  return GDK_EVENT_PROPAGATE;
}
#endif

static void
isle_new_game_dialog_dispose (GObject *object)
{
  IsleNewGameDialog *self = ISLE_NEW_GAME_DIALOG (object);

  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), ISLE_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (isle_new_game_dialog_parent_class)->dispose (object);
}

static void
isle_new_game_dialog_finalize (GObject *object)
{
  IsleNewGameDialog *self = ISLE_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->player_names);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  G_OBJECT_CLASS (isle_new_game_dialog_parent_class)->finalize (object);
}

static void
isle_new_game_dialog_class_init (IsleNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isle_new_game_dialog_dispose;
  object_class->finalize = isle_new_game_dialog_finalize;
  widget_class->map = isle_new_game_dialog_map;

  isle_dialog_template_set (widget_class, "/io/github/critterisle/CritterIsle/isle-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child_full (widget_class, "seat_row_0", FALSE,
                                             G_STRUCT_OFFSET (IsleNewGameDialog, seat_rows[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "seat_row_1", FALSE,
                                             G_STRUCT_OFFSET (IsleNewGameDialog, seat_rows[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "seat_row_2", FALSE,
                                             G_STRUCT_OFFSET (IsleNewGameDialog, seat_rows[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "seat_row_3", FALSE,
                                             G_STRUCT_OFFSET (IsleNewGameDialog, seat_rows[3]));
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, first_seat_row);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, first_seat_names);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, opening_row);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, weather_row);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, fog_lift_row);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, strict_row);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, strict_switch);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, rated_group);
  gtk_widget_class_bind_template_child (widget_class, IsleNewGameDialog, players_group);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_seat_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_option_changed);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.cancel", NULL, cancel_action);
#if !ISLE_NEW_GAME_IS_DIALOG
  /* An AdwDialog closes on Escape by itself. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "new-game.cancel", NULL);
#endif
}

/* The seat colours beside the players, as the board draws them. */
static void
ensure_style (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      g_autoptr (GtkCssProvider) provider = gtk_css_provider_new ();

      static const char css[] = ".isle-seat-dot { min-width: 12px; min-height: 12px;"
                                " border-radius: 6px; margin: 0 6px 0 2px; }\n"
                                ".isle-seat-dot.red { background-color: @red_3; }\n"
                                ".isle-seat-dot.blue { background-color: @blue_3; }\n";

#if GTK_CHECK_VERSION (4, 12, 0)
      gtk_css_provider_load_from_string (provider, css);
#else
      gtk_css_provider_load_from_data (provider, css, -1);
#endif
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_once_init_leave (&done, 1);
    }
}

static void
isle_new_game_dialog_init (IsleNewGameDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkListItemFactory) factory = NULL;

  if (!isle_rules_load_standard (&self->standard, &error))
    g_critical ("The standard rules do not load: %s", error->message);
  ensure_style ();
  gtk_widget_init_template (GTK_WIDGET (self));
  isle_accessible_tidy (GTK_WIDGET (self));
#if ISLE_NEW_GAME_IS_DIALOG
  adw_dialog_set_content_width (ADW_DIALOG (self), 560);
  adw_dialog_set_content_height (ADW_DIALOG (self), 680);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (click, "pressed", G_CALLBACK (stop_steering), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
    g_signal_connect (self, "notify::focus-widget", G_CALLBACK (on_focus_changed), NULL);
  }
#else
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 680);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 320);
#endif

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (variant_item_setup), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (variant_item_bind), self, 0);
  adw_combo_row_set_list_factory (self->variant_row, factory);
  g_clear_object (&factory);
  /* The value shown in the variant and player rows. */
  factory = isle_settings_value_factory ();
  adw_combo_row_set_factory (self->variant_row, factory);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    adw_combo_row_set_factory (self->seat_rows[seat], factory);
  /* Each choice is read with its value. */
  isle_settings_speak_combo_value (self->variant_row);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    isle_settings_speak_combo_value (self->seat_rows[seat]);
  isle_settings_speak_combo_value (self->first_seat_row);
  isle_settings_speak_combo_value (self->opening_row);
  isle_settings_speak_combo_value (self->weather_row);
  isle_settings_speak_combo_value (self->fog_lift_row);
  make_rated_rows (self);
}

/* The plugins' probes have ended: the players are listed anew with them,
 * each seat keeping its choice, or taking the plugin the last game had
 * there if it was waiting for it. */
static void
on_plugins_ready (IsleNewGameDialog *self)
{
  IsleGameSetup setup, last;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  isle_new_game_dialog_get_setup (self, &setup);
  isle_settings_load_setup (self->settings, &last);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    if (last.players[seat].kind == ISLE_PLAYER_PLUGIN)
      setup.players[seat] = last.players[seat];
  g_ptr_array_unref (self->players);
  self->players = isle_settings_list_players (self->settings, TRUE);
  for (guint i = 0; i < self->players->len; i++)
    g_ptr_array_add (names, ((IslePlayerChoice *) g_ptr_array_index (self->players, i))->name);
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->player_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->player_names)),
                          (const char *const *) names->pdata);
  isle_new_game_dialog_set_setup (self, &setup);
}

IsleNewGameDialog *
isle_new_game_dialog_new (GtkWindow *parent, GSettings *settings, IsleNewGameCallback callback,
                          gpointer user_data)
{
  IsleNewGameDialog *self;
  IsleGameSetup setup;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

#if ISLE_NEW_GAME_IS_DIALOG
  (void) parent;   /* it is given to adw_dialog_present() */
  self = g_object_new (ISLE_TYPE_NEW_GAME_DIALOG, NULL);
#else
  self = g_object_new (ISLE_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
#endif
  self->settings = g_object_ref (settings);
  self->callback = callback;
  self->user_data = user_data;

  self->players = isle_settings_list_players (settings, TRUE);
  self->player_names = gtk_string_list_new (NULL);
  for (guint i = 0; i < self->players->len; i++)
    gtk_string_list_append (self->player_names,
                            ((IslePlayerChoice *) g_ptr_array_index (self->players, i))->name);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    adw_combo_row_set_model (self->seat_rows[seat], G_LIST_MODEL (self->player_names));

  isle_settings_load_setup (settings, &setup);
  isle_new_game_dialog_set_setup (self, &setup);
  g_signal_connect_object (isle_plugin_loader_get (), "notify::ready",
                           G_CALLBACK (on_plugins_ready), self, G_CONNECT_SWAPPED);
  return self;
}

void
isle_new_game_dialog_present (GtkWindow *parent, GSettings *settings, IsleSession *session,
                              IsleNewGameCallback callback, gpointer user_data)
{
  IsleNewGameDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (G_IS_SETTINGS (settings));

  self = isle_new_game_dialog_new (parent, settings, callback, user_data);
  isle_new_game_dialog_set_session (self, session);
#if ISLE_NEW_GAME_IS_DIALOG
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}
