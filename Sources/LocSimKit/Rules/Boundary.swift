/// Where the system places the device relative to one region's boundary —
/// the cached state `requestState` reports — and, for crossings derived from
/// fixes, the dwell under way towards the other side (RULES §8, F§5).
struct Boundary: Equatable {
    var state: RegionState
    var candidate: Candidate? = nil

    /// A fix was seen beyond the margin on `side`, and every fix since.
    struct Candidate: Equatable {
        var side: RegionState
        var since: Millis
    }

    /// What a fix did to the state.
    enum Change: Equatable {
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
        -> Change?
    {
        observe(
            distance: Geo.distance(center, location.coordinate), radius: radius, margin: p.crossingMargin,
            dwell: p.crossingDwell, at: now)
    }

    /// Takes a fix `distance` meters from the centre of a region of `radius`
    /// meters. A fix beyond the boundary by `margin` starts a dwell on that
    /// side; a fix on the current side or within the margin ends it; the fix
    /// that completes `dwell` changes the state.
    mutating func observe(distance: Double, radius: Double, margin: Double, dwell: Millis, at now: Millis) -> Change? {
        let side: RegionState? =
            distance <= radius - margin ? .inside : (distance >= radius + margin ? .outside : nil)
        guard let side, side != state else {
            candidate = nil
            return nil
        }
        if let c = candidate, c.side == side {
            guard now - c.since >= dwell else { return nil }
        } else {
            candidate = Candidate(side: side, since: now)
            guard dwell == .zero else { return nil }
        }
        let entered = side == .inside
        let change: Change = state == .unknown ? .settled(entered: entered) : .crossed(entered: entered)
        cross(entered: entered)
        return change
    }
}
