#!/usr/bin/env python3
"""An engine for tests: answers every `go` with one fixed action, whatever
the position, and `ping N` with `pong N`.

usage: fixed-action.py ACTION [early]

With `early` it also writes `action ACTION` once unasked, right after its
`ok` to the rules: a stale answer that a client must not take for the
answer to its next `go` (doc/engine-protocol.md, "Keeping in step")."""
import sys

action = sys.argv[1]
early = len(sys.argv) > 2 and sys.argv[2] == "early"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "critter-isle-engine":
        say("ready 1 name fixed")
    elif words[0] == "rules":
        say("ok")
        if early:
            say("action " + action)
    elif words[0] == "ping":
        say("pong " + " ".join(words[1:]))
    elif words[0] == "go":
        say("action " + action)
    elif words[0] == "quit":
        break
