import LocSimKit

extension JUnitReport {
    /// `check --junit`: one suite per folder of the scenarios, in the order
    /// the folders were first found; one case per scenario, in the report's
    /// order, then those `--shard` left to other shards, skipped.
    package init(check results: [ScenarioResult], skipped: [String], shard: Shard?, times: Bool = true) {
        var order: [String] = []
        var cases: [String: [Case]] = [:]
        func add(_ path: String, _ microseconds: Int, _ result: Case.Result) {
            let folder = FileIO.directory(of: path)
            if cases[folder] == nil { order.append(folder) }
            let item = Case(
                name: FileIO.fileName(of: path), classname: folder, file: path, microseconds: microseconds,
                result: result)
            cases[folder, default: []].append(item)
        }
        for result in results {
            switch result.result {
            case .passed, .updated: add(result.name, result.microseconds, .passed)
            case .failed:
                let message = Self.failureMessage(result.report, scenario: result.name)
                add(result.name, result.microseconds, .failed(message: message, details: result.report))
            }
        }
        let others = shard.map { "checked by another shard than \($0.index)/\($0.count)" } ?? "checked by another shard"
        for path in skipped { add(path, 0, .skipped(others)) }
        self.init(name: "locsim check", suites: order.map { Suite(name: $0, cases: cases[$0] ?? []) }, times: times)
    }

    /// The failure's one-line message: the report's first line about the
    /// scenario (`x.scn:3:10: error: …`, `x.scn: missing golden x.log …`),
    /// or, first, a diff's `the output differs from its golden x.log`.
    static func failureMessage(_ report: String, scenario: String) -> String {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: true)
        for line in lines {
            if line.hasPrefix("--- a/") { return "the output differs from its golden " + line.dropFirst(6) }
            if line.hasPrefix(scenario + ":") { return String(line) }
        }
        return lines.first.map(String.init) ?? "failed"
    }
}
