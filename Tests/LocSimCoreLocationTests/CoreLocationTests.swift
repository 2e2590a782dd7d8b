import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// A delegate implementing both authorization callbacks, recording what it hears.
final class Listener: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var heard: [String] = []
    var locations: [CLLocation] = []
    var errors: [any Error] = []
    var regions: [CLRegion] = []
    /// Made inside a callback, after `withCurrent` returned.
    var later: CLLocationManager?

    override init() {
        super.init()
        manager.delegate = self
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        heard.append("new \(manager.authorizationStatus.rawValue)")
        if later == nil, manager.authorizationStatus == .authorizedWhenInUse { later = CLLocationManager() }
    }
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        heard.append("old \(status.rawValue)")
    }
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        self.locations += locations
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) { errors.append(error) }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) { regions.append(region) }
}

/// An app written before iOS 14: only the old authorization callback.
final class OldListener: CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var statuses: [CLAuthorizationStatus] = []
    init() { manager.delegate = self }
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        statuses.append(status)
    }
}

final class Silent: CLLocationManagerDelegate {
    let manager = CLLocationManager()
    init() { manager.delegate = self }
}

@Suite struct CoreLocationTests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Shows where you are.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Tracks you.",
    ]
    static let here = Location(Coordinate(latitude: 35.6812, longitude: 139.7671), accuracy: 5)

    /// A device with a `Listener` made on it, the user having allowed While
    /// Using (made outside `withCurrent`'s closure, the answer's callbacks
    /// run with the device current all the same).
    static func allowed(
        _ platform: Platform = .iOS(17, 0), epoch: Date = SimulatedDevice.defaultEpoch, updating: Bool = false
    ) throws -> (SimulatedDevice, Listener) {
        let device = try SimulatedDevice(platform: platform, plist: plist, epoch: epoch)
        let listener = device.withCurrent { Listener() }
        listener.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        if updating { listener.manager.startUpdatingLocation() }
        return (device, listener)
    }

    @Test func constantsHaveApplesValues() {
        #expect(kCLLocationAccuracyBestForNavigation == -2)
        #expect(kCLLocationAccuracyBest == -1)
        #expect(kCLLocationAccuracyNearestTenMeters == 10)
        #expect(kCLLocationAccuracyHundredMeters == 100)
        #expect(kCLLocationAccuracyKilometer == 1000)
        #expect(kCLLocationAccuracyThreeKilometers == 3000)
        #expect(kCLLocationAccuracyReduced == 3000)
        #expect(kCLDistanceFilterNone == -1)
        #expect(kCLLocationCoordinate2DInvalid.latitude == -180 && kCLLocationCoordinate2DInvalid.longitude == -180)
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90, longitude: -180)))
        #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4 && CLAuthorizationStatus.denied.rawValue == 2)
        #expect(CLError.Code.denied.rawValue == 1 && CLError.Code.promptDeclined.rawValue == 18)
        #expect(CLError.Code.historicalLocationError.rawValue == 19)
        #expect(CLAccuracyAuthorization.reducedAccuracy.rawValue == 1)
        #expect(CLRegionState.outside.rawValue == 2 && CLProximity.far.rawValue == 3)
    }

    @Test func clErrorMatchesAsOnApple() {
        let error: any Error = CLError(.denied)
        #expect((error as? CLError)?.code == .denied)
        #expect(CLError.errorDomain == kCLErrorDomain)
        #expect((error as? CLError)?.errorCode == 1)
        var caught = false
        do { throw error } catch CLError.denied { caught = true } catch {}
        #expect(caught)
        switch error {
        case CLError.locationUnknown: Issue.record("matched the wrong code")
        default: break
        }
    }

    /// The rules' accuracy each number becomes, read back from the scenario line.
    @Test(arguments: [
        (-5.0, "bestForNavigation"), (-2, "bestForNavigation"), (-1, "best"), (0, "nearestTenMeters"),
        (10, "nearestTenMeters"), (50, "hundredMeters"), (100, "hundredMeters"), (1000, "kilometer"),
        (2000, "threeKilometers"), (3000, "reduced"), (5000, "threeKilometers"),
    ])
    func desiredAccuracyMapsApplesNumbers(meters: Double, rule: String) throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let manager = device.withCurrent { CLLocationManager() }
        manager.desiredAccuracy = meters
        #expect(manager.desiredAccuracy == meters)
        #expect(device.scenario.hasSuffix("set desiredAccuracy \(rule)\n"))
    }

    @Test func threeThousandMetersIsThreeKilometersBeforeIOS14() throws {
        let device = try SimulatedDevice(platform: .iOS(13, 0), plist: Self.plist)
        let manager = device.withCurrent { CLLocationManager() }
        manager.desiredAccuracy = kCLLocationAccuracyReduced
        #expect(device.scenario.hasSuffix("set desiredAccuracy threeKilometers\n"))
    }

    @Test func aManagerMadeWithNoDeviceCurrentSaysSo() throws {
        let heard = HeardWarnings()
        let manager = heard.during { CLLocationManager() }
        #expect(
            heard.lines == [
                "locsim: CLLocationManager(): no SimulatedDevice is current; make the app's Core Location objects"
                    + " (its CLLocationManager, sessions and monitors) inside device.withCurrent { … } (docs/corelocation.md)\n"
            ])
        #expect(manager.simulationError?.code == .noCurrentDevice)
        #expect(manager.simulationError?.message.contains("withCurrent") == true)
        #expect(manager.simulatedManager == nil)
        manager.startUpdatingLocation()  // does nothing
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(CLLocationManager.authorizationStatus() == .notDetermined)
        #expect(!CLLocationManager.locationServicesEnabled())
    }

    @Test func managersBelongToTheirTestsDeviceInParallel() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
                    return await device.withCurrent {
                        await Task.yield()
                        let listener = Listener()
                        listener.manager.requestWhenInUseAuthorization()
                        if i % 2 == 0 { try? device.user.answer(.allowWhileUsing) }
                        let expected: CLAuthorizationStatus = i % 2 == 0 ? .authorizedWhenInUse : .notDetermined
                        return listener.manager.simulatedManager?.simulatedDevice === device
                            && CLLocationManager.authorizationStatus() == expected
                    }
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }

    @Test func aManagerMadeInACallbackBelongsToTheDevice() throws {
        let (device, listener) = try Self.allowed()  // the answer's callback makes `later`
        let later = try #require(listener.later)
        #expect(later.simulationError == nil)
        #expect(later.simulatedManager?.name == "manager2")
        #expect(device.scenario.contains("app[manager2] set distanceFilter none"))
    }

    @Test func bothCallbacksImplementedHearsOnlyTheNewOneOnIOS14() throws {
        let (device, listener) = try Self.allowed()
        #expect(listener.heard == ["new 0", "new 4"])
        #expect(device.unimplementedDelegateMethods == [])
    }

    @Test func anOldOnlyDelegateFallsBackOnIOS14AsCoreLocationDoes() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let old = device.withCurrent { OldListener() }
        old.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: true)
        try device.user.setPrecise(false)  // accuracy only: the old callback is not called again
        try device.user.settings(.never)
        #expect(old.statuses == [.notDetermined, .authorizedWhenInUse, .denied])
        #expect(device.unimplementedDelegateMethods.contains(.locationManagerDidChangeAuthorization))
        #expect(!device.unimplementedDelegateMethods.contains(.didChangeAuthorization))
    }

    @Test func theSameDelegateDeclaredOldOnlyHearsTheSame() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: Self.plist, delegateMethods: [.didChangeAuthorization])
        let old = device.withCurrent { OldListener() }
        old.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: true)
        try device.user.setPrecise(false)
        try device.user.settings(.never)
        #expect(old.statuses == [.notDetermined, .authorizedWhenInUse, .denied])
        #expect(device.log.callbacks.contains(.didChangeAuthorization(.authorizedWhenInUse)))
        #expect(device.unimplementedDelegateMethods == [])
    }

    @Test func aDelegateWithNoMethodsIsRecordedNotWaitedFor() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let silent = device.withCurrent { Silent() }
        silent.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        silent.manager.startUpdatingLocation()
        try device.feed(fix: Fix(Self.here))
        #expect(
            device.unimplementedDelegateMethods
                == [.locationManagerDidChangeAuthorization, .didChangeAuthorization, .didUpdateLocations])
        #expect(silent.manager.location?.coordinate.latitude == 35.6812)
    }

    @Test func timestampsAreDatesOnTheDevicesClock() throws {
        let epoch = Date(timeIntervalSince1970: 1_700_000_000)
        let (device, listener) = try Self.allowed(epoch: epoch, updating: true)
        try device.advance(by: Millis(12_500))
        #expect(device.date == epoch.addingTimeInterval(12.5))
        #expect(device.date(at: .seconds(2)) == epoch.addingTimeInterval(2))
        try device.feed(fix: Fix(Self.here))
        #expect(listener.locations.map(\.timestamp) == [epoch.addingTimeInterval(12.5)])
        #expect(device.withCurrent { CLLocation(latitude: 1, longitude: 2).timestamp } == device.date)
        let plain = try SimulatedDevice(platform: .iOS(17, 0))
        #expect(plain.epoch == SimulatedDevice.defaultEpoch)
    }

    @Test func aFixCarriesSpeedCourseAltitudeOrApplesInvalidValues() throws {
        let (device, listener) = try Self.allowed(updating: true)
        try device.feed(fix: Fix(Self.here, speed: 3.5, course: 270, altitude: 40))
        try device.advance(by: .seconds(1))
        try device.feed(fix: Fix(Self.here))
        let (full, plain) = (listener.locations[0], listener.locations[1])
        #expect(full.speed == 3.5 && full.course == 270 && full.altitude == 40 && full.verticalAccuracy == 5)
        #expect(full.speedAccuracy == 0 && full.courseAccuracy == 0)
        #expect(plain.speed == -1 && plain.course == -1 && plain.altitude == 0 && plain.verticalAccuracy == -1)
        #expect(plain.speedAccuracy == -1 && plain.courseAccuracy == -1)
        // The device's own manager sees them too.
        let simulated = try #require(listener.manager.simulatedManager?.location)
        #expect(simulated.speed == -1)
        #expect(device.scenario.contains("fix 35.6812 139.7671 5 speed=3.5 course=270 alt=40"))
    }

    @Test func regionsAreCLCircularRegions() throws {
        let (device, listener) = try Self.allowed()
        let office = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 35.6812, longitude: 139.7671), radius: 150, identifier: "office")
        office.notifyOnExit = false
        listener.manager.startMonitoring(for: office)
        #expect(listener.manager.monitoredRegions == [office])
        try device.world.enter(regionID: "office")
        #expect(listener.regions.map(\.identifier) == ["office"])
        #expect((listener.regions.first as? CLCircularRegion)?.radius == 150)
        #expect(device.withCurrent { CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) })
        #expect(office.contains(CLLocationCoordinate2D(latitude: 35.6812, longitude: 139.7681)))
        #expect(!office.contains(CLLocationCoordinate2D(latitude: 35.6912, longitude: 139.7671)))
    }

    @Test func errorsReachTheDelegateAsCLError() throws {
        let (device, listener) = try Self.allowed(updating: true)
        try device.user.settings(.never)
        #expect(listener.errors.compactMap { ($0 as? CLError)?.code } == [.denied])
    }

    @Test func theClassMethodWorksOnIOS13AndThePropertyIsReported() throws {
        let (device, listener) = try Self.allowed(.iOS(13, 0))
        #expect(listener.heard == ["old 0", "old 4"])
        #expect(device.withCurrent { CLLocationManager.authorizationStatus() } == .authorizedWhenInUse)
        _ = listener.manager.authorizationStatus  // iOS 14's property: fails at the read
        #expect(listener.manager.simulationError?.code == .unavailable)
        #expect(device.ignoredCalls.map(\.code) == [.unavailable])
        try device.advance(by: .seconds(1))
    }

    @Test func classMethodsReadTheCurrentDevice() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        try device.withCurrent {
            #expect(CLLocationManager.locationServicesEnabled())
            #expect(CLLocationManager.significantLocationChangeMonitoringAvailable())
            #expect(CLLocationManager.isRangingAvailable())
            try device.user.setLocationServices(false)
            #expect(!CLLocationManager.locationServicesEnabled())
        }
        let tv = try SimulatedDevice(platform: .tvOS(17, 0), plist: Self.plist)
        #expect(!tv.withCurrent { CLLocationManager.significantLocationChangeMonitoringAvailable() })
    }
}

@Suite struct LiveUpdatesTests {
    @Test func liveUpdatesYieldCLLocationUpdatesOnTheDevicesClock() async throws {
        let epoch = Date(timeIntervalSince1970: 1_700_000_000)
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: CoreLocationTests.plist, epoch: epoch)
        try await device.withCurrent {
            let manager = CLLocationManager()
            manager.requestWhenInUseAuthorization()
            try device.user.answer(.allowWhileUsing)
            var updates = CLLocationUpdate.liveUpdates(.fitness).makeAsyncIterator()
            try device.advance(by: .seconds(3))
            try device.feed(fix: Fix(CoreLocationTests.here, speed: 2))
            let update = try #require(try await updates.next())
            #expect(update.location?.coordinate.latitude == 35.6812)
            #expect(update.location?.speed == 2)
            #expect(update.location?.timestamp == epoch.addingTimeInterval(3))
            #expect(!update.isStationary && !update.authorizationDenied && !update.insufficientlyInUse)
            try device.stopLiveUpdates()
            #expect(try await updates.next() == nil)
            #expect(device.scenario.contains("app liveUpdates start fitness"))
        }
    }

    @Test func beforeIOS17TheSequenceEndsAndTheTestHearsWhy() async throws {
        let device = try SimulatedDevice(platform: .iOS(16, 0), plist: CoreLocationTests.plist)
        var updates = device.withCurrent { CLLocationUpdate.liveUpdates() }.makeAsyncIterator()
        #expect(try await updates.next() == nil)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
    }
}
