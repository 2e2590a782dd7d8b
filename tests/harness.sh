# Sourced by tests/cli.sh, tests/ci.sh and tests/dist.sh: a scratch folder
# $WORK removed on exit, `ok NAME` and `fail NAME REASON` counting the cases
# (a pass prints only with VERBOSE=1), and `finish TITLE`, the last line:
# the counts, exit status 1 when a case failed.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
passes=0
ok() { passes=$((passes + 1)); if [ -n "${VERBOSE:-}" ]; then echo "ok   $1"; fi; }
fail() { echo "FAIL $1: $2"; failures=$((failures + 1)); }
finish() {
  echo "$1: $passes passed, $failures failed"
  [ "$failures" = 0 ] || exit 1
}
