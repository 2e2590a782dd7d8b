import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim run <scenario> [--platform <p>] [--format text|jsonl] [--only <kind>,…] [-o <file>] [--threads 1|2]`.
enum RunCommand {
    struct Options {
        var scenario: String
        var format = LogFormat.text
        var filter = RecordFilter.all
        var output: String?
        var threads = 1
        /// Replaces the scenario's `platform` line, as a `locsim matrix` row does.
        var platform: Platform? = nil
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var scenario: String?
        var format = LogFormat.text
        var filter = RecordFilter.all
        var output: String?
        var threads = 1
        var platform: Platform?
        while let item = args.next() {
            switch item {
            case .positional(let path):
                guard scenario == nil else { throw UsageError("unexpected argument '\(path)'; run takes one scenario") }
                scenario = path
            case .option("--format", let inline):
                let value = try args.value(of: "--format", inline: inline)
                guard let f = LogFormat(rawValue: value) else {
                    throw UsageError("unknown format '\(value)'; expected text or jsonl")
                }
                format = f
            case .option("--only", let inline):
                let value = try args.value(of: "--only", inline: inline)
                do { filter = try RecordFilter(parsing: value) } catch { throw UsageError(error.message) }
            case .option("-o", let inline), .option("--output", let inline):
                output = try args.value(of: "-o", inline: inline)
            case .option("--platform", let inline):
                var value = try args.value(of: "--platform", inline: inline)
                // `--platform iOS 17.0`: the OS as a word of its own, as matrix takes it.
                if Platform.OS(rawValue: value) != nil {
                    value += " " + (try args.value(of: "--platform", inline: nil))
                }
                let list: [Platform]
                do { list = try Matrix.platforms(parsing: value, option: "--platform") } catch {
                    throw UsageError(error.message)
                }
                guard list.count == 1 else {
                    throw UsageError(
                        "'--platform' takes one platform, not \(list.count); 'locsim matrix --platforms' takes a list")
                }
                platform = list[0]
            case .option("--threads", let inline):
                threads = try args.count(of: "--threads", inline: inline)
                guard threads <= 2 else { throw UsageError("'--threads' is 1 or 2, not \(threads)") }
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "run")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        return Options(
            scenario: scenario, format: format, filter: filter, output: output, threads: threads, platform: platform)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("run", error) }

        let input: Int32
        let label: String
        if options.scenario == "-" {
            (input, label) = (STDIN_FILENO, "<stdin>")
        } else {
            switch FileIO.openForReading(options.scenario) {
            case .success(let fd): (input, label) = (fd, options.scenario)
            case .failure(let error):
                printError("locsim: error: \(error.message)")
                return .failure
            }
        }
        guard var output = openOutput(options.output, input: input, inputPath: options.scenario) else {
            return .failure
        }

        var reader = LineReader(fileDescriptor: input)
        var report = ReplayReport()
        defer {
            for warning in report.warnings
            where options.platform == nil || !warning.message.hasPrefix(ScenarioWarning.noPlatformPrefix) {
                printError(warning.formatted(file: label))
            }
        }
        // `--threads 2` parses on a second thread, for a file only (a stalled
        // pipe would hold up an early error; see `Replay.runPipelined`), and
        // only while the machine has a core to spare (`Replay.hasSpareCore`):
        // on busy cores it measured slower than one thread (bench/RESULTS.md).
        // Not the default for the same reason. The log is the same either way.
        var info = stat()
        let isFile = fstat(input, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let threads = isFile && options.threads > 1 && Replay.hasSpareCore() ? options.threads : 1
        do throws(ScenarioError) {
            try Replay.run(
                &reader, format: options.format, filter: options.filter, threads: threads, platform: options.platform,
                into: &output,
                tracks: TrackSource(reader: GPXSidecar(), scenario: options.scenario), report: &report)
        } catch {
            output.discard()
            printError(error.formatted(file: label))
            return .failure
        }
        guard commitOutput(&output) else { return .failure }
        // Failed expectations: the log is written (with an `expect` record
        // for each); the status says the flow does not do what it should.
        for failed in report.failedExpectations { printError(failed.formatted(file: label)) }
        return report.failedExpectations.isEmpty ? .success : .mismatch
    }
}
