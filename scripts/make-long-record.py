#!/usr/bin/env python3
"""Writes tests/records/long-19x19.sgf: a 1,000-move random game on 19x19 for the replay speed check.

Every move is legal under positional superko (no whole-board position repeats), no move is
suicide, and a pass is never followed by a pass, so `libertykit replay` (two passes end an SGF
game) referees all 1,000 moves and exits 0. The generator is seeded, so the file is reproducible:

    python3 scripts/make-long-record.py > tests/records/long-19x19.sgf

Usage: scripts/make-long-record.py [MOVES] [--kit]. MOVES (default 1000) makes a longer game
for the cost budgets (`scripts/bench-budgets.sh`); `--kit` writes the game as a kit with one
`sequence` example instead of an SGF record (no end condition, so every move is played).
"""

import random
import sys

SIZE = 19
PASS_EVERY = 97  # roughly: a few passes spread through the game
LETTERS = "abcdefghijklmnopqrs"


def neighbours(p):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < SIZE and 0 <= q[1] < SIZE:
            yield q


def chain_and_liberties(board, p):
    color = board[p]
    chain, liberties, stack = {p}, set(), [p]
    while stack:
        for q in neighbours(stack.pop()):
            if board.get(q) is None:
                liberties.add(q)
            elif board[q] == color and q not in chain:
                chain.add(q)
                stack.append(q)
    return chain, liberties


def play(board, p, color):
    """The board after `color` plays `p`, or None when the move is suicide."""
    after = dict(board)
    after[p] = color
    for q in neighbours(p):
        if after.get(q) not in (None, color):
            chain, liberties = chain_and_liberties(after, q)
            if not liberties:
                for s in chain:
                    del after[s]
    _, liberties = chain_and_liberties(after, p)
    return after if liberties else None


def key(board):
    return frozenset(board.items())


def main():
    args = [a for a in sys.argv[1:] if a != "--kit"]
    total = int(args[0]) if args else 1000
    # A kit's rules here have no end condition, so two passes in a row are just two moves.
    kit = "--kit" in sys.argv
    rng = random.Random(20240601)
    board = {}
    seen = {key(board)}
    color = "B"
    moves = []
    while len(moves) < total:
        last_was_pass = bool(moves) and moves[-1].endswith("[]")
        if not last_was_pass and len(moves) % PASS_EVERY == PASS_EVERY - 1:
            moves.append(f"{color}[]")
        else:
            empty = [(x, y) for x in range(SIZE) for y in range(SIZE) if (x, y) not in board]
            rng.shuffle(empty)
            for p in empty:
                after = play(board, p, color)
                if after is not None and key(after) not in seen:
                    board = after
                    seen.add(key(board))
                    moves.append(f"{color}[{LETTERS[p[0]]}{LETTERS[p[1]]}]")
                    break
            else:
                if last_was_pass and not kit:
                    sys.exit("no legal move after a pass; change the seed")
                moves.append(f"{color}[]")
        color = "W" if color == "B" else "B"
    if kit:
        print_kit(moves)
        return
    lines = ["(;FF[4]GM[1]SZ[19]KM[7.5]"]
    for i in range(0, len(moves), 10):
        lines.append("".join(";" + m for m in moves[i : i + 10]))
    print("\n".join(lines) + ")")


def print_kit(moves):
    """The moves as one `sequence` example of a kit whose rules never end the game."""
    names = "ABCDEFGHJKLMNOPQRST"  # Go notation skips I
    written = []
    for m in moves:
        color = "black" if m[0] == "B" else "white"
        if m.endswith("[]"):
            written.append(f'"{color} pass"')
        else:
            col, row = LETTERS.index(m[2]), LETTERS.index(m[3])
            written.append(f'"{color} {names[col]}{SIZE - row}"')
    print('[kit]\ntitle = "Long sequence"\n\n[rules]\nboard = 19\n')
    print('[[example]]\nposition = ""\ntask = "sequence"')
    print("moves = [\n" + ",\n".join(written) + ",\n]")


if __name__ == "__main__":
    main()
