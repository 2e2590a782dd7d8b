/// What `RunTracker` needs of a location manager, under `CLLocationManager`'s
/// own names, so that both a real `CLLocationManager` (in the app) and
/// locsim's `SimulatedLocationManager` (in tests) conform with one line
/// each (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md, "Your own code under the rules").
///
/// The one member Core Location spells with its own class,
/// `startMonitoring(for: CLRegion)`, is asked for in plain numbers.
public protocol RunLocationManager: AnyObject {
    var allowsBackgroundLocationUpdates: Bool { get set }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)?)
    func startUpdatingLocation()
    func stopUpdatingLocation()
    /// `startMonitoring(for: CLCircularRegion(center:radius:identifier:))`.
    func startMonitoringRegion(id: String, latitude: Double, longitude: Double, radius: Double)
}

/// The authorization as the tracker cares about it (from `CLAuthorizationStatus`).
public enum RunPermission: Equatable, Sendable {
    case undecided, denied, whileUsing, always
}

/// One located point of a run.
public struct RunPoint: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Meters.
    public var accuracy: Double

    public init(latitude: Double, longitude: Double, accuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }
}
