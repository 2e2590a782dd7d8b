import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// The LocSimCoreLocation part of docs/public-api.txt, used from another
/// package (see `DocumentedAPITests`); each assertion is what
/// Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md says. `TrailRecorderTests` uses the rest.
@Suite struct DocumentedCoreLocationAPITests {
    /// Implements every delegate method and writes down what it heard.
    final class Everything: NSObject, CLLocationManagerDelegate {
        let manager = CLLocationManager()
        var heard: [String] = []
        var visit: CLVisit?
        var beacon: CLBeacon?
        var constraint: CLBeaconIdentityConstraint?
        override init() {
            super.init()
            manager.delegate = self
        }
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { heard.append("authorization") }
        func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
            heard.append("status")
        }
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            heard.append("locations")
        }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) { heard.append("fail") }
        func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
            heard.append("start \(region.identifier)")
        }
        func locationManager(
            _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
        ) { heard.append("monitoringFail") }
        func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
            heard.append("state \(state.rawValue)")
        }
        func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) { heard.append("enter") }
        func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) { heard.append("exit") }
        func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) { self.visit = visit }
        func locationManager(
            _ manager: CLLocationManager, didRange beacons: [CLBeacon], satisfying beaconConstraint: CLBeaconIdentityConstraint
        ) {
            beacon = beacons.first
            constraint = beaconConstraint
        }
        func locationManager(
            _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint, error: any Error
        ) { heard.append("rangingFail") }
        func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) { heard.append("pause") }
        func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) { heard.append("resume") }
    }

    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Finds the gate.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Tells you when boarding starts.",
    ]
    static let gate = CLLocationCoordinate2D(latitude: 51.4700, longitude: -0.4543)

    @Test func regionsVisitsBeaconsAndTheirCallbacks() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist, epoch: Date(timeIntervalSince1970: 0))
        try device.withCurrent {
            let app = Everything()
            app.manager.requestWhenInUseAuthorization()
            try device.user.answer(.allowWhileUsing)
            #expect(app.heard == ["authorization", "authorization"])
            #expect(app.manager.accuracyAuthorization == .fullAccuracy)

            let region = CLCircularRegion(center: Self.gate, radius: 200, identifier: "gate")
            app.manager.startMonitoring(for: region)
            app.manager.requestState(for: region)
            try device.world.exit(regionID: "gate")
            app.manager.stopMonitoring(for: region)
            #expect(app.heard.dropFirst(2) == ["start gate", "state 0", "state 0", "state 2", "exit"])  // unknown: no fix yet
            #expect(app.manager.monitoredRegions.isEmpty)

            app.manager.startMonitoringVisits()
            try device.advance(by: .seconds(60))
            try device.world.arrive(at: Location(Coordinate(latitude: 51.47, longitude: -0.4543), accuracy: 20))
            app.manager.stopMonitoringVisits()
            let visit = try #require(app.visit)
            #expect(visit.arrivalDate == Date(timeIntervalSince1970: 60))
            #expect(visit.departureDate == .distantFuture)
            #expect(visit.horizontalAccuracy == 20 && visit.coordinate.latitude == 51.47)

            let uuid = try #require(UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
            let constraint = CLBeaconIdentityConstraint(uuid: uuid, major: 7)
            app.manager.startRangingBeacons(satisfying: constraint)
            try device.world.sight(BeaconSighting(uuid: uuid.uuidString, major: 7, minor: 3, proximity: .near, rssi: -60))
            app.manager.stopRangingBeacons(satisfying: constraint)
            let beacon = try #require(app.beacon)
            #expect(beacon.uuid == uuid && beacon.major == 7 && beacon.minor == 3 && beacon.proximity == .near)
            #expect(beacon.rssi == -60 && beacon.accuracy == -1 && beacon.timestamp == device.date)
            #expect(app.constraint == constraint)
            #expect(CLBeaconIdentityConstraint(uuid: uuid) != constraint)
            #expect(CLBeaconIdentityConstraint(uuid: uuid, major: 7, minor: nil) == constraint)
        }
    }

    @Test func requestsPropertiesAndTheTemporaryFullAccuracyCompletion() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: Self.plist.merging(["UIBackgroundModes": ["location"]]) { $1 })
        try device.withCurrent {
            let app = Everything()
            app.manager.requestAlwaysAuthorization()
            try device.user.answer(.allowWhileUsing)
            var completionError: (any Error)?
            app.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Boarding") { completionError = $0 }
            try device.advance(by: .seconds(1))
            // Full accuracy already: declined at once (docs/rules.md §10).
            #expect((completionError as? CLError)?.code == .promptDeclined)

            app.manager.distanceFilter = 25
            app.manager.allowsBackgroundLocationUpdates = true
            app.manager.showsBackgroundLocationIndicator = true
            app.manager.pausesLocationUpdatesAutomatically = false
            app.manager.activityType = .otherNavigation
            #expect(app.manager.distanceFilter == 25)
            #expect(app.manager.allowsBackgroundLocationUpdates && app.manager.showsBackgroundLocationIndicator)
            #expect(!app.manager.pausesLocationUpdatesAutomatically && app.manager.activityType == .otherNavigation)
            app.manager.distanceFilter = kCLDistanceFilterNone
            #expect(app.manager.distanceFilter == -1)

            app.manager.requestLocation()
            try device.feed(fix: Fix(Location(Coordinate(latitude: 51.47, longitude: -0.4543), accuracy: 5)))
            try device.advance(by: .seconds(10))
            app.manager.startMonitoringSignificantLocationChanges()
            app.manager.stopMonitoringSignificantLocationChanges()
            app.manager.startUpdatingLocation()
            app.manager.stopUpdatingLocation()
            #expect(app.heard.contains("locations"))
            #expect(app.manager.location?.horizontalAccuracy == 5)
            #expect(app.manager.simulationError == nil)
            // An iPhone has a compass (docs/rules.md §8, "Heading").
            #expect(CLLocationManager.headingAvailable())
            app.manager.headingFilter = kCLHeadingFilterNone
            app.manager.startUpdatingHeading()
            try device.world.sense(heading: HeadingSample(magnetic: 90, trueHeading: 92, accuracy: 5))
            #expect(app.manager.heading?.magneticHeading == 90 && app.manager.heading?.trueHeading == -1)
            app.manager.stopUpdatingHeading()
            // Deferred updates are iOS 6-12; from iOS 13 the calls do nothing (docs/rules.md §8).
            #expect(!CLLocationManager.deferredLocationUpdatesAvailable())
            app.manager.allowDeferredLocationUpdates(untilTraveled: CLLocationDistanceMax, timeout: CLTimeIntervalMax)
            app.manager.disallowDeferredLocationUpdates()
            #expect(app.manager.simulationError == nil)
            #expect(CLError(.deferredCanceled).code == CLError.deferredCanceled)
            #expect(
                [CLError.deferredFailed, .deferredNotUpdatingLocation, .deferredAccuracyTooLow, .deferredDistanceFiltered]
                    .map(\.rawValue) == [11, 12, 13, 14])
        }
    }

    @Test func valuesConstantsAndErrors() {
        let start = Date(timeIntervalSince1970: 1_000)
        let a = CLLocation(
            coordinate: CLLocationCoordinate2DMake(0, 0), altitude: 10, horizontalAccuracy: 5, verticalAccuracy: 3,
            timestamp: start)
        let b = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 1), altitude: 0, horizontalAccuracy: 5,
            verticalAccuracy: -1, course: 90, speed: 2, timestamp: start)
        let c = CLLocation(
            coordinate: CLLocationCoordinate2D(), altitude: 0, horizontalAccuracy: 1, verticalAccuracy: 1, course: 0,
            courseAccuracy: 5, speed: 0, speedAccuracy: 0.5, timestamp: start)
        #expect(a.speed == -1 && a.course == -1 && a.speedAccuracy == -1 && a.courseAccuracy == -1)
        #expect(b.speed == 2 && b.course == 90 && c.courseAccuracy == 5 && c.speedAccuracy == 0.5)
        #expect(abs(a.distance(from: b) - 111_195.08) < 0.01)  // a degree of the equator, the rules' radius
        #expect(CLLocation(latitude: 1, longitude: 2).coordinate.longitude == 2)
        #expect(a.description.contains("+/- 5.0m"))
        #expect(CLLocationDistanceMax == .greatestFiniteMagnitude && CLTimeIntervalMax == .greatestFiniteMagnitude)
        #expect(kCLHeadingFilterNone == -1)
        #expect(CLActivityType.fitness.rawValue == 3 && CLAuthorizationStatus.notDetermined.rawValue == 0)
        let codes: [CLError.Code] = [
            CLError.locationUnknown, CLError.denied, CLError.network, CLError.headingFailure,
            CLError.regionMonitoringDenied, CLError.regionMonitoringFailure, CLError.regionMonitoringSetupDelayed,
            CLError.regionMonitoringResponseDelayed, CLError.rangingUnavailable, CLError.rangingFailure,
            CLError.promptDeclined, CLError.historicalLocationError,
        ]
        #expect(codes.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19])
        #expect(CLError(.network).errorCode == 2 && CLError.errorDomain == "kCLErrorDomain")
        let location = SimulatedLocation(
            coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 5, timestamp: .start, altitude: 9,
            verticalAccuracy: 4, speed: 1, course: 180)
        #expect(location.altitude == 9 && location.verticalAccuracy == 4 && location.speed == 1 && location.course == 180)
        #expect(DeviceError.Code.noCurrentDevice.description == "noCurrentDevice")
    }

    /// Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "Copying and archiving", "Where a location
    /// comes from", "Time" and "Xcode's main-thread warning".
    @Test func copyingArchivingSourcesClocksAndWarnings() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0),
            plist: Self.plist.merging(["NSLocationTemporaryUsageDescriptionDictionary.Boarding": "Finds the gate."]) {
                $1
            })
        #expect(device.timestamps == .deviceClock)
        device.timestamps = .hostClock
        let app = device.withCurrent { Everything() }
        app.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        app.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Boarding")
        try device.user.answer(.allowOnce)
        app.manager.startUpdatingLocation()
        try device.feed(fix: Fix(Location(Coordinate(latitude: 51.47, longitude: -0.4543), accuracy: 5)))
        let location = try #require(app.manager.location)
        #expect(location.timestamp.timeIntervalSinceNow > -1)  // the host's clock: a fix just delivered
        let source = try #require(location.sourceInformation)
        #expect(!source.isSimulatedBySoftware && !source.isProducedByAccessory)
        let spoofed = CLLocation(
            coordinate: Self.gate, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1, course: -1,
            courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: Date(),
            sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false))
        #expect(spoofed.sourceInformation?.isSimulatedBySoftware == true)
        #expect(CLLocationSourceInformation().isProducedByAccessory == false)

        let region = CLCircularRegion(center: Self.gate, radius: 200, identifier: "gate")
        let beacons = CLBeaconRegion(uuid: UUID(), identifier: "lobby")
        #expect((region.copy() as? CLCircularRegion) == region && (beacons.copy() as? CLBeaconRegion) == beacons)
        #expect(location.copy() as? CLLocation === location && source.copy() as? CLLocationSourceInformation === source)
        let constraint = beacons.beaconIdentityConstraint
        #expect(constraint.copy() as? CLBeaconIdentityConstraint === constraint)
        #expect(CLLocation.supportsSecureCoding && CLRegion.supportsSecureCoding && CLCircularRegion.supportsSecureCoding)
        #expect(CLBeaconRegion.supportsSecureCoding && CLBeaconIdentityConstraint.supportsSecureCoding)
        #expect(CLHeading.supportsSecureCoding && CLVisit.supportsSecureCoding && CLBeacon.supportsSecureCoding)
        #expect(CLLocationSourceInformation.supportsSecureCoding)
        for object in [location, region, beacons, constraint, source] as [NSObject & NSSecureCoding] {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            object.encode(with: archiver)
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            let decoded = type(of: object).init(coder: unarchiver)
            #expect(decoded?.isEqual(object) == true || decoded is CLLocation)
        }

        #expect(device.withCurrent { CLLocationManager.locationServicesEnabled() })
        // Off the main thread, as Apple advises: no runtime warning.
        #expect(device.runtimeWarnings.isEmpty, "\(device.runtimeWarnings)")
    }

    @Test func asyncCodeRunsWithTheDeviceCurrent() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let status = await device.withCurrent {
            await Task.yield()
            return (SimulatedDevice.current === device, CLLocationManager().simulationError == nil)
        }
        #expect(status == (true, true))
    }

    @Test func liveUpdatesInCoreLocationsSpelling() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.plist)
        try await device.withCurrent {
            let configurations: [CLLocationUpdate.LiveConfiguration] = [
                .default, .automotiveNavigation, .otherNavigation, .fitness, .airborne,
            ]
            #expect(Set(configurations.map { "\($0)" }).count == 5)
            // Not authorized yet: iOS 18 shows the prompt itself and says so
            // in a diagnostics-only element (docs/modern.md).
            var updates = CLLocationUpdate.liveUpdates(.airborne).makeAsyncIterator()
            try device.advance(by: .seconds(1))
            let first = try #require(try await updates.next())
            #expect(first.location == nil && first.authorizationRequestInProgress)
            #expect(!first.authorizationDenied && !first.authorizationDeniedGlobally && !first.authorizationRestricted)
            #expect(!first.insufficientlyInUse && !first.serviceSessionRequired && !first.accuracyLimited)
            #expect(!first.locationUnavailable && !first.stationary && !first.isStationary)
            try device.stopLiveUpdates()
            #expect(try await updates.next() == nil)
        }
    }
}
