/// Where the system places the device relative to one region's boundary —
/// the cached state `requestState` reports — and, for crossings derived from
/// fixes, the dwell under way towards the other side (docs/rules.md §8, Apple, region monitoring).
struct Boundary: Hashable {
    var state: RegionState
    var candidate: Candidate? = nil

    /// A fix was seen beyond the margin on `side`, and every fix since.
    struct Candidate: Hashable {
        var side: RegionState
        var since: Millis
    }

    /// What a fix did: started a dwell that settles at `until` unless a
    /// contrary fix comes first, or changed the state at once (no dwell).
    enum Observation: Hashable {
        case none
        case dwellStarted(until: Millis)
        case changed(Change)
    }

    /// What a fix or a dwell did to the state.
    enum Change: Hashable {
        /// From inside or outside to the other side: a crossing.
        case crossed(entered: Bool)
        /// From `unknown`: no side to cross from, only a state to settle (choice).
        case settled(entered: Bool)
    }

    /// The state when the device's last known fix is `distance` meters from
    /// the centre of a region of `radius` meters; `unknown` without a fix.
    static func initial(distance: Double?, radius: Double) -> Boundary {
        guard let distance else { return Boundary(state: .unknown) }
        return Boundary(state: distance <= radius ? .inside : .outside)
    }

    /// A crossing from an `enter`/`exit` line.
    mutating func cross(entered: Bool) {
        state = entered ? .inside : .outside
        candidate = nil
    }

    /// `observe(distance:…)` for a fix and a circle, with the scenario's
    /// `crossingMargin` and `crossingDwell`: the one geometry of derived
    /// crossings, for regions, location notifications and CLMonitor conditions.
    ///
    /// The exact distance only where `outside` (the circle's bound: beyond
    /// the boundary by the margin, `Geo.Proximity`) cannot tell: a fix
    /// surely outside gets a distance at the outer margin, which
    /// `observe(distance:…)` classifies as the exact one would: outside; and
    /// nothing at all is done when the state is already outside with no
    /// dwell under way. `point` is the fix as the bound reads it, computed
    /// once per fix for every circle.
    @inline(__always)
    mutating func observe(
        _ coordinate: Coordinate, point: (latitude: Double, longitude: Double, cosLatitude: Double),
        center: Coordinate, radius: Double, outside: Geo.Proximity, margin: Double, dwell: Millis, at now: Millis
    ) -> Observation {
        let far = outside.isFar(latitude: point.latitude, longitude: point.longitude, cosLatitude: point.cosLatitude)
        if far && isSettledOutside { return .none }
        // Inside with no dwell under way, a fix surely within the margin
        // changes nothing either: `isWithin` answers as the exact distance
        // would, mostly without trigonometry (issue 20: the region the
        // device is in cost a haversine on every fix).
        if !far && isSettledInside
            && Geo.isWithin(radius - margin, of: center, cosLatitude: outside.cosLatitude, coordinate)
        {
            return .none
        }
        let d = far ? radius + margin : Geo.distance(center, coordinate)
        return observe(distance: d, radius: radius, margin: margin, dwell: dwell, at: now)
    }

    /// Outside with no dwell under way: a fix surely outside changes nothing.
    var isSettledOutside: Bool { state == .outside && candidate == nil }

    /// Inside with no dwell under way: a fix surely inside changes nothing.
    var isSettledInside: Bool { state == .inside && candidate == nil }

    /// Takes a fix `distance` meters from the centre of a region of `radius`
    /// meters. A fix beyond the boundary by `margin` starts a dwell on that
    /// side; a fix on the current side or within the margin ends it. The
    /// dwell settles by time (`settle(at:dwell:)`), not by a later fix, so a
    /// sparse trace still crosses.
    mutating func observe(distance: Double, radius: Double, margin: Double, dwell: Millis, at now: Millis)
        -> Observation
    {
        let side: RegionState? =
            distance <= radius - margin ? .inside : (distance >= radius + margin ? .outside : nil)
        guard let side, side != state else {
            candidate = nil
            return .none
        }
        if let c = candidate, c.side == side { return .none }  // the dwell under way goes on
        candidate = Candidate(side: side, since: now)
        guard dwell == .zero else { return .dwellStarted(until: now + dwell) }
        return .changed(settle())
    }

    /// The dwell timer: the side settles if the dwell begun `dwell` ago still holds.
    mutating func settle(at now: Millis, dwell: Millis) -> Change? {
        guard let c = candidate, c.since + dwell == now else { return nil }
        return settle()
    }

    private mutating func settle() -> Change {
        let entered = candidate?.side == .inside
        let change: Change = state == .unknown ? .settled(entered: entered) : .crossed(entered: entered)
        cross(entered: entered)
        return change
    }
}
