/* isle-reversed-model.c — another GListModel's items, last first. */
#include "config.h"

#include "isle-reversed-model.h"

struct _IsleReversedModel
{
  GObject parent_instance;
  GListModel *model;
};

static void isle_reversed_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleReversedModel, isle_reversed_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, isle_reversed_model_iface_init))

static GType
get_item_type (GListModel *list)
{
  return g_list_model_get_item_type (ISLE_REVERSED_MODEL (list)->model);
}

static guint
get_n_items (GListModel *list)
{
  return g_list_model_get_n_items (ISLE_REVERSED_MODEL (list)->model);
}

static gpointer
get_item (GListModel *list, guint position)
{
  GListModel *model = ISLE_REVERSED_MODEL (list)->model;
  guint n = g_list_model_get_n_items (model);

  return position < n ? g_list_model_get_item (model, n - 1 - position) : NULL;
}

static void
isle_reversed_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* POSITION, REMOVED, ADDED of the model (which has its new size) become
 * the same change counted from the other end. */
static void
on_items_changed (GListModel *model, guint position, guint removed, guint added,
                  IsleReversedModel *self)
{
  guint n = g_list_model_get_n_items (model);

  g_list_model_items_changed (G_LIST_MODEL (self), n - position - added, removed, added);
}

static void
isle_reversed_model_dispose (GObject *object)
{
  IsleReversedModel *self = ISLE_REVERSED_MODEL (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (isle_reversed_model_parent_class)->dispose (object);
}

static void
isle_reversed_model_class_init (IsleReversedModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = isle_reversed_model_dispose;
}

static void
isle_reversed_model_init (IsleReversedModel *self)
{
  (void) self;
}

IsleReversedModel *
isle_reversed_model_new (GListModel *model)
{
  IsleReversedModel *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (model), NULL);
  self = g_object_new (ISLE_TYPE_REVERSED_MODEL, NULL);
  self->model = g_object_ref (model);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), self);
  return self;
}
