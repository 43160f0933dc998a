#!/usr/bin/env python3
"""Writes a kit with many examples (default 200) for timing `libertykit build` on a large pack.

Usage: scripts/make-big-kit.py [COUNT] > /tmp/kit200.toml
The examples cycle through the drills of examples/capture-drills.toml's kinds, so every task
type is laid out and answered.
"""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
examples = [
    ('white C3; black B3 C2 D3', 'to_play = "black"\ntask = "capture"'),
    ('white C3 C4; black B3 C2 D3', 'task = "liberties"\ngroup = "C3"'),
    ('white A1; black B1', 'to_play = "black"\ntask = "capture"'),
    ('black A2 B1; white A3 B2 C1', 'to_play = "white"\ntask = "legal"\nmove = "A1"'),
    ('white C3; black B3 C2 D3', 'task = "sequence"\nmoves = ["black C4", "white B4", "black A4"]'),
]
print('[kit]\ntitle = "Timing kit"\n\n[rules]\nboard = 5\nend_passes = 2\nmax_stones = 80\ncapture_target = 5\n')
for i in range(count):
    position, rest = examples[i % len(examples)]
    print(f'[[example]]\nposition = "{position}"\n{rest}\n')
