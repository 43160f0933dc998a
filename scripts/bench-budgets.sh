#!/bin/sh
# Measures the cost budgets of issue 19 (section 5) on a release build: for each row, the median
# wall time of RUNS runs (default 5), the median of their peak memory (max RSS, as
# /usr/bin/time reports it), and the budget beside it. The inputs are generated once into
# BENCH_DIR (default target/bench-budgets) by scripts/make-big-kit.py and
# scripts/make-long-record.py; the 80k-move game takes the generator about a minute.
#
# Usage: scripts/bench-budgets.sh             # all rows
#        RUNS=9 scripts/bench-budgets.sh      # more runs per row
#        LIBERTYKIT=/path/to/libertykit scripts/bench-budgets.sh   # another build (e.g. an older one)
#
# Needs python3, GNU time (/usr/bin/time) and bc.
#
# Timing is not a test: the machine this runs on may be shared and slow. Compare the figures with
# the budgets, and two builds within one run of this script on one machine. See
# docs/benchmarks.md for the figures measured.
set -e
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
DIR=${BENCH_DIR:-target/bench-budgets}
mkdir -p "$DIR"
if [ -z "$LIBERTYKIT" ]; then
    cargo build --release --quiet
    LIBERTYKIT=target/release/libertykit
fi
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }

# Inputs, made once.
input() { [ -s "$DIR/$1" ] || { echo "making $DIR/$1" >&2; generate "$@"; }; }
generate() { out=$1; shift; python3 "$@" > "$DIR/$out"; }
input kit-64k.toml scripts/make-big-kit.py 64000
input games-100k.sgf scripts/make-big-kit.py 100000 --sgf
input games-120k.sgf scripts/make-big-kit.py 120000 --sgf
for n in 20000 40000 80000; do input "sequence-$n.toml" scripts/make-long-record.py "$n" --kit; done
# A 2 GiB font file: sparse, so it takes no disk, but reading it would read 2 GiB of zeros.
[ -f "$DIR/huge.ttf" ] || truncate -s 2G "$DIR/huge.ttf"
printf '[kit]\ntitle = "Huge font"\nfont = "huge.ttf"\n\n[rules]\nboard = 5\n\n[[example]]\nposition = "white C3; black B3 C2 D3"\nto_play = "black"\ntask = "capture"\n' > "$DIR/huge-font.toml"
printf '[kit]\ntitle = "Rules only"\n\n[rules]\nboard = 5\n' > "$DIR/no-examples.toml"

# measure LABEL BUDGET COMMAND...: RUNS runs of COMMAND; prints the median time and peak memory.
measure() {
    label=$1 budget=$2
    shift 2
    runs=$DIR/runs.txt
    : > "$runs"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        $TIME -f "%e %M %x" -o "$DIR/one.txt" "$@" > /dev/null 2> "$DIR/stderr.txt" || true
        tail -1 "$DIR/one.txt" >> "$runs"
        i=$((i + 1))
    done
    mid=$(( (RUNS + 1) / 2 ))
    secs=$(cut -d' ' -f1 "$runs" | sort -n | sed -n "${mid}p")
    kb=$(cut -d' ' -f2 "$runs" | sort -n | sed -n "${mid}p")
    code=$(cut -d' ' -f3 "$runs" | sort -n | sed -n "${mid}p")
    printf '%-34s %6s s %8.1f MB  exit %s   budget: %s\n' "$label" "$secs" "$(echo "$kb / 1024" | bc -l)" "$code" "$budget"
    LAST_KB=$kb
}

echo "libertykit: $LIBERTYKIT; median of $RUNS runs each"
measure "check, 64k examples" "< 1 s, <= 20 MB + 6 KB per example (395 MB)" \
    "$LIBERTYKIT" check "$DIR/kit-64k.toml"
echo "    $(echo "($LAST_KB - 20480) / 64000" | bc -l | cut -c1-4) KB per example above 20 MB"
# To standard output: `--out` over the last run's kit would need `--force`, which older builds lack.
measure "import, 100k games" "< 2 s, <= 8 KB per game (800 MB)" \
    "$LIBERTYKIT" import "$DIR/games-100k.sgf"
echo "    $(echo "$LAST_KB / 100000" | bc -l | cut -c1-4) KB per game"
for n in 20000 40000 80000; do
    measure "check, a sequence of $n moves" "linear, < 1 s at 80k" \
        "$LIBERTYKIT" check "$DIR/sequence-$n.toml"
done
measure "check, kit naming a 2 GiB font" "refused (exit 1) in < 0.1 s" \
    "$LIBERTYKIT" check "$DIR/huge-font.toml"
sed -n 1p "$DIR/stderr.txt" | cut -c1-110 | sed 's/^/    /'

# The two refusals: what is printed and written, not how fast.
rm -f "$DIR/imported-120k.toml"
code=0
"$LIBERTYKIT" import "$DIR/games-120k.sgf" --out "$DIR/imported-120k.toml" > /dev/null 2> "$DIR/stderr.txt" || code=$?
written=$([ -e "$DIR/imported-120k.toml" ] && echo "a kit written" || echo "nothing written")
echo "import, 120k games (kit over 16 MiB)  exit $code, $written   budget: never a kit check cannot read"
sed -n 1p "$DIR/stderr.txt" | cut -c1-110 | sed 's/^/    /'
code=0
"$LIBERTYKIT" export "$DIR/no-examples.toml" --out "$DIR/no-examples.sgf" > /dev/null 2> "$DIR/stderr.txt" || code=$?
size=$([ -e "$DIR/no-examples.sgf" ] && echo "$(wc -c < "$DIR/no-examples.sgf")-byte SGF written" || echo "nothing written")
rm -f "$DIR/no-examples.sgf"
echo "export, a kit with no examples        exit $code, $size   budget: round trip holds, or refused"
sed -n 1p "$DIR/stderr.txt" | cut -c1-110 | sed 's/^/    /'
