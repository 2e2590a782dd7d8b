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
}
