/// One platform's search split over machines (`explore --shard <i>/<n>`,
/// `explore --merge`; docs/explore.md, "Sharded search").
///
/// The top of the choice tree, down to the depth `cut`, is the same for
/// every shard and for the merge; the choice points `cut` choices deep (the
/// prefixes, in the order the search meets them) are dealt round-robin,
/// and each shard searches its prefixes' subtrees with one memo of its own,
/// logging every distinct choice point it meets (entered, and left with its
/// outcomes). The merge runs the top itself, in the whole search's order;
/// at a prefix it takes the outcomes the shard found (a pure function of
/// the choice point) and replays the shard's log, counting only the choice
/// points the whole search had not met yet: the whole search, with its memo,
/// meets exactly those, in that order (a choice point met before had all
/// that follows it met too), so the counts and the points where a limit
/// stops it come out the same.
extension ExploreSearch {
    /// A choice point's `Key` as 128 bits, the same in every process that
    /// fixes the hash seed (`Explore.fixHashSeed`): two SipHash-1-3 digests
    /// of the key's own `hash(into:)`, which covers what `==` compares,
    /// plus the pending reactions' actions (their hash leaves them out).
    struct Fingerprint: Hashable {
        var high: UInt64
        var low: UInt64

        /// 32 lowercase hexadecimal digits.
        var hex: String { Self.hex(high) + Self.hex(low) }

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 32, let high = UInt64(String(hex.prefix(16)), radix: 16),
                let low = UInt64(String(hex.suffix(16)), radix: 16),
                digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
            else { return nil }
            self.init(high: high, low: low)
        }

        /// `n` in 16 hexadecimal digits, leading zeros kept.
        static func hex(_ n: UInt64) -> String {
            let digits = String(n, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }

    static func fingerprint(_ key: Key) -> Fingerprint {
        var high = Hasher()
        high.combine(UInt8(1))
        feed(key, into: &high)
        var low = Hasher()
        low.combine(UInt8(2))
        feed(key, into: &low)
        return Fingerprint(
            high: UInt64(bitPattern: Int64(high.finalize())), low: UInt64(bitPattern: Int64(low.finalize())))
    }

    private static func feed(_ key: Key, into hasher: inout Hasher) {
        hasher.combine(key)
        // `Pending` hashes without its action (`==` compares it): the actions as written.
        for entry in key.state.timers.queue.ordered {
            if case .reaction(let pending) = entry.payload { hasher.combine(Scenario.text(of: pending.action)) }
        }
        for pending in key.loop.paused { hasher.combine(Scenario.text(of: pending.action)) }
    }

    /// What a shard logs of a distinct choice point it met.
    enum LogEvent: Equatable {
        /// Met for the first time, at `at` (where a limit's error points).
        case enter(Fingerprint, at: SourceLocation)
        /// Left, with this many outcomes kept for it.
        case pop(Fingerprint, outcomes: Int, at: SourceLocation)
    }

    /// Why a shard's search of a prefix stopped before its end.
    enum Stop: String {
        case states, outcomes, depth
    }

    /// An outcome as a shard's file holds it: values, not the ids of one search's tables.
    struct SavedEntry {
        var counts: OutcomeCounts
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization?
        var error: ScenarioError?
        var failed: [FailedExpectation]
        var paths: UInt64
        var trail: ChoiceTrail?
    }

    /// What a shard found below one prefix.
    struct SavedPrefix {
        var log: [LogEvent] = []
        /// The search stopped here (`log` ends where it did); `entries` is then empty.
        var stop: Stop? = nil
        var entries: [SavedEntry] = []
    }

    /// A sharded search's part.
    struct Split {
        /// The depth of the prefixes.
        var cut: Int
        /// True: merging shards' files (`prefixes`); false: a shard logging (`log`).
        var merging: Bool
        var log: [LogEvent] = []
        /// The merge's: each prefix's part by its fingerprint, and every choice point met so far.
        var prefixes: [Fingerprint: SavedPrefix] = [:]
        var seen = Set<Fingerprint>()
    }

    /// A choice point met for the first time as a split search sees it.
    enum Entered {
        /// Its outcomes are known: no frame for it.
        case known(Outcomes)
        /// Searched here; a shard logs its leaving under this fingerprint.
        case fresh(Fingerprint?)
    }

    /// The deepest the prefixes are cut.
    static let maxCut = 64

    /// A prefix: a choice point `cut` choices deep, as the first path to it met it.
    struct Prefix {
        var node: Node
        var halt: Halt
        var key: Key
    }

    /// The prefixes for `shards` shards: the choice points at the least
    /// depth that has at least 4 per shard (or the deepest with any, when
    /// the tree ends above that, or at `maxCut`), each distinct one once,
    /// in the whole search's order.
    mutating func plan(shards: Int, cut: Int? = nil) -> (cut: Int, prefixes: [Prefix]) {
        if let cut { return (cut, prefixes(cut: cut)) }
        var best = (cut: 0, prefixes: prefixes(cut: 0))
        while !best.prefixes.isEmpty && best.prefixes.count < 4 * shards && best.cut < Self.maxCut {
            let deeper = prefixes(cut: best.cut + 1)
            if deeper.isEmpty { break }
            best = (best.cut + 1, deeper)
        }
        return best
    }

    /// The distinct choice points `cut` choices deep, depth-first in option order.
    private mutating func prefixes(cut: Int) -> [Prefix] {
        struct Open {
            var node: Node
            var cursor: Cursor
            var options: [Option]
            var line: TimedStatement?
            var time: Millis
            var depth: Int
            var next = 0
        }
        var seen = Set<Key>()
        var found: [Prefix] = []
        var stack: [Open] = []
        func visit(_ node: Node, _ halt: Halt, depth: Int) {
            guard case .choice(let cursor, let options, let line, let time) = halt else { return }
            let key = Key(
                cursor: cursor, state: node.loop.simulator.world, loop: node.loop.state,
                terminations: node.terminations, window: node.window)
            guard seen.insert(key).inserted else { return }
            if depth == cut {
                found.append(Prefix(node: node, halt: halt, key: key))
            } else {
                stack.append(Open(node: node, cursor: cursor, options: options, line: line, time: time, depth: depth))
            }
        }
        var root = Node(loop: input.start)
        let halt = forward(&root, from: .timers(input.first))
        visit(root, halt, depth: 0)
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].options.count else {
                stack.removeLast()
                continue
            }
            let open = stack[top]
            stack[top].next += 1
            var child = open.node
            let halt = follow(open.options[open.next], &child, from: open.cursor, line: open.line, time: open.time)
            visit(child, halt, depth: open.depth + 1)
        }
        return found
    }

    /// A shard's part of the search: `prefixes` (`plan`), of which it
    /// searches those dealt to it, shard `index` of `count`: the k-th
    /// (from 0) goes to shard `k % count + 1`. Stops at the first prefix a
    /// limit stopped: the merge stops there or before.
    mutating func shard(_ prefixes: [Prefix], cut: Int, index: Int, count: Int) -> [(Int, SavedPrefix)] {
        split = Split(cut: cut, merging: false)
        var parts: [(Int, SavedPrefix)] = []
        for k in prefixes.indices where k % count == index - 1 {
            // What the path met before the prefix is the merge's to add
            // (the coverage writer keeps what it reads records by: the prompt on screen).
            let node = Self.cleared(prefixes[k].node)
            var part = SavedPrefix()
            do throws(ScenarioError) {
                part.entries = try search(node, prefixes[k].halt, depth: cut).entries.map(saved)
            } catch {
                part.stop = states > maxStates ? .states : outcomesKept > maxOutcomes ? .outcomes : .depth
            }
            part.log = split!.log
            split!.log = []
            parts.append((k, part))
            if part.stop != nil { break }
        }
        return parts
    }

    /// `node` with what it met since the last choice point forgotten, as a frame keeps it.
    static func cleared(_ node: Node) -> Node {
        var node = node
        node.out.counts = OutcomeCounts()
        node.out.coverage.tally = CoverageTally()
        return node
    }

    private func saved(_ entry: Outcomes.Entry) -> SavedEntry {
        let s = entry.suffix
        return SavedEntry(
            counts: s.error == nil ? counts[s.counts] : OutcomeCounts(), status: s.status, accuracy: s.accuracy,
            error: s.error.map { errors[$0] }, failed: failures[s.failures], paths: entry.paths, trail: entry.trail)
    }

    /// A choice point `key` met for the first time at `node` (`halt`),
    /// `depth` choices deep, in a split search.
    mutating func splitEnter(_ node: Node, _ halt: Halt, key: Key, depth: Int) throws(ScenarioError) -> Entered {
        let fingerprint = Self.fingerprint(key)
        guard split!.merging else {
            split!.log.append(.enter(fingerprint, at: place(of: key.cursor)))
            return .fresh(fingerprint)
        }
        if depth == split!.cut, let part = split!.prefixes[fingerprint] {
            try replay(part.log, stop: part.stop)
            let value = restored(part.entries)
            remember(key, value)
            return .known(value)
        }
        guard split!.seen.insert(fingerprint).inserted else {
            // A shard met this choice point below an earlier prefix (and
            // everything after it), or a prefix the plan met first there:
            // the whole search knew its outcomes here, and counts nothing.
            var own = ExploreSearch(input, maxStates: .max, maxOutcomes: .max, progress: nil)
            own.systemTerminations = systemTerminations
            let found = try own.search(Self.cleared(node), halt, depth: 0)
            let value = restored(found.entries.map(own.saved))
            remember(key, value)
            return .known(value)
        }
        guard depth < split!.cut else {
            throw ScenarioError(
                "explore --merge: no shard searched the prefix at \(key.cursor.position.previousLine) on "
                    + "\(input.header.platform); were the shards written by this build from this scenario?",
                at: place(of: key.cursor))
        }
        return .fresh(nil)
    }

    /// Counts what a shard's `log` met that the search has not met yet, as
    /// the whole search counts it, and stops where it stops.
    private mutating func replay(_ log: [LogEvent], stop: Stop?) throws(ScenarioError) {
        var fresh = Set<Fingerprint>()
        var last: (fresh: Bool, at: SourceLocation)? = nil
        for event in log {
            switch event {
            case .enter(let fingerprint, let at):
                let new = split!.seen.insert(fingerprint).inserted
                last = (new, at)
                guard new else { continue }
                fresh.insert(fingerprint)
                states += 1
                guard states <= maxStates else { throw statesError(at: at) }
            case .pop(let fingerprint, let outcomes, let at):
                guard fresh.contains(fingerprint) else { continue }
                outcomesKept += outcomes
                guard outcomesKept <= maxOutcomes else { throw outcomesError(at: at) }
            }
        }
        guard let stop else { return }
        if stop == .depth, let last, last.fresh { throw depthError(at: last.at) }
        throw ScenarioError(
            "explore --merge: a shard stopped (\(stop.rawValue) limit) where the whole search on "
                + "\(input.header.platform) goes on; explore without --shard, or with a higher limit",
            at: last?.at ?? SourceLocation(line: 1, column: 1))
    }

    /// `entries` as this search's outcomes.
    private mutating func restored(_ entries: [SavedEntry]) -> Outcomes {
        Outcomes(
            finished: entries.map { e in
                Outcomes.Entry(
                    suffix: suffix(
                        counts: e.counts, status: e.status, accuracy: e.accuracy, error: e.error, failed: e.failed),
                    paths: e.paths, trail: e.trail)
            })
    }
}
