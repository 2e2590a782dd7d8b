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
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// `error` is a `CLError`.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint)
    func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
        error: any Error)
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
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
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        manager.notImplemented(.didUpdateLocations)
    }
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        manager.notImplemented(.didFailWithError)
    }
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        manager.notImplemented(.didStartMonitoringFor)
    }
    public func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        manager.notImplemented(.monitoringDidFailFor)
    }
    public func locationManager(
        _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
    ) {
        manager.notImplemented(.didDetermineState)
    }
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        manager.notImplemented(.didEnterRegion)
    }
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        manager.notImplemented(.didExitRegion)
    }
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        manager.notImplemented(.didVisit)
    }
    public func locationManager(
        _ manager: CLLocationManager, didRange beacons: [CLBeacon],
        satisfying beaconConstraint: CLBeaconIdentityConstraint
    ) {
        manager.notImplemented(.didRange)
    }
    public func locationManager(
        _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
        error: any Error
    ) {
        manager.notImplemented(.didFailRangingFor)
    }
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        manager.notImplemented(.didPauseLocationUpdates)
    }
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        manager.notImplemented(.didResumeLocationUpdates)
    }
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
