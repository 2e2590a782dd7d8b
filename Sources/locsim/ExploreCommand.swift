import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim explore <scenario> [--platforms <list> | --all] [--format text|markdown|jsonl|dot]
/// [--only-failing] [-o <file>] [--counterexamples <dir>] [--jobs N] [--max-states N] [--max-outcomes N]
/// [--system-terminations K] [--shrink] [--random N [--seed S]] [--shard I/N] [--junit <file>]
/// [--annotations github|none]`, and `locsim explore --merge <shard files> [--format text|markdown|jsonl]
/// [--only-failing] [-o <file>] [--jobs N] [--junit <file>] [--annotations github|none]`.
enum ExploreCommand {
    struct Options {
        var scenario: String
        var explore: Explore
        var format: Explore.Format
        var onlyFailing: Bool
        var output: String?
        var counterexamples: String?
        var shrink = false
        /// `--shard i/n`: write this shard's file instead of the report.
        var shard: Shard? = nil
        /// `--merge`: the shards' files, the report made of them.
        var merge: [String]? = nil
        /// `LOCSIM_SHARD_KEY`: the key of the shards' keyed digest (docs/ci-shards.md).
        var key: SipHash? = nil
        /// `--junit`, `--annotations`.
        var reports = CIReports()
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var scenario: String?
        var shared = PlatformOptions()
        var counterexamples: String?
        var maxStates = Explore.defaultMaxStates
        var maxOutcomes = Explore.defaultMaxOutcomes
        var systemTerminations = 0
        var format = Explore.Format.text
        var onlyFailing = false
        var shrink = false
        var samples: Int? = nil
        var seed: UInt64? = nil
        var shard: Shard? = nil
        var merge = false
        var files: [String] = []
        var given: [String] = []
        var reports = CIReports()
        while let item = args.next() {
            if case .option(let name, _) = item { given.append(name) }
            // `--format` here: explore has `dot` besides matrix's formats.
            if case .option("--format", let inline) = item {
                let value = try args.value(of: "--format", inline: inline)
                guard let f = Explore.Format(rawValue: value) else {
                    throw UsageError("unknown format '\(value)'; expected text, markdown, jsonl or dot")
                }
                format = f
                continue
            }
            if try shared.take(item, from: &args) { continue }
            if try reports.take(item, from: &args) { continue }
            switch item {
            case .option("--only-failing", nil):
                onlyFailing = true
            case .option("--shard", let inline):
                shard = try args.shard(inline: inline)
            case .option("--merge", nil):
                merge = true
            case .positional(let path) where merge:
                files.append(path)
            case .positional(let path):
                guard scenario == nil else {
                    throw UsageError("unexpected argument '\(path)'; explore takes one scenario")
                }
                scenario = path
            case .option("--counterexamples", let inline):
                counterexamples = try args.value(of: "--counterexamples", inline: inline)
            case .option("--max-states", let inline):
                maxStates = try args.count(of: "--max-states", inline: inline)
            case .option("--max-outcomes", let inline):
                maxOutcomes = try args.count(of: "--max-outcomes", inline: inline)
            case .option("--system-terminations", let inline):
                systemTerminations = try args.count(of: "--system-terminations", inline: inline, allowZero: true)
            case .option("--shrink", nil):
                shrink = true
            case .option("--random", let inline):
                samples = try args.count(of: "--random", inline: inline)
                guard samples! <= Explore.Sampling.maxSamples else {
                    throw UsageError("'--random' takes at most \(Explore.Sampling.maxSamples) paths, not \(samples!)")
                }
            case .option("--seed", let inline):
                let value = try args.value(of: "--seed", inline: inline)
                guard let s = UInt64(value) else {
                    throw UsageError("'--seed' needs an integer from 0 to \(UInt64.max), not '\(value)'")
                }
                seed = s
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "explore")
            }
        }
        if merge {
            // The search's options are the shards': only the report's are the merge's.
            let own: Set<String> = [
                "--merge", "--format", "--only-failing", "-o", "--output", "--jobs", "-j", "--junit", "--annotations",
            ]
            if let other = given.first(where: { !own.contains($0) }) {
                throw UsageError(
                    "'\(other)' does not go with '--merge': the merge takes the shards' options; it takes only "
                        + "--format text|markdown|jsonl, --only-failing, -o, --jobs, --junit and --annotations")
            }
            if let scenario { files.insert(scenario, at: 0) }
            guard !files.isEmpty else { throw UsageError("'--merge' needs the shards' files") }
            guard format != .dot else {
                throw UsageError("'--format dot' needs the whole graph: explore without --shard")
            }
        }
        guard let scenario = merge ? "-" : scenario else {
            throw UsageError("missing scenario; give a file, or '-' for standard input")
        }
        if shard != nil {
            let own: Set<String> = [
                "--shard", "--platforms", "--all", "-o", "--output", "--jobs", "-j", "--max-states",
                "--max-outcomes", "--system-terminations", "--annotations",
            ]
            if let other = given.first(where: { !own.contains($0) }) {
                throw UsageError(
                    "'\(other)' does not go with '--shard': a shard writes its part of the search for '--merge'"
                        + (["--format", "--only-failing", "--junit"].contains(other)
                            ? ", which takes it" : "; explore without --shard"))
            }
        }
        if shrink && counterexamples == nil {
            throw UsageError("'--shrink' shrinks the files of '--counterexamples <dir>'; give both")
        }
        var explore = Explore(
            platforms: try shared.list(otherwise: nil), jobs: shared.jobs, maxStates: maxStates,
            maxOutcomes: maxOutcomes)
        explore.graph = format == .dot
        explore.systemTerminations = systemTerminations
        if let samples {
            guard format != .dot else { throw UsageError("'--random' samples paths; '--format dot' needs them all") }
            explore.sampling = Explore.Sampling(samples: samples, seed: seed ?? 0)
        } else if seed != nil {
            throw UsageError("'--seed' seeds '--random <n>'; give both")
        }
        var key: SipHash? = nil
        if shard != nil || merge, let value = getenv("LOCSIM_SHARD_KEY").map({ String(cString: $0) }), !value.isEmpty {
            guard let k = SipHash(hex: value) else {
                throw UsageError("LOCSIM_SHARD_KEY must be 32 hex digits (a 128-bit key: openssl rand -hex 16)")
            }
            key = k
        }
        return Options(
            scenario: scenario, explore: explore, format: format, onlyFailing: onlyFailing, output: shared.output,
            counterexamples: counterexamples, shrink: shrink, shard: shard, merge: merge ? files : nil, key: key,
            reports: reports)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("explore", error) }
        if let files = options.merge { return merge(files, options) }
        let label = options.scenario == "-" ? "<stdin>" : options.scenario
        // `matrix`'s input rules: a regular file, or standard input spooled
        // line by line (64 KiB lines at most), never read whole from a device.
        let input: MatrixInput
        switch PlatformOptions.openInput(options.scenario, label: label, command: "explore") {
        case .success(let opened): input = opened
        case .failure(let error):
            printError(error.message)
            return .failure
        }
        var source: Int32? = nil
        if case .file(let fd, _) = input { source = fd }
        defer { if let source, source != STDIN_FILENO { close(source) } }
        if let path = options.output, path != "-",
            let message = outputOntoInput(path, input: source, inputPath: options.scenario)
        {
            printError("locsim: error: \(message)")
            return .failure
        }
        guard let scenario = PlatformOptions.readInput(input, label: label) else { return .failure }
        if let shard = options.shard { return write(shard, of: scenario, label: label, options) }
        var junit: OutputBuffer? = nil
        if let path = options.reports.junit {
            guard let opened = CIReports.openJUnit(path, inputs: [options.scenario]) else { return .failure }
            junit = opened
        }
        let progress = Progress()
        let report: Explore.Report
        do throws(ScenarioError) {
            report = try options.explore.run(scenario) { progress.report($0) }
        } catch {
            progress.end()
            junit?.discard()
            CIReports.printDiagnostics(
                error.formatted(file: label), title: "locsim explore", annotations: options.reports.annotations)
            return .failure
        }
        progress.end()
        printSummary(report, progress)
        // Every file is written whole beside its target first, then all are
        // renamed into place: all of them or none (docs/explore.md).
        var files: [OutputBuffer] = []
        if let dir = options.counterexamples {
            guard
                let made = counterexamples(
                    report, scenario: scenario, name: label, to: dir, input: source, shrink: options.shrink,
                    systemTerminations: options.explore.systemTerminations)
            else {
                junit?.discard()
                return .failure
            }
            files = made
        }
        if var output = junit {
            let dir = options.counterexamples
            let junitReport = JUnitReport(
                explore: report, scenario: scenario, name: label, microseconds: progress.microseconds,
                counterexample: dir.map { dir in { counterexamplePath(dir, name: label, $0) } },
                times: CIReports.junitTimes)
            output.append(Array(junitReport.xml.utf8))
            files.append(output)
        }
        return emit(report, label: label, files: files, options)
    }

    /// `locsim explore: 7 paths, 12 distinct states, 0.004 s` on standard error.
    private static func printSummary(_ report: Explore.Report, _ progress: Progress) {
        let paths = report.platforms.reduce(UInt64(0)) { Explore.Report.adding($0, $1.paths) }
        let states = report.platforms.reduce(0) { $0 + $1.states }
        let work =
            report.sampling.map { "\(Explore.Report.count(paths, "sampled path")) (seed \($0.seed))" }
            ?? "\(Explore.Report.count(paths, "path")), \(states) distinct state\(states == 1 ? "" : "s")"
        printError("locsim explore: \(work), \(progress.elapsed) s")
    }

    /// Writes the report and `files` (staged), all or none, then the failed
    /// expectations on standard error; the exit status.
    private static func emit(_ report: Explore.Report, label: String, files: [OutputBuffer], _ options: Options)
        -> ExitStatus
    {
        var files = files
        let text = report.rendered(options.format, onlyFailing: options.onlyFailing)
        let toFile = options.output.map { $0 != "-" } ?? false
        do throws(FileError) {
            if let path = options.output, toFile {
                var output = try OutputBuffer.file(path)
                output.append(Array(text.utf8))
                files.append(output)
            }
            for i in files.indices { try files[i].stage() }
        } catch {
            printError("locsim: error: \(error.message)")
            for i in files.indices { files[i].discard() }
            return .failure
        }
        var written = ExitStatus.success
        for i in files.indices {
            do throws(FileError) { try files[i].commit() } catch {
                printError("locsim: error: \(error.message)")
                written = .failure
            }
        }
        if !toFile && written == .success { written = printOutput(text) }
        // Some path failed an `expect` line: one line each on standard
        // error, over every platform, with the shortest path that fails it;
        // exit 1, as `run` does, the report written.
        let failing = Explore.FailingPath.byLine(report)
        let lines = failing.map { line in
            let f = line.shortest
            return
                Shown.place(label, f.expectation.location, "error") + "expectation failed on "
                + "\(line.platforms.count == 1 ? line.platforms[0].description : "\(line.platforms.count) platforms"): "
                + "expect \(f.expectation.expectation.text) (\(f.expectation.reason)); shortest path: "
                + (line.platforms.count == 1 ? "" : "\(line.platform) ") + Explore.Report.path(f.path)
        }
        if !lines.isEmpty {
            CIReports.printDiagnostics(
                lines.joined(separator: "\n"), title: "locsim explore", annotations: options.reports.annotations)
        }
        let failed = !failing.isEmpty
        return written == .success && failed ? .mismatch : written
    }

    /// `--shard i/n`: this shard's file, to `-o` or standard output (docs/explore.md, "Sharded search").
    private static func write(_ shard: Shard, of scenario: [UInt8], label: String, _ options: Options) -> ExitStatus {
        let progress = Progress()
        let text: String
        do throws(ScenarioError) {
            text = try options.explore.shardFile(scenario, name: label, shard: shard, key: options.key)
        } catch {
            printError(error.formatted(file: label))
            return .failure
        }
        printError("locsim explore: shard \(shard.index)/\(shard.count) of the search, \(progress.elapsed) s")
        return PlatformOptions.write(text, to: options.output)
    }

    /// `--merge <files>`: the report of the whole search the shards' files
    /// make, byte for byte as without `--shard`.
    private static func merge(_ paths: [String], _ options: Options) -> ExitStatus {
        let progress = Progress()
        var inputs: [Explore.ShardInput] = []
        for path in paths {
            // Read by name, each whole, bounded (docs/ci-shards.md): no standard input.
            guard path != "-" else {
                printError(
                    "locsim: error: '--merge -': the shards' files are read by name, not from standard input; "
                        + "give each shard's file")
                return .failure
            }
            if case .success(let file) = FileIO.openRegular(path) {
                close(file.fd)
                guard file.size <= Explore.maxShardFile else {
                    printError(
                        "locsim: " + Shown.place(path, SourceLocation(line: 1, column: 1), "error")
                            + "a file of \(file.size) bytes, over the "
                            + "\(Explore.maxShardFile) a shard's file may hold: not a file locsim wrote")
                    return .failure
                }
            }
            switch FileIO.readFile(path, regularOnly: true) {
            case .success(let bytes): inputs.append(Explore.ShardInput(name: path, bytes: bytes))
            case .failure(let error):
                printError("locsim: error: \(error.message)")
                return .failure
            }
        }
        if let path = options.output, path != "-",
            let message = paths.lazy.compactMap({ outputOntoInput(path, input: nil, inputPath: $0) }).first
        {
            printError("locsim: error: \(message)")
            return .failure
        }
        var files: [OutputBuffer] = []
        if let path = options.reports.junit {
            guard let opened = CIReports.openJUnit(path, inputs: paths) else { return .failure }
            files.append(opened)
        }
        let merged: Explore.Merged
        switch Explore.merge(inputs, jobs: options.explore.jobs, key: options.key) {
        case .success(let m): merged = m
        case .failure(let error):
            for i in files.indices { files[i].discard() }
            CIReports.printDiagnostics(
                "locsim: " + error.message, title: "locsim explore", annotations: options.reports.annotations)
            return .failure
        }
        switch merged.report {
        case .success(let report):
            printSummary(report, progress)
            if !files.isEmpty {
                let junitReport = JUnitReport(
                    explore: report, scenario: merged.scenario, name: merged.name,
                    microseconds: progress.microseconds, times: CIReports.junitTimes)
                files[0].append(Array(junitReport.xml.utf8))
            }
            return emit(report, label: merged.name, files: files, options)
        case .failure(let error):
            for i in files.indices { files[i].discard() }
            CIReports.printDiagnostics(
                error.formatted(file: merged.name), title: "locsim explore", annotations: options.reports.annotations)
            return .failure
        }
    }

    /// One file per outcome an error stopped, `<dir>/<name>.<platform>.<row>.scn`,
    /// and one per `expect` line some path failed, `<dir>/<name>.<platform>.expect-<line>.scn`:
    /// the shortest path to it as a plain scenario, not yet written (`nil`
    /// after printing why one cannot be: then none is). A name that is the
    /// scenario read (`input`), through a link or not, is refused.
    private static func counterexamples(
        _ report: Explore.Report, scenario: [UInt8], name: String, to dir: String, input: Int32?, shrink: Bool,
        systemTerminations: Int
    ) -> [OutputBuffer]? {
        if SystemPath.withCString(dir, { mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            printError("locsim: error: " + FileError("cannot create", dir, code: errno).message)
            return nil
        }
        var made: [OutputBuffer] = []
        func fail(_ message: String) -> [OutputBuffer]? {
            printError(message)
            for i in made.indices { made[i].discard() }
            return nil
        }
        for file in report.counterexamples {
            var text: String
            do throws(ScenarioError) {
                text = try Explore.counterexample(
                    scenario, path: file.path, platform: file.platform, stoppedAt: file.stoppedAt)
            } catch {
                return fail(error.formatted(file: name))
            }
            // Cut down to the lines the failure needs, each cut replayed.
            if shrink,
                let shrunk = Explore.shrink(
                    text, scenario: scenario, path: file.path, platform: file.platform,
                    expectLine: file.stoppedAt == nil ? Int(file.suffix.dropFirst("expect-".count)) : nil,
                    passing: report.passingPaths(file), systemTerminations: systemTerminations)
            {
                text = shrunk.text
            }
            if !file.alsoOn.isEmpty {
                // At the end: no line moves.
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
                text +=
                    "# locsim explore: the same choices stop or fail the same line on "
                    + file.alsoOn.map(\.description).joined(separator: ", ") + "\n"
            }
            let path = counterexamplePath(dir, name: name, file)
            if let message = outputOntoInput(path, input: input, inputPath: nil) {
                return fail("locsim: error: \(message)")
            }
            do throws(FileError) {
                var output = try OutputBuffer.file(path)
                output.append(Array(text.utf8))
                try output.stage()  // written and closed: one descriptor at a time
                made.append(output)
            } catch {
                return fail("locsim: error: \(error.message)")
            }
        }
        return made
    }

    /// Where `--counterexamples <dir>` writes `file` for the scenario read from `name`.
    static func counterexamplePath(_ dir: String, name: String, _ file: Explore.Report.Counterexample) -> String {
        var stem = FileIO.fileName(of: name)
        if stem.hasSuffix(".scn") { stem.removeLast(4) }
        let platform = "\(file.platform.os.rawValue)-\(file.platform.major).\(file.platform.minor)"
        return "\(dir)/\(stem).\(platform).\(file.suffix).scn"
    }

    /// Progress on standard error once the search has run a second, at most
    /// once a second, overwritten in place; `end` clears it.
    final class Progress: Sendable {
        private let start = Progress.now()
        private let state = Locked((lastShown: 0.0, shown: false))

        func report(_ progress: Explore.Progress) {
            let t = Progress.now() - start
            let show = state.withLock { s -> Bool in
                guard t >= 1, t - s.lastShown >= 1 else { return false }
                s = (t, true)
                return true
            }
            guard show else { return }
            let line =
                "\rexploring: \(progress.states) states, \(progress.outcomes) outcomes kept, "
                + Explore.Report.count(progress.paths, "path")
            Progress.unterminated.pointee = 1
            _ = FileIO.writeAll(STDERR_FILENO, Array(line.utf8))
        }

        func end() {
            if state.withLock({ $0.shown }) { _ = FileIO.writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8)) }
            Progress.unterminated.pointee = 0
        }

        /// 1 while a progress line without its line feed is on standard
        /// error; one aligned word the signal handler (main.swift) reads
        /// without a lock, to end the line with a line feed: a signal
        /// stopped the search, and standard error may be a file, whose last
        /// line would have no end.
        nonisolated(unsafe) static let unterminated: UnsafeMutablePointer<Int> = {
            let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            word.initialize(to: 0)
            return word
        }()

        /// Seconds since the start, to the millisecond.
        var elapsed: String { JUnitReport.seconds(microseconds) }

        /// Microseconds since the start.
        var microseconds: Int { Int((Progress.now() - start) * 1e6) }

        static func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
    }
}
