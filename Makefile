# locsim — build, run, test and benchmark. `make help` lists the targets.
SWIFT ?= swift
LOCSIM := .build/release/locsim
# The GPX reader locsim runs for `gpx` lines (docs/gpx.md); installed next to it.
LOCSIM_GPX := .build/release/locsim-gpx
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
# Release archives (`make dist`): named for the version `locsim --version`
# prints and this machine, as `uname` names it (linux-x86_64, darwin-arm64).
VERSION := $(shell sed -n 's/.*static let tool = "\(.*\)"/\1/p' Sources/LocSimKit/Version.swift)
DIST_NAME := locsim-$(VERSION)-$(shell uname -s | tr '[:upper:]' '[:lower:]')-$(shell uname -m)
# Where the repository lives, for the Homebrew formula's URLs (`make formula`).
LOCSIM_URL ?= https://example.com/your/locsim

.PHONY: dist formula docs help build release-flags lint run test check asan asan-tests apple-check bench fuzz fuzz-gpx clean install uninstall

help:
	@echo "make build   release build (.build/release/locsim and locsim-gpx)"
	@echo "make run     build, then replay Scenarios/quickstart.scn"
	@echo "make test    build, swift test, check every golden in Scenarios/, CLI tests, every code block of docs/ (tests/docs.py), the release archive (tests/dist.sh), then the Examples/ package"
	@echo "make lint    swift format lint --strict over Sources/ (.swift-format)"
	@echo "make check   the quick loop: build, then only the goldens in Scenarios/ and the CLI tests (tests/cli.sh, tests/ci.sh)"
	@echo "make apple-check  type-check the Foundation-free targets for macOS 13 and the iOS 16 Simulator (part of make test)"
	@echo "make asan    the goldens in Scenarios/ under AddressSanitizer (a debug build in .build-asan; part of make test)"
	@echo "make asan-tests  swift test under AddressSanitizer (about 4 min; not part of make test)"
	@echo "make bench   1 M and 10 M line benchmarks, realistic traces against the C floor and the previous commit's build, written to bench/RESULTS.md"
	@echo "make fuzz    libFuzzer over parser and simulator (FUZZ_SECONDS=60; FUZZ_TARGET=explore, shard, merge or coverage)"
	@echo "make fuzz-gpx  libFuzzer over the GPX reader (FUZZ_SECONDS=60)"
	@echo "make install    copy locsim and locsim-gpx to \$$(PREFIX)/bin (PREFIX=/usr/local by default)"
	@echo "make uninstall  remove \$$(PREFIX)/bin/locsim and locsim-gpx"
	@echo "make dist    dist/$(DIST_NAME).tar.gz (locsim, locsim-gpx, README) with its .sha256, and the source archive"
	@echo "make formula dist/locsim.rb, the Homebrew formula of the source archive (LOCSIM_URL=where the repository lives)"
	@echo "make docs    the DocC sites of LocSimKit and LocSimCoreLocation in .build/docs (DOCS_BASE=locsim for GitHub Pages)"
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

# The release build, the lint and the Apple type check run side by side:
# the release build compiles each module in one process (whole-module
# optimization), so for much of it the second core is free.
test:
	@$(MAKE) --no-print-directory -j3 build lint apple-check
	tests/swift-test.sh
	$(LOCSIM) check Scenarios
	tests/cli.sh $(LOCSIM)
	tests/ci.sh $(LOCSIM)
	tests/docs.py $(LOCSIM)
	$(MAKE) --no-print-directory dist formula > /dev/null
	tests/dist.sh
	$(MAKE) --no-print-directory docs
	cd Examples && ../tests/swift-test.sh
	$(MAKE) --no-print-directory asan

# The real compiler's type and availability check for Apple triples, on
# Linux (tests/apple/README.md): LocSimKit, LocSimTool, locsim and
# locsim-fuzz against the toolchain's standard library rebuilt for
# x86_64-apple-macosx13.0 and x86_64-apple-ios16.0-simulator and a stub of
# the Darwin C declarations locsim uses, so a Darwin branch that does not
# compile, or an API above the declared floors outside `if #available`,
# fails here as it would in Xcode. About 80 s the first time (the rebuilt
# standard library is kept in .build-apple), a few seconds after.
apple-check:
	@bash tests/apple/typecheck.sh . .build-apple > .build-apple.log 2>&1 \
	  || { cat .build-apple.log; exit 1; }
	@grep '^==' .build-apple.log | sed 's/ (full output.*//'

# The edit-run loop: the release binary over the goldens and the CLI tests
# (no test build), a few seconds after an incremental build.
check: build
	$(LOCSIM) check Scenarios
	tests/cli.sh $(LOCSIM)
	tests/ci.sh $(LOCSIM)

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
	rm -rf .build bench/out dist

install: build
	install -d "$(BINDIR)"
	install -m 755 $(LOCSIM) "$(BINDIR)/locsim"
	install -m 755 $(LOCSIM_GPX) "$(BINDIR)/locsim-gpx"

uninstall:
	rm -f "$(BINDIR)/locsim" "$(BINDIR)/locsim-gpx"

fuzz-gpx:
	bench/fuzz-gpx.sh

# The release archive: a folder of the two programs, a short README and the
# quickstart, in a tar.gz whose bytes depend only on them (sorted names, no
# owners, the commit's time, gzip without a name or time), with its SHA-256
# in the form `sha256sum -c` reads; and the source archive of HEAD that the
# Homebrew formula builds. tests/dist.sh unpacks the archive into an empty
# folder and replays the quickstart with nothing else on PATH. There is no
# LICENSE file in the repository yet, so none is in the archive.
dist: build
	rm -rf dist/$(DIST_NAME) && mkdir -p dist/$(DIST_NAME)
	install -m 755 $(LOCSIM) $(LOCSIM_GPX) dist/$(DIST_NAME)/
	sed -e 's/VERSION/$(VERSION)/' -e "s/OS ARCH/$$(uname -s) $$(uname -m)/" packaging/README.dist > dist/$(DIST_NAME)/README
	install -m 644 Scenarios/quickstart.scn dist/$(DIST_NAME)/
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$$(git log -1 --format=%ct) \
	  -C dist -cf - $(DIST_NAME) | gzip -n -9 > dist/$(DIST_NAME).tar.gz
	cd dist && sha256sum $(DIST_NAME).tar.gz > $(DIST_NAME).tar.gz.sha256
	git archive --format=tar --prefix=locsim-$(VERSION)/ HEAD | gzip -n -9 > dist/locsim-$(VERSION)-source.tar.gz
	cd dist && sha256sum locsim-$(VERSION)-source.tar.gz > locsim-$(VERSION)-source.tar.gz.sha256
	@echo "dist/$(DIST_NAME).tar.gz: $$(cut -d' ' -f1 dist/$(DIST_NAME).tar.gz.sha256)"

# The Homebrew formula for the source archive `make dist` built, uploaded
# as a release asset at $(LOCSIM_URL)/releases/download/<version>/.
formula:
	@test -f dist/locsim-$(VERSION)-source.tar.gz || { echo "make formula: run make dist first"; exit 1; }
	sed -e 's|@HOMEPAGE@|$(LOCSIM_URL)|' \
	  -e 's|@URL@|$(LOCSIM_URL)/releases/download/$(VERSION)/locsim-$(VERSION)-source.tar.gz|' \
	  -e "s|@SHA256@|$$(cut -d' ' -f1 dist/locsim-$(VERSION)-source.tar.gz.sha256)|" \
	  -e 's|@VERSION@|$(VERSION)|g' packaging/homebrew/locsim.rb.in > dist/locsim.rb
	@echo "dist/locsim.rb: copy it to Formula/locsim.rb of your tap"

# The API reference: DocC sites built from symbol graphs with the
# toolchain's docc, broken links failing (packaging/docc.sh).
DOCS_BASE ?=
docs:
	SWIFT=$(SWIFT) LOCSIM_URL=$(LOCSIM_URL) packaging/docc.sh $(DOCS_BASE)
