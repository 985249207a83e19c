/* isle-shortcuts.c — the keyboard shortcuts of the game and the editor.
 *
 * One list (SHORTCUTS below) shown three ways, by what the libraries the
 * build is made against offer:
 * - libadwaita ≥ 1.8: its AdwShortcutsDialog;
 * - libadwaita 1.5–1.7 (Debian 13: GTK 4.18, where GtkShortcutsWindow and
 *   the window's help overlay are deprecated): an AdwDialog of our own, a
 *   preferences page with a group per section and a row per shortcut, its
 *   keys written by gtk_accelerator_get_label();
 * - before (Debian 12: GTK 4.8, libadwaita 1.2): a GtkShortcutsWindow,
 *   the window's help overlay, built from the same list. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-shortcuts.h"

#define MODERN_DIALOG ADW_CHECK_VERSION (1, 5, 0)

/* A shortcut either names the action whose accelerators it shows or gives
 * its keys (several keys separated by spaces: "1 2 3 4 5"). A section
 * starts at the first shortcut that has a SECTION. */
typedef struct
{
  const char *section;
  const char *title;
  const char *action;
  const char *accelerator;
} Shortcut;

static const Shortcut shortcuts[] = {
  { N_("Game"), N_("New game"), "win.new-game", NULL },
  { NULL, N_("Open a saved game"), "win.open", NULL },
  { NULL, N_("Save the game as"), "win.save-as", NULL },
  { NULL, N_("Undo"), "win.undo", NULL },
  { NULL, N_("Redo"), "win.redo", NULL },
  { NULL, N_("Show a hint"), "win.hint", NULL },
  { NULL, N_("Puzzles"), "win.puzzles", NULL },
  { NULL, N_("Your games"), "win.games", NULL },
  { NULL, N_("Play a scenario copied as text"), NULL, "<Control>v" },
  { N_("Scenario Editor"), N_("Open the editor"), "app.editor", NULL },
  { NULL, N_("Test play the scenario"), NULL, "F5" },
  { NULL, N_("Save the scenario"), NULL, "<Control>s" },
  { NULL, N_("Copy the scenario as text"), NULL, "<Control><Shift>c" },
  { NULL, N_("Paste a scenario"), NULL, "<Control><Shift>v" },
  { NULL, N_("Empty the tile under the cursor"), NULL, "Delete" },
  { N_("Placing tokens"), N_("Pick a token from your hand"), NULL, "1 2 3 4 5" },
  { NULL, N_("Move between tiles"), NULL, "Left Right Up Down" },
  { NULL, N_("Place on the tile, or choose it"), NULL, "Return" },
  { N_("General"), N_("Help"), "app.help", NULL },
  { NULL, N_("Preferences"), "app.preferences", NULL },
  { NULL, N_("Keyboard shortcuts"), NULL, "<Control>question" },
  { NULL, N_("Quit"), "app.quit", NULL },
};

#if ADW_CHECK_VERSION (1, 8, 0)

static AdwDialog *
shortcuts_dialog_new (GtkWindow *window)
{
  AdwShortcutsDialog *dialog = ADW_SHORTCUTS_DIALOG (adw_shortcuts_dialog_new ());
  AdwShortcutsSection *section = NULL;

  (void) window;
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    {
      const Shortcut *s = &shortcuts[i];

      if (s->section != NULL)
        {
          section = adw_shortcuts_section_new (_(s->section));
          adw_shortcuts_dialog_add (dialog, section);
        }
      adw_shortcuts_section_add (section, s->action != NULL
                                          ? adw_shortcuts_item_new_from_action (_(s->title), s->action)
                                          : adw_shortcuts_item_new (_(s->title), s->accelerator));
    }
  return ADW_DIALOG (dialog);
}

#elif MODERN_DIALOG

/* The keys of S as a person reads them ("Ctrl+Shift+C"), several joined
 * by spaces; an action's first accelerator in APP. */
static char *
accelerator_label (const Shortcut *s, GtkApplication *app)
{
  g_auto (GStrv) accels = NULL;

  if (s->action != NULL)
    {
      if (app != NULL)
        accels = gtk_application_get_accels_for_action (app, s->action);
      if (accels != NULL && accels[0] != NULL)
        g_clear_pointer (&accels[1], g_free);   /* the first is the one to learn */
    }
  else
    accels = g_strsplit (s->accelerator, " ", -1);

  return isle_shortcuts_keys_text ((const char *const *) accels, " ");
}

static AdwDialog *
shortcuts_dialog_new (GtkWindow *window)
{
  AdwDialog *dialog = adw_dialog_new ();
  GtkWidget *view = adw_toolbar_view_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkApplication *app = gtk_window_get_application (window);
  AdwPreferencesGroup *group = NULL;

  gtk_widget_set_name (GTK_WIDGET (dialog), "isle-shortcuts");   /* isle_shortcuts_get_shown() */
  adw_dialog_set_title (dialog, _("Keyboard Shortcuts"));
  adw_dialog_set_content_width (dialog, 480);
  adw_dialog_set_content_height (dialog, 640);
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (view), adw_header_bar_new ());
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (view), page);
  adw_dialog_set_child (dialog, view);

  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    {
      const Shortcut *s = &shortcuts[i];
      g_autofree char *keys = accelerator_label (s, app);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *label = gtk_label_new (keys);

      if (s->section != NULL)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, _(s->section));
          adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), group);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(s->title));
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (group, row);
    }
  return dialog;
}

#else

/* The GtkBuilder text of a shortcuts window of SHORTCUTS (GTK 4.8 has no
 * call to add a section to one but its builder). */
static char *
shortcuts_window_ui (void)
{
  GString *ui = g_string_new ("<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\">"
                              "<property name=\"modal\">True</property><child>"
                              "<object class=\"GtkShortcutsSection\">"
                              "<property name=\"section-name\">shortcuts</property>"
                              /* Two columns on one page: at the default 15
                               * rows GTK 4.8 pages them, and its page reflow
                               * warns of labels of negative width. */
                              "<property name=\"max-height\">16</property>");

  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    {
      const Shortcut *s = &shortcuts[i];
      g_autofree char *item = NULL;

      if (s->section != NULL)
        {
          g_autofree char *group = g_markup_printf_escaped ("<child><object class=\"GtkShortcutsGroup\">"
                                                            "<property name=\"title\">%s</property>",
                                                            _(s->section));

          if (i > 0)
            g_string_append (ui, "</object></child>");
          g_string_append (ui, group);
        }
      item = g_markup_printf_escaped ("<child><object class=\"GtkShortcutsShortcut\">"
                                      "<property name=\"title\">%s</property>"
                                      "<property name=\"%s\">%s</property></object></child>",
                                      _(s->title), s->action != NULL ? "action-name" : "accelerator",
                                      s->action != NULL ? s->action : s->accelerator);
      g_string_append (ui, item);
    }
  g_string_append (ui, "</object></child></object></child></object></interface>");
  return g_string_free (ui, FALSE);
}

#endif

char *
isle_shortcuts_keys_text (const char *const *accelerators, const char *separator)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; accelerators != NULL && accelerators[i] != NULL; i++)
    {
      guint key;
      GdkModifierType mods;
      g_autofree char *one = NULL;

      if (!gtk_accelerator_parse (accelerators[i], &key, &mods))
        continue;
      one = gtk_accelerator_get_label (key, mods);
      if (text->len > 0)
        g_string_append (text, separator);
      g_string_append (text, one);
    }
  return g_string_free (text, FALSE);
}

/* The "win.show-help-overlay" action of the game and editor windows: the
 * shortcuts, built when they are asked for (GTK would build
 * gtk/help-overlay.ui with every window, slowing the start). */
void
isle_show_shortcuts (GtkWidget *window, const char *action, GVariant *parameter)
{
  (void) action;
  (void) parameter;
#if MODERN_DIALOG
  /* A dialog over the window: a bottom sheet when the window is narrow. */
  adw_dialog_present (shortcuts_dialog_new (GTK_WINDOW (window)), window);
#else
  {
    GtkApplicationWindow *self = GTK_APPLICATION_WINDOW (window);
    GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (self);

    if (overlay == NULL)
      {
        g_autofree char *ui = shortcuts_window_ui ();
        g_autoptr (GtkBuilder) builder = gtk_builder_new_from_string (ui, -1);

        overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
        /* Read by its title, not "GtkShortcutsWindow". */
        gtk_window_set_title (GTK_WINDOW (overlay), _("Keyboard Shortcuts"));
        /* It then shows the accelerators of the actions it names. */
        gtk_application_window_set_help_overlay (self, overlay);
      }
    gtk_window_present (GTK_WINDOW (overlay));
  }
#endif
}

GtkWidget *
isle_shortcuts_get_shown (GtkWidget *window)
{
  g_return_val_if_fail (GTK_IS_APPLICATION_WINDOW (window), NULL);

#if MODERN_DIALOG
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

# if ADW_CHECK_VERSION (1, 8, 0)
    if (ADW_IS_SHORTCUTS_DIALOG (dialog))
      return GTK_WIDGET (dialog);
# else
    if (dialog != NULL && g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "isle-shortcuts") == 0)
      return GTK_WIDGET (dialog);
# endif
    return NULL;
  }
#else
  {
    GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));

    return overlay != NULL && gtk_widget_get_visible (GTK_WIDGET (overlay)) ? GTK_WIDGET (overlay) : NULL;
  }
#endif
}
