import Foundation
import LocSimKit

/// Core Location's delegate protocol with Apple's method signatures.
///
/// Every method has a default, as the Objective-C protocol's are optional.
/// Swift cannot ask an object which methods it implements, so a default
/// tells the manager it ran: the method goes into the device's
/// `unimplementedDelegateMethods`, and the default of
/// `locationManagerDidChangeAuthorization(_:)` calls
/// `locationManager(_:didChangeAuthorization:)` instead, when the status
/// differs from the last one that method was told (or the manager is new),
/// as Core Location does on iOS 14+ for a delegate without the new method.
public protocol CLLocationManagerDelegate: AnyObject {
    /// iOS 14+: the app's authorization or accuracy changed, or the manager was created.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// Before iOS 14 (deprecated since; still called when the delegate lacks the method above).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
    /// Locations delivered (standard updates, significant changes, `requestLocation`), oldest first; several at once
    /// for a batch held for the app.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// `error` is a `CLError`.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// Region monitoring began for `region`; `didDetermineState` follows.
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    /// Monitoring `region` failed (`nil` region: the `maxRegions` limit); `error` is a `CLError`.
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// The state of `region` now: at the start of monitoring, on a crossing, or for `requestState(for:)`.
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    /// The device entered `region` (with `notifyOnEntry`), after `didDetermineState`.
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// The device left `region` (with `notifyOnExit`), after `didDetermineState`.
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// A visit began or ended (`visit arrive`/`visit depart`), with visits monitored.
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    /// Beacons ranged for `beaconConstraint` (the `beacon` lines that match it).
    func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint)
    /// Ranging for `beaconConstraint` failed; `error` is a `CLError`.
    func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
        error: any Error)
    /// Standard updates paused automatically (`pausesLocationUpdatesAutomatically` with `set pauseAfter`).
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// Paused updates resumed: the device moved beyond `pauseDistance`.
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    /// A heading from a `heading` line, after `headingFilter` (docs/rules.md §8, "Heading").
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    /// Whether the heading calibration alert may show; the simulation shows none.
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
    /// A deferral ended; `nil` when its distance or timeout was reached (docs/rules.md §8, "Deferred updates").
    func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?)
}

extension CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        manager.notImplemented(.locationManagerDidChangeAuthorization)
        manager.fallBackToDidChangeAuthorization()
    }
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        manager.notImplemented(.didChangeAuthorization)
    }
    /// The default: records `didUpdateLocations` in `SimulatedDevice.unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        manager.notImplemented(.didUpdateLocations)
    }
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        manager.notImplemented(.didFailWithError)
    }
    /// The default: records `didStartMonitoringFor` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        manager.notImplemented(.didStartMonitoringFor)
    }
    /// The default: records `monitoringDidFailFor` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        manager.notImplemented(.monitoringDidFailFor)
    }
    /// The default: records `didDetermineState` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(
        _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
    ) {
        manager.notImplemented(.didDetermineState)
    }
    /// The default: records `didEnterRegion` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        manager.notImplemented(.didEnterRegion)
    }
    /// The default: records `didExitRegion` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        manager.notImplemented(.didExitRegion)
    }
    /// The default: records `didVisit` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        manager.notImplemented(.didVisit)
    }
    /// The default: records `didRange` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint
    ) {
        manager.notImplemented(.didRange)
    }
    /// The default: records `didFailRangingFor` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
        error: any Error
    ) {
        manager.notImplemented(.didFailRangingFor)
    }
    /// The default: records `didPauseLocationUpdates` in `unimplementedDelegateMethods` and does nothing.
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        manager.notImplemented(.didPauseLocationUpdates)
    }
    /// The default: records `didResumeLocationUpdates` in `unimplementedDelegateMethods` and does nothing.
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        manager.notImplemented(.didResumeLocationUpdates)
    }
    /// The default: records `didUpdateHeading` in `unimplementedDelegateMethods` and does nothing.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        manager.notImplemented(.didUpdateHeading)
    }
    /// Apple: without an implementation the alert is not shown.
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
        manager.notImplemented(.shouldDisplayHeadingCalibration)
        return false
    }
    public func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
        manager.notImplemented(.didFinishDeferredUpdatesWithError)
    }
}
