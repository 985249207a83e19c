/* isle-file-chooser.c — the `.isle` filter and starting folder of the file
 * choosers (isle-file-chooser.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "isle-file-chooser.h"

GtkFileFilter *
isle_file_chooser_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Critter Isle games and scenarios"));
  gtk_file_filter_add_mime_type (filter, "application/x-critter-isle");
  gtk_file_filter_add_suffix (filter, "isle");
  return filter;
}

void
isle_file_chooser_start_folder (GtkFileChooser *chooser, const char *near)
{
  g_autoptr (GFile) folder = NULL;

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  if (near != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_path (near);

      folder = g_file_get_parent (file);
    }
  if (folder == NULL)
    {
      const char *dir = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

      folder = g_file_new_for_path (dir && g_file_test (dir, G_FILE_TEST_IS_DIR) ? dir : g_get_home_dir ());
    }
  gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}
