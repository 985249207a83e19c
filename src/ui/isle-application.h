/* isle-application.h — the Critter Isle AdwApplication. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISLE_TYPE_APPLICATION (isle_application_get_type ())
G_DECLARE_FINAL_TYPE (IsleApplication, isle_application, ISLE, APPLICATION, AdwApplication)

IsleApplication *isle_application_new (void);

/* Lets the game window and the scenario editor meet (isle-meeting.h):
 * done by the application at start-up, and by tests that make windows of
 * no application. */
void             isle_application_meet (void);

G_END_DECLS
