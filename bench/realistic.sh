#!/usr/bin/env bash
# Speed on realistic traces (issue 14), as a Markdown section on stdout;
# bench/run.sh puts it in bench/RESULTS.md.
# Usage: bench/realistic.sh LOCSIM [BASELINE]
#
# Two generated traces of FIXES (default 86400: a day) fixes at 1 Hz:
# - a When In Use app with a background session (allowsBackgroundLocationUpdates,
#   updates started in the foreground), foreground/background every 10
#   minutes, a geofence crossed by `enter`/`exit` lines, visits: every fix
#   is delivered. Against the C floor (bench/cfloor.c: parses the fix lines
#   and prints the same delivered lines, nothing else).
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
    swift build -c release --static-swift-stdlib --product locsim --package-path "$prev_tree" > "$WORK/build.txt" 2>&1 \
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

cc -O2 -o "$WORK/cfloor" bench/cfloor.c -lm

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
    if (kind == "derived") print "set deriveCrossings true"
    print "0.000 launch"
    print "0.100 app requestWhenInUseAuthorization"
    print "0.200 user allowWhileUsing"
    print "0.300 app set allowsBackgroundLocationUpdates true"
    print "0.400 app startUpdatingLocation"
    if (kind == "session") {
      printf "0.500 app startMonitoring park %.6f %.6f 300\n", lat0 + dlat, lon0
      print "0.600 app startMonitoringVisits"
    }
    # Regions on the loop, every 18°: the route crosses each once an hour.
    for (k = 0; k < regions; k++)
      printf "0.%03d app startMonitoring r%d %.6f %.6f 150\n", 500 + k, k,
        lat0 + dlat * cos(2 * pi * k / regions), lon0 + dlon * sin(2 * pi * k / regions)
    foreground = 1
    for (i = 0; i < n; i++) {
      t = 1 + i
      a = 2 * pi * i / 3600
      jitter = ((i * 7919) % 13 - 6) * 0.000002
      acc = 4 + (i * 31) % 17
      printf "%d.000 fix %.7f %.7f %d\n", t, lat0 + dlat * cos(a) + jitter, lon0 + dlon * sin(a) - jitter, acc
      if (kind != "session") continue
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
trace derived 20 > "$WORK/regions20.scn"
trace derived 0 > "$WORK/regions0.scn"

# The claim "every fix delivered" is checked, not assumed.
fixes=$(grep -c ' fix ' "$WORK/session.scn")
"$LOCSIM" run "$WORK/session.scn" -o "$WORK/session.log"
delivered=$(grep -c 'didUpdateLocations' "$WORK/session.log" || true)
"$WORK/cfloor" "$WORK/session.scn" > "$WORK/cfloor.log"
same_lines=$(grep 'didUpdateLocations' "$WORK/session.log" | cmp -s - "$WORK/cfloor.log" && echo yes || echo no)

# median_ms CMD…: median wall time in ms of 15 runs after 2 warm-ups; the
# commands of one table alternate run by run (see `timed`), so a burst of
# load on the shared machine hits them alike.
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

declare -A commands=(
  [cur_session]="'$LOCSIM' run '$WORK/session.scn' -o '$WORK/out.log'"
  [cur_session2]="'$LOCSIM' run --threads 2 '$WORK/session.scn' -o '$WORK/out.log'"
  [cfloor]="'$WORK/cfloor' '$WORK/session.scn' > '$WORK/out.log'"
  [cur_r20]="'$LOCSIM' run '$WORK/regions20.scn' -o '$WORK/out.log'"
  [cur_r0]="'$LOCSIM' run '$WORK/regions0.scn' -o '$WORK/out.log'"
)
names=(cur_session cur_session2 cfloor cur_r20 cur_r0)
if [ -n "$BASELINE" ]; then
  commands[base_session]="'$BASELINE' run '$WORK/session.scn' -o '$WORK/out.log'"
  commands[base_r20]="'$BASELINE' run '$WORK/regions20.scn' -o '$WORK/out.log'"
  commands[base_r0]="'$BASELINE' run '$WORK/regions0.scn' -o '$WORK/out.log'"
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
echo "  visits. Fixes delivered: $delivered of $fixes. The C floor (bench/cfloor.c)"
echo "  parses the fix lines and prints the same delivered lines (identical bytes: $same_lines)."
echo "- *20 regions* ($(lines "$WORK/regions20.scn") lines): the same fixes with \`set deriveCrossings true\`"
echo "  and 20 monitored regions on the loop, each crossed twice an hour; *no regions*: the same without them."
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
row "C floor (bench/cfloor.c)" cfloor
row "20 regions, derived crossings" cur_r20 base_r20
row "no regions" cur_r0 base_r0
echo
echo "| ratio | this build | goal |"
echo "|---|---|---|"
echo "| C floor / When In Use day (speed relative to the C floor) | $(ratio "$(median cfloor)" "$(median cur_session)")× | > 1× on 2 cores |"
echo "| C floor / When In Use day, \`--threads 2\` | $(ratio "$(median cfloor)" "$(median cur_session2)")× | > 1× |"
echo "| 20 regions / no regions | $(ratio "$(median cur_r20)" "$(median cur_r0)")× | ≤ 1.5× |"
if [ -n "$BASELINE" ]; then
  echo "| 20 regions / no regions, baseline | $(ratio "$(median base_r20)" "$(median base_r0)")× | |"
fi

# Instructions executed (callgrind): the same on every run, where wall
# times of runs this short move by 10–20% on a shared machine.
if command -v valgrind > /dev/null; then
  instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null \
      | awk '/refs:/ { gsub(",", "", $NF); printf "%.1f", $NF / 1e6 }'
  }
  declare -A ir
  for t in session regions20 regions0; do
    ir[cur_$t]=$(instructions "$LOCSIM" run "$WORK/$t.scn" -o "$WORK/out.log")
    if [ -n "$BASELINE" ]; then ir[base_$t]=$(instructions "$BASELINE" run "$WORK/$t.scn" -o "$WORK/out.log"); fi
  done
  ir[cfloor]=$(instructions "$WORK/cfloor" "$WORK/session.scn")
  echo
  echo "Millions of instructions (\`valgrind --tool=callgrind\`, same inputs):"
  echo
  echo "| trace | this build | baseline | this / baseline |"
  echo "|---|---|---|---|"
  for t in session:"When In Use day" regions20:"20 regions, derived crossings" regions0:"no regions"; do
    key=${t%%:*}
    if [ -n "$BASELINE" ]; then
      echo "| ${t#*:} | ${ir[cur_$key]} M | ${ir[base_$key]} M | $(ratio "${ir[cur_$key]}" "${ir[base_$key]}")× |"
    else
      echo "| ${t#*:} | ${ir[cur_$key]} M | - | - |"
    fi
  done
  echo "| C floor (bench/cfloor.c) | ${ir[cfloor]} M | - | - |"
fi
