import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim check <scenario or folder>… [--update] [--jobs N] [--shard i/n] [--summary jsonl]
/// [--junit <file>] [--annotations github|none]`.
enum CheckCommand {
    struct Options {
        var paths: [String] = []
        var check: Check
        /// `--summary jsonl`: one JSON line per scenario on standard output,
        /// the report on standard error.
        var summary = false
        /// `--coverage`: the coverage report on standard output, the check's on standard error.
        var coverage = false
        var coverageFormat = CoverageReport.Format.text
        var formatGiven = false
        /// `--junit`, `--annotations`.
        var reports = CIReports()
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var options = Options(
            check: Check(
                update: try recordMode(), replay: Check.replayText(tracks: GPXSidecar()),
                matrix: Check.matrixText(tracks: GPXSidecar())))
        while let item = args.next() {
            if try options.reports.take(item, from: &args) { continue }
            switch item {
            case .positional(let path): options.paths.append(path)
            case .option("--update", nil): options.check.update = true
            case .option("--jobs", let inline), .option("-j", let inline):
                options.check.jobs = try args.count(of: "--jobs", inline: inline)
            case .option("--shard", let inline):
                options.check.shard = try args.shard(inline: inline)
            case .option("--summary", let inline):
                let format = try args.value(of: "--summary", inline: inline)
                guard format == "jsonl" else { throw UsageError("'--summary' takes 'jsonl', not '\(format)'") }
                options.summary = true
            case .option("--coverage", nil): options.coverage = true
            case .option("--format", let inline):
                let value = try args.value(of: "--format", inline: inline)
                guard let format = CoverageReport.Format(rawValue: value) else {
                    throw UsageError("unknown format '\(value)'; expected text or json")
                }
                options.coverageFormat = format
                options.formatGiven = true
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "check")
            }
        }
        guard !options.paths.isEmpty else { throw UsageError("missing scenario or folder to check") }
        if options.formatGiven && !options.coverage {
            throw UsageError("'--format' is the coverage report's; add '--coverage'")
        }
        if options.coverage && options.summary {
            throw UsageError("'--coverage' and '--summary' both write standard output; give one")
        }
        return options
    }

    /// `LOCSIM_RECORD=1` in the environment: the same as `--update`, for CI
    /// set-ups that cannot change the command line. CI systems write
    /// booleans both ways, so `1`/`true`/`yes` and `0`/`false`/`no`/empty
    /// (any case) are accepted, as docs/cli-files.md says; anything else is
    /// a usage error rather than a silent guess.
    static func recordMode() throws(UsageError) -> Bool {
        guard let value = getenv("LOCSIM_RECORD") else { return false }
        let text = String(cString: value)
        switch text.lowercased() {
        case "", "0", "false", "no": return false
        case "1", "true", "yes": return true
        default:
            throw UsageError(
                "LOCSIM_RECORD must be 1, true or yes (record goldens) or 0, false, no or empty (off), not '\(text)'")
        }
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("check", error) }
        let paths = options.paths
        let annotations = options.reports.annotations
        var junit: OutputBuffer? = nil
        if let path = options.reports.junit {
            guard let opened = CIReports.openJUnit(path, inputs: paths) else { return .failure }
            junit = opened
        }
        // Nothing checked is reported: the staged report goes.
        func stop() -> ExitStatus {
            junit?.discard()
            return .failure
        }
        func fail(_ message: String) -> ExitStatus {
            CIReports.printDiagnostics("locsim: error: " + message, title: "locsim check", annotations: annotations)
            return stop()
        }

        var report = ""
        var results: [ScenarioResult] = []
        let summary: Check.Summary
        do { summary = try options.check.run(paths, to: &report, results: &results) } catch {
            return fail(error.message)
        }
        if options.summary {
            // The JSON lines own standard output; the report goes to standard error.
            printError(report)
            if printOutput(results.map(\.jsonLine).joined()) == .failure { return stop() }
        } else if options.coverage {
            printError(report)
        } else if printOutput(report) == .failure {
            return stop()
        }
        if let annotations {
            CIReports.printAnnotations(
                results.filter { $0.result == .failed }
                    .map { annotations.annotations(ofReport: $0.report, scenario: $0.name) }.joined())
        }
        // A shard with no scenarios of its own is fine: the suite is not empty.
        let empty = summary.passed + summary.failed + summary.otherShards == 0
        // The coverage of the scenarios just checked (this shard's only),
        // read as the check read them (docs/coverage.md).
        if options.coverage && !empty {
            let coverage: CoverageReport
            do { coverage = try Coverage(tracks: GPXSidecar()).run(paths, shard: options.check.shard) } catch {
                printError("locsim: error: \(error.message)")
                return .failure
            }
            if printOutput(coverage.rendered(options.coverageFormat)) == .failure { return .failure }
        }
        if empty {
            // A mistyped folder must not pass CI.
            return fail("no scenarios (*.scn) found in " + paths.map { "'\($0)'" }.joined(separator: ", "))
        }
        if var output = junit {
            let junitReport = JUnitReport(
                check: results, skipped: summary.skipped, shard: options.check.shard, times: CIReports.junitTimes)
            if CIReports.write(junitReport, to: &output) == .failure { return .failure }
        }
        return summary.failed == 0 ? .success : .mismatch
    }
}
