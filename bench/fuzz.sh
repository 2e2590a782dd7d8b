#!/usr/bin/env bash
# Builds the libFuzzer target and runs it over a corpus seeded from Scenarios/
# and bench/fuzz-seeds/, with the language's words in bench/fuzz.dict.
# FUZZ_SECONDS (default 60) bounds the run; crashes land in fuzz-out/.
# FUZZ_TARGET=explore fuzzes `locsim explore` too (every path, then random
# ones, under small limits) after the replay of each input. The readers of
# input from other machines and folders have targets of their own:
# FUZZ_TARGET=shard (one explore shard's file, re-digested so mutations
# reach past the digest: Sources/locsim-fuzz), merge (shard files split at
# 0x1E bytes, merged) and coverage (`check --coverage`'s pass over one
# scenario); their seeds are bench/fuzz-seeds/shard/, merge/ and the
# scenarios.
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
case "$target" in
  replay|explore|shard|merge|coverage) ;;
  *) echo "fuzz.sh: unknown FUZZ_TARGET '$target' (replay, explore, shard, merge, coverage)" >&2; exit 2 ;;
esac
export FUZZ_TARGET=$target
# One module compiled by swiftc directly: SwiftPM's --sanitize=fuzzer leaves
# library targets without coverage counters (seen with Swift 6.3.1), and a
# fuzzer without coverage runs blind.
# One build for every target (it reads FUZZ_TARGET), made again only when a
# source is newer than it (FUZZ_REBUILD=1 forces it).
binary="$scratch/locsim-fuzz"
if [ -n "${FUZZ_REBUILD:-}" ] || [ ! -x "$binary" ] \
  || [ -n "$(find Sources/LocSimKit Sources/locsim-fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
  swiftc -O -sanitize="${FUZZ_SANITIZE:-fuzzer,address}" -parse-as-library -DFUZZING -module-name LocSimFuzz -package-name locsim \
    $(find Sources/LocSimKit -name '*.swift' | sort) Sources/locsim-fuzz/FuzzEntry.swift \
    -o "$binary" 2>&1 | grep -v "Cannot export local symbol" || true
fi
out=fuzz-out/$target
mkdir -p "$out/corpus"
case "$target" in
  shard|merge) cp bench/fuzz-seeds/"$target"/* "$out/corpus/" ;;
  *) find Scenarios bench/fuzz-seeds -name '*.scn' -exec cp {} "$out/corpus/" \; ;;
esac
max_len=4096
# A shard's file holds its scenario as a line of JSON, then the search.
if [ "$target" = shard ] || [ "$target" = merge ]; then max_len=65536; fi
SWIFT_BACKTRACE=enable=no "$binary" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
  -dict=bench/fuzz.dict -artifact_prefix="$out/" "$out/corpus"
