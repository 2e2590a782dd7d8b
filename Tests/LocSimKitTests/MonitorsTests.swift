import Testing

@testable import LocSimKit

/// `Monitors`' flat array of circles (the per-fix walk of derived
/// crossings) against the conditions it mirrors.
@Suite struct MonitorsTests {
    static let here = Coordinate(latitude: 35.68, longitude: 139.76)
    static let away = Coordinate(latitude: 35.70, longitude: 139.76)  // about 2.2 km north

    static func add(_ m: inout Monitors, _ id: String, _ center: Coordinate, pending: Bool = false) {
        m.add(
            "geo", id, .circle(center: center, radius: 100), boundary: Boundary(state: .outside),
            outside: Geo.Proximity(center: center, farBeyond: 100 + 10))
        if pending { m.update(Monitors.key("geo", id)) { $0.pending = .unsatisfied } }
    }

    /// Observes a fix at `c` on the monitored circles (no margin, no
    /// dwell): the keys whose state it changed.
    static func observe(_ m: inout Monitors, _ c: Coordinate, limit: Int = 20) -> [String] {
        var changed: [String] = []
        var dwells: [(String, Millis)] = []
        m.observeCircles(
            c, point: Geo.Proximity.point(c), limit: limit, margin: 0, dwell: .zero, at: .zero, changed: &changed,
            dwells: &dwells)
        #expect(dwells.isEmpty)
        return changed
    }

    @Test func visitsOnlyCirclesTheFixMayConcernWithinTheLimitAndNotPending() {
        var m = Monitors()
        Self.add(&m, "a", Self.here)
        Self.add(&m, "b", Self.away)
        Self.add(&m, "c", Self.here, pending: true)
        Self.add(&m, "d", Self.here)
        m.add(
            "geo", "beacon", .beacon(BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")),
            boundary: Boundary(state: .unknown))
        // `b` is far and settled outside; `c` waits for its monitor; with a
        // limit of 2, `c` and `d` (third and fourth geographic) are beyond it.
        #expect(Self.observe(&m, Self.here, limit: 2) == ["geo a"])
        // Within the default limit `d` is walked too; `a` is inside already.
        #expect(Self.observe(&m, Self.here) == ["geo d"])
    }

    /// The limit counts conditions of one type in the order added, through
    /// removals and re-adds, and lookups by id follow them; the indexes that
    /// answer without walking the conditions (issue 26) never decide `==`.
    @Test func limitAndIDLookupFollowAddsAndRemovals() {
        var m = Monitors()
        Self.add(&m, "a", Self.here)
        m.add(
            "geo", "beacon", .beacon(BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")),
            boundary: Boundary(state: .unknown))
        Self.add(&m, "b", Self.away)
        Self.add(&m, "c", Self.here)
        m.add("other", "c", .circle(center: Self.here, radius: 50), boundary: Boundary(state: .unknown))
        #expect(!m.exceedsLimit(Monitors.key("geo", "b"), limit: 2))
        #expect(m.exceedsLimit(Monitors.key("geo", "c"), limit: 2))
        #expect(!m.exceedsLimit(Monitors.key("geo", "beacon"), limit: 1))
        #expect(m.keys(withID: "c") == [Monitors.key("geo", "c"), Monitors.key("other", "c")])
        let removed = m.remove("geo", "a")
        #expect(removed)
        #expect(!m.exceedsLimit(Monitors.key("geo", "c"), limit: 2))
        #expect(m.exceedsLimit(Monitors.key("other", "c"), limit: 2))
        Self.add(&m, "c", Self.away)  // re-added: last again
        #expect(m.keys(withID: "c") == [Monitors.key("other", "c"), Monitors.key("geo", "c")])
        #expect(m.exceedsLimit(Monitors.key("geo", "c"), limit: 2))
        #expect(m.keys(withID: "a").isEmpty)
        var fresh = Monitors()
        Self.add(&fresh, "b", Self.away)
        m.add(
            "geo", "beacon", .beacon(BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")),
            boundary: Boundary(state: .unknown))
        _ = m.remove("geo", "beacon")
        _ = m.remove("other", "c")
        _ = m.remove("geo", "c")
        #expect(m == fresh)
    }

    @Test func changedBoundariesReachTheConditionsAndEqualityIgnoresTheArray() {
        var walked = Monitors()
        Self.add(&walked, "a", Self.here)
        Self.add(&walked, "b", Self.away)
        var plain = walked
        _ = Self.observe(&walked, Self.here)
        #expect(walked["geo a"]?.boundary.state == .inside)
        #expect(walked["geo b"]?.boundary.state == .outside)
        #expect(walked != plain)
        plain.update("geo a") { $0.boundary.cross(entered: true) }
        #expect(walked == plain && walked.hashValue == plain.hashValue)
        // An update outside the walk (an `exit` line) reaches the next walk.
        walked.update("geo a") { $0.boundary.cross(entered: false) }
        _ = Self.observe(&walked, Self.here)
        #expect(walked["geo a"]?.boundary.state == .inside)
        // A condition removed and added again is walked from its new boundary.
        let removed = walked.remove("geo", "a")
        #expect(removed)
        #expect(Self.observe(&walked, Self.here) == [])
        Self.add(&walked, "a", Self.here)
        #expect(Self.observe(&walked, Self.here) == ["geo a"])
    }
}
