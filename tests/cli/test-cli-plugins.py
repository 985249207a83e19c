#!/usr/bin/env python3
"""CLI tests of AI plugins: `critter-isle-cli plugins` lists the sample and
refuses the broken test plugins (the crashing one included) with reasons;
`play` and `tournament` take plugin:ID players. Prints TAP.

usage: test-cli-plugins.py CLI PLUGIN_DIR...
"""
import json
import os
import subprocess
import sys
import tempfile

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish, run_tests  # noqa: E402

CLI, DIRS = sys.argv[1], sys.argv[2:]


def run(*args, path=None):
    env = {**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8",
           "CRITTER_ISLE_PLUGIN_PATH": ":".join(DIRS) if path is None else path}
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def test_plugins_list():
    rc, out, err = run("plugins")
    check("plugins: exit 0", rc == 0, err)
    check("plugins lists the sample with its name", "plugin:sample" in out and "Sample Piggy" in out, out)
    for name, reason in [("bad-abi.so", "ABI version 42"), ("bad-crash.so", "crashed"),
                         ("bad-no-abi.so", "isle_ai_plugin_abi_version"),
                         ("bad-no-register.so", "isle_ai_plugin_register"),
                         ("bad-null.so", "NULL"), ("bad-fields.so", "id")]:
        line = next((l for l in out.splitlines() if name in l), "")
        check(f"plugins refuses {name} naming the reason", reason in line, out)
    rc, out, err = run("plugins", "--json")
    obj = json.loads(out)
    check("plugins --json: the sample and 6 refusals",
          [p["id"] for p in obj["plugins"]] == ["plugin:sample"] and len(obj["refused"]) == 6, out)
    check("plugins --json: the search path comes first",
          obj["dirs"][:len(DIRS)] == DIRS and obj["abi_version"] == 1, out)


def test_plugins_none():
    with tempfile.TemporaryDirectory() as tmp:
        rc, out, err = run("plugins", path=tmp)
        check("plugins with an empty folder: exit 0", rc == 0, err)
        rc, out, err = run("play", "--players", "plugin:sample", path=tmp)
        check("play with a missing plugin: exit 2 naming it", rc == 2 and "plugin:sample" in err, err)


def test_play_and_replay():
    for variant in ["basic", "weather", "mercenary", "quick", "team"]:
        players = "plugin:sample,greedy" if variant != "team" else "plugin:sample,greedy,plugin:sample,random"
        rc, out, err = run("play", "--json", "--seed", "5", "--variant", variant, "--players", players)
        check(f"play {variant} with plugin:sample: exit 0", rc == 0, err)
        if rc != 0:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write(out)
        try:
            rc, out2, err = run("play", "--replay", f.name, "--quiet")
            check(f"play {variant} with plugin:sample: the record replays", rc == 0, out2 + err)
        finally:
            os.unlink(f.name)
    rc, out, err = run("play", "--players", "plugin:nobody,greedy")
    check("play with an unknown plugin: exit 2", rc == 2 and "plugin:nobody" in err, err)


def test_tournament():
    rc, out, err = run("tournament", "--players", "plugin:sample,random", "--games", "6",
                       "--threads", "2", "--json")
    check("tournament with plugin:sample: exit 0", rc == 0, err)
    if rc == 0:
        obj = json.loads(out)
        check("tournament with plugin:sample plays every game",
              obj["players"] == ["plugin:sample", "beginner"] and obj["games"] == 6
              and obj["wins"] + obj["draws"] + obj["losses"] == 6, out)


run_tests(globals())

finish()
