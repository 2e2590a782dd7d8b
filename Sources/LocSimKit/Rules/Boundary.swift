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
    mutating func observe(_ location: Location, center: Coordinate, radius: Double, _ p: Parameters, at now: Millis)
        -> Observation
    {
        observe(
            distance: Geo.distance(center, location.coordinate), radius: radius, margin: p.crossingMargin,
            dwell: p.crossingDwell, at: now)
    }

    /// Takes a fix `distance` meters from the centre of a region of `radius`
    /// meters. A fix beyond the boundary by `margin` starts a dwell on that
    /// side; a fix on the current side or within the margin ends it. The
    /// dwell settles by time (`settle(at:dwell:)`), not by a later fix, so a
    /// sparse trace still crosses.
    mutating func observe(distance: Double, radius: Double, margin: Double, dwell: Millis, at now: Millis) -> Observation {
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
