#!/usr/bin/env python3
"""Translations (po/): every language in LINGUAS has a .po file that
msgfmt --check accepts, with the right plural forms, nothing fuzzy or
untranslated, and every message of the current sources. TAP.

usage: test-translations.py SRCDIR
"""
import os
import re
import subprocess
import sys
import tempfile

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

SRC = sys.argv[1]
PO = os.path.join(SRC, "po")
# The plural rules of the languages translated (GNU gettext's own).
PLURALS = {
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def languages():
    with open(os.path.join(PO, "LINGUAS"), encoding="utf-8") as f:
        return [w for line in f for w in line.split("#")[0].split()]


def template(directory):
    """The message template of the sources as they are now."""
    pot = os.path.join(directory, "now.pot")
    rc, out, err = run(["xgettext", "--from-code=UTF-8", "--add-comments",
                        "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
                        "--keyword=ngettext:1,2", "--keyword=g_dngettext:2,3",
                        "--directory", SRC, "--files-from", os.path.join(PO, "POTFILES.in"),
                        "--output", pot])
    return pot if rc == 0 else None, err


# The built-in puzzles' words reach translators through a generated file.
with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, "puzzle-strings.c")
    rc, out, err = run([sys.executable, os.path.join(SRC, "build-aux", "puzzle-strings"), fresh])
    try:
        with open(fresh, encoding="utf-8") as f, \
             open(os.path.join(SRC, "data", "puzzles", "puzzle-strings.c"), encoding="utf-8") as g:
            same = f.read() == g.read()
    except OSError as e:
        same, err = False, str(e)
    check("data/puzzles/puzzle-strings.c has every puzzle's words (build-aux/puzzle-strings)",
          rc == 0 and same, err[-2000:])

langs = languages()
check("LINGUAS lists the Ukrainian and Polish translations", "uk" in langs and "pl" in langs, str(langs))
with tempfile.TemporaryDirectory() as tmp:
    pot, err = template(tmp)
    check("the sources' messages can be extracted", pot is not None, err[-2000:])
    for lang in langs:
        po = os.path.join(PO, lang + ".po")
        check(f"{lang}: po/{lang}.po exists", os.path.exists(po))
        if not os.path.exists(po):
            continue
        rc, out, err = run(["msgfmt", "--check", "--statistics", "-o", os.devnull, po])
        check(f"{lang}: msgfmt --check accepts it (formats, plurals, header)", rc == 0, err[-2000:])
        stats = err.strip()
        check(f"{lang}: nothing fuzzy or untranslated ({stats})",
              rc == 0 and "fuzzy" not in stats and "untranslated" not in stats, stats)
        with open(po, encoding="utf-8") as f:
            text = f.read()
        # The header is the first msgstr, its quoted pieces joined.
        first = re.search(r'msgstr ((?:"[^"]*"\s*)+)', text)
        joined = "".join(re.findall(r'"([^"]*)"', first.group(1))) if first else ""
        header = re.search(r"Plural-Forms: *([^\\]*)", joined)
        expected = PLURALS.get(lang)
        check(f"{lang}: the plural forms are the language's",
              header is not None and (expected is None or header.group(1).strip() == expected),
              header.group(1) if header else "no Plural-Forms")
        if pot is not None:
            rc, out, err = run(["msgcmp", po, pot])
            check(f"{lang}: every message of the sources is translated (msgcmp)", rc == 0, err[-3000:])

finish()
