/// Which calls exist on which platform (docs/rules.md §1, Apple, SDK
/// availability). A call that does not exist is a scenario error naming the
/// platform. One exhaustive table over the calls and the property keywords
/// (`PropertyKeyword`): a new call must say where it exists.
enum Availability {
    /// Where one call exists.
    struct Support: Equatable {
        /// The iOS version that introduced it (tvOS and watchOS through their
        /// iOS numbers, docs/rules.md §1); nil: every version locsim simulates.
        var iOS: (major: Int, minor: Int)? = nil
        var macOS = Mac.available
        var tvOS = true
        var watchOS = true
        /// Mac Catalyst and visionOS (an iPhone or iPad app there) follow
        /// iOS's availability, save what Apple lists for neither.
        var catalystAndVisionOS = true

        enum Mac: Equatable {
            case available
            case since(major: Int, minor: Int)
            /// Never suspended, so no background-location properties; no visits or ranging.
            case unavailable
            /// `UNLocationNotificationTrigger` does not exist on macOS.
            case noLocationNotifications
        }

        static func == (a: Support, b: Support) -> Bool {
            a.iOS?.major == b.iOS?.major && a.iOS?.minor == b.iOS?.minor && a.macOS == b.macOS && a.tvOS == b.tvOS
                && a.watchOS == b.watchOS && a.catalystAndVisionOS == b.catalystAndVisionOS
        }
    }

    static let tvOSReason = "tvOS offers When In Use authorization and requestLocation only"
    static let watchOSReason = "watchOS has no significant-change, region, visit monitoring or ranging"
    static let macOSReason = "macOS apps are never suspended and have no visit monitoring or ranging"
    static let macOSNotificationReason = "UNLocationNotificationTrigger is unavailable on macOS"
    static let catalystAndVisionOSNotificationReason =
        "UNLocationNotificationTrigger exists on iOS, iPadOS and watchOS only"

    /// Where `call` exists: by its keyword, and for `set desiredAccuracy reduced` by its value.
    static func support(_ call: AppCall) -> Support {
        switch call {
        case .requestWhenInUseAuthorization:
            return Support(iOS: (8, 0), macOS: .since(major: 10, minor: 15))
        case .requestAlwaysAuthorization:
            return Support(iOS: (8, 0), macOS: .since(major: 10, minor: 15), tvOS: false)
        case .requestTemporaryFullAccuracyAuthorization:
            return Support(iOS: (14, 0), macOS: .since(major: 11, minor: 0))
        case .startUpdatingLocation, .stopUpdatingLocation:
            return Support(tvOS: false)
        case .requestLocation:
            return Support(iOS: (9, 0), macOS: .since(major: 10, minor: 14))
        case .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges, .startMonitoring,
            .stopMonitoring, .requestState:
            return Support(tvOS: false, watchOS: false)
        case .startMonitoringVisits, .stopMonitoringVisits:
            return Support(iOS: (8, 0), macOS: .unavailable, tvOS: false, watchOS: false)
        case .startRangingBeacons, .stopRangingBeacons:
            return Support(iOS: (7, 0), macOS: .unavailable, tvOS: false, watchOS: false)
        case .addLocationNotification:
            // Apple's availability for UNLocationNotificationTrigger: "iOS 10.0+, iPadOS 10.0+, watchOS 3.0+".
            return Support(iOS: (10, 0), macOS: .noLocationNotifications, tvOS: false, catalystAndVisionOS: false)
        case .startUpdatingHeading, .stopUpdatingHeading:
            // iOS 3, macOS 10.15, watchOS 2, not tvOS (Apple, startUpdatingHeading()).
            return Support(macOS: .since(major: 10, minor: 15), tvOS: false)
        case .allowDeferredLocationUpdates, .disallowDeferredLocationUpdates:
            // iOS 6 (deprecated from 13), macOS 10.15 (deprecated there), not
            // tvOS or watchOS (Apple, allowDeferredLocationUpdates(untilTraveled:timeout:)).
            return Support(iOS: (6, 0), macOS: .since(major: 10, minor: 15), tvOS: false, watchOS: false)
        case .set(let property):
            return support(property)
        }
    }

    static func support(_ property: ManagerProperty) -> Support {
        switch property.keyword {
        case .allowsBackgroundLocationUpdates:
            return Support(iOS: (9, 0), macOS: .unavailable, tvOS: false)
        case .showsBackgroundLocationIndicator:
            return Support(iOS: (11, 0), macOS: .unavailable, tvOS: false, watchOS: false)
        case .pausesLocationUpdatesAutomatically:
            return Support(tvOS: false)
        case .distanceFilter:
            return Support()
        case .desiredAccuracy:
            // `kCLLocationAccuracyReduced` came with accuracy authorization.
            guard property == .desiredAccuracy(.reduced) else { return Support() }
            return Support(iOS: (14, 0), macOS: .since(major: 11, minor: 0))
        case .activityType:
            // The property: iOS 6, macOS 10.15, not tvOS; `airborne`: iOS 12 (SDK availability).
            guard property == .activityType(.airborne) else {
                return Support(iOS: (6, 0), macOS: .since(major: 10, minor: 15), tvOS: false)
            }
            return Support(iOS: (12, 0), macOS: .since(major: 10, minor: 15), tvOS: false)
        case .headingFilter, .headingOrientation:
            // As the heading service (Apple, headingFilter).
            return Support(macOS: .since(major: 10, minor: 15), tvOS: false)
        }
    }

    /// Why `call` cannot be made on `rules`' platform, or nil when it can.
    static func problem(_ call: AppCall, on rules: RulesVersion) -> String? {
        problem(call.name, support(call), on: rules)
    }

    /// Why `name`, which exists where `support` says, cannot be used on
    /// `rules`' platform, or nil; `reason` replaces the platforms' own reasons.
    static func problem(_ name: String, _ support: Support, on rules: RulesVersion, reason: String? = nil) -> String? {
        let platform = rules.platform
        func missing(_ why: String) -> String { "\(name) is not available on \(platform): \(reason ?? why)" }
        switch platform.os {
        case .tvOS:
            if !support.tvOS { return missing(tvOSReason) }
        case .watchOS:
            if !support.watchOS { return missing(watchOSReason) }
        case .macOS:
            // macOS's own introductions (SDK availability), not iOS's.
            switch support.macOS {
            case .available: return nil
            case .unavailable: return missing(macOSReason)
            case .noLocationNotifications: return missing(macOSNotificationReason)
            case .since(let major, let minor):
                return platform.atLeast(major, minor)
                    ? nil : "\(name) is not available on \(platform): it was introduced in macOS \(major).\(minor)"
            }
        case .visionOS, .macCatalyst:
            if !support.catalystAndVisionOS { return missing(catalystAndVisionOSNotificationReason) }
        case .iOS, .iPadOS:
            break
        }
        guard let (major, minor) = support.iOS, !rules.atLeast(major, minor) else { return nil }
        return "\(name) is not available on \(platform): it was introduced in iOS \(major).\(minor)"
    }
}
