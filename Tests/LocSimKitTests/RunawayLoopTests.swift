import Testing

@testable import LocSimKit

/// Inputs that used to run away (issue 33's outside attack): a reaction or
/// the app's own code re-arming a timer of the rules from the timer's own
/// callback ran to the last instant a scenario can hold, 10¹² seconds away,
/// writing without bound; and `explore --random` with few outcomes never
/// showed its progress. Each is bounded now, with the documented error.
@Suite struct RunawayLoopTests {
    static let header = """
        locsim 1
        platform iOS 14.0
        plist NSLocationWhenInUseUsageDescription "x"

        """
    /// `requestLocation` again on each failure, with one request made at 0.
    static let retrying =
        header + """
            on didFailWithError app requestLocation
            0 launch
            0 app requestWhenInUseAuthorization
            0 user allowWhileUsing
            0 app requestLocation

            """

    static func run(_ text: String) throws(ScenarioError) -> [String] {
        var reader = LineReader(bytes: Array(text.utf8))
        var writer = TextLogWriter()
        try Replay.run(&reader, into: &writer)
        return writer.text.split(separator: "\n").map(String.init)
    }

    static func error(_ text: String) -> ScenarioError? {
        do { _ = try run(text) } catch { return error }
        return nil
    }

    /// The most natural retry: `requestLocation` again on each failure, with
    /// no fix to come. Each 10 s timeout fails, and the failure re-requests:
    /// an error at the `on` line once 10,000 timers have run reactions with
    /// no line between them (before: 200 MB of log in 7 s, and on).
    @Test func aReactionReArmingARequestLocationTimeoutStops() {
        let error = Self.error(Self.retrying)
        #expect(error?.location == SourceLocation(line: 4, column: 1))
        #expect(
            error?.message.hasPrefix("more than \(ClosedLoop.maxTimerRuns) timers of the rules ran reactions") == true)
    }

    /// A deferral re-allowed each time its timeout ends it (iOS 6–12) is the
    /// same loop through another timer.
    @Test func aReactionReArmingADeferralStops() {
        let error = Self.error(
            """
            locsim 1
            platform iOS 10.0
            plist NSLocationAlwaysUsageDescription "y"
            plist UIBackgroundModes location
            on didFinishDeferredUpdatesWithError app allowDeferredLocationUpdates 1 1
            0 launch
            0 user settings always
            0 app startUpdatingLocation
            1 app allowDeferredLocationUpdates 1 1
            2 fix 1 1
            """)
        #expect(error?.location.line == 5)
        #expect(error?.message.contains("re-arming a timer") == true)
    }

    /// The count starts again at each scenario line: 6,000 timeouts up to
    /// a line and 6,000 after it are no error (a limit on the whole run
    /// would stop them).
    @Test func retriesALineEndsAreNoError() throws {
        let log = try Self.run(
            Self.retrying + """
                60000 fix 35 139 5
                60000 app requestLocation
                120000 fix 35 139 5
                """)
        // A timeout every 10 s up to each fix line (the one due at its instant runs before it).
        #expect(log.filter { $0.contains("delegate locationManager(_:didFailWithError:)") }.count == 12_000)
        #expect(log.last?.hasPrefix("120010.000 delegate locationManager(_:didUpdateLocations:)") == true)
    }

    /// `locsim explore` runs each path through the same loop: the path
    /// stops with the error (an outcome row), and the search ends.
    @Test func exploreStopsTheLoopingPath() throws {
        let text =
            Self.header + """
                on didFailWithError app requestLocation
                0 launch
                0 app requestWhenInUseAuthorization
                1 app requestLocation
                """
        let report = try Explore(jobs: 1).run(Array(text.utf8))
        let errors = report.platforms[0].rows.compactMap(\.outcome.error)
        #expect(errors.contains { $0.message.contains("timers of the rules ran reactions") })
    }

    /// App code that retries from its own callback: `runUntilIdle` stops
    /// after 10,000 such timers and throws, instead of running (and keeping
    /// records) to the last instant.
    @Test func appCodeReArmingATimerStopsRunUntilIdle() throws {
        let device = try SimulatedDevice(platform: .iOS(14, 0), plist: SimulatedDeviceTests.whenInUse)
        let delegate = DelegateRecorder()
        delegate.onFailure = { $0.requestLocation() }
        let manager = device.makeLocationManager()
        manager.delegate = delegate
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.requestLocation()
        var thrown: DeviceError? = nil
        do { try device.runUntilIdle() } catch { thrown = error }
        #expect(thrown?.code == .rejected)
        #expect(thrown?.message.contains("more than \(ClosedLoop.maxTimerRuns) timers ran the app's code") == true)
        #expect(delegate.heard.filter { $0.hasPrefix("fail") }.count == ClosedLoop.maxTimerRuns + 1)
    }

    /// `--random <n>` reports progress every 1024 samples, however few the
    /// outcomes (before: only when a 1024th distinct outcome was found, so
    /// a long sampling of one outcome stayed silent).
    @Test func samplingReportsProgressWithFewOutcomes() throws {
        let text =
            Self.header + """
                0 launch
                0 app requestWhenInUseAuthorization
                """
        var explore = Explore(jobs: 1)
        explore.sampling = Explore.Sampling(samples: 5_000, seed: 1)
        let calls = Locked(0)
        let report = try explore.run(Array(text.utf8)) { _ in calls.withLock { $0 += 1 } }
        #expect(report.platforms[0].rows.count < 10)
        #expect(calls.withLock { $0 } == 4)
    }
}
