/// A delegate method call with its arguments (SPEC §2).
///
/// The cases with large arguments are `indirect` (boxed): they are rare, and
/// keeping the enum small makes the common `didUpdateLocations` record cheap
/// to move through the simulator's output (see `Record`).
public enum Callback: Equatable, Sendable {
    case didChangeAuthorization(AuthorizationStatus)
    case locationManagerDidChangeAuthorization(AuthorizationStatus, AccuracyAuthorization)
    case didUpdateLocations(Location)
    /// `didUpdateLocations` with a location fixed before it is delivered (a
    /// fix `requestLocation` kept, an update queued for a suspended app): the
    /// log shows the location's own time.
    indirect case didUpdateEarlierLocation(Location, fixedAt: Millis)
    case didFailWithError(CLErrorCode)
    case didStartMonitoring(regionID: String)
    case monitoringDidFail(regionID: String?, CLErrorCode)
    case didDetermineState(RegionState, regionID: String)
    case didEnterRegion(regionID: String)
    case didExitRegion(regionID: String)
    /// `nil` arrival is `distantPast`, `nil` departure `distantFuture`.
    indirect case didVisit(arrival: Millis?, departure: Millis?, Location)
    indirect case didRange(BeaconConstraint, BeaconSighting)
    indirect case didFailRanging(BeaconConstraint, CLErrorCode)
    case didPauseLocationUpdates
    case didResumeLocationUpdates

    /// The Objective-C-free Swift selector the log prints.
    public var selector: String {
        switch self {
        case .didChangeAuthorization: return "locationManager(_:didChangeAuthorization:)"
        case .locationManagerDidChangeAuthorization: return "locationManagerDidChangeAuthorization(_:)"
        case .didUpdateLocations, .didUpdateEarlierLocation: return "locationManager(_:didUpdateLocations:)"
        case .didFailWithError: return "locationManager(_:didFailWithError:)"
        case .didStartMonitoring: return "locationManager(_:didStartMonitoringFor:)"
        case .monitoringDidFail: return "locationManager(_:monitoringDidFailFor:withError:)"
        case .didDetermineState: return "locationManager(_:didDetermineState:for:)"
        case .didEnterRegion: return "locationManager(_:didEnterRegion:)"
        case .didExitRegion: return "locationManager(_:didExitRegion:)"
        case .didVisit: return "locationManager(_:didVisit:)"
        case .didRange: return "locationManager(_:didRange:satisfying:)"
        case .didFailRanging: return "locationManager(_:didFailRangingFor:error:)"
        case .didPauseLocationUpdates: return "locationManagerDidPauseLocationUpdates(_:)"
        case .didResumeLocationUpdates: return "locationManagerDidResumeLocationUpdates(_:)"
        }
    }

    /// The `delegate` header flag that must be set for this method to run.
    public var method: DelegateMethods {
        switch self {
        case .didChangeAuthorization: return .didChangeAuthorization
        case .locationManagerDidChangeAuthorization: return .locationManagerDidChangeAuthorization
        case .didUpdateLocations, .didUpdateEarlierLocation: return .didUpdateLocations
        case .didFailWithError: return .didFailWithError
        case .didStartMonitoring: return .didStartMonitoringFor
        case .monitoringDidFail: return .monitoringDidFailFor
        case .didDetermineState: return .didDetermineState
        case .didEnterRegion: return .didEnterRegion
        case .didExitRegion: return .didExitRegion
        case .didVisit: return .didVisit
        case .didRange: return .didRange
        case .didFailRanging: return .didFailRangingFor
        case .didPauseLocationUpdates: return .didPauseLocationUpdates
        case .didResumeLocationUpdates: return .didResumeLocationUpdates
        }
    }
}
