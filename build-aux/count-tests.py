#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Count individual test cases in meson test logs.

Usage: count-tests.py [--extra-failed N] [--elapsed SECONDS] BUILDDIR...

Every test in this project is registered with meson as protocol: 'tap'
and run with --tap, so each GTest case is one TAP line in the "stdout"
field of a line of BUILDDIR/meson-logs/testlog.json.  A TAP line counts
as follows (the same reading as meson's own TAP parser):

  ok N ...                  passed
  ok N ... # SKIP ...       skipped
  ok N ... # TODO ...       failed  (meson: unexpected pass)
  not ok N ... # TODO ...   skipped (g_test_incomplete(); meson: expected fail)
  not ok N ...              failed  (also with # SKIP, as in meson)

Only lines starting in column 0 count (TAP 14 subtests and YAML blocks are
indented).  A test executable that meson reports as failed (FAIL, TIMEOUT,
ERROR, UNEXPECTEDPASS, INTERRUPT) but that printed no failing TAP line --
it crashed, bailed out, timed out or printed nothing -- counts as 1 failed.
A test meson reports as SKIP with no TAP lines counts as 1 skipped.

A build directory without testlog.json (its tests never ran) counts as
1 failed.  --extra-failed adds failures found elsewhere (for example a
build that did not compile).

The last line printed is the summary, alone on its line:

  tests: N passed, N failed[, N skipped]

(", N skipped" only when N is not zero).  Exit status is 1 when anything
failed, else 0.
"""

import argparse
import json
import os
import re
import sys

TAP_TEST = re.compile(r'(not )?ok(?=\s|$)\s*(\d+)?\s*([^#]*)(?:#\s*(\S+)\s*(.*))?')
FAILED_RESULTS = {'FAIL', 'TIMEOUT', 'ERROR', 'UNEXPECTEDPASS', 'INTERRUPT'}


def classify(line):
    """Return 'passed', 'failed', 'skipped' or None for one TAP line."""
    m = TAP_TEST.match(line.rstrip())
    if not m:
        return None
    ok = m.group(1) is None
    directive = (m.group(4) or '').upper()
    if directive.startswith('SKIP'):
        return 'skipped' if ok else 'failed'
    if directive == 'TODO':
        return 'failed' if ok else 'skipped'
    return 'passed' if ok else 'failed'


def count_log(path, label, failures):
    counts = {'passed': 0, 'failed': 0, 'skipped': 0}
    with open(path, encoding='utf-8', errors='replace') as f:
        for lineno, raw in enumerate(f, 1):
            raw = raw.strip()
            if not raw:
                continue
            try:
                entry = json.loads(raw)
            except ValueError:
                counts['failed'] += 1
                failures.append(f'{label}: {path}:{lineno}: unreadable log line')
                continue
            name = entry.get('name', '?')
            result = str(entry.get('result', ''))
            stdout = entry.get('stdout') or ''
            seen = {'passed': 0, 'failed': 0, 'skipped': 0}
            for line in stdout.splitlines():
                kind = classify(line)
                if kind is None:
                    continue
                seen[kind] += 1
                if kind == 'failed':
                    failures.append(f'{label}: {name}: {line.strip()}')
            if result in FAILED_RESULTS and seen['failed'] == 0:
                seen['failed'] += 1
                failures.append(f'{label}: {name}: {result} '
                                f'(exit status {entry.get("returncode")}) '
                                'without a failing TAP line')
            elif result == 'SKIP' and sum(seen.values()) == 0:
                seen['skipped'] += 1
            for k in counts:
                counts[k] += seen[k]
    return counts


def summary(counts):
    s = f'{counts["passed"]} passed, {counts["failed"]} failed'
    if counts['skipped']:
        s += f', {counts["skipped"]} skipped'
    return s


def main():
    ap = argparse.ArgumentParser(description='Count TAP test cases in meson test logs.')
    ap.add_argument('--extra-failed', type=int, default=0,
                    help='failures to add (e.g. builds that did not compile)')
    ap.add_argument('--elapsed', type=float, default=None,
                    help='seconds the suite took, printed before the summary')
    ap.add_argument('builddirs', nargs='+')
    args = ap.parse_args()

    total = {'passed': 0, 'failed': args.extra_failed, 'skipped': 0}
    failures = []
    for d in args.builddirs:
        label = os.path.basename(os.path.normpath(d))
        path = os.path.join(d, 'meson-logs', 'testlog.json')
        if not os.path.exists(path):
            counts = {'passed': 0, 'failed': 1, 'skipped': 0}
            failures.append(f'{label}: no {path}: the build failed or its tests did not run')
        else:
            counts = count_log(path, label, failures)
        print(f'{label}: {summary(counts)}')
        for k in total:
            total[k] += counts[k]

    if failures:
        print('failed:')
        for f in failures:
            print(f'  {f}')
    if args.elapsed is not None:
        secs = int(round(args.elapsed))
        print(f'suite took {secs // 60}m {secs % 60:02d}s')
    print(f'tests: {summary(total)}')
    return 1 if total['failed'] else 0


if __name__ == '__main__':
    sys.exit(main())
