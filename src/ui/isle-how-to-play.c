/* isle-how-to-play.c — How to Play: the rules as a walkthrough of
 * illustrated pages (doc/rules.md R1–R11). Each page shows the game's own art:
 * small islands drawn by IsleBoardView from R3 positions, tokens and
 * weather cards drawn by IsleTokenIcon; the scoring table and hire costs
 * are read from the standard rules, never written here. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-accessible.h"
#include "isle-board-view.h"
#include "isle-dialog-template.h"
#include "isle-how-to-play.h"
#include "isle-notation.h"
#include "isle-rules-json.h"
#include "isle-settings.h"
#include "isle-token-art.h"
#include "isle-words.h"

#define BIT(cell) (UINT64_C (1) << (cell))

struct _IsleHowToPlay
{
#if ISLE_HOW_TO_PLAY_IS_DIALOG
  AdwDialog parent_instance;
#else
  AdwWindow parent_instance;
#endif

  AdwWindowTitle *title;
  AdwCarousel *carousel;
  int pending_page;           /* to go to once shown, or -1 */
  IsleRules rules;
};

#if ISLE_HOW_TO_PLAY_IS_DIALOG
G_DEFINE_FINAL_TYPE (IsleHowToPlay, isle_how_to_play, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IsleHowToPlay, isle_how_to_play, ADW_TYPE_WINDOW)
#endif

/* ---- illustrations ------------------------------------------------------ */

/* A small island showing the R3 position TEXT; tokens of Blue that lie face
 * down show only their backs, as Red sees them (R12). HIGHLIGHT lights a
 * line in SIDE's colour; TARGETS marks free tiles. */
static GtkWidget *
island (const char *text, uint64_t highlight, int side, uint64_t targets)
{
  GtkWidget *view = isle_board_view_new ();
  IsleNotationError error;
  IsleBoard board;

  if (!isle_board_parse (text, &board, &error))
    g_error ("How to Play: a bad example board: %s", error.message);
  for (int cell = 0; cell < ISLE_N_CELLS; cell++)
    if ((board.cells[cell].flags & ISLE_CELL_FACE_DOWN) && isle_seat_side (board.cells[cell].seat) == ISLE_SIDE_BLUE)
      board.cells[cell].kind = ISLE_KIND_UNKNOWN;
  isle_board_view_set_board (ISLE_BOARD_VIEW (view), &board, ISLE_SIDE_RED);
  isle_board_view_set_animate (ISLE_BOARD_VIEW (view), FALSE);
  isle_board_view_set_highlight (ISLE_BOARD_VIEW (view), highlight, side);
  isle_board_view_set_targets (ISLE_BOARD_VIEW (view), targets);
  /* A picture, not a board to play on. */
  gtk_widget_set_can_focus (view, FALSE);
  gtk_widget_set_can_target (view, FALSE);
  gtk_widget_set_size_request (view, 240, 240);
  gtk_widget_set_halign (view, GTK_ALIGN_CENTER);
  return view;
}

/* Tokens side by side, each with a caption. */
static GtkWidget *
token_row (const IsleKind *kinds, const IsleSide *sides, const char *const *captions, int n)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  for (int i = 0; i < n; i++)
    {
      GtkWidget *item = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *label = gtk_label_new (captions[i]);

      gtk_box_append (GTK_BOX (item), isle_token_icon_new (kinds[i], sides[i], 64));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (item), label);
      gtk_box_append (GTK_BOX (row), item);
    }
  return row;
}

static GtkWidget *
weather_cards (void)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);

  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  for (int w = 0; w < ISLE_N_WEATHER; w++)
    {
      GtkWidget *item = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *label = gtk_label_new (isle_words_weather (w));

      gtk_box_append (GTK_BOX (item), isle_token_icon_new_weather ((IsleWeather) w, 128));
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_box_append (GTK_BOX (item), label);
      gtk_box_append (GTK_BOX (row), item);
    }
  return row;
}

/* R2, R8: every mercenary with its picture, cost, what it replaces and
 * what it does. */
static GtkWidget *
mercenary_list (IsleHowToPlay *self)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Mercenaries"), -1);
  for (int kind = ISLE_FIRST_MERCENARY; kind < ISLE_N_KINDS; kind++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf (_("%s · %d coins"), isle_words_kind ((IsleKind) kind),
                                                self->rules.hire_cost[kind]);
      g_autofree char *subtitle = g_strdup_printf (_("Replaces a %s. %s."),
                                                   isle_words_kind (isle_kind_info ((IsleKind) kind)->replaces),
                                                   isle_words_ability ((IsleKind) kind));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), isle_token_icon_new ((IsleKind) kind, ISLE_SIDE_RED, 40));
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  return list;
}

/* ---- pages -------------------------------------------------------------- */

/* A page: PICTURE above its HEADING and TEXT, BELOW (if any) after them. */
static void
add_page_with (IsleHowToPlay *self, GtkWidget *picture, const char *heading, const char *text,
               GtkWidget *below)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *title = gtk_label_new (heading);
  GtkWidget *body = gtk_label_new (NULL);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_hexpand (scroller, TRUE);
  gtk_widget_set_vexpand (scroller, TRUE);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 520);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  if (picture != NULL)
    gtk_box_append (GTK_BOX (box), picture);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "title-2");
  gtk_box_append (GTK_BOX (box), title);
  gtk_label_set_markup (GTK_LABEL (body), text);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_xalign (GTK_LABEL (body), 0);
  gtk_box_append (GTK_BOX (box), body);
  if (below != NULL)
    gtk_box_append (GTK_BOX (box), below);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), clamp);
  g_object_set_data_full (G_OBJECT (scroller), "heading", g_strdup (heading), g_free);
  adw_carousel_append (self->carousel, scroller);
}

static void
add_page (IsleHowToPlay *self, GtkWidget *picture, const char *heading, const char *text)
{
  add_page_with (self, picture, heading, text, NULL);
}

static uint64_t
cells (const char *const *names)
{
  uint64_t mask = 0;

  for (int i = 0; names[i] != NULL; i++)
    mask |= BIT (isle_cell_from_name (names[i]));
  return mask;
}

static void
on_new_game_clicked (IsleHowToPlay *self)
{
#if ISLE_HOW_TO_PLAY_IS_DIALOG
  /* Presented on the window, inside it. */
  GtkWidget *parent = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));

  g_object_ref (self);
  adw_dialog_close (ADW_DIALOG (self));
#else
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  gtk_window_close (GTK_WINDOW (self));
#endif
  if (parent != NULL)
    /* As the page says: Basic, against the gentlest computer player. */
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.first-game", NULL);
#if ISLE_HOW_TO_PLAY_IS_DIALOG
  g_object_unref (self);
#endif
}

static void
build_pages (IsleHowToPlay *self)
{
  const int32_t *score = self->rules.line_score;

  /* R1, R3: the island. */
  add_page (self,
            island (".  .  .  .  .  .\n"
                    ".  rW .  bW .  .\n"
                    ".  .  rP bR .  .\n"
                    ".  bW .  rW .  .\n"
                    ".  .  .  .  bB .\n"
                    ".  .  .  .  .  .\n", 0, -1, 0),
            _("The Island"),
            _("Two sides, <b>Red</b> and <b>Blue</b>, take turns placing animal tokens on a small island of 6 × 6 tiles. "
              "The aim: lines of three or more tokens in your colour.\n\n"
              "The small dot on each token is its owner's shield."));

  /* R1, R2: the basic tokens. */
  {
    static const IsleKind kinds[] = { ISLE_KIND_WOLF, ISLE_KIND_PIG, ISLE_KIND_RAT, ISLE_KIND_RABBIT };
    static const IsleSide sides[] = { ISLE_SIDE_RED, ISLE_SIDE_RED, ISLE_SIDE_RED, ISLE_SIDE_RED };
    const char *captions[] = { _("Wolf"), _("Pig: ×2"), _("Rat: a spy"), _("Rabbit: white") };

    add_page (self, token_row (kinds, sides, captions, 4), _("Your Tokens"),
              _("Each side has a pile of 18 tokens: 9 Wolves, 2 Pigs, 4 Rats and 3 Rabbits.\n\n"
                "Wolves and Pigs show their owner's colour. A <b>Rat</b> is a spy: it shows the "
                "<i>other</i> side's colour and builds their lines. A <b>Rabbit</b> is white: it scores "
                "for nobody and breaks any line it stands in."));
  }

  /* R4: a turn. */
  {
    static const char *const free_tiles[] = { "b1", "c1", "a2", "d2", "e3", "b4", "c5", "e5", NULL };

    add_page (self,
              island ("rW .  .  bW rP .\n"
                      ".  bR rW .  bW .\n"
                      "bP rB .  rW .  bW\n"
                      "rR .  bW .  rW .\n"
                      "bW .  .  rW .  bB\n"
                      ".  rW bW .  .  rW\n", 0, -1, cells (free_tiles)),
              _("Your Turn"),
              _("At the start of each round you choose five tokens from your pile: your hand.\n\n"
                "On your turn, pick a token from your hand (keys 1–5) and put it on any free tile: "
                "click the tile, drag the token there, or move over the island with the arrow keys "
                "and press Enter. Then you draw a new token. With nothing to place, your turn is "
                "skipped."));
  }

  /* R5, R7: lines and their points (the example of R7). */
  {
    static const char *const line[] = { "a1", "b1", "c1", "d1", NULL };
    g_autofree char *text =
      g_strdup_printf (_("When every tile holds a token, the round is scored. Three or more tokens of one "
                         "colour in a row — across, down or diagonally — make a line, worth "
                         "%d points for 3, %d for 4, %d for 5 and %d for 6.\n\n"
                         "A <b>Pig</b> in a line doubles it: here Red's line of four scores %d × 2 = %d. "
                         "Blue's Rat is red, so it would lengthen Red's lines, not Blue's."),
                       score[3], score[4], score[5], score[6], score[4], score[4] * 2);

    add_page (self,
              island ("rW rW rP rW bW .\n"
                      "bR .  .  .  .  .\n"
                      ".  .  .  .  .  .\n"
                      ".  .  .  .  .  .\n"
                      ".  .  .  .  .  .\n"
                      ".  .  .  .  .  .\n", cells (line), ISLE_SIDE_RED, 0),
              _("Lines"), text);
  }

  /* R4.3, R4.7: rounds. */
  add_page (self, NULL, _("Rounds and Winning"),
            _("The Basic game has two rounds, and the player who went second starts the next one. "
              "Points add up over the rounds: the higher total wins, and equal totals are a draw.\n\n"
              "After each round the island lights up line by line, so you can see where every point "
              "came from."));

  /* R6.1–R6.4: weather. */
  add_page (self, weather_cards (), _("Weather"),
            _("In the Weather game, before each round the round's second player draws two weather "
              "cards and keeps one.\n\n"
              "<b>Sunny</b>: the whole island is open.\n"
              "<b>Cloudy</b>: fog covers three of the four quarters; only one is open.\n"
              "<b>Foggy</b>: as Cloudy, and tokens are placed face down."));

  /* R6.3–R6.5, R12: fog and face-down tokens. */
  add_page (self,
            island ("rW* bW* .  #  #  #\n"
                    ".  rP* bR* #  #  #\n"
                    "bW* .  rW* #  #  #\n"
                    "#  #  #  #  #  #\n"
                    "#  #  #  #  #  #\n"
                    "#  #  #  #  #  #\n", 0, -1, 0),
            _("Fog and Hidden Tokens"),
            _("When the open tiles are full, the player who filled the last one lifts a fog board of "
              "their choice, and play goes on there.\n\n"
              "A face-down token shows only its owner's shield: you see the back of the other side's "
              "tokens until scoring. Your own are shown under a veil, to remind you what you placed "
              "(unless the game is played with strict memory)."));

  /* R9: hiring. */
  {
    static const IsleKind kinds[] = { ISLE_KIND_WOLF, ISLE_KIND_FOX };
    static const IsleSide sides[] = { ISLE_SIDE_RED, ISLE_SIDE_RED };
    g_autofree char *fox = g_strdup_printf (_("Fox: %d coins"), self->rules.hire_cost[ISLE_KIND_FOX]);
    const char *captions[] = { _("Wolf goes back to the box"), fox };
    g_autofree char *text =
      g_strdup_printf (_("In the Mercenary game your points are coins. After each round both sides hire "
                         "mercenaries in secret: each costs coins and takes the place of one of your basic "
                         "tokens, so your pile stays at 18.\n\n"
                         "After %d rounds the side with more coins wins; on a tie, the side that hired "
                         "dearer mercenaries."),
                       self->rules.rounds[ISLE_VARIANT_MERCENARY]);

    add_page (self, token_row (kinds, sides, captions, 2), _("Hiring Mercenaries"), text);
  }

  /* R8: every mercenary. */
  {
    add_page_with (self, NULL, _("The Mercenaries"),
                   _("An ability works when its token is placed face up on your own turn. White tokens are "
                     "never moved, swapped or replaced, and nothing reaches under fog. Cats, Pigs and Crows "
                     "count in scoring even face down."),
                   mercenary_list (self));
  }

  /* R10, R11: the other games. */
  {
    static const IsleKind kinds[] = { ISLE_KIND_WOLF, ISLE_KIND_WOLF, ISLE_KIND_WOLF, ISLE_KIND_WOLF };
    static const IsleSide sides[] = { ISLE_SIDE_RED, ISLE_SIDE_BLUE, ISLE_SIDE_RED, ISLE_SIDE_BLUE };
    const char *captions[] = { _("Red 1"), _("Blue 1"), _("Red 2"), _("Blue 2") };
    g_autofree char *text =
      g_strdup_printf (_("The <b>Quick game</b> starts with %d coins to hire with before the first round, "
                         "keeps one weather for the whole game and lasts %d rounds.\n\n"
                         "In the <b>Team game</b> four players share the island as two teams, taking turns "
                         "Red 1, Blue 1, Red 2, Blue 2. A team shares its coins, but not its hands."),
                       self->rules.quick_start_coins, self->rules.rounds[ISLE_VARIANT_QUICK]);

    add_page (self, token_row (kinds, sides, captions, 4), _("Quick and Team Games"), text);
  }

  /* Ready. */
  {
    GtkWidget *button = gtk_button_new_with_mnemonic (_("_Start a New Game"));

    gtk_widget_add_css_class (button, "pill");
    gtk_widget_add_css_class (button, "suggested-action");
    gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
    g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_new_game_clicked), self);
    add_page (self, button, _("Ready to Play"),
              _("Start with the Basic game against the gentlest computer player, then add weather "
                "and mercenaries. The hint button (Ctrl+H) suggests a move whenever you are stuck, "
                "and every move can be undone (Ctrl+Z).\n\n"
                "This walkthrough is always in the main menu, and the whole guide is under Help (F1)."));
  }
}

/* ---- navigation --------------------------------------------------------- */

guint
isle_how_to_play_get_n_pages (IsleHowToPlay *self)
{
  g_return_val_if_fail (ISLE_IS_HOW_TO_PLAY (self), 0);

  return adw_carousel_get_n_pages (self->carousel);
}

guint
isle_how_to_play_get_page (IsleHowToPlay *self)
{
  g_return_val_if_fail (ISLE_IS_HOW_TO_PLAY (self), 0);

  return (guint) (adw_carousel_get_position (self->carousel) + 0.5);
}

static void
on_page_changed (IsleHowToPlay *self, guint index)
{
  guint n = adw_carousel_get_n_pages (self->carousel);
  GtkWidget *page = adw_carousel_get_nth_page (self->carousel, index);
  g_autofree char *subtitle = g_strdup_printf (_("%u of %u · %s"), index + 1, n,
                                               (const char *) g_object_get_data (G_OBJECT (page), "heading"));

  adw_window_title_set_subtitle (self->title, subtitle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tour.previous", index > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tour.next", index + 1 < n);
}

/* A page asked for before the carousel has its size: gone to at the first
 * frame after it has one. */
static gboolean
go_to_pending (GtkWidget *carousel, GdkFrameClock *clock, gpointer user_data)
{
  IsleHowToPlay *self = user_data;

  (void) clock;
  if (self->pending_page < 0)
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_width (carousel) <= 0)
    return G_SOURCE_CONTINUE;
  adw_carousel_scroll_to (self->carousel, adw_carousel_get_nth_page (self->carousel, (guint) self->pending_page),
                          FALSE);
  on_page_changed (self, (guint) self->pending_page);
  self->pending_page = -1;
  return G_SOURCE_REMOVE;
}

void
isle_how_to_play_go_to (IsleHowToPlay *self, guint page)
{
  g_return_if_fail (ISLE_IS_HOW_TO_PLAY (self));

  if (page >= adw_carousel_get_n_pages (self->carousel))
    return;
  if (gtk_widget_get_width (GTK_WIDGET (self->carousel)) <= 0)
    {
      if (self->pending_page < 0)
        gtk_widget_add_tick_callback (GTK_WIDGET (self->carousel), go_to_pending, self, NULL);
      self->pending_page = (int) page;
      return;
    }
  adw_carousel_scroll_to (self->carousel, adw_carousel_get_nth_page (self->carousel, page), TRUE);
  /* The signal comes when a scroll ends; say where we are at once. */
  on_page_changed (self, page);
}

static void
previous_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleHowToPlay *self = ISLE_HOW_TO_PLAY (widget);
  guint page = isle_how_to_play_get_page (self);

  (void) name;
  (void) parameter;
  if (page > 0)
    isle_how_to_play_go_to (self, page - 1);
}

static void
next_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleHowToPlay *self = ISLE_HOW_TO_PLAY (widget);

  (void) name;
  (void) parameter;
  isle_how_to_play_go_to (self, isle_how_to_play_get_page (self) + 1);
}

static void
isle_how_to_play_class_init (IsleHowToPlayClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  isle_dialog_template_set (widget_class, "/io/github/critterisle/CritterIsle/isle-how-to-play.ui");
  gtk_widget_class_bind_template_child (widget_class, IsleHowToPlay, title);
  gtk_widget_class_bind_template_child (widget_class, IsleHowToPlay, carousel);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);

  gtk_widget_class_install_action (widget_class, "tour.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "tour.next", NULL, next_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "tour.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "tour.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "tour.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "tour.next", NULL);
#if !ISLE_HOW_TO_PLAY_IS_DIALOG
  /* An AdwDialog closes on Escape by itself. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

static void
isle_how_to_play_init (IsleHowToPlay *self)
{
  g_autoptr (GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The template's root is any widget (its parent class is one of two);
   * what only one of them has is set here. */
#if ISLE_HOW_TO_PLAY_IS_DIALOG
  adw_dialog_set_content_width (ADW_DIALOG (self), 600);
  adw_dialog_set_content_height (ADW_DIALOG (self), 660);
#else
  gtk_window_set_default_size (GTK_WINDOW (self), 600, 660);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 480);
#endif
  self->pending_page = -1;
  if (!isle_rules_load_standard (&self->rules, &error))
    g_error ("the standard rules cannot be read: %s", error->message);
  build_pages (self);
  isle_accessible_tidy (GTK_WIDGET (self));
  on_page_changed (self, 0);
  /* Seen once: the start page stops offering it first. */
  g_settings_set_boolean (isle_settings_get (), "tour-taken", TRUE);
}

IsleHowToPlay *
isle_how_to_play_present (GtkWindow *parent)
{
  IsleHowToPlay *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

#if ISLE_HOW_TO_PLAY_IS_DIALOG
  self = g_object_new (ISLE_TYPE_HOW_TO_PLAY, NULL);
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (parent));
#else
  self = ISLE_HOW_TO_PLAY (isle_how_to_play_new (parent));
  gtk_window_present (GTK_WINDOW (self));
#endif
  return self;
}

#if !ISLE_HOW_TO_PLAY_IS_DIALOG
GtkWindow *
isle_how_to_play_new (GtkWindow *parent)
{
  return g_object_new (ISLE_TYPE_HOW_TO_PLAY, "transient-for", parent, NULL);
}
#endif
