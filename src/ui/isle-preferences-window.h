/* isle-preferences-window.h — Preferences: animations, the reminder of
 * one's own face-down tokens (R12), the default opponent, and the external
 * engines (doc/engine-protocol.md), each of which can be tested. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* An adaptive AdwPreferencesDialog with libadwaita ≥ 1.5 (a bottom sheet
 * on a narrow window), a modal AdwPreferencesWindow before. */
#define ISLE_PREFERENCES_IS_DIALOG ADW_CHECK_VERSION (1, 5, 0)

#define ISLE_TYPE_PREFERENCES_WINDOW (isle_preferences_window_get_type ())
#if ISLE_PREFERENCES_IS_DIALOG
G_DECLARE_FINAL_TYPE (IslePreferencesWindow, isle_preferences_window, ISLE, PREFERENCES_WINDOW,
                      AdwPreferencesDialog)
#else
G_DECLARE_FINAL_TYPE (IslePreferencesWindow, isle_preferences_window, ISLE, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)
#endif

/* Shows the preferences over PARENT, reading and writing SETTINGS as the
 * user changes them, and returns them (owned by GTK: they go when
 * closed). */
IslePreferencesWindow *isle_preferences_window_present (GtkWindow *parent,
                                                        GSettings *settings);
#if !ISLE_PREFERENCES_IS_DIALOG
/* A modal preferences window over PARENT, not yet shown (libadwaita < 1.5
 * only; callers should move to isle_preferences_window_present()). */
GtkWindow *isle_preferences_window_new (GtkWindow *parent,
                                        GSettings *settings);
#endif

/* Starts the engine COMMAND (a shell-quoted command line) on a worker
 * thread, does the protocol handshake with the standard rules, and stops
 * it. Never blocks the calling thread; CALLBACK runs in the thread-default
 * main context of the caller. */
void       isle_preferences_test_engine_async  (const char          *command,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
/* The name the engine gave in the handshake, or NULL and ERROR
 * (ISLE_PLAYER_SPEC_ERROR for a bad command line, else ISLE_ENGINE_ERROR). */
char      *isle_preferences_test_engine_finish (GAsyncResult        *result,
                                                GError             **error);

G_END_DECLS
