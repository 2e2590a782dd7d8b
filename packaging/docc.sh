#!/usr/bin/env bash
# `make docs`: the DocC sites of LocSimKit and LocSimCoreLocation, built with
# the toolchain's own tools and no plugin: a debug build of the two modules,
# their public symbol graphs (swift-symbolgraph-extract), then `docc
# convert` of each catalog with --warnings-as-errors, so a broken symbol
# link (``Name``, <doc:Article>) or an undocumented parameter of a
# documented function fails it (and `make test`). Output: a static site
# per module in .build/docs/<Module>/ (docs/README.md, "The API reference").
# A public symbol in source without a summary (a `///` comment) fails it
# too, listed as `file:line: symbol`; the synthesized ones (`hashValue`,
# `hash(into:)` of a synthesized Hashable: no source location) cannot
# carry one and are not counted.
# Usage: packaging/docc.sh [base path the sites are served under: locsim for
# https://you.github.io/locsim/LocSimKit/…; none for .build/docs served as /]
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
BASE=${1:-}
# Where the repository is browsed (make docs LOCSIM_URL=…), for the articles' links to it.
REPOSITORY=${LOCSIM_URL:-https://example.com/your/locsim}
mkdir -p .build
$SWIFT build --target LocSimCoreLocation > .build/docs-build.log 2>&1 || { cat .build/docs-build.log; exit 1; }
BIN=$($SWIFT build --show-bin-path)
TRIPLE=$($SWIFT -print-target-info | sed -n 's/.*"triple": "\(.*\)",*$/\1/p' | head -1)
OUT=.build/docs
rm -rf "$OUT" .build/symbol-graphs
# `summaries <module> <symbol graph>…`: lists the public symbols in source
# that have no doc comment as `file:line: symbol` and fails if there is one.
summaries() {
  python3 - "$PWD" "$@" <<'PY'
import json, sys
root, module, graphs = sys.argv[1], sys.argv[2], sys.argv[3:]
symbols = [s for g in graphs for s in json.load(open(g))["symbols"]]
def summary(s):
    return any(line.get("text", "").strip() for line in s.get("docComment", {}).get("lines", []))
missing = [s for s in symbols if "location" in s and not summary(s)]
for s in sorted(missing, key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"])):
    path = s["location"]["uri"].removeprefix("file://").removeprefix(root + "/")
    print(f"{path}:{s['location']['position']['line'] + 1}: {'.'.join(s['pathComponents'])}")
synthesized = sum(1 for s in symbols if "location" not in s and not summary(s))
print(f"{module}: {len(symbols)} public symbols, {len(missing)} in source without a summary"
      f" ({synthesized} synthesized, which cannot have one)")
sys.exit(1 if missing else 0)
PY
}
failed=
for module in LocSimKit LocSimCoreLocation; do
  graphs=.build/symbol-graphs/$module
  mkdir -p "$graphs" "$OUT"
  swift-symbolgraph-extract -module-name "$module" -I "$BIN/Modules" -target "$TRIPLE" \
    -minimum-access-level public -output-dir "$graphs"
  # The catalog's articles are also the repository's Markdown (docs/README.md):
  # their links to files outside the catalog are relative to it there
  # (../../../docs/rules.md), and go to the repository in the site.
  catalog=.build/symbol-graphs/$module.docc
  cp -r "Sources/$module/$module.docc" "$catalog"
  for article in "Sources/$module/$module.docc"/*.md; do   # (not sed -i: BSD sed's differs)
    sed -e "s#](\.\./\.\./\.\./#](${REPOSITORY%/}/blob/main/#g" \
      -e "s#](\.\./\.\./#](${REPOSITORY%/}/blob/main/Sources/#g" "$article" > "$catalog/${article##*/}"
  done
  docc convert "$catalog" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "locsim.$module" \
    --transform-for-static-hosting --hosting-base-path "${BASE:+$BASE/}$module" --warnings-as-errors \
    --output-path "$OUT/$module" > "$OUT/$module.log" 2>&1 || { cat "$OUT/$module.log"; exit 1; }
  summaries "$module" "$graphs"/*.symbols.json || failed=1
done
[ -z "$failed" ] || { echo "docs: public symbols without a summary (a /// line above each)"; exit 1; }
# The check can fail: the catalog with a link to no symbol is refused.
broken=.build/symbol-graphs/broken.docc
cp -r Sources/LocSimKit/LocSimKit.docc "$broken"
echo '- ``NoSuchSymbol``' >> "$broken/GettingStarted.md"
if docc convert "$broken" --additional-symbol-graph-dir .build/symbol-graphs/LocSimKit --fallback-display-name LocSimKit \
  --fallback-bundle-identifier locsim.LocSimKit --warnings-as-errors --output-path .build/symbol-graphs/broken \
  > .build/symbol-graphs/broken.log 2>&1; then
  echo "docs: a link to no symbol did not fail docc convert --warnings-as-errors"
  exit 1
fi
# The summary check can fail: a copy of a symbol graph with one symbol's
# comment removed is refused.
python3 - .build/symbol-graphs/LocSimKit/LocSimKit.symbols.json .build/symbol-graphs/uncommented.symbols.json <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
next(s for s in graph["symbols"] if "location" in s and s.get("docComment")).pop("docComment")
json.dump(graph, open(sys.argv[2], "w"))
PY
if summaries LocSimKit .build/symbol-graphs/uncommented.symbols.json > .build/symbol-graphs/uncommented.log; then
  echo "docs: a public symbol without a summary did not fail the summary check"
  exit 1
fi
echo "docs: .build/docs/LocSimKit and .build/docs/LocSimCoreLocation (python3 -m http.server -d .build/docs, then http://localhost:8000/LocSimKit/documentation/locsimkit/)"
