/* isle-plugin-check.h — the checks every AI plugin goes through, on the two
 * symbols it exports (include/critter-isle/isle-ai-plugin.h). Plain C, no
 * GLib: shared by the loader (in the game's process) and by the probe
 * program that tries a plugin first in a process of its own
 * (isle-plugin-probe.c), whose exit status is the outcome. */
#pragma once

#include <stdint.h>

#include <critter-isle/isle-ai-plugin.h>

/* The outcome of the checks; also the probe's exit status. */
typedef enum
{
  ISLE_PLUGIN_CHECK_OK = 0,
  ISLE_PLUGIN_CHECK_OPEN = 10,
  ISLE_PLUGIN_CHECK_NO_ABI_SYMBOL,
  ISLE_PLUGIN_CHECK_ABI,
  ISLE_PLUGIN_CHECK_NO_REGISTER_SYMBOL,
  ISLE_PLUGIN_CHECK_REGISTER_NULL,
  ISLE_PLUGIN_CHECK_INFO_ABI,
  ISLE_PLUGIN_CHECK_BAD_ID,
  ISLE_PLUGIN_CHECK_NO_NAME,
  ISLE_PLUGIN_CHECK_NO_FUNCTION,
  ISLE_PLUGIN_CHECK_LAST,
} IslePluginCheck;

/* Whether ID is a plugin id a plugin may have: 1 to 32 characters out of
 * a-z, 0-9, "-", "_" and ".". */
int isle_plugin_check_id (const char *id);

/* Runs the checks on a module's two symbols (NULL when missing). Calls
 * register only when the ABI version matches. VERSION gets the module's
 * ABI version, INFO_OUT the registered description when all is well. */
IslePluginCheck isle_plugin_check_symbols (void *abi_symbol, void *register_symbol,
                                           uint32_t *version,
                                           const IsleAiPluginInfo **info_out);
