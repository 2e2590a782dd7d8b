import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim timeline <scenario> -o <file.svg|file.html>`.
enum TimelineCommand {
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> (scenario: String, output: String) {
        var args = Arguments(arguments)
        var scenario: String?
        var output: String?
        while let item = args.next() {
            switch item {
            case .positional(let path):
                guard scenario == nil else {
                    throw UsageError("unexpected argument '\(path)'; timeline takes one scenario")
                }
                scenario = path
            case .option("-o", let inline), .option("--output", let inline):
                output = try args.value(of: "-o", inline: inline)
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "timeline")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        guard let output else { throw UsageError("missing -o <file.svg|file.html>") }
        guard output == "-" || output.hasSuffix(".svg") || output.hasSuffix(".html") else {
            throw UsageError("the output '\(output)' must end in .svg or .html")
        }
        return (scenario, output)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let scenario: String
        let outputPath: String
        do { (scenario, outputPath) = try parse(arguments) } catch { return Usage.fail("timeline", error) }
        let input: Int32
        let label: String
        if scenario == "-" {
            (input, label) = (STDIN_FILENO, "<stdin>")
        } else {
            switch FileIO.openForReading(scenario) {
            case .success(let fd): (input, label) = (fd, scenario)
            case .failure(let error):
                printError("locsim: error: \(error.message)")
                return .failure
            }
        }
        var reader = LineReader(fileDescriptor: input)
        let picture: [UInt8]
        do throws(ScenarioError) {
            picture = try Timeline.render(
                &reader, title: FileIO.fileName(of: label), format: outputPath.hasSuffix(".html") ? .html : .svg,
                tracks: TrackSource(reader: GPXSidecar(), scenario: scenario))
        } catch {
            printError(error.formatted(file: label))
            return .failure
        }
        guard var output = openOutput(outputPath, input: input, inputPath: scenario) else { return .failure }
        output.append(picture)
        return commitOutput(&output) ? .success : .failure
    }
}
