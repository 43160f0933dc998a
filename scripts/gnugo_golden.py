#!/usr/bin/env python3
"""Owns the GNU Go golden data: generates tests/data/gnugo/*.txt, replayed by tests/gnugo_golden.rs.

Drives `/usr/games/gnugo --mode gtp` (suicide forbidden, GNU Go's default; `--allow-suicide` is
never given) through random but deliberately awkward games on boards 2, 3, 4, 5, 7, 9, 13 and 19
under the three repetition rules (`--simple-ko` = GNU Go's default, `--positional-superko`,
`--situational-superko`). Every attempted move is recorded with GNU Go's verdict (GTP `play`
success or failure) and, after each accepted move, the whole board and both capture counts.

GTP never says why a move was refused, so the reason is worked out here:
  * occupied  -- the point holds a stone in our record of the board;
  * suicide   -- a second GNU Go started with `--no-ko`, kept in the same position, also refuses;
  * superko   -- the `--no-ko` engine accepts it, so the refusal was a repetition (simple ko or
                 superko; the test maps both to our engine's `Superko`).

A small Python model of the rules runs alongside as a third opinion: it steers the move proposer
towards interesting moves (ko retakes, repetitions, suicides, multi-chain captures) and classifies
each move into coverage categories. Any disagreement between the model and GNU Go is printed.

Usage: python3 scripts/gnugo_golden.py [--out tests/data/gnugo] [--quick]
Stdlib only. Deterministic for a given GNU Go build (every game has its own seed).
"""

import argparse
import os
import random
import sys
from collections import Counter, defaultdict

from gtp import Gtp

COLUMNS = "ABCDEFGHJKLMNOPQRST"
KO_FLAGS = {
    "simple": "--simple-ko",
    "positional": "--positional-superko",
    "situational": "--situational-superko",
}
OTHER = {"B": "W", "W": "B"}

# Games per (size, ko mode), the bound on attempted moves per game, and the output budget.
PLAN = {
    2: (40, 60),
    3: (30, 120),
    4: (16, 160),
    5: (10, 200),
    7: (5, 250),
    9: (3, 300),
    13: (1, 300),
    19: (1, 220),
}
# Every category below must reach this many examples, else extra small-board games are added.
WANTED = 5
EXTRA_ROUNDS = 20


def name(p, n):
    col, row = p
    return f"{COLUMNS[col]}{row + 1}"


def parse_point(text):
    return (COLUMNS.index(text[0].upper()), int(text[1:]) - 1)


class Model:
    """A plain Go board with history, as a third opinion and to steer the move proposer."""

    def __init__(self, n, ko):
        self.n = n
        self.ko = ko
        self.board = {}
        self.caps = {"B": 0, "W": 0}
        # Whole-board positions seen: list of (frozen board, colour that moved next / is to move).
        self.history = [(self.key(), "B")]
        self.by_pass = [False]  # whether a pass produced each history entry
        self.before_last = None  # frozen board before the last move (move or pass)
        self.before_last_stone = None  # frozen board before the last move that placed a stone
        self.passes_since_stone = 0

    def key(self):
        return frozenset(self.board.items())

    def neighbours(self, p):
        c, r = p
        for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            if 0 <= q[0] < self.n and 0 <= q[1] < self.n:
                yield q

    def chain(self, board, p):
        color = board[p]
        stones, libs, todo = {p}, set(), [p]
        while todo:
            s = todo.pop()
            for q in self.neighbours(s):
                v = board.get(q)
                if v is None:
                    libs.add(q)
                elif v == color and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, libs

    def try_play(self, color, p):
        """(reason or None, new board, captured chains) ignoring repetition rules."""
        if p in self.board:
            return "occupied", None, []
        board = dict(self.board)
        board[p] = color
        captured, seen = [], set()
        for q in self.neighbours(p):
            if board.get(q) == OTHER[color] and q not in seen:
                stones, libs = self.chain(board, q)
                seen |= stones
                if not libs:
                    captured.append(stones)
        for stones in captured:
            for s in stones:
                del board[s]
        if not self.chain(board, p)[1]:
            return "suicide", None, []
        return None, board, captured

    def repetition(self, color, board):
        """Which rules a resulting `board` breaks: a set of 'simple', 'positional', 'situational'."""
        key = frozenset(board.items())
        broken = set()
        if key == self.before_last:
            broken.add("simple")
        for k, to_move in self.history:
            if k == key:
                broken.add("positional")
                if to_move == OTHER[color]:
                    broken.add("situational")
        return broken

    def verdict(self, color, p):
        reason, board, captured = self.try_play(color, p)
        if reason:
            return reason, None, [], set()
        broken = self.repetition(color, board)
        if self.ko in broken:
            return "superko", board, captured, broken
        return None, board, captured, broken

    def commit(self, color, p, board, captured):
        self.before_last = self.key()
        if p is None:
            self.passes_since_stone += 1
        else:
            self.before_last_stone = self.key()
            self.passes_since_stone = 0
            self.board = board
            self.caps[color] += sum(len(s) for s in captured)
        # The position just left had `color` to move in fact; the new one has the opponent to move.
        self.history[-1] = (self.history[-1][0], color)
        self.history.append((self.key(), OTHER[color]))
        self.by_pass.append(p is None)

    def repeats_only_after_pass(self, color, board):
        """Whether `board` with the opponent of `color` to move occurred only right after passes."""
        key = frozenset(board.items())
        same = [
            pas
            for (k, to_move), pas in zip(self.history, self.by_pass)
            if k == key and to_move == OTHER[color]
        ]
        return bool(same) and all(same)


def board_text(n, black, white):
    rows = []
    for row in range(n - 1, -1, -1):
        rows.append(
            "".join(
                "X" if (c, row) in black else "O" if (c, row) in white else "."
                for c in range(n)
            )
        )
    return "/".join(rows)


def parse_stones(text):
    return {parse_point(t) for t in text.split()} if text else set()


class Proposer:
    """Seeded move proposals biased towards the cases worth testing."""

    def __init__(self, rng, model, n):
        self.rng = rng
        self.model = model
        self.n = n
        self.points = [(c, r) for c in range(n) for r in range(n)]
        self.last_capture = []
        self.refused = set()  # points refused since the last accepted move, not proposed again

    def classify(self, color):
        m = self.model
        groups = defaultdict(list)
        for p in self.points:
            if (color, p) in self.refused:
                continue
            if p in m.board:
                groups["occupied"].append(p)
                continue
            reason, board, captured, broken = m.verdict(color, p)
            if reason == "suicide":
                groups["suicide"].append(p)
                continue
            if broken & {"positional", "situational", "simple"}:
                groups["repeat"].append(p)
            if "positional" in broken and "situational" not in broken:
                groups["repeat-other-side"].append(p)
            if m.passes_since_stone and frozenset(board.items()) == m.before_last_stone:
                groups["retake"].append(p)
            if len(captured) >= 2:
                groups["multi"].append(p)
            if captured:
                groups["capture"].append(p)
            groups["empty"].append(p)
            if any(q in m.board for q in m.neighbours(p)) or any(
                (p[0] + dc, p[1] + dr) in m.board for dc in (-1, 1) for dr in (-1, 1)
            ):
                groups["near"].append(p)
        return groups

    def propose(self, color):
        m = self.model
        # Passes right after a single-stone capture (and after such a pass) set up ko retakes
        # that only the pass makes legal, and shift the side to move inside repetition cycles.
        pass_odds = 0.04
        if len(self.last_capture) == 1:
            pass_odds = 0.25 if m.passes_since_stone == 0 else 0.5
        elif self.n <= 3:
            pass_odds = 0.1
        if self.rng.random() < pass_odds:
            return None
        g = self.classify(color)
        if g["retake"] and self.rng.random() < 0.5:
            return self.rng.choice(g["retake"])
        choices = [
            (0.10, g["repeat-other-side"]),
            (0.12, g["repeat"]),
            (0.10, [p for p in self.last_capture if p not in self.model.board]),
            (0.10, g["multi"]),
            (0.14, g["capture"]),
            (0.08, g["suicide"]),
            (0.05, g["occupied"]),
            (0.26, g["near"]),
        ]
        r = self.rng.random()
        for weight, pool in choices:
            if r < weight:
                if pool:
                    return self.rng.choice(pool)
                break
            r -= weight
        if g["near"] and self.rng.random() < 0.7:
            return self.rng.choice(g["near"])
        if g["empty"]:
            return self.rng.choice(g["empty"])
        if g["occupied"] and self.rng.random() < 0.3:
            return self.rng.choice(g["occupied"])
        return None


CATEGORIES = [
    "legal",
    "pass",
    "capture",
    "occupied",
    "suicide",
    "ko",  # refused: recreates the position before the last move
    "superko-nonimmediate",  # refused: repeats an older position, not the immediate one
    "positional-not-situational",  # refused under positional, situational would allow
    "situational-allows-repeat",  # accepted under situational though the board repeats
    "simple-allows-repeat",  # accepted under simple ko though the board repeats (older)
    "multi-chain-capture",
    "capture-instead-of-suicide",
    "edge-capture",
    "corner-capture",
    "retake-after-pass",  # a ko retake that is legal because a pass intervened
    "situational-repeat-after-pass",  # refused only for a position that a pass produced
    "non-alternating",
]


def play_game(engines, noko, size, ko, seed, max_attempts, counts, out):
    rng = random.Random(seed)
    gtp = engines[ko]
    for e in (gtp, noko):
        e.batch([f"boardsize {size}", "clear_board"])
    model = Model(size, ko)
    proposer = Proposer(rng, model, size)
    lines = [f"game size={size} ko={ko} seed={seed}"]
    color = "B"
    last_mover = None
    accepted = 0
    problems = []
    for attempt in range(1, max_attempts + 1):
        if ko != "situational" and last_mover is not None and rng.random() < 0.08:
            color = last_mover  # the same colour moves again (GTP allows it)
        p = proposer.propose(color)
        vertex = "pass" if p is None else name(p, size)
        ok, _ = gtp.cmd(f"play {color} {vertex}")
        after_pass_retake = False
        if p is None:
            m_reason, m_board, m_captured, broken = None, None, [], set()
        else:
            m_reason, m_board, m_captured, broken = model.verdict(color, p)
            after_pass_retake = (
                m_board is not None
                and model.passes_since_stone > 0
                and frozenset(m_board.items()) == model.before_last_stone
            )
        if ok:
            nk_ok, _ = noko.cmd(f"play {color} {vertex}")
            if not nk_ok:
                problems.append(f"no-ko engine refused accepted move {color} {vertex}")
            (_, b), (_, w), (_, cb), (_, cw) = gtp.batch(
                ["list_stones black", "list_stones white", "captures black", "captures white"]
            )
            black, white = parse_stones(b), parse_stones(w)
            cb, cw = int(cb), int(cw)
            if m_reason is not None:
                problems.append(f"model refuses ({m_reason}) but GNU Go accepts {color} {vertex}")
            ncap = sum(len(s) for s in m_captured)
            model.commit(color, p, m_board, m_captured)
            mb = {q for q, c in model.board.items() if c == "B"}
            mw = {q for q, c in model.board.items() if c == "W"}
            if (mb, mw, model.caps["B"], model.caps["W"]) != (black, white, cb, cw):
                problems.append(f"model board differs after {color} {vertex}")
            counts["legal"] += 1
            if last_mover == color:
                counts["non-alternating"] += 1
            if p is None:
                counts["pass"] += 1
            else:
                if m_captured:
                    counts["capture"] += 1
                    proposer.last_capture = [s for st in m_captured for s in st]
                else:
                    proposer.last_capture = []
                if len(m_captured) >= 2:
                    counts["multi-chain-capture"] += 1
                if m_captured:
                    # Without the captures: no empty neighbour, and no friendly chain breathing
                    # elsewhere (checked on the board with the captured stones put back).
                    base = dict(model.board)
                    for st in m_captured:
                        for s in st:
                            base[s] = OTHER[color]
                    if not model.chain(base, p)[1]:
                        counts["capture-instead-of-suicide"] += 1
                    cap_pts = [s for st in m_captured for s in st]
                    edge = lambda q: q[0] in (0, size - 1) or q[1] in (0, size - 1)
                    corner = lambda q: q[0] in (0, size - 1) and q[1] in (0, size - 1)
                    if any(edge(q) for q in cap_pts):
                        counts["edge-capture"] += 1
                    if any(corner(q) for q in cap_pts):
                        counts["corner-capture"] += 1
                if "positional" in broken:
                    if ko == "situational":
                        counts["situational-allows-repeat"] += 1
                    elif ko == "simple":
                        counts["simple-allows-repeat"] += 1
                if after_pass_retake:
                    counts["retake-after-pass"] += 1
            lines.append(
                f"{color} {vertex} ok captured={ncap} board={board_text(size, black, white)}"
                f" caps={cb},{cw}"
            )
            last_mover = color
            color = OTHER[color]
            accepted += 1
            proposer.refused.clear()
        else:
            if p is None:
                problems.append("GNU Go refused a pass")
                reason = "pass?"
            elif p in model.board:
                reason = "occupied"
            else:
                nk_ok, legal = noko.cmd(f"is_legal {color} {vertex}")
                reason = "superko" if nk_ok and legal == "1" else "suicide"
            if m_reason != reason:
                problems.append(
                    f"GNU Go refuses {color} {vertex} ({reason}); model says {m_reason or 'legal'}"
                )
            counts[reason] += 1
            if reason == "superko":
                if "simple" in broken:
                    counts["ko"] += 1
                else:
                    counts["superko-nonimmediate"] += 1
                if ko == "positional" and "situational" not in broken:
                    counts["positional-not-situational"] += 1
                if ko == "situational" and model.repeats_only_after_pass(
                    color, model.try_play(color, p)[1]
                ):
                    counts["situational-repeat-after-pass"] += 1
            lines.append(f"{color} {vertex} illegal={reason}")
            proposer.refused.add((color, p))
            # Retry with the same colour (so situational games stay strictly alternating).
        if accepted >= 440:
            break
    for line in problems:
        print(f"  ! size={size} ko={ko} seed={seed}: {line}", file=sys.stderr)
    out.extend(lines)
    out.append("end")
    return problems


HEADER = """\
# GNU Go 3.8 golden games: generated by scripts/gnugo_golden.py, replayed by tests/gnugo_golden.rs.
# Do not edit by hand; rerun the script instead.
#
# Format (one record a line; '#' starts a comment line):
#   game size=<n> ko=<simple|positional|situational> seed=<seed>
#       starts a game on an empty n x n board, Black to move first. GNU Go ran with the matching
#       --simple-ko / --positional-superko / --situational-superko flag; suicide is forbidden.
#   <B|W> <point|pass> ok captured=<k> board=<rows> caps=<b>,<w>
#       GNU Go accepted the move (GTP `play`). k = stones this move removed. rows = the board
#       after the move, top row (row n) first, rows separated by '/', X black, O white, . empty.
#       caps = stones captured so far BY Black, BY White (GTP `captures black|white`).
#   <B|W> <point> illegal=<occupied|suicide|superko>
#       GNU Go refused the move; nothing changed. occupied: the point holds a stone. suicide: a
#       second GNU Go with --no-ko in the same position refuses it too. superko: the --no-ko
#       engine accepts it, so it was refused as a repetition (simple ko included).
#   end
#       closes the game.
# Colours mostly alternate, an illegal attempt is retried by the same colour, and in simple and
# positional games the same colour sometimes moves twice (GTP `play` allows it); situational
# games strictly alternate so "the player to move" means the same to both engines.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "tests", "data", "gnugo"))
    ap.add_argument("--quick", action="store_true", help="a few games only, for checking the script")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    # Level 0: the games need GNU Go's rules, not its playing strength.
    engines = {ko: Gtp("--level", "0", flag) for ko, flag in KO_FLAGS.items()}
    noko = Gtp("--level", "0", "--no-ko")
    counts = Counter()
    per = defaultdict(Counter)
    files = defaultdict(list)
    all_problems = []
    seed = 1000
    plan = {s: (1 if args.quick else g, a) for s, (g, a) in PLAN.items()}

    def run(size, ko, attempts):
        nonlocal seed
        seed += 1
        before = Counter(counts)
        all_problems.extend(
            play_game(engines, noko, size, ko, seed, attempts, counts, files[(size, ko)])
        )
        per[(size, ko)]["games"] += 1
        per[(size, ko)].update(counts - before)

    for size, (games, attempts) in plan.items():
        for ko in KO_FLAGS:
            for _ in range(games):
                run(size, ko, attempts)
    rounds = 0
    while not args.quick and rounds < EXTRA_ROUNDS and any(counts[c] < WANTED for c in CATEGORIES):
        rounds += 1
        missing = [c for c in CATEGORIES if counts[c] < WANTED]
        print(f"extra round {rounds}: still short of {missing}", file=sys.stderr)
        for size in (2, 3, 4):
            for ko in KO_FLAGS:
                run(size, ko, PLAN[size][1])

    for e in [*engines.values(), noko]:
        e.close()

    for old in os.listdir(args.out):
        if old.endswith(".txt"):
            os.remove(os.path.join(args.out, old))
    total = 0
    for (size, ko), lines in sorted(files.items()):
        path = os.path.join(args.out, f"size{size:02}_{ko}.txt")
        text = HEADER + "\n".join(lines) + "\n"
        with open(path, "w") as f:
            f.write(text)
        total += len(text)

    print(f"wrote {len(files)} files, {total} bytes, to {os.path.normpath(args.out)}")
    print("per size and ko: games, legal, illegal (occupied/suicide/superko)")
    for (size, ko), c in sorted(per.items()):
        print(
            f"  {size:2}x{size:<2} {ko:11} games={c['games']:3} legal={c['legal']:5}"
            f" occupied={c['occupied']:4} suicide={c['suicide']:4} superko={c['superko']:4}"
        )
    print("categories:")
    for c in CATEGORIES:
        flag = "" if counts[c] >= WANTED else "   <-- short"
        print(f"  {c:28} {counts[c]:6}{flag}")
    if all_problems:
        print(f"{len(all_problems)} disagreements between GNU Go and the Python model (see stderr)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
