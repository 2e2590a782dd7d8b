// An app's location class, written as an iOS app writes it against Core
// Location. The app builds it with CoreLocation; its tests build the same
// file with LOCSIM defined, against locsim's LocSimCoreLocation
// (Examples/Package.swift, docs/corelocation-tutorial.md).
#if LOCSIM
import LocSimCoreLocation
#else
import CoreLocation
#endif
import Foundation

/// Records a hiking trail, in the background too: asks for Always, keeps
/// fresh and accurate fixes, and says when it cannot record.
public final class TrailRecorder: NSObject, CLLocationManagerDelegate {
    public enum State: Equatable, Sendable {
        case idle
        /// Asked the user, or must ask again (Allow Once lapsed): `start()` asks.
        case needsPermission
        case recording
        /// Denied or restricted: the user must change Settings.
        case denied
    }

    public private(set) var state = State.idle
    /// The kept fixes, oldest first.
    public private(set) var trail: [CLLocation] = []
    /// The last Core Location error, if any.
    public private(set) var lastErrorCode: CLError.Code?
    /// True once the app may record in the background (Always).
    public private(set) var backgroundAllowed = false

    /// A fix older than this (seconds) when it arrives is stale.
    public var maximumAge: TimeInterval = 30
    /// A fix less accurate than this (meters) is dropped.
    public var worstAccuracy: CLLocationAccuracy = 50

    private let manager: CLLocationManager
    /// The clock the app reads: `Date()` in the app; tests give the device's.
    private let now: () -> Date
    private var wantsRecording = false

    /// `manager`: the app's `CLLocationManager()`; a debug build may pass
    /// LocSimRecorder's `RecordingLocationManager()` (docs/recorder.md).
    public init(now: @escaping () -> Date = Date.init, manager: CLLocationManager = CLLocationManager()) {
        self.now = now
        self.manager = manager
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        manager.distanceFilter = 5
        manager.activityType = .fitness
    }

    /// The user taps Record.
    public func start() {
        wantsRecording = true
        switch CLLocationManager.authorizationStatus() {
        case .notDetermined:
            state = .needsPermission
            manager.requestAlwaysAuthorization()
        case .authorizedAlways, .authorizedWhenInUse:
            beginUpdates()
        case .denied, .restricted:
            state = .denied
        @unknown default:
            state = .denied
        }
    }

    /// The user taps Stop.
    public func stop() {
        wantsRecording = false
        manager.stopUpdatingLocation()
        state = .idle
    }

    private func beginUpdates() {
        guard state != .recording else { return }
        manager.allowsBackgroundLocationUpdates = true
        manager.showsBackgroundLocationIndicator = true
        manager.startUpdatingLocation()
        state = .recording
    }

    private func authorizationChanged(_ status: CLAuthorizationStatus) {
        backgroundAllowed = status == .authorizedAlways
        // With Always, a significant change relaunches the app after the
        // system ends it, so the trail can resume.
        if backgroundAllowed { manager.startMonitoringSignificantLocationChanges() }
        switch status {
        case .authorizedAlways, .authorizedWhenInUse:
            if wantsRecording { beginUpdates() }
        case .notDetermined:
            // Allow Once lapsed: updates have stopped, and only a new
            // request brings them back; `start()` makes it when the user
            // next taps Record.
            if state == .recording { state = .needsPermission }
        case .denied, .restricted:
            manager.stopUpdatingLocation()
            state = .denied
        @unknown default:
            break
        }
    }

    // MARK: CLLocationManagerDelegate

    /// iOS 14 and later.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        authorizationChanged(manager.authorizationStatus)
    }

    /// iOS 13 (Core Location calls it on iOS 14+ only without the method above).
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        authorizationChanged(status)
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= worstAccuracy else { continue }
            guard now().timeIntervalSince(location.timestamp) <= maximumAge else { continue }
            trail.append(location)
        }
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard let error = error as? CLError else { return }
        lastErrorCode = error.code
        if error.code == .denied {
            manager.stopUpdatingLocation()
            state = .denied
        }
    }

    /// Meters walked along the kept fixes.
    public var distanceWalked: CLLocationDistance {
        zip(trail, trail.dropFirst()).reduce(0) { $0 + $1.1.distance(from: $1.0) }
    }
}
