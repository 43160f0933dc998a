#!/usr/bin/env python3
"""GNU Go's owl (life-and-death) reading on tsumego SGF files, beside the book's answers, timed:
a baseline for libertykit's life-and-death solver.

For each problem file (or every *.sgf in each folder given):
  * the set-up position is read: AB/AW/AE of the root and of any move-less nodes below it before
    the first move; the side to play is PL if given, else the colour of the first move of the
    tree, else Black;
  * the goal is `kill` (the side to play attacks an opposing group: GTP `owl_attack TARGET`) or
    `live` (it saves its own group: GTP `owl_defend TARGET`). It is `stated` when the root's
    comment (C) or game name (GN) says so in English ("Black to live", "kill", "make life",
    "capture") or in Chinese/Japanese (黒先活, 白先黑死, 活, 死, 杀, 殺); otherwise `guessed`
    by the heuristic below;
  * GNU Go (its default level, komi 0) gets the position with `boardsize`, `clear_board` and one
    `play` per stone (every chain of a legal set-up keeps a liberty, so no `play` captures; each
    answer is checked), then `clear_cache`, `reset_owl_node_counter` and the owl command, three
    times, the board set up afresh and the cache emptied each time. Each call is timed alone in
    wall-clock time from the write of the command to the read of its answer (median of 3 kept),
    and GNU Go's own CPU time (GTP `cputime`, before and after) is kept beside it. Run it with
    the machine otherwise idle;
  * the book's answers are the first moves of the solution tree: a first move is correct when
    some node below it (itself included) is marked correct: a comment holding "RIGHT"
    (goproblems.com convention), a comment with the word "correct" (Cho Chikun's files:
    "Correct.", "Correct; advantageous ko."), or TE; any other first move is wrong when the file
    marks answers at all (comments "Wrong"/"incorrect", WV, BM, or the RIGHT convention, where
    every unmarked leaf is a failure). A file with no marks at all: its main line's first move
    is taken as correct and the other first moves are left unjudged.

Target heuristic (when the goal is not stated). Stones are grouped into loose groups: chains of
one colour joined when diagonally adjacent (unless both crossing points hold enemy stones) or a
one-point jump apart on a line with the point between empty. A group's "reach" is the number of
empty points reachable from its liberties by steps through empty points that touch no enemy
stone (so an enemy wall with gaps of up to two points holds), counted up to REACH_CAP. A group
whose reach stays under REACH_CAP is enclosed. The target is the enclosed group with the most
stones (ties: smaller reach, then nearer the board's edge, then the opponent's group); when no
group is enclosed, the group of smallest reach, ties to the one nearer the edge. A target of
the side to play makes the problem `live`, an opposing target `kill`. (A group of the side to
play's opponent inside the side to play's own eye space is small and loses to the larger group
around it; in a capturing race both groups are enclosed and the larger is chosen.) The target
stone named to GNU Go is the target's stone nearest the board's nearest corner, ties to the
first in column-then-row order.

Output: one CSV line per problem (columns in FIELDS), to standard output or --csv FILE, and a
summary (counts: GNU Go's move is a book-correct move / a book-wrong move / other; median and
worst milliseconds) to standard error or --summary FILE (appended to, with --label as heading).

GNU Go's owl result codes (GTP): 0 the attack/defence fails (no move), 1 it succeeds, 2 and 3
it succeeds through ko (2 unconditionally good ko, 3 ko the other side must win twice), 4 and
5 gain / loss (seki-like or partial results), as GNU Go 3.8 prints them.

Usage:
  python3 scripts/gnugo_owl.py [--csv OUT.csv] [--summary SUMMARY.txt] [--label NAME]
                               [--reps 3] FILE_OR_FOLDER...
e.g. (the baseline in /work/corpus):
  python3 scripts/gnugo_owl.py --csv /work/corpus/owl-elementary.csv \
      --summary /work/corpus/owl-summary.txt --label cho-elementary /work/corpus/cho-elementary
Stdlib only; needs /usr/games/gnugo (GNU Go 3.8). Imports scripts/gtp.py from beside itself.
"""

import argparse
import csv
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp import Gtp  # noqa: E402

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
OTHER = {"B": "W", "W": "B"}
COLOUR = {"B": "black", "W": "white"}
REACH_CAP = 40

FIELDS = [
    "file", "size", "to_play", "goal", "goal_source", "target", "target_stones",
    "gnugo_command", "gnugo_code", "gnugo_move", "book_correct", "book_wrong", "book_marks",
    "gnugo_in_book_correct", "verdict", "median_ms", "worst_ms", "median_cpu_ms", "owl_nodes",
    "target_status", "notes",
]


# ---------------------------------------------------------------------------------------------
# SGF


class SgfError(Exception):
    pass


class Node:
    def __init__(self):
        self.props = {}
        self.children = []

    def get(self, key, default=None):
        v = self.props.get(key)
        return v[0] if v else default


def read_text(path):
    raw = open(path, "rb").read()
    m = re.search(rb"CA\[([^\]]*)\]", raw)
    encodings = ([m.group(1).decode("ascii", "replace").strip()] if m else []) + ["utf-8", "gb18030", "latin-1"]
    for enc in encodings:
        try:
            return raw.decode(enc)
        except (LookupError, UnicodeDecodeError):
            continue
    return raw.decode("latin-1")


def parse_sgf(text):
    """The first game tree of `text` as a Node (the root)."""
    i, n = 0, len(text)

    def skip_ws():
        nonlocal i
        while i < n and text[i].isspace():
            i += 1

    def parse_tree():
        # at '('
        nonlocal i
        i += 1
        first = None
        last = None
        while True:
            skip_ws()
            if i >= n:
                raise SgfError("unexpected end of file inside a game tree")
            c = text[i]
            if c == ";":
                i += 1
                node = parse_node()
                if first is None:
                    first = node
                else:
                    last.children.append(node)
                last = node
            elif c == "(":
                if last is None:
                    raise SgfError("a variation before any node")
                last.children.append(parse_tree())
            elif c == ")":
                i += 1
                if first is None:
                    raise SgfError("an empty game tree")
                return first
            else:
                raise SgfError(f"unexpected {c!r} at offset {i}")

    def parse_node():
        nonlocal i
        node = Node()
        while True:
            skip_ws()
            if i >= n or text[i] in ";()":
                return node
            m = re.compile(r"[A-Za-z]+").match(text, i)
            if not m:
                raise SgfError(f"unexpected {text[i]!r} at offset {i}")
            ident = "".join(ch for ch in m.group(0) if ch.isupper())
            i = m.end()
            values = []
            while True:
                skip_ws()
                if i < n and text[i] == "[":
                    i += 1
                    buf = []
                    while i < n and text[i] != "]":
                        if text[i] == "\\" and i + 1 < n:
                            i += 1
                        buf.append(text[i])
                        i += 1
                    if i >= n:
                        raise SgfError("unterminated property value")
                    i += 1
                    values.append("".join(buf))
                else:
                    break
            if not values:
                raise SgfError(f"property {ident} without a value")
            node.props.setdefault(ident, []).extend(values)

    start = text.find("(")
    if start < 0:
        raise SgfError("no game tree")
    i = start
    skip_ws()
    return parse_tree()


def expand_points(values, size):
    """SGF point values (compressed lists 'aa:cc' included) as (col, row) with row 0 the top."""
    out = []
    for v in values:
        v = v.strip()
        if ":" in v:
            a, b = v.split(":", 1)
            (c1, r1), (c2, r2) = sgf_point(a), sgf_point(b)
            for c in range(min(c1, c2), max(c1, c2) + 1):
                for r in range(min(r1, r2), max(r1, r2) + 1):
                    out.append((c, r))
        elif v:
            out.append(sgf_point(v))
    for c, r in out:
        if not (0 <= c < size and 0 <= r < size):
            raise SgfError(f"point {c},{r} off a {size}x{size} board")
    return out


def sgf_point(v):
    if len(v) != 2 or not v.isalpha():
        raise SgfError(f"bad point {v!r}")
    return (ord(v[0].lower()) - 97, ord(v[1].lower()) - 97)


def move_of(node, size):
    """(colour, point or None for a pass) of a move node, or None."""
    for colour in ("B", "W"):
        if colour in node.props:
            v = node.get(colour, "").strip()
            if v == "" or (v == "tt" and size <= 19):
                return colour, None
            return colour, sgf_point(v)
    return None


# ---------------------------------------------------------------------------------------------
# Board geometry


def gtp_name(p, size):
    c, r = p
    return f"{COLUMNS[c]}{size - r}"


def neighbours(p, size):
    c, r = p
    for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def chains(stones, size):
    seen, out = set(), []
    for p in sorted(stones):
        if p in seen:
            continue
        colour = stones[p]
        chain, libs, todo = {p}, set(), [p]
        while todo:
            s = todo.pop()
            for q in neighbours(s, size):
                v = stones.get(q)
                if v is None:
                    libs.add(q)
                elif v == colour and q not in chain:
                    chain.add(q)
                    todo.append(q)
        seen |= chain
        out.append((colour, chain, libs))
    return out


def loose_groups(stones, size):
    """Chains of one colour joined by diagonal links (not cut through) and one-point jumps."""
    cs = chains(stones, size)
    index = {}
    for k, (_, chain, _) in enumerate(cs):
        for p in chain:
            index[p] = k
    parent = list(range(len(cs)))

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for p, colour in stones.items():
        c, r = p
        enemy = OTHER[colour]
        for dc, dr in ((1, 1), (1, -1)):
            q = (c + dc, r + dr)
            if stones.get(q) == colour:
                cross = (stones.get((c + dc, r)), stones.get((c, r + dr)))
                if cross != (enemy, enemy):
                    parent[find(index[p])] = find(index[q])
        for dc, dr in ((2, 0), (0, 2)):
            q = (c + dc, r + dr)
            mid = (c + dc // 2, r + dr // 2)
            if stones.get(q) == colour and mid not in stones:
                parent[find(index[p])] = find(index[q])
    groups = {}
    for k, (colour, chain, libs) in enumerate(cs):
        g = groups.setdefault(find(k), {"colour": colour, "stones": set(), "libs": set()})
        g["stones"] |= chain
        g["libs"] |= libs
    return list(groups.values())


def reach(group, stones, size):
    enemy = OTHER[group["colour"]]

    def touches_enemy(q):
        return any(stones.get(x) == enemy for x in neighbours(q, size))

    seen = set(group["libs"])
    todo = [q for q in group["libs"] if not touches_enemy(q)]
    while todo and len(seen) < REACH_CAP:
        s = todo.pop()
        for q in neighbours(s, size):
            if q in stones or q in seen:
                continue
            seen.add(q)
            if not touches_enemy(q):
                todo.append(q)
    return min(len(seen), REACH_CAP)


def edge_distance(p, size):
    c, r = p
    return min(c, r, size - 1 - c, size - 1 - r)


def corner_distance(p, size):
    c, r = p
    return min(c, size - 1 - c) + min(r, size - 1 - r)


def guess_target(stones, size, to_play):
    """(group, reach) of the heuristic's target; see the module's docstring."""
    scored = []
    for g in loose_groups(stones, size):
        rch = reach(g, stones, size)
        mean_edge = sum(edge_distance(p, size) for p in g["stones"]) / len(g["stones"])
        opponent_first = 0 if g["colour"] != to_play else 1
        scored.append((g, rch, mean_edge, opponent_first))
    enclosed = [s for s in scored if s[1] < REACH_CAP]
    if enclosed:
        best = min(enclosed, key=lambda s: (-len(s[0]["stones"]), s[1], s[2], s[3]))
    else:
        best = min(scored, key=lambda s: (s[1], s[2], s[3]))
    return best[0], best[1]


def target_stone(group, size):
    return min(group["stones"], key=lambda p: (corner_distance(p, size), p))


def group_of(point, stones, size):
    for g in loose_groups(stones, size):
        if point in g["stones"]:
            return g
    return None


# ---------------------------------------------------------------------------------------------
# Goal from the problem's text

LIVE_WORDS = re.compile(r"\b(to live|lives?|living|make life|makes life|alive|survive|save)\b", re.I)
KILL_WORDS = re.compile(r"\b(to kill|kills?|killing|capture|dead|die|destroy)\b", re.I)
# 黒先活 / 黑先活 / 白先活: the side to play lives; 白先黑死 / 黒先白死 / 黑先杀: it kills.
CJK_EXPLICIT = re.compile(r"([黒黑白])先\s*([黒黑白])?\s*(活|死|杀|殺|劫)")


def stated_goal(text, to_play):
    """'live', 'kill' or None, from a problem's instruction text."""
    if not text:
        return None
    m = CJK_EXPLICIT.search(text)
    if m:
        mover = "B" if m.group(1) in "黒黑" else "W"
        whose = m.group(2)
        verb = m.group(3)
        if verb == "劫":
            return None
        if verb == "活":
            # "黒先活": the mover lives; "黒先白活" would be odd, read as the named side lives.
            owner = mover if not whose else ("B" if whose in "黒黑" else "W")
            return "live" if owner == to_play else "kill"
        owner = OTHER[mover] if not whose else ("B" if whose in "黒黑" else "W")
        if verb in "杀殺":
            owner = OTHER[mover]
        return "kill" if owner != to_play else "live"
    live = bool(LIVE_WORDS.search(text)) or "活" in text
    kill = bool(KILL_WORDS.search(text)) or any(ch in text for ch in "死杀殺")
    if live and not kill:
        return "live"
    if kill and not live:
        return "kill"
    return None


# ---------------------------------------------------------------------------------------------
# The book's answers

CORRECT_TEXT = re.compile(r"RIGHT|\bcorrect\b", re.I)
WRONG_TEXT = re.compile(r"\bwrong\b|\bincorrect\b|\bfail", re.I)


def subtree_nodes(node):
    todo = [node]
    while todo:
        x = todo.pop()
        yield x
        todo.extend(x.children)


def node_correct(node):
    c = node.get("C", "")
    if "RIGHT" in c:
        return True
    if re.search(r"\bcorrect\b", c, re.I) and not re.search(r"\b(not|in)\s*correct\b", c, re.I):
        return True
    return "TE" in node.props


def node_wrong_mark(node):
    return bool(WRONG_TEXT.search(node.get("C", ""))) or "WV" in node.props or "BM" in node.props


def book_answers(start, size):
    """(correct first moves, wrong first moves, marks, notes) from the tree below `start`."""
    firsts = [ch for ch in start.children if move_of(ch, size)]
    all_nodes = [x for ch in firsts for x in subtree_nodes(ch)]
    uses_right = any("RIGHT" in x.get("C", "") for x in all_nodes)
    any_correct = any(node_correct(x) for x in all_nodes)
    any_wrong = any(node_wrong_mark(x) for x in all_nodes)
    correct, wrong = [], []
    ko_correct = seki_correct = False
    for ch in firsts:
        _, p = move_of(ch, size)
        name = gtp_name(p, size) if p else "PASS"
        good = [x for x in subtree_nodes(ch) if node_correct(x)]
        if good:
            if name not in correct:
                correct.append(name)
            for x in good:
                c = x.get("C", "").lower()
                ko_correct |= bool(re.search(r"\bko\b", c))
                seki_correct |= "seki" in c
        elif any_correct or any_wrong:
            if name not in wrong:
                wrong.append(name)
    wrong = [w for w in wrong if w not in correct]
    if any_correct or any_wrong:
        marks = "RIGHT" if uses_right else "comments/WV/TE/BM"
    elif firsts:
        _, p = move_of(firsts[0], size)
        correct = [gtp_name(p, size) if p else "PASS"]
        marks = "mainline"
    else:
        marks = "none"
    notes = []
    if ko_correct:
        notes.append("book-correct line mentions ko")
    if seki_correct:
        notes.append("book-correct line mentions seki")
    all_text = " ".join(x.get("C", "") for x in all_nodes).lower()
    if "seki" in all_text and not seki_correct:
        notes.append("seki in comments")
    return correct, wrong, marks, notes


# ---------------------------------------------------------------------------------------------
# One problem


def load_problem(path):
    root = parse_sgf(read_text(path))
    size = int(re.match(r"\s*(\d+)", root.get("SZ", "19")).group(1))
    if not 2 <= size <= 25:
        raise SgfError(f"board size {size}")
    stones = {}
    node = root
    texts = []
    to_play = None
    while True:
        for key, colour in (("AB", "B"), ("AW", "W")):
            for p in expand_points(node.props.get(key, []), size):
                stones[p] = colour
        for p in expand_points(node.props.get("AE", []), size):
            stones.pop(p, None)
        if "PL" in node.props:
            v = node.get("PL", "").strip().upper()[:1]
            to_play = {"B": "B", "W": "W", "1": "B", "2": "W"}.get(v, to_play)
        texts += [node.get("C", ""), node.get("GN", "")]
        if move_of(node, size):
            raise SgfError("a move in the root node")
        if len(node.children) == 1 and not move_of(node.children[0], size):
            node = node.children[0]
            continue
        break
    first = next((move_of(ch, size) for ch in node.children if move_of(ch, size)), None)
    play_source = "PL"
    if to_play is None:
        to_play, play_source = (first[0], "first move") if first else ("B", "default")
    return size, stones, to_play, play_source, node, " ".join(t for t in texts if t)


def setup_commands(size, stones):
    cmds = [f"boardsize {size}", "clear_board", "komi 0"]
    cmds += [f"play {COLOUR[c]} {gtp_name(p, size)}" for p, c in sorted(stones.items())]
    return cmds


def solve(gtp, path, reps):
    row = {k: "" for k in FIELDS}
    row["file"] = os.path.basename(path)
    notes = []
    try:
        size, stones, to_play, play_source, start, text = load_problem(path)
    except (SgfError, ValueError, OSError) as e:
        row["verdict"] = "error"
        row["notes"] = f"does not parse: {e}"
        return row
    row["size"] = size
    row["to_play"] = COLOUR[to_play]
    if play_source != "PL":
        notes.append(f"side to play from {play_source}")
    dead = [chain for _, chain, libs in chains(stones, size) if not libs]
    if dead:
        row["verdict"] = "error"
        row["notes"] = "set-up has a chain without liberties"
        return row
    if not stones:
        row["verdict"] = "error"
        row["notes"] = "no stones"
        return row

    goal = stated_goal(text, to_play)
    if goal:
        row["goal_source"] = "stated"
        want = to_play if goal == "live" else OTHER[to_play]
        cands = [g for g in loose_groups(stones, size) if g["colour"] == want]
        # the stated side's weakest group: the heuristic restricted to that colour
        sub = {p: c for p, c in stones.items()}
        best = None
        for g in cands:
            r = reach(g, sub, size)
            key = (0 if r < REACH_CAP else 1, -len(g["stones"]) if r < REACH_CAP else r,
                   sum(edge_distance(p, size) for p in g["stones"]) / len(g["stones"]))
            if best is None or key < best[0]:
                best = (key, g)
        if best is None:
            row["verdict"] = "error"
            row["notes"] = f"goal {goal} stated but no {COLOUR[want]} stones"
            return row
        group = best[1]
    else:
        row["goal_source"] = "guessed"
        group, _ = guess_target(stones, size, to_play)
        goal = "live" if group["colour"] == to_play else "kill"
    row["goal"] = goal
    target = gtp_name(target_stone(group, size), size)
    row["target"] = target
    row["target_stones"] = len(group["stones"])
    command = ("owl_defend " if goal == "live" else "owl_attack ") + target
    row["gnugo_command"] = command

    correct, wrong, marks, book_notes = book_answers(start, size)
    notes += book_notes
    row["book_correct"] = " ".join(correct)
    row["book_wrong"] = " ".join(wrong)
    row["book_marks"] = marks

    walls, cpus, nodes, answers = [], [], [], []
    for _ in range(reps):
        cmds = setup_commands(size, stones) + ["clear_cache", "reset_owl_node_counter"]
        for (ok, out), c in zip(gtp.batch(cmds), cmds):
            if not ok:
                row["verdict"] = "error"
                row["notes"] = f"GNU Go refused `{c}`: {out}"
                return row
        ok, before = gtp.cmd("cputime")
        t0 = time.perf_counter()
        ok, answer = gtp.cmd(command)
        t1 = time.perf_counter()
        ok2, after = gtp.cmd("cputime")
        if not ok:
            row["verdict"] = "error"
            row["notes"] = f"GNU Go refused `{command}`: {answer}"
            return row
        walls.append((t1 - t0) * 1000)
        cpus.append((float(after) - float(before)) * 1000)
        nodes.append(gtp.cmd("get_owl_node_counter")[1])
        answers.append(answer)
    if len(set(answers)) > 1:
        notes.append("answers differ between runs: " + " / ".join(answers))
    words = answers[0].split()
    code = int(words[0])
    move = words[1].upper() if len(words) > 1 else "-"
    row["gnugo_code"] = code
    row["gnugo_move"] = move
    row["median_ms"] = f"{statistics.median(walls):.2f}"
    row["worst_ms"] = f"{max(walls):.2f}"
    row["median_cpu_ms"] = f"{statistics.median(cpus):.1f}"
    row["owl_nodes"] = nodes[0] if len(set(nodes)) == 1 else "/".join(nodes)
    # Not timed: GNU Go's own view of the target (alive / critical / dead / unknown).
    st_ok, status = gtp.cmd(f"dragon_status {target}")
    row["target_status"] = status.split()[0] if st_ok and status else "?"

    in_correct = move in correct
    row["gnugo_in_book_correct"] = "yes" if in_correct else "no"
    if in_correct:
        row["verdict"] = "agree"
    elif move in wrong:
        row["verdict"] = "book-wrong"
    elif move == "-":
        row["verdict"] = "other:no-move"
    else:
        row["verdict"] = "other:not-in-book"
    row["notes"] = "; ".join(notes)
    return row


def problem_files(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            out += sorted(os.path.join(a, f) for f in os.listdir(a) if f.lower().endswith(".sgf"))
        else:
            out.append(a)
    return out


def summarize(label, rows):
    from collections import Counter

    verdicts = Counter(r["verdict"] for r in rows)
    timed = [float(r["median_ms"]) for r in rows if r["median_ms"] != ""]
    cpu = [float(r["median_cpu_ms"]) for r in rows if r["median_cpu_ms"] != ""]
    other = sum(v for k, v in verdicts.items() if k.startswith("other"))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"== {label}: {len(rows)} problems (GNU Go default level, komi 0; load average at the end: {load})"]
    lines.append(
        f"  GNU Go agrees with the book: {verdicts['agree']};  plays a book-wrong move: "
        f"{verdicts['book-wrong']};  other: {other} (no move / code 0: {verdicts['other:no-move']}, "
        f"a move not in the book's tree: {verdicts['other:not-in-book']});  errors: {verdicts['error']}"
    )
    if timed:
        worst = max((r for r in rows if r["median_ms"] != ""), key=lambda r: float(r["median_ms"]))
        lines.append(
            f"  ms per owl call (median of {ARGS.reps} per problem): median {statistics.median(timed):.2f}, "
            f"mean {statistics.mean(timed):.2f}, worst {float(worst['median_ms']):.2f} ({worst['file']})"
        )
        lines.append(f"  GNU Go CPU ms (GTP cputime): median {statistics.median(cpu):.1f}, worst {max(cpu):.1f}")
    goals = Counter((r["goal"], r["goal_source"]) for r in rows if r["goal"])
    lines.append("  goals: " + ", ".join(f"{g} ({s}) {n}" for (g, s), n in sorted(goals.items())))
    codes = Counter(str(r["gnugo_code"]) for r in rows if r["gnugo_code"] != "")
    lines.append("  GNU Go codes: " + ", ".join(f"{c}: {n}" for c, n in sorted(codes.items())))
    status = Counter(r["target_status"] for r in rows if r["target_status"])
    lines.append("  GNU Go's dragon_status of the target: " + ", ".join(f"{c} {n}" for c, n in sorted(status.items())))
    by_goal = Counter((r["goal"], r["verdict"]) for r in rows if r["goal"])
    lines.append("  verdict by goal: " + ", ".join(f"{g}/{v} {n}" for (g, v), n in sorted(by_goal.items())))
    marks = Counter(r["book_marks"] for r in rows if r["book_marks"])
    lines.append("  book answers from: " + ", ".join(f"{m} {n}" for m, n in sorted(marks.items())))
    ko = sum(1 for r in rows if "mentions ko" in r["notes"])
    seki = sum(1 for r in rows if "seki" in r["notes"])
    lines.append(f"  problems whose book-correct line mentions ko: {ko}; mentioning seki: {seki}")
    for r in rows:
        if r["verdict"] == "error":
            lines.append(f"  error {r['file']}: {r['notes']}")
    return "\n".join(lines) + "\n"


def main():
    global ARGS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+", help="SGF files or folders of them")
    ap.add_argument("--csv", help="write the CSV here (default: standard output)")
    ap.add_argument("--summary", help="append the summary here (default: standard error)")
    ap.add_argument("--label", default=None, help="heading of the summary")
    ap.add_argument("--reps", type=int, default=3, help="timed calls per problem (median kept)")
    ARGS = ap.parse_args()

    files = problem_files(ARGS.paths)
    gtp = Gtp()
    rows = []
    out = open(ARGS.csv, "w", newline="") if ARGS.csv else sys.stdout
    w = csv.DictWriter(out, fieldnames=FIELDS)
    w.writeheader()
    for k, path in enumerate(files):
        row = solve(gtp, path, ARGS.reps)
        rows.append(row)
        w.writerow(row)
        out.flush()
        if ARGS.csv and (k + 1) % 100 == 0:
            print(f"{k + 1}/{len(files)}", file=sys.stderr)
    gtp.close()
    if ARGS.csv:
        out.close()
    text = summarize(ARGS.label or ", ".join(ARGS.paths), rows)
    if ARGS.summary:
        with open(ARGS.summary, "a") as f:
            f.write(text)
    else:
        sys.stderr.write(text)


ARGS = None

if __name__ == "__main__":
    main()
