#!/usr/bin/env python3
"""A faulty engine for tests: passes the protocol through to a real engine
(the command line after AFTER) and dies without a word at the AFTER-th `go`.

usage: crash-mid-game.py AFTER ENGINE [ARG...]"""
import os
import subprocess
import sys

after = int(sys.argv[1])
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
gos = 0
for line in sys.stdin:
    word = line.split(" ", 1)[0].strip()
    if word == "go":
        gos += 1
        if gos >= after:
            os._exit(3)
    child.stdin.write(line)
    child.stdin.flush()
    if word in ("critter-isle-engine", "rules", "go", "ping"):
        reply = child.stdout.readline()
        sys.stdout.write(reply)
        sys.stdout.flush()
    elif word == "quit":
        break
