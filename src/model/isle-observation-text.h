/* isle-observation-text.h — an observation (R12) as the line text of the
 * engine protocol (doc/engine-protocol.md, "Observation").
 *
 * The text holds exactly what an IsleObservation holds and nothing more:
 * other seats' face-down tokens are written as owner + `?*` (`b?*`, `b2?*`),
 * unseen weather cards as `?`, and whatever has no value at this point of
 * the game (the winner while it goes on, an ability's tile when none
 * resolves) as `-`. Two states a seat cannot tell apart give
 * byte-identical text. The rules (obs->view.rules) are not part of the text:
 * the protocol sends them once with `rules`.
 */
#pragma once

#include <glib.h>

#include "isle-state.h"

G_BEGIN_DECLS

#define ISLE_OBSERVATION_TEXT_ERROR (isle_observation_text_error_quark ())
GQuark isle_observation_text_error_quark (void);

typedef enum
{
  ISLE_OBSERVATION_TEXT_ERROR_SYNTAX,   /* a line is malformed or a value out of range */
  ISLE_OBSERVATION_TEXT_ERROR_MISSING,  /* a required line is missing */
  ISLE_OBSERVATION_TEXT_ERROR_INCONSISTENT, /* well-formed lines that contradict each other */
} IsleObservationTextError;

/* OBS as protocol lines (`key value…`), each ending in '\n', the last one
 * `end`. Free with g_free(). */
char *isle_observation_to_text (const IsleObservation *obs);

/* Longest observation text isle_observation_from_text() reads, in bytes:
 * one is about 1.5 KiB. */
#define ISLE_OBSERVATION_TEXT_MAX (64 * 1024)

/* Parses TEXT (as written by isle_observation_to_text(); the final `end`
 * line may be left out) into OBS. A text longer than
 * ISLE_OBSERVATION_TEXT_MAX is refused unread. Besides each line, it checks
 * that the lines agree (tokens add up, the phase is a decision the game can
 * be at, whoever is to move has a choice), so that a search over OBS is
 * safe. OBS->view.rules is kept as it was on entry (set it from the
 * protocol's `rules` first); everything else is overwritten. On error
 * returns FALSE, names the line, and leaves OBS untouched. The rules'
 * checks are isle_obs_check()'s (src/engine/isle-observation.h); this only
 * reads the lines and words its codes. The round trip text → observation →
 * text is exact, and so is observation → text → observation for what
 * isle_state_observe() gives, but for the weather before the round's card
 * is kept, which the text writes `-` and reads back as sunny. */
gboolean isle_observation_from_text (const char *text, IsleObservation *obs,
                                     GError **error);

/* The observer's legal actions as text, NULL-terminated (g_strfreev), empty
 * when the observer is not to move. ACTIONS, when not NULL, gets the same
 * actions as numbers (g_free) and N_ACTIONS their number. Computed from a
 * determinization with a fixed seed: what the observer may do depends only
 * on what it sees. */
char **isle_observation_legal_texts (const IsleObservation *obs,
                                     IsleAction **actions, int *n_actions);

/* The name of a phase in the protocol ("place", "fog-lift"), or NULL. */
const char *isle_phase_id (IslePhase phase);

G_END_DECLS
