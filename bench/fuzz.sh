#!/usr/bin/env bash
# Builds the libFuzzer target and runs it over a corpus seeded from Scenarios/
# and bench/fuzz-seeds/, with the language's words in bench/fuzz.dict.
# FUZZ_SECONDS (default 60) bounds the run; crashes land in fuzz-out/.
# FUZZ_TARGET=explore fuzzes `locsim explore` too (every path, then random
# ones, under small limits) after the replay of each input.
# FUZZ_SANITIZE (default fuzzer,address): `fuzzer` alone leaves AddressSanitizer
# out. This build once stopped on the seed corpus itself (a heap use after free
# in `Simulator.significantChangesOutliveProcess`): Swift 6.3.1 miscompiled
# reads through the rule state's `_read` accessors; they are getters now
# (Simulator.world says why) and `make asan` runs the goldens under
# AddressSanitizer in every `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
target=${FUZZ_TARGET:-replay}
scratch=.build-fuzz
mkdir -p "$scratch"
flags=()
if [ "$target" = explore ]; then flags=(-DFUZZ_EXPLORE); fi
# One module compiled by swiftc directly: SwiftPM's --sanitize=fuzzer leaves
# library targets without coverage counters (seen with Swift 6.3.1), and a
# fuzzer without coverage runs blind.
swiftc -O -sanitize="${FUZZ_SANITIZE:-fuzzer,address}" -parse-as-library -DFUZZING "${flags[@]}" -module-name LocSimFuzz -package-name locsim \
  $(find Sources/LocSimKit -name '*.swift' | sort) Sources/locsim-fuzz/FuzzEntry.swift \
  -o "$scratch/locsim-fuzz-$target" 2>&1 | grep -v "Cannot export local symbol" || true
out=fuzz-out/$target
mkdir -p "$out/corpus"
find Scenarios bench/fuzz-seeds -name '*.scn' -exec cp {} "$out/corpus/" \;
SWIFT_BACKTRACE=enable=no "$scratch/locsim-fuzz-$target" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -dict=bench/fuzz.dict -artifact_prefix="$out/" "$out/corpus"
