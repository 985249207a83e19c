/* isle-plugin-check.c — the checks every AI plugin goes through
 * (isle-plugin-check.h). */
#include "isle-plugin-check.h"

#include <stddef.h>

int
isle_plugin_check_id (const char *id)
{
  size_t n = 0;

  if (id == NULL)
    return 0;
  for (; id[n] != '\0'; n++)
    if (!((id[n] >= 'a' && id[n] <= 'z') || (id[n] >= '0' && id[n] <= '9')
          || id[n] == '-' || id[n] == '_' || id[n] == '.'))
      return 0;
  return n >= 1 && n <= 32;
}

IslePluginCheck
isle_plugin_check_symbols (void *abi_symbol, void *register_symbol,
                           uint32_t *version, const IsleAiPluginInfo **info_out)
{
  uint32_t (*abi_version) (void) = (uint32_t (*) (void)) abi_symbol;
  const IsleAiPluginInfo *(*register_plugin) (void)
    = (const IsleAiPluginInfo *(*) (void)) register_symbol;
  const IsleAiPluginInfo *info;

  if (abi_version == NULL)
    return ISLE_PLUGIN_CHECK_NO_ABI_SYMBOL;
  *version = abi_version ();
  if (*version != ISLE_AI_PLUGIN_ABI_VERSION)
    return ISLE_PLUGIN_CHECK_ABI;
  if (register_plugin == NULL)
    return ISLE_PLUGIN_CHECK_NO_REGISTER_SYMBOL;
  info = register_plugin ();
  if (info == NULL)
    return ISLE_PLUGIN_CHECK_REGISTER_NULL;
  if (info->abi_version != ISLE_AI_PLUGIN_ABI_VERSION)
    {
      *version = info->abi_version;
      return ISLE_PLUGIN_CHECK_INFO_ABI;
    }
  if (!isle_plugin_check_id (info->id))
    return ISLE_PLUGIN_CHECK_BAD_ID;
  if (info->name == NULL || info->name[0] == '\0')
    return ISLE_PLUGIN_CHECK_NO_NAME;
  if (info->create == NULL || info->destroy == NULL || info->choose == NULL)
    return ISLE_PLUGIN_CHECK_NO_FUNCTION;
  *info_out = info;
  return ISLE_PLUGIN_CHECK_OK;
}
