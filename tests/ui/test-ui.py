#!/usr/bin/env python3
"""UI tests in processes of their own, under the test display (build-aux/dev
runs the suite under dbus-run-session and xvfb-run). TAP.

APP is the game itself (its start page drawn, a damaged autosave met);
PLAY is critter-isle-play (isle-ui-play.c), the same app with a player at
the keyboard: New Game clicked and its dialog answered with Return (or
Continue clicked), the people's seats played at random through the
window's `win.play` action, the result read from the window's match.

- the start page draws; a game in progress draws;
- a whole Weather game against the `random` player, with an undo and redo
  on the way that must give back the same state, and a hint undone;
- a failing engine and a misbehaving plugin replaced by a built-in player;
- every other variant to its end, the Team game with two humans sharing the
  screen (the pass page between them);
- autosave after every decision, and Continue after a restart resumes there,
  also after the process is killed, and from the backup of a torn autosave;
- every game played to its end kept in the games library (read by CLI's
  `games list`), one row each, none lost to the kill.

usage: test-ui.py APP PLAY PLUGIN_DIR CLI
"""
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

APP = sys.argv[1]
PLAY = sys.argv[2]
PLUGIN_DIR = sys.argv[3]
CLI = sys.argv[4]


def kept_games(data):
    """The games the library in the data folder DATA keeps, newest first,
    as `critter-isle-cli games list --json` reads them; None (and why)
    when it cannot."""
    db = os.path.join(data, "critter-isle", "games.sqlite")
    proc = subprocess.run([CLI, "games", "list", "--db", db, "--json"], capture_output=True, text=True,
                          timeout=60)
    if proc.returncode != 0:
        return None, proc.stderr
    try:
        return json.loads(proc.stdout)["games"], proc.stderr
    except (ValueError, KeyError) as e:
        return None, str(e)


def app_command(env_extra, args=None):
    env = {**os.environ, "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "memory",
           "LANGUAGE": "C", **env_extra}
    # In the sanitizer build, the toolkit's own allocations kept until exit
    # (fontconfig, GTK caches) are not ours to report: memory errors still
    # abort the app, leaks are checked by the other tests.
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    # No accessibility bus: one an earlier test's app left on the display
    # may be gone (as isle_ui_test_init_windows() says for the C tests).
    env.setdefault("NO_AT_BRIDGE", "1")
    env.setdefault("GTK_A11Y", "none")
    # A critical anywhere ends the run.
    env["G_DEBUG"] = ",".join(filter(None, [env.get("G_DEBUG"), "fatal-criticals"]))
    cmd = [APP] if args is None else [PLAY] + args
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        # Run by hand without a display: make one (never skip).
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", APP]
    return cmd, env


def saved_position(path):
    """The position of the saved game at PATH, or None if it does not load."""
    try:
        with open(path) as f:
            return json.load(f).get("position")
    except (OSError, ValueError):
        return None


def run(env_extra, args=None, timeout=120):
    """Runs the app, or with ARGS critter-isle-play."""
    cmd, env = app_command(env_extra, args)
    for attempt in range(3):
        try:
            p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            return -1, (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), "timeout"
        # The test X server, shared by the tests running beside this one,
        # can turn a connection away on a loaded machine: not the app's
        # doing, so it is asked again (the app had not started).
        if p.returncode == 0 or "cannot open display" not in p.stderr:
            break
        time.sleep(1)
    return p.returncode, p.stdout, p.stderr


def clean(err):
    return "CRITICAL" not in err and "Gtk-WARNING" not in err and "Adwaita-WARNING" not in err


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


with tempfile.TemporaryDirectory() as tmp:
    save = os.path.join(tmp, "autosave.isle")
    base = {"CRITTER_ISLE_AUTOSAVE": save, "XDG_DATA_HOME": os.path.join(tmp, "data")}

    shot = os.path.join(tmp, "start.png")
    rc, out, err = run({**base, "CRITTER_ISLE_SCREENSHOT": shot})
    check("the start page opens and draws (screenshot written)", rc == 0 and os.path.exists(shot), err[-2000:])
    size = png_size(shot) if os.path.exists(shot) else None
    check("the screenshot is a PNG of a window-sized picture",
          size is not None and size[0] >= 600 and size[1] >= 400, str(size))
    check("no GTK criticals or warnings at start", clean(err), err[-2000:])
    check("no autosave is written before a game starts", not os.path.exists(save))

    mid = os.path.join(tmp, "mid.png")
    rc, out, err = run({**base, "CRITTER_ISLE_SCREENSHOT": mid, "CRITTER_ISLE_SCREENSHOT_AFTER": "3000"},
                       ["--players", "random,random", "--pause", "20"])
    check("a game in progress draws (screenshot written)", rc == 0 and os.path.exists(mid), err[-2000:])
    if os.environ.get("CRITTER_ISLE_KEEP_SHOTS"):
        for f in (shot, mid):
            if os.path.exists(f):
                shutil.copy(f, os.environ["CRITTER_ISLE_KEEP_SHOTS"])

    # A whole Weather game through the window's actions, against random.
    os.path.exists(save) and os.remove(save)
    rc, out, err = run(base, ["--variant", "weather", "--players", "human,random", "--undo-at", "12",
                              "--quit-at-end"], timeout=240)
    check("R6: a whole Weather game against random is played from the New Game dialog through win.play and ends",
          rc == 0 and "result:" in out, out[-500:] + err[-2000:])
    check("undo then redo in the window gives back the same state", "undo-redo: same" in out, out[-500:])
    check("no GTK criticals or warnings during the game", clean(err), err[-2000:])

    # Hint and undo together never hang: a hint is asked and undone at once.
    rc, out, err = run(base, ["--variant", "weather", "--players", "human,random", "--hint-undo-at", "8",
                              "--quit-at-end"], timeout=240)
    check("a hint being thought over is cancelled by undo, and the game goes on to its end",
          rc == 0 and "hint-asked: yes" in out and "hint-undo:" in out and "result:" in out,
          out[-500:] + err[-2000:])

    # Faulty computer players: an engine that answers garbage, a plugin that
    # loads but answers out of range. The game goes on with a built-in
    # player. (A plugin that is not there is never offered by the dialog:
    # its stand-in is tested in tests/model/test-match.c.)
    engines = os.path.join(os.environ.get("G_TEST_SRCDIR", os.path.dirname(os.path.dirname(__file__))),
                           "data", "engines")
    for what, spec in (("an engine that answers garbage", f"engine:sh {os.path.join(engines, 'garbage.sh')}"),
                       ("a plugin that answers out of range", "plugin:bad-choose")):
        rc, out, err = run({**base, "CRITTER_ISLE_PLUGIN_PATH": PLUGIN_DIR},
                           ["--variant", "basic", "--players", f"human,{spec}", "--quit-at-end"], timeout=240)
        check(f"with {what}, a built-in player takes over, the player is told, and the game ends",
              rc == 0 and "takeover:" in out and "told: A computer player failed" in out and "result:" in out
              and clean(err), out[-800:] + err[-2000:])

    # Every other variant; the Team game with two humans sharing the screen.
    for variant, players in (("basic", "human,random"), ("mercenary", "random,human"),
                             ("quick", "human,greedy"), ("team", "human,random,human,random")):
        rc, out, err = run(base, ["--variant", variant, "--players", players, "--quit-at-end"], timeout=240)
        check(f"the {variant} game ({players}) is played to its end in the window",
              rc == 0 and "result:" in out and clean(err), out[-500:] + err[-2000:])

    # Every game played to its end above is in the games library, once.
    games, why = kept_games(base["XDG_DATA_HOME"])
    finished_before = len(games) if games is not None else -1
    check("every game played to its end is kept in the games library, one row each (8 games)",
          games is not None and len(games) == 8 and len({g["id"] for g in games}) == 8
          and all(g["result"] != "abandoned" for g in games), why[-1000:] if games is None else str(len(games)))
    check("the library says each game's variant, from the newest: the team game first",
          games is not None and len(games) > 0 and games[0]["variant"] == "team"
          and sum(g["variant"] == "weather" for g in games) == 2,
          str([g["variant"] for g in games or []]))

    # Autosave after every decision; Continue resumes there after a restart.
    os.path.exists(save) and os.remove(save)
    rc, out, err = run(base, ["--variant", "weather", "--players", "human,random", "--quit-after", "15"])
    saved = None
    try:
        with open(save) as f:
            saved = json.load(f)
    except (OSError, ValueError) as e:
        saved = None
        err += str(e)
    check("the game is autosaved as it goes (a .isle JSON file)",
          rc == 0 and saved is not None and saved.get("format") == "critter-isle", err[-2000:])
    position = saved.get("position") if saved else None
    check("the autosave holds every decision made", position is not None and position >= 15, str(position))
    check("no temporary files are left beside the autosave",
          sorted(os.listdir(tmp)).count("autosave.isle") == 1
          and not any(n.startswith("autosave.isle.") or n.startswith(".autosave") for n in os.listdir(tmp)),
          str(os.listdir(tmp)))
    rc, out, err = run(base, ["--continue", "--quit-at-end"], timeout=240)
    check("after a restart, Continue resumes the autosaved game where it was",
          rc == 0 and f"resumed at position {position}" in out, out[-500:] + err[-2000:])
    check("the resumed game is played to its end", rc == 0 and "result:" in out, out[-500:])

    # Killed with SIGKILL in the middle of a game: the autosave is whole (a
    # save is a new file renamed over the old), and Continue resumes at the
    # last decision it holds.
    for name in os.listdir(tmp):
        if name.startswith("autosave.isle"):
            os.remove(os.path.join(tmp, name))
    cmd, env = app_command(base, ["--variant", "weather", "--players", "human,random", "--pause", "40"])
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and (saved_position(save) or 0) < 20:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    killed_at = saved_position(save)
    check("killed with SIGKILL mid-game, the autosave is a whole saved game",
          killed_at is not None and killed_at >= 20, str(killed_at))
    # The backup is made (a link to the autosave) just before the next save
    # is written: a kill between the two leaves it at the autosave's
    # decision, never after it.
    check("its backup, the decision before (or the same one, if killed mid-save), is a whole saved game too",
          saved_position(save + "~") is not None and saved_position(save + "~") <= killed_at,
          f"backup {saved_position(save + '~')}, autosave {killed_at}")
    rc, out, err = run(base, ["--continue", "--quit-after", str((killed_at or 0) + 1)])
    check("after SIGKILL, Continue resumes from the last decision saved",
          rc == 0 and f"resumed at position {killed_at}" in out, out[-500:] + err[-2000:])
    games, why = kept_games(base["XDG_DATA_HOME"])
    # The game Continue played to its end above is one more.
    check("after SIGKILL, the games library opens with every game finished before it, and nothing to say",
          games is not None and len(games) == finished_before + 1 and "library" not in err,
          (why if games is None else str(len(games))) + err[-1000:])

    # A torn autosave with the backup of the decision before: Continue goes
    # back to the backup, says so, and keeps the torn file aside.
    backup_at = saved_position(save + "~")
    with open(save) as f:
        text = f.read()
    with open(save, "w") as f:
        f.write(text[: len(text) // 2])
    rc, out, err = run(base, ["--continue", "--quit-after", str((backup_at or 0) + 1)])
    check("a torn autosave falls back to its backup, one decision earlier",
          rc == 0 and backup_at is not None and f"resumed at position {backup_at}" in out,
          f"backup at {backup_at}\n" + out[-500:] + err[-2000:])
    check("the player is told the game in progress could not be read", "could not be read" in err, err[-2000:])
    try:
        with open(save + ".damaged") as f:
            kept = f.read()
    except OSError:
        kept = None
    check("the torn file is kept aside, not overwritten", kept == text[: len(text) // 2], str(kept)[:200])

    # A damaged autosave: the app starts, says nothing breaks, and keeps the file.
    with open(save, "w") as f:
        f.write('{"format": "critter-isle", "version": 1, "actions": [')
    rc, out, err = run({**base, "CRITTER_ISLE_SCREENSHOT": os.path.join(tmp, "bad.png")})
    check("a damaged autosave does not stop the app from starting", rc == 0, err[-2000:])
    with open(save) as f:
        check("a damaged autosave is left as it was", f.read().endswith('"actions": ['))

finish()
