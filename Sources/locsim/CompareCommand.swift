import LocSimKit
import LocSimTool

/// `locsim compare <session.scn> <observed.log>` (docs/recorder.md).
enum CompareCommand {
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> (session: String, observed: String) {
        var args = Arguments(arguments)
        var paths: [String] = []
        while let item = args.next() {
            switch item {
            case .positional(let path):
                guard paths.count < 2 else {
                    throw UsageError("unexpected argument '\(path)'; compare takes a session and an observed log")
                }
                paths.append(path)
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "compare")
            }
        }
        guard paths.count == 2 else {
            throw UsageError(
                paths.isEmpty ? "missing session (*.scn) and observed log" : "missing observed log after the session")
        }
        return (paths[0], paths[1])
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let paths: (session: String, observed: String)
        do { paths = try parse(arguments) } catch { return Usage.fail("compare", error) }
        var files: [[UInt8]] = []
        for path in [paths.session, paths.observed] {
            switch FileIO.readFile(path) {
            case .success(let bytes): files.append(bytes)
            case .failure(let error):
                printError("locsim: error: \(error.message)")
                return .failure
            }
        }
        let comparison: Comparison
        do {
            comparison = try Comparison.compare(
                session: files[0], sessionPath: paths.session, observed: files[1], observedPath: paths.observed,
                tracks: TrackSource(reader: GPXSidecar(), scenario: paths.session))
        } catch {
            printError(error.message)
            return .failure
        }
        if printOutput(comparison.report) == .failure { return .failure }
        return comparison.disagreements.isEmpty ? .success : .mismatch
    }
}
