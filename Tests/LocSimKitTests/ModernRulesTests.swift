import Testing

@testable import LocSimKit

/// docs/modern.md: the iOS 17+ state machines on their own, then wired into the simulator.
@Suite struct ModernRulesTests {
    typealias S = SimulatorScript

    static let here = Location(Coordinate(latitude: 35.0, longitude: 139.0), accuracy: 5)
    static let nearby = Location(Coordinate(latitude: 35.00005, longitude: 139.0), accuracy: 5)  // about 5.6 m away
    static let away = Location(Coordinate(latitude: 35.001, longitude: 139.0), accuracy: 5)  // about 111 m away

    // MARK: LiveUpdates (M2: stationary)

    static func motion(_ live: LiveUpdates) -> LiveUpdates.Motion? {
        if case .running(let stream) = live.state { return stream.motion }
        return nil
    }

    @Test func stationaryAfterDelayWithinRadiusThenPausedUntilMoved() {
        var live = LiveUpdates()
        _ = live.start(.fitness, standing: .effective)
        let radius = 20.0
        let delay = Millis.seconds(60)
        #expect(live.observe(Self.here, at: .seconds(0), radius: radius, delay: delay) == .yield(stationary: false))
        #expect(live.observe(Self.nearby, at: .seconds(59), radius: radius, delay: delay) == .yield(stationary: false))
        #expect(live.observe(Self.nearby, at: .seconds(60), radius: radius, delay: delay) == .yield(stationary: true))
        #expect(live.observe(Self.here, at: .seconds(90), radius: radius, delay: delay) == .paused)
        #expect(live.observe(Self.away, at: .seconds(100), radius: radius, delay: delay) == .yield(stationary: false))
        #expect(Self.motion(live) == .moving)
    }

    @Test func startForgetsTheLastIteration() {
        var live = LiveUpdates()
        _ = live.start(.default, standing: .effective)
        _ = live.observe(Self.here, at: .zero, radius: 20, delay: .zero)
        _ = live.observe(Self.nearby, at: .zero, radius: 20, delay: .zero)
        #expect(Self.motion(live) == .stationary)
        _ = live.start(.airborne, standing: .effective)
        #expect(live.state == .running(LiveUpdates.Stream(configuration: .airborne)))
    }

    @Test func backgroundDeliveryAtTerminationQueuesForTheRestart() {
        var live = LiveUpdates()
        _ = live.start(.default, standing: .effective)
        let lost = live.terminated(backgroundDelivery: false)
        #expect(lost == [])
        #expect(live.state == .off)
        _ = live.start(.default, standing: .effective)
        _ = live.terminated(backgroundDelivery: true)
        #expect(live.state == .awaitingRelaunch && !live.isRunning && live.wantsFixes && live.resumesAfterRelaunch)
        live.queue(Self.here, at: .seconds(60))
        live.queue(Self.away, at: .seconds(65))
        let queued = live.start(.fitness, standing: .effective)
        #expect(
            queued == [
                TimedLocation(location: Self.here, time: .seconds(60)),
                TimedLocation(location: Self.away, time: .seconds(65)),
            ])
        #expect(live.isRunning && !live.resumesAfterRelaunch)
    }

    @Test func aRelaunchedAppThatDoesNotRestartAbandonsTheStream() {
        var live = LiveUpdates()
        _ = live.start(.default, standing: .effective)
        _ = live.terminated(backgroundDelivery: true)
        live.queue(Self.here, at: .seconds(60))
        let abandoned = live.abandoned()
        #expect(abandoned == [TimedLocation(location: Self.here, time: .seconds(60))])
        #expect(live.state == .off && !live.wantsFixes)
        let again = live.abandoned()
        #expect(again == [], "nothing to abandon twice")
    }

    @Test func aWaitingIterationTakesEffectInTheForeground() {
        var live = LiveUpdates()
        _ = live.start(.fitness, standing: .waiting)
        #expect(live.stream?.standing == .waiting)
        let tookEffect = live.foreground()
        #expect(tookEffect && live.stream?.standing == .effective)
        let twice = live.foreground()
        #expect(!twice, "already effective")
    }

    // MARK: ActivitySession (M6)

    @Test func sessionBegunOutOfTheForegroundWaitsForIt() {
        var session = ActivitySession()
        let standing = session.begin(foreground: false)
        #expect(standing == .waiting && session.state == .pending && !session.keepsInUse)
        let second = session.begin(foreground: true)
        #expect(second == nil, "one exists already")
        let tookEffect = session.foreground()
        #expect(tookEffect && session.keepsInUse)
        let ended = session.end()
        let endedAgain = session.end()
        #expect(ended && !endedAgain)
    }

    @Test func terminationRemembersAHeldSessionForTheRelaunch() {
        var session = ActivitySession()
        _ = session.begin(foreground: true)
        let existed = session.terminated()
        #expect(existed && session.state == .heldWhenEnded && !session.exists)
        session.relaunched()
        let standing = session.begin(foreground: false)
        #expect(standing == .effective && session.keepsInUse)
    }

    @Test func aSuspensionEndsTheRelaunchRun() {
        var session = ActivitySession()
        _ = session.begin(foreground: true)
        _ = session.terminated()
        session.relaunched()
        session.suspended()
        let standing = session.begin(foreground: false)
        #expect(standing == .waiting && session.state == .pending)
    }

    // MARK: Diagnostics in the simulator (M3, M7, M9); the delivery rows are in DeliveryTableTests

    @Test func whenInUseOutOfUseIsInsufficientlyInUseOnIOS18Only() throws {
        for (major, expected) in [(18, [Record.update(.liveUpdate(nil, [.insufficientlyInUse]))]), (17, [])] {
            var s = try authorized(Platform(.iOS, major, 0)) { $0.grace = .zero }
            try s.at(3, .modern(.liveUpdatesStart(.default)))
            _ = try s.at(10, .background)
            let loc = S.location(35, 139)
            let records = try s.at(10.5, S.fix(35, 139))
            #expect(
                records == [.inUseEnd(.graceExpired)] + expected + [.drop(.liveUpdate(loc), .notInUse)],
                "iOS \(major): \(records)")
        }
    }

    @Test func explicitSessionRequirementComesFirst() throws {
        var s = S(
            Platform(.iOS, 18, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationRequireExplicitServiceSession": .bool(true),
            ])
        try s.at(0, .launch)
        #expect(
            try s.at(1, .modern(.liveUpdatesStart(.default)))
                == [
                    .session(.begin(.liveUpdates(.default), .effective)),
                    .update(.liveUpdate(nil, [.serviceSessionRequired])),
                ])
        #expect(try s.at(2, S.fix(35, 139)) == [.drop(.liveUpdate(S.location(35, 139)), .serviceSessionRequired)])
    }

    @Test func reducedAccuracyIsAccuracyLimited() throws {
        var s = try authorized(Platform(.iOS, 18, 0), precise: false)
        try s.at(3, .modern(.liveUpdatesStart(.default)))
        let records = try s.at(4, S.fix(35, 139))
        guard case .update(.liveUpdate(_?, let flags))? = records.last?.event else {
            Issue.record("no element: \(records)")
            return
        }
        #expect(flags == [.accuracyLimited])
    }

    // MARK: ServiceSessions (M7, M8, M9)

    @Test func noneSessionMeetsTheRequirementOnlyWhenAuthorized() {
        var sessions = ServiceSessions()
        _ = sessions.begin("a", .none, purposeKey: nil, foreground: true)
        #expect(!sessions.meetRequirement(authorized: false))
        #expect(sessions.meetRequirement(authorized: true))
        let b = sessions.begin("b", .whenInUse, purposeKey: nil, foreground: false)
        #expect(b.standing == .waiting)
        #expect(
            !sessions.meetRequirement(authorized: false), "a session created out of the foreground is not effective")
        let changed = sessions.foreground()
        #expect(changed.map(\.name) == ["b"])
        #expect(sessions.meetRequirement(authorized: false))
        let ended = sessions.end("b")
        let endedAgain = sessions.end("b")
        #expect(ended != nil && endedAgain == nil)
    }

    @Test func aMatchingSessionRejoinsDuringTheRelaunchRunOnly() {
        var sessions = ServiceSessions()
        _ = sessions.begin("geo", .always, purposeKey: nil, foreground: true)
        let ended = sessions.terminated()
        #expect(ended.map(\.name) == ["geo"])
        sessions.relaunched()
        let noMatch = sessions.begin("w", .whenInUse, purposeKey: nil, foreground: false)
        #expect(noMatch.standing == .waiting, "no match")
        let match = sessions.begin("again", .always, purposeKey: nil, foreground: false)
        #expect(match.standing == .effective)
        #expect(sessions.delivery(explicitRequired: false, authorized: true) == .always)
        _ = sessions.terminated()
        sessions.relaunched()
        sessions.runEnded()
        let late = sessions.begin("late", .always, purposeKey: nil, foreground: false)
        #expect(late.standing == .waiting)
    }

    @Test func aReplacedSessionIsReturned() {
        var sessions = ServiceSessions()
        _ = sessions.begin("s", .whenInUse, purposeKey: nil, foreground: true)
        let (replaced, standing) = sessions.begin("s", .always, purposeKey: nil, foreground: true)
        #expect(replaced?.requirement == .whenInUse && standing == .effective && sessions.sessions.count == 1)
        #expect(sessions.strongestRequirement == .always)
    }

    @Test func alwaysSessionDiagnostics() {
        var sessions = ServiceSessions()
        _ = sessions.begin("t", .always, purposeKey: "Nav", foreground: true)
        #expect(sessions.delivery(explicitRequired: true, authorized: false) == .always)
        let context = ServiceSessions.DiagnosticContext(
            authorizationFlags: [.serviceSessionRequired], level: .whenInUse, inUse: false,
            alwaysDenied: true, fullAccuracyDenied: true)
        let changed = sessions.refreshDiagnostics(context)
        #expect(changed.map(\.lastFlags) == [[.insufficientlyInUse, .alwaysAuthorizationDenied, .fullAccuracyDenied]])
        // Nothing changed since: nothing to yield.
        #expect(sessions.refreshDiagnostics(context).isEmpty)
    }

    /// The diagnostics walk visits only the sessions begun since the last
    /// one when nothing else changed, in the order begun, and yields what a
    /// full walk would (issue 26: 20,000 sessions were quadratic).
    @Test func refreshingAfterABeginYieldsOnlyTheNewSessionInOrder() {
        var sessions = ServiceSessions()
        let context = ServiceSessions.DiagnosticContext(
            authorizationFlags: [], level: .whenInUse, inUse: true, alwaysDenied: false, fullAccuracyDenied: false)
        _ = sessions.begin("a", .whenInUse, purposeKey: nil, foreground: true)
        _ = sessions.begin("b", .none, purposeKey: nil, foreground: true)
        #expect(sessions.refreshDiagnostics(context).map(\.name) == ["a", "b"])
        _ = sessions.begin("c", .always, purposeKey: nil, foreground: true)
        _ = sessions.begin("a", .always, purposeKey: nil, foreground: false)  // replaces a, now last
        #expect(sessions.refreshDiagnostics(context).map(\.name) == ["c", "a"])
        var moved = context
        moved.inUse = false
        #expect(sessions.refreshDiagnostics(moved).map(\.name) == ["b", "c"])  // a was already insufficientlyInUse
        #expect(sessions.foreground().map(\.name) == ["a"])
        #expect(sessions.meetRequirement(authorized: false) && sessions.strongestRequirement == .always)
        _ = sessions.end("c")
        _ = sessions.end("a")
        #expect(sessions.strongestRequirement == nil && !sessions.meetRequirement(authorized: false))
        #expect(sessions.meetRequirement(authorized: true))
    }

    // MARK: Availability

    @Test func callsNameTheVersionThatIntroducedThem() {
        let ios16 = RulesVersion(Platform(.iOS, 16, 0))
        let ios17 = RulesVersion(Platform(.iOS, 17, 0))
        #expect(
            ModernAvailability.problem(.liveUpdatesStart(.default), on: ios16)?.hasSuffix("introduced in iOS 17.0")
                == true)
        #expect(ModernAvailability.problem(.liveUpdatesStart(.default), on: ios17) == nil)
        let begin = ModernCall.serviceSessionBegin(name: "s", .whenInUse, fullAccuracyPurposeKey: nil)
        #expect(ModernAvailability.problem(begin, on: ios17)?.hasSuffix("introduced in iOS 18.0") == true)
        let tvAlways = ModernCall.serviceSessionBegin(name: "s", .always, fullAccuracyPurposeKey: nil)
        #expect(ModernAvailability.problem(tvAlways, on: RulesVersion(Platform(.tvOS, 18, 0))) != nil)
        #expect(
            ModernAvailability.problem(.backgroundActivitySessionBegin, on: RulesVersion(Platform(.macOS, 15, 0)))
                != nil)
    }

    // MARK: In the simulator

    func authorized(
        _ p: Platform, precise: Bool? = nil, _ configure: (inout Parameters) -> Void = { _ in }
    ) throws -> SimulatorScript {
        var s = S(p, plist: S.backgroundCapable, configure)
        try s.launchAuthorized(precise: precise)
        return s
    }

    @Test func activitySessionKeepsTheAppInUseAndRunning() throws {
        var s = try authorized(Platform(.iOS, 17, 0))
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(4, .modern(.liveUpdatesStart(.default)))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
        let loc = S.location(35, 139)
        #expect(try s.at(100, S.fix(35, 139)) == [.update(.liveUpdate(loc, []))])
        #expect(
            try s.at(110, .modern(.backgroundActivitySessionEnd))
                == [
                    .session(.end(.backgroundActivitySession, .invalidated)), .indicator(on: false),
                    .inUseEnd(.sessionEnded),
                ])
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(s.finish().map(\.record) == [.app(.suspend)])
    }

    @Test func implicitPromptOnlyFromIOS18() throws {
        var s17 = S(Platform(.iOS, 17, 0), plist: ["NSLocationWhenInUseUsageDescription": .string("w")])
        try s17.at(0, .launch)
        #expect(
            try s17.at(1, .modern(.liveUpdatesStart(.default))) == [
                .session(.begin(.liveUpdates(.default), .effective))
            ])
        var s18 = S(Platform(.iOS, 18, 0), plist: ["NSLocationWhenInUseUsageDescription": .string("w")])
        try s18.at(0, .launch)
        let records = try s18.at(1, .modern(.liveUpdatesStart(.default)))
        #expect(records.first == .session(.begin(.liveUpdates(.default), .effective)))
        #expect(records.dropFirst().first == .prompt(.show(.whenInUse, text: "w", answers: Simulator.modernAnswers)))
        #expect(records.last == .update(.liveUpdate(nil, [.authorizationRequestInProgress])))
    }

    @Test func callsWhileSuspendedAreErrors() throws {
        var s = try authorized(Platform(.iOS, 18, 0))
        try s.at(10, .background)
        _ = try s.at(20, .systemNotBusy)
        #expect(throws: ScenarioError.self) { try s.at(30, .modern(.liveUpdatesStart(.default))) }
    }

    @Test func endingAnUnknownServiceSessionIsAnError() throws {
        var s = try authorized(Platform(.iOS, 18, 0))
        #expect(throws: ScenarioError.self) { try s.at(3, .modern(.serviceSessionEnd(name: "nope"))) }
    }
}

/// docs/modern.md M13–M17: CLMonitor's state machine, then in the simulator.
@Suite struct MonitorRulesTests {
    typealias S = SimulatorScript
    static let home = MonitorCondition.circle(center: Coordinate(latitude: 35.6812, longitude: 139.7671), radius: 100)

    @Test func openIsOncePerNameAndEndsWithTheProcess() {
        var m = Monitors()
        let first = m.open("geo")
        let second = m.open("geo")
        #expect(first && !second)
        m.add("geo", "home", Self.home, boundary: Boundary(state: .unknown))
        m.terminated()
        #expect(!m.isOpen("geo") && !m.isEmpty, "conditions persist, monitors do not")
        let reopened = m.open("geo")
        #expect(reopened)
        let removed = m.remove("geo", "home")
        let again = m.remove("geo", "home")
        #expect(removed && !again && m.isEmpty)
    }

    @Test func limitCountsConditionsOfOneTypeInTheOrderAdded() {
        var m = Monitors()
        let beacon = MonitorCondition.beacon(BeaconConstraint(uuid: "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5"))
        m.add("a", "c1", Self.home, boundary: Boundary(state: .unknown))
        m.add("a", "b1", beacon, boundary: Boundary(state: .unknown))
        m.add("b", "c2", Self.home, boundary: Boundary(state: .unknown))
        #expect(!m.exceedsLimit(Monitors.key("a", "c1"), limit: 1))
        #expect(!m.exceedsLimit(Monitors.key("a", "b1"), limit: 1), "beacons count apart")
        #expect(m.exceedsLimit(Monitors.key("b", "c2"), limit: 1))
        _ = m.remove("a", "c1")
        #expect(!m.exceedsLimit(Monitors.key("b", "c2"), limit: 1))
    }

    @Test func sameIDInTwoMonitorsIsTwoConditions() {
        var m = Monitors()
        m.add("a", "x", Self.home, boundary: Boundary(state: .unknown))
        m.add("b", "x", Self.home, boundary: Boundary(state: .unknown))
        #expect(m.keys(withID: "x") == [Monitors.key("a", "x"), Monitors.key("b", "x")])
    }

    func alwaysApp(_ major: Int) throws -> SimulatorScript {
        var s = S(Platform(.iOS, major, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, .modern(.monitorOpen(name: "geo")))
        try s.at(6, .modern(.monitorAdd(name: "geo", id: "home", Self.home)))
        return s
    }

    @Test func relaunchedAppGetsTheEventOnlyOnceItOpensTheMonitor() throws {
        var s = try alwaysApp(17)
        try s.at(10, .terminate)
        let relaunch = try s.at(20, .enter(regionID: "home"))
        #expect(relaunch.first == .app(.launchBackground(.region)))
        #expect(relaunch.last == .hold(.monitorEvent(monitor: "geo", id: "home", .satisfied), .monitorNotOpen))
        #expect(
            try s.at(21, .exit(regionID: "home")) == [
                .drop(.monitorEvent(monitor: "geo", id: "home", .unsatisfied), .eventPending)
            ])
        #expect(
            try s.at(22, .modern(.monitorOpen(name: "geo"))) == [
                .update(.monitorEvent(monitor: "geo", id: "home", .satisfied, []))
            ])
    }

    @Test func iOS18AlwaysOutOfUseNeedsAnAlwaysSession() throws {
        var s = try alwaysApp(18)
        try s.at(10, .background)
        try s.at(30, .systemNotBusy)
        #expect(
            try s.at(40, .enter(regionID: "home")) == [
                .drop(.monitorEvent(monitor: "geo", id: "home", .satisfied), .notInUse)
            ])
    }

    /// M14: a sighting with a known proximity satisfies a matching beacon
    /// identity condition once; `unknown` proximity and other beacons do not.
    @Test func beaconSightingsSatisfyMatchingBeaconConditions() throws {
        var s = try alwaysApp(17)
        let uuid = "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5"
        try s.at(7, .modern(.monitorAdd(name: "geo", id: "door", .beacon(BeaconConstraint(uuid: uuid, major: 7)))))
        #expect(try s.at(8, .beacon(BeaconSighting(uuid: uuid, major: 8, minor: 1, proximity: .near))) == [])
        #expect(try s.at(9, .beacon(BeaconSighting(uuid: uuid, major: 7, minor: 1, proximity: .unknown))) == [])
        let door = UpdateRecord.refinedMonitorEvent(
            monitor: "geo", id: "door", .satisfied, [], refinement: BeaconConstraint(uuid: uuid, major: 7, minor: 1))
        #expect(
            try s.at(10, .beacon(BeaconSighting(uuid: uuid, major: 7, minor: 1, proximity: .near))) == [.update(door)])
        #expect(try s.at(11, .beacon(BeaconSighting(uuid: uuid, major: 7, minor: 2, proximity: .far))) == [])
    }

    @Test func callsNeedAnOpenMonitor() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.launchAuthorized()
        #expect(throws: ScenarioError.self) { try s.at(3, .modern(.monitorAdd(name: "geo", id: "home", Self.home))) }
        try s.at(4, .modern(.monitorOpen(name: "geo")))
        #expect(throws: ScenarioError.self) { try s.at(5, .modern(.monitorRemove(name: "geo", id: "nope"))) }
    }
}

/// docs/modern.md M18: a session's fullAccuracyPurposeKey shows the temporary full-accuracy prompt once.
@Suite struct SessionFullAccuracyTests {
    @Test func promptOncePerSessionWithoutCompletion() throws {
        var s = SimulatorScript(
            Platform(.iOS, 18, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationTemporaryUsageDescriptionDictionary.Run": .string("exact"),
            ])
        try s.launchAuthorized(precise: false)
        let shown = try s.at(3, .modern(.serviceSessionBegin(name: "a", .whenInUse, fullAccuracyPurposeKey: "Run")))
        #expect(shown.first == .session(.begin(.serviceSession(name: "a", .whenInUse), .effective)))
        #expect(
            shown.dropFirst().first
                == .prompt(.show(.temporaryFullAccuracy, text: "exact", answers: [.allowOnce, .dontAllow])))
        let answered = try s.at(4, .user(.answer(.dontAllow, precise: nil)))
        #expect(!answered.contains { if case .completion = $0.event { return true } else { return false } })
        #expect(
            !answered.contains { if case .prompt(.show) = $0.event { return true } else { return false } }, "asked once"
        )
    }
}
