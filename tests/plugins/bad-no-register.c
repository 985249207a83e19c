/* bad-no-register.c — a test plugin without isle_ai_plugin_register(). */
#include <critter-isle/isle-ai-plugin.h>

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION;
}
