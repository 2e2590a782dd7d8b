#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocSimKit

/// `locsim matrix <scenario> [--platforms <list> | --all] [--format text|markdown|jsonl] [-o <file>] [--jobs N]`.
enum MatrixCommand {
    struct Options {
        var scenario: String
        var matrix: Matrix
        var format: Matrix.Format
        var output: String?
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var scenario: String?
        var platforms: [Platform]?
        var all = false
        var format = Matrix.Format.text
        var output: String?
        var jobs = Check.coreCount
        while let item = args.next() {
            switch item {
            case .positional(let path):
                guard scenario == nil else { throw UsageError("unexpected argument '\(path)'; matrix takes one scenario") }
                scenario = path
            case .option("--platforms", let inline):
                var list = try args.value(of: "--platforms", inline: inline)
                // `--platforms iOS 12.5,13.0`: the OS as a word of its own.
                if Platform.OS(rawValue: list) != nil { list += " " + (try args.value(of: "--platforms", inline: nil)) }
                do { platforms = try Matrix.platforms(parsing: list) } catch { throw UsageError(error.message) }
            case .option("--all", nil): all = true
            case .option("--format", let inline):
                let value = try args.value(of: "--format", inline: inline)
                guard let f = Matrix.Format(rawValue: value) else {
                    throw UsageError("unknown format '\(value)'; expected text, markdown or jsonl")
                }
                format = f
            case .option("-o", let inline), .option("--output", let inline):
                output = try args.value(of: "-o", inline: inline)
            case .option("--jobs", let inline), .option("-j", let inline):
                jobs = try args.count(of: "--jobs", inline: inline)
            case .option(let name, _):
                throw UsageError("unknown option '\(name)'")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        if all && platforms != nil { throw UsageError("'--all' and '--platforms' do not go together") }
        let list = all ? Matrix.allPlatforms : platforms ?? Matrix.defaultPlatforms
        return Options(scenario: scenario, matrix: Matrix(platforms: list, jobs: jobs), format: format, output: output)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("matrix", error) }

        let label = options.scenario == "-" ? "<stdin>" : options.scenario
        let read = options.scenario == "-" ? FileIO.readAll(STDIN_FILENO, label: label) : FileIO.readFile(options.scenario)
        let scenario: [UInt8]
        switch read {
        case .success(let bytes): scenario = bytes
        case .failure(let error):
            printError("locsim: error: \(error.message)")
            return .failure
        }
        let report: Matrix.Report
        let tracks = TrackSource(reader: GPXSidecar(), scenario: options.scenario)
        do throws(ScenarioError) { report = try options.matrix.run(scenario, tracks: tracks) } catch {
            printError(error.formatted(file: label))
            return .failure
        }
        let text = report.rendered(options.format)
        guard let path = options.output, path != "-" else { return printOutput(text) }
        switch FileIO.writeFileAtomically(path, Array(text.utf8)) {
        case .success: return .success
        case .failure(let error):
            printError("locsim: error: \(error.message)")
            return .failure
        }
    }
}
