#!/usr/bin/env bash
# `swift test` for `make test`, quiet: the build's progress lines and each
# passing test's "started"/"passed" lines are left out; compiler
# diagnostics, failures (with their issues) and the closing "Test run with
# N tests" line are kept. VERBOSE=1 prints everything. The tests use
# swift-testing only, so XCTest (and its "Executed 0 tests" lines) is off.
# Run from a package folder: locsim's root, or Examples/.
set -uo pipefail
SWIFT=${SWIFT:-swift}
if [ -n "${VERBOSE:-}" ]; then exec "$SWIFT" test --disable-xctest "$@"; fi
# A test case whose arguments hold line breaks prints its "started" line
# over several lines: from a line starting with the "◇" marker to the one
# ending "started.", all left out (printed if it never ends).
"$SWIFT" test --disable-xctest "$@" 2>&1 | awk '
  pending != "" {
    pending = pending "\n" $0
    if ($0 ~ / started\.$/) pending = ""
    next
  }
  /^◇ / && !/ started\.$/ { pending = $0; next }
  END { if (pending != "") print pending }
  /^\[[0-9]+\/[0-9]+\] / { next }
  /^(Building for |Build complete!|Build of product|Compiling |Write |Planning build|Fetching |Computing version|Creating working copy|Working copy of)/ { next }
  /Test run with / { print; next }
  /^↳ (Testing Library Version|Target Platform):/ { next }
  / (Test|Suite) .* started\.$/ { next }
  / (Test|Suite) .* passed after [0-9.]+ seconds\.$/ { next }
  { print }
'
exit "${PIPESTATUS[0]}"
