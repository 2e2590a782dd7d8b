/// `CLAuthorizationStatus` as the log prints it (Swift case names).
public enum AuthorizationStatus: String, Equatable, Sendable, CaseIterable {
    /// `CLAuthorizationStatus` by its Swift case names, as `auth status=` and the delegate records print them.
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
    /// iOS 7 and earlier.
    case authorized
}

/// `CLAccuracyAuthorization` (iOS 14+), with its case names.
public enum AccuracyAuthorization: Hashable, Sendable {
    /// Full or reduced accuracy (Precise Location on or off); an `auth` record prints `full` or `reduced`.
    case fullAccuracy, reducedAccuracy

    /// The earlier spelling of `.fullAccuracy`.
    @available(*, deprecated, renamed: "fullAccuracy")
    public static var full: Self { .fullAccuracy }
    /// The earlier spelling of `.reducedAccuracy`.
    @available(*, deprecated, renamed: "reducedAccuracy")
    public static var reduced: Self { .reducedAccuracy }

    /// The word in an `auth` record: `full` or `reduced`.
    package var word: String { self == .fullAccuracy ? "full" : "reduced" }
    /// The Swift case name in a delegate record: `fullAccuracy` or `reducedAccuracy`.
    package var caseName: String { self == .fullAccuracy ? "fullAccuracy" : "reducedAccuracy" }
}

/// What the Settings app shows for the app (seed 001's table).
public enum SettingsDisplay: String, Equatable, Sendable, CaseIterable {
    /// What the Settings app shows: `none` (not asked yet), Never, Ask Next Time (after Allow Once too), While Using,
    /// Always.
    case none, never, askNextTime, whileUsing, always
}

/// `CLError` codes the rules produce.
public enum CLErrorCode: String, Equatable, Sendable, CaseIterable {
    // Swift's names (`CLError.Code`); the log prints the C names, the raw values.
    /// `CLError.Code.locationUnknown`: no location could be determined (`requestLocation` timed out, a `nofix`).
    case locationUnknown = "kCLErrorLocationUnknown"
    /// `CLError.Code.denied`: the app is not authorized for location.
    case denied = "kCLErrorDenied"
    /// `CLError.Code.regionMonitoringDenied`: region monitoring is not authorized.
    case regionMonitoringDenied = "kCLErrorRegionMonitoringDenied"
    /// `CLError.Code.regionMonitoringFailure`: a region could not be monitored (bad radius, too many regions).
    case regionMonitoringFailure = "kCLErrorRegionMonitoringFailure"
    /// `CLError.Code.rangingUnavailable`: ranging is unavailable (Apple: Airplane Mode, Bluetooth off); no v1 rule
    /// produces it.
    case rangingUnavailable = "kCLErrorRangingUnavailable"
    /// `CLError.Code.promptDeclined`: the temporary full-accuracy prompt was not shown or not granted.
    case promptDeclined = "kCLErrorPromptDeclined"
    /// `CLError.Code.headingFailure`: the heading could not be determined (`heading unavailable`).
    case headingFailure = "kCLErrorHeadingFailure"
    // Deferred updates (docs/rules.md §8, "Deferred updates"); CLError.h's comments.
    /// "Deferred mode failed".
    case deferredFailed = "kCLErrorDeferredFailed"
    /// "Deferred mode failed because location updates disabled or paused".
    case deferredNotUpdatingLocation = "kCLErrorDeferredNotUpdatingLocation"
    /// "Deferred mode not supported for the requested accuracy".
    case deferredAccuracyTooLow = "kCLErrorDeferredAccuracyTooLow"
    /// "Deferred mode does not support distance filters".
    case deferredDistanceFiltered = "kCLErrorDeferredDistanceFiltered"
    /// "Deferred mode request canceled a previous request".
    case deferredCanceled = "kCLErrorDeferredCanceled"
}

/// `CLRegionState`.
public enum RegionState: String, Equatable, Sendable, CaseIterable {
    /// `CLRegionState` as `didDetermineState` prints it: `inside`, `outside` or `unknown`.
    case inside, outside, unknown
}

/// The kinds of prompt the system shows.
public enum PromptKind: String, Equatable, Sendable, CaseIterable {
    /// The prompt words of `prompt show <prompt>`: When In Use, Always (iOS 11–12), the upgrade of provisional Always,
    /// temporary full accuracy (iOS 14+), the one prompt of iOS 6–7 and macOS (`legacy`), the Location Services alert.
    case whenInUse, always, upgrade, temporaryFullAccuracy, legacy, locationServices

    /// Whether `user dismiss` can take this prompt away: every kind but the
    /// Location Services alert, which takes no answer and blocks nothing
    /// (docs/rules.md §4); the switch in Settings answers it.
    package var dismissible: Bool { self != .locationServices }
}

/// Why the system launched or woke the app in the background.
public enum WakeReason: String, Equatable, Sendable, CaseIterable {
    /// The `reason=` of `app launch background` and `app wake`: the kind of event (`location`, `region`, `visit`, …).
    case location, region, visit, notification
}

/// Why the app stopped running.
public enum TerminateReason: String, Equatable, Sendable, CaseIterable {
    /// The `reason=` of `app terminate`: the user force-quit it, the system ended it, it crashed.
    case user, system, crash
    /// The device restarted (`system reboot`, docs/rules.md §2).
    case reboot
}

/// Why in use began.
public enum InUseBeginReason: String, Equatable, Sendable, CaseIterable {
    /// The `reason=` of `inuse begin`: the app came to the foreground, or a background location session began.
    case foreground, backgroundSession
}

/// Why in use ended.
public enum InUseEndReason: String, Equatable, Sendable, CaseIterable {
    /// The `reason=` of `inuse end`: the grace period ran out, the background session ended, the app ended.
    case graceExpired, sessionEnded, terminated
}

/// Why an event was held rather than delivered.
public enum HoldReason: String, Equatable, Sendable, CaseIterable {
    /// Provisional Always: a monitoring event waits for the upgrade prompt (docs/rules.md §6).
    case provisionalAlways
    /// `CLMonitor`: the event waits until the app opens the monitor it belongs to (docs/modern.md).
    case monitorNotOpen
    /// A standard update queued for a suspended app, delivered when it next runs.
    case suspended
    /// A `liveUpdates` fix for a relaunched app that has not iterated
    /// `liveUpdates` again yet; yielded, with its own time, when it does (docs/modern.md M10).
    case notRestarted
    /// A fix a deferral of updates keeps in the background, delivered with
    /// the others in one call when it ends (docs/rules.md §8, "Deferred updates").
    case deferred
}

/// Why an event was not delivered.
///
/// A struct over a package enum (evolution policy, Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md
/// "Stability"): a reason added in a later version does not break client
/// code, which compares with the static members (`reason == .notInUse`) and
/// reads `rawValue`, the word the log prints.
public struct DropReason: Hashable, Sendable, CustomStringConvertible {
    package enum Code: String, CaseIterable, Sendable {
        case notInUse, notAuthorized, reducedAccuracy, suspended, superseded, stale, keptWhileUsing, unavailable,
            notImplemented, distanceFilter, forceQuit, notRunning, serviceSessionRequired, stationary, eventPending,
            conditionLimitExceeded, lessAccurate, stopped, paused, reducedInterval, notRestarted, locationUnavailable,
            headingFilter, beforeFirstUnlock, backgroundTimeLimit
    }

    package let code: Code

    @inline(__always)
    package init(_ code: Code) { self.code = code }

    /// The reason the log prints.
    public init?(rawValue: String) {
        guard let code = Code(rawValue: rawValue) else { return nil }
        self.code = code
    }

    /// The word the log prints: `notInUse`, `suspended`, …
    public var rawValue: String { code.rawValue }
    public var description: String { code.rawValue }

    /// Every reason of this version, in the order of docs/rules.md's table.
    public static var allCases: [DropReason] { Code.allCases.map(DropReason.init) }

    /// When In Use (iOS 13+): the app is not in the foreground, past its grace, with no background session.
    public static let notInUse = DropReason(.notInUse)
    /// Status not determined, denied or restricted, or Location Services off.
    public static let notAuthorized = DropReason(.notAuthorized)
    /// Precise Location is off: regions, ranging and `CLMonitor` get nothing (docs/rules.md §10).
    public static let reducedAccuracy = DropReason(.reducedAccuracy)
    /// The app is suspended and this service does not wake it (docs/rules.md §2).
    public static let suspended = DropReason(.suspended)
    /// A newer held event for the same region (significant change, visit, condition) replaced this one.
    public static let superseded = DropReason(.superseded)
    /// A held event older than `heldEventMaxAge` when the user picked Always (docs/rules.md §6).
    public static let stale = DropReason(.stale)
    /// A held event when the user kept While Using at the upgrade prompt (docs/rules.md §6).
    public static let keptWhileUsing = DropReason(.keptWhileUsing)
    /// When In Use before iOS 13 cannot receive monitoring events (docs/rules.md §8).
    public static let unavailable = DropReason(.unavailable)
    /// The `delegate` header omits the method the callback needs.
    public static let notImplemented = DropReason(.notImplemented)
    /// Closer than `distanceFilter` to the last delivered location (an addition to SPEC §2, see README).
    public static let distanceFilter = DropReason(.distanceFilter)
    /// The user force-quit the app and this version does not relaunch it (Apple, startMonitoringSignificantLocationChanges; an addition).
    public static let forceQuit = DropReason(.forceQuit)
    /// The app is not running and the system never launches it for this event (an addition).
    public static let notRunning = DropReason(.notRunning)
    /// iOS 18: the app sets `NSLocationRequireExplicitServiceSession` and holds no
    /// `CLServiceSession` that meets it (docs/modern.md).
    public static let serviceSessionRequired = DropReason(.serviceSessionRequired)
    /// `CLLocationUpdate`: the device is stationary and updates are paused until it moves (docs/modern.md).
    public static let stationary = DropReason(.stationary)
    /// `CLMonitor`: an event of this condition waits for the app to open its
    /// monitor, and the condition is not monitored meanwhile (docs/modern.md).
    public static let eventPending = DropReason(.eventPending)
    /// `CLMonitor`: the app monitors more conditions of this type than
    /// `monitorConditionLimit` (docs/modern.md).
    public static let conditionLimitExceeded = DropReason(.conditionLimitExceeded)
    /// `requestLocation` kept a more accurate fix seen earlier (docs/rules.md §8).
    public static let lessAccurate = DropReason(.lessAccurate)
    /// The app stopped the service before the fix was delivered (docs/rules.md §8).
    public static let stopped = DropReason(.stopped)
    /// Standard updates are paused automatically (docs/rules.md §8).
    public static let paused = DropReason(.paused)
    /// Reduced accuracy delivers a location at most once per `reducedInterval`,
    /// and one was delivered less than that ago (docs/rules.md §10). Apart
    /// from `reducedAccuracy`, which is a service reduced accuracy does not
    /// deliver at all, so a log says which of the two withheld an event.
    public static let reducedInterval = DropReason(.reducedInterval)
    /// `liveUpdates`: the relaunched app was suspended without iterating
    /// `liveUpdates` again, so the fixes held for it are lost (docs/modern.md M10).
    public static let notRestarted = DropReason(.notRestarted)
    /// A fix line inside a `nofix … until` window: the device did not sense
    /// it; or a `didFailWithError` the app could not receive then (docs/rules.md §8, "No fix").
    public static let locationUnavailable = DropReason(.locationUnavailable)
    /// A heading within `headingFilter` of the last delivered one (docs/rules.md §8, "Heading").
    public static let headingFilter = DropReason(.headingFilter)
    /// A monitoring event that would relaunch the app before the device was
    /// first unlocked since a reboot (docs/rules.md §2, "Reboot").
    public static let beforeFirstUnlock = DropReason(.beforeFirstUnlock)
    /// A beacon sighting after ranging's time in the background ran out:
    /// `backgroundRangingLimit` since the app began running there, with no
    /// background location session (docs/rules.md §8, "Ranging").
    public static let backgroundTimeLimit = DropReason(.backgroundTimeLimit)
}
