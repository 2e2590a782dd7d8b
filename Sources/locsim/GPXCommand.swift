import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim gpx <file.gpx> [--start <seconds>] [--speed <factor>] [-o <file>]`.
enum GPXCommand {
    struct Options {
        var path: String
        var start = Millis.zero
        var speed = 1.0
        var output: String?
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var path: String?
        var start = Millis.zero
        var speed = 1.0
        var output: String?
        while let item = args.next() {
            switch item {
            case .positional(let p):
                guard path == nil else { throw UsageError("unexpected argument '\(p)'; gpx takes one file") }
                path = p
            case .option("--start", let inline):
                let value = try args.value(of: "--start", inline: inline)
                guard let seconds = ScenarioParser.decimal(value), seconds >= 0, seconds <= 1e12 else {
                    throw UsageError("expected seconds (0 or more) for --start, found '\(value)'")
                }
                start = Millis(Int64((seconds * 1000).rounded()))
            case .option("--speed", let inline):
                let value = try args.value(of: "--speed", inline: inline)
                guard let factor = ScenarioParser.decimal(value), factor > 0 else {
                    throw UsageError("expected a factor above 0 for --speed, found '\(value)'")
                }
                speed = factor
            case .option("-o", let inline), .option("--output", let inline):
                output = try args.value(of: "-o", inline: inline)
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "gpx")
            }
        }
        guard let path else { throw UsageError("missing GPX file") }
        return Options(path: path, start: start, speed: speed, output: output)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("gpx", error) }
        let standardInput = options.path == "-"
        guard
            var output = openOutput(options.output, input: standardInput ? STDIN_FILENO : nil, inputPath: options.path)
        else { return .failure }
        // Errors name standard input as `run -` does.
        let label = standardInput ? "<stdin>" : options.path
        do throws(TrackError) {
            try GPXSidecar().writeFixLines(options.path, start: options.start, speed: options.speed, into: &output)
        } catch {
            output.discard()
            if let location = error.location {
                printError(Shown.place(label, location, "error") + error.message)
            } else {
                // Name the file, as a `gpx` line's error does.
                let file = standardInput ? "standard input" : "'\(options.path)'"
                printError("locsim: error: cannot read \(file): \(error.message)")
            }
            return .failure
        }
        return commitOutput(&output) ? .success : .failure
    }
}
