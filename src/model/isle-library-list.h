/* isle-library-list.h — IsleLibraryList: the games of an IsleLibrary
 * (isle-library.h) that a filter takes, newest first, as a GListModel of
 * IsleKeptGame, for a list view that shows thousands of games without
 * reading them all: its length is isle_library_count()'s, and its items
 * are read a page at a time (isle_library_list(), without records) when
 * first asked for, and kept until the library or the filter changes.
 *
 * When the library says a write landed ("changed") or the filter is
 * changed, the pages are dropped and the whole list is said to have
 * changed (items-changed over every item): a kept, deleted or restored
 * game may move every row after it. A read that fails leaves the list
 * empty; "error" says why. No GTK. */
#pragma once

#include <gio/gio.h>

#include "isle-library.h"

G_BEGIN_DECLS

/* How many games a page read at once holds. */
#define ISLE_LIBRARY_LIST_PAGE 50

#define ISLE_TYPE_LIBRARY_LIST (isle_library_list_get_type ())
G_DECLARE_FINAL_TYPE (IsleLibraryList, isle_library_list, ISLE, LIBRARY_LIST, GObject)

/* The games of LIBRARY that FILTER takes (NULL: all), newest first. */
IsleLibraryList *isle_library_list_new          (IsleLibrary             *library,
                                                 const IsleLibraryFilter *filter);
IsleLibrary     *isle_library_list_get_library  (IsleLibraryList         *self);
/* The filter (its opponent is the list's own copy). */
const IsleLibraryFilter *isle_library_list_get_filter (IsleLibraryList *self);
/* Takes FILTER's games from now on (a copy); the list is read anew. */
void             isle_library_list_set_filter   (IsleLibraryList         *self,
                                                 const IsleLibraryFilter *filter);
/* Reads the library again (the count and every page), as when it says
 * it changed. */
void             isle_library_list_refresh      (IsleLibraryList         *self);
/* How many pages were read from the library since it was made (tests). */
guint            isle_library_list_get_reads    (IsleLibraryList         *self);
/* Why the last read failed, or NULL. */
const char      *isle_library_list_get_error    (IsleLibraryList         *self);

G_END_DECLS
