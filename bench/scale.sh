#!/usr/bin/env bash
# Growth of `locsim run` in the number of things a scenario keeps (issue 26,
# "Nothing is quadratic"): service sessions, CLMonitor conditions, timed `on`
# lines, monitored regions and named managers, each from 1k to 100k (SIZES),
# with wall time and peak memory (`/usr/bin/time`). Time per thing should
# stay flat as the count grows 10× and 100×; memory should grow linearly.
# Usage: bench/scale.sh [LOCSIM] (default the release build); SIZES="1000 10000 100000".
set -euo pipefail
cd "$(dirname "$0")/.."
LOCSIM=${1:-.build/release/locsim}
SIZES=${SIZES:-1000 10000 100000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

header() {
  echo "locsim 1"
  echo "platform iOS 18.0"
  echo 'plist NSLocationWhenInUseUsageDescription "x"'
  echo "0 launch"
  echo "0.1 app requestWhenInUseAuthorization"
  echo "0.2 user allowWhileUsing"
}

# scenario KIND N: N things of KIND, each on its own line 1 ms apart.
scenario() {
  header
  awk -v kind="$1" -v n="$2" 'BEGIN {
    if (kind == "conditions") print "1 app monitor geo open"
    if (kind == "on") print "1 app startUpdatingLocation"
    for (i = 0; i < n; i++) {
      t = sprintf("%d.%03d", 2 + int(i / 1000), i % 1000)
      lat = 35 + (i % 1000) * 0.001; lon = 139 + int(i / 1000) * 0.001
      if (kind == "sessions") printf "%s app serviceSession begin s%d whenInUse\n", t, i
      else if (kind == "conditions") printf "%s app monitor geo add c%d %.3f %.3f 100\n", t, i, lat, lon
      else if (kind == "on") { printf "%s on didEnterRegion r%d app requestLocation\n", t, i; printf "%s fix %.3f %.3f 5\n", t, lat, lon }
      else if (kind == "regions") printf "%s app startMonitoring r%d %.3f %.3f 100\n", t, i, lat, lon
      else if (kind == "managers") printf "%s app[m%d] startUpdatingLocation\n", t, i
    }
  }'
}

printf '| kind | count | seconds | µs each | peak MB |\n|---|---:|---:|---:|---:|\n'
for kind in sessions conditions on regions managers; do
  for n in $SIZES; do
    scenario "$kind" "$n" > "$WORK/s.scn"
    /usr/bin/time -f '%e %M' -o "$WORK/t" "$LOCSIM" run "$WORK/s.scn" > /dev/null 2> "$WORK/err" || { echo "$kind $n: $(head -1 "$WORK/err")"; continue; }
    read -r secs kb < "$WORK/t"
    awk -v k="$kind" -v n="$n" -v s="$secs" -v kb="$kb" 'BEGIN { printf "| %s | %d | %.2f | %.1f | %.1f |\n", k, n, s, s * 1e6 / n, kb / 1024 }'
  done
done
