/* test-ui-settings.c — the settings (last new game round trip, defaults from
 * the standard rules), the New Game dialog and the Preferences window, with
 * engine tests off the main thread.
 *
 * Needs a display: without one it runs itself again under xvfb-run. With
 * CRITTER_ISLE_SCREENSHOT_DIR set it also saves each window, light and
 * dark, as PNG files there. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <adwaita.h>

#include "isle-board-view.h"
#include "isle-engine-player.h"
#include "isle-how-to-play.h"
#include "isle-match.h"
#include "isle-new-game-dialog.h"
#include "isle-player-spec.h"
#include "isle-preferences-window.h"
#include "isle-rules-json.h"
#include "isle-settings.h"
#include "isle-ui-test.h"
#include "isle-token-art.h"

static GSettings *
fresh_settings (void)
{
  GSettings *settings = isle_settings_get ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (int i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

static char *
rules_text (const IsleRules *rules)
{
  g_autoptr (JsonNode) node = isle_rules_to_json (rules);

  return json_to_string (node, FALSE);
}

static void
assert_same_setup (const IsleGameSetup *a, const IsleGameSetup *b)
{
  g_autofree char *rules_a = rules_text (&a->rules);
  g_autofree char *rules_b = rules_text (&b->rules);

  g_assert_cmpint (a->variant, ==, b->variant);
  g_assert_cmpint (a->first_seat, ==, b->first_seat);
  for (int seat = 0; seat < ISLE_MAX_SEATS; seat++)
    g_assert_cmpstr (isle_player_spec_to_text (&a->players[seat]), ==,
                     isle_player_spec_to_text (&b->players[seat]));
  g_assert_cmpstr (rules_a, ==, rules_b);
  g_assert_cmpint (a->rules.strict_memory, ==, b->rules.strict_memory);
}

static void
standard_setup (IsleGameSetup *setup)
{
  g_autoptr (GError) error = NULL;

  memset (setup, 0, sizeof *setup);
  g_assert_true (isle_rules_load_standard (&setup->rules, &error));
  g_assert_no_error (error);
}

/* The schema is found uninstalled and a fresh load is the standard rules,
 * a human against the gentlest level, in the Basic game. */
static void
test_settings_defaults (void)
{
  GSettings *settings = fresh_settings ();
  IsleGameSetup loaded, standard;
  g_autofree char *loaded_rules = NULL;
  g_autofree char *standard_rules = NULL;

  isle_settings_load_setup (settings, &loaded);
  standard_setup (&standard);
  loaded_rules = rules_text (&loaded.rules);
  standard_rules = rules_text (&standard.rules);
  g_assert_cmpstr (loaded_rules, ==, standard_rules);
  g_assert_cmpint (loaded.rules.strict_memory, ==, standard.rules.strict_memory);
  /* A first game teaches: Basic against the gentlest level. */
  g_assert_cmpint (loaded.variant, ==, ISLE_VARIANT_BASIC);
  g_assert_cmpint (loaded.first_seat, ==, 0);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[0]), ==, "human");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "beginner");
  for (int seat = 2; seat < ISLE_MAX_SEATS; seat++)
    g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[seat]), ==, "medium");
  g_assert_true (g_settings_get_boolean (settings, "animations"));
  g_assert_true (g_settings_get_boolean (settings, "remind-face-down"));
  g_assert_true (g_settings_get_boolean (settings, "show-coordinates"));
  /* The normal speed is the model's own pause. */
  g_assert_cmpuint (isle_settings_get_move_pause_ms (settings), ==, ISLE_MATCH_DEFAULT_PAUSE_MS);
  g_assert_true (isle_settings_show_own_face_down (settings, &loaded.rules) == !loaded.rules.strict_memory);
}

/* Save then load gives the same setup, for every variant and option. */
static void
test_settings_round_trip (void)
{
  GSettings *settings = fresh_settings ();

  for (int variant = 0; variant < ISLE_N_VARIANTS; variant++)
    for (int options = 0; options < 16; options++)
      {
        IsleGameSetup setup, loaded;

        standard_setup (&setup);
        setup.variant = variant;
        setup.first_seat = options % (variant == ISLE_VARIANT_TEAM ? 4 : 2);
        setup.players[0] = isle_player_spec_for (options & 1 ? "easy" : "human");
        setup.players[1] = isle_player_spec_for ("expert");
        setup.players[2] = isle_player_spec_for ("engine:my-engine --level 'very hard'");
        setup.players[3] = isle_player_spec_for ("beginner");
        setup.rules.opening_hand = options & 1 ? ISLE_OPENING_DEAL : ISLE_OPENING_CHOOSE;
        setup.rules.fog_lift = options & 2 ? ISLE_FOG_LIFT_NEXT : ISLE_FOG_LIFT_FILLER;
        setup.rules.quick_weather = (options >> 2) % ISLE_N_WEATHER;
        setup.rules.strict_memory = (options & 8) != 0;

        isle_settings_save_setup (settings, &setup);
        isle_settings_load_setup (settings, &loaded);
        assert_same_setup (&setup, &loaded);
        g_assert_true (isle_settings_show_own_face_down (settings, &loaded.rules)
                       == !setup.rules.strict_memory);
      }
}

/* Players that no longer exist become the default opponent; missing seats
 * are filled. */
static void
test_settings_unknown_players (void)
{
  GSettings *settings = fresh_settings ();
  const char *players[] = { "", "plugin:no-such-plugin", "ismcts:unheard-of", NULL };
  IsleGameSetup loaded;

  g_settings_set_string (settings, "default-opponent", "easy");
  g_settings_set_strv (settings, "players", players);
  isle_settings_load_setup (settings, &loaded);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[0]), ==, "human");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "easy");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[2]), ==, "easy");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[3]), ==, "easy");

  /* A default opponent that is gone gives way to the schema's. */
  g_settings_set_string (settings, "default-opponent", "plugin:gone");
  isle_settings_load_setup (settings, &loaded);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "medium");
}

/* A new game dialog never shown: a window to destroy, or a dialog to drop. */
static void
drop_unshown (IsleNewGameDialog *dialog)
{
#if ISLE_NEW_GAME_IS_DIALOG
  g_object_unref (g_object_ref_sink (dialog));
#else
  gtk_window_destroy (GTK_WINDOW (dialog));
#endif
}

/* Settings written by an older version name the levels by their old ids:
 * each is read as the level it always was (old ismcts:easy is Medium, not
 * Easy), and is offered, named and chosen as that level. */
static void
test_settings_old_ids_read_as_their_level (void)
{
  GSettings *settings = fresh_settings ();
  const char *players[] = { "greedy", "ismcts:easy", "ismcts:medium", "random", NULL };
  IsleGameSetup loaded, shown;
  IslePlayerSpec old_expert;
  IsleNewGameDialog *dialog;
  g_autofree char *name = NULL;

  g_settings_set_string (settings, "default-opponent", "ismcts:hard");
  g_settings_set_strv (settings, "players", players);
  isle_settings_load_setup (settings, &loaded);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[0]), ==, "easy");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "medium");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[2]), ==, "hard");
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[3]), ==, "beginner");
  old_expert = isle_player_spec_for ("ismcts:hard");
  g_assert_true (isle_settings_player_exists (&old_expert));
  name = isle_settings_player_name ("ismcts:hard");
  g_assert_cmpstr (name, ==, "Computer: Expert");

  /* A seat never chosen gets the default opponent, by its new id. */
  g_settings_set_strv (settings, "players", (const char *const[]) { "human", NULL });
  isle_settings_load_setup (settings, &loaded);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "expert");

  /* The new game dialog shows an old id as its level. */
  dialog = isle_new_game_dialog_new (NULL, settings, NULL, NULL);
  loaded.players[1] = isle_player_spec_for ("ismcts:easy");
  loaded.players[2] = isle_player_spec_for ("greedy");
  isle_new_game_dialog_set_setup (dialog, &loaded);
  isle_new_game_dialog_get_setup (dialog, &shown);
  g_assert_cmpstr (isle_player_spec_to_text (&shown.players[1]), ==, "medium");
  g_assert_cmpstr (isle_player_spec_to_text (&shown.players[2]), ==, "easy");
  drop_unshown (dialog);
}

/* A level with a thinking budget (isle-player-spec.h) stays in the
 * settings, is named with its budget, and the new game dialog keeps it
 * chosen instead of putting the default opponent in its place. */
static void
test_settings_budget_kept (void)
{
  GSettings *settings = fresh_settings ();
  const char *players[] = { "human", "ismcts:medium@n20000", NULL };
  IsleGameSetup loaded, shown;
  IsleNewGameDialog *dialog;
  g_autofree char *name = NULL;

  g_settings_set_strv (settings, "players", players);
  isle_settings_load_setup (settings, &loaded);
  g_assert_cmpstr (isle_player_spec_to_text (&loaded.players[1]), ==, "hard@n20000");
  name = isle_settings_player_name ("expert@3.6s");
  g_assert_cmpstr (name, ==, "Computer: Expert, 3.6 s a move");

  dialog = isle_new_game_dialog_new (NULL, settings, NULL, NULL);
  isle_new_game_dialog_set_setup (dialog, &loaded);
  isle_new_game_dialog_get_setup (dialog, &shown);
  g_assert_cmpstr (isle_player_spec_to_text (&shown.players[0]), ==, "human");
  g_assert_cmpstr (isle_player_spec_to_text (&shown.players[1]), ==, "hard@n20000");
  drop_unshown (dialog);
}

static void
test_settings_players_listed (void)
{
  GSettings *settings = fresh_settings ();
  const char *engines[] = { "/usr/bin/some-engine --fast", NULL };
  g_autoptr (GPtrArray) with_human = NULL;
  g_autoptr (GPtrArray) computers = NULL;
  IslePlayerChoice *first, *last;
  g_autofree char *name = NULL;

  g_settings_set_strv (settings, "engines", engines);
  with_human = isle_settings_list_players (settings, TRUE);
  computers = isle_settings_list_players (settings, FALSE);
  g_assert_cmpuint (with_human->len, ==, computers->len + 1);
  first = g_ptr_array_index (with_human, 0);
  g_assert_cmpstr (isle_player_spec_to_text (&first->spec), ==, "human");
  last = g_ptr_array_index (with_human, with_human->len - 1);
  g_assert_cmpstr (isle_player_spec_to_text (&last->spec), ==, "engine:/usr/bin/some-engine --fast");
  g_assert_cmpstr (last->name, ==, "some-engine (engine)");
  for (guint i = 0; i < computers->len; i++)
    g_assert_true (isle_settings_player_exists (&((IslePlayerChoice *) g_ptr_array_index (computers, i))->spec));
  name = isle_settings_player_name ("medium");
  g_assert_cmpstr (name, ==, "Computer: Medium");
  /* Levels are offered by their ids, gentlest first, with their words. */
  g_assert_cmpstr (isle_player_spec_to_text (&((IslePlayerChoice *) g_ptr_array_index (computers, 0))->spec), ==, "beginner");
  g_assert_cmpstr (((IslePlayerChoice *) g_ptr_array_index (computers, 0))->name, ==, "Computer: Beginner");
  g_assert_cmpstr (isle_player_spec_to_text (&((IslePlayerChoice *) g_ptr_array_index (computers, 4))->spec), ==, "expert");
  g_assert_cmpstr (((IslePlayerChoice *) g_ptr_array_index (computers, 4))->description, ==,
                   "Searches for most of a second each move");
}

/* Windows. */


static void
screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR");
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (dir == NULL)
    return;
  for (int dark = 0; dark < 2; dark++)
    {
      g_autofree char *file = g_strdup_printf ("%s-%s.png", name, dark ? "dark" : "light");
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr (GdkPaintable) paintable = NULL;
      g_autoptr (GskRenderNode) node = NULL;
      g_autoptr (GdkTexture) texture = NULL;
      GtkSnapshot *snapshot;
      int w, h;

      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      isle_ui_test_wait_ms (400);
      w = gtk_widget_get_width (widget);
      h = gtk_widget_get_height (widget);
      paintable = gtk_widget_paintable_new (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("saved %s", path);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}


/* How to Play: an illustrated page for each part of the rules, walked
 * through with Next and Previous; opening it once marks it seen, so the
 * start page stops offering it first. */
static void
test_how_to_play (void)
{
  GSettings *settings = fresh_settings ();
  GtkWidget *window;
  IsleHowToPlay *tour;
  GtkWidget *title;
  guint n;
  int mercenary_rows = 0;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_assert_false (g_settings_get_boolean (settings, "tour-taken"));
  tour = isle_how_to_play_present (NULL);
  window = GTK_WIDGET (tour);
  isle_ui_test_wait_ms (200);
  g_assert_true (g_settings_get_boolean (settings, "tour-taken"));

  n = isle_how_to_play_get_n_pages (tour);
  g_assert_cmpuint (n, >=, 10);
  title = isle_ui_test_find_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);
  g_assert_nonnull (title);
  g_assert_cmpuint (isle_how_to_play_get_page (tour), ==, 0);
  g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), "1 of "));
  for (guint i = 1; i < n + 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("how-to-play-%02u", MIN (i, n));

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tour.next", NULL));
      isle_ui_test_wait_ms (50);
      g_assert_cmpuint (isle_how_to_play_get_page (tour), ==, MIN (i, n - 1));
      if (i < n)
        screenshot (GTK_WIDGET (window), name);
    }
  {
    g_autofree char *last = g_strdup_printf ("%u of %u", n, n);

    g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), last));
  }
  /* R8: one page lists every mercenary, each with its picture. */
  for (guint i = 0; i < n; i++)
    {
      isle_how_to_play_go_to (tour, i);
      isle_ui_test_wait_ms (20);
      g_assert_cmpuint (isle_how_to_play_get_page (tour), ==, i);
    }
  {
    GtkWidget *carousel = isle_ui_test_find_type (GTK_WIDGET (window), ADW_TYPE_CAROUSEL);

    for (guint i = 0; i < n; i++)
      {
        GtkWidget *page = adw_carousel_get_nth_page (ADW_CAROUSEL (carousel), i);
        GtkWidget *list = isle_ui_test_find_type (page, GTK_TYPE_LIST_BOX);
        GtkWidget *island = isle_ui_test_find_type (page, ISLE_TYPE_BOARD_VIEW);

        if (island != NULL)
          g_assert_false (gtk_widget_get_can_focus (island));
        if (list == NULL)
          continue;
        for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
             row = gtk_widget_get_next_sibling (row))
          {
            g_assert_nonnull (isle_ui_test_find_type (row, ISLE_TYPE_TOKEN_ICON));
            mercenary_rows++;
          }
      }
  }
  g_assert_cmpint (mercenary_rows, ==, ISLE_N_KINDS - ISLE_FIRST_MERCENARY);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tour.previous", NULL));
  isle_ui_test_wait_ms (20);
  g_assert_cmpuint (isle_how_to_play_get_page (tour), ==, n - 2);
  isle_ui_test_close (window);
  isle_ui_test_wait_ms (50);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
}

/* Show Coordinates and Computer Speed: the switch and the combo row write
 * their settings and follow them; each speed gives its pause. */
static void
test_preferences_board_and_speed (void)
{
  GSettings *settings = fresh_settings ();
  GtkWidget *window = GTK_WIDGET (isle_preferences_window_present (NULL, settings));
  GtkSwitch *coordinates = GTK_SWITCH (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                      ISLE_TYPE_PREFERENCES_WINDOW,
                                                                      "coordinates_switch"));
  AdwComboRow *speed = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                    ISLE_TYPE_PREFERENCES_WINDOW,
                                                                    "speed_row"));
  static const struct { const char *id; guint ms; } speeds[] = {
    { "slow", 900 }, { "normal", 450 }, { "fast", 150 },
  };

  isle_ui_test_wait_ms (100);
  g_assert_true (gtk_switch_get_active (coordinates));
  /* As a click or Space on the switch would. */
  g_assert_true (gtk_widget_activate (GTK_WIDGET (coordinates)));
  isle_ui_test_wait_ms (300);
  g_assert_false (gtk_switch_get_active (coordinates));
  g_assert_false (g_settings_get_boolean (settings, "show-coordinates"));
  g_settings_set_boolean (settings, "show-coordinates", TRUE);
  g_assert_true (gtk_switch_get_active (coordinates));

  g_assert_cmpuint (adw_combo_row_get_selected (speed), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      g_autofree char *id = NULL;

      adw_combo_row_set_selected (speed, i);
      id = g_settings_get_string (settings, "computer-speed");
      g_assert_cmpstr (id, ==, speeds[i].id);
      g_assert_cmpuint (isle_settings_get_move_pause_ms (settings), ==, speeds[i].ms);
    }
  g_settings_set_string (settings, "computer-speed", "slow");
  g_assert_cmpuint (adw_combo_row_get_selected (speed), ==, 0);
  {
    GtkStringList *names = GTK_STRING_LIST (adw_combo_row_get_model (speed));

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (names)), ==, G_N_ELEMENTS (speeds));
    if (g_strcmp0 (g_getenv ("LANGUAGE"), "C") == 0)
      g_assert_cmpstr (gtk_string_list_get_string (names, 2), ==, "Fast");
  }
  isle_ui_test_close (window);
  isle_ui_test_wait_ms (50);
  g_settings_reset (settings, "computer-speed");
  g_settings_reset (settings, "show-coordinates");
}

typedef struct
{
  int calls;
  IsleGameSetup setup;
} Started;

static void
on_started (const IsleGameSetup *setup, gpointer user_data)
{
  Started *started = user_data;

  started->calls++;
  started->setup = *setup;
}

static gboolean
row_visible (IsleNewGameDialog *dialog, const char *name)
{
  GObject *row = gtk_widget_get_template_child (GTK_WIDGET (dialog), ISLE_TYPE_NEW_GAME_DIALOG, name);

  g_assert_nonnull (row);
  return gtk_widget_get_visible (GTK_WIDGET (row));
}

static void
test_new_game_dialog (void)
{
  GSettings *settings = fresh_settings ();
  Started started = { 0 };
  IsleGameSetup setup, shown, stored;
  IsleNewGameDialog *dialog;
  GtkWidget *parent;

  /* An AdwWindow: from libadwaita 1.5 the dialog is shown inside it. */
  parent = adw_window_new ();
  gtk_window_present (GTK_WINDOW (parent));

  /* It opens on the last choice. */
  isle_settings_load_setup (settings, &setup);
  setup.variant = ISLE_VARIANT_QUICK;
  setup.rules.quick_weather = ISLE_WEATHER_FOGGY;
  setup.rules.opening_hand = ISLE_OPENING_DEAL;
  setup.players[1] = isle_player_spec_for ("easy");
  isle_settings_save_setup (settings, &setup);
  dialog = isle_new_game_dialog_new (GTK_WINDOW (parent), settings, on_started, &started);
  isle_ui_test_present (GTK_WIDGET (dialog), GTK_WINDOW (parent));
  isle_new_game_dialog_get_setup (dialog, &shown);
  assert_same_setup (&setup, &shown);
  g_assert_true (row_visible (dialog, "weather_row"));
  g_assert_true (row_visible (dialog, "fog_lift_row"));
  g_assert_true (row_visible (dialog, "strict_row"));
  g_assert_false (row_visible (dialog, "seat_row_2"));
  screenshot (GTK_WIDGET (dialog), "new-game-quick");

  /* Rows follow the variant. */
  setup.variant = ISLE_VARIANT_BASIC;
  isle_new_game_dialog_set_setup (dialog, &setup);
  g_assert_false (row_visible (dialog, "weather_row"));
  g_assert_false (row_visible (dialog, "fog_lift_row"));
  g_assert_false (row_visible (dialog, "strict_row"));
  g_assert_true (row_visible (dialog, "opening_row"));
  setup.variant = ISLE_VARIANT_WEATHER;
  isle_new_game_dialog_set_setup (dialog, &setup);
  g_assert_false (row_visible (dialog, "weather_row"));
  g_assert_true (row_visible (dialog, "fog_lift_row"));
  g_assert_true (row_visible (dialog, "strict_row"));
  screenshot (GTK_WIDGET (dialog), "new-game-weather");
  if (g_getenv ("CRITTER_ISLE_SCREENSHOT_DIR") != NULL)
    {
      GtkWidget *row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                                  ISLE_TYPE_NEW_GAME_DIALOG,
                                                                  "variant_row"));
      GtkWidget *popover = isle_ui_test_find_type (row, GTK_TYPE_POPOVER);

      gtk_widget_activate (row);
      isle_ui_test_wait_ms (300);
      g_assert_nonnull (popover);
      screenshot (popover, "new-game-variant-menu");
      gtk_popover_popdown (GTK_POPOVER (popover));
    }

  setup.variant = ISLE_VARIANT_TEAM;
  setup.first_seat = 3;
  isle_new_game_dialog_set_setup (dialog, &setup);
  g_assert_true (row_visible (dialog, "seat_row_3"));
  g_assert_false (row_visible (dialog, "fog_lift_row"));
  isle_new_game_dialog_get_setup (dialog, &shown);
  assert_same_setup (&setup, &shown);
  screenshot (GTK_WIDGET (dialog), "new-game-team");

  /* Start: the callback gets the choice, which is stored. */
  g_object_ref (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  g_assert_cmpint (started.calls, ==, 1);
  assert_same_setup (&setup, &started.setup);
  isle_settings_load_setup (settings, &stored);
  assert_same_setup (&setup, &stored);
  isle_ui_test_wait_ms (500);
  g_assert_null (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG));
  g_object_unref (dialog);

  /* Cancel: nothing is called nor stored. */
  dialog = isle_new_game_dialog_new (GTK_WINDOW (parent), settings, on_started, &started);
  isle_ui_test_present (GTK_WIDGET (dialog), GTK_WINDOW (parent));
  setup.variant = ISLE_VARIANT_MERCENARY;
  isle_new_game_dialog_set_setup (dialog, &setup);
  g_assert_true (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG) == GTK_WIDGET (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.cancel", NULL));
  isle_ui_test_wait_ms (500);
  g_assert_null (isle_ui_test_find_dialog (ISLE_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpint (started.calls, ==, 1);
  isle_settings_load_setup (settings, &stored);
  g_assert_cmpint (stored.variant, ==, ISLE_VARIANT_TEAM);

  gtk_window_destroy (GTK_WINDOW (parent));
}

typedef struct
{
  GMainLoop *loop;
  char *name;
  GError *error;
} Tested;

static void
on_tested (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Tested *tested = user_data;

  (void) source;
  tested->name = isle_preferences_test_engine_finish (result, &tested->error);
  g_main_loop_quit (tested->loop);
}

static void
test_engine (const char *command, Tested *tested)
{
  tested->loop = g_main_loop_new (NULL, FALSE);
  isle_preferences_test_engine_async (command, NULL, on_tested, tested);
  g_main_loop_run (tested->loop);
  g_main_loop_unref (tested->loop);
}

/* The test runs the engine off the main thread and names it, or says what
 * went wrong. */
static void
test_engine_test (void)
{
  g_autofree char *command = g_strdup_printf ("'%s' engine", CLI_PATH);
  Tested good = { 0 }, missing = { 0 }, bad = { 0 };

  test_engine (command, &good);
  g_assert_no_error (good.error);
  g_assert_true (g_str_has_prefix (good.name, "Critter Isle"));
  g_free (good.name);

  test_engine ("/nonexistent/engine --fast", &missing);
  g_assert_null (missing.name);
  g_assert_error (missing.error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START);
  g_assert_nonnull (strstr (missing.error->message, "/nonexistent/engine"));
  g_clear_error (&missing.error);

  test_engine ("engine 'unclosed", &bad);
  g_assert_null (bad.name);
  g_assert_error (bad.error, ISLE_PLAYER_SPEC_ERROR, ISLE_PLAYER_SPEC_ERROR_INVALID);
  g_assert_nonnull (strstr (bad.error->message, "engine 'unclosed"));
  g_clear_error (&bad.error);
}

static gboolean
is_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static gboolean
shows_icon (GtkWidget *widget, gconstpointer icon)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

static int
count_rows (GtkListBox *list)
{
  int n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_LIST_BOX_ROW (child);
  return n;
}

static void
test_preferences_window (void)
{
  GSettings *settings = fresh_settings ();
  g_autofree char *good = g_strdup_printf ("%s engine", CLI_PATH);
  const char *engines[] = { good, "/opt/engines/stockfish-like --threads 2", NULL };
  GtkWidget *window;
  GtkListBox *list;
  AdwComboRow *opponent_row;
  AdwEntryRow *add_row;
  g_auto (GStrv) after = NULL;

  g_settings_set_strv (settings, "engines", engines);
  window = GTK_WIDGET (isle_preferences_window_present (NULL, settings));
  list = GTK_LIST_BOX (gtk_widget_get_template_child (GTK_WIDGET (window), ISLE_TYPE_PREFERENCES_WINDOW,
                                                      "engines_list"));
  opponent_row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                               ISLE_TYPE_PREFERENCES_WINDOW,
                                                               "opponent_row"));
  add_row = ADW_ENTRY_ROW (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                          ISLE_TYPE_PREFERENCES_WINDOW, "add_row"));
  g_assert_cmpint (count_rows (list), ==, 3);   /* two engines and the entry */

  /* The default opponent is written as it is chosen. */
  adw_combo_row_set_selected (opponent_row, 0);
  {
    g_autofree char *opponent = g_settings_get_string (settings, "default-opponent");
    g_assert_cmpstr (opponent, ==, "beginner");
  }

  /* Adding a command lists it and tests it, without blocking. */
  gtk_editable_set_text (GTK_EDITABLE (add_row), "  /usr/local/bin/isle-bot  ");
  g_signal_emit_by_name (add_row, "apply");
  after = g_settings_get_strv (settings, "engines");
  g_assert_cmpuint (g_strv_length (after), ==, 3);
  g_assert_cmpstr (after[2], ==, "/usr/local/bin/isle-bot");
  g_assert_cmpint (count_rows (list), ==, 4);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (add_row)), ==, "");

  /* Test the good engine and let the results arrive. */
  {
    GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
    /* The row's "Test" button: the suffix with the mnemonic label. */
    GtkWidget *button = isle_ui_test_find (row, is_labelled, "_Test");

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
  }
  isle_ui_test_wait_ms (3000);
  {
    AdwActionRow *row = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (list, 0));
    AdwActionRow *missing = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (list, 2));

    g_assert_nonnull (strstr (adw_action_row_get_subtitle (row), "Answered as"));
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (missing), "could not be started"));
  }
  screenshot (GTK_WIDGET (window), "preferences");

  /* Removing the default opponent's engine resets the default opponent. */
  {
    g_autofree char *spec = g_strconcat ("engine:", good, NULL);
    g_auto (GStrv) left = NULL;
    GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
    GtkWidget *remove = isle_ui_test_find (row, shows_icon, "user-trash-symbolic");

    g_settings_set_string (settings, "default-opponent", spec);
    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
    left = g_settings_get_strv (settings, "engines");
    g_assert_cmpuint (g_strv_length (left), ==, 2);
    g_assert_false (g_strv_contains ((const char *const *) left, good));
    {
      g_autofree char *opponent = g_settings_get_string (settings, "default-opponent");
      g_assert_cmpstr (opponent, ==, "medium");
    }
    g_assert_cmpint (count_rows (list), ==, 3);
  }

  /* Closing while a test runs is safe. */
  gtk_editable_set_text (GTK_EDITABLE (add_row), "sleep 3");
  g_signal_emit_by_name (add_row, "apply");
  isle_ui_test_close (window);
  isle_ui_test_wait_ms (600);
}

/* The Analyser row lists the game's own search and each engine, named as
 * the opponents' row names them, writes the one chosen, shows one gone
 * from the list as the game's own search, and forgets a removed one. */
static void
test_preferences_analyser (void)
{
  GSettings *settings = fresh_settings ();
  g_autofree char *good = g_strdup_printf ("%s engine", CLI_PATH);
  g_autofree char *good_spec = g_strconcat ("engine:", good, NULL);
  g_autofree char *good_name = isle_settings_player_name (good_spec);
  const char *engines[] = { good, "/opt/engines/stockfish-like --threads 2", NULL };
  GtkWidget *window;
  AdwComboRow *row;
  GListModel *names;
  GtkListBox *list;

  g_settings_set_strv (settings, "engines", engines);
  g_settings_set_string (settings, "analyser", "/gone/engine");
  window = GTK_WIDGET (isle_preferences_window_present (NULL, settings));
  row = ADW_COMBO_ROW (gtk_widget_get_template_child (window, ISLE_TYPE_PREFERENCES_WINDOW, "analyser_row"));
  list = GTK_LIST_BOX (gtk_widget_get_template_child (window, ISLE_TYPE_PREFERENCES_WINDOW, "engines_list"));
  names = adw_combo_row_get_model (row);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, good_name);
  /* An engine the list no longer has: the game's own search. */
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);

  adw_combo_row_set_selected (row, 1);
  {
    g_autofree char *analyser = g_settings_get_string (settings, "analyser");
    g_assert_cmpstr (analyser, ==, good);
  }
  screenshot (window, "preferences-analyser");
  g_settings_set_string (settings, "analyser", engines[1]);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 2);
  adw_combo_row_set_selected (row, 0);
  {
    g_autofree char *analyser = g_settings_get_string (settings, "analyser");
    g_assert_cmpstr (analyser, ==, "");
  }

  /* Removing the analyser's engine gives the review back to the game. */
  g_settings_set_string (settings, "analyser", good);
  {
    GtkWidget *engine_row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
    GtkWidget *remove = isle_ui_test_find (engine_row, shows_icon, "user-trash-symbolic");
    g_autofree char *analyser = NULL;

    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
    analyser = g_settings_get_string (settings, "analyser");
    g_assert_cmpstr (analyser, ==, "");
  }
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  isle_ui_test_close (window);
}

int
main (int argc, char **argv)
{
  isle_ui_test_init_display (argc, argv);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("CRITTER_ISLE_PLUGIN_PATH", PLUGIN_BUILD_DIR, FALSE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/settings/defaults", test_settings_defaults);
  g_test_add_func ("/settings/round-trip", test_settings_round_trip);
  g_test_add_func ("/settings/unknown-players", test_settings_unknown_players);
  g_test_add_func ("/settings/old-ids-read-as-their-level", test_settings_old_ids_read_as_their_level);
  g_test_add_func ("/settings/players-listed", test_settings_players_listed);
  g_test_add_func ("/settings/budget-kept", test_settings_budget_kept);
  g_test_add_func ("/new-game-dialog/rows-follow-variant", test_new_game_dialog);
  g_test_add_func ("/preferences/engine-test", test_engine_test);
  g_test_add_func ("/preferences/window", test_preferences_window);
  g_test_add_func ("/preferences/analyser", test_preferences_analyser);
  g_test_add_func ("/preferences/board-and-speed", test_preferences_board_and_speed);
  g_test_add_func ("/how-to-play/walkthrough", test_how_to_play);
  return g_test_run ();
}
