#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocSimKit
import Synchronization

/// `locsim explore <scenario> [--platforms <list> | --all] [--format text|markdown|jsonl]
/// [-o <file>] [--counterexamples <dir>] [--jobs N] [--max-states N]`.
enum ExploreCommand {
    struct Options {
        var scenario: String
        var explore: Explore
        var format: Matrix.Format
        var output: String?
        var counterexamples: String?
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var scenario: String?
        var shared = PlatformOptions()
        var counterexamples: String?
        var maxStates = Explore.defaultMaxStates
        while let item = args.next() {
            if try shared.take(item, from: &args) { continue }
            switch item {
            case .positional(let path):
                guard scenario == nil else { throw UsageError("unexpected argument '\(path)'; explore takes one scenario") }
                scenario = path
            case .option("--counterexamples", let inline):
                counterexamples = try args.value(of: "--counterexamples", inline: inline)
            case .option("--max-states", let inline):
                maxStates = try args.count(of: "--max-states", inline: inline)
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "explore")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        let explore = Explore(platforms: try shared.list(otherwise: nil), jobs: shared.jobs, maxStates: maxStates)
        return Options(
            scenario: scenario, explore: explore, format: shared.format, output: shared.output,
            counterexamples: counterexamples)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("explore", error) }
        let label = options.scenario == "-" ? "<stdin>" : options.scenario
        guard let scenario = PlatformOptions.readScenario(options.scenario) else { return .failure }
        let progress = Progress()
        let report: Explore.Report
        do throws(ScenarioError) {
            report = try options.explore.run(scenario) { states, paths in progress.report(states, paths) }
        } catch {
            progress.end()
            printError(error.formatted(file: label))
            return .failure
        }
        progress.end()
        let paths = report.platforms.reduce(UInt64(0)) { $0 &+ $1.paths }
        let states = report.platforms.reduce(0) { $0 + $1.states }
        printError(
            "locsim explore: \(paths) path\(paths == 1 ? "" : "s"), \(states) distinct state\(states == 1 ? "" : "s"), "
                + "\(progress.elapsed) s")
        if let dir = options.counterexamples {
            guard writeCounterexamples(report, scenario: scenario, name: label, to: dir) else { return .failure }
        }
        let written = PlatformOptions.write(report.rendered(options.format), to: options.output)
        // Some path failed an `expect` line: each on standard error, with
        // the shortest path that fails it; exit 1, as `run` does, the report written.
        var failed = false
        for p in report.platforms {
            for f in p.failingPaths {
                failed = true
                let path = f.path.isEmpty ? "(no choice)" : f.path.map(\.description).joined(separator: "; ")
                printError(
                    "\(label):\(f.expectation.location.line):\(f.expectation.location.column): error: expectation failed on "
                        + "\(p.platform): expect \(f.expectation.expectation.text) (\(f.expectation.reason)); shortest path: \(path)")
            }
        }
        return written == .success && failed ? .mismatch : written
    }

    /// One file per outcome an error stopped, `<dir>/<name>.<platform>.<row>.scn`,
    /// and one per `expect` line some path failed, `<dir>/<name>.<platform>.expect-<line>.scn`:
    /// the shortest path to it as a plain scenario.
    private static func writeCounterexamples(_ report: Explore.Report, scenario: [UInt8], name: String, to dir: String) -> Bool {
        if SystemPath.withCString(dir, { mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            printError("locsim: error: " + FileError("cannot create", dir, code: errno).message)
            return false
        }
        var stem = FileIO.fileName(of: name)
        if stem.hasSuffix(".scn") { stem.removeLast(4) }
        for p in report.platforms {
            let platform = "\(p.platform.os.rawValue)-\(p.platform.major).\(p.platform.minor)"
            var files: [(suffix: String, path: [ExploreChoice])] = []
            for (i, row) in p.rows.enumerated() where row.outcome.error != nil {
                files.append(("\(i + 1)", row.shortestPath))
            }
            for failing in p.failingPaths { files.append(("expect-\(failing.expectation.location.line)", failing.path)) }
            for file in files {
                let text: String
                do throws(ScenarioError) {
                    text = try Explore.counterexample(scenario, path: file.path, platform: p.platform)
                } catch {
                    printError(error.formatted(file: name))
                    return false
                }
                let path = "\(dir)/\(stem).\(platform).\(file.suffix).scn"
                if case .failure(let error) = FileIO.writeFileAtomically(path, Array(text.utf8)) {
                    printError("locsim: error: \(error.message)")
                    return false
                }
            }
        }
        return true
    }

    /// Progress on standard error once the search has run a second, at most
    /// once a second, overwritten in place; `end` clears it.
    final class Progress: Sendable {
        private let start = Progress.now()
        private let state = Mutex((lastShown: 0.0, shown: false))

        func report(_ states: Int, _ paths: UInt64) {
            let t = Progress.now() - start
            let show = state.withLock { s -> Bool in
                guard t >= 1, t - s.lastShown >= 1 else { return false }
                s = (t, true)
                return true
            }
            if show { _ = FileIO.writeAll(STDERR_FILENO, Array("\rexploring: \(states) states, \(paths) paths".utf8)) }
        }

        func end() {
            if state.withLock({ $0.shown }) { _ = FileIO.writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8)) }
        }

        /// Seconds since the start, to the millisecond.
        var elapsed: String {
            let ms = Int((Progress.now() - start) * 1000)
            let frac = String(ms % 1000)
            return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
        }

        static func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
    }
}
