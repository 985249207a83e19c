# SPDX-License-Identifier: GPL-3.0-or-later
"""tap.py — what the Python tests share to report in TAP, as meson reads it.

    check(name, ok, detail)   records one result; returns ok
    run_tests(namespace)      runs its test_* functions in name order; a test
                              that raises is a failure, never a skip
    finish()                  prints the plan and the results (the last lines
                              of each failure's detail as comments, and on
                              stderr too) and exits
                              0 when all passed, else 1
"""

import sys
import time

results = []
_started = time.monotonic()

DETAIL_LINES = 30


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))
    return bool(ok)


def run_tests(namespace):
    for name, test in sorted(namespace.items()):
        if name.startswith("test_") and callable(test):
            try:
                test()
            except Exception as e:  # a crash in a test is a failure, not a skip
                results.append((name, False, repr(e)))


def finish():
    print(f"1..{len(results)}")
    for i, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok:
            # Also on stderr: meson's summary of a failed test shows only
            # that, so a failure in CI says why without the full log.
            print(f"not ok {i} - {name}", file=sys.stderr)
            for line in str(detail).splitlines()[-DETAIL_LINES:]:
                print(f"# {line}")
                print(f"  {line}", file=sys.stderr)
    print(f"# took {time.monotonic() - _started:.1f} s")
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)
