#!/usr/bin/env bash
# Wall time of `run` against the copy floor (issue 31 item 7), with a
# baseline build in the same command: the median of 11 runs of each after
# 2 warm-ups, the three commands alternating run by run so a burst of load
# on a shared machine hits them alike.
# Usage: bench/copyfloor-ratio.sh BASELINE LOCSIM SCENARIO
# SCENARIO should have six-decimal fixes (bench/realistic.sh's `session6`):
# the copy floor writes no line for any other fix.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 locsim=$2 scenario=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/copyfloor" bench/copyfloor.c
declare -A samples
for round in $(seq 13); do
  for name in base this copy; do
    start=$(date +%s%N)
    case $name in
      base) "$base" run "$scenario" -o "$work/base.log" ;;
      this) "$locsim" run "$scenario" -o "$work/this.log" ;;
      copy) "$work/copyfloor" "$scenario" "$work/copy.log" 2> /dev/null ;;
    esac
    [ "$round" -gt 2 ] && samples[$name]+="$((($(date +%s%N) - start) / 1000)) "
  done
done
median() { tr ' ' '\n' <<< "${samples[$1]}" | grep . | sort -n | awk '{ t[NR] = $1 } END { printf "%.1f", t[int((NR + 1) / 2)] / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
b=$(median base) t=$(median this) c=$(median copy)
echo "base $b ms, this $t ms, copy floor $c ms: this / copy floor $(ratio "$t" "$c")×, base / copy floor $(ratio "$b" "$c")×, this / base $(ratio "$t" "$b")×"
