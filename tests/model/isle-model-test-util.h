/* isle-model-test-util.h — helpers shared by the model tests that write
 * files: a folder of their own, read back, removed. */
#pragma once

#include <glib.h>

/* A new empty folder in the temporary folder, named for NAME. */
char *isle_test_make_dir   (const char *name);
/* Removes DIR and the files in it (asserting each goes). */
void  isle_test_remove_dir (const char *dir);
/* The whole text of PATH (asserting it reads). */
char *isle_test_read_file  (const char *path);
