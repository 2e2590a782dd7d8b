/// The app's location authorization as the system holds it, and what each
/// part of the system reads from it (RULES §4–§7, §10; seed 001's table).
public struct Authorization: Equatable, Sendable {
    /// What the user granted.
    public enum Grant: Equatable, Sendable {
        case notDetermined, denied, whenInUse, always
    }

    /// The level the delivery rules work with (RULES §8's rows).
    public enum Level: Equatable, Sendable {
        case none, whenInUse, always
    }

    public var grant = Grant.notDetermined
    /// Provisional Always: the status reads `authorizedAlways`, delivery follows When In Use (§6).
    public var provisional = false
    /// Allow Once: When In Use until in use ends (§7).
    public var temporary = false
    /// The app was asked before (Settings shows Ask Next Time rather than nothing).
    public var askedBefore = false
    /// The Precise switch is off (iOS 14+).
    public var reducedAccuracy = false
    /// Full accuracy granted once by `requestTemporaryFullAccuracyAuthorization` (§10).
    public var temporaryFullAccuracy = false
    public var locationServicesOff = false
    public var restricted = false

    public init() {}

    /// `CLAuthorizationStatus` as the app reads it on `platform`.
    public func status(on platform: RulesVersion) -> AuthorizationStatus {
        if restricted { return .restricted }
        if locationServicesOff { return .denied }
        switch grant {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .whenInUse, .always:
            if platform.legacy { return .authorized }
            if platform.isMac { return .authorizedAlways }
            return grant == .always ? .authorizedAlways : .authorizedWhenInUse
        }
    }

    /// What the Settings app shows.
    public var settings: SettingsDisplay {
        switch grant {
        case .notDetermined: return askedBefore ? .askNextTime : .none
        case .denied: return .never
        case .whenInUse: return temporary ? .askNextTime : .whileUsing
        case .always: return provisional ? .whileUsing : .always
        }
    }

    /// `CLAccuracyAuthorization`; always full before iOS 14.
    public func accuracy(on platform: RulesVersion) -> AccuracyAuthorization {
        platform.hasAccuracy && reducedAccuracy && !temporaryFullAccuracy ? .reduced : .full
    }

    /// The level delivery follows.
    public var level: Level {
        if restricted || locationServicesOff { return .none }
        switch grant {
        case .notDetermined, .denied: return .none
        case .whenInUse: return .whenInUse
        case .always: return provisional ? .whenInUse : .always
        }
    }

    /// The `auth` record.
    public func view(on platform: RulesVersion) -> AuthView {
        AuthView(
            status: status(on: platform), settings: settings, accuracy: accuracy(on: platform),
            provisional: provisional && grant == .always, temporary: (temporary && grant == .whenInUse) || temporaryFullAccuracy)
    }
}
