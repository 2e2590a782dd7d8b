import Testing

@testable import LocSimKit

/// The rules corrected in locsim v2 (docs/rules.md), one test each.
@Suite struct CorrectionsTests {
    typealias S = SimulatorScript

    /// 1. A declined temporary full-accuracy prompt completes with kCLErrorPromptDeclined.
    @Test func declinedTemporaryFullAccuracyCompletesWithPromptDeclined() throws {
        var s = S(
            Platform(.iOS, 14, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationTemporaryUsageDescriptionDictionary.nav": .string("navigate"),
            ])
        try s.launchAuthorized(precise: false)
        try s.at(3, .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "nav")))
        #expect(
            try s.at(4, .user(.answer(.dontAllow, precise: nil))) == [
                .prompt(.answer(.dontAllow)),
                .completion(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined),
            ])
    }

    /// 2. Settings offers Always only with the Always usage key (seed 001, footnote 4).
    @Test func settingsAlwaysNeedsTheAlwaysKey() throws {
        var s = S(Platform(.iOS, 13, 0), plist: ["NSLocationWhenInUseUsageDescription": .string("w")])
        try s.launchAuthorized()
        #expect(throws: ScenarioError.self) { try s.at(3, .user(.settings(.always, precise: nil))) }
        var ios9 = S(
            Platform(.iOS, 9, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"), "NSLocationAlwaysUsageDescription": .string("a"),
            ])
        try ios9.launchAuthorized(.allow)
        #expect(
            try ios9.at(3, .user(.settings(.always, precise: nil))).contains(
                .delegate(.didChangeAuthorization(.authorizedAlways))))
    }

    /// 3. Location Services off: the system alert, once per launch, in the foreground.
    @Test func locationServicesAlertOncePerLaunch() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.at(0, .launch)
        try s.at(1, .user(.locationServices(false)))
        let alert = Record.prompt(.show(.locationServices, text: "", answers: []))
        #expect(try s.at(2, .app(.requestWhenInUseAuthorization)) == [alert])
        #expect(try s.at(3, .app(.startUpdatingLocation)) == [.delegate(.didFailWithError(.denied))])
        try s.at(4, .terminate)
        try s.at(5, .launch)
        #expect(try s.at(6, .app(.requestLocation)).first == alert)
    }

    /// 4. iOS 7.0.x does not relaunch a force-quit app; 7.1 does.
    @Test(arguments: [(7, 0, false), (7, 1, true)])
    func forceQuitRelaunchOnIOS7(_ major: Int, _ minor: Int, relaunches: Bool) throws {
        var s = S(Platform(.iOS, major, minor), plist: [:])
        try s.at(0, .launch)
        try s.at(1, .app(.startMonitoringSignificantLocationChanges))
        try s.at(2, .user(.answer(.allow, precise: nil)))
        try s.at(3, S.fix(35, 139.7))
        try s.at(4, .terminate)
        let records = try s.at(400, S.fix(35.01, 139.7))
        #expect(records.contains(.app(.launchBackground(.location))) == relaunches)
        #expect(records.contains(.drop(.significantChange(S.location(35.01, 139.7)), .forceQuit)) == !relaunches)
    }

    /// 7. The upgrade prompt of requestAlwaysAuthorization appears once, even if dismissed.
    @Test func dismissedUpgradePromptIsNotShownAgain() throws {
        var s = S(Platform(.iOS, 13, 4))
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        #expect(try s.at(4, .background) == [.app(.background), .prompt(.dismiss)])
        try s.at(5, .foreground)
        #expect(try s.at(6, .app(.requestAlwaysAuthorization)) == [])
    }

    /// 8. Under reduced accuracy a significant change within the same grid cell is no event.
    @Test func significantChangeUnderReducedAccuracyNeedsANewCell() throws {
        var s = S(Platform(.iOS, 14, 0))
        try s.launchAuthorized(precise: false)
        try s.at(3, .user(.settings(.always, precise: nil)))
        try s.at(4, .app(.startMonitoringSignificantLocationChanges))
        #expect(try s.at(5, S.fix(35, 139.7)).count == 1)
        #expect(try s.at(1000, S.fix(35.009, 139.7)) == [])
        #expect(try s.at(2000, S.fix(35.05, 139.7)).count == 1)
    }

    /// 9. The app not running code is named before in use, on every version.
    @Test(arguments: [9, 13]) func suspendedWhenInUseAppGetsSuspended(_ major: Int) throws {
        var s = S(Platform(.iOS, major, 0))
        try s.launchAuthorized(major >= 13 ? .allowWhileUsing : .allow)
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .background)
        #expect(
            try s.at(20, S.fix(35, 139)) == [
                .inUseEnd(.graceExpired), .app(.suspend), .drop(.fix(S.location(35, 139)), .suspended),
            ])
    }

    /// 9. Held provisional events after Settings → Ask Next Time drop `notAuthorized`.
    @Test func heldEventsDropNotAuthorizedOnAskNextTime() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(3, S.region("home"))
        try s.at(4, .background)
        #expect(try s.at(100, .enter(regionID: "home")).last == .hold(.enter(regionID: "home"), .provisionalAlways))
        #expect(
            try s.at(101, .user(.settings(.askNextTime, precise: nil))).contains(
                .drop(.enter(regionID: "home"), .notAuthorized)))
    }

    /// 10. iOS 8–12: monitoring started under Always fails when the app becomes When In Use.
    @Test func monitoringFailsOnDowngradeToWhenInUseBeforeIOS13() throws {
        var s = S(Platform(.iOS, 12, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowAlways, precise: nil)))
        try s.at(3, S.region("home"))
        try s.at(4, .app(.startMonitoringSignificantLocationChanges))
        let records = try s.at(5, .user(.settings(.whileUsing, precise: nil)))
        #expect(
            Array(records.suffix(2)) == [
                .delegate(.monitoringDidFail(regionID: "home", .regionMonitoringDenied)),
                .delegate(.didFailWithError(.denied)),
            ])
        #expect(try s.at(6, .enter(regionID: "home")) == [])
    }
}

extension CorrectionsTests {
    /// 5. requestLocation delivers the first fix meeting desiredAccuracy, else the best one at the timeout.
    @Test func requestLocationWaitsForDesiredAccuracy() throws {
        var s = S(Platform(.iOS, 14, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.set(.desiredAccuracy(.nearestTenMeters))))
        try s.at(3, .app(.requestLocation))
        #expect(try s.at(4, S.fix(35, 139.7, 30)) == [])
        #expect(try s.at(5, S.fix(35, 139.7, 50)) == [.drop(.fix(S.location(35, 139.7, 50)), .lessAccurate)])
        #expect(
            try s.at(6, S.fix(35.1, 139.7, 8)) == [
                .drop(.fix(S.location(35, 139.7, 30)), .superseded),
                .delegate(.didUpdateLocations(S.location(35.1, 139.7, 8))),
            ])
        try s.at(7, .app(.requestLocation))
        try s.at(8, S.fix(35.2, 139.7, 20))
        #expect(
            s.finish() == [
                LogRecord(
                    .ms(17_000), .delegate(.didUpdateEarlierLocation(S.location(35.2, 139.7, 20), fixedAt: .ms(8_000))))
            ])
    }

    /// Issue 9: a location older than its record shows its own time.
    @Test func earlierLocationShowsItsTimestamp() {
        let record = LogRecord(
            .ms(13_000), .delegate(.didUpdateEarlierLocation(S.location(35, 139.7, 65), fixedAt: .ms(4_000))))
        var text = TextLogWriter()
        var json = JSONLogWriter()
        text.write(record)
        json.write(record)
        #expect(
            String(decoding: text.output.contents, as: UTF8.self)
                == "13.000 delegate locationManager(_:didUpdateLocations:) 35.000000,139.700000 ±65 @4.000\n")
        #expect(String(decoding: json.output.contents, as: UTF8.self).contains(#""accuracy":65,"timestamp":4.000}"#))
    }
}

extension CorrectionsTests {
    /// 11. A suspended app's updates are queued and delivered, with their own time, when it next runs.
    @Test func suspendedUpdatesAreQueuedForTheNextRun() throws {
        var s = S(
            Platform(.iOS, 12, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("a"),
            ]
        ) { $0.suspendedQueueLimit = 1 }
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowAlways, precise: nil)))
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .background)
        #expect(try s.at(20, S.fix(35, 139.7)).last == .hold(.fix(S.location(35, 139.7)), .suspended))
        #expect(
            try s.at(21, S.fix(35.1, 139.7)) == [
                .hold(.fix(S.location(35.1, 139.7)), .suspended), .drop(.fix(S.location(35, 139.7)), .superseded),
            ])
        #expect(
            try s.at(30, .foreground).last
                == .delegate(.didUpdateEarlierLocation(S.location(35.1, 139.7), fixedAt: .ms(21_000))))
    }
}

extension CorrectionsTests {
    /// 6. A derived crossing settles when its dwell ends, without a later fix.
    @Test func derivedCrossingSettlesByTime() throws {
        var s = S(Platform(.iOS, 13, 0)) { $0.deriveCrossings = true }
        try s.launchAuthorized()
        try s.at(
            3,
            .app(
                .startMonitoring(
                    CircularRegion(id: "station", center: Coordinate(latitude: 35.01, longitude: 139.7), radius: 200))))
        try s.at(10, S.fix(35, 139.7))
        try s.at(70, S.fix(35.01, 139.7))
        #expect(
            s.finish() == [
                LogRecord(.ms(90_000), .delegate(.didDetermineState(.inside, regionID: "station"))),
                LogRecord(.ms(90_000), .delegate(.didEnterRegion(regionID: "station"))),
            ])
    }

    @Test func aContraryFixCancelsTheDwell() {
        var b = Boundary(state: .outside)
        #expect(
            b.observe(distance: 0, radius: 200, margin: 50, dwell: Millis(20_000), at: Millis(0))
                == .dwellStarted(until: Millis(20_000)))
        #expect(b.observe(distance: 1000, radius: 200, margin: 50, dwell: Millis(20_000), at: Millis(10_000)) == .none)
        #expect(b.settle(at: Millis(20_000), dwell: Millis(20_000)) == nil)
        #expect(b.state == .outside)
    }
}

extension CorrectionsTests {
    /// 12. Updates pause after `pauseAfter` without movement; Always resumes when the device moves.
    /// Apple: "Core Location does not resume updates automatically after it
    /// pauses them"; a restart reports didResumeLocationUpdates.
    @Test func updatesPauseUntilTheAppRestartsThem() throws {
        var s = S(
            Platform(.iOS, 12, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("a"),
            ]
        ) { $0.pauseAfter = .seconds(300) }
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowAlways, precise: nil)))
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(10, S.fix(35, 139.7))
        #expect(
            try s.at(400, S.fix(35, 139.7)) == [
                .delegate(.didPauseLocationUpdates), .drop(.fix(S.location(35, 139.7)), .paused),
            ])
        // Far away, and Always: still paused.
        #expect(try s.at(500, S.fix(35.01, 139.7)) == [.drop(.fix(S.location(35.01, 139.7)), .paused)])
        #expect(try s.at(510, .app(.startUpdatingLocation)) == [.delegate(.didResumeLocationUpdates)])
        #expect(try s.at(520, S.fix(35.02, 139.7)) == [.delegate(.didUpdateLocations(S.location(35.02, 139.7)))])
        // Starting running updates again is no resume.
        #expect(try s.at(530, .app(.startUpdatingLocation)) == [])
    }

    /// 12. Without `pauseAfter` (the default) nothing pauses.
    @Test func noPauseByDefault() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(10, S.fix(35, 139.7))
        #expect(try s.at(5000, S.fix(35, 139.7)) == [.delegate(.didUpdateLocations(S.location(35, 139.7)))])
    }
}

extension CorrectionsTests {
    /// Issue 9: a held significant change delivered after changeToAlways shows its fix's time.
    @Test func heldSignificantChangeShowsItsTime() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(3, .app(.startMonitoringSignificantLocationChanges))
        try s.at(4, .background)
        #expect(
            try s.at(100, S.fix(35, 139.7)).last == .hold(.significantChange(S.location(35, 139.7)), .provisionalAlways)
        )
        try s.at(101, .systemNotBusy)
        let records = try s.at(102, .user(.answer(.changeToAlways, precise: nil)))
        #expect(records.last == .delegate(.didUpdateEarlierLocation(S.location(35, 139.7), fixedAt: .ms(100_000))))
    }
}
