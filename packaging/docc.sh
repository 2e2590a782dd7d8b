#!/usr/bin/env bash
# `make docs`: the DocC sites of LocSimKit and LocSimCoreLocation, built with
# the toolchain's own tools and no plugin: a debug build of the two modules,
# their public symbol graphs (swift-symbolgraph-extract), then `docc
# convert` of each catalog with --warnings-as-errors, so a broken symbol
# link (``Name``, <doc:Article>) or an undocumented parameter of a
# documented function fails it (and `make test`). Output: a static site
# per module in .build/docs/<Module>/ (docs/README.md, "The API reference").
# Also prints how many public symbols have no summary (not an error).
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
  python3 - "$graphs/$module.symbols.json" "$module" <<'PY'
import json, sys
symbols = json.load(open(sys.argv[1]))["symbols"]
missing = [s for s in symbols if not s.get("docComment")]
print(f"{sys.argv[2]}: {len(symbols)} public symbols, {len(missing)} without a summary")
PY
done
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
echo "docs: .build/docs/LocSimKit and .build/docs/LocSimCoreLocation (python3 -m http.server -d .build/docs, then http://localhost:8000/LocSimKit/documentation/locsimkit/)"
