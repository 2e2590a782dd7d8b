import Testing

@testable import LocSimKit

/// Several `CLLocationManager`s per app (docs/rules.md §8 "Several
/// managers", docs/language.md `app[<name>]`).
@Suite struct ManagersTests {
    typealias S = SimulatorScript

    static func named(_ records: [Record]) -> [String?] { records.map(\.manager) }

    @Test func aNamedManagerIsCreatedAtFirstUseWithTheAuthorizationCallback() throws {
        var s = S()
        try s.launchAuthorized()
        // One manager: nothing is named.
        #expect(Self.named(try s.at(3, .app(.startUpdatingLocation))).allSatisfy { $0 == nil })
        let created = try s.at(4, .managerCall(manager: "nav", .requestLocation))
        #expect(
            created == [Record(.ofManager("nav", Record.delegate(.didChangeAuthorization(.authorizedWhenInUse)).event))]
        )
        #expect(created.first?.kind == .delegate)
        // Two managers: the launch manager's records are named `default`.
        let fix = try s.at(5, S.fix(35, 139.7))
        #expect(fix.map(\.manager) == ["default"])
        #expect(fix.allSatisfy { $0.kind == .delegate })
    }

    @Test func anAuthorizationChangeReachesEveryManagerInCreationOrder() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .managerCall(manager: "b", .startUpdatingLocation))
        try s.at(4, .managerCall(manager: "a", .set(.distanceFilter(5))))
        let change = try s.at(5, .user(.settings(.never, precise: nil)))
        let callbacks = change.filter { $0.kind == .delegate }
        #expect(callbacks.map(\.manager) == ["default", "b", "b", "a"])
        // Only `b` runs updates: its updates fail.
        #expect(change.contains(Record(.ofManager("b", Record.delegate(.didFailWithError(.denied)).event))))
    }

    @Test func eachManagersRequestHasItsOwnTimeout() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.requestLocation))
        try s.at(5, .managerCall(manager: "nav", .requestLocation))
        // The launch manager's timeout (13 s) ends its request only.
        let first = try s.at(14, .systemNotBusy)
        #expect(first.map(\.manager) == ["default"])
        let second = try s.at(16, S.fix(35, 139.7))
        #expect(second.first?.manager == "nav")
        #expect(second.first?.base == .delegate(.didFailWithError(.locationUnknown)))
    }

    @Test func theSessionFollowsAnyManagerThatQualifies() throws {
        var s = S(plist: [
            "NSLocationWhenInUseUsageDescription": .string("when"), "UIBackgroundModes": .array(["location"]),
        ])
        try s.launchAuthorized()
        try s.at(3, .managerCall(manager: "t", .set(.allowsBackgroundLocationUpdates(true))))
        try s.at(4, .managerCall(manager: "t", .startUpdatingLocation))
        #expect(try s.at(10, .background).contains(.indicator(on: true)))
        #expect(s.simulator.session)
        let stop = try s.at(20, .managerCall(manager: "t", .stopUpdatingLocation))
        #expect(stop.contains(.indicator(on: false)) && !stop.contains(.app(.suspend)))
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(s.finish().map(\.record) == [.app(.suspend)])
    }

    /// Regions are the app's, not one manager's (Apple, monitoredRegions:
    /// "The set of shared regions monitored by all location-manager
    /// objects"; startMonitoring(for:): "shared by all location manager
    /// objects in your app"): a region started through one manager is
    /// stopped through another, and `maxRegions` counts every manager's.
    @Test func regionsAndTheirLimitAreTheApps() throws {
        var s = S { $0.maxRegions = 2 }
        try s.launchAuthorized()
        func region(_ id: String) -> CircularRegion {
            CircularRegion(id: id, center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)
        }
        try s.at(3, .app(.startMonitoring(region("a"))))
        try s.at(4, .managerCall(manager: "geo", .startMonitoring(region("b"))))
        #expect(s.simulator.monitoring.regions.ids == ["a", "b"])
        let third = try s.at(5, .managerCall(manager: "geo", .startMonitoring(region("c"))))
        #expect(
            third.contains(
                Record(
                    .ofManager(
                        "geo", Record.delegate(.monitoringDidFail(regionID: nil, .regionMonitoringFailure)).event))))
        try s.at(6, .managerCall(manager: "geo", .stopMonitoring(id: "a")))
        #expect(s.simulator.monitoring.regions.ids == ["b"])
        try s.at(7, .app(.startMonitoring(region("c"))))
        #expect(s.simulator.monitoring.regions.ids == ["b", "c"])
    }

    @Test func namedManagersEndWithTheAppAndTheirTimersDoNothing() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .managerCall(manager: "nav", .requestLocation))
        try s.at(4, .terminate)
        #expect(s.simulator.world.named.isEmpty)
        try s.at(20, .launch)
        // The request's timeout (13 s) was cancelled; no manager `nav` came back.
        #expect(s.simulator.world.named.isEmpty)
        #expect(Self.named(try s.at(21, S.fix(35, 139.7))).allSatisfy { $0 == nil })
    }

    @Test func managerLinesParseAndPrint() throws {
        var parser = ScenarioParser()
        let parsed = try parser.parse("3 app[nav] requestLocation", lineNumber: 1)
        guard case .timed(let t) = parsed else {
            Issue.record("not timed: \(String(describing: parsed))")
            return
        }
        #expect(t.event == .managerCall(manager: "nav", .requestLocation))
        #expect(Scenario.text(of: t.event) == "app[nav] requestLocation")
        for bad in [
            "3 app[] requestLocation", "3 app[default] requestLocation", "3 app[a b] x", "3 app[nav] liveUpdates start",
        ] {
            var p = ScenarioParser()
            #expect(throws: ScenarioError.self, "\(bad)") { _ = try p.parse(bad, lineNumber: 1) }
        }
    }
}
