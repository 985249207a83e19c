/* isle-application.h — the Critter Isle AdwApplication. */
#pragma once

#include <adwaita.h>

#include "isle-scenario.h"

G_BEGIN_DECLS

#define ISLE_TYPE_APPLICATION (isle_application_get_type ())
G_DECLARE_FINAL_TYPE (IsleApplication, isle_application, ISLE, APPLICATION, AdwApplication)

IsleApplication *isle_application_new (void);

/* Where the game window and the scenario editor meet, so that neither
 * knows the other (APP may be NULL: windows of no application, in tests): */
/* Opens SCENARIO (a copy) or FILE in a new editor window of APP. */
void     isle_application_edit      (GtkApplication *app,
                                     IsleScenario   *scenario,
                                     GFile          *file);
/* Plays SCENARIO in a new game window of APP, from EDITOR (watched
 * weakly: "Back to the Editor" and "Keep as Solution" go to it). */
gboolean isle_application_test_play (GtkApplication *app,
                                     IsleScenario   *scenario,
                                     GtkWindow      *editor,
                                     GError        **error);

G_END_DECLS
