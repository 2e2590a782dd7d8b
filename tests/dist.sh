#!/usr/bin/env bash
# The release archive (`make dist`, docs/install.md "Release archives"):
# its sum verifies, it unpacks into an empty folder, and there, with nothing
# else on PATH and an empty environment, it replays the quickstart (and a
# GPX scenario through locsim-gpx beside it); its version agrees with
# CHANGELOG.md and the Homebrew formula `make formula` writes. Run by
# `make test` after `make dist formula`.
# Usage: tests/dist.sh
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VERSION=$(sed -n 's/.*static let tool = "\(.*\)"/\1/p' Sources/LocSimKit/Version.swift)
NAME=locsim-$VERSION-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)
source tests/harness.sh

cp "dist/$NAME.tar.gz" "dist/$NAME.tar.gz.sha256" "$WORK/" || { echo "FAIL dist/$NAME.tar.gz: run make dist"; exit 1; }
cd "$WORK" || exit 2
if sha256sum -c --quiet "$NAME.tar.gz.sha256"; then ok "the archive's .sha256 verifies"; else fail "the archive's .sha256 verifies" "mismatch"; fi
mkdir empty
tar -xzf "$NAME.tar.gz" -C empty
got=$(cd empty && find . | LC_ALL=C sort | tr '\n' ' ')
want=". ./$NAME ./$NAME/README ./$NAME/locsim ./$NAME/locsim-gpx ./$NAME/quickstart.scn "
if [ "$got" = "$want" ]; then ok "the archive holds one folder: locsim, locsim-gpx, README, quickstart.scn"
else fail "the archive holds one folder: locsim, locsim-gpx, README, quickstart.scn" "$got"; fi
DIR=$WORK/empty/$NAME
if grep -q "^locsim $VERSION for " "$DIR/README"; then ok "the README names the version"; else fail "the README names the version" "$(head -1 "$DIR/README")"; fi

# Nothing else on PATH, no environment at all (no HOME, no TMPDIR).
(cd "$DIR" && env -i PATH=/nonexistent ./locsim run quickstart.scn > "$WORK/quick.log" 2> "$WORK/quick.err")
if [ $? = 0 ] && cmp -s "$WORK/quick.log" "$ROOT/Scenarios/quickstart.log"; then ok "the unpacked locsim replays the quickstart alone"
else fail "the unpacked locsim replays the quickstart alone" "$(head -3 "$WORK/quick.err")"; fi
cp "$ROOT/Scenarios/gpx/morning-run.scn" "$ROOT/Scenarios/gpx/morning-run.gpx" "$WORK/"
(cd "$WORK" && env -i PATH=/nonexistent "$DIR/locsim" run morning-run.scn > gpx.log 2> gpx.err)
if [ $? = 0 ] && cmp -s "$WORK/gpx.log" "$ROOT/Scenarios/gpx/morning-run.log"; then ok "the unpacked locsim reads GPX through the locsim-gpx beside it"
else fail "the unpacked locsim reads GPX through the locsim-gpx beside it" "$(head -3 "$WORK/gpx.err")"; fi
if [ "$(uname -s)" = Linux ] && command -v file > /dev/null; then
  if file "$DIR/locsim" | grep -q "statically linked"; then ok "locsim is a static executable"; else fail "locsim is a static executable" "$(file "$DIR/locsim")"; fi
fi

# One version everywhere: the program, the top release of CHANGELOG.md, the formula.
got=$(env -i "$DIR/locsim" --version | head -1)
top=$(grep -m1 '^## [0-9]' "$ROOT/CHANGELOG.md" | cut -c4-)
if [ "$got" = "locsim $VERSION" ] && [ "$top" = "$VERSION" ]; then ok "the archive's version is CHANGELOG.md's newest release"
else fail "the archive's version is CHANGELOG.md's newest release" "'$got', CHANGELOG '$top', name $VERSION"; fi
FORMULA=$ROOT/dist/locsim.rb
sum=$(cut -d' ' -f1 "$ROOT/dist/locsim-$VERSION-source.tar.gz.sha256")
if [ -f "$FORMULA" ] && grep -q "^  version \"$VERSION\"$" "$FORMULA" && grep -q "^  sha256 \"$sum\"$" "$FORMULA" \
  && grep -q "^  url \".*/releases/download/$VERSION/locsim-$VERSION-source.tar.gz\"$" "$FORMULA" && ! grep -q @ "$FORMULA"; then
  ok "the formula builds the source archive of this version, its sum the archive's"
else fail "the formula builds the source archive of this version, its sum the archive's" "$(grep -E '^  (version|sha256|url) ' "$FORMULA" 2>&1)"; fi
if command -v ruby > /dev/null; then
  if ruby -c "$FORMULA" > /dev/null; then ok "the formula is valid Ruby"; else fail "the formula is valid Ruby" "ruby -c"; fi
fi
# The source archive is HEAD's package under locsim-<version>/.
mkdir src
tar -xzf "$ROOT/dist/locsim-$VERSION-source.tar.gz" -C src
if (cd "$ROOT" && git show HEAD:Package.swift) | cmp -s - "src/locsim-$VERSION/Package.swift" \
  && [ -f "src/locsim-$VERSION/Sources/locsim/main.swift" ]; then
  ok "the source archive holds HEAD's package under locsim-$VERSION/"
else fail "the source archive holds HEAD's package under locsim-$VERSION/" "$(ls src)"; fi

finish "dist tests"
