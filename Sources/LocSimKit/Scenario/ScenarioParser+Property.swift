/// `<property> <value>` after `expect property` or `on … if` (docs/language.md,
/// "Reading the manager"): the property's name and a value of its type.
extension ScenarioParser {
    func propertyCondition(for what: String, _ s: inout ByteScanner) throws(ScenarioError) -> PropertyCondition {
        let name = try s.required("property", for: what)
        guard !name.isQuoted, ManagerReading.names.contains(s.string(name)) else {
            throw s.unknown("property", name, expected: ManagerReading.names)
        }
        let reading: ManagerReading
        switch s.string(name) {
        case "authorizationStatus": reading = .authorizationStatus
        case "accuracyAuthorization": reading = .accuracyAuthorization
        case "monitoredRegions": reading = .monitoredRegions
        case "rangedBeaconConstraints": reading = .rangedBeaconConstraints
        case "location": reading = .location
        case "maximumRegionMonitoringDistance": reading = .maximumRegionMonitoringDistance
        case "locationServicesEnabled": reading = .locationServicesEnabled
        case "headingAvailable": reading = .headingAvailable
        case "isRangingAvailable": reading = .isRangingAvailable
        case "significantLocationChangeMonitoringAvailable": reading = .significantLocationChangeMonitoringAvailable
        case "deferredLocationUpdatesAvailable": reading = .deferredLocationUpdatesAvailable
        default:
            let regionClass = try s.required("region class", for: "isMonitoringAvailable")
            guard !regionClass.isQuoted, let c = ManagerReading.RegionClass(rawValue: s.string(regionClass)) else {
                throw s.unknown(
                    "region class", regionClass, expected: ManagerReading.RegionClass.allCases.map(\.rawValue))
            }
            reading = .isMonitoringAvailable(c)
        }
        let value = try s.required("value", for: reading.name)
        return PropertyCondition(reading, try propertyValue(value, of: reading, s))
    }

    /// The value, checked against the property's type and normalized.
    private func propertyValue(_ token: Token, of reading: ManagerReading, _ s: ByteScanner) throws(ScenarioError)
        -> String
    {
        let word = token.isQuoted ? "" : s.string(token)
        func oneOf(_ values: [String], _ what: String) throws(ScenarioError) -> String {
            guard values.contains(word) else { throw s.unknown(what, token, expected: values) }
            return word
        }
        switch reading {
        case .authorizationStatus:
            return try oneOf(AuthorizationStatus.allCases.map(\.rawValue), "authorization status")
        case .accuracyAuthorization:
            return try oneOf(["fullAccuracy", "reducedAccuracy"], "accuracy authorization")
        case .locationServicesEnabled, .headingAvailable, .significantLocationChangeMonitoringAvailable,
            .isMonitoringAvailable, .isRangingAvailable, .deferredLocationUpdatesAvailable:
            return try oneOf(["true", "false"], "value")
        case .monitoredRegions, .rangedBeaconConstraints:
            // `none`, or the ids (constraints) separated by commas, in any order.
            if word == "none" { return word }
            let items = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !word.isEmpty, !items.contains(where: \.isEmpty) else {
                throw s.error(
                    "expected none or a comma-separated list for \(reading.name) (like home,work), found '\(s.display(token))'",
                    at: token)
            }
            return Set(items).sorted().joined(separator: ",")
        case .location:
            if word == "nil" { return word }
            let parts = word.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), abs(lat) <= 90,
                abs(lon) <= 180
            else {
                throw s.error(
                    "expected nil or <latitude>,<longitude> for location (like 35.681200,139.767100), found '\(s.display(token))'",
                    at: token)
            }
            return Simulator.coordinateText(Coordinate(latitude: lat, longitude: lon))
        case .maximumRegionMonitoringDistance:
            // -1: "If region monitoring is unavailable or not supported" (Apple).
            guard let meters = Double(word), meters >= 0 && meters <= 1e9 || meters == -1 else {
                throw s.error(
                    "expected a distance in meters or -1 for maximumRegionMonitoringDistance (like 400000), found '\(s.display(token))'",
                    at: token)
            }
            return Simulator.metersText(meters)
        }
    }
}
