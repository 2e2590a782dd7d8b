/// `locsim matrix`: one scenario replayed on several platforms, summarised
/// one row per platform, with where the logs of adjacent platforms diverge.
///
/// Each platform replaces the scenario's `platform` line. A syntax error is
/// the scenario's own and fails the whole matrix; an error the rules raise on
/// one platform (a call that does not exist there, an answer its prompt does
/// not offer) is that platform's result, shown in its row.
public struct Matrix: Sendable {
    /// The platforms replayed, in row order.
    public var platforms: [Platform]
    /// Threads to use; at least 1.
    public var jobs: Int

    /// - Parameter jobs: threads to use; `nil`, one per core.
    public init(platforms: [Platform] = Matrix.defaultPlatforms, jobs: Int? = nil) {
        self.platforms = platforms
        self.jobs = max(1, jobs ?? Check.coreCount)
    }

    /// Without `--platforms` or `--all`: the versions an SDK vendor supports
    /// today, across each change of the authorization rules since iOS 12.
    public static let defaultPlatforms: [Platform] = [
        Platform(.iOS, 12, 5), Platform(.iOS, 13, 0), Platform(.iOS, 13, 4), Platform(.iOS, 14, 0),
        Platform(.iOS, 17, 0), Platform(.iOS, 18, 0), Platform(.iOS, 26, 0),
    ]

    /// `--all`: every iOS version where a rule or a call's availability
    /// changes (7 → 8 → 9 → 10 → 11 → 13 → 13.4 → 14 → 26), the default list,
    /// and the other operating systems at their 26 release.
    public static let allPlatforms: [Platform] = [
        Platform(.iOS, 7, 0), Platform(.iOS, 8, 0), Platform(.iOS, 9, 0), Platform(.iOS, 10, 0),
        Platform(.iOS, 11, 0), Platform(.iOS, 12, 5), Platform(.iOS, 13, 0), Platform(.iOS, 13, 4),
        Platform(.iOS, 14, 0), Platform(.iOS, 17, 0), Platform(.iOS, 18, 0), Platform(.iOS, 26, 0),
        Platform(.macOS, 26, 0), Platform(.tvOS, 26, 0), Platform(.watchOS, 26, 0),
    ]

    /// One platform's result.
    public struct Row: Equatable, Sendable {
        public var platform: Platform
        /// The counts, or the error that stopped the replay on this platform.
        public var outcome: Result<Tally, ScenarioError>
        /// The text log; after an error, the lines before it and then the
        /// error as `<line>:<column>: error: <message>`.
        public var log: [UInt8]
    }

    /// The whole matrix: rows in platform order, then one divergence per
    /// adjacent pair of rows.
    public struct Report: Equatable, Sendable {
        public var rows: [Row]
        public var divergences: [Divergence]
    }

    /// Replays `scenario` on every platform, in parallel.
    ///
    /// - Throws: the scenario's first syntax error, before anything is replayed.
    public func run(_ scenario: [UInt8]) throws(ScenarioError) -> Report {
        try run(scenario, tracks: nil)
    }

    /// `run(_:)` with `tracks` reading the files of `gpx` lines, as for
    /// `Replay.run`; the track readers serve the `locsim` tool.
    package func run(_ scenario: [UInt8], tracks: TrackSource?) throws(ScenarioError) -> Report {
        try Replay.validateSyntax(of: scenario)
        let platforms = self.platforms
        let rows = ParallelMap.map(platforms.count, threads: jobs) { i in
            Self.row(scenario, on: platforms[i], tracks: tracks)
        }
        // Diffing long logs costs as much as replaying them: in parallel too.
        let divergences = ParallelMap.map(max(0, rows.count - 1), threads: jobs) { i in
            Divergence(from: rows[i], to: rows[i + 1])
        }
        return Report(rows: rows, divergences: divergences)
    }

    private static func row(_ scenario: [UInt8], on platform: Platform, tracks: TrackSource?) -> Row {
        var collector = RecordCollector()
        var error: ScenarioError? = nil
        do throws(ScenarioError) {
            try Replay.records(of: scenario, platform: platform, tracks: tracks, into: &collector)
        } catch let e {
            error = e
        }
        var log = Array(ReplayLog(records: collector.records).text.utf8)
        guard let error else {
            return Row(platform: platform, outcome: .success(Tally(collector.records)), log: log)
        }
        log.append(contentsOf: "\(error.location.line):\(error.location.column): error: \(error.message)\n".utf8)
        return Row(platform: platform, outcome: .failure(error), log: log)
    }
}
