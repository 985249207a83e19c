/* isle-rules-json.h — fills the engine's IsleRules from rules JSON.
 *
 * The format is documented in data/rules/standard.json's own "about" field
 * and in doc/HACKING.md: every [default] of doc/rules.md lives there.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "isle-json.h"
#include "isle-types.h"

G_BEGIN_DECLS

#define ISLE_RULES_ERROR (isle_rules_error_quark ())
GQuark isle_rules_error_quark (void);

typedef enum
{
  ISLE_RULES_ERROR_PARSE,    /* not JSON at all */
  ISLE_RULES_ERROR_FIELD,    /* a field is missing, of the wrong type or out of range */
  ISLE_RULES_ERROR_TOO_LARGE, /* longer than ISLE_RULES_MAX_SIZE */
} IsleRulesError;

/* Longest rules file read, in bytes: the standard rules take about 1 KiB,
 * and the engine protocol sends rules as one line of at most 64 KiB. */
#define ISLE_RULES_MAX_SIZE (64 * 1024)

/* The "format" and "version" fields of a rules file this code reads. */
#define ISLE_RULES_FORMAT "critter-isle-rules"
#define ISLE_RULES_VERSION 1

/* The resource path of the standard rules, compiled into every binary. */
#define ISLE_RULES_STANDARD_RESOURCE "/io/github/critterisle/CritterIsle/rules/standard.json"

/* Loads the standard rules (R1–R12 [default]s) from the GResource. */
gboolean isle_rules_load_standard (IsleRules *rules, GError **error);

/* Loads a complete rules file. Errors name PATH and the field
 * ("rules.json: line_score.4: expected an integer from 0 to 1000, got -1"). RULES is
 * untouched on error. A file longer than ISLE_RULES_MAX_SIZE is refused
 * (ISLE_RULES_ERROR_TOO_LARGE) after reading no more than that. */
gboolean isle_rules_load_file (IsleRules *rules, const char *path,
                               GError **error);

/* Same, from JSON text in memory (LENGTH -1: NUL-terminated); NAME is used
 * in messages. */
gboolean isle_rules_load_data (IsleRules *rules, const char *data,
                               gssize length, const char *name,
                               GError **error);

/* Same, from a parsed JSON object (e.g. the "rules" member of a scenario). */
gboolean isle_rules_load_node (IsleRules *rules, JsonNode *node,
                               const char *name, GError **error);

/* The rules in NODE, read by R below where it stands (a scenario's
 * "rules"), its problems R's: the one reader of JSON fields (isle-json.h),
 * so a scenario and a saved game name a rules field as a rules file does.
 * Stops at the first problem; RULES is untouched on one. */
gboolean isle_rules_read (IsleJsonReader *r, JsonNode *node, IsleRules *rules);

/* For an ISLE_RULES_ERROR: the path of the field at fault
 * ("hire_cost.fox"), or NULL when the fault is not in one field; and the
 * message without the file's name and the field ("expected an integer from
 * 0 to 1000, got -5"), or NULL. */
const char *isle_rules_error_get_field  (const GError *error);
const char *isle_rules_error_get_detail (const GError *error);

/* Writes RULES as a JSON node in the same format. */
JsonNode *isle_rules_to_json (const IsleRules *rules);

G_END_DECLS
