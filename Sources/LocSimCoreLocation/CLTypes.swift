import Foundation
import LocSimKit

// Core Location's scalar types and constants, with Apple's names and values
// (CLLocation.h, CLLocationManager.h, CLError.h), so an app's file compiles
// unchanged against this module (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).

public typealias CLLocationDegrees = Double
public typealias CLLocationAccuracy = Double
public typealias CLLocationSpeed = Double
public typealias CLLocationSpeedAccuracy = Double
public typealias CLLocationDirection = Double
public typealias CLLocationDirectionAccuracy = Double
public typealias CLLocationDistance = Double
public typealias CLBeaconMajorValue = UInt16
public typealias CLBeaconMinorValue = UInt16

public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// The same number as `kCLLocationAccuracyThreeKilometers`, as on iOS:
/// from iOS 14 the manager takes 3000 as reduced accuracy (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
public let kCLDistanceFilterNone: CLLocationDistance = -1
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude
public let kCLHeadingFilterNone: CLLocationDegrees = -1
public let kCLErrorDomain = "kCLErrorDomain"

/// A latitude and longitude in degrees (WGS 84). Not `Equatable`, as
/// Core Location's is not (an app's own conformance still compiles).
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        latitude = 0
        longitude = 0
    }

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

public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4

    /// iOS 7 and earlier: Always's raw value.
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}

public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

public enum CLRegionState: Int, Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2
}

public enum CLProximity: Int, Sendable {
    case unknown = 0
    case immediate = 1
    case near = 2
    case far = 3
}

/// Kept by the manager; the rules give it no effect.
public enum CLActivityType: Int, Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
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
