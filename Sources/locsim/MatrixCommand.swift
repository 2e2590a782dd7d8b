import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        var shared = PlatformOptions()
        while let item = args.next() {
            if try shared.take(item, from: &args) { continue }
            switch item {
            case .positional(let path):
                guard scenario == nil else {
                    throw UsageError("unexpected argument '\(path)'; matrix takes one scenario")
                }
                scenario = path
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "matrix")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        let list = try shared.list(otherwise: Matrix.defaultPlatforms) ?? Matrix.defaultPlatforms
        return Options(
            scenario: scenario, matrix: Matrix(platforms: list, jobs: shared.jobs), format: shared.format,
            output: shared.output)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("matrix", error) }

        let label = options.scenario == "-" ? "<stdin>" : options.scenario
        let input: MatrixInput
        switch PlatformOptions.openInput(options.scenario, label: label) {
        case .success(let opened): input = opened
        case .failure(let error):
            printError(error.message)
            return .failure
        }
        defer { if case .file(let fd, _) = input, fd != STDIN_FILENO { close(fd) } }
        if case .file(let fd, _) = input, let path = options.output, path != "-",
            let message = outputOntoInput(path, input: fd, inputPath: options.scenario)
        {
            printError("locsim: error: \(message)")
            return .failure
        }
        let report: Matrix.Report
        let tracks = TrackSource(reader: GPXSidecar(), scenario: options.scenario)
        do throws(ScenarioError) { report = try options.matrix.run(input, tracks: tracks) } catch {
            printError(error.formatted(file: label))
            return .failure
        }
        return PlatformOptions.write(report.rendered(options.format), to: options.output)
    }
}
