/* isle-window-games.c — the window's side of Your Games (issue 30): the
 * page shown (win.games), a kept game opened to replay and review, deleted
 * with an Undo, exported as a `.isle` saved game, saved games imported;
 * and what happened to a library file that could not be used as it was,
 * said once. The page (isle-games-page.c) asks by these actions; the
 * library and the session do the work. */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-alert.h"
#include "isle-file-chooser.h"
#include "isle-games-page.h"
#include "isle-saved-game.h"
#include "isle-window-private.h"

static IsleLibrary *
library (IsleWindow *self)
{
  return self->session != NULL ? isle_session_get_library (self->session) : NULL;
}

static void
toast (IsleWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

/* The game of row ID whole, or NULL having said why. */
static IsleKeptGame *
get_kept (IsleWindow *self, gint64 id)
{
  g_autoptr (GError) error = NULL;
  IsleKeptGame *kept = library (self) != NULL ? isle_library_get (library (self), id, &error) : NULL;

  if (kept == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be read: %s"),
                                               error != NULL ? error->message : _("there is no games library"));

      toast (self, text);
    }
  return kept;
}

static void
games_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);

  (void) name;
  (void) parameter;
  if (self->match != NULL)
    isle_match_hold (self->match);
  isle_window_show_page (self, "games");
}

/* ---- open ---------------------------------------------------------------- */

static void
show_kept (IsleWindow *self, gpointer game)
{
  self->puzzle = -1;
  isle_window_start_game (self, game);
}

/* The game of row ID, at its end, in place of the game shown (a game in
 * progress is asked about first): opened under its name by the session,
 * which keeps it again only with a review made of it (Review Game), in
 * its place. */
static void
open_kept_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_autoptr (IsleKeptGame) kept = get_kept (self, g_variant_get_int64 (parameter));
  g_autoptr (GError) error = NULL;
  IsleGame *game;

  (void) name;
  if (kept == NULL)
    return;
  game = isle_session_open_kept (self->session, kept, &error);
  if (game == NULL)
    {
      toast (self, error->message);
      return;
    }
  isle_window_replace_game (self, show_kept, game, g_object_unref);
}

/* ---- delete, and undo ------------------------------------------------------ */

static void
on_undo_delete (AdwToast *t, IsleWindow *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (t), "isle-kept-id");

  if (library (self) != NULL)
    isle_library_set_deleted (library (self), id, FALSE);
}

static void
delete_kept_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  gint64 *id = g_new (gint64, 1);
  AdwToast *t;

  (void) name;
  *id = g_variant_get_int64 (parameter);
  if (library (self) == NULL || isle_library_get_state (library (self)) != ISLE_LIBRARY_READY)
    {
      g_free (id);
      toast (self, _("The games library cannot be written, so no game can be deleted."));
      return;
    }
  isle_library_set_deleted (library (self), *id, TRUE);
  t = adw_toast_new (_("Game deleted"));
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (t), "isle-kept-id", id, g_free);
  g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_undo_delete), self, 0);
  adw_toast_overlay_add_toast (self->toasts, t);
}

/* ---- export -------------------------------------------------------------- */

static void
on_export_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleWindow *self = ISLE_WINDOW (source);
  g_autofree char *record = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = isle_file_chooser_save_finish (result, &error);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (file == NULL && !isle_file_chooser_dismissed (error))
    toast (self, error->message);
  else if (path != NULL && !g_file_set_contents (path, record, -1, &error))
    toast (self, error->message);
  else if (path != NULL)
    toast (self, _("Game exported"));
}

/* The record of row ID saved as a `.isle` file, through the dialog Save As
 * uses. */
static void
export_kept_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  IsleWindow *self = ISLE_WINDOW (widget);
  g_autoptr (IsleKeptGame) kept = get_kept (self, g_variant_get_int64 (parameter));
  g_autoptr (GDateTime) when = NULL;
  g_autofree char *day = NULL, *file_name = NULL;

  (void) name;
  if (kept == NULL)
    return;
  when = g_date_time_new_from_unix_local (isle_kept_game_get_ended (kept));
  day = when != NULL ? g_date_time_format (when, "%Y-%m-%d") : g_strdup ("");
  /* Translators: the file name an exported game is offered, with the day
   * it was played (2025-03-14). */
  file_name = g_strdup_printf (_("Critter Isle game %s.isle"), day);
  isle_file_chooser_save (GTK_WINDOW (self), _("Export the Game"), NULL, file_name, NULL, on_export_chosen,
                          g_strdup (isle_kept_game_get_record (kept)));
}

/* ---- import -------------------------------------------------------------- */

static void
on_import_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  IsleWindow *self = ISLE_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GListModel) files = isle_file_chooser_open_multiple_finish (result, &error);
  g_autoptr (GString) refused = g_string_new (NULL);
  guint kept = 0, n_refused = 0;

  (void) data;
  if (files == NULL)
    {
      if (!isle_file_chooser_dismissed (error))
        toast (self, error->message);
      return;
    }
  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr (GFile) file = g_list_model_get_item (files, i);
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *base = g_file_get_basename (file);
      g_autoptr (GError) why = NULL;
      g_autoptr (IsleGame) game = path != NULL ? isle_saved_game_load (path, &why) : NULL;

      if (game != NULL && isle_session_import (self->session, game, &why))
        kept++;
      else
        {
          /* The first refusal is told whole; the others counted. */
          if (n_refused++ == 0)
            g_string_printf (refused, _("“%s” was not imported: %s"), base,
                             why != NULL ? why->message : _("it is not a file on this computer"));
          g_printerr ("critter-isle: %s: %s\n", path != NULL ? path : base, why != NULL ? why->message : "");
        }
    }
  if (kept > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u game imported", "%u games imported", kept), kept);

      toast (self, text);
    }
  if (n_refused == 1)
    toast (self, refused->str);
  else if (n_refused > 1)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%s (and %u other file)", "%s (and %u other files)",
                                                         n_refused - 1),
                                               refused->str, n_refused - 1);

      toast (self, text);
    }
}

/* Saved games opened (one or more) are kept in the library, each finished
 * one as played now. */
static void
import_games_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  (void) name;
  (void) parameter;
  isle_file_chooser_open_multiple (GTK_WINDOW (widget), _("Import Saved Games"), NULL, NULL, on_import_chosen, NULL);
}

/* ---- the library's notice --------------------------------------------------- */

static void
on_notice_details (AdwToast *t, IsleWindow *self)
{
  isle_alert_present (GTK_WIDGET (self), _("Your Games Library"), g_object_get_data (G_OBJECT (t), "isle-notice"),
                      (const char *const[]) { "close", _("_Close"), NULL }, "close", NULL, NULL, NULL, NULL);
}

/* What happened to a library file that could not be used as it was
 * (damaged and moved aside, newer, read-only): said once, as the
 * autosave's load notice is, in a toast (short enough to read whole, the
 * model's sentences under Details) and on standard error. */
static void
on_library_notice (IsleWindow *self)
{
  const char *notice = isle_session_take_library_notice (self->session);
  AdwToast *t;

  if (notice == NULL)
    return;
  t = adw_toast_new (_("Your games library could not be used as it was"));
  adw_toast_set_timeout (t, 0);
  adw_toast_set_button_label (t, _("_Details"));
  g_object_set_data_full (G_OBJECT (t), "isle-notice", g_strdup (notice), g_free);
  g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_notice_details), self, 0);
  adw_toast_overlay_add_toast (self->toasts, t);
  g_printerr ("critter-isle: %s\n", notice);
}

void
isle_window_show_library (IsleWindow *self)
{
  isle_games_page_set_library (self->games_page, library (self));
  isle_games_page_set_session (self->games_page, self->session);
  g_signal_connect_swapped (self->session, "notify::library-notice", G_CALLBACK (on_library_notice), self);
  on_library_notice (self);
}

void
isle_window_install_games_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.games", NULL, games_action);
  gtk_widget_class_install_action (widget_class, "win.open-kept-game", "x", open_kept_action);
  gtk_widget_class_install_action (widget_class, "win.delete-kept-game", "x", delete_kept_action);
  gtk_widget_class_install_action (widget_class, "win.export-kept-game", "x", export_kept_action);
  gtk_widget_class_install_action (widget_class, "win.import-games", NULL, import_games_action);
}
