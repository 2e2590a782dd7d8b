/// The app's location authorization as the system holds it, and what each
/// part of the system reads from it (docs/rules.md §4–§7, §10; seed 001's table).
///
/// The grant is one enum whose cases carry only what exists with them:
/// Allow Once is a kind of When In Use, provisional a kind of Always, and
/// temporary full accuracy refines an authorized grant only.
package struct Authorization: Hashable, Sendable {
    /// What the user granted.
    package enum Access: Hashable, Sendable {
        /// Never asked: Settings shows nothing.
        case notDetermined
        /// Asked before and undecided again (Settings: Ask Next Time); the status reads `notDetermined`.
        case askNextTime
        case denied
        case whenInUse(WhenInUse, TemporaryPrecision)
        case always(Always, TemporaryPrecision)
    }

    /// How long When In Use lasts.
    package enum WhenInUse: Hashable, Sendable {
        /// Until the user changes it.
        case standing
        /// Allow Once: until in use ends (§7).
        case once
    }

    /// Whether Always is confirmed or only provisional (§6).
    package enum Always: Hashable, Sendable {
        case confirmed
        /// The status reads `authorizedAlways`; delivery follows When In Use.
        case provisional
    }

    /// Full accuracy granted once by `requestTemporaryFullAccuracyAuthorization` (§10).
    package enum TemporaryPrecision: Hashable, Sendable {
        case none
        case fullUntilInUseEnds
    }

    /// The grant, reduced to its four levels (tests and the Settings display read it).
    package enum Grant: Hashable, Sendable {
        case notDetermined, denied, whenInUse, always
    }

    /// The level the delivery rules work with (docs/rules.md §8's rows).
    package enum Level: Hashable, Sendable {
        case none, whenInUse, always
    }

    package var access = Access.notDetermined
    /// The Precise switch is off (iOS 14+).
    package var reducedAccuracy = false
    /// Location Services are off for the whole device.
    package var locationServicesOff = false
    /// Screen Time or a profile restricts location.
    package var restricted = false

    package init() {}

    package var grant: Grant {
        switch access {
        case .notDetermined, .askNextTime: return .notDetermined
        case .denied: return .denied
        case .whenInUse: return .whenInUse
        case .always: return .always
        }
    }

    /// Allow Once.
    package var temporary: Bool {
        access == .whenInUse(.once, .none) || access == .whenInUse(.once, .fullUntilInUseEnds)
    }

    /// Provisional Always.
    package var provisional: Bool {
        if case .always(.provisional, _) = access { return true }
        return false
    }

    package var temporaryFullAccuracy: Bool {
        switch access {
        case .whenInUse(_, let p), .always(_, let p): return p == .fullUntilInUseEnds
        case .notDetermined, .askNextTime, .denied: return false
        }
    }

    /// The same grant with temporary full accuracy on or off; nothing for an unauthorized app.
    mutating func setTemporaryFullAccuracy(_ on: Bool) {
        let p: TemporaryPrecision = on ? .fullUntilInUseEnds : .none
        switch access {
        case .whenInUse(let w, _): access = .whenInUse(w, p)
        case .always(let a, _): access = .always(a, p)
        case .notDetermined, .askNextTime, .denied: break
        }
    }

    /// Temporary full accuracy carried over to a new authorized grant (a
    /// Settings or upgrade change keeps it; §10, choice).
    var precision: TemporaryPrecision { temporaryFullAccuracy ? .fullUntilInUseEnds : .none }

    /// `CLAuthorizationStatus` as the app reads it on `platform`.
    package func status(on platform: RulesVersion) -> AuthorizationStatus {
        if restricted { return .restricted }
        if locationServicesOff { return .denied }
        switch access {
        case .notDetermined, .askNextTime: return .notDetermined
        case .denied: return .denied
        case .whenInUse, .always:
            if platform.legacy { return .authorized }
            if platform.isMac { return .authorizedAlways }
            return grant == .always ? .authorizedAlways : .authorizedWhenInUse
        }
    }

    /// What the Settings app shows.
    package var settings: SettingsDisplay {
        switch access {
        case .notDetermined: return .none
        case .askNextTime, .whenInUse(.once, _): return .askNextTime
        case .denied: return .never
        case .whenInUse(.standing, _), .always(.provisional, _): return .whileUsing
        case .always(.confirmed, _): return .always
        }
    }

    /// `CLAccuracyAuthorization`; always full before iOS 14.
    package func accuracy(on platform: RulesVersion) -> AccuracyAuthorization {
        platform.hasAccuracy && reducedAccuracy && !temporaryFullAccuracy ? .reducedAccuracy : .fullAccuracy
    }

    /// The level delivery follows.
    package var level: Level {
        if restricted || locationServicesOff { return .none }
        switch access {
        case .notDetermined, .askNextTime, .denied: return .none
        case .whenInUse, .always(.provisional, _): return .whenInUse
        case .always(.confirmed, _): return .always
        }
    }

    /// The `auth` record.
    package func view(on platform: RulesVersion) -> AuthView {
        AuthView(
            status: status(on: platform), settings: settings, accuracy: accuracy(on: platform),
            provisional: provisional, temporary: temporary || temporaryFullAccuracy)
    }
}

extension AuthorizationStatus {
    /// Denied (by the user or with Location Services off) or restricted.
    var deniesAccess: Bool { self == .denied || self == .restricted }
}
