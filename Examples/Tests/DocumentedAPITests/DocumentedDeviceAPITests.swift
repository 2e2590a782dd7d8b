import LocSimKit
import Testing

/// The `SimulatedDevice` part of docs/public-api.txt, used from another
/// package (see `DocumentedAPITests`): every member is called, and each
/// assertion is what Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md says it does.
@Suite struct DocumentedDeviceAPITests {
    /// Implements every delegate method and writes down its name.
    final class Everything: SimulatedLocationManagerDelegate, SimulatedAppDelegate {
        var heard: [String] = []
        func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) { heard.append("authorization") }
        func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus) {
            heard.append("status")
        }
        func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
            heard.append("locations")
        }
        func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) { heard.append("fail") }
        func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion) {
            heard.append("startMonitoring")
        }
        func locationManager(
            _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error
        ) { heard.append("monitoringFail") }
        func locationManager(
            _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion
        ) { heard.append("state \(state)") }
        func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion) { heard.append("enter") }
        func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) { heard.append("exit") }
        func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit) {
            heard.append("visit \(visit.arrivalDate != nil) \(visit.departureDate != nil) \(visit.horizontalAccuracy)")
        }
        func locationManager(
            _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
        ) { heard.append("range \(beacons.count)") }
        func locationManager(
            _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error
        ) { heard.append("rangeFail") }
        func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager) { heard.append("pause") }
        func locationManagerDidResumeLocationUpdates(_ manager: SimulatedLocationManager) { heard.append("resume") }
        func locationManager(_ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
            heard.append("deferred " + ((error as? SimulatedLocationError)?.code.rawValue ?? "nil"))
        }
        func applicationDidFinishLaunching(inBackground: Bool) { heard.append("launch \(inBackground)") }
        func applicationDidEnterBackground() { heard.append("background") }
        func applicationWillEnterForeground() { heard.append("foreground") }
    }

    @Test func everyDeviceCall() async throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": "Finds stores near you.",
                "NSLocationAlwaysAndWhenInUseUsageDescription": "Tells you when you pass a store.",
                "NSLocationTemporaryUsageDescriptionDictionary.Route": "Draws your route.",
                "UIBackgroundModes": ["location"],
                "NSLocationDefaultAccuracyReduced": false,
            ],
            delegateMethods: .all, parameters: [.grace(.seconds(5))])
        #expect(device.platform == .iOS(17, 0))
        let manager = device.makeLocationManager()
        let app = Everything()
        manager.delegate = app
        device.appDelegate = app
        #expect(manager.authorizationStatus == .notDetermined && device.authorizationStatus == .notDetermined)

        manager.desiredAccuracy = .nearestTenMeters
        manager.distanceFilter = 10
        manager.pausesLocationUpdatesAutomatically = false
        manager.showsBackgroundLocationIndicator = true
        manager.allowsBackgroundLocationUpdates = true
        manager.activityType = ActivityType.automotiveNavigation
        #expect(manager.activityType == .automotiveNavigation && ActivityType.allCases.count == 5)
        #expect(manager.desiredAccuracy == .nearestTenMeters && manager.distanceFilter == 10)
        #expect(!manager.pausesLocationUpdatesAutomatically && manager.showsBackgroundLocationIndicator)
        #expect(manager.allowsBackgroundLocationUpdates)
        manager.distanceFilter = SimulatedLocationManager.distanceFilterNone
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        var completed: [Bool] = []
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route") { completed.append($0 == nil) }
        try device.user.answer(.allowOnce)
        #expect(completed == [true])
        manager.requestAlwaysAuthorization()
        try device.user.answer(.changeToAlways)
        #expect(manager.authorizationStatus == .authorizedAlways)

        manager.startUpdatingLocation()
        try device.feed(fix: Fix(Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 5)))
        #expect(manager.location == SimulatedLocation(coordinate: Coordinate(latitude: 35.0, longitude: 139.7), horizontalAccuracy: 5, timestamp: device.now))
        try device.feed(trace: [Fix(Location(Coordinate(latitude: 35.001, longitude: 139.7), accuracy: 5))], interval: .seconds(2))
        manager.stopUpdatingLocation()
        manager.requestLocation()
        try device.advance(by: .seconds(11))
        #expect(app.heard.contains("fail"))
        let store = CircularRegion(id: "store", center: Coordinate(latitude: 35.0, longitude: 139.7), radius: 100)
        manager.startMonitoring(for: store)
        manager.requestState(for: store)
        try device.world.enter(regionID: "store")
        try device.world.exit(regionID: "store")
        #expect(manager.monitoredRegions == [store])
        manager.stopMonitoring(for: store)
        manager.startMonitoringSignificantLocationChanges()
        manager.stopMonitoringSignificantLocationChanges()
        manager.startMonitoringVisits()
        let here = Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 20)
        try device.world.arrive(at: here)
        try device.world.depart(from: here)
        manager.stopMonitoringVisits()
        let beacons = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        manager.startRangingBeacons(satisfying: beacons)
        try device.world.sight(BeaconSighting(uuid: beacons.uuid, major: 1, minor: 2, proximity: .near))
        manager.stopRangingBeacons(satisfying: beacons)
        #expect(manager.lastError == nil)
        let second = device.makeLocationManager()
        second.requestLocation()
        #expect(manager.name == "default" && second.name == "manager2" && second.lastError == nil)

        let updates = device.liveUpdates(.fitness)
        try device.feed(fix: Fix(Location(Coordinate(latitude: 35.002, longitude: 139.7), accuracy: 5)))
        try device.stopLiveUpdates()
        var elements: [SimulatedLocationUpdate] = []
        for await update in updates { elements.append(update) }
        let update = SimulatedLocationUpdate(
            location: SimulatedLocation(coordinate: Coordinate(latitude: 35.002, longitude: 139.7), horizontalAccuracy: 5, timestamp: device.now),
            diagnostics: [])
        #expect(elements == [update] && !update.stationary)

        try device.app.enterBackground()
        try device.app.systemNotBusy()
        try device.app.enterForeground()
        try device.user.settings(.whileUsing, precise: true)
        try device.user.setPrecise(false)
        try device.user.setRestricted(false)
        try device.user.setLocationServices(true)
        try device.app.terminate()
        try device.app.launch()
        try device.app.enterBackground()
        try device.advance(to: device.now + .seconds(30))
        try device.app.terminateBySystem()
        try device.runUntilIdle()
        #expect(throws: DeviceError.self) { try device.user.tapNotification(id: "none") }
        for heard in ["authorization", "locations", "enter", "exit", "state inside", "visit true false 20.0", "visit true true 20.0",
            "range 1", "launch false", "background", "foreground"]
        {
            #expect(app.heard.contains(heard), "\(heard)")
        }
        #expect(try Replay.log(of: Array(device.scenario.utf8)) == device.log)
        #expect(device.log.text.hasPrefix("0.000 app launch foreground\n"))
    }

    @Test func misuseIsATypedError() throws {
        let device = try SimulatedDevice(platform: .iOS(13, 0))
        let manager = device.makeLocationManager()
        do {
            try device.user.answer(.allowOnce)
            Issue.record("no error")
        } catch { #expect(error.code == .noPrompt && error.description.hasPrefix("noPrompt: ")) }
        do {
            try device.advance(to: Instant(sinceStart: Millis(1_000_000_000_000_001)))
            Issue.record("no error")
        } catch { #expect(error.code == .timeWentBackwards) }
        do {
            try device.user.dismiss()
            Issue.record("no error")
        } catch { #expect(error.code == .noPrompt) }
        do {
            try device.feed(gpx: "/nonexistent/run.gpx", speed: 2)
            Issue.record("no error")
        } catch { #expect(error.code == .rejected) }
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
        #expect(manager.lastError?.code == .unavailable)
        let error = DeviceError(.rejected, "why")
        #expect(error.message == "why" && error.code.description == "rejected" && DeviceError.Code.deviceGone != .rejected)
        #expect(SimulatedLocationError(.denied).code == .denied)
        let visit = SimulatedVisit(coordinate: Coordinate(latitude: 0, longitude: 0), horizontalAccuracy: 1, arrivalDate: nil, departureDate: .start)
        #expect(visit.coordinate == Coordinate(latitude: 0, longitude: 0))
        let plist: [PlistValue] = ["text", true, ["a", "b"]]
        #expect(plist == [.string("text"), .bool(true), .array(["a", "b"])])
    }

    @Test func aLaunchIsANewProcess() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Finds stores."])
        let manager = device.makeLocationManager()
        #expect(manager.isAlive)
        manager.requestWhenInUseAuthorization()
        let prompt = try #require(device.log.records.compactMap(\.prompt).first)
        #expect(prompt.isShown && prompt.kind == .whenInUse && prompt.text != nil && prompt.answers.contains(.allowOnce))
        try device.user.answer(.allowOnce)
        let answer = try #require(device.log.records.compactMap(\.prompt).last)
        #expect(answer.answered == .allowOnce && !answer.isDismissed)
        try device.app.terminate()
        #expect(!manager.isAlive)
        manager.startUpdatingLocation()
        #expect(device.ignoredCalls.map(\.code) == [DeviceError.Code.processEnded])
        try device.feed(fix: Fix(latitude: 35.0, longitude: 139.7, accuracy: 5))
        let noKey = try SimulatedDevice(platform: .iOS(17, 0))
        noKey.makeLocationManager().requestWhenInUseAuthorization()
        do {
            try noKey.user.answer(.allowWhileUsing)
            Issue.record("no error")
        } catch { #expect(error.code == .noPrompt && !error.notes.isEmpty) }
    }

    @available(*, deprecated, message: "the spellings before 0.2, on purpose")
    @Test func theOldAccuracySpellingsStillCompile() {
        #expect(AccuracyAuthorization.full == .fullAccuracy && AccuracyAuthorization.reduced == .reducedAccuracy)
    }

    /// Deferred updates on iOS 12 (docs/rules.md §8, "Deferred updates"):
    /// without running updates the call fails at once.
    @Test func deferredUpdatesNeedRunningUpdates() throws {
        let app = Everything()
        let device = try SimulatedDevice(platform: .iOS(12, 0))
        let manager = device.makeLocationManager()
        manager.delegate = app
        manager.allowDeferredLocationUpdates(untilTraveled: SimulatedLocationManager.deferralMax, timeout: 60)
        manager.disallowDeferredLocationUpdates()
        try device.runUntilIdle()
        #expect(device.deferredLocationUpdatesAvailable)
        #expect(app.heard.last == "deferred kCLErrorDeferredNotUpdatingLocation")
    }
}
