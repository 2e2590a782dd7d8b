/// A location as `locationManager(_:didUpdateLocations:)` hands it over: a
/// `CLLocation`'s names (`coordinate`, `horizontalAccuracy`, `timestamp`,
/// `altitude`, `verticalAccuracy`, `speed`, `course`).
///
/// Speed, course and altitude are the fed fix's (`Fix`, a `fix` line's
/// `speed`/`course`/`altitude`); where the fix gives none they are Core
/// Location's "invalid" values: `speed` and `course` −1, `altitude` 0 with
/// `verticalAccuracy` −1. A fix with an altitude has the fix's horizontal
/// accuracy as its vertical one (*locsim decision*: a trace gives none). A
/// location the rules changed (reduced accuracy's grid) carries none of them.
public struct SimulatedLocation: Equatable, Sendable {
    /// `CLLocation.coordinate`: latitude and longitude in degrees (snapped to `reducedGrid` with Precise off).
    public var coordinate: Coordinate
    /// Meters.
    public var horizontalAccuracy: Double
    /// When the fix was taken, in the device's virtual time (a fix a
    /// suspended app receives later keeps its own time).
    public var timestamp: Instant
    /// Meters above sea level; 0 when `verticalAccuracy` is negative.
    public var altitude: Double
    /// Meters; −1: no altitude.
    public var verticalAccuracy: Double
    /// Meters per second; −1: none.
    public var speed: Double
    /// Degrees from true north, 0 to 360; −1: none.
    public var course: Double

    /// A location with Core Location's "invalid" defaults: altitude 0; vertical accuracy, speed and course −1.
    public init(
        coordinate: Coordinate, horizontalAccuracy: Double, timestamp: Instant, altitude: Double = 0,
        verticalAccuracy: Double = -1, speed: Double = -1, course: Double = -1
    ) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
        self.altitude = altitude
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
    }

    init(_ location: Location, at time: Instant) {
        self.init(coordinate: location.coordinate, horizontalAccuracy: location.accuracy, timestamp: time)
    }
}

/// A fed fix's speed, course and altitude, kept until a location is handed
/// over (the rules carry a fix's coordinate and accuracy only).
struct FixExtras {
    var time: Millis
    var location: Location
    var speed: Double?
    var course: Double?
    var altitude: Double?

    /// `fix`'s extras at `time`, or nil when it has none (a plain fix).
    init?(_ fix: Fix, at time: Millis) {
        guard fix.speed != nil || fix.course != nil || fix.altitude != nil else { return nil }
        self.time = time
        location = fix.location
        speed = fix.speed
        course = fix.course
        altitude = fix.altitude
    }
}

extension SimulatedDevice {
    /// `location` fixed at `time` as the app receives it, with the speed,
    /// course and altitude of the fix fed then, when it is that fix.
    @inline(__always)
    func located(_ location: Location, at time: Instant) -> SimulatedLocation {
        var located = SimulatedLocation(location, at: time)
        guard !fixExtras.isEmpty, let extras = extras(of: location, at: time.sinceStart) else { return located }
        located.speed = extras.speed ?? -1
        located.course = extras.course ?? -1
        if let altitude = extras.altitude {
            located.altitude = altitude
            located.verticalAccuracy = location.accuracy
        }
        return located
    }

    /// The last fix fed at `time` if it is `location` (fixes are fed in time order).
    private func extras(of location: Location, at time: Millis) -> FixExtras? {
        var low = 0
        var high = fixExtras.count
        while low < high {
            let mid = (low + high) / 2
            if fixExtras[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0, fixExtras[low - 1].time == time, fixExtras[low - 1].location == location else { return nil }
        return fixExtras[low - 1]
    }
}

/// A visit as `locationManager(_:didVisit:)` hands it over (`CLVisit`'s names).
public struct SimulatedVisit: Equatable, Sendable {
    /// `CLVisit.coordinate`: where the visit is, as the `visit arrive`/`visit depart` line gives it.
    public var coordinate: Coordinate
    /// `CLVisit.horizontalAccuracy`: meters (the `visit` line's accuracy, 5 by default).
    public var horizontalAccuracy: Double
    /// `nil` is `Date.distantPast`: the arrival was not seen.
    public var arrivalDate: Instant?
    /// `nil` is `Date.distantFuture`: the visit is under way.
    public var departureDate: Instant?

    /// A visit at `coordinate`; `nil` dates are `distantPast` and `distantFuture`.
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
    /// `CLError.code`: what failed (`locationUnknown`, `denied`, …), as the log prints it in C spelling.
    public var code: CLErrorCode
    /// An error with `code`.
    public init(_ code: CLErrorCode) { self.code = code }
}

/// An element of `SimulatedDevice.liveUpdates()`, a `CLLocationUpdate`:
/// the location, if any, and the diagnostic properties (iOS 18) it carries.
public struct SimulatedLocationUpdate: Equatable, Sendable {
    /// `nil`: an element carrying only diagnostics.
    public var location: SimulatedLocation?
    /// `CLLocationUpdate`'s diagnostic properties (iOS 18): why nothing, or a reduced location, was delivered.
    public var diagnostics: DiagnosticFlags
    /// `CLLocationUpdate.stationary` (`isStationary` before iOS 18).
    public var stationary: Bool { diagnostics.contains(.stationary) }

    /// An element with `location` (or none) and its `diagnostics`.
    public init(location: SimulatedLocation?, diagnostics: DiagnosticFlags) {
        self.location = location
        self.diagnostics = diagnostics
    }
}
