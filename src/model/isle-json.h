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

/* ---- The one reader of JSON fields -------------------------------------- *
 *
 * Every reader of a JSON file (rules, scenarios, saved games) reads its
 * fields through an IsleJsonReader, so every message names its field the
 * same way: "NAME: rules.weather_deck[2]: expected one of sunny, cloudy,
 * foggy, got 1". The reader keeps where it stands (a path stack: a
 * scenario enters "rules" and hands the same reader to the rules reader,
 * whose fields then read "rules.…") and every problem found, in order. */

typedef struct
{
  int code;         /* the file reader's own error code */
  char *path;       /* the field: "rules.weather_deck[2]"; "" for the file */
  char *message;    /* translated: what is wrong and what was expected */
  char *section;    /* the rules' sections it breaks ("R3"), or NULL */
  int seat;         /* the seat concerned, or -1 */
  int cell;         /* the tile concerned, or -1 */
} IsleJsonProblem;

typedef struct
{
  GString *path;        /* where the reader stands; "" at the top */
  GArray *marks;        /* the path's lengths to go back to (gsize) */
  GPtrArray *problems;  /* IsleJsonProblem, in the order found */
  int field_code;       /* the code of "expected …" and "unknown field" */
} IsleJsonReader;

void        isle_json_reader_init     (IsleJsonReader *r,
                                       int             field_code);
void        isle_json_reader_clear    (IsleJsonReader *r);

/* Steps into FIELD (a member "rules", or "[2]", or a path "start.hands")
 * below where the reader stands; isle_json_reader_leave() steps back. */
void        isle_json_reader_enter    (IsleJsonReader *r,
                                       const char     *field);
void        isle_json_reader_leave    (IsleJsonReader *r);

/* The whole path of FIELD below where the reader stands (FIELD NULL or
 * "": where it stands). A member's name taken from the file goes through
 * isle_json_member_text() first. */
char       *isle_json_reader_path     (IsleJsonReader *r,
                                       const char     *field);

/* Adds a problem of FIELD (below where the reader stands). */
void        isle_json_reader_problem  (IsleJsonReader *r,
                                       const char     *field,
                                       int             code,
                                       const char     *section,
                                       int             seat,
                                       int             cell,
                                       const char     *format,
                                       ...) G_GNUC_PRINTF (7, 8);

/* "expected WHAT, got …" of FIELD, holding NODE; FALSE, to return. */
gboolean    isle_json_reader_expected (IsleJsonReader *r,
                                       const char     *field,
                                       const char     *what,
                                       JsonNode       *node);

/* "missing" of FIELD, a member that must be there; FALSE, to return. */
gboolean    isle_json_reader_missing  (IsleJsonReader *r,
                                       const char     *field);

/* Refuses the members of OBJECT (at FIELD) not among the N_KNOWN KNOWN:
 * "FIELD.member: unknown field; expected one of …", every one, or only
 * the first when FIRST_ONLY. FALSE if there was one. */
gboolean    isle_json_reader_known_members (IsleJsonReader    *r,
                                            JsonObject        *object,
                                            const char        *field,
                                            const char *const *known,
                                            gsize              n_known,
                                            gboolean           first_only);

/* NODE (at FIELD) as an integer from MIN to MAX into *OUT; else "expected
 * an integer from MIN to MAX, got …" and FALSE. */
gboolean    isle_json_reader_integer  (IsleJsonReader *r,
                                       JsonNode       *node,
                                       const char     *field,
                                       gint64          min,
                                       gint64          max,
                                       gint64         *out);

/* NODE (at FIELD) as one of the N IDS (empty ids are skipped): its index,
 * or "expected one of …, got …" and -1. */
int         isle_json_reader_choice   (IsleJsonReader    *r,
                                       JsonNode          *node,
                                       const char        *field,
                                       const char *const *ids,
                                       gsize              n);

/* The problems as lines "NAME: PATH: message (SECTION)" (NAME NULL: no
 * name; an empty path is left out). */
char       *isle_json_reader_to_string (IsleJsonReader *r,
                                        const char     *name);

/* Sets ERROR (DOMAIN, the first problem's code) to every problem, one a
 * line (isle_json_reader_to_string()); returns the first problem. */
const IsleJsonProblem *isle_json_reader_set_error (IsleJsonReader  *r,
                                                   GError         **error,
                                                   GQuark           domain,
                                                   const char      *name);

/* Appends a problem's line to S, after a newline unless S is empty:
 * "NAME: PATH: message (SECTION)", leaving out what is NULL or empty. */
void        isle_json_append_problem  (GString        *s,
                                       const char     *name,
                                       const char     *path,
                                       const char     *message,
                                       const char     *section);

/* MEMBER, a member's name as the file has it, for a path or a message:
 * made UTF-8 and cut at ISLE_JSON_MAX_QUOTED characters. */
char       *isle_json_member_text     (const char     *member);

/* "a, b, c": the N IDS for "expected one of …"; NULL and empty ids are
 * left out. */
char     *isle_json_join_ids       (const char *const *ids,
                                    gsize              n);

/* The ids as files spell them: ISLE_N_VARIANTS variants ("basic", …) and
 * ISLE_N_WEATHER weathers ("sunny", …), in the engine's order. */
const char *const *isle_json_variant_ids (void);
const char *const *isle_json_weather_ids (void);

/* The printer puts a list or object on one line up to this width. */
#define ISLE_JSON_LINE_WIDTH 78

/* Appends NODE to OUT as the files are written: two spaces of indent,
 * members in their order, a list or object on one line when it fits in
 * ISLE_JSON_LINE_WIDTH; the same tree always gives the same bytes. */
void      isle_json_print          (GString           *out,
                                    JsonNode          *node);

G_END_DECLS
