/* bad-fields.c — a test plugin whose IsleAiPluginInfo lacks choose() and
 * has an id with characters outside a-z 0-9 - _ . */
#include <stdlib.h>

#include <critter-isle/isle-ai-plugin.h>

static void *
bad_create (void)
{
  return malloc (1);
}

static const IsleAiPluginInfo bad_info = {
  .abi_version = ISLE_AI_PLUGIN_ABI_VERSION,
  .id = "Bad Fields!",
  .name = "Bad fields",
  .create = bad_create,
  .destroy = free,
  .choose = NULL,
};

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION;
}

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  return &bad_info;
}
