/// What the app reads of its `CLLocationManager` (issue 29 item 6,
/// docs/language.md "Reading the manager"): each property's value now, as
/// `expect property` and `on … if` write it, and where it exists.
extension Simulator {
    /// The property's value now, normalized as the parser normalizes a line's value.
    package func read(_ reading: ManagerReading) -> String {
        switch reading {
        case .authorizationStatus: return authorization.view(on: rules).status.rawValue
        case .accuracyAuthorization: return accuracy.caseName
        case .monitoredRegions:
            // "If any location manager has been instructed to monitor a region,
            // during this or previous launches of your application, it will be
            // present in this set" (CLLocationManager.h): the app's regions.
            let ids = monitoring.regions.elements.map(\.region.id)
            return ids.isEmpty ? "none" : ids.sorted().joined(separator: ",")
        case .rangedBeaconConstraints:
            let constraints = manager.ranging.constraints.map(\.text)
            return constraints.isEmpty ? "none" : Set(constraints).sorted().joined(separator: ",")
        case .location:
            // "The last location received. Will be nil until a location has been received."
            guard let last = fixes.last else { return "nil" }
            let shown = accuracy == .reducedAccuracy ? reducedLocation(last) : last
            return Self.coordinateText(shown.coordinate)
        case .maximumRegionMonitoringDistance:
            // "If region monitoring is unavailable or not supported, the value in this property is -1."
            return Self.regionMonitoringAvailable(on: rules, parameters)
                ? Self.metersText(Self.maximumRegionRadius) : "-1"
        case .isMonitoringAvailable(let regionClass):
            // Beacon regions are monitored on iOS only (no ranging or beacon
            // monitoring on macOS, docs/rules.md §1); none where circles are not.
            return String(
                (regionClass == .CLCircularRegion || rules.platform.os != .macOS)
                    && Self.regionMonitoringAvailable(on: rules, parameters))
        case .isRangingAvailable: return String(Self.rangingAvailable(on: rules, parameters))
        case .locationServicesEnabled: return String(!authorization.locationServicesOff)
        case .headingAvailable:
            // The heading rule's own answer (docs/rules.md §8, "Heading").
            return String(headingAvailable)
        case .significantLocationChangeMonitoringAvailable:
            return String(Self.significantChangeAvailable(on: rules, parameters))
        case .deferredLocationUpdatesAvailable:
            return String(Self.deferredLocationUpdatesAvailable(on: rules.platform, parameters))
        }
    }

    /// Why the platform has no such property, or nil: CLLocationManager.h's availability.
    package static func problem(_ reading: ManagerReading, on rules: RulesVersion) -> String? {
        let support: Availability.Support
        switch reading {
        case .authorizationStatus:
            support = .init(iOS: (14, 0), macOS: .since(major: 11, minor: 0))
        case .accuracyAuthorization:
            support = .init(iOS: (14, 0), macOS: .since(major: 11, minor: 0))
        case .monitoredRegions, .maximumRegionMonitoringDistance:
            support = .init(macOS: .since(major: 10, minor: 8), tvOS: false, watchOS: false)
        case .rangedBeaconConstraints:
            support = .init(iOS: (13, 0), macOS: .since(major: 10, minor: 15), tvOS: false, watchOS: false)
        case .isMonitoringAvailable:
            support = .init(iOS: (7, 0), macOS: .since(major: 10, minor: 10), tvOS: false, watchOS: false)
        case .isRangingAvailable:
            support = .init(iOS: (7, 0), macOS: .since(major: 10, minor: 15), tvOS: false, watchOS: false)
        case .location, .locationServicesEnabled:
            support = .init()
        case .headingAvailable:
            support = .init(macOS: .since(major: 10, minor: 7), tvOS: false)
        case .significantLocationChangeMonitoringAvailable:
            support = .init(macOS: .since(major: 10, minor: 7), tvOS: false, watchOS: false)
        case .deferredLocationUpdatesAvailable:
            // iOS 6, macOS 10.9 (deprecated from iOS 13, macOS 10.15), not tvOS or watchOS.
            support = .init(iOS: (6, 0), macOS: .since(major: 10, minor: 9), tvOS: false, watchOS: false)
        }
        guard
            let problem = Availability.problem(
                reading.name, support, on: rules, reason: "CLLocationManager.h marks it unavailable there")
        else { return nil }
        // iOS 13 and earlier read the class method instead.
        guard reading == .authorizationStatus, !rules.atLeast(14) else { return problem }
        return problem + " (before it, the class method CLLocationManager.authorizationStatus())"
    }

    /// `CLLocationManager.isRangingAvailable()`: the platform ranges beacons
    /// (iOS 7+, docs/rules.md §1) and the device has the hardware (`set
    /// ranging`); Apple Vision Pro ranges no beacons (docs/rules.md §1, visionOS).
    static func rangingAvailable(on rules: RulesVersion, _ parameters: Parameters) -> Bool {
        parameters.ranging && !rules.isVision
            && Availability.problem(.startRangingBeacons(BeaconConstraint(uuid: "")), on: rules) == nil
    }

    /// `isMonitoringAvailable(for: CLCircularRegion.self)`: the platform
    /// monitors regions and the device has the hardware (`set regionMonitoring`);
    /// not visionOS, where `startMonitoring(for:)` does nothing.
    static func regionMonitoringAvailable(on rules: RulesVersion, _ parameters: Parameters) -> Bool {
        let any = CircularRegion(id: "", center: Coordinate(latitude: 0, longitude: 0), radius: 1)
        return parameters.regionMonitoring && !rules.isVision
            && Availability.problem(.startMonitoring(any), on: rules) == nil
    }

    /// `significantLocationChangeMonitoringAvailable()`: the platform has the
    /// service and the device too (`set significantChange`); not visionOS,
    /// where the start does nothing.
    static func significantChangeAvailable(on rules: RulesVersion, _ parameters: Parameters) -> Bool {
        parameters.significantChange && !rules.isVision
            && Availability.problem(.startMonitoringSignificantLocationChanges, on: rules) == nil
    }

    /// `lat,lon` with 6 decimals, as the log writes a coordinate.
    static func coordinateText(_ c: Coordinate) -> String {
        var bytes = ByteBuffer(capacity: 32)
        LogBytes.appendFixed6(c.latitude, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        LogBytes.appendFixed6(c.longitude, to: &bytes)
        return String(decoding: bytes.bytes, as: UTF8.self)
    }

    /// Meters as a whole number when whole (`400000`), else as Swift writes the double.
    static func metersText(_ meters: Double) -> String {
        meters == meters.rounded() && abs(meters) < 1e15 ? String(Int64(meters)) : String(meters)
    }
}
