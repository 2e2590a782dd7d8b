import Testing

@testable import LocSimKit

/// Deferred location updates, iOS 6 to 12 (docs/rules.md §8, "Deferred
/// updates"): the errors a deferral starts with, how it ends, the
/// cancelled `requestLocation`, no effect from iOS 13, availability, the
/// parser and `SimulatedDevice`.
@Suite struct DeferredUpdatesTests {
    typealias S = SimulatorScript

    static func finished(_ error: CLErrorCode?) -> Record { .delegate(.didFinishDeferredUpdates(error)) }
    static func allow(_ meters: Double?, _ seconds: Int64?) -> Event {
        .app(.allowDeferredLocationUpdates(distance: meters, timeout: seconds.map(Millis.seconds)))
    }
    static func location(_ lat: Double) -> Location {
        Location(Coordinate(latitude: lat, longitude: 139.7), accuracy: 5)
    }

    /// iOS 12, When In Use, updates running from 3 with a fix at 4 at latitude 35.
    static func updating() throws -> S {
        var s = S(Platform(.iOS, 12, 0))
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, S.fix(35, 139.7))
        return s
    }

    @Test func aDeferralNeedsRunningUpdatesBestAccuracyAndNoDistanceFilter() throws {
        var s = S(Platform(.iOS, 12, 0))
        try s.launchAuthorized(.allow)
        #expect(try s.at(3, Self.allow(100, 60)) == [Self.finished(.deferredNotUpdatingLocation)])
        try s.at(4, .app(.startUpdatingLocation))
        try s.at(5, .app(.set(.desiredAccuracy(.nearestTenMeters))))
        #expect(try s.at(5, Self.allow(100, 60)) == [Self.finished(.deferredAccuracyTooLow)])
        try s.at(6, .app(.set(.desiredAccuracy(.bestForNavigation))))
        try s.at(6, .app(.set(.distanceFilter(10))))
        #expect(try s.at(6, Self.allow(100, 60)) == [Self.finished(.deferredDistanceFiltered)])
        try s.at(7, .app(.set(.distanceFilter(nil))))
        #expect(try s.at(7, Self.allow(100, 60)) == [], "started: nothing until it ends")
    }

    @Test func aDeniedAppGetsDeferredFailed() throws {
        var s = S(Platform(.iOS, 12, 0))
        try s.launchAuthorized(.dontAllow)
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(4, Self.allow(100, 60)) == [Self.finished(.deferredFailed)])
    }

    @Test func reachingTheDistanceEndsItWithNoError() throws {
        var s = try Self.updating()
        try s.at(5, Self.allow(100, nil))
        #expect(try s.at(6, S.fix(35.0005, 139.7)) == [.delegate(.didUpdateLocations(Self.location(35.0005)))])
        #expect(
            try s.at(7, S.fix(35.001, 139.7)) == [
                .delegate(.didUpdateLocations(Self.location(35.001))), Self.finished(nil),
            ], "111 m from where it started")
        #expect(try s.at(8, S.fix(35.01, 139.7)).count == 1, "ended once")
    }

    @Test func withoutAFixTheDistanceCountsFromTheFirstOne() throws {
        var s = S(Platform(.iOS, 12, 0))
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, Self.allow(100, nil))
        #expect(try s.at(5, S.fix(35, 139.7)).count == 1)
        #expect(try s.at(6, S.fix(35.001, 139.7)).last == Self.finished(nil))
    }

    @Test func theTimeoutEndsItWithNoError() throws {
        var s = try Self.updating()
        try s.at(5, Self.allow(nil, 5))
        let records = try s.at(11, S.fix(35, 139.7))
        #expect(records.first == Self.finished(nil), "at 10, before the fix at 11")
        #expect(records.count == 2)
    }

    @Test func aSecondRequestCancelsTheFirst() throws {
        var s = try Self.updating()
        try s.at(5, Self.allow(nil, 5))
        #expect(try s.at(6, Self.allow(nil, 5)) == [Self.finished(.deferredCanceled)])
        // The first one's timeout (10) is gone; the second ends at 11.
        #expect(try s.at(10.5, .background).contains(Self.finished(nil)) == false)
        #expect(s.finish().map(\.record).contains(Self.finished(nil)))
    }

    @Test func disallowStopAndPauseEndIt() throws {
        var s = try Self.updating()
        #expect(try s.at(5, .app(.disallowDeferredLocationUpdates)) == [], "none running")
        try s.at(6, Self.allow(nil, nil))
        #expect(try s.at(7, .app(.disallowDeferredLocationUpdates)) == [Self.finished(.deferredCanceled)])
        try s.at(8, Self.allow(nil, nil))
        #expect(try s.at(9, .app(.stopUpdatingLocation)) == [Self.finished(.deferredNotUpdatingLocation)])
    }

    @Test func anAutomaticPauseEndsIt() throws {
        var s = S(Platform(.iOS, 12, 0)) { $0.pauseAfter = .seconds(60) }
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, S.fix(35, 139.7))
        try s.at(5, Self.allow(nil, nil))
        let records = try s.at(100, .background)
        #expect(
            records.starts(with: [.delegate(.didPauseLocationUpdates), Self.finished(.deferredNotUpdatingLocation)]))
    }

    @Test func requestingDeferralCancelsAPendingRequestLocation() throws {
        var s = S(Platform(.iOS, 12, 0))
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.requestLocation))
        try s.at(4, S.fix(35, 139.7, 100))
        let far = Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 100)
        #expect(
            try s.at(5, Self.allow(nil, nil)) == [
                .drop(.fix(far), .superseded), Self.finished(.deferredNotUpdatingLocation),
            ])
        #expect(s.finish().isEmpty, "the request's timeout went with it")
    }

    @Test func losingAuthorizationFailsIt() throws {
        var s = try Self.updating()
        try s.at(5, Self.allow(nil, nil))
        let records = try s.at(6, .user(.settings(.never, precise: nil)))
        #expect(records.last == Self.finished(.deferredFailed))
    }

    @Test func fromIOS13TheCallsDoNothing() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.requestLocation))
        #expect(try s.at(4, Self.allow(100, 60)) == [], "You can remove calls to this method")
        #expect(try s.at(5, S.fix(35, 139.7)) == [], "the request, not cancelled, keeps the fix")
        #expect(try s.at(6, .app(.startUpdatingLocation)) == [.drop(.fix(Self.location(35)), .superseded)])
        try s.at(7, Self.allow(nil, nil))
        #expect(try s.at(8, .app(.disallowDeferredLocationUpdates)) == [])
        #expect(try s.at(9, .app(.stopUpdatingLocation)) == [])
    }

    @Test(arguments: [
        (Platform(.iOS, 6, 0), true), (Platform(.iOS, 12, 4), true), (Platform(.iOS, 13, 0), false),
        (Platform(.iOS, 18, 0), false), (Platform(.macOS, 10, 14), false), (Platform(.iPadOS, 17, 0), false),
    ])
    func availability(platform: Platform, available: Bool) {
        #expect(Simulator.deferredLocationUpdatesAvailable(on: platform, Parameters()) == available)
    }

    @Test func theCallsDoNotExistOnTvOSOrWatchOSOrBeforeMacOS10_15() throws {
        for platform in [Platform(.tvOS, 13, 0), Platform(.watchOS, 6, 0), Platform(.macOS, 10, 14)] {
            var s = S(platform)
            try s.at(0, .launch)
            #expect(throws: ScenarioError.self) { try s.at(1, Self.allow(nil, nil)) }
        }
    }

    @Test(arguments: [
        (
            "1 app allowDeferredLocationUpdates 0 60",
            "allowDeferredLocationUpdates distance must be above 0 and at most 40000000 meters, found '0'; use max for CLLocationDistanceMax",
            36
        ),
        (
            "1 app allowDeferredLocationUpdates far 60",
            "expected meters or max for allowDeferredLocationUpdates, found 'far'", 36
        ),
        (
            "1 app allowDeferredLocationUpdates 100 0",
            "allowDeferredLocationUpdates timeout must be above 0 seconds, found '0'; use max for CLTimeIntervalMax", 40
        ),
        (
            "1 app allowDeferredLocationUpdates 100 -5",
            "allowDeferredLocationUpdates timeout must not be negative, found '-5'", 40
        ),
        ("1 app allowDeferredLocationUpdates 100", "missing argument <seconds> for allowDeferredLocationUpdates", 39),
        ("1 app allowDeferredLocationUpdates", "missing argument <meters> for allowDeferredLocationUpdates", 35),
        ("1 app allowDeferredLocationUpdates max max now", "unexpected extra argument 'now'", 44),
        ("1 app disallowDeferredLocationUpdates now", "unexpected extra argument 'now'", 39),
    ])
    func badLinesAreErrors(line: String, message: String, column: Int) {
        ScenarioParserTests.expectRejected(line, message, column: column)
    }

    @Test func maxIsNoLimit() throws {
        var parser = ScenarioParser()
        let statement = try parser.parse("1 app allowDeferredLocationUpdates max 2.5", lineNumber: 1)
        guard case .timed(let timed)? = statement else {
            Issue.record("not a timed line")
            return
        }
        #expect(timed.event == .app(.allowDeferredLocationUpdates(distance: nil, timeout: Millis(2500))))
    }

    // MARK: SimulatedDevice

    final class Recorder: SimulatedLocationManagerDelegate {
        var heard: [String] = []
        func locationManager(
            _ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?
        ) {
            heard.append((error as? SimulatedLocationError)?.code.rawValue ?? "nil")
        }
    }

    @Test func theSimulatedManagerDefers() throws {
        let device = try SimulatedDevice(platform: .iOS(12, 0))
        #expect(device.deferredLocationUpdatesAvailable)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        manager.delegate = recorder
        manager.allowDeferredLocationUpdates(untilTraveled: 100, timeout: SimulatedLocationManager.deferralMax)
        manager.startUpdatingLocation()
        manager.allowDeferredLocationUpdates(untilTraveled: SimulatedLocationManager.deferralMax, timeout: 30)
        manager.disallowDeferredLocationUpdates()
        try device.advance(by: .seconds(1))  // the delegate hears the calls' callbacks
        #expect(recorder.heard == ["kCLErrorDeferredNotUpdatingLocation", "kCLErrorDeferredCanceled"])
        try SimulatedDeviceTests.expectRoundTrip(device)
        manager.allowDeferredLocationUpdates(untilTraveled: -1, timeout: 30)
        #expect(manager.lastError?.code == .rejected)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
        #expect(try !SimulatedDevice(platform: .iOS(13, 0)).deferredLocationUpdatesAvailable)
    }
}

extension DeferredUpdatesTests {
    /// The app's usual pattern: defer again when a deferral ends as asked.
    @Test func anAppCanDeferAgainWhenOneEnds() throws {
        var reader = LineReader(
            bytes: Array(
                """
                locsim 1
                platform iOS 12.0
                on didFinishDeferredUpdatesWithError nil app allowDeferredLocationUpdates 100 max
                0 launch
                1 app startUpdatingLocation
                2 fix 35.000000 139.700000 5
                3 app allowDeferredLocationUpdates 100 max
                4 fix 35.001000 139.700000 5
                5 fix 35.002000 139.700000 5
                """.utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, into: &writer, report: &report)
        let finished = writer.text.split(separator: "\n").filter {
            $0.contains("didFinishDeferredUpdatesWithError:) nil")
        }
        #expect(finished.map { $0.prefix(5) } == ["4.000", "5.000"], "each 111 m, measured from where the last ended")
    }

    @Test func theTriggerFilterTakesAnErrorOrNil() {
        var parser = ScenarioParser()
        #expect(throws: ScenarioError.self) {
            _ = try parser.parse("on didFinishDeferredUpdatesWithError soon app requestLocation", lineNumber: 1)
        }
        #expect(throws: Never.self) {
            _ = try parser.parse(
                "on didFinishDeferredUpdatesWithError kCLErrorDeferredCanceled app requestLocation", lineNumber: 2)
        }
    }

    /// Issue 43 item 2: in the background a deferral holds the fixes and
    /// delivers them in one call when it ends, before its callback; an app
    /// that ends first loses them.
    @Test func inTheBackgroundTheFixesArriveInOneCallWhenItEnds() throws {
        var s = S(Platform(.iOS, 12, 0), plist: S.backgroundCapable)
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, S.fix(35, 139.7))
        try s.at(5, Self.allow(nil, 60))
        try s.at(10, .background)
        #expect(try s.at(20, S.fix(35.001, 139.7)) == [.hold(.fix(Self.location(35.001)), .deferred)])
        try s.at(30, S.fix(35.002, 139.7))
        let batch = Callback.didUpdateLocations([
            (Self.location(35.001), fixedAt: .seconds(20)), (Self.location(35.002), fixedAt: .seconds(30)),
        ])
        #expect(batch.locations.last == Self.location(35.002))
        #expect(try s.at(40, .app(.disallowDeferredLocationUpdates)) == [.delegate(batch), Self.finished(.deferredCanceled)])
        try s.at(50, Self.allow(nil, nil))
        try s.at(60, S.fix(35.003, 139.7))
        let end = try s.at(70, .systemTerminate)
        #expect(end.contains(.drop(.fix(Self.location(35.003)), .notRunning)))
    }

    /// Issue 43 item 3: without GPS (`set gps false`, an iPod touch or a
    /// Wi-Fi iPad) `deferredLocationUpdatesAvailable()` is false and a
    /// deferral fails with kCLErrorDeferredFailed ("If the GPS hardware is
    /// not available"), before the updates are checked.
    @Test func aDeviceWithoutGPSCannotDefer() throws {
        var s = S(Platform(.iOS, 12, 0)) { $0.gps = false }
        try s.launchAuthorized(.allow)
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(4, Self.allow(100, 60)) == [Self.finished(.deferredFailed)])
        #expect(!Simulator.deferredLocationUpdatesAvailable(on: Platform(.iOS, 12, 0), s.simulator.parameters))
        let device = try SimulatedDevice(platform: .iOS(12, 0), parameters: [.gps(false)])
        #expect(!device.deferredLocationUpdatesAvailable)
    }
}
