/// Which calls exist on which platform (docs/rules.md §1, Apple, SDK availability). A call that does
/// not exist is a scenario error naming the platform.
///
/// The `default:` branches below are deliberate: each platform lists the few
/// calls it lacks, and every other call (with any arguments) is available.
enum Availability {
    /// Why `call` cannot be made on `rules`' platform, or nil when it can.
    static func problem(_ call: AppCall, on rules: RulesVersion) -> String? {
        let platform = rules.platform
        let name = call.name
        func missing(_ why: String) -> String { "\(name) is not available on \(platform): \(why)" }
        func since(_ major: Int, _ minor: Int = 0) -> String? {
            guard !rules.atLeast(major, minor) else { return nil }
            let version = minor == 0 ? "\(major).0" : "\(major).\(minor)"
            return missing("it was introduced in iOS \(version)")
        }
        switch platform.os {
        case .tvOS:
            switch call {
            case .requestAlwaysAuthorization, .startUpdatingLocation, .stopUpdatingLocation,
                .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
                .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring, .requestState,
                .startRangingBeacons, .stopRangingBeacons, .addLocationNotification,
                .set(.allowsBackgroundLocationUpdates), .set(.showsBackgroundLocationIndicator),
                .set(.pausesLocationUpdatesAutomatically):
                return missing("tvOS offers When In Use authorization and requestLocation only")
            default: break
            }
        case .watchOS:
            switch call {
            case .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
                .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring, .requestState,
                .startRangingBeacons, .stopRangingBeacons, .set(.showsBackgroundLocationIndicator):
                return missing("watchOS has no significant-change, region, visit monitoring or ranging")
            default: break
            }
        case .macOS:
            switch call {
            case .startMonitoringVisits, .stopMonitoringVisits, .startRangingBeacons, .stopRangingBeacons,
                .set(.allowsBackgroundLocationUpdates), .set(.showsBackgroundLocationIndicator):
                return missing("macOS apps are never suspended and have no visit monitoring or ranging")
            case .addLocationNotification:
                return missing("UNLocationNotificationTrigger is unavailable on macOS")
            default: break
            }
            // macOS's own introductions (SDK availability), not iOS's.
            func sinceMac(_ major: Int, _ minor: Int) -> String? {
                platform.atLeast(major, minor) ? nil : missing("it was introduced in macOS \(major).\(minor)")
            }
            switch call {
            case .requestWhenInUseAuthorization, .requestAlwaysAuthorization: return sinceMac(10, 15)
            case .requestLocation: return sinceMac(10, 14)
            case .requestTemporaryFullAccuracyAuthorization, .set(.desiredAccuracy(.reduced)): return sinceMac(11, 0)
            default: return nil
            }
        case .iOS, .iPadOS:
            break
        }
        switch call {
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .startMonitoringVisits, .stopMonitoringVisits:
            return since(8)
        case .requestLocation, .set(.allowsBackgroundLocationUpdates): return since(9)
        case .addLocationNotification: return since(10)
        case .set(.showsBackgroundLocationIndicator): return since(11)
        case .startRangingBeacons, .stopRangingBeacons: return since(7)
        case .requestTemporaryFullAccuracyAuthorization, .set(.desiredAccuracy(.reduced)): return since(14)
        default: return nil
        }
    }
}
