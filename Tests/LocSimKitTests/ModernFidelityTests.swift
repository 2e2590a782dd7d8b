import Testing
@testable import LocSimKit

/// Issue 19 (items 2, 4, 5, 11, 12): CLMonitor events held for provisional
/// Always, `accuracyLimited`, releasing a session, the `location` background
/// mode for activity sessions, background-mode changes out of the foreground.
@Suite struct ModernFidelityTests {
    typealias S = SimulatorScript

    static let home = MonitorCondition.circle(center: Coordinate(latitude: 35.6812, longitude: 139.7671), radius: 100)
    static func event(_ state: MonitorState) -> UndeliveredEvent { .monitorEvent(monitor: "geo", id: "home", state) }

    /// requestAlwaysAuthorization answered While Using (provisional Always),
    /// a monitor with one condition, then the background until suspended.
    func provisionalWithMonitor() throws -> SimulatorScript {
        var s = S(Platform(.iOS, 17, 0), plist: AuthorizationRulesTests.both)
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "home", Self.home)))
        try s.at(5, .background)
        try s.at(30, .systemNotBusy)  // nothing pending yet: the grace ends, the app is suspended
        return s
    }

    // MARK: Item 2 — provisional Always holds CLMonitor events (M15)

    @Test func provisionalAlwaysHoldsMonitorEventsAndSupersedes() throws {
        var s = try provisionalWithMonitor()
        #expect(try s.at(40, .enter(regionID: "home")) == [.hold(Self.event(.satisfied), .provisionalAlways)])
        #expect(try s.at(50, .exit(regionID: "home")) == [
            .drop(Self.event(.satisfied), .superseded), .hold(Self.event(.unsatisfied), .provisionalAlways),
        ])
    }

    @Test func changeToAlwaysWakesTheAppForTheHeldMonitorEvent() throws {
        var s = try provisionalWithMonitor()
        try s.at(40, .enter(regionID: "home"))
        #expect(try s.at(41, .systemNotBusy) == [
            .prompt(.show(.upgrade, text: "always", answers: [.keepWhileUsing, .changeToAlways]))
        ])
        let answered = try s.at(42, .user(.answer(.changeToAlways, precise: nil)))
        #expect(Array(answered.suffix(2)) == [
            .app(.wake(.region)), .update(.monitorEvent(monitor: "geo", id: "home", .satisfied, [])),
        ])
    }

    @Test func keepWhileUsingDropsTheHeldMonitorEvent() throws {
        var s = try provisionalWithMonitor()
        try s.at(40, .enter(regionID: "home"))
        try s.at(41, .systemNotBusy)
        let answered = try s.at(42, .user(.answer(.keepWhileUsing, precise: nil)))
        #expect(answered.last == .drop(Self.event(.satisfied), .keptWhileUsing))
    }

    @Test func inUseTheProvisionalAppGetsItsMonitorEvent() throws {
        var s = try provisionalWithMonitor()
        try s.at(60, .foreground)
        #expect(try s.at(61, .enter(regionID: "home")) == [.update(.monitorEvent(monitor: "geo", id: "home", .satisfied, []))])
    }

    // MARK: Item 5 — accuracyLimited (M19)

    func reducedAccuracyMonitor(_ major: Int) throws -> SimulatorScript {
        var s = S(Platform(.iOS, major, 0))
        try s.launchAuthorized(precise: false)
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "home", Self.home)))
        return s
    }

    @Test func iOS18SaysOnceThatEventsAreAccuracyLimited() throws {
        var s = try reducedAccuracyMonitor(18)
        #expect(try s.at(10, .enter(regionID: "home")) == [
            .update(.monitorEvent(monitor: "geo", id: "home", .unknown, .accuracyLimited)),
            .drop(Self.event(.satisfied), .reducedAccuracy),
        ])
        #expect(try s.at(20, .exit(regionID: "home")) == [.drop(Self.event(.unsatisfied), .reducedAccuracy)])
    }

    @Test func iOS17HasNoAccuracyLimitedFlag() throws {
        var s = try reducedAccuracyMonitor(17)
        #expect(try s.at(10, .enter(regionID: "home")) == [.drop(Self.event(.satisfied), .reducedAccuracy)])
    }

    @Test func accuracyLimitedIsSaidAgainAfterAnEventWasDelivered() throws {
        var s = try reducedAccuracyMonitor(18)
        try s.at(10, .enter(regionID: "home"))
        try s.at(20, .user(.precise(true)))
        #expect(try s.at(30, .exit(regionID: "home")) == [.update(.monitorEvent(monitor: "geo", id: "home", .unsatisfied, []))])
        try s.at(40, .user(.precise(false)))
        #expect(try s.at(50, .enter(regionID: "home")).first == .update(.monitorEvent(monitor: "geo", id: "home", .unknown, .accuracyLimited)))
    }
}

/// docs/modern.md M20: releasing a session object ends it as `invalidate()` does.
@Suite struct SessionReleaseTests {
    typealias S = SimulatorScript

    func authorized() throws -> SimulatorScript {
        var s = S(Platform(.iOS, 18, 0), plist: [
            "NSLocationWhenInUseUsageDescription": .string("w"), "UIBackgroundModes": .array(["location"]),
        ])
        try s.launchAuthorized()
        return s
    }

    @Test func releasingTheActivitySessionEndsItsInUseAtOnce() throws {
        var s = try authorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(10, .background)
        #expect(try s.at(20, .modern(.backgroundActivitySessionRelease)) == [
            .session(.end(.backgroundActivitySession, .released)), .indicator(on: false), .inUseEnd(.sessionEnded),
        ])
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(s.finish().map(\.record) == [.app(.suspend)])
    }

    @Test func releasingAServiceSessionEndsItAndItsRequirement() throws {
        var s = try authorized()
        try s.at(3, .modern(.serviceSessionBegin(name: "a", .whenInUse, fullAccuracyPurposeKey: nil)))
        #expect(try s.at(4, .modern(.serviceSessionRelease(name: "a"))) == [
            .session(.end(.serviceSession(name: "a", .whenInUse), .released))
        ])
        #expect(throws: ScenarioError.self) { try s.at(5, .modern(.serviceSessionRelease(name: "a"))) }
    }

    @Test func releasingWithoutASessionDoesNothing() throws {
        var s = try authorized()
        #expect(try s.at(3, .modern(.backgroundActivitySessionRelease)) == [])
    }
}

/// docs/rules.md §3 (issue 19 item 12): a When In Use session begins only
/// as the app leaves the foreground; Always → While Using in the background
/// ends a session no indicator shows.
@Suite struct BackgroundModeChangeTests {
    typealias S = SimulatorScript

    func app(_ major: Int, always: Bool) throws -> SimulatorScript {
        var s = S(Platform(.iOS, major, 0), plist: [
            "NSLocationWhenInUseUsageDescription": .string("w"),
            "NSLocationAlwaysAndWhenInUseUsageDescription": .string("a"),
            "UIBackgroundModes": .array(["location"]),
        ])
        try s.launchAuthorized()
        if always {
            try s.at(3, .app(.requestAlwaysAuthorization))
            try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        }
        try s.at(5, .app(.startUpdatingLocation))
        return s
    }

    @Test func thePropertySetInTheGracePeriodBeginsNoSession() throws {
        var s = try app(14, always: false)
        try s.at(10, .background)
        #expect(try s.at(12, .app(.set(.allowsBackgroundLocationUpdates(true)))) == [])
        #expect(try s.at(15, .systemNotBusy) == [.inUseEnd(.graceExpired), .app(.suspend)])
    }

    @Test func thePropertySetInTheForegroundBeginsTheSessionOnLeaving() throws {
        var s = try app(14, always: false)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
    }

    @Test func anAlwaysSessionWithoutIndicatorEndsWhenDowngradedInTheBackground() throws {
        var s = try app(14, always: true)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(try s.at(10, .background) == [.app(.background)])
        let downgraded = try s.at(20, .user(.settings(.whileUsing, precise: nil)))
        #expect(downgraded.last == .inUseEnd(.sessionEnded))
        #expect(!downgraded.contains(.indicator(on: true)))
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(try s.at(21, .systemNotBusy) == [.app(.suspend)])
    }

    @Test func anAlwaysSessionWithItsIndicatorGoesOnWhenDowngraded() throws {
        var s = try app(14, always: true)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(6, .app(.set(.showsBackgroundLocationIndicator(true))))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
        let downgraded = try s.at(20, .user(.settings(.whileUsing, precise: nil)))
        #expect(!downgraded.contains(.inUseEnd(.sessionEnded)) && !downgraded.contains(.app(.suspend)))
    }
}
