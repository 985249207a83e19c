#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The game through the accessibility tree, as a screen reader drives it
(issue 28). TAP.

The built app runs in a process of its own with its accessibility bridge
on (no GTK_A11Y=none, no NO_AT_BRIDGE): the test finds it on the AT-SPI
desktop of the session bus (at-spi2-core's bus launcher, activated by
dbus-run-session's bus) and plays it by accessible actions only, never a
pointer or key event:

- New Game on the start page, Start in its dialog (the settings' defaults:
  a Basic game, Red the person, Blue the Beginner);
- the opening hand taken, when the game asks for one, with its "Take a …"
  buttons;
- a token of the hand selected (its selected state spoken: checked or
  pressed), a free tile of the map activated;
- the computer's reply waited for, and heard: an `object:announcement`
  (gtk_accessible_announce(), GTK ≥ 4.14) or, on GTK 4.8, the focused
  object's description changed to say it (what Orca 43 speaks; see
  src/ui/isle-announcer.c), or a notification, alert, status or live object
  that shows or changes to say it.

It checks on the way that no accessible name is a toolkit class name
(`^(Gtk|Adw|Isle)[A-Z]\\w*$`), and that the map is 36 cells, each with an
action, named as a person says them ("c3, free, can be played",
"c3, Blue's Pig, last move").

usage: test-a11y.py APP   (run by /usr/bin/python3: Debian's pyatspi)
"""
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

import pyatspi  # noqa: E402  (python3-pyatspi)
from gi.repository import GLib  # noqa: E402

APP = sys.argv[1]

CLASS_NAME = re.compile(r"^(Gtk|Adw|Isle)[A-Z]\w*$")
TILE = re.compile(r"^[a-f][1-6], ")
# How long a step may take before the test gives up on it (a limit for a
# loaded machine, not a measure: nothing is asserted about time).
PATIENCE = 60.0

# The session bus of the test must be the one the app and the AT-SPI bus
# share; without one there is no tree to test.
if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
    print("1..1\nnot ok 1 - a session bus (run under dbus-run-session)")
    sys.exit(1)


# ---- the AT-SPI side ------------------------------------------------------

events = []


def on_event(event):
    try:
        source = event.source
        role = source.getRole() if source is not None else None
        name = source.name if source is not None else ""
        try:
            attrs = source.getAttributes() if source is not None else []
        except Exception:
            attrs = []
        try:
            focused = source.getState().contains(pyatspi.STATE_FOCUSED)
            description = source.description or ""
        except Exception:
            focused, description = False, ""
    except Exception:
        role, name, attrs, focused, description = None, "", [], False, ""
    events.append({"type": event.type, "role": role, "name": name or "", "attrs": attrs,
                   "data": event.any_data, "detail1": event.detail1, "focused": focused,
                   "description": description})


for kind in ("object:announcement", "object:state-changed:showing",
             "object:property-change:accessible-name", "object:property-change:accessible-description", "object:text-changed:insert",
             "object:children-changed:add"):
    pyatspi.Registry.registerEventListener(on_event, kind)


def pump(seconds):
    """Lets AT-SPI's events in for SECONDS."""
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while ctx.iteration(False):
            pass
        time.sleep(0.02)


def wait_for(what, patience=PATIENCE):
    """Waits until WHAT() is true (returns its value), or None."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        try:
            value = what()
        except Exception:  # an object gone while the tree changes
            value = None
        if value:
            return value
        pump(0.1)
    return None


def children(acc):
    try:
        return [c for c in acc if c is not None]
    except Exception:
        return []


def walk(acc):
    yield acc
    for child in children(acc):
        yield from walk(child)


def find_all(root, pred):
    found = []
    for acc in walk(root):
        try:
            if pred(acc):
                found.append(acc)
        except Exception:
            pass
    return found


def find(root, pred):
    found = find_all(root, pred)
    return found[0] if found else None


def actions(acc):
    try:
        action = acc.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def activate(acc):
    """The accessible's own "click" or "activate" action, done; False when it has none."""
    names = actions(acc)
    for i, name in enumerate(names):
        if name in ("click", "activate", "press"):
            return bool(acc.queryAction().doAction(i))
    return False


def states(acc):
    return set(acc.getState().getStates())


def is_button(acc):
    # A hand token is a radio button on GTK 4.8 (it has no toggle role).
    return acc.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_RADIO_BUTTON)


def named_button(root, words):
    return find(root, lambda a: is_button(a) and words in (a.name or ""))


def class_names(root):
    return [f"{a.getRoleName()} {a.name!r}" for a in walk(root)
            if CLASS_NAME.match(a.name or "")]


def tiles(app):
    """The map's tiles, one a place: the objects named "c3, …" (a cell and
    the button in it may both be named: the one with an action counts)."""
    by_place = {}
    for acc in find_all(app, lambda a: TILE.match(a.name or "") and a.getRole() != pyatspi.ROLE_LABEL):
        place = acc.name[:2]
        if place not in by_place or (actions(acc) and not actions(by_place[place])):
            by_place[place] = acc
    return list(by_place.values())


def in_grid(acc):
    """Whether ACC is in a grid (AT-SPI's table role)."""
    acc = acc.parent
    while acc is not None and acc.getRole() not in (pyatspi.ROLE_APPLICATION, pyatspi.ROLE_FRAME):
        if acc.getRole() in (pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE):
            return True
        acc = acc.parent
    return False


def hand_tokens(app):
    return find_all(app, lambda a: is_button(a) and (a.name or "").startswith("Select the "))


# ---- the app ---------------------------------------------------------------

with tempfile.TemporaryDirectory() as tmp:
    env = {**os.environ, "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "memory", "LANGUAGE": "C",
           "CRITTER_ISLE_AUTOSAVE": os.path.join(tmp, "autosave.isle"),
           "XDG_DATA_HOME": os.path.join(tmp, "data"),
           "XDG_CONFIG_HOME": os.path.join(tmp, "config")}
    # The bridge is what is tested: whatever the suite's environment says.
    env.pop("GTK_A11Y", None)
    env.pop("NO_AT_BRIDGE", None)
    env["G_DEBUG"] = ",".join(filter(None, [env.get("G_DEBUG"), "fatal-criticals"]))
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    err_path = os.path.join(tmp, "stderr")
    with open(err_path, "w") as err_file:
        proc = subprocess.Popen([APP], env=env, stderr=err_file)

    def the_app():
        desktop = pyatspi.Registry.getDesktop(0)
        for acc in children(desktop):
            if acc.get_process_id() == proc.pid:
                return acc
        return None

    def app_errors():
        with open(err_path) as f:
            return f.read()[-2000:]

    def windows():
        return children(app)

    seen_class_names = set()

    def note_class_names():
        for win in windows():
            seen_class_names.update(class_names(win))

    try:
        app = wait_for(the_app)
        ok = check("the app is on the AT-SPI desktop", app is not None, app_errors())
        start = ok and wait_for(lambda: named_button(app, "New Game"))
        ok = ok and check("the start page offers New Game as a button", start)
        note_class_names() if ok else None

        # New Game, then Start: the defaults are a Basic game against the Beginner.
        ok = ok and check("New Game is activated by its action", activate(start))
        # A window of its own with libadwaita 1.2, an AdwDialog in the game
        # window from 1.5: a frame or dialog named New Game, or a dialog
        # with a Start button.
        def new_game_dialog():
            return find(app, lambda a: (a.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_DIALOG)
                                        and a.name == "New Game")
                        or (a.getRole() == pyatspi.ROLE_DIALOG and named_button(a, "Start")))
        dialog = ok and wait_for(new_game_dialog)
        ok = ok and check("the New Game dialog opens", dialog, app_errors())
        if ok:
            names = {a.name for a in walk(dialog)}
            check("the dialog offers the game, Red, Blue and who starts",
                  {"Game", "Red", "Blue", "Who Starts"} <= names, sorted(n for n in names if n))
            note_class_names()
        go = ok and named_button(dialog, "Start")
        ok = ok and check("Start is activated by its action", go and activate(go))
        ok = ok and check("the dialog closes and the game page shows the map",
                          wait_for(lambda: len(tiles(app)) >= 36 and not new_game_dialog()),
                          app_errors())

        # The opening hand (R2), when the game asks for one: five "Take a …".
        taken = 0
        while ok and taken < 5:
            take = wait_for(lambda: named_button(app, "Take a ") or hand_tokens(app), patience=10)
            if not take or isinstance(take, list):
                break
            if not activate(take):
                break
            taken += 1
            pump(0.3)
        if ok and taken:
            check("the opening hand is taken by the \"Take a …\" actions (5 of them)", taken == 5, taken)

        # Red's move: a token of the hand selected, a tile activated.
        tokens = ok and wait_for(lambda: hand_tokens(app) if len(hand_tokens(app)) >= 2 else None)
        ok = ok and check("the hand offers its tokens as buttons (\"Select the …\")", tokens, app_errors())
        if ok:
            note_class_names()
            chosen = tokens[1]
            chosen_name = chosen.name
            check("the token is selected by its action", activate(chosen))
            spoken = {pyatspi.STATE_CHECKED, pyatspi.STATE_PRESSED}

            def selected_token():
                now = [t for t in hand_tokens(app) if t.name == chosen_name]
                return now and (states(now[0]) & spoken)
            check("the selected token's state is spoken (checked or pressed)",
                  wait_for(selected_token, patience=10),
                  [(t.name, [pyatspi.stateToString(s) for s in states(t)]) for t in hand_tokens(app)])
            others = [t.name for t in hand_tokens(app) if t.name != chosen_name and states(t) & spoken]
            check("no other token of the hand is spoken as selected", not others, others)

        cells = tiles(app) if ok else []
        if ok:
            names = [c.name for c in cells]
            check("the map is 36 cells", len(cells) == 36, names)
            check("the map is a grid (AT-SPI table role)", cells and all(in_grid(c) for c in cells),
                  [f"{c.name}: in {c.parent.getRoleName()} {c.parent.name!r}" for c in cells[:3]])
            without = [c.name for c in cells if not actions(c)]
            check("every cell has an action (activate or click)", not without,
                  f"{len(without)} without: {without[:6]}")
            check("a free cell says it can be played (\"c3, free, can be played\")",
                  any(re.match(r"^[a-f][1-6], free, can be played$", n) for n in names), names)
            check("every cell's name is a place and what is there",
                  all(re.match(r"^[a-f][1-6], (free|cannot be played: .+|(Red|Blue)'s [A-Z][a-z]+)(, .+)?$", n)
                      for n in names), names)
            note_class_names()

        # Activate a free tile: Red places, then Blue replies.
        before = len(events)
        free = [c for c in cells if ", free" in c.name and "cannot" not in c.name]
        placed = ok and free and activate(free[0])
        ok = ok and check("a free tile is activated by its action", placed,
                          f"{free[0].name if free else 'no free tile'}: actions {actions(free[0]) if free else []}")
        reply = red = None
        if ok:
            where = free[0].name[:2]
            red = wait_for(lambda: find(app, lambda a: TILE.match(a.name or "") and a.name.startswith(where + ", Red's")))
            reply = wait_for(lambda: find(app, lambda a: TILE.match(a.name or "") and "Blue's" in a.name))
        check("the token is on the tile activated (its name says Red's)", red,
              [c.name for c in tiles(app)] if placed else "not reached: an earlier step failed")
        ok = check("the computer replies (a tile says Blue's)", reply,
                   app_errors() if placed else "not reached: an earlier step failed")
        if not ok:
            for name in ("Blue's tile says it was the last move (\"c3, Blue's Pig, last move\")",
                         "the computer's reply is announced (a sentence naming Blue and its tile)"):
                check(name, False, "not reached: an earlier step failed")
        if ok:
            blue = reply.name
            check("Blue's tile says it was the last move (\"c3, Blue's Pig, last move\")",
                  re.match(r"^[a-f][1-6], Blue's [A-Z][a-z]+, last move$", blue), blue)
            # What a screen reader would have said: an announcement, or a
            # notification / alert / status / live object showing or
            # changing, that tells Blue's move with its place.
            sayers = (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT, pyatspi.ROLE_STATUS_BAR)

            def heard():
                for e in events[before:]:
                    text = e["data"] if isinstance(e["data"], str) else ""
                    if e["type"].startswith("object:announcement"):
                        said = text or e["name"]
                    elif e["type"].startswith("object:property-change:accessible-description"):
                        if not e["focused"]:
                            continue
                        said = text or e["description"]
                    elif e["role"] in sayers or any(a.startswith(("live:", "container-live:")) and
                                                    not a.endswith(":off") for a in e["attrs"]):
                        if e["type"].startswith("object:state-changed:showing") and not e["detail1"]:
                            continue
                        said = text or e["name"]
                    else:
                        continue
                    if "Blue" in said and blue[:2] in said:
                        return said
                return None
            said = wait_for(heard, patience=10)
            check("the computer's reply is announced (a sentence naming Blue and its tile)", said,
                  "\n".join(f"{e['type']} {e['role']} {e['name']!r} {e['data']!r}" for e in events[before:][-25:]))
            note_class_names()

        check("no accessible name is a toolkit class name (^(Gtk|Adw|Isle)[A-Z]\\w*$)",
              not seen_class_names,
              f"{len(seen_class_names)} class names:\n" + "\n".join(sorted(seen_class_names)))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    errors = app_errors()
    check("the app printed no critical or warning",
          "CRITICAL" not in errors and "-WARNING" not in errors, errors)

finish()
