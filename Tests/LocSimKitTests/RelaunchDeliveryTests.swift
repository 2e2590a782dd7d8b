import Testing

@testable import LocSimKit

/// Issue 29 item 1: a significant change for an app whose process has not
/// restarted the service waits for the restart (docs/rules.md §8, "Relaunch":
/// "Upon relaunch, you must still configure a location manager object and
/// call this method to continue receiving location events. When you restart
/// location services, the current event is delivered to your delegate immediately").
@Suite struct RelaunchDeliveryTests {
    typealias S = SimulatorScript

    static let start = S.location(35.0, 139.7)
    static let far = S.location(35.01, 139.7)  // 1,112 m north
    static let farther = S.location(35.02, 139.7)

    static func methods(_ records: [Record]) -> [DelegateMethods] {
        records.compactMap { if case .delegate(let c) = $0.event { c.method } else { nil } }
    }

    /// Always, significant-change monitoring started at 6 with a fix at 5,
    /// then terminated by the system at 10 (thresholds 500 m and 5 s).
    func terminatedWithSignificantChanges() throws -> SimulatorScript {
        var s = S(Platform(.iOS, 17, 0), plist: AuthorizationRulesTests.both) { $0.slcInterval = .seconds(5) }
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, .fix(Fix(Self.start)))
        try s.at(6, .app(.startMonitoringSignificantLocationChanges))
        try s.at(7, .background)
        try s.at(10, .systemTerminate)
        return s
    }

    @Test func theRelaunchingEventWaitsForTheRestartAndComesWithIt() throws {
        var s = try terminatedWithSignificantChanges()
        let relaunch = try s.at(100, .fix(Fix(Self.far)))
        #expect(relaunch.first == .app(.launchBackground(.location)))
        #expect(relaunch.last == .hold(.significantChange(Self.far), .notRestarted))
        #expect(!Self.methods(relaunch).contains(.didUpdateLocations))
        let restart = try s.at(103, .app(.startMonitoringSignificantLocationChanges))
        // Delivered at the restart, showing the fix's own time.
        #expect(restart == [.delegate(.didUpdateEarlierLocation(Self.far, fixedAt: .ms(100_000)))])
        // Restarted: the next change is delivered as it comes.
        let next = try s.at(110, .fix(Fix(Self.farther)))
        #expect(next.contains(.delegate(.didUpdateLocations(Self.farther))))
    }

    @Test func aNewerChangeReplacesTheHeldOne() throws {
        var s = try terminatedWithSignificantChanges()
        try s.at(100, .fix(Fix(Self.far)))
        #expect(
            try s.at(106, .fix(Fix(Self.farther))) == [
                .drop(.significantChange(Self.far), .superseded),
                .hold(.significantChange(Self.farther), .notRestarted),
            ])
    }

    @Test func suspendedWithoutTheRestartTheEventIsLostButTheServiceGoesOn() throws {
        var s = try terminatedWithSignificantChanges()
        try s.at(100, .fix(Fix(Self.far)))
        // The wake window (10 s) ends at 110: suspended, the event dropped.
        let suspended = try s.at(120, .fix(Fix(Self.far)))
        #expect(Array(suspended.prefix(2)) == [.app(.suspend), .drop(.significantChange(Self.far), .notRestarted)])
        // The next change wakes the app and waits again.
        let woken = try s.at(200, .fix(Fix(Self.start)))
        #expect(woken.first == .app(.wake(.location)))
        #expect(woken.last == .hold(.significantChange(Self.start), .notRestarted))
    }

    @Test func stoppingOrEndingDropsTheHeldEvent() throws {
        var stopped = try terminatedWithSignificantChanges()
        try stopped.at(100, .fix(Fix(Self.far)))
        #expect(
            try stopped.at(101, .app(.stopMonitoringSignificantLocationChanges)) == [
                .drop(.significantChange(Self.far), .stopped)
            ])
        var ended = try terminatedWithSignificantChanges()
        try ended.at(100, .fix(Fix(Self.far)))
        let terminated = try ended.at(101, .systemTerminate)
        #expect(terminated.last == .drop(.significantChange(Self.far), .notRunning))
    }

    /// A user launch is a new process too (a locsim decision): the events
    /// wait until it starts the service; a process that started it gets them.
    @Test func aUserLaunchMustRestartTheServiceToo() throws {
        var s = try terminatedWithSignificantChanges()
        try s.at(50, .launch)
        #expect(try s.at(60, .fix(Fix(Self.far))).last == .hold(.significantChange(Self.far), .notRestarted))
        #expect(
            try s.at(61, .app(.startMonitoringSignificantLocationChanges)) == [
                .delegate(.didUpdateEarlierLocation(Self.far, fixedAt: .ms(60_000)))
            ])
        // Starting again in the same process changes nothing.
        #expect(try s.at(62, .app(.startMonitoringSignificantLocationChanges)).isEmpty)
    }

    /// Visits and regions need no call: the relaunch's manager gets them
    /// (Apple, startMonitoringVisits(): "You don't need to call this method
    /// again"; startMonitoring(for:desiredAccuracy:): "creating a new
    /// location manager and assigning a delegate results in the delivery").
    @Test func visitsAndRegionsAreDeliveredAtTheRelaunchWithoutACall() throws {
        var s = S(Platform(.iOS, 17, 0), plist: AuthorizationRulesTests.both)
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, .app(.startMonitoringVisits))
        try s.at(6, S.region("home"))
        try s.at(7, .background)
        try s.at(10, .systemTerminate)
        let visit = try s.at(100, .visitArrive(Self.far))
        #expect(visit.first == .app(.launchBackground(.visit)))
        #expect(Self.methods(visit).last == .didVisit)
        try s.at(200, .systemTerminate)
        let crossing = try s.at(300, .enter(regionID: "home"))
        #expect(crossing.first == .app(.launchBackground(.region)))
        #expect(crossing.last == .delegate(.didEnterRegion(regionID: "home")))
    }
}
