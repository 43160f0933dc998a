#!/bin/sh
# Measures what `build` and `replay --pdf` hold in memory as their input grows (issue 42): peak
# memory (max RSS, as /usr/bin/time reports it) and wall time at 1x, 4x and 16x, so that growth
# per example or per move can be read off. A release build, one run per row unless RUNS is set
# (the 64k-example build of every format writes 2.6 GB and takes minutes).
#
# Inputs, made once into BENCH_DIR (default target/bench-memory): kits of 4k, 16k and 64k
# examples (scripts/make-big-kit.py) and TOML records of 7.5k, 30k and 120k passes (no end
# condition, so every pass is a row of the record sheet).
#
# Usage: scripts/bench-memory.sh                       # every row
#        LIBERTYKIT=/path/to/libertykit scripts/bench-memory.sh   # another build (e.g. an older one)
#        SCALES="4000" PASSES="7500" scripts/bench-memory.sh     # fewer rows
#
# Needs python3, GNU time (/usr/bin/time) and bc. Not a test: see docs/benchmarks.md for the
# figures measured and the budget (a 64k-example build under 1 GB).
set -e
cd "$(dirname "$0")/.."
RUNS=${RUNS:-1}
DIR=${BENCH_DIR:-target/bench-memory}
SCALES=${SCALES:-4000 16000 64000}
PASSES=${PASSES:-7500 30000 120000}
mkdir -p "$DIR"
if [ -z "$LIBERTYKIT" ]; then
    cargo build --release --quiet
    LIBERTYKIT=target/release/libertykit
fi
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }

for n in $SCALES; do
    [ -s "$DIR/kit-$n.toml" ] || python3 scripts/make-big-kit.py "$n" > "$DIR/kit-$n.toml"
done
for n in $PASSES; do
    [ -s "$DIR/passes-$n.toml" ] || {
        printf '[rules]\nboard = 9\n\n[game]\nname = "Passes"\nmoves = [\n'
        yes '  "pass",' | head -n "$n"
        printf ']\n'
    } > "$DIR/passes-$n.toml"
done

# measure LABEL COUNT UNIT COMMAND...: RUNS runs; prints the median time and peak memory, and
# the peak per COUNT UNIT.
measure() {
    label=$1 count=$2 unit=$3
    shift 3
    runs=$DIR/runs.txt
    : > "$runs"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        rm -rf "$DIR/out" "$DIR/sheet.pdf"
        $TIME -f "%e %M %x" -o "$DIR/one.txt" "$@" > /dev/null 2> "$DIR/stderr.txt" || true
        tail -1 "$DIR/one.txt" >> "$runs"
        i=$((i + 1))
    done
    mid=$(( (RUNS + 1) / 2 ))
    secs=$(cut -d' ' -f1 "$runs" | sort -n | sed -n "${mid}p")
    kb=$(cut -d' ' -f2 "$runs" | sort -n | sed -n "${mid}p")
    code=$(cut -d' ' -f3 "$runs" | sort -n | sed -n "${mid}p")
    printf '%-32s %7s s %8.1f MB  %5.1f KB per %s  exit %s\n' "$label" "$secs" \
        "$(echo "$kb / 1024" | bc -l)" "$(echo "$kb / $count" | bc -l)" "$unit" "$code"
}

echo "libertykit: $LIBERTYKIT; median of $RUNS run(s) each"
for n in $SCALES; do
    measure "build, $n examples, PDF" "$n" example \
        "$LIBERTYKIT" build "$DIR/kit-$n.toml" --out "$DIR/out" --format pdf
    measure "build, $n examples, all formats" "$n" example \
        "$LIBERTYKIT" build "$DIR/kit-$n.toml" --out "$DIR/out"
done
for n in $PASSES; do
    measure "replay --pdf, $n passes" "$n" move \
        "$LIBERTYKIT" replay "$DIR/passes-$n.toml" --pdf "$DIR/sheet.pdf"
done
rm -rf "$DIR/out" "$DIR/sheet.pdf"
