/// The paths `locsim explore --counterexamples` writes for the `expect`
/// lines (docs/explore.md, "Counterexamples").
extension Explore {
    /// An `expect` line some path failed, with the shortest such path.
    public struct FailingPath: Equatable, Sendable {
        /// The expectation as that path fails it (its reason is that path's).
        public var expectation: FailedExpectation
        /// The fewest choices that fail it: the shortest path of the rows
        /// that fail it, the earliest row among equally short ones.
        public var path: [ExploreChoice]
    }
}

extension Explore.PlatformResult {
    /// One `FailingPath` per `expect` line some path of this platform
    /// failed, in line order. A row's shortest path is the shortest of its
    /// paths, so the shortest over the rows that fail a line is the
    /// shortest path that fails it.
    public var failingPaths: [Explore.FailingPath] {
        var best: [Int: Explore.FailingPath] = [:]
        for row in rows {
            for failed in row.outcome.failedExpectations {
                let line = failed.location.line
                if let known = best[line], known.path.count <= row.shortestPath.count { continue }
                best[line] = Explore.FailingPath(expectation: failed, path: row.shortestPath)
            }
        }
        return best.keys.sorted().compactMap { best[$0] }
    }
}
