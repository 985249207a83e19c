#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The user help (help/), as GNOME's tools check it. TAP, suite docs.

- help/C: every page is valid Mallard (`yelp-check validate`), every
  link leads to a page and section that exist (`yelp-check links`), and
  every page can be reached from the index (`yelp-check orphans`);
  help/meson.build installs every file of help/C, and nothing else.
- Each language of help/LINGUAS: its help/LANG/LANG.po passes
  `msgfmt --check`, has nothing fuzzy or untranslated and every message
  of the pages as they are now (`msgcmp` against the template itstool
  makes of help/C); the pages the build made of it (BUILD_HELP/LANG/,
  what `meson install` installs) are all there and valid.
- Every <gui> of the pages is a label of the app: in help/C a message
  of the sources (po/POTFILES.in, mnemonics dropped, "%s" read as "…"),
  in a translation that message's translation in po/LANG.po.

usage: test-help.py SRCDIR BUILD_HELP
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

SRC, BUILD_HELP = sys.argv[1], sys.argv[2]
HELP = os.path.join(SRC, "help")
C = os.path.join(HELP, "C")
TOOLS = {"yelp-check": "yelp-tools", "itstool": "itstool", "msgfmt": "gettext",
         "msgcmp": "gettext", "xgettext": "gettext"}


def run(cmd, cwd=None):
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    return p.returncode, (p.stdout + p.stderr).strip()


def sources():
    """The files of help/C, by name (pages and included XML)."""
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(C, "*"))
                  if p.endswith((".page", ".xml")))


def pages(folder):
    return sorted(glob.glob(os.path.join(folder, "*.page")))


def languages():
    with open(os.path.join(HELP, "LINGUAS"), encoding="utf-8") as f:
        return [w for line in f for w in line.split("#")[0].split()]


def validate(label, folder):
    found = pages(folder)
    if not found:
        check(f"{label}: the pages are there ({folder})", False, "no .page file")
        return
    rc, out = run(["yelp-check", "validate"] + [os.path.basename(p) for p in found], cwd=folder)
    check(f"{label}: all {len(found)} pages are valid Mallard (yelp-check validate)",
          rc == 0 and "fails to validate" not in out, out[-4000:])


# ---- the <gui> labels ------------------------------------------------------

GUI = re.compile(r"<gui(?:\s[^>]*)?>([^<]*)</gui>")


def label(text):
    """A message as a person reads it on screen: mnemonics dropped, a
    format's %s as the … a page writes for it."""
    text = re.sub(r"_(?=[^_])", "", text)
    return re.sub(r"%(?:\d\$)?s", "…", text).strip()


def gui_labels(folder):
    """{label: pages} of every <gui> of the pages in FOLDER."""
    found = {}
    for path in pages(folder):
        with open(path, encoding="utf-8") as f:
            for m in GUI.finditer(f.read()):
                found.setdefault(re.sub(r"\s+", " ", m.group(1)).strip(), set()).add(os.path.basename(path))
    return found


def po_entries(path):
    """(msgid, [msgstr…]) of a .po or .pot file, obsolete entries left out."""
    entries, msgid, msgstrs, field = [], None, [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#") or not line.strip():
                if field is not None and msgid is not None:
                    entries.append((msgid, msgstrs))
                msgid, msgstrs, field = None, [], None
                continue
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
            if m:
                field = m.group(1)
                value = m.group(2)
                if field == "msgid":
                    msgid = value
                elif field.startswith("msgstr"):
                    msgstrs.append(value)
            elif line.startswith('"') and field is not None:
                if field == "msgid":
                    msgid += line[1:-1]
                elif field.startswith("msgstr"):
                    msgstrs[-1] += line[1:-1]
    if field is not None and msgid is not None:
        entries.append((msgid, msgstrs))
    return [(unescape(i), [unescape(s) for s in ss]) for i, ss in entries if i]


def unescape(s):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def app_messages(tmp):
    """The messages of the app's sources now (po/POTFILES.in)."""
    pot = os.path.join(tmp, "app.pot")
    rc, out = run(["xgettext", "--from-code=UTF-8", "--keyword=_", "--keyword=N_",
                   "--keyword=C_:1c,2", "--keyword=NC_:1c,2", "--keyword=ngettext:1,2",
                   "--directory", SRC, "--files-from", os.path.join(SRC, "po", "POTFILES.in"),
                   "--output", pot])
    return (po_entries(pot) if rc == 0 else None), out


def check_gui_labels(tmp):
    messages, err = app_messages(tmp)
    check("the app's messages can be extracted (xgettext)", messages is not None, err[-2000:])
    if messages is None:
        return
    ui = {label(m) for m, _ in messages}
    used = gui_labels(C)
    unknown = {g: p for g, p in used.items() if g not in ui}
    check(f"help/C: each of its {len(used)} <gui> labels is a label of the app",
          not unknown, "\n".join(f"<gui>{g}</gui> ({', '.join(sorted(p))}) is no message of the sources"
                                 for g, p in sorted(unknown.items())))
    for lang in languages():
        po = os.path.join(SRC, "po", lang + ".po")
        if not os.path.exists(po):
            check(f"{lang}: po/{lang}.po exists, for the labels of the app", False)
            continue
        translated = {label(s) for _, ss in po_entries(po) for s in ss if s}
        shown = gui_labels(os.path.join(BUILD_HELP, lang))
        wrong = {g: p for g, p in shown.items() if g not in translated}
        check(f"{lang}: each <gui> label of the translated pages is the app's label in po/{lang}.po",
              shown and not wrong,
              "\n".join(f"<gui>{g}</gui> ({', '.join(sorted(p))}) is no translation in po/{lang}.po"
                        for g, p in sorted(wrong.items())) or "no translated page")


# ---- the checks ------------------------------------------------------------

missing = [f"{t} (Debian package {p})" for t, p in TOOLS.items() if shutil.which(t) is None]
check("the help tools are installed", not missing, "missing: " + ", ".join(missing))
if missing:
    finish()

validate("help/C", C)
rc, out = run(["yelp-check", "links", "."], cwd=C)
check("help/C: every link leads to a page and section of the help (yelp-check links)",
      rc == 0 and not out, out[-3000:])
rc, out = run(["yelp-check", "orphans", "."], cwd=C)
check("help/C: every page can be reached from the index (yelp-check orphans)", rc == 0 and not out, out[-3000:])

with open(os.path.join(HELP, "meson.build"), encoding="utf-8") as f:
    listed = sorted(re.findall(r"'([^']+\.(?:page|xml))'", f.read()))
check("help/meson.build installs every file of help/C and no other", listed == sources(),
      f"help/meson.build: {listed}\nhelp/C: {sources()}")

langs = languages()
check("help/LINGUAS lists the Ukrainian and Polish translations", "uk" in langs and "pl" in langs, str(langs))
with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, "help.pot")
    rc, out = run(["itstool", "-o", pot] + [os.path.join(C, s) for s in sources()])
    check("the pages' messages can be extracted (itstool)", rc == 0, out[-2000:])
    for lang in langs:
        po = os.path.join(HELP, lang, lang + ".po")
        check(f"{lang}: help/{lang}/{lang}.po exists", os.path.exists(po))
        if not os.path.exists(po):
            continue
        rc, out = run(["msgfmt", "--check", "--statistics", "-o", os.devnull, po])
        check(f"{lang}: msgfmt --check accepts it", rc == 0, out[-2000:])
        check(f"{lang}: nothing fuzzy or untranslated ({out})",
              rc == 0 and "fuzzy" not in out and "untranslated" not in out, out)
        if os.path.exists(pot):
            rc, out = run(["msgcmp", po, pot])
            check(f"{lang}: every message of the pages is translated (msgcmp)", rc == 0, out[-3000:])
        built = os.path.join(BUILD_HELP, lang)
        absent = [p for p in sources() if not os.path.exists(os.path.join(built, p))]
        check(f"{lang}: the build made every page ({built})", not absent,
              "missing: " + ", ".join(absent) + " (meson compile builds them)")
        validate(f"{lang}: the built translation", built)
    check_gui_labels(tmp)

finish()
