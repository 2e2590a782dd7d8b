import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `CircleSkip`: a fix within the anchor's reach is beyond the far boundary
/// of every circle it skips, so derived crossings observe the same changes
/// with it and without it.
@Suite struct CircleSkipTests {
    static func point(_ c: Coordinate) -> (latitude: Double, longitude: Double, cosLatitude: Double) {
        Geo.Proximity.point(c)
    }

    /// A coordinate `meters` from `c` towards `bearing` (radians), on the sphere.
    static func moved(_ c: Coordinate, meters: Double, bearing: Double) -> Coordinate {
        let δ = meters / Geo.earthRadius
        let φ1 = c.latitude * Geo.radians
        let λ1 = c.longitude * Geo.radians
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(bearing))
        let λ2 = λ1 + atan2(sin(bearing) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        return Coordinate(latitude: φ2 * Geo.degrees, longitude: λ2 * Geo.degrees)
    }

    /// Random circles settled outside, anchors beyond them and fixes
    /// moved from the anchor, many straight towards the circle, up to just
    /// past the reach: every fix `covers` accepts is at least the far
    /// distance from the centre, by the exact distance.
    @Test func aCoveredFixIsBeyondEveryCircleItSkips() {
        var random = SplitMix64(seed: 9)
        func uniform(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(random.next() >> 11) / Double(1 << 53)
        }
        var covered = 0
        var tight = 0
        for _ in 0..<40_000 {
            let latitude = [uniform(-60, 60), uniform(-89.9, 89.9), 35.68][random.below(3)]
            let center = Coordinate(latitude: latitude, longitude: uniform(-180, 180))
            let far = uniform(1, 3000)
            let outside = Geo.Proximity(center: center, farBeyond: far)
            let anchor = Self.moved(center, meters: far + uniform(0, 5000), bearing: uniform(0, 2 * .pi))
            var skip = CircleSkip()
            skip.anchor(at: Self.point(anchor), count: 1) { _ in (outside, true) }
            guard skip.visited.isEmpty else { continue }  // too near: visited, not skipped
            let reach = Geo.distance(anchor, center) - far
            let towards = atan2(
                sin((center.longitude - anchor.longitude) * Geo.radians) * cos(center.latitude * Geo.radians),
                cos(anchor.latitude * Geo.radians) * sin(center.latitude * Geo.radians)
                    - sin(anchor.latitude * Geo.radians) * cos(center.latitude * Geo.radians)
                    * cos((center.longitude - anchor.longitude) * Geo.radians))
            for _ in 0..<8 {
                let bearing = random.below(2) == 0 ? towards : uniform(0, 2 * .pi)
                let fix = Self.moved(anchor, meters: reach * uniform(0.9, 1.01), bearing: bearing)
                guard skip.covers(Self.point(fix)) else { continue }
                covered += 1
                let d = Geo.distance(center, fix)
                if d < far + 1 { tight += 1 }
                #expect(d >= far, "center \(center) far \(far) anchor \(anchor) fix \(fix)")
            }
        }
        #expect(covered > 50_000, "only \(covered) fixes covered")
        #expect(tight > 1_000, "only \(tight) covered fixes within a meter of the boundary: the test is not tight")
    }

    /// A circle the anchor is not surely beyond by `leastReach`, or not
    /// settled outside, is visited on every fix.
    @Test func nearOrUnsettledCirclesAreVisited() {
        let center = Coordinate(latitude: 35.68, longitude: 139.76)
        let outside = Geo.Proximity(center: center, farBeyond: 200)
        let near = Self.moved(center, meters: 200 + CircleSkip.leastReach / 2, bearing: 1)
        let far = Self.moved(center, meters: 2000, bearing: 1)
        var skip = CircleSkip()
        skip.anchor(at: Self.point(near), count: 3) { i in
            i == 1 ? nil : (outside, true)
        }
        #expect(skip.visited == [0, 2])
        skip.anchor(at: Self.point(far), count: 2) { i in (outside, i == 0) }
        #expect(skip.visited == [1])
        #expect(skip.covers(Self.point(far)))
        skip.invalidate()
        #expect(!skip.covers(Self.point(far)))
    }

    /// Random scenarios (derived crossings in 40%): the records with the
    /// skips are the records with them dropped before every line.
    @Test func derivedCrossingsAreTheSameWithAndWithoutTheSkip() {
        var anchoredFixes = 0
        var coveredFixes = 0
        for seed in 1...1500 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            let header = gen.header()
            let statements = gen.statements(count: 80)
            var withSkip = Simulator(header: header)
            var without = Simulator(header: header)
            var a: [LogRecord] = []
            var b: [LogRecord] = []
            for statement in statements {
                if case .fix(let fix) = statement.event, withSkip.monitoring.regionSkip.isAnchored,
                    withSkip.monitoring.regions.count > 0
                {
                    anchoredFixes += 1
                    if withSkip.monitoring.regionSkip.covers(Self.point(fix.location.coordinate)) { coveredFixes += 1 }
                }
                without.monitoring.regionSkip.invalidate()
                without.monitoring.notificationSkip.invalidate()
                without.modern.monitors.dropCircleSkip()
                try? withSkip.apply(statement)
                try? without.apply(statement)
                a += withSkip.takeOutput()
                b += without.takeOutput()
            }
            withSkip.finish()
            without.finish()
            a += withSkip.takeOutput()
            b += without.takeOutput()
            #expect(a == b, "seed \(seed)")
        }
        #expect(anchoredFixes > 500, "only \(anchoredFixes) fixes met an anchored skip")
        #expect(coveredFixes > 100, "only \(coveredFixes) fixes were within an anchor's reach")
    }
}
