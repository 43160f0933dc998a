#!/usr/bin/env python3
"""Writes the reading bench's 20 problems (tests/data/reading_problems.txt) as one kit per board
size, so that `check` and `key` of the whole set can be timed as an author meets them.

Usage: python3 scripts/make-reading-kits.py OUT_DIR   (writes OUT_DIR/reading-5.toml ... -9.toml)
Stdlib only. A problem whose proven answer is that no move works gets `key = []` (check refuses
an escape with nothing to escape from otherwise); every other key is left to the engine.
"""

import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = os.path.join(HERE, "..", "tests", "data", "reading_problems.txt")
# Problems the engine proves have no working first move (see the bench's `accepted` column).
NO_MOVE = {"ladder-no-escape"}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    by_size = collections.defaultdict(list)
    with open(PROBLEMS, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, size, to_play, goal, target, within, position = (
                x.strip() for x in line.split("|")
            )
            by_size[int(size)].append((name, to_play, goal, target, within, position))
    for size, problems in sorted(by_size.items()):
        parts = [
            f'[kit]\ntitle = "Reading problems on {size}x{size}"\npaper = "a4"\n\n'
            f'[rules]\nboard = {size}\nko = "positional"\nend_passes = 2\n'
            f'max_stones = 200\ncapture_target = 5\nscoring = "captures"\n'
        ]
        for name, to_play, goal, target, within, position in problems:
            key = "key = []\n" if name in NO_MOVE else ""
            parts.append(
                f'[[example]]\ntitle = "{name}"\nposition = "{position}"\n'
                f'to_play = "{to_play}"\ntask = "{goal}"\ngroup = "{target}"\n'
                f"within = {within}\n{key}"
            )
        path = os.path.join(out, f"reading-{size}.toml")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(parts))
        print(f"{path}: {len(problems)} problems")


if __name__ == "__main__":
    main()
