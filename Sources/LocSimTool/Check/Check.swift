import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim check`: replays scenarios and compares each log with its golden.
///
/// A scenario `x.scn` has its golden `x.log` beside it (the text log). A
/// scenario in a folder named `errors` is an *error golden*: it must fail,
/// and its golden `x.err` holds the error line, with the scenario's file name
/// only (`x.scn:3:10: error: …`) so the golden does not depend on where
/// `check` was run from.
///
/// A scenario may also have a *matrix golden* `x.matrix` beside it: the text
/// output of `locsim matrix x.scn` on the default platforms. It is optional
/// (most scenarios are about one platform); when it exists it is checked,
/// and `--update` rewrites it.
///
/// A scenario in a folder named `explore` has an *explore golden* `x.explore`
/// instead of a log: the text output of `locsim explore x.scn` (the
/// scenario's own platform). Its choice points (`user any`) leave it no
/// single log. Elsewhere an `x.explore` beside a scenario is optional, as a
/// matrix golden is.
///
/// Scenarios run in parallel, starting while the folders are still being
/// walked (`ParallelMap.stream`), each streamed from its file and compared with
/// its golden as the log is written (`GoldenComparator`), so memory does
/// not grow with either; the report is assembled in scenario order
/// afterwards, so it is byte-identical for any number of jobs. A log that
/// differs is written to `x.actual.log` beside the golden (to the golden
/// itself with `update`); a log that matches removes a stale `x.actual.log`.
package struct Check: Sendable {
    /// Replays a scenario (read from the path given last) into a text log
    /// and returns its failed expectations, or throws the scenario's error.
    package typealias ReplayFunction =
        @Sendable (inout LineReader, inout OutputBuffer, _ path: String) throws(ScenarioError) -> [FailedExpectation]
    /// Runs the matrix of scenario bytes read from the path given second.
    package typealias MatrixFunction = @Sendable ([UInt8], _ path: String) -> Result<[UInt8], ScenarioError>

    /// Write missing or differing goldens instead of failing on them.
    package var update: Bool
    /// Threads to use; at least 1.
    package var jobs: Int
    /// The replay under test; `Check.replayText` in the product, a fake in tests.
    package var replay: ReplayFunction
    /// The matrix under test, for `x.matrix` goldens; `Check.matrixText` in the product.
    package var matrix: MatrixFunction
    /// The explore under test, for `x.explore` goldens; `Check.exploreText` in the product.
    package var explore: MatrixFunction
    /// Check only this shard's scenarios (`--shard i/n`); nil checks all.
    package var shard: Shard?

    package init(
        update: Bool = false, jobs: Int = Check.coreCount, replay: @escaping ReplayFunction = Check.replayText,
        matrix: @escaping MatrixFunction = Check.matrixText, explore: @escaping MatrixFunction = Check.exploreText,
        shard: Shard? = nil
    ) {
        self.update = update
        self.jobs = max(1, jobs)
        self.replay = replay
        self.matrix = matrix
        self.explore = explore
        self.shard = shard
    }

    /// The machine's online processor count, the default for `jobs`.
    package static var coreCount: Int { ParallelMap.coreCount }

    /// The product's replay without a track reader (`gpx` lines fail).
    package static let replayText: ReplayFunction = replayText(tracks: nil)

    /// The product's replay: `Replay` into a text log; `tracks` reads the
    /// files of `gpx` lines, relative to each scenario's folder.
    package static func replayText(tracks: (any TrackReader)?) -> ReplayFunction {
        { (reader, output, path) throws(ScenarioError) in
            let source = tracks.map { TrackSource(reader: $0, scenario: path) }
            var report = ReplayReport()
            try Replay.run(&reader, format: .text, into: &output, tracks: source, report: &report)
            return report.failedExpectations
        }
    }

    /// The product's matrix: the default platforms, one thread (`check`
    /// already runs scenarios in parallel), the text format.
    package static let matrixText: MatrixFunction = matrixText(tracks: nil)

    /// `matrixText` reading the files of `gpx` lines with `tracks`.
    package static func matrixText(tracks: (any TrackReader)?) -> MatrixFunction {
        { scenario, path in
            let source = tracks.map { TrackSource(reader: $0, scenario: path) }
            do throws(ScenarioError) {
                let report = try Matrix(jobs: 1).run(scenario, tracks: source)
                return .success(Array(report.rendered(.text).utf8))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The product's explore: the scenario's own platform, one thread, the text format.
    package static let exploreText: MatrixFunction = { scenario, _ in
        do throws(ScenarioError) {
            return .success(Array(try Explore(jobs: 1).run(scenario).rendered(.text).utf8))
        } catch {
            return .failure(error)
        }
    }

    /// Where the log of a scenario with golden `stem.log` goes when it differs.
    package static func actualLogPath(stem: String) -> String { stem + ".actual.log" }

    /// Counts of a check run.
    package struct Summary: Equatable, Sendable {
        package var passed = 0
        package var failed = 0
        /// Goldens written by `--update` (those scenarios count as passed).
        package var updated = 0
        /// The paths of the scenarios found but left to other shards
        /// (`--shard`), in the order found.
        package var skipped: [String] = []
        /// How many scenarios other shards check.
        package var otherShards: Int { skipped.count }
        package init() {}
    }

    /// What happened to one scenario, and what to print about it.
    package struct Outcome: Equatable, Sendable {
        package enum Status: Equatable, Sendable { case passed, failed, updated }
        package var status: Status
        /// Lines for the report, each ending in `\n`; empty for a plain pass.
        package var report: String
        /// Records of the replayed log; 0 when there is none.
        package var records = 0

        /// Both outcomes of one scenario (its log, then its matrix) as one:
        /// failed if either failed, updated if either was written.
        func then(_ next: Outcome) -> Outcome {
            let status: Status =
                status == .failed || next.status == .failed
                ? .failed : status == .updated || next.status == .updated ? .updated : .passed
            return Outcome(status: status, report: report + next.report, records: records + next.records)
        }
    }

    /// Checks the scenarios found in `inputs` (files and folders) and writes
    /// the report to `out`: each failure's diff or message in scenario order,
    /// then `updated N` (with `--update`), `shard i/n: N of N scenarios`
    /// (with a shard) and `N passed, N failed`.
    ///
    /// - Throws: when an input does not exist or is a folder that cannot be
    ///   read (nothing has been checked yet). A folder inside one that
    ///   cannot be read fails in its place in the report, and the rest is
    ///   checked, as a scenario that cannot be read does.
    package func run<Out: TextOutputStream>(_ inputs: [String], to out: inout Out) throws(FileError) -> Summary {
        var results: [ScenarioResult] = []
        return try run(inputs, to: &out, results: &results)
    }

    /// `run(_:to:)`, also handing back each checked scenario's result, in
    /// scenario order (`--summary jsonl`).
    package func run<Out: TextOutputStream>(
        _ inputs: [String], to out: inout Out, results: inout [ScenarioResult]
    ) throws(FileError) -> Summary {
        // The scenarios are checked as the walk finds them (issue 31 item 9).
        var skipped: [String] = []
        let timed = try ParallelMap.stream(threads: jobs) { (emit: (ScenarioFinder.Entry) -> Void) throws(FileError) in
            try ScenarioFinder.forEachEntry(in: inputs) { entry in
                if shard?.contains(key: entry.key) ?? true { emit(entry) } else { skipped.append(entry.path) }
            }
        } _: { [self] entry in
            let start = ScenarioResult.now()
            let outcome =
                entry.failure.map { Outcome(status: .failed, report: "\(entry.path): error: \($0.message)\n") }
                ?? self.check(entry.path, siblings: entry.siblings)
            return (entry.path, outcome, ScenarioResult.now() - start)
        }
        var summary = Summary()
        summary.skipped = skipped
        for (path, outcome, microseconds) in timed {
            out.write(outcome.report)
            results.append(
                ScenarioResult(
                    name: path, result: outcome.status, records: outcome.records, microseconds: microseconds,
                    report: outcome.report))
            switch outcome.status {
            case .passed: summary.passed += 1
            case .failed: summary.failed += 1
            case .updated:
                summary.passed += 1
                summary.updated += 1
            }
        }
        if update { out.write("updated \(summary.updated)\n") }
        if let shard {
            out.write(
                "shard \(shard.index)/\(shard.count): \(timed.count) of \(timed.count + skipped.count) scenarios\n")
        }
        out.write("\(summary.passed) passed, \(summary.failed) failed\n")
        return summary
    }

    /// Checks one scenario; of the files beside it that are read or
    /// removed only when they exist, only `siblings` may (the rest are not
    /// asked about: `ScenarioFinder.Entry.siblings`).
    package func check(_ path: String, siblings: ScenarioFinder.Siblings) -> Outcome {
        let file: FileIO.RegularFile
        switch FileIO.openRegular(path) {
        case .success(let opened): file = opened
        case .failure(let error): return Outcome(status: .failed, report: "\(path): error: \(error.message)\n")
        }
        defer { close(file.fd) }
        var reader = LineReader(regularFile: file.fd, size: file.size)
        let stem = path.hasSuffix(".scn") ? String(path.dropLast(4)) : path
        if FileIO.fileName(of: FileIO.directory(of: path)) == "errors" {
            return checkError(&reader, golden: stem + ".err", scenario: path)
        }
        if FileIO.fileName(of: FileIO.directory(of: path)) == "explore" {
            return checkReport(golden: stem + ".explore", scenario: path, required: true, explore)
        }
        var outcome = checkLog(&reader, stem: stem, scenario: path, staleLog: siblings.contains(.actualLog))
        if siblings.contains(.matrix) {
            outcome = outcome.then(checkReport(golden: stem + ".matrix", scenario: path, required: false, matrix))
        }
        if siblings.contains(.explore) {
            outcome = outcome.then(checkReport(golden: stem + ".explore", scenario: path, required: false, explore))
        }
        return outcome
    }

    /// Compares the replayed log with the golden `stem.log` as it is
    /// written, keeping a differing log in `stem.actual.log`; a log that
    /// matches removes a stale one when there may be one (`staleLog`).
    private func checkLog(_ reader: inout LineReader, stem: String, scenario path: String, staleLog: Bool) -> Outcome {
        let actualPath = Self.actualLogPath(stem: stem)
        let comparator = GoldenComparator(goldenPath: stem + ".log", actualPath: update ? stem + ".log" : actualPath)
        var output = OutputBuffer.comparing(with: comparator)
        let failedExpectations: [FailedExpectation]
        do throws(ScenarioError) {
            failedExpectations = try replay(&reader, &output, path)
        } catch {
            output.discard()
            return Outcome(status: .failed, report: error.formatted(file: path) + "\n")
        }
        // A failed `expect` line fails the scenario even when its golden
        // matches (a golden may have been recorded from a broken flow).
        let expectations = Outcome(
            status: failedExpectations.isEmpty ? .passed : .failed,
            report: failedExpectations.map { $0.formatted(file: path) + "\n" }.joined())
        return logOutcome(comparator, output: &output, stem: stem, scenario: path, staleLog: staleLog)
            .then(expectations)
    }

    /// How the log written to `output` compares with its golden.
    private func logOutcome(
        _ comparator: GoldenComparator, output: inout OutputBuffer, stem: String, scenario path: String,
        staleLog: Bool
    ) -> Outcome {
        let actualPath = Self.actualLogPath(stem: stem)
        try? output.commit()  // a comparison throws nothing; its failures are the comparator's
        let same = comparator.finish()
        if let failure = comparator.failure {
            return Outcome(status: .failed, report: "\(path): error: \(failure.message)\n")
        }
        if staleLog && (same || update) {
            unlink(actualPath)  // from an earlier failing run: it no longer says anything
        }
        if same { return Outcome(status: .passed, report: "", records: comparator.records) }
        if update { return Outcome(status: .updated, report: "updated \(stem).log\n", records: comparator.records) }
        let wrote = "\(path): the replayed log is in \(actualPath)\n"
        guard comparator.goldenExists else {
            return Outcome(
                status: .failed,
                report:
                    "\(path): missing golden \(FileIO.fileName(of: stem + ".log")) (run with --update to write it)\n"
                    + wrote,
                records: comparator.records)
        }
        switch comparator.diff(oldLabel: "a/\(stem).log", newLabel: "b/\(stem).log") {
        case .success(let diff): return Outcome(status: .failed, report: diff + wrote, records: comparator.records)
        case .failure(let error): return Outcome(status: .failed, report: "\(path): error: \(error.message)\n")
        }
    }

    /// Checks a matrix or explore golden `golden` against what `make` gives
    /// for the scenario; a pass when there is none unless it is `required`.
    /// The scenario is read whole: a matrix replays it once per platform.
    private func checkReport(golden: String, scenario path: String, required: Bool, _ make: MatrixFunction) -> Outcome {
        guard required || access(golden, F_OK) == 0 else { return Outcome(status: .passed, report: "") }
        let scenario: [UInt8]
        switch FileIO.readFile(path, regularOnly: true) {
        case .success(let bytes): scenario = bytes
        case .failure(let error): return Outcome(status: .failed, report: "\(path): error: \(error.message)\n")
        }
        switch make(scenario, path) {
        case .success(let text): return compare(text, golden: golden, scenario: path)
        case .failure(let error): return Outcome(status: .failed, report: error.formatted(file: path) + "\n")
        }
    }

    /// Checks a scenario of an `errors` folder: it must fail, with the
    /// line its golden `x.err` holds. Its log is not kept.
    private func checkError(_ reader: inout LineReader, golden: String, scenario: String) -> Outcome {
        var output = OutputBuffer.discarding()
        do throws(ScenarioError) {
            _ = try replay(&reader, &output, scenario)
        } catch {
            let line = Self.relativeToFolder(error.formatted(file: FileIO.fileName(of: scenario)), of: scenario) + "\n"
            return compare(Array(line.utf8), golden: golden, scenario: scenario)
        }
        return Outcome(
            status: .failed,
            report:
                "\(scenario): expected a scenario error (the scenario is in an 'errors' folder), but it replayed without one\n"
        )
    }

    /// An error golden names the scenario by its file name, and a file beside
    /// it (a `gpx` track's resolved path) from its folder, `./track.gpx`, so
    /// it reads the same wherever `check` runs from.
    static func relativeToFolder(_ line: String, of scenario: String) -> String {
        let folder = FileIO.directory(of: scenario)
        guard folder != "." else { return line }
        return line.replacing("'" + folder + "/", with: "'./")
    }

    /// Compares a small `actual` (an error line, a matrix) with the golden file, or writes it with `--update`.
    private func compare(_ actual: [UInt8], golden: String, scenario: String) -> Outcome {
        let expected: [UInt8]?
        switch FileIO.readFile(golden, regularOnly: true) {
        case .success(let bytes): expected = bytes
        case .failure(let error) where error.code == ENOENT: expected = nil
        case .failure(let error): return Outcome(status: .failed, report: "\(scenario): error: \(error.message)\n")
        }
        if expected == actual { return Outcome(status: .passed, report: "") }
        if update {
            switch FileIO.writeFileAtomically(golden, actual) {
            case .success: return Outcome(status: .updated, report: "updated \(golden)\n")
            case .failure(let error): return Outcome(status: .failed, report: "\(scenario): error: \(error.message)\n")
            }
        }
        guard let expected else {
            return Outcome(
                status: .failed,
                report: "\(scenario): missing golden \(FileIO.fileName(of: golden)) (run with --update to write it)\n")
        }
        let diff = UnifiedDiff.diff(expected, actual, oldLabel: "a/" + golden, newLabel: "b/" + golden)
        return Outcome(status: .failed, report: diff)
    }
}
