/* bad-crash.c — a test plugin that crashes in isle_ai_plugin_register():
 * the loader must survive it and refuse the plugin. */
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
  volatile int *volatile nowhere = NULL;

  /* A NULL dereference, SIGSEGV in the probe process. */
  return (const IsleAiPluginInfo *) (size_t) *nowhere;
}
