#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocSimKit

/// `locsim check <scenario or folder>… [--update] [--jobs N]`.
enum CheckCommand {
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> (paths: [String], check: Check) {
        var args = Arguments(arguments)
        var paths: [String] = []
        var update = try recordMode()
        var jobs = Check.coreCount
        while let item = args.next() {
            switch item {
            case .positional(let path): paths.append(path)
            case .option("--update", nil): update = true
            case .option("--jobs", let inline), .option("-j", let inline):
                jobs = try args.count(of: "--jobs", inline: inline)
            case .option(let name, _):
                throw UsageError("unknown option '\(name)'")
            }
        }
        guard !paths.isEmpty else { throw UsageError("missing scenario or folder to check") }
        return (paths, Check(update: update, jobs: jobs, replay: Check.replayText(tracks: GPXSidecar()), matrix: Check.matrixText(tracks: GPXSidecar())))
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
        default: throw UsageError("LOCSIM_RECORD must be 1, true or yes (record goldens) or 0, false, no or empty (off), not '\(text)'")
        }
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let paths: [String]
        let check: Check
        do { (paths, check) = try parse(arguments) } catch { return Usage.fail("check", error) }

        var report = ""
        let summary: Check.Summary
        do { summary = try check.run(paths, to: &report) } catch {
            printError("locsim: error: \(error.message)")
            return .failure
        }
        if printOutput(report) == .failure { return .failure }
        if summary.passed + summary.failed == 0 {
            // A mistyped folder must not pass CI.
            printError("locsim: error: no scenarios (*.scn) found in " + paths.map { "'\($0)'" }.joined(separator: ", "))
            return .failure
        }
        return summary.failed == 0 ? .success : .mismatch
    }
}
