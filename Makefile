# locsim — build, run, test and benchmark. `make help` lists the targets.
SWIFT ?= swift
LOCSIM := .build/release/locsim
# The GPX reader locsim runs for `gpx` lines (docs/gpx.md); installed next to it.
LOCSIM_GPX := .build/release/locsim-gpx
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin

.PHONY: help build release-flags lint run test check asan asan-tests bench fuzz fuzz-gpx clean install uninstall

help:
	@echo "make build   release build (.build/release/locsim and locsim-gpx)"
	@echo "make run     build, then replay Scenarios/quickstart.scn"
	@echo "make test    build, swift test, check every golden in Scenarios/, CLI tests, then the Examples/ package"
	@echo "make lint    swift format lint --strict over Sources/ (.swift-format)"
	@echo "make check   the quick loop: build, then only the goldens in Scenarios/ and the CLI tests"
	@echo "make asan    the goldens in Scenarios/ under AddressSanitizer (a debug build in .build-asan; part of make test)"
	@echo "make asan-tests  swift test under AddressSanitizer (about 4 min; not part of make test)"
	@echo "make bench   1 M and 10 M line benchmarks, realistic traces against the C floor and the previous commit's build, written to bench/RESULTS.md"
	@echo "make fuzz    libFuzzer over parser and simulator (FUZZ_SECONDS=60)"
	@echo "make fuzz-gpx  libFuzzer over the GPX reader (FUZZ_SECONDS=60)"
	@echo "make install    copy locsim and locsim-gpx to \$$(PREFIX)/bin (PREFIX=/usr/local by default)"
	@echo "make uninstall  remove \$$(PREFIX)/bin/locsim and locsim-gpx"
	@echo "make clean   remove build products"

# The Swift runtime linked in statically: `locsim run` on a short scenario
# then starts in about 2 ms instead of 3.5 (bench/RESULTS.md). Builds both
# programs: locsim does not link Foundation; locsim-gpx (GPX files) does.
#
# -disable-concrete-type-metadata-mangled-name-accessors: the compiler
# calls a generic type's metadata function with its arguments' witness
# tables, where by default it names the type by its mangled name and the
# runtime decodes it on first use, looking up each conformance (`K:
# Hashable` for a Dictionary) by scanning every conformance record of the
# static binary, about 165,000 instructions a Dictionary or Set type. That
# first use was 14% of the instructions of `check` on 200 scenarios and
# 29% of `explore` on a shipped example (issue 31 item 9; bench/RESULTS.md).
# A flag for this build rather than an `unsafeFlags` in Package.swift, which
# would keep packages from depending on LocSimKit by version.
RELEASE_FLAGS := -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# Quiet: the build's progress is left out (VERBOSE=1 shows it), its
# warnings and errors kept, and on a failure the whole log. Left out too,
# two lines glibc's linker writes of the toolchain's static libraries, not
# of locsim's code, and no flag silences: FoundationEssentials (linked into
# locsim-gpx) calls `mktemp` in the temporary file of an atomic write
# (swift-foundation issue 1358; locsim-gpx writes with write(2), never
# through Foundation), and a library linked in that calls `dlopen` needs
# at run time the glibc it was linked with (locsim loads no library).
LINK_NOTES := warning: the use of .mktemp. is dangerous|warning: Using 'dlopen' in statically linked
build:
ifdef VERBOSE
	$(SWIFT) build $(RELEASE_FLAGS)
else
	@mkdir -p .build
	@$(SWIFT) build $(RELEASE_FLAGS) > .build/release-build.log 2>&1; status=$$?; \
	  if [ $$status = 0 ]; then grep -E "(warning|error):" .build/release-build.log | grep -Ev "$(LINK_NOTES)"; \
	  else grep -Ev "$(LINK_NOTES)" .build/release-build.log; fi; exit $$status
endif

# What `make build` passes to `swift build` (bench/realistic.sh builds its
# baseline with the same).
release-flags:
	@echo $(RELEASE_FLAGS)

run: build
	$(LOCSIM) run Scenarios/quickstart.scn

# Quiet: each stage prints its failures and a count, not every passing test
# (tests/swift-test.sh; VERBOSE=1 shows all). --disable-xctest: the tests are
# swift-testing only, and XCTest would add "Executed 0 tests" lines.
# The layout the formatter keeps (.swift-format: 4 spaces, 120 columns; the
# rules it turns off are Apple's names in LocSimCoreLocation, φ/λ in the
# geodesy, and KeyedList's own forEach, which the linter takes for
# Sequence's); `swift format -i -r Sources Tests` fixes what it reports.
lint:
	$(SWIFT) format lint --strict -r Sources

test: build lint
	tests/swift-test.sh
	$(LOCSIM) check Scenarios
	tests/cli.sh $(LOCSIM)
	cd Examples && ../tests/swift-test.sh
	$(MAKE) --no-print-directory asan

# The edit-run loop: the release binary over the goldens and the CLI tests
# (no test build), a few seconds after an incremental build.
check: build
	$(LOCSIM) check Scenarios
	tests/cli.sh $(LOCSIM)

# The goldens again through a debug build under AddressSanitizer: a read
# of freed memory in the rules (Swift 6.3.1 at -Onone miscompiled reads
# through `_read` accessors; Simulator.world says which) passes every golden
# in the release build and is caught only here. The GPX reader is the
# release one (it is a separate program). Prints the build's errors only.
asan: build
	@mkdir -p .build-asan
	@$(SWIFT) build --sanitize=address --build-path .build-asan --product locsim > .build-asan/build.log 2>&1 \
	  || { grep -v 'Cannot export local symbol' .build-asan/build.log; exit 1; }
	LOCSIM_GPX=$(abspath $(LOCSIM_GPX)) .build-asan/debug/locsim check Scenarios

# The unit tests under AddressSanitizer: too slow for every `make test`
# (about 4 minutes here against 1), run before a release. Leak reports are
# off: the only leaks LeakSanitizer finds are inside Foundation itself.
asan-tests:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --disable-xctest --sanitize=address --build-path .build-asan-tests

bench: build
	bench/run.sh $(LOCSIM)

fuzz:
	bench/fuzz.sh

clean:
	rm -rf .build bench/out

install: build
	install -d "$(BINDIR)"
	install -m 755 $(LOCSIM) "$(BINDIR)/locsim"
	install -m 755 $(LOCSIM_GPX) "$(BINDIR)/locsim-gpx"

uninstall:
	rm -f "$(BINDIR)/locsim" "$(BINDIR)/locsim-gpx"

fuzz-gpx:
	bench/fuzz-gpx.sh
