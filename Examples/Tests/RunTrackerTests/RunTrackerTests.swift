import LocSimKit
import RunTracker
import RunTrackerSimulation
import Testing

/// The app around the tracker: device, manager, delegate forwarding
/// (Examples/Sources/RunTrackerSimulation/SimulatedRunApp.swift).
typealias SimulatedRunApp = RunTrackerSimulation.SimulatedRunApp<RunTracker>

/// `RunTracker` under locsim's rules on iOS 13.0, 14.0 and 17.0. Each test
/// checks something a hand-made `CLLocationManager` mock gets wrong: it
/// calls the delegate when the test says so and knows no rule.
@Suite struct RunTrackerTests {
    static let start = Coordinate(latitude: 35.6581, longitude: 139.7017)

    /// A fix `i` steps (about 11 m each) north of the start.
    static func fix(_ i: Int) -> Fix {
        Fix(Location(Coordinate(latitude: start.latitude + Double(i) * 0.0001, longitude: start.longitude), accuracy: 5))
    }

    /// Launch, start a run, answer the When In Use prompt.
    static func runStarted(on platform: Platform, answer: Answer, precise: Bool? = nil) throws -> SimulatedRunApp {
        let app = try SimulatedRunApp(platform)
        app.tracker.startRun()
        try app.device.advance(by: .seconds(1))
        try app.device.user.answer(answer, precise: precise)
        return app
    }

    /// The device's log replays from its scenario, so a failure here can be
    /// rerun and read with `locsim run`.
    static func expectReplayable(_ app: SimulatedRunApp) throws {
        try app.device.runUntilIdle()
        #expect(try Replay.log(of: Array(app.device.scenario.utf8)) == app.device.log)
    }

    // MARK: iOS 13.0: provisional Always holds events

    /// On iOS 13.0–13.3 `requestAlwaysAuthorization` from When In Use shows
    /// no prompt: the status reads Always (provisional), but events in the
    /// background are held until the user sees the upgrade prompt. A mock
    /// reporting `.authorizedAlways` would remind at once.
    @Test(arguments: [Answer.changeToAlways, .keepWhileUsing])
    func provisionalAlwaysHoldsTheHomeExit(upgrade: Answer) throws {
        let app = try Self.runStarted(on: .iOS(13, 0), answer: .allowWhileUsing)
        try app.device.feed(trace: (0..<10).map(Self.fix))
        #expect(app.tracker.currentRun?.count == 10)
        app.tracker.endRun()  // the first run: asks for Always
        try app.device.advance(by: .seconds(1))
        #expect(app.tracker.permission == .always)
        #expect(!app.device.log.records.contains { $0.prompt.map { if case .show(.upgrade, _, _) = $0 { true } else { false } } == true })

        try app.device.app.enterBackground()
        #expect(!app.tracker.isUpdating)
        try app.device.advance(by: .seconds(60))
        try app.device.world.exit(regionID: RunTracker.homeRegionID)
        #expect(app.tracker.reminders == 0)
        #expect(app.device.log.records.last?.holdReason == .provisionalAlways)

        try app.device.advance(by: .seconds(30))
        try app.device.app.systemNotBusy()  // the upgrade prompt shows
        try app.device.user.answer(upgrade)
        if upgrade == .changeToAlways {
            #expect(app.tracker.reminders == 1)
            let exit = app.device.log.records.first { $0.callback == .didExitRegion(regionID: RunTracker.homeRegionID) }
            #expect(exit?.time == app.device.now)
        } else {
            #expect(app.tracker.reminders == 0)
            #expect(app.device.log.records.last { $0.dropReason != nil }?.dropReason == .keptWhileUsing)
            // The app is suspended: it hears of the change when it next runs.
            #expect(app.tracker.permission == .always)
            try app.device.app.enterForeground()
            #expect(app.tracker.permission == .whileUsing)
        }
        try Self.expectReplayable(app)
    }

    // MARK: iOS 14.0: Allow Once and the grace period

    /// Allow Once lasts while the app is in use: `grace` (5 s) after it leaves
    /// the foreground the status returns to Not Determined, and the next run
    /// asks again. `requestAlwaysAuthorization` is ignored under Allow Once.
    @Test func allowOnceExpiresAfterTheGracePeriod() throws {
        let app = try Self.runStarted(on: .iOS(14, 0), answer: .allowOnce)
        try app.device.feed(trace: (0..<5).map(Self.fix))
        app.tracker.endRun()  // asks for Always: ignored under Allow Once
        try app.device.advance(by: .seconds(1))
        #expect(app.device.log.records.filter { $0.prompt.map { if case .show = $0 { true } else { false } } == true }.count == 1)

        try app.device.app.enterBackground()
        let left = app.device.now
        try app.device.advance(to: left + Millis(4_999))
        #expect(app.tracker.permission == .whileUsing)  // still in use: the grace period
        try app.device.advance(to: left + .seconds(5))
        #expect(app.tracker.permission == .undecided)

        try app.device.advance(by: .seconds(60))
        try app.device.app.enterForeground()
        app.tracker.startRun()
        try app.device.advance(by: .zero)
        #expect(app.device.log.records.filter { $0.prompt.map { if case .show = $0 { true } else { false } } == true }.count == 2)
        try Self.expectReplayable(app)
    }

    /// A run under way keeps a background location session: points arrive in
    /// the background, and (Allow Once) the authorization does not expire.
    /// Ending the run in the background ends the session and in use at once
    /// — no grace period then — so Allow Once expires at that instant.
    @Test(arguments: [Platform.iOS(14, 0), .iOS(17, 0)], [Answer.allowOnce, .allowWhileUsing])
    func aRunKeepsUpdatesInTheBackground(platform: Platform, answer: Answer) throws {
        let app = try Self.runStarted(on: platform, answer: answer)
        try app.device.app.enterBackground()
        try app.device.advance(by: .seconds(30))
        try app.device.feed(trace: (0..<60).map(Self.fix))
        #expect(app.tracker.currentRun?.count == 60)
        #expect(app.tracker.permission == .whileUsing)
        #expect(app.device.log.records.last { $0.record.kind == .indicator }?.record == .indicator(on: true))

        app.tracker.endRun()
        try app.device.advance(by: .zero)
        let ended = app.device.now
        #expect(app.tracker.permission == (answer == .allowOnce ? .undecided : .whileUsing))
        if answer == .allowOnce {
            let expired = app.device.log.records.last { $0.callback != nil }
            #expect(expired?.time == ended)
        }
        try app.device.advance(by: .seconds(10))
        try app.device.feed(fix: Self.fix(61))
        #expect(app.tracker.runs.last?.count == 60)  // suspended, updates stopped
        try Self.expectReplayable(app)
    }

    // MARK: iOS 14.0 and 17.0: reduced accuracy

    /// With Precise off, the run asks for temporary full accuracy. Granted,
    /// every fix arrives as sensed; declined, the run gets one point snapped
    /// to a 5 km grid (accuracy 5000 m) and no other for 15 minutes. A mock
    /// hands every fix over precisely either way.
    @Test(arguments: [Platform.iOS(14, 0), .iOS(17, 0)], [Answer.allowOnce, .dontAllow])
    func reducedAccuracyRunAsksForFullAccuracy(platform: Platform, fullAccuracyAnswer: Answer) throws {
        let app = try Self.runStarted(on: platform, answer: .allowWhileUsing, precise: false)
        try app.device.advance(by: .seconds(1))
        try app.device.user.answer(fullAccuracyAnswer)  // the temporary full-accuracy prompt
        try app.device.feed(trace: (0..<30).map(Self.fix))
        let run = try #require(app.tracker.currentRun)
        if fullAccuracyAnswer == .allowOnce {
            #expect(app.tracker.fullAccuracy)
            #expect(run.count == 30)
            #expect(run.allSatisfy { $0.accuracy == 5 })
        } else {
            #expect(!app.tracker.fullAccuracy)
            #expect(run.count == 1)
            #expect(run.first?.accuracy == 5000)
            #expect(run.first?.latitude != Self.start.latitude)
        }
        try Self.expectReplayable(app)
    }

    // MARK: iOS 17.0: the upgrade prompt

    /// From iOS 13.4 `requestAlwaysAuthorization` from When In Use shows the
    /// upgrade prompt at once; Keep While Using leaves no Always to monitor with.
    @Test(arguments: [Answer.changeToAlways, .keepWhileUsing])
    func alwaysAfterTheFirstRunPrompts(upgrade: Answer) throws {
        let app = try Self.runStarted(on: .iOS(17, 0), answer: .allowWhileUsing)
        try app.device.feed(trace: (0..<3).map(Self.fix))
        app.tracker.endRun()
        try app.device.advance(by: .seconds(1))
        try app.device.user.answer(upgrade)
        try app.device.app.enterBackground()
        try app.device.advance(by: .seconds(60))
        if upgrade == .changeToAlways {
            try app.device.world.exit(regionID: RunTracker.homeRegionID)
            #expect(app.tracker.reminders == 1)
        } else {
            #expect(app.tracker.permission == .whileUsing)
            #expect(app.device.log.records.allSatisfy { $0.callback != .didStartMonitoring(regionID: RunTracker.homeRegionID) })
        }
        try Self.expectReplayable(app)
    }
}
