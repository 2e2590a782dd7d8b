/// What one replay came to, counted for a matrix row.
public struct Tally: Equatable, Sendable {
    /// A name with how many times it occurred.
    public struct Count: Equatable, Sendable {
        /// A drop or hold reason, or a prompt kind, as the log prints it.
        public var name: String
        /// How many records had it.
        public var count: Int
    }

    /// `delegate` and `update` records other than authorization callbacks:
    /// the locations, region and monitor events, visits, beacons and errors
    /// the app received.
    public var delivered = 0
    /// Authorization callbacks (`didChangeAuthorization`,
    /// `locationManagerDidChangeAuthorization`), counted apart from `delivered`.
    public var authorizationCallbacks = 0
    /// `hold` records by reason, in the order each reason first occurred.
    public var held: [Count] = []
    /// Events still held when the replay ended (never delivered nor dropped),
    /// by reason, in `HoldReason` order; set by the matrix from the
    /// simulator's state at the end.
    public var stillHeld: [Count] = []
    /// `drop` records by reason, in the order each reason first occurred.
    public var dropped: [Count] = []
    /// `prompt … show` records by prompt kind, in the order each first showed.
    public var prompts: [Count] = []
    /// `warning` records: calls that did nothing (not in the foreground, a
    /// usage-description key missing).
    public var warnings = 0
    /// `expect` records: the scenario's expectations that failed on this platform.
    public var failedExpectations = 0
    /// The authorization at the end of the replay (what Settings would
    /// show); set by the matrix from the simulator's state at the end.
    public var final: AuthView? = nil

    /// An empty tally: every count 0, no `final` authorization.
    public init() {}

    /// Counts `records`.
    public init(_ records: [LogRecord]) {
        for record in records { count(record) }
    }

    /// Counts one more record.
    public mutating func count(_ record: LogRecord) {
        switch record.record.base {
        // Async-sequence elements (iOS 17+) reach the app as callbacks do.
        case .delegate(let callback)
        where !callback.method.isDisjoint(with: [.didChangeAuthorization, .locationManagerDidChangeAuthorization]):
            authorizationCallbacks += 1
        case .delegate, .update: delivered += 1
        case .hold(_, let reason): Self.add(reason.rawValue, to: &held)
        case .drop(_, let reason): Self.add(reason.rawValue, to: &dropped)
        case .prompt(.show(let kind, _, _)): Self.add(kind.rawValue, to: &prompts)
        case .warning: warnings += 1
        case .expect: failedExpectations += 1
        case .prompt(.answer), .prompt(.dismiss), .completion, .app, .auth, .inUseBegin, .inUseEnd, .indicator,
            .session,
            .notification, .crash, .react, .ofManager:
            break
        }
    }

    static func add(_ name: String, _ count: Int = 1, to counts: inout [Count]) {
        if let i = counts.firstIndex(where: { $0.name == name }) {
            counts[i].count += count
        } else {
            counts.append(Count(name: name, count: count))
        }
    }
}
