import Foundation
import LocSimKit

// Core Location's scalar types and constants, with Apple's names and values
// (CLLocation.h, CLLocationManager.h, CLError.h), so an app's file compiles
// unchanged against this module (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).

/// Degrees of latitude or longitude, as in Core Location (`Double`).
public typealias CLLocationDegrees = Double
/// Meters of accuracy, as in Core Location; negative values are the `kCLLocationAccuracyBest…` constants.
public typealias CLLocationAccuracy = Double
/// Meters per second, as in Core Location; −1 for no speed.
public typealias CLLocationSpeed = Double
/// Meters per second of possible error in a speed, as in Core Location; −1 for none.
public typealias CLLocationSpeedAccuracy = Double
/// Degrees from true north, 0…360, as in Core Location; −1 for no course.
public typealias CLLocationDirection = Double
/// Degrees of possible error in a direction, as in Core Location; −1 for none.
public typealias CLLocationDirectionAccuracy = Double
/// Meters, as in Core Location.
public typealias CLLocationDistance = Double
/// A beacon's major value, 0–65535, as in Core Location.
public typealias CLBeaconMajorValue = UInt16
/// A beacon's minor value, 0–65535, as in Core Location.
public typealias CLBeaconMinorValue = UInt16

/// Apple's −2: the manager's `desiredAccuracy` is then the rules' `bestForNavigation`.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Apple's −1: the rules' `best`, the default (any negative value above −2 is `best` too).
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Apple's 10 m: the rules' `nearestTenMeters` (any value up to 10).
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Apple's 100 m: the rules' `hundredMeters` (values above 10, up to 100).
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Apple's 1000 m: the rules' `kilometer` (values above 100, up to 1000).
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Apple's 3000 m: the rules' `threeKilometers`; from iOS 14 the manager takes it as `kCLLocationAccuracyReduced`.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// The same number as `kCLLocationAccuracyThreeKilometers`, as on iOS:
/// from iOS 14 the manager takes 3000 as reduced accuracy (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// Apple's −1: a `distanceFilter` that reports every movement (the rules' `distanceFilter none`).
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// Apple's largest distance: `allowDeferredLocationUpdates(untilTraveled:timeout:)` with no distance limit.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// Apple's largest time interval: `allowDeferredLocationUpdates(untilTraveled:timeout:)` with no timeout.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude
/// Apple's −1: a `headingFilter` that reports every change (the rules' `headingFilter none`).
public let kCLHeadingFilterNone: CLLocationDegrees = -1
/// `CLError`'s domain, `"kCLErrorDomain"`, as an `NSError` bridged from one carries it.
public let kCLErrorDomain = "kCLErrorDomain"

/// A latitude and longitude in degrees (WGS 84). Not `Equatable`, as
/// Core Location's is not (an app's own conformance still compiles).
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north, −90…90 for a valid coordinate.
    public var latitude: CLLocationDegrees
    /// Degrees east, −180…180 for a valid coordinate.
    public var longitude: CLLocationDegrees

    /// The coordinate 0, 0, as Core Location's empty initializer gives.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate at `latitude`, `longitude` degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Core Location's invalid coordinate: −180, −180.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// True for a latitude within ±90 and a longitude within ±180.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// `CLLocationCoordinate2DMake(_:_:)`: the coordinate at `latitude`, `longitude`, as the C function makes it.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// `CLAuthorizationStatus` with Apple's raw values; the manager reads it from the rules' status (`auth status=`).
public enum CLAuthorizationStatus: Int32, Sendable {
    /// The user has not chosen yet (raw value 0).
    case notDetermined = 0
    /// A restriction forbids location (`user settings restricted on`; raw value 1).
    case restricted = 1
    /// Denied, or Location Services off (raw value 2).
    case denied = 2
    /// Always (raw value 3; iOS 7's `authorized`).
    case authorizedAlways = 3
    /// When In Use (raw value 4).
    case authorizedWhenInUse = 4

    /// iOS 7 and earlier: Always's raw value.
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}

/// `CLAccuracyAuthorization` (iOS 14+) with Apple's raw values: Precise Location on or off.
public enum CLAccuracyAuthorization: Int, Sendable {
    /// Precise Location on (raw value 0).
    case fullAccuracy = 0
    /// Precise Location off: reduced locations, no regions or ranging (raw value 1).
    case reducedAccuracy = 1
}

/// `CLRegionState` with Apple's raw values, as `didDetermineState` reports it.
public enum CLRegionState: Int, Sendable {
    /// No state yet: no fix since monitoring began (raw value 0).
    case unknown = 0
    /// The device is inside the region (raw value 1).
    case inside = 1
    /// The device is outside the region (raw value 2).
    case outside = 2
}

/// `CLProximity` with Apple's raw values, as a ranged `CLBeacon` reports it (a `beacon` line's `<proximity>`).
public enum CLProximity: Int, Sendable {
    /// `unknown` (raw value 0).
    case unknown = 0
    /// `immediate`: very close (raw value 1).
    case immediate = 1
    /// `near` (raw value 2).
    case near = 2
    /// `far` (raw value 3).
    case far = 3
}

/// Kept by the manager; the rules give it no effect.
public enum CLActivityType: Int, Sendable {
    /// `other` (raw value 1), the default.
    case other = 1
    /// `automotiveNavigation` (raw value 2).
    case automotiveNavigation = 2
    /// `fitness` (raw value 3).
    case fitness = 3
    /// `otherNavigation` (raw value 4).
    case otherNavigation = 4
    /// `airborne` (raw value 5; iOS 12+, refused on earlier platforms).
    case airborne = 5

    init(_ type: ActivityType) {
        switch type {
        case .other: self = .other
        case .automotiveNavigation: self = .automotiveNavigation
        case .fitness: self = .fitness
        case .otherNavigation: self = .otherNavigation
        case .airborne: self = .airborne
        }
    }

    var simulated: ActivityType {
        switch self {
        case .other: return .other
        case .automotiveNavigation: return .automotiveNavigation
        case .fitness: return .fitness
        case .otherNavigation: return .otherNavigation
        case .airborne: return .airborne
        }
    }
}
