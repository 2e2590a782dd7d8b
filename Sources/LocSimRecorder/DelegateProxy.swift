import Foundation

#if canImport(CoreLocation) && !LOCSIM
    import CoreLocation
#else
    import LocSimCoreLocation
#endif

/// The delegate Core Location calls in front of the app's: it records each
/// callback with its arguments, then calls the app's delegate with the same
/// arguments (the manager the app made included).
///
/// On Apple platforms Core Location asks the delegate which of its optional
/// methods it implements and behaves differently without some (the iOS 14
/// authorization fallback, the crash without `didFailWithError`): the proxy
/// answers `responds(to:)` as the app's delegate does, so Core Location sees
/// the app's delegate, not the proxy's sixteen methods.
final class DelegateProxy: NSObject, CLLocationManagerDelegate {
    weak var target: (any CLLocationManagerDelegate)?
    let recorder: SessionRecorder
    private let manager: Int
    /// Inside `locationManagerDidChangeAuthorization(_:)`: the old callback
    /// that comes then is LocSimCoreLocation's fallback for a delegate
    /// without the new one (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md), the same callback, not a
    /// second one.
    private var inAuthorizationCallback = false

    init(recorder: SessionRecorder, manager: Int) {
        self.recorder = recorder
        self.manager = manager
    }

    func record(_ callback: SessionEntry.Callback) {
        recorder.record(.heard(manager: manager, callback))
    }

    #if canImport(CoreLocation) && !LOCSIM
        /// A delegate method as the app's delegate answers; any other
        /// selector as the proxy does.
        override func responds(to selector: Selector!) -> Bool {
            guard let selector, Self.delegateSelectors.contains(selector) || !super.responds(to: selector) else {
                return true
            }
            return target?.responds(to: selector) ?? false
        }

        /// A delegate method the proxy does not record (the deprecated
        /// ranging callbacks, a future one) goes straight to the app's delegate.
        override func forwardingTarget(for selector: Selector!) -> Any? { target }

        static let delegateSelectors: Set<Selector> = Set(
            [
                "locationManagerDidChangeAuthorization:", "locationManager:didChangeAuthorizationStatus:",
                "locationManager:didUpdateLocations:", "locationManager:didFailWithError:",
                "locationManager:didStartMonitoringForRegion:", "locationManager:monitoringDidFailForRegion:withError:",
                "locationManager:didDetermineState:forRegion:", "locationManager:didEnterRegion:",
                "locationManager:didExitRegion:", "locationManager:didVisit:",
                "locationManagerDidPauseLocationUpdates:", "locationManagerDidResumeLocationUpdates:",
                "locationManager:didUpdateHeading:", "locationManagerShouldDisplayHeadingCalibration:",
                "locationManager:didFinishDeferredUpdatesWithError:",
                "locationManager:didRangeBeacons:satisfyingConstraint:",
                "locationManager:didFailRangingBeaconsForConstraint:error:",
            ].map(NSSelectorFromString))
    #endif

    // MARK: Authorization

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        record(.authorization(status: Self.status(manager.authorizationStatus), accuracy: Self.accuracy(manager)))
        inAuthorizationCallback = true
        defer { inAuthorizationCallback = false }
        #if canImport(CoreLocation) && !LOCSIM
            target?.locationManagerDidChangeAuthorization?(manager)
        #else
            target?.locationManagerDidChangeAuthorization(manager)
        #endif
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        if !inAuthorizationCallback { record(.authorization(status: Self.status(status), accuracy: nil)) }
        #if canImport(CoreLocation) && !LOCSIM
            target?.locationManager?(manager, didChangeAuthorization: status)
        #else
            target?.locationManager(manager, didChangeAuthorization: status)
        #endif
    }

    // MARK: Locations

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        record(.locations(locations.map(fix)))
        #if canImport(CoreLocation) && !LOCSIM
            target?.locationManager?(manager, didUpdateLocations: locations)
        #else
            target?.locationManager(manager, didUpdateLocations: locations)
        #endif
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        record(.failure(error: Self.code(error)))
        #if canImport(CoreLocation) && !LOCSIM
            target?.locationManager?(manager, didFailWithError: error)
        #else
            target?.locationManager(manager, didFailWithError: error)
        #endif
    }

    func fix(_ location: CLLocation) -> SessionEntry.Fix {
        recorder.hidden(
            SessionEntry.Fix(
                latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
                accuracy: location.horizontalAccuracy, timestamp: location.timestamp))
    }

    // MARK: Names as the log writes them

    /// `CLAuthorizationStatus`'s Swift case name (raw values are Apple's on both sides).
    static func status(_ status: CLAuthorizationStatus) -> String {
        switch status.rawValue {
        case 1: return "restricted"
        case 2: return "denied"
        case 3: return "authorizedAlways"
        case 4: return "authorizedWhenInUse"
        default: return "notDetermined"
        }
    }

    static func accuracy(_ manager: CLLocationManager) -> String {
        manager.accuracyAuthorization.rawValue == 1 ? "reducedAccuracy" : "fullAccuracy"
    }

    /// `kCLError…`, from `CLError.Code`'s raw value (CLError.h); another
    /// error as `kCLErrorUnknown(<domain> <code>)`.
    static func code(_ error: any Error) -> String {
        let names = [
            "LocationUnknown", "Denied", "Network", "HeadingFailure", "RegionMonitoringDenied",
            "RegionMonitoringFailure", "RegionMonitoringSetupDelayed", "RegionMonitoringResponseDelayed",
            "GeocodeFoundNoResult", "GeocodeFoundPartialResult", "GeocodeCanceled", "DeferredFailed",
            "DeferredNotUpdatingLocation", "DeferredAccuracyTooLow", "DeferredDistanceFiltered", "DeferredCanceled",
            "RangingUnavailable", "RangingFailure", "PromptDeclined", "HistoricalLocationError",
        ]
        guard let error = error as? CLError, names.indices.contains(error.code.rawValue) else {
            return "kCLErrorUnknown"
        }
        return "kCLError" + names[error.code.rawValue]
    }
}
