/* isle-json.h — what the readers of JSON files (rules, scenarios, saved
 * games) share to say what they found: a value described for "…, got X",
 * the type checks, and the moves that could have been played; and the
 * printer the writers of scenarios and saved games share. */
#pragma once

#include <json-glib/json-glib.h>

#include "isle-state.h"

G_BEGIN_DECLS

/* Longest piece of the file quoted back in a message, in characters. */
#define ISLE_JSON_MAX_QUOTED 40

/* A short description of NODE for a message ("…, got “sunny”", "…, got an
 * array"): strings quoted and cut at ISLE_JSON_MAX_QUOTED characters,
 * numbers as written ("2.0", so a whole-number double shows why it is not
 * an integer); always UTF-8. */
char     *isle_json_describe       (JsonNode *node);

/* What json-glib said of text it could not parse, as UTF-8 (it quotes
 * what it could not read, which need not be), with its "<data>:" taken off
 * so the reader can put the file's name there: "3:7: Parse error: …".
 * *PLACED says whether it begins with the line and column. */
char     *isle_json_parse_message  (const GError *error, gboolean *placed);

gboolean  isle_json_holds_integer  (JsonNode *node);
gboolean  isle_json_holds_string   (JsonNode *node);

/* The moves that could be played in STATE, in text form, for a message
 * about one that cannot: "“keep sunny”, “keep cloudy”", the first few of
 * many with "or N others". */
char     *isle_json_legal_actions  (const IsleState *state);

/* "a, b, c": the N IDS for "expected one of …"; NULL and empty ids are
 * left out. */
char     *isle_json_join_ids       (const char *const *ids,
                                    gsize              n);

/* The printer puts a list or object on one line up to this width. */
#define ISLE_JSON_LINE_WIDTH 78

/* Appends NODE to OUT as the files are written: two spaces of indent,
 * members in their order, a list or object on one line when it fits in
 * ISLE_JSON_LINE_WIDTH; the same tree always gives the same bytes. */
void      isle_json_print          (GString           *out,
                                    JsonNode          *node);

G_END_DECLS
