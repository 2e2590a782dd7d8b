#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// - Parameters:
    ///   - platforms: the platforms to replay on, in order.
    ///   - jobs: threads to use; `nil`, one per core.
    public init(platforms: [Platform] = Matrix.defaultPlatforms, jobs: Int? = nil) {
        self.platforms = platforms
        self.jobs = max(1, jobs ?? ParallelMap.coreCount)
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
        Platform(.macOS, 26, 0), Platform(.tvOS, 26, 0), Platform(.watchOS, 26, 0), Platform(.visionOS, 26, 0),
        Platform(.macCatalyst, 26, 0),
    ]

    /// One platform's result.
    public struct Row: Equatable, Sendable {
        /// The platform this row replayed on.
        public var platform: Platform
        /// The counts, or the error that stopped the replay on this platform.
        public var outcome: Result<Tally, ScenarioError>
        /// The authorization at the line that stopped the replay (the
        /// `final` cell of a stopped row); nil for a row that ran to its end.
        package var authorizationAtStop: AuthView? = nil
        /// The `expect` lines that failed on this platform, named in the
        /// `errors` cell.
        package var failedExpectations: [FailedExpectation] = []
        /// The scenario's warnings on this platform (`on prompt` policies
        /// that never answered, `on` lines that never fired), in the
        /// `errors` cell; not the one for a missing `platform` line, which
        /// the matrix gives.
        package var warnings: [ScenarioWarning] = []
    }

    /// The whole matrix: rows in platform order, then one divergence per
    /// adjacent pair of rows.
    public struct Report: Equatable, Sendable {
        /// One row per platform, in the order given.
        public var rows: [Row]
        /// One per adjacent pair of rows: where row i's log first differs from row i+1's.
        public var divergences: [Divergence]
    }

    /// Lines of one instant a divergence diffs at once (see `Divergence`).
    static let groupLines = 1000

    /// Replays `scenario` on every platform, in parallel.
    ///
    /// - Throws: the scenario's first syntax error, before anything is replayed.
    public func run(_ scenario: [UInt8]) throws(ScenarioError) -> Report {
        try run(scenario, tracks: nil)
    }

    /// `run(_:)` with `tracks` reading the files of `gpx` lines, as for
    /// `Replay.run`; the track readers serve the `locsim` tool.
    package func run(_ scenario: [UInt8], tracks: TrackSource?) throws(ScenarioError) -> Report {
        try run(.bytes(scenario), tracks: tracks)
    }

    /// Replays `input` on every platform at once, each on a thread of its
    /// own (at most `jobs` running at a time), and diffs adjacent platforms
    /// while their logs stream past: memory stays flat however long the
    /// trace, as for `locsim run`.
    ///
    /// - Throws: the scenario's first syntax error, before anything is replayed.
    package func run(_ input: MatrixInput, tracks: TrackSource?) throws(ScenarioError) -> Report {
        try Replay.validateSyntax(of: input.reader())
        let slots = ReplaySlots(jobs)
        var threads: [pthread_t] = []
        var streams: [LogStream] = []
        for platform in platforms {
            let replay = PlatformReplay(
                input: input, platform: platform, tracks: tracks, channel: LogChannel(slots: slots), slots: slots)
            if let thread = ParallelMap.start(replay) {
                threads.append(thread)
            } else {
                // No thread to be had: replayed here, its whole log queued.
                replay.channel.unbounded()
                replay.run()
            }
            streams.append(LogStream(replay.channel))
        }
        defer { for thread in threads { pthread_join(thread, nil) } }

        var divergences = platforms.indices.dropLast().map { Divergence(from: platforms[$0], to: platforms[$0 + 1]) }
        var groups = [[ArraySlice<UInt8>]](repeating: [], count: platforms.count)
        while let time = streams.indices.compactMap({ streams[$0].nextTime() }).min() {
            for i in streams.indices { streams[i].take(time: time, atMost: Self.groupLines, into: &groups[i]) }
            for i in divergences.indices { divergences[i].compare(groups[i], groups[i + 1]) }
        }
        let rows = platforms.indices.map { i in
            let end = streams[i].end!
            return Row(
                platform: platforms[i], outcome: end.outcome, authorizationAtStop: end.authorizationAtStop,
                failedExpectations: end.failedExpectations, warnings: end.warnings)
        }
        return Report(rows: rows, divergences: divergences)
    }
}

/// The receiving end of one platform's `LogChannel`: its lines one instant at a time.
struct LogStream {
    private let channel: LogChannel
    private var batch = LogBatch()
    private var next = 0
    /// Set once the replay's last line has been taken.
    private(set) var end: ReplayEnd? = nil

    init(_ channel: LogChannel) {
        self.channel = channel
    }

    /// The time of the next line; nil once the log has ended.
    mutating func nextTime() -> Int64? {
        while next == batch.count {
            guard end == nil else { return nil }
            switch channel.pop() {
            case .batch(let b): (batch, next) = (b, 0)
            case .end(let e): end = e
            }
        }
        return batch.times[next]
    }

    /// Replaces `group` with the next lines at `time`, at most `limit`.
    mutating func take(time: Int64, atMost limit: Int, into group: inout [ArraySlice<UInt8>]) {
        group.removeAll(keepingCapacity: true)
        while group.count < limit, nextTime() == time {
            group.append(batch.line(next))
            next += 1
        }
    }
}
