/* isle-engine-player.c — an external engine as an IsleAiPlayer: the client
 * side of doc/engine-protocol.md.
 *
 * Each exchange writes its lines, then reads the engine's output in chunks
 * into a line buffer of our own (so the 64 KiB line limit holds however the
 * engine floods), with a timeout source that cancels the I/O. Each `go`
 * follows a `ping N`: before `pong N` the engine may only send what was
 * asked earlier (the late answer to a cancelled choice), so a line it
 * wrote unasked is a fault, never the answer to this `go`. */
#include "config.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#include "isle-engine-player.h"
#include "isle-observation-text.h"
#include "isle-rules-json.h"

G_DEFINE_QUARK (isle-engine-error-quark, isle_engine_error)

#define HANDSHAKE_MS 5000
/* `info` lines an engine may send while it thinks, per answer. */
#define MAX_INFO_LINES 10000

struct _IsleEnginePlayer
{
  GObject parent_instance;

  char *path;             /* the whole command line */
  char *label;            /* for messages: the file name of its program or script */
  char *id;               /* "engine:PATH" */
  char *name;             /* from `ready 1 name …` */
  char *description;
  GSubprocess *process;
  GOutputStream *to_engine;
  GInputStream *from_engine;
  GString *pending;       /* bytes read that do not end a line yet */
  GError *broken;         /* the fault that put the engine out of use */
  gboolean busy;
  int owed;               /* answers to cancelled choices not read yet */
  guint ping;
  guint default_budget_ms;
  guint grace_ms;
};

static void isle_engine_player_iface_init (IsleAiPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IsleEnginePlayer, isle_engine_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ISLE_TYPE_AI_PLAYER,
                                                      isle_engine_player_iface_init))

typedef struct
{
  char *out;
  gsize out_len;
  IsleEngineReader reader;
  IsleObservation *obs;       /* owned copy behind reader.obs */
  GCancellable *io;           /* cancelled by the timeout or by the caller */
  GCancellable *caller;
  gulong caller_handler;
  GSource *timeout;
  guint timeout_ms;
  gboolean timed_out;
  char chunk[4096];
} Exchange;

static void
exchange_free (gpointer data)
{
  Exchange *x = data;

  if (x->timeout != NULL)
    {
      g_source_destroy (x->timeout);
      g_source_unref (x->timeout);
    }
  if (x->caller_handler != 0)
    g_cancellable_disconnect (x->caller, x->caller_handler);
  g_clear_object (&x->caller);
  g_clear_object (&x->io);
  g_free (x->out);
  isle_engine_reader_clear (&x->reader);
  g_free (x->obs);
  g_free (x);
}

static const char *
engine_label (IsleEnginePlayer *self)
{
  return self->name != NULL ? self->name : self->label;
}

/* Whether ARG (a program) runs the script or code given after it: an
 * interpreter, or `env` (which runs the next program). Version digits are
 * ignored: python3.11, lua5.4, tclsh8.6. */
static gboolean
is_interpreter (const char *arg)
{
  static const char *const names[] = {
    "env", "sh", "bash", "dash", "zsh", "ksh", "fish", "python", "pypy", "perl", "ruby",
    "node", "nodejs", "deno", "bun", "lua", "luajit", "php", "java", "tclsh", "wish",
    "julia", "guile", "racket", "escript", "swipl", "Rscript", "mono", "dotnet",
    NULL,   /* g_strv_contains() reads up to it */
  };
  g_autofree char *base = g_path_get_basename (arg);
  char *end = base + strlen (base);

  while (end > base && (g_ascii_isdigit (end[-1]) || end[-1] == '.'))
    *--end = '\0';
  return g_strv_contains (names, base);
}

const char *
isle_engine_command_program (const char *const *argv)
{
  const char *program;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  program = argv[0];
  for (int i = 1; is_interpreter (program) && argv[i] != NULL; i++)
    {
      /* Code on the command line (`sh -c …`, `perl -e …`) has no name of
       * its own: the interpreter is all there is to show. */
      if (strcmp (argv[i], "-c") == 0 || strcmp (argv[i], "-e") == 0
          || strcmp (argv[i], "-E") == 0 || strcmp (argv[i], "--eval") == 0)
        break;
      /* Options, and `env`'s NAME=VALUE settings. */
      if (argv[i][0] == '-' || strchr (argv[i], '=') != NULL)
        continue;
      program = argv[i];
    }
  return program;
}

static void
kill_engine (IsleEnginePlayer *self)
{
  if (self->process != NULL)
    {
      g_subprocess_force_exit (self->process);
      g_clear_object (&self->process);
    }
  g_clear_object (&self->to_engine);
  g_clear_object (&self->from_engine);
}

/* Ends the exchange of TASK with a fault: the engine is killed and broken. */
static void G_GNUC_PRINTF (3, 4)
fault (GTask *task, IsleEngineError code, const char *format, ...)
{
  IsleEnginePlayer *self = g_task_get_source_object (task);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_clear_error (&self->broken);
  /* Short, for a toast: the name it gave and its file's name. */
  if (self->name != NULL)
    self->broken = g_error_new (ISLE_ENGINE_ERROR, code, _("engine “%s” (%s): %s"),
                                self->name, self->label, what);
  else
    self->broken = g_error_new (ISLE_ENGINE_ERROR, code, _("engine “%s”: %s"), self->label, what);
  kill_engine (self);
  self->busy = FALSE;
  g_task_return_error (task, g_error_copy (self->broken));
}

static gboolean
on_timeout (gpointer data)
{
  GTask *task = data;
  Exchange *x = g_task_get_task_data (task);

  x->timed_out = TRUE;
  g_cancellable_cancel (x->io);
  return G_SOURCE_REMOVE;
}

/* An exchange's I/O cancelled for its caller, in the exchange's own
 * thread: the caller may cancel from another (the window, stopping a
 * review whose workers ask an engine), and GLib 2.74 can lose a read's
 * GCancellableSource when its cancellable is cancelled from another
 * thread as the read ends (LeakSanitizer found it in test-engine-review,
 * allocated by g_input_stream_read_async()). */
typedef struct
{
  GMainContext *context;      /* the exchange's: its task's */
  GCancellable *io;
} CallerCancel;

static void
caller_cancel_free (gpointer data)
{
  CallerCancel *c = data;

  g_main_context_unref (c->context);
  g_object_unref (c->io);
  g_free (c);
}

static gboolean
cancel_io (gpointer data)
{
  CallerCancel *c = data;

  g_cancellable_cancel (c->io);
  return G_SOURCE_REMOVE;
}

static void
on_caller_cancelled (GCancellable *caller, gpointer data)
{
  CallerCancel *c = data;
  CallerCancel *later = g_new0 (CallerCancel, 1);
  GSource *source = g_idle_source_new ();

  (void) caller;
  later->context = g_main_context_ref (c->context);
  later->io = g_object_ref (c->io);
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, cancel_io, later, caller_cancel_free);
  g_source_attach (source, c->context);
  g_source_unref (source);
}

static void read_more (GTask *task);

static gboolean
starts_with_word (const char *line, const char *word)
{
  size_t n = strlen (word);
  return strncmp (line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ');
}

static IsleEngineRead G_GNUC_PRINTF (3, 4)
reader_fault (GError **error, IsleEngineError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (ISLE_ENGINE_ERROR, code, format, args));
  va_end (args);
  return ISLE_ENGINE_READ_FAULT;
}

/* The first CHARS characters of TEXT (UTF-8), to quote it in a message
 * without cutting a character in two. */
static char *
head (const char *text, glong chars)
{
  if (g_utf8_strlen (text, -1) <= chars)
    return g_strdup (text);
  return g_utf8_substring (text, 0, chars);
}

/* The words of LINE, an `action` line, after `action`: to quote. */
static char *
action_words (const char *line)
{
  g_autofree char *words = g_strstrip (g_strdup (line + strlen ("action")));

  return head (words, 80);
}

/* The fault for LINE (QUOTED in messages), an `action` line that does not
 * parse for the seat to move in STATE (which it changes): it may be one for
 * another seat (its tokens carry their owner, R3). */
static IsleEngineRead
action_fault (IsleState *state, const char *line, const char *quoted, GError **error)
{
  const char *text = line + strlen ("action");
  int observer = state->to_move;
  IsleAction action;

  for (int seat = 0; seat < state->n_seats; seat++)
    {
      state->to_move = (uint8_t) seat;
      if (seat != observer && isle_action_parse (state, text, &action))
        {
          g_autofree char *sent = action_words (line);

          return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                               _("sent “%s”, an action for the wrong seat: it was asked to choose for seat %d"),
                               sent, observer);
        }
    }
  return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL, _("sent “%s”, which is not an action"),
                       quoted);
}

/* Whether TEXT is a value for `values`: a number from 0 to 1. */
static gboolean
parse_value (const char *text, double *value)
{
  char *end = NULL;

  if (*text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && *value >= 0.0 && *value <= 1.0;
}

/* Reads LINE (QUOTED in messages), the answer to `analyse`:
 * `values V; ACTION V VISITS; …`, into R->analysis. */
static IsleEngineRead
read_values (IsleEngineReader *r, const char *line, const char *quoted, GError **error)
{
  g_autofree IsleState *state = g_new (IsleState, 1);
  g_auto (GStrv) parts = NULL;
  IsleEngineAnalysis *out = r->analysis;
  IsleRng rng;
  guint n;

  if (!starts_with_word (line, "values"))
    goto malformed;
  parts = g_strsplit (line + strlen ("values"), ";", -1);
  n = g_strv_length (parts);
  if (n < 2 || n - 1 > ISLE_MAX_ACTIONS || !parse_value (g_strstrip (parts[0]), &out->value))
    goto malformed;
  /* The observer's legal actions depend only on what it sees. */
  isle_rng_seed (&rng, UINT64_C (0x5eed));
  isle_obs_determinize (r->obs, &rng, state);
  out->n_actions = 0;
  for (guint k = 1; k < n; k++)
    {
      IsleEngineActionValue *a = &out->actions[out->n_actions];
      char *part = g_strstrip (parts[k]);
      char *visits = strrchr (part, ' ');
      char *value;
      guint64 count;

      if (visits == NULL)
        goto malformed;
      *visits++ = '\0';
      value = strrchr (g_strchomp (part), ' ');
      if (value == NULL)
        goto malformed;
      *value++ = '\0';
      g_strchomp (part);
      if (!g_ascii_string_to_unsigned (visits, 10, 0, G_MAXUINT32, &count, NULL))
        goto malformed;
      a->visits = (guint) count;
      if (strcmp (value, "-") == 0 && count == 0)
        a->value = -1.0;
      else if (!parse_value (value, &a->value))
        goto malformed;
      if (!isle_action_parse (state, part, &a->action) || !isle_state_is_legal (state, a->action))
        {
          g_autofree char *shown = head (part, 80);

          return reader_fault (error, ISLE_ENGINE_ERROR_ILLEGAL,
                               _("valued “%s”, which is not a legal action now"), shown);
        }
      for (int j = 0; j < out->n_actions; j++)
        if (out->actions[j].action == a->action)
          goto malformed;
      out->n_actions++;
    }
  /* The action it would play first comes first, and it was tried. */
  if (out->actions[0].value < 0.0)
    goto malformed;
  return ISLE_ENGINE_READ_ANSWER;

malformed:
  return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                       _("answered “%s” to “analyse”; expected “values VALUE; ACTION VALUE VISITS; …”"),
                       quoted);
}

/* Reads one line of the engine's output (without its newline). */
static IsleEngineRead
read_line (IsleEngineReader *r, char *line, GError **error)
{
  g_autofree char *quoted = NULL;
  size_t len = strlen (line);

  if (len > 0 && line[len - 1] == '\r')
    line[--len] = '\0';
  if (!g_utf8_validate (line, (gssize) len, NULL))
    return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL, _("sent a line that is not UTF-8"));
  g_strstrip (line);
  if (*line == '\0')
    return ISLE_ENGINE_READ_MORE;
  if (starts_with_word (line, "info"))
    {
      if (++r->info_lines > MAX_INFO_LINES)
        return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                             _("flooded its output with “info” lines"));
      return ISLE_ENGINE_READ_MORE;
    }
  quoted = head (line, 80);
  if (r->pong != NULL)
    {
      /* Before the pong only what was asked earlier may come: the late
       * answers to cancelled choices, and earlier pings' pongs (after a
       * cancel). `error` answers the observation: a fault, below. */
      if (strcmp (line, r->pong) == 0)
        {
          if (r->late > 0)
            return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                                 _("answered “ping” without answering the “go” sent before it"));
          g_clear_pointer (&r->pong, g_free);
          return ISLE_ENGINE_READ_MORE;
        }
      if (starts_with_word (line, "pong"))
        return ISLE_ENGINE_READ_MORE;
      if (r->late > 0 && (starts_with_word (line, "action") || starts_with_word (line, "values")
                          || starts_with_word (line, "error")))
        {
          r->late--;
          return ISLE_ENGINE_READ_MORE;
        }
      /* Whether it wrote the line unasked or never answers pings, the
       * line cannot be told from an answer to this go. */
      if (!starts_with_word (line, "error"))
        return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                             _("sent “%s” before answering “ping”; an engine must answer “ping” and write nothing it was not asked for"),
                             quoted);
    }
  if (starts_with_word (line, "error") && r->expect == ISLE_ENGINE_EXPECT_VALUES && r->pong == NULL)
    {
      /* An optional command it does not know: not a fault (before the
       * pong, `error` answers the observation, a fault below). */
      r->unsupported = TRUE;
      return ISLE_ENGINE_READ_ANSWER;
    }
  if (starts_with_word (line, "error"))
    return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL, _("reported an error: %s"), line);

  switch (r->expect)
    {
    case ISLE_ENGINE_EXPECT_READY:
      {
        g_auto (GStrv) words = g_strsplit (line, " ", 4);

        if (g_strv_length (words) < 4 || strcmp (words[0], "ready") != 0
            || strcmp (words[2], "name") != 0)
          return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                               _("answered “%s” to the handshake; expected “ready 1 name NAME”"),
                               quoted);
        if (strcmp (words[1], "1") != 0)
          {
            g_autofree char *version = head (words[1], 20);

            return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                                 _("speaks protocol version %s; this program speaks %d"),
                                 version, ISLE_ENGINE_PROTOCOL_VERSION);
          }
        g_free (r->name);
        r->name = head (g_strstrip (words[3]), 200);
        r->ready = TRUE;
        r->expect = ISLE_ENGINE_EXPECT_OK;
        return ISLE_ENGINE_READ_MORE;
      }
    case ISLE_ENGINE_EXPECT_OK:
      if (strcmp (line, "ok") != 0)
        return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                             _("answered “%s” to “rules”; expected “ok”"), quoted);
      return ISLE_ENGINE_READ_ANSWER;
    case ISLE_ENGINE_EXPECT_VALUES:
      return read_values (r, line, quoted, error);
    case ISLE_ENGINE_EXPECT_ACTION:
    default:
      {
        g_autofree IsleState *state = g_new (IsleState, 1);
        IsleRng rng;
        IsleAction action;

        if (!starts_with_word (line, "action"))
          return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL,
                               _("answered “%s” to “go”; expected “action …”"), quoted);
        /* The observer's legal actions depend only on what it sees. */
        isle_rng_seed (&rng, UINT64_C (0x5eed));
        isle_obs_determinize (r->obs, &rng, state);
        if (!isle_action_parse (state, line + strlen ("action"), &action))
          return action_fault (state, line, quoted, error);
        if (!isle_state_is_legal (state, action))
          {
            g_autofree char *chosen = action_words (line);

            return reader_fault (error, ISLE_ENGINE_ERROR_ILLEGAL,
                                 _("chose “%s”, which is not legal now"), chosen);
          }
        r->action = action;
        return ISLE_ENGINE_READ_ANSWER;
      }
    }
}

IsleEngineRead
isle_engine_reader_feed (IsleEngineReader *reader, GString *pending, GError **error)
{
  g_return_val_if_fail (reader != NULL, ISLE_ENGINE_READ_FAULT);
  g_return_val_if_fail (pending != NULL, ISLE_ENGINE_READ_FAULT);
  g_return_val_if_fail (reader->expect != ISLE_ENGINE_EXPECT_ACTION || reader->obs != NULL,
                        ISLE_ENGINE_READ_FAULT);
  g_return_val_if_fail (reader->expect != ISLE_ENGINE_EXPECT_VALUES
                        || (reader->obs != NULL && reader->analysis != NULL),
                        ISLE_ENGINE_READ_FAULT);

  for (;;)
    {
      char *nl = memchr (pending->str, '\n', pending->len);
      g_autofree char *line = NULL;
      IsleEngineRead read;
      gsize n;

      if (nl == NULL)
        break;
      n = (gsize) (nl - pending->str);
      if (n + 1 > ISLE_ENGINE_MAX_LINE)
        break;
      if (memchr (pending->str, '\0', n) != NULL)
        return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL, _("sent a NUL byte"));
      line = g_strndup (pending->str, n);
      g_string_erase (pending, 0, (gssize) n + 1);
      read = read_line (reader, line, error);
      if (read != ISLE_ENGINE_READ_MORE)
        return read;
    }
  if (pending->len >= ISLE_ENGINE_MAX_LINE)
    return reader_fault (error, ISLE_ENGINE_ERROR_PROTOCOL, _("sent a line longer than %d bytes"),
                         ISLE_ENGINE_MAX_LINE);
  return ISLE_ENGINE_READ_MORE;
}

void
isle_engine_reader_clear (IsleEngineReader *reader)
{
  g_return_if_fail (reader != NULL);
  g_clear_pointer (&reader->pong, g_free);
  g_clear_pointer (&reader->name, g_free);
}

/* Reads every whole line in the buffer; reads more if the exchange goes
 * on. */
static void
process_pending (GTask *task)
{
  IsleEnginePlayer *self = g_task_get_source_object (task);
  Exchange *x = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  IsleEngineRead read = isle_engine_reader_feed (&x->reader, self->pending, &error);

  /* Named from the handshake on, in messages too. */
  if (x->reader.name != NULL)
    {
      g_free (self->name);
      self->name = g_steal_pointer (&x->reader.name);
    }
  switch (read)
    {
    case ISLE_ENGINE_READ_FAULT:
      fault (task, (IsleEngineError) error->code, "%s", error->message);
      break;
    case ISLE_ENGINE_READ_ANSWER:
      self->busy = FALSE;
      if (x->reader.unsupported)
        g_task_return_new_error (task, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_UNSUPPORTED,
                                 _("engine “%s” cannot analyse a position"), engine_label (self));
      else
        g_task_return_int (task, x->reader.expect == ISLE_ENGINE_EXPECT_ACTION
                               ? (gssize) x->reader.action : 0);
      break;
    case ISLE_ENGINE_READ_MORE:
    default:
      read_more (task);
      break;
    }
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  IsleEnginePlayer *self = g_task_get_source_object (task);
  Exchange *x = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (n < 0)
    {
      if (x->timed_out)
        fault (task, ISLE_ENGINE_ERROR_TIMEOUT, _("did not answer within %u ms"), x->timeout_ms);
      else if (x->caller != NULL && g_cancellable_is_cancelled (x->caller))
        {
          /* The engine still owes the answer (and any it owed before
           * this choice's pong): the next choice skips them. */
          self->owed = x->reader.late + 1;
          self->busy = FALSE;
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                   _("The choice was cancelled"));
        }
      else
        fault (task, ISLE_ENGINE_ERROR_DIED, _("could not be read: %s"), error->message);
      return;
    }
  if (n == 0)
    {
      fault (task, ISLE_ENGINE_ERROR_DIED, _("closed its output (it exited or crashed)"));
      return;
    }
  g_string_append_len (self->pending, x->chunk, n);
  process_pending (task);
}

static void
read_more (GTask *task)
{
  IsleEnginePlayer *self = g_task_get_source_object (task);
  Exchange *x = g_task_get_task_data (task);

  g_input_stream_read_async (self->from_engine, x->chunk, sizeof x->chunk,
                             G_PRIORITY_DEFAULT, x->io, read_done, g_object_ref (task));
}

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  Exchange *x = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      if (x->timed_out)
        fault (task, ISLE_ENGINE_ERROR_TIMEOUT, _("did not read its input within %u ms"),
               x->timeout_ms);
      else
        fault (task, ISLE_ENGINE_ERROR_DIED, _("could not be written to: %s"), error->message);
      return;
    }
  /* Only now may the caller cancel: a half-written observation could not
   * be taken back. */
  if (x->caller != NULL)
    {
      CallerCancel *c = g_new0 (CallerCancel, 1);

      c->context = g_main_context_ref (g_task_get_context (task));
      c->io = g_object_ref (x->io);
      x->caller_handler = g_cancellable_connect (x->caller, G_CALLBACK (on_caller_cancelled), c, caller_cancel_free);
    }
  process_pending (task);
}

/* Starts an exchange: writes OUT (taken), then reads by EXPECT. */
static GTask *
exchange_start (IsleEnginePlayer *self, char *out, IsleEngineExpect expect, guint timeout_ms,
                GCancellable *caller, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  Exchange *x = g_new0 (Exchange, 1);

  x->out = out;
  x->out_len = strlen (out);
  x->reader.expect = expect;
  x->io = g_cancellable_new ();
  x->caller = caller ? g_object_ref (caller) : NULL;
  x->timeout_ms = timeout_ms;
  g_task_set_task_data (task, x, exchange_free);
  self->busy = TRUE;

  x->timeout = g_timeout_source_new (timeout_ms);
  g_source_set_callback (x->timeout, on_timeout, task, NULL);
  g_source_attach (x->timeout, g_task_get_context (task));

  g_output_stream_write_all_async (self->to_engine, x->out, x->out_len, G_PRIORITY_DEFAULT,
                                   x->io, write_done, g_object_ref (task));
  return task;
}

/* ---- IsleAiPlayer ------------------------------------------------------ */

/* Starts an exchange that sends OBS, a ping, then COMMAND with
 * BUDGET_MS, and reads by EXPECT: what a choice and an analysis share. */
static GTask *
ask_about (IsleEnginePlayer *self, const IsleObservation *obs, const char *command,
           guint budget_ms, IsleEngineExpect expect, GCancellable *cancellable,
           GAsyncReadyCallback callback, gpointer user_data)
{
  g_autofree char *text = isle_observation_to_text (obs);
  GString *out = g_string_new (NULL);
  GTask *task;
  Exchange *x;

  g_string_append (out, "observation\n");
  g_string_append (out, text);
  /* The pong shows where the answer to this command starts (after the
   * observation, so an `error` about it comes before the pong). */
  g_string_append_printf (out, "ping %u\n", ++self->ping);
  g_string_append_printf (out, "%s %u\n", command, budget_ms);
  task = exchange_start (self, g_string_free (out, FALSE), expect, budget_ms + self->grace_ms,
                         cancellable, callback, user_data);
  x = g_task_get_task_data (task);
  x->obs = g_memdup2 (obs, sizeof *obs);
  x->reader.obs = x->obs;
  x->reader.pong = g_strdup_printf ("pong %u", self->ping);
  x->reader.late = self->owed;
  self->owed = 0;
  return task;
}

/* Whether the engine can be asked now; else sets ERROR as a choice does. */
static gboolean
check_usable (IsleEnginePlayer *self, GError **error)
{
  if (self->busy)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING, _("engine “%s” is still choosing"),
                 engine_label (self));
  else if (self->broken != NULL)
    g_set_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_BROKEN, "%s", self->broken->message);
  return !self->busy && self->broken == NULL;
}

static void
isle_engine_player_choose_async (IsleAiPlayer *player, const IsleObservation *obs,
                                 double seconds, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  IsleEnginePlayer *self = ISLE_ENGINE_PLAYER (player);
  g_autoptr (GTask) task = NULL;
  GError *error = NULL;
  guint budget_ms;

  if (!check_usable (self, &error))
    {
      task = g_task_new (self, cancellable, callback, user_data);
      g_task_set_source_tag (task, isle_engine_player_choose_async);
      g_task_return_error (task, error);
      return;
    }

  budget_ms = seconds > 0 ? (guint) MIN (seconds * 1000.0, 3600.0 * 1000.0) : self->default_budget_ms;
  if (budget_ms == 0)
    budget_ms = 1;
  task = ask_about (self, obs, "go", budget_ms, ISLE_ENGINE_EXPECT_ACTION, cancellable,
                    callback, user_data);
  g_task_set_source_tag (task, isle_engine_player_choose_async);
}

static const char *
isle_engine_player_get_id (IsleAiPlayer *player)
{
  return ISLE_ENGINE_PLAYER (player)->id;
}

static const char *
isle_engine_player_get_name (IsleAiPlayer *player)
{
  return engine_label (ISLE_ENGINE_PLAYER (player));
}

static const char *
isle_engine_player_get_description (IsleAiPlayer *player)
{
  return ISLE_ENGINE_PLAYER (player)->description;
}

static int
isle_engine_player_get_strength (IsleAiPlayer *player)
{
  (void) player;
  return 50;  /* unknown */
}

static void
isle_engine_player_iface_init (IsleAiPlayerInterface *iface)
{
  iface->choose_async = isle_engine_player_choose_async;
  iface->choose_finish = isle_ai_player_task_finish;
  iface->get_id = isle_engine_player_get_id;
  iface->get_name = isle_engine_player_get_name;
  iface->get_description = isle_engine_player_get_description;
  iface->get_strength = isle_engine_player_get_strength;
}

static void
isle_engine_player_dispose (GObject *object)
{
  kill_engine (ISLE_ENGINE_PLAYER (object));
  G_OBJECT_CLASS (isle_engine_player_parent_class)->dispose (object);
}

static void
isle_engine_player_finalize (GObject *object)
{
  IsleEnginePlayer *self = ISLE_ENGINE_PLAYER (object);

  kill_engine (self);
  g_free (self->path);
  g_free (self->label);
  g_free (self->id);
  g_free (self->name);
  g_free (self->description);
  g_string_free (self->pending, TRUE);
  g_clear_error (&self->broken);
  G_OBJECT_CLASS (isle_engine_player_parent_class)->finalize (object);
}

static void
isle_engine_player_class_init (IsleEnginePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isle_engine_player_dispose;
  object_class->finalize = isle_engine_player_finalize;
}

static void
isle_engine_player_init (IsleEnginePlayer *self)
{
  self->pending = g_string_new (NULL);
  self->default_budget_ms = 1000;
  self->grace_ms = 1000;
}

void
isle_engine_player_set_timeouts (IsleEnginePlayer *self, guint default_budget_ms, guint grace_ms)
{
  g_return_if_fail (ISLE_IS_ENGINE_PLAYER (self));
  self->default_budget_ms = MAX (default_budget_ms, 1);
  self->grace_ms = grace_ms;
}

gboolean
isle_engine_player_is_broken (IsleEnginePlayer *self)
{
  g_return_val_if_fail (ISLE_IS_ENGINE_PLAYER (self), TRUE);
  return self->broken != NULL;
}

/* In the child, before exec: die with the parent (thread) that spawned us. */
static void
child_setup (gpointer data)
{
  (void) data;
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* Linux sends the parent-death signal when the *thread* that spawned the
 * child ends, not the process: an engine started from a worker thread of a
 * pool would be killed when the pool lets that thread go. So every engine
 * is spawned by one thread that lives as long as the program. */
typedef struct
{
  GSubprocessLauncher *launcher;
  const char *const *argv;
  GSubprocess *process;
  GError *error;
  gboolean done;
} SpawnRequest;

static GMutex spawn_lock;
static GCond spawn_done;
static GAsyncQueue *spawn_queue;

static gpointer
spawner_thread (gpointer data)
{
  (void) data;
  for (;;)
    {
      SpawnRequest *request = g_async_queue_pop (spawn_queue);

      request->process = g_subprocess_launcher_spawnv (request->launcher, request->argv,
                                                       &request->error);
      g_mutex_lock (&spawn_lock);
      request->done = TRUE;
      g_cond_broadcast (&spawn_done);
      g_mutex_unlock (&spawn_lock);
    }
  return NULL;
}

static GSubprocess *
spawn_from_lasting_thread (GSubprocessLauncher *launcher, const char *const *argv, GError **error)
{
  static gsize started;
  SpawnRequest request = { launcher, argv, NULL, NULL, FALSE };

  if (g_once_init_enter (&started))
    {
      spawn_queue = g_async_queue_new ();
      g_thread_unref (g_thread_new ("isle-engine-spawner", spawner_thread, NULL));
      g_once_init_leave (&started, 1);
    }
  g_async_queue_push (spawn_queue, &request);
  g_mutex_lock (&spawn_lock);
  while (!request.done)
    g_cond_wait (&spawn_done, &spawn_lock);
  g_mutex_unlock (&spawn_lock);
  if (request.process == NULL)
    g_propagate_error (error, request.error);
  return request.process;
}

/* A wait for one exchange on a private main context. */
typedef struct
{
  GMainLoop *loop;
  GError *error;
} SyncWait;

static void
sync_done (GObject *source, GAsyncResult *result, gpointer data)
{
  SyncWait *wait = data;

  (void) source;
  g_task_propagate_int (G_TASK (result), &wait->error);
  g_main_loop_quit (wait->loop);
}

/* Runs CONTEXT (pushed by the caller, and popped here) until TASK, started
 * on it with sync_done and WAIT, is over; its error is WAIT->error. */
static void
sync_run (GMainContext *context, GTask *task, SyncWait *wait)
{
  g_main_loop_run (wait->loop);
  g_object_unref (task);
  /* Let the task's last references go on this context. */
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_loop_unref (wait->loop);
  g_main_context_pop_thread_default (context);
}

IsleAiPlayer *
isle_engine_player_new (const char *argv0_path, const char *const *args,
                        const IsleRules *rules, GError **error)
{
  g_autoptr (IsleEnginePlayer) self = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (JsonNode) rules_node = NULL;
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GTask) task = NULL;
  g_autofree char *rules_json = NULL;
  g_autoptr (GError) local = NULL;
  SyncWait wait = { 0 };

  g_return_val_if_fail (argv0_path != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  /* A write to an engine that has died must fail with EPIPE, not kill us. */
  signal (SIGPIPE, SIG_IGN);

  self = g_object_new (ISLE_TYPE_ENGINE_PLAYER, NULL);
  g_ptr_array_add (argv, (gpointer) argv0_path);
  for (int i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  /* The id, the description and a failed start name the whole command line. */
  self->path = g_strjoinv (" ", (char **) argv->pdata);
  self->id = g_strconcat ("engine:", self->path, NULL);
  /* Faults name what the user recognises: the script, not its interpreter. */
  self->label = g_path_get_basename (isle_engine_command_program ((const char *const *) argv->pdata));

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  self->process = spawn_from_lasting_thread (launcher, (const char *const *) argv->pdata, &local);
  if (self->process == NULL)
    {
      g_set_error (error, ISLE_ENGINE_ERROR, ISLE_ENGINE_ERROR_START,
                   _("engine %s could not be started: %s"), self->path, local->message);
      return NULL;
    }
  self->to_engine = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->from_engine = g_object_ref (g_subprocess_get_stdout_pipe (self->process));

  rules_node = isle_rules_to_json (rules);
  generator = json_generator_new ();
  json_generator_set_root (generator, rules_node);
  json_generator_set_pretty (generator, FALSE);
  rules_json = json_generator_to_data (generator, NULL);

  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  wait.loop = g_main_loop_new (context, FALSE);
  task = exchange_start (self, g_strdup_printf ("critter-isle-engine %d\nrules %s\n",
                                                ISLE_ENGINE_PROTOCOL_VERSION, rules_json),
                         ISLE_ENGINE_EXPECT_READY, HANDSHAKE_MS, NULL, sync_done, &wait);
  sync_run (context, g_steal_pointer (&task), &wait);

  if (wait.error != NULL)
    {
      g_propagate_error (error, wait.error);
      return NULL;
    }
  self->description = g_strdup_printf (_("External engine %s (%s)"), self->name, self->path);
  return ISLE_AI_PLAYER (g_steal_pointer (&self));
}

gboolean
isle_engine_player_analyse (IsleEnginePlayer *self, const IsleState *state, guint ms,
                            GCancellable *cancellable, IsleEngineAnalysis *out, GError **error)
{
  g_autofree IsleObservation *obs = NULL;
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GTask) task = NULL;
  SyncWait wait = { 0 };

  g_return_val_if_fail (ISLE_IS_ENGINE_PLAYER (self), FALSE);
  g_return_val_if_fail (state != NULL && !isle_state_is_terminal (state), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  obs = g_new (IsleObservation, 1);
  isle_state_observe (state, isle_state_to_move (state), obs);
  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  wait.loop = g_main_loop_new (context, FALSE);
  task = ask_about (self, obs, "analyse", CLAMP (ms, 1, 3600 * 1000), ISLE_ENGINE_EXPECT_VALUES,
                    cancellable, sync_done, &wait);
  {
    Exchange *x = g_task_get_task_data (task);

    x->reader.analysis = out;
  }
  sync_run (context, g_steal_pointer (&task), &wait);
  if (wait.error != NULL)
    {
      g_propagate_error (error, wait.error);
      return FALSE;
    }
  return TRUE;
}
