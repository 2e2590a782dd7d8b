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
    /// Outcomes a platform's search may keep for the choice points it
    /// remembers, over all of them, before it stops with an error.
    public var maxOutcomes: Int
    /// Endings of the suspended app one path may choose: every line the app
    /// is suspended before is then a choice point, end it or not
    /// (`--system-terminations`, docs/explore.md); 0: none.
    public var systemTerminations: Int = 0
    /// False: no two paths are merged, each is searched to its end (tests
    /// check that merging changes no result).
    package var merging = true
    /// True: each platform's result keeps its merged state graph (`--format dot`).
    package var graph = false
    /// `nil`: every path is searched; else `samples` paths walked at random
    /// (`explore --random <n> --seed <s>`, docs/explore.md, "Random paths").
    package var sampling: Sampling? = nil

    /// Paths walked at random from the start, each choice point's option
    /// drawn with equal chances, reproducible by `seed`.
    package struct Sampling: Equatable, Sendable {
        /// The most paths `--random` walks (a billion: at a microsecond a
        /// walk, a quarter of an hour a platform; more is a typo, not a plan).
        package static let maxSamples = 1_000_000_000

        package var samples: Int
        package var seed: UInt64

        package init(samples: Int, seed: UInt64) {
            self.samples = max(1, samples)
            self.seed = seed
        }
    }

    /// Enough for any flow of a few dozen choice points (a state is a few
    /// kilobytes: this bounds a search to a few hundred megabytes).
    public static let defaultMaxStates = 100_000

    /// Outcomes kept, over every remembered choice point: about 190 bytes
    /// each with their counts and shortest paths (measured), so this bounds
    /// them to about 200 MB, where 40 launches that each answer Allow Once
    /// took 1.3 GB and 100 were stopped at 6.1 GB (issue 28).
    public static let defaultMaxOutcomes = 1_000_000

    /// - Parameters:
    ///   - platforms: the platforms to explore, in order; `nil`, the scenario's own.
    ///   - jobs: threads to use; `nil`, one per core.
    ///   - maxStates: distinct states a platform's search may reach (at least 1).
    ///   - maxOutcomes: outcomes a platform's search may keep (at least 1).
    public init(
        platforms: [Platform]? = nil, jobs: Int? = nil, maxStates: Int = Explore.defaultMaxStates,
        maxOutcomes: Int = Explore.defaultMaxOutcomes
    ) {
        self.platforms = platforms
        self.jobs = max(1, jobs ?? ParallelMap.coreCount)
        self.maxStates = max(1, maxStates)
        self.maxOutcomes = max(1, maxOutcomes)
    }

    /// One distinct outcome with the answer paths that lead to it.
    public struct Row: Equatable, Sendable {
        /// What the paths came to: the authorization at the end and the records delivered, held and dropped.
        public var outcome: ExploreOutcome
        /// How many answer paths end this way; `UInt64.max`: more than
        /// `UInt64.max - 1` (the count saturates).
        public var paths: UInt64
        /// The shortest of them: the fewest choices, the first found among
        /// equally short ones (the options in the order docs/explore.md gives).
        public var shortestPath: [ExploreChoice]
    }

    /// One platform's search.
    public struct PlatformResult: Equatable, Sendable {
        /// The platform searched.
        public var platform: Platform
        /// Outcomes in the order their first path was found.
        public var rows: [Row]
        /// Answer paths explored (saturating as `Row.paths` does).
        public var paths: UInt64
        /// Distinct choice points searched (place in the scenario and rule
        /// state): the work done.
        public var states: Int
        /// The `expect sometimes` lines no path met, each with the shortest
        /// path that misses it (the rows do not list them).
        package var sometimesFailures: [Explore.FailingPath] = []
        /// The merged state graph, when asked for (`graph`).
        package var graph: ExploreGraph? = nil
        /// Sampled (`--random`): the distinct outcomes the samples reached,
        /// of which `rows` lists some (docs/explore.md, "Random paths").
        package var sampledOutcomes: Int? = nil
    }

    /// How `locsim explore` writes its report.
    public enum Format: String, Equatable, Sendable, CaseIterable {
        /// `--format text` (the default), `markdown`, `jsonl` (JSON Lines) or `dot` (the state graph, Graphviz).
        case text, markdown, jsonl, dot
    }

    /// A platform's search with what its paths met, and the simulator they started from.
    struct Searched {
        var result: PlatformResult
        var facts: Facts
        var start: Simulator
    }

    /// What a platform's paths met beyond outcomes: the `user any` and
    /// `system any` lines they found idle or answered, the windows and
    /// those a timer or line fell inside, and what they exercised. Kept by
    /// a search, a shard's file (`{"facts":…}`) and the report, which add
    /// them up alike (`add`).
    struct Facts {
        var idle: [Int: SourceLocation] = [:]
        var answered = Set<Int>()
        var system = Set<Int>()
        var windows: [Int: SourceLocation] = [:]
        var eventful = Set<Int>()
        var coverage = CoverageTally()

        /// A search's.
        init(of search: ExploreSearch) {
            (idle, answered, system) = (search.idleAnyLines, search.answeredAnyLines, search.systemAnyLines)
            (windows, eventful, coverage) = (search.windowLines, search.eventfulWindows, search.coverage)
        }

        init(
            idle: [Int: SourceLocation] = [:], answered: Set<Int> = [], system: Set<Int> = [],
            windows: [Int: SourceLocation] = [:], eventful: Set<Int> = []
        ) {
            (self.idle, self.answered, self.system) = (idle, answered, system)
            (self.windows, self.eventful) = (windows, eventful)
        }

        /// Adds `other`'s: a line's first place is kept.
        mutating func add(_ other: Facts) {
            idle.merge(other.idle) { first, _ in first }
            answered.formUnion(other.answered)
            system.formUnion(other.system)
            windows.merge(other.windows) { first, _ in first }
            eventful.formUnion(other.eventful)
            coverage.add(other.coverage)
        }
    }

    /// The result of a search: one result per platform, and what no path reached.
    public struct Report: Equatable, Sendable {
        /// One search per platform, in the order given.
        public var platforms: [PlatformResult]
        /// What no path on any platform reached, one line per kind
        /// (docs/explore.md, "What no path reached"): `no drop for: …`,
        /// `no <service> event under: …`, `no prompt shown of: …`.
        public var neverReached: [String] = []
        /// How the paths were sampled, when they were (`--random`): the
        /// counts are then samples, not every path.
        package var sampling: Sampling? = nil
    }

    /// Explores `scenario` on every platform.
    ///
    /// - Throws: the scenario's first syntax error; on some platform, a
    ///   `user any` with nothing to choose, or more than `maxStates` states.
    public func run(_ scenario: [UInt8]) throws(ScenarioError) -> Report {
        try run(scenario, progress: nil)
    }

    /// How far a platform's search has gone: distinct choice points,
    /// outcomes kept for them, paths finished.
    package typealias Progress = (states: Int, outcomes: Int, paths: UInt64)

    /// `run(_:)` calling `progress` of a platform's search now and then
    /// (from the threads that explore).
    package func run(
        _ scenario: [UInt8], progress: (@Sendable (Progress) -> Void)?
    ) throws(ScenarioError) -> Report {
        let own = try ExploreInput(scenario, platform: nil)
        let platforms = self.platforms ?? [own.header.platform]
        let ownPlatform = self.platforms == nil
        let maxStates = self.maxStates
        let maxOutcomes = self.maxOutcomes
        let merging = self.merging
        let graph = self.graph
        let systemTerminations = self.systemTerminations
        let sampling = self.sampling
        let results = ParallelMap.map(platforms.count, threads: jobs) { i -> Result<Searched, ScenarioError> in
            do throws(ScenarioError) {
                let input = ownPlatform ? own : try ExploreInput(scenario, platform: platforms[i])
                var search = ExploreSearch(input, maxStates: maxStates, maxOutcomes: maxOutcomes, progress: progress)
                search.merging = merging
                search.systemTerminations = systemTerminations
                if graph { search.graph = ExploreGraph() }
                guard let sampling else {
                    let outcomes = try search.run()
                    return .success(Self.searched(search, outcomes, on: platforms[i]))
                }
                var sampler = ExploreSampler(search)
                let (rows, outcomes) = try sampler.run(samples: sampling.samples, seed: sampling.seed)
                var result = PlatformResult(
                    platform: platforms[i], rows: rows, paths: UInt64(sampling.samples), states: 0)
                result.sampledOutcomes = outcomes
                result.askSometimes(input.expectations)
                result.graph = sampler.search.graph
                return .success(Self.searched(sampler.search, result))
            } catch {
                return .failure(error)
            }
        }
        return try Self.report(results, platforms: platforms, sampling: sampling)
    }

    /// A platform's search that found `outcomes` (every path).
    static func searched(_ search: ExploreSearch, _ outcomes: Outcomes, on platform: Platform) -> Searched {
        var result = PlatformResult(
            platform: platform, rows: outcomes.rows(search.counts, errors: search.errors, failures: search.failures),
            paths: outcomes.paths, states: search.states)
        result.askSometimes(search.input.expectations)
        result.graph = search.graph
        return searched(search, result)
    }

    private static func searched(_ search: ExploreSearch, _ result: PlatformResult) -> Searched {
        Searched(result: result, facts: Facts(of: search), start: search.input.start.simulator)
    }

    /// The report of the platforms' searches, in platform order: the first
    /// error, or what every platform found.
    static func report(
        _ results: [Result<Searched, ScenarioError>], platforms: [Platform], sampling: Sampling?
    ) throws(ScenarioError) -> Report {
        var out: [PlatformResult] = []
        var facts = Facts()
        var coverage = CoverageReport()
        var possible = Set<Delivery.Access>()
        for result in results {
            switch result {
            case .success(let s):
                out.append(s.result)
                coverage.add(s.facts.coverage, of: s.start)
                possible.formUnion(Self.accesses(modern: s.start.rules.modern))
                facts.add(s.facts)
            case .failure(let error): throw error
            }
        }
        let (idle, answered, system) = (facts.idle, facts.answered, facts.system)
        let (windows, eventful) = (facts.windows, facts.eventful)
        // A window inside which no path on any platform met a timer or a
        // line: every instant of it is the same path.
        if let empty = Set(windows.keys).subtracting(eventful).min(), let location = windows[empty] {
            throw ScenarioError(
                "this window holds nothing on any path (\(platforms.map(\.description).joined(separator: ", "))): "
                    + "no rule timer, line or fix falls inside it after its start, so every instant of it leads "
                    + "the same way; write one instant",
                at: location)
        }
        // A `user any` that no path on any platform reached with a prompt on
        // screen offers the user nothing: the scenario's mistake.
        // (A line every path stopped before, or at, offers nothing either,
        // but the rows say why: no error.)
        // (Samples may all miss the prompt a line could answer: no error.)
        if sampling == nil, let never = Set(idle.keys).subtracting(answered).min(), let location = idle[never] {
            let names = platforms.map(\.description).joined(separator: ", ")
            guard !system.contains(never) else {
                throw ScenarioError(
                    "'system any': the app is neither in the background nor suspended, and no upgrade prompt is "
                        + "pending, here on any path (\(names)); the system has nothing to choose: move the line "
                        + "to where the app is in the background, or remove it",
                    at: location)
            }
            throw ScenarioError(
                "'user any': no prompt is on screen here on any path (\(names)); nothing to choose, "
                    + "so no user action is possible: move the line to where the prompt shows, or remove it",
                at: location)
        }
        return Report(platforms: out, neverReached: coverage.neverReached(possible: possible), sampling: sampling)
    }

    /// The rows of docs/rules.md §8 a platform has.
    private static func accesses(modern: Bool) -> [Delivery.Access] {
        modern
            ? [.notDetermined, .denied, .whenInUse, .provisionalAlways, .always]
            : [.notDetermined, .denied, .whenInUseBefore13, .always]
    }
}
