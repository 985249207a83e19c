/* isle-reversed-model.h — a GListModel showing another one last item
 * first (the game log, newest first: no scrolling to follow it). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ISLE_TYPE_REVERSED_MODEL (isle_reversed_model_get_type ())
G_DECLARE_FINAL_TYPE (IsleReversedModel, isle_reversed_model, ISLE, REVERSED_MODEL, GObject)

/* MODEL's items in reverse order, following its changes. */
IsleReversedModel *isle_reversed_model_new (GListModel *model);

G_END_DECLS
