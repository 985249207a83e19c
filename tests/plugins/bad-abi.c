/* bad-abi.c — a test plugin built for another ABI version: refused before
 * isle_ai_plugin_register() is called (which would crash). */
#include <stdlib.h>

#include <critter-isle/isle-ai-plugin.h>

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION + 41;
}

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  abort ();
}
