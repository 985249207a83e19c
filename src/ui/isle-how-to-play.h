/* isle-how-to-play.h — How to Play: an illustrated walkthrough of the rules
 * (RULES.md R1–R11), one page at a time, drawn with the game's own art. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISLE_TYPE_HOW_TO_PLAY (isle_how_to_play_get_type ())
G_DECLARE_FINAL_TYPE (IsleHowToPlay, isle_how_to_play, ISLE, HOW_TO_PLAY, AdwWindow)

GtkWindow *isle_how_to_play_new       (GtkWindow     *parent);
/* The pages, and the one shown (0 = the first). */
guint      isle_how_to_play_get_n_pages (IsleHowToPlay *self);
guint      isle_how_to_play_get_page    (IsleHowToPlay *self);
void       isle_how_to_play_go_to       (IsleHowToPlay *self,
                                         guint          page);

G_END_DECLS
