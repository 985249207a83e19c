/* isle-settings.h — the application's GSettings (schema
 * data/io.github.critterisle.CritterIsle.gschema.xml): the window's size,
 * the last new game chosen, the preferences; and the players a seat may be
 * given, named for menus. */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

#include "isle-game-setup.h"

G_BEGIN_DECLS

/* The schema id is the app id (config.h), so a development build
 * (….Devel) keeps settings of its own. */
#define ISLE_SETTINGS_SCHEMA_ID APP_ID

/* The application's settings, created on first use and kept for the life of
 * the process (transfer none). When the schema is not installed (the app or
 * a test run from the build folder) it is read from the build folder's
 * compiled schemas. GSETTINGS_BACKEND=memory keeps tests off dconf. */
GSettings *isle_settings_get              (void);

/* The last new game chosen: the standard rules with the options stored
 * (an option left at "default" keeps the standard rules' value), the
 * variant, who starts, and each seat's player (a seat never chosen gets
 * "human" for the first seat and the default-opponent setting for the
 * others; a built-in level or plugin that no longer exists gets the default
 * opponent too), each parsed once here into its IslePlayerSpec: a level's
 * old id is read as its id. */
void       isle_settings_load_setup       (GSettings           *settings,
                                           IsleGameSetup       *out);
/* Stores SETUP as the last new game chosen (all ISLE_MAX_SEATS seats,
 * players written in their canonical text). */
void       isle_settings_save_setup       (GSettings           *settings,
                                           const IsleGameSetup *setup);

/* Whether the board should show the kinds of a human's own face-down
 * tokens (R12): the "remind-face-down" preference, unless the game is
 * played with strict memory. */
gboolean   isle_settings_show_own_face_down (GSettings       *settings,
                                             const IsleRules *rules);

/* The pause before each computer move the "computer-speed" preference
 * asks for, in ms: 900 slow, 450 normal (ISLE_MATCH_DEFAULT_PAUSE_MS),
 * 150 fast. */
guint      isle_settings_get_move_pause_ms (GSettings        *settings);

/* Gives WINDOW the stored size and maximized state now, and stores them
 * again when it closes. */
void       isle_settings_track_window     (GSettings           *settings,
                                           GtkWindow           *window);

/* A player a seat may be given. */
typedef struct
{
  IslePlayerSpec spec; /* who (isle-player-spec.h): "human", "medium", "plugin:ID", "engine:COMMAND" */
  char *name;         /* for a menu: "Human", "Computer: Medium", "Sample (plugin)" */
  char *description;  /* one line for a subtitle */
} IslePlayerChoice;

void       isle_player_choice_free        (IslePlayerChoice    *choice);

/* The players on offer, IslePlayerChoice *: "human" first when WITH_HUMAN,
 * then the built-in levels gentlest first, the loaded plugins, and the
 * external engines of the "engines" setting. */
GPtrArray *isle_settings_list_players     (GSettings           *settings,
                                           gboolean             with_human);

/* A factory for the value an AdwComboRow of players (or of variants)
 * shows: the name whole unless space runs out, where the row's own label
 * stops at 20 characters. The model's items are GtkStringObjects. */
GtkListItemFactory *isle_settings_value_factory (void);

/* Makes ROW (an AdwComboRow of GtkStringObjects) say its value: its
 * accessible name becomes its title and the value chosen ("Blue:
 * Beginner"), kept as the choice changes (libadwaita 1.2 reads only the
 * title), and the parts inside it GTK would name by their class are named
 * by the title or hidden. */
void isle_settings_speak_combo_value (AdwComboRow *row);

/* SPEC's name for menus and titles ("Computer: Medium" for "medium" or its
 * old id "ismcts:easy"; a plugin by its name, "Sample Piggy (plugin)"; an
 * engine by its program, "my-engine (engine)"). */
char      *isle_settings_player_spec_name (const IslePlayerSpec *spec);
/* The same for TEXT as a setting or a file holds it; TEXT itself when it
 * names no player. */
char      *isle_settings_player_name      (const char          *text);

/* Whether SPEC is a player that exists now: "human", a built-in level, a
 * loaded plugin, or any engine (which is only known to work once
 * started). */
gboolean   isle_settings_player_exists    (const IslePlayerSpec *spec);

G_END_DECLS
