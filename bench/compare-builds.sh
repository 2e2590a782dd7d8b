#!/usr/bin/env bash
# Compares two locsim builds in one run (`bench/compare-builds.sh BEFORE AFTER
# [SCENARIO]`): binary size, start-up of `run bench/tiny.scn` (ROUNDS rounds
# of 50 runs each, the two builds alternating, so machine noise hits both),
# and, given a scenario (e.g. one playing a long GPX track), its replay time
# (median of 5). Run from the repository root.
set -euo pipefail
before=$1
after=$2
scenario=${3:-}
rounds=${ROUNDS:-4}

now_ns() { date +%s%N; }

# Milliseconds per run of `$1 run bench/tiny.scn`, over 50 runs.
tiny_ms() {
  local start end
  start=$(now_ns)
  for ((i = 0; i < 50; i++)); do "$1" run bench/tiny.scn >/dev/null; done
  end=$(now_ns)
  echo $(((end - start) / 50000))  # µs per run
}

# Median seconds of 5 replays of `$2` by `$1`.
replay_s() {
  local times=() start end
  for ((r = 0; r < 5; r++)); do
    start=$(now_ns)
    "$1" run "$2" >/dev/null
    end=$(now_ns)
    times+=($(((end - start) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}

for bin in "$before" "$after"; do
  printf '%-40s %6.1f MB\n' "$bin" "$(echo "$(stat -c %s "$bin") / 1048576" | bc -l)"
done
declare -a b_us a_us
for ((r = 0; r < rounds; r++)); do
  b_us+=($(tiny_ms "$before"))
  a_us+=($(tiny_ms "$after"))
done
b_med=$(printf '%s\n' "${b_us[@]}" | sort -n | sed -n "$((rounds / 2 + 1))p")
a_med=$(printf '%s\n' "${a_us[@]}" | sort -n | sed -n "$((rounds / 2 + 1))p")
echo "start-up, run bench/tiny.scn, µs per run by round of 50:"
echo "  before: ${b_us[*]} (median $b_med)"
echo "  after:  ${a_us[*]} (median $a_med)"
echo "  after/before: $(echo "scale=2; $a_med / $b_med" | bc)"
if [[ -n $scenario ]]; then
  b=$(replay_s "$before" "$scenario")
  a=$(replay_s "$after" "$scenario")
  echo "replay of $scenario, median of 5: before $b ms, after $a ms, after/before $(echo "scale=2; $a / $b" | bc)"
fi
