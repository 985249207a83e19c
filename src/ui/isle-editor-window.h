/* isle-editor-window.h — the scenario editor: preset boards, fog, hands
 * and piles, weather decks, rules, goals and metadata of a `.isle`
 * scenario, checked live, with undo, Test Play and New / Open / Save. */
#pragma once

#include <adwaita.h>

#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_TYPE_EDITOR_WINDOW (isle_editor_window_get_type ())
G_DECLARE_FINAL_TYPE (IsleEditorWindow, isle_editor_window, ISLE, EDITOR_WINDOW, AdwApplicationWindow)

/* A new editor window of APP, with a new scenario. */
IsleEditorWindow *isle_editor_window_new           (GtkApplication   *app);
/* Edits the scenario in FILE; a file with problems opens with them shown.
 * FALSE (and a message in the window) if it is no scenario at all. */
gboolean          isle_editor_window_open_file     (IsleEditorWindow *self,
                                                    GFile            *file);
/* Saves the scenario to PATH (what Save does once it has a file). */
gboolean          isle_editor_window_save_to       (IsleEditorWindow *self,
                                                    const char       *path,
                                                    GError          **error);
/* Edits SCENARIO (a copy), not yet saved anywhere. */
void              isle_editor_window_set_scenario  (IsleEditorWindow *self,
                                                    IsleScenario     *scenario);
IsleScenario     *isle_editor_window_get_scenario  (IsleEditorWindow *self);
/* Every problem of the scenario as it stands (IsleScenarioProblem). */
GPtrArray        *isle_editor_window_get_problems  (IsleEditorWindow *self);
/* Whether there are changes not saved. */
gboolean          isle_editor_window_get_modified  (IsleEditorWindow *self);
/* Keeps ACTIONS (a line of play from the start, e.g. a Test Play that met
 * the goal) as the scenario's solution. */
void              isle_editor_window_set_solution  (IsleEditorWindow *self,
                                                    const char *const *actions);

G_END_DECLS
