/// `locsim explore --random <n> --seed <s>` on one platform (docs/explore.md,
/// "Random paths"): `n` paths from the start to their end, at each choice
/// point one of its options drawn with equal chances.
///
/// A path between two choice points is the same replay whichever sample
/// takes it (what follows depends only on the choice point's state, as in
/// the search), so each one is replayed once: the choice points met are
/// kept with their simulator (up to `maxPoints`), and each option followed
/// from one as an edge with what it delivered, held and dropped and where
/// it led. A sample is then a walk over the edges, adding their counts; a
/// choice point past `maxPoints` is walked by replaying, as the search
/// does. Each sample draws from its own generator (`generator(_:_:)`), so
/// a sample is found again from its index alone: an outcome keeps the index
/// of its shortest sample, not its path, and memory grows with the
/// distinct outcomes, not with `n`.
struct ExploreSampler {
    typealias Node = ExploreSearch.Node

    /// Choice points kept with their simulator (a few kilobytes each):
    /// `--max-states`; past them a path goes on by replaying.
    private var maxPoints: Int { search.maxStates }

    /// What an outcome is: the search's suffix (its counts field unused)
    /// and the path's counts.
    private struct Outcome: Hashable {
        var suffix: Outcomes.Suffix
        var counts: OutcomeCounts
    }

    /// One distinct outcome of the samples (its counts are only in `index`,
    /// the key: one copy of the 256-byte vector per outcome).
    private struct Found {
        var suffix: Outcomes.Suffix
        var samples = 1
        /// The first sample that ended here, and the one with the fewest
        /// choices (the first of equal ones), with its choices.
        var first: Int
        var shortest: Int
        var depth: Int
    }

    /// A choice point kept: what replays an option from it. The options
    /// followed from it are edge slots `first ..< first + options.count`.
    private struct Point {
        var node: Node
        var cursor: ExploreSearch.Cursor
        var options: [ExploreSearch.Option]
        var line: TimedStatement?
        var time: Millis
    }

    /// Where a path goes: a choice point kept, or the end (its suffix; the
    /// error that stopped it is one).
    private enum Next {
        case point(Int32)
        case end(Outcomes.Suffix)
    }

    /// The platform's search: its replay, its tables of errors and failed
    /// expectations, and what the paths' records exercised.
    private(set) var search: ExploreSearch
    private var points: [Point] = []
    /// Per choice point kept (the walk reads only these): its options, and
    /// its first edge slot.
    private var fanout: [Int32] = []
    private var firstEdge: [Int32] = []
    /// Per edge slot: taken yet, what the option delivered, held and
    /// dropped up to the next halt, the choice, and where it led.
    private var edgeTaken: [Bool] = []
    private var edgeCounts: [OutcomeCounts] = []
    private var edgeChoice: [ExploreChoice?] = []
    private var edgeNext: [Next] = []
    private var ids: [ExploreSearch.Key: Int32] = [:]
    private var found: [Found] = []
    private var index: [Outcome: Int] = [:]
    private var rootCounts = OutcomeCounts()

    init(_ search: ExploreSearch) {
        self.search = search
    }

    /// Outcomes listed besides those an error stopped or that fail a line
    /// first: the ones most samples reached.
    static let rowsShown = 100

    /// The generator of sample `i`: SplitMix64 seeded from `seed` and `i`,
    /// so any sample can be walked again alone.
    static func generator(_ seed: UInt64, _ i: Int) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(i) &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }

    /// Walks `samples` paths; the rows shown (`rowsShown` with the most
    /// samples, most first, then the first found; and every outcome
    /// an error stopped, the shortest failing each `expect` line, and one
    /// meeting each `sometimes` line), and how many distinct outcomes there were.
    ///
    /// - Throws: more than `maxOutcomes` distinct outcomes, or a path of more than 2000 choices.
    mutating func run(samples: Int, seed: UInt64) throws(ScenarioError) -> (rows: [Explore.Row], outcomes: Int) {
        var node = Node(loop: search.input.start)
        let halt = search.forward(&node, from: .timers(search.input.first))
        rootCounts = node.out.counts
        search.coverage.add(node.out.coverage.tally)
        var escaped: (Node, ExploreSearch.Halt)? = nil
        let root = next(node, halt, escaped: &escaped)
        precondition(escaped == nil, "the first choice point is kept")
        var none: [ExploreChoice]? = nil
        for i in 0..<samples {
            var random = Self.generator(seed, i)
            let (outcome, depth) = try walk(from: root, &random, recording: &none)
            search.pathsSeen &+= 1
            // Every 1024 samples, new outcomes or not: a long sampling of
            // few outcomes shows its progress too.
            if i & 1023 == 1023, let progress = search.progress {
                progress((points.count, found.count, search.pathsSeen))
            }
            if let j = index[outcome] {
                found[j].samples += 1
                if depth < found[j].depth { (found[j].shortest, found[j].depth) = (i, depth) }
                continue
            }
            index[outcome] = found.count
            found.append(Found(suffix: outcome.suffix, first: i, shortest: i, depth: depth))
            guard found.count <= search.maxOutcomes else {
                throw ScenarioError(
                    "explore stopped on \(search.input.header.platform): more than \(search.maxOutcomes) outcomes "
                        + "(--max-outcomes) after \(i + 1) sampled paths; the paths end in too many different "
                        + "ways to list: reduce the choices or shorten the scenario",
                    at: SourceLocation(line: 1, column: 1))
            }
        }
        let shown = shown()
        var counts: [Int: OutcomeCounts] = [:]
        let wanted = Set(shown)
        for (outcome, j) in index where wanted.contains(j) { counts[j] = outcome.counts }
        var rows: [Explore.Row] = []
        for j in shown {
            var random = Self.generator(seed, found[j].shortest)
            var choices: [ExploreChoice]? = []
            _ = try walk(from: root, &random, recording: &choices)
            rows.append(row(found[j], counts: counts[j] ?? OutcomeCounts(), path: choices ?? []))
        }
        return (rows, found.count)
    }

    /// The outcomes shown, in the order of the rows.
    private func shown() -> [Int] {
        let byCount = found.indices.sorted {
            (found[$1].samples, found[$0].first) < (found[$0].samples, found[$1].first)
        }
        var shown = Set(byCount.prefix(Self.rowsShown))
        // Every error, the shortest path failing each line, one path meeting each `sometimes` line.
        var shortest: [Int: Int] = [:]
        var ended: [Int] = []
        for j in found.indices {
            let suffix = found[j].suffix
            if suffix.error != nil {
                shown.insert(j)
                continue
            }
            ended.append(j)
            for failed in search.failures[suffix.failures] {
                let line = failed.location.line
                if let k = shortest[line], (found[k].depth, found[k].shortest) <= (found[j].depth, found[j].shortest) {
                    continue
                }
                shortest[line] = j
            }
        }
        shown.formUnion(shortest.values)
        for statement in search.input.expectations where statement.expectation.isSometimes {
            let line = statement.location.line
            let meets = ended.first { j in
                !search.failures[found[j].suffix.failures].contains { $0.location.line == line }
            }
            if let meets { shown.insert(meets) }
        }
        return byCount.filter { shown.contains($0) }
    }

    private func row(_ f: Found, counts c: OutcomeCounts, path: [ExploreChoice]) -> Explore.Row {
        let suffix = f.suffix
        let error = suffix.error.map { search.errors[$0] }
        let outcome = ExploreOutcome(
            authorization: suffix.status, accuracy: suffix.accuracy, delivered: c.delivered, held: c.held,
            dropped: c.dropped, error: error, failedExpectations: search.failures[suffix.failures])
        return Explore.Row(outcome: outcome, paths: UInt64(f.samples), shortestPath: path)
    }

    /// One sample from `root`, its options drawn from `random`: its outcome
    /// and how many choices it made (appended to `choices` when given).
    private mutating func walk(
        from root: Next, _ random: inout SplitMix64, recording choices: inout [ExploreChoice]?
    ) throws(ScenarioError) -> (Outcome, Int) {
        var total = rootCounts
        var at = root
        var depth = 0
        while case .point(let p) = at {
            let i = Int(p)
            guard depth < ExploreSearch.maxDepth else { throw search.tooDeep(at: points[i].cursor) }
            let slot = Int(firstEdge[i]) + random.below(Int(fanout[i]))
            depth += 1
            if !edgeTaken[slot], let escaped = take(p, slot) {
                // Past the choice points kept: on by replaying.
                var (node, halt) = escaped
                var made: [ExploreChoice] = []
                (node, halt) = try search.walk(&node, from: halt, depth: &depth, &made) { options, _ in
                    random.below(options.count)
                }
                total.add(node.out.counts)
                search.coverage.add(node.out.coverage.tally)
                if let choice = edgeChoice[slot] { choices?.append(choice) }
                choices?.append(contentsOf: made)
                switch halt {
                case .end(let failed): at = .end(search.ending(node, failed))
                case .stopped(let error): at = .end(search.stopped(error))
                case .choice: preconditionFailure("a random walk ends at an end or an error")
                }
                break
            }
            total.add(edgeCounts[slot])
            if let choice = edgeChoice[slot] { choices?.append(choice) }
            at = edgeNext[slot]
        }
        guard case .end(let suffix) = at else { preconditionFailure("a walk ends at an end") }
        return (Outcome(suffix: suffix, counts: suffix.error == nil ? total : OutcomeCounts()), depth)
    }

    /// Replays edge `slot` of choice point `p` the first time it is taken
    /// and keeps it; `nil`, or, where it leads past the choice points
    /// kept, the path there (not kept: it goes on with its counts and
    /// records; the slot keeps only the choice).
    private mutating func take(_ p: Int32, _ slot: Int) -> (Node, ExploreSearch.Halt)? {
        let i = Int(p)
        var node = points[i].node
        let (cursor, line, time) = (points[i].cursor, points[i].line, points[i].time)
        let option = points[i].options[slot - Int(firstEdge[i])]
        edgeChoice[slot] = search.choose(option, node, at: cursor, time: time, line: line)
        let halt = search.follow(option, &node, from: cursor, line: line, time: time)
        var escaped: (Node, ExploreSearch.Halt)? = nil
        let next = next(node, halt, escaped: &escaped)
        if escaped != nil { return escaped }
        search.coverage.add(node.out.coverage.tally)
        edgeCounts[slot] = node.out.counts
        edgeNext[slot] = next
        edgeTaken[slot] = true
        return nil
    }

    /// Where a path that halted at `halt` with `node` goes on: a choice
    /// point (kept now if new), or the end; past `maxPoints` new choice
    /// points, `escaped` gets the path (and the result is meaningless).
    private mutating func next(
        _ node: Node, _ halt: ExploreSearch.Halt, escaped: inout (Node, ExploreSearch.Halt)?
    ) -> Next {
        switch halt {
        case .end(let failed): return .end(search.ending(node, failed))
        case .stopped(let error): return .end(search.stopped(error))
        case .choice(let cursor, let options, let line, let time):
            let key = ExploreSearch.Key(
                cursor: cursor, state: node.loop.simulator.world, loop: node.loop.state,
                terminations: node.terminations, window: node.window)
            if let id = ids[key] { return .point(id) }
            guard points.count < maxPoints else {
                escaped = (node, halt)
                return .point(-1)
            }
            var fresh = node
            fresh.out.counts = OutcomeCounts()
            fresh.out.coverage.tally = CoverageTally()
            let id = Int32(points.count)
            ids[key] = id
            points.append(Point(node: fresh, cursor: cursor, options: options, line: line, time: time))
            fanout.append(Int32(options.count))
            firstEdge.append(Int32(edgeTaken.count))
            edgeTaken += repeatElement(false, count: options.count)
            edgeCounts += repeatElement(OutcomeCounts(), count: options.count)
            edgeNext += repeatElement(.point(-1), count: options.count)
            edgeChoice += repeatElement(nil, count: options.count)
            return .point(id)
        }
    }
}
