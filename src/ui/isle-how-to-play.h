/* isle-how-to-play.h — How to Play: the rules as a walkthrough of
 * illustrated pages. An adaptive AdwDialog over the window with
 * libadwaita ≥ 1.5 (a bottom sheet on a narrow window), a modal AdwWindow
 * before. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISLE_HOW_TO_PLAY_IS_DIALOG ADW_CHECK_VERSION (1, 5, 0)

#define ISLE_TYPE_HOW_TO_PLAY (isle_how_to_play_get_type ())
#if ISLE_HOW_TO_PLAY_IS_DIALOG
G_DECLARE_FINAL_TYPE (IsleHowToPlay, isle_how_to_play, ISLE, HOW_TO_PLAY, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IsleHowToPlay, isle_how_to_play, ISLE, HOW_TO_PLAY, AdwWindow)
#endif

/* Shows How to Play over PARENT at its first page and returns it (owned
 * by GTK: it goes when closed). */
IsleHowToPlay *isle_how_to_play_present    (GtkWindow     *parent);
#if !ISLE_HOW_TO_PLAY_IS_DIALOG
/* The window, not yet shown (libadwaita < 1.5 only; callers should move to
 * isle_how_to_play_present()). */
GtkWindow     *isle_how_to_play_new        (GtkWindow     *parent);
#endif

guint          isle_how_to_play_get_n_pages (IsleHowToPlay *self);
guint          isle_how_to_play_get_page    (IsleHowToPlay *self);
void           isle_how_to_play_go_to       (IsleHowToPlay *self,
                                             guint          page);

G_END_DECLS
