import LocSimKit
import RunTracker

/// locsim's manager is a `RunLocationManager` as a real `CLLocationManager`
/// is (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md shows the app's side).
extension SimulatedLocationManager: RunLocationManager {
    public func startMonitoringRegion(id: String, latitude: Double, longitude: Double, radius: Double) {
        startMonitoring(
            for: CircularRegion(id: id, center: Coordinate(latitude: latitude, longitude: longitude), radius: radius))
    }
}

/// The app's delegate in a test: forwards the manager's callbacks and the
/// lifecycle to the tracker, as the app's `CLLocationManagerDelegate` and
/// `UIApplicationDelegate` do on a device; and, as a new process does, makes
/// a new manager and tracker at each relaunch (after the system ended the
/// app, which an exploration may choose on any path).
public final class SimulatedRunApp<Tracker: RunTracking>: SimulatedLocationManagerDelegate, SimulatedAppDelegate {
    public let device: SimulatedDevice
    private let makeTracker: (SimulatedLocationManager) -> Tracker
    public private(set) var manager: SimulatedLocationManager
    /// The tracker of the app's current process.
    public private(set) var tracker: Tracker
    /// Launches after the first (each a new process).
    public private(set) var relaunches = 0
    private var launched = false

    /// The home region's centre and radius.
    public static var home: RunPoint { RunPoint(latitude: 35.6581, longitude: 139.7017, accuracy: 200) }

    public static var plist: [String: PlistValue] {
        [
            "NSLocationWhenInUseUsageDescription": "Records the route of your runs.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you to run when you leave home.",
            "NSLocationAlwaysUsageDescription": "Reminds you to run when you leave home.",
            "NSLocationTemporaryUsageDescriptionDictionary.RunRoute": "Draws your route precisely.",
            "UIBackgroundModes": ["location"],
        ]
    }

    /// `makeTracker` makes the tracker of each process over its manager.
    public init(device: SimulatedDevice, tracker makeTracker: @escaping (SimulatedLocationManager) -> Tracker) {
        self.device = device
        self.makeTracker = makeTracker
        manager = device.makeLocationManager()
        tracker = makeTracker(manager)
        manager.delegate = self
        device.appDelegate = self
    }

    // MARK: SimulatedAppDelegate

    /// A relaunch (the first launch is told when `appDelegate` is set, in `init`).
    public func applicationDidFinishLaunching(inBackground: Bool) {
        guard launched else {
            launched = true
            return
        }
        relaunches += 1
        manager = device.makeLocationManager()
        tracker = makeTracker(manager)
        manager.delegate = self
        if inBackground { tracker.didEnterBackground() }
    }

    public func applicationDidEnterBackground() { tracker.didEnterBackground() }
    public func applicationWillEnterForeground() { tracker.willEnterForeground() }

    // MARK: SimulatedLocationManagerDelegate

    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        tracker.authorizationChanged(
            to: Self.permission(manager.authorizationStatus),
            fullAccuracy: manager.accuracyAuthorization == .fullAccuracy)
    }

    /// Before iOS 14 (from 14 only the method above is called when both are implemented).
    public func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus)
    {
        tracker.authorizationChanged(to: Self.permission(status), fullAccuracy: true)
    }

    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    {
        tracker.locationsUpdated(
            locations.map {
                RunPoint(
                    latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                    accuracy: $0.horizontalAccuracy)
            })
    }

    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) {
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
}

extension SimulatedRunApp where Tracker == RunTracker {
    /// A device on `platform` running `RunTracker`.
    public convenience init(_ platform: Platform, plist: [String: PlistValue] = SimulatedRunApp.plist) throws {
        let device = try SimulatedDevice(platform: platform, plist: plist)
        self.init(device: device) { RunTracker(manager: $0, home: Self.home) }
    }
}
