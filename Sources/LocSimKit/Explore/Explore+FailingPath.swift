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
        /// False for an `expect sometimes` line on a platform where an error
        /// stopped every path: `path` then stops with that error, and no
        /// counterexample is written for the line (the error's is).
        public var reachedEnd = true
    }
}

extension Explore.PlatformResult {
    /// One `FailingPath` per `expect` line some path of this platform
    /// failed, and per `expect sometimes` line no path met, in line order. A row's shortest path is the shortest of its
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
        for failing in sometimesFailures { best[failing.expectation.location.line] = failing }
        return best.keys.sorted().compactMap { best[$0] }
    }
}

extension Explore.FailingPath {
    /// An `expect` line some path failed, over every platform: where it
    /// failed, and the shortest path that fails it (the first platform's
    /// among equally short ones).
    package struct Line: Sendable {
        package var platforms: [Platform]
        package var platform: Platform
        package var shortest: Explore.FailingPath
    }

    /// The `expect` lines some path of `report` failed, in line order.
    package static func byLine(_ report: Explore.Report) -> [Line] {
        var lines: [Int: Line] = [:]
        for p in report.platforms {
            for failing in p.failingPaths {
                let n = failing.expectation.location.line
                guard var line = lines[n] else {
                    lines[n] = Line(platforms: [p.platform], platform: p.platform, shortest: failing)
                    continue
                }
                line.platforms.append(p.platform)
                if failing.path.count < line.shortest.path.count {
                    (line.platform, line.shortest) = (p.platform, failing)
                }
                lines[n] = line
            }
        }
        return lines.keys.sorted().compactMap { lines[$0] }
    }
}

extension Explore.Report {
    /// A counterexample file `locsim explore --counterexamples` writes: one
    /// per failed `expect` line and distinct path, and one per place an
    /// error stopped paths and distinct path, not one per platform
    /// (docs/explore.md, "Counterexamples").
    package struct Counterexample: Sendable {
        /// The platform it is written for: the first whose path it is.
        package var platform: Platform
        /// The other platforms where the same choices fail the same line.
        package var alsoOn: [Platform]
        /// `expect-<line>` or the row number on `platform`.
        package var suffix: String
        package var path: [ExploreChoice]
        /// The line an error stopped the path at; `nil` for a failed `expect` line.
        package var stoppedAt: Int?
    }

    /// The counterexamples, platform by platform: each platform's error
    /// rows, then its failed `expect` lines, each unless an earlier platform
    /// has the same path to the same line.
    package var counterexamples: [Counterexample] {
        var files: [Counterexample] = []
        var index: [String: Int] = [:]
        func add(_ file: Counterexample, key: String) {
            if let i = index[key] {
                files[i].alsoOn.append(file.platform)
                return
            }
            index[key] = files.count
            files.append(file)
        }
        for p in platforms {
            for (i, row) in p.rows.enumerated() {
                guard let error = row.outcome.error else { continue }
                let file = Counterexample(
                    platform: p.platform, alsoOn: [], suffix: "\(i + 1)", path: row.shortestPath,
                    stoppedAt: error.location.line)
                add(file, key: "\(error.location.line):\(error.location.column) " + Self.path(row.shortestPath))
            }
            for failing in p.failingPaths where failing.reachedEnd {
                let line = failing.expectation.location.line
                let file = Counterexample(
                    platform: p.platform, alsoOn: [], suffix: "expect-\(line)", path: failing.path, stoppedAt: nil)
                add(file, key: "expect-\(line) " + Self.path(failing.path))
            }
        }
        return files
    }

    /// The shortest paths of the rows on `file`'s platform that do not
    /// fail as `file` does: no error, and its `expect` line held (none for
    /// an `expect sometimes` line, which no path met). `--shrink` keeps one
    /// passing as the witness of a failure no single choice decides.
    package func passingPaths(_ file: Counterexample) -> [[ExploreChoice]] {
        guard let p = platforms.first(where: { $0.platform == file.platform }) else { return [] }
        let line = file.stoppedAt == nil ? Int(file.suffix.dropFirst("expect-".count)) : nil
        if let line, p.sometimesFailures.contains(where: { $0.expectation.location.line == line }) { return [] }
        return p.rows.filter { row in
            row.outcome.error == nil && !row.outcome.failedExpectations.contains { $0.location.line == line }
        }.map(\.shortestPath)
    }
}
