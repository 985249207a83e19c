#!/usr/bin/env python3
"""Yardstick tests: the outside one-ply player, build-aux/yardstick/one-ply.py,
speaks the engine protocol (doc/engine-protocol.md), scores lines as R7 does,
survives bad input, and plays whole games of every variant through
`critter-isle-cli tournament` without a fault. Prints TAP.

usage: test-yardstick.py CLI YARDSTICK
"""
import importlib.util
import json
import os
import shlex
import subprocess
import sys

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish, run_tests  # noqa: E402

CLI, YARDSTICK = sys.argv[1], os.path.abspath(sys.argv[2])
ENGINE = "engine:" + shlex.join([sys.executable, YARDSTICK])


def load_yardstick():
    spec = importlib.util.spec_from_file_location("one_ply", YARDSTICK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def talk(text):
    p = subprocess.run([sys.executable, YARDSTICK], input=text.encode("utf-8", "surrogateescape"),
                       capture_output=True, timeout=30)
    return p.returncode, p.stdout.decode("utf-8", "replace").splitlines(), p.stderr.decode("utf-8", "replace")


def observation(phase, rows, hand, extra=""):
    return ("observation\nvariant basic\nseats 2\nobserver 0\nphase %s\nto-move 0\nround 1 2\n" % phase
            + "".join("row %d %s\n" % (r + 1, row) for r, row in enumerate(rows))
            + "hand %s\nhand-size %d 5\npile-size 0 0\nunseen 0\nunseen 1 W 5\n" % (hand, len(hand.split()))
            + extra + "end\n")


def score(module, rows):
    board = [module.EMPTY] * 36
    for r, row in enumerate(rows):
        for c, cell in enumerate(row.split()):
            if cell != ".":
                board[r * 6 + c] = module.parse_token(cell, 2)
    ev = module.Evaluator({"3": 3, "4": 5, "5": 8, "6": 12})
    red, blue = ev.colour_value(board, 0), ev.colour_value(board, 1)
    return red[0] + blue[1], blue[0] + red[1]


EMPTY_ROW = ". . . . . ."


def test_r7_evaluation_scores_lines_as_the_rules():
    """The evaluation's real part is R7's scoring, from the rules' own examples."""
    y = load_yardstick()
    check("yardstick: 26 stretches can hold a line (R5)", len(y.STRETCHES) == 26, len(y.STRETCHES))
    cases = [  # (rows, (red, blue), what)
        (["rW rW rP rW bW ."], (10, 0), "R7.5 worked example: a Pig doubles a line of 4"),
        ([EMPTY_ROW, ". rW rW rW . .", ". rW rW rW . .", ". rW rW rW . ."], (24, 0), "R5 block of nine"),
        (["rW rW rW rW rW ."], (8, 0), "R5 five is one line"),
        (["rW rP rC rW . ."], (15, 0), "R7.2 a Cat triples"),
        (["rW bK rW . . ."], (2, 1), "R7.3 a Crow takes half"),
        (["rP rW bK rW . ."], (5, 5), "R7.3 half of a doubled line"),
        (["bK bK rW rW . ."], (3, 2), "R7.3 two Crows take half once"),
        (["rW b?* rW rW . ."], (0, 0), "a face-down token it cannot see blocks both"),
    ]
    for rows, want, what in cases:
        got = score(y, rows + [EMPTY_ROW] * (6 - len(rows)))
        check("yardstick evaluation: " + what, got == want, "got %r, want %r" % (got, want))


def test_one_ply_choices():
    """Placements judged one ply deep: it completes its own line, blocks the
    enemy's with a Rabbit, and drops a Rat where it helps the enemy least."""
    rows = ["rW rW . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW]
    rc, lines, err = talk("critter-isle-engine 1\n" + observation("place", rows, "rW") + "go 500\n")
    check("yardstick: extends its run of two to a line of three", lines[-1:] == ["action place rW c1"], lines)
    rows = ["bW bW bW . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW]
    rc, lines, err = talk("critter-isle-engine 1\n" + observation("place", rows, "rB") + "go 500\n")
    check("yardstick: a Rabbit stops the enemy's line of three growing", lines[-1:] == ["action place rB d1"],
          lines)
    rows = ["rW rW . bW bW .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW]
    rc, lines, err = talk("critter-isle-engine 1\n" + observation("place", rows, "rR") + "go 500\n")
    check("yardstick: a Rat (blue) does not go next to the enemy's blue pair",
          len(lines) == 2 and lines[1].startswith("action place rR ")
          and lines[1].split()[-1] not in ("c1", "f1", "d2", "e2", "c2", "f2"), lines)


def test_protocol_and_bad_input():
    """doc/engine-protocol.md: handshake, rules, go, ping; bad lines get `error`."""
    rules = json.dumps({"format": "critter-isle-rules", "version": 1,
                        "line_score": {"3": 3, "4": 5, "5": 8, "6": 12}})
    full = ["rW"] * 6
    rows = [" ".join(full)] * 5 + ["rW rW rW rW . ."]
    session = ("critter-isle-engine 2\n"
               "critter-isle-engine 1\n"
               "rules " + rules + "\n"
               "rules {not json\n"
               "go 100\n"
               "hello\n"
               "observation\nvariant chess\nend\n"
               "observation\nrow 1 x\nend\n"
               "observation\nphase place\nphase place\nend\n"
               "\udcff\udcfe\n"
               + observation("place", rows, "rW rP")
               + "go 100\nping after-junk\nquit\n")
    rc, lines, err = talk(session)
    errors = [l for l in lines if l.startswith("error ")]
    actions = [l for l in lines if l.startswith("action ")]
    check("yardstick: ready, ok, then an error for each bad line",
          rc == 0 and "ready 1 name one-ply yardstick" in lines and "ok" in lines and len(errors) == 8,
          "\n".join(lines) + err)
    check("yardstick: still plays a legal action after the junk, and answers ping",
          actions == ["action place rP e6"] or actions == ["action place rP f6"], lines)
    check("yardstick: pong last", lines[-1:] == ["pong after-junk"], lines)


def test_tournament_every_variant():
    """A few games of each variant against beginner and easy: no fault, and a
    yardstick that does not beat the gentlest level measures nothing (Easy,
    one move deep with both sides weighed, plays about as well as it)."""
    for variant in ("basic", "weather", "mercenary", "quick", "team"):
        for level in ("beginner", "easy"):
            p = subprocess.run([CLI, "tournament", "--players", ENGINE + "," + level,
                                "--games", "2", "--variant", variant, "--threads", "1",
                                "--seed", "3", "--json"],
                               capture_output=True, text=True, timeout=120,
                               env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
            try:
                obj = json.loads(p.stdout)
            except ValueError:
                obj = {}
            check(f"yardstick vs {level}, {variant}: two games, no engine fault",
                  p.returncode == 0 and obj.get("games") == 2 and p.stderr == "",
                  p.stdout + p.stderr)
            if level == "beginner":
                check(f"yardstick vs {level}, {variant}: wins at least one",
                      obj.get("wins", 0) >= 1, p.stdout)
            # Its longest think is a figure, not a check: speed is measured
            # by benchmarks (a loaded CI machine once took 1,098 ms here),
            # and an engine that overruns its time is faulted by the
            # tournament, which the first check above would catch.
            think = obj.get("think", [{}])[0].get("max_ms", -1)
            print(f"# yardstick vs {level}, {variant}: longest think {think:.0f} ms")


run_tests(globals())

finish()
