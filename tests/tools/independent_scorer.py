#!/usr/bin/env python3
"""An independent scorer for Critter Isle boards, written only from doc/rules.md
(R2 token colours, R3 notation, R5 lines, R7 scoring) and never from the
engine's source, so that the two can check each other.

usage: independent_scorer.py [--table 3=3,4=5,5=8,6=12] [FILE|-]
       independent_scorer.py --self-test

Prints the same JSON shape as `critter-isle-cli score --json`:

  {"red": INT, "blue": INT,
   "lines": [{"colour": "red"|"blue", "cells": ["a1", "b1", ...],
              "length": INT, "base": INT, "multiplier": INT,
              "crow_owner": "red"|"blue"|null, "crow_share": INT,
              "value": INT}, ...]}

where value = base x multiplier before the Crow's share (R7.3).
As a module: parse_board(text) -> list of 6 rows of cells, score(board)
-> that dict.
"""
import json
import sys

SIZE = 6  # R1: 6x6, columns a-f left to right, rows 1-6 top to bottom
COLUMNS = "abcdef"

# R7.1 [default] table (the real one lives in data/rules/standard.json).
DEFAULT_TABLE = {3: 3, 4: 5, 5: 8, 6: 12}

# R2: colour of each kind relative to its owner.
OWN, OPPONENT, WHITE = "own", "opponent", "white"
KINDS = {
    "W": OWN,       # Wolf
    "P": OWN,       # Pig
    "R": OPPONENT,  # Rat (spy)
    "B": WHITE,     # Rabbit
    "F": OWN,       # Fox
    "T": OWN,       # Turtle
    "C": OWN,       # Cat
    "M": OWN,       # Mouses
    "S": OWN,       # Snake
    "G": OWN,       # Frog
    "L": OPPONENT,  # Chameleon: opponent's at first (R8.6), R3 suffix after
    "K": OPPONENT,  # Crow (spy)
    "O": OPPONENT,  # Mole (spy)
    "D": WHITE,     # Prairie Dog
    "H": WHITE,     # Hippo
}
OTHER = {"red": "blue", "blue": "red"}
SIDE = {"r": "red", "b": "blue"}


class NotationError(ValueError):
    pass


def cell_name(col, row):
    return f"{COLUMNS[col]}{row + 1}"


def parse_token(text):
    """R3: one cell. Returns None for `.`, "fog" for `#`, else a dict
    {owner, kind, colour, face_down, hippo_second}."""
    if text == ".":
        return None
    if text == "#":
        return "fog"
    i = 0
    if i >= len(text) or text[i] not in SIDE:
        raise NotationError(f"bad owner in {text!r}: expected r or b")
    owner = SIDE[text[i]]
    i += 1
    if i < len(text) and text[i] in "12":  # R3, R11: team seat digit
        i += 1
    if i >= len(text) or text[i] not in KINDS:
        raise NotationError(f"unknown kind in {text!r}")
    kind = text[i]
    i += 1
    if KINDS[kind] == OWN:
        colour = owner
    elif KINDS[kind] == OPPONENT:
        colour = OTHER[owner]
    else:
        colour = "white"
    if kind == "L" and i < len(text) and text[i] in "rb":  # R3: current colour
        colour = SIDE[text[i]]
        i += 1
    face_down = hippo_second = False
    if i < len(text) and text[i] == "*":  # R3: face down
        face_down = True
        i += 1
    if kind == "H" and i < len(text) and text[i] == "+":  # R3: Hippo 2nd tile
        hippo_second = True
        i += 1
    if i != len(text):
        raise NotationError(f"junk after token in {text!r}")
    return {"owner": owner, "kind": kind, "colour": colour,
            "face_down": face_down, "hippo_second": hippo_second}


def parse_board(text):
    """R3: 6 lines of 6 whitespace-separated cells, row 1 first; blank lines
    around the board are ignored."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if len(rows) != SIZE:
        raise NotationError(f"expected {SIZE} rows, got {len(rows)}")
    board = []
    for r, row in enumerate(rows):
        if len(row) != SIZE:
            raise NotationError(f"row {r + 1}: expected {SIZE} cells, got {len(row)}")
        board.append([parse_token(t) for t in row])
    return board


def colour_at(board, col, row):
    cell = board[row][col]
    if cell is None or cell == "fog":
        return None
    return cell["colour"] if cell["colour"] != "white" else None


def runs_along(board, start, step):
    """All maximal runs (R5) of one colour, length >= 3, along the board line
    from START stepping by STEP, as (colour, [(col,row), ...])."""
    col, row = start
    dc, dr = step
    coords = []
    while 0 <= col < SIZE and 0 <= row < SIZE:
        coords.append((col, row))
        col += dc
        row += dr
    runs = []
    i = 0
    while i < len(coords):
        colour = colour_at(board, *coords[i])
        j = i
        while j < len(coords) and colour is not None and colour_at(board, *coords[j]) == colour:
            j += 1
        if colour is not None and j - i >= 3:
            runs.append((colour, coords[i:j]))
        i = max(j, i + 1)
    return runs


def all_board_lines():
    """(start, step) of every row, column and diagonal, each walked in the
    order the CLI reports: horizontal left->right, vertical top->bottom,
    diagonal top-left->bottom-right, anti-diagonal top-right->bottom-left."""
    lines = []
    for r in range(SIZE):
        lines.append(((0, r), (1, 0)))
    for c in range(SIZE):
        lines.append(((c, 0), (0, 1)))
    # diagonals (down-right): start on the top row or the left column
    for c in range(SIZE):
        lines.append(((c, 0), (1, 1)))
    for r in range(1, SIZE):
        lines.append(((0, r), (1, 1)))
    # anti-diagonals (down-left): start on the top row or the right column
    for c in range(SIZE):
        lines.append(((c, 0), (-1, 1)))
    for r in range(1, SIZE):
        lines.append(((SIZE - 1, r), (-1, 1)))
    return lines


def score(board, table=None):
    table = table or DEFAULT_TABLE
    totals = {"red": 0, "blue": 0}
    out = []
    for start, step in all_board_lines():
        for colour, coords in runs_along(board, start, step):
            tokens = [board[r][c] for c, r in coords]
            kinds = {t["kind"] for t in tokens}
            base = table[len(coords)]                   # R7.1
            if "C" in kinds:                            # R7.2
                mult = 3
            elif "P" in kinds:
                mult = 2
            else:
                mult = 1
            value = base * mult
            crow_owner, share = None, 0
            crows = [t for t in tokens if t["kind"] == "K"]
            if crows:                                   # R7.3, acts once
                crow_owner = crows[0]["owner"]
                share = value // 2
            totals[colour] += value - share             # R7.4
            if crow_owner is not None:
                totals[crow_owner] += share
            out.append({"colour": colour,
                        "cells": [cell_name(c, r) for c, r in coords],
                        "length": len(coords), "base": base,
                        "multiplier": mult, "crow_owner": crow_owner,
                        "crow_share": share, "value": value})
    return {"red": totals["red"], "blue": totals["blue"], "lines": out}


def score_text(text, table=None):
    return score(parse_board(text), table)


# Hand-scored positions (doc/rules.md R7 worked example and two boards whose
# totals were worked out on paper) for --self-test.
SELF_TESTS = [
    ("R7 worked example: Red 10, Blue 0",
     "rW rW rP rW bW .\nbR .  .  .  .  .\n" + ".  .  .  .  .  .\n" * 4, 10, 0, 1),
    ("R7.3 Crow lines: row of 5 (Blue takes 4), column with Pig (Blue takes 3)",
     "bW bW bW bW bW bW\nbK rW rW rW rW bW\nrW .  .  .  .  .\nrP .  .  .  .  .\n"
     + ".  .  .  .  .  .\n" * 2, 7, 19, 3),
    ("a full board scored by hand: Red 35, Blue 32, 13 lines",
     "rW rW rW bW bW rP\nrR rW bR rB bW rW\nrC bK rW bW* bM bW\n"
     "bP rF bP rW* rD bW\nbO bW rL rK rS bW*\nrB bH bH+ bB bL rO\n", 35, 32, 13),
]


def self_test():
    print(f"1..{len(SELF_TESTS)}")
    failed = 0
    for i, (name, text, red, blue, n_lines) in enumerate(SELF_TESTS, 1):
        got = score_text(text)
        ok = (got["red"], got["blue"], len(got["lines"])) == (red, blue, n_lines)
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok:
            print(f"# got {json.dumps(got)}")
    return 1 if failed else 0


def main(argv):
    table = None
    args = argv[1:]
    if args == ["--self-test"]:
        return self_test()
    if len(args) >= 2 and args[0] == "--table":
        table = {int(k): int(v) for k, v in
                 (kv.split("=") for kv in args[1].split(","))}
        args = args[2:]
    path = args[0] if args else "-"
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    try:
        result = score_text(text, table)
    except NotationError as e:
        print(f"{path}: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
