#!/usr/bin/env bash
# Builds a libFuzzer target for the GPX reader (GPXParser.read: fast reader,
# FoundationXML, pipe and file) and runs it over a corpus seeded from the
# repository's .gpx files. FUZZ_SECONDS (default 60) bounds the run;
# crashes land in fuzz-gpx-out/. LocSimKit and LocSimGPX are compiled as one
# module (see bench/fuzz.sh for why), so LocSimGPX's imports of LocSimKit
# are dropped from copies of its files.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
scratch=.build-fuzz/gpx
rm -rf "$scratch/src" && mkdir -p "$scratch/src"
for f in Sources/LocSimGPX/*.swift; do
  sed 's/^import LocSimKit$//' "$f" > "$scratch/src/$(basename "$f")"
done
swiftc -O -sanitize=fuzzer -parse-as-library -module-name LocSimGPXFuzz -package-name locsim \
  $(find Sources/LocSimKit -name '*.swift' | sort) "$scratch"/src/*.swift bench/fuzz-gpx/FuzzGPX.swift \
  -o "$scratch/gpx-fuzz" 2>&1 | grep -v "Cannot export local symbol" || true
mkdir -p fuzz-gpx-out/corpus
find Scenarios Tests -name '*.gpx' -size -16k -exec cp {} fuzz-gpx-out/corpus/ \;
SWIFT_BACKTRACE=enable=no "$scratch/gpx-fuzz" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=fuzz-gpx-out/ fuzz-gpx-out/corpus
