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
        /// iOS 18: the diagnostics an event last told the app events are
        /// withheld for; none again with the same ones until an event is
        /// delivered (M19, M22).
        var reportedDiagnostics: DiagnosticFlags = []
        /// A beacon identity condition satisfied by a sighting: that
        /// beacon's identity, the event's `refinement` (M22).
        var refinement: BeaconConstraint? = nil

        var state: MonitorState { boundary.state.monitorState }

        /// Its key among the conditions (`Monitors.key`).
        var key: String { Monitors.key(monitor, id) }

        var isGeographic: Bool {
            if case .circle = kind { return true }
            return false
        }
    }

    /// Keyed by `key(monitor, id)`, in the order the app added them.
    private(set) var conditions = KeyedList<Condition>() {
        didSet { circlesStale = true }
    }
    /// Opened in this launch; closed by the app or with the process.
    private(set) var open: Set<String> = []

    /// What every fix reads of each monitored circular condition (within
    /// the limit, no event pending), in a flat array of plain values beside
    /// `conditions` (see `observeCircles`): rebuilt from
    /// `conditions` after a change to them other than a boundary's, which
    /// is rare next to fixes. Not part of the state: `==` and `hash` leave it out.
    private var circles: [Circle] = []
    /// `conditions` changed since `circles` was built.
    private var circlesStale = false
    /// The limit `circles` was built for.
    private var circlesLimit = 0
    /// Which of `circles` a fix may leave alone (`CircleSkip`), dropped
    /// whenever `circles` changes other than by the walk.
    private var circleSkip = CircleSkip()

    /// Derived from `conditions`, so lookups need not walk them (issue 26:
    /// 10,000 `add`s were quadratic): the keys with each id, in the order
    /// added, and each condition's rank among those of its type (`nil`
    /// once a condition was removed: `exceedsLimit` then counts).
    private var keysByID: [String: [String]] = [:]
    private var ranks: [String: Int]? = [:]
    private var geographicCount = 0
    private var beaconCount = 0

    static func == (a: Monitors, b: Monitors) -> Bool { a.conditions == b.conditions && a.open == b.open }

    func hash(into hasher: inout Hasher) {
        hasher.combine(conditions)
        hasher.combine(open)
    }

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
        _ = remove(monitor, id)
        if ranks == nil { ranks = rankAll() }
        let condition = Condition(monitor: monitor, id: id, kind: kind, boundary: boundary, outside: outside)
        conditions.upsert(key, condition)
        keysByID[id, default: []].append(key)
        // Last in the order added: its rank is the count of its type before it.
        if condition.isGeographic {
            ranks?[key] = geographicCount
            geographicCount += 1
        } else {
            ranks?[key] = beaconCount
            beaconCount += 1
        }
    }

    /// Each condition's rank among those of its type, in the order added.
    private func rankAll() -> [String: Int] {
        var ranks: [String: Int] = [:]
        var geographic = 0
        var beacons = 0
        for p in 0..<conditions.slotCount {
            guard let c = conditions.element(inSlot: p) else { continue }
            if c.isGeographic {
                ranks[c.key] = geographic
                geographic += 1
            } else {
                ranks[c.key] = beacons
                beacons += 1
            }
        }
        return ranks
    }

    /// `remove(_:)`; false when the monitor has no such condition.
    mutating func remove(_ monitor: String, _ id: String) -> Bool {
        let key = Self.key(monitor, id)
        guard let removed = conditions.remove(key) else { return false }
        keysByID[id]?.removeAll { $0 == key }
        if keysByID[id]?.isEmpty == true { keysByID[id] = nil }
        if removed.isGeographic { geographicCount -= 1 } else { beaconCount -= 1 }
        ranks = nil  // the ones after it moved up
        return true
    }

    subscript(key: String) -> Condition? { conditions[key] }

    /// Changes the condition `key` in place; its circle follows (a new
    /// `kind` or bound comes through `add`, never through here).
    @discardableResult
    mutating func update<R>(_ key: String, _ body: (inout Condition) -> R) -> R? {
        let wasStale = circlesStale
        let result = conditions.update(key, body)
        if !wasStale { circlesStale = !refreshCircle(key) }
        return result
    }

    /// The keys of the conditions with `id`, in any monitor, in the order added.
    func keys(withID id: String) -> [String] { keysByID[id] ?? [] }

    /// The keys of `monitor`'s conditions holding a pending event, in the order added.
    func pendingKeys(of monitor: String) -> [String] {
        conditions.elements.filter { $0.monitor == monitor && $0.pending != nil }.map { Self.key($0.monitor, $0.id) }
    }

    /// Whether the condition is beyond `limit` conditions of its type, counted
    /// in the order the app added them ("too many other conditions of this type").
    func exceedsLimit(_ key: String, limit: Int) -> Bool {
        if let ranks { return ranks[key].map { $0 >= limit } ?? false }
        // Since a removal: count (the next `add` ranks them all again).
        guard let condition = conditions[key] else { return false }
        var before = 0
        for p in 0..<conditions.slotCount {
            guard let c = conditions.element(inSlot: p), c.isGeographic == condition.isGeographic else { continue }
            if c.monitor == condition.monitor && c.id == condition.id { return before >= limit }
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

/// The per-fix walk over the circular conditions (derived crossings), on a
/// flat array beside `conditions`.
///
/// Walking `conditions` itself cost about 95 instructions per condition and
/// fix (bench/RESULTS.md): the keyed list's `Optional<Condition>` slots need
/// an outlined tag test of a value holding strings, and the condition's
/// `kind` enum is unpacked with reference counting. A `Circle` holds only
/// what a fix reads, so the walk is plain loads, as for regions. In this
/// file because it writes `conditions`, whose setter is private.
extension Monitors {
    /// A monitored circular condition as a fix reads it.
    struct Circle {
        /// Its key among the conditions, to write a changed boundary back.
        let key: String
        let center: Coordinate
        let radius: Double
        let outside: Geo.Proximity
        /// The condition's boundary, kept equal to the one in `conditions`.
        var boundary: Boundary
    }

    /// Observes the fix at `coordinate` (`point` as `Geo.Proximity` reads
    /// it) on every circular condition within `limit` (geographic
    /// conditions counted in the order added) that has no pending event,
    /// by the regions' rule (`Boundary.observe`): appends to `changed` the
    /// keys whose state changed and to `dwells` each dwell begun, with its
    /// end; a changed boundary is written back to its condition.
    ///
    /// A circle the fix is surely outside of, already outside with no dwell
    /// under way, is skipped here (`Boundary.isSettledOutside`): the fix
    /// changes nothing there, and that is most circles on most fixes. No
    /// closure on this per-fix path: one the compiler declined to inline
    /// cost 5% of a 20-circle trace.
    mutating func observeCircles(
        _ coordinate: Coordinate, point: (latitude: Double, longitude: Double, cosLatitude: Double), limit: Int,
        margin: Double, dwell: Millis, at now: Millis, changed: inout [String], dwells: inout [(String, Millis)]
    ) {
        if circlesStale || circlesLimit != limit { rebuildCircles(limit: limit) }
        let within = circleSkip.covers(point)
        var first = -1  // the first changed circle; any later one sets `more`
        var more = false
        var k = 0
        let count = within ? circleSkip.visited.count : circles.count
        while k < count {
            let i = within ? circleSkip.visited[k] : k
            k += 1
            if circles[i].boundary.isSettledOutside,
                circles[i].outside.isFar(
                    latitude: point.latitude, longitude: point.longitude, cosLatitude: point.cosLatitude)
            {
                continue
            }
            let before = circles[i].boundary
            let (center, radius, outside) = (circles[i].center, circles[i].radius, circles[i].outside)
            // Settling from `unknown` is an event too: every state change is.
            switch circles[i].boundary.observe(
                coordinate, point: point, center: center, radius: radius, outside: outside, margin: margin,
                dwell: dwell, at: now)
            {
            case .none: break
            case .dwellStarted(let until): dwells.append((circles[i].key, until))
            case .changed: changed.append(circles[i].key)
            }
            guard circles[i].boundary != before else { continue }
            if first < 0 { first = i } else { more = true }
        }
        if !within {
            circles.withUnsafeBufferPointer { circles in
                circleSkip.anchor(at: point, count: circles.count) { i in
                    (circles[i].outside, circles[i].boundary.isSettledOutside)
                }
            }
        }
        if first >= 0 { writeBack(from: first, all: more) }
    }

    /// Writes the boundaries of the circles from `first` (only that one
    /// unless `all`) to their conditions, leaving `circles`, which already
    /// holds them, up to date.
    @inline(never)
    private mutating func writeBack(from first: Int, all: Bool) {
        for i in first..<(all ? circles.count : first + 1) {
            let boundary = circles[i].boundary
            conditions.update(circles[i].key) { $0.boundary = boundary }
        }
        circlesStale = false
    }

    @inline(never)
    private mutating func rebuildCircles(limit: Int) {
        var built: [Circle] = []
        var rank = 0
        for c in conditions.elements where c.isGeographic {
            if rank < limit, let circle = Self.circle(c, key: c.key) { built.append(circle) }
            rank += 1
        }
        circles = built
        circlesStale = false
        circlesLimit = limit
        circleSkip.invalidate()
    }

    /// Copies the condition `key`'s boundary to its circle after an update
    /// (a dwell settled, an `enter` line); false when `circles` must be
    /// rebuilt instead (an event pending, or no circle for it).
    private mutating func refreshCircle(_ key: String) -> Bool {
        guard let c = conditions[key] else { return false }
        guard c.isGeographic else { return true }
        guard c.pending == nil, let i = circles.firstIndex(where: { $0.key == key }) else { return false }
        circles[i].boundary = c.boundary
        circleSkip.invalidate()
        return true
    }

    /// Drops the circle skip, as any change to the circles does (tests: a
    /// replay that drops it before every fix is the one without it).
    mutating func dropCircleSkip() { circleSkip.invalidate() }

    /// A condition's circle, monitored unless an event is pending.
    private static func circle(_ c: Condition, key: String) -> Circle? {
        guard c.pending == nil, case .circle(let center, let radius) = c.kind, let outside = c.outside else {
            return nil
        }
        return Circle(key: key, center: center, radius: radius, outside: outside, boundary: c.boundary)
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
