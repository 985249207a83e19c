#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-docs.py — the repository explains itself, and its documents keep
up with the code. TAP, suite lint.

- Every rules section cited in src/ and tests/ (R7, R7.3, R8.10 …) is a
  heading of doc/rules.md ("## R7 …", "### R7.3 …"), so a citation always
  leads somewhere.
- doc/rules.md has R1–R12, each subsection under its section, in order.
- Every file of src/ that git knows is named in doc/HACKING.md's map: by
  its path, or under the heading of its directory ("### `src/engine/` …")
  by its name or its path below that directory, braces expanded
  (`isle-window.{c,h,ui}`); so is every file of tests/, build-aux/,
  flatpak/, po/, doc/, data/ and help/, except that a folder of data (test
  inputs, fuzz corpora, art, pictures: WHOLE below) may be named as a
  whole (`tests/data/`).
- No document, source or test points outside the repository: nothing says
  RULES.md, ARCHITECTURE.md or "shared folder" (the rules are
  doc/rules.md, the design doc/architecture.md).

usage: check-docs.py SRCDIR
"""
import os
import re
import subprocess
import sys

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, finish, run_tests  # noqa: E402

SRC = sys.argv[1] if len(sys.argv) > 1 else "."

# A citation: R, a section number, and subsections; not part of a longer
# word (GDK_KEY_R1, R12x) or number.
CITATION = re.compile(r"(?<![A-Za-z0-9_])R(\d+(?:\.\d+)*)(?![A-Za-z0-9_])")
CITING = (".c", ".h", ".py", ".ui", ".css", ".build")
HEADING = re.compile(r"^(#{2,3}) R(\d+(?:\.\d+)?)\b", re.MULTILINE)
# Where the map must name each file, and the folders of data (test
# inputs, art, pictures) that it may name as a whole instead.
MAPPED = ("src/", "tests/", "build-aux/", "flatpak/", "po/", "doc/", "data/", "help/")
WHOLE = ("tests/data/", "tests/fuzz/corpus/", "tests/fuzz/regressions/",
         "data/art/", "data/screenshots/", "data/puzzles/", "data/icons/")
# Words that point outside the repository, and the files allowed to say
# them: this test, and inputs kept byte for byte (fuzz regressions).
OUTSIDE = re.compile(r"RULES\.md|ARCHITECTURE\.md|shared folder|\.\./shared/")
OUTSIDE_EXEMPT = ("tests/tools/check-docs.py", "tests/fuzz/regressions/")


def files():
    """The files git knows, by path relative to SRC; every file of SRC
    when git cannot tell (a release tarball, or a worktree seen from the
    Debian 13 chroot, where its git folder is out of reach)."""
    try:
        out = subprocess.run(["git", "-C", SRC, "ls-files", "-z"],
                             capture_output=True, check=True).stdout
        found = [f for f in out.decode().split("\0") if f]
        if found:
            return sorted(f for f in found if os.path.isfile(os.path.join(SRC, f)))
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for top, dirs, names in os.walk(SRC):
        # Neither build folders nor what Python caches of the tests' own
        # modules (tests/tools/__pycache__), which .gitignore leaves out.
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "build")) and d != "__pycache__")
        for name in names:
            if not name.endswith(".pyc"):
                found.append(os.path.relpath(os.path.join(top, name), SRC))
    return sorted(found)


def read(path):
    with open(os.path.join(SRC, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def expand(word):
    """isle-window.{c,h,ui} → the three names; nested braces are not used."""
    m = re.search(r"\{([^{}]*)\}", word)
    if not m:
        return [word]
    out = []
    for part in m.group(1).split(","):
        out += expand(word[:m.start()] + part + word[m.end():])
    return out


def rules_sections():
    return {m.group(2): len(m.group(1)) for m in HEADING.finditer(read("doc/rules.md"))}


def test_citations_have_sections():
    sections = rules_sections()
    missing = {}
    for path in files():
        if not path.startswith(("src/", "tests/")) or not path.endswith(CITING):
            continue
        for n, line in enumerate(read(path).splitlines(), 1):
            for m in CITATION.finditer(line):
                if m.group(1) not in sections:
                    missing.setdefault("R" + m.group(1), f"{path}:{n}")
    check("every section cited in src/ and tests/ is a heading of doc/rules.md",
          not missing,
          "\n".join(f"R{k[1:]} cited at {v} is not a heading of doc/rules.md"
                    for k, v in sorted(missing.items())))


def test_rules_sections_in_order():
    sections = rules_sections()
    problems = []
    for n in range(1, 13):
        if sections.get(str(n)) != 2:
            problems.append(f"R{n} is not a '## R{n} …' heading")
    order = [m.group(2) for m in HEADING.finditer(read("doc/rules.md"))]
    key = [tuple(int(p) for p in s.split(".")) for s in order]
    if key != sorted(key):
        problems.append("sections out of order: " + " ".join(order))
    for s, level in sections.items():
        if "." in s and (level != 3 or s.split(".")[0] not in sections):
            problems.append(f"R{s} is not a '### R{s} …' heading under R{s.split('.')[0]}")
    check("doc/rules.md has R1–R12, each subsection under its section, in order",
          not problems, "\n".join(problems))


def hacking_names():
    """(folder, name) for every backquoted word of HACKING: the folder is
    that of the heading above ("### `src/engine/` …") or of the list item
    the word is in, when the item begins with one ("- `tests/engine/` —")."""
    names = set()
    section = item = ""
    for line in read("doc/HACKING.md").splitlines():
        if line.startswith("#"):
            m = re.search(r"`([^`]+/)`", line)
            section = item = m.group(1) if m else ""
        elif line.startswith("- "):
            m = re.match(r"- `([^`\s]+/)`", line)
            item = m.group(1) if m else section
        elif not line.startswith(" "):
            item = section
        for word in re.findall(r"`([^`\s]+)", line):
            for name in expand(word):
                names.add((section, name))
                names.add((item, name))
    return names


def named(path, names):
    for folder, name in names:
        for c in {name, folder + name}:
            if c == path:
                return True
            if c.endswith("/") and c.startswith(WHOLE) and path.startswith(c):
                return True
    return False


def test_hacking_maps_every_file():
    names = hacking_names()
    missing = [p for p in files() if p.startswith(MAPPED) and not named(p, names)]
    check("doc/HACKING.md names every file of " + ", ".join(MAPPED),
          not missing, "\n".join(f"{p} is not in doc/HACKING.md's map" for p in missing))


def test_nothing_points_outside():
    found = []
    for path in files():
        if path.startswith(OUTSIDE_EXEMPT):
            continue
        if not (path.endswith((".md", ".json") + CITING) or path in ("README.md",)):
            continue
        for n, line in enumerate(read(path).splitlines(), 1):
            m = OUTSIDE.search(line)
            if m:
                found.append(f"{path}:{n}: says “{m.group(0)}”")
    check("no file points outside the repository (doc/rules.md, doc/architecture.md)",
          not found, "\n".join(found))


if __name__ == "__main__":
    run_tests(globals())
    finish()
