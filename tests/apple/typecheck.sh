#!/usr/bin/env bash
# Type-checks locsim's Foundation-free targets for Apple triples on Linux,
# with the real Swift type and availability checker: `make apple-check`, part
# of `make test` (tests/apple/README.md says what it proves and what not).
# usage: typecheck.sh <package clone> <workdir> [--macos 13.0] [--ios 16.0] [--targets "LocSimKit ..."]
# (targets in dependency order). Defaults: the floors Package.swift declares;
# --ios "" skips the iOS simulator check.
set -u
PKG=$(cd "$1" && pwd); WORK=$(mkdir -p "$2" && cd "$2" && pwd); shift 2
MACOS=13.0; IOS=16.0; TARGETS="LocSimKit LocSimTool locsim locsim-fuzz"; LIBRARIES="LocSimKit"
while [ $# -gt 0 ]; do
  case $1 in
    --macos) MACOS=$2; shift 2;; --ios) IOS=$2; shift 2;; --targets) TARGETS=$2; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
HERE=$(cd "$(dirname "$0")" && pwd)
TOOLCHAIN=${TOOLCHAIN:-$(dirname "$(dirname "$(command -v swift-frontend)")")}
RES=$TOOLCHAIN/lib/swift; L=$RES/linux
mkdir -p "$WORK/sdk"   # an empty SDK: nothing but what -I names is found

# build_stdlib ARCH-TRIPLE-PREFIX MODULE-TRIPLE: the fake Apple stdlib for one target
# (Swift, SwiftOnoneSupport, _StringProcessing, _Concurrency, Synchronization,
# Darwin overlay) into $WORK/mods-<name>. The modules are built for the
# platform's lowest target (macOS 10.13 / iOS 12.0; _Concurrency at its own
# floor, 10.15 / 13.0); a client with a higher deployment target imports them.
build_stdlib() {
  local low=$1 conc=$2 mt=$3 mods=$4 m src flags
  mkdir -p "$mods"
  for m in Swift SwiftOnoneSupport _StringProcessing _Concurrency Synchronization; do
    [ -f "$mods/$m.swiftmodule/$mt.swiftmodule" ] && continue
    # the rewritten interface is kept apart from the binary module, so that a
    # client never rebuilds a module from it (without this script's flags)
    mkdir -p "$mods/$m.swiftmodule" "$mods/../ifaces-$mt"; src=$mods/../ifaces-$mt/$m.swiftinterface
    local t=$low; flags=""
    case $m in
      Swift|SwiftOnoneSupport) flags=-parse-stdlib;;
      # its declarations carry their own @available(macOS 10.15 ...); built at
      # that floor, availability checking off for this module's own
      # interface only (the @_implements typealiases name AsyncIteratorProtocol.Failure, macOS 15)
      _Concurrency) flags="-parse-stdlib -disable-availability-checking"; t=$conc;;
    esac
    # the target is read from the interface's flags line (line 3); the Linux
    # interface has @backDeployed functions without bodies, which an Apple target rejects
    sed -e "3s/-target x86_64-unknown-linux-gnu/-target $t/" -e 's/^\s*@backDeployed(before:[^)]*)\s*$//' \
        -e '/^import Glibc$/d' "$L/$m.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" > "$src"
    if [ $m = Swift ]; then
      # Apple's stdlib declares this type under _runtime(_ObjC); with Objective-C
      # interop on (every Apple target) the type checker looks it up for every
      # inout / array / string to pointer conversion ("broken standard library:
      # cannot find intrinsic operations on UnsafeMutablePointer<T>" without it)
      cat >> "$src" <<'SWIFT'
// added for the fake Apple build (typecheck.sh), see there
@frozen public struct AutoreleasingUnsafeMutablePointer<Pointee> : Swift._Pointer {
  public let _rawValue: Builtin.RawPointer
  @_transparent public init(_ _rawValue: Builtin.RawPointer) { self._rawValue = _rawValue }
}
SWIFT
    fi
    if [ $m = Synchronization ]; then
      # the Linux _MutexHandle (futex) calls a C shim that _SynchronizationShims.h
      # declares for __linux__ only; its public API (Atomic, Mutex) is unchanged
      printf '%s\n' '// added for the fake Apple build (typecheck.sh): Linux-only C shim' \
        '@usableFromInline internal func _swift_stdlib_gettid() -> Swift.UInt32 { 0 }' >> "$src"
    fi
    swift-frontend -compile-module-from-interface -module-name $m $flags -target $t -sdk "$WORK/sdk" \
      -resource-dir "$RES" -I "$mods" -o "$mods/$m.swiftmodule/$mt.swiftmodule" "$src" > "$mods/$m.log" 2>&1 \
      || { echo "FAILED to build fake $m for $t (see $mods/$m.log)"; return 1; }
  done
  if [ ! -f "$mods/Darwin.swiftmodule/$mt.swiftmodule" ]; then
    mkdir -p "$mods/Darwin.swiftmodule"
    swift-frontend -emit-module -module-name Darwin -parse-as-library -swift-version 5 -disable-legacy-type-info \
      -target $low -sdk "$WORK/sdk" -resource-dir "$RES" -I "$mods" -I "$HERE/stub" "$HERE/stub/DarwinOverlay.swift" \
      -o "$mods/Darwin.swiftmodule/$mt.swiftmodule" > "$mods/Darwin.log" 2>&1 \
      || { echo "FAILED to build the Darwin stub overlay (see $mods/Darwin.log)"; return 1; }
  fi
}

# sources of a target, as SwiftPM takes them (every .swift file under Sources/<target>)
sources() { find "$PKG/Sources/$1" -name '*.swift' | LC_ALL=C sort; }

# check PLATFORM-NAME TARGET-TRIPLE MODS
check() {
  local name=$1 triple=$2 mods=$3 t out rc all=0 kind extra
  local outdir=$WORK/out-$name; mkdir -p "$outdir/Modules"
  for t in $TARGETS; do
    [ -d "$PKG/Sources/$t" ] || { echo "no target $t"; continue; }
    kind=-parse-as-library; extra=""
    [ -f "$PKG/Sources/$t/main.swift" ] && kind=""
    out=$outdir/$t.txt
    # the flags SwiftPM passes for a debug build of a target (read from
    # .build/release.yaml / `swift build -v` on Linux: -swift-version 6,
    # -DSWIFT_PACKAGE, -package-name; a debug build adds -DDEBUG -Onone -enable-testing)
    local start=$(date +%s)
    local mod=${t//[^A-Za-z0-9_]/_}   # SwiftPM's module name (c99 name) of the target
    local common=(-module-name "$mod" $kind -swift-version 6 -package-name locsim -DSWIFT_PACKAGE -DDEBUG -Onone -enable-testing
      -target "$triple" -sdk "$WORK/sdk" -resource-dir "$RES" -I "$mods" -I "$HERE/stub" -I "$outdir/Modules")
    swift-frontend -typecheck "${common[@]}" $(sources "$t") > "$out.raw" 2>&1
    local rc=$?
    # a module for the targets that import this one: declarations only (bodies
    # skipped; they were checked above), availability not checked again (the
    # errors are reported above) so that it is built even when the check failed
    swift-frontend -emit-module -experimental-skip-all-function-bodies -disable-availability-checking -disable-legacy-type-info "${common[@]}" \
      -o "$outdir/Modules/$mod.swiftmodule" $(sources "$t") > "$out.emit" 2>&1 \
      || echo "   (could not emit $mod.swiftmodule for its dependents: $out.emit)"
    # one line per diagnostic: path relative to the clone, line, column, message
    grep -E '^/[^ ]+:[0-9]+:[0-9]+: (error|warning)' "$out.raw" | sed "s|^$PKG/||" | LC_ALL=C sort -u > "$out"
    local ne=$(grep -c ': error:' "$out"); local nw=$(grep -c ': warning:' "$out")
    echo "== $name $triple $t: rc=$rc, $ne errors, $nw warnings, $(( $(date +%s) - start )) s (full output: $out.raw)"
    grep ': error:' "$out"
    [ $rc -ne 0 ] && all=1
  done
  return $all
}

status=0
macos() {
  build_stdlib x86_64-apple-macosx10.13 x86_64-apple-macosx10.15 x86_64-apple-macos "$WORK/mods-macos" || return 1
  check macos x86_64-apple-macosx$MACOS "$WORK/mods-macos"
}
ios() {
  # x86_64 (Intel) simulator: the Linux interfaces are x86_64 ones, and
  # arm64 fails on their unguarded Float80 code (_stdlib_remainderl ...)
  build_stdlib x86_64-apple-ios12.0-simulator x86_64-apple-ios13.0-simulator x86_64-apple-ios-simulator "$WORK/mods-ios" || return 1
  # the libraries only: the programs and their LocSimTool are for macOS and Linux
  TARGETS=$LIBRARIES check ios x86_64-apple-ios$IOS-simulator "$WORK/mods-ios"
}
# The two platforms share nothing: each is built and checked in a process of
# its own, side by side (one a core: about half the time of one after the
# other on a fresh clone), and their reports printed in order.
[ -n "$MACOS" ] && { macos > "$WORK/macos.report" 2>&1 & macos_pid=$!; }
[ -n "$IOS" ] && { ios > "$WORK/ios.report" 2>&1 & ios_pid=$!; }
[ -n "$MACOS" ] && { wait $macos_pid || status=1; cat "$WORK/macos.report"; }
[ -n "$IOS" ] && { wait $ios_pid || status=1; cat "$WORK/ios.report"; }
# The check's own test: tests/apple/must-fail.swift holds three things a Mac
# refuses at these floors; each must be reported, or a green run above
# would prove nothing.
selftest() {
  local triple=$1 mods=$2 got
  got=$(swift-frontend -typecheck -module-name MustFail -swift-version 6 -target "$triple" -sdk "$WORK/sdk" \
    -resource-dir "$RES" -I "$mods" -I "$HERE/stub" "$HERE/must-fail.swift" 2>&1 | grep -c ': error:')
  if [ "$got" -lt 3 ]; then
    echo "== self-test $triple: FAILED, $got of the 3 errors of must-fail.swift reported"; return 1
  fi
  echo "== self-test $triple: the $got errors of must-fail.swift reported"
}
[ -n "$MACOS" ] && { selftest x86_64-apple-macosx$MACOS "$WORK/mods-macos" || status=1; }
[ -n "$IOS" ] && { selftest x86_64-apple-ios$IOS-simulator "$WORK/mods-ios" || status=1; }
exit $status
