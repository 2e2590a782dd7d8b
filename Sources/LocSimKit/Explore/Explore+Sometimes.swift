/// `expect sometimes <…>` in `locsim explore` (docs/explore.md, "Sometimes"):
/// a line some path must meet, not every path.
extension Explore.PlatformResult {
    /// Asks the `sometimes` lines of `statements` of these rows, whose
    /// failed expectations still list them path by path: a line fails on
    /// the platform when no path that ran to its end meets it (paths an
    /// error stopped meet nothing). The rows then lose them, and rows that
    /// differed only in them become one (paths added, the shorter path kept).
    mutating func askSometimes(_ statements: [ExpectationStatement]) {
        let lines = statements.filter { $0.expectation.isSometimes }
        guard !lines.isEmpty else { return }
        sometimesFailures = lines.compactMap { statement in
            let line = statement.location.line
            let ended = rows.filter { $0.outcome.error == nil }
            let met = ended.contains { row in !row.outcome.failedExpectations.contains { $0.location.line == line } }
            guard !met else { return nil }
            // The shortest path that misses it, with its reason; with no
            // path to the end, the shortest path an error stopped.
            let shortest = (ended.isEmpty ? rows : ended).min { $0.shortestPath.count < $1.shortestPath.count }
            let reason =
                shortest?.outcome.failedExpectations.first { $0.location.line == line }
                .map { "on no path; on the shortest: " + $0.reason } ?? "on no path: every path stopped with an error"
            return Explore.FailingPath(
                expectation: FailedExpectation(statement.expectation, at: statement.location, reason: reason),
                path: shortest?.shortestPath ?? [], reachedEnd: !ended.isEmpty)
        }
        var merged: [Explore.Row] = []
        for var row in rows {
            row.outcome.failedExpectations.removeAll { $0.expectation.isSometimes }
            // Linear: only a scenario with `sometimes` lines comes here.
            guard let j = merged.firstIndex(where: { $0.outcome == row.outcome }) else {
                merged.append(row)
                continue
            }
            merged[j].paths = Explore.Report.adding(merged[j].paths, row.paths)
            if row.shortestPath.count < merged[j].shortestPath.count { merged[j].shortestPath = row.shortestPath }
        }
        rows = merged
    }
}
