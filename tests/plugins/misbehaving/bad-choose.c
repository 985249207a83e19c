/* bad-choose.c — a test plugin that loads fine but misbehaves in choose():
 * its first answer is out of range, its second gives up (-1), and from the
 * third on it thinks until it is cancelled. The game must turn each of
 * these into an error, never an action. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <time.h>

#include <critter-isle/isle-ai-plugin.h>

typedef struct
{
  int calls;
} BadPlayer;

static void *
bad_create (void)
{
  return calloc (1, sizeof (BadPlayer));
}

static void
bad_destroy (void *player)
{
  free (player);
}

static int
bad_choose (void *player, const char *observation_text,
            const char *const *legal_actions, int n_legal,
            double seconds, const volatile int *cancelled)
{
  BadPlayer *self = player;
  struct timespec pause = { 0, 1000000 };

  (void) observation_text;
  (void) legal_actions;
  (void) seconds;
  switch (self->calls++)
    {
    case 0:
      return n_legal;
    case 1:
      return -1;
    default:
      while (!*cancelled)
        nanosleep (&pause, NULL);
      return 0;
    }
}

static const IsleAiPluginInfo bad_info = {
  .abi_version = ISLE_AI_PLUGIN_ABI_VERSION,
  .id = "bad-choose",
  .name = "Bad choices",
  .description = "Answers out of range, gives up, then thinks until cancelled",
  .strength = 0,
  .create = bad_create,
  .destroy = bad_destroy,
  .choose = bad_choose,
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
