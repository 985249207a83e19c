/* isle-library-list.c — IsleLibraryList: a library's games as a lazy
 * GListModel, read a page at a time (isle-library-list.h). */
#include "config.h"

#include "isle-library-list.h"

struct _IsleLibraryList
{
  GObject parent_instance;

  IsleLibrary *library;
  IsleLibraryFilter filter;    /* its opponent owned */
  guint n_items;               /* the count when last read */
  GHashTable *pages;           /* page number → GPtrArray of IsleKeptGame */
  guint reads;
  char *error;
};

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleLibraryList, isle_library_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

enum
{
  PROP_0,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void
set_error (IsleLibraryList *self, const GError *error)
{
  g_free (self->error);
  self->error = error != NULL ? g_strdup (error->message) : NULL;
}

/* The count read again (the pages dropped); the old count is returned. */
static guint
reread (IsleLibraryList *self)
{
  g_autoptr (GError) error = NULL;
  guint old = self->n_items;

  g_hash_table_remove_all (self->pages);
  self->n_items = isle_library_count (self->library, &self->filter, &error);
  set_error (self, error);
  return old;
}

static void
reread_and_tell (IsleLibraryList *self)
{
  guint old = reread (self);

  if (old != 0 || self->n_items != 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->n_items);
  if (old != self->n_items)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_ITEMS]);
}

static GType
get_item_type (GListModel *model)
{
  (void) model;
  return ISLE_TYPE_KEPT_GAME;
}

static guint
get_n_items (GListModel *model)
{
  return ISLE_LIBRARY_LIST (model)->n_items;
}

static gpointer
get_item (GListModel *model, guint position)
{
  IsleLibraryList *self = ISLE_LIBRARY_LIST (model);
  guint page = position / ISLE_LIBRARY_LIST_PAGE;
  GPtrArray *games;

  if (position >= self->n_items)
    return NULL;
  games = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page));
  if (games == NULL)
    {
      g_autoptr (GError) error = NULL;

      games = isle_library_list (self->library, &self->filter, TRUE, page * ISLE_LIBRARY_LIST_PAGE,
                                 ISLE_LIBRARY_LIST_PAGE, &error);
      self->reads++;
      set_error (self, error);
      if (games == NULL)
        return NULL;
      g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), games);
    }
  position -= page * ISLE_LIBRARY_LIST_PAGE;
  /* Fewer than counted: the library changed under the list, and "changed"
   * is on its way. */
  return position < games->len ? g_object_ref (g_ptr_array_index (games, position)) : NULL;
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
on_library_changed (IsleLibraryList *self)
{
  reread_and_tell (self);
}

IsleLibraryList *
isle_library_list_new (IsleLibrary *library, const IsleLibraryFilter *filter)
{
  IsleLibraryList *self;

  g_return_val_if_fail (ISLE_IS_LIBRARY (library), NULL);

  self = g_object_new (ISLE_TYPE_LIBRARY_LIST, NULL);
  self->library = g_object_ref (library);
  if (filter != NULL)
    {
      self->filter = *filter;
      self->filter.opponent = g_strdup (filter->opponent);
    }
  g_signal_connect_object (library, "changed", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
  /* A library still opening has nothing yet; its state says when it has. */
  g_signal_connect_object (library, "notify::state", G_CALLBACK (on_library_changed), self, G_CONNECT_SWAPPED);
  reread (self);
  return self;
}

IsleLibrary *
isle_library_list_get_library (IsleLibraryList *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY_LIST (self), NULL);
  return self->library;
}

const IsleLibraryFilter *
isle_library_list_get_filter (IsleLibraryList *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY_LIST (self), NULL);
  return &self->filter;
}

void
isle_library_list_set_filter (IsleLibraryList *self, const IsleLibraryFilter *filter)
{
  IsleLibraryFilter all = ISLE_LIBRARY_FILTER_ALL;

  g_return_if_fail (ISLE_IS_LIBRARY_LIST (self));
  if (filter == NULL)
    filter = &all;
  if (filter->variant == self->filter.variant && filter->result == self->filter.result
      && g_strcmp0 (filter->opponent, self->filter.opponent) == 0)
    return;
  g_free ((char *) self->filter.opponent);
  self->filter = *filter;
  self->filter.opponent = g_strdup (filter->opponent);
  reread_and_tell (self);
}

void
isle_library_list_refresh (IsleLibraryList *self)
{
  g_return_if_fail (ISLE_IS_LIBRARY_LIST (self));
  reread_and_tell (self);
}

guint
isle_library_list_get_reads (IsleLibraryList *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY_LIST (self), 0);
  return self->reads;
}

const char *
isle_library_list_get_error (IsleLibraryList *self)
{
  g_return_val_if_fail (ISLE_IS_LIBRARY_LIST (self), NULL);
  return self->error;
}

static void
isle_library_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  IsleLibraryList *self = ISLE_LIBRARY_LIST (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->n_items);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isle_library_list_finalize (GObject *object)
{
  IsleLibraryList *self = ISLE_LIBRARY_LIST (object);

  g_clear_object (&self->library);
  g_free ((char *) self->filter.opponent);
  g_hash_table_unref (self->pages);
  g_free (self->error);
  G_OBJECT_CLASS (isle_library_list_parent_class)->finalize (object);
}

static void
isle_library_list_class_init (IsleLibraryListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = isle_library_list_get_property;
  object_class->finalize = isle_library_list_finalize;
  /* GListModel:n-items is GLib 2.74's; this one is the list's own. */
  props[PROP_N_ITEMS] = g_param_spec_uint ("n-games", NULL, NULL, 0, G_MAXUINT, 0,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
isle_library_list_init (IsleLibraryList *self)
{
  self->filter = ISLE_LIBRARY_FILTER_ALL;
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
}
