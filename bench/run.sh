#!/usr/bin/env bash
# Runs the locsim benchmarks and writes bench/RESULTS.md (called by `make bench`).
# Usage: bench/run.sh [path/to/locsim]
set -euo pipefail
cd "$(dirname "$0")/.."
LOCSIM=${1:-.build/release/locsim}
RUNS=${RUNS:-5}
OUT=bench/RESULTS.md
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT

commands=(
  "$LOCSIM bench --lines 1000000 --runs $RUNS"
  "$LOCSIM bench --lines 10000000 --runs $RUNS"
  "$LOCSIM bench --lines 1000000 --runs $RUNS --format jsonl"
  "$LOCSIM bench --writer --lines 10000000 --runs $RUNS"
)

{
  echo "# locsim benchmark results"
  echo
  echo "Written by \`make bench\` (bench/run.sh). Timings on a shared VM vary by"
  echo "±20–30% from run to run; each figure is the median of $RUNS runs."
  echo
  echo "## Machine"
  echo
  echo '```'
  echo "cores (nproc): $(nproc)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
  echo "kernel: $(uname -srm)"
  echo "swift: $(swift --version 2>/dev/null | head -1)"
  echo "memory (free -g):"
  free -g
  echo '```'
  for cmd in "${commands[@]}"; do
    echo
    echo "## \`${cmd#"$LOCSIM "}\`"
    echo
    echo '```'
    $cmd
    echo '```'
  done
  echo
  echo "## Command lines"
  echo
  echo '```'
  for cmd in "${commands[@]}"; do echo "$cmd"; done
  echo '```'
} > "$TMP"
mv "$TMP" "$OUT"
trap - EXIT
cat "$OUT"
