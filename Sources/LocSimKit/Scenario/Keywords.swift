#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scenario language's keywords, one registry per word class
/// (docs/language.md). The parser recognises them and lists them in its
/// errors, the builder writes them, DocumentationTests checks each is
/// documented, and `Availability` decides per keyword, exhaustively: a new
/// word is added here and every switch over its class says what it does.
/// (Answers, Settings choices, accuracies and parameters are registries of
/// their own: `Answer`, `SettingsChoice`, `DesiredAccuracy`, `ParameterSetting.kinds`.)
package protocol KeywordRegistry: RawRepresentable, CaseIterable where RawValue == String {}

extension KeywordRegistry {
    /// The words as errors list them: `a, b, c`.
    package static var list: String { words.joined(separator: ", ") }

    /// The words, in declaration order.
    package static var words: [String] { allCases.map(\.rawValue) }

    /// The keyword `token` spells, if any.
    static func matching(_ token: Token, in s: ByteScanner) -> Self? {
        allCases.first { s.matches(token, $0.rawValue) }
    }
}

/// Header statements (lines without a time).
package enum HeaderKeyword: String, KeywordRegistry {
    case locsim, platform, plist, delegate, set, seed
}

/// The events of a timed line.
package enum EventKeyword: String, KeywordRegistry {
    case launch, foreground, background, terminate, system, app, user, fix, gpx, enter, exit, visit, beacon, nofix
    case heading
}

/// The app's `CLLocationManager` calls (`app <call> …`); the iOS 17+ calls are `ModernCall`s.
package enum AppCallKeyword: String, KeywordRegistry {
    case requestWhenInUseAuthorization, requestAlwaysAuthorization, requestTemporaryFullAccuracyAuthorization
    case startUpdatingLocation, stopUpdatingLocation, requestLocation
    case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
    case startMonitoringVisits, stopMonitoringVisits, startMonitoring, stopMonitoring, requestState
    case startRangingBeacons, stopRangingBeacons, set, addLocationNotification
    case startUpdatingHeading, stopUpdatingHeading
    case allowDeferredLocationUpdates, disallowDeferredLocationUpdates
}

/// The manager properties `app set` writes.
package enum PropertyKeyword: String, KeywordRegistry {
    case allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator, pausesLocationUpdatesAutomatically
    case distanceFilter, desiredAccuracy, activityType
    case headingFilter, headingOrientation
}

extension ByteScanner {
    /// `matches(_:_:)` for a keyword held as a `String` (not on the per-fix path).
    func matches(_ token: Token, _ word: String) -> Bool {
        guard !token.isQuoted, token.count == word.utf8.count, let base = bytes.baseAddress else { return false }
        var word = word
        return word.withUTF8 { w in memcmp(base + token.start, w.baseAddress!, token.count) == 0 }
    }
}

extension AppCall {
    /// The call's keyword.
    package var keyword: AppCallKeyword {
        switch self {
        case .requestWhenInUseAuthorization: return .requestWhenInUseAuthorization
        case .requestAlwaysAuthorization: return .requestAlwaysAuthorization
        case .requestTemporaryFullAccuracyAuthorization: return .requestTemporaryFullAccuracyAuthorization
        case .startUpdatingLocation: return .startUpdatingLocation
        case .stopUpdatingLocation: return .stopUpdatingLocation
        case .requestLocation: return .requestLocation
        case .startMonitoringSignificantLocationChanges: return .startMonitoringSignificantLocationChanges
        case .stopMonitoringSignificantLocationChanges: return .stopMonitoringSignificantLocationChanges
        case .startMonitoringVisits: return .startMonitoringVisits
        case .stopMonitoringVisits: return .stopMonitoringVisits
        case .startMonitoring: return .startMonitoring
        case .stopMonitoring: return .stopMonitoring
        case .requestState: return .requestState
        case .startRangingBeacons: return .startRangingBeacons
        case .stopRangingBeacons: return .stopRangingBeacons
        case .set: return .set
        case .addLocationNotification: return .addLocationNotification
        case .startUpdatingHeading: return .startUpdatingHeading
        case .stopUpdatingHeading: return .stopUpdatingHeading
        case .allowDeferredLocationUpdates: return .allowDeferredLocationUpdates
        case .disallowDeferredLocationUpdates: return .disallowDeferredLocationUpdates
        }
    }

    /// The call's name as a scenario writes it (`set <property>` for a property).
    var name: String {
        if case .set(let property) = self { return "set " + property.keyword.rawValue }
        return keyword.rawValue
    }
}

extension ManagerProperty {
    package var keyword: PropertyKeyword {
        switch self {
        case .allowsBackgroundLocationUpdates: return .allowsBackgroundLocationUpdates
        case .showsBackgroundLocationIndicator: return .showsBackgroundLocationIndicator
        case .pausesLocationUpdatesAutomatically: return .pausesLocationUpdatesAutomatically
        case .distanceFilter: return .distanceFilter
        case .desiredAccuracy: return .desiredAccuracy
        case .activityType: return .activityType
        case .headingFilter: return .headingFilter
        case .headingOrientation: return .headingOrientation
        }
    }

    var name: String { keyword.rawValue }
}
