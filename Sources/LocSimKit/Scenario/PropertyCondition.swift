/// A property of the app's `CLLocationManager` (or of its class) that a
/// scenario reads: `expect property <name> <value>` and the guard of
/// `on <trigger> if <name> <value> <action>` (docs/language.md, "Reading the
/// manager"; issue 29 item 6).
package enum ManagerReading: Hashable, Sendable {
    case authorizationStatus
    case accuracyAuthorization
    case monitoredRegions
    case rangedBeaconConstraints
    case location
    case maximumRegionMonitoringDistance
    /// `isMonitoringAvailable(for:)`, with the region class it asks about.
    case isMonitoringAvailable(RegionClass)
    /// `isRangingAvailable()` (docs/rules.md §1, "Devices without the hardware").
    case isRangingAvailable
    case locationServicesEnabled
    case headingAvailable
    case significantLocationChangeMonitoringAvailable
    /// `deferredLocationUpdatesAvailable()` (docs/rules.md §8, "Deferred updates").
    case deferredLocationUpdatesAvailable

    /// The class `isMonitoringAvailable(for:)` is asked about.
    package enum RegionClass: String, CaseIterable, Hashable, Sendable {
        case CLCircularRegion, CLBeaconRegion
    }

    /// Every property's name as a line writes it, in the order docs/language.md lists them.
    static let names = [
        "authorizationStatus", "accuracyAuthorization", "monitoredRegions", "rangedBeaconConstraints", "location",
        "maximumRegionMonitoringDistance", "isMonitoringAvailable", "isRangingAvailable", "locationServicesEnabled",
        "headingAvailable",
        "significantLocationChangeMonitoringAvailable", "deferredLocationUpdatesAvailable",
    ]

    /// The property as a line writes it (`isMonitoringAvailable CLBeaconRegion`).
    package var name: String {
        switch self {
        case .authorizationStatus: return "authorizationStatus"
        case .accuracyAuthorization: return "accuracyAuthorization"
        case .monitoredRegions: return "monitoredRegions"
        case .rangedBeaconConstraints: return "rangedBeaconConstraints"
        case .location: return "location"
        case .maximumRegionMonitoringDistance: return "maximumRegionMonitoringDistance"
        case .isMonitoringAvailable(let c): return "isMonitoringAvailable " + c.rawValue
        case .isRangingAvailable: return "isRangingAvailable"
        case .locationServicesEnabled: return "locationServicesEnabled"
        case .headingAvailable: return "headingAvailable"
        case .significantLocationChangeMonitoringAvailable: return "significantLocationChangeMonitoringAvailable"
        case .deferredLocationUpdatesAvailable: return "deferredLocationUpdatesAvailable"
        }
    }
}

/// `<property> <value>`: a property of the app's location manager and the
/// value it must have — an `expect property` line, or an `on … if` guard.
public struct PropertyCondition: Hashable, Sendable {
    package var reading: ManagerReading
    /// The value as the line writes it, normalized: a list sorted, a
    /// coordinate with 6 decimals (`35.000000,139.700000`), `nil`, `none`.
    public var value: String

    package init(_ reading: ManagerReading, _ value: String) {
        self.reading = reading
        self.value = value
    }

    /// `<property> <value>`, as the line writes it.
    public var text: String { reading.name + " " + value }
}
