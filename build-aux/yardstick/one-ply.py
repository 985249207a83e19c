#!/usr/bin/env python3
"""one-ply.py - an outside yardstick player for Critter Isle.

An engine (doc/engine-protocol.md, version 1) written from doc/rules.md,
doc/engine-protocol.md and the action forms of doc/decision-points.md
alone: it imports nothing from the project and knows nothing of its C code,
so measuring the project's levels against it measures them against an
independent, plain idea of the game.

How it decides (one ply, deterministic apart from a seeded tie-break):

- Placements, Frog hops, Hippo settling, ability targets and swaps,
  replacements and fog lifts: it lists the actions the rules allow from the
  observation, plays each on its own copy of the map and scores the
  position after it with one static evaluation from its own side's view,
  then plays the best.  Where an action's outcome depends on what it cannot
  see (the token a targeted opponent puts back, R8.1) the unknown token is
  written as one of unknown colour.
- The evaluation (R5, R7): for each of the 26 stretches and each colour,
  runs of that colour are scored by the R7.1 table times the R7.2
  multiplier (Cat 3, else Pig 2), less the half a Crow takes (R7.3), which
  goes to the Crow's side; a run with room to grow (empty tiles or fog of
  the same stretch) adds a potential: 1 for a run of 2, a quarter for a
  single token, half the next step's gain for a line of 3 or more, each
  times its multiplier.  The evaluation is own side's total minus the other
  side's, so enemy lines blocked count as much as own lines made; spies
  (Rats, Crows, Moles, Chameleons have the other side's colour) go where
  they help the enemy least or, for a Crow, where it takes half of an
  enemy line; white tokens go where they block the enemy's best run; Pigs
  and Cats go where their multiplier counts most.  Face-down tokens it
  cannot see (`b?*`) are of unknown colour and block both sides.
- Opening hand (R4.2): Cats and Pigs, then own-colour mercenaries, Wolves,
  white tokens, Crows, and other spies last.
- Weather (R6.1): Sunny, then Cloudy, then Foggy (the less hidden, the
  better its evaluation sees).
- Hiring (R9.3): while at least 2 rounds are left (this one included) and
  its coins after paying stay at or above the other side's, it hires the
  first affordable mercenary of a fixed order (Cat, Crow, Turtle, Snake,
  Fox, Mole, Mouses, Chameleon, Frog, Prairie Dog, Hippo); in the Quick
  game's first hiring (R10, the unspent coins go back) it spends what it
  can; then `done`.

It answers every `go` at once (a few milliseconds to a few tens), and it
never exits on bad input: a line it cannot use gets `error`, and should its
own reasoning fail it plays the first action it can list.

Usage: one-ply.py [--seed N]   (then speak the engine protocol on stdin)
Set YARDSTICK_LOG=FILE to append every line read and written to FILE.
"""

import json
import os
import random
import sys
import zlib

NAME = "one-ply yardstick"

# --- The game's vocabulary (R1, R2) ---------------------------------------

COLS = "abcdef"
RED, BLUE, WHITE, UNKNOWN = 0, 1, 2, 3
EMPTY, FOG = None, "#"

OWN_COLOUR = set("WPFTCMSG")      # the owner's colour (R2)
SPY = set("RLKO")                 # the other side's colour (R2)
WHITE_KINDS = set("BDH")          # white (R2)
MERCENARIES = set("FTCMSGLKODH")
ABILITY_KINDS = set("FMSOD")      # kinds whose ability asks a choice (R8)

HIRE_NAMES = {"fox": "F", "turtle": "T", "cat": "C", "mouses": "M", "snake": "S",
              "frog": "G", "chameleon": "L", "crow": "K", "mole": "O",
              "prairie_dog": "D", "hippo": "H"}
# The basic token each mercenary is hired in place of (R2, R9.3).
HIRED_FOR = {"F": "W", "T": "W", "M": "W", "S": "W", "G": "W", "C": "P",
             "L": "R", "K": "R", "O": "R", "D": "B", "H": "B"}
MERC_COUNT = {k: 1 for k in HIRED_FOR}
MERC_COUNT["K"] = 2               # two Crows (R1)
HIRE_ORDER = "CKTSFOMLGDH"
# Opening-hand preference (R4.2), best first: multipliers, own-colour
# mercenaries, Wolves, white tokens, Crows, other spies.
PICK_ORDER = "CPTSFMGWBDHKOLR"


def tile_name(i):
    return COLS[i % 6] + str(i // 6 + 1)


def tile_index(name):
    return (int(name[1]) - 1) * 6 + COLS.index(name[0])


def neighbours(i):
    r, c = divmod(i, 6)
    out = []
    if r > 0:
        out.append(i - 6)
    if r < 5:
        out.append(i + 6)
    if c > 0:
        out.append(i - 1)
    if c < 5:
        out.append(i + 1)
    return out


def make_stretches():
    """The 26 stretches of 3 or more tiles that can hold a line (R5)."""
    out = []
    for r in range(6):
        out.append([r * 6 + c for c in range(6)])
    for c in range(6):
        out.append([r * 6 + c for r in range(6)])
    for d in range(-3, 4):            # down-right diagonals: c - r = d
        out.append([r * 6 + r + d for r in range(6) if 0 <= r + d < 6])
    for s in range(2, 9):             # down-left diagonals: r + c = s
        out.append([r * 6 + s - r for r in range(6) if 0 <= s - r < 6])
    return out


STRETCHES = make_stretches()
QUADRANTS = {"nw": (0, 0), "ne": (0, 3), "sw": (3, 0), "se": (3, 3)}


def quadrant_tiles(q):
    r0, c0 = QUADRANTS[q]
    return [(r0 + r) * 6 + c0 + c for r in range(3) for c in range(3)]


# --- Tokens on the map ----------------------------------------------------

class Token:
    """A token as the observer sees it (R3 cell text)."""
    __slots__ = ("text", "side", "seat", "kind", "colour", "down", "second")

    def __init__(self, text, side, seat, kind, colour, down, second):
        self.text, self.side, self.seat, self.kind = text, side, seat, kind
        self.colour, self.down, self.second = colour, down, second

    def copy(self):
        return Token(self.text, self.side, self.seat, self.kind, self.colour,
                     self.down, self.second)


def kind_colour(kind, side):
    if kind in WHITE_KINDS:
        return WHITE
    if kind in SPY:
        return 1 - side
    return side


def parse_token(text, seats):
    """An R3 cell holding a token, with the protocol's `b?*`; None if bad."""
    if len(text) < 2 or text[0] not in "rb":
        return None
    side = 0 if text[0] == "r" else 1
    rest = text[1:]
    seat = side
    if rest[:1] in ("1", "2"):
        seat = side + (2 if rest[0] == "2" else 0)
        rest = rest[1:]
    if seats == 2:
        seat = side
    if rest == "?*":
        return Token(text, side, seat, "?", UNKNOWN, True, False)
    if not rest or rest[0] not in "WPRBFTCMSGLKODH":
        return None
    kind, rest = rest[0], rest[1:]
    colour = kind_colour(kind, side)
    if kind == "L" and rest[:1] in ("r", "b"):
        colour = RED if rest[0] == "r" else BLUE
        rest = rest[1:]
    down = second = False
    if rest[:1] == "*":
        down, rest = True, rest[1:]
    if rest[:1] == "+":
        second, rest = True, rest[1:]
    if rest:
        return None
    return Token(text, side, seat, kind, colour, down, second)


# --- The evaluation (R5, R7) ----------------------------------------------

class Evaluator:
    def __init__(self, line_score):
        self.ls = [0, 0, 0] + [line_score.get(str(n), 0) for n in (3, 4, 5, 6)]

    def line_value(self, n):
        return self.ls[min(n, 6)]

    def run_value(self, board, run, colour, room, acc):
        """Adds one run of `colour` to acc = [kept, given, potential]."""
        mult, crow = 1, False
        for i in run:
            k = board[i].kind
            if k == "C":
                mult = 3
            elif k == "P" and mult < 2:
                mult = 2
            elif k == "K":
                crow = True
        n = len(run)
        if n >= 3:
            v = self.line_value(n) * mult
            share = v // 2 if crow else 0
            acc[0] += v - share
            acc[1] += share
            if room and n < 6:
                acc[2] += 0.5 * (self.line_value(n + 1) - self.line_value(n)) * mult
        elif room:
            acc[2] += (1.0 if n == 2 else 0.25) * mult

    def colour_value(self, board, colour):
        """[kept, given to the other side's Crows, potential] of colour."""
        acc = [0, 0, 0.0]
        for st in STRETCHES:
            seg = []
            for i in st + [None]:
                t = board[i] if i is not None else WHITE
                if i is not None and (t is EMPTY or t == FOG
                                      or t.colour == colour):
                    seg.append(i)
                    continue
                if len(seg) >= 3:   # a shorter one never holds a line
                    self.segment(board, seg, colour, acc)
                seg = []
        return acc

    def segment(self, board, seg, colour, acc):
        """The runs of one stretch's segment free of blockers (3+ tiles):
        every run shorter than the segment has an empty tile or fog next
        to it, so it has room to grow."""
        n, j = len(seg), 0
        while j < n:
            t = board[seg[j]]
            if t is EMPTY or t == FOG:
                j += 1
                continue
            k = j
            while k < n and board[seg[k]] is not EMPTY and board[seg[k]] != FOG:
                k += 1
            self.run_value(board, seg[j:k], colour, j > 0 or k < n, acc)
            j = k

    def evaluate(self, board, side):
        mine = self.colour_value(board, side)
        theirs = self.colour_value(board, 1 - side)
        me = mine[0] + theirs[1] + mine[2]
        them = theirs[0] + mine[1] + theirs[2]
        return me - them


# --- The observation ------------------------------------------------------

SINGLE_KEYS = ["variant", "seats", "observer", "phase", "to-move", "round",
               "extra-rounds", "first-seat", "next-seat", "weather", "winner",
               "placements-left", "bonus", "ability-cell", "ability-seat",
               "replace-cell", "note-no-target", "note-skipped", "fog", "hand",
               "hand-size", "pile-size", "deck", "deck-seen", "drawn",
               "weather-kept", "unseen-weather", "hire-done", "coins", "total"]
PER_KEYS = ["row", "scored-row", "unseen", "hired", "pending", "round-score"]


class ObservationError(Exception):
    pass


class Observation:
    def __init__(self, lines):
        self.single = {}
        self.per = {k: {} for k in PER_KEYS}
        for line in lines:
            words = line.split()
            key, vals = words[0], words[1:]
            if key in SINGLE_KEYS:
                if key in self.single:
                    raise ObservationError("the key %s is given twice" % key)
                self.single[key] = vals
            elif key in PER_KEYS:
                if not vals:
                    raise ObservationError("%s needs a number" % key)
                if vals[0] in self.per[key]:
                    raise ObservationError("%s %s is given twice" % (key, vals[0]))
                self.per[key][vals[0]] = vals[1:]
            else:
                raise ObservationError("unknown key %s" % key)
        self.variant = self.word("variant", "basic")
        if self.variant not in ("basic", "weather", "mercenary", "quick", "team"):
            raise ObservationError("unknown variant %s" % self.variant)
        self.seats = self.number("seats", 4 if self.variant == "team" else 2)
        if self.seats not in (2, 4):
            raise ObservationError("seats must be 2 or 4")
        self.observer = self.number("observer", 0)
        if not 0 <= self.observer < self.seats:
            raise ObservationError("no such observer")
        self.side = self.observer % 2
        self.phase = self.word("phase", "hand")
        rnd = self.single.get("round", ["1", "2"])
        try:
            self.round, self.rounds = int(rnd[0]), int(rnd[1])
        except (ValueError, IndexError):
            raise ObservationError("round needs two numbers")
        self.weather = self.word("weather", "-")
        self.board = [EMPTY] * 36
        for r in range(6):
            cells = self.per["row"].get(str(r + 1), ["."] * 6)
            if len(cells) != 6:
                raise ObservationError("row %d needs 6 cells" % (r + 1))
            for c, text in enumerate(cells):
                if text == ".":
                    continue
                if text == "#":
                    self.board[r * 6 + c] = FOG
                    continue
                t = parse_token(text, self.seats)
                if t is None:
                    raise ObservationError("bad cell %s at %s" % (text, tile_name(r * 6 + c)))
                self.board[r * 6 + c] = t
        self.hand = self.single.get("hand", [])
        for text in self.hand:
            if parse_token(text, self.seats) is None:
                raise ObservationError("bad hand token %s" % text)
        self.hand_size = self.numbers("hand-size")
        self.coins = self.numbers("coins")
        self.unseen = {s: self.counts(v) for s, v in self.per["unseen"].items()}
        self.hired = {s: self.counts(v) for s, v in self.per["hired"].items()}
        self.pending = {s: self.counts(v) for s, v in self.per["pending"].items()}

    def word(self, key, default):
        vals = self.single.get(key)
        return vals[0] if vals else default

    def number(self, key, default):
        vals = self.single.get(key)
        if not vals or vals[0] == "-":
            return default
        try:
            return int(vals[0])
        except ValueError:
            raise ObservationError("%s needs a number" % key)

    def numbers(self, key):
        try:
            return [int(v) for v in self.single.get(key, [])]
        except ValueError:
            raise ObservationError("%s needs numbers" % key)

    @staticmethod
    def counts(vals):
        out = {}
        if len(vals) % 2:
            raise ObservationError("kinds and counts come in pairs")
        for k, n in zip(vals[::2], vals[1::2]):
            try:
                out[k] = int(n)
            except ValueError:
                raise ObservationError("bad count %s" % n)
        return out

    def prefix(self):
        """The owner letters of the observer's tokens in actions."""
        p = "rb"[self.side]
        if self.seats == 4:
            p += "12"[self.observer // 2]
        return p

    def mine(self, t):
        return t is not EMPTY and t != FOG and t.seat == self.observer

    def free_tiles(self):
        return [i for i in range(36) if self.board[i] is EMPTY]


# --- The player -----------------------------------------------------------

class Player:
    def __init__(self, seed):
        self.seed = seed
        self.rules = {}
        self.ev = Evaluator({"3": 3, "4": 5, "5": 8, "6": 12})
        self.hire_cost = {"F": 15, "T": 10, "C": 25, "M": 15, "S": 20, "G": 12,
                          "L": 10, "K": 10, "O": 15, "D": 10, "H": 15}
        self.quick_coins = 80

    def set_rules(self, obj):
        if not isinstance(obj, dict):
            raise ValueError("the rules are not a JSON object")
        ls = obj.get("line_score", {})
        if isinstance(ls, dict) and ls:
            self.ev = Evaluator({k: int(v) for k, v in ls.items()})
        hc = obj.get("hire_cost", {})
        if isinstance(hc, dict):
            for name, v in hc.items():
                if name in HIRE_NAMES:
                    self.hire_cost[HIRE_NAMES[name]] = int(v)
        self.quick_coins = int(obj.get("quick_start_coins", self.quick_coins))
        self.rules = obj

    # The actions, by phase; each lister returns [(action, board after)]
    # with None for the board where the evaluation cannot judge it.

    def choose(self, obs, text):
        rng = random.Random((self.seed * 1000003) ^ zlib.crc32(text.encode()))
        phase = obs.phase
        if phase == "weather":
            return self.choose_weather(obs)
        if phase == "hire":
            return self.choose_hire(obs)
        if phase == "hand":
            return self.choose_pick(obs)
        listers = self.listers()
        if phase not in listers:
            raise ObservationError("nothing to decide in phase %s" % phase)
        options = listers[phase](obs)
        if not options:
            raise ObservationError("no legal action found")
        return self.best(obs, options, rng)

    def listers(self):
        return {"place": self.list_place, "settle": self.list_settle,
                "hop": self.list_hop, "ability": self.list_ability,
                "replace": self.list_replace, "fog-lift": self.list_lift}

    def best(self, obs, options, rng):
        first = options[0][0]
        try:
            scored = []
            for action, board in options:
                v = self.ev.evaluate(board, obs.side) if board is not None else -1e9
                scored.append((v, action))
            top = max(v for v, _ in scored)
            ties = [a for v, a in scored if v >= top - 1e-9]
            return rng.choice(ties)
        except Exception:
            return first

    def choose_weather(self, obs):
        drawn = obs.single.get("drawn", [])
        for w in ("sunny", "cloudy", "foggy"):
            if w in drawn:
                return "keep " + w
        raise ObservationError("no drawn weather card to keep")

    def choose_pick(self, obs):
        pile = obs.unseen.get(str(obs.observer), {})
        for k in PICK_ORDER:
            if pile.get(k, 0) > 0:
                return "pick %s%s" % (obs.prefix(), k)
        for k, n in pile.items():
            if n > 0:
                return "pick %s%s" % (obs.prefix(), k)
        raise ObservationError("the pile is empty")

    def choose_hire(self, obs):
        side = str(obs.side)
        coins = obs.coins[obs.side] if len(obs.coins) > obs.side else 0
        their = obs.coins[1 - obs.side] if len(obs.coins) > 1 - obs.side else 0
        pending = obs.pending.get(side, {})
        hired = obs.hired.get(side, {})
        spent = sum(self.hire_cost.get(k, 0) * n for k, n in pending.items())
        left = coins - spent
        # the basic tokens the side still holds (its pile(s) and hand), less
        # those the pending hires will put back in the box (R9.3)
        basics = {}
        for s, counts in obs.unseen.items():
            try:
                mine = int(s) % 2 == obs.side and (obs.seats == 4 or int(s) == obs.observer)
            except ValueError:
                mine = False
            if mine:
                for k, n in counts.items():
                    basics[k] = basics.get(k, 0) + n
        for text in obs.hand:
            t = parse_token(text, obs.seats)
            basics[t.kind] = basics.get(t.kind, 0) + 1
        for k, n in pending.items():
            b = HIRED_FOR.get(k)
            if b:
                basics[b] = basics.get(b, 0) - n
        quick_first = obs.variant == "quick" and obs.round == 1
        rounds_left = obs.rounds - obs.round + 1
        if rounds_left >= 2 or quick_first:
            for k in HIRE_ORDER:
                cost = self.hire_cost.get(k, 999)
                if hired.get(k, 0) + pending.get(k, 0) >= MERC_COUNT[k]:
                    continue
                if basics.get(HIRED_FOR[k], 0) <= 0 or cost > left:
                    continue
                if not quick_first and left - cost < their:
                    continue
                return "hire " + k
        return "done"

    # -- actions judged by the evaluation --

    def hand_kinds(self, obs):
        seen, out = set(), []
        for text in obs.hand:
            if text not in seen:
                seen.add(text)
                out.append(text)
        return out

    def placed(self, obs, board, i, text, down):
        """A token from the hand put down at i, turning Chameleons (R8.6)."""
        t = parse_token(text, obs.seats)
        t.down = down
        if down and t.kind == "L":
            t.colour = 1 - t.side
        board[i] = t
        if not down and t.colour in (RED, BLUE):
            for j in neighbours(i):
                n = board[j]
                if n is not EMPTY and n != FOG and n.kind == "L" and not n.down:
                    n = n.copy()
                    n.colour = t.colour
                    board[j] = n
        return board

    def list_place(self, obs):
        free = obs.free_tiles()
        foggy = obs.weather == "foggy"
        fog_left = any(t == FOG for t in obs.board)
        out = []
        for text in self.hand_kinds(obs):
            t = parse_token(text, obs.seats)
            merc = t.kind in MERCENARIES
            faces = []
            if not foggy or merc:
                faces.append(False)
            if foggy:
                faces.append(True)
            for down in faces:
                if t.kind == "H" and not down:
                    fs = set(free)
                    for i in free:
                        for j in neighbours(i):
                            if j in fs and (len(free) > 2 or fog_left):
                                b = list(obs.board)
                                b[i] = parse_token(text, obs.seats)
                                b[j] = b[i]
                                out.append(("place %s %s %s" % (text, tile_name(i), tile_name(j)), b))
                    continue
                for i in free:
                    b = self.placed(obs, list(obs.board), i, text, down)
                    out.append(("place %s%s %s" % (text, "*" if down else "", tile_name(i)), b))
        return out

    def list_settle(self, obs):
        out = []
        cells = [i for i in range(36) if obs.mine(obs.board[i]) and obs.board[i].kind == "H"]
        pair = [i for i in cells if not obs.board[i].down]
        if len(pair) == 2:
            for keep in pair:
                b = list(obs.board)
                b[[p for p in pair if p != keep][0]] = EMPTY
                out.append(("settle " + tile_name(keep), b))
        return out

    def list_hop(self, obs):
        out = [("pass", list(obs.board))]
        for i in range(36):
            t = obs.board[i]
            if obs.mine(t) and t.kind == "G" and not t.down:
                for j in neighbours(i):
                    if obs.board[j] is EMPTY:
                        b = list(obs.board)
                        b[j], b[i] = t, EMPTY
                        out.append(("hop " + tile_name(j), b))
        return out

    def opponent_token(self, obs, t):
        return (t is not EMPTY and t != FOG and t.side != obs.side
                and not (not t.down and t.kind in WHITE_KINDS))

    def list_ability(self, obs):
        try:
            cell = tile_index(obs.word("ability-cell", "-"))
        except (ValueError, IndexError):
            raise ObservationError("ability-cell is not a tile")
        me = obs.board[cell]
        if me is EMPTY or me == FOG:
            raise ObservationError("no mercenary at the ability cell")
        kind = me.kind
        hands = obs.hand_size
        out = []
        unknown = Token("?", 1 - obs.side, -1, "?", UNKNOWN, True, False)
        if kind in ("F", "S"):   # R8.1, R8.4
            tiles = neighbours(cell) if kind == "F" else range(36)
            for j in tiles:
                t = obs.board[j]
                if self.opponent_token(obs, t) and (t.seat >= len(hands) or hands[t.seat] > 0):
                    b = list(obs.board)
                    b[j] = unknown
                    out.append(("target " + tile_name(j), b))
        elif kind in ("M", "O"):  # R8.3, R8.7
            for j in neighbours(cell):
                t = obs.board[j]
                if self.opponent_token(obs, t):
                    b = list(obs.board)
                    b[j], b[cell] = b[cell], b[j]
                    out.append(("swap " + tile_name(j), b))
        elif kind == "D":         # R8.8
            out.append(("pass", list(obs.board)))
            near = [j for j in neighbours(cell)
                    if obs.board[j] is not EMPTY and obs.board[j] != FOG
                    and (obs.board[j].down or obs.board[j].kind not in WHITE_KINDS)]
            for x in range(len(near)):
                for y in range(x + 1, len(near)):
                    b = list(obs.board)
                    i, j = near[x], near[y]
                    b[i], b[j] = b[j], b[i]
                    out.append(("swap %s %s" % (tile_name(i), tile_name(j)), b))
        return out

    def list_replace(self, obs):
        try:
            cell = tile_index(obs.word("replace-cell", "-"))
        except (ValueError, IndexError):
            cell = None
        down = cell is not None and isinstance(obs.board[cell], Token) and obs.board[cell].down
        out = []
        for text in self.hand_kinds(obs):
            if cell is None:
                out.append(("replace " + text, None))
                continue
            b = list(obs.board)
            b[cell] = EMPTY
            out.append(("replace " + text, self.placed(obs, b, cell, text, down)))
        return out

    def list_lift(self, obs):
        out = []
        fog = obs.single.get("fog", [])
        for q in fog:
            if q not in QUADRANTS:
                continue
            b = list(obs.board)
            lifted = set(quadrant_tiles(q))
            for i in range(36):
                if b[i] == FOG:
                    # what stays covered is unknown ground; what is lifted opens
                    b[i] = EMPTY if i in lifted else Token("?", 0, -1, "?", UNKNOWN, True, False)
            out.append(("lift " + q, b))
        return out

    def first_legal(self, obs):
        """A legal action without judging, for when judging fails."""
        if obs.phase == "hire":
            return "done"
        opts = self.listers().get(obs.phase, lambda o: [])(obs)
        if opts:
            return opts[0][0]
        raise ObservationError("no action found")


# --- The protocol loop ----------------------------------------------------

class Session:
    def __init__(self, seed):
        self.player = Player(seed)
        self.obs = None
        self.obs_text = ""
        self.reading = None
        self.greeted = False
        log = os.environ.get("YARDSTICK_LOG")
        self.log = open(log, "a") if log else None

    def say(self, line):
        if self.log:
            self.log.write("< " + line + "\n")
            self.log.flush()
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def line(self, line):
        if self.log:
            self.log.write("> " + line + "\n")
            self.log.flush()
        line = line.rstrip("\r")
        if not line.strip():
            return True
        if self.reading is not None:
            if line.strip() == "end":
                lines, self.reading = self.reading, None
                self.obs_text = "\n".join(lines)
                try:
                    self.obs = Observation(lines)
                except ObservationError as e:
                    self.obs = None
                    self.say("error " + str(e))
            else:
                self.reading.append(line.strip())
            return True
        words = line.split()
        cmd = words[0]
        if cmd == "critter-isle-engine":
            if words[1:] == ["1"]:
                self.greeted = True
                self.say("ready 1 name " + NAME)
            else:
                self.say("error this engine speaks version 1 only")
        elif cmd == "rules":
            try:
                self.player.set_rules(json.loads(line.split(None, 1)[1]))
                self.say("ok")
            except (ValueError, IndexError, TypeError, AttributeError) as e:
                self.say("error the rules cannot be read: %s" % e)
        elif cmd == "observation":
            self.reading = []
        elif cmd == "go":
            self.say(self.go())
        elif cmd == "ping":
            self.say("pong " + " ".join(words[1:]))
        elif cmd == "quit":
            return False
        else:
            self.say("error unknown command %s" % cmd)
        return True

    def go(self):
        obs = self.obs
        if obs is None:
            return "error there is no valid observation to play"
        try:
            return "action " + self.player.choose(obs, self.obs_text)
        except Exception as e:
            try:
                return "action " + self.player.first_legal(obs)
            except Exception:
                return "error no action found: %s" % e


def main():
    seed = 1
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--seed":
        try:
            seed = int(args[1])
        except ValueError:
            pass
    session = Session(seed)
    stdin = open(sys.stdin.fileno(), "r", encoding="utf-8", errors="replace",
                 newline="\n", closefd=False)
    for raw in stdin:
        try:
            if not session.line(raw.rstrip("\n")):
                break
        except Exception as e:   # never die on a line
            session.say("error %s" % e)


if __name__ == "__main__":
    main()
