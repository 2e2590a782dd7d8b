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
    /// Locations delivered (standard updates, significant changes, `requestLocation`), oldest first.
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    /// `error` is a `SimulatedLocationError`.
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error)
    /// Region monitoring began for `region` (`didStartMonitoringFor`); `didDetermineState` follows.
    func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion)
    /// Monitoring `region` failed (`nil` region: the `maxRegions` limit); `error` is a `SimulatedLocationError`.
    func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error)
    /// The state of `region` now: at start, on a crossing, or for `requestState(for:)`.
    func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion)
    /// The device entered `region` (a `notifyOnEntry` region, after `didDetermineState`).
    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion)
    /// The device left `region` (a `notifyOnExit` region, after `didDetermineState`).
    func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion)
    /// A visit began or ended (`visit arrive`/`visit depart` lines, with visits monitored).
    func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit)
    /// Beacons sighted for `constraint` (`beacon` lines matching it).
    func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
    )
    /// Ranging for `constraint` failed; `error` is a `SimulatedLocationError`.
    func locationManager(
        _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error)
    /// Standard updates paused automatically (`pausesLocationUpdatesAutomatically` with `set pauseAfter`).
    func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager)
    /// Paused updates resumed: the device moved beyond `pauseDistance`.
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
    /// Does nothing: the app ignores locations.
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    {}
    public func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {}
    /// Does nothing: the app ignores the start of monitoring.
    public func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion) {}
    /// Does nothing: the app ignores the failure.
    public func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error
    ) {}
    /// Does nothing: the app ignores region states.
    public func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion
    ) {}
    /// Does nothing: the app ignores entries.
    public func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion) {}
    /// Does nothing: the app ignores exits.
    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) {}
    /// Does nothing: the app ignores visits.
    public func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit) {}
    /// Does nothing: the app ignores ranged beacons.
    public func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
    ) {}
    /// Does nothing: the app ignores ranging failures.
    public func locationManager(
        _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error
    ) {}
    /// Does nothing: the app ignores the pause.
    public func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager) {}
    /// Does nothing: the app ignores the resumption.
    public func locationManagerDidResumeLocationUpdates(_ manager: SimulatedLocationManager) {}
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateHeading newHeading: HeadingSample) {}
    /// Apple: without an implementation the alert is not shown.
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: SimulatedLocationManager) -> Bool { false }
    public func locationManager(
        _ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?
    ) {}
}
