#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fuzz one target for a bounded time and report it as one TAP test.

Usage: run-fuzzer.py FUZZER TARGET SRCDIR BUILDDIR

FUZZER is a libFuzzer binary (tests/fuzz/meson.build, -Dfuzzing=true).
It runs for CRITTER_ISLE_FUZZ_SECONDS seconds (default 45) over its seed
corpus SRCDIR/corpus/TARGET, the saved crashers SRCDIR/regressions/TARGET
and a working corpus BUILDDIR/work/TARGET (kept between runs: new inputs
go there, never into the source tree), with SRCDIR/TARGET.dict when there
is one. Any crash, sanitizer report, leak, slow input (over 10 s) or
memory blow-up (over 2 GB) fails the test; libFuzzer saves the input under
BUILDDIR/crashes/TARGET/ and the message says how to replay it. The TAP
line gives the executions run, which is also printed as
`fuzz TARGET: N executions in S s`.
"""

import os
import re
import subprocess
import sys


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    fuzzer, target, srcdir, builddir = sys.argv[1:]
    fuzzer = os.path.abspath(fuzzer)
    seconds = int(os.environ.get('CRITTER_ISLE_FUZZ_SECONDS', '45'))
    work = os.path.join(builddir, 'work', target)
    crashes = os.path.join(builddir, 'crashes', target) + os.sep
    os.makedirs(work, exist_ok=True)
    os.makedirs(crashes, exist_ok=True)

    cmd = [fuzzer,
           f'-max_total_time={seconds}',
           '-timeout=10',
           '-rss_limit_mb=2048',
           '-print_final_stats=1',
           f'-artifact_prefix={crashes}']
    dictionary = os.path.join(srcdir, target + '.dict')
    if os.path.exists(dictionary):
        cmd.append(f'-dict={dictionary}')
    cmd.append(work)
    for kind in ('corpus', 'regressions'):
        d = os.path.join(srcdir, kind, target)
        if os.path.isdir(d):
            cmd.append(d)

    print('TAP version 13')
    print('1..1')
    print('# ' + ' '.join(cmd))
    sys.stdout.flush()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=seconds + 300)
        output = proc.stdout.decode('utf-8', 'replace')
        status = proc.returncode
    except subprocess.TimeoutExpired as e:
        output = (e.stdout or b'').decode('utf-8', 'replace')
        output += f'\nrun-fuzzer.py: libFuzzer did not stop after {seconds} s; killed\n'
        status = -9

    execs = re.search(r'stat::number_of_executed_units:\s*(\d+)', output)
    execs = int(execs.group(1)) if execs else 0
    took = re.search(r'Done \d+ runs in (\d+) second', output)
    took = int(took.group(1)) if took else seconds
    corpus = len(os.listdir(work))
    print(f'# fuzz {target}: {execs} executions in {took} s, '
          f'working corpus {corpus} inputs')

    if status == 0:
        print(f'ok 1 /fuzz/{target}: {execs} executions in {took} s, no crash')
        return 0

    for line in output.splitlines()[-80:]:
        print('# ' + line)
    saved = re.findall(r'Test unit written to (\S+)', output)
    where = saved[-1] if saved else crashes
    print(f'not ok 1 /fuzz/{target}: libFuzzer exited with {status} after '
          f'{execs} executions; input saved as {where} (replay it with '
          f'`{fuzzer} {where}`, then keep it in tests/fuzz/regressions/{target}/)')
    return 1


if __name__ == '__main__':
    sys.exit(main())
