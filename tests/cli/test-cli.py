#!/usr/bin/env python3
"""CLI tests: run critter-isle-cli on the files in tests/data/ and check its
output, exit statuses and messages. Prints TAP.

usage: test-cli.py CLI DATA_DIR
"""
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish, run_tests  # noqa: E402

CLI, DATA = sys.argv[1], sys.argv[2]


def run(*args, stdin=None):
    # A guard against a hang, not a measure of speed: a whole game's review
    # in the sanitizer build on a loaded machine takes minutes.
    p = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True,
                       timeout=900, env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
    return p.returncode, p.stdout, p.stderr


def data(*parts):
    return os.path.join(DATA, *parts)


def test_r7_score_json_worked_example():
    rc, out, err = run("score", "--json", data("cli", "r7-worked-example.txt"))
    obj = json.loads(out)
    check("r7_score_json_worked_example exit 0", rc == 0, err)
    check("r7_score_json_worked_example totals (R7 worked example: Red 10, Blue 0)",
          obj["red"] == 10 and obj["blue"] == 0, out)
    check("r7_score_json_worked_example line", obj["lines"] == [{
        "colour": "red", "cells": ["a1", "b1", "c1", "d1"], "length": 4, "base": 5,
        "multiplier": 2, "crow_owner": None, "crow_share": 0, "value": 10}], out)
    check("score --json prints exactly one JSON object", out.count("\n") == 1, out)


def test_r7_3_score_crow():
    rc, out, err = run("score", "--json", data("cli", "crow-line.txt"))
    obj = json.loads(out)
    lines = {tuple(l["cells"]): l for l in obj["lines"]}
    row2 = lines.get(("a2", "b2", "c2", "d2", "e2"))
    cola = lines.get(("a2", "a3", "a4"))
    check("r7_3_crow row line: Blue's Crow takes half of 8",
          row2 is not None and row2["crow_owner"] == "blue" and row2["crow_share"] == 4
          and row2["value"] == 8, out)
    check("r7_3_crow column line with a Pig: 3 x 2 = 6, Crow takes 3",
          cola is not None and cola["multiplier"] == 2 and cola["value"] == 6
          and cola["crow_share"] == 3, out)
    check("r7_4_totals with Crow shares (Red 7, Blue 19)",
          obj["red"] == 7 and obj["blue"] == 19, out)


def test_score_text_and_stdin():
    with open(data("cli", "r7-worked-example.txt")) as f:
        board = f.read()
    rc, out, err = run("score", "-", stdin=board)
    check("score from standard input, text output", rc == 0 and "Red 10, Blue 0" in out, out + err)
    check("score text names the line", "a1–b1–c1–d1" in out and "5 × 2 = 10" in out, out)


def test_score_bad_input():
    for name, needles in [("five-rows.txt", ["row 6", "6 rows"]),
                          ("unknown-kind.txt", ["row 3", "c3", "unknown kind", "X"]),
                          ("bad-owner.txt", ["row 4", "d4", "owner", "expected"])]:
        rc, out, err = run("score", "--json", data("cli", name))
        check(f"score {name}: exit status 2", rc == 2, f"rc={rc}")
        check(f"score {name}: message names the file, the place and what was expected",
              name in err and all(n in err for n in needles), err)
        check(f"score {name}: nothing on stdout", out == "", out)
    rc, out, err = run("score", data("cli", "no-such-file.txt"))
    check("score of a missing file: exit 2 with a message", rc == 2 and "no-such-file.txt" in err, err)
    rc, out, err = run("score", "--rules", data("cli", "bad-rules.json"), data("cli", "r7-worked-example.txt"))
    check("score --rules with a bad rules file: exit 2 naming the file", rc == 2 and "bad-rules.json" in err, err)
    rc, out, err = run("score", "--bogus")
    check("score with an unknown option: exit 2", rc == 2, err)
    rc, out, err = run("frobnicate")
    check("unknown command: exit 2", rc == 2 and "frobnicate" in err, err)


def test_score_rules_option():
    with tempfile.TemporaryDirectory() as tmp:
        rc, out, err = run("play", "--json", "--seed", "1", "--variant", "basic")
        rules = json.loads(out)["rules"]
        rules["line_score"]["4"] = 100
        path = os.path.join(tmp, "rules.json")
        with open(path, "w") as f:
            json.dump(rules, f)
        rc, out, err = run("score", "--json", "--rules", path, data("cli", "r7-worked-example.txt"))
        check("score --rules uses the file's table (R7.1 from rules data)",
              rc == 0 and json.loads(out)["red"] == 200, out + err)


def test_play_deterministic():
    a = run("play", "--seed", "7")
    b = run("play", "--seed", "7")
    check("play --seed 7 twice prints the same game", a == b and a[0] == 0 and a[1], a[2])
    c = run("play", "--seed", "8")
    check("another seed plays another game", c[1] != a[1])
    check("play prints decisions and round scores",
          "keep " in a[1] and "place r" in a[1] and "Round 2 score:" in a[1] and "Total:" in a[1], a[1][:500])
    d = run("play", "--variant", "basic", "--seed", "7", "--opening-hand", "deal")
    check("play --variant basic --opening-hand deal", d[0] == 0 and "pick" not in d[1] and "keep" not in d[1], d[2])


def test_play_json_replay():
    with tempfile.TemporaryDirectory() as tmp:
        for variant, rounds in (("basic", 2), ("weather", 2), ("mercenary", 4), ("quick", 2), ("team", 4)):
            rc, out, err = run("play", "--json", "--variant", variant, "--seed", "42", "--fog-lift", "next")
            record = json.loads(out)
            check(f"play --json {variant}: a record of {rounds} rounds or more (R9.4 extra rounds)",
                  rc == 0 and record["format"] == "critter-isle-game-record"
                  and len(record["rounds"]) >= rounds and record["actions"], err)
            path = os.path.join(tmp, variant + ".json")
            with open(path, "w") as f:
                f.write(out)
            rc, rout, rerr = run("play", "--replay", path, "--quiet")
            check(f"play --replay {variant}: reproduces the result", rc == 0 and "reproduced" in rout, rout + rerr)
            # A tampered record is caught.
            record["total"]["red"] += 1
            with open(path, "w") as f:
                json.dump(record, f)
            rc, rout, rerr = run("play", "--replay", path, "--quiet")
            check(f"play --replay {variant}: a wrong result is reported", rc == 1 and "result" in rerr, rerr)
            record["actions"][5] = "place rX z9"
            with open(path, "w") as f:
                json.dump(record, f)
            rc, rout, rerr = run("play", "--replay", path, "--quiet")
            check(f"play --replay {variant}: an illegal action names its index", rc == 1 and "actions[5]" in rerr, rerr)
        with open(os.path.join(tmp, "junk.json"), "w") as f:
            f.write("{ not json")
        rc, rout, rerr = run("play", "--replay", os.path.join(tmp, "junk.json"))
        check("play --replay of junk: exit 2 naming the file", rc == 2 and "junk.json" in rerr, rerr)


def test_analyse():
    """analyse (issue 29): a record of `play --json` and a saved game,
    every decision judged once, by its seat; --seat keeps one seat's; the
    same seed the same review; bad options exit 2."""
    labels = {"only", "best", "good", "inaccuracy", "mistake", "blunder"}
    with tempfile.TemporaryDirectory() as tmp:
        rc, out, err = run("play", "--json", "--variant", "quick", "--seed", "5", "--players", "medium,beginner")
        record = json.loads(out)
        path = os.path.join(tmp, "quick.json")
        with open(path, "w") as f:
            f.write(out)
        rc, out, err = run("analyse", "--depth", "fast", "--json", "--seed", "3", path)
        check("analyse --json of a record: exit 0", rc == 0, err)
        review = json.loads(out) if rc == 0 else {"decisions": [], "seats": []}
        decisions = review["decisions"]
        check("analyse: every decision of the record once, in order",
              [d["index"] for d in decisions] == list(range(len(record["actions"]))), len(decisions))
        check("analyse: each decision's action is the record's",
              [d["action"] for d in decisions] == record["actions"])
        check("analyse: labels from best to blunder, chances 0 to 1, the best action named",
              all(d["label"] in labels for d in decisions)
              and all(0 <= d["before"] <= 1 and 0 <= d["after"] <= 1 and d["best"]
                      for d in decisions if d["label"] != "only"),
              decisions[:3])
        check("analyse: a decision with one legal action is not judged",
              all((d["label"] == "only") == (d["legal"] == 1) for d in decisions))
        # Judge 4: the points each gave away; from 0.8 a mistake at least
        # (doc/ai.md, "Game review"); the best gives none.
        check("analyse: the points given away, from 0.8 a mistake or a blunder",
              all(isinstance(d["points"], (int, float)) for d in decisions if d["label"] != "only")
              and all(d["label"] in ("mistake", "blunder") for d in decisions
                      if d["label"] != "only" and d["points"] >= 0.8)
              and all(d["points"] == 0 for d in decisions if d["label"] != "only" and d["best"] == d["action"]),
              [d for d in decisions if d.get("points", 0) >= 0.8][:2])
        check("analyse: a tally and an accuracy for red and blue",
              [s["seat"] for s in review["seats"]] == ["red", "blue"]
              and all(0 <= s["accuracy"] <= 100 for s in review["seats"]), review["seats"])
        again = run("analyse", "--depth", "fast", "--json", "--seed", "3", path)
        check("analyse: the same seed, the same review", again[1] == out)
        rc, out, err = run("analyse", "--depth", "fast", "--seat", "blue", path)
        lines = out.splitlines()
        decided = [l for l in lines if re.match(r"^[0-9]+\. ", l)]
        check("analyse --seat blue: blue's decisions and blue's tally only",
              rc == 0 and decided and all(", blue: " in l for l in decided)
              and lines[-1].startswith("blue: accuracy") and not any(l.startswith("red: ") for l in lines),
              out[-400:] + err)
        reasons = [l for l in lines if l.startswith("   ")]
        # The chance lowered, or kept where points alone made the mistake.
        check("analyse: a reason under each inaccuracy, mistake and blunder, ending with the chance lost or kept",
              len(reasons) == len([l for l in decided if re.search(r" — (inaccuracy|mistake|blunder) ", l)])
              and all(re.search(r"chance to win (from [0-9]+% to|stayed at) [0-9]+%\.$", l) for l in reasons),
              [l for l in reasons if not re.search(r"chance to win (from [0-9]+% to|stayed at) [0-9]+%\.$", l)][:3])
        rc, out, err = run("analyse", "--depth", "fast", data("saved", "good-weather.isle"))
        check("analyse of a saved game: exit 0, decisions and tallies",
              rc == 0 and "1. Round 1, " in out and "red: accuracy" in out and "blue: accuracy" in out, err)
        for argv, what in ((["--depth", "slow", path], "--depth"), (["--seat", "green", path], "--seat"),
                           ([path, path], "one game file")):
            rc, out, err = run("analyse", *argv)
            check(f"analyse with a bad {what}: exit 2 saying what was expected",
                  rc == 2 and "expected" in err and out == "", err)


def test_analyse_stored():
    """analyse (issue 29): a saved game that keeps an analysis at the depth
    and seed asked for is not searched again: its judgements are printed as
    the file has them (decision 0's made up as a blunder); another seed
    searches; a malformed analysis is said on standard error, named by its
    field, and the game is searched (doc/scenario-format.md, "analysis")."""
    path = data("saved", "weather-analysed.isle")
    with open(path) as f:
        stored = json.load(f)["analysis"]["decisions"]
    rc, out, err = run("analyse", "--depth", "fast", "--seed", "1", "--json", path)
    decisions = json.loads(out)["decisions"] if rc == 0 else []
    check("analyse of a stored analysis: exit 0, every decision of the file", rc == 0 and len(decisions) == 14, err)
    check("analyse of a stored analysis: its judgements as the file has them",
          [(d["index"], d["action"], d["label"], d.get("before"), d.get("after"), d.get("best")) for d in decisions]
          == [(s["index"], s["action"], s["label"], s.get("before"), s.get("after"), s.get("best")) for s in stored]
          and decisions and decisions[0]["label"] == "blunder" and decisions[0]["before"] == 0.9876,
          decisions[:1])
    rc, out, err = run("analyse", "--depth", "fast", "--seed", "2", "--json", path)
    decisions = json.loads(out)["decisions"] if rc == 0 else []
    check("analyse at another seed: searched, not the file's",
          rc == 0 and len(decisions) == 14 and decisions[0].get("before") != 0.9876, decisions[:1])
    with tempfile.TemporaryDirectory() as tmp:
        def analyse_changed(name, old, new):
            """analyse of the file with OLD replaced by NEW once, as NAME."""
            with open(path) as f:
                text = f.read()
            changed = os.path.join(tmp, name)
            with open(changed, "w") as f:
                f.write(text.replace(old, new, 1))
            rc, out, err = run("analyse", "--depth", "fast", "--seed", "1", "--json", changed)
            return old in text, rc, err, json.loads(out)["decisions"] if rc == 0 else []

        # Judged by the judge before there were others (no "judge"): kept
        # in the file, but judged again.
        replaced, rc, err, decisions = analyse_changed("old.isle", '"judge": 4,', '')
        check("analyse of another judge's analysis: searched again, not the file's",
              replaced and rc == 0 and len(decisions) == 14
              and decisions[0].get("before") != 0.9876, decisions[:1])
        replaced, rc, err, decisions = analyse_changed("bad.isle", '"before": 0.9876', '"before": 1.9876')
        check("analyse of a malformed analysis: exit 0, the field named on stderr, searched again",
              rc == 0 and "bad.isle: analysis.decisions[0].before: expected a number from 0 to 1" in err
              and len(decisions) == 14 and decisions[0].get("before") != 1.9876, err)


def test_play_every_variant():
    for variant in ("mercenary", "quick", "team"):
        a = run("play", "--variant", variant, "--seed", "11")
        b = run("play", "--variant", variant, "--seed", "11")
        check(f"play --variant {variant}: the same seed prints the same game", a == b and a[0] == 0, a[2])
        check(f"play --variant {variant}: hiring is secret until revealed (R9.3, R12)",
              "hires in secret" in a[1] and "hire " not in a[1] and "Red hires:" in a[1], a[1][:800])
        check(f"play --variant {variant}: coins and the winner are printed (R9.4)",
              "Coins: Red" in a[1] and ("wins" in a[1] or "a draw" in a[1]), a[1][-400:])
    team = run("play", "--variant", "team", "--seed", "3")[1]
    check("play --variant team: four seats in turn order R1 B1 R2 B2 (R11)",
          all(name in team for name in ("red1", "blue1", "red2", "blue2")), team[:400])


def test_bench():
    rc, out, err = run("bench", "--playouts", "300", "--json")
    obj = json.loads(out) if rc == 0 else {}
    names = [v["variant"] for v in obj.get("variants", [])]
    check("bench --json: every variant with playouts per second and a checksum",
          names == ["basic", "weather", "mercenary", "quick", "team"]
          and all(v["playouts"] == 300 and v["playouts_per_second"] > 0 and len(v["checksum"]) == 16
                  for v in obj["variants"]), out + err)
    rc2, out2, err2 = run("bench", "--playouts", "300", "--json")
    sums = lambda o: [v["checksum"] for v in json.loads(o)["variants"]]
    check("bench: the same seed and count give the same checksums", rc2 == 0 and sums(out) == sums(out2), err2)
    rc3, out3, err3 = run("bench", "--playouts", "300", "--json", "--seed", "2")
    check("bench: another seed gives other checksums", rc3 == 0 and sums(out3) != sums(out), err3)
    rc, out, err = run("bench", "--variant", "chess")
    check("bench --variant chess: exit 2", rc == 2 and "chess" in err, err)
    rc, out, err = run("bench", "--cancel", "--json")
    obj = json.loads(out).get("cancel", {}) if rc == 0 else {}
    check("bench --cancel --json: how soon a cancelled expert search answers, over 20 searches",
          obj.get("player") == "expert" and obj.get("trials") == 20
          and 0 <= obj.get("median_ms", -1) <= obj.get("max_ms", -1), out + err)


def test_bench_review():
    """bench --review: a tiny run of each mode, its report's shape (the
    figures of a real run are in doc/ai.md)."""
    fast = ["--games", "2", "--player", "medium@n50", "--depth", "fast", "--own", "3"]
    rc, out, err = run("bench", "--review", "planted", *fast, "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("bench --review planted --json: 2 games, both planted, their labels counted",
          obj.get("review") == "planted" and obj.get("player") == "medium@n50" and obj.get("games") == 2
          and obj.get("failed") == 0 and obj.get("planted") == 2 and len(obj.get("planted_moves", [])) == 2
          and sum(obj["planted_labels"].values()) == 2 and obj["planted_labels"]["only"] == 0
          and 0 <= obj["planted_mistakes"] <= 2, out + err)
    check("bench --review planted: each plant worse than the best placement by the rules of thumb",
          all(m.get("gap", 0) > 0 for m in obj.get("planted_moves", [])) and obj.get("planted_moves"), out)
    check("bench --review planted: at most --own of the players' own decisions a game, each judged",
          0 < obj.get("own", 0) <= 6 and sum(obj["own_labels"].values()) == obj["own"]
          and all(0 <= m["after"] <= m["before"] + 1e-9 or m["label"] == "best" for m in obj["own_moves"]),
          out)
    rc2, out2, err2 = run("bench", "--review", "planted", *fast, "--json")
    same = lambda o: {k: v for k, v in json.loads(o).items() if k != "seconds"}
    check("bench --review planted: the same seed, the same figures at a simulation budget",
          rc2 == 0 and same(out2) == same(out), err2)
    rc, out, err = run("bench", "--review", "stability", *fast, "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("bench --review stability --json: the decisions compared and those with the same label",
          obj.get("review") == "stability" and 0 < obj.get("compared", 0) <= 6
          and 0 <= obj["same"] <= obj["compared"], out + err)
    rc, out, err = run("bench", "--review", "calibration", *fast)
    check("bench --review calibration: the error over the positions and ten bins of the table",
          rc == 0 and re.search(r"Expected calibration error over 6 positions: 0\.\d{3}", out)
          and len(re.findall(r"^ *\d\.\d – \d\.\d +\d+ ", out, re.M)) == 10, out + err)
    # Ctrl+C: the figures of the games finished (perhaps none), exit 130.
    p = subprocess.Popen([CLI, "bench", "--review", "calibration", "--games", "100000", "--player", "medium@n50",
                          "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
    try:
        p.wait(timeout=1)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    obj = json.loads(out) if out.strip() else {}
    check("bench --review interrupted: exit 130, the figures of the games finished",
          p.returncode == 130 and obj.get("interrupted") is True and obj.get("positions") == 3 * obj.get("games", -1)
          and f"interrupted after {obj['games']} of 100000 games" in err, f"{p.returncode} {out[-300:]} {err[-300:]}")
    for bad in (["--review", "sideways"], ["--review", "planted", "--player", "easy"],
                ["--review", "planted", "--depth", "abyssal"], ["--review", "planted", "--games", "0"]):
        rc, out, err = run("bench", *bad)
        check(f"bench {' '.join(bad)}: exit 2 saying what was expected", rc == 2 and "expected" in err, err)


def test_play_bad_options():
    for args in (["--variant", "chess"], ["--players", "random,deep-blue"], ["--first", "green"],
                 ["--opening-hand", "maybe"], ["--fog-lift", "never"]):
        rc, out, err = run("play", *args)
        check(f"play {' '.join(args)}: exit 2 with a message", rc == 2 and err.strip(), err)
    rc, out, err = run("play", "--players", "easy,deep-blue")
    check("play with an unknown player: the message names it and lists the levels",
          rc == 2 and "“deep-blue”" in err and "beginner, easy, medium, hard, expert" in err, err)
    rc, out, err = run("play", "--players", "human,easy")
    check("play with a human: exit 2, computer players only", rc == 2 and "“human”" in err, err)


def test_old_level_ids():
    """The levels' old ids are read as the level each always was, forever
    (outside tools call the CLI with them); what is printed is the new id.
    Note the trap: old ismcts:easy is Medium, not Easy."""
    levels = (("random", "beginner"), ("greedy", "easy"), ("ismcts:easy", "medium"),
              ("ismcts:medium", "hard"), ("ismcts:hard", "expert"))
    for old, new in levels[:4]:
        a = run("play", "--players", f"{old},{old}", "--variant", "basic", "--seed", "11", "--json")
        b = run("play", "--players", f"{new},{new}", "--variant", "basic", "--seed", "11", "--json")
        ra, rb = (json.loads(x[1]) if x[0] == 0 else {} for x in (a, b))
        check(f"play --players {old}: the same game as {new}, recorded as {new}",
              ra and ra.get("actions") == rb.get("actions") and ra.get("players") == f"{new},{new}"
              and rb.get("players") == f"{new},{new}", a[2] + b[2])
    rc, out, err = run("tournament", "--players", "ismcts:easy,greedy", "--games", "2",
                       "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --json: old ids printed as the new ids (ismcts:easy is medium)",
          obj.get("players") == ["medium", "easy"], out + err)
    rc, out, err = run("tournament", "--players", "ismcts:medium,random", "--games", "2",
                       "--variant", "basic")
    check("tournament table: old ids printed as the new ids",
          rc == 0 and out.startswith("hard against beginner,") and "ismcts" not in out
          and "Think time of hard:" in out, out + err)


def test_budgets():
    """A searching level with a thinking budget after "@" (isle-player-spec.h)."""
    rc, out, err = run("tournament", "--players", "hard@n50,hard@n50", "--games", "2",
                       "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --players hard@n50,hard@n50 --games 2: both games played, named so",
          obj.get("games") == 2 and obj.get("players") == ["hard@n50", "hard@n50"], out + err)
    rc, out, err = run("tournament", "--players", "ismcts:hard@0.05s,ismcts:medium@n1500",
                       "--games", "1", "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament: old ids with budgets printed canonical (expert@0.05s; hard's own budget: hard)",
          obj.get("players") == ["expert@0.05s", "hard"], out + err)
    # Expert's own 0.9 s would take 900 ms a move. The median, not the
    # longest: on a loaded machine (the CI runs three builds' tests side by
    # side) one move may wait its turn at the processor for long.
    check("tournament: expert@0.05s thinks a twentieth of a second a move, not Expert's 0.9 s",
          obj and obj["think"][0]["median_ms"] < 450, out)
    # Counted searches play the same game from the same seed: the budget is
    # what changes what is searched.
    games = {}
    for players in ("hard,hard", "hard@n1500,hard@n1500", "hard@n20,hard@n20",
                    "hard@0.01s,hard@n20"):
        rc, out, err = run("play", "--players", players, "--variant", "basic", "--seed", "11",
                           "--json")
        games[players] = json.loads(out) if rc == 0 else {}
        check(f"play --players {players}: exit 0", rc == 0, err)
    check("play: hard@n1500 is hard (its own budget), the same game, recorded as hard",
          games["hard,hard"].get("actions") == games["hard@n1500,hard@n1500"].get("actions")
          and games["hard@n1500,hard@n1500"].get("players") == "hard,hard", str(games))
    check("play: hard@n20 searches 20 simulations a move, so it plays another game than hard",
          games["hard@n20,hard@n20"].get("actions") != games["hard,hard"].get("actions")
          and games["hard@n20,hard@n20"].get("players") == "hard@n20,hard@n20", str(games))
    for bad, says in (("easy@2s", "a thinking budget is for medium, hard, expert"),
                      ("easy@care2", "from 0 to 1 (“@noise2+care0.3”)"),
                      ("expert@61s", "up to 60"), ("hard@n0", "from 1 to 10000000")):
        rc, out, err = run("tournament", "--players", f"{bad},easy", "--games", "1")
        check(f"tournament --players {bad}: exit 2 naming the text and what was expected",
              rc == 2 and f"“{bad}”" in err and says in err, err)
    rc, out, err = run("tournament", "--players", "beginner@care0.75,beginner", "--games", "40", "--json")
    check("tournament: beginner@care0.75, who blocks with care, beats beginner more often than not",
          rc == 0 and json.loads(out)["players"][0] == "beginner@care0.75"
          and json.loads(out)["wins"] > json.loads(out)["losses"], out + err)
    rc, out, err = run("engine", "--player", "hard@n50", stdin="critter-isle-engine 1\nquit\n")
    check("engine --player hard@n50: a level with a budget answers as its level",
          rc == 0 and out.splitlines() == ["ready 1 name Critter Isle hard"], out + err)


def test_boards_with_expectations():
    """Every tests/data/boards/NAME.txt is scored and compared with
    NAME.expected.json: totals and lines (order-insensitive), or the parse
    error's place and words."""
    folder = data("boards")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(folder, name[:-4] + ".expected.json")) as f:
            want = json.load(f)
        rc, out, err = run("score", "--json", os.path.join(folder, name))
        if "parse_error" in want:
            e = want["parse_error"]
            check(f"boards/{name}: refused with exit 2", rc == 2 and out == "", f"rc={rc}")
            check(f"boards/{name}: message names the place and what was expected",
                  all(w in err for w in e["message_contains"]), err)
            continue
        got = json.loads(out) if rc == 0 else {}
        key = lambda l: json.dumps(l, sort_keys=True)
        check(f"boards/{name}: totals and lines as expected",
              rc == 0 and got.get("red") == want["red"] and got.get("blue") == want["blue"]
              and sorted(map(key, got.get("lines", []))) == sorted(map(key, want["lines"])),
              out + err)


def test_validate():
    rc, out, err = run("validate", data("cli", "r7-worked-example.txt"))
    check("validate a good board: exit 0", rc == 0 and "valid board" in out, out + err)
    rc, out, err = run("validate", data("cli", "ten-wolves.txt"))
    check("validate R1: ten Wolves are one too many", rc == 1 and "10 Wolf" in err and "9" in err, err)
    rc, out, err = run("validate", data("cli", "unknown-kind.txt"))
    check("validate a malformed board: exit 1 naming row and column", rc == 1 and "row 3" in err, err)
    rc, out, err = run("validate", data("cli", "bad-rules.json"))
    check("validate a bad rules file: exit 1 naming the field", rc == 1 and "bad-rules.json" in err, err)
    rc, out, err = run("validate", data("cli", "missing.txt"))
    check("validate a missing file: exit 2", rc == 2, err)


def engines(name):
    return os.path.join(DATA, "engines", name)


def test_engine_protocol_session():
    """doc/engine-protocol.md: handshake, rules, observation, go, ping, quit."""
    rules = open(data("..", "..", "data", "rules", "standard.json")).read()
    rules_line = " ".join(rules.split())
    session = (
        "critter-isle-engine 1\n"
        f"rules {rules_line}\n"
        "observation\n"
        "variant basic\nseats 2\nobserver 0\nphase hand\nto-move 0\nround 1 2\n"
        + "".join(f"row {r} . . . . . .\n" for r in range(1, 7))
        + "hand\nhand-size 0 0\npile-size 18 18\n"
        "unseen 0 W 9 P 2 R 4 B 3\nunseen 1 W 9 P 2 R 4 B 3\nend\n"
        "go 200\nping 7\nquit\n")
    rc, out, err = run("engine", "--player", "easy", stdin=session)
    lines = out.splitlines()
    check("engine: ready, ok, action, pong, exit 0",
          rc == 0 and len(lines) == 4 and lines[0] == "ready 1 name Critter Isle easy"
          and lines[1] == "ok" and lines[2].startswith("action pick r") and lines[3] == "pong 7",
          out + err)
    # Outside tools name the levels by their old ids: each is the level it
    # always was, and answers with the level's id.
    for old, new in (("random", "beginner"), ("greedy", "easy"), ("ismcts:easy", "medium"),
                     ("ismcts:medium", "hard"), ("ismcts:hard", "expert")):
        rc, out2, err = run("engine", "--player", old, stdin="critter-isle-engine 1\nquit\n")
        check(f"engine --player {old}: the old id plays as {new}",
              rc == 0 and out2.splitlines() == [f"ready 1 name Critter Isle {new}"], out2 + err)
    rc, out2, err = run("engine", "--player", "human")
    check("engine --player human: exit 2, a built-in level is expected",
          rc == 2 and "human" in err and "beginner, easy, medium, hard, expert" in err, err)


def test_engine_legal_and_analyse():
    """doc/engine-protocol.md: `legal` lists every legal action on one line
    (a pick of each kind in the pile, R4.2); `analyse <ms>` answers a value
    and visits for each of them, with `info` lines while it thinks; a level
    that does not search says it cannot; neither answers without an
    observation."""
    rules = open(data("..", "..", "data", "rules", "standard.json")).read()
    rules_line = " ".join(rules.split())
    observation = (
        "observation\n"
        "variant basic\nseats 2\nobserver 0\nphase hand\nto-move 0\nround 1 2\n"
        + "".join(f"row {r} . . . . . .\n" for r in range(1, 7))
        + "hand\nhand-size 0 0\npile-size 18 18\n"
        "unseen 0 W 9 P 2 R 4 B 3\nunseen 1 W 9 P 2 R 4 B 3\nend\n")
    session = ("critter-isle-engine 1\n" f"rules {rules_line}\n" "legal\nanalyse 100\n"
               + observation + "legal\nanalyse 1200\nping 3\nquit\n")
    rc, out, err = run("engine", "--player", "medium", stdin=session)
    lines = [l for l in out.splitlines() if not l.startswith("info ")]
    infos = [l for l in out.splitlines() if l.startswith("info ")]
    check("engine: legal and analyse before an observation answer an error",
          len(lines) >= 4 and lines[2] == "error legal: no valid observation"
          and lines[3] == "error analyse: no valid observation", out + err)
    legal = lines[4][len("legal "):].split(", ") if len(lines) > 4 and lines[4].startswith("legal ") else []
    check("engine legal: a pick of each kind in the pile, on one line",
          sorted(legal) == sorted(f"pick r{k}" for k in "WPRB"), lines[4:5])
    values = lines[5].split("; ") if len(lines) > 5 and lines[5].startswith("values ") else []
    check("engine analyse: the position's value and each legal action's value and visits",
          values and 0 <= float(values[0].split()[1]) <= 1
          and sorted(" ".join(v.split()[:-2]) for v in values[1:]) == sorted(legal)
          and all(v.split()[-2] == "-" or 0 <= float(v.split()[-2]) <= 1 for v in values[1:])
          and sum(int(v.split()[-1]) for v in values[1:]) > 0, lines[5:6])
    check("engine analyse: info lines while it thinks", len(infos) >= 1 and "simulations" in infos[0], infos)
    counts = [int(l.split()[2]) for l in infos if re.fullmatch(r"info analysing: \d+ simulations", l)]
    check("engine analyse: the info lines count the simulations run, from 0, never more than the"
          " visits answered",
          len(counts) == len(infos) and counts[0] == 0 and counts == sorted(counts)
          and counts[-1] <= sum(int(v.split()[-1]) for v in values[1:]), infos + lines[5:6])
    check("engine analyse: then pong, in step", lines[-1] == "pong 3", lines[-2:])
    rc, out, err = run("engine", "--player", "easy",
                       stdin="critter-isle-engine 1\n" + observation + "analyse 100\nlegal\nquit\n")
    lines = out.splitlines()
    check("engine analyse with a level that does not search: an error, then legal still answers",
          len(lines) == 3 and lines[1].startswith("error analyse: ") and lines[2].startswith("legal pick r"),
          out + err)


def test_engine_bad_input():
    """The engine answers bad input with `error` and reads on; never crashes."""
    junk = ("hello\n"
            "critter-isle-engine 2\n"
            "critter-isle-engine 1\n"
            "go 100\n"
            "go banana\n"
            "rules {not json\n"
            "observation\nvariant chess\nend\n"
            "observation\nseats 99999999999999999999\nrow 1 x\nend\n"
            + "a" * 70000 + "\n"
            "\xff\xfe\n"
            "observation\nvariant basic\nseats 2\nobserver 0\nphase place\nto-move 0\n"
            "round 1 2\n" + "".join(f"row {r} rW rW rW rW rW rW\n" for r in range(1, 7))
            + "hand rH\nhand-size 1 5\npile-size 0 0\nunseen 0\nunseen 1 W 5\nend\n"
            "go 100\n"
            "ping after-junk\n")
    p = subprocess.run([CLI, "engine", "--player", "random"], input=junk.encode("utf-8", "surrogateescape")
                       .replace(b"\xc3\xbf\xc3\xbe", b"\xff\xfe"),
                       capture_output=True, timeout=60, env={**os.environ, "LC_ALL": "C.UTF-8"})
    lines = p.stdout.decode("utf-8").splitlines()
    errors = [l for l in lines if l.startswith("error ")]
    check("engine: every bad line gets an error, then it goes on",
          p.returncode == 0 and lines[-1] == "pong after-junk" and len(errors) >= 9
          and not any(l.startswith("action") for l in lines),
          p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace"))


def test_play_with_engine():
    rc, out, err = run("play", "--players", f"engine:{CLI} engine --player greedy,greedy",
                       "--seed", "5", "--variant", "mercenary")
    check("play: engine:PATH plays a whole game", rc == 0 and ("wins" in out or "draw" in out.lower()),
          out[-500:] + err)
    check("play: a good engine makes no complaint", err == "", err)


def test_play_engine_fault_easy_takes_over():
    rc, out, err = run("play", "--players", f"engine:{engines('garbage.sh')},random",
                       "--seed", "6", "--variant", "basic")
    check("play: a faulty engine is named and the easy level takes over",
          rc == 0 and "garbage" in err and "the easy player takes over" in err and "Total:" in out,
          out[-300:] + err)
    rc, out, err = run("play", "--players", "engine:/nonexistent/engine,random")
    check("play: a missing engine program is bad input", rc == 2 and "/nonexistent/engine" in err, err)
    # An engine run by an interpreter is named by its script, not `python3`.
    script = engines("fixed-action.py")
    rc, out, err = run("play", "--players", f"engine:python3 {script} 'hire F',random",
                       "--seed", "6", "--variant", "basic")
    check("play: a faulty script engine is named by its script, not its interpreter",
          rc == 0 and "engine \u201cfixed\u201d (fixed-action.py): chose" in err
          and f"the easy player takes over for {script}\n" in err and "python3\n" not in err,
          err)


def test_tournament_with_engine():
    rc, out, err = run("tournament", "--players", f"engine:{CLI} engine --player greedy,greedy",
                       "--games", "2", "--variant", "basic", "--json")
    check("tournament: engine:PATH plays", rc == 0 and json.loads(out)["games"] == 2 and err == "",
          out + err)
    rc, out, err = run("tournament", "--players", f"engine:{engines('illegal.sh')},random",
                       "--games", "2", "--variant", "basic")
    check("tournament: an illegal engine is named, the easy level takes over, games finish",
          rc == 0 and "illegal" in err and "the easy player takes over" in err, out + err)
    rc, out, err = run("tournament", "--players", "greedy,random", "--games", "3",
                       "--variant", "basic", "--json", "--progress")
    lines = err.splitlines()
    check("tournament --progress: one line per game on stderr, the last with the totals",
          rc == 0 and len(lines) == 3 and lines[-1].startswith("3 of 3 games: ")
          and f"{json.loads(out)['wins']} won" in lines[-1], out + err)

    # Ctrl+C: the games finished are the results, printed; the one under way
    # counts for nothing.
    p = subprocess.Popen([CLI, "tournament", "--players", "greedy,random", "--games", "1000000",
                          "--variant", "basic", "--json", "--progress"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
    first = p.stderr.readline()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    obj = json.loads(out) if out.strip() else {}
    check("tournament interrupted: exit 130, the finished games printed",
          p.returncode == 130 and first.startswith("1 of 1000000 games")
          and obj.get("games_planned") == 1000000 and obj.get("games", 0) >= 1
          and obj["games"] == obj["wins"] + obj["draws"] + obj["losses"]
          and f"interrupted after {obj['games']} of 1000000 games" in err,
          f"{p.returncode} {out} {err[-300:]}")


def sprt_llr(w, d, l, elo0, elo1):
    """The trinomial GSPRT's generalized likelihood ratio: for each
    hypothesis the most likely chances of a win, a draw and a loss with its
    expected score s (s − t/2, t, 1 − s − t/2), found here by a ternary
    search over t (the C code solves for the slope's zero instead)."""
    def loglik(t, s):
        return sum(n * math.log(p) for n, p in ((w, s - t / 2), (d, t), (l, 1 - s - t / 2)) if n > 0)

    def best(s):
        lo, hi = 0.0, 2 * min(s, 1 - s)
        if d == 0:
            return loglik(0.0, s)
        for _ in range(300):
            a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if loglik(a, s) < loglik(b, s):
                lo = a
            else:
                hi = b
        return loglik((lo + hi) / 2, s)

    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return best(s1) - best(s0)


def test_tournament_sprt():
    # easy wins nearly every game against beginner: H1 (A at least 10 Elo
    # stronger) is accepted long before the 200 games, after a whole pair.
    rc, out, err = run("tournament", "--players", "easy,beginner", "--games", "200",
                       "--sprt", "elo0=0,elo1=10,alpha=0.05,beta=0.05", "--json", "--progress")
    obj = json.loads(out) if rc == 0 else {}
    sprt = obj.get("sprt", {})
    n = obj.get("games", 0)
    check("tournament --sprt: H1 accepted, stopped early after a whole pair, exit 0",
          rc == 0 and sprt.get("result") == "H1" and n < 200 and n % 2 == 0
          and obj.get("games_planned") == 200 and "interrupted" not in err, out + err)
    check("tournament --sprt: the LLR is the trinomial GSPRT's for the W-D-L and beyond the bound",
          sprt and abs(sprt["llr"] - sprt_llr(obj["wins"], obj["draws"], obj["losses"], 0, 10)) < 1e-7
          and abs(sprt["upper_bound"] - 2.944439) < 1e-6 and abs(sprt["lower_bound"] + 2.944439) < 1e-6
          and sprt["llr"] >= sprt["upper_bound"], out)
    llrs = [float(m.group(1)) for m in re.finditer(r"LLR (-?[0-9.]+) \(-2\.94, 2\.94\)", err)]
    check("tournament --sprt --progress: the LLR after each game, below the bound before the last pair",
          len(llrs) == n and all(x < 2.944439 for x in llrs[:-2]), err)

    rc, out, err = run("tournament", "--players", "beginner,easy", "--games", "200",
                       "--sprt", "elo1=10,elo0=0", "--variant", "basic", "--threads", "2")
    check("tournament --sprt, the weaker player as A: H0 accepted, with W-L-D and Elo",
          rc == 0 and "\nLLR -" in out and "H0 accepted (elo ≤ 0)" in out
          and "SPRT: elo0 0, elo1 10, alpha 0.05, beta 0.05; LLR bounds -2.94 and 2.94" in out
          and re.search(r"beginner: [0-9]+ wins, [0-9]+ draws, [0-9]+ losses", out)
          and "Elo difference:" in out, out + err)

    rc, out, err = run("tournament", "--players", "easy,easy", "--games", "4",
                       "--sprt", "elo0=-5,elo1=5", "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --sprt: --games reached first is inconclusive, all games played, exit 0",
          rc == 0 and obj.get("games") == 4 and obj["sprt"]["result"] == "inconclusive"
          and abs(obj["sprt"]["llr"] - sprt_llr(obj["wins"], obj["draws"], obj["losses"], -5, 5)) < 1e-7,
          out + err)
    rc, out, err = run("tournament", "--players", "easy,easy", "--games", "4",
                       "--sprt", "elo0=-5,elo1=5", "--variant", "basic")
    check("tournament --sprt: inconclusive in the table", rc == 0 and "inconclusive after 4 games" in out,
          out + err)
    for bad in ["elo0=10,elo1=0", "elo0=0", "elo0=0,elo1=10,alpha=0.6,beta=0.6", "elo0=0,elo1=ten"]:
        rc, out, err = run("tournament", "--players", "easy,easy", "--sprt", bad)
        check(f"tournament --sprt {bad}: a usage error, exit 2, naming the form",
              rc == 2 and out == "" and "elo0=E0,elo1=E1" in err and bad in err, out + err)


def test_tournament_other_build():
    """--engine-b: this build's binary stands for an older build."""
    rc, out, err = run("tournament", "--players", "easy,easy", "--engine-b", CLI, "--games", "4",
                       "--threads", "2", "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --engine-b: B is the other build's engine playing the level, 4 games on 2 threads",
          rc == 0 and obj.get("players") == ["easy", f"engine:{CLI} engine --player easy"]
          and obj.get("games") == 4 and obj.get("engine_faults") == [0, 0] and err == "", out + err)
    rc, out, err = run("tournament", "--players", "easy,beginner", "--engine-a", CLI, "--engine-b", CLI,
                       "--games", "2", "--variant", "basic", "--sprt", "elo0=0,elo1=10", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --engine-a --engine-b --sprt: two engines, an SPRT over them",
          rc == 0 and obj.get("players") == [f"engine:{CLI} engine --player easy",
                                             f"engine:{CLI} engine --player beginner"]
          and obj.get("games") == 2 and obj["sprt"]["result"] == "inconclusive", out + err)
    rc, out, err = run("tournament", "--players", "easy,engine:/bin/true", "--engine-b", CLI)
    check("tournament --engine-b with an engine: spec: a usage error", rc == 2 and "--engine-b" in err
          and "engine:/bin/true" in err, out + err)
    # The other build's engine is asked for the level's think time plus the
    # fifth `engine` keeps for the way back: expert's 0.9 s (src/ai/isle-ai.c)
    # is `go 1125`; a level that counts simulations gets the default 1000.
    with tempfile.TemporaryDirectory() as tmp:
        fake, log = os.path.join(tmp, "old-cli"), os.path.join(tmp, "go.log")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\n"
                    "while read -r line; do case \"$line\" in\n"
                    "  critter-isle-engine*) echo \"ready 1 name old\" ;;\n"
                    "  rules*) echo ok ;;\n"
                    "  ping*) echo \"pong ${line#ping }\" ;;\n"
                    f"  go*) echo \"$3 $line\" >> '{log}'; exit 1 ;;\n"
                    "esac; done\n")
        os.chmod(fake, 0o755)
        for level, budgets in [("expert", ("go 1124", "go 1125")), ("easy", ("go 1000",))]:
            rc, out, err = run("tournament", "--players", f"beginner,{level}", "--engine-b", fake,
                               "--games", "1", "--variant", "basic", "--json")
            with open(log) as f:
                asked = f.read().splitlines()
            os.unlink(log)
            check(f"tournament --engine-b, {level}: the engine asked for the level's time, its fault counted",
                  rc == 0 and len(asked) == 1 and asked[0] in [f"{level} {b}" for b in budgets]
                  and json.loads(out)["engine_faults"] == [0, 1], f"{asked} {out} {err}")
    # Only commas outside quotes separate players.
    rc, out, err = run("tournament", "--players", f"engine:sh -c 'true a,b; exec {CLI} engine --player easy',"
                       "beginner", "--games", "2", "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament --players: a comma quoted inside an engine's command stays in it",
          rc == 0 and obj.get("players", [""])[1] == "beginner" and "a,b" in obj["players"][0]
          and obj.get("engine_faults") == [0, 0], out + err)
    rc, out, err = run("play", "--players", f"engine:sh -c 'true a,b; exec {CLI} engine --player easy',"
                       "beginner", "--variant", "basic", "--seed", "3", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("play --players: a comma quoted inside an engine's command stays in it",
          rc == 0 and obj.get("players", "").endswith("',beginner") and "a,b" in obj["players"],
          out + err)
    # A faulting engine: every game counted and the faults reported.
    rc, out, err = run("tournament", "--players", f"engine:{engines('crash-mid-game.py')},beginner",
                       "--games", "3", "--threads", "2", "--variant", "basic", "--json")
    obj = json.loads(out) if rc == 0 else {}
    check("tournament: an engine that crashes in every game: games counted, faults reported, exit 0",
          rc == 0 and obj.get("games") == 3 and obj.get("engine_faults") == [3, 0]
          and err.count("the easy player takes over") == 3, out + err)
    rc, out, err = run("tournament", "--players", f"engine:{engines('illegal.sh')},beginner",
                       "--games", "2", "--variant", "basic")
    check("tournament table: the faults of an engine, counted",
          rc == 0 and "faulted in 2 games; the easy level finished them." in out, out + err)

# ---- .isle scenarios and puzzles (doc/scenario-format.md) -------------------

PUZZLES = os.path.join(DATA, "..", "..", "data", "puzzles")


def puzzle(name):
    return os.path.join(PUZZLES, name)


def test_validate_scenarios():
    names = sorted(os.listdir(PUZZLES))
    for name in [n for n in names if n.endswith(".isle")]:
        rc, out, err = run("validate", puzzle(name))
        check(f"validate puzzle {name}: exit 0, a valid puzzle", rc == 0 and "valid puzzle" in out, out + err)
    rc, out, err = run("validate", data("scenarios", "good-basic.isle"), data("saved", "good-weather.isle"))
    check("validate a scenario and an old saved game: exit 0",
          rc == 0 and "good-basic.isle: valid puzzle" in out and "good-weather.isle: valid saved game" in out,
          out + err)
    for name, field in [("bad-r1-ten-wolves.isle", "start"),
                        ("bad-r8-9-hippo-second-alone.isle", "start.board[2]"),
                        ("bad-r6-6-token-under-fog.isle", "start.board[4]"),
                        ("bad-r5-goal-line-length.isle", "goal.length"),
                        ("bad-engine-opponent.isle", "opponent"),
                        ("bad-version-2.isle", "version"),
                        ("bad-not-json.isle", "3:1: Parse error")]:
        path = data("scenarios", name)
        rc, out, err = run("validate", path)
        check(f"validate {name}: exit 1 (invalid), FILE: FIELD: message", rc == 1 and f"{path}: {field}" in err
              and out == "", out + err)
    path = data("scenarios", "bad-many-problems.isle")
    rc, out, err = run("validate", path)
    lines = [l for l in err.splitlines() if l]
    check("validate: every problem of a file, one per line", rc == 1 and len(lines) == 4
          and all(l.startswith(path + ": ") for l in lines), err)
    rc, out, err = run("validate", "-", stdin="{\"format\": \"critter-isle\", \"version\": 1}")
    check("validate from standard input: the missing variant is named", rc == 1
          and "standard input: variant: missing" in err, err)


def test_play_scenario():
    rc, out, err = run("play", "--scenario", puzzle("01-white-wall.isle"), "--seed", "3")
    check("play --scenario: plays to the end of the round and says whether the goal was met",
          rc in (0, 1) and ("Goal met" in out or "Goal not met" in out) and "Round 1 ends" in out, out + err)
    rc2, out2, err2 = run("play", "--scenario", puzzle("01-white-wall.isle"), "--seed", "3")
    check("play --scenario: the same seed plays the same game", out2 == out, out2)
    rc, out, err = run("play", "--scenario", puzzle("03-cat-nap.isle"), "--players", "random", "--json")
    obj = json.loads(out)
    check("play --scenario --json: actions and whether the goal was met",
          rc in (0, 1) and isinstance(obj["goal_met"], bool) and obj["actions"]
          and obj["actions"][0].startswith("place r"), out + err)
    path = data("scenarios", "bad-r3-unknown-kind.isle")
    rc, out, err = run("play", "--scenario", path)
    check("play --scenario of a malformed file: exit 2 naming the file and the field",
          rc == 2 and f"{path}: start.board[2]: c3: unknown kind" in err, err)
    rc, out, err = run("play", "--scenario", puzzle("01-white-wall.isle"), "--players", "a,b,c")
    check("play --scenario with three players in a two-seat game: exit 2", rc == 2, err)


def hopeless_scenario(tmp):
    """The Basic scenario with a goal of 400 points in its round, in TMP:
    out of reach, and a whole round from being decided."""
    with open(data("scenarios", "good-basic.isle")) as f:
        hopeless = json.load(f)
    hopeless["goal"]["at_least"] = 400
    path = os.path.join(tmp, "hopeless.isle")
    with open(path, "w") as f:
        json.dump(hopeless, f)
    return path


def test_solve():
    for name in ["01-white-wall.isle", "02-rabbit-fences.isle", "03-cat-nap.isle",
                 "04-hippo-bath.isle", "05-snake-in-the-clouds.isle"]:
        rc, out, err = run("solve", "--json", "--time", "100", puzzle(name))
        obj = json.loads(out)
        check(f"solve {name}: proven, and the line against its opponent meets the goal",
              rc == 0 and obj["result"] == "proven" and obj["goal_met"] and obj["line"], out + err)
    rc, out, err = run("solve", puzzle("01-white-wall.isle"))
    check("solve: text output with the line", rc == 0 and "proven" in out and "place rB b4" in out, out + err)
    check("solve: the first moves that work and the best the player can force",
          "First moves that work: place rB b4" in out
          and "The best the player can force: Win this round by at least 15 points." in out, out)
    rc, out, err = run("solve", "--json", puzzle("15-silver-lining.isle"))
    obj = json.loads(out) if rc in (0, 1, 3) else {}
    proven = [m["move"] for m in obj.get("first_moves", []) if m["result"] == "proven"]
    check("solve --json 15-silver-lining: one first move of three works, the best is the goal, exactly",
          rc == 0 and proven == ["place rR f5"] and len(obj["first_moves"]) == 3
          and obj["best"] == {"value": 42, "exact": True, "goal": "Win this round by at least 42 points."},
          out + err)
    # Every built-in puzzle's goal is the best its player can force: one
    # point more is refuted (exit 1), not merely unproven.
    with tempfile.TemporaryDirectory() as tmp:
        for name, key in (("12-mouse-trap.isle", "by"), ("02-rabbit-fences.isle", "at_least")):
            with open(puzzle(name)) as f:
                harder = json.load(f)
            harder["goal"][key] += 1
            del harder["solution"]
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                json.dump(harder, f)
            rc, out, err = run("solve", "--json", "--time", "100", path)
            obj = json.loads(out) if rc in (0, 1, 3) else {}
            check(f"solve {name} with its goal a point higher: refuted, exit 1",
                  rc == 1 and obj.get("result") == "impossible" and obj.get("search_seconds") is not None, out + err)
            rc, out, err = run("solve", path)
            check(f"solve {name} a point higher, text: says refuted",
                  rc == 1 and "refuted in" in out and "no line of play meets the goal" in out, out + err)
        # A whole round of the Basic game is beyond a tenth of a second:
        # undecided, exit 3, neither yes nor no.
        path = hopeless_scenario(tmp)
        rc, out, err = run("solve", "--json", "--time", "0.1", path)
        obj = json.loads(out) if rc in (0, 1, 3) else {}
        check("solve of a goal beyond the clock: undecided, exit 3",
              rc == 3 and obj.get("result") == "undecided", out + err)
    path = data("scenarios", "bad-r8-9-hippo-two-seconds.isle")
    rc, out, err = run("solve", path)
    check("solve of a malformed file: exit 2 naming the file and field",
          rc == 2 and f"{path}: start.board[2]" in err, err)
    with tempfile.NamedTemporaryFile("w", suffix=".isle", delete=False) as f:
        f.write('{"format": "critter-isle", "version": 1, "variant": "basic"}')
    rc, out, err = run("solve", f.name)
    os.unlink(f.name)
    check("solve of a scenario without a goal: exit 2", rc == 2 and "goal" in err, err)
    rc, out, err = run("solve", "--time", "-1", puzzle("01-white-wall.isle"))
    check("solve --time -1: exit 2", rc == 2, err)
    rc, out, err = run("solve", data("scenarios", "no-such.isle"))
    check("solve of a missing file: exit 2", rc == 2 and "no-such.isle" in err, err)



# ---- One exit-status table for every command (README.md "Exit status") -----

OK, NO, CANNOT_RUN = 0, 1, 2
RULES = os.path.join(DATA, "..", "..", "data", "rules", "standard.json")

# Every command that reads a file, by the way it is given one. `engine`
# reads its protocol from standard input: "quit" ends it at once.
FILE_COMMANDS = {
    "score": lambda p: ["score", p],
    "validate": lambda p: ["validate", p],
    "solve": lambda p: ["solve", "--time", "1", p],
    "play --scenario": lambda p: ["play", "--scenario", p, "--seed", "1"],
    "play --replay": lambda p: ["play", "--replay", p, "--quiet"],
    "play --rules": lambda p: ["play", "--rules", p, "--variant", "basic", "--seed", "1"],
    "bench --rules": lambda p: ["bench", "--rules", p, "--playouts", "1", "--variant", "basic"],
    "tournament --rules": lambda p: ["tournament", "--players", "beginner,beginner", "--games", "1",
                                     "--variant", "basic", "--rules", p],
    "engine --rules": lambda p: ["engine", "--rules", p],
    "analyse": lambda p: ["analyse", "--depth", "fast", p],
}
ALL_COMMANDS = ["score", "play", "validate", "solve", "analyse", "bench", "tournament", "engine", "plugins"]


def malformed_inputs(tmp):
    """The same malformed inputs for every command: name → path."""
    with open(data("cli", "bad-owner.txt")) as f:
        bad_board = f.read()
    with open(data("cli", "r7-worked-example.txt")) as f:
        good_board = f.read()
    files = {"empty.txt": "", "not-json.txt": "hello, island\n",
             "wrong-shape.json": "[1, 2, 3]\n", "bad-board.txt": bad_board,
             "board-in.isle": good_board}
    paths = {"missing file": os.path.join(tmp, "no-such-file.txt")}
    for name, text in files.items():
        paths[name] = os.path.join(tmp, name)
        with open(paths[name], "w") as f:
            f.write(text)
    return paths


def test_exit_status_malformed_inputs():
    """Could not run (2) for every command given a malformed input, except
    `validate`, whose answer about a file that reads is the verdict "no"
    (1); a missing file is 2 everywhere. stderr names the file and says
    what was expected; stdout stays empty."""
    with tempfile.TemporaryDirectory() as tmp:
        for kind, path in malformed_inputs(tmp).items():
            for command, argv in FILE_COMMANDS.items():
                want = NO if command == "validate" and kind != "missing file" else CANNOT_RUN
                rc, out, err = run(*argv(path), stdin="quit\n")
                check(f"{command} on {kind}: exit {want}", rc == want, f"rc={rc} {err}")
                check(f"{command} on {kind}: stderr names the file and what was expected, stdout empty",
                      os.path.basename(path) in err and out == ""
                      and ("cannot open" in err if kind == "missing file" else "expected" in err),
                      out + err)


def test_exit_status_isle_is_a_scenario():
    """A .isle file is read as a scenario whatever it holds, never as a
    board: a board in one gets the scenario reader's message."""
    with tempfile.TemporaryDirectory() as tmp:
        path = malformed_inputs(tmp)["board-in.isle"]
        for command in ("score", "validate", "solve", "play --scenario"):
            rc, out, err = run(*FILE_COMMANDS[command](path))
            check(f"{command} on a board in a .isle file: read as a scenario, not as a board",
                  # json-glib 1.6 puts the error at 1:2, 1.10 at 1:1.
                  re.search(re.escape(path) + r": 1:\d+: Parse error", err) is not None
                  and "“format”: “critter-isle”" in err
                  and "owner" not in err and "valid board" not in out, out + err)
    rc, out, err = run("score", "--json", puzzle("03-cat-nap.isle"))
    check("score of a .isle file: its start board under its rules",
          rc == OK and json.loads(out)["red"] == 19 and json.loads(out)["blue"] == 22, out + err)


def test_exit_status_usage():
    """A usage error is 2 for every command, and for the tool itself."""
    for command in ALL_COMMANDS:
        rc, out, err = run(command, "--no-such-option", stdin="quit\n")
        check(f"{command} --no-such-option: exit 2 with a message", rc == CANNOT_RUN and err.strip(), err)
    for argv in (["score"], ["score", "a", "b"], ["validate"], ["solve"], ["play", "stray"],
                 ["bench", "stray"], ["tournament", "stray"], ["engine", "stray"], ["plugins", "stray"]):
        rc, out, err = run(*argv, stdin="quit\n")
        check(f"{' '.join(argv)}: a usage error, exit 2 saying what was expected",
              rc == CANNOT_RUN and "expected" in err and out == "", out + err)
    for argv in ([], ["frobnicate"]):
        rc, out, err = run(*argv)
        check(f"critter-isle-cli {' '.join(argv)}: exit 2", rc == CANNOT_RUN and "Usage" in err, err)


def test_exit_status_good_inputs_and_verdicts():
    """Good inputs give 0; a "no" answer gives 1 in every command that
    answers a question."""
    with tempfile.TemporaryDirectory() as tmp:
        rc, record, err = run("play", "--json", "--variant", "basic", "--seed", "3")
        good_record = os.path.join(tmp, "record.json")
        with open(good_record, "w") as f:
            f.write(record)
        bad_record = os.path.join(tmp, "tampered.json")
        obj = json.loads(record)
        obj["total"]["red"] += 1
        with open(bad_record, "w") as f:
            json.dump(obj, f)
        hopeless_path = hopeless_scenario(tmp)
        with open(puzzle("12-mouse-trap.isle")) as f:
            refuted = json.load(f)
        refuted["goal"]["by"] += 1
        del refuted["solution"]
        refuted_path = os.path.join(tmp, "refuted.isle")
        with open(refuted_path, "w") as f:
            json.dump(refuted, f)
        good = {
            "score": ["score", data("cli", "r7-worked-example.txt")],
            "validate": ["validate", data("cli", "r7-worked-example.txt"), RULES,
                         data("scenarios", "good-basic.isle")],
            "solve": ["solve", "--time", "30", puzzle("01-white-wall.isle")],
            "play": ["play", "--variant", "basic", "--seed", "1", "--rules", RULES],
            "play --replay": ["play", "--replay", good_record, "--quiet"],
            "bench": ["bench", "--playouts", "1", "--variant", "basic", "--rules", RULES],
            "tournament": ["tournament", "--players", "beginner,beginner", "--games", "1",
                           "--variant", "basic", "--rules", RULES],
            "engine": ["engine", "--rules", RULES],
            "plugins": ["plugins"],
        }
        for name, argv in good.items():
            rc, out, err = run(*argv, stdin="quit\n")
            check(f"{name} on good input: exit 0", rc == OK, f"rc={rc} {err}")
        verdicts = {
            "validate of an invalid board": ["validate", data("cli", "ten-wolves.txt")],
            "validate of an invalid scenario": ["validate", data("scenarios", "bad-r1-ten-wolves.isle")],
            "play --scenario with the goal not met": ["play", "--scenario", hopeless_path, "--seed", "1"],
            "solve of a goal that cannot be forced": ["solve", "--time", "100", refuted_path],
            "play --replay of a record that does not replay": ["play", "--replay", bad_record],
        }
        for name, argv in verdicts.items():
            rc, out, err = run(*argv)
            check(f"{name}: exit 1", rc == NO, f"rc={rc} {out[-200:]} {err}")


def test_exit_status_help():
    """Every command's --help, and the tool's, states the same table."""
    rc, top, err = run("--help")
    check("critter-isle-cli --help: the exit statuses", rc == OK and "Exit status: 0 success; 1" in top, top)
    paragraph = top[top.index("Exit status:"):].strip() if "Exit status:" in top else None
    for command in ALL_COMMANDS:
        rc, out, err = run(command, "--help")
        flat = " ".join(out.split())
        check(f"{command} --help: the same exit-status paragraph",
              rc == OK and paragraph is not None and " ".join(paragraph.split()) in flat, out)

run_tests(globals())

finish()
