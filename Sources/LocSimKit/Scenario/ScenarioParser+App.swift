/// `app <call> [args]`: the app's `CLLocationManager` calls (SPEC §1.2).
extension ScenarioParser {
    static let appCalls = [
        "requestWhenInUseAuthorization", "requestAlwaysAuthorization", "requestTemporaryFullAccuracyAuthorization",
        "startUpdatingLocation", "stopUpdatingLocation", "requestLocation",
        "startMonitoringSignificantLocationChanges", "stopMonitoringSignificantLocationChanges",
        "startMonitoringVisits", "stopMonitoringVisits", "startMonitoring", "stopMonitoring", "requestState",
        "startRangingBeacons", "stopRangingBeacons", "set", "addLocationNotification",
    ].joined(separator: ", ")

    static let managerProperties = [
        "allowsBackgroundLocationUpdates", "showsBackgroundLocationIndicator",
        "pausesLocationUpdatesAutomatically", "distanceFilter", "desiredAccuracy",
    ].joined(separator: ", ")

    /// Calls with no arguments, by name.
    private static let simpleCalls: [(StaticString, AppCall)] = [
        ("requestWhenInUseAuthorization", .requestWhenInUseAuthorization),
        ("requestAlwaysAuthorization", .requestAlwaysAuthorization),
        ("startUpdatingLocation", .startUpdatingLocation),
        ("stopUpdatingLocation", .stopUpdatingLocation),
        ("requestLocation", .requestLocation),
        ("startMonitoringSignificantLocationChanges", .startMonitoringSignificantLocationChanges),
        ("stopMonitoringSignificantLocationChanges", .stopMonitoringSignificantLocationChanges),
        ("startMonitoringVisits", .startMonitoringVisits),
        ("stopMonitoringVisits", .stopMonitoringVisits),
    ]

    func app(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let name = try s.required("call", for: "app")
        if let modern = try modernCall(name, &s) { return (.modern(modern), name.column) }
        let call = try appCall(name, &s)
        return (.app(call), name.column)
    }

    private func appCall(_ name: Token, _ s: inout ByteScanner) throws(ScenarioError) -> AppCall {
        for (word, call) in Self.simpleCalls where s.matches(name, word) {
            try s.end()
            return call
        }
        if s.matches(name, "startMonitoring") {
            let (region, _) = try circularRegion(for: "startMonitoring", repeats: false, &s)
            return .startMonitoring(region)
        } else if s.matches(name, "addLocationNotification") {
            let (region, repeats) = try circularRegion(for: "addLocationNotification", repeats: true, &s)
            return .addLocationNotification(region, repeats: repeats)
        } else if s.matches(name, "stopMonitoring") {
            let id = try s.identifier(try s.required("id", for: "stopMonitoring"), "a region id")
            try s.end()
            return .stopMonitoring(id: id)
        } else if s.matches(name, "requestState") {
            let id = try s.identifier(try s.required("id", for: "requestState"), "a region id")
            try s.end()
            return .requestState(id: id)
        } else if s.matches(name, "startRangingBeacons") {
            return .startRangingBeacons(try beaconConstraint(for: "startRangingBeacons", &s))
        } else if s.matches(name, "stopRangingBeacons") {
            return .stopRangingBeacons(try beaconConstraint(for: "stopRangingBeacons", &s))
        } else if s.matches(name, "requestTemporaryFullAccuracyAuthorization") {
            let owner = "requestTemporaryFullAccuracyAuthorization"
            let key = try s.identifier(try s.required("purposeKey", for: owner), "a purpose key")
            try s.end()
            return .requestTemporaryFullAccuracyAuthorization(purposeKey: key)
        } else if s.matches(name, "set") {
            return .set(try property(&s))
        }
        throw s.unknown("app call", name, expected: ScenarioParser.list(Self.appCalls) + ScenarioParser.list(Self.modernCalls))
    }

    /// `<id> <lat> <lon> <radius> [notifyOnEntry=<bool>] [notifyOnExit=<bool>]`
    /// and, for a notification, `[repeats=<bool>]`.
    private func circularRegion(
        for owner: String, repeats allowsRepeats: Bool, _ s: inout ByteScanner
    ) throws(ScenarioError) -> (CircularRegion, Bool) {
        let id = try s.identifier(try s.required("id", for: owner), "a region id")
        let (center, _) = try s.coordinate(for: owner)
        // The radius is not range-checked here: the rules report a bad one as
        // a monitoring failure, as Core Location does.
        let (radius, _) = try s.requiredNumber("radius", "radius", for: owner)
        var onEntry: Bool? = nil
        var onExit: Bool? = nil
        var repeats: Bool? = nil
        let expected =
            allowsRepeats
            ? "notifyOnEntry=<bool>, notifyOnExit=<bool>, repeats=<bool>"
            : "notifyOnEntry=<bool>, notifyOnExit=<bool>"
        while let (key, value) = try s.nextOption(expected: expected) {
            if s.matches(key, "notifyOnEntry") {
                try s.once(onEntry, key)
                onEntry = try s.bool(value, "notifyOnEntry")
            } else if s.matches(key, "notifyOnExit") {
                try s.once(onExit, key)
                onExit = try s.bool(value, "notifyOnExit")
            } else if allowsRepeats && s.matches(key, "repeats") {
                try s.once(repeats, key)
                repeats = try s.bool(value, "repeats")
            } else {
                throw s.unknownOption(key, for: owner, expected: expected)
            }
        }
        let region = CircularRegion(
            id: id, center: center, radius: radius, notifyOnEntry: onEntry ?? true, notifyOnExit: onExit ?? true)
        return (region, repeats ?? false)
    }

    /// `<uuid> [<major> [<minor>]]`.
    func beaconConstraint(for owner: String, _ s: inout ByteScanner) throws(ScenarioError) -> BeaconConstraint {
        let uuid = try s.uuid(try s.required("uuid", for: owner))
        var constraint = BeaconConstraint(uuid: uuid)
        if let major = try s.next() {
            constraint.major = try s.beaconNumber(major, "major")
            if let minor = try s.next() {
                constraint.minor = try s.beaconNumber(minor, "minor")
                try s.end()
            }
        }
        return constraint
    }

    /// `set <property> <value>`.
    private func property(_ s: inout ByteScanner) throws(ScenarioError) -> ManagerProperty {
        let name = try s.required("property", for: "set")
        let property: ManagerProperty
        if s.matches(name, "allowsBackgroundLocationUpdates") {
            let value = try s.required("value", for: "set allowsBackgroundLocationUpdates")
            property = .allowsBackgroundLocationUpdates(try s.bool(value, "allowsBackgroundLocationUpdates"))
        } else if s.matches(name, "showsBackgroundLocationIndicator") {
            let value = try s.required("value", for: "set showsBackgroundLocationIndicator")
            property = .showsBackgroundLocationIndicator(try s.bool(value, "showsBackgroundLocationIndicator"))
        } else if s.matches(name, "pausesLocationUpdatesAutomatically") {
            let value = try s.required("value", for: "set pausesLocationUpdatesAutomatically")
            property = .pausesLocationUpdatesAutomatically(try s.bool(value, "pausesLocationUpdatesAutomatically"))
        } else if s.matches(name, "distanceFilter") {
            let value = try s.required("value", for: "set distanceFilter")
            property = .distanceFilter(try distanceFilter(value, s))
        } else if s.matches(name, "desiredAccuracy") {
            let value = try s.required("value", for: "set desiredAccuracy")
            guard !value.isQuoted, value.count <= 20, let accuracy = DesiredAccuracy(rawValue: s.string(value)) else {
                throw s.unknown("desiredAccuracy", value, expected: DesiredAccuracy.allCases.map(\.rawValue))
            }
            property = .desiredAccuracy(accuracy)
        } else {
            throw s.unknown("property", name, expected: ScenarioParser.list(Self.managerProperties))
        }
        try s.end()
        return property
    }

    /// Meters, or `none` for `kCLDistanceFilterNone`.
    private func distanceFilter(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Double? {
        if s.matches(token, "none") { return nil }
        guard !token.isQuoted, let meters = ByteScanner.decimal(s.bytes, token.start, token.end) else {
            throw s.error("expected meters or none for distanceFilter, found '\(s.display(token))'", at: token)
        }
        if meters < 0 {
            throw s.error(
                "distanceFilter must not be negative, found '\(s.display(token))'; use none for kCLDistanceFilterNone",
                at: token)
        }
        return meters
    }
}
