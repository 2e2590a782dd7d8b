/// A location as `locationManager(_:didUpdateLocations:)` hands it over: a
/// `CLLocation`'s names (`coordinate`, `horizontalAccuracy`, `timestamp`).
public struct SimulatedLocation: Equatable, Sendable {
    public var coordinate: Coordinate
    /// Meters.
    public var horizontalAccuracy: Double
    /// When the fix was taken, in the device's virtual time (a fix a
    /// suspended app receives later keeps its own time).
    public var timestamp: Instant

    public init(coordinate: Coordinate, horizontalAccuracy: Double, timestamp: Instant) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    init(_ location: Location, at time: Instant) {
        self.init(coordinate: location.coordinate, horizontalAccuracy: location.accuracy, timestamp: time)
    }
}

/// A visit as `locationManager(_:didVisit:)` hands it over (`CLVisit`'s names).
public struct SimulatedVisit: Equatable, Sendable {
    public var coordinate: Coordinate
    public var horizontalAccuracy: Double
    /// `nil` is `Date.distantPast`: the arrival was not seen.
    public var arrivalDate: Instant?
    /// `nil` is `Date.distantFuture`: the visit is under way.
    public var departureDate: Instant?

    public init(coordinate: Coordinate, horizontalAccuracy: Double, arrivalDate: Instant?, departureDate: Instant?) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrivalDate = arrivalDate
        self.departureDate = departureDate
    }
}

/// The error `locationManager(_:didFailWithError:)` and the other failure
/// callbacks receive (a `CLError`'s `code`).
public struct SimulatedLocationError: Error, Equatable, Sendable {
    public var code: CLErrorCode
    public init(_ code: CLErrorCode) { self.code = code }
}

/// An element of `SimulatedDevice.liveUpdates()`, a `CLLocationUpdate`:
/// the location, if any, and the diagnostic properties (iOS 18) it carries.
public struct SimulatedLocationUpdate: Equatable, Sendable {
    /// `nil`: an element carrying only diagnostics.
    public var location: SimulatedLocation?
    public var diagnostics: DiagnosticFlags
    /// `CLLocationUpdate.stationary` (`isStationary` before iOS 18).
    public var stationary: Bool { diagnostics.contains(.stationary) }

    public init(location: SimulatedLocation?, diagnostics: DiagnosticFlags) {
        self.location = location
        self.diagnostics = diagnostics
    }
}
