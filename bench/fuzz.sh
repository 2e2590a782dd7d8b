#!/usr/bin/env bash
# Builds the libFuzzer target and runs it over a corpus seeded from Scenarios/.
# FUZZ_SECONDS (default 60) bounds the run; crashes land in fuzz-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
scratch=.build-fuzz
mkdir -p "$scratch"
# One module compiled by swiftc directly: SwiftPM's --sanitize=fuzzer leaves
# library targets without coverage counters (seen with Swift 6.3.1), and a
# fuzzer without coverage runs blind.
swiftc -O -sanitize=fuzzer,address -parse-as-library -DFUZZING -module-name LocSimFuzz -package-name locsim \
  $(find Sources/LocSimKit -name '*.swift' | sort) Sources/locsim-fuzz/FuzzEntry.swift \
  -o "$scratch/locsim-fuzz" 2>&1 | grep -v "Cannot export local symbol" || true
mkdir -p fuzz-out/corpus
find Scenarios -name '*.scn' -exec cp {} fuzz-out/corpus/ \;
SWIFT_BACKTRACE=enable=no "$scratch/locsim-fuzz" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=fuzz-out/ fuzz-out/corpus
