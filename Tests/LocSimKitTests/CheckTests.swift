import Testing

@testable import LocSimKit
@testable import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Check` with a fake replay (`FakeCheck`), so these tests do not depend
/// on the rules: the "log" of a scenario is its text upper-cased, and a
/// scenario starting with `bad` fails at line 3, column 10.
@Suite struct CheckTests {
    func run(_ inputs: [String], update: Bool = false, jobs: Int = 2) throws -> (Check.Summary, String) {
        let (summary, report, _) = try FakeCheck.run(inputs, update: update, jobs: jobs)
        return (summary, report)
    }

    @Test func matchingMismatchingAndMissingGoldens() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("a-match.scn", "one\ntwo\n")
        dir.write("a-match.log", "ONE\nTWO\n")
        dir.write("b-mismatch.scn", "one\ntwo\nthree\n")
        dir.write("b-mismatch.log", "ONE\n2\nTHREE\n")
        dir.write("c-missing.scn", "x\n")
        dir.write("notes.txt", "not a scenario")

        let (summary, report) = try run([dir.path])
        #expect(summary == Self.summary(passed: 1, failed: 2))
        let p = dir.path
        #expect(
            report == """
                --- a/\(p)/b-mismatch.log
                +++ b/\(p)/b-mismatch.log
                @@ -1,3 +1,3 @@
                 ONE
                -2
                +TWO
                 THREE
                \(p)/b-mismatch.scn: the replayed log is in \(p)/b-mismatch.actual.log
                \(p)/c-missing.scn: missing golden c-missing.log (run with --update to write it)
                \(p)/c-missing.scn: the replayed log is in \(p)/c-missing.actual.log
                1 passed, 2 failed

                """)
        #expect(dir.read("b-mismatch.actual.log") == "ONE\nTWO\nTHREE\n")
        #expect(dir.read("c-missing.actual.log") == "X\n")
        #expect(dir.read("a-match.actual.log") == nil)

        // Once the golden matches, the stale actual log goes.
        dir.write("b-mismatch.log", "ONE\nTWO\nTHREE\n")
        _ = try run([dir.path + "/b-mismatch.scn"])
        #expect(dir.read("b-mismatch.actual.log") == nil)
    }

    @Test func aLongLogIsComparedWhileStreamingAndDiffedAroundTheChange() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let lines = (0..<500_000).map { "line \($0)\n" }
        dir.write("long.scn", lines.joined())
        var golden = lines.map { $0.uppercased() }
        golden[50_000] = "CHANGED\n"
        dir.write("long.log", golden.joined())
        let (summary, report) = try run([dir.path])
        #expect(summary.failed == 1)
        let p = dir.path
        #expect(
            report.hasPrefix(
                """
                --- a/\(p)/long.log
                +++ b/\(p)/long.log
                @@ -49998,7 +49998,7 @@
                 LINE 49997
                 LINE 49998
                 LINE 49999
                -CHANGED
                +LINE 50000
                 LINE 50001
                 LINE 50002
                 LINE 50003

                """))
        // More than `windowSize` follows the change: the diff says it was cut.
        #expect(report.contains("note: this diff covers lines 49998 to "))
        #expect(dir.read("long.actual.log") == lines.map { $0.uppercased() }.joined())
    }

    @Test func aCRLFGoldenIsNamedInTheReport() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("w.scn", "one\ntwo\n")
        dir.write("w.log", "ONE\r\nTWO\r\n")
        let (_, report) = try run([dir.path])
        #expect(report.contains("note: \(dir.path)/w.log has CRLF (\\r\\n) line ends; locsim writes LF"))
    }

    @Test func aByteOrderMarkInAGoldenIsNamedInTheReport() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("b.scn", "one\ntwo\n")
        dir.write("b.log", "\u{FEFF}ONE\nTWO\n")
        let (summary, report) = try run([dir.path])
        #expect(summary.failed == 1)
        #expect(report.contains("note: \(dir.path)/b.log starts with a UTF-8 byte order mark (EF BB BF)"))
        // A golden without one gets no such note.
        dir.write("b.log", "ONE\nZWO\n")
        let (_, plain) = try run([dir.path])
        #expect(!plain.contains("byte order mark"))
    }

    @Test func aOneLineGoldenTooLongForTheWindowShowsAnExcerpt() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("o.scn", "abcx\n")
        // One line past the diff window, differing from the log at byte 4.
        dir.write("o.log", "ABCD" + String(repeating: "E", count: GoldenComparator.windowSize + 10) + "\n")
        let (summary, report) = try run([dir.path])
        #expect(summary.failed == 1)
        #expect(
            report.contains(
                "@@ line 1 is too long to show whole; it first differs at byte 4; bytes 1 to 63 of it: @@\n"))
        #expect(report.contains("\n-ABCD" + String(repeating: "E", count: 59) + "…\n+ABCX\n"))
        #expect(!report.contains("covers lines"))
    }

    @Test func inputsThatAreNotRegularFilesAreRefused() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("z.scn", "one\n")
        symlink("/dev/zero", dir.path + "/z.log")
        let (summary, report) = try run([dir.path, "/dev/zero"])
        #expect(summary.failed == 2)
        #expect(
            report.contains("z.scn: error: cannot read '\(dir.path)/z.log': not a regular file (a character device)"))
        #expect(report.contains("/dev/zero: error: cannot read '/dev/zero': not a regular file (a character device)"))
    }

    @Test func updateWritesGoldensThenTheyPass() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("x.scn", "hello\n")
        dir.write("y.scn", "same\n")
        dir.write("y.log", "SAME\n")
        dir.write("z.scn", "new\n")
        dir.write("z.log", "old\n")
        dir.write("z.actual.log", "from an earlier failing run\n")

        let (summary, report) = try run([dir.path], update: true)
        #expect(summary.updated == 2 && summary.passed == 3 && summary.failed == 0)
        #expect(report == "updated \(dir.path)/x.log\nupdated \(dir.path)/z.log\nupdated 2\n3 passed, 0 failed\n")
        #expect(dir.read("x.log") == "HELLO\n")
        #expect(dir.read("z.log") == "NEW\n")
        #expect(dir.read("z.actual.log") == nil)  // recording leaves no actual log behind

        let (again, againReport) = try run([dir.path])
        #expect(again == Self.summary(passed: 3, failed: 0))
        #expect(againReport == "3 passed, 0 failed\n")
    }

    @Test func aScenarioErrorFailsWithItsErrorLine() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let path = dir.write("broken.scn", "bad\n")
        dir.write("broken.log", "")
        let (summary, report) = try run([path], update: true)
        #expect(summary == Self.summary(passed: 0, failed: 1))
        #expect(report == "\(path):3:10: error: bad number 'x'; expected seconds\nupdated 0\n0 passed, 1 failed\n")
    }

    @Test func errorGoldensExpectTheErrorLineWithTheFileNameOnly() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("errors/bad-number.scn", "bad\n")
        dir.write("errors/bad-other.scn", "bad\n")
        dir.write("errors/bad-other.err", "bad-other.scn:1:1: error: something else\n")
        dir.write("errors/not-bad.scn", "fine\n")

        let (updated, _) = try run([dir.path], update: true)
        #expect(updated.updated == 2 && updated.failed == 1)  // not-bad.scn replays without an error
        #expect(dir.read("errors/bad-number.err") == "bad-number.scn:3:10: error: bad number 'x'; expected seconds\n")
        #expect(dir.read("errors/not-bad.err") == nil)

        dir.write("errors/bad-other.err", "bad-other.scn:1:1: error: something else\n")
        let (summary, report) = try run([dir.path])
        #expect(summary == Self.summary(passed: 1, failed: 2))
        let p = dir.path
        #expect(
            report == """
                --- a/\(p)/errors/bad-other.err
                +++ b/\(p)/errors/bad-other.err
                @@ -1 +1 @@
                -bad-other.scn:1:1: error: something else
                +bad-other.scn:3:10: error: bad number 'x'; expected seconds
                \(p)/errors/not-bad.scn: expected a scenario error (the scenario is in an 'errors' folder), but it replayed without one
                1 passed, 2 failed

                """)
    }

    @Test func scenariosAreFoundRecursivelyInByteOrder() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let names = [
            "b.scn", "a/z.scn", "a.scn", "B.scn", "a-b.scn", ".hidden/x.scn", "a/.y.scn", "c.scn.txt", "a.b/y.scn",
            "a0.scn", "a-/x.scn", "a/b/c.scn", "a/b.scn", "a/b-c.scn",
        ]
        for name in names { dir.write(name, "x\n") }
        let found = try ScenarioFinder.scenarios(in: [dir.path, dir.path + "/b.scn"])
        // The walk goes folder by folder; the order is still the bytes' of
        // the whole paths: the folder `a` after `a-b.scn`, `a.b/` and `a.scn`
        // (`-` < `.` < `/`), before `a0.scn`.
        let expected = [
            "B.scn", "a-/x.scn", "a-b.scn", "a.b/y.scn", "a.scn", "a/b-c.scn", "a/b.scn", "a/b/c.scn", "a/z.scn",
            "a0.scn", "b.scn",
        ]
        #expect(expected == expected.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(found == expected.map { dir.path + "/" + $0 })
    }

    /// A folder named like a scenario is searched, not checked; a folder
    /// given with a trailing `/` gives paths with one `/`.
    @Test func aFolderNamedLikeAScenarioIsSearched() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        for name in ["d.scn/a.scn", "b.scn", "c.log", "e.scnx"] { dir.write(name, "x\n") }
        let found = try ScenarioFinder.scenarios(in: [dir.path + "/"])
        #expect(found == ["b.scn", "d.scn/a.scn"].map { dir.path + "/" + $0 })
    }

    @Test func aMissingInputIsAnError() {
        #expect(throws: FileError.self) { try run(["/nonexistent/locsim/Scenarios"]) }
    }

    /// Every input is looked at before the first scenario runs: a missing
    /// one after a folder leaves the folder's goldens untouched.
    @Test func aMissingInputAfterAFolderChecksNothing() {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("a.scn", "one\n")
        dir.write("a.log", "different\n")
        #expect(throws: FileError.self) { try run([dir.path, "/nonexistent/locsim/x.scn"], update: true) }
        #expect(dir.read("a.log") == "different\n")
    }

    /// A folder inside the suite that cannot be read fails in its place and
    /// the rest is checked (the scenarios run while the walk goes on, so it
    /// cannot stop the check before they do); one given as an input is an
    /// error before anything runs. Root reads any folder: not tested as root.
    @Test(.enabled(if: getuid() != 0)) func aFolderThatCannotBeReadFailsInItsPlace() throws {
        let dir = TemporaryFolder()
        defer {
            chmod(dir.path + "/b", 0o755)
            dir.remove()
        }
        for name in ["a.scn", "c.scn", "b/x.scn"] { dir.write(name, "one\n") }
        for name in ["a.log", "c.log", "b/x.log"] { dir.write(name, "ONE\n") }
        chmod(dir.path + "/b", 0)
        for jobs in [1, 2] {
            let (summary, report) = try run([dir.path], jobs: jobs)
            #expect(summary == Self.summary(passed: 2, failed: 1))
            let p = dir.path
            #expect(report == "\(p)/b: error: cannot read folder '\(p)/b': Permission denied\n2 passed, 1 failed\n")
        }
        #expect(throws: FileError.self) { try run([dir.path + "/b"]) }
    }

    /// The files `check` asks about only when the folder's listing holds
    /// them: a stale `x.actual.log` goes when `x` passes, an `x.explore`
    /// beside a scenario is checked; none of them is made up for another
    /// scenario whose name they start with.
    @Test func siblingsInTheListingAreStillRead() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let fakeExplore: Check.MatrixFunction = { scenario, _ in .success(Array("E:".utf8) + scenario) }
        for name in ["a", "ab", "b"] {
            dir.write("\(name).scn", "one\n")
            dir.write("\(name).log", "ONE\n")
        }
        dir.write("a.actual.log", "from an earlier failing run\n")
        dir.write("b.explore", "E:old\n")
        dir.write("abc.explore", "not a.scn's nor ab.scn's\n")
        func check(jobs: Int) throws -> (Check.Summary, String) {
            var report = ""
            let summary = try Check(jobs: jobs, replay: FakeCheck.replay, explore: fakeExplore).run(
                [dir.path], to: &report)
            return (summary, report)
        }
        for jobs in [1, 2] {
            let (summary, report) = try check(jobs: jobs)
            #expect(summary == Self.summary(passed: 2, failed: 1))
            #expect(report.contains("-E:old\n+E:one\n"))
            #expect(!report.contains("a.explore") && !report.contains("ab.explore"))
            #expect(dir.read("a.actual.log") == nil)
        }
        dir.write("ab.actual.log", "stale\n")
        dir.write("b.explore", "E:one\n")
        #expect(try check(jobs: 2).0 == Self.summary(passed: 3, failed: 0))
        #expect(dir.read("ab.actual.log") == nil)
    }

    /// A scenario and its golden are read to their ends at every size
    /// around the read chunk (the end of a regular file is taken from its
    /// size: one read short of a chunk, no second read to see it).
    @Test(arguments: [0, 1, 1023, 65535, 65536, 65537, 131_072, 200_000])
    func scenariosAndGoldensAreReadToTheirEnds(size: Int) throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        // Lines of 1,024 bytes, then one of the rest: `size` bytes of scenario and of log.
        let line = String(repeating: "x", count: 1023) + "\n"
        let rest = size % 1024 == 0 ? "" : String(repeating: "x", count: size % 1024 - 1) + "\n"
        let text = String(repeating: line, count: size / 1024) + rest
        #expect(text.utf8.count == size)
        dir.write("s.scn", text)
        dir.write("s.log", text.uppercased())
        #expect(try run([dir.path]).0 == Self.summary(passed: 1, failed: 0))
        dir.write("s.log", text.uppercased() + "X")
        #expect(try run([dir.path]).0 == Self.summary(passed: 0, failed: 1))
        if size > 0 {
            dir.write("s.log", String(text.uppercased().dropLast()))
            #expect(try run([dir.path]).0 == Self.summary(passed: 0, failed: 1))
            #expect(dir.read("s.actual.log") == text.uppercased())
        }
    }

    @Test func parallelReportIsByteIdenticalToSerial() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        FakeCheck.writeSuite(dir)
        let (serialSummary, serial) = try run([dir.path], jobs: 1)
        #expect(serialSummary.passed > 0 && serialSummary.failed > 0)
        for jobs in [2, 4, 16] {
            let (summary, parallel) = try run([dir.path], jobs: jobs)
            #expect(summary == serialSummary)
            #expect(parallel == serial)
        }
    }

    static func summary(passed: Int, failed: Int) -> Check.Summary {
        var s = Check.Summary()
        s.passed = passed
        s.failed = failed
        return s
    }

    /// `x.matrix` beside `x.scn` is checked when present, ignored when absent,
    /// and rewritten by `--update`.
    @Test func matrixGoldensAreOptionalAndChecked() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let fakeMatrix: Check.MatrixFunction = { scenario, _ in .success(Array("M:".utf8) + scenario) }
        dir.write("a.scn", "one\n")
        dir.write("a.log", "ONE\n")
        dir.write("b.scn", "two\n")
        dir.write("b.log", "TWO\n")
        dir.write("b.matrix", "M:old\n")
        var report = ""
        var summary = try Check(jobs: 1, replay: FakeCheck.replay, matrix: fakeMatrix).run([dir.path], to: &report)
        #expect(summary.passed == 1 && summary.failed == 1)
        #expect(report.contains("-M:old\n+M:two\n"))
        report = ""
        summary = try Check(update: true, jobs: 1, replay: FakeCheck.replay, matrix: fakeMatrix).run(
            [dir.path], to: &report)
        #expect(summary.updated == 1)
        #expect(try FileIO.readFile(dir.path + "/b.matrix").get() == Array("M:two\n".utf8))
        #expect((try? FileIO.readFile(dir.path + "/a.matrix").get()) == nil)
    }
}
