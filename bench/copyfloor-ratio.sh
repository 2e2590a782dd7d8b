#!/usr/bin/env bash
# Wall time of `run` against the copy floor (issue 31 item 7), with a
# baseline build in the same command: the median of 11 runs of each after
# a warm-up, the three commands alternating run by run so a burst of load
# on a shared machine hits them alike (bench/timeit.c).
# Usage: bench/copyfloor-ratio.sh BASELINE LOCSIM SCENARIO
# SCENARIO should have six-decimal fixes (bench/realistic.sh's `session6`):
# the copy floor writes no line for any other fix.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 locsim=$2 scenario=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/copyfloor" bench/copyfloor.c
cc -O2 -o "$work/timeit" bench/timeit.c
mapfile -t ms < <("$work/timeit" 11 "$base" run "$scenario" -o "$work/base.log" \
  ::: "$locsim" run "$scenario" -o "$work/this.log" ::: "$work/copyfloor" "$scenario" "$work/copy.log")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
b=$(printf "%.1f" "${ms[0]}") t=$(printf "%.1f" "${ms[1]}") c=$(printf "%.1f" "${ms[2]}")
echo "base $b ms, this $t ms, copy floor $c ms: this / copy floor $(ratio "$t" "$c")×, base / copy floor $(ratio "$b" "$c")×, this / base $(ratio "$t" "$b")×"
