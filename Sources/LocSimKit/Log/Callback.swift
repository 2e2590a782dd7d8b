/// A delegate method call with its arguments (SPEC §2).
///
/// A struct over a package enum (evolution policy, Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md
/// "Stability"): a delegate method added in a later version does not break
/// client code, which builds callbacks with the static functions below and
/// reads them through `method`, `selector` and the typed views.
///
/// The cases with large arguments are `indirect` (boxed): they are rare, and
/// keeping the enum small makes the common `didUpdateLocations` record cheap
/// to move through the simulator's output (see `Record`).
public struct Callback: Equatable, Sendable {
    package enum Event: Equatable, Sendable {
        case didChangeAuthorization(AuthorizationStatus)
        case locationManagerDidChangeAuthorization(AuthorizationStatus, AccuracyAuthorization)
        case didUpdateLocations(Location)
        /// `didUpdateLocations` with a location fixed before it is delivered (a
        /// fix `requestLocation` kept, an update queued for a suspended app): the
        /// log shows the location's own time.
        indirect case didUpdateEarlierLocation(Location, fixedAt: Instant)
        /// `didUpdateLocations` with several locations in one call, oldest
        /// first, each with its own time: "If updates were deferred or if
        /// multiple locations arrived before they could be delivered, the
        /// array may contain additional entries" (Apple; docs/rules.md §8,
        /// "Several locations in one call").
        indirect case didUpdateLocationBatch([TimedLocation])
        case didFailWithError(CLErrorCode)
        case didStartMonitoring(regionID: String)
        case monitoringDidFail(regionID: String?, CLErrorCode)
        case didDetermineState(RegionState, regionID: String)
        case didEnterRegion(regionID: String)
        case didExitRegion(regionID: String)
        /// `nil` arrival is `distantPast`, `nil` departure `distantFuture`.
        indirect case didVisit(arrival: Instant?, departure: Instant?, Location)
        indirect case didRange(BeaconConstraint, BeaconSighting)
        indirect case didFailRanging(BeaconConstraint, CLErrorCode)
        case didPauseLocationUpdates
        case didResumeLocationUpdates
        indirect case didUpdateHeading(HeadingSample)
        case shouldDisplayHeadingCalibration
        /// `nil`: the deferral ended as asked (docs/rules.md §8, "Deferred updates").
        case didFinishDeferredUpdates(CLErrorCode?)
    }

    /// The call; the library switches over it, clients do not.
    package var event: Event

    @inline(__always)
    package init(_ event: Event) { self.event = event }

    /// The Objective-C-free Swift selector the log prints.
    public var selector: String {
        switch event {
        case .didChangeAuthorization: return "locationManager(_:didChangeAuthorization:)"
        case .locationManagerDidChangeAuthorization: return "locationManagerDidChangeAuthorization(_:)"
        case .didUpdateLocations, .didUpdateEarlierLocation, .didUpdateLocationBatch:
            return "locationManager(_:didUpdateLocations:)"
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
        case .didUpdateHeading: return "locationManager(_:didUpdateHeading:)"
        case .shouldDisplayHeadingCalibration: return "locationManagerShouldDisplayHeadingCalibration(_:)"
        case .didFinishDeferredUpdates: return "locationManager(_:didFinishDeferredUpdatesWithError:)"
        }
    }

    /// The `delegate` header flag that must be set for this method to run.
    public var method: DelegateMethods {
        switch event {
        case .didChangeAuthorization: return .didChangeAuthorization
        case .locationManagerDidChangeAuthorization: return .locationManagerDidChangeAuthorization
        case .didUpdateLocations, .didUpdateEarlierLocation, .didUpdateLocationBatch: return .didUpdateLocations
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
        case .didUpdateHeading: return .didUpdateHeading
        case .shouldDisplayHeadingCalibration: return .shouldDisplayHeadingCalibration
        case .didFinishDeferredUpdates: return .didFinishDeferredUpdatesWithError
        }
    }
}

extension Callback {
    /// `locationManager(_:didChangeAuthorization:)` with the new status (the `didChangeAuthorization` method).
    public static func didChangeAuthorization(_ status: AuthorizationStatus) -> Callback {
        Callback(.didChangeAuthorization(status))
    }
    /// `locationManagerDidChangeAuthorization(_:)` (iOS 14+), logged with the status and accuracy it reads.
    public static func locationManagerDidChangeAuthorization(
        _ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization
    ) -> Callback {
        Callback(.locationManagerDidChangeAuthorization(status, accuracy))
    }
    /// `locationManager(_:didUpdateLocations:)` with one location fixed at the record's own time.
    public static func didUpdateLocations(_ location: Location) -> Callback { Callback(.didUpdateLocations(location)) }
    /// `didUpdateLocations` with a location fixed before it is delivered:
    /// the log shows the location's own time.
    public static func didUpdateEarlierLocation(_ location: Location, fixedAt time: Instant) -> Callback {
        Callback(.didUpdateEarlierLocation(location, fixedAt: time))
    }
    /// `didUpdateLocations` handing over several locations at once, oldest
    /// first, each with the time it was fixed (docs/rules.md §8, "Several
    /// locations in one call"). With one location it is
    /// `didUpdateEarlierLocation`: the log has one form for one location.
    public static func didUpdateLocations(_ locations: [(Location, fixedAt: Instant)]) -> Callback {
        if locations.count == 1 { return .didUpdateEarlierLocation(locations[0].0, fixedAt: locations[0].fixedAt) }
        return Callback(
            .didUpdateLocationBatch(locations.map { TimedLocation(location: $0.0, time: $0.fixedAt.sinceStart) }))
    }
    /// `locationManager(_:didFailWithError:)` with the error's code.
    public static func didFailWithError(_ error: CLErrorCode) -> Callback { Callback(.didFailWithError(error)) }
    /// `locationManager(_:didStartMonitoringFor:)` for the region `regionID`.
    public static func didStartMonitoring(regionID: String) -> Callback {
        Callback(.didStartMonitoring(regionID: regionID))
    }
    /// `locationManager(_:monitoringDidFailFor:withError:)`; `nil` region (printed `nil`) when the limit was reached.
    public static func monitoringDidFail(regionID: String?, _ error: CLErrorCode) -> Callback {
        Callback(.monitoringDidFail(regionID: regionID, error))
    }
    /// `locationManager(_:didDetermineState:for:)`: the region `regionID` is `inside`, `outside` or `unknown`.
    public static func didDetermineState(_ state: RegionState, regionID: String) -> Callback {
        Callback(.didDetermineState(state, regionID: regionID))
    }
    /// `locationManager(_:didEnterRegion:)` for the region `regionID`.
    public static func didEnterRegion(regionID: String) -> Callback { Callback(.didEnterRegion(regionID: regionID)) }
    /// `locationManager(_:didExitRegion:)` for the region `regionID`.
    public static func didExitRegion(regionID: String) -> Callback { Callback(.didExitRegion(regionID: regionID)) }
    /// `nil` arrival is `distantPast`, `nil` departure `distantFuture`.
    public static func didVisit(arrival: Instant?, departure: Instant?, _ location: Location) -> Callback {
        Callback(.didVisit(arrival: arrival, departure: departure, location))
    }
    /// `locationManager(_:didRange:satisfying:)`: `beacon` ranged for `constraint`.
    public static func didRange(_ constraint: BeaconConstraint, _ beacon: BeaconSighting) -> Callback {
        Callback(.didRange(constraint, beacon))
    }
    /// `locationManager(_:didFailRangingFor:error:)`: ranging for `constraint` failed with the error.
    public static func didFailRanging(_ constraint: BeaconConstraint, _ error: CLErrorCode) -> Callback {
        Callback(.didFailRanging(constraint, error))
    }
    /// `locationManagerDidPauseLocationUpdates(_:)`: standard updates paused automatically (`pauseAfter`).
    public static let didPauseLocationUpdates = Callback(.didPauseLocationUpdates)
    /// `locationManagerDidResumeLocationUpdates(_:)`: paused updates resume (the device moved).
    public static let didResumeLocationUpdates = Callback(.didResumeLocationUpdates)
    /// `didUpdateHeading` with the heading as the app gets it (docs/rules.md §8, "Heading").
    public static func didUpdateHeading(_ heading: HeadingSample) -> Callback { Callback(.didUpdateHeading(heading)) }
    /// `locationManagerShouldDisplayHeadingCalibration(_:)`: the heading is invalid and the system asks to calibrate.
    public static let shouldDisplayHeadingCalibration = Callback(.shouldDisplayHeadingCalibration)
    /// `didFinishDeferredUpdatesWithError`; `nil` when the distance or the
    /// timeout was reached (docs/rules.md §8, "Deferred updates").
    public static func didFinishDeferredUpdates(_ error: CLErrorCode?) -> Callback {
        Callback(.didFinishDeferredUpdates(error))
    }
}

extension Callback {
    /// The locations a `didUpdateLocations` call hands over, oldest first
    /// (the newest is `last`); empty for every other method.
    public var locations: [Location] {
        switch event {
        case .didUpdateLocations(let location), .didUpdateEarlierLocation(let location, _): return [location]
        case .didUpdateLocationBatch(let batch): return batch.map(\.location)
        default: return []
        }
    }
}
