import Testing

@testable import LocSimKit
@testable import LocSimTool

/// A delegate that writes down what it hears and may react to it.
final class DelegateRecorder: SimulatedLocationManagerDelegate {
    var heard: [String] = []
    var locations: [SimulatedLocation] = []
    var onAuthorization: ((SimulatedLocationManager) -> Void)?
    var onFailure: ((SimulatedLocationManager) -> Void)?
    var onLocations: ((SimulatedLocationManager) -> Void)?

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        heard.append("auth \(manager.authorizationStatus)")
        onAuthorization?(manager)
    }
    func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus) {
        heard.append("legacyAuth \(status)")
        onAuthorization?(manager)
    }
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        heard.append("locations \(locations.count) at \(locations[0].timestamp)")
        self.locations += locations
        onLocations?(manager)
    }
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {
        heard.append("fail \((error as? SimulatedLocationError)?.code.rawValue ?? "?")")
        onFailure?(manager)
    }
    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion) {
        heard.append("enter \(region.id) r=\(region.radius)")
    }
}

@Suite struct SimulatedDeviceTests {
    static let whenInUse: [String: PlistValue] = ["NSLocationWhenInUseUsageDescription": "Shows where you are."]
    static let tokyo = Fix(Location(Coordinate(latitude: 35.681236, longitude: 139.767125), accuracy: 8))

    /// The device's log must be what `locsim run` makes of its scenario.
    static func expectRoundTrip(_ device: SimulatedDevice, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        try device.runUntilIdle()
        let replayed = try Replay.log(of: Array(device.scenario.utf8))
        #expect(replayed.text == device.log.text, sourceLocation: sourceLocation)
        #expect(replayed == device.log, sourceLocation: sourceLocation)
    }

    /// A manager whose delegate starts standard updates once When In Use is granted.
    static func managerStartingUpdatesWhenAuthorized(on device: SimulatedDevice) -> (
        SimulatedLocationManager, DelegateRecorder
    ) {
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        recorder.onAuthorization = { m in
            if m.authorizationStatus == .authorizedWhenInUse { m.startUpdatingLocation() }
        }
        return (manager, recorder)
    }

    @Test func delegateStartsUpdatesWhenAuthorizedAndGetsTheFix() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.whenInUse)
        let (manager, recorder) = Self.managerStartingUpdatesWhenAuthorized(on: device)
        manager.requestWhenInUseAuthorization()
        try device.advance(by: .seconds(2))
        try device.user.answer(.allowWhileUsing)
        try device.advance(by: .seconds(1))
        try device.feed(fix: Self.tokyo)
        #expect(recorder.heard == ["auth notDetermined", "auth authorizedWhenInUse", "locations 1 at 3.000"])
        #expect(manager.location?.coordinate == Self.tokyo.location.coordinate)
        // The delegate's call was made at the answer's time, 2 s.
        #expect(device.scenario.contains("\n2.000 user allowWhileUsing\n2.000 app startUpdatingLocation\n3.000 fix "))
        try Self.expectRoundTrip(device)
    }

    /// Issue 43 item 6: with its complication on the watch face
    /// (`ParameterSetting.complication(true)`) a When In Use watch app gets
    /// its updates in the background, and the session's scenario says so.
    @Test func aWatchAppWithAComplicationGetsUpdatesInTheBackground() throws {
        let device = try SimulatedDevice(
            platform: .watchOS(7, 0), plist: Self.whenInUse, parameters: [.complication(true)])
        let (manager, recorder) = Self.managerStartingUpdatesWhenAuthorized(on: device)
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        try device.app.enterBackground()
        try device.advance(by: .seconds(60))
        try device.feed(fix: Self.tokyo)
        #expect(recorder.heard == ["auth notDetermined", "auth authorizedWhenInUse", "locations 1 at 60.000"])
        #expect(!device.log.text.contains("app suspend"))
        #expect(device.scenario.contains("\nset complication true\n"))
        try Self.expectRoundTrip(device)
    }

    /// A delegate's reaction to a timer's callback takes effect at the
    /// timer's time, between timers: the scenario keeps it at that time.
    /// Calls the delegate makes from one callback all take effect before the
    /// app is suspended (issue 18, docs/rules.md §0): stopping the updates
    /// whose session kept the app running past its run time, then starting
    /// significant-change monitoring. The app is suspended after both.
    @Test func callsFromOneCallbackRunBeforeTheSessionEndSuspends() throws {
        var plist = Self.whenInUse
        plist["UIBackgroundModes"] = .array(["location"])
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: plist)
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        recorder.onAuthorization = { m in
            guard m.authorizationStatus == .authorizedWhenInUse else { return }
            m.allowsBackgroundLocationUpdates = true
            m.startUpdatingLocation()
        }
        recorder.onLocations = { m in
            m.stopUpdatingLocation()
            m.startMonitoringSignificantLocationChanges()
        }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        try device.app.enterBackground()
        try device.advance(by: .seconds(100))
        try device.feed(fix: Self.tokyo)
        try device.advance(by: .seconds(1))
        #expect(manager.lastError == nil)
        let text = device.log.text
        #expect(
            text.contains(
                "100.000 indicator off\n100.000 inuse end reason=sessionEnded\n"
                    + "100.000 drop significantChange 35.681236,139.767125 ±8 reason=notInUse\n100.000 app suspend\n"))
        try Self.expectRoundTrip(device)
    }

    @Test func reactionToATimerRunsAtItsTime() throws {
        let device = try SimulatedDevice(
            platform: .iOS(14, 0), plist: Self.whenInUse, parameters: [.requestLocationTimeout(.seconds(10))])
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        var retries = 0
        recorder.onFailure = { m in
            retries += 1
            if retries < 3 { m.requestLocation() }
        }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.requestLocation()
        try device.advance(by: .seconds(100))
        #expect(recorder.heard.filter { $0.hasPrefix("fail") }.count == 3)
        let failures = device.log.records.filter { $0.callback == .didFailWithError(.locationUnknown) }.map(\.time)
        #expect(failures == [.seconds(10), .seconds(20), .seconds(30)])
        #expect(device.scenario.contains("\n10.000 app requestLocation\n20.000 app requestLocation\n"))
        #expect(device.now == .seconds(100))
        try Self.expectRoundTrip(device)
    }

    /// A device with both usage texts, a manager with a `DelegateRecorder`,
    /// and `requestAlwaysAuthorization` answered `answer`.
    static func askedForAlways(_ platform: Platform, _ answer: Answer) throws
        -> (SimulatedDevice, SimulatedLocationManager, DelegateRecorder)
    {
        let device = try SimulatedDevice(
            platform: platform,
            plist: Self.whenInUse.merging(["NSLocationAlwaysAndWhenInUseUsageDescription": "Tells you at the door."]) {
                a, _ in a
            })
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        manager.requestAlwaysAuthorization()
        try device.user.answer(answer)
        return (device, manager, recorder)
    }

    @Test func regionCallbacksCarryTheRegionTheAppGave() throws {
        let (device, manager, recorder) = try Self.askedForAlways(.iOS(16, 0), .allowWhileUsing)
        let home = CircularRegion(id: "home", center: Coordinate(latitude: 35.0, longitude: 139.0), radius: 150)
        manager.startMonitoring(for: home)
        #expect(manager.monitoredRegions == [home])
        try device.world.enter(regionID: "home")
        #expect(recorder.heard.last == "enter home r=150.0")
        try Self.expectRoundTrip(device)
    }

    /// Issue 43 item 2: the updates queued for a suspended app reach its
    /// delegate in one call, oldest first, each with its own time — an app
    /// reading only `locations.last` would keep one of the three.
    @Test func queuedUpdatesArriveInOneCall() throws {
        let (device, manager, recorder) = try Self.askedForAlways(.iOS(12, 4), .allowAlways)
        manager.startUpdatingLocation()
        try device.app.enterBackground()
        try device.advance(by: .seconds(10))
        for i in 0..<3 {
            try device.feed(
                fix: Fix(Location(Coordinate(latitude: 35 + Double(i) / 1000, longitude: 139), accuracy: 5)))
            try device.advance(by: .seconds(1))
        }
        #expect(!recorder.heard.contains { $0.hasPrefix("locations") })
        try device.app.enterForeground()
        #expect(recorder.heard.last == "locations 3 at 10.000")
        #expect(recorder.locations.map(\.timestamp) == [.seconds(10), .seconds(11), .seconds(12)])
        #expect(manager.location?.coordinate.latitude == 35.002)
        try Self.expectRoundTrip(device)
    }

    @Test func losingTheFixFailsRunningUpdatesWithLocationUnknown() throws {
        let device = try SimulatedDevice(platform: .iOS(16, 0), plist: Self.whenInUse)
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        try device.world.loseFix()
        #expect(recorder.heard.last == "fail kCLErrorLocationUnknown")
        try Self.expectRoundTrip(device)
    }

    @Test func temporaryFullAccuracyCompletionRunsWhenAnswered() throws {
        let device = try SimulatedDevice(
            platform: .iOS(15, 0),
            plist: Self.whenInUse.merging(["NSLocationTemporaryUsageDescriptionDictionary.Navigate": "Turn-by-turn."]) {
                a, _ in a
            })
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        var results: [String] = []
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigate") { error in
            results.append(error == nil ? "granted" : "declined")
        }
        try device.advance(by: .seconds(1))
        #expect(results.isEmpty)  // the prompt is on screen
        try device.user.answer(.allowOnce)
        #expect(results == ["granted"])
        #expect(manager.accuracyAuthorization == .fullAccuracy)
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Missing") { error in
            results.append((error as? SimulatedLocationError)?.code.rawValue ?? "granted")
        }
        try device.advance(by: .seconds(1))
        #expect(results == ["granted", "kCLErrorPromptDeclined"])
        try Self.expectRoundTrip(device)
    }

    @Test func liveUpdatesYieldInVirtualTime() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.whenInUse)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let updates = device.liveUpdates()
        try device.advance(by: .seconds(5))
        try device.feed(fix: Self.tokyo)
        try device.stopLiveUpdates()
        var seen: [SimulatedLocationUpdate] = []
        for await update in updates { seen.append(update) }
        #expect(seen.compactMap(\.location) == [SimulatedLocation(Self.tokyo.location, at: .seconds(5))])
        try Self.expectRoundTrip(device)
    }

    /// Two managers (docs/rules.md §8, "Several managers"): the later one
    /// gets the authorization callback at its creation; each has its own
    /// properties and requestLocation; a change of authorization reaches both.
    @Test func twoManagersEachHearTheirOwn() throws {
        let device = try SimulatedDevice(platform: .iOS(13, 0), plist: Self.whenInUse)
        let map = device.makeLocationManager()
        let mapDelegate = DelegateRecorder()
        map.delegate = mapDelegate
        map.requestWhenInUseAuthorization()
        try device.advance(by: .seconds(2))
        try device.user.answer(.allowWhileUsing)
        map.distanceFilter = 100
        map.startUpdatingLocation()
        try device.feed(fix: Self.tokyo)
        try device.advance(by: .seconds(1))
        let nav = device.makeLocationManager()
        let navDelegate = DelegateRecorder()
        nav.delegate = navDelegate
        #expect(map.name == "default" && nav.name == "manager2")
        nav.desiredAccuracy = .nearestTenMeters
        nav.requestLocation()
        try device.advance(by: .seconds(1))
        try device.feed(fix: Fix(Location(Coordinate(latitude: 35.68142, longitude: 139.76721), accuracy: 5)))
        try device.user.settings(.never)
        #expect(
            mapDelegate.heard == [
                "legacyAuth notDetermined", "legacyAuth authorizedWhenInUse", "locations 1 at 2.000",
                "legacyAuth denied", "fail kCLErrorDenied",
            ])
        #expect(navDelegate.heard == ["legacyAuth authorizedWhenInUse", "locations 1 at 4.000", "legacyAuth denied"])
        #expect(
            device.scenario.contains(
                "\n3.000 app[manager2] set distanceFilter none\n3.000 app[manager2] set desiredAccuracy nearestTenMeters\n"
            ))
        #expect(device.log.records.contains { $0.record.manager == "manager2" })
        try Self.expectRoundTrip(device)
    }

    // MARK: Misuse: a typed error, never a crash

    @Test func answerWithNoPromptIsNoPrompt() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.whenInUse)
        #expect(throws: DeviceError.self) { try device.user.answer(.allowOnce) }
        do { try device.user.answer(.allowOnce) } catch { #expect(error.code == .noPrompt) }
        #expect(!device.scenario.contains("allowOnce"))
    }

    @Test func aDismissedTemporaryFullAccuracyPromptCompletesDeclined() throws {
        let device = try SimulatedDevice(
            platform: .iOS(14, 0),
            plist: Self.whenInUse.merging(["NSLocationTemporaryUsageDescriptionDictionary.Navigate": "Turn-by-turn."]) {
                a, _ in a
            })
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        var declined: [CLErrorCode?] = []
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigate") { error in
            declined.append((error as? SimulatedLocationError)?.code)
        }
        try device.user.dismiss()
        #expect(declined == [.promptDeclined])
        do {
            try device.user.dismiss()
            Issue.record("no error")
        } catch { #expect(error.code == .noPrompt) }
        try Self.expectRoundTrip(device)
    }

    @Test func timeGoingBackwardsIsRefused() throws {
        let device = try SimulatedDevice()
        try device.advance(to: .seconds(10))
        do {
            try device.advance(to: .seconds(9))
            Issue.record("no error")
        } catch { #expect(error.code == .timeWentBackwards) }
        #expect(device.now == .seconds(10))
    }

    @Test func aCallThePlatformLacksIsKeptAndThrownNext() throws {
        let device = try SimulatedDevice(platform: .iOS(13, 0), plist: Self.whenInUse)
        let manager = device.makeLocationManager()
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigate")
        #expect(manager.lastError?.code == .unavailable)
        do {
            try device.advance(by: .seconds(1))
            Issue.record("no error")
        } catch { #expect(error.code == .unavailable && error.message.contains("iOS 14.0")) }
        try device.advance(by: .seconds(1))  // thrown once
        // The instance property is iOS 14+: the read fails there, not later.
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(manager.lastError?.code == .unavailable)
        #expect(device.ignoredCalls.map(\.code) == [.unavailable])
        try device.advance(by: .seconds(1))
        #expect(!device.scenario.contains("requestTemporaryFullAccuracyAuthorization"))
    }

    @Test func aManagerOutlivingItsDeviceReportsDeviceGone() throws {
        var device: SimulatedDevice? = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.whenInUse)
        let manager = device!.makeLocationManager()
        let user = device!.user
        device = nil
        manager.startUpdatingLocation()
        #expect(manager.lastError?.code == .deviceGone)
        #expect(manager.authorizationStatus == .notDetermined)
        do {
            try user.answer(.allowOnce)
            Issue.record("no error")
        } catch { #expect(error.code == .deviceGone) }
    }

    @Test func rejectedInputsNameTheProblem() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.whenInUse)
        do {
            try device.feed(fix: Fix(Location(Coordinate(latitude: 91, longitude: 0), accuracy: 5)))
            Issue.record("no error")
        } catch { #expect(error.code == .rejected && error.message.contains("latitude")) }
        try device.app.terminate()
        let manager = device.makeLocationManager()
        manager.startUpdatingLocation()  // a terminated app runs no code: ignored, not thrown
        #expect(manager.lastError?.code == .processEnded)
        #expect(device.ignoredCalls.count == 1)
        do {
            try device.world.enter(regionID: "nowhere")
            Issue.record("no error")
        } catch { #expect(error.message.contains("nowhere")) }
        #expect(throws: DeviceError.self) { try device.app.terminate() }
        try Self.expectRoundTrip(device)
    }
}

/// `locsim bench --device`: the session it drives replays to the same records.
@Suite struct DeviceBenchTests {
    @Test func benchSessionReplaysToTheSameRecords() throws {
        let report = try Bench.device(fixes: 300, runs: 1)
        // launch, in use, the creation callback, the prompt and its answer,
        // the auth record and its callback; then one delivery a fix.
        #expect(report.records == 7 + 300)
        #expect(report.device.count == 1 && report.replayRecords.count == 1 && report.replayText.count == 1)
        #expect(report.text.contains("device / replay (records): "))
    }
}

/// `SimulatedDevice.scenario` writes fixes as the builder does.
@Suite struct DeviceJournalTests {
    @Test(arguments: [0.0, -0.0, 1.0, -33.5, 35.681236, 139.767125, 1e-7, -1.5e-5, 123456.0, 0.1, 90.0, 1_000_000.0])
    func fixLinesAreTheBuildersLines(value: Double) {
        var journal = DeviceJournal(header: [])
        let fix = Fix(Location(Coordinate(latitude: value, longitude: -value), accuracy: abs(value)))
        journal.append(fix, at: Millis(1500))
        #expect(journal.text == "1.500 " + Scenario.text(of: .fix(fix)) + "\n")
    }
}
