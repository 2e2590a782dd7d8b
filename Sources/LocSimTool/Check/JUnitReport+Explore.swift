import LocSimKit

extension JUnitReport {
    /// `explore --junit`: one suite per platform, in the report's order; one
    /// case per `expect` line of `scenario` (read from `name`), in line
    /// order, failed where some path on that platform fails it, with the
    /// shortest such path and, when `counterexample` names the files
    /// `--counterexamples` writes, the one that replays it. A search has no
    /// time per line: each suite's one time is on its first case (the
    /// root's is then the whole run's).
    package init(
        explore report: Explore.Report, scenario: [UInt8], name: String, microseconds: Int,
        counterexample: ((Explore.Report.Counterexample) -> String)? = nil, times: Bool = true
    ) {
        let lookup = ExpectationLookup.of(String(decoding: scenario, as: UTF8.self))
        let lines = lookup.keys.sorted().compactMap { lookup[$0] }
        let files = counterexample == nil ? [] : report.counterexamples
        let share = report.platforms.isEmpty ? 0 : microseconds / report.platforms.count
        let suites = report.platforms.map { platform -> Suite in
            var failing: [Int: Explore.FailingPath] = [:]
            for path in platform.failingPaths { failing[path.expectation.location.line] = path }
            var cases = lines.map { statement -> Case in
                let line = statement.location.line
                var item = Case(
                    name: "line \(line): expect \(statement.expectation.text)", classname: name, file: name,
                    line: line, result: .passed)
                guard let failed = failing[line] else { return item }
                let message =
                    Shown.place(name, statement.location, "error") + "expectation failed on \(platform.platform): "
                    + "expect \(failed.expectation.expectation.text) (\(failed.expectation.reason)); shortest path: "
                    + Explore.Report.path(failed.path)
                let file = files.first {
                    $0.suffix == "expect-\(line)"
                        && ($0.platform == platform.platform || $0.alsoOn.contains(platform.platform))
                }
                let written = file.flatMap { file in counterexample.map { $0(file) } }
                let details = message + "\n" + (written.map { "counterexample: \($0)\n" } ?? "")
                item.result = .failed(message: message, details: details)
                return item
            }
            if !cases.isEmpty { cases[0].microseconds = share }
            return Suite(name: platform.platform.description, cases: cases)
        }
        self.init(name: "locsim explore", suites: suites, times: times)
    }
}
