import Testing

@testable import LocSimKit

/// docs/rules.md §8 (`activityType`: accepted, no effect) and §10 (how long
/// temporary full accuracy lasts).
@Suite struct ActivityTypeAndAccuracyLifetimeTests {
    typealias S = SimulatorScript

    static func pausing(_ line: String) -> [UInt8] {
        Array(
            """
            platform iOS 15.0
            plist NSLocationWhenInUseUsageDescription "w"
            set pauseAfter 30
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing
            \(line)
            4 app startUpdatingLocation
            5 fix 35.000000 139.700000 5
            20 fix 35.000100 139.700000 5
            50 fix 35.000200 139.700000 5
            """.utf8)
    }

    /// Every type gives the log of no type at all: pausing and delivery
    /// are unchanged.
    @Test(arguments: ActivityType.allCases)
    func noTypeChangesTheLog(_ type: ActivityType) throws {
        let without = try Replay.log(of: Self.pausing(""))
        let with = try Replay.log(of: Self.pausing("3 app set activityType \(type.rawValue)"))
        #expect(with.text == without.text)
        #expect(without.text.contains("locationManagerDidPauseLocationUpdates"))
    }

    @Test func airborneNeedsIOS12AndTvOSHasNoProperty() {
        #expect(Availability.problem(.set(.activityType(.airborne)), on: RulesVersion(Platform(.iOS, 11, 4))) != nil)
        #expect(Availability.problem(.set(.activityType(.airborne)), on: RulesVersion(Platform(.iOS, 12, 0))) == nil)
        #expect(Availability.problem(.set(.activityType(.fitness)), on: RulesVersion(Platform(.iOS, 11, 4))) == nil)
        #expect(Availability.problem(.set(.activityType(.fitness)), on: RulesVersion(Platform(.tvOS, 17, 0))) != nil)
        #expect(Availability.problem(.set(.activityType(.fitness)), on: RulesVersion(Platform(.macOS, 10, 14))) != nil)
    }

    /// The simulated manager keeps a type the platform has, logs it as a
    /// call, and refuses `airborne` before iOS 12.
    @Test func theSimulatedManagerKeepsTheType() throws {
        let device = try SimulatedDevice(platform: .iOS(11, 4), plist: SimulatedDeviceTests.whenInUse)
        let manager = device.makeLocationManager()
        #expect(manager.activityType == .other)
        manager.activityType = .fitness
        #expect(manager.activityType == .fitness)
        #expect(device.scenario.contains("app set activityType fitness"))
        manager.activityType = .airborne
        #expect(manager.activityType == .fitness)
        #expect(!device.scenario.contains("airborne"))
    }

    /// An Always app with temporary full accuracy, updates allowed in the
    /// background, and the indicator as given; then it leaves the foreground.
    static func alwaysWithTemporaryFullAccuracy(indicator: Bool) throws -> (S, [Record]) {
        var plist = S.backgroundCapable
        plist["NSLocationTemporaryUsageDescriptionDictionary.Ride"] = .string("ride")
        var s = S(Platform(.iOS, 14, 0), plist: plist)
        try s.launchAuthorized(precise: false)
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "Ride")))
        try s.at(6, .user(.answer(.allowOnce, precise: nil)))
        #expect(s.simulator.authorization.temporaryFullAccuracy)
        try s.at(7, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(7, .app(.set(.showsBackgroundLocationIndicator(indicator))))
        try s.at(7, .app(.startUpdatingLocation))
        let records = try s.at(10, .background)
        return (s, records)
    }

    @Test func anAlwaysSessionWithoutTheIndicatorEndsIt() throws {
        let (s, records) = try Self.alwaysWithTemporaryFullAccuracy(indicator: false)
        #expect(!s.simulator.authorization.temporaryFullAccuracy)
        #expect(s.simulator.inUse && s.simulator.session)  // still running and in use
        #expect(
            records.contains { if case .auth(let v) = $0.event { return v.accuracy == .reducedAccuracy } else { return false } }
        )
    }

    @Test func anAlwaysSessionWithTheIndicatorKeepsIt() throws {
        var (s, records) = try Self.alwaysWithTemporaryFullAccuracy(indicator: true)
        #expect(s.simulator.authorization.temporaryFullAccuracy)
        #expect(records.contains(.indicator(on: true)))
        // It ends with the session, not later at termination.
        try s.at(100, .app(.stopUpdatingLocation))
        #expect(!s.simulator.authorization.temporaryFullAccuracy)
    }
}
