import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `check` and `explore` also write for a CI: `--junit <file>` (a
/// JUnit XML report) and `--annotations github|none` (workflow commands on
/// standard error; `github` by itself under `GITHUB_ACTIONS=true`).
struct CIReports {
    var junit: String?
    /// `--annotations`: `true` github, `false` none, `nil` as the environment says.
    var annotationsAsked: Bool?

    /// Takes `item` if it is one of these options; false otherwise.
    mutating func take(_ item: Arguments.Item, from args: inout Arguments) throws(UsageError) -> Bool {
        switch item {
        case .option("--junit", let inline):
            let path = try args.value(of: "--junit", inline: inline)
            guard path != "-" else { throw UsageError("'--junit' writes a file; give its name, not '-'") }
            junit = path
        case .option("--annotations", let inline):
            let value = try args.value(of: "--annotations", inline: inline)
            switch value {
            case "github": annotationsAsked = true
            case "none": annotationsAsked = false
            default: throw UsageError("'--annotations' takes 'github' or 'none', not '\(value)'")
            }
        case .option, .positional:
            return false
        }
        return true
    }

    /// The annotations to write, or `nil`: `--annotations`, else on when
    /// `GITHUB_ACTIONS` is `true` (as GitHub sets it).
    var annotations: GitHubAnnotations? {
        let on = annotationsAsked ?? (Self.environment("GITHUB_ACTIONS") == "true")
        guard on else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let directory = getcwd(&buffer, buffer.count) != nil ? SystemPath.string(Self.bytes(buffer)) : "."
        return GitHubAnnotations(workspace: Self.environment("GITHUB_WORKSPACE"), currentDirectory: directory)
    }

    /// False when `LOCSIM_JUNIT_TIMES=0`: every `time` is then `0.000`, and
    /// the report is the same bytes on every run.
    static var junitTimes: Bool { environment("LOCSIM_JUNIT_TIMES") != "0" }

    /// The JUnit report's output at `path`, staged beside it now (so an
    /// unwritable place fails before any work), or `nil` after printing
    /// why it cannot be. A folder, `inputs` themselves, and any file named
    /// as `check`'s scenarios and goldens are refused: writing one would
    /// lose it.
    static func openJUnit(_ path: String, inputs: [String]) -> OutputBuffer? {
        for input in inputs {
            if let message = outputOntoInput(path, input: nil, inputPath: input) {
                printError("locsim: error: '--junit': \(message)")
                return nil
            }
        }
        if let suffix = [".scn", ".log", ".err", ".matrix", ".explore", ".gpx"].first(where: { path.hasSuffix($0) }) {
            printError(
                "locsim: error: '--junit' would write '\(path)', named as a scenario or golden (\(suffix)) is;"
                    + " give the report a name of its own, such as junit.xml")
            return nil
        }
        do { return try OutputBuffer.file(path) } catch {
            printError("locsim: error: '--junit': \(error.message)")
            return nil
        }
    }

    /// Prints `message` (a `locsim: error: …` line, or several lines of
    /// `file:line:column: error: …`) on standard error, and its annotations
    /// when they are on.
    static func printDiagnostics(_ message: String, title: String, annotations: GitHubAnnotations?) {
        printError(message)
        guard let annotations else { return }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        printAnnotations(lines.map { annotations.annotation(ofDiagnostic: String($0), title: title) }.joined())
    }

    /// Workflow commands go to standard error: GitHub reads them there as
    /// on standard output, which `--summary jsonl` and `-o -` keep for
    /// their own lines.
    static func printAnnotations(_ commands: String) {
        if !commands.isEmpty { printError(commands) }
    }

    /// Writes `report` to the staged `output`: exit status 2 after printing why not.
    static func write(_ report: JUnitReport, to output: inout OutputBuffer) -> ExitStatus {
        output.append(Array(report.xml.utf8))
        return commitOutput(&output) ? .success : .failure
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func bytes(_ buffer: [CChar]) -> [UInt8] {
        buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }
}
