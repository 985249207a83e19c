/* isle-sample-plugin.c — a sample Critter Isle AI plugin, written against
 * nothing but the public plugin API (include/critter-isle/isle-ai-plugin.h)
 * and libc.
 *
 * "Sample Piggy" plays deterministically: it places a Wolf when it can,
 * else a Pig, else takes the first legal action. It counts its decisions,
 * to show per-player state. Outside the tree, with the header installed as
 * /usr/include/critter-isle/isle-ai-plugin.h, build it as a shared module
 *
 *   cc -shared -fPIC -fvisibility=hidden -o critter-isle-sample.so \
 *      isle-sample-plugin.c
 *
 * and copy it to ~/.local/share/critter-isle/ai/. */
#include <stdlib.h>
#include <string.h>

#include <critter-isle/isle-ai-plugin.h>

typedef struct
{
  unsigned long decisions;
} SamplePlayer;

static void *
sample_create (void)
{
  return calloc (1, sizeof (SamplePlayer));
}

static void
sample_destroy (void *player)
{
  free (player);
}

/* The kind letter of the token of a `place` action ("place rW c3",
 * "place bP* d4"), or 0 for any other action. */
static char
placed_kind (const char *action)
{
  if (strncmp (action, "place ", 6) != 0 || action[6] == '\0')
    return 0;
  return action[7];
}

static int
sample_choose (void *player, const char *observation_text,
               const char *const *legal_actions, int n_legal,
               double seconds, const volatile int *cancelled)
{
  SamplePlayer *self = player;
  static const char preferred[] = { 'W', 'P' };

  (void) observation_text;
  (void) seconds;
  self->decisions++;
  if (n_legal < 1)
    return -1;
  for (size_t p = 0; p < sizeof preferred; p++)
    for (int i = 0; i < n_legal; i++)
      {
        if (*cancelled)
          return -1;
        if (placed_kind (legal_actions[i]) == preferred[p])
          return i;
      }
  return 0;
}

static const IsleAiPluginInfo sample_info = {
  .abi_version = ISLE_AI_PLUGIN_ABI_VERSION,
  .id = "sample",
  .name = "Sample Piggy",
  .description = "Places a Wolf when it can, else a Pig, else the first legal action",
  .strength = 5,
  .create = sample_create,
  .destroy = sample_destroy,
  .choose = sample_choose,
};

ISLE_AI_PLUGIN_EXPORT uint32_t
isle_ai_plugin_abi_version (void)
{
  return ISLE_AI_PLUGIN_ABI_VERSION;
}

ISLE_AI_PLUGIN_EXPORT const IsleAiPluginInfo *
isle_ai_plugin_register (void)
{
  return &sample_info;
}
