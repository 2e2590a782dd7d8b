/// `CLMonitor` (iOS 17): the conditions the app added, which the system
/// keeps across launches, and the monitors the app has opened in the
/// current launch (docs/modern.md M13–M17).
///
/// "Conditions added to an instance of CLMonitor will persist until removed
/// from monitoring. However, CoreLocation will stop monitoring conditions if
/// an event is pending for them, but no CLMonitor has been configured to
/// receive it" (CLMonitor.h).
struct Monitors: Hashable {
    struct Condition: Hashable {
        var monitor: String
        var id: String
        var kind: MonitorCondition
        /// The system's view of the condition: inside is satisfied, outside
        /// unsatisfied (the region machinery's `Boundary`).
        var boundary: Boundary
        /// An event the app has not received because its monitor was not
        /// open; the condition is not monitored until it is received.
        var pending: MonitorState? = nil
        /// A circle's bound: beyond its boundary by the crossing margin,
        /// surely outside (`Geo.Proximity`); `nil` for a beacon condition.
        var outside: Geo.Proximity? = nil
        /// A satisfied beacon condition: when it is lost unless a matching
        /// beacon is sighted first (`beaconLostDelay` after the last sighting).
        var lostAt: Millis? = nil
        /// iOS 18: an `accuracyLimited` event told the app that events are
        /// withheld; none again until an event is delivered (M19).
        var accuracyLimitedReported = false

        var state: MonitorState { boundary.state.monitorState }

        /// Its key among the conditions (`Monitors.key`).
        var key: String { Monitors.key(monitor, id) }

        var isGeographic: Bool {
            if case .circle = kind { return true }
            return false
        }
    }

    /// Keyed by `key(monitor, id)`, in the order the app added them.
    private(set) var conditions = KeyedList<Condition>()
    /// Opened in this launch; closed by the app or with the process.
    private(set) var open: Set<String> = []

    static func key(_ monitor: String, _ id: String) -> String { monitor + " " + id }

    var isEmpty: Bool { conditions.count == 0 }

    func isOpen(_ monitor: String) -> Bool { open.contains(monitor) }

    /// `await CLMonitor(name)`; false when it is already open ("Only one
    /// instance of CLMonitor with a given name may be opened at a time").
    mutating func open(_ monitor: String) -> Bool { open.insert(monitor).inserted }

    mutating func close(_ monitor: String) { open.remove(monitor) }

    /// The process ended: every monitor object is gone, the conditions stay.
    mutating func terminated() { open.removeAll() }

    /// Adds (or replaces) a condition; it is monitored from `boundary`.
    mutating func add(
        _ monitor: String, _ id: String, _ kind: MonitorCondition, boundary: Boundary, outside: Geo.Proximity? = nil
    ) {
        let key = Self.key(monitor, id)
        conditions.remove(key)
        conditions.upsert(key, Condition(monitor: monitor, id: id, kind: kind, boundary: boundary, outside: outside))
    }

    /// `remove(_:)`; false when the monitor has no such condition.
    mutating func remove(_ monitor: String, _ id: String) -> Bool {
        conditions.remove(Self.key(monitor, id)) != nil
    }

    subscript(key: String) -> Condition? { conditions[key] }

    @discardableResult
    mutating func update<R>(_ key: String, _ body: (inout Condition) -> R) -> R? {
        conditions.update(key, body)
    }

    /// The keys of the conditions with `id`, in any monitor, in the order added.
    func keys(withID id: String) -> [String] {
        conditions.elements.filter { $0.id == id }.map { Self.key($0.monitor, $0.id) }
    }

    /// The keys of `monitor`'s conditions holding a pending event, in the order added.
    func pendingKeys(of monitor: String) -> [String] {
        conditions.elements.filter { $0.monitor == monitor && $0.pending != nil }.map { Self.key($0.monitor, $0.id) }
    }

    /// Whether the condition is beyond `limit` conditions of its type, counted
    /// in the order the app added them ("too many other conditions of this type").
    func exceedsLimit(_ key: String, limit: Int) -> Bool {
        guard let condition = conditions[key] else { return false }
        var before = 0
        for c in conditions.elements where c.isGeographic == condition.isGeographic {
            if Self.key(c.monitor, c.id) == key { return before >= limit }
            before += 1
        }
        return false
    }

    /// Visits every condition in the order added, with whether it is within
    /// `limit`. Every fix visits every condition: no key is built or copied
    /// here (`Condition.key` when one is needed), and the visit is inlined.
    @inline(__always)
    mutating func forEach(limit: Int, _ body: (inout Condition, _ withinLimit: Bool) -> Void) {
        var geographic = 0
        var beacons = 0
        conditions.forEach { c in
            let index: Int
            if c.isGeographic {
                index = geographic
                geographic += 1
            } else {
                index = beacons
                beacons += 1
            }
            body(&c, index < limit)
        }
    }
}

extension MonitorState {
    /// The region machinery's side for an assumed state (`unmonitored` has none).
    var regionState: RegionState {
        switch self {
        case .satisfied: return .inside
        case .unsatisfied: return .outside
        case .unknown, .unmonitored: return .unknown
        }
    }
}

extension RegionState {
    /// A condition's `CLMonitor.Event.State`: satisfied inside, unsatisfied outside.
    var monitorState: MonitorState {
        switch self {
        case .inside: return .satisfied
        case .outside: return .unsatisfied
        case .unknown: return .unknown
        }
    }
}
