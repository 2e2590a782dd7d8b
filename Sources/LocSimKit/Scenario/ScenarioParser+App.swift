/// `app <call> [args]`: the app's `CLLocationManager` calls (SPEC §1.2).
extension ScenarioParser {
    static let appCalls = AppCallKeyword.list
    static let managerProperties = PropertyKeyword.list

    func app(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let name = try s.required("call", for: "app")
        if let modern = try modernCall(name, &s) { return (.modern(modern), name.column) }
        let call = try appCall(name, &s)
        return (.app(call), name.column)
    }

    /// `app[<name>]`: the name of one of the app's other managers
    /// (docs/language.md), or nil when `word` is no such word.
    func managerName(_ word: Token, _ s: ByteScanner) throws(ScenarioError) -> String? {
        guard !word.isQuoted else { return nil }
        let text = s.string(word)
        guard text.hasPrefix("app["), text.hasSuffix("]") else { return nil }
        let name = text.dropFirst(4).dropLast()
        let valid =
            !name.isEmpty
            && name.utf8.allSatisfy { b in
                (b &- UInt8(ascii: "a")) < 26 || (b &- UInt8(ascii: "A")) < 26 || (b &- UInt8(ascii: "0")) < 10
                    || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
            }
        guard valid, name != Substring(Simulator.launchManagerName) else {
            throw s.error(
                "bad manager name in '\(text)'; expected app[<name>] with letters, digits, '_' or '-' "
                    + "('\(Simulator.launchManagerName)' names the launch manager, written 'app')", at: word)
        }
        return String(name)
    }

    /// `app[<name>] <call>`: a `CLLocationManager` call on a named manager;
    /// the iOS 17+ calls belong to no manager.
    func managerApp(_ name: String, _ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let word = try s.required("call", for: "app[\(name)]")
        if try modernCall(word, &s) != nil {
            throw s.error(
                "app[\(name)] \(s.display(word)): the iOS 17 APIs belong to no manager; write 'app \(s.display(word))'",
                at: word)
        }
        return (.managerCall(manager: name, try appCall(word, &s)), word.column)
    }

    /// Every word `app` takes: the calls and the iOS 17+ APIs.
    static let appCallWords = AppCallKeyword.words + ScenarioParser.list(ScenarioParser.modernCalls)
    /// For "did you mean": what an event, trigger filter or `on` action
    /// written without its `app` or `user` most likely was.
    static let prefixedWords: [(prefix: String, keywords: [String])] = [
        ("app", appCallWords),
        ("user", Answer.allCases.map(\.rawValue) + ["dismiss", "settings", "tapNotification"]),
    ]

    private func appCall(_ name: Token, _ s: inout ByteScanner) throws(ScenarioError) -> AppCall {
        guard let keyword = AppCallKeyword.matching(name, in: s) else {
            throw s.unknown("app call", name, expected: Self.appCallWords)
        }
        let owner = keyword.rawValue
        let call: AppCall
        switch keyword {
        case .requestWhenInUseAuthorization: call = .requestWhenInUseAuthorization
        case .requestAlwaysAuthorization: call = .requestAlwaysAuthorization
        case .startUpdatingLocation: call = .startUpdatingLocation
        case .stopUpdatingLocation: call = .stopUpdatingLocation
        case .requestLocation: call = .requestLocation
        case .startMonitoringSignificantLocationChanges: call = .startMonitoringSignificantLocationChanges
        case .stopMonitoringSignificantLocationChanges: call = .stopMonitoringSignificantLocationChanges
        case .startMonitoringVisits: call = .startMonitoringVisits
        case .stopMonitoringVisits: call = .stopMonitoringVisits
        case .startMonitoring:
            return .startMonitoring(try circularRegion(for: owner, repeats: false, &s).0)
        case .addLocationNotification:
            let (region, repeats) = try circularRegion(for: owner, repeats: true, &s)
            return .addLocationNotification(region, repeats: repeats)
        case .stopMonitoring:
            call = .stopMonitoring(id: try s.identifier(try s.required("id", for: owner), "a region id"))
        case .requestState:
            call = .requestState(id: try s.identifier(try s.required("id", for: owner), "a region id"))
        case .startRangingBeacons:
            return .startRangingBeacons(try beaconConstraint(for: owner, &s))
        case .stopRangingBeacons:
            return .stopRangingBeacons(try beaconConstraint(for: owner, &s))
        case .requestTemporaryFullAccuracyAuthorization:
            let key = try s.identifier(try s.required("purposeKey", for: owner), "a purpose key")
            call = .requestTemporaryFullAccuracyAuthorization(purposeKey: key)
        case .set:
            return .set(try property(&s))
        case .startUpdatingHeading: call = .startUpdatingHeading
        case .stopUpdatingHeading: call = .stopUpdatingHeading
        case .allowDeferredLocationUpdates:
            let distance = try deferralDistance(try s.required("meters", for: owner), s)
            let timeout = try deferralTimeout(try s.required("seconds", for: owner), s)
            call = .allowDeferredLocationUpdates(distance: distance, timeout: timeout)
        case .disallowDeferredLocationUpdates: call = .disallowDeferredLocationUpdates
        }
        try s.end()
        return call
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
    /// With `stop`, the constraint ends before that word (left for the caller) or at the line's end.
    func beaconConstraint(
        for owner: String, _ s: inout ByteScanner, stoppingAt stop: String? = nil
    ) throws(ScenarioError) -> BeaconConstraint {
        let uuid = try s.uuid(try s.required("uuid", for: owner))
        var constraint = BeaconConstraint(uuid: uuid)
        /// The next word unless it is `stop` (then `s` stays before it).
        func next(_ s: inout ByteScanner) throws(ScenarioError) -> Token? {
            var look = s
            guard let token = try look.next() else { return nil }
            if let stop, look.matches(token, stop) { return nil }
            s = look
            return token
        }
        if let major = try next(&s) {
            constraint.major = try s.beaconNumber(major, "major")
            if let minor = try next(&s) {
                constraint.minor = try s.beaconNumber(minor, "minor")
                if stop == nil { try s.end() }
            }
        }
        return constraint
    }

    /// `set <property> <value>`.
    private func property(_ s: inout ByteScanner) throws(ScenarioError) -> ManagerProperty {
        let name = try s.required("property", for: "set")
        guard let keyword = PropertyKeyword.matching(name, in: s) else {
            throw s.unknown("property", name, expected: PropertyKeyword.words)
        }
        let value = try s.required("value", for: "set " + keyword.rawValue)
        let property: ManagerProperty
        switch keyword {
        case .allowsBackgroundLocationUpdates:
            property = .allowsBackgroundLocationUpdates(try s.bool(value, keyword.rawValue))
        case .showsBackgroundLocationIndicator:
            property = .showsBackgroundLocationIndicator(try s.bool(value, keyword.rawValue))
        case .pausesLocationUpdatesAutomatically:
            property = .pausesLocationUpdatesAutomatically(try s.bool(value, keyword.rawValue))
        case .distanceFilter:
            property = .distanceFilter(try distanceFilter(value, s))
        case .desiredAccuracy:
            guard !value.isQuoted, value.count <= 20, let accuracy = DesiredAccuracy(rawValue: s.string(value)) else {
                throw s.unknown("desiredAccuracy", value, expected: DesiredAccuracy.allCases.map(\.rawValue))
            }
            property = .desiredAccuracy(accuracy)
        case .activityType:
            guard !value.isQuoted, value.count <= 20, let type = ActivityType(rawValue: s.string(value)) else {
                throw s.unknown("activityType", value, expected: ActivityType.allCases.map(\.rawValue))
            }
            property = .activityType(type)
        case .headingFilter:
            property = .headingFilter(try headingFilter(value, s))
        case .headingOrientation:
            guard !value.isQuoted, value.count <= 20, let orientation = DeviceOrientation(rawValue: s.string(value))
            else {
                throw s.unknown("headingOrientation", value, expected: DeviceOrientation.allCases.map(\.rawValue))
            }
            property = .headingOrientation(orientation)
        }
        try s.end()
        return property
    }

    /// Meters above 0, or `max` for `CLLocationDistanceMax` (docs/rules.md §8, "Deferred updates").
    private func deferralDistance(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Double? {
        if s.matches(token, "max") { return nil }
        guard !token.isQuoted, let meters = ByteScanner.decimal(s.bytes, token.start, token.end) else {
            throw s.error(
                "expected meters or max for allowDeferredLocationUpdates, found '\(s.display(token))'", at: token)
        }
        guard meters > 0, meters <= 40_000_000 else {
            throw s.error(
                "allowDeferredLocationUpdates distance must be above 0 and at most 40000000 meters, "
                    + "found '\(s.display(token))'; use max for CLLocationDistanceMax", at: token)
        }
        return meters
    }

    /// Seconds above 0, or `max` for `CLTimeIntervalMax`.
    private func deferralTimeout(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Millis? {
        if s.matches(token, "max") { return nil }
        let timeout = try s.duration(token, "allowDeferredLocationUpdates timeout")
        guard timeout > Millis(0) else {
            throw s.error(
                "allowDeferredLocationUpdates timeout must be above 0 seconds, found '\(s.display(token))'; "
                    + "use max for CLTimeIntervalMax", at: token)
        }
        return timeout
    }

    /// Degrees from 0 to 360, or `none` for `kCLHeadingFilterNone`.
    private func headingFilter(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Double? {
        if s.matches(token, "none") { return nil }
        guard !token.isQuoted, let degrees = ByteScanner.decimal(s.bytes, token.start, token.end) else {
            throw s.error("expected degrees or none for headingFilter, found '\(s.display(token))'", at: token)
        }
        guard (0...360).contains(degrees) else {
            throw s.error(
                "headingFilter must be from 0 to 360 degrees, found '\(s.display(token))'; "
                    + "use none for kCLHeadingFilterNone", at: token)
        }
        return degrees
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
