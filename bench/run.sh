#!/usr/bin/env bash
# Runs the locsim benchmarks and writes bench/RESULTS.md (called by `make bench`).
# Usage: bench/run.sh [path/to/locsim]
#
# RUNS (default 5) is the number of timed runs of each replay figure.
# hyperfine (process timings) and valgrind (the profile) are used when
# installed; without hyperfine bench/timeit.c times the commands instead.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCSIM=${1:-.build/release/locsim}
RUNS=${RUNS:-5}
OUT=bench/RESULTS.md
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

replays=(
  "$LOCSIM bench --lines 1000000 --runs $RUNS"
  "$LOCSIM bench --lines 10000000 --runs $RUNS"
  "$LOCSIM bench --lines 1000000 --runs $RUNS --format jsonl"
  "$LOCSIM bench --writer --lines 10000000 --runs $RUNS"
  "$LOCSIM bench --lines 10000000 --runs $RUNS --threads 2"
  "$LOCSIM bench --device --lines 1000000 --runs $RUNS"
  "$(dirname "$LOCSIM")/locsim-corelocation-bench --fixes 1000000 --runs $RUNS"
)
check_jobs1="$LOCSIM check $WORK/check200 --jobs 1"
check_jobs2="$LOCSIM check $WORK/check200 --jobs 2"
large_jobs1="$LOCSIM check $WORK/check2000 --jobs 1"
large_jobs2="$LOCSIM check $WORK/check2000 --jobs 2"
fleet_jobs1="$LOCSIM check $WORK/fleet200 --jobs 1"
fleet_jobs2="$LOCSIM check $WORK/fleet200 --jobs 2"
tiny="$LOCSIM run bench/tiny.scn"

# copy_scenarios N DEST (bench/scenario-copies.sh).
source bench/scenario-copies.sh

# median_ms CMD…: the median wall time of the command, in milliseconds
# (hyperfine -N when installed, else bench/timeit.c: each run started by
# fork and exec, no shell between).
cc -O2 -o "$WORK/timeit" bench/timeit.c
median_ms() {
  if command -v hyperfine > /dev/null; then
    hyperfine -N -i --warmup 3 --runs 30 --export-csv "$WORK/t.csv" "$*" > /dev/null 2>&1
    # CSV: command,mean,stddev,median,… in seconds.
    awk -F, 'NR == 2 { printf "%.1f", $4 * 1000 }' "$WORK/t.csv"
  else
    "$WORK/timeit" 30 "$@" | awk '{ printf "%.1f", $1 }'
  fi
}

# field FILE PATTERN N: the Nth word of the line of FILE matching PATTERN.
field() { awk -v n="$3" "/$2/ { gsub(\",\", \"\"); print \$n; exit }" "$1"; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for i in "${!replays[@]}"; do
  ${replays[$i]} > "$WORK/replay$i.txt"
done

# Realistic traces against the C floor and against the previous commit's
# build, made here (BASELINE=path/to/locsim skips the build; see the script).
bench/realistic.sh "$LOCSIM" ${BASELINE:-} > "$WORK/realistic.md"

# Super-linear paths (issue 14): each input at a quarter of its size and at
# full size; a linear path takes about 4× as long for 4× the lines, a
# quadratic one about 16×. SCALE (default 1) multiplies every size; a run
# is cut off after LIMIT seconds (default 30) so `make bench` stays bounded.
SCALE=${SCALE:-1}
LIMIT=${LIMIT:-30}
PREAMBLE='locsim 1
platform iOS 14.0
plist NSLocationWhenInUseUsageDescription "Bench."
'
AUTHORIZE='0 launch
1 app requestWhenInUseAuthorization
2 user allowWhileUsing
'
# superlinear_input NAME N: writes $WORK/NAME-N.scn.
superlinear_input() {
  local name=$1 n=$2 file="$WORK/$1-$2.scn"
  case $name in
    addLocationNotification)  # distinct ids, one line each
      { printf '%s' "$PREAMBLE"; printf '%s' "$AUTHORIZE"
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "3 app addLocationNotification n%d 35.%06d 139.700000 100\n", i, i % 1000000 }'
      } > "$file" ;;
    startRangingBeacons)  # distinct (major, minor) constraints of one UUID
      { printf '%s' "$PREAMBLE"; printf '%s' "$AUTHORIZE"
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "3 app startRangingBeacons E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 %d %d\n", int(i / 1000), i % 1000 }'
      } > "$file" ;;
    plist)  # a header of n Info.plist keys, then a short flow
      { printf 'locsim 1\nplatform iOS 14.0\n'
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "plist Key%d \"value %d\"\n", i, i }'
        printf 'plist NSLocationWhenInUseUsageDescription "Bench."\n'; printf '%s' "$AUTHORIZE"
        printf '3 app startUpdatingLocation\n4 fix 35.000000 139.700000 5\n'
      } > "$file" ;;
    regions)  # n monitored regions under a raised maxRegions
      { printf '%s' "$PREAMBLE"; printf 'set maxRegions %d\n' "$n"; printf '%s' "$AUTHORIZE"
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "3 app startMonitoring r%d 35.%06d 139.700000 100\n", i, i % 1000000 }'
        printf '4 enter r0\n'
      } > "$file" ;;
    requestLocation)  # each request replaces the last, whose timeout is pending
      { printf '%s' "$PREAMBLE"; printf 'set requestLocationTimeout 100000\n'; printf '%s' "$AUTHORIZE"
        awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%d.%03d app requestLocation\n", 3 + int(i / 1000), i % 1000 }'
      } > "$file" ;;
  esac
  echo "$file"
}
# superlinear_time FILE: "<seconds> <peak RSS MB>" of one replay, or "timeout".
superlinear_time() {
  local out
  if out=$(timeout "$LIMIT" $LOCSIM bench --scenario "$1" --runs 1 2> /dev/null); then
    awk '/^median/ { t = $2 } /^peak/ { gsub(",", "", $4); m = $4 } END { printf "%s %d", t, m / 1024 }' <<< "$out"
  else
    echo "timeout"
  fi
}
superlinear_rows=()
for case_size in addLocationNotification:200000 startRangingBeacons:100000 plist:100000 regions:1000000 requestLocation:1000000; do
  name=${case_size%%:*}
  full=$(awk -v n="${case_size#*:}" -v s="$SCALE" 'BEGIN { printf "%d", n * s }')
  quarter=$((full / 4))
  small=$(superlinear_time "$(superlinear_input "$name" "$quarter")")
  large=$(superlinear_time "$(superlinear_input "$name" "$full")")
  rm -f "$WORK/$name"-*.scn
  ratio=$(awk -v a="$small" -v b="$large" -v lim="$LIMIT" 'BEGIN { split(a, x, " "); split(b, y, " ");
    if (a == "timeout") print "-"; else if (b == "timeout") print "> " sprintf("%.0f", lim / (x[1] > 0 ? x[1] : 0.001)) "×"; else if (x[1] > 0) printf "%.1f×", y[1] / x[1]; else print "-" }')
  shown() { if [ "$1" = timeout ]; then echo "> $LIMIT s (cut off)"; else echo "${1% *} s, peak RSS ${1#* } MB"; fi; }
  superlinear_rows+=("| $name | $quarter: $(shown "$small") | $full: $(shown "$large") | $ratio |")
done

copy_scenarios 200 "$WORK/check200"
copy_scenarios 2000 "$WORK/check2000"
$check_jobs1 > "$WORK/check.txt" || true
jobs1=$(median_ms $check_jobs1)
jobs2=$(median_ms $check_jobs2)
speedup=$(awk -v a="$jobs1" -v b="$jobs2" 'BEGIN { printf "%.2f", a / b }')
large1=$(median_ms $large_jobs1)
large2=$(median_ms $large_jobs2)
large_speedup=$(awk -v a="$large1" -v b="$large2" 'BEGIN { printf "%.2f", a / b }')
# A fleet audit: 200 recorded day-long traces (copies of the day-in-the-life
# golden, ~1,500 lines each), where replay work rather than start-up dominates.
mkdir -p "$WORK/fleet200"
for i in $(seq 200); do
  cp Scenarios/services/day-in-the-life.scn "$WORK/fleet200/day$i.scn"
  cp Scenarios/services/day-in-the-life.log "$WORK/fleet200/day$i.log"
done
fleet1=$(median_ms $fleet_jobs1)
fleet2=$(median_ms $fleet_jobs2)
fleet_speedup=$(awk -v a="$fleet1" -v b="$fleet2" 'BEGIN { printf "%.2f", a / b }')
tiny_ms=$(median_ms $tiny)
timer=$(command -v hyperfine > /dev/null && echo "hyperfine -N" || echo "bench/timeit.c")

profile_available=false
if command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null; then
  profile_available=true
  $LOCSIM bench --emit-trace --lines 200000 > "$WORK/trace200k.scn"
  valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" \
    $LOCSIM run "$WORK/trace200k.scn" -o "$WORK/trace200k.log" 2> "$WORK/valgrind.txt"
  demangle=cat
  if command -v swift > /dev/null; then demangle="swift demangle --simplified"; fi
  total_ir=$(awk '/I *refs:/ { gsub(",", "", $NF); print $NF }' "$WORK/valgrind.txt")
  # Inlined code is reported under the file it came from: sum each
  # function's pieces, then keep the 15 largest.
  callgrind_annotate --auto=no "$WORK/callgrind.out" 2> /dev/null | $demangle \
    | awk -v total="$total_ir" '
        /file:function/ { on = 1; next }
        on && $1 ~ /^[0-9,]+$/ {
          ir = $1; gsub(",", "", ir)
          name = $0; sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, "", name); sub(/^[^:]*:/, "", name); sub(/ \[[^]]*\]$/, "", name)
          sum[name] += ir
        }
        END { for (n in sum) printf "%12d  %5.1f%%  %s\n", sum[n], 100 * sum[n] / total, n }' \
    | sort -rn | awk 'NR <= 15' > "$WORK/top.txt"
fi

{
  echo "# locsim benchmark results"
  echo
  echo "Written by \`make bench\` (bench/run.sh). Timings on a shared VM vary by"
  echo "±20–30% from run to run; each replay figure is the median of $RUNS runs,"
  echo "each process timing the median of 30 ($timer)."
  echo
  echo "## Machine"
  echo
  echo '```'
  echo "cores (nproc): $(nproc)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
  echo "kernel: $(uname -srm)"
  echo "swift: $(swift --version 2>/dev/null | head -1)"
  echo "locsim: $LOCSIM, Swift runtime linked $(ldd "$LOCSIM" 2>/dev/null | grep -q libswiftCore && echo dynamically || echo statically)"
  echo "memory (free -g):"
  free -g
  echo "load average (1, 5, 15 min) at the start: $load_before; at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo '```'
  echo
  echo "A load average near or above the number of cores means other work shared"
  echo "the machine during the run: then only the ratios measured in one run"
  echo "(threads, jobs, this build against the baseline) are comparable."
  echo
  echo "## Summary"
  echo
  echo "| figure | result | target |"
  echo "|---|---|---|"
  for i in 0 1; do
    echo "| replay $(field "$WORK/replay$i.txt" '^trace' 5) lines, text log to a file" \
      "| $(field "$WORK/replay$i.txt" '^median' 4) lines/s, $(field "$WORK/replay$i.txt" '^median' 6) MB/s in," \
      "peak RSS $(($(field "$WORK/replay$i.txt" '^peak' 4) / 1024)) MB | ≥ 5 M lines/s, ≤ 50 MB |"
  done
  one=$(field "$WORK/replay1.txt" '^median' 2)
  two=$(field "$WORK/replay4.txt" '^median' 2)
  echo "| replay 10 M lines, parsing on a second thread (\`--threads 2\`) vs one thread, same run" \
    "| $(field "$WORK/replay4.txt" '^median' 4) lines/s: $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')× | > 1× |"
  echo "| SimulatedDevice: 1 M fixes, one \`feed(fix:)\` a call, vs replaying its scenario to records, same run" \
    "| $(field "$WORK/replay5.txt" '^device \/ replay \(records' 5) (text log: $(field "$WORK/replay5.txt" '^device \/ replay \(text' 5)) | ≤ 2× |"
  echo "| LocSimCoreLocation: a \`CLLocationManager\` fed 1 M fixes vs the SimulatedDevice manager under it, same run" \
    "| $(field "$WORK/replay6.txt" '^CLLocationManager \/ SimulatedDevice' 4) | ≤ 1.3× |"
  echo "| \`check\` on 200 scenarios, \`--jobs 1\` / \`--jobs 2\` | $jobs1 ms / $jobs2 ms: ${speedup}× | ≥ 1.7× |"
  echo "| \`check\` on 2,000 scenarios, \`--jobs 1\` / \`--jobs 2\` | $large1 ms / $large2 ms: ${large_speedup}× | |"
  echo "| \`check\` on 200 day-long traces, \`--jobs 1\` / \`--jobs 2\` | $fleet1 ms / $fleet2 ms: ${fleet_speedup}× | ≥ 1.7× |"
  echo "| \`run\` on a 10-line scenario (bench/tiny.scn) | $tiny_ms ms | < 15 ms |"
  echo
  cat "$WORK/realistic.md"
  echo
  echo "## Super-linear paths"
  echo
  echo "Generated inputs (bench/run.sh \`superlinear_input\`), each replayed once at a"
  echo "quarter of its size and at full size with \`locsim bench --scenario\`; runs"
  echo "over $LIMIT s are cut off. Linear: the full size takes about 4× the quarter."
  echo
  echo "| input | quarter size: time, memory | full size: time, memory | ratio (linear ≈ 4×) |"
  echo "|---|---|---|---|"
  printf '%s\n' "${superlinear_rows[@]}"
  for i in "${!replays[@]}"; do
    echo
    echo "## \`${replays[$i]#"$LOCSIM "}\`"
    echo
    echo '```'
    cat "$WORK/replay$i.txt"
    echo '```'
  done
  echo
  echo "## \`check\` on 200 and 2,000 scenarios"
  echo
  echo "The scenarios are Scenarios/ with their goldens, copied in order until"
  echo "there are 200 ($(tail -1 "$WORK/check.txt")), or 2,000."
  echo
  echo '```'
  echo "200 scenarios,   --jobs 1: $jobs1 ms"
  echo "200 scenarios,   --jobs 2: $jobs2 ms (${speedup}×)"
  echo "2000 scenarios,  --jobs 1: $large1 ms"
  echo "2000 scenarios,  --jobs 2: $large2 ms (${large_speedup}×)"
  echo "200 day traces,  --jobs 1: $fleet1 ms"
  echo "200 day traces,  --jobs 2: $fleet2 ms (${fleet_speedup}×)"
  echo '```'
  echo
  echo "## Profile: a 200 k-line replay under callgrind"
  echo
  if $profile_available; then
    echo "\`valgrind --tool=callgrind locsim run trace200k.scn -o trace200k.log\`, the"
    echo "trace from \`locsim bench --emit-trace --lines 200000\`: $total_ir instructions,"
    echo "$((total_ir / 200000)) a line. Top functions by instructions executed in them (not in"
    echo "what they call; code inlined into them counts as theirs):"
    echo
    echo '```'
    cat "$WORK/top.txt"
    echo '```'
  else
    echo "(valgrind is not installed: no profile.)"
  fi
  echo
  cat bench/next-steps.md
  echo
  echo "## Command lines"
  echo
  echo "(\`\$TMP\` is a temporary folder, removed afterwards.)"
  echo
  echo '```'
  for cmd in "${replays[@]}" "$check_jobs1" "$check_jobs2" "$large_jobs1" "$large_jobs2" "$fleet_jobs1" "$fleet_jobs2" "$tiny"; do
    echo "${cmd//$WORK/\$TMP}"
  done
  if $profile_available; then
    echo "$LOCSIM bench --emit-trace --lines 200000 > trace200k.scn"
    echo "valgrind --tool=callgrind $LOCSIM run trace200k.scn -o trace200k.log"
  fi
  echo '```'
} > "$WORK/RESULTS.md"
mv "$WORK/RESULTS.md" "$OUT"
cat "$OUT"
