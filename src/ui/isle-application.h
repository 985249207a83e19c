/* isle-application.h — the Critter Isle AdwApplication. */
#pragma once

#include <adwaita.h>

#include "isle-session.h"

G_BEGIN_DECLS

#define ISLE_TYPE_APPLICATION (isle_application_get_type ())
G_DECLARE_FINAL_TYPE (IsleApplication, isle_application, ISLE, APPLICATION, AdwApplication)

IsleApplication *isle_application_new (void);
/* The session (isle-session.h) of this run: the autosave, the puzzles and
 * the player's progress. Made and read at start-up; the game windows
 * hold it. */
IsleSession     *isle_application_get_session (IsleApplication *self);

G_END_DECLS
