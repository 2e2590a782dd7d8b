#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Geo {
    /// Whether `distance(a, b) <= limit`, the answer the exact distance
    /// gives, mostly without trigonometry: `liveUpdates`' stationary test
    /// asks it for every fix, and most fixes are clearly within or clearly
    /// beyond the radius. `cosLatitude` is the cosine of `a`'s latitude,
    /// computed once for many `b`. The differences are taken in degrees, as
    /// `distance` takes them: exact, where differences of radians would
    /// lose the last digits of a small distance to cancellation.
    ///
    /// Sound, as `Proximity.isFar`: with x = |Δφ|/2, y = |Δλ|/2 (radians,
    /// both below 1.4, where t − t³/6 ≤ sin t ≤ t and t − t³/6 ≥ 0) and
    /// |cos φb − cos φa| ≤ |Δφ|, the haversine term h of `distance` is
    ///
    ///     h ≥ (x − x³/6)² + cos φa · max(0, cos φa − |Δφ|) · (y − y³/6)²
    ///     h ≤ x² + cos φa · min(1, cos φa + |Δφ|) · y²
    ///
    /// and 2R·√h ≤ 2R·asin √h ≤ 2R·√h·(1 + h) while h ≤ 0.01. A bound
    /// decides only when it clears `limit` by a relative 1e-9, far above the
    /// rounding of either computation; otherwise the exact distance does.
    @inline(__always)
    static func isWithin(
        _ limit: Double, of a: Coordinate, cosLatitude: Double, _ b: Coordinate
    ) -> Bool {
        let dφ = abs((b.latitude - a.latitude) * radians)
        let dλ = abs((b.longitude - a.longitude) * radians)
        let x = dφ / 2
        let y = dλ / 2
        if limit > 0 && x < 1.4 && y < 1.4 {
            let c = cosLatitude
            let sx = x * (1 - x * x / 6)
            let sy = y * (1 - y * y / 6)
            let low = sx * sx + c * max(0, c - dφ) * sy * sy
            let beyond = limit * (1 + 1e-9) / (2 * earthRadius)
            if low > beyond * beyond { return false }
            let high = x * x + c * min(1, c + dφ) * y * y
            let within = limit * (1 - 1e-9) / (2 * earthRadius)
            if high <= 0.01 && high * (1 + high) * (1 + high) <= within * within { return true }
        }
        return distance(a, b) <= limit
    }
}
