#!/bin/sh
# Profiles the playout bench binary (quick mode, libertykit and goban together) with perf.
# Usage: scripts/bench-profile.sh [extra perf report args]
set -e
cd "$(dirname "$0")/.."
CARGO_PROFILE_BENCH_DEBUG=true cargo bench --bench playout --no-run
bin=$(ls -t target/release/deps/playout-* | grep -v '\.d$' | head -1)
PLAYOUT_QUICK=1 PLAYOUT_REPS=3 perf record -g -o /tmp/bench-playout.perf "$bin" >/dev/null
perf report -i /tmp/bench-playout.perf --no-children --percent-limit 1 --stdio "$@" 2>/dev/null | grep -v '^$' | head -80
