#!/usr/bin/env bash
# The reports locsim writes for a CI (docs/ci-shards.md): `--junit` of check
# and explore, validated by tests/junit.py (docs/junit.xsd; the schema part
# skips, saying so, without the xmlschema package) and parsed by Python's
# xml.etree; `--annotations github` and GITHUB_ACTIONS; bad --junit paths.
# Called by `make test` and `make check`, as tests/cli.sh; the last line
# counts the cases.
# Usage: tests/ci.sh [path/to/locsim]
set -uo pipefail
cd "$(dirname "$0")/.."
LOCSIM=$(realpath "${1:-.build/release/locsim}")
JUNIT_PY=$(realpath tests/junit.py)
ACTION=$(realpath action.yml)
MATCHER=$(realpath .github/locsim-problem-matcher.json)
SCENARIOS=$(realpath Scenarios)
GEOFENCE=$(realpath Scenarios/explore/geofence-expectations.scn)
source tests/harness.sh
# valid NAME FILE...: tests/junit.py accepts the files.
valid() {
  local name=$1 out
  shift
  if out=$(python3 "$JUNIT_PY" "$@"); then ok "$name"; else fail "$name" "$out"; fi
  case "$out" in *"schema check skipped"*) echo "ci.sh: $out" ;; esac
}
# xpath FILE EXPR [ATTRIBUTE]: what xml.etree finds for EXPR, a line each
# (the element's text, or its ATTRIBUTE).
xpath() {
  python3 -c '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
for e in [root] if sys.argv[2] == "." else root.iterfind(sys.argv[2]):
    print(e.get(sys.argv[3]) if len(sys.argv) > 3 else (e.text or ""))
' "$@"
}
unset GITHUB_ACTIONS GITHUB_WORKSPACE
cd "$WORK" || exit 2

# A suite: a pass, a mismatch whose log holds ESC, ']]>' and a non-UTF-8
# byte (U+FFFD in the diff, as in the report), a syntax error, a missing
# golden, and an error golden.
mkdir -p suite/sub suite/errors
cp "$SCENARIOS/quickstart.scn" "$SCENARIOS/quickstart.log" suite/
cp "$SCENARIOS/quickstart.scn" suite/sub/odd.scn
printf '# log ]]> \033[31m \xff\n' > suite/sub/odd.log
printf 'locsim 1\nplatform iOS 17.0\n0 launch\n2 bogus\n' > suite/sub/broken.scn
cp "$SCENARIOS/quickstart.scn" suite/sub/new.scn
printf 'locsim 1\nplatform iOS 17.0\n0 launch\nx bad\n' > suite/errors/bad.scn
"$LOCSIM" run suite/errors/bad.scn 2>&1 > /dev/null | sed 's|^suite/errors/||' > suite/errors/bad.err
"$LOCSIM" check suite --junit report.xml > check.out 2> check.err
status=$?
if [ "$status" = 1 ] && [ -s report.xml ]; then ok "check --junit writes the report and exits as check does"
else fail "check --junit writes the report and exits as check does" "status $status: $(cat check.err)"; fi
valid "check's report is valid against docs/junit.xsd and its counts add up" report.xml
# The checker can fail: a count that does not add up, an element the schema lacks.
sed '0,/tests="5"/s//tests="6"/' report.xml > miscounted.xml
if ! python3 "$JUNIT_PY" miscounted.xml > /dev/null; then ok "tests/junit.py fails a count that does not add up"
else fail "tests/junit.py fails a count that does not add up" "it passed"; fi
printf '<?xml version="1.0"?>\n<testsuites><testsuite name="a" tests="1" failures="0" skipped="0"><testcase name="x"><bogus/></testcase></testsuite></testsuites>\n' > unknown.xml
out=$(python3 "$JUNIT_PY" unknown.xml)
if [ $? = 1 ] || grep -q "schema check skipped" <<< "$out"; then ok "tests/junit.py fails an element docs/junit.xsd does not have"
else fail "tests/junit.py fails an element docs/junit.xsd does not have" "it passed"; fi
got=$(xpath report.xml "testsuite" name | tr '\n' ' ')
if [ "$got" = "suite/errors suite suite/sub " ]; then ok "a testsuite per folder"; else fail "a testsuite per folder" "$got"; fi
got=$(xpath report.xml "." tests).$(xpath report.xml "." failures).$(xpath report.xml "." skipped)
if [ "$got" = "5.3.0" ]; then ok "the root counts every scenario"; else fail "the root counts every scenario" "$got"; fi
got=$(xpath report.xml "testsuite/testcase[failure]" name | sort | tr '\n' ' ')
if [ "$got" = "broken.scn new.scn odd.scn " ]; then ok "a failure per failing scenario"; else fail "a failure per failing scenario" "$got"; fi
got=$(xpath report.xml "testsuite/testcase[@name='odd.scn']/failure")
if grep -qF -- $'-# log ]]> \\u{1B}[31m \uFFFD' <<< "$got" && grep -qF "+++ b/suite/sub/odd.log" <<< "$got"; then
  ok "a mismatch's failure holds its diff, every byte escaped"
else fail "a mismatch's failure holds its diff, every byte escaped" "$got"; fi
got=$(xpath report.xml "testsuite/testcase[@name='broken.scn']/failure" message)
if grep -q "^suite/sub/broken.scn:4:3: error: unknown event 'bogus'" <<< "$got"; then
  ok "an error's failure message is its error line"
else fail "an error's failure message is its error line" "$got"; fi

# Times are the one thing that varies; LOCSIM_JUNIT_TIMES=0 makes the bytes stable.
LOCSIM_JUNIT_TIMES=0 "$LOCSIM" check suite --junit a.xml --jobs 1 > /dev/null 2>&1
LOCSIM_JUNIT_TIMES=0 "$LOCSIM" check suite --junit b.xml --jobs 4 > /dev/null 2>&1
if cmp -s a.xml b.xml && ! grep -q 'time="[0-9]*\.[0-9]*[1-9]' a.xml; then ok "LOCSIM_JUNIT_TIMES=0: the same bytes for any --jobs"
else fail "LOCSIM_JUNIT_TIMES=0: the same bytes for any --jobs" "$(diff a.xml b.xml | head -5)"; fi

# Shards: each report lists every scenario, checked or skipped; over the
# shards each scenario is checked once.
checked=""
for i in 1 2 3; do
  "$LOCSIM" check "$SCENARIOS" --shard $i/3 --junit shard-$i.xml > /dev/null 2>&1
  checked+=$(python3 -c '
import sys, xml.etree.ElementTree as ET
for c in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if c.find("skipped") is None: print(c.get("file"))
' shard-$i.xml)$'\n'
done
valid "each shard's report is valid" shard-1.xml shard-2.xml shard-3.xml
total=$(find "$SCENARIOS" -name '*.scn' | wc -l)
once=$(grep -c . <<< "$checked")
distinct=$(grep . <<< "$checked" | sort -u | wc -l)
tests=$(xpath shard-2.xml "." tests)
if [ "$once" = "$total" ] && [ "$distinct" = "$total" ] && [ "$tests" = "$total" ]; then
  ok "over the shards every scenario is checked once, and each report lists all"
else fail "over the shards every scenario is checked once, and each report lists all" "$once checked, $distinct distinct, $tests listed, $total found"; fi

# explore --junit: a suite per platform, a case per expect line.
"$LOCSIM" explore "$GEOFENCE" --platforms 'iOS 17.0,26.0' --junit explore.xml --counterexamples cx > /dev/null 2> explore.err
status=$?
valid "explore's report is valid" explore.xml
got=$(xpath explore.xml "testsuite" name | tr '\n' ' ')/$(xpath explore.xml "." tests)
lines=$(grep -c '^expect ' "$GEOFENCE")
if [ "$status" = 1 ] && [ "$got" = "iOS 17.0 iOS 26.0 /$((2 * lines))" ]; then ok "explore --junit: a suite per platform, a case per expect line"
else fail "explore --junit: a suite per platform, a case per expect line" "status $status: $got"; fi
cx=$(xpath explore.xml "testsuite/testcase/failure" | sed -n 's/^counterexample: //p' | head -1)
if [ -n "$cx" ] && [ -f "$cx" ]; then ok "a failed expect line names its counterexample file"
else fail "a failed expect line names its counterexample file" "'$cx'"; fi
"$LOCSIM" explore "$GEOFENCE" --shard 1/1 -o part.jsonl 2> /dev/null
"$LOCSIM" explore "$GEOFENCE" --junit whole.xml > /dev/null 2>&1
"$LOCSIM" explore --merge part.jsonl --junit merged.xml > /dev/null 2>&1
if [ -s merged.xml ] && diff <(sed 's/time="[^"]*"//g' whole.xml) <(sed 's/time="[^"]*"//g' merged.xml) > /dev/null; then
  ok "explore --merge --junit gives the report of the search without shards"
else fail "explore --merge --junit gives the report of the search without shards" "$(diff whole.xml merged.xml | head -5)"; fi
"$LOCSIM" explore "$GEOFENCE" --shard 1/2 --junit x.xml > /dev/null 2> shard.err
if [ $? = 2 ] && grep -q "'--junit' does not go with '--shard'" shard.err && [ ! -e x.xml ]; then ok "explore --shard refuses --junit"
else fail "explore --shard refuses --junit" "$(cat shard.err)"; fi

# Bad --junit paths: exit 2, nothing written, the inputs intact.
mkdir folder
cp suite/quickstart.scn input.scn
for case in "folder:Is a directory" "input.scn:input" "suite/quickstart.log:golden" "nowhere/r.xml:No such file" "-:not '-'"; do
  path=${case%%:*}
  want=${case#*:}
  "$LOCSIM" check input.scn --junit "$path" > /dev/null 2> bad.err
  status=$?
  if [ "$status" = 2 ] && grep -q "$want" bad.err && cmp -s input.scn suite/quickstart.scn \
    && cmp -s suite/quickstart.log "$SCENARIOS/quickstart.log" && [ -z "$(find . -name '.locsim-*')" ]; then
    ok "check --junit $path is refused"
  else fail "check --junit $path is refused" "status $status: $(cat bad.err)"; fi
done
"$LOCSIM" explore input.scn --junit input.scn > /dev/null 2> bad.err
if [ $? = 2 ] && grep -q "is the input file" bad.err && cmp -s input.scn suite/quickstart.scn; then ok "explore --junit onto its scenario is refused"
else fail "explore --junit onto its scenario is refused" "$(cat bad.err)"; fi
mkdir locked
chmod 555 locked
if [ "$(id -u)" != 0 ]; then
  "$LOCSIM" check input.scn --junit locked/r.xml > /dev/null 2> bad.err
  if [ $? = 2 ] && grep -q "locked/r.xml" bad.err && [ -z "$(ls -A locked)" ]; then ok "an unwritable --junit folder is an error, nothing left"
  else fail "an unwritable --junit folder is an error, nothing left" "$(cat bad.err)"; fi
else
  setpriv --reuid=65534 --regid=65534 --clear-groups "$LOCSIM" check "$WORK/input.scn" --junit "$WORK/locked/r.xml" > /dev/null 2> bad.err
  if [ $? = 2 ] && grep -q "locked/r.xml" bad.err && [ -z "$(ls -A locked)" ]; then ok "an unwritable --junit folder is an error, nothing left"
  else fail "an unwritable --junit folder is an error, nothing left" "$(cat bad.err)"; fi
fi

# Annotations: off by default, on under GITHUB_ACTIONS=true or --annotations
# github, off again with --annotations none; paths relative to the workspace.
"$LOCSIM" check suite > /dev/null 2> plain.err
if ! grep -q '^::' plain.err; then ok "no annotations by default"; else fail "no annotations by default" "$(grep '^::' plain.err | head -2)"; fi
mkdir -p ws
mv suite ws/
(cd ws/suite && GITHUB_ACTIONS=true GITHUB_WORKSPACE="$WORK/ws" "$LOCSIM" check . --summary jsonl > ../../gh.out 2> ../../gh.err)
if grep -q '^::error file=suite/sub/broken.scn,line=4,col=3,title=locsim check::' gh.err \
  && grep -q '^::error file=suite/sub/odd.log,line=1,title=locsim check%3A golden mismatch::' gh.err \
  && grep -q '^::error file=suite/sub/new.scn,title=locsim check::missing golden new.log' gh.err \
  && ! grep -q '::' gh.out; then
  ok "GITHUB_ACTIONS=true: errors and mismatches as workflow commands on standard error, relative to the workspace"
else fail "GITHUB_ACTIONS=true: errors and mismatches as workflow commands on standard error, relative to the workspace" "$(grep '^::' gh.err | cut -c1-120)"; fi
if [ "$(grep -c '^::' gh.err)" = 3 ] && ! grep '^::' gh.err | grep -q $'\r'; then ok "one annotation per problem, each on one line"
else fail "one annotation per problem, each on one line" "$(grep -c '^::' gh.err)"; fi
GITHUB_ACTIONS=true "$LOCSIM" check ws/suite --annotations none > /dev/null 2> none.err
if ! grep -q '^::' none.err; then ok "--annotations none"; else fail "--annotations none" "$(head -2 none.err)"; fi
"$LOCSIM" check ws/suite --annotations github > /dev/null 2> on.err
if grep -q '^::error file=ws/suite/sub/broken.scn' on.err; then ok "--annotations github without GitHub"; else fail "--annotations github without GitHub" "$(grep '^::' on.err | head -2)"; fi
"$LOCSIM" explore "$GEOFENCE" --annotations github > /dev/null 2> ex.err
if grep -q "^::error file=$GEOFENCE,line=[0-9]*,col=1,title=locsim explore::expectation failed" ex.err; then ok "explore annotates its failed expect lines"
else fail "explore annotates its failed expect lines" "$(grep '^::' ex.err | head -2)"; fi
"$LOCSIM" check ws/suite --annotations gitlab > /dev/null 2> bad.err
if [ $? = 2 ] && grep -q "'--annotations' takes 'github' or 'none', not 'gitlab'" bad.err; then ok "--annotations with another value is a usage error"
else fail "--annotations with another value is a usage error" "$(head -2 bad.err)"; fi

# The problem matcher (.github/locsim-problem-matcher.json) takes the
# place of locsim's error lines, and not its 'locsim: error:' lines.
printf 'locsim 1\nplatform iOS 17.0\n0 launch\n2 bogus\n' > m.scn
"$LOCSIM" run m.scn > /dev/null 2> m.err
"$LOCSIM" run nowhere.scn > /dev/null 2>> m.err
got=$(python3 -c '
import json, re, sys
matchers = json.load(open(sys.argv[1]))["problemMatcher"]
for line in open(sys.argv[2]).read().splitlines():
    for m in matchers:
        p = m["pattern"][0]
        found = re.match(p["regexp"], line)
        if found:
            print(m["owner"], *[found.group(p[k]) for k in ("file", "line", "column", "severity") if k in p])
' "$MATCHER" m.err)
if [ "$got" = "locsim m.scn 4 3 error" ]; then ok "the problem matcher finds file, line, column and severity"
else fail "the problem matcher finds file, line, column and severity" "$got"; fi

# The action's check step (action.yml) passes its inputs to check: run here
# with locsim on PATH. Needs PyYAML to read the step; skipped, saying so, without.
if python3 -c 'import yaml' 2> /dev/null; then
  python3 -c '
import sys, yaml
steps = yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]
print(next(s for s in steps if s.get("name") == "locsim check")["run"])
' "$ACTION" > step.sh
  mkdir -p bin
  ln -sf "$LOCSIM" bin/locsim
  PATH="$WORK/bin:$PATH" LOCSIM_PATHS="ws/suite/sub ws/suite/errors" LOCSIM_SHARD=1/1 LOCSIM_JUNIT=action.xml \
    LOCSIM_COVERAGE=coverage.json LOCSIM_ANNOTATIONS=github LOCSIM_ARGS="--jobs 2" bash step.sh > step.out 2> step.err
  status=$?
  if [ "$status" = 1 ] && [ "$(xpath action.xml "." tests)" = 4 ] && python3 -m json.tool coverage.json > /dev/null \
    && grep -q '^::error file=ws/suite/sub/broken.scn' step.err && grep -q '^shard 1/1: 4 of 4 scenarios' step.err; then
    ok "the action's check step passes path, shard, junit, coverage, annotations and args"
  else fail "the action's check step passes path, shard, junit, coverage, annotations and args" "status $status: $(tail -3 step.err)"; fi
else
  echo "ci.sh: the action's check step skipped: the Python package yaml (PyYAML) is not installed"
fi

finish "CI report tests"
