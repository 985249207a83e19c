/* fuzz-common.h — what every fuzz target shares (tests/fuzz/, doc/HACKING.md
 * "Fuzzing").
 *
 * A target is one file defining LLVMFuzzerTestOneInput(). It is linked two
 * ways: with libFuzzer in a `-Dfuzzing=true` clang build (fuzz-TARGET), and
 * with replay.c's main() in every build (test-fuzz-TARGET), which feeds it
 * each file of corpus/TARGET/ and regressions/TARGET/. So a target must not
 * depend on libFuzzer: it checks its properties with FUZZ_CHECK(), which
 * aborts, a crash to both.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

G_GNUC_NORETURN static inline void
fuzz_fail (const char *file, int line, const char *what)
{
  fprintf (stderr, "%s:%d: fuzz property broken: %s\n", file, line, what);
  abort ();
}

/* A property every input must keep. */
#define FUZZ_CHECK(cond) \
  do { if (!(cond)) fuzz_fail (__FILE__, __LINE__, #cond); } while (0)

/* Once per process: a critical or a warning from GLib or json-glib is a bug
 * the input found (a g_return_if_fail() that failed), not noise. */
static inline void
fuzz_init_glib (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

/* DATA as a C string (g_free): a copy with a NUL after it. A NUL inside
 * ends the string early, as it would for any caller holding a C string. */
static inline char *
fuzz_text (const uint8_t *data, size_t size)
{
  char *text = g_malloc (size + 1);

  if (size > 0)
    memcpy (text, data, size);
  text[size] = '\0';
  return text;
}

/* DATA in a block of exactly SIZE bytes (g_free), with no NUL after it, so
 * that AddressSanitizer sees a parser that reads past the length it was
 * given. */
static inline char *
fuzz_exact (const uint8_t *data, size_t size)
{
  char *copy = g_malloc (size > 0 ? size : 1);

  if (size > 0)
    memcpy (copy, data, size);
  return copy;
}
