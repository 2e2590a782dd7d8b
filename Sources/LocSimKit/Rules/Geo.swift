#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Distances and the reduced-accuracy grid.
enum Geo {
    /// The mean Earth radius docs/rules.md §8 fixes for haversine distances.
    static let earthRadius = 6_371_008.8
    static let degrees = 180.0 / Double.pi
    static let radians = Double.pi / 180.0

    /// The great-circle distance in meters (haversine).
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let s1 = sin(dLat / 2)
        let s2 = sin(dLon / 2)
        let h = s1 * s1 + cos(a.latitude * radians) * cos(b.latitude * radians) * s2 * s2
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// A trigonometry-free test that a point lies farther than `distance`
    /// from `center`, so derived crossings skip the exact haversine for
    /// regions clearly out of reach (most of them, on most fixes).
    ///
    /// Sound, not approximate: with sin x ≥ x − x³/6 (x ≥ 0) and asin y ≥ y,
    /// `isFar` computes a lower bound of the haversine distance and answers
    /// true only when it exceeds `distance` by a relative 1e-9, far above
    /// the rounding of either computation, so every decision it makes is the
    /// one the exact distance makes.
    struct Proximity: Hashable {
        let latitude: Double
        let longitude: Double
        let cosLatitude: Double
        /// The distance beyond which a point is far, in meters.
        let farDistance: Double
        /// sin² of half the angle `distance` spans, slightly enlarged.
        let farH: Double
        /// Half a latitude difference beyond which the latitude term alone
        /// exceeds `farH`: the root of x − x³/6 = √farH (increasing below √2).
        let halfLatitudeReach: Double

        init(center: Coordinate, farBeyond distance: Double) {
            latitude = center.latitude * radians
            longitude = center.longitude * radians
            cosLatitude = cos(latitude)
            farDistance = distance
            let half = distance * (1 + 1e-9) / (2 * earthRadius)
            farH = half * half
            var x = half
            for _ in 0..<4 { x -= (x - x * x * x / 6 - half) / (1 - x * x / 2) }
            halfLatitudeReach = x * (1 + 1e-9)
        }

        /// A point as `isFar` takes it: radians and the cosine of its latitude,
        /// computed once per fix for every region.
        static func point(_ c: Coordinate) -> (latitude: Double, longitude: Double, cosLatitude: Double) {
            let φ = c.latitude * radians
            return (φ, c.longitude * radians, cos(φ))
        }

        @inline(__always)
        func isFar(latitude φ: Double, longitude λ: Double, cosLatitude cosφ: Double) -> Bool {
            let x = abs(φ - latitude) / 2
            // Most regions out of reach are out of reach in latitude alone.
            if x > halfLatitudeReach && x < 1.4 { return true }
            let y = abs(λ - longitude) / 2
            let sx = max(0, x * (1 - x * x / 6))
            let sy = max(0, y * (1 - y * y / 6))
            return sx * sx + cosLatitude * cosφ * sy * sy > farH
        }
    }

    /// The centre of the `grid`-meter cell holding `c` (docs/rules.md §10): rows of
    /// `grid` meters of latitude, each cut into cells `grid` meters wide at the
    /// row's centre latitude.
    static func snap(_ c: Coordinate, grid: Double) -> Coordinate {
        let rowDegrees = grid / earthRadius * degrees
        let row = (c.latitude / rowDegrees).rounded(.down)
        let latitude = min(90, max(-90, (row + 0.5) * rowDegrees))
        let width = max(cos(latitude * radians), 1e-6)
        let columnDegrees = min(360, rowDegrees / width)
        let column = ((c.longitude + 180) / columnDegrees).rounded(.down)
        let longitude = min(180, (column + 0.5) * columnDegrees - 180)
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
