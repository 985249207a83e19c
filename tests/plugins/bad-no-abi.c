/* bad-no-abi.c — a test plugin without isle_ai_plugin_abi_version(): its
 * register function must never be called. */
#include <stdlib.h>

#include <critter-isle/isle-ai-plugin.h>

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  abort ();
}
