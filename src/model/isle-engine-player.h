/* isle-engine-player.h — an IsleAiPlayer played by an external program that
 * speaks the engine protocol (doc/engine-protocol.md) on stdin/stdout.
 *
 * The program is started with GSubprocess and dies with the player (and
 * with this process: PR_SET_PDEATHSIG on Linux. The kernel ties that to the
 * thread that spawned the engine, so every engine is spawned by one thread
 * that lasts as long as the program, whichever thread creates the player).
 * Any fault — garbage, an illegal
 * action or one for another seat, a line written unasked (each `go` follows
 * a `ping`, and only what was asked may come before the `pong`), a late
 * answer, an exit — fails the choice with an ISLE_ENGINE_ERROR naming the
 * engine (by the name it gave and the file name of its program, or of the
 * script an interpreter runs), and the player is then broken: every later
 * choice fails at once with the same error. */
#pragma once

#include "isle-ai-player.h"

G_BEGIN_DECLS

#define ISLE_ENGINE_ERROR (isle_engine_error_quark ())
GQuark isle_engine_error_quark (void);

typedef enum
{
  ISLE_ENGINE_ERROR_START,     /* the program could not be started */
  ISLE_ENGINE_ERROR_PROTOCOL,  /* garbage, bad UTF-8, a too long line, a flood, `error` */
  ISLE_ENGINE_ERROR_ILLEGAL,   /* a well-formed action that is not legal */
  ISLE_ENGINE_ERROR_TIMEOUT,   /* no answer within the budget and the grace */
  ISLE_ENGINE_ERROR_DIED,      /* end of output, exit, broken pipe */
  ISLE_ENGINE_ERROR_BROKEN,    /* an earlier fault: the engine is not used again */
  ISLE_ENGINE_ERROR_UNSUPPORTED, /* `error` to an optional command (`analyse`): not a fault */
} IsleEngineError;

/* The protocol version this client speaks. */
#define ISLE_ENGINE_PROTOCOL_VERSION 1
/* Longest line either side may send, newline included. */
#define ISLE_ENGINE_MAX_LINE (64 * 1024)

#define ISLE_TYPE_ENGINE_PLAYER (isle_engine_player_get_type ())
G_DECLARE_FINAL_TYPE (IsleEnginePlayer, isle_engine_player, ISLE, ENGINE_PLAYER, GObject)

/* Starts ARGV0_PATH with ARGS (NULL-terminated, may be NULL), does the
 * handshake and sends RULES, waiting at most the handshake timeout (5 s).
 * Returns NULL and sets ERROR if the program cannot be started or does not
 * answer as the protocol says. Blocks the calling thread for the handshake
 * (it runs a private main context). */
IsleAiPlayer *isle_engine_player_new (const char *argv0_path, const char *const *args,
                                      const IsleRules *rules, GError **error);

/* The argument of ARGV (a command line, NULL-terminated) that names the
 * engine a user chose, for messages: the script when ARGV[0] is an
 * interpreter (`python3 -u /path/bot.py` gives `/path/bot.py`, as does
 * `env python3 /path/bot.py`), else ARGV[0]. Points into ARGV. */
const char *isle_engine_command_program (const char *const *argv);

/* Time limits: a choice with no budget of its own (seconds ≤ 0) gets
 * DEFAULT_BUDGET_MS; the answer must come within the budget plus GRACE_MS.
 * Defaults: 1000 ms and 1000 ms. */
void isle_engine_player_set_timeouts (IsleEnginePlayer *self, guint default_budget_ms,
                                      guint grace_ms);

/* Whether a fault has put the engine out of use. */
gboolean isle_engine_player_is_broken (IsleEnginePlayer *self);

/* One action an engine valued in its answer to `analyse`. */
typedef struct
{
  IsleAction action;
  double value;                /* 0 to 1 for the observer's side; -1: not tried */
  guint visits;                /* 0 when not tried */
} IsleEngineActionValue;

/* An engine's answer to `analyse`: the position's value and the actions
 * it valued, the one it would play first first (tried). */
typedef struct
{
  double value;
  int n_actions;
  IsleEngineActionValue actions[ISLE_MAX_ACTIONS];
} IsleEngineAnalysis;

/* Asks the engine to value the actions of the seat to move in STATE (not
 * terminal): sends that seat's observation as a choice does, then
 * `analyse MS`, and waits (blocking the calling thread, on a private main
 * context) at most MS plus the grace for `values …`, `info` lines
 * allowed. Every action in the answer must parse and be legal for that
 * seat, at most once; values 0 to 1 (`-` with 0 visits: not tried), visits
 * whole numbers, the first action tried: anything else is a fault
 * (ISLE_ENGINE_ERROR_PROTOCOL or _ILLEGAL, the engine broken as for a
 * choice). An engine that answers `error …` cannot analyse:
 * ISLE_ENGINE_ERROR_UNSUPPORTED, and it still plays. CANCELLABLE (may be
 * NULL) stops the wait (G_IO_ERROR_CANCELLED; the late answer is skipped
 * as a cancelled choice's). OUT is filled on success. */
gboolean isle_engine_player_analyse (IsleEnginePlayer *self, const IsleState *state, guint ms,
                                     GCancellable *cancellable, IsleEngineAnalysis *out,
                                     GError **error);

/* ---- Reading an engine's output ----------------------------------------
 *
 * What the player does with the bytes an engine writes, apart from the
 * subprocess and the main loop, so that it can be tested and fuzzed
 * (tests/fuzz/fuzz-engine-reply.c) on its own. */

typedef enum
{
  ISLE_ENGINE_EXPECT_READY,    /* the handshake: `ready 1 name NAME` */
  ISLE_ENGINE_EXPECT_OK,       /* after `rules`: `ok` */
  ISLE_ENGINE_EXPECT_ACTION,   /* after `go`: `action ACTION` */
  ISLE_ENGINE_EXPECT_VALUES,   /* after `analyse`: `values …` or `error …` */
} IsleEngineExpect;

typedef enum
{
  ISLE_ENGINE_READ_MORE,       /* no answer yet: read more output */
  ISLE_ENGINE_READ_ANSWER,     /* the answer came */
  ISLE_ENGINE_READ_FAULT,      /* the engine broke the protocol */
} IsleEngineRead;

typedef struct
{
  IsleEngineExpect expect;
  char *pong;                  /* owned: skip lines up to this one, or NULL */
  const IsleObservation *obs;  /* EXPECT_ACTION, _VALUES: where actions must be legal */
  int late;                    /* answers to cancelled `go`s owed before the pong */
  int info_lines;              /* `info` lines seen in this answer */
  /* The answer: */
  gboolean ready;              /* EXPECT_READY: the handshake was answered… */
  char *name;                  /* …by this engine (owned) */
  IsleAction action;           /* EXPECT_ACTION */
  IsleEngineAnalysis *analysis; /* EXPECT_VALUES: filled (not owned, not NULL) */
  gboolean unsupported;        /* EXPECT_VALUES: answered `error` after the pong */
} IsleEngineReader;

/* Reads every whole line at the front of PENDING (the engine's output not
 * read yet, removing what it reads) until the answer READER expects or a
 * fault. An answer to the handshake moves READER on to EXPECT_OK. A fault
 * sets ERROR (ISLE_ENGINE_ERROR_PROTOCOL or _ILLEGAL; the message does not
 * name the engine): a line of ISLE_ENGINE_MAX_LINE bytes or more, a NUL
 * byte, text that is not UTF-8, an unexpected line, `error` (but
 * for EXPECT_VALUES: an answer that sets UNSUPPORTED), more than
 * 10000 `info` lines, an action that does not parse, is for another seat
 * or is not legal, a `values` line that is not as isle_engine_player_analyse()
 * says. While PONG is set, lines up to it are skipped if they
 * are `info`, an earlier `pong`, or one of LATE answers (`action`,
 * `values` or `error`) to cancelled choices; any other line there was written before it
 * was asked, and is a fault (as is PONG itself while LATE > 0). */
IsleEngineRead isle_engine_reader_feed (IsleEngineReader *reader, GString *pending,
                                        GError **error);

/* Frees what READER owns (not OBS). */
void isle_engine_reader_clear (IsleEngineReader *reader);

G_END_DECLS
