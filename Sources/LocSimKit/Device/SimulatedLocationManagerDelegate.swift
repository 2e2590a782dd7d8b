/// The delegate of a `SimulatedLocationManager`: `CLLocationManagerDelegate`'s
/// methods under their names, with locsim's value types for Core Location's
/// classes. Every method has an empty default, as the Objective-C protocol's
/// are optional.
///
/// Which methods the app implements, as far as the rules care (a
/// `requestLocation` without `didFailWithError`, say), is
/// `SimulatedDevice(platform:plist:delegateMethods:)`: Swift cannot tell an
/// implemented method from a default one.
public protocol SimulatedLocationManagerDelegate: AnyObject {
    /// iOS 14+: the app's authorization or accuracy changed, or the manager was created.
    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager)
    /// Before iOS 14 (deprecated since): the new authorization status.
    func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus)
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    /// `error` is a `SimulatedLocationError`.
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error)
    func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion)
    func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error)
    func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion)
    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion)
    func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion)
    func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit)
    func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
    )
    func locationManager(
        _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error)
    func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager)
    func locationManagerDidResumeLocationUpdates(_ manager: SimulatedLocationManager)
    /// A heading, as `CLHeading`'s readings (docs/rules.md §8, "Heading").
    func locationManager(_ manager: SimulatedLocationManager, didUpdateHeading newHeading: HeadingSample)
    /// Whether the heading calibration alert may show; the rules log the
    /// call and take no answer from it.
    func locationManagerShouldDisplayHeadingCalibration(_ manager: SimulatedLocationManager) -> Bool
    /// A deferral ended; `nil` when its distance or timeout was reached (docs/rules.md §8, "Deferred updates").
    func locationManager(_ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?)
}

extension SimulatedLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {}
    public func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus)
    {}
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    {}
    public func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {}
    public func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error
    ) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion
    ) {}
    public func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion) {}
    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) {}
    public func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
    ) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error
    ) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: SimulatedLocationManager) {}
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateHeading newHeading: HeadingSample) {}
    /// Apple: without an implementation the alert is not shown.
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: SimulatedLocationManager) -> Bool { false }
    public func locationManager(
        _ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?
    ) {}
}
