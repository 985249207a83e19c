/* isle-model-test-util.h — helpers shared by the model tests: a folder of
 * their own for those that write files, read back, removed; a seeded
 * random game, a review run to its end, a notification counted, the
 * app's settings in memory. */
#pragma once

#include <gio/gio.h>

#include "isle-game-review.h"

/* A new empty folder in the temporary folder, named for NAME. */
char *isle_test_make_dir   (const char *name);
/* Removes DIR and the files in it (asserting each goes). */
void  isle_test_remove_dir (const char *dir);
/* The whole text of PATH (asserting it reads). */
char *isle_test_read_file  (const char *path);

/* A Basic game (R4) played N decisions on (fewer if it ends) by a seeded
 * random choice among the legal actions. */
IsleGame *isle_test_played_game   (guint n, guint32 seed);
/* Runs the main context until REVIEW is finished (asserting it is, at
 * the latest after two minutes). */
void      isle_test_run_review    (IsleGameReview *review);
/* A "notify" handler that counts into COUNT. */
void      isle_test_count_notify  (GObject *object, GParamSpec *pspec, guint *count);
/* The app's settings (its schema compiled in SCHEMA_DIR), in memory:
 * nothing of the person's is read or changed. */
GSettings *isle_test_memory_settings (const char *schema_dir);
