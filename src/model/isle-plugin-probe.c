/* isle-plugin-probe.c — critter-isle-plugin-probe PATH: tries an AI plugin
 * in a process of its own before the game loads it (isle-plugin-loader.c
 * runs it through GSubprocess). It opens the module, runs the checks of
 * isle-plugin-check.h, writes a detail to standard output (dlopen's
 * message, or the module's ABI version) and exits with the check's code,
 * so a plugin that crashes or hangs while loading only takes this process
 * down. Installed in libexecdir; not for people. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "isle-plugin-check.h"

int
main (int argc, char **argv)
{
  uint32_t version = 0;
  const IsleAiPluginInfo *info = NULL;
  IslePluginCheck check;
  void *handle;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s PLUGIN.so\n", argv[0]);
      return 2;
    }
  handle = dlopen (argv[1], RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL)
    {
      const char *message = dlerror ();

      fputs (message != NULL ? message : "", stdout);
      return ISLE_PLUGIN_CHECK_OPEN;
    }
  check = isle_plugin_check_symbols (dlsym (handle, ISLE_AI_PLUGIN_ABI_VERSION_SYMBOL),
                                     dlsym (handle, ISLE_AI_PLUGIN_REGISTER_SYMBOL),
                                     &version, &info);
  printf ("%u", (unsigned) version);
  fflush (stdout);
  return check;
}
