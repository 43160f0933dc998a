#!/usr/bin/env python3
"""Writes a 19x19 problem collection of COUNT corner problems (default 900) as one SGF file, in
the shape real tsumego collections take: a setup with `PL`, a prompt in the root's comment, and a
solution tree whose lines are marked in their comments (`Correct.`, `Wrong: ...`), the wrong
line often first. For timing `import` and `build` of a collection, and for looking at its pages.

Usage: python3 scripts/make-corner-collection.py [COUNT] > /tmp/corners.sgf
Stdlib only. Four problems cycle through the four corners: the straight three to kill and to
live, the bent three to kill (life and death, which the engine does not prove: `solve`), and a
stone on the edge captured in two moves (which it proves: a reading `capture`).
"""
import sys

# Each problem in the lower-left corner: (column, row) from (0, 0) = A1.
def pts(text):
    return [("ABCDEFGHJKLMNOPQRST".index(p[0]), int(p[1:]) - 1) for p in text.split()]

PROBLEMS = [
    ("Kill the straight three", "Black to kill.", "B",
     pts("A3 B3 C3 D3 E3 E2 E1"), pts("A2 B2 C2 D2 D1"),
     [("Wrong: White takes and lives.", pts("A1 B1")),
      ("Correct: the vital point.", pts("B1 A1")),
      ("Wrong.", pts("C1 B1"))]),
    ("Live in the straight three", "White to live.", "W",
     pts("A3 B3 C3 D3 E3 E2 E1"), pts("A2 B2 C2 D2 D1"),
     [("Correct.", pts("B1")),
      ("Wrong: one eye.", pts("A1 B1"))]),
    ("Kill the bent three", "Black to kill.", "B",
     pts("A4 B4 C4 C3 D3 D2 D1"), pts("A3 B3 B2 C2 C1"),
     [("Wrong.", pts("A2 A1")),
      ("Correct.", pts("A1")),
      ("Wrong.", pts("B1 A1"))]),
    ("Capture on the edge", "Black to capture.", "B",
     pts("B1 D2"), pts("C1"),
     [("Wrong: White connects out.", pts("D1 C2")),
      ("Correct.", pts("C2 D1 E1"))]),
]

def sgf(col, row):
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[18 - row]

def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 900
    out = sys.stdout
    for i in range(count):
        title, prompt, first, black, white, lines = PROBLEMS[i % len(PROBLEMS)]
        corner = (i // len(PROBLEMS)) % 4
        flip = lambda p: (18 - p[0] if corner & 1 else p[0], 18 - p[1] if corner & 2 else p[1])
        put = lambda points: "".join(f"[{sgf(*flip(p))}]" for p in points)
        out.write(f"(;GM[1]FF[4]CA[UTF-8]SZ[19]GN[{i + 1}. {title}]PL[{first}]"
                  f"AB{put(black)}AW{put(white)}C[{prompt}]\n")
        for comment, moves in lines:
            colors = [first, "W" if first == "B" else "B"]
            nodes = "".join(f";{colors[k % 2]}[{sgf(*flip(p))}]" for k, p in enumerate(moves))
            # The comment goes on the first move, as the collections write theirs.
            head, _, rest = nodes[1:].partition(";")
            out.write(f"(;{head}C[{comment}]{';' + rest if rest else ''})\n")
        out.write(")\n")

main()
