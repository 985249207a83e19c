/* isle-game-record.h — a record `critter-isle-cli play --json` writes, read:
 * what starts its game and its actions, for the app (which opens a record
 * as a game, to review it) and the command line (`play --replay`,
 * `analyse`). The record is described in the README's command-line
 * section (`play --json`). */
#pragma once

#include <json-glib/json-glib.h>

#include "isle-game.h"
#include "isle-state.h"

G_BEGIN_DECLS

#define ISLE_GAME_RECORD_ERROR (isle_game_record_error_quark ())
GQuark isle_game_record_error_quark (void);

typedef enum
{
  ISLE_GAME_RECORD_ERROR_PARSE,    /* not JSON */
  ISLE_GAME_RECORD_ERROR_FORMAT,   /* not a record, or another version */
  ISLE_GAME_RECORD_ERROR_FIELD,    /* a field is missing or wrong */
  ISLE_GAME_RECORD_ERROR_RULES,    /* the "rules" object is not valid rules */
  ISLE_GAME_RECORD_ERROR_ACTION,   /* an action does not parse or is not legal */
} IsleGameRecordError;

/* The "format" a record has, and the version this build reads and writes. */
#define ISLE_GAME_RECORD_FORMAT "critter-isle-game-record"
#define ISLE_GAME_RECORD_VERSION 1

typedef struct
{
  JsonParser *parser;        /* owns ROOT and ACTIONS */
  JsonObject *root;
  JsonArray *actions;
  IsleRules rules;
  IsleVariant variant;
  int first;
  guint64 seed;
} IsleGameRecord;

/* Reads the record TEXT of LENGTH bytes (-1: NUL-terminated; NAME, the
 * file, in messages) into RECORD, cleared first. On failure an error of
 * ISLE_GAME_RECORD_ERROR that names the file and the field: PARSE (not
 * JSON), FORMAT (not a record, or another version), FIELD or RULES. */
gboolean isle_game_record_read   (IsleGameRecord   *record,
                                  const char       *text,
                                  gssize            length,
                                  const char       *name,
                                  GError          **error);
/* RECORD's action I parsed in S and legal there, in A; else
 * ISLE_GAME_RECORD_ERROR_ACTION naming the file and "actions[I]". */
gboolean isle_game_record_action (const IsleGameRecord *record,
                                  guint                 i,
                                  const IsleState      *s,
                                  const char           *name,
                                  IsleAction           *a,
                                  GError              **error);
void     isle_game_record_clear  (IsleGameRecord   *record);
/* The seat that moves first named as a record names it ("red": 0,
 * "blue": 1) in FIRST; else ISLE_GAME_RECORD_ERROR_FIELD saying so. */
gboolean isle_game_record_parse_first (const char *text,
                                       int        *first,
                                       GError    **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IsleGameRecord, isle_game_record_clear)

/* The game the record TEXT plays, every action applied, or NULL with the
 * error of isle_game_record_read() or _action() (or isle_game_new()'s, for
 * rules that cannot start the game). */
IsleGame *isle_game_record_load (const char  *text,
                                 gssize       length,
                                 const char  *name,
                                 GError     **error);

G_END_DECLS
