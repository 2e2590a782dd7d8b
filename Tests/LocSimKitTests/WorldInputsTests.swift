import Testing

@testable import LocSimKit

/// The world inputs of issue 19 (docs/rules.md §8 "No fix", docs/modern.md):
/// `nofix`, beacon silence, assumed condition states, the user's power settings.
@Suite struct WorldInputsTests {
    typealias S = SimulatorScript

    static let unknown = Record.delegate(.didFailWithError(.locationUnknown))

    // MARK: nofix (docs/rules.md §8, "No fix")

    @Test func outageReportsLocationUnknownOnceToRunningUpdates() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(10, .noFix(until: nil)) == [Self.unknown])
        #expect(try s.at(11, .noFix(until: nil)) == [], "one outage, one error")
        // The next fix ends it and is delivered.
        #expect(try s.at(12, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
    }

    @Test func fixesBeforeUntilAreNotSensed() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(10, .noFix(until: .seconds(20)))
        #expect(try s.at(15, S.fix(35, 139)) == [.drop(.fix(S.location(35, 139)), .locationUnavailable)])
        #expect(try s.at(20, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
    }

    @Test func noUpdatesNoError() throws {
        var s = S()
        try s.launchAuthorized()
        #expect(try s.at(10, .noFix(until: nil)) == [])
        #expect(try s.at(11, .app(.startUpdatingLocation)) == [Self.unknown], "starting during an outage reports it")
    }

    @Test func requestLocationFailsAtItsTimeoutWhenNothingIsSensed() throws {
        var s = S { $0.requestLocationTimeout = .seconds(10) }
        try s.launchAuthorized()
        try s.at(3, .noFix(until: .seconds(30)))
        try s.at(4, .app(.requestLocation))
        try s.at(5, S.fix(35, 139))
        #expect(try s.at(14, .app(.stopMonitoringVisits)) == [Self.unknown])
    }

    @Test func aSuspendedAppLosesTheError() throws {
        var s = S { $0.grace = .zero }
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .background)
        let records = try s.at(100, .noFix(until: nil))
        #expect(records.last == .drop(.callback(.didFailWithError(.locationUnknown)), .suspended))
    }

    @Test func untilMustComeAfterTheLine() throws {
        var s = S()
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(10, .noFix(until: .seconds(10))) }
    }

    @Test func liveUpdatesFlagLocationUnavailableOnIOS18Only() throws {
        for (major, expected) in [(18, [Record.update(.liveUpdate(nil, [.locationUnavailable]))]), (17, [])] {
            var s = S(Platform(.iOS, major, 0))
            try s.launchAuthorized()
            try s.at(3, .modern(.liveUpdatesStart(.default)))
            #expect(try s.at(10, .noFix(until: nil)) == expected)
            #expect(try s.at(11, .noFix(until: .seconds(30))) == [], "the flags did not change")
            #expect(try s.at(31, S.fix(35, 139)) == [.update(.liveUpdate(S.location(35, 139), []))])
        }
    }

    static func event(_ line: String) throws(ScenarioError) -> Event? {
        var parser = ScenarioParser()
        guard case .timed(let t)? = try parser.parse(line, lineNumber: 1) else { return nil }
        return t.event
    }

    @Test func parsesAndWritesNoFix() throws {
        #expect(try Self.event("1 nofix") == .noFix(until: nil))
        #expect(try Self.event("1 nofix until 00:01:00") == .noFix(until: .seconds(60)))
        #expect(Scenario.text(of: Event.noFix(until: .seconds(60))) == "nofix until 60.000")
        #expect(
            try Self.event(Scenario.text(of: Event.noFix(until: .seconds(60))).replacing("nofix", with: "1 nofix"))
                == .noFix(until: .seconds(60)))
        for bad in ["1 nofix 30", "1 nofix until", "1 nofix until +5", "1 nofix until 30 more"] {
            #expect(throws: ScenarioError.self) { try Self.event(bad) }
        }
    }

    // MARK: CLMonitor: assumed states, lost beacons (docs/modern.md M14, M16)

    static let uuid = "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5"
    static let door = MonitorCondition.beacon(BeaconConstraint(uuid: uuid, major: 7))
    static let home = MonitorCondition.circle(center: Coordinate(latitude: 35, longitude: 139), radius: 100)

    static func sighting(minor: Int = 1) -> Event {
        .beacon(BeaconSighting(uuid: uuid, major: 7, minor: minor, proximity: .near))
    }

    static func event(_ id: String, _ state: MonitorState) -> Record {
        .update(.monitorEvent(monitor: "geo", id: id, state, []))
    }

    /// A satisfied event a sighting caused: it names the beacon (its refinement, M22).
    static func sighted(_ id: String, minor: Int = 1) -> Record {
        .update(
            .refinedMonitorEvent(
                monitor: "geo", id: id, .satisfied, [], refinement: BeaconConstraint(uuid: uuid, major: 7, minor: minor)
            ))
    }

    static func monitorApp(_ configure: (inout Parameters) -> Void = { _ in }) throws -> SimulatorScript {
        var s = S(Platform(.iOS, 17, 0), configure)
        try s.launchAuthorized()
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        return s
    }

    @Test func aBeaconConditionIsLostAfterTheSilence() throws {
        var s = try Self.monitorApp { $0.beaconLostDelay = .seconds(30) }
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "door", Self.door)))
        #expect(try s.at(10, Self.sighting()) == [Self.sighted("door")])
        #expect(try s.at(30, Self.sighting(minor: 2)) == [], "still satisfied; the silence restarts")
        #expect(try s.at(59, .app(.stopMonitoringVisits)) == [])
        #expect(try s.at(60, .app(.stopMonitoringVisits)) == [Self.event("door", .unsatisfied)])
    }

    @Test func noDelayMeansOnlyExitLinesEndIt() throws {
        var s = try Self.monitorApp { $0.beaconLostDelay = nil }
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "door", Self.door)))
        try s.at(10, Self.sighting())
        #expect(try s.at(1000, .exit(regionID: "door")) == [Self.event("door", .unsatisfied)])
    }

    @Test func anEnterLineStopsTheSilenceTimer() throws {
        var s = try Self.monitorApp()
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "door", Self.door)))
        try s.at(10, Self.sighting())
        try s.at(20, .exit(regionID: "door"))
        try s.at(21, .enter(regionID: "door"))
        #expect(s.finish().map(\.record) == [], "the timer armed at 10 is stale")
    }

    @Test func anAssumedStateIsNoEvent() throws {
        var s = try Self.monitorApp()
        #expect(try s.at(4, .modern(.monitorAdd(name: "geo", id: "door", Self.door, assuming: .unsatisfied))) == [])
        #expect(try s.at(5, Self.sighting()) == [Self.sighted("door")])
        var t = try Self.monitorApp()
        try t.at(4, S.fix(35, 139))
        #expect(try t.at(5, .modern(.monitorAdd(name: "geo", id: "home", Self.home, assuming: .satisfied))) == [])
        #expect(
            try t.at(6, .modern(.monitorAdd(name: "geo", id: "far", Self.home, assuming: .unsatisfied)))
                == [Self.event("far", .satisfied)], "the last fix corrects a wrong assumption at once")
    }

    @Test func anAssumedSatisfiedBeaconNeverSightedIsLost() throws {
        var s = try Self.monitorApp { $0.beaconLostDelay = .seconds(20) }
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "door", Self.door, assuming: .satisfied)))
        #expect(s.finish().map(\.record) == [Self.event("door", .unsatisfied)])
    }

    @Test func aConditionBeyondTheLimitIsUnmonitoredOnIOS18() throws {
        var s = S(Platform(.iOS, 18, 0)) { $0.monitorConditionLimit = 0 }
        try s.launchAuthorized()
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        #expect(
            try s.at(4, .modern(.monitorAdd(name: "geo", id: "home", Self.home)))
                == [.update(.monitorEvent(monitor: "geo", id: "home", .unmonitored, .conditionLimitExceeded))])
    }

    @Test func parsesAndWritesAssumedStates() throws {
        let beacon = "1 app monitor geo add door beacon \(Self.uuid) 7 assuming satisfied"
        #expect(
            try Self.event(beacon) == .modern(.monitorAdd(name: "geo", id: "door", Self.door, assuming: .satisfied)))
        let bare = "1 app monitor geo add door beacon \(Self.uuid) assuming unknown"
        #expect(
            try Self.event(bare)
                == .modern(
                    .monitorAdd(name: "geo", id: "door", .beacon(BeaconConstraint(uuid: Self.uuid)), assuming: .unknown)
                ))
        let circle = "1 app monitor geo add home 35 139 100 assuming unsatisfied"
        #expect(
            try Self.event(circle) == .modern(.monitorAdd(name: "geo", id: "home", Self.home, assuming: .unsatisfied)))
        let written = Scenario.text(
            of: Event.modern(.monitorAdd(name: "geo", id: "home", Self.home, assuming: .unsatisfied)))
        #expect(
            try Self.event("1 " + written)
                == .modern(.monitorAdd(name: "geo", id: "home", Self.home, assuming: .unsatisfied)))
        for bad in [
            "1 app monitor geo add home 35 139 100 assuming",
            "1 app monitor geo add home 35 139 100 assuming unmonitored",
            "1 app monitor geo add home 35 139 100 maybe satisfied",
            "1 app monitor geo add home 35 139 100 assuming satisfied now",
            "1 app monitor geo add door beacon \(Self.uuid) 7 1 2",
        ] {
            #expect(throws: ScenarioError.self) { try Self.event(bad) }
        }
    }

    // MARK: Stationary suspension (docs/modern.md M2)

    @Test func aStationaryStreamSuspendsTheSessionAppUntilItMoves() throws {
        // The activity session works in the background with the `location` mode (docs/modern.md M21).
        var s = S(Platform(.iOS, 17, 0), plist: S.backgroundCapable) {
            $0.stationaryRadius = 20
            $0.stationaryDelay = .seconds(60)
        }
        try s.launchAuthorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(4, .modern(.liveUpdatesStart(.fitness)))
        try s.at(10, .background)
        try s.at(30, S.fix(35, 139))
        let rest = try s.at(90, S.fix(35, 139))
        #expect(rest == [.update(.liveUpdate(S.location(35, 139), .stationary)), .app(.suspend)])
        #expect(s.simulator.app == .suspended && s.simulator.inUse && s.simulator.indicator)
        #expect(try s.at(120, S.fix(35.00001, 139)) == [.drop(.liveUpdate(S.location(35.00001, 139)), .stationary)])
        let moved = S.location(35.01, 139)
        #expect(try s.at(150, S.fix(35.01, 139)) == [.app(.wake(.location)), .update(.liveUpdate(moved, []))])
        #expect(
            try s.at(400, S.fix(35.02, 139)) == [.update(.liveUpdate(S.location(35.02, 139), []))],
            "the session keeps it running")
    }

    @Test func aForegroundAppIsNotSuspendedWhenStationary() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.stationaryDelay = .zero }
        try s.launchAuthorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(4, .modern(.liveUpdatesStart(.default)))
        try s.at(5, S.fix(35, 139))
        #expect(try s.at(6, S.fix(35, 139)) == [.update(.liveUpdate(S.location(35, 139), .stationary))])
        #expect(s.simulator.app == .foreground)
    }

    // MARK: Low Power Mode and Background App Refresh (docs/rules.md §5)

    /// An Always app relaunched by a region event, with the device settings given.
    static func relaunchLog(_ platform: Platform, settings: [Event]) throws -> [Record] {
        var s = S(
            platform,
            plist: [
                "NSLocationUsageDescription": .string("u"), "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationAlwaysUsageDescription": .string("a"),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("a"),
            ])
        try s.at(0, .launch)
        try s.at(1, .user(.settings(.always, precise: nil)))
        try s.at(2, S.region("home"))
        for event in settings { try s.at(3, event) }
        try s.at(4, .background)
        try s.at(30, .systemTerminate)
        return try s.at(100, .enter(regionID: "home"))
    }

    @Test func backgroundAppRefreshOffBlocksRelaunchesOnIOS7Only() throws {
        let off: [Event] = [.user(.device(.backgroundAppRefresh, false))]
        let blocked = try Self.relaunchLog(Platform(.iOS, 7, 0), settings: off)
        #expect(blocked == [.drop(.enter(regionID: "home"), .notRunning)])
        let usual = try Self.relaunchLog(Platform(.iOS, 7, 0), settings: [])
        #expect(usual.first == .app(.launchBackground(.region)))
        #expect(
            try Self.relaunchLog(Platform(.iOS, 12, 0), settings: off)
                == Self.relaunchLog(Platform(.iOS, 12, 0), settings: []))
    }

    @Test func lowPowerModeChangesNoDelivery() throws {
        let on: [Event] = [.user(.device(.lowPower, true)), .user(.device(.backgroundAppRefresh, false))]
        for major in [9, 13, 17, 18] {
            let p = Platform(.iOS, major, 0)
            #expect(try Self.relaunchLog(p, settings: on) == Self.relaunchLog(p, settings: []), "iOS \(major)")
        }
    }

    @Test func deviceSettingsExistWhereTheirAPIsDo() throws {
        let cases: [(Platform, DeviceSetting, Bool)] = [
            (Platform(.iOS, 8, 0), .lowPower, false), (Platform(.iOS, 9, 0), .lowPower, true),
            (Platform(.macOS, 11, 0), .lowPower, false), (Platform(.macOS, 12, 0), .lowPower, true),
            (Platform(.watchOS, 7, 0), .lowPower, true), (Platform(.iOS, 7, 0), .backgroundAppRefresh, true),
            (Platform(.macOS, 14, 0), .backgroundAppRefresh, false),
            (Platform(.watchOS, 10, 0), .backgroundAppRefresh, false),
            (Platform(.tvOS, 10, 0), .backgroundAppRefresh, false),
            (Platform(.tvOS, 11, 0), .backgroundAppRefresh, true),
        ]
        for (platform, setting, exists) in cases {
            var s = S(platform)
            try s.at(0, .launch)
            if exists {
                try s.at(1, .user(.device(setting, true)))
            } else {
                #expect(throws: ScenarioError.self, "\(setting) on \(platform)") {
                    try s.at(1, .user(.device(setting, true)))
                }
            }
        }
    }

    @Test func parsesAndWritesDeviceSettings() throws {
        #expect(try Self.event("1 user settings lowPower on") == .user(.device(.lowPower, true)))
        #expect(
            try Self.event("1 user settings backgroundAppRefresh off") == .user(.device(.backgroundAppRefresh, false)))
        #expect(
            Scenario.text(of: Event.user(.device(.backgroundAppRefresh, false)))
                == "user settings backgroundAppRefresh off")
        for bad in ["1 user settings lowPower", "1 user settings lowPower maybe", "1 user settings lowPower on now"] {
            #expect(throws: ScenarioError.self) { try Self.event(bad) }
        }
    }
}
