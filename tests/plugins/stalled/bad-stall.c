/* bad-stall.c — a test plugin that never returns from
 * isle_ai_plugin_register(): its probe must be killed after the timeout
 * and the plugin refused, with nobody waiting for it meanwhile. It writes
 * the pid of the process it hangs in to the file named by
 * $ISLE_TEST_STALL_PIDFILE first, so that the tests can see that process
 * go. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <critter-isle/isle-ai-plugin.h>

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION;
}

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  const char *pidfile = getenv ("ISLE_TEST_STALL_PIDFILE");

  if (pidfile != NULL)
    {
      char tmp[4096];
      FILE *f;

      /* Written whole, then renamed: a reader never sees half of it. */
      snprintf (tmp, sizeof tmp, "%s.tmp", pidfile);
      f = fopen (tmp, "w");
      if (f != NULL)
        {
          fprintf (f, "%ld\n", (long) getpid ());
          fclose (f);
          rename (tmp, pidfile);
        }
    }
  for (;;)
    pause ();
  return NULL;
}
