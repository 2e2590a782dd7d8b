import LocSimKit
import RunTracker

/// locsim's manager is a `RunLocationManager` as a real `CLLocationManager`
/// is (docs/swift-api.md shows the app's side).
extension SimulatedLocationManager: RunLocationManager {
    public func startMonitoringRegion(id: String, latitude: Double, longitude: Double, radius: Double) {
        startMonitoring(for: CircularRegion(id: id, center: Coordinate(latitude: latitude, longitude: longitude), radius: radius))
    }
}

/// The app's delegate in a test: forwards the manager's callbacks and the
/// lifecycle to the tracker, as the app's `CLLocationManagerDelegate` and
/// `UIApplicationDelegate` do on a device.
final class SimulatedRunApp: SimulatedLocationManagerDelegate, SimulatedAppDelegate {
    let device: SimulatedDevice
    let manager: SimulatedLocationManager
    let tracker: RunTracker

    static let home = RunPoint(latitude: 35.6581, longitude: 139.7017, accuracy: 200)

    init(_ platform: Platform, plist: [String: PlistValue] = SimulatedRunApp.plist) throws {
        device = try SimulatedDevice(platform: platform, plist: plist)
        manager = device.makeLocationManager()
        tracker = RunTracker(manager: manager, home: Self.home)
        manager.delegate = self
        device.appDelegate = self
    }

    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Records the route of your runs.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you to run when you leave home.",
        "NSLocationAlwaysUsageDescription": "Reminds you to run when you leave home.",
        "NSLocationTemporaryUsageDescriptionDictionary.RunRoute": "Draws your route precisely.",
        "UIBackgroundModes": ["location"],
    ]

    // MARK: SimulatedLocationManagerDelegate

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        tracker.authorizationChanged(
            to: Self.permission(manager.authorizationStatus), fullAccuracy: manager.accuracyAuthorization == .fullAccuracy)
    }

    /// Before iOS 14 (from 14 only the method above is called when both are implemented).
    func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus) {
        tracker.authorizationChanged(to: Self.permission(status), fullAccuracy: true)
    }

    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        tracker.locationsUpdated(
            locations.map {
                RunPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, accuracy: $0.horizontalAccuracy)
            })
    }

    func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) {
        tracker.regionExited(id: region.id)
    }

    static func permission(_ status: AuthorizationStatus) -> RunPermission {
        switch status {
        case .notDetermined: return .undecided
        case .restricted, .denied: return .denied
        case .authorizedWhenInUse: return .whileUsing
        case .authorizedAlways, .authorized: return .always
        }
    }

    // MARK: SimulatedAppDelegate

    func applicationDidEnterBackground() { tracker.didEnterBackground() }
    func applicationWillEnterForeground() { tracker.willEnterForeground() }
}
