// A `@MainActor` location service, the usual shape of app code, under
// Swift 6 (language mode 6, strict concurrency) on a SimulatedDevice
// (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md, "A @MainActor service").
import LocSimKit
import Testing

/// The app's service: main-actor state, the manager made at launch.
@MainActor
final class LocationService {
    let manager: SimulatedLocationManager
    private(set) var status: AuthorizationStatus = .notDetermined
    private(set) var points: [Coordinate] = []

    init(manager: SimulatedLocationManager) {
        self.manager = manager
        manager.delegate = self
    }

    func start() { manager.requestWhenInUseAuthorization() }
}

// Swift 6.2 and later: an isolated conformance. The device calls the
// delegate on the thread the test runs on, the main actor's here.
extension LocationService: @MainActor SimulatedLocationManagerDelegate {
    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        status = manager.authorizationStatus
        if status == .authorizedWhenInUse { manager.startUpdatingLocation() }
    }

    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        points += locations.map(\.coordinate)
    }
}

/// Swift 6.0 and 6.1 (no isolated conformances): `nonisolated` methods that
/// assert they run on the main actor, as they do when the test is `@MainActor`.
@MainActor
final class OlderLocationService: SimulatedLocationManagerDelegate {
    let manager: SimulatedLocationManager
    private(set) var points: [Coordinate] = []

    init(manager: SimulatedLocationManager) {
        self.manager = manager
        manager.delegate = self
    }

    // The manager passed in is not `Sendable`: use the service's own
    // (`self.manager`, main-actor state) inside the isolated closure.
    nonisolated func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        MainActor.assumeIsolated {
            if self.manager.authorizationStatus == .authorizedWhenInUse { self.manager.startUpdatingLocation() }
        }
    }

    nonisolated func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        let coordinates = locations.map(\.coordinate)
        MainActor.assumeIsolated { points += coordinates }
    }
}

/// The test runs on the main actor too: the device, the service and the
/// delegate calls all stay there.
@MainActor
@Suite struct MainActorServiceTests {
    static let plist: [String: PlistValue] = ["NSLocationWhenInUseUsageDescription": "Shows where you are."]

    @Test func aMainActorServiceHearsTheDevice() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let service = LocationService(manager: device.makeLocationManager())
        service.start()
        try device.user.answer(.allowWhileUsing)
        #expect(service.status == .authorizedWhenInUse)
        try device.feed(fix: Fix(latitude: 35.68, longitude: 139.76))
        #expect(service.points == [Coordinate(latitude: 35.68, longitude: 139.76)])
        try device.app.enterBackground()
        try device.advance(by: .seconds(60))  // the grace period is over, no background mode: suspended
        try device.feed(fix: Fix(latitude: 35.69, longitude: 139.76))
        #expect(service.points.count == 1)
    }

    @Test func theSwift6_0FormHearsTheSame() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let service = OlderLocationService(manager: device.makeLocationManager())
        service.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        try device.feed(fix: Fix(latitude: 35.68, longitude: 139.76))
        #expect(service.points == [Coordinate(latitude: 35.68, longitude: 139.76)])
    }
}
