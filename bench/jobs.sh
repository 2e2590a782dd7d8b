#!/usr/bin/env bash
# `check --jobs 1` against `--jobs 2` on 200 and 2,000 small scenarios
# (issue 31 item 9; goal: ≥ 1.7× on 200), as a Markdown table on stdout.
# Usage: bench/jobs.sh [LOCSIM] [BASELINE]
#
# The scenario folders are bench/run.sh's (copies of Scenarios/ with their
# goldens). Every command runs RUNS times (default 101), all of them in turn
# each round, so a burst of load on a shared machine falls on every command
# alike (bench/timeit.c); the table gives each command's median wall time,
# process start included, then `check` of a one-scenario folder and
# `/bin/true` for what starting a process costs here. With BASELINE (another
# build of locsim, e.g. main's), its rows are timed in the same rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCSIM=${1:-.build/release/locsim}
BASELINE=${2:-}
RUNS=${RUNS:-101}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
source bench/scenario-copies.sh

copy_scenarios 200 "$WORK/check200"
copy_scenarios 2000 "$WORK/check2000"
copy_scenarios 1 "$WORK/check1"

builds=("$LOCSIM")
if [ -n "$BASELINE" ]; then builds+=("$BASELINE"); fi
commands=()
for build in "${builds[@]}"; do
  for n in 200 2000; do
    commands+=("$build check $WORK/check$n --jobs 1" "$build check $WORK/check$n --jobs 2")
  done
  commands+=("$build check $WORK/check1")
done
commands+=("/bin/true")

cc -O2 -o "$WORK/timeit" bench/timeit.c
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# bench/timeit.c: one warm-up round, then RUNS rounds of every command in
# turn, each started by fork and exec (no shell between), its median printed.
args=()
for cmd in "${commands[@]}"; do
  # shellcheck disable=SC2206  # the command's words
  args+=($cmd ":::")
done
mapfile -t medians < <("$WORK/timeit" "$RUNS" "${args[@]:0:${#args[@]}-1}")

echo "| command | median of $RUNS (ms) | --jobs 1 / --jobs 2 |"
echo "|---|---:|---:|"
for i in "${!commands[@]}"; do
  ms=${medians[$i]}
  ratio=""
  if [[ ${commands[$i]} == *"--jobs 2" ]]; then
    ratio=$(awk -v a="$previous" -v b="$ms" 'BEGIN { printf "%.2f×", a / b }')
  fi
  previous=$ms
  echo "| \`${commands[$i]//$WORK\//}\` | $ms | $ratio |"
done
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg) (on two cores, figures"
echo "taken above a load of 1 say more about the other processes than about locsim)."
