import Testing

@testable import LocSimKit

@Suite struct GeoTests {
    /// The cheap bound never calls a point far that the exact distance puts
    /// within reach, and it does skip points clearly away.
    @Test func proximityBoundIsSound() {
        var rng = SplitMix64(seed: 7)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var skipped = 0
        for _ in 0..<20_000 {
            let center = Coordinate(latitude: unit() * 170 - 85, longitude: unit() * 360 - 180)
            let reach = 10 + unit() * 50_000
            let spread = [0.001, 0.01, 0.1, 1, 10][Int(rng.next() % 5)]
            let point = Coordinate(
                latitude: min(90, max(-90, center.latitude + (unit() - 0.5) * spread)),
                longitude: center.longitude + (unit() - 0.5) * spread)
            let bound = Geo.Proximity(center: center, farBeyond: reach)
            let p = Geo.Proximity.point(point)
            if bound.isFar(latitude: p.latitude, longitude: p.longitude, cosLatitude: p.cosLatitude) {
                skipped += 1
                #expect(Geo.distance(center, point) >= reach, "\(center) \(point) \(reach)")
            }
        }
        #expect(skipped > 5_000)
    }

    /// `isWithin` answers as the exact distance does, at every scale and
    /// right at the limit (where only the exact distance may decide); the
    /// bounds' gain is measured by `make bench` (liveUpdates / plain updates).
    @Test func withinAgreesWithTheExactDistance() {
        var rng = SplitMix64(seed: 11)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        for _ in 0..<50_000 {
            let a = Coordinate(latitude: unit() * 180 - 90, longitude: unit() * 360 - 180)
            let spread = [0.00001, 0.0001, 0.001, 0.1, 10, 400][Int(rng.next() % 6)]
            let b = Coordinate(
                latitude: min(90, max(-90, a.latitude + (unit() - 0.5) * spread)),
                longitude: a.longitude + (unit() - 0.5) * spread)
            let exact = Geo.distance(a, b)
            // Limits around the distance, exactly at it, and unrelated ones.
            for limit in [
                exact, exact.nextUp, exact.nextDown, exact * (1 + 1e-12), exact * (1 - 1e-12), 0, 20, unit() * 100,
            ] {
                #expect(
                    Geo.isWithin(limit, of: a, cosLatitude: Geo.Proximity.point(a).cosLatitude, b) == (exact <= limit),
                    "\(a) \(b) \(limit)")
            }
        }
        let here = Coordinate(latitude: 1, longitude: 2)
        #expect(Geo.isWithin(0, of: here, cosLatitude: 1, here))
    }
}
