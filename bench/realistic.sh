#!/usr/bin/env bash
# Speed on realistic traces (issue 14), as a Markdown section on stdout;
# bench/run.sh puts it in bench/RESULTS.md.
# Usage: bench/realistic.sh LOCSIM [BASELINE]
#
# Two generated traces of FIXES (default 86400: a day) fixes at 1 Hz:
# - a When In Use app with a background session (allowsBackgroundLocationUpdates,
#   updates started in the foreground), foreground/background every 10
#   minutes, a geofence crossed by `enter`/`exit` lines, visits: every fix
#   is delivered. Against the C floor (bench/floor.c, a copy of
#   ../shared/bench/floor.c kept here because CI clones only this
#   repository: reads the file, parses the times and the fixes' numbers by
#   hand and writes one log line a fix with hand-written fixed-point
#   formatting, no rules; what a careful C replay must at least do).
# - the same day with six-decimal coordinates, against the copy floor
#   (bench/copyfloor.c, a copy of ../shared/bench/copyfloor.c: it copies a
#   fix's digits to the log line without converting any number, and writes
#   nothing for a coordinate with other than six decimals, so it is measured
#   on this trace only; goal: locsim within 1.2× of it, issue 31 item 7).
# - the same fixes with `set deriveCrossings true` and 20 monitored regions
#   on the route, against the same trace without regions (goal ≤ 1.5×).
# Each is timed with LOCSIM and with BASELINE, the build of the previous
# commit made in the same run, so the ratios compare like with like on a
# shared machine. Without BASELINE, the commit BASE_REV is built in a
# temporary git worktree (default: HEAD when the working tree has changes
# to tracked files, HEAD~1 when it is clean; `BASE_REV=none` skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
LOCSIM=$1
BASELINE=${2:-}
SECONDS_OF_FIXES=${FIXES:-86400}
WORK=$(mktemp -d)
prev_tree=""
cleanup() {
  if [ -n "$prev_tree" ]; then git worktree remove --force "$prev_tree" > /dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ -z "$BASELINE" ]; then
  if [ -z "${BASE_REV:-}" ]; then
    if git diff --quiet HEAD -- 2> /dev/null; then BASE_REV=HEAD~1; else BASE_REV=HEAD; fi
  fi
  if [ "$BASE_REV" != none ]; then
    prev_tree="$WORK/prev"
    git worktree add --detach "$prev_tree" "$BASE_REV" > /dev/null 2>&1
    echo "building $BASE_REV ($(git rev-parse --short "$BASE_REV")) for the baseline…" >&2
    # shellcheck disable=SC2046  # the flags are words
    swift build $(make -s --no-print-directory release-flags) --product locsim --package-path "$prev_tree" \
      > "$WORK/build.txt" 2>&1 \
      || { cat "$WORK/build.txt" >&2; exit 1; }
    BASELINE="$prev_tree/.build/release/locsim"
  fi
fi
base_label=${BASE_REV:-given}
if [ -n "$BASELINE" ] && [ -n "${BASE_REV:-}" ] && [ "$BASE_REV" != none ]; then
  short=$(git rev-parse --short "$BASE_REV")
  base_label=$BASE_REV
  [[ $short == "$BASE_REV"* || $BASE_REV == "$short"* ]] || base_label="$BASE_REV ($short)"
fi

cc -O2 -o "$WORK/floor" bench/floor.c
cc -O2 -o "$WORK/copyfloor" bench/copyfloor.c

# trace KIND REGIONS: a generated trace on stdout. KIND `session` is the When
# In Use day; `derived` derives crossings of REGIONS regions from the fixes.
# The route: a loop of 2 km radius around 35.68 N 139.76 E, once an hour,
# with a few meters of deterministic jitter and varying accuracy.
trace() {
  awk -v kind="$1" -v regions="$2" -v n="$SECONDS_OF_FIXES" 'BEGIN {
    pi = atan2(0, -1); lat0 = 35.68; lon0 = 139.76
    dlat = 2000 / 111194.93; dlon = dlat / cos(lat0 * pi / 180)
    print "locsim 1"
    print "platform iOS 17.0"
    print "plist NSLocationWhenInUseUsageDescription \"Records your route.\""
    print "plist UIBackgroundModes location"
    if (kind == "derived" || kind == "monitor") print "set deriveCrossings true"
    print "0.000 launch"
    print "0.100 app requestWhenInUseAuthorization"
    print "0.200 user allowWhileUsing"
    print "0.300 app set allowsBackgroundLocationUpdates true"
    print "0.400 app " (kind == "live" ? "liveUpdates start" : "startUpdatingLocation")
    if (kind == "monitor") print "0.450 app monitor geo open"
    if (kind == "session" || kind == "session6") {
      printf "0.500 app startMonitoring park %.6f %.6f 300\n", lat0 + dlat, lon0
      print "0.600 app startMonitoringVisits"
    }
    # Regions on the loop, every 18°: the route crosses each once an hour.
    # Also the circular conditions of a CLMonitor (kind `monitor`).
    for (k = 0; k < regions; k++)
      printf "0.%03d app %s r%d %.6f %.6f 150\n", 500 + k, kind == "monitor" ? "monitor geo add" : "startMonitoring", k,
        lat0 + dlat * cos(2 * pi * k / regions), lon0 + dlon * sin(2 * pi * k / regions)
    foreground = 1
    for (i = 0; i < n; i++) {
      t = 1 + i
      a = 2 * pi * i / 3600
      jitter = ((i * 7919) % 13 - 6) * 0.000002
      acc = 4 + (i * 31) % 17
      printf (kind == "session6" ? "%d.000 fix %.6f %.6f %d\n" : "%d.000 fix %.7f %.7f %d\n"), t,
        lat0 + dlat * cos(a) + jitter, lon0 + dlon * sin(a) - jitter, acc
      if (kind != "session" && kind != "session6") continue
      if (i % 600 == 599) { print t ".500 " (foreground ? "background" : "foreground"); foreground = !foreground }
      # The park is at the top of the loop: entered at 0°, left at 20° of it.
      if (i % 3600 == 3500) print t ".600 enter park"
      if (i % 3600 == 200) print t ".600 exit park"
      if (i % 3600 == 1800) printf "%d.700 visit arrive %.6f %.6f 20\n", t, lat0 - dlat, lon0
      if (i % 3600 == 2400) printf "%d.700 visit depart %.6f %.6f 20\n", t, lat0 - dlat, lon0
    }
  }'
}
trace session 0 > "$WORK/session.scn"
trace session6 0 > "$WORK/session6.scn"
trace derived 20 > "$WORK/regions20.scn"
trace derived 0 > "$WORK/regions0.scn"
trace monitor 20 > "$WORK/monitor20.scn"
trace monitor 0 > "$WORK/monitor0.scn"
trace live 0 > "$WORK/live.scn"
trace plain 0 > "$WORK/plain.scn"

# The plain updates' fixes as a GPX track (`locsim gpx`, issue 20 item 10),
# and the fix lines it prints replayed as a scenario: the same fixes as
# lines, against which `gpx` is measured.
awk 'BEGIN { print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
  print "<gpx version=\"1.1\" creator=\"locsim bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
  print "<trk><name>loop</name><trkseg>" }
  / fix / { t = $1 - 1
    printf "<trkpt lat=\"%s\" lon=\"%s\"><ele>%.1f</ele><time>2024-05-01T%02d:%02d:%02dZ</time><hdop>%.1f</hdop></trkpt>\n",
      $3, $4, 40 + (NR % 7) * 0.1, int(t / 3600), int(t % 3600 / 60), t % 60, $5 / 5 }
  END { print "</trkseg></trk></gpx>" }' "$WORK/plain.scn" > "$WORK/day.gpx"
"$LOCSIM" gpx "$WORK/day.gpx" -o "$WORK/day-fixes.txt"
{ grep -v ' fix ' "$WORK/plain.scn"; awk '{ $1 = sprintf("%.3f", $1 + 1); print }' "$WORK/day-fixes.txt"; } > "$WORK/gpxlines.scn"

# The claim "every fix delivered" is checked, not assumed.
fixes=$(grep -c ' fix ' "$WORK/session.scn")
"$LOCSIM" run "$WORK/session.scn" -o "$WORK/session.log"
delivered=$(grep -c 'didUpdateLocations' "$WORK/session.log" || true)
"$WORK/floor" "$WORK/session.scn" "$WORK/floor.log" 2> /dev/null
# The floor cuts a seventh decimal where the log rounds it (half away from
# zero): the lines it writes agree with the log's except for that digit.
grep 'didUpdateLocations' "$WORK/session.log" > "$WORK/delivered.log" || true
floor_lines=$(wc -l < "$WORK/floor.log" | tr -d ' ')
same_lines=$(paste -d '\n' "$WORK/delivered.log" "$WORK/floor.log" | awk 'NR % 2 { a = $0; next } a == $0 { n++ } END { print n + 0 }')

"$LOCSIM" run "$WORK/session6.scn" -o "$WORK/session6.log"
"$WORK/copyfloor" "$WORK/session6.scn" "$WORK/copyfloor.log" 2> /dev/null
copy_lines=$(wc -l < "$WORK/copyfloor.log" | tr -d ' ')
copy_same=$(grep 'didUpdateLocations' "$WORK/session6.log" | paste -d '\n' - "$WORK/copyfloor.log" \
  | awk 'NR % 2 { a = $0; next } a == $0 { n++ } END { print n + 0 }')

# median_ms CMD…: median wall time in ms of 15 runs after 2 warm-ups; the
# commands of one table alternate run by run (see `timed`), so a burst of
# load on the shared machine hits them alike. Each command writes a file of
# its own, which its next run replaces (as a user re-running it does): one
# shared output file made each command pay for dropping the previous
# command's 7 MB log, a cost that depends on who wrote it.
declare -A samples
timed() {
  local round name start
  for round in $(seq 17); do
    for name in "$@"; do
      start=$(date +%s%N)
      eval "${commands[$name]}" > /dev/null
      [ "$round" -gt 2 ] && samples[$name]+="$((($(date +%s%N) - start) / 1000)) "
    done
  done
}
median() { tr ' ' '\n' <<< "${samples[$1]}" | grep . | sort -n | awk '{ t[NR] = $1 } END { printf "%.1f", t[int((NR + 1) / 2)] / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

declare -A commands
# replay NAME BINARY SCENARIO [OPTION…]: `run` of $WORK/SCENARIO.scn into a file of its own.
replay() {
  local name=$1 binary=$2 scenario=$3
  shift 3
  commands[$name]="'$binary' run $* '$WORK/$scenario.scn' -o '$WORK/out-$name.log'"
}
replay cur_session "$LOCSIM" session
replay cur_session2 "$LOCSIM" session --threads 2
commands[floor]="'$WORK/floor' '$WORK/session.scn' '$WORK/out-floor.log'"
replay cur_session6 "$LOCSIM" session6
commands[copyfloor]="'$WORK/copyfloor' '$WORK/session6.scn' '$WORK/out-copyfloor.log' 2> /dev/null"
replay cur_r20 "$LOCSIM" regions20
replay cur_r0 "$LOCSIM" regions0
replay cur_m20 "$LOCSIM" monitor20
replay cur_m0 "$LOCSIM" monitor0
replay cur_live "$LOCSIM" live
replay cur_plain "$LOCSIM" plain
commands[cur_timeline]="'$LOCSIM' timeline '$WORK/session.scn' -o '$WORK/out-cur_timeline.svg'"
commands[cur_gpx]="'$LOCSIM' gpx '$WORK/day.gpx' -o '$WORK/out-cur_gpx.txt'"
replay cur_gpxlines "$LOCSIM" gpxlines
names=(cur_session cur_session2 floor cur_session6 copyfloor cur_r20 cur_r0 cur_m20 cur_m0 cur_live cur_plain cur_timeline cur_gpx cur_gpxlines)
if [ -n "$BASELINE" ]; then
  replay base_session "$BASELINE" session
  replay base_r20 "$BASELINE" regions20
  replay base_r0 "$BASELINE" regions0
  names+=(base_session base_r20 base_r0)
fi
timed "${names[@]}"

lines() { wc -l < "$1" | tr -d ' '; }
echo "## Realistic traces (issue 14)"
echo
echo "Generated by bench/realistic.sh: $SECONDS_OF_FIXES fixes at 1 Hz on a 2 km loop."
echo "Each figure is the median wall time of 15 runs of \`run -o\`, the commands"
echo "of the table alternating run by run."
echo
echo "- *When In Use day* ($(lines "$WORK/session.scn") lines): a When In Use app with a background"
echo "  session, foreground/background every 10 minutes, a geofence (\`enter\`/\`exit\`),"
echo "  visits. Fixes delivered: $delivered of $fixes. The C floor (bench/floor.c) reads"
echo "  the file, parses every time and fix by hand and writes $floor_lines lines; $same_lines of them"
echo "  are byte for byte the log's (the others differ in the last decimal: the floor cuts"
echo "  the seventh decimal of a coordinate where the log rounds it)."
echo "- *six decimals*: the same day with coordinates written to six decimals; the copy floor"
echo "  (bench/copyfloor.c) copies each fix's digits into its log line and converts no number:"
echo "  $copy_lines lines, $copy_same of them byte for byte the log's delivered fixes."
echo "- *20 regions* ($(lines "$WORK/regions20.scn") lines): the same fixes with \`set deriveCrossings true\`"
echo "  and 20 monitored regions on the loop, each crossed twice an hour; *no regions*: the same without them."
echo "- *20 CLMonitor conditions*: the same with the 20 circles added to an open \`CLMonitor\` instead"
echo "  of monitored regions; *no conditions*: the monitor open with none."
echo "- *liveUpdates*: the fixes in the foreground through \`app liveUpdates start\`; *plain updates*:"
echo "  the same through \`startUpdatingLocation\`."
echo "- *timeline*: \`locsim timeline\` of the When In Use day to an SVG file, against \`run\` of it."
echo "- *gpx*: \`locsim gpx\` of the plain updates' $(grep -c '<trkpt' "$WORK/day.gpx") fixes written as a GPX track"
echo "  ($(($(wc -c < "$WORK/day.gpx") / 1000000)) MB: lat, lon, ele, time, hdop), against \`run\` of the fix lines it prints."
echo
echo "| trace | this build | baseline: ${BASELINE:+$base_label} | this / baseline |"
echo "|---|---|---|---|"
row() {
  local label=$1 cur=$2 base=${3:-}
  if [ -n "$base" ] && [ -n "$BASELINE" ]; then
    echo "| $label | $(median "$cur") ms | $(median "$base") ms | $(ratio "$(median "$cur")" "$(median "$base")")× |"
  else
    echo "| $label | $(median "$cur") ms | - | - |"
  fi
}
row "When In Use day" cur_session base_session
row "When In Use day, \`--threads 2\`" cur_session2
row "C floor (bench/floor.c)" floor
row "When In Use day, six decimals" cur_session6
row "copy floor (bench/copyfloor.c), six decimals" copyfloor
row "20 regions, derived crossings" cur_r20 base_r20
row "no regions" cur_r0 base_r0
row "20 CLMonitor conditions, derived" cur_m20
row "CLMonitor, no conditions" cur_m0
row "liveUpdates" cur_live
row "plain updates" cur_plain
row "timeline, When In Use day" cur_timeline
row "gpx, the fixes as a GPX track" cur_gpx
row "run, the same fixes as lines" cur_gpxlines
echo
echo "| ratio | this build | goal |"
echo "|---|---|---|"
echo "| C floor / When In Use day (speed relative to the C floor; above 1× is faster) | $(ratio "$(median floor)" "$(median cur_session)")× | > 1× |"
echo "| C floor / When In Use day, \`--threads 2\` | $(ratio "$(median floor)" "$(median cur_session2)")× | > 1× |"
echo "| When In Use day, six decimals / copy floor (above 1×: slower than the copy floor) | $(ratio "$(median cur_session6)" "$(median copyfloor)")× | ≤ 1.2× |"
echo "| one thread / \`--threads 2\`, When In Use day (above 1×: two threads win) | $(ratio "$(median cur_session)" "$(median cur_session2)")× | > 1× |"
echo "| 20 regions / no regions | $(ratio "$(median cur_r20)" "$(median cur_r0)")× | ≤ 1.5× |"
if [ -n "$BASELINE" ]; then
  echo "| 20 regions / no regions, baseline | $(ratio "$(median base_r20)" "$(median base_r0)")× | |"
fi
echo "| 20 CLMonitor conditions / no conditions | $(ratio "$(median cur_m20)" "$(median cur_m0)")× | ≤ 1.5× |"
echo "| liveUpdates / plain updates | $(ratio "$(median cur_live)" "$(median cur_plain)")× | ≤ 1.2× |"
echo "| timeline / run, When In Use day | $(ratio "$(median cur_timeline)" "$(median cur_session)")× | ≤ 1.5× |"
echo "| gpx / run of the same fixes as lines | $(ratio "$(median cur_gpx)" "$(median cur_gpxlines)")× | ≤ 8× |"

# Instructions executed (callgrind): the same on every run, where wall
# times of runs this short move by 10–20% on a shared machine.
if command -v valgrind > /dev/null; then
  instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null \
      | awk '/refs:/ { gsub(",", "", $NF); print $NF }'
  }
  declare -A ir
  for t in session regions20 regions0 monitor20 monitor0 live plain; do
    ir[cur_$t]=$(instructions "$LOCSIM" run "$WORK/$t.scn" -o "$WORK/out.log")
    if [ -n "$BASELINE" ]; then ir[base_$t]=$(instructions "$BASELINE" run "$WORK/$t.scn" -o "$WORK/out.log"); fi
  done
  ir[cur_session2]=$(instructions "$LOCSIM" run --threads 2 "$WORK/session.scn" -o "$WORK/out.log")
  ir[cur_timeline]=$(instructions "$LOCSIM" timeline "$WORK/session.scn" -o "$WORK/out.svg")
  ir[cur_gpxlines]=$(instructions "$LOCSIM" run "$WORK/gpxlines.scn" -o "$WORK/out.log")
  # `gpx` runs locsim-gpx as a child process: both processes count.
  ir[cur_gpx]=$(valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
    "$LOCSIM" gpx "$WORK/day.gpx" -o "$WORK/out.txt" 2>&1 > /dev/null \
    | awk '/refs:/ { gsub(",", "", $NF); n += $NF } END { print n }')
  ir[floor]=$(instructions "$WORK/floor" "$WORK/session.scn" "$WORK/out.log")
  ir[cur_session6]=$(instructions "$LOCSIM" run "$WORK/session6.scn" -o "$WORK/out.log")
  ir[copyfloor]=$(instructions "$WORK/copyfloor" "$WORK/session6.scn" "$WORK/out.log")
  # millions COUNT; per_line COUNT FILE: instructions a line of FILE.
  millions() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }
  per_line() { awk -v n="$1" -v l="$(lines "$2")" 'BEGIN { printf "%.0f", n / l }'; }
  echo
  echo "Instructions executed (\`valgrind --tool=callgrind\`, same inputs), in all"
  echo "and per line of the trace, start-up included:"
  echo
  echo "| trace | this build | a line | baseline | a line | this / baseline |"
  echo "|---|---|---|---|---|---|"
  for t in session:"When In Use day" regions20:"20 regions, derived crossings" regions0:"no regions" \
    monitor20:"20 CLMonitor conditions" monitor0:"CLMonitor, no conditions" live:"liveUpdates" plain:"plain updates"; do
    key=${t%%:*}
    cur="| ${t#*:} | $(millions "${ir[cur_$key]}") | $(per_line "${ir[cur_$key]}" "$WORK/$key.scn")"
    if [ -n "$BASELINE" ]; then
      echo "$cur | $(millions "${ir[base_$key]}") | $(per_line "${ir[base_$key]}" "$WORK/$key.scn") | $(ratio "${ir[cur_$key]}" "${ir[base_$key]}")× |"
    else
      echo "$cur | - | - | - |"
    fi
  done
  echo "| When In Use day, \`--threads 2\` (both threads) | $(millions "${ir[cur_session2]}") | $(per_line "${ir[cur_session2]}" "$WORK/session.scn") | - | - | - |"
  echo "| C floor (bench/floor.c), When In Use day | $(millions "${ir[floor]}") | $(per_line "${ir[floor]}" "$WORK/session.scn") | - | - | - |"
  echo "| When In Use day, six decimals | $(millions "${ir[cur_session6]}") | $(per_line "${ir[cur_session6]}" "$WORK/session6.scn") | - | - | - |"
  echo "| copy floor (bench/copyfloor.c), six decimals | $(millions "${ir[copyfloor]}") | $(per_line "${ir[copyfloor]}" "$WORK/session6.scn") | - | - | - |"
  echo "| timeline, When In Use day | $(millions "${ir[cur_timeline]}") | $(per_line "${ir[cur_timeline]}" "$WORK/session.scn") | - | - | - |"
  echo "| gpx (locsim and locsim-gpx), a fix | $(millions "${ir[cur_gpx]}") | $(per_line "${ir[cur_gpx]}" "$WORK/day-fixes.txt") | - | - | - |"
  echo "| run, the same fixes as lines | $(millions "${ir[cur_gpxlines]}") | $(per_line "${ir[cur_gpxlines]}" "$WORK/gpxlines.scn") | - | - | - |"
  echo
  echo "| ratio of instructions | this build | goal |"
  echo "|---|---|---|"
  echo "| When In Use day / C floor | $(ratio "${ir[cur_session]}" "${ir[floor]}")× | < 1× |"
  echo "| When In Use day, six decimals / copy floor | $(ratio "${ir[cur_session6]}" "${ir[copyfloor]}")× | |"
  echo "| 20 CLMonitor conditions / no conditions | $(ratio "${ir[cur_monitor20]}" "${ir[cur_monitor0]}")× | ≤ 1.5× |"
  echo "| liveUpdates / plain updates | $(ratio "${ir[cur_live]}" "${ir[cur_plain]}")× | ≤ 1.2× |"
  echo "| timeline / run, When In Use day | $(ratio "${ir[cur_timeline]}" "${ir[cur_session]}")× | ≤ 1.5× |"
  echo "| gpx / run of the same fixes as lines | $(ratio "${ir[cur_gpx]}" "${ir[cur_gpxlines]}")× | ≤ 8× |"
  if [ -n "$BASELINE" ]; then
    echo "| 20 CLMonitor conditions / no conditions, baseline | $(ratio "${ir[base_monitor20]}" "${ir[base_monitor0]}")× | |"
    echo "| liveUpdates / plain updates, baseline | $(ratio "${ir[base_live]}" "${ir[base_plain]}")× | |"
  fi
fi
