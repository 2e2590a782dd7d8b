import LocSimKit
import LocSimTool

/// `locsim bench [--lines N] [--runs R] [--seed S] [--scenario file] [--format text|jsonl] [--threads 1|2] [--writer | --emit-trace | --device]`.
enum BenchCommand {
    enum Mode { case replay, writerOnly, emitTrace, device }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> (options: Bench.Options, mode: Mode) {
        var args = Arguments(arguments)
        var options = Bench.Options()
        var mode = Mode.replay
        while let item = args.next() {
            switch item {
            case .option("--lines", let inline): options.lines = try args.count(of: "--lines", inline: inline)
            case .option("--runs", let inline): options.runs = try args.count(of: "--runs", inline: inline)
            case .option("--seed", let inline):
                let text = try args.value(of: "--seed", inline: inline)
                guard let seed = UInt64(text) else {
                    throw UsageError("'--seed' needs a non-negative integer, not '\(text)'")
                }
                options.seed = seed
            case .option("--scenario", let inline): options.scenario = try args.value(of: "--scenario", inline: inline)
            case .option("--format", let inline):
                let value = try args.value(of: "--format", inline: inline)
                guard let f = LogFormat(rawValue: value) else {
                    throw UsageError("unknown format '\(value)'; expected text or jsonl")
                }
                options.format = f
            case .option("--threads", let inline):
                options.threads = try args.count(of: "--threads", inline: inline)
                guard options.threads <= 2 else { throw UsageError("'--threads' is 1 or 2, not \(options.threads)") }
            case .option("--writer", nil): mode = .writerOnly
            case .option("--emit-trace", nil): mode = .emitTrace
            case .option("--device", nil): mode = .device
            case .option(let name, _): throw UsageError.unknownOption(name, command: "bench")
            case .positional(let a): throw UsageError("unexpected argument '\(a)'")
            }
        }
        if mode != .replay && options.scenario != nil {
            throw UsageError("'--scenario' replays a given trace; it does not go with '--writer' or '--emit-trace'")
        }
        return (options, mode)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Bench.Options
        let mode: Mode
        do { (options, mode) = try parse(arguments) } catch { return Usage.fail("bench", error) }
        do throws(Bench.Failure) {
            switch mode {
            case .emitTrace:
                return emitTrace(options)
            case .writerOnly:
                return printOutput(
                    try Bench.writer(records: options.lines, runs: options.runs, format: options.format).text)
            case .replay:
                return printOutput(try Bench.run(options).text)
            case .device:
                return printOutput(try Bench.device(fixes: options.lines, runs: options.runs).text)
            }
        } catch {
            printError(error.message.contains(": error: ") ? error.message : "locsim: error: \(error.message)")
            return .failure
        }
    }

    /// Writes the generated trace to standard output (to inspect or replay it).
    private static func emitTrace(_ options: Bench.Options) -> ExitStatus {
        var output = OutputBuffer.standardOutput()
        var generator = TraceGenerator(lines: options.lines, seed: options.seed)
        var line: [UInt8] = []
        while generator.appendLine(to: &line) {
            output.append(line)
            line.removeAll(keepingCapacity: true)
        }
        return commitOutput(&output) ? .success : .failure
    }
}
