/// Fix after fix, which circles a derived-crossings walk (regions, location
/// notifications, CLMonitor conditions) may leave alone, so a fix costs a
/// few instructions for circles it is surely far from instead of a bound
/// each (issue 20: 20 regions cost about 880 instructions a fix).
///
/// A walk over every circle at a fix P (the anchor) notes, for each circle
/// settled outside (no dwell under way), how far P is surely beyond the
/// circle's far boundary (`Geo.Proximity.farDistance`: radius plus crossing
/// margin) by a lower bound of the haversine distance. A later fix Q no
/// farther from P than the least of those (an upper bound of the distance
/// P–Q, `covers`) is beyond every such boundary too, by the triangle
/// inequality, so observing it there changes nothing
/// (`Boundary.observe`: settled outside and beyond the margin is
/// `.none`); only the other circles (`visited`) are observed. The walk
/// anchors again at the first fix beyond that reach.
///
/// Sound, like `Geo.Proximity.isFar` and `Geo.isWithin`: both bounds are
/// those of `isWithin`, and the reach is shrunk by a relative 1e-9 and a
/// millimetre, far above the rounding of any distance computed here.
///
/// Not rule state: a cache of what the boundaries imply, equal to any other
/// (the state that holds it compares and hashes without it), and dropped
/// (`invalidate`) whenever the circles change other than by the walk.
struct CircleSkip: Hashable {
    /// The anchor, in radians, and the cosine of its latitude.
    private var latitude = 0.0
    private var longitude = 0.0
    private var cosLatitude = 0.0
    /// (reach / 2R)², or negative when nothing may be skipped.
    private var reachH = -1.0
    /// The circles the walk visits while the fix is within reach, in walk
    /// order (the caller's indices).
    private(set) var visited: [Int] = []

    /// A circle counts towards the reach only when the anchor is at least
    /// this far beyond it; a nearer one is visited instead, so one circle
    /// just beyond its margin does not make the walk anchor again on
    /// every fix. Any value is sound; this one keeps the reach at a minute
    /// of walking or more.
    static let leastReach = 64.0

    static func == (a: CircleSkip, b: CircleSkip) -> Bool { true }
    func hash(into hasher: inout Hasher) {}

    /// The circles changed other than by a walk: visit them all next time.
    mutating func invalidate() { reachH = -1 }

    /// Whether a walk anchored it since it was last dropped (tests).
    var isAnchored: Bool { reachH >= 0 }

    /// Whether the fix at `point` is within the anchor's reach: then only
    /// `visited` needs observing.
    @inline(__always)
    func covers(_ point: (latitude: Double, longitude: Double, cosLatitude: Double)) -> Bool {
        guard reachH >= 0 else { return false }
        let dφ = abs(point.latitude - latitude)
        let x = dφ / 2
        let y = abs(point.longitude - longitude) / 2
        // An upper bound of the haversine term (`Geo.isWithin`), then of
        // the distance: 2R·asin √h ≤ 2R·√h·(1 + h) while h ≤ 0.01.
        let h = x * x + cosLatitude * min(1, cosLatitude + dφ) * y * y
        return h <= 0.01 && h * (1 + h) * (1 + h) < reachH
    }

    /// Anchors at `point` after a walk over `count` circles: `circle(i)` is
    /// the i-th circle's bound and whether it is settled outside, or `nil`
    /// for no circle there (a hole the walk skips anyway).
    mutating func anchor(
        at point: (latitude: Double, longitude: Double, cosLatitude: Double), count: Int,
        _ circle: (Int) -> (outside: Geo.Proximity, settledOutside: Bool)?
    ) {
        latitude = point.latitude
        longitude = point.longitude
        cosLatitude = point.cosLatitude
        visited.removeAll(keepingCapacity: true)
        var reach = Double.infinity
        for i in 0..<count {
            guard let (outside, settledOutside) = circle(i) else { continue }
            let beyond =
                settledOutside
                ? outside.lowerBoundDistance(to: point) * (1 - 1e-9) - 1e-3 - outside.farDistance : -1
            if beyond >= Self.leastReach {
                reach = min(reach, beyond)
            } else {
                visited.append(i)
            }
        }
        // No circle to skip: every fix is "within reach" and visits them all.
        let r = min(reach, 1e5) / (2 * Geo.earthRadius)
        reachH = r * r
    }
}

extension Geo.Proximity {
    /// A lower bound of the haversine distance from the centre to `point`
    /// (radians and the cosine of its latitude), in meters: with
    /// x = |Δφ|/2, y = |Δλ|/2, sin t ≥ max(0, t − t³/6) for 0 ≤ t ≤ π and
    /// asin s ≥ s, as `isFar` bounds it.
    func lowerBoundDistance(to point: (latitude: Double, longitude: Double, cosLatitude: Double)) -> Double {
        let x = abs(point.latitude - latitude) / 2
        let y = abs(point.longitude - longitude) / 2
        let sx = max(0, x * (1 - x * x / 6))
        let sy = max(0, y * (1 - y * y / 6))
        let h = sx * sx + cosLatitude * point.cosLatitude * sy * sy
        return 2 * Geo.earthRadius * min(1, h).squareRoot()
    }
}
