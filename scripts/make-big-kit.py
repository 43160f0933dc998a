#!/usr/bin/env python3
"""Writes a kit with many examples (default 200) for timing `libertykit build` on a large pack.

Usage: scripts/make-big-kit.py [COUNT] [--sgf] > /tmp/kit200.toml
The examples cycle through the drills of examples/capture-drills.toml's kinds, so every task
type is laid out and answered. With `--sgf` the same positions are written as an SGF collection
of COUNT small plain games (setup, and for the sequence its moves), for timing `import`.
"""
import sys

args = [a for a in sys.argv[1:] if a != "--sgf"]
count = int(args[0]) if args else 200
examples = [
    ('white C3; black B3 C2 D3', 'to_play = "black"\ntask = "capture"'),
    ('white C3 C4; black B3 C2 D3', 'task = "liberties"\ngroup = "C3"'),
    ('white A1; black B1', 'to_play = "black"\ntask = "capture"'),
    ('black A2 B1; white A3 B2 C1', 'to_play = "white"\ntask = "legal"\nmove = "A1"'),
    ('white C3; black B3 C2 D3', 'task = "sequence"\nmoves = ["black C4", "white B4", "black A4"]'),
]
# The same drills as plain SGF games on 5x5 (`aa` is A5, the top left): the legal question has
# no SGF form, so its position becomes a capture for White.
games = [
    "AW[cc]AB[bc][cd][dc]",
    "AW[cc][cb]AB[bc][cd][dc]",
    "AW[ae]AB[be]",
    "AB[ad][be]AW[ac][bd][ce]PL[W]",
    "AW[cc]AB[bc][cd][dc];B[cb];W[bb];B[ab]",
]
if "--sgf" in sys.argv:
    out = sys.stdout
    for i in range(count):
        out.write(f"(;SZ[5]GN[Drill {i + 1}]{games[i % len(games)]})\n")
    sys.exit()
print('[kit]\ntitle = "Timing kit"\n\n[rules]\nboard = 5\nend_passes = 2\nmax_stones = 80\ncapture_target = 5\n')
for i in range(count):
    position, rest = examples[i % len(examples)]
    print(f'[[example]]\nposition = "{position}"\n{rest}\n')
