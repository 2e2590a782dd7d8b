/// What a team asks of a suite, in the rule book's words ("does any
/// scenario let the grace period end in the background?"): each feature is
/// read from the records one replay produced (`CoverageWriter`), and the
/// coverage report leads with those no scenario exercised (docs/coverage.md).
enum CoverageFeature: Int, CaseIterable, Comparable, Sendable {
    case graceEnds, backgroundSession, relaunchForLocation, relaunchForRegion, wake, forceQuit
    case locationServicesAlert, provisionalHold, provisionalOnIOS13, allowOnceExpires, heldWhileSuspended
    case reducedAccuracyRegion

    /// The words the report prints.
    var words: String {
        switch self {
        case .graceEnds: "the grace period ending in the background"
        case .backgroundSession: "a background session keeping the app in use"
        case .relaunchForLocation: "a relaunch for a location event"
        case .relaunchForRegion: "a relaunch for a region event"
        case .wake: "a suspended app woken for an event"
        case .forceQuit: "a force-quit app"
        case .locationServicesAlert: "the Location Services alert"
        case .provisionalHold: "provisional Always holding an event"
        case .provisionalOnIOS13: "provisional Always on iOS 13"
        case .allowOnceExpires: "Allow Once expiring"
        case .heldWhileSuspended: "an update held for a suspended app"
        case .reducedAccuracyRegion: "reduced accuracy with region monitoring"
        }
    }

    /// The rule book's section that says how it goes.
    var section: String {
        switch self {
        case .graceEnds, .backgroundSession: "§3"
        case .relaunchForLocation, .relaunchForRegion, .wake, .forceQuit: "§2"
        case .locationServicesAlert: "§4"
        case .provisionalHold, .provisionalOnIOS13: "§6"
        case .allowOnceExpires: "§7"
        case .heldWhileSuspended: "§8"
        case .reducedAccuracyRegion: "§10"
        }
    }

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
