import Testing

@testable import LocSimKit

/// Issue 19 items 2 and 5: CLMonitor events held for provisional Always
/// (docs/modern.md M15) and `accuracyLimited` (M19).
@Suite struct MonitorFidelityTests {
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
        #expect(
            try s.at(50, .exit(regionID: "home")) == [
                .drop(Self.event(.satisfied), .superseded), .hold(Self.event(.unsatisfied), .provisionalAlways),
            ])
    }

    @Test func changeToAlwaysWakesTheAppForTheHeldMonitorEvent() throws {
        var s = try provisionalWithMonitor()
        try s.at(40, .enter(regionID: "home"))
        #expect(
            try s.at(41, .systemNotBusy) == [
                .prompt(.show(.upgrade, text: "always", answers: [.keepWhileUsing, .changeToAlways]))
            ])
        let answered = try s.at(42, .user(.answer(.changeToAlways, precise: nil)))
        #expect(
            Array(answered.suffix(2)) == [
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
        #expect(
            try s.at(61, .enter(regionID: "home")) == [
                .update(.monitorEvent(monitor: "geo", id: "home", .satisfied, []))
            ])
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
        #expect(
            try s.at(10, .enter(regionID: "home")) == [
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
        #expect(
            try s.at(30, .exit(regionID: "home")) == [
                .update(.monitorEvent(monitor: "geo", id: "home", .unsatisfied, []))
            ])
        try s.at(40, .user(.precise(false)))
        #expect(
            try s.at(50, .enter(regionID: "home")).first
                == .update(.monitorEvent(monitor: "geo", id: "home", .unknown, .accuracyLimited)))
    }
}
