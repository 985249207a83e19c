/* main.c — the Critter Isle game. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "isle-application.h"

int
main (int argc, char **argv)
{
  g_autoptr (IsleApplication) app = NULL;

#ifdef __GLIBC__
  /* A computer player's search tree (megabytes, one per move) is freed
   * after each move. glibc would raise its mmap threshold after the first
   * such free and keep later trees in the heap, which would grow over a
   * game; a fixed threshold gives every tree back at once. */
  mallopt (M_MMAP_THRESHOLD, 1024 * 1024);
  /* The app mostly waits: one heap for all its threads (the computer
   * player's, GIO's workers, D-Bus) instead of one per thread, each of
   * which would keep a few hundred kilobytes for a handful of small
   * allocations. The search allocates its tree in one block, so sharing
   * the heap's lock costs it nothing. */
  mallopt (M_ARENA_MAX, 1);
#endif
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = isle_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
