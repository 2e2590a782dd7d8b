/// `locsim explore`: every way the user can answer, on every platform asked
/// for, summarised as one row per distinct outcome (docs/explore.md).
///
/// ```swift
/// let report = try Explore(platforms: [.iOS(13), .iOS(26)]).run(Array(text.utf8))
/// for platform in report.platforms {
///     for row in platform.rows { print(row.outcome.authorization, row.paths) }
/// }
/// ```
public struct Explore: Sendable {
    /// The platforms explored, in order; `nil`: the scenario's own.
    public var platforms: [Platform]?
    /// Threads to use (platforms explored at once); at least 1.
    public var jobs: Int
    /// Distinct states a platform's search may reach before it stops with an error.
    public var maxStates: Int
    /// False: no two paths are merged, each is searched to its end (tests
    /// check that merging changes no result).
    package var merging = true

    /// Enough for any flow of a few dozen choice points (a state is a few
    /// kilobytes: this bounds a search to a few hundred megabytes).
    public static let defaultMaxStates = 100_000

    /// - Parameter jobs: threads to use; `nil`, one per core.
    public init(platforms: [Platform]? = nil, jobs: Int? = nil, maxStates: Int = Explore.defaultMaxStates) {
        self.platforms = platforms
        self.jobs = max(1, jobs ?? ParallelMap.coreCount)
        self.maxStates = max(1, maxStates)
    }

    /// One distinct outcome with the answer paths that lead to it.
    public struct Row: Equatable, Sendable {
        public var outcome: ExploreOutcome
        /// How many answer paths end this way (saturating at `UInt64.max`).
        public var paths: UInt64
        /// The shortest of them: the fewest choices, the first found among
        /// equally short ones (the options in the order docs/explore.md gives).
        public var shortestPath: [ExploreChoice]
    }

    /// One platform's search.
    public struct PlatformResult: Equatable, Sendable {
        public var platform: Platform
        /// Outcomes in the order their first path was found.
        public var rows: [Row]
        /// Answer paths explored (saturating).
        public var paths: UInt64
        /// Distinct choice points searched (place in the scenario and rule
        /// state): the work done.
        public var states: Int
    }

    /// A platform's search with the `user any` lines it found idle or answered.
    private struct Searched {
        var result: PlatformResult
        var idle: Set<Int>
        var answered: Set<Int>
    }

    public struct Report: Equatable, Sendable {
        public var platforms: [PlatformResult]
    }

    /// Explores `scenario` on every platform.
    ///
    /// - Throws: the scenario's first syntax error; on some platform, a
    ///   `user any` with nothing to choose, or more than `maxStates` states.
    public func run(_ scenario: [UInt8]) throws(ScenarioError) -> Report {
        try run(scenario, progress: nil)
    }

    /// `run(_:)` calling `progress(states, paths)` of a platform's search
    /// now and then (from the threads that explore).
    package func run(
        _ scenario: [UInt8], progress: (@Sendable (Int, UInt64) -> Void)?
    ) throws(ScenarioError) -> Report {
        let own = try ExploreInput(scenario, platform: nil)
        let platforms = self.platforms ?? [own.header.platform]
        let ownPlatform = self.platforms == nil
        let maxStates = self.maxStates
        let merging = self.merging
        let results = ParallelMap.map(platforms.count, threads: jobs) { i -> Result<Searched, ScenarioError> in
            do throws(ScenarioError) {
                let input = ownPlatform ? own : try ExploreInput(scenario, platform: platforms[i])
                var search = ExploreSearch(input, maxStates: maxStates, progress: progress)
                search.merging = merging
                let outcomes = try search.run()
                let result = PlatformResult(
                    platform: platforms[i], rows: outcomes.rows(search.counts, errors: search.errors, failures: search.failures),
                    paths: outcomes.paths, states: search.states)
                return .success(Searched(result: result, idle: search.idleAnyLines, answered: search.answeredAnyLines))
            } catch {
                return .failure(error)
            }
        }
        var out: [PlatformResult] = []
        var idle = Set<Int>()
        var answered = Set<Int>()
        for result in results {
            switch result {
            case .success(let s):
                out.append(s.result)
                idle.formUnion(s.idle)
                answered.formUnion(s.answered)
            case .failure(let error): throw error
            }
        }
        // A `user any` that no path on any platform reached with a prompt on
        // screen offers the user nothing: the scenario's mistake.
        if let never = idle.subtracting(answered).min(), case .timed(let line) = own.lines[never] {
            let names = platforms.map(\.description).joined(separator: ", ")
            throw ScenarioError(
                "'user any': no prompt is on screen here on any path (\(names)); nothing to choose, "
                    + "so no user action is possible: move the line to where the prompt shows, or remove it",
                at: line.location)
        }
        return Report(platforms: out)
    }
}
