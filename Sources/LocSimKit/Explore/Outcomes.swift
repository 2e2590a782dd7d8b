/// The outcomes that follow a point of the search, each with how many paths
/// lead to it and the shortest of them, in the order first found (the
/// output never depends on hash order).
struct Outcomes {
    /// What an outcome is made of, from some point of a path to its end:
    /// the counts from there (an id in the search's `CountsTable`), the
    /// final authorization, or the error that stopped the path (an index in
    /// the search's errors), which replaces the counts; and the `expect`
    /// lines failed at the end (an id in the search's failure sets, 0: none).
    struct Suffix: Hashable {
        // In this order the fields pack in 16 bytes (an `Entry` in 32): a
        // memoized choice point keeps one per outcome that follows it.
        var counts: CountsTable.ID
        var failures: Int32
        var error: Int32?
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization?

        init(
            counts: CountsTable.ID, status: AuthorizationStatus, accuracy: AccuracyAuthorization? = nil,
            error: Int32? = nil, failures: Int32 = 0
        ) {
            self.counts = counts
            self.failures = failures
            self.error = error
            self.status = status
            self.accuracy = accuracy
        }

        /// Two words: the ids, then the error, status and accuracy. A search
        /// hashes a suffix for every outcome at every choice point it reaches
        /// again; the synthesized hash took five combines, two of them
        /// hashing `AuthorizationStatus`'s raw value as a string.
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(UInt32(bitPattern: counts)) << 32 | UInt64(UInt32(bitPattern: failures)))
            let error = UInt64(UInt32(bitPattern: self.error ?? -1))
            let accuracy: UInt64
            switch self.accuracy {
            case nil: accuracy = 0
            case .fullAccuracy: accuracy = 1
            case .reducedAccuracy: accuracy = 2
            }
            hasher.combine(error << 32 | Self.code(status) << 8 | accuracy)
        }

        private static func code(_ status: AuthorizationStatus) -> UInt64 {
            switch status {
            case .notDetermined: return 0
            case .restricted: return 1
            case .denied: return 2
            case .authorizedAlways: return 3
            case .authorizedWhenInUse: return 4
            case .authorized: return 5
            }
        }
    }

    struct Entry {
        var suffix: Suffix
        var paths: UInt64
        /// The shortest path to it from that point, oldest choice first.
        var trail: ChoiceTrail?
    }

    private(set) var entries: [Entry] = []
    private var index: [Suffix: Int] = [:]

    init() {}

    /// Outcomes known from elsewhere (a shard's file, `--merge`), each a
    /// distinct outcome, as `finished` leaves them: only read from then on.
    init(finished entries: [Entry]) {
        self.entries = entries
    }

    /// Adds one path's end.
    mutating func add(_ suffix: Suffix) {
        add(Entry(suffix: suffix, paths: 1, trail: nil))
    }

    /// Adds `other`'s outcomes as reached after `counts` and `choice`.
    mutating func add(_ other: Outcomes, after counts: CountsTable.ID, choice: ExploreChoice?, table: inout CountsTable)
    {
        for var entry in other.entries {
            if entry.suffix.error == nil { entry.suffix.counts = table.sum(counts, entry.suffix.counts) }
            if let choice { entry.trail = ChoiceTrail(choice, after: entry.trail) }
            add(entry)
        }
    }

    /// Merges `entry` into the entry of the same outcome: paths add
    /// (saturating), the shorter trail stays (the first of equal ones).
    private mutating func add(_ entry: Entry) {
        guard let j = index[entry.suffix] else {
            index[entry.suffix] = entries.count
            entries.append(entry)
            return
        }
        entries[j].paths = Explore.Report.adding(entries[j].paths, entry.paths)
        if (entry.trail?.depth ?? 0) < (entries[j].trail?.depth ?? 0) { entries[j].trail = entry.trail }
    }

    /// These outcomes without the index that merges entries as they are
    /// added: a memoized choice point's outcomes are only read from then
    /// on (added into others entry by entry), and the index was half of a
    /// search's memory (a flow with 20 000 outcomes at each of hundreds of
    /// choice points).
    var finished: Outcomes {
        var done = self
        done.index = [:]
        // At its exact size: appending left up to twice the room.
        done.entries = entries.withUnsafeBufferPointer { Array($0) }
        return done
    }

    /// Paths over all outcomes (saturating).
    var paths: UInt64 {
        entries.reduce(0) { Explore.Report.adding($0, $1.paths) }
    }

    /// The rows of `locsim explore`.
    func rows(
        _ table: CountsTable, errors: InternTable<ScenarioError>, failures: InternTable<[FailedExpectation]>
    ) -> [Explore.Row] {
        entries.map { e in
            let error = e.suffix.error.map { errors[$0] }
            let c = error == nil ? table[e.suffix.counts] : OutcomeCounts()
            let outcome = ExploreOutcome(
                authorization: e.suffix.status, accuracy: e.suffix.accuracy, delivered: c.delivered, held: c.held,
                dropped: c.dropped, error: error, failedExpectations: failures[e.suffix.failures])
            return Explore.Row(outcome: outcome, paths: e.paths, shortestPath: ChoiceTrail.choices(e.trail))
        }
    }
}
