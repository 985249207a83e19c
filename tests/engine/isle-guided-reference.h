/* isle-guided-reference.h — the guided playouts as counted before issue 29
 * (isle-guided-reference.c), for test-guided.c only. */
#pragma once

#include "isle-state.h"

/* As isle_state_guided_action(), isle_state_placement_worths() and
 * isle_state_playout_guided(), counted the old way. */
IsleAction isle_reference_guided_action (const IsleState *state, IsleRng *rng,
                                         double noise, double care, double epsilon);
void isle_reference_placement_worths (const IsleState *state, const IsleAction *actions,
                                      int n, double care, float *worths);
void isle_reference_playout_guided (IsleState *state, IsleRng *rng, unsigned flags);
