#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Memcheck: CLI games of every variant, `score`, `validate`, a short
`tournament`, an engine-protocol session and a whole game in the GTK app,
each under valgrind with no error and no leak (definite or possible).

Usage: test-valgrind.py CLI PLAY SUPPRESSIONS SRCDIR

PLAY is critter-isle-play (tests/ui/isle-ui-play.c): the app, whose game
is started from its New Game dialog by a Return key and played to its end.

SUPPRESSIONS is build-aux/valgrind.supp (toolkit only: each entry says why
it is not ours). SRCDIR is tests/. Prints TAP, one test per run. A missing
valgrind fails every test with the Debian package to install.

Only in builds without sanitizers (tests/valgrind/meson.build): valgrind
and AddressSanitizer cannot share a process.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

VARIANT_PLAYERS = {
    'basic': 'easy,beginner',
    'weather': 'beginner,easy',
    'mercenary': 'easy,beginner',
    'quick': 'beginner,easy',
    'team': 'easy,beginner,beginner,easy',
}


def gtk_minor(program):
    """The minor version of the GTK 4 PROGRAM is linked with (8 on Debian
    12, 18 on Debian 13), read from the library's file name."""
    try:
        out = subprocess.run(['ldd', program], capture_output=True, text=True).stdout
    except OSError:
        return 0
    for line in out.splitlines():
        if 'libgtk-4.so.1' in line and '=>' in line:
            real = os.path.realpath(line.split('=>')[1].split('(')[0].strip())
            parts = real.rsplit('.so.1.', 1)[-1].split('.')
            if parts and parts[0].isdigit():
                return int(parts[0]) // 100
    return 0


def main():
    cli, ui, supp, srcdir = sys.argv[1:5]
    tmp = tempfile.mkdtemp(prefix='critter-isle-valgrind-')
    obs = os.path.join(srcdir, 'fuzz', 'corpus', 'observation', 'weather-place-seat0.txt')
    with open(obs, encoding='utf-8') as f:
        observation = f.read()

    # (name, argv, standard input, environment, what its output must hold)
    runs = []
    for i, (variant, players) in enumerate(VARIANT_PLAYERS.items()):
        runs.append((f'cli-play-{variant}',
                     [cli, 'play', '--variant', variant, '--seed', str(11 + i),
                      '--players', players], None, {}, ['Round 2 score: Red ']))
    runs += [
        ('cli-score', [cli, 'score', '--json',
                       os.path.join(srcdir, 'data', 'boards', 'full-board.txt')], None, {},
         ['"lines"']),
        ('cli-validate', [cli, 'validate',
                          os.path.join(srcdir, 'data', 'rules', 'good-house-rules.json'),
                          os.path.join(srcdir, 'data', 'boards', 'team.txt')], None, {},
         ['valid rules file', 'valid board']),
        # Two games at once: the tournament's worker threads.
        ('cli-tournament', [cli, 'tournament', '--players', 'easy,medium',
                            '--games', '2', '--threads', '2', '--variant', 'basic'],
         None, {}, ['medium']),
        # The engine side of the protocol: a bad line, an observation, a move.
        ('cli-engine', [cli, 'engine', '--player', 'easy'],
         'critter-isle-engine 1\nnonsense\nobservation\n' + observation
         + 'go 200\nping 7\nquit\n', {},
         ['ready 1 name', 'error ', 'action place ', 'pong 7']),
        # A whole game in the app, computer against computer, started from
        # the New Game dialog, then quit. On a session bus of its own: the
        # app id is not taken from, nor taken by, the other UI tests
        # running meanwhile.
        ('ui-autoplay-weather', [ui, '--variant', 'weather', '--players', 'random,random',
                                 '--quit-at-end'], None, {
            'CRITTER_ISLE_AUTOSAVE': os.path.join(tmp, 'autosave.isle'),
            # Keep Mesa (and its LLVM) out: cairo drawing, no GL context
            # (GDK_DEBUG=gl-disable up to GTK 4.14, GDK_DISABLE=gl after).
            'GDK_DEBUG': 'gl-disable' if gtk_minor(ui) < 16 else '',
            'GDK_DISABLE': 'gl',
            'GSK_RENDERER': 'cairo',
            'GTK_A11Y': 'none',
            'XDG_DATA_HOME': os.path.join(tmp, 'data'),
            'XDG_CONFIG_HOME': os.path.join(tmp, 'config'),
            'XDG_CACHE_HOME': os.path.join(tmp, 'cache'),
        }, ['result: ']),
    ]

    print('TAP version 13')
    print(f'1..{len(runs)}')
    valgrind = shutil.which('valgrind')
    if valgrind is None:
        for n, (name, *_rest) in enumerate(runs, 1):
            print(f'not ok {n} /valgrind/{name}: valgrind is not installed '
                  '(Debian package valgrind)')
        return 1

    failed = 0
    for n, (name, argv, stdin, extra_env, expect) in enumerate(runs, 1):
        log = os.path.join(tmp, name + '.log')
        cmd = [valgrind, '--tool=memcheck', '--error-exitcode=1', '--leak-check=full',
               '--show-leak-kinds=definite,possible',
               '--errors-for-leak-kinds=definite,possible',
               '--track-origins=yes', '--num-callers=30',
               f'--suppressions={supp}', '--gen-suppressions=all',
               f'--log-file={log}'] + argv
        if argv[0] == ui:
            cmd = ['dbus-run-session', '--'] + cmd
            # Run alone (meson test without the suite's display), the app
            # gets a display of its own.
            if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
                cmd = ['xvfb-run', '-a', '-s', '-screen 0 1280x1024x24 -nolisten tcp'] + cmd
        env = dict(os.environ)
        # GLib: plain malloc for slices, and freed memory handed back.
        env.update({'G_SLICE': 'always-malloc', 'G_DEBUG': 'gc-friendly'})
        if argv[0] == ui:
            # As the suite runs it: settings in memory, not dconf's thread.
            env.setdefault('GSETTINGS_BACKEND', 'memory')
            env.setdefault('GSK_RENDERER', 'cairo')
        env.update(extra_env)
        start = time.monotonic()
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)
        took = time.monotonic() - start
        with open(log, encoding='utf-8', errors='replace') as f:
            report = f.read()
        summary = [line.split('== ', 1)[-1] for line in report.splitlines()
                   if 'ERROR SUMMARY' in line or 'definitely lost:' in line
                   or 'possibly lost:' in line or 'suppressed:' in line]
        print(f'# {os.path.basename(argv[0])} {" ".join(argv[1:])}: {took:.0f} s')
        for line in summary:
            print(f'#   {line}')
        missing = [e for e in expect if e not in proc.stdout]
        if proc.returncode == 0 and not missing:
            print(f'ok {n} /valgrind/{name}')
            continue
        failed += 1
        for line in report.splitlines()[-150:]:
            print('# ' + line)
        for line in (proc.stdout + proc.stderr).splitlines()[-20:]:
            print('# out: ' + line)
        why = f'exit status {proc.returncode}' if proc.returncode else f'no {missing!r} in its output'
        print(f'not ok {n} /valgrind/{name}: {why}')
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
