#!/usr/bin/env python3
"""Differential test of `critter-isle-cli score --json` against the
independent scorer in tests/tools/independent_scorer.py (written from
doc/rules.md alone): seeded random R3 boards, totals and the set of scored lines
must agree. Prints TAP: two self-checks, then one line per batch of boards.

usage: test-score-random.py CLI [--count N] [--seed S] [--batch B] [--keep DIR]

Registered in tests/cli/meson.build as
  test('score-random', python3, args: [script, cli_exe], protocol: 'tap')
"""
import argparse
import difflib
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import independent_scorer as ind  # noqa: E402

SIZE = 6
QUADRANTS = {  # R1
    "nw": [(c, r) for r in range(0, 3) for c in range(0, 3)],
    "ne": [(c, r) for r in range(0, 3) for c in range(3, 6)],
    "sw": [(c, r) for r in range(3, 6) for c in range(0, 3)],
    "se": [(c, r) for r in range(3, 6) for c in range(3, 6)],
}
# R1, R2: basic pile and which basic token each mercenary replaces (R9.3).
BASIC = {"W": 9, "P": 2, "R": 4, "B": 3}
MERCENARIES = [("F", "W"), ("T", "W"), ("C", "P"), ("M", "W"), ("S", "W"),
               ("G", "W"), ("L", "R"), ("K", "R"), ("K", "R"), ("O", "R"),
               ("D", "B"), ("H", "B")]

WORKED_EXAMPLE = """\
rW rW rP rW bW .
bR .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
"""
WORKED_EXAMPLE_LINES = [{
    "colour": "red", "cells": ["a1", "b1", "c1", "d1"], "length": 4,
    "base": 5, "multiplier": 2, "crow_owner": None, "crow_share": 0,
    "value": 10}]


def make_pile(rng, hire_rate):
    """R9.3: an 18-token pile; each mercenary hired with HIRE_RATE replaces
    one basic token of the kind R2 says, while one is left."""
    pile = dict(BASIC)
    for merc, basic in MERCENARIES:
        if rng.random() < hire_rate and pile[basic] > 0:
            pile[basic] -= 1
            pile[merc] = pile.get(merc, 0) + 1
    return [k for k, n in pile.items() for _ in range(n)]


def random_board(rng):
    """A board that could arise in play (R1 counts, fog on whole quadrants,
    nothing under fog), biased towards runs so that lines of every length
    and every modifier show up. Returns R3 text."""
    grid = [[None] * SIZE for _ in range(SIZE)]
    fog = set()
    if rng.random() < 0.25:
        for q in rng.sample(sorted(QUADRANTS), rng.randint(1, 3)):
            fog.update(QUADRANTS[q])
    density = 1.0 if rng.random() < 0.4 else rng.uniform(0.2, 1.0)
    hire_rate = rng.choice([0.0, 0.0, 0.3, 0.6, 1.0])
    face_down_rate = rng.choice([0.0, 0.0, 0.2, 0.6])
    streak = rng.choice([0.0, 0.5, 0.8, 0.9])
    team = rng.random() < 0.1
    piles = {"r": make_pile(rng, hire_rate), "b": make_pile(rng, hire_rate)}

    for row in range(SIZE):
        for col in range(SIZE):
            if (col, row) in fog:
                grid[row][col] = "#"
                continue
            if grid[row][col] is not None or rng.random() >= density:
                continue
            # Streaks: often the same owner as the left or upper neighbour.
            owner = rng.choice("rb")
            if rng.random() < streak:
                near = [grid[r][c] for c, r in ((col - 1, row), (col, row - 1))
                        if c >= 0 and r >= 0]
                near = [t for t in near if t and t not in ".#"]
                if near:
                    owner = rng.choice(near)[0]
            if not piles[owner]:
                owner = "b" if owner == "r" else "r"
                if not piles[owner]:
                    continue
            kind = piles[owner].pop(rng.randrange(len(piles[owner])))
            prefix = owner + (rng.choice("12") if team else "")
            face_down = rng.random() < face_down_rate
            token = prefix + kind
            if kind == "L" and not face_down:
                # R8.6: a face-up Chameleon may have changed colour; R3 accepts
                # its starting colour written out too (rLb = rL).
                token += rng.choice(["", "", "r", "b"])
            if face_down:
                token += "*"
            grid[row][col] = token
            if kind == "H" and not face_down and rng.random() < 0.7:
                # R8.9: a face-up Hippo may sit across two tiles.
                spots = [(c, r) for c, r in ((col + 1, row), (col, row + 1))
                         if c < SIZE and r < SIZE and (c, r) not in fog
                         and grid[r][c] is None]
                if spots:
                    c, r = rng.choice(spots)
                    grid[r][c] = prefix + "H+"
    lines = []
    for row in grid:
        cells = [t if t is not None else "." for t in row]
        sep = rng.choice([" ", " ", "  ", "\t"])
        lines.append(sep.join(cells))
    return "\n".join(lines) + "\n"


def line_key(line):
    return json.dumps(line, sort_keys=True)


def compare(want, got):
    """Returns None when GOT (the CLI's JSON) agrees with WANT, else a
    description of the difference."""
    problems = []
    for side in ("red", "blue"):
        if got.get(side) != want[side]:
            problems.append(f"{side}: expected {want[side]}, CLI says {got.get(side)}")
    want_lines = sorted(line_key(l) for l in want["lines"])
    try:
        got_lines = sorted(line_key(l) for l in got.get("lines", []))
    except TypeError:
        got_lines = ["<lines is not a list of objects>"]
    if want_lines != got_lines:
        problems.append("lines differ (- independent scorer, + CLI):")
        diff = list(difflib.unified_diff(want_lines, got_lines, "independent", "cli",
                                         lineterm="", n=0))
        problems.extend(diff[:40])
        if len(diff) > 40:
            problems.append(f"... {len(diff) - 40} more diff lines")
    return "\n".join(problems) or None


def run_cli(cli, path):
    try:
        p = subprocess.run([cli, "score", "--json", path], capture_output=True, text=True,
                           timeout=60, env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, f"cannot run {cli}: {e}"
    if p.returncode != 0:
        return None, f"exit status {p.returncode}\nstderr: {p.stderr.strip()}"
    try:
        return json.loads(p.stdout), None
    except ValueError as e:
        return None, f"stdout is not JSON ({e}): {p.stdout[:500]!r}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cli")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--keep", help="write the first mismatching board here")
    args = ap.parse_args()

    if not (os.path.isfile(args.cli) and os.access(args.cli, os.X_OK)):
        print(f"Bail out! {args.cli} is not an executable file")
        return 1
    batches = (args.count + args.batch - 1) // args.batch
    print(f"1..{2 + batches}")
    n = 0
    failed = False

    def report(ok, name, detail=None):
        nonlocal n, failed
        n += 1
        print(f"{'ok' if ok else 'not ok'} {n} - {name}")
        if not ok:
            failed = True
            for line in str(detail).splitlines():
                print(f"# {line}")
        sys.stdout.flush()

    # Self-check of the independent scorer: the R7 worked example.
    mine = ind.score_text(WORKED_EXAMPLE)
    report(mine == {"red": 10, "blue": 0, "lines": WORKED_EXAMPLE_LINES},
           "independent scorer: R7 worked example is Red 10, Blue 0", json.dumps(mine))

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r7-worked-example.txt")
        with open(path, "w") as f:
            f.write(WORKED_EXAMPLE)
        got, err = run_cli(args.cli, path)
        diff = err or compare(mine, got)
        report(diff is None, "cli: R7 worked example agrees", diff)

        rng = random.Random(args.seed)
        for b in range(batches):
            first = b * args.batch
            last = min(args.count, first + args.batch)
            mismatch = None
            for i in range(first, last):
                text = random_board(rng)
                path = os.path.join(tmp, f"board-{i}.txt")
                with open(path, "w") as f:
                    f.write(text)
                want = ind.score_text(text)
                got, err = run_cli(args.cli, path)
                diff = err or compare(want, got)
                if diff and mismatch is None:
                    mismatch = (i, text, diff)
                    if args.keep:
                        with open(args.keep, "w") as f:
                            f.write(text)
            name = f"boards {first}..{last - 1} (seed {args.seed}) score as doc/rules.md R5/R7 say"
            if mismatch is None:
                report(True, name)
            else:
                i, text, diff = mismatch
                report(False, name, f"first mismatch: board {i}\n{text}{diff}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
