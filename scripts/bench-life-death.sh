#!/usr/bin/env bash
# A life-and-death book, imported and proven, beside GNU Go's owl reading of the same problems
# in the same run: how many problems get a proven question, their statuses, the errata against
# the book, the CPU time and memory of import and key, and GNU Go's agreement and time.
#
#   scripts/bench-life-death.sh FOLDER [OUT]
#
# FOLDER holds the book's SGF files (e.g. Cho Chikun's Elementary book from the public
# cameron-martin/tsumego repository); OUT (default /tmp/ld-bench) receives the kit, the key as
# JSON, GNU Go's CSV and summary.txt. Needs a release build, python3 and /usr/games/gnugo.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:?a folder of SGF problems}
out=${2:-/tmp/ld-bench}
mkdir -p "$out"
cargo build --release --quiet
bin=target/release/libertykit

# Wall seconds, CPU seconds (user + system) and peak memory of a command, from GNU time.
timed() {
  local name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" "$@"
}

timed import "$bin" import "$folder" --out "$out/book.toml" 2>"$out/import.err"
timed key "$bin" key "$out/book.toml" --format json >"$out/key.json" 2>"$out/key.err" || true
if command -v /usr/games/gnugo >/dev/null; then
  python3 scripts/gnugo_owl.py "$folder" --csv "$out/owl.csv" --summary "$out/owl.txt" \
    --reps 1 2>/dev/null || true
fi

python3 - "$out" <<'EOF'
import json, sys, collections, statistics
out = sys.argv[1]
def cpu(name):
    wall, user, system, rss = open(f"{out}/{name}.time").read().split()[-4:]
    return float(user) + float(system), float(wall), int(rss) // 1024
key = json.load(open(f"{out}/key.json"))
examples = key["examples"]
tasks = collections.Counter(e.get("task") for e in examples)
ld = [e["answer"] for e in examples if e.get("task") in ("kill", "live")]
results = collections.Counter(e.get("result") for e in ld if e.get("proven"))
refused = [e for e in ld if not e.get("proven")]
errata = collections.Counter(x.get("kind") for e in ld for x in e.get("errata", []))
with_errata = sum(1 for e in ld if e.get("errata"))
nodes = [e["positions_read"] for e in ld if e.get("proven") and "positions_read" in e]
lines = [f"problems: {len(examples)}; tasks: {dict(tasks)}",
         f"kill/live proven: {len(ld) - len(refused)} of {len(ld)}; refused as too big: {len(refused)}",
         f"results: {dict(results)}",
         f"problems with an erratum: {with_errata}; errata by kind: {dict(errata)}"]
if nodes:
    lines.append(f"positions read per proven problem: median {statistics.median(nodes):.0f}, worst {max(nodes)}")
for name in ("import", "key"):
    seconds, wall, mb = cpu(name)
    lines.append(f"{name}: {seconds:.1f} s CPU, {wall:.1f} s wall, {mb} MB peak")
try:
    lines.append("GNU Go owl: " + open(f"{out}/owl.txt").read().strip().replace("\n", "\n  "))
except OSError:
    pass
text = "\n".join(lines)
open(f"{out}/summary.txt", "w").write(text + "\n")
print(text)
EOF
