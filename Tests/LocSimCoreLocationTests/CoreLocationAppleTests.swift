import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// A location service spelled with Apple's signatures, as an app writes one
/// to stand in for `CLLocationManager` in its own tests: the module's
/// manager must meet it with an empty extension, as Core Location's does.
protocol LocationManaging: AnyObject {
    var delegate: (any CLLocationManagerDelegate)? { get set }
    var desiredAccuracy: CLLocationAccuracy { get set }
    var allowsBackgroundLocationUpdates: Bool { get set }
    var authorizationStatus: CLAuthorizationStatus { get }
    var accuracyAuthorization: CLAccuracyAuthorization { get }
    var location: CLLocation? { get }
    func requestWhenInUseAuthorization()
    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)?)
    func startUpdatingLocation()
    static func locationServicesEnabled() -> Bool
}

extension CLLocationManager: LocationManaging {}

/// What an app on an Apple platform does with Core Location's objects
/// beyond the delegate: copies and archives them, reads them off the main
/// thread, dates them against the host's clock (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).
@Suite struct CoreLocationAppleTests {
    static let plist = CoreLocationTests.plist
    static let here = CoreLocationTests.here

    // MARK: NSCopying, NSSecureCoding

    /// Each class adopts both, as Apple's does (on Darwin `copy()` of an
    /// object without `NSCopying` raises "unrecognized selector").
    @Test func everyValueClassCopiesAndArchivesAsApplesDoes() throws {
        let (device, listener) = try CoreLocationTests.allowed(updating: true)
        try device.feed(fix: Fix(Self.here, speed: 2, course: 90, altitude: 12))
        let location = try #require(listener.locations.first)
        let constraint = CLBeaconIdentityConstraint(uuid: UUID(), major: 7)
        let circle = CLCircularRegion(center: location.coordinate, radius: 80, identifier: "gate")
        let beacons = CLBeaconRegion(beaconIdentityConstraint: constraint, identifier: "lobby")
        let objects: [Any] = [location, circle, beacons, constraint, location.sourceInformation as Any]
        for object in objects {
            #expect(object is NSCopying && object is NSSecureCoding, "\(type(of: object))")
        }
        let delivered: [AnyClass] = [CLHeading.self, CLVisit.self, CLBeacon.self]
        for kind in delivered {
            #expect(kind is NSCopying.Type && kind is NSSecureCoding.Type, "\(kind)")
        }
        // Immutable: the copy is the object.
        #expect(location.copy() as? CLLocation === location)
        #expect(constraint.copy() as? CLBeaconIdentityConstraint === constraint)
        // A region's flags change: its copy is its own, of the same class, equal.
        circle.notifyOnExit = false
        let circleCopy = try #require(circle.copy() as? CLCircularRegion)
        #expect(circleCopy !== circle && circleCopy == circle && !circleCopy.notifyOnExit)
        circleCopy.notifyOnEntry = false
        #expect(circle.notifyOnEntry)
        beacons.notifyEntryStateOnDisplay = true
        let beaconsCopy = try #require(beacons.copy() as? CLBeaconRegion)
        #expect(beaconsCopy !== beacons && beaconsCopy.notifyEntryStateOnDisplay && beaconsCopy.major == 7)

        let decoded = try Self.roundTrip(location)
        #expect(decoded.coordinate.latitude == location.coordinate.latitude && decoded.altitude == 12)
        #expect(decoded.speed == 2 && decoded.course == 90 && decoded.verticalAccuracy == location.verticalAccuracy)
        #expect(decoded.timestamp == location.timestamp && decoded.sourceInformation == location.sourceInformation)
        let decodedCircle = try Self.roundTrip(circle)
        #expect(decodedCircle == circle && !decodedCircle.notifyOnExit && decodedCircle.notifyOnEntry)
        let decodedBeacons = try Self.roundTrip(beacons)
        #expect(decodedBeacons.beaconIdentityConstraint == constraint && decodedBeacons.notifyEntryStateOnDisplay)
        #expect(decodedBeacons.uuid == constraint.uuid && decodedBeacons.minor == nil)
        let simulated = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
        #expect(try Self.roundTrip(simulated) == simulated)
    }

    @Test func headingsVisitsAndBeaconsArchive() throws {
        let (device, listener) = try CoreLocationTests.allowed()
        let recorder = device.withCurrent { Recorder() }
        recorder.manager.startUpdatingHeading()
        try device.world.sense(heading: HeadingSample(magnetic: 120, trueHeading: 121.5, accuracy: 5))
        let heading = try #require(recorder.manager.heading)
        let decoded = try Self.roundTrip(heading)
        #expect(heading.magneticHeading == 120 && heading.headingAccuracy == 5)
        #expect(decoded.magneticHeading == 120 && decoded.trueHeading == heading.trueHeading)
        #expect(decoded.headingAccuracy == 5)
        #expect(decoded.timestamp == heading.timestamp && heading.copy() as? CLHeading === heading)
        _ = listener
    }

    static func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    // MARK: Apple's members

    @Test func aDeliveredLocationSaysItComesFromTheDevice() throws {
        let (device, listener) = try CoreLocationTests.allowed(updating: true)
        try device.feed(fix: Fix(Self.here))
        let source = try #require(listener.locations.first?.sourceInformation)
        #expect(!source.isSimulatedBySoftware && !source.isProducedByAccessory)
        #expect(CLLocation(latitude: 1, longitude: 2).sourceInformation == nil)
        let made = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 0, horizontalAccuracy: 5,
            verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: Date(),
            sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: true))
        #expect(
            made.sourceInformation?.isSimulatedBySoftware == true
                && made.sourceInformation?.isProducedByAccessory == true)
    }

    /// Through the protocol only (the app's seam): Apple's one-argument
    /// request is its own method, and asks for the prompt.
    @Test func aProtocolWithApplesSignaturesIsMetByTheManager() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0),
            plist: Self.plist.merging(["NSLocationTemporaryUsageDescriptionDictionary.Route": "Shows the route."]) {
                a, _ in a
            }
        )
        let manager: any LocationManaging = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
        #expect(device.scenario.contains("app requestTemporaryFullAccuracyAuthorization Route"))
        #expect(device.withCurrent { type(of: manager).locationServicesEnabled() })
    }

    // MARK: The device off the task

    /// A transit app's unchanged code asks off the main thread, as Apple
    /// advises, in a detached task (which inherits no task-local value).
    /// In a process of its own: there the test's device is the only one.
    #if os(macOS) || os(Linux) || os(Windows)
        @Test func aDetachedTaskFindsTheOnlyDevice() async {
            await #expect(processExitsWith: .success) {
                let device = try SimulatedDevice(platform: .iOS(17, 0), plist: CoreLocationTests.plist)
                let manager = device.withCurrent { CLLocationManager() }
                manager.requestWhenInUseAuthorization()
                try device.user.answer(.allowWhileUsing)
                let (enabled, status) = await Task.detached {
                    (CLLocationManager.locationServicesEnabled(), CLLocationManager().authorizationStatus)
                }.value
                let onThread = Thread.detachNewThreadAndWait { CLLocationManager.authorizationStatus() }
                guard enabled, status == .authorizedWhenInUse, onThread == .authorizedWhenInUse else { exit(1) }
                // A second device: a detached task can no longer tell which is its own.
                let other = try SimulatedDevice(platform: .iOS(17, 0), plist: CoreLocationTests.plist)
                _ = other.epoch
                let none = await Task.detached { SimulatedDevice.current == nil }.value
                let message = CLLocationManager().simulationError?.message ?? ""
                guard none, message.contains("2 are alive") else { exit(2) }
                // Inside withCurrent, each its own.
                guard other.withCurrent({ SimulatedDevice.current === other }) else { exit(3) }
                withExtendedLifetime(device) {}
            }
        }

        /// With no device at all, the manager belongs to none (in a process
        /// of its own: another test's only device would be found).
        @Test func aManagerMadeWithNoDeviceCurrentSaysSo() async {
            await #expect(processExitsWith: .success) {
                let manager = CLLocationManager()
                guard manager.simulationError?.code == .noCurrentDevice,
                    manager.simulationError?.message.contains("withCurrent") == true,
                    manager.simulatedManager == nil
                else { exit(1) }
                manager.startUpdatingLocation()  // does nothing
                guard manager.authorizationStatus == .notDetermined,
                    CLLocationManager.authorizationStatus() == .notDetermined,
                    !CLLocationManager.locationServicesEnabled()
                else { exit(2) }
                do {
                    try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
                    exit(3)
                } catch {
                    guard (error as? DeviceError)?.code == .noCurrentDevice else { exit(4) }
                }
                guard CLServiceSession(authorization: .always).simulationError?.code == .noCurrentDevice else {
                    exit(5)
                }
                let activity = CLBackgroundActivitySession()
                var diagnostics = activity.diagnostics.makeAsyncIterator()
                guard activity.simulationError?.code == .noCurrentDevice, try await diagnostics.next() == nil else {
                    exit(6)
                }
                guard await CLMonitor("nowhere").simulationError?.code == .noCurrentDevice else { exit(7) }
            }
        }
    #endif

    // MARK: Timestamps against the host's clock

    /// A fix queued for the suspended app (Always, no background mode)
    /// and delivered 30 s later: on the host's clock its age is 30 s, as
    /// `timeIntervalSinceNow` reads it; on the device's clock it is dated
    /// `epoch` plus its time.
    @Test(arguments: [SimulatedDevice.Timestamps.deviceClock, .hostClock])
    func aQueuedFixIsDatedByItsAge(timestamps: SimulatedDevice.Timestamps) throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        #expect(device.timestamps == .deviceClock)
        device.timestamps = timestamps
        let listener = device.withCurrent { Listener() }
        try device.user.settings(.always)
        listener.manager.startUpdatingLocation()
        try device.app.enterBackground()
        try device.advance(by: .seconds(60))
        try device.feed(fix: Fix(Self.here))
        try device.advance(by: .seconds(30))
        #expect(listener.locations.isEmpty)
        try device.app.enterForeground()
        let location = try #require(listener.locations.first)
        #expect(device.log.text.contains("hold fix"))
        switch timestamps {
        case .deviceClock:
            #expect(location.timestamp == device.epoch.addingTimeInterval(60))
            #expect(location.timestamp.timeIntervalSinceNow < -3600)  // the host's clock is not the device's
        case .hostClock:
            #expect((-31 ... -30).contains(location.timestamp.timeIntervalSinceNow))
            #expect(
                abs(device.withCurrent { CLLocation(latitude: 1, longitude: 2) }.timestamp.timeIntervalSinceNow) < 1)
        }
    }

    // MARK: Xcode's main-thread warning

    @MainActor @Test func locationServicesEnabledOnTheMainThreadIsWarned() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        #expect(device.withCurrent { CLLocationManager.locationServicesEnabled() })
        #expect(device.runtimeWarnings.count == 1)
        #expect(
            device.runtimeWarnings.first?.hasPrefix(
                "CLLocationManager.locationServicesEnabled(): This method can cause UI unresponsiveness if invoked "
                    + "on the main thread.") == true)
        // Off the main thread, as Apple advises: no warning.
        let offMain = await device.withCurrent {
            await Task.detached { @Sendable in Thread.isMainThread }.value
        }
        #expect(!offMain)
        _ = device.withCurrent { CLLocationManager.authorizationStatus() }  // what the warning advises: not warned
        #expect(device.runtimeWarnings.count == 1)
    }

    @Test func offTheMainThreadNothingIsWarned() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        #expect(!Thread.isMainThread)
        #expect(device.withCurrent { CLLocationManager.locationServicesEnabled() })
        #expect(device.runtimeWarnings.isEmpty)
    }
}

/// Hears headings.
final class Recorder: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    override init() {
        super.init()
        manager.delegate = self
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for its answer.
    static func detachNewThreadAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = NSCondition()
        nonisolated(unsafe) var result: T?
        Thread.detachNewThread {
            let value = body()
            done.lock()
            result = value
            done.signal()
            done.unlock()
        }
        done.lock()
        while result == nil { done.wait() }
        done.unlock()
        return result!
    }
}
