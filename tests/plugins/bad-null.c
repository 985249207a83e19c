/* bad-null.c — a test plugin whose isle_ai_plugin_register() returns NULL. */
#include <stddef.h>

#include <critter-isle/isle-ai-plugin.h>

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION;
}

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  return NULL;
}
