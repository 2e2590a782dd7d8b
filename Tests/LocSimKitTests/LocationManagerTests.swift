import Testing

@testable import LocSimKit

/// `LocationManager` alone: the actions it returns for the table's decision,
/// without a simulator (docs/rules.md §8).
@Suite struct LocationManagerTests {
    static let p = FixParameters(pauseAfter: nil, pauseDistance: 50, suspendedQueueLimit: 2)
    static func at(_ s: Int64) -> Millis { .seconds(s) }
    static let here = SimulatorScript.location(35, 139.7, 5)
    static let near = SimulatorScript.location(35.00001, 139.7, 5)  // about 1 m away
    static let far = SimulatorScript.location(35.01, 139.7, 5)

    static func offer(
        _ m: inout LocationManager, _ l: Location, _ t: Int64, _ d: Delivery = .deliver, tooSoon: Bool = false,
        _ parameters: FixParameters = p
    ) -> [ManagerAction] {
        m.offer(l, at: at(t), d, reducedTooSoon: tooSoon, parameters).actions(at: at(t))
    }

    @Test func stoppedUpdatesTakeNothing() {
        var m = LocationManager()
        #expect(Self.offer(&m, Self.here, 1).isEmpty)
    }

    @Test func distanceFilterMeasuresFromTheLastDelivered() {
        var m = LocationManager()
        m.distanceFilter = 100
        _ = m.startUpdating()
        #expect(Self.offer(&m, Self.here, 1) == [.deliver(Self.here, fixedAt: Self.at(1))])
        #expect(Self.offer(&m, Self.near, 2) == [.drop(Self.near, .distanceFilter)])
        #expect(Self.offer(&m, Self.far, 3) == [.deliver(Self.far, fixedAt: Self.at(3))])
    }

    @Test func theTablesDropIsTheFixes() {
        var m = LocationManager()
        _ = m.startUpdating()
        #expect(Self.offer(&m, Self.here, 1, .drop(.notInUse)) == [.drop(Self.here, .notInUse)])
        // A drop is no delivery: distanceFilter still measures from nothing.
        m.distanceFilter = 100
        #expect(Self.offer(&m, Self.near, 2) == [.deliver(Self.near, fixedAt: Self.at(2))])
    }

    @Test func aSuspendedAppsQueueKeepsTheNewest() {
        var m = LocationManager()
        _ = m.startUpdating()
        #expect(Self.offer(&m, Self.here, 1, .queueUntilRunning) == [.hold(Self.here)])
        #expect(Self.offer(&m, Self.near, 2, .queueUntilRunning) == [.hold(Self.near)])
        #expect(Self.offer(&m, Self.far, 3, .queueUntilRunning) == [.hold(Self.far), .drop(Self.here, .superseded)])
        #expect(m.takeSuspendedQueue().map(\.time) == [Self.at(2), Self.at(3)])
        #expect(m.takeSuspendedQueue().isEmpty)
        // A queue of size 0 keeps nothing: the fix is the suspended app's drop.
        let none = FixParameters(pauseAfter: nil, pauseDistance: 50, suspendedQueueLimit: 0)
        #expect(Self.offer(&m, Self.here, 4, .queueUntilRunning, none) == [.drop(Self.here, .suspended)])
    }

    @Test func requestLocationKeepsTheMostAccurateUntilOneMeetsTheAccuracy() {
        var m = LocationManager()
        m.desiredAccuracy = .nearestTenMeters
        #expect(
            m.requestLocation(timeout: Self.at(10)) == [.arm(.requestLocationTimeout(manager: nil), at: Self.at(10))])
        let rough = Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 50)
        let rougher = Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 80)
        let better = Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 30)
        #expect(Self.offer(&m, rough, 1).isEmpty)
        #expect(Self.offer(&m, rougher, 2) == [.drop(rougher, .lessAccurate)])
        #expect(Self.offer(&m, better, 3) == [.drop(rough, .superseded)])
        #expect(
            Self.offer(&m, Self.here, 4) == [
                .cancel(.requestLocationTimeout(manager: nil)), .drop(better, .superseded),
                .deliver(Self.here, fixedAt: Self.at(4)),
            ])
        #expect(m.standard == .off)
    }

    @Test func requestLocationTimesOutWithTheBestOrAFailure() {
        var m = LocationManager()
        _ = m.requestLocation(timeout: Self.at(10))
        #expect(m.requestTimedOut(at: Self.at(10), .deliver) == [.callback(.didFailWithError(.locationUnknown))])
        _ = m.requestLocation(timeout: Self.at(20))
        _ = Self.offer(&m, Self.here, 15)
        // A stale timer does nothing.
        #expect(m.requestTimedOut(at: Self.at(10), .deliver).isEmpty)
        #expect(m.requestTimedOut(at: Self.at(20), .queueUntilRunning) == [.drop(Self.here, .suspended)])
    }

    @Test func updatesPauseWhereTheDeviceStaysAndResumeWhenRestarted() {
        var m = LocationManager()
        let pausing = FixParameters(pauseAfter: .seconds(60), pauseDistance: 50, suspendedQueueLimit: 2)
        _ = m.startUpdating()
        #expect(
            Self.offer(&m, Self.here, 1, pausing: pausing) == [
                .arm(.autoPause(manager: nil), at: Self.at(61)), .deliver(Self.here, fixedAt: Self.at(1)),
            ])
        // Within pauseDistance: the still period goes on, no new timer.
        #expect(Self.offer(&m, Self.near, 30, pausing: pausing) == [.deliver(Self.near, fixedAt: Self.at(30))])
        #expect(m.pauseIfStill(at: Self.at(61), pauseAfter: .seconds(60)) == [.callback(.didPauseLocationUpdates)])
        #expect(m.paused)
        #expect(Self.offer(&m, Self.far, 62, pausing: pausing) == [.drop(Self.far, .paused)])
        #expect(m.startUpdating() == [.callback(.didResumeLocationUpdates)])
        #expect(m.updating)
    }

    @Test func lostAccessFailsRunningUpdatesAndEndsARequest() {
        var m = LocationManager()
        #expect(m.accessLost().isEmpty)
        _ = m.requestLocation(timeout: Self.at(10))
        _ = Self.offer(&m, Self.here, 1)
        #expect(
            m.accessLost() == [
                .cancel(.requestLocationTimeout(manager: nil)), .drop(Self.here, .notAuthorized),
                .callback(.didFailWithError(.denied)),
            ])
    }
}

extension LocationManagerTests {
    static func offer(_ m: inout LocationManager, _ l: Location, _ t: Int64, pausing: FixParameters) -> [ManagerAction]
    {
        offer(&m, l, t, .deliver, tooSoon: false, pausing)
    }
}
