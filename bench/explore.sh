#!/usr/bin/env bash
# `locsim explore` benchmarks (issue 17, "Speed and size"). Run from the
# repository root: bench/explore.sh [path/to/locsim] (default the release build).
#
# 1. The ten seed flows of Scenarios/seeds/ with their prompt answers turned
#    into `user any` choice points, explored on --all platforms: the total,
#    against `matrix --all` of the same original seeds in the same run;
#    then again with `--system-terminations 1`.
# 2. A synthetic flow of a dozen launches that each ask again after Allow
#    Once, with `user settings any` between every other launch: paths,
#    distinct states, wall time and peak memory.
# 3. Where the state hashing runs: instructions (callgrind, when installed)
#    of `locsim run` on a seed spent in hashing and comparing `World`, the
#    rule state (none: a run
#    never hashes), and the share of an explore spent there.
# 4. `--random 10000` and `100000` on 100 launches: wall time, peak memory.
# 5. `--counterexamples --shrink` of the seeds against the same without.
# 6. The RunTracker device exploration of Examples/ (DeviceExploration over
#    iOS 13–26 with systemTerminations 1, `ComeBackToTheApp`): paths and the
#    best wall time of three runs, against the same with k = 0 in the same
#    run. Builds Examples/'s release bench program first (a few minutes the
#    first time); SKIP_DEVICE=1 leaves it out.
set -euo pipefail
cd "$(dirname "$0")/.."
# launches N: the synthetic flow of N launches (bench/launches.sh).
source bench/launches.sh
LOCSIM=${1:-.build/release/locsim}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# 1. Seeds with choice points.
mkdir -p "$WORK/seeds"
for f in Scenarios/seeds/*.scn; do
  # `user <answer> [precise=…]` lines (not settings, not tapNotification) become `user any`.
  sed -E 's/^([0-9.+]+[[:space:]]+user[[:space:]]+)(allow|allowWhileUsing|allowOnce|allowAlways|dontAllow|keepWhileUsing|changeToAlways)([[:space:]].*)?$/\1any/' \
    "$f" > "$WORK/seeds/$(basename "$f")"
done
anys=$(cat "$WORK"/seeds/*.scn | grep -c ' user any$' || true)
start=$(now_ms)
for f in Scenarios/seeds/*.scn; do "$LOCSIM" matrix "$f" --all --jobs 1 > /dev/null; done
matrix_ms=$(($(now_ms) - start))
start=$(now_ms)
paths=0
for f in "$WORK"/seeds/*.scn; do
  line=$("$LOCSIM" explore "$f" --all --jobs 1 2>&1 > /dev/null | tail -1)
  paths=$((paths + $(echo "$line" | awk '{ print $3 }')))
done
explore_ms=$(($(now_ms) - start))
n=$(ls "$WORK"/seeds/*.scn | wc -l)
echo "seeds: $n flows, $anys answers made choice points, --all platforms (15), one job"
echo "  explore: $paths paths in $explore_ms ms in total; matrix --all of the original seeds: $matrix_ms ms (ratio $(echo "scale=2; $explore_ms / $matrix_ms" | bc))"
# The same with the system ending the suspended app at any one line (docs/explore.md, "The system's choices").
start=$(now_ms)
paths=0
for f in "$WORK"/seeds/*.scn; do
  line=$("$LOCSIM" explore "$f" --all --jobs 1 --system-terminations 1 2>&1 > /dev/null | tail -1)
  paths=$((paths + $(echo "$line" | awk '{ print $3 }')))
done
terminations_ms=$(($(now_ms) - start))
echo "  explore --system-terminations 1: $paths paths in $terminations_ms ms in total (ratio to explore $(echo "scale=2; $terminations_ms / $explore_ms" | bc))"

# 2. Synthetic: a dozen launches, each asking again after Allow Once.
launches 12 > "$WORK/synthetic.scn"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '%e s %M KiB' -o "$WORK/time.txt" "$LOCSIM" explore "$WORK/synthetic.scn" -o "$WORK/synthetic.out" 2> "$WORK/err.txt"
  echo "synthetic: $(tail -1 "$WORK/err.txt" | sed 's/^locsim explore: //'); wall $(awk '{ print $1, $2 }' "$WORK/time.txt"), peak $(awk '{ printf "%.0f MB", $3 / 1024 }' "$WORK/time.txt"); $(grep " distinct state" "$WORK/synthetic.out" | tail -1 | sed 's/.*, //')"
else
  "$LOCSIM" explore "$WORK/synthetic.scn" -o "$WORK/synthetic.out"
fi
# The same search in 4 shards and merged (docs/explore.md, "Sharded search"):
# each shard's time and file, the merge's time, and the merged report
# against the one above, byte for byte.
start=$(now_ms)
for i in 1 2 3 4; do
  s=$(now_ms)
  "$LOCSIM" explore "$WORK/synthetic.scn" --shard "$i/4" -o "$WORK/part-$i.jsonl" 2> /dev/null
  echo "  shard $i/4: $(($(now_ms) - s)) ms, $(($(wc -c < "$WORK/part-$i.jsonl") / 1024)) KiB"
done
shards_ms=$(($(now_ms) - start))
start=$(now_ms)
"$LOCSIM" explore --merge "$WORK"/part-*.jsonl -o "$WORK/merged.out" 2> /dev/null
merge_ms=$(($(now_ms) - start))
same=$(cmp -s "$WORK/merged.out" "$WORK/synthetic.out" && echo "the same bytes" || echo "DIFFERENT bytes")
echo "synthetic in 4 shards: $shards_ms ms in all, merge $merge_ms ms; merged report: $same"

# 4. Random paths: 100,000 samples of 100 launches that each ask again
#    after Allow Once (too many outcomes to search whole, issue 28).
launches 100 > "$WORK/launches100.scn"
for samples in 10000 100000; do
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%e s %M KiB' -o "$WORK/time.txt" "$LOCSIM" explore "$WORK/launches100.scn" --random $samples --seed 1 -o "$WORK/random.out" 2> /dev/null
    echo "random: 100 launches, --random $samples: wall $(awk '{ print $1, $2 }' "$WORK/time.txt"), peak $(awk '{ printf "%.0f MB", $3 / 1024 }' "$WORK/time.txt"); $(grep "sampled paths (seed" "$WORK/random.out" | tail -1)"
  fi
done

# 5. Shrinking: the seeds' counterexamples (item 1) written with and
#    without --shrink in the same run; the difference over the files.
start=$(now_ms)
for f in "$WORK"/seeds/*.scn; do
  rm -rf "$WORK/cx" && "$LOCSIM" explore "$f" --all --jobs 1 --counterexamples "$WORK/cx" > /dev/null 2>&1 || true
done
plain_ms=$(($(now_ms) - start))
files=0
slowest=0
start=$(now_ms)
for f in "$WORK"/seeds/*.scn; do
  rm -rf "$WORK/cx"
  one=$(now_ms)
  "$LOCSIM" explore "$f" --all --jobs 1 --counterexamples "$WORK/cx" --shrink > /dev/null 2>&1 || true
  n=$(ls "$WORK/cx" 2> /dev/null | wc -l)
  files=$((files + n))
  # The whole explore of this flow over its files: an upper bound per file.
  if [ "$n" -gt 0 ]; then per=$((($(now_ms) - one) / n)); [ $per -gt $slowest ] && slowest=$per; fi
done
shrink_ms=$(($(now_ms) - start))
echo "shrink: $files counterexamples of the seeds (--all): $((shrink_ms - plain_ms)) ms more with --shrink ($shrink_ms against $plain_ms ms), $(( files > 0 ? (shrink_ms - plain_ms) / files : 0 )) ms each on average; at most $slowest ms per file for one flow (explore included)"

# 3. State hashing: none in a run; its share of an explore.
if command -v valgrind > /dev/null; then
  seed=Scenarios/seeds/003-provisional-keep-while-using.scn
  share() {  # share CALLGRIND_OUT: instructions in World's == and hash over the total
    callgrind_annotate --inclusive=yes "$1" 2> /dev/null | awk '
      /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
      /5WorldV(4hash|2eeoi)/ && !seen[$0]++ { gsub(",", "", $1); if ($1 + 0 > max) max = $1 + 0 }
      END { printf "%d of %d instructions (%.2f%%)", max, total, total ? 100 * max / total : 0 }'
  }
  valgrind --tool=callgrind --callgrind-out-file="$WORK/run.cg" "$LOCSIM" run "$seed" > /dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$WORK/explore.cg" "$LOCSIM" explore "$WORK/seeds/$(basename "$seed")" --all --jobs 1 > /dev/null 2>&1
  echo "state hashing: run $(basename "$seed"): $(share "$WORK/run.cg"); explore --all of it: $(share "$WORK/explore.cg")"
fi

# 6. The device exploration of RunTracker (Examples/).
if [ -z "${SKIP_DEVICE:-}" ]; then
  (cd Examples && swift build -c release --product runtracker-explore-bench > /dev/null)
  Examples/.build/release/runtracker-explore-bench --runs 3
fi
