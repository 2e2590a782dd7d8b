#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distances and the reduced-accuracy grid.
enum Geo {
    /// The mean Earth radius RULES §8 fixes for haversine distances.
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

    /// The centre of the `grid`-meter cell holding `c` (RULES §10): rows of
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
        return Coordinate(latitude, longitude)
    }
}
