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
    /// When the last `auth` record came: the final authorization has held
    /// since; nil when the authorization never changed.
    package var authorizedAt: Millis? = nil
    /// When provisional Always began, for a final authorization that came
    /// out of it (`authorizedAlways` after the upgrade prompt's
    /// `changeToAlways`); nil otherwise.
    package var provisionalFrom: Millis? = nil
    /// The instants at which held events were delivered (`Instants`): a
    /// location delivered with its own earlier time `@t`, and the events
    /// held for provisional Always, delivered when Always is granted.
    package var heldDelivered = Instants()

    /// Instants, bounded: the first three, the last and how many.
    package struct Instants: Equatable, Sendable {
        package private(set) var first: [Millis] = []
        package private(set) var last: Millis? = nil
        package private(set) var count = 0

        package init() {}

        mutating func add(_ t: Millis) {
            guard t != last else { return }
            if first.count < 3 { first.append(t) }
            last = t
            count += 1
        }
    }

    /// `provisionalAlways` holds since the last `auth` record: delivered
    /// if the next one grants Always.
    private var provisionalHolds = 0
    /// Locations held and not yet delivered with their time, as far as the
    /// log tells (a kept `requestLocation` fix is delivered late too, never
    /// held: it is not a held event's delivery).
    private var heldLocations = 0
    /// When the current stretch of provisional Always began.
    private var provisionalStart: Millis? = nil

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
        case .delegate(let callback):
            delivered += 1
            switch callback.event {
            case .didUpdateEarlierLocation: deliveredLate(1, at: record.time.sinceStart)
            case .didUpdateLocationBatch(let batch):
                deliveredLate(batch.filter { $0.time < record.time.sinceStart }.count, at: record.time.sinceStart)
            default: break
            }
        case .update(let update):
            delivered += 1
            if case .earlierLiveUpdate = update { deliveredLate(1, at: record.time.sinceStart) }
        case .hold(let event, let reason):
            Self.add(reason.rawValue, to: &held)
            if reason == .provisionalAlways {
                provisionalHolds += 1
            } else {
                switch event {
                case .fix, .liveUpdate, .significantChange: heldLocations += 1
                default: break
                }
            }
        case .auth(let view):
            let t = record.time.sinceStart
            authorizedAt = t
            if view.provisional {
                if provisionalStart == nil { provisionalStart = t }
                provisionalFrom = nil
            } else {
                let upgraded = provisionalStart != nil && view.status == .authorizedAlways
                provisionalFrom = upgraded ? provisionalStart : nil
                if upgraded && provisionalHolds > 0 { heldDelivered.add(t) }
                provisionalStart = nil
                provisionalHolds = 0
            }
        case .drop(_, let reason): Self.add(reason.rawValue, to: &dropped)
        case .prompt(.show(let kind, _, _)): Self.add(kind.rawValue, to: &prompts)
        case .warning: warnings += 1
        case .expect: failedExpectations += 1
        case .prompt(.answer), .prompt(.dismiss), .completion, .app, .inUseBegin, .inUseEnd, .indicator,
            .session,
            .notification, .crash, .react, .ofManager:
            break
        }
    }

    /// `n` locations delivered with their own earlier time at `t`: the
    /// delivery of held ones, when some were held.
    private mutating func deliveredLate(_ n: Int, at t: Millis) {
        guard n > 0, heldLocations > 0 else { return }
        heldDelivered.add(t)
        heldLocations = max(0, heldLocations - n)
    }

    static func add(_ name: String, _ count: Int = 1, to counts: inout [Count]) {
        if let i = counts.firstIndex(where: { $0.name == name }) {
            counts[i].count += count
        } else {
            counts.append(Count(name: name, count: count))
        }
    }
}
